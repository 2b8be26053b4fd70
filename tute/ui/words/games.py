"""The bundled games as the menus list them: in the order their ruleset files give
(``ui.order``: the everyday games first, then Butifarra and Brisca, Tute's relatives), each
with the line that tells a player what kind of game it is."""

from __future__ import annotations

from functools import cache

from tute.i18n import ruleset_text
from tute.rules import load_ruleset
from tute.rules.ruleset import Presentation, RuleSet, bundled_names


@cache
def ruleset(game: str) -> RuleSet:
    """The bundled game's ruleset, read once (menus and panels ask every frame)."""
    return load_ruleset(game)


def presentation(game: str) -> Presentation:
    """The bundled game's ``ui:`` block."""
    return ruleset(game).ui


@cache
def games() -> tuple[str, ...]:
    """Every bundled ruleset, by its ``ui.order`` (files without one after, by name)."""
    return tuple(sorted(bundled_names(), key=lambda g: (presentation(g).order, g)))


def name(game: str) -> str:
    """The game's name in the player's language, from its ruleset as read once in this run
    (the menus draw it every frame: a player's file edited into a broken one meanwhile
    must not break the screen)."""
    return ruleset_text(ruleset(game).name)


def description(game: str) -> str:
    blurb = presentation(game).blurb
    return ruleset_text(blurb) if blurb else ""


def default_deck(game: str, preferred: str = "") -> str:
    """The deck a new table of ``game`` is drawn with unless the player picks another: the
    game's own pattern (``ui.deck``: Butifarra's Catalan), else ``preferred`` (the
    Settings' deck)."""
    return presentation(game).deck or preferred or "spanish"
