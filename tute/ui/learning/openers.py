"""How to play, in a few lines: the first time a player sits at a game's table, a panel over
it says what the game is about before the first card is dealt.

Each game is introduced once (the settings remember which); never in a demo nor in a
``--frames`` run, whose screenshots show the table itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

from tute import filetext, store
from tute.cardnames import pair_words
from tute.i18n import N_, _, ruleset_text
from tute.rules import OptionValue
from tute.ui.table.coach import Coach, CoachBox
from tute.ui.widgets import theme
from tute.ui.widgets.controls import Button, FocusList
from tute.ui.words import games

if TYPE_CHECKING:
    from tute.ui.table.scene import TableScene


def lines(game: str, options: Mapping[str, OptionValue] | None = None) -> tuple[str, ...]:
    """The game's how-to-play lines (its ruleset's ``ui.opener``) that hold under
    ``options`` (none given: the defaults), in the current language."""
    rules = games.ruleset(game)
    chosen = rules.resolve(options or {})
    names = {**chosen, "pair": pair_words(rules.cantes.pair)}
    return tuple(filetext.fill(ruleset_text(line), names)
                 for line in rules.ui.opener_for(chosen))


def introduce_all(settings: store.Settings) -> None:
    """Mark every game as introduced (tests and screenshot tools open tables unseen)."""
    settings.introduced = list(games.games())


def opener(table: TableScene) -> Opener | None:
    """The panel for the first table of a game the player has not been introduced to."""
    app, session = table.app, table.session
    game = session.game.rules.ref
    if session.demo or getattr(app.args, "frames", None) or not lines(game) or (
            game in app.settings.introduced):
        return None
    return Opener(table, game, session.game.options)


class Opener(Coach):
    """Holds the table until Got it (or Read the rules, which opens them)."""

    def __init__(self, table: TableScene, game: str,
                 options: Mapping[str, OptionValue]) -> None:
        super().__init__(table)
        self.game = game
        self.options = options
        self.box = CoachBox(table.app, [Button(N_("Got it"), self.got_it, primary=True),
                                        Button(N_("Read the rules"), self.read_rules)])

    def holds(self) -> bool:
        return True

    def buttons(self) -> FocusList:
        return self.box.focus

    def got_it(self) -> None:
        """Remembered at once, so the panel never shows again for this game."""
        app = self.table.app
        if self.game not in app.settings.introduced:
            app.settings.introduced.append(self.game)
            app.save_settings()
        self.table.coach = None

    def read_rules(self) -> None:
        self.got_it()
        self.table.open_rules()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Every event is the panel's while it shows; Escape is Got it, F1 the rules."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.got_it()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.read_rules()
        else:
            self.box.handle_event(event)  # Enter is Got it: it has the focus
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app = self.table.app
        theme.darken(surface, 110)
        w, h = app.size
        width = min(w - app.px(40), app.px(640))
        title = _("How to play {game}").format(game=games.name(self.game))
        self.box.draw(surface, title, list(lines(self.game, self.options)), width,
                      (w // 2, h // 2), anchor="center", bullets=True)
