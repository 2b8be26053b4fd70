"""Issue 49 item 5: a player's own ruleset file carries its own words. Its name, option
labels and descriptions, blurb and opener may be written in Catalan beside Spanish and
English (``ca:``), shown before the package's ``rules`` catalog, and its rules help lies
beside it (``mine.ca.md``): a Catalan player's file shows in Catalan with no change to the
package. A text the file lacks in Catalan falls back to the catalog's translation of its
English where there is one, else to its Spanish."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from ui_helpers import make_app

from tute import i18n
from tute.rules import load_ruleset
from tute.rules.ruleset import RulesetError
from tute.store import GameSetup
from tute.ui.learning import openers
from tute.ui.main import first_scene
from tute.ui.menus import new_game
from tute.ui.menus.new_game import NewGameScene
from tute.ui.menus.rules_help import RulesScene, rules_text
from tute.ui.widgets.controls import label_text
from tute.ui.words import games

MINE = """\
extends: cabrero
name: {es: Cabrero de casa, en: House Cabrero, ca: Cabrer de casa}
options:
  lives:
    default: 3
    choices: [2, 3, 4]
    label: {es: Vidas, en: Lives, ca: Vides}
    description:
      es: "Rayas con las que un jugador se retira."
      en: "Marks at which a player retires."
      ca: "Ratlles amb què un jugador es retira."
  renuncio_marks:
    default: 2
    choices: [1, 2]
    label: {es: Rayas por renuncio, en: Marks for a revoke}
    description: {es: "Lo que cuesta un renuncio.", en: "What a revoke costs, here."}
ui:
  blurb: {es: "El de casa.", en: "Ours.", ca: "El de casa nostra."}
  opener:
    - {es: "Se retira con {lives}.", en: "Out at {lives}.", ca: "Es retira amb {lives}."}
"""


@pytest.fixture
def mine(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "mine.yaml"
    path.write_text(MINE, encoding="utf-8")
    games.ruleset.cache_clear()
    yield path
    i18n.set_language("en")
    games.ruleset.cache_clear()


def in_language(lang: str, text: Mapping[str, str]) -> str:
    i18n.set_language(lang)
    return i18n.ruleset_text(text)


def test_item49_the_loader_keeps_a_files_catalan(mine: Path) -> None:
    rules = load_ruleset(mine)
    assert rules.name == {"es": "Cabrero de casa", "en": "House Cabrero",
                          "ca": "Cabrer de casa"}
    assert rules.options["lives"].label["ca"] == "Vides"
    assert rules.ui.blurb["ca"] == "El de casa nostra."
    assert rules.ui.opener[0].text["ca"] == "Es retira amb {lives}."


def test_item49_a_files_words_show_in_each_language(mine: Path) -> None:
    rules = load_ruleset(mine)
    lives = rules.options["lives"]
    assert [in_language(lang, rules.name) for lang in ("ca", "es", "en")] == [
        "Cabrer de casa", "Cabrero de casa", "House Cabrero"]
    assert in_language("ca", lives.label) == "Vides"
    assert in_language("ca", lives.description) == "Ratlles amb què un jugador es retira."


def test_item49_a_missing_catalan_falls_back_to_the_catalog_then_to_spanish(
        mine: Path) -> None:
    rules = load_ruleset(mine)
    # inherited from the bundled file, in the catalog: its Catalan
    assert in_language("ca", rules.options["players"].label) == "Jugadors"
    # the player's own words the catalog does not know, no ca: Spanish, not English
    assert in_language("ca", rules.options["renuncio_marks"].label) == "Rayas por renuncio"
    assert in_language("en", rules.options["renuncio_marks"].label) == "Marks for a revoke"


def test_item49_the_new_game_lists_text_functions_say_the_files_catalan(mine: Path) -> None:
    i18n.set_language("ca")
    assert games.name(str(mine)) == "Cabrer de casa"
    assert games.description(str(mine)) == "El de casa nostra."
    assert openers.lines(str(mine), {"lives": 4}) == ("Es retira amb 4.",)
    i18n.set_language("es")
    assert games.name(str(mine)) == "Cabrero de casa"


def test_item49_the_new_game_screen_lists_the_players_file_in_catalan(
        mine: Path, home: Path) -> None:
    """The last table's file is listed after the bundled games, its options in Catalan."""
    app = make_app(language="ca")
    app.settings.setup.rules = str(mine)
    scene = NewGameScene(app)
    assert scene.games == (*new_game.GAMES, str(mine)) and scene.game == str(mine)
    assert scene.items[-1].game == str(mine) and scene.items[-1].chosen
    labels = {name: label_text(row.label) for name, row in scene.option_rows.items()}
    assert labels["lives"] == "Vides" and labels["players"] == "Jugadors"
    hint = scene.option_rows["lives"].hint
    assert hint is not None and label_text(hint) == "Ratlles amb què un jugador es retira."


