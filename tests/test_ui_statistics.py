"""The statistics from the table to the screen: a hand played at the table is recorded, the
screen filters by game and level, and its reset asks first."""

from __future__ import annotations

import pygame
from ui_helpers import frames, press, run_until, table, top

from tute.stats import file
from tute.stats.hands import HandRecord
from tute.stats.writer import WRITER
from tute.ui.menus.statistics import StatisticsScene
from tute.ui.shell.app import App
from tute.ui.shell.dialog import Dialog
from tute.ui.table.hand_result import HandResultScene


def test_a_hand_played_at_the_table_is_recorded(app: App) -> None:
    scene = table(app, players=3, seed=5)
    while not isinstance(top(app), HandResultScene):
        run_until(app, lambda: scene.can_play or isinstance(top(app), HandResultScene))
        if scene.can_play:
            press(app, pygame.K_RETURN)
    WRITER.flush()  # written off the frame loop, by the statistics' background writer
    (match,) = file.load()[0].matches
    assert (match.game, match.players, match.level, match.practice) == ("cabrero", 3, "easy",
                                                                        False)
    assert len(match.hands) == 1 and match.hands[0].result in ("won", "lost")


def test_the_screen_filters_and_asks_before_resetting(app: App) -> None:
    file.save(file.Stats([
        file.MatchRecord("dos", 2, "hard", {}, seed=1, finished=1.0, won=True,
                         hands=[HandRecord("won", 80)] * 3),
        file.MatchRecord("cabrero", 4, "easy", {}, seed=2, finished=2.0, won=False,
                         hands=[HandRecord("lost", 20)]),
    ]))
    screen = StatisticsScene(app)
    app.push(screen)
    frames(app)
    assert screen.game_choice.values == [None, ("dos", None), ("cabrero", None)]
    assert (screen.figures.matches, screen.figures.hands) == (2, 4)
    press(app, pygame.K_RIGHT)  # the game row has the focus
    assert screen.game == "dos" and screen.figures.hands == 3
    press(app, pygame.K_DOWN)
    press(app, pygame.K_LEFT)  # levels: all, easy, medium, hard -> hard
    assert screen.level == "hard" and screen.figures.matches_won == 1
    screen.confirm_reset()
    assert isinstance(top(app), Dialog)
    press(app, pygame.K_RETURN)  # Cancel has the focus
    assert len(file.load()[0].matches) == 2
    screen.confirm_reset()
    press(app, pygame.K_LEFT)
    press(app, pygame.K_RETURN)
    assert file.load()[0].matches == [] and screen.figures.hands == 0
    assert screen.game_choice.values == [None]


def test_the_screen_filters_by_the_number_at_the_table(app: App) -> None:
    """A game played with three and with four at the table is offered whole and each
    size apart."""
    file.save(file.Stats([
        file.MatchRecord("subastado", 3, "hard", {}, seed=1, finished=1.0, won=True,
                         hands=[HandRecord("won", 80)] * 2),
        file.MatchRecord("subastado", 4, "hard", {}, seed=2, finished=2.0, won=False,
                         hands=[HandRecord("lost", 20)] * 5),
    ]))
    screen = StatisticsScene(app)
    app.push(screen)
    frames(app)
    assert screen.game_choice.values == [None, ("subastado", None), ("subastado", 3),
                                         ("subastado", 4)]
    shown = [screen.game_choice.show(v) for v in screen.game_choice.values]
    assert shown == ["All games", "Auction Tute", "Auction Tute (3)", "Auction Tute (4)"]
    screen.game_choice.adjust(1)
    assert screen.figures.hands == 7
    screen.game_choice.adjust(1)
    assert (screen.game, screen.players, screen.figures.hands) == ("subastado", 3, 2)
    screen.game_choice.adjust(1)
    assert screen.players == 4 and screen.figures.hands == 5


