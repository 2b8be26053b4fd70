"""The menu's "Play a deal": a deal code typed in (from a hand's result screen, or a
friend's), and the hand it names dealt again."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tute import deals
from tute.i18n import N_, _
from tute.speech.voice import sentences
from tute.ui.shell.scene import TypingScene
from tute.ui.widgets import theme
from tute.ui.widgets.controls import Button, FocusList, TextField

if TYPE_CHECKING:
    from tute.ui.shell.app import App


class DealCodeScene(TypingScene):
    """A text field for the code, Play and Back, and what is wrong with a code refused."""

    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.field = TextField(N_("Deal code, e.g. DOS-3T266-0G5M7"), self.play)
        self.play_button = Button(N_("Play"), self.play, primary=True)
        self.back_button = Button(N_("Back"), self.close)
        self.focus = FocusList([self.field, self.play_button, self.back_button],
                               horizontal=True)
        self.problem = ""
        self.panel = pygame.Rect(0, 0, 0, 0)

    @property
    def typing(self) -> bool:
        """While the code is being typed, M is a letter, not the mute key."""
        return self.focus.focused is self.field

    def play(self) -> None:
        """Deal the code's hand, or say why the text is no code."""
        text = self.field.text.strip()
        if not text:
            self.problem = _("Type the code a hand's result screen shows first")
            return
        try:
            code = deals.parse(text)
        except deals.DealCodeError as exc:
            self.problem = _("Not a deal code: {code} ({why})").format(
                code=exc.text, why=_(exc.why))
            return
        from tute.ui.table.scene import TableScene
        from tute.ui.table.session import Session

        self.app.replace_all(TableScene(self.app, Session.from_code(code)))

    def largest_print(self, size: tuple[int, int]) -> float:
        """A small panel of fixed rows over the menu."""
        return theme.CROWDED_PRINT

    def spoken_title(self) -> str:
        """The screen's words, and what is wrong with the code refused (said anew as it
        changes)."""
        return sentences(_("Play a deal"), self.intro(), self.problem)

    @staticmethod
    def intro() -> str:
        return _("The same cards again: type the code a hand's result screen shows, yours "
                 "or a friend's")

    def resize(self, size: tuple[int, int]) -> None:
        px = self.app.px
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - px(40), px(720)), min(h - px(40), px(330)))
        self.panel.center = (w // 2, h // 2)
        inner = self.panel.inflate(-px(56), 0)
        self.field.rect = pygame.Rect(inner.x, self.panel.y + px(124), inner.width, px(46))
        self.field.font_size = px(18)
        for i, b in enumerate((self.play_button, self.back_button)):
            b.rect = pygame.Rect(0, 0, px(200), px(46))
            b.rect.bottomright = (inner.right - i * px(216), self.panel.bottom - px(24))
            b.font_size = px(17)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        if self.focus.focused is self.field and self.field.handle(event):
            self.problem = ""
            return
        if event.type == pygame.TEXTINPUT:
            return
        self.focus.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        px, p = self.app.px, self.panel
        theme.darken(surface, 150)
        theme.panel(surface, p, px(16), theme.PANEL_SOLID, theme.GOLD, shadow=px(10))
        box = p.inflate(-px(56), 0)
        theme.draw_text(surface, _("Play a deal"), (p.centerx, p.y + px(20)), px(28),
                        theme.GOLD, bold=True, anchor="midtop", serif=True, box=box)
        self.lines(surface, self.intro(), p.y + px(72), theme.INK_DIM)
        if self.problem:
            self.lines(surface, self.problem, self.field.rect.bottom + px(10), theme.RED)
        self.focus.draw(surface)

    def lines(self, surface: pygame.Surface, text: str, y: int, ink: theme.Color) -> None:
        """``text`` in up to two lines from ``y``, across the panel."""
        box = self.panel.inflate(-self.app.px(56), 0)
        size = max(theme.MIN_TEXT, self.app.px(15))
        for line in theme.wrap(text, size, box.width)[:2]:
            theme.draw_text(surface, line, (box.x, y), size, ink, box=box)
            y += theme.font(size).get_linesize()
