"""What carries over between hands, and when the match ends.

The ``Ledger`` holds the match's standing (marks, retirements, totals per side); a
settlement strategy turns each hand's ``HandResult`` into changes of the ledger, their
events and the per-game keys of the hand's record (docs/records.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, ClassVar

from tute.cards import card_text
from tute.engine import events as ev
from tute.engine.actions import JUEGO, Action
from tute.engine.phases import JuegoEach
from tute.engine.scoring import TARGET, HandResult, card_points, stake
from tute.i18n import N_

if TYPE_CHECKING:
    from tute.engine.hand import HandState
    from tute.rules import OptionValue

Extra = dict[str, object]


class Aim(Enum):
    """What a player of this settlement plays a hand for; the AI maps each aim to its
    utility (``tute.ai.objectives``), so that a new settlement picks one, not a name."""

    LOSERS = "losers"
    """Not to be among the hand's losers (marks)."""
    MONEY = "money"
    CHIPS = "chips"
    SCORE = "score"
    RACE = "race"
    JUEGOS = "juegos"
    LOST_GAMES = "lost_games"
    MARGIN = "margin"
    """The seat's side's points over the best other side's."""
    WINNER = "winner"
    """To be on the side the hand declares the winner (of a partida), the margin a guide
    where it declares none."""


@dataclass(frozen=True)
class Totals:
    """What a settlement's standing counts, told once for every reader: the table's
    scoreboard, the result sheet, the final standing and the statistics (the titles are
    English, translated where shown)."""

    name: str
    """The figure's name ("points", "juegos", "marks", "hand"...), as the records say it."""
    head: str
    """The final standing's column heading."""
    title: str = ""
    """The scoreboard's title over the running totals; empty: the scoreboard shows none."""
    column: str = ""
    """The result sheet's column heading; empty: the sheet shows rayas instead."""
    gain: str = ""
    """The summary key of what the hand added per side."""
    one_winner: bool = False
    """``gain`` names the hand's one winning side instead (None: a tie)."""
    total: str = "totals"
    """The summary key of the running figure per side."""
    signed: bool = False
    """Figures shown with their sign (balances)."""
    target_option: str = ""
    """The option whose value ends the match when a side reaches it."""
    default_target: int | None = None
    """The target when no option sets it."""
    ledger: str = "totals"
    """The ledger's list that the final standing reads; empty: the deciding hand's points."""
    lower_wins: bool = False
    """The smaller figure is the better one."""
    rayas: bool = False
    """Counted per seat in rayas chalked on the name plates (no team rows)."""
    pot: bool = False
    """Played for a pot of chips: the result sheet shows tricks promised and chips paid."""
    photo_finish: bool = False
    """Several sides may pass the target in one hand, the last trick deciding."""


MARKS = Totals("marks", N_("Marks"), ledger="marks", lower_wins=True, rayas=True)
HAND = Totals("hand", N_("Points"), ledger="")
POINTS = Totals("points", N_("Points"), N_("Points"), N_("Total"), gain="score",
                target_option="target", default_target=TARGET, photo_finish=True)
JUEGOS = Totals("juegos", N_("Juegos"), N_("Juegos"), N_("Juegos"), gain="juegos",
                target_option="games_to")
LOST_GAMES = Totals("lost_games", N_("Lost juegos"), N_("Lost juegos"), N_("Lost juegos"),
                    gain="lost", target_option="lost_games_to", lower_wins=True)
BALANCES = Totals("balances", N_("Balance"), N_("Balances"), N_("Payment · balance"),
                  gain="payments", total="balances", signed=True)
CHIPS = Totals("chips", N_("Chips"), column=N_("Won · chips"), gain="won", total="chips",
               ledger="chips", pot=True)
PARTIDAS = Totals("points", N_("Points"), N_("Points"), N_("Total"), gain="team_points",
                  default_target=TARGET, photo_finish=True)
HANDS = Totals("hands", N_("Hands won"), N_("Hands won"), N_("Hands won"), gain="winner",
               one_winner=True, target_option="games_to")


class Reading(Enum):
    """How a verdict's summary key tells a seat's hand won, lost or even."""

    LOSERS = "losers"
    """A list of the hand's losers: among them lost, else won."""
    PENALTIES = "penalties"
    """Per seat, what the hand gave against it (lost games): any lost, none won."""
    SIGNED = "signed"
    """Per seat, a signed figure (a payment): above zero won, below lost, zero even."""
    COMPARE = "compare"
    """Per side, a figure: above every other side's won, below the best lost, level even."""
    SHARES = "shares"
    """Per seat, what the hand earned (chips): anything won, nothing even; a seat listed
    under ``against``, or that paid something (the summary's ``paid``), lost."""
    WINNER = "winner"
    """The one winning side (None: nobody, even)."""


@dataclass(frozen=True)
class Verdict:
    """What decides a hand for a seat, told once for the statistics (the AI's ``Aim`` and
    the screen's ``Totals`` are its siblings): the hand summary's key and how it reads
    (docs/records.md names the keys)."""

    key: str
    reading: Reading
    team_key: str = ""
    """The key read instead where the table plays in teams (per team, not per seat)."""
    against: str = ""
    """A summary key listing seats that lost whatever ``key`` says (Bato's bateados)."""

    def key_for(self, teams: bool) -> str:
        return self.team_key if teams and self.team_key else self.key


