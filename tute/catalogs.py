"""Upkeep of the translation catalogs: what the code and the ruleset files ask to be
translated, and whether each language's ``.po`` covers it and its ``.mo`` was compiled from
it. Babel calls ``extract_rulesets`` (through ``babel-rules.cfg``) and the tests call
``problems``; the game never imports this module, so Babel stays a development tool.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import IO, Any

import yaml
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from tute.i18n import DOMAIN, LOCALE_DIR, RULES_DOMAIN

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = {DOMAIN: ("es", "ca"), RULES_DOMAIN: ("ca",)}
"""Which languages each domain needs: the ruleset files carry Spanish themselves."""
MAPPING = {DOMAIN: "babel.cfg", RULES_DOMAIN: "babel-rules.cfg"}

Key = tuple[str | None, str]
"""(context, message id); a plural is keyed by its singular."""


def extract_rulesets(fileobj: IO[bytes], keywords: object, comment_tags: object,
                     options: object) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extraction method: the English side of every ``{es: ..., en: ...}`` text of a
    ruleset file (its name, option labels and descriptions)."""
    raw = fileobj.read().decode("utf-8")
    lines = raw.splitlines()

    def walk(node: Any) -> Iterator[str]:
        if isinstance(node, dict):
            if isinstance(node.get("en"), str) and isinstance(node.get("es"), str):
                yield node["en"]
            for value in node.values():
                yield from walk(value)
        elif isinstance(node, list):
            for value in node:
                yield from walk(value)

    for text in walk(yaml.safe_load(raw)):
        lineno = next((i + 1 for i, line in enumerate(lines) if text in line), 0)
        yield lineno, "_", text, []


@cache
def extracted(domain: str) -> dict[Key, str]:
    """Every message the sources of ``domain`` ask for -> where the first one is."""
    with open(ROOT / MAPPING[domain], encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)  # type: ignore[no-untyped-call]
    found: dict[Key, str] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
            ROOT, method_map, options_map):
        msgid = message[0] if isinstance(message, tuple) else message
        if msgid:
            found.setdefault((context, msgid), f"{filename}:{lineno}")
    return found


def source(lang: str, domain: str, ext: str = "po") -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.{ext}"


def _entries(catalog: Catalog) -> dict[Key, tuple[str, ...]]:
    """(context, msgid) -> the translated forms, header left out."""
    out: dict[Key, tuple[str, ...]] = {}
    for m in catalog:
        if not m.id:
            continue
        msgid = m.id[0] if isinstance(m.id, tuple | list) else m.id
        forms = m.string if isinstance(m.string, tuple | list) else (m.string,)
        out[(m.context, msgid)] = tuple(str(f or "") for f in forms)
    return out


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def problems(lang: str, domain: str) -> list[str]:
    """What is wrong with a catalog, one line each: messages missing, untranslated, fuzzy
    or no longer asked for, placeholders that differ, a ``.mo`` not compiled from it."""
    with open(source(lang, domain), "rb") as f:
        po = read_po(f, locale=lang)
    entries = _entries(po)
    wanted = extracted(domain)
    out = [f"missing: {k[1]!r} ({where})" for k, where in wanted.items() if k not in entries]
    out += [f"stale (no longer in the code): {k[1]!r}" for k in entries if k not in wanted]
    for m in po:
        if m.id and m.fuzzy:
            out.append(f"fuzzy: {m.id!r}")
    for (_ctx, msgid), forms in entries.items():
        if not all(forms):
            out.append(f"untranslated: {msgid!r}")
        elif any(_fields(form) != _fields(msgid) for form in forms):
            out.append(f"placeholders differ: {msgid!r}")
    mo_path = source(lang, domain, "mo")
    if not mo_path.is_file():
        out.append(f"{mo_path.name} is missing: run pybabel compile")
    else:
        with open(mo_path, "rb") as f:
            if _entries(read_mo(f)) != {k: v for k, v in entries.items() if all(v)}:
                out.append(f"{mo_path.name} is stale: run pybabel compile")
    return out
