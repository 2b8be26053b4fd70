"""The tables' moving parts: Bato's chips flying between the pot and the players, Bato's
hand result, Subastado's takeover handing the bidder's cards to the dealer, and the deck
changed in the middle of a match."""

from __future__ import annotations

import random
from typing import TypeVar

from engine_helpers import new_game
from ui_helpers import frames, run_until, table, top

from tute.cards import cards_of
from tute.engine import DEAL
from tute.engine import events as ev
from tute.engine.actions import parse_action
from tute.ui import results, theme
from tute.ui.animation import Animation, ChipFlight, Flight
from tute.ui.app import App
from tute.ui.scenes.hand_result import HandResultScene
from tute.ui.scenes.settings import SettingsScene
from tute.ui.scenes.table import TableScene
from tute.ui.widgets import Choice

A = TypeVar("A", bound=Animation)


def watch(scene: TableScene, kind: type[A]) -> list[A]:
    """Every animation of ``kind`` the table starts from now on."""
    seen: list[A] = []
    add = scene.director.add

    def spy(anim: Animation) -> None:
        if isinstance(anim, kind):
            seen.append(anim)
        add(anim)

    scene.director.add = spy  # type: ignore[method-assign]
    return seen


# --- Bato's chips ---------------------------------------------------------------------------
def test_the_ante_flies_into_the_pot_as_a_pile_of_chips(app: App) -> None:
    app.settings.animation = "normal"
    scene = table(app, players=4, rules="bato", seed=2)
    flights = watch(scene, ChipFlight)
    view = scene.view
    run_until(app, lambda: bool(flights) and flights[0].started)
    frames(app, 5)
    pile = flights[0]
    assert not pile.done and pile.count == 4
    dealer = scene.session.game.hand.dealer
    assert pile.end_spot == scene.layout.pot_spot()
    assert pile.start_spot == scene.layout.purse_spot(dealer)
    assert view.chips[dealer] == 26 and view.pot == 0  # left the player, not yet in the pot
    run_until(app, lambda: pile.done)
    assert view.pot == 4


def test_each_trick_wins_a_quarter_of_the_pot_and_a_bateado_pays_the_next(app: App) -> None:
    scene = table(app, players=6, rules="bato", seed=3, demo=True)
    flights = watch(scene, ChipFlight)
    game = scene.session.game
    for _hand in range(12):
        run_until(app, lambda: isinstance(top(app), HandResultScene))
        summary = game.summaries[-1].to_json()
        if summary.get("bateados"):
            break
        flights.clear()
        top(app).close()  # type: ignore[attr-defined]
    else:
        raise AssertionError("nobody was bateado")
    pot = scene.layout.pot_spot()
    ante, flights[:] = flights[0], flights[1:]
    assert ante.start_spot == scene.layout.purse_spot(game.hand.dealer) and ante.end_spot == pot
    won = [sum(f.count for f in flights if f.start_spot == pot
               and f.end_spot == scene.layout.purse_spot(s)) for s in range(6)]
    paid = [sum(f.count for f in flights if f.end_spot == pot
                and f.start_spot == scene.layout.purse_spot(s)) for s in range(6)]
    share = summary["pot"] // 4  # type: ignore[operator]
    quarters = [f.count for f in flights if f.start_spot == pot]
    assert quarters and set(quarters) == {share}
    assert won == summary["won"]
    assert paid == results.chips_paid([h.to_json() for h in game.summaries], 30)
    assert any(paid) and scene.view.chips == game.ledger.chips
    assert scene.view.pot == game.ledger.pot


def test_what_bateados_paid_adds_up_to_the_next_pot() -> None:
    rng = random.Random(5)
    game = new_game(5, "bato", 11)
    summaries: list[dict[str, object]] = []
    paid_any = False
    for _hand in range(15):
        if game.is_over:
            break
        game.deal()
        while game.phase not in (DEAL, "over"):
            game.apply(rng.choice(game.legal_actions()))
        summaries.append(game.summaries[-1].to_json())
        hand = summaries[-1]
        paid = results.chips_paid(summaries, 30)
        won, chips, pot = hand["won"], hand["chips"], hand["pot"]
        assert isinstance(won, list) and isinstance(chips, list) and isinstance(pot, int)
        assert sum(paid) == hand["next_pot"] - pot + sum(won)  # type: ignore[operator]
        for seat, amount in enumerate(paid):  # a bateado pays the pot, or all he has left
            bateado = seat in hand["bateados"]  # type: ignore[operator]
            assert bool(amount) == bateado and 0 <= amount <= pot
            assert amount == pot or not bateado or chips[seat] == 0
        paid_any = paid_any or any(paid)
    assert paid_any


def sheet(app: App, scene: HandResultScene) -> list[str]:
    """The texts the result panel draws."""
    theme.fit_log = []
    try:
        scene.draw(app.screen)
        return [message for message, *_rest in theme.fit_log]
    finally:
        theme.fit_log = None


