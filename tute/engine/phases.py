"""What happens between the deal and the first trick: auctions, declarations, discards.

A game lists its phases in its ruleset (``phases: [subasta, takeover, name_trump]``); each is
a small state machine over the ``HandState`` (who speaks, what he may say, what it does).
When a phase is done, ``advance`` starts the next one the hand needs, or the play.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, ClassVar, Final

from tute.cards import card_text, cards_of
from tute.engine import events as ev
from tute.engine.actions import (
    ACOMPANO,
    BID,
    BUTIFARRA,
    CALL,
    DELEGATE,
    DISCARD,
    DOUBLE,
    EXCHANGE,
    JUEGO,
    PASS,
    PLAY,
    TAKEOVER,
    TRUMP,
    Action,
)
from tute.engine.errors import IllegalAction
from tute.engine.scoring import stake
from tute.engine.types import NO_TRUMP

if TYPE_CHECKING:
    from tute.engine.hand import HandState

PLAYING: Final = -1
"""``HandState.phase`` while tricks are played."""
MAX_BID: Final = 200
DOUBLE_STEPS: Final = ("contro", "recontro", "Sant Vicenç")
"""Butifarra's first, second and third double."""


class Phase:
    """One kind of phase: ``needed`` says whether this hand has it, ``start`` opens it,
    ``legal`` lists what the seat to act may do, ``act`` carries an action out."""

    name = ""
    needs: ClassVar[tuple[str, ...]] = ()
    """Options it reads: a ruleset naming it must define them."""
    about: ClassVar[str] = ""
    """What it does, for the schema reference (docs/ruleset-schema.md)."""

    def needed(self, h: HandState) -> bool:
        return True

    def misfit(self, undealt: int) -> str | None:
        """Why this phase cannot run when ``undealt`` cards of the deck lie in no seat's
        hand (a stock, or cards over), or None: the ruleset loader asks at every player
        count the file allows."""
        return None

    def allows(self, h: HandState, action: Action) -> bool:
        return action in self.legal(h)

    def start(self, h: HandState) -> list[ev.Event]:
        raise NotImplementedError

    def legal(self, h: HandState) -> list[Action]:
        raise NotImplementedError

    def act(self, h: HandState, action: Action) -> list[ev.Event]:
        raise NotImplementedError

    def wrong_seat(self, h: HandState, action: Action) -> str:
        """Why ``action`` by a seat whose turn it is not is refused."""
        return f"It is seat {h.to_act}'s turn, not seat {action.seat}'s."


def begin(h: HandState) -> list[ev.Event]:
    """Open the hand's first phase (or its play) once it is dealt."""
    h.phase = PLAYING
    return advance(h) if h.kit.phases else []


def advance(h: HandState) -> list[ev.Event]:
    """Start the next phase this hand needs, or the play."""
    phases = h.kit.phases
    i = h.phase + 1
    while i < len(phases):
        if phases[i].needed(h):
            h.phase = i
            return phases[i].start(h)
        i += 1
    h.phase = PLAYING
    h.queue = []
    h.to_act = h.playing[0]
    h.mask_ply = -1
    return [ev.ContractSet(h.declarer if h.declarer >= 0 else None,
                           h.contract if h.contract >= 0 else None, h.multiplier)]


def legal(h: HandState) -> list[Action]:
    return h.kit.phases[h.phase].legal(h)


def apply(h: HandState, action: Action) -> list[ev.Event]:
    phase = h.kit.phases[h.phase]
    if action.seat != h.to_act:
        raise IllegalAction(phase.wrong_seat(h, action))
    if not phase.allows(h, action):
        raise IllegalAction(why_not(h, phase, action))
    h.ply += 1
    h.spoken.append(action)
    return phase.act(h, action)


def why_not(h: HandState, phase: Phase, action: Action) -> str:
    """A player's sentence for an action the phase does not allow."""
    verbs = sorted({a.verb for a in phase.legal(h)})
    seat, verb, arg = action
    if verb == BID and BID in verbs:
        low = min(a.arg for a in phase.legal(h) if a.verb == BID)
        if arg % 5:
            return f"A bid is a multiple of 5, not {arg}."
        if arg > MAX_BID:
            return f"The highest bid is {MAX_BID}."
        return f"The lowest bid now is {low}."
    if verb == CALL and CALL in verbs:
        return f"You hold the {card_text(arg)}: call a card you do not hold."
    if verb == DISCARD and DISCARD in verbs:
        if arg & ~h.hands[seat]:
            missing = " ".join(card_text(c) for c in cards_of(arg & ~h.hands[seat]))
            return f"You do not hold {missing}."
        most = discard_limit(h)
        if h.kit.restock:
            return f"Discard at most {most} cards."
        return f"Discard at most {most} cards (the stock holds {len(h.stock)})."
    if verb == EXCHANGE:
        return "Only the dealer may take the turned card, once, before he discards."
    if verb == DELEGATE and TRUMP in verbs:
        return "Only the dealer may delegate, once."
    return f"Now you may only {' or '.join(verbs)}."


