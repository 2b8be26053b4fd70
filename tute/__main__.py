"""``python -m tute``, and the entry script of the frozen app (build_exe.spec).

A windowed app on Windows (and one started from the macOS Finder) may have no standard
streams: ``sys.stdout`` and ``sys.stderr`` are ``None`` and the first ``print`` or warning
would crash it. They are pointed at the null device before anything else is imported.
"""

import os
import sys

for _name in ("stdout", "stderr"):
    if getattr(sys, _name) is None:
        setattr(sys, _name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115

from tute.cli import main  # noqa: E402  (after the streams exist)

if __name__ == "__main__":
    sys.exit(main())
