"""Every screen by keyboard alone (issue 52, item 2): from the menu, each screen is reached
by keys and toured control by control; each control reached is drawn with the one focus
ring and said once, with its role and its place in a list, in Spanish and Catalan. What a
screen offers the mouse has a key too, and the sheets of figures (statistics, a hand's
result, the match's end, a review's page) are said short as they open and whole on R."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from test_ui_speech import play_hand, speaking
from test_ui_standings import played_out
from ui_helpers import frames, menu, press, review_loaded, run_until, table, top

from tute import deals, review, store
from tute.engine.record import dump_record
from tute.i18n import _
from tute.rules import load_ruleset
from tute.speech.backends import Recorder
from tute.speech.voice import SEPARATOR, Voice
from tute.ui.menus.match_end import MatchEndScene
from tute.ui.menus.new_game import NewGameScene
from tute.ui.menus.rules_help import RulesScene
from tute.ui.menus.settings import SettingsScene
from tute.ui.menus.statistics import StatisticsScene
from tute.ui.practice.deal_code import DealCodeScene
from tute.ui.practice.puzzle_table import PuzzleCoach
from tute.ui.practice.puzzles import PuzzlesScene
from tute.ui.practice.review import ReviewScene
from tute.ui.practice.review_records import RecordsScene
from tute.ui.shell.app import App
from tute.ui.shell.dialog import Dialog
from tute.ui.shell.scene import Scene
from tute.ui.table.announcer import SCREEN_KEY_HELP
from tute.ui.table.hand_result import HandResultScene
from tute.ui.table.scene import TableScene
from tute.ui.widgets import controls
from tute.ui.widgets.controls import RING_DARK, RING_LIGHT, FocusList, Widget, ring_width

LANGUAGES = ["es", "ca"]
ROLE = {"es": "botón", "ca": "botó"}
"""A button's role as each language says it, typed here: the words must be translated."""


