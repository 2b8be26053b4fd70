"""The table's words fit the game being played (issue 47, "The table, round 4"): what is
announced, asked and logged says what this game, with these players, has."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pygame
import pytest
from engine_helpers import new_game, play
from ui_helpers import make_app, run_until, table, watch

from tute import i18n
from tute.ai.search import SearchPlayer
from tute.cardnames import card_name
from tute.cards import parse_card
from tute.engine import Action, Game
from tute.engine import events as ev
from tute.engine.actions import parse_action
from tute.engine.cantes import holder_of
from tute.engine.record import Record, dump_record, hand_events, record_from_text
from tute.review import review_hand
from tute.rules import load_ruleset
from tute.stats import file
from tute.stats.hands import HandRecord
from tute.ui.menus.match_end import MatchEndScene
from tute.ui.menus.statistics import StatisticsScene
from tute.ui.shell.app import App
from tute.ui.table import reasons, results, standings
from tute.ui.table.animation import Banner, Bubble
from tute.ui.table.play_log import log_lines
from tute.ui.table.scene import TableScene
from tute.ui.table.session import Session
from tute.ui.widgets import theme
from tute.ui.widgets.controls import label_text
from tute.ui.words import texts

PARTNER = {"en": "partner", "es": "compañero", "ca": "company"}
"""The word for a partner in each language the table speaks."""


@pytest.fixture(params=["en", "es", "ca"])
def speaking(app: App, request: pytest.FixtureRequest) -> Iterator[str]:
    """The table in English, Spanish and Catalan (the language, back to English after)."""
    app.settings.language = request.param
    app.apply_settings()
    yield request.param
    i18n.set_language("en")




# --- 1. the diez de últimas only where the game counts it ----------------------------------
@pytest.mark.parametrize(("game", "players", "called"), [
    ("brisca", 4, False), ("bato", 4, False), ("butifarra", 4, False),
    ("cabrero", 4, True), ("guinote", 4, True), ("dos", 2, True)])
def test_item1_diez_de_ultimas_is_called_only_where_the_last_trick_bonus_counts(
        app: App, game: str, players: int, called: bool) -> None:
    """docs/rules.md: the diez de últimas is a bonus of the games that count it (Tute, Guiñote);
    Brisca (120 in all) and Butifarra have none, Bato counts tricks, not points."""
    scene = table(app, players=players, rules=game, seed=1, demo=True)
    bubbles = watch(scene, Bubble)
    scene.view.trick = [(0, 0)]
    scene.director.feed([ev.TrickTaken(0, (0,), 11, True)])
    run_until(app, lambda: not scene.director.queue)
    assert ("Diez de últimas!" in [b.message for b in bubbles]) is called


# --- 2. the arrastre's banner names a partner only where there is one --------------------
@pytest.mark.parametrize("players", [2, 4])
def test_item2_the_arrastre_banner_spares_a_partner_only_where_there_is_one(
        app: App, speaking: str, players: int) -> None:
    """docs/rules.md §12, Guiñote: in the arrastre the partner's card need not be beaten; head to
    head there is no partner, and the banner says only follow, beat and trump (as the
    how-to-play does)."""
    scene = table(app, players=players, rules="guinote", seed=1, demo=True)
    banners = watch(scene, Banner)
    scene.director.feed([ev.StockEmptied(scene.session.game.kit.family_name)])
    run_until(app, lambda: bool(banners))
    line = banners[0].detail
    assert line and (PARTNER[speaking] in line) is (players == 4), line


# --- 3, 4. each double by its own name, live and after Continue ----------------------------
def badge(scene: TableScene, seat: int) -> str:
    """The word a seat's badge shows for what it last said."""
    return scene.painter.role_chips(scene.view, seat)[-1]


