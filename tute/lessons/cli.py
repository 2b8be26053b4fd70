"""``tute lesson GAME``: open a game's lesson in the window, or, with ``--check``, play it
headless through the engine and say whether it still holds (the tests run this for every
lesson and language)."""

from __future__ import annotations

import argparse
import sys

from tute.echo import printable
from tute.lessons.check import LANGUAGES, check_lesson
from tute.lessons.file import LessonError, load_lesson


def run(args: argparse.Namespace) -> int:
    try:
        lesson = load_lesson(args.game)
    except LessonError as exc:
        print(f"tute lesson: {printable(str(exc))}", file=sys.stderr)
        return 1
    if args.check:
        steps = 0
        try:
            for lang in [args.lang] if args.lang else LANGUAGES:
                steps = check_lesson(lesson, lang)
        except LessonError as exc:
            print(f"tute lesson: {printable(str(exc))}", file=sys.stderr)
            return 1
        print(f"lesson {lesson.game}: {steps} steps ok")
        return 0
    return _window(args)


def _window(args: argparse.Namespace) -> int:
    from tute.ui.learning.tutorial import start_tutorial
    from tute.ui.shell.app import App, parse_size

    try:
        size = parse_size(getattr(args, "size", None))
    except ValueError as exc:
        print(f"tute: {exc}", file=sys.stderr)
        return 2
    app = App(args, size)
    if args.lang:
        app.settings.language = args.lang  # for this window only: not saved
        app.apply_settings()
    start_tutorial(app, args.game, upto=args.step - 1 if args.step else 0)
    return app.run(getattr(args, "frames", None), getattr(args, "screenshot", None))
