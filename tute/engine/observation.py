"""What one seat may know: its own hand and everything shown at the table, nothing else.

An Observation also carries a public copy of the hand (``view``) with every hidden card
removed (other hands emptied, the stock's order unknown but for its face-up card), so a
computer player can fill the hidden places with a guess (``determinize``) and search with
the real rules without ever having seen the real cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tute.engine.actions import DISCARD, Action
from tute.engine.events import HIDDEN
from tute.engine.hand import HandState

if TYPE_CHECKING:
    from tute.engine.match import Match
    from tute.rules import OptionValue


@dataclass(frozen=True)
class Observation:
    seat: int
    rules_id: str
    options: Mapping[str, OptionValue]
    players: int
    phase: str
    hand_number: int
    dealer: int
    mano: int
    sitting_out: int | None
    playing: tuple[int, ...]
    """Seats in this hand, in playing order from the mano."""
    to_act: int | None
    legal: tuple[Action, ...]
    """This seat's legal actions when it is to act (accusations at any time), else empty."""
    hand: int
    """This seat's cards (bitmask)."""
    hand_sizes: tuple[int, ...]
    trump: int
    shown: int | None
    """Card shown to mark trumps that stays in ``shown_holder``'s hand until played."""
    shown_holder: int | None
    muestra: int | None
    out_of_play: int
    """Face-up cards out of play (3-player hands): bitmask."""
    known: tuple[int, ...]
    """Cards every seat knows another seat holds (shown card, exchanges), per seat."""
    played: int
    """Every card played so far this hand (bitmask)."""
    trick: tuple[tuple[int, int], ...]
    """The trick on the table: (seat, card) in playing order."""
    tricks: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    """Completed tricks of this hand: (winner, ((seat, card), ...))."""
    taken: tuple[int, ...]
    won_points: tuple[int, ...]
    cante_points: tuple[int, ...]
    cantes: tuple[tuple[str, ...], ...]
    sung_suits: int
    may_sing: int
    marks: tuple[int, ...]
    retired: tuple[bool, ...]
    lives: int
    stock_size: int
    """Cards left in the stock, its face-up card included (0 without a stock)."""
    face_up: int | None
    """The card face up under a stock drawn to its end (the muestra, or what was
    exchanged for it); None elsewhere (Bato's turned card is ``muestra``, out of play)."""
    partner: int | None
    """This seat's partner in team games."""
    totals: tuple[int, ...]
    """What the settlement carries per side: points, juegos or lost games."""
    duel: bool
    """This hand is Cabrero's final duel."""
    hand_phase: str
    """``play``, or the phase before play being decided (``subasta``, ``doubling``...)."""
    auction: tuple[str, ...]
    """The auction so far, as record texts with seats (``"0 bid 60"``)."""
    folded: int
    """Seats out of this hand by their own word, as bits (``HandState.folded``)."""
    declarer: int | None
    contract: int | None
    multiplier: int
    called: int | None
    """Codillo: the card the declarer called (its holder is known once it is played)."""
    discards: tuple[int, ...]
    """Bato: how many cards each seat discarded (which ones, only its own)."""
    face_down: tuple[int, ...]
    """How many cards each seat laid face down that are still out of play: its discards
    and a card given for the turned card, less those re-formed into a stock."""
    chips: tuple[int, ...]
    """Bato: each seat's chips (and ``pot``, the pot), as the table shows them."""
    pot: int
    view: HandState = field(repr=False, compare=False)

    @classmethod
    def of(cls, match: Match, seat: int) -> Observation:
        h = match.hand
        playing = match.phase == "play"
        acting = playing and h.to_act == seat
        return cls._seen(
            h, seat, legal=h.legal_actions() if acting else match.accusations(seat),
            to_act=match.current_player, rules_id=match.rules.id,
            options=dict(match.options), players=match.n, phase=match.phase,
            hand_number=match.hand_number, marks=tuple(match.ledger.marks),
            retired=tuple(match.ledger.retired), lives=match.lives,
            totals=tuple(match.ledger.totals), duel=h.kit is not match.kit,
            chips=tuple(match.ledger.chips), pot=match.ledger.pot)

    def at(self, h: HandState, seat: int) -> Observation:
        """What ``seat`` would see in ``h``, a later position of a guess of this same hand
        (the match's standing taken as this observation's): how a search asks a policy
        for the decisions before play of every seat on a guessed deal."""
        return self._seen(
            h, seat, legal=h.legal_actions() if h.to_act == seat and not h.over else [],
            to_act=None if h.over else h.to_act, rules_id=self.rules_id,
            options=self.options, players=self.players, phase=self.phase,
            hand_number=self.hand_number, marks=self.marks, retired=self.retired,
            lives=self.lives, totals=self.totals, duel=self.duel, chips=self.chips,
            pot=self.pot)

    @classmethod
    def _seen(cls, h: HandState, seat: int, legal: Sequence[Action], to_act: int | None,
              **standing: Any) -> Observation:
        """The observation of ``h`` from ``seat``, given what the match adds."""
        view = h.copy()
        view.hands = [cards if s == seat else 0 for s, cards in enumerate(h.hands)]
        if h.stock:  # its order is hidden; under a stock drawn to the end, the muestra shows
            face = [h.stock[-1]] if h.kit.draws else []
            view.stock = [HIDDEN] * (len(h.stock) - len(face)) + face
        view.revokers = []
        view.restocks = [(HIDDEN,) * len(r) for r in h.restocks]  # shuffled face down
        view.restock_seed = 0  # it would tell the next stock's order
        view.given_restocks = None
        view.discarded = [d if s == seat else 0 for s, d in enumerate(h.discarded)]
        view.spoken = [a if a.verb != DISCARD or a.seat == seat else Action(a.seat, DISCARD, 0)
                       for a in h.spoken]  # which cards another discarded stays hidden
        if h.partner >= 0 and not h.revealed and seat != h.partner:
            view.partner = -1  # a hidden partner: only he knows, until the card is played
            view.side_of = [0 if s == h.declarer else 1 for s in range(h.n)]
        view.forget_cache()  # the cached mask was computed from a hidden hand
        kit = h.kit
        return cls(
            seat=seat, to_act=to_act, legal=tuple(legal),
            dealer=h.dealer, mano=h.mano, sitting_out=h.sitting_out, playing=h.playing,
            hand=h.hands[seat], hand_sizes=tuple(c.bit_count() for c in h.hands),
            trump=h.trump, shown=h.shown, shown_holder=h.shown_holder, muestra=h.muestra,
            out_of_play=h.out_of_play,
            known=tuple(k if s != seat else h.hands[seat] for s, k in enumerate(h.known)),
            played=h.played,
            trick=tuple(zip(h.trick_seats, h.trick_cards, strict=True)),
            tricks=tuple(h.tricks), taken=tuple(h.taken),
            won_points=tuple(h.won_points), cante_points=tuple(h.cante_points),
            cantes=tuple(tuple(c) for c in h.cantes), sung_suits=h.sung_suits,
            may_sing=h.may_sing,
            stock_size=len(h.stock), face_up=h.stock[-1] if h.stock and kit.draws else None,
            partner=_partner(h, seat), hand_phase=h.phase_name(), auction=tuple(h.auction),
            folded=h.folded,
            declarer=h.declarer if h.declarer >= 0 else None,
            contract=h.contract if h.contract >= 0 else None, multiplier=h.multiplier,
            called=h.called if h.called >= 0 else None, discards=tuple(h.discards),
            face_down=tuple(d.bit_count() for d in h.discarded),
            view=view, **standing,
        )

    def determinize(self, hands: Sequence[int], stock: Sequence[int] | None = None
                    ) -> HandState:
        """A playable copy of this hand with the hidden cards set to a guess.

        ``hands`` gives every seat's cards (this seat's must be its real hand); ``stock``
        the stock in order, its face-up card last. The copy cannot deal another hand:
        searches end with the hand.
        """
        if hands[self.seat] != self.hand:
            raise ValueError("a guess must keep the observing seat's own hand")
        h = self.view.copy()
        h.hands = list(hands)
        if h.called >= 0 and h.partner < 0:  # the guess says who the hidden partner is
            h.partner = next(s for s in range(h.n) if hands[s] >> h.called & 1)
            h.side_of[h.partner] = 0
        if stock is not None:
            if len(stock) != self.stock_size:
                raise ValueError("a guess must keep the stock's size")
            h.stock = list(stock)
        elif HIDDEN in h.stock:
            raise ValueError("a guess must fill the stock")
        h.forget_cache()
        return h


def _partner(h: HandState, seat: int) -> int | None:
    """This seat's partner as it knows him: the seat opposite in team games; in Codillo
    the declarer for the called card's holder, and the holder for everyone once shown."""
    if h.kit.teams:
        return (seat + 2) % h.n
    if h.partner < 0:
        return None
    if seat == h.partner:
        return h.declarer
    if h.revealed and seat == h.declarer:
        return h.partner
    return None
