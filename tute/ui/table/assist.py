"""Practice at the table: a hint button that asks the hard level what to do (and says why),
and an undo button that takes back the player's last card or decision.

Only a practice match has them (the statistics keep such matches apart). The hint is
searched on the worker like a computer's turn, so the table keeps its frame rate; it is
dropped as soon as anything is played. Undo rebuilds the match from its record and opens
the table afresh on it, as a saved match is resumed.
"""

from __future__ import annotations

import math
import traceback
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from tute.ai import make_player
from tute.cards import cards_of
from tute.engine import Action
from tute.engine.actions import DISCARD, PLAY
from tute.i18n import N_, _
from tute.ui.shell import worker
from tute.ui.table.hints import Hint, hint
from tute.ui.table.session import HUMAN, THINK_SECONDS
from tute.ui.widgets import theme
from tute.ui.widgets.toolbar import Tool

if TYPE_CHECKING:
    from tute.ui.table.scene import TableScene

PAPER = (255, 250, 236)


class Practice:
    """The hint and undo of one table."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.player = make_player("hard", seed=HUMAN, think_seconds=THINK_SECONDS)
        self.pending: Future[Hint] | None = None
        self.asked: tuple[int, int] | None = None
        """Where the match was when the hint was asked for."""
        self.hint: Hint | None = None

    def tools(self) -> list[Tool]:
        return [Tool(self.ask, hint_icon, N_("Hint (H)")),
                Tool(self.undo, undo_icon, N_("Undo (U)"))]

    def keys(self) -> dict[int, Callable[[], None]]:
        return {pygame.K_h: self.ask, pygame.K_u: self.undo}

    @property
    def thinking(self) -> bool:
        return self.pending is not None

    def moment(self) -> tuple[int, int]:
        """Where the match is: hands dealt and actions of the last one."""
        logs = self.table.session.game.logs
        return (len(logs), len(logs[-1].actions) if logs else 0)

    # ------------------------------------------------------------------ the hint
    def ask(self) -> None:
        """Start the hard level on the player's position (once per position)."""
        if not self.table.can_play:
            self.table.app.notify(_("Not your turn"))
            return
        if self.asked == self.moment():
            return
        obs = self.table.session.game.observation(self.table.session.seat)
        player, names = self.player, list(self.table.names)
        self.asked = self.moment()
        self.pending = worker.submit(lambda: hint(obs, player, names))

    def update(self) -> None:
        """Drop a hint the play has moved past; take one the worker has found."""
        if self.asked is not None and self.asked != self.moment():
            self.forget()
        if self.pending is None or not self.pending.done():
            return
        future, self.pending = self.pending, None
        try:
            self.hint = future.result()
        except Exception:  # a failed hint must not stop the match
            traceback.print_exc()
            self.table.app.notify(_("No hint this time"))
            return
        self.point_at(self.hint.action)

    def point_at(self, action: Action) -> None:
        """Put the keyboard focus on the card to play, or pick the cards to change."""
        table = self.table
        if action.verb == PLAY and action.arg in table.view.hand:
            table.focus, table.keyboard = table.view.hand.index(action.arg), True
        elif action.verb == DISCARD:
            table.selected = set(cards_of(action.arg))

    def forget(self) -> None:
        if self.pending is not None:
            self.pending.cancel()
        self.pending, self.asked, self.hint = None, None, None

    # ------------------------------------------------------------------ undo
    def undo(self) -> None:
        """The table again, without the player's last action of this hand."""
        table = self.table
        session = table.session.undone()
        if session is None:
            table.app.notify(_("Nothing to undo in this hand"))
            return
        self.forget()
        table.session.forget_pending()
        fresh = type(table)(table.app, session)
        table.app.replace_all(fresh)
        fresh.controller.autosave()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The hint (or that it is being thought) in a bubble over the hand, pointing at
        the card it names; under a question's panel for the decisions asked there."""
        table = self.table
        if not table.can_play or not (self.hint or self.pending):
            return
        message = self.hint.text if self.hint else _("The hard level is thinking…")
        px, lay = table.app.px, table.layout
        size = px(16)
        lines = theme.wrap(message, size, px(470))
        line_h = theme.font(size).get_linesize()
        width = max(theme.font(size).size(line)[0] for line in lines)
        rect = pygame.Rect(0, 0, width + px(28), len(lines) * line_h + px(18))
        if table.picker is not None:
            rect.midtop = (round(lay.size[0] / 2), table.picker.rect.bottom + px(12))
        else:  # centred, clear of the side plates; a tail points at the card
            rect.midbottom = (round(lay.size[0] / 2), round(prompt_top(table) - px(8)))
        rect.clamp_ip(surface.get_rect().inflate(-2 * lay.margin, -2 * lay.margin))
        x = self.card_x()
        if x is not None:
            x = min(max(x, rect.x + px(24)), rect.right - px(24))
            tail = [(x - px(8), rect.bottom - 2), (x + px(8), rect.bottom - 2),
                    (x, rect.bottom + px(10))]
            pygame.draw.polygon(surface, PAPER, tail)
            pygame.draw.lines(surface, theme.GOLD_DARK, False, [tail[0], tail[2], tail[1]], 2)
        theme.panel(surface, rect, px(12), PAPER, theme.GOLD_DARK, shadow=px(4))
        for i, line in enumerate(lines):
            theme.draw_text(surface, line, (rect.x + px(14), rect.y + px(9) + i * line_h),
                            size, theme.INK_DARK)

    def card_x(self) -> float | None:
        """Where the hinted card is in the hand, when the hint is a card."""
        table = self.table
        if self.hint is None or self.hint.action.verb != PLAY:
            return None
        hand = table.view.hand
        if self.hint.action.arg not in hand:
            return None
        return table.layout.hand(len(hand))[hand.index(self.hint.action.arg)].x


