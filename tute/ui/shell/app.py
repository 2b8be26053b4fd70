"""The window, the frame loop and the scene stack (``tute.ui.main`` opens it with its first
scene and its routes).

``--frames N --screenshot FILE`` runs N frames (each advancing the game by 1/60 s), saves the
last one and exits: tests and headless looks at the game use it.
"""

from __future__ import annotations

import argparse
import gc
import io
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import pygame

from tute import i18n, instance, store
from tute.echo import shown
from tute.i18n import _
from tute.resources import asset
from tute.speech.backends import system_backend
from tute.speech.voice import Voice
from tute.stats.writer import WRITER as STATS_WRITER
from tute.ui.shell import worker
from tute.ui.shell.audio import Audio
from tute.ui.shell.heldkeys import HeldKeys
from tute.ui.shell.narrator import Narrator
from tute.ui.shell.routes import Routes
from tute.ui.shell.scene import Scene, SceneStack
from tute.ui.widgets import hidpi, suits, theme
from tute.ui.widgets.cards import make_card_images
from tute.ui.widgets.sprites import CardImages

FPS = 60
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 560)
MAX_SIZE = (3840, 2160)
"""The largest window where there is no screen to measure (a headless driver): a 4K
screen's."""
HEADLESS = ("dummy", "offscreen")
"""SDL video drivers without a screen (their desktop size is made up)."""
TOAST_SECONDS = 4.0
IDLE_WAIT_MS = 500
"""While nothing moves the loop sleeps until an event, waking at least this often."""
RAISE_CHECK_SECONDS = 0.5
"""How often the window looks whether a second one asked it to come to the front."""


def _dpi_aware() -> None:
    """Ask Windows for real pixels, so the game is sharp on high-DPI screens."""
    if sys.platform == "win32":
        try:
            import ctypes

            ctypes.windll.shcore.SetProcessDpiAwareness(2)
        except (AttributeError, OSError):
            pass


def parse_size(text: str | None) -> tuple[int, int] | None:
    """``1280x800`` -> (1280, 800), as asked (``within_screen`` fits it and says so);
    ValueError, quoting the text as typed, for anything else."""
    if not text:
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size expects WIDTHxHEIGHT, like 1280x800, not "
                         f"'{shown(text)}'") from None
    return (w, h)


