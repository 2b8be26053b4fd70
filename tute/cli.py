"""``tute`` and its sub-commands; each command's work lives in its own module.

The modules are imported only when their command runs, so ``tute replay`` never loads pygame
and the game window opens without loading the simulator.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import NoReturn

from tute.echo import printable, shown
from tute.resources import asset, rules_dir
from tute.store import PRINT_SIZES


def engine_kind() -> str:
    """``compiled`` when the play kernel is mypyc's native code (tools/compile_engine.py, the
    release apps), else ``pure Python``: a build that lost its compiled engine still runs, only
    slower, so ``--version`` is how to tell."""
    import tute.engine.play as play

    native = (play.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
    return "compiled" if native else "pure Python"


class _VersionAction(argparse.Action):
    """``--version``: the version and the engine kind, found only when asked (importing the
    engine is not free)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from tute import __version__

        print(f"tute {__version__}\nengine: {engine_kind()}")
        parser.exit()


def _screen_options(p: argparse.ArgumentParser, again: bool = False) -> None:
    """The window's options; ``again`` for a subcommand's copy, which leaves the value given
    before the subcommand standing when it is not given after it (``tute --size 800x560
    play cabrero``: argparse would put the copy's default over it)."""
    default: object = argparse.SUPPRESS if again else None
    p.add_argument("--frames", type=int, metavar="N", default=default,
                   help="run N frames, save the last with --screenshot, and exit")
    p.add_argument("--screenshot", metavar="FILE", default=default,
                   help="where --frames saves its last frame")
    p.add_argument("--size", metavar="WxH", default=default,
                   help="window size, e.g. 1280x800")
    p.add_argument("--fullscreen", action="store_true", default=default if again else False,
                   help="start in fullscreen")
    p.add_argument("--speech", action="store_true", default=default if again else False,
                   help="speak the game through the screen reader (F2 or V switches it at "
                   "any time)")
    p.add_argument("--print", type=int, choices=PRINT_SIZES, metavar="PERCENT", default=default,
                   help="text and cards at this size: "
                   f"{', '.join(map(str, PRINT_SIZES))} (kept in the settings)")
    p.add_argument("--contrast", action="store_true", default=default if again else False,
                   help="the high-contrast look, card indices legible without colour (kept "
                   "in the settings)")


def counted(low: int, high: int) -> Callable[[str], int]:
    """An option's whole number from ``low`` to ``high``: out of range it is refused at the
    command line (``--guesses -1`` once ran, ``10**20`` never ended)."""
    def value(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{shown(text, 40)}' is not a whole "
                                             "number") from None
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(f"expected {low} to {high}, not "
                                             f"{shown(text, 40)}")
        return number

    return value


SEEDS = 2**63
"""Seeds lie in 0..SEEDS-1, so that every record and statistics entry can hold them."""
seed = counted(0, SEEDS - 1)
"""A ``--seed`` value."""
MOST_GUESSES = 10_000
"""``tute compare --guesses``: 200 times the hard level's own, minutes a decision."""
MOST_HANDS = 10**6
"""``tute review --hand``: far beyond any record's hands (the record says how many)."""


class _Parser(argparse.ArgumentParser):
    """argparse quotes a wrong argument back (``unrecognized arguments: ...``): what was
    typed, a pasted deal code's terminal escapes included, must not drive the terminal."""

    def error(self, message: str) -> NoReturn:
        super().error(printable(message))


