"""Trial hands: whether the engine can play a ruleset that was not shipped with the game.

The ruleset loader checks what it can by name (``tute.rules.ruleset.REQUIRES``); strategies
written by a player can still meet in ways no table foresaw. A few hands of random legal play
at every player count the file allows, with random option values, find those before a table,
a replay or a saved match does: an engine exception, a turn with nothing to do, or a hand
that never ends.
"""

from __future__ import annotations

import random

from tute.engine.match import DEAL, Game
from tute.rules.ruleset import OptionValue, RuleSet

HANDS = 2
"""Hands played per trial match."""
TRIES = 3
"""Trial matches per player count: the defaults, then random option values."""
MOST_ACTIONS = 1000
"""Actions in one hand beyond which it is taken never to end."""


def unplayable(rules: RuleSet) -> str | None:
    """Why the engine cannot play ``rules``, or None when every trial hand played through.
    Option combinations the engine refuses up front (a scoring for three players only) are
    skipped; a file where every combination is refused is unplayable too."""
    rng = random.Random(rules.id)
    started = 0
    for players in rules.options["players"].allowed():
        for attempt in range(TRIES):
            options: dict[str, OptionValue] = {k: o.default for k, o in rules.options.items()}
            if attempt:
                options.update({k: rng.choice(o.allowed()) for k, o in rules.options.items()})
            options["players"] = players
            try:
                game = Game(rules, options, seed=attempt)
            except ValueError:
                continue
            except Exception as exc:  # any failure of the engine is the finding
                problem: str | None = _failure(exc)
            else:
                started += 1
                problem = _played(game, rng)
            if problem is not None:
                chosen = ", ".join(f"{k} {v}" for k, v in options.items()
                                   if k == "players" or v != rules.options[k].default)
                return f"the engine cannot play it ({chosen}): {problem}"
    return None if started else "the engine refuses every combination of its options"


def _played(game: Game, rng: random.Random) -> str | None:
    """What went wrong in the trial hands of ``game``, or None."""
    try:
        return _play(game, rng)
    except Exception as exc:  # any failure of the engine is the finding
        return _failure(exc)


def _failure(exc: Exception) -> str:
    """An engine failure on one line, short enough to read."""
    return " ".join(f"{type(exc).__name__}: {exc}".split())[:200]


def _play(game: Game, rng: random.Random) -> str | None:
    hands = actions = 0
    while not game.is_over:
        if game.phase == DEAL:
            if hands == HANDS:
                return None
            game.deal()
            hands += 1
            actions = 0
            continue
        legal = game.legal_actions()
        if not legal:
            return f"hand {hands}: nobody can act"
        actions += 1
        if actions > MOST_ACTIONS:
            return f"hand {hands} does not end"
        game.apply(rng.choice(legal))
    return None
