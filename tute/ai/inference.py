"""Reading the table: how likely a guessed deal makes the cards the other seats played.

The hard deductions (``knowledge``) say which deals are possible; this says which are
likely, the inference that made Skat programs strong. Each card another seat played is
scored under the medium policy (``choose_card``) as if that seat had held the guessed hand:
a guess under which medium would have played that very card (or one the search counts as
the same) explains the play, one under which it would have played another card does not.
The medium policy is deterministic, so it is softened: a card that is not medium's choice
keeps weight ``EPSILON`` against medium's 1, as people (and other programs) play otherwise
too; a partner's card (team games) keeps ``PARTNER_EPSILON``, since he plays at the
observer's level. A guess's likelihood is the product over the plays; the search's guesses
follow the sampler's weighted by it, drawn by a Metropolis chain that proposes the
sampler's guesses (``Reading.chain``).

Cantes are read the same way: a seat that won a trick and led without singing, where the
guess gives it (or its partner, in team games) a pair medium would have sung, is as unlikely
as a card that is not medium's, and so is a guess under which medium would have sung
another cante than the one sung.

Decisions before play (bids, juego, trumps, delegation, doubles, the called card) are read
alike, under the decisions every level makes (``declare.decide``) from the hand dealt: a
seat's hand now plus every card it played, in games where no card was drawn or discarded.

A seat's hand before a play is its guessed hand now plus the cards it played since, from
the last draw from a stock on (the whole hand in games without one). While a stock lasts,
the trick before is read too: since then each seat drew one unseen card, equally likely any
of the cards it held after the draw (not known held before), so such a play's likelihood
is the average over which card was drawn. The public positions before those plays
are replayed once per decision with the real rules, each as its seat saw it then: the
cantes sung so far in place (``HandState.cante_tricks`` says after which trick), the shown
card known held, the deductions that seat could make (``knowledge.read``), so that on the
real deal every play of a medium player is medium's choice. Each guess then costs one
policy call per play not met before (the same seat with the same cards at the same play is
looked up), and the chain stops reading a guess at the play that rules it out.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from tute.ai.declare import decide
from tute.ai.heuristic import choose_cante, choose_card
from tute.ai.knowledge import Knowledge, read
from tute.ai.playout import same_run
from tute.ai.sampler import Guess, sample_hands
from tute.cards import cards_of
from tute.engine import Action, HandState, Observation
from tute.engine.actions import PLAYS, cante_suit, sing_arg
from tute.engine.cantes import score, sing_options, singers
from tute.engine.events import HIDDEN

EPSILON = 0.02
"""Weight of a card that is not the medium policy's choice, against 1 for its choice. Sharp:
with every position replayed as its seat saw it, a medium player's card is medium's choice
on the real deal every time; at 0.2 the reading moved hard's play too little to measure."""
PARTNER_EPSILON = 0.3
"""The same weight for a card the observer's partner played (in a team game): he plays at
the observer's own level (or is a person), not medium's.
Parejas, hard pairs (16 guesses) against medium pairs (benchmarks/partner_reading.py, 30
hands, seed 2, 172 decisions): medium's card on the real deal was the partner's in 66% of
his plays (the opponents' in 100%); read guesses placed 48.8% of the partner's cards right
at 0.02, 49.9% at 0.3, 49.8% at 1 (plain guesses 43.5%). At 0.3 one card in three is not
medium's among three choices: 1 / (1 + 2 * 0.3) = 0.63. Hard pairs against medium pairs at 48
guesses, 0.3 against 0.02 on the same 400 duplicate deals (800 hands, paired 95%
intervals): +1.95 points a hand [+0.64, +3.24], +0.036 juegos a hand [-0.006, +0.085].
Where hard's partner is medium (the gap table's hard among three medium players), medium's
model of him is exact and 0.3 reads him less well: -0.035 juegos a hand [-0.078, +0.012]
(100 deals, 400 hands, within noise)."""
PROPOSALS = 2
"""Guesses the chain proposes for each guess searched when asked directly: more follow the
plays' likelihood more closely, each at the cost of a sampled deal and its likelihood: in
the compiled build, 7 tricks from the end, 0.16-0.22 ms a proposal (Cabrero 4, parejas,
Butifarra, Codillo) against 1-2 ms for a deal's search, so the hard level's ``READING``
proposals a guess cost about one deal searched (benchmarks/search_speed.py)."""
READING = 8
"""The hard level's proposals a guess by default. Hard reading against hard not reading,
each with medium players, on the same duplicate deals (benchmarks/reading_strength.py, 48
deals searched a decision, paired 95% intervals), reading plays, cantes and decisions
before play: 4-player Cabrero -0.127 loss ratio [-0.201, -0.050] (800 hands), 5-player
Codillo -0.079 [-0.151, -0.009], Butifarra +1.45 score a hand [+0.49, +2.43], parejas
+0.057 juegos a hand [+0.000, +0.115]; arrastrado with 4 +2.48 points a hand [+1.19,
+3.67] (800 hands, reading plays only); 5-player Chancho +0.031 [-0.079, +0.138] (400
hands, within the noise). The medium policy is a loose model of other players (the hard
level plays medium's card in 50-57% of its choices, benchmarks/policy_agreement.py); among
hard players not reading, reading plays still did not lose (4-player Cabrero, -0.036
[-0.194, +0.130], 400 hands)."""
NO_CANTE = -1
"""What a seat sang when it led without singing (``CanteChance.sang``)."""
UNEXPLAINED = math.log(1e-6)
"""Log-likelihood of a play the guess makes illegal (only when the sampler had to drop
void deductions that contradicted each other)."""


