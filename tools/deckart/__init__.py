"""Drawing toolkit for the game's card art: SVG primitives, stroke numerals, suit symbols,
pip layouts, court figures, backs, and the two deck patterns (Spanish and Catalan)."""

from __future__ import annotations

from deckart.backs import BACKS, back_svg, felt_svg
from deckart.card import face
from deckart.decks import STYLES, SUITS

__all__ = ["BACKS", "STYLES", "SUITS", "back_svg", "card_name", "face", "felt_svg", "generate"]


def card_name(suit: str, rank: int) -> str:
    """File stem of a card in the project's notation: ``1O``, ``12B``."""
    return f"{rank}{suit}"


def generate() -> dict[str, str]:
    """Every file of the card art, by path relative to ``assets/cards``."""
    files: dict[str, str] = {}
    for name, style in STYLES.items():
        for suit in SUITS:
            for rank in range(1, 13):
                files[f"{name}/{card_name(suit, rank)}.svg"] = face(style, suit, rank)
    for name, back in BACKS.items():
        files[f"backs/{name}.svg"] = back_svg(back)
    files["felt.svg"] = felt_svg()
    return files
