"""``tute puzzles GAME [--check]``: list a game's puzzles, or prove each again with the exact
solver (the answer the only card that reaches the goal, the tempting card not it)."""

from __future__ import annotations

import argparse
import sys

from tute.cards import card_text
from tute.echo import printable
from tute.puzzles.data import Puzzle, PuzzleError, games_with_puzzles, load_puzzles
from tute.puzzles.proof import card_values, measure, reached
from tute.puzzles.words import goal_text


def problem(p: Puzzle) -> str | None:
    """Why ``p`` is not a sound puzzle (None when it is): its position must replay, and of
    the seat's legal cards exactly its answer must reach its goal against any defence."""
    try:
        h = p.position().hand
    except PuzzleError as exc:
        return str(exc)
    values, _ = card_values(h, p.seat, p.goal.kind)
    base = measure(p.goal.kind, h, p.seat)(h) if p.goal.kind == "tricks" else 0
    good = sorted(c for c, v in values.items() if reached(p.goal, v, base))
    if good != [p.answer]:
        shown = ", ".join(card_text(c) for c in good) or "none"
        return (f"puzzle {p.id}: not unique: the cards that reach the goal are {shown}, "
                f"not {card_text(p.answer)} alone")
    if p.tempting not in values:
        return f"puzzle {p.id}: the tempting card {card_text(p.tempting)} is not playable"
    return None


def run(args: argparse.Namespace) -> int:
    game = args.game
    if game not in games_with_puzzles():
        known = ", ".join(games_with_puzzles()) or "none"
        print(f"tute puzzles: no puzzles for '{game[:40]}' (games with puzzles: {known})",
              file=sys.stderr)
        return 2
    try:
        puzzles = load_puzzles(game)
    except PuzzleError as exc:
        print(f"tute puzzles: {printable(str(exc))}", file=sys.stderr)
        return 1
    if not args.check:
        for p in puzzles:
            print(f"{p.id}: {goal_text(p.goal, p.opponents)}")
        return 0
    for p in puzzles:
        fault = problem(p)
        if fault is not None:
            print(f"tute puzzles: {fault}", file=sys.stderr)
            return 1
    print(f"puzzles {game}: {len(puzzles)} checked")
    return 0
