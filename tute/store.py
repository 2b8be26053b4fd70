"""Files on the player's machine: settings, the interrupted match and (through
``tute.stats``) the statistics.

Each file is JSON with a ``version``, written atomically (temp file, fsync, ``os.replace``,
then fsync of the folder on POSIX so the rename itself survives a power cut). The match saved
after every action is written by one background thread (``MatchWriter``) so the two fsyncs
never hold up the frame loop.
Every JSON file of the data folder is read through one door, ``load_file``, within its
kind's bounds (``KINDS``: bytes, containers, values, depth, checked before decoding; numbers
in range, no NUL). A file that cannot be read back is set aside as
``NAME.damaged-TIMESTAMP`` and reported to the caller as a ``FileProblem``; it never
crashes the game and is never silently overwritten. New files are written by
``write_new``/``write_free``, which never replace a file already there.
The folder is platformdirs' user data folder, or ``$TUTE_HOME`` when set (tests). When it
cannot be used (it is a file, or cannot be written) or another window of the game holds it
(``tute.instance``), writes are held for the whole run (``hold_writes``): the game plays on
without saving rather than failing at every step or overwriting the other window's files.
"""

from __future__ import annotations

import errno
import hashlib
import itertools
import json
import math
import os
import re
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from tute.rules.yamlio import read_text

HOME_ENV = "TUTE_HOME"
SETTINGS_FILE = "settings.json"
MATCH_FILE = "match.json"
SETTINGS_VERSION = 1
MATCH_VERSION = 1

LANGUAGES = ("", "es", "ca", "en")
"""Language codes; "" follows the system's language."""
SPEEDS = ("slow", "normal", "fast", "instant")
LEVELS = ("easy", "medium", "hard")
PRINT_SIZES = (100, 125, 150, 175, 200)
"""Large print: the sizes the Settings offer for text and cards, in per cent."""

T = TypeVar("T")


def data_dir() -> Path:
    """Where the game keeps its files: ``$TUTE_HOME`` or the user data folder."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home)
    import platformdirs

    return Path(platformdirs.user_data_dir("tute", appauthor=False))


@dataclass(frozen=True)
class FolderProblem:
    """The data folder cannot hold the game's files: where, and why."""

    path: Path
    not_a_folder: bool
    """A file (or something else) is where the folder should be."""
    detail: str
    """The system's reason, when the folder exists but cannot be written."""


def data_folder_problem() -> FolderProblem | None:
    """Make the data folder if need be and try writing in it; None when it can be used."""
    folder = data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError) as exc:
        return FolderProblem(folder, True, exc.strerror or "")
    except OSError as exc:
        return FolderProblem(folder, False, exc.strerror or str(exc))
    if not folder.is_dir():
        return FolderProblem(folder, True, "")
    try:
        with tempfile.TemporaryFile(dir=folder, prefix=".write-check."):
            pass
    except OSError as exc:
        return FolderProblem(folder, False, exc.strerror or str(exc))
    return None


_held = False


def hold_writes(held: bool) -> None:
    """Write nothing in the data folder for the rest of the run (False: writing goes on):
    every save, removal and prune then does nothing."""
    global _held
    _held = held


class Damaged(ValueError):
    """A file's content does not match what this version writes."""


@dataclass(frozen=True)
class FileProblem:
    """A file that was set aside: which one, where it went, and what was wrong."""

    kind: str
    """Which kind of file (``KINDS``): ``settings``, ``match``, ``statistics``, ``puzzles``
    or ``records`` (the kept records' index)."""
    moved_to: Path | None
    detail: str


@dataclass
class GameSetup:
    """The last table the player asked for, offered again on the new-game screen."""

    rules: str = "cabrero"
    level: str = "medium"
    options: dict[str, bool | int | str] = field(default_factory=dict)
    practice: bool = False
    """Hints and undo at the table; such matches are kept apart in the statistics."""
    deck: str = ""
    """The deck pattern the table is drawn with; "" is the game's own default."""


