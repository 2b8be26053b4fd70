"""Draws the table from a TableView: felt, seats, hands, the trick, piles and the trump."""

from __future__ import annotations

import math
from collections.abc import Mapping, Set
from dataclasses import dataclass, field

import pygame

from tute.engine.settlement import HAND, Totals
from tute.i18n import _, language, ngettext
from tute.rules import OptionValue
from tute.ui.table import scoreboard
from tute.ui.table.view import TableView
from tute.ui.widgets import suits, theme
from tute.ui.widgets.index import badge
from tute.ui.widgets.layout import Spot, TableLayout
from tute.ui.widgets.sprites import HIDDEN, CardImages
from tute.ui.words import sayings as speech
from tute.ui.words import texts

CHIPS_A_PILE = 8
"""The most chips a pile of the pot shows; its count says how many it holds."""
@dataclass
class HandState:
    """How the player's hand is drawn this frame."""

    active: bool = False
    """The player is to play: legal cards lit, the others dimmed."""
    playable: set[int] = field(default_factory=set)
    lawful: set[int] = field(default_factory=set)
    """Cards the obligations allow (with renuncio allowed, others may still be played)."""
    focus: int | None = None
    raised: frozenset[int] = frozenset()
    """Cards lifted out of the fan: those chosen to discard."""


