"""Soak: computer-only hands of every game, player count and option combination, with the
engine's invariants checked after every action.

Games are the files in the bundled rules folder, player counts and options come from each
ruleset's ``options``, so a game that lands later is soaked without touching this script.
Each match gets a random legal combination of options and random levels per seat. After every
deal and every action it checks, through the public API only (observations, ``summary_json``,
records):

* every card is in exactly one place: hands + trick on the table + taken tricks + out of
  play / muestra + stock and discards (counted where the observation has them) = the deck;
* every seat's observation agrees with the others on the public facts and with its own hand
  (hand sizes, known cards, legal plays in hand, legal actions only for the seat to act);
* an illegal action raises ``IllegalAction`` and changes nothing (summary, record, hands);
* at each hand's end, points add up (per seat: tricks' card points + cantes + diez de
  últimas; in all, what the ruleset file puts in the cards played, the last trick and the
  points per trick, taken from the file, never from the game's name), marks go to the
  losers and to nobody else, and the stakes of later games add up (payments sum to 0,
  chips kept);
* at each match's end, its record replays to the same ``tute replay --json`` object.

Prints hands per game, ``exceptions: N`` and ``invariant failures: N`` (none allowed; each is
written as a record under ``--out``) and ``hands/s``. Then ``--hostile N`` files of the classes
in HOSTILE_CLASSES go through ``tute replay`` and the player files' loaders, and their counts
per class are printed. Exit status 1 if anything failed.

    python benchmarks/soak.py [--hands N] [--games g1,g2] [--seed S] [--levels easy,medium]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tute.ai import make_player
from tute.cards import DECKS, card_text, cards_of
from tute.engine import DEAL, Action, Game, IllegalAction, Observation
from tute.engine.record import dump_record, record_from_text, replay, summary_json
from tute.resources import rules_dir
from tute.rules import OptionValue, RuleSet, load_ruleset

if TYPE_CHECKING:
    from tute.ui.table.controller import TableController

PSEUDO_LEVELS = ("random",)
"""Levels that are not computer players: ``random`` picks any legal action, accusations
included, so the soak reaches positions (false accusations, revokes) good players avoid."""

CANTE_VALUES = {"40": 40, "tute": 0}


class Violation(AssertionError):
    """An invariant of the engine that did not hold."""


def games_available() -> list[str]:
    """Every bundled game: one ruleset file each."""
    return sorted(p.stem for p in rules_dir().glob("*.yaml"))


def random_options(rules: RuleSet, rng: random.Random) -> dict[str, OptionValue]:
    """A random allowed value for every option the ruleset offers (players included)."""
    return {name: rng.choice(opt.allowed()) for name, opt in rules.options.items()}


def random_game(rules: RuleSet, rng: random.Random, seed: int, tries: int = 200
                ) -> tuple[Game, dict[str, OptionValue]]:
    """A match with a random legal combination of options: some games refuse some
    combinations (a scoring for one player count only), so draw until one is accepted."""
    for _ in range(tries):
        options = random_options(rules, rng)
        try:
            return Game(rules, options, seed=seed), options
        except ValueError:
            continue
    raise ValueError(f"{rules.id}: no legal option combination in {tries} draws")


def cante_value(text: str) -> int:
    return CANTE_VALUES.get(text, 20 if text.startswith("20") else 0)


def _bits(cards: Any) -> int:
    """A card set from a bitmask, a card, or an iterable of cards / (seat, card) pairs."""
    if cards is None:
        return 0
    if isinstance(cards, int):
        return cards
    out = 0
    for c in cards:
        out |= 1 << (c[1] if isinstance(c, tuple) else c)
    return out


def _count(value: Any) -> int:
    """A count from an int, or from a per-seat sequence of ints."""
    if value is None:
        return 0
    if isinstance(value, int):
        return value
    return sum(_count(v) for v in value)


def _need(cond: bool, what: Callable[[], str]) -> None:
    """Raise a Violation; the message is built only then, since the checks run after
    every action."""
    if not cond:
        raise Violation(what())


def _names(mask: int) -> str:
    return " ".join(card_text(c) for c in cards_of(mask)) or "-"


# ----------------------------------------------------------------- invariants
def check_cards(game: Game, obs: Sequence[Observation]) -> None:
    """Every card in exactly one place, seen through the seats' observations."""
    deck = DECKS[game.rules.deck]
    size = deck.bit_count()
    o = obs[0]
    places: list[tuple[str, int]] = [(f"hand {s}", ob.hand) for s, ob in enumerate(obs)]
    places.append(("trick", _bits(o.trick)))
    for i, (_winner, trick) in enumerate(o.tricks):
        places.append((f"trick {i + 1}", _bits(trick)))
    places.append(("out of play", _bits(getattr(o, "out_of_play", 0))))
    seen = 0
    for name, cards in places:
        if seen & cards or cards & ~deck:
            raise Violation(f"{name}: cards {_names(seen & cards)} are in two places, "
                            f"{_names(cards & ~deck)} not in the deck")
        seen |= cards
    hidden = _count(getattr(o, "stock_size", 0)) + _count(getattr(o, "face_down", getattr(
        o, "discards", 0)))
    muestra = getattr(o, "muestra", None)
    if muestra is not None and not seen >> muestra & 1 and not hidden:
        seen |= 1 << muestra
    total = seen.bit_count() + hidden
    _need(total == size, lambda: f"{total} cards accounted for, the deck has {size} "
                                 f"(missing {_names(deck & ~seen)}, {hidden} in stock/discards)")
    played = _bits(o.trick)
    for _winner, trick in o.tricks:
        played |= _bits(trick)
    if hasattr(o, "played"):
        _need(o.played == played, lambda: f"'played' is {_names(o.played)}, tricks hold "
                                          f"{_names(played)}")


