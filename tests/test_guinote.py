"""docs/rules.md §12 Guiñote: one test per rule sentence (records: docs/records.md).

Positions are dealt with ``deal_stock`` (chosen hands, the stock's top and its muestra);
rules about what a hand's totals decide end the hand with ``force_end``, as the other games'
tests do; the worked example's key moments are played out with records."""

from __future__ import annotations

import random

import pytest
from engine_helpers import deal_stock, force_end, mask, new_game, play, replay_json

from tute.cards import card_text, parse_card
from tute.engine import DEAL, Game, IllegalAction
from tute.engine import deal as dealing
from tute.engine.events import CardDrawn, Exchanged, Sung, TargetReached, TrumpShown
from tute.rules import load_ruleset


def guinote(players: int = 4, seed: int = 0, /, **options: object) -> Game:
    return new_game(players, "guinote", seed, **options)


def legal(g: Game) -> set[str]:
    return {a.text() for a in g.legal_actions()}


def plays(g: Game) -> set[str]:
    return {card_text(a.arg) for a in g.legal_actions() if a.verb == "play"}


def held(g: Game, seat: int) -> set[str]:
    return {card_text(c) for c in range(48) if g.hands[seat] >> c & 1}


def go_on(g: Game, tricks: int = 99) -> None:
    """Play ``tricks`` more tricks (or to the hand's end) with each seat's first legal
    card, drawing without exchanging and singing nothing."""
    start = len(g.hand.tricks)
    while g.phase == "play" and (len(g.hand.tricks) < start + tricks or g.hand.drawing):
        actions = g.legal_actions()
        draw = [a for a in actions if a.verb == "draw"]
        g.apply(draw[0] if draw else next(a for a in actions if a.verb == "play"))


def random_hand(g: Game, seed: int) -> None:
    rng = random.Random(seed)
    while g.phase not in (DEAL, "over"):
        g.apply(rng.choice(g.legal_actions()))


def arrastre(g: Game, hands: dict[int, str], trump: str = "B") -> None:
    """A hand in the arrastre: dealt, then the stock set aside and these cards in hand."""
    deal_stock(g, {}, muestra=f"4{trump}")
    h = g.hand
    h.stock = []
    h.family = g.kit.family
    for s, text in hands.items():
        h.hands[s] = mask(text)
    h.forget_cache()


# The first hand of the worked example: espadas trumps, muestra 11E; seat 2 holds the 7E.
EXAMPLE = {0: "1O 3O 12O 10O 4B 5B", 1: "2O 4C 5C 6C 2B 6B",
           2: "7E 4O 5O 2C 3C 7B", 3: "6O 7O 11O 1C 12C 10C"}


# --- Deck, order, points -------------------------------------------------------------------
def test_guinote_deck_spanish40_the_sota_ranks_above_the_caballo() -> None:
    kit = guinote().kit
    assert kit.rules.deck == "spanish40" and len(kit.deck_cards) == 40
    order = ["1O", "3O", "12O", "10O", "11O", "7O", "6O", "5O", "4O", "2O"]
    strengths = [kit.strength[parse_card(c)] for c in order]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 10


def test_guinote_points_as_11_tres_10_rey_4_sota_3_caballo_2_the_deck_holds_120() -> None:
    kit = guinote().kit
    worth = {c: kit.card_points[parse_card(c)] for c in ("1C", "3C", "12C", "10C", "11C")}
    assert worth == {"1C": 11, "3C": 10, "12C": 4, "10C": 3, "11C": 2}
    assert {kit.card_points[parse_card(c)] for c in ("7C", "6C", "5C", "4C", "2C")} == {0}
    assert kit.deck_points == 120


@pytest.mark.parametrize("players", [4, 2])
def test_guinote_the_diez_de_ultimas_always_applies_cards_worth_130(players: int) -> None:
    for seed in range(4):
        g = guinote(players, seed)
        g.deal()
        random_hand(g, seed)
        s = g.summaries[-1].to_json()
        if s["tute"] is None:
            assert sum(s["card_points"]) == 130  # type: ignore[arg-type]


# --- Players -------------------------------------------------------------------------------
def test_guinote_players_option_4_by_default_or_2_and_no_other_form() -> None:
    rules = load_ruleset("guinote")
    assert rules.options["players"].default == 4
    assert sorted(rules.options["players"].allowed()) == [2, 4]  # type: ignore[type-var]
    with pytest.raises(ValueError, match="players"):
        guinote(3)


def test_guinote_with_4_team_0_is_seats_0_and_2_partners_opposite() -> None:
    g = guinote()
    assert g.kit.teams and [g.kit.side(s) for s in range(4)] == [0, 1, 0, 1]
    assert not guinote(2).kit.teams


