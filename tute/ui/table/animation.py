"""Timed animations: cards and chips in flight, pauses, banners and speech bubbles.

An animation runs for ``duration`` seconds after an optional ``delay``; when it ends its
``on_done`` callback updates the table model. Durations are already scaled by the speed
setting, so with "instant" (zero) everything completes on its first update.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tute.ui.widgets.layout import Spot

if TYPE_CHECKING:
    from tute.ui.table.painter import Painter

SPEEDS = {"slow": 1.7, "normal": 1.0, "fast": 0.5, "instant": 0.0}


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


class Animation:

    def __init__(self, duration: float, delay: float = 0.0,
                 on_done: Callable[[], None] | None = None) -> None:
        self.duration = duration
        self.elapsed = -delay
        self.on_done = on_done
        self.started = False
        self.done = False

    @property
    def blocking(self) -> bool:
        """Whether input and the next event wait for it."""
        return True

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, self.elapsed / self.duration))

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if not self.started and self.elapsed >= 0:
            self.begin()
        if self.elapsed >= self.duration:
            self.finish()

    def begin(self) -> None:
        self.started = True
        self.start()

    def start(self) -> None:
        """Called once when the delay is over."""

    def finish(self) -> None:
        if self.done:
            return
        if not self.started:
            self.elapsed = 0
            self.begin()
        self.done = True
        if self.on_done:
            self.on_done()

    def draw(self, surface: pygame.Surface, painter: Painter) -> None:
        """Draw what is in motion (nothing for a pause)."""


class Pause(Animation):
    """Time for the eye: nothing moves, the next event waits."""


class Flight(Animation):
    """A card travelling between two spots, optionally resized or turned over."""

    def __init__(self, card: int | None, start: Spot, end: Spot, height: tuple[int, int],
                 duration: float, delay: float = 0.0, flip: bool = False,
                 on_start: Callable[[], None] | None = None,
                 on_done: Callable[[], None] | None = None, arc: float = 0.0) -> None:
        super().__init__(duration, delay, on_done)
        self.card = card
        """The face shown (None or HIDDEN: the back); with ``flip`` it starts face down."""
        self.start_spot, self.end_spot = start, end
        self.height = height
        self.flip = flip
        self.on_start = on_start
        self.arc = arc

    def start(self) -> None:
        if self.on_start:
            self.on_start()

    def draw(self, surface: pygame.Surface, painter: Painter) -> None:
        if not self.started or self.done:
            return
        t = ease_out(self.progress) if not self.flip else ease_in_out(self.progress)
        a, b = self.start_spot, self.end_spot
        x = a.x + (b.x - a.x) * t
        y = a.y + (b.y - a.y) * t - self.arc * math.sin(math.pi * t)
        # Turned in 5-degree steps: the turned images are cached and shared between cards.
        angle = round((a.angle + (b.angle - a.angle) * t) / 5) * 5
        h = round(self.height[0] + (self.height[1] - self.height[0]) * t)
        card = self.card
        squeeze = 1.0
        if self.flip:
            squeeze = abs(1 - 2 * t)
            if t < 0.5:
                card = None
        painter.cards.draw(surface, card, Spot(x, y, angle), h, squeeze=squeeze, lifted=True,
                           base=max(self.height))


class ChipFlight(Animation):
    """A pile of ``count`` chips sliding between the pot and a player (Bato), with how many
    written beside it."""

    def __init__(self, count: int, start: Spot, end: Spot, duration: float,
                 delay: float = 0.0, on_start: Callable[[], None] | None = None,
                 on_done: Callable[[], None] | None = None, hold: float | None = None
                 ) -> None:
        super().__init__(duration, delay, on_done)
        self.count = count
        self.start_spot, self.end_spot = start, end
        self.on_start = on_start
        self.hold = hold
        """Seconds the table waits for it (the next pile sets off then); None: all of it."""

    @property
    def blocking(self) -> bool:
        return self.hold is None or self.elapsed < self.hold

    def start(self) -> None:
        if self.on_start:
            self.on_start()

    def draw(self, surface: pygame.Surface, painter: Painter) -> None:
        if not self.started or self.done:
            return
        t = ease_in_out(self.progress)
        a, b = self.start_spot, self.end_spot
        x, y = a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t
        width = painter.layout.chip_d
        painter.chip_stack(surface, self.count, (x, y + width / 2), width, columns=1)
        painter.chip(surface, str(self.count), (x + width * 0.6, y), gold=True,
                     anchor="midleft")


class Banner(Animation):
    """A headline across the table (the hand's result)."""

    def __init__(self, title: str, subtitle: str, detail: str, duration: float,
                 on_done: Callable[[], None] | None = None) -> None:
        super().__init__(duration, 0.0, on_done)
        self.title, self.subtitle, self.detail = title, subtitle, detail

    def draw(self, surface: pygame.Surface, painter: Painter) -> None:
        if self.done:
            return
        fade = min(1.0, self.elapsed / 0.25, (self.duration - self.elapsed) / 0.3 + 0.0001)
        painter.banner(surface, self.title, self.subtitle, self.detail, max(0.0, fade))


class Bubble(Animation):
    """A speech bubble by a player's seat ("The forty!"); the table waits only for
    ``hold`` seconds of it."""

    def __init__(self, seat: int, message: str, hold: float, duration: float) -> None:
        super().__init__(duration)
        self.seat, self.message = seat, message
        self.hold = hold

    @property
    def blocking(self) -> bool:
        return self.elapsed < self.hold

    def draw(self, surface: pygame.Surface, painter: Painter) -> None:
        if self.done:
            return
        fade = min(1.0, self.elapsed / 0.15, (self.duration - self.elapsed) / 0.4 + 0.0001)
        painter.bubble(surface, self.seat, self.message, max(0.0, fade))


class Hold(Animation):
    """A finished trick held still with a caption ("Carmen takes the trick"), so the
    player can see who won it; with ``until_released`` it waits for the player's click."""

    def __init__(self, duration: float, caption: str, hint: str, until_released: bool,
                 on_done: Callable[[], None] | None = None) -> None:
        super().__init__(duration, 0.0, on_done)
        self.caption, self.hint = caption, hint
        self.waiting = until_released

    def update(self, dt: float) -> None:
        if self.waiting and not self.done:
            self.elapsed += dt
            if not self.started:
                self.begin()
            return
        super().update(dt)

    def release(self) -> None:
        """The player clicked: the trick may go to its winner's pile."""
        self.waiting = False

    def draw(self, surface: pygame.Surface, painter: Painter) -> None:
        if not self.done:
            painter.trick_caption(surface, self.caption, self.hint)
