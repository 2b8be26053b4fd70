"""Dealing: how many cards each seat gets, the shuffle, and checking a given deal.

A deal is always one shuffle, dealt one card at a time round the seats from the first one
dealt to; what the plans decide is how many cards each seat gets. The undealt rest keeps
the shuffle's order: the 3-player 40th card, or a stock (top first, its muestra last).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from tute.cards import card_text, cards_of, mask_of
from tute.engine.errors import DealError

if TYPE_CHECKING:
    from tute.engine.kit import Kit

class Deal:
    """``all_even``: every card that divides evenly, one at a time (Cabrero: 3 players get
    13 and one is left over)."""

    packet = 1
    """Cards dealt to a seat at a time."""
    stock = False
    """The undealt rest is a stock (players may draw from it: ``Trump.drawn``)."""
    needs: ClassVar[tuple[str, ...]] = ()
    """Options it reads: a ruleset naming it must define them."""
    about: ClassVar[str] = ("Every card that divides evenly among the players, one at a "
                            "time; what is left over lies undealt.")
    """What it does, for the schema reference (docs/ruleset-schema.md)."""

    def cards_each(self, kit: Kit, seated: int) -> int:
        """How many cards each of ``seated`` seats is dealt."""
        return len(kit.deck_cards) // seated


class Stock(Deal):
    """``stock``: the option ``hand_size`` each; the rest is the stock, the muestra at
    its bottom."""

    about = ("The option `hand_size` (or the key) cards each, one at a time; the rest is a "
             "stock the players draw from after each trick.")
    stock = True

    def cards_each(self, kit: Kit, seated: int) -> int:
        return kit.hand_size


class Packets(Deal):
    """``packets``: every card evenly, four at a time (Butifarra)."""

    about = "Every card evenly among the players, in packets."
    packet = 4


class StockPackets(Stock):
    """``stock_packets``: as ``stock``, three cards at a time (six each: two packets)."""

    about = "As `stock`, in packets."
    packet = 3


PLANS: dict[str, Deal] = {"all_even": Deal(), "stock": Stock(), "packets": Packets(),
                          "stock_packets": StockPackets()}


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """``rng.shuffle(cards)``, drawing exactly the same numbers (so seeds and records made
    with either agree), written out so that a compiled engine runs it natively."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def skip(kit: Kit, rng: random.Random) -> None:
    """Draw from the match's generator what one deal draws, in its order — the shuffle,
    then the restock's seed where the file restocks (``Match.deal``) — without dealing: a
    deal code reaches its hand by skipping the deals before it (``tute.deals.start``)."""
    shuffle(rng, list(kit.deck_cards))
    if kit.restock:
        rng.getrandbits(32)


def shuffled(kit: Kit, rng: random.Random, n: int, order: Sequence[int], per: int
             ) -> tuple[list[list[int]], list[int]]:
    """Shuffle and deal ``per`` cards to each seat of ``order``, ``kit.packet`` at a time."""
    cards = list(kit.deck_cards)
    shuffle(rng, cards)
    k = len(order)
    dealt: list[list[int]] = [[] for _ in range(n)]
    p = kit.packet
    if p == 1:
        for j, seat in enumerate(order):
            dealt[seat] = cards[j: per * k: k]
    else:
        for r in range(0, per, p):
            for j, seat in enumerate(order):
                start = r * k + j * p
                dealt[seat] += cards[start: start + p]
    return dealt, cards[per * k:]


def check_given(kit: Kit, n: int, deal: Sequence[Sequence[int]], rest: Sequence[int] | None,
                order: Sequence[int], per: int) -> tuple[list[list[int]], list[int]]:
    """A record's deal, checked: sizes, foreign or repeated cards, and the rest."""
    undealt = len(kit.deck_cards) - per * len(order)
    if len(deal) != n:
        raise DealError(f"deal lists {len(deal)} seats; this match has {n}")
    seen = 0
    for s, cards in enumerate(deal):
        want = per if s in order else 0
        if len(cards) != want:
            why = "" if want else " (retired, or the dealer who sits out)"
            raise DealError(f"seat {s} is dealt {len(cards)} cards; it must get {want}{why}")
        for c in cards:
            if not kit.deck >> c & 1:
                raise DealError(f"{card_text(c)} is not in the {kit.rules.deck} deck")
            if seen >> c & 1:
                raise DealError(f"{card_text(c)} is dealt twice")
            seen |= 1 << c
    left = kit.deck & ~seen
    if rest is None:
        if kit.has_stock and undealt:
            raise DealError(f"rest must give the stock's {undealt} cards in order, "
                            "the muestra last")
        rest = cards_of(left)
    if mask_of(rest) != left or len(rest) != undealt:
        raise DealError(
            f"rest must hold exactly the {undealt} cards not dealt"
            + (f" ({' '.join(card_text(c) for c in cards_of(left))})" if left else "")
        )
    return [list(c) for c in deal], list(rest)
