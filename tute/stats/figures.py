"""The figures the statistics screen and ``tute stats`` show, for a game and level (or all).

Practice matches are left out: they are played with help and may be undone.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field
from functools import cache, lru_cache

from tute.i18n import N_
from tute.rules import OptionValue, RuleSet, RulesetError, load_ruleset
from tute.rules.ruleset import bundled_names, is_path, strategies
from tute.stats.file import MatchRecord, Stats
from tute.stats.hands import LOST, PLAYED, WON, HandRecord
from tute.store import LEVELS

ROLLING_HANDS = 20
"""The win rate over time is the share of hands won over this many hands."""
BIN = 10
"""Points distributions count hands in bins this many points wide."""
POINTS, TRICKS = "points", "tricks"
OTHER_GAMES = "(other games)"
"""Where the figures put every game this version has no ruleset for (an older version's, or
a name a hand-edited file made up): one entry, however many such names the file holds."""

COUNTS = (
    ("matches", N_("Matches played")), ("matches_won", N_("Matches won")),
    ("hands", N_("Hands played")), ("hands_won", N_("Hands won")),
    ("hands_lost", N_("Hands lost")), ("marks", N_("Marks taken")),
    ("cantes", N_("Cantes")), ("capotes", N_("Capotes")), ("tutes", N_("Tutes")),
    ("contracts_made", N_("Contracts made")), ("contracts_failed", N_("Contracts failed")),
    ("streak_current", N_("Matches won in a row now")),
    ("streak_best", N_("Best run of matches won")),
    ("hand_streak_current", N_("Hands won in a row now")),
    ("hand_streak_best", N_("Best run of hands won")),
    ("points_mean", N_("Points per hand")),
)
"""Each figure's key and its label (English, translated where it is shown)."""


@dataclass
class LevelFigures:
    matches: int = 0
    matches_won: int = 0
    hands: int = 0
    hands_won: int = 0


@dataclass
class Measure:
    """A game's hands by its own measure: card points in bins of BIN, or tricks one by one."""

    unit: str
    bin: int
    bins: list[int]
    mean: float


def measure_of(game: str) -> str:
    """What a hand of ``game`` is counted in: TRICKS where every scoring it may use says
    it measures hands by tricks (``Scoring.by_tricks``)."""
    rules = ruleset_of(game)
    if rules is None:
        return POINTS  # a ruleset this version no longer has
    scorings = strategies()["scoring"]
    by_tricks = all(scorings[name].by_tricks for name in rules.scoring.all_names())
    return TRICKS if by_tricks else POINTS


GAME_COUNTS = ("marks", "cantes", "capotes", "tutes")
"""The counts a game has only where its file's mechanisms make them (``counted``)."""


def counted(game: str | None) -> frozenset[str]:
    """Of GAME_COUNTS, those a hand of ``game`` can add to: marks where a settlement chalks
    them, capotes where a scoring can end in one (``Scoring.capote``), cantes where the file
    allows them and tutes where its cantes have one. Every one for all games together or a
    game this version has no ruleset for."""
    rules = ruleset_of(game) if game is not None else None
    if rules is None:
        return frozenset(GAME_COUNTS)
    kinds = strategies()
    scorings, settlements = kinds["scoring"], kinds["settlement"]
    has = {"marks": any(settlements[name].totals.ledger == "marks"
                         for name in rules.settlement.all_names()),
            "capotes": any(scorings[name].capote for name in rules.scoring.all_names()),
            "cantes": rules.cantes.allowed,
            "tutes": rules.cantes.allowed and bool(rules.cantes.tute)}
    return frozenset(key for key, kept in has.items() if kept)


def _measure(game: str, hands: list[HandRecord]) -> Measure:
    unit = measure_of(game)
    values = [float(h.tricks) if unit == TRICKS else float(h.points) for h in hands]
    width = 1 if unit == TRICKS else BIN
    return Measure(unit, width, _histogram(values, width), round(sum(values) / len(values), 2))


