"""The court cards: sota (a standing page), caballo (a rider on a rearing horse) and rey (a
crowned king, standing), each holding the symbol of the suit, dressed in the suit's colours.

Figures are built from small parts (heads, hats, limbs, garments, the horse) placed in card
coordinates (320 x 500). The deck's ``Style`` chooses colours and variants: the Spanish
pattern has plumed caps, pointed crowns and long robes; the Catalan one barretinas, crowns
with fleurons, ermine capes and caparisoned horses.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from deckart.decks import Garb, Style
from deckart.layouts import W
from deckart.suits import SYMBOL_SIZE, SYMBOLS, gold
from deckart.svg import (
    Doc,
    Gradient,
    Point,
    circle,
    darker,
    ellipse,
    group,
    inside,
    lighter,
    num,
    path,
    place,
    poly_d,
    polygon,
    smooth_d,
)

INK_W = 2.4

GRIP = {"O": 44.0, "C": 16.0, "E": -117.0, "B": 104.0}
"""Where a hand holds each symbol, along its axis, in the symbol's own units."""


@dataclass(frozen=True)
class Hold:
    """A hand holding a symbol: the hand, the elbow, the symbol's height and angle."""

    hand: Point
    elbow: Point
    height: float
    angle: float = 0.0


def held(suit: str, hold: Hold) -> tuple[Point, float]:
    """Centre and scale of the symbol so that its grip lies in the hand."""
    scale = hold.height / SYMBOL_SIZE[suit]
    a = math.radians(hold.angle)
    g = GRIP[suit] * scale
    return (hold.hand[0] + g * math.sin(a), hold.hand[1] - g * math.cos(a)), scale


def fabric(doc: Doc, colour: str) -> str:
    """A cloth colour lit from the left: a horizontal gradient."""
    return doc.gradient(Gradient(f"f{colour[1:]}", ((0, lighter(colour, 0.22)),
                                                    (0.45, colour),
                                                    (1, darker(colour, 0.28))), 0, 0, 100, 0))


def outlined(d: str, fill: str, st: Style, width: float = INK_W) -> str:
    return path(d, fill=fill, stroke=st.ink, stroke_width=width, stroke_linejoin="round")


def limb(st: Style, points: Sequence[Point], colour: str, width: float) -> str:
    """A sleeve or leg: a thick round-jointed stroke with an ink outline."""
    d = poly_d(points, closed=False)
    return group([
        path(d, stroke=st.ink, stroke_width=width + 2 * INK_W, stroke_linecap="round",
             stroke_linejoin="round"),
        path(d, stroke=colour, stroke_width=width, stroke_linecap="round",
             stroke_linejoin="round"),
    ])


def tapered(st: Style, points: Sequence[Point], widths: Sequence[float], colour: str) -> str:
    """A limb whose segments narrow (a horse's leg): outlines first, then the fills."""
    segs = list(zip(points, points[1:], widths, strict=False))
    ink = [path(poly_d([a, b], closed=False), stroke=st.ink, stroke_width=w + 2 * INK_W,
                stroke_linecap="round") for a, b, w in segs]
    fill = [path(poly_d([a, b], closed=False), stroke=colour, stroke_width=w,
                 stroke_linecap="round") for a, b, w in segs]
    return group(ink + fill)


def hand(st: Style, at: Point, r: float = 7.5) -> str:
    return circle(at[0], at[1], r, fill=st.skin, stroke=st.ink, stroke_width=1.8)


def symbol(st: Style, doc: Doc, suit: str, hold: Hold) -> str:
    centre, scale = held(suit, hold)
    return place([SYMBOLS[suit](st, doc)], centre[0], centre[1], scale, hold.angle)


def brocade(st: Style, outline: Sequence[Point], colour: str, step: float = 15.0,
            r: float = 2.2) -> list[str]:
    """A small repeating motif over a garment, kept inside its outline."""
    xs = [p[0] for p in outline]
    ys = [p[1] for p in outline]
    out = []
    row = 0
    y = min(ys) + step * 0.7
    while y < max(ys):
        x = min(xs) + (step / 2 if row % 2 else 0.0) + step * 0.5
        while x < max(xs):
            if all(inside((x + dx, y + dy), outline)
                   for dx, dy in ((-5, 0), (5, 0), (0, -5), (0, 5))):
                if st.brocade == "dots":
                    out.append(circle(x, y, r, fill=colour))
                else:
                    out.append(polygon([(x, y - r * 1.7), (x + r, y), (x, y + r * 1.7),
                                        (x - r, y)], fill=colour))
            x += step
        y += step * 0.8
        row += 1
    return out


# -- heads --------------------------------------------------------------------------------

