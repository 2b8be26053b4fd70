"""The gap table's saved rows (benchmarks/gap_table.py ``--save``, ``--merge``): a long
measurement run as short runs of other seeds must pool to the rows one run would give, and
a folder that cannot be pooled must say which file and why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from benchmark_modules import load_benchmark

gap_table = load_benchmark("gap_table")


@pytest.fixture(scope="module")
def played() -> dict[int, dict[str, dict[int, list[float]]]]:
    """Bato with 3 players, two seeds, hard at 2 guesses: a few seconds."""
    return {seed: gap_table.play("bato", 3, 6, 1.0, 2, seed) for seed in (1, 2)}


def test_saved_seeds_pool_into_one_row(played, tmp_path: Path, capsys) -> None:
    for seed, rows in played.items():
        gap_table.save(tmp_path, "bato", 3, seed, "2 guesses", rows)
    [(game, n, budget, deals, rows)] = gap_table.merge(tmp_path)
    assert (game, n, budget) == ("bato", 3, "2 guesses")
    assert set(rows) == {"medium", "hard", "seer"}
    for key in rows:  # every deal of both seeds, its sums unchanged
        expected = sorted(row for seed in played for row in played[seed][key].values())
        assert sorted(rows[key].values()) == expected
        assert len(rows[key]) == sum(len(played[seed][key]) for seed in played)
    assert deals == len(rows["hard"]) == 4  # 6 hands of 3 players: two deals a seed
    assert gap_table.main(["--merge", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "bato 3" in out and "hard 2 guesses, 4 deals (12 hands)" in out
    assert gap_table.main(["--merge", str(tmp_path), "--markdown"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("| table |") and lines[1].endswith("| measure | run |")
    assert lines[3].startswith("| bato 3 |") and lines[3].count("|") == lines[1].count("|")


def test_a_seed_saved_twice_is_refused(played, tmp_path: Path) -> None:
    gap_table.save(tmp_path, "bato", 3, 1, "2 guesses", played[1])
    copy = tmp_path / "again.json"
    copy.write_text((tmp_path / "bato3-seed1-2guesses.json").read_text())
    with pytest.raises(ValueError, match="seed 1 twice"):
        gap_table.merge(tmp_path)


def test_a_file_that_is_not_rows_is_named(played, tmp_path: Path, capsys) -> None:
    gap_table.save(tmp_path, "bato", 3, 1, "2 guesses", played[1])
    broken = tmp_path / "cut.json"
    broken.write_text('{"game": "bato", "players": 3')  # a copy cut short
    with pytest.raises(ValueError, match=r"cut\.json: not a saved gap-table row"):
        gap_table.merge(tmp_path)
    broken.write_text(json.dumps({"game": "bato", "players": 3, "seed": 2,
                                  "budget": "2 guesses", "rows": {"hard": {}}}))
    with pytest.raises(ValueError, match="compares hard, where"):
        gap_table.merge(tmp_path)
    with pytest.raises(SystemExit):
        gap_table.main(["--merge", str(tmp_path / "empty")])
    assert "no saved rows" in capsys.readouterr().err
