"""Who sits where: the active seats round the table and their turn order."""

from __future__ import annotations

from collections.abc import Sequence


def next_active(retired: Sequence[bool], seat: int) -> int:
    """The next seat to the right (later in playing order) still in the match."""
    n = len(retired)
    for step in range(1, n + 1):
        s = (seat + step) % n
        if not retired[s]:
            return s
    raise AssertionError("no active player")


def previous_active(retired: Sequence[bool], seat: int) -> int:
    """The seat before ``seat`` in playing order still in the match."""
    n = len(retired)
    for step in range(1, n + 1):
        s = (seat - step) % n
        if not retired[s]:
            return s
    raise AssertionError("no active player")


def round_from(retired: Sequence[bool], start: int) -> list[int]:
    """The active seats in playing order from ``start``."""
    order = [start]
    while True:
        s = next_active(retired, order[-1])
        if s == start:
            return order
        order.append(s)


class Seating:
    """How the sides are made: ``solo`` every seat for itself; ``teams`` seats 0 and 2
    against 1 and 3 (``teams``); ``declarer_side`` and ``called_partner`` the declarer
    (and a partner) against the rest, made by the declaration (``declarer_sides``)."""

    def __init__(self, teams: bool = False, declarer_sides: bool = False,
                 adds: tuple[str, ...] = (), about: str = "") -> None:
        self.about = about
        """What it does, for the schema reference (docs/ruleset-schema.md)."""
        self.teams = teams
        self.declarer_sides = declarer_sides
        self.adds = adds
        """The keys it adds to each hand's summary (``tute replay --json``)."""


SEATINGS: dict[str, Seating] = {
    "solo": Seating(about="Every player plays for himself."),
    "teams": Seating(teams=True, adds=("team_points",),
                     about="Two teams of two, partners sitting opposite: seats 0 and 2 "
                     "against 1 and 3. Each hand's record gives the teams' points."),
    "declarer_side": Seating(declarer_sides=True, about="The hand's declarer plays alone "
                             "against all the others together."),
    "called_partner": Seating(declarer_sides=True, about="The declarer and the holder of "
                              "the card he calls play against the rest; the partner is known "
                              "to himself alone until the card is played.")}
