"""The UI monkey (benchmarks/ui_monkey.py) in CI: 166 random events a game offered (1,660
for ten) to the real game window, no exception, and every table equal to its engine after
each event. The full 10,000 events:
``TUTE_MONKEY_EVENTS=10000`` here, or ``python benchmarks/ui_monkey.py``."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from benchmark_modules import load_benchmark
from ui_helpers import frames, run_until, table, top

from tute.ui.menus.new_game import GAMES
from tute.ui.table.scene import TableScene

EVENTS = int(os.environ.get("TUTE_MONKEY_EVENTS", str(166 * len(GAMES))))
"""As many events for each game as when there were nine (a new game must not thin the others'
share: the hand result screen is reached within a game's share)."""
SCREENS = {"MenuScene", "SettingsScene", "NewGameScene", "RulesScene", "TableScene",
           "HandResultScene", "Dialog"}


ui_monkey = load_benchmark("ui_monkey")


@pytest.fixture
def english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """English, and TUTE_HOME (which the monkey points at its folder) restored afterwards."""
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))


def run_monkey(events: int, seed: int, home: Path) -> ui_monkey.Monkey:
    with ui_monkey.reproducible(seed):
        monkey = ui_monkey.Monkey(seed, home)
        try:
            monkey.run(events)
        finally:
            monkey.close()
    return monkey


def test_random_events_break_nothing_and_tables_follow_their_engine(
        tmp_path: Path, english: None) -> None:
    start = time.perf_counter()
    monkey = run_monkey(EVENTS, 17, tmp_path)
    print("\n" + monkey.report(time.perf_counter() - start))
    assert sum(monkey.sent.values()) == EVENTS
    assert set(monkey.sent) == set(ui_monkey.KINDS)
    assert set(monkey.screens) >= SCREENS, monkey.screens
    assert set(monkey.games) == set(GAMES), monkey.games
    assert monkey.checks >= EVENTS // 4 and monkey.restarts > 0


def test_a_monkey_run_is_reproducible_from_its_seed(tmp_path: Path, english: None) -> None:
    one = run_monkey(150, 7, tmp_path / "one")
    two = run_monkey(150, 7, tmp_path / "two")
    other = run_monkey(150, 8, tmp_path / "other")
    assert one.trace == two.trace and one.sent == two.sent
    assert other.trace != one.trace


def test_the_monkey_sees_a_table_that_differs_from_its_engine(tmp_path: Path,
                                                              english: None) -> None:
    with ui_monkey.reproducible(1):
        monkey = ui_monkey.Monkey(1, tmp_path)
        try:
            scene = table(monkey.app, players=4, seed=1)
            run_until(monkey.app, lambda: scene.can_play)
            monkey.check()
            scene.view.hand.pop()
            frames(monkey.app)
            assert isinstance(top(monkey.app), TableScene)
            with pytest.raises(ui_monkey.MonkeyFailure, match="hand"):
                monkey.check()
        finally:
            monkey.close()
