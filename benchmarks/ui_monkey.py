"""UI monkey: random input to the real game window under SDL's dummy drivers.

Clicks anywhere and on whatever the top screen offers (buttons, option rows, toolbar, the
player's cards), keys, wheel, motion, resizes (F11 too), focus changes and closing the window
then starting the game again on the same files, across the menu, settings, rules, new game,
every game the new-game screen offers, the hand results and the match end. After every event
the frames run and each table whose animations have landed must show exactly the engine's
state (``ui_helpers.view_mismatches``). Any exception stops the run.

A run is reproducible from its seed: the computer players decide on the frame loop's thread
instead of a worker, the hard level searches a fixed number of guesses instead of for a
time, and new matches draw their shuffle seed from the seeded global ``random``.

    python benchmarks/ui_monkey.py [--events N] [--seed S]

prints the events sent by kind, the screens and games reached, the view checks made and the
time taken. tests/test_ui_monkey.py runs a shorter one in CI.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import weakref
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import pygame  # noqa: E402
from ui_helpers import DT, make_app, view_mismatches  # noqa: E402  (sets the dummy drivers)

from tute import store  # noqa: E402
from tute.ai import search  # noqa: E402
from tute.rules import load_ruleset  # noqa: E402
from tute.ui.main import first_scene  # noqa: E402
from tute.ui.menus.begin import start_match  # noqa: E402
from tute.ui.menus.new_game import GAMES, usable_options  # noqa: E402
from tute.ui.shell import worker  # noqa: E402
from tute.ui.shell.app import MIN_SIZE, App  # noqa: E402
from tute.ui.shell.scene import Scene  # noqa: E402
from tute.ui.table import session as session_module  # noqa: E402
from tute.ui.table.scene import TableScene  # noqa: E402
from tute.ui.widgets.controls import FocusList  # noqa: E402
from tute.ui.widgets.toolbar import Toolbar  # noqa: E402

T = TypeVar("T")
HARD_GUESSES = 6

KINDS: dict[str, int] = {"aim": 34, "click": 12, "motion": 8, "key": 20, "wheel": 5,
                         "resize": 4, "focus": 5, "wait": 10, "quit": 1}
"""Kinds of event and their weights."""

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
        pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_F1,
        pygame.K_F11, pygame.K_l, pygame.K_p, pygame.K_a, pygame.K_q, pygame.K_1,
        pygame.K_BACKSPACE, pygame.K_HOME, pygame.K_PAGEDOWN, pygame.K_LSHIFT]
FOCUS_EVENTS = [pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWENTER,
                pygame.WINDOWLEAVE, pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED,
                pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWHIDDEN]


class MonkeyFailure(AssertionError):
    """The table showed something other than the engine's state."""


def done_now(fn: Callable[[], T]) -> Future[T]:
    """``worker.submit`` on the calling thread: the decision is ready at once."""
    future: Future[T] = Future()
    try:
        future.set_result(fn())
    except Exception as exc:  # the session reports it and plays on, as with the worker
        future.set_exception(exc)
    return future


@contextmanager
def reproducible(seed: int) -> Iterator[None]:
    """Computer players decide synchronously and in a fixed number of steps; the global
    random (which new matches draw their seed from) is seeded. Undone on exit."""
    saved = (worker.submit, session_module.make_player, random.getstate())

    def make_player(level: str, seed: int = 0, think_seconds: float = 1.0) -> Any:
        if level == "hard":
            return search.SearchPlayer(seed, iterations=HARD_GUESSES)
        return saved[1](level, seed=seed, think_seconds=think_seconds)

    worker.submit = done_now  # type: ignore[assignment]
    session_module.make_player = make_player  # type: ignore[assignment]
    random.seed(seed)
    try:
        yield
    finally:
        worker.submit, session_module.make_player = saved[0], saved[1]
        random.setstate(saved[2])


