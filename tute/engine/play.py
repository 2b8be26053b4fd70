"""The trick kernel: legal cards, playing a card, closing a trick, drawing from a stock,
and renuncio accusations; exchanges of the muestra are the kit's ``Exchange``.

Functions of a ``HandState``; they return the events they caused and mark the hand
``over`` when it ends (the match scores it). Nothing here reads an option string.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tute.cards import beats, cards_of
from tute.engine import cantes, phases
from tute.engine import events as ev
from tute.engine.actions import ACCUSE, DRAW, EXCHANGE, MAX_SEATS, PLAY, PLAYS, SING, Action
from tute.engine.errors import IllegalAction
from tute.engine.obligations import Reason, explain, must_trump, no_cargar, reason_text
from tute.engine.types import ACCUSE_MODE, PREVENT

if TYPE_CHECKING:
    from tute.engine.hand import HandState

_PLAYED: Final = tuple(
    tuple(tuple(ev.CardPlayed(seat, c, w) for w in range(MAX_SEATS)) for c in range(48))
    for seat in range(MAX_SEATS))
"""Shared, immutable play events, by seat, card and the seat winning the trick after it:
most plays reuse one instead of building it."""


def obligation_mask(h: HandState, seat: int) -> int:
    current = seat == h.to_act
    if current and h.mask_ply == h.ply:
        return h.mask
    lead = h.lead
    kit = h.kit
    partner = kit.partner_aware and lead >= 0 and h.side_of[h.win_seat] == h.side_of[seat]
    allowed = h.family.legal(h.hands[seat], lead, h.win_card, h.trump, kit.beats, partner)
    if kit.must_trump and lead >= 0:
        allowed = must_trump(allowed, h.hands[seat], lead, h.trump)
    if kit.no_cargar and lead >= 0:
        allowed = no_cargar(allowed, lead, h.win_card, h.trump, kit.order)
    if current:
        h.mask_ply, h.mask = h.ply, allowed
    return allowed


def play_mask(h: HandState, seat: int) -> int:
    return obligation_mask(h, seat) if h.kit.renuncio == PREVENT else h.hands[seat]


def legal_actions(h: HandState) -> list[Action]:
    if h.phase >= 0:
        return phases.legal(h)
    seat = h.to_act
    kit = h.kit
    if h.drawing:  # the window before the draw: exchange, or go on to the draw
        return [*kit.exchange.options(h, seat), Action(seat, DRAW, 0),
                *accusations(h, seat)]
    plays = PLAYS[seat]
    mask = obligation_mask(h, seat) if kit.renuncio == PREVENT else h.hands[seat]
    out = [plays[c] for c in cards_of(mask)]
    if h.may_sing == seat:
        out += cantes.sing_options(h, seat)
    if h.may_exchange == seat:
        out += kit.exchange.options(h, seat)
    if kit.renuncio == ACCUSE_MODE:
        out += accusations(h, seat)
    return out


def accusations(h: HandState, seat: int) -> list[Action]:
    """Accusations ``seat`` may make now (``accuse`` mode, at any time of the hand)."""
    if h.kit.renuncio != ACCUSE_MODE or h.over or seat not in h.playing:
        return []
    return [Action(seat, ACCUSE, j) for j in h.playing if j != seat]


def why_illegal(h: HandState, seat: int, c: int) -> Reason | None:
    """Why ``seat`` may not play card ``c`` now, or None when it may."""
    hand = h.hands[seat]
    partner = h.kit.partner_aware and h.lead >= 0 and h.side_of[h.win_seat] == h.side_of[seat]
    base = h.family.legal(hand, h.lead, h.win_card, h.trump, h.kit.beats, partner)
    allowed = obligation_mask(h, seat)
    if hand >> c & 1 and allowed >> c & 1:
        return None
    if hand >> c & 1 and base >> c & 1:
        if h.kit.must_trump and must_trump(base, hand, h.lead, h.trump) != base:
            return Reason("must_trump", h.trump, allowed)
        return Reason("lowest_card", -1, allowed)
    return explain(hand, c, base, h.lead, h.win_card, h.trump)


def apply(h: HandState, action: Action) -> list[ev.Event]:
    seat, verb, arg = action
    if h.over:
        raise IllegalAction("The hand is over.")
    if h.phase >= 0:
        if verb == ACCUSE:
            raise IllegalAction("There is nothing to accuse before the first card.")
        return phases.apply(h, action)
    if verb == PLAY and seat == h.to_act:
        return play_card(h, seat, arg)
    if verb == ACCUSE:
        return accuse(h, seat, arg)
    if seat != h.to_act:
        raise IllegalAction(f"It is seat {h.to_act}'s turn, not seat {seat}'s.")
    if verb == SING:
        return cantes.sing(h, seat, arg)
    if verb == EXCHANGE:
        events = h.kit.exchange.act(h, seat, arg)
        if h.drawing and not h.kit.exchange.options(h, seat):
            events += end_window(h)
        return events
    if verb == DRAW:
        if not h.drawing:
            raise IllegalAction("There is nothing to decide before a draw now.")
        h.ply += 1
        return end_window(h)
    raise IllegalAction(f"'{verb}' is not an action of {h.kit.name}.")


def play_card(h: HandState, seat: int, c: int) -> list[ev.Event]:
    if h.drawing:
        raise IllegalAction("The draw comes first: exchange the muestra, or draw.")
    hand = h.hands[seat]
    bit = 1 << c
    revoke = False
    allowed = h.mask if h.mask_ply == h.ply else obligation_mask(h, seat)
    if not allowed & bit:
        if not hand & bit or h.kit.renuncio == PREVENT:
            reason = why_illegal(h, seat, c)
            assert reason is not None
            raise IllegalAction(reason_text(reason, "en"), reason)
        revoke = True
        if seat not in h.revokers:
            h.revokers.append(seat)
    h.ply += 1
    h.hands[seat] = hand ^ bit
    if h.known[seat] & bit:
        h.known[seat] ^= bit
    h.played |= bit
    h.may_sing = h.may_exchange = -1
    if h.lead < 0:
        h.lead = c // 12
        h.win_card, h.win_seat = c, seat
    elif beats(c, h.win_card, h.trump, h.kit.strength):
        h.win_card, h.win_seat = c, seat
    h.trick_seats.append(seat)
    h.trick_cards.append(c)
    winner = h.win_seat
    played = ev.CardPlayed(seat, c, winner, True) if revoke else _PLAYED[seat][c][winner]
    events: list[ev.Event] = [played]
    if c == h.called:
        h.revealed = True
        events.append(ev.PartnerRevealed(seat))
    if len(h.trick_cards) < h.seats_in_hand:
        h.to_act = h.next_seat[seat]
        return events
    return events + close_trick(h)


def close_trick(h: HandState) -> list[ev.Event]:
    winner = h.win_seat
    cards = tuple(h.trick_cards)
    values = h.kit.card_points
    pts = 0
    for c in cards:
        pts += values[c]
    h.tricks.append((winner, tuple([(s, c) for s, c in zip(h.trick_seats, cards, strict=True)])))
    h.taken[winner] += 1
    h.won_points[winner] += pts
    h.tricks_left -= 1
    last = h.tricks_left == 0
    if last:
        h.last_trick = winner
    h.trick_seats, h.trick_cards = [], []
    h.lead = -1
    h.to_act = winner
    h.sang_trick = 0
    events: list[ev.Event] = [ev.TrickTaken(winner, cards, pts, last)]
    kit = h.kit
    if kit.forced_cantes:
        events += cantes.forced(h, winner, cards)
    if last:
        h.over = True
        return events
    if h.stop_at and h.reached() is not None:
        return events + h.stop()
    if h.stock and kit.draws:
        h.free_tricks += h.family is not kit.family
        if kit.exchange.before_draw and kit.exchange.voluntary and kit.exchange.options(
                h, winner):
            h.drawing = True
            h.may_exchange = winner
            return events
        events += draw(h, winner)
    open_lead(h, winner)
    return events


def open_lead(h: HandState, winner: int) -> None:
    """After a trick and its draw: the winner may sing, and exchange at the lead."""
    kit = h.kit
    if kit.cantes and (h.stock or kit.sings_after_stock or not kit.draws):
        h.may_sing = winner
    if kit.exchange.voluntary and not kit.exchange.before_draw and h.stock:
        h.may_exchange = winner


def end_window(h: HandState) -> list[ev.Event]:
    """Close the decision window before the draw: the draw, then the lead."""
    winner = h.to_act
    h.drawing = False
    h.may_exchange = -1
    events = draw(h, winner)
    open_lead(h, winner)
    return events


def draw(h: HandState, winner: int) -> list[ev.Event]:
    """After a trick the winner draws the top card of the stock, then the others in turn;
    the last card drawn is the face-up one, seen by everyone."""
    events: list[ev.Event] = []
    seat = winner
    for _ in range(h.seats_in_hand):
        if not h.stock:
            break
        c = h.stock.pop(0)
        h.hands[seat] |= 1 << c
        public = not h.stock
        if public:
            h.known[seat] |= 1 << c
        events.append(ev.CardDrawn(seat, c, len(h.stock), public))
        seat = h.next_seat[seat]
    if not h.stock and h.family is not h.kit.family:
        h.family = h.kit.family
        h.mask_ply = -1
        events.append(ev.StockEmptied(h.kit.family_name))
    return events


def accuse(h: HandState, seat: int, accused: int) -> list[ev.Event]:
    if h.kit.renuncio != ACCUSE_MODE:
        raise IllegalAction("Accusations are only allowed when renuncio is 'accuse'.")
    if seat not in h.playing or accused not in h.playing or seat == accused:
        raise IllegalAction(f"Seat {seat} cannot accuse seat {accused} in this hand.")
    proven = accused in h.revokers
    h.over = True
    if proven:
        h.revoker = accused
    else:
        h.false_accuser = seat
    h.to_act = -1
    h.may_sing = h.may_exchange = -1
    return [ev.Accused(seat, accused, proven)]
