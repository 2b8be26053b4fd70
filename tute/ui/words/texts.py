"""Game words in the player's language: names, suits, cantes, levels, options, results."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING

from tute.cardnames import card_name, suit
from tute.engine import Action
from tute.engine import events as ev
from tute.engine.actions import SING_40, SING_TUTE
from tute.engine.cantes import holder_of
from tute.engine.types import Score
from tute.i18n import N_, _, language, ngettext, pgettext
from tute.rules import OptionValue

if TYPE_CHECKING:
    from tute.engine.hand import HandState

SUITS_TITLE = (N_("Coins"), N_("Cups"), N_("Swords"), N_("Clubs"))
COMPUTER_NAMES = ("Carmen", "Paco", "Lola", "Manolo", "Pilar", "Julián")
LEVELS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
SPEEDS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"),
          "instant": N_("Instant")}
CHOICES = {"prevent": N_("Prevent it"), "penalize": N_("Penalize at the end"),
           "accuse": N_("Must be accused"), "match_101": N_("Up to 101"),
           "points_101": N_("Up to 101"), "lowest_loses": N_("The lower total loses"),
           "lost_games": N_("Lost juegos"), "last_trick": N_("The last trick's team"),
           "mano": N_("The mano's team"), "two_games": N_("Two juegos"),
           "match": N_("The match"), "one_round": N_("One round"), "open": N_("Open"),
           "middle": N_("The middle"), "second": N_("The second"), "juegos": N_("Juegos"),
           "before_draw": N_("Before the draw"), "at_lead": N_("At the lead"),
           "rotate": N_("In turn"), "turned": N_("The shown card"), "named": N_("Named")}
"""The ruleset's word for each option value, as a player says it."""
OPTION_CHOICES = {("contro_by", "either"): N_("Either"), ("contro_by", "mano"): N_("Mano only"),
                  ("next_dealer", "last_trick"): N_("The last trick's winner"),
                  ("cantes_per_trick", "each"): N_("One for each player"),
                  ("cantes_per_trick", "one"): N_("One for the side"),
                  ("ante_by", "dealer"): N_("The dealer, every hand"),
                  ("ante_by", "players"): N_("Each player who plays"),
                  ("forced", "dealer"): N_("Must join a lone player"),
                  ("forced", "none"): N_("Speaks freely"),
                  ("take_pinta", "double"): N_("Pays double"),
                  ("take_pinta", "three_tricks"): N_("Three tricks"),
                  ("take_pinta", "never"): N_("Not allowed"),
                  ("match_end", "hands"): N_("Who runs out retires"),
                  ("match_end", "first_out"): N_("The first to run out ends it")}
"""Values that read otherwise in one option (Butifarra's ``mano`` is a seat, not a team; the
next dealer is a seat, not a team)."""
DECK_STYLES = {"spanish": N_("Spanish pattern"), "catalan": N_("Catalan pattern")}
BACKS = {"red": N_("Red"), "blue": N_("Blue"), "green": N_("Green")}
LANGUAGE_NAMES = {"": N_("System language"), "es": "Español", "ca": "Català",
                  "en": "English"}


QUOTED_MOST = 200
"""The most characters of one piece of input (a path, a record's action, a name read from a
file) that a message shows back: a deep folder or a pasted line, not a frozen window."""
MESSAGE_MOST = 600
"""The most characters of a message that quotes input: about ten lines of a dialog."""
_LONG_RUN = re.compile(rf"\S{{{QUOTED_MOST + 1},}}")


def quoted(text: str) -> str:
    """``text`` (input, or a message quoting it) cut to be shown in the window: every run of
    it without a space longer than QUOTED_MOST, and the whole beyond MESSAGE_MOST, cut in the
    middle, keeping where it starts and its own end (a file's name, the error's reason).
    Every place that puts input into a message goes through here, before any wrapping or
    drawing, so that no text in the window grows with the input."""
    text = _LONG_RUN.sub(lambda run: _middle(run.group(), QUOTED_MOST), text)
    return _middle(text, MESSAGE_MOST)


