"""The hard level's worth of a hand of a race to 101 in partidas (docs/rules.md §12,
Guiñote): a hand that decides the partida is the partida won (+1) or lost (-1), the margin a
guide; a first hand that decides none goes de vueltas with the totals carried, and is worth
the chance its side then wins the partida (the ruleset's measured ``vueltas_odds``), on the
same scale. Hands are ended with ``force_end`` at chosen totals, as the rules' tests do."""

from __future__ import annotations

import math
import random

import pytest
from engine_helpers import force_end, new_game

from tute.ai import make_player
from tute.ai.heuristic import choose_card
from tute.ai.knowledge import read
from tute.ai.objectives import MARGIN_WEIGHT, Standing, margin, utility, vueltas_chance
from tute.ai.playout import same_run
from tute.ai.search import SearchPlayer, leads
from tute.engine import DEAL, Game
from tute.engine.actions import PLAY
from tute.resources import rules_dir
from tute.rules import RulesetError, load_ruleset
from tute.rules.ruleset import ruleset_from_text

GUINOTE = (rules_dir() / "guinote.yaml").read_text(encoding="utf-8")
ODDS = ("vueltas_odds:\n  three_to_one: {by_option: players, 4: 20, 2: 14}\n"
        "  lead: {by_option: players, 4: 0, 2: 0}\n")


def guinote_text(odds: str) -> str:
    """Guiñote's file with its ``vueltas_odds`` replaced by ``odds``."""
    start = GUINOTE.index("vueltas_odds:")
    end = GUINOTE.index("\n", GUINOTE.index("  lead:", start)) + 1
    return GUINOTE[:start] + odds + GUINOTE[end:]


def ended(players: int, side0: int, last_trick: int, game: Game | None = None,
          cantes: dict[int, int] | None = None) -> Game:
    """A first hand ended with ``side0`` card points to side 0 (seat 0), the rest of the
    120 to side 1 (seat 1), the diez de últimas to ``last_trick``."""
    g = game or new_game(players, "guinote")
    g.deal()
    g.hand.tricks.append((last_trick, ()))  # its winner took the last trick played
    force_end(g, {0: side0, 1: 120 - side0}, last_trick=last_trick, cantes=cantes)
    return g


def worth(g: Game, seat: int) -> float:
    return utility(g.hand, seat, Standing([0] * g.n, 0))


@pytest.mark.parametrize("players", [4, 2])
def test_rules_12_a_hand_going_de_vueltas_is_worth_more_the_more_its_side_carries(
        players: int) -> None:
    values = []
    for side0 in range(40, 91, 10):  # 40-90 to 90-40: nobody at 101, both over 30
        g = ended(players, side0, last_trick=1)
        assert g.summaries[-1].extra["reason"] == "vueltas"
        values.append(worth(g, 0))
        assert worth(g, 0) == pytest.approx(-worth(g, 1))  # the two chances make one
    assert values == sorted(values) and len(set(values)) == len(values)
    assert -1 < values[0] < 0 < values[-1] < 1


def test_rules_12_carried_points_count_many_times_the_margin_guide() -> None:
    """20 points ahead into the vueltas, at odds of 3 to 1 there: worth half a partida,
    where the margin guide alone gave 0.06."""
    rules = ruleset_from_text(guinote_text(ODDS), "t.yaml", "t")
    g = ended(4, 65, last_trick=1, game=Game(rules, {"players": 4}, 0), cantes={0: 20})
    assert g.summaries[-1].extra["totals"] == [85, 65]
    assert vueltas_chance(g.hand, g.hand.kit.scorer(g.hand), 0) == pytest.approx(0.75)
    assert worth(g, 0) == pytest.approx(0.5) and worth(g, 0) > 7 * MARGIN_WEIGHT * 0.2


