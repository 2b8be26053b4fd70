"""The statistics file: one entry per match the player sat at, with its hands.

Versioned JSON written atomically by ``tute.store``. Every change reads the file again and
writes it back under a lock (``tute.lockfile``), so two copies of the game running at once
each add their own hands instead of one wiping the other's. Recording is idempotent: a
match is known by its game, options and seed, and only the hands not yet in the file are
added, so a resumed match never counts a hand twice.

A file that cannot be read at all is set aside and reported, never overwritten unread; a
match entry that does not fit is set aside with the file as it was, and the other matches
are kept. What is read is written back as it was read: a field left out stays left out
(the defaults are read, never written). The file holds at most MAX_MATCHES matches and
MAX_HANDS hands: past them the oldest matches move to an archive beside it, never the
recent ones.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tute import lockfile, store
from tute.stats.hands import CONTRACTS, RESULTS, HandRecord, hand_record

if TYPE_CHECKING:
    from tute.engine import Game

STATS_FILE = "statistics.json"
STATS_VERSION = 1
PLAYER_SEAT = 0
"""The player sits at seat 0 at every table."""

MAX_POINTS = 10_000
"""Points of one hand lie far within this in every game; the statistics screen counts
hands in bins up to the most points, so a file claiming more is damaged."""

MAX_MATCHES = 5_000
MAX_HANDS = 100_000
"""The most matches and hands the file keeps (years of daily play, a few MB): reading and
writing it after a hand stays quick. A write past either moves the oldest matches to an
archive file (``statistics.json.older-STARTED-DIGEST``, the same format) until a tenth
of the room is free again, and says so. A larger file (an older version kept everything)
is read and trimmed so on the next hand, up to READ_FACTOR times as many entries; past that
it was not written by any game and is set aside whole before it is decoded
(``read_bounds``)."""

READ_FACTOR = 5
"""How many times the bounds a file read may hold: an 18 MB file of a real player's
400 000 hands is read (a few hundred MB for a moment) and trimmed; 30 MB of empty
entries stop at this."""


def read_bounds() -> store.Bounds:
    """What a statistics file may hold to be read: READ_FACTOR times the bounds. A match
    is three containers (itself, its options, its hands) and at most 14 values, a hand one
    container of at most 9; the file is a mapping of a list of matches. Checked before the
    file is decoded: 2 M empty lists (6 MB) are refused at once, not built."""
    return store.Bounds(size=64 * 2**20,
                        containers=READ_FACTOR * (3 * MAX_MATCHES + MAX_HANDS),
                        values=READ_FACTOR * (14 * MAX_MATCHES + 9 * MAX_HANDS), depth=5)


STATS = store.bound("statistics", read_bounds())

MAX_NAME = 4096
"""Characters of a game's name or an option's: the bundled ones are a dozen, a player's
ruleset is named by its absolute path (at most PATH_MAX, 4096 on Linux)."""

OptionValues = dict[str, bool | int | str]


@dataclass
class MatchRecord:
    game: str
    players: int
    level: str
    options: OptionValues
    seed: int
    practice: bool = False
    """Practice matches (hints, undo) are kept apart from the real record."""
    started: float = 0.0
    finished: float | None = None
    won: bool | None = None
    """Set when the match is over (None until then, or for an abandoned match)."""
    hands: list[HandRecord] = field(default_factory=list)

    def same_match(self, other: MatchRecord) -> bool:
        return (self.game, self.seed, self.options, self.practice) == (
            other.game, other.seed, other.options, other.practice)


@dataclass
class Stats:
    matches: list[MatchRecord] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    """Why the match entries of the file that did not fit were refused (the first few)."""
    refusals: int = 0
    """How many match entries were refused (all of them, not only the first few)."""


@dataclass(frozen=True)
class Recorded:
    """What bringing the file up to date found besides the hands it added."""

    problem: store.FileProblem | None = None
    """The file, or some of its matches, had to be set aside first."""
    archived: Path | None = None
    """Where the oldest matches went to keep the file within its bounds."""
    moved: int = 0
    """How many matches went there."""


READ_DEFAULTS: dict[str, object] = {
    "players": 0, "level": "", "options": {}, "seed": 0, "practice": False, "started": 0.0,
    "finished": None, "won": None, "hands": []}
"""What a match's absent field reads as; a field at its default is not written, so what
was read comes back the same (``game`` has none: a match of no game is refused)."""


# ----------------------------------------------------------------- reading
def _need(cond: bool, what: str) -> None:
    if not cond:
        raise store.Damaged(what)


def _hand_from(raw: object) -> HandRecord:
    _need(isinstance(raw, dict), "a hand is not a mapping")
    assert isinstance(raw, dict)
    d = HandRecord()
    pick = store.pick
    points = raw.get("points", 0)
    _need(store.sane_number(points) and abs(points) <= MAX_POINTS,
          f"'points' has a wrong value: {str(points)[:40]}")
    contract = raw.get("contract")
    _need(contract is None or contract in CONTRACTS, f"unknown contract {contract!r}")
    return HandRecord(result=pick(raw, "result", str, d.result, lambda v: v in RESULTS),
                      points=points, marks=pick(raw, "marks", int, 0, lambda v: v >= 0),
                      cantes=pick(raw, "cantes", int, 0, lambda v: v >= 0),
                      capote=pick(raw, "capote", bool, False),
                      tute=pick(raw, "tute", bool, False), contract=contract,
                      tricks=pick(raw, "tricks", int, 0, lambda v: v >= 0))


def _name(value: str) -> bool:
    """A name the file can hold and write back: short, and plain UTF-8 (JSON's escapes
    also read lone surrogates, which no file can be written with)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return 0 < len(value) <= MAX_NAME


