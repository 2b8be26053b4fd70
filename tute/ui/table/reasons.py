"""Why a hand ended as it did, in one line, for every game: one wording per scoring
strategy (the ruleset's ``scoring``), as Cabrero's "A más: Paco (64) · a menos: …" says
who was safe and why. The hand's result screen and the table's banner show it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tute import cardnames
from tute.cards import parse_card
from tute.engine import events as ev
from tute.i18n import N_, _, ngettext
from tute.rules import OptionValue
from tute.ui.table.results import SideWords, Summary, side_words, team_reason
from tute.ui.words import texts


@dataclass(frozen=True)
class Hand:
    """What a line may tell of a finished hand."""

    result: ev.HandScored
    summary: Summary
    names: Sequence[str]
    human: int | None
    playing: tuple[int, ...]
    teams: bool
    options: Mapping[str, OptionValue]

    def deed(self, pair: tuple[str, str], seat: int, **more: object) -> str:
        """``pair``'s sentence about ``seat``, worded for the player on his own seat."""
        other, you = pair
        return (_(you) if seat == self.human else _(other)).format(name=self.names[seat],
                                                                   **more)

    def number(self, key: str) -> int | None:
        value = self.summary.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def sides(self) -> tuple[str, str] | None:
        """The winning side's points and the other's, where two sides met."""
        points, won = self.result.side_points, self.result.winner_side
        if len(points) != 2 or won is None:
            return None
        return texts.number(points[won]), texts.number(points[1 - won])


HIGHER = N_("Points: {high} to {low}")
BID = {True: (N_("{name} bid {contract} and made {points}"),
              N_("You bid {contract} and made {points}")),
       False: (N_("{name} bid {contract} and made only {points}"),
               N_("You bid {contract} and made only {points}"))}
FEWEST = (N_("{name} has the fewest points ({n}): a lost juego"),
          N_("You have the fewest points ({n}): a lost juego"))


def points_line(hand: Hand) -> str:
    """Every player's points: "You 10 · Carmen 78 · Paco 42" (the line of last resort)."""
    shown = ((hand.names[s], texts.number(hand.result.points[s])) for s in hand.playing)
    return _("Points: {list}").format(list=" · ".join(f"{n} {p}" for n, p in shown))


def cabrero(hand: Hand) -> str:
    r = hand.result
    return texts.reason_line(r.reason, list(r.losers), list(r.points), list(r.taken),
                             hand.playing, list(hand.names), hand.human, r.marks)


def common(hand: Hand) -> str | None:
    """A sung tute, a revoke, a false accusation: said alike in every game."""
    if hand.result.reason in ("tute", "renuncio", "false_accusation") and hand.result.losers:
        return cabrero(hand) or None
    return None


def by_points(hand: Hand) -> str:
    """Two sides' points (Brisca, Tute a dos, Arrastrado); lost games go to the fewest."""
    lost = hand.summary.get("lost")
    if isinstance(lost, list):
        seats = [s for s in hand.playing if lost[s]]
        low = min(hand.result.points[s] for s in hand.playing)
        if len(seats) == 1:
            return hand.deed(FEWEST, seats[0], n=texts.number(low))
        return _("Tied for the fewest points ({n}): a lost juego each").format(
            n=texts.number(low))
    if hand.result.reason == "tied" and len(hand.result.side_points) == 2:
        return _("Tied on points ({n} each): nobody wins the hand").format(
            n=texts.number(hand.result.side_points[0]))
    sides = hand.sides()
    return _(HIGHER).format(high=sides[0], low=sides[1]) if sides else points_line(hand)


def juegos(hand: Hand) -> str:
    """Parejas and Tute a dos by juegos: the points, and the juegos they won."""
    r = hand.result
    if r.reason == "tied":
        if hand.teams:
            return team_reason("tied", hand.summary, hand.options.get("tie")) or ""
        return _("Tied on points: the last trick wins the juego")
    sides, won = hand.sides(), hand.summary.get("juegos")
    if sides is None or not isinstance(won, list) or r.winner_side is None:
        return points_line(hand)
    n = won[r.winner_side]
    return ngettext("Points: {high} to {low}, {n} juego", "Points: {high} to {low}, {n} juegos",
                    n).format(high=sides[0], low=sides[1], n=n)


def contract(hand: Hand) -> str:
    """Subastado: the declarer's bid against what he made."""
    declarer, bid = hand.number("declarer"), hand.number("contract")
    made = hand.number("declarer_points")
    if declarer is None or bid is None or made is None:
        return points_line(hand)
    if hand.summary.get("tute") is not None:
        return texts.deed("tute", declarer, list(hand.names), hand.human)
    return hand.deed(BID[hand.result.reason == "made"], declarer, contract=bid, points=made)


def side_vs_rest(hand: Hand) -> str:
    """Codillo: the declarer and his partner's points against the rest's."""
    declarer, partner = hand.number("declarer"), hand.number("partner")
    points = hand.result.side_points
    if declarer is None or len(points) != 2:
        return points_line(hand)
    side = [hand.names[s] for s in hand.playing if s in (declarer, partner)]
    return _("{names}: {a} to the rest's {b}").format(
        names=texts.names_list(side), a=texts.number(points[0]), b=texts.number(points[1]))


def bato(hand: Hand) -> str:
    """Bato: two tricks promised by the one who plays, one by each who goes with him."""
    if hand.result.losers:
        return _("Short of the tricks promised: {names}").format(
            names=texts.names_list([hand.names[s] for s in hand.result.losers]))
    return _("Every promise kept: two tricks for the one who plays, one for each companion")


