"""What speech says of the screens: each one's title as it comes up (and again when it
changes: a panel opened over the table), and the focused control whenever it changes (the
focus moved, a value stepped), read from the top scene once a frame — one place for every
menu, list and dialog, none of which speaks itself. What a coach shows over the table is
handed in as it is drawn (``show``)."""

from __future__ import annotations

from tute.speech.voice import Voice, sentences
from tute.ui.shell.scene import Scene


class Narrator:
    def __init__(self, voice: Voice) -> None:
        self.voice = voice
        self.scene: Scene | None = None
        self.title = ""
        self.said = ""
        """The focused control's words last said."""
        self.shown = ""
        """A coach's words last said."""

    def forget(self) -> None:
        """Say the screen afresh on the next frame (speech was just switched on)."""
        self.scene, self.title, self.said, self.shown = None, "", "", ""

    def watch(self, scene: Scene) -> None:
        if not self.voice.on:
            self.forget()
            return
        title, focus = scene.spoken_title(), scene.spoken_focus()
        fresh = scene is not self.scene or title != self.title
        if not fresh and focus == self.said:
            return
        typed = inserted(self.said, focus) if not fresh and getattr(scene, "typing", False) \
            else ""
        if typed:  # typed into a text field: the letters echoed, not the field again
            self.voice.say(typed, focus=True)
            self.said = focus
            return
        self.scene, self.title, self.said = scene, title, focus
        self.voice.say(sentences(title if fresh else "", focus), focus=True)

    def show(self, words: str) -> None:
        """A coach's panel as drawn: said (queued after the table's lines) when new."""
        if self.voice.on and words != self.shown:
            self.shown = words
            self.voice.say(words)


def inserted(old: str, new: str) -> str:
    """What ``new`` adds to ``old`` at one place, nothing taken away ("" otherwise)."""
    if not old or len(new) <= len(old):
        return ""
    head = shared(old, new)
    tail = shared(old[head:][::-1], new[head:][::-1])
    return new[head:len(new) - tail] if head + tail == len(old) else ""


def shared(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` start with alike."""
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
                min(len(a), len(b)))

