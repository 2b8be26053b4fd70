"""What players say at the table outside the play: bids, passes, trumps named, doubles,
juego and acompaño, the called card; and the labels of the buttons that say it."""

from __future__ import annotations

from tute.cardnames import card_name, suit
from tute.engine.actions import BID, CALL, DOUBLE, TRUMP
from tute.i18n import N_, _

DOUBLES = (N_("Contro"), N_("Recontro"), N_("Sant Vicenç"))
"""The first, second and third double of a Butifarra hand."""
DOUBLE_MEANINGS = (
    N_("Contro: you say your side will beat the trumps the others named"),
    N_("Recontro: you say the trumps your side named will win, contro or not"),
    N_("Sant Vicenç: you say your side will still beat them, recontro or not"))
"""What each double means for the one asked (docs/rules.md §9: the defenders contran, the side
that named trumps recontra, the defenders say Sant Vicenç)."""
WORDS = {"pass": N_("Pass"), "takeover": N_("I take it over"), "butifarra": N_("Butifarra!"),
         "delegate": N_("Delegate"), "juego": N_("Juego!"), "acompano": N_("Acompaño")}


def double_name(doubles: int) -> str:
    """The name of the next double after ``doubles`` of them."""
    return _(DOUBLES[min(doubles, len(DOUBLES) - 1)])


def double_meaning(doubles: int) -> str:
    """What the next double after ``doubles`` of them says, in the words of the side asked."""
    return _(DOUBLE_MEANINGS[min(doubles, len(DOUBLE_MEANINGS) - 1)])


def said(verb: str, arg: int = 0, doubles: int = 0) -> str:
    """An action said before the play (a ``Spoke`` event's or an ``Action``'s verb and
    argument: a bid's points, the suit named, the card called) as the player says it;
    ``doubles`` counts the doubles before this one."""
    if verb == BID:
        return _("I bid {n}").format(n=arg)
    if verb == TRUMP:
        return _("Trumps: {suit}").format(suit=suit(arg))
    if verb == CALL:
        return _("I call {card}").format(card=card_name(arg))
    if verb == DOUBLE:
        return double_name(doubles) + "!"
    return _(WORDS.get(verb, verb))
