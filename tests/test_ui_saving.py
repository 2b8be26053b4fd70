"""A saved match is never lost: it is asked about before a new match replaces it, and it is
written after every action, so a killed game resumes at the last action."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from ui_helpers import click, frames, run_until, table, top

from tute import store
from tute.store import GameSetup
from tute.ui.main import first_scene
from tute.ui.menus.menu import MenuScene
from tute.ui.menus.new_game import NewGameScene
from tute.ui.shell.app import App
from tute.ui.shell.dialog import Dialog
from tute.ui.table.scene import TableScene
from tute.ui.table.session import Session
from tute.ui.words.games import games

ROOT = Path(__file__).resolve().parent.parent


def play_a_card(app: App, scene: TableScene) -> None:
    run_until(app, lambda: scene.can_play)
    click(app, scene.card_point(next(c for c in scene.view.hand
                                     if c in scene.session.playable())))


def saved_game() -> Session:
    saved, problem = store.load_match()
    assert saved is not None and problem is None
    return Session.resume(saved)


def ask_for_a_new_game(app: App) -> Dialog:
    """Menu, New game, Play: the question about the saved match."""
    app.replace_all(MenuScene(app))
    frames(app)
    app.push(NewGameScene(app))
    frames(app)
    new_game = top(app)
    assert isinstance(new_game, NewGameScene)
    click(app, new_game.play_button.rect.center)
    question = top(app)
    assert isinstance(question, Dialog) and question.title == "Abandon the saved match?"
    assert [b.label for b in question.buttons] == ["Continue it", "Abandon it", "Cancel"]
    return question


def test_a_saved_match_survives_new_game_unless_abandoned(app: App) -> None:
    scene = table(app, players=4, seed=9)
    play_a_card(app, scene)
    run_until(app, lambda: scene.can_play)
    hands = list(scene.session.game.hands)
    click(app, ask_for_a_new_game(app).buttons[2].rect.center)  # Cancel
    assert isinstance(top(app), NewGameScene) and saved_game().game.hands == hands
    click(app, ask_for_a_new_game(app).buttons[0].rect.center)  # Continue it
    resumed = top(app)
    assert isinstance(resumed, TableScene) and resumed.session.game.hands == hands
    click(app, ask_for_a_new_game(app).buttons[1].rect.center)  # Abandon it
    fresh = top(app)
    assert isinstance(fresh, TableScene) and fresh.session.game.hands != hands
    saved = store.load_match()[0]
    assert saved is None or Session.resume(saved).game.hands == fresh.session.game.hands


def test_tute_play_asks_before_abandoning_a_saved_match(app: App) -> None:
    scene = table(app, players=4, seed=9)
    play_a_card(app, scene)
    app.replace_all(first_scene(app, GameSetup("chancho", "easy", {"players": 3}), demo=False))
    frames(app)
    question = top(app)
    assert isinstance(question, Dialog) and question.title == "Abandon the saved match?"
    assert isinstance(app.scenes.scenes[0], MenuScene)
    click(app, question.buttons[2].rect.center)
    assert isinstance(top(app), MenuScene) and saved_game().game.rules.id == "cabrero"
    app.replace_all(first_scene(app, GameSetup("chancho", "easy", {"players": 3}), demo=False))
    frames(app)
    click(app, top(app).buttons[1].rect.center)
    board = top(app)
    assert isinstance(board, TableScene) and board.session.game.rules.id == "chancho"


def test_every_action_is_saved_and_replays_to_that_very_point(app: App) -> None:
    scene = table(app, players=3, seed=4)
    for _ in range(5):
        play_a_card(app, scene)
        game = scene.session.game
        again = saved_game().game
        assert again.observation(0) == game.observation(0)
        assert again.current_player == game.current_player


def test_a_killed_game_resumes_at_the_last_action(home: Path) -> None:
    store.save_settings(store.Settings(animation="instant", introduced=list(games())))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TUTE_HOME": str(home)}
    game = subprocess.Popen([sys.executable, "-m", "tute.cli", "play", "cabrero", "--players",
                             "4", "--level", "easy", "--seed", "2"], env=env, cwd=ROOT)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            saved = store.load_match()[0]
            if saved is not None and Session.resume(saved).to_act == 0:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the game never reached the player's turn")
    finally:
        os.kill(game.pid, signal.SIGKILL)
        game.wait()
    resumed = saved_game()
    trick = resumed.game.observation(0).trick
    assert resumed.to_act == 0 and len(trick) == 3  # the computers' plays are all there


def test_saving_never_holds_up_the_table_and_closing_waits_for_it(
        app: App, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The match is written by the background writer: with the disk stuck, the table goes
    on playing; closing the window waits until the latest state is on disk."""
    scene = table(app, players=4, seed=9)
    play_a_card(app, scene)
    run_until(app, lambda: scene.can_play)
    opened, entered = threading.Event(), threading.Event()
    write = store.write_atomic

    def stuck(path: Path, text: str) -> None:
        entered.set()
        opened.wait(10)
        write(path, text)

    store.MATCH_WRITER.flush()
    monkeypatch.setattr(store, "write_atomic", stuck)
    before = (home / store.MATCH_FILE).read_text(encoding="utf-8")
    play_a_card(app, scene)
    run_until(app, lambda: scene.can_play)  # the computers have played meanwhile
    assert entered.is_set() and not opened.is_set()
    assert (home / store.MATCH_FILE).read_text(encoding="utf-8") == before
    threading.Timer(0.2, opened.set).start()
    app.close()
    saved = json.loads((home / store.MATCH_FILE).read_text(encoding="utf-8"))
    assert saved["record"] == scene.session.saved().record
