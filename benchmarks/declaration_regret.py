"""What the hard level's decisions before play give up, at a budget of guessed deals.

Bids, trumps, juego, acompaño, calls, discards and doubles are taken once a hand and move
the whole hand (a Butifarra double doubles it), so they are measured one by one, not only
through whole matches: on the decisions medium players meet in random deals of a game, the
hard search chooses at each ``--budgets`` number of guessed deals, and this prints per
budget, over the decisions:
1. the regret against a long search of the same position (``--reference`` deals): the
   utility its choice gives up by the search's own lights, the part a larger budget
   recovers;
2. the regret on the true deal: the utility its choice gives up against the best choice
   for the cards as they lie (each choice played out once on them, as the all-seeing
   player of ``ai_strength.py`` does), the part that only seeing the other hands recovers.
Utilities are the game's objective (``tute.ai.objectives``: Butifarra's score and
Subastado's money over 100, Bato's chips over 10, a lost hand 1), per decision. Decisions
are those with two choices or more on hard's shortlist, the a dos exchange left out (it is
always taken).

    PYTHONPATH=build/mypyc python benchmarks/declaration_regret.py [--game butifarra]
        [--players N] [--decisions 100] [--budgets 48,192] [--reference 2000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Iterator, Sequence

from ai_strength import SeeingPlayer

from tute.ai.declare import shortlist
from tute.ai.heuristic import MediumPlayer
from tute.ai.search import SearchPlayer
from tute.engine import Action, Game, Observation
from tute.engine.actions import ACCUSE, EXCHANGE
from tute.rules import load_ruleset


def decisions(game_id: str, players: int | None, seed: int
              ) -> Iterator[tuple[Game, Observation, list[Action]]]:
    """The decisions before play with two shortlisted choices or more that medium players
    meet in one deal after another (the game, the seat's view, the shortlist)."""
    rules = load_ruleset(game_id)
    medium = MediumPlayer(seed)
    while True:
        game = Game(rules, {"players": players} if players else {}, seed)
        game.deal()
        h = game.hand
        while h.phase >= 0 and not game.summaries:
            obs = game.observation(h.to_act)
            choices = [a for a in obs.legal if a.verb != ACCUSE]
            if len(choices) > 1 and all(a.verb != EXCHANGE for a in choices):
                actions = shortlist(obs, choices)
                if len(actions) > 1:
                    yield game, obs, actions
            game.apply(medium.choose(obs))
        seed += 1


def measure(game_id: str, players: int | None, count: int, budgets: Sequence[int],
            reference: int, seed: int) -> None:
    """Print the regrets of each budget over ``count`` decisions."""
    searched: dict[int, list[float]] = {b: [] for b in budgets}
    true: dict[int, list[float]] = {b: [] for b in budgets}
    kinds: dict[str, int] = {}
    seated = 0
    for k, (game, obs, actions) in enumerate(decisions(game_id, players, seed)):
        if k == count:
            break
        ref = SearchPlayer(seed + k, think_seconds=3600.0, guesses=reference).values(
            obs, random.Random(seed + k), actions)
        seen = SeeingPlayer(game, seed + k, 1.0).values(obs, random.Random(seed + k), actions)
        if ref is None or seen is None:
            continue
        seated = obs.players
        kind = "/".join(sorted({a.verb for a in actions}))
        kinds[kind] = kinds.get(kind, 0) + 1
        for b in budgets:
            chosen = SearchPlayer(seed + k, think_seconds=3600.0, guesses=b).search(
                obs, random.Random(seed + k + 1), actions)
            pick = actions.index(chosen)
            searched[b].append(max(ref) - ref[pick])
            true[b].append(max(seen) - seen[pick])
    print(f"{game_id} ({seated} players), {sum(kinds.values())} decisions: "
          + ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items())))
    for b in budgets:
        r, t = searched[b], true[b]
        print(f"  {b:5d} deals: regret against {reference} deals {statistics.fmean(r):.4f} "
              f"(worse in {sum(x > 1e-9 for x in r)}), on the true deal "
              f"{statistics.fmean(t):.4f} (worse in {sum(x > 1e-9 for x in t)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="butifarra")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--budgets", default="48,192",
                        help="guessed deals a decision, comma-separated")
    parser.add_argument("--reference", type=int, default=2000,
                        help="guessed deals of the long search the budgets are held to")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    measure(args.game, args.players, args.decisions,
            [int(b) for b in args.budgets.split(",")], args.reference, args.seed)


if __name__ == "__main__":
    main()
