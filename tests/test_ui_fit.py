"""The look of the table: every boxed text fits its box in each language at the usual and
the smallest window, nothing on the table overlaps at any player count and size, the rayas
still to come are legible, dialogs hide what is under them, and the window cannot be made
smaller than the layout was made for."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator

import pygame
import pytest
from ui_helpers import frames, make_app, press, run_until, table, top

from tute.stats import file as stats_file
from tute.stats.hands import HandRecord
from tute.ui.menus.menu import MenuScene
from tute.ui.menus.new_game import NewGameScene
from tute.ui.menus.rules_help import RulesScene
from tute.ui.menus.settings import SettingsScene
from tute.ui.menus.statistics import StatisticsScene
from tute.ui.practice.deal_code import DealCodeScene
from tute.ui.practice.puzzles import PuzzlesScene
from tute.ui.shell.app import MIN_SIZE, App
from tute.ui.shell.scene import Scene, SceneStack
from tute.ui.table.hand_result import WIDE_ENOUGH, HandResultScene
from tute.ui.table.scene import TableScene
from tute.ui.widgets import theme
from tute.ui.widgets.layout import TableLayout, covered

SMALLEST_SHRINK = 0.75
"""A text may be drawn smaller to fit, but not below this share of its size."""


def visited(size: tuple[int, int], language: str, print_size: int,
            visit: Callable[[App], None]) -> int:
    """``visit`` the screens of an app of ``size`` in ``language`` at ``print_size`` %;
    the gap a word leaves there (the window's 10 design pixels)."""
    application = make_app(size, language, print_size=print_size)
    try:
        visit(application)
        return application.px(10)
    finally:
        application.close()


def trump_panel_texts(application: App, scene: TableScene) -> list[pygame.Rect]:
    """Where the trumps panel, drawn once, puts each of its texts."""
    log: list[pygame.Rect] = []
    theme.drawn_log = log
    try:
        scene.painter.trump_panel(pygame.Surface(application.size), scene.view)
    finally:
        theme.drawn_log = None
    return log


@pytest.fixture
def fits() -> Iterator[list[theme.FitRecord]]:
    theme.fit_log = []
    yield theme.fit_log
    theme.fit_log = None


@pytest.fixture
def scene_texts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Scene, list[pygame.Rect]]]:
    """Where each scene drew its texts, one entry per scene per frame drawn (a dialog's are
    apart from those of the table under it, which its opaque panel hides)."""
    drawn: list[tuple[Scene, list[pygame.Rect]]] = []
    visible = SceneStack.visible

    def recorded(stack: SceneStack) -> Iterator[Scene]:
        for scene in visible(stack):
            drawn.append((scene, []))
            theme.drawn_log = drawn[-1][1]
            yield scene
        theme.drawn_log = None

    monkeypatch.setattr(SceneStack, "visible", recorded)
    return drawn


def overlapping(drawn: list[tuple[Scene, list[pygame.Rect]]]) -> list[tuple[str, object]]:
    """Texts that one scene drew over each other in one frame (two pixels' slack)."""
    clashes: list[tuple[str, object]] = []
    for scene, rects in drawn:
        inner = [r.inflate(-4, -4) for r in rects]
        clashes += [(type(scene).__name__, (a, b)) for i, a in enumerate(inner)
                    for b in inner[i + 1:] if a.colliderect(b) and a != b]
    return clashes