# --- Dealer and mano -------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "dealer"), [(4, 3), (2, 1)])
def test_guinote_first_dealer_seat_3_with_4_and_seat_1_with_2_seat_0_is_mano_and_leads(
        players: int, dealer: int) -> None:
    g = guinote(players)
    g.deal()
    assert (g.dealer, g.mano, g.current_player) == (dealer, 0, 0)


def test_guinote_later_hands_are_dealt_by_the_winner_of_the_last_trick() -> None:
    for seed in range(4):
        g = guinote(4, seed)
        g.deal()
        random_hand(g, seed)
        last = g.hand.tricks[-1][0]
        g.deal()
        assert g.dealer == last and g.mano == (last + 1) % 4


def test_guinote_next_dealer_rotate_passes_the_deal_to_the_right() -> None:
    g = guinote(4, 1, next_dealer="rotate")
    g.deal()
    random_hand(g, 1)
    g.deal()
    assert (g.dealer, g.mano) == (0, 1)


# --- Deal ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 2])
def test_guinote_six_cards_each_in_two_packets_of_3_from_the_mano_to_the_dealer(
        players: int) -> None:
    kit = guinote(players).kit
    order = [(s + 1) % players for s in range(players - 1, 2 * players - 1)]  # mano first
    rng = random.Random(7)
    dealt, rest = dealing.shuffled(kit, rng, players, order, 6)
    shuffled = list(kit.deck_cards)
    dealing.shuffle(random.Random(7), shuffled)
    k = len(order)
    for j, seat in enumerate(order):
        assert dealt[seat] == shuffled[3 * j: 3 * j + 3] + shuffled[3 * k + 3 * j:
                                                                    3 * k + 3 * j + 3]
    assert len(rest) == 40 - 6 * players


@pytest.mark.parametrize(("players", "stock"), [(4, 16), (2, 28)])
def test_guinote_the_next_card_is_the_muestra_it_sets_trumps_lies_under_the_stock_drawn_last(
        players: int, stock: int) -> None:
    g = guinote(players)
    events = deal_stock(g, {}, muestra="3C")
    assert g.trump == 1 and g.muestra == parse_card("3C")
    assert len(g.hand.stock) == stock and g.hand.stock[-1] == parse_card("3C")
    assert any(isinstance(e, TrumpShown) and e.card == parse_card("3C") for e in events)


# --- Phase 1, with draw ----------------------------------------------------------------------
def test_guinote_while_the_stock_has_cards_obligations_are_free() -> None:
    g = guinote()
    deal_stock(g, {0: "1O 4B 5B 6B 2B 7B", 1: "2O 4O 5O 6O 2C 4C"}, muestra="3E")
    play(g, "0 play 1O")
    assert plays(g) == held(g, 1)  # he may keep his oros and play a copa


def test_guinote_after_a_trick_the_exchange_comes_before_the_draw_then_cantes_then_the_lead(
) -> None:
    g = guinote()
    deal_stock(g, EXAMPLE, top="4E 5E 6E 2E", muestra="11E")
    play(g, "0 play 1O", "1 play 2O", "2 play 4O", "3 play 6O")
    assert legal(g) == {"exchange 7E", "draw"}  # (a) the exchange, before any draw
    assert len(g.hand.stock) == 16
    events = play(g, "0 exchange 7E")
    assert [e.seat for e in events if isinstance(e, CardDrawn)] == [0, 1, 2, 3]  # (b) draw
    assert "sing 20 O" in legal(g)  # (c) the cante, then (d) the winner leads
    assert g.current_player == 0 and "1O" not in plays(g) and "3O" in plays(g)


def test_guinote_the_winner_draws_first_then_the_others_in_playing_order() -> None:
    g = guinote()
    deal_stock(g, {0: "2O 4B 5B 6B 2B 7B", 1: "4O 5C 6C 2C 4C 5E", 2: "1O 2E 4E 6E 10B 11B",
                   3: "5O 6O 7O 12B 10E 11E"}, muestra="3C")
    events = play(g, "0 play 2O", "1 play 4O", "2 play 1O", "3 play 5O")
    assert [e.seat for e in events if isinstance(e, CardDrawn)] == [2, 3, 0, 1]


@pytest.mark.parametrize(("players", "with_draw"), [(4, 4), (2, 14)])
def test_guinote_tricks_with_draw_then_six_of_arrastre_the_muestra_drawn_by_the_winners_left(
        players: int, with_draw: int) -> None:
    for seed in range(3):
        g = guinote(players, seed)
        g.deal()
        muestra = g.hand.stock[-1]
        go_on(g, with_draw - 1)
        assert g.hand.family is g.kit.while_stock and g.hand.stock
        go_on(g, 1)
        winner = g.hand.tricks[-1][0]
        drawer = (winner + players - 1) % players  # the loser of the 14th with 2
        assert g.hands[drawer] >> muestra & 1 and not g.hand.stock
        assert g.hand.family is g.kit.family  # the arrastre: six tricks left
        assert g.hand.tricks_left == 6


