"""Synthesize the game's sound effects into assets/sounds/ (stdlib only, deterministic).

Run: python tools/gen_sounds.py [--out DIR]

Every sound is filtered noise and a few sine partials shaped by envelopes; a fixed seed makes
the files byte-identical from run to run, so they can be regenerated and diffed.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def noise(n: int, rng: random.Random) -> list[float]:
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def lowpass(x: list[float], cutoff: float) -> list[float]:
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for v in x:
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: list[float], cutoff: float) -> list[float]:
    low = lowpass(x, cutoff)
    return [v - w for v, w in zip(x, low, strict=True)]


def bandpass(x: list[float], low: float, high: float) -> list[float]:
    return lowpass(highpass(x, low), high)


def envelope(n: int, attack: float, decay: float) -> list[float]:
    """Linear attack of ``attack`` seconds, then exponential decay with time constant ``decay``."""
    a = max(1, int(attack * RATE))
    return [i / a if i < a else math.exp(-(i - a) / (decay * RATE)) for i in range(n)]


def tone(n: int, freq: float, decay: float, partials: tuple[float, ...] = (1.0,)) -> list[float]:
    out = []
    for i in range(n):
        t = i / RATE
        v = sum(p * math.sin(2 * math.pi * freq * (k + 1) * t) for k, p in enumerate(partials))
        out.append(v * math.exp(-t / decay))
    return out


def mix(length: float, *parts: tuple[float, list[float]]) -> list[float]:
    """Add ``parts`` (start second, samples) into a buffer ``length`` seconds long."""
    buf = [0.0] * int(length * RATE)
    for start, samples in parts:
        s = int(start * RATE)
        for i, v in enumerate(samples[: max(0, len(buf) - s)]):
            buf[s + i] += v
    return buf


def scaled(x: list[float], env: list[float], gain: float) -> list[float]:
    return [v * e * gain for v, e in zip(x, env, strict=True)]


def snap(rng: random.Random, seconds: float, bright: float, gain: float) -> list[float]:
    """A card's edge against the felt: a short bright noise burst."""
    n = int(seconds * RATE)
    return scaled(bandpass(noise(n, rng), 700, bright), envelope(n, 0.002, seconds / 5), gain)


def shuffle(rng: random.Random) -> list[float]:
    """A riffle: clicks that speed up, then the bridge settling."""
    parts: list[tuple[float, list[float]]] = []
    t = 0.05
    gap = 0.034
    while t < 0.78:
        parts.append((t, snap(rng, 0.03, rng.uniform(3500, 6000), rng.uniform(0.35, 0.6))))
        t += gap * rng.uniform(0.7, 1.2)
        gap = max(0.012, gap * 0.96)
    n = int(0.32 * RATE)
    whoosh = scaled(bandpass(noise(n, rng), 300, 2500), envelope(n, 0.12, 0.07), 0.5)
    parts.append((0.8, whoosh))
    return mix(1.2, *parts)


def deal(rng: random.Random) -> list[float]:
    """One card sliding across the table."""
    n = int(0.16 * RATE)
    slide = scaled(bandpass(noise(n, rng), 900, 5200), envelope(n, 0.03, 0.035), 0.55)
    return mix(0.2, (0.0, slide))


def play(rng: random.Random) -> list[float]:
    """A card put down with intent: a slap and a soft thump."""
    thump = [v * 0.35 for v in tone(int(0.12 * RATE), 110, 0.03)]
    return mix(0.18, (0.0, snap(rng, 0.09, 4200, 0.9)), (0.0, thump))


def trick(rng: random.Random) -> list[float]:
    """The trick gathered and swept to its winner."""
    n = int(0.36 * RATE)
    sweep = scaled(bandpass(noise(n, rng), 500, 3200), envelope(n, 0.14, 0.09), 0.6)
    return mix(0.45, (0.0, sweep), (0.3, snap(rng, 0.06, 3000, 0.45)))


def cante(rng: random.Random) -> list[float]:
    """A bright two-note call for a cante."""
    bell = (1.0, 0.35, 0.15)
    return mix(0.9, (0.0, [v * 0.28 for v in tone(int(0.7 * RATE), 784, 0.25, bell)]),
               (0.13, [v * 0.3 for v in tone(int(0.75 * RATE), 1047, 0.3, bell)]))


def hand_end(rng: random.Random) -> list[float]:
    """A soft falling arpeggio when a hand is scored."""
    bell = (1.0, 0.25, 0.1)
    notes = (659, 523, 392)
    return mix(1.2, *((i * 0.14, [v * 0.26 for v in tone(int(0.8 * RATE), f, 0.3, bell)])
                      for i, f in enumerate(notes)))


SOUNDS: dict[str, Callable[[random.Random], list[float]]] = {
    "shuffle": shuffle, "deal": deal, "play": play, "trick": trick, "cante": cante,
    "hand_end": hand_end,
}


def write_wav(path: Path, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(v) for v in samples))
    gain = min(1.0, 0.9 / peak)
    fade = int(0.005 * RATE)
    frames = bytearray()
    for i, v in enumerate(samples):
        edge = min(1.0, (len(samples) - i) / fade)
        frames += struct.pack("<h", round(max(-1.0, min(1.0, v * gain * edge)) * 32767))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for i, (name, make) in enumerate(SOUNDS.items()):
        write_wav(args.out / f"{name}.wav", make(random.Random(1000 + i)))
        print(f"{args.out / name}.wav")


if __name__ == "__main__":
    main()