def beard(st: Style, cx: float, cy: float, hair: str) -> list[str]:
    d = smooth_d([(cx - 18, cy - 2), (cx - 16, cy + 22), (cx - 7, cy + 38), (cx, cy + 44),
                  (cx + 7, cy + 38), (cx + 16, cy + 22), (cx + 18, cy - 2), (cx + 10, cy + 10),
                  (cx, cy + 13), (cx - 10, cy + 10)])
    return [outlined(d, hair, st, 1.8),
            path(f"M{num(cx - 10)} {num(cy + 9)}Q{num(cx)} {num(cy + 4)} {num(cx + 10)} "
                 f"{num(cy + 9)}", stroke=hair, stroke_width=4.4, stroke_linecap="round"),
            path(f"M{num(cx - 6)} {num(cy + 22)}q2 9 0 16M{num(cx + 6)} {num(cy + 22)}q-2 9 0"
                 " 16", stroke=darker(hair, 0.3), stroke_width=1.2)]


def face(st: Style, cx: float, cy: float, hair: str, bearded: bool,
         moustache: bool = False) -> list[str]:
    """An oval face with eyes, brows, nose, mouth and a touch of colour on the cheeks."""
    parts = [
        ellipse(cx - 18, cy + 1, 3.6, 6, fill=st.skin, stroke=st.ink, stroke_width=1.6),
        ellipse(cx + 18, cy + 1, 3.6, 6, fill=st.skin, stroke=st.ink, stroke_width=1.6),
        path(smooth_d([(cx - 17, cy - 8), (cx - 15, cy + 12), (cx, cy + 23), (cx + 15, cy + 12),
                       (cx + 17, cy - 8), (cx, cy - 22)]), fill=st.skin, stroke=st.ink,
             stroke_width=INK_W),
        circle(cx - 10, cy + 7, 3.6, fill=st.skin_shade, fill_opacity="0.5"),
        circle(cx + 10, cy + 7, 3.6, fill=st.skin_shade, fill_opacity="0.5"),
    ]
    if bearded:
        parts += beard(st, cx, cy, hair)
    parts += [
        path(f"M{num(cx - 12)} {num(cy - 7)}q5 -3.4 9 -0.6M{num(cx + 3)} {num(cy - 7.6)}"
             "q4 -2.8 9 0.6", stroke=darker(hair, 0.2), stroke_width=1.8,
             stroke_linecap="round"),
        ellipse(cx - 7.4, cy - 1.8, 2.6, 1.9, fill="#FFFFFF"),
        ellipse(cx + 7.4, cy - 1.8, 2.6, 1.9, fill="#FFFFFF"),
        circle(cx - 7, cy - 1.8, 1.5, fill=st.ink),
        circle(cx + 7.8, cy - 1.8, 1.5, fill=st.ink),
        path(f"M{num(cx + 0.5)} {num(cy - 3)}q-3 7 -2.4 9.4q1.8 1 3.6 0",
             stroke=st.skin_shade, stroke_width=1.5, stroke_linecap="round"),
    ]
    if not bearded:
        parts.append(path(f"M{num(cx - 4.5)} {num(cy + 12.5)}q4.5 2.6 9 0", stroke=st.red,
                          stroke_width=2.2, stroke_linecap="round"))
    if moustache:
        parts.append(path(f"M{num(cx)} {num(cy + 8.6)}q-6 -1.6 -11 3.4M{num(cx)} "
                          f"{num(cy + 8.6)}q6 -1.6 11 3.4", stroke=hair, stroke_width=3.2,
                          stroke_linecap="round"))
    return parts


def hair_back(st: Style, cx: float, cy: float, hair: str, long: bool) -> str:
    """Hair behind the face: a bob for pages, locks to the shoulders for kings and riders."""
    drop = 30.0 if long else 16.0
    d = smooth_d([(cx - 21, cy + drop), (cx - 26, cy - 6), (cx - 16, cy - 27), (cx, cy - 31),
                  (cx + 16, cy - 27), (cx + 26, cy - 6), (cx + 21, cy + drop),
                  (cx + 12, cy + drop - 6), (cx, cy + drop - 12), (cx - 12, cy + drop - 6)])
    return group([outlined(d, hair, st, 1.8)] + [
        path(f"M{num(cx + s * 20)} {num(cy - 4)}q{num(s * 3)} {num(drop / 2)} 0 {num(drop)}",
             stroke=darker(hair, 0.3), stroke_width=1.2) for s in (-1, 1)])


def fringe(st: Style, cx: float, cy: float, hair: str) -> str:
    d = smooth_d([(cx - 18, cy - 3), (cx - 14, cy - 18), (cx, cy - 23), (cx + 14, cy - 18),
                  (cx + 18, cy - 3), (cx + 9, cy - 12), (cx, cy - 13), (cx - 9, cy - 12)])
    return outlined(d, hair, st, 1.4)


