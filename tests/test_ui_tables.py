"""The tables' moving parts: Bato's chips flying between the pot and the players, Bato's
hand result, Subastado's takeover handing the bidder's cards to the dealer, and the deck:
each table draws its own, whatever Settings say."""

from __future__ import annotations

import random

import pygame
import pytest
from engine_helpers import new_game
from ui_helpers import frames, make_app, press, run_until, table, top, watch

from tute import store
from tute.cards import cards_of
from tute.engine import DEAL
from tute.engine import events as ev
from tute.engine.actions import parse_action
from tute.engine.record import hand_events
from tute.i18n import _
from tute.ui.menus.begin import resume_match
from tute.ui.menus.new_game import NewGameScene
from tute.ui.menus.settings import SettingsScene
from tute.ui.shell.app import App
from tute.ui.table import results
from tute.ui.table.animation import Banner, Bubble, ChipFlight, Flight, Hold
from tute.ui.table.hand_result import HandResultScene
from tute.ui.table.play_log import log_lines
from tute.ui.table.scene import TableScene
from tute.ui.table.view import TableView, hand_log
from tute.ui.widgets import theme
from tute.ui.widgets.controls import Choice
from tute.ui.widgets.layout import TableLayout
from tute.ui.words import sayings as speech
from tute.ui.words import texts
from tute.ui.words.texts import deed, takeover_line


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
        scene.perform(parse_action(text, 4))


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


# --- the deck: the table's own ----------------------------------------------------------------
def test_the_back_changes_at_the_table_at_once_and_the_deck_stays_the_matchs(app: App
                                                                              ) -> None:
    """Settings' deck is the default for new games: the match on the table keeps its
    pattern; the back is one for every table and changes at once."""
    scene = table(app, players=4, seed=1)
    run_until(app, lambda: scene.can_play)
    frames(app)
    assert scene.session.deck == "spanish"
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
    assert top(app) is scene and scene.painter.cards is scene.cards
    assert scene.cards.art.style == "spanish"  # type: ignore[attr-defined]
    assert scene.cards.art.back_name == backs.value  # type: ignore[attr-defined]
    changed = sum(1 for x in range(0, app.size[0], 16) for y in range(0, app.size[1], 16)
                  if app.screen.get_at((x, y)) != back.get_at((x, y)))
    assert changed > 50  # the backs of the others' hands


def test_each_table_draws_the_deck_its_setup_names(app: App) -> None:
    """Butifarra chosen on the new-game screen is drawn Catalan from its first frame; the
    Cabrero after it Spanish; Settings' deck is never switched by either; a saved match
    comes back with its own deck."""
    app.settings.deck_style = "spanish"
    choose = NewGameScene(app, "butifarra")
    app.replace_all(choose)
    assert choose.deck == "catalan"
    choose.start()
    board = top(app)
    assert isinstance(board, TableScene)
    assert board.cards.art.style == "catalan"  # type: ignore[attr-defined]
    assert app.settings.deck_style == "spanish"
    board.controller.autosave()
    saved = store.load_match()[0]
    assert saved is not None and saved.deck == "catalan"
    choose = NewGameScene(app, "cabrero")
    app.replace_all(choose)
    assert choose.deck == "spanish"
    store.clear_match()
    choose.start()
    board = top(app)
    assert isinstance(board, TableScene)
    assert board.cards.art.style == "spanish"  # type: ignore[attr-defined]
    assert app.settings.deck_style == "spanish"
    resume_match(app, store.SavedMatch(record=saved.record, level="easy", deck="catalan"))
    board = top(app)
    assert isinstance(board, TableScene) and board.session.game.rules.id == "butifarra"
    assert board.cards.art.style == "catalan"  # type: ignore[attr-defined]


def test_the_settings_deck_is_the_default_of_games_without_their_own(app: App) -> None:
    app.settings.deck_style = "catalan"
    assert NewGameScene(app, "cabrero").deck == "catalan"
    scene = table(app, players=4)
    assert scene.cards.art.style == "catalan"  # type: ignore[attr-defined]


