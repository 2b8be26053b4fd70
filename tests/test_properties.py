"""Property tests over thousands of seeded random hands, every player count and option."""

from __future__ import annotations

import random

from engine_helpers import new_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tute.cards import DECKS, cards_of
from tute.engine import DEAL, Game, IllegalAction
from tute.engine.record import dump_record, record_from_text, replay, summary_json
from tute.engine.types import Score

OPTIONS = st.fixed_dictionaries({
    "players": st.integers(3, 6),
    "renuncio": st.sampled_from(["prevent", "penalize", "accuse"]),
    "trump_rotation": st.booleans(),
    "desempate": st.booleans(),
    "cuarenta_first": st.booleans(),
    "lives": st.integers(1, 5),
    "losers": st.sampled_from(["middle", "second"]),
    "renuncio_marks": st.sampled_from([2, 1]),
    "dealer_out_from": st.sampled_from([6, 5]),
    "no_cargar": st.booleans(),
})
RULES = st.sampled_from(["cabrero", "chancho"])


def expected_losers(g: Game) -> list[int]:
    """An independent statement of docs/rules.md §1 "End of hand" for a completed hand."""
    s = g.summaries[-1]
    if s.renuncio is not None:
        return [s.renuncio]
    if s.false_accusation is not None:
        return [s.false_accusation]
    playing = list(g.playing)
    if s.tute is not None:
        return sorted(p for p in playing if p != s.tute)
    takers = [p for p in playing if s.taken[p]]
    if len(takers) == 1:
        sang = any(c in ("40",) or c.startswith("20") for c in s.cantes[takers[0]])
        return [takers[0]] if sang else sorted(p for p in playing if p != takers[0])
    pts = {p: s.points[p] for p in takers}
    if g.options["losers"] == "second" and len(takers) >= 3:
        return second_losers(pts)
    hi, lo = max(pts.values()), min(pts.values())
    middle = [p for p in takers if lo < pts[p] < hi]
    if len(set(pts.values())) < len(pts) and not middle:
        return sorted(takers)
    out = set(middle)
    for edge in (hi, lo):
        at = [p for p in takers if pts[p] == edge]
        if len(at) > 1:
            out |= set(at)
    if len(takers) == 2 and hi != lo:
        out = {p for p in takers if pts[p] == lo}
    return sorted(out)


def second_losers(pts: dict[int, Score]) -> list[int]:
    """docs/rules.md §1 house option ``losers: second`` ("pierde el segundo"), for three or more
    takers, stated apart: rank the distinct totals from the top; two or more takers on the
    first rank all lose; else those on the second rank lose."""
    ranks = sorted(set(pts.values()), reverse=True)
    first = [p for p in pts if pts[p] == ranks[0]]
    if len(first) > 1:
        return sorted(first)
    return sorted(p for p in pts if pts[p] == ranks[1])


def check_conservation(g: Game) -> None:
    in_hands = 0
    for h in g.hands:
        assert not in_hands & h
        in_hands |= h
    on_table = sum(1 << c for c in g.hand.trick_cards)
    parts = [in_hands, g.hand.played & ~on_table, on_table, g.out_of_play]
    total = 0
    for p in parts:
        assert not total & p
        total |= p
    assert total == DECKS["spanish40"]


def play_match(rules: str, options: dict[str, object], seed: int, hands: int) -> Game:
    g = new_game(rules=rules, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(hands):
        if g.is_over:
            break
        marks_before = list(g.marks)
        g.deal()
        check_conservation(g)
        active = len(g.alive())
        sits_out = active >= int(options.get("dealer_out_from", 6))
        assert (g.hand.sitting_out is not None) == sits_out
        if sits_out and active == 5:  # the dealer deals 10 to each of the other four
            assert sorted(h.bit_count() for h in g.hands if h) == [10] * 4
        while g.phase not in (DEAL, "over"):
            acts = g.legal_actions()
            plays = [a for a in acts if a.verb != "accuse"]
            pick = rng.choice(acts if rng.random() < 0.02 else plays)
            if rng.random() < 0.05:
                bad = rng.choice(cards_of(DECKS["spanish40"]))
                seat = g.current_player
                assert seat is not None
                if not g.play_mask(seat) >> bad & 1:
                    before = summary_json(g)
                    try:
                        g.apply(type(pick)(seat, "play", bad))
                        raise AssertionError("an illegal card was accepted")
                    except IllegalAction:
                        pass
                    assert summary_json(g) == before
            g.apply(pick)
            check_conservation(g)
        s = g.summaries[-1]
        ended_normally = s.tute is None and s.false_accusation is None and (
            s.renuncio is None or options["renuncio"] == "penalize")
        if ended_normally:
            cards_and_last = sum(g.hand.won_points) + (10 if s.last_trick is not None else 0)
            assert cards_and_last == 130
            assert s.last_trick is not None
        assert s.losers == expected_losers(g)
        worth = int(options.get("renuncio_marks", 2)) if s.renuncio is not None else 1
        assert [m - b for m, b in zip(g.marks, marks_before, strict=True)] == [
            worth if p in s.losers else 0 for p in range(len(g.marks))]
        if options["desempate"]:
            assert len({s.points[p] for p in g.playing}) == len(g.playing)
            assert all(s.points[p].denominator > 1 for p in g.playing)
    return g


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=RULES, options=OPTIONS, seed=st.integers(0, 2**32 - 1))
def test_random_matches_keep_every_invariant(rules: str, options: dict[str, object],
                                             seed: int) -> None:
    g = play_match(rules, options, seed, hands=20)
    assert g.hand_number >= 0


@settings(max_examples=60, deadline=None)
@given(rules=RULES, options=OPTIONS, seed=st.integers(0, 2**32 - 1))
def test_records_round_trip(rules: str, options: dict[str, object], seed: int) -> None:
    g = play_match(rules, options, seed, hands=6)
    rep = replay(record_from_text(dump_record(g)))
    assert rep.error is None
    assert summary_json(rep.game) == summary_json(g)
    assert dump_record(rep.game) == dump_record(g)


def test_thousands_of_hands_for_every_player_count() -> None:
    hands = 0
    for players in (3, 4, 5, 6):
        for seed in range(160):
            opts = {"players": players, "renuncio": "prevent", "trump_rotation": seed % 2 == 0,
                    "desempate": seed % 3 == 0, "cuarenta_first": seed % 5 == 0,
                    "lives": 4, "losers": "second" if seed % 7 == 0 else "middle",
                    "dealer_out_from": 5 if seed % 6 == 1 else 6, "no_cargar": seed % 4 == 3}
            g = play_match("chancho" if seed % 4 == 0 else "cabrero", opts, seed, hands=4)
            hands += len(g.summaries)
    assert hands >= 2000
