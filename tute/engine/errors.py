"""What the engine refuses: an action against the rules, or a given deal that cannot be."""

from __future__ import annotations

from tute.engine.obligations import Reason


class IllegalAction(ValueError):
    """An action the rules do not allow now, with a sentence a player understands."""

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class DealError(ValueError):
    """A given deal that does not fit the rules (wrong sizes, repeated or foreign cards)."""
