"""Nothing a file can hold breaks the game: the inputs an independent attack found, one test
per class (huge numbers, long names, files that are not files, ``extends`` chains, faults
blamed on the wrong file, strategies that cannot play together, huge ranges, player files
with deep nesting or non-finite numbers, the end of a match, a long path in the notice).

Each reproducer ends in a one-line error naming the file and line, or in the damaged file
being set aside with the notice; every command that reads such a file is tried on them.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame
import pytest
from cli_helpers import one_line, tute
from ui_helpers import make_app, run_until, table, top

from tute import store
from tute.engine.trial import unplayable
from tute.resources import rules_dir
from tute.rules import load_ruleset, ruleset
from tute.rules.ruleset import MAX_EXTENDS, REQUIRES, RulesetError, strategies
from tute.rules.yamlio import MAX_NODES
from tute.stats import file as stats_file
from tute.ui.main import first_scene
from tute.ui.menus.match_end import MatchEndScene
from tute.ui.shell.app import App
from tute.ui.shell.dialog import Dialog
from tute.ui.table.session import ResumeError, Session
from tute.ui.widgets import theme
from tute.ui.widgets.controls import label_text
from tute.ui.words.texts import QUOTED_MOST, quoted

CABRERO = (rules_dir() / "cabrero.yaml").read_text(encoding="utf-8")
BUTIFARRA = (rules_dir() / "butifarra.yaml").read_text(encoding="utf-8")






def refused_everywhere(record: Path, ruleset: str | None, *where: str,
                       rules_where: tuple[str, ...] | None = None) -> None:
    """The record through ``replay`` and ``review``, the ruleset (if any) through
    ``simulate`` and ``play``: each refuses on one line naming ``where`` (for the ruleset:
    ``rules_where``, by default the same)."""
    for command in ("replay", "review"):
        code, err = tute(command, str(record))
        assert code == 1
        one_line(err, *where)
    if ruleset is not None:
        code, err = tute("simulate", ruleset, "--players", "4", "--seats",
                         "easy,easy,easy,easy", "--hands", "1")
        assert code == 2
        one_line(err, *(where if rules_where is None else rules_where))
        code, err = tute("play", ruleset, "--frames", "1")
        assert code == 2
        one_line(err, *(where if rules_where is None else rules_where))


pytestmark = pytest.mark.usefixtures("cli_home")


def showing_dialog(app: App) -> bool:
    return isinstance(top(app), Dialog)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# ----------------------------------------------------------------- 1. huge integers
@pytest.mark.parametrize("text", [
    "seed: " + "1" * 5000, "hands: [{dealer: 0x" + "f" * 5000 + "}]",
    "options: {lives: " + "9" * 5000 + "}", "hands: [{actions: [" + "7" * 45 + "]}]",
    "seed: -" + "1" * 41, "seed: 1" + "0" * 40])
def test_item1_a_huge_integer_in_a_record_is_refused_as_too_large(tmp_path: Path,
                                                                   text: str) -> None:
    record = write(tmp_path / "rec.yaml", f"rules: cabrero\n{text}\n")
    refused_everywhere(record, None, "rec.yaml, line 2: number too large")


def test_item1_a_huge_integer_in_a_ruleset_is_refused_as_too_large(tmp_path: Path) -> None:
    rules = write(tmp_path / "big.yaml", CABRERO.replace("range: [1, 10]",
                                                         f"range: [1, {'1' * 5000}]"))
    record = write(tmp_path / "rec.yaml", "rules: big.yaml\n")
    refused_everywhere(record, str(rules), "big.yaml, line 27: number too large")


# ----------------------------------------------------------------- 2. long names
def test_item2_a_ruleset_name_over_255_characters_is_refused(tmp_path: Path) -> None:
    for name in ("a" * 300, "a" * 300 + ".yaml", "d/" * 200 + "x.yaml"):
        record = write(tmp_path / "rec.yaml", f"rules: {name}\n")
        refused_everywhere(record, name, "")
        _code, err = tute("replay", str(record))
        assert "rec.yaml, line 1: " in one_line(err) and "Errno" not in err


# ----------------------------------------------------------------- 3. files that are not
def test_item3_devices_fifos_and_folders_are_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    started = time.perf_counter()
    for target in ("/dev/zero", "/dev/urandom", str(fifo), str(folder)):
        record = write(tmp_path / "rec.yaml", f"rules: {target}\n")
        refused_everywhere(record, target, "rec.yaml, line 1: ", target,
                           rules_where=(target, "cannot read"))
        code, err = tute("replay", target)  # the record itself
        assert code == 1 and ("not a regular file" in err or "a folder" in err)
    assert time.perf_counter() - started < 30


def test_item3_oversized_files_are_refused_quickly(tmp_path: Path) -> None:
    huge = tmp_path / "huge.yaml"
    with huge.open("w") as f:  # 21 MB of actions
        f.write("rules: cabrero\nhands:\n  - actions:\n")
        f.write("      - 0 play 1O\n" * 1_300_000)
    big_rules = write(tmp_path / "big_rules.yaml", CABRERO + "#" * 2**20 + "\n")
    many = write(tmp_path / "many.yaml", "rules: cabrero\nhands: [" + "{}, " * 200_000 + "]\n")
    for path, why in ((huge, "larger than 1 MB"), (many, f"more than {MAX_NODES} values")):
        started = time.perf_counter()
        code, err = tute("replay", str(path))
        assert code == 1 and why in one_line(err, path.name)
        assert time.perf_counter() - started < 20
    code, err = tute("simulate", str(big_rules), "--players", "4", "--seats",
                     "easy,easy,easy,easy", "--hands", "1")
    assert code == 2 and "larger than 1 MB" in one_line(err, "big_rules.yaml")


# ----------------------------------------------------------------- 4. extends
def test_item4_extends_chains_are_checked_by_path_with_file_and_line(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    write(rules / "list.yaml", "- a\n- b\n")
    cases = {
        "nonmap": ("extends: list\n", "list.yaml, line 1: the file: expected a mapping"),
        "missing": ("extends: nothere\n", "missing.yaml, line 1: extends: no ruleset named"),
        "up": ("\nextends: ../x\n", "up.yaml, line 2: extends: no ruleset file '../x'"),
        "dir": ("extends: sub.yaml\n", "dir.yaml, line 1: extends: 'sub.yaml' beside "
                "dir.yaml is a folder, not a ruleset file"),
        "a": ("extends: b\n", "b.yaml, line 1: extends: a cycle (a.yaml -> b.yaml -> a"),
        "b": ("extends: a\n", "a.yaml, line 1: extends: a cycle (b.yaml -> a.yaml -> b"),
        "bato": ("extends: bato\n", "bato.yaml, line 1: extends: a cycle (bato.yaml -> "
                 "bato.yaml)"),
    }
    (rules / "sub.yaml").mkdir()
    for name, (text, _want) in cases.items():
        write(rules / f"{name}.yaml", text)
    for name, (_text, want) in cases.items():
        path = rules / f"{name}.yaml"
        with pytest.raises(RulesetError) as err:
            load_ruleset(path)
        assert want in str(err.value), (name, str(err.value))
        refused_everywhere(write(tmp_path / "rec.yaml", f"rules: rules/{name}.yaml\n"),
                           str(path), want)


def test_item4_a_chain_of_reasonable_depth_and_relative_paths_resolve(tmp_path: Path,
                                                                     monkeypatch: pytest.
                                                                     MonkeyPatch) -> None:
    deep = tmp_path / "deep"
    write(deep / "c0.yaml", CABRERO.replace("en: Tute Cabrero", "en: Six deep"))
    for i in range(1, MAX_EXTENDS):
        write(deep / f"c{i}.yaml", f"extends: c{i - 1}\n")
    assert load_ruleset(deep / "c6.yaml").name["en"] == "Six deep"
    assert load_ruleset(deep / f"c{MAX_EXTENDS - 1}.yaml").name["en"] == "Six deep"
    write(deep / f"c{MAX_EXTENDS}.yaml", f"extends: c{MAX_EXTENDS - 1}\n")
    with pytest.raises(RulesetError, match=f"more than {MAX_EXTENDS} files"):
        load_ruleset(deep / f"c{MAX_EXTENDS}.yaml")
    # A relative path with a folder is looked up beside the file that writes it, wherever
    # the command runs.
    write(tmp_path / "mine" / "variant.yaml", "extends: ../deep/c3\n")
    monkeypatch.chdir("/")
    assert load_ruleset(tmp_path / "mine" / "variant.yaml").name["en"] == "Six deep"


# ----------------------------------------------------------------- 5. errors blamed
def test_item5_a_broken_ruleset_by_absolute_path_is_blamed_not_the_record(
        tmp_path: Path) -> None:
    broken = write(tmp_path / "broken.yaml", CABRERO.replace("deck: spanish40",
                                                             "deck: spanish40\ncolour: red"))
    record = write(tmp_path / "rec.yaml", f"rules: {broken}\n")
    refused_everywhere(record, str(broken), f"{broken}, line 4: the file: unknown key 'colour'")


def test_item5_a_file_that_is_not_a_ruleset_is_not_echoed(tmp_path: Path) -> None:
    secret = "root:$6$Zx1hashhashhash:19000:0:99999:7:::"
    samples = [secret + "\nbin:*:19000:0:99999:7:::\n", f"password: {secret}\n",
               f"{secret}: [\n", f"- {secret}\n  x: y\n"]
    for i, text in enumerate(samples):
        target = write(tmp_path / f"secret{i}", text)
        record = write(tmp_path / "rec.yaml", f"rules: {target}\n")
        for command in ("replay", "review"):
            code, err = tute(command, str(record))
            assert code == 1 and "hash" not in err and "password" not in err, err
            one_line(err, str(target), "line ")


# ----------------------------------------------------------------- 6. cannot play
UNPLAYABLE = {
    "named trump without a naming phase": (
        BUTIFARRA.replace("phases: [name_or_delegate, doubling]", "phases: [doubling]"),
        "line 11: trump 'named' needs phases name_trump or name_or_delegate"),
    "butifarra scored as cabrero": (
        BUTIFARRA.replace("scoring: over_36", "scoring: cabrero"),
        "line 18: settlement 'team_target' needs scoring over_36"),
    "called partner with a team settlement": (
        (rules_dir() / "parejas.yaml").read_text(encoding="utf-8").replace(
            "seating: teams", "phases: [juego_paso, call_partner]\nseating: called_partner"),
        "line 14: scoring 'team_juegos' needs seating teams or solo"),
    "called partner without the call": (
        BUTIFARRA.replace("seating: teams", "seating: called_partner"),
        "line 8: seating 'called_partner' needs phases call_partner"),
}


@pytest.mark.parametrize("case", sorted(UNPLAYABLE))
def test_item6_strategies_that_cannot_play_together_are_refused_at_load(
        tmp_path: Path, case: str) -> None:
    text, want = UNPLAYABLE[case]
    rules = write(tmp_path / "odd.yaml", text)
    refused_everywhere(write(tmp_path / "rec.yaml", "rules: odd.yaml\n"), str(rules),
                       f"odd.yaml, {want}")


def test_item6_every_bundled_ruleset_meets_requires_and_plays_its_trial_hands() -> None:
    """The loader plays trial hands only for the player's rulesets: the bundled ones must
    pass them too (and meet REQUIRES, whose names are all real strategies)."""
    known = {(key, name) for key, names in strategies().items() for name in names}
    assert {key for key, _name in REQUIRES} <= set(strategies())
    assert set(REQUIRES) <= known
    for path in sorted(rules_dir().glob("*.yaml")):
        assert unplayable(load_ruleset(path)) is None, path.stem


def test_item6_strategies_no_table_foresaw_are_refused_by_trial_hands(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bato with a muestra for trumps: without the check by name that now refuses it (what
    a combination nobody foresaw is like), trial hands find that nobody can act."""
    monkeypatch.setattr(ruleset, "REQUIRES", {k: v for k, v in REQUIRES.items()
                                              if k != ("phases", "discard_draw")})
    text = (rules_dir() / "bato.yaml").read_text(encoding="utf-8")
    odd = write(tmp_path / "odd.yaml", re.sub(r"(?m)^trump: .*$", "trump: muestra", text))
    refused_everywhere(write(tmp_path / "rec.yaml", "rules: odd.yaml\n"), str(odd),
                       "odd.yaml, line 3: the engine cannot play it (players 3",
                       "): hand 1: nobody can act")