def _record(h: HandState, action: Action, out: bool = False) -> ev.Spoke:
    """The action said, kept in the auction; ``out``: it takes the speaker out of the hand."""
    h.auction.append(action.record_text())
    if out:
        h.folded |= 1 << action.seat
    return ev.Spoke(action.seat, action.verb, action.arg, out)


def _void(h: HandState) -> list[ev.Event]:
    """Everyone passed: the hand ends unplayed."""
    h.void = True
    h.over = True
    h.to_act = -1
    h.queue = []
    return [ev.HandVoided()]


def _next_in_queue(h: HandState) -> bool:
    """Hand the turn to the next seat in the queue; False when nobody is left."""
    if not h.queue:
        return False
    h.to_act = h.queue.pop(0)
    return True


def _declare(h: HandState, seat: int) -> None:
    """``seat`` plays the hand for his side (side 0) against the rest (side 1)."""
    h.declarer = seat
    for s in range(h.n):
        h.side_of[s] = 0 if s == seat else 1


# ----------------------------------------------------------------- auctions
class Subasta(Phase):
    """Tute subastado (§6): bids in fives from ``min_bid`` to 200, or pass; one round, or
    open (a pass is final; the top bidder is not asked until outbid). All pass: void."""

    name = "subasta"
    about = ("From the mano, each bids in fives from the option `min_bid` up to 200, or passes; "
             "the option `auction` makes it one round or open (a pass is final, the top bidder is "
             "not asked until outbid). The top bidder declares, his bid the contract; all passing "
             "voids the hand.")
    needs = ("min_bid", "auction")

    def start(self, h: HandState) -> list[ev.Event]:
        h.queue = list(h.playing)
        _next_in_queue(h)
        return []

    def legal(self, h: HandState) -> list[Action]:
        low = max(int(h.kit.options["min_bid"]), h.bid + 5)
        return [Action(h.to_act, PASS, 0)] + [Action(h.to_act, BID, b)
                                              for b in range(low, MAX_BID + 1, 5)]

    def act(self, h: HandState, action: Action) -> list[ev.Event]:
        seat = action.seat
        if action.verb == BID:
            h.bid, h.bidder = action.arg, seat
        else:
            h.passed[seat] = True
        events: list[ev.Event] = [_record(h, action)]
        if h.kit.options["auction"] == "open":
            following = self._open_next(h, seat)
            if following is not None:
                h.to_act = following
                return events
        elif _next_in_queue(h):
            return events
        if h.bidder < 0:
            return events + _void(h)
        h.contract = h.bid
        _declare(h, h.bidder)
        return events + advance(h)

    @staticmethod
    def _open_next(h: HandState, seat: int) -> int | None:
        """The next seat to speak in an open auction, or None when it is over."""
        order = h.playing
        i = order.index(seat)
        for step in range(1, len(order) + 1):
            s = order[(i + step) % len(order)]
            if not h.passed[s] and s != h.bidder:
                return s
        return None


class Takeover(Phase):
    """The dealer may take over the top bid (§6): he commits to bid + 10 with the top
    bidder's cards and seat, for double stakes; the bidder sits out."""

    name = "takeover"
    about = ("With the option `takeover` on and a dealer who sits out, the dealer may take the top"
             " bid over: he plays the bidder's cards from the bidder's seat, committed to the bid "
             "+ 10, for double stakes.")
    needs = ("takeover",)

    def needed(self, h: HandState) -> bool:
        return bool(h.kit.options["takeover"]) and h.sitting_out is not None

    def start(self, h: HandState) -> list[ev.Event]:
        assert h.sitting_out is not None
        h.to_act = h.sitting_out
        return []

    def legal(self, h: HandState) -> list[Action]:
        return [Action(h.to_act, TAKEOVER, 0), Action(h.to_act, PASS, 0)]

    def act(self, h: HandState, action: Action) -> list[ev.Event]:
        events: list[ev.Event] = [_record(h, action)]
        if action.verb == TAKEOVER:
            dealer, bidder = action.seat, h.bidder
            h.took_over = True
            h.contract = h.bid + 10
            events.append(ev.TakenOver(dealer, bidder, tuple(cards_of(h.hands[bidder])),
                                       h.bid, h.contract, stake(h)))
            h.hands[dealer], h.hands[bidder] = h.hands[bidder], 0
            h.sitting_out = bidder
            h.seat_order(tuple(dealer if s == bidder else s for s in h.playing))
            _declare(h, dealer)
        return events + advance(h)