@dataclass
class Decision:
    """One card another seat played, with the public position before it."""

    seat: int
    card: int
    state: HandState
    """The position before the play, every hidden hand emptied (filled per guess)."""
    not_held: list[int]
    """The public void deductions before the play, as the policy reads them."""
    later: int
    """Cards this seat played from this play on: its hand then is its hand now plus these."""
    hidden_partner: bool
    """Codillo with the called card not yet shown: only its holder knows the sides."""
    drew: bool = False
    """An unseen card was drawn since the play (a play of the trick before, while a stock
    lasts): it is one of the seat's hand now or of ``after_draw``, not one known held
    before."""
    after_draw: int = 0
    """Cards this seat played after that draw."""


@dataclass
class CanteChance:
    """A trick another seat won, after which it could sing, and what it did."""

    seat: int
    sang: int
    """The ``sing`` argument of the cante it sang, or NO_CANTE when it led without one."""
    state: HandState
    """The position after the trick, every hidden hand emptied (filled per guess)."""
    later: int
    """Cards this seat played after the trick: its hand then is its hand now plus these."""
    partner: int
    """The partner whose pairs it could sing too (team cantes), or -1."""
    partner_later: int
    """Cards the partner played after the trick."""


@dataclass
class Declaration:
    """A decision before play another seat made, with the public position before it."""

    action: Action
    seen: Observation
    """What the seat saw before it, its own hand emptied (filled per guess: the decisions
    before play read no other part of it that the hand changes)."""
    holder: int
    """The seat holding now the cards the seat held then (itself, unless a takeover
    moved them), or -1 when it held none."""


