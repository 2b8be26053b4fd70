"""Card backs and the table felt. Patterns are drawn line by line and clipped by arithmetic
(nanosvg has no clip paths or patterns)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from deckart.layouts import H, W
from deckart.svg import Doc, Gradient, Point, circle, ellipse, group, line, path, place, rect

RADIUS = 18.0
BORDER = 16.0


@dataclass(frozen=True)
class Back:
    name: str
    ground: str
    ground_dark: str
    line: str
    accent: str
    gold: str
    motif: str  # "lattice", "rays" or "chevrons"
    emblem: str  # "star", "sun" or "rose"


BACKS: dict[str, Back] = {b.name: b for b in (
    Back("red", "#B3212E", "#7E1420", "#F3D9B0", "#F7E7C6", "#E8B43A", "lattice", "star"),
    Back("blue", "#21468F", "#132C5E", "#CFDDF5", "#F1F5FC", "#E8B43A", "rays", "sun"),
    Back("green", "#2C6B3F", "#174427", "#D7E8C4", "#F4EFD8", "#E3B23C", "chevrons", "rose"),
)}

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def clip(a: Point, b: Point, box: Box) -> tuple[Point, Point] | None:
    """The part of segment a-b inside ``box`` (Liang-Barsky), or None."""
    x0, y0, x1, y1 = box
    dx, dy = b[0] - a[0], b[1] - a[1]
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 >= t1:
        return None
    return (a[0] + t0 * dx, a[1] + t0 * dy), (a[0] + t1 * dx, a[1] + t1 * dy)


def clipped_lines(lines: list[tuple[Point, Point]], box: Box, colour: str,
                  width: float) -> list[str]:
    out = []
    for a, b in lines:
        seg = clip(a, b, box)
        if seg:
            out.append(line(seg[0], seg[1], colour, width, cap="butt"))
    return out


def lattice(back: Back, box: Box) -> list[str]:
    """A diamond trellis with a dot at each crossing."""
    x0, y0, x1, y1 = box
    step = 22.0
    lines = []
    span = (x1 - x0) + (y1 - y0)
    for i in range(-int(span / step) - 2, int(span / step) + 3):
        c = x0 + i * step
        lines.append(((c, y0), (c + (y1 - y0) * 0.8, y1)))
        lines.append(((c, y0), (c - (y1 - y0) * 0.8, y1)))
    dots = []
    for j in range(int((y1 - y0) / (step / 0.8 / 2)) + 1):
        y = y0 + j * step / 1.6
        shift = (j % 2) * step / 2
        for k in range(int((x1 - x0) / step) + 2):
            x = x0 + shift + k * step
            if x0 + 3 < x < x1 - 3 and y0 + 3 < y < y1 - 3:
                dots.append(circle(x, y, 2.0, fill=back.accent))
    return clipped_lines(lines, box, back.line, 1.6) + dots


def rays(back: Back, box: Box) -> list[str]:
    """Rays from the centre and rings of beads."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    lines = []
    for i in range(72):
        a = math.radians(i * 5)
        lines.append(((cx, cy), (cx + 600 * math.sin(a), cy - 600 * math.cos(a))))
    inner = (x0 + 14, y0 + 14, x1 - 14, y1 - 14)
    ring = rect(inner[0], inner[1], inner[2] - inner[0], inner[3] - inner[1], rx=8,
                stroke=back.line, stroke_width=1.6)
    return [*clipped_lines(lines, inner, back.line, 1.1), ring]


def chevrons(back: Back, box: Box) -> list[str]:
    """Rows of zig-zags alternating light and accent, like a woven band."""
    x0, y0, x1, y1 = box
    step, rise = 20.0, 10.0
    out = []
    for j in range(int((y1 - y0) / 12) + 2):
        y = y0 + j * 12
        colour = back.line if j % 2 else back.accent
        lines = []
        for k in range(int((x1 - x0) / step) + 2):
            x = x0 + k * step
            lines += [((x - step / 2, y + rise), (x, y)), ((x, y), (x + step / 2, y + rise))]
        out += clipped_lines(lines, box, colour, 2.0)
    return out


MOTIFS: dict[str, Callable[[Back, Box], list[str]]] = {
    "lattice": lattice, "rays": rays, "chevrons": chevrons,
}


