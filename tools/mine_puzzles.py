"""Mine puzzles from self-play, resumably, and write the catalogs (assets/puzzles/GAME.yaml).

Matches are played by the medium level (the hard level costs a second a decision), seeds
in order, each seed at one of the game's player counts in turn, and one hand of the match
examined (the seed picks which of the first three), so seats, hands, trumps and player
counts vary. At each card of that hand, at any seat, once nothing is left to draw and at most
DEPTH tricks are left, the exact solver values each legal card for each of the game's own
goals (escape the mark where the hand marks its lowest takers; not losing the hand; more
points than the others; tricks only where tricks are the game's measure). A position is
kept when

  (a) exactly one card reaches the goal against any defence (the exact solver),
  (b) at least 3 cards may be played,
  (c) the tempting card is a good player's: the hard level at its review budget
      (``review.ITERATIONS`` guesses), seeing only its own hand, plays a card that fails;
      where it finds the answer, the medium level's card, when it fails and is the best
      of the failing ones (the nearly-right card, not a card thrown away),
  (d) the idea has a name (``tute.puzzles.themes.detect``),
  and no kept position is the same up to a renaming of suits. The puzzle keeps its real
  seat: the table seats the player there.

Each kept puzzle is rated (``rating.puzzle_rating``): easy, medium and hard players at
small budgets are asked its card, and the share that fail it, the legal cards and the
solver's line set its difficulty.

The state lives in STATE/GAME.json (the next seed, the puzzles found, the counts): the same
command run again goes on where the last stopped, for ``--minutes`` more, under ``nice``:

    nice -n 19 .venv/bin/python tools/mine_puzzles.py mine [GAME ...] --minutes 3
    .venv/bin/python tools/mine_puzzles.py write [GAME ...] [--count 30] [--keep ID,ID]
    .venv/bin/python tools/mine_puzzles.py retag [GAME ...]   # themes, ratings of a catalog

``write`` merges the catalog's puzzles and the mined ones, gives a goal outside the game's
terms one of the game's (``regoaled``), leaves out a position another game's catalog holds
(games of like rules deal alike from a seed), re-proves each, writes each explanation again
and chooses (``choose``: themes spread, the game's own goals before points, seats and hands
spread, 2-card puzzles last); ``retag`` gives a catalog's puzzles their theme, rating and
explanation. ``mine`` prints what asking the hard level for the tempting card cost.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import yaml

from tute.ai.levels import make_player
from tute.ai.search import SearchPlayer
from tute.cards import card_text
from tute.engine import Game
from tute.engine.actions import PLAY
from tute.engine.record import dump_record
from tute.engine.scoring import SCORERS
from tute.i18n import LANGUAGES, set_language
from tute.puzzles.check import problem
from tute.puzzles.data import (
    Puzzle,
    dump_puzzles,
    games_with_puzzles,
    load_puzzles,
    puzzle_path,
)
from tute.puzzles.proof import (
    COUNTED,
    Goal,
    base_of,
    card_values,
    legal_plays,
    position_key,
    reached,
)
from tute.puzzles.rating import puzzle_rating
from tute.puzzles.themes import detect, lines_of
from tute.puzzles.words import explanation
from tute.review import ITERATIONS, SEED
from tute.rules import load_ruleset
from tute.rules.ruleset import bundled_names

ROOT = Path(__file__).resolve().parent.parent
STATE = ROOT / "build" / "puzzle-mine"
DEPTH = {2: 5, 3: 4}
"""Tricks left at or under which positions are tried, by players (4 or more: 3)."""
HANDS = 3
"""The hands of a match the seeds choose among."""
MIN_LEGAL = 3
HEADER = ("# Puzzles mined by tools/mine_puzzles.py from self-play (see its docstring), each\n"
          "# proven by the exact endgame solver: `tute puzzles {game} --check`.\n")
RATERS = (("easy", 1, 0.0), ("easy", 2, 0.0), ("medium", 1, 0.0), ("medium", 2, 0.0),
          ("hard", 1, 0.05), ("hard", 2, 0.2))
"""The players a puzzle is rated by: level, seed, think seconds."""


def goal_kinds(game: Game) -> tuple[str, ...]:
    """The game's own goals, in the order tried. Where a declarer plays against the rest
    the contract is the hand's measure: more points than the other side is not the goal
    (a bid of 80 is not made by 70 against 50)."""
    kit = game.kit
    chosen = SCORERS[kit.scoring_name]
    if chosen.by_rank:
        return ("safe",)
    if chosen.by_tricks:
        return ("contract" if kit.declarer_sides else "hand", "tricks")
    last = ("last",) if kit.last_trick_bonus else ()
    if kit.declarer_sides:
        return ("contract", *last, "points")
    return ("hand", "win", *last, "points")


@dataclass
class Found:
    puzzle: Puzzle
    key: str
    legal: int
    by: str
    """The level whose card is the tempting one: hard or medium."""


@dataclass
class Tempter:
    """The hard level at its review budget, asked only where a card is the unique answer,
    and what asking it cost (the miner reports it: the figure for issue 51, 1(c))."""

    asked: int = 0
    seconds: float = 0.0

    def card(self, game: Game, seat: int) -> int | None:
        start = time.perf_counter()
        action = SearchPlayer(SEED, iterations=ITERATIONS).choose(game.observation(seat))
        self.asked += 1
        self.seconds += time.perf_counter() - start
        return action.arg if action.verb == PLAY else None


TEMPTER = Tempter()


def tempting_card(game: Game, answer: int, medium_card: int,
                  values: dict[int, int]) -> tuple[int, str] | None:
    """(c): the hard level's card where it fails, else the medium level's where it fails
    and is the best of the failing cards; None when neither tempts."""
    hard = TEMPTER.card(game, game.hand.to_act)
    if hard is not None and hard != answer and hard in values:
        return hard, "hard"
    failing = [v for c, v in values.items() if c != answer]
    if medium_card != answer and values[medium_card] == max(failing):
        return medium_card, "medium"
    return None


def examine(name: str, seed: int, game: Game, medium_card: int) -> Found | None:
    """The puzzle at this position, if it passes (a) to (d)."""
    h = game.hand
    seat = h.to_act
    plays = legal_plays(h, seat)
    if len(plays) < MIN_LEGAL or medium_card not in {a.arg for a in plays}:
        return None
    for kind in goal_kinds(game):
        values, solver = card_values(h, seat, kind)
        base = base_of(kind, h, seat)
        best = max(values.values())
        goal = Goal(kind, best - base, h.tricks_left) if kind in COUNTED else Goal(kind)
        if kind in COUNTED and goal.n < 1:
            continue
        good = [c for c, v in values.items() if reached(goal, v, base)]
        if len(good) != 1:
            continue
        answer = good[0]
        tempting = tempting_card(game, answer, medium_card, values)
        if tempting is None:
            return None
        card, by = tempting
        theme = detect(lines_of(h, seat, answer, card, solver.best_line))
        if theme is None:
            return None
        puzzle = make_puzzle(f"{name}-{seed}-{h.number + 1}", game, goal, answer,
                             card, values, base, theme.key)
        return Found(puzzle, position_key(h, seat), len(plays), by)
    return None


def make_puzzle(pid: str, game: Game, goal: Goal, answer: int, tempting: int,
                values: dict[int, int], base: int, theme: str, rating: int = 0) -> Puzzle:
    h = game.hand
    seat = h.to_act
    _, solver = card_values(h, seat, goal.kind)
    after = h.copy()
    after.apply(next(a for a in legal_plays(h, seat) if a.arg == answer))
    record = yaml.safe_load(dump_record(game))
    opponents = sum(h.side_of[s] != h.side_of[seat] for s in range(h.n))
    lines = lines_of(h, seat, answer, tempting, solver.best_line)
    texts = {}
    for lang in LANGUAGES:
        set_language(lang)
        texts[lang] = explanation(goal, answer, tempting, values[answer], values[tempting],
                                  base, opponents, theme, lines)
    set_language("en")
    return Puzzle(pid, record, seat, goal, answer, tempting,
                  (f"{seat} play {card_text(answer)}", *solver.best_line(after)), texts,
                  theme, rating)


def rate(p: Puzzle) -> int:
    """The puzzle's rating: how many of RATERS fail it, its cards, its depth."""
    game = p.position()
    h = game.hand
    values, _ = card_values(h, p.seat, p.goal.kind)
    base = base_of(p.goal.kind, h, p.seat)
    failed = 0
    for level, seed, think in RATERS:
        choice = make_player(level, seed, think).choose(game.observation(p.seat))
        failed += not (choice.verb == PLAY and choice.arg in values
                       and reached(p.goal, values[choice.arg], base))
    return puzzle_rating(failed, len(RATERS), len(values), h.tricks_left)


