"""A finished hand in words for every settlement: its headline, who won or lost, and the
column each game adds to the result sheet (rayas, juegos, points to the target, lost
games, payments and balances, chips, Butifarra's score), read from the hand's summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tute.engine.hand import HandState
from tute.engine.scoring import needed
from tute.engine.settlement import Totals
from tute.i18n import N_, _, ruleset_text
from tute.rules.ruleset import RuleSet
from tute.ui.words import texts

HEADLINES = {
    "points": N_("Hand over"),
    "made": N_("Contract made!"),
    "failed": N_("Contract failed!"),
    "bateado": N_("Bateado!"),
    "short": N_("Tricks short!"),
    "capot": N_("Capot!"),
    "101": N_("101!"),
    "ultimas": N_("101 with the diez de últimas!"),
    "treinta_malas": N_("Treinta malas!"),
    "vueltas": N_("De vueltas!"),
}
Summary = Mapping[str, object]
SideWords = tuple[str, str, str, str]
"""A sentence about a side, as its verb agrees: said of a pair of others ({names}), of one
other ({name}), of the player alone, and of the player with his partner ({partner})."""
PARTIDA = (N_("{names} win the partida"), N_("{name} wins the partida"),
           N_("You win the partida"), N_("You and {partner} win the partida"))
COTO = (N_("{names} win the partida and the coto"), N_("{name} wins the partida and the coto"),
        N_("You win the partida and the coto"),
        N_("You and {partner} win the partida and the coto"))


def side_words(words: SideWords, side: int, names: Sequence[str], human: int | None,
               teams: bool, **more: object) -> str:
    """``words`` said of ``side`` (a team, or a seat), worded for the player on it."""
    seats = [s for s in range(len(names)) if (s % 2 if teams else s) == side]
    pair, one, alone, together = words
    if human not in seats:
        if len(seats) == 1:
            return _(one).format(name=names[seats[0]], **more)
        return _(pair).format(names=texts.names_list([names[s] for s in seats]), **more)
    partners = [names[s] for s in seats if s != human]
    if not partners:
        return _(alone).format(**more)
    return _(together).format(partner=texts.names_list(partners), **more)


def headline(reason: str, pot: bool = False, rules: RuleSet | None = None) -> str:
    """The hand's headline; ``pot``: Bato, where everyone "made" what he promised; a
    failed commitment in the game's own word where its ``rules`` have one."""
    if reason == "made" and pot:
        return _("Everyone kept his word")
    if reason == "short" and rules is not None and rules.commitment.headline:
        return ruleset_text(rules.commitment.headline)
    return _(HEADLINES[reason]) if reason in HEADLINES else texts.headline(reason)


def winners_line(summary: Summary, teams: bool, names: list[str], human: int | None,
                 losers: list[int]) -> str:
    """Who lost (where the game has losers), else which side won the hand."""
    if losers:
        return texts.losers_line(losers, names, human)
    sides = summary.get("team_points") if teams else None
    if isinstance(sides, list) and len(sides) == 2 and sides[0] != sides[1]:
        team = 0 if sides[0] > sides[1] else 1
        return _("{names} win the hand").format(
            names=texts.names_list([names[s] for s in range(len(names)) if s % 2 == team]))
    return ""


def partida_line(summary: Summary, labels: Sequence[str], names: Sequence[str],
                 human: int | None, teams: bool, buenas_above: int | None) -> str:
    """A race of partidas after a hand: who won the partida (and the coto) with the
    partidas so far, or, gone de vueltas, each side's total carried."""
    won = summary.get("partida_winner")
    if not isinstance(won, int):
        return race_line([texts.tally(t, buenas_above) for t in numbers(summary, "totals")],
                         labels)
    partidas = numbers(summary, "partidas")
    if not any(partidas):  # counted anew: the coto was won
        return side_words(COTO, won, names, human, teams)
    return _("{line} · partidas {score}").format(
        line=side_words(PARTIDA, won, names, human, teams), score="–".join(map(str, partidas)))


