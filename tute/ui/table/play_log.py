"""The hand so far, in words: each trick's cards and who took it, and the cantes.

Opened from the table (P or the toolbar) by a player who looked away or wants to count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tute.cardnames import card_name
from tute.engine import events as ev
from tute.i18n import _
from tute.ui.shell.scene import Scene
from tute.ui.table.view import LogEntry
from tute.ui.widgets import theme
from tute.ui.words import texts

if TYPE_CHECKING:
    from tute.ui.shell.app import App

Line = tuple[str, bool]
"""A line of the log and whether it heads a trick."""


def log_lines(log: list[LogEntry], names: list[str], human: int | None) -> list[Line]:
    """The hand's log as lines: a heading per trick, then who played what."""
    lines: list[Line] = []
    plays: list[str] = []
    for kind, seat, arg in log:
        if kind == "play":
            assert isinstance(arg, int)
            plays.append(_("{name}: {card}").format(name=names[seat], card=card_name(arg)))
        elif kind == "trick":
            lines += [(texts.deed("took", seat, names, human, n=arg), True),
                      (" · ".join(plays), False)]
            plays = []
        elif kind == "takeover":
            assert isinstance(arg, ev.TakenOver)
            lines.append((texts.takeover_line(arg, names, human), True))
        elif kind == "exchange":
            assert isinstance(arg, int)
            lines.append((texts.deed("exchanged", seat, names, human, card=card_name(arg)),
                          True))
        elif kind == "folded":  # Bato's juego that everyone folded on: no card played
            lines.append((texts.deed(str(arg), seat, names, human), True))
        else:
            lines.append((texts.deed("sang", seat, names, human,
                                     cante=texts.cante_short(str(arg))), True))
    if plays:
        lines += [(_("On the table"), True), (" · ".join(plays), False)]
    return lines


class PlayLogScene(Scene):
    """Any key or click closes it; the newest lines are shown when not all fit."""

    overlay = True

    def __init__(self, app: App, log: list[LogEntry], names: list[str], human: int | None,
                 hand_number: int) -> None:
        super().__init__(app)
        self.lines = log_lines(log, names, human)
        self.hand_number = hand_number
        self.panel = pygame.Rect(0, 0, 0, 0)

    def largest_print(self, size: tuple[int, int]) -> float:
        """Its tricks are laid out in rows for the window."""
        return theme.CROWDED_PRINT

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        self.panel = pygame.Rect(0, 0, min(w - px(40), px(820)), h - px(80))
        self.panel.center = (w // 2, h // 2)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.app.pop(self)

    def wrapped(self, width: int, size: int) -> list[Line]:
        return [(part, heading) for text, heading in self.lines
                for part in theme.wrap(text, size, width, bold=heading)]

    def draw(self, surface: pygame.Surface) -> None:
        px, p = self.app.px, self.panel
        theme.darken(surface, 150)
        theme.panel(surface, p, px(16), theme.PANEL_SOLID, theme.GOLD, shadow=px(10))
        theme.draw_text(surface, _("Hand {n}: the play so far").format(n=self.hand_number),
                        (p.centerx, p.y + px(18)), px(24), theme.GOLD, bold=True,
                        anchor="midtop", serif=True)
        size = px(16)
        step = theme.font(size).get_linesize() + px(2)
        top, bottom = p.y + px(64), p.bottom - px(44)
        lines = self.wrapped(p.width - px(48), size) or [(_("Nothing played yet"), False)]
        lines = lines[-max(1, (bottom - top) // step):]
        for i, (text, heading) in enumerate(lines):
            theme.draw_text(surface, text, (p.x + px(24), top + i * step), size,
                            theme.GOLD if heading else theme.INK, bold=heading)
        theme.draw_text(surface, _("Press any key to go back"),
                        (p.centerx, p.bottom - px(14)), px(14), theme.INK_DIM,
                        anchor="midbottom")
