"""The deck chosen in the settings, ready for the table; the styles and backs on offer are
those whose art is installed."""

from __future__ import annotations

from tute.store import Settings
from tute.ui.deck import Deck
from tute.ui.sprites import CardImages


def make_card_images(settings: Settings) -> CardImages:
    deck = Deck(style=settings.deck_style or None, back=settings.card_back or None)
    return CardImages(deck)


def deck_styles() -> list[str]:
    return Deck.styles()


def card_backs() -> list[str]:
    return Deck.backs()
