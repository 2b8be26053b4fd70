"""The table's words fit the game being played (issue 47, "The table, round 4"): what is
announced, asked and logged says what this game, with these players, has."""

from __future__ import annotations

from typing import TypeVar

import pytest
from ui_helpers import run_until, table

from tute.engine import events as ev
from tute.ui.shell.app import App
from tute.ui.table.animation import Animation, Banner, Bubble
from tute.ui.table.scene import TableScene

A = TypeVar("A", bound=Animation)


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
