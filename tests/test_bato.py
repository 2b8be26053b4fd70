"""docs/rules.md §8 Bato: one test per rule sentence (records: docs/records.md, "bato")."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import deal_given, mask, new_game, play, play_out, replay_cli, texts

from tute.cards import DECKS, card_text, cards_of
from tute.engine import DealError, Game, IllegalAction
from tute.engine.events import Spoke
from tute.engine.record import dump_record, record_from_text, replay, summary_json


def bato(players: int = 4, seed: int = 0, /, **options: object) -> Game:
    return new_game(players, "bato", seed, **options)


def hand_json(g: Game, i: int = -1) -> dict[str, Any]:
    hands = summary_json(g)["hands"]
    assert isinstance(hands, list)
    hand: dict[str, Any] = hands[i]
    return hand


def holds(g: Game, seat: int, text: str) -> bool:
    m = mask(text)
    return g.hands[seat] & m == m


def random_hand(g: Game, rng: random.Random) -> None:
    """Deal and play the hand with random legal actions."""
    g.deal()
    while g.phase == "play":
        g.apply(rng.choice(g.legal_actions()))


# --- Deal ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 6])
def test_bato_spanish40_four_cards_each_and_a_card_turned_for_trumps(players: int) -> None:
    g = bato(players)
    g.deal()
    assert [h.bit_count() for h in g.hands] == [4] * players
    hand = hand_json(g)
    muestra = g.muestra
    assert muestra is not None and hand["muestra"] == card_text(muestra)
    assert hand["trump"] == "OCEB"[muestra // 12]
    assert g.observation(0).stock_size == 40 - 4 * players - 1  # the turned card apart
    dealt = 0
    for h in g.hands:
        dealt |= h
    assert not dealt >> muestra & 1 and (dealt | 1 << muestra) & ~DECKS["spanish40"] == 0


@pytest.mark.parametrize("players", [2, 7])
def test_bato_is_for_3_to_6_players(players: int) -> None:
    with pytest.raises(ValueError):
        bato(players)


def test_bato_the_turned_card_lies_under_the_stock_and_is_never_drawn() -> None:
    g = bato(6)
    deal_given(g, {}, bottom="5E")
    assert card_text(g.muestra or 0) == "5E" and g.trump == 2
    play(g, "0 juego", *(f"{s} acompano" for s in range(1, 6)))
    for s in range(3):  # 15 cards in the stock: 4 + 4 + 4, then 3
        play(g, f"{s} discard " + " ".join(card_text(c) for c in cards_of(g.hands[s])))
    assert g.observation(3).stock_size == 3
    with pytest.raises(IllegalAction, match="at most 3"):
        play(g, "3 discard " + " ".join(card_text(c) for c in cards_of(g.hands[3])))
    play(g, "3 discard " + " ".join(card_text(c) for c in cards_of(g.hands[3])[:3]))
    assert texts(g.legal_actions()) == {"4 discard"}  # the stock is empty
    play(g, "4 discard", "5 discard")
    assert not any(h >> mask("5E").bit_length() - 1 & 1 for h in g.hands)
    assert hand_json(g)["discards"] == [4, 4, 4, 3, 0, 0]


def test_bato_the_first_dealer_is_seat_n_minus_1_and_the_deal_passes_to_the_right() -> None:
    g = bato(5)
    seen = []
    for _ in range(6):
        g.deal()
        seen.append((g.dealer, g.mano, g.current_player))
        for _ in range(5):
            play(g, f"{g.current_player} pass")
    assert seen == [(4, 0, 0), (0, 1, 1), (1, 2, 2), (2, 3, 3), (3, 4, 4), (4, 0, 0)]


def test_bato_naming_another_first_dealer_is_refused() -> None:
    g = bato()
    with pytest.raises(DealError):
        deal_given(g, {}, dealer=0)


# --- Pot -------------------------------------------------------------------------------------
def test_bato_everyone_starts_with_30_chips_and_the_dealer_antes_4() -> None:
    g = bato()
    g.deal()
    hand = hand_json(g)
    assert hand["chips"] == [30, 30, 30, 26] and hand["pot"] == 4


@pytest.mark.parametrize("chips", [20, 50])
def test_bato_option_chips(chips: int) -> None:
    g = bato(3, 0, chips=chips)
    g.deal()
    assert hand_json(g)["chips"] == [chips, chips, chips - 4]


def test_bato_the_dealer_antes_before_void_deals_too() -> None:
    g = bato()
    g.deal()
    play(g, "0 pass", "1 pass", "2 pass", "3 pass")
    g.deal()
    hand = hand_json(g)
    assert hand["chips"] == [26, 30, 30, 26] and hand["pot"] == 8


# --- Auction -------------------------------------------------------------------------------
def test_bato_from_the_mano_each_says_juego_or_pass() -> None:
    g = bato()
    g.deal()
    for s in (0, 1):
        assert texts(g.legal_actions()) == {f"{s} juego", f"{s} pass"}
        play(g, f"{s} pass")
    assert g.current_player == 2


def test_bato_at_the_first_juego_the_others_from_his_right_say_acompano_or_pass() -> None:
    g = bato()
    g.deal()
    play(g, "0 pass", "1 juego")
    order = []
    for _ in range(3):
        s = g.current_player
        assert s is not None
        order.append(s)
        assert texts(g.legal_actions()) == {f"{s} acompano", f"{s} pass"}
        play(g, f"{s} pass" if s == 3 else f"{s} acompano")
    assert order == [2, 3, 0]  # seat 0, who passed before, is asked too
    assert hand_json(g)["accompanying"] == [2, 0]


def test_bato_players_who_neither_play_nor_accompany_fold() -> None:
    g = bato()
    g.deal()
    spoke = [e for e in play(g, "0 pass", "1 juego", "2 acompano", "3 pass", "0 pass")
             if isinstance(e, Spoke)]
    # A pass before any juego is no fold (seat 0 is asked again); a pass on a juego is.
    assert [(e.seat, e.out) for e in spoke] == [(0, False), (1, False), (2, False),
                                                (3, True), (0, True)]
    assert g.observation(1).folded == 0b1001
    assert g.playing == (1, 2)
    play(g, "1 discard", "2 discard")
    play_out(g)
    hand = hand_json(g)
    assert hand["taken"][0] == 0 and hand["taken"][3] == 0
    assert sum(hand["taken"]) == 4
    assert hand["won"][0] == 0 and hand["won"][3] == 0


def test_bato_nobody_plays_the_pot_stays_and_the_next_dealer_deals() -> None:
    g = bato()
    g.deal()
    play(g, "0 pass", "1 pass", "2 pass", "3 pass")
    hand = hand_json(g)
    assert hand["void"] is True and hand["complete"] is True and hand["trump"] is None
    assert hand["declarer"] is None and hand["accompanying"] == []
    assert hand["pot"] == 4 and hand["next_pot"] == 4
    assert hand["won"] == [0, 0, 0, 0] and hand["bateados"] == []
    assert hand["chips"] == [30, 30, 30, 26]
    g.deal()
    assert g.dealer == 0 and g.mano == 1


def test_bato_nobody_accompanies_the_declarer_takes_the_four_tricks_unopposed() -> None:
    g = bato()
    deal_given(g, {0: "1O 3O 1C 3C"}, bottom="5E")
    play(g, "0 juego", "1 pass", "2 pass", "3 pass")
    assert g.phase == "deal"  # no discard, no play
    hand = hand_json(g)
    assert hand["taken"] == [4, 0, 0, 0] and hand["last_trick"] == 0
    assert hand["points"] == [42 + 10, 0, 0, 0]
    assert hand["discards"] == [0, 0, 0, 0] and hand["bateados"] == []
    assert hand["won"] == [4, 0, 0, 0] and hand["chips"] == [34, 30, 30, 26]
    assert hand["next_pot"] == 0


# --- Discard -------------------------------------------------------------------------------
def discarding() -> Game:
    """Seat 1 declares; seats 3 and 0 accompany; the stock starts 12O 11O 10O 7O."""
    g = bato()
    deal_given(g, {1: "2C 4C 1E 3E"}, top="12O 11O 10O 7O", bottom="5B")
    play(g, "0 pass", "1 juego", "2 pass", "3 acompano", "0 acompano")
    return g


def test_bato_the_declarer_discards_first_then_the_accompanying_players_in_turn() -> None:
    g = discarding()
    order = []
    for _ in range(3):
        order.append(g.current_player)
        play(g, f"{g.current_player} discard")
    assert order == [1, 3, 0]


def test_bato_a_discard_of_0_to_4_cards_draws_as_many_from_the_stock() -> None:
    g = discarding()
    play(g, "1 discard 2C 4C")
    assert holds(g, 1, "12O 11O 1E 3E") and g.hands[1].bit_count() == 4
    assert g.observation(3).stock_size == 23 - 2
    play(g, "3 discard")  # stands
    assert g.hands[3].bit_count() == 4
    four = " ".join(card_text(c) for c in cards_of(g.hands[0]))
    play(g, f"0 discard {four}")
    assert holds(g, 0, "10O 7O") and g.hands[0].bit_count() == 4
    assert hand_json(g)["discards"] == [4, 2, 0, 0]


def test_bato_legal_holds_discard_and_each_single_card() -> None:
    g = discarding()
    assert texts(g.legal_actions()) == {"1 discard"} | {f"1 discard {c}" for c in
                                                         ["2C", "4C", "1E", "3E"]}


def test_bato_a_discard_of_a_card_not_held_is_refused() -> None:
    g = discarding()
    with pytest.raises(IllegalAction, match="do not hold 1O"):
        play(g, "1 discard 2C 1O")
    assert holds(g, 1, "2C 4C 1E 3E")


def test_bato_a_discard_out_of_turn_is_refused() -> None:
    g = discarding()
    with pytest.raises(IllegalAction, match="seat 1"):
        play(g, "3 discard")


def test_bato_observations_show_only_the_count_of_the_others_discards() -> None:
    g = discarding()
    play(g, "1 discard 2C 4C")
    for s in range(4):
        obs = g.observation(s)
        assert obs.discards == (0, 2, 0, 0)
        assert obs.view.discarded[1] == (mask("2C 4C") if s == 1 else 0)
        if s != 1:
            assert obs.view.hands[1] == 0


# --- Play ----------------------------------------------------------------------------------
def test_bato_four_tricks_among_the_active_players_the_declarer_leads() -> None:
    g = discarding()
    play(g, "1 discard", "3 discard", "0 discard")
    assert g.current_player == 1 and g.playing == (1, 3, 0)
    play_out(g)
    hand = hand_json(g)
    assert sum(hand["taken"]) == 4 and hand["taken"][2] == 0


def test_bato_obligations_tute() -> None:
    g = bato()
    deal_given(g, {0: "4C 1O 3O 2E", 1: "1C 3C 2C 5E"}, bottom="5B")
    play(g, "0 juego", "1 acompano", "2 pass", "3 pass", "0 discard", "1 discard",
         "0 play 4C")
    assert texts(g.legal_actions()) == {"1 play 1C", "1 play 3C"}  # follow and beat


def test_bato_no_cantes() -> None:
    g = bato()
    deal_given(g, {0: "1C 12O 11O 12E", 1: "2C 3B 4B 6B"}, bottom="5B")
    play(g, "0 juego", "1 acompano", "2 pass", "3 pass", "0 discard", "1 discard",
         "0 play 1C", "1 play 2C")
    assert g.current_player == 0
    assert {a.verb for a in g.legal_actions()} == {"play"}
    with pytest.raises(IllegalAction):
        play(g, "0 sing 20 O")


# --- Settlement ------------------------------------------------------------------------------
def settled(declarer: str, other: str) -> dict[str, Any]:
    g = bato()
    deal_given(g, {0: declarer, 1: other}, bottom="5E")
    play(g, "0 juego", "1 acompano", "2 pass", "3 pass", "0 discard", "1 discard")
    play_out(g, {0: declarer, 1: other})
    return hand_json(g)


def test_bato_each_trick_earns_a_quarter_of_the_pot() -> None:
    hand = settled("1O 3O 1C 3C", "2O 4O 2C 4C")  # the declarer takes all four
    assert hand["pot"] == 4 and hand["taken"] == [4, 0, 0, 0]
    assert hand["won"] == [4, 0, 0, 0]


def test_bato_the_accompanying_player_who_takes_no_trick_is_bateado() -> None:
    hand = settled("1O 3O 1C 3C", "2O 4O 2C 4C")
    assert hand["bateados"] == [1]
    assert hand["chips"] == [34, 26, 30, 26] and hand["next_pot"] == 4


def test_bato_the_declarer_must_take_2_tricks() -> None:
    hand = settled("1O 2C 4C 5C", "2O 1C 3C 6C")  # he takes one, seat 1 three
    assert hand["taken"] == [1, 3, 0, 0] and hand["bateados"] == [0]
    assert hand["won"] == [1, 3, 0, 0]  # before the bateado pays
    assert hand["chips"] == [27, 33, 30, 26] and hand["next_pot"] == 4


def test_bato_two_tricks_and_one_trick_keep_the_commitments() -> None:
    hand = settled("1O 3O 2C 4C", "2O 4O 1C 3C")
    assert hand["taken"] == [2, 2, 0, 0] and hand["bateados"] == []
    assert hand["chips"] == [32, 32, 30, 26] and hand["next_pot"] == 0


def test_bato_settlement_property_over_random_matches() -> None:
    """Antes (all he has if less), P // 4 per trick with the remainder kept, commitments,
    bateados paying P (all they have if less), retirement at 0 chips and chips + pot
    conserved, over random matches."""
    seen = {"short_ante": 0, "remainder": 0, "short_payment": 0, "retired": 0}
    for seed in range(12):
        rng = random.Random(seed)
        n = 3
        g = bato(n, seed, chips=20)
        chips, pot = [20] * n, 0
        while not g.is_over:
            g.deal()
            d = g.dealer
            ante = min(4, chips[d])
            seen["short_ante"] += ante < 4
            chips[d] -= ante
            pot += ante
            start = hand_json(g)
            assert start["chips"] == chips and start["pot"] == pot
            while g.phase == "play":
                g.apply(rng.choice(g.legal_actions()))
            hand = hand_json(g)
            assert hand["pot"] == pot
            taken = hand["taken"]
            assert isinstance(taken, list)
            if hand.get("void"):
                assert hand["won"] == [0] * n and hand["bateados"] == []
            else:
                share = pot // 4
                won = [t * share for t in taken]
                assert hand["won"] == won
                seen["remainder"] += pot % 4 != 0
                decl = hand["declarer"]
                acc = hand["accompanying"]
                assert isinstance(decl, int) and isinstance(acc, list)
                failed = sorted(s for s in [decl, *acc]
                                if taken[s] < (2 if s == decl else 1))
                assert sorted(hand["bateados"]) == failed
                chips = [c + w for c, w in zip(chips, won, strict=True)]
                next_pot = pot - sum(won)
                for s in failed:
                    paid = min(pot, chips[s])
                    seen["short_payment"] += paid < pot
                    chips[s] -= paid
                    next_pot += paid
                pot = next_pot
            assert hand["chips"] == chips and hand["next_pot"] == pot
            assert sum(chips) + pot == 20 * n
            for s in range(n):
                assert g.retired[s] == (chips[s] <= 0)
                seen["retired"] += chips[s] <= 0
    assert all(seen.values()), seen


def test_bato_a_player_with_no_chips_is_dealt_no_more() -> None:
    for seed in range(12):
        rng = random.Random(seed)
        g = bato(4, seed, chips=20)
        while not g.is_over:
            out = [s for s in range(4) if g.retired[s]]
            random_hand(g, rng)
            if out and g.summaries:
                deal = g.logs[-1].deal
                assert all(deal[s] == [] for s in out)
                return
    pytest.fail("nobody retired in 12 random matches")


def test_bato_the_last_player_with_chips_wins() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        g = bato(3, seed, chips=20)
        while not g.is_over:
            random_hand(g, rng)
        if len(g.alive()) == 1:
            assert g.winners == tuple(g.alive()) and not g.draw
            assert len(g.summaries) < 20
            return
    pytest.fail("no match ended with one player left in 20 random matches")


def test_bato_after_hands_hands_void_ones_counted_the_richest_win_ties_share() -> None:
    g = bato(4, 0, hands=10)
    for _ in range(10):
        assert not g.is_over
        g.deal()
        for _ in range(4):
            play(g, f"{g.current_player} pass")
    # dealers 3 0 1 2 3 0 1 2 3 0: seats 0 and 3 anted 12, seats 1 and 2 anted 8
    assert g.is_over and hand_json(g)["chips"] == [18, 22, 22, 18]
    assert g.winners == (1, 2) and not g.draw


def test_bato_everyone_left_going_out_together_draw() -> None:
    """Three players with one chip each (set up through the ledger: play reaches such a
    position only rarely): the dealer antes his last chip; the declarer takes one trick,
    seat 1 none, the dealer three: the two bateados pay their last chip and the dealer,
    earning 1 // 4 = 0 a trick, has none either."""
    g = bato(3)
    g.ledger.chips[:] = [1, 1, 1]
    deal_given(g, {0: "1O 2C 4C 5C", 1: "2O 7C 10C 4B", 2: "4O 1C 3C 6C"}, bottom="5E")
    play(g, "0 juego", "1 acompano", "2 acompano", "0 discard", "1 discard", "2 discard")
    play_out(g, {0: "1O 2C 4C 5C", 1: "2O 7C 10C 4B", 2: "4O 1C 3C 6C"})
    hand = hand_json(g)
    assert hand["taken"] == [1, 0, 3] and sorted(hand["bateados"]) == [0, 1]
    assert hand["chips"] == [0, 0, 0]
    assert g.is_over and g.draw and g.winners == (0, 1, 2)