@dataclass
class Figures:
    matches: int = 0
    matches_won: int = 0
    hands: int = 0
    hands_won: int = 0
    hands_lost: int = 0
    marks: int = 0
    cantes: int = 0
    capotes: int = 0
    tutes: int = 0
    contracts_made: int = 0
    contracts_failed: int = 0
    streak_current: int = 0
    streak_best: int = 0
    hand_streak_current: int = 0
    hand_streak_best: int = 0
    points_mean: float = 0.0
    by_level: dict[str, LevelFigures] = field(default_factory=dict)
    hand_rate: list[float] = field(default_factory=list)
    """Share of hands won over the last ROLLING_HANDS, after each hand from the first
    ROLLING_HANDS on (or after each hand, with fewer)."""
    match_rate: list[float] = field(default_factory=list)
    """Share of matches won so far, after each finished match."""
    points: dict[str, list[int]] = field(default_factory=dict)
    """Per game: hands counted in bins of BIN points (0-9, 10-19, ...)."""
    measures: dict[str, Measure] = field(default_factory=dict)
    """Per game: its hands by the game's own measure (Bato's tricks, the others' points),
    each on its own scale: points of different games are not comparable."""

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def _streaks(wins: Iterable[bool]) -> tuple[int, int]:
    """(current, best) runs of True."""
    current = best = 0
    for won in wins:
        current = current + 1 if won else 0
        best = max(best, current)
    return current, best


def _rolling(wins: list[bool]) -> list[float]:
    if len(wins) < ROLLING_HANDS:
        return [sum(wins[:i + 1]) / (i + 1) for i in range(len(wins))]
    return [sum(wins[i - ROLLING_HANDS:i]) / ROLLING_HANDS
            for i in range(ROLLING_HANDS, len(wins) + 1)]


