"""The match end and the hand result in each game's own terms: the final standing per
settlement (marks, juegos, points, lost games, balances, chips, Butifarra's totals) with the
winners, teams named as teams, and the team rows of a team hand's result."""

from __future__ import annotations

import random

import pytest
from ui_helpers import make_app, run_until, top

from tute.engine import events as ev
from tute.engine.settlement import JUEGOS, POINTS
from tute.store import GameSetup
from tute.ui.menus.match_end import MatchEndScene
from tute.ui.shell.app import MIN_SIZE, App
from tute.ui.table import results, standings
from tute.ui.table.hand_result import HandResultScene
from tute.ui.table.scene import TableScene
from tute.ui.table.session import Session
from tute.ui.widgets import theme

ENDINGS = [("cabrero", {"players": 4}, "marks"), ("codillo", {"players": 4}, "marks"),
           ("dos", {"players": 2}, "points"), ("dos", {"scoring": "lowest_loses"}, "hand"),
           ("parejas", {}, "juegos"), ("arrastrado", {"players": 4}, "points"),
           ("arrastrado", {"players": 3, "scoring": "lost_games"}, "lost_games"),
           ("subastado", {}, "balances"), ("bato", {}, "chips"),
           ("butifarra", {}, "points")]


def played_out(game: str, options: dict[str, object], seed: int = 3) -> Session:
    """A match the engine played to its end at random, as the table would resume it."""
    session = Session.new(GameSetup(game, "easy", options), False, seed)
    rng = random.Random(seed)
    while not session.game.is_over:
        if session.needs_deal:
            session.game.deal()
        else:
            session.game.apply(rng.choice(session.game.legal_actions()))
    return session


@pytest.mark.parametrize(("game", "options", "kind"), ENDINGS)
def test_the_match_end_shows_each_settlements_standing(app: App, game: str,
                                                       options: dict[str, object],
                                                       kind: str) -> None:
    session = played_out(game, options)
    scene = TableScene(app, session)
    app.replace_all(scene)
    run_until(app, lambda: isinstance(top(app), MatchEndScene))
    end = top(app)
    assert isinstance(end, MatchEndScene)
    shown, rows = end.standing()
    assert shown.name == kind
    ledger = session.game.ledger
    teams = scene.view.teams
    assert len(rows) == (2 if teams else session.game.n)
    assert {s for r in rows if r.won for s in r.seats} == set(ledger.winners)
    assert rows[0].won and all(r.note == "Winner" for r in rows if r.won)
    assert sorted(s for r in rows for s in r.seats) == list(range(session.game.n))
    if kind in ("points", "juegos", "lost_games", "balances"):
        assert sorted(r.value for r in rows) == sorted(ledger.totals)
    if kind == "chips":
        assert [r.value for r in sorted(rows, key=lambda r: r.seats)] == ledger.chips
    headline = end.headline()
    if teams:
        assert "team" in headline.lower()


def test_a_race_won_below_the_loser_is_explained() -> None:
    session = played_out("dos", {"players": 2})  # seed 3: 102 wins over 158
    rows = standings.rows(session.game, POINTS, ["You", "Carmen"], False)
    assert rows[0].won and rows[0].value < rows[1].value
    assert "last trick" in standings.decided_by_last_trick(POINTS, rows, session.game)
    parejas = played_out("parejas", {})
    juegos = standings.rows(parejas.game, JUEGOS, ["You", "A", "B", "C"], True)
    assert standings.decided_by_last_trick(JUEGOS, juegos, parejas.game) == ""


def test_a_team_hand_adds_up_per_team(app: App) -> None:
    """Butifarra's sheet: each team's points, the excess over 36 times the multiplier, the
    score and the running total; the seats' rows above carry no status of their own."""
    session = Session.new(GameSetup("butifarra", "easy", {"players": 4}), False, 2)
    game = session.game
    rng = random.Random(2)
    scored: list[ev.HandScored] = []
    while not scored or not any(game.summaries[-1].to_json()["score"]):  # a hand that scores
        if session.needs_deal:
            game.deal()
            continue
        scored = [e for e in game.apply(rng.choice(game.legal_actions()))
                  if isinstance(e, ev.HandScored)]
    scene = TableScene(app, session)
    app.replace_all(scene)
    summary = game.summaries[-1].to_json()
    result = HandResultScene(app, scene, scored[0])
    rows = result.team_rows()
    won = 0 if summary["score"][0] else 1
    cells, total, status, _tone = rows[won]
    assert cells[2] == str(summary["team_points"][won])
    excess = summary["score"][won] // summary["multiplier"]
    assert cells[3] == f"{excess} × {summary['multiplier']}"
    assert total == f"+{summary['score'][won]} · {summary['totals'][won]}"
    assert status == "Wins the hand" and rows[1 - won][2] == "Loses"
    assert rows[1 - won][0][3] == "—"


def test_team_reasons_say_what_a_tie_means() -> None:
    assert results.team_reason("tied", {"multiplier": 2}, None) == "36 each: nobody scores"
    assert "mano" in str(results.team_reason("tied", {}, "mano"))
    assert results.team_reason("points", {}, "last_trick") is None


@pytest.mark.parametrize("language", ["es", "ca"])
def test_the_standings_fit_the_smallest_window(home: object, language: str) -> None:
    """The match end of a team game and of a game of six, in the longer languages, at the
    smallest window."""
    application = make_app(MIN_SIZE, language)
    theme.fit_log = []
    try:
        for game, options in (("butifarra", {}), ("codillo", {"players": 6})):
            application.replace_all(TableScene(application, played_out(game, options)))
            run_until(application, lambda: isinstance(top(application), MatchEndScene))
        fits = theme.fit_log
    finally:
        theme.fit_log = None
        application.close()
    assert {"Parella", "Pareja"} & {m for m, *_rest in fits}  # the team heading was drawn
    assert not [m for m, rect, box, _s, _a in fits if rect.left < box.left - 1
                or rect.right > box.right + 1]
    assert not [m for m, _r, _b, drawn, asked in fits if drawn < 0.75 * asked]
