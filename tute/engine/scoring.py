"""What a finished hand decided by itself, before anything carries over to the match.

A scorer reads the ``HandState`` and returns a ``HandResult``: Cabrero's losers (docs/rules.md
§1), points per side (Tute a dos, arrastrado), or the juegos a team won (parejas, §4).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from tute.engine.types import PENALIZE, Score

if TYPE_CHECKING:
    from tute.engine.hand import HandState

RENUNCIO_MARKS = 2
TARGET = 101
"""The points a race is run to (Tute a dos, arrastrado, partidas)."""


@dataclass(frozen=True)
class HandResult:
    """A finished hand's outcome."""

    points: tuple[Score, ...]
    """Per seat: cards + cantes + diez de últimas (+ desempate)."""
    side_points: tuple[Score, ...]
    """Per side: per team in team games, per seat otherwise."""
    reason: str
    losers: tuple[int, ...] = ()
    """Seats that lost the hand, where the game has losers (Cabrero, lowest loses)."""
    marks: int = 1
    """Marks each loser takes."""
    capote: int | None = None
    winner_side: int | None = None
    juegos: tuple[int, ...] = ()
    """Per team, the juegos won this hand (parejas)."""
    extra: Mapping[str, object] = field(default_factory=dict)


Scorer = Callable[["HandState"], HandResult]


class Outcome(NamedTuple):
    losers: tuple[int, ...]
    reason: str
    marks: int


def cabrero(h: HandState) -> HandResult:
    """Takers, a más and a menos, capote, tute and renuncio (docs/rules.md §1)."""
    revoker = h.revoker
    if revoker is None and h.kit.renuncio == PENALIZE and h.revokers:
        revoker = h.revokers[0]
    pts = h.points()
    outcome = cabrero_outcome(h.playing, h.taken, pts, h.sang_pair, h.tute, revoker,
                              h.false_accuser, h.kit.losers_second, h.kit.renuncio_marks)
    takers = [s for s in h.playing if h.taken[s]]
    capote = takers[0] if len(takers) == 1 and h.tricks_left == 0 else None
    return HandResult(tuple(pts), tuple(pts), outcome.reason, outcome.losers, outcome.marks,
                      capote, extra={"renuncio": revoker,
                                     "false_accusation": h.false_accuser})


def cabrero_outcome(
    active: Sequence[int],
    taken: Sequence[int],
    points: Sequence[Score],
    sang_pair: Sequence[bool],
    tute_singer: int | None = None,
    revoker: int | None = None,
    false_accuser: int | None = None,
    second: bool = False,
    renuncio_marks: int = RENUNCIO_MARKS,
) -> Outcome:
    """The losers of a finished (or stopped) hand among the ``active`` seats; ``second``
    and ``renuncio_marks`` are the house options ``losers: second`` and
    ``renuncio_marks``."""
    if revoker is not None:
        return Outcome((revoker,), "renuncio", renuncio_marks)
    if false_accuser is not None:
        return Outcome((false_accuser,), "false_accusation", 1)
    if tute_singer is not None:
        return Outcome(tuple(sorted(s for s in active if s != tute_singer)), "tute", 1)
    takers = [s for s in active if taken[s]]
    if len(takers) == 1:
        capote = takers[0]
        if sang_pair[capote]:
            return Outcome((capote,), "capote_sang", 1)
        return Outcome(tuple(sorted(s for s in active if s != capote)), "capote", 1)
    losers, reason = ranked_losers({s: points[s] for s in takers}, second)
    return Outcome(losers, reason, 1)


