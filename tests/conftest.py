"""Fixtures shared by test files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def compiled_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package with the engine compiled by mypyc (tools/compile_engine.py),
    made once per session: the compiled-engine tests and the frozen app both use it."""
    out = tmp_path_factory.mktemp("mypyc") / "compiled"
    subprocess.run([sys.executable, str(ROOT / "tools" / "compile_engine.py"), "--out",
                    str(out)], check=True, capture_output=True, timeout=900)
    return out
