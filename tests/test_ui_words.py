"""Cards are named in words in the player's language; no card code reaches the screen."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pygame
import pytest
from ui_helpers import click, make_app, run_until, table, top

from tute import i18n
from tute.cardnames import card_name, cards_phrase, refusal
from tute.cards import card, mask_of, parse_card
from tute.engine.obligations import Reason
from tute.ui.table.hand_result import HandResultScene
from tute.ui.widgets import theme

CODE = re.compile(r"\b(1[0-2]|[1-9])[OCEB]\b")


@pytest.fixture
def spanish() -> Iterator[None]:
    i18n.set_language("es")
    yield
    i18n.set_language("en")


def test_cards_are_named_in_english_words() -> None:
    i18n.set_language("en")
    assert card_name(card(11, 1)) == "the horse of cups"
    assert card_name(card(10, 3)) == "the jack of clubs"
    assert cards_phrase([parse_card("1O"), parse_card("3O"), parse_card("12C")]) == (
        "the ace or the three of coins or the king of cups")
    reason = Reason("must_follow_higher", 1, mask_of([card(11, 1), card(12, 1)]))
    assert refusal(reason) == ("You must follow cups with a higher card: the horse or the "
                               "king of cups")


def test_cards_are_named_in_spanish_words(spanish: None) -> None:
    assert card_name(card(11, 1)) == "el caballo de copas"
    assert card_name(card(10, 0)) == "la sota de oros"
    assert refusal(Reason("must_trump", 2, mask_of([card(2, 2)]))) == (
        "Debes fallar con triunfo: el dos de espadas")
    assert refusal(Reason("something_new", -1, mask_of([card(1, 3)]))) == (
        "Puedes jugar el as de bastos")


@pytest.mark.parametrize("language", ["en", "es"])
def test_no_card_code_is_shown_to_the_player(home: object, language: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    shown: set[str] = set()
    render = theme.text

    def spy(message: str, *args: object, **kw: object) -> pygame.Surface:
        shown.add(message)
        return render(message, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "text", spy)
    application = make_app(language=language)
    try:
        scene = table(application, players=4, seed=1)
        refused = 0
        while not isinstance(top(application), HandResultScene):
            run_until(application, lambda: scene.can_play
                      or isinstance(top(application), HandResultScene))
            if not scene.can_play:
                break
            for c in [c for c in scene.view.hand if c not in scene.session.playable()][:1]:
                click(application, scene.card_point(c))  # refused, and said why on the table
                refused += 1
                assert scene.refusal is not None
                lines = [m for m in shown if m and m in scene.refusal[1]]
                assert sum(map(len, lines)) >= len(scene.refusal[1]) - 4  # drawn, wrapped
            click(application, scene.card_point(next(
                c for c in scene.view.hand if c in scene.session.playable())))
        assert refused
        scene.open_log()
        application.step(1 / 60)
    finally:
        application.close()
    assert not [m for m in shown if CODE.search(m)]
