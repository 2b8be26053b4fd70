"""The hand review on screen, driven by posted events: from the hand's result, from the
menu's records and a typed path; trick by trick with the arrows and the buttons; back."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame
import pytest
from ui_helpers import click, frames, make_app, press, review_loaded, run_until, table, top

from tute import review, store
from tute.ai import make_player
from tute.engine import Game, parse_action
from tute.engine import events as ev
from tute.engine.record import dump_record, record_from_text
from tute.lessons import load_lesson
from tute.review import Decision
from tute.rules import load_ruleset
from tute.ui.learning.tutorial import LessonSession, start_tutorial
from tute.ui.menus.menu import MenuScene
from tute.ui.practice.review import ReviewScene
from tute.ui.practice.review_records import RecordsScene, open_review
from tute.ui.shell.app import MIN_SIZE, App
from tute.ui.shell.dialog import Dialog
from tute.ui.table.hand_result import HandResultScene
from tute.ui.table.scene import TableScene
from tute.ui.table.session import Session
from tute.ui.table.verdicts import note, reason
from tute.ui.widgets import theme
from tute.ui.widgets.controls import label_text


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small search budget: the screen is the same at any."""
    monkeypatch.setattr(review, "ITERATIONS", 4)


@cache
def butifarra_record() -> str:
    """A Butifarra hand (trumps named or delegated, doubles) played by the medium level."""
    game = Game(load_ruleset("butifarra"), {}, 3)
    players = [make_player("medium", seed=s) for s in range(game.n)]
    game.deal()
    while not game.summaries:
        seat = game.current_player
        assert seat is not None
        game.apply(players[seat].choose(game.observation(seat)))
    return dump_record(game)


def play_a_hand(app: App) -> TableScene:
    """A Cabrero hand played by clicks on each first legal card, up to its result."""
    scene = table(app, seed=4)
    while not isinstance(top(app), HandResultScene):
        run_until(app, lambda: scene.can_play or isinstance(top(app), HandResultScene))
        if scene.can_play:
            card = next(c for c in scene.view.hand if c in scene.session.playable())
            click(app, scene.card_point(card))
    return scene


@pytest.fixture(autouse=True)
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screens are under test here, not the analysis (tests/test_review.py): fewer
    guesses per decision keep the worker quick on a busy machine."""
    monkeypatch.setattr(review, "ITERATIONS", 8)


def test_the_hands_result_opens_its_review_and_back(app: App) -> None:
    play_a_hand(app)
    result = top(app)
    assert isinstance(result, HandResultScene)
    click(app, result.review_button.rect.center)
    scene = top(app)
    assert isinstance(scene, ReviewScene) and scene.choices == []
    assert scene.animating()  # the progress bar, while the hard level weighs
    scene = review_loaded(app)
    assert scene.seat == 0 and scene.page == 0
    pages = scene.review.pages if scene.review else ()
    assert [p.trick for p in pages] == list(range(1, 11))
    assert not scene.previous_button.enabled and scene.next_button.enabled
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.page == 2
    press(app, pygame.K_LEFT)
    assert scene.page == 1
    click(app, scene.next_button.rect.center)
    assert scene.page == 2
    click(app, scene.previous_button.rect.center)
    assert scene.page == 1
    for _ in range(12):
        press(app, pygame.K_RIGHT)
    assert scene.page == 9 and not scene.next_button.enabled
    press(app, pygame.K_ESCAPE)
    assert top(app) is result
    click(app, result.review_button.rect.center)
    assert review_loaded(app).review is not None  # weighed again: the same hand, at once or soon
    click(app, top(app).back_button.rect.center)  # type: ignore[attr-defined]
    assert top(app) is result


def test_every_decision_gets_a_note_in_words(app: App) -> None:
    scene = play_a_hand(app)
    record = record_from_text(dump_record(scene.session.game))
    assert open_review(app, record, browse=False)
    shown = review_loaded(app)
    assert shown.review is not None
    for d in shown.review.decisions:
        text = note(d, shown.review.unit, shown.names)
        assert text.startswith("You played the ") and " of " in text
        agreed = "the hard level agrees" in text or "the hard level finds it as good" in text
        assert agreed == d.agrees and ("the hard level would have" in text) != d.agrees
        if not d.agrees and d.gain:
            assert "marks better on average" in text
    for page in range(len(shown.review.pages)):  # every page draws
        shown.page = page
        shown.draw(app.screen)


def test_a_cante_the_hard_level_would_not_sing_is_told_as_a_cante_with_its_certainty(
        app: App) -> None:
    """The lesson's moment to sing the 40 (a Cabrero hand), reviewed as if the hard level
    had led the ace instead: the note says how sure it is, the reason speaks of the cante."""
    session = LessonSession(load_lesson("cabrero"))
    session.deal()
    for action in session.script[:8]:
        session.apply(action)
    obs = session.game.observation(0)
    sang, led = parse_action("0 sing 40", 4), parse_action("0 play 1O", 4)
    assert sang in obs.legal and led in obs.legal
    names = ["You", "Carmen", "Paco", "Lola"]
    fairly = Decision(obs, sang, led, 0.2, 3.0)
    assert note(fairly, review.MARKS, names) == (
        "You chose: Sing the 40 — the hard level would have played the ace of coins (about "
        "0.2 marks better on average; the hard level is fairly sure of it)")
    assert "is sure of it" in note(Decision(obs, sang, led, 0.2, 9.0), review.MARKS, names)
    assert reason(fairly, names).startswith(
        "Singing shows everyone that you hold the king and the horse of coins")
    within = Decision(obs, sang, led, 0.0, 1.1)
    assert "within the scatter of its guesses" in note(within, review.MARKS, names)
    assert within.agrees


def test_the_lessons_result_offers_no_review(app: App) -> None:
    """The lesson's moves are the script's: not the player's decisions to be reviewed."""
    start_tutorial(app)
    lesson = top(app)
    assert isinstance(lesson, TableScene)
    session = lesson.session
    assert isinstance(session, LessonSession)
    events = session.deal()
    for action in session.script:
        events += session.apply(action)
    scored = next(e for e in events if isinstance(e, ev.HandScored))
    assert not HandResultScene(app, lesson, scored).review_button.visible