def every_screen(app: App) -> None:
    """The table through a 6-player hand (plates, trick, captions, banner, result), the
    pause menu, the abandon question, the menu, a new game, the settings (each row focused)
    and the statistics (with that hand recorded: figures and charts) with its reset question,
    the puzzles, the rules help and the deal code's panel."""
    app.settings.trick_wait = True  # each trick's caption stays to be looked at
    scene = table(app, players=6, seed=3)
    while True:
        run_until(app, lambda: scene.can_play or isinstance(top(app), HandResultScene)
                  or not scene.director.animating)
        if isinstance(top(app), HandResultScene):
            break
        press(app, pygame.K_RETURN)  # plays a card, or lets a held trick go
    press(app, pygame.K_ESCAPE)
    scene.open_log()
    frames(app, 2)
    app.replace_all(MenuScene(app))
    frames(app)
    stats_file.save(stats_file.Stats([
        stats_file.MatchRecord(game, 4, level, {}, seed=i, finished=1.0, won=i % 2 == 0,
                               hands=[HandRecord("won" if k % 3 else "lost", k * 7 % 130)
                                      for k in range(30)])
        for i, (game, level) in enumerate([("cabrero", "easy"), ("parejas", "medium"),
                                           ("dos", "hard"), ("arrastrado", "hard")])]))
    for screen in (NewGameScene(app), SettingsScene(app), StatisticsScene(app),
                   PuzzlesScene(app), RulesScene(app, "cabrero"), DealCodeScene(app)):
        app.push(screen)
        frames(app)
        if isinstance(screen, NewGameScene):
            press(app, pygame.K_RIGHT)  # Chancho's options too
            screen.start()  # asks about the saved match
            frames(app)
        if isinstance(screen, StatisticsScene):
            screen.confirm_reset()
            frames(app)
        if isinstance(screen, SettingsScene):  # every row, those scrolled into view too
            for _row in screen.rows:
                press(app, pygame.K_DOWN)
        app.replace_all(MenuScene(app))
        frames(app)


@pytest.mark.parametrize("size", [(1280, 800), MIN_SIZE])
@pytest.mark.parametrize(("language", "print_size"),
                         [("es", 100), ("ca", 100), ("en", 100), ("es", 200), ("ca", 200)])
