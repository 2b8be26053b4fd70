"""The hint's sentence for a decision before play: bids, takeover, juego and acompaño,
trumps, butifarra, delegation, doubles, the called card and Bato's discard.

The easy and medium levels decide these from an estimate of what the hand makes
(``tute.ai.declare``); the hard level searches sampled deals and mostly agrees. Where it
agrees, the sentence gives that estimate or the test the choice passed; where it does not,
it says that the search found the choice better.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tute.ai.declare import (
    best_trump,
    decide,
    juego_need,
    masters,
    partner_passed,
    side_estimate,
)
from tute.cardnames import card_name, suit
from tute.cards import cards_of
from tute.engine import Action, Observation
from tute.engine.actions import (
    ACOMPANO,
    BID,
    BUTIFARRA,
    CALL,
    DELEGATE,
    DISCARD,
    DOUBLE,
    DRAW,
    JUEGO,
    PASS,
    TAKEOVER,
    TRUMP,
)
from tute.i18n import N_, _, ngettext
from tute.ui.words import texts
from tute.ui.words.sayings import WORDS, double_name

PICKED = {BUTIFARRA: N_("Butifarra (no trumps)"), JUEGO: N_("Juego"),
          ACOMPANO: N_("Acompaño"), TAKEOVER: N_("Take it over"), DELEGATE: N_("Delegate")}
"""Decisions named as the pickers' buttons name them."""
SEARCHED = N_("the hard level finds it best over many guessed deals")
"""Said when no simpler fact explains the choice: how the hard level really chose."""


def explain(obs: Observation, action: Action, choices: Sequence[Action]) -> tuple[str, str]:
    """What to do, as the player would say it, and why."""
    verb = action.verb
    if len(choices) == 1:
        return what(obs, action), _("it is the only thing you may do now")
    if action != decide(obs, choices, random.Random(0)):
        return what(obs, action), _(SEARCHED)
    if verb == PASS:
        return _(WORDS[PASS]), why_pass(obs, {a.verb for a in choices})
    return what(obs, action), why(obs, action)


def what(obs: Observation, action: Action) -> str:
    verb, arg = action.verb, action.arg
    if verb == BID:
        return _("Bid {n}").format(n=arg)
    if verb == TRUMP:
        return _("Name {suit} as trumps").format(suit=suit(arg))
    if verb == CALL:
        return _("Call {card}").format(card=card_name(arg))
    if verb == DISCARD:
        cards = [card_name(c) for c in cards_of(arg)]
        return _("Change {cards}").format(cards=texts.names_list(cards)) if cards else \
            _("Keep your cards")
    if verb == DOUBLE:
        return double_name(obs.view.doubles)
    if verb == DRAW:
        return texts.draw_button()
    return _(PICKED.get(verb) or WORDS.get(verb, verb))


def why(obs: Observation, action: Action) -> str:
    """Why the hard level says this rather than pass."""
    verb, hand = action.verb, obs.hand
    if verb == BID:
        s, value = best_trump(obs, hand)
        n = round(value)
        return ngettext("with {suit} as trumps your hand should make about {n} point",
                        "with {suit} as trumps your hand should make about {n} points",
                        n).format(suit=suit(s), n=n)
    if verb == TRUMP and best_trump(obs, hand)[0] == action.arg:
        n = round(best_trump(obs, hand)[1])
        return ngettext("your hand should make the most with them, about {n} point",
                        "your hand should make the most with them, about {n} points",
                        n).format(n=n)
    if verb == TAKEOVER:
        return _("a bid of {n} is low enough to play it yourself").format(n=obs.view.bid)
    if verb == CALL:
        if action.arg // 12 == obs.trump:
            return _("it is the strongest trump you lack, so its holder helps you most")
        return _("it is the strongest card you lack")
    if verb == DISCARD:
        return _("they are unlikely to take a trick") if action.arg else \
            _("each of them may take a trick")
    if verb == ACOMPANO:
        return _("your cards should take the one trick you need")
    if verb == JUEGO:
        if obs.view.kit.rules.juego_sums:
            return _("your cards look strong enough to take two tricks")
        n = round(best_trump(obs, hand)[1])
        return ngettext("your hand should make about {n} point, well over a fair share",
                        "your hand should make about {n} points, well over a fair share",
                        n).format(n=n)
    if verb == BUTIFARRA:
        n = masters(hand, obs.view.kit.order.ranks)
        return ngettext("you hold {n} nine or ace, enough to play without trumps",
                        "you hold {n} nines and aces, enough to play without trumps",
                        n).format(n=n)
    if verb == DELEGATE:
        n = round(best_trump(obs, hand)[1])
        return ngettext("with its best trumps your hand should make only about {n} point",
                        "with its best trumps your hand should make only about {n} points",
                        n).format(n=n)
    if verb == DOUBLE and partner_passed(obs):
        n = side_points(obs)
        return ngettext("your partner passed, but your side should still make about {n} "
                        "point, enough to double",
                        "your partner passed, but your side should still make about {n} "
                        "points, enough to double", n).format(n=n)
    if verb == DOUBLE:
        n = side_points(obs)
        return ngettext("your side should make about {n} point, enough to double",
                        "your side should make about {n} points, enough to double",
                        n).format(n=n)
    return _(SEARCHED)


def why_pass(obs: Observation, verbs: set[str]) -> str:
    """Why pass, against the other choice of the turn."""
    hand = obs.hand
    if BID in verbs:
        low = min(a.arg for a in obs.legal if a.verb == BID)
        n = round(best_trump(obs, hand)[1])
        return ngettext("your hand should make only about {n} point, too few to bid {bid}",
                        "your hand should make only about {n} points, too few to bid {bid}",
                        n).format(n=n, bid=low)
    if TAKEOVER in verbs:
        return _("a bid of {n} is too high to take over").format(n=obs.view.bid)
    if ACOMPANO in verbs:
        return _("your cards are unlikely to take a trick")
    if JUEGO in verbs and obs.view.kit.rules.juego_sums:
        return _("your cards look too weak to take two tricks")
    if JUEGO in verbs:
        n = round(best_trump(obs, hand)[1])
        return ngettext("your hand should make about {n} point, short of the {need} juego "
                        "needs",
                        "your hand should make about {n} points, short of the {need} juego "
                        "needs", n).format(n=n, need=round(juego_need(obs)))
    if DOUBLE in verbs and partner_passed(obs):
        n = side_points(obs)
        return ngettext("your partner passed, so your side should make only about {n} point, "
                        "too few to double",
                        "your partner passed, so your side should make only about {n} points, "
                        "too few to double", n).format(n=n)
    if DOUBLE in verbs:
        n = side_points(obs)
        return ngettext("your side should make only about {n} point, too few to double",
                        "your side should make only about {n} points, too few to double",
                        n).format(n=n)
    return _(SEARCHED)



def side_points(obs: Observation) -> int:
    """The doubling estimate: this hand's points, and a partner's taken as alike (or as
    weaker, when he has just passed the double)."""
    return round(side_estimate(obs))
