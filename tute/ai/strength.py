"""How likely a card is to take a trick: the one measure the play policy and the
decisions before play (bids, trumps, discards) share."""

from __future__ import annotations


def power(c: int, out: int, trump: int, beats: tuple[int, ...]) -> float:
    """Chance that ``c`` wins a trick later if kept: high for master cards and trumps."""
    higher = (out & beats[c]).bit_count()
    base = 0.95 if c // 12 == trump else 0.55
    return float(base * 0.45 ** higher)
