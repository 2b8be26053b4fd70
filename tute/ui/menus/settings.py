"""Settings: language, animation speed, the pace of play, sound, deck and card back, full
screen.

Each change takes effect at once; the file is written when the screen is left.
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
from tute.ui.widgets.controls import Button, Choice, FocusList, Slider, Widget, stack_rows
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
        if not app.audio.available:
            self.volume_row.hint = self.mute_row.hint = N_("No sound device was found")
        self.back_button = Button(N_("Back"), self.close, primary=True)
        self.focus = FocusList([*self.rows, self.back_button])
        self.panel = pygame.Rect(0, 0, 0, 0)

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
        width = min(w - app.px(60), max(app.px(760), MIN_PANEL_WIDTH))
        top = app.px(110)
        row_h = min(app.px(58), (h - top - app.px(110)) // len(self.rows))
        self.panel = stack_rows(self.rows, w // 2, top, width, row_h, app.px(12), 0.34,
                                app.px(18))
        self.back_button.rect = pygame.Rect(0, 0, app.px(240), app.px(50))
        self.back_button.rect.midtop = (w // 2, self.panel.bottom + app.px(24))
        self.back_button.font_size = app.px(19)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        self.focus.handle_event(event)

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
        # A sample of the chosen deck and back beside the panel, when there is room.
        if self.panel.right + app.px(150) < w:
            h = app.px(120)
            x = self.panel.right + app.px(80)
            y = self.panel.y + self.panel.height * 0.55
            app.cards.draw(surface, None, Spot(x - app.px(18), y, 8), h)
            app.cards.draw(surface, 0, Spot(x + app.px(18), y + app.px(10), -6), h)
