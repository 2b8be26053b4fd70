"""``tute simulate``: computer-only matches or hands, summarized per seat.

With ``--duplicate`` every deal is played once per rotation of the players round the
table (the same seed gives the same shuffles), so each player holds each seat's cards once
and the luck of the deal cancels out. Per-seat figures follow the players as given in
``--seats``, wherever the rotation sat them.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tute import store
from tute.ai import LEVELS, Player, make_player
from tute.echo import printable
from tute.engine import DEAL, Game
from tute.engine.kit import Kit
from tute.engine.record import dump_record
from tute.engine.results import HandSummary
from tute.rules import OptionValue, RuleSet, RulesetError, load_ruleset

PlayerFactory = Callable[[str, int, Game], Player]
"""Builds the player of a level for one match (the game is the live match)."""

HandMeasure = Callable[[Game, HandSummary, int], float]
"""What a finished hand was worth to a seat, in the game's own terms."""


def points_measure(game: Game, summary: HandSummary, seat: int) -> float:
    return float(summary.points[seat])


def default_factory(think_seconds: float) -> PlayerFactory:
    def build(level: str, seed: int, game: Game) -> Player:
        return make_player(level, seed=seed, think_seconds=think_seconds)

    return build


@dataclass
class SeatStats:
    """What one player of ``--seats`` did over the simulation."""

    level: str
    hands: int = 0
    hands_lost: int = 0
    matches: int = 0
    matches_won: int = 0
    points: float = 0.0
    think: list[float] = field(default_factory=list)
    """Seconds per decision."""
    losses: list[tuple[int, int]] = field(default_factory=list)
    """(deal number, 1 if lost else 0) per hand played, for confidence intervals that
    resample whole deals."""
    values: list[tuple[int, float]] = field(default_factory=list)
    """(deal number, the game's own measure of the hand for this player)."""

    def merge(self, other: SeatStats) -> None:
        """Add another run's figures for the same player (a share of the deals)."""
        self.hands += other.hands
        self.hands_lost += other.hands_lost
        self.matches += other.matches
        self.matches_won += other.matches_won
        self.points += other.points
        self.think.extend(other.think)
        self.losses.extend(other.losses)
        self.values.extend(other.values)

    def to_json(self) -> dict[str, object]:
        ms = sorted(t * 1000.0 for t in self.think)
        return {
            "level": self.level,
            "hands": self.hands,
            "hands_lost": self.hands_lost,
            "matches_won": self.matches_won,
            "mean_points": round(self.points / self.hands, 3) if self.hands else 0.0,
            "decisions": len(ms),
            "think_ms_p50": round(_percentile(ms, 50), 3),
            "think_ms_p95": round(_percentile(ms, 95), 3),
            "think_ms_max": round(ms[-1], 3) if ms else 0.0,
        }


def _percentile(sorted_values: Sequence[float], pct: float) -> float:
    if not sorted_values:
        return 0.0
    k = min(len(sorted_values) - 1, max(0, round(pct / 100.0 * len(sorted_values) + 0.5) - 1))
    return sorted_values[k]


