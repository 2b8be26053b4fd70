"""Cabrero's final duel at the table: announced, and the table turned into the two-player
one (the opponent on top, the stock across the muestra)."""

from __future__ import annotations

from test_ui_games import play_a_hand
from ui_helpers import click, run_until, table, top

from tute.ui.shell.app import App
from tute.ui.table.hand_result import HandResultScene
from tute.ui.widgets.layout import TableLayout


def test_the_duel_turns_the_table_face_to_face(app: App) -> None:
    scene = table(app, players=3, rules="cabrero", seed=1, lives=1, final_duel=True)
    assert scene.layout.duel == () and scene.layout.seat_angle(2) != 90
    play_a_hand(app, scene)  # seat 1 loses its only life: seats 0 and 2 are left
    assert scene.session.game.ledger.duel
    run_until(app, lambda: isinstance(top(app), HandResultScene))
    assert scene.view.duel and scene.layout.duel == (0, 2)
    assert scene.layout.seat_angle(2) == 90 and scene.layout.seat_angle(1) not in (90, 270)
    result = top(app)
    assert isinstance(result, HandResultScene)
    click(app, result.button.rect.center)
    run_until(app, lambda: scene.can_play)
    assert scene.view.stock > 0 and scene.view.table_card is not None
    plate = scene.layout.plate_rect(2)
    assert plate.centerx == app.size[0] // 2 and plate.centery < scene.layout.center[1]


def test_the_top_seat_makes_room_for_the_opponent() -> None:
    """With four, the retired player facing you moves to the opponent's old place."""
    layout = TableLayout((1280, 800), 4, 0.62, duel=(0, 3))
    assert [layout.seat_angle(s) for s in range(4)] == [270, 0, 180, 90]
    spectator = TableLayout((1280, 800), 4, 0.62, duel=(1, 3))
    assert [spectator.seat_angle(s) for s in range(4)] == [270, 0, 90, 180]
