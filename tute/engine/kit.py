"""A ruleset compiled for play: tables, flags and the strategy functions chosen by name.

The play kernel reads ``kit.x`` (ints, bools, tuples, functions), never option strings or
the RuleSet, so looking something up costs an attribute read. One kit serves a whole match
and every copy of its hands; Cabrero's final duel carries a second kit, Tute a dos's.
"""

from __future__ import annotations

from collections.abc import Mapping

from tute.cards import DECKS, ORDERS, RankOrder, cards_of
from tute.engine import deal, exchange, phases, scoring, settlement, trumps
from tute.engine.obligations import FAMILIES, Family
from tute.engine.types import RENUNCIO_MODES
from tute.rules import OptionValue, RuleSet, load_ruleset

REGISTRIES: dict[str, Mapping[str, object]] = {
    "seating": {"solo": 0, "teams": 1, "declarer_side": 2, "called_partner": 2},
    "first_dealer": trumps.FIRST_DEALERS,
    "deal": deal.PLANS,
    "trump": trumps.METHODS,
    "exchange": exchange.METHODS,
    "phases": phases.PHASES,
    "obligations": FAMILIES,
    "cante_by": {"winner": 0, "team": 1, "declarer": 2},
    "scoring": scoring.SCORERS,
    "settlement": settlement.SETTLEMENTS,
}
"""Every strategy name a ruleset may use, and what it means to the engine; a test keeps
these names equal to ``tute.rules.ruleset.STRATEGIES``."""

DUEL_RULES = "dos"
DUEL_OPTIONS: dict[str, OptionValue] = {"hand_size": 6, "exchange": False,
                                        "scoring": "lowest_loses"}
"""Cabrero's final duel (RULES.md §3): Tute a dos, 6 cards, no exchange, lowest loses."""


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
    family: Family
    family_name: str
    partner_aware: bool
    """The obligations ask whether a partner is winning the trick (Butifarra)."""
    while_stock: Family | None
    no_cargar: bool
    renuncio: int
    cantes: bool
    forced_cantes: bool
    team_cantes: bool
    declarer_cantes: bool
    """Only the declarer sings (subastado)."""
    cuarenta_first: bool
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
    first_dealer: trumps.FirstDealer
    first_dealer_fixed: bool
    """The first dealer is a given seat, not found from the deal or drawn."""
    sits_out_at: frozenset[int]
    """Counts of active players at which the dealer sits the hand out."""
    plan: deal.Plan
    packet: int
    has_stock: bool
    draws: bool
    """Players draw from the stock after each trick (Tute a dos)."""
    hand_size: int
    last_trick_bonus: int
    trick_points: int
    phases: tuple[phases.Phase, ...]
    trump: trumps.Method
    trump_rotation: bool
    exchange: exchange.Method
    voluntary_exchange: bool
    scorer: scoring.Scorer
    scoring_name: str
    settlement: settlement.Settlement
    settlement_name: str
    exchange_name: str
    duel: Kit | None

    def __init__(self, rules: RuleSet, options: Mapping[str, OptionValue]) -> None:
        """``options`` must be resolved (every option present, checked)."""
        self.rules = rules
        self.options = options
        n = int(options["players"])
        self.players = n
        self.deck = DECKS[rules.deck]
        self.deck_cards = tuple(cards_of(self.deck))
        self.order = ORDERS[rules.order]
        self.strength = self.order.strength
        self.card_points = self.order.points
        self.beats = self.order.beats
        self.family = FAMILIES[rules.obligations]
        self.family_name = rules.obligations
        self.partner_aware = rules.obligations == "butifarra"
        self.while_stock = FAMILIES[rules.while_stock] if rules.while_stock else None
        self.no_cargar = "no_cargar" in rules.modifiers or bool(options.get("no_cargar"))
        self.renuncio = RENUNCIO_MODES[str(options.get("renuncio", "prevent"))]
        self.cantes = rules.cantes.allowed
        self.forced_cantes = rules.cantes.forced
        seating = rules.seating.pick(options)
        self.teams = seating == "teams"
        self.declarer_sides = seating in ("declarer_side", "called_partner")
        self.team_cantes = rules.cantes.by == "team" and self.teams
        self.declarer_cantes = rules.cantes.by == "declarer"
        self.cuarenta_first = bool(options.get("cuarenta_first", rules.cantes.cuarenta_first))
        self.desempate = bool(options.get("desempate", False))
        self.losers_second = options.get("losers", "middle") == "second"
        self.renuncio_marks = int(options.get("renuncio_marks", scoring.RENUNCIO_MARKS))
        self.sings_after_stock = bool(options.get("sing_in_arrastre", True))
        self.sides = 2 if self.teams or self.declarer_sides else n
        first_dealer = rules.first_dealer.pick(options)
        self.first_dealer = trumps.FIRST_DEALERS[first_dealer]
        self.first_dealer_fixed = first_dealer == "last"
        out_from = options.get("dealer_out_from")
        self.sits_out_at = frozenset(rules.dealer_sits_out) if out_from is None else frozenset(
            range(int(out_from), rules.max_players + 1))
        self.plan = deal.PLANS[rules.deal]
        self.packet = 4 if rules.deal == "packets" else 1
        self.has_stock = rules.deal == "stock"
        trump_name = rules.trump.pick(options)
        self.draws = self.has_stock and trump_name == "muestra"
        self.hand_size = int(options.get("hand_size", rules.hand_size))
        self.last_trick_bonus = rules.last_trick_bonus
        self.trick_points = rules.trick_points
        self.phases = tuple(phases.PHASES[name] for name in rules.phases)
        self.trump = trumps.METHODS[trump_name]
        self.trump_rotation = bool(options.get("trump_rotation", False))
        exchange_name = rules.exchange.pick(options)
        self.exchange = exchange.METHODS[exchange_name]
        self.voluntary_exchange = (exchange_name == "muestra_7_2"
                                   and bool(options.get("exchange", True)))
        self.exchange_name = exchange_name
        self.scoring_name = rules.scoring.pick(options)
        self.scorer = scoring.SCORERS[self.scoring_name]
        self.settlement_name = rules.settlement.pick(options)
        self.settlement = settlement.SETTLEMENTS[self.settlement_name](options)
        problem = self.settlement.misfit(n, self.teams)
        if problem:
            raise ValueError(problem)
        self.duel = None
        if options.get("final_duel"):
            duel_rules = load_ruleset(DUEL_RULES)
            self.duel = Kit(duel_rules, duel_rules.resolve(DUEL_OPTIONS))

    def side(self, seat: int) -> int:
        """The side ``seat`` plays for before any declaration: its team, itself, or (where
        a declaration makes the sides) the rest, side 1."""
        if self.teams:
            return seat % 2
        return 1 if self.declarer_sides else seat

    @property
    def name(self) -> str:
        return self.rules.name["en"]
