"""Text in the player's language, through standard gettext catalogs.

Messages are written in English in the code (``_("New game")``). Each language has a ``.po``
source under ``tute/locale/LANG/LC_MESSAGES/`` and the ``.mo`` that Babel compiles from it
(committed beside it; a test keeps the two in step); the standard library's ``gettext``
reads the ``.mo``. English needs no catalog. ``N_`` marks a message where it is defined and
``_`` translates it where it is shown, so a change of language applies at once.

Two domains: ``tute`` holds the interface's messages; ``rules`` the ruleset files' names,
option labels and descriptions for languages the files themselves do not carry, looked up
by their English text. Every file carries Spanish and English; a player's own file may
carry its Catalan too (``ca:``), which is shown before the catalog's: the bundled files keep
theirs in the catalog, a player's file carries its own words (``ruleset_text``).
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import os
import re
from collections.abc import Mapping
from functools import cache

from tute.resources import locale_dir

LANGUAGES = ("es", "ca", "en")
SOURCE_LANGUAGE = "en"
DOMAIN = "tute"
RULES_DOMAIN = "rules"
LOCALE_DIR = locale_dir()

_current = SOURCE_LANGUAGE
_LANGUAGE_OF = {"es": "es", "spanish": "es", "gl": "es", "galician": "es", "eu": "es",
                "basque": "es", "ca": "ca", "catalan": "ca", "valencian": "ca"}
"""System language names -> ours: Galician and Basque speakers get Spanish."""


def system_language() -> str:
    """``es``, ``ca`` or ``en``, from the system's language (``en`` for any other)."""
    names = [os.environ.get(k, "") for k in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    with contextlib.suppress(ValueError):
        names.append(locale.getlocale()[0] or "")  # "ca_ES", or "Catalan_Spain" on Windows
    for name in names:
        name = name.split(":")[0].lower()
        if name in ("", "c", "posix") or name.startswith("c."):
            continue
        return _LANGUAGE_OF.get(re.split(r"[_.\-@]", name)[0], "en")
    return "en"


def set_language(lang: str) -> None:
    """Use ``lang`` (one of LANGUAGES; "" means the system's language) from now on."""
    global _current
    _current = lang if lang in LANGUAGES else system_language()


def language() -> str:
    return _current


@cache
def translations(lang: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The compiled catalog of ``lang``; one that translates nothing for English."""
    return gettext.translation(domain, LOCALE_DIR, languages=[lang], fallback=True)


def _(message: str) -> str:
    """``message`` in the current language. An empty message stays empty: gettext would
    answer it with the catalog's header ("Project-Id-Version: ...")."""
    return translations(_current).gettext(message) if message else ""


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, disambiguated by ``context`` (empty stays
    empty, as with ``_``)."""
    return translations(_current).pgettext(context, message) if message else ""


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for ``n``, as the language's plural rule says."""
    return translations(_current).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it yet."""
    return message


def ruleset_text(texts: Mapping[str, str]) -> str:
    """A ruleset file's text (``{es: ..., en: ...}``, maybe ``ca: ...``) in the current
    language: the file's own; else its English through the ``rules`` catalog; else (a
    player's file the catalog does not know, in Catalan) its Spanish, the nearer language,
    else its English."""
    if _current in texts:
        return texts[_current]
    english = texts.get(SOURCE_LANGUAGE, "")
    if english and knows(_current, RULES_DOMAIN, english):
        return translations(_current, RULES_DOMAIN).gettext(english)
    return texts.get(NEAREST.get(_current, ""), english)


NEAREST = {"ca": "es"}
"""The language a text missing in the player's is read in instead, where the file has it."""


def knows(lang: str, domain: str, message: str) -> bool:
    """Whether the catalog of ``lang`` translates ``message`` (not just hands it back)."""
    catalog: Mapping[str, str] = getattr(translations(lang, domain), "_catalog", {})
    return bool(catalog.get(message))