class JuegoPaso(Phase):
    """Codillo (§7): from the mano each says juego or pass; the first juego declares.
    All pass: void."""

    name = "juego_paso"
    about = ("From the mano, each says juego or pass; the first juego declares. All passing voids "
             "the hand.")

    def start(self, h: HandState) -> list[ev.Event]:
        h.queue = list(h.playing)
        _next_in_queue(h)
        return []

    def legal(self, h: HandState) -> list[Action]:
        return [Action(h.to_act, JUEGO, 0), Action(h.to_act, PASS, 0)]

    def act(self, h: HandState, action: Action) -> list[ev.Event]:
        events: list[ev.Event] = [_record(h, action)]
        if action.verb == JUEGO:
            _declare(h, action.seat)
            h.queue = []
            return events + self.declared(h)
        if _next_in_queue(h):
            return events
        return events + _void(h)

    def declared(self, h: HandState) -> list[ev.Event]:
        return advance(h)


class JuegoAcompano(JuegoPaso):
    """Bato (§8): at the first juego every other player, from the declarer's right, says
    acompaño or pass; those who do neither fold. Nobody accompanying: the declarer takes
    the four tricks unopposed."""

    name = "juego_acompano"
    about = ("From the mano, each says juego or pass; after the first juego every other player, "
             "from the declarer's right, accompanies or folds. Nobody accompanying, the declarer "
             "takes every trick unplayed; all passing voids the hand.")

    def declared(self, h: HandState) -> list[ev.Event]:
        i = h.playing.index(h.declarer)
        h.queue = [h.playing[(i + k) % len(h.playing)] for k in range(1, len(h.playing))]
        _next_in_queue(h)
        return []

    def legal(self, h: HandState) -> list[Action]:
        if h.declarer < 0:
            return super().legal(h)
        return [Action(h.to_act, ACOMPANO, 0), Action(h.to_act, PASS, 0)]

    def act(self, h: HandState, action: Action) -> list[ev.Event]:
        if h.declarer < 0:
            return super().act(h, action)
        events: list[ev.Event] = [_record(h, action, out=action.verb == PASS)]
        if action.verb == ACOMPANO:
            h.accompanying.append(action.seat)
        if _next_in_queue(h):
            return events
        d = h.declarer
        i = h.playing.index(d)
        active = {d, *h.accompanying}
        first = 0 if h.kit.lead_first_active else i
        h.seat_order(tuple(s for s in h.playing[first:] + h.playing[:first] if s in active))
        if not h.accompanying:
            return events + unopposed(h, d)
        return events + advance(h)


def unopposed(h: HandState, d: int) -> list[ev.Event]:
    """``d``, alone in the hand, is counted as taking every trick with his cards."""
    cards = h.hands[d]
    pts = sum(h.kit.card_points[c] for c in cards_of(cards))
    h.taken[d] = h.tricks_left
    h.won_points[d] = pts
    h.last_trick = d
    h.tricks_left = 0
    h.over = True
    h.to_act = -1
    return [ev.TrickTaken(d, tuple(cards_of(cards)), pts, True)]