class Painter:
    """Draws the table. What changes only when an event lands or the pointer moves to
    another card (felt, panels, plates, hands, piles, the trick) is kept on a still layer,
    redrawn only when the view changes."""

    def __init__(self, layout: TableLayout, cards: CardImages, names: list[str],
                 human: int | None, totals: Totals = HAND,
                 options: Mapping[str, OptionValue] | None = None,
                 buenas_above: int | None = None) -> None:
        self.layout = layout
        self.totals = totals
        self.buenas_above = buenas_above
        """Totals shown in malas and buenas above this (the ruleset's ``ui``)."""
        self.options = options or {}
        self.cards = cards
        self.names = names
        self.human = human
        self.felt = theme.felt(layout.size)
        self.still = pygame.Surface(layout.size)
        if pygame.display.get_surface() is not None:
            self.still = self.still.convert()
        self.still_key: tuple[object, ...] | None = None
        self.score_rect = pygame.Rect(0, 0, 0, 0)
        """The scoreboard as last drawn (empty: nothing to say yet)."""
        self.band: pygame.Surface | None = None
        self.chips_drawn: dict[int, pygame.Surface] = {}
        self.chip_pad = min(8, round(8 * layout.scale))
        """Room above and below a tag's text: less in small windows, where plates are low."""
        self.thinking: int | None = None
        """The seat whose plate keeps room for the thinking dots beside its name."""
        self.dots_at: tuple[float, float] = (0.0, 0.0)
        """Where that plate left them: after the name as drawn, before its chips."""
        self.clock = 0.0

    def px(self, n: float) -> int:
        return self.layout.px(n)

    # ------------------------------------------------------------------ the whole table
    def draw(self, surface: pygame.Surface, view: TableView, hand: HandState,
             turn: int | None, thinking: int | None, pulse: bool = True) -> None:
        key = (*self.key(view, hand), thinking)
        if key != self.still_key:
            self.still_key = key
            self.thinking = thinking
            self.draw_still(self.still, view)
            self.player_hand(self.still, view, hand)
        surface.blit(self.still, (0, 0))
        if turn is not None:
            self.turn_ring(surface, turn, pulse)
        if thinking is not None:
            self.thinking_dots(surface, self.dots_at)

    def key(self, view: TableView, hand: HandState) -> tuple[object, ...]:
        """Everything the still layer shows; when it changes, the layer is redrawn."""
        return (language(), tuple(self.names), tuple(view.hand), frozenset(view.landed),
                hand.active, hand.focus, frozenset(hand.lawful), hand.raised, view.hand_number,
                view.dealer, view.mano,
                view.sitting_out, view.trump, view.shown, view.shown_holder, view.table_card,
                tuple(view.counts), tuple(view.trick), tuple(view.piles),
                tuple(map(tuple, view.cantes)), tuple(view.marks), tuple(view.retired),
                view.stock, view.arrastre, tuple(view.said.items()), view.no_trumps,
                view.declarer, view.contract, view.multiplier, view.called, view.partner,
                frozenset(view.folded), tuple(view.discards), tuple(view.chips), view.pot,
                tuple(view.totals), view.duel, tuple(map(tuple, view.open_hands)),
                tuple(view.partidas), tuple(view.cotos))

    def draw_still(self, surface: pygame.Surface, view: TableView) -> None:
        surface.blit(self.felt, (0, 0))
        self.trump_panel(surface, view)
        self.score_rect = scoreboard.draw(surface, self.layout, view, self.names, self.human,
                                          self.totals, self.options, self.buenas_above)
        if view.table_card is not None:
            self.table_card(surface, view.table_card, muestra=bool(view.stock))
        if view.stock:
            self.stock(surface, view)
        if any(view.discards):
            self.discard_pile(surface, sum(view.discards))
        if view.chips:
            self.pot(surface, view.pot)
        if view.called is not None and view.partner is None:
            self.called_card(surface, view.called)
        for seat in range(view.n):
            self.plate(surface, view, seat)
            self.pile(surface, seat, view.piles[seat])
            if seat != view.seat:
                self.opponent_hand(surface, view, seat)
        self.trick(surface, view)

    def trick(self, surface: pygame.Surface, view: TableView) -> None:
        """The cards on the table; the one winning so far is lit, on top, and tagged."""
        lay = self.layout
        winner = view.winning()
        plays = sorted(view.trick, key=lambda play: play[0] == winner)
        for seat, card in plays:
            self.cards.draw(surface, card, lay.trick_spot(seat), lay.trick_h,
                            glow=seat == winner)
        if winner is not None and len(plays) > 1:
            spot = lay.trick_spot(winner)
            self.chip(surface, _("Winning"), (spot.x, spot.y + lay.trick_h / 2),
                      gold=True, anchor="center")

    def turn_ring(self, surface: pygame.Surface, seat: int, pulse: bool) -> None:
        """A ring round the plate of the player to act; it pulses while a computer
        thinks, and stays still while the table waits for the player (no idle redraws)."""
        rect = self.layout.plate_rect(seat).inflate(self.px(8), self.px(8))
        light = 0.55 + 0.45 * math.sin(self.clock * 4) if pulse else 1.0
        color = tuple(round(c * light + g * (1 - light)) for c, g in
                      zip(theme.HIGHLIGHT, theme.GOLD_DARK, strict=True))
        pygame.draw.rect(surface, color, rect, max(2, self.px(3)), border_radius=self.px(15))

    def trump_panel(self, surface: pygame.Surface, view: TableView) -> None:
        rect = self.layout.trump_panel()
        theme.panel(surface, rect, self.px(12), shadow=self.px(6))
        pad = self.px(12)
        icon = suits.emblem(view.trump, self.px(46)) if view.trump is not None else None
        x = rect.x + pad * 2 + icon.get_width() if icon is not None else rect.x + pad
        size = self.px(14)
        labelled = True
        left = rect.right
        if view.hand_number:
            hand = _("Hand {n}").format(n=view.hand_number)
            left = theme.draw_text(surface, hand, (rect.right - pad, rect.y + pad), size,
                                   theme.INK_DIM, anchor="topright").left
            # A narrow panel (a small window): the suit's emblem and name say it alone.
            labelled = x + theme.font(size).size(_("Trumps"))[0] + pad <= left
        if view.trump is None:
            # Before trumps are named, the label alone; under the hand's number where the
            # two would run into each other (large print in a small window).
            label = self.px(15)
            beside = rect.x + pad + theme.font(label).size(_("Trumps"))[0] + pad <= left
            y = rect.y + pad if beside else rect.y + pad + theme.font(size).get_linesize()
            under = theme.draw_text(surface, _("Trumps"), (rect.x + pad, y), label,
                                    theme.INK_DIM).bottom
            if view.no_trumps:  # Butifarra's "butifarra": the panel says so, not nothing
                middle = max(rect.centery + pad // 2,
                             under + theme.font(self.px(24), True, True).get_linesize() // 2)
                theme.draw_text(surface, _("No trumps"), (rect.x + pad, middle),
                                self.px(24), theme.GOLD, bold=True, anchor="midleft",
                                serif=True, box=rect.inflate(-2 * pad, 0))
            return
        assert icon is not None
        surface.blit(icon, icon.get_rect(midleft=(rect.x + pad, rect.centery)))
        if labelled:
            theme.draw_text(surface, _("Trumps"), (x, rect.y + pad), size, theme.INK_DIM)
        # Under the top line's words (the panel is taller at large print, the words too).
        middle = max(rect.centery, rect.y + pad + theme.font(size).get_linesize()
                     + theme.font(self.px(24), True, True).get_linesize() // 2)
        theme.draw_text(surface, _(texts.SUITS_TITLE[view.trump]), (x, middle),
                        self.px(24), theme.GOLD, bold=True, anchor="midleft", serif=True)
        if view.shown is not None and view.shown_holder is not None:
            deed = texts.deed("shown", view.shown_holder, self.names, self.human)
            # Under the suit's name; from the panel's edge, under the emblem, where it would
            # run past the panel (large print in a small window).
            left = x if x + theme.font(self.px(13)).size(deed)[0] <= rect.right - pad \
                else rect.x + pad
            theme.draw_text(surface, deed, (left, rect.bottom - pad), self.px(13),
                            theme.INK_DIM, anchor="bottomleft")
            h = rect.height - pad
            self.cards.draw(surface, view.shown, Spot(rect.right + h * 0.4, rect.centery + pad,
                                                      -8), h)

    def table_card(self, surface: pygame.Surface, card: int, muestra: bool = False) -> None:
        spot = self.layout.table_card_spot()
        lay = self.layout
        self.cards.draw(surface, card, spot, lay.trick_h)
        index = self.cards.art.index
        if index is not None and card != HIDDEN:  # its large index is a text like the others
            theme.noted(badge(card, lay.trick_h, index).rect.move(
                round(spot.x - lay.trick_w / 2), round(spot.y - lay.trick_h / 2)))
        label = _("Muestra") if muestra else _("Out of play") if card != HIDDEN else \
            _("Undealt card")
        at, size = lay.table_card_label()
        theme.draw_text(surface, label, at, size, theme.INK_DIM, anchor="midtop")

    def stock(self, surface: pygame.Surface, view: TableView) -> None:
        """The stock lying across the muestra (standing on its right part in a tight row), a
        few backs thick, with its count above it."""
        lay = self.layout
        spot = lay.stock_spot()
        for i in range(min(4, max(1, view.stock // 6))):
            self.cards.draw(surface, None, Spot(spot.x - i, spot.y - i * 1.5, spot.angle),
                            lay.stock_h)
        label = _("Stock: {n}").format(n=view.stock)
        # Large print: the count right of the muestra's large index, not over it.
        width = theme.text(label, self.px(12), bold=True).get_width() + self.px(12)
        at = lay.stock_count_at(width if view.table_card is not None else None)
        self.chip(surface, label, at, gold=True, anchor="center")

    def discard_pile(self, surface: pygame.Surface, count: int) -> None:
        spot = self.layout.discard_spot()
        for i in range(min(3, count)):
            self.cards.draw(surface, None, Spot(spot.x + i, spot.y - i, spot.angle + i * 4),
                            self.layout.pile_h)
        self.chip(surface, _("Discards: {n}").format(n=count),
                  (spot.x, spot.y + self.layout.pile_h * 0.5 + self.px(8)), anchor="center")

    def pot(self, surface: pygame.Surface, count: int) -> None:
        """Bato's pot: its chips stacked, and how many under them."""
        rect = self.layout.pot_rect()
        size = self.px(13)
        label = ngettext("Pot: {n} chip", "Pot: {n} chips", count).format(n=count)
        lines = theme.broken(label, size, rect.width, at=": ")  # "Pot:" over "5 chips"
        line = theme.font(size).get_linesize()
        for i, text in enumerate(reversed(lines)):
            theme.draw_text(surface, text, (rect.centerx, rect.bottom - i * line), size,
                            theme.INK_DIM, anchor="midbottom", box=rect)
        base = rect.bottom - len(lines) * line - self.px(4)
        self.chip_stack(surface, count, (rect.centerx, base), self.layout.chip_d)

    def chip_stack(self, surface: pygame.Surface, count: int, base: tuple[float, float],
                   width: int, columns: int = 3) -> None:
        """Up to ``columns`` piles standing on ``base`` (their bottom centre): a chip drawn
        for each chip, ``CHIPS_A_PILE`` at most to a pile."""
        if count <= 0:
            return
        piles = min(columns, -(-count // CHIPS_A_PILE))
        shown = min(count, CHIPS_A_PILE * piles)
        chip = self.chip_image(width)
        step = max(2, round(width * 0.14))
        for i in range(piles):
            height = shown // piles + (1 if i < shown % piles else 0)
            x = base[0] + (i - (piles - 1) / 2) * width * 1.08 - width / 2
            for k in range(height):
                surface.blit(chip, (round(x), round(base[1] - chip.get_height() - k * step)))

    def chip_image(self, width: int) -> pygame.Surface:
        """One chip seen from above at a slant: a red face with a cream ring on its edge."""
        image = self.chips_drawn.get(width)
        if image is None:
            face_h = max(4, round(width * 0.5))
            edge = max(2, round(width * 0.14))
            image = pygame.Surface((width, face_h + edge), pygame.SRCALPHA)
            side = pygame.Rect(0, edge, width, face_h)
            pygame.draw.ellipse(image, (120, 30, 26), side)
            pygame.draw.rect(image, (120, 30, 26), (0, face_h // 2, width, edge))
            face = pygame.Rect(0, 0, width, face_h)
            pygame.draw.ellipse(image, theme.RED, face)
            pygame.draw.ellipse(image, theme.CHALK, face.inflate(-width // 5, -face_h // 5),
                                max(1, width // 14))
            pygame.draw.ellipse(image, (60, 16, 14), face, 1)
            self.chips_drawn[width] = image
        return image

    def called_card(self, surface: pygame.Surface, card: int) -> None:
        """Codillo's called card lies by the trick until its holder plays it."""
        lay = self.layout
        spot = lay.table_card_spot()
        self.cards.draw(surface, card, spot, lay.trick_h, glow=True)
        theme.draw_text(surface, _("Called card"), (spot.x, spot.y + lay.trick_h / 2 +
                                                    self.px(6)),
                        self.px(13), theme.GOLD, bold=True, anchor="midtop")

    # ------------------------------------------------------------------ seats
    def plate(self, surface: pygame.Surface, view: TableView, seat: int) -> None:
        """Name and chips (deals, mano, the seat's part in the hand) on top; rayas, cantes,
        cards held and Bato's chips below. The chips that do not fit beside the name, from
        the last (the seat's word in the auction), go to the bottom row; a crowded row gets a
        smaller font rather than overlapping, and drops its first chips only where even the
        smallest would."""
        rect = self.layout.plate_rect(seat)
        out = view.retired[seat] or seat == view.sitting_out or seat in view.folded
        fill = (10, 22, 16, 150) if out else theme.PANEL
        theme.panel(surface, rect, self.px(12), fill, shadow=self.px(5))
        if view.teams:
            stripe = pygame.Rect(rect.x, rect.y + self.px(8), self.px(5), rect.height - self.px(16))
            pygame.draw.rect(surface, theme.TEAM_COLORS[seat % 2], stripe,
                             border_radius=stripe.width // 2)
        pad = self.px(10)
        inner = rect.inflate(-2 * pad, 0)
        ink = theme.INK_DIM if out else theme.INK
        chips = [_("Deals")] if seat == view.dealer else []
        if seat == view.mano:
            chips.append(_("Mano"))
        if view.retired[seat]:
            chips = [_("Out")]
        elif seat == view.sitting_out:  # the dealer, or the bidder a takeover displaced
            chips = [_("Deals, sits out") if seat == view.dealer else _("Sits out")]
        chips += self.role_chips(view, seat)
        # In a crowded plate these go first: the team (the plate's stripe shows it too), a
        # fold (the plate is dimmed) and, once Bato's dealer has paid the ante, who deals.
        spare = {_("Partner"), _("Rival")} if view.teams else set()
        if seat in view.folded:
            spare.add(_("Folds"))
        if view.chips:
            spare.add(_("Deals"))
        name = self.names[seat]
        size = self.px(17)
        top = rect.y + pad * 0.8 + theme.font(size, True).get_linesize() / 2
        # The lower row clears the chips beside the name (small windows: fonts stay legible).
        chip_h = theme.font(self.px(12), True).get_height() + self.chip_pad
        bottom = max(rect.bottom - pad - self.px(9), top + (chip_h + self.px(15)) / 2 + 1)
        gap = self.px(6)
        step = self.px(9)
        self.marks(surface, view, seat, pygame.Rect(inner.x, rect.bottom - pad - self.px(18),
                                                    inner.width // 2, self.px(18)))
        marks_right = inner.x + rayas_width(max(view.lives, view.marks[seat]), step) + gap
        x = inner.right
        if seat != view.seat and view.counts[seat]:
            x = self.card_count(surface, view.counts[seat], (x, bottom))
        if view.chips:
            x = self.chip_count(surface, view.chips[seat], (x, bottom))
        # The seat thinking keeps the dots' room beside its name: the chips give way.
        dots = self.px(12) + 2 * self.px(9) + self.px(3) if seat == self.thinking else 0
        name_w = theme.font(size, True).size(name)[0]
        room = inner.width - name_w - gap - dots
        upper, lower = self.split_chips(chips, room)
        while spare & set(upper) and self.chips_width(lower, 8) > x - marks_right:
            # The lower row cannot hold what spills there: a spare chip on top makes room.
            gone = next(c for c in upper if c in spare)
            chips = [c for c in chips if c != gone]
            upper, lower = self.split_chips(chips, room)
        right = self.chip_row(surface, upper, inner.right, top, inner.x, False, spare) \
            if upper else inner.right
        box = pygame.Rect(inner.x, rect.y, right - gap - dots - inner.x, rect.height)
        theme.draw_text(surface, name, (inner.x, top), size, ink, bold=True, anchor="midleft",
                        box=box)
        if dots:
            self.dots_at = (min(inner.x + name_w, box.right) + self.px(12), top)
        if lower:
            x = self.chip_row(surface, lower, x, bottom, marks_right, False, spare) - gap
        self.chip_row(surface, self.cante_chips(view.cantes[seat], x - marks_right), x, bottom,
                      marks_right, True)

    def cante_chips(self, cantes: list[str], room: float) -> list[str]:
        """A seat's cantes as badges: one each where they fit in ``room``, else one badge
        naming them all (the 20s without their suits if need be): none is left out; no
        cantes, no badge (not an empty one where there is no room)."""
        if not cantes:
            return []
        full = [texts.cante_short(c) for c in cantes]
        for labels in (full, [" · ".join(full)]):
            if self.chips_width(labels, 8) <= room:
                return labels
        return [" · ".join(texts.cante_short(c, with_suit=False) for c in cantes)]

    def split_chips(self, chips: list[str], room: int) -> tuple[list[str], list[str]]:
        """The first chips that fit in ``room`` beside the name, and the rest."""
        up = len(chips)
        while up and self.chips_width(chips[:up]) > room:
            up -= 1
        return chips[:up], chips[up:]

    def role_chips(self, view: TableView, seat: int) -> list[str]:
        """What a seat is in this hand: its team, declarer or partner, its last word in
        the auction, folded."""
        chips = []
        if view.teams and seat != view.seat:
            chips.append(_("Partner") if seat % 2 == view.seat % 2 else _("Rival"))
        if seat == view.declarer:
            chips.append(_("Plays"))
        elif seat == view.partner:
            chips.append(_("Partner"))
        if seat in view.folded:
            chips.append(_("Folds"))
        elif seat in view.said:
            chips.append(speech.said(*view.said[seat]))
        return chips

    def chips_width(self, labels: list[str], size: int | None = None) -> int:
        size = size or self.px(12)
        pad = self.px(12) + self.px(4)  # each chip's inflation and the gap chip_row leaves
        return sum(theme.font(size, True).size(label)[0] + pad for label in labels)

    def chip_row(self, surface: pygame.Surface, labels: list[str], right: float, y: float,
                 limit: float, gold: bool, spare: Set[str] = frozenset()) -> int:
        """Chips ending at ``right``, smaller if they would pass ``limit``, without the
        ``spare`` ones (said elsewhere too), first first, as long as even the smallest would;
        then, if the smallest still would (fonts stop at ``theme.MIN_TEXT``), without the
        first ones, keeping the last (a seat's word in the auction); returns the left edge of
        the row."""
        while self.chips_width(labels, 8) > right - limit and spare & set(labels):
            dropped = next(label for label in labels if label in spare)
            labels = [label for label in labels if label != dropped]
        while self.chips_width(labels, 8) > right - limit and len(labels) > 1:
            labels = labels[1:]
        size = self.px(12)
        while size > 8 and self.chips_width(labels, size) > right - limit:
            size -= 1
        x = round(right)
        for label in reversed(labels):
            x = self.chip(surface, label, (x, y), gold, size=size) - self.px(4)
        return x

    def chip(self, surface: pygame.Surface, label: str, at: tuple[float, float],
             gold: bool = False, anchor: str = "midright", size: int | None = None) -> int:
        """A small rounded tag with its ``anchor`` at ``at``; returns its left edge."""
        img = theme.text(label, size or self.px(12), theme.INK_DARK, bold=True)
        rect = img.get_rect().inflate(self.px(12), self.chip_pad)
        setattr(rect, anchor, (round(at[0]), round(at[1])))
        pygame.draw.rect(surface, theme.GOLD if gold else theme.INK_DIM, rect,
                         border_radius=rect.height // 2)
        surface.blit(img, img.get_rect(center=rect.center))
        return theme.noted(rect).left

    def chip_count(self, surface: pygame.Surface, count: int,
                   right_mid: tuple[float, float]) -> int:
        """A chip like the pot's and how many a player holds (Bato): the few pixels a
        small window's plate has left beside his word in the auction; returns its left
        edge."""
        glyph_right, y = self.count_number(surface, count, right_mid)
        chip = self.chip_image(self.px(18))
        spot = chip.get_rect(midright=(glyph_right, y))
        surface.blit(chip, spot)
        return spot.left - self.px(8)

    def card_count(self, surface: pygame.Surface, count: int,
                   right_mid: tuple[float, float]) -> int:
        """A small card-back glyph and how many cards a player holds; returns its left edge."""
        glyph_right, y = self.count_number(surface, count, right_mid)
        glyph = pygame.Rect(0, 0, self.px(10), self.px(15))
        glyph.midright = (glyph_right, y)
        pygame.draw.rect(surface, theme.BACK_GLYPH, glyph, border_radius=self.px(2))
        pygame.draw.rect(surface, theme.INK, glyph, 1, border_radius=self.px(2))
        return glyph.left - self.px(8)

    def count_number(self, surface: pygame.Surface, count: int,
                     right_mid: tuple[float, float]) -> tuple[int, int]:
        """A count's number ending at ``right_mid``; returns where its glyph's right edge
        and middle go."""
        img = theme.text(str(count), self.px(14), theme.INK, bold=True)
        rect = img.get_rect(midright=(round(right_mid[0]), round(right_mid[1])))
        surface.blit(img, theme.noted(rect))
        return rect.left - self.px(4), rect.centery

    def marks(self, surface: pygame.Surface, view: TableView, seat: int,
              area: pygame.Rect) -> None:
        draw_rayas(surface, area, view.marks[seat], view.lives, self.px(9))

    def thinking_dots(self, surface: pygame.Surface, pos: tuple[float, float]) -> None:
        """Three pulsing dots from ``pos``: kept apart from texts like a chip."""
        r, step = self.px(3), self.px(9)
        theme.noted(pygame.Rect(round(pos[0]) - r, round(pos[1]) - r, 2 * step + 2 * r, 2 * r))
        for i in range(3):
            phase = (self.clock * 2.2 - i * 0.25) % 1.0
            alpha = 0.35 + 0.65 * max(0.0, math.sin(phase * math.pi))
            color = tuple(round(c * alpha) for c in theme.GOLD)
            pygame.draw.circle(surface, color, (pos[0] + i * step, pos[1]), r)

    def pile(self, surface: pygame.Surface, seat: int, tricks: int) -> None:
        if not tricks:
            return
        spot = self.layout.pile_spot(seat)
        h = self.layout.pile_h
        for i in range(min(tricks, 6)):
            self.cards.draw(surface, None, Spot(spot.x + i * 1.5, spot.y - i * 1.5,
                                                spot.angle + (i % 3 - 1) * 3), h)
        badge = theme.text(str(tricks), self.px(13), theme.INK_DARK, bold=True)
        r = badge.get_rect().inflate(self.px(10), self.px(4))
        r.center = (round(spot.x + h * 0.55), round(spot.y - h * 0.3))
        pygame.draw.rect(surface, theme.GOLD, r, border_radius=r.height // 2)
        surface.blit(badge, badge.get_rect(center=theme.noted(r).center))

    def opponent_hand(self, surface: pygame.Surface, view: TableView, seat: int) -> None:
        count = view.counts[seat]
        lay = self.layout
        spots = lay.open_fan(seat, count) if view.open_hands else lay.fan(seat, count)
        faces: list[int | None] = list(view.open_hands[seat]) if view.open_hands else []
        faces += [None] * (count - len(faces))  # a card still flying is drawn with its trick
        size = lay.open_h if view.open_hands else lay.small_h
        for spot, face in zip(spots, faces, strict=False):
            self.cards.draw(surface, face, spot, size)
        if view.shown_holder == seat and view.shown is not None and spots \
                and not view.open_hands:
            # The card shown for trumps stays in the hand, face up for all to see (where
            # the hands lie open, as in a puzzle, it is already in sight there).
            spot = spots[len(spots) // 2]
            cx, cy = self.layout.center
            nudge = self.layout.small_h * 0.25
            dx, dy = cx - spot.x, cy - spot.y
            norm = max(1.0, (dx * dx + dy * dy) ** 0.5)
            self.cards.draw(surface, view.shown, Spot(spot.x + dx / norm * nudge,
                                                      spot.y + dy / norm * nudge, spot.angle),
                            self.layout.small_h)

    def player_hand(self, surface: pygame.Surface, view: TableView, hand: HandState) -> None:
        """The player's fan: his legal cards lit when he is to play, the others dimmed; all
        dimmed once his word took him out of the hand (Julepe's pass, Bato's fold)."""
        lay = self.layout
        out = view.seat in view.folded
        spots = lay.hand(len(view.hand))
        reach = lay.hand_reach(len(view.hand))
        for i, (card, spot) in enumerate(zip(view.hand, spots, strict=True)):
            if card not in view.landed:
                continue
            focused = hand.active and i == hand.focus
            lift = lay.raise_by if focused or card in hand.raised else 0
            lawful = card in hand.lawful
            restricted = len(hand.lawful) < len(view.hand)
            self.cards.draw(surface, card, Spot(spot.x, spot.y - lift, spot.angle), lay.card_h,
                            dim=out or (hand.active and not lawful),
                            glow=hand.active and lawful and (restricted or focused),
                            lifted=focused, reach=reach)

    # ------------------------------------------------------------------ messages
    def tooltip(self, surface: pygame.Surface, message: str, anchor: tuple[float, float]) -> None:
        size = self.px(15)
        width = min(self.px(420), max(theme.font(size).size(message)[0], self.px(120)))
        lines = theme.wrap(message, size, width)
        line_h = theme.font(size).get_linesize()
        rect = pygame.Rect(0, 0, width + self.px(24), len(lines) * line_h + self.px(16))
        rect.midbottom = (round(anchor[0]), round(anchor[1]))
        rect.clamp_ip(surface.get_rect())
        theme.panel(surface, rect, self.px(8), (30, 18, 12, 235), theme.GOLD, shadow=self.px(4))
        for i, line in enumerate(lines):
            theme.draw_text(surface, line, (rect.x + self.px(12), rect.y + self.px(8) + i * line_h),
                            size, theme.INK)

    def banner(self, surface: pygame.Surface, title: str, subtitle: str, detail: str,
               fade: float) -> None:
        w = self.layout.size[0]
        band_h = self.px(170)
        if self.band is None:
            self.band = pygame.Surface((w, band_h))
            self.band.fill((6, 14, 10))
            pygame.draw.line(self.band, theme.GOLD, (0, 1), (w, 1), 2)
            pygame.draw.line(self.band, theme.GOLD, (0, band_h - 2), (w, band_h - 2), 2)
        self.band.set_alpha(round(200 * fade))
        y = self.layout.center[1] - band_h / 2
        surface.blit(self.band, (0, y))
        if fade < 0.4:
            return
        box = surface.get_rect().inflate(-2 * self.layout.margin, 0)
        theme.draw_text(surface, title, (w / 2, y + band_h * 0.3), self.px(46), theme.GOLD,
                        bold=True, anchor="center", serif=True, shadow=True, box=box)
        theme.draw_text(surface, subtitle, (w / 2, y + band_h * 0.62), self.px(24), theme.INK,
                        bold=True, anchor="center", box=box)
        theme.draw_text(surface, detail, (w / 2, y + band_h * 0.84), self.px(16),
                        theme.INK_DIM, anchor="center", box=box)

    def trick_caption(self, surface: pygame.Surface, caption: str, hint: str) -> None:
        """Who takes the finished trick, under it, and where to see it again (a caption with
        no hint: one line)."""
        big, small = self.px(20), self.px(14) if hint else 0
        width = max(theme.font(big, True).size(caption)[0],
                    theme.font(small).size(hint)[0] if hint else 0)
        pad = self.px(12)
        screen = surface.get_rect().inflate(-2 * self.layout.margin, 0)
        rect = pygame.Rect(0, 0, min(width + 2 * pad, screen.width),
                           theme.grown(big + small) + self.px(30 if hint else 18))
        rect.midtop = (round(self.layout.center[0]), round(self.layout.below_trick()))
        theme.panel(surface, rect, self.px(10), theme.PANEL_SOLID, theme.GOLD, shadow=self.px(4))
        box = rect.inflate(-2 * pad, 0)
        theme.draw_text(surface, caption, (rect.centerx, rect.y + self.px(8)), big, theme.GOLD,
                        bold=True, anchor="midtop", box=box)
        if hint:
            theme.draw_text(surface, hint, (rect.centerx, rect.bottom - self.px(8)), small,
                            theme.INK_DIM, anchor="midbottom", box=box)

    def bubble(self, surface: pygame.Surface, seat: int, message: str, fade: float) -> None:
        plate = self.layout.plate_rect(seat)
        size = self.px(20)
        img = theme.text(message, size, theme.INK_DARK, bold=True)
        rect = img.get_rect().inflate(self.px(28), self.px(18))
        cy = self.layout.center[1]
        if seat == self.layout.seat:
            rect.midbottom = (plate.centerx + self.px(40), plate.top - self.px(18))
        elif abs(plate.centery - cy) < plate.height:
            rect.midbottom = (plate.centerx, plate.top - self.px(14))
        else:
            rect.midtop = (plate.centerx, plate.bottom + self.layout.small_h + self.px(10))
        theme.noted(rect).clamp_ip(surface.get_rect().inflate(-self.px(8), -self.px(8)))
        tip_y = plate.top if rect.bottom <= plate.top else plate.bottom
        base_y = rect.bottom - 1 if rect.bottom <= plate.top else rect.top + 1
        tail = [(rect.centerx - self.px(10), base_y), (rect.centerx + self.px(10), base_y),
                (plate.centerx, tip_y)]
        bounds = rect.unionall([pygame.Rect(x, y, 1, 1) for x, y in tail])
        layer = pygame.Surface(bounds.size, pygame.SRCALPHA)
        local = [(x - bounds.x, y - bounds.y) for x, y in tail]
        body = rect.move(-bounds.x, -bounds.y)
        paper = (255, 250, 236)
        pygame.draw.polygon(layer, paper, local)
        pygame.draw.rect(layer, paper, body, border_radius=body.height // 2)
        pygame.draw.rect(layer, theme.GOLD_DARK, body, 2, border_radius=body.height // 2)
        layer.blit(img, img.get_rect(center=body.center))
        layer.set_alpha(round(245 * fade))
        surface.blit(layer, bounds)

    def last_trick(self, surface: pygame.Surface, trick: tuple[int, tuple[tuple[int, int], ...]]
                   ) -> pygame.Rect:
        """The last trick laid out in a panel, each card over its player's name."""
        winner, plays = trick
        lay = self.layout
        gap = self.px(18)
        width = len(plays) * (lay.trick_w + gap) + gap
        rect = pygame.Rect(0, 0, max(width, self.px(360)), lay.trick_h + self.px(110))
        rect.center = (round(lay.center[0]), round(lay.center[1]))
        theme.panel(surface, rect, self.px(14), shadow=self.px(8))
        theme.draw_text(surface, _("Last trick"), (rect.centerx, rect.y + self.px(14)),
                        self.px(17), theme.GOLD, bold=True, anchor="midtop")
        x0 = rect.centerx - (len(plays) * (lay.trick_w + gap) - gap) / 2 + lay.trick_w / 2
        for i, (seat, card) in enumerate(plays):
            x = x0 + i * (lay.trick_w + gap)
            y = rect.y + self.px(46) + lay.trick_h / 2
            self.cards.draw(surface, card, Spot(x, y), lay.trick_h, glow=seat == winner)
            theme.draw_text(surface, self.names[seat], (x, y + lay.trick_h / 2 + self.px(8)),
                            self.px(14), theme.GOLD if seat == winner else theme.INK,
                            bold=seat == winner, anchor="midtop")
        return rect


def rayas_width(count: int, step: int) -> int:
    """How wide ``count`` rayas are drawn (a gap after every five)."""
    return count * step + max(0, count - 1) // 5 * (step // 2)


def draw_rayas(surface: pygame.Surface, area: pygame.Rect, marks: int, lives: int, step: int,
               new: int = 0) -> None:
    """The rayas, chalked: a stroke per mark taken (the ``new`` last ones in red) and a faint
    stroke for each mark left before retiring."""
    width = max(2, step // 3)
    top, bottom = area.y + 1, area.bottom - 1
    for i in range(max(lives, marks)):
        x = area.x + i * step + (i // 5) * step // 2
        lean = step // 5
        if i < marks:
            color = theme.RED if i >= marks - new else theme.CHALK
            pygame.draw.line(surface, color, (x + lean, top), (x, bottom), width)
        else:
            pygame.draw.line(surface, theme.CHALK_FAINT, (x + lean, top), (x, bottom),
                             max(1, width - 1))
