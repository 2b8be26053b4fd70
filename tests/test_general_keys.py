"""Issue 49's general keys, each stated for any file (here over Butifarra's, §9): trump
``dealer_card``, ``shown_card_scores``, ``phases`` (and any strategy) chosen
``by_option``, and ``fixed`` options; Butifarra itself plays as before (its golden match)."""

from __future__ import annotations

import random

import pytest

from tute.engine import Action, Game
from tute.engine.actions import parse_action
from tute.engine.events import TotalsChanged
from tute.engine.kit import Kit
from tute.resources import rules_dir
from tute.rules.ruleset import RuleSet, RulesetError, ruleset_from_text

BUTIFARRA = (rules_dir() / "butifarra.yaml").read_text(encoding="utf-8")
TURNED = BUTIFARRA.replace("trump: named\nphases: [name_or_delegate, doubling]\n",
                           "trump: dealer_card\n")


def rules(text: str) -> RuleSet:
    return ruleset_from_text(text, "mine.yaml", "mine")


def test_dealer_card_shows_the_dealers_last_card_every_hand_the_first_included() -> None:
    """The last card dealt is the dealer's own; its suit is trumps, it stays in his hand."""
    for seed in range(6):
        g = Game(rules(TURNED), {}, seed)
        rng = random.Random(seed)
        for _ in range(3):
            g.deal()
            last = g.logs[-1].deal[g.hand.dealer][-1]
            assert g.hand.trump == last // 12 and g.hand.shown == last
            assert g.hand.shown_holder == g.hand.dealer and g.hands[g.hand.dealer] >> last & 1
            while g.phase not in ("deal", "over"):
                g.apply(rng.choice(g.legal_actions()))
            if g.is_over:
                break


def test_shown_card_scores_go_to_the_dealers_side_at_once_or_held_at_the_target() -> None:
    text = TURNED + "shown_card_scores: {to: dealer_side, hold_at_target: true}\n"
    seen = set()
    for seed in range(40):
        g = Game(rules(text), {"target": 51}, seed)
        g.ledger.totals = [48, 48]
        events = g.deal()
        v = g.kit.card_points[g.hand.shown or 0]
        side = g.hand.dealer % 2
        if v >= 3:  # 48 + v reaches 51: held
            assert g.ledger.totals == [48, 48] and g.ledger.shown_held == v
            seen.add("held")
        elif v:
            want = [48 + v * (s == side) for s in (0, 1)]
            assert g.ledger.totals == want and TotalsChanged("points", tuple(want)) in events
            seen.add("at once")
    assert seen == {"held", "at once"}


def test_shown_card_scores_without_hold_count_at_once_even_at_the_target() -> None:
    text = TURNED + "shown_card_scores: {to: dealer_side}\n"
    for seed in range(20):
        g = Game(rules(text), {"target": 51}, seed)
        g.ledger.totals = [50, 50]
        g.deal()
        v = g.kit.card_points[g.hand.shown or 0]
        assert g.ledger.totals[g.hand.dealer % 2] == 50 + v


OPTION = ("  trumps:\n    default: turned\n    choices: [turned, named]\n"
          "    label: {es: Triunfo, en: Trumps}\n    description: {es: a, en: a}\n")


def test_phases_and_trump_chosen_by_an_option() -> None:
    text = BUTIFARRA.replace(
        "trump: named\nphases: [name_or_delegate, doubling]\n",
        "trump: {by_option: trumps, turned: dealer_card, named: named}\n"
        "phases: {by_option: trumps, turned: [], named: [name_or_delegate, doubling]}\n"
    ).replace("options:\n", "options:\n" + OPTION, 1)
    r = rules(text)
    turned, named = Game(r, {}, 1), Game(r, {"trumps": "named"}, 1)
    turned.deal()
    named.deal()
    assert turned.hand.shown is not None and all(a.verb == "play"
                                                 for a in turned.legal_actions())
    assert named.hand.shown is None and "delegate" in {a.verb for a in named.legal_actions()}
    assert r.phases == () and r.phases_for({"trumps": "named"}) == (
        "name_or_delegate", "doubling")


def test_fixed_options_are_read_by_the_strategies_and_not_offered() -> None:
    text = BUTIFARRA.replace("settlement: team_target\n", "settlement: team_target\n"
                             "fixed: {capot_bonus: true, sant_vicenc: true}\n")
    start = text.index("  sant_vicenc:")
    end = text.index("\n# How the menus")
    r = rules(text[:start] + text[end:])
    assert "capot_bonus" not in r.options and "sant_vicenc" not in r.options
    g = Game(r, {}, 0)
    assert g.kit.options["capot_bonus"] is True and "capot_bonus" not in g.options


