"""The hand's result over the table: who lost and why, everyone's tricks, points, cantes
and rayas (in Bato: tricks against those promised, chips won, what a bateado paid); in team
games a row per team under the players (its points, what the settlement made of them,
Butifarra's excess over 36 and multiplier)."""

from __future__ import annotations

import traceback
from concurrent.futures import Future
from functools import partial
from itertools import pairwise
from typing import TYPE_CHECKING

import pygame

from tute import deals
from tute.engine import events as ev
from tute.i18n import N_, _, ngettext
from tute.speech.voice import sentences
from tute.ui.shell import worker
from tute.ui.shell.scene import SHEET_HINT, Scene
from tute.ui.table import results, scoreboard, standings
from tute.ui.table.painter import draw_rayas
from tute.ui.table.verdicts import note
from tute.ui.widgets import theme
from tute.ui.widgets.controls import Button, FocusList, fitted
from tute.ui.words import texts

if TYPE_CHECKING:
    from tute.ui.shell.app import App
    from tute.ui.table.scene import TableScene

DEMO_SECONDS = 4.0
COLUMNS = (0.04, 0.23, 0.32, 0.41, 0.57, 0.74)
"""Where the columns start, as fractions of the panel's width: player, tricks, points,
cantes, marks, status (wide enough for "Sin bazas: se salva")."""
CHIPS_COLUMNS = (0.04, 0.25, 0.37, 0.51, 0.70)
"""Bato's: player, tricks, tricks promised, chips won and held, status (who paid what)."""
MIN_PANEL_WIDTH = 760
"""The panel's least width in window pixels: its columns at the minimum text size."""
WIDE_ENOUGH = 960
"""The narrowest window whose hand results hold large print (theme.CHARTS_PRINT)."""
MEASURES = {"points": N_("points"), "juegos": N_("juegos"), "score": N_("score"),
            "money": N_("money"), "chips": N_("chips"), "hands won": N_("hands won"),
            "lost games (negative)": N_("lost games (negative)")}
"""The game's own measure a comparison's scores are in (``tute.measure``), by name."""


