"""Large print and high contrast (issue 52, item 3): the setting and its window options, the
palette's contrast, and card indices legible without colour. How every screen holds 200 % is
tests/test_ui_fit.py's."""

from __future__ import annotations

import json
import math
from itertools import combinations
from pathlib import Path

import pygame
import pytest
from test_ui_fit import contrast
from ui_helpers import frames, make_app, menu, press, run_until, table, top

from tute import store
from tute.cards import card
from tute.cli import build_parser
from tute.ui.main import open_app
from tute.ui.menus.settings import SettingsScene
from tute.ui.shell.app import App
from tute.ui.table.painter import HandState
from tute.ui.widgets import theme
from tute.ui.widgets.deck import ASPECT, Deck
from tute.ui.widgets.index import INDEX_INK, INDEX_PAPER, index_height
from tute.ui.widgets.index import badge as index_badge
from tute.ui.widgets.layout import Spot, TableLayout
from tute.ui.widgets.sprites import CardImages

TEXTS = ("INK", "INK_DIM", "GOLD", "RED", "CHALK", "CHALK_FAINT", "HIGHLIGHT")
"""The colours text is written in on the felt, the panels and the plain buttons."""
GROUNDS = ("FELT", "FELT_LIGHT", "FELT_DARK", "PANEL_SOLID", "BUTTON", "BUTTON_HOVER")


def over(colour: tuple[int, ...], ground: tuple[int, ...]) -> tuple[int, ...]:
    """A translucent ``colour`` as it shows over an opaque ``ground``."""
    alpha = colour[3] / 255 if len(colour) > 3 else 1.0
    return tuple(round(c * alpha + g * (1 - alpha)) for c, g in
                 zip(colour[:3], ground[:3], strict=True))


def test_the_high_contrast_palette_reads_at_7_to_1() -> None:
    """WCAG's enhanced contrast (7:1) for every text colour on every ground it is written on
    (the translucent plates over the felt too), the dark words on the gold buttons and the
    chips, and the card index; the classic palette does not reach it (the test can fail)."""
    def ratios(palette: dict[str, object]) -> list[float]:
        grounds = [palette[g] for g in GROUNDS]
        grounds += [over(palette["PANEL"], palette[f]) for f in ("FELT", "FELT_LIGHT")]  # type: ignore[arg-type]
        out = [contrast(palette[t], g) for t in TEXTS for g in grounds]  # type: ignore[arg-type]
        out += [contrast(palette["INK_DARK"], palette[b])  # type: ignore[arg-type]
                for b in ("BUTTON_PRIMARY", "BUTTON_PRIMARY_HOVER", "INK_DIM", "GOLD")]
        return out

    assert min(ratios(theme.HIGH_CONTRAST)) >= 7
    assert min(ratios(theme.CLASSIC)) < 7
    assert contrast(INDEX_INK, INDEX_PAPER) >= 7


def badge(face: pygame.Surface) -> pygame.Surface:
    """The top left corner of a card where the large index lies, in greys."""
    h = face.get_height()
    size = index_height(h, 1.0)
    return pygame.transform.grayscale(
        face.subsurface((0, 0, round(h * 0.035 + size * 1.2), round(h * 0.03 + size * 2))))


def test_each_suit_index_differs_in_greyscale(home: Path) -> None:
    """With the large index, a card's corner in greys tells its suit: the four aces'
    corners differ from each other by the suit letter's shape, in black on white."""
    pygame.init()
    deck = Deck(index=1.0)
    corners = [badge(deck.face(card(1, suit), 300)) for suit in range(4)]

    def greys(image: pygame.Surface) -> list[int]:
        w, h = image.get_size()
        return [image.get_at((x, y))[0] for x in range(w) for y in range(h)]

    def apart(a: pygame.Surface, b: pygame.Surface) -> float:
        """The share of the corner's pixels that are black in one and white in the other."""
        pairs = list(zip(greys(a), greys(b), strict=True))
        return sum(1 for x, y in pairs if abs(x - y) > 160) / len(pairs)

    assert min(apart(a, b) for a, b in combinations(corners, 2)) > 0.01
    shades = greys(corners[0])
    assert sum(1 for v in shades if v < 40 or v > 215) > 0.8 * len(shades)


