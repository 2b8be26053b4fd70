"""What points carried into the vueltas are worth: the odds of winning the partida.

A partida (settlement ``partidas``) that the first hand leaves undecided goes on with each
side's total carried, and the next hand stops the moment a side reaches 101. The hard
level values such a first hand by the chance its side then wins the partida; this script
measures that chance. It plays first hands at ``--level`` (default medium) for every seat
and, where one goes to vueltas, plays the partida out; each such partida gives a row: the
carried difference of side 0 over side 1, whether side 0 leads the next hand, and whether
side 0 won. It prints binned rates, then a logistic fit without intercept (the two sides
are alike but for the carried points and the lead):

    P(win) = 1 / (1 + exp(-(carry * difference / 100 + lead * (1 if leading else -1))))

with the data size behind it. ``carry`` and ``lead`` are what a ruleset's ``vueltas_odds``
holds (docs/ruleset-schema.md).

    python benchmarks/vueltas_odds.py [--game guinote] [--players 4] [--partidas 2000]
        [--level medium] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence

from tute.ai import make_player
from tute.engine import DEAL, Game
from tute.rules import load_ruleset

Row = tuple[float, float, int]
"""(carried difference / 100, +1 if side 0 leads the vueltas else -1, 1 if side 0 won)."""


def partida(game_id: str, players: int, seed: int, level: str) -> Row | None:
    """One partida from its first hand; a row if that hand went to vueltas."""
    game = Game(load_ruleset(game_id), {"players": players}, seed=seed)
    seats = [make_player(level, seed=seed * 8 + s) for s in range(game.n)]
    row: tuple[float, float] | None = None
    while not game.is_over:
        if game.phase == DEAL:
            if game.summaries:
                extra = game.summaries[-1].extra
                if extra.get("partida_winner") is not None:
                    break
                if row is None:
                    totals = extra["totals"]
                    assert isinstance(totals, list)
                    game.deal()
                    leads = 1.0 if game.hand.side_of[game.hand.mano] == 0 else -1.0
                    row = ((totals[0] - totals[1]) / 100.0, leads)
                    continue
            game.deal()
            continue
        seat = game.current_player
        assert seat is not None
        game.apply(seats[seat].choose(game.observation(seat)))
    if row is None:
        return None
    won = game.summaries[-1].extra.get("partida_winner")
    return row[0], row[1], int(won == 0)


def fit(rows: Sequence[Row]) -> tuple[float, float, float, float]:
    """The logistic's two coefficients by Newton's method, with their standard errors."""
    b = [0.0, 0.0]
    info = [[0.0, 0.0], [0.0, 0.0]]
    for _ in range(50):
        grad = [0.0, 0.0]
        info = [[0.0, 0.0], [0.0, 0.0]]
        for d, lead, y in rows:
            x = (d, lead)
            p = 1.0 / (1.0 + math.exp(-(b[0] * d + b[1] * lead)))
            for i in range(2):
                grad[i] += (y - p) * x[i]
                for j in range(2):
                    info[i][j] += p * (1 - p) * x[i] * x[j]
        det = info[0][0] * info[1][1] - info[0][1] * info[1][0]
        step = [(info[1][1] * grad[0] - info[0][1] * grad[1]) / det,
                (info[0][0] * grad[1] - info[1][0] * grad[0]) / det]
        b = [b[0] + step[0], b[1] + step[1]]
        if max(abs(s) for s in step) < 1e-9:
            break
    det = info[0][0] * info[1][1] - info[0][1] * info[1][0]
    return b[0], b[1], math.sqrt(info[1][1] / det), math.sqrt(info[0][0] / det)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="guinote")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--partidas", type=int, default=2000,
                        help="first hands played (those going to vueltas make the rows)")
    parser.add_argument("--level", default="medium")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    rows = [row for k in range(args.partidas)
            if (row := partida(args.game, args.players, args.seed * 100_003 + k,
                               args.level)) is not None]
    print(f"{args.players}-player {args.game}, {args.level} at every seat: "
          f"{len(rows)} of {args.partidas} first hands went to vueltas "
          f"({time.perf_counter() - start:.0f} s)")
    print("carried difference  partidas  side 0 won   leading: n, won   not: n, won")
    for low in range(-60, 60, 20):
        span = [r for r in rows if low <= 100 * r[0] < low + 20]
        leading = [r[2] for r in span if r[1] > 0]
        other = [r[2] for r in span if r[1] < 0]
        if span:
            print(f"  [{low:+4d}, {low + 20:+4d})  {len(span):8d}  "
                  f"{sum(r[2] for r in span) / len(span):10.2f}  "
                  f"{len(leading):11d} {sum(leading) / max(1, len(leading)):5.2f}  "
                  f"{len(other):8d} {sum(other) / max(1, len(other)):5.2f}")
    carry, lead, carry_se, lead_se = fit(rows)
    print(f"fit on {len(rows)} partidas: carry {carry:.2f} (se {carry_se:.2f}) a 100 points, "
          f"lead {lead:.2f} (se {lead_se:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
