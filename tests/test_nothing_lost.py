"""Issue 39, "Nothing lost, round 2": a second window, a full or read-only disk, a data
folder that is not a folder, and the records' pruning. Faults are injected (os.replace or
a writer raising ENOSPC, links, a file where the folder goes); the tests run as root here,
so a read-only folder is one whose write check is made to fail."""

from __future__ import annotations

import argparse
import errno
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from test_table_controller import Table, new_table
from ui_helpers import frames, make_app, run_until, table

from tute import instance, store
from tute.cli import main
from tute.stats import file as stats_file
from tute.stats.writer import WRITER as STATS_WRITER
from tute.ui.main import start
from tute.ui.menus.begin import settle
from tute.ui.menus.menu import MenuScene
from tute.ui.shell import app as app_module
from tute.ui.shell.app import App
from tute.ui.shell.dialog import Dialog
from tute.ui.table.controller import Tick
from tute.ui.table.scene import TableScene
from tute.ui.table.session import Session
from tute.ui.widgets.controls import label_text

FULL = "No space left on device"


def no_space(*_args: object, **_kwargs: object) -> None:
    raise OSError(errno.ENOSPC, FULL)


def window_args() -> argparse.Namespace:
    return argparse.Namespace(command=None, demo=False, frames=None, screenshot=None,
                              size=None, fullscreen=False, seed=None)


def top_dialog(app: App) -> Dialog:
    top = app.scenes.top
    assert isinstance(top, Dialog), f"the top scene is {top!r}"
    return top


def play_to_the_end(table: Table) -> None:
    while not table.controller.done:
        table.step()


def kept_demo(app: App) -> TableScene:
    """A table the computer plays for the player, kept as the player's own match (saved,
    counted), so a test needs no clicks."""
    scene = table(app, players=3, seed=6, demo=True)
    scene.controller.kept = True
    return scene


def stats_entries() -> list[stats_file.MatchRecord]:
    """The statistics on disk once the writes queued so far have ended."""
    STATS_WRITER.flush()
    stats, problem = stats_file.load()
    assert problem is None
    return stats.matches


# ----------------------------------------------------------------- 5. a second window
HOLDER = """
import sys
from pathlib import Path
from tute import instance
lock = instance.claim(Path(sys.argv[1]))
print("held", flush=True)
sys.stdin.read()
"""


