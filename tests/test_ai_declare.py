"""Decisions before play (tute/ai/declare.py): every level decides every kind of turn
legally, and the reasoned choices follow the hand (a strong hand bids, a weak one passes)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import cards, play

from tute.ai import make_player
from tute.ai.declare import (
    _out,
    bato_tricks,
    best_trump,
    decide,
    discard,
    drawn_power,
    estimate,
    juego_need,
)
from tute.ai.strength import power
from tute.engine import Game
from tute.rules import load_ruleset

GAMES = [("subastado", 4), ("subastado", 3), ("codillo", 5), ("bato", 4), ("butifarra", 4),
         ("dos", 2)]


@pytest.mark.parametrize(("game", "players"), GAMES)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_decides_every_turn_legally(game: str, players: int, level: str) -> None:
    g = Game(load_ruleset(game), {"players": players}, seed=7)
    ai = [make_player(level, seed=s, think_seconds=0.02) for s in range(players)]
    kinds: set[str] = set()
    while len(g.summaries) < 2 and not g.is_over:
        if g.phase == "deal":
            g.deal()
            continue
        seat = g.current_player
        assert seat is not None
        obs = g.observation(seat)
        action = ai[seat].choose(obs)
        assert action in obs.legal or action.verb == "discard"
        kinds.add(action.verb)
        g.apply(action)
    assert "play" in kinds or any(s.void for s in g.summaries)


def subastado_with(hand: str) -> Game:
    """A subastado deal in which seat 0, the mano, holds ``hand`` (the dealer, seat 3,
    sits out)."""
    g = Game(load_ruleset("subastado"), {"players": 4}, seed=1)
    mine = cards(hand)
    rest = [c for c in g.kit.deck_cards if c not in mine]
    g.deal([mine, rest[:12], rest[12:24], []], [], dealer=3)
    return g


def test_a_strong_hand_bids_and_a_weak_one_passes() -> None:
    strong = subastado_with("1O 3O 12O 11O 10O 7O 6O 1C 3C 1E 3E 1B")
    weak = subastado_with("10C 4C 5C 6C 4E 5E 6E 7E 4B 5B 6B 7B")
    rng = random.Random(0)
    bid = decide(strong.observation(0), strong.legal_actions(), rng)
    assert bid.verb == "bid"
    assert bid.arg <= best_trump(strong.observation(0), strong.hands[0])[1]
    assert decide(weak.observation(0), weak.legal_actions(), rng).verb == "pass"


def test_the_declarer_names_the_suit_his_hand_is_strongest_in() -> None:
    g = subastado_with("1O 3O 12O 11O 10O 7O 6O 1C 3C 1E 3E 1B")
    play(g, "0 bid 50", "1 pass", "2 pass", "3 pass")
    obs = g.observation(0)
    choice = decide(obs, g.legal_actions(), random.Random(0))
    assert choice.verb == "trump" and choice.arg == 0  # oros
    assert estimate(obs, obs.hand, 0) > estimate(obs, obs.hand, 2)


def test_codillo_calls_the_best_trump_it_does_not_hold() -> None:
    g = Game(load_ruleset("codillo"), {"players": 4}, seed=3)
    g.deal()
    play(g, f"{g.mano} juego", f"{g.mano} trump O")  # the mano declares, oros are trumps
    obs = g.observation(g.hand.declarer)
    call = decide(obs, g.legal_actions(), random.Random(0))
    assert call.verb == "call" and not obs.hand >> call.arg & 1
    trumps = [c for c in g.kit.deck_cards if c // 12 == obs.trump and not obs.hand >> c & 1]
    if trumps:
        assert call.arg == max(trumps, key=lambda c: g.kit.strength[c])


def test_butifarra_dealer_plays_butifarra_with_masters_and_never_delegates_twice() -> None:
    g = Game(load_ruleset("butifarra"), {"players": 4}, seed=2)
    masters = cards("9O 1O 9C 1C 9E 1E 12O 12C 12E 2B 3B 4B")
    rest = [c for c in g.kit.deck_cards if c not in masters]
    g.deal([rest[:12], rest[12:24], rest[24:36], masters], [])
    assert g.current_player == 3
    choice = decide(g.observation(3), g.legal_actions(), random.Random(0))
    assert choice.verb == "butifarra"
    play(g, "3 delegate")
    assert "delegate" not in {a.verb for a in g.legal_actions()}


def butifarra_with(hands: dict[int, str], **options: object) -> Game:
    """A Butifarra deal (dealer 3, seat 0 mano) with the given hands, the rest filled."""
    g = Game(load_ruleset("butifarra"), {"players": 4, **options}, seed=2)
    given = {s: cards(h) for s, h in hands.items()}
    rest = [c for c in g.kit.deck_cards if not any(c in h for h in given.values())]
    deal = []
    for s in range(4):
        mine = given.get(s, [])
        deal.append(mine + rest[:12 - len(mine)])
        rest = rest[12 - len(mine):]
    g.deal(deal, [])
    return g


STRONG_COPAS = "9C 1C 12C 11C 10C 9O 1O 9E 1E 12E 9B 1B"


def test_butifarra_either_defender_decides_the_contro() -> None:
    """§9: the AI decides for both players of a side: the mano's partner, after his pass,
    doubles a strong hand (the dealer named oros)."""
    g = butifarra_with({2: STRONG_COPAS})
    play(g, "3 trump O", "0 pass")
    assert g.current_player == 2
    assert decide(g.observation(2), g.legal_actions(), random.Random(0)).verb == "double"


def test_butifarra_a_partners_pass_makes_the_side_estimate_smaller() -> None:
    from tute.ai.declare import PASSED_PARTNER, side_estimate

    g2 = butifarra_with({2: STRONG_COPAS})
    play(g2, "3 trump O", "0 pass")
    mine = estimate(g2.observation(2), g2.hands[2], 0)
    assert side_estimate(g2.observation(2)) == mine + min(mine, PASSED_PARTNER)
    assert side_estimate(g2.observation(2)) < 2 * mine


def test_butifarra_the_namers_partner_decides_the_recontro() -> None:
    g = butifarra_with({1: STRONG_COPAS})
    play(g, "3 trump C", "0 double", "3 pass")
    assert g.current_player == 1
    assert decide(g.observation(1), g.legal_actions(), random.Random(0)).verb == "double"


def test_butifarra_contro_by_mano_the_partner_is_never_asked() -> None:
    g = butifarra_with({2: STRONG_COPAS}, contro_by="mano")
    play(g, "3 trump O", "0 pass")
    assert {a.verb for a in g.legal_actions()} == {"play"}


def test_subastado_with_three_the_dealer_bids_a_strong_hand_last() -> None:
    g = Game(load_ruleset("subastado"), {"players": 3}, seed=1)
    mine = cards("1O 3O 12O 11O 10O 7O 6O 1C 3C 1E 3E 1B")
    rest = [c for c in g.kit.deck_cards if c not in mine]
    g.deal([rest[:12], rest[12:24], mine], [], dealer=2)
    play(g, "0 pass", "1 pass")
    bid = decide(g.observation(2), g.legal_actions(), random.Random(0))
    assert bid.verb == "bid"


def test_the_a_dos_exchange_is_always_taken() -> None:
    g = Game(load_ruleset("dos"), {"players": 2}, seed=4)
    for _ in range(200):
        if g.phase == "deal":
            g.deal()
        seat = g.current_player
        if seat is None:
            break
        legal = g.legal_actions()
        if any(a.verb == "exchange" for a in legal):
            assert make_player("medium").choose(g.observation(seat)).verb == "exchange"
            return
        g.apply(next(a for a in legal if a.verb == "play"))
    pytest.skip("no exchange came up in this deal")


def test_the_hard_level_searches_its_bid_on_sampled_deals() -> None:
    """Hard weighs a short list (pass, the lowest bid, bids around its estimate) by
    playing sampled deals out: it bids the strong hand, passes the weak one, and never
    bids more than the hand can make on its guesses."""
    from tute.ai.declare import shortlist
    from tute.ai.search import SearchPlayer

    strong = subastado_with("1O 3O 12O 11O 10O 7O 6O 1C 3C 1E 3E 1B")
    weak = subastado_with("10C 4C 5C 6C 4E 5E 6E 7E 4B 5B 6B 7B")
    hard = SearchPlayer(0, iterations=16)
    obs = strong.observation(0)
    options = shortlist(obs, strong.legal_actions())
    assert {a.verb for a in options} == {"bid", "pass"} and len(options) <= 7
    assert all(a in strong.legal_actions() for a in options)
    bid = hard.choose(obs)
    assert bid.verb == "bid"
    means = hard.values(obs, random.Random(0), [bid])
    assert means is not None and means[0] > 0  # it expects to make it
    assert hard.choose(weak.observation(0)).verb == "pass"


def test_the_hard_level_weighs_every_trump_and_calls_from_a_short_list() -> None:
    from tute.ai.declare import shortlist

    g = Game(load_ruleset("codillo"), {"players": 4}, seed=3)
    g.deal()
    play(g, f"{g.mano} juego")
    obs = g.observation(g.mano)
    assert shortlist(obs, g.legal_actions()) == list(g.legal_actions())  # four suits
    play(g, f"{g.mano} trump O")
    obs = g.observation(g.mano)
    calls = shortlist(obs, g.legal_actions())
    assert 1 < len(calls) <= 7
    assert all(a.verb == "call" and not obs.hand >> a.arg & 1 for a in calls)
    assert decide(obs, g.legal_actions(), random.Random(0)) in calls


def test_bato_discards_weighed_are_the_weakest_cards_first() -> None:
    from tute.ai.declare import shortlist
    from tute.ai.strength import power

    g = Game(load_ruleset("bato"), {"players": 4}, seed=5)
    g.deal()
    while g.observation(g.current_player or 0).hand_phase != "discard_draw":
        seat = g.current_player
        assert seat is not None
        obs = g.observation(seat)  # everyone plays or accompanies, so discards come
        g.apply(next(a for a in obs.legal if a.verb in ("juego", "acompano")))
    obs = g.observation(g.current_player or 0)
    options = shortlist(obs, obs.legal)
    sizes = sorted(a.arg.bit_count() for a in options)
    assert sizes[0] == 0 and sizes[-1] == min(4, obs.stock_size)
    out = g.kit.deck & ~obs.hand & ~obs.out_of_play
    one = next(a for a in options if a.arg.bit_count() == 1)
    weakest = min((c for c in range(48) if obs.hand >> c & 1),
                  key=lambda c: power(c, out, obs.trump, g.kit.beats))
    assert one.arg == 1 << weakest


def turns(game: str, players: int, verb: str, seeds: int = 30) -> list[tuple[Game, int]]:
    """Deals of ``game`` stopped at the first turn offering ``verb`` (medium players
    deciding until then), one per seed that reaches one in its first hand."""
    found = []
    for seed in range(seeds):
        g = Game(load_ruleset(game), {"players": players}, seed=seed)
        g.deal()
        ai = [make_player("medium", seed=s) for s in range(players)]
        while g.phase != "deal" and g.hand.phase >= 0:
            seat = g.current_player
            assert seat is not None
            obs = g.observation(seat)
            if any(a.verb == verb for a in obs.legal):
                found.append((g, seat))
                break
            g.apply(ai[seat].choose(obs))
    return found


@pytest.mark.parametrize("players", [3, 6])
def test_bato_medium_plays_and_accompanies_on_the_sum_of_its_cards(players: int) -> None:
    """Juego at 0.8 tricks promised, acompaño at 0.45 (the file's ``juego_sums``), at
    every table size."""
    for verb, need in (("juego", 0.8), ("acompano", 0.45)):
        found = turns("bato", players, verb)
        assert len(found) >= 3
        for g, seat in found:
            obs = g.observation(seat)
            choice = decide(obs, g.legal_actions(), random.Random(0)).verb
            assert choice == (verb if bato_tricks(obs) >= need else "pass")


def test_bato_discards_the_cards_a_draw_would_beat() -> None:
    """A card goes exactly when a card drawn in its place would on average be likelier to
    take a trick (a fixed bar threw the second card of a plain suit, worth more than the
    average draw)."""
    checked = 0
    for seed in range(12):
        g = Game(load_ruleset("bato"), {"players": 4}, seed=seed)
        g.deal()
        while g.observation(g.current_player or 0).hand_phase != "discard_draw":
            obs = g.observation(g.current_player or 0)
            g.apply(next(a for a in obs.legal if a.verb in ("juego", "acompano")))
        obs = g.observation(g.current_player or 0)
        out = _out(obs)
        draw = drawn_power(obs, out)
        assert 0.05 < draw < 0.3  # most unseen cards have a higher one out
        thrown = discard(obs, obs.legal).arg
        for c in range(48):
            if obs.hand >> c & 1:
                weak = power(c, out, obs.trump, g.kit.beats) < draw
                assert bool(thrown >> c & 1) == weak, (seed, c)
                checked += weak
    assert checked >= 6


@pytest.mark.parametrize(("players", "share"), [(4, 0.3), (5, 1.35)])
def test_codillo_juego_asks_less_where_the_call_makes_even_sides(players: int,
                                                                  share: float) -> None:
    """Two against two, naming trumps and the partner is worth declaring almost any hand;
    against three, a hand must promise 1.35 fair shares of the 130 points."""
    found = turns("codillo", players, "juego")
    assert found
    for g, seat in found:
        obs = g.observation(seat)
        assert juego_need(obs) == pytest.approx(share * 130 / players)
        value = best_trump(obs, obs.hand)[1]
        choice = decide(obs, g.legal_actions(), random.Random(0)).verb
        assert choice == ("juego" if value >= juego_need(obs) else "pass")
