"""Look of the game: colours, the bundled fonts, cached text, panels and the felt."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

import pygame

from tute.resources import asset

Color = tuple[int, int, int] | tuple[int, int, int, int]

FELT = (20, 92, 56)
FELT_LIGHT = (34, 122, 74)
"""The felt's lit centre (FELT_DARK its rim)."""
FELT_DARK = (8, 44, 27)
FELT_LINE = (214, 186, 112, 60)
INK = (246, 240, 224)
INK_DIM = (196, 208, 196)
INK_DARK = (30, 26, 20)
GOLD = (232, 192, 96)
GOLD_DARK = (150, 112, 40)
RED = (214, 72, 60)
PANEL = (10, 22, 16, 214)
PANEL_SOLID = (12, 26, 18, 255)
"""Dialogs and result panels: opaque, so nothing on the table shows through them."""
PANEL_BORDER = (232, 192, 96, 110)
SHADOW = (0, 0, 0, 90)
BUTTON = (38, 62, 48)
BUTTON_HOVER = (54, 86, 66)
BUTTON_PRIMARY = (224, 178, 76)
BUTTON_PRIMARY_HOVER = (244, 202, 104)
HIGHLIGHT = (255, 224, 120)
CHALK = (240, 234, 214)
CHALK_FAINT = (120, 160, 136)
"""Marks still to come: about 5.5:1 against a plate, readable yet plainly not chalked."""
BACK_GLYPH = (150, 40, 44)
DIM = (0, 0, 0, 120)
CARD_DIMMED = (120, 120, 120)
"""What an unplayable card's colours are multiplied by (its large index's black on the
dimmed white about 5:1; the high-contrast palette dims less, for 8:1)."""

TEAM_COLORS = ((90, 160, 230), (226, 110, 90))
"""Team stripes on the name plates: the player's team blue, the rivals red."""
SUIT_COLORS = ((222, 172, 40), (200, 52, 48), (50, 96, 176), (46, 132, 70))
"""Oros, copas, espadas, bastos: the colours of the Spanish suits' pips."""

PALETTE_NAMES = ("FELT", "FELT_LIGHT", "FELT_DARK", "FELT_LINE", "INK", "INK_DIM", "INK_DARK",
                 "GOLD", "GOLD_DARK", "RED", "PANEL", "PANEL_SOLID", "PANEL_BORDER", "BUTTON",
                 "BUTTON_HOVER", "BUTTON_PRIMARY", "BUTTON_PRIMARY_HOVER", "HIGHLIGHT", "CHALK",
                 "CHALK_FAINT", "BACK_GLYPH", "CARD_DIMMED", "TEAM_COLORS", "SUIT_COLORS")
"""The colours a palette sets; everything reads them as ``theme.NAME`` when it draws."""
CLASSIC = {name: globals()[name] for name in PALETTE_NAMES}
"""The game's own look, above."""
HIGH_CONTRAST = {
    **CLASSIC,
    "FELT": (10, 10, 10), "FELT_LIGHT": (22, 22, 22), "FELT_DARK": (0, 0, 0),
    "FELT_LINE": (255, 255, 255, 90),
    "INK": (255, 255, 255), "INK_DIM": (224, 224, 224), "INK_DARK": (0, 0, 0),
    "GOLD": (255, 224, 0), "GOLD_DARK": (255, 255, 255), "RED": (255, 150, 140),
    "PANEL": (0, 0, 0, 240), "PANEL_SOLID": (0, 0, 0, 255), "PANEL_BORDER": (255, 255, 255),
    "BUTTON": (0, 0, 0), "BUTTON_HOVER": (30, 30, 30),
    "BUTTON_PRIMARY": (255, 224, 0), "BUTTON_PRIMARY_HOVER": (255, 255, 120),
    "HIGHLIGHT": (255, 255, 0), "CHALK": (255, 255, 255), "CHALK_FAINT": (176, 176, 176),
    "BACK_GLYPH": (0, 0, 0), "CARD_DIMMED": (160, 160, 160),
    "TEAM_COLORS": ((120, 200, 255), (255, 150, 130)),
    "SUIT_COLORS": ((255, 210, 40), (255, 90, 80), (110, 170, 255), (90, 220, 120)),
}
"""Strong contrast for low vision: near-black felt and panels, white text, yellow gold and
focus, white edges (every text 7:1 or more against what it lies on)."""
high_contrast = False


