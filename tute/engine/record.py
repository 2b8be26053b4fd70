"""Game records: a YAML document that replays a match, like PGN for chess.

``load_record`` validates a record and says where it is wrong; ``replay`` runs it through
the engine and stops at the first illegal or malformed action; ``dump_record`` writes any
match played by the engine so that it replays to the same result.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tute.cards import card_text, parse_card
from tute.echo import cut, shown
from tute.engine import events as ev
from tute.engine.actions import parse_action
from tute.engine.errors import DealError, IllegalAction
from tute.engine.match import DEAL, OVER, PLAY_PHASE, Game
from tute.engine.results import HandSummary
from tute.rules import RuleSet, load_ruleset
from tute.rules.ruleset import NoSuchRuleset, RulesetError, is_path
from tute.rules.yamlio import Located, YamlError, parse, read

RECORD_LIMIT = 2**20
"""Bytes a record file may hold: about 30 times the longest match measured (33.5 KB:
``tute simulate cabrero --players 6 --option lives=10 --seats easy,... --matches 40
--records DIR``; Butifarra to 151 came to 32 KB, every other game less), and a record this
large still parses in a second or two where 20 MB took up to a minute."""


class RecordError(YamlError):
    """A record that is not well formed, located by file and line."""


@dataclass
class HandEntry:
    dealer: int | None
    deal: list[list[int]] | None
    rest: list[int] | None
    actions: list[str]
    line: int | None
    action_lines: list[int | None]
    restocks: list[list[int]] | None = None
    """The stocks re-formed from the cards out of play, top first (None: not given)."""


@dataclass
class Record:
    rules: str
    options: dict[str, Any]
    seed: int
    hands: list[HandEntry] = field(default_factory=list)
    source: str = "<record>"
    base_dir: Path | None = None
    """The record file's folder, where a relative ``rules`` path is looked up."""
    rules_sha256: str | None = None
    """The ``digest`` of the player's ruleset the match was played under, when written."""
    lines: dict[str, int | None] = field(default_factory=dict)


_TOP = {"rules", "rules_sha256", "options", "seed", "hands"}
_HAND = {"dealer", "deal", "rest", "restocks", "actions"}
_SHA256 = re.compile(r"[0-9a-f]{64}")


def load_record(path: str | Path) -> Record:
    """Read and validate a record file."""
    p = Path(path)
    rec = _RecordReader(read(p, RecordError, RECORD_LIMIT)).record()
    rec.base_dir = p.resolve().parent
    return rec


def record_from_text(text: str, source: str = "<record>") -> Record:
    return _RecordReader(parse(text, source, RecordError)).record()


class DocReader:
    """Checks of a YAML document written like a record (a record, a lesson), each failure
    an ``error`` naming the file and line."""

    error: type[YamlError] = RecordError

    def __init__(self, doc: Located) -> None:
        self.doc = doc

    def fail(self, path: tuple[Any, ...], message: str) -> YamlError:
        return self.error(self.doc.source, self.doc.line(path), message)

    def keys(self, value: object, path: tuple[Any, ...], allowed: Collection[str], what: str
             ) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, f"{what}: expected a mapping")
        for key in value:
            if key not in allowed:
                raise self.fail((*path, key), f"{what}: unknown key '{shown(key)}' "
                                f"(allowed: {', '.join(sorted(allowed))})")
        return value

    def cards(self, value: object, path: tuple[Any, ...], what: str) -> list[int]:
        if not isinstance(value, list):
            raise self.fail(path, f"{what}: expected a list of cards")
        out = []
        for i, item in enumerate(value):
            try:
                if not isinstance(item, str):
                    raise ValueError(f"{shown(repr(item))} is not a card (write rank then "
                                     "suit, like 1O)")
                out.append(parse_card(item))
            except ValueError as exc:
                raise self.fail((*path, i), f"{what}: {exc}") from None
        return out


