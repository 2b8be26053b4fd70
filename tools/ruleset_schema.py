"""Write the ruleset schema reference, docs/ruleset-schema.md, from the loader's and the
engine's definitions (``tute.rules.schema``).

    python tools/ruleset_schema.py [--check]

``--check`` writes nothing and exits 1 when the file is not what the definitions give.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tute.rules.schema import reference

TARGET = Path(__file__).resolve().parent.parent / "docs" / "ruleset-schema.md"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is current")
    args = parser.parse_args()
    text = reference()
    current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    if args.check:
        if current != text:
            print(f"{TARGET} is stale: run python tools/ruleset_schema.py", file=sys.stderr)
            return 1
        print(f"{TARGET} is current")
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
