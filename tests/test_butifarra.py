"""docs/rules.md §9 Butifarra: one test per rule sentence, the obligations written from the
rule sheet's own list (docs/rules.md §9); records: docs/records.md, "butifarra"."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import deal_given, new_game, play, play_out, replay_cli, replay_json, texts

from tute.cards import DECKS, card_text, cards_of
from tute.engine import DealError, Game, IllegalAction
from tute.engine import deal as dealing
from tute.engine.record import dump_record, record_from_text, replay, summary_json

ORDER = [9, 1, 12, 11, 10, 8, 7, 6, 5, 4, 3, 2]
"""Strength high to low."""


def butifarra(seed: int = 0, /, **options: object) -> Game:
    return new_game(4, "butifarra", seed, **options)


def hand_json(g: Game, i: int = -1) -> dict[str, Any]:
    hands = summary_json(g)["hands"]
    assert isinstance(hands, list)
    hand: dict[str, Any] = hands[i]
    return hand


def in_play(g: Game) -> bool:
    return any(a.verb == "play" for a in g.legal_actions())


def plays(g: Game) -> set[str]:
    return {card_text(a.arg) for a in g.legal_actions() if a.verb == "play"}


# --- Deal ----------------------------------------------------------------------------------
def test_butifarra_catalan48_twelve_cards_each() -> None:
    g = butifarra()
    g.deal()
    assert [h.bit_count() for h in g.hands] == [12] * 4
    every = 0
    for h in g.hands:
        every |= h
    assert every == DECKS["catalan48"] and every.bit_count() == 48


def test_butifarra_dealt_in_packets_of_4() -> None:
    for seed in (3, 11):
        g = butifarra(seed)
        g.deal()
        shuffled = list(g.kit.deck_cards)
        dealing.shuffle(random.Random(seed), shuffled)
        for s in range(4):  # from the mano round the table, four at a time
            want = [c for r in range(3) for c in shuffled[16 * r + 4 * s: 16 * r + 4 * s + 4]]
            assert g.logs[-1].deal[s] == want


@pytest.mark.parametrize("players", [3, 5])
def test_butifarra_four_players_only(players: int) -> None:
    with pytest.raises(ValueError):
        new_game(players, "butifarra")


def test_butifarra_first_dealer_is_seat_3_and_seat_0_is_mano() -> None:
    g = butifarra()
    g.deal()
    assert g.dealer == 3 and g.mano == 0 and g.current_player == 3


def test_butifarra_naming_another_first_dealer_is_refused() -> None:
    g = butifarra()
    with pytest.raises(DealError):
        deal_given(g, {}, dealer=0)


def test_butifarra_the_deal_passes_to_the_right() -> None:
    g = butifarra(2)
    seen = []
    for _ in range(3):
        g.deal()
        seen.append((g.dealer, g.mano))
        play(g, f"{g.dealer} trump O", f"{g.mano} pass", f"{(g.mano + 2) % 4} pass")
        play_out(g)
    assert seen == [(3, 0), (0, 1), (1, 2)]


# --- Strength and points ---------------------------------------------------------------------
@pytest.mark.parametrize("rank", ORDER)
def test_butifarra_strength_9_1_12_11_10_8_7_6_5_4_3_2(rank: int) -> None:
    g = butifarra()
    others = " ".join(f"{r}C" for r in ORDER if r != rank)
    deal_given(g, {0: f"{rank}C", 1: others})
    play(g, "3 trump O", "0 pass", "2 pass", f"0 play {rank}C")
    higher = {f"{r}C" for r in ORDER[: ORDER.index(rank)]}
    # seat 1, an opponent, must beat the card if he can: exactly the stronger copas
    assert plays(g) == (higher or set(others.split()))


def test_butifarra_card_points_9_as_rey_caballo_sota_and_one_per_trick() -> None:
    g = butifarra()
    deal_given(g, {0: "9C 10C", 1: "1C 8C", 2: "12C 7C", 3: "11C 6C"})
    play(g, "3 trump O", "0 pass", "2 pass", "0 play 9C", "1 play 1C", "2 play 12C",
         "3 play 11C")
    hand = hand_json(g)
    assert hand["points"] == [5 + 4 + 3 + 2, 0, 0, 0]
    assert hand["team_points"] == [15, 0]  # 14 + one for the trick
    play(g, "0 play 10C", "1 play 8C", "2 play 7C", "3 play 6C")
    hand = hand_json(g)
    assert hand["points"] == [15, 0, 0, 0] and hand["team_points"] == [17, 0]


def test_butifarra_a_hand_holds_72_and_there_is_no_diez_de_ultimas() -> None:
    for seed in range(4):
        g = butifarra(seed)
        g.deal()
        play(g, "3 butifarra" if seed % 2 else "3 trump E", "0 pass", "2 pass")
        play_out(g)
        hand = hand_json(g)
        pts, team = hand["points"], hand["team_points"]
        assert isinstance(pts, list) and isinstance(team, list)
        assert sum(pts) == 60 and sum(team) == 72
        assert team == [pts[0] + pts[2] + hand["taken"][0] + hand["taken"][2],
                        pts[1] + pts[3] + hand["taken"][1] + hand["taken"][3]]


# --- Trumps --------------------------------------------------------------------------------
def test_butifarra_the_dealer_names_a_suit_butifarra_or_delegates() -> None:
    g = butifarra()
    g.deal()
    assert texts(g.legal_actions()) == {"3 trump O", "3 trump C", "3 trump E", "3 trump B",
                                        "3 butifarra", "3 delegate"}
    play(g, "3 trump E")
    hand = hand_json(g)
    assert hand["trump"] == "E" and hand["declarer"] == 3 and hand["butifarra"] is False
    assert hand["multiplier"] == 1 and hand["delegated"] is False


def test_butifarra_butifarra_is_no_trumps_at_double() -> None:
    g = butifarra()
    g.deal()
    play(g, "3 butifarra")
    hand = hand_json(g)
    assert hand["trump"] is None and hand["butifarra"] is True and hand["multiplier"] == 2


def test_butifarra_delegated_the_partner_must_name_a_suit_or_butifarra() -> None:
    g = butifarra()
    g.deal()
    play(g, "3 delegate")
    assert g.current_player == 1
    assert texts(g.legal_actions()) == {"1 trump O", "1 trump C", "1 trump E", "1 trump B",
                                        "1 butifarra"}
    with pytest.raises(IllegalAction, match="Only the dealer may delegate"):
        play(g, "1 delegate")
    play(g, "1 butifarra")
    hand = hand_json(g)
    assert hand["declarer"] == 1 and hand["delegated"] is True and hand["butifarra"] is True


def test_butifarra_only_the_dealer_names_or_delegates() -> None:
    g = butifarra()
    g.deal()
    for text in ("0 trump O", "1 delegate", "2 butifarra"):
        with pytest.raises(IllegalAction):
            play(g, text)


# --- Doubling ------------------------------------------------------------------------------
def test_butifarra_then_the_mano_may_double_or_pass() -> None:
    g = butifarra()
    g.deal()
    play(g, "3 trump O")
    assert texts(g.legal_actions()) == {"0 double", "0 pass"}


def test_butifarra_rule_contro_a_pass_by_the_mano_hands_the_contro_to_his_partner() -> None:
    """§9 Doubling, contro: the defenders, the mano first, then his partner."""
    g = butifarra()
    g.deal()
    play(g, "3 trump O", "0 pass")
    assert texts(g.legal_actions()) == {"2 double", "2 pass"} and not in_play(g)


def test_butifarra_rule_contro_either_defender_may_contrar() -> None:
    """§9 Doubling: either defender may contrar (the mano's partner after his pass)."""
    g = butifarra()
    g.deal()
    play(g, "3 trump O", "0 pass", "2 double")
    assert hand_json(g)["doubles"] == 1 and hand_json(g)["multiplier"] == 2
    assert texts(g.legal_actions()) == {"3 double", "3 pass"}


def test_butifarra_rule_when_both_defenders_pass_the_doubling_ends_the_mano_leads() -> None:
    """§9 Doubling: when both have passed the doubling ends; the mano leads."""
    g = butifarra()
    g.deal()
    play(g, "3 trump O", "0 pass", "2 pass")
    assert g.current_player == 0 and in_play(g)
    assert hand_json(g)["doubles"] == 0 and hand_json(g)["multiplier"] == 1
    assert hand_json(g)["complete"] is False


def test_butifarra_after_a_contro_the_namer_may_redouble() -> None:
    g = butifarra()
    g.deal()
    play(g, "3 trump O", "0 double")
    assert texts(g.legal_actions()) == {"3 double", "3 pass"}
    assert hand_json(g)["multiplier"] == 2
    play(g, "3 double")
    hand = hand_json(g)
    assert hand["doubles"] == 2 and hand["multiplier"] == 4
    assert g.current_player == 0 and in_play(g)  # no Sant Vicenç by default


def test_butifarra_rule_recontro_a_pass_by_the_namer_hands_it_to_his_partner() -> None:
    """§9 Doubling, recontro: the side that named trumps, the namer first, then his
    partner."""
    g = butifarra()
    g.deal()
    play(g, "3 trump O", "0 double", "3 pass")
    assert texts(g.legal_actions()) == {"1 double", "1 pass"} and not in_play(g)
    play(g, "1 double")
    hand = hand_json(g)
    assert hand["doubles"] == 2 and hand["multiplier"] == 4 and in_play(g)


def test_butifarra_after_a_delegation_the_partner_who_named_redoubles_first() -> None:
    """§9 Doubling, recontro: the one who named first (the partner after a delegation),
    then the dealer."""
    g = butifarra()
    g.deal()
    play(g, "3 delegate", "1 trump C", "0 double")
    assert texts(g.legal_actions()) == {"1 double", "1 pass"}
    with pytest.raises(IllegalAction):
        play(g, "3 double")
    play(g, "1 pass")
    assert texts(g.legal_actions()) == {"3 double", "3 pass"}


def test_butifarra_rule_when_both_of_the_namers_side_pass_the_doubling_ends() -> None:
    g = butifarra()
    g.deal()
    play(g, "3 trump O", "0 double", "3 pass", "1 pass")
    assert in_play(g) and hand_json(g)["multiplier"] == 2 and hand_json(g)["doubles"] == 1


def test_butifarra_sant_vicenc_the_mano_doubles_once_more() -> None:
    g = butifarra(sant_vicenc=True)
    g.deal()
    play(g, "3 trump O", "0 double", "3 double")
    assert texts(g.legal_actions()) == {"0 double", "0 pass"}
    play(g, "0 double")
    hand = hand_json(g)
    assert hand["doubles"] == 3 and hand["multiplier"] == 8
    assert g.current_player == 0 and in_play(g)


def test_butifarra_rule_sant_vicenc_the_defenders_again_the_mano_first() -> None:
    """§9 Doubling, Sant Vicenç: the defenders again, the mano first (whoever said the
    contro), then his partner."""
    g = butifarra(sant_vicenc=True)
    g.deal()
    play(g, "3 trump O", "0 pass", "2 double", "3 pass", "1 double")
    assert texts(g.legal_actions()) == {"0 double", "0 pass"}
    play(g, "0 pass")
    assert texts(g.legal_actions()) == {"2 double", "2 pass"}
    play(g, "2 double")
    hand = hand_json(g)
    assert hand["doubles"] == 3 and hand["multiplier"] == 8 and in_play(g)


def test_butifarra_rule_sant_vicenc_is_allowed_on_a_butifarra_hand() -> None:
    g = butifarra(sant_vicenc=True)
    g.deal()
    play(g, "3 butifarra", "0 double", "3 double", "0 pass", "2 double")
    assert hand_json(g)["multiplier"] == 16 and in_play(g)


def test_butifarra_rule_contro_by_mano_only_the_mano_may_contrar() -> None:
    """§9 option contro_by: mano: only the mano may contrar; his pass ends the doubling."""
    g = butifarra(contro_by="mano")
    g.deal()
    play(g, "3 trump O", "0 pass")
    assert g.current_player == 0 and in_play(g) and hand_json(g)["multiplier"] == 1


def test_butifarra_rule_contro_by_mano_the_recontro_is_unchanged() -> None:
    """§9 option contro_by: mano: the recontro is still offered to the namer, then his
    partner."""
    g = butifarra(contro_by="mano")
    g.deal()
    play(g, "3 trump O", "0 double", "3 pass")
    assert texts(g.legal_actions()) == {"1 double", "1 pass"}
    play(g, "1 double")
    assert hand_json(g)["multiplier"] == 4 and in_play(g)


def test_butifarra_rule_contro_by_mano_only_he_may_say_sant_vicenc() -> None:
    g = butifarra(contro_by="mano", sant_vicenc=True)
    g.deal()
    play(g, "3 trump O", "0 double", "3 double")
    assert texts(g.legal_actions()) == {"0 double", "0 pass"}
    play(g, "0 pass")
    assert in_play(g) and hand_json(g)["multiplier"] == 4


def test_butifarra_contro_by_defaults_to_either() -> None:
    g = butifarra()
    assert g.options["contro_by"] == "either"


def test_butifarra_multiplier_butifarra_and_three_doubles_is_16() -> None:
    g = butifarra(sant_vicenc=True)
    g.deal()
    play(g, "3 butifarra", "0 double", "3 double", "0 double")
    assert hand_json(g)["multiplier"] == 16


def test_butifarra_a_double_by_the_wrong_seat_is_refused() -> None:
    g = butifarra()
    g.deal()
    play(g, "3 trump O")
    for text in ("1 double", "2 double", "3 double"):
        with pytest.raises(IllegalAction):
            play(g, text)


def test_butifarra_with_dealer_0_the_mano_is_seat_1() -> None:
    g = butifarra()
    g.deal()
    play(g, "3 trump O", "0 pass", "2 pass")
    play_out(g)
    g.deal()
    play(g, "0 trump B")
    assert texts(g.legal_actions()) == {"1 double", "1 pass"}
    play(g, "1 pass")
    assert texts(g.legal_actions()) == {"3 double", "3 pass"}
    play(g, "3 pass")
    assert g.current_player == 1 and in_play(g)


# --- Obligations (the seed's list) -----------------------------------------------------------
SEAT0 = "2C 5C 10C 1B 2B 3B 4B 5B 6B 7B 8B 10B"  # no oros, no espadas


def obligations(x: str, y: str, name: str = "trump O") -> Game:
    """Seat 1 holds copas 4C 8C 3C, espadas 1E-8E and ``x``; seat 2 copas 6C 7C 9C 11C 12C
    1C, oros 1O 12O 3O, espadas 10E 11E and ``y``; seat 3 the rest. The dealer (3) names."""
    g = butifarra()
    deal_given(g, {0: SEAT0, 1: "4C 8C 3C 1E 2E 3E 4E 5E 6E 7E 8E " + x,
                   2: "6C 7C 9C 11C 12C 1C 1O 12O 3O 10E 11E " + y})
    play(g, f"3 {name}", "0 pass", "2 pass")
    return g


def hand_of(g: Game, seat: int) -> set[str]:
    return {card_text(c) for c in cards_of(g.hands[seat])}


def test_butifarra_opponent_winning_asistir_y_montar() -> None:
    g = obligations("8O", "9O")
    play(g, "0 play 5C")
    assert plays(g) == {"8C"}  # the only copa above the 5C


def test_butifarra_opponent_winning_asistir_solamente_if_he_cannot_montar() -> None:
    g = obligations("8O", "9O")
    play(g, "0 play 10C")
    assert plays(g) == {"4C", "8C", "3C"}  # none beats the sota: any copa, no trump


def test_butifarra_opponent_winning_fallar_if_he_cannot_asistir() -> None:
    g = obligations("8O", "9O")
    play(g, "0 play 1B")
    assert plays(g) == {"8O"}


def test_butifarra_opponent_winning_pisar_the_opponents_trump() -> None:
    g = obligations("8O", "9O")
    play(g, "0 play 1B", "1 play 8O")
    assert plays(g) == {"9O", "1O", "12O"}  # not the 3O, not a discard


def test_butifarra_contrafallar_any_card_when_unable_to_pisar() -> None:
    g = obligations("9O", "8O")
    play(g, "0 play 1B", "1 play 9O")
    # seat 2's trumps (1O 12O 3O 8O) are all below the 9O: any card
    assert plays(g) == hand_of(g, 2)


def test_butifarra_descartar_any_card_without_the_suit_or_trumps() -> None:
    g = obligations("9E", "8O")
    play(g, "0 play 1B")
    assert plays(g) == hand_of(g, 1)


def test_butifarra_following_comes_first_even_over_an_opponents_trump() -> None:
    g = obligations("8O", "9O")
    play(g, "0 play 1B", "1 play 8O", "2 play 9O")
    # seat 3 holds bastos: any of them, no duty to trump over the 9O
    bastos = {c for c in hand_of(g, 3) if c.endswith("B")}
    assert bastos and plays(g) == bastos


def test_butifarra_partner_winning_only_asistir_no_need_to_montar() -> None:
    g = obligations("8O", "9O")
    play(g, "0 play 10C", "1 play 3C")
    assert plays(g) == {"6C", "7C", "9C", "11C", "12C", "1C"}
    g = obligations("8O", "9O")
    play(g, "0 play 5C", "1 play 8C")  # against the opponent's 8C he must beat it
    assert plays(g) == {"9C", "11C", "12C", "1C"}


def test_butifarra_partner_winning_void_any_card_no_duty_to_trump() -> None:
    g = obligations("9E", "8O")
    play(g, "0 play 1B", "1 play 9E")
    assert plays(g) == hand_of(g, 2)  # trumps or not, as he likes


def test_butifarra_in_a_butifarra_hand_no_trump_clauses() -> None:
    g = obligations("8O", "9O", name="butifarra")
    play(g, "0 play 1B")
    assert plays(g) == hand_of(g, 1)  # void in bastos: any card, oros are no trumps
    play(g, "1 play 8O", "2 play 9O")
    assert plays(g) == {"9B"}  # the 8O and 9O are no trumps: the 1B is to beat


def test_butifarra_a_trick_without_trumps_goes_to_the_highest_card_of_the_led_suit() -> None:
    g = obligations("8O", "9O", name="butifarra")
    play(g, "0 play 1B", "1 play 8O", "2 play 9O", "3 play 9B")
    assert g.current_player == 3 and hand_json(g)["taken"] == [0, 0, 0, 1]


def test_butifarra_no_cantes() -> None:
    g = butifarra()
    deal_given(g, {0: "9C 12O 11O 12E 11E", 1: "1C", 2: "12C", 3: "11C"})
    play(g, "3 trump O", "0 pass", "2 pass", "0 play 9C", "1 play 1C", "2 play 12C",
         "3 play 11C")
    assert g.current_player == 0 and {a.verb for a in g.legal_actions()} == {"play"}
    with pytest.raises(IllegalAction):
        play(g, "0 sing 40")


# --- Scoring -------------------------------------------------------------------------------
# Seat 0 holds every oro but the 2O and the 2C: team 1 takes only the first trick
# (2C 9C 3C 4C: 5 points + 1), team 0 the other eleven (66).
SCORE_DEAL = {0: "1O 3O 4O 5O 6O 7O 8O 9O 10O 11O 12O 2C", 1: "9C", 2: "2O 3C", 3: "4C"}


def scored(*doubling: str, **options: object) -> Game:
    g = butifarra(**options)
    deal_given(g, SCORE_DEAL)
    play(g, "3 trump O", *doubling)
    play(g, "0 play 2C", "1 play 9C", "2 play 3C", "3 play 4C")
    play_out(g)
    return g


def test_butifarra_only_a_team_over_36_scores_the_excess() -> None:
    hand = hand_json(scored("0 pass", "2 pass"))
    assert hand["team_points"] == [66, 6] and hand["points"] == [55, 5, 0, 0]
    assert hand["score"] == [30, 0] and hand["totals"] == [30, 0]
    assert hand["capot"] is None


def test_butifarra_the_excess_times_the_multiplier() -> None:
    hand = hand_json(scored("0 double", "3 pass", "1 pass"))
    assert hand["multiplier"] == 2 and hand["score"] == [60, 0]


def test_butifarra_36_36_scores_nothing_and_the_next_dealer_deals() -> None:
    for seed in range(300):
        g = butifarra(seed)
        g.deal()
        play(g, "3 trump O", "0 pass", "2 pass")
        play_out(g)
        hand = hand_json(g)
        if hand["team_points"] == [36, 36]:
            assert hand["score"] == [0, 0] and hand["totals"] == [0, 0]
            assert not g.is_over
            g.deal()
            assert g.dealer == 0
            return
    pytest.fail("no 36-36 hand in 300 seeds")


def capot(*doubling: str, name: str = "trump O", **options: object) -> Game:
    g = butifarra(**options)
    deal_given(g, {0: " ".join(f"{r}O" for r in ORDER)})
    play(g, f"3 {name}", *doubling)
    play_out(g)
    return g


def test_butifarra_capot_scores_36_times_the_multiplier() -> None:
    hand = hand_json(capot("0 pass", "2 pass"))
    assert hand["taken"] == [12, 0, 0, 0] and hand["team_points"] == [72, 0]
    assert hand["capot"] == 0 and hand["score"] == [36, 0]
    hand = hand_json(capot("0 double", "3 pass", "1 pass"))
    assert hand["score"] == [72, 0]


def test_butifarra_capot_bonus_scores_72_times_the_multiplier() -> None:
    hand = hand_json(capot("0 pass", "2 pass", capot_bonus=True))
    assert hand["score"] == [72, 0]
    hand = hand_json(capot("0 double", "3 pass", "1 pass", capot_bonus=True))
    assert hand["score"] == [144, 0]


def test_butifarra_the_first_team_to_101_after_a_hand_wins() -> None:
    g = capot("0 double", "3 double")  # 36 x 4 = 144
    assert g.is_over and g.winners == (0, 2) and hand_json(g)["totals"] == [144, 0]
    g = capot("0 double", "3 pass", "1 pass")  # 72
    assert not g.is_over


@pytest.mark.parametrize(("target", "over"), [(51, True), (101, False), (151, False)])
def test_butifarra_option_target(target: int, over: bool) -> None:
    g = capot("0 double", "3 pass", "1 pass", target=target)  # 72
    assert g.is_over == over
    if over:
        assert g.winners == (0, 2)


def test_butifarra_totals_add_up_hand_after_hand() -> None:
    g = butifarra(9)
    running = [0, 0]
    while len(g.summaries) < 3 and not g.is_over:
        g.deal()
        play(g, f"{g.dealer} trump C", f"{g.mano} pass", f"{(g.mano + 2) % 4} pass")
        play_out(g)
        hand = hand_json(g)
        score = hand["score"]
        assert isinstance(score, list)
        running = [a + b for a, b in zip(running, score, strict=True)]
        assert hand["totals"] == running


# --- Records -------------------------------------------------------------------------------
def test_butifarra_record_hand_keys() -> None:
    hand = hand_json(scored("0 pass", "2 pass"))
    assert set(hand) == {"dealer", "mano", "trump", "muestra", "taken", "points", "cantes",
                         "last_trick", "tute", "complete", "declarer", "delegated",
                         "butifarra", "doubles", "multiplier", "team_points", "score",
                         "totals", "capot"}
    assert hand["muestra"] is None and hand["last_trick"] == 0 and hand["tute"] is None


EXAMPLE_ACTIONS = ["3 delegate", "1 trump C", "0 double", "1 pass", "3 pass", "0 play 9O",
                   "1 play 1O"]


def test_butifarra_records_md_example_with_a_deal_that_allows_its_plays() -> None:
    """docs/records.md: ``[3 delegate, 1 trump C, 0 double, 1 pass, 0 play 9O, 1 play 1O]``
    stops mid-hand with ``"to_act": 2`` and seat 2's playable cards in ``legal``. (Seed 3's
    own deal does not give seat 0 the 9O, so the deal is written out here.)"""
    g = butifarra(3)
    deal_given(g, {0: "9O", 1: "1O", 2: "2O 5O 1C"})
    oros = {c for c in hand_of(g, 2) if c.endswith("O")}
    text = dump_record(g).replace("    actions: []",
                                  "    actions: [" + ", ".join(EXAMPLE_ACTIONS) + "]")
    doc = replay_json(text)
    assert "error" not in doc and doc["to_act"] == 2
    assert "2O" in oros and set(doc["legal"]) == oros
    hand = doc["hands"][0]
    assert hand["declarer"] == 1 and hand["delegated"] is True and hand["trump"] == "C"
    assert hand["doubles"] == 1 and hand["multiplier"] == 2 and hand["complete"] is False
    assert hand["score"] is None and hand["butifarra"] is False


RECORDS_MD_SEED_3 = """rules: butifarra
seed: 3
hands:
  - actions: [3 delegate, 1 trump C, 0 double, 1 pass, 3 pass, 0 play 12O, 1 play 1O]
"""


def test_butifarra_records_md_example_seed_3_as_the_engine_shuffles_it() -> None:
    """docs/records.md, butifarra seed 3: stops mid-hand with ``"to_act": 2`` and seat 2's
    playable cards in ``legal``; the mano's contro is recontro'd by neither the namer
    (seat 1) nor his partner (seat 3), so ``multiplier`` is 2."""
    doc = replay_json(RECORDS_MD_SEED_3)
    assert "error" not in doc and doc["to_act"] == 2
    g = butifarra(3)
    g.deal()
    assert "12O" in hand_of(g, 0) and "1O" in hand_of(g, 1)
    play(g, "3 delegate", "1 trump C", "0 double", "1 pass", "3 pass", "0 play 12O")
    assert plays(g) == {"1O"}  # seat 1's only oro above the 12O: he must beat it
    play(g, "1 play 1O")
    assert set(doc["legal"]) == {card_text(a.arg) for a in g.legal_actions()}
    hand = doc["hands"][0]
    assert hand["multiplier"] == 2 and hand["doubles"] == 1 and hand["declarer"] == 1
    assert hand["delegated"] is True and hand["complete"] is False


def test_butifarra_rule_an_old_record_whose_mano_passed_is_refused_with_the_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/records.md, "Butifarra's doubling": a record written when the mano's pass
    ended the doubling is refused (not silently read another way): the play comes when
    the mano's partner is to speak, and the reason says so."""
    code, doc, err = replay_cli(tmp_path / "r.yaml", capsys,
                                _record("3 trump O", "0 pass", "0 play 2C"))
    e = doc["error"]
    assert code == 1 and isinstance(e, dict) and e["action"] == 3 and doc["to_act"] == 2
    assert "contro is offered to seat 2" in e["reason"] and "'2 pass'" in e["reason"]
    assert "0 play 2C" in err


def test_butifarra_an_old_record_whose_namer_declined_the_recontro_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys,
                              _record("3 trump O", "0 double", "3 pass", "0 play 2C"))
    e = doc["error"]
    assert code == 1 and isinstance(e, dict) and e["action"] == 4
    assert "recontro is offered to seat 1" in e["reason"] and "'1 pass'" in e["reason"]


