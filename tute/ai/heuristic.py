"""The medium level: a card-counting Cabrero player, also the hard level's rollout policy.

The policy is written against a ``HandState`` and a seat, reading only that seat's hand and the
public state, plus the public deductions ``not_held`` (per seat, cards it cannot hold). The
medium player runs it on the observation's public copy; the hard player runs it for every
seat inside its searches on guessed deals, where it must cost microseconds.

Each decision picks a goal: **a más** (most points: take tricks, sing, keep trumps for the
tricks that carry points), **zero** (take no trick at all: a seat without a trick neither
wins nor loses), or **a menos** (already a taker behind the leader: take nothing more and
load points onto the others' tricks so as not to be caught in the middle). A capote is
pursued when in reach and fought when another seat threatens it.

Cantes weigh on every goal: a pair is kept while it may be sung (a más) and three reyes or
caballos while a stock may bring the fourth; tricks are taken to block a foe seen holding
three of them.

In free play (Brisca, and Tute a dos while the stock lasts) a later seat may take a card
with any trump, void in the suit or not, and holds a hand's worth of cards, not one a trick
left: a lead is as safe as the chance that no foe holds a card to take it.

Teamwork, where two sides play: a partner's trick that no foe still to play can take is
kept (not overtaken: a winner spent on a trick that is already the side's wins nothing
more) and loaded with points; with a partner still to play, a lead he is seen void in may
be his to ruff, and a lead whose master he may hold his to take. The one signal the side
shares is written in one place (``SIGNAL``): the policy's discards keep it, its leads read it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from tute.ai.base import Player
from tute.ai.knowledge import read
from tute.ai.strength import power
from tute.cards import SUIT_MASK, beats, cards_of, mask_of
from tute.engine import Action, HandState, Observation
from tute.engine.actions import SING_40, SING_TUTE, cante_suit
from tute.engine.cantes import singers
from tute.engine.obligations import Free

MAS, ZERO, MENOS, CAPOTE, STOP_CAPOTE = range(5)

ZERO_BELOW = 2.5
"""Expected tricks under which a seat without tricks tries to take none."""
PER_TRICK = 18.0
"""Points an expected trick brings, to project a seat's final total."""
MARGIN = 10.0
"""Projected points ahead of the best other seat a taker wants to keep playing a más."""
FOLLOWER_POINTS = 2.0
"""Points each later player is expected to add to a trick."""
MAS_WIN = -5.0
"""Worth of taking a trick beyond its points, a más: negative, since every trick taken
also commits the seat and hands it the lead."""
DUMP = 10.0
"""Worth, when avoiding tricks, of getting rid of a card that could win one later."""
TRUMP_DANGER = 0.8
"""Extra danger of a trump when avoiding tricks: a void suit forces it onto a trick."""
LOAD = 2.0
"""Worth per point, a menos, of loading a card's points onto someone else's trick."""
SING_CHANCES = 2.0
"""Tricks left to win in which a pair kept in hand counts at its full cante value."""
TRICK_WORTH = 30.0
"""Where no card has points (§13: only tricks count, each paid from the plate), what taking
a trick is worth a más, in place of the points on it and the commitment ``MAS_WIN``
weighs."""
KEEP_TRUMP = 20.0
"""Cost a más of spending a trump that would win a trick later (other suits' masters are
cashed: they lose their worth as voids appear)."""
PAIR_KEEP = 0.5
"""Share of a cante's points that breaking its pair costs a más, while it may be sung."""
TUTE_KEEP = 25.0
"""Cost of spending one of three reyes (or caballos) while the fourth may still come: a
tute wins the hand (in a race, the match)."""
RUFF_SHARE = 0.7
"""Share of a partner's ruffs that hold: a foe after him may over-trump."""
BLOCK = 40.0
"""Worth of taking the trick while a foe's tute is in sight: he sings it on winning one."""
COVER = 5.0
"""Worth of a lead whose master the partner may hold, per unit of that chance."""
SIGNAL = 0.5
"""The side's one signal, kept by the policy's discards and read by its leads
(``signalled``, ``cover_chance``): a discard (a card neither of the suit led nor a trump)
says "after it, I hold no master of its suit (no card above every other of that suit still
in play): do not lead it for me to take". A discard that breaks it costs this much."""


