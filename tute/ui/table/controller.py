"""What runs a match at the table, apart from input and drawing: the pacing of computer
turns, their decisions (thought on the worker thread), auto-play, the saved match, the
statistics and the finished match's record.

No pygame here: the table scene feeds the events this returns to its animations and asks
the player, and a test (or any other front end) can drive a whole match through it alone.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from enum import Enum

from tute import store
from tute.engine import Action
from tute.engine import events as ev
from tute.engine.record import dump_record
from tute.i18n import _
from tute.stats.file import Recorded
from tute.ui.table.session import Session

COMPUTER_DELAY = 0.7
"""Seconds (at normal speed) a computer's turn lasts at least, so its play can be followed;
a card played by itself (auto-play) waits as long."""


class Tick(Enum):
    """What the match did on one tick of a still table."""

    WAITING = "waiting"
    """Nothing yet: a computer still thinking or waiting out its delay, or the player's
    turn."""
    PLAYED = "played"
    """A computer acted."""
    AUTOPLAYED = "autoplayed"
    """The player's only card was played by itself."""
    DEALT = "dealt"
    RESULT = "result"
    """The hand's result is to be shown (the saved match and the statistics caught up)."""
    OVER = "over"
    """The match is over, its statistics and record written."""


@dataclass(frozen=True)
class Step:
    """One tick's outcome and the engine events it caused, to animate."""

    tick: Tick = Tick.WAITING
    events: list[ev.Event] = field(default_factory=list)
    card: int | None = None
    """The card auto-play played."""


