"""The strength benchmark (benchmarks/ai_strength.py) run short, for what it can measure:
a team game's pairs each of one level with the pairs swapped (``--pairs``), and the points
a hand beside a game's own measure (Guiñote's partidas won). Figures are printed, never
asserted: a tiny budget says nothing of strength."""

from __future__ import annotations

from typing import Any

import pytest
from benchmark_modules import load_benchmark

from tute.rules import load_ruleset

ai_strength = load_benchmark("ai_strength")


def duel(players: int, hands: int, pairs: bool) -> Any:
    """A short Guiñote duel, hard at one guess a decision, and its simulation."""
    rules = load_ruleset("guinote")
    options = rules.resolve({"players": players})
    levels = ["hard", "medium", "hard", "medium"] if pairs else ["hard"] + ["medium"] * (
        players - 1)
    sim = ai_strength.Duel(rules, options, levels, seed=3, duplicate=True,
                           factory=ai_strength.factory(1.0, 1), pairs=pairs)
    sim.run_hands(hands)
    return sim


def test_pairs_play_each_deal_twice_with_the_pairs_swapped() -> None:
    sim = duel(4, 4, pairs=True)
    assert sim.hands_played == 4
    for st in sim.stats:  # two deals, each played by every player twice (not four times)
        assert sorted(deal for deal, _ in st.values) == [0, 0, 1, 1]
    # Partners share their side's points, hand by hand.
    hard, medium, partner, other = sim.side_points
    assert hard == partner and medium == other and len(hard) == 4


def test_without_pairs_every_seat_rotates() -> None:
    sim = duel(4, 4, pairs=False)
    assert [sorted(d for d, _ in st.values) for st in sim.stats] == [[0] * 4] * 4


def test_points_a_hand_follow_the_partidas_at_two(capsys: pytest.CaptureFixture[str]) -> None:
    assert ai_strength.main(["--game", "guinote", "--players", "2", "--hands", "2",
                             "--guesses", "1", "--only", "1"]) == 0
    out = capsys.readouterr().out
    assert "partidas won per hand" in out
    assert "points a hand: hard's side" in out and "+-5 needs" in out


def test_pairs_at_two_players_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        ai_strength.main(["--game", "guinote", "--players", "2", "--hands", "2",
                          "--guesses", "1", "--only", "1", "--pairs"])
    assert stop.value.code == 2
    assert "guinote at 2 is not played in pairs" in capsys.readouterr().err


def test_vueltas_play_each_deal_to_a_decided_partida() -> None:
    """With ``--vueltas`` a first hand that goes de vueltas is played on: every deal and
    rotation ends with its partida won (one partida to a seat each time), where single
    hands leave some undecided."""
    rules = load_ruleset("guinote")
    options = rules.resolve({"players": 2})
    counts = []
    for through in (False, True):
        sim = ai_strength.Duel(rules, options, ["medium", "medium"], seed=3, duplicate=True,
                               measure=ai_strength.measure_for(
                                   ai_strength.Game(rules, options))[1],
                               through_vueltas=through)
        sim.run_hands(12)
        won = sum(v for st in sim.stats for _, v in st.values)
        counts.append((sim.hands_played, won))
    (hands, won), (through_hands, through_won) = counts
    assert hands == 12 and won < 12
    assert through_hands > 12 and through_won == 12
