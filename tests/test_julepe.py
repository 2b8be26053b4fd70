"""Julepe (docs/rules.md §13) and the general keys it is made of, one test per rule:
``juego_each`` with ``lone``, ``lead: first_active``, ``discard`` (the hand size, from the
mano, a restock out of play, recorded), ``turned_card``, ``commitment``, the ``plate``
settlement with its chip invariant, the ``must_trump`` modifier by option; and the loader
refusing numbers that cannot work (a file that would create chips, at its line)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine_helpers import cards, deal_given, play, play_out, texts
from tute.engine import Game
from tute.engine.errors import IllegalAction
from tute.engine.events import Spoke
from tute.engine.record import dump_record, record_from_text, replay
from tute.resources import rules_dir
from tute.rules import load_ruleset
from tute.rules.ruleset import RulesetError, ruleset_from_text

JULEPE = (rules_dir() / "julepe.yaml").read_text(encoding="utf-8")

EXAMPLE = {0: "1B 3B 12O 7C 4E", 1: "2O 5C 6E 10C 4O", 2: "1O 12B 11E 7E 2C",
           3: "3O 5B 6B 1C 11C"}
"""§13's worked example, hand 1: the deal; the stock starts 2B 3C 1E 4B, the pinta 7B."""
SPEAK = ("0 juego", "1 pass", "2 juego", "3 juego")
DISCARDS = ("0 discard 7C 4E", "2 discard 2C 7E", "3 exchange 11C", "3 discard")
TRICKS = ("0 play 1B", "2 play 4B", "3 play 5B", "0 play 3B", "2 play 12B", "3 play 6B",
          "0 play 12O", "2 play 1O", "3 play 3O", "2 play 1E", "3 play 7B")
LAST = ("0 play 2B", "3 play 1C", "0 play 3C", "2 play 11E")


def julepe(players: int = 4, **options: Any) -> Game:
    return Game(load_ruleset("julepe"), {"players": players, **options}, seed=1)


def summary(g: Game, i: int = -1) -> dict[str, Any]:
    return g.summaries[i].to_json()


def example(**options: Any) -> Game:
    g = julepe(**options)
    deal_given(g, EXAMPLE, top="2B 3C 1E 4B", bottom="7B")
    return g


def test_worked_example_hand_1_plays_and_records_as_section_13_says() -> None:
    g = example()
    play(g, *SPEAK, *DISCARDS, *TRICKS)
    assert texts(g.legal_actions()) == {"0 play 2B"}  # T4: void in espadas, subfallar
    play(g, *LAST)
    h = summary(g)
    want = {"muestra": "7B", "trump": "B", "auction": list(SPEAK), "playing": [0, 2, 3],
            "forced": None, "exchanges": ["3 11C"], "discards": [2, 0, 2, 0],
            "restocks": [], "taken": [2, 0, 1, 2], "points": [0, 0, 0, 0],
            "antes": [0, 0, 0, 5], "pot": 5, "won": [2, 0, 1, 2], "julepes": [2],
            "paid": [0, 0, 5, 0], "chips": [52, 50, 46, 47], "next_pot": 5, "last_trick": 3}
    assert {k: h[k] for k in want} == want
    assert sum(h["chips"]) + h["next_pot"] == 4 * 50


def test_subfallar_off_lets_a_void_player_keep_his_trump_and_the_taker_pays_double() -> None:
    """§13, the same hand with subfallar off: 3C at T4, then 2B trumps 1C; seats 2 and 3
    quedan julepe, the pinta's taker paying double (10)."""
    g = example(subfallar=False)
    play(g, *SPEAK, *DISCARDS, *TRICKS)
    assert texts(g.legal_actions()) == {"0 play 2B", "0 play 3C"}
    play(g, "0 play 3C", "3 play 1C", "0 play 2B", "2 play 11E")
    h = summary(g)
    assert h["taken"] == [3, 0, 1, 1] and sorted(h["julepes"]) == [2, 3]
    assert h["paid"] == [0, 0, 5, 10] and h["chips"] == [53, 50, 46, 36]
    assert h["next_pot"] == 15