@dataclass
class Simulation:
    """A run of matches: its settings and the per-player statistics it gathers."""

    rules: RuleSet
    options: Mapping[str, OptionValue]
    levels: Sequence[str]
    seed: int = 0
    duplicate: bool = False
    records: Path | None = None
    factory: PlayerFactory = field(default_factory=lambda: default_factory(1.0))
    measure: HandMeasure = points_measure
    stats: list[SeatStats] = field(default_factory=list)
    matches_played: int = 0
    hands_played: int = 0
    deal: int = 0
    """Deal (or match) number, shared by the rotations of a duplicate."""
    record_next: int = 1
    """The number the next record is tried under (``_keep``)."""
    through_vueltas: bool = False
    """Single hands go on while the standing is carried into the next (a partida gone de
    vueltas), so that each deal is played to a decided partida."""

    def __post_init__(self) -> None:
        self.stats = [SeatStats(level) for level in self.levels]

    def rotations(self) -> range:
        return range(len(self.levels) if self.duplicate else 1)

    def run_hands(self, hands: int, jobs: int = 1) -> None:
        """Play ``hands`` single hands, each the first hand of a fresh match (a deal's
        rotations together). With ``jobs`` above 1 the deals are shared among that many
        processes and their figures gathered in deal order: each deal's seeds depend on
        its number alone, so the figures are the ones a single process gives, sooner."""
        left = max(0, hands - self.hands_played)
        deals = range(self.deal, self.deal + -(-left // len(self.rotations())))
        if jobs > 1 and len(deals) > 1:
            self._share(deals, jobs)
            return
        for deal in deals:
            self._play_deal(deal)

    def _play_deal(self, deal: int) -> None:
        self.deal = deal
        for shift in self.rotations():
            self.play_match(self.seed * 100_003 + deal, shift, one_hand=True)
        self.deal = deal + 1

    def _share(self, deals: range, jobs: int) -> None:
        """Play ``deals`` in forked processes (so the player factory, often a closure, is
        inherited rather than pickled), in small runs of deals so that slow deals do not
        leave processes idle."""
        if self.records is not None:
            raise ValueError("records are numbered by one process: run them with one job")
        size = max(1, len(deals) // (4 * jobs))
        runs = [deals[i:i + size] for i in range(0, len(deals), size)]
        with multiprocessing.get_context("fork").Pool(
                jobs, initializer=_adopt, initargs=(self,)) as pool:
            for stats, hands, matches in pool.imap(_play_deals, runs):
                for mine, theirs in zip(self.stats, stats, strict=True):
                    mine.merge(theirs)
                self.hands_played += hands
                self.matches_played += matches
        self.deal = deals.stop

    def run_matches(self, matches: int) -> None:
        for _ in range(matches):
            for shift in self.rotations():
                self.play_match(self.seed * 100_003 + self.deal, shift, one_hand=False)
            self.deal += 1

    def play_match(self, match_seed: int, shift: int, one_hand: bool) -> Game:
        """Play one match (or its first hand) with player i sitting at seat i + shift."""
        game = Game(self.rules, dict(self.options), seed=match_seed)
        n = game.n
        who = [(seat - shift) % n for seat in range(n)]
        players = [self.factory(self.levels[who[seat]], match_seed * 8 + who[seat], game)
                   for seat in range(n)]
        while not game.is_over:
            if game.phase == DEAL:
                if one_hand and game.summaries and not (
                        self.through_vueltas and game.ledger.carry):
                    break
                game.deal()
                continue
            seat = game.current_player
            assert seat is not None
            obs = game.observation(seat)
            start = time.perf_counter()
            action = players[seat].choose(obs)
            self.stats[who[seat]].think.append(time.perf_counter() - start)
            summaries = len(game.summaries)
            game.apply(action)
            if len(game.summaries) > summaries:
                self._score_hand(game, who)
        if not one_hand:
            for seat in range(n):
                st = self.stats[who[seat]]
                st.matches += 1
                if seat in game.winners and not game.draw:
                    st.matches_won += 1
        self.matches_played += 1
        if self.records is not None:
            self._keep(self.records, game)
        return game

    def _keep(self, folder: Path, game: Game) -> None:
        """The match's record as ``match-NNNNN.yaml``, the next number free in ``folder``:
        a record already there (an earlier run's, or one running beside this) is never
        replaced, and a full disk leaves no part of one (OSError propagates)."""
        names = (f"match-{n:05d}.yaml" for n in itertools.count(self.record_next))
        path = store.write_free(folder, names, dump_record(game))
        self.record_next = int(path.stem.removeprefix("match-")) + 1

    def _score_hand(self, game: Game, who: Sequence[int]) -> None:
        summary = game.summaries[-1]
        self.hands_played += 1
        if summary.void:
            return
        for seat in game.playing:
            st = self.stats[who[seat]]
            lost = int(seat in summary.losers)
            st.hands += 1
            st.hands_lost += lost
            st.losses.append((self.deal, lost))
            st.points += float(summary.points[seat])
        for seat in range(game.n):  # a dealer who sits out may still pay (subastado)
            if seat in game.playing or not game.retired[seat]:
                value = self.measure(game, summary, seat)
                self.stats[who[seat]].values.append((self.deal, value))

    def summary(self) -> dict[str, object]:
        return {
            "rules": self.rules.id,
            "players": len(self.levels),
            "options": dict(self.options),
            "seed": self.seed,
            "duplicate": self.duplicate,
            "matches": self.matches_played,
            "hands": self.hands_played,
            "seats": [s.to_json() for s in self.stats],
        }


_adopted: list[Simulation] = []
"""The simulation a worker process plays deals for (``Simulation._share``)."""


def _adopt(sim: Simulation) -> None:
    """A worker's start: the simulation it plays for, and SIGTERM's default action back. A
    forked worker inherits its parent's handlers, and SDL (pygame), once started, catches
    SIGTERM: the pool's ``terminate`` on leaving could not stop a worker still waiting for
    work, and the pool's exit waited for it forever (seen in a parallel test run whose
    process had opened windows before)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _adopted.append(sim)


def _play_deals(deals: range) -> tuple[list[SeatStats], int, int]:
    """A worker's share: ``deals`` played from fresh figures, which it hands back."""
    sim = _adopted[-1]
    sim.stats = [SeatStats(level) for level in sim.levels]
    sim.hands_played = sim.matches_played = 0
    for deal in deals:
        sim._play_deal(deal)
    return sim.stats, sim.hands_played, sim.matches_played


def _options(rules: RuleSet, players: int, texts: Sequence[str]) -> dict[str, OptionValue]:
    options: dict[str, OptionValue] = {"players": players}
    for text in texts:
        key, sep, value = text.partition("=")
        key = key.strip()
        if not sep or key not in rules.options:
            known = ", ".join(k for k in rules.options if k != "players")
            raise ValueError(f"--option '{text}': expected NAME=VALUE with NAME one of {known}")
        if key == "players":
            raise ValueError(f"--option '{text}': give the number of players with --players")
        options[key] = rules.options[key].parse_text(value)
    resolved = dict(rules.resolve(options))
    Kit(rules, resolved)  # refuses combinations no table can play (ValueError)
    return resolved


def _records_folder(text: str) -> Path:
    """The folder for ``--records``, created if needed and checked to be writable."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise ValueError(f"--records {text}: a file of that name exists; give a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path, prefix=".tute-write-test."):
            pass  # a name of its own: a file of the folder is never touched
    except OSError as exc:
        raise ValueError(f"--records {text}: cannot write there ({exc.strerror})") from None
    return path


def describe(summary: Mapping[str, object]) -> str:
    """The summary as a table for people."""
    lines = [f"{summary['rules']}, {summary['players']} players, seed {summary['seed']}"
             f"{', duplicate deals' if summary['duplicate'] else ''}, "
             f"{summary['hands']} hands in {summary['matches']} matches"]
    header = (f"{'seat':>4}  {'level':<7}{'hands':>7}{'lost':>7}{'lost %':>8}{'won m.':>8}"
              f"{'points':>8}{'decisions':>10}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}")
    lines.append(header)
    seats = summary["seats"]
    assert isinstance(seats, list)
    for i, s in enumerate(seats):
        rate = 100.0 * s["hands_lost"] / s["hands"] if s["hands"] else 0.0
        lines.append(
            f"{i:>4}  {s['level']:<7}{s['hands']:>7}{s['hands_lost']:>7}{rate:>7.1f}%"
            f"{s['matches_won']:>8}{s['mean_points']:>8.1f}{s['decisions']:>10}"
            f"{s['think_ms_p50']:>9.2f}{s['think_ms_p95']:>9.2f}{s['think_ms_max']:>9.2f}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """``tute simulate``; exit status 0, 2 with a message for bad arguments, or 1 when a
    record cannot be written (a full disk)."""
    try:
        rules = load_ruleset(args.game)
        levels = [level.strip() for level in args.seats.split(",")]
        bad = [level for level in levels if level not in LEVELS]
        if bad:
            raise ValueError(f"unknown level '{bad[0]}' (known: {', '.join(LEVELS)})")
        if len(levels) != args.players:
            raise ValueError(f"--seats names {len(levels)} levels for {args.players} players")
        options = _options(rules, args.players, args.option)
        count = args.hands if args.hands is not None else args.matches
        if count < 1:
            raise ValueError("--hands and --matches must be at least 1")
        records = _records_folder(args.records) if args.records else None
    except (ValueError, RulesetError) as exc:
        print(f"tute simulate: {printable(str(exc))}", file=sys.stderr)
        return 2
    sim = Simulation(rules, options, levels, seed=args.seed, duplicate=args.duplicate,
                     records=records)
    try:
        if args.hands is not None:
            sim.run_hands(args.hands)
        else:
            sim.run_matches(args.matches)
    except OSError as exc:
        print(f"tute simulate: --records {args.records}: cannot write a record "
              f"({exc.strerror or exc}); those written before it are whole, none is in part",
              file=sys.stderr)
        return 1
    summary = sim.summary()
    print(json.dumps(summary) if args.json else describe(summary))
    return 0


