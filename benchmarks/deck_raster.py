"""Time to rasterize all 48 faces of a deck at 200 px height with a cold cache.

Run: python benchmarks/deck_raster.py [--style catalan] [--height 200]
Target: under 0.5 s. The last line reads ``raster 48 faces @200px: 0.31 s``.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from tute.ui.widgets.deck import Deck


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--style", default="spanish", choices=Deck.STYLES)
    parser.add_argument("--height", type=int, default=200)
    args = parser.parse_args()
    pygame.init()
    Deck().back(args.height)  # load SDL_image's SVG support before timing
    for style in Deck.STYLES:
        if style == args.style:
            continue
        t0 = time.perf_counter()
        other = Deck(style)
        for c in range(48):
            other.face(c, args.height)
        print(f"{style}: raster 48 faces @{args.height}px: {time.perf_counter() - t0:.2f} s")
    deck = Deck(args.style)
    t0 = time.perf_counter()
    for c in range(48):
        deck.face(c, args.height)
    elapsed = time.perf_counter() - t0
    print(f"raster 48 faces @{args.height}px: {elapsed:.2f} s")


if __name__ == "__main__":
    main()
