"""The hand review's analysis: every decision of a seat set beside the hard level's, with the
expected gain where they differ; the same review every time; clear errors for bad records;
the folder of finished matches' records."""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

import pytest

from tute import review, store
from tute.ai import make_player
from tute.ai.base import Player
from tute.ai.search import SearchPlayer
from tute.cards import card_text
from tute.cli import main
from tute.engine import Action, Game, Observation
from tute.engine.actions import ACCUSE, DISCARD, PLAY
from tute.engine.record import Record, RecordError, dump_record, load_record, record_from_text
from tute.review import HandReview, ReplayError, review_hand
from tute.rules import load_ruleset

ITERATIONS = 8
"""Guesses per decision in these tests: the review is the same at any budget."""


def played_hand(rules: str, seed: int, first: Player) -> Record:
    """One hand of ``rules`` with ``first`` in seat 0 and the medium level elsewhere."""
    game = Game(load_ruleset(rules), {}, seed)
    players = [first] + [make_player("medium", seed=s) for s in range(1, game.n)]
    while not game.summaries:
        if game.phase == "deal":
            game.deal()
            continue
        seat = game.current_player
        assert seat is not None
        game.apply(players[seat].choose(game.observation(seat)))
    return record_from_text(dump_record(game))


def hard() -> SearchPlayer:
    return SearchPlayer(review.SEED, iterations=ITERATIONS)


@cache
def medium_review(rules: str) -> tuple[Record, HandReview]:
    record = played_hand(rules, 5, make_player("medium", seed=0))
    return record, review_hand(record, 0, 0, player=hard())


def legal_at(game: Game, action: Action) -> bool:
    """Taken by the engine (a discard is any allowed set of cards, not a listed action)."""
    try:
        game.clone().apply(action)
    except ValueError:
        return False
    return action.verb == DISCARD or action in game.legal_actions() or action.verb == ACCUSE


@pytest.mark.parametrize("rules", ["cabrero", "subastado", "butifarra", "guinote"])
def test_each_decision_is_weighed_and_a_flagged_one_names_a_legal_choice(rules: str) -> None:
    record, result = medium_review(rules)
    log = review.replayed(record).logs[0]
    game = review.start_game(record)
    game.deal(log.deal, log.rest, log.dealer)
    decisions = iter(result.decisions)
    decision = next(decisions, None)
    assert decision is not None, "seat 0 had something to decide"
    for action in log.actions:
        if decision is not None and action == decision.played:
            assert decision.obs == game.observation(0)
            assert len([a for a in decision.obs.legal if a.verb != ACCUSE]) > 1
            assert legal_at(game, decision.hard), decision
            if decision in result.differing:
                assert decision.hard != decision.played
                assert decision.gain is None or decision.gain > 0
            else:
                assert decision.hard == decision.played or decision.gain == 0
            decision = next(decisions, None)
        game.apply(action)
    assert decision is None, "every decision is one of the seat's actions, in order"


def test_the_pages_are_the_tricks_as_played() -> None:
    record, result = medium_review("cabrero")
    summary = review.replayed(record).summaries[0]
    pages = result.pages
    assert [p.trick for p in pages] == list(range(1, 11))
    assert all(len(p.plays) == 4 for p in pages)
    taken = [0] * 4
    for p in pages:
        assert p.winner is not None
        taken[p.winner] += 1
        assert p.start.hand >> p.plays[[s for s, _c in p.plays].index(0)][1] & 1
    assert taken == summary.taken
    assert result.unit == review.MARKS
    before = [p for p in medium_review("subastado")[1].pages if p.trick == 0]
    assert len(before) == 1 and before[0].plays == [] and before[0].actions


def test_a_seat_that_played_as_the_hard_level_is_never_flagged() -> None:
    for rules, seed in (("cabrero", 11), ("butifarra", 2)):
        record = played_hand(rules, seed, hard())
        result = review_hand(record, 0, 0, player=hard())
        assert result.decisions
        assert result.differing == []
        assert all(d.hard == d.played for d in result.decisions)


def test_the_review_is_the_same_every_time_and_reports_its_progress() -> None:
    record, first = medium_review("cabrero")
    seen: list[tuple[int, int]] = []
    again = review_hand(record, 0, 0, lambda done, total: seen.append((done, total)), hard())
    assert again == first
    total = sum(a.seat == 0 for a in review.replayed(record).logs[0].actions)
    assert seen == [(n, total) for n in range(1, total + 1)]


def test_a_progress_that_raises_stops_the_review() -> None:
    record, _result = medium_review("cabrero")

    class Stop(Exception):
        pass

    def stop(done: int, total: int) -> None:
        raise Stop

    with pytest.raises(Stop):
        review_hand(record, 0, 0, stop, hard())


def test_a_gain_is_counted_in_the_games_own_measure() -> None:
    assert review.unit_of(Game(load_ruleset("cabrero"), {}, 0).kit) == (review.MARKS, 1.0)
    assert review.unit_of(Game(load_ruleset("bato"), {}, 0).kit)[0] == review.CHIPS
    assert review.unit_of(Game(load_ruleset("butifarra"), {}, 0).kit)[0] == review.POINTS
    for rules in ("cabrero", "subastado", "butifarra"):
        assert all(d.gain is None or d.gain >= 0 for d in medium_review(rules)[1].decisions)


class Twin(SearchPlayer):
    """A hard level whose choice is given."""

    def __init__(self, choice: Action) -> None:
        super().__init__(review.SEED, iterations=ITERATIONS)
        self.choice = choice

    def choose(self, obs: Observation) -> Action:
        return self.choice