PUBLIC = ("phase", "hand_number", "dealer", "mano", "to_act", "hand_sizes", "trump", "trick",
          "tricks", "taken", "cantes", "marks", "retired", "played", "muestra", "out_of_play",
          "stock_size", "face_up", "totals", "duel")
"""Observation fields every seat must see alike (those a version of the engine has)."""


def check_observations(game: Game, obs: Sequence[Observation]) -> None:
    """Each seat's view is consistent with its own hand and with the other seats' views."""
    legal = set(game.legal_actions())
    to_act = game.current_player
    first = obs[0]
    public = [(key, getattr(first, key)) for key in PUBLIC if hasattr(first, key)]
    for s, ob in enumerate(obs):
        if ob.seat != s:
            raise Violation(f"observation({s}) says seat {ob.seat}")
        for key, value in public:
            if getattr(ob, key) != value:
                raise Violation(f"seat {s} sees {key}={getattr(ob, key)!r}, "
                                f"seat 0 sees {value!r}")
        if ob.hand_sizes[s] != ob.hand.bit_count():
            raise Violation(f"seat {s}: hand_sizes says {ob.hand_sizes[s]}, "
                            f"its hand has {ob.hand.bit_count()}")
        for t, known in enumerate(getattr(ob, "known", ())):
            if known & ~obs[t].hand:
                raise Violation(f"seat {s} 'knows' seat {t} holds {_names(known & ~obs[t].hand)}")
        for a in ob.legal:
            if a.seat != s or (a.verb == "play" and not ob.hand >> a.arg & 1):
                raise Violation(f"seat {s} (hand {_names(ob.hand)}) is offered "
                                f"{a.record_text()}")
        if s == to_act and set(ob.legal) != legal:
            raise Violation(f"seat {s}'s observation offers {sorted(ob.legal)}, "
                            f"the game {sorted(legal)}")
        if s != to_act and any(a.verb != "accuse" for a in ob.legal):
            raise Violation(f"seat {s} is offered {[a.text() for a in ob.legal]} out of turn")
    _need(all(a.seat == to_act for a in legal), lambda: f"legal actions of other seats: {legal}")


def fingerprint(game: Game, record: bool, obs: Sequence[Observation] | None = None
                ) -> tuple[str, str, list[Observation]]:
    """Everything an illegal action must leave as it was: the replay summary, every seat's
    observation, and sometimes the record (dumping it costs as much as the match is long)."""
    views = list(obs) if obs is not None else [game.observation(s) for s in range(game.n)]
    return (json.dumps(summary_json(game), sort_keys=True),
            dump_record(game) if record else "", views)


def illegal_candidates(game: Game, obs: Sequence[Observation], rng: random.Random
                       ) -> list[Action]:
    """A few actions that are not legal now: foreign cards, wrong seats, bad cantes, verbs."""
    to_act = game.current_player
    n = game.n
    legal = set(game.legal_actions())
    seat = to_act if to_act is not None else 0
    other = rng.choice([s for s in range(n) if s != seat])
    deck = cards_of(DECKS[game.rules.deck])
    cands = [Action(seat, "play", rng.choice(deck)), Action(other, "play", rng.choice(deck)),
             Action(seat, "sing", rng.randrange(6)), Action(seat, "fly", 0),
             Action(seat, "accuse", seat)]
    if game.phase == DEAL:
        cands.append(Action(seat, "play", deck[0]))
    # Accusations by any seat and revokes are legal in some modes: offered ones are skipped.
    offered = set(legal)
    for ob in obs:
        offered |= set(ob.legal)
    return [a for a in cands if a not in offered]


def check_illegal(game: Game, obs: Sequence[Observation], rng: random.Random) -> int:
    """Try one illegal action: it must raise IllegalAction and change nothing."""
    cands = illegal_candidates(game, obs, rng)
    if not cands:
        return 0
    action = rng.choice(cands)
    record = rng.random() < 0.05
    before = fingerprint(game, record, obs)
    try:
        game.apply(action)
    except IllegalAction:
        pass
    else:
        raise Violation(f"illegal action {action.record_text()} was accepted")
    after = fingerprint(game, record)
    _need(after[:2] == before[:2] and after[2] == before[2],
          lambda: f"refused {action.record_text()} changed the state")
    return 1