def prompt_top(table: TableScene) -> float:
    """The top of the table's "Your turn" line, over the hand or the buttons above it."""
    lay, px = table.layout, table.app.px
    y = lay.hand_y - lay.card_h / 2 - lay.raise_by - px(8)
    if table.actions.widgets:
        y = table.actions.widgets[0].rect.top - px(8)
    return y - theme.font(px(17), True).get_linesize()


def hint_icon(surface: pygame.Surface, rect: pygame.Rect, color: theme.Color) -> None:
    """A light bulb."""
    r = rect.height * 0.18
    cx, cy = rect.centerx, rect.centery - rect.height * 0.08
    line = max(2, rect.height // 16)
    pygame.draw.circle(surface, color, (cx, cy), r, line)
    base = pygame.Rect(0, 0, round(r * 1.0), round(rect.height * 0.14))
    base.midtop = (cx, round(cy + r * 0.85))
    pygame.draw.rect(surface, color, base, border_radius=max(1, line // 2))
    for k in (-1, 0, 1):  # its rays
        a = math.radians(90 + k * 45)
        pygame.draw.line(surface, color, (cx + math.cos(a) * r * 1.35, cy - math.sin(a) * r * 1.35),
                         (cx + math.cos(a) * r * 1.75, cy - math.sin(a) * r * 1.75), line)


def undo_icon(surface: pygame.Surface, rect: pygame.Rect, color: theme.Color) -> None:
    """An arrow curling back to the left."""
    r = rect.height * 0.2
    box = pygame.Rect(0, 0, round(2 * r), round(2 * r))
    box.center = (rect.centerx + round(r * 0.2), rect.centery + round(r * 0.15))
    line = max(2, rect.height // 16)
    pygame.draw.arc(surface, color, box, math.radians(-90), math.radians(90), line)
    tip = (box.centerx - r * 0.9, box.top)
    pygame.draw.line(surface, color, (box.centerx, box.top), tip, line)
    head = r * 0.5
    pygame.draw.polygon(surface, color, [(tip[0] - head * 0.6, tip[1]),
                                         (tip[0] + head * 0.4, tip[1] - head),
                                         (tip[0] + head * 0.4, tip[1] + head)])
    pygame.draw.line(surface, color, (box.centerx, box.bottom),
                     (box.centerx - r * 0.6, box.bottom), line)
