"""A player's own ruleset, given by path (issue 39, round 2): every screen and command takes
it as it takes a bundled one, its matches are saved so that they resume from anywhere, and
what a record or a file holds is never echoed raw."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from ui_helpers import frames, top

from tute import store
from tute.cli import main
from tute.engine import Game
from tute.engine.record import (
    RECORD_LIMIT,
    dump_record,
    load_record,
    record_from_text,
    replay,
)
from tute.rules import load_ruleset
from tute.rules.yamlio import MAX_NODES, parse
from tute.ui.learning import openers
from tute.ui.main import play_setup
from tute.ui.menus.begin import describe, resume_match
from tute.ui.menus.menu import MenuScene
from tute.ui.menus.rules_help import RulesScene
from tute.ui.menus.statistics import game_name
from tute.ui.practice.review import ReviewScene
from tute.ui.practice.review_records import RecordsScene
from tute.ui.shell.app import App
from tute.ui.shell.dialog import Dialog
from tute.ui.table.scene import TableScene
from tute.ui.table.session import ResumeError, Session
from tute.ui.words import games

MINE = "extends: cabrero\nname: {es: Mío, en: Mine}\n"


def tute(*args: str) -> tuple[int, str, str]:
    """``tute ARGS`` in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def played(rules_path: str | Path, players: int = 3, actions: int = 5) -> Game:
    """A match of the ruleset with its first hand dealt and a few cards played."""
    game = Game(load_ruleset(rules_path), {"players": players}, seed=3)
    game.deal()
    for _ in range(actions):
        game.apply(game.legal_actions()[0])
    return game


def args_for(game: str, players: int) -> argparse.Namespace:
    return argparse.Namespace(game=game, option=[], players=players, level="easy")


# ----------------------------------------------------------------- 1. every screen, by path
def test_item1_play_by_path_opens_the_table_with_the_games_own_deck_name_and_opener(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "my" / "mine.yaml", MINE)
    write(tmp_path / "my" / "catalan.yaml", "extends: butifarra\nname: {es: B, en: B}\n")
    setup = play_setup(args_for("my/mine.yaml", 3))
    assert setup.rules == str(tmp_path / "my" / "mine.yaml")  # loads from anywhere
    scene = TableScene(app, Session.new(setup, seed=1))
    app.replace_all(scene)
    frames(app, 3)
    assert scene.session.deck == "spanish"
    assert games.name(scene.session.game.rules.ref) == "Mine"
    # the how-to-play panel of a game never introduced: the base's lines, its own name
    app.settings.introduced = []
    panel = openers.opener(scene)
    assert panel is not None and openers.lines(panel.game)
    panel.draw(app.screen)
    scene.open_rules()
    frames(app)
    # a game extending Butifarra is drawn with Butifarra's deck (its base's ui.deck)
    butifarra = TableScene(app, Session.new(play_setup(args_for("my/catalan.yaml", 4)), seed=1))
    assert butifarra.session.deck == "catalan"
    # its rules: Butifarra's text, with the options at this table
    app.replace_all(butifarra)
    butifarra.open_rules()
    frames(app)
    rules = top(app)
    assert isinstance(rules, RulesScene) and rules.game == "butifarra"
    assert any("At this table" in line[0] for line in rules.lines)
    # --demo of a ruleset by path
    demo = TableScene(app, Session.new(setup, demo=True, seed=2))
    app.replace_all(demo)
    frames(app, 3)


def test_item1_play_command_and_demo_by_path_do_not_crash(home: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "my" / "mine.yaml", MINE)
    shot = tmp_path / "shot.png"
    for extra in ([], ["--demo"]):
        code, _out, err = tute("play", "my/mine.yaml", "--players", "3", "--frames", "5",
                               "--screenshot", str(shot), *extra)
        assert code == 0 and "Traceback" not in err, err
        assert shot.is_file()
        store.clear_match()