def check_hand_end(game: Game, obs: Sequence[Observation], marks_before: list[int] | None,
                   stakes: dict[str, Any]) -> None:
    """Points, marks and stakes of the hand that just ended add up."""
    doc = summary_json(game)
    hand = doc["hands"][-1]  # type: ignore[index]
    _need(hand.get("complete") is True, lambda: "a finished hand is not 'complete'")
    if hand.get("void"):
        return
    o = obs[0]
    values = game.rules.order.points
    won = [0] * game.n
    for winner, trick in o.tricks:
        won[winner] += sum(values[c] for _s, c in trick)
    if not o.tricks and sum(o.taken):
        # A lone player (Bato's declarer nobody accompanied, a lone player in under
        # `lone: unopposed`) takes every trick of his hand unplayed.
        _need(max(o.taken) == sum(o.taken) == game.kit.hand_size,
              lambda: f"unopposed: taken {list(o.taken)}")
        return
    _need(list(o.taken) == [sum(1 for w, _ in o.tricks if w == s) for s in range(game.n)],
          lambda: f"taken {list(o.taken)} does not match the tricks")
    if hasattr(o, "won_points"):
        _need(list(o.won_points) == won,
              lambda: f"won_points {list(o.won_points)}, the tricks hold {won}")
    points = hand["points"]
    cantes = hand["cantes"]
    bonus = game.rules.last_trick_bonus
    for s in range(game.n):
        want = won[s] + sum(cante_value(c) for c in cantes[s])
        if hand["last_trick"] == s:
            want += bonus  # the diez de últimas (none in Brisca nor Butifarra)
        got = Fraction(points[s]).limit_denominator(1 << 12)
        if not 0 <= got - want < 1:  # desempate adds less than one point
            raise Violation(f"seat {s} has {points[s]} points; its tricks, cantes and "
                            f"last trick make {want}")
    # What the hand is worth, from the ruleset file and the cards played (a game whose
    # stock is never all played, like Bato's, puts fewer than the deck's points at stake):
    played = sum(won) + (bonus if hand["last_trick"] is not None else 0)
    sung = sum(cante_value(c) for cs in cantes for c in cs)
    if hand.get("tute") is None:
        got_total = sum(int(Fraction(p).limit_denominator(1 << 12)) for p in points)
        _need(got_total == played + sung, lambda: f"points {points} add up to "
              f"{sum(points)}, expected {played + sung}")
    if "team_points" in hand and hand.get("tute") is None:
        per_trick = game.rules.trick_points * len(o.tricks)
        team_total = sum(Fraction(p).limit_denominator(1 << 12) for p in hand["team_points"])
        _need(int(team_total) == played + sung + per_trick,
              lambda: f"team_points {hand['team_points']} != {played + sung + per_trick} "
              "(cards, last trick, cantes and points per trick)")
    if "payments" in hand:
        _need(sum(hand["payments"]) == 0, lambda: f"payments {hand['payments']} do not sum to 0")
    if "chips" in hand and "next_pot" in hand:
        total = sum(hand["chips"]) + hand["next_pot"]
        stakes.setdefault("chips", total)
        _need(total == stakes["chips"], lambda: f"chips + pot {total}, was {stakes['chips']}")
    if "marks" in hand and "losers" in hand and marks_before is not None:
        gained = {s for s, (a, b) in enumerate(zip(marks_before, hand["marks"], strict=True))
                  if b != a}
        _need(all(b >= a for a, b in zip(marks_before, hand["marks"], strict=True)),
              lambda: f"marks went down: {marks_before} -> {hand['marks']}")
        _need(gained == set(hand["losers"]),
              lambda: f"marks {marks_before} -> {hand['marks']}, losers {hand['losers']}")
        if hand.get("renuncio") is not None:  # the option renuncio_marks (2 by default)
            worth = int(game.options.get("renuncio_marks", 2))
            _need(all(hand["marks"][s] - marks_before[s] == worth for s in gained),
                  lambda: f"a revoke took {hand['marks']} from {marks_before}, not {worth}")


def check_replay(game: Game) -> None:
    """The match's record replays to the same result."""
    text = dump_record(game)
    result = replay(record_from_text(text))
    _need(result.error is None, lambda: f"own record does not replay: {result.error}")
    want = json.dumps(summary_json(game), sort_keys=True)
    got = json.dumps(summary_json(result.game), sort_keys=True)
    _need(want == got, lambda: "record replays to a different result")


def check_all(game: Game) -> list[Observation]:
    obs = [game.observation(s) for s in range(game.n)]
    if game.phase != DEAL and not game.is_over:
        check_cards(game, obs)
    check_observations(game, obs)
    return obs


# ----------------------------------------------------------------- the soak
@dataclass
class GameStats:
    hands: int = 0
    matches: int = 0
    finished: int = 0
    actions: int = 0
    illegal: int = 0
    players: set[int] = field(default_factory=set)


