"""docs/rules.md §0, common ground: one test per rule sentence that can be put as a position."""

from __future__ import annotations

import pytest
from engine_helpers import cards, deal_hand, mask, new_game, play, texts

from tute.cards import DECKS, ORDERS, card_text, cards_of, mask_text, parse_card
from tute.engine import IllegalAction, obligations, reason_text
from tute.engine.events import CardPlayed, Sung, TrickTaken

TUTE = ORDERS["tute"]


def legal(hand: str, lead: str | None, win: str | None, trump: str = "O",
          family: str = "tute", partner: bool = False) -> str:
    """Legal cards for ``hand`` against a trick led in suit ``lead`` won by ``win``."""
    fn = obligations.FAMILIES[family].legal
    lead_suit = parse_card("1" + lead).__floordiv__(12) if lead else -1
    win_card = parse_card(win) if win else -1
    trump_suit = "OCEB".index(trump) if trump else -1
    return mask_text(fn(mask(hand), lead_suit, win_card, trump_suit, TUTE.beats, partner))


# --- The decks -------------------------------------------------------------------------
def test_spanish40_holds_ranks_1_to_7_and_10_to_12_of_each_suit() -> None:
    deck = cards_of(DECKS["spanish40"])
    assert len(deck) == 40
    assert {c % 12 + 1 for c in deck} == {1, 2, 3, 4, 5, 6, 7, 10, 11, 12}


def test_spanish36_is_spanish40_without_the_four_twos() -> None:
    assert DECKS["spanish36"] == DECKS["spanish40"] & ~mask("2O 2C 2E 2B")


def test_catalan48_holds_ranks_1_to_12() -> None:
    assert len(cards_of(DECKS["catalan48"])) == 48


def test_card_notation_is_rank_then_suit_letter() -> None:
    assert card_text(parse_card("1O")) == "1O"
    assert parse_card("12B") // 12 == 3 and parse_card("12B") % 12 + 1 == 12
    assert card_text(parse_card("10e")) == "10E"
    for bad in ("13O", "0C", "1X", "O1", "", "10"):
        with pytest.raises(ValueError):
            parse_card(bad)


# --- Tute order and points -------------------------------------------------------------
def test_trick_strength_is_1_3_12_11_10_7_6_5_4_2() -> None:
    order = cards("1C 3C 12C 11C 10C 7C 6C 5C 4C 2C")
    strengths = [TUTE.strength[c] for c in order]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths)


def test_points_as_11_tres_10_rey_4_caballo_3_sota_2_deck_120() -> None:
    pts = {card_text(c): TUTE.points[c] for c in cards("1E 3E 12E 11E 10E 7E 6E 5E 4E 2E")}
    assert pts == {"1E": 11, "3E": 10, "12E": 4, "11E": 3, "10E": 2,
                   "7E": 0, "6E": 0, "5E": 0, "4E": 0, "2E": 0}
    assert sum(TUTE.points[c] for c in cards_of(DECKS["spanish40"])) == 120


def test_diez_de_ultimas_goes_to_whoever_takes_the_last_trick() -> None:
    g = new_game(4)
    deal_hand(g, {})
    while g.hand.tricks_left:
        g.apply(next(a for a in g.legal_actions() if a.verb == "play"))
    last = g.summaries[-1]
    assert last.last_trick == g.hand.tricks[-1][0]
    assert sum(last.points) == 130


# --- Seats and turn order --------------------------------------------------------------
def test_seat_after_seat_i_is_seat_i_plus_one() -> None:
    g = new_game(4)
    deal_hand(g, {1: "2O"})
    assert g.current_player == 1
    g.apply(g.legal_actions()[0])
    assert g.current_player == 2
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    assert g.current_player == 0


# --- Trick play --------------------------------------------------------------------------
def test_highest_trump_wins_else_highest_card_of_led_suit() -> None:
    g = new_game(4)
    deal_hand(g, {0: "2O 4C", 1: "1C", 2: "3O", 3: "5O"}, void={2: "C", 3: "C"})
    events = play(g, "0 play 4C", "1 play 1C", "2 play 3O", "3 play 5O")
    taken = next(e for e in events if isinstance(e, TrickTaken))
    assert taken.seat == 2  # 3O is the highest trump
    assert g.current_player == 2  # the winner leads the next trick


def test_without_trumps_the_highest_of_the_led_suit_wins() -> None:
    g = new_game(4)
    deal_hand(g, {0: "2O 4C", 1: "12C", 2: "1E", 3: "3C"}, void={2: "CO"})
    events = play(g, "0 play 4C", "1 play 12C", "2 play 1E", "3 play 3C")
    assert next(e for e in events if isinstance(e, TrickTaken)).seat == 3