LOSERS = Verdict("losers", Reading.LOSERS)
SIDE_POINTS = Verdict("points", Reading.COMPARE, team_key="team_points")
"""The points per seat, or per team at a team table: what a game with no other measure of
a hand reads."""


class Ledger:
    """The match's standing between hands."""

    marks: list[int]
    retired: list[bool]
    totals: list[int]
    """Per side: points (race), juegos (parejas) or lost games."""
    duel: bool
    """The next hands are Cabrero's final duel."""
    chips: list[int]
    pot: int
    partidas: list[int]
    """Per side, partidas won in the current coto."""
    cotos: list[int]
    """Per side, cotos won."""
    carry: bool
    """The next hand goes on with ``totals`` carried (a partida undecided)."""
    shown_points: list[int]
    """Per side, what the card shown to mark trumps added in the hand being played."""
    shown_held: int
    """Points of the shown card held until the hand's score is added (0: none)."""
    antes: list[int]
    """Per seat, the chips put into the plate for the hand being played."""
    held: int
    """The players' chips and the pot together before the hand being played: the chip
    invariant keeps them so after it."""
    deals: int
    """Hands dealt, void ones included."""
    played: int
    """Hands played (not void)."""
    over: bool
    winners: tuple[int, ...]
    draw: bool

    def __init__(self, n: int, sides: int) -> None:
        self.marks = [0] * n
        self.retired = [False] * n
        self.totals = [0] * sides
        self.duel = False
        self.chips = [0] * n
        self.pot = 0
        self.partidas = [0] * sides
        self.cotos = [0] * sides
        self.carry = False
        self.shown_points = [0] * sides
        self.shown_held = 0
        self.antes = [0] * n
        self.held = 0
        self.deals = self.played = 0
        self.over = False
        self.winners = ()
        self.draw = False

    def alive(self) -> list[int]:
        return [s for s, out in enumerate(self.retired) if not out]

    def copy(self) -> Ledger:
        led = Ledger(0, 0)
        led.marks = list(self.marks)
        led.retired = list(self.retired)
        led.totals = list(self.totals)
        led.duel = self.duel
        led.chips = list(self.chips)
        led.pot = self.pot
        led.partidas = list(self.partidas)
        led.cotos = list(self.cotos)
        led.carry = self.carry
        led.shown_points = list(self.shown_points)
        led.shown_held = self.shown_held
        led.antes = list(self.antes)
        led.held = self.held
        led.deals = self.deals
        led.played = self.played
        led.over = self.over
        led.winners = self.winners
        led.draw = self.draw
        return led

    def finish(self, winners: tuple[int, ...], draw: bool = False) -> ev.MatchOver:
        self.over, self.winners, self.draw = True, winners, draw
        return ev.MatchOver(winners, draw)


class Settlement:
    """Base of the settlement strategies: each says what a hand changes in the ledger, what
    its standing counts (``totals``) and what a player aims at (``aim``)."""

    totals: Totals = HAND
    aim: Aim = Aim.MARGIN
    verdict: Verdict = SIDE_POINTS
    """What decides a hand for a seat: the statistics' won, lost or even."""
    needs: ClassVar[tuple[str, ...]] = ()
    """Options it reads: a ruleset naming it must define them."""
    race: bool = False
    """A hand loses nobody: it only adds to a race to a total."""
    about: ClassVar[str] = ""
    """What it does, for the schema reference (docs/ruleset-schema.md)."""
    adds: ClassVar[tuple[str, ...]] = ()
    """The keys ``settle``, ``void`` and ``pending`` add to each hand's summary (``tute
    replay --json``; docs/records.md)."""

    failed_key: str = "failed"
    """The records' key listing the seats that failed a commitment (the file's
    ``commitment.record_as``; the kit sets it)."""

    def __init__(self, options: Mapping[str, OptionValue]) -> None:
        self.options = options

    def misfit(self, players: int, teams: bool) -> str | None:
        """Why this settlement cannot run with these players, or None."""
        return None

    def open(self, ledger: Ledger) -> None:
        """Set up the ledger of a new match (Bato's chips)."""

    def before_deal(self, ledger: Ledger, dealer: int) -> list[ev.Event]:
        """What the match does before each deal (Bato's ante)."""
        return []

    def prepare(self, ledger: Ledger, h: HandState) -> None:
        """Set what a new hand carries from the standing (a race's carried totals)."""

    def spoke(self, ledger: Ledger, h: HandState, action: Action) -> list[ev.Event]:
        """What the standing takes from a decision before play (an ante paid at juego)."""
        return []

    def after_deal(self, ledger: Ledger, h: HandState) -> list[ev.Event]:
        """What the standing takes from a hand just dealt, trumps set (the shown card's
        points)."""
        return []

    def void(self, ledger: Ledger, h: HandState) -> tuple[list[ev.Event], Extra]:
        """A hand everyone passed: nothing is scored (per game: what stands)."""
        return [], self.pending(ledger, h)

    def settle(self, ledger: Ledger, h: HandState, result: HandResult
               ) -> tuple[list[ev.Event], Extra]:
        raise NotImplementedError

    def pending(self, ledger: Ledger, h: HandState) -> Extra:
        """The per-game keys of a hand still being played: standings, null results."""
        raise NotImplementedError


def _side_seats(h: HandState, side: int) -> tuple[int, ...]:
    return tuple(s for s in range(h.n) if h.side_of[s] == side)


