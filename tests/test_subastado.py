"""docs/rules.md §6 Tute subastado / remate: one test per rule sentence (records: docs/records.md,
"subastado")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from engine_helpers import (
    deal_given,
    mask,
    new_game,
    play,
    play_out,
    replay_cli,
    replay_json,
    texts,
)

from tute.cards import DECKS
from tute.engine import DealError, Game, IllegalAction
from tute.engine.record import dump_record, summary_json

# Seat 0 holds every trump of bastos and the other three aces: leading them in this order
# he takes all twelve tricks, 120 card points + 10 de últimas = 130.
SWEEP = "1B 3B 12B 11B 10B 7B 6B 5B 4B 1C 1E 1O"
SWEEP_ORDER = "1B 3B 4B 5B 6B 7B 10B 11B 12B 1C 1E 1O"


def subastado(seed: int = 0, /, **options: object) -> Game:
    return new_game(4, "subastado", seed, **options)


def hand_json(g: Game, i: int = -1) -> dict[str, Any]:
    hands = summary_json(g)["hands"]
    assert isinstance(hands, list)
    hand: dict[str, Any] = hands[i]
    return hand


def swept(bid: int, takeover: bool = False, sing: bool = False, **options: object) -> Game:
    """Seat 0 (mano) holds SWEEP, bids ``bid``, the others pass, the dealer passes or
    takes over, the declarer names bastos and takes every trick."""
    g = subastado(**options)
    deal_given(g, {0: SWEEP})
    play(g, f"0 bid {bid}", "1 pass", "2 pass", "3 takeover" if takeover else "3 pass")
    d = 3 if takeover else 0
    play(g, f"{d} trump B", f"{d} play 1B")
    for _ in (1, 2):  # the rest of the first trick
        g.apply(next(a for a in g.legal_actions() if a.verb == "play"))
    if sing:
        play(g, f"{d} sing 40")
    play_out(g, {d: SWEEP_ORDER})
    return g


def in_play(g: Game) -> bool:
    """Cards are being played (the auction and the declaration are over)."""
    return any(a.verb == "play" for a in g.legal_actions())


def auction_to_play(g: Game, bid: int = 50) -> None:
    """The first speaker bids, everyone else passes (the dealer too); trumps oros."""
    play(g, f"{g.current_player} bid {bid}")
    while g.phase == "play" and not in_play(g):
        acts = g.legal_actions()
        pick = next((a for a in acts if a.verb == "pass"), None) or next(
            a for a in acts if a.verb == "trump")
        g.apply(pick)


# --- Deal ----------------------------------------------------------------------------------
def test_subastado_four_at_the_table_the_dealer_sits_out_12_cards_to_each_of_the_three(
) -> None:
    g = subastado()
    g.deal()
    assert g.n == 4 and g.sitting_out == g.dealer == 3
    assert [h.bit_count() for h in g.hands] == [12, 12, 12, 0]
    assert set(g.playing) == {0, 1, 2}


def test_subastado_three_or_four_players_four_by_default() -> None:
    assert subastado().n == 4
    assert new_game(3, "subastado").n == 3
    for players in (2, 5):
        with pytest.raises(ValueError):
            new_game(players, "subastado")


def test_subastado_deck_spanish36_is_spanish40_without_the_2s() -> None:
    g = subastado(3)
    g.deal()
    dealt = g.hands[0] | g.hands[1] | g.hands[2]
    assert dealt == DECKS["spanish36"]
    assert not dealt & mask("2O 2C 2E 2B")


def test_subastado_a_deal_with_a_2_is_refused() -> None:
    g = subastado()
    with pytest.raises(DealError, match="2O"):
        deal_given(g, {0: "2O"})


def test_subastado_the_first_dealer_is_seat_3_and_seat_0_is_mano() -> None:
    g = subastado()
    g.deal()
    assert g.dealer == 3 and g.mano == 0 and g.current_player == 0


def test_subastado_naming_another_first_dealer_is_refused() -> None:
    g = subastado()
    with pytest.raises(DealError):
        deal_given(g, {}, dealer=0)


def test_subastado_the_deal_passes_to_the_right() -> None:
    g = subastado()
    seen = []
    for _ in range(5):
        g.deal()
        seen.append((g.dealer, g.mano, g.sitting_out))
        auction_to_play(g)
        play_out(g)
    assert seen == [(3, 0, 3), (0, 1, 0), (1, 2, 1), (2, 3, 2), (3, 0, 3)]


# --- Auction -------------------------------------------------------------------------------
def test_subastado_the_mano_speaks_first_then_in_turn() -> None:
    g = subastado()
    g.deal()
    assert g.current_player == 0
    play(g, "0 pass")
    assert g.current_player == 1
    play(g, "1 bid 50")
    assert g.current_player == 2


def test_subastado_a_bid_or_pass_from_min_bid_to_200_in_fives() -> None:
    g = subastado()
    g.deal()
    assert texts(g.legal_actions()) == {"0 pass"} | {f"0 bid {b}" for b in range(50, 201, 5)}


def test_subastado_a_bid_must_be_a_multiple_of_5() -> None:
    g = subastado()
    g.deal()
    with pytest.raises(IllegalAction, match="multiple of 5"):
        play(g, "0 bid 52")
    play(g, "0 bid 55")
    assert hand_json(g)["bidder"] == 0 and hand_json(g)["auction"] == ["0 bid 55"]


def test_subastado_a_bid_must_be_at_least_50() -> None:
    g = subastado()
    g.deal()
    with pytest.raises(IllegalAction, match="lowest bid now is 50"):
        play(g, "0 bid 45")
    assert g.current_player == 0 and hand_json(g)["auction"] == []


@pytest.mark.parametrize("low", [60, 70])
def test_subastado_option_min_bid(low: int) -> None:
    g = subastado(min_bid=low)
    g.deal()
    bids = {a.arg for a in g.legal_actions() if a.verb == "bid"}
    assert min(bids) == low and max(bids) == 200
    with pytest.raises(IllegalAction):
        play(g, f"0 bid {low - 5}")


def test_subastado_a_bid_must_be_at_least_5_above_the_last_bid() -> None:
    g = subastado()
    g.deal()
    play(g, "0 bid 60")
    assert min(a.arg for a in g.legal_actions() if a.verb == "bid") == 65
    with pytest.raises(IllegalAction, match="lowest bid now is 65"):
        play(g, "1 bid 60")
    play(g, "1 bid 65")
    assert hand_json(g)["bidder"] == 1 and hand_json(g)["auction"] == ["0 bid 60", "1 bid 65"]


def test_subastado_a_bid_is_at_most_200() -> None:
    g = subastado()
    g.deal()
    with pytest.raises(IllegalAction, match="200"):
        play(g, "0 bid 205")
    play(g, "0 bid 200")
    assert texts(g.legal_actions()) == {"1 pass"}  # nothing is above 200


def test_subastado_a_bid_out_of_turn_is_refused() -> None:
    g = subastado()
    g.deal()
    with pytest.raises(IllegalAction, match="seat 0"):
        play(g, "1 bid 50")


def test_subastado_one_round_each_of_the_three_speaks_exactly_once() -> None:
    g = subastado()
    g.deal()
    play(g, "0 bid 50", "1 bid 55", "2 pass")
    # seat 0, outbid, is not asked again: the dealer chooses
    assert g.current_player == 3 and texts(g.legal_actions()) == {"3 takeover", "3 pass"}
    assert hand_json(g)["bidder"] == 1


def test_subastado_open_auction_continues_round_the_table_until_all_others_pass() -> None:
    g = subastado(auction="open")
    g.deal()
    play(g, "0 bid 50", "1 bid 55", "2 pass", "0 bid 60")
    assert g.current_player == 1  # seat 2 passed: skipped
    play(g, "1 bid 65")
    assert g.current_player == 0
    play(g, "0 pass")
    # all but the top bidder have passed: the auction is over
    assert g.current_player == 3 and hand_json(g)["bidder"] == 1
    assert hand_json(g)["auction"][-2:] == ["1 bid 65", "0 pass"]


def test_subastado_open_auction_a_pass_is_final() -> None:
    g = subastado(auction="open")
    g.deal()
    play(g, "0 pass", "1 bid 50", "2 bid 55")
    assert g.current_player == 1  # seat 0 passed and is skipped
    with pytest.raises(IllegalAction):
        play(g, "0 bid 60")


def test_subastado_open_auction_the_top_bidder_is_not_asked_until_outbid() -> None:
    g = subastado(auction="open")
    g.deal()
    play(g, "0 bid 50", "1 pass", "2 pass")
    assert g.current_player == 3 and hand_json(g)["bidder"] == 0  # not asked again
    g = subastado(auction="open")
    g.deal()
    play(g, "0 pass", "1 pass", "2 bid 50")
    assert g.current_player == 3 and hand_json(g)["bidder"] == 2


def test_subastado_all_pass_the_hand_is_void_and_the_next_dealer_deals() -> None:
    g = subastado()
    g.deal()
    play(g, "0 pass", "1 pass", "2 pass")
    assert g.phase == "deal" and g.summaries[-1].void
    assert g.next_dealer() == 0
    g.deal()
    assert g.dealer == 0 and g.sitting_out == 0 and g.mano == 1 and g.current_player == 1


def test_subastado_all_pass_in_an_open_auction_is_void() -> None:
    g = subastado(auction="open")
    g.deal()
    play(g, "0 pass", "1 pass", "2 pass")
    assert g.summaries[-1].void and g.phase == "deal"


def test_subastado_a_void_hand_is_not_counted_in_deals() -> None:
    g = subastado(deals=4)
    g.deal()
    play(g, "0 pass", "1 pass", "2 pass")
    for k in range(4):
        assert not g.is_over
        g.deal()
        auction_to_play(g)
        play_out(g)
        assert g.is_over == (k == 3)
    assert len(g.summaries) == 5


def test_subastado_void_hand_record() -> None:
    g = subastado()
    g.deal()
    play(g, "0 pass", "1 pass", "2 pass")
    hand = hand_json(g)
    assert hand["void"] is True and hand["complete"] is True and hand["trump"] is None
    assert hand["taken"] == [0, 0, 0, 0] and hand["points"] == [0, 0, 0, 0]
    assert hand["auction"] == ["0 pass", "1 pass", "2 pass"] and hand["takeover"] is False
    for key in ("bidder", "declarer", "contract", "made", "declarer_points"):
        assert hand[key] is None, key
    assert hand["payments"] == [0, 0, 0, 0] and hand["balances"] == [0, 0, 0, 0]


# --- The dealer's takeover -----------------------------------------------------------------
def test_subastado_after_a_top_bid_the_dealer_says_takeover_or_pass() -> None:
    g = subastado()
    g.deal()
    play(g, "0 bid 50", "1 pass", "2 pass")
    assert g.current_player == 3
    assert texts(g.legal_actions()) == {"3 takeover", "3 pass"}
    with pytest.raises(IllegalAction):
        play(g, "3 bid 55")


def test_subastado_the_dealer_passes_the_top_bidder_declares_at_his_bid() -> None:
    g = subastado()
    g.deal()
    play(g, "0 bid 60", "1 pass", "2 bid 70", "3 pass")
    hand = hand_json(g)
    assert hand["declarer"] == 2 and hand["contract"] == 70 and hand["takeover"] is False
    assert g.current_player == 2


def test_subastado_takeover_commits_the_dealer_to_bid_plus_10() -> None:
    g = subastado()
    g.deal()
    play(g, "0 bid 60", "1 pass", "2 bid 70", "3 takeover")
    hand = hand_json(g)
    assert hand["declarer"] == 3 and hand["contract"] == 80 and hand["takeover"] is True


def test_subastado_takeover_at_200_becomes_210() -> None:
    g = subastado()
    g.deal()
    play(g, "0 bid 200", "1 pass", "2 pass", "3 takeover")
    assert hand_json(g)["contract"] == 210


def test_subastado_takeover_the_dealer_takes_the_bidders_cards_and_seat() -> None:
    g = subastado()
    g.deal()
    bidder_cards = g.hands[1]
    play(g, "0 pass", "1 bid 50", "2 pass", "3 takeover")
    assert g.hands[3] == bidder_cards and g.hands[1] == 0
    assert g.playing == (0, 3, 2) and g.sitting_out == 1  # the bidder sits out
    play(g, "3 trump O")
    assert g.current_player == 0  # the mano leads
    play_out(g)
    hand = hand_json(g)
    assert hand["taken"][1] == 0 and hand["points"][1] == 0
    assert sum(hand["taken"]) == 12


def test_subastado_takeover_of_the_manos_cards_the_dealer_leads() -> None:
    g = subastado()
    g.deal()
    play(g, "0 bid 50", "1 pass", "2 pass", "3 takeover", "3 trump O")
    assert g.playing == (3, 1, 2) and g.current_player == 3


def test_subastado_takeover_the_displaced_bidder_settles_like_a_defender() -> None:
    g = swept(110, takeover=True)  # contract 120, stake 120 x2 (takeover) x2 (>= 120)
    hand = hand_json(g)
    assert hand["declarer"] == 3 and hand["bidder"] == 0 and hand["takeover"] is True
    assert hand["contract"] == 120 and hand["made"] is True
    assert hand["declarer_points"] == 130
    assert hand["taken"] == [0, 0, 0, 12] and hand["points"] == [0, 0, 0, 130]
    assert hand["payments"] == [-480, -480, -480, 1440]


def test_subastado_takeover_stakes_are_doubled() -> None:
    g = swept(70, takeover=True)  # contract 80: stake 160
    assert hand_json(g)["payments"] == [-160, -160, -160, 480]


def test_subastado_option_takeover_off_the_dealer_is_not_asked() -> None:
    g = subastado(takeover=False)
    g.deal()
    play(g, "0 bid 50", "1 pass", "2 pass")
    assert g.current_player == 0 and texts(g.legal_actions()) == {
        f"0 trump {s}" for s in "OCEB"}
    assert hand_json(g)["auction"] == ["0 bid 50", "1 pass", "2 pass"]


# --- Trumps and play -----------------------------------------------------------------------
def test_subastado_the_declarer_names_trumps() -> None:
    g = subastado()
    g.deal()
    play(g, "0 pass", "1 bid 50", "2 pass", "3 pass")
    assert texts(g.legal_actions()) == {f"1 trump {s}" for s in "OCEB"}
    with pytest.raises(IllegalAction):
        play(g, "0 trump O")
    assert hand_json(g)["trump"] is None
    play(g, "1 trump E")
    assert g.trump == 2 and hand_json(g)["trump"] == "E"


def test_subastado_the_mano_leads_the_first_trick() -> None:
    g = subastado()
    g.deal()
    play(g, "0 pass", "1 pass", "2 bid 50", "3 pass", "2 trump C")
    assert g.current_player == 0
    assert all(a.verb == "play" and a.seat == 0 for a in g.legal_actions())


# Cards for the obligation and cante tests (spanish36, every card dealt).
CANTE_DEAL = {0: "4E 1C 12C 11C 1O 3O 12O 11O 10O 7O 6O 5O",
              1: "1E 3E 5E 6E 7E 10E 11E 12B 11B 1B 3B 4O",
              2: "12E 3C 4C 5C 6C 7C 10C 4B 5B 6B 7B 10B"}


def cante_game(**options: object) -> Game:
    g = subastado(**options)
    deal_given(g, CANTE_DEAL)
    play(g, "0 bid 50", "1 pass", "2 pass", "3 pass", "0 trump O")
    return g


def test_subastado_obligations_tute_follow_and_beat() -> None:
    g = cante_game()
    play(g, "0 play 4E")
    higher = ["1E", "3E", "5E", "6E", "7E", "10E", "11E"]
    assert texts(g.legal_actions()) == {f"1 play {c}" for c in higher}


def test_subastado_obligations_tute_void_must_trump() -> None:
    g = cante_game()
    play(g, "0 play 1C")
    assert texts(g.legal_actions()) == {"1 play 4O"}


def test_subastado_no_cargar_off_by_default() -> None:
    g = subastado()
    deal_given(g, {0: "1C 1B 3B 12B 11B 10B 7B 6B 5B 4B 1E 1O",
                   1: "3C 12C 4C 3E 12E 11E 10E 7E 6E 5E 4E 3O"})
    play(g, "0 bid 50", "1 pass", "2 pass", "3 pass", "0 trump B", "0 play 1C")
    assert texts(g.legal_actions()) == {"1 play 3C", "1 play 12C", "1 play 4C"}


def test_subastado_no_cargar_unable_to_take_the_trick_play_the_lowest_value() -> None:
    g = subastado(no_cargar=True)
    deal_given(g, {0: "1C 1B 3B 12B 11B 10B 7B 6B 5B 4B 1E 1O",
                   1: "3C 12C 4C 3E 12E 11E 10E 7E 6E 5E 4E 3O"})
    play(g, "0 bid 50", "1 pass", "2 pass", "3 pass", "0 trump B", "0 play 1C")
    assert texts(g.legal_actions()) == {"1 play 4C"}
    with pytest.raises(IllegalAction):
        play(g, "1 play 3C")


def test_subastado_no_cargar_a_trump_is_not_higher_and_equal_cards_are_all_allowed() -> None:
    g = subastado(no_cargar=True)
    deal_given(g, {0: "1E 3E 4E 5E 6E 7E 10E 11E 12E 1B 12B 11B",
                   1: "3B 10B 7B 6B 5B 1O 3O 12O 11O 10O 1C 3C",
                   2: "4B 4O 4C 5O 6O 7O 5C 6C 7C 10C 11C 12C"})
    play(g, "0 bid 50", "1 pass", "2 pass", "3 pass", "0 trump B", "0 play 1E",
         "1 play 3B")
    # seat 2: void in espadas, only a lower trump: any card; none takes the trick, so the
    # lowest value (0 points) and lowest rank (the 4s), a trump not counting higher
    assert texts(g.legal_actions()) == {"2 play 4B", "2 play 4O", "2 play 4C"}


def test_subastado_no_cargar_does_not_apply_to_a_player_who_can_take_the_trick() -> None:
    g = cante_game(no_cargar=True)
    play(g, "0 play 4E")
    # seat 1 can beat the 4E: the tute duty stands (any higher espada), loading allowed
    assert texts(g.legal_actions()) == {
        f"1 play {c}" for c in ["1E", "3E", "5E", "6E", "7E", "10E", "11E"]}


def test_subastado_only_the_declarer_may_sing() -> None:
    g = cante_game()
    play(g, "0 play 4E", "1 play 1E", "2 play 12E")
    assert g.current_player == 1  # a defender won, holding 12B 11B
    assert not [a for a in g.legal_actions() if a.verb == "sing"]
    with pytest.raises(IllegalAction, match="declarer"):
        play(g, "1 sing 20 B")


def test_subastado_the_declarer_sings_after_winning_a_trick_without_cuarenta_first() -> None:
    g = cante_game()
    play(g, "0 play 1O", "1 play 4O", "2 play 3C")
    assert {a.text() for a in g.legal_actions() if a.verb == "sing"} == {"sing 40",
                                                                          "sing 20 C"}
    play(g, "0 sing 20 C")  # the veinte before the cuarenta is allowed
    assert hand_json(g)["cantes"] == [["20C"], [], [], []]


def test_subastado_the_declarers_cantes_count_towards_his_contract() -> None:
    g = swept(170, sing=True)  # 130 + 40
    hand = hand_json(g)
    assert hand["declarer_points"] == 170 and hand["made"] is True
    assert hand["cantes"] == [["40"], [], [], []]


def test_subastado_the_declarers_sung_tute_ends_the_hand_and_makes_the_contract() -> None:
    g = subastado()
    deal_given(g, {0: "1O 3O 12O 11O 10O 7O 6O 5O 4O 12C 12E 12B"})
    play(g, "0 bid 200", "1 pass", "2 pass", "3 pass", "0 trump O", "0 play 1O")
    for _ in (1, 2):
        g.apply(next(a for a in g.legal_actions() if a.verb == "play"))
    assert g.current_player == 0
    play(g, "0 sing tute")
    hand = hand_json(g)
    assert g.phase == "deal" and hand["complete"] is True and hand["tute"] == 0
    assert hand["made"] is True and hand["declarer_points"] < 200
    assert hand["payments"] == [1200, -400, -400, -400]  # stake 200, x2 from 120


# --- Settlement ------------------------------------------------------------------------------
def test_subastado_declarers_points_are_tricks_cantes_and_diez_de_ultimas() -> None:
    g = swept(50)
    hand = hand_json(g)
    assert hand["taken"] == [12, 0, 0, 0] and hand["last_trick"] == 0
    assert hand["declarer_points"] == 130 == hand["points"][0]


def test_subastado_points_equal_to_the_contract_make_it_and_collect_from_each_other() -> None:
    g = swept(130)  # exactly 130
    hand = hand_json(g)
    assert hand["made"] is True
    assert hand["payments"] == [780, -260, -260, -260]  # the dealer pays too
    assert hand["balances"] == [780, -260, -260, -260]


def test_subastado_failing_the_declarer_pays_the_stake_to_each_other() -> None:
    g = swept(135)  # 130 < 135
    hand = hand_json(g)
    assert hand["made"] is False and hand["declarer_points"] == 130
    assert hand["payments"] == [-810, 270, 270, 270]


def test_subastado_the_stake_is_the_contract_below_120() -> None:
    assert hand_json(swept(115))["payments"] == [345, -115, -115, -115]


def test_subastado_the_stake_is_doubled_from_a_contract_of_120() -> None:
    assert hand_json(swept(120))["payments"] == [720, -240, -240, -240]


def test_subastado_payments_sum_to_zero_and_balances_add_up() -> None:
    g = subastado(5)
    running = [0, 0, 0, 0]
    for _ in range(3):
        g.deal()
        auction_to_play(g, 60)
        play_out(g)
        hand = hand_json(g)
        pay = hand["payments"]
        assert isinstance(pay, list) and sum(pay) == 0
        running = [a + b for a, b in zip(running, pay, strict=True)]
        assert hand["balances"] == running
        stake = 60
        made = hand["made"]
        d = hand["declarer"]
        assert isinstance(d, int)
        assert made == (hand["declarer_points"] >= 60)
        assert pay[d] == (3 if made else -3) * stake


def test_subastado_the_match_ends_after_deals_played_deals() -> None:
    g = subastado(deals=4)
    for k in range(4):
        g.deal()
        auction_to_play(g)
        play_out(g)
        assert g.is_over == (k == 3)


def test_subastado_the_match_ends_as_soon_as_a_balance_reaches_target() -> None:
    g = swept(100, target=300)  # +300 in the first deal
    assert g.is_over and g.winners == (0,)
    g = swept(95, target=300)  # +285
    assert not g.is_over


def test_subastado_target_off_by_default() -> None:
    g = swept(130)  # +780, beyond any target choice but 1000
    assert not g.is_over


def test_subastado_the_highest_balance_wins_and_ties_share() -> None:
    g = subastado(deals=4)
    deal_given(g, {0: SWEEP})  # dealer 3: seat 0 makes 50, +150
    play(g, "0 bid 50", "1 pass", "2 pass", "3 pass", "0 trump B")
    play_out(g, {0: SWEEP_ORDER})
    deal_given(g, {1: SWEEP})  # dealer 0: seat 1 makes 50, +150
    play(g, "1 bid 50", "2 pass", "3 pass", "0 pass", "1 trump B")
    play_out(g, {1: SWEEP_ORDER})
    for _ in range(2):  # seat 3 bids 200 and fails twice: +400 to each other
        g.deal()
        while g.current_player != 3:
            play(g, f"{g.current_player} pass")
        play(g, "3 bid 200")
        while not any(a.verb == "trump" for a in g.legal_actions()):
            play(g, f"{g.current_player} pass")
        play(g, "3 trump O")
        play_out(g)
    assert g.is_over
    assert hand_json(g)["balances"] == [900, 900, 700, -2500]
    assert g.winners == (0, 1)


# --- Records -------------------------------------------------------------------------------
EXAMPLE = """\
rules: subastado
seed: 5
hands:
  - actions: [{actions}]
