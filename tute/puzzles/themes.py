"""The ideas a puzzle teaches: a fixed vocabulary of themes, each detected from the
position and the solver's two lines (best play after the answer, and the defence's best
reply to the tempting card), so that a puzzle is kept only when its idea has a name.

Detection reads tricks, not words: who leads, who wins each trick of each line, which side
took over whose winner, what each card is worth. The first theme whose test holds names
the puzzle (the most specific first); None when no test holds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tute.cards import card_text, suit_of
from tute.engine import HandState, parse_action
from tute.engine.actions import PLAY
from tute.i18n import N_


@dataclass(frozen=True)
class Trick:
    """One trick of a line: its plays in order (seat, card) and the seat that won it."""

    plays: tuple[tuple[int, int], ...]
    winner: int


@dataclass(frozen=True)
class Lines:
    """What the detection reads: the position, its seat, the answer and the tempting card,
    and the tricks of the best line after each (the hand played to its end)."""

    h: HandState
    seat: int
    answer: int
    tempting: int
    after_answer: tuple[Trick, ...]
    after_tempting: tuple[Trick, ...]

    def mate(self, s: int) -> bool:
        return self.h.side_of[s] == self.h.side_of[self.seat]

    @property
    def leads(self) -> bool:
        return not self.h.trick_cards

    def trump(self, c: int) -> bool:
        return 0 <= self.h.trump < 4 and suit_of(c) == self.h.trump

    def side_tricks(self, tricks: Sequence[Trick]) -> int:
        return sum(1 for t in tricks if self.mate(t.winner))


def tricks_of(h: HandState, actions: Sequence[str]) -> tuple[Trick, ...]:
    """The tricks completed by playing ``actions`` (record text) from ``h``."""
    g = h.copy()
    done = len(g.tricks)
    for text in actions:
        g.apply(parse_action(text, g.n))
    return tuple(Trick(plays, winner) for winner, plays in g.tricks[done:])


def trick_with(tricks: Sequence[Trick], card: int) -> Trick | None:
    """The trick of ``tricks`` where ``card`` was played, if any."""
    return next((t for t in tricks if any(c == card for _, c in t.plays)), None)


def taker(t: Trick) -> int:
    """The card that took trick ``t``."""
    return next(c for s, c in t.plays if s == t.winner)


def _collision(lines: Lines, tricks: Sequence[Trick]) -> bool:
    """A trick where one of the seat's side ruffed his own partner's winning card (the
    duty to beat spends a trump on a trick the side had already)."""
    kit = lines.h.kit
    for t in tricks:
        best: tuple[int, int] | None = None
        for s, c in t.plays:
            if best is None:
                best = (s, c)
                continue
            ruffs = lines.trump(c) and not lines.trump(best[1])
            if ruffs and s != best[0] and lines.mate(s) and lines.mate(best[0]):
                return True
            if ruffs or (suit_of(c) == suit_of(best[1])
                         and kit.strength[c] > kit.strength[best[1]]):
                best = (s, c)
    return False


def _partner_duty(x: Lines) -> bool:
    family = x.h.family
    if family.partner_aware or not family.tells_holding:
        return False  # no duty to beat a partner here (or no duty at all)
    return _collision(x, x.after_tempting) and not _collision(x, x.after_answer)


def _throw_in(x: Lines) -> bool:
    first = trick_with(x.after_answer, x.answer)
    rest = x.after_answer[1:]
    return (x.leads and first is not None and not x.mate(first.winner) and bool(rest)
            and all(x.mate(t.winner) for t in rest))


def _duck(x: Lines) -> bool:
    mine = trick_with(x.after_answer, x.answer)
    theirs = trick_with(x.after_tempting, x.tempting)
    return (not x.leads and mine is not None and theirs is not None
            and not x.mate(mine.winner) and x.mate(theirs.winner))


def _sacrifice(x: Lines) -> bool:
    mine = trick_with(x.after_answer, x.answer)
    points = x.h.kit.card_points
    return (mine is not None and not x.mate(mine.winner)
            and points[x.answer] > points[x.tempting])


def _small_trump(x: Lines) -> bool:
    mine = trick_with(x.after_answer, x.answer)
    theirs = trick_with(x.after_tempting, x.tempting)
    strength = x.h.kit.strength
    return (x.trump(x.answer) and x.trump(x.tempting)
            and strength[x.answer] < strength[x.tempting]
            and mine is not None and theirs is not None
            and x.mate(mine.winner) and x.mate(theirs.winner))


def _ruff_high(x: Lines) -> bool:
    """The answer ruffs and keeps the trick; the tempting card (a lower trump, or none)
    lets the defence take it."""
    strength = x.h.kit.strength
    mine = trick_with(x.after_answer, x.answer)
    theirs = trick_with(x.after_tempting, x.tempting)
    return (not x.leads and x.trump(x.answer) and not x.trump(x.h.trick_cards[0])
            and (not x.trump(x.tempting) or strength[x.tempting] < strength[x.answer])
            and mine is not None and theirs is not None
            and x.mate(mine.winner) and not x.mate(theirs.winner))


def _draw_trumps(x: Lines) -> bool:
    """The answer leads trumps while the defence holds some, and after the tempting card
    a trump of theirs takes a trick."""
    if not (x.leads and x.trump(x.answer)):
        return False
    trumps = sum(1 << (x.h.trump * 12 + r) for r in range(12))
    ruffed = any(not x.mate(t.winner) and x.trump(taker(t)) for t in x.after_tempting)
    return ruffed and any(x.h.hands[s] & trumps for s in x.h.playing if not x.mate(s))


def _entry(x: Lines) -> bool:
    mine = trick_with(x.after_answer, x.answer)
    return x.leads and mine is not None and mine.winner != x.seat and x.mate(mine.winner)


def _last_trick(x: Lines) -> bool:
    return (bool(x.after_answer) and bool(x.after_tempting)
            and x.mate(x.after_answer[-1].winner) and not x.mate(x.after_tempting[-1].winner))


def _no_trick(x: Lines) -> bool:
    return x.side_tricks(x.after_answer) == 0 < x.side_tricks(x.after_tempting)


def _count_points(x: Lines) -> bool:
    return x.side_tricks(x.after_answer) < x.side_tricks(x.after_tempting)


def _unblock(x: Lines) -> bool:
    """The higher of two cards of a suit first, and the side takes more tricks for it."""
    strength = x.h.kit.strength
    return (suit_of(x.answer) == suit_of(x.tempting)
            and strength[x.answer] > strength[x.tempting]
            and x.side_tricks(x.after_answer) > x.side_tricks(x.after_tempting))


def _keep_high(x: Lines) -> bool:
    """The lower of two cards of a suit now, and the higher one kept wins a trick later."""
    strength = x.h.kit.strength
    later = trick_with(x.after_answer, x.tempting)
    return (suit_of(x.answer) == suit_of(x.tempting)
            and strength[x.answer] < strength[x.tempting]
            and later is not None and later.winner == x.seat)


def _cash(x: Lines) -> bool:
    mine = trick_with(x.after_answer, x.answer)
    theirs = trick_with(x.after_tempting, x.tempting)
    return (x.leads and mine is not None and theirs is not None and mine.winner == x.seat
            and not x.mate(theirs.winner))


def _switch(x: Lines) -> bool:
    return x.leads and suit_of(x.answer) != suit_of(x.tempting)


@dataclass(frozen=True)
class Theme:
    key: str
    name: str
    """Its name, marked for translation (``_()`` when shown)."""
    idea: str
    """The idea in one sentence, marked for translation; ``{answer}`` and ``{tempting}``
    name the cards."""
    test: Callable[[Lines], bool]


THEMES: tuple[Theme, ...] = (
    Theme("partner-duty", N_("Spare your partner the duty to beat"),
          N_("Play {answer} so that your partner is never forced to overtake your own "
             "winner. With {tempting}, the duty to beat makes your side spend two winners "
             "on one trick."), _partner_duty),
    Theme("throw-in", N_("Throw-in"),
          N_("Lead {answer} and let them win this trick: whoever takes it must then lead "
             "into your side's winners. With {tempting} they are not forced to."), _throw_in),
    Theme("duck", N_("Duck"),
          N_("Let this trick go with {answer}: your high card is worth more later. "
             "{tempting} wins this trick, but the defence then takes the tricks that count."),
          _duck),
    Theme("sacrifice", N_("Sacrifice points"),
          N_("Give up {answer} and its points: paying them here is what reaching the goal "
             "costs. {tempting} saves the points now and costs more later."), _sacrifice),
    Theme("small-trump", N_("Win with the small trump"),
          N_("Win this trick with {answer}: it does as well. Keep {tempting} for the trick "
             "only it can win; spent now, that trick is lost."), _small_trump),
    Theme("ruff-high", N_("Ruff high enough"),
          N_("Trump with {answer}, high enough that nobody can overtrump; {tempting} leaves "
             "them room to beat you."), _ruff_high),
    Theme("draw-trumps", N_("Draw trumps"),
          N_("Lead trumps with {answer}: their trumps fall before they can ruff your "
             "winners. {tempting} leaves them a trump to ruff with."), _draw_trumps),
    Theme("entry", N_("Entry to partner"),
          N_("Lead {answer} to your partner's winner: he takes the trick and leads for your "
             "side. {tempting} leaves him no way in."), _entry),
    Theme("last-trick", N_("Keep the last-trick winner"),
          N_("Keep the card that wins the last trick: play {answer} now and save the winner "
             "for the end. {tempting} gives the last trick away."), _last_trick),
    Theme("no-trick", N_("Take no trick"),
          N_("Take no trick at all: after {answer} you never win one, and that is what the "
             "goal needs. {tempting} makes you take a trick."), _no_trick),
    Theme("count-points", N_("Count the points"),
          N_("Count the points, not the tricks: {answer} brings in fewer tricks than "
             "{tempting}, but they are worth what the goal needs."),
          _count_points),
    Theme("unblock", N_("Unblock"),
          N_("Play the high card {answer} first, so the suit is not blocked; with "
             "{tempting} the high card is stuck and a winner is lost."), _unblock),
    Theme("keep-high", N_("Keep the master card"),
          N_("Play {answer} and keep {tempting}, the higher of the two, for the trick it must "
             "win later; played now, it is wasted."), _keep_high),
    Theme("cash", N_("Cash your winner first"),
          N_("Cash your winner {answer} first, while it still wins. Leading {tempting} hands "
             "them the lead, and your winner may never score."), _cash),
    Theme("switch", N_("Switch suits"),
          N_("Lead {answer}: the tricks the goal needs come from this suit. {tempting} opens "
             "the wrong suit."), _switch),
)
BY_KEY = {t.key: t for t in THEMES}


def detect(lines: Lines) -> Theme | None:
    """The first theme whose test holds for ``lines`` (None: the idea has no name)."""
    return next((t for t in THEMES if t.test(lines)), None)


def lines_of(h: HandState, seat: int, answer: int, tempting: int,
             best_line: Callable[[HandState], list[str]]) -> Lines:
    """The two lines the detection reads, each from the card to the hand's end by
    ``best_line`` (the solver's)."""
    def after(card: int) -> tuple[Trick, ...]:
        g = h.copy()
        first = f"{seat} {PLAY} {card_text(card)}"
        g.apply(parse_action(first, g.n))
        return tricks_of(h, [first, *best_line(g)])
    return Lines(h, seat, answer, tempting, after(answer), after(tempting))
