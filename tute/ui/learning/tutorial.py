"""The lesson player: one guided hand of any game, dealt and played from its lesson file
(``assets/lessons/GAME.yaml``), with a coach that explains each thing on the real table as
it happens.

Every card is scripted, the computers' and the player's: the lessons only stay true if the
hand goes as written, so the player is asked for one action at each turn (another card gets
a kind word, not a play) and the legal cards stay lit as in a real match, which is itself
part of the lesson. What a lesson deals, plays and says is all in its file; this module
knows no game.

The lesson is never saved as the interrupted match nor counted in the statistics; Escape
leaves it for the menu at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tute import filetext
from tute.cardnames import card_name
from tute.cards import cards_of, parse_card
from tute.engine import DEAL, Action, Game
from tute.engine import events as ev
from tute.engine.actions import DISCARD, EXCHANGE, PASS, PLAY, QUESTION_VERBS, SING
from tute.i18n import N_, _, ruleset_text
from tute.lessons import SCORED, START, Lesson, Step, lesson_names, load_lesson
from tute.rules import load_ruleset
from tute.ui.shell.dialog import Dialog
from tute.ui.table.coach import Coach, CoachBox
from tute.ui.table.pickers import CardButton
from tute.ui.table.session import Session
from tute.ui.widgets.controls import ACTIVATE_KEYS, Button, FocusList, label_text
from tute.ui.words import games, texts
from tute.ui.words.sayings import said

if TYPE_CHECKING:
    from tute.ui.shell.app import App
    from tute.ui.table.scene import TableScene

FIRST = "cabrero"
"""The lesson the menu's Tutorial and the first start's offer begin with."""

OVER = SCORED + 1
"""The hand over, its result seen (SCORED: scored, its result not yet shown)."""


class LessonSession(Session):
    """The lesson's match: its deal and every computer action come from the script."""

    def __init__(self, lesson: Lesson) -> None:
        super().__init__(Game(load_ruleset(lesson.rules), lesson.options, seed=0), "easy",
                         demo=False)
        self.lesson = lesson
        self.script = lesson.actions

    def deal(self) -> list[ev.Event]:
        lesson = self.lesson
        return self._seen(self.game.deal(lesson.deal, lesson.rest, lesson.dealer))

    def think(self) -> None:
        """Nothing to think over: the script says what each computer plays."""

    def decision(self) -> Action | None:
        logs = self.game.logs
        done = len(logs[-1].actions) if logs else 0
        action = self.script[done] if done < len(self.script) else None
        return action if action is not None and action.seat == self.to_act else None


