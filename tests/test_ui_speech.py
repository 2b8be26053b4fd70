"""Speech at the table (issue 52): a whole hand of three games played by keyboard with the
recording backend, in Spanish and Catalan, says every card played, every trick's taker,
every cante and the result once each and in order; the keys 1 to 7 answer what was asked;
the menus' focus is said as it moves; nothing is said while speech is off."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_speech import speechd_log
from ui_helpers import click, frames, make_app, menu, press, run_until, table, top

from tute import i18n
from tute.cardnames import card_name, rank_name, suit
from tute.cli import build_parser
from tute.engine import events as ev
from tute.puzzles.words import goal_text
from tute.speech.backends import Recorder, Silent, system_backend
from tute.store import load_settings
from tute.ui.learning import openers
from tute.ui.main import open_app
from tute.ui.menus import new_game
from tute.ui.practice.puzzle_table import PuzzleCoach
from tute.ui.practice.puzzles import PuzzlesScene
from tute.ui.shell.app import App
from tute.ui.shell.dialog import Dialog
from tute.ui.table.announcer import KEYS
from tute.ui.table.hand_result import HandResultScene
from tute.ui.table.scene import TableScene
from tute.ui.words import games, texts

SUIT_WORDS = {"es": ("oros", "copas", "espadas", "bastos"),
              "ca": ("ors", "copes", "espases", "bastos")}
"""The suits as each language writes them, typed here rather than taken from the catalogs:
the lines must be in the game's language, not in English."""

HANDS = [("cabrero", 4, 3, {}), ("subastado", 4, 2, {}), ("dos", 2, 5, {})]
"""(ruleset, players, seed, options): a hand with cantes, one with an auction, one with
draws from the stock."""


def speaking(app: App, language: str) -> Recorder:
    """Speech on in ``language``, its lines recorded."""
    recorder = Recorder()
    app.voice.close()  # the next switch on makes the backend anew
    app.voice.make = lambda: recorder
    app.settings.language = language
    app.settings.speech = True
    app.apply_settings()
    return recorder


Asked = tuple[dict[int, str], list[int], set[int], list[tuple[int, int]],
              list[tuple[int, int]]]
"""What keys 1 to 7 said, and the hand, legal cards, trick and last trick as they stood."""


def play_hand(app: App, scene: TableScene, recorder: Recorder,
              ask_at: int = 3) -> tuple[list[ev.Event], Asked]:
    """Play the hand by keyboard alone (Enter answers each panel and plays the focused card),
    recording the events the table was fed; at the player's ``ask_at``-th card, press the
    keys 1 to 7 and keep what each said."""
    fed: list[ev.Event] = []
    feed = scene.director.feed

    def recording(events: list[ev.Event]) -> None:
        fed.extend(events)
        feed(events)

    scene.director.feed = recording  # type: ignore[method-assign]
    answers: dict[int, str] = {}
    view = scene.view
    state: tuple[list[int], set[int], list[tuple[int, int]], list[tuple[int, int]]] = (
        [], set(), [], [])
    turns = 0
    while not isinstance(top(app), HandResultScene):
        run_until(app, lambda: scene.can_play or isinstance(top(app), HandResultScene))
        if isinstance(top(app), HandResultScene):
            break
        frames(app)
        if scene.picker is None and not scene.session.discarding:
            turns += 1
            if turns == ask_at:
                state = (list(view.hand), scene.session.lawful(), list(view.trick),
                         list(view.last_trick[1]) if view.last_trick else [])
                for key in KEYS:
                    before = len(recorder.lines)
                    press(app, key)
                    answers[key] = recorder.lines[before].text
                    assert recorder.lines[before].focus
        press(app, pygame.K_RETURN)
    assert answers, "the player had fewer turns than asked"
    return fed, (answers, *state)


def expected(fed: list[ev.Event], scene: TableScene) -> list[str]:
    """What must be said, in order: each card played with its player, each trick's taker,
    each cante, the hand's result."""
    names, human = scene.names, scene.human
    out: list[str] = []
    for e in fed:
        if isinstance(e, ev.CardPlayed):
            out.append(f"{names[e.seat]}: {card_name(e.card)}")
        elif isinstance(e, ev.TrickTaken):
            out.append(texts.deed("takes", e.seat, names, human))
        elif isinstance(e, ev.Sung):
            out.append(texts.cante_call(e.cante, e.forced))
        elif isinstance(e, ev.HandScored):
            out.append(scene.headline(e))
    return out


def in_order(lines: list[str], phrases: list[str]) -> None:
    """Each phrase in a line after the previous one's."""
    at = -1
    for phrase in phrases:
        found = next((i for i in range(at + 1, len(lines)) if phrase in lines[i]), None)
        assert found is not None, f"{phrase!r} not said after line {at}: {lines[at:at + 3]}"
        at = found


