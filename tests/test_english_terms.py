"""One rule for the game's words in English (issue 40, item 11; docs/design.md, Style):
the Spanish game's own terms stay Spanish, glossed in the rules help; the card table's
ordinary words, the cards and the suits are English. A Spanish word in brackets after its
English is a gloss and allowed."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

ROOT = Path(__file__).resolve().parent.parent
KEPT = ("mano", "muestra", "cante", "las veinte", "las cuarenta", "tute", "juego",
        "diez de últimas", "arrastre", "a más", "a menos", "capote", "capot", "contro",
        "recontro", "sant vicenç", "butifarra", "manilla", "bateado", "acompaño")
"""Said in Spanish in English too: English card games have no word for them."""
TRANSLATED = ("baza", "bazas", "triunfo", "triunfos", "monte", "palo", "palos", "renuncio",
              "raya", "rayas", "rey", "reyes", "caballo", "caballos", "sota", "sotas", "oros",
              "copas", "espadas", "bastos", "asistir", "montar", "fallar", "arrastrar")
"""Said in English (trick, trump, stock, suit, revoke, mark, the cards and suits, follow,
beat, trump, lead trumps); allowed only as a gloss in brackets."""
STAND_INS = ("games to win", "two games", "lost game", "eldest", "turn-up", "turnup",
             "marriage", "meld", "ten for last", "jugadores", "manos")
"""English words standing in for kept terms (juego, mano, muestra, cante, diez de
últimas), and Spanish labels left untranslated."""


def english_texts() -> dict[str, str]:
    """Every English text a player reads -> where it comes from."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)  # type: ignore[no-untyped-call]
    found: dict[str, str] = {}
    for name, line, message, _comments, _context in extract_from_dir(
            ROOT, method_map, options_map):
        for text in message if isinstance(message, tuple) else (message,):
            if text:
                found[text] = f"{name}:{line}"

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("en"), str):
                found[node["en"]] = where
            for value in node.values():
                walk(value, where)
        elif isinstance(node, list):
            for value in node:
                walk(value, where)

    for path in sorted((ROOT / "config" / "rules").glob("*.yaml")):
        walk(yaml.safe_load(path.read_text("utf-8")), path.name)
    for path in sorted((ROOT / "assets" / "rules").glob("*.en.md")):
        for i, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            found[line] = f"{path.name}:{i}"
    return found


def words(text: str) -> str:
    """``text`` without its glosses (brackets) and its placeholders, in lower case."""
    return re.sub(r"\([^)]*\)|\{[^}]*\}", " ", text).lower()


def test_item11_english_keeps_spanish_terms_only_where_the_rule_says() -> None:
    texts = english_texts()
    assert len(texts) > 1000
    pattern = re.compile(r"\b(" + "|".join(TRANSLATED + STAND_INS) + r")\b")
    found = sorted(f"{where}: {m.group(1)!r} in {text[:70]!r}" for text, where in texts.items()
                   if (m := pattern.search(words(text))))
    assert not found, "\n".join(found)


def test_item11_every_kept_term_is_glossed_in_the_rules_help() -> None:
    """A kept term the English table shows is explained (in bold or italics, or as a
    heading, then its meaning) in at least one game's English rules help."""
    helps = " ".join(p.read_text("utf-8").lower()
                     for p in (ROOT / "assets" / "rules").glob("*.en.md"))
    shown = " ".join(words(t) for t in english_texts())
    glossed = " ".join(re.findall(r"\*+[^*\n]+\*+|^#+ .*$", helps, re.MULTILINE))
    missing = [term for term in KEPT
               if re.search(rf"\b{term}", shown) and not re.search(rf"\b{term}", glossed)]
    assert not missing, missing
