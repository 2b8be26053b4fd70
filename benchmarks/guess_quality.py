"""How well the hard level's guesses resemble the real deal, with and without reading the
plays (``tute.ai.inference``).

Plays hands with the medium level at every seat and, at sampled decisions of play, draws
guesses of the hidden hands for the seat to act, as the hard level would. Prints per game:
- ``placed``: the mean share of the hidden cards in the other hands that a guess puts
  where they really are, for plain consistent guesses and for guesses read from the plays
  (the hard level's chain, ``--proposals`` a guess), with what chance alone gives;
- ``distinct``: how many different deals the read guesses of a decision hold (the chain
  repeats a deal until a proposal replaces it);
- ``rank``: the real deal's likelihood percentile among the plain guesses (0 = likelier
  than every guess, 50 = a typical guess; ties count half): how much the plays say;
- ``fit``: how often the medium policy, replayed on the real deal, picks the card each
  other seat really played (100%: the replay puts each seat where it was);
- the cost of reading: the replay per decision, then per guess.

    .venv/bin/python benchmarks/guess_quality.py [--games cabrero:4,parejas,...]
        [--hands 20] [--guesses 40] [--proposals 2] [--epsilon 0.02] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

from tute.ai import make_player
from tute.ai.inference import EPSILON, PROPOSALS, Reading
from tute.ai.knowledge import read
from tute.ai.sampler import sample_hands
from tute.engine import Game, Observation
from tute.engine.match import DEAL
from tute.rules import load_ruleset

DEFAULT_GAMES = "cabrero:4,parejas,dos,butifarra,codillo:5,arrastrado:4"
EVERY = 3
"""Sample one decision of play in this many."""


def placed(guess: Sequence[int], truth: Sequence[int], obs: Observation) -> tuple[int, int]:
    """Hidden cards the guess puts in their real hand, and hidden cards in the hands."""
    right = total = 0
    for s, hand in enumerate(truth):
        if s == obs.seat:
            continue
        right += (guess[s] & hand).bit_count()
        total += hand.bit_count()
    return right, total


def chance(obs: Observation, truth: Sequence[int], unseen: int) -> float:
    """How many of the hidden cards in hands a guess placing each unseen card in a
    uniformly random place (hand or stock) gets right, on average, ignoring voids."""
    sizes = [h.bit_count() for s, h in enumerate(truth) if s != obs.seat]
    return sum(n * n for n in sizes) / max(1, unseen.bit_count())


def run_game(spec: str, hands: int, guesses: int, proposals: int, epsilon: float,
             seed: int) -> None:
    name, _, players = spec.partition(":")
    rules = load_ruleset(name)
    options = rules.resolve({"players": int(players)} if players else {})
    rng = random.Random(seed)
    plain_right = read_right = total = 0
    floor = 0.0
    ranks: list[float] = []
    fit = fit_total = 0
    cost_decision = cost_guess = 0.0
    points = distinct = 0
    for h in range(hands):
        game = Game(rules, dict(options), seed=seed * 1000 + h)
        players_ = [make_player("medium", seed=s) for s in range(game.n)]
        game.deal()
        while game.phase != DEAL and not game.is_over:
            seat = game.current_player
            assert seat is not None
            obs = game.observation(seat)
            if obs.hand_phase == "play" and rng.randrange(EVERY) == 0 and (
                    obs.tricks or obs.trick):
                truth = list(game.hands)
                know = read(obs)
                start = time.perf_counter()
                reading = Reading(obs, epsilon)
                cost_decision += time.perf_counter() - start
                mine = reading.log_likelihood(truth)
                fit_total += len(reading.decisions)
                fit += sum(reading.choice(d, truth[d.seat] | d.later)[1]
                           for d in reading.decisions)
                below = 0.0
                seen: set[tuple[int, ...]] = set()
                for _ in range(guesses):
                    g, _stock = sample_hands(obs, know, rng)
                    r, t = placed(g, truth, obs)
                    plain_right += r
                    total += t
                    other = reading.log_likelihood(g)
                    below += 1.0 if other > mine + 1e-9 else 0.5 if abs(other - mine) < 1e-9 else 0
                    start = time.perf_counter()
                    g, _stock = reading.chain(know, rng, proposals)
                    cost_guess += time.perf_counter() - start
                    r, _ = placed(g, truth, obs)
                    read_right += r
                    seen.add(tuple(g))
                distinct += len(seen)
                ranks.append(100.0 * below / guesses)
                floor += guesses * chance(obs, truth, know.unseen)
                points += 1
            game.apply(players_[seat].choose(obs))
    n, cards = max(1, points), max(1, total)
    print(f"{spec:<14} {points:4d} decisions  placed: plain {100 * plain_right / cards:5.1f}%"
          f"  read {100 * read_right / cards:5.1f}%  (chance {100 * floor / cards:5.1f}%)"
          f"  distinct {distinct / n:4.1f}  rank {sum(ranks) / n:5.1f}"
          f"  fit {100 * fit / max(1, fit_total):5.1f}%"
          f"  cost {1000 * cost_decision / n:5.2f} ms"
          f" + {1000 * cost_guess / max(1, n * guesses):5.2f} ms/guess")
    sys.stdout.flush()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=DEFAULT_GAMES,
                        help="comma-separated games, each with :players if not the default")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--guesses", type=int, default=40)
    parser.add_argument("--proposals", type=int, default=PROPOSALS)
    parser.add_argument("--epsilon", type=float, default=EPSILON)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{args.hands} hands per game, {args.guesses} guesses per decision, reading "
          f"proposes {args.proposals} a guess, epsilon {args.epsilon}")
    for spec in args.games.split(","):
        run_game(spec, args.hands, args.guesses, args.proposals, args.epsilon, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