@cache
def _point_tables(points: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per suit, the points of each of the 4096 sets of that suit's cards."""
    tables = []
    for suit in range(4):
        values = points[12 * suit:12 * suit + 12]
        tables.append(tuple(sum(v for i, v in enumerate(values) if chunk >> i & 1)
                            for chunk in range(4096)))
    return tuple(tables)


def points_in(mask: int, points: tuple[int, ...]) -> int:
    """Card points of a set of cards, by table lookup (a rollout hot path)."""
    tables = _point_tables(points)
    return (tables[0][mask & 0xFFF] + tables[1][mask >> 12 & 0xFFF]
            + tables[2][mask >> 24 & 0xFFF] + tables[3][mask >> 36 & 0xFFF])


def outside(g: HandState, me: int) -> int:
    """Cards in the other seats' hands, as ``me`` sees it."""
    return g.kit.deck & ~g.played & ~g.out_of_play & ~g.hands[me]


def hand_power(g: HandState, me: int, out: int) -> float:
    """Expected tricks ``me`` can take with its hand; long trump suits count extra."""
    hand, trump, beats = g.hands[me], g.trump, g.kit.beats
    total = sum(power(c, out, trump, beats) for c in cards_of(hand))
    trumps = (hand & SUIT_MASK[trump]).bit_count() if trump >= 0 else 0
    return total + 0.3 * max(0, trumps - 2)


def goal(g: HandState, me: int, out: int) -> int:
    """What ``me`` plays for now, from the standings and the strength of its hand. Only
    where a hand is lost by the takers' ranks (Cabrero) do zero, a menos and capote make
    sense; elsewhere every point counts."""
    if not g.kit.losers_by_rank:
        return MAS
    taken = g.taken
    takers = [s for s in g.playing if taken[s]]
    strength = hand_power(g, me, out)
    done = len(g.tricks)
    if takers == [me] and done >= 2 and strength >= 0.8 * g.tricks_left:
        return CAPOTE
    if len(takers) == 1 and takers[0] != me and done * 2 >= done + g.tricks_left:
        return STOP_CAPOTE
    if not taken[me]:
        return MAS if strength >= ZERO_BELOW else ZERO
    pts = [g.won_points[s] + g.cante_points[s] for s in range(g.n)]
    live = g.kit.deck & ~g.played & ~g.out_of_play | mask_of(g.trick_cards)
    left = g.kit.last_trick_bonus + points_in(live, g.kit.card_points)
    mine = min(left, PER_TRICK * strength)
    each = (left - mine) / max(1, len(g.playing) - 1)
    others = sorted((pts[s] + each for s in g.playing if s != me), reverse=True)
    mine += pts[me]
    if mine >= others[0] + MARGIN:
        return MAS
    if g.kit.losers_second and len(others) >= 2 and others[1] < mine:
        # Pierde el segundo: projected second, the seat escapes upwards when the top is
        # nearer than the place below (a menos only has to drop one place, not to the end).
        return MAS if others[0] - mine < mine - others[1] else MENOS
    return MENOS


def sing_chances(g: HandState) -> int:
    """Trick ends still to come after which a cante may be sung: all but the last, or,
    with ``sing_in_arrastre`` off, those that leave cards in the stock after both draw."""
    if g.kit.sings_after_stock:
        return max(0, g.tricks_left - 1)
    return max(0, (len(g.stock) - 1) // len(g.playing))


def pair_worth(g: HandState, me: int, c: int) -> float:
    """What playing ``c`` gives up of an unsung pair still in ``me``'s hand, in a game with
    a stock (Tute a dos): the cante, while the seat may still win a trick to sing it."""
    suit = c // 12
    pair = g.kit.pairs[suit]
    if not pair >> c & 1 or g.sung_suits >> suit & 1 or g.hands[me] & pair != pair:
        return 0.0
    chances = sing_chances(g)
    return (40.0 if suit == g.trump else 20.0) * min(1.0, chances / SING_CHANCES)


def _later(g: HandState, me: int) -> list[int]:
    """Seats still to play to this trick after ``me``."""
    seats = []
    s = me
    for _ in range(len(g.playing) - len(g.trick_cards) - 1):
        s = g.next_seat[s]
        seats.append(s)
    return seats


def _readings(g: HandState, later: Sequence[int], out: int,
              not_held: Sequence[int]) -> list[tuple[int, float]]:
    """Per later seat: the cards it may hold, and the chance it holds none of a given one
    (each of its unknown cards taken as equally likely). While a stock lasts a seat holds a
    hand's worth of cards, not one per trick left."""
    size = g.tricks_left  # later seats have not played to this trick yet
    if g.kit.draws and g.stock:
        size = min(size, g.kit.hand_size)
    seats = []
    for t in later:
        poss = out & ~not_held[t]
        n_poss = poss.bit_count()
        if n_poss:
            seats.append((poss, max(0.0, 1.0 - size / n_poss)))
    return seats


def win_chance(g: HandState, c: int, seats: Sequence[tuple[int, float]]) -> float:
    """Chance that ``c`` takes the trick, given what the later ``seats`` may hold.

    The `tute` obligations force a seat to beat when it can, so the chance that a later
    seat beats ``c`` is close to the chance that it holds a card that does; in free play
    (Brisca, Tute a dos while the stock lasts) any trump may beat it, void or not.
    """
    if g.lead < 0:
        return survives(g, c, c // 12, seats)
    if not beats(c, g.win_card, g.trump, g.kit.strength):
        return 0.0
    return survives(g, c, g.lead, seats)


def survives(g: HandState, c: int, lead: int, seats: Sequence[tuple[int, float]]) -> float:
    """Chance that ``c``, winning a trick led in ``lead``, is not beaten by ``seats``."""
    trump = g.trump
    p = 1.0
    lead_mask = SUIT_MASK[lead]
    trump_mask = SUIT_MASK[trump] if trump >= 0 else 0
    above = g.kit.beats[c]
    over_lead = c // 12 == lead
    if isinstance(g.family, Free):
        beaters = above | (trump_mask if c // 12 != trump else 0)
        for poss, r in seats:
            p *= r ** (poss & beaters).bit_count()
        return p
    for poss, r in seats:
        void = r ** (poss & lead_mask).bit_count()
        if over_lead:
            beat = 1.0 - r ** (poss & above).bit_count()
            if lead != trump:
                beat += void * (1.0 - r ** (poss & trump_mask).bit_count())
        else:
            beat = void * (1.0 - r ** (poss & above).bit_count())
        p *= max(0.0, 1.0 - beat)
    return p


def ruff_chance(g: HandState, suit: int, allies: Sequence[int], out: int,
                not_held: Sequence[int]) -> float:
    """Chance that a partner still to play, seen void in ``suit``, trumps a lead of it
    (each of his unknown cards taken as equally likely)."""
    if g.trump < 0 or suit == g.trump:
        return 0.0
    best = 0.0
    for t in allies:
        poss = out & ~not_held[t]
        n = poss.bit_count()
        trumps = (poss & SUIT_MASK[g.trump]).bit_count()
        if n and trumps and not poss & SUIT_MASK[suit]:
            best = max(best, 1.0 - max(0.0, 1.0 - g.tricks_left / n) ** trumps)
    return best


def master(g: HandState, suit: int, among: int) -> int:
    """The card of ``suit`` in ``among`` above every other of that suit still in play (the
    seat's own cards included), or -1 if ``among`` holds none."""
    live = g.kit.deck & ~g.played & ~g.out_of_play & SUIT_MASK[suit]
    beats = g.kit.beats
    for c in cards_of(among & live):
        if not live & beats[c]:
            return c
    return -1


def breaks_signal(g: HandState, me: int, c: int) -> bool:
    """Whether discarding ``c`` would break the side's signal (``SIGNAL``): ``me`` would
    still hold the master of its suit."""
    rest = g.hands[me] & ~(1 << c)
    live = g.kit.deck & ~g.played & ~g.out_of_play & ~(1 << c) & SUIT_MASK[c // 12]
    beats = g.kit.beats
    return any(not live & beats[x] for x in cards_of(rest & live))


def signalled(g: HandState, seat: int) -> int:
    """The suits (a bit each) ``seat`` has discarded from this hand: by the side's signal,
    suits in which he holds no master."""
    trump = g.trump
    suits = 0
    for _, plays in g.tricks:
        led = plays[0][1] // 12
        for s, c in plays[1:]:
            if s == seat and c // 12 != led and c // 12 != trump:
                suits |= 1 << c // 12
    return suits


def cover_chance(g: HandState, me: int, suit: int, allies: Sequence[int], out: int,
                 not_held: Sequence[int]) -> float:
    """Chance that a partner still to play holds the master of ``suit`` among the others'
    cards, so that a lower lead of it is his to take: the master's possible holders taken
    as equally likely, and none for a partner whose discards signalled the suit."""
    top = master(g, suit, out)
    if top < 0:
        return 0.0
    holders = [t for t in g.playing if t != me and not not_held[t] >> top & 1]
    best = 0.0
    for t in allies:
        if t in holders and not signalled(g, t) >> suit & 1:
            best = 1.0 / len(holders)
    return best


def keep_costs(g: HandState, me: int, pairs: bool) -> dict[int, float]:
    """What playing each card of ``me`` costs in cantes it may still sing: with
    ``pairs``, a share of the points of each unsung pair it holds (a cuarenta in reach),
    and while a stock lasts the cards of three reyes or caballos whose fourth may still be
    drawn (a tute in reach)."""
    costs: dict[int, float] = {}
    if not g.kit.cantes or g.kit.forced_cantes or g.tricks_left <= 1:
        return costs
    kit = g.kit
    hand = g.hands[me]
    paired = kit.paired(hand) if pairs else 0  # a rey with its caballo
    # No card is drawn again without a stock: the fourth rey or caballo can no longer come.
    triples = False
    if g.stock:
        for group in kit.tute_groups:
            triples = triples or (hand & group).bit_count() >= 3
    if not (paired or triples) or not singers(g, me):  # a rollout's hot path
        return costs
    for suit in range(4):
        if paired & SUIT_MASK[suit] and not g.sung_suits >> suit & 1:
            for c in cards_of(kit.pairs[suit]):
                costs[c] = PAIR_KEEP * (40 if suit == g.trump else 20)
    if not triples:
        return costs
    gone = g.played | g.out_of_play
    for group in kit.tute_groups:
        mine = hand & group
        if mine.bit_count() >= 3 and not group & gone:
            for c in cards_of(mine):
                costs[c] = costs.get(c, 0.0) + TUTE_KEEP
    return costs


def shown_cards(g: HandState, seat: int) -> int:
    """Cards everyone knows ``seat`` still holds: shown or exchanged, or in a pair he
    sang."""
    held = g.known[seat]
    for name in g.cantes[seat]:
        if name != "tute":
            suit = cante_suit(name, g.trump)
            held |= g.kit.pairs[suit]
    return held & ~g.played


def tute_threat(g: HandState, me: int) -> bool:
    """Whether a foe is seen to hold three reyes or three caballos (pairs he sang, cards
    shown) while the fourth is neither played nor ``me``'s: he sings a tute on the next
    trick he takes, so taking tricks blocks it."""
    if g.sung_suits.bit_count() < 2:  # three shown need two pairs sung, and a card shown
        return False
    gone = g.played | g.out_of_play | g.hands[me]
    for t in g.playing:
        if t == me or g.side_of[t] == g.side_of[me] or not singers(g, t):
            continue
        held = shown_cards(g, t)
        for group in g.kit.tute_groups:
            if (held & group).bit_count() >= 3 and not group & ~held & gone:
                return True
    return False


def choose_card(g: HandState, me: int, not_held: Sequence[int]) -> int:
    """The card ``me`` plays, among those the obligations allow."""
    allowed = g.obligation_mask(me)
    cards = cards_of(allowed)
    if len(cards) == 1:
        return cards[0]
    out = outside(g, me)
    mode = goal(g, me, out)
    later = _later(g, me)
    # Only opponents can take the trick from the side: a partner (teams, a known Codillo
    # partner, a subastado defender's fellow) overtaking keeps it ours.
    sided = g.kit.sides == 2
    foes = [t for t in later if not (sided and g.side_of[t] == g.side_of[me])]
    seats = _readings(g, foes, out, not_held)
    pts = g.kit.card_points
    trump, beats = g.trump, g.kit.beats
    table = sum(pts[c] for c in g.trick_cards)
    bonus = g.kit.last_trick_bonus if g.tricks_left == 1 else 0
    # A partner winning the trick: what stays on his card is the side's.
    ally = (g.lead >= 0 and g.win_seat != me and sided
            and g.side_of[g.win_seat] == g.side_of[me])
    holds = survives(g, g.win_card, g.lead, seats) if ally else 0.0
    # Leading, a partner seen void in the suit may take the trick with a trump, or one who
    # may hold its master (and has not signalled otherwise) with that card.
    allies = [t for t in later if sided and g.side_of[t] == g.side_of[me]] if g.lead < 0 else []
    helped = {suit: (ruff_chance(g, suit, allies, out, not_held),
                     cover_chance(g, me, suit, allies, out, not_held))
              for suit in {c // 12 for c in cards}} if allies else {}
    # Cards of neither the suit led nor trumps say something to the partner (``SIGNAL``).
    discard = (sided and g.lead >= 0 and not allowed & SUIT_MASK[g.lead]
               and any(g.side_of[t] == g.side_of[me] for t in g.playing if t != me))
    costs = keep_costs(g, me, pairs=mode in (MAS, STOP_CAPOTE))
    pointless = not g.kit.deck_points  # only tricks count: each is worth the same
    block = BLOCK if tute_threat(g, me) else 0.0
    best, best_value = cards[0], -1e9
    for c in cards:
        pw = win_chance(g, c, seats)
        cp = pts[c]
        gain = table + cp + FOLLOWER_POINTS * len(later) + bonus
        keep = power(c, out, trump, beats)
        if mode == MAS and pointless:
            value = pw * TRICK_WORTH - (KEEP_TRUMP * keep if c // 12 == trump else 0.0)
        elif mode == MAS:
            spend = KEEP_TRUMP * keep if c // 12 == trump else 0.0
            if g.kit.draws and g.kit.cantes:
                spend += pair_worth(g, me, c)
            if ally and pw and c // 12 != trump:
                # Overtaking a partner's trick that no foe would take (``holds``) spends a
                # card that could take another later, with the others' cards, on a trick
                # already the side's. (A card loaded on it is not charged: loading the most
                # points, a master as included, did as well in parejas and Butifarra, and
                # Codillo's reading of a hidden partner counts on it.)
                spend += holds * keep * FOLLOWER_POINTS * (len(g.playing) - 1)
            ours, overtake = (holds, 0.0) if ally and not pw else (pw, MAS_WIN)
            if discard and c // 12 != trump and breaks_signal(g, me, c):
                spend += SIGNAL
            value = ours * (gain + overtake) - (1.0 - ours) * cp - spend
            if allies:
                ruffed, covered = helped[c // 12]
                value += (1.0 - pw) * (RUFF_SHARE * ruffed * (gain + cp) + COVER * covered)
        elif mode == CAPOTE:
            value = 100.0 * pw - 5.0 * keep
        elif mode == STOP_CAPOTE:
            value = 40.0 * pw - 3.0 * keep - 0.5 * pw * cp
        elif mode == ZERO:
            value = -pw * (40.0 + gain) + DUMP * (keep + TRUMP_DANGER * (c // 12 == trump))
        else:
            value = (-pw * (15.0 + 1.5 * gain) + DUMP * (keep + TRUMP_DANGER * (c // 12 == trump))
                     + LOAD * (1.0 - pw) * cp)
        value += block * pw - costs.get(c, 0.0)
        if value > best_value:
            best, best_value = c, value
    return best


def choose_cante(g: HandState, me: int, options: Sequence[Action]) -> Action | None:
    """Sing only when playing for points: a cante adds to the singer's total, and a
    capote by someone who sang makes him alone lose."""
    for a in options:
        if a.arg == SING_TUTE:
            return a
    mode = goal(g, me, outside(g, me))
    if mode not in (MAS, STOP_CAPOTE):
        return None
    return max(options, key=lambda a: (a.arg == SING_40, a.arg))


class MediumPlayer(Player):
    """Plays the policy above on its observation, with its deductions about voids."""

    level = "medium"

    def sing(self, obs: Observation, sings: list[Action], rng: random.Random) -> Action | None:
        return choose_cante(obs.view, obs.seat, sings)

    def play(self, obs: Observation, plays: list[Action], rng: random.Random) -> Action:
        c = choose_card(obs.view, obs.seat, read(obs).not_held)
        return next(a for a in plays if a.arg == c)
