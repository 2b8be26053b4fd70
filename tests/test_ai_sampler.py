"""Guessed deals respect everything the seat has seen, and the deductions are sound."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tute.ai import make_player
from tute.ai.knowledge import play_constraint, read
from tute.ai.sampler import sample_hands
from tute.cards import SUIT_MASK, parse_card
from tute.engine import DEAL, Game
from tute.rules import load_ruleset


def bits(text: str) -> int:
    out = 0
    for word in text.split():
        out |= 1 << parse_card(word)
    return out


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 6), stop=st.integers(0, 38),
       rules_id=st.sampled_from(["cabrero", "chancho"]), later_hand=st.booleans(),
       guess_seed=st.integers(0, 1000))
def test_guesses_fit_what_the_seat_has_seen(seed: int, players: int, stop: int,
                                            rules_id: str, later_hand: bool,
                                            guess_seed: int) -> None:
    game = Game(load_ruleset(rules_id), {"players": players}, seed=seed)
    guide = [make_player("medium", s) for s in range(players)]
    game.deal()
    if later_hand:
        while game.phase != DEAL:
            seat = game.current_player
            assert seat is not None
            game.apply(guide[seat].choose(game.observation(seat)))
        if game.is_over:
            return
        game.deal()
    plays = 0
    while game.phase != DEAL and plays < stop:
        seat = game.current_player
        assert seat is not None
        game.apply(guide[seat].choose(game.observation(seat)))
        plays += 1
    if game.phase == DEAL:
        return
    seat = game.current_player
    assert seat is not None
    obs = game.observation(seat)
    know = read(obs)
    for s in obs.playing:
        # Sound: the real hands break none of the deductions.
        assert game.hands[s] & know.not_held[s] == 0 or s == seat
        assert game.hands[s] & know.must_hold[s] == know.must_hold[s]
    hands, stock = sample_hands(obs, know, random.Random(guess_seed))
    assert stock is None  # Cabrero has no stock
    assert hands[seat] == game.hands[seat]
    seen = 0
    for s in range(players):
        assert hands[s].bit_count() == game.hands[s].bit_count()
        assert seen & hands[s] == 0
        seen |= hands[s]
        if s != seat:
            assert hands[s] & know.not_held[s] == 0
            assert hands[s] & know.must_hold[s] == know.must_hold[s]
    assert seen == game.kit.deck & ~game.hand.played & ~game.out_of_play
    obs.determinize(hands)  # accepted as a guess


def test_failing_to_follow_beat_or_trump_shows_what_a_seat_lacks() -> None:
    game = Game(load_ruleset("cabrero"), {"players": 4}, seed=0)
    beats = game.kit.beats
    oros, copas = SUIT_MASK[0], SUIT_MASK[1]
    # Led 5C, winning 5C: a lower copa shows no copa above the 5; an espada shows no copas
    # and no trumps (oros); a low trump shows no copas only.
    assert play_constraint(1, parse_card("5C"), parse_card("4C"), 0, beats) == beats[
        parse_card("5C")]
    assert play_constraint(1, parse_card("5C"), parse_card("4E"), 0, beats) == copas | oros
    assert play_constraint(1, parse_card("5C"), parse_card("2O"), 0, beats) == copas
    # Copas led and trumped with the 7O: a lower trump, or no trump, shows no trump above.
    assert play_constraint(1, parse_card("7O"), parse_card("4O"), 0, beats) == (
        copas | beats[parse_card("7O")])
    assert play_constraint(1, parse_card("7O"), parse_card("4E"), 0, beats) == (
        copas | beats[parse_card("7O")])
    # Following a trumped trick with any copa shows nothing; leading shows nothing.
    assert play_constraint(1, parse_card("7O"), parse_card("2C"), 0, beats) == 0
    assert play_constraint(-1, -1, parse_card("1C"), 0, beats) == 0
    assert bits("1O 3O") == beats[parse_card("12O")]


def test_impossible_deductions_fall_back_to_any_deal() -> None:
    game = Game(load_ruleset("cabrero"), {"players": 4}, seed=3)
    game.deal()
    obs = game.observation(game.current_player or 0)
    know = read(obs)
    everything = game.kit.deck
    # Every other seat "cannot hold" anything: no deal fits, so the guess drops them.
    broken = type(know)(know.seat, know.unseen,
                        tuple(everything if s != obs.seat else 0 for s in range(4)),
                        know.must_hold, ())
    hands, _ = sample_hands(obs, broken, random.Random(0))
    assert sum(h.bit_count() for h in hands) == 40
