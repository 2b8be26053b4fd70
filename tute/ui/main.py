"""The composition root: ``tute`` opens its window here, with every screen wired in.

Each room of the UI imports only the rooms below it; this module sits above them all. It
builds the app with its routes (``Screens``: how a scene opens the menu, the match's end, a
review... without importing them), chooses the first screen from the command line, and holds
the window's entry points (``run`` for ``tute``, ``tute play`` and ``tute deal``; ``review``
and ``lesson`` for ``tute review`` and ``tute lesson``). No room imports it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from tute import instance, store
from tute.echo import printable
from tute.i18n import N_, _
from tute.rules.ruleset import is_path
from tute.ui.shell.app import App, parse_size
from tute.ui.shell.scene import Scene

if TYPE_CHECKING:
    from tute.deals import DealCode
    from tute.engine.record import Record
    from tute.rules import OptionValue, RuleSet
    from tute.ui.table.coach import Coach
    from tute.ui.table.scene import TableScene

# The screens are imported where they open, as the scenes did before this module held their
# ways: the menu's first frame loads neither the table nor the computer players.

class Screens:
    """The routes (``tute.ui.shell.routes.Routes``) of ``app``: each opens its screen."""

    def __init__(self, app: App) -> None:
        self.app = app

    def menu(self) -> None:
        from tute.ui.menus.menu import MenuScene

        self.app.replace_all(MenuScene(self.app))

    def new_game(self, game: str) -> None:
        from tute.ui.menus.new_game import NewGameScene

        self.menu()
        self.app.push(NewGameScene(self.app, game))

    def settings(self) -> None:
        from tute.ui.menus.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def rules(self, game: str, options: Mapping[str, OptionValue] | None = None,
              rules: RuleSet | None = None) -> None:
        from tute.ui.menus.rules_help import RulesScene

        self.app.push(RulesScene(self.app, game, options, rules))

    def match_end(self, table: TableScene) -> None:
        from tute.ui.menus.match_end import MatchEndScene

        self.app.push(MatchEndScene(self.app, table))

    def review(self, record: Record, browse: bool = True) -> None:
        from tute.ui.practice.review_records import open_review

        open_review(self.app, record, browse=browse)

    def opener(self, table: TableScene) -> Coach | None:
        from tute.ui.learning.openers import opener

        return opener(table)


def open_app(args: argparse.Namespace, size: tuple[int, int] | None = None) -> App:
    """The window, its scenes routed by ``Screens`` (tests and tools open it this way)."""
    return App(args, size, routes=Screens)


def first_scene(app: App, setup: store.GameSetup | None, demo: bool,
                seed: int | None = None, code: DealCode | None = None) -> Scene:
    """The menu, or straight to a table for ``tute play`` and ``--demo``. When a match is
    saved, ``tute play`` opens the menu and asks there whether to abandon it: a player who
    started the game from a shortcut would never see a refusal printed on a terminal. A file
    set aside as damaged is reported there too, before the table. A player's own ruleset
    file played so becomes the last table, which the new-game screen lists and offers
    again (it is reached from nowhere else)."""
    if setup is not None and not demo and is_path(setup.rules):
        app.settings.setup = setup
    if code is not None:  # tute deal: one hand, kept apart from any saved match
        from tute.ui.table.scene import TableScene
        from tute.ui.table.session import Session

        return TableScene(app, Session.from_code(code))
    if setup is None and demo:
        setup = demo_setup(app.settings.setup)
    saved, problem = (None, None) if demo else store.load_match()
    if problem:
        app.problems.append(problem)
    if setup is None or saved is not None or (app.problems and not demo):
        from tute.ui.menus.menu import MenuScene

        return MenuScene(app, setup, seed)
    from tute.ui.table.scene import TableScene
    from tute.ui.table.session import Session

    return TableScene(app, Session.new(setup, demo, seed))


def demo_setup(last: store.GameSetup) -> store.GameSetup:
    """The table ``--demo`` plays: the last one chosen, as far as this version still offers
    it (settings that read well may remember a game or options it no longer knows)."""
    from tute.rules import load_ruleset
    from tute.ui.menus.new_game import GAMES, usable_options

    name = last.rules if last.rules in GAMES else GAMES[0]
    return store.GameSetup(name, "medium", usable_options(load_ruleset(name), last.options))


def play_setup(args: argparse.Namespace) -> store.GameSetup:
    """The table asked for by ``tute play GAME --players N --level L --option k=v``;
    ValueError says what is wrong with the command line."""
    from tute.rules import load_ruleset

    rules = load_ruleset(args.game)
    options: dict[str, object] = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep or name not in rules.options:
            known = ", ".join(rules.options)
            raise ValueError(f"--option expects NAME=VALUE with NAME one of: {known}")
        options[name] = rules.options[name].parse_text(value)
    if args.players is not None:
        options["players"] = args.players
    return store.GameSetup(rules.ref, args.level, rules.resolve(options),
                           practice=bool(getattr(args, "practice", False)))


def table_code(text: str) -> DealCode:
    """The code ``tute deal`` was given, the player seated at its seat; ValueError (a
    DealCodeError) says what is wrong with it."""
    from tute.deals import parse

    return parse(text)


def start(args: argparse.Namespace, setup: store.GameSetup | None,
          size: tuple[int, int] | None) -> App:
    """The window with its first scene, once it holds the data folder (``open_window``)."""
    demo = bool(getattr(args, "demo", False))
    return open_window(args, size, lambda app: app.push(first_scene(
        app, setup, demo, getattr(args, "seed", None), getattr(args, "deal", None))))


def open_window(args: argparse.Namespace, size: tuple[int, int] | None,
                first: Callable[[App], object]) -> App:
    """Every window of the game (the menu's, a table's, a lesson's, a review's) opens here,
    holding the data folder's lock: any of them can reach the saved match. When another
    window holds it, this one only says so (writing nothing; ``App.refused``, and the exit
    status is 1); when no lock can be had, or the folder cannot hold files, it plays on
    without saving and says why. Each is said once on stderr too. ``first`` opens the
    window's first scene, under that notice; a refused window never calls it."""
    folder = store.data_dir()
    problem = store.data_folder_problem()
    lock, refused, unlockable = None, False, ""
    if problem is None:
        try:
            lock = instance.claim(folder)
        except instance.AlreadyOpen:
            refused = True
        except OSError as exc:
            unlockable = exc.strerror or str(exc)
    store.hold_writes(problem is not None or refused or bool(unlockable))
    app = open_app(args, size)
    app.lock = lock
    app.refused = refused
    if refused:
        from tute.ui.shell.backdrop import Backdrop

        print(f"tute: the game is already open in another window (it holds "
              f"{printable(str(folder))}); this one starts nothing", file=sys.stderr)
        instance.ask_to_raise(folder)
        app.push(Backdrop(app))
        app.push(already_open(app))
        return app
    first(app)
    if unlockable:
        where = folder / instance.LOCK_FILE
        print(f"tute: cannot lock {printable(str(where))} ({unlockable}): the game plays "
              "without saving, so as not to write over another window's match",
              file=sys.stderr)
        app.push(lock_dialog(app, where, unlockable))
    elif problem is not None:
        app.push(folder_dialog(app, problem))
    return app


