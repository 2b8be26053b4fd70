"""docs/rules.md §1 Tute Cabrero and §2 Tute Chancho: one test per rule sentence."""

from __future__ import annotations

from fractions import Fraction

import pytest
from engine_helpers import cards, deal_hand, finish_hand, mask, new_game, play, texts

from tute.cards import card_text, cards_of, parse_card
from tute.engine import DEAL, DealError
from tute.engine.events import (
    CardsDealt,
    Exchanged,
    HandStarted,
    MatchOver,
    PlayerRetired,
    Sung,
    TrumpShown,
)
from tute.engine.scoring import cabrero_outcome, ranked_losers


def F(x: float) -> Fraction:
    return Fraction(x)


# --- Deal --------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "each"), [(4, 10), (5, 8), (3, 13)])
def test_deal_sizes(players: int, each: int) -> None:
    g = new_game(players)
    g.deal()
    assert [h.bit_count() for h in g.hands] == [each] * players


def test_six_players_the_dealer_sits_out_and_deals_eight_to_the_others() -> None:
    g = new_game(6)
    events = g.deal()
    started = events[0]
    assert isinstance(started, HandStarted)
    assert started.sitting_out == g.dealer and g.dealer not in g.playing
    assert [h.bit_count() for h in g.hands] == [0 if s == g.dealer else 8 for s in range(6)]


def test_three_players_thirteen_each_and_one_card_left() -> None:
    g = new_game(3)
    g.deal()
    assert len(g.logs[-1].rest) == 1


# --- First hand ----------------------------------------------------------------------------
def test_first_hand_oros_are_trumps_and_the_holder_of_the_2_de_oros_is_mano() -> None:
    g = new_game(4)
    events = deal_hand(g, {2: "2O"})
    assert g.trump == 0 and g.mano == 2 and g.current_player == 2
    assert TrumpShown(0, None, None) in events
    assert g.dealer == 1  # the seat before the mano deals


def test_six_players_first_mano_drawn_at_random_and_oros_trumps() -> None:
    manos = set()
    for seed in range(12):
        g = new_game(6, seed=seed)
        g.deal()
        assert g.trump == 0 and g.mano == (g.dealer + 1) % 6
        manos.add(g.mano)
    assert len(manos) > 1


# --- Later hands -------------------------------------------------------------------------
def test_later_dealer_is_the_previous_mano_and_mano_to_his_right() -> None:
    g = new_game(4)
    deal_hand(g, {1: "2O"})
    finish_hand(g)
    assert g.next_dealer() == 1
    g.deal()
    assert g.dealer == 1 and g.mano == 2


def test_later_dealer_skips_a_retired_previous_mano() -> None:
    g = new_game(5, lives=1, renuncio="accuse")
    deal_hand(g, {1: "2O"})
    play(g, "1 accuse 3")  # false: the mano loses his only life
    assert g.retired[1] and g.next_dealer() == 2
    g.deal()
    assert g.dealer == 2 and g.mano == 3


def test_giving_the_wrong_dealer_for_a_later_hand_is_refused() -> None:
    g = new_game(4)
    deal_hand(g, {1: "2O"})
    finish_hand(g)
    with pytest.raises(DealError, match="seat 1 the dealer"):
        g.deal(dealer=3)


def test_later_hand_the_last_card_dealt_to_the_dealer_is_shown_and_stays_in_hand() -> None:
    g = new_game(4)
    deal_hand(g, {1: "2O"})
    finish_hand(g)
    events = deal_hand(g, {1: "5E"})  # dealer 1 receives 5E last
    assert TrumpShown(2, parse_card("5E"), 1) in events
    assert g.trump == 2 and g.hands[1] >> parse_card("5E") & 1
    assert g.observation(3).known[1] == mask("5E")


