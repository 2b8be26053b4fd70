"""High-DPI screens: Windows' per-monitor DPI awareness, macOS Retina drawables."""

from __future__ import annotations

import ctypes
import sys
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from ui_helpers import frames, make_app, table

from tute.ui.shell import app as app_module
from tute.ui.shell.app import App
from tute.ui.widgets import hidpi, theme


def test_windows_asks_for_per_monitor_dpi_awareness(monkeypatch: pytest.MonkeyPatch) -> None:
    """On Windows the game asks for real pixels on every monitor (PROCESS_PER_MONITOR_DPI_AWARE,
    2), or Windows would draw it small and stretch it, blurred, on a scaled screen."""
    calls: list[int] = []
    shcore = SimpleNamespace(SetProcessDpiAwareness=calls.append)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(shcore=shcore), raising=False)
    app_module._dpi_aware()
    assert calls == [2]


def test_dpi_awareness_is_windows_only_and_never_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(level: int) -> None:
        raise OSError("access denied")  # already set by a manifest, or an older Windows

    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(shcore=SimpleNamespace(
        SetProcessDpiAwareness=refuse)), raising=False)
    monkeypatch.setattr(sys, "platform", "win32")
    app_module._dpi_aware()
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(ctypes, "windll", None, raising=False)
    app_module._dpi_aware()  # not even looked at


def frame_sizes(app: App) -> tuple[int, int]:
    """The tallest card and the largest font size drawn in one frame of a 4-player table."""
    fonts: list[int] = []
    font = theme.font

    def recording_font(size: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
        fonts.append(size)
        return font(size, bold, serif)

    theme._rendered.cache_clear()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(theme, "font", recording_font)
        scene = table(app, players=4)
        scene.cards.clear()
        frames(app, 2)
    return max(s.get_height() for s in scene.cards._cache.values()), max(fonts)


def test_a_retina_drawable_gets_cards_and_text_at_twice_the_pixels(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """macOS: a high-DPI window's drawable has 2 pixels per point; the game draws at that size
    (cards and text twice as many pixels as in an ordinary window of the same size in points),
    and mouse positions, which come in points, are turned into pixels."""
    plain = make_app((800, 560))
    card_1x, font_1x = frame_sizes(plain)
    plain.close()

    drawables: dict[tuple[int, int], pygame.Surface] = {}

    def retina(window: pygame.Window) -> pygame.Surface:
        window.get_surface()  # the dummy driver's, in points: what flip() shows
        w, h = window.size
        return drawables.setdefault((w, h), pygame.Surface((2 * w, 2 * h)))

    monkeypatch.setattr(hidpi, "wanted", lambda: True)
    monkeypatch.setattr(hidpi, "drawable", retina)
    app = make_app((800, 560))
    try:
        assert app.window is not None and app.window.size == (800, 560)
        assert app.size == (1600, 1120) and hidpi.ratio == 2
        card_2x, font_2x = frame_sizes(app)
        assert abs(card_2x - 2 * card_1x) <= 2
        assert abs(font_2x - 2 * font_1x) <= 2
        moved = hidpi.to_pixels(pygame.event.Event(pygame.MOUSEMOTION, pos=(100, 50),
                                                   rel=(3, -1), buttons=(0, 0, 0)))
        assert moved.pos == (200, 100) and moved.rel == (6, -2)
        key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")
        assert hidpi.to_pixels(key) is key
    finally:
        app.close()
    assert hidpi.ratio == 1
