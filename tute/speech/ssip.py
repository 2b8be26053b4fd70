"""A small client of speech-dispatcher's protocol, SSIP, over its unix socket.

SSIP is line based: a command ends in CR LF; a reply is one or more lines ``NNN-text``
closed by ``NNN text`` (2xx succeeded, 3xx and 4xx failed). ``SPEAK`` is answered 230, then
takes the text, each line starting with a dot doubled, up to a line holding one dot, and
answers 225 with the message's id. With notifications on, the server tells asynchronously
(codes 7xx) when a message begins, ends or is cancelled: that is how the game knows it is
still being spoken. Written from the SSIP documentation (speech-dispatcher's manual, "SSIP"),
so that the game needs no system package inside a virtual environment.
"""

from __future__ import annotations

import contextlib
import os
import socket
from dataclasses import dataclass, field
from pathlib import Path

SOCKET_NAME = Path("speech-dispatcher") / "speechd.sock"
TIMEOUT = 5.0
"""Seconds a reply may take: a server slower than that is taken for gone (the game goes
on silent and tries again later)."""
EVENT_END, EVENT_CANCEL = 702, 703
"""The notifications that say a message is no longer being spoken."""


class SsipError(OSError):
    """The server refused a command, or spoke something other than SSIP."""


def socket_path(env: dict[str, str] | None = None) -> Path | None:
    """Where the server listens: ``SPEECHD_ADDRESS`` (``unix_socket:PATH``) when set,
    else ``speech-dispatcher/speechd.sock`` in the user's runtime folder
    (``$XDG_RUNTIME_DIR``, or ``~/.cache`` without one, as GLib has it); None for an inet
    address, which the game does not use, or where no folder is known."""
    env = dict(os.environ) if env is None else env
    address = env.get("SPEECHD_ADDRESS", "")
    if address:
        method, _sep, path = address.partition(":")
        return Path(path) if method == "unix_socket" and path else None
    runtime = env.get("XDG_RUNTIME_DIR") or (
        str(Path(env["HOME"]) / ".cache") if env.get("HOME") else "")
    return Path(runtime) / SOCKET_NAME if runtime else None


@dataclass
class Reply:
    code: int
    lines: list[str] = field(default_factory=list)


class SsipClient:
    """One connection: commands answered in turn, notifications gathered on the way."""

    def __init__(self, path: Path, timeout: float = TIMEOUT) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        try:
            self.sock.connect(str(path))
        except OSError:
            self.sock.close()
            raise
        self.buffer = b""
        self.ended: set[int] = set()
        """Ids of messages the server said it finished or cancelled."""

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.sendall(b"QUIT\r\n")
        self.sock.close()

    def _line(self) -> str:
        while b"\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise SsipError("speech-dispatcher closed the connection")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\r\n", 1)
        return line.decode("utf-8", "replace")

    def _next(self) -> Reply:
        """The next reply or notification, whole."""
        lines: list[str] = []
        while True:
            line = self._line()
            if len(line) < 4 or not line[:3].isdigit() or line[3] not in " -":
                raise SsipError(f"not an SSIP reply: {line[:60]!r}")
            lines.append(line[4:])
            if line[3] == " ":
                return Reply(int(line[:3]), lines)

    def _note(self, event: Reply) -> None:
        if event.code in (EVENT_END, EVENT_CANCEL) and event.lines[0].isdigit():
            self.ended.add(int(event.lines[0]))

    def _reply(self) -> Reply:
        """The next reply; notifications met first are noted and passed over."""
        while True:
            reply = self._next()
            if reply.code // 100 != 7:
                return reply
            self._note(reply)

    def command(self, text: str) -> Reply:
        """Send one command line; SsipError when it is refused."""
        self.sock.sendall(text.encode("utf-8") + b"\r\n")
        reply = self._reply()
        if reply.code >= 300:
            raise SsipError(f"speech-dispatcher refused {text.split()[0]}: "
                            f"{reply.code} {' '.join(reply.lines)}")
        return reply

    def speak(self, text: str) -> int:
        """Queue ``text``; the message's id."""
        self.command("SPEAK")
        body = "\r\n".join("." + line if line.startswith(".") else line
                           for line in text.splitlines() or [""])
        self.sock.sendall(body.encode("utf-8") + b"\r\n.\r\n")
        reply = self._reply()
        if reply.code >= 300 or not reply.lines or not reply.lines[0].isdigit():
            raise SsipError(f"speech-dispatcher did not queue the text: {reply.code}")
        return int(reply.lines[0])

    def poll(self) -> None:
        """Read the notifications waiting, without blocking."""
        self.sock.setblocking(False)
        try:
            while True:
                chunk = self.sock.recv(4096)
                if not chunk:
                    raise SsipError("speech-dispatcher closed the connection")
                self.buffer += chunk
        except BlockingIOError:
            pass
        finally:
            self.sock.settimeout(TIMEOUT)
        while self._complete_event():
            self._note(self._next())

    def _complete_event(self) -> bool:
        """A whole reply (its last line in) waits in the buffer."""
        return any(len(raw) > 3 and raw[3:4] == b" "
                   for raw in self.buffer.split(b"\r\n")[:-1])
