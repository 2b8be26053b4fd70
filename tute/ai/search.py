"""The hard level: determinized search (perfect-information Monte Carlo).

Each iteration guesses the hidden hands consistently with what the seat has seen (with
``reading``, guesses that follow how likely they make the other seats' plays), then
scores every candidate action on that guess: by playing the hand out with the medium
policy for every seat, or, when few tricks remain, by an exact max^n search in which each
seat plays for its own outcome (deeper where the seat knows the deal whole: then one deal
is searched, not many guesses). Decisions before play (bids, trumps, calls, discards,
Butifarra's delegation and doubles) are searched alike, each seat's later ones taken by the
estimate as the medium level takes them on what that seat sees, so a bid is judged by what
the hand then makes on sampled deals, and a delegation by what the partner then names. The
action with the best mean utility is chosen; the utility is the seat's real objective in its
game (``objectives``), not raw points. A cante is weighed as sung and followed by its best
lead, against every card led without it (a cante not sung now is lost if the next trick is),
and wins ties; a tute is sung at once. The play-outs and the exact search are ``playout``'s
(compiled with the engine in a release build); this module is the player around them.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from tute.ai.base import Player
from tute.ai.declare import decide, shortlist
from tute.ai.heuristic import choose_cante, choose_card
from tute.ai.inference import READING, Reading
from tute.ai.knowledge import Knowledge, read
from tute.ai.objectives import Standing
from tute.ai.playout import Table, distinct, exact, exact_tricks, rollout, same_run
from tute.ai.sampler import Guess, pinned, sample_hands
from tute.engine import Action, IllegalAction, Observation
from tute.engine.actions import ACCUSE, EXCHANGE, PLAY, SING, SING_TUTE

Line = tuple[Action, ...]
"""Actions one seat takes in a row (a cante, then its lead)."""
TIME_SHARE = 0.9
"""Share of the think time spent searching; the rest covers reading and answering."""
CANTE_SLACK = 0.05
"""Utility (5 points) by which a cante may trail the best card and still be sung where
points decide: in a Tute a dos position hard met, las cuarenta sung now or after the next
trick were worth within 0.01 of each other on 200 guesses, and 8 guesses put the card
0.07 ahead."""
MAX_FAILED_GUESSES = 64
"""Guesses that cannot carry every candidate before the search leaves the choice to the
medium level's policy."""
CHAIN_STEPS = 8
"""Reading, the most rows (the chain's guesses, repeats included) per deal searched before
a search with a budget of ``guesses`` stops: where few deals explain the plays, the chain
cannot find ``guesses`` different ones."""
KEEP_SIGMAS = 0.0
"""Standard errors by which the search's best card must lead the medium level's card, on
the same guesses, to be played instead of it; 0 (the default) plays the best card always.
At 24 guesses most of hard's departures from medium's card in Guiñote were noise (about 30
of 174 led it by more than 2 standard errors); at the table's 1 s hard searches over a
hundred guesses, and what keeping medium's card within the noise gains there is not yet
measured (``--keep-sigmas`` in benchmarks/ai_strength.py measures it)."""
SETTLED_MIN = 48
SETTLED_SIGMAS = 4.0
"""A timed search stops after at least SETTLED_MIN guesses once the best action leads the
next by this many standard errors."""


