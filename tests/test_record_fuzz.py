"""Record fuzzing: damaged records of every game never crash `tute replay`.

Valid records are made by playing random legal actions in every bundled game (every player
count its ruleset allows, random options); hypothesis then damages them: wrong or repeated
cards, wrong seats, unknown verbs, out-of-turn actions, wrong types, huge numbers, unicode,
truncated or non-YAML text. Whatever the damage, `tute replay --json` must exit 0 or 1, print
no traceback, print one JSON object, and on exit 1 say on one stderr line which action (or
which line of the file) is wrong; the actions before a bad action must replay cleanly to the
same state. Crashes found this way have tests of their own at the end.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_file_doors import KINDS as DOOR_KINDS

from tute.cards import DECKS, card_text, cards_of
from tute.cli import main
from tute.echo import printable
from tute.engine import DEAL, Game
from tute.engine.record import dump_record, load_record, replay, summary_json
from tute.resources import rules_dir
from tute.rules import RulesetError, load_ruleset
from tute.rules.ruleset import bundled_names, strategies

FUZZ = settings(max_examples=250, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
TRIED = {"records": 0, "accepted": 0, "refused by action": 0, "refused by line": 0}
"""How many damaged records were replayed, and how they ended (printed after the file)."""

NON_PRINTABLE = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd"
                           "\U00010000-\U0010ffff]")
"""Characters PyYAML refuses in a document (tested on their own below)."""
NEWLINES = re.compile("[\n\r]")
"""Newlines inside an action's text (tested on their own below)."""


@cache
def valid_records() -> tuple[tuple[str, str], ...]:
    """(game, record text) for every game and player count: two hands and part of a third,
    played with random legal actions and random options."""
    out = []
    for game_id in bundled_names():
        rules = load_ruleset(game_id)
        for players in rules.options["players"].allowed():
            rng = random.Random(f"fuzz {game_id} {players}")
            game = None
            while game is None:  # some combinations are refused (a scoring for 3 only)
                options = {k: rng.choice(o.allowed()) for k, o in rules.options.items()}
                options["players"] = players
                if "lives" in options:
                    options["lives"] = max(rules.options["lives"].allowed())
                try:
                    game = Game(rules, options, seed=rng.randrange(1000))
                except ValueError:
                    continue
            hands = 0
            while not game.is_over and hands < 3:
                if game.phase == DEAL:
                    game.deal()
                    hands += 1
                    continue
                legal = game.legal_actions()
                plays = [a for a in legal if a.verb != "accuse"] or legal
                if hands == 3 and rng.random() < 0.1:
                    break
                game.apply(rng.choice(plays))
            out.append((game_id, dump_record(game)))
    return tuple(out)


