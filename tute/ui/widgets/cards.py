"""A deck pattern and the back chosen in the settings, ready for the table; the styles and
backs on offer are those whose art is installed."""

from __future__ import annotations

from tute.ui.widgets.deck import Deck
from tute.ui.widgets.sprites import CardImages


def make_card_images(style: str, back: str, index: float | None = None) -> CardImages:
    """``style`` and ``back`` as the settings name them ("" for the deck's default);
    ``index``: large indices legible without colour at this print scale (None: the
    deck's own)."""
    return CardImages(Deck(style=style or None, back=back or None, index=index))


def deck_styles() -> list[str]:
    return Deck.styles()


def card_backs() -> list[str]:
    return Deck.backs()