def test_item6_a_saved_match_that_cannot_resume_is_set_aside_with_the_notice(
        tmp_path: Path) -> None:
    odd = write(tmp_path / "odd.yaml", UNPLAYABLE["named trump without a naming phase"][0])
    store.save_match(store.SavedMatch(record=f"rules: {odd}\noptions: {{players: 4}}\n",
                                      level="easy"))
    saved, problem = store.load_match()
    assert saved is not None and problem is None
    with pytest.raises(ResumeError, match="trump 'named' needs"):
        Session.resume(saved)
    app = make_app()
    try:
        from tute.ui.menus.begin import resume_match

        resume_match(app, saved)
        app.step(0.02)
        assert app.problems or isinstance(top(app), Dialog)
        assert not (store.data_dir() / store.MATCH_FILE).exists()
        assert list(store.data_dir().glob("match.json.damaged-*"))
    finally:
        app.close()


# ----------------------------------------------------------------- 7. huge ranges
def test_item7_a_huge_option_range_is_refused_by_arithmetic(tmp_path: Path) -> None:
    rules = write(tmp_path / "wide.yaml", CABRERO.replace("range: [1, 10]",
                                                         "range: [3, 100000000]"))
    started = time.perf_counter()
    refused_everywhere(write(tmp_path / "rec.yaml", "rules: wide.yaml\n"), str(rules),
                       "wide.yaml, line 27: options.lives.range: more than 1000 values")
    players = write(tmp_path / "players.yaml", CABRERO.replace("range: [3, 6]",
                                                               "range: [3, 100000000]"))
    with pytest.raises(RulesetError, match=r"line 20: options\.players\.range"):
        load_ruleset(players)
    assert time.perf_counter() - started < 10


