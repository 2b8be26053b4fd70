"""What carries over between hands, and when the match ends.

The ``Ledger`` holds the match's standing (marks, retirements, totals per side); a
settlement strategy turns each hand's ``HandResult`` into changes of the ledger, their
events and the per-game keys of the hand's record (RECORDS.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from tute.engine import events as ev
from tute.engine.scoring import HandResult

if TYPE_CHECKING:
    from tute.engine.hand import HandState
    from tute.rules import OptionValue

TARGET = 101
Extra = dict[str, object]


class Ledger:
    """The match's standing between hands."""

    marks: list[int]
    retired: list[bool]
    totals: list[int]
    """Per side: points (race), juegos (parejas) or lost games."""
    duel: bool
    """The next hands are Cabrero's final duel."""
    over: bool
    winners: tuple[int, ...]
    draw: bool

    def __init__(self, n: int, sides: int) -> None:
        self.marks = [0] * n
        self.retired = [False] * n
        self.totals = [0] * sides
        self.duel = False
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
        led.over = self.over
        led.winners = self.winners
        led.draw = self.draw
        return led

    def finish(self, winners: tuple[int, ...], draw: bool = False) -> ev.MatchOver:
        self.over, self.winners, self.draw = True, winners, draw
        return ev.MatchOver(winners, draw)


class Settlement:
    """Base of the settlement strategies: each says what a hand changes in the ledger."""

    def __init__(self, options: Mapping[str, OptionValue]) -> None:
        self.options = options

    def misfit(self, players: int, teams: bool) -> str | None:
        """Why this settlement cannot run with these players, or None."""
        return None

    def settle(self, ledger: Ledger, h: HandState, result: HandResult
               ) -> tuple[list[ev.Event], Extra]:
        raise NotImplementedError

    def pending(self, ledger: Ledger, h: HandState) -> Extra:
        """The per-game keys of a hand still being played: standings, null results."""
        raise NotImplementedError


def _side_seats(h: HandState, side: int) -> tuple[int, ...]:
    return tuple(s for s in range(h.n) if h.kit.side(s) == side)


class Marks(Settlement):
    """Cabrero (§1): each loser takes marks, retires at ``lives``, the match ends when
    fewer than 3 remain; with ``final_duel`` the last two play Tute a dos hands."""

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
    """Points to 101 (Tute a dos ``match_101``, arrastrado ``points_101``): after a hand
    in which one or more sides reach 101, the side with the diez de últimas wins if it is
    among them, else the highest total, a tie going to the side nearest the mano. A sung
    tute wins at once."""

    def settle(self, ledger: Ledger, h: HandState, result: HandResult
               ) -> tuple[list[ev.Event], Extra]:
        for side, p in enumerate(result.side_points):
            ledger.totals[side] += int(p)
        events: list[ev.Event] = [ev.TotalsChanged("points", tuple(ledger.totals))]
        kit = h.kit
        winner: int | None = None
        if h.tute is not None:
            winner = kit.side(h.tute)
        else:
            reached = [kit.side(s) for s in h.playing if ledger.totals[kit.side(s)] >= TARGET]
            if reached:
                last = kit.side(h.last_trick) if h.last_trick is not None else None
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
    """Parejas (§4): juegos won per hand add up; the first team to ``games_to`` wins, or
    a sung tute wins the match with ``tute_wins: match``."""

    def misfit(self, players: int, teams: bool) -> str | None:
        return None if teams else "settlement 'juegos' needs two teams"

    def settle(self, ledger: Ledger, h: HandState, result: HandResult
               ) -> tuple[list[ev.Event], Extra]:
        for team, won in enumerate(result.juegos):
            ledger.totals[team] += won
        events: list[ev.Event] = [ev.TotalsChanged("juegos", tuple(ledger.totals))]
        won_match = h.tute is not None and self.options["tute_wins"] == "match"
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


SETTLEMENTS: dict[str, Callable[[Mapping[str, OptionValue]], Settlement]] = {
    "marks": Marks, "race": Race, "single_hand": SingleHand, "juegos": Juegos,
    "lost_games": LostGames,
}