def test_a_card_of_the_hard_levels_run_of_equal_cards_is_no_difference() -> None:
    """The search weighs one card of each run of equivalent cards (a 4 and a 5 with
    nothing between them still out): playing the other is not playing otherwise."""
    pairs = [(d, a) for rules in ("cabrero", "subastado", "butifarra")
             for d in medium_review(rules)[1].decisions if d.played.verb == PLAY
             for a in d.obs.legal if a.verb == PLAY and a != d.played]
    twins = [(d, a) for d, a in pairs if review.one_choice(d.obs, d.played, a)]
    assert twins, "some hand holds a run of equivalent cards"
    for d, a in twins:
        assert a.arg // 12 == d.played.arg // 12
        assert review.weigh(Twin(a), d.obs, d.played, 1.0).agrees
    d, a = next((d, a) for d, a in pairs if a.arg // 12 != d.played.arg // 12)
    assert not review.one_choice(d.obs, d.played, a)
    assert review.weigh(Twin(a), d.obs, d.played, 1.0).hard == a


class Scattered(Twin):
    """A hard level whose choice is given and whose guesses give the two actions these
    differences (its choice's utility minus the one played)."""

    def __init__(self, choice: Action, diffs: list[float]) -> None:
        super().__init__(choice)
        self.diffs = diffs

    def samples(self, obs: Observation, rng: object, actions: object) -> list[list[float]]:
        return [[d, 0.0] for d in self.diffs]


def test_a_difference_within_the_searchs_noise_is_agreement_and_a_flag_says_how_sure() -> None:
    """The review flags a decision only where the hard level's choice leads the one played
    by NOISE_SIGMAS standard errors of its guesses, and says how many it led by."""
    d = next(d for d in medium_review("cabrero")[1].decisions
             if sum(a.verb == PLAY for a in d.obs.legal) > 1 and d.played.verb == PLAY)
    other = next(a for a in d.obs.legal if a.verb == PLAY and a != d.played
                 and not review.one_choice(d.obs, d.played, a))
    noisy = review.weigh(Scattered(other, [0.5, -0.45, 0.3, -0.3, 0.1, 0.0]), d.obs,
                         d.played, 1.0)
    assert noisy.agrees and noisy.gain == 0 and noisy.sigmas is not None
    assert 0 < noisy.sigmas < review.NOISE_SIGMAS
    fairly = review.weigh(Scattered(other, [0.5, 0.1, 0.3, 0.2, 0.6, -0.1]), d.obs, d.played,
                          1.0)
    assert not fairly.agrees and fairly.sigmas is not None
    assert review.NOISE_SIGMAS <= fairly.sigmas < review.SURE_SIGMAS
    sure = review.weigh(Scattered(other, [0.4] * 6), d.obs, d.played, 1.0)
    assert not sure.agrees and sure.gain == pytest.approx(0.4) and sure.sigmas == math.inf


def test_hands_and_seats_outside_the_record_are_refused() -> None:
    record, _result = medium_review("cabrero")
    with pytest.raises(IndexError):
        review_hand(record, 1, 0)
    with pytest.raises(IndexError):
        review_hand(record, 0, 4)


# ------------------------------------------------------------------ damaged records
def test_a_record_that_does_not_replay_names_its_file_line_and_action(tmp_path: Path) -> None:
    record, _result = medium_review("cabrero")
    game = review.replayed(record)
    lines = dump_record(game).splitlines()
    first = next(i for i, line in enumerate(lines) if line.strip().startswith("- 0 play"))
    not_mine = card_text(game.logs[0].deal[1][0])
    lines[first] = f"      - 0 play {not_mine}"
    path = tmp_path / "broken.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ReplayError) as caught:
        review_hand(load_record(path), 0, 0)
    message = str(caught.value)
    assert message.startswith(f"{path}, line {first + 1}: ")
    assert f"'0 play {not_mine}'" in message


def test_a_file_that_is_no_record_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("rules: cabrero\nhands:\n  - deal: [[1O, 99X]]\n", encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert str(path) in str(caught.value) and "line 3" in str(caught.value)
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.yaml")


def test_tute_review_names_a_bad_file_on_stderr(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("rules: [\n", encoding="utf-8")
    assert main(["review", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tute review: ") and str(path) in err
    assert main(["review", str(tmp_path / "none.yaml")]) == 1
    assert "cannot read" in capsys.readouterr().err
    empty = tmp_path / "empty.yaml"
    empty.write_text("rules: cabrero\n", encoding="utf-8")
    assert main(["review", str(empty)]) == 1
    assert "holds no hand" in capsys.readouterr().err


# ------------------------------------------------------------------ the records folder
def test_the_last_twenty_finished_matches_are_kept(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUTE_HOME", str(tmp_path))
    assert store.recent_records() == []
    for day in range(1, 24):
        store.keep_record(f"rules: cabrero\nseed: {day}\n", "cabrero",
                          when=1_700_000_000 + day * 86400)
    kept = store.recent_records()
    assert len(kept) == store.KEEP_RECORDS
    assert all(p.parent == tmp_path / "records" and p.name.endswith("-cabrero.yaml")
               for p in kept)
    assert "seed: 23" in kept[0].read_text(encoding="utf-8")
    assert "seed: 4" in kept[-1].read_text(encoding="utf-8")
    same = store.keep_record("rules: chancho\n", "chancho", when=1_700_000_000 + 23 * 86400)
    assert same.exists() and same not in kept
