"""Someone speaking over the table: the guided hand's coach and the how-to-play openers.

The table asks its coach every frame whether to wait (while a text is read), asks it before
playing a card whether the lesson wants another, and draws it last, over everything. A coach
that has had its say leaves the table (``table.coach`` becomes None).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from tute.speech.voice import sentences
from tute.ui.widgets import theme
from tute.ui.widgets.controls import Button, FocusList, label_text

if TYPE_CHECKING:
    from tute.engine import Action
    from tute.ui.shell.app import App
    from tute.ui.table.scene import TableScene


class Coach:
    """What the table consults; this base says nothing and holds nothing."""

    lesson = False
    """The match is a lesson: never saved, never counted, left without a question."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    def holds(self) -> bool:
        """The table waits (no deal, no computer card, no card of the player's)."""
        return False

    def refuse(self, card: int) -> str | None:
        """Why the lesson would rather see another card played now; None to let it be."""
        return None

    def refuse_action(self, action: Action) -> str | None:
        """Why the player's button or choice may not take ``action`` now (a lesson waits
        for its own), said to him; "" to refuse without words; None to let it be."""
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the coach used the event (the table then ignores it)."""
        return False

    def buttons(self) -> FocusList | None:
        """The panel's buttons while they take the keys (speech then says their focus, not
        the hand's); None while there are none."""
        return None

    def update(self, dt: float) -> None:
        """Follow the match (called every frame, before the table moves it on)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint over the table."""

    def column(self, most: int) -> tuple[int, int]:
        """(centre x, width) of a box of at most ``most`` pixels between the trumps panel
        and the toolbar, centred on the window where it can be."""
        table = self.table
        lay = table.layout
        left = lay.trump_panel().right + lay.margin
        right = min((r.left for r in table.toolbar_rects), default=lay.size[0]) - lay.margin
        width = min(most, right - left)
        return round(min(max(lay.size[0] / 2, left + width / 2), right - width / 2)), width