# ----------------------------------------------------------------- 8. player files
NESTED = "[" * 1000 + "]" * 1000


@pytest.mark.parametrize("name,text", [
    (store.SETTINGS_FILE, NESTED), (stats_file.STATS_FILE, NESTED), (store.MATCH_FILE, NESTED),
    (store.SETTINGS_FILE, '{"version": 1, "volume": NaN}'),
    (store.MATCH_FILE, '{"version": 1, "record": "rules: cabrero", "saved_at": Infinity}'),
    (stats_file.STATS_FILE, '{"version": 1, "matches": [{"hands": [{"points": Infinity}]}]}'),
    (stats_file.STATS_FILE, '{"version": 1, "matches": [{"hands": [{"points": NaN}]}]}'),
    (stats_file.STATS_FILE, '{"version": 1, "matches": [{"hands": [{"points": -Infinity}]}]}'),
    (stats_file.STATS_FILE, '{"version": 1, "matches": [{"hands": [{"points": 1e12}]}]}'),
    (stats_file.STATS_FILE, '{"version": 1, "matches": [{"seed": 1' + "0" * 45 + "}]}"),
])
def test_item8_deep_nesting_and_non_finite_or_huge_numbers_are_set_aside(
        name: str, text: str) -> None:
    home = store.data_dir()
    write(home / name, text)
    started = time.perf_counter()
    if name == stats_file.STATS_FILE:
        code, err = tute("stats")
        assert code == 0 and "statistics file was damaged" in one_line(err)
    else:
        app = make_app(language=None)
        try:
            app.push(first_scene(app, None, demo=False))
            run_until(app, partial(showing_dialog, app), limit=50)
        finally:
            app.close()
    assert time.perf_counter() - started < 20
    assert not (home / name).exists() and list(home.glob(f"{name}.damaged-*"))