def test_six_players_the_shown_card_is_the_last_of_the_player_on_the_dealers_left() -> None:
    g = new_game(6)
    g.deal(dealer=5)
    finish_hand(g)
    dealer = g.next_dealer()
    assert dealer == 0
    events = deal_hand(g, {5: "7B"})  # seat 5 is on dealer 0's left
    assert TrumpShown(3, parse_card("7B"), 5) in events and g.sitting_out == 0


def test_trump_rotation_cycles_oros_copas_espadas_bastos_with_no_card_shown() -> None:
    g = new_game(4, trump_rotation=True)
    seen = []
    for _ in range(5):
        events = g.deal()
        shown = next(e for e in events if isinstance(e, TrumpShown))
        assert shown.card is None
        seen.append(g.trump)
        finish_hand(g)
        if g.is_over:
            break
    assert seen[:5] == [0, 1, 2, 3, 0][: len(seen)]


def test_trump_rotation_does_not_apply_to_three_players() -> None:
    g = new_game(3, trump_rotation=True)
    g.deal()
    finish_hand(g)
    events = deal_hand(g, {}, rest="5C")
    assert TrumpShown(1, parse_card("5C"), None) in events


# --- Three players -------------------------------------------------------------------------
def test_three_players_first_hand_2_de_oros_swapped_for_the_face_down_card() -> None:
    g = new_game(3)
    events = deal_hand(g, {1: "2O"}, rest="12E")
    swap = next(e for e in events if isinstance(e, Exchanged))
    assert swap == Exchanged(1, parse_card("2O"), parse_card("12E"), secret=True)
    assert swap.for_seat(0).took == -1 and swap.for_seat(1).took == parse_card("12E")
    assert g.mano == 1 and g.hands[1] >> parse_card("12E") & 1
    assert g.out_of_play == mask("2O") and not g.hands[1] >> parse_card("2O") & 1


def test_three_players_face_down_2_de_oros_makes_the_4_de_oros_mano() -> None:
    g = new_game(3)
    deal_hand(g, {2: "4O"}, rest="2O")
    assert g.mano == 2 and g.out_of_play == mask("2O")


def test_three_players_later_hands_the_40th_card_is_the_muestra_out_of_play() -> None:
    g = new_game(3)
    g.deal()
    finish_hand(g)
    deal_hand(g, {}, rest="4C")
    assert g.trump == 1 and g.muestra == parse_card("4C")
    assert all(not h >> parse_card("4C") & 1 for h in g.hands)


# --- End of hand ---------------------------------------------------------------------------
def test_tute_sung_stops_the_hand_and_everyone_else_playing_loses() -> None:
    o = cabrero_outcome([0, 1, 2, 3], [1, 0, 0, 0], [F(20)] * 4, [False] * 4, tute_singer=0)
    assert o.losers == (1, 2, 3) and o.reason == "tute"


def test_capote_everyone_else_loses() -> None:
    o = cabrero_outcome([0, 1, 2, 3], [0, 10, 0, 0], [F(0), F(130), F(0), F(0)], [False] * 4)
    assert o.losers == (0, 2, 3) and o.reason == "capote"


def test_capote_after_singing_20_or_40_the_capote_player_alone_loses() -> None:
    o = cabrero_outcome([0, 1, 2, 3], [0, 10, 0, 0], [F(0), F(150), F(0), F(0)],
                        [False, True, False, False])
    assert o.losers == (1,) and o.reason == "capote_sang"


def test_capote_in_play() -> None:
    g = new_game(3)
    deal_hand(g, {0: "2O 1O 3O 12O 11O 10O 7O 6O 5O 4O 1C 1E 1B"}, rest="3C")
    # seat 0 holds every trump and leads them: he takes every trick
    while g.phase != DEAL:
        seat = g.current_player
        assert seat is not None
        acts = [a for a in g.legal_actions() if a.verb == "play"]
        g.apply(acts[-1] if seat == 0 else acts[0])
    s = g.summaries[-1]
    assert s.taken == [13, 0, 0] and s.capote == 0 and s.losers == [1, 2]


