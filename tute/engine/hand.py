"""One hand's state: flat ints, bitmasks and short lists, cheap to copy for search.

A ``HandState`` runs from the deal to the hand's end with the same rules code whether it
is the match's real hand or a guess inside a computer player's search; it knows its
``Kit`` but nothing of the match around it (marks, totals, logs, the random generator).
"""

from __future__ import annotations

from fractions import Fraction

from tute.engine import cantes, play
from tute.engine.actions import Action
from tute.engine.events import Event, TargetReached
from tute.engine.kit import Kit
from tute.engine.obligations import Obligations, Reason
from tute.engine.types import Score


class HandState:
    """Who holds what, the trick on the table and what each seat has taken."""

    kit: Kit
    n: int
    number: int
    """The hand's number in the match, from 0."""
    dealer: int
    mano: int
    sitting_out: int | None
    playing: tuple[int, ...]
    """Seats in this hand, in playing order from the mano."""
    next_seat: list[int]
    seats_in_hand: int
    hands: list[int]
    known: list[int]
    """Per seat, cards everyone knows it holds (shown card, exchanges, the muestra drawn)."""
    stock: list[int]
    """Cards to draw, top first; the face-up card is the last."""
    muestra: int | None
    """The card turned up for trumps at the deal and left out of every hand."""
    out_of_play: int
    trump: int
    shown: int | None
    shown_holder: int | None
    family: Obligations
    """The obligations now: the game's own, or ``free`` while a stock lasts."""
    to_act: int
    lead: int
    win_card: int
    win_seat: int
    trick_seats: list[int]
    trick_cards: list[int]
    tricks: list[tuple[int, tuple[tuple[int, int], ...]]]
    tricks_left: int
    free_tricks: int
    """Tricks played while the obligations were ``free`` (they show no voids)."""
    taken: list[int]
    won_points: list[int]
    cante_points: list[int]
    cantes: list[list[str]]
    cante_tricks: list[list[int]]
    """Per seat, beside ``cantes``: the tricks completed when each was sung (the reading of
    the plays replays a hand's public positions with the cantes in place)."""
    sang_pair: list[bool]
    sung_suits: int
    may_sing: int
    may_exchange: int
    sang_trick: int
    """Seats (bits) that sang since the last trick closed (``cantes_per_trick: each``)."""
    drawing: bool
    """The trick's draw waits for the winner's decision window (``exchange C`` or
    ``draw``); no card may be played meanwhile."""
    carried: tuple[int, ...]
    """Per side, the totals the match carries into this hand (a race over hands)."""
    stop_at: int
    """The total (carried + won so far) at which a side's trick or cante stops the hand
    at once; 0: the hand is played to its end."""
    exchanges: list[tuple[int, int]]
    revokers: list[int]
    last_trick: int | None
    played: int
    over: bool
    tute: int | None
    revoker: int | None
    false_accuser: int | None
    ply: int
    mask_ply: int
    mask: int
    phase: int
    """Where the hand is: -1 while tricks are played (``PLAYING``), else the index in
    ``kit.phases`` of the phase being decided (the auction, trumps...)."""
    side_of: list[int]
    """Per seat, the side it plays for this hand (a team, the declarer's side, itself)."""
    queue: list[int]
    """Seats still to speak in the phase, in order."""
    auction: list[str]
    """The auction's and declaration's actions with seats, in order (``"0 bid 50"``)."""
    spoken: list[Action]
    """Every decision before play, in order (``auction`` keeps those its record shows;
    the reading of the auction replays them all from ``at_deal``)."""
    passed: list[bool]
    folded: int
    """Seats out of this hand by their own word, as bits: Bato's pass on a juego, Julepe's
    pass. They play no card in it (a pass in an auction is not one: the passer defends)."""
    bid: int
    bidder: int
    took_over: bool
    declarer: int
    contract: int
    namer: int
    """The seat that named trumps (Butifarra: the dealer, or his partner on delegation)."""
    delegated: bool
    doubles: int
    multiplier: int
    called: int
    partner: int
    revealed: bool
    accompanying: list[int]
    discards: list[int]
    """Per seat, how many cards it discarded."""
    discarded: list[int]
    """Per seat, the cards it discarded (face down: only it knows them)."""
    forced: int | None
    """The seat the lone-player rule left only ``juego`` (``lone: last_joins``), or None."""
    taker: int
    """The seat that took the turned card (-1: nobody)."""
    restocks: list[tuple[int, ...]]
    """Each stock re-formed from the cards out of play during the discards, top first."""
    given_restocks: tuple[tuple[int, ...], ...] | None
    """A record's restocks, followed instead of shuffling (None: shuffle)."""
    restock_seed: int
    """Drawn from the match's generator at the deal where stocks are re-formed: it
    shuffles them (a view hides it: 0)."""
    void: bool
    """Nobody played: everyone passed."""
    at_deal: HandState | None
    """The hand's public position when dealt, every hand emptied, where decisions before
    play follow (the reading of the auction replays them from it); shared by every copy
    and never changed."""

    def __init__(self, kit: Kit, n: int, fill: bool = True) -> None:
        """An empty hand (before the first deal); ``fill=False`` leaves every other field
        for ``copy`` to set (a compiled class cannot be made without its ``__init__``)."""
        self.kit = kit
        self.n = n
        if not fill:
            return
        self.number = -1
        self.dealer = self.mano = -1
        self.sitting_out = None
        self.playing = ()
        self.next_seat = [0] * n
        self.seats_in_hand = 0
        self.hands = [0] * n
        self.known = [0] * n
        self.stock = []
        self.muestra = None
        self.out_of_play = 0
        self.trump = 0
        self.shown = self.shown_holder = None
        self.family = kit.family
        self.to_act = -1
        self.lead = self.win_card = self.win_seat = -1
        self.trick_seats = []
        self.trick_cards = []
        self.tricks = []
        self.tricks_left = 0
        self.free_tricks = 0
        self.taken = [0] * n
        self.won_points = [0] * n
        self.cante_points = [0] * n
        self.cantes = [[] for _ in range(n)]
        self.cante_tricks = [[] for _ in range(n)]
        self.sang_pair = [False] * n
        self.sung_suits = 0
        self.may_sing = self.may_exchange = -1
        self.sang_trick = 0
        self.drawing = False
        self.carried = (0,) * kit.sides
        self.stop_at = 0
        self.exchanges = []
        self.revokers = []
        self.last_trick = None
        self.played = 0
        self.over = False
        self.tute = self.revoker = self.false_accuser = None
        self.ply = 0
        self.mask_ply = -1
        self.mask = 0
        self.phase = -1
        self.side_of = [kit.side(s) for s in range(n)]
        self.queue = []
        self.auction = []
        self.spoken = []
        self.passed = [False] * n
        self.folded = 0
        self.bid = self.bidder = -1
        self.took_over = False
        self.declarer = self.contract = self.namer = -1
        self.delegated = False
        self.doubles = 0
        self.multiplier = 1
        self.called = self.partner = -1
        self.revealed = False
        self.accompanying = []
        self.discards = [0] * n
        self.discarded = [0] * n
        self.forced = None
        self.taker = -1
        self.restocks = []
        self.given_restocks = None
        self.restock_seed = 0
        self.void = False
        self.at_deal = None

    def seat_order(self, playing: tuple[int, ...]) -> None:
        """Seat the hand's players in playing order, the first to act first."""
        self.playing = playing
        self.seats_in_hand = len(playing)
        for j, s in enumerate(playing):
            self.next_seat[s] = playing[(j + 1) % len(playing)]
        self.to_act = playing[0]

    def copy(self) -> HandState:
        """An independent copy (the kit is shared: it never changes)."""
        h = HandState(self.kit, self.n, fill=False)
        h.number = self.number
        h.dealer = self.dealer
        h.mano = self.mano
        h.sitting_out = self.sitting_out
        h.playing = self.playing
        h.next_seat = list(self.next_seat)
        h.seats_in_hand = self.seats_in_hand
        h.hands = list(self.hands)
        h.known = list(self.known)
        h.stock = list(self.stock)
        h.muestra = self.muestra
        h.out_of_play = self.out_of_play
        h.trump = self.trump
        h.shown = self.shown
        h.shown_holder = self.shown_holder
        h.family = self.family
        h.to_act = self.to_act
        h.lead = self.lead
        h.win_card = self.win_card
        h.win_seat = self.win_seat
        h.trick_seats = list(self.trick_seats)
        h.trick_cards = list(self.trick_cards)
        h.tricks = list(self.tricks)
        h.tricks_left = self.tricks_left
        h.free_tricks = self.free_tricks
        h.taken = list(self.taken)
        h.won_points = list(self.won_points)
        h.cante_points = list(self.cante_points)
        h.cantes = [list(c) for c in self.cantes]
        h.cante_tricks = [list(t) for t in self.cante_tricks]
        h.sang_pair = list(self.sang_pair)
        h.sung_suits = self.sung_suits
        h.may_sing = self.may_sing
        h.may_exchange = self.may_exchange
        h.sang_trick = self.sang_trick
        h.drawing = self.drawing
        h.carried = self.carried
        h.stop_at = self.stop_at
        h.exchanges = list(self.exchanges)
        h.revokers = list(self.revokers)
        h.last_trick = self.last_trick
        h.played = self.played
        h.over = self.over
        h.tute = self.tute
        h.revoker = self.revoker
        h.false_accuser = self.false_accuser
        h.ply = self.ply
        h.mask_ply = self.mask_ply
        h.mask = self.mask
        h.phase = self.phase
        h.side_of = list(self.side_of)
        h.queue = list(self.queue)
        h.auction = list(self.auction)
        h.spoken = list(self.spoken)
        h.passed = list(self.passed)
        h.folded = self.folded
        h.bid = self.bid
        h.bidder = self.bidder
        h.took_over = self.took_over
        h.declarer = self.declarer
        h.contract = self.contract
        h.namer = self.namer
        h.delegated = self.delegated
        h.doubles = self.doubles
        h.multiplier = self.multiplier
        h.called = self.called
        h.partner = self.partner
        h.revealed = self.revealed
        h.accompanying = list(self.accompanying)
        h.discards = list(self.discards)
        h.discarded = list(self.discarded)
        h.forced = self.forced
        h.taker = self.taker
        h.restocks = list(self.restocks)
        h.given_restocks = self.given_restocks
        h.restock_seed = self.restock_seed
        h.void = self.void
        h.at_deal = self.at_deal
        return h

    def clone(self) -> HandState:
        return self.copy()

    # ----------------------------------------------------------------- the kernel
    def legal_actions(self) -> list[Action]:
        """Everything the seat to act may do now."""
        return [] if self.over else play.legal_actions(self)

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action``; raises IllegalAction, changing nothing, when not allowed."""
        return play.apply(self, action)

    def obligation_mask(self, seat: int) -> int:
        """Cards ``seat`` may play under the obligations (ignoring the renuncio option)."""
        return play.obligation_mask(self, seat)

    def play_mask(self, seat: int) -> int:
        """Cards ``seat`` may put on the table (any card when revoking is allowed)."""
        return play.play_mask(self, seat)

    def why_illegal(self, seat: int, c: int) -> Reason | None:
        return play.why_illegal(self, seat, c)

    def sing_options(self, seat: int) -> list[Action]:
        return cantes.sing_options(self, seat)

    def accusations(self, seat: int) -> list[Action]:
        return play.accusations(self, seat)

    def phase_name(self) -> str:
        """``play``, or the name of the phase being decided (``subasta``, ``doubling``...)."""
        return self.kit.phases[self.phase].name if self.phase >= 0 else "play"

    def forget_cache(self) -> None:
        """Drop the cached obligation mask (after hands are replaced by a guess, or in a
        view, where it would tell another seat's cards)."""
        self.mask_ply = -1
        self.mask = 0

    # ----------------------------------------------------------------- points
    def points(self) -> list[Score]:
        """Each seat's points so far: cards + cantes + diez de últimas (+ desempate)."""
        pts: list[Score] = [w + c for w, c in zip(self.won_points, self.cante_points,
                                                  strict=True)]
        if self.last_trick is not None:
            pts[self.last_trick] += self.kit.last_trick_bonus
        if self.kit.desempate:
            for i, s in enumerate(self.playing):
                pts[s] = pts[s] + Fraction(1, 2 ** (i + 1))
        return pts

    def reached(self) -> int | None:
        """The side whose carried total and points so far reach ``stop_at``, or None (or
        when the hand has no such stop)."""
        if not self.stop_at:
            return None
        for side, p in enumerate(self.side_points()):
            if self.carried[side] + p >= self.stop_at:
                return side
        return None

    def stop(self) -> list[Event]:
        """A side's total has reached ``stop_at``: the hand ends at once."""
        side = self.reached()
        assert side is not None
        self.over = True
        self.to_act = -1
        self.may_sing = self.may_exchange = -1
        self.drawing = False
        return [TargetReached(side, self.carried[side] + int(self.side_points()[side]))]

    def side_points(self) -> list[Score]:
        """Points per side (per team, or declarer's side and the rest; per seat otherwise),
        with the points a game gives per trick (Butifarra)."""
        per_trick = self.kit.trick_points
        pts = [p + t * per_trick for p, t in zip(self.points(), self.taken, strict=True)]
        if not self.kit.teams and not self.kit.declarer_sides:
            return pts
        out: list[Score] = [0, 0]
        for s, p in enumerate(pts):
            out[self.side_of[s]] += p
        return out