# --- Phase 2, arrastre -----------------------------------------------------------------------
def test_guinote_arrastre_an_opponent_winning_you_must_follow_suit_and_beat_if_you_can() -> None:
    g = guinote()
    arrastre(g, {0: "12C 2B", 1: "3C 4C 2E", 2: "5O 6O", 3: "7O 4O"})
    play(g, "0 play 12C")
    assert plays(g) == {"3C"}


def test_guinote_arrastre_void_you_must_trump_and_over_trump_an_opponents_trump() -> None:
    g = guinote()
    arrastre(g, {0: "12C 2O", 1: "4B 2E", 2: "5O 1B", 3: "7O 6B 2B"})
    play(g, "0 play 12C", "1 play 4B")
    assert plays(g) == {"1B"}  # seat 2 is void in copas: over the opponent's trump
    g2 = guinote()
    arrastre(g2, {0: "12C 2O", 1: "6C 2E", 2: "5O 1B", 3: "7O 6B 2B"})
    play(g2, "0 play 12C", "1 play 6C", "2 play 1B")
    assert plays(g2) == {"7O", "6B", "2B"}  # cannot over-trump: any card


def test_guinote_arrastre_no_trump_or_unable_to_over_trump_any_card() -> None:
    g = guinote()
    arrastre(g, {0: "12C 2O", 1: "1B 2E", 2: "5O 6O", 3: "7O 2B 4E"})
    play(g, "0 play 12C", "1 play 1B", "2 play 5O")
    assert plays(g) == {"7O", "2B", "4E"}


def test_guinote_arrastre_partner_winning_follow_suit_no_need_to_beat_or_trump() -> None:
    g = guinote()
    arrastre(g, {0: "1C 2O", 1: "2C 2E", 2: "4C 3C", 3: "7O 4B"})
    play(g, "0 play 1C", "1 play 2C")
    assert plays(g) == {"4C", "3C"}  # follow suit, under the partner's as too
    g2 = guinote()
    arrastre(g2, {0: "1C 2O", 1: "2C 2E", 2: "4O 7B", 3: "7O 4B"})
    play(g2, "0 play 1C", "1 play 2C")
    assert plays(g2) == {"4O", "7B"}  # void: no need to trump over the partner


def test_guinote_beat_partner_option_the_duty_to_beat_applies_against_the_partner_too() -> None:
    g = guinote(beat_partner=True)
    arrastre(g, {0: "12C 2O", 1: "2C 2E", 2: "4C 3C", 3: "7O 4B"})
    play(g, "0 play 12C", "1 play 2C")
    assert plays(g) == {"3C"}
    assert guinote(2, beat_partner=True).kit.family_name == "tute"


# --- Exchanging the muestra ------------------------------------------------------------------
def test_guinote_either_member_of_the_winning_side_may_exchange_credited_to_the_holder() -> None:
    g = guinote()
    deal_stock(g, EXAMPLE, top="4E 5E 6E 2E", muestra="11E")
    play(g, "0 play 1O", "1 play 2O", "2 play 4O", "3 play 6O")
    events = play(g, "0 exchange 7E")  # seat 0 enters his partner's exchange
    assert [(e.seat, card_text(e.gave), card_text(e.took)) for e in events
            if isinstance(e, Exchanged)] == [(2, "7E", "11E")]
    assert "11E" in held(g, 2) and "7E" not in held(g, 2)
    assert g.hand.stock[-1] == parse_card("7E")  # now the card drawn last
    assert g.current_summary().to_json()["exchanges"] == ["2 7E"]  # type: ignore[union-attr]


def test_guinote_only_the_side_that_won_the_trick_may_exchange() -> None:
    g = guinote()
    hands = dict(EXAMPLE)
    hands[3] = "1O 7O 11O 1C 12C 10C"
    hands[0] = "6O 3O 12O 10O 4B 5B"
    deal_stock(g, hands, top="4E 5E 6E 2E", muestra="11E")
    play(g, "0 play 6O", "1 play 2O", "2 play 4O", "3 play 1O")
    assert g.current_player == 3 and "draw" not in legal(g)  # drawn at once: no window
    with pytest.raises(IllegalAction):
        play(g, "3 exchange 7E")


