"""The computer player's interface and the dispatch every level shares.

A player sees one seat's ``Observation`` (never the game itself) and returns one of
``obs.legal``. ``choose`` sorts the decision by verb so that each level writes only the
decisions it plays differently: cantes, cards, and the decisions before play (bids, trump
choices, calls, discards, doubles), which every level takes from ``declare`` by default.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from tute.ai.declare import decide
from tute.ai.knowledge import provable_revokers
from tute.engine import Action, Observation
from tute.engine.actions import ACCUSE, EXCHANGE, PLAY, SING


def decision_rng(seed: int, obs: Observation) -> random.Random:
    """A generator seeded by the player's seed and the public position only.

    Decisions then depend on what the seat sees and not on how many times the player was
    asked before, so a reloaded match or a test rebuilt from scratch gets the same play.
    """
    trick = ",".join(f"{s}:{c}" for s, c in obs.trick)
    key = (f"{seed}|{obs.seat}|{obs.hand_number}|{obs.played}|{trick}|{len(obs.tricks)}"
           f"|{obs.may_sing}|{obs.hand}|{obs.hand_phase}|{len(obs.auction)}")
    return random.Random(key)


class Player(ABC):
    """A computer opponent for one seat; ``choose`` is called from a worker thread."""

    level: str = ""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, obs: Observation) -> Action:
        """One of ``obs.legal``: an accusation it can prove, a cante, or a card.

        Asked when it is not the seat's turn (``accuse`` mode lets anyone accuse at any
        time), it returns a provable accusation or raises ValueError; ``accuse(obs)``
        answers that question without raising.
        """
        if any(a.verb == ACCUSE for a in obs.legal):
            accused = self.accuse(obs)
            if accused is not None:
                return accused
        choices = [a for a in obs.legal if a.verb != ACCUSE]
        if not choices:
            raise ValueError(f"seat {obs.seat} has nothing to decide now")
        if len(choices) == 1:
            return choices[0]
        rng = decision_rng(self.seed, obs)
        exchanges = [a for a in choices if a.verb == EXCHANGE]
        if exchanges:
            return self.declare(obs, exchanges, rng)
        sings = [a for a in choices if a.verb == SING]
        plays = [a for a in choices if a.verb == PLAY]
        if sings:
            cante = self.sing(obs, sings, rng)
            if cante is not None:
                return cante
        if plays:
            return self.play(obs, plays, rng)
        return self.declare(obs, choices, rng)

    def accuse(self, obs: Observation) -> Action | None:
        """An accusation this seat can prove from what it has seen, or None; every level
        accuses alike, since a proven revoke costs the revoker the hand and two marks."""
        for seat in provable_revokers(obs):
            action = Action(obs.seat, ACCUSE, seat)
            if action in obs.legal:
                return action
        return None

    @abstractmethod
    def sing(self, obs: Observation, sings: list[Action], rng: random.Random) -> Action | None:
        """The cante to sing now, or None to lead without singing."""

    @abstractmethod
    def play(self, obs: Observation, plays: list[Action], rng: random.Random) -> Action:
        """The card to play."""

    def declare(self, obs: Observation, choices: list[Action], rng: random.Random) -> Action:
        """A decision before play (a bid, trumps, a call, a discard, a double...) or the a
        dos exchange, from the estimate of what the hand makes."""
        return decide(obs, choices, rng)
