"""How well the hard level reads its partner, in a team game where the partner is hard too.

Plays hands with hard pairs against medium pairs (``ai_strength --pairs``'s seating) and,
at sampled decisions of play of a hard seat, prints per kind of other seat (partner,
opponent):
- ``fit``: how often the medium policy, replayed on the real deal, picks the card that
  seat really played (the reading's model: 100% for a medium player);
- ``placed``: the share of that seat's hidden cards that a guess puts in his real hand,
  plain consistent guesses against read ones (the hard level's chain), the partner's
  cards read at each ``--partner-epsilon`` given (``inference.PARTNER_EPSILON``).

    .venv/bin/python benchmarks/partner_reading.py [--game parejas] [--hands 30]
        [--guesses 16] [--partner-epsilon 0.02,0.3,1] [--seed 2]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from ai_strength import factory

from tute.ai.inference import PARTNER_EPSILON, READING, Reading
from tute.ai.knowledge import read
from tute.ai.sampler import sample_hands
from tute.engine import Game
from tute.engine.match import DEAL
from tute.rules import load_ruleset

EVERY = 3
"""Sample one decision of play of a hard seat in this many."""
GUESSES = 40
"""Guesses drawn, plain and read, at each sampled decision."""
KINDS = ("partner", "opponent")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="parejas")
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--guesses", type=int, default=16,
                        help="the hard players' guesses a decision (their own play)")
    parser.add_argument("--partner-epsilon", default=f"{PARTNER_EPSILON}",
                        help="comma-separated weights of a partner's card that is not "
                             "medium's")
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args(argv)
    weights = [float(x) for x in args.partner_epsilon.split(",")]
    rules = load_ruleset(args.game)
    options = rules.resolve()
    if not Game(rules, dict(options)).kit.teams:
        parser.error(f"--game {args.game}: not played in teams, no partner to read")
    build = factory(1.0, args.guesses)
    rng = random.Random(args.seed)
    placed = {(k, w): [0, 0, 0] for k in KINDS for w in weights}  # plain, read, cards
    fit = {k: [0, 0] for k in KINDS}
    points = 0
    for h in range(args.hands):
        game = Game(rules, dict(options), seed=args.seed * 1000 + h)
        levels = ["hard" if s % 2 == 0 else "medium" for s in range(game.n)]
        players = [build(level, args.seed * 10 + s + 100 * h, game)
                   for s, level in enumerate(levels)]
        game.deal()
        while game.phase != DEAL and not game.is_over:
            seat = game.current_player
            assert seat is not None
            obs = game.observation(seat)
            if (levels[seat] == "hard" and obs.hand_phase == "play"
                    and rng.randrange(EVERY) == 0 and obs.tricks):
                truth = list(game.hands)
                know = read(obs)
                sides = obs.view.side_of
                kind = ["partner" if s != seat and sides[s] == sides[seat] else "opponent"
                        for s in range(game.n)]
                for w in weights:
                    reading = Reading(obs, partner_epsilon=w)
                    if w == weights[0]:
                        for d in reading.decisions:
                            fit[kind[d.seat]][0] += reading.choice(d, truth[d.seat]
                                                                   | d.later)[1]
                            fit[kind[d.seat]][1] += 1
                    draws = random.Random(points)  # the same plain guesses for each weight
                    for _ in range(GUESSES):
                        plain, _stock = sample_hands(obs, know, draws)
                        guess, _stock = reading.chain(know, draws, READING)
                        for s in range(game.n):
                            if s != seat:
                                row = placed[kind[s], w]
                                row[0] += (plain[s] & truth[s]).bit_count()
                                row[1] += (guess[s] & truth[s]).bit_count()
                                row[2] += truth[s].bit_count()
                points += 1
            game.apply(players[seat].choose(obs))
    print(f"{rules.name['en']}, {args.hands} hands, seed {args.seed}: hard pairs "
          f"({args.guesses} guesses) against medium pairs, {points} sampled hard decisions")
    for k in KINDS:
        right, total = fit[k]
        print(f"  {k}: medium's card on the real deal {100 * right / max(1, total):5.1f}% "
              f"of {total} plays")
        for w in weights:
            plain_right, read_right, cards = placed[k, w]
            print(f"    partner's cards read at {w}: placed plain "
                  f"{100 * plain_right / max(1, cards):5.1f}%, read "
                  f"{100 * read_right / max(1, cards):5.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
