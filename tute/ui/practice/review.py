"""The hand review: a hand replayed trick by trick, each of the player's decisions marked
where the hard level would have chosen otherwise, with what it expected to gain.

The trick's cards lie over their players' names as in the last-trick view; under them, a
note per decision (a green tick where the hard level agrees, an amber one with its choice,
its expected gain and the hint's reason where it does not); the player's cards as the trick
began, the card played lifted and the hard level's ringed. The hard level weighs the hand
on the worker, a progress bar showing meanwhile. A record opened from a file may be looked
at hand by hand and from any seat.
"""

from __future__ import annotations

import traceback
from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from tute.cardnames import card_name, suit
from tute.cards import cards_of
from tute.engine import Game
from tute.engine.actions import (
    DISCARD,
    DOUBLE,
    EXCHANGE,
    PLAY,
    SING,
    cante_name,
)
from tute.engine.record import Record
from tute.i18n import N_, _, ruleset_text
from tute.review import (
    HandReview,
    Page,
    review_hand,
)
from tute.speech.voice import sentences
from tute.ui.shell import worker
from tute.ui.shell.scene import SHEET_HINT, Scene
from tute.ui.table.announcer import cards_by_suit
from tute.ui.table.session import HUMAN
from tute.ui.table.verdicts import note, reason, summary
from tute.ui.table.view import sort_hand
from tute.ui.widgets import theme
from tute.ui.widgets.controls import Button, Choice, FocusList
from tute.ui.widgets.layout import Spot
from tute.ui.words import games, texts
from tute.ui.words import sayings as speech

if TYPE_CHECKING:
    from tute.ui.shell.app import App

AGREES = (126, 204, 120)
DIFFERS = (240, 168, 60)
"""The marks of a decision: a green tick, an amber note."""


class Abandoned(Exception):
    """The review was left, or another hand or seat asked for, before it was done."""


class Job:
    """One hand being weighed on the worker: how far it got, and whether it is still
    wanted (the worker stops at its next decision when it is not)."""

    def __init__(self) -> None:
        self.done = 0
        self.total = 0
        self.wanted = True
        self.future: Future[HandReview] | None = None

    def progress(self, done: int, total: int) -> None:
        if not self.wanted:
            raise Abandoned
        self.done, self.total = done, total


