"""Issue 49, item 6: the project takes a new game without code. A game file the project
does not ship (tests/games/brisca_tres.yaml: Brisca for three with the 2s out, a race to
an option's target, written from docs/ruleset-schema.md alone) is put beside the bundled
ones in a temporary configuration, and the checks that loop over every game run on it:
each test parametrized by game, the family-property referee (picked by the settlement's
mechanism, its numbers read from the file) and the soak's invariants."""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from benchmark_modules import load_benchmark
from conftest import DATA_ROOT_ENV

import tute.resources
from tute.resources import asset, rules_dir

ROOT = Path(__file__).resolve().parent.parent
GAME = Path(__file__).resolve().parent / "games" / "brisca_tres.yaml"
EVERY_GAME_TESTS = ("tests/test_ruleset_files.py", "tests/test_hand_copy.py",
                    "tests/test_stats_verdict.py", "tests/test_events.py",
                    "tests/test_ai_sampler.py", "tests/test_ai_inference.py",
                    "tests/test_search_exact.py", "tests/test_simulate.py")
"""The test files with checks parametrized by ``every_game`` or ``every_table``."""


def configuration(tmp_path: Path) -> Path:
    """A data root whose config/rules holds the bundled files and the new one."""
    root = tmp_path / "root"
    rules = root / "config" / "rules"
    rules.mkdir(parents=True)
    for path in rules_dir().glob("*.yaml"):
        shutil.copy(path, rules)
    shutil.copy(GAME, rules)
    (root / "assets").symlink_to(asset(), target_is_directory=True)
    return root


def test_the_every_game_tests_run_on_a_game_the_project_does_not_ship(tmp_path: Path) -> None:
    root = configuration(tmp_path)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "brisca_tres",
         *EVERY_GAME_TESTS], cwd=ROOT, capture_output=True, text=True, timeout=900,
        env={**os.environ, DATA_ROOT_ENV: str(root)})
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    passed = re.search(r"(\d+) passed", run.stdout)
    assert passed and int(passed.group(1)) >= len(EVERY_GAME_TESTS), run.stdout[-2000:]


@pytest.fixture
def with_new_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = configuration(tmp_path)
    monkeypatch.setattr(tute.resources, "data_root", lambda: root)
    return root


def test_the_family_referee_and_the_soak_take_the_new_game(with_new_game: Path,
                                                           tmp_path: Path) -> None:
    """The referee of a race reads the target from the file's option (61, 101, 151 here),
    the hand's total from its deck and points (120 in 36 cards without the 2s)."""
    from test_family_properties import play_match

    from tute.rules import load_ruleset

    rules = load_ruleset("brisca_tres")
    assert rules.ref == "brisca_tres"  # read as a bundled game, from the new configuration
    ended = 0
    for seed, target in enumerate([61, 101, 151] * 4):
        g = play_match("brisca_tres", {"players": 3, "target": target}, seed, hands=12)
        ended += g.is_over
        if g.is_over:
            assert max(g.ledger.totals) >= target
    assert ended >= 4
    soak = load_benchmark("soak")
    run = soak.Soak(["brisca_tres"], ["easy", "random"], seed=5, out=tmp_path / "soak",
                    max_match_hands=4, log=lambda _line: None)
    run.run(hands=30)
    assert run.failures == [] and run.exceptions == 0, "\n".join(run.failures)
    assert run.stats["brisca_tres"].hands >= 30


def test_a_race_target_is_an_option() -> None:
    """A race ends at the file's option `target` (Brisca a tres to 61 here), not 101."""
    from tute.engine import Game
    from tute.rules import load_ruleset

    g = Game(load_ruleset(str(GAME)), {"target": 61}, seed=1)
    rng = random.Random(1)
    g.deal()
    while g.phase not in ("deal", "over"):
        g.apply(rng.choice(g.legal_actions()))
    best = max(g.ledger.totals)
    assert 61 <= best < 101 and g.is_over


OPTION = "{{default: {0}, choices: [{0}], label: {{es: a, en: a}}, description: {{es: a, en: a}}}}"


def test_hands_won_counts_the_hands_of_three_sides() -> None:
    """`hands_won` with three players: the one with more points than each other wins the
    hand (a tie at the top: nobody); the first to `games_to` hands wins the match."""
    from tute.engine import Game
    from tute.rules.ruleset import ruleset_from_text

    text = GAME.read_text(encoding="utf-8").replace("settlement: race", "settlement: hands_won")
    text += f"  games_to: {OPTION.format(2)}\n"
    rules = ruleset_from_text(text, "three.yaml", "three")
    g = Game(rules, {}, seed=4)
    rng = random.Random(4)
    while not g.is_over:
        before = list(g.ledger.totals)
        g.deal()
        while g.phase not in ("deal", "over"):
            g.apply(rng.choice(g.legal_actions()))
        points = g.summaries[-1].points
        top = [s for s in range(3) if points[s] == max(points)]
        winner = top[0] if len(top) == 1 else None
        assert g.summaries[-1].extra["winner"] == winner
        assert g.ledger.totals == [b + (s == winner) for s, b in enumerate(before)]
    assert max(g.ledger.totals) == 2


def test_a_settlement_that_cannot_seat_the_players_is_refused_with_its_line() -> None:
    from tute.rules.ruleset import RulesetError, ruleset_from_text

    text = GAME.read_text(encoding="utf-8").replace("settlement: race", "settlement: partidas")
    text += f"  partidas_to: {OPTION.format(1)}\n  cotos_to: {OPTION.format(1)}\n"
    with pytest.raises(RulesetError, match=r"three\.yaml, line 20: 3 players: settlement "
                                            "'partidas' needs two sides"):
        ruleset_from_text(text, "three.yaml", "three")
