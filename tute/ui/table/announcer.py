"""The table in words, for speech: each engine event as the table shows it, and what a
player who cannot see the table asks for with a key (the hand, the legal cards, the
trick, the score, whose turn, the last trick, the trumps and cantes).

The director hands over every event as it starts its animation (``Director.announce``),
so speech follows the table: one place for every game, worded from the events alone.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby
from typing import TYPE_CHECKING

import pygame

from tute.cardnames import card_name, or_list, rank_name, suit
from tute.engine import events as ev
from tute.i18n import N_, _, ngettext
from tute.speech.voice import sentences
from tute.ui.table import scoreboard
from tute.ui.table.view import HIDDEN
from tute.ui.words import sayings, texts

if TYPE_CHECKING:
    from tute.ui.table.scene import TableScene

KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7)
"""The keys that ask, in the order of ``Announcer.answers`` (the number row: the same on
every keyboard layout the game's languages use)."""
KEY_HELP = (N_("F2 or V: speech on or off, on any screen"), N_("1: your hand, suit by suit"),
            N_("2: the cards you may play"), N_("3: the cards on the table"),
            N_("4: the score"), N_("5: whose turn it is"), N_("6: the last trick"),
            N_("7: trumps and the cantes sung"))
"""The speech keys, as the rules help (F1) lists them."""


SCREEN_KEY_HELP = (
    N_("Tab and Shift+Tab: from one part of the screen to the next"),
    N_("Up and Down (Left and Right in a row of buttons): from control to control"),
    N_("Left and Right on an option: change its value"),
    N_("Enter or Space: press the button or choose the row with the focus"),
    N_("Home and End, Page Up and Page Down: the ends of a list, a page of it"),
    N_("Escape: back (at the table, the pause menu)"),
    N_("R, with speech on: read the whole screen (every figure of the statistics, a hand's "
       "result, the match's end, a review's page)"))
"""The keys of every screen, as the rules help (F1) lists them after the speech keys."""


def key_help() -> list[tuple[str, str]]:
    """The rules help's sections on speech and the keys of every screen: a heading and a
    bullet per key."""
    return [("gap", ""), ("h2", _("Speech keys at the table")),
            ("para", _("With speech on (F2 or V, Settings or --speech), the table says each card "
                       "played, each trick, cante and result, and answers these keys:")),
            *(("bullet", _(line)) for line in KEY_HELP),
            ("gap", ""), ("h2", _("Keys on every screen")),
            ("para", _("Every screen works with the keyboard alone; a white and black ring "
                       "shows the focus, and speech says each control it reaches:")),
            *(("bullet", _(line)) for line in SCREEN_KEY_HELP)]


def cards_by_suit(cards: list[int]) -> str:
    """ "coins: the ace, the three; cups: the king" — a hand read suit by suit."""
    groups = [_("{suit}: {ranks}").format(suit=suit(s), ranks=", ".join(
        rank_name(c) for c in same)) for s, same in groupby(cards, key=lambda c: c // 12)]
    return "; ".join(groups) if groups else _("no cards")


class Announcer:
    def __init__(self, table: TableScene) -> None:
        self.table = table

    @property
    def names(self) -> list[str]:
        return self.table.names

    def said_by(self, seat: int, other: str, you: str, **more: object) -> str:
        """A sentence about ``seat``: ``you`` (a message id) when it is the player's."""
        return _(you if seat == self.table.human else other).format(name=self.names[seat],
                                                                     **more)

    def say(self, line: str) -> None:
        self.table.app.voice.say(line)

    # ------------------------------------------------------------------ as it happens
    def event(self, e: ev.Event) -> None:
        """``e`` has just started on the table: say it (what it has no words for, nothing)."""
        words = getattr(self, "on_" + type(e).__name__, None)
        if words is not None and self.table.app.voice.on:
            self.say(words(e))

    def on_HandStarted(self, e: ev.HandStarted) -> str:
        dealing = self.said_by(e.dealer, N_("{name} is dealing."), N_("You are dealing."))
        return sentences(_("Hand {n}").format(n=e.number), dealing)

    def on_CardsDealt(self, _e: ev.CardsDealt) -> str:
        view = self.table.view
        if self.table.human is None:
            return _("The cards are dealt.")
        return _("The cards are dealt. Your hand: {cards}").format(cards=cards_by_suit(view.hand))

    def on_TrumpShown(self, e: ev.TrumpShown) -> str:
        trumps = _("Trumps: {suit}.").format(suit=suit(e.suit))
        if e.card is None:
            return trumps
        if e.holder is None:
            return _("The muestra is {card}.").format(card=card_name(e.card)) + " " + trumps
        return self.said_by(e.holder, N_("{name} shows {card}."), N_("You show {card}."),
                            card=card_name(e.card)) + " " + trumps

    def on_Exchanged(self, e: ev.Exchanged) -> str:
        if e.secret and e.seat != self.table.human:
            return _("{name} exchanges a card.").format(name=self.names[e.seat])
        return self.said_by(e.seat, N_("{name} gives {gave} and takes {took}."),
                            N_("You give {gave} and take {took}."), gave=card_name(e.gave),
                            took=card_name(e.took))

    def on_CardPlayed(self, e: ev.CardPlayed) -> str:
        return _("{name}: {card}").format(name=self.names[e.seat], card=card_name(e.card))

    def on_TrickTaken(self, e: ev.TrickTaken) -> str:
        taken = texts.deed("takes", e.seat, self.names, self.table.human)
        points = ngettext("{n} point", "{n} points", e.points).format(n=e.points)
        line = _("{taken}, {points}.").format(taken=taken, points=points)
        held = self.table.director.wait_for_click and self.table.human is not None
        return sentences(line, _("The last trick.") if e.last else "",
                         _("Click or press Space to go on") if held else "")

    def on_Sung(self, e: ev.Sung) -> str:
        return self.said_by(e.seat, N_("{name} sings: {call}"), N_("You sing: {call}"),
                            call=texts.cante_call(e.cante, e.forced))

    def on_CardDrawn(self, e: ev.CardDrawn) -> str:
        if e.card != HIDDEN and (e.public or e.seat == self.table.human):
            return self.said_by(e.seat, N_("{name} draws {card}."), N_("You draw {card}."),
                                card=card_name(e.card))
        return _("{name} draws.").format(name=self.names[e.seat])

    def on_Spoke(self, e: ev.Spoke) -> str:
        return _("{name}: {words}").format(name=self.names[e.seat],
                                           words=sayings.said(e.verb, e.arg,
                                                              self.table.view.doubles))

    def on_TakenOver(self, e: ev.TakenOver) -> str:
        return texts.takeover_line(e, self.names, self.table.human)

    def on_PartnerRevealed(self, e: ev.PartnerRevealed) -> str:
        return texts.deed("partner", e.seat, self.names, self.table.human)

    def on_Discarded(self, e: ev.Discarded) -> str:
        n = len(e.cards)
        if e.seat == self.table.human:
            return ngettext("You change {n} card.", "You change {n} cards.", n).format(n=n)
        return ngettext("{name} changes {n} card.", "{name} changes {n} cards.", n).format(
            name=self.names[e.seat], n=n)

    def on_Accused(self, e: ev.Accused) -> str:
        return texts.deed("accused", e.accused, self.names, self.table.human)

    def on_HandVoided(self, _e: ev.HandVoided) -> str:
        return _("Everyone passed: the hand is not played.")

    def on_StockEmptied(self, e: ev.StockEmptied) -> str:
        return sentences(_("Arrastre! The stock is gone."),
                         texts.after_stock(e.obligations, self.table.view.teams))

    def on_HandScored(self, e: ev.HandScored) -> str:
        table = self.table
        losers = (texts.losers_line(list(e.losers), self.names, table.human)
                  if e.losers else "")
        return sentences(table.headline(e), losers,
                         table.why(e))

    def on_TotalsChanged(self, _e: ev.TotalsChanged) -> str:
        return self.score()

    def on_MatchOver(self, e: ev.MatchOver) -> str:
        if e.draw or not e.winners:
            return _("The match is over.")
        return _("The match is over. Won by {names}.").format(
            names=texts.names_list([self.names[s] for s in e.winners]))

    # ------------------------------------------------------------------ asked for
    @property
    def answers(self) -> tuple[Callable[[], str], ...]:
        return (self.hand, self.legal, self.trick, self.score, self.turn, self.last_trick,
                self.trumps)

    def ask(self, key: int) -> bool:
        """One of KEYS pressed: say its answer; True when it was one."""
        if key not in KEYS or not self.table.app.voice.on:
            return False
        self.table.app.voice.say(self.answers[KEYS.index(key)](), focus=True)
        return True

    def hand(self) -> str:
        """The player's hand; where every hand lies face up (a puzzle), the others' too."""
        view = self.table.view
        others = [_("{name}: {value}").format(name=self.names[s], value=cards_by_suit(cards))
                  for s, cards in enumerate(view.open_hands) if s != view.seat]
        return sentences(_("Your hand: {cards}").format(cards=cards_by_suit(view.hand)),
                         *others)

    def legal(self) -> str:
        table = self.table
        if not table.can_play:
            return _("It is not your turn to play.")
        lawful = [c for c in table.view.hand if c in table.session.lawful()]
        return _("You may play: {cards}").format(cards=or_list([card_name(c) for c in lawful]))

    def trick(self) -> str:
        plays = self.table.view.trick
        if not plays:
            return _("No card on the table.")
        return _("On the table: {plays}").format(plays="; ".join(
            _("{name}: {card}").format(name=self.names[s], card=card_name(c)) for s, c in plays))

    def score(self) -> str:
        table = self.table
        game = table.session.game
        lines = scoreboard.score_lines(table.view, self.names, table.totals, game.options,
                                       game.rules.ui.buenas_above)
        if not lines:
            points = table.view.points
            lines = [(self.names[s], str(points[s])) for s in range(len(points))]
        return _("Score: {lines}").format(lines="; ".join(
            _("{name}: {value}").format(name=label, value=value) for label, value in lines))

    def turn(self) -> str:
        seat = self.table.session.to_act
        if seat is None:
            return _("Nobody is to play now.")
        if seat == self.table.human:
            return _("Your turn.")
        return _("{name}'s turn.").format(name=self.names[seat])

    def last_trick(self) -> str:
        last = self.table.view.last_trick
        if last is None:
            return _("No trick has been taken yet.")
        winner, plays = last
        return _("Last trick: {plays}. {taken}").format(
            plays="; ".join(_("{name}: {card}").format(name=self.names[s], card=card_name(c))
                            for s, c in plays),
            taken=texts.deed("takes", winner, self.names, self.table.human))

    def trumps(self) -> str:
        view = self.table.view
        line = (_("Trumps: {suit}.").format(suit=suit(view.trump)) if view.trump is not None
                else _("No trumps."))
        sung = [_("{name}: {cantes}").format(name=self.names[s], cantes=", ".join(
            texts.cante_short(c) for c in cantes)) for s, cantes in enumerate(view.cantes)
            if cantes]
        return line + " " + (_("Sung: {cantes}").format(cantes="; ".join(sung)) if sung
                             else _("Nothing sung yet."))
