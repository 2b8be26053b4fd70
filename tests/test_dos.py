"""docs/rules.md §3 Tute a dos / habanero: one test per rule sentence (records: docs/records.md)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from engine_helpers import cards, deal_stock, finish_hand, force_end, mask, new_game, play, texts

from tute.cards import card_text, parse_card
from tute.cli import main
from tute.engine import DEAL, DealError, Game, IllegalAction
from tute.engine.events import CardDrawn, Exchanged, Sung, TrumpShown
from tute.engine.record import record_from_text, replay, summary_json


def dos(seed: int = 0, /, **options: object) -> Game:
    return new_game(2, "dos", seed, **options)


# Seat 0 (mano) leads 1C and wins against 4C; the muestra 12O is above 7, seat 0 holds
# both the 7 and the 2 of trumps.
P0 = "1C 7O 2O 6E 5E 4E"
P1 = "4C 10E 2E 5C 6C 7C"


def standard(top: str = "11C 12C", muestra: str = "12O", **options: object) -> Game:
    g = dos(**options)
    deal_stock(g, {0: P0, 1: P1}, top=top, muestra=muestra)
    return g


def first_play(g: Game) -> None:
    g.apply(next(a for a in g.legal_actions() if a.verb == "play"))


def play_until_stock_is(g: Game, size: int) -> None:
    """Play first legal cards until a trick ends with ``size`` cards left in the stock."""
    while len(g.hand.stock) > size or g.hand.trick_cards:
        first_play(g)


def random_finish(g: Game, seed: int) -> None:
    """Play the hand to its end with random legal cards (seeded)."""
    rng = random.Random(seed)
    while g.phase == "play":
        g.apply(rng.choice([a for a in g.legal_actions() if a.verb == "play"]))


def holds(g: Game, seat: int, text: str) -> bool:
    return all(g.hands[seat] >> c & 1 for c in cards(text))


# --- Deal ----------------------------------------------------------------------------------
def test_dos_deck_spanish40_six_cards_each_by_default_and_the_rest_is_the_stock() -> None:
    g = dos()
    g.deal()
    h = g.hand
    assert [x.bit_count() for x in g.hands] == [6, 6]
    assert len(h.stock) == 28
    everything = g.hands[0] | g.hands[1] | mask(" ".join(card_text(c) for c in h.stock))
    assert everything.bit_count() == 40


@pytest.mark.parametrize("size", [7, 8])
def test_dos_hand_size_option_7_or_8(size: int) -> None:
    g = dos(hand_size=size)
    g.deal()
    assert [x.bit_count() for x in g.hands] == [size, size]
    assert len(g.hand.stock) == 40 - 2 * size
    finish_hand(g)
    s = g.summaries[-1]
    assert sum(s.taken) == 20 and sum(s.points) == 130  # every card is played


def test_dos_the_muestra_sets_trumps_and_lies_face_up_under_the_stock() -> None:
    g = dos()
    events = deal_stock(g, {0: P0, 1: P1}, muestra="6B")
    assert g.trump == 3 and g.muestra == parse_card("6B")
    assert g.hand.stock[-1] == parse_card("6B")
    assert TrumpShown(3, parse_card("6B"), None) in events
    assert g.observation(0).face_up == parse_card("6B")
    assert g.observation(1).stock_size == 28


def test_dos_the_muestra_is_the_last_card_drawn() -> None:
    g = standard()
    drawn: list[CardDrawn] = []
    while g.hand.stock or g.hand.trick_cards:
        drawn += [e for e in g.apply(next(a for a in g.legal_actions() if a.verb == "play"))
                  if isinstance(e, CardDrawn)]
    assert len(drawn) == 28
    assert drawn[-1].card == parse_card("12O") and drawn[-1].public
    assert not any(e.public for e in drawn[:-1])


def test_dos_first_dealer_is_seat_1_and_seat_0_leads() -> None:
    g = dos()
    g.deal()
    assert g.dealer == 1 and g.mano == 0 and g.current_player == 0


def test_dos_naming_seat_0_as_first_dealer_is_refused() -> None:
    g = dos()
    with pytest.raises(DealError, match="seat 1"):
        deal_stock(g, {0: P0, 1: P1}, muestra="12O", dealer=0)
    assert g.phase == DEAL


def test_dos_always_prevents_revokes() -> None:
    with pytest.raises(ValueError, match="renuncio"):
        dos(renuncio="penalize")


def test_dos_the_deal_alternates_and_the_non_dealer_leads() -> None:
    g = dos()
    seen = []
    for _ in range(3):
        g.deal()
        seen.append((g.dealer, g.mano, g.current_player))
        finish_hand(g)
        if g.is_over:
            break
    assert seen == [(1, 0, 0), (0, 1, 1), (1, 0, 0)][: len(seen)] and len(seen) >= 2


# --- Drawing -----------------------------------------------------------------------------
def test_dos_the_winner_draws_first_then_the_other() -> None:
    g = standard(top="3E 3B")
    events = play(g, "0 play 1C", "1 play 4C")
    draws = [(e.seat, card_text(e.card)) for e in events if isinstance(e, CardDrawn)]
    assert draws == [(0, "3E"), (1, "3B")]


def test_dos_the_winner_draws_first_when_the_second_player_wins() -> None:
    g = dos()
    deal_stock(g, {0: "4C 7O 2O 6E 5E 4E", 1: "1C 10E 2E 5C 6C 7C"}, top="3E 3B",
               muestra="12O")
    events = play(g, "0 play 4C", "1 play 1C")
    draws = [(e.seat, card_text(e.card)) for e in events if isinstance(e, CardDrawn)]
    assert draws == [(1, "3E"), (0, "3B")]
    assert g.current_player == 1  # the winner leads


# --- Obligations -------------------------------------------------------------------------
def test_dos_obligations_are_free_while_the_stock_has_cards() -> None:
    g = standard()
    play(g, "0 play 1C")
    # seat 1 holds copas (4C 5C 6C 7C) and trumps none: any card, even a spade
    assert texts(g.legal_actions()) == {f"1 play {c}" for c in P1.split()}
    play(g, "1 play 2E")
    assert g.hand.taken == [1, 0]


def test_dos_the_trick_that_empties_the_stock_is_still_free() -> None:
    for seed in range(6):
        g = dos(seed)
        g.deal()
        play_until_stock_is(g, 2)
        first_play(g)  # the lead of the last trick played with cards in the stock
        seat = g.current_player
        assert seat is not None
        assert {a.arg for a in g.legal_actions() if a.verb == "play"} == set(
            c for c in range(48) if g.hands[seat] >> c & 1)


def test_dos_the_first_trick_led_after_the_stock_is_empty_and_every_later_one_is_tute(
) -> None:
    restricted = 0
    for seed in range(12):
        g = dos(seed)
        g.deal()
        play_until_stock_is(g, 0)
        while g.hand.tricks_left > 1:
            first_play(g)  # the lead
            seat, lead = g.current_player, g.hand.lead
            assert seat is not None
            follow = g.hands[seat] & mask(" ".join(f"{r}{'OCEB'[lead]}"
                                                   for r in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)))
            legal = {a.arg for a in g.legal_actions() if a.verb == "play"}
            if follow:  # holding the led suit he must follow it
                assert all(c // 12 == lead for c in legal)
                restricted += follow != g.hands[seat]
            first_play(g)
    assert restricted > 0


def test_dos_under_tute_the_follower_must_beat_the_led_card_if_he_can() -> None:
    # a position after the stock is empty: the follower holds a higher and a lower copa
    for seed in range(40):
        g = dos(seed)
        g.deal()
        play_until_stock_is(g, 0)
        leader = g.current_player
        assert leader is not None
        other = 1 - leader
        for a in g.legal_actions():
            if a.verb != "play" or a.arg // 12 == g.trump:
                continue
            c = a.arg
            same = [x for x in range(c // 12 * 12, c // 12 * 12 + 12) if g.hands[other] >> x & 1]
            above = [x for x in same if g.kit.strength[x] > g.kit.strength[c]]
            below = [x for x in same if g.kit.strength[x] < g.kit.strength[c]]
            if above and below:
                g.apply(a)
                assert {b.arg for b in g.legal_actions() if b.verb == "play"} == set(above)
                return
    pytest.fail("no position found")


# --- Exchanges ---------------------------------------------------------------------------
@pytest.mark.parametrize("muestra", ["10O", "11O", "12O", "3O", "1O"])
def test_dos_exchange_the_7_of_trumps_for_a_muestra_above_7(muestra: str) -> None:
    g = standard(muestra=muestra)
    play(g, "0 play 1C", "1 play 4C")
    assert "0 exchange 7O" in texts(g.legal_actions())
    events = play(g, "0 exchange 7O")
    assert events == [Exchanged(0, parse_card("7O"), parse_card(muestra))]
    assert holds(g, 0, muestra) and not holds(g, 0, "7O")
    assert g.hand.stock[-1] == parse_card("7O") and g.hand.exchanges == [(0, parse_card("7O"))]
    assert g.observation(1).known[0] >> parse_card(muestra) & 1  # seen by the other player


@pytest.mark.parametrize("muestra", ["5O", "6O", "7O"])
def test_dos_exchange_the_2_of_trumps_for_a_muestra_of_5_6_or_7(muestra: str) -> None:
    g = dos()
    deal_stock(g, {0: "1C 3O 2O 6E 5E 4E", 1: P1}, muestra=muestra)
    play(g, "0 play 1C", "1 play 4C")
    assert {a.text() for a in g.legal_actions() if a.verb == "exchange"} == {"exchange 2O"}
    play(g, "0 exchange 2O")
    assert holds(g, 0, muestra) and g.hand.stock[-1] == parse_card("2O")


def test_dos_the_7_is_not_exchanged_for_a_muestra_of_5_6_or_7() -> None:
    g = standard(muestra="6O")
    play(g, "0 play 1C", "1 play 4C")
    with pytest.raises(IllegalAction, match="Only the 2O"):
        play(g, "0 exchange 7O")


def test_dos_the_2_is_not_exchanged_for_a_muestra_above_7() -> None:
    g = dos()
    deal_stock(g, {0: "1C 3O 2O 6E 5E 4E", 1: P1}, muestra="1O")
    play(g, "0 play 1C", "1 play 4C")
    assert not [a for a in g.legal_actions() if a.verb == "exchange"]
    with pytest.raises(IllegalAction, match="Only the 7O"):
        play(g, "0 exchange 2O")


@pytest.mark.parametrize("muestra", ["4O", "2O"])
def test_dos_a_muestra_of_4_or_2_is_never_exchanged(muestra: str) -> None:
    g = dos()
    deal_stock(g, {0: "1C 7O 5O 6E 5E 4E" if muestra == "2O" else P0, 1: P1},
               muestra=muestra)
    play(g, "0 play 1C", "1 play 4C")
    assert not [a for a in g.legal_actions() if a.verb == "exchange"]
    with pytest.raises(IllegalAction, match="never exchanged"):
        play(g, "0 exchange 2O" if muestra == "4O" else "0 exchange 7O")


def test_dos_after_a_7_replaced_the_muestra_the_2_may_replace_the_7() -> None:
    g = dos()
    # seat 0 holds the 7, seat 1 the 2; each wins a trick in turn
    deal_stock(g, {0: "1C 7O 4B 6E 5E 4E", 1: "4C 1E 2O 5C 6C 7C"}, muestra="12O")
    play(g, "0 play 1C", "1 play 4C", "0 exchange 7O", "0 play 4E", "1 play 1E")
    assert g.current_player == 1
    assert "1 exchange 2O" in texts(g.legal_actions())
    play(g, "1 exchange 2O")
    assert holds(g, 1, "7O") and g.hand.stock[-1] == parse_card("2O")
    assert g.hand.exchanges == [(0, parse_card("7O")), (1, parse_card("2O"))]


def test_dos_one_player_may_exchange_the_7_and_then_the_2_in_one_turn() -> None:
    g = standard()
    play(g, "0 play 1C", "1 play 4C", "0 exchange 7O")
    assert "0 exchange 2O" in texts(g.legal_actions())
    play(g, "0 exchange 2O")
    assert holds(g, 0, "12O 7O") and g.hand.stock[-1] == parse_card("2O")
    assert not [a for a in g.legal_actions() if a.verb == "exchange"]
    assert g.current_player == 0  # he still leads


@pytest.mark.parametrize("sing_first", [True, False])
def test_dos_exchanges_may_come_before_or_after_a_cante(sing_first: bool) -> None:
    g = dos()
    deal_stock(g, {0: "1C 7O 2O 12E 11E 4E", 1: P1}, muestra="12O")
    play(g, "0 play 1C", "1 play 4C")
    steps = ["0 sing 20 E", "0 exchange 7O", "0 exchange 2O"]
    if not sing_first:
        steps = steps[1:] + steps[:1]
    for step in steps:
        assert step in texts(g.legal_actions())
        play(g, step)
    assert g.hand.cante_points[0] == 20 and len(g.hand.exchanges) == 2
    assert g.current_player == 0


def test_dos_a_muestra_taken_by_exchange_completes_a_cante_in_the_same_turn() -> None:
    g = dos()
    deal_stock(g, {0: "1C 7O 11O 6E 5E 4E", 1: P1}, muestra="12O")
    play(g, "0 play 1C", "1 play 4C")
    assert "0 sing 40" not in texts(g.legal_actions())
    play(g, "0 exchange 7O")
    assert "0 sing 40" in texts(g.legal_actions())
    assert play(g, "0 sing 40") == [Sung(0, "40", 40)]


def test_dos_no_exchange_before_the_first_trick() -> None:
    g = standard()
    assert not [a for a in g.legal_actions() if a.verb == "exchange"]
    with pytest.raises(IllegalAction, match="after winning a trick"):
        play(g, "0 exchange 7O")


def test_dos_only_the_winner_about_to_lead_may_exchange() -> None:
    g = dos()
    deal_stock(g, {0: "1C 4B 2B 6E 5E 4E", 1: "4C 7O 2E 5C 6C 7C"}, muestra="12O")
    play(g, "0 play 1C", "1 play 4C")
    with pytest.raises(IllegalAction):
        play(g, "1 exchange 7O")  # he lost the trick
    g2 = standard()
    play(g2, "0 play 1C", "1 play 4C", "0 play 6E")
    with pytest.raises(IllegalAction):
        play(g2, "0 exchange 7O")  # he has led already
    assert g2.hand.exchanges == []


def test_dos_exchange_allowed_while_only_one_card_lies_on_the_muestra() -> None:
    for seed in range(30):
        g = dos(seed)
        g.deal()
        play_until_stock_is(g, 2)
        seat = g.current_player
        assert seat is not None
        seven = parse_card(f"7{'OCEB'[g.trump]}")
        if g.hands[seat] >> seven & 1 and g.hand.stock[-1] % 12 + 1 in (10, 11, 12, 3, 1):
            assert f"{seat} exchange 7{'OCEB'[g.trump]}" in texts(g.legal_actions())
            return
    pytest.fail("no position found")


def test_dos_no_exchange_after_the_draw_that_takes_the_muestra() -> None:
    for seed in range(60):
        g = dos(seed)
        g.deal()
        muestra = g.muestra
        assert muestra is not None
        play_until_stock_is(g, 0)
        seat = g.current_player
        assert seat is not None
        rank = 7 if muestra % 12 + 1 in (10, 11, 12, 3, 1) else 2
        mine = f"{rank}{'OCEB'[g.trump]}"
        if muestra % 12 + 1 in (2, 4) or not holds(g, seat, mine):
            continue
        # the leader holds the card he could have exchanged, but the muestra is drawn
        assert not [a for a in g.legal_actions() if a.verb == "exchange"]
        with pytest.raises(IllegalAction, match="stock is empty"):
            play(g, f"{seat} exchange {mine}")
        return
    pytest.fail("no position found")


def test_dos_exchange_option_off_allows_no_exchange() -> None:
    g = standard(exchange=False)
    play(g, "0 play 1C", "1 play 4C")
    assert not [a for a in g.legal_actions() if a.verb == "exchange"]
    with pytest.raises(IllegalAction):
        play(g, "0 exchange 7O")


def test_dos_the_exchanged_trump_is_the_last_card_drawn() -> None:
    g = standard()
    play(g, "0 play 1C", "1 play 4C", "0 exchange 7O")
    drawn: list[CardDrawn] = []
    while g.hand.stock or g.hand.trick_cards:
        drawn += [e for e in g.apply(next(a for a in g.legal_actions() if a.verb == "play"))
                  if isinstance(e, CardDrawn)]
    assert drawn[-1].card == parse_card("7O")


# --- Cantes ------------------------------------------------------------------------------
def test_dos_the_trick_winner_sings_after_both_have_drawn_and_before_leading() -> None:
    g = dos()
    deal_stock(g, {0: "1C 12C 4B 6E 5E 4E", 1: "4C 10E 2E 5C 6C 7C"}, top="11C 3B",
               muestra="12O")
    assert not [a for a in g.legal_actions() if a.verb == "sing"]
    play(g, "0 play 1C", "1 play 4C")  # seat 0 draws the 11C he needs
    assert "0 sing 20 C" in texts(g.legal_actions())
    assert play(g, "0 sing 20 C") == [Sung(0, "20C", 20)]
    play(g, "0 play 4B")
    assert g.hand.cante_points == [20, 0]


def test_dos_the_loser_of_the_trick_may_not_sing() -> None:
    g = dos()
    deal_stock(g, {0: "1C 4B 2B 6E 5E 4E", 1: "4C 12E 11E 5C 6C 7C"}, muestra="12O")
    play(g, "0 play 1C", "1 play 4C")
    with pytest.raises(IllegalAction):
        play(g, "1 sing 20 E")


def test_dos_cantes_on_the_last_trick_before_the_stock_runs_out() -> None:
    for seed in range(60):
        g = dos(seed)
        g.deal()
        play_until_stock_is(g, 0)  # the trick whose draws empty the stock
        seat = g.current_player
        assert seat is not None
        sings = [a for a in g.legal_actions() if a.verb == "sing" and a.text() != "sing tute"]
        if sings:
            play(g, sings[0].record_text())
            assert g.hand.cante_points[seat] in (20, 40)
            return
    pytest.fail("no position found")


def test_dos_cantes_count_in_the_hands_points() -> None:
    g = dos()
    deal_stock(g, {0: "1C 12C 11C 6E 5E 4E", 1: P1}, muestra="12O")
    play(g, "0 play 1C", "1 play 4C", "0 sing 20 C")
    finish_hand(g)
    s = g.summaries[-1]
    assert sum(s.points) == 150 and s.cantes[0] == ["20C"]


# --- Tute --------------------------------------------------------------------------------
def _tute_position(**options: object) -> Game:
    g = dos(**options)
    deal_stock(g, {0: "1C 12O 12C 12E 11B 4E", 1: "4C 10E 2E 5C 6C 7C"}, top="12B 3B",
               muestra="1O")
    return g


def test_dos_a_tute_completed_by_a_draw_is_sung_after_winning_a_trick() -> None:
    g = _tute_position()
    assert not [a for a in g.legal_actions() if a.verb == "sing"]
    play(g, "0 play 1C", "1 play 4C")  # draws the fourth rey
    assert "0 sing tute" in texts(g.legal_actions())


def test_dos_a_dealt_tute_is_sung_after_winning_a_trick() -> None:
    g = dos()
    deal_stock(g, {0: "1C 11O 11C 11E 11B 4E", 1: P1}, muestra="1O")
    assert "0 sing tute" not in texts(g.legal_actions())
    play(g, "0 play 1C", "1 play 4C")
    assert "0 sing tute" in texts(g.legal_actions())


def test_dos_a_sung_tute_ends_the_hand_at_once_with_no_diez_de_ultimas() -> None:
    g = _tute_position()
    play(g, "0 play 1C", "1 play 4C", "0 sing tute")
    s = g.summaries[-1]
    assert s.complete and s.tute == 0 and s.last_trick is None
    assert s.points == [11, 0]  # the points so far: the as and the 4 of copas
    assert g.legal_actions() == []


def test_dos_match_101_tute_the_singer_wins_the_match() -> None:
    g = _tute_position()
    g.ledger.totals = [0, 100]  # set between hands: the other is far ahead
    play(g, "0 play 1C", "1 play 4C", "0 sing tute")
    assert g.is_over and g.winners == (0,)


def test_dos_lowest_loses_tute_the_other_player_loses() -> None:
    g = _tute_position(scoring="lowest_loses")
    play(g, "0 play 1C", "1 play 4C", "0 sing tute")
    assert g.summaries[-1].losers == [1]
    assert g.is_over and g.winners == (0,)


# --- Scoring: match_101 ------------------------------------------------------------------
def _outcome(g: Game) -> tuple[list[int], int]:
    """The points and last trick the current hand will end with (played on a copy)."""
    c = g.clone()
    finish_hand(c)
    s = c.summaries[-1]
    assert s.last_trick is not None
    return [int(p) for p in s.points], s.last_trick


def test_dos_match_101_points_are_cards_cantes_and_diez_de_ultimas() -> None:
    g = dos()
    g.deal()
    finish_hand(g)
    s = g.summaries[-1]
    assert sum(s.points) == 130 and s.last_trick is not None
    assert s.points[s.last_trick] >= 10


def test_dos_match_101_points_accumulate_hand_after_hand() -> None:
    g = dos()
    g.deal()
    finish_hand(g)
    first = [int(p) for p in g.summaries[-1].points]
    assert g.ledger.totals == first and not g.is_over
    g.deal()
    finish_hand(g)
    second = [int(p) for p in g.summaries[-1].points]
    assert g.ledger.totals == [a + b for a, b in zip(first, second, strict=True)]
    assert g.summaries[-1].to_json()["totals"] == g.ledger.totals


def test_dos_match_101_the_first_to_reach_101_after_a_hand_wins() -> None:
    g = dos()
    g.deal()
    pts, _ = _outcome(g)
    high = 0 if pts[0] >= pts[1] else 1
    g.ledger.totals = [0, 0]
    g.ledger.totals[high] = 101 - pts[high]  # set between hands: he ends on exactly 101
    finish_hand(g)
    assert g.is_over and g.winners == (high,)


def test_dos_match_101_below_101_the_match_goes_on() -> None:
    g = dos()
    g.deal()
    pts, _ = _outcome(g)
    g.ledger.totals = [100 - pts[0], 100 - pts[1]]  # both end on 100
    finish_hand(g)
    assert not g.is_over and g.ledger.totals == [100, 100] and g.phase == DEAL


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_dos_match_101_both_reaching_101_the_diez_de_ultimas_wins_with_the_lower_total(
        seed: int) -> None:
    g = dos(seed)
    g.deal()
    pts, last = _outcome(g)
    other = 1 - last
    g.ledger.totals = [0, 0]
    g.ledger.totals[last] = 101 - pts[last]  # set between hands: he ends on 101,
    g.ledger.totals[other] = 150 - pts[other]  # the other on 150
    finish_hand(g)
    assert g.ledger.totals[last] == 101 and g.ledger.totals[other] == 150
    assert g.is_over and g.winners == (last,)


# --- Scoring: lowest_loses ---------------------------------------------------------------
def test_dos_lowest_loses_one_hand_the_lower_total_loses() -> None:
    g = dos(scoring="lowest_loses")
    g.deal()
    finish_hand(g)
    s = g.summaries[-1]
    if s.points[0] != s.points[1]:
        low = 0 if s.points[0] < s.points[1] else 1
        assert s.losers == [low] and g.is_over and g.winners == (1 - low,)
    else:
        assert s.losers == [] and not g.is_over


def test_dos_lowest_loses_a_tie_replays_the_hand_with_a_new_deal() -> None:
    for seed in range(400):
        g = dos(seed, scoring="lowest_loses")
        g.deal()
        random_finish(g, seed)
        s = g.summaries[-1]
        if s.points[0] != s.points[1]:
            continue
        assert s.losers == [] and s.to_json()["losers"] == []
        assert not g.is_over and g.phase == DEAL and g.winners == ()
        g.deal()  # a new deal
        assert len(g.summaries) == 1 and g.current_player is not None
        return
    pytest.fail("no tied hand in 400 seeds")


# --- Records -----------------------------------------------------------------------------
DOS_RECORD = """\
rules: dos
options: {{players: 2{options}}}
seed: 4
hands:
  - dealer: 1
    deal:
      - [1C, 12E, 11E, 7O, 2O, 4E]
      - [4C, 10E, 2E, 5C, 6C, 7C]
    rest: [3B, 3E, {stock}, 12O]
    actions: [{actions}]
