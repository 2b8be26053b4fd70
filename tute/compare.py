"""``tute compare``: a coded hand played headless twice, a level in the player's seat and
then the hard level, each scored in the game's own measure; or ``--sample``: deal codes
to compare on, the same ones for the same ``--seed``."""

from __future__ import annotations

import argparse
import json
import random
import sys

from tute import deals
from tute.echo import printable
from tute.engine import Game
from tute.measure import measure_for
from tute.rules import RulesetError, load_ruleset


def run(args: argparse.Namespace) -> int:
    if args.sample is not None:
        return sample(args)
    if args.code is None:
        print("tute compare: give a deal code, or --sample N --game GAME", file=sys.stderr)
        return 2
    try:
        code = deals.parse(args.code)
    except deals.DealCodeError as exc:
        print(f"tute compare: {printable(str(exc))}", file=sys.stderr)
        return 2
    out: dict[str, object] = {"code": code.text()}
    lines = [code.text()]
    for level in dict.fromkeys([args.level, "hard"]):
        played = deals.play(code, level, args.guesses)
        out[level] = {"score": played.score}
        lines.append(f"{level}: {played.score:g} ({measure_for(played.game)[0]})")
    print(json.dumps(out) if args.json else "\n".join(lines))
    return 0


def sample(args: argparse.Namespace) -> int:
    """``--sample N --game GAME``: N codes of first hands of matches seeded from
    ``--seed``, the player in seat 0 against the ``--level`` opponents."""
    if args.game is None:
        print("tute compare: --sample needs --game", file=sys.stderr)
        return 2
    try:
        rules = load_ruleset(args.game)
        options = rules.resolve({} if args.players is None else {"players": args.players})
    except (RulesetError, ValueError) as exc:
        print(f"tute compare: {printable(str(exc))}", file=sys.stderr)
        return 2
    if not deals.codable(rules):
        print("tute compare: a player's ruleset file has no deal codes; only the bundled "
              "games are named in them", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    for _ in range(max(0, args.sample)):
        game = Game(rules, options, rng.randrange(1 << 31))
        game.deal()
        code = deals.code_of(game, args.opponents, 0)
        assert code is not None, "a first hand is dealt to the whole table"
        print(code.text())
    return 0
