"""The table's words fit the game being played (issue 47, "The table, round 4"): what is
announced, asked and logged says what this game, with these players, has."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

import pytest
from ui_helpers import run_until, table

from tute import i18n
from tute.engine import events as ev
from tute.ui.shell.app import App
from tute.ui.table.animation import Animation, Banner, Bubble
from tute.ui.table.scene import TableScene

A = TypeVar("A", bound=Animation)
PARTNER = {"en": "partner", "es": "compañero", "ca": "company"}
"""The word for a partner in each language the table speaks."""


@pytest.fixture(params=["en", "es", "ca"])
def speaking(app: App, request: pytest.FixtureRequest) -> Iterator[str]:
    """The table in English, Spanish and Catalan (the language, back to English after)."""
    app.settings.language = request.param
    app.apply_settings()
    yield request.param
    i18n.set_language("en")


def watch(scene: TableScene, kind: type[A]) -> list[A]:
    """Every animation of ``kind`` the table starts from now on."""
    seen: list[A] = []
    add = scene.director.add

    def spy(anim: Animation) -> None:
        if isinstance(anim, kind):
            seen.append(anim)
        add(anim)

    scene.director.add = spy  # type: ignore[method-assign]
    return seen


# --- 1. the diez de últimas only where the game counts it ----------------------------------
@pytest.mark.parametrize(("game", "players", "called"), [
    ("brisca", 4, False), ("bato", 4, False), ("butifarra", 4, False),
    ("cabrero", 4, True), ("guinote", 4, True), ("dos", 2, True)])
def test_item1_diez_de_ultimas_is_called_only_where_the_last_trick_bonus_counts(
        app: App, game: str, players: int, called: bool) -> None:
    """RULES.md: the diez de últimas is a bonus of the games that count it (Tute, Guiñote);
    Brisca (120 in all) and Butifarra have none, Bato counts tricks, not points."""
    scene = table(app, players=players, rules=game, seed=1, demo=True)
    bubbles = watch(scene, Bubble)
    scene.view.trick = [(0, 0)]
    scene.director.feed([ev.TrickTaken(0, (0,), 11, True)])
    run_until(app, lambda: not scene.director.queue)
    assert ("Diez de últimas!" in [b.message for b in bubbles]) is called


# --- 2. the arrastre's banner names a partner only where there is one --------------------
@pytest.mark.parametrize("players", [2, 4])
def test_item2_the_arrastre_banner_spares_a_partner_only_where_there_is_one(
        app: App, speaking: str, players: int) -> None:
    """RULES.md §12, Guiñote: in the arrastre the partner's card need not be beaten; head to
    head there is no partner, and the banner says only follow, beat and trump (as the
    how-to-play does)."""
    scene = table(app, players=players, rules="guinote", seed=1, demo=True)
    banners = watch(scene, Banner)
    scene.director.feed([ev.StockEmptied(scene.session.game.kit.family_name)])
    run_until(app, lambda: bool(banners))
    line = banners[0].detail
    assert line and (PARTNER[speaking] in line) is (players == 4), line
