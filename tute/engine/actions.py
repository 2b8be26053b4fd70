"""Actions: what a seat does, and their record text (``"0 play 2O"``, ``"3 sing 20 C"``,
``"1 bid 55"``, ``"2 discard 2O 4B"``).

An action is a small named tuple of ints so that legal-action lists are cheap to build;
card plays are pre-built per seat and card. ``arg`` is a card, a suit, a number, a card
mask (``discard``) or 0 for the verbs that take nothing (``pass``, ``juego``...).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from tute.cards import SUITS, card_text, cards_of, parse_card, parse_suit
from tute.echo import shown

PLAY: Final = "play"
SING: Final = "sing"
ACCUSE: Final = "accuse"
EXCHANGE: Final = "exchange"
BID: Final = "bid"
PASS: Final = "pass"
TAKEOVER: Final = "takeover"
TRUMP: Final = "trump"
BUTIFARRA: Final = "butifarra"
DELEGATE: Final = "delegate"
DOUBLE: Final = "double"
JUEGO: Final = "juego"
CALL: Final = "call"
ACOMPANO: Final = "acompano"
DISCARD: Final = "discard"
DRAW: Final = "draw"
CARD_VERBS: Final = (PLAY, EXCHANGE, CALL)
BARE_VERBS: Final = (PASS, TAKEOVER, BUTIFARRA, DELEGATE, DOUBLE, JUEGO, ACOMPANO, DRAW)
"""Verbs that take no argument."""
VERBS: Final = (PLAY, SING, ACCUSE, EXCHANGE, BID, TRUMP, CALL, DISCARD, *BARE_VERBS)
QUESTION_VERBS: Final = frozenset({BID, TAKEOVER, JUEGO, ACOMPANO, TRUMP, BUTIFARRA, DELEGATE,
                                   DOUBLE, CALL})
"""The decisions before the play that the table asks as a question (a panel over the
felt); ``pass`` goes with any of them. A discard, a cante and a swap are chosen on the hand
and in the row of buttons above it instead."""

# Arguments of ``sing``: a suit index 0..3 is "las veinte" in that suit.
SING_40: Final = 4
SING_TUTE: Final = 5

MAX_SEATS: Final = 8


class Action(NamedTuple):
    seat: int
    verb: str
    arg: int

    def text(self) -> str:
        """Record text of the action without the seat: ``play 2O``, ``sing 40``, ``pass``."""
        words = arg_text(self.verb, self.arg)
        return f"{self.verb} {words}" if words else self.verb

    def record_text(self) -> str:
        return f"{self.seat} {self.text()}"


def arg_text(verb: str, arg: int) -> str:
    if verb in CARD_VERBS:
        return card_text(arg)
    if verb == SING:
        if arg == SING_40:
            return "40"
        if arg == SING_TUTE:
            return "tute"
        return f"20 {SUITS[arg]}"
    if verb == TRUMP:
        return SUITS[arg]
    if verb == DISCARD:
        return " ".join(card_text(c) for c in cards_of(arg))
    if verb in BARE_VERBS:
        return ""
    return str(arg)


def cante_name(arg: int) -> str:
    """Short name of a cante as in results: ``40``, ``20C``, ``tute``."""
    return arg_text(SING, arg).replace(" ", "")


def sing_arg(suit: int, trump: int) -> int:
    """The ``sing`` argument of the pair of ``suit``: the trumps' is las cuarenta."""
    return SING_40 if suit == trump else suit


def cante_suit(name: str, trump: int) -> int:
    """The suit of a 20 or 40 by its short name (``40`` is the trumps' pair, ``20C`` the
    copas')."""
    return trump if name == "40" else "OCEB".index(name[-1])


PLAYS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(Action(seat, PLAY, c) for c in range(48)) for seat in range(MAX_SEATS)
)


def _number(text: str) -> bool:
    """Plain digits 0-9 (``isdigit`` alone admits ``²`` and other scripts' digits)."""
    return text.isascii() and text.isdigit()


def parse_action(text: str, players: int) -> Action:
    """Parse ``"SEAT VERB ARGS"``; ValueError says what is wrong in words."""
    words = str(text).split()
    if len(words) < 2:
        raise ValueError("expected 'SEAT VERB ARGS', like '0 play 2O'")
    seat_text, verb, args = words[0], words[1].lower(), words[2:]
    if not _number(seat_text) or not 0 <= int(seat_text) < players:
        raise ValueError(f"'{shown(seat_text)}' is not a seat (0 to {players - 1})")
    seat = int(seat_text)
    if verb in CARD_VERBS:
        if len(args) != 1:
            raise ValueError(f"{verb} takes one card, like '{verb} 7O'")
        c = parse_card(args[0])
        return PLAYS[seat][c] if verb == PLAY else Action(seat, verb, c)
    if verb in BARE_VERBS:
        if args:
            raise ValueError(f"{verb} takes nothing after it")
        return Action(seat, verb, 0)
    if verb == SING:
        if args == ["40"]:
            return Action(seat, SING, SING_40)
        if len(args) == 1 and args[0].lower() == "tute":
            return Action(seat, SING, SING_TUTE)
        if len(args) == 2 and args[0] == "20":
            return Action(seat, SING, parse_suit(args[1]))
        raise ValueError("sing takes '40', '20 SUIT' (like '20 C') or 'tute'")
    if verb == ACCUSE:
        if len(args) != 1 or not _number(args[0]) or not 0 <= int(args[0]) < players:
            raise ValueError(f"accuse takes a seat, 0 to {players - 1}")
        return Action(seat, ACCUSE, int(args[0]))
    if verb == BID:
        if len(args) != 1 or not _number(args[0]) or len(args[0]) > 4:
            raise ValueError("bid takes a number of points, like 'bid 60'")
        return Action(seat, BID, int(args[0]))
    if verb == TRUMP:
        if len(args) != 1:
            raise ValueError("trump takes a suit, O, C, E or B")
        return Action(seat, TRUMP, parse_suit(args[0]))
    if verb == DISCARD:
        mask = 0
        for word in args:
            c = parse_card(word)
            if mask >> c & 1:
                raise ValueError(f"{card_text(c)} is discarded twice")
            mask |= 1 << c
        return Action(seat, DISCARD, mask)
    raise ValueError(f"unknown action '{shown(verb)}' (known: {', '.join(VERBS)})")
