"""Stroke numerals for the corner indices: each digit is a centre line in a 10 x 16 box,
drawn with a round-capped stroke so it stays legible down to a few pixels."""

from __future__ import annotations

from deckart.svg import num, path, place

DIGIT_W, DIGIT_H = 10.0, 16.0

DIGITS: dict[str, str] = {
    "0": "M5 0C1.6 0 0.6 4 0.6 8S1.6 16 5 16S9.4 12 9.4 8S8.4 0 5 0Z",
    "1": "M2 3.4L6 0V16",
    "2": "M0.9 3.8C1.3 1.4 3 0 5.1 0C7.5 0 9.1 1.7 9.1 3.9C9.1 7.4 4.6 10.6 0.8 16H9.6",
    "3": "M1.2 2.1C2.1 0.7 3.5 0 5 0C7.4 0 9 1.5 9 3.7S7.2 7.4 4.4 7.4C7.6 7.4 9.5 9.1 9.5 11.7"
         "S7.5 16 4.9 16C3 16 1.5 15.2 0.6 13.7",
    "4": "M7.2 16V0L0.4 11H9.8",
    "5": "M8.9 0H2.1L1.2 7.1C2.3 6.1 3.6 5.7 5 5.7C7.8 5.7 9.5 7.8 9.5 10.8S7.6 16 4.8 16"
         "C3 16 1.6 15.2 0.6 13.8",
    "6": "M8.4 1.1C7.6 0.4 6.5 0 5.4 0C2.3 0 0.5 3.4 0.5 8.9C0.5 13.5 2.3 16 5 16S9.5 13.8 9.5"
         " 11.1S7.8 6.2 5.2 6.2C3 6.2 1.3 7.5 0.6 9.5",
    "7": "M0.5 0H9.5C6.6 4.2 4.6 9.3 3.9 16",
    "8": "M5 7.4C2.6 7.4 1.1 6 1.1 3.7S2.7 0 5 0S8.9 1.5 8.9 3.7S7.4 7.4 5 7.4C2.2 7.4 0.5 9.2"
         " 0.5 11.7S2.4 16 5 16S9.5 14.3 9.5 11.7S7.8 7.4 5 7.4Z",
    "9": "M1.6 14.9C2.4 15.6 3.5 16 4.6 16C7.7 16 9.5 12.6 9.5 7.1C9.5 2.5 7.7 0 5 0S0.5 2.2 0.5"
         " 4.9S2.2 9.8 4.8 9.8C7 9.8 8.7 8.5 9.4 6.5",
}


def digit(ch: str, colour: str, weight: float) -> str:
    """One digit in its 10 x 16 box."""
    return path(DIGITS[ch], stroke=colour, stroke_width=num(weight), stroke_linecap="round",
                stroke_linejoin="round")


def numeral(text: str, cx: float, top: float, height: float, colour: str,
            weight: float = 2.0, condense: float = 0.78, gap: float = 2.4) -> str:
    """``text`` (digits) centred on ``cx`` with its top at ``top``; ``weight`` is the stroke
    in glyph units (the box is 16 high). Two-digit numbers are condensed to stay narrow."""
    scale = height / DIGIT_H
    sx = 1.0 if len(text) == 1 else condense
    advance = DIGIT_W + gap
    total = DIGIT_W * len(text) + gap * (len(text) - 1)
    glyphs = [place([digit(ch, colour, weight)], x=i * advance) for i, ch in enumerate(text)]
    left = cx - total * scale * sx / 2
    return place(glyphs, x=left, y=top, scale=scale, sx=sx)


def numeral_width(text: str, height: float, condense: float = 0.78, gap: float = 2.4) -> float:
    scale = height / DIGIT_H
    sx = 1.0 if len(text) == 1 else condense
    return (DIGIT_W * len(text) + gap * (len(text) - 1)) * scale * sx
