"""Cantes and tutes (docs/rules.md, Cantes): every objective values a sung tute at what it
earns in its game, every level sings when singing now is strictly better, hard never
declines a tute that wins the match; the policy guards pairs and blocks a foe's tute, and
leads to a partner's void."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

import pytest
from engine_helpers import cards, deal_hand, deal_stock, new_game, play

from tute.ai import LEVELS, Player, make_player
from tute.ai.heuristic import (
    PAIR_KEEP,
    TUTE_KEEP,
    choose_card,
    keep_costs,
    outside,
    ruff_chance,
    tute_threat,
)
from tute.ai.knowledge import read
from tute.ai.objectives import MATCH_WON, OTHER_LOSER_BONUS, Standing, utility
from tute.ai.playout import exact
from tute.ai.search import CANTE_SLACK, Line, SearchPlayer
from tute.cards import card_text, parse_card
from tute.engine import DEAL, Action, Game
from tute.engine.actions import PLAY, SING, SING_TUTE

# Seat 0 wins the first trick with the as of trumps and draws the fourth rey: a tute.
TUTE_HAND = "1O 12O 12C 12E 3O 7O"
TUTE_STOCK = "12B 4B"


def player(level: str) -> Player:
    """Hard in its reproducible mode, with a few guesses."""
    return SearchPlayer(0, iterations=6) if level == "hard" else make_player(level)


def tute_position(scoring: str = "match_101") -> Game:
    """Tute a dos: seat 0 may sing a tute after its first trick (trumps: oros)."""
    g = new_game(2, "dos", scoring=scoring)
    deal_stock(g, {0: TUTE_HAND, 1: "4C 10E 2E 5C 6C 7C"}, top=TUTE_STOCK, muestra="5O")
    play(g, "0 play 1O", "1 play 4C")
    assert Action(0, SING, SING_TUTE) in g.legal_actions()
    return g


def standing(g: Game) -> Standing:
    return Standing(g.ledger.marks, g.lives, g.ledger.pot, g.ledger.totals)


def test_a_sung_tute_is_worth_the_match_in_match_101() -> None:
    g = tute_position()
    h = g.hand.copy()
    h.apply(Action(0, SING, SING_TUTE))
    assert utility(h, 0, standing(g)) == pytest.approx(MATCH_WON + 0.11)  # 11 to 0
    assert utility(h, 1, standing(g)) == pytest.approx(-MATCH_WON - 0.11)


def test_a_hand_ended_by_points_in_a_race_is_worth_its_margin() -> None:
    g = tute_position()
    h = g.hand.copy()
    h.apply(Action(0, SING, SING_TUTE))
    h.tute = None  # the same hand ended by points: 11 to 0
    assert utility(h, 0, standing(g)) == pytest.approx(0.11)
    assert utility(h, 0, Standing([0, 0], 1, 0, [95, 0])) == pytest.approx(0.11)


def test_a_tute_wins_two_juegos_in_parejas_or_the_match_with_tute_wins_match() -> None:
    for tute_wins, worth in (("two_games", 2.0), ("match", 2.0 + MATCH_WON)):
        g = new_game(4, "parejas", tute_wins=tute_wins)
        g.deal()
        h = g.hand.copy()
        h.tute = 0  # the hand as the engine leaves it after seat 0's tute (no points yet)
        h.over = True
        assert utility(h, 0, standing(g)) == pytest.approx(worth)
        assert utility(h, 1, standing(g)) == pytest.approx(-worth)


def test_a_tute_gives_each_other_player_a_lost_game_in_arrastrado() -> None:
    g = new_game(3, "arrastrado", scoring="lost_games")
    g.deal()
    h = g.hand.copy()
    h.tute = 1
    h.over = True
    assert utility(h, 1, standing(g)) == pytest.approx(2 * OTHER_LOSER_BONUS)
    assert utility(h, 0, standing(g)) == pytest.approx(-1 + OTHER_LOSER_BONUS)


def test_hard_never_declines_a_match_winning_tute() -> None:
    g = tute_position()
    obs = g.observation(0)
    for seed in range(4):
        assert SearchPlayer(seed, iterations=8).choose(obs) == Action(0, SING, SING_TUTE)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_sings_a_tute(level: str) -> None:
    g = tute_position(scoring="lowest_loses")
    assert player(level).choose(g.observation(0)) == Action(0, SING, SING_TUTE)


def _strictly_better_cantes(limit: int) -> list[Game]:
    """Tute a dos positions, reached on seeded deals by medium play that never sings, once
    the stock is empty (each hand then known to both), where the exact search finds singing
    now worth more than every card led without singing."""
    found: list[Game] = []
    guide = make_player("medium")
    for seed in range(200):
        g = new_game(2, "dos", seed)
        g.deal()
        while g.phase != DEAL and not g.is_over:
            h = g.hand
            seat = g.current_player
            assert seat is not None
            sings = h.sing_options(seat)
            if sings and not h.stock and h.tricks_left <= 4:
                values: dict[Action, float] = {}
                for a in g.legal_actions():
                    child = h.copy()
                    child.apply(a)
                    values[a] = exact(child, standing(g))[seat]
                best_card = max(v for a, v in values.items() if a.verb == PLAY)
                if max(v for a, v in values.items() if a.verb == SING) > best_card:
                    found.append(g)
                    break
            obs = g.observation(seat)
            action = guide.choose(obs)
            if action.verb == SING:
                action = guide.play(obs, [a for a in obs.legal if a.verb == PLAY], Random(0))
            g.apply(action)
        if len(found) == limit:
            break
    return found


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_sings_where_singing_now_is_strictly_better(level: str) -> None:
    positions = _strictly_better_cantes(4)
    assert len(positions) == 4
    for g in positions:
        seat = g.current_player
        assert seat is not None
        assert player(level).choose(g.observation(seat)).verb == SING


WITH_A_REY = "12O 3O 3C 3E 3B 1O 1C"
NO_REY_NOR_CABALLO = "7O 3O 3C 3E 3B 1O 1C"


def _parejas_partner_tute(mine: str) -> Game:
    """Parejas: seat 0 (mano, holder of 2O) wins the first trick with 1E; his partner holds
    the four caballos, he holds ``mine`` (seven cards) besides."""
    g = new_game(4, "parejas")
    hands = {0: f"2O 1E 1B {mine}", 1: "4E 4B", 2: "5E 5B 11O 11C 11E 11B", 3: "6E 6B"}
    deal_hand(g, hands)
    play(g, "0 play 1E", "1 play 4E", "2 play 5E", "3 play 6E")
    assert Action(0, SING, SING_TUTE) in g.legal_actions()
    return g


def test_a_partners_tute_is_read_from_the_seats_own_cards() -> None:
    """A tute the seat may sing but does not hold is his partner's: holding a rey, the
    seat knows it is the four caballos; holding neither a rey nor a caballo, it cannot
    tell which."""
    g = _parejas_partner_tute(WITH_A_REY)
    horses = g.kit.tute_groups[1]
    assert read(g.observation(0)).must_hold[2] & horses == horses
    g = _parejas_partner_tute(NO_REY_NOR_CABALLO)
    assert read(g.observation(0)).must_hold[2] & horses == 0


@pytest.mark.parametrize("mine", [WITH_A_REY, NO_REY_NOR_CABALLO])
def test_hard_sings_a_partners_tute(mine: str) -> None:
    g = _parejas_partner_tute(mine)
    assert SearchPlayer(0, iterations=4).choose(g.observation(0)) == Action(0, SING, SING_TUTE)


def test_medium_guards_a_pair_and_three_reyes_while_the_cante_is_in_reach() -> None:
    """The cards of an unsung pair cost a share of its cante, three reyes whose fourth is
    still out cost a tute; once the fourth rey is played, only the pair is left to guard."""
    g = new_game(2, "dos")
    deal_stock(g, {0: "12O 11O 12C 12E 4B 5B", 1: "4C 10E 2E 5C 6C 7C"}, top="1B",
               muestra="5O")
    costs = keep_costs(g.hand, 0, pairs=True)
    assert costs[parse_card("11O")] == PAIR_KEEP * 40
    assert costs[parse_card("12O")] == PAIR_KEEP * 40 + TUTE_KEEP
    assert costs[parse_card("12C")] == costs[parse_card("12E")] == TUTE_KEEP
    assert parse_card("4B") not in costs
    assert set(keep_costs(g.hand, 0, pairs=False)) == set(cards("12O 12C 12E"))
    g.hand.played |= 1 << parse_card("12B")  # the fourth rey gone: no tute to wait for
    assert set(keep_costs(g.hand, 0, pairs=True)) == set(cards("12O 11O"))


def test_medium_takes_tricks_to_block_a_foes_visible_tute() -> None:
    """A foe who sang three pairs shows three caballos: while the fourth is out of the
    seat's hand he sings a tute on the next trick he takes, so the seat takes this one with
    its lowest trump, where it would otherwise throw a low card."""
    g = new_game(2, "dos")
    deal_stock(g, {0: "12O 11O 12C 11C 1O 3O", 1: "4C 5C 6C 7C 4B 2O"},
               top="12E 5B 11E 6B 2E 7B", muestra="5O")
    play(g, "0 play 1O", "1 play 4C", "0 sing 40", "0 play 3O", "1 play 5C", "0 sing 20 C")
    assert not tute_threat(g.hand, 1)  # two caballos shown
    play(g, "0 play 12O", "1 play 6C", "0 sing 20 E", "0 play 2E")
    assert tute_threat(g.hand, 1) and not tute_threat(g.hand, 0)
    assert card_text(choose_card(g.hand, 1, [0, 0])) == "2O"  # takes the trick, blocking
    quiet = g.hand.copy()
    quiet.cantes[0] = ["40"]  # the same trick with only las cuarenta sung: a low card
    assert card_text(choose_card(quiet, 1, [0, 0])) != "2O"


def test_a_partner_seen_void_in_a_suit_may_ruff_its_lead() -> None:
    """Teamwork in the rollout policy: leading, a suit the partner is seen void in (he
    trumped it) may be taken by his trump; a suit he may still follow may not."""
    g = new_game(4, "parejas")
    deal_hand(g, {0: "2O 1C 7C 6C 1E 4B 5B 6B 7B 2B", 2: "4O 5O 6O 2E", 3: "3E 5E"},
              void={2: "C"})
    play(g, "0 play 1C", "1 play 2C", "2 play 4O", "3 play 11C")  # seat 2 ruffs copas
    play(g, "2 play 2E", "3 play 3E", "0 play 1E", "1 play 6E")  # seat 0 leads again
    view = g.observation(0).view
    not_held = read(g.observation(0)).not_held
    out = outside(view, 0)
    assert ruff_chance(view, 1, [2], out, not_held) > 0.9  # copas: seen void, may trump
    assert ruff_chance(view, 3, [2], out, not_held) == 0.0  # bastos: he may follow
    assert ruff_chance(view, 1, [], out, not_held) == 0.0  # no partner to play after


class _Indifferent(SearchPlayer):
    """A search that finds every line worth the same."""

    def line_samples(self, obs: object, rng: object, lines: Sequence[Line]
                     ) -> list[list[float]]:
        return [[0.0] * len(lines)]


def test_a_tie_between_a_cante_and_a_card_goes_to_the_cante() -> None:
    """A cante not sung now is lost if the next trick is: singing wins every tie."""
    g = new_game(2, "dos")
    deal_stock(g, {0: "1C 12C 11C 6E 5E 4E", 1: "4C 10E 2E 5C 6C 7C"}, muestra="12O")
    play(g, "0 play 1C", "1 play 4C")
    assert _Indifferent(0, iterations=1).choose(g.observation(0)) == Action(0, SING, 1)


class _CardAhead(SearchPlayer):
    """A search that finds every card a little better than every cante (noise)."""

    def line_samples(self, obs: object, rng: object, lines: Sequence[Line]
                     ) -> list[list[float]]:
        return [[0.0 if line[0].verb == SING else CANTE_SLACK / 2 for line in lines]]


def test_a_cante_within_the_noise_of_the_best_card_is_sung_where_points_decide() -> None:
    """Where points decide, singing now can only add: a cante that trails the best card
    by less than the guesses' noise is sung (in Cabrero, where a cante can make its
    singer lose, the search's best stands)."""
    g = new_game(2, "dos")
    deal_stock(g, {0: "1C 12C 11C 6E 5E 4E", 1: "4C 10E 2E 5C 6C 7C"}, muestra="12O")
    play(g, "0 play 1C", "1 play 4C")
    assert _CardAhead(0, iterations=1).choose(g.observation(0)) == Action(0, SING, 1)
    c = new_game(3, "cabrero")
    deal_hand(c, {0: "2O 1O 12C 11C"})  # seat 0, holder of the 2 de oros, leads
    play(c, "0 play 1O")
    for _ in (1, 2):
        c.apply(next(a for a in c.legal_actions() if a.verb == PLAY))
    assert c.hand.may_sing == 0 and Action(0, SING, 1) in c.legal_actions()
    assert _CardAhead(0, iterations=1).choose(c.observation(0)).verb == PLAY
