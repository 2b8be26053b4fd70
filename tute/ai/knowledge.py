"""What a seat can deduce from the table: cards still out, voids, cards known held, and
revokes it can prove.

Everything here reads only an Observation (or the public part of a game), so nothing a
seat could not see can leak into a decision. Once the game's obligations apply (from the
first trick, or in Tute a dos once the stock is empty) hands only shrink, so a deduction
"seat s cannot hold these cards" stays true until the end of the hand, unless that seat
revoked, which a later play then proves.
"""

from __future__ import annotations

from dataclasses import dataclass

from tute.cards import SUIT_MASK, beats, card
from tute.engine import Observation
from tute.engine.actions import SING, SING_40, SING_TUTE, cante_suit

TWO_OF_OROS = card(2, 0)


def play_constraint(lead: int, win: int, c: int, trump: int, beats: tuple[int, ...]) -> int:
    """Cards the player of ``c`` cannot have held, under the `tute` obligations.

    ``lead`` is the led suit (-1 when ``c`` leads) and ``win`` the card winning the trick
    before ``c``: failing to follow shows a void, failing to beat shows no higher card of
    the suit, failing to trump (or to over-trump) shows no trump that would have done it.
    """
    if lead < 0:
        return 0
    cs, ws = c // 12, win // 12
    if cs == lead:
        if ws == lead and not beats[win] >> c & 1:
            return beats[win]
        return 0
    void = SUIT_MASK[lead]
    if cs == trump:
        if ws == trump and not beats[win] >> c & 1:
            return void | beats[win]
        return void
    return void | (beats[win] if ws == trump else SUIT_MASK[trump])


@dataclass(frozen=True)
class Knowledge:
    """One seat's deductions about the hidden hands of the current hand."""

    seat: int
    unseen: int
    """Cards held by the other seats, as far as this seat can tell (its own excluded)."""
    not_held: tuple[int, ...]
    """Per seat: cards everyone can tell it does not hold (from its plays and the cards
    known held by others); nothing for a seat whose plays prove a revoke."""
    must_hold: tuple[int, ...]
    """Per seat: cards everyone knows it holds (shown card, exchanges, cantes, first
    mano's 2 de oros)."""
    revokers: tuple[int, ...]
    """Seats whose plays prove a revoke to this seat."""

    def possible(self, seat: int) -> int:
        """Cards another ``seat`` may hold, as this seat sees it."""
        return self.unseen & ~self.not_held[seat]


def _plays(obs: Observation) -> list[tuple[int, int, int, int]]:
    """Every play of the hand in order as (seat, card, lead suit, card winning before)."""
    g = obs.view
    strength, trump = g.kit.strength, obs.trump
    out = []
    tricks = [t for _, t in obs.tricks]
    if obs.trick:
        tricks.append(obs.trick)
    for trick in tricks:
        lead, win = -1, -1
        for seat, c in trick:
            out.append((seat, c, lead, win))
            if lead < 0:
                lead, win = c // 12, c
            elif beats(c, win, trump, strength):
                win = c
    return out


def _public_must_hold(obs: Observation) -> list[int]:
    """Cards each seat is publicly known to hold now (the observer's hand not included)."""
    must = [k & ~obs.played for k in obs.view.known]
    for s, names in enumerate(obs.cantes):
        for name in names:
            if name == "tute":
                continue
            suit = cante_suit(name, obs.trump)
            # A forced cante (Chancho) names cards already played: masking keeps it sound.
            must[s] |= obs.view.kit.pairs[suit] & ~obs.played
    if (obs.hand_number == 0 and not obs.view.kit.first_dealer_fixed
            and len(obs.playing) in (4, 5) and obs.sitting_out is None
            and not obs.played >> TWO_OF_OROS & 1):
        must[obs.mano] |= 1 << TWO_OF_OROS  # the holder of the 2 de oros is the first mano
    if obs.partner is not None and obs.view.kit.team_cantes:
        # A pair the seat may sing but does not hold is his partner's (he would say so).
        for a in obs.legal:
            if a.verb == SING and a.arg != SING_TUTE:
                suit = obs.trump if a.arg == SING_40 else a.arg
                pair = obs.view.kit.pairs[suit]
                if obs.hand & pair != pair:
                    must[obs.partner] |= pair
            elif a.verb == SING and not obs.view.kit.has_tute(obs.hand):
                # A tute not his own is his partner's: the four caballos if the seat
                # holds a rey, the four reyes if it holds a caballo (else either).
                whole = [g for g in obs.view.kit.tute_groups if not g & obs.hand]
                if len(whole) == 1:
                    must[obs.partner] |= whole[0]
    return must


