"""Card art: loads the generated SVG decks (``assets/cards``) and rasterizes faces and backs
at any pixel height, cached per card and size.

The caller passes the size in real pixels, so cards stay crisp on high-DPI screens. Styles
are the folders of faces (``spanish``, ``catalan``); backs are ``assets/cards/backs/*.svg``.
Files come from ``tools/gen_deck.py``.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from tute.cards import card_text
from tute.resources import asset
from tute.ui.widgets.index import draw_index

ASPECT = 0.64
"""Width over height of every card."""


class Deck:
    """One deck style and one back, rasterized on demand."""

    STYLES: tuple[str, ...] = ("spanish", "catalan")
    BACKS: tuple[str, ...] = ("red", "blue", "green")
    aspect: float = ASPECT
    capacity: int = 400
    """Rasterized images kept; the oldest goes first."""

    def __init__(self, style: str | None = None, back: str | None = None,
                 index: float | None = None) -> None:
        """``index``: the faces get a large index legible without colour
        (``index.draw_index``) at this print scale; None: the deck's own."""
        self.style = style if style in self.STYLES else self.STYLES[0]
        self.back_name = back if back in self.BACKS else self.BACKS[0]
        self.index = index
        self._cache: dict[tuple[str, int, int | None], pygame.Surface] = {}

    @classmethod
    def styles(cls) -> list[str]:
        """Deck styles whose art is installed."""
        return [s for s in cls.STYLES if asset("cards", s).is_dir()]

    @classmethod
    def backs(cls) -> list[str]:
        """Card backs whose art is installed."""
        return [b for b in cls.BACKS if asset("cards", "backs", f"{b}.svg").is_file()]

    def width(self, height: int) -> int:
        """Pixel width of a card ``height`` pixels tall."""
        return max(1, round(height * self.aspect))

    def card_size(self, height: int) -> tuple[int, int]:
        """Pixel size ``(width, height)`` of every face and back rasterized at ``height``."""
        height = max(1, int(height))
        return self.width(height), height

    def face_path(self, card: int) -> Path:
        return asset("cards", self.style, f"{card_text(card)}.svg")

    def back_path(self) -> Path:
        return asset("cards", "backs", f"{self.back_name}.svg")

    def _raster(self, key: str, path: Path, height: int, card: int | None = None,
                reach: int | None = None) -> pygame.Surface:
        height = max(1, int(height))
        if self.index is None:
            reach = None  # the deck's own index: nothing to fit
        surface = self._cache.get((key, height, reach))
        if surface is None:
            surface = pygame.image.load_sized_svg(str(path), (self.width(height), height))
            if card is not None and self.index is not None:
                surface = draw_index(surface, card, self.index, reach)
            if pygame.display.get_surface() is not None:
                surface = surface.convert_alpha()
            if len(self._cache) >= self.capacity:
                del self._cache[next(iter(self._cache))]
            self._cache[key, height, reach] = surface
        return surface

    def face(self, card: int, height: int, reach: int | None = None) -> pygame.Surface:
        """Card ``card`` (0..47) at ``height`` pixels; the same surface for the same size.
        ``reach``: how far from its left edge the large index may go (a hand's strip)."""
        return self._raster(card_text(card), self.face_path(card), height, card, reach)

    def back(self, height: int) -> pygame.Surface:
        """The chosen back at ``height`` pixels."""
        return self._raster("back", self.back_path(), height)

    def clear(self) -> None:
        """Forget every rasterized image (a new screen scale, say)."""
        self._cache.clear()
