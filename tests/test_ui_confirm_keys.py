"""Enter answers a question, the arrows change the answer (issue 40, items 2 and 9): the
bid stepper's Enter bids the value shown, and Bato's discard is confirmed from the
keyboard."""

from __future__ import annotations

import pygame
from ui_helpers import click, frames, press, run_until, table

from tute.cards import cards_of
from tute.ui.shell.app import App
from tute.ui.table.scene import TableScene
from tute.ui.widgets.controls import Choice


def first_bid(app: App) -> tuple[TableScene, Choice]:
    """Subastado's table at the player's first bid, and its bid stepper."""
    scene = table(app, players=4, rules="subastado", seed=2)
    run_until(app, lambda: scene.picker is not None and scene.can_play)
    picker = scene.picker
    assert picker is not None
    stepper = picker.above[0]
    assert isinstance(stepper, Choice)
    return scene, stepper


def test_the_bid_stepper_works_from_the_keyboard(app: App) -> None:
    scene, stepper = first_bid(app)
    assert scene.picker is not None and scene.picker.focus.focused is stepper
    first = stepper.value
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert stepper.value == first + 10
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    frames(app)
    assert f"0 bid {first + 10}" in scene.session.game.hand.auction


def test_item2_enter_on_the_bid_stepper_bids_the_value_shown(app: App) -> None:
    scene, stepper = first_bid(app)
    press(app, pygame.K_RIGHT)
    shown = stepper.value
    press(app, pygame.K_RETURN)
    frames(app)
    assert f"0 bid {shown}" in scene.session.game.hand.auction


def test_item2_a_click_on_the_bid_label_changes_nothing(app: App) -> None:
    scene, stepper = first_bid(app)
    picker = scene.picker
    shown = stepper.value
    click(app, (stepper.rect.x + 10, stepper.rect.centery))
    assert stepper.value == shown and scene.picker is picker


def discarding_table(app: App) -> TableScene:
    """Bato, seed 2: the player says Juego (Enter on the panel) and is to discard."""
    scene = table(app, players=4, rules="bato", seed=2)
    run_until(app, lambda: scene.can_play)
    press(app, pygame.K_RETURN)  # Juego
    run_until(app, lambda: scene.can_play and scene.session.discarding)
    frames(app)
    assert scene.focus is not None
    return scene


def test_item9_ctrl_enter_changes_the_marked_cards(app: App) -> None:
    scene = discarding_table(app)
    marked = scene.view.hand[scene.focus or 0]
    press(app, pygame.K_RETURN)  # Enter marks the focused card
    assert scene.selected == {marked} and scene.session.discarding
    press(app, pygame.K_RETURN, pygame.KMOD_CTRL)
    frames(app)
    assert not scene.session.discarding
    assert marked not in cards_of(scene.session.game.observation(0).hand)


def test_item9_tab_reaches_the_change_button_and_goes_back_to_the_hand(app: App) -> None:
    scene = discarding_table(app)
    press(app, pygame.K_RIGHT)
    marked = scene.view.hand[scene.focus or 0]
    press(app, pygame.K_SPACE)
    press(app, pygame.K_TAB)
    assert scene.in_actions and scene.actions.focused is scene.actions.widgets[0]
    press(app, pygame.K_TAB)  # past the last button: the hand again
    assert not scene.in_actions and scene.session.discarding
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # back to the (last) button
    assert scene.in_actions
    press(app, pygame.K_RETURN)
    frames(app)
    assert not scene.session.discarding
    assert marked not in cards_of(scene.session.game.observation(0).hand)


def test_item9_the_rules_key_list_names_the_confirming_key(app: App) -> None:
    from tute.ui.menus.rules_help import rules_text

    for lang, key in (("en", "Ctrl+Enter"), ("es", "Ctrl+Intro"), ("ca", "Ctrl+Retorn")):
        keys = rules_text("bato", lang).split("\n## ")[-1]
        assert key in keys and "Tab" in keys, lang
