"""The App: the window, the frame loop, the scene stack and the shared services.

    app = App()                       # opens the window; loads settings, cards, sounds
    app.push(MainMenu(app))
    app.run()                         # events → update(dt) → draw → flip, 60 frames a second

Tests build it with SDL_VIDEODRIVER=dummy and drive it with ``app.step(dt)``, which handles
the queued events, updates and draws one frame and never sleeps. Services scenes use:
``app.settings`` (+ ``app.save_settings()``), ``app.cards`` (CardRenderer), ``app.sounds``
(SoundBank), ``app.felt()`` / ``app.table_felt(oval)``, ``app.new_ui()`` and ``app.ui_scale``.
"""

from __future__ import annotations

import copy
import json
import logging
import os
import sys
import time
import warnings
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core.resource_loaders import IResourceLoader
from pygame_gui.core.utility import SurfaceResource

from sounds.bank import SoundBank, init_pygame, pre_init
from sounds.silent import Silent
from sprites import felt
from sprites.cards import CardRenderer
from sprites.fonts import font_path, forget_fonts
from sprites.icon import window_icon

from .card_text import rank_letters, use_international_letters
from .damage import Canvas, Updater
from .i18n import language, set_language, tr
from .i18n import warm_up as warm_texts
from .scene import Scene
from .settings import Settings, read_settings, save_settings, settings_path, settings_problem

log = logging.getLogger("kozyr.app")
DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (800, 560)
_THEME_PATH = os.path.join(os.path.dirname(__file__), "theme.json")
FADE_SECONDS = 0.18


def _scaled_theme(theme: dict[str, Any], scale: float) -> dict[str, Any]:
    """The theme with every font size multiplied by ``scale`` (the look stays in the JSON)."""
    out = copy.deepcopy(theme)
    for block in out.values():
        font = block.get("font") if isinstance(block, dict) else None
        if font and "size" in font:
            font["size"] = str(max(9, round(int(font["size"]) * scale)))
        misc = block.get("misc") if isinstance(block, dict) else None
        for key in ("list_item_height", "rect_width"):  # sizes in pixels grow with the fonts
            if misc and key in misc:
                misc[key] = str(round(int(misc[key]) * scale))
    return out


