"""Issue 39, items 9, 10, 11, 13 and 21: what grows with its input is bounded (wrapping,
quoted input, the statistics' unknown games, the window's size), and bad command-line input
is told, not a traceback nor a report of zeros."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_helpers import make_app

from tute.cli import main
from tute.rules.ruleset import bundled_names
from tute.rules.yamlio import read
from tute.stats import file
from tute.stats.figures import OTHER_GAMES
from tute.stats.hands import HandRecord
from tute.ui.main import open_app
from tute.ui.menus.statistics import StatisticsScene
from tute.ui.practice.review_records import open_file
from tute.ui.shell.app import MAX_SIZE, App, parse_size
from tute.ui.shell.dialog import Dialog
from tute.ui.widgets import theme
from tute.ui.widgets.controls import label_text
from tute.ui.words import texts


class _CountingFont:
    """A font whose ``size`` counts the characters it is asked to measure."""

    def __init__(self, real: pygame.font.Font, counter: list[int]) -> None:
        self.real, self.counter = real, counter

    def size(self, text: str) -> tuple[int, int]:
        self.counter[0] += len(text)
        return self.real.size(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


def _measured(monkeypatch: pytest.MonkeyPatch, work: Callable[[], object]) -> int:
    """Characters the font measured while ``work`` ran."""
    pygame.font.init()
    real = theme.font
    counter = [0]
    monkeypatch.setattr(theme, "font", lambda size, bold=False, serif=False: _CountingFont(
        real(size, bold, serif), counter))
    work()
    monkeypatch.setattr(theme, "font", real)
    return counter[0]


# ----------------------------------------------------------------- 9. linear wrapping
@pytest.mark.parametrize("unit", ["x", "ab cd ", "/folder"])
def test_item9_wrapping_measures_about_the_text_once(
        monkeypatch: pytest.MonkeyPatch, unit: str) -> None:
    """A word longer than the line, many short words, a deep path: four times the text is
    about four times the measuring (it was sixteen, the whole rest of a long word measured
    for each of its lines), and never more than a few times the text itself."""
    def cost(n: int) -> int:
        return _measured(monkeypatch, lambda: theme.wrap(unit * n, 16, 300))

    small, large = cost(2000 // len(unit)), cost(8000 // len(unit))
    assert large <= 5 * small
    assert large <= 6 * 8000


def test_item9_cut_words_still_fit_and_lose_nothing() -> None:
    pygame.font.init()
    text = "set aside as /" + "x" * 3000 + "/statistics.json " + "ab " * 500
    lines = theme.wrap(text, 16, 300)
    assert all(theme.font(16).size(line)[0] <= 300 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_item9_elide_measures_about_what_it_keeps(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text cut to its box was shortened a character at a time, measured whole each
    time; now the measuring is the text once and about what is kept."""
    message = "x" * 20000
    kept = theme.elide(message, 16, 300)
    assert kept.endswith("…") and theme.font(16).size(kept)[0] <= 300
    assert _measured(monkeypatch, lambda: theme.elide(message, 16, 300)) <= 2 * len(message)


def test_item9_quoted_input_is_cut_in_the_middle() -> None:
    path = "/" + "/".join(f"folder_{i}" for i in range(100)) + "/record.yaml"
    shown = texts.quoted(f"{path}, line 7: action '0 play {'x' * 60000}' is not a card")
    assert len(shown) <= texts.MESSAGE_MOST
    assert shown.startswith("/folder_0/") and "record.yaml, line 7:" in shown
    assert shown.endswith("' is not a card")
    assert texts.quoted("words " * 1000).count("…") == 1
    assert texts.quoted("a short message") == "a short message"


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_item9_a_huge_action_reaches_no_text_whole(home: Path, size: tuple[int, int]) -> None:
    """A record whose action is 60 KB: the dialog saying what is wrong quotes it cut, and
    no text wrapped or drawn grows with it (the window froze 15 s, 1 MB never came back)."""
    record = home / "huge.yaml"
    record.write_text("rules: cabrero\noptions: {players: 4}\nseed: 1\nhands:\n"
                      f"  - actions: ['0 play {'x' * 60000}']\n", encoding="utf-8")
    app = make_app(size)
    theme.text_log = set()
    try:
        assert not open_file(app, str(record))
        app.scenes.changes += 1
        app.step(1 / 60)
        dialog = app.scenes.top
        assert isinstance(dialog, Dialog)
        message = label_text(dialog.message)
        assert "huge.yaml" in message and "is not a card" in message
        assert max(map(len, theme.text_log)) <= texts.MESSAGE_MOST
        assert dialog.panel.height <= app.size[1]
    finally:
        theme.text_log = None
        app.close()


# ----------------------------------------------------------------- 10. unknown games
def _unknown_games_file(n: int) -> None:
    file.save(file.Stats([
        *(file.MatchRecord(f"oldgame{i}", 4, "easy", {}, seed=i, finished=float(i), won=True,
                           hands=[HandRecord("won", 40)]) for i in range(n)),
        file.MatchRecord("cabrero", 4, "easy", {}, seed=99, finished=99.0, won=False,
                         hands=[HandRecord("lost", 12)] * 2),
    ]))