def crown(st: Style, doc: Doc, cx: float, base: float, w: float = 46.0) -> str:
    """A gold crown on a jewelled band: five points with pearls, or three fleurons."""
    g = gold(st, doc)
    half = w / 2
    parts = []
    if st.crown == "points":
        tips = [(cx - half + i * w / 4, base - (36 if i % 2 == 0 else 26)) for i in range(5)]
        pts = [(cx - half, base), (cx - half - 2, base - 14)]
        for i, tip in enumerate(tips):
            pts.append(tip)
            if i < 4:
                pts.append((cx - half + (i + 0.5) * w / 4, base - 15))
        pts += [(cx + half + 2, base - 14), (cx + half, base)]
        parts.append(outlined(poly_d(pts), g, st, 2.0))
        parts += [circle(x, y, 3.4, fill="#FFFFFF", stroke=st.ink, stroke_width=1.2)
                  for x, y in tips]
    else:
        parts.append(outlined(f"M{num(cx - half)} {num(base)}L{num(cx - half - 3)} "
                              f"{num(base - 18)}Q{num(cx)} {num(base - 26)} {num(cx + half + 3)}"
                              f" {num(base - 18)}L{num(cx + half)} {num(base)}Z", st.red, st,
                              1.8))
        for dx in (-half + 4, 0.0, half - 4):
            x, top = cx + dx, base - 14 - (10 if dx == 0 else 4)
            lily = (f"M{num(x)} {num(top - 18)}C{num(x + 6)} {num(top - 10)} {num(x + 5)} "
                    f"{num(top - 4)} {num(x)} {num(top)}C{num(x - 5)} {num(top - 4)} "
                    f"{num(x - 6)} {num(top - 10)} {num(x)} {num(top - 18)}Z"
                    f"M{num(x - 2)} {num(top - 2)}C{num(x - 12)} {num(top - 6)} {num(x - 12)} "
                    f"{num(top - 14)} {num(x - 6)} {num(top - 12)}C{num(x - 8)} {num(top - 8)}"
                    f" {num(x - 6)} {num(top - 4)} {num(x - 2)} {num(top - 2)}Z"
                    f"M{num(x + 2)} {num(top - 2)}C{num(x + 12)} {num(top - 6)} {num(x + 12)} "
                    f"{num(top - 14)} {num(x + 6)} {num(top - 12)}C{num(x + 8)} {num(top - 8)}"
                    f" {num(x + 6)} {num(top - 4)} {num(x + 2)} {num(top - 2)}Z")
            parts.append(outlined(lily, g, st, 1.4))
    parts.append(outlined(f"M{num(cx - half - 2)} {num(base - 10)}H{num(cx + half + 2)}"
                          f"V{num(base + 1)}H{num(cx - half - 2)}Z", g, st, 1.8))
    parts += [ellipse(cx + dx, base - 4.5, 3.8, 3, fill=c, stroke=st.ink, stroke_width=1)
              for dx, c in ((-14, st.blue), (0, st.red), (14, st.green))]
    return group(parts)


def plumed_cap(st: Style, cx: float, cy: float, colour: str, trim: str, plume: str) -> str:
    """A page's flat cap worn at a slant, with a plume curling back."""
    feather = smooth_d([(cx + 6, cy - 26), (cx + 22, cy - 52), (cx + 44, cy - 56),
                        (cx + 54, cy - 40), (cx + 42, cy - 44), (cx + 26, cy - 38),
                        (cx + 12, cy - 22)])
    crownd = smooth_d([(cx - 28, cy - 16), (cx - 24, cy - 36), (cx, cy - 44), (cx + 24, cy - 38),
                       (cx + 31, cy - 22), (cx, cy - 24)])
    band = (f"M{num(cx - 29)} {num(cy - 17)}C{num(cx - 10)} {num(cy - 27)} {num(cx + 14)} "
            f"{num(cy - 28)} {num(cx + 31)} {num(cy - 23)}L{num(cx + 31)} {num(cy - 16)}"
            f"C{num(cx + 14)} {num(cy - 21)} {num(cx - 10)} {num(cy - 19)} {num(cx - 27)} "
            f"{num(cy - 9)}Z")
    return group([
        outlined(feather, plume, st, 1.6),
        path(f"M{num(cx + 12)} {num(cy - 26)}Q{num(cx + 30)} {num(cy - 46)} {num(cx + 50)} "
             f"{num(cy - 42)}", stroke=darker(plume, 0.35), stroke_width=1.2),
        outlined(crownd, colour, st, 2.0),
        outlined(band, trim, st, 1.4),
    ])


