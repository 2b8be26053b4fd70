"""What one hand meant for the player, read from the engine's hand summary.

The game's settlement declares what decides a hand (its ``Verdict``: the summary key and how
it reads), the same descriptor family the screen and the AI read. A summary without its
verdict (a caller that holds only the summary) is read by the records' contract instead
(docs/records.md): a game's own measure of a hand (losers, payments, team scores, juegos,
chips) first and the points as the last resort.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tute.engine.settlement import LOSERS, SIDE_POINTS, Reading, Verdict

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


def _contract_verdict(s: Mapping[str, Any], team: int | None) -> Verdict:
    """The verdict the records' keys imply, for a summary read without its game's."""
    if isinstance(s.get("losers"), list):
        return LOSERS
    if isinstance(s.get("payments"), list):
        return Verdict("payments", Reading.SIGNED)
    for key in ("score", "juegos"):  # per team: butifarra's score, parejas' juegos
        if team is not None and isinstance(s.get(key), list):
            return Verdict(key, Reading.COMPARE)
    if isinstance(s.get("won"), list):  # bato: chips won; a bateado pays the pot
        return Verdict("won", Reading.SHARES, against="bateados")
    return SIDE_POINTS


def _sign(value: float) -> str:
    return WON if value > 0 else LOST if value < 0 else EVEN


def result_of(s: Mapping[str, Any], seat: int, team: int | None, verdict: Verdict) -> str:
    """``seat``'s hand as ``verdict`` reads summary ``s`` (``team``: the seat's team at a
    team table, else None)."""
    figure = s[verdict.key_for(team is not None)]
    side = seat if team is None else team
    reading = verdict.reading
    if verdict.against and seat in (s.get(verdict.against) or ()):
        return LOST
    if reading is Reading.LOSERS:
        return LOST if seat in figure else WON
    if reading is Reading.PENALTIES:
        return LOST if figure[seat] else WON
    if reading is Reading.SIGNED:
        return _sign(figure[seat])
    if reading is Reading.SHARES:
        paid = s.get("paid")  # a seat that paid into the pot lost, whatever it won
        if isinstance(paid, list) and paid[seat] > 0:
            return LOST
        return WON if figure[seat] > 0 else EVEN
    if reading is Reading.WINNER:
        return EVEN if figure is None else WON if figure == side else LOST
    return _compare(figure[side], [f for i, f in enumerate(figure) if i != side])


def _contract(s: Mapping[str, Any], seat: int, team: int | None) -> str | None:
    """Made or failed, for the declaring side of a game with contracts."""
    if not isinstance(s.get("made"), bool):
        return None
    declarers = {s.get("declarer"), s.get("partner")}
    if seat in declarers or (team is not None and s.get("declarer") in (team, team + 2)):
        return "made" if s["made"] else "failed"
    return None


def hand_record(s: Mapping[str, Any], seat: int, dealt: bool,
                marks_before: Sequence[int] | None, verdict: Verdict | None = None
                ) -> HandRecord:
    """The player's hand from summary ``s`` (``HandSummary.to_json()``); ``dealt``: whether
    he held cards this hand; ``marks_before``: the marks after the previous hand;
    ``verdict``: what decides a hand in its game (None: read by the records' contract)."""
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
    verdict = verdict or _contract_verdict(s, team)
    return HandRecord(result=result_of(s, seat, team, verdict), points=s["points"][seat],
                      marks=max(0, taken_marks), cantes=len(s["cantes"][seat]),
                      capote=capote, tute=s.get("tute") == seat,
                      contract=_contract(s, seat, team), tricks=tricks)
