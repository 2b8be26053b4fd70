"""Issue 41 §3, any number of games: the new-game list takes more games than its room at
1280x800 and at the smallest window, in every language, without shrinking its text; the
keys and the mouse wheel reach every game and the list scrolls to the focused and the chosen
one. The games are the bundled ruleset files and four more beside them (a player's variants
of Cabrero under other names), so the count is the files', never written here."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pygame
import pytest
from ui_helpers import click, frames, make_app, press

from tute.resources import rules_dir
from tute.rules import ruleset
from tute.ui.menus import new_game
from tute.ui.menus.new_game import GameItem, NewGameScene
from tute.ui.shell.app import MIN_SIZE, App
from tute.ui.widgets import theme
from tute.ui.words import games

EXTRA = ("Cabrero aragonés", "Cabrero de Teruel", "Cabrero del Moncayo", "Cabrero de Huesca")


@pytest.fixture
def many_games(home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, ...]]:
    """The bundled games and the four variants, listed as bundled ones."""
    bundled = len(ruleset.bundled_names())
    folder = home / "rules"
    shutil.copytree(rules_dir(), folder)
    for i, name in enumerate(EXTRA):
        (folder / f"variant{i}.yaml").write_text(
            f"extends: cabrero\nname: {{es: {name}, en: {name}}}\n", encoding="utf-8")
    monkeypatch.setattr(ruleset, "rules_dir", lambda: folder)
    games.games.cache_clear()
    games.ruleset.cache_clear()
    listed = games.games()
    assert len(listed) == bundled + len(EXTRA)
    monkeypatch.setattr(new_game, "GAMES", listed)
    yield listed
    games.games.cache_clear()
    games.ruleset.cache_clear()


def in_view(app: App, scene: NewGameScene, item: GameItem) -> bool:
    """Drawn whole inside the list's panel, inside the window."""
    return (item.visible and scene.list_panel.contains(item.rect)
            and app.screen.get_rect().contains(scene.list_panel))


def drawn_names(app: App, scene: NewGameScene) -> set[str]:
    theme.text_log = set()
    try:
        scene.draw(app.screen)
        return set(theme.text_log)
    finally:
        theme.text_log = None


def check_view(app: App, scene: NewGameScene) -> None:
    """The rows in view lie one under another inside the panel, and their names are drawn;
    the rows out of view are not drawn, and the mouse finds nothing of them."""
    shown = [item for item in scene.items if item.visible]
    assert shown and all(in_view(app, scene, item) for item in shown)
    assert all(a.rect.bottom <= b.rect.top for a, b in pairwise(shown))
    drawn = drawn_names(app, scene)
    for item in scene.items:
        assert (games.name(item.game) in drawn) == item.visible, item.game
        assert item.visible or item.rect.bottom < 0


@pytest.mark.parametrize("size", [(1280, 800), MIN_SIZE])
@pytest.mark.parametrize("language", ["es", "en", "ca"])
def test_item3_every_game_is_reached_and_drawn_inside_the_screen(
        many_games: tuple[str, ...], size: tuple[int, int], language: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(size, language)
    try:
        monkeypatch.setattr(new_game, "GAMES", many_games[:3])
        few = NewGameScene(app).items[0].font_size
        monkeypatch.setattr(new_game, "GAMES", many_games)
        scene = NewGameScene(app)
        app.push(scene)
        frames(app)
        assert len(scene.items) == len(many_games)
        assert {item.font_size for item in scene.items} == {few}  # no shrinking per count
        assert scene.scrolls  # more games than room, at both sizes
        check_view(app, scene)

        # The keys: down the whole list, on to the options, and back up to the last game.
        assert scene.focus.focused is scene.items[0]
        for item in scene.items[1:]:
            press(app, pygame.K_DOWN)
            assert scene.focus.focused is item and in_view(app, scene, item)
            check_view(app, scene)
        press(app, pygame.K_DOWN)
        assert scene.focus.focused is scene.rows[0]
        press(app, pygame.K_UP)
        assert scene.focus.focused is scene.items[-1] and in_view(app, scene, scene.items[-1])
        for item in reversed(scene.items[:-1]):
            press(app, pygame.K_UP)
            assert scene.focus.focused is item and in_view(app, scene, item)
        # Left on the first game chooses the last one (the arrows go round): shown chosen.
        press(app, pygame.K_LEFT)
        assert scene.game == many_games[-1] and in_view(app, scene, scene.items[-1])
        check_view(app, scene)
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 800), MIN_SIZE])
def test_item3_the_wheel_scrolls_to_every_game_and_a_click_chooses_it(
        many_games: tuple[str, ...], size: tuple[int, int]) -> None:
    app = make_app(size, "es")
    try:
        scene = NewGameScene(app)
        app.push(scene)
        frames(app)
        assert not scene.items[-1].visible
        seen = {item.game for item in scene.items if item.visible}
        for _notch in many_games:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
            frames(app)
            seen |= {item.game for item in scene.items if item.visible}
            check_view(app, scene)
        assert seen == set(many_games) and in_view(app, scene, scene.items[-1])
        click(app, scene.items[-1].rect.center)
        assert scene.game == many_games[-1]
        assert in_view(app, scene, scene.items[-1])  # chosen (taller when small): in view
        for _notch in many_games:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
            frames(app)
        assert in_view(app, scene, scene.items[0]) and scene.first == 0
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 800), MIN_SIZE])
def test_item3_the_chosen_game_is_in_view_when_the_screen_opens(
        many_games: tuple[str, ...], size: tuple[int, int]) -> None:
    app = make_app(size, "ca")
    try:
        for game in (many_games[-1], many_games[len(many_games) // 2]):
            scene = NewGameScene(app, game)
            app.push(scene)
            frames(app)
            chosen = scene.items[many_games.index(game)]
            assert chosen.chosen and in_view(app, scene, chosen)
            check_view(app, scene)
            app.pop(scene)
    finally:
        app.close()
