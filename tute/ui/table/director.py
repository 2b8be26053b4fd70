"""Turns engine events into animations, one event at a time, and lands them on the view.

``feed`` queues the events of an action; ``update`` starts the next event's animations
whenever nothing blocking is running, so the table shows each play, trick and cante in
order while the engine has already moved on.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import partial

from tute.engine import events as ev
from tute.engine.actions import TAKEOVER
from tute.i18n import _
from tute.ui.shell.audio import Audio
from tute.ui.table import results, scoreboard
from tute.ui.table.animation import Animation, Banner, Bubble, ChipFlight, Flight, Hold, Pause
from tute.ui.table.view import HIDDEN, TableView, log_entries, sort_hand
from tute.ui.widgets.layout import Spot, TableLayout
from tute.ui.words import sayings as speech
from tute.ui.words import texts

# Seconds at normal speed.
DEAL_STEP = 0.045
DEAL_FLIGHT = 0.28
PLAY_FLIGHT = 0.32
TRICK_LOOK = 1.7
"""How long a finished trick stays, with who takes it, before it goes to the pile."""
SWEEP = 0.38
CANTE_HOLD = 1.0
CANTE_SHOW = 2.2
BANNER = 2.6
FLIP = 0.45
EXCHANGE = 0.6
SPEAK_HOLD = 0.7
SPEAK_SHOW = 1.6
CHIPS_FLIGHT = 0.55
CHIPS_STEP = 0.3
"""Between one pile of chips setting off and the next."""


class Director:
    def __init__(self, view: TableView, layout: TableLayout, audio: Audio, speed: float,
                 names: list[str], demo: bool, why: Callable[[ev.HandScored], str],
                 headline: Callable[[ev.HandScored], str], deck_size: int = 40) -> None:
        self.view = view
        self.why = why
        """A scored hand's reason line in its game's words (the result screen's too)."""
        self.headline = headline
        """A scored hand's headline in its game's words (the result screen's too)."""
        self.deck_size = deck_size
        self.stock_dealt = 0
        """The stock the hand being dealt leaves (the table tells it: the deal's events
        only say what each seat gets)."""
        self.layout = layout
        self.audio = audio
        self.speed = speed
        self.names = names
        self.human = None if demo else view.seat
        """The player's seat, whose sentences say "you"; None in a demo."""
        self.queue: deque[ev.Event] = deque()
        self.running: list[Animation] = []
        self.wait_for_click = False
        """Hold each finished trick until the player clicks (a setting for learners)."""
        self.race_to: int | None = None
        """A race to this total (Tute a dos to 101): a hand only adds points and loses
        nobody, so its banner tells the totals, which the next event brings."""
        self.scored: ev.HandScored | None = None
        """The race's hand scored, its banner waiting for the totals."""
        self.reached = False
        """The hand just stopped at its target, announced by its own banner."""
        self.buenas_above: int | None = None
        """Totals told in malas and buenas above this (the ruleset's ``ui``)."""
        self.ultimas = False
        """The last trick is called "diez de últimas" (the kit's ``ultimas``: a bonus the
        game counts)."""

        self.announce: Callable[[ev.Event], None] = lambda _e: None
        """Told each event as it starts on the table (speech says it)."""
        self.speaking: Callable[[], bool] = lambda: False
        """Speech is still saying an event: the next waits for it."""

    # ------------------------------------------------------------------ running
    def feed(self, events: list[ev.Event]) -> None:
        self.queue.extend(events)

    @property
    def busy(self) -> bool:
        """Something blocking is running or still queued: input and the engine wait."""
        return bool(self.queue) or any(a.blocking and not a.done for a in self.running)

    def update(self, dt: float) -> None:
        for anim in list(self.running):
            anim.update(dt)
        self.running = [a for a in self.running if not a.done]
        # Start events while nothing blocks; with instant speed a whole batch lands at once.
        for _attempt in range(200):
            if not self.queue or any(a.blocking for a in self.running) or self.speaking():
                break
            self.start(self.queue.popleft())
            for anim in list(self.running):
                anim.update(0.0)
            self.running = [a for a in self.running if not a.done]

    @property
    def animating(self) -> bool:
        """Anything on screen is moving or waiting to: the table must be redrawn."""
        held = [a for a in self.running if isinstance(a, Hold) and a.waiting]
        return len(self.running) > len(held) or bool(self.queue and not held)

    def finish_all(self) -> None:
        """Land everything now (a resize or leaving the table)."""
        while self.queue or self.running:
            anims, self.running = self.running, []
            for anim in anims:
                anim.finish()  # may add what follows it (a held trick adds its sweep)
            if self.queue and not self.running:
                self.start(self.queue.popleft())

    def release(self) -> bool:
        """The player clicked: a trick held for them goes on. True when one was held."""
        held = [a for a in self.running if isinstance(a, Hold) and a.waiting]
        for anim in held:
            anim.release()
        return bool(held)

    def t(self, seconds: float) -> float:
        return seconds * self.speed

    def add(self, anim: Animation) -> None:
        self.running.append(anim)

    def sound(self, name: str, volume: float = 1.0) -> Callable[[], None]:
        return lambda: self.audio.play(name, volume)

    # ------------------------------------------------------------------ events
    def start(self, e: ev.Event) -> None:
        """The event's animations; its lines join the play log as it starts (after a new
        hand has cleared the log), read from the event as a resumed hand's are."""
        handler = getattr(self, "on_" + type(e).__name__, None)
        if handler is not None:
            handler(e)
        self.view.log += log_entries(e, self.view.log, bool(self.view.chips))
        self.announce(e)

    def on_HandStarted(self, e: ev.HandStarted) -> None:
        self.view.start_hand(e)
        self.audio.play("shuffle")
        self.add(Pause(self.t(0.9)))

    def on_CardsDealt(self, e: ev.CardsDealt) -> None:
        """Gather the hand's deal and send the cards one by one round the table."""
        dealt = [e]
        while self.queue and isinstance(self.queue[0], ev.CardsDealt):
            nxt = self.queue.popleft()
            assert isinstance(nxt, ev.CardsDealt)
            dealt.append(nxt)
        view, lay = self.view, self.layout
        for d in dealt:
            view.deal(d)
        origin = lay.deal_from(view.dealer)
        per = max(len(d.cards) for d in dealt)
        hand_spots = lay.hand(per)
        step = 0
        for i in range(per):
            for d in dealt:
                if i >= len(d.cards):
                    continue
                seat, card = d.seat, d.cards[i]
                if seat == view.seat:
                    target = hand_spots[view.hand.index(card)]
                    face, height = card, lay.card_h
                else:
                    target = lay.fan(seat, per)[i]
                    face, height = HIDDEN, lay.small_h
                self.add(Flight(face, origin, target, (lay.small_h, height), self.t(DEAL_FLIGHT),
                                delay=self.t(DEAL_STEP) * step,
                                on_start=self.sound("deal", 0.35) if step % 3 == 0 else None,
                                on_done=partial(view.land, seat, card)))
                step += 1
        undealt = self.deck_size - sum(len(d.cards) for d in dealt)
        if self.stock_dealt:
            stock = self.stock_dealt
            self.add(Flight(HIDDEN, origin, lay.stock_spot(), (lay.small_h, lay.stock_h),
                            self.t(DEAL_FLIGHT), delay=self.t(DEAL_STEP) * step,
                            on_done=lambda: setattr(view, "stock", stock)))
        elif undealt == 1:
            self.add(Flight(HIDDEN, origin, lay.table_card_spot(), (lay.small_h, lay.trick_h),
                            self.t(DEAL_FLIGHT), delay=self.t(DEAL_STEP) * step,
                            on_done=lambda: setattr(view, "table_card", HIDDEN)))

    def on_TrumpShown(self, e: ev.TrumpShown) -> None:
        view, lay = self.view, self.layout
        if e.card is None:
            view.show_trump(e)
            self.add(Pause(self.t(0.4)))
            return
        if e.holder is None:
            spot = lay.table_card_spot()
            self.add(Flight(e.card, spot, spot, (lay.trick_h, lay.trick_h), self.t(FLIP),
                            flip=view.table_card == HIDDEN, on_done=lambda: view.show_trump(e)))
            return
        start = self.hand_spot(e.holder, e.card)
        panel = lay.trump_panel()
        end = Spot(panel.right + panel.height * 0.4, panel.centery, -8)
        self.add(Flight(e.card, start, end, (lay.small_h, panel.height), self.t(FLIP * 1.6),
                        arc=lay.card_h * 0.3, on_done=lambda: view.show_trump(e)))
        self.add(Pause(self.t(0.5) + self.t(FLIP * 1.6)))

    def on_Exchanged(self, e: ev.Exchanged) -> None:
        """The card given lies face up out of play (face down, and seen by its giver only,
        when ``given_down``: nothing is left on the table); the one taken goes to the hand."""
        view, lay = self.view, self.layout
        table = lay.table_card_spot()
        slot = self.hand_spot(e.seat, e.gave)
        mine = e.seat == view.seat
        gave = HIDDEN if e.given_down and not mine else e.gave
        height = lay.card_h if mine else lay.small_h
        lying = view.table_card if view.table_card is not None else HIDDEN

        def swap() -> None:
            view.give_away(e.seat, e.gave)
            view.table_card = None

        self.add(Flight(gave, slot, table, (height, lay.trick_h), self.t(EXCHANGE),
                        on_start=swap, on_done=partial(view.exchange, e)))
        self.add(Flight(lying, table, slot, (lay.trick_h, height), self.t(EXCHANGE)))
        call = texts.took_turned() if e.given_down else texts.exchange_call(e.gave)
        self.add(Bubble(e.seat, call, self.t(0.9), self.t(1.8)))

    def on_CardPlayed(self, e: ev.CardPlayed) -> None:
        view, lay = self.view, self.layout
        start = self.hand_spot(e.seat, e.card)
        height = lay.card_h if e.seat == view.seat else lay.small_h
        self.add(Flight(e.card, start, lay.trick_spot(e.seat), (height, lay.trick_h),
                        self.t(PLAY_FLIGHT), on_start=lambda: view.take_from_hand(e.seat, e.card),
                        on_done=partial(view.put_on_trick, e)))
        self.audio.play("play")

    def on_TrickTaken(self, e: ev.TrickTaken) -> None:
        """The trick stays with its winning card lit and who takes it written under it,
        then goes face down to the winner's pile. Taken with no card on the table, it is
        Bato's juego that everyone folded on: no trick was played, no diez is won."""
        wait = self.wait_for_click and self.human is not None
        hint = _("Click or press Space to go on") if wait else _("L: see the last trick again")
        if not self.view.trick:
            kind = "unopposed_pot" if self.view.chips else "unopposed"
            self.add(Hold(self.t(TRICK_LOOK), texts.deed(kind, e.seat, self.names, self.human),
                          _("Click or press Space to go on") if wait else "", wait))
            return
        caption = texts.deed("takes", e.seat, self.names, self.human)
        self.add(Hold(self.t(TRICK_LOOK), caption, hint, wait,
                      on_done=partial(self.sweep, e)))
        if e.last and self.ultimas:
            self.add(Bubble(e.seat, texts.last_trick_call(), self.t(0.3), self.t(1.6)))

    def sweep(self, e: ev.TrickTaken) -> None:
        view, lay = self.view, self.layout
        pile = lay.pile_spot(e.seat)
        plays = list(view.trick)

        def gather() -> None:
            view.trick.clear()
            self.audio.play("trick")

        for i, (seat, _card) in enumerate(plays):
            last = i == len(plays) - 1
            self.add(Flight(HIDDEN, lay.trick_spot(seat), pile, (lay.trick_h, lay.pile_h),
                            self.t(SWEEP), on_start=gather if i == 0 else None,
                            on_done=partial(view.take_trick, e, plays) if last else None))

    def on_Sung(self, e: ev.Sung) -> None:
        self.view.sing(e)
        self.audio.play("cante")
        call = texts.cante_call(e.cante, e.forced)
        if e.holder is not None and e.holder != e.seat:
            call = _("{call} for the team").format(call=call)
        self.add(Bubble(e.seat, call, self.t(CANTE_HOLD), self.t(CANTE_SHOW)))

    # ------------------------------------------------------------------ before the play
    def on_Spoke(self, e: ev.Spoke) -> None:
        words = speech.said(e.verb, e.arg, self.view.doubles)
        self.view.speak(e)
        if e.verb != TAKEOVER:  # the takeover that follows says it, with its figures
            self.add(Bubble(e.seat, words, self.t(SPEAK_HOLD), self.t(SPEAK_SHOW)))

    def on_TakenOver(self, e: ev.TakenOver) -> None:
        """Subastado's takeover, announced with its figures (by the dealer, on the table
        and, through ``log_entries``, in the play log): the bidder's cards fly to the
        dealer, face up only to the player who holds them; the bidder sits out."""
        view, lay = self.view, self.layout
        self.add(Bubble(e.dealer, _("I take it over: I play for {n}!").format(n=e.contract),
                        self.t(SPEAK_HOLD), self.t(CANTE_SHOW)))
        count, mine = len(e.cards), e.dealer == view.seat
        if e.bidder == view.seat:
            starts, faces, start_h = lay.hand(len(view.hand)), list(view.hand), lay.card_h
        else:
            starts, faces, start_h = lay.fan(e.bidder, count), [HIDDEN] * count, lay.small_h
        view.take_over(e.dealer, e.bidder, list(e.cards) if mine else None)
        view.counts[e.dealer] = 0  # the cards count as they land
        if mine:
            view.landed = set()
        ends = lay.hand(count) if mine else lay.fan(e.dealer, count)
        for i, card in enumerate(e.cards):
            end = ends[view.hand.index(card)] if mine else ends[i]
            self.add(Flight(card if mine else faces[i], starts[i], end,
                            (start_h, lay.card_h if mine else lay.small_h),
                            self.t(DEAL_FLIGHT * 1.5), delay=self.t(DEAL_STEP * 2) * i,
                            flip=mine, on_start=self.sound("deal", 0.35) if i % 3 == 0 else None,
                            on_done=partial(view.land, e.dealer, card)))
        # After the cards, so that it is drawn over them as they fly.
        self.add(Hold(self.t(TRICK_LOOK), texts.takeover_line(e, self.names, self.human), "",
                      False))

    def on_ContractSet(self, e: ev.ContractSet) -> None:
        self.view.set_contract(e)
        self.add(Pause(self.t(0.3)))

    def on_PartnerRevealed(self, e: ev.PartnerRevealed) -> None:
        self.view.partner = e.seat
        call = texts.deed("partner", e.seat, self.names, self.human)
        self.add(Bubble(e.seat, call, self.t(CANTE_HOLD), self.t(CANTE_SHOW)))

    def on_HandVoided(self, _e: ev.HandVoided) -> None:
        self.view.voided = True
        self.add(Banner(_("Everyone passed"), _("The hand is not played"), "", self.t(BANNER)))

    def on_ChipsMoved(self, e: ev.ChipsMoved) -> None:
        """A pile of chips slides between the pot and a player: the ante into the pot, a
        share of the pot to the winner of each trick, what a bateado pays into the next
        pot. The next pile sets off a moment later; the counts follow the piles."""
        if not self.view.chips:  # the match's first ante: its figures come with the chips
            return
        lay, seat, amount = self.layout, e.seat, e.amount
        pot, purse = lay.pot_spot(), lay.purse_spot(seat)
        self.add(ChipFlight(abs(amount), *((pot, purse) if amount > 0 else (purse, pot)),
                            self.t(CHIPS_FLIGHT), hold=self.t(CHIPS_STEP),
                            on_start=partial(self.chips_leave, seat, amount),
                            on_done=partial(self.chips_land, seat, amount)))

    def on_ChipsChanged(self, e: ev.ChipsChanged) -> None:
        """The event's figures stand once the last pile has landed."""
        left = max((a.duration - a.elapsed for a in self.running if isinstance(a, ChipFlight)),
                   default=0.0)
        self.add(Pause(max(0.0, left), on_done=partial(self.view.set_chips, e)))

    def chips_leave(self, seat: int, amount: int) -> None:
        if amount > 0:
            self.view.pot -= amount
        else:
            self.view.chips[seat] += amount
        self.audio.play("deal", 0.5)

    def chips_land(self, seat: int, amount: int) -> None:
        if amount > 0:
            self.view.chips[seat] += amount
        else:
            self.view.pot -= amount

    def on_TotalsChanged(self, e: ev.TotalsChanged) -> None:
        self.view.totals = list(e.totals)
        scored, self.scored = self.scored, None
        if scored is not None and self.race_to is not None:
            labels = scoreboard.side_names(self.view, self.names, len(e.totals))
            self.add(Banner(results.headline(scored.reason), results.race_line(e.totals, labels),
                            results.race_rule(self.race_to), self.t(BANNER)))

    def on_DuelStarted(self, e: ev.DuelStarted) -> None:
        self.view.duel = True
        who = texts.names_list([self.names[s] for s in e.seats])
        self.add(Banner(_("Final duel"), who,
                        _("Two are left: Tute a dos until one loses a hand"), self.t(BANNER)))

    # ------------------------------------------------------------------ the stock
    def on_CardDrawn(self, e: ev.CardDrawn) -> None:
        """A card flies from the stock to the hand: face up to its own player (and the
        muestra, the last, to everyone)."""
        view, lay = self.view, self.layout
        mine = e.seat == view.seat
        if mine and e.card != HIDDEN:
            hand = sort_hand([*view.hand, e.card], view.trump, view.strength)
            target = lay.hand(len(hand))[hand.index(e.card)]
        else:
            fan = lay.fan(e.seat, view.counts[e.seat] + 1)
            target = fan[-1]
        start, start_h = ((lay.table_card_spot(), lay.trick_h) if e.public
                          else (lay.stock_spot(), lay.stock_h))
        self.add(Flight(e.card, start, target, (start_h, lay.card_h if mine else lay.small_h),
                        self.t(PLAY_FLIGHT), on_done=partial(view.draw_card, e)))
        self.audio.play("deal", 0.5)

    def on_StockEmptied(self, e: ev.StockEmptied) -> None:
        self.view.arrastre = True
        self.add(Banner(_("Arrastre!"), _("The stock is gone"),
                        texts.after_stock(e.obligations, self.view.teams), self.t(BANNER)))

    def on_Discarded(self, e: ev.Discarded) -> None:
        view, lay = self.view, self.layout
        spots = [self.hand_spot(e.seat, c) for c in e.cards]
        height = lay.card_h if e.seat == view.seat else lay.small_h
        for i, (c, spot) in enumerate(zip(e.cards, spots, strict=True)):
            last = i == len(spots) - 1
            self.add(Flight(HIDDEN if c == HIDDEN else c, spot, lay.discard_spot(),
                            (height, lay.pile_h), self.t(PLAY_FLIGHT),
                            on_start=partial(view.discard, e) if i == 0 else None))
            if last:
                self.add(Pause(self.t(PLAY_FLIGHT)))
        if not e.cards:
            self.add(Bubble(e.seat, _("I keep my cards"), self.t(SPEAK_HOLD), self.t(SPEAK_SHOW)))

    def on_Accused(self, e: ev.Accused) -> None:
        call = texts.deed("accused", e.accused, self.names, self.human)
        self.add(Bubble(e.accuser, call, self.t(CANTE_HOLD), self.t(CANTE_SHOW)))

    def on_TargetReached(self, e: ev.TargetReached) -> None:
        """A side's total reached the target during the hand: it stops at once, and the
        banner says so (the hand's own banner would only repeat it)."""
        self.reached = True
        self.add(Banner(results.headline("101"),  # the scoring's reason for a side there
                        results.side_words(results.PARTIDA, e.side, self.names, self.human,
                                           self.view.teams),
                        _("{total}: the hand stops here").format(
                            total=texts.tally(e.total, self.buenas_above)),
                        self.t(BANNER)))

    def on_HandScored(self, e: ev.HandScored) -> None:
        view = self.view
        view.score(e)
        self.audio.play("hand_end")
        if self.reached:  # told by the target's banner
            self.reached = False
            return
        if self.race_to is not None:
            self.scored = e
            return
        self.add(Banner(self.headline(e),
                        texts.losers_line(list(e.losers), self.names, self.human)
                        if e.losers else "",
                        self.why(e), self.t(BANNER)))

    def on_MarksChanged(self, e: ev.MarksChanged) -> None:
        self.view.set_marks(e)

    def on_PlayerRetired(self, e: ev.PlayerRetired) -> None:
        self.view.retire(e)

    def on_MatchOver(self, e: ev.MatchOver) -> None:
        self.view.over = e

    # ------------------------------------------------------------------ places
    def hand_spot(self, seat: int, card: int) -> Spot:
        """Where ``card`` is in ``seat``'s hand on screen now."""
        view, lay = self.view, self.layout
        if seat == view.seat and card in view.hand:
            return lay.hand(len(view.hand))[view.hand.index(card)]
        fan = lay.fan(seat, max(1, view.counts[seat]))
        return fan[len(fan) // 2]
