"""The statistics file against a second copy of the game, its own defaults, hostile sizes
and the frame loop (issue 39, "Nothing lost, round 2": items 4, 8, 12 and 15)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from benchmark_modules import load_benchmark
from engine_helpers import finish_hand

from tute import lockfile, store
from tute.engine import Game
from tute.rules import load_ruleset
from tute.stats import file
from tute.stats.hands import WON, HandRecord
from tute.stats.writer import WRITER
from tute.ui.table.controller import TableController
from tute.ui.table.session import Session


def played(seed: int = 1, hands: int = 1) -> Game:
    game = Game(load_ruleset("cabrero"), {"players": 3, "lives": 4}, seed=seed)
    for _ in range(hands):
        if game.is_over:
            break
        game.deal()
        finish_hand(game)
    return game


def raw_file(home: Path) -> dict[str, object]:
    data = json.loads((home / file.STATS_FILE).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def write_raw(home: Path, matches: Sequence[object]) -> None:
    (home / file.STATS_FILE).write_text(json.dumps({"version": 1, "matches": matches}),
                                        encoding="utf-8")


# ----------------------------------------------------------------- 4. two copies at once
def test_item4_two_writers_lose_no_hands(home: Path) -> None:
    """Two real processes play whole matches at once on one data folder (over a file of
    a thousand matches, so that their writes overlap): every hand and result of both is
    kept, and so is every match written before."""
    soak = load_benchmark("soak")
    shared = soak.SharedFolder(home, writers=2, matches=3, filler=1000)
    shared.run()
    assert shared.lost == [] and shared.hands >= 6, shared.report()


HOLD = """
import sys, time
from pathlib import Path
from tute import lockfile
with lockfile.locked(Path(sys.argv[1])):
    print("held", flush=True)
    time.sleep(60)