class HandResultScene(Scene):
    overlay = True

    def __init__(self, app: App, table: TableScene, result: ev.HandScored) -> None:
        super().__init__(app)
        self.table = table
        self.result = result
        game = table.session.game
        self.summary = table.hand_summary()
        self.teams = table.view.teams and isinstance(self.summary.get("team_points"), list)
        self.sides = self.side_seats()
        """The two sides the hand was settled between (fixed teams, or Codillo's declarer
        and partner against the rest), each given its row; none in a game of solo players."""
        self.per_trick = bool(self.sides) and all(
            self.side_points[i] - sum(result.points[s] for s in seats)
            == sum(result.taken[s] for s in seats) for i, seats in enumerate(self.sides)) and (
            any(result.taken))
        """The sides' points add one per trick to their players' (Butifarra)."""
        self.chips = table.totals.pot
        self.paid = results.chips_paid([h.to_json() for h in game.summaries],
                                       int(game.options["chips"])) if self.chips else []
        over = table.session.game.is_over
        lesson = table.coach is not None and table.coach.lesson  # one hand, then it ends
        label = N_("See the final result") if over else N_("Continue") if lesson else N_(
            "Next hand")
        self.button = Button(label, self.close, primary=True)
        self.review_button = Button(N_("Review the hand"), self.open_review)
        # The lesson's moves are the script's, not the player's: nothing of his to review.
        self.review_button.visible = not table.session.demo and not lesson
        session = table.session
        self.code = None if session.demo or lesson else (
            session.coded or deals.code_of(game, session.level, session.seat))
        self.uncodable = not session.demo and not lesson and not deals.codable(game.rules)
        """A player's ruleset file: its hands have no code, and the screen says why."""
        self.comparison: Future[deals.Comparison] | None = None
        """The hard level's play of the same cards, played on the worker meanwhile."""
        if self.code is not None and (session.coded or app.settings.compare_hands):
            self.comparison = worker.submit(partial(
                deals.compare, self.code, tuple(game.logs[-1].actions)))
        if session.coded is not None:  # one hand, then back to the menu
            self.button = Button(N_("Back to the menu"), self.back_to_menu, primary=True)
            # Its record starts at a later hand of a match: the comparison stands for it.
            self.review_button.visible = False
        self.focus = FocusList([self.button, self.review_button], horizontal=True)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.clock = 0.0

    def side_seats(self) -> list[list[int]]:
        view, summary = self.table.view, self.summary
        if self.teams:
            return [[s for s in range(view.n) if s % 2 == team] for team in range(2)]
        declarer, partner = summary.get("declarer"), summary.get("partner")
        if isinstance(summary.get("side_points"), list) and isinstance(declarer, int):
            side = [s for s in view.playing if s in (declarer, partner)]
            return [side, [s for s in view.playing if s not in side]]
        return []

    @property
    def side_points(self) -> list[int]:
        points = self.summary.get("team_points" if self.teams else "side_points")
        assert isinstance(points, list)
        return points

    def close(self) -> None:
        self.app.pop(self)

    def back_to_menu(self) -> None:
        if self.comparison is not None:
            self.comparison.cancel()
        self.table.leave_table(False, save=False)

    def open_review(self) -> None:
        """The hand just played, trick by trick, beside the hard level's choices."""
        from tute.engine.record import dump_record, record_from_text
        record = record_from_text(dump_record(self.table.session.game), _("this match"))
        self.app.routes.review(record, browse=False)

    def largest_print(self, size: tuple[int, int]) -> float:
        """Its columns of figures share the window's width: full at the usual print in the
        narrowest windows, holding CHARTS_PRINT from WIDE_ENOUGH on."""
        return theme.CHARTS_PRINT if size[0] >= WIDE_ENOUGH else 1.0

    def resize(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        rows = self.table.session.game.n + (2 if self.sides else 0)
        # Text never shrinks below theme.MIN_TEXT, so a small window's panel cannot shrink
        # with the scale: it takes the window's width there, and every header stays whole.
        width = min(w - app.px(40), max(app.px(860), MIN_PANEL_WIDTH))
        height = min(h - app.px(40), app.px(250) + rows * app.px(44) + (
            app.px(12) if self.sides else 0) + (app.px(22) if self.per_trick else 0)
            + self.notes_height(width))
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.height = min(h - app.px(40), height + self.heads_extra(self.panel))
        self.panel.center = (w // 2, h // 2)
        self.button.font_size = app.px(18)
        self.review_button.font_size = app.px(16)
        button_w = max(fitted(self.button, app.px(260)), fitted(self.review_button, 0))
        self.button.rect = pygame.Rect(0, 0, button_w, app.px(48))
        self.button.rect.midbottom = (self.panel.centerx, self.panel.bottom - app.px(22))
        self.review_button.rect = self.button.rect.copy()
        if self.review_button.visible:  # side by side, the next hand's first
            self.button.rect.right = self.panel.centerx - app.px(8)
            self.review_button.rect.left = self.panel.centerx + app.px(8)

    def cells(self, panel: pygame.Rect) -> list[pygame.Rect]:
        """The columns' cells across ``panel`` (their x and width)."""
        px = self.app.px
        columns = CHIPS_COLUMNS if self.chips else COLUMNS
        xs = [round(panel.x + x * panel.width) for x in columns] + [panel.right - px(24)]
        return [pygame.Rect(a, 0, b - a - px(10), 1) for a, b in pairwise(xs)]

    def heads(self) -> list[str]:
        """The columns' headers."""
        totals = self.table.totals
        middle = _("Over 36") if "multiplier" in self.summary else _("Cantes")
        heads = [_("Player"), _("Tricks"), _("Promised")] if self.chips else [
            _("Player"), _("Tricks"), _("Points"), middle]
        return [*heads, results.column_head(totals) if totals.column else _("Marks"), ""]

    def head_lines(self, head: str, width: int) -> list[str]:
        """A header on one line, shrunk a little where need be; at large print, wrapped
        where it would be cut."""
        size = self.app.px(14)
        if theme.print_scale == 1 or theme.font(theme.fitting(head, size, width, True),
                                                True).size(head)[0] <= width:
            return [head]
        return theme.wrap(head, size, width, True)

    def heads_extra(self, panel: pygame.Rect) -> int:
        """The room the headers' wrapped lines take below their first."""
        lines = max(len(self.head_lines(head, cell.width))
                    for cell, head in zip(self.cells(panel), self.heads(), strict=True))
        return (lines - 1) * theme.font(self.app.px(14), True).get_linesize()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.table.session.demo and self.clock > DEMO_SECONDS:
            self.close()

    def animating(self) -> bool:
        # Counting down to the next hand, or waiting for the comparison to show it.
        return self.table.session.demo or (
            self.comparison is not None and not self.comparison.done())

    COMPARISON_LINES = 3
    """The comparison's room: its scores' line and two for where the hard level parted."""

    def note_size(self) -> int:
        return max(theme.MIN_TEXT, self.app.px(15))

    def code_text(self) -> str:
        """The deal code's sentence (or why the hand has none; "" in a demo or lesson)."""
        if self.code is not None:
            return _("Deal code {code}: Play a deal in the menu plays these cards again"
                     ).format(code=self.code.text())
        if self.uncodable:
            return _("A ruleset file's hands have no deal code: only the bundled games are "
                     "named in one")
        return ""

    def code_lines(self, panel_width: int) -> list[str]:
        """The deal code's sentence as drawn in a panel this wide: whole, on two lines where
        one is too short (its room is counted, so it never reaches the buttons)."""
        text = self.code_text()
        if not text:
            return []
        return theme.wrap(text, self.note_size(), panel_width - self.app.px(48))[:2]

    def notes_height(self, panel_width: int) -> int:
        """Room for the deal code's lines and the comparison's."""
        step = theme.font(self.note_size()).get_linesize()
        comparison = self.COMPARISON_LINES if self.comparison is not None else 0
        return (len(self.code_lines(panel_width)) + comparison) * step + self.app.px(4)

    def notes(self) -> list[tuple[str, theme.Color]]:
        """The comparison with the hard level (or that it is running)."""
        out: list[tuple[str, theme.Color]] = []
        future = self.comparison
        if future is None:
            return out
        if not future.done():
            return [*out, (_("Comparing with the hard level on the same cards…"), theme.INK)]
        try:
            found = future.result()
        except Exception:
            traceback.print_exc()
            return [*out, (_("The comparison could not be made"), theme.RED)]
        return [*out, (self.scores_line(found), theme.GOLD),
                (self.parted_line(found), theme.INK)]

    def scores_line(self, found: deals.Comparison) -> str:
        """ "You: 70 points. The hard level in your seat: 100 points." """
        if found.measure == "hands lost":
            def said(lost: float) -> str:
                return _("lost the hand") if lost else _("did not lose")
            mine, hard = said(found.mine), said(found.hard)
        else:
            label = _(MEASURES.get(found.measure, found.measure))
            mine, hard = (f"{texts.number(round(x, 2))} {label}" for x in (found.mine,
                                                                             found.hard))
        return _("You: {mine}. The hard level in your seat, against the same players: "
                 "{hard}.").format(mine=mine, hard=hard)

    def parted_line(self, found: deals.Comparison) -> str:
        """Where the hard level first chose otherwise, and what the review says of it."""
        d = found.parted
        if d is None:
            return _("The hard level played your cards just as you did.")
        where = (_("Before the play") if found.trick == 0 else
                 _("Trick {n}").format(n=found.trick))
        line = _("First difference. {where}: {note}").format(
            where=where, note=note(d, found.unit, self.table.names))
        if d.agrees and found.mine != found.hard:
            # The search found both choices as good there: the scores parted later.
            line += " " + _("The gap between the two hands comes from the play after it.")
        return line

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.open_menu()  # as everywhere at the table; Enter deals the next hand
            return
        self.focus.handle_event(event)

    def status(self, seat: int) -> tuple[str, theme.Color]:
        r = self.result
        view = self.table.view
        if self.table.race:
            return "", theme.INK  # nobody loses a hand of a race
        if seat in r.losers:
            if self.chips and "bateados" in self.summary:
                return _("Bateado: pays {n}").format(n=self.paid[seat]), theme.RED
            if self.chips:
                return _("Short: pays {n}").format(n=self.paid[seat]), theme.RED
            return _("Loses"), theme.RED
        if "partida_winner" in self.summary and r.winner_side == seat:  # head to head
            return _("Wins the partida"), theme.GOLD
        if seat not in view.playing:
            return (_("Sat out"), theme.INK_DIM) if seat == view.sitting_out else (
                _("Out"), theme.INK_DIM)
        if r.reason not in texts.HEADLINES:  # games scored by points, contracts, chips
            if seat in view.folded:
                return _("Folded"), theme.INK_DIM
            return (_("Kept his word"), theme.GOLD) if self.chips else ("", theme.INK)
        if r.reason in ("mas_menos", "second") and r.taken[seat]:
            takers = [s for s in view.playing if r.taken[s]]
            if r.points[seat] == max(r.points[s] for s in takers):
                return _("A más"), theme.GOLD
            if r.reason == "mas_menos":
                return _("A menos"), theme.GOLD
        if r.reason in ("capote", "tute"):
            return _("Wins the hand"), theme.GOLD
        if not r.taken[seat]:
            return _("No tricks: safe"), theme.INK_DIM
        return _("Safe"), theme.GOLD

    def team_rows(self) -> list[tuple[list[str], str, str, theme.Color]]:
        """Per team: its cells (names, tricks, points, Butifarra's excess or nothing), the
        settlement's cell, and its status."""
        r, names = self.result, self.table.names
        won = r.winner_side
        points = self.side_points
        out: list[tuple[list[str], str, str, theme.Color]] = []
        for team, seats in enumerate(self.sides):
            cells = [texts.names_list([names[s] for s in seats]),
                     str(sum(r.taken[s] for s in seats)), texts.number(points[team]),
                     results.over_36(self.summary, team)]
            totals = self.table.totals
            cell = results.column(totals, self.summary, team, True,
                                  self.table.session.game.rules.ui.buenas_above) \
                if totals.column and self.teams else ""
            wins = _("Wins the partida") if "partida_winner" in self.summary else _(
                "Wins the hand")
            status = ("", theme.INK) if won is None else (wins, theme.GOLD) \
                if won == team else (_("Loses"), theme.RED)
            out.append((cells, cell, *status))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        app, r, view = self.app, self.result, self.table.view
        px, names = app.px, self.table.names
        game = self.table.session.game
        theme.darken(surface, 150)
        p = self.panel
        theme.panel(surface, p, px(18), theme.PANEL_SOLID, theme.GOLD, shadow=px(12))
        inner = p.inflate(-px(48), 0)
        theme.draw_text(surface, _("Hand {n}").format(n=view.hand_number),
                        (p.x + px(24), p.y + px(20)), px(15), theme.INK_DIM)
        teams = view.teams
        title, who, why = self.top_lines()
        lines = [(title, px(34), theme.GOLD, True, px(18)),
                 (who, px(20), theme.INK, True, px(68)),
                 (why, px(15), theme.INK_DIM, False, px(98))]
        for i, (text, size, color, bold, dy) in enumerate(lines):
            box = inner.inflate(-px(180), 0) if i == 0 else inner  # the hand number's corner
            theme.draw_text(surface, text, (p.centerx, p.y + dy), size, color, bold=bold,
                            anchor="midtop", serif=i == 0, box=box)
        cells = self.cells(p)
        totals = self.table.totals
        y = p.y + px(138)
        step = theme.font(px(14), True).get_linesize()
        for cell, head in zip(cells, self.heads(), strict=True):
            for k, line in enumerate(self.head_lines(head, cell.width)):
                theme.draw_text(surface, line, (cell.x, y + k * step), px(14), theme.INK_DIM,
                                bold=True, box=cell)
        y += px(26) + self.heads_extra(p)
        pygame.draw.line(surface, theme.GOLD_DARK, (p.x + px(20), y - px(4)),
                         (p.right - px(20), y - px(4)))
        row_h = px(40)
        marks_new = r.marks
        for seat in range(view.n):
            played = seat in view.playing
            ink = theme.INK if played else theme.INK_DIM
            cy = y + row_h / 2
            row = [(names[seat], px(17), ink, True)]
            if played and self.chips:
                promised = results.commitment(self.summary, seat, self.table.session.game.hand)
                row += [(str(r.taken[seat]), px(17), ink, False),
                        ("—" if promised is None else str(promised), px(17), ink, False)]
            elif played:
                cantes = "" if "multiplier" in self.summary else "\n".join(  # Butifarra: sheet
                    self.cante_lines(view.cantes[seat], cells[3].width, px(15)))
                row += [(str(r.taken[seat]), px(17), ink, False),
                        (texts.number(r.points[seat]), px(17), ink, True),
                        (cantes, px(15), ink, False)]
            for cell, (text, size, color, bold) in zip(cells, row, strict=False):
                parts = text.split("\n")  # a cell of two lines: one above the other
                step = theme.font(size).get_linesize()
                for k, part in enumerate(parts):
                    theme.draw_text(surface, part, (cell.x, cy + (k - (len(parts) - 1) / 2)
                                                    * step), size, color, bold=bold,
                                    anchor="midleft", box=cell)
            marks = cells[-2]
            if totals.column and not self.teams:  # team games: on the team rows below
                theme.draw_text(surface, results.column(totals, self.summary, seat, teams,
                                                        game.rules.ui.buenas_above),
                                (marks.x, cy), px(16), ink, bold=True, anchor="midleft",
                                box=marks)
            elif not totals.column:
                draw_rayas(surface, pygame.Rect(marks.x, round(cy - px(10)), marks.width, px(20)),
                           view.marks[seat], view.lives, px(10),
                           new=marks_new if seat in r.losers else 0)
            label, tone = ("", theme.INK) if self.teams else self.status(seat)
            theme.draw_text(surface, label, (cells[-1].x, cy), px(16), tone, bold=True,
                            anchor="midleft", box=cells[-1])
            y += row_h
        if self.sides:
            self.draw_teams(surface, cells, y)
        self.draw_notes(surface)
        self.focus.draw(surface)

    def top_lines(self) -> tuple[str, str, str]:
        """The sheet's headline, who lost or won, and why."""
        r, view, names = self.result, self.table.view, self.table.names
        human = self.table.human
        title = self.table.headline(r)
        why = self.table.why(r)
        who = results.winners_line(self.summary, view.teams, names, human, list(r.losers))
        if "partida_winner" in self.summary:  # a race of partidas: the partida, or vueltas
            who = results.partida_line(
                self.summary, scoreboard.side_names(view, names, 2), names, human,
                self.teams, self.table.session.game.rules.ui.buenas_above)
        if self.table.race:  # the hand only adds to the totals
            who, why = self.race_lines()
        return title, who, why

    # ------------------------------------------------------------------ speech
    def spoken_title(self) -> str:
        """Said as the sheet opens: its headline and who won or lost (R reads the rest)."""
        title, who, _why = self.top_lines()
        return sentences(title, who, _(SHEET_HINT))

    def spoken_sheet(self) -> str:
        """The sheet whole: the headline lines, each player's tricks, points, cantes and
        status, each side's, the totals, the deal code and the comparison."""
        r, view, names = self.result, self.table.view, self.table.names
        seats = []
        for seat in view.playing:
            cells = [ngettext("{n} trick", "{n} tricks", r.taken[seat]).format(n=r.taken[seat])]
            if self.chips:
                promised = results.commitment(self.summary, seat, self.table.session.game.hand)
                if promised is not None:
                    cells.append(_("promised {n}").format(n=promised))
            else:
                points = r.points[seat]
                cells.append(ngettext("{n} point", "{n} points", round(points)).format(
                    n=texts.number(points)))
                cells += [texts.cante_short(c) for c in view.cantes[seat]]
            status = "" if self.teams else self.status(seat)[0]
            seats.append(_("{name}: {value}").format(
                name=names[seat], value=", ".join(c for c in (*cells, self.marks_words(seat),
                                                              status) if c)))
        sides = [_("{name}: {value}").format(name=cells[0], value=", ".join(
            c for c in (*cells[1:], cell, status) if c))
            for cells, cell, status, _tone in self.team_rows()] if self.sides else []
        notes = [line for line, _ink in self.notes()]
        return sentences(*self.top_lines(), *seats, *sides, self.code_text(), *notes)

    def marks_words(self, seat: int) -> str:
        """The sheet's marks cell in words: the settlement's figures ("Juegos: +1 · 3"), or
        the rayas a seat has ("Marks: 2"); a team game's are on its side's row."""
        totals, game = self.table.totals, self.table.session.game
        if totals.column:
            return "" if self.teams else _("{name}: {value}").format(
                name=results.column_head(totals), value=results.column(
                    totals, self.summary, seat, self.table.view.teams,
                    game.rules.ui.buenas_above))
        return _("{name}: {value}").format(name=_("Marks"), value=self.table.view.marks[seat])

    def draw_notes(self, surface: pygame.Surface) -> None:
        """The code and the comparison, above the buttons."""
        px, p = self.app.px, self.panel
        box = p.inflate(-px(48), 0)
        y = self.button.rect.y - px(10) - self.notes_height(p.width)
        size = self.note_size()
        step = theme.font(size).get_linesize()
        lines: list[tuple[str, theme.Color]] = [(line, theme.INK_DIM)
                                                 for line in self.code_lines(p.width)]
        comparison = self.notes()
        for i, (text, ink) in enumerate(comparison):
            # The last (where the hard level parted) may take two lines; the rest one.
            shown = theme.wrap(text, size, box.width)[:2 if i == len(comparison) - 1 else 1]
            lines += [(line, ink) for line in shown]
        for line, ink in lines:
            theme.draw_text(surface, line, (p.centerx, y), size, ink, anchor="midtop", box=box)
            y += step

    @staticmethod
    def cante_lines(cantes: list[str], width: int, size: int) -> list[str]:
        """A seat's cantes in the sheet's cell, whole: on one line, on two where one is
        too narrow (a small window), else with the 20s' suits left out; "—" for none."""
        if not cantes:
            return ["—"]
        font = theme.font(size)
        for labels in ([texts.cante_short(c) for c in cantes],
                       [texts.cante_short(c, with_suit=False) for c in cantes]):
            lines: list[str] = []
            for label in labels:
                if lines and font.size(f"{lines[-1]}, {label}")[0] <= width:
                    lines[-1] = f"{lines[-1]}, {label}"
                else:
                    lines.append(label)
            if len(lines) <= 2 and all(font.size(line)[0] <= width for line in lines):
                return lines
        return [", ".join(labels)]

    def race_lines(self) -> tuple[str, str]:
        """A race's hand: the totals, and the race (or who won it, when it ended here)."""
        table = self.table
        totals = results.numbers(self.summary, "totals")
        labels = scoreboard.side_names(table.view, table.names, len(totals))
        game = table.session.game
        rule = standings.headline(game, table.names, table.view.teams, table.human) \
            if game.is_over else results.race_rule(table.director.race_to or 0)
        return results.race_line(totals, labels), rule

    def draw_teams(self, surface: pygame.Surface, cells: list[pygame.Rect], y: int) -> None:
        """The team rows under a rule, the way the sheet is added up at a bar table."""
        px, p = self.app.px, self.panel
        pygame.draw.line(surface, theme.GOLD_DARK, (p.x + px(20), y + px(4)),
                         (p.right - px(20), y + px(4)))
        y += px(12)
        row_h = px(40)
        for texts_, cell, label, tone in self.team_rows():
            cy = y + row_h / 2
            row = [*texts_, cell, label]
            inks = [theme.GOLD, theme.INK, theme.INK, theme.INK, theme.INK, tone]
            for box, text, ink in zip(cells, row, inks, strict=True):
                size = px(17 if box is cells[0] else 16)
                lines = [text]
                fits = theme.fitting(text, size, box.width, bold=True)
                long = box is cells[0] or theme.print_scale > 1  # a figure, at large print
                if long and (fits < size * 0.8 or theme.font(
                        fits, True).size(text)[0] > box.width):
                    # A long side (Codillo's defenders), or a team's total at large print
                    # ("+102 · 52 buenas"): two lines, not a tiny or cut one.
                    fits = max(theme.MIN_TEXT, min(size, px(15)))
                    lines = theme.wrap(text, fits, box.width, bold=True)[:2]
                step = theme.font(fits, True).get_linesize()
                for i, line in enumerate(lines):
                    theme.draw_text(surface, line, (box.x, cy + (i - (len(lines) - 1) / 2)
                                                    * step), fits, ink, bold=True,
                                    anchor="midleft", box=box)
            y += row_h
        if self.per_trick:
            theme.draw_text(surface, _("A team's points: its players' points + 1 per trick"),
                            (cells[0].x, y + px(4)), px(14), theme.INK_DIM,
                            box=p.inflate(-px(48), 0))
