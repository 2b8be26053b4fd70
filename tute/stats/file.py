"""The statistics file: one entry per match the player sat at, with its hands.

Versioned JSON written atomically by ``tute.store`` (a damaged file is set aside and
reported, never overwritten unread). Every write reads the file again first, so two copies
of the game running at once each add their own hands instead of one wiping the other's.
Recording is idempotent: a match is known by its game, options and seed, and only the hands
not yet in the file are added, so a resumed match never counts a hand twice.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from tute import store
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


def _match_from(raw: object) -> MatchRecord:
    _need(isinstance(raw, dict), "a match is not a mapping")
    assert isinstance(raw, dict)
    pick = store.pick
    hands = raw.get("hands", [])
    _need(isinstance(hands, list), "'hands' is not a list")
    finished = raw.get("finished")
    _need(finished is None or store.sane_number(finished), "'finished' is not a time")
    won = raw.get("won")
    _need(won is None or isinstance(won, bool), "'won' is not true, false or null")
    return MatchRecord(
        game=pick(raw, "game", str, "", bool), players=pick(raw, "players", int, 0),
        level=pick(raw, "level", str, "", lambda v: v in store.LEVELS),
        options=store.simple_options(raw.get("options", {})),
        seed=pick(raw, "seed", int, 0), practice=pick(raw, "practice", bool, False),
        started=pick(raw, "started", float, 0.0), finished=finished, won=won,
        hands=[_hand_from(h) for h in hands])


def stats_from(raw: Mapping[str, Any]) -> Stats:
    """Statistics from a decoded file; Damaged says what does not fit."""
    matches = raw.get("matches", [])
    _need(isinstance(matches, list), "'matches' is not a list")
    return Stats([_match_from(m) for m in matches])


def load() -> tuple[Stats, store.FileProblem | None]:
    """The statistics so far: empty when there is no file yet (a fresh machine), or when
    it was damaged (then set aside and reported)."""
    stats, problem = store.load_file(STATS_FILE, "statistics", STATS_VERSION, stats_from)
    return stats or Stats(), problem


def _hand_json(hand: HandRecord) -> dict[str, object]:
    """A hand without the fields at their defaults: the file grows by every hand."""
    plain = HandRecord()
    return {k: v for k, v in asdict(hand).items() if k == "result" or v != getattr(plain, k)}


def save(stats: Stats) -> None:
    """Write the statistics; OSError propagates for the caller to report."""
    matches = [{**asdict(m), "hands": [_hand_json(h) for h in m.hands]} for m in stats.matches]
    store.save_file(STATS_FILE, STATS_VERSION, {"matches": matches}, indent=None)


def reset() -> None:
    """Forget every figure (the player asked, and confirmed)."""
    save(Stats())


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


def record_game(game: Game, level: str, practice: bool = False
                ) -> store.FileProblem | None:
    """Bring the file up to date with ``game``: its new hands, and its result once it is
    over. Returns the problem when a damaged file had to be set aside first; OSError when
    the file cannot be written."""
    stats, problem = load()
    now = time.time()
    this = MatchRecord(game=game.rules.ref, players=game.n, level=level,
                       options=store.simple_options(dict(game.options)), seed=game.seed or 0,
                       practice=practice, started=now)
    entry = next((m for m in reversed(stats.matches) if m.same_match(this)), None)
    if entry is None:
        stats.matches.append(this)
        entry = this
    hands = match_hands(game)
    if len(hands) <= len(entry.hands) and not (game.is_over and entry.finished is None):
        return problem
    entry.hands.extend(hands[len(entry.hands):])
    if game.is_over and entry.finished is None:
        entry.finished = now
        entry.won = PLAYER_SEAT in game.winners and not game.draw
    save(stats)
    return problem