def barretina(st: Style, cx: float, cy: float, colour: str, band: str) -> str:
    """The Catalan stocking cap: a red bag folded over to one side, on a dark band."""
    bag = smooth_d([(cx - 21, cy - 17), (cx - 20, cy - 40), (cx - 4, cy - 56), (cx + 20, cy - 54),
                    (cx + 36, cy - 38), (cx + 40, cy - 16), (cx + 32, cy - 12),
                    (cx + 26, cy - 32), (cx + 12, cy - 36), (cx + 22, cy - 18)], tension=0.9)
    return group([
        outlined(bag, colour, st, 2.0),
        path(f"M{num(cx - 10)} {num(cy - 44)}Q{num(cx + 8)} {num(cy - 54)} {num(cx + 26)} "
             f"{num(cy - 44)}", stroke=darker(colour, 0.3), stroke_width=1.4),
        outlined(f"M{num(cx - 22)} {num(cy - 24)}Q{num(cx)} {num(cy - 30)} {num(cx + 22)} "
                 f"{num(cy - 24)}L{num(cx + 22)} {num(cy - 15)}Q{num(cx)} {num(cy - 21)} "
                 f"{num(cx - 22)} {num(cy - 15)}Z", band, st, 1.4),
    ])


def brimmed_hat(st: Style, cx: float, cy: float, colour: str, plume: str) -> str:
    """A rider's broad hat with a turned-up brim and a long plume."""
    return group([
        outlined(smooth_d([(cx + 6, cy - 40), (cx + 24, cy - 58), (cx + 48, cy - 56),
                           (cx + 60, cy - 38), (cx + 52, cy - 26), (cx + 50, cy - 40),
                           (cx + 36, cy - 46), (cx + 20, cy - 38)]), plume, st, 1.6),
        path(f"M{num(cx + 12)} {num(cy - 42)}Q{num(cx + 40)} {num(cy - 56)} {num(cx + 56)} "
             f"{num(cy - 34)}", stroke=darker(plume, 0.35), stroke_width=1.2),
        outlined(smooth_d([(cx - 20, cy - 22), (cx - 18, cy - 42), (cx, cy - 48),
                           (cx + 18, cy - 42), (cx + 20, cy - 22)]), colour, st, 2.0),
        outlined(smooth_d([(cx - 38, cy - 20), (cx - 30, cy - 30), (cx, cy - 26),
                           (cx + 30, cy - 30), (cx + 38, cy - 20), (cx, cy - 16)]),
                 darker(colour, 0.15), st, 1.8),
    ])


def hat(st: Style, doc: Doc, cx: float, cy: float, kind: str, garb: Garb) -> str:
    if kind == "king":
        return crown(st, doc, cx, cy - 16)
    choice = st.page_hat if kind == "page" else st.rider_hat
    if choice == "barretina":
        return barretina(st, cx, cy, st.red if garb.hat != st.red else darker(st.red, 0.1),
                         st.ink)
    if choice == "brim":
        return brimmed_hat(st, cx, cy, garb.hat, st.gold_light)
    return plumed_cap(st, cx, cy, garb.hat, garb.trim, st.gold)


def head(st: Style, doc: Doc, cx: float, cy: float, hair: str, kind: str, garb: Garb,
         bearded: bool = False) -> str:
    """A whole head: ``kind`` is "king", "page" or "rider"."""
    parts = [
        path(f"M{num(cx - 7)} {num(cy + 14)}V{num(cy + 32)}H{num(cx + 7)}V{num(cy + 14)}",
             fill=st.skin_shade, stroke=st.ink, stroke_width=1.6),
        hair_back(st, cx, cy, hair, long=kind == "rider" or bearded),
        *face(st, cx, cy, hair, bearded, moustache=kind == "king" and not bearded),
        fringe(st, cx, cy, hair),
        hat(st, doc, cx, cy, kind, garb),
    ]
    return group(parts)


# -- garments -----------------------------------------------------------------------------

def shoe(st: Style, x: float, foot: float, side: int) -> str:
    return outlined(f"M{num(x - 9)} {num(foot - 12)}h18c{num(side * 8)} 2 {num(side * 13)} 8"
                    f" {num(side * 13)} 12h-31z", darker(st.ink, 0.0), st, 1.2)


def legs(st: Style, cx: float, hip: float, foot: float, hose: str, stance: int) -> str:
    """Two legs in hose; ``stance`` 0 stands square, 1 steps out, 2 crosses at the ankle."""
    parts = []
    for side in (-1, 1):
        x = cx + side * 14
        fx = x + side * 3
        if stance == 1 and side == 1:
            fx = x + 20
        if stance == 2:
            fx = cx - side * 4
        knee = ((x + fx) / 2 + side * 2, (hip + foot) / 2)
        parts.append(limb(st, [(x, hip), knee, (fx, foot - 12)], hose, 16))
        parts.append(shoe(st, fx, foot, side))
        parts.append(path(f"M{num(knee[0] - 8)} {num(knee[1] - 4)}h16", stroke=darker(hose),
                          stroke_width=3))
    return group(parts)


