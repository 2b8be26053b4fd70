"""Buttons, option rows and keyboard/mouse focus shared by every screen.

Labels are English message ids translated when drawn (or callables for composed text), so a
change of language shows at once without rebuilding the screen.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

from tute.i18n import _
from tute.speech.voice import sentences
from tute.ui.widgets import theme

Label = str | Callable[[], str]
V = TypeVar("V")

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
MOUSE_SLACK = 12
"""Pixels the pointer must travel after a key moved the focus before it takes it back."""
RING_DARK, RING_LIGHT = (0, 0, 0), (255, 255, 255)
"""The focus ring's two edges, black outside white: one of them stands out on every
background the game draws (the felt, the gold buttons, the rules' paper, a dark panel)."""
LISTED = 3
"""The fewest members a group needs for speech to say where the focus is in it ("3 of
7"): a row of one or two buttons needs no count."""


def label_text(label: Label) -> str:
    return label() if callable(label) else _(label)


class Widget:
    """Something on screen that can take focus and be activated."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.visible = True
        self.font_size = 18
        self.out_of_view = False
        """Scrolled out of its list's view (not drawn) but still one of the list: counted
        in the focus's place, and reached by the keys that walk the list."""

    @property
    def focusable(self) -> bool:
        return self.enabled and self.visible

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        raise NotImplementedError

    def activate(self) -> None:
        """Enter, Space or a click."""

    def adjust(self, step: int) -> None:
        """Left (-1) or Right (+1) while focused."""

    def click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def press(self, pos: tuple[int, int]) -> None:
        """The button went down over the widget."""

    def drag(self, pos: tuple[int, int]) -> None:
        """The pointer moved with the button held since ``press``."""

    def spoken(self) -> str:
        """What speech says when the focus reaches it (and when its value changes)."""
        return ""

    def role(self) -> str:
        """What kind of control it is, said after its name where the name alone does not
        tell (a button; a choice says its value instead)."""
        return ""

    def description(self) -> str:
        """What it is for, said after its name, role and place (an option's hint)."""
        return ""


class Button(Widget):
    def __init__(self, label: Label, action: Callable[[], None],
                 primary: bool | None = False) -> None:
        """``primary``: drawn gold, the screen's main action; None: gold while it has the
        focus (a menu's entries, where the gold marks the one Enter opens)."""
        super().__init__()
        self.label = label
        self.action = action
        self.primary = primary

    def activate(self) -> None:
        if self.enabled:
            self.action()

    def gold(self, focused: bool) -> bool:
        """Whether it is drawn as the primary action."""
        return focused if self.primary is None else self.primary

    def spoken(self) -> str:
        return label_text(self.label)

    def role(self) -> str:
        return _("button")

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        if not self.visible:
            return
        r = self.rect
        radius = max(4, r.height // 4)
        if self.gold(focused):
            fill = theme.BUTTON_PRIMARY_HOVER if focused else theme.BUTTON_PRIMARY
            ink = theme.INK_DARK
        else:
            fill = theme.BUTTON_HOVER if focused else theme.BUTTON
            ink = theme.INK
        if not self.enabled:
            fill, ink = (60, 70, 64), (140, 150, 144)
        shadow = r.move(0, max(2, r.height // 14))
        pygame.draw.rect(surface, (6, 20, 12), shadow, border_radius=radius)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        edge = theme.HIGHLIGHT if focused and self.enabled else theme.GOLD_DARK
        pygame.draw.rect(surface, edge, r, max(1, r.height // 22) + (1 if focused else 0),
                         border_radius=radius)
        theme.draw_text(surface, label_text(self.label), r.center, self.font_size, ink,
                        bold=True, anchor="center", box=r.inflate(-r.height // 2, 0))


def fitted(button: Button, width: int) -> int:
    """``width``, or wider where the button's words at its font size need more (large
    print): the words keep their size."""
    words = theme.font(button.font_size, True).size(label_text(button.label))[0]
    return max(width, words + button.font_size * 2)


class Choice(Widget, Generic[V]):
    """A labelled value changed with Left/Right, or by clicking its arrows."""

    def __init__(self, label: Label, values: Sequence[V], value: V,
                 show: Callable[[V], str], on_change: Callable[[V], None],
                 hint: Label | None = None) -> None:
        super().__init__()
        self.label = label
        self.values = list(values)
        self.index = self.values.index(value) if value in self.values else 0
        self.show = show
        self.on_change = on_change
        self.hint = hint
        self.wide_value = False
        """The value takes all the row its label leaves (a long value, a short label)."""
        self.show_hint = True
        """The hint under the label; off where a screen shows it elsewhere, whole."""
        self.confirm: Callable[[], None] | None = None
        """What Enter does instead of stepping the value: a panel's stepper (a bid) is
        answered with the value shown, the arrows alone change it."""

    @property
    def value(self) -> V:
        return self.values[self.index]

    def spoken(self) -> str:
        return _("{label}: {value}").format(label=label_text(self.label),
                                            value=self.show(self.value))

    def role(self) -> str:
        return "" if self.enabled else _("unavailable")

    def description(self) -> str:
        return label_text(self.hint) if self.hint is not None else ""

    @property
    def focusable(self) -> bool:
        return self.visible

    def adjust(self, step: int) -> None:
        if not self.enabled or len(self.values) < 2:
            return
        self.index = (self.index + step) % len(self.values)
        self.on_change(self.value)

    def activate(self) -> None:
        if self.confirm is not None:
            self.confirm()
        else:
            self.adjust(1)

    def click(self, pos: tuple[int, int]) -> None:
        """A click on the value steps it (back on its left half, on on its right); on the
        label it only puts the focus here, as a label is read, not pressed."""
        box = self.value_rect()
        if box.collidepoint(pos):
            self.adjust(-1 if pos[0] < box.centerx else 1)

    def value_rect(self) -> pygame.Rect:
        r = self.rect
        size = max(theme.MIN_TEXT, self.font_size)
        # Room for the longest value between the arrows, up to half the row.
        longest = max(theme.font(size, True).size(self.show(v))[0] for v in self.values)
        width = min(r.width // 2, max(size * 14, longest + size + r.height * 9 // 8 + 2))
        if self.wide_value:
            label_w = theme.font(size, True).size(label_text(self.label))[0]
            width = min(r.width - label_w - size * 3, size * 28)
        return pygame.Rect(r.right - width, r.y, width, r.height)

    def hint_is_cut(self) -> bool:
        """Whether the hint, under the label, would be cut for want of room."""
        if self.hint is None:
            return False
        size = self.font_size
        right = self.value_rect().inflate(-size // 2, 0).x
        box = _text_box(self.rect, size, right)
        return len(theme.wrap(label_text(self.hint), theme.small(size), box.width)) > \
            _hint_room(self.rect, size)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        if not self.visible:
            return
        size = self.font_size
        box = self.value_rect().inflate(-size // 2, -self.rect.height // 4)
        draw_row(surface, self.rect, self.label, self.hint if self.show_hint else None, size,
                 self.enabled, focused, box.x)
        pygame.draw.rect(surface, (0, 0, 0), box, border_radius=box.height // 2)
        pygame.draw.rect(surface, theme.HIGHLIGHT if focused else theme.GOLD_DARK, box,
                         max(1, size // 12), border_radius=box.height // 2)
        value_ink = theme.GOLD if self.enabled else theme.INK_DIM
        theme.draw_text(surface, self.show(self.value), box.center, size, value_ink, bold=True,
                        anchor="center", box=box.inflate(-box.height * 3 // 2, 0))
        if self.enabled and len(self.values) > 1:
            for sign, x in ((-1, box.x + box.height * 0.55), (1, box.right - box.height * 0.55)):
                h = box.height * 0.22
                cx, cy = x, box.centery
                pts = [(cx - sign * h * 0.6, cy - h), (cx + sign * h * 0.6, cy),
                       (cx - sign * h * 0.6, cy + h)]
                pygame.draw.polygon(surface, theme.GOLD, pts)


class Slider(Widget):
    """A labelled level from 0 to 1 on a track: dragged or clicked with the mouse, moved a
    tenth at a time with Left/Right while focused."""

    STEP = 0.1

    def __init__(self, label: Label, value: float, on_change: Callable[[float], None],
                 hint: Label | None = None) -> None:
        super().__init__()
        self.label = label
        self.value = min(1.0, max(0.0, value))
        self.on_change = on_change
        self.hint = hint

    @property
    def focusable(self) -> bool:
        return self.visible

    def spoken(self) -> str:
        return _("{label}: {value}").format(label=label_text(self.label),
                                            value=f"{round(self.value * 100)} %")

    def description(self) -> str:
        return label_text(self.hint) if self.hint is not None else ""

    def set(self, value: float) -> None:
        """A new level (whole percents); ``on_change`` hears of real changes only."""
        value = round(min(1.0, max(0.0, value)), 2)
        if self.enabled and value != self.value:
            self.value = value
            self.on_change(value)

    def adjust(self, step: int) -> None:
        self.set((round(self.value / self.STEP) + step) * self.STEP)

    def track(self) -> pygame.Rect:
        """The bar the knob runs along, left of the percentage."""
        r = self.rect
        width = min(r.width // 2, round(self.font_size * 13))
        text = round(self.font_size * 3.6)
        knob = self.knob_radius()
        return pygame.Rect(r.right - width + knob, r.centery - max(2, r.height // 14),
                           width - text - 2 * knob, max(4, r.height // 7))

    def knob_radius(self) -> int:
        return max(5, round(self.rect.height * 0.2))

    def at(self, pos: tuple[int, int]) -> float:
        track = self.track()
        return (pos[0] - track.x) / max(1, track.width)

    def press(self, pos: tuple[int, int]) -> None:
        self.set(self.at(pos))

    def drag(self, pos: tuple[int, int]) -> None:
        self.set(self.at(pos))

    def click(self, pos: tuple[int, int]) -> None:
        self.set(self.at(pos))

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        if not self.visible:
            return
        size = self.font_size
        track, knob = self.track(), self.knob_radius()
        draw_row(surface, self.rect, self.label, self.hint, size, self.enabled, focused,
                 track.x - knob)
        pygame.draw.rect(surface, (0, 0, 0), track, border_radius=track.height // 2)
        filled = track.copy()
        filled.width = round(track.width * self.value)
        color = theme.GOLD if self.enabled else theme.INK_DIM
        pygame.draw.rect(surface, color, filled, border_radius=track.height // 2)
        pygame.draw.rect(surface, theme.GOLD_DARK, track, 1, border_radius=track.height // 2)
        center = (filled.right, track.centery)
        pygame.draw.circle(surface, theme.HIGHLIGHT if focused else color, center, knob)
        pygame.draw.circle(surface, theme.INK_DARK, center, knob, max(1, knob // 4))
        theme.draw_text(surface, f"{round(self.value * 100)} %",
                        (self.rect.right - size // 2, self.rect.centery), size, color,
                        bold=True, anchor="midright")


def draw_row(surface: pygame.Surface, rect: pygame.Rect, label: Label, hint: Label | None,
             size: int, enabled: bool, focused: bool, right: int,
             ink: theme.Color | None = None) -> None:
    """An option row's glow when focused, and its label (with its hint under it) in the
    space left of ``right``."""
    radius = max(4, rect.height // 5)
    if focused:
        glow = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (255, 236, 170, 26), glow.get_rect(), border_radius=radius)
        surface.blit(glow, rect)
    ink = ink or (theme.INK if enabled else theme.INK_DIM)
    box = _text_box(rect, size, right)
    if hint:
        # The description at the one small size, on two lines where one is not enough.
        small = theme.small(size)
        label_h = theme.font(size, True).get_linesize()
        line_h = theme.font(small).get_linesize()
        lines = hint_lines(label_text(hint), small, box.width, _hint_room(rect, size))
        y = rect.centery - (label_h + line_h * len(lines)) // 2
        theme.draw_text(surface, label_text(label), (rect.x + size, y), size, ink, bold=True,
                        box=box)
        for i, line in enumerate(lines):
            theme.draw_text(surface, line, (rect.x + size, y + label_h + i * line_h), small,
                            theme.INK_DIM, box=box)
    else:
        theme.draw_text(surface, label_text(label), (rect.x + size, rect.centery), size, ink,
                        bold=True, anchor="midleft", box=box)


def _text_box(rect: pygame.Rect, size: int, right: int) -> pygame.Rect:
    """Where a row's label and hint go: left of ``right``."""
    return pygame.Rect(rect.x + size, rect.y, right - rect.x - size * 3 // 2, rect.height)


def _hint_room(rect: pygame.Rect, size: int) -> int:
    """The lines a row of ``rect`` has for its hint under its label (one or two)."""
    label_h = theme.font(size, True).get_linesize()
    line_h = theme.font(theme.small(size)).get_linesize()
    return max(1, min(2, (rect.height - label_h) // line_h))


def hint_lines(hint: str, size: int, width: int, most: int) -> list[str]:
    """A description in at most ``most`` lines of ``width``; what the last cannot hold is
    cut with an ellipsis, never drawn smaller."""
    lines = theme.wrap(hint, size, width)
    if len(lines) <= most:
        return lines
    if theme.cut_log is not None:
        theme.cut_log.append(hint)
    return [*lines[:most - 1], theme.elide(" ".join(lines[most - 1:]), size, width)]


class FocusList:
    """Moves focus over widgets with the arrows and Tab, follows the mouse, and
    activates on Enter, Space or a click (press and release on the same widget)."""

    def __init__(self, widgets: Sequence[Widget], horizontal: bool = False,
                 columns: int = 0, groups: Sequence[int] = ()) -> None:
        self.widgets = list(widgets)
        self.horizontal = horizontal
        self.columns = columns
        """A grid of this many columns (a card picker): Up and Down move by rows."""
        self.groups = sorted({0, *groups})
        """Where each group of widgets starts: Tab goes from group to group (to the widget
        last focused there), the arrows from widget to widget. Without groups, Tab is Down."""
        self.last: dict[int, int] = {}
        """Each group's last focused widget."""
        self.focus = -1
        self.pressed: Widget | None = None
        self.keys_from: tuple[int, int] | None = None
        """Where the pointer was when the keyboard last moved the focus: until it moves
        MOUSE_SLACK pixels from there, a resting mouse does not take the focus back."""
        self.keys_moved = False
        self.pointer: tuple[int, int] | None = None
        self.ring: pygame.Rect | None = None
        """The focus ring as last drawn (None: no control had the focus)."""
        self.focus_first()

    def focus_first(self) -> None:
        self.focus = next((i for i, w in enumerate(self.widgets) if w.focusable), -1)

    @property
    def focused(self) -> Widget | None:
        if 0 <= self.focus < len(self.widgets) and self.widgets[self.focus].focusable:
            return self.widgets[self.focus]
        return None

    def move(self, step: int) -> None:
        n = len(self.widgets)
        for k in range(1, n + 1):
            i = (self.focus + step * k) % n
            if self.widgets[i].focusable:
                self.focus = i
                return

    def move_row(self, step: int) -> None:
        """The nearest focusable widget a row up or down in the grid (same column first)."""
        n, cols = len(self.widgets), self.columns
        i = self.focus + step * cols
        while 0 <= i < n:
            row = range(i - i % cols, min(n, i - i % cols + cols))
            near = sorted((w for w in row if self.widgets[w].focusable),
                          key=lambda w: abs(w - i))
            if near:
                self.focus = near[0]
                return
            i += step * cols

    def carry(self, old: FocusList) -> None:
        """Take over ``old``'s memory (a screen rebuilt its widgets): the groups' last
        focused widgets and where the keyboard left the pointer."""
        self.last = dict(old.last)
        self.keys_moved, self.keys_from, self.pointer = old.keys_moved, old.keys_from, old.pointer

    def group_of(self, index: int) -> int:
        return max(g for g in self.groups if g <= index)

    def move_group(self, step: int) -> None:
        """Tab: the next group's (or previous one's) last focused widget, or its first."""
        if self.focus >= 0:
            self.last[self.group_of(self.focus)] = self.focus
        here = self.groups.index(self.group_of(max(0, self.focus)))
        for k in range(1, len(self.groups) + 1):
            start = self.groups[(here + step * k) % len(self.groups)]
            end = next((g for g in self.groups if g > start), len(self.widgets))
            remembered = self.last.get(start)
            if (remembered is not None and start <= remembered < end
                    and self.widgets[remembered].focusable):
                self.focus = remembered
                return
            first = next((i for i in range(start, end) if self.widgets[i].focusable), None)
            if first is not None:
                self.focus = first
                return

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        for w in self.widgets:
            if w.focusable and w.rect.collidepoint(pos):
                return w
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            if self.pressed is not None and event.buttons[0]:
                self.pressed.drag(event.pos)
                return True
            self.pointer = event.pos
            if self.keys_moved:
                if self.keys_from is None:
                    self.keys_from = event.pos
                if math.dist(event.pos, self.keys_from) < MOUSE_SLACK:
                    return False
                self.keys_moved = False
            w = self.widget_at(event.pos)
            if w is not None:
                self.focus = self.widgets.index(w)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.widget_at(event.pos)
            if self.pressed is not None:
                self.pressed.press(event.pos)
            return self.pressed is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            w = self.widget_at(event.pos)
            pressed, self.pressed = self.pressed, None
            if w is not None and w is pressed:
                self.focus = self.widgets.index(w)
                w.click(event.pos)
                return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if self.keys(event):
            self.keys_moved, self.keys_from = True, self.pointer
            return True
        return False

    def keys(self, event: pygame.event.Event) -> bool:
        """A key pressed: True when it was one of the list's."""
        if event.key == pygame.K_TAB and len(self.groups) > 1:
            self.move_group(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        back, forward = ((pygame.K_LEFT, pygame.K_RIGHT) if self.horizontal
                         else (pygame.K_UP, pygame.K_DOWN))
        if self.columns and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.move_row(-1 if event.key == pygame.K_UP else 1)
        elif event.key == back or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
            self.move(-1)
        elif event.key in (forward, pygame.K_TAB):
            self.move(1)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focused is not None:
            step = -1 if event.key == pygame.K_LEFT else 1
            if type(self.focused).adjust is Widget.adjust:  # nothing to step: go beside
                self.beside(step)
            else:
                self.focused.adjust(step)
        elif event.key in ACTIVATE_KEYS and self.focused is not None:
            self.focused.activate()
        elif event.key in (pygame.K_HOME, pygame.K_END):
            self.ends(-1 if event.key == pygame.K_HOME else 1)
        else:
            return False
        return True

    def beside(self, step: int) -> None:
        """Left (``step`` -1) or Right in a column of controls: the nearest one on the
        focused one's row on that side (Back beside Play), if any."""
        here = self.widgets[self.focus].rect
        row = [w for w in self.widgets if w.focusable and w.visible
               and abs(w.rect.centery - here.centery) < here.height // 2
               and (w.rect.centerx - here.centerx) * step > 0]
        if row:
            nearest = min(row, key=lambda w: abs(w.rect.centerx - here.centerx))
            self.focus = self.widgets.index(nearest)

    def group_span(self, index: int) -> range:
        """The indices of the group ``index`` is in."""
        start = self.group_of(index)
        return range(start, next((g for g in self.groups if g > start), len(self.widgets)))

    def ends(self, step: int) -> None:
        """Home (``step`` -1) or End: the first or last control of the focus's group."""
        span = self.group_span(max(0, self.focus))
        found = [i for i in span if self.widgets[i].focusable]
        if found:
            self.focus = found[0] if step < 0 else found[-1]

    def place(self) -> tuple[int, int] | None:
        """Where the focus is in its group, (n, of), counting the controls scrolled out of
        view; None where the group is too small to be a list (``LISTED``)."""
        focused = self.focused
        if focused is None:
            return None
        members = [i for i in self.group_span(self.focus)
                   if self.widgets[i].focusable or self.widgets[i].out_of_view]
        if len(members) < LISTED or self.focus not in members:
            return None
        return members.index(self.focus) + 1, len(members)

    def spoken(self) -> str:
        """The focused control as speech says it: its name (and value), its role, its
        place in a list, then what it is for: "Lives: 4, 3 of 14. Lives a player has before
        leaving the match." (the value first: stepped, it is heard at once)."""
        focused = self.focused
        if focused is None:
            return ""
        words = [focused.spoken(), focused.role()]
        place = self.place()
        if place is not None:
            words.append(_("{n} of {total}").format(n=place[0], total=place[1]))
        return sentences(", ".join(w for w in words if w), focused.description())

    def draw(self, surface: pygame.Surface) -> None:
        """Each control laid out (a row scrolled out of a list has no width), the focused
        one ringed."""
        focused = self.focused
        for w in self.widgets:
            if w.rect.width:
                w.draw(surface, w is focused)
        self.ring = None
        if focused is not None and focused.visible and focused.rect.width:
            self.ring = draw_ring(surface, focused.rect)


def ring_width(rect: pygame.Rect) -> int:
    """Each of the focus ring's two lines: thick enough to be seen at a glance."""
    return max(2, round(rect.height / 12))


def draw_ring(surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    """The focus ring round ``rect``, the same on every screen: a white line inside a black
    one, just outside the control; returns the ring's outer rect."""
    width = ring_width(rect)
    ring = rect.inflate(4 * width, 4 * width)
    radius = max(4, ring.height // 4)
    pygame.draw.rect(surface, RING_DARK, ring, 2 * width, border_radius=radius)
    pygame.draw.rect(surface, RING_LIGHT, ring.inflate(-2 * width, -2 * width), width,
                     border_radius=max(2, radius - width // 2))
    return ring


def stack_rows(rows: Sequence[Widget], center_x: int, top: int, width: int, row_h: int,
               pad: int, font_ratio: float, max_font: int) -> pygame.Rect:
    """Lay option rows one under another in a centred panel; returns the panel's rect."""
    panel = pygame.Rect(center_x - width // 2, top - pad, width, row_h * len(rows) + 2 * pad)
    for i, row in enumerate(rows):
        row.rect = pygame.Rect(panel.x + pad, top + i * row_h, width - 2 * pad, row_h - pad // 3)
        row.font_size = min(max_font, round(row_h * font_ratio))
    return panel


@dataclass
class RowWindow:
    """A long list of row buttons of which ``shown`` are in view at once (recent records,
    puzzles): the view follows the focused row, and the mouse wheel scrolls it."""

    rows: Sequence[Widget]
    first: int = 0
    shown: int = 1
    box: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    """x, top, width, row height and gap of the rows in view."""

    def lay_out(self, box: tuple[int, int, int, int, int], room: int, most: int) -> None:
        """Rows at ``box`` in ``room`` pixels of height, ``most`` of them at the most."""
        self.box = box
        self.shown = max(1, min(most, room // (box[3] + box[4])))

    def place(self, focused: int | None, font_size: int) -> None:
        """Lay the rows in view, moved so that row ``focused`` (None: no row) is one."""
        x, top, width, row_h, gap = self.box
        if focused is not None and 0 <= focused < len(self.rows):
            self.first = min(max(self.first, focused - self.shown + 1), focused)
        for i, row in enumerate(self.rows):
            row.visible = self.first <= i < self.first + self.shown
            row.out_of_view = not row.visible
            row.rect = pygame.Rect(x, top + (i - self.first) * (row_h + gap), width, row_h)
            row.font_size = font_size

    def walk(self, focus: FocusList, step: int, offset: int, font_size: int) -> None:
        """Up (``step`` -1) or Down from ``focus``'s widget, the rows out of view included:
        the view follows. The rows are ``focus``'s widgets from ``offset`` on."""
        widgets, i = focus.widgets, focus.focus + step
        while 0 <= i < len(widgets):
            row = i - offset
            if 0 <= row < len(self.rows) or widgets[i].focusable:
                focus.focus = i
                focus.keys_moved, focus.keys_from = True, focus.pointer
                if 0 <= row < len(self.rows):
                    self.place(row, font_size)
                return
            i += step

    def keys(self, focus: FocusList, event: pygame.event.Event, offset: int,
             font_size: int) -> bool:
        """The list's keys, the rows out of view included (the view follows): Up and Down a
        row (and on to the controls around the rows), and while the focus is on a row, Page
        Up and Page Down a view's worth, Home and End the first and last row. ``offset``:
        where the rows start among ``focus``'s widgets. True when the key was one of these."""
        if event.type != pygame.KEYDOWN or not self.rows:
            return False
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.walk(focus, -1 if event.key == pygame.K_UP else 1, offset, font_size)
            return True
        row = focus.focus - offset
        if not 0 <= row < len(self.rows):
            return False
        last = len(self.rows) - 1
        there = {pygame.K_PAGEUP: max(0, row - self.shown),
                 pygame.K_PAGEDOWN: min(last, row + self.shown),
                 pygame.K_HOME: 0, pygame.K_END: last}.get(event.key)
        if there is None:
            return False
        focus.focus = offset + there
        focus.keys_moved, focus.keys_from = True, focus.pointer
        self.place(there, font_size)
        return True

    def wheel(self, dy: int, font_size: int) -> None:
        """The mouse wheel turned ``dy`` notches (up is positive)."""
        self.first = min(max(0, self.first - dy), max(0, len(self.rows) - self.shown))
        self.place(None, font_size)


class TextField(Widget):
    """One line of text typed in (a file's path); Enter does ``action``."""

    def __init__(self, label: str, action: Callable[[], None]) -> None:
        super().__init__()
        self.label = label
        self.text = ""
        self.action = action

    def handle(self, event: pygame.event.Event) -> bool:
        """Typing and Backspace while focused; True when used."""
        if event.type == pygame.TEXTINPUT:
            self.text += event.text
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE and self.text:
            self.text = self.text[:-1]
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v and (
                event.mod & pygame.KMOD_CTRL):
            self.text += pasted()
            return True
        return False

    def activate(self) -> None:
        self.action()

    def spoken(self) -> str:
        """Its name and role, then the text (last: what is typed adds to the end)."""
        return _("{label}, text field: {value}").format(label=_(self.label), value=self.text)

    def click(self, pos: tuple[int, int]) -> None:
        """A click only puts the focus here, to type."""

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        r = self.rect
        size = self.font_size
        pygame.draw.rect(surface, (0, 0, 0), r, border_radius=r.height // 4)
        pygame.draw.rect(surface, theme.HIGHLIGHT if focused else theme.GOLD_DARK, r,
                         max(1, size // 10), border_radius=r.height // 4)
        inner = r.inflate(-size, 0)
        shown = self.text or _(self.label)
        ink = theme.INK if self.text else theme.INK_DIM
        image = theme.text(shown, size, ink)
        # The end of a long path is what matters: it is kept in view.
        clip = image.get_rect()
        clip.width = min(clip.width, inner.width - size // 2)
        clip.right = image.get_width()
        surface.blit(image, image.get_rect(midleft=inner.midleft), clip)
        if focused and int(time.perf_counter() * 2) % 2 == 0:
            x = inner.x + clip.width + 2 if self.text else inner.x
            pygame.draw.line(surface, theme.INK, (x, r.y + r.height // 4),
                             (x, r.bottom - r.height // 4), 2)


def pasted() -> str:
    """The clipboard's text, if the platform gives it."""
    try:
        return pygame.scrap.get_text().strip()
    except pygame.error:
        return ""