def run_replay(path: Path) -> tuple[int, str, str]:
    """`tute replay PATH --json` in this process; an exception escaping is a traceback."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["replay", str(path), "--json"])
        except Exception as exc:  # pragma: no cover - this is the failure being looked for
            raise AssertionError(f"tute replay raised {exc!r}") from exc
    return code, out.getvalue(), err.getvalue()


def prefix_replays(path: Path, action: int, doc: dict[str, Any]) -> None:
    """The actions before the bad one replay without error to the state the error left."""
    rec = load_record(path)
    hands, left = [], action - 1
    for hand in rec.hands:
        take = min(left, len(hand.actions))
        hands.append(replace(hand, actions=hand.actions[:take],
                             action_lines=hand.action_lines[:take]))
        left -= take
        if take < len(hand.actions):
            break
    result = replay(replace(rec, hands=hands))
    assert result.error is None, f"prefix of {action - 1} actions fails: {result.error}"
    want = {k: v for k, v in doc.items() if k != "error"}
    assert json.loads(json.dumps(summary_json(result.game))) == want


def check(path: Path, changed_action: int | None = None) -> None:
    """The promises of `tute replay` for any file at all."""
    TRIED["records"] += 1
    code, out, err = run_replay(path)
    assert "Traceback" not in err and "Traceback" not in out
    assert code in (0, 1), (code, err)
    doc = json.loads(out)
    assert isinstance(doc, dict)
    if code == 0:
        TRIED["accepted"] += 1
        # a player's ruleset file changed since the record was written is said, on a line
        assert err == "" or re.fullmatch(r"tute replay: note: [^\n]*has changed[^\n]*\n",
                                         err), err
        assert "error" not in doc
        return
    lines = err.split("\n")[:-1]  # only "\n" ends a line; "\n" itself is tested below
    assert len(lines) == 1 and lines[0].startswith("tute replay: "), err
    error = doc["error"]
    assert error["reason"]
    if error["action"] is None:  # the file itself: located by line, or by what is unreadable
        TRIED["refused by line"] += 1
        assert re.search(r", line \d+: ", lines[0]) or re.search(
            r"not UTF-8|cannot read|no ruleset named|\.yaml", lines[0]), lines[0]
        return
    TRIED["refused by action"] += 1
    n = error["action"]
    assert isinstance(n, int) and n >= 1
    assert f"action {n} " in lines[0] and printable(error["text"]) in lines[0]
    if changed_action is not None:  # actions before the damage were valid
        assert n >= changed_action
    prefix_replays(path, n, doc)


# ----------------------------------------------------------------- damage
def flat_actions(data: dict[str, Any]) -> list[tuple[int, int]]:
    """(hand index, action index) of every action, in record order."""
    return [(h, i) for h, hand in enumerate(data.get("hands") or [])
            for i in range(len(hand.get("actions") or []))]


ANY_CARD = st.sampled_from([card_text(c) for c in cards_of(DECKS["spanish40"])]
                           + ["8O", "9C", "13E", "0B", "1X", "99999999999999999999O", "1o",
                              "１O", "1Ö", "½O", "🂡", ""])
SEATS = st.one_of(st.integers(-3, 9).map(str), st.sampled_from(
    ["99999999999999999999", "٣", "²", "-0", "+1", "1.0", "0x1", "one", "", "🃏"]))
VERBS = st.sampled_from(["play", "sing", "accuse", "PLAY", "Play", "bid", "pass", "trump",
                         "exchange", "discard", "call", "juego", "double", "fly", "plаy",
                         "sing\u200b", ""])
WEIRD_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-10**30, 10**30),
              st.floats(allow_nan=True),
              st.text(max_size=12).filter(lambda t: not NEWLINES.search(t))),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6)


@st.composite
def action_damage(draw: st.DrawFn) -> tuple[str, int]:
    """A damaged record (YAML text) and the number of the first action changed."""
    _game, text = draw(st.sampled_from(valid_records()))
    data = yaml.safe_load(text)
    spots = flat_actions(data)
    k = draw(st.integers(0, len(spots) - 1))
    h, i = spots[k]
    actions = data["hands"][h]["actions"]
    seat, verb, *args = actions[i].split()
    n = data["options"]["players"]
    played = [a.split()[-1] for hand in data["hands"] for a in hand["actions"]
              if " play " in a][:max(1, k)]
    kind = draw(st.sampled_from(["card", "repeat", "seat", "verb", "turn", "type", "huge",
                                 "unicode", "args", "drop", "cut"]))
    if kind == "card":
        new: Any = f"{seat} play {draw(ANY_CARD)}"
    elif kind == "repeat":
        new = f"{seat} play {draw(st.sampled_from(played))}"
    elif kind == "seat":
        new = " ".join([draw(SEATS), verb, *args])
    elif kind == "verb":
        new = " ".join([seat, draw(VERBS), *args])
    elif kind == "turn":
        other = (int(seat) + draw(st.integers(1, max(1, n - 1)))) % n
        new = " ".join([str(other), verb, *args])
    elif kind == "type":
        new = draw(WEIRD_VALUES)
    elif kind == "huge":
        new = draw(st.sampled_from([f"{10**40} play 1O", f"{seat} accuse {10**40}",
                                    f"{seat} sing {10**40}", f"{seat} sing 20 {10**40}",
                                    f"{seat} play {10**40}O", 10**40, -(10**40), 1e308]))
    elif kind == "unicode":
        junk = draw(st.text(st.characters(blacklist_categories=("Cs",)), min_size=1,
                            max_size=8).filter(lambda t: not NON_PRINTABLE.search(t)
                                               and not NEWLINES.search(t)))
        at = draw(st.integers(0, len(actions[i])))
        new = actions[i][:at] + junk + actions[i][at:]
    elif kind == "args":
        new = " ".join([seat, verb, *draw(st.lists(st.sampled_from(
            ["20", "40", "tute", "C", "O", "1O", "x", "20 C", ""]), max_size=3))])
    elif kind == "drop":
        del actions[i]
        new = None
    else:
        del actions[i:]
        new = None
    if new is not None:
        actions[i] = new
    return yaml.safe_dump(data, allow_unicode=True, width=10**6), k + 1


@st.composite
def structure_damage(draw: st.DrawFn) -> str:
    """A record whose keys hold values of the wrong type, size or meaning."""
    _game, text = draw(st.sampled_from(valid_records()))
    data = yaml.safe_load(text)
    where = draw(st.sampled_from(["rules", "options", "seed", "hands", "players", "option",
                                  "dealer", "deal", "rest", "seat cards", "hand", "extra"]))
    value = draw(st.one_of(WEIRD_VALUES, st.sampled_from(
        [10**40, -1, 0, "cabrero", "chancho", "../config/rules/cabrero.yaml", "/", ""])))
    hand = data["hands"][draw(st.integers(0, len(data["hands"]) - 1))]
    if where in ("rules", "options", "seed", "hands"):
        data[where] = value
    elif where == "players":
        data["options"]["players"] = value
    elif where == "option":
        key = draw(st.sampled_from([*data["options"], "colour", "Lives"]))
        data["options"][key] = value
    elif where in ("dealer", "deal", "rest"):
        hand[where] = value
    elif where == "seat cards":
        seat = draw(st.integers(0, len(hand["deal"]) - 1))
        cards = hand["deal"][seat]
        if cards and draw(st.booleans()):
            cards[draw(st.integers(0, len(cards) - 1))] = draw(st.one_of(ANY_CARD, WEIRD_VALUES))
        else:
            hand["deal"][seat] = value
    elif where == "hand":
        data["hands"][data["hands"].index(hand)] = value
    else:
        data[draw(st.sampled_from(["extra", "Rules", "hands "]))] = value
    return yaml.safe_dump(data, allow_unicode=True, width=10**6)


@st.composite
def text_damage(draw: st.DrawFn) -> str:
    """A record cut short, with lines lost or swapped, or with foreign text spliced in."""
    _game, text = draw(st.sampled_from(valid_records()))
    kind = draw(st.sampled_from(["cut", "splice", "lines", "swap"]))
    if kind == "cut":
        return text[:draw(st.integers(0, len(text)))]
    if kind == "splice":
        junk = draw(st.one_of(
            st.text(max_size=20).filter(lambda t: not NON_PRINTABLE.search(t)),
            st.sampled_from(["{", "[", "]", "}", ":", "- ", "&a", "*a", "!!python/object:os.system",
                             "!!binary", "? ", "|", ">", "%YAML 1.2\n", "---\n", "...\n", "\t",
                             "'", '"', "#", "\ufeff", "\r\n", "\u2028"])))
        at = draw(st.integers(0, len(text)))
        return text[:at] + junk + text[at:]
    lines = text.splitlines(keepends=True)
    i = draw(st.integers(0, len(lines) - 1))
    j = draw(st.integers(0, len(lines) - 1))
    if kind == "lines":
        del lines[i:j + 1]
    else:
        lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines)


HOSTILE: dict[str, int] = {}
"""How many records of each hostile class (issue 22) were replayed."""


def huge_number(draw: st.DrawFn) -> str:
    """A whole number of any size as YAML writes it: decimal, signed, hex, octal,
    underscored; from one digit to past Python's 4,300-digit conversion limit."""
    digits = draw(st.sampled_from([1, 5, 18, 19, 20, 40, 41, 300, 4299, 4301, 6000]))
    body = "".join(draw(st.lists(st.sampled_from("0123456789"), min_size=digits,
                                 max_size=digits))).lstrip("0") or "1"
    form = draw(st.sampled_from(["dec", "neg", "hex", "oct", "under"]))
    if form == "hex":
        return "0x" + "f" * digits
    if form == "oct":
        return "0o" + "7" * digits
    if form == "under":
        return "_".join(body[i:i + 3] for i in range(0, len(body), 3))
    return ("-" if form == "neg" else "") + body


