"""A race of partidas at the table (Guiñote, docs/rules.md §12; the ``target_race`` scoring and
the ``partidas`` settlement): each hand's reason in words, totals told as malas and buenas
(the ruleset's ``ui.buenas_above``), the partidas of the coto, the totals carried de vueltas
and counted as they are won, and a hand that stops the moment a side reaches 101."""

from __future__ import annotations

import random

import pygame
import pytest
from ui_helpers import frames, run_until, table, top

from tute.engine import events as ev
from tute.engine.match import Match
from tute.engine.settlement import PARTIDAS
from tute.i18n import set_language
from tute.rules import load_ruleset
from tute.stats import file as stats_file
from tute.ui.shell.app import MIN_SIZE, App
from tute.ui.table import reasons, results, scoreboard, standings, tally
from tute.ui.table.animation import Animation, Banner
from tute.ui.table.hand_result import HandResultScene
from tute.ui.table.view import TableView
from tute.ui.widgets import theme
from tute.ui.widgets.layout import TableLayout
from tute.ui.words import texts

NAMES = texts.seat_names(4)  # You, Carmen, Paco, Lola: Carmen and Lola the other side


@pytest.fixture(autouse=True)
def english() -> object:
    yield
    set_language("en")


def hand(reason: str, won: int | None, summary: dict[str, object]) -> reasons.Hand:
    points = (40, 28, 30, 32)
    scored = ev.HandScored(points, (3, 2, 3, 2), () if won is None else (
        tuple(s for s in range(4) if s % 2 != won)), reason, 1, (70, 60), won)
    return reasons.Hand(scored, {"partida_winner": won, "reason": reason, **summary}, NAMES,
                        0, (0, 1, 2, 3), True, load_ruleset("guinote").resolve())


@pytest.mark.parametrize(("lang", "reason", "won", "summary", "line"), [
    ("en", "treinta_malas", 0, {"card_points": [102, 28], "totals": [142, 48]},
     "Treinta malas: Carmen and Lola made 28 in cards"),
    ("es", "treinta_malas", 0, {"card_points": [102, 28], "totals": [142, 48]},
     "Treinta malas: Carmen y Lola hicieron 28 de cartas"),
    ("es", "treinta_malas", 1, {"card_points": [28, 102], "totals": [48, 142]},
     "Treinta malas: Paco y tú hicisteis 28 de cartas"),
    ("ca", "treinta_malas", 1, {"card_points": [28, 102], "totals": [48, 142]},
     "Trenta males: Paco i tu heu fet 28 de cartes"),
    ("en", "101", 1, {"card_points": [50, 80], "totals": [70, 104], "vueltas": False},
     "Carmen and Lola reached 101: 104 to 70"),
    ("es", "101", 0, {"card_points": [80, 50], "totals": [126, 98], "vueltas": True},
     "De vueltas, Paco y tú llegáis antes a 101: 126 a 98"),
    ("es", "ultimas", 1, {"card_points": [60, 70], "totals": [104, 110]},
     "Ambos llegan a 101: Carmen y Lola se llevan las diez de últimas"),
    ("es", "tute", 1, {"card_points": [10, 0], "totals": [10, 0]},
     "Tute: Carmen y Lola ganan la partida"),
    ("es", "vueltas", None, {"card_points": [52, 78], "totals": [72, 98]},
     "Nadie llega a 101: se va de vueltas"),
    ("ca", "vueltas", None, {"card_points": [52, 78], "totals": [72, 98]},
     "Ningú no arriba a 101: es va de tornada"),
])
def test_item3_every_end_of_a_partida_hand_says_why(lang: str, reason: str, won: int | None,
                                                    summary: dict[str, object],
                                                    line: str) -> None:
    set_language(lang)
    assert reasons.why(hand(reason, won, summary), "target_race") == line


@pytest.mark.parametrize(("lang", "total", "shown"), [
    ("en", 0, "0 malas"), ("en", 42, "42 malas"), ("en", 50, "50 malas"),
    ("en", 51, "1 buena"), ("en", 72, "22 buenas"), ("es", 98, "48 buenas"),
    ("ca", 72, "22 bones"), ("ca", 30, "30 males")])
def test_item3_totals_read_as_malas_and_buenas(lang: str, total: int, shown: str) -> None:
    set_language(lang)
    assert texts.tally(total, 50) == shown
    assert texts.tally(total, None) == str(total)  # a game without ui.buenas_above


