"""A long list shows the rows that fit, follows the focus and scrolls with the wheel (the
records to review and the puzzles)."""

from __future__ import annotations

from tute.ui.widgets.controls import Button, RowWindow


def window_of(count: int) -> RowWindow:
    window = RowWindow([Button(f"row {i}", lambda: None) for i in range(count)])
    window.lay_out((10, 100, 300, 40, 8), room=5 * 48 + 20, most=12)
    return window


def in_view(window: RowWindow) -> list[int]:
    return [i for i, row in enumerate(window.rows) if row.visible]


def test_the_rows_that_fit_are_shown_from_the_top() -> None:
    window = window_of(30)
    window.place(0, 16)
    assert window.shown == 5 and in_view(window) == [0, 1, 2, 3, 4]
    assert window.rows[1].rect.y == 100 + 48 and window.rows[1].font_size == 16


def test_the_view_follows_the_focus_down_and_back_up() -> None:
    window = window_of(30)
    window.place(12, 16)
    assert in_view(window) == [8, 9, 10, 11, 12] and window.rows[12].rect.y == 100 + 4 * 48
    window.place(3, 16)
    assert in_view(window) == [3, 4, 5, 6, 7]
    window.place(None, 16)  # the focus off the rows (a button below): the view stays
    assert in_view(window) == [3, 4, 5, 6, 7]


def test_the_wheel_scrolls_within_the_list() -> None:
    window = window_of(8)
    window.place(0, 16)
    window.wheel(-10, 16)
    assert in_view(window) == [3, 4, 5, 6, 7]
    window.wheel(2, 16)
    assert in_view(window) == [1, 2, 3, 4, 5]
    window.wheel(5, 16)
    assert in_view(window) == [0, 1, 2, 3, 4]
