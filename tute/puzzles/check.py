"""``tute puzzles GAME [--check] [--stats]``: list a game's puzzles, prove each again with
the exact solver (the answer the only card that reaches the goal, the tempting card not
it), or count what the catalog offers (how many, how many with only two cards to choose
from, the themes, the difficulty)."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from typing import Any

from tute.cards import card_text
from tute.echo import printable
from tute.puzzles.data import Puzzle, PuzzleError, games_with_puzzles, load_puzzles
from tute.puzzles.proof import base_of, card_values, legal_plays, reached
from tute.puzzles.words import goal_text


def problem(p: Puzzle) -> str | None:
    """Why ``p`` is not a sound puzzle (None when it is): its position must replay, and of
    the seat's legal cards exactly its answer must reach its goal against any defence."""
    try:
        h = p.position().hand
    except PuzzleError as exc:
        return str(exc)
    values, _ = card_values(h, p.seat, p.goal.kind)
    base = base_of(p.goal.kind, h, p.seat)
    good = sorted(c for c, v in values.items() if reached(p.goal, v, base))
    if good != [p.answer]:
        shown = ", ".join(card_text(c) for c in good) or "none"
        return (f"puzzle {p.id}: not unique: the cards that reach the goal are {shown}, "
                f"not {card_text(p.answer)} alone")
    if p.tempting not in values:
        return f"puzzle {p.id}: the tempting card {card_text(p.tempting)} is not playable"
    return None


BANDS = ((0, "unrated"), (1, "under 1200"), (1200, "1200-1499"), (1500, "1500-1799"),
         (1800, "1800 and over"))
"""The difficulty bands --stats counts, by their lowest rating."""


def stats(game: str, puzzles: list[Puzzle]) -> list[str]:
    """The lines of ``--stats``: the count, the share with two legal cards, the themes and
    the difficulty bands, the seats and hands the positions come from."""
    legal: list[int] = []
    seats: Counter[int] = Counter()
    places: Counter[int] = Counter()
    hands: Counter[int] = Counter()
    players: Counter[int] = Counter()
    for p in puzzles:
        h = p.position().hand
        legal.append(len(legal_plays(h, p.seat)))
        seats[p.seat] += 1
        places[len(h.trick_cards) + 1] += 1
        hands[h.number + 1] += 1
        players[h.n] += 1
    two = sum(1 for n in legal if n == 2)
    share = 100 * two / len(puzzles) if puzzles else 0.0
    themes = Counter(p.theme or "(none)" for p in puzzles)
    bands: Counter[str] = Counter()
    for p in puzzles:
        bands[next(name for low, name in reversed(BANDS) if p.rating >= low)] += 1

    def listed(counts: Counter[Any]) -> str:
        return ", ".join(f"{k} {n}" for k, n in sorted(counts.items(), key=lambda kv:
                                                       (-kv[1], str(kv[0]))))
    return [f"puzzles {game}: {len(puzzles)}",
            f"  2 legal cards: {two} ({share:.0f} %); 3 or more: {len(puzzles) - two}",
            f"  themes ({len(themes)}): {listed(themes)}",
            f"  goals: {listed(Counter(p.goal.kind for p in puzzles))}",
            "  difficulty: " + ", ".join(f"{name} {bands[name]}" for _, name in BANDS
                                         if bands[name]),
            f"  seats: {listed(seats)}; plays in the trick: {listed(places)}; "
            f"hands of the match: {listed(hands)}; players: {listed(players)}"]


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
    if args.stats:
        try:
            print("\n".join(stats(game, puzzles)))
        except PuzzleError as exc:
            print(f"tute puzzles: {printable(str(exc))}", file=sys.stderr)
            return 1
        if not args.check:
            return 0
    if not args.check:
        for p in puzzles:
            print(f"{p.id}: {goal_text(p.goal, p.opponents, p.partners)}")
        return 0
    for p in puzzles:
        fault = problem(p)
        if fault is not None:
            print(f"tute puzzles: {fault}", file=sys.stderr)
            return 1
    print(f"puzzles {game}: {len(puzzles)} checked")
    return 0