class Marks(Settlement):
    """Cabrero (§1): each loser takes marks, retires at ``lives``, the match ends when
    fewer than 3 remain; with ``final_duel`` the last two play Tute a dos hands."""

    about = ("Each loser of a hand takes marks; a player retires at the option `lives`, and the "
             "match ends when fewer than three remain (with the option `final_duel`, the last two "
             "play hands of Tute a dos, which carry its record keys too).")
    adds = ("losers", "capote", "renuncio", "false_accusation", "marks", "duel")

    totals = MARKS
    aim = Aim.LOSERS
    verdict = LOSERS
    needs = ("lives",)

    def settle(self, ledger: Ledger, h: HandState, result: HandResult
               ) -> tuple[list[ev.Event], Extra]:
        if ledger.duel:
            return self.duel_hand(ledger, h, result)
        for s in result.losers:
            ledger.marks[s] += result.marks
        events: list[ev.Event] = [ev.MarksChanged(tuple(ledger.marks))]
        before = ledger.alive()
        lives = int(self.options["lives"])
        for s in before:
            if ledger.marks[s] >= lives:
                ledger.retired[s] = True
                events.append(ev.PlayerRetired(s))
        remaining = ledger.alive()
        if len(remaining) == 2 and h.kit.duel is not None:
            ledger.duel = True
            events.append(ev.DuelStarted(tuple(remaining)))
        elif len(remaining) < 3:
            events.append(ledger.finish(tuple(remaining or before), not remaining))
        return events, self.keys(ledger, result)

    def duel_hand(self, ledger: Ledger, h: HandState, result: HandResult
                  ) -> tuple[list[ev.Event], Extra]:
        """The first duel hand lost puts its loser out; a tie is replayed."""
        events: list[ev.Event] = []
        if result.losers:
            loser = result.losers[0]
            ledger.marks[loser] += 1
            ledger.retired[loser] = True
            events += [ev.MarksChanged(tuple(ledger.marks)), ev.PlayerRetired(loser),
                       ledger.finish(tuple(s for s in h.playing if s != loser))]
        return events, {**self.keys(ledger, result), "duel": True}

    @staticmethod
    def keys(ledger: Ledger, result: HandResult) -> Extra:
        return {"losers": list(result.losers), "capote": result.capote,
                "renuncio": result.extra.get("renuncio"),
                "false_accusation": result.extra.get("false_accusation"),
                "marks": list(ledger.marks)}

    def pending(self, ledger: Ledger, h: HandState) -> Extra:
        extra: Extra = {"losers": [], "capote": None, "renuncio": None,
                        "false_accusation": None, "marks": list(ledger.marks)}
        if ledger.duel:
            extra["duel"] = True
        return extra


class Race(Settlement):
    """Points to 101 (Tute a dos ``match_101``, arrastrado ``points_101``), or to the
    file's option ``target`` where it defines one: after a hand in which one or more sides
    reach it, the side with the diez de últimas wins if it is among them, else the highest
    total, a tie going to the side nearest the mano. A sung tute wins at once."""

    about = ("Each side's points add up; after a hand in which one or more sides reach the option "
             "`target` (default 101), the side with the diez de últimas wins if among them, else "
             "the highest total; a sung tute wins at once.")
    adds = ("totals",)

    totals = POINTS
    aim = Aim.RACE
    verdict = SIDE_POINTS
    race = True

    def settle(self, ledger: Ledger, h: HandState, result: HandResult
               ) -> tuple[list[ev.Event], Extra]:
        for side, p in enumerate(result.side_points):
            ledger.totals[side] += int(p)
        events: list[ev.Event] = [ev.TotalsChanged("points", tuple(ledger.totals))]
        winner: int | None = None
        if h.tute is not None:
            winner = h.side_of[h.tute]
        else:
            target = int(self.options.get("target", TARGET))
            reached = [h.side_of[s] for s in h.playing if ledger.totals[h.side_of[s]] >= target]
            if reached:
                last = h.side_of[h.last_trick] if h.last_trick is not None else None
                if last in reached:
                    winner = last
                else:
                    best = max(ledger.totals[side] for side in reached)
                    winner = next(side for side in reached if ledger.totals[side] == best)
        if winner is not None:
            events.append(ledger.finish(_side_seats(h, winner)))
        return events, {"totals": list(ledger.totals)}

    def pending(self, ledger: Ledger, h: HandState) -> Extra:
        return {"totals": list(ledger.totals)}


class SingleHand(Settlement):
    """One decisive hand (Tute a dos ``lowest_loses``): the lower total loses; a tie is
    replayed with a new deal."""

    about = ("One decisive hand: the hand's losers lose the match; a tie is replayed with a new "
             "deal.")
    adds = ("losers",)

    aim = Aim.LOSERS
    verdict = LOSERS

    def settle(self, ledger: Ledger, h: HandState, result: HandResult
               ) -> tuple[list[ev.Event], Extra]:
        events: list[ev.Event] = []
        if result.losers:
            events.append(ledger.finish(tuple(s for s in h.playing
                                              if s not in result.losers)))
        return events, {"losers": list(result.losers)}

    def pending(self, ledger: Ledger, h: HandState) -> Extra:
        return {"losers": None}


