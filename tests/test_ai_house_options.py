"""The computer players know the house options (docs/rules.md §1 house options, §3): who loses
under "pierde el segundo", when a pair is worth keeping, and what a juego is worth."""

from __future__ import annotations

from engine_helpers import deal_hand, deal_stock, force_end, new_game, play

from tute.ai.heuristic import MAS, MENOS, goal, outside, pair_worth
from tute.ai.objectives import Standing, utility
from tute.cards import parse_card


def _standings(losers: str, won: list[int]) -> int:
    """Seat 0's goal with every seat a taker and these card points so far."""
    g = new_game(4, losers=losers)
    deal_hand(g, {0: "2O"})
    h = g.hand
    h.taken = [1, 1, 1, 1]
    h.won_points = list(won)
    return goal(h, 0, outside(h, 0))


def test_losers_second_a_projected_second_nearer_the_top_chases_it() -> None:
    """Pierde el segundo: just behind the leader and far above the rest, the seat plays a
    más to pass the leader; under the middle rule it plays a menos (it must end last)."""
    assert _standings("second", [40, 70, 0, 0]) == MAS
    assert _standings("middle", [40, 70, 0, 0]) == MENOS


def test_losers_second_a_seat_below_two_others_keeps_low() -> None:
    assert _standings("second", [5, 50, 45, 0]) == MENOS


def _pair_position(**options: object):  # type: ignore[no-untyped-def]
    g = new_game(2, "dos", **options)
    deal_stock(g, {0: "1C 12E 11E 6B 5B 4B", 1: "4C 10E 2E 5C 6C 7C"}, muestra="12O")
    return g


def test_sing_in_arrastre_a_pair_is_worth_keeping_while_it_can_still_be_sung() -> None:
    for on in (True, False):
        g = _pair_position(sing_in_arrastre=on)
        assert pair_worth(g.hand, 0, parse_card("12E")) == 20.0  # the stock is full
        assert pair_worth(g.hand, 0, parse_card("6B")) == 0.0


def test_sing_in_arrastre_off_a_pair_is_not_kept_once_the_stock_is_drawn() -> None:
    on, off = _pair_position(), _pair_position(sing_in_arrastre=False)
    for g in (on, off):
        g.hand.stock = []  # the stock and muestra drawn, five tricks to play
    assert pair_worth(on.hand, 0, parse_card("12E")) == 20.0
    assert pair_worth(off.hand, 0, parse_card("12E")) == 0.0


def test_juegos_the_hand_is_worth_the_juegos_it_wins() -> None:
    g = new_game(2, "dos", scoring="juegos")
    g.deal()
    h = g.hand
    force_end(g, {0: 91, 1: 29}, last_trick=0)  # 101: two juegos to seat 0
    standing = Standing((0, 0), 0)
    # Two juegos over none; the points margin only a guide, worth less than a juego.
    won = utility(h, 0, standing)
    assert 2.0 < won < 3.0 and utility(h, 1, standing) == -won


def test_medium_keeps_a_pair_rather_than_lead_from_it() -> None:
    from tute.ai.heuristic import choose_card
    from tute.ai.knowledge import read

    g = _pair_position()
    play(g, "0 play 1C", "1 play 4C")  # seat 0 wins and leads again
    obs = g.observation(0)
    c = choose_card(obs.view, 0, read(obs).not_held)
    assert c not in (parse_card("12E"), parse_card("11E"))
