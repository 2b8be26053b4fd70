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
        7: [(left, top), (right, top), (mid, 181), (left, middle), (right, middle),
            (left, bottom), (right, bottom)],
        8: [(96, top), (mid, top), (224, top), (118, middle), (202, middle),
            (96, bottom), (mid, bottom), (224, bottom)],
        9: [(x, y) for y in (top, middle, bottom) for x in (96, mid, 224)],
    }
    return table[rank]


def pip_height(suit: str, rank: int) -> float:
    """How big a coin or cup is drawn for ``rank``."""
    if suit == "O":
        return {2: 96, 3: 88, 4: 90, 5: 84, 6: 80, 7: 76, 8: 64, 9: 64}[rank]
    return {2: 112, 3: 100, 4: 104, 5: 96, 6: 94, 7: 88, 8: 82, 9: 82}[rank]


def lattice(rank: int) -> list[Pip]:
    """Swords or clubs for ``rank`` (2..9): ``d`` crossed pairs forming a lattice, and the
    rest upright between and beside them."""
    diagonals = {2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 2, 8: 3, 9: 3}[rank]
    uprights = rank - 2 * diagonals
    tilt = {1: 24.0, 2: 17.0, 3: 13.0}[diagonals]
    length = {1: 380.0, 2: 372.0, 3: 364.0}[diagonals]
    spread = {1: 0.0, 2: 44.0, 3: 44.0}[diagonals]
    pips: list[Pip] = []
    for i in range(diagonals):
        off = (i - (diagonals - 1) / 2) * spread * 2 / max(1, diagonals - 1) if diagonals > 1 \
            else 0.0
        off = off / math.cos(math.radians(tilt))
        pips.append(Pip(CX + off, CY, length, tilt))
        pips.append(Pip(CX - off, CY, length, -tilt))
    xs = {0: [], 1: [CX], 2: [68.0, 252.0], 3: [68.0, CX, 252.0]}[uprights]
    short = 300.0 if uprights != 1 else length
    for x in xs:
        pips.append(Pip(x, CY, short if x != CX else length * 0.98, 0.0))
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
    return lattice(rank)
