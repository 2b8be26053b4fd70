"""Layering: what may import what (docs/design.md, "Layers" and "The window's rooms").

Imports are read from the source: at module level and inside functions alike (a scene that
imports the menu when a button is pressed depends on it all the same); only those under
``if TYPE_CHECKING:`` (type hints) do not count. A package's ``__init__`` is its front: a
module importing ``tute.engine.hand`` depends on ``hand``, not on what ``tute/engine``
gathers for its callers.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TUTE = ROOT / "tute"
BELOW_UI = [TUTE / "cards.py", *sorted(TUTE.glob("engine/**/*.py")),
            *sorted(TUTE.glob("rules/**/*.py")), *sorted(TUTE.glob("ai/**/*.py"))]
PYGAME_FREE_UI = [TUTE / "ui" / "table" / "controller.py", TUTE / "ui" / "table" / "session.py",
                  TUTE / "ui" / "shell" / "worker.py"]
"""The table's match without its window: the controller, its session and the worker."""
ROOMS = ("words", "widgets", "shell", "table", "learning", "practice", "menus")
"""The window's rooms from the bottom up (tute/ui/__init__.py): each may import those
before it, never one after it."""
WINDOWLESS = ("cards", "ai", "rules", "engine", "lessons", "puzzles")
"""Packages that keep their data and checks free of the window."""
SPECS = tuple(f"{name}.md" for name in ("RULES", "RECORDS", "DESIGN"))
"""The specifications outside the repository (../shared); docs/ is the repository's own."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(TUTE.rglob("*.py"))}


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import under ``node`` but those only for type checkers."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _type_checking(child.test):
            for other in child.orelse:
                yield from _import_nodes(ast.Module(body=[other], type_ignores=[]))
        elif isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        else:
            yield from _import_nodes(child)


@cache
def imports(path: Path) -> frozenset[str]:
    """The modules ``path`` imports (``imports_in``)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    return imports_in(path.read_text(encoding="utf-8"), package)


def imports_in(source: str, package: str) -> frozenset[str]:
    """The modules ``source`` (a module of ``package``) imports, as dotted names: ``from
    tute.engine import deal`` names ``tute.engine.deal``; ``from tute.engine import Match``,
    ``tute.engine``."""
    out: set[str] = set()
    for node in _import_nodes(ast.parse(source)):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
            continue
        if node.level:
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            source_module = ".".join([*base, *([node.module] if node.module else [])])
        else:
            source_module = node.module or ""
        for alias in node.names:
            whole = f"{source_module}.{alias.name}"
            out.add(whole if whole in modules() else source_module)
    return frozenset(out)


def room_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["tute", "ui"] else None


def circles(modules_imports: dict[str, frozenset[str]]) -> list[list[str]]:
    """The import circles (strongly connected components of more than one module),
    Tarjan's algorithm without recursion."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in modules_imports:
        if root in index:
            continue
        work = [(root, iter(sorted(modules_imports[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for target in edges:
                if target not in modules_imports:
                    continue
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(modules_imports[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_the_circle_finder_finds_a_circle_and_only_it() -> None:
    graph = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a", "d"}),
             "d": frozenset(), "e": frozenset({"e", "d"})}
    assert circles(graph) == [["a", "b", "c"]]


def test_imports_are_read_inside_functions_but_not_for_type_checkers() -> None:
    source = """
from typing import TYPE_CHECKING
from tute.engine import deal, Match
from . import scene
if TYPE_CHECKING:
    from tute.ui.shell.app import App
else:
    import json
def later():
    from tute.ui.menus.menu import MenuScene