def test_texts_fit_their_boxes(home: object, fits: list[theme.FitRecord],
                               scene_texts: list[tuple[Scene, list[pygame.Rect]]],
                               monkeypatch: pytest.MonkeyPatch, language: str,
                               print_size: int, size: tuple[int, int]) -> None:
    """Every boxed text fits its box, shrunk no further than SMALLEST_SHRINK of the size
    asked (at 200 %, the size the screen holds: the large print is really larger), none
    is cut with "…", and no two texts of one screen are drawn over each other."""
    cut: list[str] = []
    monkeypatch.setattr(theme, "cut_log", cut)
    visited(size, language, print_size, every_screen)
    assert len({m for m, *_rest in fits}) > 60
    assert not overlapping(scene_texts)
    assert not cut
    # A line of text is some 1.17 times its size tall: at large print every one is drawn at
    # CHARTS_PRINT (the least any screen holds) at least, but a hand's result in a narrow
    # window, and half of them at CROWDED_PRINT.
    tall = sorted(rect.height / drawn for _m, rect, _b, drawn, _a in fits)
    if print_size > 100:
        assert tall[0] >= 1.15 * (theme.CHARTS_PRINT if size[0] >= WIDE_ENOUGH else 1)
        assert tall[len(tall) // 2] >= 1.15 * theme.CROWDED_PRINT
    overflows = [(m, rect.width, box.width) for m, rect, box, _s, _a in fits
                 if rect.left < box.left - 1 or rect.right > box.right + 1]
    shrunk = [(m, drawn, asked) for m, _r, _b, drawn, asked in fits
              if drawn < SMALLEST_SHRINK * asked]
    assert not overflows and not shrunk


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG contrast ratio of two colours."""
    def luminance(c: tuple[int, ...]) -> float:
        lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
               for v in (x / 255 for x in c[:3])]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_rayas_to_come_stand_out_from_their_plate() -> None:
    for felt in ((34, 122, 74), theme.FELT_DARK):  # the felt's light centre and dark rim
        alpha = theme.PANEL[3] / 255
        plate = tuple(round(p * alpha + f * (1 - alpha)) for p, f in
                      zip(theme.PANEL[:3], felt, strict=True))
        assert contrast(theme.CHALK_FAINT, plate) >= 4.5
    assert contrast(theme.CHALK, theme.CHALK_FAINT) >= 2


def test_dialogs_hide_what_is_under_them(app: App) -> None:
    scene = table(app, players=3, seed=5)
    run_until(app, lambda: scene.can_play)
    scene.confirm_leave()
    dialog = top(app)
    frames(app)
    spot = (dialog.panel.x + 6, dialog.panel.centery)  # type: ignore[attr-defined]
    pixels = []
    for under in ((255, 255, 255), (0, 0, 0)):
        app.screen.fill(under)
        dialog.draw(app.screen)
        pixels.append(app.screen.get_at(spot))
    assert pixels[0] == pixels[1]


def test_the_window_has_a_minimum_size(app: App) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert pygame.Window.from_display_module().minimum_size == MIN_SIZE


def table_parts(lay: TableLayout, bato: bool) -> dict[str, pygame.Rect]:
    """Everything that stays on the table: plates, fans (Bato's four cards, or eight),
    taken tricks, the trick, the panels, the toolbar with the practice tools, the player's
    hand, and Bato's stock and muestra, discards and pot."""
    cards = 4 if bato else 8
    parts = {"trumps": lay.trump_panel(), "score": lay.score_panel(round(72 * lay.scale))}
    tools = lay.toolbar(6)
    parts["toolbar"] = tools[0].unionall(tools[1:])
    hand = [covered(s, lay.card_w, lay.card_h) for s in lay.hand(cards)]
    parts["hand"] = hand[0].unionall(hand[1:])
    for seat in range(lay.n):
        parts[f"plate {seat}"] = lay.plate_rect(seat)
        parts[f"pile {seat}"] = lay.pile_rect(seat)
        parts[f"trick {seat}"] = covered(lay.trick_spot(seat), lay.trick_w, lay.trick_h)
        if seat:
            fan = [covered(s, lay.small_w, lay.small_h) for s in lay.fan(seat, cards)]
            parts[f"fan {seat}"] = fan[0].unionall(fan[1:])
    if bato:
        muestra = covered(lay.table_card_spot(), lay.trick_w, lay.trick_h)
        parts["stock"] = muestra.union(covered(lay.stock_spot(), lay.stock_h * lay.aspect,
                                              lay.stock_h))
        parts["discards"] = covered(lay.discard_spot(), lay.pile_h * lay.aspect, lay.pile_h)
        parts["pot"] = lay.pot_rect()
    return parts


def meant_to_touch(a: str, b: str) -> bool:
    """A fan tucked under its own plate; the cards of a trick of three or four, crossed."""
    kinds = {a.split()[0], b.split()[0]}
    return (kinds == {"plate", "fan"} and a.split()[1] == b.split()[1]) or kinds == {"trick"}


@pytest.mark.parametrize("percent", [100, 150, 200])
@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), MIN_SIZE])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_nothing_on_the_table_overlaps(size: tuple[int, int], players: int,
                                       percent: int) -> None:
    """At the usual print and at large print (the table's words at the most it holds, its
    plates taller, the player's cards, the trick's and the muestra larger as far as the
    window has the room), at every player count a game is played with."""
    pygame.init()  # the large indices' fonts, which the hand spreads to show
    scale = percent / 100
    for bato in (False, True):
        lay = TableLayout(size, players, 0.64, print_scale=min(scale, theme.CROWDED_PRINT),
                          index=scale if percent > 100 else None, pot=bato, discards=bato)
        parts = table_parts(lay, bato)
        screen = pygame.Rect((0, 0), size)
        names = list(parts)
        clashes = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
                   if parts[a].colliderect(parts[b]) and not meant_to_touch(a, b)]
        assert clashes == [], (bato, clashes)
        assert all(screen.contains(rect) for name, rect in parts.items() if name != "hand")


@pytest.mark.parametrize(("size", "language", "print_size"), [
    ((1280, 800), "es", 100), ((1280, 800), "ca", 100), ((1280, 800), "en", 100),
    (MIN_SIZE, "es", 100), (MIN_SIZE, "ca", 100), (MIN_SIZE, "en", 100),
    ((960, 600), "ca", 200), ((1280, 800), "es", 200)])
def test_hand_results_cut_no_text(home: object, fits: list[theme.FitRecord], language: str,
                                  size: tuple[int, int], print_size: int) -> None:
    """Every game's hand result, at every player count, with nothing cut with "…": the
    headers (Bato's "Won · chips", the chips' "Payment · balance"), the names of the sides
    (Codillo's three defenders) and the statuses are all there is to read."""
    from engine_helpers import bundled_tables

    application = make_app(size, language, print_size=print_size)
    try:
        cut = []
        for game, players in bundled_tables():
            table(application, players=players, rules=game, seed=2, demo=True)
            run_until(application, lambda: isinstance(top(application), HandResultScene),
                      limit=20000)
            fits.clear()
            application.print_for(top(application))
            top(application).draw(application.screen)
            assert fits
            cut += [(game, players, m) for m, *_rest in fits if m.endswith("…")]
    finally:
        application.close()
    assert not cut


