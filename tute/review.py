"""The hand review: a finished hand replayed trick by trick, each decision of one seat set
beside what the hard level would have done from what that seat saw, and what it expected
its choice to gain.

The hard level here searches a fixed number of guesses per decision, each seeded by the
position (``decision_rng``), so a record always gets the same review; a seat that played
exactly as this player would have is never flagged. Nothing here knows the screen: the
review scene runs ``review_hand`` on the worker and words what it returns.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from tute.ai.base import decision_rng
from tute.ai.objectives import CHIPS_SCALE, OBJECTIVES, POINTS_SCALE, by_losers, chips
from tute.ai.playout import same_run
from tute.ai.search import SearchPlayer
from tute.engine import Action, Game, Observation
from tute.engine.actions import ACCUSE, EXCHANGE, PLAY
from tute.engine.kit import Kit
from tute.engine.record import Record, RecordError, replay, start_game

ITERATIONS = 48
"""Guesses per decision: enough for the hard level's choice to be a fair one, few enough
for a hand to be reviewed in seconds."""
SEED = 0
TIE = 0.01
"""A move the search values within this (a point of margin, a hundredth of a mark) of its
own choice is as good as it: not flagged."""
NOISE_SIGMAS = 2.0
"""Nor is one it values below its own choice by fewer than this many standard errors of
the guesses' differences: that much the guesses scatter by themselves."""
SURE_SIGMAS = 4.0
"""From this many standard errors on, the hard level is sure its choice is better; between
NOISE_SIGMAS and this, fairly sure."""
MARKS, POINTS, CHIPS = "marks", "points", "chips"
"""What a gain is counted in: the game's own measure."""
Progress = Callable[[int, int], None]
"""Told (decisions weighed, decisions in all) after each one; it may raise to stop."""


@dataclass(frozen=True)
class Decision:
    """One choice the seat made (a card, a cante, a bid...) and the hard level's."""

    obs: Observation
    """What the seat saw when it chose."""
    played: Action
    hard: Action
    gain: float | None
    """What the hard level expected its choice to gain over the one played, in the
    review's ``unit`` (0 within the search's noise); None where it could not weigh the two."""
    sigmas: float | None = None
    """How many standard errors of its guesses that gain stands above zero: how sure the
    hard level is (infinite where every guess gave the same difference)."""

    @property
    def agrees(self) -> bool:
        """The hard level made the same choice, or one it found no better."""
        return self.hard == self.played or (self.gain is not None and self.gain <= 0)


@dataclass(frozen=True)
class Page:
    """A trick (0: what was decided before the first card) as the review shows it."""

    trick: int
    start: Observation
    """The seat's view as the trick began: its cards, the tricks taken so far."""
    actions: tuple[Action, ...]
    """Everything every seat did in it, in order."""
    winner: int | None
    """Who took the trick; None before the play, or for a trick the hand ended inside."""
    decisions: tuple[Decision, ...]

    @property
    def plays(self) -> list[tuple[int, int]]:
        """(seat, card) as they were played."""
        return [(a.seat, a.arg) for a in self.actions if a.verb == PLAY]


@dataclass(frozen=True)
class HandReview:
    seat: int
    hand: int
    """The hand's index in the record."""
    unit: str
    pages: tuple[Page, ...]

    @property
    def decisions(self) -> list[Decision]:
        return [d for page in self.pages for d in page.decisions]

    @property
    def differing(self) -> list[Decision]:
        return [d for d in self.decisions if not d.agrees]


class ReplayError(ValueError):
    """A record that reads well but does not replay: its file, line and why."""


def replayed(record: Record) -> Game:
    """The record's match as played; ReplayError when it does not replay to its end."""
    result = replay(record)
    error = result.error
    if error is None:
        return result.game
    if error.hand is None or error.action is None:  # already says where: "FILE, line N: ..."
        raise ReplayError(str(error))
    before = sum(len(h.actions) for h in record.hands[:error.hand - 1])
    line = record.hands[error.hand - 1].action_lines[error.action - 1 - before]
    raise ReplayError(str(RecordError(record.source, line, str(error))))


def unit_of(kit: Kit) -> tuple[str, float]:
    """What the search's utility counts in this game, and how many of those one unit of
    utility is worth."""
    objective = OBJECTIVES[kit.settlement.aim]
    if objective is by_losers:
        return MARKS, 1.0
    if objective is chips:
        return CHIPS, CHIPS_SCALE
    return POINTS, POINTS_SCALE


