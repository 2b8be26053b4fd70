"""The ways out of a screen: what a scene may open without importing it.

A room never imports one above it, yet the table leads to the menu and the match's end, a
lesson to the new-game screen, a hand's result to its review. Those screens are reached
through ``app.routes``, which ``tute.ui.main`` (the composition root, above every room)
fills in; a scene names where it goes, not the class that draws it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from tute.engine.record import Record
    from tute.rules import OptionValue, RuleSet
    from tute.ui.table.coach import Coach
    from tute.ui.table.scene import TableScene


class Routes(Protocol):
    """Each opens the screen it names over (or instead of) the current ones."""

    def menu(self) -> None:
        """The main menu, in place of every screen."""

    def new_game(self, game: str) -> None:
        """The new-game screen with ``game`` chosen, over the menu."""

    def settings(self) -> None:
        """The settings, over the current screen."""

    def rules(self, game: str, options: Mapping[str, OptionValue] | None = None,
              rules: RuleSet | None = None) -> None:
        """The rules help of ``game`` (with a table's ``options`` and ruleset)."""

    def match_end(self, table: TableScene) -> None:
        """The match's end, over its table."""

    def review(self, record: Record, browse: bool = True) -> None:
        """The review of ``record``'s last hand, or a dialog saying why it cannot be had."""

    def opener(self, table: TableScene) -> Coach | None:
        """What speaks over a new table by default: a game's how-to-play the first time."""
