"""One card face: the paper, the frame (with la pinta on Spanish cards), the corner indices
and either the suit symbols, an ace's big symbol or a court figure."""

from __future__ import annotations

import math

from deckart import layouts
from deckart.decks import Style
from deckart.figures import FIGURES
from deckart.glyphs import numeral, numeral_width
from deckart.layouts import H, W
from deckart.suits import SYMBOL_SIZE, SYMBOLS, club, gold
from deckart.svg import (
    Doc,
    Gradient,
    circle,
    darker,
    group,
    line,
    path,
    place,
    poly_d,
    polygon,
    rect,
)

RADIUS = 18.0
FRAME = 12.0  # inset of the frame line
INDEX_H = 50.0  # numeral height in card units (a tenth of the card)
INDEX_CX, INDEX_TOP = 40.0, 22.0
GAP = 15.0  # width of one break of la pinta


def paper(st: Style, doc: Doc) -> str:
    fill = doc.gradient(Gradient("paper", ((0, st.paper), (1, st.paper_shade)), 0, 0, 30, 100))
    return rect(0.75, 0.75, W - 1.5, H - 1.5, fill=fill, rx=RADIUS, stroke=st.edge,
                stroke_width=1.5)


def breaks(suit: str) -> list[float]:
    """Centres of the breaks of la pinta: none for oros, one for copas, two, three."""
    n = "OCEB".index(suit)
    return [W / 2 + (i - (n - 1) / 2) * 30 for i in range(n)]


def frame_edge(y: float, gaps: list[float], colour: str, width: float) -> list[str]:
    """One horizontal frame line from corner to corner, broken at ``gaps``."""
    x0, x1 = FRAME + RADIUS - 6, W - FRAME - RADIUS + 6
    stops = [x0]
    for g in gaps:
        stops += [g - GAP / 2, g + GAP / 2]
    stops.append(x1)
    return [line((stops[i], y), (stops[i + 1], y), colour, width, cap="butt")
            for i in range(0, len(stops), 2)]


def frame(st: Style, suit: str) -> list[str]:
    gaps = breaks(suit) if st.pinta else []
    top, bottom = FRAME, H - FRAME
    r = RADIUS - 6
    corners = (f"M{FRAME} {top + r}V{bottom - r}Q{FRAME} {bottom} {FRAME + r} {bottom}"
               f"M{W - FRAME - r} {bottom}Q{W - FRAME} {bottom} {W - FRAME} {bottom - r}"
               f"V{top + r}Q{W - FRAME} {top} {W - FRAME - r} {top}"
               f"M{FRAME + r} {top}Q{FRAME} {top} {FRAME} {top + r}")
    parts = [path(corners, stroke=st.frame, stroke_width=2.2)]
    parts += frame_edge(top, gaps, st.frame, 2.2) + frame_edge(bottom, gaps, st.frame, 2.2)
    if st.pinta:
        # Marks at the ends of each break make la pinta readable even when small.
        for g in gaps:
            for x in (g - GAP / 2, g + GAP / 2):
                parts += [line((x, top - 3.5), (x, top + 3.5), st.frame, 2.2),
                          line((x, bottom - 3.5), (x, bottom + 3.5), st.frame, 2.2)]
    if st.frame_double:
        parts.append(rect(FRAME + 5, FRAME + 5, W - 2 * FRAME - 10, H - 2 * FRAME - 10,
                          rx=RADIUS - 10, stroke=st.frame, stroke_width=1.0))
    return parts


def index_mark(st: Style, doc: Doc, suit: str) -> str:
    """The small suit symbol under the numeral."""
    size, width = {"O": (28.0, 1.0), "C": (32.0, 1.0), "E": (46.0, 1.9), "B": (46.0, 1.7)}[suit]
    return place([SYMBOLS[suit](st, doc)], INDEX_CX, INDEX_TOP + INDEX_H + 12 + size / 2,
                 size / SYMBOL_SIZE[suit], sx=width)


def index(st: Style, doc: Doc, suit: str, rank: int) -> str:
    """The numeral and suit mark in the top-left corner."""
    text = str(rank)
    colour = st.index_colours[suit]
    parts = []
    if st.index_box:
        w = max(numeral_width(text, INDEX_H), 26) + 12
        parts.append(rect(INDEX_CX - w / 2, INDEX_TOP - 5, w, INDEX_H + 10, fill=st.paper,
                          rx=4, stroke=st.frame, stroke_width=1.4))
    parts.append(numeral(text, INDEX_CX, INDEX_TOP, INDEX_H, colour, weight=2.7))
    parts.append(index_mark(st, doc, suit))
    return group(parts)


def indices(st: Style, doc: Doc, suit: str, rank: int) -> list[str]:
    corner = index(st, doc, suit, rank)
    return [corner, group([corner], transform=f"rotate(180 {W / 2:g} {H / 2:g})")]


