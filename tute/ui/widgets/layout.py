"""Where everything sits at the table, computed from the window size and the seat count.

The player's seat (``seat``: 0 in a match, a puzzle's own seat in a puzzle) is at the
bottom; the others go round counter-clockwise from it, the next seat at the screen's right
(docs/rules.md §0). Every method takes a seat as the engine numbers it. Angles are pygame's:
degrees counter-clockwise. In Cabrero's final duel the player's opponent moves to the top, as
at a two-player table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from tute.ui.widgets import theme
from tute.ui.widgets.index import badge_reach

STOCK_COVERS = 0.45
"""The share of the muestra's width the stock lying across it covers."""
PLATE_GROWTH = 0.5
"""Large print: the name plates grow taller by this share of the print's growth."""
TRUMP_LINES = 60
"""The design height of the trumps panel's three lines (the hand's number, the suit, who
showed the card), which large print makes taller."""
TRICK_SHARE = 0.82
"""A trick card's height over the player's."""
CARD_GROWTH = 0.5
"""Large print: the player's cards, the trick's and the card on the table grow by this
share of the print's growth (1.5 times their size at 200 %), as far as the window has the
room."""
GROWTH_STEP = 0.05
"""How much less the cards grow each time the window lacks the room."""
QUESTION_ROOM = 300
"""The design height of the tallest question panel at the table's largest print (Subastado's
bid): where it stands in the middle of the table, the player's hand keeps below it."""
CAPTION = (360, 34, 30)
"""The design width of the line under a finished trick that says who takes it, and its
height: text that large print grows, and margins that it does not."""
SCORE_LINES = 6
"""The running score's most lines (a contract, two sides stacked, a title and the cotos)."""
LINE_SPACING = 1.17
"""A line of text's height over its size."""
STOCK_COUNT = (80, 28)
"""The design size of the stock's count over it ("Stock: 12"), which large print grows."""
ACTIONS = (600, 42)
"""The design size of the row of buttons above the hand (cantes, the accusation)."""
BADGE_CLEARANCE = 0.04
"""The felt left between a hand card's large index and the next card, over a card's height."""


HAND_TILT = 12
"""Degrees the cards at the ends of the player's fan are turned."""
HAND_MOST = 13
"""The most cards a game deals a player (Cabrero's three players)."""
DECK_MOST = 48
"""The most cards a game is played with, which a table's players share."""


@dataclass(frozen=True)
class Spot:
    """A card's centre and rotation."""

    x: float
    y: float
    angle: float = 0.0

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)


def together(a: str, b: str) -> bool:
    """Parts of the table that may lie on each other: a trick's cards, which cross, and
    who takes the trick with the buttons above the hand, never shown at once (the buttons
    are offered once the trick is gathered)."""
    kinds = {a.split()[0], b.split()[0]}
    return kinds in ({"trick"}, {"caption", "actions"})


def covered(spot: Spot, width: float, height: float) -> pygame.Rect:
    """What a card of that size covers at ``spot``, turned as it lies."""
    a = math.radians(spot.angle)
    w = abs(width * math.cos(a)) + abs(height * math.sin(a))
    h = abs(width * math.sin(a)) + abs(height * math.cos(a))
    return pygame.Rect(round(spot.x - w / 2), round(spot.y - h / 2), round(w), round(h))


