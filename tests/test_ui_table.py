"""The table played through posted clicks and keys, as a player would."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import click, frames, press, run_until, table, top, view_mismatches

from tute.cards import card, cards_of, parse_card
from tute.engine import events as ev
from tute.store import load_match
from tute.ui.menus.match_end import MatchEndScene
from tute.ui.menus.menu import MenuScene
from tute.ui.shell.app import App
from tute.ui.shell.dialog import Dialog
from tute.ui.table.hand_result import HandResultScene
from tute.ui.table.scene import TableScene


def hand_over(app: App) -> bool:
    return isinstance(top(app), HandResultScene)


def play_by_clicking(app: App, scene: TableScene) -> int:
    """Click a playable card each time it is the player's turn until the hand ends."""
    clicks = 0
    while True:
        run_until(app, lambda: scene.can_play or hand_over(app))
        if hand_over(app):
            return clicks
        playable = scene.session.playable()
        choice = next(c for c in scene.view.hand if c in playable)
        click(app, scene.card_point(choice))
        clicks += 1


def test_a_whole_hand_of_cabrero_is_played_by_clicks(app: App) -> None:
    scene = table(app, players=4, seed=1)
    clicks = play_by_clicking(app, scene)
    game = scene.session.game
    summary = game.summaries[-1]
    assert clicks == 10 and summary.complete and sum(summary.taken) == 10
    assert scene.view.hand == [] and sum(scene.view.piles) == 10
    assert scene.view.marks == game.marks
    result = top(app)
    assert isinstance(result, HandResultScene) and result.result.losers == tuple(summary.losers)
    click(app, result.button.rect.center)
    run_until(app, lambda: scene.can_play or hand_over(app))
    assert scene.view.hand_number == 2 and len(game.summaries) == 1


def test_the_hand_can_be_played_from_the_keyboard(app: App) -> None:
    scene = table(app, players=3, seed=4)
    run_until(app, lambda: scene.can_play)
    before = len(scene.view.hand)
    playable = scene.session.playable()
    index = next(i for i, c in enumerate(scene.view.hand) if c in playable)
    frames(app)
    assert scene.focus == index
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_LEFT)
    assert scene.focus == index
    press(app, pygame.K_RETURN)
    assert len(scene.view.hand) == before - 1


def test_an_illegal_card_is_refused_with_the_reason(app: App) -> None:
    scene = table(app, players=4, seed=1)
    for _ in range(40):
        run_until(app, lambda: scene.can_play)
        illegal = [c for c in scene.view.hand if c not in scene.session.playable()]
        if illegal:
            break
        click(app, scene.card_point(next(iter(scene.session.playable()))))
    else:
        raise AssertionError("never had an illegal card")
    count = len(scene.view.hand)
    click(app, scene.card_point(illegal[0]))
    assert len(scene.view.hand) == count
    assert scene.refusal is not None and scene.refusal[1].startswith("You must")
    frames(app, 2)


