"""Are Bato's auction sums well placed? A medium player whose sums to say juego and to
accompany are shifted (``declare.BATO_JUEGO`` and ``BATO_ACOMPANO`` plus the shift) plays
against medium players (or, ``--others hard``, hard players searching ``--guesses`` deals a
decision) on duplicate deals; each shift prints that player's chips a hand over the others,
with a 95% interval resampling whole deals. Sums at a local best show no shift gaining past
the noise against either: a shift that gains against medium alone only exploits medium's
own sums (with 3 players, accompanying every hand gains 0.6 chips a hand against medium
declarers, and hard declarers punish it).

    PYTHONPATH=. python benchmarks/bato_auction.py [--players 3,4,5,6] [--hands 4000]
        [--seed 5] [--shifts 0.1:0 -0.1:0 0:0.1 0:-0.1] [--others medium|hard]
        [--guesses 48] [--jobs 1]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from ai_strength import JOBS_HELP, deal_rows, factory, interval, measure_for

from tute.ai import Player, make_player
from tute.ai.declare import BATO_ACOMPANO, BATO_JUEGO, bato_tricks, decide
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
            need = (BATO_JUEGO + self.juego if yes == JUEGO
                    else BATO_ACOMPANO + self.acompano)
            verb = yes if bato_tricks(obs) >= need else PASS
            return next(a for a in choices if a.verb == verb)
        return decide(obs, choices, rng)


def margin(players: int, juego: float, acompano: float, hands: int, seed: int,
           others: str = "medium", guesses: int = 48, jobs: int = 1
           ) -> tuple[float, float, float]:
    """The shifted player's chips a hand over the other seats, with its interval."""
    rules = load_ruleset("bato")
    options = rules.resolve({"players": players})
    _, measure = measure_for(Game(rules, options))
    seat = factory(1.0, guesses)

    def build(level: str, s: int, game: Game) -> Player:
        return ShiftedBato(s, juego, acompano) if level == "shifted" else seat(level, s, game)

    sim = Simulation(rules, options, ["shifted"] + [others] * (players - 1), seed=seed,
                     duplicate=True, factory=build, measure=measure)
    sim.run_hands(hands, jobs)
    return interval(list(deal_rows(sim.stats, False, False).values()), False,
                    random.Random(seed))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", default="3,4,5,6")
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--shifts", nargs="*", default=["0.1:0", "-0.1:0", "0:0.1", "0:-0.1"],
                        help="JUEGO:ACOMPANO shifts of the sums")
    parser.add_argument("--others", choices=["medium", "hard"], default="medium")
    parser.add_argument("--guesses", type=int, default=48,
                        help="the hard seats' deals searched a decision")
    parser.add_argument("--jobs", type=int, default=1, help=JOBS_HELP)
    args = parser.parse_args(argv)
    for players in (int(n) for n in args.players.split(",")):
        for shift in args.shifts:
            juego, acompano = (float(x) for x in shift.split(":"))
            value, low, high = margin(players, juego, acompano, args.hands, args.seed,
                                      args.others, args.guesses, args.jobs)
            print(f"bato {players} against {args.others}, juego {juego:+.2f}, "
                  f"acompano {acompano:+.2f}: "
                  f"{value:+.3f} chips a hand [{low:+.3f}, {high:+.3f}]")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
