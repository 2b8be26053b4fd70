"""The game state: dealing, legal actions, trick play, cantes, renuncio and scoring.

One ``Game`` runs a whole match. Chance (shuffling, the first 6-player mano) comes from the
match's own seeded ``random.Random``, so rules + options + seed + actions replay exactly.
Hands are dealt by ``deal()`` (a chance step the caller triggers when ``phase == DEAL``),
then played by ``apply(action)``; both return the events they caused.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction

from tute.cards import (
    CABALLO,
    DECKS,
    ORDERS,
    REY,
    SUIT_NAMES_EN,
    card,
    card_text,
    cards_of,
    mask_of,
    rank_of,
)
from tute.engine import events as ev
from tute.engine.actions import (
    ACCUSE,
    MAX_SEATS,
    PLAY,
    PLAYS,
    SING,
    SING_40,
    SING_TUTE,
    Action,
    cante_name,
)
from tute.engine.obligations import FAMILIES, Reason, explain, no_cargar, reason_text
from tute.engine.observation import Observation
from tute.engine.results import HandLog, HandSummary
from tute.engine.scoring import Score, cabrero_outcome
from tute.rules import OptionValue, RuleSet

DEAL, PLAY_PHASE, OVER = "deal", "play", "over"

KINGS = mask_of(card(REY, s) for s in range(4))
HORSES = mask_of(card(CABALLO, s) for s in range(4))
ABOVE_SEVEN = (10, 11, 12, 3, 1)
FIVE_TO_SEVEN = (5, 6, 7)
OROS = 0


_PLAYED = tuple(tuple(ev.CardPlayed(seat, c) for c in range(48)) for seat in range(MAX_SEATS))
"""Shared, immutable play events: most plays reuse one instead of building it."""


class IllegalAction(ValueError):
    """An action the rules do not allow now, with a sentence a player understands."""

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class DealError(ValueError):
    """A given deal that does not fit the rules (wrong sizes, repeated or foreign cards)."""


class Game:
    """A match of Tute Cabrero or Tute Chancho (and the base of the family's other games)."""

    __slots__ = (
        "_mask",
        "_mask_ply",
        "beats",
        "cante_points",
        "cantes",
        "cantes_allowed",
        "card_points",
        "cuarenta_first",
        "dealer",
        "deck",
        "deck_cards",
        "desempate",
        "draw",
        "family",
        "forced_cantes",
        "hand_number",
        "hands",
        "known",
        "last_trick",
        "lead",
        "lives",
        "logs",
        "mano",
        "marks",
        "may_sing",
        "muestra",
        "n",
        "next_seat",
        "no_cargar",
        "options",
        "order",
        "out_of_play",
        "phase",
        "played",
        "playing",
        "ply",
        "renuncio",
        "retired",
        "revokers",
        "rng",
        "rules",
        "sang_pair",
        "seats_in_hand",
        "seed",
        "shown",
        "shown_holder",
        "sitting_out",
        "strength",
        "summaries",
        "sung_suits",
        "taken",
        "to_act",
        "trick_cards",
        "trick_seats",
        "tricks",
        "tricks_left",
        "trump",
        "win_card",
        "win_seat",
        "winners",
        "won_points",
    )

    def __init__(self, rules: RuleSet, options: Mapping[str, object] | None = None,
                 seed: int | None = 0) -> None:
        self.rules = rules
        self.options: dict[str, OptionValue] = rules.resolve(options)
        self.seed = seed
        self.rng: random.Random | None = random.Random(seed)
        n = int(self.options["players"])
        self.n = n
        self.lives = int(self.options.get("lives", 4))
        self.renuncio = str(self.options.get("renuncio", "prevent"))
        self.forced_cantes = bool(self.options.get("forced_cantes", False))
        self.cuarenta_first = bool(self.options.get("cuarenta_first", False))
        self.desempate = bool(self.options.get("desempate", False))
        order = ORDERS[rules.order]
        self.strength = order.strength
        self.card_points = order.points
        self.beats = order.beats
        self.order = order
        self.family = FAMILIES[rules.obligations]
        self.no_cargar = "no_cargar" in rules.modifiers
        self.deck = DECKS[rules.deck]
        self.deck_cards = tuple(cards_of(self.deck))
        self.cantes_allowed = rules.cantes
        self.marks = [0] * n
        self.retired = [False] * n
        self.hand_number = -1
        self.phase = DEAL
        self.winners: tuple[int, ...] = ()
        self.draw = False
        self.logs: list[HandLog] = []
        self.summaries: list[HandSummary] = []
        self.dealer = -1
        self.mano = -1
        self.ply = 0
        """Counts deals and plays: the key of the cached obligation mask."""
        self._mask_ply = -1
        self._mask = 0
        self._clear_hand()

    # ----------------------------------------------------------------- hand state
    def _clear_hand(self) -> None:
        n = self.n
        self.playing: tuple[int, ...] = ()
        self.seats_in_hand = 0
        self.next_seat = [0] * n
        self.sitting_out: int | None = None
        self.hands = [0] * n
        self.trump = OROS
        self.shown: int | None = None
        self.shown_holder: int | None = None
        self.muestra: int | None = None
        self.out_of_play = 0
        self.known = [0] * n
        self.to_act = -1
        self.trick_seats: list[int] = []
        self.trick_cards: list[int] = []
        self.lead = -1
        self.win_card = -1
        self.win_seat = -1
        self.taken = [0] * n
        self.won_points = [0] * n
        self.cante_points = [0] * n
        self.cantes: list[list[str]] = [[] for _ in range(n)]
        self.sang_pair = [False] * n
        self.sung_suits = 0
        self.may_sing = -1
        self.tricks: list[tuple[int, tuple[tuple[int, int], ...]]] = []
        self.tricks_left = 0
        self.revokers: list[int] = []
        self.last_trick: int | None = None
        self.played = 0

    def forget_cache(self) -> None:
        """Drop the cached obligation mask (after hands are replaced by hand)."""
        self._mask_ply = -1

    @property
    def current_player(self) -> int | None:
        return self.to_act if self.phase == PLAY_PHASE else None

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def alive(self) -> list[int]:
        return [s for s in range(self.n) if not self.retired[s]]

    def _next_alive(self, seat: int) -> int:
        for step in range(1, self.n + 1):
            s = (seat + step) % self.n
            if not self.retired[s]:
                return s
        raise AssertionError("no active player")

    def _prev_alive(self, seat: int) -> int:
        for step in range(1, self.n + 1):
            s = (seat - step) % self.n
            if not self.retired[s]:
                return s
        raise AssertionError("no active player")

    # ----------------------------------------------------------------- dealing
    def next_dealer(self) -> int | None:
        """The dealer the rules decide for the next hand, or None when chance or the
        deal itself decides (the first hand)."""
        if self.hand_number < 0:
            return None
        return self.mano if not self.retired[self.mano] else self._next_alive(self.mano)

    def deal(self, deal: Sequence[Sequence[int]] | None = None,
             rest: Sequence[int] | None = None, dealer: int | None = None) -> list[ev.Event]:
        """Start the next hand: shuffle and deal, or take the given deal (records).

        Chance is drawn the same way whether or not the deal is given, so a replayed record
        leaves the generator where the original match left it and later hands shuffle alike.
        """
        if self.phase != DEAL:
            raise IllegalAction("A hand is being played; it is not time to deal.")
        alive = self.alive()
        first = self.hand_number < 0
        ruled = self.next_dealer()
        if dealer is not None:
            if not 0 <= dealer < self.n or self.retired[dealer]:
                raise DealError(f"dealer {dealer} is not an active seat")
            if ruled is not None and dealer != ruled:
                raise DealError(f"the rules make seat {ruled} the dealer, not seat {dealer}")
        six = len(alive) == 6
        saved = self.rng.getstate() if self.rng is not None and deal is not None else None
        drawn_mano = self.rng.choice(alive) if six and first and self.rng else None
        if dealer is None:
            if ruled is not None:
                dealer = ruled
            elif drawn_mano is not None:
                dealer = self._prev_alive(drawn_mano)
        start = self._next_alive(dealer) if dealer is not None else alive[0]
        order = [start]
        while len(order) < len(alive):
            order.append(self._next_alive(order[-1]))
        if six:
            assert dealer is not None
            order.remove(dealer)
        per = len(self.deck_cards) // len(order)
        undealt = len(self.deck_cards) - per * len(order)
        if deal is None:
            dealt, rest_cards = self._shuffled(order, per)
        else:
            try:
                dealt, rest_cards = self._check_deal(deal, rest, order, per, undealt)
            except DealError:
                if self.rng is not None and saved is not None:
                    self.rng.setstate(saved)  # a refused deal changes nothing
                raise
            if self.rng is not None:
                self._shuffled(order, per)  # drawn and set aside: see the docstring

        self._clear_hand()
        self.ply += 1
        self.hand_number += 1
        self.phase = PLAY_PHASE
        self.sitting_out = dealer if six else None
        for s in order:
            self.hands[s] = mask_of(dealt[s])
        self.tricks_left = per
        events: list[ev.Event] = []
        setup: list[ev.Event] = []
        if first:
            mano, setup = self._first_hand_trumps(order, rest_cards)
            if dealer is None:
                dealer = self._prev_alive(mano)
        else:
            assert dealer is not None
            mano = self._next_alive(dealer)
            setup = self._later_hand_trumps(order, dealt, rest_cards, dealer)
        self.dealer, self.mano = dealer, mano
        i = order.index(mano)
        self.playing = tuple(order[i:] + order[:i])
        self.seats_in_hand = len(self.playing)
        for j, s in enumerate(self.playing):
            self.next_seat[s] = self.playing[(j + 1) % len(self.playing)]
        self.to_act = mano
        self.logs.append(HandLog(dealer, [list(dealt[s]) for s in range(self.n)],
                                 list(rest_cards)))
        events.append(ev.HandStarted(self.hand_number + 1, dealer, mano, self.playing,
                                     self.sitting_out))
        events += [ev.CardsDealt(s, tuple(dealt[s])) for s in self.playing]
        events += setup
        return events

    def _shuffled(self, order: list[int], per: int) -> tuple[list[list[int]], list[int]]:
        assert self.rng is not None, "a searched copy cannot deal"
        cards = list(self.deck_cards)
        self.rng.shuffle(cards)
        k = len(order)
        dealt: list[list[int]] = [[] for _ in range(self.n)]
        for j, seat in enumerate(order):  # one card at a time round the table
            dealt[seat] = cards[j: per * k: k]
        return dealt, cards[per * k:]

    def _check_deal(self, deal: Sequence[Sequence[int]], rest: Sequence[int] | None,
                    order: list[int], per: int, undealt: int
                    ) -> tuple[list[list[int]], list[int]]:
        if len(deal) != self.n:
            raise DealError(f"deal lists {len(deal)} seats; this match has {self.n}")
        seen = 0
        for s, cards in enumerate(deal):
            want = per if s in order else 0
            if len(cards) != want:
                why = "" if want else " (retired, or the dealer who sits out)"
                raise DealError(f"seat {s} is dealt {len(cards)} cards; it must get {want}{why}")
            for c in cards:
                if not self.deck >> c & 1:
                    raise DealError(f"{card_text(c)} is not in the {self.rules.deck} deck")
                if seen >> c & 1:
                    raise DealError(f"{card_text(c)} is dealt twice")
                seen |= 1 << c
        left = self.deck & ~seen
        if rest is None:
            rest = cards_of(left)
        if mask_of(rest) != left or len(rest) != undealt:
            raise DealError(
                f"rest must hold exactly the {undealt} cards not dealt"
                + (f" ({' '.join(card_text(c) for c in cards_of(left))})" if left else "")
            )
        return [list(c) for c in deal], list(rest)

    def _holder(self, c: int) -> int | None:
        for s in range(self.n):
            if self.hands[s] >> c & 1:
                return s
        return None

    def _first_hand_trumps(self, order: list[int], rest: list[int]
                           ) -> tuple[int, list[ev.Event]]:
        """First hand: oros are trumps and the holder of the 2 de oros is mano; with three
        players he swaps it for the face-down card. With six the mano was drawn."""
        self.trump = OROS
        two = card(2, OROS)
        if self.sitting_out is not None:
            return order[0], [ev.TrumpShown(OROS, None, None)]
        if len(order) == 3:
            facedown = rest[0]
            self.out_of_play = 1 << two
            if facedown == two:
                holder = self._holder(card(4, OROS))
                assert holder is not None
                return holder, [ev.TrumpShown(OROS, two, None)]
            holder = self._holder(two)
            assert holder is not None
            self.hands[holder] ^= (1 << two) | (1 << facedown)
            return holder, [ev.Exchanged(holder, two, facedown, secret=True),
                            ev.TrumpShown(OROS, two, None)]
        holder = self._holder(two)
        assert holder is not None
        self.known[holder] |= 1 << two  # everyone knows why he is mano
        return holder, [ev.TrumpShown(OROS, None, None)]

    def _later_hand_trumps(self, order: list[int], dealt: list[list[int]], rest: list[int],
                           dealer: int) -> list[ev.Event]:
        if len(order) == 3:
            return self._muestra(rest[0])
        if self.options.get("trump_rotation"):
            self.trump = self.hand_number % 4
            return [ev.TrumpShown(self.trump, None, None)]
        holder = dealer if dealer in order else order[-1]
        shown = dealt[holder][-1]
        self.trump = shown // 12
        self.shown, self.shown_holder = shown, holder
        self.known[holder] |= 1 << shown
        return [ev.TrumpShown(self.trump, shown, holder)]

    def _muestra(self, muestra: int) -> list[ev.Event]:
        """Turn the 40th card up and make the automatic exchanges of the 7 and the 2."""
        self.trump = muestra // 12
        self.muestra = muestra
        self.out_of_play = 1 << muestra
        events: list[ev.Event] = [ev.TrumpShown(self.trump, muestra, None)]
        rank = rank_of(muestra)
        if rank in ABOVE_SEVEN:
            events += self._exchange(card(7, self.trump))
        if rank in ABOVE_SEVEN or rank in FIVE_TO_SEVEN:
            events += self._exchange(card(2, self.trump))
        return events

    def _exchange(self, mine: int) -> list[ev.Event]:
        holder = self._holder(mine)
        if holder is None:
            return []
        table = cards_of(self.out_of_play)[0]
        self.hands[holder] ^= (1 << mine) | (1 << table)
        self.out_of_play = 1 << mine
        self.known[holder] |= 1 << table
        return [ev.Exchanged(holder, mine, table)]

    # ----------------------------------------------------------------- legal actions
    def obligation_mask(self, seat: int) -> int:
        """Cards ``seat`` may play under the obligations (ignoring the renuncio option)."""
        current = seat == self.to_act
        if current and self._mask_ply == self.ply:
            return self._mask
        hand = self.hands[seat]
        lead = self.lead
        allowed = self.family(hand, lead, self.win_card, self.trump, self.beats, False)
        if self.no_cargar and lead >= 0:
            allowed = no_cargar(allowed, lead, self.win_card, self.trump, self.order)
        if current:
            self._mask_ply, self._mask = self.ply, allowed
        return allowed

    def play_mask(self, seat: int) -> int:
        """Cards ``seat`` is allowed to put on the table (any card when revoking is allowed)."""
        if self.renuncio == "prevent":
            return self.obligation_mask(seat)
        return self.hands[seat]

    def sing_options(self, seat: int) -> list[Action]:
        if self.may_sing != seat:
            return []
        hand = self.hands[seat]
        tute = hand & KINGS == KINGS or hand & HORSES == HORSES
        if not tute and not hand & (hand << 1) & KINGS:  # no rey with its caballo
            return []
        out = []
        if tute:
            out.append(Action(seat, SING, SING_TUTE))
        pairs = [s for s in range(4)
                 if not self.sung_suits >> s & 1
                 and hand >> card(REY, s) & 1 and hand >> card(CABALLO, s) & 1]
        if self.cuarenta_first and self.trump in pairs:
            pairs = [self.trump]
        for s in pairs:
            out.append(Action(seat, SING, SING_40 if s == self.trump else s))
        return out

    def accusations(self, seat: int) -> list[Action]:
        """Accusations ``seat`` may make now (``accuse`` mode, at any time of the hand)."""
        if self.renuncio != "accuse" or self.phase != PLAY_PHASE or seat not in self.playing:
            return []
        return [Action(seat, ACCUSE, j) for j in self.playing if j != seat]

    def legal_actions(self) -> list[Action]:
        """Everything the player to act may do now."""
        if self.phase != PLAY_PHASE:
            return []
        seat = self.to_act
        plays = PLAYS[seat]
        mask = self.obligation_mask(seat) if self.renuncio == "prevent" else self.hands[seat]
        out = [plays[c] for c in cards_of(mask)]
        if self.may_sing == seat:
            out += self.sing_options(seat)
        if self.renuncio == "accuse":
            out += self.accusations(seat)
        return out

    def why_illegal(self, seat: int, c: int) -> Reason | None:
        """Why ``seat`` may not play card ``c`` now, or None when it may."""
        hand = self.hands[seat]
        base = self.family(hand, self.lead, self.win_card, self.trump, self.beats, False)
        allowed = self.obligation_mask(seat)
        if hand >> c & 1 and allowed >> c & 1:
            return None
        if hand >> c & 1 and base >> c & 1:
            return Reason("lowest_card", -1, allowed)
        return explain(hand, c, base, self.lead, self.win_card, self.trump)

    # ----------------------------------------------------------------- applying
    def apply(self, action: Action) -> list[ev.Event]:
        """Carry out ``action``; raises IllegalAction, changing nothing, when not allowed."""
        seat, verb, arg = action
        if self.phase != PLAY_PHASE:
            raise IllegalAction("No hand is being played now." if self.phase == DEAL
                                else "The match is over.")
        if verb == PLAY and seat == self.to_act:
            return self._play(seat, arg)
        if verb == ACCUSE:
            return self._accuse(seat, arg)
        if seat != self.to_act:
            raise IllegalAction(f"It is seat {self.to_act}'s turn, not seat {seat}'s.")
        if verb == SING:
            return self._sing(seat, arg)
        raise IllegalAction(f"'{verb}' is not an action of {self.rules.name['en']}.")

    def _play(self, seat: int, c: int) -> list[ev.Event]:
        hand = self.hands[seat]
        bit = 1 << c
        revoke = False
        allowed = self._mask if self._mask_ply == self.ply else self.obligation_mask(seat)
        if not allowed & bit:
            if not hand & bit or self.renuncio == "prevent":
                reason = self.why_illegal(seat, c)
                assert reason is not None
                raise IllegalAction(reason_text(reason, "en"), reason)
            revoke = True
            if seat not in self.revokers:
                self.revokers.append(seat)
        self.logs[-1].actions.append(PLAYS[seat][c])
        self.ply += 1
        self.hands[seat] = hand ^ bit
        if self.known[seat] & bit:
            self.known[seat] ^= bit
        self.played |= bit
        self.may_sing = -1
        suit = c // 12
        if self.lead < 0:
            self.lead = suit
            self.win_card, self.win_seat = c, seat
        else:
            w = self.win_card
            trump = self.trump
            if (suit == w // 12 and self.strength[c] > self.strength[w]) or (
                suit == trump and w // 12 != trump
            ):
                self.win_card, self.win_seat = c, seat
        self.trick_seats.append(seat)
        self.trick_cards.append(c)
        played = ev.CardPlayed(seat, c, True) if revoke else _PLAYED[seat][c]
        if len(self.trick_cards) < self.seats_in_hand:
            self.to_act = self.next_seat[seat]
            return [played]
        return [played, *self._close_trick()]

    def _close_trick(self) -> list[ev.Event]:
        winner = self.win_seat
        cards = tuple(self.trick_cards)
        values = self.card_points
        pts = 0
        for c in cards:
            pts += values[c]
        self.tricks.append((winner, tuple(zip(self.trick_seats, cards, strict=True))))
        self.taken[winner] += 1
        self.won_points[winner] += pts
        self.tricks_left -= 1
        last = self.tricks_left == 0
        if last:
            self.last_trick = winner
        self.trick_seats, self.trick_cards = [], []
        self.lead = -1
        self.to_act = winner
        events: list[ev.Event] = [ev.TrickTaken(winner, cards, pts, last)]
        if self.forced_cantes:
            events += self._forced_cantes(winner, cards)
        if last:
            return events + self._finish_hand()
        if self.cantes_allowed:
            self.may_sing = winner
        return events

    def _forced_cantes(self, winner: int, cards: tuple[int, ...]) -> list[ev.Event]:
        """Chancho: a rey and caballo of one suit taken together are sung at once."""
        taken = mask_of(cards)
        out: list[ev.Event] = []
        for s in range(4):
            if taken >> card(REY, s) & 1 and taken >> card(CABALLO, s) & 1:
                out.append(self._score_cante(winner, SING_40 if s == self.trump else s, True))
        return out

    def _score_cante(self, seat: int, arg: int, forced: bool) -> ev.Sung:
        suit = self.trump if arg == SING_40 else arg
        pts = 40 if suit == self.trump else 20
        self.sung_suits |= 1 << suit
        self.cante_points[seat] += pts
        self.cantes[seat].append(cante_name(arg))
        self.sang_pair[seat] = True
        return ev.Sung(seat, cante_name(arg), pts, forced)

    def _sing(self, seat: int, arg: int) -> list[ev.Event]:
        action = Action(seat, SING, arg)
        if action not in self.sing_options(seat):
            raise IllegalAction(self._why_no_cante(seat, arg))
        self.logs[-1].actions.append(action)
        self.may_sing = -1
        if arg == SING_TUTE:
            self.cantes[seat].append("tute")
            return [ev.Sung(seat, "tute", 0), *self._finish_hand(tute_singer=seat)]
        return [self._score_cante(seat, arg, False)]

    def _why_no_cante(self, seat: int, arg: int) -> str:
        if self.may_sing != seat:
            return "Only the player who has just won a trick may sing, before leading."
        if arg == SING_TUTE:
            return "Tute needs the four reyes or the four caballos in hand."
        suit = self.trump if arg == SING_40 else arg
        if arg != SING_40 and suit == self.trump:
            return f"{SUIT_NAMES_EN[suit].capitalize()} are trumps: that pair is las cuarenta."
        if self.sung_suits >> suit & 1:
            return "That pair has been sung already."
        if self.cuarenta_first and any(a.arg == SING_40 for a in self.sing_options(seat)):
            return "Las cuarenta must be sung first."
        return "You need the rey and the caballo of that suit in hand."

    def _accuse(self, seat: int, accused: int) -> list[ev.Event]:
        if self.renuncio != "accuse":
            raise IllegalAction("Accusations are only allowed when renuncio is 'accuse'.")
        if seat not in self.playing or accused not in self.playing or seat == accused:
            raise IllegalAction(f"Seat {seat} cannot accuse seat {accused} in this hand.")
        self.logs[-1].actions.append(Action(seat, ACCUSE, accused))
        proven = accused in self.revokers
        events: list[ev.Event] = [ev.Accused(seat, accused, proven)]
        if proven:
            return events + self._finish_hand(revoker=accused)
        return events + self._finish_hand(false_accuser=seat)

    # ----------------------------------------------------------------- scoring
    def points(self) -> list[Score]:
        """Each seat's points so far: cards + cantes + diez de últimas + desempate."""
        pts: list[Score] = [w + c for w, c in zip(self.won_points, self.cante_points,
                                                  strict=True)]
        if self.last_trick is not None:
            pts[self.last_trick] += 10
        if self.desempate:
            for i, s in enumerate(self.playing):
                pts[s] = pts[s] + Fraction(1, 2 ** (i + 1))
        return pts

    def _finish_hand(self, tute_singer: int | None = None, revoker: int | None = None,
                     false_accuser: int | None = None) -> list[ev.Event]:
        if revoker is None and self.renuncio == "penalize" and self.revokers:
            revoker = self.revokers[0]
        pts = self.points()
        outcome = cabrero_outcome(self.playing, self.taken, pts, self.sang_pair,
                                  tute_singer, revoker, false_accuser)
        for s in outcome.losers:
            self.marks[s] += outcome.marks
        takers = [s for s in self.playing if self.taken[s]]
        capote = takers[0] if len(takers) == 1 and self.tricks_left == 0 else None
        self.summaries.append(self._summary(
            True, losers=list(outcome.losers), reason=outcome.reason, tute=tute_singer,
            renuncio=revoker, false_accusation=false_accuser, capote=capote))
        events: list[ev.Event] = [
            ev.HandScored(tuple(pts), tuple(self.taken), outcome.losers, outcome.reason,
                          self.last_trick),
            ev.MarksChanged(tuple(self.marks)),
        ]
        before = self.alive()
        for s in before:
            if self.marks[s] >= self.lives:
                self.retired[s] = True
                events.append(ev.PlayerRetired(s))
        self.to_act = -1
        self.may_sing = -1
        remaining = self.alive()
        # final_duel (Tute a dos between the last two) would start here once §3 exists.
        if len(remaining) < 3:
            self.phase = OVER
            self.draw = not remaining
            self.winners = tuple(remaining or before)
            events.append(ev.MatchOver(self.winners, self.draw))
        else:
            self.phase = DEAL
        return events

    def _summary(self, complete: bool, losers: list[int] | None = None,
                 reason: str | None = None, tute: int | None = None,
                 renuncio: int | None = None, false_accusation: int | None = None,
                 capote: int | None = None) -> HandSummary:
        return HandSummary(
            dealer=self.dealer, mano=self.mano, trump=self.trump, muestra=self.muestra,
            taken=list(self.taken), points=self.points(), cantes=[list(c) for c in self.cantes],
            last_trick=self.last_trick, losers=losers or [], capote=capote, tute=tute,
            renuncio=renuncio, false_accusation=false_accusation, marks=list(self.marks),
            complete=complete, reason=reason,
        )

    def current_summary(self) -> HandSummary | None:
        """The hand in progress, as far as it has gone (None between hands)."""
        return self._summary(False) if self.phase == PLAY_PHASE else None

    # ----------------------------------------------------------------- views
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now; hidden hands are removed, not just left unused."""
        view = self.clone()
        view.hands = [h if s == seat else 0 for s, h in enumerate(self.hands)]
        view.revokers = []
        view.rng = None
        view.logs = [HandLog(self.dealer, [], [])]  # the deal is secret; searches log here
        view.forget_cache()  # the cached mask was computed from a hidden hand
        acting = self.phase == PLAY_PHASE and self.to_act == seat
        legal = self.legal_actions() if acting else self.accusations(seat)
        return Observation(
            seat=seat, rules_id=self.rules.id, options=dict(self.options), players=self.n,
            phase=self.phase, hand_number=self.hand_number, dealer=self.dealer,
            mano=self.mano, sitting_out=self.sitting_out, playing=self.playing,
            to_act=self.current_player, legal=tuple(legal), hand=self.hands[seat],
            hand_sizes=tuple(h.bit_count() for h in self.hands), trump=self.trump,
            shown=self.shown, shown_holder=self.shown_holder, muestra=self.muestra,
            out_of_play=self.out_of_play,
            known=tuple(k if s != seat else self.hands[seat] for s, k in enumerate(self.known)),
            played=self.played,
            trick=tuple(zip(self.trick_seats, self.trick_cards, strict=True)),
            tricks=tuple(self.tricks), taken=tuple(self.taken),
            won_points=tuple(self.won_points), cante_points=tuple(self.cante_points),
            cantes=tuple(tuple(c) for c in self.cantes), sung_suits=self.sung_suits,
            may_sing=self.may_sing, marks=tuple(self.marks), retired=tuple(self.retired),
            lives=self.lives, view=view,
        )

    # ----------------------------------------------------------------- copies
    def clone(self) -> Game:
        """An independent copy, cheap enough for search (never deepcopy)."""
        g = Game.__new__(Game)
        for name in Game.__slots__:
            setattr(g, name, getattr(self, name))
        for name in ("marks", "retired", "next_seat", "hands", "known", "trick_seats",
                     "trick_cards", "taken", "won_points", "cante_points", "sang_pair",
                     "tricks", "revokers"):
            setattr(g, name, list(getattr(self, name)))
        g.cantes = [list(c) for c in self.cantes]
        g.logs = [HandLog(h.dealer, h.deal, h.rest, list(h.actions)) for h in self.logs]
        g.summaries = list(self.summaries)
        if self.rng is not None:
            g.rng = random.Random()
            g.rng.setstate(self.rng.getstate())
        return g