NON_FINITE = st.sampled_from([".nan", ".inf", "-.inf", ".NaN", "1e400", "-1e400", "1e12",
                              "1.0e+308"])


@st.composite
def hostile_damage(draw: st.DrawFn, folder: Path) -> tuple[str, str]:
    """(class, record text) of the hostile kinds an independent attack found: numbers of
    every size, files that are not files, deep nesting, non-finite numbers, extends chains
    and cycles; the rulesets it names are written into ``folder``."""
    game, text = draw(st.sampled_from(valid_records()))
    lines = text.splitlines()
    kind = draw(st.sampled_from(["integer", "device", "nesting", "non-finite", "extends",
                                 "long name", "user ruleset"]))
    if kind == "integer":
        where = draw(st.sampled_from(["seed", "dealer", "option", "action", "key"]))
        number = huge_number(draw)
        if where == "seed":
            lines[2] = f"seed: {number}"
        elif where == "option":
            lines[1] = "options: {players: " + number + "}"
        elif where == "key":
            lines.insert(1, f"{number}: 1")
        else:
            at = next(i for i, line in enumerate(lines) if line.startswith("  - dealer"))
            lines[at] = (f"  - dealer: {number}" if where == "dealer"
                         else f"  - actions: [{number}]")
    elif kind == "device":
        fifo = folder / "fifo.yaml"
        if not fifo.exists():
            os.mkfifo(fifo)
        (folder / "folder.yaml").mkdir(exist_ok=True)
        lines[0] = "rules: " + draw(st.sampled_from(
            ["/dev/zero", "/dev/urandom", "/dev/null", str(fifo), "folder.yaml", "/etc/passwd",
             "/etc/hostname", "/", "/proc/self/environ", str(folder)]))
    elif kind == "nesting":
        depth = draw(st.sampled_from([10, 39, 41, 100, 1000, 3000]))
        open_, close = draw(st.sampled_from([("[", "]"), ("{a: ", "}")]))
        lines[2] = f"seed: {open_ * depth}1{close * depth}"
    elif kind == "non-finite":
        value = draw(NON_FINITE)
        at = draw(st.sampled_from([0, 1, 2]))
        lines[at] = ["rules: ", "options: {players: ", "seed: "][at] + value + (
            "}" if at == 1 else "")
    elif kind == "extends":
        lines[0] = "rules: " + write_chain(draw, folder)
    elif kind == "user ruleset":
        lines[0:1] = user_ruleset(draw, folder, game)
    else:
        name = "n" * draw(st.sampled_from([255, 256, 300, 5000]))
        lines[0] = "rules: " + name + draw(st.sampled_from(["", ".yaml", "/x.yaml"]))
    return kind, "\n".join(lines) + "\n"


