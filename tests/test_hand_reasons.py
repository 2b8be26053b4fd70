"""Every hand result says why in one line (issue 40, item 10): each game, player count and
main option, in every language."""

from __future__ import annotations

import random

import pygame
import pytest
from engine_helpers import bundled_tables
from test_ui_games import play_a_hand
from ui_helpers import frames, run_until, table, top

from tute import i18n
from tute.engine import events as ev
from tute.engine.match import Match
from tute.rules import load_ruleset
from tute.ui.shell.app import App
from tute.ui.table import reasons
from tute.ui.table.hand_result import HandResultScene
from tute.ui.widgets import theme
from tute.ui.words.texts import seat_names

SCORINGS: list[tuple[str, dict[str, object]]] = [
    ("dos", {"scoring": "juegos"}), ("dos", {"scoring": "lowest_loses"}),
    ("arrastrado", {"scoring": "lost_games"})]
"""The other ways a game scores, besides its default."""
CONFIGS = [(game, {"players": n}) for game, n in bundled_tables()] + SCORINGS
"""Every bundled game at every player count its file allows (read from config/rules), then
the other scorings."""


def hands(game: str, options: dict[str, object], count: int = 6
          ) -> list[tuple[reasons.Hand, str]]:
    """``count`` hands of random play, each as its result screen is given it."""
    rng = random.Random(7)
    match = Match(load_ruleset(game), options, seed=11)
    found = []
    while len(found) < count and not match.is_over:
        match.deal()
        scored = None
        while match.current_player is not None:
            for e in match.apply(rng.choice(match.legal_actions())):
                scored = e if isinstance(e, ev.HandScored) else scored
        if scored is None:  # everyone passed
            continue
        summary = match.summaries[-1].to_json()
        found.append((reasons.Hand(scored, summary, seat_names(match.n), 0,
                                   match.hand.playing,
                                   isinstance(summary.get("team_points"), list),
                                   match.options), match.kit.scoring_name))
    return found


@pytest.mark.parametrize(("game", "options"), CONFIGS,
                         ids=[f"{g}-{'-'.join(map(str, o.values()))}" for g, o in CONFIGS])
def test_item10_every_hand_result_says_why(game: str, options: dict[str, object]) -> None:
    played = hands(game, options)
    assert played
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            for hand, scoring in played:
                line = reasons.why(hand, scoring)
                assert line.strip() and "{" not in line, (lang, hand.result.reason)
                assert "\n" not in line
    finally:
        i18n.set_language("en")


def test_item10_subastado_and_juegos_say_the_bid_and_the_points() -> None:
    """The two results the issue found mute: the contract against its bid, and the juegos
    won with the points that won them."""
    hand, scoring = hands("subastado", {"players": 3}, 1)[0]
    line = reasons.why(hand, scoring)
    assert str(hand.summary["contract"]) in line and str(hand.summary["declarer_points"]) in line
    hand, scoring = hands("dos", {"scoring": "juegos"}, 1)[0]
    high, low = sorted(hand.result.side_points, reverse=True)
    assert reasons.why(hand, scoring).startswith(f"Points: {high} to {low}, ")


@pytest.mark.parametrize(("game", "options", "start"), [
    ("subastado", {"players": 3}, ("You bid", "Carmen bid", "Paco bid")),
    ("dos", {"players": 2, "scoring": "juegos"}, ("Points: ",))])
def test_item10_the_result_screen_shows_the_reason(app: App, game: str,
                                                   options: dict[str, object],
                                                   start: tuple[str, ...],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    scene = table(app, rules=game, seed=2, **options)
    play_a_hand(app, scene)
    run_until(app, lambda: isinstance(top(app), HandResultScene))
    shown: list[str] = []
    draw = theme.draw_text

    def spy(surface: pygame.Surface, message: str, *args: object, **kw: object) -> pygame.Rect:
        shown.append(message)
        return draw(surface, message, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "draw_text", spy)
    frames(app)
    assert any(line.startswith(start) for line in shown), shown
