"""An idle game costs nothing: frames are drawn only while something moves or changes."""

from __future__ import annotations

import pygame
from ui_helpers import app, frames, home, run_until, table

from tute.ui.app import App

__all__ = ["app", "home"]


def test_idle_frames_are_not_redrawn(app: App) -> None:
    scene = table(app, players=4, seed=1)
    run_until(app, lambda: scene.can_play)
    run_until(app, lambda: app.idle)
    drawn = app.redraws
    frames(app, 120)
    assert app.redraws == drawn and app.idle
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 300), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    frames(app, 3)
    assert app.redraws == drawn + 1


def test_the_table_redraws_while_computers_play(app: App) -> None:
    app.settings.animation = "normal"
    scene = table(app, players=4, seed=1)
    drawn = app.redraws
    frames(app, 30)
    assert app.redraws == drawn + 30 and not app.idle
    assert scene.director.running or scene.session.thinking is not None
