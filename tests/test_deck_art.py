"""The generated card art: regenerating changes nothing, every file avoids what nanosvg
cannot draw, and every card and back rasterizes with real content; the deck's cache."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from tute.cards import SUITS, card, card_text, parse_card
from tute.resources import asset
from tute.ui.widgets.deck import Deck

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import gen_deck  # noqa: E402

CARDS = asset("cards")
SVGS = sorted(CARDS.rglob("*.svg"))
FORBIDDEN = ("<text", "<use", "clipPath", "<mask", "filter", "<pattern", "class=",
             "<style", "<image")
NAMED_COLOUR = re.compile(r'(?:fill|stroke|stop-color)="(?!#|none|url\()([^"]*)"')


@pytest.fixture(scope="module", autouse=True)
def pygame_up() -> None:
    pygame.init()


def test_regenerating_writes_the_same_bytes(tmp_path: Path) -> None:
    assert gen_deck.write(tmp_path) == len(SVGS)
    fresh = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.svg"))
    assert fresh == [p.relative_to(CARDS) for p in SVGS]
    for rel in fresh:
        assert (tmp_path / rel).read_bytes() == (CARDS / rel).read_bytes(), rel
    assert gen_deck.write(tmp_path) == 0


def test_every_card_and_back_exists() -> None:
    for style in Deck.STYLES:
        names = {p.stem for p in (CARDS / style).glob("*.svg")}
        assert names == {card_text(c) for c in range(48)}
        assert all(card_text(parse_card(n)) == n for n in names)
    assert len(Deck.BACKS) >= 3
    assert Deck.styles() == list(Deck.STYLES) and Deck.backs() == list(Deck.BACKS)
    assert (CARDS / "felt.svg").is_file()


@pytest.mark.parametrize("path", SVGS, ids=lambda p: str(p.relative_to(CARDS)))
def test_svg_uses_only_what_nanosvg_draws(path: Path) -> None:
    text = path.read_text()
    for word in FORBIDDEN:
        assert word not in text, word
    assert NAMED_COLOUR.findall(text) == []
    for coords in re.findall(r"<(?:linear|radial)Gradient[^>]*>", text):
        for value in re.findall(r'(?:x1|x2|y1|y2|cx|cy|r)="([^"]*)"', coords):
            assert value.endswith("%"), coords


def content(surface: pygame.Surface) -> tuple[int, int]:
    """How many distinct colours and how many opaque pixels (sampled)."""
    w, h = surface.get_size()
    colours, opaque = set(), 0
    for y in range(0, h, 3):
        for x in range(0, w, 3):
            c = surface.get_at((x, y))
            colours.add((c.r // 16, c.g // 16, c.b // 16))
            opaque += c.a > 200
    return len(colours), opaque


@pytest.mark.parametrize("style", Deck.STYLES)
def test_every_face_rasterizes_at_two_sizes(style: str) -> None:
    deck = Deck(style)
    for height in (60, 180):
        for c in range(48):
            img = deck.face(c, height)
            assert img.get_size() == (round(height * 0.64), height)
            colours, opaque = content(img)
            assert colours >= 4 and opaque > 0.8 * (img.get_width() * height) / 9, card_text(c)
            assert img.get_at((0, 0)).a < 128  # rounded corners show the table


@pytest.mark.parametrize("back", Deck.BACKS)
def test_every_back_rasterizes(back: str) -> None:
    deck = Deck(back=back)
    for height in (60, 180):
        colours, _ = content(deck.back(height))
        assert colours >= 4


def test_the_cache_returns_the_same_surface() -> None:
    deck = Deck("catalan", "blue")
    a = deck.face(card(12, SUITS.index("B")), 120)
    assert deck.face(card(12, SUITS.index("B")), 120) is a
    assert deck.face(card(12, SUITS.index("B")), 121) is not a
    assert deck.back(120) is deck.back(120)


def test_unknown_choices_fall_back_to_the_defaults() -> None:
    deck = Deck("poker", "purple")
    assert (deck.style, deck.back_name) == (Deck.STYLES[0], Deck.BACKS[0])
    assert 0.6 < deck.aspect < 0.68


def test_card_size_is_the_size_drawn() -> None:
    deck = Deck()
    for height in (80, 97, 400):
        assert deck.card_size(height) == deck.face(0, height).get_size()
        assert deck.card_size(height) == deck.back(height).get_size()