class JuegoEach(Phase):
    """Each decides alone (§13): from the mano each says juego or pass, once; those who
    say juego are in, the others are out of the hand. Nobody in: void. One player in:
    under ``lone: unopposed`` he takes every trick unopposed; under ``lone: last_joins``
    the last to speak must join him (and is not asked when nobody is in)."""

    name = "juego_each"
    about = ("From the mano, each says juego or pass once, on his own: who says juego is in, "
             "the others are out of the hand; nobody in voids it; one player in alone follows "
             "the key `lone`.")

    def start(self, h: HandState) -> list[ev.Event]:
        h.queue = list(h.playing)
        _next_in_queue(h)
        return []

    def legal(self, h: HandState) -> list[Action]:
        if self._must_join(h):
            return [Action(h.to_act, JUEGO, 0)]
        return [Action(h.to_act, JUEGO, 0), Action(h.to_act, PASS, 0)]

    @staticmethod
    def _must_join(h: HandState) -> bool:
        return h.kit.lone_joins and not h.queue and len(h.accompanying) == 1

    def act(self, h: HandState, action: Action) -> list[ev.Event]:
        if self._must_join(h):
            h.forced = action.seat
        events: list[ev.Event] = [_record(h, action, out=action.verb == PASS)]
        if action.verb == JUEGO:
            h.accompanying.append(action.seat)
        else:
            h.passed[action.seat] = True
        if h.queue and not (h.kit.lone_joins and len(h.queue) == 1 and not h.accompanying):
            _next_in_queue(h)
            return events
        h.queue = []
        ins = h.accompanying
        if not ins:
            return events + _void(h)
        h.seat_order(tuple(s for s in h.playing if s in ins))
        if len(ins) == 1:
            return events + unopposed(h, ins[0])
        return events + advance(h)


# ----------------------------------------------------------------- declarations
class NameTrump(Phase):
    """The declarer names trumps (subastado, codillo)."""

    name = "name_trump"
    about = ('The declarer names the trump suit.')

    def start(self, h: HandState) -> list[ev.Event]:
        h.to_act = h.declarer
        return []

    def legal(self, h: HandState) -> list[Action]:
        return [Action(h.to_act, TRUMP, s) for s in range(4)]

    def act(self, h: HandState, action: Action) -> list[ev.Event]:
        h.trump = action.arg
        h.namer = action.seat
        return [ev.Spoke(action.seat, action.verb, action.arg), ev.TrumpShown(h.trump, None, None),
                *advance(h)]


class NameOrDelegate(Phase):
    """Butifarra (§9): the dealer names a suit, butifarra (no trumps, ×2), or delegates
    once to his partner, who must then name a suit or butifarra."""

    name = "name_or_delegate"
    about = ("The dealer names a suit or butifarra (no trumps, the hand's multiplier doubled), or "
             "once delegates to his partner, who must then name.")

    def start(self, h: HandState) -> list[ev.Event]:
        h.to_act = h.dealer
        return []

    def legal(self, h: HandState) -> list[Action]:
        seat = h.to_act
        out = [Action(seat, TRUMP, s) for s in range(4)] + [Action(seat, BUTIFARRA, 0)]
        if not h.delegated:
            out.append(Action(seat, DELEGATE, 0))
        return out

    def act(self, h: HandState, action: Action) -> list[ev.Event]:
        seat, verb, arg = action
        spoke = ev.Spoke(seat, verb, arg)
        if verb == DELEGATE:
            h.delegated = True
            h.to_act = (seat + 2) % h.n
            return [spoke]
        h.namer = seat
        h.declarer = seat
        if verb == BUTIFARRA:
            h.trump = NO_TRUMP
            h.multiplier = 2
        else:
            h.trump = arg
        return [spoke, ev.TrumpShown(h.trump, None, None), *advance(h)]


