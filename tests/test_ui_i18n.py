"""The interface's text: the Spanish catalog covers every message, the loader reads it."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from tute import i18n

ROOT = Path(__file__).resolve().parent.parent
MARKERS = {"_", "N_", "ngettext", "pgettext"}


def messages() -> dict[tuple[str, str], str]:
    """(context, msgid) -> where, for every literal message in the interface's code."""
    found: dict[tuple[str, str], str] = {}
    for path in sorted((ROOT / "tute" / "ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in MARKERS and node.args):
                continue
            args = node.args[1:] if node.func.id == "pgettext" else node.args
            context = node.args[0].value if node.func.id == "pgettext" else ""
            first = args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found[(str(context), first.value)] = f"{path.name}:{node.lineno}"
    return found


@pytest.fixture
def spanish() -> dict[tuple[str, str], list[str]]:
    return i18n.parse_po((i18n.LOCALE_DIR / "es.po").read_text(encoding="utf-8"))


def test_every_message_has_a_spanish_translation(spanish: dict) -> None:
    missing = {k: where for k, where in messages().items() if k not in spanish}
    assert not missing


def test_the_catalog_holds_no_stale_messages(spanish: dict) -> None:
    assert not set(spanish) - set(messages())


def test_translations_keep_the_placeholders(spanish: dict) -> None:
    def fields(text: str) -> set[str]:
        return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}

    for (_ctx, msgid), forms in spanish.items():
        for form in forms:
            assert fields(form) == fields(msgid), msgid


def test_the_loader_reads_contexts_plurals_and_continuations() -> None:
    catalog = i18n.parse_po('msgid ""\nmsgstr "Language: es\\n"\n\n'
                            'msgctxt "card"\nmsgid "Back"\nmsgstr "Reverso"\n\n'
                            'msgid "Back"\nmsgstr ""\n"Vol"\n"ver"\n\n'
                            '#, fuzzy\nmsgid "Fuzzy"\nmsgstr "Borroso"\n\n'
                            'msgid "{n} card"\nmsgid_plural "{n} cards"\n'
                            'msgstr[0] "{n} carta"\nmsgstr[1] "{n} cartas"\n')
    assert catalog == {("card", "Back"): ["Reverso"], ("", "Back"): ["Volver"],
                       ("", "{n} card"): ["{n} carta", "{n} cartas"]}


def test_switching_language_translates_at_once() -> None:
    try:
        i18n.set_language("es")
        assert i18n._("New game") == "Nueva partida"
        assert i18n.ngettext("{n} player", "{n} players", 3) == "{n} jugadores"
        assert i18n._("A message nobody translated") == "A message nobody translated"
        i18n.set_language("en")
        assert i18n._("New game") == "New game"
        assert i18n.ngettext("{n} player", "{n} players", 1) == "{n} player"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("env", "expected"), [
    ("es_ES.UTF-8", "es"), ("ca_ES@valencia", "es"), ("Spanish_Spain.1252", "es"),
    ("en_GB.UTF-8", "en"), ("Estonian_Estonia", "en"), ("de_DE", "en"), ("C", "en"),
])
def test_the_default_language_follows_the_system(monkeypatch: pytest.MonkeyPatch, env: str,
                                                  expected: str) -> None:
    for key in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", env)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert i18n.system_language() == expected