@pytest.mark.parametrize(("text", "message"), [
    (TURNED.replace("deal: packets", "deal: packets\nfixed: [capot_bonus]"),
     r"mine.yaml, line 11: fixed: expected a mapping of option names to values"),
    (TURNED + "shown_card_scores: {to: mano_side}\n",
     r"mine.yaml, line 67: shown_card_scores.to: 'mano_side' is not one of dealer_side"),
    (BUTIFARRA.replace("phases: [name_or_delegate, doubling]",
                       "phases: {by_option: players, 4: [name_or_delegate], 5: []}"),
     r"mine.yaml, line 12: phases: 5 is not a value of option players"),
])
def test_the_keys_are_refused_with_file_and_line(text: str, message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        rules(text)


def test_modifiers_chosen_by_an_option() -> None:
    """`modifiers: {by_option: ...}`: an obligation modifier switched by an option (the
    §13 list's `must_trump` by `subfallar` is written so; `no_cargar` here)."""
    strict = ("  strict:\n    default: false\n    label: {es: Estricto, en: Strict}\n"
              "    description: {es: a, en: a}\n")
    text = BUTIFARRA.replace("obligations: butifarra\n", "obligations: butifarra\nmodifiers: "
                             "{by_option: strict, true: [no_cargar], false: []}\n"
                             ).replace("options:\n", "options:\n" + strict, 1)
    r = rules(text)
    assert r.modifiers == () and r.modifiers_for({"strict": True}) == ("no_cargar",)
    assert not Game(r, {}, 0).kit.no_cargar and Game(r, {"strict": True}, 0).kit.no_cargar
    with pytest.raises(RulesetError, match=r"mine.yaml, line 14: modifiers: nothing given "
                                           "for strict = False"):
        rules(text.replace(", false: []}", "}"))


# --- §13's general keys over another file: Bato's (§8) ---------------------------------------
BATO = (rules_dir() / "bato.yaml").read_text(encoding="utf-8")


def bato_with(*lines: str, **options: object) -> Game:
    return Game(rules(BATO + "".join(f"{line}\n" for line in lines)), options, 3)


def test_the_share_per_trick_is_the_pot_over_the_hands_tricks_never_more_than_it_holds(
) -> None:
    """§13 (a fix to §8's chips): with five cards a trick earns a fifth of the pot, so the
    tricks never pay out more than it holds (a quarter each paid 5/4 of it)."""
    g = Game(rules(BATO.replace("hand_size: 4", "hand_size: 5")), {}, 1)
    rng = random.Random(1)
    while not g.is_over:
        g.deal()
        while g.phase == "play":
            g.apply(rng.choice(g.legal_actions()))
        s = g.summaries[-1].to_json()
        if not s.get("void"):
            assert s["won"] == [t * (s["pot"] // 5) for t in s["taken"]]
            assert sum(s["won"]) <= s["pot"]
        assert sum(s["chips"]) + s["next_pot"] == 4 * 30


def test_lead_first_active_the_first_player_in_from_the_mano_leads_not_the_declarer() -> None:
    g = bato_with("lead: first_active")
    g.deal()
    for text in ("0 pass", "1 juego", "2 acompano", "3 pass", "0 acompano"):
        g.apply(parse_action(text, 4))
    while g.hand.phase >= 0:
        g.apply(g.legal_actions()[0])
    assert g.current_player == 0 and g.hand.playing == (0, 1, 2)
    plain = bato_with()
    plain.deal()
    for text in ("0 pass", "1 juego", "2 acompano", "3 pass", "0 acompano"):
        plain.apply(parse_action(text, 4))
    assert plain.hand.playing[0] == 1  # the declarer leads (and discards first)


def test_discard_order_mano_and_max_hand_size() -> None:
    g = bato_with("discard: {max: hand_size, order: mano}")
    g.deal()
    for text in ("0 pass", "1 juego", "2 acompano", "3 pass", "0 acompano"):
        g.apply(parse_action(text, 4))
    assert g.current_player == 0  # from the mano, not the declarer
    hand = g.hands[0]
    g.apply(Action(0, "discard", hand))  # the whole hand: 4 cards
    assert g.hand.discards[0] == 4


def test_must_trump_by_option_over_another_family_game() -> None:
    """The modifier must_trump (§13's subfallar) in any file: void in the suit led, a
    player holding only losing trumps must still play one."""
    text = BATO + ("modifiers: {by_option: sub, true: [must_trump], false: []}\n")
    text = text.replace("options:\n", "options:\n  sub:\n    default: true\n"
                        "    label: {es: Subfallar, en: Under-trump}\n"
                        "    description: {es: Subfallar., en: Under-trump.}\n", 1)
    assert Kit(rules(text), rules(text).resolve({})).must_trump
    assert not Kit(rules(text), rules(text).resolve({"sub": False})).must_trump