@dataclass
class Settings:
    language: str = ""
    deck_style: str = ""
    """A style name of the deck module, the default for new games (a table draws the deck
    its own setup names); "" is the deck module's default."""
    card_back: str = ""
    animation: str = "normal"
    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    trick_wait: bool = False
    """Hold each finished trick until a click or key (for learners)."""
    autoplay: bool = False
    """Play the player's card by itself when only one card may be played."""
    compare_hands: bool = False
    """After every hand, the hard level plays the same cards and the result compares."""
    speech: bool = False
    """Speak the game through the player's screen reader (F2 or ``--speech`` too)."""
    print_size: int = 100
    """Large print: text and cards at this many per cent (PRINT_SIZES; ``--print`` too)."""
    high_contrast: bool = False
    """The high-contrast palette and card indices legible without colour (``--contrast``)."""
    tutorial_offered: bool = False
    """The menu has offered the guided hand (it does so once, on the very first start)."""
    introduced: list[str] = field(default_factory=list)
    """Games whose table has shown its short how-to-play panel."""
    lessons_offered: list[str] = field(default_factory=list)
    """Games whose lesson the new-game screen has offered (once, when first chosen)."""
    puzzles_game: str = ""
    """The game the Puzzles screen showed last, which it opens on again ("": the first)."""
    setup: GameSetup = field(default_factory=GameSetup)
    games: dict[str, GameSetup] = field(default_factory=dict)
    """Each game's last choices on the new-game screen (its options and deck), by game:
    a look at another game and back keeps them, and so does the next start."""


@dataclass
class SavedMatch:
    """An interrupted match: a game record plus what the table needs around it."""

    record: str
    """YAML game record (``tute.engine.record.dump_record``)."""
    level: str
    demo: bool = False
    saved_at: float = 0.0
    practice: bool = False
    deck: str = ""
    """The deck pattern the match is drawn with ("" in files older than it: the game's
    default)."""
    over: bool = False
    """The match is finished but its statistics or record could not be written: it is
    kept until they are (``TableController.write_result``), then removed."""


# ----------------------------------------------------------------- reading and checking
def _need(cond: bool, what: str) -> None:
    if not cond:
        raise Damaged(what)


MAX_NUMBER = 10**40
"""Numbers in the player's files lie within this (times, seeds below 2**64): a larger one
is damage."""
MAX_DIGITS = len(str(MAX_NUMBER))


LATEST_TIME = 32_503_680_000.0
"""The start of the year 3000, in seconds since 1970: a time saved after it is damage."""


def a_time(value: float) -> bool:
    """A moment the game could have written: from 1970 to before the year 3000."""
    return 0.0 <= value < LATEST_TIME


def sane_number(value: object) -> bool:
    """A finite int or float within MAX_NUMBER (bools are not numbers here)."""
    return (type(value) in (int, float) and math.isfinite(value)  # type: ignore[arg-type]
            and abs(value) <= MAX_NUMBER)  # type: ignore[arg-type]


MAX_NAME = 255
"""Characters of a name that becomes part of a file's name: most file systems' bound."""
_NOT_IN_NAMES = re.compile(r"[\x00-\x1f\x7f/\\]")


def a_name(value: str) -> bool:
    """A plain name (a puzzle's, a kept record's file): no path separator, no NUL or other
    control character, at most MAX_NAME characters, and writable as UTF-8 (JSON's escapes
    also read lone surrogates)."""
    if not 0 < len(value) <= MAX_NAME or _NOT_IN_NAMES.search(value):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def pick(raw: Mapping[str, Any], key: str, kind: type[T], default: T,
          ok: Callable[[T], bool] = lambda _v: True) -> T:
    """``raw[key]`` checked for type and value (numbers: also sane_number); ``default``
    when the key is absent."""
    if key not in raw:
        return default
    value = raw[key]
    if kind is float and type(value) is int:
        value = float(value)
    _need(type(value) is kind and (kind not in (int, float) or sane_number(value))
          and ok(value), f"'{key}' has a wrong value: {str(value)[:40]}")
    return value  # type: ignore[no-any-return]


def _setup_from(raw: object) -> GameSetup:
    _need(isinstance(raw, dict), "'setup' is not a mapping")
    assert isinstance(raw, dict)
    d = GameSetup()
    return GameSetup(rules=pick(raw, "rules", str, d.rules, bool),
                     level=pick(raw, "level", str, d.level, lambda v: v in LEVELS),
                     options=simple_options(raw.get("options", {})),
                     practice=pick(raw, "practice", bool, d.practice),
                     deck=pick(raw, "deck", str, d.deck))


