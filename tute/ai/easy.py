"""The easy level: a beginner who follows the obligations, sings whenever he can, and
otherwise plays by simple habits with a little randomness."""

from __future__ import annotations

import random

from tute.ai.base import Player
from tute.cards import beats
from tute.engine import Action, Observation
from tute.engine.actions import SING_40, SING_TUTE

_CANTE_ORDER = {SING_TUTE: 0, SING_40: 1}


class EasyPlayer(Player):
    """Wins a trick when it can do so cheaply, else throws its lowest card."""

    level = "easy"
    mistakes = 0.15
    """How often he plays any allowed card without thinking."""

    def declare(self, obs: Observation, choices: list[Action], rng: random.Random) -> Action:
        """The reasoned decision, except now and then any allowed one."""
        if rng.random() < self.mistakes:
            return rng.choice(choices)
        return super().declare(obs, choices, rng)

    def sing(self, obs: Observation, sings: list[Action], rng: random.Random) -> Action | None:
        return min(sings, key=lambda a: _CANTE_ORDER.get(a.arg, 2))

    def play(self, obs: Observation, plays: list[Action], rng: random.Random) -> Action:
        g = obs.view
        allowed = g.obligation_mask(obs.seat)
        honest = [a for a in plays if allowed >> a.arg & 1] or plays
        if rng.random() < self.mistakes:
            return rng.choice(honest)
        strength, points = g.kit.strength, g.kit.card_points
        if g.lead < 0:
            # Leads his strongest card half the time, a low one otherwise.
            if rng.random() < 0.5:
                return max(honest, key=lambda a: (strength[a.arg], rng.random()))
            return min(honest, key=lambda a: (points[a.arg], strength[a.arg], rng.random()))
        win, trump = g.win_card, g.trump
        winners = [a for a in honest if beats(a.arg, win, trump, strength)]
        if winners:
            return min(winners, key=lambda a: (a.arg // 12 == trump, strength[a.arg]))
        return min(honest, key=lambda a: (points[a.arg], strength[a.arg], rng.random()))
