"""Decisions before play, from an estimate of what a hand makes: bids and the takeover
(subastado), juego, the called card (codillo), juego, acompaño and discards (bato), trumps,
butifarra, delegation and doubles (Butifarra), and the a dos exchange.

The estimate counts, card by card, the chance that the card takes a trick under a given
trump (the medium level's ``power``) times what such a trick carries, plus the cantes the
hand holds. Every level decides with it; the easy level adds mistakes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tute.ai.strength import power
from tute.cards import SUIT_MASK, card, cards_of
from tute.engine import Action, Observation
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
    TAKEOVER,
    TRUMP,
)

BID_MARGIN = 5.0
"""Points a bidder keeps in hand below his estimate, against bad luck."""
TAKEOVER_UP_TO = 60
"""The dealer takes over bids this low (of a hand of 130): a bidder who stops there usually
holds more."""
TUTE_HAND = 130
BUTIFARRA_HAND = 72
"""The hand totals (``Kit.hand_points``) the thresholds here were tuned on: each is scaled
to the game's own total (``scaled``), so that a file's other points keep their sense."""
JUEGO_SHARE = 1.35
JUEGO_SHARE_EVEN = 0.3
"""Codillo: say juego with an estimate this many times a fair share of the points; where
the call makes the sides even (two against two, four in the hand), this many: naming
trumps and the partner is then worth declaring almost any hand. Against medium players
declaring at 1.35, the loss ratio of one declaring at 0.3 with four in the hand was 0.774
[0.749, 0.799] (4,000 hands, duplicate deals), and among hard players 0.3 against 1.35
lowered it by 0.169 [0.087, 0.262] (200 hands); with five, no share from 0.9 to 1.3 told
apart from 1.35."""
BUTIFARRA_SURE = 4
"""Butifarra: masters (nines, or aces under a held nine) to play without trumps."""
NAME_AT = 30.0
CONTRO_AT = 40.0
RECONTRO_AT = 46.0
"""Butifarra: team points (of 72) the hand alone must promise to name trumps rather than
delegate, for a defender to double (contro, Sant Vicenç), and for the namer's side to
redouble."""
PASSED_PARTNER = 14.0
"""Butifarra: the most a partner who has just passed the same double is counted to make
(he showed a hand short of half the need; a fair share is 18 of 72)."""


def estimate(obs: Observation, hand: int, trump: int) -> float:
    """Points ``hand`` is expected to make with ``trump`` as trumps (-1: none)."""
    kit = obs.view.kit
    out = kit.deck & ~hand & ~obs.out_of_play & ~obs.played
    cards = cards_of(hand)
    seated = max(2, len(obs.playing))
    others = sum(kit.card_points[c] for c in cards_of(out))
    per_other = others / max(1, out.bit_count()) * (seated - 1) + kit.rules.trick_points
    value = 0.0
    for c in cards:
        value += power(c, out, trump, kit.beats) * (kit.card_points[c] + per_other)
    if trump >= 0:
        trumps = (hand & SUIT_MASK[trump]).bit_count()
        value += 3.0 * max(0, trumps - 2)  # long trumps draw the others' and take the last
    if kit.cantes:
        paired = kit.paired(hand)
        for s in range(4):
            if paired & SUIT_MASK[s]:
                value += 40 if s == trump else 20
    return value


def best_trump(obs: Observation, hand: int) -> tuple[int, float]:
    """The suit that makes the most of ``hand``, and what it makes."""
    values = [estimate(obs, hand, s) for s in range(4)]
    suit = max(range(4), key=lambda s: values[s])
    return suit, values[suit]


def decide(obs: Observation, choices: Sequence[Action], rng: random.Random) -> Action:
    """The decision for a turn before play (or an exchange during it)."""
    verbs = {a.verb for a in choices}
    hand = obs.hand
    kit = obs.view.kit

    def pick(verb: str, arg: int | None = None) -> Action:
        return next(a for a in choices if a.verb == verb and (arg is None or a.arg == arg))

    if len(choices) == 1:  # a dealer who must join a lone player (§13): nothing to weigh
        return choices[0]

    if EXCHANGE in verbs and DISCARD in verbs:
        return take_turned(obs, choices)
    if EXCHANGE in verbs:  # a higher trump for a lower one: always worth it
        return pick(EXCHANGE)
    if BID in verbs:
        _, value = best_trump(obs, hand)
        bids = [a for a in choices if a.verb == BID and a.arg <= value - BID_MARGIN]
        return min(bids, key=lambda a: a.arg) if bids else pick(PASS)
    if TAKEOVER in verbs:
        bid = obs.view.bid
        return pick(TAKEOVER if bid <= scaled(obs, TAKEOVER_UP_TO, TUTE_HAND) else PASS)
    if CALL in verbs:
        return pick(CALL, call_card(obs))
    if DISCARD in verbs:
        return discard(obs, choices)
    if ACOMPANO in verbs or (JUEGO in verbs and kit.rules.juego_sums):
        verb = ACOMPANO if ACOMPANO in verbs else JUEGO  # trumps shown, tricks promised
        return pick(verb if bato_tricks(obs) >= sum_needed(obs, verb) else PASS)
    if JUEGO in verbs:
        return pick(JUEGO if best_trump(obs, hand)[1] >= juego_need(obs) else PASS)
    if BUTIFARRA in verbs:
        return name_trumps(obs, choices)
    if TRUMP in verbs:
        return pick(TRUMP, best_trump(obs, hand)[0])
    if DOUBLE in verbs:
        return pick(DOUBLE if side_estimate(obs) >= double_need(obs) else PASS)
    return rng.choice(list(choices))


def juego_need(obs: Observation) -> float:
    """Codillo: the points a hand must promise to say juego."""
    playing = max(2, len(obs.playing))
    share = JUEGO_SHARE_EVEN if playing == 4 else JUEGO_SHARE
    return share * obs.view.kit.hand_points() / playing


def sum_needed(obs: Observation, verb: str) -> float:
    """The tricks a hand must promise (``bato_tricks``) to say juego or to accompany: the
    ruleset's measured ``juego_sums``, for its own commitment and table. Bato's (0.80 and
    0.45, about the best quarter and the best half of hands) are tuned against medium and
    hard players alike: with three, medium players answer each other best by declaring only
    strong hands (1.3) and accompanying every one, but with everyone's sums so moved, a
    medium seat among hard players lost 1.11 chips a hand more [0.69, 1.60], and 82% of the
    hands were passed out (43% at these sums)."""
    sums = obs.view.kit.rules.juego_sums
    assert sums is not None, "the loader requires juego_sums with a juego phase"
    chosen = sums.acompano if verb == ACOMPANO else sums.juego
    assert chosen is not None, "the loader requires acompano with phase juego_acompano"
    return chosen.get(obs.view.kit.options) / 100


def bato_tricks(obs: Observation) -> float:
    """Bato: the tricks the hand promises, as the sum of its cards' ``power``."""
    kit = obs.view.kit
    out = _out(obs)
    return sum(power(c, out, obs.trump, kit.beats) for c in cards_of(obs.hand))