def test_exactly_two_takers_the_one_with_fewer_points_loses() -> None:
    o = cabrero_outcome([0, 1, 2, 3], [0, 6, 4, 0], [F(0), F(80), F(50), F(0)], [False] * 4)
    assert o.losers == (2,) and o.reason == "two_takers"


def test_three_or_more_takers_a_mas_and_a_menos_are_safe_the_middle_loses() -> None:
    losers, reason = ranked_losers({0: F(50), 1: F(40), 2: F(30), 3: F(10)})
    assert losers == (1, 2) and reason == "mas_menos"


def test_players_who_took_no_trick_neither_win_nor_lose() -> None:
    o = cabrero_outcome([0, 1, 2, 3], [3, 4, 3, 0], [F(40), F(50), F(40), F(0)], [False] * 4)
    assert 3 not in o.losers


def test_ties_all_equal_every_taker_loses() -> None:
    assert ranked_losers({0: F(65), 1: F(65)}) == ((0, 1), "tied")
    assert ranked_losers({0: F(40), 1: F(40), 2: F(40)})[0] == (0, 1, 2)


def test_ties_at_the_top_with_nobody_in_the_middle_every_taker_loses() -> None:
    assert ranked_losers({0: F(50), 1: F(50), 2: F(30)}) == ((0, 1, 2), "tied")


def test_ties_at_the_bottom_with_nobody_in_the_middle_every_taker_loses() -> None:
    assert ranked_losers({0: F(60), 1: F(35), 2: F(35)}) == ((0, 1, 2), "tied")


def test_a_tied_top_saves_nobody_when_someone_is_in_the_middle() -> None:
    assert ranked_losers({0: F(50), 1: F(50), 2: F(30), 3: F(0)}) == ((0, 1, 2), "mas_menos")


def test_a_tied_bottom_saves_nobody_when_someone_is_in_the_middle() -> None:
    assert ranked_losers({0: F(70), 1: F(30), 2: F(20), 3: F(20)}) == ((1, 2, 3), "mas_menos")


def test_the_six_player_dealer_never_loses_the_hand_he_sat_out() -> None:
    for seed in range(30):
        g = new_game(6, seed=seed)
        g.deal()
        out = g.dealer
        finish_hand(g)
        assert out not in g.summaries[-1].losers
        assert g.summaries[-1].taken[out] == 0


# --- Marks, retirement, match end ----------------------------------------------------------
def test_a_loss_is_a_mark() -> None:
    g = new_game(4)
    g.deal()
    finish_hand(g)
    s = g.summaries[-1]
    assert g.marks == [1 if i in s.losers else 0 for i in range(4)]


def test_a_player_with_lives_marks_retires() -> None:
    g = new_game(4, lives=1)
    g.deal()
    events: list[object] = []
    while g.phase != DEAL and not g.is_over:
        events += g.apply(next(a for a in g.legal_actions() if a.verb == "play"))
    losers = g.summaries[-1].losers
    assert [e.seat for e in events if isinstance(e, PlayerRetired)] == losers
    assert all(g.retired[s] for s in losers)


def test_match_ends_when_fewer_than_three_remain_and_the_survivors_win() -> None:
    g = new_game(4, lives=2)
    while not g.is_over:
        g.deal()
        finish_hand(g)
    alive = [s for s in range(4) if not g.retired[s]]
    assert len(alive) < 3
    if alive:
        assert list(g.winners) == alive and not g.draw


def test_draw_is_reported_by_the_engine() -> None:
    """Three players on their last life; a hand where all three takers tie ends in a draw."""
    for seed in range(400):
        g = new_game(3, seed=seed, lives=1)
        g.deal()
        finish_hand(g)
        s = g.summaries[-1]
        if len(s.losers) == 3:
            assert g.is_over and g.draw and set(g.winners) == {0, 1, 2}
            return
    pytest.fail("no all-lose hand found in 400 seeds")


