"""How often a level plays the card the medium policy would, and the ``EPSILON`` that fits.

Reading the plays (``tute.ai.inference``) weighs a guessed deal by how likely it makes the
other seats' cards under the medium policy, softened: a card that is not medium's choice
keeps weight ``EPSILON`` against medium's 1. That is only as good as medium is a model of
the others. This seats one level at every seat, and at each of their card plays with more
than one legal card compares the card with what medium would play from the same
observation (cards the search counts as one choice count as agreeing). It prints, per game
and level, the share of plays that agree and the ``EPSILON`` under which the plays seen are
most likely: the softening that fits players of that level.

    PYTHONPATH=. python benchmarks/policy_agreement.py [--tables cabrero:4,parejas:4]
        [--levels hard,easy] [--hands 40] [--guesses 16] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence

from ai_strength import factory

from tute.ai import Player
from tute.ai.heuristic import choose_card
from tute.ai.knowledge import read
from tute.ai.playout import same_run
from tute.engine import Action, Game, Observation
from tute.engine.actions import PLAY
from tute.rules import load_ruleset
from tute.simulate import PlayerFactory, Simulation

Seen = list[tuple[int, bool]]
"""Per play: the legal cards it had, and whether it was medium's choice."""


class Watched(Player):
    """A player whose card plays are compared with the medium policy's choice."""

    def __init__(self, inner: Player, seen: Seen) -> None:
        super().__init__(inner.seed)
        self.inner, self.seen, self.level = inner, seen, inner.level

    def choose(self, obs: Observation) -> Action:
        action = self.inner.choose(obs)
        view = obs.view
        options = (view.obligation_mask(obs.seat) & obs.hand).bit_count()
        if action.verb == PLAY and options > 1:
            medium = choose_card(view, obs.seat, read(obs).not_held)
            self.seen.append((options, medium == action.arg
                              or same_run(view, obs.seat, medium, action.arg)))
        return action

    def sing(self, obs: Observation, sings: list[Action], rng: random.Random) -> Action | None:
        return self.inner.sing(obs, sings, rng)

    def play(self, obs: Observation, plays: list[Action], rng: random.Random) -> Action:
        return self.inner.play(obs, plays, rng)


def watching(guesses: int, seen: Seen) -> PlayerFactory:
    build = factory(1.0, guesses)

    def make(level: str, seed: int, game: Game) -> Player:
        return Watched(build(level, seed, game), seen)

    return make


def fitted_epsilon(seen: Seen) -> float:
    """The softening under which the plays seen are most likely: a play among ``k`` legal
    cards is medium's choice with chance 1 / (1 + eps (k - 1))."""

    def log_likelihood(eps: float) -> float:
        return sum(math.log((1.0 if agree else eps) / (1.0 + eps * (k - 1)))
                   for k, agree in seen)

    grid = [10 ** (-3 + 3 * i / 60) for i in range(61)]  # 0.001 to 1
    return max(grid, key=log_likelihood)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", default="cabrero:4,parejas:4,arrastrado:4,codillo:5")
    parser.add_argument("--levels", default="hard,easy")
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--guesses", type=int, default=16, help="hard's guesses a decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{args.hands} hands per table and level, hard at {args.guesses} guesses")
    for table in args.tables.split(","):
        game, players = table.split(":")
        rules = load_ruleset(game)
        options = rules.resolve({"players": int(players)})
        for level in args.levels.split(","):
            seen: Seen = []
            Simulation(rules, options, [level] * int(players), seed=args.seed,
                       factory=watching(args.guesses, seen)).run_hands(args.hands)
            agree = sum(a for _, a in seen) / max(1, len(seen))
            print(f"{game} {players} {level}: {100 * agree:.1f}% of {len(seen)} plays are "
                  f"medium's choice; fitted EPSILON {fitted_epsilon(seen):.3f}")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