class Reading:
    """The other seats' plays of one observation, ready to weigh guesses of its deal."""

    def __init__(self, obs: Observation, epsilon: float = EPSILON,
                 partner_epsilon: float = PARTNER_EPSILON) -> None:
        self.obs = obs
        self.epsilon = epsilon
        view = obs.view
        self.epsilons = [partner_epsilon if view.kit.teams and s != obs.seat
                         and view.side_of[s] == view.side_of[obs.seat] else epsilon
                         for s in range(obs.players)]
        """Per seat, the weight its cards are read at: ``partner_epsilon`` for the
        observer's partner in a team game, ``epsilon`` for the others."""
        self.decisions, self.chances = _decisions(obs)
        self.declarations = _declarations(obs)
        played_by = [0] * obs.players
        for s, c in _plays(obs):
            played_by[s] |= 1 << c
        self.played_by = played_by
        self.memo: dict[tuple[int, int, int, int], float] = {}
        self.order = list(range(len(self.decisions) + len(self.chances)
                                + len(self.declarations)))
        """The choices read, in the order ``log_likelihood`` reads them: the plays
        (``decisions``), then the cantes' chances, then the declarations, numbered so."""
        self.current: tuple[Guess, float] | None = None
        """The chain's guess and its log-likelihood (``chain``)."""

    def restart(self) -> None:
        """Forget the chain's guess: the next ``chain`` starts afresh (a new search, whose
        guesses must not depend on an earlier one's)."""
        self.current = None

    def log_likelihood(self, hands: Sequence[int], floor: float = -math.inf) -> float:
        """Log of how likely the guessed ``hands`` (every seat's cards now) make the plays
        read, up to a constant shared by every guess of this observation.

        Each choice read adds a log-probability, never above 0, so the sum only falls: once
        it is at or under ``floor`` the rest is not read (the chain only asks whether a guess
        clears it, and most do not) and that sum is returned. The choice that stopped a sum
        is read first from then on: a few plays tell most guesses apart, and the order
        changes what is read, and the sum only by rounding."""
        total = 0.0
        order = self.order
        for at, term in enumerate(order):
            total += self._term(term, hands)
            if total <= floor:
                if at:
                    order.insert(0, order.pop(at))
                return total
        return total

    def _term(self, term: int, hands: Sequence[int]) -> float:
        """The log-probability of choice ``term`` (numbered as in ``order``) under the
        guessed ``hands``, looked up when met before with the same cards."""
        n_plays, n_chances = len(self.decisions), len(self.chances)
        if term < n_plays:
            d = self.decisions[term]
            hand = hands[d.seat] | d.later
            return (self._drawn_weight(term, d, hand) if d.drew
                    else self._play_weight(term, d, hand))
        if term < n_plays + n_chances:
            i = term - n_plays
            c = self.chances[i]
            mine = hands[c.seat] | c.later
            theirs = hands[c.partner] | c.partner_later if c.partner >= 0 else 0
            key = (1, i, mine, theirs)
            value = self.memo.get(key)
            if value is None:
                value = self.memo[key] = self._weigh(*self.cante_choice(c, mine, theirs))
            return value
        i = term - n_plays - n_chances
        decl = self.declarations[i]
        t = decl.holder
        dealt = hands[t] | self.played_by[t] if t >= 0 else 0
        key = (2, i, dealt, 0)
        value = self.memo.get(key)
        if value is None:
            value = self.memo[key] = self._weigh(*self.declaration_choice(decl, dealt))
        return value

    def _play_weight(self, i: int, d: Decision, hand: int) -> float:
        """``_weigh`` of decision ``i``'s card from ``hand``, looked up when met before."""
        key = (0, i, hand, 0)
        value = self.memo.get(key)
        if value is None:
            value = self.memo[key] = self._weigh(*self.choice(d, hand),
                                                 self.epsilons[d.seat])
        return value

    def _drawn_weight(self, i: int, d: Decision, hand: int) -> float:
        """``_play_weight`` averaged over the card drawn since the play, which is one of
        ``hand`` (the seat's hand now and the cards it played since) played after the draw
        or held now, not one known held before; looked up when met before."""
        key = (3, i, hand, 0)
        value = self.memo.get(key)
        if value is None:
            drawn = (hand & ~d.later | d.after_draw) & ~d.state.known[d.seat]
            weights = [math.exp(self._play_weight(i, d, hand & ~(1 << c)))
                       for c in cards_of(drawn)]
            value = math.log(sum(weights) / len(weights)) if weights else UNEXPLAINED
            self.memo[key] = value
        return value

    def _weigh(self, options: int, chosen: bool, epsilon: float | None = None) -> float:
        """Log-probability of a choice among ``options`` under the policy softened to
        ``epsilon`` (default: ``self.epsilon``; ``chosen``: the policy's own)."""
        if not options:
            return UNEXPLAINED
        if options == 1:
            return 0.0
        eps = self.epsilon if epsilon is None else epsilon
        return math.log((1.0 if chosen else eps) / (1.0 + eps * (options - 1)))

    def choice(self, d: Decision, hand: int) -> tuple[int, bool]:
        """How many cards the obligations left ``d``'s seat holding ``hand`` (0 when the
        card it played was not among them), and whether the medium policy plays that
        card (or one the search counts as the same)."""
        g, s = d.state, d.seat
        g.hands[s] = hand
        g.forget_cache()
        sides = g.side_of
        try:
            allowed = g.obligation_mask(s)
            if not allowed >> d.card & 1:
                return 0, False
            options = allowed.bit_count()
            if options == 1:
                return 1, True
            if d.hidden_partner and hand >> g.called & 1:  # the partner knows his side
                g.side_of = list(sides)
                g.side_of[s] = sides[g.declarer]
            pick = choose_card(g, s, d.not_held)
            return options, pick == d.card or same_run(g, s, pick, d.card)
        finally:
            g.side_of = sides
            g.hands[s] = 0
            g.forget_cache()

    def cante_choice(self, c: CanteChance, mine: int, theirs: int) -> tuple[int, bool]:
        """How many choices ``c``'s seat had with hands ``mine`` and its partner's
        ``theirs`` (each cante it could sing, and leading without one; 0 when the cante it
        sang was not among them), and whether the medium policy makes its choice."""
        g, s = c.state, c.seat
        g.hands[s] = mine
        if c.partner >= 0:
            g.hands[c.partner] = theirs
        g.forget_cache()
        try:
            options = sing_options(g, s)
            if c.sang != NO_CANTE and all(a.arg != c.sang for a in options):
                return 0, False
            if not options:
                return 1, True
            pick = choose_cante(g, s, options)
            return len(options) + 1, (NO_CANTE if pick is None else pick.arg) == c.sang
        finally:
            g.hands[s] = 0
            if c.partner >= 0:
                g.hands[c.partner] = 0
            g.forget_cache()

    def declaration_choice(self, d: Declaration, dealt: int) -> tuple[int, bool]:
        """How many choices ``d``'s seat had (0 when its own was not among them), and
        whether the decisions every level makes (``decide``) make it, dealt ``dealt``."""
        seen = replace(d.seen, hand=dealt)
        if d.action not in seen.legal:
            return 0, False
        if len(seen.legal) == 1:
            return 1, True
        return len(seen.legal), decide(seen, seen.legal, random.Random(0)) == d.action

    def chain(self, know: Knowledge, rng: random.Random, steps: int = PROPOSALS) -> Guess:
        """The next guess of a Metropolis chain whose proposals are the sampler's guesses:
        a proposal replaces the current guess with the odds of their likelihoods (the
        sampler's own odds cancel out), so the guesses follow the sampler's weighted by the
        plays' likelihood, at ``steps`` proposals a guess (repeating a guess where the
        plays speak clearly). ``restart`` begins a new chain."""
        if not self.order:
            # nothing to read: the sampler's guess as it is
            return sample_hands(self.obs, know, rng)
        for _ in range(steps):
            proposal = sample_hands(self.obs, know, rng)
            if self.current is None:
                self.current = (proposal, self.log_likelihood(proposal[0]))
                continue
            # Accepted when its likelihood clears the current one's times a uniform draw.
            floor = self.current[1] + math.log(1.0 - rng.random())
            value = self.log_likelihood(proposal[0], floor)
            if value > floor:
                self.current = (proposal, value)
        assert self.current is not None
        return self.current[0]