def test_item3_a_resumed_butifarra_names_the_sant_vicenc_and_the_doubles_before_it(
        app: App, speaking: str) -> None:
    """docs/rules.md §9: contro, recontro, then Sant Vicenç (with ``sant_vicenc``). A match saved
    after the contro and the recontro and continued asks the player for the Sant Vicenç,
    with its own meaning; the badges and the bubble name each double as it was said."""
    game = new_game(4, "butifarra", 0, sant_vicenc=True)
    game.deal()
    play(game, "3 trump O", "0 double", "3 double")
    saved = Session(game, "easy", False).saved()
    scene = TableScene(app, Session.resume(saved))
    app.replace_all(scene)
    run_until(app, lambda: scene.can_play and scene.picker is not None)
    picker = scene.picker
    assert picker is not None
    assert label_text(picker.title) == "Sant Vicenç?"
    assert picker.lines[-1].startswith("Sant Vicenç:")
    assert (badge(scene, 0), badge(scene, 3)) == ("Contro!", "Recontro!")
    bubbles = watch(scene, Bubble)
    scene.perform(next(a for a in scene.session.choices() if a.verb == "double"))
    run_until(app, lambda: bool(bubbles))
    assert bubbles[0].message == "Sant Vicenç!"


class Still(Session):
    """The computers wait: the test says what every seat does."""

    def think(self) -> None:
        """No computer decides by itself."""

    def decision(self) -> Action | None:
        return None


def test_item4_the_recontro_badge_says_recontro_at_a_live_table(app: App, speaking: str) -> None:
    """docs/rules.md §9: the side that named trumps answers a contro with a recontro; its
    badge says so while the doubling goes on (the contro's badge stays a contro)."""
    game = new_game(4, "butifarra", 0, sant_vicenc=True)
    scene = TableScene(app, Still(game, "easy", False))
    app.replace_all(scene)
    run_until(app, lambda: scene.session.to_act == 3 and not scene.director.busy)
    for text in ("3 trump O", "0 double", "3 double"):  # seat 3 (the dealer) names trumps
        scene.perform(parse_action(text, 4))
    run_until(app, lambda: not scene.director.busy)
    assert (badge(scene, 0), badge(scene, 3)) == ("Contro!", "Recontro!")


# --- 5, 6. the hand review: the cards as the trick began, and whose exchange it was --------
def exchanging_hand(players: int, seed: int) -> tuple[Record, Game]:
    """One Guiñote hand where every exchange offered is made and otherwise the first legal
    action taken: its record, and the game played."""
    game = new_game(players, "guinote", seed)
    game.deal()
    while game.phase == "play":
        actions = game.legal_actions()
        game.apply(next((a for a in actions if a.verb == "exchange"), actions[0]))
    return record_from_text(dump_record(game)), game


def test_item5_the_review_shows_the_cards_held_as_the_trick_began_after_the_draw() -> None:
    """docs/rules.md §12: after a trick the winner may exchange before the draw, then everyone
    draws: the trick begins with the card drawn in hand, as the review must show it."""
    record, game = exchanging_hand(2, 5)
    replayed = new_game(2, "guinote", 5)
    replayed.deal()
    exchanger = next(a.seat for a in game.logs[0].actions if a.verb == "exchange")
    at_lead: dict[int, int] = {}  # trick number: the seat's cards as it was led
    for action in game.logs[0].actions:
        if action.verb == "play" and not replayed.hand.trick_cards:
            at_lead[len(replayed.hand.tricks) + 1] = replayed.hands[exchanger]
        replayed.apply(action)
    hand_review = review_hand(record, 0, exchanger, player=SearchPlayer(0, iterations=2))
    shown = {page.trick: page.start.hand for page in hand_review.pages if page.plays}
    assert shown == at_lead


