"""Puzzles in words, in the current language: the goal as the player is asked it, and the
one-line explanation the generator writes into the file for each language, built from the
solver's values (what the answer forces, what the tempting card leaves the defence)."""

from __future__ import annotations

from tute.i18n import N_, _
from tute.puzzles.proof import Goal
from tute.ui.cardnames import card_name

ALL_TRICKS = N_("Take all of the last {of} tricks")
GOALS = {"tricks": N_("Take {n} of the last {of} tricks"),
         "win": N_("Win the hand: more points than the other side"),
         "safe": N_("Escape the mark: do not lose the hand")}
EXPLAINED = {
    "tricks": N_("Only {answer} takes {n} of the last {of} tricks against any defence; "
                 "{tempting} takes {m}."),
    "win": N_("Only {answer} wins the hand against any defence, by {margin} points; with "
              "{tempting} the other side makes at least as many."),
    "safe": N_("Only {answer} escapes the mark against any defence; with {tempting} the "
               "others can hand you the mark."),
}
EXPLAINED_ALL = N_("Only {answer} takes all of the last {of} tricks against any defence; "
                   "{tempting} takes {m}.")


def goal_text(goal: Goal) -> str:
    """The goal as the player is asked it: "Take 2 of the last 3 tricks"."""
    every = goal.kind == "tricks" and goal.n == goal.of
    return _(ALL_TRICKS if every else GOALS[goal.kind]).format(n=goal.n, of=goal.of)


def explanation(goal: Goal, answer: int, tempting: int, answer_value: int,
                tempting_value: int, base: int) -> str:
    """The reason only ``answer`` works, from the values the solver found."""
    every = goal.kind == "tricks" and goal.n == goal.of
    return _(EXPLAINED_ALL if every else EXPLAINED[goal.kind]).format(
        answer=card_name(answer), tempting=card_name(tempting), n=goal.n, of=goal.of,
        m=tempting_value - base, margin=answer_value)