def simple_options(raw: object) -> dict[str, bool | int | str]:
    """Ruleset options as files keep them: names to plain values."""
    _need(isinstance(raw, dict) and all(
        isinstance(k, str) and (type(v) in (bool, str) or (type(v) is int and sane_number(v)))
        for k, v in raw.items()),
        "'options' is not a mapping of simple values")
    assert isinstance(raw, dict)
    return dict(raw)


def name_list(raw: object, key: str) -> list[str]:
    """A list of names (games, say) as files keep it."""
    _need(isinstance(raw, list) and all(isinstance(v, str) for v in raw),
          f"'{key}' is not a list of names")
    assert isinstance(raw, list)
    return list(raw)


def settings_from(raw: Mapping[str, Any]) -> Settings:
    """Settings from a decoded file; Damaged says what does not fit."""
    d = Settings()
    return Settings(
        language=pick(raw, "language", str, d.language, lambda v: v in LANGUAGES),
        deck_style=pick(raw, "deck_style", str, d.deck_style),
        card_back=pick(raw, "card_back", str, d.card_back),
        animation=pick(raw, "animation", str, d.animation, lambda v: v in SPEEDS),
        volume=pick(raw, "volume", float, d.volume, lambda v: 0.0 <= v <= 1.0),
        muted=pick(raw, "muted", bool, d.muted),
        fullscreen=pick(raw, "fullscreen", bool, d.fullscreen),
        trick_wait=pick(raw, "trick_wait", bool, d.trick_wait),
        autoplay=pick(raw, "autoplay", bool, d.autoplay),
        compare_hands=pick(raw, "compare_hands", bool, d.compare_hands),
        speech=pick(raw, "speech", bool, d.speech),
        print_size=pick(raw, "print_size", int, d.print_size, lambda v: v in PRINT_SIZES),
        high_contrast=pick(raw, "high_contrast", bool, d.high_contrast),
        tutorial_offered=pick(raw, "tutorial_offered", bool, d.tutorial_offered),
        introduced=name_list(raw.get("introduced", []), "introduced"),
        lessons_offered=name_list(raw.get("lessons_offered", []), "lessons_offered"),
        puzzles_game=pick(raw, "puzzles_game", str, d.puzzles_game),
        setup=_setup_from(raw["setup"]) if "setup" in raw else d.setup,
        games=_games_from(raw.get("games", {})),
    )


def _games_from(raw: object) -> dict[str, GameSetup]:
    """Each game's last choices (absent from files older than them: none)."""
    _need(isinstance(raw, dict) and all(isinstance(k, str) for k in raw),
          "'games' is not a mapping of games")
    assert isinstance(raw, dict)
    return {game: _setup_from(setup) for game, setup in raw.items()}


def match_from(raw: Mapping[str, Any]) -> SavedMatch:
    """A saved match from a decoded file; Damaged says what does not fit."""
    _need(isinstance(raw.get("record"), str) and bool(raw["record"].strip()),
          "'record' is missing")
    return SavedMatch(
        record=raw["record"],
        level=pick(raw, "level", str, "medium", lambda v: v in LEVELS),
        demo=pick(raw, "demo", bool, False),
        saved_at=pick(raw, "saved_at", float, 0.0, a_time),
        practice=pick(raw, "practice", bool, False),
        deck=pick(raw, "deck", str, ""),
        over=pick(raw, "over", bool, False),
    )


# ----------------------------------------------------------------- files
def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves the old or the new file whole
    (nothing at all while writes are held)."""
    if not _held:
        replace_whole(path, text)


def replace_whole(path: Path, data: str | bytes) -> None:
    """Replace ``path`` with ``data`` (text, or bytes such as a screenshot) so that a crash
    leaves the old or the new file whole, held writes or not (a screenshot is no save)."""
    tmp = _written_aside(path, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_dir(path.parent)


def write_new(path: Path, text: str) -> None:
    """Write ``path`` whole, only where no file of that name is: FileExistsError, and
    nothing written, when one is (another run's, another window's). The text goes to a
    temp file first, synced, then takes the name in one step (a hard link, which fails
    rather than replace; where the file system has none, the name is claimed empty first):
    a kill or a full disk leaves the whole file or none, never a part."""
    if _held:
        return
    tmp = _written_aside(path, text)
    try:
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise
        except OSError:  # no hard links here (FAT, some network shares)
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
            os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)
    _sync_dir(path.parent)


def write_free(folder: Path, names: Iterator[str], text: str,
               ours: Callable[[Path], bool] = lambda _path: False) -> Path:
    """Write ``text`` under the first of ``names`` free in ``folder`` (``write_new``):
    a file already there is never replaced, but for one that ``ours`` knows as what this
    very write left when a kill cut it short (then written again, atomically)."""
    for name in names:
        path = folder / name
        if ours(path):
            write_atomic(path, text)
            return path
        try:
            write_new(path, text)
        except FileExistsError:
            continue
        return path
    raise FileExistsError(errno.EEXIST, "no free name", str(folder))


def _written_aside(path: Path, data: str | bytes) -> str:
    """``data`` in a synced temp file beside ``path`` (the folder made if need be); its
    name. A failure (a full disk) removes it and propagates."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return tmp


