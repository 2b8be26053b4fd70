"""The computer's play-or-pass in the games where each player says juego on the tricks his
hand promises, the trumps shown (Bato §8, Julepe §13): the sums it plays and accompanies at
belong to the game (the ruleset key ``juego_sums``, measured by benchmarks/bato_auction.py),
never another game's; and the loader refuses a broken value with its file, line and
reason."""

from __future__ import annotations

import contextlib
import io
import random

import pytest
from benchmark_modules import load_benchmark

from tute.ai import make_player
from tute.ai.declare import bato_tricks, decide, sum_needed
from tute.engine import Game, Observation
from tute.resources import rules_dir
from tute.rules import load_ruleset
from tute.rules.ruleset import RuleSet, RulesetError, ruleset_from_text

JULEPE = (rules_dir() / "julepe.yaml").read_text(encoding="utf-8")
BATO = (rules_dir() / "bato.yaml").read_text(encoding="utf-8")
CODILLO = (rules_dir() / "codillo.yaml").read_text(encoding="utf-8")
BATO_SUMS = "juego_sums: {juego: 80, acompano: 45}"


def with_sums(text: str, sums: str) -> str:
    """A file with its ``juego_sums`` key (its line and those indented under it) replaced
    by ``sums`` (maybe nothing)."""
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("juego_sums:"))
    end = next(i for i in range(at + 1, len(lines)) if not lines[i].startswith(" "))
    return "".join(lines[:at] + ([sums + "\n"] if sums else []) + lines[end:])


def turns(rules: RuleSet, players: int, verb: str, seeds: int = 60
          ) -> list[tuple[Game, Observation]]:
    """The first turn offering ``verb`` in the first hand of each seed's deal, medium
    players deciding until then."""
    found = []
    for seed in range(seeds):
        g = Game(rules, {"players": players}, seed=seed)
        g.deal()
        ai = [make_player("medium", seed=s) for s in range(players)]
        while g.phase != "deal" and g.hand.phase >= 0:
            obs = g.observation(g.current_player or 0)
            if any(a.verb == verb for a in obs.legal) and len(obs.legal) > 1:
                found.append((g, obs))
                break
            g.apply(ai[obs.seat].choose(obs))
    return found


def test_bato_keeps_its_sums_juego_at_0_80_and_acompano_at_0_45() -> None:
    """§8: Bato's measured sums, now written in its file, and read as before."""
    assert BATO_SUMS + "\n" in BATO
    found = turns(load_ruleset("bato"), 4, "acompano")
    assert len(found) >= 3
    for _, obs in found:
        assert (sum_needed(obs, "juego"), sum_needed(obs, "acompano")) == (0.8, 0.45)


@pytest.mark.parametrize(("players", "need"), [(3, 1.40), (6, 0.40)])
def test_rules_13_julepe_plays_at_its_own_files_sum_not_batos(players: int, need: float
                                                              ) -> None:
    """§13: each player in must take two of five tricks; the computer says juego at the sum
    Julepe's file gives. With a sum far from Bato's 0.80, some hands between the two are
    found, and each is decided by the file's: a fallback to Bato's number fails here."""
    rules = ruleset_from_text(with_sums(JULEPE, f"juego_sums: {{juego: {round(100 * need)}}}"),
                              "julepe.yaml", "julepe")
    between = 0
    found = turns(rules, players, "juego")
    assert len(found) >= 20
    for g, obs in found:
        tricks = bato_tricks(obs)
        choice = decide(obs, g.legal_actions(), random.Random(0)).verb
        assert choice == ("juego" if tricks >= need else "pass"), (tricks, need)
        between += min(need, 0.8) <= tricks < max(need, 0.8)
    assert between >= 3  # hands Bato's 0.80 would decide the other way


def test_rules_13_the_bundled_julepe_decides_by_its_files_sum() -> None:
    """The bundled file's measured sums, read per table size: 0.80 with three and four,
    0.95 with five and six (two tricks of five against more players); some hands at five
    and six lie between 0.80 and 0.95, where Bato's number would play them."""
    rules = load_ruleset("julepe")
    sums = rules.juego_sums
    assert sums is not None and sums.acompano is None  # Julepe has no acompaño
    between = 0
    for players, need in ((3, 0.80), (4, 0.80), (5, 0.95), (6, 0.95)):
        found = turns(rules, players, "juego", seeds=40)
        assert len(found) >= 10
        for g, obs in found:
            assert sum_needed(obs, "juego") == need
            tricks = bato_tricks(obs)
            choice = decide(obs, g.legal_actions(), random.Random(0)).verb
            assert choice == ("juego" if tricks >= need else "pass")
            between += 0.80 <= tricks < need
    assert between >= 2


