"""Cards named in words in the player's language ("the horse of cups", "la sota de oros").

Notation such as ``11C`` is for records: in English its C would read as clubs, so nothing
the player reads uses it. Sentences about a refused card are built here from the engine's
Reason (its code, suit and allowed cards) rather than from the engine's own text.
"""

from __future__ import annotations

from itertools import groupby

from tute.cards import cards_of
from tute.engine.obligations import Reason
from tute.i18n import N_, _

SUITS = (N_("coins"), N_("cups"), N_("swords"), N_("clubs"))
OF_SUITS = (N_("{rank} of coins"), N_("{rank} of cups"), N_("{rank} of swords"),
            N_("{rank} of clubs"))
"""A rank (or a list of ranks) of a suit: one message per suit, so that each language can
join them its own way (Catalan elides: "l'as d'ors", "el rei de copes")."""
RANKS = {1: N_("the ace"), 2: N_("the two"), 3: N_("the three"), 4: N_("the four"),
         5: N_("the five"), 6: N_("the six"), 7: N_("the seven"), 8: N_("the eight"),
         9: N_("the nine"), 10: N_("the jack"), 11: N_("the horse"), 12: N_("the king")}
"""Each rank with its article: Spanish needs "la sota" but "el caballo"."""
FOURS = {1: N_("four aces"), 2: N_("four twos"), 3: N_("four threes"), 4: N_("four fours"),
         5: N_("four fives"), 6: N_("four sixes"), 7: N_("four sevens"), 8: N_("four eights"),
         9: N_("four nines"), 10: N_("four jacks"), 11: N_("four horses"),
         12: N_("four kings")}
"""The four cards of a rank, as a tute names them ("four kings or four horses")."""

REASONS = {
    "must_follow_higher": N_("You must follow {suit} with a higher card: {cards}"),
    "must_follow": N_("You must follow {suit}: {cards}"),
    "must_trump_higher": N_("You must trump with a higher trump: {cards}"),
    "must_trump": N_("You must trump: {cards}"),
    "lowest_card": N_("No loading: play your lowest-value card: {cards}"),
    "not_in_hand": N_("You do not hold that card"),
}
OTHER_REASON = N_("You may play {cards}")
"""For a reason this version does not know yet: at least say what may be played."""


def or_list(items: list[str]) -> str:
    """ "a", "a or b", "a, b or c"."""
    if len(items) < 2:
        return "".join(items)
    return _("{a} or {b}").format(a=", ".join(items[:-1]), b=items[-1])


def pair_words(ranks: tuple[int, int]) -> str:
    """A cante's pair by the game's ranks, of no suit: "the king and the horse"."""
    return _("{a} and {b}").format(a=_(RANKS[ranks[0]]), b=_(RANKS[ranks[1]]))


def pair_phrase(ranks: tuple[int, int], s: int) -> str:
    """A cante's pair by the game's ranks: "the king and the horse of coins"."""
    return _(OF_SUITS[s]).format(rank=pair_words(ranks))


def tute_phrase(ranks: tuple[int, ...]) -> str:
    """What a tute is by the game's ranks: "four kings or four horses"."""
    return or_list([_(FOURS[r]) for r in ranks])


def suit(s: int) -> str:
    return _(SUITS[s])


def rank_name(c: int) -> str:
    return _(RANKS[c % 12 + 1])


def card_name(c: int) -> str:
    """ "the horse of cups" / "el caballo de copas"."""
    return _(OF_SUITS[c // 12]).format(rank=rank_name(c))


def cards_phrase(cards: list[int]) -> str:
    """Several cards, grouped by suit: "the ace or the three of coins or the king of cups"."""
    groups = [_(OF_SUITS[s]).format(rank=or_list([rank_name(c) for c in same]))
              for s, same in groupby(sorted(cards), key=lambda c: c // 12)]
    return or_list(groups)


def refusal(reason: Reason) -> str:
    """Why a card may not be played, in words: "You must follow cups: the king of cups"."""
    message = REASONS.get(reason.code, OTHER_REASON)
    return _(message).format(suit=suit(reason.suit) if reason.suit >= 0 else "",
                             cards=cards_phrase(cards_of(reason.allowed)))
