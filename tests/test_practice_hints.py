"""Practice's hint: in every game and at every kind of turn it is a legal action, the hard
level's own choice, and a sentence that names cards in words and says a true reason."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest
from engine_helpers import deal_hand, deal_stock, new_game, play

from tute import i18n
from tute.ai import make_player
from tute.ai.search import SearchPlayer
from tute.cards import parse_card
from tute.engine import Action, Game, Observation
from tute.rules import load_ruleset
from tute.ui.table import hints
from tute.ui.words import texts
from tute.ui.words.games import games

CARD_CODE = re.compile(r"\b(1[0-2]|[1-9])[OCEB]\b")
ITERATIONS = 3
KINDS = {"play", "sing", "exchange", "bid", "pass", "takeover", "trump", "call", "discard",
         "juego", "acompano", "double", "delegate", "butifarra"}
"""The kinds of turn the hint is checked at: cards, cantes, the a dos exchange, bids,
trumps, calls, discards, doubles."""


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    lang: str = getattr(request, "param", "en")
    i18n.set_language(lang)
    yield lang
    i18n.set_language("en")


def players_turns(game: str, seed: int, hands: int = 1) -> Iterator[tuple[Game, Observation]]:
    """Seat 0's turns through the first ``hands`` hands, the others played by the easy
    level (seat 0 too, once its turn has been looked at)."""
    g = Game(load_ruleset(game), {}, seed=seed)
    easy = [make_player("easy", seed=s) for s in range(g.n)]
    while len(g.summaries) < hands and not g.is_over:
        if g.phase == "deal":
            g.deal()
            continue
        seat = g.current_player
        assert seat is not None
        obs = g.observation(seat)
        if seat == 0:
            yield g, obs
        g.apply(easy[seat].choose(obs))


def is_legal(game: Game, action: Action) -> bool:
    """Taken by the engine (a discard is any allowed set of cards, not a listed action)."""
    try:
        game.clone().apply(action)
    except ValueError:
        return False
    return action.verb == "discard" or action in game.legal_actions()


CASES = [(game, seed, 1) for game in games() for seed in (0, 1)] + [
    ("dos", 5, 1), ("arrastrado", 3, 1), ("subastado", 1, 4), ("codillo", 4, 1),
    ("bato", 11, 1), ("butifarra", 1, 4), ("butifarra", 2, 4), ("butifarra", 4, 4),
    ("butifarra", 6, 4), ("butifarra", 8, 4)]
"""Matches (game, seed, hands) whose turns for seat 0 include every kind of turn."""


@cache
def hard_choices(game: str, seed: int, hands: int) -> tuple[Action, ...]:
    """The hard level's choice at each of seat 0's turns (searched once: the language
    changes the hint's words, not its choice)."""
    return tuple(SearchPlayer(0, iterations=ITERATIONS).choose(obs)
                 for _g, obs in players_turns(game, seed, hands))


@pytest.mark.parametrize("language", ["en", "es", "ca"], indirect=True)
def test_the_hint_is_legal_and_the_hard_levels_choice_in_every_game(language: str) -> None:
    kinds: set[str] = set()
    for game, seed, hands in CASES:
        turns = players_turns(game, seed, hands)
        for (g, obs), choice in zip(turns, hard_choices(game, seed, hands), strict=True):
            names = texts.seat_names(g.n)
            advice = hints.hint(obs, SearchPlayer(0, iterations=ITERATIONS), names)
            assert advice.action == choice
            assert is_legal(g, advice.action), (game, advice)
            assert not CARD_CODE.search(advice.text), advice.text
            assert advice.text.count(":") == 1 and advice.text[0].isupper()
            kinds.add(advice.action.verb)
    assert kinds >= KINDS


def test_the_hard_level_can_hint_a_cante_held_by_the_partner() -> None:
    """The partner's pair is his for every guess (he would say so), so the search can try
    the cante it may sing for him."""
    for _g, obs in players_turns("parejas", 2):
        assert SearchPlayer(0, iterations=ITERATIONS).choose(obs) in obs.legal


def the_players_position(text: str, *plays: str, rules: str = "cabrero", leader: str = "",
                         third: str = "", void: str = "") -> Observation:
    """A 4-player first hand: seat 2 leads holding ``leader`` (and the 2 of coins, so coins
    are trumps), seat 3 holds ``third``, seat 0 holds ``text`` and is void in ``void``."""
    g = new_game(4, rules)
    deal_hand(g, {0: text, 2: leader + " 2O", 3: third}, dealer=1, void={0: void})
    play(g, *plays)
    assert g.current_player == 0
    return g.observation(0)


def why(obs: Observation, card: str) -> str:
    return hints.sentence(obs, Action(0, "play", parse_card(card)), texts.seat_names(4))


def test_the_sentence_says_the_duty_and_the_lowest_card_that_wins() -> None:
    obs = the_players_position("1O 3O 5O 4C", "2 play 12O", "3 play 4O", leader="12O",
                               third="4O")
    assert why(obs, "3O") == ("Play the three of coins: you must follow coins and beat the "
                              "king of coins, and the three is your lowest card that takes it")
    assert why(obs, "1O") == ("Play the ace of coins: you must follow coins and beat the king "
                              "of coins, and it takes the trick with the highest card of coins "
                              "still out")


def test_the_sentence_trumps_with_the_lowest_trump_and_loads_a_partners_trick() -> None:
    void = the_players_position("5O 7O 4C", "2 play 12B", "3 play 2B", leader="12B",
                                third="2B", void="B")
    assert why(void, "5O") == ("Play the five of coins: you have no clubs and must trump, and "
                               "the five is your lowest trump that takes it")
    partner = the_players_position("3B 4B 5C", "2 play 1B", "3 play 2B", rules="parejas",
                                   leader="1B", third="2B", void="B")
    assert why(partner, "3B") == ("Play the three of clubs: you must follow clubs, and your "
                                  "partner is winning the trick, so load it with points")


def test_a_lone_card_and_a_cante_say_so() -> None:
    obs = the_players_position("5C", "2 play 12C", "3 play 2C", leader="12C", third="2C")
    assert why(obs, "5C") == "Play the five of cups: it is the only card you may play"
    sing = Action(0, "sing", 4)
    assert hints.sentence(obs, sing, texts.seat_names(4)) == "Sing the 40: it adds 40 points"


def test_the_doubling_hint_counts_a_partners_pass() -> None:
    """§9: the contro passes to the mano's partner; the hint says his side's estimate
    takes the partner's pass into account."""
    import random

    from tute.ai.declare import decide
    from tute.ui.table.hint_decisions import explain

    g = Game(load_ruleset("butifarra"), {"players": 4}, seed=2)
    g.deal()
    play(g, "3 trump O", "0 pass")
    obs = g.observation(2)
    chosen = decide(obs, obs.legal, random.Random(0))
    _what, why = explain(obs, chosen, obs.legal)
    assert why.startswith("your partner passed"), why


def test_guinote_the_hint_before_the_draw_gives_the_partners_7_for_the_muestra() -> None:
    """Guiñote's window before the draw: the winner may give his partner's 7 for the
    muestra; the hint is that exchange, legal, in words."""
    g = new_game(4, "guinote")
    deal_stock(g, {0: "1O 3O 12O 10O 4B 5B", 1: "2O 4C 5C 6C 2B 6B", 2: "7E 4O 5O 2C 3C 7B",
                   3: "6O 7O 11O 1C 12C 10C"}, top="4E 5E 6E 2E", muestra="11E")
    play(g, "0 play 1O", "1 play 2O", "2 play 4O", "3 play 6O")
    obs = g.observation(0)
    advice = hints.hint(obs, SearchPlayer(0, iterations=ITERATIONS), texts.seat_names(4))
    assert advice.action == Action(0, "exchange", parse_card("7E"))
    assert is_legal(g, advice.action) and not CARD_CODE.search(advice.text)
