"""The bare table felt, under a dialog that has no screen of its own to sit on (a second
window that only says the game is already open)."""

from __future__ import annotations

import pygame

from tute.ui.shell.scene import Scene
from tute.ui.widgets import theme


class Backdrop(Scene):
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(surface.get_size()), (0, 0))
