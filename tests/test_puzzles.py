"""Issue 43, section 1: puzzles proven by the solver. Every shipped puzzle file is proven
again (``tute puzzles GAME --check``), a puzzle whose answer is not the only card is named,
and the miner gives back the shipped puzzles from their seeds (tests/test_puzzle_ideas.py)."""

from __future__ import annotations

import importlib.util
import re
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest
from test_search_exact import endgame

from tute.cli import main
from tute.engine import Action, HandState
from tute.engine.actions import ACCUSE, PLAY
from tute.puzzles import data
from tute.puzzles.check import problem
from tute.puzzles.data import dump_puzzles, games_with_puzzles, load_puzzles
from tute.puzzles.proof import KINDS, Measure, card_values, measure

ROOT = Path(__file__).resolve().parent.parent
ISSUE_GAMES = ("butifarra", "cabrero", "dos", "parejas")


def generator(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_item43_every_game_of_the_issue_ships_twenty_puzzles() -> None:
    assert set(ISSUE_GAMES) <= set(games_with_puzzles())
    for game in ISSUE_GAMES:
        assert len(load_puzzles(game)) >= 20, game


@pytest.mark.parametrize("game", games_with_puzzles())
def test_item43_check_proves_every_shipped_puzzle(game: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", game, "--check"]) == 0
    out = capsys.readouterr().out
    assert re.fullmatch(rf"puzzles {game}: (\d+) checked\n", out), out
    assert int(out.split()[2]) == len(load_puzzles(game))


def test_item43_check_names_a_puzzle_that_is_not_unique(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The tempting card given as the answer: the check names that puzzle and exits 1."""
    good = load_puzzles("dos")
    bad = replace(good[1], answer=good[1].tempting)
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "puzzles" / "dos.yaml").write_text(
        dump_puzzles("dos", [good[0], bad], ""), encoding="utf-8")
    monkeypatch.setattr(data, "asset", lambda *parts: tmp_path.joinpath(*parts))
    assert problem(good[0]) is None
    assert main(["puzzles", "dos", "--check"]) == 1
    err = capsys.readouterr().err
    assert f"puzzle {bad.id}: not unique" in err


def test_item43_a_damaged_puzzle_file_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "puzzles" / "dos.yaml").write_text("version: 1\npuzzles: [{id: x}]\n",
                                                   encoding="utf-8")
    monkeypatch.setattr(data, "asset", lambda *parts: tmp_path.joinpath(*parts))
    assert main(["puzzles", "dos", "--check"]) == 1
    assert "dos.yaml: puzzle 1:" in capsys.readouterr().err


def naive(h: HandState, side: int, score: Measure) -> int:
    """The forced value by brute force: every legal action, no table, no runs."""
    if h.over:
        return score(h)
    values = []
    for action in h.legal_actions():
        if action.verb == ACCUSE:
            continue
        child = h.copy()
        child.apply(action)
        values.append(naive(child, side, score))
    return max(values) if h.side_of[h.to_act] == side else min(values)


@pytest.mark.parametrize("game", ISSUE_GAMES)
def test_item43_the_proof_agrees_with_a_search_of_every_move(game: str) -> None:
    """The solver (the hard level's moves, runs of equivalent cards and table) gives each
    card the value a search of every legal move gives it, for every goal."""
    checked = 0
    seed = 0
    while checked < 4:
        seed += 1
        position = endgame(game, seed, 2)
        if position is None or position[0].sing_options(position[0].to_act):
            continue  # a cante to weigh first: the puzzles ask for a card alone
        h = position[0]
        seat = h.to_act
        for kind in KINDS:
            values, _solver = card_values(h, seat, kind)
            score = measure(kind, h, seat)
            for card, value in values.items():
                child = h.copy()
                child.apply(Action(seat, PLAY, card))
                assert value == naive(child, h.side_of[seat], score), (game, seed, kind, card)
        checked += 1
