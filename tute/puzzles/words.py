"""Puzzles in words, in the current language: the goal as the player is asked it, and the
explanation the miner writes into the file for each language: the idea (the theme's
sentence), what goes wrong after the tempting card (read from the solver's two lines), and
the result (from the solver's values: what the answer forces, what the tempting card leaves
the defence). Every sentence starts with a capital, a card's name too ("El as de bastos")."""

from __future__ import annotations

import re

from tute.cardnames import card_name
from tute.i18n import _, ngettext
from tute.puzzles.proof import Goal
from tute.puzzles.themes import BY_KEY, Lines, taker, trick_with


def goal_text(goal: Goal, opponents: int, partners: bool = True) -> str:
    """The goal as the player is asked it: "Take 2 of the last 3 tricks"; ``opponents``:
    the seats on other sides than the player's (one: the other side is one opponent);
    ``partners``: whether the player has any (points are then his side's, not his)."""
    if goal.kind == "win":
        if opponents == 1:
            return _("Win the hand: more points than your opponent")
        return _("Win the hand: more points than the other side")
    if goal.kind == "safe":
        return _("Escape the mark: do not lose the hand")
    if goal.kind == "hand":
        return _("Do not lose the hand")
    if goal.kind == "contract":
        return _("Make your contract, or beat theirs")
    if goal.kind == "last":
        return _("Take the last trick and its bonus")
    if goal.kind == "points" and not partners:
        return ngettext("Make {n} more point", "Make {n} more points", goal.n).format(n=goal.n)
    if goal.kind == "points":
        return ngettext("Make {n} more point for your side",
                        "Make {n} more points for your side", goal.n).format(n=goal.n)
    if goal.n == goal.of:
        return ngettext("Take the last {of} trick", "Take all of the last {of} tricks",
                        goal.of).format(of=goal.of)
    return ngettext("Take {n} of the last {of} trick", "Take {n} of the last {of} tricks",
                    goal.of).format(n=goal.n, of=goal.of)


def theme_name(key: str) -> str:
    """A theme's name in the current language ("" for none)."""
    theme = BY_KEY.get(key)
    return _(theme.name) if theme else ""


SENTENCE_START = re.compile(r"(^|[.!?]\s+)([^\w]*)(\w)")


def capitalised(text: str) -> str:
    """``text`` with the first letter of each sentence upper-case (a sentence may open on
    a card's name: "el as de bastos", "l'as d'ors")."""
    return SENTENCE_START.sub(lambda m: m[1] + m[2] + m[3].upper(), text)


def explanation(goal: Goal, answer: int, tempting: int, answer_value: int,
                tempting_value: int, base: int, opponents: int, theme: str = "",
                lines: Lines | None = None) -> str:
    """The idea (the theme's sentence), what goes wrong after ``tempting`` (``lines``: the
    solver's line after each card), then the result: why only ``answer`` works and what
    ``tempting`` leaves, from the values the solver found; ``opponents`` as for
    ``goal_text`` (one: "your opponent", not "the other side")."""
    idea = BY_KEY.get(theme)
    names = {"answer": card_name(answer), "tempting": card_name(tempting)}
    parts = [_(idea.idea).format(**names)] if idea is not None else []
    if lines is not None:
        parts.append(what_goes_wrong(lines))
    parts.append(_result(goal, answer, tempting, answer_value, tempting_value, base,
                         opponents))
    return capitalised(" ".join(p for p in parts if p))


def what_goes_wrong(x: Lines) -> str:
    """The first plain fact the solver's lines show against the tempting card: the trick
    it is played to goes to the other side where the answer's does not, or the last trick
    does, or the side takes another number of tricks; "" when they differ only in the
    points the tricks carry (or the tempting card takes a trick the answer lets go, which
    the theme's sentence says)."""
    names = {"answer": card_name(x.answer), "tempting": card_name(x.tempting)}
    mine = trick_with(x.after_answer, x.answer)
    theirs = trick_with(x.after_tempting, x.tempting)
    if (mine is not None and theirs is not None and x.mate(mine.winner)
            and not x.mate(theirs.winner)):
        return _("After {tempting}, {taker} takes this trick.").format(
            taker=card_name(taker(theirs)), **names)
    if (x.after_answer and x.after_tempting and x.mate(x.after_answer[-1].winner)
            and not x.mate(x.after_tempting[-1].winner)):
        return _("After {tempting}, {last} takes the last trick.").format(
            last=card_name(taker(x.after_tempting[-1])), **names)
    n, m = x.side_tricks(x.after_tempting), x.side_tricks(x.after_answer)
    alone = sum(x.mate(s) for s in range(x.h.n)) == 1
    if n != m and alone:
        return ngettext("With {tempting} you take {n} trick from here; with {answer}, {m}.",
                        "With {tempting} you take {n} tricks from here; with {answer}, {m}.",
                        n).format(n=n, m=m, **names)
    if n != m:
        return ngettext("With {tempting} your side takes {n} trick from here; with "
                        "{answer}, {m}.",
                        "With {tempting} your side takes {n} tricks from here; with "
                        "{answer}, {m}.", n).format(n=n, m=m, **names)
    return ""


