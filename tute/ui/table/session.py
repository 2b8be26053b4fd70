"""One match at the table: the engine, the computer players thinking off the frame loop,
and the saved copy of an interrupted match."""

from __future__ import annotations

import os
import random
import time
import traceback
from concurrent.futures import Future
from pathlib import Path

from tute import deals, store
from tute.ai import make_player
from tute.ai.base import Player
from tute.ai.declare import decide
from tute.deals import DealCode
from tute.engine import DEAL, PLAY_PHASE, Action, Game, IllegalAction, phases
from tute.engine import events as ev
from tute.engine.actions import DRAW, EXCHANGE
from tute.engine.obligations import Reason
from tute.engine.record import (
    RecordError,
    Replay,
    dump_record,
    record_from_text,
    replay,
    rules_file,
)
from tute.rules import load_ruleset
from tute.stats import file as stats_file
from tute.stats.writer import WRITER
from tute.ui.shell import worker
from tute.ui.table.undo import without_last

HUMAN = 0
THINK_SECONDS = 1.0


class ResumeError(ValueError):
    """A saved match that reads well but no longer replays."""


class RulesMissing(ResumeError):
    """The player's ruleset file of a saved match is not where it was (moved, renamed, on
    a drive not plugged in): the save is kept, and offered again once the file is back."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"the ruleset file {path} is missing")
        self.path = path


def changed_note(result: Replay) -> str:
    """Why a saved match may no longer replay: its ruleset file was changed."""
    return ("the ruleset file has changed since the match was saved: "
            if result.rules_changed else "")


class Session:
    def __init__(self, game: Game, level: str, demo: bool, practice: bool = False,
                 deck: str = "", seat: int = HUMAN) -> None:
        """``seat``: the player's (a match seats him at 0; a puzzle at its own seat)."""
        self.game = game
        self.seat = seat
        self.level = level
        self.demo = demo
        self.deck = deck
        """The deck pattern this match is drawn with; "" until its table chooses the game's
        default (then it is saved with the match)."""
        self.practice = practice and not demo
        """Hints and undo (tute.ui.table.assist); the statistics keep the match apart."""
        self.players: dict[int, Player] = {
            seat: make_player(level, seed=seat, think_seconds=THINK_SECONDS)
            for seat in range(game.n) if self.is_computer(seat)
        }
        self.pending: Future[Action] | None = None
        self.pending_seat: int | None = None
        self.coded: DealCode | None = None
        """Played from a deal code: one hand, never saved or counted, compared after it
        with the hard level's play of the same cards."""
        self.rules_changed = False
        """Resumed although the player's ruleset file changed since the match was saved
        (it still replays: it goes on under the rules the file holds now)."""

    @classmethod
    def new(cls, setup: store.GameSetup, demo: bool = False, seed: int | None = None
            ) -> Session:
        """A new match of the ruleset, options and level in ``setup``."""
        rules = load_ruleset(setup.rules)
        if seed is None:
            seed = random.randrange(1 << 31)
        return cls(Game(rules, setup.options, seed), setup.level, demo, setup.practice,
                   setup.deck)

    @classmethod
    def from_code(cls, code: DealCode) -> Session:
        """The hand a deal code names, about to be dealt, the player in the code's seat
        (drawn at the bottom, the table turned round it) against the code's opponents as
        ``tute compare`` seats them (the hard level with a fixed number of guesses, so it
        plays the same way on any machine)."""
        session = cls(deals.start(code), code.level, False, seat=code.seat)
        session.players = {s: deals.player(code.level, s) for s in session.players}
        session.coded = code
        return session

    @classmethod
    def resume(cls, saved: store.SavedMatch) -> Session:
        """Replay a saved match; ResumeError when it cannot be carried on (a match saved
        over, its result still to write, replays to its end), RulesMissing when its
        player's ruleset file is not there (the match is not at fault: it is kept)."""
        try:
            record = record_from_text(saved.record, "saved match")
        except (RecordError, ValueError, OSError) as exc:
            raise ResumeError(str(exc)) from None
        path = rules_file(record)
        if path is not None and not os.path.exists(path):  # unreachable counts as gone
            raise RulesMissing(path)
        try:
            # The replay draws chance as the original match did, so the next hands are
            # shuffled exactly as they would have been.
            result = replay(record)
        except (RecordError, ValueError, OSError) as exc:
            raise ResumeError(str(exc)) from None
        except (AssertionError, LookupError, RecursionError) as exc:
            # A match saved under a ruleset this version refuses to mix may fail deep in
            # the engine: set aside like any damaged file, not a crash at every Continue.
            raise ResumeError(f"the saved match cannot be replayed ({exc!r})") from None
        if result.error is not None:
            raise ResumeError(changed_note(result) + str(result.error))
        if result.game.is_over != saved.over:
            raise ResumeError(changed_note(result) + (
                "the saved match is already over" if result.game.is_over
                else "the saved match is not over"))
        session = cls(result.game, saved.level, saved.demo, saved.practice, saved.deck)
        session.rules_changed = result.rules_changed
        return session

    def saved(self) -> store.SavedMatch:
        """The match as a saved file: its record (which replays to this very state)."""
        return store.SavedMatch(record=dump_record(self.game), level=self.level,
                                demo=self.demo, saved_at=time.time(), practice=self.practice,
                                deck=self.deck)

    def record_stats(self) -> Future[stats_file.Recorded] | None:
        """Queue the finished hands, and the result once the match is over, for the
        player's statistics on the background writer (a demo is the computer's match, not
        the player's): the write, to wait for or to hear from later (its exception an
        OSError when the file could not be written)."""
        if self.demo:
            return None
        return WRITER.submit(stats_file.match_now(self.game, self.level, self.practice))

    def undone(self) -> Session | None:
        """Practice: this match without the player's last action of the hand and all that
        followed it (the computers decide again); None when there is nothing to undo."""
        game = without_last(self.game, self.seat)
        return None if game is None else Session(game, self.level, self.demo, self.practice,
                                                 self.deck, self.seat)

    # ------------------------------------------------------------------ turns
    def is_computer(self, seat: int) -> bool:
        return self.demo or seat != self.seat

    @property
    def needs_deal(self) -> bool:
        return self.game.phase == DEAL

    @property
    def to_act(self) -> int | None:
        return self.game.current_player

    @property
    def human_to_act(self) -> bool:
        return self.to_act == self.seat and not self.demo

    def deal(self) -> list[ev.Event]:
        return self._seen(self.game.deal())

    def think(self) -> None:
        """Start the computer player to act thinking, unless it already is."""
        seat = self.to_act
        if seat is None or not self.is_computer(seat) or self.pending_seat == seat:
            return
        player = self.players[seat]
        obs = self.game.observation(seat)
        self.pending = worker.submit(lambda: player.choose(obs))
        self.pending_seat = seat

    @property
    def thinking(self) -> int | None:
        return self.pending_seat

    def decision(self) -> Action | None:
        """The computer's action once it has decided. Should a player fail, the first legal
        action is taken (and the failure printed) rather than stopping the match."""
        if self.pending is None or not self.pending.done():
            return None
        try:
            action = self.pending.result()
        except Exception:
            traceback.print_exc()
            action = self.game.legal_actions()[0]
        self.pending, self.pending_seat = None, None
        return action

    def apply(self, action: Action) -> list[ev.Event]:
        """Carry out an action; any decision still being thought about is dropped."""
        events = self.game.apply(action)
        self.forget_pending()
        return self._seen(events + self._computer_accusations())

    def _computer_accusations(self) -> list[ev.Event]:
        """In ``accuse`` mode a computer accuses as soon as it can prove a revoke, on its
        turn or not (reading the table is quick: no search)."""
        game = self.game
        if game.renuncio != "accuse":
            return []
        for seat in game.playing:
            if game.phase != PLAY_PHASE:
                break
            player = self.players.get(seat)
            if player is None:
                continue
            accusation = player.accuse(game.observation(seat))
            if accusation is not None:
                self.forget_pending()
                return game.apply(accusation)
        return []

    def forget_pending(self) -> None:
        if self.pending is not None:
            self.pending.cancel()
        self.pending, self.pending_seat = None, None

    def _seen(self, events: list[ev.Event]) -> list[ev.Event]:
        return [e.for_seat(self.seat) for e in events]

    # ------------------------------------------------------------------ the player's view
    def playable(self) -> set[int]:
        """Cards the player may put down now (the whole hand when renuncio is allowed)."""
        g = self.game
        if not self.human_to_act:
            return set()
        return {a.arg for a in g.legal_actions() if a.verb == "play"}

    def lawful(self) -> set[int]:
        """Cards the obligations allow the player now (none in the window before the draw,
        where no card may be played)."""
        if not self.human_to_act or any(a.verb == DRAW for a in self.choices()):
            return set()
        mask = self.game.obligation_mask(self.seat)
        return {c for c in range(48) if mask >> c & 1}

    def choices(self) -> list[Action]:
        """Everything the player may do now (empty when it is not the player's turn)."""
        return self.game.legal_actions() if self.human_to_act else []

    def exchanges(self) -> list[Action]:
        """Giving the 7 (or 2) of trumps for the muestra, when allowed: the player's own
        cards (a partner's is his to give: ``partner_exchange``)."""
        mine = self.game.hands[self.seat]
        return [a for a in self.choices() if a.verb == EXCHANGE and mine >> a.arg & 1]

    def partner_exchange(self) -> Action | None:
        """The exchange the player's computer partner makes of his own card in a window
        before the draw that the player's trick opened. The engine lets the trick's winner
        act for his side, but the card is the partner's to give, so he decides, by the
        computers' own rule (``tute.ai.declare.decide``), before the player is asked;
        None when there is none to make."""
        if not self.human_to_act:
            return None
        mine = self.game.hands[self.seat]
        theirs = [a for a in self.game.legal_actions()
                  if a.verb == EXCHANGE and not mine >> a.arg & 1]
        if not theirs:
            return None
        holder = next(s for s in self.game.playing if self.game.hands[s] >> theirs[0].arg & 1)
        choice = decide(self.game.observation(holder), [*theirs, Action(self.seat, DRAW, 0)],
                        random.Random(0))
        return choice if choice.verb == EXCHANGE else None

    def may_draw(self) -> bool:
        """The window before the draw is the player's: he may exchange, or draw."""
        return any(a.verb == DRAW for a in self.choices()) and self.partner_exchange() is None

    @property
    def discarding(self) -> bool:
        return any(a.verb == "discard" for a in self.choices())

    def discard_limit(self) -> int:
        """How many cards the player may change: the file's limit (``discard.max``), never
        more than the stock holds unless an empty stock is re-formed."""
        return phases.discard_limit(self.game.hand)

    def sing_options(self) -> list[Action]:
        return self.game.sing_options(self.seat) if self.human_to_act else []

    def accusations(self) -> list[Action]:
        if self.demo or self.game.phase != PLAY_PHASE:
            return []
        return self.game.accusations(self.seat)

    def why_illegal(self, card: int) -> Reason | None:
        return self.game.why_illegal(self.seat, card)

    def play(self, card: int) -> list[ev.Event]:
        """The player plays ``card``; IllegalAction when the rules forbid it."""
        action = Action(self.seat, "play", card)
        if card not in self.playable():
            raise IllegalAction("not playable now")
        return self.apply(action)
