"""``tute stats [--game G] [--level L] [--players N] [--json]``: the statistics screen's
figures as text.

A fresh machine has no statistics file: that prints an empty record, not an error. A damaged
file is set aside (as the game does) and named on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys

from tute.stats import file
from tute.stats.figures import BIN, COUNTS, figures


def _percent(part: int, whole: int) -> str:
    return f" ({round(100 * part / whole)} %)" if whole else ""


def text(args: argparse.Namespace, f: dict[str, object]) -> str:
    """The figures as aligned lines, in English."""
    scope = f"{args.game or 'all games'}, {args.level or 'all levels'}"
    if args.players:
        scope += f", {args.players} players"
    lines = [f"Statistics ({scope})"]
    for key, label in COUNTS:
        value = f[key]
        extra = ""
        if key in ("matches_won", "hands_won", "hands_lost"):
            whole = f["matches" if key == "matches_won" else "hands"]
            assert isinstance(value, int) and isinstance(whole, int)
            extra = _percent(value, whole)
        lines.append(f"  {label:<28} {value}{extra}")
    by_level = f["by_level"]
    assert isinstance(by_level, dict)
    if by_level:
        lines.append("By level")
        for level, lf in by_level.items():
            lines.append(f"  {level:<8} matches won {lf['matches_won']}/{lf['matches']}"
                         f"{_percent(lf['matches_won'], lf['matches'])}, hands won "
                         f"{lf['hands_won']}/{lf['hands']}"
                         f"{_percent(lf['hands_won'], lf['hands'])}")
    points = f["points"]
    assert isinstance(points, dict)
    if points:
        lines.append(f"Points per hand (hands in bins of {BIN})")
        for game, bins in points.items():
            counts = " ".join(f"{i * BIN}-{i * BIN + BIN - 1}:{n}" for i, n in enumerate(bins)
                              if n)
            lines.append(f"  {game:<10} {counts}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    stats, problem = file.load()
    if problem is not None:
        where = problem.moved_to or "(it could not be moved)"
        print(f"tute: the statistics file was damaged ({problem.detail}); set aside as {where}",
              file=sys.stderr)
    found = figures(stats, args.game, args.level, args.players).to_json()
    if args.json:
        print(json.dumps({"game": args.game, "level": args.level, "players": args.players,
                          **found}, ensure_ascii=False))
    else:
        print(text(args, found))
    return 0
