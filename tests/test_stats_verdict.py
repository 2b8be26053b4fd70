"""The statistics read what decides a hand from the game's settlement (its ``Verdict``), the
descriptor the screen's ``Totals`` and the AI's ``Aim`` sit beside; a record of a game whose
ruleset is gone is read by the records' contract (docs/records.md, "Keys each game adds")."""

from __future__ import annotations

import os
import random
import shutil
from itertools import product
from pathlib import Path

import pytest
from engine_helpers import finish_hand

from tute.engine import DEAL, OVER, Game
from tute.engine.registries import REGISTRIES
from tute.engine.settlement import SETTLEMENTS, Reading, Verdict
from tute.engine.table import SEATINGS
from tute.resources import rules_dir
from tute.rules import OptionValue, load_ruleset
from tute.stats import file
from tute.stats.figures import POINTS, figures, match_options, measure_of, varying_options
from tute.stats.hands import LOST, PLAYED, WON, hand_record, result_of


def test_every_settlement_declares_its_verdict() -> None:
    """The one source of settlement names (the engine's registry) gives every class a
    verdict; a settlement added without one would inherit the points reading, so each
    names its own key."""
    assert REGISTRIES["settlement"] is SETTLEMENTS
    for name, cls in SETTLEMENTS.items():
        assert isinstance(cls.verdict, Verdict), name
        assert cls.verdict.key and isinstance(cls.verdict.reading, Reading), name


def played_hands(game_id: str, options: dict[str, OptionValue], hands: int = 3) -> Game:
    """``hands`` hands (or the match, if shorter), each seat taking a random legal action:
    auctions and declarations vary, so the hands end in different ways."""
    rng = random.Random(repr(options))
    game = Game(load_ruleset(game_id), options, seed=7)
    while not game.is_over and len(game.summaries) < hands:
        game.deal()
        while game.phase not in (DEAL, OVER):
            game.apply(rng.choice(game.legal_actions()))
    return game


def tables_of(game_id: str) -> list[dict[str, OptionValue]]:
    """Every player count of ``game_id`` with every settlement an option may pick there
    (a settlement the table cannot play, as lost games with four, left out)."""
    rules = load_ruleset(game_id)
    by = rules.settlement.option
    out: list[dict[str, OptionValue]] = []
    for players, value in product(rules.options["players"].allowed(),
                                  rules.settlement.names if by else [None]):
        options: dict[str, OptionValue] = {"players": players}
        if value is not None:
            options[by] = value
        teams = SEATINGS[rules.seating.pick(options)].teams
        if SETTLEMENTS[rules.settlement.pick(options)]({}).misfit(int(players), teams) is None:
            out.append(options)
    return out


def test_every_games_statistics_agree_with_its_settlements_verdict(every_game: str) -> None:
    """Played hands of every bundled game (each player count, each settlement an option
    may pick): the statistics' result for every seat is the verdict's reading of the
    summary's declared key, which the summary holds; partners share a result, and no two
    sides both win a hand."""
    for options in tables_of(every_game):
        game = played_hands(every_game, options)
        verdict = game.kit.settlement.verdict
        assert verdict is type(game.kit.settlement).verdict
        for index, summary in enumerate(game.summaries):
            s = summary.to_json()
            if s.get("void"):
                continue
            teams = "team_points" in s
            assert verdict.key_for(teams) in s, (every_game, options, verdict)
            results = [file.match_hands(game, seat)[index].result for seat in range(game.n)]
            for seat, result in enumerate(results):
                if not game.logs[index].deal[seat]:
                    continue  # sat the hand out
                team = seat % 2 if teams else None
                assert result == result_of(s, seat, team, verdict), (every_game, options, seat)
                assert result in PLAYED
                if teams:
                    assert result == results[(seat + 2) % game.n]
            sides = {seat % 2 if teams else seat for seat, r in enumerate(results) if r == WON}
            if verdict.reading in (Reading.COMPARE, Reading.WINNER):
                assert len(sides) <= 1, (every_game, options, results)


def test_a_verdict_reads_its_own_key_not_the_first_key_found() -> None:
    """Tute a dos by juegos: the juegos decide (the contract reading, without the game,
    compares points); Arrastrado's lost games: only those given one lost."""
    juegos = {"points": [70, 40], "cantes": [[], []], "juegos": [0, 1], "totals": [0, 1]}
    verdict = SETTLEMENTS["juegos"].verdict
    assert hand_record(juegos, 1, True, None, verdict).result == WON
    assert hand_record(juegos, 1, True, None).result == LOST  # no verdict: points decide
    lost = {"points": [50, 40, 30], "cantes": [[], [], []], "lost": [0, 0, 1]}
    assert [hand_record(lost, seat, True, None, SETTLEMENTS["lost_games"].verdict).result
            for seat in range(3)] == [WON, WON, LOST]
    bateado = {"points": [0] * 4, "cantes": [[]] * 4, "won": [0, 8, 0, 0], "bateados": [1]}
    assert hand_record(bateado, 1, True, None, SETTLEMENTS["chips"].verdict).result == LOST
    brisca = {"points": [30, 90, 0, 0], "cantes": [[]] * 4, "team_points": [30, 90],
              "winner": 1}
    hands_won = SETTLEMENTS["hands_won"].verdict
    assert [hand_record(brisca, seat, True, None, hands_won).result for seat in range(4)] == [
        LOST, WON, LOST, WON]
    assert hand_record({**brisca, "winner": None}, 0, True, None, hands_won).result == "even"


def test_a_record_whose_ruleset_is_gone_is_still_read(home: Path, tmp_path: Path) -> None:
    """A match played with the player's own ruleset file, counted, and the file removed:
    the figures are still made (its hands as recorded, points as their measure, its
    options as played) and a summary read without its game follows the records' contract."""
    mine = tmp_path / "mine.yaml"
    shutil.copy(rules_dir() / "cabrero.yaml", mine)
    game = Game(load_ruleset(mine), {"players": 3, "lives": 1}, seed=4)
    while not game.is_over and len(game.summaries) < 2:
        game.deal()
        finish_hand(game)
    file.record_game(game, "easy")
    recorded = file.match_hands(game)
    mine.unlink()
    stats = file.load()[0]
    match = stats.matches[0]
    name = os.path.abspath(mine)  # a player's ruleset is counted under its absolute path
    assert match.game == name and match.hands == recorded
    assert measure_of(name) == POINTS and varying_options(stats, name) == {}
    assert match_options(match) == match.options
    f = figures(stats, name)
    assert f.hands == sum(h.result in PLAYED for h in recorded) and name in f.measures
    for summary, hand in zip(game.summaries, recorded, strict=True):
        assert hand_record(summary.to_json(), 0, True, None).result == hand.result


@pytest.mark.parametrize("settlement", sorted(SETTLEMENTS))
def test_a_verdicts_keys_are_the_records_keys(settlement: str) -> None:
    """What a verdict names is a key docs/records.md promises (a summary key, not a
    name the statistics made up)."""
    records = (Path(__file__).resolve().parent.parent / "docs" / "records.md").read_text(
        encoding="utf-8")
    verdict = SETTLEMENTS[settlement].verdict
    for key in filter(None, (verdict.key, verdict.team_key, verdict.against)):
        assert f"`{key}`" in records, (settlement, key)