@pytest.mark.parametrize(("next_dealer", "leader_side"), [("last_trick", 0), ("rotate", 1)])
def test_rules_12_leading_the_vueltas_is_worth_the_files_lead_as_the_deal_passes(
        next_dealer: str, leader_side: int) -> None:
    """The seat right of the next dealer leads the vueltas: the last trick's winner deals
    (seat 1 took it: seat 2 leads), or the deal passes to the right (the mano, seat 0,
    deals: seat 1 leads)."""
    odds = ("vueltas_odds:\n  three_to_one: {by_option: players, 4: 20, 2: 14}\n"
            "  lead: {by_option: players, 4: 10, 2: 0}\n")
    rules = ruleset_from_text(guinote_text(odds), "t.yaml", "t")
    g = ended(4, 60, last_trick=1, game=Game(rules, {"players": 4, "next_dealer": next_dealer},
                                                  0))
    assert g.summaries[-1].extra["totals"] == [60, 70]
    value = worth(g, 0)
    g.deal()
    assert g.hand.side_of[g.hand.mano] == leader_side  # the engine agrees on who leads
    ahead = -10 + (10 if leader_side == 0 else -10)
    assert value == pytest.approx(2 / (1 + math.exp(-math.log(3) * ahead / 20)) - 1)


@pytest.mark.parametrize(("side0", "cantes", "reason", "won"), [
    (80, {0: 40}, "101", True),         # 120 + 10: side 0 reaches 101
    (30, {1: 20}, "101", False),
    (102, {1: 80}, "treinta_malas", True),  # side 1: 108 with 28 card points
])
def test_rules_12_a_hand_deciding_the_partida_is_worth_it_won_or_lost(
        side0: int, cantes: dict[int, int], reason: str, won: bool) -> None:
    g = ended(4, side0, last_trick=1, cantes=cantes)
    assert g.summaries[-1].extra["reason"] == reason
    h = g.hand
    result = h.kit.scorer(h)
    guide = MARGIN_WEIGHT * margin(h, result, 0, Standing([0] * 4, 0))
    assert worth(g, 0) - guide == (1.0 if won else -1.0)
    undecided = [worth(ended(4, s, last_trick=1), 0) for s in (40, 90)]
    assert (worth(g, 0) > max(undecided)) if won else (worth(g, 0) < min(undecided))


def test_a_file_without_vueltas_odds_keeps_the_margin_guide() -> None:
    start = GUINOTE.index("vueltas_odds:")
    end = GUINOTE.index("\n", GUINOTE.index("  lead:", start)) + 1
    rules = ruleset_from_text(GUINOTE[:start] + GUINOTE[end:], "t.yaml", "t")
    assert rules.vueltas_odds is None
    g = ended(4, 60, last_trick=1, game=Game(rules, {"players": 4}, 0))
    assert worth(g, 0) == pytest.approx(MARGIN_WEIGHT * (60 - 70) / 100)


@pytest.mark.parametrize(("odds", "message"), [
    ("vueltas_odds: {lead: 3}\n", "vueltas_odds: missing key 'three_to_one'"),
    ("vueltas_odds: {three_to_one: 0}\n", "vueltas_odds.three_to_one: 0 is out of range 1..130"),
    ("vueltas_odds: {three_to_one: 20, lead: 2.5}\n",
     "vueltas_odds.lead: expected a whole number, got 2.5"),
    ("vueltas_odds: {three_to_one: 20, edge: 1}\n", "vueltas_odds: unknown key 'edge'"),
    ("vueltas_odds: {three_to_one: {by_option: players, 4: 20}}\n", "players"),
])
def test_a_bad_vueltas_odds_is_refused_with_file_line_and_reason(odds: str, message: str
                                                                 ) -> None:
    with pytest.raises(RulesetError) as exc:
        ruleset_from_text(guinote_text(odds), "t.yaml", "t")
    assert str(exc.value).startswith("t.yaml, line ") and message in str(exc.value)