def give(players: int, mine: list[str], copas_each: bool = True) -> list[list[int]]:
    """A deal with ``mine`` for seat 0 and, if asked, a copa for every other seat."""
    from tute.cards import DECKS, cards_of

    hands = [[parse_card(c) for c in mine]] + [[] for _ in range(players - 1)]
    rest = [c for c in cards_of(DECKS["spanish40"]) if c not in hands[0]]
    if copas_each:
        for seat in range(1, players):
            copa = next(c for c in rest if c // 12 == 1)
            hands[seat].append(copa)
            rest.remove(copa)
    per = 40 // players
    for seat in range(1, players):
        while len(hands[seat]) < per:
            hands[seat].append(rest.pop(0))
    return hands


def deal_into(scene: TableScene, hands: list[list[int]]) -> None:
    events = scene.session.game.deal(hands)
    scene.director.feed([e.for_seat(0) for e in events])


def test_a_cante_button_appears_and_sings(app: App) -> None:
    scene = table(app, players=4, seed=2)
    deal_into(scene, give(4, ["2O", "1C", "12C", "11C", "4E", "5E", "6E", "4B", "5B", "6B"]))
    run_until(app, lambda: scene.can_play)
    assert not scene.actions.widgets
    click(app, scene.card_point(card(1, 1)))
    run_until(app, lambda: scene.can_play)
    labels = [b.label() for b in scene.actions.widgets]
    assert labels == ["Sing the 20 in cups"]
    click(app, scene.actions.widgets[0].rect.center)
    run_until(app, lambda: scene.can_play)
    assert scene.view.cantes[0] == ["20C"] and not scene.actions.widgets


def test_accusing_without_cause_loses_the_hand(app: App) -> None:
    scene = table(app, players=4, seed=3, renuncio="accuse")
    run_until(app, lambda: bool(scene.actions.widgets))
    button = scene.actions.widgets[-1]
    assert button.label == "Accuse of revoking…"
    click(app, button.rect.center)
    dialog = top(app)
    assert isinstance(dialog, Dialog)
    click(app, dialog.buttons[0].rect.center)
    run_until(app, lambda: hand_over(app))
    result = top(app)
    assert isinstance(result, HandResultScene)
    assert result.result.reason == "false_accusation" and result.result.losers == (0,)


def test_with_penalize_a_revoke_may_be_played_and_loses(app: App) -> None:
    scene = table(app, players=4, seed=1, renuncio="penalize")
    for _ in range(40):
        run_until(app, lambda: scene.can_play or hand_over(app))
        if hand_over(app):
            break
        unlawful = [c for c in scene.view.hand if c not in scene.session.lawful()]
        choice = unlawful[0] if unlawful else scene.view.hand[0]
        click(app, scene.card_point(choice))
    result = top(app)
    assert isinstance(result, HandResultScene)
    assert result.result.reason == "renuncio" and result.result.losers == (0,)


def test_three_and_six_players_hands_play_through(app: App) -> None:
    for players in (3, 6):
        scene = table(app, players=players, seed=8)
        play_by_clicking(app, scene)
        assert scene.session.game.summaries[-1].complete


def test_a_demo_plays_itself_to_the_end_of_the_match(app: App) -> None:
    scene = table(app, players=3, seed=5, demo=True, lives=1)
    run_until(app, lambda: isinstance(top(app), MatchEndScene), limit=20000)
    assert scene.session.game.is_over
    end = top(app)
    assert isinstance(end, MatchEndScene)
    click(app, end.buttons[1].rect.center)
    assert isinstance(top(app), MenuScene)


def test_the_match_end_offers_another_match(app: App) -> None:
    scene = table(app, players=3, seed=6, lives=1)
    while not isinstance(top(app), MatchEndScene):
        play_by_clicking(app, scene)
        click(app, top(app).button.rect.center)
    end = top(app)
    assert isinstance(end, MatchEndScene)
    click(app, end.buttons[0].rect.center)
    again = top(app)
    assert isinstance(again, TableScene) and again is not scene
    assert again.session.game.options["lives"] == 1


def test_leaving_saves_the_match_and_the_menu_resumes_it(app: App) -> None:
    scene = table(app, players=4, seed=9)
    run_until(app, lambda: scene.can_play)
    click(app, scene.card_point(next(c for c in scene.view.hand
                                     if c in scene.session.playable())))
    run_until(app, lambda: scene.can_play)
    hands = list(scene.session.game.hands)
    press(app, pygame.K_ESCAPE)
    pause = top(app)
    assert isinstance(pause, Dialog)
    click(app, pause.buttons[-1].rect.center)
    confirm = top(app)
    assert isinstance(confirm, Dialog)
    click(app, confirm.buttons[0].rect.center)
    menu = top(app)
    assert isinstance(menu, MenuScene) and menu.continue_button.visible
    saved, problem = load_match()
    assert saved is not None and problem is None
    click(app, menu.continue_button.rect.center)
    resumed = top(app)
    assert isinstance(resumed, TableScene)
    assert resumed.session.game.hands == hands
    assert resumed.view.hand == [c for c in resumed.view.hand if hands[0] >> c & 1]
    run_until(app, lambda: resumed.can_play)
    play_by_clicking(app, resumed)


def test_leaving_without_saving_forgets_the_match(app: App) -> None:
    scene = table(app, players=4, seed=9)
    run_until(app, lambda: scene.can_play)
    scene.confirm_leave()
    frames(app)
    confirm = top(app)
    assert isinstance(confirm, Dialog)
    click(app, confirm.buttons[1].rect.center)
    assert isinstance(top(app), MenuScene) and load_match() == (None, None)


def test_closing_the_window_asks_and_can_save(app: App) -> None:
    scene = table(app, players=4, seed=9)
    run_until(app, lambda: scene.can_play)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app)
    assert app.running and isinstance(top(app), Dialog)
    click(app, top(app).buttons[0].rect.center)
    assert not app.running and load_match()[0] is not None


