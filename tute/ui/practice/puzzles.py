"""The menu's Puzzles: a game's puzzles listed with the goal of each, its rating and the
player's progress (solved, tried; the theme once solved), one game and one theme at a time,
the player's puzzle rating, and a button for the unsolved puzzle nearest that rating;
choosing one plays it at the table (``tute.ui.practice.puzzle_table``). A damaged progress
file is set aside and reported."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from tute.i18n import N_, _, ngettext, ruleset_text
from tute.puzzles.data import Puzzle, PuzzleError, games_with_puzzles, load_puzzles
from tute.puzzles.progress import Progress, load_progress, next_near
from tute.puzzles.words import goal_text, theme_name
from tute.rules import load_ruleset
from tute.ui.shell.dialog import problem_dialog
from tute.ui.shell.scene import Scene
from tute.ui.widgets import theme
from tute.ui.widgets.controls import Button, Choice, FocusList, RowWindow, fitted

if TYPE_CHECKING:
    from tute.ui.shell.app import App

SHOWN = 12
"""Puzzles listed at once (the list scrolls with the focus)."""


def game_name(game: str) -> str:
    return ruleset_text(load_ruleset(game).name)


def theme_label(key: str) -> str:
    return theme_name(key) if key else _("All")


def rating_text(progress: Progress) -> str:
    """ "Your rating: 1500 ± 350"."""
    r = progress.rating
    return _("Your rating: {rating} ± {deviation}").format(rating=round(r.rating),
                                                          deviation=round(r.deviation))


class PuzzlesScene(Scene):
    def __init__(self, app: App, game: str | None = None) -> None:
        super().__init__(app)
        self.progress: Progress
        self.progress, self.problem = load_progress()
        games = games_with_puzzles()
        game = game if game in games else app.settings.puzzles_game  # the one shown last
        self.game = game if game in games else (games[0] if games else "")
        self.game_choice: Choice[str] = Choice(N_("Game"), games, self.game, game_name,
                                               self.set_game)
        self.game_choice.wide_value = True
        self.theme = ""
        self.theme_choice: Choice[str] = Choice(N_("Theme"), [""], "", theme_label,
                                                self.set_theme)
        self.theme_choice.wide_value = True
        self.back_button = Button(N_("Back"), self.close)
        self.near_button = Button(N_("Puzzle for my rating"), self.play_near, primary=True)
        self.all_puzzles: list[Puzzle] = []
        self.puzzles: list[Puzzle] = []
        self.rows: list[Button] = []
        self.window = RowWindow(self.rows)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.focus = FocusList([])
        self.set_game(self.game)

    def enter(self) -> None:
        if self.problem is not None:  # a damaged progress file: say where it went
            self.app.push(problem_dialog(self.app, self.problem))
            self.problem = None

    def set_game(self, game: str) -> None:
        self.game = game
        if game and game != self.app.settings.puzzles_game:
            self.app.settings.puzzles_game = game
            self.app.save_settings()
        try:
            self.all_puzzles = load_puzzles(game) if game else []
        except PuzzleError as exc:
            self.app.notify(str(exc))
            self.all_puzzles = []
        themes = sorted({p.theme for p in self.all_puzzles if p.theme}, key=theme_label)
        self.theme_choice.values = ["", *themes]
        self.theme_choice.index = 0
        self.show("")

    def set_theme(self, theme: str) -> None:
        self.show(theme)
        self.focus.focus = 1  # the theme's choice keeps the focus

    def show(self, theme: str) -> None:
        """Only the puzzles of ``theme`` listed ("": all of the game's)."""
        self.theme = theme
        self.puzzles = [p for p in self.all_puzzles if not theme or p.theme == theme]
        self.rows = [Button(partial(self.row_label, i), partial(self.play, i))
                     for i in range(len(self.puzzles))]
        # Tab goes from the choices to the puzzles to the buttons; the arrows one by one.
        self.focus = FocusList([self.game_choice, self.theme_choice, *self.rows,
                                self.near_button, self.back_button],
                               groups=(2, 2 + len(self.rows)))
        self.window = RowWindow(self.rows)
        self.resize(self.app.size)

    def row_label(self, i: int) -> str:
        """ "3. Take 2 of the last 3 tricks · 1450 · Duck · solved 1 of 2 tries": the
        theme shows once the puzzle was tried (it would give the idea away before)."""
        p = self.puzzles[i]
        tries = self.progress.get(p.id)
        status = "" if tries is None else " · " + ngettext(
            "solved {solved} of {tried} try", "solved {solved} of {tried} tries",
            tries.tried).format(solved=tries.solved, tried=tries.tried)
        theme = f" · {theme_name(p.theme)}" if tries is not None and p.theme else ""
        rated = f" · {p.rating}" if p.rating else ""
        mark = "✓ " if tries is not None and tries.solved else ""
        return f"{mark}{i + 1}. {goal_text(p.goal, p.opponents, p.partners)}{rated}{theme}{status}"

    def play_near(self) -> None:
        """The unsolved puzzle of the list rated nearest the player."""
        index = next_near(self.puzzles, self.progress)
        if index is not None:
            self.play(index)

    def play(self, i: int) -> None:
        from tute.ui.practice.puzzle_table import start_puzzle

        try:
            start_puzzle(self.app, self.puzzles, i, self.progress, partial(back_to, self.app,
                                                                           self.game))
        except PuzzleError as exc:
            self.app.notify(str(exc))

    def close(self) -> None:
        self.app.pop(self)

    def largest_print(self, size: tuple[int, int]) -> float:
        """The list of puzzles and its filters share the window."""
        return theme.CROWDED_PRINT

    def resize(self, size: tuple[int, int]) -> None:
        px = self.app.px
        self.panel = theme.list_panel(size, px)
        inner = self.panel.inflate(-px(56), 0)
        self.game_choice.rect = pygame.Rect(inner.x, self.panel.y + px(100), inner.width,
                                            px(46))
        self.game_choice.font_size = px(17)
        self.theme_choice.rect = self.game_choice.rect.move(0, px(52))
        self.theme_choice.font_size = px(17)
        self.back_button.font_size = px(17)
        self.back_button.rect = pygame.Rect(0, 0, fitted(self.back_button, px(160)), px(46))
        self.back_button.rect.bottomright = (inner.right, self.panel.bottom - px(24))
        self.near_button.font_size = px(17)
        self.near_button.rect = pygame.Rect(0, 0, fitted(self.near_button, px(280)), px(46))
        self.near_button.rect.bottomright = (self.back_button.rect.x - px(12),
                                             self.back_button.rect.bottom)
        top = self.theme_choice.rect.bottom + px(18)
        self.window.lay_out((inner.x, top, inner.width, px(38), px(6)),
                            self.back_button.rect.y - px(44) - top, SHOWN)
        self.place_rows()

    def place_rows(self) -> None:
        """The rows in view: those around the focus (the game's and theme's choices come
        first)."""
        self.window.place(self.focus.focus - 2, self.app.px(16))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        if event.type == pygame.MOUSEWHEEL and self.rows:
            self.window.wheel(event.y, self.app.px(16))
            return
        if self.window.keys(self.focus, event, 2, self.app.px(16)):
            return  # the rows out of view too (after the game's and theme's choices)
        self.focus.handle_event(event)
        self.place_rows()

    def draw(self, surface: pygame.Surface) -> None:
        px, p = self.app.px, self.panel
        theme.list_screen(surface, p, px, _("Puzzles"))
        theme.draw_text(surface, _("Every hand is shown, and one card alone reaches the "
                                   "goal"), (p.centerx, p.y + px(64)), px(15), theme.INK_DIM,
                        anchor="midtop", box=p.inflate(-px(56), 0))
        solved = sum(1 for q in self.puzzles
                     if (t := self.progress.get(q.id)) is not None and t.solved)
        inner = p.inflate(-px(56), 0)
        theme.draw_text(surface, rating_text(self.progress),
                        (inner.x, self.back_button.rect.y - px(10)), px(16), theme.INK,
                        anchor="bottomleft", box=inner)
        theme.draw_text(surface, _("{solved} of {n} solved").format(
                            solved=solved, n=len(self.puzzles)),
                        (inner.right, self.back_button.rect.y - px(10)), px(14),
                        theme.INK_DIM, anchor="bottomright", box=inner)
        self.focus.draw(surface)


def back_to(app: App, game: str) -> None:
    """The puzzle list of ``game`` over the menu (after a puzzle at the table)."""
    app.routes.menu()
    app.push(PuzzlesScene(app, game))
