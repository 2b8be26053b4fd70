"""One window of the game at a time: it holds an exclusive lock on a file of the data
folder for its whole life, which the system releases however it ends (a crash included).

A second window finds the lock taken and says so instead of playing: both would share one
saved match, and one finishing or leaving its match would destroy the other's. It also
leaves a request file, which the first window looks for while it runs and answers by
coming to the front. Commands that open no window (replay, stats, simulate) never take the
lock.
"""

from __future__ import annotations

import errno
import os
import sys
from contextlib import suppress
from pathlib import Path

LOCK_FILE = "tute.lock"
RAISE_FILE = "tute.raise"
"""Left by a second window: the first one is asked to come to the front."""


class AlreadyOpen(Exception):
    """Another copy of the game holds the data folder."""


class InstanceLock:
    """The data folder held by this copy of the game until ``release`` (or its end)."""

    def __init__(self, fd: int) -> None:
        self.fd: int | None = fd

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing the file releases its lock on every system
            self.fd = None


def claim(folder: Path) -> InstanceLock:
    """Hold ``folder``'s lock file. AlreadyOpen when another copy holds it; OSError when no
    lock can be had there (the caller plays on without one)."""
    fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        _lock(fd)
    except OSError as exc:
        os.close(fd)
        if _taken(exc):
            raise AlreadyOpen(str(folder)) from None
        raise
    return InstanceLock(fd)


def ask_to_raise(folder: Path) -> None:
    """Ask the window holding ``folder`` to come to the front (best effort)."""
    with suppress(OSError):
        (folder / RAISE_FILE).touch()


def raise_asked(folder: Path) -> bool:
    """A second window asked this one to come to the front (the request is taken)."""
    try:
        (folder / RAISE_FILE).unlink()
    except OSError:
        return False
    return True


def _lock(fd: int) -> None:
    """An exclusive lock on ``fd``'s file, without waiting."""
    if sys.platform == "win32":
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _taken(exc: OSError) -> bool:
    """The lock failed because someone holds it (not because the system has none)."""
    if sys.platform == "win32":
        return isinstance(exc, PermissionError) or exc.errno == errno.EDEADLOCK
    return isinstance(exc, BlockingIOError)
