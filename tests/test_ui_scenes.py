"""Every screen created and driven by posted events; settings and files through the UI;
the command line's headless frames."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from ui_helpers import click, frames, make_app, menu, press, run_until, table, top

from tute import store
from tute.i18n import language
from tute.resources import rules_dir
from tute.ui.main import first_scene
from tute.ui.menus.menu import MenuScene
from tute.ui.menus.new_game import NewGameScene
from tute.ui.menus.rules_help import RulesScene, blocks, rules_text
from tute.ui.menus.settings import SettingsScene
from tute.ui.menus.statistics import StatisticsScene
from tute.ui.practice.deal_code import DealCodeScene
from tute.ui.practice.puzzles import PuzzlesScene
from tute.ui.practice.review_records import RecordsScene
from tute.ui.shell.app import App
from tute.ui.shell.dialog import Dialog
from tute.ui.table.scene import TableScene
from tute.ui.widgets.controls import Choice, label_text

ROOT = Path(__file__).resolve().parent.parent


def arrow(app: App, row: object, step: int) -> None:
    """Click the left (-1) or right (+1) arrow of an option row."""
    assert isinstance(row, Choice)
    box = row.value_rect()
    click(app, (box.left + 8 if step < 0 else box.right - 8, box.centery))


def test_the_menu_leads_to_every_screen(app: App) -> None:
    scene = menu(app)
    assert not scene.continue_button.visible
    labels = [b.label for b in scene.buttons if b.visible]
    assert labels == ["New game", "Tutorial", "Puzzles", "Rules", "Statistics",
                      "Review a record", "Play a deal", "Settings", "Quit"]
    for label, kind in (("New game", NewGameScene), ("Puzzles", PuzzlesScene),
                        ("Rules", RulesScene),
                        ("Statistics", StatisticsScene), ("Review a record", RecordsScene),
                        ("Play a deal", DealCodeScene), ("Settings", SettingsScene)):
        click(app, next(b for b in scene.buttons if b.label == label).rect.center)
        assert isinstance(top(app), kind)
        press(app, pygame.K_ESCAPE)
        assert top(app) is scene
    scene.focus.focus_first()
    for _ in range(len(labels) - 1):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert not app.running


def test_a_new_game_with_options_goes_to_the_table(app: App) -> None:
    menu(app)
    press(app, pygame.K_RETURN)
    scene = top(app)
    assert isinstance(scene, NewGameScene)
    names = [r.label if isinstance(r.label, str) else r.label() for r in scene.rows]
    listed = [i.game for i in scene.items]
    assert listed[:3] == ["cabrero", "chancho", "dos"]  # by ui.order: the everyday ones first
    assert sorted(listed) == sorted(p.stem for p in rules_dir().glob("*.yaml"))  # every file
    assert names[:2] == ["Players", "Computer level"] and names[-2:] == ["Deck", "Practice"]
    assert "Revoking" in names and "Marks" in names
    players = scene.rows[0]
    assert isinstance(players, Choice) and players.values == [3, 4, 5, 6]
    press(app, pygame.K_RIGHT)
    assert scene.game == "chancho"
    assert scene.rules.id == "chancho"
    arrow(app, scene.rows[0], +1)
    assert scene.values["players"] == 5
    arrow(app, scene.rows[1], -1)
    assert scene.level == "easy"
    idle = {"Marks for revoking"}  # only where revokes can be played: greyed, with why
    assert all(r.enabled == (len(r.values) > 1 and label_text(r.label) not in idle)
               for r in scene.rows[2:] if isinstance(r, Choice))
    marks = next(r for r in scene.rows if label_text(r.label) == "Marks for revoking")
    assert marks.hint is not None and label_text(marks.hint) == (
        "Only with Revoking: Penalize at the end, Must be accused")
    revoking = next(r for r in scene.rows if label_text(r.label) == "Revoking")
    arrow(app, revoking, +1)
    assert marks.enabled
    click(app, scene.play_button.rect.center)
    board = top(app)
    assert isinstance(board, TableScene)
    assert board.session.game.rules.id == "chancho" and board.session.game.n == 5
    assert board.session.level == "easy"
    saved, _problem = store.load_settings()
    assert saved.setup.rules == "chancho" and saved.setup.options["players"] == 5
    again = NewGameScene(app)
    assert again.game == "chancho" and again.values["players"] == 5


def test_settings_change_at_once_and_are_saved(app: App) -> None:
    menu(app)
    app.push(SettingsScene(app))
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    arrow(app, scene.rows[0], -1)
    assert app.settings.language == "ca" and language() == "ca"
    press(app, pygame.K_DOWN)
    press(app, pygame.K_LEFT)
    assert app.settings.animation == "fast"
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert app.settings.trick_wait and app.settings.autoplay
    press(app, pygame.K_DOWN)
    press(app, pygame.K_LEFT)
    assert abs(app.settings.volume - 0.6) < 1e-9
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert app.settings.muted and app.audio.muted
    press(app, pygame.K_ESCAPE)
    loaded, problem = store.load_settings()
    assert problem is None
    assert (loaded.language, loaded.animation, loaded.muted) == ("ca", "fast", True)
    assert loaded.trick_wait and loaded.autoplay
    assert abs(loaded.volume - 0.6) < 1e-9
    fresh = make_app(language=None)
    try:
        assert fresh.settings == loaded
    finally:
        fresh.close()


def test_fullscreen_toggles_with_f11(app: App) -> None:
    menu(app)
    press(app, pygame.K_F11)
    assert app.fullscreen and store.load_settings()[0].fullscreen
    press(app, pygame.K_F11)
    assert not app.fullscreen


def test_the_rules_are_readable_in_every_language(app: App) -> None:
    for game in ("cabrero", "chancho"):
        for lang in ("es", "ca", "en"):
            kinds = [k for k, _t in blocks(rules_text(game, lang))]
            assert kinds[0] == "h1" and kinds.count("h2") >= 4 and "bullet" in kinds
    scene = RulesScene(app, "cabrero")
    app.replace_all(scene)
    frames(app)
    assert scene.max_scroll > 0
    press(app, pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=50, flipped=False))
    frames(app)
    assert scene.scroll == 0
    click(app, scene.tabs[1].rect.center)
    assert scene.game == "chancho"
    press(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll


def test_the_table_opens_the_rules_and_settings(app: App) -> None:
    scene = table(app, players=4, seed=1)
    run_until(app, lambda: scene.can_play)
    press(app, pygame.K_F1)
    rules = top(app)
    assert isinstance(rules, RulesScene) and rules.game == "cabrero"
    press(app, pygame.K_ESCAPE)
    click(app, scene.toolbar_rects[0].center)
    pause = top(app)
    assert isinstance(pause, Dialog)
    click(app, pause.buttons[2].rect.center)
    assert isinstance(top(app), SettingsScene)
    press(app, pygame.K_ESCAPE)
    assert top(app) is scene


def test_damaged_settings_are_reported_on_the_menu(home: Path) -> None:
    (home / store.SETTINGS_FILE).write_text("{broken", encoding="utf-8")
    application = make_app()
    try:
        menu(application)
        dialog = top(application)
        assert isinstance(dialog, Dialog)
        assert "set aside" in dialog.message()
        click(application, dialog.buttons[0].rect.center)
        assert isinstance(top(application), MenuScene)
        assert list(home.glob("settings.json.damaged-*"))
    finally:
        application.close()


def test_a_saved_match_that_no_longer_replays_is_set_aside(app: App, home: Path) -> None:
    store.save_match(store.SavedMatch(record="rules: cabrero\noptions: {players: 4}\nseed: 1\n"
                                      "hands:\n  - actions: [7 play 1O]\n", level="easy"))
    scene = menu(app)
    assert scene.continue_button.visible
    click(app, scene.continue_button.rect.center)
    dialog = top(app)
    assert isinstance(dialog, Dialog) and "saved match" in dialog.message()
    click(app, dialog.buttons[0].rect.center)
    again = top(app)
    assert isinstance(again, MenuScene) and not again.continue_button.visible
    assert list(home.glob("match.json.damaged-*"))
    assert not (home / store.MATCH_FILE).exists()


def test_a_damaged_saved_match_file_is_reported(app: App, home: Path) -> None:
    (home / store.MATCH_FILE).write_text(json.dumps({"version": 1}), encoding="utf-8")
    scene = menu(app)
    assert not scene.continue_button.visible
    assert isinstance(top(app), Dialog)


def test_the_first_scene_follows_the_command_line(app: App) -> None:
    from tute.cli import build_parser
    from tute.ui.main import play_setup

    args = build_parser().parse_args(["play", "chancho", "--players", "3", "--level", "easy",
                                      "--option", "lives=2", "--seed", "4"])
    setup = play_setup(args)
    scene = first_scene(app, setup, demo=False, seed=args.seed)
    assert isinstance(scene, TableScene) and scene.session.game.options["lives"] == 2
    assert isinstance(first_scene(app, None, demo=False), MenuScene)
    demo = first_scene(app, None, demo=True)
    assert isinstance(demo, TableScene) and demo.session.demo


@pytest.mark.parametrize("command", [["play", "cabrero"], ["deal", "X"], ["review", "r.yaml"],
                                     ["lesson", "cabrero"]])
def test_window_options_before_the_subcommand_stand(command: list[str]) -> None:
    """`tute --size 800x560 --frames 9 play cabrero` opened a 1280x800 window and ran until
    closed: the subcommand's own copies of the options put their defaults over them."""
    from tute.cli import build_parser

    before = build_parser().parse_args(["--size", "800x560", "--frames", "9", "--screenshot",
                                        "s.png", "--fullscreen", "--demo", *command])
    assert (before.size, before.frames, before.screenshot, before.fullscreen) == (
        "800x560", 9, "s.png", True)
    assert before.demo
    after = build_parser().parse_args([*command, "--size", "900x600", "--frames", "3"])
    assert (after.size, after.frames, after.fullscreen) == ("900x600", 3, False)


