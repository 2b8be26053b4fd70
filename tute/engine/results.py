"""What a hand leaves behind: the log a record needs, and the result replay prints."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tute.cards import SUITS, card_text
from tute.engine.actions import Action
from tute.engine.scoring import HandResult
from tute.engine.types import Score

if TYPE_CHECKING:
    from tute.engine.hand import HandState


@dataclass
class HandLog:
    """What a record needs to replay one hand."""

    dealer: int
    deal: list[list[int]]
    rest: list[int]
    actions: list[Action] = field(default_factory=list)
    restocks: list[tuple[int, ...]] = field(default_factory=list)
    """Stocks re-formed from the cards out of play during the hand, top first."""


def json_points(values: Sequence[Score]) -> list[int | float]:
    return [int(p) if p.denominator == 1 else float(p) for p in values]


@dataclass
class HandSummary:
    """The result of a hand, as ``tute replay --json`` prints it: the keys every game
    shares, plus ``extra``, the keys its strategies add (docs/records.md)."""

    dealer: int
    mano: int
    trump: int | None
    muestra: int | None
    taken: list[int]
    points: list[Score]
    cantes: list[list[str]]
    last_trick: int | None
    tute: int | None
    complete: bool
    result: HandResult | None = None
    extra: dict[str, object] = field(default_factory=dict)
    void: bool = False

    @classmethod
    def of(cls, h: HandState, result: HandResult | None, extra: dict[str, object]
           ) -> HandSummary:
        """The summary of hand ``h``, finished (with its result), void or still going."""
        kit = h.kit
        keys = dict(extra)
        if kit.teams:
            keys.setdefault("team_points", json_points(h.side_points()))
        keys.update(kit.exchange.record_keys(h))
        trump = h.trump if h.trump >= 0 and not h.void else None
        return cls(dealer=h.dealer, mano=h.mano, trump=trump,
                   muestra=h.muestra, taken=list(h.taken), points=h.points(),
                   cantes=[list(c) for c in h.cantes], last_trick=h.last_trick,
                   tute=h.tute, complete=result is not None or h.void, result=result,
                   extra=keys, void=h.void)

    @property
    def losers(self) -> list[int]:
        return list(self.result.losers) if self.result is not None else []

    @property
    def reason(self) -> str | None:
        return self.result.reason if self.result is not None else None

    @property
    def capote(self) -> int | None:
        return self.result.capote if self.result is not None else None

    @property
    def renuncio(self) -> object:
        return self.extra.get("renuncio")

    @property
    def false_accusation(self) -> object:
        return self.extra.get("false_accusation")

    def to_json(self) -> dict[str, object]:
        void: dict[str, object] = {"void": True} if self.void else {}
        return {**void,
            "dealer": self.dealer,
            "mano": self.mano,
            "trump": None if self.trump is None else SUITS[self.trump],
            "muestra": None if self.muestra is None else card_text(self.muestra),
            "taken": self.taken,
            "points": json_points(self.points),
            "cantes": self.cantes,
            "last_trick": self.last_trick,
            "tute": self.tute,
            "complete": self.complete,
            **self.extra,
        }