@pytest.fixture(autouse=True)
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screens are under test here, not the analysis: a small search budget."""
    monkeypatch.setattr(review, "ITERATIONS", 4)


def heard(text: str) -> str:
    """``text`` as the reader gets it: a middle dot between figures said as a comma."""
    return text.replace(SEPARATOR, ", ")


def from_menu(app: App, label: str) -> Scene:
    """The menu, its entry ``label`` reached with Down and opened with Enter."""
    scene = menu(app)
    for _i in range(len(scene.buttons)):
        focused = scene.focus.focused
        assert isinstance(focused, controls.Button)
        if focused.label == label:
            break
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    return top(app)


def ring_drawn(app: App, focus: FocusList) -> None:
    """The focused control is drawn with the focus ring: black outside, white inside,
    round its rect, on the window as shown."""
    focused = focus.focused
    assert focused is not None and focus.ring is not None
    ring = focus.ring
    assert ring.contains(focused.rect) and ring != focused.rect
    width = ring_width(focused.rect)
    x = ring.centerx
    assert app.screen.get_at((x, ring.top))[:3] == RING_DARK
    assert app.screen.get_at((x, ring.top + width))[:3] == RING_LIGHT


def tour(app: App, recorder: Recorder, focus_of: Callable[[], FocusList], key: int,
         language: str) -> list[Widget]:
    """Press ``key`` until the focus comes back to where it started (or stays put): each
    control met has its ring drawn and is said once, with its place where in a list."""
    start = focus_of().focused
    assert start is not None
    ring_drawn(app, focus_of())
    seen: list[Widget] = [start]
    said: list[str] = []
    for _i in range(100):
        count = len(recorder.said(focus=True))
        press(app, key)
        focus = focus_of()
        focused = focus.focused
        assert focused is not None
        if focused is start or focused is seen[-1]:
            break
        ring_drawn(app, focus)
        lines = recorder.said(focus=True)[count:]
        assert lines == [heard(focus.spoken())], (lines, focus.spoken())
        words = lines[0]
        assert words.startswith(heard(focused.spoken()))
        if isinstance(focused, controls.Button):
            assert f", {ROLE[language]}" in words
        place = focus.place()
        if place is not None:  # "3 de 7" in both languages
            where = _("{n} of {total}").format(n=place[0], total=place[1])
            assert f", {where}" in words and " de " in where
        if isinstance(focused, controls.Choice):  # its hint (or why it is off) too
            assert focused.enabled or _("unavailable") in words
            assert focused.hint is None or heard(controls.label_text(focused.hint)) in words
        seen.append(focused)
        said.append(words)
    assert len(said) == len(set(said)), "a control said twice"
    return seen


def reachable(focus: FocusList) -> list[Widget]:
    """The controls a key can reach: those shown and those scrolled out of view."""
    return [w for w in focus.widgets if w.focusable or w.out_of_view]


def every_control(app: App, recorder: Recorder, scene: Scene, key: int,
                  language: str) -> None:
    def focus_of() -> FocusList:
        focus = getattr(scene, "focus", None)
        assert isinstance(focus, FocusList)
        return focus

    seen = tour(app, recorder, focus_of, key, language)
    assert set(map(id, seen)) == set(map(id, reachable(focus_of())))


SCREENS = [("Continue the match", None, pygame.K_DOWN),
           ("New game", NewGameScene, pygame.K_DOWN),
           ("Settings", SettingsScene, pygame.K_DOWN),
           ("Statistics", StatisticsScene, pygame.K_DOWN),
           ("Puzzles", PuzzlesScene, pygame.K_DOWN),
           ("Play a deal", DealCodeScene, pygame.K_TAB),
           ("Review a record", RecordsScene, pygame.K_DOWN),
           ("Rules", RulesScene, pygame.K_RIGHT),
           ("Tutorial", Dialog, pygame.K_TAB)]
"""Each menu entry, the screen it opens (None: the menu itself, toured) and the key that
goes from control to control there."""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("label", "kind", "key"), SCREENS,
                         ids=[label for label, _k, _key in SCREENS])
def test_every_control_of_every_screen_by_keys(app: App, language: str, label: str,
                                               kind: type[Scene] | None, key: int) -> None:
    recorder = speaking(app, language)
    if kind is None:
        scene: Scene = menu(app)
    else:
        scene = from_menu(app, label)
        assert isinstance(scene, kind)
    frames(app)
    every_control(app, recorder, scene, key, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_quit_question_by_keys(app: App, language: str) -> None:
    """Escape on the menu asks; its buttons are toured, said and ringed; Escape cancels."""
    recorder = speaking(app, language)
    scene = menu(app)
    press(app, pygame.K_ESCAPE)
    dialog = top(app)
    assert isinstance(dialog, Dialog)
    assert recorder.said(focus=True)[-1].startswith(_("Quit the game?"))
    every_control(app, recorder, dialog, pygame.K_RIGHT, language)
    press(app, pygame.K_ESCAPE)
    assert top(app) is scene


def test_home_and_end_go_to_a_lists_ends(app: App) -> None:
    """Home and End in the menu, the settings and the puzzles' rows (out of view too)."""
    scene = menu(app)
    press(app, pygame.K_END)
    assert scene.focus.focused is scene.buttons[-1]
    press(app, pygame.K_HOME)
    assert scene.focus.focused is next(b for b in scene.buttons if b.visible)
    puzzles = from_menu(app, "Puzzles")
    assert isinstance(puzzles, PuzzlesScene)
    for _i in puzzles.game_choice.values:
        if len(puzzles.rows) > puzzles.window.shown:
            break
        press(app, pygame.K_RIGHT)  # a game with more puzzles than the list shows
    assert len(puzzles.rows) > puzzles.window.shown
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    assert puzzles.focus.focused is puzzles.rows[0]
    press(app, pygame.K_END)
    assert puzzles.focus.focused is puzzles.rows[-1] and puzzles.rows[-1].visible
    press(app, pygame.K_PAGEUP)
    assert puzzles.focus.focused is puzzles.rows[-1 - puzzles.window.shown]
    assert puzzles.focus.focused.visible
    press(app, pygame.K_HOME)
    assert puzzles.focus.focused is puzzles.rows[0] and puzzles.rows[0].visible
    press(app, pygame.K_PAGEDOWN)
    assert puzzles.focus.focused is puzzles.rows[puzzles.window.shown]
    press(app, pygame.K_TAB)  # on to the buttons
    assert puzzles.focus.focused is puzzles.near_button


