"""The statistics brought up to date on one background thread, off the frame loop.

Reading and writing a file of years of play takes a while after every hand; the table
hands over what the file should hold (``file.match_now``) and carries on animating. The
writes run one at a time in the order asked (each a ``Future`` the caller may wait for, its
exception the write's failure), and the thread is an executor's, which Python lets finish
its queue before the process ends: a window closing loses no queued hand.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from tute.stats import file


class StatsWriter:
    """Queues ``file.record`` calls for one background thread, in order."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tute-stats")

    def submit(self, match: file.MatchRecord) -> Future[file.Recorded]:
        """Queue ``match`` for the file; returns at once."""
        return self._pool.submit(file.record, match)

    def flush(self) -> None:
        """Wait until every write queued so far is done (failed ones included)."""
        self._pool.submit(lambda: None).result()


WRITER = StatsWriter()
"""The one writer of the statistics in this process."""