def already_open(app: App) -> Scene:
    """The second window's only screen: the game is open elsewhere."""
    from tute.ui.shell.dialog import Dialog

    return Dialog(app, N_("Tute is already open"),
                  N_("The game is already running in another window: carry on playing "
                     "there. Two windows would overwrite each other's saved match."),
                  [(N_("Close"), app.quit, True)])


def lock_dialog(app: App, where: Path, error: str) -> Scene:
    """Said once, as the game opens: no lock can be had on its folder, so another window
    could be open on it, and nothing is saved."""
    from tute.ui.shell.dialog import Dialog

    message = _("The game cannot lock its folder ({path}: {error}), so it cannot tell "
                "whether another window is open on it.").format(path=str(where), error=error) \
        + " " + _("You can play, but nothing is saved this time: not the match, the "
                  "statistics or the settings.")
    return Dialog(app, N_("Nothing can be saved"), lambda: message, [("OK", lambda: None,
                                                                      True)])


def folder_dialog(app: App, problem: store.FolderProblem) -> Scene:
    """Said once, as the game opens: its folder cannot hold its files, so nothing is saved."""
    from tute.ui.shell.dialog import Dialog

    where = str(problem.path)
    if problem.not_a_folder:
        why = _("The game keeps its files in {path}, but that is a file, not a "
                "folder.").format(path=where)
    else:
        why = _("The game cannot write in its folder {path} ({error}).").format(
            path=where, error=problem.detail)
    message = why + " " + _("You can play, but nothing is saved this time: not the match, "
                            "the statistics or the settings.")
    return Dialog(app, N_("Nothing can be saved"), lambda: message, [("OK", lambda: None,
                                                                      True)])


