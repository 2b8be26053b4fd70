"""Who loses a hand of Tute Cabrero (RULES.md §1, "End of hand")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple

RENUNCIO_MARKS = 2

Score = int | Fraction
"""Points: whole numbers, or fractions when the desempate option adds halves, quarters..."""


class Outcome(NamedTuple):
    losers: tuple[int, ...]
    reason: str
    marks: int
    """Marks each loser takes."""


def cabrero_outcome(
    active: Sequence[int],
    taken: Sequence[int],
    points: Sequence[Score],
    sang_pair: Sequence[bool],
    tute_singer: int | None = None,
    revoker: int | None = None,
    false_accuser: int | None = None,
) -> Outcome:
    """The losers of a finished (or stopped) hand among the ``active`` seats."""
    if revoker is not None:
        return Outcome((revoker,), "renuncio", RENUNCIO_MARKS)
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
    losers, reason = ranked_losers({s: points[s] for s in takers})
    return Outcome(losers, reason, 1)


def ranked_losers(scores: Mapping[int, Score]) -> tuple[tuple[int, ...], str]:
    """Losers among two or more takers: a más and a menos are safe, the middle loses.

    With ties and nobody strictly between the top and the bottom, every taker loses;
    otherwise a tied top or tied bottom saves nobody.
    """
    values = list(scores.values())
    top, bottom = max(values), min(values)
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