class Juegos(Settlement):
    """Parejas (§4) and Tute a dos's ``juegos`` (§3): juegos won per hand add up; the first
    side to ``games_to`` wins, or a sung tute wins the match with ``tute_wins: match``."""

    about = ("Juegos won per hand add up; the first side to the option `games_to` wins (with the "
             "option `tute_wins: match`, a sung tute wins the match).")
    adds = ("juegos", "totals")

    totals = JUEGOS
    aim = Aim.JUEGOS
    verdict = Verdict("juegos", Reading.COMPARE)
    needs = ("games_to", "two_games_at")

    def misfit(self, players: int, teams: bool) -> str | None:
        return None if teams or players == 2 else "settlement 'juegos' needs two sides"

    def settle(self, ledger: Ledger, h: HandState, result: HandResult
               ) -> tuple[list[ev.Event], Extra]:
        for team, won in enumerate(result.juegos):
            ledger.totals[team] += won
        events: list[ev.Event] = [ev.TotalsChanged("juegos", tuple(ledger.totals))]
        won_match = h.tute is not None and self.options.get("tute_wins") == "match"
        if won_match or max(ledger.totals) >= int(self.options["games_to"]):
            assert result.winner_side is not None
            events.append(ledger.finish(_side_seats(h, result.winner_side)))
        return events, {"juegos": list(result.juegos), "totals": list(ledger.totals)}

    def pending(self, ledger: Ledger, h: HandState) -> Extra:
        return {"juegos": None, "totals": list(ledger.totals)}


class LostGames(Settlement):
    """Arrastrado with 3 (§5, ``lost_games``): the lowest hand total takes a lost game
    (tied lowest, one each); a player making 101 or more (a sung tute counts as 101)
    gives each other player one instead. At ``lost_games_to`` the fewest win."""

    about = ("Three players: the lowest hand total takes a lost game (tied lowest, one each); a "
             "player making 101 or more (a sung tute counts) gives each other one instead. At the "
             "option `lost_games_to` the fewest win.")
    adds = ("lost", "totals")

    totals = LOST_GAMES
    aim = Aim.LOST_GAMES
    verdict = Verdict("lost", Reading.PENALTIES)
    needs = ("lost_games_to",)

    def misfit(self, players: int, teams: bool) -> str | None:
        if players != 3:
            return "option scoring: lost_games is played by 3 players only"
        return None

    def settle(self, ledger: Ledger, h: HandState, result: HandResult
               ) -> tuple[list[ev.Event], Extra]:
        pts = result.points
        lost = [0] * h.n
        makers = [s for s in h.playing if pts[s] >= TARGET or s == h.tute]
        if makers:
            for m in makers:
                for o in h.playing:
                    if o != m:
                        lost[o] += 1
        else:
            low = min(pts[s] for s in h.playing)
            for s in h.playing:
                lost[s] += pts[s] == low
        for s, k in enumerate(lost):
            ledger.totals[s] += k
        events: list[ev.Event] = [ev.TotalsChanged("lost_games", tuple(ledger.totals))]
        if max(ledger.totals) >= int(self.options["lost_games_to"]):
            fewest = min(ledger.totals)
            events.append(ledger.finish(tuple(s for s in range(h.n)
                                              if ledger.totals[s] == fewest)))
        return events, {"lost": lost, "totals": list(ledger.totals)}

    def pending(self, ledger: Ledger, h: HandState) -> Extra:
        return {"lost": None, "totals": list(ledger.totals)}


class Balances(Settlement):
    """Subastado (§6): the declarer collects the stake from each other player at the
    table or pays it to each; the stake is the contract, ×2 after a takeover and ×2 again
    from 120. The match ends after ``deals`` played deals or at ``target``."""

    about = ("The declarer collects the stake from each other player or pays it to each: the "
             "contract, ×2 after a takeover and ×2 again from the deck's worth. The match ends "
             "after the option `deals` played deals, or when a balance reaches the option `target`"
             " (0: never).")
    adds = ("auction", "bidder", "takeover", "declarer", "contract", "declarer_points", "made",
            "payments", "balances")

    totals = BALANCES
    aim = Aim.MONEY
    verdict = Verdict("payments", Reading.SIGNED)
    needs = ("deals", "target")

    def open(self, ledger: Ledger) -> None:
        ledger.totals = [0] * len(ledger.marks)  # a balance per seat

    def settle(self, ledger: Ledger, h: HandState, result: HandResult
               ) -> tuple[list[ev.Event], Extra]:
        d = h.declarer
        sign = 1 if result.extra["made"] else -1
        payments = [0] * h.n
        for s in range(h.n):
            if s != d:
                payments[s] = -sign * stake(h)
        payments[d] = -sum(payments)
        for s, p in enumerate(payments):
            ledger.totals[s] += p
        ledger.played += 1
        events: list[ev.Event] = [ev.TotalsChanged("balances", tuple(ledger.totals))]
        target = int(self.options["target"])
        if ledger.played >= int(self.options["deals"]) or (
                target and max(ledger.totals) >= target):
            best = max(ledger.totals)
            events.append(ledger.finish(tuple(s for s in range(h.n)
                                              if ledger.totals[s] == best)))
        return events, {**self.keys(h, ledger, payments),
                        "declarer_points": result.extra["declarer_points"],
                        "made": result.extra["made"]}

    @staticmethod
    def keys(h: HandState, ledger: Ledger, payments: list[int]) -> Extra:
        return {"auction": list(h.auction), "bidder": h.bidder if h.bidder >= 0 else None,
                "takeover": h.took_over, "declarer": h.declarer if h.declarer >= 0 else None,
                "contract": h.contract if h.contract >= 0 else None,
                "declarer_points": None, "made": None, "payments": payments,
                "balances": list(ledger.totals)}

    def pending(self, ledger: Ledger, h: HandState) -> Extra:
        return self.keys(h, ledger, [0] * h.n)


