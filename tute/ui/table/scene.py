"""The card table: the match is dealt, played, sung and scored here.

The engine's events go through the Director, one animation each; while anything blocking
runs, input and the engine wait. The match itself moves on in the TableController (pacing,
computer players thinking on a worker thread, auto-play, saving, statistics): this scene is
its input and its drawing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from tute.cardnames import card_name, refusal
from tute.engine import Action, IllegalAction
from tute.engine import events as ev
from tute.engine.actions import DRAW, EXCHANGE
from tute.engine.phases import DiscardDraw
from tute.engine.record import hand_events
from tute.i18n import N_, _, language, ngettext
from tute.speech.voice import sentences
from tute.ui.shell.dialog import Choice as DialogChoice
from tute.ui.shell.dialog import Dialog
from tute.ui.shell.scene import Scene
from tute.ui.table import reasons, results, scoreboard, tally
from tute.ui.table.animation import SPEEDS
from tute.ui.table.announcer import Announcer
from tute.ui.table.assist import Practice
from tute.ui.table.coach import Coach
from tute.ui.table.controller import COMPUTER_DELAY, TableController, Tick
from tute.ui.table.director import Director
from tute.ui.table.painter import HandState, Painter
from tute.ui.table.pickers import Picker, picker_for
from tute.ui.table.session import Session
from tute.ui.table.view import TableView, hand_log
from tute.ui.widgets import theme
from tute.ui.widgets.controls import ACTIVATE_KEYS, Button, FocusList, label_text
from tute.ui.widgets.layout import TableLayout
from tute.ui.widgets.toolbar import Tool, Toolbar, help_icon, last_trick_icon, log_icon, menu_icon
from tute.ui.words import games, texts

if TYPE_CHECKING:
    from tute.ui.shell.app import App

REASON_SECONDS = 3.0


class TableScene(Scene):
    def __init__(self, app: App, session: Session,
                 coach: Callable[[TableScene], Coach | None] | None = None) -> None:
        """``coach``: what speaks over the table (by default ``app.routes.opener``, a new
        game's how-to-play)."""
        super().__init__(app)
        self.controller = TableController(session, app.problems.append, app.warn, app.notify)
        game = session.game
        n = game.n
        self.view = TableView.from_observation(game.observation(session.seat))
        self.view.chips, self.view.pot = list(game.ledger.chips), game.ledger.pot
        if not any(self.view.chips):
            self.view.chips = []
        self.view.log = hand_log([e.for_seat(session.seat) for e in hand_events(game)],
                                 bool(self.view.chips))
        self.totals = game.kit.settlement.totals
        """What the settlement counts, for the scoreboard and the result sheets."""
        self.names = texts.seat_names(n, session.demo, session.seat)
        self.human = None if session.demo else session.seat
        if not session.deck:  # a new match: its game's deck, then kept with it
            session.deck = games.default_deck(game.rules.ref, app.settings.deck_style)
        self.cards = app.deck_images(session.deck)
        """The deck this match is drawn with (its own, whatever Settings now say)."""
        self.layout = self.make_layout(app.size)
        self.painter = self.make_painter()
        self.director = Director(self.view, self.layout, app.audio, self.speed, self.names,
                                 session.demo, self.why, self.headline,
                                 deck_size=len(game.kit.deck_cards))
        self.race = game.kit.settlement.race
        """Points to a total: a hand loses nobody, it only adds to the race."""
        if self.race:
            self.director.race_to = scoreboard.target(game.options, self.totals)
        self.director.buenas_above = game.rules.ui.buenas_above
        self.director.ultimas = game.kit.ultimas

        self.announcer = Announcer(self)
        self.director.announce = self.announcer.event
        self.director.speaking = lambda: app.voice.pending
        self.picker: Picker | None = None
        self.selected: set[int] = set()
        """Cards chosen to discard (Bato)."""
        self.focus: int | None = None
        self.keyboard = False
        """The focus was last moved with the keyboard (it then shows without hovering)."""
        self.turn_seen: tuple[int, int] | None = None
        """The player's turn the focus was last put on a legal card for: the hand and how
        much of it has been played (the hand's size does not tell, a draw keeps it)."""
        self.in_actions = False
        self.actions = FocusList([], horizontal=True)
        self.row_answers: dict[Action, Button] = {}
        """The buttons above the hand that take one action each (a cante, a swap)."""
        self.discard_button: Button | None = None
        """Bato's button that changes the cards picked (None: no discard now)."""
        self.actions_key: tuple[object, ...] | None = None
        self.pressed_card: int | None = None
        self.refusal: tuple[int, str, float] | None = None
        """A card the player tried to play and why not: (card, reason, seconds left)."""
        self.show_last = False
        self.toolbar = Toolbar([
            Tool(self.open_menu, menu_icon, N_("Menu (Esc)")),
            Tool(self.open_rules, help_icon, N_("Rules (F1)")),
            Tool(self.toggle_last, last_trick_icon, N_("Last trick (L)")),
            Tool(self.open_log, log_icon, N_("Play log (P)")),
        ])
        self.practice = Practice(self) if session.practice else None
        if self.practice is not None:
            self.toolbar.tools += self.practice.tools()
        self.texts: list[pygame.Rect] = []
        """Where the last frame drew the table's texts (the coach's pointer avoids them)."""
        self.coach = (coach or app.routes.opener)(self)
        self.controller.kept = not session.demo and session.coded is None and not (
            self.coach is not None and self.coach.lesson)

    # ------------------------------------------------------------------ setup
    @property
    def session(self) -> Session:
        return self.controller.session

    @property
    def kept(self) -> bool:
        """The player's own match: saved as it goes, counted in the statistics, asked
        about on leaving (a demo or a lesson is none of these)."""
        return self.controller.kept

    @property
    def speed(self) -> float:
        return SPEEDS.get(self.app.settings.animation, 1.0)

    @property
    def toolbar_rects(self) -> list[pygame.Rect]:
        return [tool.rect for tool in self.toolbar.tools]

    def enter(self) -> None:
        self.director.speed = self.speed
        self.director.wait_for_click = self.app.settings.trick_wait
        self.actions_key = None

    def largest_print(self, size: tuple[int, int]) -> float:
        """The plates hold their names and chips, and the panels their words, up to this
        much larger; the card indices grow with the whole setting (the deck's)."""
        return theme.CROWDED_PRINT

    def resize(self, size: tuple[int, int]) -> None:
        self.director.finish_all()
        self.relayout(size)

    def relayout(self, size: tuple[int, int]) -> None:
        """Seats, cards and panels for ``size`` and the seats as they now sit; the player's
        name in the language now chosen and the card back (the settings apply through
        here, even under a hand's result that shows the names)."""
        self.names[:] = texts.seat_names(self.session.game.n, self.session.demo,
                                         self.session.seat)
        self.cards = self.app.deck_images(self.session.deck)  # the back may have changed
        self.layout = self.make_layout(size)
        self.painter = self.make_painter()
        self.director.layout = self.layout
        self.toolbar.place(self.layout.toolbar(len(self.toolbar.tools)))
        self.actions_key = None

    def make_layout(self, size: tuple[int, int]) -> TableLayout:
        """Where everything sits in a window of ``size``, the seats as they now sit; the
        pot and the discards given their room only where the game has them."""
        game = self.session.game
        return TableLayout(size, game.n, self.cards.aspect, self.duel_seats(),
                           theme.print_scale, self.session.seat, self.cards.art.index,
                           pot=bool(self.view.chips),
                           discards=any(isinstance(p, DiscardDraw) for p in game.kit.phases))

    def duel_seats(self) -> tuple[int, ...]:
        """The two seats of Cabrero's final duel once it has started, else none."""
        view = self.view
        alive = tuple(s for s in range(view.n) if not view.retired[s])
        return alive if view.duel and len(alive) == 2 else ()

    def hand_summary(self) -> dict[str, object]:
        """The summary (record keys) of the hand the table shows, once it is scored: the
        engine may already be past it in a demo; a table opened on a scored hand shows the
        last."""
        summaries, n = self.session.game.summaries, self.view.hand_number
        if not summaries:
            return {}
        return summaries[n - 1 if 0 < n <= len(summaries) else -1].to_json()

    def headline(self, result: ev.HandScored) -> str:
        """The hand's headline, in its game's words where the file has them ("¡Julepe!"):
        the banner's, the result screen's and the spoken one."""
        return results.headline(result.reason, self.totals.pot, self.session.game.rules)

    def why(self, result: ev.HandScored) -> str:
        """Why the hand shown ended as it did, in its game's words: the banner's line and
        the result screen's."""
        game, view = self.session.game, self.view
        summary = self.hand_summary()
        teams = view.teams and isinstance(summary.get("team_points"), list)
        human = None if self.session.demo else self.session.seat
        return reasons.why(reasons.Hand(result, summary, self.names, human, view.playing,
                                        teams, game.options), game.kit.scoring_name)

    def make_painter(self) -> Painter:
        game = self.session.game
        return Painter(self.layout, self.cards, self.names, self.human, self.totals,
                       game.options, game.rules.ui.buenas_above)

    # ------------------------------------------------------------------ the game moving on
    def update(self, dt: float) -> None:
        self.painter.clock += dt
        if self.refusal:
            card, why, left = self.refusal
            self.refusal = (card, why, left - dt) if left > dt else None
        self.director.update(dt)
        keep = tally.TALLIES.get(self.session.game.kit.settlement_name)
        if keep is not None:
            keep(self.view, [s.extra for s in self.session.game.summaries])
        self.controller.report()
        if self.practice is not None:
            self.practice.update()
        if self.coach is not None:
            self.coach.update(dt)
        if self.layout.duel != self.duel_seats():  # the duel announced: face to face
            self.relayout(self.app.size)
        self.refresh_actions()
        controller = self.controller
        if controller.done or (self.coach is not None and self.coach.holds()):
            return
        controller.think()  # a computer may think while the table is still animating
        if self.director.busy:
            return
        self.focus_a_legal_card()
        view = self.view
        step = controller.advance(dt, COMPUTER_DELAY * self.speed, self.may_autoplay(),
                                  view.result is not None)
        if step.tick is Tick.AUTOPLAYED and step.card is not None:
            self.played(view.hand.index(step.card), step.events)
        elif step.tick is Tick.RESULT:
            assert view.result is not None
            result, view.result = view.result, None
            from tute.ui.table.hand_result import HandResultScene

            self.app.push(HandResultScene(self.app, self, result))
        elif step.tick is Tick.OVER:
            self.app.routes.match_end(self)
        elif step.tick is Tick.DEALT:
            self.director.feed(step.events)
            self.director.stock_dealt = self.session.game.observation(self.session.seat).stock_size
        elif step.tick is Tick.PLAYED:
            self.shown(step.events)

    def perform(self, action: Action) -> None:
        refused = self.coach.refuse_action(action) if self.coach is not None else None
        if refused is not None:  # a lesson waiting for another answer: say which
            if refused:
                self.app.notify(refused)
            return
        self.shown(self.controller.perform(action))

    def shown(self, events: list[ev.Event]) -> None:
        """What an action caused, animated; the question or buttons it answered go."""
        self.picker, self.selected = None, set()
        self.director.feed(events)
        self.actions_key = None

    def animating(self) -> bool:
        """Idle (False) only while the table waits for the player: nothing moves then."""
        if self.director.animating or self.refusal or self.autoplay_card() is not None:
            return True
        if self.session.partner_exchange() is not None:
            return True  # the partner gives his 7 before the player is asked
        if self.practice is not None and self.practice.thinking:
            return True
        if self.director.busy or self.controller.done:
            return False  # a trick held until the player clicks
        if self.coach is not None and self.coach.holds():
            return False  # a text is being read
        return not self.session.human_to_act

    def rescue(self) -> None:
        self.controller.rescue()

    # ------------------------------------------------------------------ the player's turn
    @property
    def can_play(self) -> bool:
        """The player is asked now: his turn, nothing moving, no partner's exchange to come
        first."""
        return (self.session.human_to_act and not self.director.busy
                and self.session.partner_exchange() is None)

    def refresh_actions(self) -> None:
        """Rebuild the buttons above the hand when what the player may do changes."""
        busy = self.director.busy
        choices = self.session.choices() if self.can_play else []
        sings = self.session.sing_options() if self.can_play else []
        accusations = [] if busy else self.session.accusations()
        key = (tuple(choices), tuple(sings), bool(accusations), self.app.size, language())
        if key == self.actions_key:
            return
        self.actions_key = key
        obs = self.session.game.observation(self.session.seat)
        self.picker = picker_for(choices, obs, self.names, self.perform, self.cards,
                                 self.view.doubles)
        if self.picker is not None:
            self.picker.place(self.layout)
        game = self.session.game
        self.row_answers = {a: Button(partial(texts.cante_button, a, game.trump,
                                              texts.cante_holder(a, game.hand, self.names)),
                                      partial(self.perform, a), primary=True) for a in sings}
        exchanges = self.session.exchanges() if self.can_play else []
        if exchanges and any(a.verb == "discard" for a in choices):
            # The turned card taken at the discard (§13): the card to give is the one
            # marked on the hand, so one button serves every card.
            self.row_answers[exchanges[0]] = Button(self.take_turned_label, self.take_turned)
        else:
            self.row_answers |= {a: Button(partial(texts.exchange_button, a.arg),
                                           partial(self.perform, a), primary=True)
                                 for a in exchanges}
        window = self.can_play and self.session.may_draw()
        if window:  # the window before the draw: exchange, or go on to the draw
            draw = Action(self.session.seat, DRAW, 0)
            self.row_answers[draw] = Button(texts.draw_button, partial(self.perform, draw))
        buttons: list[Button] = list(self.row_answers.values())
        self.discard_button = None
        if any(a.verb == "discard" for a in choices):
            self.discard_button = Button(self.discard_label, self.discard, primary=True)
            buttons.append(self.discard_button)
        if accusations:
            buttons.append(Button(N_("Accuse of revoking…"), self.open_accusation))
        # As wide as the longest label needs at its size (a dos: "Swap the seven of coins
        # for the muestra"), so that none is shrunk; the layout keeps the row on screen.
        size = self.app.px(16)
        width = max([self.app.px(250)] + [theme.font(size, True).size(label_text(b.label))[0]
                                           + self.app.px(40) for b in buttons])
        lay = self.layout
        width = min(width, (lay.size[0] - (len(buttons) + 1) * lay.margin) // max(1, len(buttons)))
        for b, rect in zip(buttons, self.layout.action_row(len(buttons), width), strict=True):
            b.rect = rect
            b.font_size = self.app.px(16)
        self.actions = FocusList(buttons, horizontal=True)
        if window:  # no card may be played: the keys go to the buttons at once
            self.in_actions = True
        if not buttons:
            self.in_actions = False
        if not self.in_actions:
            self.actions.focus = -1  # lit only under the pointer or after the Up key

    def discard_label(self) -> str:
        return texts.discard_button(len(self.selected))

    def discard(self) -> None:
        mask = sum(1 << c for c in self.selected)
        self.perform(Action(self.session.seat, "discard", mask))

    def take_turned_label(self) -> str:
        return texts.take_turned_button(len(self.selected))

    def take_turned(self) -> None:
        """Give the one marked card for the turned card; the discard turn goes on."""
        if len(self.selected) == 1:
            (card,) = self.selected
            self.selected = set()
            self.perform(Action(self.session.seat, EXCHANGE, card))

    def toggle_discard(self, index: int) -> None:
        """Bato: a click picks a card to change, or puts it back; no more than allowed."""
        card = self.view.hand[index]
        if card in self.selected:
            self.selected.discard(card)
        elif len(self.selected) < self.session.discard_limit():
            self.selected.add(card)

    def hand_count(self) -> int:
        return len(self.view.hand)

    def may_autoplay(self) -> bool:
        """Auto-play is on in the settings and no coach is speaking."""
        return self.app.settings.autoplay and self.coach is None

    def autoplay_card(self) -> int | None:
        """The card to play by itself, when auto-play may and the table is still (see
        TableController.autoplay_card)."""
        if not (self.may_autoplay() and self.can_play):
            return None
        return self.controller.autoplay_card()

    def focus_a_legal_card(self) -> None:
        """At the start of each of the player's turns the keyboard focus moves to a card
        that may be played (unless the pointer already rests on one)."""
        if not self.can_play:
            return
        turn = (self.view.hand_number, len(self.view.log))
        if turn == self.turn_seen:
            return
        self.turn_seen = turn
        lawful = self.session.lawful()
        if self.focus is None or self.focus >= self.hand_count() or (
                self.view.hand[self.focus] not in lawful):
            self.focus = self.first_legal()

    def first_legal(self) -> int | None:
        lawful = self.session.lawful()
        return next((i for i, c in enumerate(self.view.hand) if c in lawful), None)

    def card_point(self, card: int) -> tuple[int, int]:
        """A point on the visible part of ``card`` in the player's hand (tests click here)."""
        return self.layout.hand_point(self.hand_count(), self.view.hand.index(card))

    def try_play(self, index: int) -> None:
        if not 0 <= index < self.hand_count():
            return
        card = self.view.hand[index]
        refused = self.coach.refuse(card) if self.coach is not None else None
        if self.session.discarding and refused is None:
            self.toggle_discard(index)
            return
        if self.picker is not None:
            return
        if refused is not None:
            self.refusal = (card, refused, REASON_SECONDS)
            return
        try:
            events = self.controller.play(card)
        except IllegalAction:
            why = self.session.why_illegal(card)
            text = refusal(why) if why is not None else _("Not your turn")
            if self.session.may_draw():  # the player's own window: what it asks first
                text = texts.draw_first(bool(self.session.exchanges()))
            self.refusal = (card, text, REASON_SECONDS)
            return
        self.played(index, events)

    def played(self, index: int, events: list[ev.Event]) -> None:
        """The card at ``index`` was played (by the player, or by itself): its events
        animated, the focus kept near it for the keyboard."""
        self.refusal = None
        self.shown(events)
        self.focus = min(index, self.hand_count() - 2) if self.keyboard else None

    def open_accusation(self) -> None:
        choices: list[DialogChoice] = [(self.names[a.arg], partial(self.perform, a), False)
                                       for a in self.session.accusations()]
        choices.append((N_("Cancel"), lambda: None, False))
        self.app.push(Dialog(self.app, N_("Accuse of revoking"),
                             N_("Whom do you accuse? If they did not revoke, you lose the "
                                "hand."),
                             choices, vertical=True))

    # ------------------------------------------------------------------ menus
    def open_menu(self) -> None:
        self.app.push(Dialog(self.app, N_("Paused"), "", [
            (N_("Resume"), lambda: None, True),
            (N_("Rules"), self.open_rules, False),
            (N_("Settings"), self.open_settings, False),
            (N_("Leave the table"), self.confirm_leave, False),
        ], vertical=True, cancel=0))

    def open_rules(self) -> None:
        game = self.session.game
        self.app.routes.rules(game.rules.ref, game.options, game.rules)

    def open_settings(self) -> None:
        self.app.routes.settings()

    def toggle_last(self) -> None:
        self.show_last = not self.show_last and self.view.last_trick is not None

    def open_log(self) -> None:
        from tute.ui.table.play_log import PlayLogScene

        self.app.push(PlayLogScene(self.app, self.view.log, self.names, self.human,
                                   self.view.hand_number))

    def confirm_leave(self, quitting: bool = False) -> None:
        if not self.kept:
            self.leave_table(quitting, save=False)
            return
        title = N_("Quit the game?") if quitting else N_("Leave the match?")
        message = N_("Save the match to carry on later from the menu?")
        self.app.push(Dialog(self.app, title, message, [
            (N_("Save and quit") if quitting else N_("Save and leave"),
             lambda: self.leave_table(quitting, save=True), True),
            (N_("Quit without saving") if quitting else N_("Leave without saving"),
             lambda: self.leave_table(quitting, save=False), False),
            (N_("Cancel"), lambda: None, False),
        ]))

    def leave_table(self, quitting: bool, save: bool) -> None:
        controller = self.controller
        if self.kept and not (controller.save_now() if save else controller.clear()):
            return
        controller.forget_pending()
        if quitting:
            self.app.quit()
            return
        self.app.routes.menu()

    def request_quit(self) -> bool:
        if not self.kept or self.session.game.is_over:
            return False
        self.confirm_leave(quitting=True)
        return True

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        """One event; a key that answered a question, played a card or closed a panel
        acts once: held, it does nothing more until let go (its repeats would answer what
        comes next)."""
        shown = (self.coach, self.picker, self.actions_key)
        self.react(event)
        if event.type == pygame.KEYDOWN and (self.coach, self.picker, self.actions_key) != shown:
            self.app.held.settle()

    def react(self, event: pygame.event.Event) -> None:
        if self.coach is not None and self.coach.handle_event(event):
            return
        if self.show_last and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.show_last = False
            return
        if event.type == pygame.KEYDOWN and self.announcer.ask(event.key):
            return
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_ESCAPE: self.open_menu, pygame.K_F1: self.open_rules,
                    pygame.K_l: self.toggle_last, pygame.K_p: self.open_log,
                    **(self.practice.keys() if self.practice is not None else {})}
            if event.key in keys:
                keys[event.key]()
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and (
                self.toolbar.click(event.pos)):
            return
        if self.goes_on(event) and self.director.release():
            if event.type == pygame.KEYDOWN:  # held, it would play the next lead
                self.app.held.settle()
            return
        if event.type == pygame.KEYDOWN and self.shortcut(event):
            return
        if self.picker is not None and self.can_play:
            self.picker.handle_event(event)
            return
        if self.actions.widgets and (self.in_actions or event.type != pygame.KEYDOWN):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_DOWN:
                self.in_actions = False
                self.actions.focus = -1
                return
            if self.actions.handle_event(event):
                return
        if self.can_play:
            self.hand_event(event)

    def shortcut(self, event: pygame.event.Event) -> bool:
        """Tab goes from the hand to the buttons above it, one by one, and back (Shift+Tab
        the other way); Ctrl+Enter confirms Bato's discard from anywhere (Enter marks a
        card). True when the key was one of these."""
        if event.key == pygame.K_TAB and self.actions.widgets and self.picker is None:
            stops = [-1, *range(len(self.actions.widgets))]  # -1: the hand
            here = stops.index(self.actions.focus if self.in_actions else -1)
            there = stops[(here + (-1 if event.mod & pygame.KMOD_SHIFT else 1)) % len(stops)]
            self.in_actions = there >= 0
            self.actions.focus = there
            self.actions.keys_moved, self.actions.keys_from = True, self.actions.pointer
            return True
        if (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and event.mod & pygame.KMOD_CTRL
                and self.can_play and self.session.discarding):
            self.discard()
            return True
        return False

    def spoken_title(self) -> str:
        """A panel open over the table (a bid, a choice of trumps): its question."""
        picker = self.picker
        if picker is None:
            return ""
        return sentences(label_text(picker.title), *picker.lines)

    def spoken_focus(self) -> str:
        """Speech follows the keyboard: the panel's control, a button above the hand, or
        the card reached in the hand (and whether it may be played)."""
        buttons = self.coach.buttons() if self.coach is not None else None
        if buttons is not None:
            return buttons.spoken()
        if self.picker is not None:
            return self.picker.focus.spoken()
        if self.in_actions:
            return self.actions.spoken()
        if self.can_play and self.focus is not None and self.focus < self.hand_count():
            card = self.view.hand[self.focus]
            name = card_name(card)
            return name if card in self.session.lawful() else _(
                "{card}, cannot be played").format(card=name)
        return ""

    @staticmethod
    def goes_on(event: pygame.event.Event) -> bool:
        """A click or Space/Enter: what lets a trick held for the player go on."""
        return (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in ACTIVATE_KEYS)

    def hand_event(self, event: pygame.event.Event) -> None:
        count = self.hand_count()
        if event.type == pygame.MOUSEMOTION:
            hit = self.layout.hand_hit(count, event.pos, self.focus)
            if hit is not None:  # leaving the hand keeps the focus where it was
                self.focus, self.keyboard = hit, False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed_card = self.layout.hand_hit(count, event.pos, self.focus)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.layout.hand_hit(count, event.pos, self.focus)
            if hit is not None and hit == self.pressed_card:
                self.try_play(hit)
            self.pressed_card = None
        elif event.type == pygame.KEYDOWN and count:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = -1 if event.key == pygame.K_LEFT else 1
                if self.focus is None:
                    self.focus = self.first_legal()
                else:
                    self.focus = max(0, min(count - 1, self.focus + step))
                self.keyboard = True
            elif event.key == pygame.K_UP and self.actions.widgets:
                self.in_actions = True
                self.actions.focus_first()
            elif event.key in ACTIVATE_KEYS and self.focus is not None:
                self.try_play(self.focus)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        session, painter, lay = self.session, self.painter, self.layout
        active = self.can_play
        if self.focus is not None and self.focus >= self.hand_count():
            self.focus = None
        hand = self.hand_state(active)
        busy = self.director.busy
        outer = theme.drawn_log  # someone else's record (a test's) gets the texts too
        theme.drawn_log = self.texts = []  # what the coach's pointer must not cross
        painter.draw(surface, self.view, hand, None if busy else session.to_act,
                     None if busy else session.thinking, pulse=not session.human_to_act)
        for anim in self.director.running:
            anim.draw(surface, painter)
        if self.picker is not None and active:
            self.picker.draw(surface)
        self.actions.draw(surface)
        self.toolbar.draw(surface, self.app.px(14))
        hinted = active and self.focus is not None and self.draw_card_hint(surface, hand)
        if active and not hinted and not self.refusal:
            self.draw_prompt(surface)
        if self.refusal and self.refusal[0] in self.view.hand:
            card, why, _left = self.refusal
            spot = lay.hand(self.hand_count())[self.view.hand.index(card)]
            painter.tooltip(surface, why, (spot.x, spot.y - lay.card_h / 2 - lay.raise_by))
        if self.practice is not None:
            self.practice.draw(surface)
        if self.show_last and self.view.last_trick is not None:
            painter.last_trick(surface, self.view.last_trick)
        theme.drawn_log = outer
        if outer is not None:
            outer.extend(self.texts)
        if self.coach is not None:
            self.coach.draw(surface)

    def hand_state(self, active: bool) -> HandState:
        """How the hand is lit: legal cards when playing; every card, the chosen ones
        raised, while discarding; none while a panel asks something else."""
        session = self.session
        if active and session.discarding:
            hand = set(self.view.hand)
            return HandState(True, hand, hand, self.focus, frozenset(self.selected))
        if self.picker is not None:
            return HandState()
        return HandState(active, session.playable(), session.lawful(),
                         self.focus if active else None)

    def draw_prompt(self, surface: pygame.Surface) -> None:
        lay = self.layout
        y = lay.hand_y - lay.card_h / 2 - lay.raise_by - self.app.px(8)
        if self.actions.widgets:
            y = self.actions.widgets[0].rect.top - self.app.px(8)
        if self.picker is not None:
            return
        message = _("Your turn")
        if self.session.discarding:
            n = self.session.discard_limit()
            message = ngettext("Pick up to {n} card to change, then confirm",
                               "Pick up to {n} cards to change, then confirm", n).format(n=n)
        elif self.session.sing_options():
            message = _("Your turn — you may sing before leading")
        elif self.session.may_draw():
            message = _("Your trick — swap for the muestra, or draw")
        elif self.session.exchanges():
            message = _("Your turn — you may swap for the muestra")
        rect = theme.draw_text(surface, message, (lay.size[0] / 2, y), self.app.px(17),
                               theme.GOLD, bold=True, anchor="midbottom", shadow=True)
        if self.session.discarding:
            theme.draw_text(surface, _("Enter marks a card, Ctrl+Enter changes them"),
                            (lay.size[0] / 2, rect.top), self.app.px(14), theme.INK,
                            anchor="midbottom", shadow=True)

    def draw_card_hint(self, surface: pygame.Surface, hand: HandState) -> bool:
        """Why the card under the pointer (or keyboard focus) may not be played; False when
        there is nothing to say."""
        assert self.focus is not None
        card = self.view.hand[self.focus]
        if card in hand.lawful or (self.refusal and self.refusal[0] == card):
            return False
        why = self.session.why_illegal(card)
        if why is None:
            return False
        message = refusal(why)
        if card in hand.playable:
            message += " " + _("(playing it would be a revoke)")
        lay = self.layout
        spot = lay.hand(self.hand_count())[self.focus]
        self.painter.tooltip(surface, message, (spot.x, spot.y - lay.card_h / 2 - lay.raise_by))
        return True
