"""What the hard level decides and expects on fixed positions, printed line by line: run
with the package in pure Python and compiled (tests/test_compiled.py), the two must print
the same text, so compiling the engine and the search changes no choice and no value.

The positions are every fifth decision of the first hand of a few games (bids, trumps, cards
mid-hand and in the exact endgame), the other seats played by the medium level; the hard
level searches a fixed number of guesses, so the output does not depend on the machine.
"""

from __future__ import annotations

import random

from tute.ai import make_player
from tute.ai.search import SearchPlayer
from tute.engine import Game
from tute.rules import load_ruleset

TABLES = [("cabrero", 4), ("dos", 2), ("parejas", 4), ("subastado", 4), ("butifarra", 4),
          ("codillo", 5)]
GUESSES = 3


def lines() -> list[str]:
    """One line per position: game, decision, the hard level's choice and its samples."""
    out: list[str] = []
    for name, players in TABLES:
        game = Game(load_ruleset(name), {"players": players}, seed=7)
        guide = [make_player("medium", s) for s in range(players)]
        game.deal()
        step = 0
        while not game.summaries:
            seat = game.current_player
            assert seat is not None
            obs = game.observation(seat)
            if step % 5 == 0 and len(obs.legal) > 1:
                hard = SearchPlayer(seed=step, iterations=GUESSES)
                rows = hard.samples(obs, random.Random(step), hard.candidates(obs))
                choice = SearchPlayer(seed=step, iterations=GUESSES).choose(obs)
                out.append(f"{name} {step} {choice.record_text()} {rows!r}")
            game.apply(guide[seat].choose(obs))
            step += 1
    return out


if __name__ == "__main__":
    print("\n".join(lines()))