class ReviewScene(Scene):
    """``browse``: a record opened from a file, any hand and any seat (else the hand just
    played, from the player's seat)."""

    def __init__(self, app: App, record: Record, game: Game, hand: int, seat: int = HUMAN,
                 browse: bool = False) -> None:
        super().__init__(app)
        self.record = record
        self.names = texts.seat_names(game.n)
        self.game_name = game.rules.name
        self.cards = app.deck_images(games.default_deck(game.rules.ref, app.settings.deck_style))
        """A record does not say the deck: the game's own, as a new table would draw it."""
        self.hands = len(game.logs)
        self.hand, self.seat = hand, seat
        self.reviews: dict[tuple[int, int], HandReview] = {}
        self.job: Job | None = None
        self.failed = ""
        self.page = 0
        self.previous_button = Button(N_("Previous trick"), lambda: self.turn(-1))
        self.next_button = Button(N_("Next trick"), lambda: self.turn(1), primary=True)
        self.back_button = Button(N_("Back"), self.back)
        self.choices: list[Choice[int]] = []
        if browse:
            self.choices = [
                Choice(N_("Hand"), list(range(self.hands)), hand, self.hand_label,
                       self.pick_hand),
                Choice(N_("Seat"), list(range(game.n)), seat, lambda s: self.names[s],
                       self.pick_seat),
            ]
        self.focus = FocusList([*self.choices, self.previous_button, self.next_button,
                                self.back_button], horizontal=True)
        self.focus.focus = len(self.choices) + 1
        self.trick_box = self.notes_box = self.hand_box = pygame.Rect(0, 0, 0, 0)
        self.card_h = 0
        self.start()

    # ------------------------------------------------------------------ the analysis
    @property
    def review(self) -> HandReview | None:
        return self.reviews.get((self.hand, self.seat))

    def start(self) -> None:
        """Weigh the hand and seat asked for, unless already weighed."""
        if self.job is not None:
            self.job.wanted = False
            self.job = None
        self.failed, self.page = "", 0
        if self.review is not None:
            self.refresh()
            return
        job = Job()
        record, hand, seat = self.record, self.hand, self.seat
        job.future = worker.submit(lambda: review_hand(record, hand, seat, job.progress))
        self.job = job
        self.refresh()

    def update(self, dt: float) -> None:
        job = self.job
        if job is None or job.future is None or not job.future.done():
            return
        self.job = None
        try:
            self.reviews[self.hand, self.seat] = job.future.result()
        except Exception as exc:  # a failed review must not close the game
            traceback.print_exc()
            self.failed = texts.quoted(str(exc))
        self.refresh()

    def animating(self) -> bool:
        return self.job is not None  # the progress bar moves

    # ------------------------------------------------------------------ moving about
    def turn(self, step: int) -> None:
        review = self.review
        if review is None:
            return
        self.page = max(0, min(len(review.pages) - 1, self.page + step))
        self.refresh()

    def pick_hand(self, hand: int) -> None:
        self.hand = hand
        self.start()

    def pick_seat(self, seat: int) -> None:
        self.seat = seat
        self.start()

    def back(self) -> None:
        if self.job is not None:
            self.job.wanted = False
        self.app.pop(self)

    def refresh(self) -> None:
        """The buttons as the page allows."""
        review = self.review
        pages = len(review.pages) if review is not None else 0
        self.previous_button.enabled = self.page > 0
        self.next_button.enabled = self.page < pages - 1

    def hand_label(self, hand: int) -> str:
        return _("{n} of {total}").format(n=hand + 1, total=self.hands)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Left and Right turn the page (they step the Hand or Seat choice while it has
        the focus), Home and End go to the first and last page."""
        if event.type == pygame.KEYDOWN:
            focused = self.focus.focused
            step = self.turn if not isinstance(focused, Choice) else focused.adjust
            keys = {pygame.K_HOME: lambda: self.turn(-len(self.pages())),
                    pygame.K_END: lambda: self.turn(len(self.pages())),
                    pygame.K_LEFT: lambda: step(-1), pygame.K_RIGHT: lambda: step(1),
                    pygame.K_ESCAPE: self.back, pygame.K_BACKSPACE: self.back}
            if event.key in keys:
                keys[event.key]()
                return
        self.focus.handle_event(event)

    def pages(self) -> tuple[Page, ...]:
        return self.review.pages if self.review is not None else ()

    # ------------------------------------------------------------------ speech
    def spoken_title(self) -> str:
        """The screen and where it is: the hand, and the page's trick and who took it (or
        the weighing, or why it failed)."""
        review = self.review
        if review is None:
            return sentences(_("Hand review"), self.subtitle(), _(
                "The hand could not be reviewed: {error}").format(error=self.failed)
                if self.failed else _("The hard level is weighing each decision…"))
        return sentences(*self.heading(review.pages[self.page]), _(SHEET_HINT))

    def heading(self, page: Page) -> tuple[str, ...]:
        """The screen, the hand, the trick and who took it, the trumps and how far."""
        return _("Hand review"), self.subtitle(), self.trick_title(page), self.where(page)

    def spoken_sheet(self) -> str:
        """The page whole: what each seat played (or said), the cantes, every decision's
        note and reason, and the seat's cards."""
        review = self.review
        if review is None:
            return self.spoken_title()
        page = review.pages[self.page]
        plays = [_("{name}: {card}").format(name=self.names[seat], card=card_name(c))
                 for seat, c in page.plays]
        decisions = [part for d in page.decisions for part in (
            note(d, review.unit, self.names), "" if d.agrees else reason(d, self.names))]
        label, cards = self.hand_shown(page)
        return sentences(*self.heading(page), summary(review, self.names),
                         *(plays or self.sayings(page)), *self.sung(page),
                         *(decisions or [self.nothing_to_decide(page)]),
                         _("{label}: {cards}").format(label=label, cards=cards_by_suit(cards)))

    # ------------------------------------------------------------------ screen
    def largest_print(self, size: tuple[int, int]) -> float:
        """The table, the decisions' panel and its buttons share the window."""
        return theme.CHARTS_PRINT

    def resize(self, size: tuple[int, int]) -> None:
        px = self.app.px
        w, h = size
        margin = px(24)
        row_h = px(46)
        buttons = (self.previous_button, self.next_button, self.back_button)
        bw = min(px(230), (w - 2 * margin - 2 * px(14)) // 3)
        for i, b in enumerate(buttons):
            b.rect = pygame.Rect(0, 0, bw, row_h)
            b.rect.bottomleft = (w // 2 + (i - 1) * (bw + px(14)) - bw // 2, h - px(14))
            b.font_size = px(17)
        cw = min(px(300), (w - 2 * margin) // 4)
        for i, row in enumerate(reversed(self.choices)):
            row.rect = pygame.Rect(w - margin - (i + 1) * cw - i * px(10), px(20), cw, px(44))
            row.font_size = px(15)
        self.card_h = round(h * 0.15)
        top = px(100)
        self.trick_box = pygame.Rect(margin, top, w - 2 * margin, self.card_h + px(96))
        hand_h = self.card_h + px(44)
        self.hand_box = pygame.Rect(margin, h - px(14) - row_h - px(14) - hand_h,
                                    w - 2 * margin, hand_h)
        self.notes_box = pygame.Rect(margin, self.trick_box.bottom + px(12), w - 2 * margin,
                                     self.hand_box.top - self.trick_box.bottom - px(24))

    def draw(self, surface: pygame.Surface) -> None:
        px = self.app.px
        w, _h = surface.get_size()
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        title_room = pygame.Rect(px(24), px(14), w - px(48), px(40))
        if self.choices:
            title_room.width = self.choices[0].rect.x - px(36)
        theme.draw_text(surface, _("Hand review"), (px(24), px(14)), px(28), theme.GOLD,
                        bold=True, serif=True, box=title_room)
        review = self.review
        theme.draw_text(surface, self.subtitle(), (px(24), px(54)), px(16), theme.INK,
                        box=title_room)
        if review is not None:  # under the choices: the window's whole width
            theme.draw_text(surface, summary(review, self.names), (px(24), px(76)), px(16),
                            theme.GOLD if review.differing else AGREES, bold=True,
                            box=pygame.Rect(px(24), px(76), w - px(48), px(20)))
            self.draw_page(surface, review, review.pages[self.page])
        else:
            self.draw_waiting(surface)
        self.focus.draw(surface)

    def subtitle(self) -> str:
        """ "Tute Cabrero · hand 3"."""
        return " · ".join((ruleset_text(self.game_name), _("hand {n}").format(n=self.hand + 1)))

    def draw_waiting(self, surface: pygame.Surface) -> None:
        """The hard level at work (a bar fills as it weighs each decision), or why not."""
        px = self.app.px
        box = self.trick_box.union(self.notes_box)
        theme.panel(surface, box, px(14), shadow=px(6))
        if self.failed:
            rect = box.inflate(-px(64), -px(64))
            theme.draw_wrapped(surface, _("The hand could not be reviewed: {error}").format(
                error=self.failed), rect, px(17), theme.RED, align="center")
            return
        job = self.job
        done, total = (job.done, job.total) if job is not None else (0, 0)
        theme.draw_text(surface, _("The hard level is weighing each decision…"),
                        (box.centerx, box.centery - px(30)), px(19), theme.GOLD, bold=True,
                        anchor="midbottom", box=box.inflate(-px(32), 0))
        bar = pygame.Rect(0, 0, min(px(420), box.width - px(64)), px(14))
        bar.center = box.center
        pygame.draw.rect(surface, theme.FELT_DARK, bar, border_radius=bar.height // 2)
        if total:
            fill = bar.copy()
            fill.width = max(bar.height, round(bar.width * done / total))
            pygame.draw.rect(surface, theme.GOLD, fill, border_radius=bar.height // 2)
        pygame.draw.rect(surface, theme.GOLD_DARK, bar, 1, border_radius=bar.height // 2)
        if total:
            theme.draw_text(surface, f"{done} / {total}", (box.centerx, bar.bottom + px(12)),
                            px(15), theme.INK_DIM, anchor="midtop")

    def draw_page(self, surface: pygame.Surface, review: HandReview, page: Page) -> None:
        px = self.app.px
        self.draw_trick(surface, page)
        theme.panel(surface, self.notes_box, px(14), shadow=px(6))
        self.draw_notes(surface, review, page)
        self.draw_hand(surface, page)

    def draw_trick(self, surface: pygame.Surface, page: Page) -> None:
        """The trick's cards over their players' names, the winner's lit; before the play,
        what each seat said."""
        px, box = self.app.px, self.trick_box
        theme.panel(surface, box, px(14), shadow=px(6))
        pad = px(18)
        room = pygame.Rect(box.x + pad, box.y, box.width - 2 * pad - px(260), 1)
        theme.draw_text(surface, self.trick_title(page), (room.x, box.y + px(12)), px(18),
                        theme.GOLD, bold=True, box=room)
        theme.draw_text(surface, self.where(page), (box.right - pad, box.y + px(14)), px(15),
                        theme.INK_DIM, anchor="topright")
        plays = page.plays
        if not plays:
            lines = self.sayings(page) or [_("Nothing was said")]
            area = pygame.Rect(box.x + pad, box.y + px(48), box.width - 2 * pad,
                               box.height - px(56))
            self.columns(surface, lines, area)
            return
        h = self.card_h
        cw = round(h * self.cards.aspect)
        gap = px(26)
        x0 = box.centerx - (len(plays) * (cw + gap) - gap) / 2 + cw / 2
        y = box.y + px(44) + h / 2
        for i, (seat, c) in enumerate(plays):
            x = x0 + i * (cw + gap)
            won = seat == page.winner
            self.cards.draw(surface, c, Spot(x, y), h, glow=won)
            slot = pygame.Rect(0, 0, cw + gap - px(4), 1)
            slot.centerx = round(x)
            theme.draw_text(surface, self.names[seat], (x, y + h / 2 + px(6)), px(14),
                            theme.GOLD if won else theme.INK, bold=won or seat == self.seat,
                            anchor="midtop", box=slot)
        for i, line in enumerate(self.sung(page)):
            theme.draw_text(surface, line, (box.x + pad, box.bottom - px(12) - i * px(20)),
                            px(14), theme.GOLD, anchor="bottomleft")

    def where(self, page: Page) -> str:
        """ "Trumps: coins · 3 / 10" (nothing before the play)."""
        review = self.review
        where = []
        if page.trick and page.start.trump >= 0:
            where.append(_("Trumps: {suit}").format(suit=suit(page.start.trump)))
        if page.trick and review is not None:
            where.append(f"{page.trick} / {review.pages[-1].trick}")
        return " · ".join(where)

    def sung(self, page: Page) -> list[str]:
        """The cantes of the trick: "Carmen sang the 20 in coins"."""
        return [texts.deed("sang", a.seat, self.names, HUMAN,
                           cante=texts.cante_short(cante_name(a.arg)))
                for a in page.actions if a.verb == SING]

    def trick_title(self, page: Page) -> str:
        if not page.trick:
            return _("Before the play")
        if page.winner is None:
            return _("Trick {n}").format(n=page.trick)
        return texts.deed("took", page.winner, self.names, HUMAN, n=page.trick)

    def sayings(self, page: Page) -> list[str]:
        """What each seat said before the play, in order: "Ana: I bid 70"."""
        lines, doubles = [], 0
        for a in page.actions:
            if a.verb == DISCARD:
                words = _("Discards: {n}").format(n=len(cards_of(a.arg)))
            elif a.verb == EXCHANGE:
                words = texts.exchange_button(a.arg)
            else:
                words = speech.said(a.verb, a.arg, doubles)
            doubles += a.verb == DOUBLE
            lines.append(_("{name}: {words}").format(name=self.names[a.seat], words=words))
        return lines

    def columns(self, surface: pygame.Surface, lines: list[str], area: pygame.Rect) -> None:
        """Short lines in as many columns as the area needs."""
        px = self.app.px
        step = px(20)
        rows = max(1, area.height // step)
        cols = -(-len(lines) // rows)
        width = area.width // max(1, cols)
        for i, line in enumerate(lines):
            col, row = divmod(i, rows)
            x = area.x + col * width
            theme.draw_text(surface, line, (x, area.y + row * step), px(15), theme.INK,
                            box=pygame.Rect(x, 0, width - px(12), 1))

    def draw_notes(self, surface: pygame.Surface, review: HandReview, page: Page) -> None:
        """A line per decision of the seat in this trick; the hint's reason under each
        that differs."""
        px, box = self.app.px, self.notes_box
        size = px(16)
        line_h = theme.font(size).get_linesize()
        x = box.x + px(48)
        width = box.right - x - px(16)
        y = box.y + px(14)
        if not page.decisions:
            theme.draw_text(surface, self.nothing_to_decide(page), (box.centerx, y + px(4)),
                            px(15), theme.INK_DIM, anchor="midtop", box=box)
            return
        for d in page.decisions:
            if y >= box.bottom:
                break
            color = AGREES if d.agrees else DIFFERS
            mark(surface, (box.x + px(28), y + line_h // 2), px(11), color, d.agrees)
            for line in theme.wrap(note(d, review.unit, self.names), size, width, bold=True):
                theme.draw_text(surface, line, (x, y), size, color, bold=True)
                y += line_h
            if not d.agrees:
                for line in theme.wrap(reason(d, self.names), px(14), width):
                    theme.draw_text(surface, line, (x, y), px(14), theme.INK_DIM)
                    y += theme.font(px(14)).get_linesize()
            y += px(8)

    def nothing_to_decide(self, page: Page) -> str:
        if any(a.seat == self.seat for a in page.actions):
            return _("Nothing to decide here: there was only one thing to do")
        return _("No decision of this seat here")

    def hand_shown(self, page: Page) -> tuple[str, list[int]]:
        """The seat's cards as the trick began (as dealt, before the play), in the table's
        order, and the words over them."""
        obs = page.start
        trump = obs.trump if obs.trump >= 0 else None
        cards = sort_hand(cards_of(obs.hand), trump, tuple(obs.view.kit.strength))
        label = _("{name}'s cards as the trick began").format(name=self.names[self.seat]) \
            if self.seat != HUMAN else _("Your cards as the trick began")
        if not page.trick:
            label = _("Your cards as dealt") if self.seat == HUMAN else \
                _("{name}'s cards as dealt").format(name=self.names[self.seat])
        return label, cards

    def draw_hand(self, surface: pygame.Surface, page: Page) -> None:
        """The seat's cards as the trick began: its card lifted, the hard level's ringed."""
        px, box = self.app.px, self.hand_box
        label, cards = self.hand_shown(page)
        theme.draw_text(surface, label, (box.centerx, box.y), px(14), theme.INK_DIM,
                        anchor="midtop", box=box)
        if not cards:
            return
        played = {a.arg for a in page.actions if a.seat == self.seat and a.verb == PLAY}
        better = {d.hard.arg for d in page.decisions if not d.agrees and d.hard.verb == PLAY}
        h = self.card_h
        cw = round(h * self.cards.aspect)
        step = min(cw + px(8), (box.width - cw) / max(1, len(cards) - 1))
        x0 = box.centerx - step * (len(cards) - 1) / 2
        y = box.bottom - h / 2
        lift = px(18)
        for i, c in enumerate(cards):
            spot = Spot(x0 + i * step, y - (lift if c in played else 0))
            rect = self.cards.draw(surface, c, spot, h, glow=c in played)
            if c in better:
                pygame.draw.rect(surface, DIFFERS, rect.inflate(px(6), px(6)), px(4),
                                 border_radius=px(8))


def mark(surface: pygame.Surface, center: tuple[int, int], r: int, color: theme.Color,
         agrees: bool) -> None:
    """A tick in a ring where the hard level agrees, an exclamation where it does not."""
    cx, cy = center
    pygame.draw.circle(surface, color, center, r, max(2, r // 5))
    line = max(2, r // 4)
    if agrees:
        pygame.draw.lines(surface, color, False, [(cx - r * 0.5, cy), (cx - r * 0.1, cy + r * 0.4),
                                                  (cx + r * 0.5, cy - r * 0.4)], line)
    else:
        pygame.draw.line(surface, color, (cx, cy - r * 0.55), (cx, cy + r * 0.15), line)
        pygame.draw.circle(surface, color, (cx, round(cy + r * 0.45)), max(1, line // 2 + 1))