def test_butifarra_an_old_record_reads_with_contro_by_mano(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/records.md: an old record whose mano's pass ended the doubling reads as it
    did with ``options: {contro_by: mano}``."""
    text = _record("3 trump O", "0 pass", "0 play 2C").replace(
        "options: {players: 4}", "options: {players: 4, contro_by: mano}")
    code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys, text)
    assert code == 0 and doc["to_act"] == 1


def test_butifarra_record_replays_an_engine_written_match_to_the_same_json() -> None:
    g = butifarra(5)
    for _ in range(2):
        g.deal()
        play(g, f"{g.dealer} delegate", f"{(g.dealer + 2) % 4} butifarra", f"{g.mano} pass",
             f"{(g.mano + 2) % 4} pass")
        play_out(g)
    r = replay(record_from_text(dump_record(g)))
    assert r.error is None and summary_json(r.game) == summary_json(g)


def _record(*actions: str) -> str:
    g = butifarra()
    deal_given(g, SCORE_DEAL)
    return dump_record(g).replace("    actions: []",
                                  "    actions: [" + ", ".join(actions) + "]")


def test_butifarra_record_double_by_the_wrong_seat_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, doc, err = replay_cli(tmp_path / "r.yaml", capsys, _record("3 trump O", "1 double"))
    e = doc["error"]
    assert code == 1 and "1 double" in err and isinstance(e, dict)
    assert e["action"] == 2 and e["text"] == "1 double" and "seat 0" in e["reason"]
    assert doc["to_act"] == 0


def test_butifarra_record_delegate_by_the_partner_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys, _record("3 delegate", "1 delegate"))
    e = doc["error"]
    assert code == 1 and isinstance(e, dict) and e["action"] == 2
    assert "delegate" in e["reason"]


def test_butifarra_record_malformed_trump_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys, _record("3 trump X"))
    e = doc["error"]
    assert code == 1 and isinstance(e, dict) and e["action"] == 1 and "suit" in e["reason"]


def test_butifarra_record_illegal_card_exits_1_with_the_obligation(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys,
                              _record("3 trump O", "0 pass", "2 pass", "0 play 2C",
                                      "1 play 2E"))
    e = doc["error"]
    assert code == 1 and isinstance(e, dict) and e["action"] == 5 and "9C" in e["reason"]


def test_butifarra_legal_is_a_set_at_every_kind_of_turn(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = butifarra()
    deal_given(g, SCORE_DEAL)
    copas = {c for c in hand_of(g, 1) if c.endswith("C")}  # all above the 2C
    steps: list[tuple[list[str], set[str]]] = [
        ([], {"trump O", "trump C", "trump E", "trump B", "butifarra", "delegate"}),
        (["3 delegate"], {"trump O", "trump C", "trump E", "trump B", "butifarra"}),
        (["3 trump O"], {"double", "pass"}),
        (["3 trump O", "0 double"], {"double", "pass"}),
        (["3 trump O", "0 pass", "2 pass"], set(SCORE_DEAL[0].split())),
        (["3 trump O", "0 pass", "2 pass", "0 play 2C"], copas),
    ]
    for actions, legal in steps:
        code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys, _record(*actions))
        assert code == 0 and set(doc["legal"]) == legal, actions
