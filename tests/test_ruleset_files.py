"""Ruleset files (docs/rules.md §11): the bundled files load; every kind of broken file is refused
with the file, the line and what is wrong, never a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tute.resources import rules_dir
from tute.rules import RulesetError, load_ruleset
from tute.rules.ruleset import LAST, Presentation, ruleset_from_text

GOOD = (rules_dir() / "cabrero.yaml").read_text(encoding="utf-8")


def broken(old: str, new: str) -> str:
    assert old in GOOD, old
    return GOOD.replace(old, new, 1)


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize("name", ["cabrero", "chancho"])
def test_bundled_rulesets_load_with_spanish_and_english_texts(name: str) -> None:
    rules = load_ruleset(name)
    assert rules.id == name and rules.deck == "spanish40" and rules.obligations.pick({}) == "tute"
    for opt in rules.options.values():
        assert opt.label["es"] and opt.label["en"]
        assert opt.description["es"] and opt.description["en"]
        assert opt.default in opt.allowed()


def test_chancho_forces_cantes_as_a_rule_not_an_option() -> None:
    """docs/rules.md §2: Chancho is Cabrero plus forced cantes; the file extends Cabrero's."""
    chancho, cabrero = load_ruleset("chancho"), load_ruleset("cabrero")
    assert chancho.cantes.forced and not cabrero.cantes.forced
    assert "forced_cantes" not in chancho.options
    assert chancho.options == cabrero.options and chancho.deal == cabrero.deal


def test_ruleset_by_path(tmp_path: Path) -> None:
    p = tmp_path / "mine.yaml"
    p.write_text(broken("default: 4\n    range: [1, 10]", "default: 2\n    range: [1, 10]"))
    rules = load_ruleset(str(p))
    assert rules.options["lives"].default == 2 and rules.id == "mine"


CASES = [
    ("unknown key", broken("scoring: cabrero\n", "scoring: cabrero\nbidding: none\n"), "bidding",
     "unknown key 'bidding'"),
    ("wrong type", broken("default: 4\n    range: [3, 6]", "default: four\n    range: [3, 6]"),
     "default: four", "expected"),
    ("out of range", broken("default: 4\n    range: [1, 10]", "default: 12\n    range: [1, 10]"),
     "default: 12", "out of range 1..10"),
    ("yaml syntax", broken("deck: spanish40", "deck: [spanish40"), None, "YAML syntax error"),
    ("duplicate key", broken("deck: spanish40", "deck: spanish40\ndeck: catalan48"),
     "deck: catalan48", "duplicate key 'deck'"),
    ("unknown deck", broken("deck: spanish40", "deck: poker52"), "deck: poker52",
     "not one of"),
    ("unknown strategy", broken("scoring: cabrero", "scoring: bridge"), "scoring: bridge",
     "not one of"),
    ("missing description",
     broken('      es: "Rayas con las que un jugador se retira."\n', ""), "en: \"Marks at",
     "missing key 'es'"),
    ("choice not allowed", broken("default: prevent", "default: forgive"), "default: forgive",
     "not one of"),
    ("yes is text not a boolean", broken("default: false\n    label: {es: Desempate",
                                         "default: yes\n    label: {es: Desempate"),
     "default: yes", None),
    ("missing required key", broken("order: tute\n", ""), None, "missing key 'order'"),
    ("option player counts not a list", broken("  desempate:\n    default: false",
                                               "  desempate:\n    default: false\n"
                                               "    applies: {players: 4}"),
     "applies: {players: 4}", "expected a list of values"),
    ("option players outside the game's counts",
     broken("  desempate:\n    default: false",
            "  desempate:\n    default: false\n    applies: {players: [4, 7]}"),
     "applies: {players: [4, 7]}", "7 is out of range 3..6"),
    ("ui: unknown key", broken("  order: 1\n", "  order: 1\n  colour: red\n"), "colour: red",
     "ui: unknown key 'colour'"),
    ("ui: unknown deck pattern", broken("  order: 1\n", "  order: 1\n  deck: french\n"),
     "deck: french", "ui.deck: 'french' is not one of spanish, catalan"),
    ("ui: order out of range", broken("  order: 1\n", "  order: -3\n"), "order: -3",
     "out of range"),
    ("ui: opener line without its Spanish",
     broken("    - es: \"Cada uno juega", "    - fr: \"Chacun"), "fr: \"Chacun",
     "ui.opener.0: unknown key 'fr'"),
]


@pytest.mark.parametrize(("case", "text", "where", "what"), CASES, ids=[c[0] for c in CASES])
def test_broken_ruleset_is_refused_with_file_line_and_reason(
        case: str, text: str, where: str | None, what: str | None) -> None:
    with pytest.raises(RulesetError) as exc:
        ruleset_from_text(text, "broken.yaml", "broken")
    err = exc.value
    assert err.source == "broken.yaml"
    assert err.line is not None
    assert str(err).startswith(f"broken.yaml, line {err.line}: ")
    if where is not None:
        assert err.line == line_of(text, where) or where in text.splitlines()[err.line - 1]
    if what is not None:
        assert what in str(err)


