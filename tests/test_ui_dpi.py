"""High-DPI screens: Windows' per-monitor DPI awareness."""

from __future__ import annotations

import ctypes
import sys
from types import SimpleNamespace

import pytest

from tute.ui import app as app_module


def test_windows_asks_for_per_monitor_dpi_awareness(monkeypatch: pytest.MonkeyPatch) -> None:
    """On Windows the game asks for real pixels on every monitor (PROCESS_PER_MONITOR_DPI_AWARE,
    2), or Windows would draw it small and stretch it, blurred, on a scaled screen."""
    calls: list[int] = []
    shcore = SimpleNamespace(SetProcessDpiAwareness=calls.append)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(shcore=shcore), raising=False)
    app_module._dpi_aware()
    assert calls == [2]


def test_dpi_awareness_is_windows_only_and_never_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(level: int) -> None:
        raise OSError("access denied")  # already set by a manifest, or an older Windows

    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(shcore=SimpleNamespace(
        SetProcessDpiAwareness=refuse)), raising=False)
    monkeypatch.setattr(sys, "platform", "win32")
    app_module._dpi_aware()
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(ctypes, "windll", None, raising=False)
    app_module._dpi_aware()  # not even looked at
