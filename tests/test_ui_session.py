"""The match behind the table: computer players accuse a revoke they can prove at once."""

from __future__ import annotations

from engine_helpers import deal_hand, new_game

from tute.cards import parse_card
from tute.engine import Action
from tute.engine import events as ev
from tute.ui.table.session import Session


def test_computers_accuse_a_proven_revoke_off_their_turn() -> None:
    game = new_game(4, renuncio="accuse")
    deal_hand(game, {0: "6C 1B", 1: "2O 4C"}, void={2: "C", 3: "C"})
    session = Session(game, "easy", demo=False)
    events = session.apply(Action(1, "play", parse_card("4C")))
    while game.current_player != 0:
        seat = game.current_player
        assert seat is not None
        events += session.apply(next(a for a in game.legal_actions() if a.verb == "play"))
    events += session.apply(Action(0, "play", parse_card("1B")))  # revoke: holds 6C
    assert not [e for e in events if isinstance(e, ev.Accused)]  # nothing proven yet
    while game.phase == "play" and game.current_player != 0:
        seat = game.current_player
        assert seat is not None
        events += session.apply(next(a for a in game.legal_actions() if a.verb == "play"))
    events += session.apply(Action(0, "play", parse_card("6C")))  # the copa shows it
    accused = [e for e in events if isinstance(e, ev.Accused)]
    assert accused and accused[0].accused == 0 and accused[0].proven
    assert game.summaries[-1].renuncio == 0 and game.marks[0] == 2