def test_the_first_player_in_from_the_mano_leads_and_passers_are_skipped() -> None:
    g = julepe()
    deal_given(g, {})
    play(g, "0 pass", "1 juego", "2 juego", "3 pass")
    play(g, "1 discard", "2 discard")
    assert g.current_player == 1 and g.hand.playing == (1, 2)


def test_a_pass_takes_the_player_out_of_the_hand_at_once() -> None:
    """§13 Juego or paso: "those who pass take no further part" — every pass, the first
    before anyone is in too, is a fold the table and a resumed match can see."""
    g = julepe()
    deal_given(g, {})
    spoke = [e for e in play(g, "0 pass", "1 juego", "2 pass") if isinstance(e, Spoke)]
    assert [(e.seat, e.out) for e in spoke] == [(0, True), (1, False), (2, True)]
    assert g.observation(3).folded == 0b101


def test_forced_dealer_must_join_a_lone_player() -> None:
    g = julepe()
    deal_given(g, {})
    play(g, "0 pass", "1 juego", "2 pass")
    pending = g.current_summary()
    assert pending is not None and pending.to_json()["playing"] == [1]  # in so far
    assert texts(g.legal_actions()) == {"3 juego"}
    play(g, "3 juego")
    assert g.hand.forced == 3 and g.hand.playing == (1, 3)


def test_forced_dealer_is_not_asked_when_nobody_is_in_and_the_plate_stays() -> None:
    g = julepe()
    deal_given(g, {})
    play(g, "0 pass", "1 pass", "2 pass")
    h = summary(g)
    assert h.get("void") and h["playing"] == [] and h["next_pot"] == 5
    assert h["won"] == [0] * 4 and h["paid"] == [0] * 4 and g.ledger.pot == 5


def test_forced_none_a_lone_player_takes_the_five_tricks_unopposed() -> None:
    g = julepe(forced="none")
    deal_given(g, {})
    play(g, "0 pass", "1 pass", "2 pass", "3 juego")
    h = summary(g)
    assert h["taken"] == [0, 0, 0, 5] and h["won"] == [0, 0, 0, 5]
    assert h["chips"] == [50, 50, 50, 50] and h["next_pot"] == 0


def test_ante_by_players_is_paid_as_each_says_juego_and_a_void_hand_costs_nothing() -> None:
    g = julepe(ante_by="players")
    deal_given(g, {})
    assert g.ledger.pot == 0
    play(g, "0 juego")
    assert g.ledger.pot == 5 and g.ledger.chips[0] == 45
    play(g, "1 pass", "2 juego", "3 pass", "0 discard", "2 discard")
    play_out(g)
    assert summary(g)["antes"] == [5, 0, 5, 0] and summary(g)["pot"] == 10
    g2 = julepe(ante_by="players")
    deal_given(g2, {})
    play(g2, "0 pass", "1 pass", "2 pass")
    assert g2.ledger.chips == [50] * 4 and g2.ledger.pot == 0


def test_three_tricks_the_pinta_taker_must_take_three_and_pays_the_single_amount() -> None:
    g = example(take_pinta="three_tricks")
    play(g, *SPEAK, *DISCARDS, *TRICKS, *LAST)
    h = summary(g)
    assert sorted(h["julepes"]) == [2, 3] and h["paid"] == [0, 0, 5, 5]


def test_never_the_dealer_is_not_offered_the_pinta() -> None:
    g = example(take_pinta="never")
    play(g, *SPEAK, "0 discard 7C 4E", "2 discard 2C 7E")
    assert "exchange" not in {a.verb for a in g.legal_actions()}
    with pytest.raises(IllegalAction):
        play(g, "3 exchange 11C")


