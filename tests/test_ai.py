"""Computer players: legal and honest play at every level, determinism, never cheating,
and accusing only what can be proven."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tute.ai import LEVELS, Player, make_player
from tute.ai.knowledge import provable_revokers, read
from tute.ai.objectives import OTHER_LOSER_BONUS, Standing, utility
from tute.ai.playout import exact
from tute.ai.sampler import Guess, pinned
from tute.ai.search import CANTE_SLACK, SearchPlayer, settled
from tute.engine import DEAL, Action, Game, Observation
from tute.engine import events as ev
from tute.engine.actions import ACCUSE, PLAY, SING
from tute.rules import load_ruleset

ROOT = Path(__file__).resolve().parent.parent

OPTION_SETS = [
    ("cabrero", {"players": 4}),
    ("cabrero", {"players": 3}),
    ("cabrero", {"players": 5, "desempate": True}),
    ("cabrero", {"players": 6, "trump_rotation": True}),
    ("cabrero", {"players": 4, "renuncio": "penalize", "cuarenta_first": True}),
    ("cabrero", {"players": 4, "renuncio": "accuse", "lives": 2}),
    ("chancho", {"players": 4}),
    ("chancho", {"players": 3, "renuncio": "accuse"}),
]


def player(level: str, seed: int = 0) -> Player:
    """Players as the tests use them: hard in its reproducible fixed-iterations mode."""
    if level == "hard":
        return SearchPlayer(seed, iterations=2)
    return make_player(level, seed=seed)


def play_out(game: Game, choose: Callable[[Observation], Action], hands: int) -> None:
    """Deal and play ``hands`` hands (or to the match's end) with one decision function."""
    while not game.is_over and len(game.summaries) < hands:
        if game.phase == DEAL:
            game.deal()
            continue
        seat = game.current_player
        assert seat is not None
        game.apply(choose(game.observation(seat)))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("rules_id", "options"), OPTION_SETS,
                         ids=[f"{r}-{'-'.join(f'{k}={v}' for k, v in o.items())}"
                              for r, o in OPTION_SETS])
def test_every_level_plays_legal_honest_actions(level: str, rules_id: str,
                                                options: dict[str, object]) -> None:
    game = Game(load_ruleset(rules_id), options, seed=11)
    players = [player(level, seed) for seed in range(game.n)]
    decisions = 0

    def choose(obs: Observation) -> Action:
        nonlocal decisions
        action = players[obs.seat].choose(obs)
        assert action in obs.legal
        if action.verb == PLAY:
            assert game.obligation_mask(obs.seat) >> action.arg & 1, "the AI revoked"
        assert action.verb != ACCUSE, "accused a seat that never revoked"
        decisions += 1
        return action

    play_out(game, choose, hands=3 if level == "hard" else 8)
    assert decisions > 20
    assert not any(s.renuncio is not None for s in game.summaries)


def test_make_player_levels_and_unknown_level() -> None:
    assert [make_player(level).level for level in LEVELS] == ["easy", "medium", "hard"]
    with pytest.raises(ValueError, match="unknown level"):
        make_player("expert")


def test_ai_imports_without_pygame() -> None:
    code = "import sys, tute.ai, tute.simulate; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


def _actions_of(level: str, seed: int) -> list[str]:
    game = Game(load_ruleset("cabrero"), {"players": 4}, seed=5)
    players = [player(level, seed + s) for s in range(4)]
    play_out(game, lambda obs: players[obs.seat].choose(obs), hands=1)
    return game.logs[0].actions


@pytest.mark.parametrize("level", LEVELS)
def test_levels_are_deterministic_for_a_seed(level: str) -> None:
    assert _actions_of(level, 3) == _actions_of(level, 3)


def test_a_decision_does_not_depend_on_earlier_calls() -> None:
    game = Game(load_ruleset("cabrero"), {"players": 4}, seed=2)
    game.deal()
    obs = game.observation(game.current_player or 0)
    fresh, used = SearchPlayer(7, iterations=3), SearchPlayer(7, iterations=3)
    for _ in range(3):
        used.choose(obs)
    assert fresh.choose(obs) == used.choose(obs)


