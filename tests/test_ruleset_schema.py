"""The ruleset schema reference (docs/ruleset-schema.md, issue 41 §1): written by
``tools/ruleset_schema.py`` from the loader's and the engine's definitions, current, and
listing every option name the engine and the computer players read."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tute.rules import ruleset
from tute.rules.schema import option_names, reference

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "ruleset-schema.md"
READ = re.compile(r'\bopt(?:ion)?s(?:\.get\(|\[)"([a-z_0-9]+)"')
"""An option read by name: ``options["lives"]``, ``opts.get("tie", ...)``."""


def test_item41_the_schema_reference_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == reference(), (
        "docs/ruleset-schema.md is stale: run python tools/ruleset_schema.py")


def test_item41_every_option_the_engine_reads_is_in_the_schema() -> None:
    read: dict[str, str] = {}
    for folder in ("engine", "ai"):
        for path in sorted((ROOT / "tute" / folder).glob("*.py")):
            for name in READ.findall(path.read_text(encoding="utf-8")):
                read.setdefault(name, path.name)
    assert {"sing_in_arrastre", "cuarenta_first", "lives", "min_bid"} <= set(read)
    missing = {name: where for name, where in read.items() if name not in option_names()}
    assert not missing, f"options read but not in the schema: {missing}"
    text = DOC.read_text(encoding="utf-8")
    assert all(f"`{name}`" in text for name in read)


def test_item41_the_schema_lists_every_key_a_file_may_write() -> None:
    text = reference()
    for keys in (ruleset.TOP, ruleset.CANTE, ruleset.OPTION, ruleset.UI, ruleset.PLAYERS):
        for name in keys:
            assert f"| `{name}` |" in text
    assert "| `pair` | no |" in text and "| `points` | no |" in text


def test_item41_the_tool_checks_without_writing() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "ruleset_schema.py"),
                           "--check"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "is current" in done.stdout
