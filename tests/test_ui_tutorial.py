"""The guided hand (its script teaches what its texts say, and the real table plays it), the
first start's offer of it, and each game's how-to-play panel on its first table."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from engine_helpers import cards
from ui_helpers import click, frames, make_app, press, run_until, table, top

from tute import store
from tute.cards import cards_of
from tute.engine import DEAL, Game, parse_action
from tute.engine.actions import DISCARD, PLAY, SING, SING_40
from tute.lessons import Step, lesson_names, load_lesson
from tute.rules import load_ruleset
from tute.stats.file import STATS_FILE
from tute.stats.writer import WRITER
from tute.ui.learning.openers import Opener, lines
from tute.ui.learning.tutorial import (
    LessonCoach,
    LessonSession,
    card_rect,
    start_tutorial,
)
from tute.ui.main import open_app
from tute.ui.menus.menu import MenuScene
from tute.ui.menus.new_game import NewGameScene
from tute.ui.menus.rules_help import RulesScene
from tute.ui.shell.app import App
from tute.ui.shell.dialog import Dialog
from tute.ui.table.hand_result import HandResultScene
from tute.ui.table.pickers import BidPicker
from tute.ui.table.scene import TableScene
from tute.ui.widgets.controls import Choice, label_text
from tute.ui.words.games import games
from tute.ui.words.games import name as games_name

CABRERO = load_lesson("cabrero")
HANDS = CABRERO.deal
PLAYS = [a.record_text() for a in CABRERO.actions]
STEPS = CABRERO.steps


# ----------------------------------------------------------------- the script
def scripted_game(upto: int) -> Game:
    """The lesson's match with its first ``upto`` actions played."""
    game = Game(load_ruleset("cabrero"), {"players": 4}, seed=0)
    game.deal(HANDS)
    for text in PLAYS[:upto]:
        game.apply(parse_action(text, 4))
    return game


def lawful(game: Game) -> set[str]:
    mask = game.obligation_mask(0)
    return {f"{c % 12 + 1}{'OCEB'[c // 12]}" for c in range(48) if mask >> c & 1}


def test_the_script_is_legal_and_ends_with_two_in_the_middle() -> None:
    game = scripted_game(len(PLAYS))
    assert game.phase == DEAL
    summary = game.summaries[-1].to_json()
    assert summary["points"] == [108, 27, 29, 6]
    assert game.marks == [0, 1, 1, 0]  # a más and a menos safe, the middle loses


def test_every_turn_of_the_player_has_its_step_asking_for_the_scripted_action() -> None:
    asked = {s.at: s.do.text() for s in STEPS if s.do is not None}
    mine = {i: text[2:] for i, text in enumerate(PLAYS) if text.startswith("0 ")}
    assert asked == mine


def test_the_lessons_are_true_at_their_moments() -> None:
    """What each text says of the position: the trumps, the cards the rules allow."""
    assert scripted_game(0).trump == 0 and scripted_game(0).mano == 1  # coins; Carmen leads
    assert lawful(scripted_game(3)) == {"4C", "5C", "6C"}  # follow suit, cannot beat the ace
    assert lawful(scripted_game(7)) == {"3E"}  # montar: only the three beats the jack
    sings = [a for a in scripted_game(8).legal_actions() if a.verb == SING]
    assert [a.arg for a in sings] == [SING_40]
    assert lawful(scripted_game(20)) == {"4O", "7O", "11O", "12O"}  # void in clubs: trump
    after = scripted_game(27)
    assert lawful(after) == {"6C"} and after.hand.win_card == cards("10O")[0]  # follow
    assert lawful(scripted_game(30)) == {"7O", "11O", "12O"}
    last = scripted_game(33)
    trumps_left = [c for c in range(12) if last.kit.deck >> c & 1 and not last.hand.played >> c & 1]
    assert trumps_left == cards("3O 11O 12O") and last.hands[2] >> cards("3O")[0] & 1


