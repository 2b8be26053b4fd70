"""A key held down belongs to the screen it was pressed on (issue 40, item 1): the window's
key repeat must not carry an Enter from the menu, a dialog or a hand's result into the
table, where it would play a card. A fresh press after the key was let go acts as always."""

from __future__ import annotations

import pygame
from ui_helpers import frames, menu, run_until, table, top

from tute.ui.shell.app import App
from tute.ui.shell.dialog import Dialog
from tute.ui.table.animation import Hold
from tute.ui.table.hand_result import HandResultScene
from tute.ui.table.scene import TableScene

REPEATS = 4


def hold(app: App, key: int, repeats: int = 0) -> None:
    """Press ``key`` and keep it down: its first KEYDOWN, then ``repeats`` more as the
    window's key repeat sends them (pygame-ce marks none as a repeat), a frame after each."""
    for _ in range(1 + repeats):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        frames(app)


def release(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
    frames(app)


def played(scene: TableScene) -> int:
    return len(scene.view.hand)


def saved_table(app: App) -> None:
    """A match saved at the player's turn, and the menu offering to continue it."""
    scene = table(app, players=4, seed=3)
    run_until(app, lambda: scene.can_play)
    assert scene.controller.save_now()


def test_item1_a_held_enter_on_continue_plays_no_card(app: App) -> None:
    saved_table(app)
    start = menu(app)
    assert start.focus.focused is start.continue_button
    hold(app, pygame.K_RETURN)
    resumed = top(app)
    assert isinstance(resumed, TableScene)
    run_until(app, lambda: resumed.can_play and resumed.focus is not None)
    cards = played(resumed)
    hold(app, pygame.K_RETURN, REPEATS - 1)  # the key repeat goes on into the table
    run_until(app, lambda: resumed.can_play)
    assert played(resumed) == cards
    release(app, pygame.K_RETURN)
    assert played(resumed) == cards
    hold(app, pygame.K_RETURN)  # a fresh press plays the focused card
    release(app, pygame.K_RETURN)
    assert played(resumed) == cards - 1


def test_item1_a_held_enter_on_resume_plays_no_card(app: App) -> None:
    scene = table(app, players=4, seed=3)
    run_until(app, lambda: scene.can_play and scene.focus is not None)
    cards = played(scene)
    hold(app, pygame.K_ESCAPE)
    release(app, pygame.K_ESCAPE)
    paused = top(app)
    assert isinstance(paused, Dialog) and paused.title == "Paused"
    hold(app, pygame.K_RETURN, REPEATS)  # Resume, then the key repeat
    assert top(app) is scene and played(scene) == cards
    release(app, pygame.K_RETURN)
    hold(app, pygame.K_RETURN)
    assert played(scene) == cards - 1


def test_item1_a_held_enter_on_a_result_plays_no_card_of_the_next_hand(app: App) -> None:
    scene = table(app, players=3, seed=4)
    while not isinstance(top(app), HandResultScene):
        run_until(app, lambda: scene.can_play or isinstance(top(app), HandResultScene))
        if scene.can_play:
            hold(app, pygame.K_RETURN)
            release(app, pygame.K_RETURN)
    hold(app, pygame.K_RETURN)  # next hand
    assert top(app) is scene
    run_until(app, lambda: scene.can_play and scene.focus is not None)
    cards = played(scene)
    hold(app, pygame.K_RETURN, REPEATS)
    assert played(scene) == cards
    release(app, pygame.K_RETURN)
    hold(app, pygame.K_RETURN)
    assert played(scene) == cards - 1


def test_item1_a_key_pressed_on_a_screen_still_acts_there(app: App) -> None:
    """Only keys held across a change are held back: the arrows' repeat still moves the
    focus along the hand."""
    scene = table(app, players=4, seed=3)
    run_until(app, lambda: scene.can_play)
    frames(app)
    scene.focus = 0
    hold(app, pygame.K_RIGHT, 2)
    assert scene.focus == 3


def test_item1_a_held_enter_on_play_plays_no_card(app: App) -> None:
    from tute.ui.menus.new_game import NewGameScene

    menu(app)
    app.push(NewGameScene(app))
    frames(app)
    new_game = top(app)
    assert isinstance(new_game, NewGameScene)
    new_game.focus.focus = new_game.focus.widgets.index(new_game.play_button)
    hold(app, pygame.K_RETURN)
    scene = top(app)
    assert isinstance(scene, TableScene)
    run_until(app, lambda: scene.can_play and scene.focus is not None)
    cards = played(scene)
    hold(app, pygame.K_RETURN, REPEATS)
    assert played(scene) == cards


def test_item1_a_held_enter_on_a_question_marks_no_card_to_discard(app: App) -> None:
    """Bato: Enter held on Juego; when the discard comes, its repeats mark nothing."""
    scene = table(app, players=4, rules="bato", seed=2)
    run_until(app, lambda: scene.can_play and scene.picker is not None)
    frames(app)
    hold(app, pygame.K_RETURN)  # Juego
    run_until(app, lambda: scene.can_play and scene.session.discarding)
    frames(app)
    hold(app, pygame.K_RETURN, REPEATS)
    assert scene.selected == set()
    release(app, pygame.K_RETURN)
    hold(app, pygame.K_RETURN)
    assert len(scene.selected) == 1


def test_item1_a_held_enter_plays_one_card_only(app: App) -> None:
    scene = table(app, players=4, seed=3)
    run_until(app, lambda: scene.can_play and scene.focus is not None)
    cards = played(scene)
    hold(app, pygame.K_RETURN)
    for _ in range(REPEATS * 10):  # the key repeat, turn after turn
        run_until(app, lambda: scene.can_play or isinstance(top(app), HandResultScene))
        hold(app, pygame.K_RETURN)
    assert played(scene) == cards - 1


def test_item1_a_held_enter_on_got_it_plays_no_card(app: App) -> None:
    """The how-to-play panel over a game's first table: Enter held on Got it."""
    app.settings.introduced.remove("cabrero")
    scene = table(app, players=4, seed=3)
    assert scene.coach is not None
    frames(app)
    hold(app, pygame.K_RETURN)
    assert scene.coach is None
    run_until(app, lambda: scene.can_play and scene.focus is not None)
    cards = played(scene)
    hold(app, pygame.K_RETURN, REPEATS)
    assert played(scene) == cards


def waiting_trick(scene: TableScene) -> bool:
    return any(isinstance(a, Hold) and a.waiting for a in scene.director.running)


def test_item1_a_held_space_on_a_held_trick_plays_no_card(app: App) -> None:
    """For learners each trick waits for a key: the one that lets it go, held, must not
    play the player's next card."""
    app.settings.trick_wait = True
    scene = table(app, players=3, seed=4)
    while not waiting_trick(scene):
        run_until(app, lambda: waiting_trick(scene) or scene.can_play)
        if not waiting_trick(scene):
            hold(app, pygame.K_RETURN)
            release(app, pygame.K_RETURN)
    hold(app, pygame.K_SPACE)  # the trick goes on
    run_until(app, lambda: scene.can_play and scene.focus is not None)
    cards = played(scene)
    hold(app, pygame.K_SPACE, REPEATS)
    assert played(scene) == cards
