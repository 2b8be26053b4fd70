"""The engine's small vocabulary: names for the ints and the closed sets of values."""

from __future__ import annotations

from fractions import Fraction

Score = int | Fraction
"""Points: whole numbers, or fractions when the desempate option adds halves, quarters..."""

PREVENT, PENALIZE, ACCUSE_MODE = 0, 1, 2
"""The renuncio option's modes, as ints for the play kernel."""
RENUNCIO_MODES = {"prevent": PREVENT, "penalize": PENALIZE, "accuse": ACCUSE_MODE}

TWO_OF_OROS = 1
FOUR_OF_OROS = 3
OROS = 0
NO_TRUMP = -1
"""Trumps of a hand played without (Butifarra's butifarra), or not named yet."""
