"""Sound effects, with a volume and mute setting; silent when there is no audio device."""

from __future__ import annotations

import time

import pygame

from tute.resources import asset

NAMES = ("shuffle", "deal", "play", "trick", "cante", "hand_end")
PREVIEW_GAP = 0.15
"""Seconds between two samples of the volume while its slider is dragged."""


class Audio:
    """Plays the bundled effects; every call is a no-op if the mixer could not start."""

    def __init__(self, volume: float, muted: bool) -> None:
        self.volume = volume
        self.muted = muted
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.previewed = 0.0
        try:
            pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            for name in NAMES:
                self.sounds[name] = pygame.mixer.Sound(asset("sounds", f"{name}.wav"))
        except (pygame.error, FileNotFoundError, OSError):
            self.sounds = {}

    @property
    def available(self) -> bool:
        return bool(self.sounds)

    def set_volume(self, volume: float, muted: bool) -> None:
        self.volume, self.muted = volume, muted

    def play(self, name: str, volume: float = 1.0) -> None:
        sound = self.sounds.get(name)
        if sound is None or self.muted or self.volume <= 0:
            return
        sound.set_volume(self.volume * volume)
        sound.play()

    def preview(self) -> None:
        """A card put down at the volume just chosen, so the player hears the level; no
        more than one every ``PREVIEW_GAP`` seconds while a slider is dragged."""
        now = time.monotonic()
        if now - self.previewed >= PREVIEW_GAP:
            self.previewed = now
            self.play("play")

    def close(self) -> None:
        if self.sounds:
            pygame.mixer.quit()
            self.sounds = {}
