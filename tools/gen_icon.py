"""Draw the application icon and write it as PNG, Windows ICO and macOS ICNS.

The icon is a fan of three Spanish cards on a green baize plate: two backs and, on top, a
face showing the gold coin of oros. Sizes of 32 pixels and less show the coin alone, which
stays legible where a fan would not. Everything is drawn here in pure Python from signed
distance functions (anti-aliased by pixel coverage) and encoded with ``zlib``, so the same
source always writes the same bytes, whatever graphics libraries are installed.

Usage: ``python tools/gen_icon.py [OUTDIR]`` (default ``assets/icon``);
``python tools/gen_icon.py --check`` exits 1 when the committed icons are out of date.
"""

from __future__ import annotations

import argparse
import math
import struct
import sys
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

Color = tuple[float, float, float]
Paint = Callable[[float, float], Color]
Sdf = Callable[[float, float], float]

# Sizes carried by each container. ICO: what Windows asks for in Explorer, the taskbar and
# the Start menu. ICNS: each OSType (all PNG-encoded) with its pixel size.
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"ic11", 32), (b"ic12", 64), (b"ic07", 128),
    (b"ic13", 256), (b"ic08", 256), (b"ic14", 512), (b"ic09", 512), (b"ic10", 1024),
)
PNG_SIZE = 512
SMALL = 32  # at or below this size the icon is the coin emblem alone
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "icon"

# Palette.
FELT_CENTRE, FELT_EDGE = (0.16, 0.53, 0.32), (0.05, 0.28, 0.16)
CARD_FACE, CARD_EDGE, FRAME_RED = (0.99, 0.97, 0.91), (0.18, 0.15, 0.12), (0.70, 0.13, 0.15)
BACK_RED, BACK_BLUE, BACK_LINE = (0.62, 0.10, 0.14), (0.12, 0.24, 0.52), (0.96, 0.90, 0.78)
GOLD_LIGHT, GOLD_DARK, GOLD_LINE = (1.00, 0.86, 0.36), (0.84, 0.56, 0.10), (0.50, 0.30, 0.04)


@dataclass(frozen=True)
class Layer:
    """One shape: its distance function, its paint, the box it can touch and its edge.

    ``soft`` is the width of the edge in icon units (a shadow); 0 means a crisp edge one
    pixel wide at any size.
    """

    sdf: Sdf
    paint: Paint
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 in icon units (0..1)
    opacity: float = 1.0
    soft: float = 0.0


def solid(color: Color) -> Paint:
    return lambda _x, _y: color


def linear(c0: Color, c1: Color, x0: float, y0: float, x1: float, y1: float) -> Paint:
    """Gradient from ``c0`` at (x0, y0) to ``c1`` at (x1, y1)."""
    dx, dy = x1 - x0, y1 - y0
    norm = dx * dx + dy * dy

    def paint(x: float, y: float) -> Color:
        t = min(1.0, max(0.0, ((x - x0) * dx + (y - y0) * dy) / norm))
        return mix(c0, c1, t)

    return paint


def radial(c0: Color, c1: Color, cx: float, cy: float, r: float) -> Paint:
    """Gradient from ``c0`` at the centre to ``c1`` at distance ``r`` and beyond."""

    def paint(x: float, y: float) -> Color:
        return mix(c0, c1, min(1.0, math.hypot(x - cx, y - cy) / r))

    return paint


def mix(a: Color, b: Color, t: float) -> Color:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def circle(cx: float, cy: float, r: float) -> Sdf:
    return lambda x, y: math.hypot(x - cx, y - cy) - r


def ring(sdf: Sdf, width: float) -> Sdf:
    """The outline of ``sdf``, ``width`` thick, centred on its edge."""
    return lambda x, y: abs(sdf(x, y)) - width / 2


def rounded_rect(
    cx: float, cy: float, w: float, h: float, r: float, angle: float = 0.0
) -> Sdf:
    """Rectangle centred on (cx, cy), turned ``angle`` radians clockwise, corner radius r."""
    cos, sin = math.cos(angle), math.sin(angle)
    hx, hy = w / 2 - r, h / 2 - r

    def sdf(x: float, y: float) -> float:
        dx, dy = x - cx, y - cy
        u, v = abs(dx * cos + dy * sin) - hx, abs(-dx * sin + dy * cos) - hy
        outside = math.hypot(max(u, 0.0), max(v, 0.0))
        return outside + min(max(u, v), 0.0) - r

    return sdf