def column(totals: Totals, summary: Summary, seat: int, teams: bool,
           buenas_above: int | None = None) -> str:
    """The settlement's cell for ``seat`` (teams: its team's figures): what the hand added
    and the running figure ("+2 · 5"; balances signed; the figure alone where the hand
    added nothing to tell; in malas and buenas where the ruleset counts so)."""
    side = seat % 2 if teams else seat

    def pick(key: str) -> object:
        values = summary.get(key)
        return values[side if teams and len(values) == 2 else seat] if isinstance(
            values, list) and values else None

    gain = int(summary.get(totals.gain) == side) if totals.one_winner else pick(totals.gain)
    total = pick(totals.total)
    if totals.signed:
        return f"{gain:+d} · {total:+d}" if isinstance(gain, int) and isinstance(
            total, int) else ""
    shown = texts.tally(total, buenas_above) if isinstance(total, int) else str(total)
    return f"+{gain} · {shown}" if gain is not None else shown


def numbers(summary: Summary, key: str) -> list[int]:
    values = summary.get(key)
    return [v for v in values if isinstance(v, int)] if isinstance(values, list) else []


def chips_paid(summaries: Sequence[Summary], start: int) -> list[int]:
    """What each bateado of the last hand paid into the next pot (Bato): what he held after
    the ante and his winnings, less what he holds now. A summary keeps the chips and the
    pot, not the payments; ``start``: everyone's chips before the first hand."""
    hand = summaries[-1]
    if isinstance(hand.get("paid"), list):  # the settlement says what was paid (plate)
        return numbers(hand, "paid")
    chips, won, bateados = numbers(hand, "chips"), numbers(hand, "won"), numbers(hand, "bateados")
    previous = summaries[-2] if len(summaries) > 1 else {"chips": [start] * len(chips),
                                                           "next_pot": 0}
    before, pot_before = numbers(previous, "chips"), previous.get("next_pot")
    dealer, pot = hand.get("dealer"), hand.get("pot")
    if isinstance(dealer, int) and isinstance(pot, int) and isinstance(pot_before, int):
        before[dealer] -= pot - pot_before  # the ante
    return [before[s] + won[s] - chips[s] if s in bateados and won else 0
            for s in range(len(chips))]


def commitment(summary: Summary, seat: int, h: HandState) -> int | None:
    """The tricks a player promised: Bato's two to play, one to accompany; where each
    player in commits alone (``commitment``), his own; None: folded."""
    if "accompanying" not in summary:
        return needed(h, seat) if seat in numbers(summary, "playing") else None
    if summary.get("declarer") == seat:
        return 2
    return 1 if seat in numbers(summary, "accompanying") else None


def column_head(totals: Totals) -> str:
    return _(totals.column) if totals.column else ""


def over_36(summary: Summary, team: int) -> str:
    """Butifarra's sheet cell: the excess over half the hand's points, 36 (36 or 72 for a
    capot) times the multiplier, or a dash for the team that did not score."""
    score, points, multiplier = (summary.get(k) for k in ("score", "team_points", "multiplier"))
    if not (isinstance(score, list) and isinstance(points, list) and isinstance(multiplier, int)):
        return ""
    base = score[team] // multiplier if score[team] else max(0, points[team] - sum(points) // 2)
    return f"{base} × {multiplier}" if base else "—"


def race_line(totals: Sequence[int | str], labels: Sequence[str]) -> str:
    """A race to a total after a hand: "You 46 · Carmen 84" (each side's total)."""
    return " · ".join(_("{name} {total}").format(name=label, total=total)
                      for label, total in zip(labels, totals, strict=False))


def race_rule(target: int) -> str:
    return _("The first to {n} wins the match").format(n=target)


def team_reason(reason: str, summary: Summary, tie: object) -> str | None:
    """Why a team hand ended as it did, where the solo line would mislead (a tie is no
    loss for everyone here); None: the usual line."""
    if "multiplier" in summary:  # Butifarra
        return {"tied": _("36 each: nobody scores"),
                "capot": _("Capot: all twelve tricks")}.get(reason, "")
    if reason == "tied":
        return _("Tied on points: the mano's team wins") if tie == "mano" else _(
            "Tied on points: the team of the last trick wins")
    return None