def breeches(st: Style, doc: Doc, cx: float, top: float, colour: str, slash: str) -> str:
    """Puffed trunk hose with slashes, from under the doublet to mid-thigh."""
    parts = []
    for side in (-1, 1):
        x = cx + side * 17
        lobe = smooth_d([(x - 19, top), (x - 22, top + 22), (x - 16, top + 40),
                         (x + 16, top + 40), (x + 22, top + 22), (x + 19, top)])
        parts.append(outlined(lobe, fabric(doc, colour), st, 2.0))
        parts += [path(f"M{num(x + dx)} {num(top + 4)}Q{num(x + dx * 1.25)} {num(top + 20)} "
                       f"{num(x + dx)} {num(top + 36)}", stroke=slash, stroke_width=3.2,
                       stroke_linecap="round") for dx in (-10.0, 0.0, 10.0)]
    return group(parts)


def tunic_outline(cx: float, top: float, hem: float, flare: float) -> list[Point]:
    sh = 34.0
    return [(cx - sh, top + 6), (cx - sh - 2, top + 60), (cx - sh - flare, hem),
            (cx + sh + flare, hem), (cx + sh + 2, top + 60), (cx + sh, top + 6),
            (cx + 10, top), (cx - 10, top)]


def tunic(st: Style, doc: Doc, cx: float, top: float, hem: float, garb: Garb,
          flare: float) -> str:
    """A doublet to ``hem`` with a patterned cloth, a belt, a front band and a collar."""
    outline = tunic_outline(cx, top, hem, flare)
    belt = top + 70
    sh = 34.0
    return group([
        outlined(poly_d(outline), fabric(doc, garb.main), st),
        *brocade(st, outline, lighter(garb.main, 0.35)),
        path(f"M{num(cx - sh - flare + 2)} {num(hem - 6)}H{num(cx + sh + flare - 2)}",
             stroke=garb.trim, stroke_width=7),
        path(f"M{num(cx)} {num(top + 4)}V{num(hem - 2)}", stroke=garb.second,
             stroke_width=11),
        *[circle(cx, y, 2.2, fill=st.gold_light, stroke=st.ink, stroke_width=0.8)
          for y in (top + 24, top + 40, top + 56)],
        outlined(f"M{num(cx - sh - 2)} {num(belt)}H{num(cx + sh + 2)}V{num(belt + 9)}"
                 f"H{num(cx - sh - 2)}Z", darker(garb.second, 0.5), st, 1.0),
        outlined(f"M{num(cx - 7)} {num(belt - 1.5)}h14v12h-14z", gold(st, doc), st, 1.2),
        outlined(f"M{num(cx - 17)} {num(top + 2)}Q{num(cx)} {num(top + 20)} {num(cx + 17)} "
                 f"{num(top + 2)}Q{num(cx)} {num(top + 8)} {num(cx - 17)} {num(top + 2)}Z",
                 garb.trim, st, 1.4),
    ])


def ermine_spots(st: Style, outline: Sequence[Point], step: float = 16.0) -> list[str]:
    """Black ermine tails over a white fur, inside ``outline``."""
    xs = [p[0] for p in outline]
    ys = [p[1] for p in outline]
    out = []
    y, row = min(ys) + 10, 0
    while y < max(ys) - 4:
        x = min(xs) + (step / 2 if row % 2 else 4.0)
        while x < max(xs):
            if inside((x, y), outline) and inside((x, y + 6), outline):
                out.append(path(f"M{num(x)} {num(y)}v6M{num(x - 2.4)} {num(y + 1)}h4.8",
                                stroke=st.ink, stroke_width=1.8, stroke_linecap="round"))
            x += step
        y += step * 0.75
        row += 1
    return out