class SearchPlayer(Player):
    """Perfect-information Monte Carlo over consistent guesses of the hidden hands.

    ``iterations`` fixes the number of guesses (reproducible, for tests); otherwise the
    player searches for ``think_seconds`` of wall time per decision, stopping early once
    the choice is settled or after ``guesses`` guesses (a budget that does not depend on
    the machine or its load, for measuring strength). ``reading`` is how many consistent
    guesses a chain proposes for each one searched, so that guesses follow how likely
    they make the other seats' plays (``inference``; the default, ``READING``); 0
    searches the sampler's guesses as they come. ``keep_sigmas`` above 0 plays the medium
    level's card unless the best card leads it by that many standard errors (``leads``).
    """

    level = "hard"

    def __init__(self, seed: int = 0, think_seconds: float = 1.0,
                 iterations: int | None = None, guesses: int | None = None,
                 reading: int = READING, keep_sigmas: float = KEEP_SIGMAS) -> None:
        super().__init__(seed)
        self.think_seconds = think_seconds
        self.keep_sigmas = keep_sigmas
        self.iterations = iterations
        self.guesses = guesses
        self.reading = reading
        self._read: Reading | None = None
        self._search_rng: random.Random | None = None

    def sing(self, obs: Observation, sings: list[Action], rng: random.Random) -> Action | None:
        """A tute at once: it ends the hand with the most a hand gives in every game (the
        match in a race, two juegos, every other seat losing), where the graded guides of
        the objectives (points margins) could otherwise trade it for points worth nothing;
        any other cante as the search finds it."""
        tute = next((a for a in sings if a.arg == SING_TUTE), None)
        return tute if tute is not None else self.search(obs, rng)

    def play(self, obs: Observation, plays: list[Action], rng: random.Random) -> Action:
        return self.search(obs, rng)

    def declare(self, obs: Observation, choices: list[Action], rng: random.Random) -> Action:
        if any(a.verb == EXCHANGE for a in choices):  # a higher trump for a lower one
            return decide(obs, choices, rng)
        return self.search(obs, rng, shortlist(obs, choices))

    def guess(self, obs: Observation, know: Knowledge, rng: random.Random) -> Guess:
        """The hands (and stock) to search on, read from the plays when ``reading`` asks
        for it (the benchmark's all-seeing player overrides this)."""
        if self.reading <= 0:
            return sample_hands(obs, know, rng)
        if self._read is None or self._read.obs is not obs:  # one replay per decision
            self._read = Reading(obs)
        if self._search_rng is not rng:  # each search (its own generator) chains afresh
            self._read.restart()
            self._search_rng = rng
        return self._read.chain(know, rng, self.reading)

    def candidates(self, obs: Observation) -> list[Action]:
        """Honest actions worth telling apart: cantes and one of each equivalent run."""
        view = obs.view
        allowed = view.obligation_mask(obs.seat) & obs.hand
        cards = set(distinct(view, obs.seat, allowed))
        return [a for a in obs.legal
                if a.verb != ACCUSE and (a.verb != PLAY or a.arg in cards)]

    def search(self, obs: Observation, rng: random.Random,
               actions: list[Action] | None = None) -> Action:
        """The best of ``actions`` (default: the candidate plays) on sampled deals; a cante
        wins every tie, since one not sung now is lost if the next trick is."""
        actions = actions or self.candidates(obs)
        if len(actions) == 1:
            return actions[0]
        rows = self.samples(obs, rng, actions)
        if rows is None:  # no guess carries a partner's cante: the medium level's choice
            return _medium_choice(obs, actions)
        means = [sum(column) / len(rows) for column in zip(*rows, strict=True)]
        best = max(range(len(actions)),
                   key=lambda i: (means[i], actions[i].verb == SING, -i))
        if not obs.view.kit.losers_by_rank:
            # Where points decide, singing now can only add (the pair stays in hand): a
            # cante within the guesses' noise of the best card is sung, not postponed.
            sung = [i for i, a in enumerate(actions) if a.verb == SING
                    and means[i] >= means[best] - CANTE_SLACK]
            if sung:
                best = max(sung, key=lambda i: (means[i], -i))
        if self.keep_sigmas > 0 and actions[best].verb == PLAY:
            kept = _medium_card(obs, actions)
            if kept is not None and not leads(rows, best, kept, self.keep_sigmas):
                best = kept
        return actions[best]

    def lines(self, obs: Observation, action: Action) -> list[Line]:
        """The ways ``action`` may go on before another seat acts: a cante is followed by
        the lead it allows (a tute ends the hand), so that singing is weighed against the
        best card played without singing, not against the rollout policy's lead."""
        if action.verb != SING or action.arg == SING_TUTE:
            return [(action,)]
        leads = [a for a in self.candidates(obs) if a.verb == PLAY]
        return [(action, lead) for lead in leads] or [(action,)]

    def values(self, obs: Observation, rng: random.Random, actions: Sequence[Action]
               ) -> list[float] | None:
        """Each action's mean utility for the seat over the guessed deals (the same guesses
        for every action, so differences are fair), a cante's by its best following lead;
        None when no guess can carry them all."""
        rows = self.samples(obs, rng, actions)
        if rows is None:
            return None
        return [sum(column) / len(rows) for column in zip(*rows, strict=True)]

    def samples(self, obs: Observation, rng: random.Random, actions: Sequence[Action]
                ) -> list[list[float]] | None:
        """Each guessed deal's utility of every action, a row per guess (a cante's by the
        following lead that is best over all the guesses); None when no guess can carry
        them all. The hand review reads these to say what a choice was expected to gain,
        and how far that stands above the guesses' own scatter."""
        groups = [self.lines(obs, a) for a in actions]
        rows = self.line_samples(obs, rng, [line for group in groups for line in group])
        if rows is None:
            return None
        means = [sum(column) / len(rows) for column in zip(*rows, strict=True)]
        chosen, start = [], 0
        for group in groups:
            chosen.append(max(range(start, start + len(group)), key=means.__getitem__))
            start += len(group)
        return [[row[i] for i in chosen] for row in rows]

    def line_samples(self, obs: Observation, rng: random.Random, lines: Sequence[Line]
                     ) -> list[list[float]] | None:
        """Each guessed deal's utility of every line, a row per guess. Reading, the
        chain repeats a deal where the plays speak clearly: a repeat counts again but is
        not searched again, and the budget of ``guesses`` counts the deals searched (up
        to CHAIN_STEPS rows a deal searched), so a sharp reading does not leave a decision
        resting on a few deals."""
        deadline = time.perf_counter() + TIME_SHARE * self.think_seconds
        know = read(obs)
        values: list[list[float]] = []
        view = obs.view  # a decision before play (Bato's acompaño) is played out
        known = pinned(obs, know)
        exact_end = (view.phase < 0
                     and view.tricks_left <= exact_tricks(view.seats_in_hand, known))
        standing = Standing(obs.marks, obs.lives, obs.pot, obs.totals)
        searched: dict[tuple[object, ...], list[float]] = {}
        key: tuple[object, ...] | None
        deals = failed = 0
        while True:
            hands, stock = self.guess(obs, know, rng)
            # Only a reading chain repeats deals on purpose; plain guesses are all searched.
            key = (*hands, None if stock is None else tuple(stock)) if self.reading > 0 else None
            row = searched.get(key) if key is not None else None
            if row is None:
                row = self.row(obs, know, hands, stock, lines, exact_end, standing, rng)
                if row is None:
                    failed += 1
                    if failed > MAX_FAILED_GUESSES and not values:
                        return None
                    continue
                deals += 1
                if key is not None:
                    searched[key] = row
            values.append(row)
            if known:  # every guess would be this deal again, and search it alike
                break
            if self.iterations is not None:
                if len(values) >= self.iterations:
                    break
            elif (time.perf_counter() >= deadline
                  or (deals >= SETTLED_MIN and settled(values))
                  or (self.guesses is not None
                      and (deals == self.guesses or len(values) >= CHAIN_STEPS * self.guesses))):
                break
        return values

    def row(self, obs: Observation, know: Knowledge, hands: list[int],
            stock: list[int] | None, lines: Sequence[Line], exact_end: bool,
            standing: Standing, rng: random.Random) -> list[float] | None:
        """One guessed deal's utility of every line (None when a line cannot be played
        on it: a partner's tute that this guess did not give him)."""
        root = obs.determinize(hands, stock)
        table: Table = {}  # positions of this deal, shared by every line
        row = []
        for line in lines:
            g = root.copy()
            try:
                for action in line:
                    g.apply(action)
            except IllegalAction:
                return None
            if exact_end:
                row.append(exact(g, standing, table)[obs.seat])
            else:
                row.append(rollout(g, list(know.not_held), obs, standing, rng))
        return row


