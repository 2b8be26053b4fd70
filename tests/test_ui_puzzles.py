"""Issue 43, section 1: the Puzzles screen. From the menu, a puzzle is played on the real
table with every hand face up; the solver grades the card (one solved, one failed), the
progress is kept in the data folder, and a damaged progress file is set aside."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from ui_helpers import click, frames, menu, press, run_until, top

from tute import i18n, store
from tute.cards import cards_of
from tute.puzzles.data import games_with_puzzles, load_puzzles
from tute.puzzles.progress import PROGRESS_FILE, Tries, load_progress
from tute.puzzles.words import theme_name
from tute.ui.practice.puzzle_table import PuzzleCoach
from tute.ui.practice.puzzles import PuzzlesScene, rating_text
from tute.ui.shell.app import App
from tute.ui.shell.dialog import Dialog
from tute.ui.table.scene import TableScene
from tute.ui.widgets.controls import label_text
from tute.ui.widgets.layout import TableLayout


def coach_of(app: App) -> PuzzleCoach:
    scene = top(app)
    assert isinstance(scene, TableScene) and isinstance(scene.coach, PuzzleCoach)
    return scene.coach


def play(app: App, card: int) -> PuzzleCoach:
    """Play ``card`` at the puzzle's table and wait for the verdict."""
    coach = coach_of(app)
    run_until(app, lambda: coach.table.can_play)
    click(app, coach.table.card_point(card))
    run_until(app, lambda: coach.played is not None)
    frames(app, 5)
    return coach


def test_item43_a_puzzle_solved_and_one_failed_from_the_menu(app: App, home: Path) -> None:
    scene = menu(app)
    click(app, next(b for b in scene.buttons if b.label == "Puzzles").rect.center)
    puzzles = top(app)
    assert isinstance(puzzles, PuzzlesScene)
    while puzzles.game != "cabrero":
        press(app, pygame.K_RIGHT)  # the game choice has the focus first
    first = puzzles.puzzles[0]
    click(app, puzzles.rows[0].rect.center)
    coach = coach_of(app)
    game = coach.table.session.game
    assert [sorted(h) for h in coach.table.view.open_hands] == \
        [sorted(cards_of(m)) for m in game.hand.hands]  # every hand face up
    assert any(cards for s, cards in enumerate(coach.table.view.open_hands)
               if s != coach.table.session.seat)  # the others' hands, not only the player's

    coach = play(app, first.answer)
    assert coach.right and coach.line
    assert f"Theme: {theme_name(first.theme)}" in coach.verdict_lines()  # shown once solved
    assert first.explanation["en"] in coach.verdict_lines()
    assert load_progress()[0][first.id] == Tries(tried=1, solved=1)

    click(app, coach.box.buttons[1].rect.center)  # Try again, and miss it this time
    coach = play(app, first.tempting)
    assert not coach.right
    assert load_progress()[0][first.id] == Tries(tried=2, solved=1)
    saved = json.loads((home / PROGRESS_FILE).read_text(encoding="utf-8"))
    assert saved["version"] == 1

    press(app, pygame.K_ESCAPE)  # back to the list, which shows the tries
    listing = top(app)
    assert isinstance(listing, PuzzlesScene) and listing.game == "cabrero"
    assert label_text(listing.rows[0].label).endswith(
        f" · {theme_name(first.theme)} · solved 1 of 2 tries")  # the theme, once tried


def open_puzzles(app: App, game: str) -> PuzzlesScene:
    scene = menu(app)
    click(app, next(b for b in scene.buttons if b.label == "Puzzles").rect.center)
    puzzles = top(app)
    assert isinstance(puzzles, PuzzlesScene)
    while puzzles.game != game:
        press(app, pygame.K_RIGHT)
    return puzzles