def run(args: argparse.Namespace) -> int:
    """Open the game window and play until it is closed; returns the exit status."""
    try:
        setup = play_setup(args) if args.command == "play" else None
        if args.command == "deal":
            args.deal = table_code(args.code)
        size = parse_size(getattr(args, "size", None))
    except ValueError as exc:
        print(f"tute: {printable(str(exc))}", file=sys.stderr)
        return 2
    app = start(args, setup, size)
    return app.run(getattr(args, "frames", None), getattr(args, "screenshot", None))


def review(args: argparse.Namespace) -> int:
    """``tute review FILE``: the window opens on the file's review; a file that cannot be
    reviewed is named on stderr with what is wrong."""
    from tute.engine.record import load_record
    from tute.review import replayed
    from tute.rules import RulesetError
    from tute.ui.practice.review_records import open_review

    try:
        size = parse_size(getattr(args, "size", None))
        record = load_record(args.file)
        game = replayed(record)
    except (ValueError, RulesetError, OSError) as exc:
        print(f"tute review: {printable(str(exc))}", file=sys.stderr)
        return 1
    if not game.logs:
        print(f"tute review: {printable(args.file)}: it holds no hand", file=sys.stderr)
        return 1
    hand = args.hand - 1 if args.hand else 0
    if not 0 <= hand < len(game.logs) or not 0 <= args.seat < game.n:
        print(f"tute review: {printable(args.file)} has {len(game.logs)} hands and seats 0 to "
              f"{game.n - 1}", file=sys.stderr)
        return 1
    app = open_window(args, size, lambda app: open_review(app, record, hand, args.seat))
    return app.run(getattr(args, "frames", None), getattr(args, "screenshot", None))


def lesson(args: argparse.Namespace) -> int:
    """``tute lesson GAME`` without ``--check``: the game's lesson in the window, once it
    holds (what ``--check`` would say is said instead, in each of the lesson's languages)."""
    from tute.lessons.check import check_lesson
    from tute.lessons.file import TEXT_LANGS, LessonError, load_lesson
    from tute.ui.learning.tutorial import start_tutorial

    try:
        lesson = load_lesson(args.game)
        for lang in TEXT_LANGS:
            check_lesson(lesson, lang)
    except LessonError as exc:
        print(f"tute lesson: {printable(str(exc))}", file=sys.stderr)
        return 1
    try:
        size = parse_size(getattr(args, "size", None))
    except ValueError as exc:
        print(f"tute: {printable(str(exc))}", file=sys.stderr)
        return 2

    def first(app: App) -> None:
        if args.lang:
            app.settings.language = args.lang  # for this window only: not saved
            app.apply_settings()
        start_tutorial(app, args.game, upto=args.step - 1 if args.step else 0)

    app = open_window(args, size, first)
    return app.run(getattr(args, "frames", None), getattr(args, "screenshot", None))