"""
    assert imports_in(source, "tute.ui.table") == {
        "typing", "tute.engine.deal", "tute.engine", "tute.ui.table.scene", "json",
        "tute.ui.menus.menu"}


@pytest.mark.parametrize("path", BELOW_UI + PYGAME_FREE_UI,
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_pygame_below_the_ui(path: Path) -> None:
    assert not {m for m in imports(path) if m.split(".")[0] == "pygame"}


def test_engine_imports_without_pygame_loaded() -> None:
    code = ("import sys, tute.engine, tute.rules, tute.engine.record, tute.replay,"
            " tute.ui.table.controller;"
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


def test_each_room_says_what_it_holds_and_may_import() -> None:
    for room in ROOMS:
        doc = ast.get_docstring(ast.parse((TUTE / "ui" / room / "__init__.py").read_text(
            encoding="utf-8")))
        assert doc and "May import" in doc, room


def test_no_room_imports_a_room_above_it() -> None:
    """Nor the composition root, tute/ui/main.py, which imports them all."""
    upward = []
    for module, path in modules().items():
        room = room_of(module)
        if room is None or room not in ROOMS:
            continue
        for target in imports(path):
            other = room_of(target)
            if target == "tute.ui.main" or (other in ROOMS and ROOMS.index(other) >
                                             ROOMS.index(room)):
                upward.append(f"{module} -> {target}")
    assert not upward, "imports pointing up:\n" + "\n".join(sorted(upward))


def test_scenes_reach_the_app_only_through_type_hints() -> None:
    """A scene gets its app (and its routes) handed in: only the shell imports its module."""
    found = [module for module, path in modules().items()
             if room_of(module) in ROOMS and room_of(module) != "shell"
             and "tute.ui.shell.app" in imports(path)]
    assert not found


@pytest.mark.parametrize("package", ["tute.ui", "tute.engine"])
def test_no_import_circle(package: str) -> None:
    """No circle runs through a module of ``package``, counting the modules outside it that
    close one (the engine's through tute.rules, say)."""
    graph = {m: imports(p) for m, p in modules().items()}
    touching = [c for c in circles(graph)
                if any(m == package or m.startswith(package + ".") for m in c)]
    assert not touching, "import circles:\n" + "\n".join(" ".join(c) for c in touching)


@pytest.mark.parametrize("package", WINDOWLESS)
def test_windowless_packages_import_neither_the_ui_nor_pygame(package: str) -> None:
    found = [f"{m} -> {t}" for m, p in modules().items()
             if m == f"tute.{package}" or m.startswith(f"tute.{package}.")
             for t in imports(p) if t.split(".")[0] == "pygame" or t.startswith("tute.ui")]
    assert not found


def test_the_rules_never_import_the_kit() -> None:
    """The strategy names the loader checks live below it, in tute.engine.registries."""
    found = [m for m, p in modules().items()
             if m.startswith("tute.rules") and "tute.engine.kit" in imports(p)]
    assert not found


def test_no_file_outside_docs_cites_the_specs_outside_the_repository() -> None:
    """The repository's own specification is docs/ (rules.md, records.md, design.md)."""
    files = subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True,
                           cwd=ROOT).stdout.split()
    cite = re.compile("|".join(re.escape(s) for s in SPECS))
    found = [name for name in files if not name.startswith("docs/") and (ROOT / name).is_file()
             and cite.search((ROOT / name).read_bytes().decode("utf-8", "replace"))]
    assert not found


NAMED = re.compile(r"\b(scoring|settlement)(_name)?\b|\brules\.(ref|id|base)\b")
"""An expression holding a strategy's or a game's name."""


def _names() -> set[str]:
    """Every scoring and settlement strategy, every bundled game and alias."""
    from tute.engine.registries import REGISTRIES
    from tute.resources import rules_dir
    from tute.rules import RulesetError
    from tute.rules.yamlio import read

    names = {*REGISTRIES["scoring"], *REGISTRIES["settlement"]}
    for path in rules_dir().glob("*.yaml"):
        data = read(path, RulesetError).data
        names |= {path.stem, *(data.get("aliases", []) if isinstance(data, dict) else [])}
    return names


def _literals(node: ast.expr) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return {s for e in node.elts for s in _literals(e)}
    return set()


def test_the_ui_compares_no_strategy_or_game_name() -> None:
    """A strategy's own words are looked up by its name (reasons.REASONS), never chosen by
    comparing it: neither ``scoring == x`` nor a name written out beside a game's."""
    names = _names()
    found = []
    for path in sorted((TUTE / "ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            named = [s for s in sides if NAMED.search(ast.unparse(s))]
            equal = any(isinstance(op, ast.Eq | ast.NotEq | ast.Is | ast.IsNot)
                        for op in node.ops)
            literal = any(_literals(s) & names for s in sides)
            if named and (equal or literal):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "\n".join(found)


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line for line in readme.splitlines() if "pytest" in line]
    assert commands, "README has no test command"
    assert commands[0].strip() in ci