class TableLayout:
    def __init__(self, size: tuple[int, int], players: int, aspect: float,
                 duel: tuple[int, ...] = (), print_scale: float = 1.0,
                 seat: int = 0, index: float | None = None, pot: bool = True,
                 discards: bool = True) -> None:
        """``duel``: the two seats of Cabrero's final duel, when it is being played;
        ``print_scale``: the large print's (theme.print_scale), which the name plates grow
        taller with (their name and the row of chips under it); ``seat``: the player's,
        drawn at the bottom (the table turned round it); ``index``: the print scale of the
        cards' large indices (the deck's; None: the deck's own index), which the player's
        hand spreads to show whole where it has the room, and large print grows with the
        cards; ``pot``, ``discards``: whether the table has a pot of chips and a pile of
        discards (Bato's), which larger cards leave their room."""
        w, h = size
        self.size = size
        self.n = players
        self.aspect = aspect
        self.duel = duel
        self.seat = seat
        self.angles = [(270 + 360 * ((s - seat) % players) / players) % 360
                       for s in range(players)]
        if len(duel) == 2 and seat in duel:
            self.face_to_face(duel[1] if duel[0] == seat else duel[0])
        self.scale = max(0.55, min(w / 1280, h / 800))
        s = self.scale
        self.margin = round(16 * s)
        self.usual_h = round(min(h * 0.205, w * 0.125))
        """The player's cards' height at the usual print, which the other cards' are shares
        of: large print grows the player's, the trick's and the table's cards, not these."""
        self.small_h = round(self.usual_h * 0.5)
        self.small_w = round(self.small_h * aspect)
        self.usual_trick_h = round(self.usual_h * TRICK_SHARE)
        self.pile_h = round(self.usual_h * 0.42)
        self.chip_d = round(round(self.usual_trick_h * aspect) * 0.42)
        """A Bato chip's width."""
        self.print_scale = print_scale
        self.trumps_grow = round(TRUMP_LINES * s * (print_scale - 1))
        """How much taller large print makes the trumps panel: as much as its lines grow."""
        self.plate_size = (round(196 * max(s, 0.8)), round(64 * max(s, 0.75)))
        self.plate_grows = round(self.plate_size[1] * (print_scale - 1) * PLATE_GROWTH)
        """How much taller large print makes the name plates: away from the table's edge
        (a seat above the middle downwards, one below it upwards), what lies beside them
        staying where it was."""
        """Wider and taller than the scale alone gives in small windows, so the name, the
        chips and the rayas fit (fonts do not shrink below legible)."""
        self.center = (w / 2, h * 0.43)
        self.index = index
        self.pot = pot
        self.discards = discards
        self.grow = 1.0
        """How many times their usual size the player's cards, the trick's and the card on
        the table are drawn (``grow_cards``)."""
        self.middle = self.center
        """The trick's centre: the table's, or higher where larger cards need the room."""
        self.row_rise = 0.0
        """How much higher than beside the trick's centre the row left of it lies (the
        muestra, the stock, the pot): larger cards leave a question its room under it."""
        self.size_cards(1.0, 0.0, 0.0)
        if index is not None and index > 1:
            self.grow_cards(1 + CARD_GROWTH * (index - 1))

    def size_cards(self, grow: float, rise: float, row_rise: float) -> None:
        """The player's cards, the trick's and the card on the table ``grow`` times their
        usual size, the trick ``rise`` pixels above the table's centre, the row beside it
        ``row_rise`` pixels higher."""
        self.grow = grow
        self.middle = (self.center[0], self.center[1] - rise)
        self.row_rise = row_rise
        self.card_h = round(self.usual_h * grow)
        self.card_w = round(self.card_h * self.aspect)
        self.trick_h = round(self.usual_trick_h * grow)
        self.trick_w = round(self.trick_h * self.aspect)
        self.hand_arc = self.card_h * 0.07
        """How much lower the outermost cards of the player's fan sit than the middle ones."""
        self.hand_y = self.size[1] - self.margin * 0.75 - self.card_h / 2 - self.hand_arc
        self.raise_by = round(self.card_h * 0.16)
        self.badge_gap = max(2, round(self.card_h * BADGE_CLEARANCE))

    # ------------------------------------------------------------------ large cards
    def grow_cards(self, wanted: float) -> None:
        """Large print: the player's cards, the trick's and the card on the table ``wanted``
        times their size, or as much larger as the window has the room for: the trick rises
        where the hand needs the room below it, and nothing that was clear at the usual
        size comes to lie on something else (the plates, the fans, the panels, who takes
        the trick, the stock), a question keeping its room over the middle."""
        usual = self.clashes()
        room = min(self.question_room(), QUESTION_ROOM * self.scale)
        caption = max(0.0, self.caption_overlap())
        steps = math.ceil((wanted - 1) / GROWTH_STEP - 1e-9)
        for grow in (wanted, *(1 + k * GROWTH_STEP for k in range(steps - 1, 0, -1))):
            self.size_cards(grow, 0.0, 0.0)
            rise = math.ceil(max(0.0, self.caption_overlap() - caption))
            self.size_cards(grow, rise, 0.0)
            self.size_cards(grow, rise, math.ceil(max(0.0, room - self.question_room())))
            if self.question_room() >= room and not self.crowds(usual) and all(
                    self.screen.contains(r) for n, r in self.moving_parts().items()
                    if n != "hand"):
                return
        self.size_cards(1.0, 0.0, 0.0)

    @property
    def screen(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size)

    def question_room(self) -> float:
        """How tall a question's panel may be below the middle row (four players or fewer);
        with five or six it stands over the middle, which ``QUESTION_ROOM`` keeps."""
        bands = self.question_bands()
        return float(bands[0].height) if bands else math.inf

    def caption_overlap(self) -> float:
        """How far who takes the trick, written under it, reaches over the hand (and half a
        margin above it): no card is raised while a finished trick is held."""
        parts = self.moving_parts()
        return parts["caption"].bottom - parts["hand"].top + self.margin / 2

    def moving_parts(self) -> dict[str, pygame.Rect]:
        """What larger cards grow or move: the player's hand, the trick, who
        takes it under it, the row of buttons above the hand, and the card on the table
        with the stock lying across it, Bato's discards and pot."""
        s = self.scale
        most = min(HAND_MOST, DECK_MOST // self.n)
        hand = [covered(spot, self.card_w, self.card_h) for spot in self.hand(most)]
        parts = {"hand": hand[0].unionall(hand[1:])}
        for seat in range(self.n):
            parts[f"trick {seat}"] = covered(self.trick_spot(seat), self.trick_w, self.trick_h)
        width, text, pad = CAPTION
        caption = pygame.Rect(0, 0, round(width * s * self.print_scale),
                              round((text * self.print_scale + pad) * s))
        caption.midtop = (round(self.middle[0]), round(self.below_trick()))
        parts["caption"] = caption
        parts["actions"] = self.action_row(1, round(ACTIONS[0] * s))[0]
        count = pygame.Rect(0, 0, round(STOCK_COUNT[0] * s * self.print_scale),
                            round(STOCK_COUNT[1] * s * self.print_scale))
        count.center = tuple(map(round, self.stock_count_at(count.width)))
        parts["stock"] = covered(self.table_card_spot(), self.trick_w, self.trick_h).unionall(
            [covered(self.stock_spot(), self.stock_h * self.aspect, self.stock_h), count])
        if self.discards:
            parts["discards"] = covered(self.discard_spot(), self.pile_h * self.aspect,
                                        self.pile_h)
        if self.pot:
            parts["pot"] = self.pot_rect()
        return parts

    def fixed_parts(self) -> dict[str, pygame.Rect]:
        """What larger cards leave where it is: the plates, the other hands, the taken
        tricks, the panels and the toolbar."""
        parts = {"trumps": self.trump_panel(), "score": self.score_panel(self.score_room())}
        tools = self.toolbar(6)
        parts["toolbar"] = tools[0].unionall(tools[1:])
        for seat in range(self.n):
            parts[f"plate {seat}"] = self.plate_rect(seat)
            parts[f"pile {seat}"] = self.pile_rect(seat)
            if seat != self.seat:
                fan = [covered(spot, self.small_w, self.small_h)
                       for spot in self.fan(seat, min(HAND_MOST, DECK_MOST // self.n))]
                parts[f"fan {seat}"] = fan[0].unionall(fan[1:])
        return parts

    def score_room(self) -> int:
        """How tall the running score may be: SCORE_LINES lines of its text, grown with the
        print, and its margins (the panel's own height changes as lines come and go)."""
        s = self.scale
        line = round(max(theme.MIN_TEXT, 14 * s) * self.print_scale) * LINE_SPACING
        return round(20 * s + SCORE_LINES * line)

    def clashes(self) -> dict[tuple[str, str], int]:
        """How much of each other the moving parts cover, and of the fixed ones (the
        trick's cards cross each other, as they are meant to), and of a question's panel
        standing over the middle the hand: each pair that touches, with the area."""
        moving, fixed = self.moving_parts(), self.fixed_parts()
        question = pygame.Rect(0, 0, self.size[0], round(QUESTION_ROOM * self.scale))
        question.centery = round(self.center[1])
        pairs = [(a, moving[a], b, moving[b]) for i, a in enumerate(moving)
                 for b in list(moving)[i + 1:] if not together(a, b)]
        pairs += [(a, moving[a], b, fixed[b]) for a in moving for b in fixed]
        pairs.append(("hand", moving["hand"], "question", question))
        return {(a, b): one.clip(other).width * one.clip(other).height
                for a, one, b, other in pairs if one.colliderect(other)}

    def crowds(self, usual: dict[tuple[str, str], int]) -> bool:
        """Whether any parts cover more of each other than they did at the usual size."""
        return any(area > usual.get(pair, 0) for pair, area in self.clashes().items())

    def face_to_face(self, opponent: int) -> None:
        """Put ``opponent`` at the top, and whoever sat there (out of the match) in his
        place: the duel reads as a two-player table, the others' plates stay clear."""
        top = next((s for s, a in enumerate(self.angles) if a == 90), None)
        if top is not None:
            self.angles[top] = self.angles[opponent]
        self.angles[opponent] = 90.0

    # ------------------------------------------------------------------ seats
    def seat_angle(self, seat: int) -> float:
        """Direction of ``seat`` from the table's centre (0 = right, 90 = top)."""
        return self.angles[seat]

    def direction(self, seat: int) -> tuple[float, float]:
        a = math.radians(self.seat_angle(seat))
        return (math.cos(a), -math.sin(a))

    def is_side(self, seat: int) -> bool:
        return seat != self.seat and abs(self.direction(seat)[0]) > 0.6

    @property
    def others(self) -> list[int]:
        """Every seat but the player's, round the table from the player's right."""
        return [(self.seat + k) % self.n for k in range(1, self.n)]

    def plate_rect(self, seat: int) -> pygame.Rect:
        """The name plate: name, marks, dealer and mano chips."""
        pw, ph = self.plate_size
        w, h = self.size
        m = self.margin
        if seat == self.seat:
            return pygame.Rect(m, h - m - ph - self.plate_grows, pw, ph + self.plate_grows)
        dx, dy = self.direction(seat)
        cx, cy = self.center
        rx = w / 2 - m - pw / 2
        ry = cy - m - ph / 2
        x, y = cx + dx * rx, cy + dy * ry
        rect = pygame.Rect(0, 0, pw, ph)
        rect.center = (round(x), round(y))
        if dy > 0:
            rect.top -= self.plate_grows
        rect.height += self.plate_grows
        # An upper plate reaching the trumps panel's corner (five players) moves towards
        # the middle, and its mirror seat with it, so the table stays symmetric.
        trumps = self.trump_panel()
        left = min(rect.left, w - rect.right)
        if rect.top < trumps.bottom + m // 2 and left < trumps.right + m and rect.centerx != w // 2:
            rect.x += round(math.copysign(trumps.right + m - left, -dx))
        return rect

    def fan_center(self, seat: int) -> tuple[float, float]:
        """Centre of an opponent's hand of card backs, between its plate and the table."""
        plate = self.plate_rect(seat)
        if self.is_side(seat):
            gap = self.small_h * 0.62 + self.margin * 0.5
            x = plate.left - gap if self.direction(seat)[0] > 0 else plate.right + gap
            return (x, plate.centery)
        return (plate.centerx, plate.bottom + self.small_h * 0.42)

    def fan_angle(self, seat: int) -> float:
        """Rotation of an opponent's cards: tops towards the table (90 = on the right)."""
        if not self.is_side(seat):
            return 180.0
        return 90.0 if self.direction(seat)[0] > 0 else 270.0

    def fan(self, seat: int, count: int) -> list[Spot]:
        """Card backs of an opponent's hand, slightly fanned, tops towards the table."""
        base = self.fan_angle(seat)
        fx, fy = self.fan_center(seat)
        step = self.small_w * (0.2 if count > 8 else 0.28)
        out = []
        for i in range(count):
            k = i - (count - 1) / 2
            if base == 90:
                x, y = fx, fy + k * step
            elif base == 270:
                x, y = fx, fy - k * step
            else:
                x, y = fx - k * step, fy
            out.append(Spot(x, y, base + k * 2.5))
        return out

    @property
    def open_h(self) -> int:
        """The height of an opponent's card shown face up (a puzzle's open hands): larger
        than a back, for its index and suit to be read."""
        return round(self.usual_trick_h * 0.8)

    def open_fan(self, seat: int, count: int) -> list[Spot]:
        """An opponent's cards face up, upright as the player reads them, each one's
        index and suit in sight: in a row left to right below a plate across the table,
        in a column top to bottom beside a plate at the side."""
        h = self.open_h
        w = h * self.aspect
        fx, fy = self.fan_center(seat)
        out = []
        for i in range(count):
            k = i - (count - 1) / 2
            if self.is_side(seat):
                out.append(Spot(fx, fy + k * h * 0.36, 0))
            else:  # its top edge where the backs' is, clear of the plate
                top = self.plate_rect(seat).bottom + self.margin / 4
                out.append(Spot(fx + k * w * 0.62, top + h / 2, 0))
        return out

    def hand(self, count: int) -> list[Spot]:
        """The player's cards, fanned along the bottom: between the plates, and, larger at
        large print, clear of what lies beside the player's plate (``beside_plate``)."""
        w, _h = self.size
        edge = self.plate_size[0] + 2 * self.margin - self.tilt_reach(self.usual_h)
        if self.grow > 1:
            edge = max(edge, self.beside_plate())
        avail = w - 2 * (edge + self.tilt_reach(self.card_h))
        step = self.card_w * 0.62
        if self.index is not None:  # each card's large index in sight, where there is room
            step = max(step, min(badge_reach(self.card_h, self.index) + self.badge_gap,
                                 self.spread_room(count)))
        if count > 1:
            step = min(step, (avail - self.card_w) / (count - 1))
        out = []
        half = max(1.0, (count - 1) / 2)
        for i in range(count):
            k = i - (count - 1) / 2
            out.append(Spot(w / 2 + k * step, self.hand_y + self.hand_arc * (k / half) ** 2,
                            -k * HAND_TILT / half))
        return out

    def beside_plate(self) -> float:
        """The x the player's fan keeps right of (and its mirror, left of): clear of the
        running score standing above the player's plate, and with five or six players of
        the muestra and the stock there."""
        edge = 0.0
        score = self.score_panel(self.score_room())
        if score.bottom > self.center[1]:
            edge = score.right + self.margin
        if self.n >= 5:
            stock = covered(self.stock_spot(), self.stock_h * self.aspect, self.stock_h)
            edge = max(edge, stock.right + self.margin)
        return edge

    def spread_room(self, count: int) -> float:
        """How far apart a hand of ``count`` may spread to show its large indices: not
        onto what lies beside the player's plate."""
        edge = self.beside_plate()
        if not edge or count < 2:
            return math.inf
        half = self.size[0] / 2 - edge - self.card_w / 2 - self.tilt_reach(self.card_h)
        return half / ((count - 1) / 2)

    def tilt_reach(self, height: float) -> float:
        """How much further sideways than half its width a card at the fan's end reaches,
        turned as it lies there: a larger card's more, which the fan leaves the plates."""
        return (covered(Spot(0, 0, HAND_TILT), height * self.aspect, height).width
                - height * self.aspect) / 2

    def hand_step(self, count: int) -> float:
        spots = self.hand(count)
        return spots[1].x - spots[0].x if count > 1 else float(self.card_w)

    def hand_reach(self, count: int) -> int | None:
        """How far from its left edge each card of a hand of ``count`` may show its large
        index, the next card lying over the rest (``index.badge``); None where every badge
        shows whole (or the deck's own index is drawn)."""
        if self.index is None or count < 2:
            return None
        strip = math.floor(self.hand_step(count)) - self.badge_gap
        return strip if strip < badge_reach(self.card_h, self.index) else None

    def hand_hit(self, count: int, pos: tuple[int, int], raised: int | None) -> int | None:
        """Index of the card under ``pos`` (the topmost one), or None."""
        for i, spot in reversed(list(enumerate(self.hand(count)))):
            rect = pygame.Rect(0, 0, self.card_w, self.card_h)
            rect.center = (round(spot.x), round(spot.y - (self.raise_by if i == raised else 0)))
            if rect.collidepoint(pos):
                return i
        return None

    def hand_point(self, count: int, index: int) -> tuple[int, int]:
        """A point on the visible part of card ``index`` of the hand (for tests, hints)."""
        spot = self.hand(count)[index]
        visible = self.card_w if index == count - 1 else self.hand_step(count)
        return (round(spot.x - self.card_w / 2 + min(visible, self.card_w) / 2),
                round(spot.y))

    # ------------------------------------------------------------------ the table
    def trick_spot(self, seat: int) -> Spot:
        """Where ``seat``'s card lies in the trick: in front of its player."""
        dx, dy = self.direction(seat)
        cx, cy = self.middle
        tilt = ((seat * 37) % 11) - 5
        if self.n < 5:
            return Spot(cx + dx * self.trick_w, cy + dy * self.trick_h * 0.42, tilt)
        # Five or six: two rows, the near seats below and the far ones above, each card on
        # its player's side and clear of the others, so who played what stays plain.
        widest = max(abs(self.direction(s)[0]) for s in range(self.n))
        row = 0.58 if dy > 0 else -0.58
        return Spot(cx + dx * self.trick_w * 1.18 / widest, cy + row * self.trick_h, tilt)

    def below_trick(self) -> float:
        """Just under the trick's lowest card: where who takes it is written."""
        lowest = max(self.trick_spot(seat).y for seat in range(self.n))
        return lowest + self.trick_h / 2 + self.margin * 0.75

    def pile_spot(self, seat: int) -> Spot:
        """The face-down tricks a seat has taken."""
        w, h = self.size
        m = self.margin
        plate = self.plate_rect(seat)
        pile_w = self.pile_h * self.aspect
        if seat == self.seat:
            return Spot(w - m - self.pile_h * 0.9, h - m - self.pile_h * 0.62, 90)
        if self.is_side(seat):
            return Spot(plate.centerx, plate.bottom + m * 0.8 + pile_w / 2, 90)
        return Spot(plate.right + m + self.pile_h / 2, plate.centery, 90)

    def pile_rect(self, seat: int) -> pygame.Rect:
        """What a seat's taken tricks cover, with their count beside them."""
        spot = self.pile_spot(seat)
        rect = pygame.Rect(0, 0, round(self.pile_h * 1.45), round(self.pile_h * 0.9))
        rect.midleft = (round(spot.x - self.pile_h / 2), round(spot.y))
        return rect

    def px(self, n: float) -> int:
        """``n`` design pixels at this window's scale, never below 8 (legible)."""
        return max(8, round(n * self.scale))

    def table_card_label(self) -> tuple[tuple[float, float], int]:
        """Where the word under the table card ("Muestra") stands (its middle top) and its
        text size: the painter draws it there, the question's band starts below it."""
        spot = self.table_card_spot()
        return (spot.x, spot.y + self.trick_h / 2 + self.px(6)), self.px(13)

    def table_card_spot(self) -> Spot:
        """The card out of play in 3-player hands (the 40th card, the muestra, Codillo's
        called card): left of the trick, clear of the fans beside it; with five or six
        players, whose fans fill the sides, above the player's plate."""
        if self.n >= 5:
            plate = self.plate_rect(self.seat)
            label = round(22 * self.scale)
            y = plate.top - self.margin / 2 - label - self.trick_h / 2  # the label above it
            # The discards (and their count, wider) on its left; right of the taken tricks
            # of a lower seat on the left, when they reach down here.
            top = y - self.trick_h / 2 - label
            ends = [p.right for p in map(self.pile_rect, self.side_seats(-1)) if p.bottom > top]
            left = max([self.margin + self.pile_h * 1.5, *ends]) + self.margin
            return Spot(left + self.trick_w / 2, y)
        # The stock lies across the card's right part; where the fan beside it leaves too
        # little room, the stock keeps its place and covers more of the card (three
        # quarters at most).
        stock = self.stock_spot()
        clear = self.fan_clearance(-1, stock.y) + self.trick_w / 2
        x = max(stock.x - self.stock_offset(), clear)
        return Spot(min(x, stock.x - self.trick_w * 0.25), stock.y)

    def middle_row_y(self) -> float:
        """The height of the row left of the trick: the stock, the muestra, the pot."""
        return self.middle[1] + self.trick_h * 0.15 - self.row_rise

    def stock_offset(self) -> float:
        """How far right of the muestra the stock lies on it: it covers the card's right
        part (STOCK_COVERS of its width), leaving its index and most of its face in
        sight; standing in a tight row, it stands beside the card where the row has the
        room, and covers as little of it as the row allows."""
        if self.stock_upright():
            return (self.trick_w + self.stock_width()) / 2
        return self.trick_w * (0.5 - STOCK_COVERS) + self.stock_width() / 2

    def stock_width(self) -> float:
        """How wide the stock is as it lies: across the muestra, or standing beside it."""
        return self.stock_h * self.aspect if self.stock_upright() else self.trick_h

    @property
    def stock_h(self) -> int:
        """The height of the stock's cards: a trick card's, or an opponent's back where it
        stands in a tight row (four players in the smallest windows), so that the muestra
        beside it stays in sight."""
        return self.small_h if self.stock_upright() else self.trick_h

    def stock_upright(self) -> bool:
        """Whether the stock stands upright over the muestra's right part rather than lying
        across it: where the fan beside the row leaves no room to lie across and leave half
        the muestra in sight (four players in the smallest windows)."""
        if self.n >= 5:
            return False
        fan, end = self.stock_row()
        return end - fan < self.trick_h + self.trick_w * 0.5

    def stock_row(self) -> tuple[float, float]:
        """Left of the trick, the room for the muestra and the stock (four players or
        fewer): from the fan beside it to short of the trick's nearest card."""
        fan = self.fan_clearance(-1, self.middle_row_y())
        trick = min(self.trick_spot(s).x for s in range(self.n)) - self.trick_w * 0.6
        return fan, trick - self.margin / 2

    def question_bands(self) -> list[pygame.Rect]:
        """Where a question's panel may go and cover neither the middle row (the muestra,
        the stock and the pot, with their labels), the player's hand nor the hands across
        the table: below the middle row, else above it. None with five or six players,
        whose middle row is free."""
        if self.n >= 5:
            return []
        card = self.table_card_spot()
        row_top = card.y - self.trick_h / 2 - self.margin / 2
        row_bottom = card.y + self.trick_h / 2 + 26 * self.scale  # and the card's label
        if self.print_scale > 1:  # the label as drawn, taller at large print, and a gap
            (_x, top), size = self.table_card_label()
            gap = 4 * self.scale - 2  # (the label's 8-pixel floor already leaves 2 of it)
            row_bottom = max(row_bottom, top + theme.font(size).get_linesize() + gap)
        # No card is raised while a question is asked; the panel may touch the hand's top
        # edge, above the cards' indices.
        hand_top = self.hand_y - self.card_h / 2 + self.margin / 2
        across = [s for s in self.others if self.fan_center(s)[1] < row_top
                  and abs(self.fan_center(s)[0] - self.center[0]) < self.size[0] / 4]
        top = max([0.0, *(max(self.plate_rect(s).bottom, self.fan_center(s)[1] + self.small_h / 2)
                          for s in across)]) + self.margin / 2
        w = self.size[0]
        return [pygame.Rect(0, round(a), w, max(0, round(b - a)))
                for a, b in ((row_bottom, hand_top), (top, row_top))]

    def side_seats(self, side: int) -> list[int]:
        """The seats at the screen's left (-1) or right (1) edge."""
        return [s for s in self.others if self.is_side(s)
                and math.copysign(1, self.direction(s)[0]) == side]

    def fan_clearance(self, side: int, y: float) -> float:
        """The x nearest the middle that is clear of the fans on ``side`` reaching height
        ``y`` (their inner edge and half a margin), or the screen's edge."""
        edge = 0.0 if side < 0 else float(self.size[0])
        for seat in self.side_seats(side):
            fx, fy = self.fan_center(seat)
            if abs(fy - y) < self.trick_h:
                inner = fx - side * (self.small_h + self.margin) / 2
                edge = max(edge, inner) if side < 0 else min(edge, inner)
        return edge

    def stock_spot(self) -> Spot:
        """The stock, lying across the muestra (``table_card_spot``): left of the trick,
        its left end clear of the fan beside it."""
        if self.n >= 5:
            spot = self.table_card_spot()
            return Spot(spot.x + self.stock_offset(), spot.y, 90)
        fan, end = self.stock_row()
        width = self.stock_width()
        x = max(self.center[0] - self.trick_w * 2.65, fan + width / 2)
        # Further right, short of the trick, for the muestra to show beside the fan.
        wanted = fan + self.trick_w / 2 + self.stock_offset()
        return Spot(max(x, min(wanted, end - width / 2)), self.middle_row_y(),
                    0 if self.stock_upright() else 90)

    def stock_count_at(self, width: float | None) -> tuple[float, float]:
        """Where the stock's count, a tag ``width`` wide, is centred: over the stock, and
        where the muestra shows its large index (``width`` given), right of that index,
        not over it."""
        spot = self.stock_spot()
        top = spot.y - (self.stock_h if self.stock_upright() else self.trick_w) / 2
        x = spot.x
        lift = self.px(14)
        if width is not None and self.index is not None:
            card = self.table_card_spot()
            left = card.x - self.trick_w / 2
            clear = left + badge_reach(self.trick_h, self.index) + self.px(6)
            x = max(x, clear + width / 2)
            if self.n < 5 and x + width / 2 > self.stock_row()[1]:
                # Short of room before the trick (larger cards): over the muestra's top,
                # clear of its index.
                half = STOCK_COUNT[1] * self.scale * self.print_scale / 2
                return left + width / 2, card.y - self.trick_h / 2 - max(lift, half + 2)
        return x, top - lift

    def discard_spot(self) -> Spot:
        """Bato's discards, face down beside the stock: below it, or with five or six
        players left of it."""
        spot = self.stock_spot()
        if self.n >= 5:  # left of the muestra that sticks out of the stock, under the taken
            # tricks of a seat on the left that reach down there
            card = self.table_card_spot()
            out = Spot(card.x - (self.trick_w + self.pile_h) / 2 - self.margin, spot.y, 80)
            pile = covered(out, self.pile_h * self.aspect, self.pile_h)
            over = [p.bottom for p in map(self.pile_rect, self.side_seats(-1))
                    if p.colliderect(pile)]
            if over:
                out = Spot(out.x, max(over) + self.margin / 2 + pile.height / 2, out.angle)
            return out
        return Spot(spot.x - self.trick_w * 0.25, spot.y + self.trick_h * 0.95, 80)

    def pot_spot(self) -> Spot:
        """Bato's pot: across the table from the stock, clear of the fans there."""
        spot = self.table_card_spot()
        x = self.size[0] - spot.x
        if self.n < 5:  # clear of the trick's nearest card, larger at large print
            trick = max(covered(self.trick_spot(s), self.trick_w, self.trick_h).right
                        for s in range(self.n))
            x = max(x, trick + self.margin / 2 + self.chip_d * 2)
            x = min(x, self.fan_clearance(1, spot.y) - self.chip_d * 2)
        return Spot(x, spot.y)

    def pot_rect(self) -> pygame.Rect:
        """What the pot covers: its stacks of chips and what it holds written under them."""
        spot = self.pot_spot()
        rect = pygame.Rect(0, 0, self.chip_d * 4, round(self.chip_d * 2.6))
        rect.center = (round(spot.x), round(spot.y))
        return rect

    def purse_spot(self, seat: int) -> Spot:
        """Where a seat's chips go to and come from: its name plate."""
        plate = self.plate_rect(seat)
        return Spot(plate.centerx, plate.centery)

    def deal_from(self, seat: int) -> Spot:
        """Where the dealer's deck sits while dealing."""
        if seat == self.seat:
            plate = self.plate_rect(seat)
            return Spot(plate.centerx, plate.top - self.small_h * 0.7)
        fx, fy = self.fan_center(seat)
        cx, cy = self.center
        return Spot(fx + (cx - fx) * 0.25, fy + (cy - fy) * 0.25)

    def trump_panel(self) -> pygame.Rect:
        """The trumps (and the hand's number): taller at large print, as the plates."""
        s = self.scale
        return pygame.Rect(self.margin, self.margin, round(230 * s),
                           round(96 * s) + self.trumps_grow)

    def score_panel(self, height: int) -> pygame.Rect:
        """The running score: under the trumps panel, or, where a plate sits there (three
        or six players: the upper left one), beside it, else on the left just above the
        player's plate. The place is chosen for a few lines, so that it stays put as lines
        come and go."""
        trumps = self.trump_panel()
        tall = max(height, round(80 * self.scale))
        below = pygame.Rect(trumps.x, trumps.bottom + self.margin // 2, trumps.width, tall)
        beside = pygame.Rect(trumps.right + self.margin, trumps.y, trumps.width, tall)
        for rect in (below, beside):
            if not any(rect.colliderect(self.plate_rect(s)) for s in self.others):
                rect.height = height
                return rect
        below.height = height
        below.bottom = self.plate_rect(self.seat).top - self.margin
        return below

    def toolbar(self, buttons: int) -> list[pygame.Rect]:
        """Square buttons along the top right corner, right to left."""
        side = round(44 * self.scale)
        w, _h = self.size
        return [pygame.Rect(w - self.margin - (i + 1) * side - i * self.margin // 2,
                            self.margin, side, side) for i in range(buttons)]

    def action_row(self, count: int, width: int) -> list[pygame.Rect]:
        """Buttons above the player's hand (cantes, accusation)."""
        h = round(42 * self.scale)
        gap = self.margin
        total = count * width + (count - 1) * gap
        x = self.size[0] / 2 - total / 2
        y = self.hand_y - self.card_h / 2 - self.raise_by - h - self.margin
        return [pygame.Rect(round(x + i * (width + gap)), round(y), width, h)
                for i in range(count)]
