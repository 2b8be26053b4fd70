"""Compile the engine's and the search's hot modules with mypyc into a copy of the package.

Pure Python stays the development default and the fallback: this builds a copy of ``tute``
under ``--out`` (default ``build/mypyc``) whose engine modules are native extensions, for
measuring (``PYTHONPATH=build/mypyc python benchmarks/engine_speed.py``) and for a release
build that wants them. The sources are never touched, so no stale extension can shadow an
edited module in the checkout.

    python tools/compile_engine.py [--out build/mypyc]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = [
    "tute/cards.py",
    *(f"tute/engine/{name}.py" for name in (
        "actions", "cantes", "deal", "errors", "events", "exchange", "hand", "kit", "match",
        "obligations", "phases", "play", "results", "scoring", "settlement", "table",
        "trumps", "types",
    )),
    *(f"tute/ai/{name}.py" for name in (
        "declare", "heuristic", "inference", "knowledge", "objectives", "playout", "sampler",
        "strength",
    )),
]
"""What the play kernel and the hard level's search run through: the engine's play, the
guessing and the play-outs (``playout``). Records, observations, the rules and the player
classes stay Python (tests and benchmarks subclass the players; an interpreted class cannot
subclass a compiled one), so code compiled here must not be subclassed or monkeypatched."""


def build(out: Path) -> None:
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(ROOT / "tute", out / "tute",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    for folder in ("config", "assets"):
        shutil.copytree(ROOT / folder, out / folder)
    subprocess.run([sys.executable, "-m", "mypyc", *MODULES], cwd=out, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "mypyc")
    args = parser.parse_args()
    build(args.out.resolve())
    print(f"compiled {len(MODULES)} modules into {args.out}")


if __name__ == "__main__":
    main()