def test_batos_result_shows_tricks_promised_and_chips_not_points(app: App) -> None:
    scene = table(app, players=6, rules="bato", seed=3, demo=True)
    game = scene.session.game
    for _hand in range(12):
        run_until(app, lambda: isinstance(top(app), HandResultScene))
        if game.summaries[-1].extra.get("bateados"):
            break
        top(app).close()  # type: ignore[attr-defined]
    result = top(app)
    assert isinstance(result, HandResultScene)
    texts = sheet(app, result)
    assert "Promised" in texts and "Won · chips" in texts
    assert "Points" not in texts and "Cantes" not in texts
    bateado = game.summaries[-1].extra["bateados"][0]  # type: ignore[index]
    assert f"Bateado: pays {result.paid[bateado]}" in texts and "Kept his word" in texts


def test_cabreros_result_keeps_its_points_and_cantes(app: App) -> None:
    scene = table(app, players=4, seed=1, demo=True)
    run_until(app, lambda: isinstance(top(app), HandResultScene))
    result = top(app)
    assert isinstance(result, HandResultScene) and not result.chips
    texts = sheet(app, result)
    assert "Points" in texts and "Cantes" in texts and "Promised" not in texts
    assert scene.view.chips == []


# --- Subastado's takeover -------------------------------------------------------------------
def test_the_takeover_event_shows_the_cards_to_the_dealer_only() -> None:
    game = new_game(4, "subastado", 0)
    game.deal()
    held = game.hands[0]
    events = []
    for text in ("0 bid 50", "1 pass", "2 pass", "3 takeover"):
        events += game.apply(parse_action(text, 4))
    taken = [e for e in events if isinstance(e, ev.TakenOver)]
    assert len(taken) == 1
    event = taken[0].for_seat(3)
    assert isinstance(event, ev.TakenOver) and (event.dealer, event.bidder) == (3, 0)
    assert sum(1 << c for c in event.cards) == held == game.hands[3]
    for seat in (0, 1, 2):
        seen = taken[0].for_seat(seat)
        assert isinstance(seen, ev.TakenOver) and seen.cards == (ev.HIDDEN,) * 12


def scripted(scene: TableScene, *actions: str) -> None:
    """Say these actions for their seats, computers included, as the engine takes them."""
    for text in actions:
        scene.played(scene.session.apply(parse_action(text, 4)))


def test_the_bidders_cards_fly_to_the_dealer_who_takes_over(app: App) -> None:
    app.settings.animation = "normal"
    scene = table(app, players=4, rules="subastado", seed=1)
    view = scene.view
    run_until(app, lambda: scene.can_play)  # the player is mano, the dealer seat 3
    flights = watch(scene, Flight)
    scripted(scene, "0 bid 50", "1 pass", "2 pass", "3 takeover")
    run_until(app, lambda: len(flights) == 12 and flights[0].started)
    assert view.hand == [] and view.counts[3] < 12 and view.sitting_out == 0
    assert {f.end_spot for f in flights} == set(scene.layout.fan(3, 12))
    run_until(app, lambda: all(f.done for f in flights))
    assert view.counts[3] == 12 and 3 in view.playing and 0 not in view.playing


def test_the_player_who_takes_over_gets_the_bidders_cards_face_up(app: App) -> None:
    app.settings.animation = "normal"
    scene = table(app, players=4, rules="subastado", seed=1)
    view = scene.view
    run_until(app, lambda: scene.can_play)
    scripted(scene, "0 pass", "1 pass", "2 pass")  # a void hand: the player deals the next
    run_until(app, lambda: view.hand_number == 2 and not scene.director.busy)  # dealt
    flights = watch(scene, Flight)
    scripted(scene, "1 bid 60", "2 pass", "3 pass", "0 takeover")
    run_until(app, lambda: len(flights) == 12 and flights[0].started)
    assert view.counts[1] == 0 and len(view.landed) < 12
    spots = scene.layout.hand(12)
    assert all(f.flip and f.card == view.hand[spots.index(f.end_spot)]
               for f in flights)
    run_until(app, lambda: all(f.done for f in flights))
    assert sorted(view.hand) == cards_of(scene.session.game.observation(0).hand)
    assert view.landed == set(view.hand) and view.sitting_out == 1


# --- the deck changed during a match --------------------------------------------------------
def test_the_deck_and_back_change_at_the_table_at_once(app: App) -> None:
    scene = table(app, players=4, seed=1)
    run_until(app, lambda: scene.can_play)
    frames(app)
    card = scene.card_point(scene.view.hand[0])
    before = app.screen.get_at(card)
    back = app.screen.copy()
    scene.open_settings()
    settings = top(app)
    assert isinstance(settings, SettingsScene)
    rows = {r.label: r for r in settings.rows if isinstance(r, Choice)}
    deck, backs = rows["Deck"], rows["Card back"]
    deck.adjust(1)
    backs.adjust(1)
    assert (app.settings.deck_style, app.settings.card_back) == (deck.value, backs.value)
    settings.close()
    frames(app)
    assert top(app) is scene and scene.painter.cards is app.cards
    assert app.cards.art.style == deck.value  # type: ignore[attr-defined]
    assert app.cards.art.back_name == backs.value  # type: ignore[attr-defined]
    changed = sum(1 for x in range(0, app.size[0], 16) for y in range(0, app.size[1], 16)
                  if app.screen.get_at((x, y)) != back.get_at((x, y)))
    assert changed > 50 and app.screen.get_at(card) != before
