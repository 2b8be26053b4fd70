"""Damaged files: every file the game writes is tried truncated, emptied, zero-filled, filled
with random bytes, with a wrong version, as valid JSON of the wrong shape, and nested deep or
with non-finite and huge numbers. Each time the game starts (in-process and as the real
``tute`` command), tells the player what it set aside, and keeps the damaged file, byte for
byte, as ``NAME.damaged-TIMESTAMP``.

A new kind of file is one line in ``KINDS``: a name and a function writing a valid one.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest
from ui_helpers import click, frames, make_app, top

from tute import store
from tute.store import GameSetup
from tute.ui.main import first_scene
from tute.ui.menus.menu import MenuScene
from tute.ui.shell.app import App
from tute.ui.shell.dialog import Dialog
from tute.ui.table.scene import TableScene
from tute.ui.table.session import Session

ROOT = Path(__file__).resolve().parent.parent
NOTICE = "A file was damaged"


def write_settings() -> None:
    store.save_settings(store.Settings(language="en", card_back="ñ", volume=0.5, autoplay=True,
                                       setup=GameSetup("chancho", "hard", {"players": 4})))


def write_match() -> None:
    store.save_match(Session.new(GameSetup("cabrero", "easy", {"players": 4}), seed=3).saved())


@dataclass(frozen=True)
class Kind:
    """A file the game writes: its ``FileProblem.kind``, its name and how to write it."""

    kind: str
    name: str
    write: Callable[[], None]


KINDS = [
    Kind("settings", store.SETTINGS_FILE, write_settings),
    Kind("match", store.MATCH_FILE, write_match),
]

Damage = Callable[[bytes, random.Random], list[bytes]]
"""A valid file's bytes -> damaged variants of it."""

WRONG_VALUES: list[object] = [None, [], {}, "☃", 10**30, -1.5, True]