def test_a_discard_may_hold_the_whole_hand_and_an_empty_stock_is_restocked_and_recorded(
) -> None:
    """Six players, 9 cards in the stock: the second five-card discard empties it; a new
    stock is formed from the cards out of play (not the pinta, not this player's own
    discards), recorded in ``restocks``, and the record replays without the generator."""
    g = Game(load_ruleset("julepe"), {"players": 6}, seed=4)
    g.deal()
    play(g, "0 juego", "1 juego", "2 pass", "3 pass", "4 pass", "5 juego")
    h = g.hand
    mine = h.hands[0]
    play(g, "0 discard " + " ".join(_text(mine)))
    given = h.hands[1]
    play(g, "1 discard " + " ".join(_text(given)))
    assert len(h.restocks) == 1
    pool = set(h.restocks[0])
    assert h.muestra not in pool and not any(given >> c & 1 for c in pool)
    assert h.hands[1].bit_count() == 5
    play(g, "5 discard")
    play_out(g)
    record = dump_record(g)
    assert "restocks: [[" in record
    again = replay(record_from_text(record))
    assert again.error is None
    assert again.game.summaries[-1].to_json() == g.summaries[-1].to_json()


def _text(mask: int) -> list[str]:
    from tute.cards import card_text, cards_of

    return [card_text(c) for c in cards_of(mask)]


def test_chips_and_plate_hold_what_the_players_started_with_in_every_option() -> None:
    """The chip invariant over whole matches of random play, every option value."""
    import random

    rules = load_ruleset("julepe")
    for i, opts in enumerate([{}, {"ante_by": "players"}, {"forced": "none"},
                              {"match_end": "first_out", "chips": 30, "ante": 10},
                              {"take_pinta": "three_tricks", "subfallar": False},
                              {"players": 3}, {"players": 6, "take_pinta": "never"}]):
        g = Game(rules, opts, seed=i)
        rng = random.Random(i)
        total = g.n * int(g.options["chips"])
        while not g.is_over:
            g.deal()
            while g.phase == "play":
                g.apply(rng.choice(g.legal_actions()))
            h = summary(g)
            assert sum(h["chips"]) + h["next_pot"] == total


def test_a_payment_that_breaks_the_chip_invariant_stops_the_engine() -> None:
    g = example()
    play(g, *SPEAK, *DISCARDS, *TRICKS, "0 play 2B", "3 play 1C", "0 play 3C")
    g.ledger.pot += 1  # a chip from nowhere
    with pytest.raises(RuntimeError, match="chip invariant"):
        play(g, "2 play 11E")


def _refusal(old: str, new: str) -> RulesetError:
    assert old in JULEPE
    text = JULEPE.replace(old, new)
    with pytest.raises(RulesetError) as info:
        ruleset_from_text(text, "mine.yaml", "mine")
    return info.value


def test_a_file_that_would_create_chips_is_refused_with_its_line() -> None:
    e = _refusal("    choices: [5, 10]\n", "    choices: [-5, 5, 10]\n")
    lines = JULEPE.splitlines()
    line = lines.index("    choices: [5, 10]", lines.index("  ante:")) + 1
    assert e.line == line and "create chips" in str(e) and "mine.yaml" in str(e)


def test_a_commitment_two_players_cannot_meet_is_refused() -> None:
    e = _refusal("  each: 2\n", "  each: 3\n")
    assert "two players in cannot both take 3 of the 5 tricks" in str(e)
    assert e.line == JULEPE.splitlines().index("  each: 2") + 1


def test_a_restock_the_cards_out_of_play_cannot_fill_is_refused() -> None:
    e = _refusal("hand_size: 5\n", "hand_size: 6\n")
    assert "cannot always restock" in str(e)


def test_must_trump_by_option_narrows_only_the_void_players_with_trumps() -> None:
    from tute.engine.obligations import must_trump

    hand = cards_mask("2B 3C 4O")
    assert must_trump(hand, hand, 2, 3) == cards_mask("2B")  # void in E (2), trumps B (3)
    assert must_trump(hand, hand, 1, 3) == hand  # holds the suit led
    assert must_trump(cards_mask("3C 4O"), cards_mask("3C 4O"), 2, 3) == cards_mask("3C 4O")


def cards_mask(text: str) -> int:
    out = 0
    for c in cards(text):
        out |= 1 << c
    return out


