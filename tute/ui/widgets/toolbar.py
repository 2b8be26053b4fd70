"""The table's square buttons in the top right corner, drawn as icons with a tooltip that
names each one and its key."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from tute.i18n import _
from tute.ui.widgets import hidpi, theme

Icon = Callable[[pygame.Surface, pygame.Rect, theme.Color], None]


@dataclass
class Tool:
    action: Callable[[], None]
    icon: Icon
    tip: str
    """A message id: "Last trick (L)"."""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


class Toolbar:
    def __init__(self, tools: list[Tool]) -> None:
        self.tools = tools

    def place(self, rects: list[pygame.Rect]) -> None:
        for tool, rect in zip(self.tools, rects, strict=True):
            tool.rect = rect

    def click(self, pos: tuple[int, int]) -> bool:
        """Run the tool under ``pos``; False when there is none."""
        for tool in self.tools:
            if tool.rect.collidepoint(pos):
                tool.action()
                return True
        return False

    def draw(self, surface: pygame.Surface, font_size: int) -> None:
        mouse = hidpi.mouse_pos()
        for tool in self.tools:
            rect = tool.rect
            hover = rect.collidepoint(mouse)
            theme.panel(surface, rect, rect.height // 4,
                        (40, 66, 50, 235) if hover else theme.PANEL, theme.PANEL_BORDER)
            tool.icon(surface, rect, theme.HIGHLIGHT if hover else theme.INK)
            if hover:
                img = theme.text(_(tool.tip), font_size, theme.INK)
                box = img.get_rect().inflate(font_size, font_size // 2)
                box.midtop = (rect.centerx, rect.bottom + font_size // 2)
                box.clamp_ip(surface.get_rect())
                theme.panel(surface, box, box.height // 3, (0, 0, 0, 220), None)
                surface.blit(img, img.get_rect(center=box.center))


def menu_icon(surface: pygame.Surface, rect: pygame.Rect, color: theme.Color) -> None:
    w = rect.width * 0.46
    for k in (-1, 0, 1):
        y = rect.centery + k * rect.height * 0.17
        pygame.draw.line(surface, color, (rect.centerx - w / 2, y), (rect.centerx + w / 2, y),
                         max(2, rect.height // 14))


def help_icon(surface: pygame.Surface, rect: pygame.Rect, color: theme.Color) -> None:
    theme.draw_text(surface, "?", rect.center, round(rect.height * 0.6), color, bold=True,
                    anchor="center")


def last_trick_icon(surface: pygame.Surface, rect: pygame.Rect, color: theme.Color) -> None:
    cw, ch = rect.width * 0.28, rect.height * 0.42
    for k, (dx, dy) in enumerate(((-0.1, -0.06), (0.1, 0.06))):
        card = pygame.Rect(0, 0, round(cw), round(ch))
        card.center = (round(rect.centerx + dx * rect.width),
                       round(rect.centery + dy * rect.height))
        pygame.draw.rect(surface, (20, 40, 30) if k else color, card, border_radius=3)
        pygame.draw.rect(surface, color, card, max(1, rect.height // 22), border_radius=3)


def log_icon(surface: pygame.Surface, rect: pygame.Rect, color: theme.Color) -> None:
    """A sheet with written lines: the hand's play log."""
    sheet = pygame.Rect(0, 0, round(rect.width * 0.42), round(rect.height * 0.54))
    sheet.center = rect.center
    line = max(1, rect.height // 22)
    pygame.draw.rect(surface, color, sheet, line, border_radius=2)
    for k in range(3):
        y = sheet.y + sheet.height * (0.3 + 0.2 * k)
        pygame.draw.line(surface, color, (sheet.x + sheet.width * 0.2, y),
                         (sheet.right - sheet.width * 0.2, y), line)
