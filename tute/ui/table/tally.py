"""The running score of a race of partidas (hand summaries with ``partidas``: docs/records.md),
as the table shows it: each side's total, carried into a hand played de vueltas and counted
there as its tricks and cantes land; the partidas and cotos won.

The view's totals come from the settlement's event at each hand's end; this keeps them
right in between: nothing counts during the first hand of a partida (its cantes count at
its end), a won partida starts the next from nothing, and a vueltas hand counts at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from tute.ui.table.results import Summary, numbers
from tute.ui.table.view import TableView


def side_of(view: TableView, seat: int) -> int:
    """The side a seat plays for: its team, or itself."""
    return seat % 2 if view.teams else seat


def apply(view: TableView, summaries: Sequence[Summary]) -> None:
    """Set the view's totals, partidas and cotos for the hand it shows, from the summaries
    of the hands finished (the engine may be ahead of the table in a demo)."""
    done = view.hand_number if view.scored else view.hand_number - 1
    last = summaries[done - 1] if 0 < done <= len(summaries) else None
    if last is None or "partidas" not in last:
        if not view.partidas:  # the match's first hand
            view.partidas, view.cotos = [0, 0], [0, 0]
        return
    view.partidas, view.cotos = numbers(last, "partidas"), numbers(last, "cotos")
    totals = numbers(last, "totals")
    if view.scored:
        view.totals = totals
    elif last.get("partida_winner") is not None:
        view.totals = [0] * len(totals)  # a new partida
    else:  # de vueltas: the idas carried, and this hand's points as they are won
        live = [0] * len(totals)
        for seat, points in enumerate(view.points):
            live[side_of(view, seat)] += points
        view.totals = [t + p for t, p in zip(totals, live, strict=True)]


TALLIES: dict[str, Callable[[TableView, Sequence[Summary]], None]] = {"partidas": apply}
"""The running tally of each settlement strategy that keeps one at the table
(tute/engine/settlement.py's SETTLEMENTS)."""


def races_partidas(settlements: Iterable[str]) -> bool:
    """Whether any of these settlement strategies races partidas (the ones with a tally at
    the table): there "the match" is a coto, and a partida one race to the target."""
    return any(name in TALLIES for name in settlements)
