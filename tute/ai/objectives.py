"""What a finished hand is worth to a seat, game by game (the engine knows no objective).

Games decided by losers (Cabrero's marks, a single decisive hand, the final duel) value not
losing first, then others losing; games scored by points value the margin of the seat's
side over the best other side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tute.engine import HandState

OTHER_LOSER_BONUS = 0.2
"""Utility of each other seat's lost hand, against -1 for each mark one takes."""
RETIRED_PENALTY = 0.5
"""Extra cost of a loss that retires the seat: the match is lost with it."""
RETIRED_BONUS = 0.3
"""Extra worth of another seat retiring: one survivor fewer to beat."""
POINTS_SCALE = 100.0
"""Points of margin worth one lost hand, in games scored by points."""

BY_LOSERS = {"marks", "single_hand"}


@dataclass(frozen=True)
class Standing:
    """What the match carries into the hand, as the seat sees it."""

    marks: Sequence[int]
    lives: int


def utility(h: HandState, seat: int, standing: Standing) -> float:
    """The finished hand ``h``'s worth to ``seat``."""
    kit = h.kit
    result = kit.scorer(h)
    if kit.settlement_name in BY_LOSERS:
        value = 0.0
        for loser in result.losers:
            retires = standing.marks[loser] + result.marks >= standing.lives
            if loser == seat:
                value -= result.marks + RETIRED_PENALTY * retires
            else:
                value += OTHER_LOSER_BONUS + RETIRED_BONUS * retires
        return value
    mine = h.side_of[seat]
    sides = result.side_points
    others = {h.side_of[s] for s in h.playing} - {mine}
    best = max(sides[side] for side in others) if others else 0
    return float(sides[mine] - best) / POINTS_SCALE
