"""What a finished hand was worth to a seat, in its game's own measure: the one the
benchmarks compare levels by and ``tute compare`` reports, read from what the game's
settlement says decides a hand (its ``Verdict``)."""

from __future__ import annotations

from tute.engine import Game
from tute.engine.results import HandSummary
from tute.engine.settlement import Reading
from tute.simulate import HandMeasure

NAMES = {"juegos": "juegos", "score": "score", "payments": "money", "won": "chips",
         "lost": "lost games (negative)", "winner": "hands won",
         "partida_winner": "partidas won"}
"""The measure's name by the summary key its settlement's verdict reads."""


def decided_by_losers(game: Game) -> bool:
    """Whether the game decides a hand by its losers (Cabrero, Chancho, Codillo, a dos to
    one hand): measured by loss rates, not margins."""
    return game.kit.settlement.verdict.reading is Reading.LOSERS


def measure_for(game: Game) -> tuple[str, HandMeasure]:
    """The game's own measure of a hand for a seat, and its name."""
    if decided_by_losers(game):
        return "hands lost", lambda g, s, seat: float(seat in s.losers)
    verdict = game.kit.settlement.verdict
    key, reading = verdict.key, verdict.reading

    def side(seat: int) -> int:
        return seat % 2 if game.kit.teams else seat

    def value(g: Game, s: HandSummary, seat: int) -> float:
        x = s.extra
        figure = x.get(key)
        if reading is Reading.WINNER:  # Brisca: the hand is won or not, whatever the points
            return float(figure == side(seat))
        if isinstance(figure, list):
            if reading is Reading.SIGNED:
                return float(figure[seat])
            if reading is Reading.PENALTIES:
                return -float(figure[seat])
            if reading is Reading.SHARES:  # a seat listed against (a bateado) pays the pot
                against = x.get(verdict.against) or []
                assert isinstance(against, list)
                paid = x.get("paid")  # what was paid, where recorded; else the pot
                pot = paid[seat] if isinstance(paid, list) else (
                    x["pot"] if seat in against else 0)
                assert isinstance(pot, int)
                return float(figure[seat] - pot)
            if reading is Reading.COMPARE:
                return float(figure[side(seat)])
        return float(s.result.side_points[side(seat)] if s.result else 0)

    return NAMES.get(key, "points"), value
