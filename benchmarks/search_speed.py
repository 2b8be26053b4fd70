"""How many guesses the hard level searches in its think time, mid-hand and in the endgame.

On random positions of each game (random legal play up to ``--tricks`` tricks left; the
seat to act decides), the hard level searches its candidates for ``--think`` seconds, as at
the table, and this prints per game its guesses per decision (median), the deals among
them it searched (median: reading the plays, the chain repeats a likely deal, which counts
again without a second search), its think time (median), and guesses and deals per second
of thinking (all positions together). A timed search stops early once its choice is
settled, so the rates are the kernel's figures: run it with and without
``PYTHONPATH=build/mypyc`` (tools/compile_engine.py) to see what the compiled search gains.
``--tricks`` above the exact depth (``playout.exact_tricks``) measures play-outs with the
medium policy; at or under it, the exact search.

    python benchmarks/search_speed.py [--games cabrero,dos,guinote:2] [--tricks 6] [--positions 8]
        [--think 1.0] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from endgame_search import endgame

from tute.ai import inference, playout
from tute.ai.search import SearchPlayer
from tute.engine import play

GAMES = "cabrero,dos,parejas,arrastrado,butifarra"


class CountingPlayer(SearchPlayer):
    """The hard level, counting the deals it searches."""

    searched = 0

    def row(self, *args: Any, **kwargs: Any) -> list[float] | None:
        self.searched += 1
        return super().row(*args, **kwargs)


def measure(table: str, tricks: int, positions: int, think: float, seed: int) -> str:
    """One game's line (``game`` or ``game:players``): guesses, deals searched and think
    time per decision over ``positions`` positions."""
    game_id, _, players = table.partition(":")
    guesses: list[int] = []
    deals: list[int] = []
    thinks: list[float] = []
    k = seed
    n = 0
    while len(guesses) < positions and k < seed + 50 * positions:
        k += 1
        got = endgame(game_id, int(players) if players else None, k, tricks)
        if got is None:
            continue
        h, obs = got
        n = h.seats_in_hand
        player = CountingPlayer(seed=k, think_seconds=think)
        candidates = player.candidates(obs)
        if len(candidates) < 2:  # nothing to search: the table answers at once
            continue
        start = time.perf_counter()
        rows = player.samples(obs, random.Random(k), candidates)
        thinks.append(time.perf_counter() - start)
        guesses.append(len(rows or ()))
        deals.append(player.searched)
    if not guesses:
        return f"{table:10s} no position with {tricks} tricks left"
    kind = "exact" if tricks <= playout.exact_tricks(n) else "play-outs"
    return (f"{table:10s} n={n} tricks={tricks} ({kind}) positions={len(guesses)}"
            f" | guesses {statistics.median(guesses):.0f} deals {statistics.median(deals):.0f}"
            f" think ms {1e3 * statistics.median(thinks):.0f}"
            f" | guesses/s {sum(guesses) / sum(thinks):.0f} deals/s {sum(deals) / sum(thinks):.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=GAMES)
    parser.add_argument("--tricks", type=int, default=6)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    kinds = {name: "compiled" if module.__file__ and module.__file__.endswith((".so", ".pyd"))
             else "Python" for name, module in (("engine", play), ("search", playout),
                                                ("reading", inference))}
    print(", ".join(f"{name}: {kind}" for name, kind in kinds.items()))
    for game_id in args.games.split(","):
        print(measure(game_id, args.tricks, args.positions, args.think, args.seed), flush=True)


if __name__ == "__main__":
    main()