def truncated(good: bytes, rng: random.Random) -> list[bytes]:
    """Cut before the closing brace (so never still valid), at fixed and random points,
    some inside a multi-byte character."""
    end = good.rindex(b"}")
    cuts = {1, end // 2, end - 1, end, *rng.sample(range(2, end), 4)}
    cuts |= {i + 1 for i, b in enumerate(good[:end]) if b >= 0xC0}  # mid-character
    return [good[:n] for n in sorted(cuts)]


def emptied(good: bytes, rng: random.Random) -> list[bytes]:
    return [b"", b"\n", b"   "]


def zero_filled(good: bytes, rng: random.Random) -> list[bytes]:
    """What some file systems leave of a file being written at a power cut."""
    return [bytes(len(good)), bytes(4096)]


def random_bytes(good: bytes, rng: random.Random) -> list[bytes]:
    return [rng.randbytes(n) for n in (1, 7, len(good), 5000)] + [
        good[:len(good) // 2] + rng.randbytes(len(good) // 2)]


def wrong_version(good: bytes, rng: random.Random) -> list[bytes]:
    raw = json.loads(good)
    version = raw["version"]
    variants: list[object] = [version + 1, 0, -1, str(version), float(version), None, 2**64]
    out = [_dump({**raw, "version": v}) for v in variants]
    del raw["version"]
    return [*out, _dump(raw)]


def wrong_shape(good: bytes, rng: random.Random) -> list[bytes]:
    """Valid JSON that is not the file: other top-level types, and each field of the valid
    file given a value of another type."""
    raw = json.loads(good)
    out = [_dump(v) for v in ([], [raw], "settings", 42, None, True)]
    for key, value in raw.items():
        if key == "version":
            continue
        for wrong in WRONG_VALUES:
            if type(wrong) is type(value) or (type(value) is float and type(wrong) is int):
                continue
            out.append(_dump({**raw, key: wrong}))
    return out


def hostile_values(good: bytes, rng: random.Random) -> list[bytes]:
    """What an attack puts in JSON (issue 22): nesting a thousand deep, and each number of
    the valid file made NaN, infinite or of 46 digits."""
    out = [b"[" * 1000 + b"]" * 1000, b'{"a": ' * 1000 + b"1" + b"}" * 1000]
    raw = json.loads(good)
    for key, value in raw.items():
        if key == "version" or type(value) not in (int, float):
            continue
        for bad in ("NaN", "Infinity", "-Infinity", "1" + "0" * 45):
            out.append(_dump({**raw, key: "@"}).replace(b'"@"', bad.encode()))
    return out


def _dump(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, indent=2).encode("utf-8")


DAMAGES: dict[str, Damage] = {
    "truncated": truncated, "emptied": emptied, "zero-filled": zero_filled,
    "random bytes": random_bytes, "wrong version": wrong_version, "wrong shape": wrong_shape,
    "hostile values": hostile_values,
}


def valid_bytes(kind: Kind, folder: Path, monkeypatch: pytest.MonkeyPatch) -> bytes:
    monkeypatch.setenv(store.HOME_ENV, str(folder))
    kind.write()
    return (folder / kind.name).read_bytes()


def damaged_files(kind: Kind, folder: Path, monkeypatch: pytest.MonkeyPatch
                  ) -> Iterator[tuple[str, bytes]]:
    """Every damaged variant of ``kind``'s file, with its category."""
    good = valid_bytes(kind, folder / "valid", monkeypatch)
    rng = random.Random(f"{kind.kind}-16")
    for category, damage in DAMAGES.items():
        for variant in damage(good, rng):
            yield category, variant


def set_aside(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.damaged-*"))


@pytest.fixture
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "en_GB.UTF-8")


def start_menu(folder: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    """The game as ``tute`` starts it, with its files in ``folder``."""
    monkeypatch.setenv(store.HOME_ENV, str(folder))
    app = make_app(language=None)
    app.push(first_scene(app, None, demo=False))
    frames(app, 2)
    return app


def check_notice(app: App, moved: Path) -> None:
    """The menu tells what was set aside, and where; OK leaves a working menu."""
    notice = top(app)
    assert isinstance(notice, Dialog) and notice.title == NOTICE
    message = notice.message() if callable(notice.message) else notice.message
    assert str(moved) in message
    click(app, notice.buttons[0].rect.center)


def test_every_damaged_file_is_set_aside_kept_and_reported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: None) -> None:
    tried: dict[str, int] = {}
    for kind in KINDS:
        for n, (category, content) in enumerate(damaged_files(kind, tmp_path, monkeypatch)):
            folder = tmp_path / f"{kind.kind}-{n}"
            folder.mkdir()
            (folder / kind.name).write_bytes(content)
            app = start_menu(folder, monkeypatch)
            try:
                label = f"{kind.kind}, {category}: {content[:60]!r}"
                kept = set_aside(folder, kind.name)
                assert len(kept) == 1, label
                assert kept[0].read_bytes() == content, label
                assert not (folder / kind.name).exists(), label
                check_notice(app, kept[0])
                menu = top(app)
                assert isinstance(menu, MenuScene), label
                assert not menu.continue_button.visible, label
                if kind.kind == "settings":
                    assert app.settings == store.Settings(), label
            finally:
                app.close()
            key = f"{kind.kind} {category}"
            tried[key] = tried.get(key, 0) + 1
    total = sum(tried.values())
    print(f"\ndamaged files tried: {total}")
    for key, count in tried.items():
        print(f"  {key}: {count}")
    assert all(tried.get(f"{k.kind} {c}") for k in KINDS for c in DAMAGES), tried


def test_both_files_damaged_are_reported_one_after_the_other(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: None) -> None:
    for kind in KINDS:
        (tmp_path / kind.name).write_bytes(b"{\x00")
    app = start_menu(tmp_path, monkeypatch)
    try:
        for kind in KINDS:
            check_notice(app, set_aside(tmp_path, kind.name)[0])
        assert isinstance(top(app), MenuScene)
    finally:
        app.close()


def test_a_saved_match_that_no_longer_replays_is_set_aside_on_continue(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: None) -> None:
    """Well-formed JSON whose record is not a match only shows when it is replayed."""
    monkeypatch.setenv(store.HOME_ENV, str(tmp_path))
    store.save_match(store.SavedMatch(record="rules: cabrero\nhands: 7\n", level="easy"))
    content = (tmp_path / store.MATCH_FILE).read_bytes()
    app = start_menu(tmp_path, monkeypatch)
    try:
        menu = top(app)
        assert isinstance(menu, MenuScene) and menu.continue_button.visible
        click(app, menu.continue_button.rect.center)
        frames(app)
        kept = set_aside(tmp_path, store.MATCH_FILE)
        assert len(kept) == 1 and kept[0].read_bytes() == content
        check_notice(app, kept[0])
        assert isinstance(top(app), MenuScene) and not top(app).continue_button.visible
    finally:
        app.close()


@pytest.mark.parametrize("when", [-1.0, 1e12, store.LATEST_TIME])
def test_a_saved_match_dated_outside_the_games_years_is_set_aside(
        home: Path, when: float) -> None:
    """A time the game never wrote (before 1970, or in the year 3000 or after) is damage,
    found by the soak's hostile player files."""
    (home / store.MATCH_FILE).write_text(json.dumps(
        {"version": store.MATCH_VERSION, "record": "rules: cabrero", "saved_at": when}),
        encoding="utf-8")
    saved, problem = store.load_match()
    assert saved is None and problem is not None and problem.kind == "match"
    assert len(set_aside(home, store.MATCH_FILE)) == 1


def test_tute_play_reports_a_damaged_file_before_the_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: None) -> None:
    """Bug found here: ``tute play`` went straight to the table and the notice waited, unseen,
    until the player went back to the menu."""
    (tmp_path / store.SETTINGS_FILE).write_bytes(b"\x00" * 64)
    monkeypatch.setenv(store.HOME_ENV, str(tmp_path))
    app = make_app(language=None)
    try:
        app.push(first_scene(app, GameSetup("cabrero", "easy", {"players": 4}), demo=False))
        frames(app, 2)
        check_notice(app, set_aside(tmp_path, store.SETTINGS_FILE)[0])
        frames(app)
        assert isinstance(top(app), TableScene)
    finally:
        app.close()


def test_a_demo_starts_whatever_table_the_settings_remember(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: None) -> None:
    """Bug found here: settings that read well but remember a game or options that no
    longer exist (an unknown ruleset, 99 players) crashed ``tute --demo``."""
    monkeypatch.setenv(store.HOME_ENV, str(tmp_path))
    for setup in (GameSetup("no-such-game", "easy", {}),
                  GameSetup("cabrero", "easy", {"players": 99, "no-such-option": 1})):
        store.save_settings(store.Settings(setup=setup))
        app = make_app(language=None)
        try:
            app.push(first_scene(app, None, demo=True))
            frames(app, 2)
            board = top(app)
            assert isinstance(board, TableScene) and board.session.demo
            assert board.session.game.rules.id == "cabrero"
        finally:
            app.close()


# ----------------------------------------------------------------- the real command
def run_tute(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``tute ARGS --frames 20 --screenshot home/shot.png`` headless, its files in ``home``."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TUTE_HOME": str(home), "LANG": "en_GB.UTF-8"}
    return subprocess.run([sys.executable, "-m", "tute.cli", *args, "--frames", "20",
                           "--screenshot", str(home / "shot.png")],
                          env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)


def brightness(path: Path) -> float:
    image = pygame.image.load(str(path))
    return sum(pygame.transform.average_color(image)[:3]) / 3


@pytest.fixture(scope="module")
def clean_menu(tmp_path_factory: pytest.TempPathFactory) -> float:
    """How bright the menu is when nothing is damaged (the notice darkens the screen)."""
    home = tmp_path_factory.mktemp("clean")
    result = run_tute(home)
    assert result.returncode == 0, result.stderr
    return brightness(home / "shot.png")


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.kind)
@pytest.mark.parametrize("category", DAMAGES)
def test_the_tute_command_starts_with_a_damaged_file(
        kind: Kind, category: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        clean_menu: float) -> None:
    good = valid_bytes(kind, tmp_path / "valid", monkeypatch)
    content = DAMAGES[category](good, random.Random(category))[-1]
    home = tmp_path / "home"
    home.mkdir()
    (home / kind.name).write_bytes(content)
    result = run_tute(home)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    kept = set_aside(home, kind.name)
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert brightness(home / "shot.png") < 0.8 * clean_menu  # the notice is up