def ranked_losers(scores: Mapping[int, Score], second: bool = False
                  ) -> tuple[tuple[int, ...], str]:
    """Losers among two or more takers: a más and a menos are safe, the middle loses.

    With ties and nobody strictly between the top and the bottom, every taker loses;
    otherwise a tied top or tied bottom saves nobody. With ``second`` ("pierde el
    segundo") and three or more takers, only the second-highest total loses, or every
    taker tied for the highest instead.
    """
    values = list(scores.values())
    top, bottom = max(values), min(values)
    if second and len(scores) >= 3:
        at_top = tuple(s for s in sorted(scores) if scores[s] == top)
        if len(at_top) > 1:
            return at_top, "tied_top"
        runner_up = max(v for v in values if v < top)
        return tuple(s for s in sorted(scores) if scores[s] == runner_up), "second"
    tied = len(set(values)) < len(values)
    middle = [s for s, v in scores.items() if bottom < v < top]
    if tied and not middle:
        return tuple(sorted(scores)), "tied"
    if len(scores) == 2:
        return tuple(s for s, v in scores.items() if v == bottom), "two_takers"
    safe = set()
    for edge in (top, bottom):
        at_edge = [s for s, v in scores.items() if v == edge]
        if len(at_edge) == 1:
            safe.add(at_edge[0])
    return tuple(s for s in sorted(scores) if s not in safe), "mas_menos"


def points(h: HandState) -> HandResult:
    """Points per seat or team. With two sides the lower loses (a tie: nobody); a sung
    tute ends the hand and the other side loses (Tute a dos, §3)."""
    pts = h.points()
    sides = h.side_points()
    if h.tute is not None:
        won = h.side_of[h.tute]
        losers = tuple(s for s in h.playing if h.side_of[s] != won)
        return HandResult(tuple(pts), tuple(sides), "tute", losers, winner_side=won)
    in_hand = sorted({h.side_of[s] for s in h.playing})
    if len(in_hand) != 2:
        return HandResult(tuple(pts), tuple(sides), "points")
    a, b = in_hand
    if sides[a] == sides[b]:
        return HandResult(tuple(pts), tuple(sides), "tied")
    low = a if sides[a] < sides[b] else b
    losers = tuple(s for s in h.playing if h.side_of[s] == low)
    return HandResult(tuple(pts), tuple(sides), "points", losers,
                      winner_side=b if low == a else a)


def team_juegos(h: HandState) -> HandResult:
    """Juegos, per team in parejas (§4) or per player in Tute a dos's ``juegos`` (§3): the
    side with more points wins one juego, two with ``two_games_at`` or more; a tie goes by
    the option ``tie`` (to the last trick's taker where the game has no such option); a
    sung tute wins two."""
    pts = h.points()
    sides = h.side_points()
    opts = h.kit.options
    if h.tute is not None:
        won, reason, count = h.side_of[h.tute], "tute", 2
    else:
        a, b = sorted({h.side_of[s] for s in h.playing})
        if sides[a] != sides[b]:
            won, reason = (a if sides[a] > sides[b] else b), "points"
        else:
            tie_to = h.last_trick if opts.get("tie", "last_trick") == "last_trick" else h.mano
            won, reason = h.side_of[tie_to if tie_to is not None else h.mano], "tied"
        count = 2 if sides[won] >= int(opts["two_games_at"]) else 1
    juegos = tuple(count if t == won else 0 for t in range(len(sides)))
    losers = tuple(s for s in h.playing if h.side_of[s] != won)
    return HandResult(tuple(pts), tuple(sides), reason, losers, winner_side=won,
                      juegos=juegos)


def contract(h: HandState) -> HandResult:
    """Subastado (§6): the declarer's points (tricks, cantes, diez de últimas) against his
    contract; his sung tute makes it at once."""
    pts = h.points()
    d = h.declarer
    made = h.tute == d or pts[d] >= h.contract
    losers = tuple(s for s in h.playing if s != d) if made else (d,)
    return HandResult(tuple(pts), tuple(h.side_points()), "made" if made else "failed",
                      losers, winner_side=0 if made else 1,
                      extra={"declarer_points": int(pts[d]), "made": made})


def stake(h: HandState) -> int:
    """Subastado (§6): what the declarer collects from, or pays to, each other player."""
    return contract_stake(h.contract, h.took_over, h.kit.deck_points)


