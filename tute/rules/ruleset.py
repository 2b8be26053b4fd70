"""Ruleset files -> validated RuleSet objects.

A ruleset names the game's deck, its strategies (deal, trump method, obligations, scoring)
and its options, each option with a default, the values it allows, and a label and a one-line
description in Spanish and English for the options screen; an option with an effect only
under some values of another (``applies: {players: [4]}``) is greyed by the options screen
elsewhere.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from itertools import islice, product
from pathlib import Path
from typing import Any

from tute import filetext
from tute.cards import CABALLO, DECKS, ORDERS, REY, TUTE_POINTS, RankOrder, ranks_of
from tute.echo import shown
from tute.resources import rules_dir
from tute.rules.yamlio import Located, YamlError, is_file, kind_of, parse, read

OptionValue = bool | int | str
LANGS = ("es", "en")
"""The languages every text of a ruleset file is written in."""
OWN_LANGS = ("ca",)
"""Languages a file may carry besides (a player's own file, in his language); where it
does not, the ``rules`` catalog translates its English (``i18n.ruleset_text``)."""



def strategies() -> Mapping[str, Mapping[str, Any]]:
    """The strategies a ruleset may name, by ruleset key: the engine's registries
    (``tute.engine.registries.REGISTRIES``, below the rules), the one place strategy names
    live. Imported when a file is checked, not with this module: importing any engine module
    first runs the ``tute.engine`` package, which imports the rules."""
    from tute.engine.registries import REGISTRIES

    return REGISTRIES


OPENER_NAMES = ("pair",)
"""Names an opener line may use besides the options: ``{pair}``, the cante's pair in the
player's language ("the king and the horse"; "el rey y la sota" where ``cantes.pair`` says
so)."""

MODIFIERS: dict[str, str] = {
    "no_cargar": "No vale cargar (§0): a player who cannot take the trick with any card the "
                 "obligations allow must play the one of lowest point value among them.",
    "must_trump": "Subfallar (§13): void in the suit led, a player holding trumps must play "
                  "one, even one that cannot win the trick (the family's duty to beat with a "
                  "higher trump stands); combines with any family.",
}
"""The obligations' modifiers a file may list, and what each adds to the family."""
EXCHANGE_BY = ("winner", "side")
"""Who may exchange the muestra (the ruleset's ``exchange_by``)."""

_DECLARING = ("subasta", "juego_paso", "juego_acompano", "name_or_delegate")
"""Phases that choose the hand's declarer."""
_JOINING = (*_DECLARING, "juego_each")
"""Phases that decide who is in the hand (a declarer and the rest, or each for himself)."""

REQUIRES: dict[tuple[str, str], tuple[tuple[str, tuple[str, ...]], ...]] = {
    ("trump", "named"): (("phases", ("name_trump", "name_or_delegate")),),
    ("trump", "cabrero"): (("first_dealer", ("two_of_oros",)),),
    ("first_dealer", "two_of_oros"): (("trump", ("cabrero",)),),
    ("trump", "under_stock"): (("deal", ("stock",)),),
    ("phases", "discard_draw"): (("trump", ("under_stock",)),),
    ("phases", "juego_each"): (("scoring", ("commitment",)),),
    ("scoring", "commitment"): (("phases", _JOINING),),
    ("settlement", "plate"): (("scoring", ("commitment", "bato")),),
    ("phases", "name_or_delegate"): (("seating", ("teams",)),),
    ("phases", "name_trump"): (("phases", _DECLARING),),
    ("phases", "call_partner"): (("phases", _DECLARING), ("seating", ("called_partner",))),
    ("seating", "declarer_side"): (("phases", _DECLARING),),
    ("seating", "called_partner"): (("phases", ("call_partner",)),),
    ("scoring", "contract"): (("phases", _DECLARING),),
    ("scoring", "side_vs_rest"): (("phases", _DECLARING),),
    ("scoring", "bato"): (("phases", _DECLARING),),
    ("scoring", "team_juegos"): (("seating", ("teams", "solo")),),
    ("scoring", "over_36"): (("seating", ("teams",)),),
    ("settlement", "balances"): (("scoring", ("contract",)),),
    ("settlement", "juegos"): (("scoring", ("team_juegos",)),),
    ("settlement", "team_target"): (("scoring", ("over_36",)), ("seating", ("teams",))),
    ("trump", "dealer_card"): (("deal", ("all_even", "packets")),),
}
"""What a strategy reads from the others (a declarer, the scoring's figures, two teams):
a ruleset naming it must name one of these for the other key, in every combination of
options and players it allows. (Juegos need two fixed sides: two teams, or two players as in
Tute a dos; the table cannot tell two solo players from three, the trial hands of a ruleset
that is not bundled do.)"""

JUEGO_PHASES = ("juego_acompano", "juego_each")
"""The phases in which each player says juego or passes knowing the trumps, his hand
measured by the tricks it promises: a file naming one may say at what sums (``juego_sums``),
else plays at ``SUMS_DEFAULT``."""

KEY_NEEDS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "shown_card_scores": ("settlement", ("team_target",), "the shown card's points go to a "
                          "side's total towards the target"),
    "vueltas_odds": ("settlement", ("partidas",), "it values a partida carried into the "
                     "vueltas"),
    "juego_sums": ("phases", JUEGO_PHASES, "it is the computer's play-or-pass on a hand "
                   "whose trumps are shown"),
}
"""Keys (not strategies) that need a strategy of another key, and why: a file writing the
key (other than ``false``) must name one of these for the other key. The schema reference
reads it."""

KEY_ADDS: dict[str, tuple[str, ...]] = {
    "shown_card_scores": ("shown", "shown_points", "shown_held"),
}
"""Keys of a file that add keys to each hand's summary (``tute replay --json``), beside its
strategies' ``adds``; the schema reference reads it."""

MAX_COMBINATIONS = 10_000
"""Combinations of option values checked against REQUIRES (only the options that pick a
strategy count)."""


MAX_CARD_POINTS = 100
"""The most a card of a ruleset's ``points`` may be worth."""

MAX_RANGE = 1000
"""Values an option's range may span: every value is offered on the options screen."""


class RulesetError(YamlError):
    """A ruleset file that breaks the schema, or an option value it does not allow."""


@dataclass(frozen=True)
class Option:
    """One house option: its default and what it allows."""

    name: str
    default: OptionValue
    label: Mapping[str, str]
    description: Mapping[str, str]
    choices: tuple[OptionValue, ...] = ()
    low: int | None = None
    high: int | None = None
    applies: Mapping[str, tuple[OptionValue, ...]] = field(default_factory=dict)
    """Where the option has an effect: other options' values (Tute a dos's ``games_to``
    with ``scoring: juegos``); elsewhere it stands, without effect."""

    def idle(self, values: Mapping[str, OptionValue]) -> tuple[str, tuple[OptionValue, ...]] | None:
        """The other option, and the values of it, without which this one has no effect
        under ``values``; None when it has one."""
        for name, wanted in self.applies.items():
            if values.get(name) not in wanted:
                return name, wanted
        return None

    @property
    def kind(self) -> type:
        return type(self.default)

    def allowed(self) -> list[OptionValue]:
        """Every value the option allows, in display order."""
        if self.choices:
            return list(self.choices)
        if self.kind is bool:
            return [False, True]
        assert self.low is not None and self.high is not None
        return list(range(self.low, self.high + 1))

    def check(self, value: object) -> str | None:
        """Why ``value`` is not allowed, or None when it is."""
        if type(value) is not self.kind:
            return f"expected {_kind_name(self.kind)}, got {value!r}"
        if self.choices and value not in self.choices:
            return f"{value!r} is not one of {', '.join(map(str, self.choices))}"
        if self.low is not None and self.high is not None:
            assert isinstance(value, int)
            if not self.low <= value <= self.high:
                return f"{value} is out of range {self.low}..{self.high}"
        return None

    def parse_text(self, text: str) -> OptionValue:
        """Value from command-line text such as ``3``, ``on`` or ``accuse``."""
        t = text.strip()
        value: OptionValue
        if self.kind is bool:
            low = t.lower()
            if low in ("true", "yes", "on", "1", "si", "sí"):
                value = True
            elif low in ("false", "no", "off", "0"):
                value = False
            else:
                raise ValueError(f"option '{self.name}': '{text}' is not on/off")
        elif self.kind is int:
            try:
                value = int(t)
            except ValueError:
                raise ValueError(f"option '{self.name}': '{text}' is not a number") from None
        else:
            value = t
        problem = self.check(value)
        if problem:
            raise ValueError(f"option '{self.name}': {problem}")
        return value


def _kind_name(kind: type) -> str:
    return {bool: "true or false", int: "a whole number", str: "text"}.get(kind, kind.__name__)


@dataclass(frozen=True)
class Pick:
    """A strategy chosen by name, or by the value of an option (``by_option``)."""

    fixed: str = ""
    option: str = ""
    names: Mapping[OptionValue, str] = field(default_factory=dict)

    def pick(self, options: Mapping[str, OptionValue]) -> str:
        return self.names[options[self.option]] if self.option else self.fixed

    def all_names(self) -> tuple[str, ...]:
        return tuple(self.names.values()) if self.option else (self.fixed,)


@dataclass(frozen=True)
class Cantes:
    """Who may sing what: docs/rules.md §0, "Cantes"."""

    allowed: bool = True
    forced: bool = False
    """Chancho: a rey and caballo taken in one trick are sung at once."""
    by: str = "winner"
    """``winner`` sings his own pairs; ``team``: also his partner's."""
    cuarenta_first: bool = False
    """The rule where no option of that name overrides it."""
    pair: tuple[int, int] = (REY, CABALLO)
    """The two ranks whose cards of one suit, held by one player, make a 20 or 40."""
    tute: tuple[int, ...] = (REY, CABALLO)
    """The ranks whose four cards make a tute; none: the game has no tute."""


Takes = tuple[tuple[int, tuple[int, ...]], ...]
"""Per trump rank that may be exchanged for the muestra, the muestra ranks it takes."""
EXCHANGE_TAKES: Takes = ((7, (10, 11, 12, 3, 1)), (2, (5, 6, 7)))
"""docs/rules.md §0's exchanges: the 7 of trumps takes a muestra above 7, then the 2 takes a
5, 6 or 7 (the 7 just laid out included)."""

@dataclass(frozen=True)
class ShownScores:
    """Points for the card shown to mark trumps (the key ``shown_card_scores``): its
    ``points`` go to the side of the seat that keeps it, the dealer's, before the first
    lead; with ``hold_at_target``, points that would bring that side to the target are held
    until the hand's own score has been added (and count then only if nobody has won)."""

    to: str = "dealer_side"
    hold_at_target: bool = True


