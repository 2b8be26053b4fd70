"""Guided lessons: one hand of a game, dealt and played from a file, with captions."""

from tute.lessons.file import (
    SCORED,
    START,
    Lesson,
    LessonError,
    Step,
    lesson_names,
    lesson_path,
    load_lesson,
)

__all__ = ["SCORED", "START", "Lesson", "LessonError", "Step", "lesson_names", "lesson_path",
           "load_lesson"]