@dataclass
class Soak:
    """A soak run: which games, how many hands, and what it found."""

    games: list[str]
    levels: list[str]
    seed: int = 0
    out: Path | None = None
    illegal_every: int = 1
    max_match_hands: int = 40
    stats: dict[str, GameStats] = field(default_factory=dict)
    exceptions: int = 0
    failures: list[str] = field(default_factory=list)
    log: Callable[[str], None] = print

    def __post_init__(self) -> None:
        self.rules = {g: load_ruleset(g) for g in self.games}
        self.stats = {g: GameStats() for g in self.games}

    @property
    def hands(self) -> int:
        return sum(s.hands for s in self.stats.values())

    def run(self, hands: int, seconds: float | None = None) -> None:
        """Play matches until ``hands`` hands (or ``seconds``) have gone by; each match goes
        to the game with the fewest hands so far."""
        deadline = None if seconds is None else time.perf_counter() + seconds
        match = 0
        while self.hands < hands and (deadline is None or time.perf_counter() < deadline):
            game_id = min(self.games, key=lambda g: (self.stats[g].hands, g))
            self.match(game_id, self.seed * 1_000_003 + match, hands - self.hands)
            match += 1

    def match(self, game_id: str, seed: int, budget: int) -> None:
        rng = random.Random(f"soak {game_id} {seed}")  # text seeds are hashed: well mixed
        rules = self.rules[game_id]
        st = self.stats[game_id]
        game, options = random_game(rules, rng, seed)
        levels = [rng.choice(self.levels) for _ in range(game.n)]
        players = [None if lv in PSEUDO_LEVELS else make_player(lv, seed=seed * 8 + s)
                   for s, lv in enumerate(levels)]
        st.matches += 1
        st.players.add(game.n)
        limit = min(budget, self.max_match_hands)
        played = 0
        marks_before: list[int] | None = None
        stakes: dict[str, Any] = {}
        where = "deal"
        try:
            while not game.is_over:
                if game.phase == DEAL:
                    if played >= limit:
                        break
                    doc = summary_json(game)
                    hands_done = doc["hands"]
                    marks_before = (hands_done[-1].get("marks") if hands_done  # type: ignore
                                    else [0] * game.n)
                    where = "deal"
                    game.deal()
                    obs = check_all(game)
                    continue
                seat = game.current_player
                assert seat is not None
                where = f"seat {seat} to act"
                if self.illegal_every and st.actions % self.illegal_every == 0:
                    st.illegal += check_illegal(game, obs, rng)
                action = self.choose(game, obs, players, seat, rng)
                where = f"applying {action.record_text()}"
                done = len(game.summaries)
                game.apply(action)
                st.actions += 1
                obs = check_all(game)
                if len(game.summaries) > done:
                    played += 1
                    st.hands += 1
                    check_hand_end(game, obs, marks_before, stakes)
            if game.is_over:
                st.finished += 1
            check_replay(game)
        except Violation as exc:
            self.fail(game, f"{game_id} {options} seed {seed}: {where}: {exc}")
        except Exception:
            self.exceptions += 1
            self.fail(game, f"{game_id} {options} seed {seed}: {where}: exception\n"
                            + traceback.format_exc())

    def choose(self, game: Game, obs: Sequence[Observation], players: list[Any], seat: int,
               rng: random.Random) -> Action:
        """The acting seat's choice, or now and then an accusation by another seat."""
        legal = list(obs[seat].legal)
        for s, ob in enumerate(obs):
            if s == seat or players[s] is None:
                continue
            if ob.legal and rng.random() < 0.5:
                accusation = players[s].accuse(ob)
                if accusation is not None:
                    return accusation  # type: ignore[no-any-return]
        player = players[seat]
        if player is None:
            if rng.random() < 0.02:
                extra = [a for s, ob in enumerate(obs) if s != seat for a in ob.legal]
                if extra:
                    return rng.choice(extra)
            plays = [a for a in legal if a.verb != "accuse"] or legal
            return rng.choice(legal if rng.random() < 0.02 else plays)
        action = player.choose(obs[seat])
        return action  # type: ignore[no-any-return]

    def fail(self, game: Game, message: str) -> None:
        self.failures.append(message)
        self.log(f"FAILED: {message}")
        if self.out is not None:
            self.out.mkdir(parents=True, exist_ok=True)
            path = self.out / f"failure-{len(self.failures):04d}.yaml"
            try:
                record = dump_record(game)
            except Exception as exc:  # the game may be broken beyond dumping
                record = f"# dump_record failed: {exc!r}\n"
            comment = "".join(f"# {line}\n" for line in message.splitlines())
            path.write_text(comment + record, encoding="utf-8")
            self.log(f"  record: {path}")

    def report(self, seconds: float) -> str:
        lines = [f"{'game':<12}{'players':>10}{'matches':>9}{'ended':>7}{'hands':>9}"
                 f"{'actions':>10}{'illegal':>9}"]
        for g, s in self.stats.items():
            players = ",".join(map(str, sorted(s.players)))
            lines.append(f"{g:<12}{players:>10}{s.matches:>9}{s.finished:>7}{s.hands:>9}"
                         f"{s.actions:>10}{s.illegal:>9}")
        hands = self.hands
        actions = sum(s.actions for s in self.stats.values())
        lines += [f"hands: {hands}", f"actions: {actions}",
                  f"exceptions: {self.exceptions}",
                  f"invariant failures: {len(self.failures) - self.exceptions}",
                  f"seconds: {seconds:.1f}",
                  f"hands/s: {hands / seconds if seconds > 0 else 0.0:.1f}"]
        return "\n".join(lines)


# ----------------------------------------------------------------- hostile files
HOSTILE_CLASSES = ("integer", "device", "nesting", "non-finite", "extends", "player file",
                   "user ruleset", "faulty disk", "format spec", "lesson", "deal code")
"""What a file a player is given may hold to break the game (issue 22): each must end in a
one-line error naming the file and line, or in the file being set aside. A faulty disk
(issue 39) fails the player's own files for a stretch of a match: nothing may be lost or
counted twice. Words from files (issue 46) may fill in plain ``{name}`` only: format specs,
conversions, attributes and indexes in a player's ruleset or a lesson are refused at load,
and so are lessons the engine cannot play; a typed deal code is quoted back without the
terminal escapes it holds.
"""

FORMAT_SPECS = ("{renuncio:d}", "{lives:>200000000}", "{lives!r}", "{lives.real}",
                "{lives[0]}", "{0}", "{}", "{seat9}", "{pair:{lives}}", "{right:d}",
                "{card.__class__}", "{led:x}")
"""What a file's words may put in braces to break the window or grow its memory: each is
refused wherever a ruleset or a lesson writes it."""