def pips(st: Style, doc: Doc, suit: str, rank: int) -> list[str]:
    draw = SYMBOLS[suit]
    return [place([draw(st, doc)], p.x, p.y, p.height / SYMBOL_SIZE[suit], p.angle,
                  sx=p.width) for p in layouts.pips(suit, rank)]


def laurel(st: Style, cx: float, cy: float, rx: float, ry: float, leaves: int = 9,
           size: float = 1.0) -> list[str]:
    """Two laurel branches rising from the bottom of an ellipse round (cx, cy), open at the
    top."""
    out = []
    for side in (-1, 1):
        stem = []
        for i in range(leaves + 1):
            a = math.radians(180 - 140 * i / leaves)
            stem.append((cx + side * rx * math.sin(a), cy - ry * math.cos(a)))
        out.append(path(poly_d(stem, closed=False), stroke=darker(st.green, 0.3),
                        stroke_width=2.4 * size, stroke_linecap="round"))
        for i, (x, y) in enumerate(stem[1:], start=1):
            a = 180 - 140 * i / leaves
            turn = side * (a - 90) + (0 if side > 0 else 180)
            for flip in (-1, 1):
                out.append(place([path("M0 0C6 -7 16 -8 24 -3C16 3 6 4 0 0Z", fill=st.green,
                                       stroke=st.ink, stroke_width=1.0)], x, y, size,
                                 turn + flip * 38 - 180 * (side < 0) * 0))
    return out


def ace_of_coins(st: Style, doc: Doc) -> list[str]:
    """The as de oros: a big coin in a burst of pointed rays, ringed with beads."""
    g = gold(st, doc)
    cx, cy = W / 2, H / 2
    rays = []
    for i in range(32):
        a = math.radians(i * 11.25)
        r0, r1 = 100.0, 136.0 if i % 2 == 0 else 118.0
        side = math.radians(3.6)
        rays.append(polygon([(cx + r0 * math.sin(a - side), cy - r0 * math.cos(a - side)),
                             (cx + r1 * math.sin(a), cy - r1 * math.cos(a)),
                             (cx + r0 * math.sin(a + side), cy - r0 * math.cos(a + side))],
                            fill=g, stroke=st.ink, stroke_width=1.3))
    beads = [circle(cx + 95 * math.sin(math.radians(i * 15)),
                    cy - 95 * math.cos(math.radians(i * 15)), 3.2, fill=st.gold_light,
                    stroke=st.ink, stroke_width=0.8) for i in range(24)]
    return [*rays, circle(cx, cy, 102, fill=st.red, stroke=st.ink, stroke_width=2), *beads,
            place([SYMBOLS["O"](st, doc)], cx, cy, 1.74)]


def ace_of_swords(st: Style, doc: Doc) -> list[str]:
    """The as de espadas: a great sword through a laurel wreath."""
    cx, cy = W / 2, H / 2
    p = layouts.ace_pip("E")
    return [*laurel(st, cx, cy + 40, 64, 84, leaves=6, size=1.5),
            place([SYMBOLS["E"](st, doc)], p.x, p.y, p.height / SYMBOL_SIZE["E"])]


def ace_of_cups(st: Style, doc: Doc) -> list[str]:
    """The as de copas: a great cup under a fan of light."""
    cx, cy = W / 2, H / 2
    light = []
    for a in range(-60, 61, 15):
        s, k = math.sin(math.radians(a)), math.cos(math.radians(a))
        light.append(line((cx + 70 * s, cy - 110 - 70 * k), (cx + 112 * s, cy - 110 - 112 * k),
                          st.gold, 3.0))
    p = layouts.ace_pip("C")
    return [*light, place([SYMBOLS["C"](st, doc)], p.x, p.y + 20, p.height / SYMBOL_SIZE["C"])]


def ace_of_clubs(st: Style, doc: Doc) -> list[str]:
    """The as de bastos: a great club putting out leaves."""
    return [place([club(st, doc, leafy=True)], W / 2, H / 2, 400 / 300, -8.0)]


ACES = {"O": ace_of_coins, "C": ace_of_cups, "E": ace_of_swords, "B": ace_of_clubs}


def face(st: Style, suit: str, rank: int) -> str:
    """The SVG text of one card face."""
    doc = Doc(W, H)
    doc.add(paper(st, doc), *frame(st, suit))
    if rank in FIGURES:
        doc.add(FIGURES[rank](st, doc, suit))
    elif rank == 1:
        doc.add(*ACES[suit](st, doc))
    else:
        doc.add(*pips(st, doc, suit, rank))
    doc.add(*indices(st, doc, suit, rank))
    return doc.text()
