"""A whole Durak game played through the real scenes: main menu → table → game over → menu.

Every move of the human seat is a click on a legal card, a drag onto the table, the arrow keys
and Enter, or the Take / Pass buttons and keys; the computer seats think in a thread.
"""

from test_table_support import fast_tables, human_move

from scenes.game_over import GameOverScene
from scenes.main_menu import MainMenu
from scenes.table.durak import DurakTable


def play_to_the_end(ui, table, max_frames: int = 4000) -> int:
    """Step the table, making the human's moves, until the game-over panel; returns the moves."""
    moves = 0
    for _ in range(max_frames):
        if isinstance(ui.top, GameOverScene):
            return moves
        if ui.top is table and table.input.my_turn():
            before = len(table.game.history)
            human_move(ui, table, moves)
            assert len(table.game.history) > before, "the move did not reach the game"
            moves += 1
        else:
            ui.step(1, dt=0.1)
    raise AssertionError("the game did not end")


def test_a_whole_game_from_the_main_menu_to_the_game_over_panel_and_back(ui, monkeypatch):
    fast_tables(monkeypatch, seed=3)
    ui.app.settings.animation_speed = 4.0
    ui.click(ui.top.buttons["menu.play_durak"])
    ui.click(ui.top.start_button)
    table = ui.top
    assert isinstance(table, DurakTable) and table.n == 3
    moves = play_to_the_end(ui, table)
    assert moves > 5
    assert table.game.is_over() and table.over
    assert table.resyncs == 0  # every card was animated to where the game says it is
    panel = ui.top
    assert panel.summary.rows and panel.summary.title
    ui.click(panel.menu_button)
    assert isinstance(ui.top, MainMenu) and len(ui.app.scenes) == 1


def test_play_again_deals_a_new_game_at_the_same_table(ui, monkeypatch):
    fast_tables(monkeypatch, seed=5)
    ui.app.settings.animation_speed = 4.0
    ui.click(ui.top.buttons["menu.play_durak"])
    form = ui.top
    ui.click(form.kind_rows[0].buttons[1])  # every seat a computer player: a quick game
    ui.click(form.start_button)
    table = ui.top
    play_to_the_end(ui, table)
    first = table.game
    ui.click(ui.top.again_button)
    assert ui.top is table and table.game is not first and not table.over
    assert not table.game.is_over()


def test_a_series_shows_the_score_between_games_and_deals_the_next_one(ui, monkeypatch):
    fast_tables(monkeypatch, seed=9)
    ui.app.settings.animation_speed = 4.0
    ui.click(ui.top.buttons["menu.play_durak"])
    form = ui.top
    ui.click(form.kind_rows[0].buttons[1])  # a computer in every seat: a quick game
    ui.click(form.option_controls["series"].buttons[1])
    ui.click(form.start_button)
    table = ui.top
    play_to_the_end(ui, table)
    summary = ui.top.summary
    series = table.series
    assert series is not None and summary.again == "Next game"
    assert len(summary.notes) == 1 + table.n  # "Series score after game 1", a line per player
    first_out = table.game.result()["first_out"]
    assert f"{table.shared.seat_name(first_out)}: 1 won" in " ".join(summary.notes)
    ui.click(ui.top.again_button)
    assert series.game_number == 2 and table.game is series.game and not table.over
    _, detail, _ = table.plate_text(first_out)
    assert "W1" in detail
