"""An idle game costs nothing: frames are drawn only while something moves or changes."""

from __future__ import annotations

import pygame
from ui_helpers import frames, run_until, table

from tute.ui.shell.app import App


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


def test_the_frame_in_which_the_last_animation_ends_is_drawn(app: App) -> None:
    """It was not: the last dealt card stayed in the air and the question it opened was not
    shown, so the table looked frozen until the mouse moved (Codillo, found under Xvfb)."""
    app.settings.animation = "normal"
    app.apply_settings()
    scene = table(app, players=4, rules="codillo", seed=2)
    was_moving = True
    for _ in range(3000):
        drawn = app.redraws
        frames(app)
        if was_moving and app.idle:
            assert app.redraws == drawn + 1, "the settling frame was not drawn"
            break
        was_moving = not app.idle
    else:
        raise AssertionError("the table never went still")
    assert scene.view.counts == [10, 10, 10, 10]
