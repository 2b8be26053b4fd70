"""Keys held across a change of screen: the window's key repeat (350 ms) goes on sending
KEYDOWN for a key held down, and pygame-ce marks none of them as a repeat. An Enter held on
"Continue the match" would otherwise go on into the table and play a card there.

So the app keeps which keys are down (from the events themselves: posted events do not
change ``pygame.key.get_pressed``), and when the scene stack changes, the keys down at that
moment belong to the screen they were pressed on: the new top scene sees neither their
repeats nor their release, only a fresh press after they were let go. A scene whose panels
come and go within it (the table's questions) says so with ``settle``.
"""

from __future__ import annotations

import pygame


class HeldKeys:
    """Which key events the top scene may see."""

    def __init__(self) -> None:
        self.down: set[int] = set()
        """Keys pressed and not yet released."""
        self.stale: set[int] = set()
        """Keys held since before the top scene opened (or became top again)."""
        self.stack_seen = -1
        """The scene stack's change count at the last key event."""

    def settle(self) -> None:
        """A panel within the scene (a question, a how-to-play box) was answered by a key:
        the keys down now stay with it, as on a change of scene."""
        self.stale = set(self.down)

    def passes(self, event: pygame.event.Event, stack_changes: int) -> bool:
        """Whether ``event`` goes to the top scene; ``stack_changes``: the scene stack's
        change count now (any push or pop since the last key event makes the keys down
        stale)."""
        if event.type == pygame.WINDOWFOCUSLOST:  # their releases go to another window
            self.down.clear()
            self.stale.clear()
            return True
        if event.type not in (pygame.KEYDOWN, pygame.KEYUP):
            return True
        if stack_changes != self.stack_seen:
            self.stack_seen = stack_changes
            self.stale = set(self.down)
        key = event.key
        if event.type == pygame.KEYDOWN:
            if key in self.stale:
                return False
            self.down.add(key)
            return True
        self.down.discard(key)
        if key in self.stale:
            self.stale.discard(key)
            return False
        return True
