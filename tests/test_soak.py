"""A short soak (benchmarks/soak.py) in CI: a few thousand actions across every game, every
action checked against the engine's invariants; the long run is the benchmark's job."""

from __future__ import annotations

import dataclasses
import random
import time
from pathlib import Path

import pytest
from benchmark_modules import load_benchmark

from tute.engine import Game
from tute.rules import load_ruleset

soak = load_benchmark("soak")


def test_every_game_survives_a_short_soak(tmp_path: Path) -> None:
    run = soak.Soak(soak.games_available(), ["easy", "medium", "random"], seed=16,
                    out=tmp_path, max_match_hands=4, log=lambda _line: None)
    start = time.perf_counter()
    run.run(hands=40 * len(run.games))
    print("\n" + run.report(time.perf_counter() - start))
    assert run.failures == [] and run.exceptions == 0, "\n".join(run.failures)
    actions = sum(s.actions for s in run.stats.values())
    assert actions >= 2000
    assert all(s.hands > 0 and s.illegal > 0 for s in run.stats.values()), run.stats


def dealt_game(seed: int = 3) -> Game:
    game = Game(load_ruleset("cabrero"), {"players": 4}, seed=seed)
    game.deal()
    return game


def test_the_card_check_sees_a_card_in_two_places() -> None:
    game = dealt_game()
    obs = [game.observation(s) for s in range(game.n)]
    soak.check_cards(game, obs)
    stolen = obs[1].hand & -obs[1].hand  # seat 1's lowest card, shown in seat 0's hand too
    obs[0] = dataclasses.replace(obs[0], hand=obs[0].hand | stolen)
    with pytest.raises(soak.Violation, match="two places"):
        soak.check_cards(game, obs)


def test_the_card_check_sees_a_lost_card() -> None:
    game = dealt_game()
    obs = [game.observation(s) for s in range(game.n)]
    obs[2] = dataclasses.replace(obs[2], hand=obs[2].hand & (obs[2].hand - 1))
    with pytest.raises(soak.Violation, match="39 cards accounted for"):
        soak.check_cards(game, obs)


def test_the_observation_check_sees_a_hand_size_that_lies() -> None:
    game = dealt_game()
    obs = [game.observation(s) for s in range(game.n)]
    sizes = list(obs[0].hand_sizes)
    sizes[3] += 1
    obs = [dataclasses.replace(o, hand_sizes=tuple(sizes)) for o in obs]
    with pytest.raises(soak.Violation, match="hand_sizes"):
        soak.check_observations(game, obs)


def test_illegal_tries_are_refused_and_change_nothing() -> None:
    game = dealt_game()
    rng = random.Random(1)
    tried = 0
    for _ in range(30):
        obs = [game.observation(s) for s in range(game.n)]
        tried += soak.check_illegal(game, obs, rng)
        game.apply(game.legal_actions()[0])
    assert tried == 30


def test_hostile_files_of_every_class_are_refused_or_set_aside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The soak's hostile pass: four files of each class (huge numbers, devices, nesting,
    non-finite numbers, extends chains, damaged player files, records naming a player's
    ruleset, a disk failing under a match), none breaking the game or losing what it
    played."""
    monkeypatch.setenv("TUTE_HOME", str(tmp_path / "home"))
    counts, failures = soak.hostile_pass(4 * len(soak.HOSTILE_CLASSES), 22, tmp_path / "h")
    assert failures == []
    assert counts == dict.fromkeys(soak.HOSTILE_CLASSES, 4)


def test_hostile_files_of_every_kind_the_game_reads_are_set_aside_quickly(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 46: the soak's damaged player files take every kind of ``store.KINDS`` in
    turn (puzzles' progress and the records' index among them), each refused in time."""
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    rng = random.Random(46)
    turns = 3 * len(soak.player_files())
    kinds = {soak.hostile_player_file(random.Random(t), t)[0] for t in range(turns)}
    assert kinds == set(soak.player_files())
    for turn in range(turns):
        assert soak.player_file_set_aside(rng, turn, tmp_path / str(turn)) is None