def test_item51_the_rating_moves_with_each_first_try_and_survives_a_restart(
        app: App, home: Path) -> None:
    """Glicko-2: solving a puzzle raises the player's rating, failing one lowers it, a
    second try of the same puzzle moves it no more; the file keeps it (a restart reads it)."""
    puzzles = open_puzzles(app, "dos")
    first, second = puzzles.puzzles[0], puzzles.puzzles[1]
    assert load_progress()[0].rating.rating == 1500
    click(app, puzzles.rows[0].rect.center)
    coach = play(app, first.answer)
    up = load_progress()[0].rating
    assert up.rating > 1500 and up.deviation < 350
    assert coach.rating_words().startswith(f"Your rating: {round(up.rating)} (+")
    click(app, coach.box.buttons[1].rect.center)  # Try again: no new rating
    play(app, first.tempting)
    assert load_progress()[0].rating == up
    press(app, pygame.K_ESCAPE)
    listing = top(app)
    assert isinstance(listing, PuzzlesScene)
    click(app, listing.rows[1].rect.center)
    play(app, second.tempting)
    down = load_progress()[0].rating
    assert down.rating < up.rating
    saved = json.loads((home / PROGRESS_FILE).read_text(encoding="utf-8"))
    assert saved["rating"]["rating"] == pytest.approx(down.rating, abs=1e-3)
    press(app, pygame.K_ESCAPE)
    again = top(app)
    assert isinstance(again, PuzzlesScene)
    assert str(round(down.rating)) in rating_text(again.progress)


def test_item51_the_theme_filter_and_the_puzzle_for_my_rating(app: App) -> None:
    puzzles = open_puzzles(app, "cabrero")
    themes = puzzles.theme_choice.values
    assert themes[0] == "" and len(themes) >= 3  # All, then the game's themes
    press(app, pygame.K_DOWN)  # to the theme's choice
    press(app, pygame.K_RIGHT)
    assert puzzles.theme == themes[1] and puzzles.focus.focused is puzzles.theme_choice
    assert puzzles.puzzles and all(p.theme == themes[1] for p in puzzles.puzzles)
    assert len(puzzles.puzzles) < len(puzzles.all_puzzles)
    press(app, pygame.K_LEFT)
    assert puzzles.puzzles == puzzles.all_puzzles
    nearest = min(puzzles.puzzles, key=lambda p: abs(p.rating - 1500))
    click(app, puzzles.near_button.rect.center)
    assert coach_of(app).puzzle.rating == nearest.rating


def test_item51_a_puzzle_at_seat_2_is_played_from_the_bottom_by_keyboard(app: App) -> None:
    """A puzzle keeps its real seat (no seat renamed): the table seats the player there,
    draws that seat's cards as the player's hand at the bottom with its plate, turns the
    other seats round it, and the answer played by the keyboard alone is solved."""
    game, p = next((g, p) for g in games_with_puzzles() for p in load_puzzles(g)
                   if p.seat == 2)
    puzzles = open_puzzles(app, game)
    puzzles.play(next(i for i, q in enumerate(puzzles.puzzles) if q.id == p.id))
    coach = coach_of(app)
    table = coach.table
    assert table.session.seat == table.view.seat == table.layout.seat == 2
    assert table.session.game.current_player == 2  # the record as mined, not renamed
    assert sorted(table.view.hand) == sorted(cards_of(p.position().hand.hands[2]))
    assert table.names[2] == "You" and "You" not in table.names[:2]
    w, h = table.layout.size
    plate = table.layout.plate_rect(2)
    assert plate.left < w / 4 and plate.bottom > h * 0.9  # the player's corner
    assert all(table.layout.plate_rect(s).bottom < plate.top for s in table.layout.others)
    run_until(app, lambda: table.can_play)
    press(app, pygame.K_RIGHT)  # the focus onto the hand's first legal card
    target = table.view.hand.index(p.answer)
    while table.focus != target:
        press(app, pygame.K_RIGHT if (table.focus or 0) < target else pygame.K_LEFT)
    press(app, pygame.K_RETURN)
    run_until(app, lambda: coach.played is not None)
    assert coach.played == p.answer and coach.right
    assert load_progress()[0][p.id] == Tries(tried=1, solved=1)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_item51_the_table_turned_round_any_seat(players: int) -> None:
    """The layout with the player at seat k puts seat s where the usual one (the player
    at seat 0) puts seat s - k, round the table: one mechanism turns everything."""
    size = (1280, 800)
    usual = TableLayout(size, players, 0.64)
    for k in range(players):
        turned = TableLayout(size, players, 0.64, seat=k)
        for s in range(players):
            at = (s - k) % players
            assert turned.plate_rect(s) == usual.plate_rect(at)
            assert turned.pile_spot(s) == usual.pile_spot(at)
            assert turned.fan(s, 5) == usual.fan(at, 5)
            assert turned.is_side(s) == usual.is_side(at)
        assert turned.score_panel(60) == usual.score_panel(60)
        assert turned.table_card_spot() == usual.table_card_spot()