# --- Obligations `tute` ----------------------------------------------------------------
def test_tute_holding_led_suit_must_beat_a_winning_card_of_that_suit() -> None:
    assert legal("4C 6C 1C 3O", "C", "5C") == "1C 6C"


def test_tute_holding_led_suit_unable_to_beat_plays_any_card_of_it() -> None:
    assert legal("4C 2C 3O", "C", "5C") == "2C 4C"


def test_tute_led_suit_trumped_any_card_of_led_suit() -> None:
    assert legal("4C 1C 3O", "C", "5O") == "1C 4C"


def test_tute_void_must_trump_with_any_trump_when_none_played() -> None:
    assert legal("4O 1E 3B", "C", "1C") == "4O"


def test_tute_void_must_overtrump_when_able() -> None:
    assert legal("4O 1O 3B", "C", "5O") == "1O"


def test_tute_no_duty_to_undertrump() -> None:
    assert legal("4O 2O 3B", "C", "5O") == "2O 4O 3B"


def test_tute_void_without_trumps_any_card() -> None:
    assert legal("4E 1B", "C", "5C") == "4E 1B"


def test_tute_leader_plays_any_card() -> None:
    assert legal("4E 1B 2O", None, None) == "2O 4E 1B"


def test_tute_duty_to_beat_applies_against_partners_too() -> None:
    assert legal("4C 6C", "C", "5C", partner=True) == "6C"


def test_free_family_allows_any_card() -> None:
    assert legal("4C 6C 1O", "C", "5C", family="free") == "1O 4C 6C"


def test_butifarra_opponent_winning_follow_and_beat() -> None:
    assert legal("4C 6C 1O", "C", "5C", family="butifarra") == "6C"


def test_butifarra_opponent_trumped_must_overtrump_else_any() -> None:
    assert legal("4O 1O 3B", "C", "5O", family="butifarra") == "1O"
    assert legal("4O 2O 3B", "C", "5O", family="butifarra") == "2O 4O 3B"


def test_butifarra_partner_winning_only_follow_suit() -> None:
    assert legal("4C 6C 1O", "C", "5C", family="butifarra", partner=True) == "4C 6C"
    assert legal("1O 3B", "C", "5C", family="butifarra", partner=True) == "1O 3B"


def test_butifarra_no_trump_hand_never_forces_trumps() -> None:
    fn = obligations.FAMILIES["butifarra"].legal
    assert mask_text(fn(mask("1O 3B"), 1, parse_card("5C"), -1, TUTE.beats, False)) == "1O 3B"


def test_no_cargar_unable_to_take_plays_lowest_value_card() -> None:
    allowed = mask("1E 3B 4B 10E")  # void in copas, no trumps, copas led and winning
    out = obligations.no_cargar(allowed, 1, parse_card("5C"), 0, TUTE)
    assert mask_text(out) == "4B"


def test_no_cargar_does_not_apply_when_a_card_could_take_the_trick() -> None:
    allowed = mask("1C 6C")
    assert obligations.no_cargar(allowed, 1, parse_card("5C"), 0, TUTE) == allowed


# --- Cantes ------------------------------------------------------------------------------
def _won_first_trick(hands: dict[int, str], **options: object):  # type: ignore[no-untyped-def]
    """Seat 0 (holder of 2O, mano) leads 1E and wins it: the others must follow espadas.

    Seat 0 also holds 1B, and the others one basto each, so a second lead of 1B wins too.
    """
    g = new_game(4, **options)
    deal_hand(g, {0: "2O 1E 1B " + hands.get(0, ""), 1: "4E 4B", 2: "5E 5B", 3: "6E 6B"})
    play(g, "0 play 1E")
    for s in (1, 2, 3):
        play(g, f"{s} play {_low(g, s)}")
    assert g.current_player == 0 and g.hand.may_sing == 0
    return g


def _low(g, seat):  # type: ignore[no-untyped-def]
    return card_text(next(a.arg for a in g.legal_actions() if a.verb == "play"))


def test_veinte_is_rey_and_caballo_of_a_non_trump_suit_worth_20() -> None:
    g = _won_first_trick({0: "12C 11C"})
    assert "0 sing 20 C" in texts(g.legal_actions())
    events = play(g, "0 sing 20 C")
    assert events == [Sung(0, "20C", 20)]
    assert g.hand.cante_points[0] == 20


def test_cuarenta_is_rey_and_caballo_of_trumps_worth_40() -> None:
    g = _won_first_trick({0: "12O 11O"})
    assert "0 sing 40" in texts(g.legal_actions())
    assert play(g, "0 sing 40") == [Sung(0, "40", 40)]