def _match_from(raw: object) -> MatchRecord:
    _need(isinstance(raw, dict), "a match is not a mapping")
    assert isinstance(raw, dict)
    _need("game" in raw, "a match names no game")
    pick = store.pick
    hands = raw.get("hands", [])
    _need(isinstance(hands, list), "'hands' is not a list")
    finished = raw.get("finished")
    _need(finished is None or store.sane_number(finished), "'finished' is not a time")
    won = raw.get("won")
    _need(won is None or isinstance(won, bool), "'won' is not true, false or null")
    options = store.simple_options(raw.get("options", {}))
    _need(all(_name(k) and (type(v) is not str or _name(v) or v == "")
              for k, v in options.items()), "'options' holds a name too long or unwritable")
    return MatchRecord(
        game=pick(raw, "game", str, "", _name), players=pick(raw, "players", int, 0),
        level=pick(raw, "level", str, "", lambda v: v in store.LEVELS),
        options=options, seed=pick(raw, "seed", int, 0),
        practice=pick(raw, "practice", bool, False),
        started=pick(raw, "started", float, 0.0), finished=finished, won=won,
        hands=[_hand_from(h) for h in hands])


REFUSALS_KEPT = 3
"""Reasons kept (and told) of a file's refused matches: the first few say enough."""


def stats_from(raw: Mapping[str, Any]) -> Stats:
    """Statistics from a decoded file; Damaged when the file as a whole does not fit, the
    matches that do not fit left out (``refused`` says why)."""
    matches = raw.get("matches", [])
    _need(isinstance(matches, list), "'matches' is not a list")
    stats = Stats()
    for i, m in enumerate(matches):
        try:
            stats.matches.append(_match_from(m))
        except store.Damaged as exc:
            stats.refusals += 1
            if len(stats.refused) < REFUSALS_KEPT:
                stats.refused.append(f"match {i + 1}: {exc}")
    return stats


def _path() -> Path:
    return store.data_dir() / STATS_FILE


def load() -> tuple[Stats, store.FileProblem | None]:
    """The statistics so far: empty when there is no file yet (a fresh machine), or when
    it was damaged (then set aside and reported). Matches that do not fit are set aside
    with the file as it was, and the others kept (and written back)."""
    if not _path().exists():  # a fresh machine: nothing to read, nothing to lock
        return Stats(), None
    with lockfile.locked(_path(), reading=True):
        stats, problem = store.load_file(STATS_FILE, STATS, STATS_VERSION, stats_from)
        if stats is None:
            return Stats(), problem
        if stats.refused:
            problem = _set_aside_refused(stats)
        return stats, problem


