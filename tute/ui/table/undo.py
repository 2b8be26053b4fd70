"""Practice's undo: the match rebuilt from its own game record, cut just before a seat's
last action of the hand being played.

The record is what a saved match resumes from, so an undone match is exactly one that
could have been saved at that moment: the shuffles of later hands come out the same, and
the computers, deciding again from the same position, play as before unless the player
now chooses otherwise. A finished hand is never undone: it is scored and in the
statistics.
"""

from __future__ import annotations

from tute.engine import PLAY_PHASE, Game
from tute.engine.record import dump_record, record_from_text, replay


def last_action(game: Game, seat: int) -> int | None:
    """Index, among the current hand's actions, of ``seat``'s last one; None when it has
    none or no hand is being played."""
    if game.phase != PLAY_PHASE or not game.logs:
        return None
    actions = game.logs[-1].actions
    return next((i for i in reversed(range(len(actions))) if actions[i].seat == seat), None)


def without_last(game: Game, seat: int) -> Game | None:
    """``game`` as it stood before ``seat``'s last action of this hand, or None."""
    cut = last_action(game, seat)
    if cut is None:
        return None
    record = record_from_text(dump_record(game), "undo")
    hand = record.hands[-1]
    hand.actions, hand.action_lines = hand.actions[:cut], hand.action_lines[:cut]
    result = replay(record)
    if result.error is not None:  # the record of a legal match always replays
        raise RuntimeError(f"undo: the match no longer replays: {result.error}")
    return result.game
