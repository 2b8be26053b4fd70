"""The guided hand's pointers end beside what they point at and cross no text (issue 40,
item 7): not the trick's "Winning" chip, not the "Your turn" prompt, not a label."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_ui_tutorial import walk_lesson
from ui_helpers import make_app


def along(a: tuple[int, int], b: tuple[int, int], step: int = 2) -> list[tuple[int, int]]:
    """Points every ``step`` pixels on the segment from ``a`` to ``b``."""
    n = max(1, round(max(abs(b[0] - a[0]), abs(b[1] - a[1])) / step))
    return [(round(a[0] + (b[0] - a[0]) * i / n), round(a[1] + (b[1] - a[1]) * i / n))
            for i in range(n + 1)]


WINDOWS = [("es", (1280, 800)), ("ca", (1280, 800)), ("en", (1280, 800)),
           ("es", (800, 560)), ("ca", (800, 560)), ("en", (800, 560))]
"""Languages and window sizes the Cabrero lesson is walked in; the lessons whose pointers
reach a question's answer or the cards of a discard are walked in three of them."""


@pytest.mark.parametrize(("game", "language", "size"), [
    *(("cabrero", lang, size) for lang, size in WINDOWS),
    *((game, lang, size) for game in ("subastado", "bato", "butifarra")
      for lang, size in WINDOWS[::2]),
    # Issue 47: the contro's answer under the doubling panel's words (its pointer crossed
    # them; where every way does, the ring alone shows the answer).
    ("butifarra", "es", (800, 560)), ("butifarra", "ca", (1280, 800))])
def test_item7_no_pointer_lies_on_text(home: Path, language: str,
                                       size: tuple[int, int], game: str) -> None:
    application = make_app(size, language=language)
    try:
        pointed = 0
        for lesson, step in walk_lesson(application, game):
            box = lesson.play_box if step.do is not None else lesson.box
            target = lesson.target(step)
            if box.pointer is not None and target is not None:
                pointed += 1
                a, b, tip = box.pointer
                edge = along(a, tip) + along(b, tip)
                texts = lesson.table.texts
                assert texts, "the table's texts are recorded"
                on_text = [r for r in texts if not box.rect.contains(r)
                           and any(r.collidepoint(p) for p in edge)]
                assert not on_text, (step.title, on_text)
                assert not any(target.collidepoint(p) for p in edge), step.title
                ring = target.inflate(application.px(18), application.px(18))
                assert ring.collidepoint(tip), (step.title, "ends beside its target")
        assert pointed >= 5
    finally:
        application.close()


@pytest.mark.parametrize("game", ["guinote", "dos", "brisca"])
def test_a_step_about_the_muestra_frames_the_muestra(home: Path, game: str) -> None:
    """Issue 47: the step that explains the muestra rings the muestra (the card under the
    stock, which the stock lies across), not the stock beside it."""
    from tute.ui.learning.tutorial import spot_rect

    application = make_app((1280, 800), language="en")
    try:
        framed = 0
        for lesson, step in walk_lesson(application, game):
            if "muestra" not in step.title.get("en", ""):
                continue
            lay = lesson.table.layout
            card = spot_rect(lay.table_card_spot().pos, lay.trick_w, lay.trick_h)
            target = lesson.target(step)
            assert target is not None and target.contains(card), (step.title, target, card)
            framed += 1
        assert framed
    finally:
        application.close()
