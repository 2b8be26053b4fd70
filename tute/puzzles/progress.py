"""The player's puzzle progress: for each puzzle, how often it was tried and solved, and
the player's puzzle rating (Glicko-2, ``rating``), in ``puzzles.json`` of the data folder
(versioned, written atomically; a damaged file is set aside and the progress starts again,
as with the other files of ``tute.store``). A file written before ratings has none: the
rating starts at the beginning."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tute import store
from tute.puzzles.data import Puzzle
from tute.puzzles.rating import (
    MAX_RATING,
    MIN_DEVIATION,
    MIN_RATING,
    START,
    START_DEVIATION,
    START_VOLATILITY,
    Rating,
    nearest,
    update,
)

PROGRESS_FILE = "puzzles.json"
PROGRESS_VERSION = 1
MAX_PUZZLES = 10_000
"""Puzzles a progress file may name: the game ships a few dozen."""
PUZZLES = store.bound("puzzles", store.Bounds(
    size=2**20, containers=MAX_PUZZLES + 3, values=4 * MAX_PUZZLES + 8, depth=3))
"""A mapping of puzzles, each a mapping of two counts, and the rating's mapping."""


@dataclass
class Tries:
    tried: int = 0
    solved: int = 0


class Progress(dict[str, Tries]):
    """The tries by puzzle id (``GAME-SEED-HAND``), and the player's rating."""

    def __init__(self, tries: Mapping[str, Tries] | None = None,
                 rating: Rating | None = None) -> None:
        super().__init__(tries or {})
        self.rating = rating or Rating()


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise store.Damaged(what)


def _progress_from(raw: Mapping[str, Any]) -> Progress:
    entries = raw.get("puzzles")
    if not isinstance(entries, dict):
        raise store.Damaged("'puzzles' is not a mapping")
    out = Progress()
    for key, entry in entries.items():
        _need(store.a_name(key), f"'{key[:40]}' is not a puzzle's name")
        _need(isinstance(entry, dict), f"the entry of '{key[:40]}' is not a mapping")
        tried = store.pick(entry, "tried", int, 0, lambda v: v >= 0)
        solved = store.pick(entry, "solved", int, 0, lambda v: v >= 0)
        _need(solved <= tried, f"'{key[:40]}' solved more often than tried")
        out[key] = Tries(tried, solved)
    player = raw.get("rating", {})
    _need(isinstance(player, dict), "'rating' is not a mapping")
    out.rating = Rating(
        store.pick(player, "rating", float, START, lambda v: MIN_RATING <= v <= MAX_RATING),
        store.pick(player, "deviation", float, START_DEVIATION,
                   lambda v: MIN_DEVIATION <= v <= START_DEVIATION),
        store.pick(player, "volatility", float, START_VOLATILITY, lambda v: 0 < v < 1))
    return out


def load_progress() -> tuple[Progress, store.FileProblem | None]:
    """The progress saved (empty when there is none, or the file was damaged: then the
    problem says where it was set aside)."""
    progress, problem = store.load_file(PROGRESS_FILE, PUZZLES, PROGRESS_VERSION,
                                        _progress_from)
    return progress or Progress(), problem


def save_progress(progress: Progress) -> None:
    """Write the progress atomically; OSError propagates for the caller to report."""
    r = progress.rating
    store.save_file(PROGRESS_FILE, PROGRESS_VERSION, {
        "puzzles": {key: {"tried": t.tried, "solved": t.solved}
                    for key, t in sorted(progress.items())},
        "rating": {"rating": round(r.rating, 3), "deviation": round(r.deviation, 3),
                   "volatility": round(r.volatility, 6)}})


def record_try(progress: Progress, puzzle: str, solved: bool, rating: int = 0) -> None:
    """Count a try; its first try moves the player's rating against the puzzle's
    ``rating`` (a puzzle tried again teaches, but rates no more: the answer is known)."""
    tries = progress.setdefault(puzzle, Tries())
    if tries.tried == 0 and rating:
        progress.rating = update(progress.rating, rating, solved)
    tries.tried += 1
    tries.solved += solved


def next_near(puzzles: list[Puzzle], progress: Progress, skip: str = "") -> int | None:
    """The index of the unsolved puzzle of ``puzzles`` rated nearest the player (not
    ``skip``, the one just played, while there is another)."""
    ratings = {p.id: p.rating for p in puzzles if p.id != skip} or {
        p.id: p.rating for p in puzzles}
    solved = {k for k, t in progress.items() if t.solved}
    found = nearest(ratings, progress.rating.rating, solved)
    return next((i for i, p in enumerate(puzzles) if p.id == found), None)