def test_item51_a_rating_out_of_bounds_sets_the_file_aside(app: App, home: Path) -> None:
    (home / PROGRESS_FILE).write_text(
        '{"version": 1, "puzzles": {}, "rating": {"rating": 1e9}}', encoding="utf-8")
    assert load_progress()[0] == {}
    assert load_progress()[0].rating.rating == 1500
    assert list(home.glob(f"{PROGRESS_FILE}.damaged-*"))


def test_item43_a_damaged_progress_file_is_set_aside(app: App, home: Path) -> None:
    (home / PROGRESS_FILE).write_text('{"version": 1, "puzzles": {"x": {"tried": -1}}}',
                                      encoding="utf-8")
    menu(app)
    app.push(PuzzlesScene(app))
    frames(app, 2)
    dialog = top(app)
    assert isinstance(dialog, Dialog) and "puzzle progress" in label_text(dialog.message)
    assert list(home.glob(f"{PROGRESS_FILE}.damaged-*"))
    assert load_progress() == ({}, None)


def test_down_reaches_every_puzzle_in_the_list(app: App) -> None:
    """Down walks past the theme's choice through the whole list, the puzzles out of view
    included (the view follows), and Up walks back to the game's choice."""
    scene = menu(app)
    click(app, next(b for b in scene.buttons if b.label == "Puzzles").rect.center)
    puzzles = top(app)
    assert isinstance(puzzles, PuzzlesScene)
    assert len(puzzles.rows) > puzzles.window.shown  # some are out of view
    press(app, pygame.K_DOWN)
    assert puzzles.focus.focused is puzzles.theme_choice
    for row in puzzles.rows:
        press(app, pygame.K_DOWN)
        assert puzzles.focus.focused is row and row.visible
    for _row in range(len(puzzles.rows) + 1):
        press(app, pygame.K_UP)
    assert puzzles.focus.focus == 0  # the game's choice


def test_the_puzzles_screen_reopens_on_the_game_shown_last(app: App) -> None:
    """Issue 47: the Puzzles screen opens on the game it showed last (kept in the
    settings, so the next start too), not always on the first game."""
    scene = menu(app)
    click(app, next(b for b in scene.buttons if b.label == "Puzzles").rect.center)
    puzzles = top(app)
    assert isinstance(puzzles, PuzzlesScene)
    first = puzzles.game
    while puzzles.game in (first, "cabrero"):
        press(app, pygame.K_RIGHT)
    chosen = puzzles.game
    press(app, pygame.K_ESCAPE)
    click(app, next(b for b in scene.buttons if b.label == "Puzzles").rect.center)
    again = top(app)
    assert isinstance(again, PuzzlesScene) and again is not puzzles and again.game == chosen
    assert store.load_settings()[0].puzzles_game == chosen


@pytest.mark.parametrize(("lang", "goal", "rival", "rivals"), [
    ("es", "Gana la mano: más puntos que tu rival", "tu rival", "los rivales"),
    ("ca", "Guanya la mà: més punts que el teu rival", "el teu rival", "els rivals"),
])
def test_tute_a_dos_win_goal_names_one_opponent(lang: str, goal: str, rival: str,
                                                rivals: str) -> None:
    """Issue 47: in a two-player game the other side is one opponent, not "the rivals" (nor
    "the others"): the goal, the explanation after the answer and the line under the goal;
    in a game of pairs it stays the other side."""
    from tute.puzzles.data import load_puzzles
    from tute.puzzles.words import goal_text

    duels = load_puzzles("dos")
    duel = next(p for p in duels if p.goal.kind == "win")
    pairs = next(p for p in load_puzzles("parejas") if p.goal.kind == "win")
    i18n.set_language(lang)
    try:
        assert goal_text(duel.goal, duel.opponents) == goal
        assert goal_text(pairs.goal, pairs.opponents) != goal
        assert all(rival in p.explanation[lang] and rivals not in p.explanation[lang]
                   for p in duels)
        assert rivals in pairs.explanation[lang]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
