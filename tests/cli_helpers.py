"""The command line run in the test's own process: what it printed on stderr, and the one
line a refusal must be."""

from __future__ import annotations

import contextlib
import io

from tute.cli import main


def tute(*args: str) -> tuple[int, str]:
    """``tute ARGS`` in this process: (exit status, stderr); a traceback fails the test.
    argparse's refusals exit through SystemExit, read here as their status."""
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
    return code, err.getvalue()


def one_line(err: str, *where: str) -> str:
    """The single stderr line, checked to name each of ``where`` (file, line)."""
    lines = err.splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    for part in where:
        assert part in lines[0], (part, lines[0])
    return lines[0]
