"""What a hand leaves behind: the log a record needs, and the result replay prints."""

from __future__ import annotations

from dataclasses import dataclass, field

from tute.cards import SUITS, card_text
from tute.engine.actions import Action
from tute.engine.scoring import Score


@dataclass
class HandLog:
    """What a record needs to replay one hand."""

    dealer: int
    deal: list[list[int]]
    rest: list[int]
    actions: list[Action] = field(default_factory=list)


@dataclass
class HandSummary:
    """The result of a hand, as ``tute replay --json`` prints it."""

    dealer: int
    mano: int
    trump: int
    muestra: int | None
    taken: list[int]
    points: list[Score]
    cantes: list[list[str]]
    last_trick: int | None
    losers: list[int]
    capote: int | None
    tute: int | None
    renuncio: int | None
    false_accusation: int | None
    marks: list[int]
    complete: bool
    reason: str | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "dealer": self.dealer,
            "mano": self.mano,
            "trump": SUITS[self.trump],
            "muestra": None if self.muestra is None else card_text(self.muestra),
            "taken": self.taken,
            "points": [int(p) if p.denominator == 1 else float(p) for p in self.points],
            "cantes": self.cantes,
            "last_trick": self.last_trick,
            "losers": self.losers,
            "capote": self.capote,
            "tute": self.tute,
            "renuncio": self.renuncio,
            "false_accusation": self.false_accusation,
            "marks": self.marks,
            "complete": self.complete,
        }
