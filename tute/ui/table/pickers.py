"""The questions a player answers before the cards are played, as panels on the table:
the bidding stepper, takeover, juego and acompaño, naming trumps, doubling and calling a
partner's card. Each panel offers exactly the engine's legal actions.

Bato's discard and Tute a dos's exchange are not panels: they are chosen on the hand and in
the row of buttons above it, like a cante.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial

import pygame

from tute.cardnames import card_name, suit
from tute.cards import cards_of
from tute.engine import Action, Observation
from tute.engine.actions import BID, PASS, QUESTION_VERBS
from tute.i18n import N_, _, ngettext
from tute.ui.widgets import suits, theme
from tute.ui.widgets.controls import Button, Choice, FocusList, Label, Widget, label_text
from tute.ui.widgets.layout import Spot, TableLayout
from tute.ui.widgets.sprites import CardImages
from tute.ui.words.sayings import double_meaning, double_name, said

Perform = Callable[[Action], None]


class SuitButton(Button):
    """A suit to name as trumps: its emblem beside its name."""

    def __init__(self, s: int, action: Callable[[], None]) -> None:
        super().__init__(lambda: suit(s).capitalize(), action)
        self.suit = s

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        super().draw(surface, focused)
        size = round(self.rect.height * 0.62)
        icon = suits.emblem(self.suit, size)
        surface.blit(icon, icon.get_rect(midleft=(self.rect.x + size // 4, self.rect.centery)))


class CardButton(Widget):
    """A card of the call picker: the player's own cards are shown dimmed and disabled."""

    def __init__(self, c: int, cards: CardImages, action: Callable[[], None]) -> None:
        super().__init__()
        self.card = c
        self.label: Label = partial(card_name, c)
        """What it says: the card's name (a lesson's words name it so)."""
        self.cards = cards
        self.action = action

    def activate(self) -> None:
        if self.enabled:
            self.action()

    def spoken(self) -> str:
        return label_text(self.label)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        r = self.rect
        lift = r.height // 12 if focused and self.enabled else 0
        self.cards.draw(surface, self.card, Spot(r.centerx, r.centery - lift), r.height,
                        dim=not self.enabled, glow=focused and self.enabled, lifted=bool(lift))


TIGHTER = 8
"""Design pixels a crowded panel's margins give up (above the title, below the buttons)."""