def robe(st: Style, doc: Doc, cx: float, top: float, hem: float, garb: Garb) -> str:
    """A king's long robe with an ermine front, hem and collar."""
    outline = [(cx - 36, top + 6), (cx - 40, top + 70), (cx - 58, hem), (cx + 58, hem),
               (cx + 40, top + 70), (cx + 36, top + 6), (cx + 10, top), (cx - 10, top)]
    front = [(cx - 10, top + 14), (cx - 18, hem), (cx + 18, hem), (cx + 10, top + 14)]
    collar = smooth_d([(cx - 40, top + 10), (cx - 22, top + 28), (cx, top + 32),
                       (cx + 22, top + 28), (cx + 40, top + 10), (cx, top - 2)])
    return group([
        outlined(poly_d(outline), fabric(doc, garb.main), st),
        *brocade(st, outline, lighter(garb.main, 0.3), step=17),
        outlined(poly_d(front), "#FFFFFF", st, 1.6),
        *ermine_spots(st, front, step=12),
        outlined(f"M{num(cx - 58)} {num(hem - 12)}H{num(cx + 58)}V{num(hem)}H{num(cx - 58)}Z",
                 garb.trim, st, 1.4),
        outlined(collar, "#FFFFFF", st, 1.6),
        *[path(f"M{num(cx + dx)} {num(top + 10)}v5", stroke=st.ink, stroke_width=1.8,
               stroke_linecap="round") for dx in (-26, -13, 0, 13, 26)],
    ])


def ermine_cape(st: Style, cx: float, top: float) -> str:
    """A short ermine cape over the shoulders."""
    outline = [(cx - 42, top + 8), (cx - 46, top + 40), (cx - 30, top + 56), (cx, top + 62),
               (cx + 30, top + 56), (cx + 46, top + 40), (cx + 42, top + 8), (cx, top - 2)]
    return group([outlined(smooth_d(outline), "#FFFFFF", st, 1.8),
                  *ermine_spots(st, outline, step=14)])


def mantle_dress(st: Style, doc: Doc, cx: float, top: float, garb: Garb) -> str:
    """A knee-length tunic with hose below and an ermine cape (the Catalan king)."""
    return group([
        legs(st, cx, 360, 452, garb.hose, 0),
        tunic(st, doc, cx, top, 372, garb, 22),
        ermine_cape(st, cx, top),
    ])


def cape(st: Style, doc: Doc, cx: float, top: float, hem: float, colour: str,
         width: float) -> str:
    """A cloak hanging behind the body, with a few folds."""
    d = (f"M{num(cx - 30)} {num(top)}C{num(cx - width)} {num(top + 60)} {num(cx - width - 8)}"
         f" {num(hem - 40)} {num(cx - width)} {num(hem)}Q{num(cx - width / 2)} {num(hem + 8)} "
         f"{num(cx)} {num(hem)}Q{num(cx + width / 2)} {num(hem + 8)} {num(cx + width)} "
         f"{num(hem)}C{num(cx + width + 8)} {num(hem - 40)} {num(cx + width)} {num(top + 60)} "
         f"{num(cx + 30)} {num(top)}Z")
    folds = [path(f"M{num(cx + s * (width - 10))} {num(top + 90)}Q{num(cx + s * (width - 4))}"
                  f" {num(hem - 60)} {num(cx + s * (width - 8))} {num(hem - 4)}",
                  stroke=darker(colour, 0.35), stroke_width=1.6) for s in (-1, 1)]
    return group([outlined(d, fabric(doc, colour), st), *folds])


# -- the figures --------------------------------------------------------------------------

def rest_arm(st: Style, cx: float, top: float, colour: str) -> str:
    """The free arm, hand on the hip."""
    shoulder, elbow, at = (cx - 32, top + 14), (cx - 52, top + 58), (cx - 30, top + 86)
    return group([limb(st, [shoulder, elbow, at], colour, 17), hand(st, at)])


def sceptre_arm(st: Style, doc: Doc, cx: float, top: float, colour: str) -> str:
    """The free arm holding a sceptre upright."""
    shoulder, elbow, at = (cx - 32, top + 14), (cx - 56, top + 60), (cx - 56, top + 100)
    rod = f"M{num(at[0])} {num(at[1] - 110)}V{num(at[1] + 40)}"
    return group([
        limb(st, [shoulder, elbow, at], colour, 17),
        path(rod, stroke=st.ink, stroke_width=7, stroke_linecap="round"),
        path(rod, stroke=st.gold, stroke_width=3.6, stroke_linecap="round"),
        circle(at[0], at[1] - 116, 8, fill=gold(st, doc), stroke=st.ink, stroke_width=1.6),
        circle(at[0], at[1] - 128, 3.4, fill=st.red, stroke=st.ink, stroke_width=1.0),
        hand(st, at),
    ])


PAGE_HOLDS = {
    "O": Hold((216, 204), (214, 246), 72),
    "C": Hold((216, 206), (214, 248), 88),
    "E": Hold((214, 262), (216, 216), 250, 186),
    "B": Hold((214, 262), (216, 216), 250, 6),
}
KING_HOLDS = {
    "O": Hold((220, 206), (218, 250), 74),
    "C": Hold((220, 210), (218, 252), 90),
    "E": Hold((220, 268), (222, 222), 262, 184),
    "B": Hold((220, 268), (222, 222), 262, 10),
}