def test_tute_four_reyes_wins_the_hand_outright() -> None:
    g = _won_first_trick({0: "12O 12C 12E 12B"})
    events = play(g, "0 sing tute")
    summary = g.summaries[-1]
    assert summary.tute == 0 and summary.losers == [1, 2, 3]
    assert any(isinstance(e, Sung) and e.cante == "tute" for e in events)


def test_tute_four_caballos() -> None:
    g = _won_first_trick({0: "11O 11C 11E 11B"})
    assert "0 sing tute" in texts(g.legal_actions())


def test_only_the_trick_winner_may_sing_before_leading() -> None:
    g = _won_first_trick({0: "12C 11C"})
    play(g, "0 play 1B")
    with pytest.raises(IllegalAction, match="just won a trick"):
        play(g, "1 sing 20 B")
    assert not [a for a in g.legal_actions() if a.verb == "sing"]


def test_no_cante_before_winning_a_trick() -> None:
    g = new_game(4)
    deal_hand(g, {0: "2O 12C 11C"})
    assert not [a for a in g.legal_actions() if a.verb == "sing"]


def test_one_cante_per_trick_won() -> None:
    g = _won_first_trick({0: "12C 11C 12B 11B"})
    play(g, "0 sing 20 C")
    assert not [a for a in g.legal_actions() if a.verb == "sing"]
    with pytest.raises(IllegalAction):
        play(g, "0 sing 20 B")


def test_cante_cards_must_still_be_in_hand() -> None:
    g = new_game(4)
    deal_hand(g, {0: "2O 1E 12C 11C"})
    play(g, "0 play 12C")
    for s in (1, 2, 3):
        play(g, f"{s} play {_low(g, s)}")
    winner = g.current_player
    assert winner is not None
    assert f"{winner} sing 20 C" not in texts(g.legal_actions())


def test_once_a_pair_card_is_played_the_pair_cannot_be_sung() -> None:
    g = _won_first_trick({0: "12C 11C 1O 3O 12O"})
    play(g, "0 play 11C")
    chances = 0
    while g.hand.tricks_left:
        if g.hand.may_sing == 0:
            chances += 1
            assert "0 sing 20 C" not in texts(g.legal_actions())
        g.apply(next(a for a in g.legal_actions() if a.verb == "play"))
    assert chances > 0


def test_a_pair_is_sung_only_once() -> None:
    g = _won_first_trick({0: "12C 11C"})
    play(g, "0 sing 20 C", "0 play 1B")
    for s in (1, 2, 3):
        play(g, f"{s} play {_low(g, s)}")
    assert g.current_player == 0
    assert "0 sing 20 C" not in texts(g.legal_actions())


def test_no_cante_after_the_last_trick() -> None:
    g = new_game(4)
    deal_hand(g, {0: "2O 12C 11C"})
    while g.hand.tricks_left > 1:
        g.apply(next(a for a in g.legal_actions() if a.verb == "play"))
    while g.hand.tricks_left == 1:
        g.apply(next(a for a in g.legal_actions() if a.verb == "play"))
    assert g.legal_actions() == []


def test_singing_is_optional() -> None:
    g = _won_first_trick({0: "12C 11C"})
    play(g, "0 play 1B")
    assert g.hand.cante_points[0] == 0


def test_cante_points_count_at_the_end_of_the_hand() -> None:
    g = _won_first_trick({0: "12C 11C"})
    play(g, "0 sing 20 C")
    from engine_helpers import finish_hand

    finish_hand(g)
    s = g.summaries[-1]
    assert s.cantes[0] == ["20C"]
    assert sum(s.points) == 150


def test_cuarenta_first_option_forces_the_forty_before_a_twenty() -> None:
    g = _won_first_trick({0: "12O 11O 12C 11C"}, cuarenta_first=True)
    sings = texts(a for a in g.legal_actions() if a.verb == "sing")
    assert sings == {"0 sing 40"}
    with pytest.raises(IllegalAction, match="cuarenta must be sung first"):
        play(g, "0 sing 20 C")


def test_without_cuarenta_first_any_pair_may_be_sung() -> None:
    g = _won_first_trick({0: "12O 11O 12C 11C"})
    assert texts(a for a in g.legal_actions() if a.verb == "sing") == {"0 sing 40",
                                                                       "0 sing 20 C"}


def test_sing_20_in_the_trump_suit_is_refused_as_the_forty() -> None:
    g = _won_first_trick({0: "12O 11O"})
    with pytest.raises(IllegalAction, match="cuarenta"):
        play(g, "0 sing 20 O")


