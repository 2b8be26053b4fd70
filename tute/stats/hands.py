"""What one hand meant for the player, read from the engine's hand summary.

Only keys that docs/records.md promises are read, in an order that makes every game fit: a game's
own measure of a hand (losers, payments, team scores, juegos, chips) comes first and the
points are the last resort, so a game added later needs no change here as long as its
summary keeps to that contract.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

WON, LOST, EVEN, NONE = "won", "lost", "even", "none"
RESULTS = (WON, LOST, EVEN, NONE)
PLAYED = (WON, LOST, EVEN)
CONTRACTS = ("made", "failed")


@dataclass(frozen=True)
class HandRecord:
    """One finished hand from the player's seat."""

    result: str = NONE
    """``won``, ``lost``, ``even`` (played, no one ahead), or ``none`` (sat out, retired,
    or nobody played)."""
    points: float = 0
    marks: int = 0
    """Marks (rayas) taken this hand."""
    cantes: int = 0
    capote: bool = False
    """The player (or his team) took every trick."""
    tute: bool = False
    contract: str | None = None
    """``made`` or ``failed`` when the player declared (or sided with the declarer)."""
    tricks: int = 0
    """Tricks the player took: what a game scored by tricks (Bato) counts."""


def _compare(mine: float, others: Sequence[float]) -> str:
    if not others or mine > max(others):
        return WON
    return LOST if mine < max(others) else EVEN


def _result(s: Mapping[str, Any], seat: int, team: int | None) -> str:
    if isinstance(s.get("losers"), list):
        return LOST if seat in s["losers"] else WON
    if isinstance(s.get("payments"), list):
        paid = s["payments"][seat]
        return WON if paid > 0 else LOST if paid < 0 else EVEN
    for key in ("score", "juegos"):  # per team: butifarra's score, parejas' juegos
        if team is not None and isinstance(s.get(key), list):
            return _compare(s[key][team], [s[key][1 - team]])
    if isinstance(s.get("won"), list):  # bato: chips won; a bateado pays the pot
        if seat in s.get("bateados", []):
            return LOST
        return WON if s["won"][seat] > 0 else EVEN
    if team is not None and isinstance(s.get("team_points"), list):
        return _compare(s["team_points"][team], [s["team_points"][1 - team]])
    points = s["points"]
    return _compare(points[seat], [p for i, p in enumerate(points) if i != seat])


def _contract(s: Mapping[str, Any], seat: int, team: int | None) -> str | None:
    """Made or failed, for the declaring side of a game with contracts."""
    if not isinstance(s.get("made"), bool):
        return None
    declarers = {s.get("declarer"), s.get("partner")}
    if seat in declarers or (team is not None and s.get("declarer") in (team, team + 2)):
        return "made" if s["made"] else "failed"
    return None


def hand_record(s: Mapping[str, Any], seat: int, dealt: bool,
                marks_before: Sequence[int] | None) -> HandRecord:
    """The player's hand from summary ``s`` (``HandSummary.to_json()``); ``dealt``: whether
    he held cards this hand; ``marks_before``: the marks after the previous hand."""
    if not dealt or s.get("void"):
        return HandRecord()
    team = seat % 2 if "team_points" in s else None
    marks = s.get("marks")
    taken_marks = 0
    if isinstance(marks, list):
        taken_marks = marks[seat] - (marks_before[seat] if marks_before else 0)
    taken = s.get("taken")
    tricks = taken[seat] if isinstance(taken, list) else 0
    capote = s.get("capote") == seat or (team is not None and s.get("capot") == team)
    return HandRecord(result=_result(s, seat, team), points=s["points"][seat],
                      marks=max(0, taken_marks), cantes=len(s["cantes"][seat]),
                      capote=capote, tute=s.get("tute") == seat,
                      contract=_contract(s, seat, team), tricks=tricks)