class _RecordReader(DocReader):
    """A game record's document."""

    def record(self) -> Record:
        top = self.keys(self.doc.data, (), _TOP, "record")
        if "rules" not in top:
            raise self.fail((), "record: missing key 'rules' (a ruleset name or path)")
        if not isinstance(top["rules"], str):
            raise self.fail(("rules",), "rules: expected a ruleset name or path")
        options = top.get("options") or {}
        if not isinstance(options, dict):
            raise self.fail(("options",), "options: expected a mapping like {players: 4}")
        seed = top.get("seed", 0)
        if type(seed) is not int:
            raise self.fail(("seed",), f"seed: expected a whole number, got {shown(repr(seed))}")
        hands = top.get("hands") or []
        if not isinstance(hands, list):
            raise self.fail(("hands",), "hands: expected a list of hands")
        sha = top.get("rules_sha256")
        if sha is not None and not (isinstance(sha, str) and _SHA256.fullmatch(sha)):
            raise self.fail(("rules_sha256",), "rules_sha256: expected 64 hexadecimal digits, "
                            "quoted")
        rec = Record(top["rules"], options, seed, source=self.doc.source, rules_sha256=sha,
                     lines={"rules": self.doc.line(("rules",)),
                            "options": self.doc.line(("options",))})
        for h, raw in enumerate(hands):
            rec.hands.append(self.hand(h, raw))
        return rec

    def hand(self, h: int, raw: object) -> HandEntry:
        path: tuple[Any, ...] = ("hands", h)
        what = f"hand {h + 1}"
        m = self.keys(raw, path, _HAND, what)
        dealer = m.get("dealer")
        if dealer is not None and type(dealer) is not int:
            raise self.fail((*path, "dealer"), f"{what}: dealer must be a seat number")
        deal = None
        if m.get("deal") is not None:
            if not isinstance(m["deal"], list):
                raise self.fail((*path, "deal"), f"{what}: deal must list each seat's cards")
            deal = [self.cards(cards, (*path, "deal", s), f"{what}, seat {s}")
                    for s, cards in enumerate(m["deal"])]
        rest = None
        if m.get("rest") is not None:
            rest = self.cards(m["rest"], (*path, "rest"), f"{what}, rest")
        restocks = None
        if m.get("restocks") is not None:
            if not isinstance(m["restocks"], list):
                raise self.fail((*path, "restocks"), f"{what}: restocks must list card lists")
            restocks = [self.cards(cards, (*path, "restocks", i), f"{what}, restock {i + 1}")
                        for i, cards in enumerate(m["restocks"])]
        actions = m.get("actions") or []
        if not isinstance(actions, list):
            raise self.fail((*path, "actions"), f"{what}: actions must be a list")
        for i, a in enumerate(actions):
            if not isinstance(a, (str, int)):
                raise self.fail((*path, "actions", i),
                                f"{what}: action {i + 1} must be text like '0 play 2O'")
        return HandEntry(dealer, deal, rest, [str(a) for a in actions], self.doc.line(path),
                         [self.doc.line((*path, "actions", i)) for i in range(len(actions))],
                         restocks)


@dataclass
class ActionError:
    """The first action of a record that could not be carried out."""

    action: int | None
    """1-based number of the action in the whole record; None for a fault of the record
    itself (a hand that cannot be dealt, a hand after the match's end)."""
    hand: int | None
    text: str | None
    reason: str

    def to_json(self) -> dict[str, object]:
        return {"action": self.action, "hand": self.hand,
                "text": None if self.text is None else cut(self.text), "reason": self.reason}

    def __str__(self) -> str:
        if self.action is None:
            return self.reason
        return f"action {self.action} (hand {self.hand}) '{shown(self.text or '')}': " \
            f"{self.reason}"


@dataclass
class Replay:
    game: Game
    error: ActionError | None = None
    rules_changed: bool = False
    """The player's ruleset file changed since the record was written (``rules_changed``):
    the record was replayed under what the file holds now."""
    events: list[ev.Event] = field(default_factory=list)
    """The last hand's events, from its deal on, as the engine announced them."""


def resolve_rules(record: Record) -> RuleSet:
    """The record's ruleset: a bundled name, or a path (a relative one beside the record
    file, never in the current folder). A name that leads to no readable ruleset file is
    the record's fault, at its ``rules`` line; a fault inside the ruleset file names that
    file and line."""
    line = record.lines.get("rules")
    try:
        return load_ruleset(rules_file(record) or record.rules)
    except NoSuchRuleset as exc:
        raise RecordError(record.source, line, exc.message) from None
    except RulesetError as exc:
        if exc.line is not None:
            raise  # a ruleset file's own fault: it names that file and line
        raise RecordError(record.source, line, f"rules: {exc}") from None


def rules_file(record: Record) -> Path | None:
    """The player's ruleset file a record names (a relative path beside the record file,
    never in the current folder); None for a bundled name."""
    if not is_path(record.rules):
        return None
    if record.base_dir is None:
        return Path(record.rules)
    return record.base_dir / record.rules  # an absolute name stays itself


def rules_changed(record: Record, rules: RuleSet) -> bool:
    """Whether the player's ruleset file has changed since the record was written (its
    ``rules_sha256`` differs from what the file now defines)."""
    return bool(record.rules_sha256 and rules.digest and rules.digest != record.rules_sha256)


