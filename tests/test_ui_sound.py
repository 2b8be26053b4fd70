"""Sound and feel: the volume slider (dragged, clicked, moved with the arrows, heard as it
moves) and the M key muting everywhere with a toast, kept in the settings."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import frames, press, run_until, table, top

from tute import store
from tute.ui.menus.menu import MenuScene
from tute.ui.menus.settings import SettingsScene
from tute.ui.shell.app import App
from tute.ui.widgets.controls import Slider


def settings(app: App) -> SettingsScene:
    app.replace_all(MenuScene(app))
    app.push(SettingsScene(app))
    frames(app)
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    return scene


def heard(app: App, monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The volume at each sample the player hears."""
    samples: list[float] = []
    monkeypatch.setattr(app.audio, "preview", lambda: samples.append(app.audio.volume))
    return samples


def mouse(app: App, kind: int, pos: tuple[int, int], held: bool = True) -> None:
    if kind == pygame.MOUSEMOTION:
        event = pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(int(held), 0, 0))
    else:
        event = pygame.event.Event(kind, pos=pos, button=1)
    pygame.event.post(event)
    frames(app)


def on_track(slider: Slider, share: float) -> tuple[int, int]:
    track = slider.track()
    return (round(track.x + track.width * share), track.centery)


def test_the_volume_slider_is_dragged_and_heard(app: App,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    scene = settings(app)
    slider = scene.volume_row
    samples = heard(app, monkeypatch)
    mouse(app, pygame.MOUSEBUTTONDOWN, on_track(slider, 0.25))
    assert app.settings.volume == pytest.approx(0.25) and app.audio.volume == app.settings.volume
    mouse(app, pygame.MOUSEMOTION, on_track(slider, 0.5))
    mouse(app, pygame.MOUSEMOTION, (on_track(slider, 0.9)[0], slider.rect.bottom + 40))
    assert slider.value == pytest.approx(0.9)  # dragging may stray below the row
    mouse(app, pygame.MOUSEBUTTONUP, (on_track(slider, 0.9)[0], slider.rect.bottom + 40))
    mouse(app, pygame.MOUSEMOTION, on_track(slider, 0.1), held=False)
    assert slider.value == pytest.approx(0.9)  # released: moving no longer changes it
    assert samples == pytest.approx([0.25, 0.5, 0.9])
    end = (slider.track().right + slider.knob_radius() + 2, slider.rect.centery)
    mouse(app, pygame.MOUSEBUTTONDOWN, end)
    mouse(app, pygame.MOUSEBUTTONUP, end)
    assert app.settings.volume == 1.0  # a click past the end: all the way up
    press(app, pygame.K_ESCAPE)
    assert store.load_settings()[0].volume == 1.0


def test_the_arrows_move_the_focused_slider_a_tenth(app: App,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    scene = settings(app)
    samples = heard(app, monkeypatch)
    scene.focus.focus = scene.focus.widgets.index(scene.volume_row)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert app.settings.volume == pytest.approx(0.5)
    for _ in range(8):
        press(app, pygame.K_RIGHT)
    assert app.settings.volume == 1.0 and samples == pytest.approx([0.6, 0.5, 0.6, 0.7, 0.8,
                                                                    0.9, 1.0])
    press(app, pygame.K_DOWN)
    assert scene.focus.focused is scene.mute_row


def test_m_mutes_and_unmutes_in_menus_and_at_the_table(app: App) -> None:
    app.replace_all(MenuScene(app))
    frames(app)
    press(app, pygame.K_m)
    assert app.settings.muted and app.audio.muted
    assert app.toasts[-1][0] == "Sound off" and store.load_settings()[0].muted
    scene = table(app, players=4, seed=1)
    run_until(app, lambda: scene.can_play)
    press(app, pygame.K_m)
    assert not app.settings.muted and not app.audio.muted
    assert app.toasts[-1][0] == "Sound on" and not store.load_settings()[0].muted
    assert top(app) is scene
    press(app, pygame.K_m, pygame.KMOD_LCTRL)
    assert not app.settings.muted  # Ctrl+M is not M


def test_m_shows_on_the_settings_mute_row(app: App) -> None:
    scene = settings(app)
    press(app, pygame.K_m)
    assert app.settings.muted and scene.mute_row.value is True
    press(app, pygame.K_m)
    assert not app.settings.muted and scene.mute_row.value is False