class Doubling(Phase):
    """Contro, recontro and, with ``sant_vicenc``, Sant Vicenç (§9): each step is offered
    in turn to the two players of the side entitled to it (the defenders, the mano first;
    then the side that named trumps, the namer first; then the defenders again); ``double``
    takes it and opens the next step, ``pass`` hands it to the partner, and when both have
    passed the doubling ends. With ``contro_by: mano`` only the mano speaks for the
    defenders. Each double doubles the multiplier."""

    name = "doubling"
    about = ("Contro, recontro and, with the option `sant_vicenc`, Sant Vicenç: each doubles the "
             "hand's multiplier; each step is offered to both players of the side entitled to it "
             "(the defenders, then the namer's side, then the defenders), a pass handing it to the"
             " partner. With the option `contro_by: mano` only the mano speaks for the defenders.")
    needs = ("sant_vicenc", "contro_by")

    def start(self, h: HandState) -> list[ev.Event]:
        return self._offer(h)

    def legal(self, h: HandState) -> list[Action]:
        return [Action(h.to_act, DOUBLE, 0), Action(h.to_act, PASS, 0)]

    def act(self, h: HandState, action: Action) -> list[ev.Event]:
        events: list[ev.Event] = [_record(h, action)]
        if action.verb == PASS:
            return events + ([] if _next_in_queue(h) else advance(h))
        h.doubles += 1
        h.multiplier *= 2
        most = 3 if h.kit.options["sant_vicenc"] else 2
        if h.doubles >= most:
            return events + advance(h)
        return events + self._offer(h)

    @staticmethod
    def _offer(h: HandState) -> list[ev.Event]:
        """Offer the next step to its side: the first to speak, then (where the rules
        let him) his partner."""
        first = h.namer if h.doubles % 2 else h.mano
        alone = not h.doubles % 2 and h.kit.options["contro_by"] == "mano"
        h.queue = [first] if alone else [first, (first + 2) % h.n]
        _next_in_queue(h)
        return []

    def wrong_seat(self, h: HandState, action: Action) -> str:
        """A card played while the doubling goes on: most likely a record written when a
        single pass ended it; say what the rule is now."""
        plain = super().wrong_seat(h, action)
        if action.verb != PLAY:
            return plain
        step = DOUBLE_STEPS[min(h.doubles, len(DOUBLE_STEPS) - 1)]
        return (f"{plain[:-1]}: the doubling is not over. The {step} is offered to seat "
                f"{h.to_act}; a pass hands it to the partner, and only when both players of "
                "the side have passed does play begin (a record written when one pass "
                f"ended the doubling needs '{h.to_act} pass' here).")


class CallPartner(Phase):
    """Codillo (§7): the declarer calls a card he does not hold; its holder is his
    partner, known to himself only until the card is played."""

    name = "call_partner"
    about = ("The declarer calls a card he does not hold; its holder is his partner, known to "
             "himself alone until the card is played.")

    def misfit(self, undealt: int) -> str | None:
        """The called card's holder is the partner: a card no seat holds would leave the
        declarer without one, so every card must be dealt."""
        if undealt:
            return (f"phase '{self.name}' needs every card in a hand (the called card's "
                    f"holder is the partner), and {undealt} of the deck's cards are dealt "
                    "to nobody")
        return None

    def start(self, h: HandState) -> list[ev.Event]:
        h.to_act = h.declarer
        return []

    def legal(self, h: HandState) -> list[Action]:
        mine = h.hands[h.to_act]
        return [Action(h.to_act, CALL, c) for c in h.kit.deck_cards if not mine >> c & 1]

    def act(self, h: HandState, action: Action) -> list[ev.Event]:
        c = action.arg
        h.called = c
        h.partner = next(s for s in range(h.n) if h.hands[s] >> c & 1)
        h.side_of[h.partner] = 0
        return [ev.Spoke(action.seat, action.verb, action.arg), *advance(h)]


def discard_limit(h: HandState) -> int:
    """The most cards the seat to act may discard: the file's ``discard.max`` (the hand
    size where it says so), and, unless an empty stock is re-formed, what the stock holds."""
    most = h.kit.discard_most
    return most if h.kit.restock else min(most, len(h.stock))


def may_take_turned(h: HandState, seat: int) -> bool:
    """The dealer, in the hand, may still take the turned card (before he discards)."""
    return (h.kit.dealer_takes_turned and seat == h.dealer and h.taker < 0
            and h.muestra is not None and bool(h.out_of_play >> h.muestra & 1))


