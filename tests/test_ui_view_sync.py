"""The table's view follows the engine where an event says less than it does: Subastado's
takeover (the dealer holds the bidder's cards on screen, the bidder sits out) and
Butifarra's no-trump hand (no trump suit, not suit -1)."""

from __future__ import annotations

from test_ui_games import answer
from ui_helpers import click, run_until, table, top, view_mismatches

from tute.engine import events as ev
from tute.ui.shell.app import App
from tute.ui.table.hand_result import HandResultScene
from tute.ui.table.view import TableView


def test_the_dealer_who_takes_over_gets_the_bidders_cards(app: App) -> None:
    scene = table(app, players=4, rules="subastado", seed=1)
    game = scene.session.game
    for _turn in range(300):
        run_until(app, lambda: scene.can_play or isinstance(top(app), HandResultScene))
        result = top(app)
        if isinstance(result, HandResultScene):
            click(app, result.button.rect.center)
            continue
        if game.hand.took_over and game.hand.dealer == 0:
            break
        answer(app, scene, set())  # seat 0 deals the second hand and takes the bid over
    else:
        raise AssertionError("no takeover by the player")
    assert view_mismatches(scene) == []
    assert len(scene.view.hand) == 12 and scene.view.sitting_out == game.hand.sitting_out
    assert 0 in scene.view.playing and game.hand.sitting_out not in scene.view.playing


def test_a_no_trump_hand_has_no_trump_suit() -> None:
    view = TableView(4)
    view.show_trump(ev.TrumpShown(-1, None, None))
    assert view.trump is None
    view.show_trump(ev.TrumpShown(2, None, None))
    assert view.trump == 2
