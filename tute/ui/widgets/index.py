"""Large card indices: the rank and the suit's letter in a white badge with a heavy edge over
a card's corner, legible without colour (a suit is told by its letter, not by its pips'
colour) and as large as the Settings' "Text and card size" asks, up to a share of the card.

The badge is drawn over the deck's own index, in the top left corner: the corner a fanned
hand leaves in sight. Where a hand's cards lie closer than the badge is wide, the badge is
drawn condensed to the strip each card shows (``reach``), its letters as tall as ever.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from tute.cards import SUITS
from tute.ui.widgets import theme

INDEX_INK = (0, 0, 0)
INDEX_PAPER = (255, 255, 255)
"""Black on white: the strongest contrast there is (21:1)."""
USUAL_SHARE = 0.15
"""The rank's height over the card's at the usual size (a little over the deck's own)."""
LARGEST_SHARE = 0.25
"""The rank's largest height over the card's: a two-digit rank then spans under half the
card's width, its picture still in sight."""


@dataclass(frozen=True)
class Badge:
    """A card's large index laid out: the badge's rect on the card, and its two lines."""

    rect: pygame.Rect
    rank: pygame.Surface
    suit: pygame.Surface
    edge: int
    pad: int


def index_height(card_height: int, scale: float) -> int:
    """The rank's pixel height on a card ``card_height`` tall at the print's ``scale``."""
    return max(6, round(card_height * min(USUAL_SHARE * scale, LARGEST_SHARE)))


def condensed(line: pygame.Surface, width: int) -> pygame.Surface:
    """``line`` no wider than ``width``: narrowed, as tall as it was."""
    if line.get_width() <= width:
        return line
    return pygame.transform.smoothscale(line, (max(1, width), line.get_height()))


def badge(card: int, card_height: int, scale: float, reach: int | None = None) -> Badge:
    """The large index of ``card`` on a card ``card_height`` tall; ``reach``: how far from
    the card's left edge it may go (the strip a hand's card shows), its lines condensed to
    fit where they would go further."""
    size = index_height(card_height, scale)
    rank = theme.font_px(size, True).render(str(card % 12 + 1), True, INDEX_INK)
    suit = theme.font_px(round(size * 0.8), True).render(SUITS[card // 12], True, INDEX_INK)
    edge = max(2, size // 9)
    pad = max(2, size // 6)
    left = round(card_height * 0.035)
    if reach is not None:
        room = reach - left - 2 * pad
        rank, suit = condensed(rank, room), condensed(suit, room)
    rect = pygame.Rect(left, round(card_height * 0.03),
                       max(rank.get_width(), suit.get_width()) + 2 * pad,
                       rank.get_height() + suit.get_height() - size // 5 + pad)
    return Badge(rect, rank, suit, edge, pad)


@lru_cache(maxsize=64)
def badge_reach(card_height: int, scale: float) -> int:
    """How far from a card's left edge the widest badge of the deck reaches (a two-digit
    rank's), at full width."""
    return max(badge(card, card_height, scale).rect.right for card in range(48))


def draw_index(face: pygame.Surface, card: int, scale: float,
               reach: int | None = None) -> pygame.Surface:
    """``face`` (the deck's picture of ``card``) with the large index over its top left
    corner, within ``reach`` of its left edge (``badge``); a new surface, the deck's own
    left untouched."""
    out = face.copy()
    mark = badge(card, face.get_height(), scale, reach)
    box, edge = mark.rect, mark.edge
    pygame.draw.rect(out, INDEX_PAPER, box, border_radius=mark.pad)
    pygame.draw.rect(out, INDEX_INK, box, edge, border_radius=mark.pad)
    out.blit(mark.rank, mark.rank.get_rect(midtop=(box.centerx, box.y + edge // 2)))
    out.blit(mark.suit, mark.suit.get_rect(midbottom=(box.centerx, box.bottom - edge)))
    return out
