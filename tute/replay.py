"""``tute replay FILE [--json]``: replay a game record and report each hand's result."""

from __future__ import annotations

import argparse
import json
import sys

from tute.cards import SUIT_NAMES_EN, card_text
from tute.echo import printable
from tute.engine import Game
from tute.engine.record import ActionError, RecordError, load_record, replay, summary_json
from tute.engine.results import HandSummary
from tute.engine.types import Score
from tute.rules import RulesetError

REASONS = {
    "mas_menos": "neither a más nor a menos",
    "two_takers": "fewer points of the two takers",
    "tied": "a tie",
    "second": "the second-highest of the takers (losers: second)",
    "tied_top": "a tie for the most points (losers: second)",
    "capote": "capote by another player",
    "capote_sang": "made capote after singing",
    "tute": "a sung tute",
    "renuncio": "renuncio",
    "false_accusation": "false accusation of renuncio",
    "points": "decided on points",
    "made": "the declarer made his contract",
    "failed": "the declarer failed his contract",
    "bateado": "a commitment was not kept (bateado)",
    "capot": "capot: one team took every trick",
}


def run(args: argparse.Namespace) -> int:
    """Exit status 0 when the record replays cleanly, 1 on any error."""
    try:
        record = load_record(args.file)
        result = replay(record)
    except (RecordError, RulesetError) as exc:
        print(f"tute replay: {printable(str(exc))}", file=sys.stderr)
        if args.json:
            print(json.dumps(empty_json(str(exc))))
        return 1
    if result.rules_changed:
        print(f"tute replay: note: the ruleset file {printable(record.rules)} has changed "
              "since the record was written; replayed under the rules it holds now",
              file=sys.stderr)
    if args.json:
        print(json.dumps(summary_json(result.game, result.error)))
    else:
        print(printable(describe(result.game), keep_newlines=True))
    if result.error is not None:
        print(f"tute replay: {printable(str(result.error))}", file=sys.stderr)
        return 1
    return 0


def _points(values: list[Score]) -> str:
    return " ".join(str(int(p)) if p.denominator == 1 else f"{float(p):g}" for p in values)


def empty_json(reason: str) -> dict[str, object]:
    """The ``--json`` object of a record that could not be started: every top-level key,
    no hands, and the error."""
    return {"rules": None, "players": None, "hands": [], "to_act": None, "legal": [],
            "retired": [], "over": False, "winners": [], "draw": False,
            "error": {"action": None, "hand": None, "text": None, "reason": reason}}


def _hand_lines(number: int, h: HandSummary) -> list[str]:
    trump = "none" if h.trump is None else SUIT_NAMES_EN[h.trump]
    muestra = f" (muestra {card_text(h.muestra)})" if h.muestra is not None else ""
    lines = [f"Hand {number}: dealer {h.dealer}, mano {h.mano}, trumps {trump}{muestra}",
             f"  tricks {' '.join(map(str, h.taken))}; points {_points(h.points)}"]
    sung = [f"{s}: {', '.join(c)}" for s, c in enumerate(h.cantes) if c]
    if sung:
        lines.append(f"  cantes {'; '.join(sung)}")
    why = REASONS.get(h.reason or "", h.reason or "")
    if h.complete and "losers" in h.extra:
        losers = ", ".join(map(str, h.losers)) or "nobody"
        lines.append(f"  losers {losers} ({why})")
    elif h.complete:
        lines.append(f"  result: {why}")
    else:
        lines.append("  (hand not finished)")
    shown = [f"{key.replace('_', ' ')} {_value_text(value)}" for key, value in h.extra.items()
             if h.complete and key != "losers" and value not in (None, [])]
    if shown:
        lines.append("  " + "; ".join(shown))
    return lines


def _value_text(value: object) -> str:
    if isinstance(value, list):
        return " ".join(map(str, value))
    return str(value)


def describe(game: Game) -> str:
    """A readable account of a replayed match."""
    lines = [f"{game.rules.name['en']}, {game.n} players"]
    hands = list(game.summaries)
    current = game.current_summary()
    if current is not None:
        hands.append(current)
    for i, h in enumerate(hands, start=1):
        lines += _hand_lines(i, h)
    if game.is_over:
        kind = "draw between" if game.draw else "winners"
        lines.append(f"Match over: {kind} {', '.join(map(str, game.winners))}")
    elif game.current_player is not None:
        legal = summary_json(game)["legal"]
        assert isinstance(legal, list)
        lines.append(f"To act: seat {game.current_player}; legal: {' '.join(legal)}")
    return "\n".join(lines)


__all__ = ["ActionError", "describe", "run"]