# --- Renuncio penalty ----------------------------------------------------------------------
def test_renuncio_penalty_two_marks_and_nobody_else_loses() -> None:
    o = cabrero_outcome([0, 1, 2, 3], [3, 3, 4, 0], [F(30), F(40), F(60), F(0)],
                        [False] * 4, revoker=1)
    assert o.losers == (1,) and o.marks == 2 and o.reason == "renuncio"


# --- Options -------------------------------------------------------------------------------
def test_desempate_adds_a_half_a_quarter_an_eighth_from_the_mano() -> None:
    g = new_game(4, desempate=True)
    deal_hand(g, {2: "2O"})
    pts = g.points()
    assert [pts[s] for s in (2, 3, 0, 1)] == [F(0.5), F(0.25), F(0.125), F(0.0625)]


def test_desempate_breaks_ties_so_no_two_totals_are_equal() -> None:
    for seed in range(20):
        g = new_game(4, seed=seed, desempate=True)
        g.deal()
        finish_hand(g)
        pts = g.summaries[-1].points
        assert len(set(pts)) == 4
        assert g.summaries[-1].reason != "tied"


def test_lives_option_sets_how_many_marks_retire() -> None:
    g = new_game(4, lives=3)
    assert g.lives == 3


# --- Chancho -----------------------------------------------------------------------------
def test_chancho_rey_and_caballo_taken_together_are_sung_at_once() -> None:
    g = new_game(4, rules="chancho")
    deal_hand(g, {0: "2O 12C", 1: "11C", 2: "1C"}, void={1: "C", 2: "C", 3: "C"})
    events = play(g, "0 play 12C", "1 play 11C", "2 play 1C")
    events += play(g, f"3 play {card_text(g.legal_actions()[0].arg)}")
    sung = [e for e in events if isinstance(e, Sung)]
    winner = g.hand.tricks[-1][0]
    assert sung and sung[0].seat == winner and sung[0].forced and sung[0].cante == "20C"
    assert g.hand.cante_points[winner] >= 20


def test_chancho_forced_cante_of_trumps_is_forty() -> None:
    g = new_game(4, rules="chancho")
    deal_hand(g, {0: "2O 12O", 1: "11O", 2: "1O"}, void={1: "O", 2: "O"})
    events = play(g, "0 play 12O", "1 play 11O", "2 play 1O")
    events += play(g, f"3 play {card_text(g.legal_actions()[0].arg)}")
    sung = [e for e in events if isinstance(e, Sung)]
    assert sung and sung[0].cante == "40" and sung[0].points == 40


def test_chancho_forced_cante_does_not_use_up_the_optional_cante() -> None:
    g = new_game(4, rules="chancho")
    deal_hand(g, {0: "2O 12O 12B 11B", 1: "11O", 2: "10O", 3: "4O"},
              void={1: "O", 2: "O", 3: "O"})
    play(g, "0 play 12O", "1 play 11O", "2 play 10O", "3 play 4O")
    assert g.hand.tricks[-1][0] == 0 and g.hand.cante_points[0] == 40
    assert "0 sing 20 B" in texts(g.legal_actions())


def test_chancho_forced_cante_counts_for_capote() -> None:
    o = cabrero_outcome([0, 1, 2], [13, 0, 0], [F(170), F(0), F(0)], [True, False, False])
    assert o.losers == (0,)


def test_cabrero_has_no_forced_cante() -> None:
    g = new_game(4)
    deal_hand(g, {0: "2O 12O", 1: "11O", 2: "10O", 3: "4O"}, void={1: "O", 2: "O", 3: "O"})
    events = play(g, "0 play 12O", "1 play 11O", "2 play 10O", "3 play 4O")
    assert not [e for e in events if isinstance(e, Sung)]


# --- Events -----------------------------------------------------------------------------
def test_dealt_cards_are_seen_only_by_their_owner() -> None:
    g = new_game(4)
    events = g.deal()
    dealt = [e for e in events if isinstance(e, CardsDealt)]
    assert len(dealt) == 4
    for e in dealt:
        assert e.for_seat(e.seat).cards == tuple(cards_of(0) or e.cards)
        other = e.for_seat((e.seat + 1) % 4)
        assert isinstance(other, CardsDealt) and set(other.cards) == {-1}


