"""Lessons at the table for games that ask questions on a panel (issue 42): a step's
``choice`` points at the panel's widget that takes its action, the caption keeps the panel's
words in sight, and ``{sides}`` says each side's players and points at the result."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from ui_helpers import frames, make_app, press, run_until, top

from tute.cards import parse_card
from tute.engine import Action
from tute.lessons import Step
from tute.ui.learning.tutorial import LessonCoach, start_tutorial
from tute.ui.shell.app import App
from tute.ui.table.pickers import CardButton
from tute.ui.table.scene import TableScene
from tute.ui.widgets.controls import label_text


@pytest.fixture(params=[(1280, 800), (800, 560)], ids=["1280x800", "800x560"])
def small_app(home: object, request: pytest.FixtureRequest) -> Iterator[App]:
    application = make_app(request.param)
    yield application
    application.close()


def lesson_at(app: App, game: str, number: int) -> tuple[LessonCoach, Step]:
    """The lesson of ``game`` with its step ``number`` (from 1) shown."""
    start_tutorial(app, game, upto=number - 1)
    scene = top(app)
    assert isinstance(scene, TableScene) and isinstance(scene.coach, LessonCoach)
    coach = scene.coach
    run_until(app, lambda: coach.index == number - 1 and coach.due() is not None)
    frames(app, 2)
    step = coach.due()
    assert step is not None
    return coach, step


@pytest.mark.parametrize(("number", "action"), [(3, "0 juego"), (4, "0 trump O"),
                                                (5, "0 call 1O")])
def test_item42_a_lesson_points_at_the_panels_answer(small_app: App, number: int,
                                                     action: str) -> None:
    coach, step = lesson_at(small_app, "codillo", number)
    assert step.do is not None and step.do.record_text() == action and step.point == "choice"
    picker = coach.table.picker
    assert picker is not None
    widget = picker.answers[step.do]
    assert coach.target(step) == widget.rect
    assert picker.focus.focused is widget  # Enter answers what the lesson asks
    assert not coach.play_box.rect.colliderect(picker.rect)  # the panel's words stay seen
    assert coach.play_box.tip is not None and widget.rect.inflate(
        small_app.px(18), small_app.px(18)).collidepoint(coach.play_box.tip)
    press(small_app, pygame.K_RETURN)
    assert coach.table.session.game.logs[-1].actions[-1] == step.do


def test_item42_the_card_called_is_named_by_its_button(app: App) -> None:
    coach, step = lesson_at(app, "codillo", 5)
    assert step.do is not None
    picker = coach.table.picker
    assert picker is not None
    widget = picker.widget_for(step.do)
    assert isinstance(widget, CardButton) and widget.card == parse_card("1O")
    assert coach.button(step.do) == label_text(widget.label) == "the ace of coins"
    assert picker.widget_for(Action(0, "call", parse_card("3O"))) is None  # his own card


def test_item42_sides_name_each_sides_players_and_points(app: App) -> None:
    coach, step = lesson_at(app, "codillo", 17)
    assert step.at > len(coach.file.actions)  # the result
    names = coach.table.names
    _title, text = coach.words(step)
    assert f"{names[0]} and {names[3]}: 98; {names[1]} and {names[2]}: 32" in text


def test_item42_with_three_the_caption_leaves_the_trick_in_sight(small_app: App) -> None:
    coach, _step = lesson_at(small_app, "arrastrado", 5)  # follow suit: the trick is the point
    trick = coach.target(Step(0, {}, {}, "trick"))
    assert trick is not None and not coach.play_box.rect.colliderect(trick)