def test_guinote_the_window_opens_after_the_last_trick_with_draw_the_muestra_drawer_gets_the_7(
) -> None:
    g = guinote()
    deal_stock(g, EXAMPLE, top="4E 5E 6E 2E", muestra="11E")
    go_on(g, 3)
    h = g.hand  # the fourth trick, the last with draw: these hands, the muestra under 3
    for s, text in {0: "1C 2O 4O 5O 6O 7O", 1: "2C 4B 5B 6B 2B 7B",
                    2: "7E 4C 5C 6C 10O 11O", 3: "3B 1B 12B 10B 11B 12O"}.items():
        h.hands[s] = mask(text)
    h.stock = [parse_card(c) for c in ("4E", "5E", "6E", "11E")]
    h.to_act, h.may_sing = 0, -1
    h.forget_cache()
    play(g, "0 play 1C", "1 play 2C", "2 play 4C", "3 play 3B")
    assert legal(g) == {"exchange 7E", "draw"}
    play(g, "0 exchange 7E")
    assert "7E" in held(g, 3) and not g.hand.stock  # the winner's left-hand opponent


def test_guinote_no_exchange_before_the_first_trick_nor_once_the_muestra_is_drawn() -> None:
    g = guinote()
    deal_stock(g, EXAMPLE, top="4E 5E 6E 2E", muestra="11E")
    assert not [a for a in g.legal_actions() if a.verb == "exchange"]
    go_on(g, 4)
    assert not g.hand.stock
    for _ in range(6):
        assert not [a for a in g.legal_actions() if a.verb in ("exchange", "draw")]
        go_on(g, 1)
        if g.phase != "play":
            break


def won_holding_the_7(muestra: str, top: str) -> Game:
    """Seat 0, holding the 7 of espadas, has won the first trick over a muestra of espadas."""
    g = guinote()
    hands = {0: "1O 3O 12O 10O 4B 7E", 1: "2O 4C 5C 6C 2B 6B",
             2: "4O 5O 2C 3C 7B 5B", 3: "6O 7O 11O 1C 12C 10C"}
    deal_stock(g, hands, top=top, muestra=muestra)
    play(g, "0 play 1O", "1 play 2O", "2 play 4O", "3 play 6O")
    return g


@pytest.mark.parametrize("muestra", ["10E", "11E", "12E", "3E", "1E"])
def test_guinote_the_7_of_trumps_is_exchanged_for_a_muestra_above_7(muestra: str) -> None:
    assert legal(won_holding_the_7(muestra, "4E 5E 6E 2E")) == {"exchange 7E", "draw"}


@pytest.mark.parametrize("muestra", ["2E", "4E", "5E", "6E"])
def test_guinote_a_muestra_of_2_4_5_or_6_is_never_exchanged(muestra: str) -> None:
    g = won_holding_the_7(muestra, "10E 11E 12E")
    assert "draw" not in legal(g) and not [a for a in g.legal_actions() if a.verb == "exchange"]


def test_guinote_exchange_option_off_there_is_no_exchange() -> None:
    g = guinote(exchange=False)
    deal_stock(g, EXAMPLE, top="4E 5E 6E 2E", muestra="11E")
    play(g, "0 play 1O", "1 play 2O", "2 play 4O", "3 play 6O")
    assert "draw" not in legal(g) and len(g.hand.stock) == 12


def test_guinote_exchange_two_the_2_takes_a_5_6_or_7_even_a_7_that_just_replaced_it() -> None:
    hands = {0: "1O 3O 12O 10O 2E 7E", 1: "2O 4C 5C 6C 2B 6B",
             2: "4O 5O 2C 3C 7B 5B", 3: "6O 7O 11O 1C 12C 10C"}
    g = guinote(exchange_two=True)
    deal_stock(g, hands, top="4E 5E 6E", muestra="11E")
    play(g, "0 play 1O", "1 play 2O", "2 play 4O", "3 play 6O", "0 exchange 7E")
    assert legal(g) == {"exchange 2E", "draw"}  # the window stays open for the 2
    play(g, "0 exchange 2E")
    assert g.hand.stock[-1] == parse_card("2E") and len(g.hand.stock) == 12  # then drawn
    off = guinote()
    deal_stock(off, hands, top="4E 5E", muestra="6E")
    play(off, "0 play 1O", "1 play 2O", "2 play 4O", "3 play 6O")
    assert "draw" not in legal(off)


def test_guinote_exchange_when_at_lead_after_the_draw_at_the_leaders_turn() -> None:
    g = guinote(exchange_when="at_lead")
    hands = {0: "1O 3O 12O 10O 4B 7E", 1: "2O 4C 5C 6C 2B 6B",
             2: "4O 5O 2C 3C 7B 5B", 3: "6O 7O 11O 1C 12C 10C"}
    deal_stock(g, hands, top="4E 5E 6E 2E", muestra="11E")
    play(g, "0 play 1O", "1 play 2O", "2 play 4O", "3 play 6O")
    assert len(g.hand.stock) == 12 and "draw" not in legal(g)  # drawn already
    assert "exchange 7E" in legal(g) and "3O" in plays(g)