def holding_arm(st: Style, doc: Doc, suit: str, hold: Hold, shoulder: Point,
                colour: str) -> tuple[str, str]:
    """The arm holding the symbol and the symbol in its hand (drawn over the arm)."""
    arm = limb(st, [shoulder, hold.elbow, hold.hand], colour, 17)
    return arm, group([symbol(st, doc, suit, hold), hand(st, hold.hand, 8)])


def sota(st: Style, doc: Doc, suit: str) -> str:
    garb, cx, top = st.garbs[suit], 150.0, 146.0
    arm, item = holding_arm(st, doc, suit, PAGE_HOLDS[suit], (cx + 32, top + 14), garb.main)
    i = "OCEB".index(suit)
    return group([
        cape(st, doc, cx, top + 4, 336, garb.second, 54),
        legs(st, cx, 296, 454, garb.hose, (0, 1, 2, 1)[i]),
        breeches(st, doc, cx, 292, garb.second, garb.trim),
        tunic(st, doc, cx, top, 306, garb, 14),
        rest_arm(st, cx, top, garb.main),
        arm, item,
        head(st, doc, cx, 112, st.hair[i], "page", garb),
    ])


def rey(st: Style, doc: Doc, suit: str) -> str:
    garb, cx, top = st.garbs[suit], 150.0, 152.0
    arm, item = holding_arm(st, doc, suit, KING_HOLDS[suit], (cx + 34, top + 14), garb.second)
    if st.king_dress == "robe":
        feet = [shoe(st, cx + dx, 458, 1 if dx > 0 else -1) for dx in (-18.0, 18.0)]
        dress = group([*feet, robe(st, doc, cx, top, 450, garb)])
    else:
        dress = mantle_dress(st, doc, cx, top, garb)
    free = (sceptre_arm(st, doc, cx, top, garb.second) if suit in st.sceptre
            else rest_arm(st, cx, top, garb.second))
    return group([
        cape(st, doc, cx, top + 2, 446, garb.second, 66),
        dress, free, arm, item,
        head(st, doc, cx, 120, st.hair[("OCEB".index(suit) + 2) % 4], "king", garb,
             bearded=suit in st.bearded),
    ])


# -- the horse and its rider (drawn facing left; mirrored to face right) -------------------

def hp(x: float, y: float) -> Point:
    """A point of the horse's head, drawn a little larger than the sketch it was laid out on
    (scaled about the throat)."""
    return 100 + (x - 100) * 1.2, 172 + (y - 172) * 1.2


HORSE_BODY: list[Point] = [
    hp(96, 128), (118, 140), (142, 164), (162, 192), (186, 210), (214, 226), (240, 246),
    (260, 270), (270, 298), (266, 326), (252, 346), (230, 352), (204, 336), (178, 314),
    (150, 294), (128, 276), (114, 256), (108, 234), (104, 212), (98, 192), hp(90, 180),
    hp(76, 182), hp(60, 185), hp(48, 179), hp(45, 166), hp(54, 154), hp(68, 142), hp(82, 130),
]


def horse(st: Style, doc: Doc, colour: str, mane: str, cloth: Garb | None) -> str:
    """A horse rearing to the left: hind legs on the ground, forelegs raised and folded."""
    far = darker(colour, 0.18)
    hoof = darker(st.ink, 0.0)
    parts = [
        tapered(st, [(224, 322), (236, 388), (214, 432), (208, 446)], (28, 16, 12), far),
        polygon([(200, 444), (218, 444), (220, 454), (198, 454)], fill=hoof),
        tapered(st, [(142, 274), (122, 304), (102, 318), (112, 344), (114, 352)],
                (24, 16, 12, 12), far),
        outlined(smooth_d([(262, 286), (286, 306), (296, 340), (290, 382), (276, 396),
                           (278, 362), (270, 334), (256, 318)]), mane, st, 1.8),
        outlined(smooth_d(HORSE_BODY, tension=0.9), fabric(doc, colour), st),
        outlined(smooth_d([hp(90, 132), hp(84, 108), hp(98, 126)]), colour, st, 1.6),
        outlined(smooth_d([hp(98, 130), hp(100, 106), hp(106, 132)]), colour, st, 1.6),
        outlined(smooth_d([hp(92, 128), (118, 134), (146, 156), (168, 188), (160, 196),
                           (138, 172), (112, 150), (96, 142)]), mane, st, 1.4),
        tapered(st, [(244, 318), (258, 388), (240, 434), (234, 448)], (30, 17, 12), colour),
        polygon([(226, 446), (244, 446), (246, 456), (224, 456)], fill=hoof),
        tapered(st, [(128, 262), (110, 286), (90, 294), (96, 322), (100, 334)],
                (24, 16, 12, 12), colour),
        circle(*hp(72, 148), 3.4, fill=st.ink),
        path(f"M{num(hp(65, 142)[0])} {num(hp(65, 142)[1])}q7 -5 14 0", stroke=st.ink,
             stroke_width=1.4),
        ellipse(*hp(52, 165), 2.6, 3.4, fill=st.ink),
        path(poly_d([hp(47, 175), hp(55, 177), hp(62, 174)], closed=False), stroke=st.ink,
             stroke_width=1.4),
    ]
    if cloth is not None:
        parts.append(caparison(st, doc, cloth))
    parts += [
        path(poly_d([hp(84, 132), hp(58, 174), hp(84, 168), hp(104, 138)], closed=False),
             stroke=st.red, stroke_width=3, stroke_linejoin="round"),
        circle(*hp(84, 168), 3, fill=st.gold, stroke=st.ink, stroke_width=1),
    ]
    return group(parts)


