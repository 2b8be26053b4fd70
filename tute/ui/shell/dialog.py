"""A modal question over the current screen: a title, a message and a row of buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from tute import store
from tute.i18n import N_, _
from tute.ui.shell.scene import Scene
from tute.ui.widgets import theme
from tute.ui.widgets.controls import Button, FocusList, Label, label_text
from tute.ui.words import texts

if TYPE_CHECKING:
    from tute.ui.shell.app import App

Choice = tuple[Label, Callable[[], None], bool]
"""(label, what it does, primary)."""


class Dialog(Scene):
    """Each button closes the dialog, then does its action; Escape picks the ``cancel``
    button (the last one unless told)."""

    overlay = True

    def __init__(self, app: App, title: Label, message: Label, choices: Sequence[Choice],
                 vertical: bool = False, cancel: int = -1) -> None:
        super().__init__(app)
        self.cancel = cancel
        self.title = title
        self.message = message
        self.vertical = vertical
        self.buttons = [Button(label, self._closing(action), primary)
                        for label, action, primary in choices]
        self.focus = FocusList(self.buttons, horizontal=not vertical)
        self.focus.focus = next((i for i, (_l, _a, p) in enumerate(choices) if p), 0)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _closing(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.app.pop(self)
            action()
        return run

    def resize(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        widest = max(theme.font(app.px(16), True).size(label_text(b.label))[0]
                     for b in self.buttons)
        row = len(self.buttons) * (widest + app.px(40)) + app.px(80)
        width = min(w - app.px(40), max(app.px(620), 0 if self.vertical else row))
        message = label_text(self.message)
        text_h = len(theme.wrap(message, app.px(18), width - app.px(64))) if message else 0
        line = theme.font(app.px(18)).get_linesize()
        bh, gap = app.px(46), app.px(12)
        n = len(self.buttons)
        rest = app.px(96) + text_h * line + app.px(20) + (app.px(14) if text_h else 0)
        # A long column (a lesson per game) goes on in a second one rather than past the
        # window's edge: every button, the focused one above all, stays in sight.
        rows = max(1, min(n, (h - app.px(40) - rest) // (bh + gap))) if self.vertical else 1
        columns = -(-n // rows) if self.vertical else 0
        rows = -(-n // columns) if columns else 1
        self.focus.columns, self.focus.horizontal = (columns, True) if columns > 1 else (
            0, not self.vertical)
        if columns > 1:  # as wide as the columns' longest names need, within the window
            width = min(w - app.px(40), max(width, columns * (widest + app.px(40)) + app.px(96)))
        buttons_h = rows * (bh + gap) if self.vertical else bh
        height = rest + buttons_h
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (w // 2, h // 2)
        if self.vertical:
            bw = (width - app.px(96) - (columns - 1) * gap) // columns
            left = self.panel.centerx - (columns * bw + (columns - 1) * gap) // 2
            for i, b in enumerate(self.buttons):
                row, column = divmod(i, columns)
                b.rect = pygame.Rect(left + column * (bw + gap), 0, bw, bh)
                b.rect.bottom = self.panel.bottom - app.px(24) - (rows - 1 - row) * (bh + gap)
        else:
            gap = app.px(14)
            bw = (width - app.px(48) - gap * (n - 1)) // n
            total = n * bw + (n - 1) * gap
            for i, b in enumerate(self.buttons):
                b.rect = pygame.Rect(self.panel.centerx - total // 2 + i * (bw + gap),
                                     self.panel.bottom - app.px(24) - bh, bw, bh)
        for b in self.buttons:
            b.font_size = app.px(16)

    def spoken_title(self) -> str:
        return f"{label_text(self.title)}. {label_text(self.message)}"

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.buttons[self.cancel].activate()
            return
        self.focus.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme.darken(surface, 150)
        theme.panel(surface, self.panel, app.px(16), theme.PANEL_SOLID, theme.GOLD,
                    shadow=app.px(10))
        theme.draw_text(surface, label_text(self.title),
                        (self.panel.centerx, self.panel.y + app.px(26)), app.px(26), theme.GOLD,
                        bold=True, anchor="midtop", serif=True,
                        box=self.panel.inflate(-app.px(48), 0))
        body = pygame.Rect(self.panel.x + app.px(32), self.panel.y + app.px(76),
                           self.panel.width - app.px(64), self.panel.height)
        theme.draw_wrapped(surface, label_text(self.message), body, app.px(18), theme.INK,
                           align="center")
        self.focus.draw(surface)


FILE_KINDS = {"settings": N_("settings"), "match": N_("saved match"),
              "statistics": N_("statistics"), "puzzles": N_("puzzle progress"),
              "records": N_("kept matches' list")}


def problem_dialog(app: App, problem: store.FileProblem) -> Dialog:
    """Tells the player that a file was damaged and where it was put."""
    what = _(FILE_KINDS.get(problem.kind, problem.kind))
    where = str(problem.moved_to) if problem.moved_to else _("(it could not be moved)")
    message = texts.quoted(_("The {what} file could not be read ({detail}). It has been set "
                             "aside as {where} and the game carries on without it.").format(
        what=what, detail=problem.detail, where=where))
    return Dialog(app, N_("A file was damaged"), lambda: message, [("OK", lambda: None, True)])
