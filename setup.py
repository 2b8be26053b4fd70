"""Setuptools hook: a built wheel carries the game's data under ``tute/data/``.

The project itself is described in pyproject.toml. ``assets/`` and ``config/`` live at the top
of the source tree, beside the package, where ``tute.resources`` finds them in a checkout or an
editable install; an installed wheel has no such neighbour, so the build copies them into the
package. MANIFEST.in puts them in the source distribution for the same purpose.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DATA_DIRS = ("assets", "config")


class BuildPyWithData(build_py):
    """``build_py`` that also copies ``assets/`` and ``config/`` to ``tute/data/``."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # the checkout's own folders serve an editable install
            return
        target = Path(self.build_lib) / "tute" / "data"
        for name in DATA_DIRS:
            shutil.copytree(ROOT / name, target / name, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithData})
