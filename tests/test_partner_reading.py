"""The partner-reading benchmark (benchmarks/partner_reading.py) run short: it reports
both kinds of seat at every softening asked for, and refuses a game without teams. Figures
are printed, never asserted: two hands say nothing of how well hard reads."""

from __future__ import annotations

import pytest
from benchmark_modules import load_benchmark

partner_reading = load_benchmark("partner_reading")


def test_each_kind_of_seat_is_reported_at_each_softening(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert partner_reading.main(["--hands", "2", "--guesses", "1",
                                 "--partner-epsilon", "0.02,1"]) == 0
    out = capsys.readouterr().out
    for kind in ("partner", "opponent"):
        assert f"  {kind}: medium's card on the real deal" in out
    assert out.count("partner's cards read at 0.02:") == 2
    assert out.count("partner's cards read at 1.0:") == 2


def test_a_game_without_teams_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        partner_reading.main(["--game", "cabrero", "--hands", "1"])
    assert stop.value.code == 2
    assert "--game cabrero: not played in teams" in capsys.readouterr().err