# --- Bato: everyone folds -------------------------------------------------------------------
def test_every_julepe_passer_is_out_on_the_plates_and_the_result_sheet(app: App) -> None:
    """§13: "those who pass take no further part" — the first pass, before anyone is in,
    as much as a pass after a juego: the plate dimmed and the sheet saying "Folded", never
    "Kept his word" for a player who did not play."""
    scene = table(app, players=4, rules="julepe", seed=5, demo=True)
    run_until(app, lambda: isinstance(top(app), HandResultScene))
    result = top(app)
    assert isinstance(result, HandResultScene)
    auction = scene.session.game.summaries[-1].to_json()["auction"]
    passers = {int(said.split()[0]) for said in auction if said.endswith(" pass")}
    assert auction[0] == "0 pass" and len(passers) == 2  # the mano passed first
    assert scene.view.folded == passers
    for seat in range(4):
        assert (result.status(seat)[0] == _("Folded")) == (seat in passers), seat
    dimmed: dict[int, bool] = {}
    draw = scene.painter.cards.draw

    def spy(surface: pygame.Surface, card: int, *args: object, **kw: object) -> None:
        dimmed[card] = bool(kw.get("dim"))
        draw(surface, card, *args, **kw)  # type: ignore[arg-type]

    scene.painter.cards.draw = spy  # type: ignore[method-assign]
    scene.painter.still_key = None
    scene.draw(app.screen)
    assert scene.view.hand and all(dimmed[c] for c in scene.view.hand)  # his cards set down


def test_a_resumed_hand_keeps_its_folded_seats_out() -> None:
    """The table drawn afresh from the game (a resumed match) dims the same seats as the
    table that watched the auction: Julepe's passers, Bato's folds, from the engine."""
    for rules, said, out in (("julepe", ("0 pass", "1 juego", "2 pass", "3 juego"), {0, 2}),
                             ("bato", ("0 pass", "1 juego", "2 acompano", "3 pass"), {3})):
        game = new_game(4, rules, 1)
        game.deal()
        for text in said:
            game.apply(parse_action(text, 4))
        assert TableView.from_observation(game.observation(0)).folded == out, rules


def test_when_everyone_folds_the_declarer_takes_the_pot_and_no_diez(app: App) -> None:
    """Bato's juego that nobody accompanies: no card is played, so the table says the
    declarer takes the pot, and nothing of the diez de últimas or of a trick."""
    scene = table(app, players=4, rules="bato", seed=1)
    run_until(app, lambda: scene.can_play)
    holds, bubbles = watch(scene, Hold), watch(scene, Bubble)
    scripted(scene, "0 juego", "1 pass", "2 pass", "3 pass")
    run_until(app, lambda: bool(holds))
    assert [h.caption for h in holds] == ["Everyone folded: you take the pot"]
    assert "L: see the last trick again" not in holds[0].hint
    assert log_lines(scene.view.log, scene.names, 0) == [
        ("Everyone folded: you take the pot", True)]  # the play log says it too
    run_until(app, lambda: isinstance(top(app), HandResultScene))
    said = [b.message for b in bubbles]
    assert "Diez de últimas!" not in said
    assert deed("unopposed_pot", 2, scene.names, 0) == (
        f"Everyone folded: {scene.names[2]} takes the pot")


def test_the_takeover_is_announced_with_its_figures(app: App) -> None:
    """Subastado's dealer's takeover (docs/rules.md, Subastado: the bid + 10 at double
    stakes) is said in a bubble, on the table and in the play log."""
    scene = table(app, players=4, rules="subastado", seed=1)
    run_until(app, lambda: scene.can_play)  # the player is mano, the dealer seat 3
    holds, bubbles = watch(scene, Hold), watch(scene, Bubble)
    scripted(scene, "0 bid 60", "1 pass", "2 pass", "3 takeover")
    run_until(app, lambda: bool(holds))
    line = "Lola takes over your 60 and plays for 70 at double stakes (140 a player)"
    assert holds[0].caption == line
    assert [b.message for b in bubbles if b.seat == 3] == ["I take it over: I play for 70!"]
    assert (line, True) in log_lines(scene.view.log, scene.names, 0)
    taken = ev.TakenOver(3, 1, (), 60, 70, 140)
    assert takeover_line(taken, scene.names, 0) == (
        "Lola takes over Carmen's 60 and plays for 70 at double stakes (140 a player)")
    assert takeover_line(taken, scene.names, 3).startswith("You take over Carmen's 60 and play")


def test_a_match_resumed_after_a_takeover_keeps_it_in_the_play_log() -> None:
    """The play log of a subastado hand resumed mid-play is told again from the hand's
    events (the match replayed from its record): the takeover heads it, before the
    tricks."""
    game = new_game(4, "subastado", 0)
    game.deal()
    for text in ("0 bid 50", "1 bid 60", "2 pass", "3 takeover"):
        game.apply(parse_action(text, 4))
    while len(game.observation(0).tricks) < 2:
        game.apply(game.legal_actions()[0])
    names = ["You", "Carmen", "Paco", "Lola"]
    lines = log_lines(hand_log([e.for_seat(0) for e in hand_events(game)], False), names, 0)
    assert lines[0] == (
        "Lola takes over Carmen's 60 and plays for 70 at double stakes (140 a player)", True)
    assert [heads for _line, heads in lines].count(True) == 3  # the takeover, two tricks