class SideMarks(Marks):
    """Codillo (§7): the losing side's players take a mark each; a player retires at
    ``lives``; the match ends when fewer than 4 remain, the fewest marks winning."""

    about = ("The losing side's players take a mark each; a player retires at the option `lives`; "
             "the match ends when fewer than four remain, the fewest marks winning.")
    adds = ("declarer", "called", "partner", "side_points", "losers", "marks")

    def settle(self, ledger: Ledger, h: HandState, result: HandResult
               ) -> tuple[list[ev.Event], Extra]:
        for s in result.losers:
            ledger.marks[s] += 1
        events: list[ev.Event] = [ev.MarksChanged(tuple(ledger.marks))]
        lives = int(self.options["lives"])
        for s in ledger.alive():
            if ledger.marks[s] >= lives:
                ledger.retired[s] = True
                events.append(ev.PlayerRetired(s))
        remaining = ledger.alive()
        if len(remaining) < 4:
            fewest = min((ledger.marks[s] for s in remaining), default=0)
            events.append(ledger.finish(tuple(s for s in remaining
                                              if ledger.marks[s] == fewest)))
        return events, {**self.called_keys(h), "side_points": list(result.side_points),
                        "losers": list(result.losers), "marks": list(ledger.marks)}

    @staticmethod
    def called_keys(h: HandState) -> Extra:
        return {"declarer": h.declarer if h.declarer >= 0 else None,
                "called": card_text(h.called) if h.called >= 0 else None,
                "partner": h.partner if h.partner >= 0 else None}

    def pending(self, ledger: Ledger, h: HandState) -> Extra:
        return {**self.called_keys(h), "side_points": None, "losers": [],
                "marks": list(ledger.marks)}


ANTE = 4


def trick_share(h: HandState, pot: int) -> int:
    """What each trick earns from ``pot``: an equal share of it per trick of the hand,
    rounded down, so the tricks never pay out more than the pot holds (§8, §13)."""
    tricks = sum(h.taken[s] for s in h.playing)
    return pot // tricks if tricks else 0


def trick_shares(h: HandState, pot: int) -> list[int]:
    """The chips each seat's tricks earn from ``pot``."""
    share = trick_share(h, pot)
    return [h.taken[s] * share if s in h.playing else 0 for s in range(h.n)]


def share_moves(h: HandState, pot: int) -> list[ev.ChipsMoved]:
    """The shares of ``pot`` paid for the tricks, one per trick in the order they were
    taken (a juego everyone folded on takes its tricks unplayed: by seat)."""
    share = trick_share(h, pot)
    if not share:
        return []
    takers = [s for s in range(h.n) if s in h.playing for _k in range(h.taken[s])]
    played = [w for w, _plays in h.tricks]
    return [ev.ChipsMoved(s, share) for s in (played if sorted(played) == takers else takers)]


def check_chips(ledger: Ledger) -> None:
    """The chip invariant (§13): the players' chips and the plate hold after a hand what
    they held before it (from the first hand on: what the players started with); the
    engine stops rather than play on with chips created or lost."""
    held = sum(ledger.chips) + ledger.pot
    if held != ledger.held or ledger.pot < 0 or min(ledger.chips) < 0:
        raise RuntimeError(f"chips {ledger.chips} and plate {ledger.pot} hold {held}, "
                           f"not {ledger.held}: a payment broke the chip invariant")


def counted(ledger: Ledger) -> list[ev.Event]:
    """A chips hand settled: the invariant checked, the deal counted, the chips shown."""
    check_chips(ledger)
    ledger.deals += 1
    return [ev.ChipsChanged(tuple(ledger.chips), ledger.pot)]


def richest_win(ledger: Ledger, seats: Sequence[int]) -> ev.MatchOver:
    """The match's end by chips: the richest of ``seats`` win (tied, together)."""
    best = max(ledger.chips[s] for s in seats)
    return ledger.finish(tuple(s for s in seats if ledger.chips[s] == best))


