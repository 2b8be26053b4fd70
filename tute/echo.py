"""Text a player or a file wrote, quoted back in a message: records and rulesets come from
anyone, so what they hold must neither drive the terminal (escape sequences, bidi controls)
nor flood it (a record may hold one action of megabytes)."""

from __future__ import annotations

import unicodedata

ECHO = 60
"""Characters of one quoted piece of input: far more than any card, verb, name or seat."""

_HIDDEN = {"Cc", "Cf", "Cs", "Co", "Zl", "Zp"}
"""Unicode categories shown as escapes: controls, formats (bidi overrides), surrogates,
private use and line separators."""


def _escaped(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else (
        f"\\U{code:08x}")


def printable(text: str, keep_newlines: bool = False) -> str:
    """``text`` with every control or invisible format character written as an escape
    (``\\x1b``); newlines kept when ``keep_newlines`` (a message of several lines)."""
    if text.isprintable():
        return text
    return "".join(ch if (keep_newlines and ch == "\n") or (
        unicodedata.category(ch) not in _HIDDEN) else _escaped(ch) for ch in text)


def cut(text: str, most: int = ECHO) -> str:
    """``text`` cut to ``most`` characters, an ellipsis marking the cut."""
    return text if len(text) <= most else text[:most - 1] + "…"


def shown(text: object, most: int = ECHO) -> str:
    """A piece of input for a one-line message: cut to ``most`` characters, then escaped."""
    return printable(cut(str(text), most))
