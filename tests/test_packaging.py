"""Packaging: the frozen app (build_exe.spec), the wheel's data and the committed icons.

All slow: they run PyInstaller, pip and the icon generator. Everything is built in temporary
folders; the checkout is left as it was. See docs/packaging.md.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from engine_helpers import capote_record

import tute

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent

# Four cards into a 3-player hand of Cabrero: seat 0 took the first trick with the ace of
# clubs, seat 1 must follow swords with a card that cannot beat the ace.
RECORD = capote_record(["0 play 1B", "1 play 2E", "2 play 2B", "0 play 1E"])
EXPECTED_TEXT = """\
Tute Cabrero, 3 players
Hand 1: dealer 2, mano 0, trumps coins
  tricks 1 0 0; points 11 0 0
  (hand not finished)
To act: seat 1; legal: 4E 5E 6E 7E
"""


def headless_env(home: Path) -> dict[str, str]:
    """The environment of a run with no display, no sound and a scratch data folder."""
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "TUTE_HOME": str(home)}


@pytest.fixture(scope="module")
def frozen_app(tmp_path_factory: pytest.TempPathFactory, compiled_copy: Path) -> Path:
    """Build the app as the release workflow does, with the compiled engine (TUTE_COMPILED=1),
    into a temporary folder; the path of its executable."""
    work = tmp_path_factory.mktemp("pyinstaller")
    subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(work / "dist"), "--workpath", str(work / "build"),
         str(ROOT / "build_exe.spec")],
        cwd=work, check=True, timeout=600,
        env={**os.environ, "TUTE_COMPILED": "1", "TUTE_COMPILED_DIR": str(compiled_copy)},
    )
    exe = work / "dist" / "Tute" / ("Tute.exe" if sys.platform == "win32" else "Tute")
    assert exe.is_file()
    return exe


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "record.yaml"
    path.write_text(RECORD, encoding="utf-8")
    return path


def test_frozen_app_plays_a_demo_headless_and_saves_a_screenshot(
        frozen_app: Path, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    done = subprocess.run(
        [str(frozen_app), "--demo", "--frames", "120", "--screenshot", str(shot)],
        env=headless_env(tmp_path / "home"), cwd=tmp_path, capture_output=True, text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    import pygame

    image = pygame.image.load(str(shot))
    w, h = image.get_size()
    assert (w, h) == (1280, 800)
    # A real frame of the table (felt, cards, plates, text), not a blank or one-colour one.
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, w, 8) for y in range(0, h, 8)}
    assert len(colours) > 200


def test_frozen_app_carries_the_compiled_engine(frozen_app: Path, tmp_path: Path) -> None:
    """TUTE_COMPILED=1 freezes the mypyc copy: the entry script comes from it, and the mypyc
    runtime module, which only extension modules import, is in the app."""
    done = subprocess.run([str(frozen_app), "--version"], env=headless_env(tmp_path / "home"),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"tute {tute.__version__}", "engine: compiled"]
    internal = frozen_app.parent / "_internal"
    assert list(internal.glob("*__mypyc.*")), "the mypyc runtime module is missing"
    assert [p for p in (internal / "tute" / "engine").glob("play.*")
            if p.name.endswith(tuple(EXTENSION_SUFFIXES))]


def test_frozen_app_replays_a_record(frozen_app: Path, record: Path, tmp_path: Path) -> None:
    env = headless_env(tmp_path / "home")
    done = subprocess.run([str(frozen_app), "replay", str(record)], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == EXPECTED_TEXT
    done = subprocess.run([str(frozen_app), "replay", str(record), "--json"], env=env,
                          capture_output=True, text=True, timeout=60)
    doc = json.loads(done.stdout)
    assert doc["hands"][0]["taken"] == [1, 0, 0] and doc["to_act"] == 1
    assert doc["legal"] == ["4E", "5E", "6E", "7E"]


def test_installed_wheel_carries_its_data(tmp_path: Path, record: Path) -> None:
    """A non-editable install finds rulesets, assets and translations inside the package."""
    source = tmp_path / "source"
    for name in ("tute", "assets", "config"):
        shutil.copytree(ROOT / name, source / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    wheels = tmp_path / "wheels"
    subprocess.run(
        # As `pip install .` does: in an isolated environment with the declared build backend.
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(wheels),
         str(source)],
        check=True, timeout=300,
    )
    (wheel,) = wheels.glob("tute-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for expected in ("tute/data/config/rules/cabrero.yaml", "tute/data/assets/fonts/DejaVuSans.ttf",
                     "tute/data/assets/icon/tute.png",
                     "tute/locale/es/LC_MESSAGES/tute.mo", "tute/locale/ca/LC_MESSAGES/tute.mo"):
        assert expected in names

    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(site), str(wheel)], check=True, timeout=300)
    env = {**headless_env(tmp_path / "home"), "PYTHONPATH": str(site)}
    where = subprocess.run(
        [sys.executable, "-c", "from tute.resources import data_root; print(data_root())"],
        env=env, cwd=tmp_path, capture_output=True, text=True, check=True,
    )
    assert Path(where.stdout.strip()) == site / "tute" / "data"
    done = subprocess.run([sys.executable, "-m", "tute", "replay", str(record)], env=env,
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == EXPECTED_TEXT


def test_committed_icons_are_what_the_generator_draws() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_icon.py"), "--check"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
