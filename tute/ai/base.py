"""The computer player's interface and the dispatch every level shares.

A player sees one seat's ``Observation`` (never the game itself) and returns one of
``obs.legal``. ``choose`` sorts the decision by verb so that each level writes only the
decisions it plays differently, and later games (bids, trump choices, calls, discards) add
a method here rather than a new interface.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from tute.ai.knowledge import provable_revokers
from tute.engine import Action, Observation
from tute.engine.actions import ACCUSE, PLAY, SING


def decision_rng(seed: int, obs: Observation) -> random.Random:
    """A generator seeded by the player's seed and the public position only.

    Decisions then depend on what the seat sees and not on how many times the player was
    asked before, so a reloaded match or a test rebuilt from scratch gets the same play.
    """
    trick = ",".join(f"{s}:{c}" for s, c in obs.trick)
    key = (f"{seed}|{obs.seat}|{obs.hand_number}|{obs.played}|{trick}|{len(obs.tricks)}"
           f"|{obs.may_sing}|{obs.hand}")
    return random.Random(key)


class Player(ABC):
    """A computer opponent for one seat; ``choose`` is called from a worker thread."""

    level: str = ""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, obs: Observation) -> Action:
        """One of ``obs.legal``: an accusation it can prove, a cante, or a card."""
        if not obs.legal:
            raise ValueError(f"seat {obs.seat} has nothing to decide now")
        if len(obs.legal) == 1:
            return obs.legal[0]
        rng = decision_rng(self.seed, obs)
        accusations = [a for a in obs.legal if a.verb == ACCUSE]
        if accusations:
            accused = self.accuse(obs)
            if accused is not None:
                return accused
        sings = [a for a in obs.legal if a.verb == SING]
        plays = [a for a in obs.legal if a.verb == PLAY]
        if sings:
            cante = self.sing(obs, sings, rng)
            if cante is not None:
                return cante
        if plays:
            return self.play(obs, plays, rng)
        return self.other(obs, rng)

    def accuse(self, obs: Observation) -> Action | None:
        """An accusation this seat can prove, or None; used by every level alike."""
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

    def other(self, obs: Observation, rng: random.Random) -> Action:
        """Decisions of later games this level does not know yet: any action but a guess at
        an accusation (an unproven accusation loses the hand)."""
        candidates = [a for a in obs.legal if a.verb != ACCUSE]
        if not candidates:
            raise ValueError(f"seat {obs.seat} is not to act and has nothing to accuse")
        return rng.choice(candidates)
