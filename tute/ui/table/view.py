"""What the table shows, as seat 0 sees it, advanced event by event as animations land.

The engine runs ahead of the screen by the events still being animated, so the table is
drawn from this model and never from the live game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tute.cards import ORDERS, cards_of
from tute.engine import Observation
from tute.engine import events as ev
from tute.engine.actions import (
    BUTIFARRA,
    CALL,
    DOUBLE,
    parse_action,
)

HIDDEN = ev.HIDDEN
_STRENGTH = ORDERS["tute"].strength
"""A view's strengths before an observation brings the game's own (tests' bare views)."""

LogEntry = tuple[str, int, "int | str | ev.TakenOver"]
"""A line of the play log: ("play", seat, card), ("trick", winner, number), ("sing", holder,
cante), ("exchange", seat, card given), ("takeover", dealer, event) or ("folded", winner,
the deed's kind)."""


def log_entries(e: ev.Event, log: Sequence[LogEntry], pot: bool) -> list[LogEntry]:
    """What event ``e`` adds to the hand's play log ``log``: the log's one reading of the
    engine's events, the same at a live table and for a hand told again from its record
    (``hand_log``). A cante is its holder's (a partner's, sung for the team), as the badge
    and the result say; a trick taken with no card played since the last is Bato's juego
    everyone folded on (``pot``: the winner takes the pot)."""
    if isinstance(e, ev.CardPlayed):
        return [("play", e.seat, e.card)]
    if isinstance(e, ev.TrickTaken):
        kinds = [kind for kind, _seat, _arg in log]
        since = kinds[len(kinds) - kinds[::-1].index("trick"):] if "trick" in kinds else kinds
        if "play" not in since:
            return [("folded", e.seat, "unopposed_pot" if pot else "unopposed")]
        return [("trick", e.seat, kinds.count("trick") + 1)]
    if isinstance(e, ev.Sung):
        return [("sing", e.seat if e.holder is None else e.holder, e.cante)]
    if isinstance(e, ev.Exchanged):
        return [("exchange", e.seat, e.gave)]
    if isinstance(e, ev.TakenOver):
        return [("takeover", e.dealer, e)]
    return []


def hand_log(events: Iterable[ev.Event], pot: bool) -> list[LogEntry]:
    """The play log of a hand from its events (as the player's seat saw them)."""
    log: list[LogEntry] = []
    for e in events:
        log += log_entries(e, log, pot)
    return log


def sort_hand(cards: list[int], trump: int | None,
              strength: tuple[int, ...]) -> list[int]:
    """Cards grouped by suit (trumps last), strongest first within a suit by the game's
    own order (in Butifarra the 9 above the as)."""
    def key(c: int) -> tuple[int, int]:
        suit = c // 12
        return (4 if suit == trump else suit, -strength[c])

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
    winner: int | None = None
    """The seat winning ``trick`` so far, as the engine judged it when the card was
    played (``CardPlayed.winning``)."""
    piles: list[int] = field(default_factory=list)
    last_trick: tuple[int, tuple[tuple[int, int], ...]] | None = None
    cantes: list[list[str]] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)
    retired: list[bool] = field(default_factory=list)
    lives: int = 4
    result: ev.HandScored | None = None
    over: ev.MatchOver | None = None
    open_hands: list[list[int]] = field(default_factory=list)
    """Every seat's cards, shown face up (a puzzle, played with all the cards shown); empty
    where the other hands are hidden, as in a match."""
    strength: tuple[int, ...] = _STRENGTH
    """The ruleset's card strengths, to tell which card is winning the trick."""
    log: list[LogEntry] = field(default_factory=list)
    """This hand's plays, tricks and cantes, in order, for the play log."""
    teams: bool = False
    """Partners sit opposite (seats 0 and 2 against 1 and 3)."""
    stock: int = 0
    """Cards left in the stock (it lies across ``table_card``, the muestra)."""
    arrastre: bool = False
    """The stock ran out: from now on the game's own obligations apply."""
    duel: bool = False
    said: dict[int, tuple[str, int, int]] = field(default_factory=dict)
    """What each seat last said in the auction, shown until play starts: its verb and
    argument, as in ``Spoke``, and the doubles said before it (which name a double: contro,
    recontro or Sant Vicenç; ``sayings.said`` takes the three)."""
    doubles: int = 0
    no_trumps: bool = False
    declarer: int | None = None
    contract: int | None = None
    multiplier: int = 1
    called: int | None = None
    partner: int | None = None
    """The called card's holder, once it has been played."""
    folded: set[int] = field(default_factory=set)
    discards: list[int] = field(default_factory=list)
    chips: list[int] = field(default_factory=list)
    pot: int = 0
    totals: list[int] = field(default_factory=list)
    voided: bool = False
    points: list[int] = field(default_factory=list)
    """Per seat: the card points of its tricks and its cantes so far this hand, as they
    land (a hand that counts them at once shows them in the totals)."""
    scored: bool = False
    """This hand's result has come (the totals are the hand's own from then on)."""
    partidas: list[int] = field(default_factory=list)
    """Per side: partidas won in the coto (a race of partidas; empty in other games)."""
    cotos: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = self.n
        self.counts = self.counts or [0] * n
        self.piles = self.piles or [0] * n
        self.cantes = self.cantes or [[] for _ in range(n)]
        self.marks = self.marks or [0] * n
        self.retired = self.retired or [False] * n
        self.discards = self.discards or [0] * n
        self.points = self.points or [0] * n

    @classmethod
    def from_observation(cls, obs: Observation) -> TableView:
        """The table as it stands (a resumed match): no animation needed to get here. The
        game's card order (for sorting) and seating come with the observation's hand."""
        kit = obs.view.kit
        strength, teams = tuple(kit.strength), kit.teams
        view = cls(obs.players, obs.seat, marks=list(obs.marks), retired=list(obs.retired),
                   lives=obs.lives, strength=strength, teams=teams, totals=list(obs.totals))
        if obs.phase != "play":
            return view
        view.stock, view.duel, view.arrastre = obs.stock_size, obs.duel, False
        if obs.hand_phase != "play":  # told again as it was said: the doubles named alike
            for a in (parse_action(t, obs.players) for t in obs.auction):
                view.speak(ev.Spoke(a.seat, a.verb, a.arg))
        view.folded = {s for s in range(view.n) if obs.folded >> s & 1}
        view.declarer, view.contract, view.called = obs.declarer, obs.contract, obs.called
        view.multiplier, view.discards = obs.multiplier, list(obs.discards)
        if obs.called is not None and obs.played >> obs.called & 1:
            seen = [p for _w, trick in obs.tricks for p in trick] + list(obs.trick)
            view.partner = next(s for s, c in seen if c == obs.called)
        view.dealer, view.mano, view.playing = obs.dealer, obs.mano, obs.playing
        view.sitting_out = obs.sitting_out
        view.hand_number = obs.hand_number + 1
        view.trump = obs.trump if obs.trump >= 0 else None
        view.hand = sort_hand(cards_of(obs.hand), view.trump, strength)
        view.landed = set(view.hand)
        view.counts = list(obs.hand_sizes)
        if obs.shown is not None and obs.shown_holder is not None and (
                obs.known[obs.shown_holder] >> obs.shown & 1):
            view.shown, view.shown_holder = obs.shown, obs.shown_holder
        out = cards_of(obs.out_of_play)
        view.table_card = out[0] if out else None
        if obs.stock_size and obs.muestra is not None:
            # Under the stock lies the muestra, or what was exchanged for it (Tute a dos).
            exchanged = any(k >> obs.muestra & 1 for k in (obs.hand, obs.played, *obs.known))
            view.table_card = obs.face_up if exchanged else obs.muestra
        view.trick = list(obs.trick)
        view.winner = obs.view.win_seat if obs.trick else None
        view.piles = list(obs.taken)
        view.last_trick = obs.tricks[-1] if obs.tricks else None
        view.cantes = [list(c) for c in obs.cantes]
        view.points = [w + c for w, c in zip(obs.won_points, obs.cante_points, strict=True)]
        return view

    def winning(self) -> int | None:
        """The seat whose card is winning the trick on the table."""
        return self.winner if self.trick else None

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
        self.stock, self.arrastre, self.said, self.doubles = 0, False, {}, 0
        self.no_trumps, self.declarer, self.contract, self.multiplier = False, None, None, 1
        self.called = self.partner = None
        self.folded, self.discards, self.voided = set(), [0] * n, False
        self.points, self.scored = [0] * n, False

    def deal(self, e: ev.CardsDealt) -> None:
        """Cards promised to a seat; they appear as each one lands."""
        if e.seat == self.seat:
            self.hand = sort_hand(list(e.cards), self.trump, self.strength)

    def land(self, seat: int, c: int) -> None:
        self.counts[seat] += 1
        if seat == self.seat:
            self.landed.add(c)

    def show_trump(self, e: ev.TrumpShown) -> None:
        self.trump = e.suit if e.suit >= 0 else None  # Butifarra's no-trump hand: none
        if e.card is not None and e.holder is not None:
            self.shown, self.shown_holder = e.card, e.holder
        elif e.card is not None:
            self.table_card = e.card
        self.hand = sort_hand(self.hand, self.trump, self.strength)

    def give_away(self, seat: int, c: int) -> None:
        """``seat`` lays ``c`` on the table in an exchange (its hand keeps its size)."""
        if seat == self.seat and c in self.hand:
            self.hand.remove(c)
            self.landed.discard(c)

    def exchange(self, e: ev.Exchanged) -> None:
        self.table_card = None if e.given_down else e.gave
        if e.seat == self.seat:
            self.hand = sort_hand([*self.hand, e.took], self.trump, self.strength)
            self.landed = set(self.hand)

    def take_from_hand(self, seat: int, c: int) -> None:
        """A card leaves ``seat``'s hand (it is on its way to the trick)."""
        self.counts[seat] -= 1
        if seat == self.seat and c in self.hand:
            self.hand.remove(c)
            self.landed.discard(c)
        if c == self.shown:
            self.shown = self.shown_holder = None

    def put_on_trick(self, e: ev.CardPlayed) -> None:
        self.trick.append((e.seat, e.card))
        self.winner = e.winning

    def take_trick(self, e: ev.TrickTaken, plays: list[tuple[int, int]]) -> None:
        """The swept trick lands on its winner's pile (the table was cleared as it left)."""
        self.last_trick = (e.seat, tuple(plays))
        self.piles[e.seat] += 1
        self.points[e.seat] += e.points

    def sing(self, e: ev.Sung) -> None:
        """The cante is the holder's of the pair (a partner's when sung for the team)."""
        holder = e.seat if e.holder is None else e.holder
        self.cantes[holder].append(e.cante)
        self.points[holder] += e.points

    def score(self, e: ev.HandScored) -> None:
        self.result, self.scored = e, True

    def set_marks(self, e: ev.MarksChanged) -> None:
        self.marks = list(e.marks)

    def retire(self, e: ev.PlayerRetired) -> None:
        self.retired[e.seat] = True

    # ------------------------------------------------------------------ before the play
    def speak(self, e: ev.Spoke) -> None:
        """A bid, pass, trump named, double...: kept by the seat until play starts; a word
        that takes the seat out of the hand (a fold) marks it for the whole hand."""
        verb = e.verb
        if e.out:
            self.folded.add(e.seat)
        self.said[e.seat] = (verb, e.arg, self.doubles)
        if verb == DOUBLE:
            self.doubles += 1
        elif verb == BUTIFARRA:
            self.no_trumps = True
        elif verb == CALL:
            self.called = e.arg

    def take_over(self, dealer: int, bidder: int, cards: list[int] | None) -> None:
        """Subastado's takeover: the dealer takes the top bidder's cards and place, the
        bidder sits out; ``cards``: the player's new hand when he is that dealer."""
        self.counts[dealer], self.counts[bidder] = self.counts[bidder], 0
        self.playing = tuple(dealer if s == bidder else s for s in self.playing)
        self.sitting_out = bidder
        if self.seat == bidder:
            self.hand = []
        if cards is not None:
            self.hand = sort_hand(cards, self.trump, self.strength)
            self.landed = set(self.hand)

    def set_contract(self, e: ev.ContractSet) -> None:
        self.declarer, self.contract, self.multiplier = e.declarer, e.contract, e.multiplier
        self.said = {}

    def draw_card(self, e: ev.CardDrawn) -> None:
        """A card from the stock lands in ``e.seat``'s hand; the muestra is the last."""
        self.stock = e.left
        if e.public and e.card == self.table_card:
            self.table_card = None
        self.counts[e.seat] += 1
        if e.seat == self.seat and e.card != HIDDEN:
            self.hand = sort_hand([*self.hand, e.card], self.trump, self.strength)
            self.landed.add(e.card)

    def discard(self, e: ev.Discarded) -> None:
        self.discards[e.seat] += len(e.cards)
        self.counts[e.seat] -= len(e.cards)
        if e.seat == self.seat:
            self.hand = [c for c in self.hand if c not in e.cards]
            self.landed -= set(e.cards)

    def set_chips(self, e: ev.ChipsChanged) -> None:
        self.chips, self.pot = list(e.chips), e.pot
