"""The engine's small vocabulary: names for the ints and the closed sets of values."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

Score = int | Fraction
"""Points: whole numbers, or fractions when the desempate option adds halves, quarters..."""

PREVENT: Final = 0
PENALIZE: Final = 1
ACCUSE_MODE: Final = 2
"""The renuncio option's modes, as ints for the play kernel."""
RENUNCIO_MODES = {"prevent": PREVENT, "penalize": PENALIZE, "accuse": ACCUSE_MODE}

TWO_OF_OROS: Final = 1
FOUR_OF_OROS: Final = 3
OROS: Final = 0
NO_TRUMP: Final = -1
"""Trumps of a hand played without (Butifarra's butifarra), or not named yet."""
