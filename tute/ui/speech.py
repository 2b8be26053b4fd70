"""What players say at the table outside the play: bids, passes, trumps named, doubles,
juego and acompaño, the called card; and the labels of the buttons that say it."""

from __future__ import annotations

from tute.cards import parse_card
from tute.i18n import N_, _
from tute.ui.cardnames import card_name, suit

DOUBLES = (N_("Contro"), N_("Recontro"), N_("Sant Vicenç"))
"""The first, second and third double of a Butifarra hand."""
WORDS = {"pass": N_("Pass"), "takeover": N_("I take it over"), "butifarra": N_("Butifarra!"),
         "delegate": N_("Delegate"), "juego": N_("Juego!"), "acompano": N_("Acompaño")}


def double_name(doubles: int) -> str:
    """The name of the next double after ``doubles`` of them."""
    return _(DOUBLES[min(doubles, len(DOUBLES) - 1)])


def said(text: str, doubles: int = 0) -> str:
    """A record text (``bid 60``, ``trump O``, ``call 1O``) as the player says it;
    ``doubles`` counts the doubles before this one."""
    verb, _sep, arg = text.partition(" ")
    if verb == "bid":
        return _("I bid {n}").format(n=arg)
    if verb == "trump":
        return _("Trumps: {suit}").format(suit=suit("OCEB".index(arg)))
    if verb == "call":
        return _("I call {card}").format(card=card_name(parse_card(arg)))
    if verb == "double":
        return double_name(doubles) + "!"
    return _(WORDS.get(verb, verb))


def multiplier_line(multiplier: int) -> str:
    return _("Stakes ×{n}").format(n=multiplier)
