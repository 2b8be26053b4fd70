"""The bare table felt, under a dialog that has no screen of its own to sit on (a second
window that only says the game is already open)."""

from __future__ import annotations

import pygame

from tute.ui import theme
from tute.ui.scene import Scene


class Backdrop(Scene):
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(surface.get_size()), (0, 0))
