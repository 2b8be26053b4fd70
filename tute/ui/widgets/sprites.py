"""Card images as the table draws them: rotated, dimmed, lit and shadowed, cached by size.

The deck rasterizes faces and backs at a height; this module adds what the table needs on
top and keeps the results so a still table costs only blits.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Protocol

import pygame

from tute.ui.widgets import theme
from tute.ui.widgets.layout import Spot

HIDDEN = -1


class CardArt(Protocol):
    """What the table needs from the deck."""

    aspect: float
    index: float | None
    """The large index's print scale (None: the deck's own index)."""

    def face(self, card: int, height: int, reach: int | None = None) -> pygame.Surface: ...

    def back(self, height: int) -> pygame.Surface: ...


class CardImages:
    """Draws cards at spots; ``card`` None or HIDDEN draws the back."""

    def __init__(self, art: CardArt, capacity: int = 600) -> None:
        self.art = art
        self.capacity = capacity
        self._cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()

    @property
    def aspect(self) -> float:
        return self.art.aspect

    def clear(self) -> None:
        self._cache.clear()

    def _cached(self, key: tuple[object, ...], make: object) -> pygame.Surface:
        surface = self._cache.get(key)
        if surface is None:
            assert callable(make)
            surface = make()
            self._cache[key] = surface
            if len(self._cache) > self.capacity:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return surface

    def plain(self, card: int | None, height: int, reach: int | None = None) -> pygame.Surface:
        if card is None or card < 0:
            return self.art.back(height)
        return self.art.face(card, height, reach)

    def image(self, card: int | None, height: int, angle: float = 0.0, dim: bool = False,
              squeeze: float = 1.0, base: int | None = None,
              reach: int | None = None) -> pygame.Surface:
        """The card as drawn: turned by ``angle`` degrees, darkened when ``dim``, narrowed
        by ``squeeze`` (turning over). With ``base``, the deck's image at that height is
        scaled instead of rasterizing one at every height a moving card passes through.
        ``reach``: the large index kept within that much of the card's left edge."""
        face = -1 if card is None else card
        angle = round(angle) % 360
        squeeze = round(squeeze, 2)
        if base is not None:
            height = max(4, height - height % 4)
        shade = theme.CARD_DIMMED if dim else None

        def make() -> pygame.Surface:
            img = self.plain(face, height if base is None else base, reach)
            if base is not None and height != base:
                img = pygame.transform.smoothscale(
                    img, (max(1, round(img.get_width() * height / base)), height))
            if shade is not None:
                img = img.copy()
                img.fill(shade, special_flags=pygame.BLEND_RGB_MULT)
            if squeeze < 1.0:
                img = pygame.transform.smoothscale(
                    img, (max(1, round(img.get_width() * squeeze)), img.get_height()))
            if angle:
                img = pygame.transform.rotozoom(img, angle, 1.0)
            return img

        return self._cached(("card", face, height, angle, shade, squeeze, base, reach), make)

    def shadow(self, height: int, angle: float, squeeze: float = 1.0) -> pygame.Surface:
        angle = round(angle) % 360
        squeeze = round(squeeze, 2)

        def make() -> pygame.Surface:
            w = max(1, round(height * self.aspect * squeeze))
            pad = max(2, height // 14)
            base = pygame.Surface((w + 2 * pad, height + 2 * pad), pygame.SRCALPHA)
            pygame.draw.rect(base, (0, 0, 0, 95), base.get_rect().inflate(-pad, -pad),
                             border_radius=max(2, height // 14))
            small = pygame.transform.smoothscale(
                base, (max(1, base.get_width() // 4), max(1, base.get_height() // 4)))
            soft = pygame.transform.smoothscale(small, base.get_size())
            return pygame.transform.rotozoom(soft, angle, 1.0) if angle else soft

        return self._cached(("shadow", height, angle, squeeze), make)

    def glow(self, height: int, angle: float) -> pygame.Surface:
        """A warm outline behind a card that may be played."""
        angle = round(angle) % 360

        def make() -> pygame.Surface:
            w = round(height * self.aspect)
            pad = max(3, height // 22)
            surf = pygame.Surface((w + 2 * pad, height + 2 * pad), pygame.SRCALPHA)
            radius = max(3, height // 12)
            pygame.draw.rect(surf, (*theme.HIGHLIGHT, 110), surf.get_rect(),
                             border_radius=radius + pad)
            pygame.draw.rect(surf, (*theme.HIGHLIGHT, 230), surf.get_rect().inflate(
                -pad, -pad), max(2, pad // 2), border_radius=radius + pad // 2)
            return pygame.transform.rotozoom(surf, angle, 1.0) if angle else surf

        return self._cached(("glow", height, angle), make)

    def draw(self, surface: pygame.Surface, card: int | None, spot: Spot, height: int,
             dim: bool = False, glow: bool = False, squeeze: float = 1.0,
             lifted: bool = False, base: int | None = None,
             reach: int | None = None) -> pygame.Rect:
        """Draw a card centred on ``spot`` with its shadow; returns its bounding rect.
        ``reach``: the large index kept within that much of the card's left edge (the
        strip of it a fanned hand shows)."""
        x, y = round(spot.x), round(spot.y)
        if base is not None:
            height = max(4, height - height % 4)
        off = max(2, height // (16 if lifted else 40))
        shade = self.shadow(height, spot.angle, squeeze)
        surface.blit(shade, shade.get_rect(center=(x + off, y + off * 1.4)))
        if glow:
            light = self.glow(height, spot.angle)
            surface.blit(light, light.get_rect(center=(x, y)))
        img = self.image(card, height, spot.angle, dim, squeeze, base, reach)
        rect = img.get_rect(center=(x, y))
        surface.blit(img, rect)
        return rect
