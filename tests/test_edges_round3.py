"""Issue 46 (nothing lost, round 3), its edges: text from files is only text (R09, R10),
one lock story for every window (R01, R14, R26), a player's file the engine cannot play
refused at load (R20), and the command line's lows (R11, R15, R16, R17, R22-R25). Each test
is named for the finding it closes."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import time
from pathlib import Path

import pytest
from cli_helpers import one_line, tute

from tute import instance, store
from tute.resources import asset
from tute.rules import RulesetError, load_ruleset

LESSON = asset("lessons", "cabrero.yaml").read_text(encoding="utf-8")
INTRO = "contra {right}, {across}"
"""Words of the cabrero lesson's first caption (Spanish), where the tests write a field."""


pytestmark = pytest.mark.usefixtures("cli_home")






def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def home() -> Path:
    folder = store.data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def opener_file(tmp_path: Path, field: str) -> Path:
    return write(tmp_path / "mine.yaml", "extends: cabrero\nname: {es: Mío, en: Mine}\n"
                 "ui:\n  opener:\n    - {es: \"Rayas: " + field + "\", en: \"Marks: "
                 + field + "\"}\n")


# ----------------------------------------------------------------- 3. text is text
@pytest.mark.parametrize("field", ["{renuncio:d}", "{lives:>200000000}", "{lives!r}",
                                   "{lives.real}", "{lives[0]}", "{0}", "{}"])
def test_r09_an_opener_with_a_format_spec_is_refused_at_load(tmp_path: Path,
                                                             field: str) -> None:
    """A player's opener may name options as {lives}, nothing more: a format spec
    (`{renuncio:d}` killed the window; `{lives:>200000000}` grew it to 1.78 GB), a
    conversion, an attribute, an index or a number is refused with file and line."""
    path = opener_file(tmp_path, field)
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert caught.value.source == str(path) and caught.value.line == 5
    assert "only a plain {name}" in caught.value.message
    code, err = tute("play", str(path), "--frames", "1")
    assert code == 2
    one_line(err, "mine.yaml, line 5", "ui.opener.0.es")


def test_r09_the_window_fills_words_without_formatting_them() -> None:
    """Whatever got through, the window's filling never formats: a spec is left as
    written rather than building a string of hundreds of megabytes or raising."""
    from tute import filetext

    started = time.perf_counter()
    assert filetext.fill("{lives:>200000000} {lives}", {"lives": 4}) == (
        "{lives:>200000000} 4")
    assert filetext.fill("{renuncio:d} {x.y} {{a}}", {"renuncio": "penalize"}) == (
        "{renuncio:d} {x.y} {a}")
    assert time.perf_counter() - started < 0.1


def test_r09_a_name_in_a_text_that_fills_nothing_is_refused(tmp_path: Path) -> None:
    """Only the opener's lines fill names in: {lives} in a blurb or a label would be shown
    as written, so it is refused at its line."""
    path = write(tmp_path / "blurb.yaml", "extends: cabrero\nname: {es: Mío, en: Mine}\n"
                 "ui:\n  blurb: {es: \"hasta {lives}\", en: \"to {lives}\"}\n")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert caught.value.line == 4 and "'{lives}' fills in nothing here" in caught.value.message


def test_r09_the_bundled_openers_still_fill_their_options() -> None:
    from tute.ui.learning.openers import lines

    assert any("whoever reaches 3 is out" in line for line in lines("cabrero", {"lives": 3}))


@pytest.mark.parametrize(("field", "why"), [
    ("{right:d}", "only a plain {name}"), ("{seat9}", "'{seat9}' names nothing"),
    ("{right.__class__}", "not a number, an attribute or an index")])
def test_r10_a_lesson_caption_with_a_spec_or_an_absent_seat_is_refused_alike(
        tmp_path: Path, field: str, why: str) -> None:
    """--check and the window refuse the lesson with the same one line (before, --check
    said `{right:d}` was ok and the window died on it)."""
    path = write(tmp_path / "lesson.yaml", LESSON.replace(INTRO, "contra " + field + ", {across}"))
    code, checked = tute("lesson", str(path), "--check", "--lang", "es")
    assert code == 1
    line = one_line(checked, "lesson.yaml, line ", why)
    code, windowed = tute("lesson", str(path), "--frames", "2")
    assert code == 1 and windowed.splitlines() == [line]


def test_r10_a_lesson_that_holds_opens_its_window(tmp_path: Path) -> None:
    path = write(tmp_path / "lesson.yaml", LESSON)
    assert tute("lesson", str(path), "--frames", "2") == (0, "")