def hostile_record(kind: str, rng: random.Random, folder: Path) -> str:
    """A record of class ``kind``; rulesets and special files it names go in ``folder``."""
    digits = rng.choice([1, 18, 19, 41, 4299, 4301, 6000])
    number = rng.choice(["", "-", "0x", "0o"]) + "7" * digits
    if kind == "integer":
        return rng.choice([f"rules: cabrero\nseed: {number}\n",
                           f"rules: cabrero\noptions: {{players: {number}}}\n",
                           f"rules: cabrero\nhands: [{{dealer: {number}}}]\n",
                           f"rules: cabrero\nhands: [{{actions: [{number}]}}]\n"])
    if kind == "device":
        fifo = folder / "fifo.yaml"
        if not fifo.exists() and hasattr(os, "mkfifo"):
            os.mkfifo(fifo)
        target = rng.choice(["/dev/zero", "/dev/urandom", "/dev/null", str(fifo), str(folder),
                             "/etc/passwd", "n" * rng.choice([255, 300, 5000]) + ".yaml"])
        return f"rules: {target}\n"
    if kind == "nesting":
        depth = rng.choice([39, 41, 1000, 5000])
        return f"rules: cabrero\nseed: {'[' * depth}{']' * depth}\n"
    if kind == "non-finite":
        value = rng.choice([".nan", ".inf", "-.inf", "1e400", "1e12"])
        return rng.choice([f"rules: cabrero\nseed: {value}\n",
                           f"rules: cabrero\noptions: {{players: {value}}}\n"])
    if kind == "user ruleset":
        return user_ruleset_record(rng, folder)
    if kind == "format spec":
        spec = rng.choice(FORMAT_SPECS)
        where = rng.choice(["ui:\n  opener:\n    - {es: \"a %s\", en: \"b %s\"}\n",
                            "ui:\n  blurb: {es: \"a %s\", en: \"b %s\"}\n",
                            "options:\n  lives: {default: 4, range: [1, 9], label: {es: \"a "
                            "%s\", en: r}, description: {es: d, en: \"b %s\"}}\n"])
        path = folder / "spec.yaml"
        path.write_text("extends: cabrero\nname: {es: Mío, en: Mine}\n" + where % (spec, spec),
                        encoding="utf-8")
        return f"rules: {json.dumps(str(path))}\nseed: 1\n"
    length = rng.randint(1, 20)
    for old in folder.glob("x*.yaml"):
        old.unlink()
    last = rng.choice([rng.choice(games_available()), "x0", f"x{length - 1}", "nothere",
                       "../x", "list"])
    (folder / "list.yaml").write_text("- a\n", encoding="utf-8")
    for i in range(length):
        target = f"x{i + 1}" if i + 1 < length else last
        (folder / f"x{i}.yaml").write_text(f"extends: {target}\n", encoding="utf-8")
    return f"rules: {folder / 'x0.yaml'}\n"


SECRET = "SECRET-4711"
"""What a file that is no ruleset holds: never to be quoted in an error."""


def hostile_lesson(rng: random.Random) -> tuple[str, bool]:
    """A bundled lesson spoiled, and whether it must be refused: a format spec or an absent
    seat in a caption, a ruleset that is not there, an option out of range, a card dealt
    twice, an action cut short, escapes in a card (all refused), or its text cut anywhere
    (refused unless the cut spared it)."""
    from tute.lessons import lesson_names
    from tute.resources import asset

    text = asset("lessons", f"{rng.choice(lesson_names())}.yaml").read_text(encoding="utf-8")
    how = rng.randrange(7)
    spoiled = text
    if how == 0:
        spoiled = re.sub(r"(?m)^(      (?:es|en): )(.*)$", lambda m: f'{m.group(1)}"'
                         f'{rng.choice(FORMAT_SPECS)}"', text, count=1)
    elif how == 1:
        spoiled = re.sub(r"(?m)^rules: .*$", "rules: " + rng.choice(
            ["nosuch", "../x", "/dev/zero"]), text)
    elif how == 2:
        spoiled = text.replace("options: {players:", "options: {lives: 99, players:", 1)
    elif how == 3:
        spoiled = re.sub(r"(?m)^(  - \[)(\w+)", r"\g<1>1O", text, count=2)
    elif how == 4:
        spoiled = re.sub(r"(?m)^(  - \d) (play|sing|bid|pass)\b.*$", r"\1 play", text,
                         count=1)
    elif how == 5:
        spoiled = text.replace("[", "[\x1b[31m", 1)
    else:
        return text[:rng.randrange(len(text))], False
    assert spoiled != text, how
    return spoiled, True


def hostile_code(rng: random.Random) -> str:
    """A deal code as typed by mistake or malice: terminal escapes, controls, the wrong
    characters or length."""
    pieces = ["DOS", "cabrero", "-", "3T266", "0G5M7", "\x1b[31m", "\x1b]0;x\x07", "\x9b2J",
              "\u202e", "\x00", "I", "O", "U", " ", "é"]
    return "".join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))


def user_ruleset_record(rng: random.Random, folder: Path) -> str:
    """A record naming a player's ruleset (issue 39) by a relative path beside it, by an
    absolute or odd path (``#``, ``: ``, quotes), with the hash of a changed file, or
    naming a file that is no ruleset."""
    import json

    sub = rng.choice(["my", "odd #dir", "colon: x", "quote ' \" q", "ñ · ü"])
    path = folder / sub / "mine.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    how = rng.choice(["relative", "absolute", "changed", "not a ruleset"])
    game = rng.choice(games_available())
    path.write_text(f"password: {SECRET}\nuser: {SECRET}\n" if how == "not a ruleset" else
                    f"extends: {game}\nname: {{es: Mío, en: Mine}}\n", encoding="utf-8")
    name = json.dumps(f"{sub}/mine.yaml" if how == "relative" else str(path))
    sha = "rules_sha256: '" + "0" * 64 + "'\n" if how == "changed" else ""
    return f"rules: {name}\n{sha}seed: {rng.randrange(100)}\n"


PlayerFile = tuple[str, Callable[[], tuple[object, object]]]
"""Where a kind of file lies in the data folder, and how the game reads it."""


def player_files() -> dict[str, PlayerFile]:
    """Every kind of file the game reads from its data folder (``store.KINDS``): where it
    lies there, and how the game reads it."""
    from tute import store
    from tute.puzzles import progress
    from tute.stats import file as stats_file

    files: dict[str, PlayerFile] = {"settings": (store.SETTINGS_FILE, store.load_settings),
        "match": (store.MATCH_FILE, store.load_match),
        "statistics": (stats_file.STATS_FILE, stats_file.load),
        "puzzles": (progress.PROGRESS_FILE, progress.load_progress),
        "records": (f"{store.RECORDS_DIR}/{store.RECORDS_INDEX}", store.load_index)}
    missing = set(store.KINDS) - set(files)
    if missing:
        raise Violation(f"the soak has no hostile files of kind {sorted(missing)}")
    return files


