"""Every screen in Spanish and Catalan shows Spanish and Catalan: no catalog metadata (an
empty message once came back from gettext as the catalog's header, in the pause dialog) and
no English message that the catalog translates."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from functools import cache

import pygame
import pytest
from babel.messages.pofile import read_po
from ui_helpers import frames, make_app, press, review_loaded, run_until, table, top

from tute import catalogs, i18n, review, store
from tute.engine.actions import ACCUSE
from tute.engine.record import dump_record, record_from_text
from tute.lessons import load_lesson
from tute.rules import load_ruleset
from tute.stats import file as stats_file
from tute.stats.hands import HandRecord
from tute.ui.learning.tutorial import start_tutorial
from tute.ui.menus.match_end import MatchEndScene
from tute.ui.menus.menu import MenuScene
from tute.ui.menus.new_game import NewGameScene
from tute.ui.menus.rules_help import RulesScene
from tute.ui.menus.settings import SettingsScene
from tute.ui.menus.statistics import StatisticsScene
from tute.ui.practice.review_records import RecordsScene, open_review
from tute.ui.shell.app import MIN_SIZE, App
from tute.ui.table.hand_result import HandResultScene
from tute.ui.table.scene import TableScene
from tute.ui.widgets import theme
from tute.ui.words.games import games

METADATA = ("Project-Id-Version", "Report-Msgid-Bugs-To", "POT-Creation-Date",
            "PO-Revision-Date", "Last-Translator", "Language-Team", "MIME-Version",
            "Content-Type", "Content-Transfer-Encoding", "Plural-Forms", "Generated-By")
"""The header fields of a gettext catalog: never text for a player."""


@pytest.fixture
def drawn() -> Iterator[set[str]]:
    theme.text_log = set()
    yield theme.text_log
    theme.text_log = None


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's words are under test, not its search."""
    monkeypatch.setattr(review, "ITERATIONS", 4)


