"""No network, ever: the game runs whole matches with every way of opening a socket forbidden.

Two nets catch an attempt: ``socket.socket``, ``socket.create_connection`` and friends are
replaced by functions that raise, and an audit hook (PEP 578) refuses the interpreter's own
socket events, which also covers sockets made from C extensions through Python's socket
module and names looked up with ``getaddrinfo``. On Linux the process's open files are
checked too, for sockets that native code (SDL) might have opened and kept.
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from ui_helpers import make_app, run_until, table, top

from tute.cli import main
from tute.ui.menus.match_end import MatchEndScene

NETWORK_EVENTS = {"socket.__new__", "socket.connect", "socket.bind", "socket.getaddrinfo",
                  "socket.gethostbyname", "socket.gethostbyaddr", "socket.sendto",
                  "http.client.connect", "urllib.Request", "ftplib.connect", "smtplib.connect",
                  "webbrowser.open"}
ATTEMPTS: list[str] = []
_GUARD = {"on": False}


def _audit(event: str, args: tuple[object, ...]) -> None:
    if _GUARD["on"] and event in NETWORK_EVENTS:
        ATTEMPTS.append(f"{event}{args!r}")
        raise PermissionError(f"network use is forbidden in this test: {event}")


sys.addaudithook(_audit)  # hooks cannot be removed: it acts only while the guard is on


def open_sockets() -> set[str]:
    """The process's open sockets, where the platform shows them (Linux /proc)."""
    fds = Path("/proc/self/fd")
    if not fds.is_dir():
        return set()
    out = set()
    for fd in fds.iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:"):
            out.add(target)
    return out


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Forbid sockets while the test runs; yields the list of attempts (must stay empty)."""

    def refuse(name: str) -> object:
        def forbidden(*args: object, **kwargs: object) -> object:
            ATTEMPTS.append(f"{name}{args!r}")
            raise PermissionError(f"network use is forbidden in this test: {name}")

        return forbidden

    for name in ("socket", "create_connection", "create_server", "socketpair", "fromfd",
                 "getaddrinfo", "gethostbyname", "gethostbyname_ex", "gethostbyaddr"):
        monkeypatch.setattr(socket, name, refuse(f"socket.{name}"))
    before = open_sockets()
    ATTEMPTS.clear()
    _GUARD["on"] = True
    try:
        yield ATTEMPTS
    finally:
        _GUARD["on"] = False
    new = open_sockets() - before
    assert not new, f"sockets opened during the test: {sorted(new)}"


def test_the_guard_catches_a_connection_attempt(no_network: list[str]) -> None:
    with pytest.raises(PermissionError):
        socket.create_connection(("example.org", 80))
    with pytest.raises(PermissionError):
        import _socket

        _socket.socket()  # below the socket module: only the audit hook sees it
    assert len(no_network) == 2
    no_network.clear()


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh folder for the game's files (settings, saved match)."""
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    return tmp_path


def test_a_demo_match_plays_to_its_end_offline(data_home: Path,
                                               no_network: list[str]) -> None:
    app = make_app()  # the window is opened with the guard already on
    try:
        scene = table(app, players=3, seed=5, demo=True, lives=1)
        run_until(app, lambda: isinstance(top(app), MatchEndScene), limit=20000)
        assert scene.session.game.is_over
    finally:
        app.close()
    assert no_network == []


def test_the_demo_command_starts_and_runs_offline(data_home: Path,
                                                  no_network: list[str]) -> None:
    shot = data_home / "demo.png"
    assert main(["--demo", "--frames", "240", "--screenshot", str(shot)]) == 0
    assert shot.is_file()
    assert no_network == []
