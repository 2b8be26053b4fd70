"""What a finished hand is worth to a seat, game by game (the engine knows no objective).

Each settlement has its aim: games decided by losers (Cabrero's marks, Codillo's sides, a
single decisive hand, the final duel) value not losing first, then others losing;
Subastado values the money the contract moves, Bato the chips, Butifarra the score; the
other games scored by points value the margin of the seat's side over the best other side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tute.engine import HandState
from tute.engine.scoring import HandResult, stake
from tute.engine.settlement import trick_shares

OTHER_LOSER_BONUS = 0.2
"""Utility of each other seat's lost hand, against -1 for each mark one takes."""
RETIRED_PENALTY = 0.5
"""Extra cost of a loss that retires the seat: the match is lost with it."""
RETIRED_BONUS = 0.3
"""Extra worth of another seat retiring: one survivor fewer to beat."""
POINTS_SCALE = 100.0
"""Points (or money, or score) of margin worth one lost hand."""
CHIPS_SCALE = 10.0
"""Bato's chips worth one lost hand (a pot holds a few antes)."""


@dataclass(frozen=True)
class Standing:
    """What the match carries into the hand, as the seat sees it."""

    marks: Sequence[int]
    lives: int
    pot: int = 0


Objective = Callable[[HandState, HandResult, int, Standing], float]


def by_losers(h: HandState, result: HandResult, seat: int, standing: Standing) -> float:
    """Marks games: a mark taken costs one; another seat's, a little gain."""
    value = 0.0
    for loser in result.losers:
        retires = standing.marks[loser] + result.marks >= standing.lives
        if loser == seat:
            value -= result.marks + RETIRED_PENALTY * retires
        else:
            value += OTHER_LOSER_BONUS + RETIRED_BONUS * retires
    return value


def money(h: HandState, result: HandResult, seat: int, standing: Standing) -> float:
    """Subastado: the stake won or paid; the declarer's against every other player at
    the table, the dealer sitting out (or a displaced bidder) included."""
    paid = stake(h) * (1 if result.extra["made"] else -1)
    return (paid * (h.n - 1) if seat == h.declarer else -paid) / POINTS_SCALE


def chips(h: HandState, result: HandResult, seat: int, standing: Standing) -> float:
    """Bato: the pot's quarters the seat's tricks earn, less the pot a bateado pays."""
    won = trick_shares(h, standing.pot)[seat]
    return (won - (standing.pot if seat in result.losers else 0)) / CHIPS_SCALE


def score(h: HandState, result: HandResult, seat: int, standing: Standing) -> float:
    """Butifarra: the score the hand writes for the seat's team, less the other's."""
    sheet = result.extra["score"]
    assert isinstance(sheet, list)
    mine = h.side_of[seat]
    return float(sheet[mine] - sheet[1 - mine]) / POINTS_SCALE


def juegos(h: HandState, result: HandResult, seat: int, standing: Standing) -> float:
    """Games scored in juegos (parejas, Tute a dos's ``juegos``): the juegos the seat's side
    wins less the other's; the margin in points only breaks ties between equal juegos."""
    mine = h.side_of[seat]
    won = result.juegos
    return float(2 * won[mine] - sum(won)) + margin(h, result, seat, standing) / POINTS_SCALE


def margin(h: HandState, result: HandResult, seat: int, standing: Standing) -> float:
    """Games scored by points: the seat's side over the best other side."""
    mine = h.side_of[seat]
    sides = result.side_points
    others = {h.side_of[s] for s in h.playing} - {mine}
    best = max(sides[side] for side in others) if others else 0
    return float(sides[mine] - best) / POINTS_SCALE


OBJECTIVES: dict[str, Objective] = {"marks": by_losers, "single_hand": by_losers,
                                    "side_marks": by_losers, "balances": money,
                                    "chips": chips, "team_target": score, "juegos": juegos}
"""By settlement; the others play for the margin."""


def utility(h: HandState, seat: int, standing: Standing) -> float:
    """The finished hand ``h``'s worth to ``seat`` (nothing for a hand all passed)."""
    if h.void:
        return 0.0
    kit = h.kit
    objective = OBJECTIVES.get(kit.settlement_name, margin)
    return objective(h, kit.scorer(h), seat, standing)
