"""How strong the computer levels are, and how long they think, in any game.

Prints, for a game (default 4-player Tute Cabrero) on duplicate deals (each deal played
once per rotation of the players, so the cards' luck cancels out):
1. hard against the others at medium;
2. medium against the others at easy;
3. an all-seeing search player (the hard search given the true hands; measurement only,
   never offered to players) against medium: the room left above hard;
4. think time per decision, p50/p95/max, per level (targets: easy <= 5 ms, medium <= 50 ms,
   hard <= 1000 ms).
The measure is the game's own: in games decided by losers (Cabrero, Chancho, Codillo, a dos
to one hand) the first player's hand-loss rate over the others' (lower is better); elsewhere
its mean per hand minus the others' (higher is better): juegos (parejas), score (Butifarra),
money (subastado), chips (Bato), hands won (Brisca: more than 60 points wins the hand, by
however many), partidas won (Guiñote: a hand that decides a partida counts for its side),
points or lost games (a dos, arrastrado). Each comes with a
95% bootstrap interval that resamples whole deals. Where the measure is not points, the
points a hand of the first player's side over the others' follow as a second line (with
one job), with the deals' standard deviation and the deals a 95% interval of +-5 needs.
``--pairs`` seats a team game's pairs each of one level (hard and hard against medium and
medium), each deal played twice with the pairs swapped.

    .venv/bin/python benchmarks/ai_strength.py [--game cabrero] [--players 4] [--hands 400]
        [--think 1.0 | --guesses N] [--reading K] [--keep-sigmas K] [--seed 1]
        [--only 1|2|3] [--jobs 1] [--pairs] [--vueltas]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from tute.ai import Player, make_player
from tute.ai.inference import READING
from tute.ai.knowledge import Knowledge
from tute.ai.sampler import Guess, sample_hands
from tute.ai.search import KEEP_SIGMAS, SearchPlayer
from tute.engine import Game, Observation
from tute.measure import decided_by_losers, measure_for
from tute.rules import load_ruleset
from tute.simulate import PlayerFactory, SeatStats, Simulation

BOOTSTRAP = 2000

JOBS_HELP = ("processes to share the deals among (fork: Linux, macOS); the same figures "
             "with --guesses, sooner; with --think give each its own core")


class SeeingPlayer(SearchPlayer):
    """The hard search handed the true hands instead of guesses: an upper bound. Its one
    "guess" is the truth and its playouts are deterministic, so one iteration tells all
    that a second would; that makes it fast enough to measure at every table."""

    level = "seer"

    def __init__(self, game: Game, seed: int, think_seconds: float) -> None:
        super().__init__(seed, think_seconds, iterations=1)
        self.game = game

    def guess(self, obs: Observation, know: Knowledge, rng: random.Random) -> Guess:
        return list(self.game.hands), list(self.game.hand.stock) or None


class PartlySeeingPlayer(SearchPlayer):
    """The hard search with part of the hidden cards shown to it (measurement only):
    searched on guesses like hard's, at hard's budget, but never guessing what it sees."""

    def __init__(self, game: Game, seed: int, think_seconds: float, guesses: int | None
                 ) -> None:
        super().__init__(seed, think_seconds=3600.0 if guesses else think_seconds,
                         guesses=guesses, reading=0)
        self.game = game


class HandSeeingPlayer(PartlySeeingPlayer):
    """Sees every hand but guesses the stock's order: the bound for any player who reads
    the table perfectly, in the games with a stock, where the all-seeing player also knows
    every card still to be drawn."""

    level = "hand-seer"

    def guess(self, obs: Observation, know: Knowledge, rng: random.Random) -> Guess:
        stock = list(self.game.hand.stock)
        if not stock:
            return list(self.game.hands), None
        face_up = [stock.pop()] if obs.face_up is not None else []
        rng.shuffle(stock)
        return list(self.game.hands), stock + face_up


class PartnerSeeingPlayer(PartlySeeingPlayer):
    """Knows its partners' hands and guesses the rest as hard does: what a perfect
    understanding within the side is worth, in the team games."""

    level = "partner-seer"

    def guess(self, obs: Observation, know: Knowledge, rng: random.Random) -> Guess:
        sides = obs.view.side_of
        held = tuple(self.game.hands[s] if s != obs.seat and sides[s] == sides[obs.seat]
                     else known for s, known in enumerate(know.must_hold))
        return sample_hands(obs, replace(know, must_hold=held), rng)


BOUNDS: dict[str, type[PartlySeeingPlayer]] = {
    "hand-seer": HandSeeingPlayer, "partner-seer": PartnerSeeingPlayer}
"""The partly seeing players, measurement only: how much of the all-seeing player's edge
each kind of knowledge is worth."""


def factory(think_seconds: float, guesses: int | None, reading: int | None = None,
            keep_sigmas: float = KEEP_SIGMAS) -> PlayerFactory:
    def build(level: str, seed: int, game: Game) -> Player:
        if level == "seer":
            return SeeingPlayer(game, seed, think_seconds)
        if level in BOUNDS:
            return BOUNDS[level](game, seed, think_seconds, guesses)
        if level == "hard" and (guesses or reading is not None or keep_sigmas != KEEP_SIGMAS):
            return SearchPlayer(seed, think_seconds=3600.0 if guesses else think_seconds,
                                guesses=guesses,
                                reading=READING if reading is None else reading,
                                keep_sigmas=keep_sigmas)
        return make_player(level, seed=seed, think_seconds=think_seconds)

    return build


Rows = dict[int, list[float]]
"""Per deal: the first player's measure summed and counted, then the others'."""


def deal_rows(stats: Sequence[SeatStats], by_losses: bool, teams: bool) -> Rows:
    """Each deal's sums for the first player and for his opponents, so that intervals
    resample whole deals. In team games his partner (the player two seats on, in every
    rotation) shares his measure and is left out."""
    deals: Rows = {}
    for i, st in enumerate(stats):
        if teams and i == 2 and not by_losses:
            continue
        pairs = st.losses if by_losses else st.values
        for deal, value in pairs:
            row = deals.setdefault(deal, [0.0, 0.0, 0.0, 0.0])
            k = 0 if i == 0 else 2
            row[k] += value
            row[k + 1] += 1
    return deals


def statistic(rows: Sequence[list[float]], by_losses: bool) -> float:
    """The first player's loss rate over the others' (``by_losses``: lower is better), or
    his mean measure per hand minus theirs."""
    a = sum(r[0] for r in rows) / max(1.0, sum(r[1] for r in rows))
    b = sum(r[2] for r in rows) / max(1.0, sum(r[3] for r in rows))
    if by_losses:
        return a / b if b else float("nan")
    return a - b


def interval(rows: Sequence[list[float]], by_losses: bool, rng: random.Random
             ) -> tuple[float, float, float]:
    """The statistic with a 95% bootstrap interval resampling whole deals."""
    boots = sorted(statistic([rng.choice(rows) for _ in rows], by_losses)
                   for _ in range(BOOTSTRAP))
    return (statistic(rows, by_losses), boots[int(0.025 * BOOTSTRAP)],
            boots[int(0.975 * BOOTSTRAP) - 1])


def paired(before: Rows, after: Rows, by_losses: bool, rng: random.Random
           ) -> tuple[float, float, float, int]:
    """How far ``after`` moved the statistic from ``before`` on the deals both played, with
    a 95% bootstrap interval resampling those deals in both at once (the pairing removes
    the deals' own luck), and how many deals they share."""
    deals = sorted(set(before) & set(after))

    def change(sample: Sequence[int]) -> float:
        return (statistic([after[d] for d in sample], by_losses)
                - statistic([before[d] for d in sample], by_losses))

    boots = sorted(change([rng.choice(deals) for _ in deals]) for _ in range(BOOTSTRAP // 4))
    k = len(boots)
    return change(deals), boots[int(0.025 * k)], boots[int(0.975 * k) - 1], len(deals)


def spread(rows: Sequence[list[float]]) -> float:
    """The standard deviation of the deals' own margins (first player less the others):
    what sets how many deals an interval of a given width needs."""
    margins = [r[0] / r[1] - r[2] / r[3] for r in rows if r[1] and r[3]]
    mean = sum(margins) / max(1, len(margins))
    return math.sqrt(sum((m - mean) ** 2 for m in margins) / max(1, len(margins) - 1))


@dataclass
class Duel(Simulation):
    """The benchmark's simulation: with ``pairs``, a team game's deals are played twice,
    the pairs swapped (the levels alternate round the table, so the other rotations repeat
    these seatings); and each hand's points for each player's side are kept beside the
    game's own measure (in this process: not gathered from ``jobs``)."""

    pairs: bool = False
    side_points: list[list[tuple[int, float]]] = field(default_factory=list)
    """Per player of ``levels``: (deal number, his side's points in the hand)."""

    def rotations(self) -> range:
        return range(2) if self.pairs and self.duplicate else super().rotations()

    def _score_hand(self, game: Game, who: Sequence[int]) -> None:
        super()._score_hand(game, who)
        summary = game.summaries[-1]
        if summary.void or summary.result is None:
            return
        if not self.side_points:
            self.side_points = [[] for _ in self.levels]
        for seat in range(game.n):
            side = seat % 2 if game.kit.teams else seat
            self.side_points[who[seat]].append(
                (self.deal, float(summary.result.side_points[side])))


def duel(label: str, game: str, levels: list[str], hands: int, think: float, seed: int,
         guesses: int | None, reading: int | None = None, jobs: int = 1,
         pairs: bool = False, keep_sigmas: float = KEEP_SIGMAS,
         vueltas: bool = False) -> list[SeatStats]:
    rules = load_ruleset(game)
    options = rules.resolve({"players": len(levels)})
    table = Game(rules, options)
    kit = table.kit
    name, measure = measure_for(table)
    if pairs:
        if not kit.teams:
            raise ValueError(f"--pairs: {game} at {len(levels)} is not played in pairs")
        levels = [levels[i % 2] for i in range(len(levels))]
    sim = Duel(rules, options, levels, seed=seed, duplicate=True,
               factory=factory(think, guesses, reading, keep_sigmas), measure=measure,
               pairs=pairs, through_vueltas=vueltas)
    start = time.perf_counter()
    sim.run_hands(hands, jobs)
    took = time.perf_counter() - start
    first, rest = sim.stats[0], sim.stats[1:]
    if decided_by_losers(table):
        value, low, high = interval(list(deal_rows(sim.stats, True, kit.teams).values()),
                                    True, random.Random(seed))
        rest_lost = sum(s.hands_lost for s in rest) / max(1, sum(s.hands for s in rest))
        print(f"{label}: {first.level} loses {first.hands_lost}/{first.hands} hands "
              f"({100 * first.hands_lost / max(1, first.hands):.1f}%), {rest[0].level} seats "
              f"{100 * rest_lost:.1f}%; ratio {value:.3f} [95% CI {low:.3f}-{high:.3f}] "
              f"({sim.hands_played} hands, {took:.0f} s)")
    else:
        value, low, high = interval(list(deal_rows(sim.stats, False, kit.teams).values()),
                                    False, random.Random(seed))
        print(f"{label}: {first.level} makes {value:+.2f} {name} per hand over the "
              f"{rest[0].level} seats [95% CI {low:+.2f} to {high:+.2f}] "
              f"({sim.hands_played} hands, {took:.0f} s)")
        if name != "points" and sim.side_points:
            points = [SeatStats(st.level, values=v)
                      for st, v in zip(sim.stats, sim.side_points, strict=True)]
            rows = list(deal_rows(points, False, kit.teams).values())
            value, low, high = interval(rows, False, random.Random(seed))
            sd = spread(rows)
            print(f"   points a hand: {first.level}'s side {value:+.2f} over the "
                  f"{rest[0].level} side's [95% CI {low:+.2f} to {high:+.2f}]; "
                  f"{len(rows)} deals, sd {sd:.1f} a deal; +-5 needs "
                  f"{math.ceil((1.96 * sd / 5) ** 2)} deals")
    sys.stdout.flush()
    return sim.stats


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="cabrero")
    parser.add_argument("--players", type=int, default=None,
                        help="players at the table (default: the ruleset's default)")
    parser.add_argument("--hands", type=int, default=400,
                        help="hands per comparison (rounded up to whole rotations)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="hard level's seconds per decision")
    parser.add_argument("--guesses", type=int, default=None,
                        help="hard searches up to this many guessed deals per decision "
                             "(stopping early once settled) instead of for --think seconds: "
                             "a budget that a loaded machine does not shrink")
    parser.add_argument("--reading", type=int, default=None,
                        help="guesses hard's chain proposes for each one it searches, "
                             "following how likely they make the plays (0: off; default: "
                             "the hard level's own setting)")
    parser.add_argument("--keep-sigmas", type=float, default=KEEP_SIGMAS,
                        help="hard plays the medium level's card unless its best leads it "
                             "by this many standard errors (default: the hard level's own)")
    parser.add_argument("--vueltas", action="store_true",
                        help="a first hand that goes de vueltas is played on to the partida's "
                             "end, its hands counted with it (the deal, not the hand, is the "
                             "partida)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", type=int, choices=[1, 2, 3],
                        help="run only this comparison")
    parser.add_argument("--jobs", type=int, default=1, help=JOBS_HELP)
    parser.add_argument("--pairs", action="store_true",
                        help="team games: each pair of one level, each deal played twice "
                             "with the pairs swapped")
    args = parser.parse_args(argv)
    rules = load_ruleset(args.game)
    n = args.players or int(rules.options["players"].default)
    budget = (f"up to {args.guesses} guesses" if args.guesses else f"{args.think} s")
    print(f"{n}-player {rules.name['en']}, duplicate deals{', pairs' if args.pairs else ''}, "
          f"{args.hands} hands per comparison, hard thinks {budget} per decision"
          + (f", keeps medium's card within {args.keep_sigmas} standard errors"
             if args.keep_sigmas else "")
          + (", partidas played through the vueltas" if args.vueltas else ""))
    think: dict[str, list[float]] = {}
    against = "a pair of" if args.pairs else f"{n - 1}"
    runs = [
        (1, f"1. hard vs {against} medium", ["hard"] + ["medium"] * (n - 1)),
        (2, f"2. medium vs {against} easy", ["medium"] + ["easy"] * (n - 1)),
        (3, f"3. all-seeing vs {against} medium", ["seer"] + ["medium"] * (n - 1)),
    ]
    for number, label, levels in runs:
        if args.only not in (None, number):
            continue
        try:
            stats = duel(label, args.game, levels, args.hands, args.think, args.seed,
                         args.guesses, args.reading, args.jobs, args.pairs, args.keep_sigmas,
                         args.vueltas)
        except ValueError as exc:
            parser.error(str(exc))
        for st in stats:
            think.setdefault(st.level, []).extend(st.think)
    print("4. think time per decision (ms):")
    for level in ("easy", "medium", "hard", "seer"):
        if level in think:
            ms = sorted(t * 1000 for t in think[level])
            p50, p95 = ms[len(ms) // 2], ms[min(len(ms) - 1, int(0.95 * len(ms)))]
            print(f"   {level:<7} p50 {p50:8.2f}  p95 {p95:8.2f}  max {ms[-1]:8.2f}  "
                  f"({len(ms)} decisions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