@dataclass(frozen=True)
class Chosen:
    """A number given plainly, or by the value of an option (``{by_option: NAME, VALUE:
    N, ...}``)."""

    fixed: int = 0
    option: str = ""
    by: Mapping[OptionValue, int] = field(default_factory=dict)

    def get(self, options: Mapping[str, OptionValue]) -> int:
        return self.by[options[self.option]] if self.option else self.fixed

    def values(self) -> tuple[int, ...]:
        return tuple(self.by.values()) if self.option else (self.fixed,)


@dataclass(frozen=True)
class VueltasOdds:
    """The key ``vueltas_odds``: the chance a side wins a partida that goes de vueltas, as
    measured (benchmarks/vueltas_odds.py), for the hard level's valuation of a hand that
    decides none: a logistic in the carried difference, plus what leading the next hand
    is worth."""

    three_to_one: Chosen
    """The carried lead (points) at which a side wins the partida 3 times in 4."""
    lead: Chosen = field(default_factory=lambda: Chosen(0))
    """The carried points that leading the next hand is worth (negative: dealing is)."""


@dataclass(frozen=True)
class JuegoSums:
    """The key ``juego_sums``: the tricks a hand must promise (the sum over its cards of
    each one's chance of taking a trick, in hundredths) for the computer to say juego, and
    to accompany, as measured (benchmarks/bato_auction.py) for the game's own commitment,
    hand size and table."""

    juego: Chosen
    acompano: Chosen | None = None
    """None: the game's phases offer no acompaño."""


@dataclass(frozen=True)
class Commitment:
    """The key ``commitment``: every player in the hand must take ``each`` tricks (the
    turned card's taker ``taker``); who fails pays the plate times ``pays`` (the taker
    ``taker_pays``), and the record lists such seats under ``record_as``. ``headline``:
    the game's own word for a hand someone failed ("¡Julepe!"), else a plain one."""

    each: Chosen = field(default_factory=lambda: Chosen(1))
    taker: Chosen | None = None
    pays: Chosen = field(default_factory=lambda: Chosen(1))
    taker_pays: Chosen | None = None
    record_as: str = "failed"
    headline: Mapping[str, str] | None = None


@dataclass(frozen=True)
class Discard:
    """The key ``discard`` (phase ``discard_draw``): at most ``most`` cards (0: the hand
    size), in the order ``order``, and what an empty stock does (``when_empty``)."""

    most: int = 4
    order: str = "playing"
    when_empty: str = "cap_at_stock"


DISCARD_ORDERS = ("playing", "mano")
"""``discard.order``: the hand's playing order (from the declarer where one leads), or from
the mano round the table."""
WHEN_EMPTY = ("cap_at_stock", "restock_out_of_play")
"""``discard.when_empty``: no more cards are discarded than the stock holds; or a new stock
is formed from the cards out of play."""
TURNED_TAKERS = ("dealer",)
"""``turned_card.taken_by``: who may take the turned card at his discard turn."""


SHOWN_TO = ("dealer_side",)
"""Who the shown card's points go to (``shown_card_scores.to``)."""

PATTERNS = ("spanish", "catalan")
"""The drawn decks' patterns a game may be dealt with by default."""
SUMS_DEFAULT = (80, 45)
"""``juego_sums`` where a file naming a juego phase gives none: Bato's measured sums for
promising two tricks and one (a new game plays sensibly at once; its own measurement,
benchmarks/bato_auction.py --game, may then move them)."""
SUMS_MOST = 2000
"""``juego_sums``: the most hundredths of a trick a hand may be asked to promise (every
card of a hand of 20 sure to take its trick)."""
LAST = 1000
"""The menu place of a game whose file gives none: after the bundled ones."""


@dataclass(frozen=True)
class OpenerLine:
    """One how-to-play line and the option values it is true under (``when:``; none:
    always), so that three at the table are not told of four."""

    text: Mapping[str, str]
    when: Mapping[str, tuple[OptionValue, ...]] = field(default_factory=dict)

    def holds(self, options: Mapping[str, OptionValue]) -> bool:
        return all(options.get(name) in values for name, values in self.when.items())


@dataclass(frozen=True)
class Presentation:
    """How the menus and the first table present the game (the ruleset's ``ui:`` block)."""

    order: int = LAST
    """Its place in the menus, smallest first."""
    blurb: Mapping[str, str] = field(default_factory=dict)
    """One line that tells a player what kind of game it is."""
    deck: str = ""
    """The deck pattern a new table is dealt with; empty: the player's own (Settings)."""
    opener: tuple[OpenerLine, ...] = ()
    """How to play in a few lines, shown the first time a player sits at its table."""
    buenas_above: int | None = None
    """Totals are told as players count them: up to this many are "malas", each point
    above it a "buena" (with 50, 72 is 22 buenas); None: as plain points."""

    def opener_for(self, options: Mapping[str, OptionValue]) -> tuple[Mapping[str, str], ...]:
        """The opener's lines that hold under ``options`` (resolved: every option set)."""
        return tuple(line.text for line in self.opener if line.holds(options))


