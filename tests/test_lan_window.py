"""LAN tables in the window, on loopback only: the real table scene of a client, fed by the
network, against a host with computer seats — a whole Durak game, a whole Azi session, and a
client whose line drops and who comes back to his seat in the scene."""

from __future__ import annotations

import asyncio

from lan_window_support import HostThread, card_or_button, seated_client, step_until
from test_play_azi_ui import bid_by_hand

from engine.azi.constants import BIDDING, BUY_IN
from engine.cards import HIDDEN
from scenes.game_over import GameOverScene
from scenes.main_menu import MainMenu
from scenes.table.network_scene import network_table

SMALL_AZI = {"starting_stack": 40, "ante": 10, "min_bet": 10, "min_raise": 10}


def open_table(ui, client, backlog):
    """The client's table on the screen, as the join screen opens it."""
    ui.app.settings.animation_speed = 4.0
    table = network_table(ui.app, client, backlog)
    ui.app.reset(table)
    ui.step(1)
    return table


def play_to_game_over(ui, table, move, on_frame=lambda: None) -> int:
    """Answer every turn of the seat at the screen until the game-over panel; returns the moves."""
    moves = 0

    def over_or_move() -> bool:
        nonlocal moves
        on_frame()
        if isinstance(ui.top, GameOverScene):
            return True
        between = getattr(table, "between", None)  # Azi: the last game's result waits for a click
        if ui.top is table and between is not None and between.waiting:
            ui.click_at(between.button.rect.center)
            return False
        offered = table.input.playable or table.buttons.actions or hasattr(table, "question") and (
            table.panel.visible or table.question.visible)  # Azi: the bidding panel, the azi
        if ui.top is table and table.input.my_turn() and table.source.legal_actions() and offered:
            move(ui, table, moves)
            moves += 1
        return False

    step_until(ui, over_or_move, frames=20000)
    return moves


def others_shown(table) -> set[int]:
    """The faces of other seats' cards in their hands at this screen (on the way out too)."""
    return {sprite.card for seat, hand in enumerate(table.hands)
            if seat != table.network.seat for sprite in hand} - {HIDDEN}


def public_cards(client) -> set[int]:
    """Every card face this seat was sent in an event anybody could see."""
    return {c for events in client.state.segments.values() for e in events if not e.private
            for c in e.cards} - {HIDDEN}


def azi_move(ui, table, turn: int) -> None:
    """The azi question, the bidding panel, or a card, as a person answers them."""
    phase = table.public()["phase"]
    if phase == BUY_IN:
        ui.click_at(table.question.buttons["join"].rect.center)
    elif phase == BIDDING:
        bid_by_hand(ui, table, turn)
    else:
        card_or_button(ui, table, turn)


def test_a_whole_durak_game_on_the_client_table_with_the_joint_deal_verified(ui):
    host = HostThread("durak", ["human", "easy"])
    try:
        client, backlog = seated_client(host.address, "Anna")
        table = open_table(ui, client, backlog)
        assert table.view.bottom == client.state.seat and table.shared.seat_name(1) == "Boris"
        shown: set[int] = set()
        moves = play_to_game_over(ui, table, card_or_button,
                                  lambda: shown.update(others_shown(table)))
        assert moves >= 3 and shown <= public_cards(client)  # another hand: only played cards
        over = ui.top
        assert over.summary.fair == ["Joint deal verified \u2713"]
        assert table.resyncs == 0
        durak = table.source.result()["durak"]
        assert durak == host.host.table.game.result()["durak"]
        ui.click(over.menu_button)
        assert isinstance(ui.top, MainMenu)
    finally:
        host.stop()


def test_a_whole_azi_session_on_the_client_table(ui):
    host = HostThread("azi", ["human", "easy", "easy"], games=0, azi_options=SMALL_AZI)
    try:
        client, backlog = seated_client(host.address, "Boris")
        table = open_table(ui, client, backlog)
        assert table.options.starting_stack == 40
        moves = play_to_game_over(ui, table, azi_move)
        assert moves >= 3
        over = ui.top
        stacks = host.host.table.result()["stacks"]
        assert sum(stacks) == 120 and sorted(stacks)[:2] == [0, 0]
        assert over.summary.rows[0][1] == "120 chips"
        assert over.summary.fair[0].startswith("Joint deals verified")
        assert table.resyncs == 0
    finally:
        host.stop()


def test_a_client_whose_line_drops_comes_back_to_its_seat_in_the_scene(ui):
    host = HostThread("durak", ["human", "easy"])
    try:
        client, backlog = seated_client(host.address, "Anna")
        table = open_table(ui, client, backlog)
        seat, token = client.state.seat, client.state.token
        step_until(ui, lambda: table.input.my_turn() and table.source.legal_actions())
        asyncio.run_coroutine_threadsafe(client.link._ws.close(), client._loop).result(5)
        step_until(ui, lambda: table.network.lost)
        ui.app.draw()  # the "reconnecting" banner is drawn over the table
        step_until(ui, lambda: not table.network.lost and not table.network.rejoined)
        assert client.state.seat == seat and client.state.token == token
        play_to_game_over(ui, table, card_or_button)
        assert isinstance(ui.top, GameOverScene)
    finally:
        host.stop()
