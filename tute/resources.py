"""The one place that knows where assets and rulesets live.

Three layouts are supported: a source checkout (or editable install), where ``assets/`` and
``config/`` sit beside the ``tute`` package; an installed wheel, which carries them under
``tute/data/``; and a frozen PyInstaller app, which unpacks them under ``sys._MEIPASS``.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_root() -> Path:
    """The folder holding ``assets/`` and ``config/`` for this installation."""
    candidates = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        candidates.append(Path(frozen))
    candidates += [_PACKAGE / "data", _PACKAGE.parent]
    for root in candidates:
        if (root / "config" / "rules").is_dir():
            return root
    raise FileNotFoundError(
        "cannot find the game's data (config/rules); looked in "
        + ", ".join(str(c) for c in candidates)
    )


def asset(*parts: str) -> Path:
    """Path of a file or folder under ``assets/``."""
    return data_root().joinpath("assets", *parts)


def rules_dir() -> Path:
    """Folder of the bundled ruleset files."""
    return data_root() / "config" / "rules"


def locale_dir() -> Path:
    """Folder of the translation catalogs, shipped inside the package in every layout."""
    return _PACKAGE / "locale"