def use_palette(contrast: bool) -> None:
    """Draw from now on in the high-contrast palette, or the classic one. Everything reads
    the colours as ``theme.NAME`` when it draws, so the next frame shows the change."""
    global high_contrast
    if contrast != high_contrast:
        high_contrast = contrast
        globals().update(HIGH_CONTRAST if contrast else CLASSIC)
        felt.cache_clear()


print_scale = 1.0
"""Every text is drawn this many times the size asked (the Settings' "Text and card size");
layouts make room for it through ``grown``."""


CROWDED_PRINT = 1.5
"""The largest print the crowded screens hold (the table, the new-game screen, the puzzles,
a hand's result and its log): their parts are laid out for the window, and above this
their words would run into each other, so there they stop growing."""
CHARTS_PRINT = 1.25
"""The largest print the statistics' figures and charts hold side by side."""


def grown(n: float) -> int:
    """``n`` pixels of room meant for text, grown with the large print."""
    return round(n * print_scale)


def set_print_scale(scale: float) -> None:
    """Draw every text ``scale`` times the size asked, from now on."""
    global print_scale
    print_scale = scale

_FONT_FILES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (True, True): "DejaVuSerif-Bold.ttf",
    (False, True): "DejaVuSerif-Bold.ttf",
}


MIN_TEXT = 11
"""The smallest text anywhere, in pixels: every size asked for below it is drawn at it, and
a text shrunk to fit its box stops there (small windows included)."""
SMALL_RATIO = 0.8
"""One scale for secondary text (descriptions, captions): this share of its line's size."""


def small(size: int) -> int:
    """The secondary text's size beside text of ``size``: the one scale, never below
    MIN_TEXT."""
    return max(MIN_TEXT, round(size * SMALL_RATIO))


def pixels(size: int) -> int:
    """How tall a text asked at ``size`` is drawn: MIN_TEXT at least, times the print's
    scale."""
    return round(max(MIN_TEXT, size) * print_scale)


