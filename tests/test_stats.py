"""The statistics: what a hand meant for the player in every game's terms, the file (round
trip, idempotent recording, damaged and newer files set aside, atomic replace, no file on a
fresh machine), the figures and ``tute stats``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from engine_helpers import finish_hand

from tute.cli import main
from tute.engine import Game
from tute.engine.record import dump_record, record_from_text, replay
from tute.rules import load_ruleset
from tute.stats import file
from tute.stats.figures import (
    POINTS,
    TRICKS,
    Measure,
    figures,
    games_played,
    match_options,
    measure_of,
    player_counts,
    varying_options,
)
from tute.stats.hands import EVEN, LOST, NONE, WON, HandRecord, hand_record

BASE = {"points": [30, 50, 10, 30], "cantes": [["40"], [], [], ["20C"]], "tute": None}


@pytest.mark.parametrize(("keys", "seat", "expected"), [
    ({"losers": [1], "marks": [0, 1, 0, 0]}, 0, WON),                # cabrero: safe
    ({"losers": [0, 2], "marks": [1, 0, 1, 0]}, 0, LOST),
    ({"payments": [-30, 10, 10, 10], "made": False, "declarer": 0}, 0, LOST),  # subastado
    ({"payments": [0, 0, 0, 0]}, 2, EVEN),
    ({"team_points": [70, 60], "score": [0, 4]}, 1, WON),            # butifarra, by team
    ({"team_points": [70, 60], "juegos": [1, 0]}, 2, WON),           # parejas
    ({"won": [0, 12, 0, 0], "bateados": [2]}, 2, LOST),              # bato
    ({"won": [0, 12, 0, 0], "bateados": []}, 1, WON),
    ({"totals": [30, 50, 10, 30]}, 1, WON),                          # points: the last resort
    ({"void": True}, 0, NONE),
])
def test_each_game_measures_a_hand_by_its_own_keys(keys: dict, seat: int, expected: str
                                                    ) -> None:
    assert hand_record({**BASE, **keys}, seat, True, None).result == expected


def test_a_hand_records_marks_cantes_capote_tute_and_contracts() -> None:
    s = {**BASE, "losers": [0], "marks": [3, 1, 0, 0], "capote": 3, "tute": 0}
    assert hand_record(s, 0, True, [1, 1, 0, 0]) == HandRecord(
        result=LOST, points=30, marks=2, cantes=1, tute=True)
    assert hand_record(s, 3, True, [1, 1, 0, 0]).capote
    bid = {**BASE, "payments": [30, -10, -10, -10], "made": True, "declarer": 0}
    assert hand_record(bid, 0, True, None).contract == "made"
    assert hand_record(bid, 1, True, None).contract is None
    assert hand_record({**BASE, "team_points": [1, 0], "score": [0, 9], "capot": 1}, 3, True,
                       None).capote
    assert hand_record({**BASE, "losers": []}, 0, False, None) == HandRecord()  # sat out


def played(players: int = 3, seed: int = 4, hands: int = 3, lives: int = 1) -> Game:
    """A Cabrero match finished to a hand or over, each hand played out lawfully."""
    game = Game(load_ruleset("cabrero"), {"players": players, "lives": lives}, seed=seed)
    while not game.is_over and len(game.summaries) < hands:
        next_hand(game)
    return game


def next_hand(game: Game) -> None:
    game.deal()
    finish_hand(game)


def test_no_file_is_an_empty_record(home: Path) -> None:
    assert file.load() == (file.Stats(), None)
    assert figures(file.Stats()).hands == 0


def test_recording_round_trips_and_never_counts_a_hand_twice(home: Path) -> None:
    game = played(hands=2, lives=4)
    assert file.record_game(game, "hard") is None
    assert file.record_game(game, "hard") is None
    stats, problem = file.load()
    assert problem is None and len(stats.matches) == 1
    (match,) = stats.matches
    assert match.hands == file.match_hands(game) and len(match.hands) == 2
    assert (match.game, match.players, match.level, match.practice) == ("cabrero", 3, "hard",
                                                                        False)
    assert match.won is None  # still going
    resumed = replay(record_from_text(dump_record(game), "saved"))
    assert resumed.error is None
    next_hand(resumed.game)
    file.record_game(resumed.game, "hard")
    (match,) = file.load()[0].matches
    assert len(match.hands) == 3
    raw = json.loads((home / file.STATS_FILE).read_text(encoding="utf-8"))
    assert raw["version"] == file.STATS_VERSION


def test_a_finished_match_records_its_result(home: Path) -> None:
    game = played(hands=99)
    assert game.is_over
    file.record_game(game, "easy")
    (match,) = file.load()[0].matches
    assert match.won == (0 in game.winners) and match.finished is not None
    f = figures(file.load()[0])
    assert f.matches == 1 and f.hands == sum(h.result != NONE for h in match.hands)


@pytest.mark.parametrize("content", ["{not json", '{"version": 1, "matches": [{"hands": 3}]}',
                                     '{"version": 99, "matches": []}'])
def test_a_damaged_or_newer_file_is_set_aside_not_lost(home: Path, content: str) -> None:
    (home / file.STATS_FILE).write_text(content, encoding="utf-8")
    stats, problem = file.load()
    assert stats == file.Stats() and problem is not None and problem.kind == "statistics"
    assert problem.moved_to is not None and problem.moved_to.read_text() == content
    assert file.record_game(played(hands=1), "easy") is None  # a fresh file from then on
    assert len(file.load()[0].matches) == 1


def test_a_failed_write_keeps_the_previous_file_whole(home: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    game = played(hands=2, lives=4)
    file.record_game(game, "easy")
    before = (home / file.STATS_FILE).read_bytes()
    next_hand(game)

    def full_disk(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError):
        file.record_game(game, "easy")
    monkeypatch.undo()
    assert (home / file.STATS_FILE).read_bytes() == before
    assert sorted(p.name for p in home.iterdir()) == [file.STATS_FILE,
                                                      file.STATS_FILE + ".lock"]


def test_two_games_writing_in_turn_keep_each_others_hands(home: Path) -> None:
    """Each write reads the file again, so a second copy of the game adds to it."""
    first, second = played(seed=1, hands=1, lives=4), played(seed=2, hands=1, lives=4)
    file.record_game(first, "easy")
    file.record_game(second, "medium")
    assert [m.seed for m in file.load()[0].matches] == [1, 2]


def match(game: str, level: str, won: bool | None, results: str, practice: bool = False,
          points: int = 25) -> file.MatchRecord:
    codes = {"w": WON, "l": LOST, "e": EVEN, "-": NONE}
    return file.MatchRecord(game, 4, level, {}, seed=len(results), practice=practice,
                            finished=None if won is None else 1.0, won=won,
                            hands=[HandRecord(codes[c], points) for c in results])


def test_figures_filter_and_count_streaks() -> None:
    stats = file.Stats([match("cabrero", "easy", True, "wwl"),
                        match("cabrero", "hard", True, "lww-"),
                        match("cabrero", "hard", False, "lll"),
                        match("dos", "hard", True, "www", points=105),
                        match("dos", "easy", None, "ww", practice=True)])
    f = figures(stats)
    assert (f.matches, f.matches_won, f.hands, f.hands_won, f.hands_lost) == (4, 3, 12, 7, 5)
    assert (f.streak_current, f.streak_best) == (1, 2)
    assert (f.hand_streak_current, f.hand_streak_best) == (3, 3)
    assert f.points == {"cabrero": [0, 0, 9], "dos": [0] * 10 + [3]}
    assert list(f.by_level) == ["easy", "hard"] and f.by_level["hard"].matches_won == 2
    hard = figures(stats, "cabrero", "hard")
    assert (hard.matches, hard.hands, hard.streak_current) == (2, 6, 0)
    assert games_played(stats) == ["cabrero", "dos"]


def test_figures_filter_by_the_number_at_the_table(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Subastado with three and with four are told apart (the filter ``players``)."""
    three = match("subastado", "hard", True, "ww")
    four = match("subastado", "hard", False, "lll")
    stats = file.Stats([file.MatchRecord(**{**vars(three), "players": 3}), four])
    assert player_counts(stats, "subastado") == [3, 4]
    assert figures(stats, "subastado", players=3).hands == 2
    assert figures(stats, "subastado", players=4).hands == 3
    assert figures(stats, "subastado").hands == 5
    file.save(stats)
    assert main(["stats", "--json", "--game", "subastado", "--players", "3"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["players"] == 3 and doc["hands"] == 2 and doc["matches_won"] == 1


def test_figures_filter_by_the_house_options_played(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Statistics by house rule: a match counts under the options it was played with, an
    older record without an option as played at its default; only the options that differ
    among a game's matches are offered as filters; ``tute stats --option`` filters the
    same way, and refuses an option of no game or not of the game."""
    either = match("butifarra", "hard", True, "ww")
    mano = file.MatchRecord(**{**vars(match("butifarra", "hard", False, "lll")),
                               "options": {"contro_by": "mano", "target": 151}})
    old = match("butifarra", "easy", True, "w")  # recorded before contro_by existed
    cabrero = match("cabrero", "easy", True, "wl")
    stats = file.Stats([either, mano, old, cabrero])
    assert match_options(old)["contro_by"] == "either"  # the ruleset's default
    assert figures(stats, "butifarra", options={"contro_by": "either"}).hands == 3
    assert figures(stats, "butifarra", options={"contro_by": "mano"}).hands == 3
    assert figures(stats, "butifarra", options={"contro_by": "mano", "target": 151}
                   ).matches_won == 0
    assert varying_options(stats, "butifarra") == {"target": [101, 151],
                                                   "contro_by": ["either", "mano"]}
    assert varying_options(stats, "cabrero") == {}
    file.save(stats)
    assert main(["stats", "--json", "--game", "butifarra", "--option", "contro_by=mano"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["options"] == {"contro_by": "mano"} and doc["hands"] == 3
    assert doc["matches_won"] == 0
    assert main(["stats", "--game", "butifarra", "--option", "contro_by=either",
                 "--option", "target=151"]) == 0
    out = capsys.readouterr().out
    assert "contro_by=either, target=151" in out and "Matches played               0" in out
    for argv, said in ((["--option", "contro_by=mano"], "needs --game"),
                       (["--game", "butifarra", "--option", "bogus=1"], "contro_by"),
                       (["--game", "butifarra", "--option", "contro_by=nobody"], "nobody"),
                       (["--game", "butifarra", "--option", "players=4"], "--players")):
        assert main(["stats", *argv]) == 2
        assert said in capsys.readouterr().err


def test_tute_stats_prints_an_empty_record_then_the_figures(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--json"]) == 0
    empty = json.loads(capsys.readouterr().out)
    assert empty["matches"] == 0 and empty["hands"] == 0 and empty["points"] == {}
    file.record_game(played(hands=99), "medium")
    assert main(["stats", "--json", "--level", "medium"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["matches"] == 1 and doc["level"] == "medium" and "cabrero" in doc["points"]
    assert main(["stats", "--game", "cabrero"]) == 0
    out = capsys.readouterr().out
    assert "Matches played               1" in out and "medium" in out


def test_each_game_is_charted_in_its_own_measure(home: Path) -> None:
    """Bato counts tricks (two for who plays, one for who accompanies); the others count
    points, each on its own scale: a mix of 130-point, 72-point and trick games has no
    common measure."""
    bato = file.MatchRecord("bato", 4, "easy", {}, seed=1, finished=1.0, won=True,
                            hands=[HandRecord(WON, 30, tricks=t) for t in (0, 2, 2, 4)])
    stats = file.Stats([bato, match("cabrero", "easy", True, "wwl"),
                        match("butifarra", "easy", True, "ww", points=61)])
    f = figures(stats)
    assert measure_of("bato") == TRICKS and measure_of("butifarra") == POINTS
    assert f.measures["bato"] == Measure(TRICKS, 1, [1, 0, 2, 0, 1], 2.0)
    assert f.measures["cabrero"] == Measure(POINTS, 10, [0, 0, 3], 25.0)
    assert f.measures["butifarra"].bins == [0] * 6 + [2]
    file.save(stats)
    assert file.load()[0].matches[0].hands[1].tricks == 2  # kept in the file


def test_a_hand_records_the_tricks_taken() -> None:
    summary = {"points": [10, 20, 30, 40], "cantes": [[], [], [], []],
               "taken": [0, 2, 1, 1], "payments": [0, 1, -1, 0]}
    assert hand_record(summary, 1, True, None).tricks == 2