def box_of(cx: float, cy: float, radius: float) -> tuple[float, float, float, float]:
    return (cx - radius, cy - radius, cx + radius, cy + radius)


def plate() -> list[Layer]:
    """The green baize square with rounded corners behind everything."""
    return [Layer(rounded_rect(0.5, 0.5, 0.9, 0.9, 0.19),
                  radial(FELT_CENTRE, FELT_EDGE, 0.5, 0.42, 0.62), (0.05, 0.05, 0.95, 0.95))]


def coin(cx: float, cy: float, r: float) -> list[Layer]:
    """The oros coin: a gold disc with a rim, an inner ring and a boss in the middle."""
    box = box_of(cx, cy, r * 1.05)
    gold = linear(GOLD_LIGHT, GOLD_DARK, cx - r, cy - r, cx + r, cy + r)
    return [
        Layer(circle(cx, cy, r), gold, box),
        Layer(ring(circle(cx, cy, r * 0.93), r * 0.1), solid(GOLD_LINE), box),
        Layer(ring(circle(cx, cy, r * 0.55), r * 0.08), solid(GOLD_LINE), box),
        Layer(circle(cx, cy, r * 0.2), solid(GOLD_LINE), box),
    ]


def card(angle_deg: float, back: Color | None) -> list[Layer]:
    """One card of the fan, turned about a pivot below the fan; ``back=None`` is the face."""
    w, h, r = 0.36, 0.54, 0.035
    pivot_x, pivot_y, reach = 0.5, 1.02, 0.52  # the fan's centre and its distance to a card
    a = math.radians(angle_deg)
    cx, cy = pivot_x + reach * math.sin(a), pivot_y - reach * math.cos(a)
    box = box_of(cx, cy, math.hypot(w, h) / 2 + 0.01)
    shadow_box = box_of(cx + 0.012, cy + 0.02, math.hypot(w, h) / 2 + 0.05)
    layers = [
        Layer(rounded_rect(cx + 0.012, cy + 0.02, w, h, r, a), solid((0.0, 0.0, 0.0)),
              shadow_box, opacity=0.35, soft=0.035),
        Layer(rounded_rect(cx, cy, w, h, r, a), solid(CARD_FACE if back is None else back), box),
        Layer(ring(rounded_rect(cx, cy, w, h, r, a), 0.006), solid(CARD_EDGE), box),
        # The inner frame: red on the face (the pinta), cream on a back.
        Layer(ring(rounded_rect(cx, cy, w - 0.05, h - 0.05, r * 0.6, a), 0.01),
              solid(FRAME_RED if back is None else BACK_LINE), box),
    ]
    if back is None:
        layers += coin(cx, cy - 0.01, 0.125)
    else:
        # A second, thinner frame inside the first.
        inner = rounded_rect(cx, cy, w - 0.09, h - 0.09, r * 0.4, a)
        layers.append(Layer(ring(inner, 0.005), solid(BACK_LINE), box))
    return layers


def scene(size: int) -> list[Layer]:
    if size <= SMALL:
        return plate() + coin(0.5, 0.5, 0.33)
    return plate() + card(-22, BACK_RED) + card(22, BACK_BLUE) + card(0, None)


def render(size: int) -> bytes:
    """The icon at ``size`` x ``size`` as non-premultiplied RGBA rows, top row first."""
    layers = scene(size)
    px = 1.0 / size
    out = bytearray()
    for j in range(size):
        y = (j + 0.5) * px
        row = [lay for lay in layers if lay.box[1] - px <= y <= lay.box[3] + px]
        for i in range(size):
            x = (i + 0.5) * px
            r = g = b = a = 0.0  # premultiplied
            for lay in row:
                if not lay.box[0] - px <= x <= lay.box[2] + px:
                    continue
                edge = lay.soft or px
                cover = min(1.0, max(0.0, 0.5 - lay.sdf(x, y) / edge)) * lay.opacity
                if cover <= 0.0:
                    continue
                cr, cg, cb = lay.paint(x, y)
                keep = 1.0 - cover
                r, g, b = cr * cover + r * keep, cg * cover + g * keep, cb * cover + b * keep
                a = cover + a * keep
            if a > 0.0:
                out += bytes((round(r / a * 255), round(g / a * 255), round(b / a * 255),
                              round(a * 255)))
            else:
                out += b"\0\0\0\0"
    return bytes(out)


