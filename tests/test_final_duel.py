"""Cabrero's final duel: docs/rules.md §1 option ``final_duel`` and §3 "Cabrero's final duel"
(records: docs/records.md, "cabrero with final_duel")."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from engine_helpers import capote_record, cards, deal_stock, finish_hand, new_game, play, texts

from tute.cards import card_text
from tute.cli import main
from tute.engine import DEAL, DealError, Game, IllegalAction
from tute.engine.events import CardDrawn, DuelStarted, MatchOver, PlayerRetired, Sung
from tute.engine.record import dump_record, record_from_text, replay, summary_json


def to_the_duel(rules: str = "cabrero", seed: int = 0, lives: int = 4, /,
                **options: object) -> tuple[Game, list[object]]:
    """A 3-player match in which seat 2 accuses seat 0 falsely at the start of each hand
    until he retires: seats 0 and 1 remain with no marks. Returns the last hand's events."""
    g = new_game(3, rules, seed, renuncio="accuse", final_duel=True, lives=lives, **options)
    events: list[object] = []
    while not g.retired[2]:
        g.deal()
        events = play(g, "2 accuse 0")
    return g, events


def _first(g: Game) -> str:
    return card_text(next(a.arg for a in g.legal_actions() if a.verb == "play"))


def random_finish(g: Game, seed: int) -> None:
    rng = random.Random(seed)
    while g.phase == "play":
        g.apply(rng.choice([a for a in g.legal_actions() if a.verb == "play"]))


def tied_duel_hand(**options: object) -> Game:
    """A match whose first duel hand ended tied (seeded deals and random play)."""
    start, _ = to_the_duel(**options)
    deck = cards(_DECK)
    for seed in range(1000):
        g = start.clone()
        rng = random.Random(seed)
        rng.shuffle(deck)
        g.deal([deck[:6], deck[6:12], []], deck[12:])
        random_finish(g, seed)
        if not g.summaries[-1].losers:
            return g
    pytest.fail("no tied duel hand in 1000 deals")


_DECK = " ".join(f"{r}{s}" for s in "OCEB" for r in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12))


# --- When it starts ----------------------------------------------------------------------
def test_final_duel_starts_when_exactly_two_remain() -> None:
    g, events = to_the_duel()
    assert [e for e in events if isinstance(e, DuelStarted)] == [DuelStarted((0, 1))]
    assert not any(isinstance(e, MatchOver) for e in events)
    assert not g.is_over and g.phase == DEAL and g.ledger.duel and g.winners == ()


def test_final_duel_starts_when_a_four_player_hand_leaves_two() -> None:
    for seed in range(100):
        g = new_game(4, "cabrero", seed, lives=1, final_duel=True)
        g.deal()
        finish_hand(g)
        if len(g.summaries[-1].losers) == 2:
            assert g.ledger.duel and not g.is_over
            alive = [s for s in range(4) if not g.retired[s]]
            prev = g.hand.mano  # Cabrero's rotation: the previous mano, or the next active
            expected = next(x % 4 for x in range(prev, prev + 4) if not g.retired[x % 4])
            g.deal()
            assert g.dealer == expected
            assert sorted(g.playing) == alive
            assert [g.hands[s].bit_count() for s in range(4)] == [
                6 if s in alive else 0 for s in range(4)]
            assert g.mano in alive and g.dealer in alive and g.dealer != g.mano
            events = play(g, f"{g.mano} play {_first(g)}")
            events += play(g, f"{g.current_player} play {_first(g)}")
            winner = g.hand.tricks[-1][0]
            draws = [e.seat for e in events if isinstance(e, CardDrawn)]
            assert draws == [winner, sum(alive) - winner]  # the winner draws first
            finish_hand(g)
            hand = g.summaries[-1].to_json()
            taken = hand["taken"]
            assert isinstance(taken, list)
            assert hand["duel"] is True and len(taken) == 4 and sum(taken) == 20
            return
    pytest.fail("no hand with two losers in 100 seeds")


