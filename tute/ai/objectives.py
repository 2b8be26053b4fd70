"""What a finished hand is worth to a seat, game by game (the engine knows no objective).

Each settlement has its aim: games decided by losers (Cabrero's marks, Codillo's sides, a
single decisive hand, the final duel) value not losing first, then others losing;
Subastado values the money the contract moves, Bato the chips, Butifarra the score;
parejas the juegos, arrastrado's lost games the lost games; races to 101 the margin of the
seat's side over the best other side. Where the hand may end the match (101 reached, a sung
tute in a race or with ``tute_wins: match``, the last juegos) the match's result counts on
top: the game's own settlement, run on a copy of the standing, says so, so that a sung tute
is valued at what it really earns there.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tute.engine import HandState
from tute.engine.scoring import HandResult, stake
from tute.engine.settlement import Aim, Extra, Ledger, trick_shares
from tute.engine.table import next_active

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
MATCH_WON = 1.0
"""Worth of winning the match with this hand (losing it: the opposite), on top of the
hand's own worth, so that the outcomes a search averages stay graded: a flat "match won"
or "match lost" leaves a search that sees it on every guess indifferent, playing anyhow
where the guesses were wrong (in Tute a dos it cost hard 12 points a hand)."""
MARGIN_WEIGHT = 0.3
"""Weight of the points margin where juegos or lost games decide: a smooth guide between
hands that end alike (the steps alone would leave most playouts tied)."""


@dataclass(frozen=True)
class Standing:
    """What the match carries into the hand, as the seat sees it."""

    marks: Sequence[int]
    lives: int
    pot: int = 0
    totals: Sequence[int] = ()
    """What the settlement carries per side (points, juegos, lost games)."""


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
    """Bato, §13: the shares of the pot the seat's tricks earn, less what a failed
    commitment pays (the pot times its factor: twice for §13's pinta taker by option)."""
    won = trick_shares(h, standing.pot)[seat]
    factor = h.kit.taker_pays if seat == h.taker else h.kit.fail_pays
    return (won - (standing.pot * factor if seat in result.losers else 0)) / CHIPS_SCALE


def score(h: HandState, result: HandResult, seat: int, standing: Standing) -> float:
    """Butifarra: the score the hand writes for the seat's team, less the other's."""
    sheet = result.extra["score"]
    assert isinstance(sheet, list)
    mine = h.side_of[seat]
    return float(sheet[mine] - sheet[1 - mine]) / POINTS_SCALE


def margin(h: HandState, result: HandResult, seat: int, standing: Standing) -> float:
    """Games scored by points: the seat's side over the best other side. Brisca too,
    though only passing 60 wins its hand: a search valuing the hand won (the margin a
    guide) won fewer hands in Brisca 2, -0.07 a hand [-0.19, +0.04], and made 4.7 points a
    hand fewer (400 hands at 48 guesses); over a few guessed deals the margin guides better."""
    mine = h.side_of[seat]
    sides = result.side_points
    others = {h.side_of[s] for s in h.playing} - {mine}
    best = max(sides[side] for side in others) if others else 0
    return float(sides[mine] - best) / POINTS_SCALE


def settled_match(h: HandState, result: HandResult, standing: Standing
                  ) -> tuple[Ledger, Extra]:
    """The match's ledger after ``h`` and the hand's settlement keys, by the game's own
    settlement run on a copy of the standing (the rules decide what a hand ends)."""
    ledger = Ledger(h.n, h.kit.sides)
    ledger.marks = list(standing.marks)
    if standing.totals:
        ledger.totals = list(standing.totals)
    _, extra = h.kit.settlement.settle(ledger, h, result)
    return ledger, extra


def _match(h: HandState, result: HandResult, seat: int, standing: Standing) -> tuple[float, Extra]:
    """The worth of the match if the hand ends it (won, lost or drawn; else nothing),
    and the hand's settlement keys."""
    ledger, extra = settled_match(h, result, standing)
    if not ledger.over or ledger.draw:
        return 0.0, extra
    return (MATCH_WON if seat in ledger.winners else -MATCH_WON), extra


def race(h: HandState, result: HandResult, seat: int, standing: Standing) -> float:
    """Points to 101: the margin, and the match on top where a sung tute ends the hand
    (before its points are made). 101 reached by points is worth its margin already: a
    bonus for it too cost hard 4 to 8 points a hand at 16 guesses in Tute a dos (two
    seeds), with no more matches won."""
    value = margin(h, result, seat, standing)
    if h.tute is None:
        return value
    match, _ = _match(h, result, seat, standing)
    return value + match


def juegos(h: HandState, result: HandResult, seat: int, standing: Standing) -> float:
    """Juegos (parejas, Tute a dos's ``juegos`` scoring): the juegos the seat's side won over
    the other side's (a sung tute: two), the margin a guide between equal ones, and the
    match if the hand ends it."""
    match, _ = _match(h, result, seat, standing)
    mine = h.side_of[seat]
    won = result.juegos[mine] - result.juegos[1 - mine]
    return match + won + MARGIN_WEIGHT * margin(h, result, seat, standing)


def lost_games(h: HandState, result: HandResult, seat: int, standing: Standing) -> float:
    """Arrastrado's lost games: a lost game taken costs one, another seat's is worth a
    little (a sung tute gives one to each other), the margin a guide, and the match if the
    hand ends it."""
    match, extra = _match(h, result, seat, standing)
    lost = extra["lost"]
    assert isinstance(lost, list)
    others = sum(int(k) for s, k in enumerate(lost) if s != seat)
    return (match - int(lost[seat]) + OTHER_LOSER_BONUS * others
            + MARGIN_WEIGHT * margin(h, result, seat, standing))


def winner(h: HandState, result: HandResult, seat: int, standing: Standing) -> float:
    """A partida: won or lost with the hand (the side the hand declares the winner), the
    margin a guide. Where the hand declares none (the race goes de vueltas), the chance
    that the seat's side then wins the partida, on the same scale (``vueltas_chance``),
    where the ruleset measured it; else the margin alone. The margin alone undervalued
    carried points 7 to 10 times: a Guiñote side 20 points up won the vueltas 3 times in 4
    (medium players), yet 20 points were 0.06 against the partida's 1."""
    won = result.winner_side
    if won is None:
        chance = vueltas_chance(h, result, seat)
        if chance is not None:
            return 2.0 * chance - 1.0
        return MARGIN_WEIGHT * margin(h, result, seat, standing)
    decided = 1.0 if won == h.side_of[seat] else -1.0
    return decided + MARGIN_WEIGHT * margin(h, result, seat, standing)


def vueltas_chance(h: HandState, result: HandResult, seat: int) -> float | None:
    """The chance that ``seat``'s side wins the partida that ``h`` carries into the
    vueltas, by the ruleset's ``vueltas_odds`` (None where it has none): a logistic in the
    carried difference, shifted by what leading the next hand is worth (the seat to the
    right of its dealer leads), that gives 3 to 1 at ``three_to_one`` points."""
    odds = h.kit.rules.vueltas_odds
    if odds is None:
        return None
    options = h.kit.options
    totals = result.extra["totals"]
    assert isinstance(totals, list)
    mine = h.side_of[seat]
    ahead = sum(t if side == mine else -t for side, t in enumerate(totals))
    leader = next_active([False] * h.n, h.kit.next_dealer(h))
    lead = odds.lead.get(options)
    ahead += lead if h.side_of[leader] == mine else -lead
    return 1.0 / (1.0 + math.exp(-math.log(3.0) * ahead / odds.three_to_one.get(options)))


OBJECTIVES: dict[Aim, Objective] = {Aim.LOSERS: by_losers, Aim.MONEY: money, Aim.CHIPS: chips,
                                    Aim.SCORE: score, Aim.RACE: race, Aim.JUEGOS: juegos,
                                    Aim.LOST_GAMES: lost_games, Aim.MARGIN: margin,
                                    Aim.WINNER: winner}
"""Each aim's utility; a settlement names its aim (``Settlement.aim``)."""


def utility(h: HandState, seat: int, standing: Standing) -> float:
    """The finished hand ``h``'s worth to ``seat`` (nothing for a hand all passed)."""
    if h.void:
        return 0.0
    kit = h.kit
    objective = OBJECTIVES[kit.settlement.aim]
    return objective(h, kit.scorer(h), seat, standing)
