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
        self.scene, self.title, self.said = scene, title, focus
        self.voice.say(sentences(title if fresh else "", focus), focus=True)

    def show(self, words: str) -> None:
        """A coach's panel as drawn: said (queued after the table's lines) when new."""
        if self.voice.on and words != self.shown:
            self.shown = words
            self.voice.say(words)
