"""Game records and `tute replay` (docs/design.md, "Game records and the command line")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from engine_helpers import capote_record, finish_hand, new_game

from tute.cli import main
from tute.engine.record import dump_record

# Seat 0 holds every trump and the three other aces: he takes all 13 tricks.
CAPOTE_ACTIONS = [
    "0 play 1B", "1 play 2E", "2 play 2B",
    "0 play 1E", "1 play 4E", "2 play 10E",
    "0 play 1C", "1 play 2C", "2 play 3B",
    "0 play 3C", "1 play 4C", "2 play 4B",
    "0 play 1O", "1 play 5C", "2 play 5B",
    "0 play 3O", "1 play 6C", "2 play 6B",
    "0 play 12O", "1 play 7C", "2 play 7B",
    "0 play 11O", "1 play 10C", "2 play 10B",
    "0 play 10O", "1 play 11C", "2 play 11B",
    "0 play 7O", "1 play 12C", "2 play 12B",
    "0 play 6O", "1 play 5E", "2 play 11E",
    "0 play 5O", "1 play 6E", "2 play 12E",
    "0 play 4O", "1 play 7E", "2 play 3E",
]


def write(tmp_path: Path, text: str, name: str = "r.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["replay", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_hand_made_capote_record_replays_to_the_rules_result(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(write(tmp_path, capote_record(CAPOTE_ACTIONS))), "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert set(doc) == {"rules", "players", "hands", "to_act", "legal", "retired", "over",
                        "winners", "draw"}
    hand = doc["hands"][0]
    assert hand == {
        "dealer": 2, "mano": 0, "trump": "O", "muestra": None, "taken": [13, 0, 0],
        "points": [130, 0, 0], "cantes": [[], [], []], "last_trick": 0, "losers": [1, 2],
        "capote": 0, "tute": None, "renuncio": None, "false_accusation": None,
        "marks": [0, 1, 1], "complete": True,
    }
    assert doc["rules"] == "cabrero" and doc["players"] == 3 and doc["over"] is False
    assert doc["to_act"] is None and doc["legal"] == []


def test_record_stopping_mid_hand_says_who_acts_and_what_is_legal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(write(tmp_path, capote_record(CAPOTE_ACTIONS[:4]))),
                       "--json")
    doc = json.loads(out)
    assert code == 0
    hand = doc["hands"][0]
    assert hand["complete"] is False and hand["taken"] == [1, 0, 0]
    assert doc["to_act"] == 1
    assert doc["legal"] == ["4E", "5E", "6E", "7E"]  # must follow espadas, none beats 1E


def test_sing_actions_are_listed_as_record_text(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    text = capote_record(CAPOTE_ACTIONS[:3])  # seat 0 won with 1B and holds 12O 11O
    code, out, _ = run(capsys, str(write(tmp_path, text)), "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["to_act"] == 0 and "sing 40" in doc["legal"] and "1O" in doc["legal"]


def test_illegal_action_exits_1_with_one_line_naming_number_text_and_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    actions = [*CAPOTE_ACTIONS[:4], "1 play 2C"]
    code, out, err = run(capsys, str(write(tmp_path, capote_record(actions))), "--json")
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert "action 5" in lines[0] and "'1 play 2C'" in lines[0]
    assert "You must follow swords" in lines[0]
    doc = json.loads(out)
    assert doc["error"]["action"] == 5 and doc["error"]["text"] == "1 play 2C"
    assert "must follow" in doc["error"]["reason"]
    assert doc["hands"][0]["complete"] is False and doc["to_act"] == 1


@pytest.mark.parametrize(("bad", "why"), [
    ("1 plya 2C", "unknown action"),
    ("7 play 2C", "not a seat"),
    ("1 play 2X", "not a card"),
    ("0 play 2E", "seat 1's turn"),
    ("1 sing 40", "just won a trick"),
    ("1", "expected 'SEAT VERB ARGS'"),
])
def test_malformed_action(tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str,
                          why: str) -> None:
    code, _, err = run(capsys, str(write(tmp_path, capote_record([*CAPOTE_ACTIONS[:1], bad]))))
    assert code == 1 and "action 2" in err and why in err and len(err.splitlines()) == 1


BAD_RECORDS = [
    ("yaml syntax", "rules: cabrero\nhands: [\n", 3, "YAML syntax error"),
    ("unknown key", "rules: cabrero\nsede: 3\n", 2, "unknown key 'sede'"),
    ("duplicate key", "rules: cabrero\nseed: 1\nseed: 2\n", 3, "duplicate key 'seed'"),
    ("no rules", "seed: 1\n", 1, "missing key 'rules'"),
    ("bad seed", "rules: cabrero\nseed: many\n", 2, "seed: expected a whole number"),
    ("bad option", "rules: cabrero\noptions: {players: 9}\n", 2, "out of range"),
    ("unknown option", "rules: cabrero\noptions: {lifes: 2}\n", 2, "unknown option"),
    ("unknown ruleset", "rules: poker\n", None, "no ruleset named 'poker'"),
    ("bad card", "rules: cabrero\nhands:\n  - deal: [[1O, 9X]]\n", 3, "not a card"),
    ("hand not a mapping", "rules: cabrero\nhands:\n  - 3\n", 3, "hand 1: expected a mapping"),
]


@pytest.mark.parametrize(("case", "text", "line", "what"), BAD_RECORDS,
                         ids=[c[0] for c in BAD_RECORDS])
def test_malformed_record_is_refused_with_line_and_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str, text: str,
        line: int | None, what: str) -> None:
    path = write(tmp_path, text)
    code, out, err = run(capsys, str(path), "--json")
    assert code == 1 and what in err and "Traceback" not in err
    if line is not None:
        assert f"line {line}:" in err
    assert json.loads(out)["error"]["reason"]


def test_deal_errors_name_the_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dup = capote_record([]).replace("[2C, 4C", "[2O, 4C")
    code, _, err = run(capsys, str(write(tmp_path, dup)))
    assert code == 1 and "hand 1: 2O is dealt twice" in err and "line 5" in err
    short = capote_record([]).replace("2C, 4C, ", "")
    code, _, err = run(capsys, str(write(tmp_path, short)))
    assert code == 1 and "seat 1 is dealt 11 cards; it must get 13" in err
    wrong_rest = capote_record([]).replace("rest: [3C]", "rest: [1O]")
    code, _, err = run(capsys, str(write(tmp_path, wrong_rest)))
    assert code == 1 and "rest must hold exactly the 1 cards not dealt (3C)" in err


def test_hand_following_an_unfinished_hand_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = capote_record(CAPOTE_ACTIONS[:3]) + "  - actions: []\n"
    code, _, err = run(capsys, str(write(tmp_path, text)))
    assert code == 1 and "hand 1 is not finished but another hand follows" in err


def test_records_name_rulesets_by_path_relative_to_the_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tute.resources import rules_dir

    (tmp_path / "house").mkdir()
    (tmp_path / "house" / "mine.yaml").write_text(
        (rules_dir() / "chancho.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    text = capote_record(CAPOTE_ACTIONS[:3]).replace("rules: cabrero", "rules: house/mine.yaml")
    code, out, _ = run(capsys, str(write(tmp_path, text)), "--json")
    assert code == 0 and json.loads(out)["rules"] == "mine"


def test_text_output_describes_each_hand(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(write(tmp_path, capote_record(CAPOTE_ACTIONS))))
    assert code == 0
    assert "Hand 1: dealer 2, mano 0, trumps coins" in out
    assert "losers 1, 2 (capote by another player)" in out


def test_a_played_match_written_as_a_record_replays_to_the_same_result(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = new_game(5, rules="chancho", seed=11, lives=2)
    while not g.is_over:
        g.deal()
        finish_hand(g)
    path = write(tmp_path, dump_record(g))
    code, out, _ = run(capsys, str(path), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["over"] is True and doc["winners"] == list(g.winners)
    assert len(doc["hands"]) == len(g.summaries)


def test_console_entry_point(tmp_path: Path) -> None:
    path = write(tmp_path, capote_record(CAPOTE_ACTIONS))
    proc = subprocess.run([sys.executable, "-m", "tute.cli", "replay", str(path), "--json"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and json.loads(proc.stdout)["hands"][0]["capote"] == 0


def test_a_replayed_match_shuffles_its_next_hand_as_the_original_would() -> None:
    """Chance is drawn alike for given deals, so a resumed match goes on as it would have."""
    from tute.engine.record import record_from_text, replay

    for players in (4, 6):
        g = new_game(players, seed=21)
        for _ in range(2):
            g.deal()
            finish_hand(g)
        resumed = replay(record_from_text(dump_record(g))).game
        g.deal()
        resumed.deal()
        assert resumed.hands == g.hands and resumed.dealer == g.dealer


def test_a_refused_deal_leaves_the_generator_untouched() -> None:
    from tute.engine import DealError

    g = new_game(6, seed=3)
    before = g.rng.getstate() if g.rng else None
    with pytest.raises(DealError):
        g.deal(deal=[[0]] * 6)
    assert g.rng is not None and g.rng.getstate() == before