# ----------------------------------------------------------------- at the table
def lesson_of(app: App) -> LessonCoach:
    scene = top(app)
    assert isinstance(scene, TableScene) and isinstance(scene.coach, LessonCoach)
    return scene.coach


def answer(app: App, lesson: LessonCoach) -> None:
    """Do what the shown step asks, as a player would: Continue, the card asked for, the
    cante's or the swap's button, the cards to change and the button that changes them,
    or the question's answer (a bid set on its stepper first)."""
    step = lesson.due()
    assert step is not None
    if step.do is None:
        press(app, pygame.K_RETURN)
        return
    scene = lesson.table
    action = lesson.wanted(step)
    if action.verb == PLAY:
        click(app, scene.card_point(action.arg))
    elif action.verb == DISCARD:
        for card in cards_of(action.arg):
            click(app, scene.card_point(card))
        assert scene.discard_button is not None
        click(app, scene.discard_button.rect.center)
    elif scene.picker is not None:
        widget = scene.picker.widget_for(action)
        while isinstance(widget, Choice):  # the bid's stepper, focused by the lesson
            press(app, pygame.K_RIGHT)
            widget = scene.picker.widget_for(action)
        assert widget is not None
        click(app, widget.rect.center)
    else:
        click(app, scene.row_answers[action].rect.center)


def walk_lesson(app: App, game: str = "cabrero") -> Iterator[tuple[LessonCoach, Step]]:
    """The game's guided hand from the start, each step as it is shown (drawn once) to look
    at, then answered, up to the hand's result."""
    start_tutorial(app, game)
    lesson = lesson_of(app)
    while lesson.step is not None:
        run_until(app, lambda: lesson.due() is not None
                  or isinstance(top(app), HandResultScene))
        if isinstance(top(app), HandResultScene):
            return
        step = lesson.due()
        assert step is not None
        frames(app)
        yield lesson, step
        answer(app, lesson)


def play_lesson(app: App, until: int) -> LessonCoach:
    """Answer the steps until step ``until`` is shown."""
    lesson = lesson_of(app)
    while True:
        run_until(app, lambda: lesson.due() is not None)
        if lesson.index == until:
            return lesson
        answer(app, lesson)


def test_the_menu_starts_the_lesson_and_it_waits_for_each_text(app: App) -> None:
    menu = MenuScene(app)
    app.replace_all(menu)
    frames(app)
    click(app, next(b for b in menu.buttons if b.label == "Tutorial").rect.center)
    chooser = top(app)
    assert isinstance(chooser, Dialog)  # the games that have a lesson, Cabrero first
    assert [label_text(b.label) for b in chooser.buttons[:-1]] == [
        games_name(g) for g in lesson_names()]
    click(app, chooser.buttons[lesson_names().index("cabrero")].rect.center)
    lesson = lesson_of(app)
    frames(app, 200)
    assert lesson.index == 0 and lesson.table.session.needs_deal  # held before the deal
    press(app, pygame.K_RETURN)
    run_until(app, lambda: lesson.index == 1 and lesson.due() is not None)
    frames(app, 200)
    assert lesson.table.session.to_act == 1 and not lesson.table.session.game.logs[-1].actions


@pytest.mark.parametrize("game", ["butifarra", "subastado"])
def test_a_wrong_button_or_bid_in_a_lesson_says_what_it_asks(app: App, game: str) -> None:
    """Issue 47: a wrong card is told what the lesson asks; so is a wrong button or bid
    (another answer of the panel that asks), and the step still waits for its own."""
    for lesson, step in walk_lesson(app, game):
        scene = lesson.table
        wanted = step.do
        if wanted is None or scene.picker is None:
            continue
        other = next(a for a, w in scene.picker.answers.items()
                     if a != wanted and w.enabled and w.visible)
        app.toasts.clear()
        scene.perform(other)
        frames(app)
        told = [message for message, _seconds in app.toasts]
        assert told == [f"In this lesson, first choose “{lesson.button(wanted)}”."], told
        assert lesson.due() is step
        return
    raise AssertionError(f"the {game} lesson asks no question with a panel")


