"""How strong the computer levels are, and how long they think.

Prints, for 4-player Tute Cabrero on duplicate deals (each deal played once per rotation
of the players, so the cards' luck cancels out):
1. hard against three medium: hard's hand-loss rate over the medium seats' mean (target <= 0.8);
2. medium against three easy (target <= 0.8);
3. an all-seeing search player (the hard search given the true hands; measurement only,
   never offered to players) against three medium: the room left above hard;
4. think time per decision, p50/p95/max, per level (targets: easy <= 5 ms, medium <= 50 ms,
   hard <= 1000 ms).
Ratios come with 95% bootstrap intervals that resample whole deals.

    .venv/bin/python benchmarks/ai_strength.py [--hands 400] [--think 1.0] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

from tute.ai import Player, make_player
from tute.ai.knowledge import Knowledge
from tute.ai.sampler import Guess
from tute.ai.search import SearchPlayer
from tute.engine import Game, Observation
from tute.rules import load_ruleset
from tute.simulate import PlayerFactory, SeatStats, Simulation

BOOTSTRAP = 2000


class SeeingPlayer(SearchPlayer):
    """The hard search handed the true hands instead of guesses: an upper bound."""

    level = "seer"

    def __init__(self, game: Game, seed: int, think_seconds: float) -> None:
        super().__init__(seed, think_seconds)
        self.game = game

    def guess(self, obs: Observation, know: Knowledge, rng: random.Random) -> Guess:
        return list(self.game.hands), list(self.game.hand.stock) or None


def factory(think_seconds: float) -> PlayerFactory:
    def build(level: str, seed: int, game: Game) -> Player:
        if level == "seer":
            return SeeingPlayer(game, seed, think_seconds)
        return make_player(level, seed=seed, think_seconds=think_seconds)

    return build


def loss_ratio(stats: Sequence[SeatStats], rng: random.Random) -> tuple[float, float, float]:
    """Seat 0's loss rate over the other seats' mean, with a 95% bootstrap interval."""
    deals: dict[int, list[int]] = {}
    for i, st in enumerate(stats):
        for deal, lost in st.losses:
            row = deals.setdefault(deal, [0, 0, 0, 0])
            if i == 0:
                row[0] += lost
                row[1] += 1
            else:
                row[2] += lost
                row[3] += 1
    rows = list(deals.values())

    def ratio(sample: Sequence[list[int]]) -> float:
        a = sum(r[0] for r in sample) / max(1, sum(r[1] for r in sample))
        b = sum(r[2] for r in sample) / max(1, sum(r[3] for r in sample))
        return a / b if b else float("nan")

    boots = sorted(ratio([rng.choice(rows) for _ in rows]) for _ in range(BOOTSTRAP))
    return ratio(rows), boots[int(0.025 * BOOTSTRAP)], boots[int(0.975 * BOOTSTRAP) - 1]


def duel(label: str, levels: list[str], hands: int, think: float, seed: int
         ) -> list[SeatStats]:
    rules = load_ruleset("cabrero")
    sim = Simulation(rules, rules.resolve({"players": 4}), levels, seed=seed, duplicate=True,
                     factory=factory(think))
    start = time.perf_counter()
    sim.run_hands(hands)
    took = time.perf_counter() - start
    value, low, high = loss_ratio(sim.stats, random.Random(seed))
    first, rest = sim.stats[0], sim.stats[1:]
    rest_lost = sum(s.hands_lost for s in rest) / max(1, sum(s.hands for s in rest))
    print(f"{label}: {first.level} loses {first.hands_lost}/{first.hands} hands "
          f"({100 * first.hands_lost / max(1, first.hands):.1f}%), {rest[0].level} seats "
          f"{100 * rest_lost:.1f}%; ratio {value:.3f} [95% CI {low:.3f}-{high:.3f}] "
          f"({sim.hands_played} hands, {took:.0f} s)")
    sys.stdout.flush()
    return sim.stats


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=400,
                        help="hands per comparison (rounded up to whole rotations of 4)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="hard level's seconds per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", type=int, choices=[1, 2, 3],
                        help="run only this comparison")
    args = parser.parse_args(argv)
    print(f"4-player Tute Cabrero, duplicate deals, {args.hands} hands per comparison, "
          f"hard thinks {args.think} s")
    think: dict[str, list[float]] = {}
    runs = [
        (1, "1. hard vs 3 medium", ["hard", "medium", "medium", "medium"]),
        (2, "2. medium vs 3 easy", ["medium", "easy", "easy", "easy"]),
        (3, "3. all-seeing vs 3 medium", ["seer", "medium", "medium", "medium"]),
    ]
    for number, label, levels in runs:
        if args.only not in (None, number):
            continue
        for st in duel(label, levels, args.hands, args.think, args.seed):
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
