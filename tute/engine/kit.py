"""A ruleset compiled for play: tables, flags and the strategy functions chosen by name.

The play kernel reads ``kit.x`` (ints, bools, tuples, functions), never option strings or
the RuleSet, so looking something up costs an attribute read. One kit serves a whole match
and every copy of its hands; Cabrero's final duel carries a second kit, Tute a dos's.
"""

from __future__ import annotations

from collections.abc import Mapping

from tute.cards import DECKS, ORDERS, RankOrder, cards_of
from tute.engine import deal, exchange, scoring, settlement, trumps
from tute.engine.obligations import FAMILIES, Family
from tute.engine.types import RENUNCIO_MODES
from tute.rules import OptionValue, RuleSet, load_ruleset

REGISTRIES: dict[str, Mapping[str, object]] = {
    "seating": {"solo": False, "teams": True},
    "first_dealer": trumps.FIRST_DEALERS,
    "deal": deal.PLANS,
    "trump": trumps.METHODS,
    "exchange": exchange.METHODS,
    "obligations": FAMILIES,
    "cante_by": {"winner": False, "team": True},
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
    while_stock: Family | None
    no_cargar: bool
    renuncio: int
    cantes: bool
    forced_cantes: bool
    team_cantes: bool
    cuarenta_first: bool
    desempate: bool
    teams: bool
    sides: int
    first_dealer: trumps.FirstDealer
    dealer_sits_out: bool
    plan: deal.Plan
    has_stock: bool
    hand_size: int
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
        self.while_stock = FAMILIES[rules.while_stock] if rules.while_stock else None
        self.no_cargar = "no_cargar" in rules.modifiers
        self.renuncio = RENUNCIO_MODES[str(options.get("renuncio", "prevent"))]
        self.cantes = rules.cantes.allowed
        self.forced_cantes = rules.cantes.forced
        self.teams = rules.seating.pick(options) == "teams"
        self.team_cantes = rules.cantes.by == "team" and self.teams
        self.cuarenta_first = bool(options.get("cuarenta_first", rules.cantes.cuarenta_first))
        self.desempate = bool(options.get("desempate", False))
        self.sides = 2 if self.teams else n
        self.first_dealer = trumps.FIRST_DEALERS[rules.first_dealer.pick(options)]
        self.dealer_sits_out = n in rules.dealer_sits_out
        self.plan = deal.PLANS[rules.deal]
        self.has_stock = rules.deal == "stock"
        self.hand_size = int(options.get("hand_size", 0))
        self.trump = trumps.METHODS[rules.trump.pick(options)]
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
        """The side (team, or the seat itself) that ``seat`` plays for."""
        return seat % 2 if self.teams else seat

    @property
    def name(self) -> str:
        return self.rules.name["en"]
