"""The end of the match: who survived, everyone's rayas, and what next."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tute import store
from tute.i18n import N_, _
from tute.ui import texts, theme
from tute.ui.painter import draw_rayas
from tute.ui.scene import Scene
from tute.ui.scenes.begin import start_match
from tute.ui.widgets import Button, FocusList

if TYPE_CHECKING:
    from tute.ui.app import App
    from tute.ui.scenes.table import TableScene

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

    def headline(self) -> str:
        g = self.table.session.game
        names = self.table.names
        if g.draw:
            return _("Everyone left went out together: a draw")
        if 0 in g.winners and not self.table.session.demo:
            others = [names[s] for s in g.winners if s != 0]
            if not others:
                return _("You win!")
            return _("You and {names} win!").format(names=texts.names_list(others))
        winners = [names[s] for s in g.winners]
        if len(winners) == 1:
            return _("{name} wins").format(name=winners[0])
        return _("{names} win").format(names=texts.names_list(winners))

    def play_again(self) -> None:
        old = self.table.session
        setup = store.GameSetup(old.game.rules.id, old.level, dict(old.game.options))
        start_match(self.app, setup, demo=old.demo)

    def to_menu(self) -> None:
        from tute.ui.scenes.menu import MenuScene

        self.app.replace_all(MenuScene(self.app))

    def resize(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        n = self.table.session.game.n
        self.panel = pygame.Rect(0, 0, min(w - app.px(40), app.px(640)),
                                 min(h - app.px(40), app.px(240) + n * app.px(42)))
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
        theme.draw_text(surface, _("End of the match"), (p.centerx, p.y + app.px(20)),
                        app.px(18), theme.INK_DIM, anchor="midtop", box=inner)
        theme.draw_text(surface, self.headline(), (p.centerx, p.y + app.px(50)), app.px(34),
                        theme.GOLD, bold=True, anchor="midtop", serif=True, box=inner)
        theme.draw_text(surface, _("Hands played: {n}").format(n=len(g.summaries)),
                        (p.centerx, p.y + app.px(100)), app.px(15), theme.INK_DIM,
                        anchor="midtop", box=inner)
        y = p.y + app.px(136)
        name_box = pygame.Rect(p.x + app.px(60), 0, p.width // 2 - app.px(70), 1)
        label_box = pygame.Rect(p.centerx + app.px(150), 0, p.width // 2 - app.px(210), 1)
        for seat in range(g.n):
            won = seat in g.winners and not g.draw
            ink = theme.GOLD if won else theme.INK
            theme.draw_text(surface, self.table.names[seat], (name_box.x, y + app.px(12)),
                            app.px(18), ink, bold=True, anchor="midleft", box=name_box)
            draw_rayas(surface, pygame.Rect(p.centerx, y + app.px(2), app.px(140), app.px(20)),
                       g.marks[seat], g.lives, app.px(10))
            label = _("Winner") if won else _("Out")
            theme.draw_text(surface, label, (p.right - app.px(60), y + app.px(12)), app.px(16),
                            ink, bold=True, anchor="midright", box=label_box)
            y += app.px(42)
        self.focus.draw(surface)