def test_guinote_the_draw_verb_goes_on_and_is_asked_only_when_the_side_could_exchange() -> None:
    g = guinote()
    deal_stock(g, EXAMPLE, top="4E 5E 6E 2E", muestra="11E")
    play(g, "0 play 1O", "1 play 2O", "2 play 4O", "3 play 6O")
    with pytest.raises(IllegalAction, match="draw"):
        play(g, "0 play 3O")  # no card before the draw
    events = play(g, "0 draw")
    assert sum(isinstance(e, CardDrawn) for e in events) == 4
    assert g.hand.stock[-1] == parse_card("11E") and "draw" not in legal(g)
    with pytest.raises(IllegalAction):
        play(g, "0 draw")


# --- Cantes ----------------------------------------------------------------------------------
def test_guinote_a_pair_is_the_rey_and_the_sota_20_in_a_plain_suit_40_in_trumps() -> None:
    g = guinote(2)
    deal_stock(g, {0: "1O 12C 10C 12E 10E 4B", 1: "2O 11C 11E 2C 4C 5C"}, muestra="6E")
    play(g, "0 play 1O", "1 play 2O")
    assert {"sing 20 C", "sing 40"} <= legal(g)
    events = play(g, "0 sing 40")
    assert [(e.cante, e.points) for e in events if isinstance(e, Sung)] == [("40", 40)]


def _pairs_on_both_sides(g: Game) -> None:
    deal_stock(g, {0: "1O 12C 10C 4B 5B 6B", 1: "2O 4C 5C 6C 2B 7B",
                   2: "4O 12E 10E 2C 3C 7C", 3: "6O 7O 11O 1C 11C 2E"},
               top="4E 5E 6E 7E", muestra="5O")
    play(g, "0 play 1O", "1 play 2O", "2 play 4O", "3 play 6O")


def test_guinote_each_member_of_the_winning_side_may_sing_one_pair_after_the_draw() -> None:
    g = guinote()
    _pairs_on_both_sides(g)
    assert {"sing 20 C", "sing 20 E"} <= legal(g)
    first = play(g, "0 sing 20 E")  # the winner enters his partner's first, then his own
    assert legal(g) >= {"sing 20 C"} and "sing 20 E" not in legal(g)
    second = play(g, "0 sing 20 C")
    assert [e.holder for e in first + second if isinstance(e, Sung)] == [2, None]
    assert g.hand.cantes == [["20C"], [], ["20E"], []]
    assert not [a for a in g.legal_actions() if a.verb == "sing"]


def test_guinote_cantes_per_trick_one_a_single_cante_per_trick_for_the_side() -> None:
    g = guinote(cantes_per_trick="one")
    _pairs_on_both_sides(g)
    play(g, "0 sing 20 E")
    assert not [a for a in g.legal_actions() if a.verb == "sing"]


def test_guinote_each_pair_once_a_hand_and_not_after_its_rey_or_sota_is_played() -> None:
    g = guinote()
    _pairs_on_both_sides(g)
    play(g, "0 sing 20 C")
    g.hand.sang_trick, g.hand.may_sing = 0, 0  # as after another trick won by seat 0
    assert "sing 20 C" not in legal(g) and "sing 20 E" in legal(g)
    later = guinote()
    _pairs_on_both_sides(later)
    play(later, "0 play 12C", "1 play 4C", "2 play 2C", "3 play 11C")
    assert later.hand.tricks[-1][0] == 0  # the rey above the caballo: seat 0 wins again
    assert "sing 20 C" not in legal(later) and "sing 20 E" in legal(later)


def test_guinote_cantes_go_on_in_the_arrastre_unless_sing_in_arrastre_is_off() -> None:
    for option, expected in ((True, True), (False, False)):
        g = guinote(sing_in_arrastre=option)
        arrastre(g, {0: "1O 12C 10C", 1: "2O 4C 5C", 2: "4O 2C 3C", 3: "6O 7O 5B"})
        play(g, "0 play 1O", "1 play 2O", "2 play 4O", "3 play 6O")
        assert ("sing 20 C" in legal(g)) is expected


def test_guinote_a_cante_is_public_and_names_its_suit() -> None:
    g = guinote()
    _pairs_on_both_sides(g)
    events = play(g, "0 sing 20 E")
    sung = [e for e in events if isinstance(e, Sung)]
    assert sung and sung[0].cante == "20E" and sung[0].private_to is None


# --- Tute ------------------------------------------------------------------------------------
@pytest.mark.parametrize("four", ["12O 12C 12E 12B", "10O 10C 10E 10B"])
def test_guinote_a_tute_of_four_reyes_or_four_sotas_wins_the_partida_at_once(four: str) -> None:
    g = guinote(2)
    deal_stock(g, {0: f"1C 2O {four}", 1: "3C 4C 5C 6C 2B 7B"}, muestra="5O")
    play(g, "0 play 1C", "1 play 3C", "0 sing tute")
    s = g.summaries[-1].to_json()
    assert (s["reason"], s["partida_winner"], s["partidas"]) == ("tute", 0, [1, 0])
    assert g.phase == DEAL and len(g.hand.tricks) == 1


