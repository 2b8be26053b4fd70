"""The end of the match: who won, the final standing in the game's own terms (rayas,
juegos, points, lost games, balances, chips), and what next."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tute import store
from tute.engine.settlement import Totals
from tute.i18n import N_, _
from tute.speech.voice import sentences
from tute.ui.menus.begin import start_match
from tute.ui.shell.scene import SHEET_HINT, Scene
from tute.ui.table import standings
from tute.ui.table.painter import draw_rayas
from tute.ui.widgets import theme
from tute.ui.widgets.controls import Button, FocusList

if TYPE_CHECKING:
    from tute.ui.shell.app import App
    from tute.ui.table.scene import TableScene

DEMO_SECONDS = 6.0


class MatchEndScene(Scene):
    overlay = True

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.buttons = [Button(N_("Play again"), self.play_again, primary=True),
                        Button(N_("Main menu"), self.to_menu)]
        self.focus = FocusList(self.buttons, horizontal=True)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.clock = 0.0

    def standing(self) -> tuple[Totals, list[standings.Row]]:
        """The figure this game ends on, and its rows best first."""
        t = self.table
        return t.totals, standings.rows(t.session.game, t.totals, t.names, t.view.teams)

    def headline(self) -> str:
        t = self.table
        return standings.headline(t.session.game, t.names, t.view.teams, t.human)

    def play_again(self) -> None:
        self.table.controller.write_result()  # once more, should it have failed
        old = self.table.session
        setup = store.GameSetup(old.game.rules.ref, old.level, dict(old.game.options),
                                old.practice, old.deck)
        start_match(self.app, setup, demo=old.demo)

    def to_menu(self) -> None:
        from tute.ui.menus.menu import MenuScene

        self.table.controller.write_result()  # once more, should it have failed
        self.app.replace_all(MenuScene(self.app))

    def largest_print(self, size: tuple[int, int]) -> float:
        """The standings' rows and figures are laid out for the window."""
        return theme.CHARTS_PRINT

    def played_line(self) -> str:
        """ "Hands played: 7 · decided by the last trick's ten" (the latter where it was)."""
        g = self.table.session.game
        totals, rows = self.standing()
        played = _("Hands played: {n}").format(n=len(g.summaries))
        why = standings.decided_by_last_trick(totals, rows, g)
        return f"{played} · {why}" if why else played

    def spoken_title(self) -> str:
        """Said as the sheet opens: the match's end and who won (R reads the rest)."""
        return sentences(standings.end_title(self.table.session.game), self.headline(),
                         _(SHEET_HINT))

    def spoken_sheet(self) -> str:
        """The standing whole: each player's or team's figure (rayas counted) and note."""
        g = self.table.session.game
        totals, rows = self.standing()
        head = standings.head(totals, g)
        lines = [_("{name}: {value}").format(name=row.label, value=", ".join(part for part in (
            f"{head} {row.value}" if totals.rayas else row.figure, row.note) if part))
            for row in rows]
        return sentences(standings.end_title(g), self.headline(), self.played_line(), *lines)

    def resize(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        n = len(self.standing()[1])
        self.panel = pygame.Rect(0, 0, min(w - app.px(40), app.px(640)),
                                 min(h - app.px(40), app.px(266) + n * app.px(42)))
        self.panel.center = (w // 2, h // 2)
        bw, bh, gap = app.px(220), app.px(48), app.px(16)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(self.panel.centerx - bw - gap // 2 + i * (bw + gap),
                                 self.panel.bottom - app.px(22) - bh, bw, bh)
            b.font_size = app.px(17)

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.table.session.demo and self.clock > DEMO_SECONDS:
            self.play_again()

    def animating(self) -> bool:
        return self.table.session.demo  # counting down to the next match

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()
            return
        self.focus.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        app, p = self.app, self.panel
        g = self.table.session.game
        theme.darken(surface, 150)
        theme.panel(surface, p, app.px(18), theme.PANEL_SOLID, theme.GOLD, shadow=app.px(12))
        inner = p.inflate(-app.px(48), 0)
        theme.draw_text(surface, standings.end_title(g), (p.centerx, p.y + app.px(20)),
                        app.px(18), theme.INK_DIM, anchor="midtop", box=inner)
        theme.draw_text(surface, self.headline(), (p.centerx, p.y + app.px(50)), app.px(34),
                        theme.GOLD, bold=True, anchor="midtop", serif=True, box=inner)
        totals, rows = self.standing()
        theme.draw_text(surface, self.played_line(),
                        (p.centerx, p.y + app.px(100)), app.px(15), theme.INK_DIM,
                        anchor="midtop", box=inner)
        y = p.y + app.px(136)
        name_box = pygame.Rect(p.x + app.px(48), 0, p.width // 2 - app.px(58), 1)
        figure_box = pygame.Rect(p.centerx, 0, app.px(150), 1)
        label_box = pygame.Rect(figure_box.right + app.px(10), 0,
                                p.right - app.px(48) - figure_box.right - app.px(10), 1)
        theme.draw_text(surface, _("Team") if len(rows) == 2 and len(rows[0].seats) == 2
                        else _("Player"), (name_box.x, y), app.px(14), theme.INK_DIM,
                        bold=True, box=name_box)
        theme.draw_text(surface, standings.head(totals, g), (figure_box.x, y), app.px(14),
                        theme.INK_DIM, bold=True, box=figure_box)
        y += app.px(26)
        for row in rows:
            ink = theme.GOLD if row.won else theme.INK
            theme.draw_text(surface, row.label, (name_box.x, y + app.px(12)), app.px(18), ink,
                            bold=True, anchor="midleft", box=name_box)
            if totals.rayas:
                draw_rayas(surface, pygame.Rect(figure_box.x, y + app.px(2), figure_box.width,
                                                app.px(20)), row.value, g.lives, app.px(10))
            else:
                theme.draw_text(surface, row.figure, (figure_box.x, y + app.px(12)), app.px(18),
                                ink, bold=True, anchor="midleft", box=figure_box)
            theme.draw_text(surface, row.note, (label_box.right, y + app.px(12)), app.px(16),
                            ink, bold=True, anchor="midright", box=label_box)
            y += app.px(42)
        self.focus.draw(surface)
