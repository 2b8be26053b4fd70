"""Deal codes: a hand's cards as a short code a player types to play them again, and the
hard level's play of the same cards beside his (duplicate play).

A code names a bundled game and packs, as one number in mixed radix, every option's index
among its allowed values, the opponents' level, the player's seat, the hand's number and
dealer in its match, and the match's seed (last, so a small seed makes a short code); two
check characters follow. docs/records.md gives the format. The match's generator draws the
same numbers for every deal whatever was played, so the hand's cards follow from the seed
and the number of deals before it: ``start`` draws those and sets the table's dealer.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass

from tute.ai import LEVELS, Player, make_player
from tute.ai.search import SearchPlayer
from tute.echo import shown
from tute.engine import DEAL, PLAY_PHASE, Action, Game
from tute.engine import deal as dealing
from tute.i18n import N_
from tute.measure import measure_for
from tute.review import ITERATIONS, Decision, is_decision, trick_number, unit_of, weigh
from tute.rules import OptionValue, RuleSet, RulesetError, load_ruleset
from tute.rules.ruleset import bundled_names

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U, so nothing reads as another character."""
READS_AS = {"O": "0", "I": "1", "L": "1"}
"""What a player who typed a letter for a look-alike digit meant."""
VERSION = 1
VERSIONS = 4
HANDS = 1024
"""Hands of a match a code can name."""
CHECK = 2
"""Check characters: a typo goes unnoticed once in 1024."""
GROUP = 5


class DealCodeError(ValueError):
    """Text that is not a deal code; ``why`` is one of the messages below, in English."""

    def __init__(self, text: str, why: str) -> None:
        super().__init__(f"not a deal code: {text}: {why}")
        self.text = text
        self.why = why


UNKNOWN_GAME = N_("it names no game")
MISTYPED = N_("a character is mistyped or missing")
FOREIGN = N_("it holds a character no code uses")
NO_SUCH_HAND = N_("it names a hand this game cannot deal")


@dataclass(frozen=True)
class DealCode:
    """One hand: the game and options, the match's seed, which of its deals, and who
    played it against what."""

    game: str
    options: dict[str, OptionValue]
    seed: int
    hand: int
    """The hand's index in its match (from 0)."""
    dealer: int
    seat: int
    """The player's seat."""
    level: str
    """The computer opponents' level."""

    @property
    def players(self) -> int:
        return int(self.options["players"])

    def text(self) -> str:
        """The code as a player types it: ``DOS-1A2B3-C4D5E-6F``."""
        rules = load_ruleset(self.game)
        number = self.seed
        for radix, value in reversed(_fields(rules, self)):
            number = number * radix + value
        body = _base32(number)
        body += _base32(_check(self.game, body), CHECK)
        groups = [body[i:i + GROUP] for i in range(0, len(body), GROUP)]
        return "-".join([self.game.upper(), *groups])


def _fields(rules: RuleSet, code: DealCode) -> list[tuple[int, int]]:
    """(radix, value) of each field below the seed, lowest first."""
    fields = [(VERSIONS, VERSION)]
    for name, option in rules.options.items():
        allowed = option.allowed()
        fields.append((len(allowed), allowed.index(code.options[name])))
    n = code.players
    return [*fields, (len(LEVELS), LEVELS.index(code.level)), (n, code.seat),
            (HANDS, code.hand), (n, code.dealer)]


def _base32(number: int, width: int = 1) -> str:
    out = ""
    while number or len(out) < width:
        number, digit = divmod(number, 32)
        out = ALPHABET[digit] + out
    return out


def _check(game: str, body: str) -> int:
    return zlib.crc32(f"{game}:{body}".encode()) % (1 << 5 * CHECK)


def parse(text: str) -> DealCode:
    """The code a player typed (any case, any dashes or spaces); DealCodeError says why
    it is none."""
    typed = text.strip()[:60]
    quoted = shown(typed)  # what was typed, quoted back, never drives the terminal
    game, _, rest = typed.replace(" ", "-").partition("-")
    game = game.lower()
    if game not in bundled_names():
        raise DealCodeError(quoted, UNKNOWN_GAME)
    body = "".join(READS_AS.get(c, c) for c in rest.upper() if c != "-")
    if any(c not in ALPHABET for c in body):
        raise DealCodeError(quoted, FOREIGN)
    if len(body) <= CHECK or _base32(_check(game, body[:-CHECK]), CHECK) != body[-CHECK:]:
        raise DealCodeError(quoted, MISTYPED)
    number = 0
    for c in body[:-CHECK]:
        number = number * 32 + ALPHABET.index(c)
    rules = load_ruleset(game)
    number, version = divmod(number, VERSIONS)
    options: dict[str, OptionValue] = {}
    for name, option in rules.options.items():
        allowed = option.allowed()
        number, index = divmod(number, len(allowed))
        options[name] = allowed[index]
    n = int(options["players"])
    number, level = divmod(number, len(LEVELS))
    number, seat = divmod(number, n)
    number, hand = divmod(number, HANDS)
    seed, dealer = divmod(number, n)
    if version != VERSION or rules.resolve(options) != options:
        raise DealCodeError(quoted, NO_SUCH_HAND)
    return DealCode(game, options, seed, hand, dealer, seat, LEVELS[level])


