"""Where spoken lines go: speech-dispatcher (Linux), the screen reader through
accessible-output2 (Windows, macOS), a recording (tests), or nowhere.

Every backend takes a line and returns at once: the game never waits on a reader to start,
connect or fail. One that cannot reach a reader falls silent instead of raising.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Protocol

from tute.speech.ssip import SsipClient, socket_path

SPAWN_WAIT = 3.0
"""Seconds the worker gives a speech-dispatcher it started to open its socket."""
RETRY_AFTER = 10.0
"""Seconds before the worker tries again to reach a speech-dispatcher that was not there."""
SECONDS_PER_CHAR = 0.09
"""The longest a line is taken to be spoken for (with SECONDS_FIXED, after the lines before
it) when the server never says it ended: the table is held no longer than that."""
SECONDS_FIXED = 1.0


class Backend(Protocol):
    """One way of speaking."""

    name: str

    def speak(self, text: str, language: str, focus: bool) -> None:
        """Queue ``text`` in ``language`` (es, ca, en). A ``focus`` line (what the keyboard
        just reached) may cut the focus line before it; the table's lines queue."""

    def pending(self) -> bool:
        """Still speaking a table's line (False where the reader cannot tell)."""

    def close(self) -> None:
        """Let the reader go."""


class Silent:
    """No reader: lines are dropped."""

    name = "none"

    def speak(self, text: str, language: str, focus: bool) -> None:
        pass

    def pending(self) -> bool:
        return False

    def close(self) -> None:
        pass


@dataclass
class Line:
    text: str
    language: str
    focus: bool


@dataclass
class Recorder:
    """Keeps every line with its language, for tests to read."""

    name = "recording"
    lines: list[Line] = field(default_factory=list)

    def speak(self, text: str, language: str, focus: bool) -> None:
        self.lines.append(Line(text, language, focus))

    def pending(self) -> bool:
        return False

    def close(self) -> None:
        pass

    def said(self, focus: bool = False) -> list[str]:
        """The table's lines (``focus``: the focus lines) in order."""
        return [line.text for line in self.lines if line.focus == focus]


class SpeechDispatcher:
    """speech-dispatcher through its SSIP socket, on a thread of its own: connecting (and
    starting the server if it is installed but not running) never holds the window. Focus
    lines go at SSIP's ``text`` priority, which a newer line cuts short; the table's at
    ``message``, which queue and are waited for."""

    name = "speech-dispatcher"

    def __init__(self, env: dict[str, str] | None = None) -> None:
        self.env = env
        self.queue: deque[Line] = deque()
        self.wake = threading.Condition()
        self.sent: dict[int, float] = {}
        """Table lines sent and not yet said ended: their id and when to stop waiting."""
        self.client: SsipClient | None = None
        self.failed_at: float | None = None
        self.problem = ""
        """Why nothing is spoken (for ``tute --speech`` to say), "" while all is well."""
        self.closing = False
        self.thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self.thread.start()

    def speak(self, text: str, language: str, focus: bool) -> None:
        with self.wake:
            if focus:  # a focus line not yet sent is already out of date
                self.queue = deque(line for line in self.queue if not line.focus)
            self.queue.append(Line(text, language, focus))
            self.wake.notify()

    def pending(self) -> bool:
        with self.wake:
            now = time.monotonic()
            waiting = any(not line.focus for line in self.queue)
            return (waiting and self.failed_at is None) or any(
                until > now for until in self.sent.values())

    def close(self) -> None:
        with self.wake:
            self.closing = True
            self.wake.notify()
        self.thread.join(timeout=1.0)

    # ------------------------------------------------------------------ the thread
    def _run(self) -> None:
        language = ""
        while True:
            with self.wake:
                if not self.queue and not self.closing:
                    self.wake.wait(0.1 if self.sent else None)
                if self.closing:
                    break
                lines, self.queue = list(self.queue), deque()
            client = self._client()
            if client is None:
                continue
            try:
                for line in lines:
                    if line.language != language:
                        client.command(f"SET SELF LANGUAGE {line.language}")
                        language = line.language
                    client.command("SET SELF PRIORITY " + ("text" if line.focus else "message"))
                    ident = client.speak(line.text)
                    if not line.focus:  # said after the lines before it
                        with self.wake:
                            start = max([time.monotonic(), *self.sent.values()])
                            self.sent[ident] = (start + SECONDS_FIXED
                                                + SECONDS_PER_CHAR * len(line.text))
                client.poll()
                with self.wake:
                    now = time.monotonic()
                    self.sent = {i: until for i, until in self.sent.items()
                                 if i not in client.ended and until > now}
                    client.ended.clear()
            except OSError as exc:
                self._lost(str(exc))
                language = ""
        if self.client is not None:
            self.client.close()

    def _client(self) -> SsipClient | None:
        """The connection, made (or remade, RETRY_AFTER after a failure) when needed."""
        if self.client is not None:
            return self.client
        if self.failed_at is not None and time.monotonic() - self.failed_at < RETRY_AFTER:
            return None
        path = socket_path(self.env)
        if path is None:
            self._lost("no speech-dispatcher address (XDG_RUNTIME_DIR or SPEECHD_ADDRESS)")
            return None
        if not path.exists():
            self._spawn(path)
        try:
            client = SsipClient(path)
            client.command("SET SELF CLIENT_NAME user:tute:main")
            client.command("SET SELF NOTIFICATION END on")
            client.command("SET SELF NOTIFICATION CANCEL on")
        except OSError as exc:
            self._lost(f"speech-dispatcher is not reachable at {path}: {exc}")
            return None
        self.client, self.failed_at, self.problem = client, None, ""
        return client

    def _spawn(self, path: Any) -> None:
        """Start the installed server as its own clients do (``--spawn`` exits at once when
        one already runs), and give it a moment to open its socket."""
        program = shutil.which("speech-dispatcher",
                               path=None if self.env is None else self.env.get("PATH", ""))
        if program is None:
            return
        try:
            subprocess.run([program, "--spawn"], timeout=SPAWN_WAIT, check=False,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           env=self.env)
        except (OSError, subprocess.SubprocessError):
            return
        until = time.monotonic() + SPAWN_WAIT
        while not path.exists() and time.monotonic() < until:
            time.sleep(0.05)

    def _lost(self, why: str) -> None:
        if self.client is not None:
            self.client.sock.close()
        self.client, self.failed_at, self.problem = None, time.monotonic(), why
        with self.wake:
            self.queue = deque()
            self.sent = {}


class ScreenReader:
    """The running screen reader (NVDA, JAWS, SAPI on Windows; VoiceOver on macOS) through
    accessible-output2, imported on the first line: a game without it installed, or with
    no reader running, is silent."""

    name = "screen reader"

    def __init__(self) -> None:
        self.output: Any = None
        self.tried = False

    def speak(self, text: str, language: str, focus: bool) -> None:
        if not self.tried:
            self.tried = True
            try:
                from accessible_output2.outputs.auto import Auto  # type: ignore[import-not-found]

                self.output = Auto()
            except Exception:  # any failure of a reader's driver leaves the game silent
                self.output = None
        if self.output is None:
            return
        try:
            self.output.speak(text, interrupt=focus)
        except Exception:
            self.output = None

    def pending(self) -> bool:
        return False

    def close(self) -> None:
        self.output = None


def system_backend() -> Backend:
    """The platform's way to the player's reader."""
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return SpeechDispatcher()
    return ScreenReader()