@cache
def english(lang: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each English message that ``lang`` translates into something else, as a pattern that
    finds it in a drawn text, its blanks filled by anything."""
    found = []
    for domain, langs in catalogs.LANGUAGES.items():
        if lang not in langs:
            continue
        with open(catalogs.source(lang, domain), "rb") as f:
            po = read_po(f, locale=lang)
        for m in po:
            ids = m.id if isinstance(m.id, tuple | list) else (m.id,)
            forms = m.string if isinstance(m.string, tuple | list) else (m.string,)
            for message in ids:
                if not message or any(message in form for form in forms):
                    continue  # the same ("Tute"), or within it ("Juego!": "¡Juego!")
                parts = list(string.Formatter().parse(message))
                letters = sum(c.isalpha() for lit, *_r in parts for c in lit)
                if letters < 4:
                    continue  # "{a} · {b}", "OK": nothing that tells a language
                body = "".join(re.escape(lit) + (".+?" if name is not None else "")
                               for lit, name, _s, _c in parts)
                found.append((message, re.compile(rf"(?<!\w){body}(?!\w)")))
    return tuple(found)


def play_hand(app: App, game: str) -> TableScene:
    """A hand of ``game`` played by Enter (the focused card or button), up to its result,
    with the pause dialog, the play log and the leave question opened on the way."""
    players = load_ruleset(game).options["players"].default
    assert isinstance(players, int)
    scene = table(app, players=players, rules=game, seed=2)
    app.settings.trick_wait = False
    paused = False
    for _turn in range(2000):
        # the player's turn, the result, or a still table with no computer thinking: a
        # computer's turn must not spend the turns (Manilla's 48 cards did, on a fast run)
        run_until(app, lambda: scene.can_play or isinstance(top(app), HandResultScene)
                  or (not scene.director.animating and scene.session.thinking is None))
        if isinstance(top(app), HandResultScene):
            break
        if not paused and scene.can_play:
            paused = True
            press(app, pygame.K_ESCAPE)  # the pause dialog
            press(app, pygame.K_ESCAPE)
            scene.open_log()
            frames(app)
            press(app, pygame.K_ESCAPE)
            scene.confirm_leave()
            frames(app)
            press(app, pygame.K_ESCAPE)
        before = len(scene.session.game.logs[-1].actions) if scene.session.game.logs else 0
        press(app, pygame.K_RETURN)
        if scene.can_play and before == len(scene.session.game.logs[-1].actions):
            # A picker, or no card in focus: what a click would do.
            scene.perform(next(a for a in scene.session.game.legal_actions()
                               if a.verb != ACCUSE))
    result = top(app)
    assert isinstance(result, HandResultScene)
    frames(app, 30)
    app.push(MatchEndScene(app, scene))
    frames(app, 30)
    return scene


def tour(app: App) -> None:
    """Every screen and dialog a player meets, with something on each to show."""
    menu = MenuScene(app)
    app.replace_all(menu)
    frames(app)
    press(app, pygame.K_ESCAPE)  # "Quit the game?"
    press(app, pygame.K_ESCAPE)
    assert app.running
    stats_file.save(stats_file.Stats([
        stats_file.MatchRecord(game, 4, "medium", {}, seed=i, finished=1.0, won=i % 2 == 0,
                               hands=[HandRecord("won" if k % 3 else "lost", k * 7 % 72)
                                      for k in range(12)])
        for i, game in enumerate(games())]))
    new_game = NewGameScene(app)
    app.push(new_game)
    for game in games():
        new_game.set_game(game)
        frames(app)
    app.replace_all(menu)
    for screen in (SettingsScene(app), StatisticsScene(app)):
        app.push(screen)
        frames(app)
        if isinstance(screen, StatisticsScene):
            screen.confirm_reset()
            frames(app)
        app.replace_all(menu)
    for game in games():
        app.push(RulesScene(app, game))
        frames(app)
        app.replace_all(menu)
    start_tutorial(app)
    lesson_table = top(app)
    for _step in load_lesson("cabrero").steps:
        run_until(app, lambda: isinstance(top(app), HandResultScene) or (
            lesson_table.coach is not None and lesson_table.coach.due() is not None))
        if isinstance(top(app), HandResultScene):
            break
        press(app, pygame.K_RETURN)  # Continue, the focused card or the cante's button
    run_until(app, lambda: isinstance(top(app), HandResultScene))
    frames(app, 30)
    played = [play_hand(app, game) for game in games()]
    result = top(app)
    assert isinstance(result, MatchEndScene)
    app.pop(result)
    assert isinstance(top(app), HandResultScene)
    top(app).open_review()  # type: ignore[attr-defined]
    review_loaded(app)
    frames(app)
    record = dump_record(played[0].session.game)
    store.keep_record(record, games()[0])
    app.replace_all(menu)
    app.push(RecordsScene(app))
    frames(app)
    assert open_review(app, record_from_text(record, "record"))
    review_loaded(app)
    frames(app)


def problems(texts: set[str], lang: str) -> list[str]:
    out = [f"catalog metadata: {t!r}" for t in texts if any(k in t for k in METADATA)]
    for message, pattern in english(lang):
        out += [f"English {message!r} in {t!r}" for t in texts if pattern.search(t)]
    return out


@pytest.mark.parametrize("size", [(1280, 800), MIN_SIZE])
@pytest.mark.parametrize("language", ["es", "ca"])
def test_every_screen_speaks_the_players_language(home: object, drawn: set[str],
                                                  language: str, size: tuple[int, int]
                                                  ) -> None:
    application = make_app(size, language)
    try:
        tour(application)
    finally:
        application.close()
        i18n.set_language("en")
    assert len(drawn) > 400
    assert problems(drawn, language) == []


def test_an_empty_message_is_never_translated_into_the_catalog_header() -> None:
    try:
        for lang in ("es", "ca"):
            i18n.set_language(lang)
            assert i18n._("") == "" and i18n.pgettext("card", "") == ""
    finally:
        i18n.set_language("en")


def test_the_check_finds_metadata_and_english() -> None:
    texts = {"Project-Id-Version: PROJECT VERSION", "Nueva partida", "New game",
             "Carmen plays for 70", "Carmen juega por 70"}
    found = problems(texts, "es")
    assert "catalog metadata: 'Project-Id-Version: PROJECT VERSION'" in found
    assert "English 'New game' in 'New game'" in found
    assert any(p.startswith("English '{name} plays for {n}'") for p in found)
    assert not any("Nueva partida" in p or "juega" in p for p in found)
