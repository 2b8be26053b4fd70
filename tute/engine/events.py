"""Events: every change of a match, announced once, consumed by the UI, AI and records.

Each event says who may see it: ``private_to`` names the one seat that sees it whole (None
means everyone), and ``redacted()`` is what the others see.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tute.engine.types import Score

HIDDEN = -1
"""A card another seat may not see."""


@dataclass(frozen=True, slots=True)
class Event:
    @property
    def private_to(self) -> int | None:
        return None

    def redacted(self) -> Event:
        return self

    def for_seat(self, seat: int) -> Event:
        """The event as ``seat`` sees it."""
        owner = self.private_to
        return self if owner is None or owner == seat else self.redacted()


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    number: int
    dealer: int
    mano: int
    players: tuple[int, ...]
    """Seats playing this hand, in playing order from the mano."""
    sitting_out: int | None


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    seat: int
    cards: tuple[int, ...]

    @property
    def private_to(self) -> int | None:
        return self.seat

    def redacted(self) -> Event:
        return replace(self, cards=(HIDDEN,) * len(self.cards))


@dataclass(frozen=True, slots=True)
class TrumpShown(Event):
    suit: int
    card: int | None
    """The card shown (the muestra or a dealt card), None when trumps are fixed."""
    holder: int | None
    """Seat that keeps the shown card in hand, None when it stays out of play."""


@dataclass(frozen=True, slots=True)
class Exchanged(Event):
    """``seat`` lays ``gave`` face up out of play and takes ``took`` from the table."""

    seat: int
    gave: int
    took: int
    secret: bool = False
    """True for the face-down card of the first 3-player hand: only ``seat`` sees it."""
    given_down: bool = False
    """``gave`` goes face down to the discards (only ``seat`` sees it) and the table is
    left empty: the turned card taken at the discard (``turned_card``)."""

    @property
    def private_to(self) -> int | None:
        return self.seat if self.secret else None

    def redacted(self) -> Event:
        return replace(self, took=HIDDEN)


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: int
    winning: int
    """The seat winning the trick once this card is on it (the engine's own judgement,
    so that nobody downstream re-derives the rule)."""
    revoke: bool = False
    """Known to the engine only; hidden from every seat (renuncio goes unseen)."""

    @property
    def private_to(self) -> int | None:
        return HIDDEN if self.revoke else None

    def redacted(self) -> Event:
        return replace(self, revoke=False)


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    seat: int
    cards: tuple[int, ...]
    points: int
    last: bool


@dataclass(frozen=True, slots=True)
class Sung(Event):
    seat: int
    cante: str
    """``40``, ``20C`` or ``tute``."""
    points: int
    forced: bool = False
    holder: int | None = None
    """The partner whose pair ``seat`` sang for the team (None: his own)."""


@dataclass(frozen=True, slots=True)
class TargetReached(Event):
    """A side's total (carried into the hand, and won in it so far) has reached the
    target at which the hand stops at once (a race over hands)."""

    side: int
    total: int


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """``seat`` draws the top card of the stock; the last one, the muestra, is seen by all."""

    seat: int
    card: int
    left: int
    """Cards left in the stock after the draw."""
    public: bool = False

    @property
    def private_to(self) -> int | None:
        return None if self.public else self.seat

    def redacted(self) -> Event:
        return replace(self, card=HIDDEN)


@dataclass(frozen=True, slots=True)
class Spoke(Event):
    """A bid, pass, takeover, trump named, delegation, double, juego, acompaño or call,
    seen by everyone: the action's record verb (``tute.engine.actions``: ``bid``,
    ``pass``, ``trump``...) and its argument, as in ``Action``: the points bid, the suit
    named, the card called, 0 for the verbs that take nothing; ``out``: the word takes the
    speaker out of the hand (``HandState.folded``)."""

    seat: int
    verb: str
    arg: int = 0
    out: bool = False


@dataclass(frozen=True, slots=True)
class TakenOver(Event):
    """Subastado's takeover: the top ``bidder``'s cards go to the ``dealer``, who alone
    sees which (the others see how many)."""

    dealer: int
    bidder: int
    cards: tuple[int, ...]
    bid: int = 0
    """The bid taken over."""
    contract: int = 0
    """What the dealer now plays for (the bid + 10)."""
    stake: int = 0
    """What he collects from, or pays to, each other player (doubled by the takeover)."""

    @property
    def private_to(self) -> int | None:
        return self.dealer

    def redacted(self) -> Event:
        return replace(self, cards=(HIDDEN,) * len(self.cards))


@dataclass(frozen=True, slots=True)
class ContractSet(Event):
    """Play is about to start: who declared, for what, at which multiplier."""

    declarer: int | None
    contract: int | None
    multiplier: int


@dataclass(frozen=True, slots=True)
class PartnerRevealed(Event):
    """The called card was played: its holder is the declarer's partner."""

    seat: int


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """``seat`` lays ``cards`` face down (only it sees which) and will draw as many."""

    seat: int
    cards: tuple[int, ...]

    @property
    def private_to(self) -> int | None:
        return self.seat

    def redacted(self) -> Event:
        return replace(self, cards=(HIDDEN,) * len(self.cards))


@dataclass(frozen=True, slots=True)
class HandVoided(Event):
    """Everyone passed: the hand is not played."""


@dataclass(frozen=True, slots=True)
class ChipsMoved(Event):
    """Bato: ``amount`` chips go from the pot to ``seat`` (a trick's share of the pot,
    one event per trick in the order they were taken) or, when negative, from ``seat``
    into the pot (the dealer's ante, what a bateado pays). The ``ChipsChanged`` that
    follows gives the figures they lead to."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class ChipsChanged(Event):
    """Bato's chips per seat and the pot."""

    chips: tuple[int, ...]
    pot: int


@dataclass(frozen=True, slots=True)
class StockEmptied(Event):
    """The stock is gone: from the next trick on, the game's own obligations apply."""

    obligations: str


@dataclass(frozen=True, slots=True)
class Accused(Event):
    accuser: int
    accused: int
    proven: bool


@dataclass(frozen=True, slots=True)
class HandScored(Event):
    points: tuple[Score, ...]
    taken: tuple[int, ...]
    losers: tuple[int, ...]
    reason: str
    """Why the hand ended as it did: ``mas_menos``, ``two_takers``, ``tied``, ``capote``,
    ``capote_sang``, ``tute``, ``renuncio`` or ``false_accusation`` (Cabrero; with
    ``losers: second`` also ``second`` and ``tied_top``); ``points``,
    ``tied`` or ``tute`` (games scored by points)."""
    last_trick: int | None
    side_points: tuple[Score, ...] = ()
    """Points per side (per team in team games; per seat otherwise)."""
    winner_side: int | None = None
    """The side that won the hand, where a side wins (teams, a declarer's side)."""
    marks: int = 1
    """Marks each loser takes (a revoker: the option ``renuncio_marks``)."""


@dataclass(frozen=True, slots=True)
class TotalsChanged(Event):
    """What a settlement carries between hands changed: points, juegos or lost games,
    per side."""

    kind: str
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DuelStarted(Event):
    """Two players are left in a match with the final duel: they play Tute a dos."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MarksChanged(Event):
    marks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayerRetired(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    winners: tuple[int, ...]
    draw: bool
