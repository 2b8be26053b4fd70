"""A ruleset compiled for play: tables, flags and the strategy functions chosen by name.

The play kernel reads ``kit.x`` (ints, bools, tuples, functions), never option strings or
the RuleSet, so looking something up costs an attribute read. One kit serves a whole match
and every copy of its hands; Cabrero's final duel carries a second kit, Tute a dos's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from tute.cards import DECKS, RankOrder, card, cards_of, mask_of
from tute.engine import deal, exchange, phases, scoring, settlement, trumps
from tute.engine.cantes import CANTE_BY
from tute.engine.obligations import FAMILIES, Obligations
from tute.engine.table import SEATINGS
from tute.engine.types import RENUNCIO_MODES
from tute.rules import OptionValue, RuleSet, load_ruleset
from tute.rules.ruleset import ShownScores

if TYPE_CHECKING:
    from tute.engine.hand import HandState

DUEL_RULES = "dos"
DUEL_OPTIONS: dict[str, OptionValue] = {"hand_size": 6, "exchange": False,
                                        "scoring": "lowest_loses"}
"""Cabrero's final duel (docs/rules.md §3): Tute a dos, 6 cards, no exchange, lowest loses."""


class Kit:
    """Everything fixed for a match, shared by all copies of its state."""

    rules: RuleSet
    options: Mapping[str, OptionValue]
    players: int
    deck: int
    deck_cards: tuple[int, ...]
    order: RankOrder
    strength: tuple[int, ...]
    card_points: tuple[int, ...]
    beats: tuple[int, ...]
    deck_points: int
    """What all the deck's cards are worth (120 in the Tute games)."""
    pair_ranks: tuple[int, int]
    """The ranks of a cante's pair (rey and caballo), in the file's order."""
    pairs: tuple[int, ...]
    """Per suit, the mask of its cante pair."""
    pair_high: int
    """The mask of the first pair rank's four cards."""
    pair_shift: int
    """How many card ids the pair's first rank lies above its second (negative: below)."""
    tute_ranks: tuple[int, ...]
    tute_groups: tuple[int, ...]
    """Per tute rank, the mask of its four cards: holding one whole is a tute."""
    exchange_takes: tuple[tuple[int, tuple[int, ...]], ...]
    """Per trump rank that may be exchanged for the muestra, the muestra ranks it takes, in
    the order the exchanges are made (the ruleset's ``exchange_takes`` under the options)."""
    obligations: Obligations
    family: Obligations
    """``obligations``, read by the kernel on every play (a hand switches to ``while_stock``
    and back, and tells which is in force by identity)."""
    family_name: str
    partner_aware: bool
    """The obligations ask whether a partner is winning the trick (Butifarra)."""
    while_stock: Obligations | None
    no_cargar: bool
    must_trump: bool
    """Void in the suit led, a player holding trumps must play one, even a losing one."""
    renuncio: int
    cantes: bool
    forced_cantes: bool
    team_cantes: bool
    declarer_cantes: bool
    """Only the declarer sings (subastado)."""
    cuarenta_first: bool
    cantes_each: bool
    """Each member of the trick-winning side may sing one pair (``cantes_per_trick:
    each``), instead of one cante per trick for the side."""
    card_minimum: int
    """The card points a side needs at the end of a whole hand of a race, or it loses."""
    next_dealer: Callable[[HandState], int]
    """Who deals the next hand, given the one just played (before retirements)."""
    desempate: bool
    losers_second: bool
    """Cabrero's ``losers: second``: the second-highest taker loses (pierde el segundo)."""
    renuncio_marks: int
    sings_after_stock: bool
    """Cantes once a stock and its muestra are drawn (Tute a dos's ``sing_in_arrastre``)."""
    teams: bool
    declarer_sides: bool
    """Sides are made by the declaration: the declarer (and a partner) against the rest."""
    sides: int
    first_dealer: trumps.FirstDealerPick
    first_dealer_fixed: bool
    """The first dealer is a given seat, not found from the deal or drawn."""
    sits_out_at: frozenset[int]
    """Counts of active players at which the dealer sits the hand out."""
    dealing: deal.Deal
    packet: int
    has_stock: bool
    draws: bool
    """Players draw from the stock after each trick (Tute a dos)."""
    hand_size: int
    last_trick_bonus: int
    ultimas: bool
    """The last trick's bonus, the diez de últimas, is something the hand's result counts:
    a bonus, and a scoring that counts points (Bato measures tricks, Brisca has none)."""
    trick_points: int
    phases: tuple[phases.Phase, ...]
    lone_joins: bool
    """``lone: last_joins``: the last to speak must join a lone player (none: unopposed)."""
    lead_first_active: bool
    """``lead: first_active``: the first player in from the mano leads (else the
    declarer)."""
    discard_most: int
    """The most cards a discard may hold (the hand size where the file says so)."""
    discard_from_mano: bool
    restock: bool
    """An empty stock is re-formed from the cards out of play (``restock_out_of_play``)."""
    dealer_takes_turned: bool
    """The dealer, when in, may take the turned card at his discard turn."""
    commit_each: int
    commit_taker: int
    """Tricks the turned card's taker must take."""
    fail_pays: int
    taker_pays: int
    """Times the plate a failed commitment pays (the turned card's taker's)."""
    failed_key: str
    """The records' key listing the seats that failed their commitment."""
    shown_scores: ShownScores | None
    """What the card shown to mark trumps scores (``shown_card_scores``); None: nothing."""
    trump: trumps.Trump
    trump_rotation: bool
    exchange: exchange.Exchange
    scorer: scoring.Scorer
    losers_by_rank: bool
    """A hand is lost by the takers' ranks (Cabrero): see ``scoring.Scoring``."""
    scoring_name: str
    settlement: settlement.Settlement
    settlement_name: str
    duel: Kit | None

    def __init__(self, rules: RuleSet, options: Mapping[str, OptionValue]) -> None:
        """``options`` must be resolved (every option present, checked); the file's
        ``fixed`` options join them here, for the strategies that read them."""
        self.rules = rules
        options = {**rules.fixed, **options}
        self.options = options
        n = int(options["players"])
        self.players = n
        self.deck = DECKS[rules.deck]
        self.deck_cards = tuple(cards_of(self.deck))
        self.order = rules.order
        self.strength = self.order.strength
        self.card_points = self.order.points
        self.beats = self.order.beats
        self.deck_points = sum(self.card_points[c] for c in self.deck_cards)
        self.pair_ranks = rules.cantes.pair
        high, low = self.pair_ranks
        self.pair_shift = high - low
        self.pair_high = mask_of(card(high, s) for s in range(4))
        self.pairs = tuple(1 << card(high, s) | 1 << card(low, s) for s in range(4))
        self.tute_ranks = rules.cantes.tute if options.get("tute", True) else ()
        self.tute_groups = tuple(mask_of(card(r, s) for s in range(4)) for r in self.tute_ranks)
        self.exchange_takes = rules.takes_for(options)
        self.family_name = rules.obligations.pick(options)
        self.obligations = FAMILIES[self.family_name]
        self.family = self.obligations
        self.partner_aware = self.obligations.partner_aware
        self.while_stock = FAMILIES[rules.while_stock] if rules.while_stock else None
        self.no_cargar = "no_cargar" in rules.modifiers_for(options) or bool(
            options.get("no_cargar"))
        self.must_trump = "must_trump" in rules.modifiers_for(options)
        self.renuncio = RENUNCIO_MODES[str(options.get("renuncio", "prevent"))]
        self.cantes = rules.cantes.allowed
        self.forced_cantes = rules.cantes.forced
        seating = SEATINGS[rules.seating.pick(options)]
        self.teams = seating.teams
        self.declarer_sides = seating.declarer_sides
        singers = CANTE_BY[rules.cantes.by]
        self.team_cantes = singers.partners and self.teams
        self.declarer_cantes = singers.declarer_only
        self.cuarenta_first = bool(options.get("cuarenta_first", rules.cantes.cuarenta_first))
        self.cantes_each = options.get("cantes_per_trick", "one") == "each"
        self.card_minimum = rules.card_minimum if options.get("treinta_malas", True) else 0
        self.next_dealer = trumps.NEXT_DEALERS[rules.next_dealer.pick(options)].seat
        self.desempate = bool(options.get("desempate", False))
        self.losers_second = options.get("losers", "middle") == "second"
        self.renuncio_marks = int(options.get("renuncio_marks", scoring.RENUNCIO_MARKS))
        self.sings_after_stock = bool(options.get("sing_in_arrastre", True))
        self.sides = 2 if self.teams or self.declarer_sides else n
        first_dealer = trumps.FIRST_DEALERS[rules.first_dealer.pick(options)]
        self.first_dealer = first_dealer.pick
        self.first_dealer_fixed = first_dealer.fixed
        out_from = options.get("dealer_out_from")
        self.sits_out_at = frozenset(rules.dealer_sits_out) if out_from is None else frozenset(
            range(int(out_from), rules.max_players + 1))
        self.dealing = deal.PLANS[rules.deal]
        self.packet = self.dealing.packet
        self.has_stock = self.dealing.stock
        self.trump = trumps.METHODS[rules.trump.pick(options)]
        self.draws = self.has_stock and self.trump.drawn
        self.hand_size = int(options.get("hand_size", rules.hand_size))
        self.last_trick_bonus = rules.last_trick_bonus
        self.trick_points = rules.trick_points
        self.phases = tuple(phases.PHASES[name] for name in rules.phases_for(options))
        self.shown_scores = rules.shown_scores_for(options)
        self.lone_joins = rules.lone.pick(options) == "last_joins"
        self.lead_first_active = rules.lead.pick(options) == "first_active"
        self.discard_most = rules.discard.most or self.hand_size
        self.discard_from_mano = rules.discard.order == "mano"
        self.restock = rules.discard.when_empty == "restock_out_of_play"
        self.dealer_takes_turned = rules.turned_taker(options) == "dealer"
        c = rules.commitment
        self.commit_each = c.each.get(options)
        self.commit_taker = (c.taker or c.each).get(options)
        self.fail_pays = c.pays.get(options)
        self.taker_pays = (c.taker_pays or c.pays).get(options)
        self.failed_key = c.record_as
        self.trump_rotation = bool(options.get("trump_rotation", False))
        self.exchange = exchange.EXCHANGES[rules.exchange.pick(options)](
            options, by_side=rules.exchange_by == "side" and self.teams,
            before_draw=exchange.WHEN[rules.exchange_when.pick(options)].before_draw)
        self.scoring_name = rules.scoring.pick(options)
        chosen = scoring.SCORERS[self.scoring_name]
        self.scorer = chosen.score
        self.losers_by_rank = chosen.by_rank
        self.ultimas = self.last_trick_bonus > 0 and not chosen.by_tricks
        self.settlement_name = rules.settlement.pick(options)
        self.settlement = settlement.SETTLEMENTS[self.settlement_name](options)
        self.settlement.failed_key = self.failed_key
        problem = self.settlement.misfit(n, self.teams)
        if problem:
            raise ValueError(problem)
        self.duel = None
        if options.get("final_duel"):
            duel_rules = load_ruleset(DUEL_RULES)
            self.duel = Kit(duel_rules, duel_rules.resolve(DUEL_OPTIONS))

    def paired(self, hand: int) -> int:
        """The first pair rank's cards in ``hand`` whose partner is in ``hand`` too: bit
        ``card(high, s)`` set for each suit ``s`` whose whole pair is held."""
        shift = self.pair_shift
        # The second rank's cards moved onto the first's places in the same suits:
        other = hand << shift if shift >= 0 else hand >> -shift
        return hand & other & self.pair_high

    def has_tute(self, hand: int) -> bool:
        """Whether ``hand`` holds the four cards of a tute rank."""
        for group in self.tute_groups:  # noqa: SIM110  (no generator: the cantes' hot path)
            if hand & group == group:
                return True
        return False

    def hand_points(self) -> int:
        """A hand's points before cantes, when every card is played: the cards, the diez de
        últimas and the points per trick (130 in Tute, 72 in Butifarra)."""
        tricks = len(self.deck_cards) // self.players
        return self.deck_points + self.last_trick_bonus + self.trick_points * tricks

    def side(self, seat: int) -> int:
        """The side ``seat`` plays for before any declaration: its team, itself, or (where
        a declaration makes the sides) the rest, side 1."""
        if self.teams:
            return seat % 2
        return 1 if self.declarer_sides else seat

    @property
    def name(self) -> str:
        return self.rules.name["en"]
