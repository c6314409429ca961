"""A scripted player for tests: clicks, keys and waits read from a file, through the real
event queue, on the real screens — from source or inside the built app.

Only tests switch it on (``KOZYR_SCRIPT=tour.txt game.py``, headless with SDL's dummy video
driver). Any exception, the window closing before the end, or a step that never becomes
possible ends the program with exit code 1 and one line saying which script line failed.

A script has one command per line (``#`` starts a comment):

    click menu.play_durak     a button labelled with that text key's words (or the literal
                              label), waiting until one is shown; the first one on screen
    key escape                press and release a key (pygame's key names: return, space, t …)
    wait 30                   run 30 frames
    expect NewGameScene       wait until the top screen is of that class (or a subclass)
    move 3                    make 3 moves of the player at the bottom of the table, as a
                              person would (cards with → and Enter, else the table's buttons)
    play-to-end               moves until the game is over (the game-over panel is up)
    quit                      Quit on the main menu: the program must end (the last line)
    say text                  print a progress line
    dump                      print the top screen and the buttons it offers (writing a script)
    size 800 600              resize the window, as a player dragging its corner
    shot FILE.png             save what the window shows (looking at the built app)
"""

from __future__ import annotations

import logging
import shlex
import sys
import traceback
from collections.abc import Iterator
from typing import Any

import pygame

from .i18n import has, tr

log = logging.getLogger("kozyr.autopilot")
DT = 0.05  # seconds per scripted frame: animations and think pauses pass quickly
TIMEOUT_FRAMES = 1500  # how long a step may wait for what it needs (75 s of game time)


class ScriptFailed(Exception):
    """A step could not be done (the message says why)."""


class Autopilot:
    """Runs one script against an App whose main menu is already pushed."""

    def __init__(self, app) -> None:
        self.app = app
        self.frames = 0
        self.closed = False  # the script's Quit ended the program

    # --- frames -----------------------------------------------------------------------------
    def step(self, frames: int = 1) -> None:
        """Run frames; the window closing is a failure."""
        for _ in range(frames):
            if not self.app.running or not self.app.scenes:
                raise ScriptFailed("the game closed")
            self.app.step(DT)  # not step_safely: an exception ends the script
            self.frames += 1

    def wait_for(self, what: str, ready) -> Any:
        """Step frames until ``ready()`` gives something true; that value."""
        for _ in range(TIMEOUT_FRAMES):
            found = ready()
            if found:
                return found
            self.step()
        raise ScriptFailed(f"waited {TIMEOUT_FRAMES} frames for {what}; the top screen is "
                           f"{type(self.app.top).__name__}")

    # --- input as a person gives it --------------------------------------------------------
    def click_at(self, pos: tuple[int, int]) -> None:
        """Move the mouse to ``pos`` and click."""
        post = pygame.event.post
        pos = (int(pos[0]), int(pos[1]))
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.step(2)  # pygame-gui reports a press through the queue: handled a frame later

    def press(self, key: int) -> None:
        """Press and release ``key``."""
        char = pygame.key.name(key) if len(pygame.key.name(key)) == 1 else ""
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode=char, scancode=0))
        self.step(2)

    # --- finding what to click ---------------------------------------------------------------
    def buttons(self) -> Iterator[tuple[str, pygame.Rect]]:
        """(label, rect) of every button the top screen shows that can be pressed now."""
        scene = self.app.top
        manager = getattr(scene, "ui", None)
        if manager is not None:
            for element in manager.get_sprite_group().sprites():
                if (isinstance(element, pygame_gui_button()) and element.visible
                        and element.is_enabled and element.rect.width > 0):
                    yield element.text, element.rect
        between = getattr(scene, "between", None)
        if between is not None and getattr(between, "waiting", False):
            yield between.button.text, between.button.rect
        for name in ("question", "panel"):  # the Azi table's hand-drawn panels
            panel = getattr(scene, name, None)
            if getattr(panel, "visible", False) and hasattr(panel, "buttons"):
                for button in getattr(panel, "buttons", {}).values():
                    if button.enabled and button.rect.width > 0:
                        yield button.text, button.rect

    def find(self, label: str) -> pygame.Rect | None:
        """The rect of the first button labelled ``label`` that lies on the screen."""
        screen = self.app.rect
        for text, rect in self.buttons():
            if text == label and screen.contains(rect):
                return rect
        return None

    # --- the table -------------------------------------------------------------------------
    def move(self) -> None:
        """One move of the player at the bottom, once it is his turn (a lesson's: the coach's)."""
        table = self.wait_for("the player's turn at the table", self._my_turn)
        between = getattr(table, "between", None)
        if between is not None and getattr(between, "waiting", False):
            self.click_at(between.button.rect.center)  # Next game, then the move itself
            if between.waiting:
                raise ScriptFailed("Next game did not start the next game")
            table = self.wait_for("the player's turn at the table", self._my_turn)
        expected = getattr(table.source, "expected", None)
        want = expected() if expected is not None else None
        for name in ("question", "panel"):  # the Azi table's buy-in question and bidding panel
            panel = getattr(table, name, None)
            if getattr(panel, "visible", False) and hasattr(panel, "buttons"):
                self.click_at(_choose(panel.buttons, want).rect.center)
                return
        hand = table.hands.bottom()
        playable = [i for i, sprite in enumerate(hand) if sprite.card in table.input.playable]
        if playable:
            chosen = [i for i in playable if hand[i].card == want] or playable
            for _ in range(chosen[0] + 1):  # the focus starts on the first card with →
                self.press(pygame.K_RIGHT)
            self.press(pygame.K_RETURN)
            return
        widgets = table.buttons.actions
        if widgets:
            widget = widgets.get(want) or next(iter(widgets.values()))
            self.click_at(widget.rect.center)
            return
        raise ScriptFailed("it is the player's turn but the table offers nothing to do")

    def _my_turn(self) -> Any:
        table = self.app.top
        my_turn = getattr(getattr(table, "input", None), "my_turn", None)  # a table's input part
        if my_turn is None:
            return None
        between = getattr(table, "between", None)
        if between is not None and getattr(between, "waiting", False):
            return table  # Azi: the last game's result waits for Next game
        return table if my_turn() else None

    def play_to_end(self) -> None:
        """Moves until the game-over panel is on top."""
        end = self.frames + 4 * TIMEOUT_FRAMES
        while self.frames < end:
            if _is_a(self.app.top, "GameOverScene"):
                return
            if self._my_turn():
                self.move()
            else:
                self.step()
        raise ScriptFailed("the game did not end")

    # --- the script ------------------------------------------------------------------------
    def run_line(self, words: list[str]) -> None:
        """Do one command."""
        command, args = words[0], words[1:]
        if command == "click":
            label = " ".join(args)
            text = tr(label) if has(label) else label
            rect = self.wait_for(f"a button {text!r}", lambda: self.find(text))
            self.click_at(rect.center)
        elif command == "key":
            self.press(pygame.key.key_code(args[0]))
        elif command == "wait":
            self.step(int(args[0]))
        elif command == "expect":
            self.wait_for(f"the screen {args[0]}", lambda: _is_a(self.app.top, args[0]))
        elif command == "move":
            for _ in range(int(args[0]) if args else 1):
                self.move()
        elif command == "play-to-end":
            self.play_to_end()
        elif command == "quit":
            rect = self.wait_for("the Quit button", lambda: self.find(tr("menu.quit")))
            try:
                self.click_at(rect.center)
                self.step(2)
            except ScriptFailed:
                self.closed = True  # closed, as asked
            if not self.closed:
                raise ScriptFailed("Quit did not end the program")
        elif command == "dump":
            print(type(self.app.top).__name__, list(self.buttons()), flush=True)
        elif command == "size":
            self.app.resize((int(args[0]), int(args[1])))
            self.step(2)
        elif command == "shot":
            self.step(1)
            pygame.image.save(self.app.screen, args[0])
        elif command == "say":
            print(" ".join(args), flush=True)
        else:
            raise ScriptFailed(f"unknown command {command!r}")


