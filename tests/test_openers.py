"""How-to-play lines follow the options in force (issue 40, item 5): a ruleset's opener
lines carry ``when:`` conditions and ``{option}`` values, checked when the file loads."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

import pytest

from tute import i18n
from tute.resources import rules_dir
from tute.rules import RulesetError, load_ruleset
from tute.rules.ruleset import bundled_names, ruleset_from_text
from tute.ui.learning.openers import lines
from tute.ui.menus.rules_help import table_options

CABRERO = (rules_dir() / "cabrero.yaml").read_text(encoding="utf-8")
FIRST_LINE = '    - es: "Cada uno juega'


@pytest.fixture(params=["es", "ca", "en"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_item5_three_at_the_subastado_table_are_not_told_of_four(lang: str) -> None:
    four, three = lines("subastado", {"players": 4}), lines("subastado", {"players": 3})
    assert four[0] != three[0] and len(four) == len(three)
    word = {"es": ("Cuatro", "Tres"), "ca": ("Quatre", "Tres"), "en": ("Four", "Three")}[lang]
    assert four[0].startswith(word[0]) and three[0].startswith(word[1])


def test_item5_tute_a_dos_by_juegos_is_told_its_juegos_not_101(lang: str) -> None:
    options = {"scoring": "juegos", "games_to": 3, "two_games_at": 121, "hand_size": 8}
    juegos, points = lines("dos", options), lines("dos", {})
    assert not any("101" in line for line in juegos), juegos
    assert "3" in juegos[-1] and "121" in juegos[-1] and "8" in juegos[0]
    assert "101" in points[-1] and "6" in points[0]
    at_table = [t for _k, t in table_options("dos", options)]
    assert juegos[-1] in at_table and points[-1] not in at_table, "the rules help follows"


def test_item5_every_option_combination_gets_a_full_opener() -> None:
    """Each bundled game, at every value of each option the opener's lines speak of, gets
    lines with every ``{option}`` filled in and exactly one line of each alternative."""
    for game in bundled_names():
        rules = load_ruleset(game)
        spoken = sorted({name for line in rules.ui.opener for name in line.when} | {
            name for line in rules.ui.opener for text in line.text.values()
            for name in rules.options if "{" + name + "}" in text})
        choices = [rules.options[name].allowed() for name in spoken]
        for values in product(*choices):
            shown = lines(game, dict(zip(spoken, values, strict=True)))
            assert len(shown) >= 3, (game, values)
            assert not any("{" in line for line in shown), (game, values, shown)
            assert len(set(shown)) == len(shown)


@pytest.mark.parametrize(("new", "needle", "what"), [
    ('    - when: {players: [4]}\n      es: "Cada uno juega', "players: [4]", None),
    ('    - when: {jugadores: [4]}\n      es: "Cada uno juega', "{jugadores",
     "ui.opener.0.when: 'jugadores' is not an option"),
    ('    - when: {players: [9]}\n      es: "Cada uno juega', "players: [9]",
     "ui.opener.0.when.players: 9 is out of range"),
    ('    - when: {players: 4}\n      es: "Cada uno juega', "players: 4",
     "expected a list of values"),
    ('    - es: "Con {vidas} rayas; cada uno juega', "{vidas}",
     "ui.opener.0.es: {vidas} is not an option"),
])
def test_item5_the_loader_checks_opener_conditions_with_file_and_line(
        new: str, needle: str, what: str | None) -> None:
    text = CABRERO.replace(FIRST_LINE, new, 1)
    assert text != CABRERO
    if what is None:
        assert ruleset_from_text(text, "mine.yaml", "mine").ui.opener[0].when == {
            "players": (4,)}
        return
    with pytest.raises(RulesetError) as exc:
        ruleset_from_text(text, "mine.yaml", "mine")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if needle in row)
    assert str(exc.value).startswith(f"mine.yaml, line {line}: ") and what in str(exc.value)