class DiscardDraw(Phase):
    """Bato (§8), §13: each player in, once, discards face down up to the file's
    ``discard.max`` cards and draws as many from the stock, in the hand's playing order or
    from the mano (``discard.order``); an empty stock caps the discard, or is re-formed from
    the cards out of play (``discard.when_empty``). Where ``turned_card`` lets him, the
    dealer may first give a card for the turned one (``exchange C``)."""

    name = "discard_draw"
    about = ("The declarer, then each accompanying player, discards 0 to 4 cards face down and "
             "draws as many from the stock, never more than it holds.")

    def start(self, h: HandState) -> list[ev.Event]:
        order = list(h.playing)  # the declarer first, then the others in turn
        if h.kit.discard_from_mano:
            order.sort(key=lambda s: (s - h.mano) % h.n)
        h.queue = order
        _next_in_queue(h)
        return []

    def allows(self, h: HandState, action: Action) -> bool:
        """Any cards of the hand up to the limit; the turned card for one of them."""
        seat, verb, arg = action
        if verb == EXCHANGE:
            return may_take_turned(h, seat) and bool(h.hands[seat] >> arg & 1)
        return (verb == DISCARD and not arg & ~h.hands[seat]
                and arg.bit_count() <= discard_limit(h))

    def legal(self, h: HandState) -> list[Action]:
        seat = h.to_act
        out = [Action(seat, DISCARD, 0)]
        if discard_limit(h):
            out += [Action(seat, DISCARD, 1 << c) for c in cards_of(h.hands[seat])]
        if may_take_turned(h, seat):
            out += [Action(seat, EXCHANGE, c) for c in cards_of(h.hands[seat])]
        return out

    def act(self, h: HandState, action: Action) -> list[ev.Event]:
        seat = action.seat
        if action.verb == EXCHANGE:
            return self.take_turned(h, seat, action.arg)
        mask = action.arg
        cards = cards_of(mask)
        h.hands[seat] ^= mask
        # A card everyone knows he holds (the turned card he took) is seen to go: it lies
        # face up; the others face down, seen by him only.
        shown = mask & h.known[seat]
        h.known[seat] &= ~mask
        h.out_of_play |= shown
        h.discarded[seat] |= mask & ~shown
        h.discards[seat] += len(cards)
        events: list[ev.Event] = [ev.Discarded(seat, tuple(cards))]
        for _ in cards:
            if not h.stock:
                restock(h, seat, mask)
            c = h.stock.pop(0)
            h.hands[seat] |= 1 << c
            events.append(ev.CardDrawn(seat, c, len(h.stock)))
        if _next_in_queue(h):
            return events
        return events + advance(h)

    @staticmethod
    def take_turned(h: HandState, seat: int, gave: int) -> list[ev.Event]:
        """The dealer gives ``gave``, face down, for the turned card, which everyone then
        knows he holds; his discard turn goes on."""
        turned = h.muestra
        assert turned is not None
        h.hands[seat] ^= 1 << gave | 1 << turned
        h.known[seat] |= 1 << turned
        h.out_of_play &= ~(1 << turned)
        h.discarded[seat] |= 1 << gave
        h.taker = seat
        h.exchanges.append((seat, gave))
        return [ev.Exchanged(seat, gave, turned, given_down=True)]


def restock(h: HandState, seat: int, thrown: int) -> None:
    """The stock is empty while ``seat`` still draws (``restock_out_of_play``): a new one
    is formed from every card not held by a player in, save the turned card while it lies
    on the table and what ``seat`` gave this turn (``thrown``, and a card given for the
    turned one), shuffled by the seed the match's generator drew at the deal (a record's
    ``restocks`` are followed instead)."""
    held = 0
    for s in h.playing:
        held |= h.hands[s]
    given = h.discarded[seat] | thrown
    on_table = 1 << h.muestra if h.muestra is not None and h.taker < 0 else 0
    pool = h.kit.deck & ~held & ~given & ~on_table
    cards = cards_of(pool)
    Random(h.restock_seed * 8 + len(h.restocks)).shuffle(cards)
    if h.given_restocks is not None and len(h.given_restocks) > len(h.restocks):
        told = h.given_restocks[len(h.restocks)]
        if sorted(told) != sorted(cards):
            raise IllegalAction("restocks: a new stock holds the cards out of play ("
                                f"{' '.join(card_text(c) for c in sorted(cards))}), each "
                                "once")
        cards = list(told)
    h.out_of_play &= ~pool  # a turned card thrown face up goes back into play too
    for s in range(h.n):
        h.discarded[s] &= ~pool  # the discards go back into play
        if s not in h.playing:
            h.hands[s] &= ~pool
    h.restocks.append(tuple(cards))
    h.stock = cards


PHASES: dict[str, Phase] = {p.name: p for p in (
    Subasta(), Takeover(), JuegoPaso(), JuegoAcompano(), NameTrump(), NameOrDelegate(),
    Doubling(), CallPartner(), DiscardDraw(), JuegoEach())}

LONE: dict[str, str] = {
    "unopposed": "One player in takes every trick unopposed, with no discard and no play.",
    "last_joins": "The last to speak must join exactly one player in; nobody in: he is not "
                  "asked and the hand is void."}
"""What a lone player does (the key ``lone``, read by ``juego_each``)."""
LEAD: dict[str, str] = {
    "declarer": "The declarer leads the first trick.",
    "first_active": "The first player in from the mano leads the first trick."}
"""Who leads after a phase that decides who is in (the key ``lead``)."""
