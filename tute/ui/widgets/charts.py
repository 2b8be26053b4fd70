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

from tute.ui.widgets import theme

SKY = (120, 196, 232)


def series_colors() -> tuple[theme.Color, ...]:
    """The lines' colours in the palette in use."""
    return (theme.GOLD, SKY, theme.CHALK, theme.RED)


def bar_colors() -> tuple[theme.Color, ...]:
    return (theme.GOLD, SKY)


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
    tall = theme.grown(size)  # the text's height at the print's scale
    return pygame.Rect(rect.x + pad, rect.y + pad * 2 // 3 + tall * 2,
                       rect.width - 2 * pad, rect.height - pad * 4 // 3 - tall * 2)


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


Legend = Sequence[tuple[str, theme.Color]]


def _legend_rows(items: Legend, size: int, width: int) -> list[list[tuple[str, theme.Color]]]:
    """The legend's entries packed into as few rows of ``width`` as they need: a small
    window gets two rows, not shrunken labels."""
    rows: list[list[tuple[str, theme.Color]]] = [[]]
    used = 0
    for label, color in items:
        need = theme.font(size).size(label)[0] + size * 2
        if rows[-1] and used + need > width:
            rows.append([])
            used = 0
        rows[-1].append((label, color))
        used += need
    return rows


def _legend_room(area: pygame.Rect, items: Legend, size: int) -> pygame.Rect:
    """``area`` less the height of the legend's extra rows. At the usual print the legend's
    last row stands beside the plate's title; at large print, which leaves no room beside
    it, under it."""
    rows = len(_legend_rows(items, size, area.width)) - (1 if theme.print_scale == 1 else 0)
    extra = rows * theme.font(size).get_linesize()
    return pygame.Rect(area.x, area.y + extra, area.width, area.height - extra)


def _legend(surface: pygame.Surface, area: pygame.Rect, items: Legend, size: int) -> None:
    """Swatches and labels in rows at the top right of ``area`` (the last row just above
    it, the others over that)."""
    rows = _legend_rows(items, size, area.width)
    step = theme.font(size).get_linesize()
    for r, row in enumerate(rows):
        x = area.right
        y = area.y - theme.grown(size) * 3 // 2 - (len(rows) - 1 - r) * step
        for label, color in reversed(row):
            shown = theme.elide(label, size, area.width - size * 2)
            rect = theme.draw_text(surface, shown, (x, y), size, theme.INK, anchor="midright")
            swatch = pygame.Rect(0, 0, size, size // 3 + 2)
            swatch.midright = (rect.x - size // 3, rect.centery)
            pygame.draw.rect(surface, color, swatch)
            x = swatch.x - size


def line_chart(surface: pygame.Surface, area: pygame.Rect, series: Sequence[Series],
               size: int, x_label: str) -> None:
    """Values between 0 and 1 as lines across the whole width, each series stretched to it."""
    items = [(s.label, s.color) for s in series]
    tall = theme.grown(size)
    plot = _axis(surface, _legend_room(area.inflate(0, -tall * 2).move(0, -tall), items, size),
                 size, (0, 0.25, 0.5, 0.75, 1), percent)
    theme.draw_text(surface, x_label, (plot.right, area.bottom), size, theme.INK_DIM,
                    anchor="bottomright", box=plot)
    _legend(surface, plot.move(0, size // 2), items, size)
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
    colors = bar_colors()
    items = list(zip(legend, colors, strict=False))
    small = max(theme.MIN_TEXT, size * 4 // 5)
    tall = theme.grown(size)
    room = _legend_room(area.inflate(0, -tall * 2).move(0, -tall), items, size)
    # A full bar's figure stands over the plot: a line for it between the legend and the plot.
    label_h = theme.font(small).get_linesize()
    plot = _axis(surface, pygame.Rect(room.x, room.y + label_h, room.width,
                                      room.height - label_h), size, (0, 0.5, 1), percent)
    _legend(surface, plot.move(0, size // 2 - label_h), items, size)
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
            pygame.draw.rect(surface, colors[b % len(colors)], bar,
                             border_top_left_radius=2, border_top_right_radius=2)
            # "67 %" over a narrow bar is "67" (the axis says %), or nothing if even that spills.
            label = next((t for t in (percent(value), str(round(value * 100)))
                          if theme.font(small).size(t)[0] <= bar_w + 2), "")
            theme.draw_text(surface, label, (bar.centerx, bar.y - 2), small, theme.INK,
                            anchor="midbottom")
        cell = pygame.Rect(round(plot.x + g * slot), 0, round(slot) - 4, 1)
        theme.draw_text(surface, name, (cell.centerx, area.bottom), size, theme.INK,
                        anchor="midbottom", box=cell)


@dataclass(frozen=True)
class Histogram:
    """One game's row: its hands counted in bins ``width`` wide of its own ``unit``."""

    label: str
    bins: Sequence[int]
    width: int
    unit: str


def histograms(surface: pygame.Surface, area: pygame.Rect, rows: Sequence[Histogram],
               size: int) -> None:
    """One small histogram per row, each on its own scale (a game's points are not
    another's, and tricks are not points): under each, where it starts and ends."""
    if not rows:
        return
    small = max(theme.MIN_TEXT, size * 4 // 5)
    label_w = min(area.width * 2 // 5, max(theme.font(size).size(r.label)[0] for r in rows) + size)
    plot_x = area.x + label_w
    plot_w = area.width - label_w
    row_h = area.height / len(rows)
    for r, row in enumerate(rows):
        top = area.y + r * row_h
        base = round(top + row_h - theme.font(small).get_linesize())
        theme.draw_text(surface, theme.elide(row.label, size, label_w - size // 2),
                        (area.x, base), size, theme.INK, anchor="bottomleft")
        pygame.draw.line(surface, theme.INK_DIM, (plot_x, base), (area.right, base), 1)
        tallest = max(row.bins, default=0) or 1
        step = plot_w / max(1, len(row.bins))
        for i, count in enumerate(row.bins):
            h = round(count / tallest * (base - top - size // 2))
            if h:
                pygame.draw.rect(surface, series_colors()[r % 2],
                                 pygame.Rect(round(plot_x + i * step) + 1, base - h,
                                             max(1, round(step) - 2), h))
        theme.draw_text(surface, "0", (plot_x, base), small, theme.INK_DIM, anchor="topleft")
        end = len(row.bins) * row.width - (1 if row.width == 1 else 0)  # tricks: the last
        theme.draw_text(surface, f"{end} {row.unit}", (area.right, base), small, theme.INK_DIM,
                        anchor="topright")
