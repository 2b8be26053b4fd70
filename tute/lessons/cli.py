"""``tute lesson GAME --check``: play a game's lesson headless through the engine and say
whether it still holds (the tests run this for every lesson and language). Without
``--check`` the lesson opens in the window (``tute.ui.main.lesson``)."""

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
    steps = 0
    try:
        for lang in [args.lang] if args.lang else LANGUAGES:
            steps = check_lesson(lesson, lang)
    except LessonError as exc:
        print(f"tute lesson: {printable(str(exc))}", file=sys.stderr)
        return 1
    print(f"lesson {lesson.game}: {steps} steps ok")
    return 0
