"""The new-game screen's options (issue 40, item 6): a click on an option's name focuses it
and changes nothing, and each game keeps its choices while the player looks at another
game, on leaving the screen and in the settings file for the next start."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
from ui_helpers import click, frames, make_app, menu, top

from tute import store
from tute.ui.menus.new_game import GAMES, NewGameScene
from tute.ui.shell.app import App

CHOSEN = {"players": 6, "losers": "second", "no_cargar": True}
"""Cabrero's choices away from its defaults (4 players, middle, loading allowed)."""


def new_game(app: App, game: str = "cabrero") -> NewGameScene:
    menu(app)
    app.push(NewGameScene(app, game))
    frames(app)
    screen = top(app)
    assert isinstance(screen, NewGameScene) and screen.game == game
    return screen


def choose(app: App, screen: NewGameScene, name: str, value: object) -> None:
    """Click the option's value (its right arrow) until it shows ``value``."""
    row = screen.option_rows[name]
    for _ in range(len(row.values)):
        if row.value == value:
            return
        box = row.value_rect()
        click(app, (box.right - 4, box.centery))
    assert row.value == value, name


def test_item6_a_click_on_an_options_name_focuses_it_and_changes_nothing(app: App) -> None:
    screen = new_game(app, "butifarra")
    row = screen.option_rows["sant_vicenc"]
    before = row.value
    click(app, (row.rect.x + row.font_size * 2, row.rect.centery))
    assert row.value == before and screen.values["sant_vicenc"] == before
    assert screen.focus.focused is row
    box = row.value_rect()
    click(app, (box.right - 4, box.centery))  # the value itself still changes it
    assert row.value != before


def test_item6_choices_survive_a_look_at_another_game(app: App) -> None:
    screen = new_game(app)
    for name, value in CHOSEN.items():
        choose(app, screen, name, value)
    other = screen.items[GAMES.index("brisca")]
    screen.reveal(GAMES.index("brisca"))  # the list scrolls it into view (the mouse's way)
    frames(app)
    click(app, other.rect.center)
    assert screen.game == "brisca"
    click(app, screen.items[GAMES.index("cabrero")].rect.center)
    assert screen.game == "cabrero"
    assert {name: screen.option_rows[name].value for name in CHOSEN} == CHOSEN


def test_item6_choices_are_remembered_for_the_next_start(app: App, home: Path) -> None:
    screen = new_game(app)
    for name, value in CHOSEN.items():
        choose(app, screen, name, value)
    click(app, screen.items[GAMES.index("brisca")].rect.center)
    click(app, screen.back_button.rect.center)
    saved = json.loads((home / store.SETTINGS_FILE).read_text(encoding="utf-8"))
    assert {k: saved["games"]["cabrero"]["options"][k] for k in CHOSEN} == CHOSEN
    later = make_app(language=None)  # the next start reads the settings file
    try:
        again = new_game(later)
        assert {name: again.option_rows[name].value for name in CHOSEN} == CHOSEN
    finally:
        later.close()


def test_item6_settings_without_per_game_choices_still_load(home: Path) -> None:
    """A settings file of an older version: no ``games``; its last table's options are
    offered for that game."""
    (home / store.SETTINGS_FILE).write_text(json.dumps({
        "version": store.SETTINGS_VERSION, "language": "en",
        "setup": {"rules": "cabrero", "level": "easy", "options": {"players": 5}}}),
        encoding="utf-8")
    settings, problem = store.load_settings()
    assert problem is None and settings.games == {}
    application = make_app(language=None)
    try:
        assert new_game(application).option_rows["players"].value == 5
    finally:
        application.close()


def test_item6_choices_are_kept_when_the_window_closes_on_the_screen(app: App,
                                                                       home: Path) -> None:
    screen = new_game(app)
    choose(app, screen, "players", 5)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app)
    assert not app.running
    saved = json.loads((home / store.SETTINGS_FILE).read_text(encoding="utf-8"))
    assert saved["games"]["cabrero"]["options"]["players"] == 5
