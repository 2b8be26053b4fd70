"""The engine compiled with mypyc (tools/compile_engine.py) plays by the same rules: the
rules and property tests run against the compiled copy (the release app ships it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULE_TESTS = [str(ROOT / "tests" / name) for name in (
    "test_cabrero.py", "test_rules_common.py", "test_family_properties.py", "test_replay.py",
    "test_dos.py", "test_parejas.py", "test_arrastrado.py", "test_final_duel.py",
    "test_ai.py")]


@pytest.mark.slow
def test_the_compiled_engine_passes_the_rules_tests(compiled_copy: Path) -> None:
    out = compiled_copy
    probe = subprocess.run(
        [sys.executable, "-c", "import tute.engine.play as p; print(p.__file__)"],
        cwd=out, env={**os.environ, "PYTHONPATH": str(out)}, capture_output=True, text=True,
        check=True)  # run from the copy, so the checkout's own package is not on the path
    assert probe.stdout.strip().endswith((".so", ".pyd")), probe.stdout
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          *RULE_TESTS], cwd=out, env={**os.environ, "PYTHONPATH": str(out)},
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:]
