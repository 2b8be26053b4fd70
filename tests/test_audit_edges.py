"""Edges of Cabrero found by an independent audit (issue 10, item 7), each fixed with a test:
named first dealers, rulesets the engine cannot play, the JSON of a malformed record, and
the reason given for a second cante in one trick."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_helpers import capote_record, deal_hand, new_game, play

from tute.cli import main
from tute.engine import DealError, IllegalAction
from tute.resources import rules_dir
from tute.rules import RulesetError
from tute.rules.ruleset import ruleset_from_text

CABRERO = (rules_dir() / "cabrero.yaml").read_text(encoding="utf-8")
TOP_KEYS = {"rules", "players", "hands", "to_act", "legal", "over", "winners", "retired",
            "draw", "error"}


def replay_json(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
                ) -> tuple[int, dict[str, object], str]:
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    code = main(["replay", str(path), "--json"])
    out, err = capsys.readouterr()
    return code, json.loads(out), err


# --- a named first dealer ----------------------------------------------------------------
def test_a_named_first_dealer_must_be_the_seat_before_the_two_of_oros(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/rules.md §1: the holder of the 2 de oros is mano; the seat before him deals. Seat 0
    holds it in the capote record, so only seat 2 may be named."""
    code, out, err = replay_json(tmp_path, capsys, capote_record([]).replace(
        "dealer: 2", "dealer: 0"))
    assert code == 1 and "seat before the holder of the 2 de oros: seat 2, not seat 0" in err
    error = out["error"]
    assert isinstance(error, dict) and error["hand"] == 1 and error["action"] is None
    code, out, _ = replay_json(tmp_path, capsys, capote_record([]))
    assert code == 0 and out["to_act"] == 0


def test_a_named_first_dealer_with_a_shuffled_deal_is_checked_too() -> None:
    g = new_game(4, seed=3)
    with pytest.raises(DealError, match="seat before the holder of the 2 de oros"):
        for dealer in range(4):
            g.deal(dealer=dealer)  # three of the four are wrong; the refusal undoes them
            assert g.dealer == dealer and g.mano == (dealer + 1) % 4
            g = new_game(4, seed=3)


def test_dealer_and_mano_are_never_the_same_seat(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The audit's case: `dealer: 2` made seat 2 dealer and mano at once."""
    text = capote_record([]).replace("- [2O, 1O", "- [10E, 1O").replace(
        "- [10E, 11E", "- [2O, 11E")
    code, _, err = replay_json(tmp_path, capsys, text)
    assert code == 1 and "seat 1, not seat 2" in err


# --- rulesets the engine cannot play ------------------------------------------------------
@pytest.mark.parametrize(("change", "why"), [
    (("deck: spanish40", "deck: spanish36"), "needs the 2 de oros"),
    (("deck: spanish40", "deck: catalan48"), "dealing leaves 0 cards over"),
    (("range: [3, 6]", "range: [2, 6]"), "options.players must lie within players"),
])
def test_a_ruleset_the_engine_cannot_play_is_refused_with_file_and_line(
        change: tuple[str, str], why: str) -> None:
    text = CABRERO.replace(*change, 1)
    with pytest.raises(RulesetError) as exc:
        ruleset_from_text(text, "mine.yaml", "mine")
    assert why in str(exc.value) and str(exc.value).startswith("mine.yaml, line ")


def test_a_strategy_needing_an_option_the_file_lacks_is_refused() -> None:
    text = CABRERO.replace("settlement: marks", "settlement: juegos")
    with pytest.raises(RulesetError, match="settlement 'juegos' needs option 'games_to'"):
        ruleset_from_text(text, "mine.yaml", "mine")


def test_extends_takes_the_base_and_errors_name_the_file_that_wrote_the_key(
        tmp_path: Path) -> None:
    from tute.rules import load_ruleset
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: chancho\nname: {es: Mío, en: Mine}\n"
                    "options:\n  lives:\n    default: 12\n    range: [1, 10]\n"
                    "    label: {es: Rayas, en: Marks}\n"
                    "    description: {es: Rayas., en: Marks.}\n", encoding="utf-8")
    with pytest.raises(RulesetError) as exc:
        load_ruleset(mine)
    assert str(exc.value).startswith(f"{mine}, line 5: ") and "out of range" in str(exc.value)
    mine.write_text("extends: chancho\nname: {es: Mío, en: Mine}\n", encoding="utf-8")
    rules = load_ruleset(mine)
    assert rules.cantes.forced and rules.name["en"] == "Mine" and "lives" in rules.options