def targets(scene: Scene) -> list[pygame.Rect]:
    """What a player would aim at on ``scene``: its buttons, rows and tools, and at the
    table the cards in hand (drawn on as a point's small rect)."""
    rects: list[pygame.Rect] = []
    for value in vars(scene).values():
        if isinstance(value, FocusList):
            items: list[Any] = value.widgets
        elif isinstance(value, Toolbar):
            items = value.tools
        elif isinstance(value, list):
            items = value
        else:
            items = [value]
        for item in items:
            rect = getattr(item, "rect", None)
            if isinstance(rect, pygame.Rect) and rect.w > 0 and getattr(item, "visible", True):
                rects.append(rect)
    if isinstance(scene, TableScene) and scene.view.hand:
        playable = [c for c in scene.view.hand if c in scene.session.playable()]
        cards = [scene.card_point(c) for c in playable or scene.view.hand]
        weight = 4 * len(rects) // len(cards) + 1  # mostly a card: the hand goes on
        rects += [pygame.Rect(x - 2, y - 2, 5, 5) for x, y in cards] * weight
    return rects


class Monkey:
    def __init__(self, seed: int, home: Path, size: tuple[int, int] = (1280, 800)) -> None:
        self.rng = random.Random(seed)
        self.home = home
        self.size = size
        self.sent: Counter[str] = Counter()
        self.screens: Counter[str] = Counter()
        self.games: Counter[str] = Counter()
        self.checks = 0
        self.restarts = 0
        self.trace: list[tuple[str, int]] = []
        """Each event's top screen and the number of actions of the match on it: equal for
        equal seeds."""
        self._seen: weakref.WeakSet[object] = weakref.WeakSet()
        """Screens and sessions already counted (a new object may reuse a freed one's id)."""
        self.app = self.start()

    def start(self) -> App:
        """The game as ``tute`` opens it, on the files in ``home``. The first time, with
        instant animations and a last table of three players and one mark, so that matches
        end now and then; after a quit, with whatever the settings file says."""
        os.environ[store.HOME_ENV] = str(self.home)
        first = not hasattr(self, "app")
        app = make_app(self.size, language="en" if first else None)
        if first:
            app.settings.setup = store.GameSetup("cabrero", "easy", {"players": 3, "lives": 1})
            app.save_settings()
        app.push(first_scene(app, None, demo=False))
        return app

    def close(self) -> None:
        self.app.close()

    def run(self, events: int) -> None:
        """Send ``events`` events. Twice per game offered, the game is started as the new
        game screen's Play button would (random players and level, one mark), so every
        table is reached however the clicks fall."""
        kinds, weights = list(KINDS), list(KINDS.values())
        legs = [*GAMES, *GAMES]
        every = max(1, events // len(legs))
        for i in range(events):
            if i % every == 0 and i // every < len(legs):
                self.open_table(legs[i // every])
            kind = self.rng.choices(kinds, weights)[0]
            self.sent[kind] += 1
            getattr(self, f"send_{kind}")()
            for _frame in range(self.rng.randint(1, 3)):
                self.step()
            self.let_it_land()
            self.check()

    def let_it_land(self, most: int = 40) -> None:
        """Like a player, mostly watch a play land before the next input (slow animation
        speeds take seconds a trick)."""
        top = self.app.scenes.top
        if isinstance(top, TableScene) and self.rng.random() < 0.8:
            for _frame in range(most):
                if not top.director.busy or self.app.scenes.top is not top:
                    return
                self.step()

    def open_table(self, game: str) -> None:
        rules = load_ruleset(game)
        wanted: dict[str, Any] = {name: self.rng.choice(opt.allowed())  # the house options too
                                  for name, opt in rules.options.items()}
        if "lives" in wanted:  # where the game counts lives: short matches
            wanted["lives"] = 1
        options = usable_options(rules, wanted)
        setup = store.GameSetup(game, self.rng.choice(store.LEVELS), options)
        store.clear_match()  # else the abandon question, answered at random, may keep it
        start_match(self.app, setup)
        self.step()

    def step(self) -> None:
        self.app.step(DT)
        if not self.app.running:  # the player closed the window: start the game again
            self.app.close()
            self.restarts += 1
            self.app = self.start()

    # ------------------------------------------------------------------ events
    def post(self, kind: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def point(self) -> tuple[int, int]:
        w, h = self.app.size
        return self.rng.randrange(w), self.rng.randrange(h)

    def press_release(self, down: tuple[int, int], up: tuple[int, int], button: int) -> None:
        self.post(pygame.MOUSEMOTION, pos=down, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=down, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=up, button=button)

    def send_aim(self) -> None:
        top = self.app.scenes.top
        rects = targets(top) if top is not None else []
        if not rects:
            self.send_click()
            return
        r = self.rng.choice(rects)
        pos = (self.rng.randint(r.left, r.right - 1), self.rng.randint(r.top, r.bottom - 1))
        self.press_release(pos, pos, 1)

    def send_click(self) -> None:
        down = self.point()
        up = down if self.rng.random() < 0.7 else self.point()
        self.press_release(down, up, self.rng.choice([1, 1, 1, 2, 3]))

    def send_motion(self) -> None:
        self.post(pygame.MOUSEMOTION, pos=self.point(), rel=(0, 0), buttons=(0, 0, 0))

    def send_key(self) -> None:
        key = self.rng.choice(KEYS)
        mod = self.rng.choice([0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL])
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)

    def send_wheel(self) -> None:
        dy = self.rng.choice([-3, -1, 1, 3])
        self.post(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                  precise_y=float(dy), touch=False)

    def send_resize(self) -> None:
        if self.app.fullscreen:
            self.app.toggle_fullscreen()  # as F11 would; a full screen is not resized
            return
        size = (self.rng.randint(MIN_SIZE[0], 1920), self.rng.randint(MIN_SIZE[1], 1200))
        pygame.display.set_mode(size, pygame.RESIZABLE)
        kind = self.rng.choice([pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED])
        self.post(kind, size=size, w=size[0], h=size[1], x=size[0], y=size[1])

    def send_focus(self) -> None:
        self.post(self.rng.choice(FOCUS_EVENTS))

    def send_wait(self) -> None:
        for _frame in range(self.rng.randint(5, 60)):
            self.step()

    def send_quit(self) -> None:
        self.post(pygame.QUIT)

    # ------------------------------------------------------------------ checks
    def check(self) -> None:
        """Every table whose animations have landed shows the engine's state."""
        top = self.app.scenes.top
        name = type(top).__name__
        actions = 0
        if top is not None and top not in self._seen:
            self._seen.add(top)
            self.screens[name] += 1
        for scene in self.app.scenes.scenes:
            if not isinstance(scene, TableScene):
                continue
            game = scene.session.game
            actions = sum(len(log.actions) for log in game.logs)
            if scene.session not in self._seen:
                self._seen.add(scene.session)
                self.games[game.rules.id] += 1
            if scene.director.busy:
                continue
            self.checks += 1
            if game.observation(scene.session.seat).phase == "play":
                wrong = view_mismatches(scene)
            else:
                wrong = [] if scene.view.marks == list(game.marks) else ["marks"]
            if wrong:
                raise MonkeyFailure(f"{game.rules.id}: the table is not the game: {wrong}")
        self.trace.append((name, actions))

    def report(self, seconds: float) -> str:
        total = sum(self.sent.values())
        lines = [f"events: {total} ({', '.join(f'{k} {n}' for k, n in self.sent.items())})",
                 f"screens reached: {dict(sorted(self.screens.items()))}",
                 f"tables by game: {dict(sorted(self.games.items()))} "
                 f"(offered: {', '.join(GAMES)})",
                 f"view checks: {self.checks}, restarts after quit: {self.restarts}",
                 f"exceptions: 0, time: {seconds:.1f} s ({total / seconds:.0f} events/s)"]
        return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as home, reproducible(args.seed):
        start = time.perf_counter()
        monkey = Monkey(args.seed, Path(home))
        try:
            monkey.run(args.events)
        finally:
            monkey.close()
        print(monkey.report(time.perf_counter() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