class Chips(Settlement):
    """Bato (§8): the dealer antes into the pot; each trick earns the pot over the hand's tricks;
    a player who fails his commitment pays the pot into the next one; no chips, out."""

    about = ("The dealer antes 4 chips into the pot; each trick earns the pot over the hand's "
             "tricks; a player who fails the scoring's commitment pays the pot into the next one. "
             "A player without chips is out; the match ends with one left, or after the option "
             "`hands` deals, the richest winning.")
    adds: ClassVar[tuple[str, ...]] = ("declarer", "accompanying", "discards", "pot", "won",
                                       "bateados", "chips", "next_pot")

    totals = CHIPS
    aim = Aim.CHIPS
    verdict = Verdict("won", Reading.SHARES, against="bateados")
    needs: ClassVar[tuple[str, ...]] = ("chips", "hands")

    def open(self, ledger: Ledger) -> None:
        ledger.chips = [int(self.options["chips"])] * len(ledger.chips)

    def before_deal(self, ledger: Ledger, dealer: int) -> list[ev.Event]:
        ledger.held = sum(ledger.chips) + ledger.pot
        ante = min(ANTE, ledger.chips[dealer])
        ledger.chips[dealer] -= ante
        ledger.pot += ante
        moved = [ev.ChipsMoved(dealer, -ante)] if ante else []
        return [*moved, ev.ChipsChanged(tuple(ledger.chips), ledger.pot)]

    def settle(self, ledger: Ledger, h: HandState, result: HandResult
               ) -> tuple[list[ev.Event], Extra]:
        pot = ledger.pot
        won = trick_shares(h, pot)
        moves = share_moves(h, pot)
        for s, w in enumerate(won):
            ledger.chips[s] += w
        next_pot = pot - sum(won)
        for s in result.losers:
            paid = min(pot, ledger.chips[s])
            ledger.chips[s] -= paid
            next_pot += paid
            if paid:
                moves.append(ev.ChipsMoved(s, -paid))
        ledger.pot = next_pot
        extra = {**self.keys(h, ledger), "pot": pot, "won": won,
                 "bateados": list(result.losers), "chips": list(ledger.chips),
                 "next_pot": next_pot}
        return [*moves, *self.after(ledger, h)], extra

    def void(self, ledger: Ledger, h: HandState) -> tuple[list[ev.Event], Extra]:
        extra = {**self.pending(ledger, h), "won": [0] * h.n, "bateados": [],
                 "next_pot": ledger.pot}
        return self.after(ledger, h), extra

    def after(self, ledger: Ledger, h: HandState) -> list[ev.Event]:
        """Retirements, and the end: one player with chips, or the richest after
        ``hands`` deals."""
        events = counted(ledger)
        before = ledger.alive()
        for s in before:
            if ledger.chips[s] <= 0:
                ledger.retired[s] = True
                events.append(ev.PlayerRetired(s))
        remaining = ledger.alive()
        if len(remaining) <= 1:
            events.append(ledger.finish(tuple(remaining or before), not remaining))
        elif ledger.deals >= int(self.options["hands"]):
            events.append(richest_win(ledger, remaining))
        return events

    @staticmethod
    def keys(h: HandState, ledger: Ledger) -> Extra:
        return {"declarer": h.declarer if h.declarer >= 0 else None,
                "accompanying": list(h.accompanying), "discards": list(h.discards)}

    def pending(self, ledger: Ledger, h: HandState) -> Extra:
        return {**self.keys(h, ledger), "pot": ledger.pot, "won": None, "bateados": None,
                "chips": list(ledger.chips), "next_pot": None}


class Plate(Chips):
    """A plate of chips shared by the tricks (§13): an ``ante`` by the dealer before each
    deal or by each player as he says juego (``ante_by``); each trick earns the plate over
    the hand's tricks, rounded down (the remainder stays); who fails his ``commitment``
    pays the plate times its factor into the next plate; every payment is capped at the
    payer's chips. The match ends after ``hands`` hands, and with ``match_end: hands`` a
    player with no chips retires and the last with chips wins; with ``first_out`` the
    first hand that leaves anyone without chips ends it."""

    about = ("A plate of chips shared by the tricks: the option `ante` is paid by the dealer "
             "or by each player who plays (`ante_by`); each trick earns the plate over the "
             "hand's tricks, the remainder staying; who fails the key `commitment` pays the "
             "plate times its factor into the next plate, never more than he holds. Without "
             "chips a player retires, or (`match_end: first_out`) the match ends; chips and "
             "plate together never change.")
    adds = ("auction", "playing", "forced", "exchanges", "discards", "restocks",
            "antes", "pot", "won", "paid", "chips", "next_pot")
    needs = ("chips", "hands", "ante", "ante_by", "match_end")
    verdict = Verdict("won", Reading.SHARES)
    """Chips won; a seat that paid (its ``paid``) lost the hand."""

    def pay_ante(self, ledger: Ledger, seat: int) -> list[ev.Event]:
        ante = min(int(self.options["ante"]), ledger.chips[seat])
        ledger.chips[seat] -= ante
        ledger.pot += ante
        ledger.antes[seat] += ante
        moved = [ev.ChipsMoved(seat, -ante)] if ante else []
        return [*moved, ev.ChipsChanged(tuple(ledger.chips), ledger.pot)]

    def before_deal(self, ledger: Ledger, dealer: int) -> list[ev.Event]:
        ledger.held = sum(ledger.chips) + ledger.pot
        ledger.antes = [0] * len(ledger.chips)
        if self.options["ante_by"] == "dealer":
            return self.pay_ante(ledger, dealer)
        return [ev.ChipsChanged(tuple(ledger.chips), ledger.pot)]

    def spoke(self, ledger: Ledger, h: HandState, action: Action) -> list[ev.Event]:
        if action.verb == JUEGO and self.options["ante_by"] != "dealer":
            return self.pay_ante(ledger, action.seat)
        return []

    def settle(self, ledger: Ledger, h: HandState, result: HandResult
               ) -> tuple[list[ev.Event], Extra]:
        kit = h.kit
        pot = ledger.pot
        won = trick_shares(h, pot)
        moves = share_moves(h, pot)
        for s, w in enumerate(won):
            ledger.chips[s] += w
        next_pot = pot - sum(won)
        paid = [0] * h.n
        for s in result.losers:
            factor = kit.taker_pays if s == h.taker else kit.fail_pays
            paid[s] = min(pot * factor, ledger.chips[s])
            ledger.chips[s] -= paid[s]
            next_pot += paid[s]
            if paid[s]:
                moves.append(ev.ChipsMoved(s, -paid[s]))
        ledger.pot = next_pot
        extra = {**self.hand_keys(h, ledger), "pot": pot, "won": won,
                 self.failed_key: list(result.losers), "paid": paid,
                 "chips": list(ledger.chips), "next_pot": next_pot}
        return [*moves, *self.after(ledger, h)], extra

    def void(self, ledger: Ledger, h: HandState) -> tuple[list[ev.Event], Extra]:
        extra = {**self.hand_keys(h, ledger), "playing": [], "pot": ledger.pot,
                 "won": [0] * h.n, self.failed_key: [], "paid": [0] * h.n,
                 "chips": list(ledger.chips), "next_pot": ledger.pot}
        return self.after(ledger, h), extra

    def after(self, ledger: Ledger, h: HandState) -> list[ev.Event]:
        if self.options["match_end"] == "hands":
            return super().after(ledger, h)
        events = counted(ledger)
        seats = ledger.alive()
        broke = [s for s in seats if ledger.chips[s] <= 0]
        if broke or ledger.deals >= int(self.options["hands"]):
            events.append(ledger.finish(tuple(seats), True) if len(broke) == len(seats)
                          else richest_win(ledger, seats))
        return events

    @staticmethod
    def hand_keys(h: HandState, ledger: Ledger) -> Extra:
        deciding = h.phase >= 0 and isinstance(h.kit.phases[h.phase], JuegoEach)
        playing = [s for s in h.playing if s in h.accompanying] if deciding else h.playing
        return {"auction": list(h.auction), "playing": list(playing), "forced": h.forced,
                "exchanges": [f"{s} {card_text(c)}" for s, c in h.exchanges],
                "discards": list(h.discards),
                "restocks": [[card_text(c) for c in r] for r in h.restocks],
                "antes": list(ledger.antes)}

    def pending(self, ledger: Ledger, h: HandState) -> Extra:
        return {**self.hand_keys(h, ledger), "pot": ledger.pot, "won": None,
                self.failed_key: None, "paid": None, "chips": list(ledger.chips),
                "next_pot": None}


