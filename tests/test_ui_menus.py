"""The menus by keyboard and mouse: Escape at the main menu asks before quitting, its
subtitle counts the games, the new-game screen's Tab goes from group to group and a mouse at
rest leaves the keyboard's focus alone; no text is drawn below the one minimum size."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from ui_helpers import click, frames, make_app, menu, press, top

from tute.ui.menus.menu import MenuScene
from tute.ui.menus.new_game import GameItem, NewGameScene
from tute.ui.shell.app import MIN_SIZE, App
from tute.ui.shell.dialog import Dialog
from tute.ui.widgets import theme
from tute.ui.widgets.controls import Button, Choice
from tute.ui.words.games import games


def test_escape_at_the_menu_asks_before_quitting(app: App) -> None:
    scene = menu(app)
    press(app, pygame.K_ESCAPE)
    question = top(app)
    assert isinstance(question, Dialog) and question.title == "Quit the game?"
    assert app.running
    press(app, pygame.K_RETURN)  # the focus is on Cancel
    assert top(app) is scene and app.running
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)  # Escape on the question is Cancel too
    assert top(app) is scene and app.running
    press(app, pygame.K_ESCAPE)
    quit_button = top(app).buttons[0]  # type: ignore[attr-defined]
    click(app, quit_button.rect.center)
    assert not app.running


def test_the_menus_subtitle_counts_every_game(app: App, drawn: set[str]) -> None:
    menu(app)
    assert f"{len(games())} games with the Spanish deck" in drawn
    assert not any("Chancho" in text for text in drawn)


@pytest.fixture
def drawn() -> Iterator[set[str]]:
    theme.text_log = set()
    yield theme.text_log
    theme.text_log = None


def new_game(app: App) -> NewGameScene:
    menu(app)
    scene = NewGameScene(app)
    app.push(scene)
    frames(app)
    return scene


def test_tab_goes_from_the_games_to_the_options_to_the_buttons(app: App) -> None:
    scene = new_game(app)
    focus = scene.focus
    assert isinstance(focus.focused, GameItem) and focus.focused.chosen
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)  # chooses the second game
    chosen = scene.game
    press(app, pygame.K_TAB)
    assert scene.focus.focused is scene.rows[0]
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    third = scene.focus.focused
    press(app, pygame.K_TAB)
    assert scene.focus.focused is scene.play_button
    press(app, pygame.K_TAB)  # round to the games: the one last focused there
    focused = scene.focus.focused
    assert isinstance(focused, GameItem) and focused.game == chosen
    press(app, pygame.K_TAB)
    assert scene.focus.focused is third  # the options: where the focus was left
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert isinstance(scene.focus.focused, GameItem)
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert isinstance(scene.focus.focused, Button)


def test_a_mouse_at_rest_leaves_the_keyboards_focus_alone(app: App) -> None:
    scene = new_game(app)
    rest = scene.items[5].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rest, rel=(3, 0),
                                         buttons=(0, 0, 0)))
    frames(app)
    assert scene.focus.focused is scene.items[5]  # the mouse moved there: it has the focus
    press(app, pygame.K_TAB)
    assert isinstance(scene.focus.focused, Choice)
    for nudge in ((1, 0), (0, 2), (3, 3)):  # a hand resting on the mouse
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(rest[0] + nudge[0],
                                             rest[1] + nudge[1]), rel=nudge,
                                             buttons=(0, 0, 0)))
        frames(app)
        assert isinstance(scene.focus.focused, Choice)
    far = scene.items[1].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=far, rel=(0, -40),
                                         buttons=(0, 0, 0)))
    frames(app)
    assert scene.focus.focused is scene.items[1]  # moved on purpose: the mouse leads again


def test_enter_in_the_menu_opens_the_entry_that_looks_chosen(app: App) -> None:
    """Issue 47: a mouse resting on an entry gives it the focus; Enter opens it, so it is
    the one drawn gold, and no other entry (New game) looks chosen beside it."""
    scene = menu(app)
    statistics = next(b for b in scene.buttons if b.label == "Statistics")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=statistics.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    gold = [b for b in scene.buttons if b.visible and b.gold(b is scene.focus.focused)]
    press(app, pygame.K_RETURN)
    opened = type(top(app)).__name__
    assert gold == [statistics] and opened == "StatisticsScene"


@pytest.mark.parametrize("size", [(1280, 800), MIN_SIZE])
def test_no_text_is_drawn_below_the_minimum_size(home: object, size: tuple[int, int],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    heights: list[int] = []
    rendered = theme._rendered

    def spy(message: str, *rest: object) -> pygame.Surface:
        image = rendered(message, *rest)  # type: ignore[arg-type]
        if message.strip():
            heights.append(image.get_height())
        return image

    spy.cache_clear = rendered.cache_clear  # type: ignore[attr-defined]
    monkeypatch.setattr(theme, "_rendered", spy)
    application = make_app(size, "es")
    try:
        scene = new_game(application)
        for game in games():
            scene.set_game(game)
            frames(application)
        application.push(MenuScene(application))
        frames(application)
        smallest = theme.font(theme.MIN_TEXT).get_height()
    finally:
        application.close()
    assert heights and min(heights) >= smallest


@pytest.mark.parametrize("language", ["es", "ca"])
def test_no_settings_hint_is_cut_in_the_smallest_window(home: object, language: str) -> None:
    """Issue 47: at 800x560 the deck's and the comparison's hints were cut ("cada partida
    conserva la s…"): the panel keeps the width the hints need."""
    from tute.ui.menus.settings import SettingsScene

    application = make_app(MIN_SIZE, language)
    try:
        scene = SettingsScene(application)
        application.push(scene)
        frames(application)
        hinted = [row for row in scene.rows if isinstance(row, Choice) and row.hint]
        assert hinted and not [row.label for row in hinted if row.hint_is_cut()]
    finally:
        application.close()


@pytest.mark.parametrize("language", ["es", "ca"])
@pytest.mark.parametrize("size", [(1280, 800), MIN_SIZE])
def test_the_focused_game_has_room_inside_its_ring(home: object, language: str,
                                                   size: tuple[int, int],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 47: the new-game list's focused game was cramped, its words against its focus
    ring; every word of it keeps a margin inside the ring."""
    application = make_app(size, language)
    try:
        scene = NewGameScene(application)
        application.push(scene)
        frames(application)
        item = scene.focus.focused
        assert isinstance(item, GameItem)
        drawn: list[pygame.Rect] = []
        draw = theme.draw_text

        def spy(surface: pygame.Surface, message: str, *args: object, **kw: object
                ) -> pygame.Rect:
            rect = draw(surface, message, *args, **kw)  # type: ignore[arg-type]
            drawn.append(rect)
            return rect

        monkeypatch.setattr(theme, "draw_text", spy)
        item.draw(application.screen, True)
        monkeypatch.setattr(theme, "draw_text", draw)
        margin = application.px(5)  # and most of a letter's width from its sides
        inside = item.rect.inflate(-2 * (item.font_size * 3 // 4), -2 * margin)
        assert drawn and all(inside.contains(r) for r in drawn), (item.rect, drawn)
    finally:
        application.close()