def within_screen(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` (asked with ``--size``) cut to the screen, the largest desktop pygame
    reports (MAX_SIZE without a screen), and said so on stderr: a window larger than the
    screen shows nothing more, and its surfaces grow with the size asked."""
    headless = pygame.display.get_driver() in HEADLESS
    desktops = [] if headless else pygame.display.get_desktop_sizes()
    limit = max(desktops, key=lambda d: d[0] * d[1], default=MAX_SIZE)
    fitted = (max(MIN_SIZE[0], min(size[0], limit[0])), max(MIN_SIZE[1], min(size[1], limit[1])))
    if fitted != size:
        where = "a window without a screen" if headless else "the screen"
        why = [f"larger than {where} ({limit[0]}x{limit[1]})"] if (
            size[0] > limit[0] or size[1] > limit[1]) else []
        if size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]:
            why.append(f"smaller than the smallest window ({MIN_SIZE[0]}x{MIN_SIZE[1]})")
        print(f"tute: --size {size[0]}x{size[1]} is {' and '.join(why)}: the window opens at "
              f"{fitted[0]}x{fitted[1]}", file=sys.stderr)
    return fitted


class App:
    def __init__(self, args: argparse.Namespace, size: tuple[int, int] | None = None, *,
                 routes: Callable[[App], Routes]) -> None:
        """``routes``: how its scenes open other screens (``tute.ui.main`` gives them)."""
        self.args = args
        self.started = time.perf_counter()
        self.first_start = not store.settings_exist() and not getattr(args, "frames", None)
        """No settings file was there: the menu offers the guided hand (not in a ``--frames``
        run, whose screenshot shows the menu itself)."""
        self.settings, problem = store.load_settings()
        self.problems: list[store.FileProblem] = [problem] if problem else []
        i18n.set_language(self.settings.language)
        _dpi_aware()
        worker.configure_threads()
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(350, 45)
        icon = asset("icon", "tute.png")
        if icon.is_file():
            pygame.display.set_icon(pygame.image.load(icon))
        self.windowed = within_screen(size) if size else DEFAULT_SIZE
        """The window's size in points when not in fullscreen."""
        self.fullscreen = bool(getattr(args, "fullscreen", False) or self.settings.fullscreen)
        self.window: pygame.Window | None = None
        """The high-DPI window (hidpi.py), on a Retina screen; else the display module's."""
        self.screen = self._open_window()
        if self.window is not None and icon.is_file():
            self.window.set_icon(pygame.image.load(icon))
        self.laid_out = self.size
        self.audio = Audio(self.settings.volume, self.settings.muted)
        if getattr(args, "speech", False):
            self.settings.speech = True  # as F2 would: kept with the settings
        if getattr(args, "print", None):
            self.settings.print_size = args.print  # as the Settings would: kept
        if getattr(args, "contrast", False):
            self.settings.high_contrast = True
        self.look()
        self.voice = Voice(system_backend, self.settings.speech, i18n.language)
        """Speech through the player's screen reader (F2, Settings, ``--speech``)."""
        self.narrator = Narrator(self.voice)
        self.caption()
        self.decks: dict[tuple[str, str, float | None], CardImages] = {}
        self.cards = self.deck_images(self.settings.deck_style)
        """The Settings' deck (menus, the review); a table draws its own match's deck."""
        self.scenes = SceneStack()
        self.routes = routes(self)
        self.held = HeldKeys()
        """No scene sees the repeats or release of a key pressed before it opened."""
        self.running = True
        self.toasts: list[tuple[str, float]] = []
        self.notices: dict[str, str] = {}
        """What could not be written (a file kind to its message): each shown until it is
        resolved, below the toasts, however often it fails again."""
        self.notices_drawn: dict[str, str] = {}
        self.write_errors: dict[str, int | None] = {}
        """The reason (errno) each kind of file last failed to be written for, until a
        write of it works again (``write_failed``)."""
        self.first_frame_seconds: float | None = None
        self.idle = False
        """Nothing moved in the last frame and nothing will until an event comes."""
        self.drawn_at = -1
        """The scene stack's change count when the screen was last drawn."""
        self.redraws = 0
        self.lock: instance.InstanceLock | None = None
        """This window's hold on the data folder (``main.open_window``), released as it
        closes."""
        self.refused = False
        """Another window holds the data folder: this one only says so, and exits 1."""

    # ------------------------------------------------------------------ window
    def _open_window(self) -> pygame.Surface:
        if self.window is None and hidpi.wanted():
            self.window = hidpi.open_window(self.windowed)
            if self.window is not None:
                self.window.minimum_size = MIN_SIZE
        if self.window is not None:
            if self.fullscreen:
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
                self.window.size = self.windowed
            return hidpi.drawable(self.window)
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        screen = pygame.display.set_mode(self.windowed, pygame.RESIZABLE)
        # The layout is made to fit down to MIN_SIZE; the window may not shrink below it.
        # (pygame-ce warns about drawing through a Window got this way; we only size it.)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_SIZE
        return screen

    def display(self) -> pygame.Surface:
        if self.window is not None:
            return hidpi.drawable(self.window)
        surface = pygame.display.get_surface()
        assert surface is not None, "the window is not open"
        return surface

    @property
    def size(self) -> tuple[int, int]:
        """The drawing's size in pixels (on a Retina screen, twice the window's in points)."""
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        w, h = self.size
        return max(0.55, min(w / 1280, h / 800))

    def px(self, n: float) -> int:
        """``n`` design pixels (at 1280x800) at the window's scale."""
        return max(1, round(n * self.scale))

    def toggle_fullscreen(self) -> None:
        if not self.fullscreen:
            self.windowed = self.window.size if self.window is not None else self.size
        self.fullscreen = not self.fullscreen
        self.screen = self._open_window()
        self.settings.fullscreen = self.fullscreen
        self.save_settings()
        self.resized()

    def toggle_mute(self) -> None:
        """The M key, anywhere but where text is typed (a scene says so with a true
        ``typing``): sound off or back on, said in a toast and kept in the settings."""
        settings = self.settings
        settings.muted = not settings.muted
        self.audio.set_volume(settings.volume, settings.muted)
        self.notify(_("Sound off") if settings.muted else _("Sound on"))
        self.audio.preview()
        self.save_settings()

    def toggle_speech(self) -> None:
        """F2 or V, anywhere: speech on or off, said aloud and in a toast, and kept in
        the settings."""
        on = not self.voice.on
        words = _("Speech on") if on else _("Speech off")
        self.voice.say(words)  # heard before it goes quiet
        self.settings.speech = on
        self.voice.switch(on)
        self.voice.say(words)
        self.narrator.forget()
        self.caption()
        self.notify(words)
        self.save_settings()

    def caption(self) -> None:
        """The window's title, which a screen reader says as the window opens: while speech
        is off it names the key that switches it on."""
        pygame.display.set_caption("Tute" if self.voice.on else _("Tute (F2 or V: speech)"))

    def to_front(self) -> None:
        """Show the window above the others (a second copy of the game was started); the
        system may only flash it instead."""
        window = self.window
        if window is None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
        window.restore()
        window.focus()

    def resized(self) -> None:
        self.screen = self.display()
        self.laid_out = self.size
        for scene in self.scenes.scenes:
            self.print_for(scene)
            scene.resize(self.size)

    def print_for(self, scene: Scene) -> None:
        """Text from now on at the print's size the settings ask for, as far as ``scene``
        holds it in this window (``Scene.largest_print``)."""
        asked = self.settings.print_size / 100
        theme.set_print_scale(max(1.0, min(asked, scene.largest_print(self.size))))

    # ------------------------------------------------------------------ scenes
    def push(self, scene: Scene) -> None:
        self.print_for(scene)
        scene.resize(self.size)
        self.scenes.push(scene)

    def pop(self, scene: Scene | None = None) -> None:
        self.scenes.pop(scene)

    def replace_all(self, scene: Scene) -> None:
        self.print_for(scene)
        scene.resize(self.size)
        self.scenes.replace_all(scene)

    def quit(self) -> None:
        self.running = False

    def notify(self, message: str) -> None:
        """A short message at the bottom of the screen (a failed save, say), said too."""
        self.toasts.append((message, TOAST_SECONDS))
        self.voice.say(message)

    def warn(self, kind: str, message: str | None) -> None:
        """Keep a notice about ``kind`` on screen (None: it is resolved, take it down);
        said once, when it is new."""
        if message is None:
            self.notices.pop(kind, None)
        elif self.notices.get(kind) != message:
            self.notices[kind] = message
            self.voice.say(message)

    def write_failed(self, kind: str, error: OSError | None) -> bool:
        """Whether a write of ``kind`` that failed for ``error`` is news to the player: the
        first failure, or a reason other than the last. A full disk fails every save after
        it: said once per kind, not at each click; ``error`` None (a write that worked)
        makes the next failure news again."""
        if error is None:
            self.write_errors.pop(kind, None)
            return False
        news = kind not in self.write_errors or self.write_errors[kind] != error.errno
        self.write_errors[kind] = error.errno
        return news

    def save_settings(self) -> None:
        try:
            store.save_settings(self.settings)
        except OSError as exc:
            if self.write_failed("settings", exc):
                self.notify(_("Could not save the settings: {error}").format(
                    error=exc.strerror))
            return
        self.write_failed("settings", None)

    def deck_images(self, style: str) -> CardImages:
        """The cards of pattern ``style`` with the Settings' back, made once each; with
        large print or high contrast, their large indices (at the whole size asked: a
        card's index grows with the card, not with the screen's words)."""
        settings = self.settings
        large = settings.print_size > 100 or settings.high_contrast
        key = (style, settings.card_back, settings.print_size / 100 if large else None)
        if key not in self.decks:
            self.decks[key] = make_card_images(*key)
        return self.decks[key]

    def look(self) -> None:
        """The large print and the palette the settings ask for, from the next frame."""
        theme.set_print_scale(self.settings.print_size / 100)  # each scene may hold less
        theme.use_palette(self.settings.high_contrast)
        suits.emblem.cache_clear()

    def apply_settings(self) -> None:
        """Make changed settings take effect: language, sound, deck, print and palette."""
        i18n.set_language(self.settings.language)
        self.look()
        self.audio.set_volume(self.settings.volume, self.settings.muted)
        self.voice.switch(self.settings.speech)
        self.caption()
        self.cards = self.deck_images(self.settings.deck_style)
        self.resized()

    # ------------------------------------------------------------------ loop
    def handle(self, event: pygame.event.Event) -> None:
        event = hidpi.to_pixels(event)
        if event.type == pygame.QUIT:
            top = self.scenes.top
            if top is None or not top.request_quit():
                self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if self.display().get_size() != self.laid_out:
                self.resized()
            return
        if not self.held.passes(event, self.scenes.changes):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_F2 or (
                event.key == pygame.K_v and self.letter(event))):
            self.toggle_speech()  # V as well: a Mac's F2 is the brightness without Fn
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m and self.letter(event):
            self.toggle_mute()
            return
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_r and self.voice.on
                and self.letter(event) and self.scenes.top is not None):
            self.voice.say(self.scenes.top.spoken_sheet(), focus=True)  # the whole screen
            return
        if self.scenes.top is not None:
            self.print_for(self.scenes.top)
            self.scenes.top.handle_event(event)

    def letter(self, event: pygame.event.Event) -> bool:
        """A letter pressed alone where no text is typed (a scene says so with a true
        ``typing``): a key of the whole game (M, V)."""
        return not (event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)) and (
            not getattr(self.scenes.top, "typing", False))

    def step(self, dt: float, waited: list[pygame.event.Event] | None = None) -> None:
        """One frame: input, update, and a redraw unless nothing changed (``waited``: the
        event the idle loop woke up for)."""
        events = [*(waited or []), *pygame.event.get()]
        for event in events:
            self.handle(event)
            if not self.running:
                return
        top = self.scenes.top
        if top is None:
            self.quit()
            return
        self.print_for(top)
        top.update(dt)
        self.narrator.watch(self.scenes.top or top)
        moving = top.animating() or bool(self.toasts)
        # The frame in which the last animation ends changes the table too (the card lands,
        # a question opens): it is drawn once more before the table goes still.
        settling = not self.idle and not moving
        self.idle = not moving
        if not (moving or settling or events or self.drawn_at != self.scenes.changes
                or self.notices_drawn != self.notices):
            return
        self.drawn_at = self.scenes.changes
        self.notices_drawn = dict(self.notices)
        for scene in self.scenes.visible():
            self.print_for(scene)
            scene.draw(self.screen)
        self.draw_toasts(dt)
        if self.window is not None:
            self.window.flip()
        else:
            pygame.display.flip()
        self.redraws += 1
        if self.first_frame_seconds is None:
            self.first_frame_seconds = time.perf_counter() - self.started

    def draw_toasts(self, dt: float) -> None:
        """The notices at the bottom, where messages show (they cover only the lower
        edge of the player's cards, whose corner repeats the top one, and take no clicks),
        the passing toasts above them."""
        self.toasts = [(m, t - dt) for m, t in self.toasts if t - dt > 0]
        shown = [self.pill(m, 255, (110, 24, 16)) for m in self.notices.values()]
        shown += [self.pill(m, round(230 * min(1.0, left / 0.4)), (40, 12, 8))
                  for m, left in reversed(self.toasts)]
        w, h = self.size
        y = h - self.px(24)
        for img in shown:
            rect = img.get_rect(midbottom=(w // 2, y))
            self.screen.blit(img, rect)
            y = rect.top - self.px(8)

    def pill(self, message: str, alpha: int, colour: tuple[int, int, int]) -> pygame.Surface:
        """One message in a rounded box, wrapped to the window's width (a notice about a
        file names an error that may be long)."""
        lines = theme.wrap(message, self.px(16), self.size[0] - self.px(96))
        imgs = [theme.text(line, self.px(16), theme.INK) for line in lines]
        line_h = imgs[0].get_height()
        box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + self.px(32),
                          line_h * len(imgs) + self.px(16))
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*colour, alpha), box,
                         border_radius=min(box.height // 2, self.px(20)))
        for i, img in enumerate(imgs):
            img = img.copy()
            img.set_alpha(alpha)
            layer.blit(img, img.get_rect(midtop=(box.width // 2, self.px(8) + i * line_h)))
        return layer

    def run(self, frames: int | None = None, screenshot: str | None = None) -> int:
        """Play until the window closes (or ``frames`` frames have run); should anything
        fail, each scene may rescue its work (the table saves the match) first."""
        clock = pygame.time.Clock()
        count = 0
        status = 1 if self.refused else 0  # a refused start is a failed one
        looked = time.monotonic()
        try:
            while self.running:
                if self.lock is not None and time.monotonic() - looked > RAISE_CHECK_SECONDS:
                    looked = time.monotonic()
                    if instance.raise_asked(store.data_dir()):
                        self.to_front()
                waited = []
                if frames is None and self.idle:
                    event = pygame.event.wait(IDLE_WAIT_MS)
                    waited = [] if event.type == pygame.NOEVENT else [event]
                dt = 1 / FPS if frames is not None else min(clock.tick(FPS) / 1000, 0.1)
                self.step(dt, waited)
                count += 1
                if frames is not None and count >= frames:
                    if screenshot and not self.save_screenshot(screenshot):
                        status = 1
                    break
        except Exception:
            for scene in self.scenes.scenes:
                scene.rescue()
            raise
        finally:
            self.close()
        return status

    def save_screenshot(self, path: str) -> bool:
        """Save the last frame as ``path`` (PNG, or the format its extension names), whole
        or not at all (an older file of that name stays until the new one is written);
        False, said on stderr with what and where, when it cannot be written."""
        target = Path(path)
        try:
            image = io.BytesIO()
            pygame.image.save(self.screen, image, target.name)
            if target.exists() and not target.is_file():  # a device (/dev/stdout): as is
                target.write_bytes(image.getvalue())
            else:
                store.replace_whole(target, image.getvalue())
        except (OSError, pygame.error) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            print(f"tute: could not save the screenshot as {path}: {reason}", file=sys.stderr)
            return False
        return True

    def close(self) -> None:
        """The window goes only once the match being saved and the statistics queued are
        on disk."""
        store.MATCH_WRITER.flush()
        STATS_WRITER.flush()
        if self.lock is not None:
            self.lock.release()
        store.hold_writes(False)
        self.audio.close()
        self.voice.close()
        theme.forget()
        theme.set_print_scale(1.0)
        theme.use_palette(False)
        suits.emblem.cache_clear()
        hidpi.forget()
        # A pygame Window object caught in a reference cycle would otherwise be freed after
        # the display has gone, and its clean-up would reach a later window that SDL placed
        # at the same address (pygame-ce issue 3601): free such objects while theirs lives.
        gc.collect()
        pygame.quit()