@dataclass(frozen=True)
class RuleSet:
    """A validated game definition."""

    id: str
    source: str
    name: Mapping[str, str]
    deck: str
    order: RankOrder
    """Strength and points of the cards (the file's ``order`` and ``points``)."""
    min_players: int
    max_players: int
    first_dealer: Pick
    deal: str
    obligations: Pick
    modifiers: tuple[str, ...]
    """The obligations' modifiers (under the default options when an option picks them:
    ``modifiers_for``)."""
    cantes: Cantes
    seating: Pick = field(default_factory=lambda: Pick("solo"))
    trump: Pick = field(default_factory=lambda: Pick("cabrero"))
    exchange: Pick = field(default_factory=lambda: Pick("none"))
    exchange_takes: tuple[tuple[int, tuple[int, ...]], ...] = EXCHANGE_TAKES
    """Which trump rank may take which muestra ranks, in the order the exchanges are made
    (under the default options when an option picks them: ``takes_for``)."""
    exchange_takes_by: tuple[str, Mapping[OptionValue, Takes]] = ("", {})
    """``exchange_takes: {by_option: NAME, VALUE: {...}}``: the option and the exchanges
    under each of its values; ``("", {})`` when the file gives one mapping."""
    exchange_when: Pick = field(default_factory=lambda: Pick("at_lead"))
    """When a voluntary exchange is offered: ``at_lead`` or ``before_draw``."""
    exchange_by: str = "winner"
    """Who may exchange: the ``winner`` about to act, or either member of his ``side``
    (the winner acting for the seat that holds the card)."""
    next_dealer: Pick = field(default_factory=lambda: Pick("rotate"))
    """Who deals the next hand: the previous mano (``rotate``) or the last trick's winner."""
    card_minimum: int = 0
    """The card points (the diez de últimas included) a side needs at the end of a whole
    hand not to lose it outright (0: no minimum)."""
    scoring: Pick = field(default_factory=lambda: Pick("cabrero"))
    settlement: Pick = field(default_factory=lambda: Pick("marks"))
    phases: tuple[str, ...] = ()
    """What happens between the deal and the first trick (auctions, declarations...), under
    the default options when an option picks them (``phases_for``)."""
    modifiers_by: tuple[str, Mapping[OptionValue, tuple[str, ...]]] = ("", {})
    """``modifiers: {by_option: NAME, VALUE: [...]}``: the option and the modifiers under
    each of its values; ``("", {})`` when the file gives one list."""
    phases_by: tuple[str, Mapping[OptionValue, tuple[str, ...]]] = ("", {})
    """``phases: {by_option: NAME, VALUE: [...]}``: the option and the phases under each of
    its values; ``("", {})`` when the file gives one list."""
    shown_scores: ShownScores | None = None
    """``shown_card_scores`` (under the default options when an option switches it:
    ``shown_scores_for``); None: the shown card scores nothing."""
    shown_scores_by: tuple[str, Mapping[OptionValue, ShownScores | None]] = ("", {})
    """``shown_card_scores: {by_option: NAME, VALUE: ...}``: the option and what the key is
    under each of its values (None: off); ``("", {})`` when no option switches it."""
    fixed: Mapping[str, OptionValue] = field(default_factory=dict)
    """Options a strategy reads, fixed by the file (``fixed:``) and never offered."""
    lone: Pick = field(default_factory=lambda: Pick("unopposed"))
    """What a lone player in the hand does (``juego_each``)."""
    lead: Pick = field(default_factory=lambda: Pick("declarer"))
    """Who leads the first trick after a phase that decides who is in."""
    discard: Discard = field(default_factory=Discard)
    turned_card: tuple[str, Mapping[OptionValue, str | None]] = ("", {})
    """``turned_card``: who may take the turned card (``dealer``), under each value of the
    option naming it (``("", {"": ...})`` when no option does); None: nobody."""
    commitment: Commitment = field(default_factory=Commitment)
    vueltas_odds: VueltasOdds | None = None
    """What points carried into the vueltas are worth (the AI's; None: not measured)."""
    juego_sums: JuegoSums | None = None
    """The tricks promised at which the AI plays or accompanies (None: no such phase)."""
    hand_size: int = 0
    """Cards each for a stock deal without a ``hand_size`` option (Bato: 4)."""
    last_trick_bonus: int = 10
    """Points for the last trick (the diez de últimas; none in Butifarra)."""
    trick_points: int = 0
    """Points each trick adds to its taker's side (Butifarra: 1)."""
    while_stock: str | None = None
    """The obligation family while a stock lasts (2-player games), else None."""
    dealer_sits_out: tuple[int, ...] = ()
    """Player counts at which the dealer sits the hand out."""
    aliases: tuple[str, ...] = ()
    options: Mapping[str, Option] = field(default_factory=dict)
    ui: Presentation = field(default_factory=Presentation)
    ref: str = ""
    """How files and screens name this ruleset so that it loads again from anywhere: a
    bundled one's name, a player's file's absolute path (the id, built from text)."""
    base: str = ""
    """The bundled ruleset this one is built on (the end of its ``extends`` chain; a
    bundled one's own name), whose rules text a player's ruleset is shown with."""
    digest: str = ""
    """A player's ruleset: SHA-256 of what its files define (it and the files it extends,
    bundled ones aside), so a match saved under it notices the file changed; else ""."""

    def modifiers_for(self, options: Mapping[str, OptionValue]) -> tuple[str, ...]:
        """The modifiers in force under ``options`` (resolved)."""
        name, by_value = self.modifiers_by
        return by_value[options[name]] if name else self.modifiers

    def phases_for(self, options: Mapping[str, OptionValue]) -> tuple[str, ...]:
        """The phases in force under ``options`` (resolved)."""
        name, by_value = self.phases_by
        return by_value[options[name]] if name else self.phases

    def shown_scores_for(self, options: Mapping[str, OptionValue]) -> ShownScores | None:
        """What the shown card scores under ``options`` (resolved); None: nothing."""
        name, by_value = self.shown_scores_by
        return by_value[options[name]] if name else self.shown_scores

    @property
    def shows_scores(self) -> bool:
        """The file has ``shown_card_scores`` at all (its records carry the keys)."""
        return self.shown_scores is not None or bool(self.shown_scores_by[0])

    def turned_taker(self, options: Mapping[str, OptionValue]) -> str | None:
        """Who may take the turned card under ``options`` (None: nobody)."""
        name, by_value = self.turned_card
        return by_value[options[name]] if name else by_value.get("")

    def takes_for(self, options: Mapping[str, OptionValue]) -> Takes:
        """The exchanges in force under ``options`` (resolved)."""
        name, by_value = self.exchange_takes_by
        return by_value[options[name]] if name else self.exchange_takes

    def resolve(self, overrides: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        """The full option values: defaults with ``overrides`` checked and applied."""
        values: dict[str, OptionValue] = {k: o.default for k, o in self.options.items()}
        for key, value in (overrides or {}).items():
            opt = self.options.get(key)
            if opt is None:
                raise ValueError(
                    f"unknown option '{key}' for {self.id} "
                    f"(options: {', '.join(self.options)})"
                )
            problem = opt.check(value)
            if problem:
                raise ValueError(f"option '{key}': {problem}")
            values[key] = value  # type: ignore[assignment]
        return values


@dataclass(frozen=True)
class Key:
    """A key a ruleset file may write: whether it must, and what it says (the schema
    reference, docs/ruleset-schema.md, is written from these)."""

    required: bool
    help: str


TOP = {
    "extends": Key(False, "Another ruleset (bundled name, alias or file beside this one) whose "
                   "keys this file starts from; `options` and `fixed` merge name by name, "
                   "and an option key by key (`lives: {default: 2}` changes only the "
                   "default); any other key is replaced whole (see `extends` below)."),
    "name": Key(True, "The game's name: `{es: ..., en: ...}`, with `ca: ...` where the file "
                  "carries its Catalan (see Texts and languages)."),
    "aliases": Key(False, "Other names the game answers to on the command line."),
    "deck": Key(True, "The deck (see Decks)."),
    "order": Key(True, "Card strength within a suit: a named order (see Orders), or a list of "
                 "every rank of the deck from high to low, like `[1, 3, 12, 10, 11, 7, 6, 5, "
                 "4, 2]`."),
    "points": Key(False, "Card points by rank, like `{1: 11, 3: 10, 12: 4, 11: 3, 10: 2}`; "
                  "absent ranks score 0. Default: the named order's points, or §0's for a list."),
    "players": Key(True, "`{min: N, max: N}`: the player counts the file allows (2 to 8)."),
    "seating": Key(False, "Who plays with whom (strategy, default `solo`)."),
    "first_dealer": Key(True, "Who deals the first hand (strategy)."),
    "next_dealer": Key(False, "Who deals each later hand (strategy, default `rotate`: the "
                       "previous mano)."),
    "dealer_sits_out": Key(False, "Player counts at which the dealer sits the hand out."),
    "deal": Key(True, "How the cards are dealt (strategy)."),
    "trump": Key(True, "How trumps are set (strategy; `dealer_card`: every hand, the first "
                 "included, the last card dealt, the dealer's own, is shown and sets trumps, "
                 "and stays in his hand; every card is dealt)."),
    "exchange": Key(False, "Exchanges of the muestra (strategy, default `none`)."),
    "exchange_takes": Key(False, "Which trump rank takes which muestra ranks, in the order "
                          "they are made: default `{7: [10, 11, 12, 3, 1], 2: [5, 6, 7]}` (the "
                          "7 takes a muestra above it, then the 2 a 5, 6 or 7); or "
                          "`{by_option: NAME, VALUE: {...}, ...}`, one such mapping for each "
                          "value of a true/false or choice option."),
    "exchange_when": Key(False, "When a voluntary exchange is offered (strategy, default "
                         "`at_lead`: by the player about to lead, after the draw; "
                         "`before_draw`: in a window between the trick and its draw, where "
                         "the trick's winner answers `exchange C` or `draw`)."),
    "exchange_by": Key(False, "Who may exchange: `winner` (default: the player about to "
                       "act after winning the trick) or `side` (either member of the "
                       "trick-winning side, the winner acting for the seat that holds the "
                       "card, which the exchange is credited to)."),
    "obligations": Key(True, "The obligation family in force (strategy)."),
    "while_stock": Key(False, "The obligation family while a stock lasts (2-player games)."),
    "modifiers": Key(False, "Modifiers of the obligations (see Modifiers); or `{by_option: "
                     "NAME, VALUE: [...], ...}`, one list (maybe `[]`) for each value of a "
                     "true/false or choice option."),
    "cantes": Key(True, "Who may sing what (see the `cantes` block)."),
    "scoring": Key(True, "What a finished hand decides (strategy; `commitment`: each player "
                   "in must take the tricks the key `commitment` asks of him, and who takes "
                   "fewer fails; the hand is measured by tricks, so `points: {}` may make "
                   "every card worth nothing)."),
    "settlement": Key(True, "How hands add up to a match (strategy; `plate` reads chips, "
                      "hands, ante, ante_by (`dealer`: the dealer antes before each deal; "
                      "`players`: each player as he says juego) and match_end (`hands`: no "
                      "chips, retired; `first_out`: the first hand leaving anyone without "
                      "chips ends the match): each trick earns the plate over the hand's "
                      "tricks, rounded down, the rest staying; who fails his `commitment` "
                      "pays the plate times its factor into the next plate; no payment "
                      "exceeds the payer's chips; records add `auction`, `playing`, "
                      "`forced`, `exchanges`, `discards`, `restocks`, `antes`, `pot`, "
                      "`won`, the `commitment.record_as` key, `paid`, `chips`, `next_pot`. "
                      "`chips` and `plate` keep every player's chips and the pot together "
                      "constant: the engine checks it after every hand)."),
    "options": Key(True, "The house options, by name (see the option block); `players` is "
                   "required."),
    "phases": Key(False, "What happens between the deal and the first trick (strategies, in "
                  "order); or `{by_option: NAME, VALUE: [...], ...}`, one list (maybe `[]`) "
                  "for each value of a true/false or choice option. `juego_each`: from the "
                  "mano each says `juego` or `pass`, once and alone; those who pass are out "
                  "of the hand, nobody in voids it, and a lone player follows the key `lone` "
                  "(it needs scoring `commitment`). `discard_draw`: see the key `discard`."),
    "shown_card_scores": Key(False, "Points for the card shown to mark trumps that stays in "
                             "the dealer's hand (as with trump `dealer_card`): "
                             "`{to: dealer_side, hold_at_target: true}`: its `points` go to "
                             "the dealer's side before the first lead; with "
                             "`hold_at_target`, points that would bring that side to the "
                             "option `target` are held until the hand's score is added, and "
                             "count then only if no side has reached the target (settlement "
                             "`team_target`). Or `{by_option: NAME, VALUE: {...} or false, "
                             "...}`."),
    "fixed": Key(False, "`{OPTION: value, ...}`: options that a strategy reads, fixed by the "
                 "file and not offered on the options screen (like `{capot_bonus: false}`); "
                 "a name may not be an option of the same file too, but a child's `fixed` "
                 "removes the option it inherits."),
    "lone": Key(False, "What a lone player does when each decides alone whether to play "
                "(phase `juego_each`; strategy, or `{by_option: ...}`): `unopposed` "
                "(default: one player in takes every trick unopposed, with no discard and "
                "no play), `last_joins` (the last to speak must join exactly one player "
                "already in, and is not asked when nobody is in: nobody ever plays alone)."),
    "lead": Key(False, "Who leads the first trick after a phase that decides who is in "
                "(strategy): `declarer` (default) or `first_active`, the first player in "
                "from the mano."),
    "discard": Key(False, "The discard of phase `discard_draw`: `{max: N, order: ..., "
                   "when_empty: ...}`. `max`: the most cards each may discard (default 4; "
                   "`hand_size`: the whole hand). `order`: `playing` (default: the hand's "
                   "playing order, the declarer first) or `mano` (from the mano round the "
                   "table). `when_empty`: `cap_at_stock` (default: never more than the stock "
                   "holds) or `restock_out_of_play` (an empty stock is re-formed, shuffled, "
                   "from every card not held by a player in, save the turned card on the "
                   "table and what the drawing player gave this turn; recorded in the "
                   "hand's `restocks`)."),
    "turned_card": Key(False, "Who may take the card turned for trumps under the stock: "
                       "`{taken_by: dealer}` (the dealer, when he plays, at his discard turn "
                       "before discarding: `exchange C` gives C, face down, for it); or "
                       "`false`; or `{by_option: NAME, VALUE: {...} or false, ...}`."),
    "commitment": Key(False, "The tricks each player in must take (scoring `commitment`): "
                      "`{each: N, taker: N, pays: N, taker_pays: N, record_as: NAME}`: "
                      "`each` for every player in (default 1), `taker` for the one who took "
                      "the turned card; who takes fewer fails and pays the plate times "
                      "`pays` (default 1; the taker `taker_pays`) into the next plate "
                      "(settlement `plate`); `record_as` names the records' key listing "
                      "those seats (default `failed`); `headline: {es: ..., en: ...}` is the "
                      "game's own word for a hand in which someone failed (Julepe's "
                      "\"¡Julepe!\"; default: tricks short). Each number may be "
                      "`{by_option: NAME, VALUE: N, ...}`."),
    "vueltas_odds": Key(False, "What points carried into the vueltas are worth, as measured "
                        "by benchmarks/vueltas_odds.py (the hard level values a hand that "
                        "decides no partida by the chance its side then wins it): "
                        "`{three_to_one: N, lead: N}`: `three_to_one` the carried lead "
                        "(1..130 points) at which a side wins 3 partidas in 4, `lead` the "
                        "carried points that leading the next hand is worth (-50..50, "
                        "default 0). Each number may be `{by_option: NAME, VALUE: N, ...}`."),
    "juego_sums": Key(False, "At what hands the computer plays (phases `juego_acompano`, "
                      "`juego_each`): `{juego: N, acompano: N}`, the tricks a hand must "
                      "promise (the sum over its cards of each one's chance of taking a "
                      "trick, in hundredths of a trick, 1..2000) to say `juego`, and to "
                      "accompany (`acompano`, needed by phase `juego_acompano`), as measured "
                      "by benchmarks/bato_auction.py for the game's commitment and table. "
                      "Each number may be `{by_option: NAME, VALUE: N, ...}`, NAME any "
                      "option, `players` too (a value for each count). Absent from a file "
                      "naming either phase: 80 and 45, Bato's measured sums for promising "
                      "two tricks and one."),
    "hand_size": Key(False, "Cards each for a stock deal without a `hand_size` option (0..20)."),
    "last_trick_bonus": Key(False, "Points for the last trick, the diez de últimas (default "
                            "10; 0..100). With the card points it fixes a hand's total."),
    "trick_points": Key(False, "Points each trick adds to its taker's side (default 0; 0..10)."),
    "card_minimum": Key(False, "Card points (the diez de últimas included) a side needs at "
                        "the end of a whole hand of a race to the target, or it loses the "
                        "race whatever its cantes (default 0: none; 0..100; the option "
                        "`treinta_malas` off sets it aside)."),
    "ui": Key(False, "How the menus and the first table present the game (see the `ui` "
              "block)."),
}
"""The top-level keys of a ruleset file."""
UI = {
    "order": Key(False, "The game's place in the menus, smallest first."),
    "blurb": Key(False, "One line saying what kind of game it is (`{es: ..., en: ...}`, "
                  "maybe `ca`)."),
    "deck": Key(False, "The deck pattern a new table is dealt with: `spanish` or `catalan`."),
    "opener": Key(False, "How to play in a few lines (a list of `{es: ..., en: ...}`, maybe "
                  "with `ca`, each with an optional `when: {OPTION: [values]}`); a text may "
                  "name an option's value as `{OPTION}` and the cante's pair as `{pair}`, "
                  "written plain (no format spec like `{lives:d}`, no attribute or index); no "
                  "other text fills in names, so a `{name}` in one is refused."),
    "buenas_above": Key(False, "Totals shown as players count them: up to this number they "
                              "are *malas* (`42 malas`), above it *buenas* (with 50, 72 is "
                              "`22 buenas`); absent: plain points."),
}
CANTE = {
    "allowed": Key(True, "Whether there are cantes at all."),
    "forced": Key(False, "A pair taken in one trick is sung at once (Chancho)."),
    "by": Key(False, "Who sings: `winner`, `team` (also the partner's pairs) or `declarer`."),
    "cuarenta_first": Key(False, "Las cuarenta before any veinte, where no option of that name "
                          "says otherwise."),
    "pair": Key(False, "The two ranks whose cards of one suit, held by one player, make a 20 "
                "(a 40 in trumps). Default `[12, 11]`, rey and caballo."),
    "tute": Key(False, "The ranks whose four cards make a tute. Default `[12, 11]`; `[]`: no "
                "tute."),
}
OPTION = {
    "default": Key(True, "The value a new match uses: true/false, a whole number or text."),
    "choices": Key(False, "The values allowed, in display order."),
    "range": Key(False, "`[low, high]`: the whole numbers allowed (at most 1000)."),
    "label": Key(True, "Its name on the options screen (`{es: ..., en: ...}`, maybe `ca`)."),
    "description": Key(True, "One line for the options screen (`{es: ..., en: ...}`, maybe "
                        "`ca`)."),
    "applies": Key(False, "`{OPTION: [VALUE, ...]}`: where it has an effect (greyed elsewhere)."),
}
PLAYERS = {"min": Key(True, "The fewest players."), "max": Key(True, "The most players.")}


def _required(keys: Mapping[str, Key]) -> dict[str, bool]:
    return {name: key.required for name, key in keys.items()}


_TOP_KEYS = _required(TOP)
_UI_KEYS = _required(UI)
_CANTE_KEYS = _required(CANTE)


MAX_EXTENDS = 16
"""Files in one ``extends`` chain: far more than any variant of a variant needs."""


def is_path(name: str) -> bool:
    """Whether a ruleset is named by a file path rather than a bundled name or alias."""
    return name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name


class NoSuchRuleset(RulesetError):
    """A name that is no bundled ruleset or alias: the fault of whoever wrote the name."""


def _path_of(name_or_path: str | Path) -> Path:
    text_name = str(name_or_path)
    if is_path(text_name):
        return Path(text_name)
    path = rules_dir() / f"{text_name}.yaml"
    if is_file(path):
        return path
    for other in sorted(rules_dir().glob("*.yaml")):
        if text_name in _aliases(other):
            return other
    raise NoSuchRuleset(shown(text_name), None, f"no ruleset named '{shown(text_name)}' "
                        f"({', '.join(bundled_names())})")


def _aliases(path: Path) -> list[str]:
    data = read(path, RulesetError).data
    found = data.get("aliases", []) if isinstance(data, dict) else []
    return [a for a in found if isinstance(a, str)] if isinstance(found, list) else []


def load_ruleset(name_or_path: str | Path) -> RuleSet:
    """Load a bundled ruleset by name or alias (``cabrero``, ``habanero``) or any file."""
    path = _path_of(name_or_path)
    doc = _with_base(read(path, RulesetError), path.parent, (_real(path),))
    rules = _Validator(doc).ruleset(path.stem)
    if _real(path).parent == _real(rules_dir()):
        return replace(rules, ref=path.stem, base=path.stem)
    _check_trial(rules, doc.own)
    return replace(rules, ref=os.path.abspath(path), base=_base(doc), digest=_digest(doc))


def _base(doc: _Doc | None) -> str:
    """The bundled ruleset at the end of ``doc``'s chain, or "" when there is none."""
    while doc is not None:
        if _real(Path(doc.own.source)).parent == _real(rules_dir()):
            return Path(doc.own.source).stem
        doc = doc.base
    return ""


def _digest(doc: _Doc | None) -> str:
    """SHA-256 of the definitions of the player's files in ``doc``'s chain (what they
    define, so that a comment or a blank line changed is no change)."""
    sha = hashlib.sha256()
    while doc is not None:
        if _real(Path(doc.own.source)).parent != _real(rules_dir()):
            sha.update(repr(doc.own.data).encode("utf-8", "surrogateescape"))
        doc = doc.base
    return sha.hexdigest()


_PLAYABLE: set[str] = set()
"""Rulesets (by their whole definition) whose trial hands played through."""

Trial = Callable[[RuleSet], str | None]
"""Why the engine cannot play a ruleset, or None when it can."""
_trial: Trial | None = None
"""The engine's trial hands (``tute.engine.trial``), once the engine is loaded."""


def try_rulesets_with(trial: Trial) -> None:
    """Have the loader refuse a player's ruleset that ``trial`` finds unplayable. The engine
    is built on the rules and may not be imported by them: the ``tute.engine`` package hands
    its trial hands in as it loads, before anything can play a file."""
    global _trial
    _trial = trial


def _check_trial(rules: RuleSet, doc: Located) -> None:
    """Refuse a ruleset of the player's that the engine fails to play in trial hands; the
    bundled ones are played by the test suite instead."""
    key = repr(rules)
    if key in _PLAYABLE or _trial is None:
        return
    problem = _trial(rules)
    if problem is not None:
        raise RulesetError(doc.source, _line(doc, ()), problem)
    _PLAYABLE.add(key)


def ruleset_from_text(text: str, source: str, rules_id: str) -> RuleSet:
    rules = _Validator(_with_base(parse(text, source, RulesetError), rules_dir())).ruleset(
        rules_id)
    return replace(rules, ref=rules_id)


def bundled_names() -> list[str]:
    """The bundled rulesets' names, in a stable order."""
    return sorted(p.stem for p in rules_dir().glob("*.yaml"))


MERGED = ("options", "fixed")
"""Keys an ``extends`` child merges name by name with its parent's; it replaces any other
key whole (docs/ruleset-schema.md, "extends")."""


class _Doc:
    """A ruleset document, possibly over the one it ``extends``: each key is looked up in
    the file that wrote it, so errors name that file and line.

    ``options`` and ``fixed`` merge name by name: an option written ``null`` is removed, a
    name the child fixes removes the option it inherits, and an option the child offers
    removes the inherited ``fixed`` value (the child's word wins; within one file both is
    a conflict the validator reports)."""

    def __init__(self, own: Located, base: _Doc | None) -> None:
        self.own = own
        self.base = base
        if base is None or not isinstance(own.data, dict):
            self.data: Any = own.data
            return
        data = dict(base.data)
        for key, value in own.data.items():
            inherited = data.get(key)
            if key == "options" and isinstance(value, dict) and isinstance(inherited, dict):
                data[key] = _merged_options(inherited, value)
            elif key in MERGED and isinstance(value, dict) and isinstance(inherited, dict):
                data[key] = {**inherited, **value}
            elif key != "extends":
                data[key] = value
        options, fixed = data.get("options"), data.get("fixed")
        mine_options, mine_fixed = own.data.get("options"), own.data.get("fixed")
        inherited_options = base.data.get("options")
        if isinstance(options, dict) and isinstance(mine_options, dict) and isinstance(
                inherited_options, dict):
            data["options"] = options = {
                name: spec for name, spec in options.items()
                if not (spec is None and name in inherited_options and name != "players")}
        if isinstance(options, dict) and isinstance(mine_fixed, dict):
            mine = mine_options if isinstance(mine_options, dict) else {}
            data["options"] = {name: spec for name, spec in options.items()
                               if name not in mine_fixed or name in mine}
        if isinstance(fixed, dict) and isinstance(mine_options, dict):
            mine = mine_fixed if isinstance(mine_fixed, dict) else {}
            data["fixed"] = {name: value for name, value in fixed.items()
                             if mine_options.get(name) is None or name in mine}
        self.data = data

    def owner(self, path: tuple[Any, ...]) -> Located:
        """The document that wrote ``path``."""
        own = self.own.data if isinstance(self.own.data, dict) else {}
        if self.base is None or not path:
            return self.own
        if path[0] in MERGED and len(path) > 1:
            mine = own.get(path[0])
            if not isinstance(mine, dict) or path[1] not in mine:
                return self.base.owner(path)
            entry = mine[path[1]]
            if (path[0] == "options" and len(path) > 2 and isinstance(entry, dict)
                    and path[2] not in entry):
                return self.base.owner(path)  # a key the file's option did not write
            return self.own
        return self.own if path[0] in own else self.base.owner(path)


def _merged_options(base: dict[Any, Any], own: dict[Any, Any]) -> dict[Any, Any]:
    """The base's options under the file's own, key by key within an option: a file that
    extends another may write only the key it changes (``lives: {default: 2}``)."""
    merged = dict(base)
    for name, option in own.items():
        under = base.get(name)
        merged[name] = ({**under, **option} if isinstance(under, dict)
                        and isinstance(option, dict) else option)
    return merged


def _with_base(doc: Located, folder: Path, chain: tuple[Path, ...] = ()) -> _Doc:
    """``doc`` over the files it extends. ``chain`` holds the files already on the way
    (resolved), so that a cycle is named instead of followed; a name or relative path is
    looked up beside the file that writes it, then among the bundled rulesets."""
    data = doc.data
    if not isinstance(data, dict) or "extends" not in data:
        return _Doc(doc, None)
    name = data["extends"]
    line = doc.line(("extends",))
    if not isinstance(name, str) or not name.strip():
        raise RulesetError(doc.source, line, "extends: expected the name of another ruleset")
    if len(chain) >= MAX_EXTENDS:
        raise RulesetError(doc.source, line, f"extends: more than {MAX_EXTENDS} files "
                           "extend one another")
    path = folder / (name if name.endswith((".yaml", ".yml")) else f"{name}.yaml")
    if not is_path(name) and not is_file(path) and not kind_of(path):
        try:
            path = _path_of(name)
        except NoSuchRuleset as exc:
            raise RulesetError(doc.source, line, f"extends: {exc.message}") from None
    elif not is_file(path):
        kind = kind_of(path)
        beside = f"beside {Path(doc.source).name}"
        raise RulesetError(doc.source, line, f"extends: '{shown(name)}' {beside} is {kind}, "
                           "not a ruleset file" if kind else
                           f"extends: no ruleset file '{shown(name)}' {beside}")
    here = _real(path)
    if here in chain:
        files = " -> ".join(p.name for p in (*chain, here))
        raise RulesetError(doc.source, line, f"extends: a cycle ({files})")
    try:
        base = read(path, RulesetError)
    except RulesetError as exc:
        if exc.line is not None:
            raise
        raise RulesetError(doc.source, line, f"extends: {exc}") from None
    if not isinstance(base.data, dict):
        raise RulesetError(base.source, _line(base, ()), f"the file: {_not_keys(base)} (it "
                           f"is extended by {Path(doc.source).name})")
    return _Doc(doc, _with_base(base, path.parent, (*chain, here)))


def _every_phase(rules: RuleSet) -> tuple[str, ...]:
    """The phases a file names under any of its options' values."""
    return (*rules.phases, *(p for phases in rules.phases_by[1].values() for p in phases))


def _line(doc: Located, path: tuple[Any, ...]) -> int:
    """The line of ``path`` in ``doc``: an empty file has none of its own, and is told at
    its first, so that every refusal names a file and a line."""
    line = doc.line(path)
    return 1 if line is None else line


def _not_keys(doc: Located) -> str:
    """What is wrong with a document that is not a mapping of keys."""
    return "empty, where a ruleset's keys were expected" if doc.data is None else \
        "expected a mapping of keys"


def _option_keys(name: object) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """Where a file writes option ``name``: offered, or fixed (or removed, ``null``)."""
    return ("options", name), ("fixed", name)


def _real(path: Path) -> Path:
    """The file behind ``path`` (links and ``..`` resolved), to tell files apart."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()


class _Validator:
    def __init__(self, doc: _Doc) -> None:
        self.doc = doc

    def fail(self, path: tuple[Any, ...], message: str) -> RulesetError:
        owner = self.doc.owner(path)
        return RulesetError(owner.source, _line(owner, path), message)

    def mapping(self, value: object, path: tuple[Any, ...], keys: Mapping[str, bool]) -> dict[
        str, Any
    ]:
        where = ".".join(map(str, path)) or "the file"
        if not isinstance(value, dict):
            raise self.fail(path, f"{where}: expected a mapping of keys")
        for key in value:
            if key not in keys:
                raise self.fail(
                    (*path, key),
                    f"{where}: unknown key '{shown(key)}' (allowed: {', '.join(keys)})"
                )
        for key, required in keys.items():
            if required and key not in value:
                raise self.fail(path, f"{where}: missing key '{key}'")
        return value

    def choice(self, value: object, path: tuple[Any, ...], allowed: tuple[str, ...]) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise self.fail(
                path, f"{'.'.join(map(str, path))}: {value!r} is not one of {', '.join(allowed)}"
            )
        return value

    def flag(self, value: object, path: tuple[Any, ...]) -> bool:
        if not isinstance(value, bool):
            raise self.fail(path, f"{'.'.join(map(str, path))}: expected true or false, "
                            f"got {value!r}")
        return value

    def integer(self, value: object, path: tuple[Any, ...], low: int, high: int) -> int:
        where = ".".join(map(str, path))
        if type(value) is not int:
            raise self.fail(path, f"{where}: expected a whole number, got {value!r}")
        if not low <= value <= high:
            raise self.fail(path, f"{where}: {value} is out of range {low}..{high}")
        return value

    def texts(self, value: object, path: tuple[Any, ...], fills: bool = False
              ) -> dict[str, str]:
        """``{es: ..., en: ...}``, both written, and ``ca: ...`` where the file carries it;
        unless the text ``fills`` names (the caller checks which), a ``{name}`` in it is
        refused: nothing would fill it in."""
        m = self.mapping(value, path, {**dict.fromkeys(LANGS, True),
                                       **dict.fromkeys(OWN_LANGS, False)})
        for lang in m:
            where = f"{'.'.join(map(str, path))}.{lang}"
            if not isinstance(m[lang], str) or not m[lang].strip():
                raise self.fail((*path, lang), f"{where}: expected text")
            field = None if fills else filetext.field_in_plain(m[lang])
            if field is not None:
                raise self.fail((*path, lang), f"{where}: '{shown(field)}' fills in nothing "
                                "here (only the opener's lines name options)")
        return {lang: m[lang] for lang in (*LANGS, *OWN_LANGS) if lang in m}

    def pick(self, top: dict[str, Any], key: str, default: str,
             options: Mapping[str, Option]) -> Pick:
        """A strategy name, or ``{by_option: NAME, VALUE: strategy, ...}``."""
        value = top.get(key, default)
        path: tuple[Any, ...] = (key,)
        if not isinstance(value, dict):
            return Pick(self.choice(value, path, tuple(strategies()[key])))
        option_name = value.get("by_option")
        opt = options.get(option_name) if isinstance(option_name, str) else None
        if opt is None:
            raise self.fault(((*path, "by_option"), *_option_keys(option_name)),
                            f"{key}.by_option: expected the name of one of the options "
                            f"({', '.join(options)})")
        names: dict[OptionValue, str] = {}
        for v, name in value.items():
            if v != "by_option":
                names[v] = self.choice(name, (*path, v), tuple(strategies()[key]))
        missing = [str(v) for v in opt.allowed() if v not in names]
        if missing:
            raise self.fault((path, *_option_keys(option_name)), f"{key}: no strategy "
                            f"for {option_name} = {', '.join(missing)}")
        return Pick(option=str(option_name), names=names)

    def ruleset(self, rules_id: str) -> RuleSet:
        data = self.doc.data
        if isinstance(data, dict) and data and 2 * len(set(data) & set(_TOP_KEYS)) <= len(data):
            # Any file a record names comes here: what it holds is not repeated. A ruleset
            # with a misspelt key or two is told which; a file mostly of other keys is not
            # a ruleset, and its keys are not quoted back.
            raise self.fail((), "the file: not a ruleset (most of its keys are not ruleset "
                            "keys)")
        if not isinstance(data, dict):
            raise self.fail((), f"the file: {_not_keys(self.doc.own)}")
        top = self.mapping(data, (), _TOP_KEYS)
        players = self.mapping(top["players"], ("players",), _required(PLAYERS))
        low = self.integer(players["min"], ("players", "min"), 2, 8)
        high = self.integer(players["max"], ("players", "max"), low, 8)
        cm = self.mapping(top["cantes"], ("cantes",), _CANTE_KEYS)
        cantes = Cantes(
            allowed=self.flag(cm["allowed"], ("cantes", "allowed")),
            forced=self.flag(cm.get("forced", False), ("cantes", "forced")),
            by=self.choice(cm.get("by", "winner"), ("cantes", "by"),
                           tuple(strategies()["cante_by"])),
            cuarenta_first=self.flag(cm.get("cuarenta_first", False),
                                     ("cantes", "cuarenta_first")))
        deck = self.choice(top["deck"], ("deck",), tuple(DECKS))
        in_deck = ranks_of(DECKS[deck])
        pair = self.ranks(cm.get("pair", list(Cantes.pair)), ("cantes", "pair"), in_deck)
        if len(pair) != 2:
            raise self.fail(("cantes", "pair"), "cantes.pair: expected two ranks, like "
                            "[12, 11] (rey and caballo)")
        cantes = replace(cantes, pair=(pair[0], pair[1]), tute=self.ranks(
            cm.get("tute", list(Cantes.tute)), ("cantes", "tute"), in_deck))
        if not isinstance(top["options"], dict):
            raise self.fail(("options",), "options: expected a mapping of option names")
        options = {name: self.option(name, spec) for name, spec in top["options"].items()}
        options = {name: self.applies(opt, options) for name, opt in options.items()}
        if "players" not in options:
            raise self.fail(("options",), "options: missing option 'players'")
        p = options["players"]
        if p.kind is not int or any(not low <= int(v) <= high for v in p.allowed()):
            outside = [str(v) for v in p.allowed() if not low <= int(v) <= high]
            raise self.fail(self.blame(("options", "players"), ("players",)),
                            f"options.players must lie within players ({low} to {high}), "
                            f"not {', '.join(outside)}")
        sits = top.get("dealer_sits_out", [])
        if not isinstance(sits, list):
            raise self.fail(("dealer_sits_out",), "dealer_sits_out: expected a list of "
                            "player counts")
        aliases = top.get("aliases", [])
        if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
            raise self.fail(("aliases",), "aliases: expected a list of names")
        while_stock = top.get("while_stock")
        fixed = self.fixed(top.get("fixed", {}), options)
        modifiers_by = self.by_option(top, "modifiers", self.modifier_list, options)
        modifiers = modifiers_by[1][options[modifiers_by[0]].default] if modifiers_by[0] else \
            self.modifier_list(top.get("modifiers", []), ("modifiers",))
        phases_by = self.by_option(top, "phases", self.phase_list, options)
        phases = phases_by[1][options[phases_by[0]].default] if phases_by[0] else \
            self.phase_list(top.get("phases", []), ("phases",))
        shown_by = self.by_option(top, "shown_card_scores", self.shown_scores, options)
        shown = shown_by[1][options[shown_by[0]].default] if shown_by[0] else \
            self.shown_scores(top.get("shown_card_scores", False), ("shown_card_scores",))
        rules = RuleSet(
            lone=self.pick(top, "lone", "unopposed", options),
            lead=self.pick(top, "lead", "declarer", options),
            discard=self.discard(top.get("discard", {})),
            turned_card=self.turned_card(top.get("turned_card", False), options),
            commitment=self.commitment(top.get("commitment", {}), options),
            vueltas_odds=self.vueltas_odds(top.get("vueltas_odds"), options),
            juego_sums=self.juego_sums(top.get("juego_sums"), options,
                                       (*phases, *(p for ps in phases_by[1].values()
                                                   for p in ps))),
            id=rules_id,
            source=self.doc.own.source,
            name=self.texts(top["name"], ("name",)),
            aliases=tuple(aliases),
            deck=deck,
            order=self.order(top, in_deck),
            min_players=low,
            max_players=high,
            seating=self.pick(top, "seating", "solo", options),
            first_dealer=self.pick(top, "first_dealer", "", options),
            dealer_sits_out=tuple(self.integer(n, ("dealer_sits_out", i), 3, 8)
                                  for i, n in enumerate(sits)),
            deal=self.choice(top["deal"], ("deal",), tuple(strategies()["deal"])),
            trump=self.pick(top, "trump", "cabrero", options),
            exchange=self.pick(top, "exchange", "none", options),
            exchange_when=self.pick(top, "exchange_when", "at_lead", options),
            exchange_takes=self.exchange_takes(top, in_deck, options),
            exchange_takes_by=self.exchange_takes_by(top, in_deck, options),
            exchange_by=self.choice(top.get("exchange_by", "winner"), ("exchange_by",),
                                    EXCHANGE_BY),
            next_dealer=self.pick(top, "next_dealer", "rotate", options),
            card_minimum=self.integer(top.get("card_minimum", 0), ("card_minimum",), 0, 100),
            obligations=self.pick(top, "obligations", "tute", options),
            while_stock=None if while_stock is None else self.choice(
                while_stock, ("while_stock",), tuple(strategies()["obligations"])),
            modifiers=modifiers,
            modifiers_by=modifiers_by,
            phases=phases,
            phases_by=phases_by,
            shown_scores=shown,
            shown_scores_by=shown_by,
            fixed=fixed,
            hand_size=self.integer(top.get("hand_size", 0), ("hand_size",), 0, 20),
            last_trick_bonus=self.integer(top.get("last_trick_bonus", 10),
                                          ("last_trick_bonus",), 0, 100),
            trick_points=self.integer(top.get("trick_points", 0), ("trick_points",), 0, 10),
            cantes=cantes,
            scoring=self.pick(top, "scoring", "cabrero", options),
            settlement=self.pick(top, "settlement", "marks", options),
            options=options,
            ui=self.presentation(top.get("ui", {}), options),
        )
        self.check_key_needs(top, rules)
        self.check_juego_sums(rules)
        self.check_needs(rules)
        self.check_requires(rules)
        self.check_playable(rules)
        self.check_numbers(rules)
        return rules

    def by_option(self, top: Mapping[str, Any], key: str,
                  parse: Callable[[object, tuple[Any, ...]], Any],
                  options: Mapping[str, Option], at: tuple[Any, ...] | None = None,
                  ranged: bool = False) -> tuple[str, dict[OptionValue, Any]]:
        """``KEY: {by_option: NAME, VALUE: ..., ...}``: the option (true/false or choice;
        with ``ranged``, a number's range too, like ``players``) and ``parse``'s reading of
        the value given for each of its values, every value given; ``("", {})`` when the
        key is absent or not chosen by an option."""
        raw = top.get(key)
        if not isinstance(raw, dict) or "by_option" not in raw:
            return "", {}
        path: tuple[Any, ...] = at or (key,)
        key = ".".join(map(str, path))
        name = raw["by_option"]
        opt = options.get(name) if isinstance(name, str) else None
        if opt is None or not (opt.kind is bool or opt.choices or ranged):
            kind = "an" if ranged else "a true/false or choice"
            raise self.fault(((*path, "by_option"), *_option_keys(name)),
                            f"{key}.by_option: expected the name of {kind} option "
                            f"({', '.join(options)})")
        for value in raw:
            if value != "by_option" and value not in opt.allowed():
                raise self.fault(((*path, value), *_option_keys(name)),
                                f"{key}: {value!r} is not a value of option {name}")
        by_value: dict[OptionValue, Any] = {}
        for value in opt.allowed():
            if value not in raw:
                raise self.fault((path, *_option_keys(name)),
                                f"{key}: nothing given for {name} = {value}")
            by_value[value] = parse(raw[value], (*path, value))
        return str(name), by_value

    def chosen(self, value: object, path: tuple[Any, ...], options: Mapping[str, Option],
               low: int, high: int, ranged: bool = False) -> Chosen:
        """A whole number, or ``{by_option: NAME, VALUE: N, ...}`` (``ranged``: NAME may be
        a number's option, like ``players``)."""
        if isinstance(value, dict) and "by_option" in value:
            name, by = self.by_option({path[-1]: value}, path[-1],
                                      lambda v, p: self.integer(v, p, low, high), options,
                                      path, ranged)
            return Chosen(option=name, by=by)
        return Chosen(self.integer(value, path, low, high))

    def discard(self, value: object) -> Discard:
        """``discard: {max: N or hand_size, order: ..., when_empty: ...}``."""
        path: tuple[Any, ...] = ("discard",)
        m = self.mapping(value, path, {"max": False, "order": False, "when_empty": False})
        most = m.get("max", Discard.most)
        return Discard(0 if most == "hand_size" else self.integer(most, (*path, "max"), 1, 20),
                       self.choice(m.get("order", Discard.order), (*path, "order"),
                                   DISCARD_ORDERS),
                       self.choice(m.get("when_empty", Discard.when_empty),
                                   (*path, "when_empty"), WHEN_EMPTY))

    def turned_card(self, value: object, options: Mapping[str, Option]
                    ) -> tuple[str, Mapping[OptionValue, str | None]]:
        """``turned_card: {taken_by: dealer}``, false, or ``{by_option: NAME, ...}``."""
        def one(raw: object, path: tuple[Any, ...]) -> str | None:
            if raw is False:
                return None
            m = self.mapping(raw, path, {"taken_by": True})
            return self.choice(m["taken_by"], (*path, "taken_by"), TURNED_TAKERS)

        name, by = self.by_option({"turned_card": value}, "turned_card", one, options)
        if name:
            return name, by
        return "", {"": one(value, ("turned_card",))}

    def vueltas_odds(self, value: object, options: Mapping[str, Option]) -> VueltasOdds | None:
        """``vueltas_odds: {three_to_one: N, lead: N}`` (absent: None)."""
        if value is None:
            return None
        path: tuple[Any, ...] = ("vueltas_odds",)
        m = self.mapping(value, path, {"three_to_one": True, "lead": False})
        return VueltasOdds(self.chosen(m["three_to_one"], (*path, "three_to_one"), options,
                                       1, 130),
                           self.chosen(m.get("lead", 0), (*path, "lead"), options, -50, 50))

    def juego_sums(self, value: object, options: Mapping[str, Option],
                   phases: tuple[str, ...]) -> JuegoSums | None:
        """``juego_sums: {juego: N, acompano: N}``; absent: SUMS_DEFAULT where ``phases``
        (every one the file names) ask for them, else None."""
        if value is None:
            if not set(phases) & set(JUEGO_PHASES):
                return None
            juego, acompano = SUMS_DEFAULT
            return JuegoSums(Chosen(juego), Chosen(acompano))
        path: tuple[Any, ...] = ("juego_sums",)
        m = self.mapping(value, path, {"juego": True, "acompano": False})
        return JuegoSums(self.chosen(m["juego"], (*path, "juego"), options, 1, SUMS_MOST,
                                     ranged=True),
                         None if "acompano" not in m else
                         self.chosen(m["acompano"], (*path, "acompano"), options, 1,
                                     SUMS_MOST, ranged=True))

    def commitment(self, value: object, options: Mapping[str, Option]) -> Commitment:
        """``commitment: {each: N, taker: N, pays: N, taker_pays: N, record_as: NAME,
        headline: {es: ..., en: ...}}``."""
        path: tuple[Any, ...] = ("commitment",)
        m = self.mapping(value, path, {"each": False, "taker": False, "pays": False,
                                       "taker_pays": False, "record_as": False,
                                       "headline": False})

        def number(key: str, low: int) -> Chosen | None:
            raw = m.get(key)
            return None if raw is None else self.chosen(raw, (*path, key), options, low, 20)

        record_as = m.get("record_as", "failed")
        if not isinstance(record_as, str) or not record_as.isidentifier():
            raise self.fail((*path, "record_as"), "commitment.record_as: expected a key "
                            "name like 'failed'")
        return Commitment(each=number("each", 1) or Chosen(1), taker=number("taker", 1),
                          pays=number("pays", 0) or Chosen(1),
                          taker_pays=number("taker_pays", 0), record_as=record_as,
                          headline=(self.texts(m["headline"], (*path, "headline"))
                                    if "headline" in m else None))

    def modifier_list(self, value: object, path: tuple[Any, ...]) -> tuple[str, ...]:
        """A list of obligation modifiers (maybe empty)."""
        if not isinstance(value, list):
            raise self.fail(path, f"{'.'.join(map(str, path))}: expected a list, or "
                            "{by_option: NAME, ...}")
        return tuple(self.choice(m, (*path, i), tuple(MODIFIERS)) for i, m in enumerate(value))

    def phase_list(self, value: object, path: tuple[Any, ...]) -> tuple[str, ...]:
        """A list of phase names (maybe empty)."""
        if not isinstance(value, list):
            raise self.fail(path, f"{'.'.join(map(str, path))}: expected a list of phase "
                            "names, or {by_option: NAME, ...}")
        return tuple(self.choice(p, (*path, i), tuple(strategies()["phases"]))
                     for i, p in enumerate(value))

    def shown_scores(self, value: object, path: tuple[Any, ...]) -> ShownScores | None:
        """``{to: dealer_side, hold_at_target: true}``, or false: nothing."""
        if value is False:
            return None
        where = ".".join(map(str, path))
        if not isinstance(value, dict):
            raise self.fail(path, f"{where}: expected {{to: dealer_side, hold_at_target: "
                            "true}, false, or {by_option: NAME, ...}")
        m = self.mapping(value, path, {"to": True, "hold_at_target": False})
        return ShownScores(self.choice(m["to"], (*path, "to"), SHOWN_TO),
                           self.flag(m.get("hold_at_target", False),
                                     (*path, "hold_at_target")))

    def fixed(self, value: object, options: Mapping[str, Option]) -> dict[str, OptionValue]:
        """``fixed: {OPTION: value}``: plain values, for names the file does not offer."""
        if not isinstance(value, dict):
            raise self.fail(("fixed",), "fixed: expected a mapping of option names to values")
        out: dict[str, OptionValue] = {}
        for name, v in value.items():
            path = ("fixed", name)
            if not isinstance(name, str) or not name.isidentifier():
                raise self.fail(path, "fixed: option names are identifiers like 'capot_bonus'")
            if name in options:
                raise self.fail(path, f"fixed.{name}: also an option of the file (fix it "
                                "here or offer it there)")
            if type(v) not in (bool, int, str):
                raise self.fail(path, f"fixed.{name}: expected true/false, a whole number "
                                f"or text, got {v!r}")
            out[name] = v
        return out

    def ranks(self, value: object, path: tuple[Any, ...], in_deck: tuple[int, ...]
              ) -> tuple[int, ...]:
        """A list of distinct ranks of the deck (``order``, ``cantes.pair``...)."""
        where = ".".join(map(str, path))
        if not isinstance(value, list):
            raise self.fail(path, f"{where}: expected a list of ranks, like [12, 11]")
        for i, r in enumerate(value):
            if type(r) is not int or r not in in_deck:
                raise self.fail((*path, i), f"{where}: {r!r} is not a rank of the deck "
                                f"({', '.join(map(str, in_deck))})")
            if r in value[:i]:
                raise self.fail((*path, i), f"{where}: rank {r} is listed twice")
        return tuple(value)

    def order(self, top: Mapping[str, Any], in_deck: tuple[int, ...]) -> RankOrder:
        """``order``: a named order, or every rank of the deck from high to low; ``points``:
        rank -> card points over the named order's (docs/rules.md §0's for a list)."""
        value = top["order"]
        if isinstance(value, list):
            ranks = self.ranks(value, ("order",), in_deck)
            missing = [str(r) for r in in_deck if r not in ranks]
            if missing:
                raise self.fail(("order",), f"order: rank {', '.join(missing)} of the deck "
                                "missing (list every rank, from high to low)")
            named = None
        else:
            named = ORDERS[self.choice(value, ("order",), tuple(ORDERS))]
            ranks = named.ranks
        if "points" not in top:
            return named or RankOrder.build("", ranks, TUTE_POINTS)
        raw = top["points"]
        if not isinstance(raw, dict):
            raise self.fail(("points",), "points: expected a mapping of rank to points, like "
                            "{1: 11, 3: 10}")
        for r, p in raw.items():
            if type(r) is not int or r not in in_deck:
                raise self.fail(("points", r), f"points: {r!r} is not a rank of the deck "
                                f"({', '.join(map(str, in_deck))})")
            self.integer(p, ("points", r), 0, MAX_CARD_POINTS)
        if not any(raw.values()) and not self.by_tricks(top.get("scoring")):
            raise self.fail(("points",), "points: no card is worth anything (only a "
                            "scoring by tricks, like commitment, plays without points)")
        return RankOrder.build(named.name if named and raw == named.rank_points() else "",
                               ranks, raw)

    @staticmethod
    def by_tricks(scoring: object) -> bool:
        """Whether every scoring the file names measures a hand by tricks, not points."""
        names = [v for k, v in scoring.items() if k != "by_option"] if isinstance(
            scoring, dict) else [scoring]
        known = strategies()["scoring"]
        return all(isinstance(n, str) and n in known and known[n].by_tricks for n in names)

    def exchange_takes(self, top: Mapping[str, Any], in_deck: tuple[int, ...],
                       options: Mapping[str, Option]) -> Takes:
        """``exchange_takes`` under the default options."""
        name, by_value = self.exchange_takes_by(top, in_deck, options)
        if name:
            return by_value[options[name].default]
        if "exchange_takes" not in top:
            return EXCHANGE_TAKES
        return self.takes(top["exchange_takes"], ("exchange_takes",), in_deck)

    def exchange_takes_by(self, top: Mapping[str, Any], in_deck: tuple[int, ...],
                          options: Mapping[str, Option]
                          ) -> tuple[str, Mapping[OptionValue, Takes]]:
        """``exchange_takes: {by_option: NAME, VALUE: {...}}``: the option and the
        exchanges under each of its values (every value given); ``("", {})`` otherwise."""
        raw = top.get("exchange_takes")
        if not isinstance(raw, dict) or "by_option" not in raw:
            return "", {}
        path: tuple[Any, ...] = ("exchange_takes",)
        name = raw["by_option"]
        opt = options.get(name) if isinstance(name, str) else None
        if opt is None or not (opt.kind is bool or opt.choices):
            raise self.fault(((*path, "by_option"), *_option_keys(name)),
                            "exchange_takes.by_option: expected the name of a true/false "
                            f"or choice option ({', '.join(options)})")
        by_value: dict[OptionValue, Takes] = {}
        for value in opt.allowed():
            if value not in raw:
                raise self.fault((path, *_option_keys(name)),
                                f"exchange_takes: no exchanges for {name} = {value}")
            by_value[value] = self.takes(raw[value], (*path, value), in_deck)
        return str(name), by_value

    def takes(self, raw: object, path: tuple[Any, ...], in_deck: tuple[int, ...]) -> Takes:
        """Trump rank -> the muestra ranks it takes, each muestra rank taken by one trump
        rank at most, none by itself."""
        if not isinstance(raw, dict) or not raw:
            raise self.fail(path, "exchange_takes: expected a mapping of a trump rank to the "
                            "muestra ranks it takes, like {7: [10, 11, 12, 3, 1]}, or "
                            "{by_option: NAME, ...}")
        taken_by: dict[int, int] = {}
        out = []
        for mine, takes in raw.items():
            if type(mine) is not int or mine not in in_deck:
                raise self.fail((*path, mine), f"exchange_takes: {mine!r} is not a rank of "
                                f"the deck ({', '.join(map(str, in_deck))})")
            ranks = self.ranks(takes, (*path, mine), in_deck)
            for r in ranks:
                if r == mine:
                    raise self.fail((*path, mine), f"exchange_takes.{mine}: a card cannot "
                                    "be exchanged for its own rank")
                if r in taken_by:
                    raise self.fail((*path, mine), f"exchange_takes.{mine}: a muestra {r} "
                                    f"is already taken by the {taken_by[r]}")
                taken_by[r] = mine
            out.append((mine, ranks))
        return tuple(out)

    def presentation(self, value: object, options: Mapping[str, Option]) -> Presentation:
        """The ``ui:`` block: menu place, blurb, default deck pattern and opener lines."""
        path: tuple[Any, ...] = ("ui",)
        ui = self.mapping(value, path, _UI_KEYS)
        opener = ui.get("opener", [])
        if not isinstance(opener, list):
            raise self.fail((*path, "opener"), "ui.opener: expected a list of texts")
        return Presentation(
            order=self.integer(ui.get("order", LAST), (*path, "order"), 0, LAST),
            blurb=self.texts(ui["blurb"], (*path, "blurb")) if "blurb" in ui else {},
            deck=self.choice(ui["deck"], (*path, "deck"), PATTERNS) if "deck" in ui else "",
            opener=tuple(self.opener_line(line, (*path, "opener", i), options)
                         for i, line in enumerate(opener)),
            buenas_above=self.integer(ui["buenas_above"], (*path, "buenas_above"), 1, 10_000)
            if "buenas_above" in ui else None)

    def opener_line(self, value: object, path: tuple[Any, ...],
                    options: Mapping[str, Option]) -> OpenerLine:
        """``{es: ..., en: ...}``, with ``when: {OPTION: [VALUE, ...]}`` for a line that
        holds only under those values; ``{OPTION}`` in a text stands for its value."""
        when: dict[str, tuple[OptionValue, ...]] = {}
        if isinstance(value, dict) and "when" in value:
            where = ".".join(map(str, (*path, "when")))
            when = self.condition(value["when"], (*path, "when"), where, options)
            value = {k: v for k, v in value.items() if k != "when"}
        text = self.texts(value, path, fills=True)
        for lang, line in text.items():
            try:
                fields = set(filetext.names(line))
            except filetext.TextFault as e:
                raise self.fail((*path, lang), f"{'.'.join(map(str, path))}.{lang}: {e}") from None
            unknown = sorted(f for f in fields if f not in options and f not in OPENER_NAMES)
            if unknown:
                raise self.fault(((*path, lang), *_option_keys(unknown[0])),
                                f"{'.'.join(map(str, path))}.{lang}: "
                                f"{{{unknown[0]}}} is not an option ({', '.join(options)}) "
                                f"nor {', '.join(f'{{{n}}}' for n in OPENER_NAMES)}")
        return OpenerLine(text, when)

    def condition(self, raw: object, path: tuple[Any, ...], where: str,
                  options: Mapping[str, Option], noun: str = "an option"
                  ) -> dict[str, tuple[OptionValue, ...]]:
        """``{OPTION: [VALUE, ...]}``: each one of ``options`` and values it allows."""
        if not isinstance(raw, dict) or not raw:
            raise self.fail(path, f"{where}: expected a mapping of option names to values")
        found: dict[str, tuple[OptionValue, ...]] = {}
        for other, values in raw.items():
            target = options.get(other) if isinstance(other, str) else None
            if target is None:
                raise self.fault(((*path, other), *_option_keys(other)),
                                f"{where}: {other!r} is not {noun} ({', '.join(options)})")
            if not isinstance(values, list) or not values:
                raise self.fail((*path, other), f"{where}.{other}: expected a list of values")
            for i, v in enumerate(values):
                problem = target.check(v)
                if problem:
                    raise self.fault(((*path, other, i), *_option_keys(other)),
                                    f"{where}.{other}: {problem}")
            found[other] = tuple(values)
        return found

    def check_key_needs(self, top: Mapping[str, Any], rules: RuleSet) -> None:
        """Refuse a key written without the strategy it needs (``KEY_NEEDS``)."""
        for key, (other, wanted, why) in KEY_NEEDS.items():
            if top.get(key, False) is False:
                continue
            pick = getattr(rules, other)
            names = (pick.all_names() if isinstance(pick, Pick) else _every_phase(rules)
                     if other == "phases" else (pick,))
            if not set(names) & set(wanted):
                raise self.fault(((key,), (other,)), f"{key}: {why}: it needs "
                                f"{other} {' or '.join(wanted)}")

    def check_juego_sums(self, rules: RuleSet) -> None:
        """Refuse a file whose ``juego_sums`` leave out the acompaño's sum where its phases
        ask players to accompany."""
        phases = _every_phase(rules)
        sums = rules.juego_sums
        if "juego_acompano" in phases and sums is not None and sums.acompano is None:
            raise self.fault((("juego_sums",), ("phases",)), "juego_sums: missing key "
                             "'acompano', which phase 'juego_acompano' needs")

    def check_needs(self, rules: RuleSet) -> None:
        """Refuse a file whose strategies read an option it does not define (each
        strategy's ``needs``)."""
        known = strategies()
        every_phase = _every_phase(rules)
        for key in ("deal", "exchange", "scoring", "settlement", "phases"):
            value = getattr(rules, key)
            names = value.all_names() if isinstance(value, Pick) else (
                every_phase if key == "phases" else (value,))
            for name in names:
                missing = [o for o in known[key][name].needs
                           if o not in rules.options and o not in rules.fixed]
                if missing:
                    raise self.fault(((key,), *_option_keys(missing[0])),
                                    f"{key} '{name}' needs option '{missing[0]}', which "
                                    "options does not define")

    def check_requires(self, rules: RuleSet) -> None:
        """Refuse strategies that cannot play together (REQUIRES), naming the option
        values that bring them together when an option picks one of them."""
        picks = {key: getattr(rules, key) for key in ("seating", "first_dealer", "next_dealer",
                                                      "trump",
                                                      "exchange", "obligations", "scoring",
                                                      "settlement")}
        chosen_by = sorted({p.option for p in picks.values() if p.option}
                           | ({rules.phases_by[0]} - {""}))
        ranges = [rules.options[name].allowed() for name in chosen_by]
        for values in islice(product(*ranges), MAX_COMBINATIONS):
            current = dict(zip(chosen_by, values, strict=True))
            names: dict[str, tuple[str, ...]] = {key: (p.pick(current),)
                                                 for key, p in picks.items()}
            names.update(phases=rules.phases_for(current), deal=(rules.deal,))
            for key, own in names.items():
                for name in own:
                    for other, wanted in REQUIRES.get((key, name), ()):
                        if set(names[other]) & set(wanted):
                            continue
                        when = ", ".join(f"{k} = {v}" for k, v in current.items())
                        raise self.fault(((key,), (other,), *(
                            k for o in current for k in _option_keys(o))),
                            f"{key} '{name}' needs {other} "
                                        f"{' or '.join(wanted)}"
                                        + (f" (with {when})" if when else ""))

    def check_playable(self, rules: RuleSet) -> None:
        """Refuse a deck that the deal, trump and phase strategies cannot use at some player
        count the file allows. A fault is blamed on the player count or on the key named,
        whichever the outermost file wrote: a file widening ``players`` over a bundled
        ruleset is told so at its own line, not at the bundled file's deck."""
        deck = DECKS[rules.deck]
        cards = deck.bit_count()
        has_two_of_oros = bool(deck >> 1 & 1)
        values = {k: o.default for k, o in rules.options.items()}
        known = strategies()
        dealing = known["deal"][rules.deal]
        phases = [known["phases"][name] for name in rules.phases]
        for players in rules.options["players"].allowed():
            assert isinstance(players, int)
            values["players"] = players
            seated = players - (players in rules.dealer_sits_out)
            teams = known["seating"][rules.seating.pick(values)].teams
            settlement = known["settlement"][rules.settlement.pick(values)](values)
            unfit = settlement.misfit(players, teams)
            if unfit:
                raise self.fault((("settlement",), ("options", "players"),
                                           ("players",), ("seating",)),
                                f"{players} players: {unfit}")
            trump = known["trump"][rules.trump.pick(values)]
            first_dealer = known["first_dealer"][rules.first_dealer.pick(values)]
            where = f"deck {rules.deck} with {players} players"

            def fail(key: str, message: str) -> RulesetError:
                return self.fail(self.blame((key,), ("options", "players"), ("players",),
                                            ("dealer_sits_out",)), message)

            if dealing.stock:
                if "hand_size" in rules.options:
                    most = max(int(s) for s in rules.options["hand_size"].allowed())
                elif rules.hand_size:
                    most = rules.hand_size
                else:
                    raise self.fault((("deal",), ("options", "hand_size"),
                                               ("hand_size",)),
                                    f"deal '{rules.deal}' needs option 'hand_size' or the "
                                    "key hand_size")
                if most * seated >= cards:
                    raise fail("deal", f"{where}: {most} cards each leave no stock")
                sizes = rules.options["hand_size"].allowed() if "hand_size" in rules.options \
                    else [rules.hand_size]
                odd = [str(k) for k in sizes if int(k) % dealing.packet]
                if odd:
                    raise self.fault((("deal",), ("options", "hand_size"),
                                               ("hand_size",)),
                                    f"deal '{rules.deal}': {odd[0]} cards each "
                                    f"cannot be dealt in packets of {dealing.packet}")
                undealt = cards - min(int(k) for k in sizes) * seated
            else:
                rest = undealt = cards % seated
                if (trump.needs_two_of_oros or first_dealer.needs_two_of_oros
                        ) and not has_two_of_oros:
                    raise fail("deck", f"{where}: the first hand needs the 2 de oros, "
                               "which this deck lacks")
                problem = trump.misfit(seated, rest)
                if problem:
                    raise fail("deck", f"{where}: {problem}")
                if dealing.packet > 1 and (rest or cards // seated % dealing.packet):
                    raise fail("deck", f"{where}: {cards // seated} cards each cannot be "
                               f"dealt in packets of {dealing.packet}" if not rest else
                               f"{where}: packets of {dealing.packet} leave {rest} cards over")
            for phase in phases:
                problem = phase.misfit(undealt)
                if problem:
                    out = f" ({seated} in each hand: the dealer sits out)" if (
                        seated != players) else ""
                    raise fail("phases", f"{where}{out}: {problem}")

    def fault(self, paths: tuple[tuple[Any, ...], ...], message: str) -> RulesetError:
        """A fault between keys (the first where it shows), reported at the key to blame
        (``blame``); when that is another file's, the message says where the first is."""
        path, first = self.blame(*paths), paths[0]
        shows, blamed = self.doc.owner(first), self.doc.owner(path)
        if shows is not blamed:
            where = ".".join(map(str, first)) or "the file"
            message += f" ({where}: {Path(shows.source).name}, line {shows.line(first)})"
        return self.fail(path, message)

    def check_numbers(self, rules: RuleSet) -> None:
        """Refuse numbers that break an invariant: a plate that would create chips (a
        negative ante or stake), commitments that two players in cannot both meet with the
        tricks of a hand, a restock that the cards out of play cannot fill, a turned card
        taken where none lies on the table."""
        settlements = rules.settlement.all_names()
        if "plate" in settlements or "chips" in settlements:
            for name in ("chips", "ante"):
                opt = rules.options.get(name)
                low = 1 if name == "chips" else 0
                bad = [str(v) for v in opt.allowed() if int(v) < low] if opt else []
                if bad:
                    where = "choices" if opt and opt.choices else "range"
                    raise self.fail(("options", name, where), f"options.{name}: {bad[0]} would "
                                    "create chips (the plate or a player would go below "
                                    f"zero): {name} must be at least {low}")
        sizes = [int(v) for v in rules.options["hand_size"].allowed()] if (
            "hand_size" in rules.options) else [rules.hand_size]
        tricks = min(sizes)
        c = rules.commitment
        if "commitment" in rules.scoring.all_names() and tricks:
            each = max(c.each.values())
            key = ("commitment", "each")
            if 2 * each > tricks:
                raise self.fail(key, f"commitment.each: two players in cannot both take "
                                f"{each} of the {tricks} tricks of a hand")
            if c.taker is not None and max(c.taker.values()) + each > tricks:
                raise self.fail(("commitment", "taker"), f"commitment.taker: the taker's "
                                f"{max(c.taker.values())} and another player's {each} "
                                f"exceed the {tricks} tricks of a hand")
        if any(rules.turned_card[1].values()) and "under_stock" not in rules.trump.all_names():
            raise self.fail(("turned_card",), "turned_card: the turned card is taken from "
                            "the table: it needs trump under_stock")
        if rules.discard.when_empty == "restock_out_of_play":
            cards = DECKS[rules.deck].bit_count()
            most = max(int(v) for v in rules.options["players"].allowed())
            hand = max(sizes)
            spare = cards - 1 - hand * most
            if spare < hand:
                raise self.fail(("discard", "when_empty"), f"discard.when_empty: with "
                                f"{most} players of {hand} cards the {spare} cards out of "
                                f"play cannot always restock a hand of {hand}")

    def blame(self, *paths: tuple[Any, ...]) -> tuple[Any, ...]:
        """Of keys that together make a fault, the one written by the outermost file of
        the ``extends`` chain (the first named when one file wrote them all): a child
        that removes or changes what its parent's keys rely on is told at its own line.
        A path through a value that names no key (a list where a name was wanted) is not
        a key anyone wrote."""
        def depth(path: tuple[Any, ...]) -> int:
            try:
                hash(path)
            except TypeError:
                return MAX_EXTENDS + 1
            doc: _Doc | None = self.doc
            owner, level = self.doc.owner(path), 0
            while doc is not None and doc.own is not owner:
                doc, level = doc.base, level + 1
            return level

        return min(paths, key=depth)

    def applies(self, opt: Option, options: Mapping[str, Option]) -> Option:
        """``applies: {OPTION: [VALUE, ...]}``: the options and values under which ``opt``
        has an effect, each an option of the file and a value it allows."""
        path: tuple[Any, ...] = ("options", opt.name, "applies")
        raw = self.doc.data["options"][opt.name].get("applies")
        if raw is None:
            return opt
        where = f"options.{opt.name}.applies"
        others = {name: o for name, o in options.items() if name != opt.name}
        return replace(opt, applies=self.condition(raw, path, where, others,
                                                          "another option"))

    def option(self, name: object, spec: object) -> Option:
        path: tuple[Any, ...] = ("options", name)
        where = f"options.{name}"
        # Option names are plain identifiers, as used on the command line (name=value).
        if not isinstance(name, str) or not name.isidentifier():
            raise self.fail(path, f"{where}: option names are identifiers like 'lives'")
        if spec is None:
            raise self.fail(path, f"{where}: null removes an inherited option, " + (
                "and every ruleset offers players" if name == "players" else
                f"and no ruleset this one extends offers '{name}'"))
        m = self.mapping(spec, path, _required(OPTION))
        default = m["default"]
        if type(default) not in (bool, int, str):
            raise self.fail((*path, "default"), f"{where}.default: expected true/false, "
                            f"a whole number or text, got {default!r}")
        choices: tuple[OptionValue, ...] = ()
        low = high = None
        if "choices" in m:
            raw = m["choices"]
            if not isinstance(raw, list) or not raw:
                raise self.fail((*path, "choices"), f"{where}.choices: expected a list")
            for i, c in enumerate(raw):
                if type(c) is not type(default):
                    raise self.fail((*path, "choices", i), f"{where}.choices: {c!r} is not "
                                    f"{_kind_name(type(default))} like the default")
            choices = tuple(raw)
        if "range" in m:
            r = m["range"]
            if type(default) is not int:
                raise self.fail((*path, "default"), f"{where}.default: expected a whole "
                                f"number (the option has a range), got {default!r}")
            if not (isinstance(r, list) and len(r) == 2 and all(type(x) is int for x in r)
                    and r[0] <= r[1]):
                raise self.fail((*path, "range"), f"{where}.range: expected [low, high]")
            low, high = r
            # Checked by arithmetic: the values are listed (options screen, by_option) only
            # once the range is known to be short.
            if high - low >= MAX_RANGE:
                raise self.fail((*path, "range"), f"{where}.range: more than {MAX_RANGE} "
                                "values")
        if type(default) is int and not choices and low is None:
            raise self.fail(path, f"{where}: a number option needs choices or a range")
        if type(default) is str and not choices:
            raise self.fail(path, f"{where}: a text option needs choices")
        opt = Option(name, default, self.texts(m["label"], (*path, "label")),
                     self.texts(m["description"], (*path, "description")), choices, low, high)
        problem = opt.check(default)
        if problem:
            raise self.fail((*path, "default"), f"{where}.default: {problem}")
        return opt
