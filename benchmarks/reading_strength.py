"""Does reading the plays make the hard level stronger? Hard against medium on the same
duplicate deals twice, reading off and on (``--reading`` K proposals a guess), with
a paired 95% bootstrap interval of the difference that resamples whole deals. Reading
weighs guesses by the medium policy, so ``--others hard`` seats hard players (reading off)
around it instead: whether reading still pays, or misleads, against players who are not
medium.

The measure is ``ai_strength``'s: the hand-loss ratio where losers decide (lower is
better), else the margin per hand (higher is better). ``--save`` keeps each run's hands in a
file, ``--only`` runs one setting, so that the two halves of a long comparison can run as
two processes and be paired afterwards from their files.

    .venv/bin/python benchmarks/reading_strength.py [--game cabrero] [--players 4]
        [--hands 120] [--guesses 20 | --think 1.0] [--reading 8] [--seed 1]
        [--others medium|hard] [--save DIR] [--only 0|K] [--jobs 1]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from ai_strength import (
    JOBS_HELP,
    deal_rows,
    decided_by_losers,
    factory,
    interval,
    measure_for,
    paired,
)

from tute.ai import Player
from tute.ai.inference import PROPOSALS
from tute.engine import Game
from tute.rules import load_ruleset
from tute.simulate import PlayerFactory, SeatStats, Simulation


def load(path: Path) -> list[SeatStats]:
    """A run's per-seat hands, as ``--save`` wrote them."""
    out = []
    for row in json.loads(path.read_text()):
        st = SeatStats(row["level"])
        st.losses = [(d, v) for d, v in row["losses"]]
        st.values = [(d, v) for d, v in row["values"]]
        out.append(st)
    return out


def reader(think: float, guesses: int | None, reading: int) -> PlayerFactory:
    """Seats the hard level reading with ``reading`` proposals as "reader", any other
    level (hard among them) as ``ai_strength`` does, reading off."""
    others, first = factory(think, guesses, 0), factory(think, guesses, reading)

    def build(level: str, seed: int, game: Game) -> Player:
        return first("hard", seed, game) if level == "reader" else others(level, seed, game)

    return build


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="cabrero")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--hands", type=int, default=120)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--guesses", type=int, default=None)
    parser.add_argument("--reading", type=int, default=PROPOSALS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--others", choices=["medium", "hard"], default="medium",
                        help="the level of the other seats (hard: reading off)")
    parser.add_argument("--save", type=Path, default=None,
                        help="folder for each run's hands (read back by --only)")
    parser.add_argument("--only", type=int, default=None,
                        help="run only this reading setting (0 or --reading), the other "
                             "read from --save if there")
    parser.add_argument("--jobs", type=int, default=1, help=JOBS_HELP)
    args = parser.parse_args(argv)
    rules = load_ruleset(args.game)
    n = args.players or int(rules.options["players"].default)
    options = rules.resolve({"players": n})
    game = Game(rules, options)
    name, measure = measure_for(game)
    losses = decided_by_losers(game)
    levels = ["reader"] + [args.others] * (n - 1)
    runs: dict[int, list[SeatStats]] = {}
    for reading in (0, args.reading):
        saved = (args.save / f"{args.game}-{n}-seed{args.seed}-guesses{args.guesses}"
                 f"-think{args.think}-reading{reading}-hands{args.hands}"
                 f"{'' if args.others == 'medium' else '-vs' + args.others}.json"
                 if args.save else None)
        if args.only not in (None, reading):
            if saved is None or not saved.exists():
                continue
            runs[reading] = load(saved)
            print(f"reading {reading}: read from {saved}")
            continue
        sim = Simulation(rules, options, levels, seed=args.seed, duplicate=True,
                         factory=reader(args.think, args.guesses, reading), measure=measure)
        start = time.perf_counter()
        sim.run_hands(args.hands, args.jobs)
        took = time.perf_counter() - start
        runs[reading] = sim.stats
        if saved is not None:
            saved.parent.mkdir(parents=True, exist_ok=True)
            saved.write_text(json.dumps([{"level": st.level, "losses": st.losses,
                                          "values": st.values} for st in sim.stats]))
        think = sorted(sim.stats[0].think)
        value = interval(list(deal_rows(sim.stats, losses, game.kit.teams).values()), losses,
                         random.Random(args.seed))
        print(f"reading {reading}: {'loss ratio' if losses else name} {value[0]:+.3f} "
              f"[95% CI {value[1]:+.3f} to {value[2]:+.3f}], hard think p50 "
              f"{1000 * think[len(think) // 2]:.0f} ms ({sim.hands_played} hands, {took:.0f} s)")
        sys.stdout.flush()
    if len(runs) < 2:
        return 0
    off, on = (deal_rows(runs[r], losses, game.kit.teams) for r in (0, args.reading))
    change, low, high, deals = paired(off, on, losses, random.Random(args.seed))
    print(f"{n}-player {rules.name['en']}, {deals} duplicate deals: reading "
          f"{args.reading} minus off {change:+.3f} [paired 95% CI {low:+.3f} to {high:+.3f}]"
          f" ({'lower' if losses else 'higher'} is better)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
