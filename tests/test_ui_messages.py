"""The interface's messages as a whole (issue 40): one English word with two meanings gets a
context (item 3); each double says what it means for the one asked (item 4); a count beside
a noun goes through ngettext (item 8)."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from ui_helpers import make_app

from tute import i18n
from tute.engine.match import Match
from tute.rules import load_ruleset
from tute.ui.practice.review_records import RecordsScene
from tute.ui.table.pickers import picker_for
from tute.ui.widgets.controls import label_text
from tute.ui.words import texts

UI = Path(__file__).resolve().parent.parent / "tute" / "ui"
BUTTON = re.compile(r'Button\(N_\("([^"]+)"\)')


def test_item3_no_button_shares_its_message_with_an_option_word() -> None:
    """A button's label is a verb ("Open": Abrir); an option's value an adjective or a noun
    ("Open": Abierta). The same msgid for both gives one of them the wrong word."""
    buttons = {m for p in UI.rglob("*.py") for m in BUTTON.findall(p.read_text("utf-8"))}
    words = {*texts.CHOICES.values(), *texts.OPTION_CHOICES.values(), "Yes", "No"}
    assert buttons and not buttons & words


def test_item3_the_review_screen_opens_and_the_auction_is_open(home: object) -> None:
    application = make_app(language="es")
    try:
        scene = RecordsScene(application)
        assert label_text(scene.open_button.label) == "Abrir"
        assert texts.option_value("open", "auction") == "Abierta"
        i18n.set_language("ca")
        assert label_text(scene.open_button.label) == "Obrir"
        assert texts.option_value("open", "auction") == "Oberta"
    finally:
        i18n.set_language("en")


def test_item4_each_double_says_what_it_means_for_the_side_asked() -> None:
    """§9: the defenders contran and say Sant Vicenç, the side that named trumps
    recontra; each is told what its own double claims."""
    game = Match(load_ruleset("butifarra"), {"sant_vicenc": True}, seed=3)
    game.deal()
    makers: set[int] = set()
    asked: list[tuple[bool, list[str]]] = []
    while game.current_player is not None and len(asked) < 3:
        actions = game.legal_actions()
        verbs = {a.verb: a for a in actions}
        seat = game.current_player
        if "double" in verbs:
            picker = picker_for(actions, game.observation(seat), ["A", "B", "C", "D"],
                                lambda a: None, None, len(asked))  # type: ignore[arg-type]
            assert picker is not None
            asked.append((seat % 2 in makers, picker.shown))
            game.apply(verbs["double"])
            continue
        if "trump" in verbs:
            makers.add(seat % 2)
            game.apply(next(a for a in actions if a.verb == "trump"))
            continue
        game.apply(actions[0])
    assert [maker for maker, _lines in asked] == [False, True, False]
    contro, recontro, vicenc = (lines[-1] for _maker, lines in asked)
    assert contro.startswith("Contro") and "the trumps the others named" in contro
    assert recontro.startswith("Recontro") and "the trumps your side named" in recontro
    assert vicenc.startswith("Sant Vicenç") and "your side will still beat them" in vicenc


COUNTED = ("point", "card", "chip", "mark", "trick", "juego", "game", "hand", "deal",
           "decision", "player", "nine", "ace", "raya", "life", "lives", "seat", "suit")
"""The nouns a number counts in this game's messages (each with its plural in -s)."""
NOUN = "|".join([*COUNTED, *(f"{w}s" for w in COUNTED)])
BESIDE = re.compile(rf"\{{\w+\}} (?:{NOUN})\b|\b(?:{NOUN}) \{{\w+\}}", re.IGNORECASE)
"""A placeholder with one of those nouns right after or right before it, a space between:
"{n} cards", "cards {n}". A colon or a bracket between them ("Stock: {n}", "points ({n})")
reads the same for any number, so it is not "beside"."""
ORDINALS = {"Hand {n}", "hand {n}", "Trick {n}", "Trick {n}: you took it",
            "Trick {n}: {name} took it", "Hand {n}: the play so far"}
"""Allowed: the number names which hand or trick ("Hand 3"), it counts nothing."""
CARD_FIELD = re.compile(r"\{(?:answer|tempting|card)\}")
"""A field a card's name fills ("the high card {answer}"): it counts nothing either."""


def messages() -> list[tuple[str, bool]]:
    """Every message of the code (tute domain) and whether it is an ngettext one."""
    root = UI.parent.parent
    with open(root / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)  # type: ignore[no-untyped-call]
    found = []
    for _file, _line, message, _comments, _context in extract_from_dir(
            root, method_map, options_map):
        if isinstance(message, tuple):
            found += [(m, True) for m in message if m]
        elif message:
            found.append((message, False))
    return found


def test_item8_every_count_beside_a_noun_goes_through_ngettext() -> None:
    shown = messages()
    assert any(plural for _m, plural in shown) and len(shown) > 300
    bare = sorted({m for m, plural in shown
                   if not plural and BESIDE.search(CARD_FIELD.sub("X", m))} - ORDINALS)
    assert not bare, bare


def test_item8_one_card_is_one_card(home: object) -> None:
    try:
        for lang, one, two in [("en", "Change 1 card", "Change 2 cards"),
                               ("es", "Cambiar 1 carta", "Cambiar 2 cartas"),
                               ("ca", "Canviar 1 carta", "Canviar 2 cartes")]:
            i18n.set_language(lang)
            texts_of = [i18n.ngettext("Change {n} card", "Change {n} cards", k).format(n=k)
                        for k in (1, 2)]
            assert texts_of == [one, two]
    finally:
        i18n.set_language("en")
