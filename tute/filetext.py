"""Words from files filled in: a ruleset's opener lines and a lesson's captions may name a
few values in braces (``{lives}``, ``{card}``), and nothing more.

The files come from anyone, so their words are never handed to ``str.format``: a format
spec (``{lives:>200000000}``) would build a string of hundreds of megabytes, a conversion
or a wrong kind (``{renuncio:d}`` on a text) would raise in the middle of a frame, and an
attribute or index (``{seat.__class__}``) would reach into the program. ``names`` reads a
text's fields and refuses all of that at load, with a sentence the loader puts beside the
file and line; ``fill`` puts plain values in, field by field, and never formats.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping

from tute.echo import shown


class TextFault(ValueError):
    """A brace in a file's words that is not ``{name}``: what is wrong, in one sentence."""


def names(text: str) -> tuple[str, ...]:
    """The names ``text`` fills in, in order; TextFault for an unmatched brace, a format
    spec, a conversion, a number, an attribute or an index (``{{`` and ``}}`` are braces)."""
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError as exc:
        raise TextFault(f"{exc} (write {{{{ and }}}} for a brace itself)") from None
    found: list[str] = []
    for _literal, name, spec, conversion in parts:
        if name is None:
            continue
        whole = "{" + name + (f"!{conversion}" if conversion else "") + (
            f":{spec}" if spec else "") + "}"
        if spec or conversion:
            raise TextFault(f"'{shown(whole)}': only a plain {{name}} is filled in, with no "
                            "format spec or conversion")
        if not name.isidentifier():
            raise TextFault(f"'{shown(whole)}': only a plain {{name}} is filled in, not a "
                            "number, an attribute or an index")
        found.append(name)
    return tuple(found)


def fill(text: str, values: Mapping[str, object]) -> str:
    """``text`` with each ``{name}`` replaced by its value as text; a field that ``names``
    would refuse, or whose value is not given, is left as written (the loader has refused
    such a file already: this only keeps a window alive should one get through)."""
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError:
        return text
    out: list[str] = []
    for literal, name, spec, conversion in parts:
        out.append(literal)
        if name is None:
            continue
        if spec or conversion or name not in values:
            out.append("{" + name + (f"!{conversion}" if conversion else "") + (
                f":{spec}" if spec else "") + "}")
        else:
            out.append(str(values[name]))
    return "".join(out)


_FIELD = re.compile(r"(?<!\{)\{[^{}]*\}")
"""A ``{…}`` that is not part of a doubled ``{{``."""


def field_in_plain(text: str) -> str | None:
    """The first ``{…}`` in a text that fills nothing (a name, a label, a blurb), or None:
    a writer who put ``{lives}`` there expects it filled in, and it never would be."""
    found = _FIELD.search(text)
    return found.group() if found else None
