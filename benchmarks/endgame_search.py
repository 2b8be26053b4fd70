"""How much the hard level's exact endgame search costs, with and without its table.

For every bundled game at its usual player count (or ``--players``), on random endgames
(random legal play up to the point where ``--tricks`` tricks are left), prints per game:
1. nodes searched and wall time of ``playout.exact`` from the position, without the
   transposition table and with it (median and p95);
2. with ``--think``, the hard level's think time (median, p95, max) at positions with
   ``playout.exact_tricks`` tricks left, the deepest exact decision, at that budget, and
   the guesses it searched (median); ``--exact K`` makes hard search K tricks exactly
   at every player count (K=2 was the depth before the table), measuring it everywhere;
3. with ``--regret G``, the hard level's loss at G guesses a decision: the utility its
   choice gives up on the true deal, every seat then playing perfectly (mean over the
   positions, and in how many it was worse than the best move).
The positions are the true deals (a guess the search might make); the nodes are the calls
of ``exact``, counted by wrapping the module's function (its recursion goes through it: in
pure Python only; compiled, the recursion is native and only the root call counts).

    .venv/bin/python benchmarks/endgame_search.py [--tricks 3] [--positions 20]
        [--games dos,parejas] [--players N] [--think 1.0] [--exact K] [--regret G] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from tute.ai import playout
from tute.ai.objectives import Standing
from tute.ai.search import SearchPlayer, Table
from tute.engine import Game, HandState, Observation
from tute.engine.actions import ACCUSE
from tute.rules import load_ruleset
from tute.rules.ruleset import bundled_names


def endgame(game_id: str, players: int | None, seed: int, tricks: int
            ) -> tuple[HandState, Observation] | None:
    """A random match of ``game_id`` played at random up to ``tricks`` tricks left; None
    when the hand ended before (everyone passed, a tute was sung)."""
    rules = load_ruleset(game_id)
    game = Game(rules, {"players": players} if players else {}, seed)
    rng = random.Random(seed)
    game.deal()
    while not game.summaries:
        h = game.hand
        if h.phase < 0 and h.tricks_left <= tricks and not h.over:
            return h.copy(), game.observation(h.to_act)
        game.apply(rng.choice([a for a in game.legal_actions() if a.verb != ACCUSE]))
    return None


def quantiles(xs: Sequence[float]) -> tuple[float, float]:
    """Median and 95th percentile."""
    ordered = sorted(xs)
    return statistics.median(ordered), ordered[min(len(ordered) - 1,
                                                   int(0.95 * len(ordered)))]


def counted(calls: list[int]) -> Callable[..., list[float]]:
    """``playout.exact`` counting its calls into ``calls[0]``."""
    plain = playout.exact

    def wrapper(g: HandState, standing: Standing, table: Table | None = None
                ) -> list[float]:
        calls[0] += 1
        return plain(g, standing, table)
    return wrapper


def measure(game_id: str, players: int | None, tricks: int, positions: int, seed: int,
            think: float | None, exact: int | None, regret: int) -> None:
    """Print one game's line."""
    nodes: dict[bool, list[float]] = {False: [], True: []}
    times: dict[bool, list[float]] = {False: [], True: []}
    thinks: list[float] = []
    guesses: list[int] = []
    regrets: list[float] = []
    plain = playout.exact
    calls = [0]
    k = seed
    found = 0
    n = 0
    while found < positions and k < seed + 50 * positions:
        k += 1
        got = endgame(game_id, players, k, tricks)
        if got is None or got[0].tricks_left != tricks:
            continue
        h, obs = got
        n = h.n
        standing = Standing(obs.marks, obs.lives, obs.pot, obs.totals)
        playout.exact = counted(calls)
        try:
            for with_table in (False, True):
                calls[0] = 0
                start = time.perf_counter()
                playout.exact(h.copy(), standing, {} if with_table else None)
                times[with_table].append(time.perf_counter() - start)
                nodes[with_table].append(calls[0])
        finally:
            playout.exact = plain
        found += 1
        if think and (exact is not None or tricks == playout.exact_tricks(h.seats_in_hand)):
            player = SearchPlayer(seed=k, think_seconds=think)
            start = time.perf_counter()
            rows = player.samples(obs, random.Random(k), player.candidates(obs))
            thinks.append(time.perf_counter() - start)
            guesses.append(len(rows or ()))
        if regret:
            regrets.append(loss(h, obs, standing, SearchPlayer(seed=k, iterations=regret), k))
    if not found:
        print(f"{game_id:10s} no endgame with {tricks} tricks left")
        return
    line = f"{game_id:10s} n={n} tricks={tricks} positions={found}"
    for with_table in (False, True):
        (nm, np95), (tm, tp95) = quantiles(nodes[with_table]), quantiles(times[with_table])
        label = "table" if with_table else "plain"
        line += (f" | {label}: nodes {nm:.0f}/{np95:.0f} ms {1e3 * tm:.1f}/{1e3 * tp95:.1f}")
    if thinks:
        tm, tp95 = quantiles(thinks)
        line += (f" | hard think ms {1e3 * tm:.0f}/{1e3 * tp95:.0f} max {1e3 * max(thinks):.0f}"
                 f" guesses {statistics.median(guesses):.0f}")
    if regrets:
        line += (f" | hard's loss {statistics.mean(regrets):.4f}"
                 f" (worse in {sum(r > 1e-9 for r in regrets)})")
    print(line + "  (median/p95)", flush=True)


def loss(h: HandState, obs: Observation, standing: Standing, player: SearchPlayer,
         seed: int) -> float:
    """Utility the player's choice gives up on the true deal, every seat then playing it
    out perfectly (max^n): how far its guesses and its depth led it from the best move."""
    choice = player.search(obs, random.Random(seed))
    child = h.copy()
    child.apply(choice)
    return playout.exact(h.copy(), standing, {})[obs.seat] - playout.exact(
        child, standing, {})[obs.seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tricks", type=int, default=3)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--games", default="")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--think", type=float, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--exact", type=int, default=None,
                        help="tricks left searched exactly by hard for every player count "
                             "(the think time is then measured at every position)")
    parser.add_argument("--regret", type=int, default=0, metavar="G",
                        help="also measure, with G guesses a decision, what hard's choice "
                             "loses on the true deal (perfect play after it)")
    args = parser.parse_args()
    if args.exact is not None:
        playout.EXACT_TRICKS = {}
        playout.EXACT_TRICKS_MANY = args.exact
    games = args.games.split(",") if args.games else bundled_names()
    for game_id in games:
        measure(game_id, args.players, args.tricks, args.positions, args.seed, args.think,
                args.exact, args.regret)


if __name__ == "__main__":
    main()