def _medium_choice(obs: Observation, actions: Sequence[Action]) -> Action:
    """What the medium level does among ``actions``: its cante, else its card."""
    sings = [a for a in actions if a.verb == SING]
    cante = choose_cante(obs.view, obs.seat, sings) if sings else None
    if cante is not None:
        return cante
    card = choose_card(obs.view, obs.seat, read(obs).not_held)
    return next((a for a in actions if a.verb == PLAY and a.arg == card),
                next((a for a in actions if a.verb != SING), actions[0]))


def _medium_card(obs: Observation, actions: Sequence[Action]) -> int | None:
    """Which of ``actions`` plays the medium level's card, or one the search counts as
    the same (a run of equivalent cards); None if none does."""
    card = choose_card(obs.view, obs.seat, read(obs).not_held)
    return next((i for i, a in enumerate(actions)
                 if a.verb == PLAY and same_run(obs.view, obs.seat, a.arg, card)), None)


def leads(rows: Sequence[Sequence[float]], first: int, second: int, sigmas: float) -> bool:
    """Whether action ``first`` beats ``second`` on the same guesses by more than
    ``sigmas`` standard errors of the mean difference (one guess: no error to judge by,
    so only a difference at all)."""
    diffs = [row[first] - row[second] for row in rows]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean > 0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > sigmas * math.sqrt(var / n)


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
