"""Are Bato's auction sums well placed? Two ways to ask, on duplicate deals, each printing
chips a hand with a 95% interval that resamples whole deals:

- A medium player whose sums to say juego and to accompany are shifted
  (``declare.BATO_JUEGO`` and ``BATO_ACOMPANO`` plus the shift) plays against medium
  players (or, ``--others hard``, hard players searching ``--guesses`` deals a decision):
  that player's chips a hand over the others. Against medium, sums at a local best show no
  shift gaining past the noise. Against hard it is biased: the hard players read the
  shifted player's juego and acompaño (in their reading and their searched auction) as if
  made at the unshifted sums.
- ``--world``: the sums shifted for every player and every model of a player at once (the
  module's sums, for the run), and a medium player among ``--others``: how much the shift
  moves his chips a hand, paired against the same deals at the current sums. This is the
  fair check against hard. With three players, declaring only strong hands (1.3) and
  accompanying every one is how medium players best answer each other, yet among hard
  players (everyone so shifted) a medium seat then lost 1.11 chips a hand more [0.69, 1.60]
  (800 hands): hard declares the hands that punish it.

    PYTHONPATH=. python benchmarks/bato_auction.py [--players 3,4,5,6] [--hands 4000]
        [--seed 5] [--shifts 0.1:0 -0.1:0 0:0.1 0:-0.1] [--others medium|hard|easy] [--world]
        [--guesses 48] [--jobs 1]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from ai_strength import JOBS_HELP, Rows, deal_rows, factory, interval, measure_for, paired

import tute.ai.declare as declare
from tute.ai import Player, make_player
from tute.ai.declare import bato_tricks, decide
from tute.engine import Action, Game, Observation
from tute.engine.actions import ACOMPANO, JUEGO, PASS
from tute.rules import load_ruleset
from tute.simulate import Simulation


class ShiftedBato(Player):
    """The medium player, with its Bato sums moved by ``juego`` and ``acompano``."""

    level = "shifted"

    def __init__(self, seed: int, juego: float, acompano: float) -> None:
        super().__init__(seed)
        self.medium = make_player("medium", seed)
        self.juego, self.acompano = juego, acompano

    def sing(self, obs: Observation, sings: list[Action], rng: random.Random
             ) -> Action | None:
        return self.medium.sing(obs, sings, rng)

    def play(self, obs: Observation, plays: list[Action], rng: random.Random) -> Action:
        return self.medium.play(obs, plays, rng)

    def declare(self, obs: Observation, choices: list[Action], rng: random.Random) -> Action:
        verbs = {a.verb for a in choices}
        if ACOMPANO in verbs or JUEGO in verbs:
            yes = ACOMPANO if ACOMPANO in verbs else JUEGO
            need = (declare.BATO_JUEGO + self.juego if yes == JUEGO
                    else declare.BATO_ACOMPANO + self.acompano)
            verb = yes if bato_tricks(obs) >= need else PASS
            return next(a for a in choices if a.verb == verb)
        return decide(obs, choices, rng)


def rows(players: int, first: str, others: str, hands: int, seed: int, guesses: int,
         jobs: int, shift: tuple[float, float] = (0.0, 0.0)) -> Rows:
    """Per deal, the ``first`` seat's chips and the others' (``shifted``: a medium player
    with its sums moved by ``shift``)."""
    rules = load_ruleset("bato")
    options = rules.resolve({"players": players})
    _, measure = measure_for(Game(rules, options))
    seat = factory(1.0, guesses)

    def build(level: str, s: int, game: Game) -> Player:
        return ShiftedBato(s, *shift) if level == "shifted" else seat(level, s, game)

    sim = Simulation(rules, options, [first] + [others] * (players - 1), seed=seed,
                     duplicate=True, factory=build, measure=measure)
    sim.run_hands(hands, jobs)
    return deal_rows(sim.stats, False, False)


@contextmanager
def world(juego: float, acompano: float) -> Iterator[None]:
    """Bato's sums moved for everyone (players and the search's models of them) while the
    block runs; the runs' forked processes inherit them."""
    sums = declare.BATO_JUEGO, declare.BATO_ACOMPANO
    declare.BATO_JUEGO, declare.BATO_ACOMPANO = sums[0] + juego, sums[1] + acompano
    try:
        yield
    finally:
        declare.BATO_JUEGO, declare.BATO_ACOMPANO = sums


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", default="3,4,5,6")
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--shifts", nargs="*", default=["0.1:0", "-0.1:0", "0:0.1", "0:-0.1"],
                        help="JUEGO:ACOMPANO shifts of the sums")
    parser.add_argument("--others", choices=["medium", "hard", "easy"], default="medium")
    parser.add_argument("--world", action="store_true",
                        help="shift every player's sums; a medium seat's change, paired")
    parser.add_argument("--guesses", type=int, default=48,
                        help="the hard seats' deals searched a decision")
    parser.add_argument("--jobs", type=int, default=1, help=JOBS_HELP)
    args = parser.parse_args(argv)
    if args.world and args.others == "medium":
        parser.error("--world moves a medium seat's sums with everyone's: seat it among "
                     "--others hard or easy")
    for players in (int(n) for n in args.players.split(",")):
        base = (rows(players, "medium", args.others, args.hands, args.seed, args.guesses,
                     args.jobs) if args.world else {})
        for shift in args.shifts:
            juego, acompano = (float(x) for x in shift.split(":"))
            rng = random.Random(args.seed)
            if args.world:
                with world(juego, acompano):
                    moved = rows(players, "medium", args.others, args.hands, args.seed,
                                 args.guesses, args.jobs)
                value, low, high, _ = paired(base, moved, False, rng)
                what = "a medium seat's change, everyone shifted"
            else:
                value, low, high = interval(list(rows(
                    players, "shifted", args.others, args.hands, args.seed, args.guesses,
                    args.jobs, (juego, acompano)).values()), False, rng)
                what = "the shifted seat over the others"
            print(f"bato {players} against {args.others}, juego {juego:+.2f}, "
                  f"acompano {acompano:+.2f}: {what} "
                  f"{value:+.3f} chips a hand [{low:+.3f}, {high:+.3f}]")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