def _plays(obs: Observation) -> list[tuple[int, int]]:
    """Every card played this hand, in order, as (seat, card)."""
    out = [play for _, trick in obs.tricks for play in trick]
    return out + list(obs.trick)


def _window(obs: Observation) -> int:
    """The first trick whose hands a guess determines: after the last draw from a stock,
    when every seat's hand only shrinks (the first trick without a stock)."""
    g = obs.view
    done = len(obs.tricks)
    if not g.kit.draws:
        return 0
    if obs.stock_size:
        return done  # the trick on the table only
    # After the last draw each hand was full (kit.hand_size), then lost one card a trick.
    start = done + g.tricks_left - g.kit.hand_size
    return start if 0 <= start <= done else done


def _declarations(obs: Observation) -> list[Declaration]:
    """Replay the decisions before play from the deal, recording the position before each
    one another seat made; none where a card was drawn or discarded (the hand dealt is then
    not a hand now plus the cards played). Each seat's dealt cards are followed through the
    replay as one card each, so that cards a decision moves (a takeover) are found."""
    g0 = obs.view.at_deal
    if g0 is None or g0.kit.draws or any(obs.view.discards) or any(obs.face_down):
        return []
    actions = obs.view.spoken
    g = g0.copy()
    g.hands = [1 << s for s in range(g.n)]
    g.forget_cache()
    found: list[tuple[Action, HandState, int]] = []
    for i, action in enumerate(actions):
        if action.seat != obs.seat:
            found.append((action, g.copy(), g.hands[action.seat]))
        if i + 1 < len(actions):  # the last needs no replaying (a call needs its holder)
            g.apply(action)
    holder = {cards: seat for seat, cards in enumerate(g.hands) if cards}
    out = []
    for action, state, held in found:
        state.hands = [0] * state.n
        state.forget_cache()
        out.append(Declaration(action, obs.at(state, action.seat), holder.get(held, -1)))
    return out


