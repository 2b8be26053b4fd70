"""The game's voice: on or off, in the game's language, over one backend.

Lines are said in the order given; the table's are waited for (``pending``) where the
reader can tell, so the computer's moves are never hurried past. Off, it drops every line
and opens no reader.
"""

from __future__ import annotations

from collections.abc import Callable

from tute.speech.backends import Backend, Silent

STOPS = ".!?:;…"
SEPARATOR = " · "
"""The screens' middle dot between two figures ("1 · 100 %"): said as a comma's pause, not
read out as a sign."""


def sentences(*parts: str) -> str:
    """Parts said as sentences: a full stop after each that has none, the empty left out
    (a reader pauses at the stop, not at a bare space)."""
    kept = [p.strip() for p in parts if p.strip()]
    return " ".join(p if p.endswith(tuple(STOPS)) or p is kept[-1] else p + "."
                    for p in kept)


class Voice:
    def __init__(self, backend: Callable[[], Backend], on: bool = False,
                 language: Callable[[], str] = lambda: "en") -> None:
        """``backend`` makes the reader's backend the first time speech is on."""
        self.make = backend
        self.backend: Backend = Silent()
        self.language = language
        self.on = False
        if on:
            self.switch(True)

    def switch(self, on: bool) -> None:
        if on and isinstance(self.backend, Silent):
            self.backend = self.make()
        self.on = on

    def say(self, text: str, focus: bool = False) -> None:
        """Speak ``text`` after what is queued; ``focus``: what the keyboard reached."""
        if self.on and text.strip():
            self.backend.speak(text.replace(SEPARATOR, ", "), self.language(), focus)

    @property
    def pending(self) -> bool:
        return self.on and self.backend.pending()

    def close(self) -> None:
        self.backend.close()
        self.backend = Silent()
