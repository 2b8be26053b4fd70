"""The keyboard at the table: focus starts on a card that may be played and stays when the
pointer leaves the hand; Esc on a hand's result opens the menu rather than dealing."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import frames, press, run_until, table, top

from tute.ui.shell.app import App
from tute.ui.shell.dialog import Dialog
from tute.ui.table.hand_result import HandResultScene


@pytest.mark.parametrize(("rules", "players"), [("cabrero", 4), ("dos", 2)])
def test_focus_starts_on_a_legal_card_every_turn(app: App, rules: str, players: int) -> None:
    """Enter alone plays turn after turn; in Tute a dos the draw after each trick keeps the
    hand's size, so a new turn is told by the play, not by the hand."""
    scene = table(app, players=players, rules=rules, seed=1)
    turns = 0
    while turns < 10:
        run_until(app, lambda: scene.can_play or isinstance(top(app), HandResultScene))
        if isinstance(top(app), HandResultScene):
            break
        frames(app)
        assert scene.focus is not None
        assert scene.view.hand[scene.focus] in scene.session.lawful()
        press(app, pygame.K_RETURN)
        turns += 1
    assert turns == 10


def test_the_focus_stays_when_the_pointer_leaves_the_hand(app: App) -> None:
    scene = table(app, players=4, seed=1)
    run_until(app, lambda: scene.can_play)
    frames(app)
    last = scene.hand_count() - 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.card_point(
        scene.view.hand[last]), rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    assert scene.focus == last
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app)
    assert scene.focus == last


def test_escape_on_the_result_opens_the_menu(app: App) -> None:
    scene = table(app, players=3, seed=4)
    while not isinstance(top(app), HandResultScene):
        run_until(app, lambda: scene.can_play or isinstance(top(app), HandResultScene))
        if scene.can_play:
            press(app, pygame.K_RETURN)
    result = top(app)
    press(app, pygame.K_ESCAPE)
    menu = top(app)
    assert isinstance(menu, Dialog) and menu.title == "Paused"
    assert len(scene.session.game.summaries) == 1
    press(app, pygame.K_ESCAPE)
    assert top(app) is result
    press(app, pygame.K_RETURN)
    assert top(app) is scene
