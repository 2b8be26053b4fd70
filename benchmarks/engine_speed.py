"""Engine speed: random hands of every game through the public engine API.

Each hand is dealt, played to the end with uniformly random legal actions and scored; a
match that ends is replaced by a new one. Prints hands/s for each game and player count,
then, as its last line, the figure for 4-player Tute Cabrero: ``hands/s: N``. CPU time is
measured (not wall time), so a busy machine disturbs the figures less.
"""

from __future__ import annotations

import argparse
import random
import time

from tute.engine import DEAL, Game
from tute.rules import load_ruleset
from tute.rules.ruleset import bundled_names

HEADLINE = ("cabrero", 4)


def tables() -> list[tuple[str, int]]:
    """Every bundled game (each file in config/rules, none named here) with the fewest and
    the most players its file allows."""
    found = []
    for name in bundled_names():
        counts = load_ruleset(name).options["players"].allowed()
        found += [(name, n) for n in sorted({min(counts), max(counts)})]
    return found


def run(seconds: float, rules_name: str, players: int) -> tuple[int, float]:
    """Hands played in about ``seconds`` of CPU time, and the CPU time they took."""
    rules = load_ruleset(rules_name)
    rng = random.Random(1)
    uniform = rng.random  # a C call: keeps the random player's cost out of the figure
    hands = 0
    match = 0
    game = Game(rules, {"players": players}, seed=match)
    start = time.process_time()
    deadline = start + seconds
    while True:
        if game.is_over:
            match += 1
            game = Game(rules, {"players": players}, seed=match)
        game.deal()
        while game.phase not in (DEAL, "over"):
            legal = game.legal_actions()
            game.apply(legal[int(uniform() * len(legal))])
        hands += 1
        if hands % 64 == 0 and time.process_time() > deadline:
            break
    return hands, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per table")
    parser.add_argument("--only-headline", action="store_true",
                        help="measure 4-player Cabrero only")
    args = parser.parse_args()
    for name, players in [] if args.only_headline else tables():
        hands, elapsed = run(args.seconds, name, players)
        print(f"{name} {players}p: {hands / elapsed:.0f} hands/s")
    hands, elapsed = run(args.seconds, *HEADLINE)
    print(f"players: {HEADLINE[1]}")
    print(f"hands: {hands} in {elapsed:.2f} s (cpu)")
    print(f"hands/s: {hands / elapsed:.0f}")


if __name__ == "__main__":
    main()