@pytest.mark.parametrize("high", [False, True])
def test_a_dimmed_cards_index_reads_at_7_to_1_in_high_contrast(home: Path, high: bool) -> None:
    """Issue 52 item 3: an unplayable card is drawn dimmed, its large index with it; in the
    high-contrast palette the badge's black on its dimmed white still reads at 7:1 (the
    classic dimming leaves it about 5:1)."""
    pygame.init()
    theme.use_palette(high)
    try:
        height, seven = 300, card(7, 2)
        face = CardImages(Deck(index=2.0)).image(seven, height, dim=True)
        mark = index_badge(seven, height, 2.0)
        inside = face.subsurface(mark.rect.inflate(-2 * mark.edge, -2 * mark.edge))
        greys = sorted(inside.get_at((x, y))[:3] for x in range(inside.get_width())
                       for y in range(inside.get_height()))
    finally:
        theme.use_palette(False)
    assert (contrast(greys[0], greys[-1]) >= 7) == high


def test_the_index_grows_with_the_print_up_to_a_share_of_the_card() -> None:
    sizes = [index_height(200, percent / 100) for percent in store.PRINT_SIZES]
    assert sizes[0] < sizes[1] < sizes[2] < sizes[3] == sizes[4] <= 0.25 * 200


def corners(spot: Spot, size: tuple[float, float], part: pygame.Rect | None = None
            ) -> list[tuple[float, float]]:
    """The screen corners of a card of ``size`` lying at ``spot`` (pygame's turn, counter-
    clockwise), or of ``part`` of it (a rect from the card's top left corner)."""
    w, h = size
    part = part or pygame.Rect(0, 0, round(w), round(h))
    a = math.radians(spot.angle)
    out = []
    for x, y in (part.topleft, part.topright, part.bottomright, part.bottomleft):
        dx, dy = x - w / 2, y - h / 2
        out.append((spot.x + dx * math.cos(a) + dy * math.sin(a),
                    spot.y - dx * math.sin(a) + dy * math.cos(a)))
    return out


def apart(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    """Whether two convex outlines do not overlap (an axis of one of their edges parts
    them)."""
    for outline in (a, b):
        for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1], strict=True):
            nx, ny = y1 - y2, x2 - x1
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            if max(pa) <= min(pb) or max(pb) <= min(pa):
                return True
    return False


def largest_hand() -> int:
    """The most cards any bundled game deals a player (a 48-card game's twelve, three
    players' thirteen at Cabrero)."""
    from engine_helpers import bundled_tables, new_game

    most = 0
    for name, players in bundled_tables():
        game = new_game(players, name, 1)
        game.deal()
        most = max(most, *(hand.bit_count() for hand in game.hands))
    return most


@pytest.mark.parametrize("percent", [150, 200])
@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_every_card_of_the_hand_shows_its_whole_index(size: tuple[int, int],
                                                       percent: int) -> None:
    """Issue 52 item 3: a fanned hand's next card never covers a card's large index (the
    badge of "10", "11" or "12" read "1(" at 200 % in 800x560). The hand spreads to show
    each badge whole where the window has room, and where it has not, the badge is drawn
    condensed to the strip each card shows; at every hand size up to the largest any game
    deals, for every card, clear of every card to its right."""
    pygame.init()
    scale = percent / 100
    lay = TableLayout(size, 4, ASPECT, print_scale=min(scale, theme.CROWDED_PRINT),
                      index=scale)
    card_size = (lay.card_w, lay.card_h)
    covered = []
    for count in range(1, largest_hand() + 1):
        spots = lay.hand(count)
        reach = lay.hand_reach(count)
        widest = max((index_badge(c, lay.card_h, scale, reach).rect for c in range(48)),
                     key=lambda r: r.right)
        covered += [(count, i) for i, spot in enumerate(spots[:-1])
                    if not all(apart(corners(spot, card_size, widest), corners(other, card_size))
                               for other in spots[i + 1:])]
    assert not covered
    spread = TableLayout(size, 4, ASPECT, print_scale=min(scale, theme.CROWDED_PRINT))
    assert lay.hand_step(6) > spread.hand_step(6)  # guiñote's six: spread, not condensed
    assert lay.hand_reach(6) is None


