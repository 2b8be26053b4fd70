"""Computer decisions off the frame loop: each runs on a daemon thread, one at a time.

A daemon thread (rather than an executor's) never holds the window open on exit while a
strong player is still thinking; the result is a ``concurrent.futures.Future``.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import TypeVar

T = TypeVar("T")

# Hand the interpreter lock back to the frame loop often while a player thinks.
SWITCH_INTERVAL = 0.001


def configure_threads() -> None:
    sys.setswitchinterval(SWITCH_INTERVAL)


def submit(fn: Callable[[], T]) -> Future[T]:
    """Run ``fn`` on a new daemon thread; its result or exception lands in the future."""
    future: Future[T] = Future()

    def work() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(fn())
        except BaseException as exc:  # handed to the frame loop, which reports it
            future.set_exception(exc)

    threading.Thread(target=work, name="tute-ai", daemon=True).start()
    return future
