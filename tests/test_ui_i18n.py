"""The interface's text: gettext catalogs cover every message in Spanish and Catalan, the
compiled ``.mo`` files are fresh, and the language follows the settings or the system."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tute import catalogs, i18n
from tute.rules import load_ruleset

CATALOGS = [(domain, lang) for domain, langs in catalogs.LANGUAGES.items() for lang in langs]


@pytest.mark.parametrize(("domain", "lang"), CATALOGS)
def test_every_catalog_is_complete_and_compiled(domain: str, lang: str) -> None:
    assert catalogs.problems(lang, domain) == []


@pytest.fixture
def spanish_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The Spanish catalog copied aside, where the checks look for it."""
    shutil.copytree(i18n.LOCALE_DIR / "es", tmp_path / "es")
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path)
    return tmp_path / "es" / "LC_MESSAGES" / "tute.po"


def test_a_po_changed_without_compiling_is_found_stale(spanish_copy: Path) -> None:
    text = spanish_copy.read_text(encoding="utf-8")
    spanish_copy.write_text(text.replace('msgstr "Nueva partida"', 'msgstr "Partida nueva"'),
                            encoding="utf-8")
    assert catalogs.problems("es", "tute") == ["tute.mo is stale: run pybabel compile"]


def test_missing_and_forgotten_messages_are_named(spanish_copy: Path) -> None:
    text = spanish_copy.read_text(encoding="utf-8")
    text = text.replace('msgid "New game"\nmsgstr "Nueva partida"\n', "")
    text += '\nmsgid "A message the code dropped"\nmsgstr "Un mensaje olvidado"\n'
    spanish_copy.write_text(text, encoding="utf-8")
    found = catalogs.problems("es", "tute")
    assert any(p.startswith("missing: 'New game'") for p in found)
    assert "stale (no longer in the code): 'A message the code dropped'" in found


def test_switching_language_translates_at_once() -> None:
    try:
        i18n.set_language("es")
        assert i18n._("New game") == "Nueva partida"
        assert i18n.ngettext("{n} player", "{n} players", 3) == "{n} jugadores"
        assert i18n._("A message nobody translated") == "A message nobody translated"
        i18n.set_language("ca")
        assert i18n._("New game") == "Partida nova"
        assert i18n.ngettext("{n} player", "{n} players", 1) == "{n} jugador"
        i18n.set_language("en")
        assert i18n._("New game") == "New game"
        assert i18n.ngettext("{n} player", "{n} players", 1) == "{n} player"
    finally:
        i18n.set_language("en")


def test_ruleset_texts_come_from_the_file_or_the_rules_catalog() -> None:
    name = load_ruleset("dos").name
    try:
        i18n.set_language("es")
        assert i18n.ruleset_text(name) == "Tute a dos"
        i18n.set_language("ca")
        assert i18n.ruleset_text(name) == "Tute a dos"
        assert i18n.ruleset_text(load_ruleset("cabrero").options["lives"].label) == "Ratlles"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("env", "expected"), [
    ("es_ES.UTF-8", "es"), ("ca_ES@valencia", "ca"), ("Catalan_Spain.1252", "ca"),
    ("gl_ES", "es"), ("Spanish_Spain.1252", "es"), ("en_GB.UTF-8", "en"),
    ("Estonian_Estonia", "en"), ("de_DE", "en"), ("C", "en"),
])
def test_the_default_language_follows_the_system(monkeypatch: pytest.MonkeyPatch, env: str,
                                                  expected: str) -> None:
    for key in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", env)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert i18n.system_language() == expected


def test_catalan_names_the_game_and_the_stock_one_way() -> None:
    """Issue 47: in Catalan the game is Guinyot in the list, the help and the lesson alike
    (never Guiñote), and the stock is el munt at the table, in the lessons and in the help
    (never la pila)."""
    import re

    from babel.messages.pofile import read_po

    for domain in catalogs.LANGUAGES:
        with catalogs.source("ca", domain).open("rb") as po:
            catalog = read_po(po)
        for message in catalog:
            texts = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in texts:
                assert not re.search(r"Guiñote|\bpila\b", text or "", re.IGNORECASE), text