"""


def example(*actions: str) -> str:
    return EXAMPLE.format(actions=", ".join(actions))


def test_subastado_records_md_example() -> None:
    doc = replay_json(example("0 bid 60", "1 pass", "2 bid 70", "3 pass", "2 trump B"))
    assert "error" not in doc
    hand = doc["hands"][0]
    assert hand["auction"] == ["0 bid 60", "1 pass", "2 bid 70", "3 pass"]
    assert hand["declarer"] == 2 and hand["contract"] == 70 and hand["bidder"] == 2
    assert hand["takeover"] is False and hand["trump"] == "B" and hand["complete"] is False
    assert hand["made"] is None and hand["declarer_points"] is None
    assert doc["to_act"] == 0
    assert all(isinstance(c, str) and c[-1] in "OCEB" for c in doc["legal"])


def test_subastado_record_hand_keys() -> None:
    g = swept(60)
    hand = hand_json(g)
    assert set(hand) == {"dealer", "mano", "trump", "muestra", "taken", "points", "cantes",
                         "last_trick", "tute", "complete", "auction", "bidder", "takeover",
                         "declarer", "contract", "declarer_points", "made", "payments",
                         "balances"}
    assert hand["muestra"] is None and hand["trump"] == "B" and hand["dealer"] == 3


def test_subastado_record_after_a_takeover() -> None:
    doc = replay_json(example("0 bid 60", "1 pass", "2 bid 70", "3 takeover", "3 trump B"))
    hand = doc["hands"][0]
    assert hand["auction"] == ["0 bid 60", "1 pass", "2 bid 70", "3 takeover"]
    assert hand["bidder"] == 2 and hand["declarer"] == 3 and hand["takeover"] is True
    assert hand["contract"] == 80 and doc["to_act"] == 0


def test_subastado_record_replays_an_engine_written_match_to_the_same_json() -> None:
    g = swept(100, takeover=True)
    g.deal()
    play(g, f"{g.current_player} pass")
    assert replay_json(dump_record(g)) == summary_json(g)


def test_subastado_legal_is_a_set_mid_auction() -> None:
    doc = replay_json(example("0 bid 60"))
    assert doc["to_act"] == 1
    assert set(doc["legal"]) == {"pass"} | {f"bid {b}" for b in range(65, 201, 5)}


def test_subastado_legal_is_a_set_at_the_takeover() -> None:
    doc = replay_json(example("0 bid 60", "1 pass", "2 pass"))
    assert doc["to_act"] == 3 and set(doc["legal"]) == {"takeover", "pass"}


def test_subastado_legal_is_a_set_mid_declaration() -> None:
    doc = replay_json(example("0 bid 60", "1 pass", "2 pass", "3 pass"))
    assert doc["to_act"] == 0
    assert set(doc["legal"]) == {"trump O", "trump C", "trump E", "trump B"}


def test_subastado_legal_is_a_set_mid_play_with_a_cante() -> None:
    g = cante_game()
    play(g, "0 play 1O", "1 play 4O", "2 play 3C")
    doc = replay_json(dump_record(g))
    assert doc["to_act"] == 0
    hand = ["4E", "1C", "12C", "11C", "3O", "12O", "11O", "10O", "7O", "6O", "5O"]
    assert set(doc["legal"]) == set(hand) | {"sing 40", "sing 20 C"}


def test_subastado_record_out_of_turn_bid_exits_1(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, doc, err = replay_cli(tmp_path / "r.yaml", capsys, example("0 bid 60", "2 bid 70"))
    assert code == 1 and "2 bid 70" in err
    assert doc["error"] == {"action": 2, "hand": 1, "text": "2 bid 70",
                            "reason": "It is seat 1's turn, not seat 2's."}
    assert doc["to_act"] == 1


def test_subastado_record_bid_below_the_minimum_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys, example("0 bid 45"))
    err = doc["error"]
    assert code == 1 and isinstance(err, dict)
    assert err["action"] == 1 and err["text"] == "0 bid 45" and "50" in err["reason"]


def test_subastado_record_bid_not_above_the_last_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys, example("0 bid 60", "1 bid 60"))
    err = doc["error"]
    assert code == 1 and isinstance(err, dict)
    assert err["action"] == 2 and "65" in err["reason"]


def test_subastado_record_malformed_bid_exits_1(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys, example("0 bid sixty"))
    err = doc["error"]
    assert code == 1 and isinstance(err, dict)
    assert err["action"] == 1 and err["text"] == "0 bid sixty"
    assert "bid takes a number" in err["reason"]


def test_subastado_record_takeover_by_a_bidder_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys,
                              example("0 bid 60", "1 takeover"))
    err = doc["error"]
    assert code == 1 and isinstance(err, dict) and err["action"] == 2 and err["reason"]


def test_subastado_record_void_hand_then_the_next_dealer(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = """\
rules: subastado
seed: 2
hands:
  - actions: [0 pass, 1 pass, 2 pass]
  - actions: [1 bid 50]
