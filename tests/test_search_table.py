"""The exact endgame search's transposition table (``playout.exact`` with a ``table``,
keyed by ``playout.state_key``): it changes no value, and its key tells apart positions
whose rest of the hand can differ.

The values are checked against ``exact`` without a table (itself checked against an
independent max^n in test_search_exact.py) on random endgames of every bundled game, at
the depth the hard level searches; one table serves every line of a guess, as in the hard
level, so a position stored while searching one line must be right for the others.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_search_exact import endgame

from tute.ai import playout
from tute.ai.objectives import Standing
from tute.ai.playout import Table, exact_tricks, state_key
from tute.engine import Game, HandState
from tute.engine.actions import ACCUSE
from tute.rules import load_ruleset

POSITIONS = 12
"""Random endgames per game."""


def endgames(game_id: str) -> list[tuple[HandState, Standing]]:
    """POSITIONS random endgames of ``game_id`` at the hard level's exact depth."""
    n = Game(load_ruleset(game_id), {}, 0).n
    out: list[tuple[HandState, Standing]] = []
    seed = 0
    while len(out) < POSITIONS:
        seed += 1
        position = endgame(game_id, seed, exact_tricks(n))
        if position is not None:
            out.append(position)
    return out


def test_table_gives_the_values_of_the_search_without_it(
        every_game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every move from the position, searched with one shared table, is worth what the
    search without a table says; with the table fewer positions are searched (it found
    positions again: transpositions)."""
    calls = [0]
    plain = playout.exact

    def counted(g: HandState, standing: Standing, table: Table | None = None
                ) -> list[float]:
        calls[0] += 1
        return plain(g, standing, table)
    monkeypatch.setattr(playout, "exact", counted)
    searched = {False: 0, True: 0}
    for h, standing in endgames(every_game):
        table: Table = {}
        for action in h.legal_actions():
            if action.verb == ACCUSE:
                continue
            child = h.copy()
            child.apply(action)
            values = {}
            for with_table in (True, False):
                calls[0] = 0
                values[with_table] = counted(child.copy(), standing,
                                             table if with_table else None)
                searched[with_table] += calls[0]
            assert values[True] == values[False], (every_game, action)
        assert counted(h.copy(), standing, table) == counted(h.copy(), standing)
    assert searched[True] < searched[False], searched


def test_key_tells_apart_positions_that_differ() -> None:
    """Whose turn, the trick on the table, the cards held, the cantes still available and
    the points, tricks and cantes taken so far each change the key; a copy keeps it."""
    position = endgame("cabrero", 3, 3)
    assert position is not None
    h = position[0]
    assert state_key(h.copy()) == state_key(h)
    a, b = h.playing[0], h.playing[1]
    variants: dict[str, Callable[[HandState], object]] = {
        "turn": lambda g: setattr(g, "to_act", g.next_seat[g.to_act]),
        "trick": lambda g: g.trick_cards.append(39),
        "trick seats": lambda g: g.trick_seats.append(a),
        "winning card": lambda g: setattr(g, "win_card", g.win_card + 1),
        "cards held": lambda g: (g.hands.__setitem__(a, g.hands[b]),
                                 g.hands.__setitem__(b, h.hands[a])),
        "who may sing": lambda g: setattr(g, "may_sing", g.next_seat[g.to_act]),
        "suits sung": lambda g: setattr(g, "sung_suits", g.sung_suits ^ 1),
        "pair sung": lambda g: g.sang_pair.__setitem__(a, not g.sang_pair[a]),
        "card points": lambda g: g.won_points.__setitem__(a, g.won_points[a] + 10),
        "cante points": lambda g: g.cante_points.__setitem__(b, g.cante_points[b] + 20),
        "tricks taken": lambda g: g.taken.__setitem__(b, g.taken[b] + 1),
        "stock": lambda g: g.stock.append(0),
    }
    keys = {"same": state_key(h)}
    for name, change in variants.items():
        g = h.copy()
        change(g)
        keys[name] = state_key(g)
    assert len(set(keys.values())) == len(keys), keys