@dataclass
class State:
    next_seed: int = 1
    examined: int = 0
    puzzles: list[dict[str, object]] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    seconds: float = 0.0
    hard_asked: int = 0
    """Positions the hard level was asked at (a unique answer found), and its seconds."""
    hard_seconds: float = 0.0
    by_hard: int = 0
    """Puzzles whose tempting card is the hard level's."""


def state_path(name: str) -> Path:
    return STATE / f"{name}.json"


def load_state(name: str) -> State:
    path = state_path(name)
    if not path.exists():
        return State()
    raw = json.loads(path.read_text(encoding="utf-8"))
    return State(raw["next_seed"], raw["examined"], raw["puzzles"], raw["keys"],
                 raw.get("seconds", 0.0), raw.get("hard_asked", 0),
                 raw.get("hard_seconds", 0.0), raw.get("by_hard", 0))


def save_state(name: str, state: State) -> None:
    STATE.mkdir(parents=True, exist_ok=True)
    path = state_path(name)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(state.__dict__, indent=1), encoding="utf-8")
    tmp.replace(path)


def mine(name: str, seconds: float) -> State:
    """Go on mining ``name`` for ``seconds`` from where its state stopped."""
    rules = load_ruleset(name)
    state = load_state(name)
    known = set(state.keys) | {key_of(p) for p in shipped(name)}
    counts = list(range(rules.min_players, rules.max_players + 1))
    stop = time.perf_counter() + seconds
    start = time.perf_counter()
    asked, spent = TEMPTER.asked, TEMPTER.seconds
    while time.perf_counter() < stop:
        seed = state.next_seed
        state.next_seed += 1
        found = mine_seed(name, seed, counts[seed % len(counts)], known, state)
        if found is not None:
            found.puzzle = replace(found.puzzle, rating=rate(found.puzzle))
            known.add(found.key)
            state.keys.append(found.key)
            state.puzzles.append(found.puzzle.to_data())
            state.by_hard += found.by == "hard"
            print(f"  {found.puzzle.id}: {found.puzzle.theme}, {found.legal} cards, "
                  f"seat {found.puzzle.seat}, tempting card by {found.by}, "
                  f"rating {found.puzzle.rating}", flush=True)
        if seed % 10 == 0:
            save_state(name, state)
    state.seconds += time.perf_counter() - start
    state.hard_asked += TEMPTER.asked - asked
    state.hard_seconds += TEMPTER.seconds - spent
    save_state(name, state)
    return state


