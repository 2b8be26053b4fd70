"""Following the play: the winning card is marked, a finished trick is held and who takes
it is said, a learner may hold it until a click, a lone legal card may play itself, and the
hand's play log opens from the table."""

from __future__ import annotations

import pygame
from ui_helpers import click, frames, press, run_until, table, top

from tute.engine import events as ev
from tute.ui.shell.app import App
from tute.ui.table.animation import SPEEDS, Hold
from tute.ui.table.director import TRICK_LOOK
from tute.ui.table.hand_result import HandResultScene
from tute.ui.table.play_log import PlayLogScene
from tute.ui.table.scene import TableScene


def play_first_legal(app: App, scene: TableScene) -> None:
    click(app, scene.card_point(next(c for c in scene.view.hand
                                     if c in scene.session.playable())))


def held(scene: TableScene) -> Hold | None:
    return next((a for a in scene.director.running if isinstance(a, Hold)), None)


def test_the_card_winning_the_trick_is_marked(app: App) -> None:
    scene = table(app, players=5, seed=14)
    agreed: list[bool] = []
    on_taken = scene.director.on_TrickTaken

    def taken(e: ev.TrickTaken) -> None:
        agreed.append(scene.view.winning() == e.seat)  # the engine's winner is the one lit
        on_taken(e)

    scene.director.on_TrickTaken = taken  # type: ignore[method-assign]
    lit: list[int] = []
    draw = scene.painter.cards.draw

    def spy(surface: pygame.Surface, card: int | None, *args: object, **kw: object
            ) -> pygame.Rect:
        if kw.get("glow") and args[1] == scene.layout.trick_h and card is not None:
            lit.append(card)
        return draw(surface, card, *args, **kw)  # type: ignore[arg-type]

    scene.painter.cards.draw = spy  # type: ignore[method-assign]
    seen = 0
    while len(agreed) < 6:
        run_until(app, lambda: scene.can_play)
        if len(scene.view.trick) > 1:
            lit.clear()
            scene.painter.still_key = None
            scene.draw(app.screen)
            winner = scene.view.winning()
            assert winner is not None and lit == [dict(scene.view.trick)[winner]]
            seen += 1
        play_first_legal(app, scene)
    assert seen >= 2 and len(agreed) >= 6 and all(agreed)


def test_a_finished_trick_is_held_with_who_takes_it(app: App) -> None:
    app.settings.animation = "normal"
    scene = table(app, players=4, seed=1)
    run_until(app, lambda: held(scene) is not None or scene.can_play, limit=5000)
    while held(scene) is None:
        play_first_legal(app, scene)
        run_until(app, lambda: held(scene) is not None or scene.can_play, limit=5000)
    hold = held(scene)
    assert hold is not None
    winner = scene.view.winning()
    assert winner is not None
    name = "You take the trick" if winner == 0 else f"{scene.names[winner]} takes the trick"
    assert hold.caption == name and "L" in hold.hint
    assert hold.duration == TRICK_LOOK * SPEEDS["normal"] >= 1.5
    piles = sum(scene.view.piles)
    frames(app, round(hold.duration * 60) - 5)
    assert held(scene) is hold and len(scene.view.trick) == len(scene.view.playing)
    run_until(app, lambda: sum(scene.view.piles) == piles + 1)


def test_a_learner_may_hold_each_trick_until_a_click(app: App) -> None:
    app.settings.trick_wait = True
    scene = table(app, players=3, seed=4)
    while held(scene) is None:
        run_until(app, lambda: held(scene) is not None or scene.can_play)
        if held(scene) is None:
            play_first_legal(app, scene)
    hold = held(scene)
    assert hold is not None and hold.waiting and hold.hint == "Click or press Space to go on"
    frames(app, 300)
    assert held(scene) is hold and scene.view.trick
    press(app, pygame.K_SPACE)
    run_until(app, lambda: not scene.view.trick)
    assert held(scene) is None and scene.view.last_trick is not None


def test_a_lone_legal_card_plays_itself_when_asked(app: App) -> None:
    app.settings.autoplay = True
    scene = table(app, players=4, seed=1)
    clicks = 0
    while True:
        run_until(app, lambda: scene.can_play or isinstance(top(app), HandResultScene))
        if isinstance(top(app), HandResultScene):
            break
        assert len(scene.session.playable()) > 1  # a lone card never waits for a click
        play_first_legal(app, scene)
        clicks += 1
    assert clicks <= 9 and scene.session.game.summaries[-1].complete  # the last card, at least


def test_the_play_log_tells_the_hand_so_far(app: App) -> None:
    scene = table(app, players=4, seed=1)
    while scene.view.last_trick is None:
        run_until(app, lambda: scene.can_play)
        play_first_legal(app, scene)
        run_until(app, lambda: scene.can_play)
    press(app, pygame.K_p)
    log = top(app)
    assert isinstance(log, PlayLogScene)
    texts = [text for text, _heading in log.lines]
    winner = scene.view.last_trick[0]
    assert texts[0] == ("Trick 1: you took it" if winner == 0
                        else f"Trick 1: {scene.names[winner]} took it")
    assert texts[1].count(" of ") == 4 and "You: the " in texts[1]
    press(app, pygame.K_p)
    assert top(app) is scene
    click(app, scene.toolbar_rects[3].center)
    assert isinstance(top(app), PlayLogScene)
