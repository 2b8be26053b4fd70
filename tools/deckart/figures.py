"""The court cards: sota (a standing page), caballo (a rider on a rearing horse) and rey (a
crowned king, standing), each holding the symbol of the suit, dressed in the suit's colours.

Figures are built from small parts (head, hats, arms, legs, garments) placed in card
coordinates (320 x 500); the deck's ``Style`` gives colours and the symbol shapes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deckart.decks import Garb, Style
from deckart.suits import SYMBOL_SIZE, SYMBOLS
from deckart.svg import Doc, Point, circle, ellipse, group, num, path, place, poly_d

INK_W = 2.4


@dataclass(frozen=True)
class Hold:
    """Where a figure's hand holds its symbol: the hand, and the symbol's centre, height and
    angle."""

    hand: Point
    elbow: Point
    at: Point
    height: float
    angle: float = 0.0


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


def hand(st: Style, at: Point, r: float = 7.5) -> str:
    return circle(at[0], at[1], r, fill=st.skin, stroke=st.ink, stroke_width=1.8)


def symbol(st: Style, doc: Doc, suit: str, hold: Hold) -> str:
    scale = hold.height / SYMBOL_SIZE[suit]
    return place([SYMBOLS[suit](st, doc)], hold.at[0], hold.at[1], scale, hold.angle)


# -- heads --------------------------------------------------------------------------------

def face(st: Style, cx: float, cy: float, hair: str, beard: bool) -> list[str]:
    """An oval face with eyes, brows, nose and mouth; a beard for kings."""
    parts = [ellipse(cx, cy, 18, 22, fill=st.skin, stroke=st.ink, stroke_width=INK_W)]
    if beard:
        parts.append(outlined(
            f"M{num(cx - 18)} {num(cy - 2)}C{num(cx - 18)} {num(cy + 30)} {num(cx - 6)} "
            f"{num(cy + 42)} {num(cx)} {num(cy + 44)}C{num(cx + 6)} {num(cy + 42)} "
            f"{num(cx + 18)} {num(cy + 30)} {num(cx + 18)} {num(cy - 2)}C{num(cx + 12)} "
            f"{num(cy + 12)} {num(cx - 12)} {num(cy + 12)} {num(cx - 18)} {num(cy - 2)}Z",
            hair, st, 1.8))
        parts.append(path(f"M{num(cx - 9)} {num(cy + 9)}Q{num(cx)} {num(cy + 5)} "
                          f"{num(cx + 9)} {num(cy + 9)}", stroke=hair, stroke_width=4,
                          stroke_linecap="round"))
    parts += [
        path(f"M{num(cx - 12)} {num(cy - 7)}q5 -3 9 0M{num(cx + 3)} {num(cy - 7)}q5 -3 9 0",
             stroke=st.ink, stroke_width=1.6, stroke_linecap="round"),
        circle(cx - 7.5, cy - 2.5, 1.9, fill=st.ink),
        circle(cx + 7.5, cy - 2.5, 1.9, fill=st.ink),
        path(f"M{num(cx)} {num(cy - 3)}l-2.6 9h4", stroke=st.skin_shade, stroke_width=1.6,
             stroke_linecap="round", stroke_linejoin="round"),
        path(f"M{num(cx - 4.5)} {num(cy + 12)}q4.5 2.6 9 0", stroke=st.red, stroke_width=2.2,
             stroke_linecap="round"),
        circle(cx - 11, cy + 6, 3.4, fill=st.skin_shade, fill_opacity="0.45"),
        circle(cx + 11, cy + 6, 3.4, fill=st.skin_shade, fill_opacity="0.45"),
    ]
    return parts


def hair_back(st: Style, cx: float, cy: float, hair: str, long: bool) -> str:
    """Hair behind the face: a bob for pages, longer locks for kings and riders."""
    drop = 30 if long else 14
    d = (f"M{num(cx - 21)} {num(cy + drop)}C{num(cx - 28)} {num(cy - 10)} {num(cx - 20)} "
         f"{num(cy - 30)} {num(cx)} {num(cy - 30)}C{num(cx + 20)} {num(cy - 30)} "
         f"{num(cx + 28)} {num(cy - 10)} {num(cx + 21)} {num(cy + drop)}Z")
    return outlined(d, hair, st, 1.8)


def fringe(st: Style, cx: float, cy: float, hair: str) -> str:
    d = (f"M{num(cx - 18)} {num(cy - 4)}C{num(cx - 16)} {num(cy - 22)} {num(cx + 16)} "
         f"{num(cy - 22)} {num(cx + 18)} {num(cy - 4)}C{num(cx + 10)} {num(cy - 12)} "
         f"{num(cx - 10)} {num(cy - 12)} {num(cx - 18)} {num(cy - 4)}Z")
    return outlined(d, hair, st, 1.4)


def crown(st: Style, doc: Doc, cx: float, base: float, w: float = 44.0) -> str:
    """A gold crown with five points and red and blue stones; ``base`` is its lower edge."""
    from deckart.suits import gold
    g = gold(st, doc)
    half = w / 2
    tips = [(cx - half + i * w / 4, base - (34 if i % 2 == 0 else 24)) for i in range(5)]
    pts = [(cx - half, base), (cx - half - 2, base - 14)]
    for i, tip in enumerate(tips):
        pts.append(tip)
        if i < 4:
            pts.append((cx - half + (i + 0.5) * w / 4, base - 14))
    pts += [(cx + half + 2, base - 14), (cx + half, base)]
    parts = [outlined(poly_d(pts), g, st, 2.0)]
    parts += [circle(x, y, 3.2, fill=st.gold_light, stroke=st.ink, stroke_width=1.2)
              for x, y in tips]
    parts.append(outlined(f"M{num(cx - half - 2)} {num(base - 9)}H{num(cx + half + 2)}"
                          f"V{num(base + 1)}H{num(cx - half - 2)}Z", g, st, 1.8))
    parts += [ellipse(cx + dx, base - 4, 3.6, 3, fill=c, stroke=st.ink, stroke_width=1)
              for dx, c in ((-13, st.blue), (0, st.red), (13, st.green))]
    return group(parts)


def cap(st: Style, cx: float, cy: float, garb: Garb, plume: str) -> str:
    """A page's flat cap, worn at a slant, with a plume."""
    return group([
        path(f"M{num(cx + 4)} {num(cy - 26)}C{num(cx + 26)} {num(cy - 58)} {num(cx + 46)} "
             f"{num(cy - 50)} {num(cx + 50)} {num(cy - 36)}C{num(cx + 36)} {num(cy - 42)} "
             f"{num(cx + 20)} {num(cy - 34)} {num(cx + 10)} {num(cy - 20)}Z", fill=plume,
             stroke=st.ink, stroke_width=1.6),
        outlined(f"M{num(cx - 28)} {num(cy - 16)}C{num(cx - 30)} {num(cy - 40)} "
                 f"{num(cx + 24)} {num(cy - 46)} {num(cx + 30)} {num(cy - 22)}C{num(cx + 12)}"
                 f" {num(cy - 26)} {num(cx - 12)} {num(cy - 24)} {num(cx - 28)} "
                 f"{num(cy - 16)}Z", garb.hat, st, 2.0),
        outlined(f"M{num(cx - 29)} {num(cy - 17)}C{num(cx - 10)} {num(cy - 27)} "
                 f"{num(cx + 14)} {num(cy - 28)} {num(cx + 31)} {num(cy - 23)}L{num(cx + 31)} "
                 f"{num(cy - 17)}C{num(cx + 14)} {num(cy - 22)} {num(cx - 10)} "
                 f"{num(cy - 20)} {num(cx - 27)} {num(cy - 10)}Z", garb.trim, st, 1.4),
    ])


