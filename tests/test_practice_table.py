"""Practice at the table: undo takes back exactly the player's last card or decision, the
hint and undo buttons exist only in practice, the hint lands on a legal action, and
practice matches go to the statistics marked apart."""

from __future__ import annotations

from dataclasses import replace

import pygame
from ui_helpers import frames, press, run_until, top

from tute import store
from tute.ai import make_player
from tute.ai.search import SearchPlayer
from tute.engine import Game
from tute.engine.record import summary_json
from tute.rules import load_ruleset
from tute.stats import file as stats_file
from tute.store import GameSetup
from tute.ui.menus.new_game import NewGameScene
from tute.ui.shell.app import App
from tute.ui.table.scene import TableScene
from tute.ui.table.session import HUMAN, Session
from tute.ui.table.undo import without_last
from tute.ui.widgets.controls import Choice


def state(game: Game) -> tuple[object, object]:
    return summary_json(game), game.observation(HUMAN)


def play_on(game: Game, turns: int) -> list[tuple[object, object]]:
    """Play ``turns`` of the player's turns (every seat by the easy level); the state at
    the start of each."""
    easy = [make_player("easy", seed=s) for s in range(game.n)]
    before = []
    while len(before) < turns:
        if game.phase == "deal":
            game.deal()
            continue
        seat = game.current_player
        assert seat is not None
        if seat == HUMAN:
            before.append(state(game))
        game.apply(easy[seat].choose(game.observation(seat)))
    while game.current_player != HUMAN:  # the computers answer the player's last action
        seat = game.current_player
        assert seat is not None
        game.apply(easy[seat].choose(game.observation(seat)))
    return before


def test_undo_restores_the_state_before_the_players_last_card_or_decision() -> None:
    verbs = set()
    for rules, seed in (("cabrero", 5), ("subastado", 0), ("bato", 2), ("butifarra", 0)):
        game = Game(load_ruleset(rules), {}, seed=seed)
        before = play_on(game, 3)
        assert len(game.logs) == 1, rules
        for k in (-1, -2, -3):
            undone = without_last(game, HUMAN)
            assert undone is not None
            verbs.add(next(a.verb for a in reversed(game.logs[-1].actions) if a.seat == HUMAN))
            assert state(undone) == before[k], rules
            game = undone
    assert verbs >= {"play", "bid", "pass", "discard"}


def test_nothing_is_undone_before_the_players_first_action_nor_after_the_hand() -> None:
    game = Game(load_ruleset("cabrero"), {"players": 4}, seed=5)
    assert without_last(game, HUMAN) is None  # nothing dealt yet
    game.deal()
    while game.current_player != HUMAN:
        game.apply(game.legal_actions()[0])
    assert without_last(game, HUMAN) is None
    game.apply(game.legal_actions()[0])
    assert without_last(game, HUMAN) is not None
    while game.phase == "play":
        game.apply(game.legal_actions()[0])
    assert without_last(game, HUMAN) is None  # a scored hand stays scored


def practice_table(app: App, players: int = 4, seed: int = 1, practice: bool = True
                   ) -> TableScene:
    setup = GameSetup("cabrero", "easy", {"players": players}, practice=practice)
    scene = TableScene(app, Session.new(setup, False, seed))
    app.replace_all(scene)
    if scene.practice is not None:
        scene.practice.player = SearchPlayer(HUMAN, iterations=4)
    return scene


def test_only_practice_has_the_hint_and_undo_buttons(app: App) -> None:
    plain = practice_table(app, practice=False)
    assert plain.practice is None and len(plain.toolbar.tools) == 4
    run_until(app, lambda: plain.can_play)
    press(app, pygame.K_u)
    assert top(app) is plain
    practice = practice_table(app)
    assert practice.practice is not None
    assert [t.tip for t in practice.toolbar.tools[-2:]] == ["Hint (H)", "Undo (U)"]
    assert len({tuple(r) for r in practice.toolbar_rects}) == 6  # each in its own place


def test_the_hint_button_shows_the_hard_levels_legal_choice(app: App) -> None:
    scene = practice_table(app)
    assert scene.practice is not None
    run_until(app, lambda: scene.can_play)
    scene.practice.player = SearchPlayer(HUMAN, iterations=4)
    advice = SearchPlayer(HUMAN, iterations=4).choose(scene.session.game.observation(HUMAN))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1,
                                         pos=scene.toolbar_rects[-2].center))
    run_until(app, lambda: scene.practice is not None and scene.practice.hint is not None)
    hint = scene.practice.hint
    assert hint is not None and hint.action == advice
    assert hint.action in scene.session.choices()
    frames(app, 2)
    assert scene.focus is not None and scene.view.hand[scene.focus] == hint.action.arg
    scene.try_play(scene.focus)  # the hint is gone once the card is played
    frames(app)
    assert scene.practice.hint is None


def test_undo_at_the_table_redraws_the_match_as_it_was(app: App) -> None:
    scene = practice_table(app, seed=3)
    run_until(app, lambda: scene.can_play)
    game = scene.session.game
    before = state(game)
    scene.try_play(scene.first_legal() or 0)
    run_until(app, lambda: scene.can_play)
    assert state(game) != before
    press(app, pygame.K_u)
    fresh = top(app)
    assert isinstance(fresh, TableScene) and fresh is not scene
    assert state(fresh.session.game) == before
    assert fresh.session.practice and fresh.view.hand == scene.view.__class__.from_observation(
        fresh.session.game.observation(HUMAN)).hand
    saved, _problem = store.load_match()
    assert saved is not None and saved.practice
    assert state(Session.resume(saved).game) == before  # the undone match is the saved one


def test_practice_matches_are_recorded_apart(home: object) -> None:
    game = Game(load_ruleset("cabrero"), {"players": 3}, seed=2)
    play_on(game, 1)
    while len(game.summaries) < 1:
        game.apply(game.legal_actions()[0])
    for practice in (True, False):  # each write waited for: it runs in the background
        written = Session(game, "easy", demo=False, practice=practice).record_stats()
        assert written is not None and written.result().problem is None
        if practice:
            (match,) = stats_file.load()[0].matches
            assert match.practice and len(match.hands) == 1
    assert [m.practice for m in stats_file.load()[0].matches] == [True, False]
    assert not Session(game, "easy", demo=True, practice=True).practice


def test_practice_is_a_new_game_row_and_a_setting(app: App) -> None:
    app.settings.setup = replace(app.settings.setup, practice=True)
    screen = NewGameScene(app)
    app.push(screen)
    assert screen.practice
    screen.start()
    board = top(app)
    assert isinstance(board, TableScene) and board.session.practice
    assert store.load_settings()[0].setup.practice


def test_new_game_greys_an_option_not_played_with_the_chosen_count(app: App) -> None:
    """Subastado's takeover is greyed, with the reason, once three are chosen."""
    screen = NewGameScene(app, "subastado")
    app.push(screen)
    takeover = next(r for r in screen.rows if isinstance(r, Choice)
                    and str(r.label() if callable(r.label) else r.label) == "Dealer's takeover")
    assert takeover.enabled
    screen.set_option("players", 3)
    takeover = next(r for r in screen.rows if isinstance(r, Choice)
                    and str(r.label() if callable(r.label) else r.label) == "Dealer's takeover")
    assert not takeover.enabled
    hint = takeover.hint() if callable(takeover.hint) else takeover.hint
    assert hint == "Only with Players: 4"
    screen.start()
    board = top(app)
    assert isinstance(board, TableScene) and board.session.game.n == 3

