"""The hard level: determinized search (perfect-information Monte Carlo).

Each iteration guesses the hidden hands consistently with what the seat has seen, then
scores every candidate action on that guess: by playing the hand out with the medium
policy for every seat, or, when few tricks remain, by an exact max^n search in which each
seat plays for its own outcome. Decisions before play (bids, trumps, calls, discards,
doubles) are searched alike, each seat's later ones taken by the estimate as the medium
level takes them, so a bid is judged by what the hand then makes on sampled deals. The
action with the best mean utility is chosen; the utility is the seat's real objective in its
game (``objectives``), not raw points.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from tute.ai.base import Player
from tute.ai.declare import decide, shortlist
from tute.ai.heuristic import choose_cante, choose_card
from tute.ai.knowledge import Knowledge, play_constraint, read
from tute.ai.objectives import Standing, utility
from tute.ai.sampler import Guess, sample_hands
from tute.cards import cards_of
from tute.engine import Action, HandState, IllegalAction, Observation
from tute.engine.actions import ACCUSE, EXCHANGE, PLAY, PLAYS, SING

EXACT_TRICKS = 2
"""Tricks left at or under which a guess is searched exactly instead of played out."""
TIME_SHARE = 0.9
"""Share of the think time spent searching; the rest covers reading and answering."""
MAX_FAILED_GUESSES = 64
"""Guesses that cannot carry every candidate before the search gives up on the cantes."""
SETTLED_MIN = 48
SETTLED_SIGMAS = 4.0
"""A timed search stops after at least SETTLED_MIN guesses once the best action leads the
next by this many standard errors."""


def rollout(g: HandState, not_held: list[int], obs: Observation, standing: Standing,
            rng: random.Random) -> float:
    """Play ``g`` (a guess of ``obs``'s hand) to its end with the medium policy; the
    observer's utility."""
    tute_rules = g.kit.obligations.tells_holding
    while not g.over:
        s = g.to_act
        if g.phase >= 0:  # a decision before play, from what that seat would see
            seen = obs.at(g, s)
            g.apply(decide(seen, seen.legal, rng))
            continue
        if g.may_sing == s:
            options = g.sing_options(s)
            cante = choose_cante(g, s, options) if options else None
            if cante is not None:
                g.apply(cante)
                continue
        c = choose_card(g, s, not_held)
        if tute_rules and g.family is g.kit.family:
            not_held[s] |= play_constraint(g.lead, g.win_card, c, g.trump, g.kit.beats)
        g.apply(PLAYS[s][c])
    return utility(g, obs.seat, standing)


def exact(g: HandState, standing: Standing) -> list[float]:
    """Max^n value of a perfect-information position: every seat's utility when each
    plays for its own (first best on ties, so the result is deterministic)."""
    if g.over:
        return [utility(g, s, standing) for s in range(g.n)]
    s = g.to_act
    best: list[float] | None = None
    for action in _moves(g, s):
        child = g.copy()
        child.apply(action)
        values = exact(child, standing)
        if best is None or values[s] > best[s]:
            best = values
    assert best is not None
    return best


def _moves(g: HandState, s: int) -> list[Action]:
    """The honest moves of a seat in a guessed position: cantes and obliged cards."""
    plays = PLAYS[s]
    return g.sing_options(s) + [plays[c] for c in _distinct(g, s, g.obligation_mask(s))]


def _distinct(g: HandState, s: int, allowed: int) -> list[int]:
    """One card of each run of equivalent cards: same suit and points, and no card held by
    another seat or still to be played between them in strength."""
    out: list[int] = []
    strength, points = g.kit.strength, g.kit.card_points
    live = g.kit.deck & ~g.played & ~g.out_of_play & ~g.hands[s]
    cards = sorted(cards_of(allowed), key=lambda c: (c // 12, strength[c]))
    for c in cards:
        if out:
            p = out[-1]
            if (p // 12 == c // 12 and points[p] == points[c]
                    and not live & g.kit.beats[p] & ~g.kit.beats[c] & ~(1 << c)):
                continue
        out.append(c)
    return out


def same_run(g: HandState, s: int, a: int, b: int) -> bool:
    """Whether cards ``a`` and ``b`` of seat ``s`` are one choice to the search (a run of
    equivalent cards, of which it weighs one): the hand review does not count playing one
    for the other as playing otherwise."""
    return len(_distinct(g, s, 1 << a | 1 << b)) == 1


class SearchPlayer(Player):
    """Perfect-information Monte Carlo over consistent guesses of the hidden hands.

    ``iterations`` fixes the number of guesses (reproducible, for tests); otherwise the
    player searches for ``think_seconds`` of wall time per decision, stopping early once
    the choice is settled or after ``guesses`` guesses (a budget that does not depend on
    the machine or its load, for measuring strength).
    """

    level = "hard"

    def __init__(self, seed: int = 0, think_seconds: float = 1.0,
                 iterations: int | None = None, guesses: int | None = None) -> None:
        super().__init__(seed)
        self.think_seconds = think_seconds
        self.iterations = iterations
        self.guesses = guesses

    def sing(self, obs: Observation, sings: list[Action], rng: random.Random) -> Action | None:
        return self.search(obs, rng)

    def play(self, obs: Observation, plays: list[Action], rng: random.Random) -> Action:
        return self.search(obs, rng)

    def declare(self, obs: Observation, choices: list[Action], rng: random.Random) -> Action:
        if any(a.verb == EXCHANGE for a in choices):  # a higher trump for a lower one
            return decide(obs, choices, rng)
        return self.search(obs, rng, shortlist(obs, choices))

    def guess(self, obs: Observation, know: Knowledge, rng: random.Random) -> Guess:
        """The hands (and stock) to search on (the benchmark's all-seeing player overrides
        this)."""
        return sample_hands(obs, know, rng)

    def candidates(self, obs: Observation) -> list[Action]:
        """Honest actions worth telling apart: cantes and one of each equivalent run."""
        view = obs.view
        allowed = view.obligation_mask(obs.seat) & obs.hand
        cards = set(_distinct(view, obs.seat, allowed))
        return [a for a in obs.legal
                if a.verb != ACCUSE and (a.verb != PLAY or a.arg in cards)]

    def search(self, obs: Observation, rng: random.Random,
               actions: list[Action] | None = None) -> Action:
        """The best of ``actions`` (default: the candidate plays) on sampled deals."""
        actions = actions or self.candidates(obs)
        if len(actions) == 1:
            return actions[0]
        means = self.values(obs, rng, actions)
        if means is None:  # no guess gave the partner the tute the cantes need
            return next((a for a in actions if a.verb != SING), actions[0])
        best = max(range(len(actions)), key=lambda i: (means[i], -i))
        return actions[best]

    def values(self, obs: Observation, rng: random.Random, actions: Sequence[Action]
               ) -> list[float] | None:
        """Each action's mean utility for the seat over the guessed deals (the same guesses
        for every action, so differences are fair); None when no guess can carry them all.
        The hand review reads these to say what a choice was expected to gain."""
        deadline = time.perf_counter() + TIME_SHARE * self.think_seconds
        know = read(obs)
        values: list[list[float]] = []
        exact_end = obs.view.tricks_left <= EXACT_TRICKS
        standing = Standing(obs.marks, obs.lives, obs.pot)
        failed = 0
        while True:
            hands, stock = self.guess(obs, know, rng)
            root = obs.determinize(hands, stock)
            row = []
            for action in actions:
                g = root.copy()
                try:
                    g.apply(action)
                except IllegalAction:  # a partner's tute that this guess did not give him
                    break
                if exact_end:
                    row.append(exact(g, standing)[obs.seat])
                else:
                    row.append(rollout(g, list(know.not_held), obs, standing, rng))
            if len(row) < len(actions):
                failed += 1
                if failed > MAX_FAILED_GUESSES and not values:
                    return None
                continue
            values.append(row)
            if self.iterations is not None:
                if len(values) >= self.iterations:
                    break
            elif (time.perf_counter() >= deadline or settled(values)
                  or len(values) == self.guesses):
                break
        return [sum(column) / len(values) for column in zip(*values, strict=True)]


def settled(values: Sequence[Sequence[float]]) -> bool:
    """Whether more guesses would hardly change the choice, so a timed search may stop
    early and not keep the table waiting: the leading action beats the runner-up on the
    same guesses by SETTLED_SIGMAS standard errors, or no action has made a difference."""
    n = len(values)
    if n < SETTLED_MIN or n % 8:
        return False
    totals = [sum(column) for column in zip(*values, strict=True)]
    order = sorted(range(len(totals)), key=lambda i: -totals[i])
    first, second = order[0], order[1]
    diffs = [row[first] - row[second] for row in values]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var == 0.0:
        return all(max(row) == min(row) for row in values) or mean > 0
    return mean > SETTLED_SIGMAS * math.sqrt(var / n)
