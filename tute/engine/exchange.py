"""Exchanges of the muestra (RULES.md §0): automatic where it lies out of play (3 players),
voluntary, by the player about to lead, under a stock (Tute a dos: see ``play``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tute.cards import card, cards_of, rank_of
from tute.engine import events as ev

if TYPE_CHECKING:
    from tute.engine.hand import HandState

Method = Callable[["HandState"], list[ev.Event]]
"""Exchanges made when the hand is dealt, as events."""

ABOVE_SEVEN = (10, 11, 12, 3, 1)
FIVE_TO_SEVEN = (5, 6, 7)


def none(h: HandState) -> list[ev.Event]:
    return []


def auto_7_2(h: HandState) -> list[ev.Event]:
    """A muestra above 7 goes to the holder of the 7, who lays the 7 out; then the holder
    of the 2 takes that 7. A 5, 6 or 7 goes to the holder of the 2. Shown to everyone."""
    m = h.muestra
    if m is None or not h.out_of_play >> m & 1:
        return []
    rank = rank_of(m)
    events: list[ev.Event] = []
    if rank in ABOVE_SEVEN:
        events += _swap(h, card(7, h.trump))
    if rank in ABOVE_SEVEN or rank in FIVE_TO_SEVEN:
        events += _swap(h, card(2, h.trump))
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


METHODS: dict[str, Method] = {"none": none, "auto_7_2": auto_7_2, "muestra_7_2": none}