def write_chain(draw: st.DrawFn, folder: Path) -> str:
    """Ruleset files that extend one another: chains of any length ending in a bundled
    game, in a cycle, in a missing file, a folder or a file that is not a mapping;
    returns the path of the first."""
    length = draw(st.integers(1, 20))
    end = draw(st.sampled_from(["bundled", "cycle", "self", "missing", "folder", "list",
                                "parent"]))
    chain = folder / "chain"
    chain.mkdir(exist_ok=True)
    for old in chain.glob("*.yaml"):
        if old.is_file():
            old.unlink()
    names = [f"r{i}" for i in range(length)]
    for i, name in enumerate(names[:-1]):
        (chain / f"{name}.yaml").write_text(f"extends: {names[i + 1]}\n", encoding="utf-8")
    last = {"bundled": draw(st.sampled_from(bundled_names())), "cycle": names[0], "self": names[-1],
            "missing": "nothere", "folder": "sub.yaml", "list": "list", "parent": "../x"}[end]
    (chain / "sub.yaml").mkdir(exist_ok=True)
    (chain / "list.yaml").write_text("- a\n- b\n", encoding="utf-8")
    (chain / f"{names[-1]}.yaml").write_text(f"extends: {last}\n", encoding="utf-8")
    return str(chain / f"{names[0]}.yaml")


ODD_FOLDERS = ["my", "odd #dir", "colon: x", "quote ' \" q", "ñ · ü", "sp ace/two deep"]
"""Folders a player's ruleset may sit in: YAML comment and key marks, quotes, non-ASCII."""


USER_RULESETS = ["relative", "absolute", "only in cwd", "changed", "not a ruleset"]


