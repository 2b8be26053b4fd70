"""``playout.exact`` (the hard level's endgame solver) against a separately written, naive
max^n search, on many random endgames of every bundled game.

``exact`` prunes: it weighs one card of each run of equivalent cards, breaks ties by the
first move, and builds its moves itself. The naive search here tries every legal action the
engine offers, on a fresh copy each time, and prunes nothing. Where several moves tie for the
seat to act, max^n has more than one answer, so the naive search returns every answer some
choice of ties gives: a vector from one move counts when its value for the seat to act is no
lower than what every other move's answers guarantee that seat (each subtree's ties may be
broken independently of the others'). ``exact`` must return one of them.
"""

from __future__ import annotations

import random

from tute.ai.objectives import Standing, utility
from tute.ai.playout import exact
from tute.engine import Game, HandState
from tute.engine.actions import ACCUSE
from tute.rules import load_ruleset

Values = tuple[float, ...]
POSITIONS = 30
"""Random endgames per game (enough to catch a wrong equivalence of cards in ``exact``)."""


def naive(h: HandState, standing: Standing) -> set[Values]:
    """Every max^n value vector of ``h`` over every choice among tied moves."""
    if h.over:
        return {tuple(utility(h, s, standing) for s in range(h.n))}
    seat = h.to_act
    children: list[set[Values]] = []
    for action in h.legal_actions():
        if action.verb == ACCUSE:  # a claim about the past, not a move in the endgame
            continue
        child = h.copy()
        child.apply(action)
        children.append(naive(child, standing))
    answers: set[Values] = set()
    for i, vectors in enumerate(children):
        guaranteed = max((min(v[seat] for v in other) for j, other in enumerate(children)
                          if j != i), default=float("-inf"))
        answers |= {v for v in vectors if v[seat] >= guaranteed}
    return answers


def endgame(game_id: str, seed: int, tricks: int) -> tuple[HandState, Standing] | None:
    """A position of a random match of ``game_id`` (random legal actions) with ``tricks``
    tricks or fewer left to play, and what the match carries into it; None when the hand
    ended before (everyone passed, a tute was sung)."""
    game = Game(load_ruleset(game_id), {}, seed)
    rng = random.Random(seed)
    game.deal()
    while not game.summaries:
        h = game.hand
        if h.phase < 0 and h.tricks_left <= tricks and not h.over:
            obs = game.observation(h.to_act)
            return h.copy(), Standing(obs.marks, obs.lives, obs.pot)
        honest = [a for a in game.legal_actions() if a.verb != ACCUSE]
        game.apply(rng.choice(honest))
    return None


def test_exact_is_a_max_n_answer_of_every_endgame(every_game: str) -> None:
    """In each game (at its usual player count), on random positions with two or three
    tricks left (two for five or more players), ``exact`` returns a max^n value vector;
    where ties leave a single answer, it is that one."""
    checked = unique = 0
    seed = 0
    while checked < POSITIONS:
        seed += 1
        n = Game(load_ruleset(every_game), {}, 0).n
        position = endgame(every_game, seed, 2 if n >= 5 or seed % 2 else 3)
        if position is None:
            continue
        h, standing = position
        answers = naive(h, standing)
        found = tuple(exact(h.copy(), standing))
        assert found in answers, (every_game, seed, found, answers)
        checked += 1
        unique += len(answers) == 1
    assert unique >= POSITIONS // 2  # mostly a single answer: the check has teeth