def hostile_player_file(rng: random.Random, turn: int) -> tuple[str, str]:
    """(kind, content) of a damaged file of the data folder, the kinds in turn: each file's
    own fields given a number it never holds (400 digits and more included: R04), a NUL
    in a text, or a name with a path or a control character in it (R19); or, for any
    kind, nesting, millions of empty lists (R05) or more bytes than its kind may hold
    (R06-R08)."""
    from tute import store

    kind = sorted(player_files())[turn % len(player_files())]
    depth = rng.choice([100, 1000, 100_000])
    number = rng.choice(["NaN", "Infinity", "-Infinity", "1e12", "1" + "0" * 45,
                         "1" + "0" * 400, "1" + "0" * 5000, "1e400"])
    name = rng.choice(["x\\u0000.yaml", "../../x.yaml", "a/b", "\\u0001"])
    entry = '{"file": "2026-01-01_000000-%s", "kept": %s, "digest": ""}'
    shaped = {  # each file's own fields, given a number or a name it never holds
        "settings": [f'{{"version": 1, "volume": {number}}}',
                     '{"version": 1, "introduced": ["mine\\u0000.yaml"]}'],
        "match": [f'{{"version": 1, "record": "rules: cabrero", "saved_at": {number}}}'],
        "statistics": [
            f'{{"version": 1, "matches": [{{"game": "cabrero", "hands": '
            f'[{{"points": {number}}}]}}]}}',
            f'{{"version": 1, "matches": [{{"game": "cabrero", "seed": {number}}}]}}'],
        "puzzles": [f'{{"version": 1, "puzzles": {{"cabrero-1": {{"tried": {number}}}}}}}',
                    f'{{"version": 1, "puzzles": {{"{name}": {{"tried": 1}}}}}}'],
        "records": ['{"version": 1, "records": [%s]}' % (entry % ("x.yaml", number)),
                    '{"version": 1, "records": [%s]}' % (entry % (name, "1.7e9"))]}
    any_kind = ["[" * depth + "]" * depth,
                '{"version": 1, "x": [' + "[]," * 2_000_000 + "[]]}",
                '{"version": 1, "x": "' + "x" * store.KINDS[kind].size + '"}']
    return kind, rng.choice([*any_kind, *shaped[kind], *shaped[kind]])


def player_file_set_aside(rng: random.Random, turn: int, home: Path) -> str | None:
    """A hostile file of the data folder ``home`` (``hostile_player_file``) read as the
    game reads it: it must be set aside and reported, quickly; what went wrong, or None."""
    from tute import store

    kind, text = hostile_player_file(rng, turn)
    name, load = player_files()[kind]
    (home / name).parent.mkdir(parents=True, exist_ok=True)
    (home / name).write_text(text, encoding="utf-8")
    os.environ[store.HOME_ENV] = str(home)
    started = time.perf_counter()
    _value, problem = load()
    if problem is None or (home / name).exists():
        return f"{kind} {text[:60]!r} was not set aside"
    if time.perf_counter() - started > 2:
        return f"{kind} {text[:60]!r} took {time.perf_counter() - started:.1f} s"
    return None


def play_out(controller: TableController, autoplay: bool,
             before_step: Callable[[int], None] = lambda _steps: None) -> None:
    """Drive ``controller``'s match to its end as the table does, the player's seat taking
    its first choice (or, with ``autoplay``, its only card by itself); ``before_step`` sees
    each step's number first (a faulty disk switched on and off)."""
    from tute.engine import events as ev
    from tute.ui.table.controller import Tick

    session = controller.session
    scored, steps = False, 0
    while not controller.done:
        before_step(steps)
        steps += 1
        controller.think()
        if session.human_to_act and not (autoplay and controller.autoplay_card() is not None):
            events = controller.perform(session.choices()[0])
        else:
            step = controller.advance(1.0, 0.0, autoplay=autoplay, scored=scored)
            if step.tick is Tick.WAITING:
                time.sleep(0.001)
                continue
            events = step.events
        scored = any(isinstance(e, ev.HandScored) for e in events)