def test_another_card_than_the_lesson_asks_is_refused_kindly(app: App) -> None:
    start_tutorial(app)
    lesson = play_lesson(app, 4)
    scene = lesson.table
    click(app, scene.card_point(cards("5C")[0]))  # legal, but not the lesson's
    assert scene.refusal is not None and scene.refusal[1] == "In this lesson, play the four " \
        "of cups."
    click(app, scene.card_point(cards("3E")[0]))  # against the rules: the rules say why
    assert scene.refusal is not None and scene.refusal[1].startswith("You must follow cups")
    assert len(scene.session.game.logs[-1].actions) == 3
    click(app, scene.card_point(cards("4C")[0]))
    assert len(scene.session.game.logs[-1].actions) == 4


def test_the_cante_step_waits_for_the_button(app: App) -> None:
    start_tutorial(app)
    lesson = play_lesson(app, 6)
    scene = lesson.table
    click(app, scene.card_point(cards("1O")[0]))
    assert scene.refusal is not None and "Sing the 40" in scene.refusal[1]
    press(app, pygame.K_RETURN)  # the focus is on the cante's button
    assert scene.session.game.hand.cantes[0] == ["40"]


def test_the_whole_hand_then_a_real_match_and_nothing_saved_or_counted(
        app: App, home: Path) -> None:
    saved = store.SavedMatch(record="rules: cabrero\noptions: {players: 4}\nseed: 5\n"
                                    "hands: []\n", level="easy")
    store.save_match(saved)
    before = (home / store.MATCH_FILE).read_bytes()
    app.settings.introduced = []
    start_tutorial(app)
    lesson = play_lesson(app, len(STEPS) - 1)
    assert lesson.step is not None
    _title, text = lesson.words(lesson.step)
    assert "You: 108, Carmen: 27, Paco: 29 and Lola: 6" in text and "Carmen and Paco" in text
    answer(app, lesson)
    run_until(app, lambda: isinstance(top(app), HandResultScene))
    result = top(app)
    assert isinstance(result, HandResultScene)
    assert result.button.label == "Continue"  # the lesson has no next hand
    result.close()
    run_until(app, lambda: isinstance(top(app), Dialog))
    end = top(app)
    assert isinstance(end, Dialog) and end.title == "You have played your first hand"
    assert (home / store.MATCH_FILE).read_bytes() == before
    WRITER.flush()  # nothing queued for the statistics either
    assert not (home / STATS_FILE).exists()
    assert lesson.table.session.needs_deal and len(lesson.table.session.game.logs) == 1
    assert "cabrero" in store.load_settings()[0].introduced  # no opener after the lesson
    click(app, end.buttons[0].rect.center)
    new_game = top(app)
    assert isinstance(new_game, NewGameScene) and new_game.game == "cabrero"
    assert isinstance(app.scenes.scenes[0], MenuScene)


def test_escape_leaves_the_lesson_at_once_keeping_the_saved_match(app: App, home: Path
                                                                  ) -> None:
    store.save_match(store.SavedMatch(record="rules: cabrero\nhands: []\n", level="easy"))
    before = (home / store.MATCH_FILE).read_bytes()
    start_tutorial(app)
    play_lesson(app, 5)
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), MenuScene)
    assert (home / store.MATCH_FILE).read_bytes() == before


def test_closing_the_window_during_the_lesson_asks_nothing(app: App, home: Path) -> None:
    start_tutorial(app)
    play_lesson(app, 4)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app)
    assert not app.running and not (home / store.MATCH_FILE).exists()


def test_the_lesson_never_deals_a_second_hand() -> None:
    session = LessonSession(CABRERO)
    session.deal()
    for text in PLAYS:
        action = parse_action(text, 4)
        if action.seat != 0:
            assert session.decision() == action
        session.apply(action)
    assert session.decision() is None


