"""Teamwork (docs/rules.md §4 Tute por parejas, §9 Butifarra): the rollout policy keeps a
partner's sure trick and loads points on it, leads to a partner's void, and keeps and reads
the side's one discard signal; hard searches Butifarra's trumps, delegation and doubles for
the side."""

from __future__ import annotations

import pytest
from engine_helpers import deal_hand, new_game, play
from test_ai_declare import butifarra_with

from tute.ai.declare import shortlist
from tute.ai.heuristic import choose_card, cover_chance, outside, signalled
from tute.ai.knowledge import read
from tute.ai.search import SearchPlayer
from tute.cards import card_text
from tute.engine import Game


def medium_card(g: Game, seat: int) -> str:
    """The medium level's card for ``seat`` now (the policy on the seat's own view)."""
    obs = g.observation(seat)
    return card_text(choose_card(obs.view, seat, read(obs).not_held))


def test_butifarra_a_partners_sure_trick_is_not_overtaken() -> None:
    """§9 obligations: with the partner winning, any card of the suit will do. Seat 1's as
    de oros is sure (the 9 above it is seat 3's, who plays last): seat 3 keeps his 9 for a
    trick of its own."""
    g = butifarra_with({0: "4O", 1: "1O", 2: "5O", 3: "9O 2O"})
    play(g, "3 trump B", "0 pass", "2 pass", "0 play 4O", "1 play 1O", "2 play 5O")
    assert g.current_player == 3
    assert medium_card(g, 3) == "2O"


def _parejas_loading(seat3: str) -> Game:
    """§4: seat 1's as de copas takes the trick, seat 3 (his partner, last to play) has no
    copas and no trumps: any card."""
    g = new_game(4, "parejas")
    deal_hand(g, {0: "2O 4C", 1: "1C", 2: "5C", 3: seat3})
    play(g, "0 play 4C", "1 play 1C", "2 play 5C")
    assert g.current_player == 3
    return g


def test_parejas_the_most_points_are_loaded_on_a_partners_sure_trick() -> None:
    """Loading (cargar) on the partner's sure trick: the as de bastos (11 points) goes on
    it, not the tres de espadas nor a blank."""
    g = _parejas_loading("3E 1B 4B 5B 6B 7B 2E 4E 5E 6E")
    assert medium_card(g, 3) == "1B"


def test_parejas_nothing_is_loaded_on_a_foes_trick() -> None:
    """The same cards on a foe's trick (seat 0's as de copas, seat 3 on his right): a blank,
    not points."""
    g = new_game(4, "parejas")
    deal_hand(g, {0: "2O 1C", 1: "4C", 2: "5C", 3: "3E 1B 4B 5B 6B 7B 2E 4E 5E 6E"})
    play(g, "0 play 1C", "1 play 4C", "2 play 5C")
    assert medium_card(g, 3) in ("4B", "5B", "6B", "7B", "2E", "4E", "5E", "6E")


def test_parejas_a_lead_goes_to_the_partners_void_where_he_may_ruff() -> None:
    """§4: seat 2 trumped copas; seat 0, on lead again, leads copas for him to ruff."""
    g = new_game(4, "parejas")
    deal_hand(g, {0: "2O 1C 7C 6C 1E 4B 5B 6B 7B 2B", 2: "4O 5O 6O 2E", 3: "3E 5E"},
              void={2: "C"})
    play(g, "0 play 1C", "1 play 2C", "2 play 4O", "3 play 11C")
    play(g, "2 play 2E", "3 play 3E", "0 play 1E", "1 play 6E")
    assert g.current_player == 0
    assert medium_card(g, 0)[-1] == "C"


def _signal_position(discard: str) -> Game:
    """§4: seat 0 leads the as de copas; his partner, seat 2, has neither copas nor oros
    (no trump to ruff with) and discards ``discard``; seat 0 leads again."""
    g = new_game(4, "parejas")
    deal_hand(g, {0: "2O 1C 7C 6C 5E 6E 7E 5B 6B 7B", 1: "2C", 2: "4B 4E", 3: "4C"},
              void={2: "CO"})
    play(g, "0 play 1C", "1 play 2C", f"2 play {discard}", "3 play 4C")
    assert g.current_player == 0
    return g