# --- Records -------------------------------------------------------------------------------
def test_bato_record_hand_keys_and_chips_with_next_pot_conserved() -> None:
    hand = settled("1O 2C 4C 5C", "2O 1C 3C 6C")
    assert set(hand) == {"dealer", "mano", "trump", "muestra", "taken", "points", "cantes",
                         "last_trick", "tute", "complete", "declarer", "accompanying",
                         "discards", "pot", "won", "bateados", "chips", "next_pot"}
    assert sum(hand["chips"]) + hand["next_pot"] == 120
    assert hand["muestra"] == "5E" and hand["trump"] == "E"


def test_bato_record_replays_an_engine_written_match_to_the_same_json() -> None:
    rng = random.Random(4)
    g = bato(4, 4)
    for _ in range(3):
        random_hand(g, rng)
    r = replay(record_from_text(dump_record(g)))
    assert r.error is None and summary_json(r.game) == summary_json(g)


def _record(players: int, hands: dict[int, str], *actions: str) -> str:
    g = bato(players)
    deal_given(g, hands, bottom="5B")
    return dump_record(g).replace("    actions: []",
                                  "    actions: [" + ", ".join(actions) + "]")


def test_bato_record_discard_of_a_card_not_held_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _record(4, {0: "1O 3O 1C 3C"}, "0 juego", "1 acompano", "2 pass", "3 pass",
                   "0 discard 1O 7E")
    code, doc, err = replay_cli(tmp_path / "r.yaml", capsys, text)
    e = doc["error"]
    assert code == 1 and "0 discard 1O 7E" in err and isinstance(e, dict)
    assert e["action"] == 5 and e["text"] == "0 discard 1O 7E" and "7E" in e["reason"]


