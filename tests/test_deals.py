"""Issue 43, section 2: duplicate deals. A hand's deal code, ``tute deal`` and ``tute
compare``, and the result screen's comparison with the hard level."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import pygame
import pytest
from test_ui_games import play_a_hand
from ui_helpers import frames, run_until, top

from tute import deals
from tute.ai import make_player
from tute.cli import main
from tute.engine import DEAL, PLAY_PHASE, Game
from tute.rules import load_ruleset
from tute.rules.ruleset import bundled_names
from tute.ui.main import table_code
from tute.ui.menus.menu import MenuScene
from tute.ui.practice.deal_code import DealCodeScene
from tute.ui.shell.app import App
from tute.ui.table.hand_result import HandResultScene
from tute.ui.table.scene import TableScene
from tute.ui.table.session import Session
from tute.ui.widgets import theme
from tute.ui.widgets.controls import label_text

FAST = 2
"""The hard level's guesses per decision in these tests: a few seconds a hand."""


def played_match(game: str, options: dict[str, object], seed: int, hands: int
                 ) -> list[tuple[deals.DealCode, list[list[int]], list[int], int]]:
    """Each of the first ``hands`` hands of an easy-only match: its code, deal, rest and
    trump."""
    g = Game(load_ruleset(game), options, seed)
    players = [make_player("easy", seed=s) for s in range(g.n)]
    out: list[tuple[deals.DealCode, list[list[int]], list[int], int]] = []
    while len(out) < hands and g.phase == DEAL:
        g.deal()
        code = deals.code_of(g, "medium", 0)
        if code is None:
            break
        out.append((code, g.logs[-1].deal, g.logs[-1].rest, g.hand.trump))
        while g.phase == PLAY_PHASE:
            seat = g.current_player
            assert seat is not None
            g.apply(players[seat].choose(g.observation(seat)))
    return out


def every_table() -> list[tuple[str, int]]:
    return [(name, int(n)) for name in bundled_names()
            for n in load_ruleset(name).options["players"].allowed()]


@pytest.mark.parametrize(("game", "players"), every_table())
def test_item2_codes_round_trip_and_deal_the_same_cards(game: str, players: int) -> None:
    """Every bundled game at every player count: the code reads back as itself, in any
    case, and deals each of a match's first hands again card for card."""
    for code, deal, rest, trump in played_match(game, {"players": players}, 7, 3):
        text = code.text()
        assert text.startswith(game.upper() + "-")
        assert deals.parse(text.lower()) == code == deals.parse(f"  {text}  ")
        again = deals.start(deals.parse(text))
        again.deal()
        assert again.logs[-1].deal == deal and again.logs[-1].rest == rest
        assert again.hand.trump == trump


def test_item2_codes_carry_non_default_options_and_the_opponents() -> None:
    rules = load_ruleset("cabrero")
    options = rules.resolve({"players": 5, "lives": 7, "renuncio": "accuse",
                             "final_duel": True})
    code = deals.DealCode("cabrero", options, 2**40 + 3, 17, 4, 2, "hard")
    back = deals.parse(code.text())
    assert back == code and back.options["renuncio"] == "accuse"
    short = deals.DealCode("dos", load_ruleset("dos").resolve({}), 1234, 0, 1, 0, "easy")
    assert len(short.text()) <= len("DOS-") + 12  # a small seed: a short code


def test_item2_a_typo_is_told_clearly() -> None:
    text = deals.DealCode("dos", load_ruleset("dos").resolve({}), 99, 1, 0, 0,
                          "medium").text()
    body = text.index("-") + 1
    for i in range(body, len(text)):
        if text[i] == "-":
            continue
        for c in deals.ALPHABET:
            if c != text[i]:
                with pytest.raises(deals.DealCodeError, match=r"^not a deal code: "):
                    deals.parse(text[:i] + c + text[i + 1:])
    with pytest.raises(deals.DealCodeError, match="names no game"):
        deals.parse("BISCA-" + text[body:])
    with pytest.raises(deals.DealCodeError, match="character no code uses"):
        deals.parse(text + "!")
    with pytest.raises(deals.DealCodeError, match="mistyped or missing"):
        deals.parse(text[:-1])
    assert deals.parse(text.replace("0", "O")) == deals.parse(text)  # a look-alike letter


