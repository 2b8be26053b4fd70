"""The rules of the game, readable in the app (assets/rules/GAME.LANG.md; for a player's
own ruleset file ``mine.yaml``, ``mine.LANG.md`` beside it, where he wrote one).

The texts use a small part of Markdown: ``#`` and ``##`` headings, ``-`` bullets and
paragraphs; ``*`` emphasis marks are dropped. Opened from a table, the table's game also lists
the options in force there, so a player reads the rules he is actually playing by.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from tute.i18n import N_, _, language, ruleset_text
from tute.lessons import lesson_names
from tute.resources import asset
from tute.rules import OptionValue, RuleSet, load_ruleset
from tute.rules.ruleset import is_path
from tute.rules.yamlio import read_text
from tute.speech.voice import sentences
from tute.ui.learning import openers
from tute.ui.shell.scene import Scene
from tute.ui.table.announcer import key_help
from tute.ui.widgets import theme
from tute.ui.widgets.controls import Button, FocusList, fitted
from tute.ui.words import games, texts

if TYPE_CHECKING:
    from tute.ui.shell.app import App


HELP_LIMIT = 2**18
"""The largest rules text read beside a player's file (the bundled ones are under 8 KB)."""


def rules_text(game: str, lang: str) -> str:
    """The rules text of ``game`` in ``lang`` (Spanish when there is no translation): a
    bundled game's, or for a player's file (a path), the one beside it (``mine.ca.md``
    for ``mine.yaml``; Spanish, then English, where ``lang``'s is missing; "" when none
    can be read)."""
    if is_path(game):
        for candidate in (lang, "es", "en"):
            try:
                return read_text(Path(game).with_suffix(f".{candidate}.md"), HELP_LIMIT)
            except (OSError, UnicodeDecodeError):
                continue
        return ""
    for candidate in (lang, "es"):
        path = asset("rules", f"{game}.{candidate}.md")
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return ""


def rule_games() -> tuple[str, ...]:
    """The games with a rules text, in the menus' order."""
    return tuple(g for g in games.games() if asset("rules", f"{g}.es.md").is_file())


def table_options(game: str | RuleSet, options: Mapping[str, OptionValue]
                  ) -> list[tuple[str, str]]:
    """The "At this table" section: the how-to-play lines that hold at this table, then
    each option of ``game`` (a name, or the ruleset itself) that could be chosen, with the
    value in force (not those the other options leave without effect)."""
    rules = game if isinstance(game, RuleSet) else load_ruleset(game)
    chosen = rules.resolve(options)
    return [("gap", ""), ("h2", _("At this table"))] + [
        ("bullet", line) for line in openers.lines(rules.ref, chosen)] + [
        ("bullet", f"{ruleset_text(opt.label)}: {texts.option_value(chosen[name], name)}")
        for name, opt in rules.options.items()
        if len(opt.allowed()) > 1 and opt.idle(chosen) is None]


def with_table(parsed: list[tuple[str, str]], extra: list[tuple[str, str]]
               ) -> list[tuple[str, str]]:
    """``extra`` placed after the title's first paragraph, which says what the game is."""
    at = next((i + 1 for i, (kind, _t) in enumerate(parsed) if kind == "para"), 1)
    return parsed[:at] + extra + parsed[at:]


def blocks(markdown: str) -> list[tuple[str, str]]:
    """(kind, text) blocks: h1, h2, bullet or para; lines of a paragraph are joined."""
    out: list[tuple[str, str]] = []
    for raw in markdown.splitlines():
        line = raw.strip().replace("**", "").replace("*", "")
        prev = out[-1][0] if out else ""
        continues = prev == "para" or (prev == "bullet" and raw[:1] in (" ", "\t"))
        if not line:
            out.append(("gap", ""))
        elif line.startswith("## "):
            out.append(("h2", line[3:]))
        elif line.startswith("# "):
            out.append(("h1", line[2:]))
        elif line.startswith(("- ", "* ")):
            out.append(("bullet", line[2:]))
        elif continues:
            kind, text = out[-1]
            out[-1] = (kind, f"{text} {line}")
        else:
            out.append(("para", line))
    return out