# --- the player's name follows the language -------------------------------------------------
def test_the_result_names_the_player_in_the_language_just_chosen(app: App) -> None:
    """A hand's result open in Spanish, the language changed to Catalan from its menu: the
    result and the table call the player "Tu", never the Spanish "Tú"."""
    app.settings.language = "es"
    app.apply_settings()
    scene = table(app, players=4, seed=1)
    while not isinstance(top(app), HandResultScene):
        run_until(app, lambda: scene.can_play or isinstance(top(app), HandResultScene))
        if scene.can_play:
            press(app, pygame.K_RETURN)
    result = top(app)
    assert isinstance(result, HandResultScene) and "Tú" in sheet(app, result)
    app.settings.language = "ca"
    app.apply_settings()
    drawn = sheet(app, result)
    assert "Tu" in drawn and "Tú" not in drawn
    assert scene.names[0] == "Tu" and scene.director.names[0] == "Tu"


# --- what each game's result says -----------------------------------------------------------
def first_result(app: App, rules: str, players: int, seed: int = 1) -> HandResultScene:
    table(app, players=players, rules=rules, seed=seed, demo=True)
    run_until(app, lambda: isinstance(top(app), HandResultScene))
    result = top(app)
    assert isinstance(result, HandResultScene)
    return result


def test_codillos_result_adds_up_each_side(app: App) -> None:
    """Codillo compares sides (docs/rules.md, Codillo): the declarer and his partner
    against the rest, each side's row under the players."""
    result = first_result(app, "codillo", 4)
    summary, names = result.summary, result.table.names
    declarer, partner = summary["declarer"], summary["partner"]
    ours = [s for s in range(4) if s in (declarer, partner)]
    theirs = [s for s in range(4) if s not in ours]
    drawn = sheet(app, result)
    for side, points in zip((ours, theirs), summary["side_points"], strict=True):  # type: ignore[call-overload]
        label = " and ".join(names[s] for s in side)
        row = drawn.index(label)
        assert drawn[row + 2] == str(points)
        assert points == sum(result.result.points[s] for s in side)


def test_butifarras_result_says_a_team_adds_a_point_per_trick(app: App) -> None:
    """Butifarra: a team's points are its players' card points and 1 per trick, which the
    sheet says, so the column adds up."""
    result = first_result(app, "butifarra", 4)
    r = result.result
    team = result.summary["team_points"]
    assert isinstance(team, list)
    assert team[0] == r.points[0] + r.points[2] + r.taken[0] + r.taken[2]
    assert "A team's points: its players' points + 1 per trick" in sheet(app, result)


def test_a_race_to_101_tells_the_totals_not_a_loser(app: App) -> None:
    """Tute a dos to 101: a hand only adds points; the banner and the result say the
    totals and the race, and nobody 'loses' the hand."""
    scene = table(app, players=2, rules="dos", seed=1)
    banners = watch(scene, Banner)
    while not isinstance(top(app), HandResultScene):
        run_until(app, lambda: scene.can_play or isinstance(top(app), HandResultScene))
        if scene.can_play:
            press(app, pygame.K_RETURN)
    result = top(app)
    assert isinstance(result, HandResultScene)
    totals = result.summary["totals"]
    assert isinstance(totals, list) and max(totals) < 101  # the race goes on
    line = f"{scene.names[0]} {totals[0]} · {scene.names[1]} {totals[1]}"
    assert [(b.title, b.subtitle, b.detail) for b in banners if b.title == "Hand over"] == [
        ("Hand over", line, "The first to 101 wins the match")]
    drawn = sheet(app, result)
    assert line in drawn and "The first to 101 wins the match" in drawn
    assert not any("lose" in text.lower() for text in drawn)


def test_the_hand_number_is_a_round_in_spanish_and_catalan(app: App) -> None:
    """"Mano" is the first player's badge; the hand's number is "Ronda 1"."""
    for language, badge in (("es", "Mano"), ("ca", "Mà")):
        app.settings.language = language
        app.apply_settings()
        assert _("Hand {n}").format(n=1) == "Ronda 1" and _("Mano") == badge
        assert _("Hand {n}: the play so far").format(n=1).startswith("Ronda 1:")
        assert _("hand {n}").format(n=1) == "ronda 1"  # the saved match on the menu


