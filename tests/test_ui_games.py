"""Every game at the table, played through posted clicks and keys: the auction panels, the
trump and call pickers, Bato's discard, the dos exchange, to the end of a hand."""

from __future__ import annotations

from ui_helpers import click, run_until, table, top

from tute.ui.shell.app import App
from tute.ui.table.hand_result import HandResultScene
from tute.ui.table.pickers import CardButton, SuitButton
from tute.ui.table.scene import TableScene
from tute.ui.widgets.controls import Button, Choice


def waiting(app: App, scene: TableScene, hands: int) -> bool:
    return scene.can_play or len(scene.session.game.summaries) > hands


def answer(app: App, scene: TableScene, said: set[str]) -> None:
    """Do something legal as a player would: speak up in a panel rather than pass, pick
    a card to discard and confirm, swap for the muestra, or play a playable card."""
    picker = scene.picker
    if picker is not None:
        widgets = [w for w in picker.focus.widgets if w.focusable]
        grid = [w for w in widgets if isinstance(w, CardButton)]
        suit = [w for w in widgets if isinstance(w, SuitButton)]
        primary = [w for w in widgets if isinstance(w, Button) and w.primary]
        stepper = [w for w in widgets if isinstance(w, Choice)]
        if stepper:
            said.add("bid")
        target = (grid or suit or primary or widgets)[0]
        said.add(type(target).__name__)
        click(app, target.rect.center)
        return
    if scene.session.discarding:
        click(app, scene.card_point(scene.view.hand[0]))
        assert scene.selected
        said.add("discard")
    buttons = [b for b in scene.actions.widgets if isinstance(b, Button) and b.primary]
    if buttons:
        said.add(str(buttons[0].label()) if callable(buttons[0].label) else buttons[0].label)
        click(app, buttons[0].rect.center)
        return
    playable = scene.session.playable()
    click(app, scene.card_point(next(c for c in scene.view.hand if c in playable)))


def play_a_hand(app: App, scene: TableScene) -> set[str]:
    """Answer every turn of the player until the hand is over; what was said and done."""
    hands = len(scene.session.game.summaries)
    said: set[str] = set()
    for _turn in range(200):
        run_until(app, lambda: waiting(app, scene, hands))
        if len(scene.session.game.summaries) > hands:
            return said
        answer(app, scene, said)
    raise AssertionError("the hand never ended")


def test_a_whole_hand_of_every_game_is_played_by_clicks(app: App, every_table: tuple[str, int]
                                                        ) -> None:
    """Every bundled game at every player count it allows (tests/conftest.py)."""
    game, players = every_table
    scene = table(app, players=players, rules=game, seed=2)
    said = play_a_hand(app, scene)
    summary = scene.session.game.summaries[-1]
    assert summary.complete
    run_until(app, lambda: not scene.director.busy)
    if not summary.to_json().get("void"):
        assert isinstance(top(app), HandResultScene)
    expected = {"subastado": {"bid"}, "codillo": {"CardButton"}, "bato": {"discard"},
                "butifarra": {"Button"}}.get(game, set())  # the first hand: a double
    if game == "codillo" and scene.session.game.summaries[-1].to_json()["declarer"] != 0:
        expected = set()
    assert expected <= said, said


def test_butifarra_names_trumps_and_doubles(app: App) -> None:
    """Seat 0 deals the second hand of Butifarra and names trumps; a double is offered
    to the mano when the rivals name them."""
    scene = table(app, players=4, rules="butifarra", seed=5)
    seen: set[str] = set()
    for _hand in range(3):
        start = len(scene.session.game.summaries)
        while True:
            run_until(app, lambda: waiting(app, scene, start))  # noqa: B023 (used at once)
            if len(scene.session.game.summaries) > start:
                break
            picker = scene.picker
            if picker is not None:
                seen.add(str(picker.title() if callable(picker.title) else picker.title))
            answer(app, scene, set())
        run_until(app, lambda: isinstance(top(app), HandResultScene))
        result = top(app)
        assert isinstance(result, HandResultScene)
        click(app, result.button.rect.center)
    assert "Name trumps" in seen
    assert any(t.startswith("Contro") for t in seen), seen


def pass_the_doubles(app: App, scene: TableScene, asked: list[tuple[int, int, str]]) -> None:
    """Play the current hand: pass every double offered (noting the hand's mano, the seat
    to act and the picker's title), answer every other turn."""
    game = scene.session.game
    start = len(game.summaries)
    while True:
        run_until(app, lambda: waiting(app, scene, start))
        if len(game.summaries) > start:
            return
        picker = scene.picker
        verbs = {a.verb for a in game.legal_actions()}
        if picker is not None and "double" in verbs:
            title = str(picker.title() if callable(picker.title) else picker.title)
            asked.append((game.hand.mano, game.current_player or 0, title))
            button = next(w for w in picker.focus.widgets
                          if isinstance(w, Button) and not w.primary)
            click(app, button.rect.center)
            continue
        answer(app, scene, set())


def test_butifarra_the_table_asks_the_mano_then_his_partner(app: App) -> None:
    """§9: a pass hands the contro to the partner: the player, the mano's partner in the
    third hand, is asked once the mano passes; his own pass as the mano asks his partner."""
    scene = table(app, players=4, rules="butifarra", seed=5)
    asked: list[tuple[int, int, str]] = []
    for _hand in range(3):
        pass_the_doubles(app, scene, asked)
        run_until(app, lambda: isinstance(top(app), HandResultScene))
        result = top(app)
        assert isinstance(result, HandResultScene)
        click(app, result.button.rect.center)
    said = [a.record_text() for a in scene.session.game.logs[0].actions]
    assert said[said.index("0 pass") + 1].startswith("2 ")  # the partner, not the play
    assert asked[0][:2] == (0, 0) and asked[0][2].startswith("Contro")
    assert any(mano == 2 and seat == 0 for mano, seat, _t in asked), asked


def test_the_dos_table_shows_the_stock_and_draws(app: App) -> None:
    scene = table(app, players=2, rules="dos", seed=3)
    run_until(app, lambda: scene.can_play)
    view = scene.view
    assert view.stock == scene.session.game.observation(0).stock_size > 0
    assert view.table_card == scene.session.game.hand.muestra
    before = view.stock
    for _ in range(3):
        answer(app, scene, set())
        run_until(app, lambda: scene.can_play)
    assert view.stock < before and len(view.hand) == 6


def test_options_no_table_plays_together_fall_back_to_playable_ones() -> None:
    """Found by the UI monkey: arrastrado's lost games chosen with four players crashed."""
    from tute.engine import Game
    from tute.rules import load_ruleset
    from tute.ui.menus.new_game import usable_options

    rules = load_ruleset("arrastrado")
    options = usable_options(rules, {"players": 4, "scoring": "lost_games"})
    assert options["players"] == 4 and options["scoring"] == "points_101"
    Game(rules, options)  # a table can play them
    kept = usable_options(rules, {"players": 3, "scoring": "lost_games"})
    assert kept["scoring"] == "lost_games"