def test_guinote_tute_option_off_no_tute_and_its_pairs_may_still_be_sung() -> None:
    g = guinote(2, tute=False)
    deal_stock(g, {0: "1C 10O 12O 12C 12E 12B", 1: "3C 4C 5C 6C 2B 7B"}, muestra="5B")
    play(g, "0 play 1C", "1 play 3C")
    assert "sing tute" not in legal(g) and "sing 20 O" in legal(g)


def test_guinote_a_tute_is_sung_in_place_of_that_members_pair() -> None:
    g = guinote()
    deal_stock(g, {0: "1C 12O 12C 12E 12B 10O", 1: "3C 4C 5C 6C 2B 7B",
                   2: "10C 5O 6O 7O 2E 4E", 3: "2O 4O 5E 6E 7E 11O"}, muestra="5B")
    play(g, "0 play 1C", "1 play 3C", "2 play 10C", "3 play 2O")
    assert "sing tute" in legal(g)
    play(g, "0 sing 20 O")  # seat 0's own pair: his tute is no longer open this trick
    assert "sing tute" not in legal(g) and "sing 20 C" not in legal(g)


# --- Not used --------------------------------------------------------------------------------
def test_guinote_no_cuarenta_first_no_no_cargar_no_capote_and_renuncio_is_prevented() -> None:
    kit = guinote().kit
    assert not kit.cuarenta_first and not kit.no_cargar and kit.renuncio == 0
    assert not set(kit.options) & {"cuarenta_first", "no_cargar", "renuncio", "capote"}


# --- Points and the end of the idas ----------------------------------------------------------
def test_guinote_a_sides_points_are_its_card_points_the_diez_de_ultimas_and_its_cantes() -> None:
    g = guinote()
    g.deal()
    force_end(g, {0: 40, 2: 12, 1: 60, 3: 8}, last_trick=3, cantes={0: 20, 1: 20})
    s = g.summaries[-1].to_json()
    assert s["card_points"] == [52, 78] and s["team_points"] == [72, 98]


def test_guinote_neither_side_with_101_the_partida_goes_de_vueltas() -> None:
    g = guinote()
    g.deal()
    force_end(g, {0: 52, 1: 68}, last_trick=1, cantes={0: 20, 1: 20})
    s = g.summaries[-1].to_json()
    assert (s["totals"], s["partida_winner"], s["reason"], s["vueltas"]) == (
        [72, 98], None, "vueltas", False)
    assert g.ledger.carry and g.ledger.totals == [72, 98] and g.ledger.partidas == [0, 0]


def test_guinote_a_side_with_101_wins_the_partida() -> None:
    g = guinote()
    g.deal()
    force_end(g, {0: 90, 1: 30}, last_trick=0, cantes={0: 20})
    s = g.summaries[-1].to_json()
    assert (s["partida_winner"], s["reason"], s["partidas"]) == (0, "101", [1, 0])


def test_guinote_both_sides_with_101_the_diez_de_ultimas_decides() -> None:
    g = guinote()
    g.deal()
    force_end(g, {0: 82, 1: 38}, last_trick=1, cantes={0: 20, 1: 40, 3: 20})
    s = g.summaries[-1].to_json()
    assert s["team_points"] == [102, 108]
    assert (s["partida_winner"], s["reason"]) == (1, "ultimas")


def test_guinote_treinta_malas_a_side_under_30_card_points_loses_whatever_its_cantes() -> None:
    # The worked example: team 1 has 18 + 10 = 28 card points and 80 in cantes (108);
    # team 0 has 102 card points: both over 101, team 1 took the diez de últimas.
    g = guinote()
    g.deal()
    force_end(g, {0: 102, 1: 18}, last_trick=1, cantes={1: 40, 3: 40})
    s = g.summaries[-1].to_json()
    assert s["card_points"] == [102, 28] and s["team_points"] == [102, 108]
    assert (s["partida_winner"], s["reason"]) == (0, "treinta_malas")


def test_guinote_treinta_malas_off_the_diez_de_ultimas_decides_a_double_101() -> None:
    g = guinote(treinta_malas=False)
    g.deal()
    force_end(g, {0: 102, 1: 18}, last_trick=1, cantes={1: 40, 3: 40})
    s = g.summaries[-1].to_json()
    assert (s["partida_winner"], s["reason"]) == (1, "ultimas")


def test_guinote_malas_and_buenas_are_wording_only_101_is_51_buenas() -> None:
    g = guinote()
    g.deal()
    force_end(g, {0: 81, 1: 39}, last_trick=1, cantes={0: 20})
    assert g.summaries[-1].to_json()["partida_winner"] == 0  # 101: 51 buenas, a win