class RulesScene(Scene):
    def __init__(self, app: App, game: str,
                 options: Mapping[str, OptionValue] | None = None,
                 rules: RuleSet | None = None) -> None:
        """``options``: those of the table it was opened from, shown with ``game``'s text;
        ``rules``: that table's ruleset. A player's own file (``game`` or ``rules`` a path)
        is shown with its own rules text where one lies beside it, listed after the
        bundled games, else with the text of the game it is built on (its ``base``)."""
        super().__init__(app)
        self.games = rule_games()
        ref = rules.ref if rules is not None else game
        if is_path(ref) and rules_text(ref, language()):
            self.games += (ref,)
            game = ref
        elif rules is not None and rules.base:
            game = rules.base
        self.game = game if game in self.games else self.games[0]
        self.table = ((rules or self.game, options) if options is not None and self.game == game
                      else None)
        self.table_game = self.game
        self.scroll = 0.0
        self.lines: list[tuple[str, int, tuple[int, int, int], bool, bool, int]] = []
        """(text, size, colour, bold, serif, indent) per line, laid out for the width."""
        self.line_heights: list[int] = []
        self.view = pygame.Rect(0, 0, 0, 0)
        self.tabs = [Button(partial(games.name, g), partial(self.show, g)) for g in self.games]
        self.back_button = Button(N_("Back"), lambda: app.pop(self), primary=True)
        self.lesson_button = Button(N_("Play the lesson"), self.play_lesson)
        """The game's guided hand; not offered over a match (it would leave the table)."""
        from tute.ui.table.scene import TableScene

        self.lessons = [] if any(isinstance(s, TableScene) for s in app.scenes.scenes) \
            else lesson_names()
        self.focus = FocusList([*self.tabs, self.lesson_button, self.back_button],
                               horizontal=True)
        self.focus.focus = len(self.tabs) + 1
        self.laid_for: tuple[object, ...] = ()
        self.text = ""
        """The page as speech reads it, whole (the next key cuts it short)."""

    def show(self, game: str) -> None:
        self.game = game
        self.scroll = 0
        self.layout()

    def play_lesson(self) -> None:
        from tute.ui.learning.tutorial import start_tutorial

        start_tutorial(self.app, self.game)

    def resize(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        gap, top = app.px(12), app.px(30)
        width = min(w - app.px(60), app.px(1130))
        left = (w - width) // 2
        # Large print: the scrolling hint under the page is taller, and so is its room.
        hint = theme.font(app.px(13)).get_linesize()
        height = h - top - app.px(100) - (hint - round(hint / theme.print_scale))
        step = min(app.px(52), height // max(1, len(self.tabs)))
        font = min(app.px(16), round(step * 0.36))
        for tab in self.tabs:
            tab.font_size = font
        # The tabs as wide as their names at the print's size (two fifths at most).
        tw = min(max(app.px(210), *(fitted(tab, 0) for tab in self.tabs)), width * 2 // 5)
        self.view = pygame.Rect(left + tw + gap, top, width - tw - gap, height)
        for i, tab in enumerate(self.tabs):
            tab.rect = pygame.Rect(left, top + i * step, tw, step - app.px(8))
        self.back_button.font_size = self.lesson_button.font_size = app.px(18)
        button_w = max(fitted(self.back_button, app.px(220)), fitted(self.lesson_button, 0))
        self.back_button.rect = pygame.Rect(0, 0, button_w, app.px(48))
        self.back_button.rect.midbottom = (w // 2, h - app.px(24))
        self.lesson_button.rect = self.back_button.rect.copy()
        self.lesson_button.rect.right = self.back_button.rect.left - gap
        self.layout()

    def layout(self) -> None:
        app = self.app
        body = app.px(17)
        width = self.view.width - app.px(48)
        self.lines = []
        parsed = blocks(rules_text(self.game, language()))
        if self.table is not None and self.table_game == self.game:
            parsed = with_table(parsed, table_options(*self.table))
        parsed += key_help()  # after the text's own keys, at its end
        self.text = sentences(*(text for _kind, text in parsed))
        for kind, text in parsed:
            if kind == "gap":
                self.lines.append(("", body // 2, theme.INK, False, False, 0))
                continue
            size, color, bold, serif, indent = {
                "h1": (app.px(32), theme.GOLD, True, True, 0),
                "h2": (app.px(22), theme.GOLD, True, False, 0),
                "bullet": (body, theme.INK, False, False, theme.grown(app.px(22))),
                "para": (body, theme.INK, False, False, 0),
            }[kind]
            for i, line in enumerate(theme.wrap(text, size, width - indent, bold)):
                shown = ("•  " if kind == "bullet" and i == 0 else "") + line
                self.lines.append((shown, size, color, bold, serif,
                                   indent - (app.px(18) if kind == "bullet" and i == 0 else 0)))
        self.line_heights = [round(theme.font(size, bold, serif).get_linesize() * 1.08)
                             if text else size for text, size, _c, bold, serif, _i in self.lines]
        self.laid_for = (language(), self.game, self.view.size)

    @property
    def max_scroll(self) -> float:
        return max(0.0, sum(self.line_heights) - self.view.height + self.app.px(40))

    def scroll_by(self, amount: float) -> None:
        self.scroll = max(0.0, min(self.max_scroll, self.scroll + amount))

    def handle_event(self, event: pygame.event.Event) -> None:
        page = self.view.height * 0.85
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -self.app.px(40), pygame.K_DOWN: self.app.px(40),
                     pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                     pygame.K_HOME: -1e9, pygame.K_END: 1e9}
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop(self)
                return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.app.px(60))
            return
        self.focus.handle_event(event)

    def spoken_title(self) -> str:
        return self.text

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        if self.laid_for != (language(), self.game, self.view.size):
            self.layout()
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        for tab, game in zip(self.tabs, self.games, strict=True):
            tab.primary = game == self.game
        self.lesson_button.visible = self.game in self.lessons
        theme.panel(surface, self.view, app.px(16), (250, 244, 228, 248), theme.GOLD_DARK,
                    shadow=app.px(8))
        clip = surface.get_clip()
        inner = self.view.inflate(-app.px(8), -app.px(8))
        surface.set_clip(inner)
        y = self.view.y + app.px(20) - self.scroll
        for (text, size, color, bold, serif, indent), lh in zip(self.lines, self.line_heights,
                                                               strict=True):
            if text and inner.top - lh < y < inner.bottom:
                ink = (120, 80, 20) if color == theme.GOLD else (40, 34, 26)
                theme.draw_text(surface, text, (self.view.x + app.px(24) + indent, y), size,
                                ink, bold, serif=serif)
            y += lh
        surface.set_clip(clip)
        if self.max_scroll > 0:
            track = pygame.Rect(self.view.right - app.px(10), self.view.y + app.px(12),
                                app.px(4), self.view.height - app.px(24))
            theme.scroll_bar(surface, track, self.view.height / (self.view.height
                                                                 + self.max_scroll),
                             self.scroll / self.max_scroll, app.px(30), (170, 150, 110))
        theme.draw_text(surface, _("↑ ↓ Page Up/Down to scroll"),
                        (self.view.right, self.view.bottom + app.px(8)), app.px(13),
                        theme.INK_DIM, anchor="topright")
        self.focus.draw(surface)