def review_hand(record: Record, hand: int, seat: int, progress: Progress | None = None,
                player: SearchPlayer | None = None) -> HandReview:
    """Replay hand ``hand`` of the record (from 0) and weigh each decision of ``seat``
    against the hard level's; ReplayError when the record does not replay, IndexError for
    a hand or seat it does not hold."""
    logs = replayed(record).logs
    if not 0 <= hand < len(logs) or not 0 <= seat < len(logs[hand].deal):
        raise IndexError(f"the record has no hand {hand + 1} with a seat {seat}")
    player = player or SearchPlayer(SEED, iterations=ITERATIONS)
    game = start_game(record)
    for log in logs[:hand]:
        game.deal(log.deal, log.rest, log.dealer)
        for action in log.actions:
            game.apply(action)
    log = logs[hand]
    game.deal(log.deal, log.rest, log.dealer)
    unit, scale = unit_of(game.hand.kit)
    total = sum(a.seat == seat for a in log.actions)
    done = 0
    pages: list[Page] = []
    start = game.observation(seat)
    actions: list[Action] = []
    decisions: list[Decision] = []
    number = trick_number(game)
    for action in log.actions:
        obs = game.observation(seat)
        now = trick_number(game)
        if now != number:
            pages.append(Page(number, start, tuple(actions), winner(game, number),
                              tuple(decisions)))
            start, actions, decisions, number = obs, [], [], now
        if action.seat == seat and is_decision(obs, action):
            decisions.append(weigh(player, obs, action, scale))
        if action.seat == seat:
            done += 1
            if progress is not None:
                progress(done, total)
        actions.append(action)
        window = game.hand.drawing
        game.apply(action)
        if window and not game.hand.drawing:  # the draw made after it: the trick begins
            start = game.observation(seat)
    if actions or not pages:
        pages.append(Page(number, start, tuple(actions), winner(game, number),
                          tuple(decisions)))
    return HandReview(seat, hand, unit, tuple(pages))


def trick_number(game: Game) -> int:
    """The trick being played (from 1), or 0 while the hand is decided before the play."""
    h = game.hand
    return 0 if h.phase >= 0 else len(h.tricks) + 1


def winner(game: Game, trick: int) -> int | None:
    tricks = game.hand.tricks
    return tricks[trick - 1][0] if 0 < trick <= len(tricks) else None


def own_choices(obs: Observation) -> list[Action]:
    """What the seat itself chooses from on its turn: not an accusation (the seat's to make
    at any time, not a choice of its turn), nor the exchange of a card its partner holds
    (the engine lets the trick's winner act for his side, but the card is the partner's to
    give: the table lets him decide, and never asks the seat)."""
    return [a for a in obs.legal if a.verb != ACCUSE
            and not (a.verb == EXCHANGE and not obs.hand >> a.arg & 1)]


def is_decision(obs: Observation, action: Action) -> bool:
    """A choice the seat really had: one of its own choices, and more than one of them."""
    choices = own_choices(obs)
    return action in choices and len(choices) > 1


def weigh(player: SearchPlayer, obs: Observation, played: Action, scale: float
          ) -> Decision:
    """The hard level's choice for ``obs`` and, where it is another, what the search
    expects it to gain over ``played`` on the same guessed deals."""
    hard = player.choose(obs)
    if hard == played or one_choice(obs, hard, played):
        return Decision(obs, played, played, None)
    gain = sigmas = None
    if ACCUSE not in (hard.verb, played.verb):
        rows = player.samples(obs, decision_rng(player.seed, obs), [hard, played])
        if rows is not None:
            edge, sigmas = lead([row[0] - row[1] for row in rows])
            gain = edge * scale if edge > TIE and sigmas >= NOISE_SIGMAS else 0.0
    return Decision(obs, played, hard, gain, sigmas)


def lead(diffs: list[float]) -> tuple[float, float]:
    """The mean of paired differences and how many standard errors it stands above zero."""
    n = len(diffs)
    mean = sum(diffs) / n
    if max(diffs) - min(diffs) < 1e-9:  # every guess alike: no scatter to weigh it by
        return mean, math.inf if mean > 0 else 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, mean / math.sqrt(var / n)


def one_choice(obs: Observation, a: Action, b: Action) -> bool:
    """Two cards the search tells apart no more than the rules do: of one run of
    equivalent cards, both allowed by the obligations (or neither)."""
    if a.verb != PLAY or b.verb != PLAY:
        return False
    allowed = obs.view.obligation_mask(obs.seat)
    return (allowed >> a.arg & 1 == allowed >> b.arg & 1
            and same_run(obs.view, obs.seat, a.arg, b.arg))