def test_item8_the_statistics_screen_survives_a_damaged_file() -> None:
    write(store.data_dir() / stats_file.STATS_FILE,
          '{"version": 1, "matches": [{"game": "cabrero", "hands": [{"points": 1e12}]}]}')
    from tute.ui.menus.statistics import StatisticsScene

    app = make_app()
    try:
        scene = StatisticsScene(app)
        app.push(scene)
        app.step(0.02)
        assert scene.problem is not None or app.problems or isinstance(top(app), Dialog)
    finally:
        app.close()


# ----------------------------------------------------------------- 9. end of a match
def test_item9_the_result_is_written_before_the_saved_match_is_cleared(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, bool]] = []
    match = store.data_dir() / store.MATCH_FILE
    real_keep = store.keep_record

    def record_stats(_session: Session) -> None:
        seen.append(("statistics", match.exists()))

    def keep(record: str, game: str, when: float | None = None,
             told: Callable[[store.FileProblem], None] = lambda _p: None) -> Path:
        seen.append(("record", match.exists()))
        return real_keep(record, game, when, told)

    monkeypatch.setattr(Session, "record_stats", record_stats)
    monkeypatch.setattr(store, "keep_record", keep)
    app = make_app()
    try:
        # The computer plays the player's seat too, but the match is kept as the player's.
        table(app, players=3, seed=5, demo=True, lives=1).controller.kept = True
        run_until(app, lambda: isinstance(top(app), MatchEndScene), limit=20000)
    finally:
        app.close()
    last_writes = [what for what, _ in seen[-2:]]
    assert last_writes == ["statistics", "record"] and all(kept for _, kept in seen[-2:])
    assert not match.exists()


