"""The engine and the hard level's search compiled with mypyc (tools/compile_engine.py) play
by the same rules and decide alike: the rules, property and AI tests run against the
compiled copy (the release app ships it), and the hard level's choices and expected values
on fixed positions are the very ones pure Python gives."""

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
    "test_ai.py", "test_search_exact.py", "test_ai_cantes.py", "test_ai_declare.py",
    "test_ai_honest.py", "test_ai_sampler.py", "test_review.py")]
LEFT_OUT = ["-k", "not test_the_called_card_goes_to_seats_by_their_odds"]
"""Tests that replace a function of a compiled module (monkeypatch), which compiled callers
do not see: they run in pure Python only (test_search_table.py counts the exact search's
nodes so, and is left out whole)."""


def run_from(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Python with the package of ``copy`` (run from it, so that the checkout's own package
    is not on the path)."""
    return subprocess.run([sys.executable, *args], cwd=copy,
                          env={**os.environ, "PYTHONPATH": str(copy)}, capture_output=True,
                          text=True, timeout=900)


@pytest.mark.slow
def test_the_compiled_engine_passes_the_rules_tests(compiled_copy: Path) -> None:
    probe = run_from(compiled_copy, "-c", "import tute.engine.play as p, tute.ai.playout as q;"
                     " print(p.__file__, q.__file__)")
    assert all(path.endswith((".so", ".pyd")) for path in probe.stdout.split()), probe.stdout
    run = run_from(compiled_copy, "-m", "pytest", "-q", "-p", "no:cacheprovider", *RULE_TESTS,
                   *LEFT_OUT)
    assert run.returncode == 0, run.stdout[-3000:]


@pytest.mark.slow
def test_the_compiled_search_decides_as_pure_python(compiled_copy: Path) -> None:
    """The hard level's choice and every guess's values on the fixed positions of
    tests/search_fingerprint.py are the same compiled and in pure Python."""
    script = str(ROOT / "tests" / "search_fingerprint.py")
    pure, compiled = run_from(ROOT, script), run_from(compiled_copy, script)
    assert pure.returncode == 0 and compiled.returncode == 0, pure.stderr + compiled.stderr
    assert pure.stdout.count("\n") >= 30, pure.stdout
    assert compiled.stdout == pure.stdout
