"""Charts in the game's style, drawn with pygame itself: gold and chalk on dark plates, the
bundled font, anti-aliased lines.

Why not a plotting library: matplotlib (with numpy) would add tens of megabytes to the frozen
app and a second look to keep in step with the table; the three charts the statistics screen
needs (a line, grouped bars, small histograms) are a few dozen lines each on pygame's
primitives, which draw at the window's own scale, so they stay crisp at any size.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from tute.ui import theme

SERIES_COLORS = (theme.GOLD, (120, 196, 232), theme.CHALK, theme.RED)
BAR_COLORS = (theme.GOLD, (120, 196, 232))


@dataclass(frozen=True)
class Series:
    label: str
    values: Sequence[float]
    color: theme.Color


def percent(value: float) -> str:
    return f"{round(value * 100)} %"


def plate(surface: pygame.Surface, rect: pygame.Rect, title: str, size: int) -> pygame.Rect:
    """A chart's plate with its title; returns the area left for the chart."""
    theme.panel(surface, rect, max(4, size // 2))
    pad = max(6, size)
    theme.draw_text(surface, title, (rect.x + pad, rect.y + pad * 2 // 3), size, theme.GOLD,
                    bold=True, box=pygame.Rect(rect.x + pad, rect.y, rect.width - 2 * pad, 1))
    return pygame.Rect(rect.x + pad, rect.y + pad * 2 // 3 + size * 2,
                       rect.width - 2 * pad, rect.height - pad * 4 // 3 - size * 2)


def _axis(surface: pygame.Surface, area: pygame.Rect, size: int, ticks: Sequence[float],
          show: Callable[[float], str]) -> pygame.Rect:
    """Horizontal grid lines at ``ticks`` (0..1 of the height) labelled on the left;
    returns the plotting area right of the labels."""
    label_w = theme.font(size).size(show(1.0))[0] + size // 2
    plot = pygame.Rect(area.x + label_w, area.y + size // 2, area.width - label_w,
                       area.height - size // 2)
    for t in ticks:
        y = round(plot.bottom - t * plot.height)
        pygame.draw.line(surface, theme.CHALK_FAINT if t else theme.INK_DIM,
                         (plot.x, y), (plot.right, y), 1)
        theme.draw_text(surface, show(t), (plot.x - size // 3, y), size, theme.INK_DIM,
                        anchor="midright")
    return plot


def _legend(surface: pygame.Surface, area: pygame.Rect, items: Sequence[tuple[str, theme.Color]],
            size: int) -> None:
    """Swatches and labels in a row at the top right of ``area``."""
    x = area.right
    for label, color in reversed(items):
        room = area.width // max(1, len(items)) - size * 2
        box = pygame.Rect(x - room, 0, room, 1)
        rect = theme.draw_text(surface, label, (x, area.y - size * 3 // 2), size, theme.INK,
                               anchor="midright", box=box)
        swatch = pygame.Rect(0, 0, size, size // 3 + 2)
        swatch.midright = (rect.x - size // 3, rect.centery)
        pygame.draw.rect(surface, color, swatch)
        x = swatch.x - size


def line_chart(surface: pygame.Surface, area: pygame.Rect, series: Sequence[Series],
               size: int, x_label: str) -> None:
    """Values between 0 and 1 as lines across the whole width, each series stretched to it."""
    plot = _axis(surface, area.inflate(0, -size * 2).move(0, -size), size,
                 (0, 0.25, 0.5, 0.75, 1), percent)
    theme.draw_text(surface, x_label, (plot.right, area.bottom), size, theme.INK_DIM,
                    anchor="bottomright", box=plot)
    _legend(surface, plot.move(0, size // 2), [(s.label, s.color) for s in series], size)
    for s in series:
        n = len(s.values)
        if n == 0:
            continue
        points = [(plot.x + (i / max(1, n - 1)) * plot.width,
                   plot.bottom - v * plot.height) for i, v in enumerate(s.values)]
        if n == 1:
            pygame.draw.circle(surface, s.color, (round(points[0][0]), round(points[0][1])),
                               max(2, size // 4))
            continue
        for dy in (0, 1):  # two strokes: a line that reads at a glance
            pygame.draw.aalines(surface, s.color, False, [(x, y + dy) for x, y in points])


def bar_chart(surface: pygame.Surface, area: pygame.Rect,
              groups: Sequence[tuple[str, Sequence[float | None]]], legend: Sequence[str],
              size: int) -> None:
    """Groups of bars (one per legend entry) with values between 0 and 1 (None: no data)."""
    plot = _axis(surface, area.inflate(0, -size * 2).move(0, -size), size, (0, 0.5, 1),
                 percent)
    _legend(surface, plot.move(0, size // 2), list(zip(legend, BAR_COLORS, strict=False)),
            size)
    slot = plot.width / max(1, len(groups))
    bars = max(1, len(legend))
    bar_w = max(3, round(slot * 0.7 / bars))
    for g, (name, values) in enumerate(groups):
        x0 = plot.x + g * slot + (slot - bar_w * bars) / 2
        for b, value in enumerate(values):
            if value is None:
                continue
            h = round(value * plot.height)
            bar = pygame.Rect(round(x0 + b * bar_w), plot.bottom - h, bar_w - 2, h)
            pygame.draw.rect(surface, BAR_COLORS[b % len(BAR_COLORS)], bar,
                             border_top_left_radius=2, border_top_right_radius=2)
            theme.draw_text(surface, percent(value), (bar.centerx, bar.y - 2),
                            max(8, size * 4 // 5), theme.INK, anchor="midbottom")
        cell = pygame.Rect(round(plot.x + g * slot), 0, round(slot) - 4, 1)
        theme.draw_text(surface, name, (cell.centerx, area.bottom), size, theme.INK,
                        anchor="midbottom", box=cell)


def histograms(surface: pygame.Surface, area: pygame.Rect,
               rows: Sequence[tuple[str, Sequence[int]]], bin_width: int, size: int) -> None:
    """One small histogram per row (a game's hands by points), sharing the points scale."""
    if not rows:
        return
    width = max(len(bins) for _name, bins in rows)
    label_w = min(area.width // 3, max(theme.font(size).size(n)[0] for n, _b in rows) + size)
    plot_x = area.x + label_w
    plot_w = area.width - label_w
    scale_h = size * 3 // 2
    row_h = (area.height - scale_h) / len(rows)
    for r, (name, bins) in enumerate(rows):
        top = area.y + r * row_h
        base = round(top + row_h - max(2, size // 4))
        theme.draw_text(surface, name, (area.x, base), size, theme.INK, anchor="bottomleft",
                        box=pygame.Rect(area.x, 0, label_w - size // 2, 1))
        pygame.draw.line(surface, theme.INK_DIM, (plot_x, base), (area.right, base), 1)
        tallest = max(bins) or 1
        step = plot_w / width
        for i, count in enumerate(bins):
            h = round(count / tallest * (row_h - size // 2))
            if h:
                pygame.draw.rect(surface, SERIES_COLORS[r % 2],
                                 pygame.Rect(round(plot_x + i * step) + 1, base - h,
                                             max(1, round(step) - 2), h))
    every = max(1, round(width / max(1, plot_w / (size * 3))))
    for i in range(0, width + 1, every):
        theme.draw_text(surface, str(i * bin_width), (plot_x + i * plot_w / width, area.bottom),
                        max(8, size * 4 // 5), theme.INK_DIM, anchor="midbottom")
