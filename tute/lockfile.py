"""One process at a time on a shared file of the data folder: an operating-system lock on
``NAME.lock`` beside it, held while the file is read, changed and written back.

Two copies of the game finishing hands at once each read the statistics, add their hand
and write them; without a lock the later write replaces the earlier one's hand. The lock is
the operating system's (``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on Windows),
so a copy that is killed while it holds one frees it at once: no stale lock is ever left
behind to recover. The lock file itself stays: removing it would let a third copy lock a
new file that a second one, still waiting on the old, never sees.
"""

from __future__ import annotations

import errno
import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_WAIT = 30.0
"""Seconds to wait for another copy's write to end (one takes well under a second) before
the write fails as busy, to be reported like a full disk."""

_held = threading.local()
"""The lock files this thread holds, so that code holding one may take it again."""


def try_lock(fd: int) -> bool:
    """Take the lock on ``fd``'s file if it is free, without waiting; False when another
    holder has it (OSError when the system has no lock to give)."""
    try:
        if sys.platform == "win32":
            import msvcrt

            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EAGAIN, errno.EDEADLK):
            return False
        raise
    return True


def _unlock(fd: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)


@contextmanager
def locked(path: Path, wait: float = LOCK_WAIT, reading: bool = False) -> Iterator[None]:
    """``path`` to this thread alone, against other threads and other processes; OSError
    (EBUSY) when another holder keeps it past ``wait`` seconds. ``reading``: where no lock
    file can be made (a read-only folder) go on without one, as nothing can be written
    there either."""
    lock = path.with_name(path.name + ".lock")
    held: set[str] = _held.__dict__.setdefault("paths", set())
    if str(lock) in held:
        yield
        return
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        if not reading:
            raise
        yield
        return
    try:
        deadline = time.monotonic() + wait
        pause = 0.002
        while not try_lock(fd):
            if time.monotonic() >= deadline:
                raise OSError(errno.EBUSY, os.strerror(errno.EBUSY), str(path))
            time.sleep(pause)
            pause = min(pause * 2, 0.05)
        held.add(str(lock))
        try:
            yield
        finally:
            held.discard(str(lock))
            _unlock(fd)
    finally:
        os.close(fd)