@pytest.mark.parametrize(("text", "sums", "line_of", "message"), [
    (JULEPE, "juego_sums: {juego: 0.8}", "juego_sums:",
     "juego_sums.juego: expected a whole number, got 0.8"),
    (JULEPE, "juego_sums: {juego: 0}", "juego_sums:",
     "juego_sums.juego: 0 is out of range 1..2000"),
    (JULEPE, "juego_sums: {acompano: 40}", "juego_sums:",
     "juego_sums: missing key 'juego'"),
    (JULEPE, "juego_sums: {juego: 80, pinta: 3}", "juego_sums:",
     "juego_sums: unknown key 'pinta'"),
    (JULEPE, "juego_sums: {juego: {by_option: take_pinta, double: 90}}", "juego_sums:",
     "juego_sums.juego: nothing given for take_pinta = three_tricks"),
    (JULEPE, "juego_sums: {juego: {by_option: players, 3: 80, 4: 80, 5: 95}}", "juego_sums:",
     "juego_sums.juego: nothing given for players = 6"),
    (JULEPE, "juego_sums: {juego: {by_option: players, 3: 80, 4: 80, 5: 95, 6: 95, 7: 99}}",
     "juego_sums:", "juego_sums.juego: 7 is not a value of option players"),
    (JULEPE, "juego_sums: {juego: {by_option: seats, 3: 80}}", "juego_sums:",
     "juego_sums.juego.by_option: expected the name of an option"),
    (BATO, "juego_sums: {juego: 80}", "juego_sums:",
     "juego_sums: missing key 'acompano', which phase 'juego_acompano' needs"),
])
def test_a_broken_juego_sums_is_refused_with_file_line_and_reason(
        text: str, sums: str, line_of: str, message: str) -> None:
    broken = with_sums(text, sums)
    with pytest.raises(RulesetError) as exc:
        ruleset_from_text(broken, "mine.yaml", "mine")
    line = next(i for i, s in enumerate(broken.splitlines(), 1) if s.startswith(line_of))
    assert str(exc.value).startswith(f"mine.yaml, line {line}"), str(exc.value)
    assert message in str(exc.value)


def test_a_file_without_sums_plays_at_batos_measured_ones() -> None:
    """A player's new game naming a juego phase loads without the AI's key: the computer
    plays it at Bato's sums for promising two tricks and one until it is measured."""
    for text in (JULEPE, BATO):
        rules = ruleset_from_text(with_sums(text, ""), "mine.yaml", "mine")
        sums = rules.juego_sums
        assert sums is not None and sums.acompano is not None
        assert (sums.juego.get({}), sums.acompano.get({})) == (80, 45)
    assert load_ruleset("codillo").juego_sums is None  # its juego names no sums


def test_the_sums_may_differ_with_the_table_size() -> None:
    """Two tricks of five are harder to take against five others than against two: a
    file may give each player count its own sum, and each table reads its own."""
    text = with_sums(JULEPE, "juego_sums: {juego: {by_option: players, 3: 60, 4: 80, "
                             "5: 95, 6: 120}}")
    rules = ruleset_from_text(text, "julepe.yaml", "julepe")
    for players, need in ((3, 0.60), (4, 0.80), (5, 0.95), (6, 1.20)):
        found = turns(rules, players, "juego", seeds=10)
        assert found
        for g, obs in found:
            assert sum_needed(obs, "juego") == need
            choice = decide(obs, g.legal_actions(), random.Random(0)).verb
            assert choice == ("juego" if bato_tricks(obs) >= need else "pass")


def test_juego_sums_needs_a_phase_that_asks_for_them() -> None:
    """Codillo's juego is said before trumps are named, on the points a hand makes: the
    key means nothing there."""
    text = CODILLO.replace("phases:", BATO_SUMS + "\nphases:", 1)
    with pytest.raises(RulesetError, match="juego_sums: it is the computer's play-or-pass "
                                           "on a hand whose trumps are shown: it needs "
                                           "phases juego_acompano or juego_each"):
        ruleset_from_text(text, "mine.yaml", "mine")


def test_the_auction_benchmark_shifts_any_games_sums() -> None:
    """benchmarks/bato_auction.py measures Julepe's sums as it does Bato's: ``world`` moves
    the file's sums for everyone (every player count's), a short run prints a figure, and a
    shift of an acompaño Julepe has not is refused."""
    bench = load_benchmark("bato_auction")
    julepe = load_ruleset("julepe")
    moved = bench.world(julepe, 0.1, 0.0).juego_sums
    assert moved.acompano is None
    assert [moved.juego.get({"players": n}) for n in (3, 4, 5, 6)] == [90, 90, 105, 105]
    bato = bench.world(load_ruleset("bato"), -0.1, 0.05).juego_sums
    assert (bato.juego.fixed, bato.acompano.fixed) == (70, 50)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert bench.main(["--game", "julepe", "--players", "3", "--hands", "12",
                           "--shifts", "0.2:0"]) == 0
    assert out.getvalue().startswith("julepe 3 against medium, juego +0.20")
    with pytest.raises(SystemExit), contextlib.redirect_stderr(io.StringIO()):
        bench.main(["--game", "julepe", "--players", "3", "--shifts", "0:0.1"])
