"""The main menu: carry on an interrupted match, start one, read the rules, settings."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from tute import store
from tute.cards import card
from tute.i18n import N_, _, ngettext
from tute.ui.shell.dialog import Dialog, problem_dialog
from tute.ui.shell.scene import Scene
from tute.ui.widgets import theme
from tute.ui.widgets.controls import Button, FocusList, Label, label_text
from tute.ui.widgets.layout import Spot
from tute.ui.words.games import games

if TYPE_CHECKING:
    from tute.ui.shell.app import App

SHOWCASE = (card(1, 0), card(12, 1), card(11, 2), card(10, 3), card(3, 0))
"""The fan of cards under the title."""


class MenuScene(Scene):
    def __init__(self, app: App, asked: store.GameSetup | None = None,
                 seed: int | None = None) -> None:
        """``asked``: the table ``tute play`` asked for, started (with the question about a
        saved match) as soon as the menu shows."""
        super().__init__(app)
        self.asked, self.seed = asked, seed
        self.saved: store.SavedMatch | None = None
        self.saved_label = ""
        # The entry with the focus is the gold one: Enter opens what looks chosen, wherever
        # the mouse rests (issue 47).
        self.continue_button = Button(N_("Continue the match"), self.resume, primary=None)
        self.buttons = [
            self.continue_button,
            *(Button(label, action, primary=None) for label, action in (
                (N_("New game"), self.new_game), (N_("Tutorial"), self.tutorial),
                (N_("Puzzles"), self.puzzles), (N_("Rules"), self.rules),
                (N_("Statistics"), self.statistics), (N_("Review a record"), self.review),
                (N_("Play a deal"), self.play_deal), (N_("Settings"), self.settings),
                (N_("Quit"), app.quit))),
        ]
        self.focus = FocusList(self.buttons)
        self.title_y = self.subtitle_y = 0.0
        self.title_size = 0
        self.showcase_h = 0
        """The fan of cards' height (0: no room for it)."""
        self.saved_room: pygame.Rect | None = None
        """Where the saved match is described (None: beside its button)."""
        self.load_saved()

    def load_saved(self) -> None:
        """Look for an interrupted match; a damaged file is reported, then set aside."""
        self.saved, problem = store.load_match()
        if problem:
            self.app.problems.append(problem)
        if self.saved is not None and self.saved.over:
            from tute.ui.menus.begin import settle

            settle(self.app, self.saved)
            self.saved = None  # finished: nothing to continue, written or still kept
        self.saved_label = ""
        if self.saved is not None:
            from tute.ui.menus.begin import describe

            self.saved_label = describe(self.saved)
        self.continue_button.visible = self.saved is not None
        self.focus.focus_first()
        self.resize(self.app.size)

    def enter(self) -> None:
        if self.app.problems:
            self.show_problem(self.app.problems.pop(0))
        elif self.asked is not None:
            from tute.ui.menus.begin import start_match

            setup, self.asked = self.asked, None
            start_match(self.app, setup, seed=self.seed)
        elif self.app.first_start and not self.app.settings.tutorial_offered:
            self.offer_tutorial()

    def offer_tutorial(self) -> None:
        """On the very first start, once: a guided hand before anything else?"""
        self.app.settings.tutorial_offered = True
        self.app.save_settings()
        self.app.push(Dialog(self.app, N_("Is this your first time?"),
                             N_("Play a guided hand of Tute Cabrero: the game shows you, step "
                                "by step, how a hand is played."),
                             [(N_("Play a guided hand"), self.first_lesson, True),
                              (N_("Not now"), lambda: None, False)]))

    def show_problem(self, problem: store.FileProblem) -> None:
        self.app.push(problem_dialog(self.app, problem))

    # ------------------------------------------------------------------ actions
    def resume(self) -> None:
        from tute.ui.menus.begin import resume_match

        assert self.saved is not None
        resume_match(self.app, self.saved)

    def new_game(self) -> None:
        from tute.ui.menus.new_game import NewGameScene

        self.app.push(NewGameScene(self.app))

    def tutorial(self) -> None:
        """The games that have a lesson, to choose one."""
        from tute.lessons import lesson_names
        from tute.ui.learning.tutorial import start_tutorial
        from tute.ui.words.games import name

        choices: list[tuple[Label, Callable[[], None], bool]] = [
            (partial(name, g), partial(start_tutorial, self.app, g), i == 0)
            for i, g in enumerate(lesson_names())]
        self.app.push(Dialog(self.app, N_("Tutorial"),
                             N_("A guided hand of each game: choose the game to learn."),
                             [*choices, (N_("Back"), lambda: None, False)], vertical=True))

    def first_lesson(self) -> None:
        from tute.ui.learning.tutorial import start_tutorial

        start_tutorial(self.app)

    def puzzles(self) -> None:
        from tute.ui.practice.puzzles import PuzzlesScene

        self.app.push(PuzzlesScene(self.app))

    def rules(self) -> None:
        from tute.ui.menus.rules_help import RulesScene

        self.app.push(RulesScene(self.app, self.app.settings.setup.rules))

    def statistics(self) -> None:
        from tute.ui.menus.statistics import StatisticsScene

        self.app.push(StatisticsScene(self.app))

    def review(self) -> None:
        from tute.ui.practice.review_records import RecordsScene

        self.app.push(RecordsScene(self.app))

    def play_deal(self) -> None:
        from tute.ui.practice.deal_code import DealCodeScene

        self.app.push(DealCodeScene(self.app))

    def settings(self) -> None:
        from tute.ui.menus.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def confirm_quit(self) -> None:
        """Escape asks first: a key pressed once too often must not close the game."""
        self.app.push(Dialog(self.app, N_("Quit the game?"), "",
                             [(N_("Quit"), self.app.quit, False),
                              (N_("Cancel"), lambda: None, True)]))

    # ------------------------------------------------------------------ screen
    def resize(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        if theme.print_scale > 1:
            self.lay_out_large(size)
            return
        visible = [b for b in self.buttons if b.visible]
        top = h * 0.5
        # Six buttons (with a saved match) still fit under the title at the smallest window.
        step = min(app.px(66), round((h - top - app.px(30)) / len(visible)))
        bw, bh, gap = app.px(320), round(step * 0.79), step - round(step * 0.79)
        for i, b in enumerate(visible):
            b.rect = pygame.Rect(0, 0, bw, bh)
            b.rect.midtop = (w // 2, round(top + i * (bh + gap)))
            b.font_size = app.px(19)
        self.title_y, self.title_size = h * 0.335, app.px(92)
        self.subtitle_y = h * 0.335 + app.px(100)
        self.showcase_h, self.saved_room = round(h * 0.2), None

    def lay_out_large(self, size: tuple[int, int]) -> None:
        """Large print: buttons as tall and wide as their words, in two columns where one
        does not fit, from the bottom up; the saved match's line, the subtitle and the
        title above them, and the fan of cards only where room is left."""
        px = self.app.px
        w, h = size
        visible = [b for b in self.buttons if b.visible]
        bold = theme.font(px(19), True)
        bh, gap = bold.get_linesize() + px(10), px(8)
        bw = max(px(320), max(bold.size(label_text(b.label))[0] for b in visible) + px(40))
        bottom = h - px(20) - theme.font(px(13)).get_linesize()
        columns = 1 if len(visible) * (bh + gap) < h * 0.6 else 2
        rows = -(-len(visible) // columns)
        bw = min(bw, (w - px(40) * (columns + 1)) // columns)
        top = bottom - rows * (bh + gap)
        for i, b in enumerate(visible):
            column, row = divmod(i, rows)
            b.rect = pygame.Rect(0, 0, bw, bh)
            x = w // 2 + (column - (columns - 1) / 2) * (bw + px(40))
            b.rect.midtop = (round(x), top + row * (bh + gap))
            b.font_size = px(19)
        y = top - px(6)
        self.saved_room = None
        if self.continue_button.visible and self.saved_label:
            y -= theme.font(px(14)).get_linesize()
            self.saved_room = pygame.Rect(px(20), y, w - px(40), theme.font(px(14)).get_linesize())
        self.subtitle_y = y - theme.font(px(20)).get_linesize()
        # The title is large print already: it keeps its size, smaller where room is short.
        self.title_size = round(min(px(92), self.subtitle_y * 0.5) / theme.print_scale)
        self.title_y = self.subtitle_y - theme.font(self.title_size, True, True).get_linesize()
        room = self.title_y - px(16)
        self.showcase_h = round(min(h * 0.2, room * 0.8)) if room > px(110) else 0

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.confirm_quit()
            return
        self.focus.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = surface.get_size()
        surface.blit(theme.felt((w, h)), (0, 0))
        ch = self.showcase_h
        if ch:
            y = h * 0.2 if self.saved_room is None else self.title_y / 2
            for i, c in enumerate(SHOWCASE):
                k = i - (len(SHOWCASE) - 1) / 2
                spot = Spot(w / 2 + k * ch * 0.42, y + abs(k) * ch * 0.06, -k * 9)
                app.cards.draw(surface, c, spot, ch)
        theme.draw_text(surface, "Tute", (w / 2, self.title_y), self.title_size, theme.GOLD,
                        bold=True, anchor="midtop", serif=True, shadow=True)
        count = len(games())
        subtitle = ngettext("{n} game with the Spanish deck", "{n} games with the Spanish deck",
                            count).format(n=count)
        theme.draw_text(surface, subtitle, (w / 2, self.subtitle_y),
                        app.px(20), theme.INK, anchor="midtop", shadow=True)
        self.focus.draw(surface)
        if self.continue_button.visible and self.saved_label:
            r = self.continue_button.rect
            room, anchor = self.saved_room, "midleft"
            if room is None:  # beside its button
                room = pygame.Rect(r.right + app.px(14), r.y, w - r.right - app.px(28), r.height)
            else:  # on a line of its own, centred
                anchor = "center"
            theme.draw_text(surface, self.saved_label, getattr(room, anchor), app.px(14),
                            theme.INK_DIM, anchor=anchor, box=room)
        theme.draw_text(surface, _("F11: full screen"), (w - app.px(16), h - app.px(12)),
                        app.px(13), theme.INK_DIM, anchor="bottomright")
