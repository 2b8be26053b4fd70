"""A new match: the game, the players, the computer's level and every option of the
ruleset, each with its label and description from the ruleset file."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tute import store
from tute.i18n import N_, _, language
from tute.rules import Option, OptionValue, RuleSet, load_ruleset
from tute.ui import texts, theme
from tute.ui.scene import Scene
from tute.ui.scenes.begin import start_match
from tute.ui.widgets import Button, Choice, FocusList, Widget, stack_rows

if TYPE_CHECKING:
    from tute.ui.app import App

GAMES = ("cabrero", "chancho")


def usable_options(rules: RuleSet, wanted: dict[str, OptionValue]) -> dict[str, OptionValue]:
    """The wanted values the ruleset allows, defaults for the rest."""
    return {name: wanted[name] if name in wanted and opt.check(wanted[name]) is None
            else opt.default for name, opt in rules.options.items()}


class NewGameScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        last = app.settings.setup
        self.game = last.rules if last.rules in GAMES else GAMES[0]
        self.level = last.level
        self.values: dict[str, OptionValue] = dict(last.options)
        self.rules = load_ruleset(self.game)
        self.play_button = Button(N_("Play"), self.start, primary=True)
        self.back_button = Button(N_("Back"), lambda: app.pop(self))
        self.rows: list[Widget] = []
        self.focus = FocusList([])
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.build()

    def build(self) -> None:
        """The rows for the chosen game (its options differ)."""
        self.rules = load_ruleset(self.game)
        self.values = usable_options(self.rules, self.values)
        game_row: Choice[str] = Choice(
            N_("Game"), list(GAMES), self.game, lambda g: load_ruleset(g).name[language()],
            self.set_game, hint=N_("Tute Cabrero, or Chancho: a rey and caballo taken together "
                                "must be sung"))
        level_row: Choice[str] = Choice(
            N_("Computer level"), list(store.LEVELS), self.level,
            lambda v: _(texts.LEVELS[v]), self.set_level,
            hint=N_("How well your opponents play"))
        rows: list[Widget] = [game_row]
        for name, opt in self.rules.options.items():
            rows.append(self.option_row(name, opt))
            if name == "players":
                rows.append(level_row)
        self.rows = rows
        index = self.focus.focus
        self.focus = FocusList([*rows, self.play_button, self.back_button])
        if 0 <= index < len(self.focus.widgets):
            self.focus.focus = index
        self.resize(self.app.size)

    def option_row(self, name: str, opt: Option) -> Choice[OptionValue]:
        row: Choice[OptionValue] = Choice(
            lambda: opt.label[language()], opt.allowed(), self.values[name],
            texts.option_value,
            lambda v: self.values.__setitem__(name, v),
            hint=lambda: opt.description[language()])
        row.enabled = len(opt.allowed()) > 1
        return row

    def set_game(self, game: str) -> None:
        self.game = game
        self.build()

    def set_level(self, level: str) -> None:
        self.level = level

    def start(self) -> None:
        options = self.rules.resolve(self.values)
        self.app.settings.setup = store.GameSetup(self.game, self.level, dict(options))
        self.app.save_settings()
        start_match(self.app, self.app.settings.setup)

    def resize(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        width = min(w - app.px(60), app.px(880))
        top = app.px(96)
        bottom = h - app.px(100)
        row_h = min(app.px(60), (bottom - top) // max(1, len(self.rows)))
        self.panel = stack_rows(self.rows, w // 2, top, width, row_h, app.px(12), 0.32,
                                app.px(17))
        bw, bh = app.px(220), app.px(50)
        self.back_button.rect = pygame.Rect(w // 2 - bw - app.px(10), h - app.px(76), bw, bh)
        self.play_button.rect = pygame.Rect(w // 2 + app.px(10), h - app.px(76), bw, bh)
        for b in (self.back_button, self.play_button):
            b.font_size = app.px(19)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
            return
        self.focus.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        theme.draw_text(surface, _("New game"), (surface.get_width() / 2, app.px(28)),
                        app.px(40), theme.GOLD, bold=True, anchor="midtop", serif=True,
                        shadow=True)
        theme.panel(surface, self.panel, app.px(16), shadow=app.px(8))
        self.focus.draw(surface)