"""


def test_item4_a_lock_held_elsewhere_waits_and_a_killed_holder_frees_it(home: Path) -> None:
    target = home / file.STATS_FILE
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(target)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(OSError) as busy, lockfile.locked(target, wait=0.2):
            pass
        assert busy.value.errno == 16  # EBUSY: reported like a full disk, after the wait
    finally:
        holder.kill()
        holder.wait()
    started = time.monotonic()
    with lockfile.locked(target, wait=5):  # no stale lock: the system freed it
        assert time.monotonic() - started < 1


class FakeMsvcrt:
    """Windows' byte-range locks as ``msvcrt.locking`` keeps them: per file, whoever holds
    the byte; a second handle asking without waiting gets EACCES."""

    LK_NBLCK, LK_UNLCK = 2, 0

    def __init__(self) -> None:
        self.held: dict[int, int] = {}  # the file (inode) -> the handle holding byte 0
        self.calls: list[tuple[int, int]] = []

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        assert nbytes == 1 and os.lseek(fd, 0, os.SEEK_CUR) == 0
        self.calls.append((fd, mode))
        key = os.fstat(fd).st_ino
        if mode == self.LK_UNLCK:
            assert self.held.pop(key) == fd
        elif key in self.held:
            raise OSError(13, "Permission denied")
        else:
            self.held[key] = fd


def test_item4_the_windows_lock_takes_waits_and_frees(home: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeMsvcrt()
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setitem(sys.modules, "msvcrt", fake)
    target = home / file.STATS_FILE
    holder = lockfile.locked(target)
    other = threading.Thread(target=holder.__enter__)
    other.start()  # another holder, keeping it
    other.join()
    with pytest.raises(OSError) as busy, lockfile.locked(target, wait=0.1):
        pass
    assert busy.value.errno == 16 and len(fake.calls) > 2  # it kept asking
    holder.__exit__(None, None, None)  # the holder lets go
    with lockfile.locked(target, wait=1), lockfile.locked(target):  # reentrant
        assert list(fake.held.values()) == [fake.calls[-1][0]]
    assert fake.held == {} and fake.calls[-1][1] == FakeMsvcrt.LK_UNLCK


# ----------------------------------------------------------------- 8. defaults round-trip
SPARE = [{"game": "brisca", "seed": 3, "hands": [{"result": "won", "points": 70}]},
         {"game": "cabrero", "players": 3, "seed": 4, "finished": 5.0, "won": False,
          "hands": [{"result": "lost"}]}]
"""Matches as an older or hand-made file may hold them: no level, no options, no start."""


def test_item8_what_is_read_is_written_back_the_same(home: Path) -> None:
    write_raw(home, SPARE)
    before = (home / file.STATS_FILE).stat().st_size
    for hands in (1, 2):  # two hands: the second write reads the first's
        assert file.record_game(played(seed=9, hands=hands), "easy") is None
    stats, problem = file.load()
    assert problem is None and [m.seed for m in stats.matches] == [3, 4, 9]
    matches = raw_file(home)["matches"]
    assert isinstance(matches, list) and matches[:2] == SPARE
    assert not list(home.glob("*.damaged-*"))
    grown = (home / file.STATS_FILE).stat().st_size - before
    assert grown <= len(json.dumps(matches[2])) + 10  # the new match, nothing more


def test_item8_a_file_the_game_wrote_does_not_grow_when_rewritten(home: Path) -> None:
    file.save(file.Stats([file.MatchRecord("cabrero", 3, "easy", {}, seed)
                          for seed in range(2000)]))
    first = (home / file.STATS_FILE).read_bytes()
    file.save(file.load()[0])
    assert (home / file.STATS_FILE).read_bytes() == first
    assert len(first) < 2000 * 80  # a match at its defaults is its few own fields


def test_item8_a_players_ruleset_named_by_a_long_path_is_kept(home: Path) -> None:
    """A player's ruleset is counted under its absolute path (issue 39 item 1), which may
    be long: such a match reads back and is written back, not set aside."""
    game = "/" + "/".join(["a-long-folder-name"] * 12) + "/mine.yaml"
    file.save(file.Stats([file.MatchRecord(game, 3, "easy", {}, 1)]))
    stats, problem = file.load()
    assert problem is None and [m.game for m in stats.matches] == [game]
    assert not list(home.glob("*.damaged-*"))


# ----------------------------------------------------------------- 12. entries and bounds
def test_item12_empty_matches_are_set_aside_and_the_good_ones_kept(home: Path) -> None:
    write_raw(home, [{}, SPARE[0], {}, SPARE[1], {"game": ""}])
    original = (home / file.STATS_FILE).read_text(encoding="utf-8")
    stats, problem = file.load()
    assert [m.seed for m in stats.matches] == [3, 4]
    assert problem is not None and problem.kind == "statistics"
    assert problem.detail.startswith("3 of 5 matches did not fit")
    assert "match 1: a match names no game" in problem.detail
    assert problem.moved_to is not None and problem.moved_to.read_text() == original
    assert raw_file(home)["matches"] == SPARE  # written back without them
    assert file.load() == (file.Stats(stats.matches), None)


def test_item12_a_failed_write_back_keeps_the_file_as_it_was(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_raw(home, [{}, SPARE[0]])
    original = (home / file.STATS_FILE).read_text(encoding="utf-8")

    def full(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "save_file", full)
    stats, problem = file.load()
    assert [m.seed for m in stats.matches] == [3]
    assert problem is not None and problem.moved_to is None
    assert problem.detail.endswith("not written back: No space left on device")
    assert (home / file.STATS_FILE).read_text(encoding="utf-8") == original
    assert not list(home.glob("*.damaged-*"))


MEASURE = """
import os, resource, sys, time
os.environ["TUTE_HOME"] = sys.argv[1]
from tute.stats import file
started = time.perf_counter()
stats, problem = file.load()
print(len(stats.matches), problem.detail if problem else "",
      resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024, time.perf_counter() - started,
      sep="|")