def test_extends_merges_an_option_key_by_key(tmp_path: Path) -> None:
    """docs/ruleset-schema.md, ``extends``: a file that changes one key of an option writes
    only that key; the rest (label, range, description) comes from the file it extends, and
    an error in a key it did not write names the base file."""
    from tute.rules import load_ruleset
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: chancho\nname: {es: Mío, en: Mine}\n"
                    "options:\n  lives: {default: 2}\n", encoding="utf-8")
    rules = load_ruleset(mine)
    base = load_ruleset("chancho")
    lives = rules.options["lives"]
    assert lives.default == 2 and base.options["lives"].default != 2
    assert (lives.label, lives.description) == (base.options["lives"].label,
                                                base.options["lives"].description)
    mine.write_text("extends: chancho\nname: {es: Mío, en: Mine}\n"
                    "options:\n  lives: {default: 12}\n", encoding="utf-8")
    with pytest.raises(RulesetError) as exc:
        load_ruleset(mine)
    assert str(exc.value).startswith(f"{mine}, line 4: ") and "out of range" in str(exc.value)


# --- the JSON of a malformed record --------------------------------------------------------
@pytest.mark.parametrize("text", [
    "rules: cabrero\nhands: [\n",                      # not YAML
    "rules: poker\n",                                  # no such ruleset
    "rules: cabrero\noptions: {players: 9}\n",         # a bad option
    "rules: cabrero\nseed: x\n",                       # a bad value
])
def test_a_malformed_record_gives_every_top_level_key_and_the_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> None:
    code, out, err = replay_json(tmp_path, capsys, text)
    assert code == 1 and "Traceback" not in err
    assert set(out) == TOP_KEYS and out["hands"] == [] and out["legal"] == []
    error = out["error"]
    assert isinstance(error, dict) and set(error) == {"action", "hand", "text", "reason"}
    assert error["reason"] and "r.yaml" in str(error["reason"])


def test_a_bad_later_hand_keeps_the_hands_before_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = capote_record([]) + "  - actions: []\n"
    code, out, _ = replay_json(tmp_path, capsys, text)
    assert code == 1 and set(out) == TOP_KEYS
    hands = out["hands"]
    assert isinstance(hands, list) and len(hands) == 1 and hands[0]["complete"] is False
    error = out["error"]
    assert isinstance(error, dict) and error["hand"] == 2
    assert "hand 1 is not finished" in str(error["reason"])


# --- one cante per trick -------------------------------------------------------------------
def test_a_second_cante_in_one_trick_is_refused_as_one_cante_per_trick() -> None:
    """docs/rules.md §0: only one cante per trick won."""
    g = new_game(4, seed=1)
    deal_hand(g, {0: "2O 1C 12O 11O 12E 11E", 1: "2C", 2: "4C", 3: "5C"}, dealer=3)
    assert g.mano == 0 and g.trump == 0
    play(g, "0 play 1C", "1 play 2C", "2 play 4C", "3 play 5C", "0 sing 40")
    with pytest.raises(IllegalAction, match="Only one cante per trick won"):
        play(g, "0 sing 20 E")


def test_play_help_lists_the_bundled_games() -> None:
    """``tute play --help`` names every bundled ruleset (not a list written once by hand),
    and ``tute puzzles``/``tute lesson`` the games that have a file of theirs."""
    from tute.cli import build_parser
    from tute.lessons.file import lesson_names
    from tute.puzzles.data import games_with_puzzles
    from tute.rules.ruleset import bundled_names

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    helps = {name: next(a.help for a in p._actions if a.dest == "game")
             for name, p in sub.choices.items() if name in ("play", "puzzles", "lesson")}
    assert all(name in str(helps["play"]) for name in bundled_names())
    assert all(name in str(helps["puzzles"]) for name in games_with_puzzles())
    assert all(name in str(helps["lesson"]) for name in lesson_names())
