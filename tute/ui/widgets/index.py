"""Large card indices: the rank and the suit's letter in a white badge with a heavy edge over
a card's corner, legible without colour (a suit is told by its letter, not by its pips'
colour) and as large as the Settings' "Text and card size" asks, up to a share of the card.

The badge is drawn over the deck's own index, in the top left corner: the corner a fanned
hand leaves in sight.
"""

from __future__ import annotations

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


def index_height(card_height: int, scale: float) -> int:
    """The rank's pixel height on a card ``card_height`` tall at the print's ``scale``."""
    return max(6, round(card_height * min(USUAL_SHARE * scale, LARGEST_SHARE)))


def draw_index(face: pygame.Surface, card: int, scale: float) -> pygame.Surface:
    """``face`` (the deck's picture of ``card``) with the large index over its top left
    corner; a new surface, the deck's own left untouched."""
    out = face.copy()
    h = face.get_height()
    size = index_height(h, scale)
    rank = theme.font_px(size, True).render(str(card % 12 + 1), True, INDEX_INK)
    suit = theme.font_px(round(size * 0.8), True).render(SUITS[card // 12], True, INDEX_INK)
    edge = max(2, size // 9)
    pad = max(2, size // 6)
    badge = pygame.Rect(0, 0, max(rank.get_width(), suit.get_width()) + 2 * pad,
                        rank.get_height() + suit.get_height() - size // 5 + pad)
    badge.topleft = (round(h * 0.035), round(h * 0.03))
    pygame.draw.rect(out, INDEX_PAPER, badge, border_radius=pad)
    pygame.draw.rect(out, INDEX_INK, badge, edge, border_radius=pad)
    out.blit(rank, rank.get_rect(midtop=(badge.centerx, badge.y + edge // 2)))
    out.blit(suit, suit.get_rect(midbottom=(badge.centerx, badge.bottom - edge)))
    return out