def codable(rules: RuleSet) -> bool:
    """Whether the ruleset's hands have codes: a bundled game's, named by its name (a
    player's ruleset file is his own and may change, so no code could name it)."""
    return rules.ref in bundled_names()


def code_of(game: Game, level: str, seat: int) -> DealCode | None:
    """The code of the hand ``game`` is playing or has just played, or None where no code
    can deal it again: a player's ruleset file (only bundled games are named), a seed
    too large, or a hand not dealt to the whole table (after a retirement, the final
    duel)."""
    h = game.hand
    whole = set(h.playing) | ({h.sitting_out} if h.sitting_out is not None else set())
    if (not codable(game.rules) or game.seed is None or game.hand_number < 0
            or game.hand_number >= HANDS or h.kit is not game.kit
            or whole != set(range(game.n))):
        return None
    return DealCode(game.rules.ref, dict(game.options), game.seed, game.hand_number,
                    h.dealer, seat, level)


def start(code: DealCode) -> Game:
    """A match about to deal the code's hand, with a fresh standing: the generator has
    drawn what the deals before it drew (the first one's dealer included), and the rules
    make the code's dealer deal. DealCodeError where the game cannot (a code naming a
    hand its game never deals)."""
    try:
        game = Game(load_ruleset(code.game), code.options, code.seed)
    except (RulesetError, ValueError):
        raise DealCodeError(code.game, NO_SUCH_HAND) from None
    if code.hand == 0:
        return game
    game.deal()
    assert game.rng is not None
    for _ in range(code.hand - 1):
        dealing.skip(game.kit, game.rng)
    game.logs, game.summaries = [], []
    game.hand_number = code.hand - 1
    game.hand.mano = code.dealer  # the next dealer, as the rules pass the deal on
    game.phase = DEAL
    return game


def player(level: str, seat: int, guesses: int = ITERATIONS) -> Player:
    """The computer player of ``level`` in ``seat``, as a coded hand seats it: seeded by
    its seat as at the table, and the hard level with a fixed number of guesses, so the
    same opponents play the same way on every machine."""
    if level == "hard":
        return SearchPlayer(seat, iterations=guesses)
    return make_player(level, seed=seat)


@dataclass(frozen=True)
class Played:
    """A coded hand played to its end: the seat's score and everything done in it."""

    score: float
    actions: tuple[Action, ...]
    game: Game


def play(code: DealCode, level: str, guesses: int = ITERATIONS,
         given: Callable[[Game], Action | None] | None = None) -> Played:
    """Play the code's hand with ``level`` in its seat (or the actions ``given`` returns,
    while it returns any) and the code's opponents elsewhere."""
    game = start(code)
    game.deal()
    players = {s: player(level if s == code.seat else code.level, s, guesses)
               for s in range(game.n)}
    while game.phase == PLAY_PHASE:
        seat = game.current_player
        assert seat is not None
        action = given(game) if given is not None else None
        if action is None:
            action = players[seat].choose(game.observation(seat))
        game.apply(action)
    return Played(score(game, code.seat), tuple(game.logs[-1].actions), game)


def score(game: Game, seat: int) -> float:
    """The last hand's worth to ``seat`` in the game's own measure."""
    _, measure = measure_for(game)
    return measure(game, game.summaries[-1], seat)


@dataclass(frozen=True)
class Comparison:
    """The player's hand beside the hard level's on the same cards and opponents."""

    mine: float
    hard: float
    parted: Decision | None
    """The first decision where the hard level chose otherwise, with what the review's
    search expects that choice to have cost; None where they never parted."""
    trick: int
    """The trick that decision was made in (0: before the play)."""
    unit: str
    """What the review counts a decision's cost in (``review.unit_of``)."""
    measure: str
    """The name of the game's own measure the scores are in (``measure_for``)."""


def compare(code: DealCode, actions: tuple[Action, ...], guesses: int = ITERATIONS
            ) -> Comparison:
    """Weigh the player's ``actions`` in the coded hand against the hard level's play of
    it: replay his, play hard's, and weigh the first decision where they part as the
    hand review weighs each one (``review.weigh``)."""
    mine = play(code, "hard", guesses, _replaying(actions)).score
    hard = play(code, "hard", guesses)
    parted, trick = None, 0
    game = start(code)
    game.deal()
    unit, scale = unit_of(game.hand.kit)
    for action, other in zip(actions, hard.actions, strict=False):
        if action != other:
            obs = game.observation(code.seat)
            if action.seat == code.seat and is_decision(obs, action):
                hard_player = SearchPlayer(code.seat, iterations=guesses)
                parted, trick = weigh(hard_player, obs, action, scale), trick_number(game)
            break
        game.apply(action)
    return Comparison(mine, hard.score, parted, trick, unit, measure_for(game)[0])


def _replaying(actions: tuple[Action, ...]) -> Callable[[Game], Action | None]:
    def given(game: Game) -> Action | None:
        done = len(game.logs[-1].actions)
        return actions[done] if done < len(actions) else None

    return given