def mine_seed(name: str, seed: int, players: int, known: set[str],
              state: State) -> Found | None:
    """The first puzzle of the chosen hand of seed ``seed``'s match, if any."""
    rules = load_ruleset(name)
    try:
        game = Game(rules, rules.resolve({"players": players}), seed)
    except ValueError:
        return None
    target = seed % HANDS
    medium = [make_player("medium", seed * 10 + s) for s in range(game.n)]
    depth = DEPTH.get(players, 3)
    while not game.is_over and len(game.summaries) <= target:
        if game.current_player is None:
            game.deal()
            continue
        h = game.hand
        seat = game.current_player
        action = medium[seat].choose(game.observation(seat))
        if (len(game.summaries) == target and h.phase < 0 and h.tricks_left <= depth
                and not (h.stock and game.kit.draws)
                and action.verb == PLAY
                and not h.sing_options(seat)):
            state.examined += 1
            found = examine(name, seed, game, action.arg)
            if found is not None and found.key not in known:
                return found
        game.apply(action)
    return None


def shipped(name: str) -> list[Puzzle]:
    return load_puzzles(name) if puzzle_path(name).exists() else []


def key_of(p: Puzzle) -> str:
    return position_key(p.position().hand, p.seat)


def rethemed(p: Puzzle) -> Puzzle | None:
    """``p`` with its theme detected again and its explanation written again in every
    language (its line and rating kept); None when its idea has no name now."""
    game = p.position()
    h = game.hand
    values, solver = card_values(h, p.seat, p.goal.kind)
    base = base_of(p.goal.kind, h, p.seat)
    theme = detect(lines_of(h, p.seat, p.answer, p.tempting, solver.best_line))
    if theme is None:
        return None
    out = make_puzzle(p.id, game, p.goal, p.answer, p.tempting, values, base, theme.key)
    return replace(out, line=p.line, rating=p.rating)


def regoaled(p: Puzzle) -> Puzzle | None:
    """``p`` with a goal in the game's own terms (``goal_kinds``): its own where it is
    one, else the first of the game's goals its answer alone reaches (a puzzle shipped
    as "take 3 tricks" where points count becomes "make N more points"); None when
    none."""
    game = p.position()
    kinds = goal_kinds(game)
    if p.goal.kind in kinds:
        return p
    h = game.hand
    for kind in kinds:
        values, _ = card_values(h, p.seat, kind)
        base = base_of(kind, h, p.seat)
        best = max(values.values())
        goal = Goal(kind, best - base, h.tricks_left) if kind in COUNTED else Goal(kind)
        if kind in COUNTED and goal.n < 1:
            continue
        if [c for c, v in values.items() if reached(goal, v, base)] == [p.answer]:
            return replace(p, goal=goal)
    return None