class CoachBox:
    """A panel with a title, a few lines and buttons, with a ring round what it talks about
    and a tail pointing there."""

    def __init__(self, app: App, buttons: Sequence[Button] = ()) -> None:
        self.app = app
        self.buttons = list(buttons)
        # Left to right as they stand (the first rightmost), so that Left and Right go the
        # way the arrows point; the first has the focus.
        self.focus = FocusList(self.buttons[::-1], horizontal=True)
        self.focus.focus = len(self.buttons) - 1
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.tip: tuple[int, int] | None = None
        """Where the pointer to the target ends, as last drawn (None: no pointer)."""
        self.pointer: Triangle | None = None
        """The pointer as last drawn: its base corners and its tip."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        return bool(self.buttons) and self.focus.handle_event(event)

    def draw(self, surface: pygame.Surface, title: str, lines: Sequence[str], width: int,
             at: tuple[int, int], anchor: str = "midtop", corner: str = "", footer: str = "",
             target: pygame.Rect | None = None, bullets: bool = False,
             avoid: Sequence[pygame.Rect] = ()) -> None:
        """The panel ``width`` wide with its ``anchor`` at ``at``, kept on the screen;
        ``bullets`` starts each line with a bullet; its pointer to ``target`` crosses none
        of the texts in ``avoid``."""
        self.app.narrator.show(sentences(title, *lines))
        px = self.app.px
        pad, size, small = px(18), px(16), px(13)
        indent = px(18) if bullets else 0
        wrapped = [theme.wrap(line, size, width - 2 * pad - indent) for line in lines]
        line_h = theme.font(size).get_linesize()
        title_h = theme.font(px(21), True, True).get_linesize()
        button_h = px(40) if self.buttons else 0
        bottom_row = max(button_h, theme.font(small).get_linesize() if footer else 0)
        gap = px(8)
        rect = pygame.Rect(0, 0, width, self.height(lines, width, footer, bullets))
        setattr(rect, anchor, at)
        rect.clamp_ip(surface.get_rect().inflate(-px(16), -px(16)))
        self.rect = rect
        ring = target.inflate(px(10), px(10)) if target is not None else rect
        if target is not None:
            pygame.draw.rect(surface, theme.HIGHLIGHT, ring, max(2, px(3)),
                             border_radius=px(12))
        theme.panel(surface, rect, px(14), theme.PANEL_SOLID, theme.GOLD, shadow=px(6))
        self.tip = self.pointer = None
        if target is not None and not rect.colliderect(ring):
            self.tail(surface, rect, ring, avoid)
        inner = rect.inflate(-2 * pad, 0)
        title_box = pygame.Rect(inner.x, rect.y, inner.width - (px(60) if corner else 0), 1)
        theme.draw_text(surface, title, (inner.x, rect.y + pad), px(21), theme.GOLD, bold=True,
                        serif=True, box=title_box)
        if corner:
            theme.draw_text(surface, corner, (inner.right, rect.y + pad), small, theme.INK_DIM,
                            anchor="topright")
        y = rect.y + pad + title_h + gap
        for paragraph in wrapped:
            if bullets:
                pygame.draw.circle(surface, theme.GOLD, (inner.x + px(5), y + line_h // 2),
                                   max(2, px(3)))
            for line in paragraph:
                theme.draw_text(surface, line, (inner.x + indent, y), size, theme.INK)
                y += line_h
            y += gap
        self.place_buttons(rect, pad, button_h)
        if footer:
            theme.draw_text(surface, footer, (inner.x, rect.bottom - pad - bottom_row // 2),
                            small, theme.INK_DIM, anchor="midleft")
        self.focus.draw(surface)

    def height(self, lines: Sequence[str], width: int, footer: str = "",
               bullets: bool = False) -> int:
        """How tall the panel is with these lines at this width (to place it before
        drawing it)."""
        px = self.app.px
        pad, size = px(18), px(16)
        body_w = width - 2 * pad - (px(18) if bullets else 0)
        rows = sum(len(theme.wrap(line, size, body_w)) for line in lines)
        gap = px(8)
        bottom_row = max(px(40) if self.buttons else 0,
                         theme.font(px(13)).get_linesize() if footer else 0)
        return (2 * pad + theme.font(px(21), True, True).get_linesize() + gap
                + rows * theme.font(size).get_linesize() + gap * (len(lines) - 1)
                + (px(14) + bottom_row if bottom_row else 0))

    def place_buttons(self, rect: pygame.Rect, pad: int, height: int) -> None:
        """The buttons in a row at the panel's bottom right, the first rightmost."""
        px = self.app.px
        right = rect.right - pad
        for button in self.buttons:
            label = label_text(button.label)
            w = max(px(130), theme.font(px(16), True).size(label)[0] + px(36))
            button.rect = pygame.Rect(0, 0, w, height)
            button.rect.bottomright = (right, rect.bottom - pad)
            button.font_size = px(16)
            right = button.rect.left - px(10)

    def tail(self, surface: pygame.Surface, rect: pygame.Rect, ring: pygame.Rect,
             avoid: Sequence[pygame.Rect] = ()) -> None:
        """A pointer from the panel's side that faces ``ring`` to the ring's edge, however
        far: the callout touches what it talks about, not the felt between. Of the ways
        there, the shortest that crosses none of the texts in ``avoid`` (a label, a chip,
        the table's prompt, a question's words); none where every way crosses one (an
        answer under its question's words): the ring alone shows it then."""
        px = self.app.px
        texts = [r.inflate(px(8), px(6)) for r in avoid if not rect.contains(r)]
        texts.append(ring.inflate(-px(8), -px(8)))  # nor through what it points at
        clear = [p for p in self.tails(rect, ring) if not any(crosses(p, r) for r in texts)]
        if not clear:
            return
        points = min(clear, key=length)
        self.tip = points[2]
        self.pointer = points
        pygame.draw.polygon(surface, theme.PANEL_SOLID, points)
        pygame.draw.lines(surface, theme.GOLD, False, [points[0], points[2], points[1]],
                          max(1, px(2)))

    def tails(self, rect: pygame.Rect, ring: pygame.Rect) -> list[Triangle]:
        """Every pointer worth trying, the straightest first: from along the panel's side
        that faces the ring (or its other side facing it) to along the ring's near edge."""
        px = self.app.px
        half, inset, reach = px(11), px(30), px(3)
        below, above = ring.top > rect.bottom, ring.bottom < rect.top
        right, left = ring.left > rect.right, ring.right < rect.left
        vertical_gap = max(ring.top - rect.bottom, rect.top - ring.bottom)
        horizontal_gap = max(ring.left - rect.right, rect.left - ring.right)
        found: list[Triangle] = []
        if below or above:
            x = min(max(ring.centerx, rect.x + inset), rect.right - inset)
            edge = rect.bottom - 2 if below else rect.top + 2
            tip_y = ring.top - reach if below else ring.bottom + reach
            sides = spread(ring.top + px(8), ring.bottom - px(8), ring.centery, 3)
            tips = [(tx, tip_y) for tx in spread(ring.left + px(8), ring.right - px(8),
                                                  ring.centerx, 5)]
            tips += [(ring.left - reach, ty) for ty in sides]
            tips += [(ring.right + reach, ty) for ty in sides]
            found += [[(sx - half, edge), (sx + half, edge), tip]
                      for sx in spread(rect.x + inset, rect.right - inset, x, 17)
                      for tip in tips]
        if right or left:
            y = min(max(ring.centery, rect.y + inset), rect.bottom - inset)
            edge = rect.right - 2 if right else rect.left + 2
            tip_x = ring.left - reach if right else ring.right + reach
            sideways = [[(edge, sy - half), (edge, sy + half), (tip_x, ty)]
                        for sy in spread(rect.y + inset, rect.bottom - inset, y, 9)
                        for ty in spread(ring.top + px(8), ring.bottom - px(8), ring.centery,
                                         5)]
            straight_down = (below or above) and not horizontal_gap > vertical_gap
            found = found + sideways if straight_down else sideways + found
        return found


Triangle = list[tuple[int, int]]
"""A pointer: its two base corners on the panel's edge, then its tip."""


def spread(low: int, high: int, first: int, count: int) -> list[int]:
    """``first``, then ``count`` points from ``low`` to ``high`` nearest it first."""
    if high <= low:
        return [first]
    points = {low + round(i * (high - low) / (count - 1)) for i in range(count)}
    return [first, *sorted(points - {first}, key=lambda p: abs(p - first))]


def length(points: Triangle) -> float:
    (ax, ay), (bx, by), (tx, ty) = points
    return float(abs(tx - (ax + bx) / 2) + abs(ty - (ay + by) / 2))


def crosses(points: Triangle, rect: pygame.Rect) -> bool:
    """Whether the pointer ``points`` covers any of ``rect``: an edge through it, a corner
    in it, or the rect inside the pointer."""
    a, b, tip = points
    if any(rect.clipline(p, q) for p, q in ((a, tip), (b, tip), (a, b))):
        return True
    cx, cy = rect.center

    def side(p: tuple[int, int], q: tuple[int, int]) -> float:
        return (q[0] - p[0]) * (cy - p[1]) - (q[1] - p[1]) * (cx - p[0])

    signs = (side(a, b), side(b, tip), side(tip, a))
    return all(s >= 0 for s in signs) or all(s <= 0 for s in signs)