class TeamTarget(Settlement):
    """Butifarra (§9): each hand's score adds to its team; the first team to ``target``
    after a hand wins. With ``shown_card_scores`` (the file's key), the card shown to mark
    trumps gives its points to the dealer's side before the first lead, or, where they
    would bring it to the target and ``hold_at_target`` says so, after the hand's score,
    if no side has reached the target with it."""

    about = ("Each hand's score adds to its team; the first team to the option `target` after a "
             "hand wins. With the key `shown_card_scores`, the card shown to mark "
             "trumps gives its points to the dealer's side.")
    adds = ("declarer", "delegated", "butifarra", "doubles", "multiplier", "team_points", "score",
            "totals", "capot")

    totals = POINTS
    aim = Aim.SCORE
    verdict = Verdict("score", Reading.COMPARE)
    needs = ("target", "capot_bonus")

    def misfit(self, players: int, teams: bool) -> str | None:
        return None if teams else "settlement 'team_target' needs two teams"

    def after_deal(self, ledger: Ledger, h: HandState) -> list[ev.Event]:
        ledger.shown_points = [0] * len(ledger.totals)
        ledger.shown_held = 0
        scores = h.kit.shown_scores
        if scores is None or h.shown is None or h.shown_holder is None:
            return []
        worth = h.kit.card_points[h.shown]
        if not worth:
            return []
        side = h.side_of[h.shown_holder]
        target = int(self.options["target"])
        if scores.hold_at_target and ledger.totals[side] + worth >= target:
            ledger.shown_held = worth
            return []
        ledger.totals[side] += worth
        ledger.shown_points[side] = worth
        return [ev.TotalsChanged("points", tuple(ledger.totals))]

    def settle(self, ledger: Ledger, h: HandState, result: HandResult
               ) -> tuple[list[ev.Event], Extra]:
        score = result.extra["score"]
        assert isinstance(score, list)
        for team, gained in enumerate(score):
            ledger.totals[team] += gained
        events: list[ev.Event] = [ev.TotalsChanged("points", tuple(ledger.totals))]
        target = int(self.options["target"])
        held = ledger.shown_held
        if held and max(ledger.totals) < target and h.shown_holder is not None:
            side = h.side_of[h.shown_holder]
            ledger.totals[side] += held
            ledger.shown_points[side] += held
            events.append(ev.TotalsChanged("points", tuple(ledger.totals)))
        if max(ledger.totals) >= target:
            team = 0 if ledger.totals[0] >= target else 1
            events.append(ledger.finish(_side_seats(h, team)))
        return events, {**self.keys(h, ledger), "team_points": list(result.side_points),
                        "score": score, "totals": list(ledger.totals),
                        "capot": result.capote}

    @staticmethod
    def keys(h: HandState, ledger: Ledger) -> Extra:
        keys: Extra = {"declarer": h.declarer if h.declarer >= 0 else None,
                       "delegated": h.delegated, "butifarra": h.namer >= 0 and h.trump < 0,
                       "doubles": h.doubles, "multiplier": h.multiplier}
        if h.kit.rules.shows_scores:
            keys.update(shown=None if h.shown is None else card_text(h.shown),
                        shown_points=list(ledger.shown_points),
                        shown_held=bool(ledger.shown_held))
        return keys

    def pending(self, ledger: Ledger, h: HandState) -> Extra:
        return {**self.keys(h, ledger), "score": None, "totals": list(ledger.totals),
                "capot": None}


