"""The match's final standing for every settlement, read from the engine's ledger and last
hand summary: who won (teams named as teams) and each seat's or team's own figure — marks,
juegos, points to the target, lost games, balance, chips or the deciding hand's points."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from tute.engine.match import Match
from tute.engine.settlement import Totals
from tute.i18n import N_, _, pgettext
from tute.ui.table import scoreboard, tally
from tute.ui.table.results import numbers
from tute.ui.words import texts


@dataclass(frozen=True)
class Row:
    """One line of the final standing: a seat, or a team of two."""

    label: str
    seats: tuple[int, ...]
    value: int
    figure: str
    """The value as shown ("147 / 101", "+320", "57"); marks are drawn as rayas instead."""
    won: bool
    note: str


def figure(totals: Totals, value: int, goal: int | None) -> str:
    if totals.signed:
        return f"{value:+d}" if value else "0"
    return f"{value} / {goal}" if goal else str(value)


def value_of(totals: Totals, game: Match, summary: Mapping[str, object], side: int) -> int:
    """The side's figure: the ledger's list the settlement counts in, or the deciding hand's
    points."""
    if not totals.ledger:
        points = summary.get("points")
        return round(float(points[side])) if isinstance(points, list) else 0
    figures: list[int] = getattr(game.ledger, totals.ledger)
    return figures[side]


def goal_of(totals: Totals, game: Match) -> int | None:
    """The total that ends the match (none for balances: their target is optional and
    rarely the end)."""
    return scoreboard.target(game.options, totals)


COTO, COTOS = "coto", "cotos"
"""A match as a race of partidas names it (``match_kind``)."""


def match_kind(races_partidas: bool, cotos: Iterable[object]) -> str:
    """What the game calls a whole match where "the match" (a partida, in Spanish and
    Catalan) would mean something else: in a race of partidas a partida is one race to
    101, and the match is a coto of partidas (COTO, where every match in question is one
    coto) or more cotos (COTOS); "" (the match) in any other game."""
    if not races_partidas:
        return ""
    return COTO if all(str(c) == "1" for c in cotos) else COTOS


def game_match_kind(game: Match) -> str:
    """``match_kind`` of the match being played."""
    return match_kind(tally.races_partidas([game.kit.settlement_name]),
                      [game.options.get("cotos_to", 1)])


def end_title(game: Match) -> str:
    """The end screen's title, in the game's own word for the match."""
    kind = game_match_kind(game)
    if kind == COTO:
        return _("End of the coto")
    if kind == COTOS:
        return pgettext("cotos", "End of the match")
    return _("End of the match")


def counted(game: Match) -> tuple[str, str, int] | None:
    """A race of partidas (its hands' summaries keep ``partidas`` and ``cotos``) is told in
    cotos where the match is more than one, else in the partidas of its coto: the summary
    key, the column's heading and the goal; None for any other settlement."""
    summary = game.summaries[-1].extra if game.summaries else {}
    if "partidas" not in summary:
        return None
    cotos = int(str(game.options.get("cotos_to", 1)))
    if cotos > 1:
        return "cotos", N_("Cotos"), cotos
    return "partidas", N_("Partidas"), int(str(game.options.get("partidas_to", 1)))


def rows(game: Match, totals: Totals, names: list[str], teams: bool) -> list[Row]:
    """Best first: the winners, then by the figure that counts."""
    summary = game.summaries[-1].to_json() if game.summaries else {}
    ledger = game.ledger
    goal = goal_of(totals, game)
    race = counted(game)
    if teams and len(ledger.totals) == 2 and not totals.rayas:
        sides = [tuple(s for s in range(game.n) if s % 2 == team) for team in range(2)]
        labels = [texts.names_list([names[s] for s in seats]) for seats in sides]
    else:
        sides = [(s,) for s in range(game.n)]
        labels = list(names)
    out = []
    for side, (seats, label) in enumerate(zip(sides, labels, strict=True)):
        value = value_of(totals, game, summary, side)
        shown = figure(totals, value, goal)
        if race is not None:  # the partidas (or cotos) won, not a partida's points
            key, _head, most = race
            value = (numbers(summary, key) or [0, 0])[side]
            shown = f"{value} / {most}"
        won = not ledger.draw and any(s in ledger.winners for s in seats)
        note = _("Winner") if won else _("Draw") if ledger.draw and seats[0] in ledger.winners \
            else _("Out") if ledger.retired[seats[0]] else ""
        out.append(Row(label, seats, value, shown, won, note))
    sign = 1 if totals.lower_wins else -1
    return sorted(out, key=lambda r: (not r.won, sign * r.value))


def decided_by_last_trick(totals: Totals, table: list[Row], game: Match) -> str:
    """A race won below a loser's total (both passed the target in one hand, and the last
    trick decided) needs saying, or the standing looks wrong."""
    goal = goal_of(totals, game)
    best_loser = max((r.value for r in table if not r.won), default=None)
    if not totals.photo_finish or goal is None or best_loser is None or best_loser < goal \
            or not any(r.won and r.value < best_loser for r in table):
        return ""
    return _("More than one reached {n} in the last hand: its last trick decided").format(n=goal)


def headline(game: Match, names: list[str], teams: bool, human: int | None) -> str:
    """Who won the match: "Your team wins!", "The team of Paco and Manolo wins", "You win!"."""
    ledger = game.ledger
    if ledger.draw:
        return _("Everyone left went out together: a draw")
    winners = list(ledger.winners)
    if teams and len(winners) == 2:
        if human in winners:
            return _("Your team wins!")
        return _("The team of {names} wins").format(
            names=texts.names_list([names[s] for s in winners]))
    if human in winners:
        others = [names[s] for s in winners if s != human]
        if not others:
            return _("You win!")
        return _("You and {names} win!").format(names=texts.names_list(others))
    if len(winners) == 1:
        return _("{name} wins").format(name=names[winners[0]])
    return _("{names} win").format(names=texts.names_list([names[s] for s in winners]))


def head(totals: Totals, game: Match) -> str:
    race = counted(game)
    return _(race[1] if race is not None else totals.head)