# --- the muestra in sight -------------------------------------------------------------------
def card_rect(spot_x: float, spot_y: float, w: float, h: float) -> pygame.Rect:
    rect = pygame.Rect(0, 0, round(w), round(h))
    rect.center = (round(spot_x), round(spot_y))
    return rect


@pytest.mark.parametrize(("size", "players"), [
    ((1280, 800), 2), ((1280, 800), 3), ((1280, 800), 4), ((1920, 1080), 4),
    ((800, 560), 2), ((800, 560), 3), ((900, 600), 4), ((800, 560), 4)])
def test_the_stock_leaves_most_of_the_muestra_in_sight(size: tuple[int, int], players: int
                                                      ) -> None:
    """The muestra's index and suit stay in sight at every size and player count with a
    stock: the stock lies across its right part, or, where the fan beside the row leaves
    no room for that (four players in a small window), stands upright on it."""
    lay = TableLayout(size, players, 0.64)
    card, stock = lay.table_card_spot(), lay.stock_spot()
    muestra = card_rect(card.x, card.y, lay.trick_w, lay.trick_h)
    upright = stock.angle == 0
    assert upright == ((size == (800, 560) and players == 4) or size == (900, 600))
    w, h = (lay.trick_w, lay.trick_h) if upright else (lay.trick_h, lay.trick_w)
    on_it = card_rect(stock.x, stock.y, w, h)
    assert on_it.left - muestra.left >= lay.trick_w * 0.5  # its index and half its face
    assert muestra.left >= lay.fan_clearance(-1, card.y) - 1  # clear of the fan beside it
    assert on_it.right <= min(lay.trick_spot(s).x for s in range(players)) - lay.trick_w / 2


@pytest.mark.parametrize("size", [(800, 560), (900, 600), (960, 600)])
def test_a_standing_stock_leaves_the_muestra_whole_in_sight(size: tuple[int, int]) -> None:
    """Issue 47: four players in a small window, where the stock stands upright, it hid
    half the muestra (its figure behind the backs): standing, the stock is drawn smaller
    and beside the card, covering a fifth of it at most."""
    lay = TableLayout(size, 4, 0.64)
    assert lay.stock_upright()
    card, stock = lay.table_card_spot(), lay.stock_spot()
    muestra = card_rect(card.x, card.y, lay.trick_w, lay.trick_h)
    on_it = card_rect(stock.x, stock.y, lay.stock_h * 0.64, lay.stock_h)
    assert muestra.right - on_it.left <= lay.trick_w * 0.2
    assert muestra.left >= lay.fan_clearance(-1, card.y) - 1
    assert on_it.right <= min(lay.trick_spot(s).x for s in range(4)) - lay.trick_w / 2


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_batos_question_leaves_the_muestra_and_the_pot_in_sight(app: App,
                                                                size: tuple[int, int]) -> None:
    app.screen = pygame.display.set_mode(size)
    app.resized()
    scene = table(app, players=4, rules="bato", seed=1)
    run_until(app, lambda: scene.can_play and scene.picker is not None)
    lay, panel = scene.layout, scene.picker.rect  # type: ignore[union-attr]
    card = lay.table_card_spot()
    label = round(26 * lay.scale)
    muestra = card_rect(card.x, card.y + label / 2, lay.trick_w, lay.trick_h + label)
    assert not panel.colliderect(muestra) and not panel.colliderect(lay.pot_rect())
    hand = lay.hand_y - lay.card_h / 2
    assert panel.bottom <= hand + lay.margin  # at most the hand's top edge


def test_a_crowded_chip_row_stays_inside_its_plate(app: App) -> None:
    """Bato at 1280x800 with three: a plate's row holds "Deals", "Mano" and a word of the
    auction; where even the smallest font cannot fit them all, the first chips give way
    (the word, last, stays) rather than spill over the cards beside it."""
    scene = table(app, players=3, rules="bato", seed=3)
    painter, surface = scene.painter, app.screen
    plate = scene.layout.plate_rect(2).inflate(-2 * painter.px(10), 0)
    labels = ["Deals", "Mano", "Acompaño"]
    assert painter.chips_width(labels, 8) > plate.width // 2  # crowded at the minimum
    left = painter.chip_row(surface, labels, plate.centerx, plate.centery, plate.x, False)
    assert left >= plate.x - painter.px(4)
    roomy = painter.chip_row(surface, labels, plate.right, plate.centery, plate.x, False)
    assert plate.x <= roomy  # all three fit in the whole width, drawn as they are


@pytest.mark.parametrize(("players", "size"), [(3, (1280, 800)), (3, (960, 600)),
                                             (6, (800, 560))])