def _set_aside_refused(stats: Stats) -> store.FileProblem:
    """The file as it was goes aside whole; the matches that fit are written back."""
    reasons, count = stats.refused, stats.refusals
    stats.refused, stats.refusals = [], 0
    detail = (f"{count} of {count + len(stats.matches)} matches did not fit and were set "
              f"aside, the others are kept; {'; '.join(reasons)}")
    moved = store.set_aside(_path())
    if moved is None or not stats.matches:
        return store.FileProblem("statistics", moved, detail)
    try:
        save(stats)
    except OSError as exc:  # the file as it was goes back, to try again next time
        try:
            os.replace(moved, _path())
        except OSError:
            return store.FileProblem("statistics", moved, detail)
        return store.FileProblem("statistics", None, f"{detail}; not written back: "
                                                     f"{exc.strerror}")
    return store.FileProblem("statistics", moved, detail)


_NONE = object()
_HAND_DEFAULTS = [(f.name, f.default) for f in fields(HandRecord)]
_MATCH_FIELDS = [f.name for f in fields(MatchRecord) if f.name != "hands"]


def _hand_json(hand: HandRecord) -> dict[str, object]:
    """A hand without the fields at their defaults: the file grows by every hand."""
    return {k: v for k, default in _HAND_DEFAULTS
            if (v := getattr(hand, k)) != default or k == "result"}


def _match_json(match: MatchRecord) -> dict[str, object]:
    """A match without the fields at their read defaults, so that it reads back the same
    (built field by field: ``asdict`` would deep-copy every hand of years of play)."""
    out: dict[str, object] = {k: v for k in _MATCH_FIELDS
                              if (v := getattr(match, k)) != READ_DEFAULTS.get(k, _NONE)}
    if match.hands:
        out["hands"] = [_hand_json(h) for h in match.hands]
    return out


def save(stats: Stats) -> None:
    """Write the statistics (under the lock); OSError propagates for the caller to
    report."""
    with lockfile.locked(_path()):
        store.save_file(STATS_FILE, STATS_VERSION,
                        {"matches": [_match_json(m) for m in stats.matches]}, indent=None)


def reset() -> None:
    """Forget every figure (the player asked, and confirmed)."""
    save(Stats())


def _keep_within_bounds(stats: Stats) -> Recorded:
    """Move the oldest matches to an archive beside the file while it holds more than
    MAX_MATCHES matches or MAX_HANDS hands, until a tenth of the room is free."""
    hands = sum(len(m.hands) for m in stats.matches)
    if len(stats.matches) <= MAX_MATCHES and hands <= MAX_HANDS:
        return Recorded()
    moved = 0
    while moved < len(stats.matches) - 1 and (
            len(stats.matches) - moved > MAX_MATCHES * 9 // 10 or hands > MAX_HANDS * 9 // 10):
        hands -= len(stats.matches[moved].hands)
        moved += 1
    old, stats.matches = stats.matches[:moved], stats.matches[moved:]
    old_json = [_match_json(m) for m in old]
    text = store.file_text(STATS_VERSION, {"matches": old_json}, indent=None)
    archive = _archive_name(old_json[0])
    names = (archive if n == 1 else f"{archive}-{n}" for n in itertools.count(1))
    path = store.write_free(_path().parent, names, text,
                            ours=partial(_cut_short, matches=old + stats.matches))
    return Recorded(archived=path, moved=moved)


def _archive_name(first: dict[str, object]) -> str:
    """The archive the oldest matches move to, named for the first of them (when it
    started, and a digest of it): a move that a kill cut short, the archive written but
    not yet the file, is made again into the same archive, never into a second one."""
    digest = hashlib.sha256(json.dumps(first, sort_keys=True).encode("utf-8")).hexdigest()
    started = first.get("started", 0.0)
    when = started if isinstance(started, float) and store.a_time(started) else 0.0
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(when))
    return f"{STATS_FILE}.older-{stamp}-{digest[:8]}"