def test_item1_continue_review_statistics_and_play_again_name_the_players_game(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "my" / "mine.yaml", MINE)
    session = Session.new(play_setup(args_for("my/mine.yaml", 3)), seed=4)
    session.game.deal()
    store.save_match(session.saved())
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")  # the game started from another folder
    saved, problem = store.load_match()
    assert saved is not None and problem is None
    assert describe(saved).startswith("Mine · 3 players")  # the menu's Continue label
    resume_match(app, saved)
    assert isinstance(top(app), TableScene)
    # statistics are kept under the file's path, and shown with the game's name
    assert game_name(session.game.rules.ref) == "Mine"
    # a record of it reviewed from the menu's "Review a record" and by `tute review`
    game = played(tmp_path / "my" / "mine.yaml", actions=3 * 13)
    record = write(tmp_path / "recs" / "mine-match.yaml", dump_record(game))
    app.replace_all(MenuScene(app))
    RecordsScene(app).open(str(record))
    assert isinstance(top(app), ReviewScene), top(app)
    code, _out, err = tute("review", str(record), "--frames", "1")
    assert code == 0, err


# ----------------------------------------------------------------- 2. saved so it resumes
@pytest.mark.parametrize("folder", ["odd #dir", "colon: here", "quote ' and \" too"])
def test_item2_a_record_names_the_ruleset_by_its_absolute_quoted_path_and_hash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, folder: str) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / folder / "mine #1.yaml", MINE)
    game = played(f"{folder}/mine #1.yaml")
    text = dump_record(game)
    first = text.splitlines()[0]
    assert first.startswith('rules: "/'), first
    assert f"rules_sha256: '{game.rules.digest}'\n" in text and len(game.rules.digest) == 64
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # a saved match is read from wherever the game starts
    again = replay(record_from_text(text, "saved match"))
    assert again.error is None and not again.rules_changed
    assert again.game.observation(0) == game.observation(0)


def test_item2_simulate_records_replay_from_another_folder(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "my dir: #x" / "mine.yaml", MINE)
    code, _out, err = tute("simulate", "my dir: #x/mine.yaml", "--players", "3", "--seats",
                           "easy,easy,easy", "--hands", "1", "--records", "recs")
    assert code == 0, err
    record = tmp_path / "recs" / "match-00001.yaml"
    moved = tmp_path / "moved" / "match.yaml"
    moved.parent.mkdir()
    record.rename(moved)
    monkeypatch.chdir(tmp_path / "moved")
    code, out, err = tute("replay", str(moved))
    assert code == 0 and out.startswith("Mine, 3 players"), err


def test_item2_a_changed_ruleset_file_is_noticed_and_said(app: App, tmp_path: Path) -> None:
    rules = write(tmp_path / "my" / "mine.yaml", MINE)
    session = Session(played(rules, actions=2), "easy", demo=False)
    saved = session.saved()
    # a comment is no change
    write(rules, "# my own\n" + MINE)
    assert not Session.resume(saved).rules_changed
    # a new name is: the match still replays, and the player is asked
    write(rules, MINE.replace("Mine", "Mine again"))
    resumed = Session.resume(saved)
    assert resumed.rules_changed
    app.replace_all(MenuScene(app))
    resume_match(app, saved)
    dialog = top(app)
    assert isinstance(dialog, Dialog) and "has changed" in dialog.message()
    assert str(rules) in dialog.message()
    dialog.buttons[0].action()  # Play on
    assert isinstance(top(app), TableScene)
    # `tute replay` says so on stderr and still replays
    record = write(tmp_path / "rec.yaml", saved.record)
    code, _out, err = tute("replay", str(record))
    assert code == 0 and "has changed since the record was written" in err
    # a change the match cannot be replayed under: set aside, saying why
    write(rules, MINE + "options:\n  players: {default: 4, range: [4, 6], label: {es: J, "
          "en: P}, description: {es: J, en: P}}\n")
    with pytest.raises(ResumeError, match=r"ruleset file .* has changed"):
        Session.resume(saved)


def test_item2_back_to_the_menu_keeps_the_match_saved(app: App, tmp_path: Path) -> None:
    rules = write(tmp_path / "mine.yaml", MINE)
    saved = Session(played(rules, actions=2), "easy", demo=False).saved()
    store.save_match(saved)
    write(rules, MINE.replace("Mine", "Other"))
    app.replace_all(MenuScene(app))
    resume_match(app, saved)
    dialog = top(app)
    assert isinstance(dialog, Dialog)
    dialog.buttons[1].action()
    assert isinstance(top(app), MenuScene) and store.load_match()[0] == saved