def _middle(text: str, most: int) -> str:
    """``text`` cut to ``most`` characters with an ellipsis in the middle; two thirds of
    what is kept are its end, where a path has the file's own name."""
    if len(text) <= most:
        return text
    tail = most * 2 // 3
    return text[:most - tail - 1] + "…" + text[-tail:]


def seat_names(n: int, demo: bool = False, seat: int = 0) -> list[str]:
    """The player's seat (``seat``: 0 in a match) is "You", the others have names, the
    first at the player's right; in a demo everyone does."""
    names = [COMPUTER_NAMES[(k - 1) % len(COMPUTER_NAMES)] for k in range(1, n)]
    mine = [COMPUTER_NAMES[-1] if demo else _("You"), *names]
    return [mine[(s - seat) % n] for s in range(n)]


def exchange_call(c: int) -> str:
    return _("I swap {card}").format(card=card_name(c))


def took_turned() -> str:
    """The dealer gives a card face down for the turned card (§13's pinta)."""
    return _("I take the turned card")


def take_turned_button(marked: int) -> str:
    """The dealer's button that gives the one card marked for the turned card."""
    if marked == 1:
        return _("Give the marked card for the turned card")
    return _("Mark one card to take the turned card")


def exchange_button(c: int) -> str:
    """Tute a dos: "Swap the seven of coins for the muestra"."""
    return _("Swap {card} for the muestra").format(card=card_name(c))


def discard_button(n: int) -> str:
    """Bato: the button that changes the ``n`` cards picked, or keeps them all."""
    return ngettext("Change {n} card", "Change {n} cards", n).format(n=n) if n else _(
        "Keep my cards")


AFTER_STOCK = {
    "tute": N_("Now you must follow suit, beat the card led if you can, and trump when you "
               "cannot follow"),
    "butifarra": N_("Now you must follow suit, beat and trump, though your partner's card "
                    "need not be beaten")}
"""What the obligation families that take over once the stock is gone ask (docs/rules.md
§0); a game that stays free (Brisca) has no such moment."""


def after_stock(family: str, partners: bool) -> str:
    """The arrastre's banner line: what the obligations ask from now on. A partner's card
    spared from being beaten is said only where there is a partner (the how-to-play says
    so too): head to head the same family asks to follow, beat and trump."""
    line = AFTER_STOCK.get(family, AFTER_STOCK["tute"]) if partners else AFTER_STOCK["tute"]
    return _(line)


def draw_button() -> str:
    """The window before the draw: go on to the draw without exchanging ("Robar")."""
    return pgettext("stock", "Draw")


def draw_first(may_swap: bool) -> str:
    """A card tried in the window before the draw, which is the player's: no card is
    played before the draw; ``may_swap``: the player holds the card the muestra takes."""
    if may_swap:
        return _("First the draw: swap for the muestra, or draw; then lead")
    return _("First the draw: press Draw, then lead")


def exchange_choice(c: int, hand: int, partner: str) -> str:
    """An exchange a trick's winner may make for his side, as a hint or the review names
    it: his own card's button, or his partner's card given by the partner."""
    if hand >> c & 1:
        return exchange_button(c)
    return _("Let {name} swap {card} for the muestra").format(name=partner, card=card_name(c))


def last_trick_call() -> str:
    return _("Diez de últimas!")


def option_value(value: OptionValue, option: str = "") -> str:
    """``value`` as a player says it; ``option`` names the option where a word differs."""
    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    if isinstance(value, str):
        return _(OPTION_CHOICES.get((option, value)) or CHOICES.get(value, value))
    return str(value)


def tally(total: int, buenas_above: int | None) -> str:
    """A running total as players count it: "42 malas", "22 buenas" (``buenas_above``: 50,
    the ruleset's ``ui.buenas_above``), else the points alone."""
    if buenas_above is None:
        return str(total)
    if total <= buenas_above:
        return ngettext("{n} mala", "{n} malas", total).format(n=total)
    return ngettext("{n} buena", "{n} buenas", total - buenas_above).format(
        n=total - buenas_above)


