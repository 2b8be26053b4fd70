"""Reading the plays: guesses that explain the other seats' cards under the medium policy
weigh more, every weight is a finite probability, and reading works in every game."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from engine_helpers import deal_hand, mask, new_game, play

from tute.ai import make_player
from tute.ai.inference import EPSILON, PARTNER_EPSILON, Reading
from tute.ai.knowledge import Knowledge, read
from tute.ai.sampler import Guess, sample_hands
from tute.ai.search import CHAIN_STEPS, SearchPlayer
from tute.cards import SUIT_MASK
from tute.engine import DEAL, Game, Observation
from tute.engine.actions import PLAY
from tute.rules import load_ruleset

COPAS = SUIT_MASK[1]


def declarations_read(rules_id: str) -> bool:
    """Whether the reading reads the game's decisions before play under its default
    options: it has phases (an auction or a declaration), none of which draws or discards
    cards after the deal (told by the file, not the game's name)."""
    rules = load_ruleset(rules_id)
    phases = rules.phases_for(rules.resolve())
    return bool(phases) and "discard_draw" not in phases


def loaded_tres() -> tuple[Game, Observation]:
    """Parejas, oros trumps: seat 2 leads the as de copas, and seat 1, last and against
    it, lays the tres de copas (10 points) on the trick his side cannot win."""
    game = new_game(4, "parejas", seed=3)
    deal_hand(game, {2: "2O 1C", 3: "4C 5C", 0: "6C", 1: "3C 7O"}, void={1: "C"}, dealer=1)
    assert (game.mano, game.trump) == (2, 0)
    play(game, "2 play 1C", "3 play 5C", "0 play 6C", "1 play 3C")
    return game, game.observation(2)


def test_a_seat_that_loads_the_foes_trick_reads_as_holding_no_lower_card() -> None:
    """Medium throws its cheapest card on a trick the foes win, so a seat that laid a tres
    is likelier to have held no other copa: the guess that gives it one weighs less."""
    game, obs = loaded_tres()
    truth = list(game.hands)
    other = next(c for c in range(48) if truth[1] >> c & 1 and c // 12 in (2, 3))
    swapped = list(truth)
    four = mask("4C")
    swapped[1] = truth[1] & ~(1 << other) | four
    swapped[3] = truth[3] & ~four | 1 << other
    know = read(obs)
    assert not (swapped[1] & know.not_held[1] or swapped[3] & know.not_held[3])  # possible
    reading = Reading(obs)
    assert reading.log_likelihood(truth) > reading.log_likelihood(swapped)


def test_read_guesses_give_the_loader_fewer_copas() -> None:
    """Over many guesses, the chain's (read from the plays) leave seat 1 without a copa
    more often than plain consistent guesses do."""
    _, obs = loaded_tres()
    know = read(obs)
    reading = Reading(obs)
    plain = sum(bool(sample_hands(obs, know, random.Random(i))[0][1] & COPAS)
                for i in range(200))
    rng = random.Random(0)
    read_ = sum(bool(reading.chain(know, rng, 2)[0][1] & COPAS) for _ in range(200))
    assert read_ < plain


def test_a_partners_card_that_is_not_mediums_costs_less_than_a_foes() -> None:
    """A partner plays at the reader's own level, not medium's: seat 1's tres laid on the
    foes' trick while (in the guess) he also held the dos de copas, a card medium would
    not have played, costs a foe's reading (seat 0) a card at EPSILON, his partner's
    reading (seat 3, parejas' teams 0-2 and 1-3) only one at PARTNER_EPSILON."""
    game, _ = loaded_tres()
    truth = list(game.hands)
    dos, bastos = mask("2C"), mask("2B")
    assert truth[2] & dos and truth[1] & bastos
    guess = list(truth)
    guess[1] = truth[1] & ~bastos | dos  # two copas: the tres and the dos
    guess[2] = truth[2] & ~dos | bastos
    drop = {}
    for seat in (0, 3):
        obs = game.observation(seat)
        know = read(obs)
        assert not (guess[1] & know.not_held[1] or guess[2] & know.not_held[2])
        reading = Reading(obs)
        drop[seat] = reading.log_likelihood(truth) - reading.log_likelihood(guess)
    assert 0 < drop[3] < drop[0]
    # Two copas to choose from, the tres not medium's: 1 against the weight, of 1 + weight.
    assert drop[0] == pytest.approx(math.log((1 + EPSILON) / EPSILON))
    assert drop[3] == pytest.approx(math.log((1 + PARTNER_EPSILON) / PARTNER_EPSILON))


def test_without_teams_every_seat_is_read_at_epsilon() -> None:
    """Cabrero has no partners: no seat's cards are softened as a partner's."""
    found = position("cabrero", 4, seed=2, stop=6)
    assert found is not None
    assert Reading(found[1]).epsilons == [EPSILON] * 4


def position(rules_id: str, players: int, seed: int, stop: int, from_play: bool = False
             ) -> tuple[Game, Observation] | None:
    """A hand of medium players stopped after ``stop`` decisions, if still in play; or,
    ``from_play``, after ``stop`` cards played in the first hand that is played (Bato's
    hands are often passed)."""
    game = Game(load_ruleset(rules_id), {"players": players}, seed=seed)
    guide = [make_player("medium", s) for s in range(players)]
    game.deal()
    done = 0
    while done < stop:
        if game.phase == DEAL and from_play and not done and not game.is_over:
            game.deal()
            continue
        if game.phase == DEAL or game.is_over:
            return None
        seat = game.current_player
        assert seat is not None
        done += not from_play or game.hand.phase < 0
        game.apply(guide[seat].choose(game.observation(seat)))
    if game.phase == DEAL or game.is_over:
        return None
    seat = game.current_player
    assert seat is not None
    return game, game.observation(seat)


def late_position(rules_id: str, players: int, seed: int) -> tuple[Game, Observation] | None:
    """A hand of medium players with two tricks left, if it gets there."""
    game = Game(load_ruleset(rules_id), {"players": players}, seed=seed)
    guide = [make_player("medium", s) for s in range(players)]
    game.deal()
    while game.phase != DEAL and not game.is_over:
        if game.phase == "play" and game.hand.tricks_left <= 2:
            seat = game.current_player
            assert seat is not None
            return game, game.observation(seat)
        seat = game.current_player
        assert seat is not None
        game.apply(guide[seat].choose(game.observation(seat)))
    return None


def test_the_replay_explains_every_medium_play_on_the_real_deal(
        every_table: tuple[str, int]) -> None:
    """Reading replays each public position as the seat saw it then (the cantes sung so
    far and no later ones, Chancho's forced ones, the shown card known held, the
    deductions that seat could make): on the real deal, every card a medium player chose
    among several is the medium policy's choice at its replayed position, and so is what
    it did after each trick it won where it could sing (a cante, or none), and each of its
    decisions before play, made from the hand dealt (a takeover's moved cards found)."""
    rules_id, players = every_table
    chances, declared, cantes = 0, 0, False
    for seed in range(8):
        found = late_position(rules_id, players, seed)
        if found is None:
            continue
        game, obs = found
        reading = Reading(obs)
        for d in reading.decisions:
            options, chosen = reading.choice(d, game.hands[d.seat] | d.later)
            assert options >= 1
            assert chosen or options == 1, (seed, d.seat, d.card)
        for c in reading.chances:
            partner = game.hands[c.partner] | c.partner_later if c.partner >= 0 else 0
            options, chosen = reading.cante_choice(c, game.hands[c.seat] | c.later, partner)
            assert options >= 1 and chosen, (seed, c.seat, c.sang)
        for decl in reading.declarations:
            t = decl.holder
            options, chosen = reading.declaration_choice(
                decl, game.hands[t] | reading.played_by[t] if t >= 0 else 0)
            assert options >= 1 and chosen, (seed, decl.action)
        chances += len(reading.chances)
        declared += len(reading.declarations)
        cantes = game.hand.kit.cantes
    assert chances or not cantes  # where there are cantes, the tricks won were read
    assert declared or not declarations_read(rules_id)


def test_reading_weighs_guesses_in_every_game(every_table: tuple[str, int]) -> None:
    """In every game and player count: each guess's likelihood is a finite probability,
    the real deal's included; read guesses keep the seat's hand, fit the deductions and
    repeat with the seed."""
    rules_id, players = every_table
    seen = 0
    for seed in range(6):
        found = position(rules_id, players, seed, 1 + 3 * seed, from_play=True)
        if found is None:
            continue
        game, obs = found
        if obs.hand_phase != "play":
            continue
        seen += 1
        know = read(obs)
        reading = Reading(obs)
        truth = reading.log_likelihood(list(game.hands))
        assert math.isfinite(truth) and truth <= 0.0
        for i in range(5):
            reading.restart()
            hands, stock = reading.chain(know, random.Random(i), 3)
            reading.restart()
            assert (hands, stock) == reading.chain(know, random.Random(i), 3)
            value = reading.log_likelihood(hands)
            assert math.isfinite(value) and value <= 0.0
            assert hands[obs.seat] == obs.hand
            obs.determinize(hands, stock)  # a playable deal
    assert seen


def test_search_with_reading_plays_legal_moves_in_every_game(every_game: str) -> None:
    """The hard level reading the plays still answers a legal action, and the same one
    for the same seed."""
    for seed in range(3):
        found = position(every_game, int(load_ruleset(every_game).options["players"].default),
                         seed, 6 + 7 * seed)
        if found is None:
            continue
        _, obs = found
        if not obs.legal:
            continue
        action = SearchPlayer(seed, iterations=3, reading=2).choose(obs)
        assert action in obs.legal
        assert action == SearchPlayer(seed, iterations=3, reading=2).choose(obs)


def test_reading_off_or_with_nothing_to_read_guesses_as_the_sampler() -> None:
    """With reading off, or before any card is played, a guess is the sampler's own: the
    same generator draws the same deal."""
    _, obs = loaded_tres()
    know = read(obs)
    plain = sample_hands(obs, know, random.Random(5))
    assert SearchPlayer(0, reading=0).guess(obs, know, random.Random(5)) == plain
    game = new_game(4, "parejas", seed=3)
    game.deal()
    first = game.observation(game.mano)
    assert not Reading(first).decisions
    fresh = read(first)
    assert (SearchPlayer(0, reading=2).guess(first, fresh, random.Random(5))
            == sample_hands(first, fresh, random.Random(5)))


def test_each_search_chains_afresh() -> None:
    """A search's guesses depend on its own generator only, not on an earlier search of
    the same position by the same player (a reloaded match plays the same)."""
    _, obs = loaded_tres()
    know = read(obs)
    used, fresh = SearchPlayer(0, reading=2), SearchPlayer(0, reading=2)
    rng = random.Random(1)
    for _ in range(5):
        used.guess(obs, know, rng)
    assert used.guess(obs, know, random.Random(2)) == fresh.guess(obs, know, random.Random(2))


class CountingSearch(SearchPlayer):
    """Guesses from a fixed list of deals in turn, counting the deals it searches."""

    def __init__(self, deals: list[Guess], reading: int) -> None:
        super().__init__(0, think_seconds=3600.0, guesses=4, reading=reading)
        self.deals, self.turn, self.rows = deals, 0, 0

    def guess(self, obs: Observation, know: Knowledge, rng: random.Random) -> Guess:
        self.turn += 1
        return self.deals[self.turn % len(self.deals)]

    def row(self, *args: Any) -> list[float] | None:
        self.rows += 1
        return super().row(*args)


def test_reading_searches_each_deal_once_and_counts_deals_searched() -> None:
    """Reading, a deal the chain repeats counts again without a second search, and the
    budget counts deals searched; where fewer deals come up than the budget, the search
    stops after CHAIN_STEPS rows a deal of the budget. Without reading every guess is
    searched, as before."""
    _, obs = loaded_tres()
    know = read(obs)
    two = [sample_hands(obs, know, random.Random(i)) for i in (1, 2)]
    assert two[0] != two[1]
    actions = [a for a in obs.legal if a.verb == PLAY]
    reader = CountingSearch(two, reading=2)
    rows = reader.line_samples(obs, random.Random(0), [(a,) for a in actions])
    assert rows is not None
    assert reader.rows == 2 and len(rows) == CHAIN_STEPS * 4
    plain = CountingSearch(two, reading=0)
    rows = plain.line_samples(obs, random.Random(0), [(a,) for a in actions])
    assert rows is not None
    assert plain.rows == 4 and len(rows) == 4


@pytest.mark.parametrize(("rules_id", "players"), [("dos", 2), ("brisca", 2), ("brisca", 4)])
def test_while_a_stock_lasts_the_trick_before_is_read_through_the_unseen_draw(
        rules_id: str, players: int) -> None:
    """With cards still to draw, the plays of the trick before are read too: the card each
    seat drew since is one of those the reading averages over, and the hand it held then
    (its hand now and the cards played since, less that card) makes medium's choice."""
    read_before = 0
    for seed in range(6):
        game = Game(load_ruleset(rules_id), {"players": players}, seed=seed)
        guide = [make_player("medium", s) for s in range(players)]
        game.deal()
        held: list[tuple[int, int]] = []  # (seat, its hand before each card played)
        while game.phase == "play" and game.hand.stock and not game.is_over:
            seat = game.current_player
            assert seat is not None
            action = guide[seat].choose(game.observation(seat))
            if action.verb == PLAY:
                held.append((seat, game.hands[seat]))
            game.apply(action)
            if game.current_player is None:
                break
            obs = game.observation(game.current_player)
            if not obs.stock_size or obs.view.exchanges:
                continue
            reading = Reading(obs)
            played = [(s, c) for _, t in obs.tricks for s, c in t] + list(obs.trick)
            assert len(played) == len(held)
            first = len(played) - len(obs.trick) - len(obs.tricks[-1][1]) if obs.tricks else 0
            pairs = list(zip(played, held, strict=True))[first:]
            others = [(s, c, h) for (s, c), (_, h) in pairs if s != obs.seat]
            assert [(d.seat, d.card) for d in reading.decisions] == [(s, c) for s, c, _ in
                                                                     others]
            for d, (s, _, before) in zip(reading.decisions, others, strict=True):
                now = game.hands[s] | d.later
                assert before & ~now == 0 and (before ^ now).bit_count() == int(d.drew)
                if d.drew:
                    drawn = now & ~before
                    assert drawn & (game.hands[s] | d.after_draw) & ~d.state.known[s]
                    read_before += 1
                options, chosen = reading.choice(d, before)
                assert chosen or options == 1
    assert read_before
