"""What the table shows, as seat 0 sees it, advanced event by event as animations land.

The engine runs ahead of the screen by the events still being animated, so the table is
drawn from this model and never from the live game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tute.cards import ORDERS, cards_of
from tute.engine import Observation
from tute.engine import events as ev

HIDDEN = ev.HIDDEN
_STRENGTH = ORDERS["tute"].strength

LogEntry = tuple[str, int, int | str]
"""One line of the hand's play log: ("play", seat, card), ("trick", winner, number) or
("sing", seat, cante)."""


def trick_winner(trick: list[tuple[int, int]], trump: int | None,
                 strength: tuple[int, ...]) -> int | None:
    """The seat winning ``trick`` so far: the highest trump, else the highest of the suit
    led (the same rule the engine applies when the trick is closed)."""
    best: tuple[int, int] | None = None
    for seat, c in trick:
        if best is None:
            best = (seat, c)
            continue
        w = best[1]
        if (c // 12 == w // 12 and strength[c] > strength[w]) or (
                c // 12 == trump and w // 12 != trump):
            best = (seat, c)
    return best[0] if best else None


def sort_hand(cards: list[int], trump: int | None) -> list[int]:
    """Cards grouped by suit (trumps last), strongest first within a suit."""
    def key(c: int) -> tuple[int, int]:
        suit = c // 12
        return (4 if suit == trump else suit, -_STRENGTH[c])

    return sorted(cards, key=key)


@dataclass
class TableView:
    n: int
    seat: int = 0
    hand: list[int] = field(default_factory=list)
    """This seat's cards, sorted as shown."""
    landed: set[int] = field(default_factory=set)
    """Cards of ``hand`` already dealt onto the screen."""
    counts: list[int] = field(default_factory=list)
    dealer: int = -1
    mano: int = -1
    playing: tuple[int, ...] = ()
    sitting_out: int | None = None
    hand_number: int = 0
    trump: int | None = None
    shown: int | None = None
    shown_holder: int | None = None
    table_card: int | None = None
    """The card lying out of play (3 players): the 40th card, the muestra or an exchanged
    card; HIDDEN while face down."""
    trick: list[tuple[int, int]] = field(default_factory=list)
    piles: list[int] = field(default_factory=list)
    last_trick: tuple[int, tuple[tuple[int, int], ...]] | None = None
    cantes: list[list[str]] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)
    retired: list[bool] = field(default_factory=list)
    lives: int = 4
    result: ev.HandScored | None = None
    over: ev.MatchOver | None = None
    strength: tuple[int, ...] = _STRENGTH
    """The ruleset's card strengths, to tell which card is winning the trick."""
    log: list[LogEntry] = field(default_factory=list)
    """This hand's plays, tricks and cantes, in order, for the play log."""

    def __post_init__(self) -> None:
        n = self.n
        self.counts = self.counts or [0] * n
        self.piles = self.piles or [0] * n
        self.cantes = self.cantes or [[] for _ in range(n)]
        self.marks = self.marks or [0] * n
        self.retired = self.retired or [False] * n

    @classmethod
    def from_observation(cls, obs: Observation, strength: tuple[int, ...] = _STRENGTH
                         ) -> TableView:
        """The table as it stands (a resumed match): no animation needed to get here."""
        view = cls(obs.players, obs.seat, marks=list(obs.marks), retired=list(obs.retired),
                   lives=obs.lives, strength=strength)
        if obs.phase != "play":
            return view
        view.dealer, view.mano, view.playing = obs.dealer, obs.mano, obs.playing
        view.sitting_out = obs.sitting_out
        view.hand_number = obs.hand_number + 1
        view.trump = obs.trump
        view.hand = sort_hand(cards_of(obs.hand), obs.trump)
        view.landed = set(view.hand)
        view.counts = list(obs.hand_sizes)
        if obs.shown is not None and obs.shown_holder is not None and (
                obs.known[obs.shown_holder] >> obs.shown & 1):
            view.shown, view.shown_holder = obs.shown, obs.shown_holder
        out = cards_of(obs.out_of_play)
        view.table_card = out[0] if out else None
        view.trick = list(obs.trick)
        view.piles = list(obs.taken)
        view.last_trick = obs.tricks[-1] if obs.tricks else None
        view.cantes = [list(c) for c in obs.cantes]
        for number, (winner, plays) in enumerate(obs.tricks, 1):
            view.log += [("play", seat, c) for seat, c in plays]
            view.log.append(("trick", winner, number))
        view.log += [("play", seat, c) for seat, c in obs.trick]
        view.log += [("sing", seat, cante) for seat, sung in enumerate(obs.cantes)
                     for cante in sung]
        return view

    def winning(self) -> int | None:
        """The seat whose card is winning the trick on the table."""
        return trick_winner(self.trick, self.trump, self.strength)

    # ------------------------------------------------------------------ events
    def start_hand(self, e: ev.HandStarted) -> None:
        n = self.n
        self.hand, self.landed = [], set()
        self.counts = [0] * n
        self.dealer, self.mano, self.playing = e.dealer, e.mano, e.players
        self.sitting_out = e.sitting_out
        self.hand_number = e.number
        self.trump = self.shown = self.shown_holder = self.table_card = None
        self.trick, self.piles = [], [0] * n
        self.last_trick = None
        self.cantes = [[] for _ in range(n)]
        self.result = None
        self.log = []

    def deal(self, e: ev.CardsDealt) -> None:
        """Cards promised to a seat; they appear as each one lands."""
        if e.seat == self.seat:
            self.hand = sort_hand(list(e.cards), self.trump)

    def land(self, seat: int, c: int) -> None:
        self.counts[seat] += 1
        if seat == self.seat:
            self.landed.add(c)

    def show_trump(self, e: ev.TrumpShown) -> None:
        self.trump = e.suit
        if e.card is not None and e.holder is not None:
            self.shown, self.shown_holder = e.card, e.holder
        elif e.card is not None:
            self.table_card = e.card
        self.hand = sort_hand(self.hand, self.trump)

    def give_away(self, seat: int, c: int) -> None:
        """``seat`` lays ``c`` on the table in an exchange (its hand keeps its size)."""
        if seat == self.seat and c in self.hand:
            self.hand.remove(c)
            self.landed.discard(c)

    def exchange(self, e: ev.Exchanged) -> None:
        self.table_card = e.gave
        if e.seat == self.seat:
            self.hand = sort_hand([*self.hand, e.took], self.trump)
            self.landed = set(self.hand)

    def take_from_hand(self, seat: int, c: int) -> None:
        """A card leaves ``seat``'s hand (it is on its way to the trick)."""
        self.counts[seat] -= 1
        if seat == self.seat and c in self.hand:
            self.hand.remove(c)
            self.landed.discard(c)
        if c == self.shown:
            self.shown = self.shown_holder = None

    def put_on_trick(self, seat: int, c: int) -> None:
        self.trick.append((seat, c))
        self.log.append(("play", seat, c))

    def take_trick(self, e: ev.TrickTaken, plays: list[tuple[int, int]]) -> None:
        """The swept trick lands on its winner's pile (the table was cleared as it left)."""
        self.last_trick = (e.seat, tuple(plays))
        self.piles[e.seat] += 1
        self.log.append(("trick", e.seat, sum(1 for k, _s, _a in self.log if k == "trick") + 1))

    def sing(self, e: ev.Sung) -> None:
        self.cantes[e.seat].append(e.cante)
        self.log.append(("sing", e.seat, e.cante))

    def score(self, e: ev.HandScored) -> None:
        self.result = e

    def set_marks(self, e: ev.MarksChanged) -> None:
        self.marks = list(e.marks)

    def retire(self, e: ev.PlayerRetired) -> None:
        self.retired[e.seat] = True
