"""Scenes and the scene stack (after Tuxemon's state manager).

Only the top scene gets input and updates; drawing starts at the highest scene that is not
an overlay, so dialogs and result panels draw over the table they belong to.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from tute.i18n import N_
from tute.speech.voice import sentences
from tute.ui.widgets.controls import FocusList

if TYPE_CHECKING:
    from tute.ui.shell.app import App

SHEET_HINT = N_("R reads it all.")
"""Said after a sheet's short summary (statistics, a result, a review's page): the key
that reads the whole of it (``Scene.spoken_sheet``)."""


class Scene:
    """One screen of the game, or an overlay on one."""

    overlay = False
    """True when the scenes below stay visible (dialogs, result panels)."""

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def leave(self) -> None:
        """Called when another scene covers it or it is removed."""

    def resize(self, size: tuple[int, int]) -> None:
        """Recompute the layout for a new window size."""

    def largest_print(self, size: tuple[int, int]) -> float:
        """The largest print scale (theme.print_scale) this screen holds in a window of
        ``size`` with no text overlapping or cut: a larger setting is drawn at this here.
        No limit unless a screen says so."""
        return math.inf

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene."""

    def animating(self) -> bool:
        """Whether the top scene changes by itself now (moves, counts down, waits for a
        computer): the app redraws every frame only then, and otherwise sleeps until an
        event, so an idle game costs no CPU."""
        return False

    def rescue(self) -> None:
        """The game is failing: keep what can be kept (the table saves its match)."""

    def request_quit(self) -> bool:
        """The window's close button was pressed: True if the scene takes care of it."""
        return False

    def spoken_title(self) -> str:
        """What speech says as the scene comes to the top (a dialog's title and message)."""
        return ""

    def spoken_focus(self) -> str:
        """What speech says of the focused control: the scene's ``focus`` list's, by
        default (its name, role and place: ``FocusList.spoken``); said again whenever it
        changes (a value stepped, the focus moved)."""
        focus = getattr(self, "focus", None)
        return focus.spoken() if isinstance(focus, FocusList) else ""

    def spoken_sheet(self) -> str:
        """The whole screen in words, said when the player asks (R): the title and the
        focused control here; a sheet of figures (statistics, a result, a review's page)
        says every figure."""
        return sentences(self.spoken_title(), self.spoken_focus())


class TypingScene(Scene):
    """A screen with a text field (a path, a deal code): the system's text input is on
    while it is on top, so typed letters reach the field; Back pops it."""

    def enter(self) -> None:
        pygame.key.start_text_input()

    def leave(self) -> None:
        pygame.key.stop_text_input()

    def close(self) -> None:
        self.app.pop(self)


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.changes = 0
        """Counts pushes and pops: a changed stack must be redrawn."""

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.changes += 1
        if self.scenes:
            self.scenes[-1].leave()
        self.scenes.append(scene)
        scene.enter()

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or ``scene`` and everything above it)."""
        if not self.scenes:
            return
        self.changes += 1
        index = len(self.scenes) - 1 if scene is None else self.scenes.index(scene)
        for gone in reversed(self.scenes[index:]):
            gone.leave()
        del self.scenes[index:]
        if self.scenes:
            self.scenes[-1].enter()

    def replace_all(self, scene: Scene) -> None:
        """Make ``scene`` the only scene."""
        if self.scenes:
            self.pop(self.scenes[0])
        self.push(scene)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        return self.scenes[max(start, 0):]
