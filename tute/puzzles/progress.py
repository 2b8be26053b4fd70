"""The player's puzzle progress: for each puzzle, how often it was tried and solved, in
``puzzles.json`` of the data folder (versioned, written atomically; a damaged file is set
aside and the progress starts again, as with the other files of ``tute.store``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tute import store

PROGRESS_FILE = "puzzles.json"
PROGRESS_VERSION = 1
MAX_PUZZLES = 10_000
"""Puzzles a progress file may name: the game ships a few dozen."""
PUZZLES = store.bound("puzzles", store.Bounds(
    size=2**20, containers=MAX_PUZZLES + 2, values=4 * MAX_PUZZLES, depth=3))
"""A mapping of puzzles, each a mapping of two counts."""


@dataclass
class Tries:
    tried: int = 0
    solved: int = 0


Progress = dict[str, Tries]
"""By puzzle id (``GAME-SEED``)."""


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise store.Damaged(what)


def _progress_from(raw: Mapping[str, Any]) -> Progress:
    entries = raw.get("puzzles")
    if not isinstance(entries, dict):
        raise store.Damaged("'puzzles' is not a mapping")
    out: Progress = {}
    for key, entry in entries.items():
        _need(store.a_name(key), f"'{key[:40]}' is not a puzzle's name")
        _need(isinstance(entry, dict), f"the entry of '{key[:40]}' is not a mapping")
        tried = store.pick(entry, "tried", int, 0, lambda v: v >= 0)
        solved = store.pick(entry, "solved", int, 0, lambda v: v >= 0)
        _need(solved <= tried, f"'{key[:40]}' solved more often than tried")
        out[key] = Tries(tried, solved)
    return out


def load_progress() -> tuple[Progress, store.FileProblem | None]:
    """The progress saved (empty when there is none, or the file was damaged: then the
    problem says where it was set aside)."""
    progress, problem = store.load_file(PROGRESS_FILE, PUZZLES, PROGRESS_VERSION,
                                        _progress_from)
    return progress or {}, problem


def save_progress(progress: Progress) -> None:
    """Write the progress atomically; OSError propagates for the caller to report."""
    store.save_file(PROGRESS_FILE, PROGRESS_VERSION, {
        "puzzles": {key: {"tried": t.tried, "solved": t.solved}
                    for key, t in sorted(progress.items())}})


def record_try(progress: Progress, puzzle: str, solved: bool) -> None:
    tries = progress.setdefault(puzzle, Tries())
    tries.tried += 1
    tries.solved += solved