@pytest.mark.parametrize("game", ["parejas", "dos"])
def test_a_puzzles_open_hands_are_drawn_to_be_read(home: Path, game: str,
                                                   size: tuple[int, int]) -> None:
    """Issue 47: the opponents' open cards are drawn upright, larger than a back, and no
    card covers the index corner of another (12 of swords was read as the 12 of clubs on
    small cards drawn upside down and overlapped)."""
    from ui_helpers import make_app

    application = make_app(size)
    try:
        menu(application)
        scene = PuzzlesScene(application, game)
        application.push(scene)
        frames(application, 2)
        scene.play(0)
        coach = coach_of(application)
        run_until(application, lambda: coach.table.can_play and bool(coach.table.view.open_hands))
        table, open_cards = coach.table, coach.table.view.open_hands
        shown = {c for seat, hand in enumerate(open_cards) if seat != table.view.seat
                 for c in hand}
        drawn: list[tuple[int, pygame.Rect, float, int]] = []
        draw, hands = table.painter.cards.draw, table.painter.opponent_hand
        in_hands = [False]  # the card shown for trumps is drawn by the trumps panel too

        def spy(surface: pygame.Surface, card: int | None, spot: object, height: int,
                *args: object, **kw: object) -> pygame.Rect:
            rect = draw(surface, card, spot, height, *args, **kw)  # type: ignore[arg-type]
            if card in shown and in_hands[0]:
                drawn.append((card, rect, spot.angle, height))  # type: ignore[attr-defined]
            return rect

        def hand_spy(*args: object) -> None:
            in_hands[0] = True
            hands(*args)  # type: ignore[arg-type]
            in_hands[0] = False

        table.painter.cards.draw = spy  # type: ignore[method-assign]
        table.painter.opponent_hand = hand_spy  # type: ignore[method-assign]
        table.painter.still_key = None
        table.draw(application.screen)
        assert shown and {card for card, *_rest in drawn} == shown
        lay = table.layout
        for i, (card, rect, angle, height) in enumerate(drawn):
            assert angle == 0 and height > lay.small_h, card
            corner = pygame.Rect(rect.x, rect.y, rect.width * 0.3, rect.height * 0.3)
            assert not any(later.colliderect(corner) for _c, later, *_r in drawn[i + 1:]), card
    finally:
        application.close()


@pytest.mark.parametrize(("lang", "alone", "team"), [
    ("en", "Make {n} more points", "for your side"),
    ("es", "Haz {n} puntos más", "entre tu compañero y tú"),
    ("ca", "Fes {n} punts més", "entre el teu company i tu"),
])
def test_a_points_goal_says_your_side_only_where_the_player_has_a_partner(
        lang: str, alone: str, team: str) -> None:
    """A points goal counts the player's side: with a partner (parejas) the points are the
    pair's; without one (Tute a dos, face to face) they are his alone, and "your side" would
    name a side of one."""
    from tute.puzzles.data import load_puzzles
    from tute.puzzles.words import goal_text

    duel = next(p for p in load_puzzles("dos") if p.goal.kind == "points")
    pair = next(p for p in load_puzzles("parejas") if p.goal.kind == "points")
    assert not duel.partners and pair.partners
    i18n.set_language(lang)
    try:
        assert goal_text(duel.goal, duel.opponents, duel.partners) == alone.format(
            n=duel.goal.n)
        assert team in goal_text(pair.goal, pair.opponents, pair.partners)
    finally:
        i18n.set_language("en")
