"""Ratings on one scale for puzzles and players: a puzzle's from what was measured (how
many computer players of each level fail it, how long the solver's line is, how many
cards may be played), the player's by Glicko-2 (Glickman, "Example of the Glicko-2 system",
2012), moved by each result against the puzzle's rating as Lichess moves its puzzle
ratings. The player's rating lives in the progress file (``progress``)."""

from __future__ import annotations

import math
from dataclasses import dataclass

MIN_RATING = 400
MAX_RATING = 3000
START = 1500.0
START_DEVIATION = 350.0
MIN_DEVIATION = 45.0
"""The least uncertainty kept: a rating that can still move after a long run."""
START_VOLATILITY = 0.06
TAU = 0.5
"""How fast the volatility may change (Glickman suggests 0.3 to 1.2)."""
PUZZLE_DEVIATION = 60.0
"""A puzzle's rating is measured, not played: taken as well known."""
SCALE = 173.7178


@dataclass(frozen=True)
class Rating:
    rating: float = START
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)


def _volatility(phi: float, sigma: float, delta: float, v: float) -> float:
    """The new volatility: Glicko-2's step 5, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2)
                - (x - a) / TAU ** 2)

    big_a = a
    if delta ** 2 > phi ** 2 + v:
        big_b = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > 1e-6:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = c, fc
    return math.exp(big_a / 2)


def update(player: Rating, puzzle_rating: float, solved: bool) -> Rating:
    """The player's rating after one puzzle of ``puzzle_rating``, solved or not."""
    mu, phi = (player.rating - START) / SCALE, player.deviation / SCALE
    mu_j, g = (puzzle_rating - START) / SCALE, _g(PUZZLE_DEVIATION / SCALE)
    expected = 1 / (1 + math.exp(-g * (mu - mu_j)))
    v = 1 / (g * g * expected * (1 - expected))
    score = 1.0 if solved else 0.0
    delta = v * g * (score - expected)
    sigma = _volatility(phi, player.volatility, delta, v)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    mu_new = mu + phi_new ** 2 * g * (score - expected)
    rating = min(MAX_RATING, max(MIN_RATING, SCALE * mu_new + START))
    deviation = min(START_DEVIATION, max(MIN_DEVIATION, SCALE * phi_new))
    return Rating(rating, deviation, sigma)


def puzzle_rating(failed: int, tried: int, legal: int, depth: int) -> int:
    """A puzzle's rating from what was measured: ``failed`` of ``tried`` computer players
    (easy, medium, hard at small budgets) chose a card that misses the goal, ``legal`` cards
    could be played, the solver's line runs ``depth`` tricks. A puzzle no player fails
    rates 800; one every player fails 1900, before the choice and the depth add theirs."""
    share = failed / tried if tried else 0.5
    raw = 800 + 1100 * share + 60 * max(0, legal - 2) + 40 * max(0, depth - 2)
    return int(min(MAX_RATING - 200, max(MIN_RATING + 200, round(raw / 10) * 10)))


def nearest(ratings: dict[str, int], rating: float, solved: set[str]) -> str | None:
    """The unsolved puzzle whose rating is nearest ``rating`` (any, once all are solved);
    ties go to the first named."""
    pool = [k for k in ratings if k not in solved] or list(ratings)
    return min(pool, key=lambda k: abs(ratings[k] - rating), default=None)
