"""Speech's way out (issue 52): our SSIP client against a small SSIP server of the test's
own (always), and the game's lines reaching a real speech-dispatcher started privately for
the test (skipped where speech-dispatcher is not installed); a reader that is not there
leaves the game silent, never failing or waiting."""

from __future__ import annotations

import contextlib
import socket
import sys
import threading
import time
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from tute.speech.backends import ScreenReader, SpeechDispatcher
from tute.speech.ssip import SsipClient, SsipError, socket_path
from tute.speech.voice import Voice, sentences


class FakeServer:
    """Answers SSIP as the manual describes: 2xx to SET, 230 then 225 with an id to SPEAK,
    and a 702 END notification for each message once spoken; 500 to what it does not know."""

    def __init__(self, path: Path) -> None:
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(str(path))
        self.listener.listen(1)
        self.received: list[str] = []
        self.spoken: list[str] = []
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        conn, _addr = self.listener.accept()
        data, body, ident = b"", None, 0
        with conn:
            while True:
                chunk = conn.recv(4096)
                if not chunk:
                    return
                data += chunk
                while b"\r\n" in data:
                    raw, data = data.split(b"\r\n", 1)
                    line = raw.decode()
                    if body is not None:
                        if line == ".":
                            ident += 1
                            self.spoken.append("\n".join(body))
                            conn.sendall(f"225-{ident}\r\n225 OK MESSAGE QUEUED\r\n"
                                         f"702-{ident}\r\n702-1\r\n702 END\r\n".encode())
                            body = None
                        else:
                            body.append(line[1:] if line.startswith("..") else line)
                        continue
                    self.received.append(line)
                    if line == "SPEAK":
                        body = []
                        conn.sendall(b"230 OK RECEIVING DATA\r\n")
                    elif line.startswith("SET SELF "):
                        conn.sendall(b"200 OK SET\r\n")
                    elif line == "QUIT":  # the client leaves without reading the reply
                        with contextlib.suppress(OSError):
                            conn.sendall(b"231 HAPPY HACKING\r\n")
                        return
                    else:
                        conn.sendall(b"500 ERR INVALID COMMAND\r\n")


@pytest.fixture
def fake(tmp_path: Path) -> Iterator[tuple[FakeServer, Path]]:
    path = tmp_path / "s"
    server = FakeServer(path)
    yield server, path
    server.listener.close()


def test_the_client_speaks_ssip(fake: tuple[FakeServer, Path]) -> None:
    """A dot at a line's start is doubled on the wire; the message's id comes back; a
    refused command raises SsipError naming it; the END notification is noted."""
    server, path = fake
    client = SsipClient(path)
    client.command("SET SELF LANGUAGE ca")
    first = client.speak(".hola\nadéu")
    assert first == 1 and client.speak("dos") == 2
    with pytest.raises(SsipError, match="refused BOGUS: 500"):
        client.command("BOGUS")
    assert client.ended == {1, 2}
    client.close()
    server.thread.join(2)
    assert server.spoken == [".hola\nadéu", "dos"]
    assert server.received[0] == "SET SELF LANGUAGE ca"


def test_the_backend_sends_language_priority_and_waits_for_the_end(
        fake: tuple[FakeServer, Path]) -> None:
    """Table lines at ``message`` priority, focus lines at ``text``; the language set
    when it changes; pending until the server says the line ended."""
    server, path = fake
    backend = SpeechDispatcher({"SPEECHD_ADDRESS": f"unix_socket:{path}"})
    backend.speak("Carmen: el as de oros", "es", False)
    backend.speak("Idioma: Español", "es", True)
    backend.speak("Lola: l'as d'ors", "ca", False)
    deadline = time.monotonic() + 5
    while (backend.pending() or len(server.spoken) < 3) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not backend.pending()
    backend.close()
    assert server.spoken == ["Carmen: el as de oros", "Idioma: Español", "Lola: l'as d'ors"]
    wire = [line for line in server.received if line.startswith("SET SELF")]
    assert wire == ["SET SELF CLIENT_NAME user:tute:main", "SET SELF NOTIFICATION END on",
                    "SET SELF NOTIFICATION CANCEL on", "SET SELF LANGUAGE es",
                    "SET SELF PRIORITY message", "SET SELF PRIORITY text",
                    "SET SELF LANGUAGE ca", "SET SELF PRIORITY message"]