def commitment(hand: Hand) -> str:
    """Each player in promised his tricks (``commitment``): who fell short, or none."""
    if hand.result.losers:
        return _("Short of the tricks promised: {names}").format(
            names=texts.names_list([hand.names[s] for s in hand.result.losers]))
    return _("Everyone kept his word")


def over_36(hand: Hand) -> str:
    """Butifarra: the points over 36, times the doubles; and where the dealer's shown card
    counted (Manilla), what it gave and to whom."""
    r = hand.result
    if r.reason != "points":
        return team_reason(r.reason, hand.summary, None) or points_line(hand)
    sides, score, multiplier = hand.sides(), hand.summary.get("score"), hand.number("multiplier")
    if sides is None or r.winner_side is None or not isinstance(score, list) or not multiplier:
        return points_line(hand)
    line = _("Points: {high} to {low}; {over} over 36 × {m} = {score}").format(
        high=sides[0], low=sides[1], over=score[r.winner_side] // multiplier, m=multiplier,
        score=score[r.winner_side])
    shown = shown_card(hand)
    return f"{line} · {shown}" if shown else line


SHOWN = (N_("Shown card ({card}): +{n} for {names}"),
         N_("Shown card ({card}): +{n} for {name}"),
         N_("Shown card ({card}): +{n} for you"),
         N_("Shown card ({card}): +{n} for you and {partner}"))
SHOWN_AFTER = (N_("Shown card ({card}): +{n} for {names}, held until after the hand"),
               N_("Shown card ({card}): +{n} for {name}, held until after the hand"),
               N_("Shown card ({card}): +{n} for you, held until after the hand"),
               N_("Shown card ({card}): +{n} for you and {partner}, held until after the hand"))
"""What the dealer's shown card gave, at once or after the hand (Manilla)."""


def shown_card(hand: Hand) -> str:
    """What the dealer's shown card gave (the key ``shown_card_scores``: counted before the
    first lead, held past the hand's score, or held and never counted); "" where none."""
    shown, points = hand.summary.get("shown"), hand.summary.get("shown_points")
    if not isinstance(shown, str) or not isinstance(points, list):
        return ""
    card = cardnames.card_name(parse_card(shown))
    held = bool(hand.summary.get("shown_held"))
    side = next((s for s, n in enumerate(points) if n), None)
    if side is None:
        return _("Shown card ({card}): held, not counted: the match ended with this "
                 "hand").format(card=card) if held else ""
    return side_words(SHOWN_AFTER if held else SHOWN, side, hand.names, hand.human, hand.teams,
                      card=card, n=points[side])


TREINTA = (N_("Treinta malas: {names} made {n} in cards"),
           N_("Treinta malas: {name} made {n} in cards"),
           N_("Treinta malas: you made {n} in cards"),
           N_("Treinta malas: you and {partner} made {n} in cards"))
REACHED = (N_("{names} reached 101: {total} to {other}"),
           N_("{name} reached 101: {total} to {other}"),
           N_("You reached 101: {total} to {other}"),
           N_("You and {partner} reached 101: {total} to {other}"))
REACHED_FIRST = (N_("De vueltas, {names} reached 101 first: {total} to {other}"),
                 N_("De vueltas, {name} reached 101 first: {total} to {other}"),
                 N_("De vueltas, you reached 101 first: {total} to {other}"),
                 N_("De vueltas, you and {partner} reached 101 first: {total} to {other}"))
ULTIMAS = (N_("Both at 101: {names} took the diez de últimas"),
           N_("Both at 101: {name} took the diez de últimas"),
           N_("Both at 101: you took the diez de últimas"),
           N_("Both at 101: you and {partner} took the diez de últimas"))
TUTE = (N_("{names} sang tute and win the partida"), N_("{name} sang tute and wins the partida"),
        N_("You sang tute and win the partida"),
        N_("You and {partner} sang tute and win the partida"))


def target_race(hand: Hand) -> str:
    """A partida raced to 101: treinta malas, a side at 101 (at once de vueltas), both at
    101 and the diez de últimas, a tute, or nobody there and de vueltas."""
    r, summary = hand.result, hand.summary
    won = r.winner_side
    totals, cards = summary.get("totals"), summary.get("card_points")
    if won is None or not isinstance(totals, list) or len(totals) != 2:
        return _("Nobody reached 101: the partida goes de vueltas")

    def say(words: SideWords, side: int, **more: object) -> str:
        return side_words(words, side, hand.names, hand.human, hand.teams, **more)

    if r.reason == "treinta_malas" and isinstance(cards, list):
        return say(TREINTA, 1 - won, n=cards[1 - won])
    if r.reason == "ultimas":
        return say(ULTIMAS, won)
    if r.reason == "tute":
        return say(TUTE, won)
    words = REACHED_FIRST if summary.get("vueltas") else REACHED
    return say(words, won, total=totals[won], other=totals[1 - won])


REASONS: dict[str, Callable[[Hand], str]] = {
    "cabrero": cabrero, "points": by_points, "team_juegos": juegos, "contract": contract,
    "side_vs_rest": side_vs_rest, "bato": bato, "over_36": over_36,
    "target_race": target_race, "commitment": commitment}
"""Each scoring strategy's line (tute/engine/scoring.py's SCORERS)."""
OWN_LINES = frozenset({"cabrero"})
"""Strategies whose line tells every hand its own way (the common lines never apply)."""
OWN_TUTE = frozenset({"target_race"})
"""Strategies whose line tells a tute its own way (it wins a partida: nobody "loses")."""


def why(hand: Hand, scoring: str) -> str:
    """The hand's reason line under the ``scoring`` strategy; never empty."""
    own = scoring in OWN_LINES or (scoring in OWN_TUTE and hand.result.reason == "tute")
    line = None if own else common(hand)
    return line or REASONS.get(scoring, points_line)(hand) or points_line(hand)
