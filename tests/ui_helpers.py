"""Driving the real game window headless: dummy SDL drivers and posted mouse and keyboard
events (the ``home`` and ``app`` fixtures are in tests/conftest.py)."""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import TypeVar

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame

from tute.speech.backends import Recorder
from tute.store import GameSetup
from tute.ui.learning.openers import introduce_all
from tute.ui.main import open_app
from tute.ui.menus.menu import MenuScene
from tute.ui.practice.review import ReviewScene
from tute.ui.shell.app import App
from tute.ui.shell.scene import Scene
from tute.ui.table.animation import Animation
from tute.ui.table.scene import TableScene
from tute.ui.table.session import Session

DT = 1 / 60


def make_app(size: tuple[int, int] = (1280, 800), language: str | None = "en",
             print_size: int = 100) -> App:
    """The app with instant animations in ``language`` (None: as the settings file says),
    its text and cards at ``print_size`` %.

    Tests start from an empty data folder, which the game takes for a first start: the menu
    would offer the guided hand and each game's first table its how-to-play panel. Neither
    shows here (but with ``language=None`` the settings, openers included, are the file's)."""
    args = argparse.Namespace(command=None, demo=False, frames=None, screenshot=None,
                              size=None, fullscreen=False)
    application = open_app(args, size)
    application.first_start = False
    application.voice.make = Recorder  # speech switched on here reaches no real reader
    if language is not None:
        introduce_all(application.settings)
        application.settings.animation = "instant"
        application.settings.language = language
        application.apply_settings()
    if print_size != 100:
        application.settings.print_size = print_size
        application.apply_settings()
    return application


def table(app: App, players: int = 4, rules: str = "cabrero", seed: int = 1,
          demo: bool = False, **options: object) -> TableScene:
    session = Session.new(GameSetup(rules, "easy", {"players": players, **options}), demo, seed)
    scene = TableScene(app, session)
    app.replace_all(scene)
    return scene


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(DT)


IDLE_PAUSE = 0.001
"""Seconds a still frame waits, as the game's own loop does between frames: a computer
thinks on a worker thread, which an idle frame loop spinning at full speed would starve."""

SLOWEST_MACHINE = 30.0
"""Seconds ``run_until`` keeps going past its frame limit while nothing was reached: on a
loaded machine a worker thread may start late, and 3,000 still frames last a blink."""


def run_until(app: App, done: Callable[[], bool], limit: int = 3000) -> None:
    """Run frames until ``done``; fail after ``limit`` frames and ``SLOWEST_MACHINE``
    seconds both (frames alone would tell a slow machine from a stuck game by luck)."""
    deadline = time.monotonic() + SLOWEST_MACHINE
    count = 0
    while not done():
        if count >= limit and time.monotonic() > deadline:
            raise AssertionError(f"not reached after {count} frames; {where(app)}")
        app.step(DT)
        count += 1
        if app.idle:
            time.sleep(IDLE_PAUSE)


def where(app: App) -> str:
    """The top scene and, at a table, whose turn it is and what the table waits for."""
    scene = app.scenes.top
    if not isinstance(scene, TableScene):
        return f"top scene: {scene}"
    session, director = scene.session, scene.director
    decided = session.pending is not None and session.pending.done()
    return (f"at the table: phase {session.game.phase}, to act {session.to_act}, thinking "
            f"{session.thinking} (decided: {decided}), animations queued "
            f"{len(director.queue)}, running {len(director.running)}")


def click(app: App, pos: tuple[int, int]) -> None:
    """Press and release the left button at ``pos``, then run a frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,
                                                                                       0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app)


def press(app: App, key: int, mod: int = 0) -> None:
    """Press a key, then run a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))
    frames(app)


def top(app: App) -> Scene:
    scene = app.scenes.top
    assert scene is not None
    return scene


VIEW_FIELDS = ("hand", "counts", "trick", "piles", "marks", "retired", "table_card", "trump",
               "dealer", "mano", "cantes", "shown", "shown_holder")
"""What the table shows that the engine's observation of seat 0 also says."""


def view_mismatches(scene: TableScene) -> list[str]:
    """The fields where the table's view differs from the engine's state, as the player's
    seat sees it (seat 0 at a match, a puzzle's own seat): meaningful once every event has
    been animated, during a hand's play."""
    from tute.ui.table.view import TableView

    truth = TableView.from_observation(scene.session.game.observation(scene.session.seat))
    return [f"{name}: shown {getattr(scene.view, name)!r}, engine {getattr(truth, name)!r}"
            for name in VIEW_FIELDS if getattr(scene.view, name) != getattr(truth, name)]


def menu(app: App) -> MenuScene:
    """The main menu, alone on the stack and drawn."""
    scene = MenuScene(app)
    app.replace_all(scene)
    frames(app)
    return scene


def review_loaded(app: App) -> ReviewScene:
    """The review scene once its analysis has come back from the worker thread (waited for
    by the clock, not by frames: the thread's pace depends on the machine)."""
    scene = top(app)
    assert isinstance(scene, ReviewScene)
    deadline = time.monotonic() + 300
    while scene.review is None and not scene.failed:
        assert time.monotonic() < deadline, "the review's analysis took over 5 minutes"
        app.step(DT)
        time.sleep(0.001)
    assert not scene.failed
    frames(app)
    return scene


A = TypeVar("A", bound=Animation)


def watch(scene: TableScene, kind: type[A]) -> list[A]:
    """Every animation of ``kind`` the table starts from now on."""
    seen: list[A] = []
    add = scene.director.add

    def spy(anim: Animation) -> None:
        if isinstance(anim, kind):
            seen.append(anim)
        add(anim)

    scene.director.add = spy  # type: ignore[method-assign]
    return seen
