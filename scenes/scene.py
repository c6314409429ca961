"""Scenes: one screen or overlay each. The App calls enter/exit, handle_event, update, draw.

``Scene`` is the bare base (the table scene derives from it); ``UIScene`` adds a pygame-gui
manager rebuilt on enter and resize, plus helpers to make themed widgets that call back into
the scene. The look lives in ``scenes/theme.json``, the words in ``scenes/lang/en.json``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from .i18n import tr

if TYPE_CHECKING:
    from .app import App


class Scene:
    """A screen or overlay on the App's stack.

    ``opaque`` scenes hide whatever is below them (the App then skips drawing it); overlays
    set it False and draw over the scene below. Only the top scene gets events and updates.
    """

    opaque = True
    # True: the scene draws only on the surface it is given, through blit, blits, fill and
    # pygame.draw, so the App may send the window only what changed (scenes/damage.py)
    partial_redraw = False

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene is pushed (becomes the top)."""

    def exit(self) -> None:
        """Called when the scene is popped or replaced."""

    def resume(self) -> None:
        """Called when the scene above this one was popped: this is the top again."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size (or went full screen): lay out again."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto ``surface``."""

    def between_frames(self, spent: float) -> None:
        """The frame is in the window and took ``spent`` seconds: work that can wait for a
        frame with time to spare may use some now (only the top scene is asked)."""

    def back(self) -> None:
        """Esc or a Back button: leave this scene."""
        if len(self.app.scenes) > 1:
            self.app.pop()


LIMIT_NOTE_SECONDS = 2.5  # how long "at most n characters" stays under a full field


class Segmented:
    """A row of buttons of which one is selected (a themed radio group)."""

    def __init__(self, buttons: list[pygame_gui.elements.UIButton], values: list[Any],
                 selected: Any, on_change: Callable[[Any], None]) -> None:
        self.buttons, self.values, self.on_change = buttons, values, on_change
        self.selected = selected
        self._style()

    def _style(self) -> None:
        for button, value in zip(self.buttons, self.values):
            wanted = "@choice_selected" if value == self.selected else "@choice"
            if button.object_ids[-1] != wanted:
                button.change_object_id(ObjectID(class_id=wanted))

    def select(self, value: Any, notify: bool = True) -> None:
        """Select ``value`` (and tell the scene)."""
        self.selected = value
        self._style()
        if notify:
            self.on_change(value)

    def enable(self, enabled: bool) -> None:
        """Grey the whole row out (or back in)."""
        for button in self.buttons:
            button.enable() if enabled else button.disable()