def test_item49_a_file_that_no_longer_loads_is_not_listed(mine: Path) -> None:
    mine.write_text("extends: cabrero\nname: {es: A, en: A, fr: A}\n", encoding="utf-8")
    assert new_game.listed(str(mine)) == new_game.GAMES


@pytest.mark.parametrize(("name", "line", "says"), [
    ("{es: A, en: A, fr: A}", 2, "unknown key 'fr' (allowed: es, en, ca)"),
    ("{es: A, en: A, ca: ''}", 2, "name.ca: expected text"),
    ("{es: A, en: A, ca: '{lives}'}", 2, "name.ca: '{lives}' fills in nothing here"),
])
def test_item49_a_bad_catalan_text_is_refused_at_its_line(
        tmp_path: Path, name: str, line: int, says: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(f"extends: cabrero\nname: {name}\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert (caught.value.source, caught.value.line) == (str(path), line)
    assert says in caught.value.message


def test_item49_the_rules_help_lies_beside_the_file(mine: Path, home: Path) -> None:
    assert rules_text(str(mine), "ca") == ""  # none written yet
    mine.with_suffix(".es.md").write_text("# El de casa\n\nEn castellano.\n", encoding="utf-8")
    assert rules_text(str(mine), "ca") == "# El de casa\n\nEn castellano.\n"  # ca missing
    mine.with_suffix(".ca.md").write_text("# El de casa\n\nEn català.\n", encoding="utf-8")
    assert rules_text(str(mine), "ca") == "# El de casa\n\nEn català.\n"
    app = make_app(language="ca")
    rules = load_ruleset(mine)
    scene = RulesScene(app, rules.ref, rules.resolve(), rules)
    assert scene.game == str(mine) and scene.games[-1] == str(mine)
    scene.resize(app.size)
    assert "En català." in [line[0] for line in scene.lines]


def test_item49_without_its_own_help_a_file_is_shown_with_its_base_games(
        mine: Path, home: Path) -> None:
    app = make_app(language="ca")
    rules = load_ruleset(mine)
    scene = RulesScene(app, rules.ref, rules.resolve(), rules)
    assert scene.game == "cabrero" and str(mine) not in scene.games


def test_item49_tute_play_of_a_players_file_puts_it_in_the_new_game_list(
        mine: Path, home: Path) -> None:
    """``tute play my/mine.yaml`` makes the file the last table, which the new-game screen
    lists (no other screen reaches a player's file); a bundled game played so leaves the
    last table as it was."""
    app = make_app(language="ca")
    rules = load_ruleset(mine)
    app.settings.setup = GameSetup("brisca")
    first_scene(app, GameSetup("cabrero", "easy", {"players": 4}), demo=False)
    assert app.settings.setup.rules == "brisca"
    first_scene(app, GameSetup(rules.ref, "easy", rules.resolve()), demo=False)
    assert app.settings.setup.rules == str(mine)
    scene = NewGameScene(app)
    assert scene.game == str(mine) and games.name(scene.game) == "Cabrer de casa"
    first_scene(app, GameSetup("cabrero", "easy", {"players": 4}), demo=False)
    assert app.settings.setup.rules == str(mine)


def test_item49_the_bundled_files_keep_their_catalan_in_the_catalog() -> None:
    """One way for the package: its files carry es and en, their Catalan is in rules.po
    (checked whole by tests/test_ui_i18n.py); ``ca:`` is the player's file's way."""
    from tute.rules.ruleset import bundled_names

    for game in bundled_names():
        rules = load_ruleset(game)
        texts = [rules.name, rules.ui.blurb, *(line.text for line in rules.ui.opener),
                 *(t for o in rules.options.values() for t in (o.label, o.description))]
        assert not [t for t in texts if "ca" in t], f"{game} carries Catalan in its file"


def test_item49_a_players_file_broken_while_listed_does_not_break_the_screen(
        mine: Path, home: Path) -> None:
    app = make_app(language="ca")
    app.settings.setup.rules = str(mine)
    scene = NewGameScene(app)
    scene.draw(app.screen)
    mine.write_text("extends: cabrero\nname: {es: A}\n", encoding="utf-8")  # broken now
    scene.draw(app.screen)  # the list's rows draw its name as read
    assert games.name(str(mine)) == "Cabrer de casa"


def test_item49_a_players_file_broken_before_play_is_told_and_the_screen_stays(
        mine: Path, home: Path) -> None:
    app = make_app(language="en")
    app.settings.setup.rules = str(mine)
    scene = NewGameScene(app)
    app.push(scene)
    mine.write_text("extends: cabrero\nname: {es: A}\n", encoding="utf-8")
    scene.start()
    assert app.scenes.scenes[-1] is scene
    message = app.toasts[-1][0]
    assert message.startswith("Your rules file cannot be played as it is now: ")
    assert f"{mine}, line 2: name: missing key 'en'" in message
