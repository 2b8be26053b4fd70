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
        self.title_lines: list[str] = []
        self.body_top = 0

    def _closing(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.app.pop(self)
            action()
        return run

    def resize(self, size: tuple[int, int]) -> None:
        px = self.app.px
        w, h = size
        bold = theme.font(px(16), True)
        widest = max(bold.size(label_text(b.label))[0] for b in self.buttons)
        row = len(self.buttons) * (widest + px(40)) + px(80)
        width = min(w - px(40), max(px(620), 0 if self.vertical else row))
        n = len(self.buttons)
        gap = px(14)
        bw = (width - px(48) - gap * (n - 1)) // n
        # Large print: buttons whose words would shrink stand one under another instead.
        vertical = self.vertical or (theme.print_scale > 1 and widest + px(24) > bw)
        self.title_lines = self.lines(label_text(self.title), px(26), width - px(48), True)
        title_font = theme.font(px(26), True, True)
        title_extra = (len(self.title_lines) * title_font.get_linesize()
                       - round(title_font.get_linesize() / theme.print_scale))
        message = label_text(self.message)
        text_h = len(theme.wrap(message, px(18), width - px(64))) if message else 0
        line = theme.font(px(18)).get_linesize()
        if theme.print_scale > 1:  # the usual print's margins absorb draw_wrapped's spacing
            line = round(line * 1.25 / 1.15)
        bh = max(px(46), bold.get_linesize() + px(12))
        columns = 1
        if vertical:
            rows_room = h - px(40) - (px(96) + title_extra + text_h * line + px(34))
            columns = 2 if n * (bh + px(12)) > rows_room and n > 2 else 1
            width = max(width, min(w - px(40), columns * (widest + px(64)) + px(96)))
        rows = -(-n // columns)
        buttons_h = (rows * (bh + px(12))) if vertical else bh
        height = px(96) + title_extra + text_h * line + buttons_h + px(20) + (
            px(14) if text_h else 0)
        self.body_top = px(76) + title_extra
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (w // 2, h // 2)
        if vertical:
            bw = (width - px(96) - px(24) * (columns - 1)) // columns
            for i, b in enumerate(self.buttons):
                column, row_i = divmod(i, rows)
                b.rect = pygame.Rect(0, 0, bw, bh)
                x = self.panel.centerx + (column - (columns - 1) / 2) * (bw + px(24))
                b.rect.midbottom = (round(x), self.panel.bottom - px(24)
                                    - (rows - 1 - row_i) * (bh + px(12)))
        else:
            total = n * bw + (n - 1) * gap
            for i, b in enumerate(self.buttons):
                b.rect = pygame.Rect(self.panel.centerx - total // 2 + i * (bw + gap),
                                     self.panel.bottom - px(24) - bh, bw, bh)
        self.focus.horizontal = not vertical
        for b in self.buttons:
            b.font_size = px(16)

    @staticmethod
    def lines(message: str, size: int, width: int, bold: bool) -> list[str]:
        """The title whole on one line at the usual print (shrunk a little to fit its box
        where needed); at large print, wrapped rather than shrunk."""
        if theme.print_scale > 1:
            return theme.wrap(message, size, width, bold, serif=True)
        return [message]

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
        title_step = theme.font(app.px(26), True, True).get_linesize()
        for i, line in enumerate(self.title_lines):
            theme.draw_text(surface, line,
                            (self.panel.centerx, self.panel.y + app.px(26) + i * title_step),
                            app.px(26), theme.GOLD, bold=True, anchor="midtop", serif=True,
                            box=self.panel.inflate(-app.px(48), 0))
        body = pygame.Rect(self.panel.x + app.px(32), self.panel.y + self.body_top,
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
