"""A puzzle on the real table: the position replayed, every hand face up, the goal asked;
the player's card is graded by the exact solver (``tute.puzzles.proof``) and the panel then
says right or wrong, why (the file's explanation) and how the hand goes on with best play
from the card played. The computers play no card: the puzzle is the one decision.

A puzzle is never saved as the interrupted match nor counted in the statistics (the coach
is a lesson); its tries go to the puzzle progress file (``tute.puzzles.progress``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tute.cardnames import card_name
from tute.cards import cards_of
from tute.engine import Action, HandState, parse_action
from tute.engine.actions import PLAY
from tute.i18n import N_, _, language
from tute.puzzles.data import Puzzle
from tute.puzzles.progress import Progress, next_near, record_try, save_progress
from tute.puzzles.proof import base_of, card_values, reached
from tute.puzzles.words import goal_text, theme_name
from tute.ui.table.coach import Coach, CoachBox
from tute.ui.table.session import Session
from tute.ui.table.view import sort_hand
from tute.ui.widgets.controls import Button, FocusList

if TYPE_CHECKING:
    from tute.ui.shell.app import App
    from tute.ui.table.scene import TableScene


class PuzzleSession(Session):
    """The puzzle's position, the player at the puzzle's own seat (the table turned so
    that it is drawn at the bottom); the computers wait (the puzzle is the player's one
    card)."""

    def __init__(self, puzzle: Puzzle) -> None:
        super().__init__(puzzle.position(), "medium", demo=False, seat=puzzle.seat)
        self.puzzle = puzzle

    def think(self) -> None:
        """No computer card: the panel takes over once the player has played."""

    def decision(self) -> Action | None:
        return None


class PuzzleCoach(Coach):
    """Asks the goal, grades the card played, and shows the verdict and the best line."""

    lesson = True

    def __init__(self, table: TableScene, puzzle: Puzzle, progress: Progress,
                 after: Callable[[str], None]) -> None:
        """``after`` is told what the player chose at the end: ``next``, ``again`` or
        ``list``."""
        super().__init__(table)
        self.puzzle = puzzle
        self.progress = progress
        self.after = after
        self.start: HandState = table.session.game.hand.copy()
        self.seat = puzzle.seat
        self.values, self.solver = card_values(self.start, self.seat, puzzle.goal.kind)
        self.base = base_of(puzzle.goal.kind, self.start, self.seat)
        self.moves = len(table.session.game.logs[-1].actions)
        """Actions of the hand before the puzzle's: one more is the player's card."""
        self.played: int | None = None
        self.right = False
        self.rating_before = progress.rating.rating
        self.line: list[str] = []
        self.box = CoachBox(table.app, [
            Button(N_("Next puzzle"), lambda: after("next"), primary=True),
            Button(N_("Try again"), lambda: after("again")),
            Button(N_("All puzzles"), lambda: after("list"))])
        self.ask_box = CoachBox(table.app)

    def holds(self) -> bool:
        return self.played is not None

    def update(self, dt: float) -> None:
        game = self.table.session.game
        view = self.table.view
        view.open_hands = [sort_hand(cards_of(cards), view.trump, view.strength)
                           for cards in game.hand.hands]
        log = game.logs[-1].actions
        if self.played is None and len(log) > self.moves:
            self.grade(log[self.moves].arg)

    def grade(self, card: int) -> None:
        """The solver's verdict on ``card``, the line best play then follows, the try kept."""
        self.played = card
        self.right = card in self.values and reached(self.puzzle.goal, self.values[card],
                                                     self.base)
        after = self.start.copy()
        after.apply(Action(self.seat, PLAY, card))
        self.line = self.solver.best_line(after)
        record_try(self.progress, self.puzzle.id, self.right, self.puzzle.rating)
        app = self.table.app
        try:
            save_progress(self.progress)
        except OSError as exc:
            if app.write_failed("puzzles", exc):
                app.notify(_("Could not save the puzzle progress: {error}").format(
                    error=exc.strerror))
            return
        app.write_failed("puzzles", None)

    def buttons(self) -> FocusList | None:
        """Next puzzle, Try again and All puzzles, once the card is graded."""
        return self.box.focus if self.played is not None else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.after("list")
            return True
        return self.played is not None and self.box.handle_event(event)

    # ------------------------------------------------------------------ words
    def line_words(self) -> list[str]:
        """The best line after the card played, a sentence per trick: "You: the three of
        coins; Carmen: the king of cups; ..."."""
        g = self.start.copy()
        g.apply(Action(self.seat, PLAY, self.played or 0))
        names = self.table.names
        tricks: list[list[str]] = [[_("{name}: {card}").format(
            name=names[self.seat], card=card_name(self.played or 0))]]
        for text in self.line:
            action = parse_action(text, g.n)
            if not g.trick_cards:
                tricks.append([])
            g.apply(action)
            if action.verb == PLAY:
                tricks[-1].append(_("{name}: {card}").format(name=names[action.seat],
                                                             card=card_name(action.arg)))
        return ["; ".join(t) for t in tricks if t]

    def verdict_lines(self) -> list[str]:
        """The panel after the card: the goal, the theme (the idea's name, shown only now),
        the explanation, the rating's move and the best line."""
        words = self.puzzle.explanation.get(language(), self.puzzle.explanation["en"])
        theme = theme_name(self.puzzle.theme)
        return [goal_text(self.puzzle.goal, self.puzzle.opponents, self.puzzle.partners),
                *([_("Theme: {theme}").format(theme=theme)] if theme else []), words,
                self.rating_words(), _("Best play from your card:"), *self.line_words()]

    def rating_words(self) -> str:
        """ "Your rating: 1523 (+23)" (the puzzle's own rating beside it)."""
        now = self.progress.rating.rating
        change = round(now) - round(self.rating_before)
        return _("Your rating: {rating} ({change:+d}); this puzzle: {puzzle}").format(
            rating=round(now), change=change, puzzle=self.puzzle.rating or "?")

    def draw(self, surface: pygame.Surface) -> None:
        table, px = self.table, self.table.app.px
        lay = table.layout
        x, width = self.column(px(760))
        goal = goal_text(self.puzzle.goal, self.puzzle.opponents, self.puzzle.partners)
        if self.played is None:
            # Beside the player's hand, over his plate: every other hand stays in view.
            hand = lay.hand(max(1, len(table.view.hand)))
            room = round(min(s.x for s in hand) - lay.card_w * 0.6) - 2 * lay.margin
            alone = self.puzzle.opponents == 1
            ask = (_("Both hands are shown. Only one of your cards does it, whatever your "
                     "opponent plays.") if alone else
                   _("Every hand is shown. Only one of your cards does it, whatever the others "
                     "play."))
            self.ask_box.draw(surface, goal, [ask],
                              min(px(460), room),
                              (lay.margin, lay.plate_rect(self.seat).top - lay.margin),
                              "bottomleft", footer=_("Esc: back to the puzzles"),
                              avoid=table.texts)
            return
        title = _("Right!") if self.right else _("Not this card")
        self.box.draw(surface, title, self.verdict_lines(), width, (x, lay.size[1] // 2), "center",
                      avoid=table.texts)


def start_puzzle(app: App, puzzles: list[Puzzle], index: int, progress: Progress,
                 back: Callable[[], None]) -> None:
    """Puzzle ``index`` of ``puzzles`` at the table; ``back`` reopens the list."""
    from tute.ui.table.scene import TableScene

    def after(choice: str) -> None:
        if choice == "list":
            back()
        elif choice == "again":
            start_puzzle(app, puzzles, index, progress, back)
        else:  # the unsolved puzzle nearest the player's rating now
            near = next_near(puzzles, progress, skip=puzzles[index].id)
            start_puzzle(app, puzzles, (index + 1) % len(puzzles) if near is None else near,
                         progress, back)

    puzzle = puzzles[index]
    app.replace_all(TableScene(app, PuzzleSession(puzzle),
                               coach=lambda table: PuzzleCoach(table, puzzle, progress, after)))
