"""The hand's result over the table: who lost and why, everyone's tricks, points, cantes
and rayas."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tute.engine import events as ev
from tute.i18n import N_, _
from tute.ui import texts, theme
from tute.ui.painter import draw_rayas
from tute.ui.scene import Scene
from tute.ui.widgets import Button, FocusList

if TYPE_CHECKING:
    from tute.ui.app import App
    from tute.ui.scenes.table import TableScene

DEMO_SECONDS = 4.0


class HandResultScene(Scene):
    overlay = True

    def __init__(self, app: App, table: TableScene, result: ev.HandScored) -> None:
        super().__init__(app)
        self.table = table
        self.result = result
        over = table.session.game.is_over
        self.button = Button(N_("See the final result") if over else N_("Next hand"), self.close,
                             primary=True)
        self.focus = FocusList([self.button])
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.clock = 0.0

    def close(self) -> None:
        self.app.pop(self)

    def resize(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        rows = self.table.session.game.n
        width = min(w - app.px(40), app.px(860))
        height = min(h - app.px(40), app.px(250) + rows * app.px(44))
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (w // 2, h // 2)
        self.button.rect = pygame.Rect(0, 0, app.px(260), app.px(48))
        self.button.rect.midbottom = (self.panel.centerx, self.panel.bottom - app.px(22))
        self.button.font_size = app.px(18)

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.table.session.demo and self.clock > DEMO_SECONDS:
            self.close()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        self.focus.handle_event(event)

    def status(self, seat: int) -> tuple[str, theme.Color]:
        r = self.result
        view = self.table.view
        if seat in r.losers:
            return _("Loses"), theme.RED
        if seat not in view.playing:
            return (_("Sat out"), theme.INK_DIM) if seat == view.sitting_out else (
                _("Out"), theme.INK_DIM)
        if r.reason == "mas_menos" and r.taken[seat]:
            takers = [s for s in view.playing if r.taken[s]]
            if r.points[seat] == max(r.points[s] for s in takers):
                return _("A más"), theme.GOLD
            return _("A menos"), theme.GOLD
        if r.reason in ("capote", "tute"):
            return _("Wins the hand"), theme.GOLD
        if not r.taken[seat]:
            return _("No tricks: safe"), theme.INK_DIM
        return _("Safe"), theme.GOLD

    def draw(self, surface: pygame.Surface) -> None:
        app, r, view = self.app, self.result, self.table.view
        names = self.table.names
        theme.darken(surface, 120)
        p = self.panel
        theme.panel(surface, p, app.px(18), (12, 26, 18, 245), theme.GOLD, shadow=app.px(12))
        theme.draw_text(surface, _("Hand {n}").format(n=view.hand_number),
                        (p.x + app.px(24), p.y + app.px(20)), app.px(15), theme.INK_DIM)
        theme.draw_text(surface, texts.headline(r.reason), (p.centerx, p.y + app.px(18)),
                        app.px(34), theme.GOLD, bold=True, anchor="midtop", serif=True)
        human = None if self.table.session.demo else 0
        theme.draw_text(surface, texts.losers_line(list(r.losers), names, human),
                        (p.centerx, p.y + app.px(68)), app.px(20), theme.INK, bold=True,
                        anchor="midtop")
        theme.draw_text(surface, texts.reason_line(r.reason, list(r.losers), list(r.points),
                                                   list(r.taken), view.playing, names, human),
                        (p.centerx, p.y + app.px(98)), app.px(15), theme.INK_DIM,
                        anchor="midtop")
        cols = [0.04, 0.28, 0.38, 0.49, 0.66, 0.82]
        heads = [_("Player"), _("Tricks"), _("Points"), _("Cantes"), _("Marks"), ""]
        y = p.y + app.px(138)
        for x, head in zip(cols, heads, strict=True):
            theme.draw_text(surface, head, (p.x + x * p.width, y), app.px(14), theme.INK_DIM,
                            bold=True)
        y += app.px(26)
        pygame.draw.line(surface, theme.GOLD_DARK, (p.x + app.px(20), y - app.px(4)),
                         (p.right - app.px(20), y - app.px(4)))
        row_h = app.px(40)
        marks_new = 2 if r.reason == "renuncio" else 1
        for seat in range(view.n):
            played = seat in view.playing
            ink = theme.INK if played else theme.INK_DIM
            cy = y + row_h / 2
            theme.draw_text(surface, names[seat], (p.x + cols[0] * p.width, cy), app.px(17),
                            ink, bold=True, anchor="midleft")
            if played:
                theme.draw_text(surface, str(r.taken[seat]), (p.x + cols[1] * p.width, cy),
                                app.px(17), ink, anchor="midleft")
                theme.draw_text(surface, texts.number(r.points[seat]),
                                (p.x + cols[2] * p.width, cy), app.px(17), ink, bold=True,
                                anchor="midleft")
                cantes = ", ".join(texts.cante_short(c) for c in view.cantes[seat]) or "—"
                theme.draw_text(surface, cantes, (p.x + cols[3] * p.width, cy), app.px(15),
                                ink, anchor="midleft")
            area = pygame.Rect(round(p.x + cols[4] * p.width), round(cy - app.px(10)),
                               app.px(120), app.px(20))
            draw_rayas(surface, area, view.marks[seat], view.lives, app.px(10),
                       new=marks_new if seat in r.losers else 0)
            label, color = self.status(seat)
            theme.draw_text(surface, label, (p.x + cols[5] * p.width, cy), app.px(16), color,
                            bold=True, anchor="midleft")
            y += row_h
        self.focus.draw(surface)
