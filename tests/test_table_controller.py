"""The table's controller without a window: a whole match driven through it, its files, and
the background writer of the saved match (latest state wins, atomic, flushed, ordered
before the match's end clears it)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tute import store
from tute.engine import events as ev
from tute.stats import file as stats_file
from tute.stats.writer import WRITER as STATS_WRITER
from tute.ui.table.controller import Step, TableController, Tick
from tute.ui.table.session import Session


class Table:
    """A controller with what it tells the player collected."""

    def __init__(self, session: Session) -> None:
        self.notices: dict[str, str] = {}
        """What the table keeps on screen about files it could not write."""
        self.problems: list[store.FileProblem] = []
        self.passing: list[str] = []
        """Passing messages (the oldest matches moved to an archive)."""
        self.controller = TableController(session, self.problems.append, self.warn,
                                          self.passing.append)
        self.session = session
        self.scored = False
        """A hand's result has been reached (the table shows it once its events landed)."""

    def warn(self, kind: str, message: str | None) -> None:
        if message is None:
            self.notices.pop(kind, None)
        else:
            self.notices[kind] = message

    def step(self) -> Step:
        """One move of the match, as the table makes it with instant animations: the
        controller's tick, auto-play on; where nothing plays by itself, the player takes
        his first choice."""
        c, s = self.controller, self.session
        deadline = time.monotonic() + 30
        while True:
            c.think()
            if s.human_to_act and c.autoplay_card() is None:
                step = Step(Tick.PLAYED, c.perform(s.choices()[0]))
            else:
                step = c.advance(1 / 60, 0.0, autoplay=True, scored=self.scored)
            if step.tick is not Tick.WAITING:
                self.scored = any(isinstance(e, ev.HandScored) for e in step.events)
                return step
            assert time.monotonic() < deadline, "the computer never decided"
            time.sleep(0.001)


def new_table(rules: str = "cabrero", seed: int = 5, demo: bool = False,
              **options: object) -> Table:
    setup = store.GameSetup(rules, "easy", {"players": 3, **options})  # type: ignore[dict-item]
    return Table(Session.new(setup, demo=demo, seed=seed))


def saved_now() -> Session:
    saved, problem = store.load_match()
    assert saved is not None and problem is None
    return Session.resume(saved)


def test_a_whole_match_runs_through_the_controller_alone(home: Path) -> None:
    """Dealt, played, every hand counted, the record kept and the saved match cleared;
    after an action (every seventh: a replay each is slow) the saved match replays to that
    very point."""
    table = new_table()
    game, c = table.session.game, table.controller
    scored = steps = 0
    ticks = []
    while not c.done:
        tick = table.step().tick
        ticks.append(tick)
        steps += 1
        scored += tick is Tick.RESULT
        if steps % 7 == 0 and not game.is_over:
            again = saved_now().game
            assert again.observation(0) == game.observation(0)
            assert again.current_player == game.current_player
    assert game.is_over and scored == len(game.summaries) > 1
    assert ticks[0] is Tick.DEALT and ticks[-2:] == [Tick.RESULT, Tick.OVER]
    assert table.notices == {} and table.problems == []
    assert not (home / store.MATCH_FILE).exists()
    assert len(store.recent_records()) == 1
    stats = stats_file.load()[0]
    assert len(stats.matches) == 1 and stats.matches[0].finished is not None
    assert len(stats.matches[0].hands) == len(game.summaries)


def test_the_computer_waits_out_its_delay_and_auto_play_finds_the_only_card(home: Path
                                                                            ) -> None:
    table = new_table(seed=3)
    c, s = table.controller, table.session
    while True:
        if s.to_act not in (None, 0):
            c.think()
            assert s.pending is not None
            s.pending.result(timeout=30)
            assert c.computer_turn(0.3, 0.7) is None  # decided, but the turn lasts 0.7 s
            assert c.computer_turn(0.3, 0.7) is None
            assert c.computer_turn(0.3, 0.7) is not None and c.waited == 0.0
        elif s.to_act == 0 and c.autoplay_card() is not None:
            break
        else:
            table.step()
    assert len(s.playable()) == 1 and c.autoplay_card() in s.playable()
    card = c.autoplay_card()
    assert c.advance(5.0, 0.7, autoplay=False, scored=False) == Step()  # the player's own
    assert c.advance(0.3, 0.7, autoplay=True, scored=False) == Step()  # waits out its delay
    assert c.advance(0.3, 0.7, autoplay=True, scored=False) == Step()
    step = c.advance(0.3, 0.7, autoplay=True, scored=False)
    assert step.tick is Tick.AUTOPLAYED and step.card == card and c.waited == 0.0
    assert any(isinstance(e, ev.CardPlayed) and e.card == card for e in step.events)