def test_item6_the_review_never_calls_the_partners_own_exchange_the_players_choice() -> None:
    """docs/rules.md §12, Guiñote: the side that wins a trick may exchange the 7; when the 7 is
    the partner's, he gives it (the table never asks the player), so the review lists no
    such choice of the player's."""
    record, game = exchanging_hand(4, 12)
    replayed = new_game(4, "guinote", 12)
    replayed.deal()
    partners = []
    for action in game.logs[0].actions:
        if action.verb == "exchange" and action.seat == 0 and replayed.hands[2] >> action.arg & 1:
            partners.append(action)
        replayed.apply(action)
    assert partners  # the trick was seat 0's, the 7 his partner's (seat 2)
    hand_review = review_hand(record, 0, 0, player=SearchPlayer(0, iterations=2))
    assert not [d for d in hand_review.decisions if d.played in partners]


# --- 7. one play log, the same live and after Continue -------------------------------------
def test_item7_the_play_log_is_the_same_live_and_after_continue(app: App) -> None:
    """docs/rules.md §12, Guiñote with four: a pair sung for the team is its holder's cante, and
    the partner's exchange of the 7 is his; the play log says so live, and a match saved
    and continued tells the very same log, each line in its place."""
    game = new_game(4, "guinote", 12)
    scene = TableScene(app, Still(game, "easy", False))
    app.replace_all(scene)
    run_until(app, lambda: scene.session.to_act is not None and not scene.director.busy)
    for _ in range(24):  # past the partner's exchange (9th) and a cante for the team (22nd)
        actions = game.legal_actions()
        scene.perform(next((a for a in actions if a.verb in ("exchange", "sing")), actions[0]))
    run_until(app, lambda: not scene.director.busy)
    live = list(scene.view.log)
    events = hand_events(game)
    sung = next(e for e in events if isinstance(e, ev.Sung) and e.holder not in (None, e.seat))
    swapped = next(e for e in events if isinstance(e, ev.Exchanged))
    assert ("sing", sung.holder, sung.cante) in live
    assert ("exchange", swapped.seat, swapped.gave) in live
    resumed = TableScene(app, Session.resume(scene.session.saved()))
    assert resumed.view.log == live
    assert log_lines(resumed.view.log, resumed.names, 0) == log_lines(live, scene.names, 0)


# --- 8. a card tried before the draw: what the window asks ---------------------------------
@pytest.mark.parametrize(("players", "seed"), [(2, 22), (4, 52)])
def test_item8_a_card_tried_before_the_draw_is_told_what_the_window_asks(
        app: App, speaking: str, players: int, seed: int) -> None:
    """docs/rules.md §12: the side that won the trick may exchange the 7 before the draw, and
    nobody leads before it: a card clicked then is answered with what the player's window
    asks (swap or draw), never "not your turn"."""
    game = new_game(players, "guinote", seed)
    scene = TableScene(app, Still(game, "easy", False))
    app.replace_all(scene)
    run_until(app, lambda: scene.session.to_act is not None and not scene.director.busy)
    while not scene.session.may_draw():
        actions = game.legal_actions()
        scene.perform(next((a for a in actions if a.verb in ("play", "draw")), actions[0]))
        run_until(app, lambda: not scene.director.busy)
    swap = bool(scene.session.exchanges())
    scene.try_play(0)
    assert scene.refusal is not None
    told = scene.refusal[1]
    assert told == texts.draw_first(swap) and told != i18n._("Not your turn")
    assert speaking == "en" or not told.startswith("First")  # said in the language
    assert swap  # head to head the window opens only for a 7 to give; with four, his own


# --- 9. the partner's pair, sung for the team, named for him -------------------------------
@pytest.mark.parametrize("seed", [3, 10])
def test_item9_the_sing_button_for_the_partners_pair_names_the_partner(
        app: App, speaking: str, seed: int) -> None:
    """docs/rules.md §12, Guiñote with four: after a trick won, either member of the side may
    sing a pair he or his partner holds; the button for the partner's pair says whose it
    is (the player holds none of it), and a pair of the player's own stays unnamed."""
    game = new_game(4, "guinote", seed)
    scene = TableScene(app, Still(game, "easy", False))
    app.replace_all(scene)
    run_until(app, lambda: scene.session.to_act is not None and not scene.director.busy)
    while not scene.can_play or not scene.session.sing_options():
        actions = game.legal_actions()
        scene.perform(next((a for a in actions if a.verb in ("play", "draw")), actions[0]))
        run_until(app, lambda: not scene.director.busy)
    partner = scene.names[2]
    labels = {a: label_text(b.label) for a, b in scene.row_answers.items() if a.verb == "sing"}
    assert labels
    for action, label in labels.items():
        mine = holder_of(game.hand, 0, action.arg) == 0
        assert (partner in label) is not mine, label
        assert speaking == "en" or not label.startswith("Sing")  # said in the language
    assert any(partner in label for label in labels.values())