def _result(goal: Goal, answer: int, tempting: int, answer_value: int,
            tempting_value: int, base: int, opponents: int) -> str:
    """The reason only ``answer`` works, from the values the solver found."""
    names = {"answer": card_name(answer), "tempting": card_name(tempting)}
    if opponents == 1 and goal.kind != "safe":  # a mark to escape: three players or more
        return _one_opponent(goal, answer_value, tempting_value - base, names)
    if goal.kind == "win":
        return ngettext("Only {answer} wins the hand against any defence, by {margin} point; "
                        "with {tempting} the other side makes at least as many.",
                        "Only {answer} wins the hand against any defence, by {margin} points; "
                        "with {tempting} the other side makes at least as many.",
                        answer_value).format(margin=answer_value, **names)
    if goal.kind == "safe":
        return _("Only {answer} escapes the mark against any defence; with {tempting} the "
                 "others can hand you the mark.").format(**names)
    if goal.kind in ("hand", "contract"):
        return _("Only {answer} keeps the hand from being lost against any defence; with "
                 "{tempting} the others can make you lose it.").format(**names)
    m = tempting_value - base
    if goal.kind == "last":
        return _("Only {answer} takes the last trick against any defence; with {tempting} "
                 "the others take it.").format(**names)
    if goal.kind == "points":
        return ngettext("Only {answer} makes {n} more point against any defence; "
                        "{tempting} makes {m}.",
                        "Only {answer} makes {n} more points against any defence; "
                        "{tempting} makes {m}.", goal.n).format(n=goal.n, m=m, **names)
    if goal.n == goal.of:
        return ngettext("Only {answer} takes the last {of} trick against any defence; "
                        "{tempting} takes {m}.",
                        "Only {answer} takes all of the last {of} tricks against any defence; "
                        "{tempting} takes {m}.", goal.of).format(of=goal.of, m=m, **names)
    return ngettext("Only {answer} takes {n} of the last {of} trick against any defence; "
                    "{tempting} takes {m}.",
                    "Only {answer} takes {n} of the last {of} tricks against any defence; "
                    "{tempting} takes {m}.", goal.of).format(n=goal.n, of=goal.of, m=m,
                                                             **names)


def _one_opponent(goal: Goal, margin: int, m: int, names: dict[str, str]) -> str:
    """``explanation`` face to face: the defence is one opponent (``m``: what the tempting
    card forces, counted from the position, for the counted goals)."""
    if goal.kind in ("hand", "contract"):
        return _("Only {answer} keeps the hand from being lost whatever your opponent "
                 "plays; with {tempting} your opponent can make you lose it.").format(**names)
    if goal.kind == "last":
        return _("Only {answer} takes the last trick whatever your opponent plays; with "
                 "{tempting} your opponent takes it.").format(**names)
    if goal.kind == "points":
        return ngettext("Only {answer} makes {n} more point whatever your opponent plays; "
                        "{tempting} makes {m}.",
                        "Only {answer} makes {n} more points whatever your opponent plays; "
                        "{tempting} makes {m}.", goal.n).format(n=goal.n, m=m, **names)
    if goal.kind == "win":
        return ngettext("Only {answer} wins the hand whatever your opponent plays, by {margin} "
                        "point; with {tempting} your opponent makes at least as many.",
                        "Only {answer} wins the hand whatever your opponent plays, by {margin} "
                        "points; with {tempting} your opponent makes at least as many.",
                        margin).format(margin=margin, **names)
    if goal.n == goal.of:
        return ngettext("Only {answer} takes the last {of} trick whatever your opponent "
                        "plays; {tempting} takes {m}.",
                        "Only {answer} takes all of the last {of} tricks whatever your "
                        "opponent plays; {tempting} takes {m}.", goal.of).format(
                            of=goal.of, m=m, **names)
    return ngettext("Only {answer} takes {n} of the last {of} trick whatever your opponent "
                    "plays; {tempting} takes {m}.",
                    "Only {answer} takes {n} of the last {of} tricks whatever your opponent "
                    "plays; {tempting} takes {m}.", goal.of).format(n=goal.n, of=goal.of, m=m,
                                                                     **names)
