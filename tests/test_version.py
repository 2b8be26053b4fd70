"""``tute --version``: the version, and whether the engine is compiled (the frozen app's
side is in tests/test_packaging.py)."""

from __future__ import annotations

import pytest

import tute
from tute.cli import main


def test_version_from_the_sources_says_the_engine_is_pure_python(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"tute {tute.__version__}\nengine: pure Python\n"
