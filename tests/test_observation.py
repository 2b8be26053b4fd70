"""Observations show a seat only what it may see (docs/design.md, "The engine")."""

from __future__ import annotations

import random

import pytest
from engine_helpers import deal_hand, new_game, play

from tute.cards import cards_of
from tute.engine import Action
from tute.engine.events import HIDDEN, CardsDealt


def test_observation_holds_only_the_seats_own_hand() -> None:
    g = new_game(4)
    g.deal()
    for seat in range(4):
        obs = g.observation(seat)
        assert obs.hand == g.hands[seat]
        assert obs.view.hands == [g.hands[s] if s == seat else 0 for s in range(4)]
        assert obs.hand_sizes == tuple(h.bit_count() for h in g.hands)
        assert obs.view.revokers == [] and not hasattr(obs.view, "rng")


def test_legal_actions_only_for_the_seat_to_act() -> None:
    g = new_game(4)
    g.deal()
    acting = g.current_player
    assert acting is not None
    for seat in range(4):
        obs = g.observation(seat)
        assert bool(obs.legal) == (seat == acting)
        if seat == acting:
            assert list(obs.legal) == g.legal_actions()


def test_observations_do_not_depend_on_how_hidden_cards_lie() -> None:
    """Two deals that agree on seat 0's cards give seat 0 identical observations."""
    g1 = new_game(4, seed=3)
    deal_hand(g1, {0: "2O 1O 3O 12O 11O 10O 7O 1C 1E 1B"})
    g2 = g1.clone()
    others = [c for s in (1, 2, 3) for c in cards_of(g1.hands[s])]
    random.Random(5).shuffle(others)
    for i, s in enumerate((1, 2, 3)):
        g2.hands[s] = sum(1 << c for c in others[i * 10:(i + 1) * 10])
    assert g1.observation(0) == g2.observation(0)


def test_determinize_fills_hidden_hands_and_plays_on_with_the_real_rules() -> None:
    g = new_game(4, seed=9)
    g.deal()
    play(g, *[a.record_text() for a in g.legal_actions()[:1]])
    obs = g.observation(2)
    guess = list(g.hands)
    sim = obs.determinize(guess)
    while not sim.over:
        sim.apply(sim.legal_actions()[0])
    assert sum(sim.taken) == 10 and sim.kit.scorer(sim).losers
    with pytest.raises(ValueError, match="own hand"):
        obs.determinize([0, 0, 0, 0])
    assert not hasattr(sim, "deal")  # a searched copy is one hand: it cannot deal another


def test_the_real_game_is_untouched_by_searching_a_determinized_copy() -> None:
    g = new_game(4, seed=4)
    g.deal()
    before = (list(g.hands), g.current_player, list(g.hand.taken))
    sim = g.observation(0).determinize(list(g.hands))
    while not sim.over:
        sim.apply(sim.legal_actions()[-1])
    assert (list(g.hands), g.current_player, list(g.hand.taken)) == before


def test_event_stream_redacts_other_seats_cards() -> None:
    g = new_game(4)
    for e in g.deal():
        if isinstance(e, CardsDealt):
            for seat in range(4):
                seen = e.for_seat(seat)
                assert isinstance(seen, CardsDealt)
                if seat == e.seat:
                    assert HIDDEN not in seen.cards
                else:
                    assert set(seen.cards) == {HIDDEN} and len(seen.cards) == len(e.cards)


def test_clone_is_independent() -> None:
    g = new_game(5, seed=2)
    g.deal()
    c = g.clone()
    c.apply(c.legal_actions()[0])
    assert g.hand.trick_cards == [] and len(c.hand.trick_cards) == 1
    assert g.logs[-1].actions == [] and len(c.logs[-1].actions) == 1


def test_no_cached_legal_mask_leaks_into_other_seats_views() -> None:
    g = new_game(4, seed=8)
    g.deal()
    g.apply(g.legal_actions()[0])
    acting = g.current_player
    assert acting is not None
    g.legal_actions()  # caches the acting seat's obligation mask
    other = (acting + 1) % 4
    view = g.observation(other).view
    assert view.obligation_mask(acting) == 0  # the view holds no hidden hand to read


def test_everyone_knows_the_first_mano_holds_the_2_de_oros() -> None:
    g = new_game(4)
    deal_hand(g, {1: "2O"})
    assert g.observation(3).known[1] >> 1 & 1


def test_decisions_before_play_are_seen_but_not_the_cards_another_seat_discarded() -> None:
    """Every decision before play is public (``spoken``, which the reading replays), save
    which cards a Bato player discarded face down: only he sees them."""
    g = new_game(4, "bato", seed=0)
    g.deal()
    while g.hand.phase >= 0 and not any(a.verb == "discard" for a in g.legal_actions()):
        g.apply(next(a for a in g.legal_actions() if a.verb in ("juego", "acompano")))
    discarder = g.current_player
    assert discarder is not None
    g.apply(max(g.legal_actions(), key=lambda a: a.arg.bit_count()))
    spoken = g.hand.spoken
    assert spoken[-1].seat == discarder and spoken[-1].arg
    for s in range(4):
        seen = g.observation(s).view.spoken
        assert seen[:-1] == spoken[:-1]
        assert seen[-1] == (spoken[-1] if s == discarder else Action(discarder, "discard", 0))


@pytest.mark.parametrize("rules_id", ["bato", "butifarra", "codillo", "subastado"])
def test_the_position_at_the_deal_shows_no_hidden_card(rules_id: str) -> None:
    """Games with decisions before play keep their public starting point (``at_deal``,
    which the reading replays them from): no hand, no card of the stock, in any view."""
    g = new_game(4, rules_id, seed=2)
    g.deal()
    start = g.hand.at_deal
    assert start is not None and start.phase == 0
    for s in range(4):
        for view in (start, g.observation(s).view.at_deal):
            assert view is not None
            assert view.hands == [0] * 4 and set(view.stock) <= {HIDDEN}
            assert view.discarded == [0] * 4
