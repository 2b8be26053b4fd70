"""The player's statistics: the figures, and charts of the win rate over time, results by
level and points per hand, for one game and level or all; a reset that asks first."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tute import store
from tute.i18n import N_, _, pgettext, ruleset_text
from tute.rules import OptionValue
from tute.speech.voice import sentences
from tute.stats import file as stats_file
from tute.stats.figures import (
    COUNTS,
    GAME_COUNTS,
    OTHER_GAMES,
    POINTS,
    ROLLING_HANDS,
    TRICKS,
    Figures,
    counted,
    figures,
    games_played,
    match_options,
    other_games,
    player_counts,
    ruleset_of,
    selected,
    varying_options,
)
from tute.stats.writer import WRITER
from tute.ui.shell.dialog import Dialog, problem_dialog
from tute.ui.shell.scene import SHEET_HINT, Scene
from tute.ui.table.standings import COTO, COTOS, match_kind
from tute.ui.table.tally import races_partidas
from tute.ui.widgets import charts, theme
from tute.ui.widgets.controls import Button, Choice, FocusList, Widget
from tute.ui.words import texts

if TYPE_CHECKING:
    from tute.ui.shell.app import App

SHARES = {"matches_won": "matches", "hands_won": "hands", "hands_lost": "hands"}
"""Figures shown with their share of another."""
OPTIONAL = ("contracts_made", "contracts_failed")
"""Figures shown only where there are any (games with contracts)."""
UNITS = {POINTS: N_("points"), TRICKS: N_("tricks")}
PER_HAND = {POINTS: N_("Points per hand"), TRICKS: N_("Tricks per hand")}
"""The mean per hand, shown for one game at a time: points of different games (130 a hand,
72, or tricks) do not add up."""


def match_words(kind: str) -> dict[str, str]:
    """The figures and chart labels that count matches, where the game has its own word
    for them (``standings.match_kind``: in a race of partidas a partida is one race to
    101, the match a coto, or cotos); none elsewhere."""
    if kind == COTO:
        return {"matches": _("Cotos played"), "matches_won": _("Cotos won"),
                "streak_current": _("Cotos won in a row now"),
                "streak_best": _("Best run of cotos won"), "so_far": _("Cotos won (so far)")}
    if kind == COTOS:
        return {"matches": pgettext("cotos", "Matches played"),
                "matches_won": pgettext("cotos", "Matches won"),
                "streak_current": pgettext("cotos", "Matches won in a row now"),
                "streak_best": pgettext("cotos", "Best run of matches won"),
                "so_far": pgettext("cotos", "Matches won (so far)")}
    return {}


Table = tuple[str, int | None]
"""A game, and the number at the table (None: any), as the Game filter offers them."""


def game_name(game: str | None) -> str:
    if game is None:
        return _("All games")
    if game == OTHER_GAMES:
        return _("Other games")
    rules = ruleset_of(game)
    return ruleset_text(rules.name) if rules is not None else texts.quoted(game)


def table_name(table: Table | None, others: int = 0) -> str:
    """"Tute subastado", or "Tute subastado (3)" where the game was played with three and
    with four at the table (different games to a player); "Other games (12)": the
    ``others`` games this version does not have, as one."""
    if table is None:
        return game_name(None)
    game, players = table
    if game == OTHER_GAMES:
        return _("Other games ({n})").format(n=others)
    return game_name(game) if players is None else f"{game_name(game)} ({players})"


def tables_played(stats: stats_file.Stats) -> list[Table]:
    """Each game played, then, where it was played at more than one table size, each
    size apart (not the other games: a mix of games this version does not have)."""
    out: list[Table] = []
    for game in games_played(stats):
        counts = player_counts(stats, game) if game != OTHER_GAMES else []
        out += [(game, None)] + ([(game, n) for n in counts] if len(counts) > 1 else [])
    return out


def level_name(level: str | None) -> str:
    return _(texts.LEVELS[level]) if level else _("All levels")


HouseRule = tuple[str, str, OptionValue]
"""A game, one of its options, and a value it was played with, as the filter offers it."""


def house_rule_name(rule: HouseRule | None) -> str:
    """"Contro: either defender", as the new-game screen names the option and its value."""
    if rule is None:
        return _("All house rules")
    game, name, value = rule
    rules = ruleset_of(game)
    assert rules is not None  # offered only from the options of a ruleset at hand
    return _("{option}: {value}").format(
        option=ruleset_text(rules.options[name].label),
        value=texts.option_value(value, name))



class StatisticsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.stats = stats_file.Stats()
        self.game: str | None = None
        self.level: str | None = None
        self.figures = Figures()
        self.match = ""
        """What a match is called in the figures shown (``match_words``)."""
        self.players: int | None = None
        self.others = 0
        """How many games this version does not have the file holds (one filter for all)."""
        self.game_choice: Choice[Table | None] = Choice(
            N_("Game"), [None], None, lambda table: table_name(table, self.others),
            self.set_game)
        self.level_choice: Choice[str | None] = Choice(
            N_("Level"), [None, *store.LEVELS], None, level_name, self.set_level)
        self.rule_choice: Choice[HouseRule | None] = Choice(
            N_("House rule"), [None], None, house_rule_name, self.set_rule)
        self.rule_choice.wide_value = True
        self.rule_choice.visible = False  # only where the game's matches differ in one
        self.reset_button = Button(N_("Reset…"), self.confirm_reset)
        self.back_button = Button(N_("Back"), self.close, primary=True)
        self.focus = FocusList([self.game_choice, self.level_choice, self.rule_choice,
                                self.reset_button, self.back_button])
        self.figures_box = pygame.Rect(0, 0, 0, 0)
        self.chart_boxes: list[pygame.Rect] = []
        self.problem: store.FileProblem | None = None
        self.reload()

    def enter(self) -> None:
        if self.problem is not None:
            problem, self.problem = self.problem, None
            self.app.push(problem_dialog(self.app, problem))

    # ------------------------------------------------------------------ data
    def reload(self) -> None:
        """Read the file again, with the hands still queued for it (a damaged one is set
        aside and reported)."""
        WRITER.flush()
        self.stats, self.problem = stats_file.load()
        self.others = len(other_games(self.stats))
        tables: list[Table | None] = [None, *tables_played(self.stats)]
        chosen = None if self.game is None else (self.game, self.players)
        self.game_choice.values = tables
        self.game_choice.index = tables.index(chosen) if chosen in tables else 0
        self.set_game(self.game_choice.value)

    def refresh(self) -> None:
        rule = self.rule_choice.value
        options = {rule[1]: rule[2]} if rule is not None else None
        self.figures = figures(self.stats, self.game, self.level, self.players, options)
        rules = ruleset_of(self.game) if self.game is not None else None
        races = rules is not None and races_partidas(rules.settlement.all_names())
        self.match = match_kind(races, [
            match_options(m).get("cotos_to", 1)
            for m in selected(self.stats, self.game, self.level, self.players, options)])

    def set_game(self, table: Table | None) -> None:
        self.game, self.players = table if table is not None else (None, None)
        # The house rules this game's matches were played with, where they differ.
        chosen = self.rule_choice.value
        game = self.game
        rules: list[HouseRule | None] = [None]
        if game is not None:
            rules += [(game, name, value) for name, values in
                      varying_options(self.stats, game, self.players).items()
                      for value in values]
        self.rule_choice.values = rules
        self.rule_choice.index = rules.index(chosen) if chosen in rules else 0
        if self.rule_choice.visible != (len(rules) > 1):
            self.rule_choice.visible = len(rules) > 1
            self.resize(self.app.size)
        self.refresh()

    def set_rule(self, rule: HouseRule | None) -> None:
        self.refresh()

    def set_level(self, level: str | None) -> None:
        self.level = level
        self.refresh()

    def confirm_reset(self) -> None:
        self.app.push(Dialog(self.app, N_("Reset the statistics?"),
                             N_("Every figure and chart starts again from nothing. This "
                                "cannot be undone."),
                             [(N_("Reset"), self.reset, False), (N_("Cancel"), lambda: None,
                                                                 True)]))

    def reset(self) -> None:
        try:
            WRITER.flush()
            stats_file.reset()
        except OSError as exc:
            self.app.notify(_("Could not save the statistics: {error}").format(
                error=exc.strerror))
        self.reload()

    def close(self) -> None:
        self.app.pop(self)

    # ------------------------------------------------------------------ layout
    def largest_print(self, size: tuple[int, int]) -> float:
        """The figures and three charts share the window."""
        return theme.CHARTS_PRINT

    def resize(self, size: tuple[int, int]) -> None:
        px = self.app.px
        w, h = size
        margin = px(32)
        row_w = (w - 2 * margin - px(24)) // 2
        rows: tuple[Widget, ...] = (self.game_choice, self.level_choice)
        for i, row in enumerate(rows):
            row.rect = pygame.Rect(margin + i * (row_w + px(24)), px(84), row_w, px(46))
            row.font_size = px(17)
        top = px(146)
        if self.rule_choice.visible:  # under the two, as wide as both
            self.rule_choice.rect = pygame.Rect(margin, top - px(6), w - 2 * margin, px(46))
            self.rule_choice.font_size = px(17)
            top += px(50)
        bottom = h - px(70)
        text_size = max(theme.MIN_TEXT, px(16))
        shown = self.figure_rows()
        need = (max(theme.font(text_size).size(label)[0] for label, _v in shown)
                + max(theme.font(text_size, True).size(value)[0] for _l, value in shown)
                + px(40))
        # Wide enough for its labels and figures at their size (a small window gives the
        # charts less).
        width = max(px(370), min(w * 2 // 5, need))
        self.figures_box = pygame.Rect(margin, top, width, bottom - top - px(12))
        right = pygame.Rect(self.figures_box.right + px(20), self.figures_box.y,
                            w - margin - self.figures_box.right - px(20),
                            self.figures_box.height)
        top_h = right.height * 11 // 20
        half = (right.width - px(16)) // 2
        self.chart_boxes = [
            pygame.Rect(right.x, right.y, right.width, top_h),
            pygame.Rect(right.x, right.y + top_h + px(16), half, right.height - top_h - px(16)),
            pygame.Rect(right.x + half + px(16), right.y + top_h + px(16), right.width - half
                        - px(16), right.height - top_h - px(16)),
        ]
        for i, b in enumerate((self.reset_button, self.back_button)):
            b.rect = pygame.Rect(0, 0, px(220), px(46))
            b.rect.midbottom = (w // 2 + (i * 2 - 1) * px(122), h - px(14))
            b.font_size = px(17)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        self.focus.handle_event(event)

    # ------------------------------------------------------------------ speech
    def spoken_title(self) -> str:
        """Said as the screen opens and whenever a filter changes what it shows: the
        filters' choice and its first figures (R reads them all)."""
        chosen = ", ".join((table_name(self.game_choice.value, self.others),
                            level_name(self.level)))
        if not self.figures.hands:
            return sentences(_("Statistics"), chosen, _("No hands recorded yet: play a match "
                                                       "and the figures and charts will "
                                                       "appear here."))
        first = [_("{name}: {value}").format(name=label, value=value)
                 for label, value in self.figure_rows()[:2]]
        return sentences(_("Statistics"), chosen, *first, _(SHEET_HINT))

    def spoken_sheet(self) -> str:
        """Every figure, and the results by level the chart shows."""
        if not self.figures.hands:
            return self.spoken_title()
        rows = [_("{name}: {value}").format(name=label, value=value)
                for label, value in self.figure_rows()]
        won = match_words(self.match).get("matches_won") or _("Matches won")
        levels = [_("{name}: {value}").format(name=level_name(level), value=", ".join(
            f"{label} {charts.percent(share)}" for label, share in (
                (won, lf.matches_won / lf.matches if lf.matches else None),
                (_("Hands won"), lf.hands_won / lf.hands if lf.hands else None))
            if share is not None))
            for level in store.LEVELS if (lf := self.figures.by_level.get(level)) is not None]
        return sentences(_("Statistics"), table_name(self.game_choice.value, self.others),
                         level_name(self.level), *rows, _("Results by level"), *levels)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w = surface.get_width()
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        theme.draw_text(surface, _("Statistics"), (w / 2, app.px(18)), app.px(40), theme.GOLD,
                        bold=True, anchor="midtop", serif=True, shadow=True)
        self.draw_figures(surface)
        if self.figures.hands:
            self.draw_charts(surface)
        else:
            box = pygame.Rect(self.chart_boxes[0].x, self.chart_boxes[0].y,
                              self.chart_boxes[0].width, self.figures_box.height)
            theme.panel(surface, box, app.px(10))
            theme.draw_wrapped(surface, _("No hands recorded yet: play a match and the "
                                          "figures and charts will appear here."),
                               box.inflate(-app.px(80), 0).move(0, box.height // 2 - app.px(30)),
                               app.px(20), theme.INK_DIM, align="center")
        self.focus.draw(surface)

    def figure_rows(self) -> list[tuple[str, str]]:
        f = self.figures.to_json()
        measures = self.figures.measures
        words = match_words(self.match)
        rows = []
        kept = counted(self.game)
        for key, label in COUNTS:
            value = f[key]
            if (key in OPTIONAL and not value) or (key in GAME_COUNTS and key not in kept):
                continue
            if key == "points_mean":  # in the game's own measure, never a mix of games
                if len(measures) != 1:
                    continue
                measure = next(iter(measures.values()))
                label, value = PER_HAND[measure.unit], measure.mean
            text = texts.number(value) if isinstance(value, float) else str(value)
            whole = f.get(SHARES.get(key, ""))
            if isinstance(whole, int) and whole and isinstance(value, int):
                text += f" · {charts.percent(value / whole)}"
            rows.append((words.get(key) or _(label), text))
        return rows

    def draw_figures(self, surface: pygame.Surface) -> None:
        px, box = self.app.px, self.figures_box
        theme.panel(surface, box, px(10))
        rows = self.figure_rows()
        step = min(px(34), (box.height - px(24)) // len(rows))
        size = min(px(16), round(step * 0.55))
        value_w = max(theme.font(size, True).size(value)[0] for _l, value in rows)
        value_box = pygame.Rect(box.right - px(16) - value_w, 0, value_w, 1)
        label_box = pygame.Rect(box.x + px(16), 0, value_box.x - px(8) - box.x - px(16), 1)
        y = box.y + px(12) + step // 2
        for label, value in rows:
            theme.draw_text(surface, label, (label_box.x, y), size, theme.INK, anchor="midleft",
                            box=label_box)
            theme.draw_text(surface, value, (value_box.right, y), size, theme.GOLD, bold=True,
                            anchor="midright", box=value_box)
            y += step

    def draw_charts(self, surface: pygame.Surface) -> None:
        px, f = self.app.px, self.figures
        size = px(14)
        over_time, by_level, points = self.chart_boxes
        area = charts.plate(surface, over_time, _("Win rate over time"), px(16))
        charts.line_chart(surface, area, [
            charts.Series(_("Hands won (last {n})").format(n=ROLLING_HANDS), f.hand_rate,
                          charts.series_colors()[0]),
            charts.Series(match_words(self.match).get("so_far") or _("Matches won (so far)"),
                          f.match_rate, charts.series_colors()[1]),
        ], size, _("older → newer"))
        area = charts.plate(surface, by_level, _("Results by level"), px(16))
        groups = []
        for level in store.LEVELS:
            lf = f.by_level.get(level)
            if lf is None:
                continue
            groups.append((level_name(level), [
                lf.matches_won / lf.matches if lf.matches else None,
                lf.hands_won / lf.hands if lf.hands else None]))
        won = match_words(self.match).get("matches_won") or _("Matches won")
        charts.bar_chart(surface, area, groups, [won, _("Hands won")], size)
        area = charts.plate(surface, points, _("Points or tricks per hand"), px(16))
        charts.histograms(surface, area, [
            charts.Histogram(game_name(g), m.bins, m.bin, _(UNITS[m.unit]))
            for g, m in f.measures.items()], size)