def test_item3_the_scoreboard_tells_buenas_and_the_partidas() -> None:
    view = TableView(4, teams=True, totals=[72, 98], partidas=[1, 0], cotos=[0, 0])
    assert load_ruleset("guinote").ui.buenas_above == 50
    lines = scoreboard.score_lines(view, NAMES, PARTIDAS, {}, 50)
    assert lines == [("You and Paco", "22 buenas"), ("Carmen and Lola", "48 buenas")]
    options = {"partidas_to": 3, "cotos_to": 1}
    assert scoreboard.coto_lines(view, options) == ["Partidas 1–0 · to 3"]
    assert scoreboard.coto_lines(view, {**options, "cotos_to": 2})[1] == "Cotos 0–0 · to 2"


def test_item3_totals_carry_de_vueltas_and_start_again_after_a_partida() -> None:
    view = TableView(4, teams=True, hand_number=1)
    tally.apply(view, [])
    assert (view.partidas, view.cotos) == ([0, 0], [0, 0])
    idas = {"totals": [72, 98], "partida_winner": None, "partidas": [0, 0], "cotos": [0, 0]}
    view.hand_number, view.points = 2, [14, 0, 0, 0]  # a trick of 14 for seat 0, de vueltas
    tally.apply(view, [idas])
    assert view.totals == [86, 98]
    view.points[0] += 40  # and las cuarenta
    tally.apply(view, [idas])
    assert view.totals == [126, 98]
    won = {**idas, "totals": [126, 98], "partida_winner": 0, "partidas": [1, 0]}
    view.scored = True
    tally.apply(view, [idas, won])
    assert view.totals == [126, 98] and view.partidas == [1, 0]
    view.hand_number, view.scored, view.points = 3, False, [11, 0, 0, 0]
    tally.apply(view, [idas, won])
    assert view.totals == [0, 0]  # a new partida: its first hand counts at its end


def test_item3_the_result_line_tells_the_partida_and_the_coto() -> None:
    labels = ["You and Paco", "Carmen and Lola"]
    vueltas = {"totals": [72, 98], "partida_winner": None, "partidas": [0, 0]}
    assert results.partida_line(vueltas, labels, NAMES, 0, True, 50) == (
        "You and Paco 22 buenas · Carmen and Lola 48 buenas")
    won = {"totals": [70, 104], "partida_winner": 1, "partidas": [0, 2]}
    assert results.partida_line(won, labels, NAMES, 0, True, 50) == (
        "Carmen and Lola win the partida · partidas 0–2")
    coto = {**won, "partidas": [0, 0], "cotos": [0, 1]}
    set_language("es")
    assert results.partida_line(coto, labels, NAMES, 0, True, 50) == (
        "Carmen y Lola ganan la partida y el coto")


def test_item3_a_hand_that_stops_at_101_says_why_at_once(app: App) -> None:
    """Seed 1 (four, easy): the idas goes de vueltas, and in the vueltas Carmen and Lola
    reach 101 with the first trick. The table's banner says so, once; the result screen
    shows the partida won."""
    scene = table(app, players=4, rules="guinote", seed=1, demo=True)
    fed: list[ev.Event] = []
    banners: list[Banner] = []
    feed, add = scene.director.feed, scene.director.add
    scene.director.feed = lambda events: (fed.extend(events), feed(events))  # type: ignore

    def seen(anim: Animation) -> None:
        if isinstance(anim, Banner):
            banners.append(anim)
        add(anim)

    scene.director.add = seen  # type: ignore[method-assign]
    run_until(app, lambda: isinstance(top(app), HandResultScene), limit=20000)
    idas = top(app)
    assert isinstance(idas, HandResultScene) and idas.result.reason == "vueltas"
    idas.close()
    count = len(banners)
    run_until(app, lambda: isinstance(top(app), HandResultScene), limit=20000)
    reached = [e for e in fed if isinstance(e, ev.TargetReached)]
    assert len(reached) == 1 and reached[0].total >= 101
    said = [(b.title, b.subtitle, b.detail) for b in banners[count:]]
    assert said == [("101!", "Carmen and Lola win the partida",
                     f"{reached[0].total - 50} buenas: the hand stops here")]
    frames(app, 3)
    result = top(app)
    assert isinstance(result, HandResultScene) and result.result.reason == "101"
    assert result.summary["vueltas"] is True and result.summary["partidas"] == [0, 1]
    assert scene.view.partidas == [0, 1] and scene.view.totals == result.summary["totals"]


