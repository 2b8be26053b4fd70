"""The rulebook as data (docs/rules.md §11, issue 41 §1): a ruleset file sets the card
order, the card points and the ranks of a cante's pair and of a tute, and the engine, the
computer players and the records follow the file, not Tute's tables. The file here is
Cabrero with Guiñote's cards (docs/rules.md §12): the sota above the caballo, sota 3 and
caballo 2, and rey + sota as the pair."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from engine_helpers import deal_hand, deal_stock, finish_hand, play

from tute import i18n
from tute.ai import make_player
from tute.cardnames import pair_phrase, tute_phrase
from tute.cards import card, rank_of, suit_of
from tute.engine import DEAL, Action, Game, IllegalAction
from tute.engine import events as ev
from tute.engine.actions import SING, SING_TUTE, sing_arg
from tute.engine.record import dump_record, record_from_text, replay, summary_json
from tute.rules import RulesetError, load_ruleset

ARAGONESE = """\
extends: cabrero
name: {es: Cabrero aragonés, en: Aragonese Cabrero}
order: [1, 3, 12, 10, 11, 7, 6, 5, 4, 2]
points: {1: 11, 3: 10, 12: 4, 10: 3, 11: 2}
cantes: {allowed: true, pair: [12, 10], tute: [12, 10]}
"""
ORDER = [1, 3, 12, 10, 11, 7, 6, 5, 4, 2]
POINTS = {1: 11, 3: 10, 12: 4, 10: 3, 11: 2}
"""The file's order and points, written again here so that the checks do not read the
engine's own tables."""