def test_vueltas_odds_needs_the_partidas_settlement() -> None:
    text = guinote_text(ODDS).replace("settlement: partidas", "settlement: race")
    with pytest.raises(RulesetError, match="vueltas_odds: it values a partida carried into "
                                           "the vueltas: it needs settlement partidas"):
        ruleset_from_text(text, "t.yaml", "t")


# --- Keeping the medium level's card within the guesses' noise ------------------------------
def test_a_lead_counts_only_beyond_its_standard_errors() -> None:
    noisy = [[1.0, 0.0], [-0.8, 0.0], [0.9, 0.0], [-0.9, 0.0]]  # mean +0.05, sd ~1
    steady = [[0.3, 0.0], [0.25, 0.0], [0.35, 0.0], [0.3, 0.0]]
    assert leads(noisy, 0, 1, 0.0) and not leads(noisy, 0, 1, 1.5)
    assert leads(steady, 0, 1, 2.0) and not leads(steady, 1, 0, 0.0)
    assert leads([[0.1, 0.0]], 0, 1, 2.0)  # one guess: no scatter to judge by


def test_hard_keeps_the_medium_card_unless_its_best_leads_beyond_the_noise() -> None:
    """Seat 0 at hard, the others at medium, first hands of 4-player Guiñote. Kept within
    any lead that has scatter (``keep_sigmas`` huge), hard plays either medium's card (or
    one the search counts as the same) or, where every guess agrees, the card it plays
    searching freely; and it does go back to medium's card where the free search left it."""
    rules = load_ruleset("guinote")
    back = 0
    for seed in range(2):
        g = Game(rules, {"players": 4}, seed)
        medium = [make_player("medium", seat) for seat in range(4)]
        g.deal()
        while g.phase != DEAL:
            seat = g.current_player
            assert seat is not None
            obs = g.observation(seat)
            if seat != 0 or not any(a.verb == PLAY for a in obs.legal):
                g.apply(medium[seat].choose(obs))
                continue
            card = choose_card(obs.view, 0, read(obs).not_held)
            kept = SearchPlayer(seed, iterations=6, keep_sigmas=1e9).choose(obs)
            free = SearchPlayer(seed, iterations=6).choose(obs)
            as_medium = kept.verb == PLAY and same_run(obs.view, 0, kept.arg, card)
            assert as_medium or kept == free
            back += as_medium and not (free.verb == PLAY and same_run(obs.view, 0, free.arg, card))
            g.apply(kept)
    assert back > 0


def test_rules_12_the_search_values_a_card_by_what_its_hand_carries_into_the_vueltas() -> None:
    """Mano a mano at the last trick (every card known in the arrastre): the hard level's
    value of its last card is its finished hand's worth, the chance of the vueltas where
    the hand goes there, not the margin guide."""
    rules = load_ruleset("guinote")
    checked = 0
    for seed in range(12):
        g = Game(rules, {"players": 2}, seed)
        medium = [make_player("medium", seat) for seat in range(2)]
        g.deal()
        while g.phase != DEAL and (g.hand.tricks_left > 1 or g.hand.trick_cards
                                   or g.hand.drawing):
            seat = g.current_player
            assert seat is not None
            g.apply(medium[seat].choose(g.observation(seat)))
        seat = g.current_player
        if seat is None:  # a tute ended the hand
            continue
        obs = g.observation(seat)
        last = next(a for a in obs.legal if a.verb == PLAY)
        value = SearchPlayer(seed, iterations=3).values(obs, random.Random(seed), [last])
        g.apply(last)
        g.apply(next(a for a in g.legal_actions() if a.verb == PLAY))
        if g.summaries[-1].extra["reason"] != "vueltas":
            continue
        chance = vueltas_chance(g.hand, g.hand.kit.scorer(g.hand), seat)
        assert chance is not None and value == [pytest.approx(2 * chance - 1)]
        assert value != [pytest.approx(MARGIN_WEIGHT * margin(
            g.hand, g.hand.kit.scorer(g.hand), seat, Standing([0, 0], 0)))]
        checked += 1
    assert checked >= 2
