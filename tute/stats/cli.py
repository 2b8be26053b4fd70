"""``tute stats [--game G] [--level L] [--players N] [--option NAME=VALUE]... [--json]``:
the statistics screen's figures as text, ``--option`` keeping the matches played with that
house rule (an option of ``--game``; older records count as played at its default).

A fresh machine has no statistics file: that prints an empty record, not an error. A damaged
file is set aside (as the game does) and named on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys

from tute.echo import shown
from tute.rules import OptionValue, RulesetError, load_ruleset
from tute.rules.ruleset import bundled_names
from tute.stats import file
from tute.stats.figures import BIN, COUNTS, GAME_COUNTS, counted, figures, ruleset_of

KNOWN_SHOWN = 20
"""Games listed at most where ``--game`` names none (a file may name any number)."""


def _percent(part: int, whole: int) -> str:
    return f" ({round(100 * part / whole)} %)" if whole else ""


def text(args: argparse.Namespace, f: dict[str, object]) -> str:
    """The figures as aligned lines, in English."""
    scope = f"{args.game or 'all games'}, {args.level or 'all levels'}"
    if args.players:
        scope += f", {args.players} players"
    for name, chosen in options_asked(args).items():
        scope += f", {name}={str(chosen).lower() if isinstance(chosen, bool) else chosen}"
    lines = [f"Statistics ({scope})"]
    kept = counted(args.game)
    for key, label in COUNTS:
        if key in GAME_COUNTS and key not in kept:
            continue
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


def options_asked(args: argparse.Namespace) -> dict[str, OptionValue]:
    """``--option NAME=VALUE`` (repeatable) read as the options of ``--game``; ValueError
    says what is wrong."""
    texts = getattr(args, "option", None) or []
    if not texts:
        return {}
    if not args.game:
        raise ValueError("--option needs --game (house options belong to a game)")
    rules = load_ruleset(args.game)
    out: dict[str, OptionValue] = {}
    for item in texts:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or name not in rules.options or name == "players":
            known = ", ".join(k for k in rules.options if k != "players")
            raise ValueError(f"--option '{item}': expected NAME=VALUE with NAME one of {known}"
                             " (the number at the table is --players)")
        out[name] = rules.options[name].parse_text(value)  # ValueError: not allowed
    return out


def game_asked(game: str | None, stats: file.Stats) -> str | None:
    """``--game`` as the statistics file names games: one played (even one this version no
    longer has), or a ruleset by name, alias or path (a player's ruleset is kept under its
    absolute path); ValueError lists the known games."""
    played = {m.game for m in stats.matches}
    if game is None or game in played:
        return game
    try:
        return load_ruleset(game).ref
    except (RulesetError, OSError):
        known = sorted(set(bundled_names()) | played)
        listed = ", ".join(known[:KNOWN_SHOWN]) + (
            f" and {len(known) - KNOWN_SHOWN} more" if len(known) > KNOWN_SHOWN else "")
        raise ValueError(f"--game '{shown(game)}': no such game (known: {listed})") from None


def check_players(players: int | None, game: str | None, stats: file.Stats) -> None:
    """ValueError where no game (or not ``game``) is played by ``players``, with the
    numbers that are."""
    if players is None:
        return
    rulesets = [ruleset_of(g) for g in ([game] if game else bundled_names())]
    allowed = {n for rules in rulesets if rules is not None and "players" in rules.options
               for n in rules.options["players"].allowed() if isinstance(n, int)}
    allowed |= {m.players for m in stats.matches if game in (None, m.game)}
    if players not in allowed:
        who = f"'{game}' is" if game else "the games are"
        raise ValueError(f"--players {players}: not a number at the table ({who} played by "
                         f"{', '.join(map(str, sorted(allowed)))})")


def run(args: argparse.Namespace) -> int:
    try:
        options = options_asked(args)
    except (ValueError, RulesetError) as exc:
        print(f"tute stats: {exc}", file=sys.stderr)
        return 2
    stats, problem = file.load()
    if problem is not None:
        where = problem.moved_to or "(it could not be moved)"
        print(f"tute: the statistics file was damaged ({problem.detail}); set aside as {where}",
              file=sys.stderr)
    try:
        args.game = game_asked(args.game, stats)
        check_players(args.players, args.game, stats)
    except ValueError as exc:
        print(f"tute stats: {exc}", file=sys.stderr)
        return 2
    found = figures(stats, args.game, args.level, args.players, options).to_json()
    if args.json:
        print(json.dumps({"game": args.game, "level": args.level, "players": args.players,
                          "options": options, **found}, ensure_ascii=False))
    else:
        print(text(args, found))
    return 0