def _sync_dir(folder: Path) -> None:
    """Make the rename itself durable: on POSIX a power cut may otherwise forget it. Best
    effort: the file is already replaced, and some file systems refuse to sync a folder."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError:
        pass


STALE_TEMP_SECONDS = 600
"""Temp files older than this were left by a save that was killed; younger ones may belong
to another copy of the game saving right now."""


def _sweep_temp(path: Path) -> None:
    """Remove the temp files that killed saves of ``path`` left behind."""
    now = time.time()
    for tmp in path.parent.glob(path.name + ".*.tmp"):
        try:
            if now - tmp.stat().st_mtime > STALE_TEMP_SECONDS:
                tmp.unlink()
        except OSError:
            continue


def set_aside(path: Path) -> Path | None:
    """Rename a damaged file to ``NAME.damaged-TIMESTAMP``; None if it could not be moved."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


@dataclass(frozen=True)
class Bounds:
    """What one kind of file may hold, checked before it is decoded so that a hostile file
    costs no more than reading it: its bytes, its containers (lists and mappings, the empty
    ones too: millions of ``[]`` fill the memory as surely as millions of entries), its
    values (each container and each scalar) and how deep they nest."""

    size: int
    containers: int
    values: int
    depth: int


KINDS: dict[str, Bounds] = {}
"""Each kind of file of the data folder (``FileProblem.kind``) and its bounds, registered
by the module that holds the kind (``bound``): every file is read through ``load_file``."""


def bound(kind: str, bounds: Bounds) -> str:
    """Register ``kind``'s bounds; returns the kind, for the module's constant."""
    KINDS[kind] = bounds
    return kind


SETTINGS = bound("settings", Bounds(size=2**20, containers=10_000, values=100_000, depth=5))
"""A few KB in use: a thousand games' last choices fit well within."""
MATCH = bound("match", Bounds(size=16 * 2**20, containers=10, values=100, depth=2))
"""A flat mapping whose record (one string) is 33.5 KB for the longest match measured."""


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
"""A JSON string (escapes included), matched in C without backtracking."""
_INNERMOST = re.compile(r"\[[^\[\]{}]*\]|\{[^\[\]{}]*\}")
"""A container holding no container: removing these once per level measures the depth."""
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")
"""A number longer than any within MAX_NUMBER, found before Python converts it (thousands
of digits take long, and a float of 400 digits overflows)."""
_NUL = re.compile(r"(?<!\\)(?:\\\\)*\\u0000", re.IGNORECASE)
"""A NUL character written as JSON writes it (``\\u0000`` after an even number of
backslashes): no file of the game holds one, and a name with one crashes the system calls
that are given it."""


def check_shape(text: str, bounds: Bounds) -> None:
    """Damaged when ``text`` holds more, or deeper, than ``bounds`` allow, a NUL, or a
    number of too many digits. The strings are taken out first (their brackets, commas and
    digits are text), then what is left is searched and counted: a few passes in C over the
    file, whatever it holds (0.1 s for 5 MB of statistics)."""
    if _NUL.search(text):
        raise Damaged("a NUL character in a text")
    bare = _STRING.sub("0", text)
    _need(not _LONG_NUMBER.search(bare), f"a number of more than {MAX_DIGITS} digits")
    containers = bare.count("[") + bare.count("{")
    _need(containers <= bounds.containers,
          f"more than {bounds.containers} lists and mappings")
    _need(containers + bare.count(",") <= bounds.values, f"more than {bounds.values} values")
    for _level in range(bounds.depth):
        bare, found = _INNERMOST.subn("0", bare)
        if not found:
            return
    _need(not _INNERMOST.search(bare), f"nested more than {bounds.depth} deep")


