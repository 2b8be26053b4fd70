"""docs/rules.md §10 Brisca: one test per rule sentence (records: docs/records.md)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import deal_stock, force_end, mask, new_game, play, replay_json, texts
from ui_helpers import run_until, table

from tute.cards import card_text, parse_card
from tute.engine import DEAL, Game, IllegalAction
from tute.engine.events import CardDrawn, TrumpShown
from tute.engine.record import dump_record, record_from_text
from tute.ui.menus.match_end import MatchEndScene
from tute.ui.shell.app import App
from tute.ui.table.hand_result import HandResultScene


def brisca(players: int = 2, seed: int = 0, /, **options: object) -> Game:
    return new_game(players, "brisca", seed, **options)


def plays(g: Game) -> set[str]:
    return {a.record_text() for a in g.legal_actions() if a.verb == "play"}


def hand_cards(g: Game, seat: int) -> set[str]:
    return {card_text(c) for c in range(48) if g.hands[seat] >> c & 1}


def random_hand(g: Game, seed: int) -> None:
    """Play the hand in progress to its end with random legal actions (seeded)."""
    rng = random.Random(seed)
    while g.phase not in (DEAL, "over"):
        g.apply(rng.choice(g.legal_actions()))


# --- The deck ------------------------------------------------------------------------------
def test_brisca_deck_spanish40_with_tutes_order_and_card_values_120_in_all() -> None:
    kit = brisca().kit
    assert kit.rules.deck == "spanish40" and len(kit.deck_cards) == 40
    assert sum(kit.card_points[c] for c in kit.deck_cards) == 120
    order = ["1O", "3O", "12O", "11O", "10O", "7O", "6O", "5O", "4O", "2O"]
    strengths = [kit.strength[parse_card(c)] for c in order]
    assert strengths == sorted(strengths, reverse=True)
    assert [kit.card_points[parse_card(c)] for c in order[:5]] == [11, 10, 4, 3, 2]


@pytest.mark.parametrize("players", [2, 4])
def test_brisca_there_is_no_diez_de_ultimas(players: int) -> None:
    for seed in range(5):
        g = brisca(players, seed)
        g.deal()
        random_hand(g, seed)
        s = g.summaries[-1]
        assert s.last_trick is not None and sum(s.points) == 120


def test_brisca_there_are_no_cantes() -> None:
    g = brisca()
    deal_stock(g, {0: "1C 12O 11O", 1: "4C 2E 5C"}, muestra="6O")
    play(g, "0 play 1C", "1 play 4C")
    assert not [a for a in g.legal_actions() if a.verb == "sing"]
    with pytest.raises(IllegalAction, match="no cantes"):
        play(g, "0 sing 40")


# --- The deal ------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "stock"), [(2, 34), (4, 28)])
def test_brisca_three_cards_each_the_rest_is_the_stock(players: int, stock: int) -> None:
    g = brisca(players)
    g.deal()
    assert [x.bit_count() for x in g.hands] == [3] * players
    assert len(g.hand.stock) == stock


def test_brisca_the_next_card_is_the_muestra_that_sets_trumps_and_is_drawn_last() -> None:
    g = brisca()
    events = deal_stock(g, {0: "1C 4C 5C", 1: "2E 4E 5E"}, top="6C 7C", muestra="6B")
    assert TrumpShown(3, parse_card("6B"), None) in events
    assert g.hand.trump == 3 and g.hand.stock[-1] == parse_card("6B")
    while len(g.hand.stock) > 0:
        first = next(a for a in g.legal_actions() if a.verb == "play")
        drawn = [e for e in g.apply(first) if isinstance(e, CardDrawn)]
    assert drawn[-1].card == parse_card("6B") and drawn[-1].public


def test_brisca_two_players_seat_1_deals_first_seat_0_leads_then_the_deal_alternates() -> None:
    g = brisca()
    g.deal()
    assert (g.hand.dealer, g.hand.mano, g.current_player) == (1, 0, 0)
    random_hand(g, 1)
    g.deal()
    assert (g.hand.dealer, g.hand.mano) == (0, 1)


def test_brisca_four_players_in_teams_seat_3_deals_first_and_the_deal_moves_right() -> None:
    g = brisca(4)
    assert g.kit.teams and [g.kit.side(s) for s in range(4)] == [0, 1, 0, 1]
    g.deal()
    assert (g.hand.dealer, g.hand.mano, g.current_player) == (3, 0, 0)
    random_hand(g, 1)
    g.deal()
    assert (g.hand.dealer, g.hand.mano) == (0, 1)


def test_brisca_after_every_trick_the_winner_draws_first_then_the_others_in_turn() -> None:
    g = brisca(4)
    deal_stock(g, {0: "4C 4E 4B", 1: "5C 5E 5B", 2: "1C 6E 6B", 3: "6C 7E 7B"},
               top="2O 4O 5O 6O", muestra="12O")
    events = play(g, "0 play 4C", "1 play 5C", "2 play 1C", "3 play 6C")
    drawn = [e for e in events if isinstance(e, CardDrawn)]
    assert [(d.seat, card_text(d.card)) for d in drawn] == [
        (2, "2O"), (3, "4O"), (0, "5O"), (1, "6O")]
    assert g.current_player == 2


# --- Obligations ---------------------------------------------------------------------------
def test_brisca_no_obligations_every_card_is_always_legal() -> None:
    g = brisca()
    deal_stock(g, {0: "1C 4B 2B", 1: "4C 7O 6C"}, muestra="12O")
    play(g, "0 play 1C")
    assert plays(g) == {"1 play 4C", "1 play 7O", "1 play 6C"}  # no duty to follow or beat
    for seed in range(3):  # nor once the stock is drawn
        g = brisca(2, seed)
        g.deal()
        while g.phase == "play":
            assert {a.arg for a in g.legal_actions() if a.verb == "play"} == {
                c for c in range(48) if g.hands[g.current_player] >> c & 1}
            g.apply(next(a for a in g.legal_actions() if a.verb == "play"))


def test_brisca_arrastre_puts_the_last_tricks_under_tute_once_the_stock_is_drawn() -> None:
    assert brisca().options["arrastre"] is False
    restricted = 0
    for seed in range(5):
        g = brisca(2, seed, arrastre=True)
        g.deal()
        while g.phase == "play":
            hand = g.hands[g.current_player]
            legal = mask(" ".join(a.record_text().split()[2] for a in g.legal_actions()))
            if g.hand.stock or not g.hand.trick_cards:  # the stock lasts, or a lead
                assert legal == hand
            else:  # holding the suit led: follow it, beating the winning card if possible
                lead_suit = g.hand.trick_cards[0] // 12
                follow = hand & mask(" ".join(card_text(c) for c in range(48)
                                              if c // 12 == lead_suit))
                if follow:
                    assert legal & ~follow == 0
                restricted += legal != hand
            g.apply(next(a for a in g.legal_actions() if a.verb == "play"))
    assert restricted  # the obligations did bind in the last tricks


# --- Exchanges -----------------------------------------------------------------------------
def test_brisca_exchange_of_the_7_and_the_2_as_in_tute_a_dos() -> None:
    g = brisca()
    assert g.options["exchange"] is True
    deal_stock(g, {0: "1C 7O 2O", 1: "4C 2E 5C"}, muestra="12O")
    play(g, "0 play 1C", "1 play 4C")
    assert "0 exchange 7O" in texts(g.legal_actions())
    play(g, "0 exchange 7O")
    assert "12O" in hand_cards(g, 0) and g.hand.stock[-1] == parse_card("7O")
    play(g, "0 exchange 2O")  # the 2 takes the 7 (a muestra of 5, 6 or 7)
    assert g.hand.exchanges == [(0, parse_card("7O")), (0, parse_card("2O"))]


def test_brisca_option_exchange_off_allows_none() -> None:
    g = brisca(2, 0, exchange=False)
    deal_stock(g, {0: "1C 7O 2O", 1: "4C 2E 5C"}, muestra="12O")
    play(g, "0 play 1C", "1 play 4C")
    assert not [a for a in g.legal_actions() if a.verb == "exchange"]
    with pytest.raises(IllegalAction, match="no exchange"):
        play(g, "0 exchange 7O")


# --- Winning -------------------------------------------------------------------------------
def test_brisca_more_than_60_wins_the_hand() -> None:
    g = brisca()
    g.deal()
    force_end(g, {0: 61, 1: 59}, last_trick=1)
    s = g.summaries[-1].to_json()
    assert s["winner"] == 0 and s["totals"] == [1, 0] and s["points"] == [61, 59]


def test_brisca_with_four_players_the_team_with_more_than_60_wins_the_hand() -> None:
    g = brisca(4)
    g.deal()
    force_end(g, {0: 30, 1: 40, 2: 31, 3: 19}, last_trick=1)
    s = g.summaries[-1].to_json()
    assert s["team_points"] == [61, 59] and s["winner"] == 0 and s["totals"] == [1, 0]


def test_brisca_at_60_60_nobody_wins_the_hand() -> None:
    g = brisca()
    g.deal()
    force_end(g, {0: 60, 1: 60}, last_trick=0)
    s = g.summaries[-1].to_json()
    assert s["winner"] is None and s["totals"] == [0, 0] and not g.is_over


@pytest.mark.parametrize("games_to", [1, 3, 5])
def test_brisca_the_first_to_win_games_to_hands_wins_the_match(games_to: int) -> None:
    assert brisca().options["games_to"] == 3
    g = brisca(4, 0, games_to=games_to)
    for won in range(1, games_to + 1):
        assert not g.is_over
        g.deal()
        force_end(g, {1: 70, 0: 50}, last_trick=1)
        assert g.ledger.totals == [0, won]
    assert g.is_over and g.ledger.winners == (1, 3)


# --- Records -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_brisca_records_verbs_play_and_exchange_and_the_keys_of_each_hand(players: int) -> None:
    g = brisca(players, 7)
    for seed in range(2):
        g.deal()
        random_hand(g, seed)
    text = dump_record(g)
    record = record_from_text(text)
    assert all(len(h.rest or []) == 40 - 3 * players for h in record.hands)  # the stock
    verbs = {a.split()[1] for h in record.hands for a in h.actions}
    assert verbs <= {"play", "exchange"}
    doc = replay_json(text)
    assert doc["rules"] == "brisca" and doc.get("error") is None
    for hand in doc["hands"]:
        assert {"muestra", "exchanges", "points", "taken", "winner", "totals"} <= set(hand)
        assert ("team_points" in hand) == (players == 4)
        assert len(hand["totals"]) == 2 and sum(hand["points"]) == 120


# --- The table -----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_brisca_the_table_plays_a_match_and_shows_the_hands_won(app: App, players: int) -> None:
    scene = table(app, players=players, rules="brisca", seed=4, demo=True)
    run_until(app, lambda: isinstance(app.scenes.top, HandResultScene), limit=20000)
    result = app.scenes.top
    assert isinstance(result, HandResultScene) and scene.totals.name == "hands"
    run_until(app, lambda: isinstance(app.scenes.top, MatchEndScene), limit=200000)
    assert max(scene.session.game.ledger.totals) == 3
