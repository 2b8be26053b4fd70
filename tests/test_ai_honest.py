"""The computer players never cheat, in any game: two worlds that differ only in cards a
seat cannot see (other hands, the stock's order, others' discards, who holds Codillo's
called card) give that seat the same observation, and every level the same decision."""

from __future__ import annotations

import random

import pytest
from engine_helpers import bundled_tables

from tute.ai import Player, make_player
from tute.ai.search import SearchPlayer
from tute.cards import cards_of
from tute.engine import Game, HandState
from tute.rules import load_ruleset

TABLES: list[tuple[str, dict[str, object]]] = [
    *((game, {"players": players}) for game, players in bundled_tables()),
    ("cabrero", {"players": 4, "renuncio": "penalize"})]
"""Every bundled game at every player count (read from the files), and revokes allowed."""


def player(level: str, seed: int = 0) -> Player:
    """The hard level in its reproducible fixed-guesses mode."""
    return SearchPlayer(seed, iterations=2) if level == "hard" else make_player(level, seed)


def hidden_from(game: Game, seat: int) -> list[int]:
    """Cards ``seat`` cannot see now: others' unknown cards, the stock below its face-up
    card, and the others' discards."""
    h = game.hand
    obs = game.observation(seat)
    cards = [c for s in range(game.n) if s != seat
             for c in cards_of(h.hands[s] & ~h.known[s])]
    cards += [c for c in h.stock if c != obs.face_up]
    cards += [c for s in range(game.n) if s != seat for c in cards_of(h.discarded[s])]
    return cards


def other_world(game: Game, seat: int, rng: random.Random, tries: int = 300) -> Game | None:
    """The same first hand so far with the hidden cards dealt otherwise, if some such deal
    replays every action legally."""
    log = game.logs[0]
    hidden = hidden_from(game, seat)
    for _ in range(tries):
        shuffled = hidden[:]
        rng.shuffle(shuffled)
        if shuffled == hidden:
            continue
        swap = dict(zip(hidden, shuffled, strict=True))
        deal = [[swap.get(c, c) for c in cards] for cards in log.deal]
        other = Game(game.rules, game.options, seed=game.seed)
        try:
            other.deal(deal, [swap.get(c, c) for c in log.rest], log.dealer)
            for action in log.actions:
                if action.verb == "discard":  # face down: which cards is hidden too
                    mask = sum(1 << swap.get(c, c) for c in cards_of(action.arg))
                    action = action._replace(arg=mask)
                other.apply(action)
        except ValueError:
            continue
        if other.hand.cantes != game.hand.cantes:
            continue  # a cante shows who held the pair: that world is told apart
        return other
    return None


@pytest.mark.parametrize(("game_id", "options"), TABLES)
def test_decisions_ignore_the_hidden_cards_in_every_game(game_id: str,
                                                         options: dict[str, object]) -> None:
    rules = load_ruleset(game_id)
    rng = random.Random(5)
    compared = 0
    for seed in range(8):
        game = Game(rules, options, seed=seed)
        guide = [make_player("medium", s) for s in range(game.n)]
        game.deal()
        step = 0
        while not game.summaries and compared < 6:
            seat = game.current_player
            assert seat is not None
            step += 1
            if step % 3 == 1:
                other = other_world(game, seat, rng)
                if other is not None:
                    a, b = game.observation(seat), other.observation(seat)
                    assert a == b, "the observation tells hidden cards"
                    assert vars_of(a.view) == vars_of(b.view), "the view tells hidden cards"
                    for level in ("easy", "medium", "hard"):
                        assert player(level, 3).choose(a) == player(level, 3).choose(b), level
                    compared += 1
            game.apply(guide[seat].choose(game.observation(seat)))
        if compared >= 6:
            break
    assert compared >= 3


def vars_of(view: object) -> dict[str, object]:
    """A view's fields, the shared (unchanging) kit left out (read by name: a compiled
    HandState has no ``__dict__``), and the position at the deal it keeps, field by field."""
    fields = {name: getattr(view, name) for name in dir(view)
              if not name.startswith("__") and name != "kit"
              and not callable(getattr(view, name))}
    return {name: vars_of(value) if isinstance(value, HandState) else value
            for name, value in fields.items()}
