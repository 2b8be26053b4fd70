"""Computer opponents: they see one seat's Observation and answer with a legal action.

``make_player(level, seed, think_seconds)`` builds one; ``player.choose(obs)`` decides.
"""

from tute.ai.base import Player
from tute.ai.levels import LEVELS, make_player

__all__ = ["LEVELS", "Player", "make_player"]