def test_animations_run_at_every_speed(app: App) -> None:
    for speed in ("slow", "normal", "fast"):
        app.settings.animation = speed
        scene = table(app, players=3, seed=11)
        seen: set[str] = set()
        for _ in range(1500):
            frames(app)
            seen |= {type(a).__name__ for a in scene.director.running}
            if scene.view.trick or scene.can_play:
                break
        assert scene.view.trick or scene.can_play, speed
        assert {"Flight", "Pause"} <= seen


def test_the_last_trick_can_be_reviewed(app: App) -> None:
    scene = table(app, players=4, seed=1)
    run_until(app, lambda: scene.can_play)
    press(app, pygame.K_l)
    assert not scene.show_last
    while scene.view.last_trick is None:
        click(app, scene.card_point(next(c for c in scene.view.hand
                                         if c in scene.session.playable())))
        run_until(app, lambda: scene.can_play)
    click(app, scene.toolbar_rects[2].center)
    assert scene.show_last
    frames(app)
    press(app, pygame.K_SPACE)
    assert not scene.show_last


def test_resizing_recomputes_the_layout_and_play_goes_on(app: App) -> None:
    scene = table(app, players=4, seed=1)
    run_until(app, lambda: scene.can_play)
    small = scene.layout.card_h
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920,
                                         h=1080))
    frames(app)
    assert scene.layout.size == (1920, 1080) and scene.layout.card_h > small
    play_by_clicking(app, scene)
    pygame.display.set_mode((900, 600), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600))
    frames(app)
    assert scene.layout.size == (900, 600)


def test_the_table_only_sees_what_seat_zero_may_see(app: App) -> None:
    scene = table(app, players=4, seed=1)
    fed: list[ev.Event] = []
    feed = scene.director.feed
    scene.director.feed = lambda events: (fed.extend(events), feed(events))  # type: ignore
    run_until(app, lambda: scene.can_play)
    dealt = [e for e in fed if isinstance(e, ev.CardsDealt)]
    assert len(dealt) == 4
    for e in dealt:
        assert (set(e.cards) == {ev.HIDDEN}) == (e.seat != 0)


def test_a_failure_saves_the_match_before_stopping(app: App) -> None:
    scene = table(app, players=4, seed=1)
    run_until(app, lambda: scene.can_play)

    def broken(dt: float) -> None:
        raise RuntimeError("a bug")

    scene.update = broken  # type: ignore[method-assign]
    with pytest.raises(RuntimeError):
        app.run(frames=3)
    saved, _problem = load_match()
    assert saved is not None


def test_the_three_player_muestra_and_exchanges_are_shown(app: App) -> None:
    scene = table(app, players=3, seed=5, demo=True)
    fed: list[ev.Event] = []
    feed = scene.director.feed
    scene.director.feed = lambda events: (fed.extend(events), feed(events))  # type: ignore

    def exchanged() -> bool:
        return any(isinstance(e, ev.Exchanged) and not e.secret for e in fed) and not (
            scene.director.busy)

    run_until(app, exchanged, limit=20000)
    game = scene.session.game
    assert game.muestra is not None
    assert scene.view.table_card == cards_of(game.out_of_play)[0]
    assert scene.view.trump == game.trump


def test_the_view_matches_the_game_at_every_turn_of_the_player(app: App) -> None:
    for players, seed in ((3, 12), (4, 13), (6, 14)):
        scene = table(app, players=players, seed=seed)

        def waiting(scene: TableScene = scene) -> bool:
            return scene.can_play or hand_over(app)

        turns = 0
        while len(scene.session.game.summaries) < 2:
            run_until(app, waiting)
            if hand_over(app):
                click(app, top(app).button.rect.center)
                continue
            assert view_mismatches(scene) == [], players
            turns += 1
            click(app, scene.card_point(next(c for c in scene.view.hand
                                             if c in scene.session.playable())))
        assert turns >= 6