@pytest.mark.parametrize("size", [(1280, 800), MIN_SIZE])
@pytest.mark.parametrize("language", ["es", "ca", "en"])
def test_new_game_cuts_no_option_or_description(home: object, fits: list[theme.FitRecord],
                                                language: str, size: tuple[int, int]) -> None:
    """Every game's options on the new-game screen: no label, value or description cut with
    "…". Where the descriptions do not fit under their labels, the rows show the labels and
    the focused option's description is shown whole in a box under them, inside the
    window and clear of the buttons."""
    from tute.ui.menus.new_game import GAMES
    from tute.ui.widgets.controls import Choice, label_text

    application = make_app(size, language)
    try:
        cut = []
        for game in GAMES:
            screen = NewGameScene(application, game)
            application.push(screen)
            for row in screen.rows:
                fits.clear()
                theme.text_log = set()
                screen.focus.focus = screen.focus.widgets.index(row)
                screen.draw(application.screen)
                cut += [(game, m) for m, *_rest in fits if m.endswith("…")]
                assert isinstance(row, Choice) and row.hint is not None
                hint = label_text(row.hint)
                assert hint in theme.text_log  # under its label, or in the box
                if screen.about.height:
                    assert not row.show_hint
                    assert screen.about.bottom < screen.back_button.rect.top
                    assert screen.about.top >= screen.panel.bottom
            application.pop(screen)
    finally:
        theme.text_log = None
        application.close()
    assert not cut


@pytest.mark.parametrize("print_size", [150, 200])
@pytest.mark.parametrize("language", ["es", "ca"])
def test_new_game_shows_each_description_at_large_print(home: object, language: str,
                                                         print_size: int) -> None:
    """Issue 52 item 3: at large print in the smallest window, whose options fill their
    panel, the focused option's description is still shown whole: in a box of its own
    (over the foot of the games' list while an option has the focus), inside the window,
    clear of the options and the buttons, every line of it inside the box."""
    from tute.ui.menus.new_game import GAMES
    from tute.ui.widgets.controls import Choice, label_text

    application = make_app(MIN_SIZE, language, print_size=print_size)
    window = pygame.Rect((0, 0), MIN_SIZE)
    try:
        shown = []
        for game in GAMES:
            screen = NewGameScene(application, game)
            application.push(screen)
            for row in screen.rows:
                assert isinstance(row, Choice) and row.hint is not None
                screen.focus.focus = screen.focus.widgets.index(row)
                theme.text_log, theme.drawn_log = set(), []
                screen.draw(application.screen)
                lines = theme.drawn_log
                theme.drawn_log = []
                screen.draw_about(application.screen)
                about, box = theme.drawn_log, screen.about
                assert label_text(row.hint) in theme.text_log, (game, row.label)
                if row.show_hint:
                    continue
                shown.append(game)
                assert about and all(box.contains(r) for r in about), (game, row.label)
                assert about[0] in lines  # drawn with the screen, not only here
                assert window.contains(box) and not box.colliderect(screen.panel)
                assert not box.colliderect(screen.back_button.rect)
            application.pop(screen)
        assert shown  # the box was needed
    finally:
        theme.text_log = theme.drawn_log = None
        application.close()


def test_a_click_on_the_description_over_the_list_picks_no_hidden_game(home: object
                                                                        ) -> None:
    """The description box standing over the games' list (large print, smallest window)
    takes the clicks and the pointer's moves: the game hidden under it is not chosen."""
    application = make_app(MIN_SIZE, "es", print_size=200)
    try:
        screen = NewGameScene(application, "cabrero")
        application.push(screen)
        screen.focus.focus = screen.focus.widgets.index(screen.rows[0])
        assert screen.about_covers_list and screen.about_shown
        hidden = [item for item in screen.items if item.rect.colliderect(screen.about)]
        assert hidden and hidden[-1].game != "cabrero"
        at = hidden[-1].rect.clip(screen.about).center
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION \
                else {"button": 1}
            screen.handle_event(pygame.event.Event(kind, pos=at, **extra))
        assert screen.game == "cabrero" and screen.focus.focused is screen.rows[0]
    finally:
        application.close()