@pytest.fixture(scope="module")
def aragonese(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rules") / "aragones.yaml"
    path.write_text(ARAGONESE, encoding="utf-8")
    return path


def trick_winner(trick: tuple[tuple[int, int], ...], trump: int) -> int:
    """The seat that takes ``trick`` by the file's order, worked out apart."""
    seat, best = trick[0]
    for s, c in trick[1:]:
        same = suit_of(c) == suit_of(best)
        if (same and ORDER.index(rank_of(c)) < ORDER.index(rank_of(best))) or (
                not same and suit_of(c) == trump >= 0):
            seat, best = s, c
    return seat


def check_cante(g: Game, events: list[ev.Event], hands_before: list[int]) -> int:
    """Every 20, 40 or tute sung is held in the singer's hand as the file says: rey and
    sota of the suit, four reyes or four sotas. Returns the cante points sung."""
    sung = 0
    for e in events:
        if not isinstance(e, ev.Sung):
            continue
        holder = e.seat if e.holder is None else e.holder
        hand = hands_before[holder]
        if e.cante == "tute":
            assert any(all(hand >> card(r, s) & 1 for s in range(4)) for r in (12, 10)), e
            continue
        suit = g.trump if e.cante == "40" else "OCEB".index(e.cante[-1])
        assert hand >> card(12, suit) & 1 and hand >> card(10, suit) & 1, e
        assert e.points == (40 if suit == g.trump else 20)
        sung += e.points
    return sung


def play_random_match(rules_path: Path, seed: int, players: int, hands: int) -> Game:
    rules = load_ruleset(str(rules_path))
    g = Game(rules, {"players": players}, seed=seed)
    rng = random.Random(seed)
    for _ in range(hands):
        if g.is_over:
            break
        g.deal()
        sung = [0] * g.n
        while g.phase not in (DEAL, "over"):
            acts = g.legal_actions()
            sings = [a for a in acts if a.verb == SING]
            action = rng.choice(sings) if sings and rng.random() < 0.8 else rng.choice(acts)
            before = list(g.hands)
            events = g.apply(action)
            holder = next((e.seat if e.holder is None else e.holder for e in events
                           if isinstance(e, ev.Sung)), None)
            if holder is not None:
                sung[holder] += check_cante(g, events, before)
        h, s = g.hand, g.summaries[-1]
        for winner, trick in h.tricks:
            assert winner == trick_winner(trick, g.trump)
        won = [0] * g.n
        for winner, trick in h.tricks:
            won[winner] += sum(POINTS.get(rank_of(c), 0) for _, c in trick)
        assert won == h.won_points
        if s.tute is None and s.last_trick is not None:
            assert sum(won) + 10 == 130  # the file's points: 120 in the deck, 10 de últimas
            assert s.points == [won[p] + sung[p] + 10 * (p == s.last_trick)
                                for p in range(g.n)]
    return g


@pytest.mark.parametrize("players", [3, 4, 5])
def test_item41_a_file_with_its_own_order_points_and_pair_plays_by_them(
        aragonese: Path, players: int) -> None:
    """Seeded random hands of the Aragonese file: every trick goes by its order, every
    hand scores by its points (130 with the diez de últimas), every cante sung is a rey
    and a sota held by the singer; and each match's record replays to the same state."""
    for seed in range(12):
        g = play_random_match(aragonese, seed, players, hands=6)
        rep = replay(record_from_text(dump_record(g)))
        assert rep.error is None
        assert summary_json(rep.game) == summary_json(g)


def test_item41_rey_and_caballo_are_no_pair_in_the_file(aragonese: Path) -> None:
    """Holding rey and caballo of a suit is no cante where the pair is rey + sota, and the
    four caballos are no tute."""
    g = Game(load_ruleset(str(aragonese)), {"players": 3}, seed=1)
    kit = g.kit
    assert kit.paired(1 << card(12, 0) | 1 << card(11, 0)) == 0
    assert kit.paired(1 << card(12, 0) | 1 << card(10, 0)) == 1 << card(12, 0)
    assert kit.has_tute(sum(1 << card(10, s) for s in range(4)))
    assert not kit.has_tute(sum(1 << card(11, s) for s in range(4)))


def test_item41_the_computer_players_play_the_file(aragonese: Path) -> None:
    """The easy and medium levels play a match of the file through (they read the pair,
    the tute and the points from the kit); their cantes are rey + sota."""
    rules = load_ruleset(str(aragonese))
    for seed in range(3):
        g = Game(rules, {"players": 4}, seed=seed)
        seats = [make_player("medium" if s % 2 else "easy", seed=seed * 10 + s)
                 for s in range(4)]
        for _ in range(3):
            if g.is_over:
                break
            g.deal()
            while g.phase not in (DEAL, "over"):
                seat = g.current_player
                assert seat is not None
                before = list(g.hands)
                events = g.apply(seats[seat].choose(g.observation(seat)))
                check_cante(g, events, before)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    return path


BAD = [
    ("exchange_takes: {7: [7, 12]}", "cannot be exchanged for its own rank"),
    ("exchange_takes: {7: [12], 2: [12]}", "a muestra 12 is already taken by the 7"),
    ("exchange_takes: {9: [12]}", "9 is not a rank of the deck"),
    ("exchange_takes: [7, 2]", "expected a mapping of a trump rank"),
    ("order: [1, 3, 12, 10, 11, 7, 6, 5, 4]", "rank 2 of the deck missing"),
    ("order: [1, 3, 12, 10, 11, 7, 6, 5, 4, 2, 2]", "rank 2 is listed twice"),
    ("order: [1, 3, 12, 10, 11, 9, 7, 6, 5, 4, 2]", "9 is not a rank of the deck"),
    ("order: [1, 3, 12, 10, one, 7, 6, 5, 4, 2]", "'one' is not a rank of the deck"),
    ("order: tute4", "'tute4' is not one of tute, butifarra"),
    ("points: {1: 11, 8: 10}", "8 is not a rank of the deck"),
    ("points: {1: -11}", "-11 is out of range 0..100"),
    ("points: {1: 0, 3: 0}", "no card is worth anything"),
    ("points: [11, 10]", "expected a mapping of rank to points"),
    ("cantes: {allowed: true, pair: [12, 12]}", "rank 12 is listed twice"),
    ("cantes: {allowed: true, pair: [12]}", "expected two ranks"),
    ("cantes: {allowed: true, pair: [12, 9]}", "9 is not a rank of the deck"),
    ("cantes: {allowed: true, tute: [13]}", "13 is not a rank of the deck"),
    ("cantes: {allowed: true, tute: 12}", "expected a list of ranks"),
]


@pytest.mark.parametrize(("line", "message"), BAD, ids=[b[1] for b in BAD])
def test_item41_a_bad_order_points_or_pair_is_refused_with_file_and_line(
        tmp_path: Path, line: str, message: str) -> None:
    text = f"extends: cabrero\nname: {{es: Malo, en: Bad}}\n{line}\n"
    path = write(tmp_path, text)
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(path))
    assert caught.value.source == str(path) and caught.value.line == 3, str(caught.value)
    assert message in str(caught.value), str(caught.value)