# ----------------------------------------------------------------- the first start
def first_start(folder: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    """The game as ``tute`` starts it in ``folder`` (the tests' helper turns the offer off)."""
    monkeypatch.setenv(store.HOME_ENV, str(folder))
    args = argparse.Namespace(command=None, demo=False, frames=None, screenshot=None,
                              size=None, fullscreen=False)
    application = open_app(args, (1280, 800))
    application.settings.language = "en"
    application.apply_settings()
    application.push(MenuScene(application))
    frames(application, 2)
    return application


def test_the_first_start_offers_the_guided_hand_once(home: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    application = first_start(home, monkeypatch)
    try:
        offer = top(application)
        assert isinstance(offer, Dialog) and offer.title == "Is this your first time?"
        click(application, offer.buttons[1].rect.center)  # Not now
        assert isinstance(top(application), MenuScene)
        application.replace_all(MenuScene(application))  # back to the menu later
        frames(application)
        assert isinstance(top(application), MenuScene)
    finally:
        application.close()
    assert json.loads((home / store.SETTINGS_FILE).read_text())["tutorial_offered"] is True
    again = first_start(home, monkeypatch)
    try:
        assert isinstance(top(again), MenuScene) and not again.first_start
    finally:
        again.close()


def test_yes_to_the_offer_starts_the_lesson(home: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    application = first_start(home, monkeypatch)
    try:
        press(application, pygame.K_RETURN)
        lesson_of(application)
    finally:
        application.close()


def test_an_older_settings_file_loads_with_the_new_fields_defaulted(home: Path) -> None:
    (home / store.SETTINGS_FILE).write_text(json.dumps({"version": 1, "language": "es"}))
    settings, problem = store.load_settings()
    assert problem is None and not settings.tutorial_offered and settings.introduced == []
    assert settings.lessons_offered == []
    settings.introduced = ["dos", "bato"]
    store.save_settings(settings)
    assert store.load_settings()[0].introduced == ["dos", "bato"]


def test_a_bad_list_of_introduced_games_is_set_aside(home: Path) -> None:
    (home / store.SETTINGS_FILE).write_text(json.dumps({"version": 1, "introduced": [3]}))
    settings, problem = store.load_settings()
    assert problem is not None and "introduced" in problem.detail
    assert settings == store.Settings()


# ----------------------------------------------------------------- how to play
def test_every_game_has_a_few_lines() -> None:
    assert all(3 <= len(lines(game)) <= 5 for game in games())


@pytest.mark.parametrize("game", ["cabrero", "butifarra"])
def test_a_games_first_table_says_how_to_play_and_waits(app: App, home: Path,
                                                        game: str) -> None:
    app.settings.introduced = []
    scene = table(app, rules=game)
    assert isinstance(scene.coach, Opener)
    frames(app, 120)
    assert scene.session.needs_deal  # nothing dealt while it is read
    press(app, pygame.K_RETURN)  # Got it
    assert scene.coach is None
    assert store.load_settings()[0].introduced == [game]
    run_until(app, lambda: not scene.session.needs_deal)
    assert table(app, rules=game).coach is None  # once only


def test_read_the_rules_opens_them(app: App) -> None:
    app.settings.introduced = []
    scene = table(app, rules="dos", players=2)
    frames(app)
    opener = scene.coach
    assert isinstance(opener, Opener)
    click(app, opener.box.buttons[1].rect.center)
    assert isinstance(top(app), RulesScene) and scene.coach is None


def test_no_opener_in_a_demo_nor_a_screenshot_run(home: Path) -> None:
    application = make_app(language=None)
    try:
        assert application.settings.introduced == []
        assert table(application, demo=True).coach is None
        application.args.frames = 20
        assert table(application).coach is None
        application.args.frames = None
        assert isinstance(table(application).coach, Opener)
    finally:
        application.close()


@pytest.mark.parametrize("game", ["cabrero", "subastado", "bato", "butifarra", "guinote"])
@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_every_callout_reaches_what_it_talks_about(home: Path, size: tuple[int, int],
                                                   game: str) -> None:
    """Each step with a target rings the real thing (the hand's cards, the trumps panel,
    the mano's plate, the card asked for, the cante's button, the question's answer) and
    its pointer ends on that ring or its panel touches it: never on empty felt."""
    application = make_app(size)
    try:
        seen = 0
        for lesson, step in walk_lesson(application, game):
            target = lesson.target(step)
            if step.point:
                assert target is not None, step.title
                box = lesson.play_box if step.do is not None else lesson.box
                ring = target.inflate(application.px(10), application.px(10))
                if box.tip is None:
                    assert box.rect.colliderect(ring), step.title
                else:
                    near = ring.inflate(application.px(8), application.px(8))
                    assert near.collidepoint(box.tip) and not ring.inflate(
                        -application.px(16), -application.px(16)).collidepoint(box.tip), \
                        step.title
                if step.point == "hand":
                    scene = lesson.table
                    for i in range(len(scene.view.hand)):
                        assert target.contains(card_rect(scene, i))
                seen += 1
        assert seen == sum(bool(s.point) for s in load_lesson(game).steps)
    finally:
        application.close()


# ----------------------------------------------------------------- where a player meets it
def test_item4_the_new_game_screen_offers_a_new_games_lesson_once(app: App, home: Path
                                                                   ) -> None:
    app.settings.introduced = []
    scene = NewGameScene(app)
    app.push(scene)
    frames(app)
    scene.set_game("cabrero")
    offer = top(app)
    assert isinstance(offer, Dialog) and label_text(offer.title) == "New to Tute Cabrero?"
    click(app, offer.buttons[1].rect.center)  # Not now
    assert top(app) is scene
    scene.set_game("cabrero")
    assert top(app) is scene  # asked once
    assert store.load_settings()[0].lessons_offered == ["cabrero"]
    app.settings.introduced = ["dos"]
    scene.set_game("dos")
    assert top(app) is scene  # a game already played is not offered


def test_item4_yes_to_the_new_game_offer_starts_that_lesson(app: App, home: Path) -> None:
    app.settings.introduced = []
    scene = NewGameScene(app)
    app.push(scene)
    scene.set_game("cabrero")
    press(app, pygame.K_RETURN)
    assert lesson_of(app).file.game == "cabrero"


def test_item4_the_rules_help_opens_the_games_lesson_but_not_over_a_match(app: App) -> None:
    rules = RulesScene(app, "cabrero")
    app.replace_all(rules)
    frames(app)
    assert rules.lesson_button.visible
    click(app, rules.lesson_button.rect.center)
    assert lesson_of(app).file.game == "cabrero"
    scene = table(app)
    over = RulesScene(app, "cabrero")
    app.push(over)
    frames(app)
    assert not over.lesson_button.visible and top(app) is over and scene.coach is None


def test_item5_a_turn_with_nothing_new_only_asks_for_its_card(app: App) -> None:
    """Brisca's lesson: after the swap, a step with only ``do`` says whose turn and which
    card; the panel sits under Carmen's plate at a table of two."""
    start_tutorial(app, "brisca")
    lesson = play_lesson(app, 7)
    step = lesson.step
    assert step is not None and step.do is not None and not step.text
    assert lesson.words(step) == ("Your turn", "Play the four of clubs.")
    frames(app)
    assert lesson.play_box.rect.top >= lesson.table.layout.plate_rect(1).bottom


def test_item2_another_button_than_the_lesson_asks_does_nothing(app: App) -> None:
    """Tute a dos's lesson offers las cuarenta and las veinte together: only the 40 it asks
    for is taken."""
    start_tutorial(app, "dos")
    lesson = play_lesson(app, 16)
    scene = lesson.table
    assert len(scene.actions.widgets) == 2
    click(app, scene.actions.widgets[1].rect.center)  # las veinte, not the lesson's
    assert scene.session.game.hand.cantes[0] == []
    click(app, scene.actions.widgets[0].rect.center)
    assert scene.session.game.hand.cantes[0] == ["40"]


def test_item2_the_choice_pointer_follows_the_bid_from_stepper_to_button(app: App) -> None:
    """Subastado's bid: the pointer rings the stepper until it shows the lesson's 60, then
    the button that bids it; Pass does nothing meanwhile."""
    start_tutorial(app, "subastado")
    lesson = play_lesson(app, 2)
    step, scene = lesson.step, lesson.table
    assert step is not None and step.point == "choice"
    picker = scene.picker
    assert isinstance(picker, BidPicker)
    assert lesson.target(step) == picker.stepper.rect
    assert "“I bid 60”" in lesson.words(step)[1]
    click(app, picker.buttons[1].rect.center)  # Pass: not the lesson's answer
    assert scene.session.game.hand.auction == []
    arrow = picker.stepper.value_rect()
    click(app, (arrow.right - 4, arrow.centery))
    assert picker.stepper.value == 55 and lesson.target(step) == picker.stepper.rect
    click(app, (arrow.right - 4, arrow.centery))
    assert lesson.target(step) == picker.bid.rect
    click(app, picker.bid.rect.center)
    assert scene.session.game.hand.auction[0] == "0 bid 60"


def test_item2_the_choice_pointer_walks_the_discard_card_by_card(app: App) -> None:
    """Bato's discard: the pointer rings each card to change in turn, then the button; a
    card the lesson keeps gets a kind word and is not picked."""
    start_tutorial(app, "bato")
    lesson = play_lesson(app, 6)
    step, scene = lesson.step, lesson.table
    assert step is not None and step.point == "choice"
    five, four, ace = cards("5O 4E 1C")
    hand = scene.view.hand
    assert lesson.target(step) == card_rect(scene, hand.index(five))
    frames(app)  # the panel leaves the button and the prompt over the cards in sight
    assert scene.discard_button is not None
    prompt = [r for r in scene.texts if r.bottom <= scene.discard_button.rect.top
              and r.bottom > scene.discard_button.rect.top - app.px(60)]
    assert prompt and not any(lesson.play_box.rect.colliderect(r)
                              for r in [scene.discard_button.rect, *prompt])
    click(app, scene.card_point(ace))
    assert scene.selected == set() and scene.refusal is not None
    assert scene.refusal[1] == ("In this lesson, change the five of coins and the four of "
                                "swords.")
    click(app, scene.card_point(five))
    assert lesson.target(step) == card_rect(scene, hand.index(four))
    click(app, scene.card_point(four))
    assert scene.discard_button is not None
    assert lesson.target(step) == scene.discard_button.rect
    assert lesson.words(step)[1].endswith("then “Change 2 cards”.")
    click(app, scene.discard_button.rect.center)
    assert scene.session.game.hand.discards[0] == 2


def test_item2_the_choice_pointer_rings_contro_as_the_panel_words_it(app: App) -> None:
    """Butifarra's contro: the pointer rings the doubling panel's Contro button, the text
    names it as the button does, and Pass is not taken."""
    start_tutorial(app, "butifarra")
    lesson = play_lesson(app, 4)
    step, scene = lesson.step, lesson.table
    assert step is not None and step.do is not None and scene.picker is not None
    contro = scene.picker.widget_for(step.do)
    assert contro is not None and lesson.target(step) == contro.rect
    assert "“Contro (stakes ×4)”" in lesson.words(step)[1]
    click(app, scene.picker.buttons[1].rect.center)  # Pass
    assert scene.session.game.hand.doubles == 0
    click(app, contro.rect.center)
    assert scene.session.game.hand.doubles == 1


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_item2_the_caption_of_a_question_leaves_the_question_in_sight(home: Path,
                                                                      size: tuple[int, int]
                                                                      ) -> None:
    """Bato's juego and Butifarra's contro: the caption sits over the question panel, as
    wide as it, covering neither its title and lines nor a player's plate."""
    application = make_app(size)
    try:
        for game, index in (("bato", 2), ("butifarra", 4)):
            start_tutorial(application, game)
            lesson = play_lesson(application, index)
            frames(application)
            scene = lesson.table
            assert scene.picker is not None
            box = lesson.play_box.rect
            assert not box.colliderect(scene.picker.rect), game
            assert not any(box.colliderect(scene.layout.plate_rect(s)) for s in range(4)), game
    finally:
        application.close()
