"""docs/rules.md §14 Manilla: one test per rule, with §14's worked example; the keys it is
made of (trump ``dealer_card``, ``shown_card_scores``, ``phases`` and ``trump`` chosen
``by_option``, ``fixed``) are general, and tested here through the one file that uses
them. Records: docs/records.md, "manilla"."""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine_helpers import cards, new_game, play, texts

from tute.cards import card_text
from tute.engine import Game
from tute.engine.events import TotalsChanged, TrumpShown
from tute.engine.record import dump_record, record_from_text, replay, summary_json
from tute.rules import load_ruleset
from tute.rules.ruleset import RulesetError, ruleset_from_text


def manilla(seed: int = 0, /, **options: object) -> Game:
    return new_game(4, "manilla", seed, **options)


def hand_json(g: Game) -> dict[str, Any]:
    hands = summary_json(g)["hands"]
    assert isinstance(hands, list)
    last: dict[str, Any] = hands[-1]
    return last


def random_hand(g: Game, rng: random.Random) -> None:
    g.deal()
    while g.phase not in ("deal", "over"):
        g.apply(rng.choice(g.legal_actions()))


# §14's worked example, hand 7, two seats round (the first hand's dealer is seat 3, so the
# example's seat s is seat s + 2 here, in the same team): seat 3 deals and shows the
# manilla of copas (9C, his last card); seat 0 is mano.
EXAMPLE = {
    0: "12O 2E 3E 4E 5E 6E 7E 8E 6C 8C 10C 11C",
    1: "9O 1O 10O 11O 1E 9E 12E 11E 10E 1C 3C 5C",
    2: "2O 3O 4O 5O 6O 7O 8O 2B 3B 9B 4C 12C",
    3: "1B 12B 11B 8B 7B 6B 5B 4B 10B 7C 2C 9C",
}


def example_deal(g: Game, hands: dict[int, str], dealer: int) -> list[object]:
    return list(g.deal([cards(hands[s]) for s in range(4)], [], dealer=dealer))


# --- Players, deck, order, points ----------------------------------------------------------
def test_four_players_in_two_teams_catalan48_twelve_each_72_a_hand() -> None:
    rules = load_ruleset("manilla")
    assert rules.options["players"].allowed() == [4] and rules.deck == "catalan48"
    g = manilla(3)
    g.deal()
    assert [h.bit_count() for h in g.hands] == [12] * 4
    assert g.kit.hand_points() == 72 and g.kit.deck_points == 60
    assert [r for r in rules.order.ranks] == [9, 1, 12, 11, 10, 8, 7, 6, 5, 4, 3, 2]


def test_no_cantes_no_exchange_no_last_trick_bonus_renuncio_prevented() -> None:
    rules = load_ruleset("manilla")
    assert not rules.cantes.allowed and rules.last_trick_bonus == 0
    assert rules.exchange.pick(rules.resolve()) == "none" and "renuncio" not in rules.options


# --- Dealer and mano -----------------------------------------------------------------------
def test_seat_3_deals_first_seat_0_leads_and_the_deal_passes_right() -> None:
    g = manilla(1)
    rng = random.Random(1)
    random_hand(g, rng)
    assert (hand_json(g)["dealer"], hand_json(g)["mano"]) == (3, 0)
    random_hand(g, rng)
    assert (hand_json(g)["dealer"], hand_json(g)["mano"]) == (0, 1)