def contract_stake(contract: int, took_over: bool, deck_points: int) -> int:
    """Subastado's stake for a ``contract``: ×2 after a takeover and ×2 again from the
    deck's worth, 120 (one formula for the settlement and the table that retells a
    takeover)."""
    return contract * (2 if took_over else 1) * (2 if contract >= deck_points else 1)


def side_vs_rest(h: HandState) -> HandResult:
    """Codillo (§7): the declarer's side wins if its points exceed the rest's; a sung tute
    wins for its singer's side. The losing side's players take a mark each."""
    pts = h.points()
    sides = h.side_points()
    if h.tute is not None:
        won, reason = h.side_of[h.tute], "tute"
    else:
        won, reason = (0 if sides[0] > sides[1] else 1), "points"
    losers = tuple(s for s in h.playing if h.side_of[s] != won)
    return HandResult(tuple(pts), tuple(sides), reason, losers, winner_side=won)


def bato(h: HandState) -> HandResult:
    """Bato (§8): the declarer must take 2 tricks, each accompanying player 1; who fails
    is bateado."""
    pts = h.points()
    failed = tuple(s for s in h.playing
                   if h.taken[s] < (2 if s == h.declarer else 1))
    return HandResult(tuple(pts), tuple(pts), "bateado" if failed else "made", failed)


def needed(h: HandState, seat: int) -> int:
    """The tricks ``seat``, in the hand, must take (the key ``commitment``)."""
    kit = h.kit
    return kit.commit_taker if seat == h.taker else kit.commit_each


def commitment(h: HandState) -> HandResult:
    """Each player in must take his commitment's tricks (``commitment``: the same for
    all, another for the turned card's taker); who takes fewer fails."""
    pts = h.points()
    failed = tuple(s for s in h.playing if h.taken[s] < needed(h, s))
    return HandResult(tuple(pts), tuple(pts), "short" if failed else "made", failed)


def over_36(h: HandState) -> HandResult:
    """Butifarra (§9): card points and one per trick; only a team over 36 scores, the
    excess times the multiplier; capot (all the tricks) scores half the hand's points, 36,
    or all of them, 72, with ``capot_bonus``, times the multiplier."""
    pts = h.points()
    team = [int(p) for p in h.side_points()]
    tricks = [h.taken[0] + h.taken[2], h.taken[1] + h.taken[3]]
    half = sum(team) // 2
    score = [0, 0]
    capot = next((t for t in (0, 1) if tricks[1 - t] == 0 and tricks[t]), None)
    won = 0 if team[0] > half else 1 if team[1] > half else None
    if capot is not None:
        bonus = 2 if h.kit.options["capot_bonus"] else 1
        score[capot] = half * bonus * h.multiplier
    elif won is not None:
        score[won] = (team[won] - half) * h.multiplier
    reason = "capot" if capot is not None else "points" if won is not None else "tied"
    losers = tuple(s for s in h.playing if won is not None and s % 2 != won)
    return HandResult(tuple(pts), tuple(team), reason, losers, capote=capot, winner_side=won,
                      extra={"score": score})


def card_points(h: HandState) -> list[int]:
    """Per side: the card points of its tricks, with the diez de últimas."""
    out = [0] * (2 if h.kit.teams or h.kit.declarer_sides else h.n)
    for s in range(h.n):
        out[h.side_of[s]] += h.won_points[s] + (
            h.kit.last_trick_bonus if s == h.last_trick else 0)
    return out


