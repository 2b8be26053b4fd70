"""The interface's messages as a whole: one English word with two meanings gets a context
(issue 40, item 3); each double says what it means for the one asked (item 4)."""

from __future__ import annotations

import re
from pathlib import Path

from ui_helpers import make_app

from tute import i18n
from tute.engine.match import Match
from tute.rules import load_ruleset
from tute.ui import texts
from tute.ui.pickers import picker_for
from tute.ui.scenes.review_records import RecordsScene
from tute.ui.widgets import label_text

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
