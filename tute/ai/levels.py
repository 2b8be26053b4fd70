"""The levels offered to players, by name."""

from __future__ import annotations

from tute.ai.base import Player
from tute.ai.easy import EasyPlayer
from tute.ai.heuristic import MediumPlayer
from tute.ai.search import SearchPlayer

LEVELS = ("easy", "medium", "hard")


def make_player(level: str, seed: int = 0, think_seconds: float = 1.0) -> Player:
    """A computer player of ``level`` ("easy", "medium" or "hard").

    ``seed`` makes its choices reproducible; ``think_seconds`` is the hard level's time
    budget per decision (the other levels answer at once).
    """
    if level == "easy":
        return EasyPlayer(seed)
    if level == "medium":
        return MediumPlayer(seed)
    if level == "hard":
        return SearchPlayer(seed, think_seconds)
    raise ValueError(f"unknown level '{level}' (known: {', '.join(LEVELS)})")
