"""The game engine: one state machine for every game, driven by ruleset data.

Contract (after OpenSpiel): ``current_player``, ``legal_actions()``, ``apply(action)``
returning events, ``is_over``, ``observation(seat)``, ``clone()``; chance steps (``deal()``)
use the match's seeded generator. A game is a ruleset file whose strategies ``kit`` looks
up by name; ``match`` runs the hands and the settlement between them.
"""

from tute.engine.actions import Action, parse_action
from tute.engine.errors import DealError, IllegalAction
from tute.engine.hand import HandState
from tute.engine.match import DEAL, OVER, PLAY_PHASE, Game, Match
from tute.engine.obligations import reason_text
from tute.engine.observation import Observation
from tute.engine.trial import unplayable
from tute.rules.ruleset import try_rulesets_with

try_rulesets_with(unplayable)  # the loader plays a player's ruleset's trial hands

__all__ = [
    "DEAL",
    "OVER",
    "PLAY_PHASE",
    "Action",
    "DealError",
    "Game",
    "HandState",
    "IllegalAction",
    "Match",
    "Observation",
    "parse_action",
    "reason_text",
]