def _fraction(text: str) -> float:
    """A JSON number with a fraction or exponent: finite and within MAX_NUMBER."""
    value = float(text)
    _need(math.isfinite(value) and abs(value) <= MAX_NUMBER, f"'{text[:40]}' is out of range")
    return value


def decode(text: str, kind: str) -> Any:
    """The JSON ``text`` of a file of ``kind``, within its bounds; Damaged (a ValueError)
    says what does not fit. The one JSON decoding of the data folder's files."""
    check_shape(text, KINDS[kind])
    raw = json.loads(text, parse_constant=_no_constant, parse_float=_fraction)
    if _SURROGATE.search(text):  # rare: only then is every text looked at
        _need(_writable(raw), "a text no file can hold (a lone surrogate)")
    return raw


_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
"""JSON's escape of half a surrogate pair: it may decode into a text no UTF-8 file can hold,
which the game would read, then fail to write back."""


def _writable(value: object) -> bool:
    """Whether every text in a decoded value can be written as UTF-8."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(_writable(k) and _writable(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_writable(v) for v in value)
    return True


def load_file(name: str, kind: str, version: int, build: Callable[[Mapping[str, Any]], T]
              ) -> tuple[T | None, FileProblem | None]:
    """A versioned JSON file of the data folder, built into ``T``; None when there is none.
    A file that cannot be read, is larger than its kind's bounds (``KINDS``) or cannot be
    built is set aside and reported, never a traceback."""
    path = data_dir() / name
    _sweep_temp(path)
    try:
        text = read_text(path, KINDS[kind].size)
    except (FileNotFoundError, NotADirectoryError):  # none there, or no data folder at all
        return None, None
    except OSError as exc:
        return None, FileProblem(kind, set_aside(path), exc.strerror or str(exc))
    except UnicodeDecodeError:
        return None, FileProblem(kind, set_aside(path), "not UTF-8 text")
    try:
        raw = decode(text, kind)
        _need(isinstance(raw, dict), "not a JSON object")
        found = raw.get("version")
        _need(type(found) is int, "no version number")
        _need(found <= version, f"written by a newer version of the game ({found})")
        _need(found == version, f"unknown version {found}")
        return build(raw), None
    except (ValueError, KeyError, TypeError, OverflowError) as exc:
        return None, FileProblem(kind, set_aside(path), str(exc))
    except RecursionError:
        return None, FileProblem(kind, set_aside(path), "nested too deeply")


def _no_constant(name: str) -> object:
    """JSON's NaN and Infinity, which Python would read but no file of ours holds."""
    raise Damaged(f"'{name}' is not a number this game writes")


def file_text(version: int, data: dict[str, Any], indent: int | None = 2) -> str:
    """A versioned JSON file's text (``indent=None``: compact, for the files that grow)."""
    return json.dumps({"version": version, **data}, ensure_ascii=False, indent=indent) + "\n"


def save_file(name: str, version: int, data: dict[str, Any], indent: int | None = 2) -> None:
    """Write a versioned JSON file of the data folder atomically."""
    write_atomic(data_dir() / name, file_text(version, data, indent))


def settings_exist() -> bool:
    """Whether a settings file is there: none means the game's very first start."""
    return (data_dir() / SETTINGS_FILE).exists()


def load_settings() -> tuple[Settings, FileProblem | None]:
    """The saved settings (defaults when there are none or the file was damaged)."""
    settings, problem = load_file(SETTINGS_FILE, SETTINGS, SETTINGS_VERSION, settings_from)
    return settings or Settings(), problem


def save_settings(settings: Settings) -> None:
    """Write the settings; OSError propagates for the caller to report."""
    save_file(SETTINGS_FILE, SETTINGS_VERSION, asdict(settings))


