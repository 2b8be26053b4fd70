"""The running score and the contract, always in sight under the trumps panel: what the
settlement carries (points to 101, juegos, lost games, balances, Butifarra's totals), the
pot, and who plays for what at which stakes.

Rayas are not repeated here: they are chalked on each name plate.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from tute.cardnames import card_name
from tute.engine.settlement import Totals
from tute.i18n import _, ngettext
from tute.rules import OptionValue
from tute.ui.table.view import TableView
from tute.ui.widgets import theme
from tute.ui.widgets.layout import TableLayout
from tute.ui.words import texts


def target(options: Mapping[str, OptionValue], totals: Totals) -> int | None:
    """The total that ends the match, where there is one."""
    key = totals.target_option
    value = options.get(key) if key else None  # another game's option may be there, idle
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return totals.default_target


def side_names(view: TableView, names: list[str], sides: int) -> list[str]:
    """One label per side: the seat's name, or both partners' for a team."""
    if view.teams and sides == 2:
        return [texts.names_list([names[s] for s in range(view.n) if s % 2 == team])
                for team in range(2)]
    return names[:sides]


def contract_lines(view: TableView, names: list[str], human: int | None) -> list[str]:
    """Who plays, for what, with whom, at which stakes (none before an auction's end)."""
    lines = []
    if view.declarer is not None:
        kind = "plays" if view.contract is None else "plays_for"
        lines.append(texts.deed(kind, view.declarer, names, human, n=view.contract))
    if view.called is not None:
        lines.append(_("Called: {card}").format(card=card_name(view.called)))
        if view.partner is not None:
            lines.append(_("Partner: {name}").format(name=names[view.partner]))
    if view.no_trumps:
        lines.append(_("Butifarra: no trumps"))
    if view.multiplier > 1:
        lines.append(_("Stakes ×{n}").format(n=view.multiplier))
    if view.pot:
        lines.append(ngettext("Pot: {n} chip", "Pot: {n} chips", view.pot).format(n=view.pot))
    return lines


def score_lines(view: TableView, names: list[str], totals: Totals,
                options: Mapping[str, OptionValue], buenas_above: int | None = None
                ) -> list[tuple[str, str]]:
    """(label, value) per side of what the settlement carries (nothing where its scoreboard
    has no title: marks are chalked on the plates, chips shown by each seat); totals told
    in malas and buenas where the ruleset counts so (``buenas_above``)."""
    if not totals.title or not view.totals:
        return []
    labels = side_names(view, names, len(view.totals))
    return [(label, f"{value:+d}" if totals.signed and value else texts.tally(value,
                                                                             buenas_above))
            for label, value in zip(labels, view.totals, strict=False)]


def coto_lines(view: TableView, options: Mapping[str, OptionValue]) -> list[str]:
    """A race of partidas: the partidas won in the coto, side by side in the order of the
    totals above ("Partidas 1–0 · to 3"), and the cotos where the match has more than
    one."""
    if not view.partidas:
        return []
    pair = "–".join(map(str, view.partidas))
    lines = [_("Partidas {score} · to {n}").format(score=pair, n=options.get("partidas_to"))]
    if int(str(options.get("cotos_to", 1))) > 1:
        lines.append(_("Cotos {score} · to {n}").format(score="–".join(map(str, view.cotos)),
                                                         n=options.get("cotos_to")))
    return lines


def score_title(totals: Totals, options: Mapping[str, OptionValue]) -> str:
    """ "Points · to 101": the goal said once, so that a team's two names keep their room
    beside each total at the smallest window."""
    goal = target(options, totals)
    title = _(totals.title)
    if not goal:
        return title
    return f"{title} · " + _("to {n}").format(n=goal)


def draw(surface: pygame.Surface, layout: TableLayout, view: TableView, names: list[str],
         human: int | None, totals: Totals, options: Mapping[str, OptionValue],
         buenas_above: int | None = None) -> pygame.Rect:
    """The panel where the layout has room for its lines; returns it (empty: nothing to
    say)."""
    contract = contract_lines(view, names, human)
    scores = score_lines(view, names, totals, options, buenas_above)
    cotos = coto_lines(view, options) if scores else []
    if not contract and not scores:
        return pygame.Rect(layout.margin, layout.margin, 0, 0)
    px = layout.scale
    size = round(px * 14)
    line = theme.font(size).get_linesize()
    pad = round(px * 10)
    # A contract line too long for the panel ("Carmen plays for 140") takes two lines.
    room = layout.trump_panel().width - 2 * pad
    contract = [part for text in contract for part in theme.wrap(text, size, room, bold=True)]
    # At large print, "Points · to 101" and "Partidas 0–0 · to 3" break at their dot.
    titles = theme.broken(score_title(totals, options), size, room) if scores else []
    cotos = [part for text in cotos for part in theme.broken(text, size, room, bold=True)]
    value_w = max((theme.font(size, True).size(v)[0] for _l, v in scores), default=0)
    label_w = max((theme.font(size).size(label)[0] for label, _v in scores), default=0)
    # A side's names and a long total ("Carmen and Lola", "48 buenas") that do not fit
    # beside each other in a small window: the total goes under the names, none cut.
    stacked = label_w + pad + value_w > room
    rows = len(scores) * (2 if stacked else 1)
    height = pad * 2 + line * (len(contract) + rows + len(titles) + len(cotos)) + (
        pad // 2 if contract and scores else 0)
    panel = layout.score_panel(height)
    theme.panel(surface, panel, round(px * 12), shadow=round(px * 5))
    box = panel.inflate(-2 * pad, 0)
    y = panel.y + pad
    for text in contract:
        theme.draw_text(surface, text, (box.x, y), size, theme.GOLD, bold=True, box=box)
        y += line
    if scores:
        y += pad // 2 if contract else 0
        for text in titles:
            theme.draw_text(surface, text, (box.x, y), size, theme.INK_DIM, box=box)
            y += line
        label_box = box if stacked else pygame.Rect(box.x, 0, box.width - value_w - pad, 1)
        for label, value in scores:
            theme.draw_text(surface, label, (box.x, y), size, theme.INK, box=label_box)
            y += line if stacked else 0
            theme.draw_text(surface, value, (box.right, y), size, theme.INK, bold=True,
                            anchor="topright")
            y += line
        for text in cotos:
            theme.draw_text(surface, text, (box.x, y), size, theme.GOLD, bold=True, box=box)
            y += line
    return panel
