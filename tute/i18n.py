"""Text in the player's language: gettext-style ``.po`` catalogs and a tiny loader.

Messages are written in English in the code (``_("New game")``); ``tute/locale/es.po``
translates them. English needs no catalog. ``N_`` marks a message for translation where it
is defined and ``_`` translates it where it is shown, so a change of language applies at once.
"""

from __future__ import annotations

import ast
import contextlib
import locale
import os
import re
from functools import cache

from tute.resources import locale_dir

LANGUAGES = ("es", "en")
SOURCE_LANGUAGE = "en"
LOCALE_DIR = locale_dir()

_current = SOURCE_LANGUAGE
_SPANISH_SPEAKING = ("es", "ca", "gl", "eu", "spanish", "catalan", "galician", "basque")


def system_language() -> str:
    """``es`` when the system speaks Spanish (or Catalan, Galician, Basque), else ``en``."""
    names = [os.environ.get(k, "") for k in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    with contextlib.suppress(ValueError):
        names.append(locale.getlocale()[0] or "")  # "es_ES", or "Spanish_Spain" on Windows
    for name in names:
        name = name.split(":")[0].lower()
        if name in ("", "c", "posix") or name.startswith("c."):
            continue
        head = re.split(r"[_.\-@]", name)[0]
        return "es" if head in _SPANISH_SPEAKING else "en"
    return "en"


def set_language(lang: str) -> None:
    """Use ``lang`` (``es`` or ``en``; "" means the system's language) from now on."""
    global _current
    _current = lang if lang in LANGUAGES else system_language()


def language() -> str:
    return _current


Catalog = dict[tuple[str, str], list[str]]
"""(context, msgid) -> [msgstr] or [singular, plural] forms."""


def parse_po(text: str) -> Catalog:
    """Read the entries of a ``.po`` file; fuzzy and empty translations are left out."""
    catalog: Catalog = {}
    entry: dict[str, str] = {}
    key = ""
    fuzzy = False

    def flush() -> None:
        nonlocal entry, fuzzy
        msgid = entry.get("msgid", "")
        forms = [entry[k] for k in sorted(entry) if k.startswith("msgstr")]
        if msgid and not fuzzy and all(forms):
            catalog[(entry.get("msgctxt", ""), msgid)] = forms
        entry, fuzzy = {}, False

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith('"'):
            entry[key] += ast.literal_eval(line)
            continue
        word, _, rest = line.partition(" ")
        if any(k.startswith("msgstr") for k in entry) and not word.startswith("msgstr"):
            flush()  # a comment, blank line or new msgid ends the entry
        if line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        if not line or line.startswith("#"):
            continue
        key = word
        entry[key] = ast.literal_eval(rest)
    flush()
    return catalog


@cache
def catalog(lang: str) -> Catalog:
    path = LOCALE_DIR / f"{lang}.po"
    if lang == SOURCE_LANGUAGE or not path.is_file():
        return {}
    return parse_po(path.read_text(encoding="utf-8"))


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, disambiguated by ``context``."""
    forms = catalog(_current).get((context, message))
    return forms[0] if forms else message


def _(message: str) -> str:
    """``message`` in the current language."""
    return pgettext("", message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for ``n`` (Spanish and English agree: n == 1)."""
    forms = catalog(_current).get(("", singular))
    index = 0 if n == 1 else 1
    if forms and len(forms) == 2:
        return forms[index]
    return singular if index == 0 else plural


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it yet."""
    return message
