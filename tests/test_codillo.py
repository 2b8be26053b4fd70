"""docs/rules.md §7 Codillo: one test per rule sentence (records: docs/records.md, "codillo")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from engine_helpers import deal_given, mask, new_game, play, play_out, replay_cli, texts

from tute.cards import DECKS, card_text
from tute.engine import DealError, Game, HandState, IllegalAction
from tute.engine.events import PartnerRevealed
from tute.engine.record import dump_record, record_from_text, replay, summary_json


def codillo(players: int = 4, seed: int = 0, /, **options: object) -> Game:
    return new_game(players, "codillo", seed, **options)


def hand_json(g: Game, i: int = -1) -> dict[str, Any]:
    hands = summary_json(g)["hands"]
    assert isinstance(hands, list)
    hand: dict[str, Any] = hands[i]
    return hand


def first_play(g: Game) -> None:
    g.apply(next(a for a in g.legal_actions() if a.verb == "play"))


def auto_hand(g: Game) -> None:
    """Deal; the mano says juego, names oros, calls the first card he may; play it out."""
    g.deal()
    play(g, f"{g.current_player} juego", f"{g.current_player} trump O")
    g.apply(g.legal_actions()[0])
    play_out(g)


# --- Deal ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 7])
def test_codillo_is_for_4_to_6_players(players: int) -> None:
    with pytest.raises(ValueError):
        codillo(players)


@pytest.mark.parametrize(("players", "each"), [(4, 10), (5, 8)])
def test_codillo_cabreros_deal_every_card_to_4_or_5_players(players: int, each: int) -> None:
    g = codillo(players)
    g.deal()
    assert [h.bit_count() for h in g.hands] == [each] * players
    assert g.sitting_out is None
    everything = 0
    for h in g.hands:
        everything |= h
    assert everything == DECKS["spanish40"]


def test_codillo_with_6_players_the_dealer_sits_out_and_deals_8_to_the_others() -> None:
    g = codillo(6)
    g.deal()
    assert g.dealer == 5 and g.sitting_out == 5
    assert [h.bit_count() for h in g.hands] == [8, 8, 8, 8, 8, 0]


def test_codillo_no_card_is_shown() -> None:
    g = codillo()
    g.deal()
    hand = hand_json(g)
    assert hand["trump"] is None and hand["muestra"] is None
    assert g.observation(1).shown is None and g.observation(1).muestra is None


@pytest.mark.parametrize("players", [4, 5, 6])
def test_codillo_the_first_dealer_is_seat_n_minus_1(players: int) -> None:
    g = codillo(players)
    g.deal()
    assert g.dealer == players - 1 and g.mano == 0 and g.current_player == 0


def test_codillo_naming_another_first_dealer_is_refused_with_6() -> None:
    g = codillo(6)
    with pytest.raises(DealError):
        deal_given(g, {}, dealer=0)


def test_codillo_naming_another_first_dealer_is_refused() -> None:
    g = codillo(4)
    with pytest.raises(DealError):
        deal_given(g, {}, dealer=0)


def test_codillo_the_deal_passes_to_the_right() -> None:
    g = codillo(5)
    dealers = []
    for _ in range(6):
        g.deal()
        dealers.append((g.dealer, g.mano))
        for _ in range(5):
            play(g, f"{g.current_player} pass")
    assert dealers == [(4, 0), (0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]


# --- Auction of who plays --------------------------------------------------------------------
def test_codillo_from_the_mano_each_says_juego_or_pass_the_dealer_last() -> None:
    g = codillo()
    g.deal()
    order = []
    for _ in range(3):
        order.append(g.current_player)
        assert texts(g.legal_actions()) == {f"{g.current_player} juego",
                                            f"{g.current_player} pass"}
        play(g, f"{g.current_player} pass")
    assert order == [0, 1, 2] and g.current_player == 3  # the dealer last
    play(g, "3 juego")
    assert hand_json(g)["declarer"] == 3


def test_codillo_with_6_the_dealer_who_sits_out_does_not_speak() -> None:
    g = codillo(6)
    g.deal()
    for s in range(5):
        assert g.current_player == s
        play(g, f"{s} pass")
    assert g.summaries[-1].void


def test_codillo_the_first_juego_declares_and_ends_the_auction() -> None:
    g = codillo()
    g.deal()
    play(g, "0 pass", "1 juego")
    assert hand_json(g)["declarer"] == 1 and g.current_player == 1
    assert texts(g.legal_actions()) == {f"1 trump {s}" for s in "OCEB"}  # 2 and 3 not asked
    with pytest.raises(IllegalAction):
        play(g, "2 juego")


def test_codillo_all_pass_the_hand_is_void_and_the_next_dealer_deals() -> None:
    g = codillo()
    g.deal()
    play(g, "0 pass", "1 pass", "2 pass", "3 pass")
    hand = hand_json(g)
    assert hand["void"] is True and hand["complete"] is True and hand["trump"] is None
    for key in ("declarer", "called", "partner", "side_points"):
        assert hand[key] is None, key
    assert hand["losers"] == [] and hand["marks"] == [0, 0, 0, 0]
    assert hand["taken"] == [0, 0, 0, 0] and hand["points"] == [0, 0, 0, 0]
    g.deal()
    assert g.dealer == 0 and g.mano == 1


# --- Trumps and the called partner ------------------------------------------------------------
# Seat 0 declares, names oros and calls 1O (seat 2's); copas are led first.
WORLD_A = {0: "1C 3C 4B 5B 6B 7B 2B 4E 5E 6E",
           1: "12C 11C 1B 3B 12B 11B 10B 2E 7E 1E",
           2: "10C 7C 1O 3O 12O 11O 10O 3E 12E 11E",
           3: "6C 5C 2O 4O 5O 6O 7O 10E 4C 2C"}
# The same with 1O and 2O swapped between seats 2 and 3: seat 3 is the partner.
WORLD_B = {0: WORLD_A[0], 1: WORLD_A[1],
           2: "10C 7C 2O 3O 12O 11O 10O 3E 12E 11E",
           3: "6C 5C 1O 4O 5O 6O 7O 10E 4C 2C"}


def called(world: dict[int, str] = WORLD_A, card: str = "1O") -> Game:
    g = codillo()
    deal_given(g, world)
    play(g, "0 juego", "0 trump O", f"0 call {card}")
    return g


def test_codillo_the_declarer_names_trumps() -> None:
    g = codillo()
    deal_given(g, WORLD_A)
    play(g, "0 juego")
    assert texts(g.legal_actions()) == {f"0 trump {s}" for s in "OCEB"}
    play(g, "0 trump E")
    assert g.trump == 2 and hand_json(g)["trump"] == "E"


def test_codillo_then_calls_a_card_he_does_not_hold() -> None:
    g = codillo()
    deal_given(g, WORLD_A)
    play(g, "0 juego", "0 trump O")
    mine = WORLD_A[0].split()
    assert texts(g.legal_actions()) == {
        f"0 call {card_text(c)}" for c in range(48)
        if DECKS["spanish40"] >> c & 1 and card_text(c) not in mine}


def test_codillo_calling_his_own_card_is_refused() -> None:
    g = codillo()
    deal_given(g, WORLD_A)
    play(g, "0 juego", "0 trump O")
    with pytest.raises(IllegalAction, match="1C"):
        play(g, "0 call 1C")
    assert hand_json(g)["called"] is None


def test_codillo_the_holder_of_the_called_card_is_the_partner() -> None:
    assert hand_json(called())["partner"] == 2
    assert hand_json(called(WORLD_B))["partner"] == 3
    assert hand_json(called())["called"] == "1O"


def test_codillo_the_partner_is_revealed_when_the_card_is_played() -> None:
    g = called(WORLD_B)
    play(g, "0 play 4B", "1 play 1B", "2 play 10O")  # seat 3 must over-trump: the 1O
    assert g.observation(1).partner is None
    events = play(g, "3 play 1O")
    assert PartnerRevealed(3) in events
    assert g.observation(0).partner == 3 and g.observation(3).partner == 0
    for s in range(4):
        assert g.observation(s).view.partner == 3


PLAYS_BEFORE_1O = ["0 play 1C", "1 play 11C", "2 play 7C", "3 play 2C",
                   "0 play 3C", "1 play 12C", "2 play 10C", "3 play 4C",
                   "0 play 4B", "1 play 1B", "2 play 10O"]
"""Plays legal in both worlds; in world B seat 3 must now over-trump with the 1O."""

VIEW_CACHES = ("mask", "mask_ply")
"""The view's cache of the acting seat's legal cards (checked on its own below)."""


def _same_observation(ga: Game, gb: Game, seat: int, caches: bool) -> None:
    a, b = ga.observation(seat), gb.observation(seat)
    for name in a.__dataclass_fields__:
        if name != "view":
            assert getattr(a, name) == getattr(b, name), (seat, name)
    _same_view(a.view, b.view, seat, caches, "view")


def _same_view(a: HandState, b: HandState, seat: int, caches: bool, path: str) -> None:
    """Every field of two views alike, the public position at the deal included."""
    for name in HandState.__annotations__:
        if name == "kit" or not hasattr(a, name):
            continue
        if name in VIEW_CACHES and not caches:
            continue
        if name == "at_deal" and a.at_deal is not None and b.at_deal is not None:
            _same_view(a.at_deal, b.at_deal, seat, caches, f"{path}.at_deal")
            continue
        assert getattr(a, name) == getattr(b, name), (seat, f"{path}.{name}")


def _compare_worlds(caches: bool) -> None:
    ga, gb = called(WORLD_A), called(WORLD_B)
    for p in [None, *PLAYS_BEFORE_1O]:
        if p is not None:
            play(ga, p)
            play(gb, p)
        for g in (ga, gb):
            g.legal_actions()  # whatever the seat to act has computed
        for seat in (0, 1):
            _same_observation(ga, gb, seat, caches)
            assert ga.observation(seat).partner is None
            assert ga.observation(seat).view.partner == -1
    assert hand_json(ga)["partner"] == 2 and hand_json(gb)["partner"] == 3


def test_codillo_no_other_seat_sees_the_hidden_partner_before_the_card_is_played() -> None:
    """Two deals that differ only in whether seat 2 or seat 3 holds the called 1O: seats 0
    and 1 see exactly the same in both, field by field and in their view, at every turn
    until the 1O is played."""
    _compare_worlds(caches=False)


def test_codillo_no_view_leaks_the_hidden_partner_even_in_its_caches() -> None:
    _compare_worlds(caches=True)


def test_codillo_the_hidden_partner_does_not_see_himself_in_the_other_deal() -> None:
    ga, gb = called(WORLD_A), called(WORLD_B)
    # seat 3 holds the 1O only in world B; in world A he sees nothing of seat 2's role
    assert ga.observation(3).partner is None and ga.observation(3).view.partner == -1
    assert ga.observation(3).view.side_of == [0, 1, 1, 1]
    assert gb.observation(2).partner is None and gb.observation(2).view.partner == -1


def test_codillo_the_partner_knows_himself() -> None:
    g = called()
    obs = g.observation(2)
    assert obs.partner == 0 and obs.view.partner == 2
    assert obs.called == mask("1O").bit_length() - 1
    assert obs.view.side_of[0] == obs.view.side_of[2]


def test_codillo_the_called_card_is_public() -> None:
    g = called()
    for s in range(4):
        assert g.observation(s).called is not None
        assert card_text(g.observation(s).called or 0) == "1O"
        assert g.observation(s).declarer == 0


def test_codillo_the_mano_leads() -> None:
    g = codillo()
    deal_given(g, WORLD_A)
    play(g, "0 pass", "1 pass", "2 juego", "2 trump O", "2 call 1C")
    assert g.current_player == 0
    assert {a.verb for a in g.legal_actions()} == {"play"}


def test_codillo_obligations_tute() -> None:
    g = called()
    play(g, "0 play 4B")
    # follow and beat: every basto above the 4B (seat 1 holds no lower one)
    assert texts(g.legal_actions()) == {f"1 play {c}" for c in ["1B", "3B", "12B", "11B", "10B"]}
    play(g, "1 play 1B")
    # seat 2, void in bastos, must trump
    assert texts(g.legal_actions()) == {f"2 play {c}" for c in ["1O", "3O", "12O", "11O", "10O"]}


# --- Cantes --------------------------------------------------------------------------------
# Seat 0 declares, names copas and calls 1C (seat 2's); seat 1 holds 12B 11B.
CANTE_DEAL = {0: "4E 5E 6E 7E 2C 4C 5C 6C 7C 10C",
              1: "1E 12B 11B 2E 3B 10B 7B 6B 5B 4B",
              2: "1O 12O 11O 3E 12C 11C 3C 1C 2B 1B",
              3: "10E 11E 12E 2O 3O 4O 5O 6O 7O 10O"}


def cante_game() -> Game:
    g = codillo()
    deal_given(g, CANTE_DEAL)
    play(g, "0 juego", "0 trump O", "0 call 1O")
    play(g, "0 play 4E", "1 play 1E", "2 play 3E", "3 play 10E")
    return g


def test_codillo_any_trick_winner_may_sing_his_own_pair_for_his_side() -> None:
    g = cante_game()
    assert g.current_player == 1  # a defender
    assert {a.text() for a in g.legal_actions() if a.verb == "sing"} == {"sing 20 B"}
    play(g, "1 sing 20 B")
    play_out(g)
    hand = hand_json(g)
    assert hand["cantes"][1] == ["20B"]
    pts = hand["points"]
    assert isinstance(pts, list)
    assert hand["side_points"] == [pts[0] + pts[2], pts[1] + pts[3]]


def test_codillo_the_declarer_cannot_sing_his_hidden_partners_pair() -> None:
    g = called()
    play(g, "0 play 1C", "1 play 11C", "2 play 7C", "3 play 2C")
    assert g.current_player == 0  # seat 2, his partner, holds 12O 11O and 12E 11E
    assert not [a for a in g.legal_actions() if a.verb == "sing"]
    with pytest.raises(IllegalAction):
        play(g, "0 sing 40")


def test_codillo_the_hidden_partner_sings_for_the_declarers_side() -> None:
    g = cante_game()
    play(g, "1 play 2E", "2 play 1O")  # void in espadas: he trumps with the called card
    play(g, "3 play 11E", "0 play 5E")
    assert g.current_player == 2
    assert "2 sing 40" in texts(g.legal_actions())
    play(g, "2 sing 40")
    play_out(g)
    hand = hand_json(g)
    assert hand["cantes"][2] == ["40"]
    pts = hand["points"]
    assert isinstance(pts, list)
    assert hand["side_points"] == [pts[0] + pts[2], pts[1] + pts[3]]


# --- End of hand -----------------------------------------------------------------------------
def test_codillo_the_declarers_side_wins_if_its_points_exceed_the_rests() -> None:
    for seed in range(6):
        g = codillo(5, seed)
        auto_hand(g)
        hand = hand_json(g)
        side = hand["side_points"]
        assert isinstance(side, list) and sum(side) == 130
        d, p = hand["declarer"], hand["partner"]
        if side[0] > side[1]:  # every other player dealt in takes a mark
            assert hand["losers"] == sorted(set(range(5)) - {d, p})
        else:  # the declarer and his partner each take one
            assert hand["losers"] == sorted({d, p})
        assert hand["marks"] == [1 if s in hand["losers"] else 0
                                 for s in range(5)]


def test_codillo_a_tie_loses_for_the_declarers_side() -> None:
    for seed in range(400):
        g = codillo(4, seed)
        auto_hand(g)
        hand = hand_json(g)
        side = hand["side_points"]
        assert isinstance(side, list)
        if side[0] == side[1]:
            assert hand["losers"] == sorted({hand["declarer"], hand["partner"]})
            return
    pytest.fail("no tied hand in 400 seeds")


def test_codillo_with_6_the_dealer_who_sat_out_takes_no_mark() -> None:
    for seed in range(4):
        g = codillo(6, seed)
        auto_hand(g)
        assert 5 not in hand_json(g)["losers"]


# Seat 1 holds the four reyes and wins the first trick with 1E.
TUTE_DEAL = {0: "4E 5E 2O 4O 5O 6O 7O 2C 4C 5C",
             1: "1E 12O 12C 12E 12B 2B 4B 5B 6B 7B",
             2: "3E 6E 1O 3O 10O 11O 1C 3C 10C 11C",
             3: "2E 7E 10E 11E 6C 7C 1B 3B 10B 11B"}


def tute_game(call: str) -> Game:
    g = codillo(lives=4)
    deal_given(g, TUTE_DEAL)
    play(g, "0 juego", "0 trump C", f"0 call {call}")
    play(g, "0 play 4E", "1 play 1E", "2 play 3E", "3 play 2E", "1 sing tute")
    return g


def test_codillo_a_sung_tute_ends_the_hand_and_the_singers_side_wins() -> None:
    g = tute_game("1C")  # seat 2 the partner: the tute is a defender's
    hand = hand_json(g)
    assert hand["complete"] is True and hand["tute"] == 1 and g.phase == "deal"
    assert hand["losers"] == [0, 2] and hand["marks"] == [1, 0, 1, 0]


def test_codillo_a_tute_sung_by_the_hidden_partner_wins_for_the_declarer() -> None:
    g = tute_game("12O")  # seat 1 holds it: he is the partner
    hand = hand_json(g)
    assert hand["partner"] == 1 and hand["losers"] == [2, 3]


def test_codillo_a_player_retires_at_lives_marks() -> None:
    g = codillo(5, 1, lives=1)
    auto_hand(g)
    losers = hand_json(g)["losers"]
    assert isinstance(losers, list) and losers
    assert [s for s in range(5) if g.retired[s]] == losers


def test_codillo_the_match_ends_when_fewer_than_4_remain_fewest_marks_win() -> None:
    for seed in range(3):
        g = codillo(5, seed, lives=2)
        while not g.is_over:
            assert len(g.alive()) >= 4
            auto_hand(g)
        left = g.alive()
        assert len(left) < 4
        fewest = min(g.marks[s] for s in left)
        assert g.winners == tuple(s for s in left if g.marks[s] == fewest)


def test_codillo_four_remaining_players_go_on() -> None:
    g = tute_game("1C")
    assert not g.is_over and g.alive() == [0, 1, 2, 3]


def test_codillo_lives_1_with_4_players_ends_at_the_first_loss() -> None:
    g = codillo(4, 0, lives=1)
    deal_given(g, TUTE_DEAL)
    play(g, "0 juego", "0 trump C", "0 call 1C")
    play(g, "0 play 4E", "1 play 1E", "2 play 3E", "3 play 2E", "1 sing tute")
    assert g.is_over and g.winners == (1, 3)


# --- Records -------------------------------------------------------------------------------
def test_codillo_record_hand_keys() -> None:
    g = called()
    play_out(g)
    hand = hand_json(g)
    assert set(hand) == {"dealer", "mano", "trump", "muestra", "taken", "points", "cantes",
                         "last_trick", "tute", "complete", "declarer", "called", "partner",
                         "side_points", "losers", "marks"}
    assert hand["declarer"] == 0 and hand["called"] == "1O" and hand["partner"] == 2
    assert hand["trump"] == "O" and hand["muestra"] is None


def test_codillo_record_unfinished_hand_has_null_results() -> None:
    hand = hand_json(called())
    assert hand["complete"] is False and hand["side_points"] is None
    assert hand["losers"] == [] and hand["marks"] == [0, 0, 0, 0]


def test_codillo_record_replays_an_engine_written_match_to_the_same_json() -> None:
    g = codillo(5, 3)
    auto_hand(g)
    auto_hand(g)
    r = replay(record_from_text(dump_record(g)))
    assert r.error is None and summary_json(r.game) == summary_json(g)


def _record(*actions: str) -> str:
    g = codillo()
    deal_given(g, WORLD_A)
    text = dump_record(g)
    return text.replace("    actions: []", "    actions: [" + ", ".join(actions) + "]")


def test_codillo_record_call_of_his_own_card_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, doc, err = replay_cli(tmp_path / "r.yaml", capsys,
                                _record("0 juego", "0 trump O", "0 call 3C"))
    assert code == 1 and "0 call 3C" in err
    e = doc["error"]
    assert isinstance(e, dict)
    assert e["action"] == 3 and e["hand"] == 1 and e["text"] == "0 call 3C"
    assert "3C" in e["reason"] and "hold" in e["reason"]
    assert doc["to_act"] == 0


def test_codillo_record_juego_out_of_turn_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys, _record("0 pass", "2 juego"))
    e = doc["error"]
    assert code == 1 and isinstance(e, dict)
    assert e["action"] == 2 and e["text"] == "2 juego" and "seat 1" in e["reason"]


def test_codillo_record_malformed_call_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys,
                              _record("0 juego", "0 trump O", "0 call"))
    e = doc["error"]
    assert code == 1 and isinstance(e, dict) and e["action"] == 3 and e["reason"]


def test_codillo_legal_is_a_set_at_every_kind_of_turn(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    steps: list[tuple[list[str], set[str]]] = [
        (["0 pass"], {"juego", "pass"}),
        (["0 juego"], {f"trump {s}" for s in "OCEB"}),
        (["0 juego", "0 trump O"],
         {f"call {card_text(c)}" for c in range(48)
          if DECKS["spanish40"] >> c & 1 and card_text(c) not in WORLD_A[0].split()}),
        (["0 juego", "0 trump O", "0 call 1O", "0 play 4B"], {"1B", "3B", "12B", "11B", "10B"}),
        (["0 juego", "0 trump O", "0 call 1O"], set(WORLD_A[0].split())),
    ]
    for actions, legal in steps:
        code, doc, _ = replay_cli(tmp_path / "r.yaml", capsys, _record(*actions))
        assert code == 0 and set(doc["legal"]) == legal, actions
