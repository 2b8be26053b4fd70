"""Exchanges of the muestra (docs/rules.md §0): automatic where it lies out of play
(3 players), voluntary under a stock: at the lead, by the player about to lead (Tute a
dos), or in a decision window before the draw, by the trick-winning side.

Each way is a class: what happens at the deal, which exchanges a player may make during the
hand, why one is refused, and what the hand's record adds. The engine asks the kit's
``Exchange`` and never its name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from tute.cards import SUIT_NAMES_EN, card, card_text, cards_of, rank_of
from tute.engine import events as ev
from tute.engine.actions import EXCHANGE, Action
from tute.engine.errors import IllegalAction

if TYPE_CHECKING:
    from tute.engine.hand import HandState
    from tute.rules import OptionValue

class Exchange:
    """No exchange of the muestra (``none``)."""

    voluntary = False
    """A player may exchange during the hand: the engine offers it after each trick won
    while the stock lasts."""
    before_draw: bool
    """Offered in a window between the trick and its draw (the winner answers ``exchange
    C`` or ``draw``), not at the lead after the draw (the ruleset's ``exchange_when``)."""
    needs: ClassVar[tuple[str, ...]] = ()
    """Options it reads: a ruleset naming it must define them."""
    about: ClassVar[str] = "The muestra is never exchanged."
    """What it does, for the schema reference (docs/ruleset-schema.md)."""
    adds: ClassVar[tuple[str, ...]] = ()
    """The keys ``record_keys`` adds to each hand's summary (``tute replay --json``)."""

    def __init__(self, options: Mapping[str, OptionValue], by_side: bool = False,
                 before_draw: bool = False) -> None:
        """``options``: the match's resolved options; ``by_side``: either member of the
        trick-winning side may give his card (the ruleset's ``exchange_by: side``);
        ``before_draw``: when (``exchange_when``)."""
        self.by_side = by_side
        self.before_draw = before_draw

    def at_deal(self, h: HandState) -> list[ev.Event]:
        """Exchanges made when the hand is dealt, as events."""
        return []

    def options(self, h: HandState, seat: int) -> list[Action]:
        """The exchanges ``seat`` may make now (asked only when it may exchange)."""
        return []

    def act(self, h: HandState, seat: int, c: int) -> list[ev.Event]:
        """``seat`` gives card ``c`` for the muestra."""
        raise IllegalAction(self.why_not(h, seat, c))

    def why_not(self, h: HandState, seat: int, c: int) -> str:
        """Why ``seat`` may not give ``c`` for the muestra now."""
        return "There is no exchange of the muestra in this game."

    def record_keys(self, h: HandState) -> dict[str, object]:
        """Keys this exchange adds to the hand's summary (``tute replay --json``)."""
        return {}


class Auto72(Exchange):
    """``auto_7_2``: a muestra out of play (3 players) is exchanged at the deal."""

    about = ("A muestra left out of play (three players) is exchanged at the deal, shown to "
             "all, as `exchange_takes` says: by default the holder of the 7 of trumps takes "
             "a muestra above 7, then the holder of the 2 takes a 5, 6 or 7.")

    def at_deal(self, h: HandState) -> list[ev.Event]:
        """Each trump rank of the kit's ``exchange_takes`` in turn takes the card laid out
        if it is one of its ranks: a muestra above 7 goes to the holder of the 7, who lays
        the 7 out; then the holder of the 2 takes that 7. A 5, 6 or 7 goes to the holder of
        the 2. Shown to everyone."""
        m = h.muestra
        if m is None or not h.out_of_play >> m & 1:
            return []
        events: list[ev.Event] = []
        for mine, takes in h.kit.exchange_takes:
            if rank_of(cards_of(h.out_of_play)[0]) in takes:
                events += _swap(h, card(mine, h.trump))
        return events


def _swap(h: HandState, mine: int) -> list[ev.Event]:
    holder = next((s for s in h.playing if h.hands[s] >> mine & 1), None)
    if holder is None:
        return []
    table = cards_of(h.out_of_play)[0]
    h.hands[holder] ^= (1 << mine) | (1 << table)
    h.out_of_play = 1 << mine
    h.known[holder] |= 1 << table
    return [ev.Exchanged(holder, mine, table)]


class Muestra72(Exchange):
    """``muestra_7_2``: under a stock, the player about to lead after winning a trick may
    give the 7 of trumps for a face-up card above 7, the 2 for a 5, 6 or 7 (the kit's
    ``exchange_takes``; option ``exchange``); the record lists the exchanges made."""

    about = ("Under a stock, a player entitled by `exchange_when` and `exchange_by` may "
             "give a trump for the face-up muestra, as `exchange_takes` says (by default the "
             "7 for a card above 7, the 2 for a 5, 6 or 7), while the option `exchange` is "
             "on.")
    needs = ("exchange",)
    adds = ("exchanges",)

    def __init__(self, options: Mapping[str, OptionValue], by_side: bool = False,
                 before_draw: bool = False) -> None:
        super().__init__(options, by_side, before_draw)
        self.voluntary = bool(options.get("exchange", True))

    def options(self, h: HandState, seat: int) -> list[Action]:
        if not h.stock:
            return []
        want = _taker(h)
        if want is not None and self.holder(h, seat, want) is not None:
            return [Action(seat, EXCHANGE, want)]
        return []

    def holder(self, h: HandState, seat: int, c: int) -> int | None:
        """Who of those ``seat`` acts for (himself, and his partner ``by_side``) holds
        ``c``; None when neither does."""
        if h.hands[seat] >> c & 1:
            return seat
        partner = (seat + 2) % h.n
        if self.by_side and partner in h.playing and h.hands[partner] >> c & 1:
            return partner
        return None

    def act(self, h: HandState, seat: int, c: int) -> list[ev.Event]:
        if h.may_exchange != seat or Action(seat, EXCHANGE, c) not in self.options(h, seat):
            raise IllegalAction(self.why_not(h, seat, c))
        holder = self.holder(h, seat, c)
        assert holder is not None
        took = h.stock[-1]
        h.stock[-1] = c
        h.hands[holder] ^= (1 << c) | (1 << took)
        h.known[holder] |= 1 << took
        h.exchanges.append((holder, c))
        h.ply += 1
        return [ev.Exchanged(holder, c, took)]

    def why_not(self, h: HandState, seat: int, c: int) -> str:
        if not self.voluntary:
            return super().why_not(h, seat, c)
        if not h.stock:
            return "The stock is empty: the muestra can no longer be exchanged."
        if h.may_exchange != seat:
            return self.whose_turn()
        face = h.stock[-1]
        want = _taker(h)
        if want is None:
            return f"A muestra {card_text(face)} is never exchanged."
        if c != want:
            return (f"Only the {card_text(want)} may be exchanged for the muestra "
                    f"{card_text(face)}.")
        whose = "Neither you nor your partner holds" if self.by_side else "You do not hold"
        return f"{whose} the {card_text(want)} ({SUIT_NAMES_EN[h.trump]} are trumps)."

    def whose_turn(self) -> str:
        """Who may exchange, and when."""
        if self.before_draw:
            return ("Only the side that has just won a trick may exchange the muestra, "
                    "before the draw.")
        return ("Only the player about to lead after winning a trick and drawing may "
                "exchange the muestra.")

    def record_keys(self, h: HandState) -> dict[str, object]:
        return {"exchanges": [f"{s} {card_text(c)}" for s, c in h.exchanges]}


def _taker(h: HandState) -> int | None:
    """The trump card that may take the face-up card of the stock, if any."""
    rank = rank_of(h.stock[-1])
    for mine, takes in h.kit.exchange_takes:
        if rank in takes:
            return card(mine, h.trump)
    return None


EXCHANGES: dict[str, type[Exchange]] = {"none": Exchange, "auto_7_2": Auto72,
                                        "muestra_7_2": Muestra72}


@dataclass(frozen=True)
class When:
    """When a voluntary exchange is offered (the ruleset's ``exchange_when``)."""

    about: str
    """What it does, for the schema reference (docs/ruleset-schema.md)."""
    before_draw: bool
    """In a window between the trick and its draw, not at the lead after it."""


WHEN: dict[str, When] = {
    "at_lead": When("The player about to lead, after winning a trick and drawing, may "
                    "exchange before he leads.", before_draw=False),
    "before_draw": When("In a window between a trick and its draw, the trick's winner "
                        "answers `exchange C` or `draw`; where his side may not exchange, "
                        "the draw is made at once (the window opens before the muestra's "
                        "own draw too, so its drawer draws the card given for it).",
                        before_draw=True)}
"""When a voluntary exchange is offered, by name."""
