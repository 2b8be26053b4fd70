"""docs/rules.md §5 Tute arrastrado (3 players, or 4 in two teams): one test per rule sentence
(records: docs/records.md, "arrastrado")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_helpers import deal_hand, finish_hand, force_end, mask, new_game, play, texts

from tute.cards import card_text, parse_card
from tute.cli import main
from tute.engine import DEAL, DealError, Game, IllegalAction
from tute.engine.events import Exchanged, Sung, TrumpShown
from tute.engine.record import (
    RecordError,
    dump_record,
    record_from_text,
    replay,
    start_game,
    summary_json,
)


def arrastrado(players: int = 3, seed: int = 0, /, **options: object) -> Game:
    return new_game(players, "arrastrado", seed, **options)


def low(g: Game) -> str:
    return card_text(next(a.arg for a in g.legal_actions() if a.verb == "play"))


def won_first_trick(hands: dict[int, str], players: int = 3, rest: str = "4B",
                    **options: object) -> Game:
    """Seat 0 leads 1E and wins it (3 players: he is mano; 4: he holds the 2 de oros)."""
    g = arrastrado(players, **options)
    base = {0: "1E 1B", 1: "4E 4B", 2: "5E 5B", 3: "6E 6B"}
    if players == 4:
        base[0] += " 2O"
    deal_hand(g, {s: base[s] + " " + hands.get(s, "") for s in range(players)},
              rest=rest if players == 3 else None)
    assert g.current_player == 0
    play(g, "0 play 1E")
    for s in range(1, players):
        play(g, f"{s} play {low(g)}")
    assert g.current_player == 0 and g.hand.may_sing == 0
    return g


def sings(g: Game) -> set[str]:
    return {a.record_text() for a in g.legal_actions() if a.verb == "sing"}


def holds(g: Game, seat: int, text: str) -> bool:
    return g.hands[seat] & mask(text) == mask(text)


# --- Three players: deal, muestra, exchanges ---------------------------------------------
def test_arrastrado_three_players_thirteen_each_the_40th_card_is_the_muestra_out_of_play(
) -> None:
    g = arrastrado()
    events = deal_hand(g, {}, rest="4C")
    assert [h.bit_count() for h in g.hands] == [13, 13, 13]
    assert g.trump == 1 and g.muestra == parse_card("4C")
    assert TrumpShown(1, parse_card("4C"), None) in events
    assert g.out_of_play == mask("4C") and not any(h >> parse_card("4C") & 1 for h in g.hands)
    assert g.hand.tricks_left == 13


def test_arrastrado_three_players_first_dealer_is_seat_2_and_seat_0_is_mano() -> None:
    g = arrastrado()
    deal_hand(g, {2: "2O"})  # the 2 de oros decides nothing here
    assert g.dealer == 2 and g.mano == 0 and g.current_player == 0


def test_arrastrado_three_players_naming_another_first_dealer_is_refused() -> None:
    g = arrastrado()
    with pytest.raises(DealError, match="seat 2"):
        deal_hand(g, {}, rest="4C", dealer=0)


def test_arrastrado_always_prevents_revokes() -> None:
    with pytest.raises(ValueError, match="renuncio"):
        arrastrado(renuncio="penalize")


def test_arrastrado_three_players_the_deal_passes_to_the_right() -> None:
    g = arrastrado()
    seen = []
    for _ in range(4):
        g.deal()
        seen.append((g.dealer, g.mano))
        force_end(g, {0: 10, 1: 10, 2: 10}, last_trick=0)  # nobody near 101
    assert seen == [(2, 0), (0, 1), (1, 2), (2, 0)]


def test_arrastrado_three_players_muestra_above_7_the_7_takes_it_then_the_2_takes_the_7(
) -> None:
    g = arrastrado()
    events = deal_hand(g, {0: "7C", 1: "2C"}, rest="1C")
    assert [e for e in events if isinstance(e, Exchanged)] == [
        Exchanged(0, parse_card("7C"), parse_card("1C")),
        Exchanged(1, parse_card("2C"), parse_card("7C")),
    ]
    assert holds(g, 0, "1C") and holds(g, 1, "7C") and g.out_of_play == mask("2C")
    assert g.trump == 1 and g.hand.tricks == []  # before the first trick


def test_arrastrado_three_players_one_player_holding_the_7_and_the_2_makes_both() -> None:
    g = arrastrado()
    events = deal_hand(g, {1: "7B 2B"}, rest="12B")
    assert [(e.seat, card_text(e.gave), card_text(e.took))
            for e in events if isinstance(e, Exchanged)] == [(1, "7B", "12B"), (1, "2B", "7B")]
    assert holds(g, 1, "12B 7B") and g.out_of_play == mask("2B")


@pytest.mark.parametrize("muestra", ["5E", "6E", "7E"])
def test_arrastrado_three_players_muestra_5_to_7_the_2_takes_it(muestra: str) -> None:
    g = arrastrado()
    deal_hand(g, {2: "2E"}, rest=muestra)
    assert holds(g, 2, muestra) and g.out_of_play == mask("2E")


@pytest.mark.parametrize("muestra", ["4B", "2B"])
def test_arrastrado_three_players_muestra_4_or_2_is_never_exchanged(muestra: str) -> None:
    g = arrastrado()
    events = deal_hand(g, {0: "7B"}, rest=muestra)
    assert not [e for e in events if isinstance(e, Exchanged)]
    assert g.out_of_play == mask(muestra)


def test_arrastrado_three_players_exchanges_are_shown_to_everyone() -> None:
    g = arrastrado()
    events = deal_hand(g, {0: "7C", 1: "2C"}, rest="1C")
    ex = [e for e in events if isinstance(e, Exchanged)]
    assert ex and all(e.for_seat(2) == e for e in ex)
    known = g.observation(2).known
    assert known[0] >> parse_card("1C") & 1 and known[1] >> parse_card("7C") & 1


def test_arrastrado_three_players_exchanges_are_automatic_not_actions() -> None:
    g = won_first_trick({0: "7C"}, rest="1C")
    assert not [a for a in g.legal_actions() if a.verb == "exchange"]
    with pytest.raises(IllegalAction):
        play(g, "0 exchange 7C")


# --- Four players: as parejas --------------------------------------------------------------
def test_arrastrado_four_players_first_hand_oros_the_2_de_oros_is_mano() -> None:
    g = arrastrado(4)
    events = deal_hand(g, {3: "2O"})
    assert [h.bit_count() for h in g.hands] == [10] * 4
    assert g.trump == 0 and g.mano == 3 and g.dealer == 2 and g.muestra is None
    assert TrumpShown(0, None, None) in events


def test_arrastrado_four_players_later_hands_the_previous_mano_deals_and_shows_his_last_card(
) -> None:
    g = arrastrado(4)
    deal_hand(g, {3: "2O"})
    force_end(g, {0: 30, 1: 30, 2: 30, 3: 30}, last_trick=0)  # nobody reaches 101
    events = deal_hand(g, {3: "5E"})
    assert g.dealer == 3 and g.mano == 0 and g.trump == 2
    assert TrumpShown(2, parse_card("5E"), 3) in events and holds(g, 3, "5E")


def test_arrastrado_four_players_partners_sit_opposite() -> None:
    g = arrastrado(4)
    deal_hand(g, {0: "2O"})
    force_end(g, {0: 30, 2: 20, 1: 40, 3: 30}, last_trick=0)
    hand = g.summaries[-1].to_json()
    assert hand["team_points"] == [60, 70] and hand["totals"] == [60, 70]


# --- Obligations and cantes --------------------------------------------------------------
def test_arrastrado_obligations_tute_from_the_first_trick() -> None:
    g = arrastrado()
    deal_hand(g, {0: "5C", 1: "4C 6C 1B"}, rest="4O", void={1: "C"})
    play(g, "0 play 5C")
    assert texts(g.legal_actions()) == {"1 play 6C"}


def test_arrastrado_four_players_you_must_beat_your_partner() -> None:
    g = arrastrado(4)
    deal_hand(g, {0: "2O 5C", 1: "2C", 2: "4C 6C"}, void={1: "C", 2: "C"})
    play(g, "0 play 5C", "1 play 2C")
    assert texts(g.legal_actions()) == {"2 play 6C"}


def test_arrastrado_cuarenta_first_is_on() -> None:
    g = won_first_trick({0: "12O 11O 12C 11C"}, rest="4O")
    assert sings(g) == {"0 sing 40"}
    with pytest.raises(IllegalAction, match="cuarenta must be sung first"):
        play(g, "0 sing 20 C")
    play(g, "0 sing 40")
    assert g.hand.cante_points[0] == 40


def test_arrastrado_four_players_the_winner_sings_his_partners_pair() -> None:
    g = won_first_trick({2: "12C 11C"}, players=4)
    assert "0 sing 20 C" in sings(g)
    assert play(g, "0 sing 20 C") == [Sung(0, "20C", 20, False, 2)]
    assert g.hand.cantes[2] == ["20C"]
    with pytest.raises(IllegalAction):
        play(g, "2 sing 20 C")


# --- Tute ----------------------------------------------------------------------------------
def test_arrastrado_points_101_a_sung_tute_wins_the_match() -> None:
    g = won_first_trick({0: "12O 12C 12E 12B"}, rest="4O")
    play(g, "0 sing tute")
    s = g.summaries[-1]
    assert s.tute == 0 and s.last_trick is None
    assert g.is_over and g.winners == (0,)


def test_arrastrado_four_players_a_tute_wins_the_match_for_the_team() -> None:
    g = won_first_trick({2: "11O 11C 11E 11B"}, players=4)
    play(g, "0 sing tute")
    assert g.summaries[-1].tute == 2 and g.is_over and g.winners == (0, 2)


def test_arrastrado_lost_games_a_sung_tute_counts_as_a_hand_of_101() -> None:
    g = won_first_trick({0: "12O 12C 12E 12B"}, rest="4O", scoring="lost_games")
    play(g, "0 sing tute")
    hand = g.summaries[-1].to_json()
    assert hand["lost"] == [0, 1, 1] and hand["totals"] == [0, 1, 1]
    assert not g.is_over


# --- points_101 ----------------------------------------------------------------------------
def test_arrastrado_points_101_points_accumulate_per_player() -> None:
    g = arrastrado()
    totals = [0, 0, 0]
    for _ in range(2):
        g.deal()
        finish_hand(g)
        totals = [t + int(p) for t, p in zip(totals, g.summaries[-1].points, strict=True)]
        assert g.ledger.totals == totals == g.summaries[-1].to_json()["totals"]
    assert not g.is_over or max(totals) >= 101


def test_arrastrado_four_players_points_accumulate_per_team() -> None:
    g = arrastrado(4)
    g.deal()
    finish_hand(g)
    hand = g.summaries[-1].to_json()
    assert hand["totals"] == hand["team_points"] and len(hand["totals"]) == 2  # type: ignore[arg-type]


def test_arrastrado_points_101_one_reaching_101_wins_below_it_the_match_goes_on() -> None:
    g = arrastrado()
    g.deal()
    g.ledger.totals = [60, 60, 60]  # set between hands
    force_end(g, {0: 40, 1: 30, 2: 30}, last_trick=0)  # 60+50, 60+30, 60+30
    assert g.ledger.totals == [110, 90, 90] and g.is_over and g.winners == (0,)
    g2 = arrastrado()
    g2.deal()
    g2.ledger.totals = [50, 60, 60]
    force_end(g2, {0: 40, 1: 40, 2: 40}, last_trick=0)
    assert g2.ledger.totals == [100, 100, 100] and not g2.is_over and g2.phase == DEAL


def test_arrastrado_points_101_the_diez_de_ultimas_wins_among_those_reaching_101() -> None:
    g = arrastrado()
    g.deal()
    g.ledger.totals = [90, 80, 0]  # set between hands
    force_end(g, {0: 1, 1: 40, 2: 79}, last_trick=0)  # seat 0: 101, seat 1: 120
    assert g.ledger.totals == [101, 120, 79]
    assert g.is_over and g.winners == (0,)


def test_arrastrado_points_101_else_the_highest_total_wins() -> None:
    g = arrastrado()
    g.deal()
    g.ledger.totals = [90, 80, 0]  # set between hands
    force_end(g, {0: 15, 1: 40, 2: 65}, last_trick=2)  # 105, 120; seat 2 only 75
    assert g.ledger.totals == [105, 120, 75]
    assert g.is_over and g.winners == (1,)


def _second_hand(**options: object) -> Game:
    """A 3-player match at its second hand: dealer 0, mano 1 (playing order 1, 2, 0)."""
    g = arrastrado(**options)
    g.deal()
    g.ledger.totals = [0, 0, 0]
    force_end(g, {0: 40, 1: 40, 2: 30}, last_trick=2)
    g.deal()
    assert g.mano == 1 and g.playing == (1, 2, 0)
    return g


def test_arrastrado_points_101_a_tie_goes_to_the_one_nearest_the_mano() -> None:
    g = _second_hand()
    g.ledger.totals = [60, 0, 60]  # set between hands
    force_end(g, {0: 50, 1: 20, 2: 50}, last_trick=1)  # seats 0 and 2 on 110, seat 1 30
    assert g.ledger.totals == [110, 30, 110]
    assert g.is_over and g.winners == (2,)  # seat 2 plays right after the mano


def test_arrastrado_points_101_a_tie_the_mano_himself_first() -> None:
    g = _second_hand()
    g.ledger.totals = [60, 60, 0]  # set between hands
    force_end(g, {0: 50, 1: 50, 2: 10}, last_trick=2)  # seats 0 and 1 on 110
    assert g.ledger.totals == [110, 110, 20] and g.winners == (1,)


def test_arrastrado_four_players_points_101_the_diez_de_ultimas_team_wins() -> None:
    g = arrastrado(4)
    deal_hand(g, {0: "2O"})
    g.ledger.totals = [80, 70]  # set between hands
    force_end(g, {0: 11, 2: 0, 1: 60, 3: 39}, last_trick=2)  # team 0: 101, team 1: 169
    assert g.ledger.totals == [101, 169] and g.is_over and g.winners == (0, 2)


# --- lost_games ----------------------------------------------------------------------------
def lost_game(**options: object) -> Game:
    g = arrastrado(scoring="lost_games", **options)
    g.deal()
    return g


def test_arrastrado_lost_games_the_lowest_hand_total_takes_a_lost_game() -> None:
    g = lost_game()
    force_end(g, {0: 50, 1: 40, 2: 30}, last_trick=0)  # 60, 40, 30
    hand = g.summaries[-1].to_json()
    assert hand["lost"] == [0, 0, 1] and hand["totals"] == [0, 0, 1]


def test_arrastrado_lost_games_tied_lowest_each_take_one() -> None:
    g = lost_game()
    force_end(g, {0: 60, 1: 30, 2: 30}, last_trick=0)  # 70, 30, 30
    assert g.summaries[-1].to_json()["lost"] == [0, 1, 1]


def test_arrastrado_lost_games_a_101_maker_gives_each_other_one_instead() -> None:
    g = lost_game()
    force_end(g, {0: 91, 1: 10, 2: 19}, last_trick=0)  # 101, 10, 19
    hand = g.summaries[-1].to_json()
    assert hand["lost"] == [0, 1, 1] and hand["totals"] == [0, 1, 1]


def test_arrastrado_lost_games_a_maker_by_cantes() -> None:
    g = lost_game()
    force_end(g, {0: 40, 1: 40, 2: 40}, last_trick=1, cantes={2: 60})  # 40, 50, 100
    assert g.summaries[-1].to_json()["lost"] == [1, 0, 0]
    g.deal()
    force_end(g, {0: 40, 1: 40, 2: 40}, last_trick=1, cantes={2: 61})  # 40, 50, 101
    assert g.summaries[-1].to_json()["lost"] == [1, 1, 0]


def test_arrastrado_lost_games_two_makers_add_up() -> None:
    g = lost_game()
    force_end(g, {0: 60, 1: 60, 2: 0}, last_trick=0, cantes={0: 40, 1: 60})  # 110, 120, 0
    hand = g.summaries[-1].to_json()
    assert hand["lost"] == [1, 1, 2] and hand["totals"] == [1, 1, 2]


@pytest.mark.parametrize(("to", "before", "over"), [
    (10, 9, True), (10, 8, False), (8, 7, True), (12, 11, True), (12, 10, False)])
def test_arrastrado_lost_games_the_first_to_lost_games_to_ends_the_match(
        to: int, before: int, over: bool) -> None:
    g = lost_game(lost_games_to=to) if to != 10 else lost_game()
    g.ledger.totals = [before, 3, 5]  # set between hands
    force_end(g, {0: 30, 1: 40, 2: 50}, last_trick=2)  # seat 0 lowest
    assert g.ledger.totals == [before + 1, 3, 5]
    assert g.is_over is over and g.winners == ((1,) if over else ())


def test_arrastrado_lost_games_the_fewest_lost_games_win_together() -> None:
    g = lost_game()
    g.ledger.totals = [9, 4, 4]  # set between hands
    force_end(g, {0: 30, 1: 40, 2: 50}, last_trick=2)
    assert g.is_over and g.winners == (1, 2)


def test_arrastrado_lost_games_is_refused_with_four_players() -> None:
    with pytest.raises(ValueError, match="3 players"):
        arrastrado(4, scoring="lost_games")
    rec = record_from_text("rules: arrastrado\noptions: {players: 4, scoring: lost_games}\n")
    with pytest.raises(RecordError):
        start_game(rec)


def test_arrastrado_lost_games_with_four_players_in_a_record_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "a.yaml"
    p.write_text("rules: arrastrado\noptions: {players: 4, scoring: lost_games}\nseed: 1\n",
                 encoding="utf-8")
    code = main(["replay", str(p), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 1 and "3 players" in doc["error"]["reason"]


# --- Records -----------------------------------------------------------------------------
BASE_KEYS = {"dealer", "mano", "trump", "muestra", "taken", "points", "cantes", "last_trick",
             "tute", "complete"}


def test_arrastrado_record_keys_points_101() -> None:
    g = arrastrado()
    deal_hand(g, {}, rest="4C")
    assert summary_json(g)["hands"][-1]["muestra"] == "4C"  # type: ignore[index]
    finish_hand(g)
    hand = g.summaries[-1].to_json()
    assert set(hand) == BASE_KEYS | {"totals"} and hand["muestra"] == "4C"


def test_arrastrado_record_keys_lost_games() -> None:
    g = lost_game()
    pending = summary_json(g)["hands"][-1]  # type: ignore[index]
    assert pending["lost"] is None and pending["totals"] == [0, 0, 0]
    finish_hand(g)
    hand = g.summaries[-1].to_json()
    assert set(hand) == BASE_KEYS | {"lost", "totals"}
    lost = hand["lost"]
    assert isinstance(lost, list) and hand["totals"] == lost and sum(lost) >= 1


def test_arrastrado_record_keys_four_players() -> None:
    g = arrastrado(4)
    g.deal()
    finish_hand(g)
    hand = g.summaries[-1].to_json()
    assert set(hand) == BASE_KEYS | {"team_points", "totals"}
    assert hand["muestra"] is None and len(hand["points"]) == 4  # type: ignore[arg-type]


def test_arrastrado_record_replays_to_the_same_json() -> None:
    g = arrastrado(3, 3)
    g.deal()
    finish_hand(g)
    g.deal()
    play(g, f"{g.current_player} play {low(g)}")
    r = replay(record_from_text(dump_record(g)))
    assert r.error is None and summary_json(r.game) == summary_json(g)


def test_arrastrado_record_legal_holds_the_partners_cante() -> None:
    g = won_first_trick({2: "12C 11C"}, players=4)
    doc = summary_json(replay(record_from_text(dump_record(g))).game)
    assert "sing 20 C" in doc["legal"] and doc["to_act"] == 0  # type: ignore[operator]


def test_arrastrado_illegal_card_in_a_record_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = arrastrado()
    deal_hand(g, {0: "5C", 1: "4C 6C 1B"}, rest="4O", void={1: "C"})
    play(g, "0 play 5C")
    p = tmp_path / "a.yaml"
    p.write_text(dump_record(g).rstrip("\n") + "\n      - 1 play 4C\n", encoding="utf-8")
    code = main(["replay", str(p), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 1 and doc["error"]["action"] == 2 and doc["error"]["text"] == "1 play 4C"
    assert "6C" in doc["error"]["reason"] and doc["legal"] == ["6C"]