def caparison(st: Style, doc: Doc, cloth: Garb) -> str:
    """A cloth over the horse's back, hanging to a scalloped hem below the belly line."""
    top = [(150, 178), (186, 208), (214, 226), (240, 246), (258, 268)]
    hem = []
    for i in range(7):
        t = i / 6
        hem.append((262 - 116 * t, 312 - 88 * t + (6 if i % 2 else 0)))
    outline = top + hem
    return group([outlined(smooth_d(outline, tension=0.6), fabric(doc, cloth.second), st),
                  *brocade(st, outline, lighter(cloth.second, 0.4), step=14),
                  path(poly_d(hem, closed=False), stroke=cloth.trim, stroke_width=4)])


RIDER_HOLDS = {
    # Raised behind (the horse facing left) or in front (the horse facing right, mirrored).
    ("O", "back"): Hold((244, 150), (240, 186), 60),
    ("C", "back"): Hold((244, 154), (240, 188), 74),
    ("E", "back"): Hold((236, 176), (246, 202), 165, 190),
    ("B", "back"): Hold((238, 180), (246, 204), 180, 10),
    ("O", "front"): Hold((152, 120), (160, 152), 60),
    ("C", "front"): Hold((152, 122), (160, 154), 74),
    ("E", "front"): Hold((150, 140), (162, 166), 170, 130),
    ("B", "front"): Hold((156, 150), (166, 172), 180, -30),
}


def rider(st: Style, doc: Doc, suit: str, garb: Garb, way: str) -> str:
    body = [(176, 152), (212, 150), (220, 196), (216, 230), (178, 232), (172, 196)]
    saddle = smooth_d([(164, 222), (182, 214), (212, 214), (230, 232), (222, 254), (168, 250)])
    hold = RIDER_HOLDS[suit, way]
    shoulder = (208, 160) if way == "back" else (180, 160)
    arm, item = holding_arm(st, doc, suit, hold, shoulder, garb.main)
    reins_hand = (166, 206)
    rein_shoulder = (180, 160) if way == "back" else (206, 162)
    return group([
        outlined(saddle, darker(garb.second, 0.2), st),
        outlined(smooth_d(body, tension=0.6), fabric(doc, garb.main), st),
        *brocade(st, body, lighter(garb.main, 0.35), step=13),
        path("M194 152V230", stroke=garb.second, stroke_width=9),
        outlined("M172 222H220V231H172Z", darker(garb.second, 0.5), st, 1.0),
        limb(st, [(190, 230), (158, 250), (166, 306)], garb.hose, 16),
        outlined("M156 300h22c7 2 10 6 10 11h-32z", st.ink, st, 1.2),
        path("M160 312h30", stroke=st.gold, stroke_width=2.4),
        limb(st, [rein_shoulder, (168, 188), reins_hand], garb.main, 15),
        path(poly_d([reins_hand, (120, 176), hp(84, 168)], closed=False), stroke=st.red,
             stroke_width=2.4),
        hand(st, reins_hand, 7),
        arm, item,
        head(st, doc, 194, 118, st.hair["OCEB".index(suit)], "rider", garb),
    ])


def caballo(st: Style, doc: Doc, suit: str) -> str:
    garb = st.garbs[suit]
    left = suit in st.horse_left
    mane = st.hair[("OCEB".index(suit) + 1) % 4]
    scene = group([
        horse(st, doc, st.horse[suit], mane, garb if st.caparison else None),
        rider(st, doc, suit, garb, "back" if left else "front"),
    ])
    if not left:
        scene = group([scene], transform=f"translate({num(W)} 0) scale(-1 1)")
    # A little smaller than the page and king, clear of the corner indices.
    return place([scene], 11.2, 26.0, 0.88)


FIGURES = {10: sota, 11: caballo, 12: rey}
