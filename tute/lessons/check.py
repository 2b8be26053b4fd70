"""A lesson played headless through the engine, the way ``tute lesson GAME --check`` and the
tests play every bundled lesson: every scripted action must be legal, every caption's moment
reached with what it points at on the table and every name its words fill in, and its words
written in the language asked for (Catalan through the ``rules`` catalog). A rules change
that breaks a lesson is caught here, not by a player stuck in it."""

from __future__ import annotations

from collections.abc import Iterator

from tute import filetext
from tute.cards import parse_card
from tute.engine import DEAL, OVER, DealError, Game, IllegalAction
from tute.engine.actions import PLAY
from tute.i18n import RULES_DOMAIN, translations
from tute.lessons.file import HUMAN, SCORED, START, Lesson, LessonError, Step, Texts
from tute.rules import load_ruleset
from tute.rules.ruleset import RulesetError

LANGUAGES = ("es", "en", "ca")


def check_lesson(lesson: Lesson, lang: str) -> int:
    """Play ``lesson`` to its end; the number of steps, or LessonError at the first fault
    (its file and line: the step, the action, or the key that is wrong)."""
    source = lesson.source

    def fail(line: int | None, message: str) -> LessonError:
        return LessonError(source, line, message)

    try:
        game = Game(load_ruleset(lesson.rules), lesson.options, seed=0)
    except RulesetError as exc:
        raise fail(None, f"rules: {exc.message}") from None
    except ValueError as exc:
        raise fail(None, f"options: {exc}") from None
    steps = iter(enumerate(lesson.steps, start=1))
    pending = next(steps, None)

    def reached(moment: int) -> Iterator[tuple[int, Step]]:
        nonlocal pending
        while pending is not None and pending[1].at == moment:
            yield pending
            pending = next(steps, None)

    for number, step in reached(START):
        _check_step(game, step, number, lang, dealt=False, source=source)
    try:
        game.deal(lesson.deal, lesson.rest, lesson.dealer)
    except DealError as exc:
        raise fail(None, f"deal: {exc}") from None
    for i, action in enumerate(lesson.actions):
        for number, step in reached(i):
            _check_step(game, step, number, lang, dealt=True, source=source)
        if game.phase in (DEAL, OVER):
            raise fail(lesson.action_lines[i], f"action {i + 1}: the hand is already over")
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise fail(lesson.action_lines[i], f"action {i + 1} '{action.record_text()}': "
                       f"{exc}") from None
    for number, step in reached(len(lesson.actions)):
        _check_step(game, step, number, lang, dealt=True, source=source)
    if game.phase not in (DEAL, OVER):
        raise fail(lesson.action_lines[-1], "the script ends before the hand does")
    for number, step in reached(SCORED):
        _check_step(game, step, number, lang, dealt=True, source=source, scored=True)
    if pending is not None:
        raise fail(pending[1].line, f"step {pending[0]}: its moment never comes")
    for texts in (lesson.end_title, lesson.end_text):
        _words(texts, lang, source, None, "end", set())
    return len(lesson.steps)


def _check_step(game: Game, step: Step, number: int, lang: str, dealt: bool, source: str,
                scored: bool = False) -> None:
    what = f"step {number}"
    h = game.hand
    playing = dealt and not scored
    mine = h.hands[HUMAN] if playing else 0
    names = {"right", "across", "left"} | {f"seat{s}" for s in range(game.n)}
    if step.do is not None:
        names.add("card" if step.do.verb == PLAY else "button")
        if h.to_act != HUMAN:
            raise LessonError(source, step.line, f"{what}: it asks the player to act on "
                              "another player's turn")
        try:  # what it points at and asks for must be what the rules offer now
            game.clone().apply(step.do)
        except IllegalAction as exc:
            raise LessonError(source, step.line, f"{what}: '{step.do.text()}' is not "
                              f"allowed at its moment: {exc}") from None
    if playing and h.trick_cards:
        names |= {"led", "winning"}
    if scored:
        names |= {"totals", "losers"} | (
            {"sides"} if game.kit.teams or game.kit.declarer_sides else set())
    point, _sep, arg = step.point.partition(" ")
    if point == "card":
        missing = not mine >> (parse_card(arg) if arg else step.do.arg if step.do else 0) & 1
    elif point == "seat":
        missing = int(arg) >= game.n
    else:
        missing = {"hand": not mine, "trick": not (playing and h.trick_cards),
                   "trump": not dealt, "score": not dealt,
                   "stock": not (playing and (h.stock or h.muestra is not None)),
                   "muestra": not (playing and h.muestra is not None),
                   }.get(point, False)
    if missing:
        raise LessonError(source, step.line, f"{what}: it points at the {step.point}, which "
                          "is not on the table at its moment")
    for texts in (step.title, step.text):
        if texts:
            _words(texts, lang, source, step.line, what, names)


def _words(texts: Texts, lang: str, source: str, line: int | None, what: str,
           names: set[str]) -> None:
    """The words in ``lang`` exist, and they and the file's own (Spanish and English,
    whichever language is checked: a player reading the other must not meet a name that
    fills nothing) name only what the moment has."""
    words = dict(texts)
    if lang == "ca":
        words["ca"] = translations("ca", RULES_DOMAIN).gettext(texts["en"])
        if words["ca"] == texts["en"]:
            raise LessonError(source, line, f"{what}: no Catalan in the rules catalog for "
                              f"'{texts['en'][:60]}'")
    for which in sorted(words, key=lambda w: w != lang):  # the language asked for first
        try:
            used = set(filetext.names(words[which]))
        except filetext.TextFault as exc:
            raise LessonError(source, line, f"{what} ({which}): {exc}") from None
        absent = sorted(used - names)
        if absent:
            raise LessonError(source, line, f"{what} ({which}): '{{{absent[0]}}}' names "
                              "nothing at its moment")