def _histogram(points: Iterable[float], width: int = BIN) -> list[int]:
    counts = Counter(int(p // width) for p in points if p >= 0)
    return [counts[i] for i in range(max(counts) + 1)] if counts else []


def ruleset_of(game: str) -> RuleSet | None:
    """``game``'s ruleset, read once (None: a ruleset this version does not have, or a
    player's file no longer there). Only a bundled name or a player's ruleset (counted
    under its absolute path) is looked up: any other name would have every ruleset read in
    search of an alias, for each name, each time a figure is asked for."""
    wanted = game in _bundled() or (is_path(game) and os.path.isabs(game))
    return _ruleset(game) if wanted else None


@lru_cache(maxsize=1)
def _bundled() -> frozenset[str]:
    return frozenset(bundled_names())


@cache
def _ruleset(game: str) -> RuleSet | None:
    try:
        return load_ruleset(game)
    except (RulesetError, OSError):
        return None


def played_as(game: str) -> str:
    """The game a match counts under: its own, or OTHER_GAMES for one this version does
    not have."""
    return game if ruleset_of(game) is not None else OTHER_GAMES


def match_options(m: MatchRecord) -> dict[str, OptionValue]:
    """The house options ``m`` was played with: the ruleset's defaults fill in what an
    older record lacks (an option added since was played at its default)."""
    rules = ruleset_of(m.game)
    defaults = {k: o.default for k, o in rules.options.items()} if rules else {}
    return {**defaults, **m.options}


def selected(stats: Stats, game: str | None = None, level: str | None = None,
             players: int | None = None, options: Mapping[str, OptionValue] | None = None
             ) -> Iterator[MatchRecord]:
    """The real (not practice) matches of ``game`` at ``level`` with ``players`` at the
    table (subastado's three and four are different games to a player), played with the
    house ``options`` given (the others any); None means any."""
    for m in stats.matches:
        if (not m.practice and game in (None, m.game, played_as(m.game))
                and level in (None, m.level)
                and players in (None, m.players) and (not options or all(
                    _same(match_options(m).get(k), v) for k, v in options.items()))):
            yield m


def _same(a: OptionValue | None, b: OptionValue) -> bool:
    return type(a) is type(b) and a == b  # True is not 1: a switch is not a number


def varying_options(stats: Stats, game: str, players: int | None = None
                    ) -> dict[str, list[OptionValue]]:
    """The house options (the number at the table aside) whose values differ among the
    recorded matches of ``game`` (with ``players``), each with the values played, in the
    ruleset's order: the filters worth offering."""
    rules = ruleset_of(game)
    if rules is None:
        return {}
    played: dict[str, set[OptionValue]] = {}
    for m in selected(stats, game, players=players):
        for k, v in match_options(m).items():
            played.setdefault(k, set()).add(v)
    out: dict[str, list[OptionValue]] = {}
    for name, opt in rules.options.items():
        values = played.get(name, set())
        if name != "players" and len(values) > 1:
            order = opt.allowed()
            out[name] = sorted(values, key=lambda v: order.index(v) if v in order else len(
                order))
    return out


def player_counts(stats: Stats, game: str | None) -> list[int]:
    """The table sizes ``game`` (None: any) was played with, fewest first."""
    return sorted({m.players for m in selected(stats, game) if m.players})


def games_played(stats: Stats) -> list[str]:
    """Games with at least one hand recorded, most played first; the games this version
    does not have are one, OTHER_GAMES."""
    count: Counter[str] = Counter()
    for m in selected(stats):
        count[played_as(m.game)] += len(m.hands)
    return [g for g, n in count.most_common() if n]


def other_games(stats: Stats) -> list[str]:
    """The names of the games with hands recorded that this version does not have."""
    return sorted({m.game for m in selected(stats, OTHER_GAMES) if m.hands})


def figures(stats: Stats, game: str | None = None, level: str | None = None,
            players: int | None = None, options: Mapping[str, OptionValue] | None = None
            ) -> Figures:
    matches = list(selected(stats, game, level, players, options))
    f = Figures()
    finished = sorted((m for m in matches if m.won is not None), key=lambda m: m.finished or 0)
    f.matches = len(finished)
    f.matches_won = sum(bool(m.won) for m in finished)
    f.streak_current, f.streak_best = _streaks(bool(m.won) for m in finished)
    f.match_rate = [sum(bool(m.won) for m in finished[:i + 1]) / (i + 1)
                    for i in range(len(finished))]
    played: list[HandRecord] = []
    per_game: dict[str, list[HandRecord]] = {}
    for m in matches:
        hands = [h for h in m.hands if h.result in PLAYED]
        played += hands
        # A game this version does not have is one of the other games, unless asked by name.
        per_game.setdefault(m.game if m.game == game else played_as(m.game), []).extend(hands)
        lf = f.by_level.setdefault(m.level, LevelFigures())
        lf.hands += len(hands)
        lf.hands_won += sum(h.result == WON for h in hands)
        if m.won is not None:
            lf.matches += 1
            lf.matches_won += int(m.won)
    wins = [h.result == WON for h in played]
    f.hands, f.hands_won = len(played), sum(wins)
    f.hands_lost = sum(h.result == LOST for h in played)
    f.marks = sum(h.marks for h in played)
    f.cantes = sum(h.cantes for h in played)
    f.capotes = sum(h.capote for h in played)
    f.tutes = sum(h.tute for h in played)
    f.contracts_made = sum(h.contract == "made" for h in played)
    f.contracts_failed = sum(h.contract == "failed" for h in played)
    f.hand_streak_current, f.hand_streak_best = _streaks(wins)
    f.points_mean = round(sum(h.points for h in played) / len(played), 2) if played else 0.0
    f.hand_rate = _rolling(wins)
    f.points = {g: _histogram(h.points for h in hands) for g, hands in per_game.items()
                if hands}
    f.measures = {g: _measure(g, hands) for g, hands in per_game.items() if hands}
    f.by_level = {lv: f.by_level[lv] for lv in LEVELS if lv in f.by_level}
    return f