@pytest.mark.parametrize("language", ["es", "ca"])
def test_a_whole_hand_of_three_games_is_said_in_order(app: App, language: str) -> None:
    cantes = bids = 0
    for rules, players, seed, options in HANDS:
        recorder = speaking(app, language)
        scene = table(app, players=players, rules=rules, seed=seed, **options)
        fed, asked = play_hand(app, scene, recorder)
        lines = recorder.said()
        assert lines and all(line.language == language for line in recorder.lines)
        plays = [e for e in fed if isinstance(e, ev.CardPlayed)]
        assert len(plays) >= 8
        in_order(lines, expected(fed, scene))
        for e in plays:  # each card said once, as it was played
            said = f"{scene.names[e.seat]}: {card_name(e.card)}"
            assert sum(said in line for line in lines) == 1, said
        words = SUIT_WORDS[language]
        assert sum(any(w in line for w in words) for line in lines) >= len(plays)
        cantes += sum(isinstance(e, ev.Sung) for e in fed)
        bids += sum(isinstance(e, ev.Spoke) for e in fed)
        check_answers(asked)
    assert cantes and bids  # the hands above do sing and bid


def check_answers(asked: Asked) -> None:
    """The keys pressed at the player's third card: 1 the hand (every card of it), 2 the
    legal cards (those and no other), 3 the trick, 4 the score, 5 the turn, 6 the last
    trick, 7 the trumps."""
    answers, hand, legal, trick, last = asked
    said = [answers[key] for key in KEYS]
    assert hand and all(rank_name(c) in said[0] for c in hand)
    for c in hand:
        assert (card_name(c) in said[1]) == (c in legal), (card_name(c), said[1])
    assert all(card_name(c) in said[2] for _s, c in trick)
    if not trick:
        assert said[2] == i18n._("No card on the table.")
    assert said[3].startswith(i18n._("Score: {lines}").split("{")[0])
    assert said[4] == i18n._("Your turn.")
    assert last and all(card_name(c) in said[5] for _s, c in last)
    assert said[6].startswith(i18n._("Trumps: {suit}.").split("{")[0])


def test_the_focus_is_said_as_it_moves_on_every_screen(app: App) -> None:
    """The menu's buttons, a setting's label and value (again when the value steps), a
    dialog's title and message with its focused button: each as it comes, in Spanish."""
    recorder = speaking(app, "es")
    menu(app)
    assert recorder.said(focus=True)[-1] == "Nueva partida, botón, 1 de 9"
    press(app, pygame.K_DOWN)
    assert recorder.said(focus=True)[-1] == "Tutorial, botón, 2 de 9"
    app.routes.settings()
    frames(app)
    settings = top(app)
    assert recorder.said(focus=True)[-1] == "Idioma: Español, 1 de 15"
    press(app, pygame.K_DOWN)
    speed = recorder.said(focus=True)[-1]
    assert speed.startswith("Velocidad de las animaciones: ")
    press(app, pygame.K_RIGHT)
    stepped = recorder.said(focus=True)[-1]
    assert stepped.startswith("Velocidad de las animaciones: ") and stepped != speed
    frames(app, 3)
    assert recorder.said(focus=True).count(stepped) == 1  # said once, not every frame
    app.routes.new_game("cabrero")
    frames(app)
    chosen = games.name("cabrero")
    assert recorder.said(focus=True)[-1].startswith(f"{chosen}, elegido. ")
    press(app, pygame.K_DOWN)
    assert games.description(new_game.GAMES[1]) in recorder.said(focus=True)[-1]
    app.push(Dialog(app, "Paused", "The match waits.", [("Resume", lambda: None, True)]))
    frames(app)
    assert recorder.said(focus=True)[-1] == "Pausa. The match waits. Seguir jugando, botón"
    assert settings is not top(app)


def test_a_coach_is_said_as_it_shows(app: App) -> None:
    """A new game's how-to-play panel (a coach over the table) is read out as it opens."""
    recorder = speaking(app, "ca")
    app.settings.introduced = []
    scene = table(app, players=4, rules="cabrero", seed=1)
    frames(app, 2)
    assert scene.coach is not None
    told = [line for line in recorder.said() if openers.lines("cabrero")[0] in line]
    assert len(told) == 1 and told[0].startswith("Com es juga")


def test_f2_switches_speech_and_keeps_it(app: App) -> None:
    recorder = Recorder()
    app.voice.make = lambda: recorder
    menu(app)
    assert not app.voice.on and not recorder.lines
    press(app, pygame.K_F2)
    assert app.voice.on and app.settings.speech and load_settings()[0].speech
    assert recorder.said()[0] == "Speech on"
    press(app, pygame.K_F2)
    assert not app.voice.on and not load_settings()[0].speech
    assert recorder.said()[-1] == "Speech off"
    count = len(recorder.lines)
    press(app, pygame.K_DOWN)
    assert len(recorder.lines) == count
    # The window's title, which a screen reader says as it opens, names the key while off.
    assert pygame.display.get_caption()[0] == "Tute (F2 or V: speech)"
    press(app, pygame.K_v)  # V does as F2 (a Mac's F2 needs Fn)
    assert app.voice.on and pygame.display.get_caption()[0] == "Tute"