def start_game(record: Record) -> Game:
    """A fresh game for the record's ruleset, options and seed; RecordError if invalid."""
    rules = resolve_rules(record)
    try:
        return Game(rules, record.options, record.seed)
    except ValueError as exc:
        changed = (f" (the ruleset file {shown(record.rules)} has changed since the record "
                   "was written)") if rules_changed(record, rules) else ""
        raise RecordError(record.source, record.lines.get("options"),
                          f"{exc}{changed}") from None


def replay(record: Record) -> Replay:
    """Play the record through the engine; the first bad action stops it, reported."""
    game = start_game(record)
    changed = rules_changed(record, game.rules)
    number = 0
    events: list[ev.Event] = []
    for h, hand in enumerate(record.hands, start=1):
        problem = None
        if game.phase == OVER:
            problem = "the match is already over"
        elif game.phase != DEAL:
            problem = f"hand {h - 1} is not finished but another hand follows"
        else:
            try:
                events = game.deal(hand.deal, hand.rest, hand.dealer)
                if hand.restocks is not None:
                    game.hand.given_restocks = tuple(tuple(r) for r in hand.restocks)
            except DealError as exc:
                problem = str(exc)
        if problem is not None:
            where = RecordError(record.source, hand.line, f"hand {h}: {problem}")
            return Replay(game, ActionError(None, h, None, str(where)), changed, events)
        for text in hand.actions:
            number += 1
            try:
                action = parse_action(text, game.n)
                events += game.apply(action)
            except (IllegalAction, ValueError) as exc:
                return Replay(game, ActionError(number, h, text, str(exc)), changed, events)
    return Replay(game, rules_changed=changed, events=events)


def hand_events(game: Game) -> list[ev.Event]:
    """The events of the hand being played, from its deal on (none between hands): the
    match replayed from its own record. A table opened on a hand under way (resumed,
    undone, a puzzle) tells its play log from them, as a live table tells it from the
    same events as they come."""
    if game.phase != PLAY_PHASE:
        return []
    return replay(record_from_text(dump_record(game), "the hand so far")).events


def summary_json(game: Game, error: ActionError | None = None) -> dict[str, object]:
    """The JSON object of ``tute replay --json``."""
    hands: list[HandSummary] = list(game.summaries)
    current = game.current_summary()
    if current is not None:
        hands.append(current)
    to_act = game.current_player
    legal = []
    if to_act is not None:
        legal = [card_text(a.arg) if a.verb == "play" else a.text()
                 for a in game.legal_actions()]
    out: dict[str, object] = {
        "rules": game.rules.id,
        "players": game.n,
        "hands": [h.to_json() for h in hands],
        "to_act": to_act,
        "legal": legal,
        "retired": [s for s in range(game.n) if game.retired[s]],
        "over": game.is_over,
        "winners": list(game.winners),
        "draw": game.draw,
    }
    if error is not None:
        out["error"] = error.to_json()
    return out


def _flow(value: object) -> str:
    return str(yaml.safe_dump(value, default_flow_style=True, width=10**6)).strip()


def _rules_text(rules: RuleSet) -> str:
    """A bundled ruleset's name; a player's file as its absolute path, quoted (a double-
    quoted YAML string is JSON's: any ``#``, ``: `` or quote in the path reads back)."""
    if not rules.digest:
        return rules.ref
    return json.dumps(rules.ref, ensure_ascii=not rules.ref.isprintable())


def dump_record(game: Game) -> str:
    """A record of everything played in ``game`` so far; it replays to the same state."""
    changed = {k: v for k, v in game.options.items() if v != game.rules.options[k].default}
    changed["players"] = game.n
    lines = [f"rules: {_rules_text(game.rules)}"]
    if game.rules.digest:
        lines.append(f"rules_sha256: '{game.rules.digest}'")  # digits alone: a number
    lines += [f"options: {_flow(changed)}", f"seed: {game.seed or 0}", "hands:"]
    for log in game.logs:
        lines.append(f"  - dealer: {log.dealer}")
        lines.append("    deal:")
        lines += [f"      - [{', '.join(card_text(c) for c in cards)}]" for cards in log.deal]
        lines.append(f"    rest: [{', '.join(card_text(c) for c in log.rest)}]")
        if game.kit.restock:
            stocks = ", ".join(f"[{', '.join(card_text(c) for c in r)}]" for r in log.restocks)
            lines.append(f"    restocks: [{stocks}]")
        lines.append("    actions:" + ("" if log.actions else " []"))
        lines += [f"      - {a.record_text()}" for a in log.actions]
    return "\n".join(lines) + "\n"