def emblem(back: Back, cx: float, cy: float) -> list[str]:
    """The device in the medallion: a compass star, a sun or a rose."""
    if back.emblem == "star":
        star = "M0 -40L9 -9L40 0L9 9L0 40L-9 9L-40 0L-9 -9Z"
        return [place([path(star, fill=back.gold, stroke=back.ground_dark, stroke_width=1.6)],
                      cx, cy, 1.3),
                place([path(star, fill=back.accent, stroke=back.ground_dark, stroke_width=1.6)],
                      cx, cy, 0.8, 45.0)]
    if back.emblem == "sun":
        rays = []
        for i in range(16):
            a = math.radians(i * 22.5)
            r1 = 50.0 if i % 2 == 0 else 38.0
            rays.append(line((cx + 20 * math.sin(a), cy - 20 * math.cos(a)),
                             (cx + r1 * math.sin(a), cy - r1 * math.cos(a)), back.gold, 5.0))
        return [*rays, circle(cx, cy, 22, fill=back.gold, stroke=back.ground_dark,
                              stroke_width=2)]
    petal = "M0 0C-14 -14 -12 -40 0 -48C12 -40 14 -14 0 0Z"
    return [place([path(petal, fill=back.gold if i % 2 == 0 else back.accent,
                        stroke=back.ground_dark, stroke_width=1.6)], cx, cy, 1.0, i * 45.0)
            for i in range(8)]


def corner(back: Back, x: float, y: float) -> str:
    """A small gold quatrefoil at a corner of the panel."""
    leaves = [circle(x + dx, y + dy, 5.5, fill=back.gold, stroke=back.ground_dark,
                     stroke_width=1.2) for dx, dy in ((0, -6), (6, 0), (0, 6), (-6, 0))]
    return group([*leaves, circle(x, y, 3.4, fill=back.ground_dark)])


def medallion(back: Back) -> str:
    """The oval in the middle: a gold ring round the back's emblem."""
    cx, cy = W / 2, H / 2
    return group([
        ellipse(cx, cy, 74, 96, fill=back.ground_dark, stroke=back.gold, stroke_width=6),
        ellipse(cx, cy, 64, 86, stroke=back.line, stroke_width=1.6),
        *emblem(back, cx, cy),
        circle(cx, cy, 10, fill=back.ground, stroke=back.gold, stroke_width=3),
    ])


def back_svg(back: Back) -> str:
    doc = Doc(W, H)
    ground = doc.gradient(Gradient("ground", ((0, back.ground), (1, back.ground_dark)),
                                   30, 30, 80, radial=True))
    box = (BORDER + 8, BORDER + 8, W - BORDER - 8, H - BORDER - 8)
    doc.add(
        rect(0.75, 0.75, W - 1.5, H - 1.5, fill="#FBF8F0", rx=RADIUS, stroke="#8C8172",
             stroke_width=1.5),
        rect(BORDER, BORDER, W - 2 * BORDER, H - 2 * BORDER, fill=ground, rx=8),
        *MOTIFS[back.motif](back, box),
        rect(BORDER, BORDER, W - 2 * BORDER, H - 2 * BORDER, rx=8, stroke=back.gold,
             stroke_width=3),
        rect(box[0], box[1], box[2] - box[0], box[3] - box[1], rx=4, stroke=back.gold,
             stroke_width=1.4),
        medallion(back),
        *[corner(back, x, y) for x in (box[0] + 14, box[2] - 14)
          for y in (box[1] + 14, box[3] - 14)],
    )
    return doc.text()


def felt_svg(size: int = 512, seed: int = 3) -> str:
    """A green baize: a soft radial light and short fibres of lighter and darker green."""
    doc = Doc(size, size)
    light = doc.gradient(Gradient("felt", ((0, "#237A4A"), (0.7, "#17603A"), (1, "#0E4529")),
                                  50, 45, 75, radial=True))
    rng = random.Random(seed)
    fibres = []
    for _ in range(1100):
        x, y = rng.uniform(0, size), rng.uniform(0, size)
        a = rng.uniform(0, math.pi)
        n = rng.uniform(1.5, 4.0)
        colour = rng.choice(("#35935C", "#0B3D24", "#1F6E43"))
        fibres.append(path(f"M{x:.1f} {y:.1f}l{n * math.cos(a):.1f} {n * math.sin(a):.1f}",
                           stroke=colour, stroke_width=0.8, stroke_opacity="0.22"))
    doc.add(rect(0, 0, size, size, fill=light), *fibres)
    return doc.text()