def test_item2_a_ruleset_file_has_no_code(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("extends: dos\nname: {en: Mine, es: Mía}\n", encoding="utf-8")
    game = Game(load_ruleset(str(path)), {}, 1)
    game.deal()
    assert not deals.codable(game.rules) and deals.code_of(game, "easy", 0) is None


def test_item2_tute_deal_deals_the_hand_of_the_code(app: App) -> None:
    """What ``tute deal CODE`` opens: the code's hand, with the player's cards."""
    code, deal, _rest, _trump = played_match("cabrero", {"players": 4}, 3, 2)[1]
    scene = TableScene(app, Session.from_code(table_code(code.text())))
    app.replace_all(scene)
    run_until(app, lambda: scene.session.game.phase == PLAY_PHASE)
    assert scene.session.game.logs[-1].deal == deal
    assert not scene.kept  # neither saved nor counted
    assert main(["deal", "DOS-NOT-A-CODE"]) == 2


def test_item2_a_code_for_another_seat_seats_the_player_there(app: App) -> None:
    """A code ``tute compare`` wrote for seat 1 is played from seat 1, drawn at the bottom,
    the others played by the computer; its result screen gives the same code back."""
    code, deal, _rest, _trump = played_match("cabrero", {"players": 4}, 3, 2)[1]
    other = deals.DealCode(code.game, code.options, code.seed, code.hand, code.dealer, 1,
                           code.level)
    session = Session.from_code(table_code(other.text()))
    assert session.seat == 1 and not session.is_computer(1) and session.is_computer(0)
    scene = TableScene(app, session)
    app.replace_all(scene)
    run_until(app, lambda: scene.session.game.phase == PLAY_PHASE)
    assert scene.session.game.logs[-1].deal == deal
    assert scene.view.seat == 1 and scene.layout.seat == 1
    play_a_hand(app, scene)
    run_until(app, lambda: isinstance(top(app), HandResultScene))
    result = top(app)
    assert isinstance(result, HandResultScene) and result.code == other


def test_item2_tute_compare_prints_both_scores_and_repeats(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    assert main(["compare", "--sample", "3", "--game", "dos", "--seed", "5"]) == 0
    codes = capsys.readouterr().out.split()
    assert main(["compare", "--sample", "3", "--game", "dos", "--seed", "5"]) == 0
    assert capsys.readouterr().out.split() == codes and len(set(codes)) == 3
    runs = []
    for _ in range(2):
        assert main(["compare", codes[0], "--level", "easy", "--json", "--guesses",
                     str(FAST)]) == 0
        runs.append(json.loads(capsys.readouterr().out))
    assert runs[0] == runs[1]
    assert set(runs[0]) == {"code", "easy", "hard"} and runs[0]["code"] == codes[0]
    assert all(isinstance(runs[0][k]["score"], float) for k in ("easy", "hard"))
    assert main(["compare", codes[0], "--level", "easy", "--guesses", str(FAST)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        codes[0], f"easy: {runs[0]['easy']['score']:g} (points)",
        f"hard: {runs[0]['hard']['score']:g} (points)"]
    assert main(["compare", codes[0][:-1] + "?", "--json"]) == 2
    assert "not a deal code" in capsys.readouterr().err


def test_item2_compare_finds_where_the_hard_level_parted() -> None:
    """The player's hand replayed scores as it did; the first decision where hard chose
    otherwise is weighed as the review weighs it."""
    code = deals.parse(deals.DealCode("dos", load_ruleset("dos").resolve({}), 11, 0, 0, 0,
                                      "easy").text())
    mine = deals.play(code, "easy", FAST)
    found = deals.compare(code, mine.actions, FAST)
    assert found.mine == mine.score
    assert found.hard == deals.play(code, "hard", FAST).score
    assert found.parted is not None and found.parted.played in mine.actions
    assert found.parted.hard != found.parted.played and found.measure == "points"
    same = deals.compare(code, deals.play(code, "hard", FAST).actions, FAST)
    assert same.parted is None and same.mine == same.hard


def drawn(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    draw = theme.draw_text

    def spy(surface: pygame.Surface, message: str, *args: object, **kw: object
            ) -> pygame.Rect:
        shown.append(message)
        return draw(surface, message, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "draw_text", spy)
    frames(app)
    monkeypatch.setattr(theme, "draw_text", draw)
    return shown


def test_item2_the_result_screen_shows_the_code_and_the_comparison(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deals, "compare", partial(deals.compare, guesses=FAST))
    code = deals.parse(deals.DealCode("dos", load_ruleset("dos").resolve({}), 21, 0, 0, 0,
                                      "easy").text())
    scene = TableScene(app, Session.from_code(code))
    app.replace_all(scene)
    play_a_hand(app, scene)
    run_until(app, lambda: isinstance(top(app), HandResultScene))
    result = top(app)
    assert isinstance(result, HandResultScene) and result.comparison is not None
    shown = drawn(app, monkeypatch)
    assert any(code.text() in line for line in shown), shown
    assert result.animating() or result.comparison.done()  # frames go on meanwhile
    run_until(app, lambda: result.comparison is not None and result.comparison.done())
    shown = drawn(app, monkeypatch)
    assert any(line.startswith("You: ") and "hard level" in line for line in shown), shown
    assert any(line.startswith(("First difference", "The hard level played your cards"))
               for line in shown), shown
    assert result.button.label == "Back to the menu"
    result.button.action()
    assert isinstance(top(app), MenuScene)


def test_item2_an_ordinary_hand_shows_its_code_and_compares_when_asked(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui_helpers import table

    scene = table(app, players=2, rules="dos", seed=2)
    play_a_hand(app, scene)
    run_until(app, lambda: isinstance(top(app), HandResultScene))
    result = top(app)
    assert isinstance(result, HandResultScene) and result.comparison is None
    code = deals.code_of(scene.session.game, "easy", 0)
    assert code is not None and any(code.text() in line for line in drawn(app, monkeypatch))
    app.settings.compare_hands = True
    monkeypatch.setattr(deals, "compare", partial(deals.compare, guesses=FAST))
    assert HandResultScene(app, scene, result.result).comparison is not None


def test_item2_the_play_a_deal_dialog_refuses_a_typo_and_deals_a_code(app: App) -> None:
    dialog = DealCodeScene(app)
    app.push(dialog)
    text = deals.DealCode("dos", load_ruleset("dos").resolve({}), 5, 0, 0, 0,
                          "easy").text()
    for ch in text[:-1] + ("0" if text[-1] != "0" else "1"):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app)
    dialog.play()
    assert dialog.problem.startswith("Not a deal code: ")
    dialog.field.text = text.lower()
    dialog.play()
    table = top(app)
    assert isinstance(table, TableScene) and table.session.coded == deals.parse(text)


@pytest.mark.parametrize(("lang", "later"), [
    ("en", "The gap between the two hands comes from the play after it."),
    ("es", "La diferencia entre las dos manos viene del juego que siguió."),
    ("ca", "La diferència entre les dues mans ve del joc que va seguir."),
])
def test_the_comparison_never_calls_a_first_difference_worth_the_same_alone(
        lang: str, later: str) -> None:
    """Issue 47: 82 points against hard's 131, and a first difference the hard level found
    as good as its own: the line says the gap came from the play after it, not only that
    the two choices were worth the same."""
    from dataclasses import replace
    from types import SimpleNamespace

    from tute import i18n

    code = deals.parse(deals.DealCode("dos", load_ruleset("dos").resolve({}), 11, 0, 0, 0,
                                      "easy").text())
    found = deals.compare(code, deals.play(code, "easy", FAST).actions, FAST)
    assert found.parted is not None
    even = replace(found, mine=82, hard=131, parted=replace(found.parted, gain=0.0))
    scene = SimpleNamespace(table=SimpleNamespace(names=["You", "Paco"]))
    i18n.set_language(lang)
    try:
        line = HandResultScene.parted_line(scene, even)  # type: ignore[arg-type]
        assert line.endswith(later)
        assert not HandResultScene.parted_line(  # type: ignore[arg-type]
            scene, replace(even, hard=82)).endswith(later)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["es", "ca"])
@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_the_deal_code_sentence_stays_above_the_next_hand_button(
        home: object, lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    """Issue 47: the deal code's sentence, wrapped where the panel is too narrow for it
    (Catalan at 1280x800), has its room above the buttons: no line reaches them (it wrapped
    onto the Next hand button)."""
    from ui_helpers import make_app, table

    application = make_app(size, lang)
    try:
        scene = table(application, players=4, rules="butifarra", seed=3)
        play_a_hand(application, scene)
        run_until(application, lambda: isinstance(top(application), HandResultScene))
        result = top(application)
        assert isinstance(result, HandResultScene) and result.code is not None
        code = result.code.text()
        placed: list[tuple[str, pygame.Rect]] = []
        draw = theme.draw_text

        def spy(surface: pygame.Surface, message: str, *args: object, **kw: object
                ) -> pygame.Rect:
            rect = draw(surface, message, *args, **kw)  # type: ignore[arg-type]
            placed.append((message, rect))
            return rect

        monkeypatch.setattr(theme, "draw_text", spy)
        result.draw(application.screen)
        monkeypatch.setattr(theme, "draw_text", draw)
        first = next(i for i, (message, _r) in enumerate(placed) if code in message)
        button = label_text(result.button.label)
        lines = [rect for _m, rect in placed[first:]
                 [:next(i for i, (m, _r) in enumerate(placed[first:]) if m == button)]]
        gap = application.px(6)  # clear of the button's rim and its focus ring
        assert max(r.bottom for r in lines) <= result.button.rect.top - gap, placed[first:]
    finally:
        application.close()


@pytest.mark.parametrize(("lang", "suits"), [("es", ("espadas", "bastos")),
                                             ("ca", ("espases", "bastos"))])
def test_the_result_sheet_shows_every_cante_whole_at_800x560(
        home: object, lang: str, suits: tuple[str, str]) -> None:
    """Issue 47: at 800x560 the result sheet's cantes column cut a seat's two cantes ("20
    espadas, 20 bas…"); they take two lines there, each whole."""
    from ui_helpers import make_app, table

    application = make_app((800, 560), lang)
    theme.fit_log = []
    try:
        scene = table(application, players=2, rules="dos", seed=3)
        play_a_hand(application, scene)
        run_until(application, lambda: isinstance(top(application), HandResultScene))
        result = top(application)
        assert isinstance(result, HandResultScene)
        scene.view.cantes[1] = ["20E", "20B"]
        theme.fit_log.clear()
        result.draw(application.screen)
        said = [(message, size, asked) for message, _r, _b, size, asked in theme.fit_log
                if any(suit in message for suit in suits)]
        assert all(suit in " ".join(m for m, _s, _a in said) for suit in suits), said
        assert not any(m.endswith("…") or size < asked for m, size, asked in said), said
    finally:
        theme.fit_log = None
        application.close()
