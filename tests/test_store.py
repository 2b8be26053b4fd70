"""Settings and the saved match on disk: round trips, atomic writes, damaged files."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import pytest

from tute import store


def damaged(home: Path, name: str) -> list[Path]:
    return sorted(home.glob(f"{name}.damaged-*"))


def test_the_data_folder_follows_tute_home(home: Path) -> None:
    assert store.data_dir() == home


def test_without_files_the_defaults_are_used(home: Path) -> None:
    settings, problem = store.load_settings()
    assert settings == store.Settings() and problem is None
    assert store.load_match() == (None, None)
    assert not (home / store.MATCH_FILE).exists()


def test_settings_round_trip(home: Path) -> None:
    settings = store.Settings(language="es", deck_style="x", card_back="blue",
                              animation="instant", volume=0.3, muted=True, fullscreen=True,
                              setup=store.GameSetup("chancho", "hard",
                                                    {"players": 5, "renuncio": "accuse"}))
    store.save_settings(settings)
    loaded, problem = store.load_settings()
    assert problem is None and loaded == settings
    raw = json.loads((home / store.SETTINGS_FILE).read_text(encoding="utf-8"))
    assert raw["version"] == store.SETTINGS_VERSION


def test_writes_are_atomic_and_leave_no_temporary_files(home: Path) -> None:
    store.save_settings(store.Settings(language="en"))
    store.save_settings(store.Settings(language="es"))
    assert sorted(p.name for p in home.iterdir()) == [store.SETTINGS_FILE]


def test_a_failed_write_keeps_the_old_file(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store.save_settings(store.Settings(language="es"))

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(store.os, "replace", broken_replace)
        with pytest.raises(OSError):
            store.save_settings(store.Settings(language="en"))
    assert store.load_settings()[0].language == "es"
    assert [p.name for p in home.iterdir()] == [store.SETTINGS_FILE]


@pytest.mark.parametrize("content", [
    "{not json",
    "[1, 2]",
    '{"language": "es"}',
    '{"version": "1"}',
    '{"version": 1, "language": "fr"}',
    '{"version": 1, "volume": 3.5}',
    '{"version": 1, "muted": "yes"}',
    '{"version": 1, "setup": {"rules": "cabrero", "options": {"players": [4]}}}',
    '{"version": 99}',
], ids=["syntax", "list", "no-version", "text-version", "language", "volume", "muted",
        "options", "newer"])
def test_damaged_settings_are_set_aside_and_reported(home: Path, content: str) -> None:
    path = home / store.SETTINGS_FILE
    path.write_text(content, encoding="utf-8")
    settings, problem = store.load_settings()
    assert settings == store.Settings()
    assert problem is not None and problem.kind == "settings" and problem.detail
    assert not path.exists()
    aside = damaged(home, store.SETTINGS_FILE)
    assert aside == [problem.moved_to]
    assert aside[0].read_text(encoding="utf-8") == content


def test_settings_that_are_not_utf8_are_set_aside(home: Path) -> None:
    (home / store.SETTINGS_FILE).write_bytes(b"\xff\xfe\x00garbage")
    settings, problem = store.load_settings()
    assert problem is not None and settings == store.Settings()
    assert len(damaged(home, store.SETTINGS_FILE)) == 1


def test_a_damaged_file_is_never_overwritten(home: Path) -> None:
    (home / store.SETTINGS_FILE).write_text("{oops", encoding="utf-8")
    store.load_settings()
    store.save_settings(store.Settings(language="es"))
    (home / store.SETTINGS_FILE).write_text("{oops again", encoding="utf-8")
    store.load_settings()
    kept = [p.read_text(encoding="utf-8") for p in damaged(home, store.SETTINGS_FILE)]
    assert sorted(kept) == ["{oops", "{oops again"]


def test_saved_match_round_trip_and_clear(home: Path) -> None:
    match = store.SavedMatch(record="rules: cabrero\n", level="hard", demo=False,
                             saved_at=12.5)
    store.save_match(match)
    assert (home / store.MATCH_FILE).is_file()
    loaded, problem = store.load_match()
    assert problem is None and loaded == match
    store.clear_match()
    assert store.load_match() == (None, None)


@pytest.mark.parametrize("content", [
    '{"version": 1}', '{"version": 1, "record": ""}', '{"version": 1, "record": "x", '
    '"level": "genius"}', "{{{",
])
def test_damaged_saved_match_is_set_aside(home: Path, content: str) -> None:
    (home / store.MATCH_FILE).write_text(content, encoding="utf-8")
    match, problem = store.load_match()
    assert match is None and problem is not None and problem.kind == "match"
    assert not (home / store.MATCH_FILE).exists()
    assert len(damaged(home, store.MATCH_FILE)) == 1


def test_a_match_that_no_longer_replays_can_be_set_aside(home: Path) -> None:
    store.save_match(store.SavedMatch(record="rules: nonsense\n", level="easy"))
    problem = store.set_aside_match("no ruleset named 'nonsense'")
    assert problem.moved_to is not None and problem.moved_to.exists()
    assert not (home / store.MATCH_FILE).exists()


def test_the_pace_settings_round_trip_and_default_off(home: Path) -> None:
    assert not store.Settings().trick_wait and not store.Settings().autoplay
    store.save_settings(store.Settings(trick_wait=True, autoplay=True))
    loaded, problem = store.load_settings()
    assert problem is None and loaded.trick_wait and loaded.autoplay


def test_a_write_syncs_the_file_and_its_folder(home: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import stat

    synced: list[bool] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    store.save_match(store.SavedMatch(record="rules: cabrero\n", level="easy"))
    assert synced == ([False, True] if os.name == "posix" else [False])


def test_temp_files_left_by_killed_saves_are_swept(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A save killed mid-write leaves its temp file; the next start removes old ones only."""
    monkeypatch.setenv(store.HOME_ENV, str(tmp_path))
    old = tmp_path / "match.json.abc123.tmp"
    fresh = tmp_path / "match.json.def456.tmp"
    for f in (old, fresh):
        f.write_text("{", encoding="utf-8")
    past = time.time() - store.STALE_TEMP_SECONDS - 5
    os.utime(old, (past, past))
    assert store.load_match() == (None, None)
    assert not old.exists() and fresh.exists()


def test_a_folder_that_cannot_be_synced_does_not_fail_a_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(store.HOME_ENV, str(tmp_path))
    real_fsync = os.fsync

    def refuse_folders(fd: int) -> None:
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(22, "Invalid argument")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", refuse_folders)
    store.save_settings(store.Settings(language="es"))
    assert store.load_settings()[0].language == "es"
