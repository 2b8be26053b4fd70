"""How often each level sings when a cante is on offer, and what its tutes earn.

Plays duplicate deals of a game (default Tute a dos, hard against medium, as
``ai_strength.py`` does) and counts, per level, the decisions where a cante was legal:
sung at once, declined for a card; tutes on offer and sung; and matches the hands won
outright (a sung tute, or 101 reached, in ``match_101``). A cante declined is not always a
mistake (Cabrero's zero and a menos), but in Tute a dos it is lost if the next trick is.

    .venv/bin/python benchmarks/cantes.py [--game dos] [--hands 200] [--guesses 40]
        [--levels hard medium] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Sequence

from tute.ai import Player, make_player
from tute.ai.search import SearchPlayer
from tute.engine import Action, Game, Observation
from tute.engine.actions import PLAY, SING, SING_TUTE
from tute.rules import load_ruleset
from tute.simulate import Simulation


class Counting(Player):
    """A player that tallies its cante decisions into ``counts`` under its level."""

    def __init__(self, inner: Player, counts: Counter[str]) -> None:
        super().__init__(inner.seed)
        self.inner, self.counts, self.level = inner, counts, inner.level

    def choose(self, obs: Observation) -> Action:
        action = self.inner.choose(obs)
        sings = [a for a in obs.legal if a.verb == SING]
        if sings and action.verb in (SING, PLAY):  # an exchange first leaves them on offer
            lv = self.level
            self.counts[f"{lv} offered"] += 1
            self.counts[f"{lv} sung"] += action.verb == SING
            if any(a.arg == SING_TUTE for a in sings):
                self.counts[f"{lv} tute offered"] += 1
                self.counts[f"{lv} tute sung"] += action.arg == SING_TUTE and action.verb == SING
        return action

    def sing(self, obs: Observation, sings: list[Action], rng: random.Random) -> None:
        raise NotImplementedError  # choose() delegates every decision to the inner player

    def play(self, obs: Observation, plays: list[Action], rng: random.Random) -> Action:
        raise NotImplementedError


class MatchCounting(Simulation):
    """A simulation that also counts, per level, the first hands that ended the match."""

    won: Counter[str]

    def __post_init__(self) -> None:
        super().__post_init__()
        self.won = Counter()

    def play_match(self, match_seed: int, shift: int, one_hand: bool) -> Game:
        game = super().play_match(match_seed, shift, one_hand)
        n = game.n
        if game.is_over and not game.draw:
            for seat in game.winners:
                self.won[self.levels[(seat - shift) % n]] += 1
        return game


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="dos")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--guesses", type=int, default=40)
    parser.add_argument("--levels", nargs="+", default=["hard", "medium"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = load_ruleset(args.game)
    options = rules.resolve({"players": len(args.levels)})
    counts: Counter[str] = Counter()

    def build(level: str, seed: int, game: Game) -> Player:
        inner: Player = (SearchPlayer(seed, think_seconds=3600.0, guesses=args.guesses)
                         if level == "hard" else make_player(level, seed=seed))
        return Counting(inner, counts)

    sim = MatchCounting(rules, options, args.levels, seed=args.seed, duplicate=True,
                        factory=build)
    sim.run_hands(args.hands)
    print(f"{rules.name['en']}, {' vs '.join(args.levels)}, {sim.hands_played} hands, "
          f"hard up to {args.guesses} guesses")
    for level in dict.fromkeys(args.levels):
        offered, sung = counts[f"{level} offered"], counts[f"{level} sung"]
        t_off, t_sung = counts[f"{level} tute offered"], counts[f"{level} tute sung"]
        won = sim.won[level]
        pts = sum(st.points for st in sim.stats if st.level == level)
        hands = sum(st.hands for st in sim.stats if st.level == level)
        print(f"  {level:<7} cante on offer {offered:4d}, sung at once {sung:4d} "
              f"({100 * sung / max(1, offered):.0f}%), declined {offered - sung:4d}; "
              f"tute on offer {t_off}, sung {t_sung}; mean points {pts / max(1, hands):.1f}; "
              f"hands that won the match {won}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
