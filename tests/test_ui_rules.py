"""The rules help: every game has its text in Spanish, English and Catalan, the screen opens
each one, and from a table it lists the options in force there."""

from __future__ import annotations

import re

import pygame
import pytest
from ui_helpers import click, frames, press, run_until, table, top

from tute.i18n import ruleset_text, set_language
from tute.resources import asset
from tute.rules import load_ruleset
from tute.ui.menus.rules_help import (
    RulesScene,
    blocks,
    rule_games,
    rules_text,
    table_options,
)
from tute.ui.shell.app import App
from tute.ui.words import texts
from tute.ui.words.games import games


@pytest.mark.parametrize("game", games())
@pytest.mark.parametrize("lang", ["es", "en", "ca"])
def test_every_game_has_its_rules_in_every_language(game: str, lang: str) -> None:
    assert asset("rules", f"{game}.{lang}.md").is_file()  # not the Spanish fallback
    kinds = [k for k, _t in blocks(rules_text(game, lang))]
    assert kinds[0] == "h1" and kinds.count("h2") >= 5 and "bullet" in kinds


def test_the_screen_opens_every_game(app: App) -> None:
    scene = RulesScene(app, "cabrero")
    app.replace_all(scene)
    frames(app)
    assert rule_games() == games()
    for game, tab in zip(scene.games, scene.tabs, strict=True):
        click(app, tab.rect.center)
        assert scene.game == game and scene.scroll == 0
        shown = [text for text, *_rest in scene.lines]
        assert shown[0] == blocks(rules_text(game, "en"))[0][1] and scene.max_scroll > 0
        assert not any("At this table" in line for line in shown)
        assert app.screen.get_rect().contains(tab.rect)


def test_from_a_table_the_options_in_force_are_listed(app: App) -> None:
    scene = table(app, players=4, rules="parejas", seed=1, games_to=8, tie="mano")
    run_until(app, lambda: scene.can_play)
    press(app, pygame.K_F1)
    rules = top(app)
    assert isinstance(rules, RulesScene) and rules.game == "parejas"
    frames(app)
    shown = [text for text, *_rest in rules.lines]
    at = shown.index("At this table")
    deck = next(i for i, line in enumerate(shown) if line == "The deck")
    assert {"•  Juegos to win: 8", "•  Tie: The mano's team", "•  Two juegos at: 101"} <= set(
        shown[at:deck])
    click(app, rules.tabs[0].rect.center)
    assert "At this table" not in [text for text, *_rest in rules.lines]


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_every_option_value_reads_as_words(lang: str) -> None:
    """No ruleset's raw value ("points_101") reaches a player."""
    try:
        set_language(lang)
        for game in games():
            for opt in load_ruleset(game).options.values():
                for value in opt.allowed():
                    shown = texts.option_value(value, opt.name)
                    assert shown and (not isinstance(value, str) or "_" not in shown), shown
    finally:
        set_language("en")


def test_the_options_in_force_leave_out_those_without_effect() -> None:
    from tute.ui.menus.rules_help import table_options

    juegos = [t for _k, t in table_options("dos", {"scoring": "juegos", "games_to": 7,
                                                   "sing_in_arrastre": False})]
    assert {"Juegos to win: 7", "Two juegos at: 101", "Sing after the stock: No",
            "Scoring: Juegos"} <= set(juegos)
    points = [t for _k, t in table_options("dos", {})]
    assert not any(t.startswith(("Juegos to win", "Two juegos at")) for t in points)
    cabrero = [t for _k, t in table_options("cabrero", {"players": 4, "losers": "second"})]
    assert "Who loses: The second" in cabrero and "No loading: No" in cabrero
    assert not any(t.startswith(("Marks for revoking", "Dealer sits out")) for t in cabrero)
    five = [t for _k, t in table_options("cabrero", {"players": 5, "dealer_out_from": 5,
                                                     "renuncio": "accuse"})]
    assert {"Dealer sits out with: 5", "Marks for revoking: 2"} <= set(five)

def test_table_options_leave_out_what_is_not_played_with_this_many() -> None:
    """Subastado with three: no takeover (§6), so it is not listed in force."""
    three = [t for _k, t in table_options("subastado", {"players": 3})]
    four = [t for _k, t in table_options("subastado", {"players": 4})]
    assert "Dealer's takeover: Yes" in four and not any("takeover" in t for t in three)
    assert "Players: 3" in three and "Forty first: No" in three


def test_butifarras_who_may_double_reads_as_a_seat() -> None:
    shown = [t for _k, t in table_options("butifarra", {"contro_by": "mano"})]
    assert "Who may double: Mano only" in shown
    assert texts.option_value("mano", "tie") == "The mano's team"  # parejas' own word



@pytest.mark.parametrize("lang", ["es", "en", "ca"])
def test_item5_the_rules_help_names_each_option_as_the_new_game_screen_does(lang: str) -> None:
    """Each option in bold under a help's options heading ("Opciones", "Options",
    "Opcions") is written as its label on the new-game screen, word for word, so a player
    finds it there (Guiñote's help was written before its ruleset file; a help may also
    tell its options in a sentence, as Chancho's does)."""
    try:
        set_language(lang)
        wrong = []
        for game in games():
            section = rules_text(game, lang).split("\n## Op", 1)[1].split("\n## ", 1)[0]
            named = re.findall(r"^- \*\*([^*]+)\*\*", section, re.MULTILINE)
            labels = {ruleset_text(opt.label) for opt in load_ruleset(game).options.values()}
            wrong += [f"{game}.{lang}.md: {name!r} is none of {sorted(labels)}"
                      for name in named if name not in labels]
        assert not wrong, "\n".join(wrong)
    finally:
        set_language("en")