def test_without_final_duel_the_two_survivors_win() -> None:
    g = new_game(3, "cabrero", 0, renuncio="accuse", lives=1)
    g.deal()
    events = play(g, "2 accuse 0")
    assert g.is_over and g.winners == (0, 1)
    assert not any(isinstance(e, DuelStarted) for e in events)


def test_final_duel_is_not_played_when_only_one_remains() -> None:
    text = capote_record([]).replace("{players: 3}", "{players: 3, lives: 1, final_duel: true}")
    r = replay(record_from_text(text))
    assert r.error is None
    finish_hand(r.game)  # seat 0 takes every trick: seats 1 and 2 lose their only life
    g = r.game
    assert g.summaries[-1].losers == [1, 2]
    assert g.is_over and g.winners == (0,) and not g.ledger.duel


# --- Its hands -----------------------------------------------------------------------------
def test_final_duel_hands_are_tute_a_dos_with_six_cards_and_a_stock() -> None:
    g, _ = to_the_duel()
    g.deal()
    assert [h.bit_count() for h in g.hands] == [6, 6, 0]
    assert len(g.hand.stock) == 28 and g.muestra == g.hand.stock[-1]
    assert g.trump == g.hand.stock[-1] // 12
    assert g.playing == (g.mano, 1 - g.mano)


def test_final_duel_obligations_are_free_while_the_stock_lasts() -> None:
    g, _ = to_the_duel()
    other = "4C 5C 6C 7C 10E 2E"
    deal_stock(g, {1: "1C 4B 2B 6E 5E 4E", 0: other}, muestra="12O")
    assert g.current_player == 1
    play(g, "1 play 1C")
    assert texts(g.legal_actions()) == {f"0 play {c}" for c in other.split()}


def test_final_duel_the_deal_keeps_cabreros_rotation_the_previous_mano_deals() -> None:
    g, _ = to_the_duel()
    previous_mano = g.hand.mano
    assert previous_mano == 2  # retired: the next active seat to his right deals
    assert g.next_dealer() == 0
    g.deal()
    assert g.dealer == 0 and g.mano == 1 and g.current_player == 1


def test_final_duel_giving_another_dealer_is_refused() -> None:
    g, _ = to_the_duel()
    with pytest.raises(DealError):
        deal_stock(g, {}, dealer=1)


def test_final_duel_has_no_exchange() -> None:
    g, _ = to_the_duel()
    deal_stock(g, {1: "1C 7O 2O 6E 5E 4E", 0: "4C 5C 6C 7C 10E 2E"}, muestra="12O")
    play(g, "1 play 1C", "0 play 4C")
    assert g.current_player == 1
    assert not [a for a in g.legal_actions() if a.verb == "exchange"]
    with pytest.raises(IllegalAction):
        play(g, "1 exchange 7O")


def test_final_duel_the_lower_total_loses_the_hand() -> None:
    g, _ = to_the_duel()
    g.deal()
    finish_hand(g)
    s = g.summaries[-1]
    pts = [s.points[0], s.points[1]]
    if pts[0] == pts[1]:
        assert s.losers == []
    else:
        assert s.losers == [0 if pts[0] < pts[1] else 1]


def test_final_duel_the_loser_takes_one_mark_and_is_out_whatever_his_lives() -> None:
    g, _ = to_the_duel("cabrero", 0, 4)
    assert g.marks == [0, 0, 4]
    g.deal()
    events: list[object] = []
    while g.phase == "play":
        events += g.apply(next(a for a in g.legal_actions() if a.verb == "play"))
    losers = g.summaries[-1].losers
    assert len(losers) == 1, "this seed's duel hand is not tied"
    loser = losers[0]
    assert g.marks[loser] == 1 and g.retired[loser]  # 1 mark of 4 lives, and out
    assert PlayerRetired(loser) in events


def test_final_duel_the_other_wins_the_match_alone() -> None:
    g, _ = to_the_duel()
    g.deal()
    finish_hand(g)
    loser = g.summaries[-1].losers[0]
    assert g.is_over and g.winners == (1 - loser,) and not g.draw


