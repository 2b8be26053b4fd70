"""Guessed deals respect everything the seat has seen, and the deductions are sound."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tute.ai import make_player
from tute.ai.knowledge import play_constraint, read
from tute.ai.sampler import sample_hands
from tute.cards import SUIT_MASK, parse_card
from tute.engine import DEAL, Game, Observation
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


def test_codillo_odds_favour_the_true_hidden_partner() -> None:
    """A hidden partner loads his side's tricks: over medium-played Codillo hands, at every
    other defender's turn before the reveal, the true partner gets higher odds than the
    defenders."""
    from tute.ai.knowledge import partner_odds

    sums = {True: 0.0, False: 0.0}
    counts = {True: 0, False: 0}
    for seed in range(60):
        game = Game(load_ruleset("codillo"), {"players": 5}, seed=seed)
        guide = [make_player("medium", s) for s in range(5)]
        game.deal()
        while game.phase != DEAL and not game.is_over:
            seat = game.current_player
            assert seat is not None
            obs = game.observation(seat)
            if obs.tricks and hidden_partner(obs):
                odds = partner_odds(obs)
                for s in range(5):
                    if s not in (seat, obs.declarer):
                        is_partner = s == game.hand.partner
                        sums[is_partner] += odds[s]
                        counts[is_partner] += 1
            game.apply(guide[seat].choose(obs))
    assert counts[True] and counts[False]
    assert sums[True] / counts[True] > 1.1 * sums[False] / counts[False]


def hidden_partner(obs: Observation) -> bool:
    """The called card is out and not this seat's: who holds it is a guess."""
    return (obs.called is not None and obs.declarer is not None
            and obs.seat != obs.declarer and not obs.played >> obs.called & 1
            and not obs.hand >> obs.called & 1)


def test_the_called_card_goes_to_seats_by_their_odds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Guesses hand the called card to a seat in proportion to its odds (times its room)."""
    import tute.ai.sampler as sampler

    game = Game(load_ruleset("codillo"), {"players": 5}, seed=3)
    guide = [make_player("medium", s) for s in range(5)]
    game.deal()
    while not hidden_partner(obs := game.observation(game.current_player or 0)):
        seat = game.current_player
        assert seat is not None
        game.apply(guide[seat].choose(game.observation(seat)))
    called = obs.called
    assert called is not None
    favourite = next(s for s in range(5) if s not in (obs.seat, obs.declarer))
    odds = [1.0] * 5
    odds[favourite] = 40.0
    monkeypatch.setattr(sampler, "partner_odds", lambda _obs: odds)
    know = read(obs)
    rng = random.Random(1)
    held = sum(bool(sample_hands(obs, know, rng)[0][favourite] >> called & 1)
               for _ in range(200))
    assert held > 150  # odds of 40 against 1 and 1: about 95%


def test_partner_odds_count_a_gift_on_the_declarers_trick() -> None:
    """A seat that leaves a tres on another defender's winning trick reads as a defender;
    one that leaves it on the declarer's, as his partner. Winning with the as is no gift."""
    from tute.ai.knowledge import GIFT_ODDS, partner_odds

    game = Game(load_ruleset("codillo"), {"players": 5}, seed=11)
    guide = [make_player("medium", s) for s in range(5)]
    game.deal()
    while game.observation(0).declarer is None or game.observation(0).hand_phase != "play":
        seat = game.current_player
        assert seat is not None
        game.apply(guide[seat].choose(game.observation(seat)))
    obs = game.observation(0)
    declarer = obs.declarer
    assert declarer is not None
    trump = obs.trump
    suit = (trump + 1) % 4
    others = [s for s in range(5) if s != declarer]
    a, b, c = others[0], others[1], others[2]
    trick = ((declarer, parse_card(f"12{'OCEB'[suit]}")), (a, parse_card(f"1{'OCEB'[suit]}")),
             (b, parse_card(f"5{'OCEB'[suit]}")))
    trick2 = ((b, parse_card(f"1{'OCEB'[(suit + 1) % 4]}")),
              (c, parse_card(f"3{'OCEB'[(suit + 1) % 4]}")))
    from dataclasses import replace

    seen = replace(obs, tricks=((declarer, trick),), trick=trick2)
    odds = partner_odds(seen)
    assert odds[c] == pytest.approx(1 / GIFT_ODDS)
    assert odds[a] == odds[b] == 1.0
    gift = ((declarer, parse_card(f"1{'OCEB'[suit]}")), (a, parse_card(f"3{'OCEB'[suit]}")))
    odds = partner_odds(replace(obs, tricks=((declarer, gift),), trick=()))
    assert odds[a] == pytest.approx(GIFT_ODDS)


def test_deductions_are_true_in_every_game(every_table: tuple[str, int]) -> None:
    """What a seat deduces another holds, it holds; what it deduces he lacks, he lacks
    (no revokes among medium players). A first dealer fixed by seat (Codillo, Bato,
    Butifarra...) says nothing about who holds the 2 de oros."""
    rules_id, players = every_table
    for seed in range(4):
        game = Game(load_ruleset(rules_id), {"players": players}, seed=seed)
        guide = [make_player("medium", s) for s in range(players)]
        game.deal()
        while game.phase != DEAL and not game.is_over:
            seat = game.current_player
            assert seat is not None
            for observer in range(players):
                know = read(game.observation(observer))
                for s in range(players):
                    if s != observer:
                        assert know.must_hold[s] & ~game.hands[s] == 0, (seed, observer, s)
                        assert know.not_held[s] & game.hands[s] == 0, (seed, observer, s)
            game.apply(guide[seat].choose(game.observation(seat)))