@pytest.mark.parametrize("language", ["es", "ca"])
@pytest.mark.parametrize("size", [(1280, 800), (960, 600), (800, 560)])
def test_the_trumps_panel_never_writes_over_itself(home: object, size: tuple[int, int],
                                                   language: str) -> None:
    """The trumps panel's words (the hand's number, "Trumps", the suit) never run into each
    other (a word's gap apart at least): a narrow panel leaves out the "Trumps" label, which
    the emblem and the suit's name make plain."""
    application = make_app(size, language)
    try:
        scene = table(application, players=4, rules="guinote", seed=1, demo=True)
        run_until(application, lambda: scene.view.trump is not None and scene.view.hand_number)
        log = trump_panel_texts(application, scene)
        assert len(log) >= 2
        spaced = [r.inflate(application.px(10), 0) for r in log]
        assert not [(a, b) for i, a in enumerate(spaced) for b in spaced[i + 1:]
                    if a.colliderect(b)]
    finally:
        application.close()


LARGE_TABLES = (("guinote", 4), ("subastado", 4), ("julepe", 4), ("bato", 4), ("manilla", 4),
                ("brisca", 2))
"""Tables whose panels, chips and questions differ (partidas, an auction, a question before
play, a pot and a stock, a 48-card deck, two players)."""


def table_screens(app: App) -> None:
    """The start of a hand of each of LARGE_TABLES (the first question the player is asked:
    Subastado's bid, Julepe's play or pass), every step of the Cabrero lesson, and the
    review of a played hand."""
    from test_ui_standings import played_out
    from ui_helpers import review_loaded

    from tute.engine.record import dump_record, record_from_text
    from tute.ui.learning.tutorial import start_tutorial
    from tute.ui.practice.review_records import open_review

    for game, players in LARGE_TABLES:
        scene = table(app, players=players, rules=game, seed=4)
        run_until(app, lambda: scene.can_play)  # noqa: B023 (waited for at once)
        frames(app, 2)
    start_tutorial(app, "cabrero")
    lesson = top(app)
    while not isinstance(top(app), HandResultScene):
        run_until(app, lambda: isinstance(top(app), HandResultScene) or (
            lesson.coach is not None and lesson.coach.due() is not None))  # type: ignore[attr-defined]
        frames(app, 2)
        press(app, pygame.K_RETURN)  # Continue, the focused card or the cante's button
    record = dump_record(played_out("cabrero", {"players": 4}).game)
    app.replace_all(MenuScene(app))
    assert open_review(app, record_from_text(record, "record"))
    review_loaded(app)
    frames(app, 2)


def crowded(drawn: list[tuple[Scene, list[pygame.Rect]]], gap: int) -> list[tuple[str, object]]:
    """Texts that one scene drew less than ``gap`` pixels apart side by side, or over each
    other (words that run into each other read as one)."""
    clashes: list[tuple[str, object]] = []
    for scene, rects in drawn:
        spaced = [r.inflate(gap, -2) for r in rects]
        clashes += [(type(scene).__name__, (rects[i], rects[i + 1 + j]))
                    for i, a in enumerate(spaced) for j, b in enumerate(spaced[i + 1:])
                    if a.colliderect(b) and rects[i] != rects[i + 1 + j]]
    return clashes


@pytest.mark.parametrize("size", [(1280, 800), MIN_SIZE])
@pytest.mark.parametrize("language", ["es", "ca"])
@pytest.mark.parametrize("print_size", [150, 200])
def test_the_table_holds_large_print(home: object,
                                     scene_texts: list[tuple[Scene, list[pygame.Rect]]],
                                     monkeypatch: pytest.MonkeyPatch, language: str,
                                     print_size: int, size: tuple[int, int]) -> None:
    """Issue 52 item 3: at large print, the tables of LARGE_TABLES, the lesson and the
    review write no text into another (the trumps panel's words, the stock's count over the
    muestra's index, a question over the muestra's row, the coach over a chip) and cut
    none with "…" (the score panel's lines, the pot, the review's headings)."""
    cut: list[str] = []
    monkeypatch.setattr(theme, "cut_log", cut)
    panel = theme.panel

    def hiding(surface: pygame.Surface, rect: pygame.Rect, *args: object,
               **kwargs: object) -> None:
        """A solid panel drawn over a scene's texts (the lesson's coach over the table)
        hides those wholly under it: they do not show, so they do not count."""
        if args[1:2] == (theme.PANEL_SOLID,) and scene_texts \
                and theme.drawn_log is scene_texts[-1][1]:
            scene_texts[-1][1][:] = [r for r in scene_texts[-1][1] if not rect.contains(r)]
        panel(surface, rect, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "panel", hiding)
    gap = visited(size, language, print_size, table_screens)
    assert not cut
    assert not crowded(scene_texts, gap)