# --- Vueltas ---------------------------------------------------------------------------------
def _idas_72_98(g: Game) -> None:
    """The worked example's idas: 72 for team 0, 98 for team 1, seat 1 took the last."""
    g.deal()
    force_end(g, {0: 52, 1: 68}, last_trick=1, cantes={0: 20, 1: 20})
    g.hand.tricks.append((1, ()))  # seat 1 took the last trick played


def test_guinote_vueltas_are_dealt_by_the_last_trick_winner_and_the_totals_are_kept() -> None:
    g = guinote()
    _idas_72_98(g)
    g.deal()
    assert (g.dealer, g.mano) == (1, 2)
    assert g.hand.carried == (72, 98) and g.hand.stop_at == 101
    assert g.current_summary().to_json()["vueltas"] is True  # type: ignore[union-attr]


def test_guinote_vueltas_points_count_as_won_and_the_hand_stops_at_101_after_a_cante() -> None:
    # The worked example: seat 0 wins trick 1 (14 card points: 72 + 14 = 86), then sings
    # las 40 in bastos: 126, and the hand stops although team 1 led 98-72.
    g = guinote()
    _idas_72_98(g)
    deal_stock(g, {2: "4O 5O 6O 2C 4C 5C", 3: "6C 7C 2E 4E 5E 6E",
                   0: "1O 12B 10B 7O 2O 4B", 1: "3O 7E 2B 5B 6B 7B"},
               top="11O 11C 11E 12O", muestra="3B")
    events = play(g, "2 play 4O", "3 play 6C", "0 play 1O", "1 play 3O")
    assert not any(isinstance(e, TargetReached) for e in events)
    assert g.current_summary().to_json()["totals"] == [72 + 21, 98]  # type: ignore[union-attr]
    events = play(g, "0 sing 40")
    assert [e for e in events if isinstance(e, TargetReached)] == [TargetReached(0, 133)]
    s = g.summaries[-1].to_json()
    assert (s["totals"], s["partida_winner"], s["reason"], s["vueltas"]) == (
        [133, 98], 0, "101", True)
    assert s["complete"] and s["partidas"] == [1, 0] and sum(s["taken"]) == 1
    g.deal()
    assert g.dealer == 0  # seat 0 won the last trick played: he deals the next partida
    assert g.hand.stop_at == 0 and g.hand.carried == (0, 0)


def test_guinote_vueltas_a_trick_that_reaches_101_stops_the_hand() -> None:
    g = guinote()
    g.deal()
    force_end(g, {0: 30, 1: 70}, last_trick=1, cantes={1: 20})  # 30 and 100 (not 101)
    g.hand.tricks.append((1, ()))
    deal_stock(g, {2: "4O 5O 6O 2C 4C 5C", 3: "2O 7C 2E 4E 5E 6E",
                   0: "1B 12B 10B 7O 11O 4B", 1: "3O 7E 2B 5B 6B 7B"},
               top="11C 11E 12O 10O", muestra="3C")
    events = play(g, "2 play 4O", "3 play 2O", "0 play 7O", "1 play 3O")
    assert any(isinstance(e, TargetReached) and e.side == 1 for e in events)
    s = g.summaries[-1].to_json()
    assert (s["totals"], s["partida_winner"], s["reason"]) == ([30, 110], 1, "101")


def test_guinote_treinta_malas_does_not_apply_in_vueltas() -> None:
    g = guinote()
    _idas_72_98(g)
    g.ledger.totals = [40, 90]
    g.deal()
    force_end(g, {0: 50, 1: 11}, last_trick=1)  # 21 card points, yet 111: team 1 wins
    s = g.summaries[-1].to_json()
    assert s["card_points"] == [50, 21] and s["totals"] == [90, 111]
    assert s["reason"] == "101" and s["partida_winner"] == 1


# --- Match -----------------------------------------------------------------------------------
@pytest.mark.parametrize("partidas_to", [2, 3, 4, 5])
def test_guinote_a_coto_goes_to_the_first_side_to_win_partidas_to_partidas(
        partidas_to: int) -> None:
    g = guinote(partidas_to=partidas_to)
    for _k in range(partidas_to):
        assert not g.is_over
        g.deal()
        force_end(g, {0: 110, 1: 10}, last_trick=0)
    s = g.summaries[-1].to_json()
    assert s["partidas"] == [partidas_to, 0] and s["cotos"] == [1, 0]
    assert g.is_over and g.winners == (0, 2)


def test_guinote_cotos_to_2_the_first_side_to_win_two_cotos() -> None:
    g = guinote(partidas_to=2, cotos_to=2)
    for _ in range(2):
        g.deal()
        force_end(g, {0: 110, 1: 10}, last_trick=0)
    assert not g.is_over and g.ledger.cotos == [1, 0] and g.ledger.partidas == [0, 0]
    for _ in range(2):
        g.deal()
        force_end(g, {0: 10, 1: 110}, last_trick=1)
    assert not g.is_over and g.ledger.cotos == [1, 1]
    for _ in range(2):
        g.deal()
        force_end(g, {0: 10, 1: 110}, last_trick=1)
    assert g.is_over and g.winners == (1, 3)