def test_the_mean_per_hand_is_shown_for_one_game_in_its_own_measure(app: App) -> None:
    file.save(file.Stats([
        file.MatchRecord("bato", 4, "easy", {}, seed=1, finished=1.0, won=True,
                         hands=[HandRecord("won", 30, tricks=2), HandRecord("lost", 10)]),
        file.MatchRecord("cabrero", 4, "easy", {}, seed=2, finished=2.0, won=False,
                         hands=[HandRecord("lost", 20)]),
    ]))
    screen = StatisticsScene(app)
    app.push(screen)
    frames(app)
    labels = [label for label, _value in screen.figure_rows()]
    assert "Points per hand" not in labels and "Tricks per hand" not in labels  # no mix
    screen.game_choice.adjust(1)
    assert screen.game == "bato" and ("Tricks per hand", "1") in screen.figure_rows()
    screen.game_choice.adjust(1)
    assert screen.game == "cabrero" and ("Points per hand", "20") in screen.figure_rows()


def test_the_screen_filters_by_a_house_rule_where_the_matches_differ(app: App) -> None:
    """A house rule is offered as a filter only for a game whose recorded matches were
    played with different values of it (an older record at the option's default); the
    figures follow the rule chosen, and a game without such a difference has no row."""
    file.save(file.Stats([
        file.MatchRecord("butifarra", 4, "hard", {"contro_by": "mano"}, seed=1,
                         finished=1.0, won=True, hands=[HandRecord("won", 40)] * 2),
        file.MatchRecord("butifarra", 4, "hard", {}, seed=2, finished=2.0, won=False,
                         hands=[HandRecord("lost", 20)] * 5),
        file.MatchRecord("cabrero", 4, "easy", {}, seed=3, finished=3.0, won=False,
                         hands=[HandRecord("lost", 20)]),
    ]))
    screen = StatisticsScene(app)
    app.push(screen)
    frames(app)
    assert not screen.rule_choice.visible  # all games: no house rule to choose
    screen.game_choice.adjust(1)
    assert screen.game == "butifarra" and screen.rule_choice.visible
    rules = screen.rule_choice.values
    assert rules == [None, ("butifarra", "contro_by", "either"),
                     ("butifarra", "contro_by", "mano")]
    assert [screen.rule_choice.show(r) for r in rules] == [
        "All house rules", "Who may double: Either", "Who may double: Mano only"]
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)  # game, level, house rule
    press(app, pygame.K_LEFT)
    assert screen.rule_choice.value == rules[2] and screen.figures.hands == 2
    assert screen.figures_box.top >= screen.rule_choice.rect.bottom
    screen.rule_choice.adjust(-1)
    assert screen.figures.hands == 5 and screen.figures.matches_won == 0
    screen.game_choice.adjust(1)
    assert screen.game == "cabrero" and not screen.rule_choice.visible
    assert screen.rule_choice.value is None and screen.figures.hands == 1


def test_a_game_shows_only_the_counts_its_rules_have(app: App) -> None:
    """Issue 47: Guiñote has no marks (a race to 101) and no capote; Butifarra has capots but
    no cantes; Cabrero has all four. The rows follow each file's mechanisms."""
    file.save(file.Stats([
        file.MatchRecord(game, 4, "easy", {}, seed=i, finished=float(i), won=True,
                         hands=[HandRecord("won", 30)])
        for i, game in enumerate(("butifarra", "cabrero", "guinote"), start=1)]))
    screen = StatisticsScene(app)
    app.push(screen)
    frames(app)
    shown = {}
    for _i in range(3):
        screen.game_choice.adjust(1)
        shown[screen.game] = {label for label, _value in screen.figure_rows()}
    counts = {"Marks taken", "Cantes", "Capotes", "Tutes"}
    assert shown["guinote"] & counts == {"Cantes", "Tutes"}
    assert shown["butifarra"] & counts == {"Capotes"}
    assert shown["cabrero"] & counts == counts