def test_item5_a_second_window_says_tute_is_open_and_leaves_the_first_ones_match(
        home: Path) -> None:
    """The first window (another process) holds the data folder; a second one shows only
    "Tute is already open" and writes nothing, whatever it is asked; once the first one
    dies (a crash included), the system has released its hold."""
    store.save_match(store.SavedMatch(record="rules: cabrero\nseed: 3\n", level="easy"))
    before = (home / store.MATCH_FILE).read_bytes()
    first = subprocess.Popen([sys.executable, "-c", HOLDER, str(home)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert first.stdout is not None and first.stdout.readline() == "held\n"
        app = start(window_args(), None, None)
        try:
            dialog = top_dialog(app)
            assert label_text(dialog.title) == "Tute is already open"
            assert not any(isinstance(s, (MenuScene, TableScene)) for s in app.scenes.scenes)
            frames(app, 3)
            app.save_settings()
            store.clear_match()  # what a second window's leaving or finishing would do
            store.save_match(store.SavedMatch(record="rules: chancho\n", level="easy"))
            assert (home / store.MATCH_FILE).read_bytes() == before
            assert not (home / store.SETTINGS_FILE).exists() and app.toasts == []
            assert (home / instance.RAISE_FILE).exists()  # the first window is asked forward
            dialog.buttons[0].activate()
            assert not app.running
        finally:
            app.close()
    finally:
        first.kill()  # as a crash would end it
        first.wait()
    lock = instance.claim(home)  # released by the system
    lock.release()


def test_item5_the_first_window_comes_to_the_front_when_a_second_one_starts(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "RAISE_CHECK_SECONDS", 0.0)
    first = make_app()
    first.lock = instance.claim(home)
    raised: list[bool] = []
    monkeypatch.setattr(first, "to_front", lambda: raised.append(True))
    first.push(MenuScene(first))
    instance.ask_to_raise(home)
    first.run(frames=3)
    assert raised == [True] and not (home / instance.RAISE_FILE).exists()
    instance.claim(home).release()  # the window let go of the folder as it closed


def test_item5_commands_without_a_window_run_while_the_window_is_open(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lock = instance.claim(home)
    try:
        assert main(["stats"]) == 0
        with pytest.raises(instance.AlreadyOpen):
            instance.claim(home)
    finally:
        lock.release()
    capsys.readouterr()


# ----------------------------------------------------------------- 6. full disk at the end
def test_item6_a_full_disk_at_the_end_keeps_the_save_and_the_match_counts_once(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills after the first hand: the end of the match writes nothing, so the
    saved match stays (the last state that could be written) and the player is told once.
    Space freed, the kept match is carried on to its end: every hand and the result are
    counted once, and its record is kept."""
    table = new_table(lives=2)
    while not table.session.game.summaries:
        table.step()
    table.step()  # the hand's result: the statistics catch up
    assert [len(m.hands) for m in stats_entries()] == [1]
    store.MATCH_WRITER.flush()
    with monkeypatch.context() as full:
        full.setattr(os, "replace", no_space)
        play_to_the_end(table)
        store.MATCH_WRITER.flush()
    hands = len(table.session.game.summaries)
    assert hands > 1 and table.controller.done and not table.controller.written
    assert (home / store.MATCH_FILE).exists()
    assert list(table.notices) == ["result"] and FULL in table.notices["result"]
    assert store.recent_records() == [] and stats_entries()[0].finished is None

    # space freed
    saved = store.load_match()[0]
    assert saved is not None and not saved.over
    again = Table(Session.resume(saved))
    play_to_the_end(again)
    assert again.notices == {} and again.controller.written
    assert not (home / store.MATCH_FILE).exists()
    [entry] = stats_entries()
    assert len(entry.hands) == len(again.session.game.summaries) and entry.won is not None
    assert len(store.recent_records()) == 1 and again.notices == {}


def test_item6_a_finished_match_kept_unwritten_is_written_once_from_the_menu(
        home: Path, monkeypatch: pytest.MonkeyPatch, app: App) -> None:
    """Only the statistics fail at the end (the record is written): the finished match is
    kept as such; the menu writes its result later, once, and offers nothing to
    continue; writing it again changes nothing."""
    table = new_table(lives=2)
    while not table.session.game.is_over:
        table.step()
    STATS_WRITER.flush()  # the hands' writes land before the disk fills, not after
    with monkeypatch.context() as full:
        full.setattr(stats_file, "save", no_space)
        while table.step().tick is not Tick.OVER:
            pass
    saved = store.load_match()[0]
    assert saved is not None and saved.over and "result" in table.notices
    assert len(store.recent_records()) == 1
    before = stats_entries()
    assert before and before[0].finished is None

    menu = MenuScene(app)
    app.replace_all(menu)
    assert not menu.continue_button.visible and not (store.data_dir() / store.MATCH_FILE
                                                     ).exists()
    assert app.toasts and "has been saved" in app.toasts[-1][0]
    [entry] = stats_entries()
    assert len(entry.hands) == len(table.session.game.summaries) and entry.won is not None
    assert len(store.recent_records()) == 1  # the record kept at the end, not a second
    table.controller.written = False
    assert table.controller.write_result() and stats_entries() == [entry]
    assert settle(app, saved) and stats_entries() == [entry]
    assert len(store.recent_records()) == 1


# ----------------------------------------------------------------- 7. records pruned
def keep(n: int, start: int, when: Callable[[int], float]) -> list[Path]:
    return [store.keep_record(f"rules: cabrero\nseed: {start + i}\n", "cabrero",
                              when=when(start + i)) for i in range(n)]


DAY = 86400.0
EPOCH = 1_700_000_000.0


def test_item7_a_clock_set_back_never_prunes_the_record_just_kept(home: Path) -> None:
    first = keep(store.KEEP_RECORDS, 0, lambda i: EPOCH + i * DAY)
    latest = store.keep_record("rules: cabrero\nseed: back\n", "cabrero", when=EPOCH - 365 * DAY)
    assert latest.exists() and not first[0].exists() and all(p.exists() for p in first[1:])
    assert store.recent_records()[0] == latest  # the newest kept, whatever its date


def test_item7_files_the_game_never_wrote_are_never_pruned(home: Path) -> None:
    folder = store.records_dir()
    folder.mkdir()
    copied = [folder / f"2099-01-{d:02d}_120000-cabrero.yaml" for d in range(1, 21)]
    mine = folder / "my-notes.yaml"
    for path in [*copied, mine]:
        path.write_text("rules: cabrero\n", encoding="utf-8")
    kept = keep(store.KEEP_RECORDS + 5, 0, lambda i: EPOCH + i * DAY)
    assert all(p.exists() for p in [*copied, mine])
    assert sum(p.exists() for p in kept) == store.KEEP_RECORDS and kept[-1].exists()


def test_item7_nothing_is_pruned_through_a_link_out_of_the_data_folder(
        home: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    rulesets = tmp_path_factory.mktemp("my-rulesets")
    theirs = [rulesets / f"2026-01-{d:02d}_120000-house_{d}.yaml" for d in range(1, 26)]
    for path in theirs:
        path.write_text("id: house\n", encoding="utf-8")
    store.records_dir().symlink_to(rulesets, target_is_directory=True)
    keep(store.KEEP_RECORDS + 5, 0, lambda i: EPOCH + i * DAY)
    assert all(p.read_text(encoding="utf-8") == "id: house\n" for p in theirs)
    index = json.loads((rulesets / store.RECORDS_INDEX).read_text(encoding="utf-8"))
    assert len(index["records"]) == store.KEEP_RECORDS


def test_item7_a_link_named_like_a_record_is_not_followed(home: Path) -> None:
    outside = home.parent / f"{home.name}-precious.yaml"
    outside.write_text("mine\n", encoding="utf-8")
    kept = keep(1, 0, lambda i: EPOCH)
    kept[0].unlink()
    kept[0].symlink_to(outside)
    keep(store.KEEP_RECORDS, 1, lambda i: EPOCH + i * DAY)
    assert outside.read_text(encoding="utf-8") == "mine\n" and kept[0].is_symlink()


# ----------------------------------------------------------------- 14. no data folder
def test_item14_a_file_where_the_folder_goes_is_named_and_play_goes_on_unsaved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    where = tmp_path / "tute"
    where.write_text("not a folder\n", encoding="utf-8")
    monkeypatch.setenv(store.HOME_ENV, str(where))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    app = start(window_args(), None, None)
    try:
        app.settings.animation = "instant"
        dialog = top_dialog(app)
        message = label_text(dialog.message)
        assert label_text(dialog.title) == "Nothing can be saved"
        assert "is a file, not a folder" in message and str(where) in message
        assert "damaged" not in message and app.problems == []
        dialog.buttons[0].activate()
        while isinstance(app.scenes.top, Dialog):  # the guided hand offered: no file problem
            assert app.scenes.top.title != "A file was damaged"
            app.scenes.top.buttons[-1].activate()
        assert isinstance(app.scenes.top, MenuScene)
        scene = kept_demo(app)
        session = scene.session
        run_until(app, lambda: len(session.game.summaries) > 0, limit=20000)
        app.toggle_mute()
        frames(app, 5)
        assert app.notices == {} and [m for m, _t in app.toasts] == ["Sound off"]
        assert where.read_text(encoding="utf-8") == "not a folder\n"
    finally:
        app.close()


def test_item14_a_folder_that_cannot_be_written_is_said_once(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    with monkeypatch.context() as read_only:
        read_only.setattr(tempfile, "TemporaryFile", refused)
        app = start(window_args(), None, None)
        try:
            message = label_text(top_dialog(app).message)
            assert f"cannot write in its folder {home} (Permission denied)" in message
            app.save_settings()
            assert app.toasts == [] and not (home / store.SETTINGS_FILE).exists()
        finally:
            app.close()
    assert store.data_folder_problem() is None
    app.save_settings()  # the hold went with the window
    assert (home / store.SETTINGS_FILE).exists()


# ----------------------------------------------------------------- 22. one notice
def test_item22_a_full_disk_shows_one_notice_until_a_save_succeeds(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    session = kept_demo(app).session
    with monkeypatch.context() as full:
        full.setattr(os, "replace", no_space)
        run_until(app, lambda: len(session.game.summaries) > 0, limit=20000)
        store.MATCH_WRITER.flush()
        frames(app, 2)
    assert list(app.notices) == ["match"] and FULL in app.notices["match"]
    assert not any("Could not save" in m for m, _t in app.toasts)
    run_until(app, lambda: "match" not in app.notices, limit=20000)
    assert (store.data_dir() / store.MATCH_FILE).exists()


def test_item7_an_index_naming_a_file_elsewhere_prunes_nothing_there(home: Path) -> None:
    """A hand-edited index that lists a path, not a record's name, is set aside: the game
    never removes what it lists."""
    precious = home / "precious.yaml"
    precious.write_text("mine\n", encoding="utf-8")
    store.records_dir().mkdir()
    entries = [{"file": "../precious.yaml", "kept": EPOCH, "digest": ""}] * 30
    (store.records_dir() / store.RECORDS_INDEX).write_text(
        json.dumps({"version": 1, "records": entries}), encoding="utf-8")
    kept = keep(store.KEEP_RECORDS + 1, 0, lambda i: EPOCH + i * DAY)
    assert precious.read_text(encoding="utf-8") == "mine\n" and kept[-1].exists()
    assert list(store.records_dir().glob(f"{store.RECORDS_INDEX}.damaged-*"))
