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
        [--save DIR]
    PYTHONPATH=. python benchmarks/gap_table.py --merge DIR

``--guesses`` fixes hard's budget per decision, so a loaded machine gives the same figures;
``--think S`` gives it the table's real seconds instead. ``--save`` keeps each table's
per-deal rows, one file a table and seed, and ``--merge`` pools the seeds saved in a folder
into one row a table: a long measurement runs as short runs of other seeds, side by side or
one after another, and a run cut short (a lent machine's time running out) loses only the
table it was playing.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from ai_strength import (
    BOOTSTRAP,
    BOUNDS,
    JOBS_HELP,
    Rows,
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
SEED_SPAN = 1_000_000
"""Deals a seed may number: merged rows key a deal by its seed times this, plus its own."""


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


def gap_closed(hard: Rows, seer: Rows, by_losses: bool,
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


def play(game: str, n: int, hands: int, think: float, guesses: int | None, seed: int,
         bounds: Sequence[str] = (), jobs: int = 1) -> dict[str, Rows]:
    """Each comparison's per-deal rows at one table: medium against easy, hard against
    medium, seer (and each of ``bounds``) against medium, on the same duplicate deals."""
    table = table_of(game, n)
    by_losses = decided_by_losers(table)
    rows: dict[str, Rows] = {}
    for key, levels in (("medium", ["medium"] + ["easy"] * (n - 1)),
                        ("hard", ["hard"] + ["medium"] * (n - 1)),
                        ("seer", ["seer"] + ["medium"] * (n - 1)),
                        *((bound, [bound] + ["medium"] * (n - 1)) for bound in bounds)):
        with contextlib.redirect_stdout(io.StringIO()):  # duel prints its own line
            stats = duel(key, game, levels, hands, think, seed, guesses, jobs=jobs)
        rows[key] = deal_rows(stats, by_losses, table.kit.teams)
    return rows


def table_of(game: str, n: int) -> Game:
    """The game at ``n`` players, for its measure and its sides."""
    rules = load_ruleset(game)
    return Game(rules, rules.resolve({"players": n}))


def cells(game: str, n: int, rows: dict[str, Rows], seed: int,
          bounds: Sequence[str] = ()) -> list[str]:
    """One table's row: medium vs easy, hard vs medium, seer vs medium, gap closed; with
    ``bounds`` (partly seeing players, ``ai_strength.BOUNDS``), each one's edge over medium,
    the share of the gap it closes (how much of the gap that knowledge is worth), and the
    share of its own edge that hard closes (where seeing the stock's order is out of any
    player's reach, the hand-seer is the fairer top)."""
    table = table_of(game, n)
    by_losses = decided_by_losers(table)
    out = [f"{game} {n}"]
    form = ".3f" if by_losses else "+.2f"
    for key in ("medium", "hard", "seer"):
        value, low, high = interval(list(rows[key].values()), by_losses, random.Random(seed))
        out.append(f"{value:{form}} [{low:{form}}, {high:{form}}]")
    share, low, high = gap_closed(rows["hard"], rows["seer"], by_losses, random.Random(seed))
    out.append(f"{100 * share:.0f}% [{100 * low:.0f}, {100 * high:.0f}]")
    for bound in bounds:
        value, low, high = interval(list(rows[bound].values()), by_losses,
                                    random.Random(seed))
        out.append(f"{value:{form}} [{low:{form}}, {high:{form}}]")
        # The bound's share of seer's edge, then hard's share of the bound's.
        for lower, top in ((rows[bound], rows["seer"]), (rows["hard"], rows[bound])):
            share, low, high = gap_closed(lower, top, by_losses, random.Random(seed))
            out.append(f"{100 * share:.0f}% [{100 * low:.0f}, {100 * high:.0f}]")
    out.append("loss ratio" if by_losses else f"margin ({measure_for(table)[0]})")
    return out


def save(folder: Path, game: str, n: int, seed: int, budget: str,
         rows: dict[str, Rows]) -> None:
    """One table's rows at one seed, for ``merge``: a run stopped part way (a lent machine's
    time running out) keeps every table it finished."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{game}{n}-seed{seed}-{budget.replace(' ', '')}.json"
    path.write_text(json.dumps({"game": game, "players": n, "seed": seed, "budget": budget,
                                "rows": rows}))


def merge(folder: Path) -> list[tuple[str, int, str, int, dict[str, Rows]]]:
    """The rows ``save`` left in ``folder``, each table's seeds pooled as more deals: per
    table and budget, the game, its players, the budget, the deals and the rows. Raises
    ``ValueError`` on a file that is not such rows, a seed saved twice (the same deals),
    or a table whose files compare different players."""
    pooled: dict[tuple[str, int, str], dict[str, Rows]] = {}
    seeds: dict[tuple[str, int, str], set[int]] = {}
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text())
            key = (str(data["game"]), int(data["players"]), str(data["budget"]))
            seed, saved = int(data["seed"]), data["rows"]
            rows = {k: {seed * SEED_SPAN + int(d): [float(x) for x in row]
                        for d, row in v.items()} for k, v in saved.items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"{path}: not a saved gap-table row ({exc})") from exc
        if seed in seeds.setdefault(key, set()):
            raise ValueError(f"{path}: {key[0]} {key[1]} at {key[2]} has seed {seed} "
                             "twice, the same deals")
        seeds[key].add(seed)
        table = pooled.setdefault(key, {k: {} for k in rows})
        if set(table) != set(rows):
            raise ValueError(f"{path}: compares {', '.join(sorted(rows))}, where the "
                             f"table's other files compare {', '.join(sorted(table))}")
        for k, deals in rows.items():
            table[k].update(deals)
    return [(g, n, budget, len(rows["hard"]), rows)
            for (g, n, budget), rows in pooled.items()]


def heads(bounds: Sequence[str]) -> list[str]:
    """The columns ``cells`` fills, in its order."""
    return ["table", "medium vs easy", "hard vs medium", "seer vs medium", "gap closed",
            *(h for b in bounds
              for h in (f"{b} vs medium", f"{b} closes", f"hard closes of {b}'s")),
            "measure"]


def print_heads(names: Sequence[str]) -> None:
    print("| " + " | ".join(names) + " |")
    print("|" + " --- |" * len(names))


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
    parser.add_argument("--save", type=Path, default=None, metavar="DIR",
                        help="also write each table's per-deal rows here, one file a table")
    parser.add_argument("--merge", type=Path, default=None, metavar="DIR",
                        help="play nothing: print the rows saved in DIR, each table's "
                             "seeds pooled")
    args = parser.parse_args(argv)
    if args.merge:
        try:
            merged = merge(args.merge)
        except ValueError as exc:
            parser.error(str(exc))
        if not merged:
            parser.error(f"no saved rows in {args.merge}")
        print(f"saved rows in {args.merge}, each table's seeds pooled")
        shown: list[str] | None = None
        for game, n, budget, deals, rows in merged:
            bounds = [k for k in rows if k not in ("medium", "hard", "seer")]
            if args.markdown and bounds != shown:  # a header for each set of columns
                print_heads([*heads(bounds), "run"])
                shown = bounds
            row = [*cells(game, n, rows, args.seed, bounds),
                   f"hard {budget}, {deals} deals ({deals * n} hands)"]
            print("| " + " | ".join(row) + " |" if args.markdown else "  ".join(row))
        return 0
    chosen = ([(g, int(n)) for g, n in (t.split(":") for t in args.tables.split(","))]
              if args.tables else tables())
    guesses = None if args.think else args.guesses
    bounds = [b for b in args.bounds.split(",") if b]
    unknown = set(bounds) - set(BOUNDS)
    if unknown:
        parser.error(f"unknown bound {', '.join(sorted(unknown))}")
    budget = f"{args.think} s" if args.think else f"{args.guesses} guesses"
    print(f"{args.hands} duplicate hands per comparison, seed {args.seed}, hard {budget}")
    if args.markdown:
        print_heads(heads(bounds))
    for game, n in chosen:
        start = time.perf_counter()
        rows = play(game, n, args.hands, args.think or 1.0, guesses, args.seed, bounds,
                    args.jobs)
        if args.save:
            save(args.save, game, n, args.seed, budget, rows)
        row = cells(game, n, rows, args.seed, bounds)
        took = time.perf_counter() - start
        if args.markdown:
            print("| " + " | ".join(row) + " |")
        else:
            print("  ".join(row) + f"  ({took:.0f} s)")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
