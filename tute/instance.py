"""One window of the game at a time: it holds an exclusive lock on a file of the data
folder for its whole life, which the system releases however it ends (a crash included).

A second window finds the lock taken and says so instead of playing: both would share one
saved match, and one finishing or leaving its match would destroy the other's. It also
leaves a request file, which the first window looks for while it runs and answers by
coming to the front. Every window takes it (``tute.ui.app.open_window``): the menu's, a
lesson's, a review's. Commands that open no window (replay, stats, simulate) never take the
lock.
"""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path

from tute.lockfile import try_lock

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
    lock can be had there (the caller then writes nothing: another copy may be open)."""
    fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        taken = not try_lock(fd)
    except OSError:
        os.close(fd)
        raise
    if taken:
        os.close(fd)
        raise AlreadyOpen(str(folder))
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