@pytest.mark.parametrize(("discard", "lead_suit"), [("4B", "E"), ("4E", "B")])
def test_a_partners_discard_says_which_suit_not_to_lead(discard: str, lead_suit: str) -> None:
    """The side's signal: a discard says the discarder holds no master of its suit, so the
    partner's lead goes to the other suit, where his master may take it."""
    g = _signal_position(discard)
    view = g.observation(0).view
    not_held = read(g.observation(0)).not_held
    out = outside(view, 0)
    told = "OCEB".index(discard[-1])
    assert signalled(view, 2) == 1 << told
    assert cover_chance(view, 0, told, [2], out, not_held) == 0.0
    assert cover_chance(view, 0, "OCEB".index(lead_suit), [2], out, not_held) > 0.0
    assert medium_card(g, 0)[-1] == lead_suit


def test_a_discard_keeps_the_signal() -> None:
    """§4: seat 2, with neither copas nor trumps, discards on a foe's as de copas: not a
    bastos while he keeps the as de bastos (that would tell his partner he has no master
    there), but an espada, where he holds none."""
    g = new_game(4, "parejas")
    deal_hand(g, {0: "2O 4C", 1: "1C", 2: "1B 5B 4E 6E"}, void={2: "CO"})
    play(g, "0 play 4C", "1 play 1C")
    assert g.current_player == 2
    assert medium_card(g, 2) in ("4E", "6E")


WEAK = "2O 3O 4C 5C 2E 3E 4E 2B 3B 5B 6O 7C"
STRONG = "9C 1C 12C 11C 10C 9O 1O 9E 1E 12E 9B 1B"


def hard_choice(g: Game, seat: int) -> str:
    """Hard's decision in its reproducible mode, with enough guesses to tell the choices
    apart."""
    obs = g.observation(seat)
    assert len(shortlist(obs, g.legal_actions())) == len(g.legal_actions())  # all searched
    return SearchPlayer(0, iterations=40).choose(obs).record_text()


def test_butifarra_hard_delegates_a_weak_hand_and_names_with_a_strong_one() -> None:
    """§9 trumps: the dealer may delegate to his partner. Searched for the side (the
    partner's choice taken as he would make it on his own cards), a hand with no master
    and no long suit is handed over; a hand of masters plays butifarra."""
    assert hard_choice(butifarra_with({3: WEAK}), 3) == "3 delegate"
    assert hard_choice(butifarra_with({3: STRONG}), 3) == "3 butifarra"


@pytest.mark.parametrize("seat", [0, 2])
def test_butifarra_hard_doubles_a_strong_hand_and_passes_a_weak_one(seat: int) -> None:
    """§9 doubling: the mano, then (after his pass) his partner, may contrar: a defender
    with masters in every suit doubles, one with nothing passes."""
    for hand, verb in ((STRONG, "double"), (WEAK, "pass")):
        g = butifarra_with({seat: hand})
        play(g, "3 trump O", *(["0 pass"] if seat == 2 else []))
        assert g.current_player == seat
        choice = hard_choice(g, seat)
        assert choice == f"{seat} {verb}"
        assert choice in {a.record_text() for a in g.legal_actions()}


def test_butifarra_hard_recontro_only_with_the_side_ahead() -> None:
    """§9 recontro: the namer's side may double again after a contro; hard, holding the
    strong hand as the namer's partner, does, and with the weak one passes."""
    for hand, verb in ((STRONG, "double"), (WEAK, "pass")):
        g = butifarra_with({1: hand})
        play(g, "3 trump C", "0 double", "3 pass")
        assert g.current_player == 1
        assert hard_choice(g, 1) == f"1 {verb}"