def test_nothing_is_said_or_opened_while_speech_is_off(app: App) -> None:
    """A player who never turns speech on: no reader is looked for, no line is made, the
    table's keys 1 to 7 do nothing."""
    made: list[Recorder] = []
    app.voice.make = lambda: made.append(Recorder()) or made[-1]  # type: ignore[func-returns-value]
    scene = table(app, players=4, rules="cabrero", seed=1)
    run_until(app, lambda: scene.can_play)
    for key in KEYS:
        press(app, key)
    press(app, pygame.K_RETURN)
    frames(app, 5)
    assert not made and isinstance(app.voice.backend, Silent)


def test_speech_option_on_the_command_line(home: Path) -> None:
    """``tute --speech`` and ``tute play GAME --speech`` start speaking."""
    for argv in (["--speech"], ["play", "cabrero", "--speech"]):
        args = build_parser().parse_args(argv)
        args.frames = args.screenshot = None
        application = open_app(args, None)
        try:
            assert application.voice.on
        finally:
            application.close()
    args = build_parser().parse_args(["play", "cabrero"])
    application = open_app(args, None)
    try:
        assert not application.voice.on
    finally:
        application.close()


def test_the_table_reaches_a_real_speech_dispatcher(speechd: Path) -> None:
    """The game itself, speech on in Spanish, through the system's backend: the hand's
    first lines (who deals, the cards dealt, trumps) are in speech-dispatcher's log, the
    table having waited for each as long as it takes to say (this server, without a sound
    device, never says a line ended)."""
    application = make_app(language="es")
    application.voice.make = system_backend
    try:
        application.settings.speech = True
        application.apply_settings()
        assert application.voice.backend.name == "speech-dispatcher"
        scene = table(application, players=4, rules="cabrero", seed=1)
        run_until(application, lambda: scene.can_play, limit=6000)
        assert scene.view.trump is not None
        dealer = scene.names[scene.view.dealer]
        speechd_log(speechd, [i18n._("Hand {n}").format(n=1) + ". " + i18n._(
            "{name} is dealing.").format(name=dealer), i18n._("Trumps: {suit}.").format(
            suit=suit(scene.view.trump))])
    finally:
        application.close()


def test_f1_lists_the_speech_keys_and_reads_the_page(app: App) -> None:
    """The rules help (F1) ends with the speech keys, and speech reads the page whole."""
    recorder = speaking(app, "es")
    menu(app)
    app.routes.rules("cabrero")
    frames(app)
    page = recorder.said(focus=True)[-1]
    assert page.startswith("Tute Cabrero") or "Cabrero" in page[:40]
    for line in ("F2 o V: activar o desactivar la voz", "1: tu mano, palo a palo",
                 "7: el triunfo y los cantes cantados"):
        assert line in page


def test_a_puzzle_is_said_goal_hands_and_verdict(app: App) -> None:
    """A puzzle by keyboard: its goal is read as it opens, key 1 says every hand (all lie
    face up), the card is chosen with the arrows, and the verdict is read."""
    recorder = speaking(app, "es")
    scene = menu(app)
    click(app, next(b for b in scene.buttons if b.label == "Puzzles").rect.center)
    puzzles = top(app)
    assert isinstance(puzzles, PuzzlesScene)
    while puzzles.game != "cabrero":
        press(app, pygame.K_RIGHT)
    first = puzzles.puzzles[0]
    press(app, pygame.K_DOWN)  # the theme's choice
    press(app, pygame.K_DOWN)  # the first puzzle
    press(app, pygame.K_RETURN)
    table_scene = top(app)
    assert isinstance(table_scene, TableScene)
    run_until(app, lambda: table_scene.can_play)
    frames(app, 2)
    assert any(goal_text(first.goal, first.opponents) in line for line in recorder.said())
    press(app, KEYS[0])
    for seat, cards in enumerate(table_scene.view.open_hands):
        assert all(rank_name(c) in recorder.said(focus=True)[-1] for c in cards), seat
    while table_scene.view.hand[table_scene.focus or 0] != first.answer:
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    coach = table_scene.coach
    assert isinstance(coach, PuzzleCoach)
    run_until(app, lambda: coach.played is not None)
    frames(app, 5)
    assert coach.right and recorder.said()[-1].startswith(i18n._("Right!"))
    assert i18n._("Right!") != "Right!"


class Speaking(Recorder):
    """A reader still saying its last line (once it has one) for as long as the test says."""

    busy = True

    def pending(self) -> bool:
        return self.busy and bool(self.lines)


def test_the_table_waits_while_a_line_is_said(app: App) -> None:
    """The computer's cards are not hurried past: while the reader says a table's line,
    the director starts no other event; once it is done, the table goes on."""
    reader = Speaking()
    app.voice.close()
    app.voice.make = lambda: reader
    app.settings.speech = True
    app.apply_settings()
    scene = table(app, players=4, rules="cabrero", seed=1)
    frames(app, 30)
    assert len(reader.said()) == 1 and scene.director.queue  # the hand's first line only
    reader.busy = False
    run_until(app, lambda: scene.can_play)
    assert len(reader.said()) > 3