class App:
    """Owns the window and the loop; scenes live on a stack (top = active)."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, *, config_dir: str | None = None,
                 fullscreen: bool | None = None, audio: bool = True) -> None:
        pre_init()
        init_pygame()  # without a sound device: silence, said once in the log, not on stderr
        forget_fonts()  # a previous App in this process may have quit pygame
        self.settings_file = settings_path(config_dir)
        loaded = read_settings(self.settings_file)
        self.settings: Settings = loaded.settings
        set_language(self.settings.language)
        # shown once on the main menu (and written to stderr for a terminal)
        self.settings_notice = (settings_problem(self.settings_file, loaded.problem)
                                if loaded.problem else "")
        if self.settings_notice:
            print(self.settings_notice, file=sys.stderr)
        self._windowed_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        _native_framebuffer()
        self.screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        self._set_minimum_size()
        pygame.display.set_caption(tr("app.title"))
        pygame.display.set_icon(window_icon())
        self.fullscreen = False
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.running = True
        self.frame = 0
        self.first_frame_at = 0.0  # perf_counter() when the first frame was shown
        self.first_frame_cpu = 0.0  # process_time() then: CPU used until then (a busy machine
        # stretches the wall time, not this)
        self.last_save_error: str | None = None
        with open(_THEME_PATH, encoding="utf-8") as f:
            self._theme: dict[str, Any] = json.load(f)
        self._themes: dict[float, dict[str, Any]] = {}
        self._spare_ui: list[tuple[tuple, pygame_gui.UIManager]] = []
        # assets are made here, after set_mode, never at import time
        self.cards = CardRenderer(self.settings.card_style, self.settings.card_back)
        use_international_letters(self.settings.international_letters)
        self.cards.letters = rank_letters()
        self.sounds = SoundBank(self.settings.volume, self.settings.muted) if audio else Silent()
        self._fade = 0.0
        self._veil: pygame.Surface | None = None
        self._updater = Updater()  # scenes that allow it send only what changed to the window
        # chores that may wait until the first frame is shown (run once, in order, after it)
        self.after_first_frame: list[Callable[[], None]] = [warm_texts]
        if fullscreen or (fullscreen is None and self.settings.fullscreen):
            self.set_fullscreen(True)

    @property
    def fading(self) -> bool:
        """Is the window fading into a new screen? (Every pixel is sent then: spare it work.)"""
        return self._fade > 0

    # --- geometry -----------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        """Window size in pixels."""
        return self.screen.get_size()

    @property
    def rect(self) -> pygame.Rect:
        """The window as a rect at (0, 0)."""
        return self.screen.get_rect()

    @property
    def ui_scale(self) -> float:
        """1.0 at 1280×720; text and widgets grow and shrink with the window within limits."""
        w, h = self.size
        return round(min(1.6, max(0.78, min(w / 1280, h / 720))), 2)

    def _set_minimum_size(self) -> None:
        try:
            with warnings.catch_warnings():  # the display-module bridge is marked deprecated
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error, ValueError):
            pass  # older pygame-ce or a driver without windows: resize() clamps instead

    # --- the scene stack ----------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        """The active scene."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        """Put ``scene`` on top (the one below stays, paused)."""
        self.scenes.append(scene)
        scene.enter()
        if scene.opaque:
            self._fade = FADE_SECONDS
        return scene

    def pop(self) -> Scene | None:
        """Remove the top scene and resume the one below."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        else:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene``."""
        if self.scenes:
            self.scenes.pop().exit()
        return self.push(scene)

    def reset(self, scene: Scene) -> Scene:
        """Empty the stack and start again from ``scene`` (e.g. back to the main menu)."""
        while self.scenes:
            self.scenes.pop().exit()
        return self.push(scene)

    # --- the frame ----------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        """One frame: handle queued events, update the top scene, draw, flip. Never sleeps."""
        started = time.perf_counter()
        for event in pygame.event.get():
            self.handle_event(event)
            if not self.running:
                return
        top = self.top
        if top is not None:
            top.update(dt)
        self._fade = max(0.0, self._fade - dt)
        self._show()
        if top is not None and top is self.top:  # shown: the frame's spare time is the scene's
            top.between_frames(time.perf_counter() - started)
        self.frame += 1
        if self.frame == 1:
            self.first_frame_at = time.perf_counter()
            self.first_frame_cpu = time.process_time()
            chores, self.after_first_frame = self.after_first_frame, []
            for chore in chores:  # the first frame is in the window: now what could wait
                chore()
        self.sounds.warm_up()  # samples synthesised in the background become Sounds

    def step_safely(self, dt: float) -> None:
        """:meth:`step`, but an unexpected error shows the error screen instead of closing.

        The frame loop uses this; tests that call :meth:`step` directly still see the error.
        """
        try:
            self.step(dt)
        except Exception as error:  # noqa: BLE001 - any failure of a screen, said to the player
            self.fail(error)

    def fail(self, error: Exception) -> None:
        """A screen failed: log it, close the screens, show what happened (never loses a save)."""
        from .error_scene import ErrorScene

        broken = self.top
        if isinstance(broken, ErrorScene):
            raise error  # the error screen itself failed: nothing better to show
        where = type(broken).__name__ if broken is not None else "-"
        log.error("unexpected error in %s", where, exc_info=error)
        while self.scenes:  # stops the computer players' worker; the saved game stays
            scene = self.scenes.pop()
            try:
                scene.exit()
            except Exception:  # noqa: BLE001 - a broken screen may fail to close as well
                log.exception("%s could not be closed", type(scene).__name__)
        resume = sys.modules.get("storage.resume")
        if resume is not None:
            resume.WRITER.flush(2.0)  # the last move's save is on disk before Continue looks
        self.running = True
        self.push(ErrorScene(self, error, where))

    def handle_event(self, event: pygame.event.Event) -> None:
        """App-wide keys and window events, then the top scene."""
        if event.type in _WINDOW_EVENTS:
            self._updater.forget()  # the window may have lost its pixels: send it whole
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.resize(event.size)
            return
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_q
                and event.mod & pygame.KMOD_CTRL):  # Ctrl+Q quits from any screen
            self.running = False
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)
            return
        if self.top is not None:
            self.top.handle_event(event)

    def draw(self) -> None:
        """Draw from the highest opaque scene up to the top, onto the whole window."""
        self._updater.forget()
        self._draw_scenes(self.screen)

    def _shown_scenes(self) -> list[Scene]:
        """The highest opaque scene and the overlays above it (what a frame draws)."""
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                return self.scenes[i:]
        return self.scenes

    def _draw_scenes(self, surface: pygame.Surface) -> None:
        if not self.scenes:
            surface.fill((0, 0, 0))
        for scene in self._shown_scenes():
            scene.draw(surface)
        if self._fade > 0 and not isinstance(surface, Canvas):
            self._draw_veil(surface)

    def _draw_veil(self, surface: pygame.Surface) -> None:
        """The fade between screens: a dark veil, lighter frame by frame."""
        if self._fade > 0:
            if self._veil is None or self._veil.get_size() != self.size:
                self._veil = pygame.Surface(self.size)
                self._veil.fill((3, 12, 7))
            self._veil.set_alpha(round(255 * self._fade / FADE_SECONDS * 0.8))
            surface.blit(self._veil, (0, 0))

    def _show(self) -> None:
        """Draw the frame and put it in the window: only what changed when every scene shown
        allows it (see :mod:`scenes.damage`), else the whole window."""
        shown = self._shown_scenes()
        if not (shown and all(s.partial_redraw for s in shown)):
            self.draw()
            pygame.display.flip()
            return
        if self._fade > 0:
            # the scenes through the canvas (only what changed is drawn), the veil over the
            # whole window; the canvas stays clean, so the next frame just sends it whole
            self._updater.frame(self.screen, self._draw_scenes, whole=True)
            self._draw_veil(self.screen)
            pygame.display.flip()
            return
        rects = self._updater.frame(self.screen, self._draw_scenes)
        if rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)

    def run(self, scene: Scene | None = None, max_frames: int | None = None) -> None:
        """The frame loop: ``dt = clock.tick(60) / 1000`` until quit (or ``max_frames``)."""
        if scene is not None:
            self.push(scene)
        self.clock.tick()
        started_sounds = False
        while self.running and self.scenes:
            dt = min(0.1, self.clock.tick(60) / 1000)  # a stalled frame must not jump animations
            self.step_safely(dt)
            if not started_sounds:  # after the first frame, so it is not delayed
                self.sounds.start_background()
                started_sounds = True
            if max_frames is not None and self.frame >= max_frames:
                break

    def quit(self) -> None:
        """Stop the loop after this frame."""
        self.running = False

    # --- window modes -------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window (and lay every scene out again)."""
        size = (max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1])))
        if not self.fullscreen:
            self._windowed_size = size
        if self.screen.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._updater.forget()
        self._relayout()

    def set_fullscreen(self, on: bool) -> None:
        """Switch between full screen (desktop resolution) and the window."""
        if on == self.fullscreen:
            return
        try:
            if on:
                desktop = pygame.display.get_desktop_sizes()[0]
                self.screen = pygame.display.set_mode(desktop, pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        except (pygame.error, IndexError):
            return  # the display refused: stay as we are
        self.fullscreen = on
        self._updater.forget()
        if self.settings.fullscreen != on:
            self.settings.fullscreen = on
            self.save_settings()
        self._relayout()

    def _relayout(self) -> None:
        for scene in self.scenes:
            scene.resize(self.size)

    # --- shared services ----------------------------------------------------------------------
    def felt(self) -> pygame.Surface:
        """The menu felt for the current window size (rendered once per size)."""
        return felt.felt_surface(self.size)

    def table_felt(self, oval: pygame.Rect) -> pygame.Surface:
        """The card table (room, rail, felt oval) for the current size (rendered once per size)."""
        return felt.table_surface(self.size, (oval.x, oval.y, oval.width, oval.height))

    def new_ui(self) -> pygame_gui.UIManager:
        """A pygame-gui manager with the Kozyr theme, fonts scaled to the window.

        Managers handed back with :meth:`release_ui` are reused (loading a theme is slow).
        """
        for i, (size, manager) in enumerate(self._spare_ui):
            if size == (self.size, self.ui_scale):
                del self._spare_ui[i]
                manager.clear_and_reset()
                if manager.get_locale() != language():
                    manager.set_locale(language())
                return manager
        scale = self.ui_scale
        loader = _SyncLoader()
        manager = pygame_gui.UIManager(self.size, None, enable_live_theme_updates=False,
                                       resource_loader=loader)
        loader.start()
        path = font_path("display")
        if path:
            manager.add_font_paths("playfair", path, path, path, path)
        theme = self._themes.get(scale)
        if theme is None:
            theme = self._themes[scale] = _scaled_theme(self._theme, scale)
        manager.get_theme().load_theme(copy.deepcopy(theme))
        _dedupe_i18n_paths()
        manager.set_locale(language())  # pygame-gui's own texts (it falls back to English)
        return manager

    def release_ui(self, manager: pygame_gui.UIManager | None) -> None:
        """A scene is done with ``manager``: keep it for the next scene of the same size."""
        if manager is None:
            return
        manager.clear_and_reset()
        self._spare_ui.append(((tuple(manager.window_resolution), self.ui_scale), manager))
        del self._spare_ui[:-4]

    def apply_settings(self) -> None:
        """Push the settings into the services (card style and back, sound, language)."""
        s = self.settings
        if (self.cards.style, self.cards.back_design) != (s.card_style, s.card_back):
            self.cards.style, self.cards.back_design = s.card_style, s.card_back
        self.sounds.volume = s.volume
        self.sounds.muted = s.muted
        before = (language(), self.cards.letters)
        set_language(s.language)
        use_international_letters(s.international_letters)
        self.cards.letters = rank_letters()
        if s.fullscreen != self.fullscreen:
            self.set_fullscreen(s.fullscreen)
        elif (language(), self.cards.letters) != before:
            # every open scene builds its widgets again, so every screen speaks the new language
            pygame.display.set_caption(tr("app.title"))
            self._relayout()

    def save_settings(self) -> None:
        """Write the settings file; a failure is remembered in ``last_save_error``, never raised."""
        self.last_save_error = save_settings(self.settings, self.settings_file)


def _native_framebuffer() -> None:
    """On X11, let SDL send the window's pixels itself (shared memory, only the rectangles
    asked for) rather than through an OpenGL texture, which uploads and draws the whole window
    on every update: 18 ms of CPU per frame at 1920×1080 with Mesa's software GL (issue 21),
    and no benefit from sending only what changed. The pixels shown are the same. A setting
    of SDL_FRAMEBUFFER_ACCELERATION made by the player is left alone."""
    if "SDL_FRAMEBUFFER_ACCELERATION" in os.environ:
        return
    try:
        driver = pygame.display.get_driver()
    except pygame.error:
        return
    if driver == "x11":  # x11 has a framebuffer of its own; Wayland and macOS need the texture
        os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"


# after these the window may show something else than the last frame sent to it
_WINDOW_EVENTS = frozenset(getattr(pygame, name) for name in (
    "VIDEOEXPOSE", "WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED", "WINDOWMAXIMIZED",
    "WINDOWSIZECHANGED", "WINDOWRESIZED", "WINDOWDISPLAYCHANGED") if hasattr(pygame, name))


def _dedupe_i18n_paths() -> None:
    """pygame-gui appends its translation path for every manager; keep the list short."""
    try:
        import i18n  # the python-i18n package pygame-gui uses

        unique: list[str] = []
        for path in i18n.load_path:
            if path not in unique:
                unique.append(path)
        i18n.load_path[:] = unique
    except (ImportError, AttributeError):
        pass


class _SyncLoader(IResourceLoader):
    """Loads pygame-gui's fonts and images right here, in order.

    pygame-gui's default loader starts five threads for every manager and joins them; on a
    busy machine that waiting, not the loading, costs most of a second before the first frame.
    """

    def __init__(self) -> None:
        self._queue: list = []
        self._started = False

    def add_resource(self, resource) -> None:
        """Queue a font or image (loaded by :meth:`start`)."""
        self._queue.append(resource)

    def start(self) -> None:
        """Load everything queued: fonts and images first, then surfaces made from images."""
        self._started = True
        first = [r for r in self._queue if not isinstance(r, SurfaceResource)]
        later = [r for r in self._queue if isinstance(r, SurfaceResource)]
        for resource in first + later:
            error = resource.load()
            if error is not None:
                warnings.warn(str(error), stacklevel=2)
        self._queue.clear()

    def update(self) -> tuple[bool, float]:
        """Nothing is ever pending."""
        return True, 1.0

    def started(self) -> bool:
        """True once :meth:`start` ran (later resources are loaded at once by pygame-gui)."""
        return self._started
