"""The game engine: one state machine for every game, driven by ruleset data.

Contract (after OpenSpiel): ``current_player``, ``legal_actions()``, ``apply(action)``
returning events, ``is_over``, ``observation(seat)``, ``clone()``; chance steps (``deal()``)
use the match's seeded generator.
"""

from tute.engine.actions import Action, parse_action
from tute.engine.game import DEAL, OVER, PLAY_PHASE, DealError, Game, IllegalAction
from tute.engine.obligations import reason_text
from tute.engine.observation import Observation

__all__ = [
    "DEAL",
    "OVER",
    "PLAY_PHASE",
    "Action",
    "DealError",
    "Game",
    "IllegalAction",
    "Observation",
    "parse_action",
    "reason_text",
]