class UIScene(Scene):
    """A scene with pygame-gui widgets; subclasses implement ``build(rect)``.

    Widgets are views of the scene's own attributes: event callbacks update the attributes,
    and ``rebuild()`` recreates every widget from them (on enter, on resize, or when the form
    changes shape), so nothing is lost when the window is resized.
    """

    # pygame-gui draws each button's other looks (hovered, pressed) one per button per frame
    # after it is made; a scene that animates (the table) has them all drawn at once instead,
    # so one frame pays rather than the next few of its animation (issue 21)
    widget_looks_at_once = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.ui: pygame_gui.UIManager | None = None
        self._on_press: dict[Any, Callable[[], None]] = {}
        self._on_text: dict[Any, Callable[[str], None]] = {}
        self._on_slide: dict[Any, Callable[[float], None]] = {}
        self._segments: dict[Any, tuple[Segmented, Any]] = {}
        self.panels: list[pygame.Rect] = []
        self.limit_note: tuple[Any, str, float] | None = None  # (field, text, seconds left)

    # --- life cycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        """Build the widgets."""
        self.rebuild()

    def exit(self) -> None:
        """Hand the widget manager back to the App for reuse."""
        self.app.release_ui(self.ui)
        self.ui = None

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the widgets out again for the new window size."""
        self.rebuild()

    def rebuild(self) -> None:
        """Recreate every widget from the scene's state."""
        if self.ui is None or tuple(self.ui.window_resolution) != self.app.size:
            self.app.release_ui(self.ui)
            self.ui = self.app.new_ui()
        else:
            self.ui.clear_and_reset()
        self._on_press.clear()
        self._on_text.clear()
        self._on_slide.clear()
        self._segments.clear()
        self.panels = []
        self.build(self.app.rect)
        self._draw_widget_looks()
        # pygame-gui lists what it draws only when it is updated, and a scene under an overlay
        # is drawn, not updated: without this a reused manager drew the last screen's widgets
        self.ui.get_sprite_group().update_visibility()

    def _draw_widget_looks(self) -> None:
        """With ``widget_looks_at_once``: draw every look pygame-gui still has queued now."""
        if not self.widget_looks_at_once or self.ui is None:
            return
        for element in self.ui.get_sprite_group().sprites():
            shape = getattr(element, "drawable_shape", None)
            queue = getattr(shape, "states_to_redraw_queue", None)
            while queue:
                shape.redraw_state(queue.popleft())

    def build(self, rect: pygame.Rect) -> None:
        """Create the widgets for a window of ``rect`` (override)."""

    # --- widgets ------------------------------------------------------------------------------
    def button(
        self,
        rect: pygame.Rect,
        text: str,
        action: Callable[[], None],
        *,
        object_id: str | None = None,
        tooltip: str | None = None,
    ) -> pygame_gui.elements.UIButton:
        """A button showing ``text`` (already translated) that calls ``action`` when clicked."""
        button = pygame_gui.elements.UIButton(
            pygame.Rect(rect), text, self.ui, tool_tip_text=tooltip,
            object_id=ObjectID(class_id=object_id) if object_id else None)
        self._on_press[button] = action
        return button

    def label(
        self, rect: pygame.Rect, text: str, object_id: str = "@field"
    ) -> pygame_gui.elements.UILabel:
        """A line of text."""
        return pygame_gui.elements.UILabel(pygame.Rect(rect), text, self.ui,
                                           object_id=ObjectID(class_id=object_id))

    def entry(
        self,
        rect: pygame.Rect,
        text: str,
        on_change: Callable[[str], None],
        *,
        numbers_only: bool = False,
        max_length: int = 16,
    ) -> pygame_gui.elements.UITextEntryLine:
        """A one-line text field; ``on_change`` gets the text after every edit."""
        field = pygame_gui.elements.UITextEntryLine(pygame.Rect(rect), self.ui, initial_text=text)
        field.set_text_length_limit(max_length)
        if numbers_only:
            field.set_allowed_characters("numbers")
        self._on_text[field] = on_change
        return field

    def slider(self, rect: pygame.Rect, value: float, value_range: tuple[float, float],
               on_change: Callable[[float], None]) -> pygame_gui.elements.UIHorizontalSlider:
        """A horizontal slider; ``on_change`` gets the new value."""
        slider = pygame_gui.elements.UIHorizontalSlider(pygame.Rect(rect), value, value_range,
                                                        self.ui)
        self._on_slide[slider] = on_change
        return slider

    def segmented(self, rect: pygame.Rect, options: Sequence[tuple[Any, str]], selected: Any,
                  on_change: Callable[[Any], None], gap: int = 4) -> Segmented:
        """A row of choice buttons across ``rect``; ``options`` are (value, text) pairs."""
        rect = pygame.Rect(rect)
        n = len(options)
        width = (rect.width - gap * (n - 1)) / n
        buttons = []
        for i, (_, text) in enumerate(options):
            r = pygame.Rect(round(rect.x + i * (width + gap)), rect.y, round(width), rect.height)
            buttons.append(pygame_gui.elements.UIButton(r, text, self.ui,
                                                        object_id=ObjectID(class_id="@choice")))
        group = Segmented(buttons, [v for v, _ in options], selected, on_change)
        for button, (value, _) in zip(buttons, options):
            self._segments[button] = (group, value)
        return group

    def button_width(self, texts: Sequence[str], object_id: str | None = None,
                     minimum: int = 0) -> int:
        """How wide a button must be for each of ``texts`` to fit with air inside its frame
        (measured in the theme's font for ``object_id``, so every language fits)."""
        probe = pygame_gui.elements.UIButton(
            pygame.Rect(-400, -400, 100, 30), "", self.ui,
            object_id=ObjectID(class_id=object_id) if object_id else None)
        frame = 2 * max(probe.border_width.values()) + 2 * probe.shadow_width
        need = max(probe.font.size(text)[0] for text in texts) + frame + 8
        probe.kill()
        return max(minimum, need)

    def panel(self, rect: pygame.Rect) -> pygame.Rect:
        """A framed translucent backdrop (drawn by :meth:`draw_panels`) behind some widgets."""
        rect = pygame.Rect(rect)
        self.panels.append(rect)
        return rect

    # --- the frame ----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Route the event to the widgets, then to the callbacks registered for them."""
        if self.ui is None:
            return
        if event.type == pygame.TEXTINPUT:
            self._note_full_field()
        consumed = self.ui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            element = event.ui_element
            if element in self._on_press:
                self.app.sounds.play("deal", 0.35)  # a soft card flick as the click sound
                self._on_press[element]()
            elif element in self._segments:
                self.app.sounds.play("deal", 0.25)
                group, value = self._segments[element]
                group.select(value)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in self._on_text:
            self._on_text[event.ui_element](event.text)
        elif (
            event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED
            and event.ui_element in self._on_slide
        ):
            self._on_slide[event.ui_element](event.value)
        elif event.type == pygame.KEYDOWN and not consumed:
            self.on_key(event)

    def _note_full_field(self) -> None:
        """A letter typed into a full field is dropped: say so instead of nothing."""
        for field in self._on_text:
            limit = getattr(field, "length_limit", None)
            if field.is_focused and limit and len(field.get_text()) >= limit:
                self.limit_note = (field, tr("field.limit", count=limit), LIMIT_NOTE_SECONDS)
                return

    def draw_limit_note(self, surface: pygame.Surface) -> None:
        """The "at most n characters" note under the field that is full."""
        if self.limit_note is None:
            return
        from .widgets import draw_panel, text_surface

        field, text, _ = self.limit_note
        s = self.app.ui_scale
        line = text_surface(text, "text", max(11, round(14 * s)), (243, 234, 210))
        box = line.get_rect().inflate(round(16 * s), round(8 * s))
        box.midtop = (field.rect.centerx, field.rect.bottom + round(4 * s))
        if box.bottom > surface.get_height():
            box.midbottom = (field.rect.centerx, field.rect.top - round(4 * s))
        box.clamp_ip(surface.get_rect())
        draw_panel(surface, box, s * 0.6, 240)
        surface.blit(line, line.get_rect(center=box.center))

    def on_key(self, event: pygame.event.Event) -> None:
        """A key no widget used: Esc goes back by default."""
        if event.key == pygame.K_ESCAPE:
            self.back()

    def update(self, dt: float) -> None:
        """Animate the widgets."""
        if self.ui is not None:
            self._draw_widget_looks()  # widgets made since the last frame
            self.ui.update(dt)
        if self.limit_note is not None:
            field, text, left = self.limit_note
            self.limit_note = (field, text, left - dt) if left > dt else None

    def draw(self, surface: pygame.Surface) -> None:
        """Background, panels, then widgets (and a full field's note)."""
        self.draw_background(surface)
        self.draw_panels(surface)
        self.draw_decor(surface)
        if self.ui is not None:
            self.ui.draw_ui(surface)
        self.draw_limit_note(surface)

    def draw_background(self, surface: pygame.Surface) -> None:
        """The felt (override for something else)."""
        surface.blit(self.app.felt(), (0, 0))

    def draw_panels(self, surface: pygame.Surface) -> None:
        """The framed backdrops registered with :meth:`panel`."""
        from .widgets import draw_panel

        for rect in self.panels:
            draw_panel(surface, rect, self.app.ui_scale)

    def draw_decor(self, surface: pygame.Surface) -> None:
        """Extra drawing between panels and widgets (titles, card previews): override."""