class MatchWriter:
    """Writes the interrupted match on one background thread, off the frame loop.

    Only the latest state matters: a save queued while another waits replaces it
    (coalescing), and the thread writes it with ``write_atomic``, so a kill still leaves a
    whole old or new file. Whatever reads, replaces or removes the file in this process does
    so inside ``exclusive``, after every save queued before it, so an older state can never
    land on top of a newer one or bring back a cleared match. The outcome of the latest
    write or removal is kept (``error``): the table shows one notice while saving fails
    and takes it down once a save succeeds again."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: tuple[Path, str] | None = None
        self._writing = False
        self._io = threading.RLock()
        """Held while the file is written, read or removed: one at a time (reentrant, so
        code holding it may call the functions below that take it again)."""
        self._error: OSError | None = None
        self._thread: threading.Thread | None = None

    def submit(self, path: Path, text: str) -> None:
        """Queue ``text`` to replace ``path``; returns at once."""
        with self._cond:
            self._pending = (path, text)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="tute-saver",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None:
                    self._cond.wait()
                path, text = self._pending
                self._pending, self._writing = None, True
            try:
                with self._io:
                    self.attempt(partial(write_atomic, path, text))
            except Exception:  # kept in error(); the thread lives on: a later save may work
                pass
            finally:
                with self._cond:
                    self._writing = False
                    self._cond.notify_all()

    def flush(self, drop: bool = False) -> None:
        """Wait until every queued save is on disk (``drop``: forget the one not yet
        started instead, when what comes next replaces it anyway)."""
        with self._cond:
            if drop:
                self._pending = None
            while self._pending is not None or self._writing:
                self._cond.wait()

    @contextmanager
    def exclusive(self, drop: bool = False) -> Iterator[None]:
        """The file to oneself, after the queued saves (``drop``: see ``flush``)."""
        self.flush(drop)
        with self._io:
            yield

    def attempt(self, work: Callable[[], None]) -> None:
        """Run ``work`` (a write or removal of the file) and keep its outcome; its error
        propagates."""
        try:
            work()
        except Exception as exc:
            failure = exc if isinstance(exc, OSError) else OSError(0, str(exc))
            with self._cond:
                self._error = failure
            raise
        with self._cond:
            self._error = None

    def error(self) -> OSError | None:
        """Why the latest write or removal of the file failed; None once one succeeded
        (or none was made)."""
        with self._cond:
            return self._error

    def forget_error(self) -> None:
        """A new data folder (tests): the last outcome no longer applies."""
        with self._cond:
            self._error = None


MATCH_WRITER = MatchWriter()
"""The one writer of ``match.json`` in this process."""


def _match_path() -> Path:
    return data_dir() / MATCH_FILE


def load_match() -> tuple[SavedMatch | None, FileProblem | None]:
    """The interrupted match, if one was saved and can be read (the latest state this
    process queued included)."""
    with MATCH_WRITER.exclusive():
        return load_file(MATCH_FILE, MATCH, MATCH_VERSION, match_from)


def save_match(match: SavedMatch) -> None:
    """Write the interrupted match now, replacing any queued save; OSError propagates for
    the caller to report."""
    text = file_text(MATCH_VERSION, asdict(match))
    with MATCH_WRITER.exclusive(drop=True):
        MATCH_WRITER.attempt(lambda: write_atomic(_match_path(), text))


def save_match_later(match: SavedMatch) -> None:
    """Queue the interrupted match for the background writer (the latest queued wins); a
    failed write shows in ``MATCH_WRITER.error()``."""
    MATCH_WRITER.submit(_match_path(), file_text(MATCH_VERSION, asdict(match)))


def set_aside_match(detail: str) -> FileProblem:
    """Set the saved match aside when it reads well but no longer replays."""
    with MATCH_WRITER.exclusive():
        return FileProblem(MATCH, set_aside(_match_path()), detail)


def clear_match() -> None:
    """Forget the interrupted match (it was resumed to its end, or abandoned); a save still
    queued is dropped, one being written ends first (nothing is removed while writes are
    held: the file may be another window's)."""
    with MATCH_WRITER.exclusive(drop=True):
        if not _held:
            MATCH_WRITER.attempt(lambda: _match_path().unlink(missing_ok=True))


# ----------------------------------------------------------------- finished matches' records
RECORDS_DIR = "records"
RECORDS_INDEX = "index.json"
RECORDS_INDEX_VERSION = 1
KEEP_RECORDS = 20
"""Records of the last finished matches kept for the hand review; older ones go."""
RECORDS = bound("records", Bounds(size=2**18, containers=8 * KEEP_RECORDS,
                                  values=40 * KEEP_RECORDS, depth=3))
"""The index lists KEEP_RECORDS records; a few times as many are read (and trimmed), a
hundred thousand are not the game's."""
RECORD_NAME = re.compile(r"\d{4}-\d{2}-\d{2}_\d{6}-[^/\\]+\.yaml")
"""How the game names the records it keeps (``keep_record``: a date, a time and the game's
id, which a player's own ruleset chooses): a plain name, never a path."""


@dataclass(frozen=True)
class KeptRecord:
    """One record the game wrote, as its index lists it (oldest first, in the order kept)."""

    file: str
    kept: float
    """When it was kept, by the clock of the day (for whoever reads the index; never used
    to order: the list's order is the order kept)."""
    digest: str
    """SHA-256 of its text: the same finished match is kept once."""


def records_dir() -> Path:
    return data_dir() / RECORDS_DIR


def _record_name(name: str) -> bool:
    return a_name(name) and RECORD_NAME.fullmatch(name) is not None


def _index_from(raw: Mapping[str, Any]) -> list[KeptRecord]:
    entries = raw.get("records")
    _need(isinstance(entries, list), "'records' is not a list")
    assert isinstance(entries, list)
    out = []
    for e in entries:
        _need(isinstance(e, dict) and "file" in e, "a record entry names no file")
        out.append(KeptRecord(file=pick(e, "file", str, "", _record_name),
                              kept=pick(e, "kept", float, 0.0, a_time),
                              digest=pick(e, "digest", str, "")))
    return out


def load_index() -> tuple[list[KeptRecord], FileProblem | None]:
    """The records the game wrote, oldest first; a damaged index is set aside and reported
    (the records it listed are then kept, never pruned)."""
    index, problem = load_file(f"{RECORDS_DIR}/{RECORDS_INDEX}", RECORDS,
                               RECORDS_INDEX_VERSION, _index_from)
    return index or [], problem


def keep_record(record: str, game: str, when: float | None = None,
                told: Callable[[FileProblem], None] = lambda _problem: None) -> Path:
    """Keep a finished match's record as ``records/DATE_TIME-GAME.yaml``, listed last in
    the index, and prune the index's oldest beyond KEEP_RECORDS. The same record kept again
    (a finished match whose result is written late) is not written twice. A damaged index
    set aside is ``told``; OSError propagates for the caller to report."""
    index, problem = load_index()
    if problem is not None:
        told(problem)
    digest = hashlib.sha256(record.encode("utf-8")).hexdigest()
    folder = records_dir()
    for entry in index:
        if entry.digest == digest and (folder / entry.file).is_file():
            return folder / entry.file
    stamp = time.strftime("%Y-%m-%d_%H%M%S", time.localtime(when))
    names = (f"{stamp}-{game}{'' if n == 1 else f'-{n}'}.yaml" for n in itertools.count(1))
    path = write_free(folder, names, record)
    index.append(KeptRecord(path.name, time.time() if when is None else when, digest))
    try:
        save_file(f"{RECORDS_DIR}/{RECORDS_INDEX}", RECORDS_INDEX_VERSION,
                  {"records": [asdict(e) for e in index[-KEEP_RECORDS:]]})
    except OSError:
        path.unlink(missing_ok=True)  # unlisted, it would never be pruned
        raise
    for old in index[:-KEEP_RECORDS]:
        _prune(folder / old.file)
    return path


def _prune(path: Path) -> None:
    """Remove a record the game wrote, only inside the data folder: never a link, never a
    file another name reaches through a linked ``records`` folder."""
    if _held or not _record_name(path.name) or path.is_symlink():
        return
    try:
        if path.resolve().is_relative_to(data_dir().resolve() / RECORDS_DIR):
            path.unlink(missing_ok=True)
    except OSError:
        pass  # left for the next prune


def recent_records(told: Callable[[FileProblem], None] = lambda _problem: None
                   ) -> list[Path]:
    """The kept records, newest first: those the index lists in the order kept, then any
    other record file there by name (older versions kept no index). A damaged index set
    aside is ``told``."""
    folder = records_dir()
    try:
        files = sorted(folder.glob("*.yaml"), key=lambda p: p.name, reverse=True)
    except OSError:
        return []
    index, problem = load_index()
    if problem is not None:
        told(problem)
    listed = [folder / e.file for e in reversed(index)]
    known = set(listed)
    return [p for p in listed if p.is_file()] + [p for p in files if p not in known]
