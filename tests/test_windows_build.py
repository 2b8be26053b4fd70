"""The Windows game built, installed and started under Wine (tools/build_windows.sh).

Skipped unless ``TUTE_WINDOWS_BUILD=1``: the script installs Wine (as root), downloads a few
hundred MB the first time and takes minutes. See docs/packaging.md.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import tute

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("TUTE_WINDOWS_BUILD") != "1",
                       reason="set TUTE_WINDOWS_BUILD=1 to build the Windows game under Wine"),
]

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "dist" / "windows"


@pytest.fixture(scope="module")
def build() -> str:
    """Run the script; its log."""
    done = subprocess.run(["bash", str(ROOT / "tools" / "build_windows.sh")],
                          env={**os.environ, "PYTHON": sys.executable},
                          capture_output=True, text=True, timeout=3600)
    log = done.stdout + done.stderr
    assert done.returncode == 0, log[-4000:]
    return log


def test_the_script_says_the_build_is_ok_last(build: str) -> None:
    assert build.rstrip().splitlines()[-1] == "windows build: ok"
    log = (OUT / "build.log").read_text(encoding="utf-8", errors="replace")
    assert log.rstrip().splitlines()[-1] == "windows build: ok"


def test_the_installer_and_the_zip_are_windows_programs(build: str) -> None:
    setup = OUT / f"Tute-{tute.__version__}-setup.exe"
    assert setup.read_bytes()[:2] == b"MZ"
    assert setup.stat().st_size > 5_000_000
    names = set(zipfile.ZipFile(OUT / "Tute-windows.zip").namelist())
    assert "Tute/Tute.exe" in names
    assert any(name.startswith("Tute/_internal/config/rules/") for name in names)


@pytest.mark.parametrize("name", ["menu.png", "installed-table.png"])
def test_the_screenshots_are_real_frames(build: str, name: str) -> None:
    import pygame

    image = pygame.image.load(str(OUT / name))
    w, h = image.get_size()
    assert (w, h) == (1280, 800)
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, w, 8) for y in range(0, h, 8)}
    assert len(colours) > 200
