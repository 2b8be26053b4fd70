"""The four suit symbols, each drawn centred on the origin at a unit size:

- coin: radius 50;
- cup: 100 high, about 70 wide;
- sword and club: 300 long along the y axis, hilt or thick end up.

Callers place them with ``svg.place``. Shapes follow the deck's ``Style`` (a chalice or an
egg cup, a straight sword or a sabre, a knotty club or a turned baton).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from deckart.decks import Style
from deckart.svg import Doc, Gradient, circle, ellipse, group, line, path, place, poly_d

OUTLINE = 2.4


def gold(st: Style, doc: Doc) -> str:
    return doc.gradient(Gradient("gold", ((0, st.gold_light), (0.45, st.gold),
                                          (1, st.gold_dark)), 20, 0, 80, 100))


def shine(doc: Doc, gid: str, light: str, mid: str, dark: str) -> str:
    """A horizontal gradient with a light band left of centre (a rounded surface)."""
    return doc.gradient(Gradient(gid, ((0, dark), (0.3, light), (0.55, mid), (1, dark)),
                                 0, 0, 100, 0))


# -- oros ---------------------------------------------------------------------------------

def coin(st: Style, doc: Doc) -> str:
    face = doc.gradient(Gradient("coinface", ((0, st.gold_light), (0.55, st.gold),
                                              (1, st.gold_dark)), 35, 30, 75, radial=True))
    parts = [circle(0, 0, 50, fill=face, stroke=st.ink, stroke_width=OUTLINE),
             circle(0, 0, 42, stroke=st.gold_dark, stroke_width=2.6)]
    parts += coin_sun(st) if st.coin_shape == "sun" else coin_rose(st)
    return group(parts)


def coin_sun(st: Style) -> list[str]:
    """A sunburst: alternate long and short rays round a boss."""
    rays = []
    for i in range(16):
        a = math.radians(i * 22.5)
        r0, r1 = 19.0, 35.0 if i % 2 == 0 else 29.0
        rays.append(line((r0 * math.sin(a), -r0 * math.cos(a)),
                         (r1 * math.sin(a), -r1 * math.cos(a)), st.gold_dark, 3.2))
    return [*rays, circle(0, 0, 14, fill=st.gold_light, stroke=st.gold_dark, stroke_width=2.4),
            circle(0, 0, 6, fill=st.red, stroke=st.gold_dark, stroke_width=1.6)]


def coin_rose(st: Style) -> list[str]:
    """A six-petal rose in red with a ring of beads (the Catalan coin)."""
    petals = [place([ellipse(0, -17, 9, 16, fill=st.red, stroke=st.ink, stroke_width=1.4)],
                    angle=i * 60.0) for i in range(6)]
    beads = [circle(36 * math.sin(math.radians(i * 30)), -36 * math.cos(math.radians(i * 30)),
                    2.8, fill=st.gold_dark) for i in range(12)]
    return [*beads, *petals, circle(0, 0, 8, fill=st.gold_light, stroke=st.ink,
                                    stroke_width=1.4)]


# -- copas --------------------------------------------------------------------------------

def cup(st: Style, doc: Doc) -> str:
    return chalice(st, doc) if st.cup_shape == "chalice" else egg_cup(st, doc)


def chalice(st: Style, doc: Doc) -> str:
    g = shine(doc, "cupgold", st.gold_light, st.gold, st.gold_dark)
    bowl = "M-34 -42C-34 -12 -16 -2 0 -2C16 -2 34 -12 34 -42Z"
    band = "M-32.4 -30C-30 -20 -22 -14 -14 -11L-14 -5C-24 -9 -31 -17 -33.6 -26Z"
    foot = "M-27 47C-25 37 -10 33 -5 26H5C10 33 25 37 27 47Z"
    return group([
        path(foot, fill=g, stroke=st.ink, stroke_width=OUTLINE),
        path("M-6 -3H6V27H-6Z", fill=g, stroke=st.ink, stroke_width=OUTLINE),
        ellipse(0, 12, 11, 6, fill=st.red, stroke=st.ink, stroke_width=OUTLINE),
        path(bowl, fill=g, stroke=st.ink, stroke_width=OUTLINE),
        path(band, fill=st.red),
        path(band, fill=st.red, transform="scale(-1 1)"),
        path("M-14 -11C-6 -8 6 -8 14 -11V-5C6 -2 -6 -2 -14 -5Z", fill=st.blue),
        ellipse(0, -42, 34, 7, fill=st.gold_dark, stroke=st.ink, stroke_width=OUTLINE),
        ellipse(0, -41, 28, 4.2, fill=st.red),
        ellipse(0, 47, 27, 3, fill=st.gold_dark, stroke=st.ink, stroke_width=1.6),
    ])


def egg_cup(st: Style, doc: Doc) -> str:
    """The Catalan cup: a deep egg-shaped bowl on a short stem and a round foot."""
    g = shine(doc, "cupgold", st.gold_light, st.gold, st.gold_dark)
    bowl = "M-21 -44C-36 -30 -36 2 0 8C36 2 36 -30 21 -44Z"
    foot = "M-24 48C-24 38 -12 34 -6 24H6C12 34 24 38 24 48Z"
    return group([
        path(foot, fill=st.red, stroke=st.ink, stroke_width=OUTLINE),
        path("M-24 48C-24 43 -18 40 -14 39H14C18 40 24 43 24 48Z", fill=g),
        path("M-5 6H5V25H-5Z", fill=g, stroke=st.ink, stroke_width=OUTLINE),
        ellipse(0, 17, 9, 4.5, fill=st.green, stroke=st.ink, stroke_width=1.6),
        path(bowl, fill=g, stroke=st.ink, stroke_width=OUTLINE),
        path("M-31.4 -24C-20 -19 20 -19 31.4 -24L30.8 -14C20 -9 -20 -9 -30.8 -14Z",
             fill=st.red),
        path("M-24.5 -6C-14 -1.5 14 -1.5 24.5 -6", stroke=st.green, stroke_width=3.4),
        ellipse(0, -44, 21, 5, fill=st.gold_dark, stroke=st.ink, stroke_width=OUTLINE),
        ellipse(0, -43.4, 16, 2.8, fill=st.ink),
    ])


# -- espadas ------------------------------------------------------------------------------

def sword(st: Style, doc: Doc) -> str:
    return straight_sword(st, doc) if st.sword_shape == "straight" else sabre(st, doc)


def hilt(st: Style, doc: Doc, guard: str) -> list[str]:
    """Pommel, grip and cross-guard (the guard drawn from path data ``guard``)."""
    g = gold(st, doc)
    return [
        path("M-5.5 -134H5.5L6.5 -101H-6.5Z", fill=st.red, stroke=st.ink, stroke_width=2),
        line((-5.8, -124), (5.8, -120), st.ink, 1.2),
        line((-6.1, -114), (6.1, -110), st.ink, 1.2),
        circle(0, -141, 9, fill=g, stroke=st.ink, stroke_width=2),
        path(guard, stroke=st.ink, stroke_width=10, stroke_linecap="round"),
        path(guard, stroke=st.gold, stroke_width=5.6, stroke_linecap="round"),
        ellipse(0, -99, 9, 6, fill=g, stroke=st.ink, stroke_width=1.8),
    ]


def straight_sword(st: Style, doc: Doc) -> str:
    steel = shine(doc, "steel", st.blade_light, st.blade, st.blade)
    guard = "M-31 -87C-35 -95 -30 -99 -23 -99H23C30 -99 35 -95 31 -87"
    return group([
        path("M-9 -96H9L7.5 118L0 150L-7.5 118Z", fill=steel, stroke=st.ink,
             stroke_width=OUTLINE),
        line((0, -90), (0, 112), st.blade_light, 2.2),
        *hilt(st, doc, guard),
    ])


def sabre(st: Style, doc: Doc) -> str:
    """A gently curved blade widening towards the tip (the Catalan sword)."""
    steel = shine(doc, "steel", st.blade_light, st.blade, st.blade)
    blade = ("M-8 -96H8C12 -30 20 40 14 104C12 124 4 140 -6 150C-2 130 -1 112 -2 96"
             "C-4 40 -10 -30 -8 -96Z")
    guard = "M-34 -84C-40 -90 -34 -99 -24 -99H24C34 -99 40 -108 32 -114"
    return group([
        path(blade, fill=steel, stroke=st.ink, stroke_width=OUTLINE),
        path("M0 -90C2 -20 10 40 6 100", stroke=st.blade_light, stroke_width=2),
        *hilt(st, doc, guard),
    ])


# -- bastos -------------------------------------------------------------------------------

def club(st: Style, doc: Doc, leafy: bool = False) -> str:
    """A club; ``leafy`` grows leaves from it (the ace)."""
    if st.club_shape == "knotty":
        return knotty_club(st, doc, leafy)
    return baton(st, doc, leafy)


def leaf(st: Style, x: float, y: float, side: int, size: float = 1.0) -> str:
    """A leaf on a short stalk growing out from (x, y) to the ``side`` (-1 left, 1 right)."""
    blade = path("M0 0C8 -12 26 -16 40 -10C28 0 12 4 0 0Z", fill=st.green, stroke=st.ink,
                 stroke_width=1.4)
    vein = path("M3 -1L34 -9", stroke=st.ink, stroke_width=0.9)
    return place([blade, vein], x, y, size, -30.0 if side > 0 else 210.0)


def knotty_club(st: Style, doc: Doc, leafy: bool = False) -> str:
    wood = shine(doc, "wood", st.wood_light, st.wood, st.wood_dark)
    body = poly_d([(-20, -132), (-24, -100), (-19, -60), (-20, -20), (-15, 20), (-15, 60),
                   (-11, 100), (-10, 140), (10, 140), (11, 100), (14, 58), (16, 16),
                   (21, -22), (20, -64), (24, -104), (20, -132)], closed=False)
    body += "C14 -152 -14 -152 -20 -132Z"
    knots = []
    sprouts = []
    for i, (y, side) in enumerate(((-96, -1), (-54, 1), (-10, -1), (36, 1), (82, -1))):
        x = side * (18 - i * 1.6)
        if leafy and i < 4:
            sprouts.append(leaf(st, x + side * 15, y - 10, side))
        stub = (f"M{x} {y - 8}L{x + side * 13} {y - 15}L{x + side * 16} {y - 6}"
                f"L{x} {y + 4}Z")
        knots.append(path(stub, fill=st.wood_dark, stroke=st.ink, stroke_width=1.6))
        knots.append(ellipse(x + side * 14.6, y - 10.5, 2.8, 4.6, fill=st.wood_light,
                             transform=None))
    bark = [path(f"M{-8 + (i % 2) * 10} {-110 + i * 48}q3 12 0 22", stroke=st.wood_dark,
                 stroke_width=2.2, stroke_linecap="round") for i in range(5)]
    return group([*sprouts, *knots, path(body, fill=wood, stroke=st.ink, stroke_width=OUTLINE),
                  *bark,
                  ellipse(0, 140, 10, 3.4, fill=st.wood_light, stroke=st.ink,
                          stroke_width=1.6)])


def baton(st: Style, doc: Doc, leafy: bool = False) -> str:
    """A turned baton with coloured rings and round knobs (the Catalan club)."""
    wood = shine(doc, "wood", st.wood_light, st.wood, st.wood_dark)
    sprouts = [leaf(st, side * 14, y, side) for y, side in ((-86, 1), (-30, -1), (30, 1),
                                                               (86, -1))] if leafy else []
    rings = []
    for y, colour in ((-112, st.gold), (-60, st.green), (0, st.gold), (60, st.green),
                      (112, st.gold)):
        rings.append(path(f"M-15 {y - 5}H15V{y + 5}H-15Z", fill=colour, stroke=st.ink,
                          stroke_width=1.6))
    return group([
        *sprouts,
        path("M-13 -132L-15 132H15L13 -132Z", fill=wood, stroke=st.ink, stroke_width=OUTLINE),
        *rings,
        circle(0, -138, 14, fill=wood, stroke=st.ink, stroke_width=OUTLINE),
        circle(0, 138, 12, fill=wood, stroke=st.ink, stroke_width=OUTLINE),
        circle(-4, -142, 4, fill=st.wood_light),
    ])


SYMBOLS: dict[str, Callable[[Style, Doc], str]] = {
    "O": coin, "C": cup, "E": sword, "B": club,
}
"""Each suit letter's symbol drawing."""

SYMBOL_SIZE = {"O": 100.0, "C": 100.0, "E": 300.0, "B": 300.0}
"""The unit height of each symbol, to scale it to a wanted height."""