"""


def test_item12_a_huge_file_of_empty_matches_is_set_aside_in_little_memory(home: Path
                                                                           ) -> None:
    pytest.importorskip("resource")
    (home / file.STATS_FILE).write_text('{"version": 1, "matches": [' + "{}," * 3_000_000
                                        + "{}]}", encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", MEASURE, str(home)], capture_output=True,
                         text=True, timeout=120, check=True).stdout.strip()
    count, detail, peak_mb, _seconds = out.split("|")
    assert count == "0" and detail == "more than 575000 lists and mappings"
    assert int(peak_mb) < 400, out  # the file is 9 MB; its 3 million objects were 1.5 GB
    assert list(home.glob("statistics.json.damaged-*"))


def test_item12_past_the_bound_the_oldest_matches_move_to_an_archive(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(file, "MAX_MATCHES", 20)
    full = file.Stats([file.MatchRecord("brisca", 2, "easy", {}, seed, finished=1.0, won=True,
                                        hands=[HandRecord(WON, 70)]) for seed in range(20)])
    file.save(full)
    recorded = file.record(file.match_now(played(seed=99), "easy"))
    assert recorded.archived is not None and recorded.moved == 3
    kept = [m.seed for m in file.load()[0].matches]
    assert kept == [*range(3, 20), 99]  # the newest kept, with room for 2 more
    archive = json.loads(recorded.archived.read_text(encoding="utf-8"))
    assert [m.get("seed", 0) for m in archive["matches"]] == [0, 1, 2]
    file.save(full)  # the table tells the player once
    notes: list[str] = []
    table = TableController(Session.new(store.GameSetup("cabrero", "easy", {"players": 3}),
                                        seed=5), lambda _p: None, lambda _k, _m: None,
                            notes.append)
    table.stats_writes.append(WRITER.submit(file.match_now(played(seed=98), "easy")))
    table.stats_writes.append(WRITER.submit(file.match_now(played(seed=97), "easy")))
    assert table.settle_stats() is None and len(notes) == 1  # the second fits in the room made
    assert notes[0].startswith("The oldest matches were moved to statistics.json.older-")
    assert notes[0].endswith("so that the statistics stay quick")


def test_item12_a_file_past_the_bounds_is_trimmed_and_far_past_them_set_aside(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(file, "MAX_MATCHES", 10)
    monkeypatch.setattr(file, "MAX_HANDS", 20)
    monkeypatch.setitem(store.KINDS, file.STATS, file.read_bounds())
    old = [{"game": "brisca", "seed": seed, "hands": [{"result": "won"}]}
           for seed in range(1, 51)]
    write_raw(home, old)  # kept by an older version: 50 matches, 50 hands
    recorded = file.record(file.match_now(played(seed=99), "easy"))
    assert recorded.problem is None and recorded.archived is not None
    assert [m.seed for m in file.load()[0].matches] == [*range(43, 51), 99]  # 9 matches
    archived = json.loads(recorded.archived.read_text(encoding="utf-8"))["matches"]
    assert archived == old[:42]
    write_raw(home, [{"game": "brisca"}] * 250)  # 252 containers: past 5 x (3 x 10 + 20)
    stats, problem = file.load()
    assert stats == file.Stats() and problem is not None
    assert problem.detail == "more than 250 lists and mappings"


# ----------------------------------------------------------------- 15. off the frame loop
def test_item15_statistics_are_written_off_the_frame_loop_in_order(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    writes: list[tuple[str, int]] = []
    real = store.save_file

    def slow(name: str, version: int, data: dict[str, Any], indent: int | None = 2) -> None:
        release.wait(10)
        (match,) = data["matches"]
        writes.append((threading.current_thread().name, len(match["hands"])))
        real(name, version, data, indent)

    monkeypatch.setattr(store, "save_file", slow)
    session = Session.new(store.GameSetup("cabrero", "easy", {"players": 3, "lives": 4}),
                          seed=9)
    told: list[str | None] = []
    table = TableController(session, lambda _p: None, lambda _k, note: told.append(note),
                            told.append)
    session.game = played(seed=9, hands=1)
    started = time.monotonic()
    table.record_stats()  # what a hand's result does, on the frame loop
    session.game = played(seed=9, hands=2)
    table.record_stats()
    assert time.monotonic() - started < 5 and writes == []  # returned, still writing
    release.set()
    assert table.settle_stats() is None and told == [None, None]  # no notice, none kept
    assert [n for _, n in writes] == [1, 2]  # in the order the hands ended
    assert all(name.startswith("tute-stats") for name, _ in writes)
    assert len(file.load()[0].matches[0].hands) == 2


CLOSE = """
import os, sys, threading
os.environ["TUTE_HOME"] = sys.argv[1]
os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, sys.argv[2])
from engine_helpers import finish_hand
from tute import store
from tute.engine import Game
from tute.rules import load_ruleset
from tute.stats import file
from tute.stats.writer import WRITER
from ui_helpers import make_app
real = store.save_file
def slow(*args, **kwargs):
    threading.Event().wait(1.0)
    real(*args, **kwargs)
store.save_file = slow
app = make_app()
game = Game(load_ruleset("cabrero"), {"players": 3, "lives": 4}, seed=3)
game.deal()
finish_hand(game)
WRITER.submit(file.match_now(game, "easy"))
app.close()
print(len(file.load()[0].matches), flush=True)
os._exit(0)  # no interpreter exit to finish the queue: the window's close must have
"""


def test_item15_closing_the_window_lets_the_queued_writes_finish(home: Path) -> None:
    tests = Path(__file__).resolve().parent
    out = subprocess.run([sys.executable, "-c", CLOSE, str(home), str(tests)],
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "TUTE_HOME": str(home)})
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "1"