# --- Trumps: turned ------------------------------------------------------------------------
def test_turned_the_dealers_last_card_sets_trumps_every_hand_the_first_included() -> None:
    suits_seen = set()
    for seed in range(12):
        g = manilla(seed)
        rng = random.Random(seed)
        for _ in range(2):
            if g.is_over:
                break
            events = g.deal()
            dealer = g.hand.dealer
            last = g.logs[-1].deal[dealer][-1]  # the deck's last card is the dealer's
            assert g.hand.trump == last // 12
            assert [e for e in events if isinstance(e, TrumpShown)] == [
                TrumpShown(last // 12, last, dealer)]
            assert g.hands[dealer] >> last & 1  # it stays in his hand
            assert g.observation((dealer + 1) % 4).shown == last  # shown to everyone
            suits_seen.add(g.hand.trump)
            while g.phase not in ("deal", "over"):
                g.apply(rng.choice(g.legal_actions()))
    assert len(suits_seen) == 4  # not oros in the first hand, as Cabrero would have it


def test_the_shown_card_is_played_like_any_other() -> None:
    g = manilla()
    example_deal(g, EXAMPLE, dealer=3)
    play(g, "0 play 12O", "1 play 9O", "2 play 2O")
    assert "3 play 9C" in texts(g.legal_actions())  # partner winning: any card


# --- The shown card's points ---------------------------------------------------------------
def test_shown_points_count_at_once_for_the_dealers_side() -> None:
    """§14's hand 6, teams swapped: totals 30-28, seat 3 deals and shows 12E (3): 30-31
    before the lead."""
    g = manilla()
    g.ledger.totals = [30, 28]
    hands = {**EXAMPLE, 1: "9O 1O 10O 11O 1E 9E 9C 11E 10E 1C 3C 5C",
             3: "1B 12B 11B 8B 7B 6B 5B 4B 10B 7C 2C 12E"}
    events = example_deal(g, hands, dealer=3)
    assert g.hand.trump == 2 and g.ledger.totals == [30, 31]
    assert TotalsChanged("points", (30, 31)) in events
    pending = hand_json(g)
    assert pending["shown"] == "12E" and pending["shown_points"] == [0, 3]
    assert pending["shown_held"] is False and pending["muestra"] is None


def test_shown_points_are_held_near_the_target_then_count_if_nobody_won() -> None:
    """§14's hand 7: 31-37, seat 3 (seat 1 in the example) shows 9C (5): 37 + 5 reaches
    40, so the 5 wait for the hand's score; they count only if no side has reached 40
    with it."""
    outcomes: set[str] = set()
    for seed in range(60):
        # The example's deal, or (with 39-37 before) any deal whose shown card scores.
        t0 = 31 if seed % 2 else 39
        g = manilla(seed)
        g.ledger.totals = [t0, 37]
        if seed % 2:
            example_deal(g, EXAMPLE, dealer=3)
        else:
            g.deal()
            if not g.kit.card_points[g.hand.shown or 0] or 37 + g.kit.card_points[
                    g.hand.shown or 0] < 40:
                continue
        assert g.ledger.totals == [t0, 37] and hand_json(g)["shown_held"] is True
        assert g.hand.shown is not None
        v = load_ruleset("manilla").order.points[g.hand.shown]  # the file's points: 9C is 5
        rng = random.Random(seed)
        while g.phase not in ("deal", "over"):
            g.apply(rng.choice(g.legal_actions()))
        hand = hand_json(g)
        score = hand["score"]
        if t0 + score[0] >= 40:  # team 0 got there first: the held 5 never count
            assert hand["totals"] == [t0 + score[0], 37] and hand["shown_points"] == [0, 0]
            assert g.winners == (0, 2)
            outcomes.add("team 0 first")
        elif 37 + score[1] >= 40:  # team 1 got there with its own score
            assert hand["totals"] == [t0, 37 + score[1]] and hand["shown_points"] == [0, 0]
            assert g.winners == (1, 3)
            outcomes.add("team 1 by its score")
        else:  # nobody reached 40 with the hand's score: the held 5 count, and win
            assert hand["totals"] == [t0 + score[0], 37 + score[1] + v]
            assert hand["shown_points"] == [0, v] and g.winners == (1, 3)
            outcomes.add("held counted")
        assert hand["shown_held"] is True and hand["score"] == score
    assert outcomes == {"team 0 first", "team 1 by its score", "held counted"}


def test_the_worked_examples_tricks_obey_the_butifarra_family() -> None:
    g = manilla()
    g.ledger.totals = [31, 37]
    example_deal(g, EXAMPLE, dealer=3)
    assert g.hand.mano == 0
    plays = {card_text(a.arg) for a in g.legal_actions()}
    assert "12O" in plays
    play(g, "0 play 12O")
    assert {card_text(a.arg) for a in g.legal_actions()} == {"9O", "1O"}  # beat the opponent
    play(g, "1 play 9O")
    assert {card_text(a.arg) for a in g.legal_actions()} == {
        "2O", "3O", "4O", "5O", "6O", "7O", "8O"}  # cannot beat: any oro
    play(g, "2 play 2O")
    assert len(g.legal_actions()) == 12  # partner winning, void: any card
    play(g, "3 play 10B")
    assert g.hand.tricks[-1][0] == 1 and g.hand.won_points[1] == 9
    play(g, "1 play 1E")
    assert {card_text(a.arg) for a in g.legal_actions()} == {"4C", "12C"}  # must trump
    play(g, "2 play 4C")
    assert {card_text(a.arg) for a in g.legal_actions()} == {"7C", "9C"}  # over-trump, not 2C
    play(g, "3 play 7C")
    assert {card_text(a.arg) for a in g.legal_actions()} == {
        "2E", "3E", "4E", "5E", "6E", "7E", "8E"}  # follow, as no espada beats a trump
    play(g, "0 play 5E")
    assert g.hand.tricks[-1][0] == 3 and g.hand.won_points[3] == 4


def test_shown_points_off_scores_nothing_for_the_card() -> None:
    g = manilla(shown_points=False)
    g.ledger.totals = [28, 30]
    hands = dict(EXAMPLE)
    example_deal(g, hands, dealer=3)  # 9C shown: worth 5, but the option is off
    assert g.ledger.totals == [28, 30]
    assert hand_json(g)["shown_points"] == [0, 0] and hand_json(g)["shown_held"] is False


# --- Trumps: named -------------------------------------------------------------------------
def test_named_no_card_shown_the_dealer_names_or_delegates_then_doubling() -> None:
    g = manilla(2, trumps="named")
    g.deal()
    assert g.hand.shown is None and g.hand.trump < 0
    assert {"trump O", "butifarra", "delegate"} <= {a.record_text().split(" ", 1)[1]
                                                     for a in g.legal_actions()}
    play(g, f"{g.hand.dealer} butifarra")
    play(g, f"{g.hand.mano} double")
    namer = g.hand.declarer
    play(g, f"{namer} double")  # recontro; Sant Vicenç is fixed off: doubling ends
    assert g.hand.multiplier == 8 and all(a.verb == "play" for a in g.legal_actions())
    assert hand_json(g)["shown"] is None


def test_fixed_options_are_not_offered() -> None:
    rules = load_ruleset("manilla")
    assert set(rules.options) == {"players", "trumps", "shown_points", "target"}
    assert rules.fixed == {"capot_bonus": False, "sant_vicenc": False, "contro_by": "either"}
    assert rules.options["target"].allowed() == [40, 51, 101]
    assert rules.options["target"].default == 40


def test_turned_keeps_butifarras_keys_neutral() -> None:
    g = manilla(5)
    random_hand(g, random.Random(5))
    hand = hand_json(g)
    assert (hand["declarer"], hand["delegated"], hand["butifarra"], hand["doubles"],
            hand["multiplier"]) == (None, False, False, 0, 1)
    assert sum(hand["team_points"]) == 72 and sum(hand["points"]) == 60


@pytest.mark.parametrize("options", [{}, {"trumps": "named"}, {"shown_points": False},
                                     {"target": 101}, {"target": 51, "trumps": "named"}])
def test_records_replay_byte_for_byte(options: dict[str, object]) -> None:
    g = manilla(7, **options)
    rng = random.Random(7)
    while not g.is_over:
        random_hand(g, rng)
    rep = replay(record_from_text(dump_record(g)))
    assert rep.error is None and summary_json(rep.game) == summary_json(g)
    assert dump_record(rep.game) == dump_record(g)


# --- The keys, refused where they cannot work ----------------------------------------------
BASE = load_ruleset("manilla").source


def manilla_text(old: str, new: str) -> str:
    with open(BASE, encoding="utf-8") as f:
        text = f.read()
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize(("old", "new", "message"), [
    ("phases: {by_option: trumps, turned: [], named: [name_or_delegate, doubling]}",
     "phases: {by_option: trumps, turned: []}", r"line 13: phases: nothing given for "
     "trumps = named"),
    ("phases: {by_option: trumps, turned: [], named: [name_or_delegate, doubling]}",
     "phases: {by_option: trumps, turned: [], named: [doubling]}", r"line 12: trump "
     r"'named' needs phases name_trump or name_or_delegate \(with trumps = named\)"),
    ("fixed: {capot_bonus: false, sant_vicenc: false, contro_by: either}",
     "fixed: {sant_vicenc: false, contro_by: either}", r"settlement 'team_target' needs "
     "option 'capot_bonus'"),
    ("fixed: {capot_bonus: false,", "fixed: {target: 40, capot_bonus: false,",
     r"line 18: fixed.target: also an option of the file"),
    ("settlement: team_target", "settlement: race", r"line 15: shown_card_scores: .* needs "
     "settlement team_target"),
    ("  true: {to: dealer_side, hold_at_target: true}", "  true: {to: mano_side}",
     r"line 16: shown_card_scores.True.to: 'mano_side' is not one of dealer_side"),
    ("deal: packets ", "deal: stock\nhand_size: 3\n", r"trump 'dealer_card' needs deal "
     "all_even or packets"),
])
def test_a_file_that_misuses_the_keys_is_refused_with_its_line(old: str, new: str,
                                                                message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        ruleset_from_text(manilla_text(old, new), "mine.yaml", "mine")


# --- The family-property referee (tests/test_family_properties.py) catches a broken rule ----
def shows_the_first_card(h: Any, dealt: list[list[int]]) -> list[object]:
    """A broken dealer_card: the dealer's first card shown instead of his last."""
    shown = dealt[h.dealer][0]
    h.trump, h.shown, h.shown_holder = shown // 12, shown, h.dealer
    return [TrumpShown(h.trump, shown, h.dealer)]


def credits_the_other_side(original: Any) -> Any:
    """A broken shown_card_scores: the points go to the side after the dealer's."""
    def after_deal(self: Any, ledger: Any, h: Any) -> list[object]:
        holder = h.shown_holder
        if holder is not None:
            h.shown_holder = (holder + 1) % 4
        try:
            events: list[object] = original(self, ledger, h)
            return events
        finally:
            h.shown_holder = holder
    return after_deal


def holds_nothing(self: Any, ledger: Any, h: Any) -> list[object]:
    """A broken hold: the shown card's points always count at once, even at the target."""
    if h.shown is not None and h.kit.shown_scores is not None:
        side = h.side_of[h.shown_holder]
        ledger.totals[side] += h.kit.card_points[h.shown]
        ledger.shown_points = [0, 0]
        ledger.shown_points[side] = h.kit.card_points[h.shown]
        ledger.shown_held = 0
    return []


@pytest.mark.parametrize("broken", ["first card", "other side", "no hold"])
def test_the_family_referee_catches_a_broken_rule(broken: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The independent referee of §14 fails once a rule is broken in the engine (pure
    Python only: a compiled module does not see a replaced function)."""
    from test_family_properties import play_match

    from tute.engine import settlement, trumps

    if broken == "first card":
        monkeypatch.setattr(trumps, "_show_dealers_card", shows_the_first_card)
    elif broken == "other side":
        monkeypatch.setattr(settlement.TeamTarget, "after_deal",
                            credits_the_other_side(settlement.TeamTarget.after_deal))
    else:
        monkeypatch.setattr(settlement.TeamTarget, "after_deal", holds_nothing)
    with pytest.raises(AssertionError):
        for seed in range(20):
            play_match("manilla", {"players": 4, "target": 40}, seed, hands=30)