def double_need(obs: Observation) -> float:
    """Butifarra: the side points a double asks for: more for the namer's side, whose
    trumps already count in its favour."""
    namer = obs.declarer
    ours = namer is not None and namer in (obs.seat, (obs.seat + 2) % obs.players)
    return scaled(obs, RECONTRO_AT if ours else CONTRO_AT, BUTIFARRA_HAND)


def scaled(obs: Observation, points: float, tuned_on: int) -> float:
    """``points`` of a hand of ``tuned_on`` points, in the game's own hand total."""
    return points * obs.view.kit.hand_points() / tuned_on


def partner_passed(obs: Observation) -> bool:
    """Butifarra: the partner has just declined the double now offered to this seat (a
    pass hands a step to the partner, §9)."""
    return bool(obs.auction) and obs.auction[-1] == f"{(obs.seat + 2) % obs.players} pass"


def side_estimate(obs: Observation) -> float:
    """Butifarra's doubling: what this hand makes, and the partner's hand taken as alike,
    or, if he has just passed this double, as no better than ``PASSED_PARTNER``."""
    mine = estimate(obs, obs.hand, obs.trump)
    most = scaled(obs, PASSED_PARTNER, BUTIFARRA_HAND)
    return mine + (min(mine, most) if partner_passed(obs) else mine)


SHORTLIST_BIDS = 4
"""Subastado: bids the hard level weighs against passing, around its estimate."""