"""
    code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys, text)
    assert code == 0
    hands = doc["hands"]
    assert isinstance(hands, list)
    assert hands[0]["void"] is True and hands[1]["dealer"] == 0 and hands[1]["mano"] == 1
    assert "void" not in hands[1] and doc["to_act"] == 2


# --- Three at the table (option players: 3) ------------------------------------------------
def trio(seed: int = 0, /, **options: object) -> Game:
    return new_game(3, "subastado", seed, **options)


def test_subastado_rule_three_at_the_table_nobody_sits_out_12_cards_each() -> None:
    """§6 Three at the table: nobody sits out; the dealer is dealt 12 cards."""
    g = trio()
    g.deal()
    assert g.sitting_out is None
    assert [h.bit_count() for h in g.hands] == [12, 12, 12]
    assert set(g.playing) == {0, 1, 2}


def test_subastado_rule_three_the_first_dealer_is_seat_2_and_seat_0_is_mano() -> None:
    g = trio()
    g.deal()
    assert g.dealer == 2 and g.mano == 0 and g.current_player == 0


def test_subastado_rule_three_the_deal_passes_to_the_right() -> None:
    g = trio(4)
    dealers = []
    for _ in range(4):
        g.deal()
        dealers.append(g.dealer)
        play(g, f"{g.mano} pass", f"{(g.mano + 1) % 3} pass", f"{g.dealer} pass")
    assert dealers == [2, 0, 1, 2]


def test_subastado_rule_three_the_dealer_bids_last() -> None:
    """§6 Three at the table: the dealer bids last (one round: mano, next, dealer)."""
    g = trio()
    g.deal()
    play(g, "0 bid 50", "1 pass")
    assert g.current_player == 2
    assert texts(g.legal_actions()) >= {"2 pass", "2 bid 55"}
    play(g, "2 bid 55")
    assert hand_json(g)["auction"] == ["0 bid 50", "1 pass", "2 bid 55"]
    assert hand_json(g)["declarer"] == 2 and g.current_player == 2  # names trumps


def test_subastado_rule_three_no_takeover() -> None:
    """§6 Three at the table: there is no takeover, whatever the option says; the top
    bidder names trumps at once."""
    g = trio(takeover=True)
    g.deal()
    play(g, "0 bid 60", "1 pass", "2 pass")
    assert texts(g.legal_actions()) == {f"0 trump {s}" for s in "OCEB"}
    with pytest.raises(IllegalAction):
        play(g, "2 takeover")
    hand = hand_json(g)
    assert hand["takeover"] is False and hand["contract"] == 60


def test_subastado_rule_three_open_auction_goes_round_the_three() -> None:
    g = trio(auction="open")
    g.deal()
    play(g, "0 bid 50", "1 bid 55", "2 pass", "0 bid 60", "1 pass")
    assert hand_json(g)["declarer"] == 0 and hand_json(g)["contract"] == 60


def test_subastado_rule_three_all_pass_is_void_and_the_next_dealer_deals() -> None:
    g = trio()
    g.deal()
    play(g, "0 pass", "1 pass", "2 pass")
    hand = hand_json(g)
    assert hand["void"] is True and hand["payments"] == [0, 0, 0]
    g.deal()
    assert g.dealer == 0 and g.mano == 1


def trio_swept(bid: int, declarer: int = 0, **options: object) -> Game:
    """``declarer`` holds SWEEP and wins the auction at ``bid``; he names bastos and takes
    every trick (130)."""
    g = trio(**options)
    deal_given(g, {declarer: SWEEP})
    for s in (0, 1, 2):
        play(g, f"{s} bid {bid}" if s == declarer else f"{s} pass")
    play(g, f"{declarer} trump B")
    while g.phase == "play" and g.current_player is not None:
        seat = g.current_player
        mine = [a for a in g.legal_actions() if a.verb == "play"]
        if seat == declarer:
            order = [c for c in SWEEP_ORDER.split() if any(a.text() == f"play {c}" for a in mine)]
            play(g, f"{seat} play {order[0]}")
        else:
            g.apply(mine[0])
    return g


def test_subastado_rule_three_the_declarer_collects_the_stake_from_each_of_the_two() -> None:
    """§6 Three at the table: the declarer collects the stake from each of the two
    others."""
    hand = hand_json(trio_swept(130))
    assert hand["made"] is True and hand["declarer_points"] == 130
    assert hand["payments"] == [520, -260, -260]  # stake 130, x2 from 120
    assert hand["balances"] == [520, -260, -260]
    hand = hand_json(trio_swept(100))
    assert hand["payments"] == [200, -100, -100]


def test_subastado_rule_three_the_declarer_pays_the_stake_to_each_of_the_two() -> None:
    hand = hand_json(trio_swept(135))
    assert hand["made"] is False
    assert hand["payments"] == [-540, 270, 270]


def test_subastado_rule_three_the_dealer_may_declare_and_collect() -> None:
    hand = hand_json(trio_swept(60, declarer=2))
    assert hand["declarer"] == 2 and hand["payments"] == [-60, -60, 120]


def test_subastado_rule_three_records_md_example_keys() -> None:
    doc = replay_json("rules: subastado\noptions: {players: 3}\nseed: 5\nhands:\n"
                      "  - actions: [0 bid 60, 1 pass, 2 bid 70, 2 trump B]\n")
    assert "error" not in doc and doc["players"] == 3 and doc["to_act"] == 0
    hand = doc["hands"][0]
    assert hand["auction"] == ["0 bid 60", "1 pass", "2 bid 70"]
    assert hand["declarer"] == 2 and hand["contract"] == 70 and hand["takeover"] is False
    assert hand["bidder"] == 2 and hand["payments"] == [0, 0, 0]


def test_subastado_rule_cuarenta_first_off_by_default() -> None:
    assert subastado().options["cuarenta_first"] is False
    assert not cante_game().kit.cuarenta_first


@pytest.mark.parametrize("players", [4, 3])
def test_subastado_rule_cuarenta_first_the_declarer_sings_the_cuarenta_first(
        players: int) -> None:
    """§6 option cuarenta_first: the declarer holding las cuarenta and an unsung veinte
    sings the cuarenta first."""
    g = new_game(players, "subastado", 0, cuarenta_first=True)
    deal_given(g, CANTE_DEAL)
    play(g, "0 bid 50", "1 pass", "2 pass", *(["3 pass"] if players == 4 else []),
         "0 trump O", "0 play 1O", "1 play 4O", "2 play 3C")
    assert {a.text() for a in g.legal_actions() if a.verb == "sing"} == {"sing 40"}
    with pytest.raises(IllegalAction):
        play(g, "0 sing 20 C")
    play(g, "0 sing 40")
    assert hand_json(g)["cantes"][0] == ["40"]