def run_cli(*argv: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TUTE_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "tute.cli", *argv], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=60)


def test_frames_and_screenshot_from_the_command_line(home: Path) -> None:
    shot = home / "shot.png"
    out = run_cli("play", "cabrero", "--players", "4", "--level", "easy", "--frames", "40",
                  "--screenshot", str(shot), "--size", "1024x640", home=home)
    assert out.returncode == 0, out.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1024, 640)
    out = run_cli("--demo", "--frames", "3", "--screenshot", str(shot), home=home)
    assert out.returncode == 0, out.stderr


def test_bad_command_line_options_are_refused(home: Path) -> None:
    out = run_cli("play", "cabrero", "--option", "lives=lots", "--frames", "1", home=home)
    assert out.returncode == 2 and "lives" in out.stderr
    out = run_cli("play", "cabrero", "--players", "9", "--frames", "1", home=home)
    assert out.returncode == 2 and "players" in out.stderr


def test_the_game_plays_without_an_audio_device(home: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    application = make_app()
    try:
        assert not application.audio.available
        application.push(SettingsScene(application))
        scene = top(application)
        assert isinstance(scene, SettingsScene)
        assert scene.rows[4].hint == "No sound device was found"
        board = table(application, players=3, seed=2)
        run_until(application, lambda: board.can_play)
    finally:
        application.close()