def user_ruleset(draw: st.DrawFn, folder: Path, game: str, how: str | None = None
                 ) -> list[str]:
    """A player's ruleset over ``game``, named by a relative path (beside the record; or
    only in ``folder/cwd``, the current folder, where it must not be found), an absolute or
    odd path (quoted as the engine writes it), with its hash or one of a changed file, or a
    file that is no ruleset; returns the record's lines naming it."""
    where = draw(st.sampled_from(ODD_FOLDERS))
    how = how or draw(st.sampled_from(USER_RULESETS))
    base = folder / "cwd" if how == "only in cwd" else folder
    path = base / where / "mine.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    own = "extends: " + game + "\nname: {es: Mío, en: Mine}\n"
    if how == "not a ruleset":
        own = draw(st.sampled_from(["password: x\nuser: y\n", "- a\n- b\n", "just text\n",
                                    '{"token": 1, "deck": 2}']))
    path.write_text(own, encoding="utf-8")
    name = json.dumps(f"{where}/mine.yaml" if how in ("relative", "only in cwd")
                      else str(path))
    lines = [f"rules: {name}"]
    if how == "changed":  # the hash of what the file held before an edit
        lines.append("rules_sha256: '" + "0" * 64 + "'")
    return lines


def write(tmp: Path, text: str | bytes) -> Path:
    path = tmp / "fuzzed.yaml"
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


# ----------------------------------------------------------------- properties
def test_every_game_has_valid_records_that_replay(tmp_path: Path) -> None:
    seen = {game_id for game_id, _ in valid_records()}
    assert seen == set(bundled_names())
    for _game, text in valid_records():
        code, out, err = run_replay(write(tmp_path, text))
        assert code == 0 and err == "", err
        assert json.loads(out)["hands"]


@FUZZ
@given(damage=action_damage())
def test_damaged_actions_are_refused_by_number(tmp_path_factory: pytest.TempPathFactory,
                                               damage: tuple[str, int]) -> None:
    text, first = damage
    check(write(tmp_path_factory.mktemp("fuzz"), text), first)


@FUZZ
@given(text=structure_damage())
def test_wrong_types_and_values_are_refused_by_line(
        tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    check(write(tmp_path_factory.mktemp("fuzz"), text))


@FUZZ
@given(text=text_damage())
def test_cut_and_garbled_text_is_refused_by_line(
        tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    check(write(tmp_path_factory.mktemp("fuzz"), text))


@settings(max_examples=40, deadline=None, derandomize=True)
@given(data=st.binary(max_size=200))
def test_random_bytes_are_refused(tmp_path_factory: pytest.TempPathFactory,
                                  data: bytes) -> None:
    # Valid UTF-8 loses the characters tested on their own below; the rest stays bytes.
    with contextlib.suppress(UnicodeDecodeError):
        data = NON_PRINTABLE.sub("", data.decode("utf-8")).encode("utf-8")
    check(write(tmp_path_factory.mktemp("fuzz"), data))


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_hostile_records_are_refused_by_line(tmp_path_factory: pytest.TempPathFactory,
                                             data: st.DataObject) -> None:
    folder = tmp_path_factory.mktemp("hostile")
    kind, text = data.draw(hostile_damage(folder))
    HOSTILE[kind] = HOSTILE.get(kind, 0) + 1
    check(write(folder, text))


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), how=st.sampled_from(USER_RULESETS))
def test_records_of_a_players_ruleset_replay_from_anywhere_or_are_refused_by_file(
        tmp_path_factory: pytest.TempPathFactory, data: st.DataObject, how: str) -> None:
    """Issue 39: a record naming a player's ruleset by a relative, absolute or odd path
    replays, from another current folder too, a changed file said on a note; a name found
    only in the current folder, or a file that is no ruleset, is refused naming the file
    and nothing it holds."""
    folder = tmp_path_factory.mktemp("user")
    game, text = data.draw(st.sampled_from(valid_records()))
    lines = text.splitlines()
    lines[0:1] = user_ruleset(data.draw, folder, game, how)
    record = write(folder, "\n".join(lines) + "\n")
    (folder / "cwd").mkdir(exist_ok=True)
    with contextlib.chdir(folder / "cwd"):
        code, _out, err = run_replay(record)
        check(record)
    assert code == (1 if how in ("only in cwd", "not a ruleset") else 0), err
    assert ("has changed" in err) == (how == "changed"), err
    if code == 1:
        assert "mine.yaml" in err
        for held in ("password", "token", "just text", "user: y"):
            assert held not in err, err


