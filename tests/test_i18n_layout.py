"""In every language the menus' labels and buttons hold their text, at 800×600 and 1280×720."""

import pygame
import pygame_gui
import pytest

from scenes import i18n
from scenes.dialogs import ConfirmScene, PauseScene
from scenes.history_scene import HistoryScene
from scenes.main_menu import MainMenu
from scenes.new_game import NewGameScene
from scenes.rules_scene import RulesScene
from scenes.settings_scene import SettingsScene
from scenes.stats_scene import StatsScene
from scenes.table.azi import AziTable
from scenes.table.durak import DurakTable
from scenes.table_config import Seat, TableConfig

SCREENS = {
    "main menu": MainMenu,
    "new Azi game": lambda app: NewGameScene(app, "azi"),
    "new Durak game": lambda app: NewGameScene(app, "durak"),
    "watch": lambda app: NewGameScene(app, "durak", watch=True),
    "settings": SettingsScene,
    "rules": RulesScene,
    "pause": PauseScene,
    "leave?": lambda app: ConfirmScene(app, "confirm.leave.title", "confirm.leave.text"),
    "history": HistoryScene,
    "statistics": StatsScene,
    "Durak table": lambda app: DurakTable(app, TableConfig(
        "durak", [Seat("Anna"), Seat("Boris", "ai", "easy")], {})),
    "Azi table": lambda app: AziTable(app, TableConfig(
        "azi", [Seat("Anna"), Seat("Boris", "ai", "easy")], {})),
}
SLACK = 0  # pixels over the room


def overflowing(manager: pygame_gui.UIManager) -> list[str]:
    """Labels and buttons whose text is wider than the widget (a clipped or cut word)."""
    found = []
    for element in manager.get_sprite_group().sprites():
        if not isinstance(element, (pygame_gui.elements.UILabel, pygame_gui.elements.UIButton)):
            continue
        text = element.text
        if not text or not element.visible:
            continue
        width = element.font.size(text)[0]
        room = element.rect.width
        if isinstance(element, pygame_gui.elements.UIButton):
            # the frame, and a pixel of air each side so no letter touches it
            room -= 2 * max(element.border_width.values()) + 2 * element.shadow_width + 2
        if width > room + SLACK:
            found.append(f"{text!r}: {width}px in {element.rect.width}px")
    return found


@pytest.fixture(params=i18n.languages())
def language(request, ui):
    ui.app.settings.language = request.param
    ui.app.apply_settings()
    yield request.param
    ui.app.settings.language = "en"
    ui.app.apply_settings()


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_every_menu_holds_its_texts(ui, language, size):
    ui.app.resize(size)
    problems = {}
    for name, make in SCREENS.items():
        scene = ui.app.push(make(ui.app))
        ui.step(1)
        found = overflowing(scene.ui)
        if found:
            problems[name] = found
        ui.app.pop()
    assert problems == {}


def test_choosing_a_language_in_settings_speaks_it_on_every_open_screen(ui):
    menu = ui.top
    ui.app.push(SettingsScene(ui.app))
    ui.step(1)
    ui.top.set_language("ru")
    assert i18n.language() == "ru" and ui.app.settings.language == "ru"
    texts = {e.text for e in menu.ui.get_sprite_group().sprites()
             if isinstance(e, pygame_gui.elements.UIButton)}
    assert "Правила" in texts  # the menu below was built again in Russian
    assert ui.app.cards.letters[-4:] == ("В", "Д", "К", "Т")
    ui.top.set_letters(True)
    assert ui.app.cards.letters[-4:] == ("J", "Q", "K", "A")
    ui.top.set_language("en")
    assert "Rules" in {e.text for e in menu.ui.get_sprite_group().sprites()
                       if isinstance(e, pygame_gui.elements.UIButton)}


def test_the_language_menu_names_each_language_in_itself(ui):
    ui.app.push(SettingsScene(ui.app))
    ui.step(1)
    menu = ui.top.language_menu
    options = [o[0] if isinstance(o, tuple) else o for o in menu.options_list]
    assert options == ["English", "Čeština", "Français", "Magyar", "Lietuvių", "Русский"]
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         text="Magyar", ui_element=menu))
    ui.step(2)
    assert i18n.language() == "hu" and ui.app.settings.language == "hu"
    ui.top.set_language("en")