# ----------------------------------------------------------------------- accusations
class Revoker(Player):
    """A cheat for tests: revokes whenever it can, then plays the suit it denied."""

    level = "cheat"

    def sing(self, obs: Observation, sings: list[Action], rng: random.Random) -> Action | None:
        return None

    def play(self, obs: Observation, plays: list[Action], rng: random.Random) -> Action:
        honest = obs.view.obligation_mask(obs.seat)
        cheats = [a for a in plays if not honest >> a.arg & 1]
        return cheats[0] if cheats else next(a for a in plays if honest >> a.arg & 1)

    def accuse(self, obs: Observation) -> Action | None:
        return None


def test_accusations_are_proven_and_made() -> None:
    rules = load_ruleset("cabrero")
    accused = revokes = 0
    for seed in range(25):
        game = Game(rules, {"players": 4, "renuncio": "accuse"}, seed=seed)
        players: list[Player] = [make_player("medium", 0), Revoker(), make_player("easy", 2),
                                 make_player("medium", 3)]
        game.deal()
        while game.phase != DEAL and not game.is_over:
            for seat in game.playing:
                obs = game.observation(seat)
                assert set(provable_revokers(obs)) <= set(game.hand.revokers)
            seat = game.current_player
            assert seat is not None
            events = game.apply(players[seat].choose(game.observation(seat)))
            for e in events:
                if isinstance(e, ev.Accused):
                    assert e.proven and e.accused == 1
                    accused += 1
        revokes += bool(game.hand.revokers)
    assert revokes > 10 and accused > 5


def test_a_revoke_is_provable_once_the_denied_suit_is_played() -> None:
    rules = load_ruleset("cabrero")
    game = Game(rules, {"players": 4, "renuncio": "accuse"}, seed=0)
    game.deal()
    cheat = Revoker()
    proven_at = None
    while game.phase != DEAL and proven_at is None:
        seat = game.current_player
        assert seat is not None
        obs = game.observation(seat)
        if read(game.observation((seat + 1) % 4)).revokers:
            proven_at = len(game.hand.tricks)
            break
        game.apply(cheat.choose(obs))
    assert proven_at is not None
    revoker = game.hand.revokers[0]
    for watcher in range(4):
        if watcher == revoker:
            continue
        obs = game.observation(watcher)
        accusation = Action(watcher, ACCUSE, revoker)
        # Accused on its turn or off it: the UI may ask any seat at any time.
        assert make_player("easy").accuse(obs) == accusation
        assert make_player("hard").choose(obs) == accusation
    # The revoker itself has nothing to prove: off its turn there is nothing to decide.
    obs = game.observation(revoker)
    assert make_player("medium").accuse(obs) is None
    if obs.to_act != revoker:
        with pytest.raises(ValueError, match="nothing to decide"):
            make_player("medium").choose(obs)


# ----------------------------------------------------------------------- the search
class _Seer(SearchPlayer):
    """The search handed the true hands: its choice must be the exact optimum."""

    def __init__(self, game: Game) -> None:
        super().__init__(0, iterations=1)
        self.game = game

    def guess(self, obs: Observation, know: object, rng: random.Random) -> Guess:
        return list(self.game.hands), None


def test_endgame_search_finds_the_seats_best_outcome() -> None:
    rules = load_ruleset("cabrero")
    checked = 0
    for seed in range(12):
        game = Game(rules, {"players": 4}, seed=seed)
        guide = make_player("medium")
        game.deal()
        while game.hand.tricks_left > 2 or game.hand.trick_cards:
            seat = game.current_player
            assert seat is not None
            game.apply(guide.choose(game.observation(seat)))
        seat = game.current_player
        assert seat is not None
        obs = game.observation(seat)
        chosen = _Seer(game).choose(obs)
        values = {}
        for action in obs.legal:
            child = game.hand.copy()
            child.apply(action)
            values[action] = exact(child, Standing(obs.marks, obs.lives))[seat]
        assert values[chosen] == max(values.values())
        checked += 1
    assert checked == 12


def test_utility_is_the_seats_objective() -> None:
    game = Game(load_ruleset("cabrero"), {"players": 4}, seed=8)
    play_out(game, lambda obs: make_player("easy").choose(obs), hands=1)
    losers = game.summaries[-1].losers
    for seat in range(4):
        others = len([s for s in losers if s != seat])
        expected = (-1.0 if seat in losers else 0.0) + OTHER_LOSER_BONUS * others
        assert utility(game.hand, seat, Standing([0] * 4, 4)) == pytest.approx(expected)