def test_the_ui_block_presents_the_game_and_is_optional() -> None:
    """The menu place, blurb, deck pattern and how-to-play lines come from the file; a file
    without ``ui:`` still loads, placed after the bundled games, with none of them."""
    butifarra, cabrero = load_ruleset("butifarra").ui, load_ruleset("cabrero").ui
    assert butifarra.deck == "catalan" and cabrero.deck == "" and cabrero.order < butifarra.order
    assert cabrero.blurb["es"] and cabrero.blurb["en"] and len(cabrero.opener) == 4
    plain = ruleset_from_text(broken("", "").split("\nui:")[0], "plain.yaml", "plain").ui
    assert plain == Presentation() and plain.order == LAST


def test_yes_no_on_off_stay_text() -> None:
    text = broken("default: prevent\n    choices: [prevent, penalize, accuse]",
                  "default: 'on'\n    choices: ['on', off, yes, no]").replace(
        "applies: {renuncio: [penalize, accuse]}", "applies: {renuncio: ['on']}")
    rules = ruleset_from_text(text, "t.yaml", "t")
    assert rules.options["renuncio"].choices == ("on", "off", "yes", "no")


def test_missing_file_and_unknown_name_are_clear(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="no ruleset named 'poker'"):
        load_ruleset("poker")
    with pytest.raises(RulesetError, match="cannot read"):
        load_ruleset(str(tmp_path / "nope.yaml"))


def test_option_overrides_are_checked() -> None:
    rules = load_ruleset("cabrero")
    assert rules.resolve({"lives": 3})["lives"] == 3
    with pytest.raises(ValueError, match="unknown option 'lifes'"):
        rules.resolve({"lifes": 3})
    with pytest.raises(ValueError, match="out of range"):
        rules.resolve({"players": 7})
    with pytest.raises(ValueError, match="expected"):
        rules.resolve({"desempate": "yes"})
    assert rules.options["desempate"].parse_text("on") is True
    assert rules.options["renuncio"].parse_text("accuse") == "accuse"
    with pytest.raises(ValueError, match="not one of"):
        rules.options["renuncio"].parse_text("forgive")


def test_strategy_names_live_only_in_the_engines_registries() -> None:
    """One source of strategy names: the schema checks a file against the engine's
    registries themselves, so no name a ruleset may use lacks an implementation."""
    from tute.engine.registries import REGISTRIES
    from tute.rules.ruleset import strategies

    assert strategies() is REGISTRIES


def test_every_bundled_game_loads_and_builds_its_kit(every_game: str) -> None:
    """Each file's defaults make a table at each player count it allows."""
    from tute.engine.kit import Kit

    rules = load_ruleset(every_game)
    for players in rules.options["players"].allowed():
        kit = Kit(rules, rules.resolve({"players": players}))
        assert kit.players == players and kit.deck_cards


def test_an_option_applies_only_under_other_options_values() -> None:
    rules = load_ruleset("cabrero")
    marks = rules.options["renuncio_marks"]
    assert marks.idle({"renuncio": "prevent"}) == ("renuncio", ("penalize", "accuse"))
    assert marks.idle({"renuncio": "accuse"}) is None


@pytest.mark.parametrize(("applies", "message"), [
    ("applies: {renuncio: [penalize, accuse]}", None),
    ("applies: {renuncios: [penalize]}", "line 73: options.renuncio_marks.applies: "
                                         "'renuncios' is not another option"),
    ("applies: {renuncio: [punish]}", "line 73: options.renuncio_marks.applies.renuncio: "
                                      "'punish' is not one of prevent, penalize, accuse"),
    ("applies: {renuncio: penalize}", "options.renuncio_marks.applies.renuncio: expected a "
                                      "list of values"),
])
def test_a_broken_applies_is_refused_with_file_and_line(applies: str, message: str | None
                                                        ) -> None:
    text = broken("applies: {renuncio: [penalize, accuse]}", applies)
    if message is None:
        ruleset_from_text(text, "t.yaml", "t")
        return
    with pytest.raises(RulesetError, match=re.escape(message)):
        ruleset_from_text(text, "t.yaml", "t")

def test_an_option_may_name_the_player_counts_it_is_played_with() -> None:
    """Subastado's takeover is played only with four at the table (§6, three at the
    table: no takeover); an option without the key applies to every count."""
    takeover = load_ruleset("subastado").options["takeover"]
    assert takeover.idle({"players": 3}) == ("players", (4,))
    assert takeover.idle({"players": 4}) is None
    assert load_ruleset("subastado").options["no_cargar"].idle({"players": 3}) is None