class TableController:
    """One match's progress and its files, for whatever shows it."""

    def __init__(self, session: Session, problem: Callable[[store.FileProblem], None],
                 warn: Callable[[str, str | None], None],
                 notify: Callable[[str], None]) -> None:
        """``problem``: reports a damaged file that was set aside; ``warn(kind, message)``:
        a notice that a file (``match``, ``statistics``, ``result``) could not be written,
        kept on screen until a write succeeds (``message`` None takes it down), so a full
        disk says so once, not at every action; ``notify``: a passing message (the oldest
        matches moved to an archive)."""
        self.session = session
        self.problem = problem
        self.warn = warn
        self.notify = notify
        self.kept = not session.demo
        """The player's own match: saved as it goes, counted in the statistics, its record
        kept (a demo is none of these; the table also rules out a lesson)."""
        self.waited = 0.0
        """Seconds the current turn has lasted (computer turns and auto-play wait
        COMPUTER_DELAY for it)."""
        self.done = False
        """The match is over (its result written, or kept to be written: ``written``)."""
        self.written = False
        """The finished match's statistics and record are written and its save removed."""
        self.stats_writes: list[Future[Recorded]] = []
        """Statistics writes queued on the background writer, not yet heard from."""

    # ------------------------------------------------------------------ pacing
    def due(self, dt: float, delay: float) -> bool:
        """The turn has lasted ``delay`` seconds, counting ``dt`` more."""
        self.waited += dt
        return self.waited >= delay

    def think(self) -> None:
        """A computer to act starts thinking on the worker thread (the table keeps
        animating meanwhile)."""
        self.session.think()

    def autoplay_card(self) -> int | None:
        """The card the player's turn may play by itself: the only one that may be played,
        with nothing else to decide (no cante, exchange, discard or accusation)."""
        session = self.session
        if not session.human_to_act:
            return None
        playable = session.playable()
        if len(playable) != 1 or session.sing_options() or session.accusations() or any(
                a.verb != "play" for a in session.choices()):
            return None
        return next(iter(playable))

    def advance(self, dt: float, delay: float, autoplay: bool, scored: bool) -> Step:
        """Move the match on once the table is still (no animation blocking), ``dt`` seconds
        after the last tick: the player's only card plays by itself when ``autoplay`` allows
        and the turn has lasted ``delay``; a computer partner's exchange of his own card in
        the player's window before the draw is made once ``delay`` is out; else a hand
        whose result the table has reached (``scored``) is counted, a match over is
        finished, the next hand is dealt, or the computer to act plays once decided and its
        ``delay`` is out."""
        card = self.autoplay_card() if autoplay else None
        if card is not None:
            return Step(Tick.AUTOPLAYED, self.play(card), card) if self.due(dt, delay) else Step()
        partner = self.session.partner_exchange()
        if partner is not None:  # the partner gives his 7 before the player is asked
            return Step(Tick.PLAYED, self.perform(partner)) if self.due(dt, delay) else Step()
        if scored:
            self.hand_scored()
            return Step(Tick.RESULT)
        if self.session.game.is_over:
            self.finish()
            return Step(Tick.OVER)
        if self.session.needs_deal:
            return Step(Tick.DEALT, self.deal())
        played = self.computer_turn(dt, delay)
        return Step() if played is None else Step(Tick.PLAYED, played)

    def deal(self) -> list[ev.Event]:
        """The next hand, dealt and saved."""
        events = self.session.deal()
        self.autosave()
        return events

    def computer_turn(self, dt: float, delay: float) -> list[ev.Event] | None:
        """The computer to act plays once it has decided and its turn has lasted ``delay``;
        None until then (or when it is not a computer's turn)."""
        session = self.session
        seat = session.to_act
        if seat is None or not session.is_computer(seat) or not self.due(dt, delay):
            return None
        action = session.decision()
        return None if action is None else self.perform(action)

    def perform(self, action: Action) -> list[ev.Event]:
        """Carry out ``action`` (IllegalAction when the rules refuse it)."""
        events = self.session.apply(action)
        self.played()
        return events

    def play(self, card: int) -> list[ev.Event]:
        """The player plays ``card`` (IllegalAction when it may not be played now)."""
        events = self.session.play(card)
        self.played()
        return events

    def played(self) -> None:
        """An action was taken: the next turn starts, and the match is saved at once."""
        self.waited = 0.0
        self.autosave()

    def forget_pending(self) -> None:
        """Drop any decision still being thought (the table is left or replaced)."""
        self.session.forget_pending()

    # ------------------------------------------------------------------ hands and the end
    def hand_scored(self) -> None:
        """A hand's result is being shown: the match and the statistics catch up."""
        self.autosave()
        self.record_stats()

    def finish(self) -> None:
        """The match is over: its result is written (``write_result``)."""
        self.done = True
        self.write_result()

    def write_result(self) -> bool:
        """Write the finished match's statistics and record; only once both are written
        does the saved match go, so a kill or a full disk between them loses nothing. On a
        failure the save is kept, holding the finished match where it can be (the menu
        writes its result later: ``tute.ui.menus.begin.settle``), and the player is told
        once. The statistics never count a hand or a result twice, nor is a record kept
        twice, however often this runs. True when all is written."""
        if not self.kept or self.written:
            return True
        self.record_stats()
        failed = [e for e in (self.settle_stats(), self.keep_record()) if e is not None]
        self.warn("statistics", None)  # the result's notice, if any, says it all
        if failed:
            try:
                store.save_match(replace(self.session.saved(), over=True))
            except OSError:  # the last state saved stays, and counts once too; no promise
                self.warn("result", _("Could not save the match or its result: {error}. "
                                      "Only what was saved before is kept.").format(
                    error=failed[0].strerror))
                return False
            self.warn("result", _("Could not save the match's result: {error}. The match "
                                  "is kept, and its result will be saved later.").format(
                error=failed[0].strerror))
            return False
        self.warn("result", None)
        self.written = self.clear()
        return self.written

    # ------------------------------------------------------------------ files
    def autosave(self) -> None:
        """Keep the match on disk after every action, so a crash or a power cut loses at
        most the action being made; the record replays to exactly this point. The
        background writer does the writing (``report`` shows a failure)."""
        if not self.kept or self.session.game.is_over:
            return
        store.save_match_later(self.session.saved())

    def save_now(self) -> bool:
        """Write the match at once, on this thread (leaving the table); False, with the
        player told, when it could not be written."""
        if not self.kept:
            return True
        try:
            store.save_match(self.session.saved())
        except OSError:
            return False
        finally:
            self.report()
        return True

    def rescue(self) -> None:
        """The game is failing: the match on disk now, not on a thread that may not outlive
        it."""
        if not self.session.game.is_over:
            self.save_now()

    def clear(self) -> bool:
        """Forget the saved match (after any save still being written); False, with the
        player told, when it could not be removed."""
        try:
            store.clear_match()
        except OSError:
            return False
        finally:
            self.report()
        return True

    def report(self) -> None:
        """One notice while the saved match cannot be written (the latest error), taken
        down once a write succeeds again; the statistics writes that ended are heard
        from."""
        error = store.MATCH_WRITER.error()
        self.warn("match", None if error is None else _(
            "Could not save the match: {error}").format(error=error.strerror))
        self.report_stats()

    def keep_record(self) -> OSError | None:
        """Keep the finished match's record for the hand review (the player's own match
        only, like the statistics); the error when it could not be written."""
        if not self.kept:
            return None
        game = self.session.game
        try:
            store.keep_record(dump_record(game), game.rules.id, told=self.problem)
        except OSError as exc:
            return exc
        return None

    def record_stats(self) -> None:
        """Keep the statistics up to date after every hand: the write is queued on the
        background writer (``report`` or ``settle_stats`` tell how it went)."""
        if not self.kept:
            return
        write = self.session.record_stats()
        if write is not None:
            self.stats_writes.append(write)

    def settle_stats(self) -> OSError | None:
        """Wait for the queued statistics writes and tell how they went; the error of the
        first that failed."""
        writes, self.stats_writes = self.stats_writes, []
        errors = [error for error in map(self._told, writes) if error is not None]
        return errors[0] if errors else None

    def report_stats(self) -> None:
        """Tell how the statistics writes that ended since the last look went: a damaged
        file on the menu, matches moved to an archive at once, a failed write as a notice
        kept until one succeeds."""
        waiting: list[Future[Recorded]] = []
        for write in self.stats_writes:
            if write.done():
                self._told(write)
            else:
                waiting.append(write)
        self.stats_writes = waiting

    def _told(self, write: Future[Recorded]) -> OSError | None:
        try:
            recorded = write.result()
        except OSError as exc:
            self.warn("statistics", _("Could not save the statistics: {error}").format(
                error=exc.strerror))
            return exc
        self.warn("statistics", None)
        if recorded.problem is not None:
            self.problem(recorded.problem)
        if recorded.archived is not None:
            self.notify(_("The oldest matches were moved to {file} so that the statistics "
                          "stay quick").format(file=recorded.archived.name))
        return None
