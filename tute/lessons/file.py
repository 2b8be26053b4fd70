"""Lesson files: one guided hand of a game, written as data beside the rulesets.

A lesson names its ruleset and options, deals every seat's cards (and the stock, where the
game has one), scripts every seat's actions and ties each caption to a moment of the hand
with the thing on the table it points at. This module reads a file strictly (the YAML reader
of the rulesets and records, so every fault names its file and line) and resolves each
step's moment to a place in the script; whether the script is legal is the engine's to say
(``tute.lessons.check``). The keys are defined once, in the tables below, which
``docs/lessons.md`` documents (a test keeps the two together).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tute import filetext
from tute.cards import parse_card
from tute.echo import shown
from tute.engine.actions import PASS, PLAY, QUESTION_VERBS, Action, parse_action
from tute.engine.record import DocReader
from tute.resources import asset
from tute.rules.yamlio import Located, YamlError, read

HUMAN = 0
"""The player's seat: the seat the lesson's reader sits at."""

TEXT_LANGS = ("es", "en")
"""The languages a lesson's texts carry; Catalan comes through the ``rules`` catalog."""

LESSON_LIMIT = 2**16
"""Bytes a lesson file may hold: a whole hand with twenty captions in two languages is
under 16 KB."""

TOP_KEYS = {
    "rules": "the ruleset's name (config/rules/NAME.yaml)",
    "options": "the options played, as on the new-game screen; `players` is required",
    "dealer": "the dealer's seat (optional; the rules decide it otherwise)",
    "deal": "each seat's cards, seat 0 (the player) first; `[]` for a seat dealt nothing",
    "rest": "the cards not dealt, top first: in games with a stock, the stock with the "
            "muestra last",
    "actions": "every action of the hand, every seat's, as in a record: `SEAT VERB ARGS`",
    "steps": "the captions, in the order they come",
    "end": "the closing words once the hand's result is seen: `title` and `text`",
}
"""The top-level keys of a lesson file."""

REQUIRED = ("rules", "options", "deal", "actions", "steps", "end")

STEP_KEYS = {
    "at": "the moment it comes (see below); may be left out when `do` is given",
    "title": "its title, `{es: ..., en: ...}`; a step with `do` may leave out title and "
             "text: it then only asks for its action (\"Your turn: play the four of cups\")",
    "text": "its words, `{es: ..., en: ...}`; a blank line is not needed, `\\n` breaks a "
            "line",
    "point": "what on the table it points at (see below); none: a caption with no pointer",
    "do": "the player's scripted action it waits for (`play 4C`, `sing 40`, `bid 70`); "
          "without it the caption is read, then Continue",
}
"""The keys of one step."""

END_KEYS = {"title": "the closing dialog's title", "text": "its words"}

MOMENTS = {
    "start": "before the deal: the table is empty",
    "deal": "the cards dealt, before the first action",
    "before ACTION": "just before the script's next `ACTION` (e.g. `before 1 bid 70`: the "
                     "auction; `before 0 sing 40`: a cante on offer)",
    "after ACTION": "just after the script's next `ACTION` (e.g. `after 3 play 10C`: a card "
                    "played, or the trick won when it is the trick's last card)",
    "result": "the hand scored, its result not yet shown",
}
"""The forms of ``at``: each names a moment of the hand. An ACTION is looked for in the
script from the previous step's moment on, so a repeated action means its next occurrence."""

POINTS = {
    "hand": "the player's cards",
    "card": "the card the step's `do` plays",
    "card CARD": "one card of the player's hand, like `card 1O`",
    "seat N": "a player's name plate (seat 0 is the player, then round to the right)",
    "trick": "the cards on the table",
    "trump": "the trumps panel (the trump suit, and the muestra where there is one)",
    "stock": "the stock, with the muestra under it",
    "muestra": "the muestra, the card turned up under the stock (or the card out of play "
               "that marks trumps), with its label",
    "score": "the scoreboard: the contract played, each one's points, balance or chips",
    "button": "the first button over the player's cards (a cante, a swap, a discard)",
    "question": "the question panel the step's `do` answers (the bidding, the takeover, "
                "trumps, juego or acompaño, the doubling, the partner's card)",
    "choice": "where the step's `do` is taken: its answer in the question panel (a bid, "
              "pass, a suit, delegate, contro ...), its button over the cards (a cante, a "
              "swap) or, for a discard, each card to change in turn, then the button that "
              "changes them",
}
"""The forms of ``point``."""

FIELDS = {
    "right": "the player on your right (seat 1)",
    "across": "the player across (seat n/2)",
    "left": "the player on your left (the last seat)",
    "seat1 ... seat7": "a player by seat",
    "card": "the card the step's `do` plays",
    "button": "the label of the button the step's `do` presses (the card's name, for a card "
              "called)",
    "led": "the first card of the trick on the table",
    "winning": "the card winning the trick on the table",
    "totals": "at `result`: every player's points",
    "losers": "at `result`: who lost the hand",
    "sides": "at `result`, in games played by sides (teams, a declarer's side and the "
             "rest): each side's players and points",
}
"""The names a text may fill in, in braces: ``{right} led {led}``."""