def test_item10_unknown_games_cost_no_reading_of_rulesets(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each unknown name had every ruleset file read in search of an alias, every frame:
    now the screen reads each bundled ruleset (with its base) once at most, however many
    names, and a frame reads none."""
    _unknown_games_file(20)
    reads: list[str] = []

    def counted(path: Path, *more: Any) -> Any:
        reads.append(str(path))
        return read(path, *more)

    monkeypatch.setattr("tute.rules.ruleset.read", counted)
    screen = StatisticsScene(app)
    app.push(screen)
    app.step(1 / 60)
    assert len(reads) <= 2 * len(bundled_names())  # a ruleset and the one it extends
    reads.clear()
    for _ in range(3):
        app.scenes.changes += 1
        app.step(1 / 60)
    assert reads == []


def test_item10_unknown_games_are_one_filter_entry(app: App) -> None:
    _unknown_games_file(20)
    screen = StatisticsScene(app)
    app.push(screen)
    app.step(1 / 60)
    assert screen.game_choice.values == [None, (OTHER_GAMES, None), ("cabrero", None)]
    assert screen.game_choice.show((OTHER_GAMES, None)) == "Other games (20)"
    assert set(screen.figures.measures) == {OTHER_GAMES, "cabrero"}
    screen.game_choice.adjust(1)
    assert (screen.game, screen.figures.hands, screen.figures.matches) == (OTHER_GAMES, 20, 20)
    app.scenes.changes += 1
    app.step(1 / 60)


# ----------------------------------------------------------------- 11. --size bounded
def _window(size: tuple[int, int]) -> tuple[int, int]:
    args = argparse.Namespace(command=None, demo=False, frames=1, screenshot=None,
                              size=f"{size[0]}x{size[1]}", fullscreen=False)
    app = open_app(args, parse_size(args.size))
    try:
        return app.size
    finally:
        app.close()


def test_item11_a_size_beyond_the_screen_is_cut_to_it(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    """The largest desktop pygame reports bounds the window (99999x99999 took 8.5 GB)."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1024, 768),
                                                                      (1366, 768)])
    assert _window((5000, 3000)) == (1366, 768)
    err = capsys.readouterr().err
    assert "--size 5000x3000" in err and "the screen (1366x768)" in err
    assert "opens at 1366x768" in err
    assert _window((1200, 700)) == (1200, 700)
    assert capsys.readouterr().err == ""


def test_item11_without_a_screen_the_size_has_a_sane_limit(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _window((5000, 1000)) == (MAX_SIZE[0], 1000)
    assert f"opens at {MAX_SIZE[0]}x1000" in capsys.readouterr().err
    assert _window((1920, 1080)) == (1920, 1080)  # a headless screenshot at a real size


# ----------------------------------------------------------------- 13. --screenshot
@pytest.mark.parametrize("where", ["folder", "full", "long", "under_a_file"])
def test_item13_a_screenshot_that_cannot_be_written_is_told(
        home: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    (home / "a_file").write_text("x")
    target = {"folder": str(home), "full": "/dev/full",
              "long": str(home / ("a" * 300 + ".png")),
              "under_a_file": str(home / "a_file" / "shot.png")}[where]
    if where == "full" and not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    assert main(["--frames", "1", "--screenshot", target]) == 1
    err = capsys.readouterr().err
    assert f"could not save the screenshot as {target}: " in err
    assert "Traceback" not in err and err.count("\n") == 1


def test_item13_a_screenshot_cut_short_leaves_the_older_one_whole(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A full disk while the new frame is written: the file of that name is the older
    screenshot, whole, and no part of the new one is left beside it."""
    target = home / "shot.png"
    assert main(["--frames", "1", "--screenshot", str(target)]) == 0
    before = target.read_bytes()

    def full(_fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", full)
    assert main(["--size", "900x600", "--frames", "1", "--screenshot", str(target)]) == 1
    assert "could not save the screenshot" in capsys.readouterr().err
    assert target.read_bytes() == before
    assert [p.name for p in home.iterdir() if p.name.startswith("shot.png")] == ["shot.png"]


def test_item13_a_screenshot_is_still_saved_where_asked(home: Path) -> None:
    target = home / "new folder" / "shot.png"
    assert main(["--frames", "1", "--screenshot", str(target)]) == 0
    assert pygame.image.load(str(target)).get_size() == (1280, 800)


# ----------------------------------------------------------------- 21. tute stats input
@pytest.mark.parametrize(("argv", "told"), [
    (["--game", "nosuch"], "--game 'nosuch': no such game (known: arrastrado, bato,"),
    (["--players", "-1"], "--players -1: not a number at the table (the games are played "
                          "by 2, 3, 4, 5, 6)"),
    (["--game", "cabrero", "--players", "9"], "('cabrero' is played by 3, 4, 5, 6)"),
])
def test_item21_stats_names_an_unknown_game_or_table_size(
        home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], told: str) -> None:
    """It printed zeros and exit status 0, as if nothing had been played."""
    assert main(["stats", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and told in err


def test_item21_stats_knows_the_games_of_its_file_and_the_aliases(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A game this version no longer has is still asked for by its name; an alias counts
    the matches of its ruleset."""
    _unknown_games_file(2)
    assert main(["stats", "--game", "oldgame1", "--json"]) == 0
    assert '"hands": 1,' in capsys.readouterr().out
    assert main(["stats", "--game", "cabrero", "--players", "4", "--json"]) == 0
    assert '"hands": 2,' in capsys.readouterr().out
    assert main(["stats", "--game", "habanero", "--json"]) == 0
    assert capsys.readouterr().out.startswith('{"game": "dos",')
    assert main(["stats", "--game", "nosuch"]) == 2
    assert "oldgame0, oldgame1" in capsys.readouterr().err


def test_item21_an_unknown_level_or_option_was_already_refused(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """(These two already failed with status 2 before the fix: kept so they stay so.)"""
    with pytest.raises(SystemExit) as exit_:
        main(["stats", "--level", "nosuch"])
    assert exit_.value.code == 2
    assert main(["stats", "--game", "cabrero", "--option", "nosuch=1"]) == 2
    assert "NAME one of lives" in capsys.readouterr().err