def card_sizes(size: tuple[int, int], players: int, percent: int,
               chips: bool = False) -> tuple[int, int]:
    """The heights of the player's cards and the trick's at ``percent`` % in ``size``, at
    a table with Bato's pot and discards or without."""
    scale = percent / 100
    lay = TableLayout(size, players, ASPECT, print_scale=min(scale, theme.CROWDED_PRINT),
                      index=scale if percent > 100 else None, pot=chips, discards=chips)
    return lay.card_h, lay.trick_h


@pytest.mark.parametrize("players", [2, 3, 4])
def test_large_print_grows_the_cards(players: int) -> None:
    """Issue 52 item 3: at 200 % in 1280x800 the player's cards and the trick's (the
    muestra's with them) are larger than at 100 % (by a share of the print's growth, as
    far as the window has the room: tests/test_ui_fit.py finds nothing overlapping)."""
    pygame.init()
    usual, large = card_sizes((1280, 800), players, 100), card_sizes((1280, 800), players, 200)
    assert all(grown >= 1.08 * was for grown, was in zip(large, usual, strict=True))


@pytest.mark.parametrize("chips", [False, True])
@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_large_print_never_shrinks_the_cards(size: tuple[int, int], chips: bool) -> None:
    pygame.init()
    for players in range(2, 7):
        usual = card_sizes(size, players, 100, chips)
        for percent in (150, 200):
            assert all(grown >= was for grown, was in
                       zip(card_sizes(size, players, percent, chips), usual, strict=True))


def test_the_settings_round_trip_and_a_damaged_size_falls_back(home: Path) -> None:
    assert store.Settings().print_size == 100 and not store.Settings().high_contrast
    store.save_settings(store.Settings(print_size=175, high_contrast=True))
    loaded, problem = store.load_settings()
    assert problem is None and loaded.print_size == 175 and loaded.high_contrast
    for bad in (130, "200", 2.0, True):
        (home / store.SETTINGS_FILE).write_text(json.dumps(
            {"version": store.SETTINGS_VERSION, "print_size": bad}), encoding="utf-8")
        loaded, problem = store.load_settings()
        assert loaded.print_size == 100 and problem is not None
        assert "print_size" in problem.detail


def test_the_settings_rows_apply_at_once(app: App) -> None:
    """Text and card size and High contrast, stepped in Settings: the next frame is drawn
    larger and in the other palette, and the cards get their large index; back to 100 %
    and off, everything is as before."""
    screen = SettingsScene(app)
    app.push(screen)
    frames(app)
    size_row = next(r for r in screen.rows if getattr(r, "label", "") == "Text and card size")
    contrast_row = next(r for r in screen.rows if getattr(r, "label", "") == "High contrast")
    before = app.screen.copy()
    screen.focus.focus = screen.rows.index(size_row)
    for _ in range(4):
        press(app, pygame.K_RIGHT)
    assert app.settings.print_size == 200 and theme.print_scale == 2.0
    assert app.cards.art.index == 2.0  # type: ignore[attr-defined]
    screen.focus.focus = screen.rows.index(contrast_row)
    press(app, pygame.K_RIGHT)
    assert app.settings.high_contrast and theme.HIGH_CONTRAST["INK"] == theme.INK
    press(app, pygame.K_LEFT)
    screen.focus.focus = screen.rows.index(size_row)
    press(app, pygame.K_RIGHT)  # 200 % wraps round to 100 %
    assert app.settings.print_size == 100 and theme.print_scale == 1.0
    assert theme.CLASSIC["INK"] == theme.INK and app.cards.art.index is None  # type: ignore[attr-defined]
    screen.focus.focus = 0
    screen.draw(app.screen)
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(before, "RGB")
    press(app, pygame.K_ESCAPE)
    assert store.load_settings()[0].print_size == 100


def test_a_screen_that_holds_less_draws_at_what_it_holds(app: App) -> None:
    """At 200 % the menu's words are twice their size; the table's, at the most it holds."""
    app.settings.print_size = 200
    app.apply_settings()
    menu(app)
    frames(app)
    assert theme.print_scale == 2.0
    table(app, players=4, seed=1)
    frames(app)
    assert theme.print_scale == theme.CROWDED_PRINT


