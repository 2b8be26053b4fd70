"""High-DPI (Retina) windows on macOS: the game draws at the screen's real pixels.

macOS measures windows in points; a Retina screen has two pixels per point. A window opened
the ordinary way (``pygame.display.set_mode``) gets a framebuffer in points that macOS
stretches, so cards and text look blurry. Opened with ``allow_high_dpi``, the window's surface
has the drawable's pixel size: the game lays out and draws at that size (``App.size`` is in
pixels, and the layout and the fonts scale with it), and mouse positions, which SDL reports in
points, are turned into pixels here.

Windows gives real pixels once the process is per-monitor DPI aware (``app._dpi_aware``), and
SDL 2 on X11 and Wayland draws in pixels: only macOS takes this way.
"""

from __future__ import annotations

import sys

import pygame

ratio = 1.0
"""Pixels per point in the open window: 2.0 on a Retina screen, else 1.0."""


def wanted() -> bool:
    """Whether to try a high-DPI window: on macOS."""
    return sys.platform == "darwin"


def drawable(window: pygame.Window) -> pygame.Surface:
    """The surface the game draws on: the window's framebuffer, whose size (SDL 2.26 and
    later) is the drawable's size in pixels."""
    return window.get_surface()


def open_window(size: tuple[int, int]) -> pygame.Window | None:
    """A resizable high-DPI window of ``size`` points, or None when its drawable is no larger
    than the window (no Retina screen): the caller then opens an ordinary one."""
    global ratio
    window = pygame.Window("Tute", size, resizable=True, allow_high_dpi=True)
    scale = drawable(window).get_width() / window.size[0]
    if scale <= 1:
        window.destroy()
        return None
    ratio = scale
    return window


def forget() -> None:
    """The window is closed: positions are points again."""
    global ratio
    ratio = 1.0


def to_pixels(event: pygame.event.Event) -> pygame.event.Event:
    """``event`` with its mouse position (and motion) in the drawable's pixels."""
    if ratio == 1 or "pos" not in event.dict:
        return event
    fields = dict(event.dict, pos=_scaled(event.pos))
    if "rel" in fields:
        fields["rel"] = _scaled(event.rel)
    return pygame.event.Event(event.type, fields)


def mouse_pos() -> tuple[int, int]:
    """Where the mouse is, in the drawable's pixels (``pygame.mouse.get_pos`` gives points)."""
    return _scaled(pygame.mouse.get_pos())


def _scaled(point: tuple[int, int]) -> tuple[int, int]:
    return (round(point[0] * ratio), round(point[1] * ratio))
