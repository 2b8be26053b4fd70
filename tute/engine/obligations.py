"""Obligation families: which cards of a hand may be played to a trick (docs/rules.md §0).

Each family is a class whose ``legal`` is a function of bitmasks and small ints, so
legal-card generation costs a few integer operations. ``lead`` is -1 when the seat leads;
``win`` is the card winning the trick.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from tute.cards import (
    SUIT_MASK,
    SUIT_NAMES_EN,
    SUIT_NAMES_ES,
    RankOrder,
    beats,
    card_text,
    cards_of,
)


class Obligations:
    """``tute``: asistir, montar, fallar, pisar; no duty to under-trump; beat partners too.

    The kernel keeps the family in force (``HandState.family``) and tells it by identity;
    ``legal`` is a plain method, so that compiled it is a native call on every play."""

    about: ClassVar[str] = (
        "Follow suit and beat the winning card if you can (montar); without the suit, trump, "
        "over-trumping a trump already played (pisar) if you can; no duty to under-trump; "
        "a partner's winning card must be beaten too.")
    """What it does, for the schema reference (docs/ruleset-schema.md)."""
    partner_aware = False
    """``legal`` needs to know whether a partner is winning the trick."""
    tells_holding = True
    """A card played tells what its player lacks (the AI's inference): no card of the
    suit led, no higher one, no trump, as ``legal`` demands."""

    def __copy__(self) -> Obligations:
        """A family has no state: a copy of a hand (even a deep one) keeps the very family,
        since the kernel and the computer players tell the one in force by identity."""
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Obligations:
        return self

    def legal(self, hand: int, lead: int, win: int, trump: int, beats: tuple[int, ...],
              partner_winning: bool) -> int:
        """The cards of ``hand`` that may be played: (hand, lead suit or -1, winning card,
        trump suit, beats table, partner winning) -> legal mask."""
        if lead < 0:
            return hand
        follow = hand & SUIT_MASK[lead]
        win_suit = win // 12
        if follow:
            if win_suit == lead:
                return (follow & beats[win]) or follow
            return follow
        trumps = hand & SUIT_MASK[trump] if trump >= 0 else 0
        if trumps:
            if win_suit == trump:
                over = trumps & beats[win]
                return over or hand
            return trumps
        return hand


class Free(Obligations):
    """``free``: any card (2-player games while the stock lasts)."""

    about = "Any card may be played."
    tells_holding = False

    def legal(self, hand: int, lead: int, win: int, trump: int, beats: tuple[int, ...],
              partner_winning: bool) -> int:
        return hand


class Butifarra(Obligations):
    """``butifarra``: over your partner you need only follow suit; against an opponent
    it is ``tute`` (follow and beat, trump, over-trump; no duty to under-trump)."""

    about = ("Over a partner's winning card you need only follow suit (any card without "
             "it); against an opponent's, as `tute`.")
    partner_aware = True
    tells_holding = False

    def legal(self, hand: int, lead: int, win: int, trump: int, beats: tuple[int, ...],
              partner_winning: bool) -> int:
        if lead >= 0 and partner_winning:
            return hand & SUIT_MASK[lead] or hand
        return super().legal(hand, lead, win, trump, beats, partner_winning)


FAMILIES: dict[str, Obligations] = {"tute": Obligations(), "free": Free(),
                                    "butifarra": Butifarra()}


def no_cargar(allowed: int, lead: int, win: int, trump: int, order: RankOrder) -> int:
    """"No vale cargar": unable to take the trick, play the lowest-value card allowed."""
    if lead < 0 or any(beats(c, win, trump, order.strength) for c in cards_of(allowed)):
        return allowed
    cards = cards_of(allowed)
    key = min((order.points[c], order.strength[c]) for c in cards)
    out = 0
    for c in cards:
        if (order.points[c], order.strength[c]) == key:
            out |= 1 << c
    return out


def must_trump(allowed: int, hand: int, lead: int, trump: int) -> int:
    """Modifier ``must_trump`` (subfallar): void in the suit led, a player holding trumps
    must play one, even one that loses to the trick; the family's own narrowing (a higher
    trump) stands."""
    if trump < 0 or hand & SUIT_MASK[lead]:
        return allowed
    trumps = hand & SUIT_MASK[trump]
    return allowed & trumps or allowed if trumps else allowed


class Reason(NamedTuple):
    """Why a card may not be played: a code, the suit concerned and the cards that may."""

    code: str
    suit: int
    allowed: int


def explain(hand: int, card: int, allowed: int, lead: int, win: int, trump: int) -> Reason:
    """The obligation that forbids ``card``, given the legal mask ``allowed``."""
    if not hand >> card & 1:
        return Reason("not_in_hand", card // 12, allowed)
    if lead >= 0 and hand & SUIT_MASK[lead]:
        higher = allowed != hand & SUIT_MASK[lead]
        return Reason("must_follow_higher" if higher else "must_follow", lead, allowed)
    if trump >= 0 and allowed & SUIT_MASK[trump] == allowed:
        higher = win // 12 == trump
        return Reason("must_trump_higher" if higher else "must_trump", trump, allowed)
    return Reason("lowest_card", -1, allowed)


_REASONS = {
    "must_follow_higher": ("Debes asistir a {suit} con una carta mayor: {cards}",
                           "You must follow {suit} with a higher card: {cards}"),
    "must_follow": ("Debes asistir a {suit}: {cards}", "You must follow {suit}: {cards}"),
    "must_trump_higher": ("Debes fallar con un triunfo mayor: {cards}",
                          "You must trump with a higher trump: {cards}"),
    "must_trump": ("Debes fallar con triunfo: {cards}", "You must trump: {cards}"),
    "lowest_card": ("No vale cargar: juega la carta de menos valor: {cards}",
                    "No loading: play your lowest-value card: {cards}"),
    "not_in_hand": ("No tienes esa carta", "You do not hold that card"),
}


def reason_text(reason: Reason, lang: str = "en") -> str:
    """A player's sentence for why a card may not be played, in ``es`` or ``en``."""
    es, en = _REASONS[reason.code]
    names = SUIT_NAMES_ES if lang == "es" else SUIT_NAMES_EN
    joiner = " o " if lang == "es" else " or "
    cards = joiner.join(card_text(c) for c in cards_of(reason.allowed))
    suit = names[reason.suit] if reason.suit >= 0 else ""
    return (es if lang == "es" else en).format(suit=suit, cards=cards)