def test_the_table_keeps_a_finished_matchs_record(app: App) -> None:
    game = Game(load_ruleset("cabrero"), {"players": 3}, 2)
    players = [make_player("medium", seed=s) for s in range(game.n)]
    while not game.is_over:
        if game.phase == "deal":
            game.deal()
            continue
        seat = game.current_player
        assert seat is not None
        game.apply(players[seat].choose(game.observation(seat)))
    scene = TableScene(app, Session(game, "medium", demo=False))
    app.replace_all(scene)
    frames(app, 3)
    kept = store.recent_records()
    assert len(kept) == 1 and kept[0].name.endswith("-cabrero.yaml")
    assert kept[0].read_text(encoding="utf-8") == dump_record(game)


def test_the_menu_lists_kept_records_and_opens_one_by_seat_and_hand(app: App) -> None:
    scene = play_a_hand(app)
    store.keep_record(dump_record(scene.session.game), "cabrero")
    menu = MenuScene(app)
    app.replace_all(menu)
    frames(app)
    click(app, next(b for b in menu.buttons if b.label == "Review a record").rect.center)
    records = top(app)
    assert isinstance(records, RecordsScene) and len(records.rows) == 1
    click(app, records.rows[0].rect.center)
    shown = review_loaded(app)
    assert [c.label for c in shown.choices] == ["Hand", "Seat"]
    seat = shown.choices[1]
    seat.adjust(1)
    assert shown.seat == 1
    shown = review_loaded(app)
    assert shown.review is not None and shown.review.seat == 1
    press(app, pygame.K_ESCAPE)
    assert top(app) is records
    press(app, pygame.K_ESCAPE)
    assert top(app) is menu


def test_review_a_record_lists_an_own_rules_match_by_its_name(app: App,
                                                              tmp_path: Path) -> None:
    """Issue 47: a match under the player's own ruleset is listed by the ``name:`` its file
    gives, not by the file's name (even one that a bundled game also has)."""
    for stem in ("mine", "chancho"):
        own = tmp_path / stem / f"{stem}.yaml"
        own.parent.mkdir()
        own.write_text("extends: cabrero\nname: {es: Mi tute, en: My tute}\n",
                       encoding="utf-8")
        rules = load_ruleset(own)
        game = Game(rules, {"players": 3}, seed=5)
        store.keep_record(dump_record(game), rules.id, when=1_700_000_000.0 + len(stem))
    records = RecordsScene(app)
    app.push(records)
    frames(app)
    labels = [label_text(row.label) for row in records.rows]
    assert len(labels) == 2 and all(label.startswith("My tute · ") for label in labels)


def test_a_typed_path_of_a_bad_file_is_named_with_its_problem(app: App,
                                                              tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("rules: cabrero\nhands:\n  - deal: [[1O, 99X]]\n", encoding="utf-8")
    records = RecordsScene(app)
    app.push(records)
    frames(app)
    assert records.rows == [] and records.focus.focused is records.field
    for path in (str(bad), str(tmp_path / "missing.yaml")):
        records.field.text = ""
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=path))
        frames(app)
        assert records.field.text == path
        press(app, pygame.K_RETURN)
        dialog = top(app)
        assert isinstance(dialog, Dialog)
        message = dialog.message() if callable(dialog.message) else dialog.message
        assert message.startswith(path)
        assert "line 3" in message or "cannot read" in message
        press(app, pygame.K_RETURN)
        assert top(app) is records
    press(app, pygame.K_BACKSPACE)
    assert records.field.text == str(tmp_path / "missing.yam")
    muted = app.settings.muted
    press(app, pygame.K_m)  # a letter of the path being typed, not the mute key
    assert app.settings.muted == muted


@pytest.mark.parametrize("size", [(1280, 800), MIN_SIZE])
@pytest.mark.parametrize("language", ["es", "ca", "en"])
def test_the_review_screens_fit_in_every_language(home: Path, language: str,
                                                  size: tuple[int, int]) -> None:
    """Every boxed text of the review and the records list fits its box, at the usual and
    the smallest window."""
    application = make_app(size, language)
    theme.fit_log = []
    try:
        store.keep_record(butifarra_record(), "butifarra")
        records = RecordsScene(application)
        application.push(records)
        frames(application)
        click(application, records.rows[0].rect.center)
        shown = review_loaded(application)
        assert shown.review is not None
        for page in range(len(shown.review.pages)):
            shown.page = page
            shown.draw(application.screen)
        fits = theme.fit_log
    finally:
        theme.fit_log = None
        application.close()
    assert fits
    assert not [(m, rect.width, box.width) for m, rect, box, _s, _a in fits
                if rect.left < box.left - 1 or rect.right > box.right + 1]
    assert not [(m, drawn, asked) for m, _r, _b, drawn, asked in fits if drawn < 0.75 * asked]