def target_race(h: HandState) -> HandResult:
    """A race of two sides to 101 over one hand or more (the partida). A sung tute wins.
    A hand played with totals carried into it (``carried``, ``stop_at``) is won by the side
    that reached 101, the moment it did. Otherwise, once every trick is played: a side
    under the ruleset's ``card_minimum`` of card points loses, whatever its cantes; else a
    side with 101 wins, both with 101 the side with the diez de últimas; else nobody
    (``vueltas``: the totals are carried into the next hand). ``extra`` holds each side's
    card points and total so far."""
    pts = h.points()
    sides = h.side_points()
    cards = card_points(h)
    totals = [h.carried[side] + int(p) for side, p in enumerate(sides)]
    extra = {"card_points": cards, "totals": totals}
    won: int | None
    if h.tute is not None:
        won, reason = h.side_of[h.tute], "tute"
    elif h.stop_at:
        reached = [side for side, t in enumerate(totals) if t >= h.stop_at]
        won = h.reached() if len(reached) != 1 else reached[0]
        if won is None:  # played to its end unreached (it cannot be, with 130 at stake)
            won = max(range(len(totals)), key=lambda side: totals[side])
        reason = "101"
    else:
        under = [side for side, c in enumerate(cards) if c < h.kit.card_minimum]
        reached = [side for side, t in enumerate(totals) if t >= TARGET]
        if len(under) == 1:
            won, reason = 1 - under[0], "treinta_malas"
        elif len(reached) == 1:
            won, reason = reached[0], "101"
        elif reached and h.last_trick is not None:
            won, reason = h.side_of[h.last_trick], "ultimas"
        else:
            won, reason = None, "vueltas"
    losers = tuple(s for s in h.playing if won is not None and h.side_of[s] != won)
    return HandResult(tuple(pts), tuple(sides), reason, losers, winner_side=won,
                      extra=extra)


class Scoring(NamedTuple):
    """A scoring strategy: its scorer, and ``by_rank``: a hand is lost by the takers' ranks
    (a más and a menos are safe: Cabrero), so playing for no trick, a menos or capote makes
    sense (the AI's goals); ``by_tricks``: a hand is measured by the tricks taken, not the
    card points (Bato: two tricks for who plays, one for each who accompanies him; the
    statistics chart it so); ``capote``: a hand may end in a capote, every trick taken by
    one seat or side (the statistics count them only where one can happen); ``needs``: the
    options it reads, which a ruleset naming it must define; ``about``: what it does, for
    the schema reference (docs/ruleset-schema.md)."""

    score: Scorer
    by_rank: bool = False
    by_tricks: bool = False
    capote: bool = False
    needs: tuple[str, ...] = ()
    about: str = ""


SCORERS: dict[str, Scoring] = {
    "cabrero": Scoring(cabrero, by_rank=True, capote=True, about=(
        "Who loses the hand among those who took a trick: a más and a menos (the highest and "
        "the lowest total) are safe, the others lose (the option `losers: second`: the second "
        "highest); capote, a sung tute and a revoke decide it first.")),
    "points": Scoring(points, about=(
        "Points per player or side; with two sides the lower loses (a tie: nobody), and a "
        "sung tute makes the other side lose.")),
    "team_juegos": Scoring(team_juegos, needs=("two_games_at",), about=(
        "The side with more points wins a juego, two at the option `two_games_at` or more; a "
        "sung tute wins two; a tie goes by the option `tie` (default: the last trick's "
        "taker).")),
    "contract": Scoring(contract, about=(
        "The declarer's points (tricks, cantes, diez de últimas) against his contract: he "
        "makes it or fails; his sung tute makes it at once.")),
    "side_vs_rest": Scoring(side_vs_rest, about=(
        "The declarer's side wins if its points exceed the rest's; a sung tute wins for its "
        "singer's side; the losing side's players lose.")),
    "bato": Scoring(bato, by_tricks=True, about=(
        "Tricks, not points: the declarer must take 2, each player who accompanies him 1; who "
        "fails is bateado (loses).")),
    "over_36": Scoring(over_36, capote=True, about=(
        "Two teams: only a team over half the hand's points scores, the excess times the "
        "multiplier; capot (every trick) scores half the hand, or all of it with the option "
        "`capot_bonus`, times the multiplier.")),
    "target_race": Scoring(target_race, about=(
        "A race of two sides to 101 over one hand or more (carried totals): a sung tute "
        "wins; a side under the key `card_minimum` of card points loses; a side at 101 wins "
        "(both: the diez de últimas decides); else nobody, and the totals carry on.")),
    "commitment": Scoring(commitment, by_tricks=True, about=(
        "Tricks, not points: every player in must take the key `commitment`'s tricks (the "
        "turned card's taker his own number); who takes fewer fails."))}
