"""Cantes (docs/rules.md §0): las veinte, las cuarenta and tute, sung by the trick's winner
(for his team in partnership games), and Chancho's forced cantes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tute.cards import RANK_NAMES_ES, SUIT_NAMES_EN, mask_of, rank_plural_es
from tute.engine import events as ev
from tute.engine.actions import SING, SING_40, SING_TUTE, Action, cante_name, sing_arg
from tute.engine.errors import IllegalAction

if TYPE_CHECKING:
    from tute.engine.hand import HandState

class Cantes:
    """Who may sing (the ruleset's ``cantes.by``): ``winner``, the trick's winner from his
    own hand; ``team``, from his or his partner's hand when seated in teams (``partners``);
    ``declarer``, only the declarer (``declarer_only``)."""

    def __init__(self, partners: bool = False, declarer_only: bool = False, about: str = ""
                 ) -> None:
        self.about = about
        """What it does, for the schema reference (docs/ruleset-schema.md)."""
        self.partners = partners
        self.declarer_only = declarer_only


CANTE_BY: dict[str, Cantes] = {
    "winner": Cantes(about="The player who has just won a trick may sing a pair from his "
                     "own hand."),
    "team": Cantes(partners=True, about="The player who has just won a trick may sing a "
                   "pair from his own hand or from his partner's (with teams)."),
    "declarer": Cantes(declarer_only=True, about="Only the hand's declarer sings, after "
                       "winning a trick.")}


def singers(h: HandState, seat: int) -> tuple[int, ...]:
    """Whose pairs ``seat`` may sing: his own, and his partner's in team games; with
    ``cantes_per_trick: each``, of those who have not sung since the trick."""
    if h.kit.team_cantes:
        partner = (seat + 2) % h.n
        if partner in h.playing:
            both = (seat, partner)
            return tuple(s for s in both if not h.sang_trick >> s & 1) if h.sang_trick \
                else both
    if h.kit.declarer_cantes and seat != h.declarer:
        return ()
    return (seat,)


def holder_of(h: HandState, seat: int, arg: int) -> int | None:
    """The seat (``seat`` or his partner) holding what ``sing arg`` needs, or None."""
    for s in singers(h, seat):
        hand = h.hands[s]
        if arg == SING_TUTE:
            if h.kit.has_tute(hand):
                return s
            continue
        pair = h.kit.pairs[h.trump if arg == SING_40 else arg]
        if hand & pair == pair:
            return s
    return None


def sing_options(h: HandState, seat: int) -> list[Action]:
    if h.may_sing != seat:
        return []
    kit = h.kit
    paired = 0
    tute = False
    for s in singers(h, seat):
        hand = h.hands[s]
        tute = tute or kit.has_tute(hand)
        paired |= kit.paired(hand)
    if not tute and not paired:
        return []
    out = [Action(seat, SING, SING_TUTE)] if tute else []
    pairs = [s for s in range(4)
             if not h.sung_suits >> s & 1 and holder_of(h, seat, s) is not None]
    if h.kit.cuarenta_first and h.trump in pairs:
        pairs = [h.trump]
    for s in pairs:
        out.append(Action(seat, SING, sing_arg(s, h.trump)))
    return out


def score(h: HandState, seat: int, holder: int, arg: int, forced: bool) -> ev.Sung:
    """Credit a 20 or 40 to ``holder`` (the singer, or his partner)."""
    suit = h.trump if arg == SING_40 else arg
    pts = 40 if suit == h.trump else 20
    h.sung_suits |= 1 << suit
    h.cante_points[holder] += pts
    name = cante_name(sing_arg(suit, h.trump))
    h.cantes[holder].append(name)
    h.cante_tricks[holder].append(len(h.tricks))
    h.sang_pair[holder] = True
    return ev.Sung(seat, name, pts, forced,
                   None if holder == seat else holder)


def sing(h: HandState, seat: int, arg: int) -> list[ev.Event]:
    action = Action(seat, SING, arg)
    if action not in sing_options(h, seat):
        raise IllegalAction(why_not(h, seat, arg))
    holder = holder_of(h, seat, arg)
    assert holder is not None
    h.may_sing = -1
    h.ply += 1
    if arg == SING_TUTE:
        h.cantes[holder].append("tute")
        h.cante_tricks[holder].append(len(h.tricks))
        h.tute = holder
        h.over = True
        h.to_act = -1
        h.may_exchange = -1
        return [ev.Sung(seat, "tute", 0, False, None if holder == seat else holder)]
    sung = score(h, seat, holder, arg, False)
    h.sang_trick |= 1 << holder
    if h.kit.cantes_each:  # the other member's pair, if he has one to sing
        h.may_sing = seat
        if not sing_options(h, seat):
            h.may_sing = -1
    if h.stop_at and h.reached() is not None:
        return [sung, *h.stop()]
    return [sung]


def forced(h: HandState, winner: int, cards: tuple[int, ...]) -> list[ev.Event]:
    """Chancho: a rey and caballo (the pair) of one suit taken together are sung at
    once."""
    taken = mask_of(cards)
    out: list[ev.Event] = []
    for s in range(4):
        pair = h.kit.pairs[s]
        if taken & pair == pair:
            out.append(score(h, winner, winner, sing_arg(s, h.trump), True))
    return out


def why_not(h: HandState, seat: int, arg: int) -> str:
    if not h.kit.cantes:
        return "There are no cantes in this game."
    if h.kit.declarer_cantes and seat != h.declarer:
        return "Only the declarer may sing."
    if h.kit.draws and not h.stock and not h.kit.sings_after_stock:
        return "No cantes once the stock is drawn (option sing_in_arrastre off)."
    if h.may_sing != seat:
        if h.tricks and h.tricks[-1][0] == seat and h.lead < 0 and not h.over:
            return "Only one cante per trick won: lead a card now."
        return "Only the player who has just won a trick may sing, before leading."
    whose = "your or your partner's" if h.kit.team_cantes else "your"
    if arg == SING_TUTE:
        if not h.kit.tute_ranks:
            return "There is no tute in this game."
        fours = " or ".join(f"the four {rank_plural_es(r)}" for r in h.kit.tute_ranks)
        return f"Tute needs {fours} in {whose} hand."
    suit = h.trump if arg == SING_40 else arg
    if arg != SING_40 and suit == h.trump:
        return f"{SUIT_NAMES_EN[suit].capitalize()} are trumps: that pair is las cuarenta."
    if h.sung_suits >> suit & 1:
        return "That pair has been sung already."
    if h.kit.cuarenta_first and any(a.arg == SING_40 for a in sing_options(h, seat)):
        return "Las cuarenta must be sung first."
    high, low = h.kit.pair_ranks
    return (f"You need the {RANK_NAMES_ES[high]} and the {RANK_NAMES_ES[low]} of that suit "
            f"in {whose} hand.")