def png(size: int, rgba: bytes) -> bytes:
    """A PNG file (8-bit RGBA, no filtering) holding ``rgba``."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data))

    stride = size * 4
    raw = b"".join(b"\0" + rgba[k * stride:(k + 1) * stride] for k in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def ico(images: dict[int, bytes]) -> bytes:
    """A Windows icon file embedding one PNG per size (supported since Windows Vista)."""
    sizes = sorted(images)
    offset = 6 + 16 * len(sizes)
    head, body = struct.pack("<HHH", 0, 1, len(sizes)), b""
    for s in sizes:
        data = images[s]
        # A width or height of 0 means 256.
        head += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(data), offset)
        body += data
        offset += len(data)
    return head + body


def icns(images: dict[int, bytes]) -> bytes:
    """A macOS icon file: PNG-encoded entries, one per OSType."""
    body = b"".join(kind + struct.pack(">I", 8 + len(images[s])) + images[s]
                    for kind, s in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def build() -> dict[str, bytes]:
    """The three icon files, by name."""
    sizes = sorted({*ICO_SIZES, *(s for _, s in ICNS_TYPES), PNG_SIZE})
    images = {s: png(s, render(s)) for s in sizes}
    return {
        "tute.png": images[PNG_SIZE],
        "tute.ico": ico({s: images[s] for s in ICO_SIZES}),
        "tute.icns": icns(images),
    }


def embedded_pngs(data: bytes) -> list[bytes]:
    """The PNG images inside one of our PNG, ICO or ICNS files, in file order."""
    if data.startswith(b"\x89PNG"):
        return [data]
    if data.startswith(b"icns"):
        found, at = [], 8
        while at < len(data):
            (length,) = struct.unpack(">I", data[at + 4:at + 8])
            found.append(data[at + 8:at + length])
            at += length
        return found
    (count,) = struct.unpack("<H", data[4:6])
    entries = (struct.unpack("<II", data[14 + 16 * k:22 + 16 * k]) for k in range(count))
    return [data[offset:offset + length] for length, offset in entries]


def pixels(png_data: bytes) -> tuple[int, bytes]:
    """Size and RGBA rows of a PNG written by ``png`` (RGBA, filter 0 on every row)."""
    at, idat, size = 8, b"", 0
    while at < len(png_data):
        (length,) = struct.unpack(">I", png_data[at:at + 4])
        kind, body = png_data[at + 4:at + 8], png_data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            (size,) = struct.unpack(">I", body[:4])
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw, stride = zlib.decompress(idat), size * 4 + 1
    return size, b"".join(raw[k * stride + 1:(k + 1) * stride] for k in range(size))


def same_picture(a: bytes, b: bytes) -> bool:
    """Whether two of our icon files hold the same images, each channel within one level.

    The tolerance absorbs last-bit differences of ``math`` between platforms; comparing
    pixels rather than bytes ignores differences between zlib builds.
    """
    images_a, images_b = embedded_pngs(a), embedded_pngs(b)
    if len(images_a) != len(images_b):
        return False
    for png_a, png_b in zip(images_a, images_b, strict=True):
        (size_a, rows_a), (size_b, rows_b) = pixels(png_a), pixels(png_b)
        if size_a != size_b or any(abs(x - y) > 1 for x, y in zip(rows_a, rows_b, strict=True)):
            return False
    return True


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", nargs="?", type=Path, default=DEFAULT_OUT,
                        help="where the icons go (default: assets/icon)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if the files in OUTDIR are not what this "
                             "script draws")
    args = parser.parse_args(argv)
    files = build()
    if args.check:
        stale = [name for name, data in files.items()
                 if not (args.outdir / name).is_file()
                 or not same_picture((args.outdir / name).read_bytes(), data)]
        for name in stale:
            print(f"{args.outdir / name}: out of date; run python tools/gen_icon.py")
        return 1 if stale else 0
    args.outdir.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (args.outdir / name).write_bytes(data)
        print(f"{args.outdir / name}: {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