# ----------------------------------------------------------------- 3. beside the record
def test_item3_a_relative_rules_path_is_looked_up_beside_the_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path / "my" / "mine.yaml", MINE.replace("Mine", "In the current folder"))
    record = write(tmp_path / "recs" / "r.yaml", "rules: my/mine.yaml\nseed: 1\n")
    monkeypatch.chdir(tmp_path)
    code, _out, err = tute("replay", str(record))
    assert code == 1 and "no ruleset" not in err and "my/mine.yaml" in err, err
    write(tmp_path / "recs" / "my" / "mine.yaml", MINE)
    code, out, err = tute("replay", str(record))
    assert code == 0 and out.startswith("Mine, 4 players"), err
    assert "In the current folder" not in out


# ----------------------------------------------------------------- 16. escapes, long echoes
def test_item16_control_characters_are_escaped_and_long_input_cut(tmp_path: Path) -> None:
    escape = write(tmp_path / "esc.yaml", 'rules: cabrero\noptions: {players: 4}\nhands:\n'
                   '  - actions: ["0 \\e[2Jplay 1O", "1 play 2O"]\n')
    code, _out, err = tute("replay", str(escape))
    assert code == 1 and "\x1b" not in err and "\\x1b[2J" in err, err
    card = write(tmp_path / "card.yaml", 'rules: cabrero\noptions: {players: 4}\nhands:\n'
                 '  - deal: [["\\e]0;owned\\a"]]\n')
    code, _out, err = tute("replay", str(card))
    assert code == 1 and "\x1b" not in err and "\x07" not in err and "\\x1b" in err, err
    long = write(tmp_path / "long.yaml", "rules: cabrero\noptions: {players: 4}\nhands:\n"
                 "  - actions: ['0 play " + "x" * 500_000 + "']\n")
    for args in (["replay", str(long)], ["replay", str(long), "--json"],
                 ["review", str(long)]):
        code, out, err = tute(*args)
        assert code == 1 and len(err) < 1000 and len(out) < 2000, (len(err), len(out))
    write(tmp_path / "wide.yaml", 'extends: cabrero\nname: {es: W, en: W}\ndeck: "'
          + "\\e" * 10 + "d" * 200_000 + '"\n')
    wide = write(tmp_path / "wide-rec.yaml", "rules: wide.yaml\n")
    code, _out, err = tute("replay", str(wide))
    assert code == 1 and "wide.yaml" in err and len(err) < 1500 and "\x1b" not in err, err
    named = write(tmp_path / "named.yaml", 'extends: cabrero\nname: {es: "\\e[31mX", '
                  'en: "\\e[31mX"}\n')
    record = write(tmp_path / "rec.yaml", "rules: named.yaml\n")
    code, out, err = tute("replay", str(record))
    assert code == 0 and "\x1b" not in out and "\\x1b[31mX" in out, (out, err)
    assert named.is_file()


# ----------------------------------------------------------------- 17. a non-ruleset file
@pytest.mark.parametrize("content", [
    "password: hunter2\nname: secret\nuser: bob\n",
    '{"token": "abc123", "deck": "secretdeck"}',
    "rootx:x:0:0:rootx:/rootx:/bin/bash\n",
])
def test_item17_a_non_ruleset_file_is_named_not_quoted(tmp_path: Path, content: str) -> None:
    write(tmp_path / "creds.yaml", content)
    record = write(tmp_path / "rec.yaml", "rules: creds.yaml\n")
    for command in ("replay", "review"):
        code, _out, err = tute(command, str(record))
        assert code == 1 and "creds.yaml" in err, err
        for secret in ("password", "hunter2", "token", "abc123", "secret", "rootx"):
            assert secret not in err, err


