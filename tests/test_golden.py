"""Golden playthroughs (tests/golden, written by ``python tools/golden.py``): each committed
record, a whole match the computer played, replays through ``tute replay --json`` to exactly
the committed JSON, and the computer players still play each match as recorded. A difference
is a change of behaviour: if it is intended, rewrite the files with the tool and commit them
with the change (CONTRIBUTING.md, adding a game)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest
import yaml

from tute.cli import main
from tute.rules.ruleset import bundled_names

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "tests" / "golden"
RECORDS = sorted(FOLDER.glob("*.yaml"))


@pytest.mark.parametrize("record", RECORDS, ids=[p.stem for p in RECORDS])
def test_the_record_replays_to_its_committed_json(record: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["replay", str(record), "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    doc = json.loads(out)
    assert doc["over"] and "error" not in doc  # a whole match, replayed without error
    written = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    expected = record.with_suffix(".json").read_text(encoding="utf-8")
    assert written == expected, f"run `python tools/golden.py` if {record.name} changed on purpose"


def test_every_bundled_game_has_a_golden_match() -> None:
    """A new ruleset file needs its golden record (``python tools/golden.py`` writes one)."""
    games = {yaml.safe_load(p.read_text(encoding="utf-8"))["rules"] for p in RECORDS}
    assert set(bundled_names()) <= games
    assert {p.stem for p in FOLDER.glob("*.json")} == {p.stem for p in RECORDS}


def test_the_computer_still_plays_every_golden_match_as_recorded() -> None:
    """The medium level, at the same seeds, makes the same choices (``golden.py --check``)."""
    spec = importlib.util.spec_from_file_location("tools_golden", ROOT / "tools" / "golden.py")
    assert spec is not None and spec.loader is not None
    golden = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = golden  # its dataclass looks its module up
    spec.loader.exec_module(golden)
    assert golden.differences(FOLDER) == [], "run `python tools/golden.py` if intended"