START, SCORED = -1, 1_000_000
"""Moments besides "this many actions played": before the deal, and the hand scored."""


class LessonError(YamlError):
    """A lesson file that is not well formed, located by file and line."""


Texts = dict[str, str]


@dataclass(frozen=True)
class Step:
    at: int
    """When it comes: the actions played so far in the hand, START or SCORED."""
    title: Texts
    text: Texts
    """Empty for a step that only asks for its ``do`` (the player's own words say which)."""
    point: str = ""
    do: Action | None = None
    line: int | None = None


@dataclass(frozen=True)
class Lesson:
    game: str
    """The lesson's name: its file's stem, the game it teaches."""
    rules: str
    options: dict[str, Any]
    dealer: int | None
    deal: list[list[int]]
    rest: list[int] | None
    actions: list[Action]
    steps: list[Step]
    end_title: Texts
    end_text: Texts
    source: str = ""
    action_lines: list[int | None] = field(default_factory=list)

    @property
    def players(self) -> int:
        return int(self.options["players"])


def lessons_dir() -> Path:
    return asset("lessons")


def lesson_names() -> list[str]:
    """The games that have a lesson, in a stable order."""
    return sorted(p.stem for p in lessons_dir().glob("*.yaml"))


def lesson_path(game: str) -> Path:
    return lessons_dir() / f"{game}.yaml"


def load_lesson(game_or_path: str | Path) -> Lesson:
    """A bundled lesson by game name, or any lesson file; LessonError says what and where."""
    text = str(game_or_path)
    path = Path(text) if text.endswith((".yaml", ".yml")) else lesson_path(text)
    if not text.endswith((".yaml", ".yml")) and not path.is_file():
        raise LessonError(str(path), None, "no such lesson (the games with one: "
                          f"{', '.join(lesson_names())})")
    return _Reader(read(path, LessonError, LESSON_LIMIT), path.stem).lesson()