def test_guinote_a_tute_counts_as_one_partida_won() -> None:
    g = guinote(2)
    deal_stock(g, {0: "1C 2O 12O 12C 12E 12B", 1: "3C 4C 5C 6C 2B 7B"}, muestra="5B")
    play(g, "0 play 1C", "1 play 3C", "0 sing tute")
    assert g.ledger.partidas == [1, 0] and not g.is_over


# --- Two players -----------------------------------------------------------------------------
def test_guinote_two_players_the_trick_winner_alone_exchanges_and_sings() -> None:
    g = guinote(2)
    deal_stock(g, {0: "1O 12C 10C 4B 5B 7E", 1: "2O 12O 10O 6C 2B 6B"}, muestra="11E")
    play(g, "0 play 1O", "1 play 2O")
    assert legal(g) == {"exchange 7E", "draw"}
    play(g, "0 exchange 7E")
    assert "sing 20 C" in legal(g) and "sing 20 O" not in legal(g)
    play(g, "0 sing 20 C")
    assert not [a for a in g.legal_actions() if a.verb == "sing"]


def test_guinote_two_players_fourteen_tricks_with_draw_first_dealer_seat_1() -> None:
    g = guinote(2)
    g.deal()
    assert g.dealer == 1 and len(g.hand.stock) == 28 and g.hand.tricks_left == 20


# --- Records ---------------------------------------------------------------------------------
RECORD = """\
rules: guinote
options: {players: 4}
seed: 0
hands:
  - dealer: 3
    deal:
      - [1O, 3O, 12O, 10O, 4B, 5B]
      - [2O, 4C, 5C, 6C, 2B, 6B]
      - [7E, 4O, 5O, 2C, 3C, 7B]
      - [6O, 7O, 11O, 1C, 12C, 10C]
    rest: [4E, 5E, 6E, 2E, 7O_, 1E]
    actions: [0 play 1O, 1 play 2O, 2 play 4O, 3 play 6O{more}]
"""


def _record(more: str) -> str:
    g = guinote()
    deal_stock(g, EXAMPLE, top="4E 5E 6E 2E", muestra="11E")
    rest = " ".join(card_text(c) for c in g.logs[-1].rest)
    return RECORD.replace("[4E, 5E, 6E, 2E, 7O_, 1E]", "[" + rest.replace(" ", ", ") + "]"
                          ).replace("{more}", more)


def test_guinote_record_keys_and_legal_holds_the_draw_and_the_exchange() -> None:
    doc = replay_json(_record(""))
    assert "error" not in doc and doc["to_act"] == 0
    assert set(doc["legal"]) == {"exchange 7E", "draw"}
    h = doc["hands"][0]
    for key in ("exchanges", "team_points", "card_points", "vueltas", "totals",
                "partida_winner", "reason", "partidas", "cotos"):
        assert key in h
    assert (h["partida_winner"], h["reason"], h["vueltas"]) == (None, None, False)


@pytest.mark.parametrize(("more", "exchanges"), [(", 0 draw", []), (", 0 exchange 7E", ["2 7E"])])
def test_guinote_a_record_with_draw_or_an_exchange_replays(more: str, exchanges: list[str]
                                                          ) -> None:
    doc = replay_json(_record(more))
    assert "error" not in doc and doc["to_act"] == 0
    assert doc["hands"][0]["exchanges"] == exchanges
    assert "3O" in doc["legal"] and "draw" not in doc["legal"]


def test_guinote_two_players_team_points_have_two_entries() -> None:
    g = guinote(2)
    g.deal()
    force_end(g, {0: 71, 1: 49}, last_trick=0, cantes={0: 20})
    s = g.summaries[-1].to_json()
    assert s["team_points"] == [101, 49] and s["partida_winner"] == 0


def test_guinote_golden_vueltas_match_goes_de_vueltas_and_stops_at_101() -> None:
    """The golden playthrough de vueltas (tests/golden/guinote-vueltas, checked with the
    others by tests/test_golden.py) holds what it is there for."""
    import json
    from pathlib import Path

    doc = json.loads((Path(__file__).parent / "golden" / "guinote-vueltas.json").read_text(
        encoding="utf-8"))
    idas, vueltas = doc["hands"][0], doc["hands"][1]
    assert (idas["reason"], idas["partida_winner"], vueltas["vueltas"]) == ("vueltas", None, True)
    won = vueltas["partida_winner"]
    assert vueltas["reason"] == "101" and vueltas["totals"][won] >= 101
    assert vueltas["totals"][won] - idas["totals"][won] == vueltas["team_points"][won]
