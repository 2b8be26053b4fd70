"""Are the auction sums of a game whose players say juego on the tricks a hand promises
(Bato, Julepe: the ruleset's ``juego_sums``) well placed? Two ways to ask, on duplicate
deals, each printing chips a hand with a 95% interval that resamples whole deals:

- A medium player whose sums to say juego and to accompany are shifted (the file's
  ``juego_sums`` plus the shift, in tricks) plays against medium players (or, ``--others
  hard``, hard players searching ``--guesses`` deals a decision): that player's chips a
  hand over the others. Against medium, sums at a local best show no shift gaining past the
  noise. Against hard it is biased: the hard players read the shifted player's juego and
  acompaño (in their reading and their searched auction) as if made at the unshifted sums.
- ``--world``: the sums shifted for every player and every model of a player at once (the
  game played under a ruleset with the shifted sums), and a medium player among
  ``--others``: how much the shift moves his chips a hand, paired against the same deals at
  the file's sums. This is the fair check against hard. In Bato with three players,
  declaring only strong hands (1.3) and accompanying every one is how medium players best
  answer each other, yet among hard players (everyone so shifted) a medium seat then lost
  1.11 chips a hand more [0.69, 1.60] (800 hands): hard declares the hands that punish it.

A game without acompaño (Julepe) takes the juego shift alone (``J:0``).

    PYTHONPATH=. python benchmarks/bato_auction.py [--game bato] [--players 3,4,5,6]
        [--hands 4000] [--seed 5] [--shifts 0.1:0 -0.1:0 0:0.1 0:-0.1]
        [--others medium|hard|easy] [--world] [--guesses 48] [--jobs 1]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from collections.abc import Sequence

from ai_strength import JOBS_HELP, Rows, deal_rows, factory, interval, measure_for, paired

from tute.ai import Player, make_player
from tute.ai.declare import bato_tricks, decide, sum_needed
from tute.engine import Action, Game, Observation
from tute.engine.actions import ACOMPANO, JUEGO, PASS
from tute.rules import load_ruleset
from tute.rules.ruleset import Chosen, RuleSet
from tute.simulate import Simulation


class ShiftedSums(Player):
    """The medium player, with its sums moved by ``juego`` and ``acompano`` tricks."""

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
            need = sum_needed(obs, yes) + (self.juego if yes == JUEGO else self.acompano)
            verb = yes if bato_tricks(obs) >= need else PASS
            return next(a for a in choices if a.verb == verb)
        return decide(obs, choices, rng)


def rows(rules: RuleSet, players: int, first: str, others: str, hands: int, seed: int,
         guesses: int, jobs: int, shift: tuple[float, float] = (0.0, 0.0)) -> Rows:
    """Per deal, the ``first`` seat's chips and the others' (``shifted``: a medium player
    with its sums moved by ``shift``)."""
    options = rules.resolve({"players": players})
    _, measure = measure_for(Game(rules, options))
    seat = factory(1.0, guesses)

    def build(level: str, s: int, game: Game) -> Player:
        return ShiftedSums(s, *shift) if level == "shifted" else seat(level, s, game)

    sim = Simulation(rules, options, [first] + [others] * (players - 1), seed=seed,
                     duplicate=True, factory=build, measure=measure)
    sim.run_hands(hands, jobs)
    return deal_rows(sim.stats, False, False)


def world(rules: RuleSet, juego: float, acompano: float) -> RuleSet:
    """The game with its sums moved by ``juego`` and ``acompano`` tricks for everyone
    (players and the search's models of them: all read the ruleset)."""
    sums = rules.juego_sums
    if sums is None:
        raise ValueError(f"{rules.id} has no juego_sums to shift")

    def moved(chosen: Chosen, by: float) -> Chosen:
        step = round(100 * by)  # the file's hundredths
        return Chosen(chosen.fixed + step, chosen.option,
                      {k: v + step for k, v in chosen.by.items()})

    acompano_sum = sums.acompano and moved(sums.acompano, acompano)
    return dataclasses.replace(rules, juego_sums=dataclasses.replace(
        sums, juego=moved(sums.juego, juego), acompano=acompano_sum))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="bato",
                        help="a game whose file has juego_sums (bato, julepe)")
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
    rules = load_ruleset(args.game)
    if rules.juego_sums is None:
        parser.error(f"{args.game} has no juego_sums: its players do not say juego on the "
                     "tricks a hand promises")
    for players in (int(n) for n in args.players.split(",")):
        base = (rows(rules, players, "medium", args.others, args.hands, args.seed,
                     args.guesses, args.jobs) if args.world else {})
        for shift in args.shifts:
            juego, acompano = (float(x) for x in shift.split(":"))
            if acompano and rules.juego_sums.acompano is None:
                parser.error(f"{args.game} has no acompaño to shift: write JUEGO:0")
            rng = random.Random(args.seed)
            if args.world:
                moved = rows(world(rules, juego, acompano), players, "medium", args.others,
                             args.hands, args.seed, args.guesses, args.jobs)
                value, low, high, _ = paired(base, moved, False, rng)
                what = "a medium seat's change, everyone shifted"
            else:
                value, low, high = interval(list(rows(
                    rules, players, "shifted", args.others, args.hands, args.seed,
                    args.guesses, args.jobs, (juego, acompano)).values()), False, rng)
                what = "the shifted seat over the others"
            print(f"{args.game} {players} against {args.others}, juego {juego:+.2f}, "
                  f"acompano {acompano:+.2f}: {what} "
                  f"{value:+.3f} chips a hand [{low:+.3f}, {high:+.3f}]")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
