"""Layering: nothing below the UI imports pygame (docs/design.md, "Layers")."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BELOW_UI = [ROOT / "tute" / "cards.py", *sorted((ROOT / "tute").glob("engine/**/*.py")),
            *sorted((ROOT / "tute").glob("rules/**/*.py")),
            *sorted((ROOT / "tute").glob("ai/**/*.py"))]
PYGAME_FREE_UI = [ROOT / "tute" / "ui" / name for name in ("table/controller.py",
                                                           "table/session.py",
                                                           "shell/worker.py")]
"""The table's match without its window: the controller, its session and the worker."""


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module.split(".")[0])
    return out


@pytest.mark.parametrize("path", BELOW_UI + PYGAME_FREE_UI,
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_pygame_below_the_ui(path: Path) -> None:
    assert "pygame" not in imported_modules(path)


def test_engine_imports_without_pygame_loaded() -> None:
    import subprocess
    import sys

    code = ("import sys, tute.engine, tute.rules, tute.engine.record, tute.replay,"
            " tute.ui.table.controller;"
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line for line in readme.splitlines() if "pytest" in line]
    assert commands, "README has no test command"
    assert commands[0].strip() in ci