def read(obs: Observation) -> Knowledge:
    """Deduce what ``obs.seat`` can know about the hidden hands.

    ``not_held`` holds the deductions every seat can make alike (from plays and public
    cards), so the same masks serve to guess the others' hands and, inside searches, to
    model what each of them knows.
    """
    g = obs.view
    n = obs.players
    unseen = (g.kit.deck & ~obs.played & ~obs.out_of_play & ~obs.hand
              & ~g.discarded[obs.seat])
    if obs.face_up is not None:
        unseen &= ~(1 << obs.face_up)
    must = _public_must_hold(obs)
    plays = _plays(obs)
    played_by = [0] * n
    for seat, c, _, _ in plays:
        played_by[seat] |= 1 << c
    not_held = [0] * n
    revokers: list[int] = []
    tute_rules = g.kit.obligations.tells_holding
    # Plays under `free` (while a stock lasts) show nothing; once it is empty no seat
    # draws again, so what later plays show stays true.
    free_plays = (len(plays) if g.family is not g.kit.family
                  else g.free_tricks * len(obs.playing))
    played_so_far = [0] * n
    for i, (seat, c, lead, win) in enumerate(plays):
        played_so_far[seat] |= 1 << c
        if not tute_rules or i < free_plays:
            continue
        barred = play_constraint(lead, win, c, obs.trump, g.kit.beats)
        # Cards the seat still held after this play: played later, or known held now.
        held_after = (played_by[seat] & ~played_so_far[seat]) | must[seat]
        if seat == obs.seat:
            held_after |= obs.hand
        if barred & held_after:
            if seat not in revokers:
                revokers.append(seat)
        else:
            not_held[seat] |= barred
    for s in revokers:
        not_held[s] = 0
    for s in range(n):
        others_known = 0
        for t in range(n):
            if t != s:
                others_known |= must[t]
        not_held[s] = (not_held[s] & ~must[s]) | others_known
    return Knowledge(obs.seat, unseen, tuple(not_held), tuple(must),
                     tuple(s for s in revokers if s != obs.seat))

LOADED = 10
"""Card points (an as or a tres) that make a card left on another seat's trick a gift."""
GIFT_ODDS = 2.0
"""How much likelier a hidden partner is than a defender to load the declarer's trick
(and a defender to load another seat's): the evidence each such play counts for. Measured
on 150 medium-played 5-player hands: when not beating the trick, the partner loads the
declarer's trick 16% of the time and a defender 9%; another seat's, 7% against 14%."""


def partner_odds(obs: Observation) -> list[float]:
    """Codillo: how likely each seat is to be the declarer's hidden partner, relative to
    the others, read from the points it gave away.

    Only the partner knows the sides, and he loads his side's tricks: a seat that leaves an
    as or a tres on a trick the declarer is winning is likelier his partner, and one that
    leaves it on another seat's trick likelier a defender. Following suit may have forced
    the card, so this weighs guesses rather than excluding them.
    """
    odds = [1.0] * obs.players
    declarer = obs.declarer
    if declarer is None or obs.called is None:
        return odds
    strength, points = obs.view.kit.strength, obs.view.kit.card_points
    tricks = [t for _, t in obs.tricks] + ([obs.trick] if obs.trick else [])
    for trick in tricks:
        lead, top, winner = -1, -1, -1
        for seat, c in trick:
            takes = lead >= 0 and beats(c, top, obs.trump, strength)
            if lead >= 0 and not takes and points[c] >= LOADED and seat != declarer:
                odds[seat] *= GIFT_ODDS if winner == declarer else 1 / GIFT_ODDS
            if lead < 0 or takes:
                lead, top, winner = (c // 12 if lead < 0 else lead), c, seat
    return odds


def provable_revokers(obs: Observation) -> list[int]:
    """Seats this seat can prove revoked this hand from what it has seen."""
    return list(read(obs).revokers)
