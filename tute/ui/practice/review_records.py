"""Records to review: the last finished matches, kept by the table, and any record file
opened by its path; ``tute review FILE`` opens the window straight into a file's review.

A file that cannot be read, is not a record, or does not replay is named with what is wrong
with it (the record reader gives the line) and the screen stays where it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache, partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from tute import store
from tute.echo import printable
from tute.engine.record import Record, load_record
from tute.i18n import N_, _, pgettext, ruleset_text
from tute.review import replayed
from tute.rules import RulesetError, load_ruleset
from tute.ui.shell.dialog import Dialog
from tute.ui.shell.scene import TypingScene
from tute.ui.table.session import HUMAN
from tute.ui.widgets import theme
from tute.ui.widgets.controls import Button, FocusList, RowWindow, TextField
from tute.ui.words import texts

if TYPE_CHECKING:
    from tute.ui.shell.app import App

SHOWN = 8
"""Recent records listed at once (the list scrolls with the focus)."""


def review_problem(app: App, source: str, problem: str) -> None:
    """A dialog naming the file and what is wrong with it (the record reader's own
    sentences already start with the file and line), cut to be shown (they quote the file)."""
    def message() -> str:
        if problem.startswith(source):
            return texts.quoted(printable(problem))
        return texts.quoted(_("{file}: {problem}").format(file=printable(source),
                                                          problem=printable(problem)))

    app.push(Dialog(app, N_("This record cannot be reviewed"), message,
                    [("OK", lambda: None, True)]))


def open_review(app: App, record: Record, hand: int | None = None, seat: int = HUMAN,
                browse: bool = True) -> bool:
    """The review of ``record`` (its last hand unless told), or a dialog saying why it
    cannot be had; True when the review opened."""
    from tute.ui.practice.review import ReviewScene

    try:
        game = replayed(record)
    except (ValueError, RulesetError, OSError) as exc:  # RecordError and ReplayError too
        review_problem(app, record.source, str(exc))
        return False
    if not game.logs:
        review_problem(app, record.source, _("it holds no hand to review"))
        return False
    last = len(game.logs) - 1
    app.push(ReviewScene(app, record, game, last if hand is None else min(hand, last), seat,
                         browse))
    return True


def open_file(app: App, path: str) -> bool:
    """Read a record file and review it; a dialog names the file and what is wrong."""
    try:
        record = load_record(path)
    except (ValueError, RulesetError, OSError) as exc:
        review_problem(app, path, str(exc))
        return False
    return open_review(app, record, hand=0)


@lru_cache(maxsize=4 * SHOWN)
def _game_name(path: Path) -> Mapping[str, str] | None:
    """The name of the game a kept record was played at, read from its ``rules`` (a player's
    own ruleset by the ``name:`` its file gives, not the file's name); None where the record
    or its ruleset cannot be read. Read once: the list draws its labels every frame."""
    try:
        return load_ruleset(load_record(path).rules).name
    except (ValueError, RulesetError, OSError):
        return None


def record_label(path: Path) -> str:
    """ "Tute Cabrero · 2024-05-12 14:30" from the record's game and the name the table
    gave the file."""
    parts = path.stem.split("-")
    stamp = "-".join(parts[:3])
    game = parts[3] if len(parts) > 3 else ""
    names = _game_name(path)
    name = ruleset_text(names) if names is not None else game or path.stem
    day, _sep, clock = stamp.partition("_")
    return f"{name} · {day} {clock[:2]}:{clock[2:4]}" if clock else name


class RecordsScene(TypingScene):
    """The menu's "Review a record": recent matches, or a file by its path."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.paths = store.recent_records(told=app.problems.append)
        self.rows = [Button(partial(record_label, p), partial(self.open, str(p)))
                     for p in self.paths]
        self.field = TextField(N_("Path of a record file (.yaml)"), self.open_typed)
        # "Open" the verb; the auction option's "Open" is an adjective ("Abierta").
        self.open_button = Button(lambda: pgettext("verb", "Open"), self.open_typed,
                                  primary=True)
        self.back_button = Button(N_("Back"), self.close)
        # Tab goes from the records to the file's path to the buttons; the arrows one by one.
        n = len(self.rows)
        self.focus = FocusList([*self.rows, self.field, self.open_button, self.back_button],
                               groups=(n, n + 1))
        if not self.rows:
            self.focus.focus = len(self.rows)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.window = RowWindow(self.rows)

    def open(self, path: str) -> None:
        open_file(self.app, path)

    def open_typed(self) -> None:
        path = self.field.text.strip().strip('"')
        if not path:
            self.app.notify(_("Type the path of a record file first"))
            return
        open_file(self.app, str(Path(path).expanduser()))

    def resize(self, size: tuple[int, int]) -> None:
        px = self.app.px
        self.panel = theme.list_panel(size, px)
        inner = self.panel.inflate(-px(56), 0)
        row_h, gap = px(40), px(8)
        bottom = self.panel.bottom - px(24)
        for b in (self.open_button, self.back_button):
            b.font_size = px(17)
        self.back_button.rect = pygame.Rect(0, 0, px(200), px(46))
        self.back_button.rect.bottomright = (inner.right, bottom)
        self.field.rect = pygame.Rect(inner.x, bottom - px(46) - px(60), inner.width - px(150),
                                      px(46))
        self.field.font_size = px(16)
        self.open_button.rect = pygame.Rect(self.field.rect.right + px(12), self.field.rect.y,
                                            inner.right - self.field.rect.right - px(12),
                                            px(46))
        self.list_top = self.panel.y + px(110)
        self.window.lay_out((inner.x, self.list_top, inner.width, row_h, gap),
                            self.field.rect.y - px(44) - self.list_top, SHOWN)
        self.place_rows()

    def place_rows(self) -> None:
        """The rows in view: those around the focus."""
        self.window.place(self.focus.focus, self.app.px(16))

    @property
    def typing(self) -> bool:
        """While the path is being typed, M is a letter, not the mute key."""
        return self.focus.focused is self.field

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        if self.focus.focused is self.field and self.field.handle(event):
            return
        if event.type == pygame.TEXTINPUT:
            return
        if self.window.keys(self.focus, event, 0, self.app.px(16)):
            return
        self.focus.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        px, p = self.app.px, self.panel
        theme.list_screen(surface, p, px, _("Review a record"))
        theme.draw_text(surface, _("Your last finished matches"), (p.x + px(28), p.y + px(78)),
                        px(15), theme.INK_DIM, box=p.inflate(-px(56), 0))
        if not self.rows:
            theme.draw_text(surface, _("None yet: a match is kept here once it is over"),
                            (p.centerx, self.list_top + px(20)), px(16), theme.INK_DIM,
                            anchor="midtop", box=p.inflate(-px(56), 0))
        theme.draw_text(surface, _("Or open a record file"),
                        (p.x + px(28), self.field.rect.y - px(8)), px(15), theme.INK_DIM,
                        anchor="bottomleft")
        self.focus.draw(surface)