def head(st: Style, doc: Doc, cx: float, cy: float, hair: str, kind: str,
         garb: Garb) -> str:
    """A whole head: ``kind`` is "king" (crown, beard), "page" (cap) or "rider" (hat)."""
    parts = [hair_back(st, cx, cy, hair, long=kind != "page"),
             *face(st, cx, cy, hair, beard=kind == "king"), fringe(st, cx, cy, hair)]
    if kind == "king":
        parts.append(crown(st, doc, cx, cy - 16))
    else:
        parts.append(cap(st, cx, cy, garb, st.gold if kind == "page" else st.red))
    return group(parts)


# -- bodies -------------------------------------------------------------------------------

def legs(st: Style, cx: float, hip: float, foot: float, hose: str, spread: float = 14) -> str:
    """Two legs in hose from the hips to the shoes."""
    parts = []
    for side in (-1, 1):
        x = cx + side * spread
        parts.append(limb(st, [(x, hip), (x + side * 3, foot - 12)], hose, 15))
        parts.append(outlined(f"M{num(x + side * 3 - 9)} {num(foot - 12)}h18"
                              f"c{num(side * 8)} 2 {num(side * 12)} 8 {num(side * 12)} 12"
                              f"h-30z", st.ink, st, 1.2))
    return group(parts)


