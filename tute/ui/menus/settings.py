"""Settings: language, animation speed, the pace of play, sound, deck and card back, full
screen, speech, the size of text and cards and the high-contrast look.

Each change takes effect at once; the file is written when the screen is left. Rows taller
than the window holds (large print) scroll: the view follows the focus and the wheel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from tute import store
from tute.i18n import N_, _
from tute.ui.shell.scene import Scene
from tute.ui.widgets import theme
from tute.ui.widgets.cards import card_backs, deck_styles
from tute.ui.widgets.controls import Button, Choice, FocusList, Slider, Widget
from tute.ui.widgets.layout import Spot
from tute.ui.words import texts

if TYPE_CHECKING:
    from tute.ui.shell.app import App


MIN_PANEL_WIDTH = 700
"""The panel's least width in window pixels: each row's hint whole at the minimum text
size."""


class SettingsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        styles, backs = deck_styles(), card_backs()
        yes_no = [False, True]
        yes = texts.option_value
        self.volume_row = Slider(N_("Sound volume"), s.volume, self.set_volume)
        self.mute_row = Choice(N_("Mute sound"), yes_no, s.muted, yes, self.setter("muted"))
        self.rows: list[Widget] = [
            Choice(N_("Language"), list(store.LANGUAGES), s.language,
                   lambda v: _(texts.LANGUAGE_NAMES[v]), self.setter("language")),
            Choice(N_("Animation speed"), list(store.SPEEDS), s.animation,
                   lambda v: _(texts.SPEEDS[v]), self.setter("animation")),
            Choice(N_("Wait for a click after each trick"), yes_no, s.trick_wait, yes,
                   self.setter("trick_wait")),
            Choice(N_("Play a lone legal card by itself"), yes_no, s.autoplay, yes,
                   self.setter("autoplay")),
            self.volume_row,
            self.mute_row,
            Choice(N_("Deck"), styles, s.deck_style or styles[0],
                   lambda v: _(texts.DECK_STYLES.get(v, v)), self.setter("deck_style"),
                   hint=N_("For new games (each match keeps its own)")),
            Choice(N_("Card back"), backs, s.card_back or backs[0],
                   lambda v: _(texts.BACKS.get(v, v)), self.setter("card_back")),
            Choice(N_("Practice in new matches"), yes_no, s.setup.practice, yes,
                   self.set_practice, hint=N_("Hints and undo, kept apart in the statistics")),
            Choice(N_("Compare each hand with the hard level"), yes_no, s.compare_hands, yes,
                   self.setter("compare_hands"),
                   hint=N_("The hard level plays your cards after each hand")),
        ]
        self.fullscreen_row = Choice(N_("Full screen"), yes_no, app.fullscreen, yes,
                                     self.set_fullscreen)
        self.rows.append(self.fullscreen_row)
        self.speech_row = Choice(
            N_("Speech"), yes_no, s.speech, yes, self.setter("speech"),
            hint=N_("Through your screen reader; F2 or V switches it anywhere"))
        self.rows.append(self.speech_row)
        self.rows.append(Choice(
            N_("Text and card size"), list(store.PRINT_SIZES), s.print_size,
            lambda v: f"{v} %", self.setter("print_size"),
            hint=lambda: _("Text and card indices; the table stops at {most} %, statistics "
                           "and results at {charts} %").format(
                most=round(theme.CROWDED_PRINT * 100), charts=round(theme.CHARTS_PRINT * 100))))
        self.rows.append(Choice(
            N_("High contrast"), yes_no, s.high_contrast, yes, self.setter("high_contrast"),
            hint=N_("Black table, white text, suit letters on the cards")))
        if not app.audio.available:
            self.volume_row.hint = self.mute_row.hint = N_("No sound device was found")
        self.back_button = Button(N_("Back"), self.close, primary=True)
        self.focus = FocusList([*self.rows, self.back_button])
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.first = 0
        """The first row in view (rows scroll where the window cannot hold them all)."""
        self.shown = len(self.rows)
        self.layout: tuple[int, int, int, int] = (0, 0, 0, 0)
        """The rows' x, top, width and height."""

    def setter(self, name: str) -> Callable[[Any], None]:
        def change(value: object) -> None:
            setattr(self.app.settings, name, value)
            self.app.apply_settings()
        return change

    def set_volume(self, volume: float) -> None:
        """Heard at once, as it is dragged (the rest of the settings need not be applied)."""
        settings = self.app.settings
        settings.volume = volume
        self.app.audio.set_volume(volume, settings.muted)
        self.app.audio.preview()

    def set_practice(self, on: bool) -> None:
        """The new-game screen's Practice row starts from this."""
        self.app.settings.setup.practice = on

    def set_fullscreen(self, on: bool) -> None:
        if on != self.app.fullscreen:
            self.app.toggle_fullscreen()

    def update(self, dt: float) -> None:
        self.fullscreen_row.index = int(self.app.fullscreen)  # F11 may have changed it
        self.mute_row.index = int(self.app.settings.muted)  # and M this
        self.speech_row.index = int(self.app.settings.speech)  # and F2 this

    def close(self) -> None:
        self.app.save_settings()
        self.app.pop(self)

    def resize(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        # Text stops shrinking at theme.MIN_TEXT: a small window's panel keeps the width its
        # hints need on one line (up to the window's own), not the scale's.
        width = min(w - app.px(60), max(app.px(760), theme.grown(MIN_PANEL_WIDTH)))
        top = max(app.px(110), app.px(54) + theme.font(app.px(40), True, True).get_linesize())
        self.back_button.font_size = app.px(19)
        button_h = max(app.px(50), theme.font(app.px(19), True).get_linesize() + app.px(12))
        room = h - top - app.px(110) - (button_h - app.px(50))
        row_h = min(app.px(58), room // len(self.rows))
        font = min(app.px(18), round(row_h * 0.34))
        if theme.print_scale > 1:
            # Rows as tall as their label and two lines of hint at the print's size.
            font = app.px(18)
            row_h = max(row_h, theme.font(font, True).get_linesize() + app.px(8)
                        + 2 * theme.font(theme.small(font)).get_linesize())
        self.shown = max(1, min(len(self.rows), room // row_h))
        self.first = min(self.first, len(self.rows) - self.shown)
        pad = app.px(12)
        self.panel = pygame.Rect(w // 2 - width // 2, top - pad, width,
                                 row_h * self.shown + 2 * pad)
        self.layout = (self.panel.x + pad, top, width - 2 * pad, row_h)
        for row in self.rows:
            row.font_size = font
        self.place()
        self.back_button.rect = pygame.Rect(0, 0, max(app.px(240), theme.font(
            app.px(19), True).size(_("Back"))[0] + app.px(60)), button_h)
        self.back_button.rect.midtop = (w // 2, self.panel.bottom + app.px(24))

    def place(self) -> None:
        """Lay the rows in view; those out of it take no room and no clicks."""
        x, top, width, row_h = self.layout
        pad = self.app.px(12)
        for i, row in enumerate(self.rows):
            shown = self.first <= i < self.first + self.shown
            row.rect = pygame.Rect(x, top + (i - self.first) * row_h, width,
                                   row_h - pad // 3) if shown else pygame.Rect(0, 0, 0, 0)

    def follow(self) -> None:
        """Bring the focused row into view."""
        focused = self.focus.focus
        if 0 <= focused < len(self.rows) and not (
                self.first <= focused < self.first + self.shown):
            self.first = focused if focused < self.first else focused - self.shown + 1
            self.place()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        if event.type == pygame.MOUSEWHEEL and self.shown < len(self.rows):
            self.first = min(max(0, self.first - event.y), len(self.rows) - self.shown)
            self.place()
            return
        self.focus.handle_event(event)
        self.follow()

    def request_quit(self) -> bool:
        self.app.save_settings()
        return False

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w = surface.get_width()
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        theme.draw_text(surface, _("Settings"), (w / 2, app.px(34)), app.px(40), theme.GOLD,
                        bold=True, anchor="midtop", serif=True, shadow=True)
        theme.panel(surface, self.panel, app.px(16), shadow=app.px(8))
        self.focus.draw(surface)
        if self.shown < len(self.rows):
            track = pygame.Rect(self.panel.right - app.px(10), self.panel.y + app.px(16),
                                app.px(5), self.panel.height - app.px(32))
            theme.scroll_bar(surface, track, self.shown / len(self.rows),
                             self.first / (len(self.rows) - self.shown), app.px(24),
                             theme.GOLD_DARK)
        # A sample of the chosen deck and back beside the panel, when there is room.
        if self.panel.right + app.px(150) < w:
            h = app.px(120)
            x = self.panel.right + app.px(80)
            y = self.panel.y + self.panel.height * 0.55
            app.cards.draw(surface, None, Spot(x - app.px(18), y, 8), h)
            app.cards.draw(surface, 0, Spot(x + app.px(18), y + app.px(10), -6), h)
