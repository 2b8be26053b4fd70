"""Structured events: the table, the computer players and the records read what happened
from the events themselves (who is winning a trick, what was said, where chips went),
and one rule (``tute.cards.beats``) tells which card takes a trick."""

from __future__ import annotations

import random

from tute.cards import ORDERS, beats, parse_card
from tute.engine import DEAL, Action, Game
from tute.engine import events as ev
from tute.engine.types import NO_TRUMP
from tute.rules import load_ruleset

TUTE = ORDERS["tute"].strength
BUTIFARRA = ORDERS["butifarra"].strength


def _c(text: str) -> int:
    return parse_card(text)


def test_trick_play_a_higher_card_of_the_winning_suit_beats_it() -> None:
    """docs/rules.md, "Trick play" and "Tute order": as, tres, rey... within a suit."""
    assert beats(_c("1O"), _c("3O"), 1, TUTE)
    assert beats(_c("3O"), _c("12O"), 1, TUTE)
    assert not beats(_c("12O"), _c("3O"), 1, TUTE)
    assert not beats(_c("7O"), _c("10O"), 1, TUTE)


def test_trick_play_any_trump_beats_another_suit_and_a_higher_trump_beats_a_trump() -> None:
    """docs/rules.md, "Trick play": the highest trump played takes the trick."""
    assert beats(_c("2C"), _c("1O"), 1, TUTE)
    assert beats(_c("1C"), _c("2C"), 1, TUTE)
    assert not beats(_c("1O"), _c("2C"), 1, TUTE)  # the suit led no longer wins


def test_trick_play_a_card_of_a_third_suit_never_takes_it() -> None:
    assert not beats(_c("1E"), _c("2O"), 1, TUTE)
    assert not beats(_c("1E"), _c("2C"), 1, TUTE)


def test_trick_play_without_trumps_only_the_suit_led_wins() -> None:
    """Butifarra's butifarra hand: no trumps, the 9 above the as (docs/rules.md §9)."""
    assert beats(_c("9B"), _c("1B"), NO_TRUMP, BUTIFARRA)
    assert not beats(_c("1O"), _c("2B"), NO_TRUMP, BUTIFARRA)


def _random_match(name: str, players: int, seed: int, hands: int
                  ) -> list[tuple[Action | None, list[ev.Event]]]:
    """Up to ``hands`` hands of random legal play: the events of each deal (with None)
    and of each action (with the action)."""
    game = Game(load_ruleset(name), {"players": players}, seed=seed)
    rng = random.Random(seed)
    out: list[tuple[Action | None, list[ev.Event]]] = []
    for _hand in range(hands):
        if game.is_over:
            break
        out.append((None, game.deal()))
        while game.phase not in (DEAL, "over"):
            action = rng.choice(game.legal_actions())
            out.append((action, game.apply(action)))
    return out


def test_card_played_names_the_seat_winning_the_trick(every_table: tuple[str, int]) -> None:
    """docs/rules.md, "Trick play": after each card, ``CardPlayed.winning`` is the seat
    that ``beats`` gives; after the last, the seat that takes the trick."""
    name, players = every_table
    strength = load_ruleset(name).order.strength
    trick: dict[int, int] = {}
    winning, trump, checked = -1, NO_TRUMP, 0
    for _action, events in _random_match(name, players, 7, 3):
        for e in events:
            if isinstance(e, ev.TrumpShown):
                trump = e.suit
            elif isinstance(e, ev.CardPlayed):
                if not trick or beats(e.card, trick[winning], trump, strength):
                    winning = e.seat
                trick[e.seat] = e.card
                assert e.winning == winning, (trick, e)
                checked += 1
            elif isinstance(e, ev.TrickTaken) and trick:
                assert e.seat == winning
                trick = {}
    assert checked


def test_spoke_says_the_verb_and_argument_of_the_action() -> None:
    """Bids, passes, trumps named, doubles, juego, acompaño, calls: the event is the
    action said (verb and argument), not its record text."""
    seen = set()
    for name, players in (("subastado", 4), ("butifarra", 4), ("bato", 4), ("codillo", 5)):
        for action, events in _random_match(name, players, 3, 4):
            spoken = [e for e in events if isinstance(e, ev.Spoke)]
            if spoken:
                assert action is not None
                assert [(e.seat, e.verb, e.arg) for e in spoken] == [
                    (action.seat, action.verb, action.arg)]
                assert not spoken[0].out or action.verb == "pass"  # only a pass folds
                seen.add(action.verb)
    assert {"bid", "pass", "trump", "juego", "call"} <= seen, seen


def test_bato_chips_moved_lead_to_every_change_of_chips() -> None:
    """docs/rules.md §8: the ante into the pot, a quarter of the pot per trick (in the
    order taken), what a bateado pays: summed, the moves give each ``ChipsChanged``."""
    game = Game(load_ruleset("bato"), {"players": 4}, seed=5)
    chips, pot = list(game.ledger.chips), game.ledger.pot
    rng = random.Random(5)
    tricks: list[int] = []
    shares = payments = 0
    while not game.is_over:
        events = game.deal()
        while game.phase not in (DEAL, "over"):
            events += game.apply(rng.choice(game.legal_actions()))
        for e in events:
            if isinstance(e, ev.HandStarted):
                tricks = []
            elif isinstance(e, ev.TrickTaken):
                tricks.append(e.seat)
            elif isinstance(e, ev.HandScored):
                quarter = pot // 4
                taken = [s for s, t in enumerate(e.taken) for _k in range(t)]
                # A juego nobody accompanied takes its four tricks in one, unplayed.
                order = tricks if sorted(tricks) == taken else taken
            elif isinstance(e, ev.ChipsMoved):
                if e.amount > 0:
                    assert (e.seat, e.amount) == (order.pop(0), quarter)
                    shares += 1
                else:
                    payments += 1
                chips[e.seat] += e.amount
                pot -= e.amount
            elif isinstance(e, ev.ChipsChanged):
                assert (chips, pot) == (list(e.chips), e.pot)
    assert shares and payments