def faulty_disk(rng: random.Random, home: Path) -> str | None:
    """A match at the table's controller while the disk fails (ENOSPC from ``os.replace``
    or ``os.fsync``) for a stretch of it. The disk working again, either the player leaves
    the match's end (its result is written again) or the game is closed and carried on as
    the menu does (a kept finished match written, an unfinished one resumed) until no saved
    match is left. The statistics must then hold the match once, finished, with each hand
    once, and one record be kept; only a disk that never wrote a thing of this match may
    leave nothing (and then nothing at all). What went wrong, or None."""
    from tute import store
    from tute.stats import file as stats_file
    from tute.ui.table.controller import TableController
    from tute.ui.table.session import Session

    os.environ[store.HOME_ENV] = str(home)
    which = rng.choice(["replace", "fsync"])
    real = getattr(os, which)
    start, length = rng.randint(0, 60), rng.choice([3, 20, 10**6, 10**6])
    closed = rng.random() < 0.5

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise OSError(28, "No space left on device")

    def controller_of(session: Session) -> TableController:
        return TableController(session, lambda _p: None, lambda _k, _m: None, lambda _m: None)

    def play(session: Session, fault: bool) -> TableController:
        controller = controller_of(session)

        def disk(steps: int) -> None:
            setattr(os, which, broken if fault and start <= steps < start + length else real)

        play_out(controller, autoplay=False, before_step=disk)
        store.MATCH_WRITER.flush()
        setattr(os, which, real)
        return controller

    setup = store.GameSetup("cabrero", "easy", {"players": 3, "lives": 2})
    try:
        last = play(Session.new(setup, seed=rng.randrange(1 << 31)), fault=True)
        if not closed:
            last.write_result()
        counted = [len(m.hands) for m in stats_file.load()[0].matches]
        kept_any = bool(counted) or (home / store.MATCH_FILE).exists()
        for _again in range(5):
            saved = store.load_match()[0]
            if saved is None:
                break
            if saved.over:
                controller_of(Session.resume(saved)).write_result()
            else:
                last = play(Session.resume(saved), fault=False)
    finally:
        setattr(os, which, real)
        store.MATCH_WRITER.forget_error()
    stats = stats_file.load()[0].matches
    records = len(store.recent_records())
    hands = max([len(last.session.game.summaries), *counted])
    where = (f"{which} failing from action {start} for {length}, "
             f"{'closed' if closed else 'left'} at the end")
    if (home / store.MATCH_FILE).exists():
        return f"{where}: the saved match was never cleared"
    if not kept_any:
        return None if stats == [] and records == 0 else f"{where}: written from nothing"
    if len(stats) != 1 or stats[0].finished is None or len(stats[0].hands) != hands:
        return (f"{where}: statistics hold {[(len(m.hands), m.finished) for m in stats]}, "
                f"not one finished match of {hands} hands")
    if records != 1:
        return f"{where}: {records} records kept, not 1"
    return None


def hostile_pass(count: int, seed: int, folder: Path) -> tuple[dict[str, int], list[str]]:
    """``count`` hostile files through ``tute replay`` and the player files' loaders: the
    count per class, and what went wrong (a traceback, a hang, an unlocated message)."""
    import contextlib
    import io

    from tute.cli import main as tute_main

    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(f"hostile {seed}")
    counts = dict.fromkeys(HOSTILE_CLASSES, 0)
    failures: list[str] = []
    for i in range(count):
        kind = HOSTILE_CLASSES[i % len(HOSTILE_CLASSES)]
        counts[kind] += 1
        started = time.perf_counter()
        try:
            if kind == "faulty disk":
                home = folder / f"home{i}"
                home.mkdir(parents=True)
                lost = faulty_disk(rng, home)
                if lost is not None:
                    failures.append(f"{kind}: {lost}")
                continue
            if kind == "player file":
                lost = player_file_set_aside(rng, counts[kind], folder / f"home{i}")
                if lost is not None:
                    failures.append(f"{kind}: {lost}")
                continue
            if kind in ("lesson", "deal code"):
                wrong = _refused_typed(kind, rng, folder / f"hostile{i}.yaml", tute_main)
                if wrong is not None:
                    failures.append(f"{kind}: {wrong}")
                continue
            path = folder / f"hostile{i}.yaml"
            text = hostile_record(kind, rng, folder)
            path.write_text(text, encoding="utf-8")
            err = io.StringIO()
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                code = tute_main(["replay", str(path)])
            lines = err.getvalue().splitlines()
            if code not in (0, 1) or len(lines) > 1 or SECRET in err.getvalue() or (
                    code == 1 and not re.search(r", line \d+: |: cannot read: |: action \d+ ",
                                                lines[0])):
                failures.append(f"{kind}: {text[:60]!r}: exit {code}, {lines[:2]}")
            elif kind == "format spec" and (code != 1 or "spec.yaml, line" not in lines[0]):
                failures.append(f"{kind}: {text[:60]!r}: the ruleset was not refused")
        except Exception as exc:
            failures.append(f"{kind}: exception {exc!r}")
        if time.perf_counter() - started > 10:
            failures.append(f"{kind}: took {time.perf_counter() - started:.1f} s")
    return counts, failures


def _refused_typed(kind: str, rng: random.Random, path: Path,
                   tute_main: Callable[[list[str]], int]) -> str | None:
    """A hostile lesson through ``tute lesson --check`` (the check the window runs before
    it opens), or a hostile deal code through ``tute compare``: one line, no traceback, no
    terminal escape echoed; None when so."""
    import contextlib
    import io

    must_refuse = kind == "lesson"
    if kind == "lesson":
        text, must_refuse = hostile_lesson(rng)
        path.write_text(text, encoding="utf-8")
        args = ["lesson", str(path), "--check", "--lang", "es"]
    else:
        text = hostile_code(rng)
        args = ["compare", "--guesses", "1", "--", text]
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            code = tute_main(args)
        except SystemExit as exc:  # the command line refused (a code read as an option)
            code = exc.code if isinstance(exc.code, int) else 2
    lines = err.getvalue().splitlines()
    if must_refuse and (code != 1 or not lines or path.name not in lines[0]):
        return f"{text[:60]!r}: not refused (exit {code}, {lines[:1]})"
    if code not in (0, 1, 2) or len(lines) > 1 or re.search(r"[\x00-\x1f\x7f-\x9f]",
                                                            err.getvalue().rstrip("\n")):
        return f"{text[:60]!r}: exit {code}, {lines[:2]}"
    return None


