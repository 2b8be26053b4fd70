"""What one seat may know: its own hand and everything shown at the table, nothing else.

An Observation also carries a public copy of the game with every hidden card removed, so a
computer player can fill the hidden hands with a guess (``determinize``) and search with
the real rules without ever having seen the real cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tute.engine.actions import Action

if TYPE_CHECKING:
    from tute.engine.game import Game
    from tute.rules import OptionValue


@dataclass(frozen=True)
class Observation:
    seat: int
    rules_id: str
    options: Mapping[str, OptionValue]
    players: int
    phase: str
    hand_number: int
    dealer: int
    mano: int
    sitting_out: int | None
    playing: tuple[int, ...]
    """Seats in this hand, in playing order from the mano."""
    to_act: int | None
    legal: tuple[Action, ...]
    """This seat's legal actions when it is to act (accusations at any time), else empty."""
    hand: int
    """This seat's cards (bitmask)."""
    hand_sizes: tuple[int, ...]
    trump: int
    shown: int | None
    """Card shown to mark trumps that stays in ``shown_holder``'s hand until played."""
    shown_holder: int | None
    muestra: int | None
    out_of_play: int
    """Face-up cards out of play (3-player hands): bitmask."""
    known: tuple[int, ...]
    """Cards every seat knows another seat holds (shown card, exchanges), per seat."""
    played: int
    """Every card played so far this hand (bitmask)."""
    trick: tuple[tuple[int, int], ...]
    """The trick on the table: (seat, card) in playing order."""
    tricks: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    """Completed tricks of this hand: (winner, ((seat, card), ...))."""
    taken: tuple[int, ...]
    won_points: tuple[int, ...]
    cante_points: tuple[int, ...]
    cantes: tuple[tuple[str, ...], ...]
    sung_suits: int
    may_sing: int
    marks: tuple[int, ...]
    retired: tuple[bool, ...]
    lives: int
    view: Game = field(repr=False, compare=False)

    def determinize(self, hands: Sequence[int]) -> Game:
        """A playable copy of this hand with the hidden hands set to a guess.

        ``hands`` gives every seat's cards; this seat's must be its real hand. The copy
        cannot deal another hand: searches end with the hand.
        """
        if hands[self.seat] != self.hand:
            raise ValueError("a guess must keep the observing seat's own hand")
        g = self.view.clone()
        g.hands = list(hands)
        g.forget_cache()
        return g