@pytest.mark.parametrize("argv", [["--print", "150", "--contrast"],
                                  ["play", "cabrero", "--print", "150", "--contrast"]])
def test_the_window_options(home: Path, argv: list[str]) -> None:
    """``--print 150 --contrast`` (before or after a subcommand) start the window so, and
    are kept in the settings as if chosen there."""
    args = build_parser().parse_args(argv)
    args.frames = args.screenshot = None
    application = open_app(args, None)
    try:
        assert application.settings.print_size == 150 and application.settings.high_contrast
        assert theme.HIGH_CONTRAST["INK"] == theme.INK
    finally:
        application.close()
    assert theme.CLASSIC["INK"] == theme.INK and theme.print_scale == 1.0


def test_a_size_not_offered_is_refused_at_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--print", "130"])
    assert "130" in capsys.readouterr().err


def test_the_dialogs_words_stay_whole_at_200_percent(home: Path) -> None:
    """At the smallest window and 200 %, a question's buttons keep their words whole at
    their size: they stand one under another when side by side they would not fit."""
    application = make_app((800, 560), "ca", print_size=200)
    try:
        scene = table(application, players=4, seed=1)
        frames(application)
        scene.confirm_leave()
        dialog = top(application)
        frames(application)
        rects = [b.rect for b in dialog.buttons]  # type: ignore[attr-defined]
        assert all(dialog.panel.contains(r) for r in rects)  # type: ignore[attr-defined]
        assert not any(a.colliderect(b) for a, b in combinations(rects, 2))
    finally:
        application.close()


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
@pytest.mark.parametrize("rules,players", [("guinote", 4), ("bato", 6)])
def test_the_thinking_dots_keep_clear_of_a_plates_chips(size: tuple[int, int], rules: str,
                                                        players: int) -> None:
    """At 200 % the name, its chips ("Deals", "Mano", the team, the word said) and the dots
    of a seat thinking all fit its plate side by side: the chips give the dots their room."""
    application = make_app(size, "en", print_size=200)
    try:
        scene = table(application, players=players, rules=rules, seed=3, demo=True)
        run_until(application, lambda: len(scene.view.said) == players or bool(
            scene.view.trick))
        painter = scene.painter
        r, step = painter.px(3), painter.px(9)
        for seat in range(players):
            theme.drawn_log = logged = []
            try:
                painter.draw(application.screen, scene.view, HandState(), None, seat)
            finally:
                theme.drawn_log = None
            x, y = painter.dots_at
            dots = pygame.Rect(round(x) - r, round(y) - r, 2 * step + 2 * r, 2 * r)
            plate = scene.layout.plate_rect(seat)
            assert dots in logged and plate.contains(dots), (seat, dots, plate)
            assert not [t for t in logged if t != dots and t.colliderect(dots)], (seat, size)
    finally:
        application.close()


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
@pytest.mark.parametrize("print_size", [150, 200])
@pytest.mark.parametrize("rules", ["bato", "julepe"])
def test_the_question_leaves_the_muestras_label_in_sight(size: tuple[int, int],
                                                         print_size: int, rules: str) -> None:
    """The juego question stands below the middle row without covering the "Muestra" under
    the turned card, whose line is taller at large print."""
    application = make_app(size, "es", print_size=print_size)
    try:
        scene = table(application, players=4, rules=rules, seed=1)
        run_until(application, lambda: scene.picker is not None and not scene.director.busy)
        lay = scene.layout
        spot = lay.table_card_spot()
        below = spot.y + lay.trick_h / 2
        theme.drawn_log = logged = []
        try:
            scene.painter.still_key = None
            scene.draw(application.screen)
        finally:
            theme.drawn_log = None
        labels = [t for t in logged if abs(t.centerx - spot.x) <= 2 and below <= t.top
                  and t.top <= below + scene.painter.px(20)]
        assert len(labels) == 1, (spot, below, [t for t in logged if abs(t.centerx - spot.x) < 40])
        assert scene.picker is not None
        assert not scene.picker.rect.colliderect(labels[0]), (scene.picker.rect, labels[0])
    finally:
        application.close()