def font(size: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
    """The bundled font for text asked at ``size`` pixels (drawn at ``pixels(size)``)."""
    return _font(pixels(size), bold, serif)


def font_px(pixels: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
    """The bundled font at exactly ``pixels``: for what is sized by something else than
    the print (a card's index, by the card)."""
    return _font(pixels, bold, serif)


@lru_cache(maxsize=64)
def _font(size: int, bold: bool, serif: bool) -> pygame.font.Font:
    return pygame.font.Font(asset("fonts", _FONT_FILES[bold, serif]), size)


text_log: set[str] | None = None
"""Set to a set (tests) to collect every text rendered, and each message wrapped, whole."""


def text(message: str, size: int, color: Color | None = None, bold: bool = False,
         serif: bool = False) -> pygame.Surface:
    """Rendered text (``color`` None: INK), cached: the same label costs one blit per frame.
    Every text on screen is rendered here, so ``text_log`` sees all of it."""
    if text_log is not None:
        text_log.add(message)
    return _rendered(message, pixels(size), INK if color is None else color, bold, serif)


@lru_cache(maxsize=1024)
def _rendered(message: str, size: int, color: Color, bold: bool,
              serif: bool) -> pygame.Surface:
    return _font(size, bold, serif).render(message, True, color)


FitRecord = tuple[str, pygame.Rect, pygame.Rect, int, int]
"""A boxed text as drawn: (message, its rect, its box, size drawn, size asked)."""

fit_log: list[FitRecord] | None = None
"""Set to a list (tests) to record every text drawn with a ``box``."""

cut_log: list[str] | None = None
"""Set to a list (tests) to record every boxed text that had to be cut with "…"."""

drawn_log: list[pygame.Rect] | None = None
"""Set to a list to record where every text is drawn (the table, so that the coach's
pointer crosses none of it)."""


def noted(rect: pygame.Rect) -> pygame.Rect:
    """``rect`` holds a text (a chip, a badge): recorded where ``drawn_log`` is set."""
    if drawn_log is not None:
        drawn_log.append(rect)
    return rect


def draw_text(surface: pygame.Surface, message: str, pos: tuple[float, float], size: int,
              color: Color | None = None, bold: bool = False, anchor: str = "topleft",
              serif: bool = False, shadow: bool = False,
              box: pygame.Rect | None = None) -> pygame.Rect:
    """Draw ``message`` with its ``anchor`` point (a pygame.Rect attribute) at ``pos``;
    with ``box``, smaller where needed so that it stays within the box's width."""
    asked = size
    size = max(MIN_TEXT, size)
    if box is not None:
        size = fitting(message, size, box.width, bold, serif)
        # Too long for its box even at the minimum size: cut, never smaller nor spilling.
        whole, message = message, elide(message, size, box.width, bold, serif)
        if cut_log is not None and message != whole:
            cut_log.append(whole)
    image = text(message, size, color, bold, serif)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surface.blit(text(message, size, (0, 0, 0), bold, serif),
                     rect.move(max(1, size // 16), max(1, size // 16)))
    surface.blit(image, rect)
    if drawn_log is not None:  # what shows of it (a scrolled page clips its last line)
        noted(_inked(image).move(rect.topleft).clip(surface.get_clip()))
    if box is not None and fit_log is not None:
        fit_log.append((message, rect, box, size, asked))
    return rect


@lru_cache(maxsize=1024)
def _inked(image: pygame.Surface) -> pygame.Rect:
    """The part of a rendered text its letters cover (a line's box also holds the room
    above capitals and below descenders, which may lie under the next line)."""
    return image.get_bounding_rect()


def fitting(message: str, size: int, width: float, bold: bool = False,
            serif: bool = False) -> int:
    """The largest size up to ``size`` at which ``message`` fits in ``width`` pixels."""
    size = max(MIN_TEXT, size)
    while size > MIN_TEXT and font(size, bold, serif).size(message)[0] > width:
        size -= 1
    return size


def elide(message: str, size: int, width: float, bold: bool = False,
          serif: bool = False) -> str:
    """``message``, cut with an ellipsis where it is wider than ``width`` at ``size``: the
    text keeps its size rather than shrinking past reading."""
    f = font(size, bold, serif)
    if f.size(message)[0] <= width:
        return message
    return message[:_fitting_prefix(message, 0, f, width, "…")].rstrip() + "…"


def wrap(message: str, size: int, width: int, bold: bool = False,
         serif: bool = False) -> list[str]:
    """Split ``message`` into lines no wider than ``width`` pixels (keeps explicit breaks).

    Each word is measured once and a line's width taken as the sum of its words' and
    spaces': the time grows with the message, not with its square. In the bundled fonts
    the sum is never short of the line as drawn (kerning and rounding only narrow it), so
    only a word the sum would push over the edge is checked against the line as drawn."""
    if text_log is not None:
        text_log.add(message)
    f = font(size, bold, serif)
    space = f.size(" ")[0]
    lines: list[str] = []
    for paragraph in message.split("\n"):
        line, line_w = "", 0
        for word in paragraph.split(" "):
            word_w = f.size(word)[0]
            if word_w > width and len(word) > 1:  # wider than the line (a long path):
                *full, word = _pieces(word, f, width)  # its own lines
                if line:
                    lines.append(line)
                lines += full
                line, line_w = "", 0
                word_w = f.size(word)[0]
            if not line:
                line, line_w = word, word_w
                continue
            trial_w = line_w + space + word_w
            if trial_w > width:
                trial_w = f.size(f"{line} {word}")[0]
            if trial_w > width:
                lines.append(line)
                line, line_w = word, word_w
            else:
                line, line_w = f"{line} {word}", trial_w
        lines.append(line)
    return lines


LEAST_SHRINK = 0.75
"""A line may be drawn this much smaller to stay whole on one line (``broken``)."""


def broken(message: str, size: int, width: int, bold: bool = False, at: str = " · "
           ) -> list[str]:
    """``message`` on as many lines as ``width`` asks: whole where it fits (drawn a little
    smaller if need be, to LEAST_SHRINK of its size), else broken after each ``at`` first
    ("Points ·" over "to 101", "Pot:" over "5 chips"), then between words."""
    if font(round(size * LEAST_SHRINK), bold).size(message)[0] <= width:
        return [message]
    mark = at.rstrip()
    parts = message.split(at)
    heads = [part + mark for part in parts[:-1]] + parts[-1:]
    return [line for head in heads for line in wrap(head, size, width, bold)]


def _pieces(word: str, f: pygame.font.Font, width: int) -> list[str]:
    """``word`` cut into pieces no wider than ``width``, after a path separator where one
    falls in the piece, else between characters (a piece has one character at least)."""
    out: list[str] = []
    start, fits = 0, 16
    while True:
        fits = max(1, _fitting_prefix(word, start, f, width, guess=fits))
        if start + fits >= len(word):
            break
        end = start + fits
        cut = max(word.rfind("/", start, end), word.rfind("\\", start, end)) + 1
        cut = cut if cut > start else end
        out.append(word[start:cut])
        start = cut
    out.append(word[start:])
    return out


def _fitting_prefix(text: str, start: int, f: pygame.font.Font, width: float,
                    suffix: str = "", guess: int = 16) -> int:
    """How many characters of ``text`` from ``start`` fit in ``width`` pixels (followed by
    ``suffix``). The search gallops from ``guess`` (the last piece's length, for a word cut
    in many) and then halves the gap, so it measures only about as much text as fits,
    however long ``text`` is."""
    def fits(n: int) -> bool:
        return f.size(text[start:start + n] + suffix)[0] <= width

    left = len(text) - start
    if not left:
        return 0
    probe, step = max(1, min(guess, left)), 1
    if fits(probe):  # gallop up: fits(low), not fits(high)
        low, high = probe, left + 1
        while low < left:
            probe = min(low + step, left)
            if not fits(probe):
                high = probe
                break
            low, step = probe, step * 2
    else:  # gallop down
        low, high = 0, probe
        while high > 1:
            probe = max(high - step, 1)
            if fits(probe):
                low = probe
                break
            high, step = probe, step * 2
    while low + 1 < high:
        mid = (low + high) // 2
        if fits(mid):
            low = mid
        else:
            high = mid
    return low


def draw_wrapped(surface: pygame.Surface, message: str, rect: pygame.Rect, size: int,
                 color: Color | None = None, bold: bool = False, align: str = "left",
                 spacing: float = 1.25) -> int:
    """Draw wrapped text inside ``rect`` from its top; returns the height used."""
    y = rect.top
    step = round(font(size, bold).get_linesize() * spacing / 1.15)
    for line in wrap(message, size, rect.width, bold):
        if align == "center":
            draw_text(surface, line, (rect.centerx, y), size, color, bold, "midtop")
        else:
            draw_text(surface, line, (rect.left, y), size, color, bold)
        y += step
    return y - rect.top


def darken(surface: pygame.Surface, amount: int) -> None:
    """Dim everything drawn so far, as a black veil ``amount``/255 opaque would."""
    keep = 255 - amount
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)


def list_panel(size: tuple[int, int], px: Callable[[float], int]) -> pygame.Rect:
    """Where the panel of a screen of the menu's lists lies in a window of ``size``."""
    w, h = size
    rect = pygame.Rect(0, 0, min(w - px(40), grown(px(760))), h - px(40))
    rect.center = (w // 2, h // 2)
    return rect


def list_screen(surface: pygame.Surface, rect: pygame.Rect, px: Callable[[float], int],
                title: str) -> None:
    """A full screen of the menu's lists (records to review, puzzles): the felt, a solid
    panel and its gold title."""
    surface.blit(felt(surface.get_size()), (0, 0))
    panel(surface, rect, px(16), PANEL_SOLID, GOLD, shadow=px(10))
    draw_text(surface, title, (rect.centerx, rect.y + px(20)), px(28), GOLD, bold=True,
              anchor="midtop", serif=True, box=rect.inflate(-px(48), 0))


def scroll_bar(surface: pygame.Surface, track: pygame.Rect, seen: float, offset: float,
               least: int, color: Color) -> None:
    """A list's or a text's scroll bar: a thumb ``seen`` of the ``track`` long (the share in
    view; ``least`` pixels at the least), ``offset`` of the way down (0 to 1)."""
    thumb_h = min(track.height, max(least, round(track.height * seen)))
    thumb_y = track.y + round((track.height - thumb_h) * min(1.0, max(0.0, offset)))
    pygame.draw.rect(surface, color, (track.x, thumb_y, track.width, thumb_h),
                     border_radius=max(1, track.width // 2))


def panel(surface: pygame.Surface, rect: pygame.Rect, radius: int, fill: Color | None = None,
          border: Color | bool | None = True, shadow: int = 0) -> None:
    """A rounded, translucent panel with an optional drop shadow (``fill`` None: PANEL;
    ``border`` True: PANEL_BORDER, None or False: none)."""
    edge = PANEL_BORDER if border is True else border or None
    image = _panel(rect.size, radius, PANEL if fill is None else fill, edge, shadow)
    surface.blit(image, (rect.x - shadow, rect.y - shadow))


@lru_cache(maxsize=256)
def _panel(size: tuple[int, int], radius: int, fill: Color, border: Color | None,
           shadow: int) -> pygame.Surface:
    w, h = size
    image = pygame.Surface((w + shadow * 2, h + shadow * 2), pygame.SRCALPHA)
    for i in range(shadow, 0, -max(1, shadow // 4)):
        pygame.draw.rect(image, (0, 0, 0, 70 // max(1, i // 2 + 1)),
                         pygame.Rect(shadow - i, shadow - i + shadow // 2, w + 2 * i, h + 2 * i),
                         border_radius=radius + i)
    # Drawing replaces pixels (it does not blend), so the fill keeps its own translucency.
    body = pygame.Rect(shadow, shadow, w, h)
    pygame.draw.rect(image, fill, body, border_radius=radius)
    if border:
        pygame.draw.rect(image, border, body, max(1, radius // 6), border_radius=radius)
    return image


@lru_cache(maxsize=2)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The green baize: a soft radial light, a fine woven grain and a gold inlay line."""
    w, h = size
    small = pygame.Surface((48, 30))
    for y in range(30):
        for x in range(48):
            d = min(1.0, (((x - 23.5) / 26) ** 2 + ((y - 14.5) / 17) ** 2) ** 0.5)
            t = d * d
            small.set_at((x, y), tuple(round(a + (b - a) * t) for a, b in
                                       zip(FELT_LIGHT, FELT_DARK, strict=True)))
    surface = pygame.transform.smoothscale(small, (w, h))
    tile = _grain()
    for y in range(0, h, tile.get_height()):
        for x in range(0, w, tile.get_width()):
            surface.blit(tile, (x, y))
    ring = pygame.Surface((w, h), pygame.SRCALPHA)
    inset = round(min(w, h) * 0.035)
    pygame.draw.rect(ring, FELT_LINE, ring.get_rect().inflate(-2 * inset, -2 * inset),
                     max(1, round(min(w, h) / 400)), border_radius=round(min(w, h) * 0.12))
    surface.blit(ring, (0, 0))
    return surface.convert() if pygame.display.get_surface() else surface


@lru_cache(maxsize=1)
def _grain() -> pygame.Surface:
    rng = random.Random(7)
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    for _ in range(1400):
        shade = rng.choice(((255, 255, 255, 9), (0, 0, 0, 14)))
        tile.set_at((rng.randrange(96), rng.randrange(96)), shade)
    return tile


def forget() -> None:
    """Drop every cached font and surface (pygame is shutting down)."""
    for cached in (_font, _rendered, _inked, felt, _grain, _panel):
        cached.cache_clear()