def tunic(st: Style, cx: float, top: float, hem: float, garb: Garb, flare: float) -> str:
    """A doublet from the shoulders to ``hem``, with a belt and a trimmed collar."""
    sh = 34.0
    body = poly_d([(cx - sh, top + 6), (cx - sh - 2, top + 60), (cx - sh - flare, hem),
                   (cx + sh + flare, hem), (cx + sh + 2, top + 60), (cx + sh, top + 6),
                   (cx + 10, top), (cx - 10, top)])
    belt = top + 70
    return group([
        outlined(body, garb.main, st),
        path(f"M{num(cx - sh - flare + 2)} {num(hem - 8)}H{num(cx + sh + flare - 2)}",
             stroke=garb.trim, stroke_width=7),
        path(f"M{num(cx)} {num(top + 4)}V{num(hem - 2)}", stroke=garb.second,
             stroke_width=10),
        outlined(f"M{num(cx - sh - 2)} {num(belt)}H{num(cx + sh + 2)}V{num(belt + 9)}"
                 f"H{num(cx - sh - 2)}Z", st.ink, st, 1.0),
        outlined(f"M{num(cx - 6)} {num(belt - 1)}h12v11h-12z", st.gold, st, 1.2),
        outlined(f"M{num(cx - 16)} {num(top + 2)}Q{num(cx)} {num(top + 20)} {num(cx + 16)} "
                 f"{num(top + 2)}Q{num(cx)} {num(top + 8)} {num(cx - 16)} {num(top + 2)}Z",
                 garb.trim, st, 1.4),
    ])