# ----------------------------------------------------------------- 4. one lock story
def test_r01_a_lesson_window_holds_the_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lesson's window takes the data folder's lock like the game's: while it runs no
    other window can open there, and while another runs it is refused, writing nothing."""
    from tute.ui.shell.app import App

    held: list[bool] = []
    run = App.run

    def looking(self: App, frames: int | None = None, screenshot: str | None = None) -> int:
        try:
            instance.claim(home()).release()
            held.append(False)
        except instance.AlreadyOpen:
            held.append(True)
        return run(self, frames, screenshot)

    monkeypatch.setattr(App, "run", looking)
    assert tute("lesson", "cabrero", "--frames", "2") == (0, "")
    assert held == [True]


def test_r01_a_lesson_is_refused_while_another_window_holds_the_folder() -> None:
    store.save_match(store.SavedMatch(record="rules: cabrero\nseed: 3\n", level="easy"))
    before = (home() / store.MATCH_FILE).read_bytes()
    lock = instance.claim(home())
    try:
        code, err = tute("lesson", "cabrero", "--frames", "2")
    finally:
        lock.release()
    assert code == 1
    one_line(err, "already open in another window")
    assert (home() / store.MATCH_FILE).read_bytes() == before


def test_r01_a_review_window_is_refused_too(tmp_path: Path) -> None:
    """The review's window reaches the menu, and from it the saved match: it holds the
    lock as well."""
    from engine_helpers import capote_record

    record = write(tmp_path / "r.yaml", capote_record([]))
    lock = instance.claim(home())
    try:
        code, err = tute("review", str(record), "--frames", "2")
    finally:
        lock.release()
    assert code == 1
    one_line(err, "already open in another window")
    assert tute("review", str(record), "--frames", "2") == (0, "")


def test_r14_an_unopenable_lock_plays_without_writing_and_says_why() -> None:
    """tute.lock cannot be opened (here a folder stands in its place): the window cannot
    tell whether another is open, so it writes nothing, and says why once on stderr and
    in a dialog (before, it played as the only window and a second one did too)."""
    from tute.ui.main import start
    from tute.ui.shell.dialog import Dialog
    from tute.ui.widgets.controls import label_text

    store.save_match(store.SavedMatch(record="rules: cabrero\nseed: 3\n", level="easy"))
    before = (home() / store.MATCH_FILE).read_bytes()
    (home() / instance.LOCK_FILE).mkdir()
    args = argparse.Namespace(command=None, demo=False, frames=None, screenshot=None,
                              size=None, fullscreen=False, seed=None)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        app = start(args, None, None)
    try:
        one_line(err.getvalue(), "cannot lock", instance.LOCK_FILE, "without saving")
        dialog = app.scenes.top
        assert isinstance(dialog, Dialog) and label_text(dialog.title) == "Nothing can be saved"
        store.clear_match()  # what leaving or finishing the other window's match would do
        assert (home() / store.MATCH_FILE).read_bytes() == before
    finally:
        app.close()


def test_r26_a_start_refused_by_the_lock_exits_non_zero_with_one_line() -> None:
    lock = instance.claim(home())
    try:
        code, err = tute("play", "cabrero", "--frames", "2")
    finally:
        lock.release()
    assert code == 1
    one_line(err, "already open in another window")


# ----------------------------------------------------------------- 5. unplayable files
def test_r20_a_called_partner_with_cards_dealt_to_nobody_is_refused_at_load(
        tmp_path: Path) -> None:
    """Codillo with the dealer sitting out at four: three hands of 13 leave one card
    undealt, and a called card nobody holds left the engine without a partner
    (StopIteration at the table, in simulate and in hard's guessing)."""
    path = write(tmp_path / "r20.yaml", "extends: codillo\nname: {es: Mío, en: Mine}\n"
                 "dealer_sits_out: [4, 6]\n")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert (caught.value.source, caught.value.line) == (str(path), 3)
    assert "call_partner" in caught.value.message and "with 4 players" in caught.value.message
    code, err = tute("simulate", str(path), "--players", "4", "--seats",
                     "hard,easy,easy,easy", "--hands", "2")
    assert code == 2
    one_line(err, "r20.yaml, line 3", "dealt to nobody")


def test_r17_a_file_widening_players_is_blamed_at_its_own_line(tmp_path: Path) -> None:
    """The bundled deck is fine for the bundled player counts: the fault is the player's
    file's wider range, so its file and line are named, not cabrero.yaml's deck."""
    path = write(tmp_path / "wide.yaml", "extends: cabrero\nname: {es: Mío, en: Mine}\n"
                 "players: {min: 3, max: 8}\noptions:\n  players:\n    default: 4\n"
                 "    range: [3, 8]\n    label: {es: J, en: P}\n"
                 "    description: {es: J, en: P}\n")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert caught.value.source == str(path) and 5 <= (caught.value.line or 0) <= 9
    assert "7 players" in caught.value.message and "cabrero.yaml" not in str(caught.value)


def test_r17_a_file_narrowing_players_is_blamed_at_its_own_line(tmp_path: Path) -> None:
    """Narrowing `players` below the bundled option's range: the player's line is named."""
    path = write(tmp_path / "narrow.yaml", "extends: cabrero\nname: {es: Mío, en: Mine}\n"
                 "players: {min: 4, max: 5}\n")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert (caught.value.source, caught.value.line) == (str(path), 3)
    assert caught.value.message == ("options.players must lie within players (4 to 5), "
                                    "not 3, 6")


# ----------------------------------------------------------------- the command line's lows
@pytest.mark.parametrize(("change", "why"), [
    (("rules: cabrero", "rules: nosuch"), "no ruleset named 'nosuch'"),
    (("options: {players: 4}", "options: {players: 4, lives: 99}"), "out of range"),
    (("  - [2O, 1C, 11C", "  - [1O, 1C, 11C"), "1O is dealt twice")])
def test_r11_a_lesson_the_engine_refuses_is_one_line_in_the_window_too(
        tmp_path: Path, change: tuple[str, str], why: str) -> None:
    path = write(tmp_path / "bad.yaml", LESSON.replace(*change))
    code, checked = tute("lesson", str(path), "--check")
    assert code == 1
    line = one_line(checked, "bad.yaml", why)
    code, windowed = tute("lesson", str(path), "--frames", "2")
    assert code == 1 and windowed.splitlines() == [line]


@pytest.mark.parametrize("code", ["\x1b[31mDOS-3T266-0G5M7", "DOS-\x1b]0;owned\x07-0G5M7",
                                  "\x9b2J" + "A" * 100])
def test_r15_a_refused_deal_code_is_echoed_without_its_escapes(code: str) -> None:
    for command in ("deal", "compare"):
        status, err = tute(command, code)
        assert status == 2
        line = one_line(err, "not a deal code")
        assert not re.search(r"[\x00-\x1f\x7f-\x9f]", line), line


@pytest.mark.parametrize("guesses", ["-1", "0", str(10**20), "x"])
def test_r16_compare_guesses_out_of_range_are_refused(guesses: str) -> None:
    status, err = tute("compare", "DOS-3T266-0G5M7", "--guesses", guesses)
    assert status == 2 and "--guesses" in err and "Traceback" not in err


@pytest.mark.parametrize("hand", ["0", "-2"])
def test_r22_review_hand_zero_or_less_is_refused(tmp_path: Path, hand: str) -> None:
    status, err = tute("review", str(tmp_path / "none.yaml"), "--hand", hand)
    assert status == 2 and "--hand: expected 1 to" in err


def test_r23_the_size_message_quotes_the_size_asked(capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    """`--size 100x99999` was reported as `--size 800x99999`, a size nobody asked for."""
    from tute.ui.main import open_app
    from tute.ui.shell.app import parse_size

    args = argparse.Namespace(command=None, demo=False, frames=1, screenshot=None,
                              size="100x99999", fullscreen=False)
    app = open_app(args, parse_size(args.size))
    app.close()
    err = capsys.readouterr().err
    assert "--size 100x99999 is larger than" in err and "smaller than the smallest" in err
    with pytest.raises(ValueError, match=r"not '12\\x1bx4'"):
        parse_size("12\x1bx4")


def test_r24_an_undefined_alias_is_said_plainly(tmp_path: Path) -> None:
    path = write(tmp_path / "alias.yaml", "extends: cabrero\nname: *" + "secret" * 200 + "\n")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert caught.value.line == 2 and "secret" not in str(caught.value)
    assert "aliases (*name) are not allowed" in caught.value.message


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_r25_extends_naming_a_folder_or_fifo_says_what_it_is(tmp_path: Path,
                                                            kind: str) -> None:
    target = tmp_path / "base.yaml"
    if kind == "folder":
        target.mkdir()
    else:
        os.mkfifo(target)
    for name in ("base.yaml", "base"):
        path = write(tmp_path / "mine.yaml", f"extends: {name}\n")
        started = time.perf_counter()
        with pytest.raises(RulesetError) as caught:
            load_ruleset(path)
        assert time.perf_counter() - started < 5  # a FIFO is never opened
        assert caught.value.line == 1
        assert f"is a {'folder' if kind == 'folder' else 'FIFO'}, not a ruleset file" in (
            caught.value.message)