"""


RECORD_DEALT = "1C 12E 11E 7O 2O 4E 4C 10E 2E 5C 6C 7C 3B 3E 12O"


def dos_record(actions: list[str], options: str = "") -> str:
    used = set(RECORD_DEALT.split())
    order = "2B 4B 5B 6B 7B 10B 11B 12B 1B 5E 6E 7E 1E 2C 3C 10C 11C 12C 4O 5O 6O 10O 11O " \
            "1O 3O 5E"
    stock = [c for c in dict.fromkeys(order.split()) if c not in used]
    return DOS_RECORD.format(options=options, stock=", ".join(stock),
                             actions=", ".join(actions))


def test_dos_record_lists_exchanges_and_cantes_as_legal_actions() -> None:
    rec = record_from_text(dos_record(["0 play 1C", "1 play 4C"]))
    r = replay(rec)
    assert r.error is None
    doc = summary_json(r.game)
    assert doc["to_act"] == 0
    assert isinstance(doc["legal"], list)
    assert set(doc["legal"]) == {"12E", "11E", "7O", "2O", "4E", "3B", "sing 20 E",
                                 "exchange 7O"}


def test_dos_record_keys_with_match_101() -> None:
    actions = ["0 play 1C", "1 play 4C", "0 exchange 7O", "0 exchange 2O", "0 sing 20 E"]
    r = replay(record_from_text(dos_record(actions)))
    assert r.error is None
    finish_hand(r.game)
    hand = r.game.summaries[-1].to_json()
    assert set(hand) == {"dealer", "mano", "trump", "muestra", "taken", "points", "cantes",
                         "last_trick", "tute", "complete", "exchanges", "totals"}
    assert hand["exchanges"] == ["0 7O", "0 2O"]
    assert hand["totals"] == hand["points"] and hand["cantes"] == [["20E"], []]
    assert hand["dealer"] == 1 and hand["mano"] == 0 and hand["trump"] == "O"


def test_dos_record_keys_with_lowest_loses() -> None:
    r = replay(record_from_text(dos_record(["0 play 1C"], ", scoring: lowest_loses")))
    assert r.error is None
    doc = summary_json(r.game)
    hand = doc["hands"][0]  # type: ignore[index]
    assert hand["losers"] is None and "totals" not in hand and hand["exchanges"] == []
    assert hand["muestra"] == "12O"
    finish_hand(r.game)
    hand = r.game.summaries[-1].to_json()
    pts = hand["points"]
    assert isinstance(pts, list)
    assert hand["losers"] == ([] if pts[0] == pts[1] else [0 if pts[0] < pts[1] else 1])
    assert "totals" not in hand


def test_dos_record_replays_an_engine_written_match_to_the_same_json() -> None:
    from tute.engine.record import dump_record

    g = dos(7)
    g.deal()
    play(g, "0 play " + card_text(next(a.arg for a in g.legal_actions())))
    finish_hand(g)
    r = replay(record_from_text(dump_record(g)))
    assert r.error is None and summary_json(r.game) == summary_json(g)


def test_dos_illegal_exchange_in_a_record_exits_1_with_number_text_and_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "r.yaml"
    p.write_text(dos_record(["0 play 1C", "1 play 4C", "0 exchange 2O"]), encoding="utf-8")
    code = main(["replay", str(p), "--json"])
    out, err = capsys.readouterr()
    assert code == 1 and "0 exchange 2O" in err
    doc = json.loads(out)
    assert doc["error"]["action"] == 3 and doc["error"]["text"] == "0 exchange 2O"
    assert "7O" in doc["error"]["reason"] and doc["error"]["hand"] == 1
    assert doc["to_act"] == 0 and doc["hands"][0]["exchanges"] == []


def test_dos_exchange_before_the_first_trick_in_a_record_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "r.yaml"
    p.write_text(dos_record(["0 exchange 7O"]), encoding="utf-8")
    code = main(["replay", str(p), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 1 and doc["error"]["action"] == 1 and doc["error"]["reason"]


def test_dos_malformed_exchange_in_a_record_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "r.yaml"
    p.write_text(dos_record(["0 play 1C", "1 play 4C", "0 exchange"]), encoding="utf-8")
    code = main(["replay", str(p), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 1 and doc["error"]["action"] == 3 and doc["error"]["text"] == "0 exchange"
    assert "exchange takes one card" in doc["error"]["reason"]


# --- Scoring: juegos ---------------------------------------------------------------------
def _juegos_hand(card_points: dict[int, int], last: int, totals: tuple[int, int] = (0, 0),
                 **options: object) -> Game:
    """A juegos hand ended with these card points (the diez de últimas to ``last``)."""
    g = dos(scoring="juegos", **options)
    g.deal()
    g.ledger.totals = list(totals)  # set between hands
    force_end(g, card_points, last)
    return g


def test_dos_juegos_the_higher_total_wins_one_juego_a_hand() -> None:
    g = _juegos_hand({0: 70, 1: 40}, last=1)  # 70 against 50
    hand = g.summaries[-1].to_json()
    assert hand["juegos"] == [1, 0] and hand["totals"] == [1, 0] and not g.is_over


def test_dos_juegos_two_juegos_when_the_winner_reaches_two_games_at() -> None:
    g = _juegos_hand({0: 91, 1: 29}, last=0)  # 101 against 29
    assert g.summaries[-1].to_json()["juegos"] == [2, 0]
    g = _juegos_hand({0: 90, 1: 30}, last=0)  # 100: one
    assert g.summaries[-1].to_json()["juegos"] == [1, 0]


def test_dos_juegos_two_games_at_121() -> None:
    g = _juegos_hand({0: 100, 1: 20}, last=0, two_games_at=121)  # 110: one
    assert g.summaries[-1].to_json()["juegos"] == [1, 0]
    g = _juegos_hand({0: 111, 1: 9}, last=0, two_games_at=121)  # 121: two
    assert g.summaries[-1].to_json()["juegos"] == [2, 0]


def test_dos_juegos_a_tie_goes_to_the_winner_of_the_last_trick() -> None:
    g = _juegos_hand({0: 60, 1: 50}, last=1)  # 60 all
    s = g.summaries[-1]
    assert s.points == [60, 60] and s.to_json()["juegos"] == [0, 1]


def test_dos_juegos_a_sung_tute_wins_two_juegos() -> None:
    g = _tute_position(scoring="juegos")
    play(g, "0 play 1C", "1 play 4C", "0 sing tute")
    assert g.summaries[-1].to_json()["juegos"] == [2, 0] and g.ledger.totals == [2, 0]


@pytest.mark.parametrize("games_to", [3, 5, 7])
def test_dos_juegos_the_first_to_games_to_wins_the_match(games_to: int) -> None:
    g = _juegos_hand({0: 20, 1: 100}, last=1, totals=(games_to - 1, games_to - 2),
                     games_to=games_to)  # seat 1 wins two and reaches games_to
    assert g.is_over and g.winners == (1,) and g.ledger.totals == [games_to - 1, games_to]
    g = _juegos_hand({0: 70, 1: 40}, last=1, totals=(games_to - 2, 0), games_to=games_to)
    assert not g.is_over and g.phase == DEAL


def test_dos_juegos_games_to_5_by_default() -> None:
    assert dos(scoring="juegos").options["games_to"] == 5
    assert dos().options["two_games_at"] == 101


def test_dos_record_keys_with_juegos() -> None:
    r = replay(record_from_text(dos_record(["0 play 1C"], ", scoring: juegos")))
    assert r.error is None
    hand = summary_json(r.game)["hands"][0]  # type: ignore[index]
    assert hand["juegos"] is None and hand["totals"] == [0, 0] and "losers" not in hand
    finish_hand(r.game)
    hand = r.game.summaries[-1].to_json()
    assert set(hand) == {"dealer", "mano", "trump", "muestra", "taken", "points", "cantes",
                         "last_trick", "tute", "complete", "exchanges", "juegos", "totals"}
    assert sum(hand["juegos"]) in (1, 2) and hand["totals"] == hand["juegos"]


# --- Option sing_in_arrastre ---------------------------------------------------------------
def _sings(g: Game) -> set[str]:
    return texts(a for a in g.legal_actions() if a.verb == "sing")


def test_dos_sing_in_arrastre_off_forbids_every_cante_once_the_stock_and_muestra_are_drawn(
        ) -> None:
    """Two games dealt alike, played alike: they differ only once the stock is drawn."""
    found = 0
    for seed in range(40):
        on, off = dos(seed), dos(seed, sing_in_arrastre=False)
        on.deal()
        off.deal()
        while on.phase == "play":
            if on.hand.stock:
                assert _sings(on) == _sings(off)
            else:
                assert _sings(off) == set()
                found += bool(_sings(on))
            act = next(a for a in on.legal_actions() if a.verb == "play")
            on.apply(act)
            off.apply(act)
    assert found  # positions where "on" allows a cante that "off" forbids


def test_dos_sing_in_arrastre_off_no_cante_after_the_trick_whose_draws_empty_the_stock(
        ) -> None:
    for seed in range(60):
        on, off = dos(seed), dos(seed, sing_in_arrastre=False)
        for g in (on, off):
            g.deal()
            play_until_stock_is(g, 0)
        if _sings(on):
            assert _sings(off) == set()
            with pytest.raises(IllegalAction, match="stock"):
                off.apply(next(a for a in on.legal_actions() if a.verb == "sing"))
            return
    pytest.fail("no position found")


def test_dos_sing_in_arrastre_off_cantes_while_the_stock_lasts() -> None:
    g = dos(sing_in_arrastre=False)
    deal_stock(g, {0: "1C 12C 4B 6E 5E 4E", 1: "4C 10E 2E 5C 6C 7C"}, top="11C 3B",
               muestra="12O")
    play(g, "0 play 1C", "1 play 4C")
    assert "0 sing 20 C" in texts(g.legal_actions())


def test_dos_sing_in_arrastre_on_by_default() -> None:
    assert dos().options["sing_in_arrastre"] is True
