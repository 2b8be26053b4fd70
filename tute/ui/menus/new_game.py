"""A new match: every bundled game listed with a line each (and after them the player's own
ruleset file he last played, ``listed``), the list scrolling where they outnumber its room;
for the chosen one, its players, the computer's level, the deck and every option of the
ruleset, each with its label and description from the ruleset file, in the player's
language (a player's file may carry its own Catalan: docs/ruleset-schema.md)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from tute import store
from tute.i18n import N_, _, ruleset_text
from tute.rules import Option, OptionValue, RuleSet, load_ruleset
from tute.rules.ruleset import RulesetError, is_path
from tute.speech.voice import sentences
from tute.ui.learning.tutorial import offer_lesson
from tute.ui.menus.begin import start_match
from tute.ui.shell.scene import Scene
from tute.ui.widgets import theme
from tute.ui.widgets.cards import deck_styles
from tute.ui.widgets.controls import (
    Button,
    Choice,
    FocusList,
    Widget,
    draw_row,
    label_text,
    stack_rows,
)
from tute.ui.words import games, texts

if TYPE_CHECKING:
    from tute.ui.shell.app import App

GAMES = games.games()
UNIT, COMPACT_UNIT = 68, 50
"""A game's row in the list, in design pixels: name over description, or (in a small
window) the name alone. Fixed: more games scroll the list, they never shrink its text."""


def listed(wanted: str) -> tuple[str, ...]:
    """The games the list offers: the bundled ones, then ``wanted`` where it is a player's
    own ruleset file (a path: the last table's, or the one the screen opens for) that still
    loads; one that no longer does is left out, as a game this version lacks would be."""
    if not is_path(wanted) or wanted in GAMES:
        return GAMES
    try:
        games.ruleset(wanted)  # read once in this run: the list, its names and options
    except RulesetError:
        return GAMES
    return (*GAMES, wanted)


def usable_options(rules: RuleSet, wanted: dict[str, OptionValue]) -> dict[str, OptionValue]:
    """The wanted values the ruleset allows, defaults for the rest; options that no table
    plays together (arrastrado's lost games with four players) go back to their defaults,
    the player count kept."""
    from tute.engine.kit import Kit  # here: the menu opens without loading the engine

    values = {name: wanted[name] if name in wanted and opt.check(wanted[name]) is None
              else opt.default for name, opt in rules.options.items()}
    for name, opt in rules.options.items():
        try:
            Kit(rules, values)
            break
        except ValueError:
            if name != "players":
                values[name] = opt.default
    for opt in rules.options.values():  # without effect here: kept at its default
        if opt.idle(values):
            values[opt.name] = opt.default
    return values


def idle_reason(rules: RuleSet, opt: Option, values: dict[str, OptionValue]) -> str | None:
    """Why ``opt`` has no effect with these values ("Only with Players: 5, 6"), or None."""
    idle = opt.idle(values)
    if idle is None:
        return None
    other, wanted = idle
    return _("Only with {option}: {values}").format(
        option=ruleset_text(rules.options[other].label),
        values=", ".join(texts.option_value(v, other) for v in wanted))


class GameItem(Widget):
    """One game of the list: its name over its one-line description; lit when chosen. Out
    of the list's view (``visible`` off) it is still reached by the keys, and the list
    scrolls to it; the mouse reaches only the rows in view."""

    def __init__(self, game: str, choose: Callable[[str], None],
                 listing: tuple[str, ...]) -> None:
        super().__init__()
        self.game = game
        self.choose = choose
        self.listing = listing
        """The games of the list, in order (Left/Right go through them)."""
        self.chosen = False
        self.compact = False
        """A small window: the description is shown, wrapped, for the chosen game only."""

    @property
    def focusable(self) -> bool:
        return self.enabled

    def activate(self) -> None:
        self.choose(self.game)

    def spoken(self) -> str:
        """Its name (and whether it is the one chosen), then its description."""
        name = games.name(self.game)
        return sentences(_("{game}, chosen").format(game=name) if self.chosen else name,
                         games.description(self.game))

    def adjust(self, step: int) -> None:
        """Left/Right go through the games as the Game row of other screens does."""
        listing = self.listing
        self.choose(listing[(listing.index(self.game) + step) % len(listing)])

    def need(self) -> int:
        """The height the chosen game's compact entry needs: its name and its description
        whole, as ``draw`` lays them."""
        size = self.font_size
        line = theme.font(size, True).get_linesize()
        lines = theme.wrap(games.description(self.game), theme.small(size),
                           self.rect.width - 2 * size)
        step = round(theme.font(theme.small(size)).get_linesize() * 1.05 / 1.15)
        return round(line * 1.6) + len(lines) * step + line // 2

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        if not self.visible:
            return
        r = self.rect
        size = self.font_size
        radius = max(4, min(r.height // 5, size))  # a tall chosen row keeps small corners
        if self.chosen or focused:
            fill = (255, 236, 170, 60) if self.chosen else (255, 236, 170, 24)
            glow = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(glow, fill, glow.get_rect(), border_radius=radius)
            surface.blit(glow, r)
        box = r.inflate(-2 * size, 0)  # the words a font size in from the ring
        ink = theme.GOLD if self.chosen else theme.INK
        small = theme.small(size)
        if not self.compact:
            draw_row(surface, r, lambda: games.name(self.game),
                     lambda: games.description(self.game), size, True, False,
                     r.right - size // 2, ink=ink)
            return
        line = theme.font(size, True).get_linesize()
        top = r.y + (line * 0.5 if self.chosen else (r.height - line) / 2)
        theme.draw_text(surface, games.name(self.game), (box.x, top), size, ink, bold=True,
                        box=box)
        if self.chosen:
            theme.draw_wrapped(surface, games.description(self.game),
                               pygame.Rect(box.x, top + line * 1.1, box.width, r.height), small,
                               theme.INK_DIM, spacing=1.05)


class NewGameScene(Scene):
    def __init__(self, app: App, game: str | None = None) -> None:
        super().__init__(app)
        last = app.settings.setup
        wanted = game or last.rules
        self.games = listed(wanted)
        self.game = wanted if wanted in self.games else self.games[0]
        self.level = last.level
        self.practice = last.practice
        self.deck = ""
        self.values: dict[str, OptionValue] = {}
        self.recall(self.game)
        self.rules = load_ruleset(self.game)
        self.items = [GameItem(g, self.set_game, self.games) for g in self.games]
        self.play_button = Button(N_("Play"), self.start, primary=True)
        self.back_button = Button(N_("Back"), self.back)
        self.rows: list[Widget] = []
        self.focus = FocusList([])
        self.list_panel = pygame.Rect(0, 0, 0, 0)
        self.first = 0
        """The first game in the list's view."""
        self.list_room = (0, 0)
        """Top and bottom of the games' rows."""
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.about = pygame.Rect(0, 0, 0, 0)
        """Where the focused option's description goes, whole, when the rows have no room
        for it (empty when they have)."""
        self.described: Widget | None = None
        self.build()

    def build(self) -> None:
        """The rows for the chosen game (its options differ)."""
        self.rules = games.ruleset(self.game)
        self.values = usable_options(self.rules, self.values)
        for item in self.items:
            item.chosen = item.game == self.game
        level_row: Choice[str] = Choice(
            N_("Computer level"), list(store.LEVELS), self.level,
            lambda v: _(texts.LEVELS[v]), self.set_level,
            hint=N_("How well your opponents play"))
        deck_row: Choice[str] = Choice(
            N_("Deck"), deck_styles(), self.deck, lambda v: _(texts.DECK_STYLES[v]),
            self.set_deck, hint=N_("Spanish pattern for Tute, Catalan for Butifarra"))
        rows: list[Widget] = []
        self.option_rows: dict[str, Choice[OptionValue]] = {}
        for name, opt in self.rules.options.items():
            rows.append(self.option_row(name, opt))
            if name == "players":
                rows.append(level_row)
        rows.append(deck_row)
        rows.append(Choice(N_("Practice"), [False, True], self.practice, texts.option_value,
                           self.set_practice, hint=N_("Hints and undo, kept apart in the "
                                                      "statistics")))
        self.rows = rows
        index = self.focus.focus
        old = self.focus
        # Tab goes from the games to their options to the buttons; the arrows row by row.
        self.focus = FocusList([*self.items, *rows, self.play_button, self.back_button],
                               groups=(len(self.items), len(self.items) + len(rows)))
        self.focus.carry(old)
        if 0 <= index < len(self.focus.widgets):
            self.focus.focus = index
        else:
            self.focus.focus = self.games.index(self.game)
        self.resize(self.app.size)

    def option_row(self, name: str, opt: Option) -> Choice[OptionValue]:
        """A row of the option; greyed, with the reason for its hint, where the other
        options' values leave it without effect (or it allows one value only)."""
        rules = self.rules

        def hint() -> str:
            return idle_reason(rules, opt, self.values) or ruleset_text(opt.description)

        row: Choice[OptionValue] = Choice(
            lambda: ruleset_text(opt.label), opt.allowed(), self.values[name],
            lambda v: texts.option_value(v, name), lambda v: self.set_option(name, v), hint=hint)
        row.enabled = len(opt.allowed()) > 1 and opt.idle(self.values) is None
        self.option_rows[name] = row
        return row

    def set_option(self, name: str, value: OptionValue) -> None:
        """A new value; the rows it gives or takes an effect from follow."""
        self.values[name] = value
        for other, row in self.option_rows.items():
            opt = self.rules.options[other]
            row.enabled = len(opt.allowed()) > 1 and opt.idle(self.values) is None
        self.remember()

    def recall(self, game: str) -> None:
        """``game``'s options and deck as last chosen (in this session or one before; in
        settings older than the per-game memory, the last table's, for its game)."""
        settings = self.app.settings
        last = settings.games.get(game) or (
            settings.setup if settings.setup.rules == game else store.GameSetup(game))
        self.values = dict(last.options)
        self.deck = last.deck or games.default_deck(game, settings.deck_style)

    def remember(self) -> None:
        """Keep the chosen game's options and deck for the session (written with the
        settings on leaving the screen)."""
        self.app.settings.games[self.game] = store.GameSetup(
            self.game, self.level, dict(self.values), self.practice, self.deck)

    def set_game(self, game: str) -> None:
        if game != self.game:
            self.remember()
            self.recall(game)
        in_list = self.focus.focus < len(self.items)
        self.game = game
        self.build()
        if in_list:
            self.focus.focus = self.games.index(game)
        self.reveal(self.games.index(game))
        offer_lesson(self.app, game)

    def set_level(self, level: str) -> None:
        self.level = level

    def set_deck(self, deck: str) -> None:
        self.deck = deck
        self.remember()

    def set_practice(self, on: bool) -> None:
        self.practice = on

    def back(self) -> None:
        """Back (or Escape): the choices made are kept for the next visit."""
        self.remember()
        self.app.save_settings()
        self.app.pop(self)

    def request_quit(self) -> bool:
        """The window closes here: the choices are kept all the same."""
        self.remember()
        self.app.save_settings()
        return False

    def start(self) -> None:
        """The match, under the file as it is now: a player's file broken since it was
        listed is told (its file and line), and the screen stays."""
        if is_path(self.game):
            try:
                load_ruleset(self.game)
            except RulesetError as exc:
                self.app.notify(_("Your rules file cannot be played as it is now: "
                                  "{problem}").format(problem=str(exc)))
                return
        options = usable_options(self.rules, self.values)
        self.values.update(options)
        self.remember()
        self.app.settings.setup = store.GameSetup(self.game, self.level, dict(options),
                                                  self.practice, self.deck)
        self.app.save_settings()
        start_match(self.app, self.app.settings.setup)

    def largest_print(self, size: tuple[int, int]) -> float:
        """The list of games and the options beside it share the window."""
        return theme.CROWDED_PRINT

    def resize(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        gap = app.px(16)
        width = min(w - app.px(40), app.px(1180))
        left = (w - width) // 2
        large = theme.print_scale > 1
        compact = app.scale < 0.8 or large
        list_w = round(width * (0.25 if compact and not large else 0.38))
        # Under the title, which is taller at large print.
        top = max(app.px(96), app.px(40) + theme.font(app.px(40), True, True).get_linesize())
        bottom = h - app.px(100)
        pad = app.px(10)
        # Compact: one line a game, and four for the chosen one, its description wrapped
        # (at large print, as many as it needs).
        unit = theme.grown(app.px(COMPACT_UNIT if compact else UNIT))
        font_size = min(app.px(17), round(unit * (0.55 if compact else 0.36)))
        tall = [unit * 4 if compact and item.chosen else unit for item in self.items]
        bar = app.px(8) if sum(tall) > bottom - top else 0  # room for the scroll bar
        for item, item_h in zip(self.items, tall, strict=True):
            item.compact = compact
            item.font_size = font_size
            item.rect = pygame.Rect(left + pad, 0, list_w - 2 * pad - bar, item_h - 2)
            if large and item.chosen:
                item.rect.height = max(item.rect.height, item.need())
        self.list_room = (top, bottom)
        shown = min(bottom - top, sum(item.rect.height + 2 for item in self.items))
        self.list_panel = pygame.Rect(left, top - pad, list_w, shown + 2 * pad)
        focused = self.focus.focused
        self.reveal(self.items.index(focused) if isinstance(focused, GameItem)
                    else self.games.index(self.game))
        row_h = min(app.px(60), (bottom - top) // max(1, len(self.rows)))
        rows_w = width - list_w - gap
        middle = left + list_w + gap + rows_w // 2
        self.panel = stack_rows(self.rows, middle, top, rows_w, row_h, app.px(12), 0.32,
                                app.px(17))
        choices = [row for row in self.rows if isinstance(row, Choice)]
        for row in choices:
            row.show_hint = True
        self.about = pygame.Rect(0, 0, 0, 0)
        if any(row.hint_is_cut() for row in choices):
            # Descriptions too long for their rows: the labels alone, and the focused
            # option's description whole in a box under them (the mouse focuses too).
            font_size = app.px(17)
            line = theme.font(font_size, True).get_linesize()
            # A line and three quarters a row, closer where that would pass the buttons.
            brief_h = max(line + app.px(4), min(round(line * 1.75),
                                                (bottom - top) // max(1, len(self.rows))))
            self.panel = stack_rows(self.rows, middle, top, rows_w, brief_h, app.px(12), 1.0,
                                    font_size)
            for row in choices:
                row.show_hint = False
            # As tall as the longest description needs, above the buttons at most.
            inner = rows_w - app.px(48)
            lines = max(len(theme.wrap(label_text(row.hint), theme.small(font_size), inner))
                        for row in choices if row.hint is not None)
            need = (theme.font(font_size, True).get_linesize() + app.px(2) + app.px(24) + lines
                    * round(theme.font(theme.small(font_size)).get_linesize() * 1.05 / 1.15))
            end = min(h - app.px(88), self.panel.bottom + gap + need)
            self.about = pygame.Rect(self.panel.x, self.panel.bottom + gap, self.panel.width,
                                     end - self.panel.bottom - gap)
            if large and self.about.height < need:
                self.about = self.about_over_list(choices, font_size)
        bw, bh = app.px(220), app.px(50)
        self.back_button.rect = pygame.Rect(w // 2 - bw - app.px(10), h - app.px(76), bw, bh)
        self.play_button.rect = pygame.Rect(w // 2 + app.px(10), h - app.px(76), bw, bh)
        for b in (self.back_button, self.play_button):
            b.font_size = app.px(19)

    def about_over_list(self, choices: Sequence[Widget], font_size: int) -> pygame.Rect:
        """Large print, the options filling their panel: the focused option's description
        goes over the list of games, at its foot, as tall as the longest needs (it shows
        while an option has the focus, the list being out of use then)."""
        px, box = self.app.px, self.list_panel
        inner = box.width - px(48)
        lines = max(len(theme.wrap(label_text(row.hint), theme.small(font_size), inner))
                    for row in choices if isinstance(row, Choice) and row.hint is not None)
        need = (theme.font(font_size, True).get_linesize() + px(2) + px(24) + lines
                * round(theme.font(theme.small(font_size)).get_linesize() * 1.05 / 1.15))
        rect = pygame.Rect(box.x, 0, box.width, min(need, box.height))
        rect.bottom = box.bottom
        return rect

    @property
    def about_covers_list(self) -> bool:
        return self.about.colliderect(self.list_panel)

    @property
    def about_shown(self) -> bool:
        """The description is in sight: always beside the options, over the list of games
        only while an option has the focus."""
        return self.about.height > 0 and not (self.about_covers_list
                                              and self.focus.focused not in self.rows)

    def reveal(self, index: int) -> None:
        """Scroll the list, as little as can be, to have game ``index`` in view."""
        heights = self.heights()
        room = self.list_room[1] - self.list_room[0]
        first = min(self.first, index)
        while first < index and sum(heights[first:index + 1]) > room:
            first += 1
        self.scroll_to(first)

    def heights(self) -> list[int]:
        return [item.rect.height + 2 for item in self.items]

    def scroll_to(self, first: int) -> None:
        """The list in view from game ``first`` (as far down as leaves no room empty)."""
        heights = self.heights()
        top, bottom = self.list_room
        last = len(heights)
        while last > 0 and sum(heights[last - 1:]) <= bottom - top:
            last -= 1
        self.first = max(0, min(first, last))
        y = top
        for i, item in enumerate(self.items):
            item.visible = i >= self.first and y + heights[i] <= bottom and (
                i == self.first or self.items[i - 1].visible)
            item.out_of_view = not item.visible
            if item.visible:
                item.rect.y = y
                y += heights[i]
            else:  # above the screen: the mouse finds nothing there
                item.rect.y = -item.rect.height - 1

    @property
    def scrolls(self) -> bool:
        """More games than the list's room."""
        return not all(item.visible for item in self.items)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type == pygame.MOUSEWHEEL and self.scrolls:
            self.scroll_to(self.first - event.y)
            return
        if (event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
                and self.about_covers_list and self.about_shown
                and self.about.collidepoint(event.pos)):
            return  # the games hidden under the description take no click nor hover
        self.focus.handle_event(event)
        focused = self.focus.focused
        if event.type == pygame.KEYDOWN and isinstance(focused, GameItem):
            self.reveal(self.items.index(focused))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        theme.draw_text(surface, _("New game"), (surface.get_width() / 2, app.px(28)),
                        app.px(40), theme.GOLD, bold=True, anchor="midtop", serif=True,
                        shadow=True)
        theme.panel(surface, self.list_panel, app.px(16), shadow=app.px(8))
        theme.panel(surface, self.panel, app.px(16), shadow=app.px(8))
        self.focus.draw(surface)
        if self.scrolls:
            self.draw_scroll_bar(surface)
        if self.about_shown:
            self.draw_about(surface)

    def draw_scroll_bar(self, surface: pygame.Surface) -> None:
        """Where the games in view lie in the whole list, at the list panel's right edge."""
        px, box = self.app.px, self.list_panel
        heights = self.heights()
        shown = sum(h for h, item in zip(heights, self.items, strict=True) if item.visible)
        track = pygame.Rect(box.right - px(8), box.y + px(14), px(4), box.height - px(28))
        above = sum(heights[:self.first])
        rest = sum(heights) - shown
        theme.scroll_bar(surface, track, shown / sum(heights), above / rest if rest else 0.0,
                         px(24), theme.GOLD_DARK)

    def draw_about(self, surface: pygame.Surface) -> None:
        """The focused option's label and whole description (the last focused while the
        focus is on a game or a button)."""
        focused = self.focus.focused
        if isinstance(focused, Choice) and focused in self.rows:
            self.described = focused
        row = self.described if self.described in self.rows else self.rows[0]
        if not isinstance(row, Choice) or row.hint is None:
            return
        px, box = self.app.px, self.about
        if self.about_covers_list:  # opaque: the games under it do not show through
            theme.panel(surface, box, px(16), theme.PANEL_SOLID, theme.GOLD, shadow=px(8))
        else:
            theme.panel(surface, box, px(16), shadow=px(8))
        inner = box.inflate(-px(24) * 2, -px(12) * 2)
        size = px(17)
        theme.draw_text(surface, label_text(row.label), inner.topleft, size, theme.GOLD,
                        bold=True, box=inner)
        top = inner.y + theme.font(size, True).get_linesize() + px(2)
        theme.draw_wrapped(surface, label_text(row.hint),
                           pygame.Rect(inner.x, top, inner.width, inner.bottom - top),
                           theme.small(size), theme.INK, spacing=1.05)
