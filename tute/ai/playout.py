"""The hard level's inner loops, compiled with the engine (tools/compile_engine.py): a
guessed deal played out with the medium policy (``rollout``) or, near the end, solved exactly
(``exact``, max^n with a transposition table keyed by ``state_key``).

``search.SearchPlayer`` calls these once or more per guess; they run tens of thousands of
plays a decision, so they live apart from the player class, which stays Python (tests and
benchmarks subclass it, which a compiled class does not allow).
"""

from __future__ import annotations

import random

from tute.ai.declare import decide
from tute.ai.heuristic import choose_cante, choose_card
from tute.ai.knowledge import play_constraint
from tute.ai.objectives import Standing, utility
from tute.cards import cards_of
from tute.engine import Action, HandState, Observation
from tute.engine.actions import DRAW, PLAYS

StateKey = tuple[object, ...]
Table = dict[StateKey, list[float]]
"""Max^n values of positions already searched, by ``state_key`` (one table per guessed deal
and standing: the key leaves out what the deal and the standing fix)."""
EXACT_TRICKS = {2: 4, 3: 4, 4: 3}
"""Tricks left at or under which a guess is searched exactly instead of played out, by the
seats playing the hand (two more: ``EXACT_TRICKS_MANY``). With the table, one guess's
search from 4 tricks left takes at p95 3 ms (Tute a dos), 14 ms (Brisca), 71 ms (arrastrado
with 3), but 270-1450 ms with 4 players; from 3 tricks with 4 players 2-20 ms, with 5 or 6
players 75-140 ms (too few guesses in the table's second): benchmarks/endgame_search.py."""
EXACT_TRICKS_MANY = 2
EXACT_TRICKS_KNOWN = 6
"""Tricks left at or under which a deal the seat knows whole (``sampler.pinned``: Tute a dos
once the stock is drawn) is searched exactly: one search, no guesses, so it can go deeper.
From 6 tricks it takes 11 ms (p95 34 ms) compiled, 28 ms (p95 106 ms) in pure Python
(``benchmarks/endgame_search.py --games dos --tricks 6``); from 7 (seven cards in hand), 85
ms (p95 390 ms) compiled, too slow for the table's second in pure Python."""


def exact_tricks(players: int, known: bool = False) -> int:
    """Tricks left at or under which a hand of ``players`` seats is searched exactly
    (deeper where the deal is ``known``)."""
    deep = EXACT_TRICKS_KNOWN if known else 0
    return max(deep, EXACT_TRICKS.get(players, EXACT_TRICKS_MANY))


def rollout(g: HandState, not_held: list[int], obs: Observation, standing: Standing,
            rng: random.Random) -> float:
    """Play ``g`` (a guess of ``obs``'s hand) to its end with the medium policy; the
    observer's utility."""
    tute_rules = g.kit.obligations.tells_holding
    while not g.over:
        s = g.to_act
        if g.phase >= 0:  # a decision before play, from what that seat would see
            seen = obs.at(g, s)
            g.apply(decide(seen, seen.legal, rng))
            continue
        if g.drawing:  # the window before the draw: exchange when it may
            g.apply(window_moves(g, s)[0])
            continue
        if g.may_sing == s:
            options = g.sing_options(s)
            cante = choose_cante(g, s, options) if options else None
            if cante is not None:
                g.apply(cante)
                continue
        c = choose_card(g, s, not_held)
        if tute_rules and g.family is g.kit.family:
            not_held[s] |= play_constraint(g.lead, g.win_card, c, g.trump, g.kit.beats)
        g.apply(PLAYS[s][c])
    return utility(g, obs.seat, standing)


def exact(g: HandState, standing: Standing, table: Table | None = None) -> list[float]:
    """Max^n value of a perfect-information position: every seat's utility when each
    plays for its own (first best on ties, so the result is deterministic). With a
    ``table`` (for positions of one guessed deal under one standing), a position reached
    again by another order of the same cards is looked up, not searched again; the value
    is the same, since it depends on the position alone. Values are shared: read them only.
    """
    if g.over:
        return [utility(g, s, standing) for s in range(g.n)]
    key = state_key(g) if table is not None else ()
    if table is not None:
        known = table.get(key)
        if known is not None:
            return known
    s = g.to_act
    best: list[float] | None = None
    for action in moves(g, s):
        child = g.copy()
        child.apply(action)
        values = exact(child, standing, table)
        if best is None or values[s] > best[s]:
            best = values
    assert best is not None
    if table is not None:
        table[key] = best
    return best


def state_key(g: HandState) -> StateKey:
    """What the rest of a hand in play depends on, beyond the deal's fixed setting (the
    kit, seats, trumps, contract and sides, the same for every position of one search):
    whose turn and who may sing, the trick on the table, the cards each seat holds and
    the stock, the cantes still available, and the points, tricks and cantes taken so far
    (what the settlement reads)."""
    return (g.to_act, g.may_sing, g.may_exchange, g.phase, g.family, g.drawing, g.sang_trick,
            tuple(g.hands), tuple(g.stock), g.lead, g.win_card, g.win_seat,
            tuple(g.trick_seats), tuple(g.trick_cards), g.tricks_left,
            g.sung_suits, tuple(g.sang_pair), tuple(tuple(c) for c in g.cantes),
            tuple(g.won_points), tuple(g.cante_points), tuple(g.taken), g.last_trick,
            tuple(g.revokers), g.revealed, g.tute)


def moves(g: HandState, s: int) -> list[Action]:
    """The honest moves of a seat in a guessed position: cantes and obliged cards."""
    if g.drawing:
        return window_moves(g, s)
    plays = PLAYS[s]
    return g.sing_options(s) + [plays[c] for c in distinct(g, s, g.obligation_mask(s))]


def window_moves(g: HandState, s: int) -> list[Action]:
    """The choices of the window before a draw: the exchanges open (a higher trump for a
    lower one, so first), then the draw."""
    return [*g.kit.exchange.options(g, s), Action(s, DRAW, 0)]


def distinct(g: HandState, s: int, allowed: int) -> list[int]:
    """One card of each run of equivalent cards: same suit and points, and no card held by
    another seat or still to be played between them in strength."""
    out: list[int] = []
    strength, points = g.kit.strength, g.kit.card_points
    live = g.kit.deck & ~g.played & ~g.out_of_play & ~g.hands[s]
    cards = sorted(cards_of(allowed), key=lambda c: c // 12 * 64 + strength[c])  # suit, strength
    for c in cards:
        if out:
            p = out[-1]
            if (p // 12 == c // 12 and points[p] == points[c]
                    and not live & g.kit.beats[p] & ~g.kit.beats[c] & ~(1 << c)):
                continue
        out.append(c)
    return out


def same_run(g: HandState, s: int, a: int, b: int) -> bool:
    """Whether cards ``a`` and ``b`` of seat ``s`` are one choice to the search (a run of
    equivalent cards, of which it weighs one): neither the hand review nor the reading of
    the plays counts playing one for the other as playing otherwise."""
    return len(distinct(g, s, 1 << a | 1 << b)) == 1