def _cut_short(archive: Path, matches: list[MatchRecord]) -> bool:
    """Whether ``archive`` is what a move cut short left: an archive holding only the
    first of the file's ``matches``, in order, so that the move made again may replace it
    (every match it holds is still in the file). Anything else there stays."""
    if not archive.is_file():
        return False
    held, _problem = store.load_file(archive.name, STATS, STATS_VERSION, stats_from)
    if held is None or held.refusals or not held.matches:
        return False
    return len(held.matches) <= len(matches) and all(
        _match_json(a) == _match_json(b) for a, b in zip(held.matches, matches, strict=False))


# ----------------------------------------------------------------- recording
def match_hands(game: Game, seat: int = PLAYER_SEAT) -> list[HandRecord]:
    """The finished hands of ``game`` as the player at ``seat`` saw them, each decided as
    the game's settlement declares (its verdict)."""
    verdict = game.kit.settlement.verdict
    out: list[HandRecord] = []
    before: list[int] | None = None
    for summary, log in zip(game.summaries, game.logs, strict=False):
        s = summary.to_json()
        out.append(hand_record(s, seat, bool(log.deal[seat]), before, verdict))
        marks = s.get("marks")
        before = marks if isinstance(marks, list) else before
    return out


def match_now(game: Game, level: str, practice: bool = False) -> MatchRecord:
    """The match as the file should hold it now: its hands so far, and its result once it
    is over (``finished`` set). Taken where the game is played, so that the game itself is
    never read from another thread."""
    now = time.time()
    this = MatchRecord(game=game.rules.ref, players=game.n, level=level,
                       options=store.simple_options(dict(game.options)), seed=game.seed or 0,
                       practice=practice, started=now, hands=match_hands(game))
    if game.is_over:
        this.finished = now
        this.won = PLAYER_SEAT in game.winners and not game.draw
    return this


_Signature = tuple[int, int, int, int]
_written: tuple[Path, _Signature, Stats] | None = None
"""The statistics this process wrote last, and the file's identity just after: while the
file is still that one (no other copy wrote since), the next hand needs no re-reading of
years of play. Only ``record`` uses it, under the lock."""


def _signature(path: Path) -> _Signature | None:
    """What tells one written file from the next: a write replaces the file with a new one
    (another inode, while the old still exists), its size and time."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _current() -> tuple[Stats, store.FileProblem | None]:
    """The file's statistics to add to: what this process wrote last if the file is still
    that, else read again."""
    global _written
    path, known, _written = _path(), _written, None
    if known is not None and known[0] == path and known[1] == _signature(path):
        return known[2], None
    return load()


def _remember(stats: Stats) -> None:
    global _written
    signature = _signature(_path())
    _written = None if signature is None else (_path(), signature, stats)


def record(this: MatchRecord) -> Recorded:
    """Bring the file up to date with ``this`` match (from ``match_now``): the hands it
    does not hold yet, and the result once the match is over. The file is read and written
    under the lock, so another copy of the game writing at the same time loses nothing.
    OSError when the file cannot be written."""
    with lockfile.locked(_path()):
        stats, problem = _current()
        entry = next((m for m in reversed(stats.matches) if m.same_match(this)), None)
        known = 0 if entry is None else len(entry.hands)
        over_known = entry is not None and entry.finished is not None
        if len(this.hands) <= known and (this.finished is None or over_known):
            _remember(stats)
            return Recorded(problem)
        if entry is None:
            entry = MatchRecord(this.game, this.players, this.level, this.options, this.seed,
                                this.practice, this.started)
            stats.matches.append(entry)
        entry.hands.extend(this.hands[len(entry.hands):])
        if this.finished is not None and entry.finished is None:
            entry.finished, entry.won = this.finished, this.won
        bounded = _keep_within_bounds(stats)
        save(stats)
        _remember(stats)
    return Recorded(problem, bounded.archived, bounded.moved)


def record_game(game: Game, level: str, practice: bool = False
                ) -> store.FileProblem | None:
    """``record`` of ``game`` now, on this thread (``tute`` commands and tests; the table
    queues it on ``WRITER``). Returns the problem when a damaged file had to be set aside
    first."""
    return record(match_now(game, level, practice)).problem