def test_a_demo_is_never_saved_counted_or_kept_and_leaves_the_saved_match(home: Path
                                                                          ) -> None:
    mine = new_table(seed=8)
    mine.step()
    mine.controller.save_now()
    before = (home / store.MATCH_FILE).read_bytes()
    demo = new_table(demo=True)
    while not demo.controller.done:
        demo.step()
    store.MATCH_WRITER.flush()
    assert (home / store.MATCH_FILE).read_bytes() == before
    assert store.recent_records() == [] and not (home / stats_file.STATS_FILE).exists()


# ----------------------------------------------------------------- the background writer
class Gate:
    """``store.write_atomic`` held at its start until ``opened`` is set; what it wrote."""

    def __init__(self) -> None:
        self.opened = threading.Event()
        self.entered = threading.Event()
        self.written: list[str] = []
        self.write = store.write_atomic

    def __call__(self, path: Path, text: str) -> None:
        self.entered.set()
        self.opened.wait(10)
        self.write(path, text)
        self.written.append(text)

    def open_soon(self) -> None:
        threading.Timer(0.1, self.opened.set).start()


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    held = Gate()
    monkeypatch.setattr(store, "write_atomic", held)
    yield held
    held.opened.set()
    store.MATCH_WRITER.flush()


def version(i: int) -> store.SavedMatch:
    return store.SavedMatch(record=f"rules: cabrero\nseed: {i}\n", level="easy",
                            saved_at=float(i))


def test_the_latest_state_wins_and_older_ones_waiting_are_never_written(
        home: Path, gate: Gate) -> None:
    store.save_match_later(version(1))
    assert gate.entered.wait(10)  # the writer has taken the first and waits at the gate
    for i in range(2, 11):
        store.save_match_later(version(i))
    assert not (home / store.MATCH_FILE).exists()  # the caller never waited for the disk
    gate.opened.set()
    store.MATCH_WRITER.flush()
    assert [json.loads(t)["saved_at"] for t in gate.written] == [1.0, 10.0]
    saved = json.loads((home / store.MATCH_FILE).read_text(encoding="utf-8"))
    assert saved["version"] == store.MATCH_VERSION and saved["saved_at"] == 10.0
    assert [p.name for p in home.iterdir()] == [store.MATCH_FILE]  # no temp file left


def test_reading_the_saved_match_waits_for_the_save_queued_before(
        home: Path, gate: Gate) -> None:
    store.save_match_later(version(4))
    gate.open_soon()
    saved = store.load_match()[0]
    assert saved is not None and saved.saved_at == 4.0


def test_clearing_drops_the_queued_save_so_a_cleared_match_stays_cleared(
        home: Path, gate: Gate) -> None:
    """The end of a match clears the saved one after any save still on its way: none lands
    after it and brings the finished match back."""
    store.save_match_later(version(1))
    assert gate.entered.wait(10)
    store.save_match_later(version(2))
    gate.open_soon()
    store.clear_match()
    store.MATCH_WRITER.flush()
    assert not (home / store.MATCH_FILE).exists() and len(gate.written) == 1


def test_a_failed_background_save_is_told_once_and_the_writer_goes_on(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table()
    write = store.write_atomic

    def full(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "write_atomic", full)
    table.step()
    store.MATCH_WRITER.flush()
    table.controller.report()
    table.controller.report()
    assert table.notices == {"match": "Could not save the match: No space left on device"}
    monkeypatch.setattr(store, "write_atomic", write)
    table.step()
    store.MATCH_WRITER.flush()
    table.controller.report()
    assert table.notices == {}
    assert saved_now().game.observation(0) == table.session.game.observation(0)


def test_the_end_of_a_match_writes_statistics_and_record_before_clearing_the_save(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table()
    while not table.session.game.is_over:
        table.step()
    # the hands' statistics and the last autosave are written on background threads: let
    # them land before spying, or a late one reads as a write out of order
    STATS_WRITER.flush()
    store.MATCH_WRITER.flush()
    assert (home / store.MATCH_FILE).exists()
    order: list[str] = []

    def spy(name: str) -> None:
        real = getattr(store, name)

        def called(*args: object, **kwargs: object) -> object:
            order.append(name)
            return real(*args, **kwargs)

        monkeypatch.setattr(store, name, called)

    for name in ("save_file", "keep_record", "clear_match"):
        spy(name)
    table.controller.finish()
    # statistics, the record (and the records' index), then the match
    assert order == ["save_file", "keep_record", "save_file", "clear_match"]
    assert not (home / store.MATCH_FILE).exists()