def test_every_word_of_batos_auction_shows_inside_its_plate(home: object, players: int,
                                                            size: tuple[int, int]) -> None:
    """Bato, once all have spoken: each seat's word (or that he folds) is drawn inside his
    plate, in small windows too (the chips a seat holds are a chip and a number beside his
    card count, and the dealer's "Deals" gives way where the word needs the room)."""
    application = make_app(size)
    try:
        scene = table(application, players=players, rules="bato", seed=1, demo=True)
        run_until(application, lambda: len(scene.view.said) == players)
        drawn: list[tuple[str, int, tuple[float, float]]] = []
        chip = scene.painter.chip

        def spy(surface: pygame.Surface, label: str, at: tuple[float, float],
                gold: bool = False, anchor: str = "midright", size: int | None = None) -> int:
            left = chip(surface, label, at, gold, anchor, size)
            drawn.append((label, left, at))
            return left

        scene.painter.chip = spy  # type: ignore[method-assign]
        # Drawn afresh without a step: a step could let the demo's next decision clear the
        # words first.
        scene.painter.still_key = None
        scene.draw(application.screen)
        view = scene.view
        for seat, word in view.said.items():
            said = _("Folds") if seat in view.folded else speech.said(*word)
            plate = scene.layout.plate_rect(seat)
            lefts = [left for label, left, at in drawn
                     if label == said and plate.collidepoint(at)]
            assert lefts and min(lefts) >= plate.x, (seat, said, size)
    finally:
        application.close()


@pytest.mark.parametrize("rules", ["subastado", "butifarra"])
def test_the_banner_says_why_in_the_games_own_words(app: App, rules: str) -> None:
    """The banner over the table gives the same reason line as the result screen, worded by
    the game's scoring (a contract's bid and points; Butifarra's points over 36), never
    Cabrero's a más / a menos."""
    scene = table(app, players=4, rules=rules, seed=1, demo=True)
    banners = watch(scene, Banner)
    run_until(app, lambda: isinstance(top(app), HandResultScene))
    result = top(app)
    assert isinstance(result, HandResultScene)
    line = scene.why(result.result)
    assert [b.detail for b in banners] == [line]
    assert ("bid" if rules == "subastado" else "over 36") in line
    assert "A más" not in line


@pytest.mark.parametrize(("rules", "players", "line"), [
    ("dos", 2, texts.AFTER_STOCK["tute"]),
    ("guinote", 4, texts.AFTER_STOCK["butifarra"])])
def test_the_arrastre_banner_says_the_obligations_in_force(app: App, rules: str, players: int,
                                                           line: str) -> None:
    """The stock runs out: the banner says what the game's obligations ask from now on —
    Tute's, or Guiñote's that spare the partner (docs/rules.md §0, §12)."""
    scene = table(app, players=players, rules=rules, seed=1, demo=True)
    banners = watch(scene, Banner)
    run_until(app, lambda: any(b.title == "Arrastre!" for b in banners))
    assert [b.detail for b in banners if b.title == "Arrastre!"] == [line]


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_a_seat_with_two_cantes_shows_both(home: object, size: tuple[int, int]) -> None:
    """Issue 47: a seat that has sung twice shows both cantes on its plate (one badge that
    names both where two do not fit), never only the last."""
    application = make_app(size)
    try:
        scene = table(application, players=4, rules="parejas", seed=1)
        run_until(application, lambda: scene.can_play)
        drawn: list[tuple[str, tuple[float, float]]] = []
        chip = scene.painter.chip

        def spy(surface: pygame.Surface, label: str, at: tuple[float, float],
                gold: bool = False, anchor: str = "midright", size: int | None = None) -> int:
            if gold:
                drawn.append((label, at))
            return chip(surface, label, at, gold, anchor, size)

        scene.painter.chip = spy  # type: ignore[method-assign]
        for seat in range(4):
            scene.view.cantes[seat] = ["20C", "40"]
        scene.painter.still_key = None
        scene.draw(application.screen)
        for seat in range(4):
            plate = scene.layout.plate_rect(seat)
            said = " ".join(label for label, at in drawn if plate.collidepoint(at))
            assert "20" in said and "40" in said, (seat, said, size)
    finally:
        application.close()


def test_a_plate_without_cantes_and_without_room_draws_no_empty_badge(app: App) -> None:
    """A seat that sang nothing shows no cante badge, even where its plate's lower row has
    no room left (the badge of last resort would otherwise be an empty gold chip)."""
    painter = table(app).painter
    assert painter.cante_chips([], room=-20) == []
    assert painter.cante_chips([], room=500) == []
    assert painter.cante_chips(["20O"], room=-20) != []  # a cante is never left out
