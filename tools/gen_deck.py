"""Draw the Spanish and Catalan decks, the card backs and the table felt as SVG files.

Run: ``python tools/gen_deck.py [--out DIR] [--sheet PNG [--deck catalan] [--height H]]``

Writes ``<DIR>/spanish/<card>.svg``, ``<DIR>/catalan/<card>.svg`` (48 each, named in the
project's notation: 1O, 12B), ``<DIR>/backs/<name>.svg`` and ``<DIR>/felt.svg``; the default
DIR is ``assets/cards``. Output is deterministic: running again changes no file. With
``--sheet`` it also renders a contact sheet of one deck and the backs (pygame, headless).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from deckart import BACKS, SUITS, generate

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "cards"


def write(out: Path) -> int:
    """Write every file that changed; returns how many were written."""
    written = 0
    for rel, text in generate().items():
        target = out / rel
        data = text.encode()
        if target.exists() and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        written += 1
    return written


def sheet(out: Path, deck: str, height: int, png: Path) -> None:
    """A contact sheet: the 48 faces in suit rows and the backs, on the felt."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    width = round(height * 0.64)
    pad = max(6, height // 12)
    cols, rows = 12, len(SUITS) + 1
    size = (pad + cols * (width + pad), pad + rows * (height + pad))
    image = pygame.image.load_sized_svg(str(out / "felt.svg"), (max(size), max(size)))
    canvas = pygame.Surface(size)
    canvas.blit(image, (0, 0))
    for row, suit in enumerate(SUITS):
        for rank in range(1, 13):
            card = pygame.image.load_sized_svg(str(out / deck / f"{rank}{suit}.svg"),
                                               (width, height))
            canvas.blit(card, (pad + (rank - 1) * (width + pad), pad + row * (height + pad)))
    for i, name in enumerate(BACKS):
        card = pygame.image.load_sized_svg(str(out / "backs" / f"{name}.svg"), (width, height))
        canvas.blit(card, (pad + i * (width + pad), pad + len(SUITS) * (height + pad)))
    pygame.image.save(canvas, str(png))
    pygame.quit()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="output folder")
    parser.add_argument("--sheet", type=Path, help="also render a contact sheet PNG")
    parser.add_argument("--deck", default="spanish", choices=("spanish", "catalan"))
    parser.add_argument("--height", type=int, default=160, help="card height on the sheet")
    args = parser.parse_args(argv)
    n = write(args.out)
    print(f"{n} file(s) written to {args.out}")
    if args.sheet:
        sheet(args.out, args.deck, args.height, args.sheet)
        print(f"sheet: {args.sheet}")


if __name__ == "__main__":
    main()
