"""``tute lesson GAME``: open a game's lesson in the window, or, with ``--check``, play it
headless through the engine and say whether it still holds (the tests run this for every
lesson and language)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from tute.echo import printable
from tute.lessons.check import LANGUAGES, check_lesson
from tute.lessons.file import TEXT_LANGS, LessonError, load_lesson

if TYPE_CHECKING:
    from tute.ui.app import App


def run(args: argparse.Namespace) -> int:
    try:
        lesson = load_lesson(args.game)
        steps = 0
        # the window plays only a lesson that holds: what --check says is said instead
        for lang in (([args.lang] if args.lang else LANGUAGES) if args.check else TEXT_LANGS):
            steps = check_lesson(lesson, lang)
    except LessonError as exc:
        print(f"tute lesson: {printable(str(exc))}", file=sys.stderr)
        return 1
    if args.check:
        print(f"lesson {lesson.game}: {steps} steps ok")
        return 0
    return _window(args)


def _window(args: argparse.Namespace) -> int:
    from tute.ui.app import open_window, parse_size
    from tute.ui.tutorial import start_tutorial

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
