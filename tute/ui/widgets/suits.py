"""Small suit emblems (oros, copas, espadas, bastos) for badges and the trump panel."""

from __future__ import annotations

from functools import lru_cache

import pygame

from tute.ui.widgets import theme

_SS = 4
"""Drawn this many times larger, then smoothed down: cheap antialiasing."""


def _oros(s: pygame.Surface, z: int, color: tuple[int, int, int]) -> None:
    c = (z // 2, z // 2)
    pygame.draw.circle(s, (120, 84, 10), c, z * 0.46)
    pygame.draw.circle(s, color, c, z * 0.42)
    pygame.draw.circle(s, (150, 104, 20), c, z * 0.30, max(1, z // 24))
    pygame.draw.circle(s, (255, 236, 150), c, z * 0.12)


def _copas(s: pygame.Surface, z: int, color: tuple[int, int, int]) -> None:
    dark = (110, 24, 20)
    pygame.draw.ellipse(s, dark, (z * 0.14, z * 0.08, z * 0.72, z * 0.2))
    bowl = [(z * 0.14, z * 0.18), (z * 0.86, z * 0.18), (z * 0.72, z * 0.46),
            (z * 0.56, z * 0.56), (z * 0.44, z * 0.56), (z * 0.28, z * 0.46)]
    pygame.draw.polygon(s, color, bowl)
    pygame.draw.rect(s, color, (z * 0.45, z * 0.54, z * 0.1, z * 0.24))
    pygame.draw.ellipse(s, color, (z * 0.26, z * 0.74, z * 0.48, z * 0.16))
    pygame.draw.ellipse(s, (240, 190, 80), (z * 0.2, z * 0.1, z * 0.6, z * 0.12))


def _espadas(s: pygame.Surface, z: int, color: tuple[int, int, int]) -> None:
    blade = [(z * 0.5, z * 0.96), (z * 0.43, z * 0.8), (z * 0.44, z * 0.3),
             (z * 0.56, z * 0.3), (z * 0.57, z * 0.8)]
    pygame.draw.polygon(s, (200, 214, 230), blade)
    pygame.draw.line(s, color, (z * 0.5, z * 0.32), (z * 0.5, z * 0.86), max(1, z // 20))
    pygame.draw.rect(s, color, (z * 0.22, z * 0.24, z * 0.56, z * 0.08), border_radius=z // 20)
    pygame.draw.rect(s, (150, 104, 20), (z * 0.45, z * 0.08, z * 0.1, z * 0.17))
    pygame.draw.circle(s, color, (z * 0.5, z * 0.07), z * 0.06)


def _bastos(s: pygame.Surface, z: int, color: tuple[int, int, int]) -> None:
    club = [(z * 0.38, z * 0.94), (z * 0.3, z * 0.5), (z * 0.28, z * 0.2), (z * 0.4, z * 0.05),
            (z * 0.6, z * 0.05), (z * 0.72, z * 0.2), (z * 0.62, z * 0.5), (z * 0.56, z * 0.94)]
    pygame.draw.polygon(s, (90, 60, 24), club)
    inner = [(x + (z * 0.47 - x) * 0.18, y) for x, y in club]
    pygame.draw.polygon(s, color, inner)
    for y in (0.3, 0.52, 0.72):
        pygame.draw.circle(s, (200, 160, 80), (z * 0.46, z * y), z * 0.04)


_DRAW = (_oros, _copas, _espadas, _bastos)


@lru_cache(maxsize=64)
def emblem(suit: int, size: int) -> pygame.Surface:
    """The emblem of ``suit`` (0..3) in a ``size`` square."""
    z = max(4, size) * _SS
    big = pygame.Surface((z, z), pygame.SRCALPHA)
    _DRAW[suit](big, z, theme.SUIT_COLORS[suit])
    return pygame.transform.smoothscale(big, (max(4, size), max(4, size)))
