"""docs/rules.md §4 Tute por parejas / corriente: one test per rule sentence (records:
docs/records.md, "parejas")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_helpers import deal_hand, finish_hand, force_end, new_game, play, texts

from tute.cards import card_text, parse_card
from tute.cli import main
from tute.engine import DealError, Game, IllegalAction
from tute.engine.events import Sung, TrumpShown
from tute.engine.record import dump_record, record_from_text, replay, summary_json


def parejas(seed: int = 0, /, **options: object) -> Game:
    return new_game(4, "parejas", seed, **options)


def low(g: Game) -> str:
    return card_text(next(a.arg for a in g.legal_actions() if a.verb == "play"))


def won_first_trick(hands: dict[int, str], **options: object) -> Game:
    """Seat 0 (holder of 2O, mano) leads 1E and wins it; the others follow espadas."""
    g = parejas(**options)
    base = {0: "2O 1E 1B", 1: "4E 4B", 2: "5E 5B", 3: "6E 6B"}
    deal_hand(g, {s: base[s] + " " + hands.get(s, "") for s in range(4)})
    play(g, "0 play 1E")
    for s in (1, 2, 3):
        play(g, f"{s} play {low(g)}")
    assert g.current_player == 0 and g.hand.may_sing == 0
    return g


def sings(g: Game) -> set[str]:
    return {a.record_text() for a in g.legal_actions() if a.verb == "sing"}


# --- Seats and deal ----------------------------------------------------------------------
def test_parejas_partners_sit_opposite_team_0_is_seats_0_and_2() -> None:
    g = parejas()
    deal_hand(g, {0: "2O"})
    force_end(g, {0: 30, 1: 20, 2: 40, 3: 30}, last_trick=3)
    hand = g.summaries[-1].to_json()
    assert hand["team_points"] == [70, 60]  # seats 0+2, seats 1+3 (with the 10 of seat 3)
    assert g.summaries[-1].losers == [1, 3]


def test_parejas_spanish40_ten_cards_each() -> None:
    g = parejas()
    g.deal()
    assert [h.bit_count() for h in g.hands] == [10] * 4
    assert g.hand.tricks_left == 10 and g.muestra is None


def test_parejas_first_hand_oros_the_2_de_oros_is_mano_the_seat_before_deals() -> None:
    g = parejas()
    events = deal_hand(g, {2: "2O"})
    assert g.trump == 0 and g.mano == 2 and g.dealer == 1 and g.current_player == 2
    assert TrumpShown(0, None, None) in events


def test_parejas_later_hands_the_previous_mano_deals_his_last_card_sets_trumps() -> None:
    g = parejas()
    deal_hand(g, {2: "2O"})
    finish_hand(g)
    assert g.next_dealer() == 2
    events = deal_hand(g, {2: "6C"})  # the dealer's last card
    assert g.dealer == 2 and g.mano == 3 and g.trump == 1
    assert TrumpShown(1, parse_card("6C"), 2) in events
    assert g.hands[2] >> parse_card("6C") & 1  # it stays in his hand
    assert summary_json(g)["hands"][-1]["muestra"] is None  # type: ignore[index]


def test_parejas_a_first_dealer_other_than_the_seat_before_the_2_de_oros_is_refused() -> None:
    g = parejas()
    with pytest.raises(DealError, match="seat 1"):
        deal_hand(g, {2: "2O"}, dealer=0)


def test_parejas_always_prevents_revokes() -> None:
    with pytest.raises(ValueError, match="renuncio"):
        parejas(renuncio="penalize")


# --- Obligations -------------------------------------------------------------------------
def test_parejas_obligations_tute_you_must_beat_your_partner_too() -> None:
    g = parejas()
    deal_hand(g, {0: "2O 5C", 1: "2C", 2: "4C 6C"}, void={1: "C", 2: "C"})
    play(g, "0 play 5C", "1 play 2C")
    assert texts(g.legal_actions()) == {"2 play 6C"}
    with pytest.raises(IllegalAction):
        play(g, "2 play 4C")


def test_parejas_obligations_partner_trumped_you_must_overtrump() -> None:
    g = parejas()
    deal_hand(g, {0: "2O 5C", 1: "4O", 2: "3O 5O 1B"}, void={1: "C", 2: "C"})
    play(g, "0 play 5C", "1 play 4O")
    assert texts(g.legal_actions()) == {"2 play 3O", "2 play 5O"}


# --- Cantes --------------------------------------------------------------------------------
def test_parejas_the_winner_may_sing_a_pair_held_by_his_partner() -> None:
    g = won_first_trick({2: "12C 11C"})
    assert "0 sing 20 C" in sings(g)
    events = play(g, "0 sing 20 C")
    assert events == [Sung(0, "20C", 20, False, 2)]


def test_parejas_a_cante_for_the_partner_is_credited_to_the_holder_and_counts_for_the_team(
) -> None:
    g = won_first_trick({2: "12C 11C"})
    play(g, "0 sing 20 C")
    assert g.hand.cantes[2] == ["20C"] and g.hand.cantes[0] == []
    assert g.hand.cante_points == [0, 0, 20, 0]
    hand = summary_json(g)["hands"][-1]  # type: ignore[index]
    assert hand["cantes"] == [[], [], ["20C"], []]
    assert hand["team_points"][0] == hand["points"][0] + hand["points"][2]


def test_parejas_the_winner_may_sing_his_own_pair() -> None:
    g = won_first_trick({0: "12O 11O"})
    assert "0 sing 40" in sings(g)
    assert play(g, "0 sing 40") == [Sung(0, "40", 40)]


def test_parejas_one_cante_per_trick_for_the_team() -> None:
    g = won_first_trick({0: "12B 11B", 2: "12C 11C"})
    assert {"0 sing 20 C", "0 sing 20 B"} <= sings(g)
    play(g, "0 sing 20 C")
    assert not sings(g)
    with pytest.raises(IllegalAction):
        play(g, "0 sing 20 B")


def test_parejas_the_partner_does_not_sing_himself() -> None:
    g = won_first_trick({2: "12C 11C"})
    with pytest.raises(IllegalAction):
        play(g, "2 sing 20 C")
    assert g.hand.cante_points == [0, 0, 0, 0]


def test_parejas_the_opponents_pairs_cannot_be_sung() -> None:
    g = won_first_trick({1: "12C 11C", 3: "12B 11B"})
    assert not sings(g)


def test_parejas_both_cards_of_a_pair_must_be_in_one_hand() -> None:
    g = won_first_trick({0: "12C", 2: "11C"})
    assert "0 sing 20 C" not in sings(g)
    with pytest.raises(IllegalAction):
        play(g, "0 sing 20 C")


def test_parejas_a_tute_is_one_players_four_kings_not_a_teams() -> None:
    g = won_first_trick({0: "12O 12C", 2: "12E 12B"})
    assert "0 sing tute" not in sings(g)


def test_parejas_a_tute_sung_for_the_partner_is_credited_to_its_holder() -> None:
    g = won_first_trick({2: "11O 11C 11E 11B"})
    assert "0 sing tute" in sings(g)
    play(g, "0 sing tute")
    s = g.summaries[-1]
    assert s.tute == 2 and s.cantes[2] == ["tute"] and s.cantes[0] == []
    assert s.to_json()["juegos"] == [2, 0]


def test_parejas_cuarenta_first_is_off() -> None:
    g = won_first_trick({0: "12O 11O", 2: "12C 11C"})
    assert {"0 sing 40", "0 sing 20 C"} <= sings(g)


# --- End of hand -------------------------------------------------------------------------
def test_parejas_the_team_with_more_points_wins_one_juego() -> None:
    g = parejas()
    deal_hand(g, {0: "2O"})
    force_end(g, {0: 40, 1: 20, 2: 40, 3: 20}, last_trick=1)  # 80 to 50
    hand = g.summaries[-1].to_json()
    assert hand["juegos"] == [1, 0] and hand["totals"] == [1, 0]


def test_parejas_in_play_the_team_with_more_points_wins() -> None:
    for seed in range(3):
        g = parejas(seed)
        g.deal()
        finish_hand(g)
        hand = g.summaries[-1].to_json()
        tp = hand["team_points"]
        assert isinstance(tp, list) and sum(tp) == 130 and tp[0] != tp[1]
        won = 0 if tp[0] > tp[1] else 1
        assert hand["juegos"][won] == (2 if tp[won] >= 101 else 1)  # type: ignore[index]
        assert hand["juegos"][1 - won] == 0  # type: ignore[index]


def test_parejas_with_101_or_more_the_winning_team_wins_two() -> None:
    g = parejas()
    deal_hand(g, {0: "2O"})
    force_end(g, {1: 50, 3: 51}, last_trick=1)  # team 1: 111
    assert g.summaries[-1].to_json()["juegos"] == [0, 2]


def test_parejas_with_100_the_winning_team_wins_one() -> None:
    g = parejas()
    deal_hand(g, {0: "2O"})
    force_end(g, {1: 50, 3: 40, 0: 30}, last_trick=1)  # team 1: 100
    assert g.summaries[-1].to_json()["juegos"] == [0, 1]


def test_parejas_two_games_at_121_option() -> None:
    g = parejas(two_games_at=121)
    deal_hand(g, {0: "2O"})
    force_end(g, {1: 60, 3: 50}, last_trick=3)  # team 1: 120
    assert g.summaries[-1].to_json()["juegos"] == [0, 1]
    g.deal()
    force_end(g, {1: 60, 3: 51}, last_trick=3)  # team 1: 121
    assert g.summaries[-1].to_json()["juegos"] == [0, 2]
    assert g.ledger.totals == [0, 3]


def test_parejas_a_tie_goes_to_the_team_that_took_the_last_trick() -> None:
    g = parejas()
    deal_hand(g, {0: "2O"})
    force_end(g, {0: 30, 2: 25, 1: 35, 3: 30}, last_trick=2)  # 65 to 65
    hand = g.summaries[-1].to_json()
    assert hand["team_points"] == [65, 65] and hand["juegos"] == [1, 0]
    g.deal()
    force_end(g, {0: 35, 2: 30, 1: 30, 3: 25}, last_trick=1)
    assert g.summaries[-1].to_json()["juegos"] == [0, 1]


def test_parejas_tie_option_mano_gives_the_tie_to_the_manos_team() -> None:
    g = parejas(tie="mano")
    deal_hand(g, {1: "2O"})
    assert g.mano == 1
    force_end(g, {0: 30, 2: 25, 1: 35, 3: 30}, last_trick=2)  # 65 to 65, last trick team 0
    assert g.summaries[-1].to_json()["juegos"] == [0, 1]


def test_parejas_a_team_that_wins_a_tie_with_101_or_more_wins_two() -> None:
    g = parejas()
    deal_hand(g, {0: "2O"})
    force_end(g, {0: 30, 2: 25, 1: 35, 3: 30}, last_trick=2,
              cantes={0: 40, 1: 20, 3: 20})  # 105 to 105
    hand = g.summaries[-1].to_json()
    assert hand["team_points"] == [105, 105] and hand["juegos"] == [2, 0]


def test_parejas_tie_option_mano_with_101_or_more_wins_two() -> None:
    g = parejas(tie="mano")
    deal_hand(g, {3: "2O"})
    force_end(g, {0: 30, 2: 25, 1: 35, 3: 30}, last_trick=0,
              cantes={0: 40, 1: 20, 3: 20})  # 105 to 105
    assert g.summaries[-1].to_json()["juegos"] == [0, 2]


def test_parejas_a_sung_tute_ends_the_hand_and_wins_two_juegos_the_match_goes_on() -> None:
    g = won_first_trick({0: "12O 12C 12E 12B"})
    play(g, "0 sing tute")
    s = g.summaries[-1]
    assert s.complete and s.last_trick is None and s.taken == [1, 0, 0, 0]
    assert s.to_json()["juegos"] == [2, 0] and g.ledger.totals == [2, 0]
    assert not g.is_over and g.phase == "deal"


def test_parejas_a_tute_with_few_points_still_wins_two() -> None:
    g = won_first_trick({0: "12O 12C 12E 12B"})
    g.hand.won_points[1] = 90  # set by hand: the other team far ahead in this hand so far
    play(g, "0 sing tute")
    assert g.summaries[-1].to_json()["juegos"] == [2, 0]


def test_parejas_tute_wins_two_games_reaching_games_to_ends_the_match() -> None:
    g = won_first_trick({0: "12O 12C 12E 12B"})
    g.ledger.totals = [9, 9]  # set between hands
    play(g, "0 sing tute")
    assert g.ledger.totals == [11, 9] and g.is_over and g.winners == (0, 2)


def test_parejas_tute_wins_match_option() -> None:
    g = won_first_trick({2: "12O 12C 12E 12B"}, tute_wins="match")
    play(g, "0 sing tute")
    assert g.is_over and g.winners == (0, 2)


# --- The match -----------------------------------------------------------------------------
@pytest.mark.parametrize(("games_to", "before", "over"), [
    (10, 9, True), (10, 8, False), (8, 7, True), (8, 6, False), (12, 11, True), (12, 10, False),
])
def test_parejas_the_first_team_to_games_to_juegos_wins(games_to: int, before: int,
                                                        over: bool) -> None:
    g = parejas(games_to=games_to) if games_to != 10 else parejas()
    deal_hand(g, {0: "2O"})
    g.ledger.totals = [0, before]  # set between hands
    force_end(g, {1: 40, 3: 40}, last_trick=1)  # team 1 wins one juego
    assert g.ledger.totals == [0, before + 1]
    assert g.is_over is over
    assert g.winners == ((1, 3) if over else ())


def test_parejas_the_match_goes_on_below_games_to() -> None:
    g = parejas()
    for _ in range(3):
        g.deal()
        finish_hand(g)
    assert not g.is_over and sum(g.ledger.totals) >= 3 and max(g.ledger.totals) < 10


# --- Records -----------------------------------------------------------------------------
def test_parejas_record_keys() -> None:
    g = parejas()
    deal_hand(g, {0: "2O"})
    hand = summary_json(g)["hands"][-1]  # type: ignore[index]
    assert hand["juegos"] is None and hand["totals"] == [0, 0]
    finish_hand(g)
    hand = g.summaries[-1].to_json()
    assert set(hand) == {"dealer", "mano", "trump", "muestra", "taken", "points", "cantes",
                         "last_trick", "tute", "complete", "team_points", "juegos", "totals"}
    assert len(hand["team_points"]) == 2 and len(hand["juegos"]) == 2  # type: ignore[arg-type]
    assert hand["totals"] == hand["juegos"]


def test_parejas_record_legal_holds_the_partners_cante() -> None:
    g = won_first_trick({2: "12C 11C"})
    r = replay(record_from_text(dump_record(g)))
    assert r.error is None
    doc = summary_json(r.game)
    assert isinstance(doc["legal"], list)
    legal = set(doc["legal"])
    assert "sing 20 C" in legal and {"2O", "1B"} <= legal
    assert doc["to_act"] == 0


def test_parejas_record_winners_list_seats() -> None:
    g = won_first_trick({0: "12O 12C 12E 12B"}, tute_wins="match")
    play(g, "0 sing tute")
    doc = summary_json(g)
    assert doc["over"] is True and doc["winners"] == [0, 2]
    r = replay(record_from_text(dump_record(g)))
    assert r.error is None and summary_json(r.game) == doc


def test_parejas_partner_singing_in_a_record_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = won_first_trick({2: "12C 11C"})
    text = dump_record(g).rstrip("\n") + "\n      - 2 sing 20 C\n"
    p = tmp_path / "p.yaml"
    p.write_text(text, encoding="utf-8")
    code = main(["replay", str(p), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 1 and doc["error"]["action"] == 5 and doc["error"]["text"] == "2 sing 20 C"
    assert doc["error"]["reason"] and doc["to_act"] == 0
