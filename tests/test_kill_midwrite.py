"""Kill mid-write: a process saving the match in a loop is killed (SIGKILL) at random moments,
many times; the saved match on disk must always be a whole old or a whole new version.

The saves go through ``tute.store.save_match`` (leaving the table) and through the background
writer the table saves with after every action (``save_match_later``). Each version's record is
a real game record stamped with its number and padded to a length that depends on it, so a
torn, mixed or truncated file cannot pass as any version. A SIGKILL cannot test a power cut
(what the directory fsync is for); it tests the temp-file-then-replace protocol.
"""

from __future__ import annotations

import inspect
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tute.engine import DEAL, Game
from tute.engine.record import dump_record
from tute.rules import load_ruleset
from tute.store import MATCH_FILE, load_match

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

KILLS = {"save_match": 150, "save_match_later": 60}
"""Kills per way of saving (the background writer's own protocol is the same write)."""


def version(i: int, record: str) -> str:
    """Version ``i`` of the saved record: stamped with its number, 1 to 12 copies long."""
    return f"# version {i}\n" + "".join(f"# copy {k}\n{record}" for k in range(1 + i % 12))


SAVER = inspect.getsource(version) + textwrap.dedent("""
    import sys
    from tute import store
    from tute.store import SavedMatch, load_match

    save_match = getattr(store, sys.argv[2])

    record = open(sys.argv[1], encoding="utf-8").read()
    saved, problem = load_match()
    assert problem is None, problem
    i = int(saved.saved_at) if saved else 0
    print("ready", flush=True)
    while True:
        i += 1
        save_match(SavedMatch(record=version(i, record), level="medium", saved_at=float(i)))
""")


def a_record() -> str:
    """A whole hand of Cabrero as a record (a few kilobytes)."""
    game = Game(load_ruleset("cabrero"), {"players": 4}, seed=16)
    game.deal()
    while game.phase != DEAL:
        game.apply(game.legal_actions()[-1])
    return dump_record(game)


@pytest.mark.parametrize("saver", sorted(KILLS))
def test_a_killed_save_leaves_a_whole_old_or_new_match(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, saver: str) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("TUTE_HOME", str(home))
    record = a_record()
    source = tmp_path / "record.yaml"
    source.write_text(record, encoding="utf-8")
    env = {**os.environ, "TUTE_HOME": str(home)}
    rng = random.Random(16)
    last = 0
    left = 0
    for _ in range(KILLS[saver]):
        child = subprocess.Popen([sys.executable, "-c", SAVER, str(source), saver], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert child.stdout is not None
        ready = child.stdout.readline()
        assert ready == "ready\n", child.stderr.read() if child.stderr else ready
        time.sleep(rng.uniform(0.0, 0.03))
        child.send_signal(signal.SIGKILL)
        child.communicate(timeout=30)
        assert child.returncode == -signal.SIGKILL, "the saver stopped by itself"
        saved, problem = load_match()
        assert problem is None, f"the kill left a damaged file: {problem}"
        if saved is None:  # killed before its first save ended: nothing may be there
            assert last == 0 and not (home / MATCH_FILE).exists()
            continue
        i = int(saved.saved_at)
        assert saved.record == version(i, record), f"version {i} is not whole"
        assert i >= last, f"went back from version {last} to {i}"
        last = i
        left = len(list(home.glob(f"{MATCH_FILE}.*.tmp")))
    print(f"\n{saver}: kills survived: {KILLS[saver]}; last version {last}; temp files left "
          f"by kills inside a write: {left}")
    assert last > 0, "no save ever finished"
    assert not list(home.glob("*.damaged-*"))
    # The temp files a kill leaves behind show that kills did land inside a write.
    assert left > 0