def test_bato_record_discard_of_more_than_the_stock_holds_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = bato(6)
    deal_given(g, {0: "1O 3O 1C 3C", 1: "2O 4O 2C 4C", 2: "5O 6O 5C 6C",
                   3: "7O 10O 7C 10C"}, bottom="5B")
    actions = ["0 juego", *(f"{s} acompano" for s in range(1, 6)),
               "0 discard 1O 3O 1C 3C", "1 discard 2O 4O 2C 4C", "2 discard 5O 6O 5C 6C",
               "3 discard 7O 10O 7C 10C"]
    text = dump_record(g).replace("    actions: []", "    actions: [" + ", ".join(actions)
                                  + "]")
    code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys, text)
    e = doc["error"]
    assert code == 1 and isinstance(e, dict)
    assert e["action"] == 10 and e["text"] == "3 discard 7O 10O 7C 10C"
    assert "stock holds 3" in e["reason"]


def test_bato_record_malformed_discard_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _record(4, {0: "1O 3O 1C 3C"}, "0 juego", "1 acompano", "2 pass", "3 pass",
                   "0 discard 1O 1O")
    code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys, text)
    e = doc["error"]
    assert code == 1 and isinstance(e, dict) and e["action"] == 5 and "twice" in e["reason"]


def test_bato_record_acompano_out_of_turn_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _record(4, {0: "1O 3O 1C 3C"}, "0 juego", "2 acompano")
    code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys, text)
    e = doc["error"]
    assert code == 1 and isinstance(e, dict) and e["action"] == 2 and "seat 1" in e["reason"]