def test_match_over_event_names_the_winners() -> None:
    g = new_game(3, lives=1)
    events: list[object] = []
    while not g.is_over:
        events += g.deal()
        while g.phase not in (DEAL, "over"):
            events += g.apply(next(a for a in g.legal_actions() if a.verb == "play"))
    over = [e for e in events if isinstance(e, MatchOver)]
    assert len(over) == 1 and over[0].winners == g.winners
    assert cards("1O") == [0]


# --- House options (§1 "House options") -----------------------------------------------------
def test_house_options_default_to_the_rules_above() -> None:
    values = new_game(4).options
    assert (values["losers"], values["renuncio_marks"], values["dealer_out_from"],
            values["no_cargar"]) == ("middle", 2, 6, False)


def test_losers_second_with_three_or_more_takers_only_the_second_highest_loses() -> None:
    scores = {0: F(50), 1: F(40), 2: F(30), 3: F(10)}
    assert ranked_losers(scores, second=True) == ((1,), "second")
    assert ranked_losers(scores) == ((1, 2), "mas_menos")  # the default: the middle loses


def test_losers_second_takers_tied_for_the_second_highest_total_all_lose() -> None:
    assert ranked_losers({0: F(60), 1: F(30), 2: F(30), 3: F(10)}, second=True) == (
        (1, 2), "second")


def test_losers_second_takers_tied_for_the_highest_all_lose_and_then_nobody_else() -> None:
    assert ranked_losers({0: F(50), 1: F(50), 2: F(20)}, second=True) == ((0, 1), "tied_top")
    assert ranked_losers({0: F(40), 1: F(40), 2: F(40)}, second=True) == (
        (0, 1, 2), "tied_top")


def test_losers_second_two_takers_capote_tute_and_renuncio_are_as_with_the_middle() -> None:
    def both(*args: object, **kw: object) -> tuple[object, object]:
        a = cabrero_outcome(*args, **kw)  # type: ignore[arg-type]
        b = cabrero_outcome(*args, **kw, second=True)  # type: ignore[arg-type]
        return a, b

    a, b = both([0, 1, 2], [5, 8, 0], [F(40), F(90), F(0)], [False] * 3)  # two takers
    assert a == b and a.losers == (0,)
    a, b = both([0, 1, 2], [13, 0, 0], [F(130), F(0), F(0)], [False] * 3)  # capote
    assert a == b and a.losers == (1, 2)
    a, b = both([0, 1, 2], [1, 1, 1], [F(30)] * 3, [False] * 3, tute_singer=2)
    assert a == b and a.losers == (0, 1)
    a, b = both([0, 1, 2], [3, 4, 6], [F(10), F(40), F(80)], [False] * 3, revoker=2)
    assert a == b and a.losers == (2,) and a.marks == 2


def test_losers_second_decides_a_played_hand() -> None:
    for seed in range(200):
        g = new_game(4, seed=seed, losers="second")
        g.deal()
        finish_hand(g)
        s = g.summaries[-1]
        if s.reason == "second":
            takers = {p: s.points[p] for p in g.playing if s.taken[p]}
            runner_up = sorted(set(takers.values()))[-2]
            assert len(takers) >= 3
            assert s.losers == [p for p in sorted(takers) if takers[p] == runner_up]
            return
    pytest.fail("no hand with three takers in 200 seeds")


def test_renuncio_marks_1_the_revoker_takes_one_mark() -> None:
    o = cabrero_outcome([0, 1, 2, 3], [3, 3, 4, 0], [F(30), F(40), F(60), F(0)],
                        [False] * 4, revoker=1, renuncio_marks=1)
    assert o.losers == (1,) and o.marks == 1 and o.reason == "renuncio"
    g = new_game(4, renuncio="accuse", renuncio_marks=1)
    deal_hand(g, {0: "2O 4C", 1: "2C 6C 1B"}, void={1: "C"})
    play(g, "0 play 4C", "1 play 1B", "3 accuse 1")
    assert g.summaries[-1].losers == [1] and g.marks == [0, 1, 0, 0]