def test_item41_the_bundled_games_keep_tutes_tables() -> None:
    """Files that give no order list, points or pair keep §0's: rey + caballo, the
    four reyes or caballos, 120 in the deck."""
    cabrero = load_ruleset("cabrero")
    assert cabrero.cantes.pair == (12, 11) and cabrero.cantes.tute == (12, 11)
    assert cabrero.order.ranks[:5] == (1, 3, 12, 11, 10)
    assert sum(cabrero.order.points[card(r, 0)] for r in range(1, 13)) * 4 == 120
    butifarra = load_ruleset("butifarra")
    assert butifarra.order.ranks[:2] == (9, 1)


def test_item41_the_texts_name_the_files_pair_and_tute() -> None:
    """The hints and the review name a cante's cards by the game's pair and tute ranks
    (rey + sota in the Aragonese file), in each language."""
    try:
        i18n.set_language("en")
        assert pair_phrase((12, 10), 0) == "the king and the jack of coins"
        assert tute_phrase((12, 10)) == "four kings or four jacks"
        assert tute_phrase((12, 11)) == "four kings or four horses"
        i18n.set_language("es")
        assert pair_phrase((12, 10), 1) == "el rey y la sota de copas"
        assert tute_phrase((12, 10)) == "cuatro reyes o cuatro sotas"
    finally:
        i18n.set_language("en")


def test_item41_the_engine_offers_rey_and_sota_and_refuses_rey_and_caballo(
        aragonese: Path) -> None:
    """After a trick won holding rey + sota of copas and rey + caballo of bastos, the
    Aragonese file offers the copas pair only, and its refusal names the file's ranks."""
    g = Game(load_ruleset(str(aragonese)), {"players": 4}, seed=0)
    deal_hand(g, {0: "2O 1E 12C 10C 12B 11B", 1: "4E", 2: "5E", 3: "6E"})
    play(g, "0 play 1E", "1 play 4E", "2 play 5E", "3 play 6E")
    sings = [a for a in g.legal_actions() if a.verb == SING]
    assert sings == [Action(0, SING, sing_arg(1, g.trump))]
    with pytest.raises(IllegalAction, match="rey and the sota"):
        g.apply(Action(0, SING, sing_arg(3, g.trump)))


def test_item41_a_file_without_tute_offers_none(tmp_path: Path) -> None:
    path = tmp_path / "sin_tute.yaml"
    path.write_text("extends: cabrero\nname: {es: Sin tute, en: No tute}\n"
                    "cantes: {allowed: true, tute: []}\n", encoding="utf-8")
    g = Game(load_ruleset(str(path)), {"players": 4}, seed=0)
    deal_hand(g, {0: "2O 1E 12O 12C 12E 12B", 1: "4E", 2: "5E", 3: "6E"})
    play(g, "0 play 1E", "1 play 4E", "2 play 5E", "3 play 6E")
    assert g.hands[0] & g.kit.pair_high == g.kit.pair_high  # the four reyes
    assert not any(a.verb == SING and a.arg == SING_TUTE for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="no tute"):
        g.apply(Action(0, SING, SING_TUTE))


