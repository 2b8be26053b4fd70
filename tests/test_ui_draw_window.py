"""The window before the draw at the table (docs/rules.md §12, the ``draw`` verb): after a trick
won while the stock lasts, a side that may give its 7 of trumps for the muestra is asked
first. The player answers with the row of buttons, by mouse or keyboard; a computer
partner's 7 is his own to give."""

from __future__ import annotations

import pygame
from engine_helpers import deal_stock, play
from ui_helpers import frames, press, run_until

from tute.cards import parse_card
from tute.engine import Action
from tute.engine import events as ev
from tute.engine.actions import DRAW, EXCHANGE
from tute.i18n import set_language
from tute.store import GameSetup
from tute.ui.shell.app import App
from tute.ui.table import hint_decisions, hints
from tute.ui.table.play_log import log_lines
from tute.ui.table.scene import TableScene
from tute.ui.table.session import Session
from tute.ui.table.verdicts import choice_words
from tute.ui.widgets.controls import Button, label_text
from tute.ui.words import texts

HANDS = {1: "2O 4C 5C 6C 2B 6B", 3: "6O 7O 11O 1C 12C 10C"}
"""Nobody but seat 0 and seat 2 holds a trump (espadas, the muestra 11E): the player's as
of oros takes the first trick."""


def guinote_table(app: App, mine: str, partner: str) -> tuple[TableScene, list[ev.Event]]:
    """A Guiñote table with four, dealt by hand, once the player's as of oros has taken
    the first trick (played by the engine: a computer may trump anything while the stock
    lasts), with the events the table is fed from then on."""
    session = Session.new(GameSetup("guinote", "easy", {"players": 4}), seed=1)
    deal_stock(session.game, {0: mine, 2: partner, **HANDS}, top="4E 5E 6E 2E",
               muestra="11E")
    play(session.game, "0 play 1O", "1 play 2O", "2 play 5O", "3 play 6O")
    scene = TableScene(app, session)
    app.replace_all(scene)
    fed: list[ev.Event] = []
    feed = scene.director.feed
    scene.director.feed = lambda events: (fed.extend(events), feed(events))  # type: ignore
    return scene, fed


def labels(scene: TableScene) -> list[str]:
    return [label_text(b.label) for b in scene.actions.widgets if isinstance(b, Button)]


def test_item2_the_player_exchanges_or_draws_with_the_buttons(app: App) -> None:
    scene, fed = guinote_table(app, "1O 7E 3O 12O 4B 5B", "4O 5O 2C 3C 7B 10B")
    run_until(app, lambda: scene.can_play)
    frames(app)
    game = scene.session.game
    assert {a.verb for a in scene.session.choices()} == {EXCHANGE, DRAW}
    assert labels(scene) == ["Swap the seven of swords for the muestra", "Draw"]
    assert scene.in_actions and scene.actions.focused is scene.actions.widgets[0]
    hand = scene.hand_state(True)  # no card may be played: every one dimmed, none lit
    assert not hand.lawful and hand.focus is None
    press(app, pygame.K_RIGHT)  # the keyboard reaches the Draw button at once
    press(app, pygame.K_RETURN)
    run_until(app, lambda: not scene.director.busy)
    drawn = [e for e in fed if isinstance(e, ev.CardDrawn)]
    assert len(drawn) == 4 and drawn[0].seat == 0
    assert game.muestra == parse_card("11E") and parse_card("7E") in scene.view.hand
    assert not any(isinstance(e, ev.Exchanged) for e in fed)


def test_item2_the_exchange_button_gives_the_seven_then_the_draw_follows(app: App) -> None:
    scene, fed = guinote_table(app, "1O 7E 3O 12O 4B 5B", "4O 5O 2C 3C 7B 10B")
    run_until(app, lambda: scene.can_play)
    frames(app)
    press(app, pygame.K_RETURN)  # the focused button: the exchange
    run_until(app, lambda: not scene.director.busy)
    exchanged = [e for e in fed if isinstance(e, ev.Exchanged)]
    assert [(e.seat, e.gave, e.took) for e in exchanged] == [
        (0, parse_card("7E"), parse_card("11E"))]
    assert parse_card("11E") in scene.view.hand and scene.view.table_card == parse_card("7E")
    assert sum(isinstance(e, ev.CardDrawn) for e in fed) == 4  # no other choice: the draw
    assert "Draw" not in labels(scene)


def test_item2_a_computer_partner_gives_his_own_seven(app: App) -> None:
    """The trick is the player's, the 7 his partner's: the partner gives it (the engine
    credits him), and the player is never asked about a card he does not hold."""
    scene, fed = guinote_table(app, "1O 4O 3O 12O 4B 5B", "7E 5O 2C 3C 7B 10B")
    run_until(app, lambda: any(isinstance(e, ev.CardDrawn) for e in fed)
              and not scene.director.busy)
    exchanged = [e for e in fed if isinstance(e, ev.Exchanged)]
    assert [(e.seat, e.gave) for e in exchanged] == [(2, parse_card("7E"))]
    assert "Draw" not in labels(scene)


def test_item2_draw_is_worded_in_spanish_and_catalan() -> None:
    try:
        for lang, word in (("es", "Robar"), ("ca", "Robar"), ("en", "Draw")):
            set_language(lang)
            assert texts.draw_button() == word
    finally:
        set_language("en")


def test_item2_hints_review_and_log_word_the_window() -> None:
    """The hint and the review name ``draw`` as its button does, and a partner's 7 as the
    partner's; the play log tells who gave his 7 for the muestra."""
    session = Session.new(GameSetup("guinote", "easy", {"players": 4}), seed=1)
    game = session.game
    deal_stock(game, {0: "1O 4O 3O 12O 4B 5B", 2: "7E 5O 2C 3C 7B 10B", **HANDS},
               top="4E 5E 6E 2E", muestra="11E")
    play(game, "0 play 1O", "1 play 2O", "2 play 5O", "3 play 6O")
    obs, names = game.observation(0), texts.seat_names(4)
    seven = Action(0, EXCHANGE, parse_card("7E"))
    try:
        for lang, draw, swap, gave in (
                ("en", "Draw", "Let Paco swap the seven of swords for the muestra",
                 "Paco gave the seven of swords for the muestra"),
                ("es", "Robar", "Que Paco cambie el siete de espadas por la muestra",
                 "Paco cambió el siete de espadas por la muestra"),
                ("ca", "Robar", "Que Paco canviï el set d'espases per la mostra",
                 "Paco ha canviat el set d'espases per la mostra")):
            set_language(lang)
            assert choice_words(obs, Action(0, DRAW, 0), names) == draw
            assert hint_decisions.what(obs, Action(0, DRAW, 0)) == draw
            assert choice_words(obs, seven, names) == swap
            assert hints.sentence(obs, seven, names).startswith(swap + ": ")
            log = [("exchange", 2, parse_card("7E"))]
            assert log_lines(log, names, 0) == [(gave, True)]  # type: ignore[arg-type]
    finally:
        set_language("en")
