"""Shared fixtures, and "every game" parametrization from the bundled rulesets.

A test that takes ``every_game`` runs once per ruleset file in ``config/rules`` (its name);
one that takes ``every_table`` once per game and player count the file allows
(``(name, players)``). Both lists are read from the files when the tests are collected, so
a new ruleset file is covered by every such test without editing any of them.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

DATA_ROOT_ENV = "TUTE_TEST_DATA_ROOT"
"""A folder with ``config/rules`` (and ``assets``) that this test run reads in place of
the project's: tests/test_new_game_file.py runs the every-game checks on a game the
project does not ship this way. Set before any ruleset is read."""
if os.environ.get(DATA_ROOT_ENV):
    import tute.resources

    _root = Path(os.environ[DATA_ROOT_ENV])
    tute.resources.data_root = lambda: _root  # type: ignore[assignment]

from engine_helpers import bundled_tables  # noqa: E402  (after the data root is chosen)

from tute.rules.ruleset import bundled_names  # noqa: E402
from tute.store import HOME_ENV  # noqa: E402

if TYPE_CHECKING:
    from tute.ui.shell.app import App

ROOT = Path(__file__).resolve().parent.parent
COMPILE_TIMEOUT = 900
"""Seconds the compiled copy may take to build (about 100 on the 2-core machine)."""


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize ``every_game`` and ``every_table`` from the bundled ruleset files."""
    if "every_game" in metafunc.fixturenames:
        metafunc.parametrize("every_game", bundled_names())
    if "every_table" in metafunc.fixturenames:
        tables = bundled_tables()
        metafunc.parametrize("every_table", tables, ids=[f"{g}-{n}" for g, n in tables])


@pytest.fixture(autouse=True)
def settled_saves() -> Iterator[None]:
    """Each test leaves the one background match writer idle, with no failure left over,
    and writing allowed: a save still queued from one test must not land, or fail, during
    the next, nor a hold of one test's data folder stop the next one's writes. The language
    a test chose goes with it too (a Catalan test left the next one's notices in Catalan)."""
    from tute import i18n

    language = i18n.language()
    yield
    i18n.set_language(language)
    from tute import store
    from tute.stats.writer import WRITER

    store.MATCH_WRITER.flush()
    store.MATCH_WRITER.forget_error()
    WRITER.flush()
    store.hold_writes(False)


@pytest.fixture
def cli_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line run in-process: headless drivers, a fresh data folder under
    ``tmp_path/home``, an English locale."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh data folder (TUTE_HOME) for settings, saved matches and statistics, and an
    English locale."""
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    return tmp_path


@pytest.fixture
def app(home: Path) -> Iterator[App]:
    """The game window at 1280x800 with instant animations (pygame is loaded only by the
    tests that ask for it)."""
    from ui_helpers import make_app

    application = make_app()
    yield application
    application.close()


@pytest.fixture(scope="session")
def compiled_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package with the engine and the search compiled by mypyc
    (tools/compile_engine.py), made once per run: the compiled-engine tests and the frozen
    app both use it. In a parallel run (pytest-xdist) the workers share one copy: the first
    to ask builds it (a folder made first is the claim: making one is atomic), the others
    wait for it."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # this run's folder, above each worker's own
    out, claim = base / "mypyc" / "compiled", base / "mypyc-claim"
    done, failed = claim / "done", claim / "failed"
    try:
        claim.mkdir()
    except FileExistsError:
        deadline = time.monotonic() + COMPILE_TIMEOUT
        while not (done.exists() or failed.exists()) and time.monotonic() < deadline:
            time.sleep(1.0)
        if not done.exists():
            pytest.fail("another worker could not build the compiled copy")
        return out
    try:
        subprocess.run([sys.executable, str(ROOT / "tools" / "compile_engine.py"), "--out",
                        str(out)], check=True, capture_output=True, timeout=COMPILE_TIMEOUT)
    except BaseException:
        failed.touch()
        raise
    done.touch()
    return out


@pytest.fixture
def speechd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A speech-dispatcher of the test's own, its socket and log in a temporary folder and
    SPEECHD_ADDRESS pointing there; its log file is yielded. Skipped where the server is
    not installed (``apt install speech-dispatcher espeak-ng``)."""
    import shutil
    import signal

    if shutil.which("speech-dispatcher") is None:
        pytest.skip("speech-dispatcher is not installed")
    sock, logs, conf = (tmp_path / "speechd.sock", tmp_path / "speechd-log",
                        tmp_path / "speechd-conf")
    logs.mkdir()
    # The system's configuration, its sound sent where none is played (without a sound
    # device, the default output stalls the server some seconds on each message).
    shutil.copytree("/etc/speech-dispatcher", conf)
    with (conf / "speechd.conf").open("a", encoding="utf-8") as settings:
        settings.write('\nAudioOutputMethod "oss"\n')
    env = {**os.environ, "HOME": str(tmp_path), "XDG_RUNTIME_DIR": str(tmp_path)}
    server = subprocess.Popen(
        ["speech-dispatcher", "-s", "-l", "5", "-L", str(logs), "-c", "unix_socket",
         "-S", str(sock), "-t", "0", "-C", str(conf)], env=env, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 10
        while not sock.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert sock.exists(), "speech-dispatcher did not open its socket"
        monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{sock}")
        yield logs / "speech-dispatcher.log"
    finally:  # the server and its output modules, which it starts in its own group
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(5)