def test_a_timed_search_stops_once_the_choice_is_settled() -> None:
    rng = random.Random(1)
    clear = [[1.0 + rng.random() * 0.1, rng.random() * 0.1] for _ in range(48)]
    noisy = [[rng.choice([-1.0, 0.2]), rng.choice([-1.0, 0.2])] for _ in range(48)]
    same = [[-1.0, -1.0, -1.0] for _ in range(48)]
    assert settled(clear) and settled(same) and not settled(noisy)
    assert not settled(clear[:40])  # never before SETTLED_MIN guesses


def test_utility_is_money_in_subastado_chips_in_bato_and_score_in_butifarra() -> None:
    """Each game's own aim (objectives.OBJECTIVES): the stake the contract moves, the
    pot's quarters less a bateado's payment, Butifarra's written score."""
    for name, players in (("subastado", 4), ("bato", 4), ("butifarra", 4), ("codillo", 5)):
        game = Game(load_ruleset(name), {"players": players}, seed=4)
        pot = 0
        while not game.summaries or game.summaries[-1].void:
            play_out(game, lambda obs: make_player("medium").choose(obs), hands=1)
            pot = game.summaries[-1].to_json().get("pot", 0) or 0
        h, summary = game.hand, game.summaries[-1].to_json()
        standing = Standing([0] * players, 4, pot)
        values = [utility(h, s, standing) for s in range(players)]
        if name == "subastado":
            assert values == pytest.approx([p / 100 for p in summary["payments"]])
        elif name == "bato":
            lost = [pot if s in summary["bateados"] else 0 for s in range(players)]
            assert values == pytest.approx(
                [(w - x) / 10 for w, x in zip(summary["won"], lost, strict=True)])
        elif name == "butifarra":
            score = summary["score"]
            assert values == pytest.approx(
                [(score[s % 2] - score[1 - s % 2]) / 100 for s in range(4)])
        else:
            losers = summary["losers"]
            assert all(values[s] < 0 for s in losers)
            assert all(values[s] > 0 for s in range(players) if s not in losers)


def test_hard_searches_a_deal_it_knows_whole_exactly() -> None:
    """Tute a dos once the stock is drawn: the rival holds every card not yet seen, so the
    deal is known (``pinned``) and hard's choice is the exact optimum from six tricks left.
    In the first six of these positions (medium players up to five or six tricks left),
    playing guesses out by the medium policy chose a card or cante that loses 0.04-0.2.
    A cante within CANTE_SLACK of the best card is sung, as the search does where points
    decide."""
    rules = load_ruleset("dos")
    for seed, left in ((14, 6), (24, 6), (42, 6), (42, 5), (54, 5), (56, 6), (0, 6), (1, 5)):
        game = Game(rules, {}, seed=seed)
        guide = make_player("medium")
        game.deal()
        while game.hand.tricks_left > left or game.hand.trick_cards:
            seat = game.current_player
            assert seat is not None and not game.summaries
            game.apply(guide.choose(game.observation(seat)))
        seat = game.current_player
        assert seat is not None
        obs = game.observation(seat)
        assert pinned(obs, read(obs))
        chosen = SearchPlayer(seed, iterations=48).choose(obs)
        standing = Standing(obs.marks, obs.lives, obs.pot, obs.totals)
        values = {}
        for action in obs.legal:
            child = game.hand.copy()
            child.apply(action)
            values[action] = exact(child, standing, {})[seat]
        best = max(values.values())
        assert values[chosen] == best or (chosen.verb == SING
                                          and values[chosen] >= best - CANTE_SLACK)


def test_a_deal_is_pinned_only_where_one_deal_fits() -> None:
    """With a stock still to draw, or more than one rival to hold the unseen cards, many
    deals fit and the search keeps guessing."""
    for name, players in (("dos", 2), ("cabrero", 4), ("brisca", 4)):
        game = Game(load_ruleset(name), {"players": players}, seed=3)
        game.deal()
        guide = make_player("medium")
        while game.hand.tricks_left > 1 or game.hand.trick_cards:
            seat = game.current_player
            assert seat is not None
            obs = game.observation(seat)
            stock_drawn = obs.stock_size <= (obs.face_up is not None)
            assert pinned(obs, read(obs)) == (players == 2 and stock_drawn)
            game.apply(guide.choose(obs))
