"""``tute simulate``: the JSON summary, duplicate deals, and records that replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tute.cli import main
from tute.engine.record import load_record, replay
from tute.rules import load_ruleset
from tute.simulate import Simulation

SEAT_KEYS = {"level", "hands", "hands_lost", "matches_won", "mean_points", "decisions",
             "think_ms_p50", "think_ms_p95", "think_ms_max"}


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["simulate", *args, "--json"]) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def test_json_summary_has_every_seat_key(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "cabrero", "--players", "4", "--seats", "medium,easy,easy,easy",
                   "--hands", "8", "--seed", "3")
    seats = out["seats"]
    assert isinstance(seats, list) and len(seats) == 4
    for seat in seats:
        assert set(seat) >= SEAT_KEYS
        assert seat["hands"] == 8 and seat["decisions"] >= 8 * 10
        assert seat["think_ms_p50"] <= seat["think_ms_p95"] <= seat["think_ms_max"]
    assert [s["level"] for s in seats] == ["medium", "easy", "easy", "easy"]
    assert sum(s["hands_lost"] for s in seats) >= 8


def test_same_seed_same_summary_and_options_apply(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("chancho", "--players", "3", "--seats", "easy,medium,easy", "--matches", "1",
            "--seed", "5", "--option", "lives=2", "--option", "renuncio=accuse")
    first, second = run_json(capsys, *args), run_json(capsys, *args)
    for out in (first, second):
        for seat in out["seats"]:  # type: ignore[attr-defined]
            for key in ("think_ms_p50", "think_ms_p95", "think_ms_max"):
                seat.pop(key)
    assert first == second
    assert first["options"]["lives"] == 2  # type: ignore[index]
    assert sum(s["matches_won"] for s in first["seats"]) == 2  # type: ignore[attr-defined]


def test_duplicate_plays_each_deal_in_every_rotation() -> None:
    rules = load_ruleset("cabrero")
    sim = Simulation(rules, rules.resolve({"players": 4}), ["medium", "easy", "easy", "easy"],
                     seed=1, duplicate=True)
    sim.run_hands(8)
    assert sim.hands_played == 8 and sim.matches_played == 8
    for st in sim.stats:
        assert sorted(deal for deal, _ in st.losses) == [0, 0, 0, 0, 1, 1, 1, 1]


def test_deals_shared_among_processes_give_the_figures_of_one() -> None:
    rules = load_ruleset("cabrero")
    runs = []
    for jobs in (1, 2):
        sim = Simulation(rules, rules.resolve({"players": 3}), ["medium", "easy", "easy"],
                         seed=4, duplicate=True)
        sim.run_hands(15, jobs=jobs)
        runs.append(sim)
    one, shared = runs
    assert shared.hands_played == one.hands_played == 15
    assert shared.matches_played == 15 and shared.deal == one.deal == 5
    for a, b in zip(one.stats, shared.stats, strict=True):
        assert (a.losses, a.values, a.hands, a.hands_lost) == (b.losses, b.values, b.hands,
                                                               b.hands_lost)
        assert a.points == pytest.approx(b.points) and len(a.think) == len(b.think)
    assert sorted({deal for deal, _ in shared.stats[0].losses}) == [0, 1, 2, 3, 4]


def test_records_replay_to_the_same_results(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "cabrero", "--players", "4", "--seats", "medium,medium,easy,medium",
                   "--hands", "2", "--seed", "2", "--records", str(tmp_path))
    files = sorted(tmp_path.glob("*.yaml"))
    assert len(files) == out["matches"] == 2
    lost = [0] * 4
    for path in files:
        result = replay(load_record(path))
        assert result.error is None
        for loser in result.game.summaries[-1].losers:
            lost[loser] += 1
    assert lost == [s["hands_lost"] for s in out["seats"]]  # type: ignore[attr-defined]


def test_human_readable_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "cabrero", "--players", "3", "--seats", "easy,easy,medium",
                 "--hands", "2"]) == 0
    text = capsys.readouterr().out
    assert "medium" in text and "p95 ms" in text


@pytest.mark.parametrize("args", [
    ["--players", "4", "--seats", "easy,easy,easy", "--hands", "1"],
    ["--players", "3", "--seats", "easy,easy,genius", "--hands", "1"],
    ["--players", "3", "--seats", "easy,easy,easy", "--hands", "1", "--option", "nope=1"],
])
def test_bad_arguments_exit_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "cabrero", *args]) == 2
    assert "tute simulate:" in capsys.readouterr().err


@pytest.mark.parametrize(("args", "says"), [
    (["--players", "4", "--seats", "easy,easy,easy,easy", "--hands", "1",
      "--option", "players=5"], "--players"),
    (["--players", "4", "--seats", "easy,easy,easy,easy", "--hands", "1",
      "--option", "players=3"], "--players"),
])
def test_players_come_from_players_not_option(args: list[str], says: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 10: `--option players=N` beside `--players` crashed or simulated a wrong table."""
    assert main(["simulate", "cabrero", *args]) == 2
    assert says in capsys.readouterr().err


def test_records_must_be_a_writable_folder(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    taken = tmp_path / "a-file"
    taken.write_text("mine", encoding="utf-8")
    base = ["simulate", "cabrero", "--players", "3", "--seats", "easy,easy,easy", "--hands", "1"]
    assert main([*base, "--records", str(taken)]) == 2
    assert "a file of that name exists" in capsys.readouterr().err
    assert taken.read_text(encoding="utf-8") == "mine"
    assert main([*base, "--records", str(taken / "below")]) == 2
    assert "cannot write there" in capsys.readouterr().err


def test_an_option_combination_no_table_plays_is_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    """docs/rules.md §5: lost games are for 3 players only."""
    assert main(["simulate", "arrastrado", "--players", "4", "--seats", "easy,easy,easy,easy",
                 "--hands", "1", "--option", "scoring=lost_games"]) == 2
    assert "3 players only" in capsys.readouterr().err


@pytest.mark.parametrize(("game", "players"), [("dos", 2), ("parejas", 4), ("arrastrado", 3),
                                               ("arrastrado", 4)])
def test_every_game_simulates_and_its_records_replay(
        game: str, players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seats = ",".join(["medium"] * players)
    out = run_json(capsys, game, "--players", str(players), "--seats", seats,
                   "--hands", "3", "--seed", "2", "--records", str(tmp_path))
    assert out["hands"] == 3
    for path in sorted(tmp_path.glob("*.yaml")):
        result = replay(load_record(path))
        assert result.error is None and result.game.summaries
