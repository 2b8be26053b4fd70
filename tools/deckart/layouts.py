"""Where the suit symbols go on the number cards (2 to 9, and the aces), as on the Spanish
deck: coins and cups in columns, swords and clubs crossed in a lattice."""

from __future__ import annotations

import math
from dataclasses import dataclass

W, H = 320.0, 500.0
CX, CY = W / 2, H / 2


@dataclass(frozen=True)
class Pip:
    x: float
    y: float
    height: float  # the symbol's drawn height
    angle: float = 0.0
    width: float = 1.0  # narrower when many symbols share the card


def column_layout(rank: int) -> list[tuple[float, float]]:
    """Positions of coins and cups for ``rank`` (2..9)."""
    left, right, mid = 110.0, 210.0, CX
    top, middle, bottom = 112.0, CY, 388.0
    table: dict[int, list[tuple[float, float]]] = {
        2: [(mid, 148), (mid, 352)],
        3: [(mid, top), (mid, middle), (mid, bottom)],
        4: [(left, 150), (right, 150), (left, 350), (right, 350)],
        5: [(left, 130), (right, 130), (mid, middle), (left, 370), (right, 370)],
        6: [(x, y) for y in (top, middle, bottom) for x in (left, right)],
        7: [(left, 106), (right, 106), (mid, 200), (left, 294), (right, 294), (left, 394),
            (right, 394)],
        8: [(92, top), (mid, top), (228, top), (120, middle), (200, middle),
            (92, bottom), (mid, bottom), (228, bottom)],
        9: [(x, y) for y in (top, middle, bottom) for x in (92, mid, 228)],
    }
    return table[rank]


def pip_height(suit: str, rank: int) -> float:
    """How big a coin or cup is drawn for ``rank``."""
    if suit == "O":
        return {2: 96, 3: 88, 4: 90, 5: 84, 6: 80, 7: 78, 8: 62, 9: 62}[rank]
    return {2: 112, 3: 100, 4: 104, 5: 96, 6: 94, 7: 82, 8: 84, 9: 84}[rank]


LATTICE: dict[int, tuple[tuple[float, ...], float, float]] = {
    # diagonals: (hilt x of those leaning one way, their run across, half height)
    1: ((90.0,), 140.0, 150.0),
    2: ((88.0, 136.0), 112.0, 146.0),
    3: ((80.0, 116.0, 152.0), 96.0, 144.0),
}
SLIM: dict[str, dict[int, float]] = {
    "E": {1: 1.0, 2: 0.78, 3: 0.62},
    "B": {1: 1.0, 2: 0.84, 3: 0.7},
}
"""How narrow swords and clubs are drawn for each count of crossed pairs: the more there
are, the slimmer, so that neighbouring hilts (36 units apart for three pairs) stay apart
and can be counted."""
DIAGONALS = {2: 1, 3: 1, 4: 2, 5: 2, 6: 3, 7: 3, 8: 3, 9: 3}
"""Crossed pairs for each rank; odd ranks add one upright in the middle, 8 and 9 two more
at the sides."""


def lattice(suit: str, rank: int) -> list[Pip]:
    """Swords or clubs (``suit`` E or B) for ``rank`` (2..9), hilts up: pairs leaning both
    ways cross in a trellis, with uprights in the middle (odd ranks) and at the sides (8
    and 9)."""
    hilts, run, half = LATTICE[DIAGONALS[rank]]
    width = SLIM[suit][DIAGONALS[rank]]
    tilt = math.degrees(math.atan2(run, 2 * half))
    length = 2 * math.hypot(run / 2, half)
    pips: list[Pip] = []
    if rank >= 8:
        pips += [Pip(x, CY + 4, 2 * half - 40, 0.0, width) for x in (62.0, W - 62.0)]
    for x in hilts:
        pips.append(Pip(x + run / 2, CY, length, -tilt, width))
        pips.append(Pip(W - x - run / 2, CY, length, tilt, width))
    if rank % 2:
        pips.append(Pip(CX, CY + 24, 2 * half - 44, 0.0, width))
    return pips


def ace_pip(suit: str) -> Pip:
    return {"O": Pip(CX, CY, 210.0), "C": Pip(CX, CY, 250.0), "E": Pip(CX, CY, 400.0, 0.0),
            "B": Pip(CX, CY, 400.0, 0.0)}[suit]


def pips(suit: str, rank: int) -> list[Pip]:
    """The symbols of a number card, in drawing order."""
    if rank == 1:
        return [ace_pip(suit)]
    if suit in "OC":
        h = pip_height(suit, rank)
        return [Pip(x, y, h) for x, y in column_layout(rank)]
    return lattice(suit, rank)