# ----------------------------------------------------------------- concurrent writers
def play_at_table(home: str, rules: str, options: dict[str, OptionValue], seeds: list[int]
                  ) -> list[tuple[int, int, bool]]:
    """Whole matches of ``rules`` at the headless table, one per seed, written to the data
    folder ``home`` as the game writes them (statistics after every hand, through the
    background writer); each match's seed, hands and whether the player won. Run in its own
    process by ``SharedFolder``."""
    os.environ["TUTE_HOME"] = home
    from tute import store
    from tute.stats.file import PLAYER_SEAT, match_hands
    from tute.ui.table.controller import TableController
    from tute.ui.table.session import Session

    failed: list[str] = []
    problems: list[store.FileProblem] = []

    def warn(_kind: str, message: str | None) -> None:
        if message is not None:
            failed.append(message)

    out: list[tuple[int, int, bool]] = []
    for seed in seeds:
        setup = store.GameSetup(rules, "easy", dict(options))
        session = Session.new(setup, seed=seed)
        play_out(TableController(session, problems.append, warn, lambda _m: None),
                 autoplay=True)
        if failed or problems:
            raise RuntimeError(f"seed {seed}: {'; '.join([*failed, str(problems)])}")
        game = session.game
        out.append((seed, len(match_hands(game)),
                    PLAYER_SEAT in game.winners and not game.draw))
    return out


@dataclass
class SharedFolder:
    """Copies of the game (real processes) playing whole matches at once on one data
    folder, as a player who opened the game twice: afterwards the statistics must hold every
    hand and every result of each, and the ``filler`` matches written before them (years of
    play: the longer a write takes, the likelier two overlap). ``lost`` lists what is
    missing."""

    home: Path
    writers: int = 2
    matches: int = 3
    rules: str = "cabrero"
    options: dict[str, OptionValue] = field(default_factory=lambda: {"players": 3,
                                                                      "lives": 2})
    filler: int = 0
    lost: list[str] = field(default_factory=list)
    hands: int = 0

    def run(self) -> None:
        import multiprocessing

        from tute.stats import file as stats_file
        from tute.stats.hands import WON, HandRecord

        os.environ["TUTE_HOME"] = str(self.home)
        stats_file.save(stats_file.Stats([stats_file.MatchRecord(
            "brisca", 2, "easy", {}, seed, finished=1.0, won=True,
            hands=[HandRecord(WON, 70, tricks=12)] * 10) for seed in range(self.filler)]))
        seeds = [[1000 * w + m for m in range(self.matches)] for w in range(self.writers)]
        with multiprocessing.get_context("spawn").Pool(self.writers) as pool:
            played = pool.starmap(play_at_table, [(str(self.home), self.rules, self.options,
                                                   s) for s in seeds])
        stats, problem = stats_file.load()
        if problem is not None:
            self.lost.append(f"the file was set aside: {problem.detail}")
        kept = {m.seed: m for m in stats.matches if m.game == self.rules}
        filler = sum(m.game == "brisca" for m in stats.matches)
        if filler != self.filler:
            self.lost.append(f"{self.filler - filler} of {self.filler} matches written before")
        for seed, hands, won in (p for ps in played for p in ps):
            self.hands += hands
            match = kept.get(seed)
            if match is None:
                self.lost.append(f"match {seed}: missing")
            elif len(match.hands) != hands or match.won is not won:
                self.lost.append(f"match {seed}: {len(match.hands)} of {hands} hands, "
                                 f"won {match.won} for {won}")

    def report(self) -> str:
        return (f"concurrent writers: {self.writers} x {self.matches} matches, "
                f"{self.hands} hands, on {self.filler} matches; lost: {len(self.lost)}")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=1000, help="hands to play in all")
    ap.add_argument("--seconds", type=float, help="stop after this long even if hands remain")
    ap.add_argument("--games", help="comma-separated games (default: every ruleset file)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--levels", default="easy,medium",
                    help="levels drawn per seat: easy, medium, hard, random (random legal)")
    ap.add_argument("--illegal-every", type=int, default=1, metavar="K",
                    help="try an illegal action before every K-th action (0: never)")
    ap.add_argument("--max-match-hands", type=int, default=40,
                    help="stop a match after this many hands")
    ap.add_argument("--out", help="folder for failing records (default: a temp folder)")
    ap.add_argument("--hostile", type=int, default=60, metavar="N",
                    help="also try N hostile files (huge numbers, devices, nesting, NaN, "
                         "extends chains, damaged player files, a player's ruleset, a "
                         "faulty disk under a match); 0: none")
    ap.add_argument("--writers", type=int, default=2, metavar="N",
                    help="also run N copies of the game playing whole matches at once on one "
                         "data folder, and count every hand and result kept (0: none)")
    args = ap.parse_args(argv)
    games = args.games.split(",") if args.games else games_available()
    unknown = set(games) - set(games_available())
    levels = args.levels.split(",")
    bad = [lv for lv in levels if lv not in ("easy", "medium", "hard", *PSEUDO_LEVELS)]
    if unknown or bad:
        print(f"soak: unknown game or level: {', '.join(sorted(unknown) + bad)}",
              file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="tute-soak-"))
    soak = Soak(games, levels, seed=args.seed, out=out, illegal_every=args.illegal_every,
                max_match_hands=args.max_match_hands)
    print(f"soak: games {','.join(games)}; levels {','.join(levels)}; seed {args.seed}")
    start = time.perf_counter()
    soak.run(args.hands, args.seconds)
    print(soak.report(time.perf_counter() - start))
    counts, hostile_failures = hostile_pass(args.hostile, args.seed, out / "hostile")
    for failure in hostile_failures:
        print(f"FAILED: hostile {failure}")
    print("hostile files: " + ", ".join(f"{k} {v}" for k, v in counts.items())
          + f"; failures: {len(hostile_failures)}")
    shared = SharedFolder(out / "shared", writers=args.writers)
    if args.writers:
        shared.run()
        for lost in shared.lost:
            print(f"FAILED: lost {lost}")
        print(shared.report())
    return 1 if soak.failures or hostile_failures or shared.lost else 0


if __name__ == "__main__":
    sys.exit(main())