# --- The family-property referee (tests/test_family_properties.py) catches a broken rule ----
@pytest.mark.parametrize("broken", ["sixth share", "one trick", "dealer free", "no cap"])
def test_the_family_referee_catches_a_broken_rule(broken: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The independent referee of §13 passes the engine and fails once a rule is broken
    in it (pure Python only: a compiled module does not see a replaced function)."""
    from test_family_properties import play_match

    from tute.engine import phases, scoring, settlement

    for seed in range(6):
        play_match("julepe", {"players": 4}, seed, hands=20)
    if broken == "sixth share":
        monkeypatch.setattr(settlement, "trick_share", lambda h, pot: pot // 6)
    elif broken == "one trick":
        monkeypatch.setattr(scoring, "needed", lambda h, seat: 1)
    elif broken == "dealer free":  # the dealer may pass on a lone player
        monkeypatch.setattr(phases.JuegoEach, "_must_join", staticmethod(lambda h: False))
    else:
        monkeypatch.setattr(settlement.Plate, "settle", uncapped(settlement.Plate.settle))
    with pytest.raises(AssertionError):
        for seed in range(30):
            play_match("julepe", {"players": 4, "chips": 30, "ante": 10}, seed, hands=30)


def uncapped(original: Any) -> Any:
    """A broken cap: a julepe always pays the whole plate, the chips going negative (the
    engine's own invariant check is bypassed to let the referee see it)."""
    def settle(self: Any, ledger: Any, h: Any, result: Any) -> Any:
        events, extra = original(self, ledger, h, result)
        for s in result.losers:
            short = extra["pot"] - extra["paid"][s]
            if short > 0:
                extra["paid"][s] += short
                extra["chips"][s] -= short
        return events, extra
    return settle


def test_every_level_decides_a_dealer_who_must_join_and_plays_a_hand() -> None:
    """The dealer with only juego left (a search's playouts decide it too), and a whole
    hand with each level at the table."""
    import random

    from tute.ai import make_player
    from tute.ai.declare import decide

    g = julepe()
    deal_given(g, {})
    play(g, "0 pass", "1 juego", "2 pass")
    obs = g.observation(3)
    assert texts(decide(obs, list(obs.legal), random.Random(0)) for _ in [0]) == {"3 juego"}
    g = julepe()
    g.deal()
    players = [make_player(level, seed=s, think_seconds=0.05) for s, level in enumerate(
        ["hard", "medium", "easy", "medium"])]
    while g.phase == "play":
        seat = g.current_player
        assert seat is not None
        g.apply(players[seat].choose(g.observation(seat)))
    assert g.summaries[-1].complete


def test_the_hard_levels_guess_counts_the_card_given_face_down_for_the_pinta() -> None:
    """A guess of the hidden cards places the card the dealer gave for the pinta among the
    face-down ones (it is no discard in the record's count, but it is out of play)."""
    import random

    from tute.ai.knowledge import read
    from tute.ai.sampler import sample_hands

    g = example()
    play(g, *SPEAK, *DISCARDS)
    for seat in (0, 2):
        obs = g.observation(seat)
        assert obs.face_down[3] == 1 and obs.discards[3] == 0
        hands, stock = sample_hands(obs, read(obs), random.Random(seat))
        assert hands[seat] == g.hands[seat] and stock is not None
        assert hands[3] >> cards("7B")[0] & 1  # the pinta, known in the dealer's hand


def test_a_pinta_taken_then_thrown_away_is_seen_going_face_up() -> None:
    """Decided here (§13 says everyone knows the pinta is in the dealer's hand): if he then
    discards it, it lies face up, so no seat's view tells whether he kept it or not by a
    card it cannot see."""
    g = example()
    play(g, *SPEAK, "0 discard 7C 4E", "2 discard 2C 7E", "3 exchange 11C", "3 discard 7B")
    h = g.hand
    pinta = cards("7B")[0]
    assert h.out_of_play >> pinta & 1 and not h.known[3] >> pinta & 1
    assert not h.discarded[3] >> pinta & 1 and h.discarded[3] >> cards("11C")[0] & 1
    assert g.observation(0).out_of_play >> pinta & 1