def _reads_the_trick_before(obs: Observation, start: int) -> int:
    """1 when the reading may start a trick before ``start`` at the cost of one unseen
    draw a seat: while a stock lasts, with no muestra exchanged (that changes the
    face-up card at a time the observation does not keep), else 0."""
    g = obs.view
    return int(g.kit.draws and obs.stock_size > 0 and 0 < start == len(obs.tricks)
               and not g.exchanges)


def _decisions(obs: Observation) -> tuple[list[Decision], list[CanteChance]]:
    """Replay the public part of the hand from the first trick read, recording the
    position before each play by another seat, with the deductions every seat could make
    there (``read`` on what that seat saw, as the medium player reads them), and after
    each trick another seat won where it could sing, what it did."""
    start = _window(obs)
    drawing = _reads_the_trick_before(obs, start)
    start -= drawing
    plays = _plays(obs)
    first = sum(len(t) for _, t in obs.tricks[:start])
    window = plays[first:]
    if not window:
        return [], []
    g = _rewound(obs, start, window)
    n = obs.players
    later = [0] * n  # the cards each seat plays from the replay's point on
    for s, c in window:
        later[s] |= 1 << c
    after_draw = [0] * n  # the cards each seat plays after the first trick's draw
    for s, c in window[len(obs.tricks[start][1]) if drawing else 0:]:
        after_draw[s] |= 1 << c
    called = obs.called if obs.called is not None else -1
    out: list[Decision] = []
    chances: list[CanteChance] = []
    for i, (s, c) in enumerate(window):
        g.hands[s] = 1 << c  # the one card is all the public replay needs to play it
        g.forget_cache()
        if s != obs.seat:
            seen = obs.at(g, s)
            state = g.copy()
            state.hands[s] = 0
            state.forget_cache()
            out.append(Decision(s, c, state, list(read(seen).not_held), later[s],
                                called >= 0 and not g.revealed,
                                drawing > 0 and len(g.tricks) == start, after_draw[s]))
        later[s] &= ~(1 << c)
        tricks = len(g.tricks)
        if g.stock and len(g.trick_cards) + 1 == len(g.playing):
            k = min(g.seats_in_hand, len(g.stock))
            g.stock[:k] = [c] * k  # a known card to draw in place of each hidden one
        g.apply(PLAYS[s][c])
        g.hands = [0] * n
        if len(g.tricks) > tricks:
            chance = _cante_chance(obs, g, later, i + 1 < len(window))
            if chance is not None:
                chances.append(chance)
        if c == called:  # shown: everyone now knows the sides
            g.side_of[s] = g.side_of[g.declarer]
    return out, chances


