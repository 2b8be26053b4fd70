"""The table's questions by keyboard alone (issue 52, item 2): each panel the table asks
with (a bid, juego or pass, naming trumps) and each button it offers over the hand (a
cante, the exchange of the seven) is reached by keys, drawn with the focus ring, said by
the speech as it is reached, and answered with Enter, in Spanish and Catalan."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from test_ui_every_screen_keys import heard, ring_drawn, tour
from test_ui_speech import speaking
from ui_helpers import frames, press, run_until, table, top

from tute.engine import Action
from tute.engine.actions import BID, EXCHANGE, JUEGO, PASS, SING, TRUMP
from tute.speech.backends import Recorder
from tute.ui.shell.app import App
from tute.ui.table.hand_result import HandResultScene
from tute.ui.table.scene import TableScene
from tute.ui.widgets.controls import Button, Choice, FocusList, Widget

LANGUAGES = ["es", "ca"]


def watched(app: App, rules: str, players: int, seed: int) -> tuple[TableScene, list[Action]]:
    """A table whose every answer the player gives is kept, in order."""
    scene = table(app, players=players, rules=rules, seed=seed)
    done: list[Action] = []
    perform = scene.perform

    def kept(action: Action) -> None:
        done.append(action)
        perform(action)

    scene.perform = kept  # type: ignore[method-assign]
    return scene, done


def asked(app: App, scene: TableScene, wanted: Callable[[], bool], hands: int = 1) -> bool:
    """Play on by keys (Enter answers what is asked, plays the focused card and goes on
    to the next hand) until ``wanted`` holds at the player's turn; False if ``hands``
    hands end first."""
    for _turn in range(60 * hands):
        run_until(app, lambda: scene.can_play or isinstance(top(app), HandResultScene))
        frames(app)
        if isinstance(top(app), HandResultScene):
            hands -= 1
            if not hands:
                return False
        elif wanted():
            return True
        press(app, pygame.K_RETURN)
    return False


def focus_on(app: App, focus: FocusList, widget: Widget, key: int = pygame.K_TAB) -> None:
    """Press ``key`` until ``widget`` has the focus."""
    for _i in range(len(focus.widgets) + 1):
        if focus.focused is widget:
            return
        press(app, key)
    raise AssertionError(f"{widget} never reached")


def answered(app: App, recorder: Recorder, scene: TableScene, done: list[Action],
             verb: str, language: str) -> Action:
    """The question now asked, toured by Tab (each control ringed and said), then the
    control that does ``verb`` reached and pressed with Enter: that is what is done."""
    picker = scene.picker
    assert picker is not None
    seen = tour(app, recorder, lambda: picker.focus, pygame.K_TAB, language)
    reachable = [w for w in picker.focus.widgets if w.focusable]
    assert set(map(id, seen)) == set(map(id, reachable))
    action = next((a for a in scene.session.choices() if a.verb == verb
                   and picker.widget_for(a) is not None and (verb != BID or isinstance(
                       picker.widget_for(a), Button))), None)
    assert action is not None, verb
    widget = picker.widget_for(action)
    assert widget is not None
    focus_on(app, picker.focus, widget)
    ring_drawn(app, picker.focus)
    count = len(done)
    press(app, pygame.K_RETURN)
    assert done[count:] == [action]
    return action


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bid_raised_and_made_by_keys(app: App, language: str) -> None:
    """Subastado: the bidding panel's stepper raised with Right (the new bid said), then
    its Bid button pressed: the bid made is the one shown."""
    recorder = speaking(app, language)
    scene, done = watched(app, "subastado", 4, 1)
    assert asked(app, scene, lambda: scene.picker is not None)
    picker = scene.picker
    assert picker is not None
    stepper = next(w for w in picker.focus.widgets if isinstance(w, Choice))
    focus_on(app, picker.focus, stepper)
    before, count = stepper.value, len(recorder.said(focus=True))
    press(app, pygame.K_RIGHT)
    assert stepper.value != before
    assert recorder.said(focus=True)[count:] == [heard(picker.focus.spoken())]
    action = answered(app, recorder, scene, done, BID, language)
    assert action.arg == stepper.value


@pytest.mark.parametrize("language", LANGUAGES)
def test_juego_or_pass_by_keys(app: App, language: str) -> None:
    recorder = speaking(app, language)
    scene, done = watched(app, "julepe", 4, 1)
    assert asked(app, scene, lambda: scene.picker is not None)
    assert scene.picker is not None and {a.verb for a in scene.picker.answers} >= {JUEGO, PASS}
    answered(app, recorder, scene, done, JUEGO, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_trumps_named_by_keys(app: App, language: str) -> None:
    """Butifarra: the dealer names trumps from a panel of suits, no trumps and delegating
    (the player deals the second hand)."""
    recorder = speaking(app, language)
    scene, done = watched(app, "butifarra", 4, 1)
    assert asked(app, scene, lambda: scene.picker is not None and any(
        a.verb == TRUMP for a in scene.picker.answers), hands=2)
    answered(app, recorder, scene, done, TRUMP, language)


def row_answered(app: App, recorder: Recorder, scene: TableScene, done: list[Action],
                 verb: str) -> None:
    """The buttons over the hand reached by Tab (from the hand, or from the first of them
    where no card may be played yet: the window before the draw), each ringed and said;
    the one that does ``verb`` pressed with Enter."""
    buttons = scene.actions
    target = next(b for a, b in scene.row_answers.items() if a.verb == verb)
    met: list[Widget] = []
    for _i in range(len(buttons.widgets) + 1):  # once round: the hand and every button
        count = len(recorder.said(focus=True))
        press(app, pygame.K_TAB)
        if scene.in_actions:  # not back on the hand
            assert buttons.focused is not None
            met.append(buttons.focused)
            ring_drawn(app, buttons)
            assert recorder.said(focus=True)[count:] == [heard(buttons.spoken())]
    assert set(map(id, met)) == set(map(id, buttons.widgets))
    focus_on(app, buttons, target)
    assert scene.in_actions
    ring_drawn(app, buttons)
    action = next(a for a, b in scene.row_answers.items() if b is target)
    count = len(done)
    press(app, pygame.K_RETURN)
    assert done[count:] == [action]


def offered(verb: str) -> Callable[[TableScene], bool]:
    return lambda scene: any(a.verb == verb for a in scene.row_answers)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("rules", "players", "verb"), [("guinote", 2, EXCHANGE),
                                                        ("guinote", 2, SING),
                                                        ("cabrero", 4, SING)])
def test_the_buttons_over_the_hand_by_keys(app: App, language: str, rules: str, players: int,
                                           verb: str) -> None:
    """The exchange of the seven of trumps for the muestra, and a cante, offered over the
    hand (in the first two hands of these deals): reached by Tab from the hand and
    pressed with Enter."""
    recorder = speaking(app, language)
    scene, done = watched(app, rules, players, 1)
    assert asked(app, scene, lambda: offered(verb)(scene), hands=2)
    row_answered(app, recorder, scene, done, verb)