def test_bato_legal_is_a_set_at_every_kind_of_turn(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hands = {0: "1O 3O 1C 3C", 1: "2O 4O 2C 4C"}
    steps: list[tuple[list[str], set[str]]] = [
        (["0 pass"], {"juego", "pass"}),
        (["0 juego"], {"acompano", "pass"}),
        (["0 juego", "1 acompano", "2 pass", "3 pass"],
         {"discard", "discard 1O", "discard 3O", "discard 1C", "discard 3C"}),
        (["0 juego", "1 acompano", "2 pass", "3 pass", "0 discard"],
         {"discard", "discard 2O", "discard 4O", "discard 2C", "discard 4C"}),
        (["0 juego", "1 acompano", "2 pass", "3 pass", "0 discard", "1 discard"],
         {"1O", "3O", "1C", "3C"}),
        (["0 juego", "1 acompano", "2 pass", "3 pass", "0 discard", "1 discard",
          "0 play 1O"], {"2O", "4O"}),
    ]
    for actions, legal in steps:
        code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys, _record(4, hands, *actions))
        assert code == 0 and set(doc["legal"]) == legal, actions


def test_bato_by_default_the_match_ends_after_20_hands() -> None:
    g = bato(3)
    for _ in range(20):
        assert not g.is_over
        g.deal()
        for _ in range(3):
            play(g, f"{g.current_player} pass")
    assert g.is_over and len(g.summaries) == 20