@st.composite
def mixed_ruleset(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A bundled ruleset with one to three strategies swapped for any the engine knows:
    schema-valid, but not always playable."""
    game = draw(st.sampled_from([g for g in bundled_names() if g != "chancho"]))
    data = yaml.safe_load((rules_dir() / f"{game}.yaml").read_text(encoding="utf-8"))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(["seating", "first_dealer", "deal", "trump", "exchange",
                                    "phases", "obligations", "scoring", "settlement"]))
        if key == "phases":
            data[key] = draw(st.lists(st.sampled_from(sorted(strategies()["phases"])), max_size=3,
                                      unique=True))
        else:
            data[key] = draw(st.sampled_from(sorted(strategies()[key])))
    return game, data


@settings(max_examples=100, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(mixed=mixed_ruleset(), seed=st.integers(0, 1000))
def test_mixed_strategies_are_refused_by_line_or_play(
        tmp_path_factory: pytest.TempPathFactory, mixed: tuple[str, dict[str, Any]],
        seed: int) -> None:
    """Strategies that cannot play together are refused when the ruleset is loaded, with
    its file and line; the ones accepted play hands without an engine failure."""
    _game, data = mixed
    path = tmp_path_factory.mktemp("mixed") / "mixed.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    try:
        rules = load_ruleset(path)
    except RulesetError as exc:
        HOSTILE["strategies refused"] = HOSTILE.get("strategies refused", 0) + 1
        assert exc.source == str(path) and exc.line is not None, str(exc)
        return
    HOSTILE["strategies played"] = HOSTILE.get("strategies played", 0) + 1
    rng = random.Random(seed)
    for players in rules.options["players"].allowed():
        try:
            game = Game(rules, {"players": players}, seed=seed)
        except ValueError:
            continue
        hands = 0
        while not game.is_over and hands <= 3:
            if game.phase == DEAL:
                game.deal()
                hands += 1
                continue
            game.apply(rng.choice(game.legal_actions()))


def test_the_real_command_prints_no_traceback(tmp_path: Path) -> None:
    """A few damaged records through the installed command, as a player would run it."""
    _game, text = valid_records()[0]
    samples = [
        text.replace(" play ", " fly ", 1),
        text.replace("- 0 play", "- 7 play", 1) if "- 0 play" in text else text + "x: [",
        text[: len(text) // 2] + "\n  - {",
        "rules: cabrero\nseed: 1e400\n",
        "rules: [cabrero]\n",
        "\ufeffrules: cabrero\nhands: [{actions: ['0 play 99999999999999999999O']}]\n",
    ]
    for i, sample in enumerate(samples):
        path = tmp_path / f"r{i}.yaml"
        path.write_text(sample, encoding="utf-8")
        p = subprocess.run([sys.executable, "-m", "tute", "replay", str(path), "--json"],
                           capture_output=True, text=True, timeout=60)
        TRIED["records"] += 1
        assert "Traceback" not in p.stderr, p.stderr
        assert p.returncode in (0, 1)
        assert isinstance(json.loads(p.stdout), dict)


# ----------------------------------------------------------------- the data folder's files
ODD_TEXTS = st.sampled_from(["x\x00", "\x00", "../../x", "a/b", "a\\b", "\ud800", "\udc00x",
                             "x" * 300, "\x01", "ñ", ""])
JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-10**500, 10**500),
              st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8), ODD_TEXTS),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.one_of(st.text(max_size=6), ODD_TEXTS), inner,
                                            max_size=3)),
    max_leaves=8)
"""What a damaged JSON file of the data folder may hold in place of a value: every type,
numbers of hundreds of digits, NaN, NUL, paths, lone surrogates, long names."""


def _spots(value: object, path: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    """Every place in a decoded file (containers and scalars) but the file itself."""
    if path:
        yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _spots(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _spots(v, (*path, i))


@st.composite
def json_damage(draw: st.DrawFn, good: str) -> str:
    """A valid file of the data folder damaged: a value replaced, a key added, or the text
    cut."""
    raw = json.loads(good)
    how = draw(st.sampled_from(["replace", "add", "cut"]))
    if how == "cut":
        return good[:draw(st.integers(0, len(good) - 1))]
    spots = [p for p in _spots(raw) if p != ("version",)]
    path = draw(st.sampled_from(spots))
    at = raw
    for step in path[:-1]:
        at = at[step]
    if how == "add" and isinstance(at, dict):
        at[draw(st.one_of(st.text(max_size=6), ODD_TEXTS))] = draw(JSON_VALUES)
    else:
        at[path[-1]] = draw(JSON_VALUES)
    return json.dumps(raw)


@pytest.mark.parametrize("kind", [k.kind for k in DOOR_KINDS])
def test_damaged_files_of_every_kind_are_set_aside_or_read_and_written_back(
        kind: str, tmp_path_factory: pytest.TempPathFactory,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 46: every kind of file the game reads (puzzles' progress and the records'
    index among them), damaged at random, is either set aside and reported, or read into
    values the game can write back as they were read; never a traceback."""
    spec = next(k for k in DOOR_KINDS if k.kind == kind)
    base = tmp_path_factory.mktemp(f"doors-{kind}")
    monkeypatch.setenv("TUTE_HOME", str(base / "valid"))
    spec.write()
    good = (base / "valid" / spec.name).read_text(encoding="utf-8")
    runs = iter(range(10**6))

    @FUZZ
    @given(json_damage(good))
    def damaged(text: str) -> None:
        home = base / str(next(runs))
        (home / spec.name).parent.mkdir(parents=True)
        (home / spec.name).write_text(text, encoding="utf-8")
        monkeypatch.setenv("TUTE_HOME", str(home))
        value, problem = spec.load()
        if problem is not None:
            assert problem.moved_to is not None and not (home / spec.name).exists()
            return
        WRITE_BACK[kind](value)
        assert spec.load() == (value, None)

    damaged()


def _write_index(index: object) -> None:
    from tute import store

    assert isinstance(index, list)
    store.save_file(f"{store.RECORDS_DIR}/{store.RECORDS_INDEX}", store.RECORDS_INDEX_VERSION,
                    {"records": [dataclasses.asdict(e) for e in index]})


def _write_back() -> dict[str, Callable[[Any], None]]:
    from tute import store
    from tute.puzzles import progress
    from tute.stats import file as stats_file

    return {"settings": store.save_settings, "match": store.save_match,
            "statistics": stats_file.save, "puzzles": progress.save_progress,
            "records": _write_index}


WRITE_BACK = _write_back()
"""How the game writes each kind of file back."""


@pytest.fixture(autouse=True, scope="module")
def _count_records() -> Iterator[None]:
    """Prints how many damaged records were replayed (seen with ``pytest -s``)."""
    yield
    print("\nfuzzed records replayed: " + ", ".join(f"{k} {v}" for k, v in TRIED.items()))
    print("hostile records by class: " + ", ".join(f"{k} {v}" for k, v in
                                                 sorted(HOSTILE.items())))


# ----------------------------------------------------------------- known crashes
def test_a_control_character_is_refused_without_a_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, "rules: cabrero\nseed: 1\x00\n")
    code, _out, err = run_replay(path)
    assert code == 1 and "line 2" in err


