"""The guided hand: one whole hand of Tute Cabrero, dealt and played from a script, with a
coach that explains each thing on the real table as it happens.

The deal is chosen so that in one hand the player follows suit, has to beat, leads trumps,
trumps a suit he lacks, follows although a trump is winning, sings the 40 and ends a más
while a menos is safe too. Every card is scripted, the computers' and the player's: the
lessons only stay true if the hand goes as written, so the player is asked for one card at
each turn (another gets a kind word, not a play) and the legal cards stay lit as in a real
match, which is itself part of the lesson.

The lesson is never saved as the interrupted match nor counted in the statistics; Escape
leaves it for the menu at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from tute.cards import parse_card
from tute.engine import DEAL, Action, Game, parse_action
from tute.engine import events as ev
from tute.engine.actions import PLAY, SING
from tute.i18n import N_, _
from tute.rules import load_ruleset
from tute.ui import texts
from tute.ui.cardnames import card_name
from tute.ui.coach import Coach, CoachBox
from tute.ui.scenes.dialog import Dialog
from tute.ui.session import HUMAN, Session
from tute.ui.widgets import ACTIVATE_KEYS, Button

if TYPE_CHECKING:
    from tute.ui.app import App
    from tute.ui.scenes.table import TableScene

GAME = "cabrero"
HANDS = ("1O 12O 11O 7O 4O 4C 5C 6C 3E 5E",
         "2O 1C 11C 4E 1E 3B 1B 2B 6B 11B",
         "5O 3O 7C 3C 12C 6E 7E 12E 7B 10B",
         "10O 6O 10C 2C 10E 11E 2E 4B 5B 12B")
"""The deal, seat by seat: the player (who deals), then Carmen, Paco and Lola; Carmen holds
the 2 de oros, so she is mano."""
PLAYS = ("1 play 1C", "2 play 7C", "3 play 10C", "0 play 4C",
         "1 play 4E", "2 play 6E", "3 play 10E", "0 play 3E", "0 sing 40",
         "0 play 1O", "1 play 2O", "2 play 5O", "3 play 6O",
         "0 play 5E", "1 play 1E", "2 play 7E", "3 play 11E",
         "1 play 3B", "2 play 7B", "3 play 4B", "0 play 4O",
         "0 play 5C", "1 play 11C", "2 play 3C", "3 play 2C",
         "2 play 12C", "3 play 10O", "0 play 6C", "1 play 2B",
         "3 play 2E", "0 play 7O", "1 play 6B", "2 play 12E",
         "0 play 11O", "1 play 11B", "2 play 3O", "3 play 5B",
         "2 play 10B", "3 play 12B", "0 play 12O", "1 play 1B")
"""Every action of the hand. It ends: the player 108 (a más), Lola 6 (a menos), Carmen 27
and Paco 29 in the middle, who take a raya each."""

BEFORE, SCORED, OVER = -1, 1000, 1001
"""Moments besides "this many actions played": before the deal, the hand scored (its
result not yet shown), and the hand over (its result seen)."""


@dataclass(frozen=True)
class Step:
    at: int
    """When it comes: the actions played so far in the hand, or one of the moments above."""
    title: str
    text: str
    """May name {right}, {across} and {left} (the computers), {card} (the card asked for),
    {led} and {winning} (cards of the trick on the table), {button} (the cante button),
    {totals} and {losers} (the hand's end)."""
    target: str = ""
    """What it points at: hand, trump, seat1 (a plate), card, sing, or nothing."""
    action: str = ""
    """The player's action it waits for; none: it is read, then Continue."""


STEPS = (
    Step(BEFORE, N_("Your first hand of Tute Cabrero"),
         N_("In Tute Cabrero everyone plays for himself, and each hand somebody loses and "
            "takes a mark (a raya): four marks and you are out. This hand against {right}, "
            "{across} and {left} shows you how a hand is played, one step at a time.")),
    Step(0, N_("Your cards"),
         N_("These are your ten cards. In each suit the ace is highest, then the three, the "
            "king, the horse, the jack, the 7, 6, 5, 4 and 2. The cards you take in tricks "
            "score: ace 11, three 10, king 4, horse 3, jack 2; the rest nothing."), "hand"),
    Step(0, N_("Trumps"),
         N_("Trumps beat every other suit. In the first hand of a match they are always "
            "coins. From the second hand on, the dealer's last card is shown to everyone, "
            "the muestra, and its suit is trumps."), "trump"),
    Step(0, N_("The mano leads"),
         N_("Whoever holds the two of coins is mano in the first hand and leads the first "
            "trick: {right}. Play goes to the right: after {right} come {across}, {left} and "
            "then you."), "seat1"),
    Step(3, N_("Follow suit (asistir)"),
         N_("{right} led {led}. You hold cups, so you must play a cup: the cards you may not "
            "play are dimmed. Nothing beats the ace, so give the cup worth least: {card}."),
         "card", "play 4C"),
    Step(7, N_("Beat it (montar)"),
         N_("{right} took the first trick, so {right} leads again. When the card winning "
            "the trick is of the suit led and you can beat it, you must (montar). Only "
            "{card} beats {winning}: play it and the trick is yours."), "card", "play 3E"),
    Step(8, N_("Sing the 40 (cantar)"),
         N_("You won a trick, so before leading you may sing. The king and horse of one suit "
            "in your hand are worth 20, las veinte, or 40 in trumps, las cuarenta. You hold "
            "the king and horse of coins: press “{button}”."), "sing", "sing 40"),
    Step(9, N_("Leading trumps (arrastrar)"),
         N_("Now lead. When you lead trumps (arrastrar), the others must follow with a "
            "trump if they have one, and beat yours if they can. Lead {card}, the highest "
            "card of all: it cannot lose."), "card", "play 1O"),
    Step(13, N_("Keep your trumps"),
         N_("You lead again. Lead {card}, which is worth nothing, and keep your trumps: they "
            "will win you the tricks of a suit you have none of."), "card", "play 5E"),
    Step(20, N_("Trump it (fallar)"),
         N_("{right} led clubs and you have none. Then you must play a trump (fallar), and "
            "any trump beats a club: use your smallest, {card}."), "card", "play 4O"),
    Step(21, N_("A card to lose"),
         N_("Your lead. Play {card}: the others must follow suit and beat it if they can, "
            "so you lose this trick, but it costs you nothing."), "card", "play 5C"),
    Step(27, N_("Following comes first"),
         N_("{left} had no cups and trumped with {winning}. When a trump is winning a trick "
            "led in another suit, following suit is all you must do: play {card}."), "card",
         "play 6C"),
    Step(30, N_("Trump again"),
         N_("{left} led swords and you have none left, so you must trump again. Any of your "
            "trumps will do: keep the king and the horse and play {card}."), "card",
         "play 7O"),
    Step(33, N_("Draw the last trump"),
         N_("Only one other trump is still out: the three of coins, which beats your king. "
            "Lead {card}: whoever holds the three must beat it with the three, and then your "
            "king is the highest card left."), "card", "play 11O"),
    Step(39, N_("The last trick"),
         N_("Whoever takes the last trick adds 10 points: the diez de últimas. Your king is "
            "the only trump left: play it."), "card", "play 12O"),
    Step(SCORED, N_("Who loses the hand"),
         N_("Each player counts the cards he took, his cantes and the diez de últimas: "
            "{totals}.\nWhen three or more took tricks, the most points (a más) and the "
            "fewest (a menos) are safe, and those in the middle take a mark: {losers}.")),
)


class LessonSession(Session):
    """The guided hand's match: its deal and every computer card come from the script."""

    def __init__(self) -> None:
        super().__init__(Game(load_ruleset(GAME), {"players": 4}, seed=0), "easy", demo=False)
        self.script = [parse_action(a, 4) for a in PLAYS]

    def deal(self) -> list[ev.Event]:
        return self._seen(self.game.deal([[parse_card(c) for c in h.split()] for h in HANDS]))

    def think(self) -> None:
        """Nothing to think over: the script says what each computer plays."""

    def decision(self) -> Action | None:
        logs = self.game.logs
        done = len(logs[-1].actions) if logs else 0
        action = self.script[done] if done < len(self.script) else None
        return action if action is not None and action.seat == self.to_act else None


class Lesson(Coach):
    """Shows each step when its moment comes, waits for Continue on the ones to read, and
    asks for the script's card on the player's turns."""

    lesson = True

    def __init__(self, table: TableScene) -> None:
        super().__init__(table)
        self.index = 0
        """The step being shown or waited for."""
        self.box = CoachBox(table.app, [Button(N_("Continue"), self.next, primary=True)])
        self.play_box = CoachBox(table.app)
        self.pointed: int | None = None
        """The step whose card the focus was put on."""
        self.ended = False

    @property
    def step(self) -> Step | None:
        return STEPS[self.index] if self.index < len(STEPS) else None

    def moment(self) -> int:
        table = self.table
        logs = table.session.game.logs
        if not logs:
            return BEFORE
        if table.session.game.phase == DEAL:
            return SCORED if table.view.result is not None else OVER
        return len(logs[-1].actions)

    def due(self) -> Step | None:
        """The step whose moment is now, once the table has shown everything up to it."""
        step = self.step
        table = self.table
        if step is None or table.director.busy or step.at != self.moment():
            return None
        if step.action and not table.can_play:
            return None
        return step

    def next(self) -> None:
        self.index += 1

    def wanted(self, step: Step) -> Action:
        return parse_action(f"{HUMAN} {step.action}", 4)

    # ------------------------------------------------------------------ the table asks
    def holds(self) -> bool:
        step = self.due()
        return (step is not None and not step.action) or self.moment() == OVER

    def refuse(self, card: int) -> str | None:
        step = self.due()
        if step is None or not step.action or card not in self.table.session.playable():
            return None  # a card the rules forbid: the table says why
        action = self.wanted(step)
        if action.verb == SING:
            return _("First sing: press “{button}” above your cards.").format(
                button=texts.cante_button(action, self.table.session.game.trump))
        if card == action.arg:
            return None
        return _("In this lesson, play {card}.").format(card=card_name(action.arg))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.leave_table(quitting=False, save=False)
            return True
        step = self.due()
        if step is None or step.action:
            return False
        if self.box.handle_event(event):
            return True
        on_toolbar = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and any(
            r.collidepoint(event.pos) for r in self.table.toolbar_rects)
        if on_toolbar:
            return False
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in ACTIVATE_KEYS):
            self.next()
            return True
        return event.type == pygame.MOUSEBUTTONDOWN  # not a card pressed while reading

    def update(self, dt: float) -> None:
        moment = self.moment()
        while (step := self.step) is not None and step.action and moment > step.at:
            self.index += 1  # its action was taken
        step = self.due()
        if step is not None and step.action and self.pointed != self.index:
            self.pointed = self.index
            action = self.wanted(step)
            hand = self.table.view.hand
            if action.verb == PLAY and action.arg in hand:
                self.table.focus, self.table.keyboard = hand.index(action.arg), True
            elif action.verb == SING:  # Enter presses the cante's button
                self.table.in_actions = True
                self.table.actions.focus_first()
        if moment == OVER and not self.ended and not self.table.director.busy:
            self.ended = True
            self.finish()

    # ------------------------------------------------------------------ the end
    def finish(self) -> None:
        """The hand is over and its result seen: what next."""
        app = self.table.app
        if GAME not in app.settings.introduced:
            app.settings.introduced.append(GAME)
            app.save_settings()
        app.push(Dialog(app, N_("You have played your first hand"),
                        N_("You have met trumps, following suit, beating, trumping, a cante "
                           "and how a hand is lost. At the table the rules are always one key "
                           "away: F1."),
                        [(N_("Play a real match"), lambda: real_match(app), True),
                         (N_("Back to the menu"), lambda: to_menu(app), False)]))

    # ------------------------------------------------------------------ drawing
    def words(self, step: Step) -> tuple[str, str]:
        """The step's title and text in the player's language, with its names filled in."""
        table = self.table
        names = table.names
        view = table.view
        fill = {"right": names[1], "across": names[2], "left": names[3]}
        if step.action:
            action = self.wanted(step)
            if action.verb == PLAY:
                fill["card"] = card_name(action.arg)
            else:
                fill["button"] = texts.cante_button(action, table.session.game.trump)
        if view.trick:
            fill["led"] = card_name(view.trick[0][1])
            winner = view.winning()
            fill["winning"] = card_name(dict(view.trick)[winner]) if winner is not None else ""
        result = view.result
        if result is not None:
            fill["totals"] = texts.names_list([f"{names[s]}: {texts.number(p)}"
                                               for s, p in enumerate(result.points)])
            fill["losers"] = texts.names_list([names[s] for s in result.losers])
        return _(step.title), _(step.text).format(**fill)

    def target(self, step: Step) -> pygame.Rect | None:
        table = self.table
        lay, hand = table.layout, table.view.hand
        if step.target == "trump":
            return lay.trump_panel()
        if step.target.startswith("seat"):
            return lay.plate_rect(int(step.target[4:]))
        if step.target == "sing":
            return table.actions.widgets[0].rect if table.actions.widgets else None
        cards = [card_rect(table, i) for i in range(len(hand))]
        if step.target == "hand" and cards:
            return cards[0].unionall(cards[1:])
        if step.target == "card":
            action = self.wanted(step)
            return cards[hand.index(action.arg)] if action.arg in hand else None
        return None

    def draw(self, surface: pygame.Surface) -> None:
        step = self.due()
        if step is None:
            return
        table, px = self.table, self.table.app.px
        lay = table.layout
        left = lay.trump_panel().right + lay.margin
        right = min((r.left for r in table.toolbar_rects), default=lay.size[0]) - lay.margin
        width = min(px(800), right - left)
        x = round(min(max(lay.size[0] / 2, left + width / 2), right - width / 2))
        at, anchor = (x, lay.plate_rect(2).bottom + px(6)), "midtop"
        target = None if table.refusal else self.target(step)
        if target is not None and target.top > lay.size[1] / 2 and not table.view.trick:
            # Nothing on the felt to keep clear: the panel sits just above what it shows.
            at, anchor = (x, target.top - px(46)), "midbottom"
        title, text = self.words(step)
        # A card to play: no button row, so the panel stays clear of the trick.
        box, footer = (self.play_box, "") if step.action else (
            self.box, _("Esc: leave the lesson"))
        box.draw(surface, title, text.split("\n"), width, at, anchor,
                 corner=f"{self.index + 1}/{len(STEPS)}", footer=footer, target=target,
                 avoid=table.texts)


def card_rect(table: TableScene, index: int) -> pygame.Rect:
    """Where card ``index`` of the player's hand is on screen (raised when focused)."""
    lay = table.layout
    spot = lay.hand(len(table.view.hand))[index]
    rect = pygame.Rect(0, 0, lay.card_w, lay.card_h)
    lift = lay.raise_by if index == table.focus and table.can_play else 0
    rect.center = (round(spot.x), round(spot.y - lift))
    return rect


def start_tutorial(app: App) -> None:
    """The guided hand at the table, whatever match may be saved (it stays as it is)."""
    from tute.ui.scenes.table import TableScene

    app.replace_all(TableScene(app, LessonSession(), coach=Lesson))


def real_match(app: App) -> None:
    """The new-game screen with Cabrero chosen, over the menu."""
    from tute.ui.scenes.new_game import NewGameScene

    to_menu(app)
    app.push(NewGameScene(app, GAME))


def to_menu(app: App) -> None:
    from tute.ui.scenes.menu import MenuScene

    app.replace_all(MenuScene(app))