@pytest.mark.parametrize("language", LANGUAGES)
def test_puzzles_by_keys_choose_filter_near_and_retry(app: App, language: str) -> None:
    """A theme chosen with Right filters the list; Enter on a row plays it; at the table,
    the verdict's buttons are said and Try again, left of Next puzzle, is reached with
    Left; Puzzle for my rating by Enter."""
    recorder = speaking(app, language)
    puzzles = from_menu(app, "Puzzles")
    assert isinstance(puzzles, PuzzlesScene)
    while puzzles.game != "cabrero":
        press(app, pygame.K_RIGHT)
    everything = len(puzzles.puzzles)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)  # the first theme
    assert puzzles.theme and 0 < len(puzzles.puzzles) < everything
    assert puzzles.focus.focused is puzzles.theme_choice
    chosen = puzzles.puzzles[0]
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    scene = top(app)
    assert isinstance(scene, TableScene)
    run_until(app, lambda: scene.can_play)
    coach = scene.coach
    assert isinstance(coach, PuzzleCoach) and coach.puzzle.id == chosen.id
    press(app, pygame.K_RETURN)  # the focused card
    run_until(app, lambda: coach.played is not None)
    frames(app, 3)
    buttons = coach.buttons()
    assert buttons is not None
    assert recorder.said(focus=True)[-1] == heard(buttons.spoken())
    assert f", {ROLE[language]}" in buttons.spoken()
    first = buttons.focused
    assert first is not None and first.label == "Next puzzle"
    press(app, pygame.K_LEFT)  # the button on its left, as the arrow points
    assert buttons.focused is not None and buttons.focused.rect.x < first.rect.x
    assert recorder.said(focus=True)[-1].startswith(_("Try again"))
    ring_drawn(app, buttons)
    press(app, pygame.K_RETURN)
    again = top(app)
    assert isinstance(again, TableScene) and again is not scene
    assert isinstance(again.coach, PuzzleCoach) and again.coach.puzzle.id == chosen.id
    press(app, pygame.K_ESCAPE)  # back to the list
    puzzles = top(app)
    assert isinstance(puzzles, PuzzlesScene)
    press(app, pygame.K_END)
    press(app, pygame.K_TAB)
    press(app, pygame.K_TAB)
    assert puzzles.focus.focused is puzzles.near_button
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), TableScene)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_deal_code_typed_pasted_and_played_by_keys(app: App, language: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A code typed (each letter echoed) wrong is refused aloud; pasted (Ctrl+V) right,
    Enter deals it."""
    recorder = speaking(app, language)
    scene = from_menu(app, "Play a deal")
    assert isinstance(scene, DealCodeScene)
    text = deals.DealCode("dos", load_ruleset("dos").resolve({}), 5, 0, 0, 0, "easy").text()
    assert recorder.said(focus=True)[-1].endswith(heard(scene.focus.spoken()))
    for ch in "XY":  # each letter echoed as it is typed, not the field again
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        frames(app)
        assert recorder.said(focus=True)[-1] == ch
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Z"))
    frames(app)
    press(app, pygame.K_RETURN)
    assert scene.problem and recorder.said(focus=True)[-1].endswith(
        heard(f"{scene.problem}. {scene.focus.spoken()}"))
    for _i in "XYZ":
        press(app, pygame.K_BACKSPACE)
    monkeypatch.setattr(controls, "pasted", lambda: text)
    press(app, pygame.K_v, pygame.KMOD_CTRL)
    assert scene.field.text == text
    press(app, pygame.K_RETURN)
    dealt = top(app)
    assert isinstance(dealt, TableScene) and dealt.session.coded == deals.parse(text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_help_scrolls_and_changes_game_by_keys(app: App, language: str) -> None:
    """F1's page lists every screen's keys; Down, End, Home and Page Down scroll it; a
    game's tab reached with Right and chosen with Enter shows (and says) its rules."""
    recorder = speaking(app, language)
    scene = from_menu(app, "Rules")
    assert isinstance(scene, RulesScene)
    for line in ("Keys on every screen", *SCREEN_KEY_HELP):  # F1 lists the keys, translated
        assert _(line) != line and _(line) in scene.text
    for key, moved in ((pygame.K_DOWN, 0.0), (pygame.K_END, scene.max_scroll),
                       (pygame.K_HOME, 0.0)):
        press(app, key)
        assert scene.scroll == moved or (moved == 0.0 and key == pygame.K_DOWN
                                         and scene.scroll > 0)
    press(app, pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    first = scene.game
    press(app, pygame.K_RIGHT)  # from Back round to the first game's tab
    while scene.focus.focused is not scene.tabs[scene.games.index(first) - 1]:
        press(app, pygame.K_RIGHT)  # the tab of a game other than the one shown
        assert recorder.said(focus=True)[-1] == heard(scene.focus.spoken())
    press(app, pygame.K_RETURN)
    assert scene.game != first
    assert recorder.said(focus=True)[-1].startswith(heard(scene.text)[:40])


@pytest.mark.parametrize("language", LANGUAGES)
def test_statistics_figures_said_on_opening_and_whole_on_r(app: App, language: str) -> None:
    """A finished match counted; the screen says its first figures as it opens, each
    filter's change says them anew, and R says every figure."""
    recorder = speaking(app, language)
    scene = TableScene(app, played_out("cabrero", {"players": 4}))
    app.replace_all(scene)
    run_until(app, lambda: isinstance(top(app), MatchEndScene))
    stats = from_menu(app, "Statistics")
    assert isinstance(stats, StatisticsScene) and stats.figures.hands
    opened = recorder.said(focus=True)[-1]
    rows = stats.figure_rows()
    assert opened.startswith(_("Statistics"))
    assert f"{rows[0][0]}: {rows[0][1]}" in opened and _("R reads it all.") in opened
    assert f"{rows[-1][0]}: " not in opened  # short: the rest on R
    press(app, pygame.K_r)
    whole = recorder.said(focus=True)[-1]
    for label, value in rows:  # "1 · 100 %" said "1, 100 %"
        assert heard(f"{label}: {value}") in whole
    press(app, pygame.K_RIGHT)  # the Game filter: the figures of one game
    assert stats.game_choice.index == 1
    assert recorder.said(focus=True)[-1].startswith(_("Statistics"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hands_result_said_on_opening_and_whole_on_r(app: App, language: str) -> None:
    recorder = speaking(app, language)
    scene = table(app, players=2, rules="dos", seed=5)
    play_hand(app, scene, recorder)
    result = top(app)
    assert isinstance(result, HandResultScene)
    frames(app)
    title, who, _why = result.top_lines()
    opened = recorder.said(focus=True)[-1]
    assert opened.startswith(heard(title)) and heard(who) in opened
    assert _("R reads it all.") in opened
    assert opened.endswith(heard(result.focus.spoken()))
    press(app, pygame.K_r)
    whole = recorder.said(focus=True)[-1]
    for seat in result.table.view.playing:
        taken = result.result.taken[seat]
        assert result.table.names[seat] in whole
        assert f"{taken} " in whole
        assert heard(result.marks_words(seat)) in whole
    assert heard(result.code_text()) in whole
    every_control(app, recorder, result, pygame.K_RIGHT, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_match_end_said_on_opening_and_whole_on_r(app: App, language: str) -> None:
    recorder = speaking(app, language)
    scene = TableScene(app, played_out("cabrero", {"players": 4}))
    app.replace_all(scene)
    run_until(app, lambda: isinstance(top(app), MatchEndScene))
    end = top(app)
    assert isinstance(end, MatchEndScene)
    frames(app)
    opened = recorder.said(focus=True)[-1]
    assert heard(end.headline()) in opened and _("R reads it all.") in opened
    press(app, pygame.K_r)
    whole = recorder.said(focus=True)[-1]
    _totals, rows = end.standing()
    for row in rows:
        assert heard(row.label) in whole and heard(row.note) in whole
    every_control(app, recorder, end, pygame.K_RIGHT, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_review_stepped_jumped_and_read_by_keys(app: App, language: str) -> None:
    """A kept record opened from the menu by keys; Right and Left step a trick, End and
    Home jump to the last and the first, each page said as it shows; R reads the page; the
    Hand choice steps by Left while it has the focus."""
    session = played_out("cabrero", {"players": 4})
    store.keep_record(dump_record(session.game), "cabrero")
    recorder = speaking(app, language)
    records = from_menu(app, "Review a record")
    assert isinstance(records, RecordsScene) and records.focus.focused is records.rows[0]
    press(app, pygame.K_RETURN)
    scene = review_loaded(app)
    assert isinstance(scene, ReviewScene) and scene.review is not None
    pages = len(scene.review.pages)

    def page_said() -> str:
        assert scene.review is not None
        line = recorder.said(focus=True)[-1]
        assert heard(scene.trick_title(scene.review.pages[scene.page])) in line
        return line

    page_said()
    press(app, pygame.K_RIGHT)
    assert scene.page == 1
    page_said()
    press(app, pygame.K_END)
    assert scene.page == pages - 1
    page_said()
    press(app, pygame.K_LEFT)
    assert scene.page == pages - 2
    press(app, pygame.K_HOME)
    assert scene.page == 0
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_r)
    whole = recorder.said(focus=True)[-1]
    page = scene.review.pages[1]
    for seat, _card in page.plays:
        assert scene.names[seat] in whole
    assert whole.count(": ") >= len(page.plays)
    hand = scene.hand
    while scene.focus.focused is not scene.choices[0]:
        press(app, pygame.K_TAB)
    press(app, pygame.K_LEFT)
    assert scene.hand == (hand - 1) % scene.hands
    review_loaded(app)
    every_control(app, recorder, scene, pygame.K_TAB, language)


def test_new_game_settings_and_statistics_actions_by_keys(app: App) -> None:
    """What the mouse does on these screens, by keys: a game chosen with Enter, an option
    stepped with Right, Left and Right between Back and Play, Play pressed with Enter; a
    setting and the volume stepped; the statistics' reset asked for with Enter."""
    scene = from_menu(app, "New game")
    assert isinstance(scene, NewGameScene)
    first = scene.game
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert scene.game != first and scene.game == scene.games[scene.games.index(first) + 1]
    press(app, pygame.K_TAB)  # to the options
    row = scene.focus.focused
    assert isinstance(row, controls.Choice) and row in scene.rows
    while not row.enabled or len(row.values) < 2:
        press(app, pygame.K_DOWN)
        row = scene.focus.focused
        assert isinstance(row, controls.Choice)
    value = row.value
    press(app, pygame.K_RIGHT)
    assert row.value != value
    press(app, pygame.K_TAB)  # to the buttons: Play first
    assert scene.focus.focused is scene.play_button
    press(app, pygame.K_LEFT)  # Back stands on its left
    assert scene.focus.focused is scene.back_button
    press(app, pygame.K_LEFT)  # nothing further left
    assert scene.focus.focused is scene.back_button
    press(app, pygame.K_RIGHT)
    assert scene.focus.focused is scene.play_button
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), TableScene)
    settings = from_menu(app, "Settings")
    assert isinstance(settings, SettingsScene)
    speed = app.settings.animation
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)
    assert app.settings.animation != speed
    while settings.focus.focused is not settings.volume_row:
        press(app, pygame.K_DOWN)
    volume = app.settings.volume
    press(app, pygame.K_LEFT)
    assert app.settings.volume < volume
    stats = from_menu(app, "Statistics")
    assert isinstance(stats, StatisticsScene)
    press(app, pygame.K_END)
    press(app, pygame.K_UP)
    assert stats.focus.focused is stats.reset_button
    press(app, pygame.K_RETURN)
    asked = top(app)
    assert isinstance(asked, Dialog) and asked.title == "Reset the statistics?"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_lessons_continue_button_is_said(app: App, language: str) -> None:
    """A guided hand chosen from the Tutorial dialog by keys: while its coach shows a text,
    the focus said is the coach's Continue button, not a card under the panel."""
    recorder = speaking(app, language)
    dialog = from_menu(app, "Tutorial")
    assert isinstance(dialog, Dialog)
    press(app, pygame.K_RETURN)
    scene = top(app)
    assert isinstance(scene, TableScene) and scene.coach is not None
    coach = scene.coach
    run_until(app, lambda: coach.buttons() is not None)
    frames(app, 2)
    buttons = coach.buttons()
    assert buttons is not None
    assert recorder.said(focus=True)[-1].endswith(heard(buttons.spoken()))
    assert buttons.spoken().startswith(_("Continue")) and ROLE[language] in buttons.spoken()


def test_a_middle_dot_between_figures_is_said_as_a_pause() -> None:
    """ "Matches won: 3 · 60 %" reaches the reader as "Matches won: 3, 60 %": the dot is the
    screen's separator, not a sign to read out."""
    recorder = Recorder()
    voice = Voice(lambda: recorder, on=True)
    voice.say("Matches won: 3 · 60 %")
    assert recorder.said() == ["Matches won: 3, 60 %"]