# --- 10. a partida is a race to 101; the match is a coto, or cotos -------------------------
PARTIDA = {"en": "partida", "es": "partida", "ca": "partida"}


@pytest.mark.parametrize("cotos", [1, 2])
def test_item10_guinotes_end_screen_calls_the_match_a_coto_never_a_partida(
        app: App, speaking: str, cotos: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/rules.md §12: a partida is a race to 101 and a coto is won by partidas; the end of
    the whole match is the end of the coto (or of the match of cotos), never "of the
    partida", which the table counts."""
    scene = table(app, players=4, rules="guinote", seed=1, cotos_to=cotos)
    shown: list[str] = []
    draw_text = theme.draw_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        shown.append(text)
        return draw_text(surface, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "draw_text", spy)
    end = MatchEndScene(app, scene)
    end.resize(app.size)
    end.draw(app.screen)
    title = shown[0]
    assert title == standings.end_title(scene.session.game)
    assert PARTIDA[speaking] not in title.lower()
    assert ("coto" in title.lower()) is (speaking != "en" or cotos == 1)
    assert speaking == "en" or not title.startswith("End of")  # said in the language


def test_item10_the_match_is_a_partida_where_the_game_has_no_partidas_race(
        app: App, speaking: str) -> None:
    """Tute Cabrero has no race of partidas: its match keeps the usual word."""
    scene = table(app, players=4, rules="cabrero", seed=1)
    assert standings.end_title(scene.session.game) == i18n._("End of the match")


def test_item10_guinotes_statistics_count_cotos_not_partidas(app: App, speaking: str) -> None:
    """The statistics of a race of partidas count its matches by the game's word: cotos
    (where every match was one coto), never partidas."""
    file.save(file.Stats([
        file.MatchRecord("guinote", 4, "easy", {}, seed=1, finished=1.0, won=True,
                         hands=[HandRecord("won", 80)] * 3),
        file.MatchRecord("cabrero", 4, "easy", {}, seed=2, finished=2.0, won=False,
                         hands=[HandRecord("lost", 20)]),
    ]))
    screen = StatisticsScene(app)
    app.push(screen)
    screen.set_game(("guinote", None))
    labels = [label for label, _value in screen.figure_rows()]
    matches = [label for label in labels if "coto" in label.lower()]
    assert len(matches) >= 2 and not [label for label in labels if "partid" in label.lower()]
    assert speaking == "en" or not [label for label in matches if " played" in label
                                    or " won" in label]  # said in the language
    screen.set_game(("cabrero", None))
    labels = [label for label, _value in screen.figure_rows()]
    assert i18n._("Matches played") in labels and not [
        label for label in labels if "coto" in label.lower()]


@pytest.mark.parametrize("language", ["es", "ca"])
def test_item3_the_sant_vicenc_button_keeps_its_stakes_in_the_smallest_window(
        home: object, language: str) -> None:
    """The Sant Vicenç's button names the stakes it brings (×8) whole at 800x560, its
    longest label: never cut with an ellipsis."""
    application = make_app((800, 560), language)
    try:
        game = new_game(4, "butifarra", 0, sant_vicenc=True)
        game.deal()
        play(game, "3 trump O", "0 double", "3 double")
        scene = TableScene(application, Session.resume(Session(game, "easy", False).saved()))
        application.replace_all(scene)
        run_until(application, lambda: scene.can_play and scene.picker is not None)
        assert scene.picker is not None
        button = next(b for b in scene.picker.buttons if "8" in label_text(b.label))
        room = button.rect.inflate(-button.rect.height // 2, 0).width
        assert theme.font(button.font_size, True).size(label_text(button.label))[0] <= room
    finally:
        application.close()
        i18n.set_language("en")


# --- a failed commitment in the game's own word ---------------------------------------------
def test_a_failed_julepe_is_headlined_julepe_and_a_file_without_its_word_keeps_the_plain_one(
        app: App, speaking: str) -> None:
    """docs/rules.md §13: who plays and takes fewer than two tricks "queda julepe" — the
    hand's banner, result sheet and spoken line say so (the file's `commitment.headline`),
    not a plain "tricks short"; a file without one keeps the plain headline."""
    julepe = load_ruleset("julepe")
    word = {"en": "Julepe!", "es": "¡Julepe!", "ca": "Julepe!"}[speaking]
    assert results.headline("short", False, julepe) == word
    assert results.headline("made", False, julepe) != word
    plain = dataclasses.replace(julepe, commitment=dataclasses.replace(
        julepe.commitment, headline=None))
    assert results.headline("short", False, plain) == i18n._("Tricks short!")
    scene = table(app, players=4, rules="julepe", seed=2, demo=True)
    banners = watch(scene, Banner)
    run_until(app, lambda: bool(banners), limit=20000)
    assert [b.title for b in banners] == [word]  # seed 2: a player in is julepe


# --- Manilla's shown card on the result line ------------------------------------------------
def manilla_hand(seed: int) -> tuple[ev.HandScored, dict[str, object]]:
    """The first hand of a Manilla match dealt by ``seed``, each seat playing its first legal
    card: its scored event and its summary."""
    game = new_game(4, "manilla", seed)
    game.deal()
    scored: list[ev.HandScored] = []
    while not game.summaries:
        scored += [e for e in game.apply(game.legal_actions()[0])
                   if isinstance(e, ev.HandScored)]
    return scored[0], game.summaries[-1].to_json()


def test_manillas_result_line_says_what_the_shown_card_gave_and_when(speaking: str) -> None:
    """docs/rules.md §14, the shown card's points: counted for the dealer's side before the
    first lead, or held past the hand's score and counted after it, or held and never
    counted when the hand ends the match — the result line says which, with the card."""
    names = ["Tú", "Ana", "Paco", "Lola"]
    scored, summary = next(h for h in map(manilla_hand, range(40))
                           if any(h[1]["shown_points"]))  # type: ignore[arg-type]
    side = next(s for s, n in enumerate(summary["shown_points"]) if n)  # type: ignore[arg-type]
    card = card_name(parse_card(str(summary["shown"])))
    hand = reasons.Hand(scored, summary, names, 0, (0, 1, 2, 3), True, {})
    line = reasons.why(hand, "over_36")
    n = f"+{summary['shown_points'][side]}"  # type: ignore[index]
    assert card in line and n in line
    you = texts.names_list([names[1], names[3]]) if side else names[2]
    assert you in line.split(card)[1]
    held = reasons.why(reasons.Hand(scored, {**summary, "shown_held": True}, names, 0,
                                    (0, 1, 2, 3), True, {}), "over_36")
    counted_at_once, counted_after = line.split(card)[1], held.split(card)[1]
    assert counted_after.startswith(counted_at_once) and counted_after != counted_at_once
    lost = reasons.why(reasons.Hand(scored, {**summary, "shown_held": True,
                                             "shown_points": [0, 0]}, names, 0,
                                    (0, 1, 2, 3), True, {}), "over_36")
    assert card in lost and n not in lost.split(card)[1]
    plain = reasons.why(reasons.Hand(scored, {k: v for k, v in summary.items()
                                              if not k.startswith("shown")}, names, 0,
                                     (0, 1, 2, 3), True, {}), "over_36")
    assert card not in plain  # Butifarra: nothing shown, nothing said
