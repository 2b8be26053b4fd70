"""How to play, in a few lines: the first time a player sits at a game's table, a panel over
it says what the game is about before the first card is dealt.

Each game is introduced once (the settings remember which); never in a demo nor in a
``--frames`` run, whose screenshots show the table itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tute import store
from tute.i18n import N_, _
from tute.ui import games, theme
from tute.ui.coach import Coach, CoachBox
from tute.ui.widgets import Button

if TYPE_CHECKING:
    from tute.ui.scenes.table import TableScene

LINES: dict[str, tuple[str, ...]] = {
    "cabrero": (
        N_("Everyone plays for himself. Each hand somebody loses and takes a raya (a mark); "
           "four rayas and you are out, and the last players left win."),
        N_("Follow the suit led and beat the winning card if you can; with none of that "
           "suit you must trump."),
        N_("Win a trick holding the king and horse of a suit and you may sing: 20, or 40 "
           "in trumps."),
        N_("At the end the most points (a más) and the fewest (a menos) are safe; those in "
           "the middle take a raya."),
    ),
    "chancho": (
        N_("Tute Cabrero with one more rule: when a trick holds the king and the horse of "
           "one suit, whoever takes it must sing them at once."),
        N_("Follow the suit led and beat the winning card if you can; with none of that "
           "suit you must trump."),
        N_("Each hand the most points (a más) and the fewest (a menos) are safe; those in "
           "the middle take a raya. Four rayas and you are out."),
    ),
    "dos": (
        N_("Two players with six cards each; the muestra, under the stock, sets trumps."),
        N_("After each trick both draw from the stock; while it lasts you may play any "
           "card."),
        N_("Once the stock is empty you must follow suit, beat and trump."),
        N_("Cards taken, cantes and the diez de últimas add up: the first to 101 wins."),
    ),
    "parejas": (
        N_("Two teams: you and the player opposite you are partners."),
        N_("Follow suit, beat and trump against everyone, your partner included."),
        N_("After your team wins a trick you may sing 20 or 40 for the team."),
        N_("The team with more points wins a juego, two with 101; the first to 10 juegos "
           "wins the match."),
    ),
    "arrastrado": (
        N_("Three players each for himself, or four in two teams with partners opposite."),
        N_("From the very first trick you must follow suit and beat, and trump when you "
           "have none of the suit led."),
        N_("Points carry over from hand to hand: the first to 101 wins."),
    ),
    "subastado": (
        N_("Four at the table and three play: the dealer sits the hand out."),
        N_("Bid for the right to play alone against the other two; the highest bidder names "
           "trumps."),
        N_("He must make at least the points he bid, or he pays each of the others."),
    ),
    "codillo": (
        N_("Each hand one player says juego, names trumps and calls a card he does not "
           "hold."),
        N_("Whoever holds that card is his secret partner, revealed when it is played."),
        N_("If their side makes more points than the rest, everyone else takes a mark; if "
           "not, the two of them do. Four marks and you are out."),
    ),
    "bato": (
        N_("Four cards each and a pot of chips; only tricks count, not card points."),
        N_("Say juego to promise two tricks; the others may accompany you, promising one "
           "each, or fold."),
        N_("Each trick is paid from the pot; a broken promise pays the pot."),
    ),
    "butifarra": (
        N_("The Catalan game: two teams, partners opposite, and 48 cards in which the 9, "
           "the manilla, is highest."),
        N_("The dealer's side names trumps or butifarra (no trumps); the others may double "
           "(contro)."),
        N_("Only a team with more than 36 points scores what it has over 36; the first to "
           "101 wins."),
    ),
    "brisca": (
        N_("Two players, or four in two teams with partners opposite; three cards each, "
           "refilled from the stock after every trick."),
        N_("The muestra under the stock sets trumps. There is no need to follow suit: any "
           "card may be played."),
        N_("More than 60 of the 120 points wins the hand; the first to win three hands wins "
           "the match."),
    ),
}


def introduce_all(settings: store.Settings) -> None:
    """Mark every game as introduced (tests and screenshot tools open tables unseen)."""
    settings.introduced = list(LINES)


def opener(table: TableScene) -> Opener | None:
    """The panel for the first table of a game the player has not been introduced to."""
    app, session = table.app, table.session
    game = session.game.rules.id
    if session.demo or getattr(app.args, "frames", None) or game not in LINES or (
            game in app.settings.introduced):
        return None
    return Opener(table, game)


class Opener(Coach):
    """Holds the table until Got it (or Read the rules, which opens them)."""

    def __init__(self, table: TableScene, game: str) -> None:
        super().__init__(table)
        self.game = game
        self.box = CoachBox(table.app, [Button(N_("Got it"), self.got_it, primary=True),
                                        Button(N_("Read the rules"), self.read_rules)])

    def holds(self) -> bool:
        return True

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
        self.box.draw(surface, title, [_(line) for line in LINES[self.game]], width,
                      (w // 2, h // 2), anchor="center", bullets=True)
