"""The medium level in free play (docs/rules.md §3 and §10: Brisca, and Tute a dos while the
stock lasts), where any card may be played to any trick: a rival may trump a lead he could
follow, and holds a hand's worth of cards, not one per trick left."""

from __future__ import annotations

from engine_helpers import deal_stock, new_game

from tute.ai.heuristic import _readings, choose_card, outside, win_chance
from tute.ai.knowledge import read
from tute.cards import SUIT_MASK, parse_card
from tute.engine import Game


def _brisca_lead() -> Game:
    """Brisca with two, oros trumps, seat 0 to lead the ace of espadas, a four of copas or
    a five of bastos; the rival holds three of the 37 cards seat 0 does not (the policy
    counts the muestra among them, as it does every card not yet played)."""
    game = new_game(2, "brisca")
    deal_stock(game, {0: "1E 4C 5B"}, muestra="7O")
    return game


def test_in_free_play_a_lead_survives_only_a_rival_without_a_card_to_take_it() -> None:
    """The ace of espadas, the highest of its suit, is taken by any trump the rival holds,
    whether or not he holds espadas: it survives when none of his three cards is among the
    ten trumps out (each card counted alike: 1 - 3/37 a card)."""
    game = _brisca_lead()
    h = game.hand
    out = outside(h, 0)
    seats = _readings(h, [1], out, read(game.observation(0)).not_held)
    unseen = out.bit_count()
    trumps = (out & SUIT_MASK[h.trump]).bit_count()
    assert (unseen, trumps) == (37, 10)
    assert win_chance(h, parse_card("1E"), seats) == (1 - 3 / 37) ** trumps


def test_in_free_play_medium_leads_a_card_without_points_not_an_ace_to_be_trumped() -> None:
    """Leading the ace hands the rival eleven points for any trump; a four of copas or a
    five of bastos risks nothing."""
    game = _brisca_lead()
    card = choose_card(game.hand, 0, read(game.observation(0)).not_held)
    assert card in (parse_card("4C"), parse_card("5B"))


def test_tute_a_dos_reads_the_rival_as_holding_six_while_the_stock_lasts() -> None:
    """Twenty tricks are left at the first lead, but the rival holds six cards: a lead of
    a card he cannot beat but with a trump survives (1 - 6/N)^T, not (1 - 20/N)^T."""
    game = new_game(2, "dos")
    deal_stock(game, {0: "1E 4C 5B 6B 7B 4E"}, muestra="7O")
    h = game.hand
    out = outside(h, 0)
    seats = _readings(h, [1], out, read(game.observation(0)).not_held)
    assert h.tricks_left == 20
    trumps = (out & SUIT_MASK[h.trump]).bit_count()
    assert win_chance(h, parse_card("1E"), seats) == (1 - 6 / out.bit_count()) ** trumps