def _files_in(folder: Path) -> str:
    """The names of the bundled YAML files in ``folder`` (rulesets, puzzles, lessons), for
    a help line that stays true when a file is added."""
    return ", ".join(sorted(p.stem for p in folder.glob("*.yaml")))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tute", description="Tute Cabrero and the Spanish-deck games against the computer."
    )
    parser.add_argument("--version", action=_VersionAction,
                        help="print the version and whether the engine is compiled, and exit")
    parser.add_argument("--demo", action="store_true", help="the computer plays every seat")
    _screen_options(parser)
    sub = parser.add_subparsers(dest="command")
    games = _files_in(rules_dir())

    play = sub.add_parser("play", help="go straight to a table")
    play.add_argument("game", help=f"ruleset name ({games}) or path")
    play.add_argument("--players", type=int, help="number of players")
    play.add_argument("--level", choices=["easy", "medium", "hard"], default="medium",
                      help="the computer opponents' level")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a ruleset option, e.g. lives=3 (repeatable)")
    play.add_argument("--demo", action="store_true", default=argparse.SUPPRESS,
                      help="the computer plays every seat")
    play.add_argument("--seed", type=seed, help="seed for the shuffles")
    play.add_argument("--practice", action="store_true",
                      help="practice: hints and undo, kept apart in the statistics")
    _screen_options(play, again=True)

    replay = sub.add_parser("replay", help="replay a game record and print the results")
    replay.add_argument("file", help="the record (YAML)")
    replay.add_argument("--json", action="store_true", help="print one JSON object")

    review = sub.add_parser("review", help="open the game window on a record's hand review")
    review.add_argument("file", help="the record (YAML)")
    review.add_argument("--hand", type=counted(1, MOST_HANDS), metavar="N",
                        help="the hand to open (from 1)")
    review.add_argument("--seat", type=int, default=0, help="whose decisions (default 0)")
    _screen_options(review, again=True)

    sim = sub.add_parser("simulate", help="play computer-only matches and summarize them")
    sim.add_argument("game", help=f"ruleset name ({games}) or path")
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--seats", required=True, metavar="LEVEL,LEVEL,...",
                     help="one level per seat: easy, medium, hard")
    count = sim.add_mutually_exclusive_group(required=True)
    count.add_argument("--hands", type=int, help="number of hands to play")
    count.add_argument("--matches", type=int, help="number of matches to play")
    sim.add_argument("--seed", type=seed, default=0)
    sim.add_argument("--duplicate", action="store_true",
                     help="replay each deal with the seats rotated so luck cancels out")
    sim.add_argument("--records", metavar="DIR", help="write each match as a game record")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")

    deal = sub.add_parser("deal", help="play a hand again from its deal code")
    deal.add_argument("code", help="the code the result screen shows, e.g. DOS-3T266-0G5M7")
    _screen_options(deal, again=True)

    compare = sub.add_parser("compare", help="play a coded hand with a level and with "
                             "hard, and print both scores")
    compare.add_argument("code", nargs="?", help="the deal code")
    compare.add_argument("--level", choices=["easy", "medium", "hard"], default="medium",
                         help="the level in the player's seat, beside hard")
    compare.add_argument("--guesses", type=counted(1, MOST_GUESSES), default=48, metavar="N",
                         help="the hard level's guesses per decision (default 48)")
    compare.add_argument("--json", action="store_true", help="print one JSON object")
    compare.add_argument("--sample", type=int, metavar="N",
                         help="print N deal codes of --game instead, one a line")
    compare.add_argument("--game", help="--sample: the game (a bundled ruleset's name)")
    compare.add_argument("--players", type=int, help="--sample: number of players")
    compare.add_argument("--opponents", choices=["easy", "medium", "hard"],
                         default="medium", help="--sample: the opponents' level")
    compare.add_argument("--seed", type=seed, default=0, help="--sample: seed for the codes")

    puzzles = sub.add_parser("puzzles", help="list a game's card-play puzzles, or prove them")
    puzzles.add_argument("game", help=f"a game with puzzles ({_files_in(asset('puzzles'))})")
    puzzles.add_argument("--check", action="store_true",
                         help="prove again that each puzzle has exactly one answer")
    puzzles.add_argument("--stats", action="store_true",
                         help="count the puzzles, those with two legal cards, the themes "
                              "and the difficulty")

    lesson = sub.add_parser("lesson", help="a game's guided hand, or --check that it holds")
    lesson.add_argument("game", help=f"the game ({_files_in(asset('lessons'))}) or a "
                        "lesson file")
    lesson.add_argument("--lang", choices=["es", "en", "ca"],
                        help="the language (default: the settings'; --check: all three)")
    lesson.add_argument("--check", action="store_true",
                        help="play it headless through the engine and report")
    lesson.add_argument("--step", type=int, metavar="K",
                        help="open the lesson at its step K (answering those before)")
    _screen_options(lesson, again=True)

    stats = sub.add_parser("stats", help="print the player's statistics")
    stats.add_argument("--game", help="only this game (a ruleset name)")
    stats.add_argument("--level", choices=["easy", "medium", "hard"], help="only this level")
    stats.add_argument("--players", type=int, help="only matches with this many at the table")
    stats.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                       help="only matches played with this house option of --game "
                            "(repeatable)")
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _tolerant_output() -> None:
    """A terminal that cannot show a character (an ASCII-only locale) gets a ``?`` instead
    of a crash: names like "Tute subastado · 4 jugadores" and a player's ruleset's name
    are printed whatever the locale."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors in (
                "strict", "surrogateescape"):
            stream.reconfigure(errors="replace")


def main(argv: Sequence[str] | None = None) -> int:
    _tolerant_output()
    args = build_parser().parse_args(argv)
    try:
        return _command(args)
    except BrokenPipeError:  # `tute replay r.yaml | head`: the reader left, not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _command(args: argparse.Namespace) -> int:
    if args.command == "replay":
        from tute.replay import run as run_replay

        return run_replay(args)
    if args.command == "simulate":
        from tute.simulate import run as run_simulate

        return run_simulate(args)
    if args.command == "review":
        from tute.ui.main import review as run_review

        return run_review(args)
    if args.command == "compare":
        from tute.compare import run as run_compare

        return run_compare(args)
    if args.command == "puzzles":
        from tute.puzzles.check import run as run_puzzles

        return run_puzzles(args)
    if args.command == "lesson" and args.check:
        from tute.lessons.cli import run as run_lesson

        return run_lesson(args)
    if args.command == "lesson":
        from tute.ui.main import lesson as run_lesson_window

        return run_lesson_window(args)
    if args.command == "stats":
        from tute.stats.cli import run as run_stats

        return run_stats(args)
    from tute.ui.main import run as run_app

    return run_app(args)


if __name__ == "__main__":
    sys.exit(main())