def test_no_reader_means_silence_not_a_failure(tmp_path: Path) -> None:
    """Nothing listening where the address says: speaking returns at once, nothing is
    pending, the reason is kept; no address at all: the same."""
    for env in ({"SPEECHD_ADDRESS": f"unix_socket:{tmp_path / 'none'}", "PATH": ""}, {}):
        backend = SpeechDispatcher(env)
        started = time.monotonic()
        backend.speak("hola", "es", False)
        assert time.monotonic() - started < 0.1
        deadline = time.monotonic() + 5
        while not backend.problem and time.monotonic() < deadline:
            time.sleep(0.02)
        assert backend.problem and not backend.pending()
        backend.close()


def test_the_address_is_read_as_speech_dispatcher_documents_it() -> None:
    assert socket_path({"SPEECHD_ADDRESS": "unix_socket:/x/s"}) == Path("/x/s")
    assert socket_path({"SPEECHD_ADDRESS": "inet_socket:127.0.0.1:6560"}) is None
    assert socket_path({"XDG_RUNTIME_DIR": "/run/u"}) == Path(
        "/run/u/speech-dispatcher/speechd.sock")
    assert socket_path({"HOME": "/home/u"}) == Path(
        "/home/u/.cache/speech-dispatcher/speechd.sock")
    assert socket_path({}) is None


def test_sentences_pause_between_parts() -> None:
    assert sentences("Tu puja", "", "Aún no hay pujas: la mínima es 50", "Pujo 50") == (
        "Tu puja. Aún no hay pujas: la mínima es 50. Pujo 50")
    assert Voice(lambda: pytest.fail("no backend while off")).pending is False


def test_the_game_reaches_a_real_speech_dispatcher(speechd: Path) -> None:
    """The real path: a speech-dispatcher of the test's own (its socket and log in a
    temporary folder) logs every line the game's voice sent, in the game's language."""
    lines = ["Carmen: el as de oros", "Paco se lleva la baza, 21 puntos."]
    voice = Voice(SpeechDispatcher, on=True, language=lambda: "es")
    for line in lines:
        voice.say(line)
    voice.say("Idioma: Español", focus=True)
    text = speechd_log(speechd, [*lines, "Idioma: Español"])
    voice.close()
    assert "SET SELF LANGUAGE es" in text and "201 OK LANGUAGE SET" in text


def speechd_log(log: Path, lines: list[str], wait: float = 15) -> str:
    """The server's log once it shows each of ``lines`` queued (or after ``wait``
    seconds), checked to show them."""
    deadline = time.monotonic() + wait
    text = ""
    while time.monotonic() < deadline:
        text = log.read_text(errors="replace") if log.exists() else ""
        if all(f"Queueing message |{line}|" in text for line in lines):
            break
        time.sleep(0.1)
    for line in lines:
        assert f"Queueing message |{line}|" in text, line
    return text


def test_the_screen_reader_backend_speaks_through_accessible_output2(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows and macOS: accessible-output2's Auto (the running reader, SAPI failing one)
    gets each line, a focus line interrupting; without the package, or with a reader's
    driver failing, the game is silent and goes on."""
    said: list[tuple[str, bool]] = []

    class Auto:
        def speak(self, text: str, interrupt: bool = False) -> None:
            if text == "fails":
                raise OSError("the reader went away")
            said.append((text, interrupt))

    module = types.ModuleType("accessible_output2.outputs.auto")
    module.Auto = Auto  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", module)
    reader = ScreenReader()
    reader.speak("Carmen: el as de oros", "es", False)
    reader.speak("Idioma: Español", "es", True)
    reader.speak("fails", "es", False)
    reader.speak("after", "es", False)
    assert said == [("Carmen: el as de oros", False), ("Idioma: Español", True)]
    assert not reader.pending()

    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", None)
    missing = ScreenReader()
    missing.speak("hola", "es", False)
    assert missing.output is None and not missing.pending()
