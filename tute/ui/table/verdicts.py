"""The hard level's verdict on a decision, in words: how many it would have made otherwise,
what was played and what it would have done, by how much, and why (the hand review's notes
and the hand result's first difference)."""

from __future__ import annotations

from tute.cardnames import card_name, pair_phrase, tute_phrase
from tute.engine import Action, Observation
from tute.engine.actions import ACCUSE, EXCHANGE, PLAY, SING, SING_40, SING_TUTE
from tute.i18n import _, ngettext
from tute.review import CHIPS, MARKS, NOISE_SIGMAS, SURE_SIGMAS, Decision, HandReview
from tute.ui.table import hint_decisions, hints
from tute.ui.table.session import HUMAN
from tute.ui.words import texts


def summary(review: HandReview, names: list[str]) -> str:
    """ "Your decisions unlike the hard level's: 3 of 9" (two counts, no noun beside
    either: "0 of your 1 decisions" cannot happen)."""
    n, k = len(review.decisions), len(review.differing)
    if not n:
        return _("Nothing to decide in this hand")
    if review.seat == HUMAN:
        return _("Your decisions unlike the hard level's: {k} of {n}").format(k=k, n=n)
    return _("{name}'s decisions unlike the hard level's: {k} of {n}").format(
        k=k, n=n, name=names[review.seat])


def note(d: Decision, unit: str, names: list[str]) -> str:
    """ "You played the king of coins — the hard level would have played the three of
    coins (about 0.4 marks better on average)"."""
    seat = d.obs.seat
    mine = choice_words(d.obs, d.played, names)
    if d.played.verb == PLAY:
        deed = _("You played {card}") if seat == HUMAN else _("{name} played {card}")
    else:
        deed = _("You chose: {choice}") if seat == HUMAN else _("{name} chose: {choice}")
    deed = deed.format(card=mine, choice=mine, name=names[seat])
    theirs = choice_words(d.obs, d.hard, names)
    if d.agrees:
        if d.hard == d.played:
            verdict = _("the hard level agrees")
        elif d.sigmas is not None and 0 < d.sigmas < NOISE_SIGMAS:  # leaned, within noise
            verdict = _("the hard level finds it as good as {choice}: the difference is "
                        "within the scatter of its guesses").format(choice=theirs)
        else:
            verdict = _("the hard level finds it as good as {choice}").format(choice=theirs)
        return f"{deed} — {verdict}"
    verdict = (_("the hard level would have played {card}") if d.hard.verb == PLAY else
               _("the hard level would have chosen: {choice}")).format(card=theirs,
                                                                        choice=theirs)
    if d.gain is not None:
        gain = gain_text(d.gain, unit)
        if d.sigmas is not None:
            gain = (_("{gain}; the hard level is sure of it") if d.sigmas >= SURE_SIGMAS
                    else _("{gain}; the hard level is fairly sure of it")).format(gain=gain)
        verdict += f" ({gain})"
    return f"{deed} — {verdict}"


def reason(d: Decision, names: list[str]) -> str:
    """Why the hard level chose otherwise. A cante sung where it would not sing is told as
    a cante (what singing shows), before what it would have done instead."""
    why = hints.sentence(d.obs, d.hard, names)
    if d.played.verb != SING or d.hard.verb == SING:
        return why
    if d.played.arg == SING_TUTE:
        cante = _("Singing tute shows everyone that you hold {cards}; the hard level "
                  "expected to do better without it now.").format(
            cards=tute_phrase(d.obs.view.kit.tute_ranks))
    else:
        trumps = d.played.arg == SING_40
        cante = _("Singing shows everyone that you hold {cards}; the hard level expected to "
                  "do better keeping them hidden for now.").format(
            cards=pair_phrase(d.obs.view.kit.pair_ranks,
                              d.obs.trump if trumps else d.played.arg))
    return f"{cante}\n{why}"


def choice_words(obs: Observation, action: Action, names: list[str]) -> str:
    """A card by its name, any other decision as its button or the hint names it."""
    if action.verb == PLAY:
        return card_name(action.arg)
    if action.verb == SING:
        return texts.cante_button(action, obs.trump, texts.cante_holder(action, obs.view, names))
    if action.verb == EXCHANGE:
        return texts.exchange_choice(action.arg, obs.hand, names[(obs.seat + 2) % len(names)])
    if action.verb == ACCUSE:
        return _("Accuse {name} of revoking").format(name=names[action.arg])
    return hint_decisions.what(obs, action)


def plural_of(amount: float) -> int:
    """The count ngettext is given for a measure: 1 only for exactly one (0.4 marks)."""
    return 1 if amount == 1 else 2


def gain_text(gain: float, unit: str) -> str:
    """ "about 0.4 marks better on average", in the game's own measure."""
    if unit == MARKS:
        marks = round(gain, 1 if gain >= 0.1 else 2)
        return ngettext("about {n} mark better on average", "about {n} marks better on average",
                        plural_of(marks)).format(n=texts.number(marks))
    if unit == CHIPS:
        chips = round(gain, 1)
        return ngettext("about {n} chip better on average", "about {n} chips better on average",
                        plural_of(chips)).format(n=texts.number(chips))
    n = max(1, round(gain))
    return ngettext("about {n} point better on average", "about {n} points better on average",
                    n).format(n=n)