def test_deep_nesting_is_refused_without_a_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, "rules: cabrero\nhands: " + "[" * 3000 + "]" * 3000 + "\n")
    code, _out, err = run_replay(path)
    assert code == 1 and "line 2" in err


def test_a_newline_inside_an_action_keeps_the_error_on_one_line(tmp_path: Path) -> None:
    path = write(tmp_path, 'rules: cabrero\nseed: 1\nhands: [{actions: ["0 play\\n1O"]}]\n')
    code, _out, err = run_replay(path)
    assert code == 1 and err.count("\n") == 1, err


def test_aliases_are_refused_before_they_can_multiply(tmp_path: Path) -> None:
    """Expanding aliases of aliases grows without bound: six levels of nine took seconds."""
    levels = ["l0: &l0 [1]"] + [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]"
                                for i in range(1, 7)]
    path = write(tmp_path, "rules: cabrero\n" + "\n".join(levels) + "\n")
    code, _out, err = run_replay(path)
    assert code == 1 and "line 2: aliases (*name) are not allowed" in err  # the anchor's line


@pytest.mark.parametrize("action", ["² play 1O", "٣ play 1O", "1 play ١O"])
def test_only_plain_digits_name_seats_and_ranks(tmp_path: Path, action: str) -> None:
    path = write(tmp_path, f'rules: cabrero\nhands: [{{actions: ["{action}"]}}]\n')
    code, _out, err = run_replay(path)
    assert code == 1 and "is not a" in err and "invalid literal" not in err