def retag(p: Puzzle) -> Puzzle | None:
    """``p`` rethemed and rated again (None: no theme now)."""
    out = rethemed(p)
    return None if out is None else replace(out, rating=rate(out))


def legal_count(p: Puzzle) -> int:
    return len(legal_plays(p.position().hand, p.seat))


COUNTED_LAST = ("points",)
"""Goals counted in points rather than in the game's own terms: offered after those."""
THEME_STEP = 3
"""Themes are spread in steps of this many puzzles: within a step, the game's own goals
come before points."""


def choose(pool: list[Puzzle], count: int, keep: set[str]) -> list[Puzzle]:
    """Up to ``count`` of ``pool``, one at a time: those named in ``keep`` first, then
    puzzles of 3 or more cards before those of 2 (at most 3 per theme, and only where
    nothing else is left), the themes least used so far (by steps of THEME_STEP), the
    game's own goal before a count of points, the seat and the hand of the match least
    used, more cards to choose from."""
    legal = {p.id: legal_count(p) for p in pool}
    hand = {p.id: p.position().hand.number for p in pool}
    left = list(pool)
    out: list[Puzzle] = []
    used: dict[object, int] = {}

    def rank(p: Puzzle) -> tuple[object, ...]:
        themed = used.get(("theme", p.theme), 0)
        return (p.id not in keep, legal[p.id] == 2, themed // THEME_STEP,
                p.goal.kind in COUNTED_LAST, themed, used.get(("seat", p.seat), 0),
                used.get(("hand", hand[p.id]), 0), -min(legal[p.id], 5), p.id)

    while left and len(out) < count:
        p = min(left, key=rank)
        left.remove(p)
        if not p.theme or (legal[p.id] == 2 and used.get(("two", p.theme), 0) >= 3):
            continue
        for key in (("theme", p.theme), ("seat", p.seat), ("hand", hand[p.id]),
                    *((("two", p.theme),) if legal[p.id] == 2 else ())):
            used[key] = used.get(key, 0) + 1
        out.append(p)
    return sorted(out, key=lambda p: (p.rating, p.id))


def write(name: str, count: int, keep: set[str]) -> int:
    state = load_state(name)
    mined = [Puzzle_from(name, raw) for raw in state.puzzles]
    pool = [*shipped(name), *mined]
    seen = {key_of(p) for other in games_with_puzzles() if other != name
            for p in load_puzzles(other)}  # a position once in the whole collection
    unique: list[Puzzle] = []
    for found in pool:
        key = key_of(found)
        raw = regoaled(found)
        if raw is None:
            continue
        p = rethemed(raw)
        if p is not None and key not in seen and problem(p) is None:
            seen.add(key)
            unique.append(p)
    chosen = choose(unique, count, keep)
    path = puzzle_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dump_puzzles(name, chosen, HEADER.format(game=name)), encoding="utf-8")
    print(f"{name}: {len(chosen)} written of {len(unique)} ({len(mined)} mined)")
    return 0


def Puzzle_from(name: str, raw: dict[str, object]) -> Puzzle:
    from tute.puzzles.data import _puzzle
    return _puzzle(state_path(name), 0, raw)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["mine", "write", "retag"])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--minutes", type=float, default=3.0,
                        help="mine: minutes of mining per game this run")
    parser.add_argument("--count", type=int, default=30, help="write: puzzles per game")
    parser.add_argument("--keep", default="",
                        help="write: ids of puzzles kept whatever their cards, comma-separated")
    args = parser.parse_args()
    games = args.games or bundled_names()
    for name in games:
        if args.command == "mine":
            state = mine(name, args.minutes * 60)
            print(f"{name}: next seed {state.next_seed}, {state.examined} positions examined, "
                  f"{len(state.puzzles)} found ({state.seconds:.0f} s in all); the hard level "
                  f"asked at {state.hard_asked} ({state.hard_seconds:.1f} s), its card the "
                  f"tempting one in {state.by_hard}", flush=True)
        elif args.command == "write":
            write(name, args.count, set(args.keep.split(",")) if args.keep else set())
        else:
            before = shipped(name)
            puzzles = [q for p in before if (q := retag(p)) is not None]
            puzzle_path(name).write_text(
                dump_puzzles(name, puzzles, puzzle_path(name).read_text(
                    encoding="utf-8").split("version:")[0]), encoding="utf-8")
            print(f"{name}: {len(puzzles)} retagged, "
                  f"{len(before) - len(puzzles)} dropped (no theme now)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