def test_final_duel_a_tied_hand_is_replayed_with_the_marks_unchanged() -> None:
    g = tied_duel_hand()
    s = g.summaries[-1]
    assert s.points[0] == s.points[1] and s.losers == []
    assert g.marks == [0, 0, 4] and g.retired == [False, False, True]
    assert not g.is_over and g.phase == DEAL and g.ledger.duel
    mano = s.mano
    g.deal()  # the replay: another duel hand, dealt by the previous mano
    assert g.dealer == mano and g.mano == 1 - mano
    assert [h.bit_count() for h in g.hands] == [6, 6, 0]


def test_final_duel_desempate_does_not_apply() -> None:
    g, _ = to_the_duel(desempate=True)
    g.deal()
    assert g.points() == [0, 0, 0]  # no 1/2, 1/4 for the mano and the next
    g2 = tied_duel_hand(desempate=True)  # so a duel hand can tie
    assert g2.summaries[-1].losers == [] and not g2.is_over


def test_final_duel_chancho_forced_cantes_do_not_apply() -> None:
    g, _ = to_the_duel("chancho")
    deal_stock(g, {1: "12C 4B 2B 6E 5E 4E", 0: "11C 4C 6C 7C 10E 2E"}, muestra="12O")
    events = play(g, "1 play 12C", "0 play 11C")  # rey and caballo of copas in one trick
    assert not [e for e in events if isinstance(e, Sung)]
    assert g.hand.cante_points == [0, 0, 0]


def test_final_duel_a_sung_tute_puts_the_other_out() -> None:
    g, _ = to_the_duel()
    deal_stock(g, {1: "1C 12O 12C 12E 12B 4E", 0: "4C 5C 6C 7C 10E 2E"}, muestra="1O")
    play(g, "1 play 1C", "0 play 4C", "1 sing tute")
    s = g.summaries[-1]
    assert s.tute == 1 and s.losers == [0]
    assert g.retired[0] and g.marks[0] == 1 and g.is_over and g.winners == (1,)


# --- Records -----------------------------------------------------------------------------
def test_final_duel_hand_record_keys() -> None:
    g, _ = to_the_duel()
    g.deal()
    pending = summary_json(g)["hands"][-1]  # type: ignore[index]
    assert pending["duel"] is True and pending["complete"] is False
    finish_hand(g)
    doc = summary_json(g)
    hand = doc["hands"][-1]  # type: ignore[index]
    assert hand["duel"] is True and hand["complete"] is True
    for key in ("taken", "points", "cantes", "marks"):
        assert len(hand[key]) == 3  # indexed by the whole table's seats
    assert hand["taken"][2] == 0 and hand["marks"][:2] != [0, 0]
    assert hand["losers"] == [s for s in (0, 1) if hand["marks"][s] == 1]
    assert doc["retired"] == sorted({2, *hand["losers"]})
    assert hand["muestra"] is not None and hand["dealer"] == 0 and hand["mano"] == 1
    assert all("duel" not in h for h in doc["hands"][:-1])  # type: ignore[index]


def test_final_duel_record_deal_lists_nothing_for_the_retired_and_the_stock_as_rest() -> None:
    g, _ = to_the_duel()
    g.deal()
    finish_hand(g)
    log = g.logs[-1]
    assert [len(c) for c in log.deal] == [6, 6, 0] and len(log.rest) == 28
    r = replay(record_from_text(dump_record(g)))
    assert r.error is None and summary_json(r.game) == summary_json(g)


def test_final_duel_illegal_action_in_a_record_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g, _ = to_the_duel()
    deal_stock(g, {1: "1C 7O 2O 6E 5E 4E", 0: "4C 5C 6C 7C 10E 2E"}, muestra="12O")
    text = dump_record(g).replace("    actions: []\n", "    actions: [1 play 1C, 0 play 4C,"
                                  " 1 exchange 7O]\n")
    p = tmp_path / "duel.yaml"
    p.write_text(text, encoding="utf-8")
    code = main(["replay", str(p), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 1
    assert doc["error"]["action"] == 7 and doc["error"]["text"] == "1 exchange 7O"
    assert doc["error"]["hand"] == 5 and doc["error"]["reason"]
    assert doc["hands"][-1]["duel"] is True