class Picker:
    """A panel in the middle of the table: a title, a few lines and its widgets; the
    buttons go in a row at the bottom, a grid of cards or a stepper above them."""

    def __init__(self, title: Label, lines: Sequence[str], buttons: list[Widget],
                 above: Sequence[Widget] = (), columns: int = 0,
                 answers: Mapping[Action, Widget] | None = None) -> None:
        self.title = title
        self.answers = dict(answers or {})
        """The widget that takes each action the panel offers (a lesson points at it)."""
        self.lines = list(lines)
        self.buttons = buttons
        self.above = list(above)
        self.columns = columns
        self.answers = dict(answers or {})
        """The widget that takes each action offered (a lesson points at the one it asks
        for)."""
        stepper = any(isinstance(w, Choice) for w in above)
        self.focus = FocusList([*self.above, *buttons], horizontal=not stepper,
                               columns=columns)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.shown = self.lines
        """The lines as drawn: wrapped to the panel's width where it is placed."""
        self.tight = 0
        """How much narrower than usual the panel's margins are (large print, short of
        room)."""

    def px(self, n: float) -> int:
        return max(1, round(n * self.scale))

    def place(self, layout: TableLayout) -> None:
        """Lay the panel out over the table: below its middle row when it fits there."""
        self.scale = layout.scale
        px = self.px
        w = min(layout.size[0] - 2 * layout.margin, px(620))
        bh, gap, pad = px(44), px(12), px(20)
        card_h = layout.small_h
        rows = -(-len(self.above) // self.columns) if self.columns else len(self.above)
        above_h = rows * (card_h + px(6)) if self.columns else rows * (bh + gap)
        button_rows = 2 if len(self.buttons) > 4 else 1 if self.buttons else 0
        line_h = theme.font(px(17)).get_linesize()
        if self.columns:
            w = max(w, self.columns * (round(card_h * layout.aspect) + px(4)) + 2 * pad)

        def height(width: int, tight: int) -> int:
            """The panel's height at ``width``, its lines wrapped to it (a line too long
            for a small window goes on as many as it needs, never cut), its margins
            ``tight`` narrower."""
            self.shown = [part for line in self.lines
                          for part in theme.wrap(line, px(17), width - px(40))]
            return px(58) + len(self.shown) * line_h + gap + above_h + \
                button_rows * (bh + gap) + pad - 2 * tight

        # Large print: where the panel fits neither above nor below the middle row, wider
        # (its lines fewer), then with narrower margins.
        wide = min(layout.size[0] - 2 * layout.margin, round(w * layout.print_scale))
        shapes = [(w, 0)]
        if layout.print_scale > 1 and not self.columns:
            shapes += [(wide, 0), (wide, px(TIGHTER))]
        bands = layout.question_bands()
        for width, tight in shapes:
            h = height(width, tight)
            band = next((b for b in bands if b.height >= h), None)
            if band is not None:
                break
        else:
            width, tight = w, 0
            h = height(w, 0)
        w, self.tight = width, tight
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (round(layout.center[0]), round(layout.center[1]))
        if band is not None:  # the muestra and the pot stay in sight
            self.rect.centery = band.centery
        self.rect.clamp_ip(pygame.Rect((0, 0), layout.size))
        y = self.rect.y + px(58) - self.tight + len(self.shown) * line_h + gap
        if self.columns:
            cw = round(card_h * layout.aspect) + px(4)
            x0 = self.rect.centerx - cw * self.columns // 2
            for i, widget in enumerate(self.above):
                widget.rect = pygame.Rect(x0 + i % self.columns * cw,
                                          y + i // self.columns * (card_h + px(6)), cw - px(4),
                                          card_h)
            y += above_h
        else:
            for widget in self.above:
                widget.rect = pygame.Rect(self.rect.x + pad, y, w - 2 * pad, bh)
                widget.font_size = px(17)
                y += bh + gap
        per_row = -(-len(self.buttons) // max(1, button_rows))
        for i, button in enumerate(self.buttons):
            row, col = divmod(i, per_row)
            count = min(per_row, len(self.buttons) - row * per_row)
            bw = (w - 2 * pad - (count - 1) * gap) // count
            button.rect = pygame.Rect(self.rect.x + pad + col * (bw + gap),
                                      y + row * (bh + gap), bw, bh)
            button.font_size = px(16)

    def widget_for(self, action: Action) -> Widget | None:
        """The widget to press for ``action`` now (None: the panel does not offer it)."""
        return self.answers.get(action)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.focus.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        px, r = self.px, self.rect
        theme.panel(surface, r, px(16), theme.PANEL_SOLID, theme.GOLD, shadow=px(8))
        box = r.inflate(-px(40), 0)
        theme.draw_text(surface, _(self.title) if isinstance(self.title, str) else self.title(),
                        (r.centerx, r.y + px(16) - self.tight), px(24), theme.GOLD, bold=True,
                        anchor="midtop", serif=True, box=box)
        line_h = theme.font(px(17)).get_linesize()
        for i, line in enumerate(self.shown):
            theme.draw_text(surface, line, (r.centerx, r.y + px(58) - self.tight + i * line_h),
                            px(17),
                            theme.INK, anchor="midtop", box=box)
        self.focus.draw(surface)


def picker_for(actions: list[Action], obs: Observation, names: list[str], perform: Perform,
               cards: CardImages, doubles: int) -> Picker | None:
    """The panel that asks for one of ``actions``, or None when they are card plays (or a
    discard, chosen on the hand); ``doubles`` says how many were said this hand."""
    verbs = {a.verb for a in actions}
    if not verbs & QUESTION_VERBS:
        return None
    act = {a.verb: a for a in actions}
    passing: dict[Action, Widget] = {act[PASS]: Button(N_("Pass"), partial(
        perform, act[PASS]))} if PASS in act else {}
    if BID in verbs:
        return bidding(actions, obs, names, perform, passing)
    if "call" in verbs:
        return calling(actions, obs, perform, cards)
    if "trump" in verbs:
        return naming(actions, perform)

    if "double" in verbs:
        name = double_name(doubles)
        label = _("{double} (stakes ×{n})").format(double=name, n=obs.multiplier * 2)
        return answered(lambda: name + "?",
                        [_("Stakes now ×{n}").format(n=obs.multiplier),
                         double_meaning(doubles)],
                        {act["double"]: Button(lambda: label, partial(perform, act["double"]),
                                               primary=True), **passing})
    if "takeover" in verbs:
        top = top_bid(obs)
        line = _("{name} bid {n}: as dealer you may play it yourself").format(
            name=names[top[0]], n=top[1]) if top else ""
        return answered(N_("Take over the contract?"), [line],
                        {act["takeover"]: Button(N_("Take it over"),
                                                 partial(perform, act["takeover"]),
                                                 primary=True), **passing})
    if "acompano" in verbs:
        who = names[obs.declarer] if obs.declarer is not None else ""
        return answered(lambda: _("{name} plays").format(name=who),
                        [_("Acompaño: you must take at least one trick; pass and you fold")],
                        {act["acompano"]: Button(N_("Acompaño"),
                                                 partial(perform, act["acompano"]),
                                                 primary=True), **passing})
    return answered(N_("Will you play this hand?"), [juego_line(obs, bool(passing))],
                    {act["juego"]: Button(N_("Juego"), partial(perform, act["juego"]),
                                          primary=True), **passing})


def juego_line(obs: Observation, may_pass: bool) -> str:
    """What juego promises: the declarer's hand (Codillo, Bato), or, where each decides
    alone (``juego_each``), the tricks each player in must take, and a dealer who must
    join a lone player told so."""
    if obs.hand_phase != "juego_each":
        return _("Juego: you play it; pass and the next player is asked")
    if not may_pass:
        return _("Only one player is in: as dealer you must join him")
    n = obs.view.kit.commit_each
    return ngettext("Juego: you must take {n} trick; pass and you sit this hand out",
                    "Juego: you must take {n} tricks; pass and you sit this hand out",
                    n).format(n=n)


def answered(title: Label, lines: Sequence[str], answers: dict[Action, Widget]) -> Picker:
    """A panel of one button per answer, in the order given."""
    return Picker(title, lines, list(answers.values()), answers=answers)


def top_bid(obs: Observation) -> tuple[int, int] | None:
    """(seat, bid) of the highest bid so far, as the engine keeps it."""
    h = obs.view
    return (h.bidder, h.bid) if h.bidder >= 0 else None


class BidPicker(Picker):
    """Subastado's bidding: a stepper in fives and the button that bids the value shown."""

    def __init__(self, lines: Sequence[str], stepper: Choice[int], bid: Button,
                 passing: dict[Action, Widget]) -> None:
        super().__init__(N_("Your bid"), lines, [bid, *passing.values()], above=[stepper],
                         answers=passing)
        self.stepper = stepper
        self.bid = bid

    def widget_for(self, action: Action) -> Widget | None:
        """A bid is the stepper until it shows that bid, then the button that bids it."""
        if action.verb != BID or action.arg not in self.stepper.values:
            return super().widget_for(action)
        return self.bid if self.stepper.value == action.arg else self.stepper


def bidding(actions: list[Action], obs: Observation, names: list[str], perform: Perform,
            passing: dict[Action, Widget]) -> Picker:
    """Subastado: the top bid so far, a stepper in fives from the lowest allowed, pass."""
    values = [a.arg for a in actions if a.verb == BID]
    stepper: Choice[int] = Choice(N_("Your bid"), values, values[0], str, lambda _v: None)
    top = top_bid(obs)
    line = _("Top bid: {name}, {n}").format(name=names[top[0]], n=top[1]) if top else \
        _("No bids yet: the lowest is {n}").format(n=values[0])
    bid = Button(lambda: said(BID, stepper.value),
                 lambda: perform(Action(obs.seat, BID, stepper.value)), primary=True)
    stepper.confirm = bid.activate
    return BidPicker([line, _("Left and right change the bid, Enter bids it")], stepper, bid,
                     passing)


def naming(actions: list[Action], perform: Perform) -> Picker:
    """Four suits; in Butifarra also butifarra (no trumps) and delegating to the partner."""
    answers: dict[Action, Widget] = {a: SuitButton(a.arg, partial(perform, a))
                                     for a in actions if a.verb == "trump"}
    labels = {"butifarra": N_("Butifarra (no trumps)"), "delegate": N_("Delegate")}
    answers |= {a: Button(labels[a.verb], partial(perform, a)) for a in actions
                if a.verb in labels}
    lines = [_("Delegate: your partner names them")] if any(
        a.verb == "delegate" for a in actions) else []
    return answered(N_("Name trumps"), lines, answers)


def calling(actions: list[Action], obs: Observation, perform: Perform,
            cards: CardImages) -> Picker:
    """Codillo: every card not in the hand, by suit; its holder becomes the partner."""
    callable_cards = {a.arg: a for a in actions if a.verb == "call"}
    deck = sorted(set(callable_cards) | set(cards_of(obs.hand)))
    grid: list[Widget] = []
    answers: dict[Action, Widget] = {}
    for c in deck:
        button = CardButton(c, cards, partial(perform, callable_cards[c])
                            if c in callable_cards else lambda: None)
        button.enabled = c in callable_cards
        grid.append(button)
        if c in callable_cards:
            answers[callable_cards[c]] = button
    columns = max(1, len(deck) // 4)
    picker = Picker(N_("Call a partner"),
                    [_("Whoever holds the card you call plays with you, unknown until it is "
                       "played")], [], above=grid, columns=columns, answers=answers)
    picker.focus.focus_first()
    return picker
