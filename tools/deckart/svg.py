"""SVG primitives limited to what nanosvg (SDL_image's renderer) draws.

Only hex colours, inline attributes, paths and basic shapes, group transforms and gradients
whose coordinates are percentages. No text, ``<use>``, clipping, masks, filters, patterns or
CSS classes. Numbers are written with at most two decimals so output is byte-stable.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

Point = tuple[float, float]


def num(v: float) -> str:
    """A number as short stable text: two decimals at most, no trailing zeros."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def pts(points: Iterable[Point]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)


def attrs(**kw: object) -> str:
    """Attributes from keywords: ``stroke_width`` becomes ``stroke-width``; None is left out."""
    out = []
    for key, value in kw.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = num(value) if isinstance(value, float) else str(value)
        out.append(f'{name}="{text}"')
    return " ".join(out)


def path(d: str, fill: str = "none", **kw: object) -> str:
    return f'<path d="{d}" {attrs(fill=fill, **kw)}/>'


def circle(cx: float, cy: float, r: float, fill: str = "none", **kw: object) -> str:
    return f"<circle {attrs(cx=float(cx), cy=float(cy), r=float(r), fill=fill, **kw)}/>"


def ellipse(cx: float, cy: float, rx: float, ry: float, fill: str = "none",
            **kw: object) -> str:
    a = attrs(cx=float(cx), cy=float(cy), rx=float(rx), ry=float(ry), fill=fill, **kw)
    return f"<ellipse {a}/>"


def rect(x: float, y: float, w: float, h: float, fill: str = "none", rx: float = 0.0,
         **kw: object) -> str:
    a = attrs(x=float(x), y=float(y), width=float(w), height=float(h),
              rx=float(rx) if rx else None, fill=fill, **kw)
    return f"<rect {a}/>"


def polygon(points: Iterable[Point], fill: str = "none", **kw: object) -> str:
    return f'<polygon points="{pts(points)}" {attrs(fill=fill, **kw)}/>'


def polyline(points: Iterable[Point], stroke: str, width: float, **kw: object) -> str:
    a = attrs(fill="none", stroke=stroke, stroke_width=float(width), stroke_linecap="round",
              stroke_linejoin="round", **kw)
    return f'<polyline points="{pts(points)}" {a}/>'


def line(a: Point, b: Point, stroke: str, width: float, cap: str = "round") -> str:
    at = attrs(x1=float(a[0]), y1=float(a[1]), x2=float(b[0]), y2=float(b[1]), stroke=stroke,
               stroke_width=float(width), stroke_linecap=cap)
    return f"<line {at}/>"


def group(children: Iterable[str], transform: str | None = None, **kw: object) -> str:
    body = "".join(children)
    return f"<g {attrs(transform=transform, **kw)}>{body}</g>" if (transform or kw) else body


def place(children: Iterable[str], x: float = 0.0, y: float = 0.0, scale: float = 1.0,
          angle: float = 0.0, sx: float | None = None) -> str:
    """Children moved to (x, y), turned by ``angle`` degrees and scaled (``sx`` scales the
    width on its own, for mirrored or condensed drawings)."""
    parts = []
    if x or y:
        parts.append(f"translate({num(x)} {num(y)})")
    if angle:
        parts.append(f"rotate({num(angle)})")
    if sx is not None:
        parts.append(f"scale({num(sx * scale)} {num(scale)})")
    elif scale != 1.0:
        parts.append(f"scale({num(scale)})")
    return group(children, " ".join(parts) or None)


def poly_d(points: Sequence[Point], closed: bool = True) -> str:
    """Path data through ``points`` with straight segments."""
    head, *rest = points
    d = f"M{num(head[0])} {num(head[1])}" + "".join(f"L{num(x)} {num(y)}" for x, y in rest)
    return d + ("Z" if closed else "")


def mirror_d(points: Sequence[Point], axis: float = 0.0) -> str:
    """A closed outline from its left half (top to bottom) mirrored about ``x = axis``."""
    right = [(2 * axis - x, y) for x, y in reversed(points)]
    return poly_d(list(points) + right)


@dataclass
class Gradient:
    """A linear gradient in percentages of the shape's box (the form nanosvg draws)."""

    id: str
    stops: Sequence[tuple[float, str]]
    x1: float = 0.0
    y1: float = 0.0
    x2: float = 0.0
    y2: float = 100.0
    radial: bool = False

    def svg(self) -> str:
        stops = "".join(f'<stop offset="{num(o)}" stop-color="{c}"/>' for o, c in self.stops)
        if self.radial:
            return (f'<radialGradient id="{self.id}" cx="{num(self.x1)}%" cy="{num(self.y1)}%"'
                    f' r="{num(self.x2)}%">{stops}</radialGradient>')
        return (f'<linearGradient id="{self.id}" x1="{num(self.x1)}%" y1="{num(self.y1)}%" '
                f'x2="{num(self.x2)}%" y2="{num(self.y2)}%">{stops}</linearGradient>')

    @property
    def url(self) -> str:
        return f"url(#{self.id})"


@dataclass
class Doc:
    """One SVG file: a size, gradients in ``<defs>`` and a body."""

    width: float
    height: float
    body: list[str] = field(default_factory=list)
    gradients: dict[str, Gradient] = field(default_factory=dict)

    def add(self, *items: str) -> None:
        self.body.extend(items)

    def gradient(self, g: Gradient) -> str:
        self.gradients.setdefault(g.id, g)
        return g.url

    def text(self) -> str:
        w, h = num(self.width), num(self.height)
        defs = "".join(self.gradients[k].svg() for k in sorted(self.gradients))
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
                f'viewBox="0 0 {w} {h}">\n')
        defs_block = f"<defs>{defs}</defs>\n" if defs else ""
        return head + defs_block + "\n".join(self.body) + "\n</svg>\n"


def smooth_d(points: Sequence[Point], closed: bool = True, tension: float = 1.0) -> str:
    """A smooth path through ``points`` (Catmull-Rom turned into cubic Beziers)."""
    n = len(points)

    def at(i: int) -> Point:
        if closed:
            return points[i % n]
        return points[min(max(i, 0), n - 1)]

    d = f"M{num(points[0][0])} {num(points[0][1])}"
    for i in range(n if closed else n - 1):
        p0, p1, p2, p3 = at(i - 1), at(i), at(i + 1), at(i + 2)
        c1 = (p1[0] + (p2[0] - p0[0]) * tension / 6, p1[1] + (p2[1] - p0[1]) * tension / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) * tension / 6, p2[1] - (p3[1] - p1[1]) * tension / 6)
        d += (f"C{num(c1[0])} {num(c1[1])} {num(c2[0])} {num(c2[1])} "
              f"{num(p2[0])} {num(p2[1])}")
    return d + ("Z" if closed else "")


def inside(p: Point, polygon: Sequence[Point]) -> bool:
    """Whether ``p`` lies inside ``polygon`` (even-odd rule)."""
    x, y = p
    hit = False
    for i in range(len(polygon)):
        (x1, y1), (x2, y2) = polygon[i - 1], polygon[i]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def mix(a: str, b: str, t: float) -> str:
    """Hex colour ``t`` of the way from ``a`` to ``b``."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02X}" for x, y in zip(ca, cb, strict=True))


def darker(c: str, t: float = 0.3) -> str:
    return mix(c, "#000000", t)


def lighter(c: str, t: float = 0.3) -> str:
    return mix(c, "#FFFFFF", t)
