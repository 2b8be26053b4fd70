"""How a hand's trumps are set, and who deals the first hand.

``cabrero``: the first hand is oros and the holder of the 2 de oros is mano (3 players: he
swaps it for the face-down card); later hands show the dealer's last card, or with 3
players turn the 40th card up as a muestra out of play. ``muestra``: the card left after
the deal is turned up; under a stock it is drawn last, otherwise it stays out of play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from tute.engine import events as ev
from tute.engine.types import FOUR_OF_OROS, NO_TRUMP, OROS, TWO_OF_OROS

if TYPE_CHECKING:
    from tute.engine.hand import HandState

FirstDealerPick = Callable[[Sequence[int], random.Random | None, bool], int | None]
"""(active seats, the match's generator, dealer sits out?) -> the first dealer, or None
when the deal decides it."""


class FirstDealer:
    """Who deals the first hand: ``pick`` finds it; ``fixed``: it is a given seat, not
    found from the deal or drawn; ``needs_two_of_oros``: the deal finds the first mano by
    the 2 de oros, so the deck must hold it."""

    def __init__(self, pick: FirstDealerPick, fixed: bool = False,
                 needs_two_of_oros: bool = False, about: str = "") -> None:
        self.about = about
        """What it does, for the schema reference (docs/ruleset-schema.md)."""
        self.pick = pick
        self.fixed = fixed
        self.needs_two_of_oros = needs_two_of_oros


def two_of_oros_dealer(alive: Sequence[int], rng: random.Random | None, sits_out: bool
                       ) -> int | None:
    """The seat before the holder of the 2 de oros deals: known only once dealt. With a
    dealer who sits out (6 players) the first mano is drawn at random before dealing."""
    if not sits_out or rng is None:
        return None
    mano = rng.choice(list(alive))
    return alive[(list(alive).index(mano) - 1) % len(alive)]


def last_seat_dealer(alive: Sequence[int], rng: random.Random | None, sits_out: bool
                     ) -> int | None:
    """The last seat deals first, so seat 0 is the first mano."""
    return alive[-1]


FIRST_DEALERS: dict[str, FirstDealer] = {
    "two_of_oros": FirstDealer(two_of_oros_dealer, needs_two_of_oros=True, about="The holder "
                               "of the 2 de oros is the first hand's mano, so the seat before "
                               "him deals (with a dealer who sits out, the first mano is "
                               "drawn at random)."),
    "last": FirstDealer(last_seat_dealer, fixed=True, about="The last seat deals first, so "
                        "seat 0 is the first mano.")}


class NextDealer:
    """Who deals the hand after ``h``: ``seat(h)``, before any retirement is allowed for."""

    def __init__(self, seat: Callable[[HandState], int], about: str = "") -> None:
        self.about = about
        """What it does, for the schema reference (docs/ruleset-schema.md)."""
        self.seat = seat


def previous_mano(h: HandState) -> int:
    """The deal passes to the right: the previous hand's mano deals."""
    return h.mano


def last_trick_winner(h: HandState) -> int:
    """The winner of the last trick played deals (the mano when none was played)."""
    return h.tricks[-1][0] if h.tricks else h.mano


NEXT_DEALERS: dict[str, NextDealer] = {
    "rotate": NextDealer(previous_mano, about="The deal passes to the right: the previous "
                         "hand's mano deals."),
    "last_trick": NextDealer(last_trick_winner, about="The winner of the previous hand's "
                             "last trick deals (its mano when no trick was played).")}


def _holder(h: HandState, c: int) -> int:
    for s in h.playing or range(h.n):
        if h.hands[s] >> c & 1:
            return s
    raise AssertionError(f"card {c} is in no hand")


class Trump:
    """How the trumps of a hand are set once it is dealt."""

    about: ClassVar[str] = ""
    """What it does, for the schema reference (docs/ruleset-schema.md)."""
    drawn = False
    """The card turned up lies at the bottom of a stock and is drawn with it: players
    draw after each trick (with a stock deal)."""
    needs_two_of_oros = False
    """The first hand is found by the 2 de oros (the deck must hold it)."""

    def misfit(self, seated: int, rest: int) -> str | None:
        """Why a deal without a stock to ``seated`` players, leaving ``rest`` cards over,
        does not suit this method; None when it does."""
        return None

    def at_deal(self, h: HandState, first: bool, dealt: list[list[int]], rest: list[int]
                ) -> tuple[int | None, list[ev.Event]]:
        """(hand, first hand?, dealt cards per seat, undealt rest) -> (mano if the method
        decides it, events)."""
        raise NotImplementedError


class Cabrero(Trump):
    """``cabrero``: the first hand is oros, its mano the holder of the 2 de oros; later
    hands show the dealer's last card, or with 3 players turn the 40th card up."""

    about = ("The first hand is played in oros, its mano the holder of the 2 de oros (with "
             "three players he swaps it for the one card left over); each later hand shows "
             "the dealer's last card, or with three players turns the card left over up as "
             "a muestra out of play.")
    needs_two_of_oros = True

    def misfit(self, seated: int, rest: int) -> str | None:
        if rest != (1 if seated == 3 else 0):
            want = "one card" if seated == 3 else "no card"
            return f"dealing leaves {rest} cards over, where trump 'cabrero' needs {want}"
        return None

    def at_deal(self, h: HandState, first: bool, dealt: list[list[int]], rest: list[int]
                ) -> tuple[int | None, list[ev.Event]]:
        seated = sum(1 for cards in dealt if cards)
        if first:
            h.trump = OROS
            if h.sitting_out is not None:
                return None, [ev.TrumpShown(OROS, None, None)]
            two = TWO_OF_OROS
            if seated == 3:
                facedown = rest[0]
                h.out_of_play = 1 << two
                if facedown == two:
                    return _holder(h, FOUR_OF_OROS), [ev.TrumpShown(OROS, two, None)]
                holder = _holder(h, two)
                h.hands[holder] ^= (1 << two) | (1 << facedown)
                return holder, [ev.Exchanged(holder, two, facedown, secret=True),
                                ev.TrumpShown(OROS, two, None)]
            holder = _holder(h, two)
            h.known[holder] |= 1 << two  # everyone knows why he is mano
            return holder, [ev.TrumpShown(OROS, None, None)]
        if seated == 3:
            return _MUESTRA.at_deal(h, first, dealt, rest)
        if h.kit.trump_rotation:
            h.trump = h.number % 4
            return None, [ev.TrumpShown(h.trump, None, None)]
        return None, _show_dealers_card(h, dealt)


def _show_dealers_card(h: HandState, dealt: list[list[int]]) -> list[ev.Event]:
    """The last card dealt, the dealer's own (the last seat dealt when the dealer sits
    out), is shown: its suit is trumps, and it stays in that hand, known to everyone."""
    holder = h.dealer if dealt[h.dealer] else h.playing[-1]
    shown = dealt[holder][-1]
    h.trump = shown // 12
    h.shown, h.shown_holder = shown, holder
    h.known[holder] |= 1 << shown
    return [ev.TrumpShown(h.trump, shown, holder)]


class DealerCard(Trump):
    """``dealer_card``: every hand, the first one included, the dealer's last dealt card
    is shown and sets trumps; it stays in his hand and is played like any other. Every
    card is dealt."""

    about = ("Every hand, the first one included, the dealer's last card dealt is shown and "
             "sets trumps; it stays in his hand.")

    def misfit(self, seated: int, rest: int) -> str | None:
        if rest:
            return (f"dealing leaves {rest} cards over, where trump 'dealer_card' deals "
                    "every card")
        return None

    def at_deal(self, h: HandState, first: bool, dealt: list[list[int]], rest: list[int]
                ) -> tuple[int | None, list[ev.Event]]:
        return None, _show_dealers_card(h, dealt)


class Muestra(Trump):
    """``muestra``: the card left after the deal is turned up; under a stock it is drawn
    last, otherwise it stays out of play."""

    about = ("The card left over after the deal is turned up and sets trumps: under a stock "
             "it lies at the bottom and is drawn last; otherwise it stays out of play.")
    drawn = True

    def misfit(self, seated: int, rest: int) -> str | None:
        if rest != 1:
            return (f"dealing leaves {rest} cards over, where trump 'muestra' needs one "
                    "(the muestra)")
        return None

    def at_deal(self, h: HandState, first: bool, dealt: list[list[int]], rest: list[int]
                ) -> tuple[int | None, list[ev.Event]]:
        turned = rest[-1]
        h.trump = turned // 12
        h.muestra = turned
        if h.kit.has_stock:
            h.stock = list(rest)
        else:
            h.out_of_play = 1 << turned
        return None, [ev.TrumpShown(h.trump, turned, None)]


class UnderStock(Trump):
    """``under_stock`` (Bato): the card after the deal is turned up under the stock and
    never drawn."""

    about = ("The card after the deal is turned up under the stock and sets trumps; it is "
             "never drawn.")

    def at_deal(self, h: HandState, first: bool, dealt: list[list[int]], rest: list[int]
                ) -> tuple[int | None, list[ev.Event]]:
        turned = rest[-1]
        h.trump = turned // 12
        h.muestra = turned
        h.out_of_play = 1 << turned
        h.stock = list(rest[:-1])
        return None, [ev.TrumpShown(h.trump, turned, None)]


class Named(Trump):
    """``named``: trumps are named after the deal (a declarer, or Butifarra's dealer)."""

    about = "No card is shown: a phase names trumps after the deal (or none, where it allows)."

    def at_deal(self, h: HandState, first: bool, dealt: list[list[int]], rest: list[int]
                ) -> tuple[int | None, list[ev.Event]]:
        h.trump = NO_TRUMP
        return None, []


_MUESTRA = Muestra()
METHODS: dict[str, Trump] = {"cabrero": Cabrero(), "muestra": _MUESTRA,
                             "under_stock": UnderStock(), "named": Named(),
                             "dealer_card": DealerCard()}