# --- Exchanges (3 players, later hands) --------------------------------------------------
def _three_player_second_hand(muestra: str, hands: dict[int, str]):  # type: ignore[no-untyped-def]
    from engine_helpers import finish_hand

    g = new_game(3)
    deal_hand(g, {})
    finish_hand(g)
    events = deal_hand(g, hands, rest=muestra)
    return g, events


def test_muestra_above_seven_taken_by_the_seven_then_the_two_takes_the_seven() -> None:
    from tute.engine.events import Exchanged

    g, events = _three_player_second_hand("1C", {0: "7C", 1: "2C"})
    assert [e for e in events if isinstance(e, Exchanged)] == [
        Exchanged(0, parse_card("7C"), parse_card("1C")),
        Exchanged(1, parse_card("2C"), parse_card("7C")),
    ]
    assert g.hands[0] >> parse_card("1C") & 1 and g.hands[1] >> parse_card("7C") & 1
    assert g.out_of_play == mask("2C") and g.trump == 1


def test_muestra_five_to_seven_is_taken_by_the_two() -> None:
    g, _ = _three_player_second_hand("6E", {2: "2E"})
    assert g.hands[2] >> parse_card("6E") & 1 and g.out_of_play == mask("2E")


@pytest.mark.parametrize("muestra", ["4B", "2B"])
def test_muestra_four_or_two_is_never_exchanged(muestra: str) -> None:
    g, _ = _three_player_second_hand(muestra, {})
    assert g.out_of_play == mask(muestra)
    assert all(not h >> parse_card(muestra) & 1 for h in g.hands)


def test_three_player_exchanges_are_shown_to_everyone() -> None:
    g, events = _three_player_second_hand("1C", {0: "7C", 1: "2C"})
    from tute.engine.events import Exchanged

    ex = [e for e in events if isinstance(e, Exchanged)]
    assert all(e.for_seat(2) == e for e in ex)
    obs = g.observation(2)
    assert obs.known[0] >> parse_card("1C") & 1 and obs.known[1] >> parse_card("7C") & 1


# --- Renuncio ----------------------------------------------------------------------------
def _revoke_position(**options: object):  # type: ignore[no-untyped-def]
    """Seat 0 leads 4C; seat 1 holds 2C and 6C but plays 1B: a revoke."""
    g = new_game(4, **options)
    deal_hand(g, {0: "2O 4C", 1: "2C 6C 1B"}, void={1: "C"})
    play(g, "0 play 4C")
    return g


def test_renuncio_prevent_refuses_the_card_with_a_players_sentence() -> None:
    g = _revoke_position()
    with pytest.raises(IllegalAction) as exc:
        play(g, "1 play 1B")
    assert str(exc.value) == "You must follow cups with a higher card: 6C"
    assert exc.value.reason is not None
    assert reason_text(exc.value.reason, "es") == "Debes asistir a copas con una carta mayor: 6C"
    assert g.current_player == 1 and len(g.hand.trick_cards) == 1  # nothing changed


def test_renuncio_penalize_lets_it_be_played_and_the_revoker_alone_loses_two_marks() -> None:
    from engine_helpers import finish_hand

    g = _revoke_position(renuncio="penalize")
    events = play(g, "1 play 1B")
    assert events[0] == CardPlayed(1, parse_card("1B"), 0, True)
    assert events[0].for_seat(0) == CardPlayed(1, parse_card("1B"), 0, False)  # unseen
    finish_hand(g)
    s = g.summaries[-1]
    assert s.losers == [1] and s.renuncio == 1 and g.marks == [0, 2, 0, 0]


def test_renuncio_accuse_true_accusation_stops_the_hand() -> None:
    g = _revoke_position(renuncio="accuse")
    play(g, "1 play 1B")
    assert "3 accuse 1" in texts(g.accusations(3))
    play(g, "3 accuse 1")
    s = g.summaries[-1]
    assert s.losers == [1] and s.renuncio == 1 and g.marks == [0, 2, 0, 0]
    assert not s.taken[0] and g.phase == "deal"


def test_renuncio_accuse_false_accusation_makes_the_accuser_lose() -> None:
    g = _revoke_position(renuncio="accuse")
    play(g, "1 play 6C")
    play(g, "2 accuse 1")
    s = g.summaries[-1]
    assert s.losers == [2] and s.false_accusation == 2 and g.marks == [0, 0, 1, 0]


def test_accusations_only_in_accuse_mode() -> None:
    g = _revoke_position()
    with pytest.raises(IllegalAction, match="accuse"):
        play(g, "2 accuse 1")