class LessonCoach(Coach):
    """Shows each step when its moment comes, waits for Continue on the ones to read, and
    asks for the script's action on the player's turns."""

    lesson = True

    def __init__(self, table: TableScene, goal: int = 0) -> None:
        super().__init__(table)
        self.goal = goal
        """Steps answered by themselves first (``tute lesson --step``: a screenshot of a
        lesson's moment)."""
        session = table.session
        assert isinstance(session, LessonSession)
        self.file = session.lesson
        self.steps = self.file.steps
        self.index = 0
        """The step being shown or waited for."""
        self.box = CoachBox(table.app, [Button(N_("Continue"), self.next, primary=True)])
        self.play_box = CoachBox(table.app)
        self.pointed: int | None = None
        """The step whose card the focus was put on."""
        self.ended = False

    @property
    def step(self) -> Step | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    def moment(self) -> int:
        table = self.table
        logs = table.session.game.logs
        if not logs:
            return START
        if table.session.game.phase == DEAL:
            return SCORED if table.view.result is not None else OVER
        return len(logs[-1].actions)

    def due(self) -> Step | None:
        """The step whose moment is now, once the table has shown everything up to it."""
        step = self.step
        table = self.table
        if step is None or table.director.busy or step.at != self.moment():
            return None
        if step.do is not None and not table.can_play:
            return None
        return step

    def next(self) -> None:
        self.index += 1

    def wanted(self, step: Step) -> Action:
        """The action the step waits for (a step that is read has none)."""
        assert step.do is not None
        return step.do

    # ------------------------------------------------------------------ the table asks
    def holds(self) -> bool:
        step = self.due()
        return (step is not None and step.do is None) or self.moment() == OVER

    def refuse(self, card: int) -> str | None:
        step = self.due()
        if step is None or step.do is None:
            return None
        action = step.do
        if action.verb == DISCARD:  # a card picked to change: only the lesson's
            if action.arg >> card & 1 or card in self.table.selected:
                return None
            return self.asked(action)
        if card not in self.table.session.playable():
            return None  # a card the rules forbid: the table says why
        if action.verb == PLAY and card == action.arg:
            return None
        return self.asked(action)

    def refuse_action(self, action: Action) -> str | None:
        step = self.due()
        if step is None or step.do is None:
            return ""  # a text being read: Continue first, as its box says
        return None if step.do == action else self.asked(step.do)

    def asked(self, action: Action) -> str:
        """What the lesson asks for now, said to a player who did something else (a card,
        another button, another bid)."""
        if action.verb == PLAY:
            return _("In this lesson, play {card}.").format(card=card_name(action.arg))
        if action.verb == DISCARD:
            if not action.arg:
                return _("In this lesson, keep your cards.")
            return _("In this lesson, change {cards}.").format(cards=texts.names_list(
                [card_name(c) for c in cards_of(action.arg)]))
        if action.verb == SING:
            return _("First sing: press “{button}” above your cards.").format(
                button=self.button(action))
        return _("In this lesson, first choose “{button}”.").format(button=self.button(action))

    def button(self, action: Action) -> str:
        """The words on the button or choice that takes ``action``."""
        picker = self.table.picker
        widget = picker.widget_for(action) if picker is not None else None
        if isinstance(widget, (Button, CardButton)):  # as the panel words it ("Contro (×4)")
            return label_text(widget.label)
        if action.verb == SING:
            game = self.table.session.game
            return texts.cante_button(action, game.trump,
                                      texts.cante_holder(action, game.hand, self.table.names))
        if action.verb == EXCHANGE:
            return texts.exchange_button(action.arg)
        if action.verb == DISCARD:
            return texts.discard_button(action.arg.bit_count())
        return said(action.verb, action.arg, self.table.view.doubles)

    def buttons(self) -> FocusList | None:
        """Continue, while a text is read (a step that asks for a move has no button)."""
        step = self.due()
        return self.box.focus if step is not None and step.do is None else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.leave_table(quitting=False, save=False)
            return True
        step = self.due()
        if step is None or step.do is not None:
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
        if self.index < self.goal and (due := self.due()) is not None:
            self.answer(due)
        moment = self.moment()
        while (step := self.step) is not None and step.do is not None and moment > step.at:
            self.index += 1  # its action was taken
        step = self.due()
        if step is not None and step.do is not None and self.pointed != self.index:
            action = step.do
            hand = self.table.view.hand
            picker = self.table.picker
            if action.verb == PLAY:
                if action.arg not in hand:
                    return  # not dealt yet: next frame
                self.table.focus, self.table.keyboard = hand.index(action.arg), True
            elif picker is not None:  # Enter gives the answer asked for
                widget = picker.widget_for(action)
                if widget in picker.focus.widgets:
                    picker.focus.focus = picker.focus.widgets.index(widget)
            elif action.verb in QUESTION_VERBS or action.verb == PASS:
                return  # the panel that asks is not up yet: next frame
            elif action.verb == DISCARD and action.arg:  # Enter picks its first card
                self.table.focus = hand.index(cards_of(action.arg)[0])
                self.table.keyboard = True
            else:  # Enter presses the button (a cante, an exchange, keeping the cards)
                self.table.in_actions = True
                self.table.actions.focus_first()
            self.pointed = self.index
        if moment == OVER and not self.ended and not self.table.director.busy:
            self.ended = True
            self.finish()

    def answer(self, step: Step) -> None:
        """Do what the step asks, as the player would: Continue, its card, its button."""
        table = self.table
        if step.do is None:
            self.next()
        elif step.do.verb == PLAY:
            table.try_play(table.view.hand.index(step.do.arg))
        else:
            table.perform(step.do)

    # ------------------------------------------------------------------ the end
    def finish(self) -> None:
        """The hand is over and its result seen: what next."""
        app = self.table.app
        game = self.file.rules
        if game not in app.settings.introduced:
            app.settings.introduced.append(game)
            app.save_settings()
        app.push(Dialog(app, ruleset_text(self.file.end_title),
                        ruleset_text(self.file.end_text),
                        [(N_("Play a real match"), lambda: app.routes.new_game(game), True),
                         (N_("Back to the menu"), app.routes.menu, False)]))

    # ------------------------------------------------------------------ drawing
    def words(self, step: Step) -> tuple[str, str]:
        """The step's title and text in the player's language, with its names filled in."""
        table = self.table
        names = table.names
        view = table.view
        n = len(names)
        fill = {"right": names[1], "across": names[n // 2], "left": names[n - 1]}
        fill.update({f"seat{s}": name for s, name in enumerate(names)})
        if step.do is not None:
            if step.do.verb == PLAY:
                fill["card"] = card_name(step.do.arg)
            else:
                fill["button"] = self.button(step.do)
        if view.trick:
            fill["led"] = card_name(view.trick[0][1])
            winner = view.winning()
            fill["winning"] = card_name(dict(view.trick)[winner]) if winner is not None else ""
        result = view.result
        if result is not None:
            fill["totals"] = texts.names_list([f"{names[s]}: {texts.number(p)}"
                                               for s, p in enumerate(result.points)])
            fill["losers"] = texts.names_list([names[s] for s in result.losers])
            fill["sides"] = self.sides(result)
        if not step.text:  # a turn with nothing new to say: only what to do
            if step.do is not None and step.do.verb == PLAY:
                return _("Your turn"), _("Play {card}.").format(**fill)
            return _("Your turn"), _("Press “{button}”.").format(**fill)
        return (filetext.fill(ruleset_text(step.title), fill),
                filetext.fill(ruleset_text(step.text), fill))

    def sides(self, result: ev.HandScored) -> str:
        """Each side's players and points ("You and Ana: 98; Bea and Carlos: 32"), the
        side that won first; empty in a game where everyone plays for himself."""
        hand = self.table.session.game.hand
        if not (hand.kit.teams or hand.kit.declarer_sides):
            return ""
        names = self.table.names
        order = sorted(range(len(result.side_points)), key=lambda side: side != result.winner_side)
        return "; ".join(
            "{}: {}".format(texts.names_list([names[s] for s in sorted(hand.playing)
                                              if hand.side_of[s] == side]),
                            texts.number(result.side_points[side])) for side in order)

    def target(self, step: Step) -> pygame.Rect | None:
        """Where on the screen the thing the step points at is (None: not there now)."""
        table = self.table
        lay, hand = table.layout, table.view.hand
        what, _sep, arg = step.point.partition(" ")
        if what == "trump":
            return lay.trump_panel()
        if what == "seat":
            return lay.plate_rect(int(arg))
        if what == "button":
            return table.actions.widgets[0].rect if table.actions.widgets else None
        if what == "score":
            rect = table.painter.score_rect
            return rect if rect.width else None
        if what == "question":
            return table.picker.rect if table.picker is not None else None
        if what == "choice":
            return self.choice_rect(self.wanted(step))
        if what == "trick":
            rects = [spot_rect(lay.trick_spot(seat).pos, lay.trick_w, lay.trick_h)
                     for seat, _card in table.view.trick]
            return rects[0].unionall(rects[1:]) if rects else None
        if what == "stock":
            return spot_rect(lay.stock_spot().pos, lay.stock_h, lay.stock_h)
        if what == "muestra":  # the card and its label under it (the stock may lie on it)
            if table.view.table_card is None:
                return None
            muestra = spot_rect(lay.table_card_spot().pos, lay.trick_w, lay.trick_h)
            return muestra.union(muestra.move(0, table.app.px(24)))
        cards = [card_rect(table, i) for i in range(len(hand))]
        if what == "hand" and cards:
            return cards[0].unionall(cards[1:])
        if what == "card":
            card = parse_card(arg) if arg else self.wanted(step).arg
            return cards[hand.index(card)] if card in hand else None
        return None

    def choice_rect(self, action: Action) -> pygame.Rect | None:
        """Where the player takes ``action`` now: its answer in the question panel, its
        button above the hand, or, for a discard, the next of its cards to pick and then
        the button that changes them (None: nowhere on the table now)."""
        table = self.table
        if table.picker is not None:
            widget = table.picker.widget_for(action)
            return widget.rect if widget is not None else None
        if action.verb == DISCARD:
            hand = table.view.hand
            left = [c for c in cards_of(action.arg) if c not in table.selected]
            if left and left[0] in hand:
                return card_rect(table, hand.index(left[0]))
            button = table.discard_button
            return button.rect if button is not None and not left else None
        button = table.row_answers.get(action)
        return button.rect if button is not None else None

    def floor(self, target: pygame.Rect, x: int, width: int) -> int:
        """Where a panel over the hand ends: above ``target`` with room for the prompt, or
        above the row of buttons over the cards and the prompt lines stacked on it, in the
        panel's column (Bato's discard)."""
        table, px = self.table, self.table.app.px
        buttons = [w.rect.top for w in table.actions.widgets]
        if not buttons or min(buttons) >= target.top:
            return target.top - px(46)
        top = min(buttons)
        column = pygame.Rect(x - width // 2, 0, width, table.layout.size[1])
        for rect in sorted(table.texts, key=lambda r: -r.bottom):
            if top - px(12) <= rect.bottom <= top and column.colliderect(rect):
                top = rect.top
        return top - px(16)

    def draw(self, surface: pygame.Surface) -> None:
        step = self.due()
        if step is None:
            return
        table, px = self.table, self.table.app.px
        lay = table.layout
        x, width = self.column(px(800))
        top = min((lay.plate_rect(s) for s in range(1, len(table.names))), key=lambda r: r.top)
        at, anchor = (x, top.bottom + px(6)), "midtop"  # under the topmost player's plate
        target = None if table.refusal else self.target(step)
        question = table.picker.rect if table.picker is not None else None
        if question is not None and target is not None and question.colliderect(target):
            # An answer in the question panel: the panel sits over the question as wide as
            # it, clear of its title and lines and of the players' plates beside it.
            width = min(width, max(question.width, px(480)))
            at, anchor = (question.centerx, question.top - px(12)), "midbottom"
        elif target is not None and target.top > lay.size[1] / 2 and not table.view.trick:
            # Nothing on the felt to keep clear: the panel sits just above what it shows,
            # and above the buttons and the prompt over the cards (Bato's discard).
            at, anchor = (x, self.floor(target, x, width)), "midbottom"
        title, text = self.words(step)
        # A card to play: no button row, so the panel stays clear of the trick.
        box, footer = (self.play_box, "") if step.do is not None else (
            self.box, _("Esc: leave the lesson"))
        lines = text.split("\n")
        height = box.height(lines, width, footer)
        picker = table.picker if table.can_play else None
        if picker is not None:  # a question on the table: its words stay in sight
            above = picker.rect.top - px(8)
            fits = above - height >= top.bottom + px(6)
            at, anchor = ((x, above), "midbottom") if fits else (
                (x, picker.rect.bottom + px(8)), "midtop")
        elif anchor == "midtop" and (trick := self.target(Step(0, {}, {}, "trick"))):
            # Plates low on the sides (three players): under the trick, not over it, clear
            # of what is written on its lower edge (who takes it: "Wins"), down to where a
            # raised card's index begins.
            hand_top = lay.hand_y - lay.card_h / 2 - lay.raise_by + round(lay.card_h * 0.03)
            below = max([trick.bottom + px(8), *(r.bottom + px(3) for r in table.texts
                                                 if r.colliderect(trick.inflate(0, px(16))))])
            if at[1] + height > trick.top and below + height <= hand_top:
                at = (x, below)
        if anchor == "midbottom" and picker is None:
            width = self.between_plates(box, lines, footer, width, at)
        box.draw(surface, title, lines, width, at, anchor,
                 corner=f"{self.index + 1}/{len(self.steps)}", footer=footer, target=target,
                 avoid=table.texts)

    def between_plates(self, box: CoachBox, lines: list[str], footer: str, width: int,
                       at: tuple[int, int]) -> int:
        """How wide a panel standing on ``at`` may be to leave the plates at the sides in
        sight: as wide as ``width`` where it is clear of them, narrower where it reaches
        them (large print's larger hand lifts it to their height)."""
        lay, px = self.table.layout, self.table.app.px
        rect = pygame.Rect(0, 0, width, box.height(lines, width, footer))
        rect.midbottom = at
        plates = [p for p in map(lay.plate_rect, lay.others)
                  if p.colliderect(rect.inflate(px(8), 0)) and p.bottom > rect.top]
        if not plates:
            return width
        left = max([0, *(p.right for p in plates if p.centerx < at[0])])
        right = min([lay.size[0], *(p.left for p in plates if p.centerx > at[0])])
        return max(px(320), min(width, 2 * min(at[0] - left, right - at[0]) - 2 * lay.margin))


def card_rect(table: TableScene, index: int) -> pygame.Rect:
    """Where card ``index`` of the player's hand is on screen (raised when focused)."""
    lay = table.layout
    spot = lay.hand(len(table.view.hand))[index]
    rect = pygame.Rect(0, 0, lay.card_w, lay.card_h)
    lift = lay.raise_by if index == table.focus and table.can_play else 0
    rect.center = (round(spot.x), round(spot.y - lift))
    return rect


def spot_rect(center: tuple[float, float], width: int, height: int) -> pygame.Rect:
    rect = pygame.Rect(0, 0, width, height)
    rect.center = (round(center[0]), round(center[1]))
    return rect


def start_tutorial(app: App, game: str = FIRST, upto: int = 0) -> None:
    """The game's lesson at the table, whatever match may be saved (it stays as it is);
    ``upto`` steps answered by themselves first."""
    from tute.ui.table.scene import TableScene

    app.replace_all(TableScene(app, LessonSession(load_lesson(game)),
                               coach=lambda table: LessonCoach(table, upto)))


def offer_lesson(app: App, game: str) -> None:
    """The first time a game new to the player is chosen: its lesson first? Asked once."""
    settings = app.settings
    if game in settings.introduced or game in settings.lessons_offered or \
            game not in lesson_names():
        return
    settings.lessons_offered.append(game)
    app.save_settings()
    app.push(Dialog(app, lambda: _("New to {game}?").format(game=games.name(game)),
                    N_("A guided hand shows you, step by step, what makes this game itself."),
                    [(N_("Play the lesson"), lambda: start_tutorial(app, game), True),
                     (N_("Not now"), lambda: None, False)]))