# ----------------------------------------------------------------- 10. long path
def test_item10_a_long_path_in_the_notice_is_elided_and_wrapped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    deep = "/".join(f"a_rather_long_folder_name_{i}" for i in range(30))
    assert len(quoted(deep)) == QUOTED_MOST and quoted(deep).endswith("name_29")
    assert quoted("/short/path") == "/short/path"
    pygame.init()
    lines = theme.wrap("set aside as /" + "x" * 400 + "/statistics.json.damaged-1 and", 16, 300)
    assert all(theme.font(16).size(line)[0] <= 300 for line in lines)
    assert "".join(lines).replace(" ", "") == (
        "setasideas/" + "x" * 400 + "/statistics.json.damaged-1and")
    home = store.data_dir() / deep
    monkeypatch.setenv(store.HOME_ENV, str(home))
    for size in ((1280, 800), (800, 560)):
        write(home / store.SETTINGS_FILE, '{"version": 1, "volume": NaN}')
        app = make_app(size, language=None)
        try:
            app.push(first_scene(app, None, demo=False))
            run_until(app, partial(showing_dialog, app), limit=50)
            notice = top(app)
            assert isinstance(notice, Dialog)
            message = label_text(notice.message)
            assert "…" in message
            inner = notice.panel.width - app.px(64)
            assert all(theme.font(app.px(18)).size(line)[0] <= inner
                       for line in theme.wrap(message, app.px(18), inner))
            assert pygame.Rect((0, 0), size).contains(notice.panel)
        finally:
            app.close()
