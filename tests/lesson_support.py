"""What the lesson tests share: opening a lesson from the main menu."""

import os

from scenes.lessons.menu import LessonsScene
from scenes.lessons.table import LessonTableMixin

SHOTS = os.environ.get("KOZYR_LESSON_SHOTS")  # a folder: save what the lesson looks like


def open_lesson(ui, game: str):
    """Main menu → Learn to play → the ``game`` lesson; returns its table."""
    ui.click(ui.top.buttons["menu.learn"])
    assert isinstance(ui.top, LessonsScene)
    ui.click(ui.top.lesson_buttons[game])
    table = ui.top
    assert isinstance(table, LessonTableMixin) and table.game_name == game
    return table