def shortlist(obs: Observation, choices: Sequence[Action]) -> list[Action]:
    """The few decisions before play worth telling apart by search: every choice where
    there are few (pass or juego, trumps, Butifarra's butifarra and delegation, doubles),
    else the estimate's own choice and its near rivals (every bid, call or discard would be
    too many to sample well)."""
    verbs = {a.verb for a in choices}
    rng = random.Random(0)
    mine = decide(obs, choices, rng)
    if BID in verbs:
        _, value = best_trump(obs, obs.hand)
        bids = sorted((a for a in choices if a.verb == BID), key=lambda a: a.arg)
        near = [a for a in bids if value - 30 <= a.arg <= value + 10 and a.arg % 10 == 0]
        keep = [bids[0], *near[-SHORTLIST_BIDS:]] if bids else []
        return _unique([pick_verb(choices, PASS), mine, *keep])
    if CALL in verbs:
        kit = obs.view.kit
        missing = [c for c in kit.deck_cards if not obs.hand >> c & 1]
        best = sorted(missing, key=lambda c: kit.strength[c], reverse=True)
        trumps = [c for c in best if c // 12 == obs.trump][:3]
        tops = [next(c for c in best if c // 12 == s) for s in range(4)
                if s != obs.trump and any(c // 12 == s for c in best)]
        return _unique([mine, *(Action(obs.seat, CALL, c) for c in trumps + tops)])
    if DISCARD in verbs:
        out = _out(obs)
        kit = obs.view.kit
        order = sorted(cards_of(obs.hand), key=lambda c: power(c, out, obs.trump, kit.beats))
        most = discard_most(obs)
        weakest = [Action(obs.seat, DISCARD, sum(1 << c for c in order[:k]))
                   for k in range(most + 1)]
        return _unique([mine, *weakest])
    return list(choices)


def pick_verb(choices: Sequence[Action], verb: str) -> Action:
    return next(a for a in choices if a.verb == verb)


def _unique(actions: Sequence[Action]) -> list[Action]:
    return list(dict.fromkeys(actions))


def _out(obs: Observation) -> int:
    return obs.view.kit.deck & ~obs.hand & ~obs.out_of_play & ~obs.played


def call_card(obs: Observation) -> int:
    """Codillo: the strongest trump not held (its holder then helps most), else the
    strongest card of another suit."""
    kit = obs.view.kit
    strength = kit.strength
    missing = [c for c in kit.deck_cards if not obs.hand >> c & 1]
    return max(missing, key=lambda c: (c // 12 == obs.trump, strength[c]))


def discard(obs: Observation, choices: Sequence[Action]) -> Action:
    """Bato: throw the cards less likely to take a trick than one drawn in their place
    (never more than the stock allows). With a fixed bar (0.35, before) a medium player
    threw the second card of a plain suit, worth more than the average draw: one seat
    discarding against the draw gained, among medium players, 0.08 chips a hand [0.02,
    0.14] with three, 0.06 [0.01, 0.11] with four, 0.02 and 0.04 (within the noise) with
    five and six (4,000 hands)."""
    out = _out(obs)
    draw = drawn_power(obs, out)
    powers = {c: power(c, out, obs.trump, obs.view.kit.beats) for c in cards_of(obs.hand)}
    weak = sorted((c for c in powers if powers[c] < draw), key=powers.__getitem__)
    most = discard_most(obs)
    mask = 0
    for c in weak[:most]:
        mask |= 1 << c
    return Action(obs.seat, DISCARD, mask)


def discard_most(obs: Observation) -> int:
    """The most cards this seat may discard now (the file's limit; the stock's size,
    unless an empty stock is re-formed)."""
    kit = obs.view.kit
    return kit.discard_most if kit.restock else min(kit.discard_most, obs.stock_size)


TAKE_TURNED_MARGIN = 0.6
"""Where taking the turned card raises the taker's commitment or his payment, the tricks
the hand must then promise beyond the commitment's share: the pinta is taken only by a
hand this far over (per trick promised)."""


def take_turned(obs: Observation, choices: Sequence[Action]) -> Action:
    """The dealer's discard turn, with the turned card on offer: give the weakest card for
    it when it is the stronger (it always is a trump); where taking it costs more (three
    tricks, or a double payment), only with a hand that then promises enough tricks."""
    kit = obs.view.kit
    out = _out(obs)
    turned = obs.muestra
    cards = cards_of(obs.hand)
    weakest = min(cards, key=lambda c: power(c, out, obs.trump, kit.beats))
    if turned is None:
        return discard(obs, choices)
    gain = power(turned, out, obs.trump, kit.beats) - power(weakest, out, obs.trump,
                                                            kit.beats)
    costly = kit.commit_taker > kit.commit_each or kit.taker_pays > kit.fail_pays
    tricks = bato_tricks(obs) + gain
    if gain <= 0 or (costly and tricks < kit.commit_taker * TAKE_TURNED_MARGIN + 1):
        return discard(obs, choices)
    return Action(obs.seat, EXCHANGE, weakest)


def drawn_power(obs: Observation, out: int) -> float:
    """Bato: the chance that a card drawn from the unseen ones (``out``) takes a trick,
    on average over them."""
    beats = obs.view.kit.beats
    cards = cards_of(out)
    return sum(power(c, out & ~(1 << c), obs.trump, beats) for c in cards) / max(1, len(cards))


def masters(hand: int, ranks: tuple[int, ...]) -> int:
    """Butifarra's masters: each of the order's top card (the 9) held, counted twice with
    the next (the as) under it."""
    top, second = ranks[:2]
    return sum(1 + (hand >> card(second, s) & 1) for s in range(4) if hand >> card(top, s) & 1)


def name_trumps(obs: Observation, choices: Sequence[Action]) -> Action:
    """Butifarra: no trumps with enough masters; a strong suit; else hand it over."""
    hand = obs.hand
    verbs = {a.verb for a in choices}
    if masters(hand, obs.view.kit.order.ranks) >= BUTIFARRA_SURE:
        return Action(obs.seat, BUTIFARRA, 0)
    suit, value = best_trump(obs, hand)
    if value < scaled(obs, NAME_AT, BUTIFARRA_HAND) / 2 and DELEGATE in verbs:
        return Action(obs.seat, DELEGATE, 0)
    return Action(obs.seat, TRUMP, suit)
