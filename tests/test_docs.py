"""The documentation's examples run: docs/engine.md is a doctest, so the page that shows the
engine's API playing a hand cannot drift from the code; docs/rules.md keeps the section
numbers that tests and code cite."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_engine_page_plays_its_hand() -> None:
    result = doctest.testfile(str(DOCS / "engine.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS, raise_on_error=False,
                              verbose=False, report=True)
    assert result.attempted > 20, "the engine page lost its examples"
    assert result.failed == 0, "docs/engine.md: see the doctest report above"


def test_rules_page_has_every_section() -> None:
    """Citations read `docs/rules.md §N`: the sections are numbered from §0 upwards, in
    order, each once (a game added later takes the next free number; no count is fixed),
    and every section that a ruleset file, the code or a test cites exists."""
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    numbers = [int(n) for n in re.findall(r"^## (\d+)\. ", text, flags=re.MULTILINE)]
    assert numbers and numbers[0] == 0
    assert numbers == sorted(set(numbers)), f"sections out of order or repeated: {numbers}"
    root = DOCS.parent
    cited = {int(n) for folder in ("config", "tute", "tests")
             for path in (root / folder).rglob("*.*") if path.suffix in (".py", ".yaml")
             for n in re.findall(r"rules\.md §(\d+)", path.read_text(encoding="utf-8"))}
    assert cited <= set(numbers), f"cited but missing: {sorted(cited - set(numbers))}"


def test_item3_the_readme_names_every_game() -> None:
    """Issue 41 §3: every ruleset file in config/rules is named in the README's list of
    games (by its Spanish or its English name), so a new game is not left out."""
    from tute.resources import rules_dir
    from tute.rules import load_ruleset

    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    games = readme.split("## The games", 1)[1].split("\n## ", 1)[0]
    missing = [path.stem for path in sorted(rules_dir().glob("*.yaml"))
               if not any(f"- {name}" in games for name in load_ruleset(path.stem).name.values())]
    assert not missing, f"README's 'The games' leaves out {missing}"


def test_rules_page_section_11_names_the_exchange_keys_as_keys() -> None:
    """docs/rules.md §11 (what a ruleset file holds) names every exchange key the loader
    reads, and says of none of them that it is "not yet" a key."""
    from tute.rules.ruleset import TOP

    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    section = text.split("\n## 11. ", 1)[1].split("\n## 12. ", 1)[0]
    exchange = [key for key in TOP if key.startswith("exchange_")]
    assert exchange and all(f"`{key}`" in section for key in exchange)
    for sentence in re.split(r"(?<=[.;])\s", section):
        if "not yet" in sentence:
            assert not [key for key in TOP if key in sentence], sentence