def _cante_chance(obs: Observation, g: HandState, later: Sequence[int],
                  led: bool) -> CanteChance | None:
    """Sing in place the cantes sung after the trick ``g`` has just closed; when another
    seat could sing then and has chosen (it sang, or ``led`` a card since), that choice."""
    seat = g.may_sing
    before = [len(names) for names in g.cantes]
    state = g.copy() if seat >= 0 and seat != obs.seat and not g.over else None
    _sing_in_place(obs.view, g)
    if state is None:
        return None
    sung = [name for names, k in zip(g.cantes, before, strict=True) for name in names[k:]]
    if not (sung or led) or _tute_after(obs.view, len(g.tricks)):
        return None
    sang = NO_CANTE
    if sung:
        sang = sing_arg(cante_suit(sung[0], g.trump), g.trump)
    partners = [p for p in singers(state, seat) if p != seat]
    partner = partners[0] if partners else -1
    return CanteChance(seat, sang, state, later[seat], partner,
                       later[partner] if partner >= 0 else 0)


def _tute_after(now: HandState, done: int) -> bool:
    """A tute was sung after trick ``done`` (the hand ended there)."""
    return any(name == "tute" and after == done
               for names, afters in zip(now.cantes, now.cante_tricks, strict=True)
               for name, after in zip(names, afters, strict=True))


def _sing_in_place(now: HandState, g: HandState) -> None:
    """The cantes sung after the trick ``g`` has just closed, as ``now`` (a later position
    of the same hand) records them: Chancho's forced ones the replay has sung already."""
    done = len(g.tricks)
    for seat, names in enumerate(now.cantes):
        for name, after in list(zip(names, now.cante_tricks[seat], strict=True))[
                len(g.cantes[seat]):]:
            if after > done or name == "tute":
                break
            score(g, seat, seat, sing_arg(cante_suit(name, g.trump), g.trump), False)
            g.may_sing = -1


def _rewound(obs: Observation, start: int, window: Sequence[tuple[int, int]]) -> HandState:
    """The public position before trick ``start``: the view with the window's plays taken
    back (every hidden hand, and the observer's, emptied), the cantes sung since undone,
    and the cards then known held (the shown card) known again."""
    g = obs.view.copy()
    g.hands = [0] * g.n
    for s, c in window:
        g.played &= ~(1 << c)
        if c in (g.shown, g.muestra):  # shown, or taken face up: known held until played
            g.known[s] |= 1 << c
    undrawn = len(obs.tricks) - 1 if g.drawing else -1  # its draw still to come
    for k, (winner, trick) in enumerate(obs.tricks[start:], start):
        g.taken[winner] -= 1
        g.won_points[winner] -= sum(g.kit.card_points[c] for _, c in trick)
        g.tricks_left += 1
        if obs.stock_size and k != undrawn:  # its cards drawn back (their faces unseen)
            g.stock[:0] = [HIDDEN] * g.seats_in_hand
            g.free_tricks -= g.family is not g.kit.family
    g.tricks = list(obs.tricks[:start])
    g.trick_seats, g.trick_cards = [], []
    g.lead = g.win_card = g.win_seat = -1
    g.to_act = window[0][0]
    g.may_sing = g.may_exchange = -1
    g.drawing = False
    g.sang_trick = 0
    g.last_trick = None
    g.sung_suits = 0
    g.cante_points = [0] * g.n
    g.cantes = [[] for _ in range(g.n)]
    g.cante_tricks = [[] for _ in range(g.n)]
    g.sang_pair = [False] * g.n
    _sing_in_place(obs.view, g)
    if g.called >= 0 and (not g.revealed or any(c == g.called for _, c in window)):
        # Before the called card shows, only its holder knows the sides (the observer
        # may be that holder: the others still did not know).
        g.revealed = False
        g.partner = -1
        g.side_of = [0 if s == g.declarer else 1 for s in range(g.n)]
    g.forget_cache()
    return g
