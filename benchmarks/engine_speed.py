"""Engine speed: random 4-player Tute Cabrero hands through the public engine API.

Each hand is dealt, played to the end with uniformly random legal actions and scored; a
match that ends is replaced by a new one. Prints the rate as its last line: ``hands/s: N``.
"""

from __future__ import annotations

import argparse
import random
import time

from tute.engine import DEAL, Game
from tute.rules import load_ruleset


def run(seconds: float, players: int) -> tuple[int, float]:
    rules = load_ruleset("cabrero")
    rng = random.Random(1)
    uniform = rng.random  # a C call: keeps the random player's cost out of the figure
    hands = 0
    match = 0
    game = Game(rules, {"players": players}, seed=match)
    start = time.perf_counter()
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
        if hands % 64 == 0 and time.perf_counter() > deadline:
            break
    return hands, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    hands, elapsed = run(args.seconds, args.players)
    print(f"players: {args.players}")
    print(f"hands: {hands} in {elapsed:.2f} s")
    print(f"hands/s: {hands / elapsed:.0f}")


if __name__ == "__main__":
    main()