def pygame_gui_button() -> type:
    """pygame-gui's button class (imported here so the module stays cheap to import)."""
    import pygame_gui

    return pygame_gui.elements.UIButton


def _choose(buttons: dict, want: int | None) -> Any:
    """The hand-drawn button for the action ``want``, else a sensible one (look, call, join…)."""
    usable = {key: b for key, b in buttons.items() if b.enabled and b.rect.width > 0}
    for button in usable.values():
        if want is not None and button.action == want:
            return button
    for key in ("look", "call", "join", "all_in", "raise", "fold"):
        if key in usable:
            return usable[key]
    if not usable:
        raise ScriptFailed("the panel offers no button")
    return next(iter(usable.values()))


def _is_a(scene: Any, name: str) -> bool:
    return any(cls.__name__ == name for cls in type(scene).__mro__)


def run_script(app, path: str) -> int:
    """Play the script in ``path`` on ``app``; 0 when every line was done, else 1."""
    pilot = Autopilot(app)
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    number = 0
    try:
        pilot.step(2)
        for number, line in enumerate(lines, 1):  # noqa: B007 - the handlers below name it
            words = shlex.split(line, comments=True)
            if words:
                if pilot.closed:
                    raise ScriptFailed("the script goes on after Quit")
                pilot.run_line(words)
        if not pilot.closed:
            pilot.step(2)
    except ScriptFailed as failure:
        print(f"script {path}, line {number}: {failure}", file=sys.stderr)
        log.error("script %s, line %d: %s", path, number, failure)
        return 1
    except Exception:  # noqa: BLE001 - any error in any screen fails the run, with its trace
        print(f"script {path}, line {number}: an error in the game", file=sys.stderr)
        traceback.print_exc()
        log.exception("script %s, line %d: an error in the game", path, number)
        return 1
    print(f"script done: {len(lines)} lines, {pilot.frames} frames", flush=True)
    return 0
