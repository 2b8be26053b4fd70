"""Lesson files (issue 42): every bundled lesson plays through the engine in every language,
the reader says what is wrong and where, and every key it accepts is documented."""

from __future__ import annotations

import re
from pathlib import Path
from typing import cast

import pytest

from tute.cli import main
from tute.lessons import SCORED, LessonError, lesson_names, lesson_path, load_lesson
from tute.lessons.check import LANGUAGES, check_lesson
from tute.lessons.file import END_KEYS, FIELDS, MOMENTS, POINTS, STEP_KEYS, TOP_KEYS
from tute.rules.ruleset import bundled_names

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", lesson_names())
def test_item3_every_lesson_checks_in_every_language(game: str, lang: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lesson", game, "--check", "--lang", lang]) == 0
    steps = len(load_lesson(game).steps)
    assert capsys.readouterr().out == f"lesson {game}: {steps} steps ok\n"


@pytest.mark.parametrize("game", bundled_names())
def test_item42_every_bundled_game_has_a_lesson_that_checks(
        game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every ruleset of config/rules/ has its lesson, which teaches that game and plays
    through in every language: a new game without one fails here."""
    assert game in lesson_names(), f"no assets/lessons/{game}.yaml"
    assert load_lesson(game).rules == game
    assert main(["lesson", game, "--check"]) == 0
    assert capsys.readouterr().out == f"lesson {game}: {len(load_lesson(game).steps)} steps ok\n"


def variant(tmp_path: Path, old: str, new: str, game: str = "cabrero") -> Path:
    """The bundled lesson with ``old`` replaced by ``new`` (once), as a file of its own."""
    text = lesson_path(game).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"{game}.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_item1_an_unknown_key_is_named_with_its_line(tmp_path: Path) -> None:
    path = variant(tmp_path, "    point: hand\n", "    pointer: hand\n")
    with pytest.raises(LessonError) as err:
        load_lesson(path)
    assert err.value.line == line_of(path, "pointer: hand") and "unknown key 'pointer'" in str(
        err.value)


def test_item1_a_bad_card_in_the_deal_is_named_with_its_line(tmp_path: Path) -> None:
    path = variant(tmp_path, "[1O, 12O, 11O,", "[1O, 13O, 11O,")
    with pytest.raises(LessonError) as err:
        load_lesson(path)
    assert err.value.line == line_of(path, "13O") and "deal, seat 0" in str(err.value)


def test_item1_each_of_the_players_actions_needs_its_step(tmp_path: Path) -> None:
    path = variant(tmp_path, "  - do: play 5E\n    point: card\n",
                   "  - at: before 0 play 5E\n    point: card 5E\n")
    with pytest.raises(LessonError) as err:
        load_lesson(path)
    assert "action 14 is the player's" in str(err.value)
    assert err.value.line == line_of(path, "  - 0 play 5E")


def test_item1_a_moment_not_in_the_script_is_refused(tmp_path: Path) -> None:
    path = variant(tmp_path, "  - at: result\n", "  - at: after 2 play 1O\n")
    with pytest.raises(LessonError) as err:
        load_lesson(path)
    assert "no '2 play 1O'" in str(err.value) and err.value.line == line_of(
        path, "at: after 2 play 1O")


def test_item3_an_illegal_scripted_card_fails_the_check_at_its_line(tmp_path: Path) -> None:
    path = variant(tmp_path, "  - 2 play 7C\n", "  - 2 play 7B\n")
    with pytest.raises(LessonError) as err:
        check_lesson(load_lesson(path), "en")
    assert err.value.line == line_of(path, "2 play 7B") and "action 2" in str(err.value)
    assert main(["lesson", str(path), "--check"]) == 1


def test_item3_a_pointer_at_nothing_fails_the_check(tmp_path: Path) -> None:
    path = variant(tmp_path, "    point: trump\n", "    point: trick\n")
    with pytest.raises(LessonError) as err:
        check_lesson(load_lesson(path), "es")
    assert "points at the trick" in str(err.value) and err.value.line == line_of(
        path, "point: trick") - 1


def test_item3_a_name_its_moment_cannot_fill_fails_the_check(tmp_path: Path) -> None:
    path = variant(tmp_path, "Estas son tus diez cartas.", "Estas son tus diez cartas, {led}.")
    with pytest.raises(LessonError) as err:
        check_lesson(load_lesson(path), "es")
    assert "'{led}' names nothing" in str(err.value)
    with pytest.raises(LessonError) as err:  # checked in English, the Spanish still counts:
        check_lesson(load_lesson(path), "en")  # a player may switch language mid-lesson
    assert "step 2 (es): '{led}' names nothing" in str(err.value)


def test_item3_a_caption_with_no_catalan_fails_the_check_in_catalan(tmp_path: Path) -> None:
    path = variant(tmp_path, "en: Your cards}", "en: Your ten cards}")
    check_lesson(load_lesson(path), "es")
    with pytest.raises(LessonError) as err:
        check_lesson(load_lesson(path), "ca")
    assert "no Catalan" in str(err.value)


def test_item1_every_key_the_reader_accepts_is_documented() -> None:
    doc = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    rows = set(re.findall(r"^\| `([^`]+)` \|", doc, re.M))
    for table in (TOP_KEYS, STEP_KEYS, END_KEYS, MOMENTS, POINTS, FIELDS):
        assert set(table) <= rows | {"title", "text"}, set(table) - rows


def test_item42_sides_is_refused_in_a_game_each_plays_for_himself(tmp_path: Path) -> None:
    path = variant(tmp_path, "las diez de últimas:\n        {totals}",
                   "las diez de últimas:\n        {sides}")
    with pytest.raises(LessonError) as err:
        check_lesson(load_lesson(path), "es")
    assert "'{sides}' names nothing" in str(err.value)
    check_lesson(load_lesson("parejas"), "es")  # teams: each side's points


def test_item3_a_decision_the_rules_refuse_fails_the_check_at_its_step(tmp_path: Path) -> None:
    """The player's bid is scripted below the lowest bid: the check names the step asking
    for it, where the pointer would ring an answer the bidding panel does not offer."""
    path = variant(tmp_path, "  - 0 bid 60\n", "  - 0 bid 45\n", "subastado")
    path.write_text(path.read_text().replace("  - do: bid 60\n", "  - do: bid 45\n"))
    with pytest.raises(LessonError) as err:
        check_lesson(load_lesson(path), "en")
    assert err.value.line == line_of(path, "do: bid 45")
    assert "'bid 45' is not allowed at its moment: The lowest bid now is 50." in str(err.value)


def test_item1_a_question_pointer_needs_a_question_answered(tmp_path: Path) -> None:
    """Bato's discard is chosen on the hand, not in a question panel."""
    path = variant(tmp_path, "    point: choice\n    title: {es: El descarte",
                   "    point: question\n    title: {es: El descarte", "bato")
    with pytest.raises(LessonError) as err:
        load_lesson(path)
    assert "point: 'question' needs a do that answers one" in str(err.value)
    assert err.value.line == line_of(path, "point: question")


def test_item3_the_scoreboard_is_pointed_at_once_the_cards_are_dealt(tmp_path: Path) -> None:
    path = variant(tmp_path, "  - at: start\n", "  - at: start\n    point: score\n", "bato")
    with pytest.raises(LessonError) as err:
        check_lesson(load_lesson(path), "en")
    assert "points at the score, which is not on the table" in str(err.value)
    check_lesson(load_lesson(lesson_path("bato")), "en")  # its result points at it


def test_item42_guinotes_lesson_ends_as_its_words_say() -> None:
    """Guiñote's result caption names the sides' buenas and malas: the script must end so,
    with the 7 exchanged by the player and the partida won on 101, not on treinta malas."""
    from tute.engine import Game
    from tute.rules import load_ruleset

    lesson = load_lesson("guinote")
    game = Game(load_ruleset(lesson.rules), lesson.options, seed=0)
    game.deal(lesson.deal, lesson.rest, lesson.dealer)
    for action in lesson.actions:
        game.apply(action)
    s = game.summaries[-1].to_json()
    assert (s["partida_winner"], s["reason"], s["exchanges"]) == (0, "101", ["0 7E"])
    ours, theirs = cast(list[int], s["team_points"])
    assert min(cast(list[int], s["card_points"])) >= 30 and ours >= 101 > theirs
    words = next(step.text for step in lesson.steps if step.at == SCORED)
    assert f"{ours - 50} buenas" in words["es"] and f"{theirs} malas" in words["es"]
    assert f"{ours - 50} buenas" in words["en"] and f"{theirs} malas" in words["en"]