class HandsWon(Settlement):
    """Brisca (§10): the side whose hand the scoring wins (more than 60 of the 120 points)
    counts one hand won; a tie counts for nobody; the first side to ``games_to`` wins. Any
    number of sides: where the scoring names no winner among three or more, the one side
    with more points than each other wins the hand (a tie at the top: nobody)."""

    about = ("The side the scoring names the hand's winner counts a hand won (with three or more "
             "sides and none named, the one side with the most points); the first to the option "
             "`games_to` wins.")
    adds = ("winner", "totals")

    totals = HANDS
    aim = Aim.MARGIN  # not the hand won: ``objectives.margin`` says why
    verdict = Verdict("winner", Reading.WINNER)
    needs = ("games_to",)

    def settle(self, ledger: Ledger, h: HandState, result: HandResult
               ) -> tuple[list[ev.Event], Extra]:
        winner = result.winner_side
        sides = result.side_points
        if winner is None and len(sides) > 2:
            best = max(sides)
            tops = [side for side, p in enumerate(sides) if p == best]
            winner = tops[0] if len(tops) == 1 else None
        if winner is not None:
            ledger.totals[winner] += 1
        events: list[ev.Event] = [ev.TotalsChanged("hands", tuple(ledger.totals))]
        if winner is not None and ledger.totals[winner] >= int(self.options["games_to"]):
            events.append(ledger.finish(_side_seats(h, winner)))
        return events, {"winner": winner, "totals": list(ledger.totals)}

    def pending(self, ledger: Ledger, h: HandState) -> Extra:
        return {"winner": None, "totals": list(ledger.totals)}


class Partidas(Settlement):
    """Partidas to a coto, cotos to the match. A partida is a race to 101 (the scoring's
    ``winner_side``); a hand that decides none carries each side's total into the next,
    which stops the moment a side reaches 101. The first side to ``partidas_to`` partidas
    wins a coto, the first to ``cotos_to`` cotos the match."""

    about = ("Partidas to a coto, cotos to the match: a partida is a race to 101 (the scoring's "
             "winner); a hand that decides none carries the totals into the next, which stops the "
             "moment a side reaches 101. The first to the option `partidas_to` partidas wins a "
             "coto, the first to `cotos_to` cotos the match.")
    adds = ("team_points", "vueltas", "partidas", "cotos", "card_points", "totals",
            "partida_winner", "reason")

    totals = PARTIDAS
    aim = Aim.WINNER
    verdict = Verdict("partida_winner", Reading.WINNER)
    needs = ("partidas_to", "cotos_to")

    def misfit(self, players: int, teams: bool) -> str | None:
        return None if teams or players == 2 else "settlement 'partidas' needs two sides"

    def prepare(self, ledger: Ledger, h: HandState) -> None:
        if ledger.carry:
            h.carried = tuple(ledger.totals)
            h.stop_at = TARGET

    def settle(self, ledger: Ledger, h: HandState, result: HandResult
               ) -> tuple[list[ev.Event], Extra]:
        totals = result.extra["totals"]
        assert isinstance(totals, list)
        ledger.totals = list(totals)
        events: list[ev.Event] = [ev.TotalsChanged("points", tuple(totals))]
        extra = {**self.keys(ledger, h), "card_points": result.extra["card_points"],
                 "totals": list(totals), "partida_winner": result.winner_side,
                 "reason": result.reason}
        won = result.winner_side
        ledger.carry = won is None
        if won is not None:
            ledger.totals = [0] * len(totals)
            ledger.partidas[won] += 1
            extra["partidas"] = list(ledger.partidas)
            if ledger.partidas[won] >= int(self.options["partidas_to"]):
                ledger.cotos[won] += 1
                ledger.partidas = [0] * len(totals)
                extra["cotos"] = list(ledger.cotos)
                if ledger.cotos[won] >= int(self.options["cotos_to"]):
                    events.append(ledger.finish(_side_seats(h, won)))
        return events, extra

    @staticmethod
    def keys(ledger: Ledger, h: HandState) -> Extra:
        return {"team_points": [int(p) for p in h.side_points()], "vueltas": ledger.carry,
                "partidas": list(ledger.partidas), "cotos": list(ledger.cotos)}

    def pending(self, ledger: Ledger, h: HandState) -> Extra:
        return {**self.keys(ledger, h), "card_points": card_points(h),
                "totals": [c + int(p) if h.stop_at else c
                           for c, p in zip(ledger.totals, h.side_points(), strict=True)],
                "partida_winner": None, "reason": None}


SETTLEMENTS: dict[str, type[Settlement]] = {
    "marks": Marks, "race": Race, "single_hand": SingleHand, "juegos": Juegos,
    "lost_games": LostGames, "balances": Balances, "side_marks": SideMarks, "chips": Chips,
    "plate": Plate,
    "team_target": TeamTarget, "hands_won": HandsWon, "partidas": Partidas,
}