def seven_only(tmp_path: Path, extends: str) -> Path:
    path = tmp_path / f"{extends}_siete.yaml"
    path.write_text(f"extends: {extends}\nname: {{es: Solo el siete, en: Seven only}}\n"
                    "exchange_takes: {7: [10, 11, 12, 3, 1]}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("muestra", ["5O", "12O"])
def test_item41_the_exchange_ranks_are_the_files(tmp_path: Path, muestra: str) -> None:
    """Tute a dos with ``exchange_takes: {7: [...]}`` (no cambio del dos): the 7 still
    takes a muestra above it, the 2 no longer takes a 5."""
    g = Game(load_ruleset(str(seven_only(tmp_path, "dos"))), {"players": 2}, seed=0)
    deal_stock(g, {0: "1C 7O 2O 6E 5E 4E", 1: "4C 10E 2E 5C 6C 7C"}, top="11C 12C",
               muestra=muestra)
    play(g, "0 play 1C", "1 play 4C")
    offered = [a.text() for a in g.legal_actions() if a.verb == "exchange"]
    if muestra == "12O":
        assert offered == ["exchange 7O"]
    else:
        assert offered == []
        with pytest.raises(IllegalAction, match="never exchanged"):
            play(g, "0 exchange 2O")


def later_deal_exchanges(rules_path: str, seed: int) -> list[ev.Exchanged]:
    """The exchanges at the second deal of a 3-player Cabrero match (the first hand has
    no muestra out of play)."""
    g = Game(load_ruleset(rules_path), {"players": 3}, seed=seed)
    g.deal()
    finish_hand(g)
    return [e for e in g.deal() if isinstance(e, ev.Exchanged)]


def test_item41_the_automatic_exchange_follows_the_file(tmp_path: Path) -> None:
    """Cabrero with three players: the muestra out of play goes to the 7's holder, and the
    2 takes that 7 in the bundled game but not where the file gives the 2 nothing."""
    mine = str(seven_only(tmp_path, "cabrero"))
    ranks: dict[str, set[int]] = {"bundled": set(), "file": set()}
    for seed in range(30):
        ranks["bundled"] |= {rank_of(e.gave) for e in later_deal_exchanges("cabrero", seed)}
        ranks["file"] |= {rank_of(e.gave) for e in later_deal_exchanges(mine, seed)}
    assert ranks == {"bundled": {7, 2}, "file": {7}}


def test_item41_when_to_exchange_is_a_key_any_file_may_set(tmp_path: Path) -> None:
    """Tute a dos with Guiñote's moment for the exchange (``exchange_when: before_draw``):
    the trick's winner who holds the 7 of trumps is asked before anyone draws, and ``draw``
    goes on without exchanging; the file needs no code."""
    path = write(tmp_path, "extends: dos\nname: {es: A dos antes de robar, en: Dos before the "
                           "draw}\nexchange_when: before_draw\n")
    g = Game(load_ruleset(path), {}, 1)
    deal_stock(g, {0: "1O 3O 12O 10O 4B 7E", 1: "2O 4C 5C 6C 2B 6B"}, top="4E 5E 6E 2E",
               muestra="11E")
    play(g, "0 play 1O", "1 play 2O")
    assert {a.record_text() for a in g.legal_actions()} == {"0 exchange 7E", "0 draw"}
    assert len(g.hand.stock) == 28 and bin(g.hand.hands[0]).count("1") == 5  # nobody drew
    play(g, "0 draw")
    assert len(g.hand.stock) == 26 and bin(g.hand.hands[0]).count("1") == 6
    assert "draw" not in {a.verb for a in g.legal_actions()}


def test_item41_the_opener_names_the_files_own_pair(aragonese: Path) -> None:
    """How to play says which two cards sing by the file (``{pair}``): a file that extends
    Cabrero with rey + sota is not told "the king and the horse"."""
    from tute.ui.learning.openers import lines

    try:
        for language, mine, base in (("en", "the king and the jack", "the king and the horse"),
                                     ("es", "el rey y la sota", "el rey y el caballo"),
                                     ("ca", "el rei i la sota", "el rei i el cavall")):
            i18n.set_language(language)
            assert any(mine in line for line in lines(str(aragonese)))
            assert not any(base in line for line in lines(str(aragonese)))
            assert any(base in line for line in lines("cabrero"))
    finally:
        i18n.set_language("en")