def number(points: Score | float) -> str:
    """Points as players write them: 52, or 52,5 / 52.5 with the tie-break fractions."""
    if Fraction(points).denominator == 1:
        return str(int(points))
    text = f"{float(points):.3f}".rstrip("0")
    return text.replace(".", ",") if language() in ("es", "ca") else text


def cante_button(action: Action, trump: int, partner: str = "") -> str:
    """The label of a cante button: "Sing the 40", "Sing the 20 in cups", "Sing tute";
    ``partner``: the partner whose pair it is, sung for the team ("Sing Paco's 20 in
    clubs"), where the player holds none of it."""
    if partner:
        if action.arg == SING_TUTE:
            return _("Sing {name}'s tute").format(name=partner)
        if action.arg == SING_40:
            return _("Sing {name}'s 40").format(name=partner)
        return _("Sing {name}'s 20 in {suit}").format(name=partner, suit=suit(action.arg))
    if action.arg == SING_TUTE:
        return _("Sing tute")
    if action.arg == SING_40:
        return _("Sing the 40")
    return _("Sing the 20 in {suit}").format(suit=suit(action.arg))


def cante_holder(action: Action, h: HandState, names: list[str]) -> str:
    """The partner whose pair (or tute) ``action`` sings for the team, by name, or "" when
    it is the singer's own or the game has no team cantes: the engine's own finding
    (``cantes.holder_of``), which prefers the singer's. From a seat's observation the
    partner's hand is hidden, and a pair the seat does not hold is the partner's."""
    if not h.kit.team_cantes or holder_of(h, action.seat, action.arg) == action.seat:
        return ""
    return names[(action.seat + 2) % len(names)]


def cante_call(cante: str, forced: bool = False) -> str:
    """What a player says when singing (``40``, ``20C``, ``tute``)."""
    if cante == "tute":
        call = _("Tute!")
    elif cante == "40":
        call = _("The forty!")
    else:
        call = _("The twenty in {suit}!").format(suit=suit("OCEB".index(cante[-1])))
    return call + (" " + _("(forced)") if forced else "")


def cante_short(cante: str, with_suit: bool = True) -> str:
    """A cante as a small badge: 40, 20 copas (20 without its suit, where room is short),
    tute."""
    if cante in ("40", "tute"):
        return cante
    return f"20 {suit('OCEB'.index(cante[-1]))}" if with_suit else "20"