class _Reader(DocReader):
    """A lesson's document: read as a record's, its faults lesson errors."""

    error = LessonError

    def __init__(self, doc: Located, game: str) -> None:
        super().__init__(doc)
        self.game = game

    def texts(self, value: object, path: tuple[Any, ...], what: str) -> Texts:
        if not isinstance(value, dict) or set(value) != set(TEXT_LANGS) or not all(
                isinstance(v, str) and v.strip() for v in value.values()):
            raise self.fail(path, f"{what}: expected {{es: ..., en: ...}}, both written")
        for lang, words in value.items():
            try:
                names = set(filetext.names(words))
            except filetext.TextFault as exc:
                raise self.fail((*path, lang), f"{what} ({lang}): {exc}") from None
            unknown = sorted(n for n in names if n not in FIELDS and not (
                n.startswith("seat") and n[4:].isdigit()))
            if unknown:
                raise self.fail((*path, lang), f"{what} ({lang}): unknown name "
                                f"'{{{shown(unknown[0])}}}' (known: {', '.join(FIELDS)})")
        return dict(value)

    def lesson(self) -> Lesson:
        top = self.keys(self.doc.data, (), TOP_KEYS, "lesson")
        for key in REQUIRED:
            if key not in top:
                raise self.fail((), f"lesson: missing key '{key}'")
        if not isinstance(top["rules"], str):
            raise self.fail(("rules",), "rules: expected a ruleset name")
        options = top["options"]
        if not isinstance(options, dict) or type(options.get("players")) is not int:
            raise self.fail(("options",), "options: expected a mapping with players, like "
                            "{players: 4}")
        players = options["players"]
        dealer = top.get("dealer")
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < players):
            raise self.fail(("dealer",), f"dealer: expected a seat, 0 to {players - 1}")
        deal = top["deal"]
        if not isinstance(deal, list) or len(deal) != players:
            raise self.fail(("deal",), f"deal: expected the cards of each of the {players} "
                            "seats")
        hands = [self.cards(cards, ("deal", s), f"deal, seat {s}") for s, cards in
                 enumerate(deal)]
        rest = self.cards(top["rest"], ("rest",), "rest") if top.get("rest") is not None \
            else None
        script = top["actions"]
        if not isinstance(script, list) or not script:
            raise self.fail(("actions",), "actions: expected the list of the hand's actions")
        actions = []
        for i, text in enumerate(script):
            try:
                actions.append(parse_action(str(text), players))
            except ValueError as exc:
                raise self.fail(("actions", i), f"action {i + 1}: {exc}") from None
        end = self.keys(top["end"], ("end",), END_KEYS, "end")
        if set(end) != set(END_KEYS):
            raise self.fail(("end",), "end: expected title and text")
        lesson = Lesson(
            self.game, top["rules"], dict(options), dealer, hands, rest, actions,
            self.steps(top["steps"], actions, players),
            self.texts(end["title"], ("end", "title"), "end, title"),
            self.texts(end["text"], ("end", "text"), "end, text"),
            self.doc.source, [self.doc.line(("actions", i)) for i in range(len(actions))])
        return lesson

    def steps(self, raw: object, actions: list[Action], players: int) -> list[Step]:
        if not isinstance(raw, list) or not raw:
            raise self.fail(("steps",), "steps: expected a list of steps")
        out: list[Step] = []
        moment = START
        for i, item in enumerate(raw):
            path: tuple[Any, ...] = ("steps", i)
            what = f"step {i + 1}"
            m = self.keys(item, path, STEP_KEYS, what)
            for key in ("title", "text"):
                if key not in m and (m.get("do") is None or set(m) & {"title", "text"}):
                    raise self.fail(path, f"{what}: missing key '{key}'")
            do = None
            if m.get("do") is not None:
                try:
                    do = parse_action(f"{HUMAN} {m['do']}", players)
                except ValueError as exc:
                    raise self.fail((*path, "do"), f"{what}, do: {exc}") from None
            if "at" in m:
                at = self.moment(m["at"], (*path, "at"), what, actions, moment, players)
            elif do is not None:
                at = self.find(do, actions, max(moment, 0), (*path, "do"), what)
            else:
                raise self.fail(path, f"{what}: missing key 'at' (or 'do')")
            if at < moment:
                raise self.fail((*path, "at"), f"{what}: comes before the step above it")
            if do is not None and not (0 <= at < len(actions) and actions[at] == do):
                raise self.fail((*path, "do"), f"{what}: the script's action at this moment "
                                f"is not '{HUMAN} {shown(str(m['do']))}'")
            point = self.point(m.get("point", ""), (*path, "point"), what, do, players)
            said = "title" in m
            out.append(Step(at, self.texts(m["title"], (*path, "title"), f"{what}, title")
                            if said else {}, self.texts(m["text"], (*path, "text"),
                                                        f"{what}, text") if said else {},
                            point, do, self.doc.line(path)))
            moment = at
        asked = {s.at for s in out if s.do is not None}
        for i, action in enumerate(actions):
            if action.seat == HUMAN and i not in asked:
                raise self.fail(("actions", i), f"action {i + 1} is the player's: a step "
                                f"with do: {action.text()} must ask for it")
        return out

    def moment(self, value: object, path: tuple[Any, ...], what: str, actions: list[Action],
               since: int, players: int) -> int:
        text = str(value).strip()
        word, _sep, rest = text.partition(" ")
        if text == "start":
            return START
        if text == "deal":
            return 0
        if text == "result":
            return SCORED
        if word in ("before", "after") and rest:
            try:
                action = parse_action(rest, players)
            except ValueError as exc:
                raise self.fail(path, f"{what}, at: {exc}") from None
            found = self.find(action, actions, max(since - (word == "after"), 0), path, what)
            return found + (word == "after")
        raise self.fail(path, f"{what}, at: '{shown(text)}' is no moment (expected one of: "
                        f"{', '.join(MOMENTS)})")

    def find(self, action: Action, actions: list[Action], since: int,
             path: tuple[Any, ...], what: str) -> int:
        for i in range(since, len(actions)):
            if actions[i] == action:
                return i
        raise self.fail(path, f"{what}: the script has no '{action.record_text()}' from "
                        "here on")

    def point(self, value: object, path: tuple[Any, ...], what: str, do: Action | None,
              players: int) -> str:
        text = str(value).strip()
        word, _sep, arg = text.partition(" ")
        if text in ("", "hand", "trick", "trump", "stock", "muestra", "score"):
            return text
        if text == "card":
            if do is None or do.verb != PLAY:
                raise self.fail(path, f"{what}, point: 'card' needs a do: play CARD")
            return text
        if text in ("button", "choice"):
            if do is None or do.verb == PLAY:
                raise self.fail(path, f"{what}, point: '{text}' needs a do that is not a "
                                "card played")
            return text
        if text == "question":
            if do is None or do.verb not in QUESTION_VERBS | {PASS}:
                raise self.fail(path, f"{what}, point: 'question' needs a do that answers "
                                f"one ({', '.join(sorted(QUESTION_VERBS | {PASS}))})")
            return text
        if word == "card" and arg:
            try:
                parse_card(arg)
            except ValueError as exc:
                raise self.fail(path, f"{what}, point: {exc}") from None
            return text
        if word == "seat" and arg.isdigit() and int(arg) < players:
            return text
        raise self.fail(path, f"{what}, point: '{shown(text)}' is nothing on the table "
                        f"(expected one of: {', '.join(POINTS)})")
