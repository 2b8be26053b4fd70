"""Puzzles in words, in the current language: the goal as the player is asked it, and the
one-line explanation the generator writes into the file for each language, built from the
solver's values (what the answer forces, what the tempting card leaves the defence)."""

from __future__ import annotations

from tute.cardnames import card_name
from tute.i18n import _, ngettext
from tute.puzzles.proof import Goal
from tute.puzzles.themes import BY_KEY


def goal_text(goal: Goal, opponents: int) -> str:
    """The goal as the player is asked it: "Take 2 of the last 3 tricks"; ``opponents``:
    the seats on other sides than the player's (one: the other side is one opponent)."""
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


def explanation(goal: Goal, answer: int, tempting: int, answer_value: int,
                tempting_value: int, base: int, opponents: int, theme: str = "") -> str:
    """The idea (the theme's sentence), then the result: why only ``answer`` works and
    what ``tempting`` leaves, from the values the solver found; ``opponents`` as for
    ``goal_text`` (one: "your opponent", not "the other side")."""
    idea = BY_KEY.get(theme)
    result = _result(goal, answer, tempting, answer_value, tempting_value, base, opponents)
    if idea is None:
        return result
    names = {"answer": card_name(answer), "tempting": card_name(tempting)}
    return f"{_(idea.idea).format(**names)} {result}"


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
    """``explanation`` face to face (a win or tricks): the defence is one opponent."""
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