def names_list(names: list[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return _("{a} and {b}").format(a=", ".join(names[:-1]), b=names[-1])


HEADLINES = {
    "mas_menos": N_("In the middle!"),
    "two_takers": N_("A menos!"),
    "tied": N_("A tie!"),
    "capote": N_("Capote!"),
    "capote_sang": N_("Capote, but sung!"),
    "tute": N_("Tute!"),
    "renuncio": N_("Revoke!"),
    "false_accusation": N_("False accusation!"),
    "second": N_("The second loses!"),
    "tied_top": N_("A tie at the top!"),
}


def headline(reason: str) -> str:
    return _(HEADLINES.get(reason, reason))


def losers_line(losers: list[int], names: list[str], human: int | None) -> str:
    """ "Paco loses", "You lose", "You and Lola lose", "Nobody loses"."""
    if not losers:
        return _("Nobody loses")
    others = [names[s] for s in losers if s != human]
    if human in losers:
        if not others:
            return _("You lose")
        return _("You and {names} lose").format(names=names_list(others))
    if len(others) == 1:
        return _("{name} loses").format(name=others[0])
    return _("{names} lose").format(names=names_list(others))


# What happened to one player, said of another player or of "you".
DEEDS = {
    "capote": (N_("{name} took every trick"), N_("You took every trick")),
    "capote_sang": (N_("{name} took every trick after singing, and loses alone"),
                    N_("You took every trick after singing, and lose alone")),
    "tute": (N_("{name} sang tute: everyone else loses"),
             N_("You sang tute: everyone else loses")),
    "renuncio": (N_("{name} revoked and takes two marks"),
                 N_("You revoked and take two marks")),
    "renuncio_one": (N_("{name} revoked and takes a mark"), N_("You revoked and take a mark")),
    "false_accusation": (N_("{name} accused without cause"), N_("You accused without cause")),
    "accused": (N_("Revoke! {name} revoked"), N_("Revoke! You revoked")),
    "shown": (N_("shown by {name}"), N_("shown by you")),
    "takes": (N_("{name} takes the trick"), N_("You take the trick")),
    "unopposed_pot": (N_("Everyone folded: {name} takes the pot"),
                      N_("Everyone folded: you take the pot")),
    "unopposed": (N_("Everyone folded: {name} takes every trick"),
                  N_("Everyone folded: you take every trick")),
    "took": (N_("Trick {n}: {name} took it"), N_("Trick {n}: you took it")),
    "sang": (N_("{name} sang {cante}"), N_("You sang {cante}")),
    "exchanged": (N_("{name} gave {card} for the muestra"),
                  N_("You gave {card} for the muestra")),
    "plays": (N_("{name} plays"), N_("You play")),
    "plays_for": (N_("{name} plays for {n}"), N_("You play for {n}")),
    "partner": (N_("{name} holds the called card: partner!"),
                N_("You hold the called card: partner!")),
}


def deed(kind: str, seat: int, names: list[str], human: int | None, **more: object) -> str:
    """A sentence about ``seat``, worded for the player when it is the player's seat;
    ``more`` fills the sentence's other blanks."""
    other, you = DEEDS[kind]
    return (_(you) if seat == human else _(other)).format(name=names[seat], **more)


def takeover_line(e: ev.TakenOver, names: list[str], human: int | None) -> str:
    """Subastado's takeover as the table and the play log tell it, with its figures."""
    if e.dealer == human:
        line = N_("You take over {bidder}'s {bid} and play for {contract} at double stakes "
                  "({stake} a player)")
    elif e.bidder == human:
        line = N_("{dealer} takes over your {bid} and plays for {contract} at double stakes "
                  "({stake} a player)")
    else:
        line = N_("{dealer} takes over {bidder}'s {bid} and plays for {contract} at double "
                  "stakes ({stake} a player)")
    return _(line).format(dealer=names[e.dealer], bidder=names[e.bidder], bid=e.bid,
                          contract=e.contract, stake=e.stake)


def reason_line(reason: str, losers: list[int], points: list[Score], taken: list[int],
                playing: tuple[int, ...], names: list[str], human: int | None,
                marks: int = 1) -> str:
    """Why the losers lost, in one line; ``marks``: what each loser takes."""
    takers = [s for s in playing if taken[s]]
    if reason == "mas_menos":
        top = max(takers, key=lambda s: points[s])
        bottom = min(takers, key=lambda s: points[s])
        return _("A más: {top} ({a}) · a menos: {bottom} ({b}) · the middle loses").format(
            top=names[top], a=number(points[top]), bottom=names[bottom],
            b=number(points[bottom]))
    if reason == "two_takers":
        return _("Only two took tricks: the one with fewer points loses")
    if reason == "tied":
        return _("Tied scores with nobody in between: every player who took a trick loses")
    if reason == "second":
        top = max(takers, key=lambda s: points[s])
        return _("{top} has the most ({a}) · the second loses").format(
            top=names[top], a=number(points[top]))
    if reason == "tied_top":
        return _("Tied for the most points: they lose, and nobody else")
    if reason == "renuncio" and losers and marks == 1:
        return deed("renuncio_one", losers[0], names, human)
    if reason in ("capote", "capote_sang"):
        return deed(reason, takers[0], names, human)
    if reason == "tute":
        return deed(reason, next(s for s in playing if s not in losers), names, human)
    if reason in ("renuncio", "false_accusation") and losers:
        return deed(reason, losers[0], names, human)
    return ""