@pytest.mark.parametrize("language", ["es", "ca"])
@pytest.mark.parametrize("size", [(1280, 800), MIN_SIZE])
def test_the_trumps_panel_keeps_its_words_at_large_print(home: object, size: tuple[int, int],
                                                         language: str) -> None:
    """At 200 %, the trumps panel's words (the hand's number, the suit, who showed the
    card) stay inside the panel, none under the card shown beside it (Manilla's "shown by
    Lola" ran out of the narrow panel under the card)."""
    application = make_app(size, language, print_size=200)
    try:
        scene = table(application, players=4, rules="manilla", seed=4)
        run_until(application, lambda: scene.view.shown is not None and scene.can_play)
        frames(application)
        log = trump_panel_texts(application, scene)
        panel = scene.layout.trump_panel()
        assert len(log) >= 3
        assert [r for r in log if not panel.contains(r)] == []
    finally:
        application.close()


@pytest.mark.parametrize("language", ["es", "ca"])
def test_no_trumps_clears_the_trumps_label_at_large_print(home: object, language: str) -> None:
    """Before trumps are named, at 200 % in the smallest window, "Trumps" goes under the
    hand's number, and Butifarra's "No trumps" under it, the three apart."""
    application = make_app(MIN_SIZE, language, print_size=200)
    try:
        scene = table(application, players=4, rules="butifarra", seed=4)
        frames(application)
        scene.view.trump, scene.view.no_trumps, scene.view.hand_number = None, True, 1
        log = trump_panel_texts(application, scene)
        assert len(log) == 3
        assert not crowded([(scene, log)], application.px(10))
        assert all(scene.layout.trump_panel().contains(r) for r in log)
    finally:
        application.close()


def first_sight(app: App, game: str, players: int) -> TableScene:
    """A table of ``game`` at the first moment the player acts: a question, or a card to
    play (or Bato's discard chosen on the hand)."""
    scene = table(app, players=players, rules=game, seed=4)
    run_until(app, lambda: scene.picker is not None or scene.can_play
              or isinstance(top(app), HandResultScene), limit=20000)
    frames(app, 2)
    return scene


@pytest.mark.parametrize(("size", "print_size"), [((1280, 800), 150), ((1280, 800), 200),
                                                  (MIN_SIZE, 150), (MIN_SIZE, 200)])
def test_every_table_holds_its_larger_cards(home: object,
                                            scene_texts: list[tuple[Scene, list[pygame.Rect]]],
                                            size: tuple[int, int], print_size: int) -> None:
    """Issue 52 item 3: every bundled game at each player count, at large print, its cards
    as large as the window has the room for: no text on the table written into another
    (the muestra's index, the stock's count, the plates), and a question's panel keeps
    the room it has with the usual cards: under the middle row where it fitted there,
    and clear of the hand's indices."""
    from engine_helpers import bundled_tables

    def check(app: App) -> None:
        for game, players in bundled_tables():
            scene_texts.clear()
            scene = first_sight(app, game, players)
            assert not crowded(scene_texts[-1:], app.px(10)), (game, players)
            lay, picker = scene.layout, scene.picker
            if picker is None:
                continue
            # It may touch the top edge of the hand (no card is raised), above the indices.
            assert picker.rect.bottom <= lay.hand_y - lay.card_h / 2 + lay.margin / 2 + 1, \
                (game, players)
            usual = TableLayout(size, players, lay.aspect, print_scale=lay.print_scale,
                                seat=lay.seat)
            room = [band.height for band in usual.question_bands()]
            if room and picker.rect.height <= room[0]:
                assert lay.question_bands()[0].contains(picker.rect), (game, players)

    visited(size, "es", print_size, check)
