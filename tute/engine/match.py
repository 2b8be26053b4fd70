"""A match: a sequence of hands and a settlement that carries results between them.

``Match`` is the engine's public contract (after OpenSpiel): ``current_player``,
``legal_actions()``, ``apply(action)`` returning events, ``is_over``, ``observation(seat)``,
``clone()``; ``deal()`` is the chance step, using the match's own seeded generator so that
rules + options + seed + actions replay exactly. Each hand is a ``HandState`` played with
the match's ``Kit`` (or, in Cabrero's final duel, Tute a dos's); the ``Ledger`` keeps the
standing between hands.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final

from tute.cards import mask_of
from tute.engine import deal as dealing
from tute.engine import events as ev
from tute.engine import phases, play
from tute.engine.actions import PLAY, Action
from tute.engine.errors import DealError, IllegalAction
from tute.engine.hand import HandState
from tute.engine.kit import Kit
from tute.engine.obligations import Reason
from tute.engine.observation import Observation
from tute.engine.results import HandLog, HandSummary
from tute.engine.settlement import Ledger
from tute.engine.table import next_active, previous_active, round_from
from tute.engine.types import Score
from tute.rules import OptionValue, RuleSet

DEAL: Final = "deal"
PLAY_PHASE: Final = "play"
OVER: Final = "over"


class Match:
    """A match of any game of the family, from its ruleset and options."""

    rules: RuleSet
    options: dict[str, OptionValue]
    seed: int | None
    rng: random.Random | None
    n: int
    kit: Kit
    ledger: Ledger
    hand: HandState
    hand_number: int
    phase: str
    logs: list[HandLog]
    summaries: list[HandSummary]

    def __init__(self, rules: RuleSet, options: Mapping[str, object] | None = None,
                 seed: int | None = 0, kit: Kit | None = None) -> None:
        """A match about to deal its first hand; ``kit``, when given, is this ruleset's and
        these options' (copies share it)."""
        self.rules = rules
        self.options = rules.resolve(options)
        self.seed = seed
        self.rng = random.Random(seed)
        self.n = int(self.options["players"])
        self.kit = kit if kit is not None else Kit(rules, self.options)
        self.ledger = Ledger(self.n, self.kit.sides)
        self.kit.settlement.open(self.ledger)
        self.hand = HandState(self.kit, self.n)
        self.hand_number = -1
        self.phase = DEAL
        self.logs = []
        self.summaries = []

    # ----------------------------------------------------------------- the contract
    @property
    def current_player(self) -> int | None:
        return self.hand.to_act if self.phase == PLAY_PHASE else None

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        """Everything the player to act may do now."""
        return play.legal_actions(self.hand) if self.phase == PLAY_PHASE else []

    def apply(self, action: Action) -> list[ev.Event]:
        """Carry out ``action``; raises IllegalAction, changing nothing, when not allowed."""
        if self.phase != PLAY_PHASE:
            raise IllegalAction("No hand is being played now." if self.phase == DEAL
                                else "The match is over.")
        h = self.hand
        seat, verb, arg = action
        if verb == PLAY and seat == h.to_act and h.phase < 0:  # the fast path: a card
            events = play.play_card(h, seat, arg)
        else:
            events = play.apply(h, action)
            events += self.kit.settlement.spoke(self.ledger, h, action)
        self.logs[-1].actions.append(action)
        if h.over:
            events += self._finish_hand()
        return events

    # ----------------------------------------------------------------- dealing
    def alive(self) -> list[int]:
        return self.ledger.alive()

    def next_dealer(self) -> int | None:
        """The dealer the rules decide for the next hand (the previous mano, or the last
        trick's winner: the ruleset's ``next_dealer``; the next active seat if he retired),
        or None for the first hand."""
        if self.hand_number < 0:
            return None
        seat = self.kit.next_dealer(self.hand)
        return seat if not self.ledger.retired[seat] else next_active(self.ledger.retired, seat)

    def deal(self, deal: Sequence[Sequence[int]] | None = None,
             rest: Sequence[int] | None = None, dealer: int | None = None) -> list[ev.Event]:
        """Start the next hand: shuffle and deal, or take the given deal (records).

        Chance is drawn the same way whether or not the deal is given, so a replayed record
        leaves the generator where the original match left it and later hands shuffle alike.
        A refused deal changes nothing, the generator included.
        """
        if self.phase != DEAL:
            raise IllegalAction("A hand is being played; it is not time to deal." if
                                self.phase == PLAY_PHASE else "The match is over.")
        saved = self.rng.getstate() if self.rng is not None and (
            deal is not None or dealer is not None) else None
        try:
            return self._deal(deal, rest, dealer)
        except DealError:
            if self.rng is not None and saved is not None:
                self.rng.setstate(saved)
            raise

    def _deal(self, deal: Sequence[Sequence[int]] | None, rest: Sequence[int] | None,
              named: int | None) -> list[ev.Event]:
        ledger = self.ledger
        kit = self.kit.duel if ledger.duel and self.kit.duel is not None else self.kit
        alive = ledger.alive()
        first = self.hand_number < 0
        ruled = self.next_dealer()
        if named is not None:
            if not 0 <= named < self.n or ledger.retired[named]:
                raise DealError(f"dealer {named} is not an active seat")
            if ruled is not None and named != ruled:
                raise DealError(f"the rules make seat {ruled} the dealer, not seat {named}")
        sits_out = len(alive) in self.kit.sits_out_at and not ledger.duel
        drawn = kit.first_dealer(alive, self.rng, sits_out) if first else None
        dealer = named if named is not None else ruled if ruled is not None else drawn
        if first and named is not None and drawn is not None and named != drawn and (
                kit.first_dealer_fixed or not sits_out):  # a drawn mano may be overruled
            raise DealError(f"the first dealer is seat {drawn}, not seat {named}")
        order = round_from(ledger.retired, next_active(ledger.retired, dealer)
                           if dealer is not None else alive[0])
        if sits_out:
            assert dealer is not None
            order.remove(dealer)
        per = kit.dealing.cards_each(kit, len(order))
        if deal is None:
            assert self.rng is not None, "a searched copy cannot deal"
            dealt, rest_cards = dealing.shuffled(kit, self.rng, self.n, order, per)
        else:
            dealt, rest_cards = dealing.check_given(kit, self.n, deal, rest, order, per)
            if self.rng is not None:
                dealing.shuffled(kit, self.rng, self.n, order, per)  # see the docstring

        h = HandState(kit, self.n)
        if kit.restock and self.rng is not None:  # what a deal draws: dealing.skip
            h.restock_seed = self.rng.getrandbits(32)
        h.number = self.hand_number + 1
        self.kit.settlement.prepare(ledger, h)
        h.sitting_out = dealer if sits_out else None
        h.playing = tuple(order)
        for s in order:
            h.hands[s] = mask_of(dealt[s])
        h.dealer = dealer if dealer is not None else -1
        in_play = per * len(order) + (len(rest_cards) if kit.draws else 0)
        h.tricks_left = in_play // len(order)
        mano, setup = kit.trump.at_deal(h, first, dealt, rest_cards)
        if mano is None:
            assert dealer is not None
            mano = next_active(ledger.retired, dealer)
            if mano not in order:  # the dealer sits out: the next seat dealt in
                mano = order[0]
        else:
            before = previous_active(ledger.retired, mano)
            if dealer is not None and dealer != before:
                raise DealError(f"the first dealer must be the seat before the holder of "
                                f"the 2 de oros: seat {before}, not seat {dealer}")
            dealer = before
        h.dealer = dealer
        h.mano = mano
        i = order.index(mano)
        seated = tuple(order[i:] + order[:i])
        h.seat_order(seated)
        if kit.while_stock is not None and h.stock:
            h.family = kit.while_stock
        setup += kit.exchange.at_deal(h)
        setup += phases.begin(h)
        if h.phase >= 0:  # decisions before play: their starting point, kept public
            public = h.copy()
            public.hands = [0] * self.n
            public.stock = [ev.HIDDEN] * len(h.stock)
            public.forget_cache()
            h.at_deal = public
        ante = self.kit.settlement.before_deal(ledger, dealer)
        setup += self.kit.settlement.after_deal(ledger, h)

        self.hand = h
        self.hand_number += 1
        self.phase = PLAY_PHASE
        self.logs.append(HandLog(dealer, [list(dealt[s]) for s in range(self.n)],
                                 list(rest_cards), restocks=h.restocks))
        events: list[ev.Event] = [ev.HandStarted(self.hand_number + 1, dealer, mano,
                                                 seated, h.sitting_out)]
        events += [ev.CardsDealt(s, tuple(dealt[s])) for s in seated]
        return ante + events + setup

    # ----------------------------------------------------------------- scoring
    def _finish_hand(self) -> list[ev.Event]:
        h = self.hand
        if h.void:
            voided, extra = self.kit.settlement.void(self.ledger, h)
            self.summaries.append(HandSummary.of(h, None, extra))
            self.phase = OVER if self.ledger.over else DEAL
            return voided
        result = h.kit.scorer(h)
        events: list[ev.Event] = [ev.HandScored(result.points, tuple(h.taken), result.losers,
                                                result.reason, h.last_trick,
                                                result.side_points, result.winner_side,
                                                result.marks)]
        more, extra = self.kit.settlement.settle(self.ledger, h, result)
        self.summaries.append(HandSummary.of(h, result, extra))
        h.to_act = -1
        h.may_sing = h.may_exchange = -1
        self.phase = OVER if self.ledger.over else DEAL
        return events + more

    def current_summary(self) -> HandSummary | None:
        """The hand in progress, as far as it has gone (None between hands)."""
        if self.phase != PLAY_PHASE:
            return None
        return HandSummary.of(self.hand, None, self.kit.settlement.pending(self.ledger,
                                                                            self.hand))

    # ----------------------------------------------------------------- views
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now; hidden hands are removed, not just left unused."""
        return Observation.of(self, seat)

    def clone(self) -> Match:
        """An independent copy of the whole match (search copies ``hand`` instead)."""
        m = Match(self.rules, self.options, self.seed, self.kit)
        m.rng = None
        if self.rng is not None:
            m.rng = random.Random()
            m.rng.setstate(self.rng.getstate())
        m.ledger = self.ledger.copy()
        m.hand = self.hand.copy()
        m.hand_number = self.hand_number
        m.phase = self.phase
        m.logs = [HandLog(g.dealer, g.deal, g.rest, list(g.actions),
                          list(g.restocks)) for g in self.logs]
        if m.logs:
            m.logs[-1].restocks = m.hand.restocks
        m.summaries = list(self.summaries)
        return m

    # ----------------------------------------------------------------- for the table
    @property
    def hands(self) -> list[int]:
        return self.hand.hands

    @property
    def trump(self) -> int:
        return self.hand.trump

    @property
    def dealer(self) -> int:
        return self.hand.dealer

    @property
    def mano(self) -> int:
        return self.hand.mano

    @property
    def playing(self) -> tuple[int, ...]:
        return self.hand.playing

    @property
    def sitting_out(self) -> int | None:
        return self.hand.sitting_out

    @property
    def muestra(self) -> int | None:
        return self.hand.muestra

    @property
    def out_of_play(self) -> int:
        return self.hand.out_of_play

    @property
    def marks(self) -> list[int]:
        return self.ledger.marks

    @property
    def retired(self) -> list[bool]:
        return self.ledger.retired

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ledger.winners

    @property
    def draw(self) -> bool:
        return self.ledger.draw

    @property
    def lives(self) -> int:
        return int(self.options.get("lives", 0))

    @property
    def renuncio(self) -> str:
        return str(self.options.get("renuncio", "prevent"))

    def obligation_mask(self, seat: int) -> int:
        return self.hand.obligation_mask(seat)

    def play_mask(self, seat: int) -> int:
        return self.hand.play_mask(seat)

    def why_illegal(self, seat: int, c: int) -> Reason | None:
        return self.hand.why_illegal(seat, c)

    def sing_options(self, seat: int) -> list[Action]:
        return self.hand.sing_options(seat)

    def accusations(self, seat: int) -> list[Action]:
        return self.hand.accusations(seat) if self.phase == PLAY_PHASE else []

    def points(self) -> list[Score]:
        return self.hand.points()


Game = Match
"""The engine's first name, kept for the table, the players and the tests."""
