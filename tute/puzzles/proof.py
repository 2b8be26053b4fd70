"""What each card of a position can force: the exact endgame search of the hard level
(``playout.moves``, its runs of equivalent cards, and ``playout.state_key`` for the table),
played as bridge problems are judged: the seat's side plays to reach the goal, every other
seat plays to stop it, all cards shown.

A goal is measured on the finished hand by a whole number (the side's tricks, its points
margin, whether the seat escaped the losers); the side maximizes it, the rest minimize it.
At the root every legal card is tried on its own (not one of each run), so two equivalent
cards that both succeed make the answer not unique, as they should.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass

from tute.ai.playout import StateKey, moves, state_key
from tute.engine import Action, HandState
from tute.engine.actions import PLAY

Measure = Callable[[HandState], int]


@dataclass(frozen=True)
class Goal:
    """What the seat must reach: ``tricks`` (``n`` of the tricks left, ``of``), ``points``
    (``n`` more points for the side, the last ``of`` tricks played), ``last`` (the side
    takes the last trick and its bonus), ``win`` (more
    points than every other side), ``safe`` (not among the hand's losers, where the hand
    marks its lowest takers), ``hand`` (not among its losers) or ``contract`` (the same,
    where a declarer plays against the rest: the contract made, or beaten)."""

    kind: str
    n: int = 0
    of: int = 0

    def to_data(self) -> dict[str, object]:
        if self.kind in COUNTED:
            return {"kind": self.kind, "n": self.n, "of": self.of}
        return {"kind": self.kind}


KINDS = ("tricks", "win", "safe", "hand", "contract", "points", "last")
COUNTED = ("tricks", "points")
"""The goals counted from the position on: ``n`` more of what was taken before it."""


def measure(kind: str, h: HandState, seat: int) -> Measure:
    """The whole number a goal of ``kind`` is judged by, for ``seat`` of position ``h``."""
    side = h.side_of[seat]
    mates = [s for s in range(h.n) if h.side_of[s] == side]
    if kind == "tricks":
        return lambda g: sum(g.taken[s] for s in mates)
    if kind == "points":
        return lambda g: int(g.kit.scorer(g).side_points[side])
    if kind == "last":
        return lambda g: int(g.tricks[-1][0] in mates) if g.over and g.tricks else 0
    if kind == "win":
        def margin(g: HandState) -> int:
            sides = g.kit.scorer(g).side_points
            others = [sides[g.side_of[s]] for s in g.playing if g.side_of[s] != side]
            return int(sides[side] - max(others))
        return margin
    if kind in ("safe", "hand", "contract"):
        return lambda g: int(seat not in g.kit.scorer(g).losers)
    raise ValueError(f"unknown goal '{kind}' (known: {', '.join(KINDS)})")


def reached(goal: Goal, value: int, base: int) -> bool:
    """Whether a card whose forced value is ``value`` reaches ``goal`` (``base``: the
    measure's value at the position, the tricks already taken)."""
    if goal.kind in COUNTED:
        return value - base >= goal.n
    return value > 0


def base_of(kind: str, h: HandState, seat: int) -> int:
    """The measure at the position, for the goals counted from it (0 for the others)."""
    return measure(kind, h, seat)(h) if kind in COUNTED else 0


class Solver:
    """The forced value of every position of one search (one seat's side, one measure)."""

    def __init__(self, side: int, score: Measure) -> None:
        self.side = side
        self.score = score
        self.table: dict[StateKey, int] = {}

    def value(self, g: HandState) -> int:
        """The measure when both sides play best from ``g``."""
        if g.over:
            return self.score(g)
        key = state_key(g)
        known = self.table.get(key)
        if known is not None:
            return known
        s = g.to_act
        values = []
        for action in moves(g, s):
            child = g.copy()
            child.apply(action)
            values.append(self.value(child))
        best = max(values) if g.side_of[s] == self.side else min(values)
        self.table[key] = best
        return best

    def best_line(self, g: HandState) -> list[str]:
        """The actions of a line both sides play best, to the hand's end (record text)."""
        line: list[str] = []
        g = g.copy()
        while not g.over:
            target = self.value(g)
            for action in moves(g, g.to_act):
                child = g.copy()
                child.apply(action)
                if self.value(child) == target:
                    line.append(action.record_text())
                    g = child
                    break
        return line


def card_values(h: HandState, seat: int, kind: str) -> tuple[dict[int, int], Solver]:
    """Each card the obligations allow ``seat`` (to play at ``h``) and the value it forces,
    and the solver that found them (for the lines). A revoke, where house rules let one be
    played, is no answer: the search, like the hard level's, never plays or accuses one."""
    solver = Solver(h.side_of[seat], measure(kind, h, seat))
    out = {}
    for action in legal_plays(h, seat):
        child = h.copy()
        child.apply(action)
        out[action.arg] = solver.value(child)
    return out, solver


def legal_plays(h: HandState, seat: int) -> list[Action]:
    """The cards the obligations allow ``seat`` (to play at ``h``), as actions."""
    allowed = h.obligation_mask(seat)
    return [a for a in h.legal_actions() if a.verb == PLAY and allowed >> a.arg & 1]


def unique_answer(values: dict[int, int], goal: Goal, base: int) -> int | None:
    """The one card that reaches ``goal``, or None when none or several do."""
    good = [c for c, v in values.items() if reached(goal, v, base)]
    return good[0] if len(good) == 1 else None


def position_key(h: HandState, seat: int) -> str:
    """The position up to a renaming of suits: the least of its 24 renamings (hands,
    the trick on the table, trumps, the seat), as text."""
    best = ""
    for perm in itertools.permutations(range(4)):
        def mapped(c: int, perm: tuple[int, ...] = perm) -> int:
            return perm[c // 12] * 12 + c % 12

        hands = [sorted(mapped(c) for c in range(48) if hand >> c & 1) for hand in h.hands]
        trick = [mapped(c) for c in h.trick_cards]
        trump = perm[h.trump] if 0 <= h.trump < 4 else -1
        text = json.dumps([h.n, seat, trump, hands, trick, h.trick_seats])
        if not best or text < best:
            best = text
    return best
