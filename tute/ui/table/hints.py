"""Practice's hint: what the hard level would do now, and why in one sentence.

The choice is the hard level's own (the table runs ``hint`` off the frame loop); the sentence
is built afterwards from facts of the position that are true whatever the search saw: the
obligation in force (the engine's reason codes), whether the card takes the trick, whether
it is the lowest that does, a partner's trick, trumps kept; for the decisions before play,
the hand's estimate that every level decides with (``tute.ai.declare``). Cards are named in
words, never in record notation.
"""

from __future__ import annotations

from dataclasses import dataclass

from tute.ai.base import Player
from tute.cardnames import card_name, rank_name, suit, tute_phrase
from tute.cards import beats, cards_of
from tute.engine import Action, Observation
from tute.engine.actions import ACCUSE, EXCHANGE, PLAY, SING, SING_40, SING_TUTE
from tute.i18n import N_, _, ngettext
from tute.ui.table import hint_decisions
from tute.ui.words import texts

DUTIES = {
    "must_follow_higher": N_("you must follow {suit} and beat {card}"),
    "must_follow": N_("you must follow {suit}"),
    "must_trump_higher": N_("you have no {suit} and must trump over {card}"),
    "must_trump": N_("you have no {suit} and must trump"),
    "lowest_card": N_("you cannot take the trick, so you may not load it"),
}
"""The obligation in force, by the engine's reason code (tute.engine.obligations)."""


@dataclass(frozen=True)
class Hint:
    action: Action
    text: str


def hint(obs: Observation, player: Player, names: list[str]) -> Hint:
    """The hard level's choice for the player's position and why (slow: the table runs it
    on the worker)."""
    action = player.choose(obs)
    return Hint(action, sentence(obs, action, names))


def sentence(obs: Observation, action: Action, names: list[str]) -> str:
    """ "Play the three of coins: you must follow coins and beat the king of coins, and
    the three is your lowest card that takes it"."""
    choices = [a for a in obs.legal if a.verb != ACCUSE]
    if action.verb == PLAY:
        what = _("Play {card}").format(card=card_name(action.arg))
        why = _("it is the only card you may play") if len(choices) == 1 else \
            why_play(obs, action.arg)
    elif action.verb == SING:
        what = texts.cante_button(action, obs.trump, texts.cante_holder(action, obs.view, names))
        n = 40 if action.arg == SING_40 else 20
        why = _("{cards} win the hand at once").format(
            cards=tute_phrase(obs.view.kit.tute_ranks)) if (
            action.arg == SING_TUTE) else ngettext("it adds {n} point", "it adds {n} points",
                                                   n).format(n=n)
    elif action.verb == EXCHANGE:
        what = texts.exchange_choice(action.arg, obs.hand, names[(obs.seat + 2) % len(names)])
        why = _("a higher trump for a lower one")
    elif action.verb == ACCUSE:
        what = _("Accuse {name} of revoking").format(name=names[action.arg])
        why = _("you saw them break an obligation")
    else:
        what, why = hint_decisions.explain(obs, action, choices)
    return _("{action}: {reason}").format(action=what, reason=why)


def both(first: str, second: str) -> str:
    return _("{first}, and {second}").format(first=first, second=second) if first else second


def why_play(obs: Observation, c: int) -> str:
    """Why card ``c``: the duty in force, then what the card does in the trick."""
    if not obs.trick:
        return why_lead(obs, c)
    return both(duty(obs), what_it_does(obs, c))


def duty(obs: Observation) -> str:
    """The obligation that narrows the player's choice now, or "" when any card may go."""
    view, me = obs.view, obs.seat
    codes = {reason.code for c in cards_of(obs.hand)
             if (reason := view.why_illegal(me, c)) is not None}
    code = next((k for k in DUTIES if k in codes and k != "lowest_card"), None)
    if code is None:
        code = "lowest_card" if "lowest_card" in codes else None
    if code is None:
        return ""
    return _(DUTIES[code]).format(suit=suit(view.lead), card=card_name(view.win_card))


def what_it_does(obs: Observation, c: int) -> str:
    """Taking the trick (with the lowest card that does), loading a partner's trick,
    giving the least away, keeping trumps."""
    view = obs.view
    kit, trump, win = view.kit, view.trump, view.win_card
    points = kit.card_points
    allowed = cards_of(view.obligation_mask(obs.seat) & obs.hand)
    winners = [x for x in allowed if beats(x, win, trump, kit.strength)]
    if c in winners:
        trumping = c // 12 == trump and view.lead != trump
        cheapest = min(winners, key=lambda x: (x // 12 == trump and view.lead != trump,
                                               kit.strength[x]))
        if len(winners) == 1:
            return _("it is your only card that takes the trick")
        if c == cheapest:
            return (_("{rank} is your lowest trump that takes it") if trumping else
                    _("{rank} is your lowest card that takes it")).format(rank=rank_name(c))
        if not trumping and not live(obs) & kit.beats[c]:
            return _("it takes the trick with the highest card of {suit} still out").format(
                suit=suit(c // 12))
        return _("it takes the trick for now")
    losers = [x for x in allowed if x not in winners]
    if view.win_seat in allies(obs):
        if points[c] and points[c] == max(points[x] for x in losers):
            return _("your partner is winning the trick, so load it with points")
        return _("your partner is winning the trick")
    cheapest_points = min(points[x] for x in losers)
    if not winners:
        if points[c] == cheapest_points:
            return _("you cannot take the trick, so give away as few points as you can")
        return _("you cannot take the trick")
    if trump >= 0 and c // 12 != trump and any(x // 12 == trump for x in winners):
        return _("keep your trumps and let this trick go")
    return _("let this trick go")


def why_lead(obs: Observation, c: int) -> str:
    """A lead: a card nobody can beat in its suit, trumps to draw trumps, a card worth
    nothing; else how the hard level chose."""
    view = obs.view
    kit = view.kit
    master = not live(obs) & kit.beats[c]
    if c // 12 == view.trump:
        return (_("no trump still out beats it, so it takes the trick") if master else
                _("leading trumps draws out the others' trumps"))
    if master:
        return _("no higher card of {suit} is still out").format(suit=suit(c // 12))
    if not kit.card_points[c]:
        return _("it is worth no points, so losing the trick costs little")
    return _(hint_decisions.SEARCHED)


def live(obs: Observation) -> int:
    """Cards still out: not played, not out of play and not in the player's hand."""
    view = obs.view
    return view.kit.deck & ~obs.hand & ~view.played & ~view.out_of_play


def allies(obs: Observation) -> set[int]:
    """The seats the player knows play on its side (none while a called partner hides)."""
    view, me = obs.view, obs.seat
    if obs.partner is not None:
        return {obs.partner}
    if view.called >= 0 and view.partner < 0:
        return set()
    return {s for s in obs.playing if s != me and view.side_of[s] == view.side_of[me]}
