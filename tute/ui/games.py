"""The bundled games as the menus list them: in the family's order, each with a line that
tells a player what kind of game it is."""

from __future__ import annotations

from functools import cache

from tute.i18n import N_, _, ruleset_text
from tute.rules import load_ruleset
from tute.rules.ruleset import bundled_names

ORDER = ("cabrero", "chancho", "dos", "parejas", "arrastrado", "subastado", "codillo", "bato",
         "butifarra", "brisca")
"""How a player meets the family: the everyday games first, then Butifarra and Brisca,
Tute's relatives."""
DESCRIPTIONS = {
    "cabrero": N_("3 to 6, each for himself: a hand always has a loser"),
    "chancho": N_("Cabrero where a rey and caballo taken together must be sung"),
    "dos": N_("Two players, a stock to draw from, first to 101"),
    "parejas": N_("Two teams of two, partners opposite: win juegos"),
    "arrastrado": N_("Follow and beat from the first trick; points carry over"),
    "subastado": N_("Bid for the right to play alone against the other two"),
    "codillo": N_("Say juego, name trumps and call a card: its holder is your partner"),
    "bato": N_("Four cards, a pot of chips: play, accompany or fold"),
    "butifarra": N_("The Catalan game: teams, trumps named, contro and recontro"),
    "brisca": N_("Three cards, no need to follow suit: over 60 points wins the hand"),
}
CATALAN_DECK = ("butifarra",)
"""Games dealt with the Catalan deck unless the player picks another."""


@cache
def games() -> tuple[str, ...]:
    """Every bundled ruleset: the known ones in ORDER, any others after them."""
    names = bundled_names()
    return tuple(g for g in ORDER if g in names) + tuple(g for g in names if g not in ORDER)


def name(game: str) -> str:
    return ruleset_text(load_ruleset(game).name)


def description(game: str) -> str:
    line = DESCRIPTIONS.get(game)
    return _(line) if line else ""


def default_deck(game: str, preferred: str = "") -> str:
    """The deck a new table of ``game`` is drawn with unless the player picks another: the
    game's own pattern (Butifarra's Catalan), else ``preferred`` (the Settings' deck)."""
    return "catalan" if game in CATALAN_DECK else preferred or "spanish"