def test_renuncio_marks_2_by_default_the_revoker_takes_two() -> None:
    g = new_game(4, renuncio="accuse")
    deal_hand(g, {0: "2O 4C", 1: "2C 6C 1B"}, void={1: "C"})
    play(g, "0 play 4C", "1 play 1B", "3 accuse 1")
    assert g.marks == [0, 2, 0, 0]


def test_dealer_out_from_5_with_5_players_the_dealer_sits_out_and_deals_10_to_each_of_four(
        ) -> None:
    g = new_game(5, dealer_out_from=5)
    started = g.deal()[0]
    assert isinstance(started, HandStarted)
    assert started.sitting_out == g.dealer and g.dealer not in g.playing
    assert [h.bit_count() for h in g.hands] == [0 if s == g.dealer else 10 for s in range(5)]


def test_dealer_out_from_5_first_mano_drawn_at_random_and_oros_trumps() -> None:
    manos = set()
    for seed in range(12):
        g = new_game(5, seed=seed, dealer_out_from=5)
        g.deal()
        assert g.trump == 0 and g.mano == (g.dealer + 1) % 5
        manos.add(g.mano)
    assert len(manos) > 1


def test_dealer_out_from_5_the_last_card_of_the_player_on_the_dealers_left_is_shown() -> None:
    g = new_game(5, dealer_out_from=5)
    g.deal(dealer=4)
    finish_hand(g)
    assert g.next_dealer() == 0
    events = deal_hand(g, {4: "7B"})  # seat 4 is on dealer 0's left
    assert TrumpShown(3, parse_card("7B"), 4) in events and g.sitting_out == 0
    assert g.hands[4] >> parse_card("7B") & 1  # the shown card stays in his hand


def test_dealer_out_from_5_the_dealer_never_loses_the_hand_he_sat_out() -> None:
    for seed in range(20):
        g = new_game(5, seed=seed, dealer_out_from=5)
        g.deal()
        out = g.dealer
        finish_hand(g)
        assert out not in g.summaries[-1].losers and g.summaries[-1].taken[out] == 0


def test_dealer_out_from_5_six_at_the_table_and_one_retired_the_dealer_still_sits_out() -> None:
    for option, sits in ((5, True), (6, False)):
        g = new_game(6, dealer_out_from=option, lives=1, renuncio="accuse")
        deal_hand(g, {1: "2O"}, dealer=0)
        play(g, "1 accuse 3")  # false: the mano retires, five remain
        assert g.retired[1]
        g.deal()
        assert (g.sitting_out is not None) is sits
        assert sorted(h.bit_count() for h in g.hands if h) == ([10] * 4 if sits else [8] * 5)


@pytest.mark.parametrize("rules", ["cabrero", "chancho"])
def test_no_cargar_in_cabrero_and_chancho_unable_to_take_play_the_lowest_value(rules: str
                                                                              ) -> None:
    g = new_game(4, rules=rules, no_cargar=True)
    deal_hand(g, {0: "2O 1C", 1: "4C 12C 3C"}, void={1: "C"})
    play(g, "0 play 1C")  # seat 1 cannot beat the as: the 4 (no points) is the only card
    assert texts(a for a in g.legal_actions() if a.verb == "play") == {"1 play 4C"}


def test_no_cargar_off_by_default_any_card_of_the_suit() -> None:
    g = new_game(4)
    deal_hand(g, {0: "2O 1C", 1: "4C 12C 3C"}, void={1: "C"})
    play(g, "0 play 1C")
    assert texts(a for a in g.legal_actions() if a.verb == "play") == {
        "1 play 4C", "1 play 12C", "1 play 3C"}