# ----------------------------------------------------------------- 18. YAML 1.1 leftovers
def test_item18_yaml_1_1_numbers_and_merge_keys(tmp_path: Path) -> None:
    record = write(tmp_path / "r.yaml", "rules: cabrero\nseed: 1:30\n")
    code, _out, err = tute("replay", str(record))
    assert code == 1 and "seed: expected a whole number, got '1:30'" in err, err
    assert parse("a: 010\nb: 0o10\nc: 0x10\nd: 1e3\ne: 2024-05-01\n", "x").data == {
        "a": 10, "b": 8, "c": 16, "d": 1000.0, "e": "2024-05-01"}
    merged = write(tmp_path / "m.yaml", "base: &b {players: 4}\nrules: cabrero\n"
                   "options:\n  <<: *b\n")
    code, _out, err = tute("replay", str(merged))
    assert code == 1 and "merge keys (<<) are not supported" in err and "line 4" in err, err
    rules = write(tmp_path / "rules.yaml", "extends: cabrero\nname: {es: A, en: A}\n"
                  "<<: {deck: spanish48}\n")
    code, _out, err = tute("simulate", str(rules), "--players", "4", "--seats",
                           "easy,easy,easy,easy", "--hands", "1")
    assert code == 2 and "merge keys (<<) are not supported" in err, err


# ----------------------------------------------------------------- 19. the size limit
def test_item19_a_record_is_limited_to_what_a_match_can_reach(tmp_path: Path) -> None:
    assert RECORD_LIMIT <= 2 * 2**20 and MAX_NODES <= 50_000
    big = write(tmp_path / "big.yaml", "rules: cabrero\nhands:\n  - actions:\n"
                + "      - 0 play 1O\n" * (RECORD_LIMIT // 18 + 1))
    code, _out, err = tute("replay", str(big))
    assert code == 1 and "larger than 1 MB" in err, err
    # the longest match of the longest game fits with room to spare
    game = Game(load_ruleset("cabrero"), {"players": 6, "lives": 10}, seed=13)
    while not game.is_over:
        if game.current_player is None:
            game.deal()
        else:
            game.apply(game.legal_actions()[0])
    text = dump_record(game)
    assert 20 * len(text) < RECORD_LIMIT
    assert load_record(write(tmp_path / "long.yaml", text)).hands


# ----------------------------------------------------------------- 20. an ASCII terminal
def test_item20_commands_print_on_an_ascii_only_terminal(tmp_path: Path) -> None:
    write(tmp_path / "mine.yaml", MINE.replace("Mine", "Míne · ñ"))
    record = write(tmp_path / "rec.yaml", "rules: mine.yaml\nseed: 1\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k != "LANG"}
    env.update(LC_ALL="C", PYTHONUTF8="0", PYTHONCOERCECLOCALE="0", PYTHONIOENCODING="")
    for args in (["replay", str(record)], ["replay", str(record), "--json"],
                 ["replay", str(tmp_path / "missing: ñ.yaml")]):
        done = subprocess.run([sys.executable, "-m", "tute", *args], env=env,
                              capture_output=True, timeout=120)
        assert b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")
    assert done.returncode == 1
    shown = subprocess.run([sys.executable, "-m", "tute", "replay", str(record)], env=env,
                           capture_output=True, timeout=120)
    assert shown.returncode == 0 and shown.stdout.startswith(b"M?ne ? ?, 4 players")
    assert json.loads(subprocess.run([sys.executable, "-m", "tute", "replay", str(record),
                                      "--json"], env=env, capture_output=True,
                                     timeout=120).stdout)["players"] == 4


def test_item1_statistics_of_a_players_ruleset_by_its_path(home: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    from tute.engine import DEAL
    from tute.stats import file as stats_file

    monkeypatch.chdir(tmp_path)
    write(tmp_path / "my" / "mine.yaml", MINE)
    game = Game(load_ruleset("my/mine.yaml"), {"players": 3}, seed=1)
    game.deal()
    while game.phase != DEAL:
        game.apply(game.legal_actions()[0])
    assert stats_file.record_game(game, "easy") is None
    code, out, err = tute("stats", "--game", "my/mine.yaml", "--json")
    assert code == 0 and json.loads(out)["hands"] == 1, err
