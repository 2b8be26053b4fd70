"""The puzzle files: ``assets/puzzles/GAME.yaml``, one per game, written by
``tools/mine_puzzles.py`` and re-proven by ``tute puzzles GAME --check``.

Each puzzle holds its position as a record prefix (docs/records.md: the ruleset, options,
seed and the hand's deal and actions up to the position), the seat to play, the goal, the
answer, the tempting card (the medium level's choice, which fails), the best line after the
answer (record actions), its theme (``themes``), its rating (``rating``) and an explanation
in each language (es, en, ca: the idea, then the result), written into the file by the
miner from the solver's lines and values.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import yaml

from tute.cards import card_text, parse_card
from tute.engine import Game
from tute.engine.record import RecordError, record_from_text, replay
from tute.i18n import LANGUAGES
from tute.puzzles.proof import KINDS, Goal
from tute.puzzles.rating import MAX_RATING, MIN_RATING
from tute.puzzles.themes import BY_KEY
from tute.resources import asset

VERSION = 1


class PuzzleError(Exception):
    """A puzzle file or entry that cannot be read or replayed, saying which and why."""


@dataclass(frozen=True)
class Puzzle:
    id: str
    record: dict[str, Any]
    seat: int
    goal: Goal
    answer: int
    tempting: int
    line: tuple[str, ...]
    explanation: dict[str, str]
    theme: str = ""
    """The idea's key in ``themes.THEMES`` ("" in files written before themes)."""
    rating: int = 0
    """How hard it is, on the players' rating scale (``difficulty``); 0: not measured."""

    def to_data(self) -> dict[str, object]:
        data: dict[str, object] = {
            "id": self.id, "record": self.record, "seat": self.seat,
            "goal": self.goal.to_data(), "answer": card_text(self.answer),
            "tempting": card_text(self.tempting), "line": list(self.line)}
        if self.theme:
            data["theme"] = self.theme
        if self.rating:
            data["rating"] = self.rating
        data["explanation"] = dict(self.explanation)
        return data

    @cached_property
    def sides(self) -> tuple[int, ...]:
        """Each seat's side, as the puzzle's position seats them (one replay, kept)."""
        h = self.position().hand
        return tuple(h.side_of[s] for s in range(h.n))

    @property
    def opponents(self) -> int:
        """The seats on other sides than the puzzle's seat (the goal says "your opponent"
        where there is one)."""
        return sum(side != self.sides[self.seat] for side in self.sides)

    @property
    def partners(self) -> bool:
        """Whether the puzzle's seat has a partner (its side's points are then not his
        alone: "for your side")."""
        return self.sides.count(self.sides[self.seat]) > 1

    def position(self) -> Game:
        """The match replayed to the puzzle's position (the seat to play on the table)."""
        text = yaml.safe_dump(self.record, sort_keys=False)
        try:
            result = replay(record_from_text(text, f"puzzle {self.id}"))
        except RecordError as exc:
            raise PuzzleError(f"puzzle {self.id}: {exc}") from None
        if result.error is not None:
            raise PuzzleError(f"puzzle {self.id}: {result.error}")
        game = result.game
        if game.current_player != self.seat:
            raise PuzzleError(f"puzzle {self.id}: seat {self.seat} is not the one to play")
        return game


def puzzle_path(game: str) -> Path:
    return asset("puzzles", f"{game}.yaml")


def games_with_puzzles() -> list[str]:
    """The games that have a puzzle file, by name."""
    folder = asset("puzzles")
    return sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []


def load_puzzles(game: str, path: Path | None = None) -> list[Puzzle]:
    """The puzzles of ``game``; PuzzleError names the file and the entry at fault."""
    path = path or puzzle_path(game)
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise PuzzleError(f"{path}: {exc}") from None
    if not isinstance(doc, dict) or doc.get("version") != VERSION \
            or not isinstance(doc.get("puzzles"), list):
        raise PuzzleError(f"{path}: expected 'version: {VERSION}' and a list 'puzzles'")
    return [_puzzle(path, i, raw) for i, raw in enumerate(doc["puzzles"], start=1)]


def _puzzle(path: Path, number: int, raw: object) -> Puzzle:
    try:
        if not isinstance(raw, dict):
            raise ValueError("expected a mapping")
        goal = raw["goal"]
        if goal.get("kind") not in KINDS:
            raise ValueError(f"goal: unknown kind (known: {', '.join(KINDS)})")
        texts = raw["explanation"]
        missing = [lang for lang in LANGUAGES if not isinstance(texts.get(lang), str)]
        if missing:
            raise ValueError(f"explanation: no text for {', '.join(missing)}")
        theme = str(raw.get("theme", ""))
        if theme and theme not in BY_KEY:
            raise ValueError(f"theme: unknown '{theme[:40]}' (known: {', '.join(BY_KEY)})")
        rating = raw.get("rating", 0)
        if type(rating) is not int or not (rating == 0 or MIN_RATING <= rating <= MAX_RATING):
            raise ValueError(f"rating: expected a whole number from {MIN_RATING} to "
                             f"{MAX_RATING}")
        return Puzzle(str(raw["id"]), dict(raw["record"]), int(raw["seat"]),
                      Goal(goal["kind"], int(goal.get("n", 0)), int(goal.get("of", 0))),
                      parse_card(raw["answer"]), parse_card(raw["tempting"]),
                      tuple(str(a) for a in raw["line"]), dict(texts), theme, rating)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise PuzzleError(f"{path}: puzzle {number}: {exc}") from None


def dump_puzzles(game: str, puzzles: list[Puzzle], header: str) -> str:
    """A puzzle file's text (deterministic: the same puzzles give the same bytes)."""
    body = yaml.safe_dump({"version": VERSION, "game": game,
                           "puzzles": [p.to_data() for p in puzzles]},
                          sort_keys=False, allow_unicode=True, width=100,
                          default_flow_style=None)
    return header + body
