"""Cards, decks, notation, and the strength and point tables of the Spanish games.

A card is a small int, ``suit * 12 + rank - 1`` (0..47), and a set of cards is an int
bitmask over those 48 bits, so hands, legal-card sets and suit filters are single integer
operations on the engine's hot paths.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from tute.echo import shown

SUITS: Final = "OCEB"
"""Suit letters in index order: oros, copas, espadas, bastos."""

SUIT_NAMES_ES = ("oros", "copas", "espadas", "bastos")
SUIT_NAMES_EN = ("coins", "cups", "swords", "clubs")

RANK_NAMES_ES = {1: "as", 2: "dos", 3: "tres", 4: "cuatro", 5: "cinco", 6: "seis",
                 7: "siete", 8: "ocho", 9: "nueve", 10: "sota", 11: "caballo", 12: "rey"}



def rank_plural_es(rank: int) -> str:
    """The Spanish plural of a rank's name ("reyes", "sotas", "ases"), for the engine's
    messages, which name cards in the Spanish card players' words."""
    name = RANK_NAMES_ES[rank]
    return name + ("s" if name[-1] in "aeiou" else "es")


SOTA: Final = 10
CABALLO: Final = 11
REY: Final = 12


def card(rank: int, suit: int) -> int:
    """The card of ``rank`` (1..12) in suit index ``suit`` (0..3)."""
    return suit * 12 + rank - 1


def suit_of(c: int) -> int:
    return c // 12


def rank_of(c: int) -> int:
    return c % 12 + 1


def card_text(c: int) -> str:
    """Notation of a card: rank then suit letter, ``12B`` for the rey de bastos."""
    return f"{c % 12 + 1}{SUITS[c // 12]}"


def parse_card(text: str) -> int:
    """Parse card notation such as ``1O`` or ``12b``; ValueError says what is wrong."""
    t = text.strip().upper()
    if len(t) < 2 or t[-1] not in SUITS or not (t[:-1].isascii() and t[:-1].isdigit()):
        raise ValueError(f"'{shown(text)}' is not a card (write rank then suit, like 1O or 12B)")
    rank = int(t[:-1])
    if not 1 <= rank <= 12:
        raise ValueError(f"'{shown(text)}' is not a card: rank must be 1 to 12")
    return card(rank, SUITS.index(t[-1]))


def parse_suit(text: str) -> int:
    t = text.strip().upper()
    if len(t) != 1 or t not in SUITS:
        raise ValueError(f"'{shown(text)}' is not a suit (O, C, E or B)")
    return SUITS.index(t)


def bit(c: int) -> int:
    return 1 << c


_CHUNK_CARDS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(suit * 12 + i for i in range(12) if chunk >> i & 1) for chunk in range(4096))
    for suit in range(4)
)


def cards_of(mask: int) -> list[int]:
    """The cards of a bitmask, lowest id first (a table lookup per suit: a hot path)."""
    out: list[int] = []
    suit = 0
    while mask:
        chunk = mask & 0xFFF
        if chunk:
            out += _CHUNK_CARDS[suit][chunk]
        mask >>= 12
        suit += 1
    return out


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def mask_text(mask: int) -> str:
    return " ".join(card_text(c) for c in cards_of(mask))


SUIT_MASK: Final = tuple(((1 << 12) - 1) << (12 * s) for s in range(4))
ALL_CARDS: Final = (1 << 48) - 1


def beats(c: int, winning: int, trump: int, strength: tuple[int, ...]) -> bool:
    """Whether ``c``, played to a trick that ``winning`` is winning, takes it over: a
    stronger card of the winning card's suit (the suit led, or trumps once a trump is
    winning), or any trump over a card of another suit. A card of any other suit loses.
    ``trump`` is the trump suit, or -1 when there are none; ``strength`` the game's order
    (``RankOrder.strength``). The one rule the engine, the computer players and the table
    use to tell which card wins a trick."""
    if c // 12 == winning // 12:
        return strength[c] > strength[winning]
    return c // 12 == trump


def _deck(ranks: Iterable[int]) -> int:
    rs = list(ranks)
    return mask_of(card(r, s) for s in range(4) for r in rs)


DECKS: dict[str, int] = {
    "spanish40": _deck([1, 2, 3, 4, 5, 6, 7, 10, 11, 12]),
    "spanish36": _deck([1, 3, 4, 5, 6, 7, 10, 11, 12]),
    "catalan48": _deck(range(1, 13)),
}


@dataclass(frozen=True)
class RankOrder:
    """How strong each card is within its suit and what it scores: a ruleset's ``order``
    and ``points`` (docs/rules.md §11), built once so that play reads tables.

    ``strength[c]`` is higher for stronger cards; ``beats[c]`` is the mask of the cards of
    the same suit that beat ``c``; ``points[c]`` is the card's point value; ``ranks`` the
    ranks from high to low, as the file gave them.
    """

    name: str
    strength: tuple[int, ...]
    points: tuple[int, ...]
    beats: tuple[int, ...]
    ranks: tuple[int, ...] = ()

    @classmethod
    def build(cls, name: str, high_to_low: Iterable[int], points: Mapping[int, int]
              ) -> RankOrder:
        ranks = tuple(high_to_low)
        strength = [0] * 48
        for s in range(4):
            for i, r in enumerate(ranks):
                strength[card(r, s)] = len(ranks) - i
        beats = [
            mask_of(d for d in range(48) if d // 12 == c // 12 and strength[d] > strength[c])
            for c in range(48)
        ]
        pts = [points.get(rank_of(c), 0) for c in range(48)]
        return cls(name, tuple(strength), tuple(pts), tuple(beats), ranks)

    def rank_points(self) -> dict[int, int]:
        """The points by rank, ranks worth nothing left out (as a file writes them)."""
        return {r: self.points[card(r, 0)] for r in self.ranks if self.points[card(r, 0)]}


TUTE_POINTS: Final = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}
"""docs/rules.md §0's card points: a ruleset's ``points`` when it gives none."""

ORDERS: dict[str, RankOrder] = {
    "tute": RankOrder.build("tute", [1, 3, 12, 11, 10, 9, 8, 7, 6, 5, 4, 2], TUTE_POINTS),
    "butifarra": RankOrder.build(
        "butifarra", [9, 1, 12, 11, 10, 8, 7, 6, 5, 4, 3, 2], {9: 5, 1: 4, 12: 3, 11: 2, 10: 1}
    ),
}
"""The named orders a ruleset's ``order`` may give, each with its own points."""


def ranks_of(deck: int) -> tuple[int, ...]:
    """The ranks a deck holds (every deck holds the same ranks in each suit)."""
    return tuple(r for r in range(1, 13) if deck >> card(r, 0) & 1)
