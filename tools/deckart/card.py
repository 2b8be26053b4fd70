"""One card face: the paper, the frame (with la pinta on Spanish cards), the corner indices
and either the suit symbols, an ace's big symbol or a court figure."""

from __future__ import annotations

import math

from deckart import layouts
from deckart.decks import Style
from deckart.figures import FIGURES
from deckart.glyphs import numeral, numeral_width
from deckart.layouts import H, W
from deckart.suits import SYMBOL_SIZE, SYMBOLS, gold
from deckart.svg import Doc, Gradient, circle, group, line, path, place, polygon, rect

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
    size = {"O": 22.0, "C": 26.0, "E": 44.0, "B": 44.0}[suit]
    return place([SYMBOLS[suit](st, doc)], INDEX_CX, INDEX_TOP + INDEX_H + 12 + size / 2,
                 size / SYMBOL_SIZE[suit])


def index(st: Style, doc: Doc, suit: str, rank: int) -> str:
    """The numeral and suit mark in the top-left corner."""
    text = str(rank)
    colour = st.index_colours[suit]
    parts = []
    if st.index_box:
        w = max(numeral_width(text, INDEX_H), 26) + 12
        parts.append(rect(INDEX_CX - w / 2, INDEX_TOP - 5, w, INDEX_H + 10, fill=st.paper,
                          rx=4, stroke=st.frame, stroke_width=1.4))
    parts.append(numeral(text, INDEX_CX, INDEX_TOP, INDEX_H, colour, weight=2.3))
    parts.append(index_mark(st, doc, suit))
    return group(parts)


def indices(st: Style, doc: Doc, suit: str, rank: int) -> list[str]:
    corner = index(st, doc, suit, rank)
    return [corner, group([corner], transform=f"rotate(180 {W / 2:g} {H / 2:g})")]


def pips(st: Style, doc: Doc, suit: str, rank: int) -> list[str]:
    draw = SYMBOLS[suit]
    return [place([draw(st, doc)], p.x, p.y, p.height / SYMBOL_SIZE[suit], p.angle)
            for p in layouts.pips(suit, rank)]


def ace_of_coins(st: Style, doc: Doc) -> list[str]:
    """The as de oros: a big coin in a burst of pointed rays on a laurel wreath."""
    g = gold(st, doc)
    cx, cy = W / 2, H / 2
    rays = []
    for i in range(24):
        a = math.radians(i * 15)
        r0, r1 = 96.0, 128.0 if i % 2 == 0 else 114.0
        side = math.radians(4.5)
        rays.append(polygon([(cx + r0 * math.sin(a - side), cy - r0 * math.cos(a - side)),
                             (cx + r1 * math.sin(a), cy - r1 * math.cos(a)),
                             (cx + r0 * math.sin(a + side), cy - r0 * math.cos(a + side))],
                            fill=g, stroke=st.ink, stroke_width=1.4))
    leaves = []
    for i in range(10):
        a = -70 + i * 16
        for side in (-1, 1):
            leaves.append(place([path("M0 -8C8 -6 12 0 0 8C-12 0 -8 -6 0 -8Z",
                                      fill=st.green, stroke=st.ink, stroke_width=1.0)],
                                cx + side * 104 * math.sin(math.radians(a + 90)),
                                cy + 150 + 24 * math.cos(math.radians(a + 90)) - 10,
                                1.0, side * (a + 90)))
    ribbon = path(f"M{cx - 70} {cy + 150}Q{cx} {cy + 176} {cx + 70} {cy + 150}L{cx + 80} "
                  f"{cy + 168}Q{cx} {cy + 196} {cx - 80} {cy + 168}Z", fill=st.red,
                  stroke=st.ink, stroke_width=1.8)
    return [*rays, *[circle(cx, cy, 97, fill=st.red, stroke=st.ink, stroke_width=2)],
            place([SYMBOLS["O"](st, doc)], cx, cy, 1.84), ribbon, *leaves[:0]]


def ace_of_clubs(st: Style, doc: Doc) -> list[str]:
    """The as de bastos: a great club with leaves sprouting from its knots."""
    cx, cy = W / 2, H / 2
    leaves = []
    for x, y, a in ((-36, -110, -40), (40, -60, 40), (-34, 0, -50), (36, 60, 50)):
        leaves.append(place([path("M0 0C10 -14 30 -16 42 -8C30 2 12 6 0 0Z", fill=st.green,
                                  stroke=st.ink, stroke_width=1.6),
                             path("M4 -1L36 -8", stroke=st.ink, stroke_width=1.0)],
                            cx + x, cy + y, 1.3, a + (180 if x < 0 else 0)))
    return [*leaves, place([SYMBOLS["B"](st, doc)], cx, cy, 400 / 300, -8.0)]


def ace(st: Style, doc: Doc, suit: str) -> list[str]:
    if suit == "O":
        return ace_of_coins(st, doc)
    if suit == "B":
        return ace_of_clubs(st, doc)
    p = layouts.ace_pip(suit)
    return [place([SYMBOLS[suit](st, doc)], p.x, p.y, p.height / SYMBOL_SIZE[suit], p.angle)]


def face(st: Style, suit: str, rank: int) -> str:
    """The SVG text of one card face."""
    doc = Doc(W, H)
    doc.add(paper(st, doc), *frame(st, suit))
    if rank in FIGURES:
        doc.add(FIGURES[rank](st, doc, suit))
    elif rank == 1:
        doc.add(*ace(st, doc, suit))
    else:
        doc.add(*pips(st, doc, suit, rank))
    doc.add(*indices(st, doc, suit, rank))
    return doc.text()