@pytest.mark.parametrize("cotos_to", [1, 2])
def test_item3_the_final_standing_counts_partidas_or_cotos(cotos_to: int) -> None:
    """Not the last partida's points (counted anew from nothing once it is won): the
    partidas of the deciding coto, or the cotos where the match has two."""
    rng = random.Random(3)
    match = Match(load_ruleset("guinote"), {"players": 4, "partidas_to": 2,
                                            "cotos_to": cotos_to}, seed=5)
    while not match.is_over:
        match.deal()
        while match.current_player is not None:
            match.apply(rng.choice(match.legal_actions()))
    key, most = ("cotos", 2) if cotos_to == 2 else ("partidas", 2)
    rows = standings.rows(match, PARTIDAS, NAMES, True)
    won = match.summaries[-1].extra[key]
    assert isinstance(won, list) and max(won) == most
    assert [(r.value, r.figure, r.won) for r in rows] == [
        (max(won), f"{most} / {most}", True), (min(won), f"{min(won)} / {most}", False)]
    assert standings.head(PARTIDAS, match) == key.capitalize()


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
def test_item4_the_smallest_scoreboard_cuts_no_side_names(app: App, lang: str) -> None:
    """At 800x560 a side's two names and "48 buenas" do not fit on one line: the total
    goes under the names, which stay whole (seen cut as "Carmen i L…")."""
    set_language(lang)
    names = texts.seat_names(4)
    view = TableView(4, teams=True, totals=[72, 98], partidas=[0, 1], cotos=[0, 0])
    layout = TableLayout(MIN_SIZE, 4, 0.65)
    theme.text_log = set()
    try:
        scoreboard.draw(pygame.Surface(MIN_SIZE), layout, view, names, 0, PARTIDAS,
                        {"partidas_to": 3, "cotos_to": 1}, 50)
        drawn = set(theme.text_log)
    finally:
        theme.text_log = None
    for label, value in scoreboard.score_lines(view, names, PARTIDAS, {}, 50):
        assert label in drawn and value in drawn, (label, drawn)


@pytest.mark.parametrize(("lang", "human", "line"), [
    ("es", None, "De vueltas, Julián llega antes a 101: 108 a 47"),
    ("ca", None, "De tornada, Julián arriba abans a 101: 108 a 47"),
    ("es", 0, "De vueltas, llegas antes a 101: 108 a 47"),
])
def test_item4_head_to_head_a_side_is_one_player(lang: str, human: int | None,
                                                  line: str) -> None:
    """Seen in a demo with two: "Julián ganan la partida" (a pair's verb for one)."""
    set_language(lang)
    names = texts.seat_names(2, demo=human is None)
    scored = ev.HandScored((14, 11), (1, 1), (1,), "101", 0, (108, 47), 0)
    summary = {"partida_winner": 0, "reason": "101", "totals": [108, 47], "vueltas": True,
               "card_points": [14, 11], "partidas": [1, 0]}
    hand2 = reasons.Hand(scored, summary, names, human, (0, 1), False, {})
    assert reasons.why(hand2, "target_race") == line
    wins = {"es": "{} gana la partida · partidas 1–0", "ca": "{} guanya la partida · partides 1–0"}
    if human is None:
        assert results.partida_line(summary, names, names, None, False, 50) == (
            wins[lang].format(names[0]))


def test_item3_a_finished_guinote_match_counts_in_the_statistics() -> None:
    """Each partida's deciding hand is won or lost by the side that won the partida; a
    hand that goes de vueltas is even; the match is won with the player's side."""
    rng = random.Random(4)
    match = Match(load_ruleset("guinote"), {"players": 4, "partidas_to": 2}, seed=9)
    while not match.is_over:
        match.deal()
        while match.current_player is not None:
            match.apply(rng.choice(match.legal_actions()))
    record = stats_file.match_now(match, "easy")
    assert record.finished is not None and record.won == (0 in match.winners)
    for summary, counted in zip(match.summaries, record.hands, strict=True):
        won = summary.extra["partida_winner"]
        assert counted.result == ("even" if won is None else "won" if won == 0 else "lost")