def robe(st: Style, cx: float, top: float, hem: float, garb: Garb) -> str:
    """A king's long robe with an ermine-trimmed front and collar."""
    body = poly_d([(cx - 36, top + 6), (cx - 40, top + 70), (cx - 58, hem), (cx + 58, hem),
                   (cx + 40, top + 70), (cx + 36, top + 6), (cx + 10, top), (cx - 10, top)])
    front = poly_d([(cx - 9, top + 10), (cx - 16, hem), (cx + 16, hem), (cx + 9, top + 10)])
    spots = [path(f"M{num(cx + dx)} {num(y)}v5", stroke=st.ink, stroke_width=2.2,
                  stroke_linecap="round")
             for y in range(round(top + 40), round(hem - 10), 34)
             for dx in ((-5.0, 5.0) if (y // 34) % 2 else (0.0,))]
    return group([
        outlined(body, garb.main, st),
        outlined(front, "#FFFFFF", st, 1.6),
        *spots,
        path(f"M{num(cx - 56)} {num(hem - 7)}H{num(cx + 56)}", stroke=garb.trim,
             stroke_width=8),
        outlined(f"M{num(cx - 38)} {num(top + 10)}C{num(cx - 24)} {num(top + 30)} "
                 f"{num(cx + 24)} {num(top + 30)} {num(cx + 38)} {num(top + 10)}"
                 f"C{num(cx + 24)} {num(top - 4)} {num(cx - 24)} {num(top - 4)} "
                 f"{num(cx - 38)} {num(top + 10)}Z", "#FFFFFF", st, 1.6),
        *[circle(cx + dx, top + 12, 1.8, fill=st.ink) for dx in (-24, -8, 8, 24)],
    ])


def cape(st: Style, cx: float, top: float, hem: float, colour: str, width: float) -> str:
    """A cloak hanging behind the body."""
    d = (f"M{num(cx - 30)} {num(top)}C{num(cx - width)} {num(top + 60)} {num(cx - width - 8)}"
         f" {num(hem - 40)} {num(cx - width)} {num(hem)}L{num(cx + width)} {num(hem)}"
         f"C{num(cx + width + 8)} {num(hem - 40)} {num(cx + width)} {num(top + 60)} "
         f"{num(cx + 30)} {num(top)}Z")
    return outlined(d, colour, st)


# -- the three figures --------------------------------------------------------------------

def holds(suit: str, who: str) -> Hold:
    """How each figure holds each symbol."""
    if who == "rider":
        return {
            "O": Hold((236, 150), (226, 186), (250, 112), 62),
            "C": Hold((236, 150), (226, 186), (244, 108), 74),
            "E": Hold((236, 156), (226, 190), (262, 36), 230, 200),
            "B": Hold((236, 156), (226, 190), (258, 40), 230, 10),
        }[suit]
    return {
        "O": Hold((218, 196), (212, 238), (232, 150), 72),
        "C": Hold((218, 196), (212, 238), (226, 148), 86),
        "E": Hold((222, 250), (212, 270), (246, 140), 250, 190),
        "B": Hold((222, 250), (212, 270), (236, 140), 250, 8),
    }[suit]


def rest_arm(st: Style, cx: float, top: float, colour: str) -> str:
    """The free arm, hand on the hip."""
    shoulder, elbow, at = (cx - 32, top + 14), (cx - 52, top + 58), (cx - 30, top + 86)
    return group([limb(st, [shoulder, elbow, at], colour, 17), hand(st, at)])


def holding_arm(st: Style, doc: Doc, suit: str, hold: Hold, shoulder: Point,
                colour: str) -> tuple[str, str]:
    """The arm holding the symbol, as (arm, symbol-and-hand) so the symbol can be drawn
    over or under the body as the pose needs."""
    arm = limb(st, [shoulder, hold.elbow, hold.hand], colour, 17)
    return arm, group([symbol(st, doc, suit, hold), hand(st, hold.hand, 8)])


def sota(st: Style, doc: Doc, suit: str) -> str:
    garb, cx, top = st.garbs[suit], 150.0, 142.0
    hold = holds(suit, "page")
    arm, held = holding_arm(st, doc, suit, hold, (cx + 32, top + 14), garb.main)
    return group([
        cape(st, cx, top + 4, 330, garb.second, 54),
        legs(st, cx, 296, 452, garb.hose),
        tunic(st, cx, top, 304, garb, 14),
        rest_arm(st, cx, top, garb.main),
        arm, held,
        head(st, doc, cx, 110, st.hair["OCEB".index(suit)], "page", garb),
    ])


def rey(st: Style, doc: Doc, suit: str) -> str:
    garb, cx, top = st.garbs[suit], 150.0, 150.0
    hold = holds(suit, "king")
    arm, held = holding_arm(st, doc, suit, hold, (cx + 34, top + 14), garb.second)
    feet = [outlined(f"M{num(cx + dx - 12)} 456h24c4 0 6 -4 4 -8h-28c-2 4 0 8 0 8z",
                     st.ink, st, 1.2) for dx in (-18, 18)]
    return group([
        cape(st, cx, top + 2, 446, garb.second, 66),
        *feet,
        robe(st, cx, top, 450, garb),
        rest_arm(st, cx, top, garb.second),
        arm, held,
        head(st, doc, cx, 118, st.hair[("OCEB".index(suit) + 2) % 4], "king", garb),
    ])


def horse(st: Style, colour: str, mane: str) -> str:
    """A horse rearing to the left: hind legs on the ground, forelegs raised."""
    body = ("M108 236C120 214 150 214 178 232C206 250 240 262 258 290C272 314 266 344 246 352"
            "C224 360 196 340 176 322C150 300 118 290 104 272C98 262 100 248 108 236Z")
    neck = "M104 250C96 224 92 196 96 172L128 166C132 196 140 220 150 236Z"
    headd = ("M96 176C84 166 70 160 58 168C48 176 40 190 46 198C52 204 62 198 72 196"
             "C84 194 94 194 104 192C118 188 128 178 126 166C122 154 108 158 96 176Z")
    parts = [
        limb(st, [(226, 330), (236, 394), (218, 438)], colour, 20),
        outlined("M210 434h22l4 12h-28z", st.ink, st, 1.2),
        limb(st, [(252, 328), (262, 392), (252, 440)], colour, 20),
        outlined("M244 436h22l4 12h-28z", st.ink, st, 1.2),
        outlined("M260 300C290 310 300 360 286 410C278 390 274 350 252 330Z", mane, st, 1.8),
        outlined(body, colour, st),
        limb(st, [(124, 262), (92, 280), (74, 312)], colour, 17),
        limb(st, [(140, 266), (110, 300), (94, 334)], colour, 17),
        outlined(neck, colour, st),
        outlined(headd, colour, st),
        outlined("M96 168C100 150 118 146 124 156C118 160 110 166 104 172Z", colour, st, 1.6),
        outlined("M98 170C108 178 126 206 140 230L146 226C134 202 122 180 112 164Z",
                 mane, st, 1.4),
        circle(90, 176, 2.4, fill=st.ink),
        path("M52 186q4 -2 6 1", stroke=st.ink, stroke_width=1.6),
        path("M64 196C84 198 104 190 118 200M118 200L176 236", stroke=st.red,
             stroke_width=3.2, stroke_linecap="round"),
    ]
    return group(parts)


def caballo(st: Style, doc: Doc, suit: str) -> str:
    garb = st.garbs[suit]
    hold = holds(suit, "rider")
    body_top = (200.0, 150.0)
    arm, held = holding_arm(st, doc, suit, hold, (body_top[0] + 22, body_top[1] + 12),
                            garb.main)
    saddle = outlined("M160 226C176 214 210 216 226 232L218 262C200 252 178 250 164 256Z",
                      garb.second, st)
    rider = group([
        outlined("M176 150C168 180 168 214 172 240L228 244C232 214 230 178 222 150"
                 "C210 142 188 142 176 150Z", garb.main, st),
        path("M199 150V240", stroke=garb.second, stroke_width=8),
        outlined("M170 226H230V236H170Z", st.ink, st, 1.0),
        limb(st, [(186, 238), (158, 262), (170, 318)], garb.hose, 16),
        outlined("M160 314h22c6 2 8 6 8 10h-30z", st.ink, st, 1.2),
        limb(st, [(180, 156), (160, 196), (150, 214)], garb.main, 15),
        hand(st, (150, 214), 7),
    ])
    return group([
        horse(st, st.horse[suit], st.hair[(("OCEB".index(suit)) + 1) % 4]),
        saddle,
        path("M150 214L128 186", stroke=st.red, stroke_width=2.4, stroke_linecap="round"),
        rider, arm, held,
        head(st, doc, 200, 118, st.hair["OCEB".index(suit)], "rider", garb),
    ])


FIGURES = {10: sota, 11: caballo, 12: rey}
