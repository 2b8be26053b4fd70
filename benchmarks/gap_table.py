"""The opponents' strength in every game and player count, as one table.

For each table (a game and its player count) it runs, on the same duplicate deals
(``ai_strength.duel``), medium against easy, hard against medium and the all-seeing search
against medium, and prints one row: each comparison in the game's own measure with its 95%
interval, and the share of the gap between medium and the all-seeing player that hard
closes. That share is hard's edge over seer's edge (in games decided by losers, each loss
ratio's distance below 1); its interval comes from resampling the same deals in both
comparisons at once, since they share them.

    PYTHONPATH=. python benchmarks/gap_table.py [--hands 80] [--guesses 12] [--seed 1]
        [--tables cabrero:4,dos:2] [--bounds hand-seer,partner-seer] [--markdown] [--jobs 1]

``--guesses`` fixes hard's budget per decision, so a loaded machine gives the same figures;
``--think S`` gives it the table's real seconds instead.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import math
import random
import sys
import time
from collections.abc import Sequence

from ai_strength import (
    BOOTSTRAP,
    BOUNDS,
    JOBS_HELP,
    deal_rows,
    decided_by_losers,
    duel,
    interval,
    measure_for,
    statistic,
)

from tute.engine import Game
from tute.rules import load_ruleset
from tute.rules.ruleset import bundled_names

Row = list[float]


def tables() -> list[tuple[str, int]]:
    """Every bundled game at every player count it allows, in the menu's order."""
    out: list[tuple[str, int]] = []
    for name in bundled_names():
        option = load_ruleset(name).options["players"]
        counts = option.choices or range(option.low or 0, (option.high or 0) + 1)
        out.extend((name, int(n)) for n in counts or (option.default,))
    return out


def edge(rows: Sequence[Row], by_losses: bool) -> float:
    """How far the first player stands above the others: 1 less the loss ratio, or the
    margin."""
    value = statistic(rows, by_losses)
    return 1.0 - value if by_losses else value


def gap_closed(hard: dict[int, Row], seer: dict[int, Row], by_losses: bool,
               rng: random.Random) -> tuple[float, float, float]:
    """Hard's edge over seer's, with a 95% interval resampling the shared deals."""
    deals = sorted(set(hard) & set(seer))

    def share(sample: Sequence[int]) -> float:
        top = edge([seer[d] for d in sample], by_losses)
        return edge([hard[d] for d in sample], by_losses) / top if top else float("nan")

    draws = (share([rng.choice(deals) for _ in deals]) for _ in range(BOOTSTRAP))
    boots = sorted(x for x in draws if not math.isnan(x))  # resamples where seer has no edge
    if not boots:
        return share(deals), math.nan, math.nan
    return (share(deals), boots[int(0.025 * len(boots))],
            boots[max(0, int(0.975 * len(boots)) - 1)])


def measure(game: str, n: int, hands: int, think: float, guesses: int | None, seed: int,
            bounds: Sequence[str] = (), jobs: int = 1) -> list[str]:
    """One table's row: medium vs easy, hard vs medium, seer vs medium, gap closed; with
    ``bounds`` (partly seeing players, ``ai_strength.BOUNDS``), each one's edge over medium,
    the share of the gap it closes (how much of the gap that knowledge is worth), and the
    share of its own edge that hard closes (where seeing the stock's order is out of any
    player's reach, the hand-seer is the fairer top)."""
    rules = load_ruleset(game)
    table = Game(rules, rules.resolve({"players": n}))
    kit, by_losses = table.kit, decided_by_losers(table)
    rows: dict[str, dict[int, Row]] = {}
    for key, levels in (("medium", ["medium"] + ["easy"] * (n - 1)),
                        ("hard", ["hard"] + ["medium"] * (n - 1)),
                        ("seer", ["seer"] + ["medium"] * (n - 1)),
                        *((bound, [bound] + ["medium"] * (n - 1)) for bound in bounds)):
        with contextlib.redirect_stdout(io.StringIO()):  # duel prints its own line
            stats = duel(key, game, levels, hands, think, seed, guesses, jobs=jobs)
        rows[key] = deal_rows(stats, by_losses, kit.teams)
    cells = [f"{game} {n}"]
    form = ".3f" if by_losses else "+.2f"
    for key in ("medium", "hard", "seer"):
        value, low, high = interval(list(rows[key].values()), by_losses, random.Random(seed))
        cells.append(f"{value:{form}} [{low:{form}}, {high:{form}}]")
    share, low, high = gap_closed(rows["hard"], rows["seer"], by_losses, random.Random(seed))
    cells.append(f"{100 * share:.0f}% [{100 * low:.0f}, {100 * high:.0f}]")
    for bound in bounds:
        value, low, high = interval(list(rows[bound].values()), by_losses,
                                    random.Random(seed))
        cells.append(f"{value:{form}} [{low:{form}}, {high:{form}}]")
        # The bound's share of seer's edge, then hard's share of the bound's.
        for lower, top in ((rows[bound], rows["seer"]), (rows["hard"], rows[bound])):
            share, low, high = gap_closed(lower, top, by_losses, random.Random(seed))
            cells.append(f"{100 * share:.0f}% [{100 * low:.0f}, {100 * high:.0f}]")
    cells.append("loss ratio" if by_losses else f"margin ({measure_for(table)[0]})")
    return cells


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=80)
    parser.add_argument("--guesses", type=int, default=12)
    parser.add_argument("--think", type=float, default=None,
                        help="hard's seconds per decision instead of a guess budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", default="",
                        help="game:players pairs, comma-separated (default: all)")
    parser.add_argument("--bounds", default="",
                        help="partly seeing players to add, comma-separated: "
                             + ", ".join(BOUNDS))
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--jobs", type=int, default=1, help=JOBS_HELP)
    args = parser.parse_args(argv)
    chosen = ([(g, int(n)) for g, n in (t.split(":") for t in args.tables.split(","))]
              if args.tables else tables())
    guesses = None if args.think else args.guesses
    bounds = [b for b in args.bounds.split(",") if b]
    unknown = set(bounds) - set(BOUNDS)
    if unknown:
        parser.error(f"unknown bound {', '.join(sorted(unknown))}")
    budget = f"{args.think} s" if args.think else f"{args.guesses} guesses"
    print(f"{args.hands} duplicate hands per comparison, seed {args.seed}, hard {budget}")
    heads = ["table", "medium vs easy", "hard vs medium", "seer vs medium", "gap closed",
             *(h for b in bounds
               for h in (f"{b} vs medium", f"{b} closes", f"hard closes of {b}'s")),
             "measure"]
    if args.markdown:
        print("| " + " | ".join(heads) + " |")
        print("|" + " --- |" * len(heads))
    for game, n in chosen:
        start = time.perf_counter()
        cells = measure(game, n, args.hands, args.think or 1.0, guesses, args.seed,
                        bounds, args.jobs)
        took = time.perf_counter() - start
        if args.markdown:
            print("| " + " | ".join(cells) + " |")
        else:
            print("  ".join(cells) + f"  ({took:.0f} s)")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
