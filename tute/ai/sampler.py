"""Guessing the hidden hands: deals consistent with everything the seat has seen.

A guess gives every other seat exactly its number of cards, the cards it is known to hold,
and none of the cards its plays showed it cannot hold; a stock gets its size, in a random
order above its face-up card. Cards are placed most-constrained
first into a random seat weighted by the room it has left; when a card fits nowhere, an
augmenting path moves earlier cards along (as in bipartite matching), so a consistent
deal is always found when one exists. A short shuffle of swaps then mixes the guess.
In Codillo the called card is placed first, its holder drawn by how the seats' plays read
(``partner_odds``).
"""

from __future__ import annotations

import random

from tute.ai.knowledge import Knowledge, partner_odds
from tute.cards import cards_of
from tute.engine import Observation

Guess = tuple[list[int], list[int] | None]
"""Every seat's hand, and the stock in order (None without one)."""


class Inconsistent(ValueError):
    """No deal fits the deductions (a revoke the seat cannot prove yet, say)."""


def sample_hands(obs: Observation, know: Knowledge, rng: random.Random) -> Guess:
    """Every seat's hand: the observer's own, and a consistent guess for the others and
    for the stock.

    Falls back to ignoring the void deductions when they admit no deal, since an
    undetected revoke can make them contradict each other.
    """
    try:
        return _sample(obs, know, rng, know.not_held)
    except Inconsistent:
        return _sample(obs, know, rng, tuple(0 for _ in know.not_held))


def pinned(obs: Observation, know: Knowledge) -> bool:
    """Whether only one deal fits what the seat knows: no unseen card is left to draw
    (the stock holds at most its face-up card), none lies face down in a discard, and
    every unseen card can be in one hand only (in Tute a dos once the stock is drawn).
    Every guess is then the truth, so one search of it tells all that more would."""
    face_up = 1 if obs.face_up is not None else 0
    if obs.stock_size > face_up or any(n for s, n in enumerate(obs.face_down) if s != obs.seat):
        return False
    holders = [s for s in range(obs.players) if s != obs.seat and obs.hand_sizes[s]]
    return all(sum(not know.not_held[s] >> c & 1 for s in holders) == 1
               for c in cards_of(know.unseen))


def _sample(obs: Observation, know: Knowledge, rng: random.Random,
            not_held: tuple[int, ...]) -> Guess:
    me = obs.seat
    # The stock and the others' face-down discards are guessed like two more seats,
    # constrained by nothing; folded players keep their cards like any other seat.
    stock, pile = obs.players, obs.players + 1
    hands = [0] * (obs.players + 2)
    hands[me] = obs.hand
    not_held = (*not_held, 0, 0)
    others = [s for s in range(obs.players) if s != me and obs.hand_sizes[s]]
    room = {}
    forced = 0
    face_up = 1 if obs.face_up is not None else 0
    if obs.stock_size > face_up:
        others.append(stock)
        room[stock] = obs.stock_size - face_up
    hidden = sum(n for s, n in enumerate(obs.face_down) if s != me)
    if hidden:
        others.append(pile)
        room[pile] = hidden
    for s in others:
        if s >= stock:
            continue
        fixed = know.must_hold[s] & know.unseen
        hands[s] = fixed
        forced |= fixed
        room[s] = obs.hand_sizes[s] - fixed.bit_count()
        if room[s] < 0:
            raise Inconsistent(f"seat {s} is known to hold more cards than it has")
    free = cards_of(know.unseen & ~forced)
    if len(free) != sum(room.values()):
        raise Inconsistent("the unseen cards do not match the hand sizes")
    fits = {c: [s for s in others if not not_held[s] >> c & 1] for c in free}
    _shuffle(free, rng)
    free.sort(key=lambda c: len(fits[c]))
    placed: dict[int, int] = {}
    called = obs.called
    odds = [1.0] * len(hands)
    if called is not None and called in fits:
        odds[:obs.players] = partner_odds(obs)
        free.remove(called)
        free.insert(0, called)
    for c in free:
        open_seats = [s for s in fits[c] if room[s] > 0]
        if open_seats:
            weights = [room[s] * (odds[s] if c == called else 1.0) for s in open_seats]
            s = open_seats[_weighted(weights, rng)]
        else:
            s = _make_room(c, fits, placed, room)
        placed[c] = s
        room[s] -= 1
    _mix([c for c in free if c != called], fits, placed, rng)  # the called card stays put
    order: list[int] = []
    for c, s in placed.items():
        hands[s] |= 1 << c
        if s == stock:
            order.append(c)
    if not obs.stock_size:
        return hands[:stock], None
    _shuffle(order, rng)
    return hands[:stock], order + ([obs.face_up] if obs.face_up is not None else [])


def _make_room(c: int, fits: dict[int, list[int]], placed: dict[int, int],
               room: dict[int, int]) -> int:
    """Free a place for ``c`` by moving placed cards along a path to a seat with room;
    returns the seat where ``c`` goes (its room is then counted as if unmoved)."""
    parent: dict[int, tuple[int, int] | None] = {s: None for s in fits[c]}
    queue = list(fits[c])
    while queue:
        seat = queue.pop(0)
        for d, holder in placed.items():
            if holder != seat:
                continue
            for t in fits[d]:
                if t in parent:
                    continue
                parent[t] = (seat, d)
                if room[t] > 0:
                    # Shift each card one step along the path, ending at the open seat.
                    node = t
                    step = parent[node]
                    while step is not None:
                        prev, card = step
                        placed[card] = node
                        node = prev
                        step = parent[node]
                    room[t] -= 1
                    room[node] += 1
                    return node
                queue.append(t)
    raise Inconsistent("no seat can take a card")


def _mix(free: list[int], fits: dict[int, list[int]], placed: dict[int, int],
         rng: random.Random) -> None:
    """Random swaps of two cards between seats that may hold them, to undo the bias of
    placing the most constrained cards first."""
    n = len(free)
    if n < 2:
        return
    for _ in range(2 * n):
        i = _below(n, rng)
        j = _below(n - 1, rng)  # another index: one of the n - 1 others
        a, b = free[i], free[j + 1 if j >= i else j]
        sa, sb = placed[a], placed[b]
        if sa != sb and sb in fits[a] and sa in fits[b]:
            placed[a], placed[b] = sb, sa


# The draws below take ``rng.random()`` alone, a C call: ``random.shuffle``, ``choices`` and
# ``sample`` are interpreted Python, and were half a guess's cost in the compiled search
# (benchmarks/search_speed.py). Each is as uniform as those (to one part in 2**53).


def _below(n: int, rng: random.Random) -> int:
    """A uniform index in ``range(n)``."""
    return min(n - 1, int(rng.random() * n))


def _shuffle(items: list[int], rng: random.Random) -> None:
    """Shuffle ``items`` in place (Fisher-Yates)."""
    for i in range(len(items) - 1, 0, -1):
        j = _below(i + 1, rng)
        items[i], items[j] = items[j], items[i]


def _weighted(weights: list[float], rng: random.Random) -> int:
    """An index drawn with chance proportional to its weight (none negative, one
    positive at least); a rounding past the end falls on the last positive weight."""
    x = rng.random() * sum(weights)
    last = 0
    for i, w in enumerate(weights):
        if w > 0.0:
            last = i
            x -= w
            if x < 0.0:
                return i
    return last
