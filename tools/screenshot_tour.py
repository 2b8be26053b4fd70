"""Screenshots of every game's table mid-hand, its hand result, its match end and its rules
help, at 1280x800 and 1920x1080 (and any ``--size``): the way to look at all the tables at
once.

    python tools/screenshot_tour.py [--out DIR] [--size 800x560] [--games dos,bato]

Runs headless (SDL's dummy driver) with instant animations and a private data folder. The
player's turns are taken by the first legal action that is not a pass, so auctions, calls
and discards happen.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["TUTE_HOME"] = tempfile.mkdtemp(prefix="tute-tour-")

import pygame

from tute.store import GameSetup
from tute.ui.learning.openers import introduce_all
from tute.ui.main import open_app
from tute.ui.menus.match_end import MatchEndScene
from tute.ui.menus.rules_help import RulesScene
from tute.ui.shell.app import App
from tute.ui.table.hand_result import HandResultScene
from tute.ui.table.scene import TableScene
from tute.ui.table.session import Session
from tute.ui.words.games import games

PLAYERS = {"dos": 2, "chancho": 3, "arrastrado": 4}
ENDINGS = {"dos": [{"scoring": "lowest_loses"}], "arrastrado": [{"players": 3,
                                                                  "scoring": "lost_games"}],
           "cabrero": [{"players": 3, "final_duel": True}]}
"""Other settlements of a game, whose match end looks different."""
DT = 1 / 60


def step_until(app: App, done: object, limit: int = 4000) -> bool:
    for _ in range(limit):
        if callable(done) and done():
            return True
        app.step(DT)
    return False


def take_turn(scene: TableScene) -> None:
    """The first legal action that is not a pass (a card for a discard)."""
    choices = scene.session.choices()
    speak = [a for a in choices if a.verb not in ("pass", "discard")]
    if scene.session.discarding:
        scene.selected = {scene.view.hand[0]}
        scene.discard()
        return
    scene.perform(speak[0] if speak else choices[0])


def tour(app: App, game: str, out: Path, tag: str, seed: int) -> None:
    setup = GameSetup(game, "easy", {"players": PLAYERS.get(game, 4)})
    scene = TableScene(app, Session.new(setup, False, seed))
    app.replace_all(scene)
    turns = 0
    while not isinstance(app.scenes.top, HandResultScene):
        if not step_until(app, lambda: scene.can_play
                          or isinstance(app.scenes.top, HandResultScene)):
            raise SystemExit(f"{game}: stuck")
        if isinstance(app.scenes.top, HandResultScene):
            break
        turns += 1
        if turns == 4 or (scene.picker is not None and turns < 4):
            shot(app, out / f"{game}-table{'-ask' if scene.picker else ''}-{tag}.png")
        take_turn(scene)
    app.step(DT)
    shot(app, out / f"{game}-result-{tag}.png")


def match_end(app: App, game: str, out: Path, tag: str, seed: int) -> None:
    """The match end of each settlement: the engine plays the match out at random, then the
    table opens on it and shows its end."""
    for i, extra in enumerate([{}, *ENDINGS.get(game, [])]):
        options = {"players": PLAYERS.get(game, 4), **extra}
        session = Session.new(GameSetup(game, "easy", options), False, seed)
        rng = random.Random(seed)
        while not session.game.is_over:
            if session.needs_deal:
                session.game.deal()
            else:
                session.game.apply(rng.choice(session.game.legal_actions()))
        scene = TableScene(app, session)
        app.replace_all(scene)
        if not step_until(app, lambda: isinstance(app.scenes.top, MatchEndScene)):
            raise SystemExit(f"{game}: no match end")
        shot(app, out / f"{game}-end{i or ''}-{tag}.png")
    options = {"players": PLAYERS.get(game, 4)}
    app.replace_all(RulesScene(app, game, options))
    shot(app, out / f"{game}-rules-{tag}.png")


def shot(app: App, path: Path) -> None:
    app.scenes.changes += 1  # force a redraw of this very frame
    app.step(0.0)
    pygame.image.save(app.screen, str(path))
    print(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="shots", type=Path)
    parser.add_argument("--size", action="append", help="WxH (default 1280x800 and 1920x1080)")
    parser.add_argument("--games", help="comma-separated ruleset names (default: all)")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--language", default="en")
    args = parser.parse_args(argv)
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.size or
             ["1280x800", "1920x1080"]]
    chosen = args.games.split(",") if args.games else list(games())
    args.out.mkdir(parents=True, exist_ok=True)
    for w, h in sizes:
        app = open_app(argparse.Namespace(command=None, demo=False, frames=None,
                                          screenshot=None, size=None, fullscreen=False), (w, h))
        app.settings.animation = "instant"
        app.settings.language = args.language
        introduce_all(app.settings)  # the tables themselves, not their how-to-play panels
        app.apply_settings()
        for game in chosen:
            tour(app, game, args.out, f"{w}x{h}", args.seed)
            match_end(app, game, args.out, f"{w}x{h}", args.seed)
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
