"""A whole Azi session played through the real screens, the way a person would: Play Azi, the
options typed in, Start, then bids on the panel, discards and cards by mouse and keys, the azi
question answered, until the session-over panel. Also the hot-seat curtain and a monkey."""

from __future__ import annotations

import random

import pygame
from test_table_support import fast_tables, visible_point

from engine.azi.constants import BIDDING, BUY_IN, DISCARD, LOOK, TRICKS
from engine.cards import HIDDEN
from engine.shuffle import SeededDealer
from scenes import tables
from scenes.dialogs import CurtainScene
from scenes.game_over import GameOverScene
from scenes.main_menu import MainMenu
from scenes.new_game import NewGameScene
from scenes.table.azi import AziTable
from scenes.table_config import Seat, TableConfig

SMALL = {"starting_stack": 40, "ante": 10, "cards_dealt": 3, "blind_bets": False,
         "azi_buy_in": True, "min_bet": 10, "min_raise": 10}


def fast_azi(monkeypatch, seed: int) -> None:
    """Fast computer players and a seeded deal."""
    fast_tables(monkeypatch, seed)
    monkeypatch.setattr(AziTable, "dealer_factory", lambda: SeededDealer(seed))


def type_into(ui, field, text: str) -> None:
    """Click a text field, clear it and type ``text``."""
    ui.click(field)
    ui.key(pygame.K_END)
    for _ in range(len(field.get_text())):
        ui.key(pygame.K_BACKSPACE)
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    ui.step(2)


def bid_by_hand(ui, table, turn: int) -> None:
    """Choose on the bidding panel: look when blind, else call, bet, raise (slider or +), all-in,
    now and then fold — by click or by key."""
    panel = table.panel
    buttons = panel.buttons
    if "look" in buttons and turn % 2 == 0:
        ui.click_at(buttons["look"].rect.center) if turn % 4 else ui.key(pygame.K_l)
        return
    roll = turn % 7
    if roll == 6 and "fold" in buttons:
        ui.key(pygame.K_f)
        return
    if "raise" in buttons and roll in (1, 3):
        if roll == 1 and panel.track.width:
            post = pygame.event.post
            start, end = panel.knob_rect().center, (panel.track.right, panel.track.centery)
            post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
            post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 0), buttons=(1, 0, 0)))
            post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
            ui.step(1)
            assert panel.level == panel.choices.levels[-1]
        elif "plus" in buttons and buttons["plus"].enabled:
            ui.click_at(buttons["plus"].rect.center)
        ui.click_at(buttons["raise"].rect.center)
        return
    for key in ("call", "raise", "all_in", "fold"):
        if key in buttons:
            ui.click_at(buttons[key].rect.center)
            return


def azi_move(ui, table, turn: int) -> None:
    """The bottom seat's move through the screen, whatever the phase."""
    phase = table.session.phase
    if phase == BUY_IN:
        question = table.question
        assert question.visible
        if turn % 3:
            ui.click_at(question.buttons["join"].rect.center)
        else:
            ui.key(pygame.K_s)
        return
    if phase == BIDDING:
        assert table.panel.visible
        bid_by_hand(ui, table, turn)
        return
    assert phase in (DISCARD, TRICKS)
    hand = table.hands.bottom()
    offered = table.input.playable
    playable = [i for i, s in enumerate(hand) if s.card in offered and s.card != HIDDEN]
    assert playable, "a card must be offered"
    index = playable[turn % len(playable)]
    if turn % 2:
        ui.click_at(visible_point(table, hand[index]))
    else:
        for _ in range(index + 1):
            ui.key(pygame.K_RIGHT)
        ui.key(pygame.K_RETURN)


def waiting_for_next_game(table) -> bool:
    """Is the last game's result up, waiting for Next game?"""
    return table.between is not None and table.between.waiting


def play_until_over(ui, table, max_frames: int = 6000) -> int:
    """Step and answer every human turn until the session-over panel; returns the moves made."""
    moves = 0
    for _ in range(max_frames):
        ui.step(1, dt=0.1)
        if isinstance(ui.top, GameOverScene):
            return moves
        if isinstance(ui.top, CurtainScene):
            ui.step(1, dt=0.4)
            ui.click_at((5, 5))
        elif ui.top is table and waiting_for_next_game(table):
            if moves % 2:
                ui.key(pygame.K_RETURN)
            else:
                ui.click_at(table.between.button.rect.center)
        elif ui.top is table and table.input.my_turn():
            azi_move(ui, table, moves)
            moves += 1
    raise AssertionError("the session did not end")


def test_a_whole_azi_session_from_the_main_menu_to_the_session_over_panel(ui, monkeypatch):
    fast_azi(monkeypatch, seed=11)
    ui.app.settings.animation_speed = 4.0
    ui.click(ui.top.buttons["menu.play_azi"])
    form = ui.top
    assert isinstance(form, NewGameScene) and form.game == "azi"
    ui.click(form.kind_rows[1].buttons[1])  # the computer players play Easy
    ui.click(form.kind_rows[2].buttons[1])
    type_into(ui, form.option_controls["starting_stack"], "40")
    assert form.options["azi"]["starting_stack"] == 40
    ui.click(form.start_button)
    table = ui.top
    assert isinstance(table, AziTable) and table.options.starting_stack == 40
    moves = play_until_over(ui, table)
    session = table.session
    assert moves >= 3 and session.phase == "over"
    assert sum(session.stacks) == 40 * 3 and session.stacks.count(0) == 2
    assert table.resyncs == 0
    over = ui.top
    assert over.summary.rows[0][1] == "120 chips"
    ui.click(over.menu_button)
    assert isinstance(ui.top, MainMenu)


def test_a_four_card_session_with_discards_and_play_again(ui, monkeypatch):
    fast_azi(monkeypatch, seed=5)
    ui.app.settings.animation_speed = 4.0
    seats = [Seat("You"), Seat("Anna", "ai", "easy"), Seat("Boris", "ai", "easy"),
             Seat("Katya", "ai", "easy")]
    tables.open_table(ui.app, TableConfig("azi", seats, dict(SMALL, cards_dealt=4,
                                                             starting_stack=30)))
    table = ui.top
    discards = []
    real_play = table.input.play

    def spy(action):
        if table.session.phase == DISCARD:
            discards.append(action)
        return real_play(action)

    monkeypatch.setattr(table.input, "play", spy)
    play_until_over(ui, table)
    assert discards and table.resyncs == 0
    ui.click(ui.top.again_button)
    assert ui.top is table and table.session.game_number == 1 and not table.over
    assert table.shown.stacks == [30] * 4


def test_a_blind_session_offers_look_and_keeps_the_hand_face_down_until_then(ui, monkeypatch):
    fast_azi(monkeypatch, seed=3)
    ui.app.settings.animation_speed = 4.0
    seats = [Seat("You"), Seat("Anna", "ai", "easy"), Seat("Boris", "ai", "easy")]
    tables.open_table(ui.app, TableConfig("azi", seats, dict(SMALL, blind_bets=True)))
    table = ui.top
    looked = 0
    for _ in range(3000):
        ui.step(1, dt=0.1)
        if isinstance(ui.top, GameOverScene):
            break
        if ui.top is table and waiting_for_next_game(table):
            ui.key(pygame.K_SPACE)
        elif ui.top is table and table.input.my_turn():
            g = table.session
            if g.phase == BIDDING and not g.looked[0]:
                assert LOOK in g.legal_actions() and "look" in table.panel.buttons
                assert all(s.card == HIDDEN and not s.face_up for s in table.hands.bottom())
                looked += 1
            azi_move(ui, table, looked)
    assert looked >= 2 and table.resyncs == 0


def test_no_frame_drawn_under_the_hot_seat_curtain_shows_a_card_face(ui, monkeypatch):
    fast_azi(monkeypatch, seed=2)
    app = ui.app
    app.settings.animation_speed = 4.0
    drawn: list[int] = []
    real_card = app.cards.card

    def spying_card(card, width, face_up=True):
        if face_up and card != HIDDEN:
            drawn.append(card)
        return real_card(card, width, face_up)

    monkeypatch.setattr(app.cards, "card", spying_card)
    seats = [Seat("Ann"), Seat("Bob"), Seat("Cat", "ai", "easy")]
    tables.open_table(app, TableConfig("azi", seats, dict(SMALL, blind_bets=True)))
    table = ui.top
    public: set[int] = set()
    private: dict[int, set[int]] = {0: set(), 1: set(), 2: set()}
    real_queue = table.story.queue_event

    def spying_queue(event):
        if event.kind in ("trump", "played", "six_on_stage"):
            public.update(event.cards)
        elif event.kind == "looked":  # blind: a player's cards are his only once he looks
            private[event.seat].update(event.cards)
        return real_queue(event)

    monkeypatch.setattr(table.story, "queue_event", spying_queue)
    for event in table.session.history:  # queued when the table opened, before the spy
        if event.kind in ("trump", "played", "six_on_stage"):
            public.update(event.cards)
    curtains = moves = 0
    for frame in range(5000):
        drawn.clear()
        curtain_up = any(isinstance(s, CurtainScene) for s in app.scenes)
        ui.step(1, dt=0.1)
        if curtain_up or any(isinstance(s, CurtainScene) for s in app.scenes):
            assert drawn == [], f"frame {frame}: card faces {drawn} drawn under the curtain"
        elif not table.over:
            shown = table.view.revealed
            allowed = public | (private[shown] if shown is not None else set())
            assert set(drawn) <= allowed, f"frame {frame}: {set(drawn) - allowed} shown"
        if isinstance(ui.top, GameOverScene):
            break
        if isinstance(ui.top, CurtainScene):
            ui.step(1, dt=0.4)
            ui.click_at((640, 360))
            curtains += 1
            assert table.view.revealed == table.session.to_move
        elif ui.top is table and waiting_for_next_game(table):
            if moves % 2:
                ui.key(pygame.K_RETURN)
            else:
                ui.click_at(table.between.button.rect.center)
        elif ui.top is table and table.input.my_turn():
            azi_move(ui, table, moves)
            moves += 1
    assert isinstance(ui.top, GameOverScene)
    assert curtains >= 3 and table.resyncs == 0


def test_random_clicks_and_keys_on_the_azi_table_raise_nothing(ui, monkeypatch):
    fast_azi(monkeypatch, seed=9)
    app = ui.app
    app.settings.animation_speed = 4.0
    seats = [Seat("You"), Seat("Anna", "ai", "easy"), Seat("Boris", "ai", "easy"),
             Seat("Katya", "ai", "easy")]
    config = TableConfig("azi", seats, dict(SMALL, starting_stack=200, blind_bets=True))
    tables.open_table(app, config)
    rng = random.Random(7)
    keys = [pygame.K_f, pygame.K_c, pygame.K_r, pygame.K_a, pygame.K_l, pygame.K_p,
            pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP,
            pygame.K_RETURN, pygame.K_j, pygame.K_s, pygame.K_ESCAPE, pygame.K_SPACE]
    post = pygame.event.post
    for _ in range(1500):
        top = app.top
        if not isinstance(top, AziTable):
            if isinstance(top, MainMenu) or not app.scenes:
                tables.open_table(app, config)
            else:
                post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                        scancode=0))
            app.step(0.05)
            continue
        targets = [b.rect for b in top.panel.buttons.values() if b.rect.width]
        targets += [b.rect for b in top.question.buttons.values() if b.rect.width]
        targets += [pygame.Rect(round(s.pos[0]) - 5, round(s.pos[1]) - 5, 10, 10)
                    for s in top.hands.bottom()]
        roll = rng.random()
        if roll < 0.6:
            pos = (rng.choice(targets).center if targets and rng.random() < 0.8
                   else (rng.randrange(app.size[0]), rng.randrange(app.size[1])))
            post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        elif roll < 0.9:
            key = rng.choice(keys)
            if key == pygame.K_ESCAPE and rng.random() < 0.8:
                key = pygame.K_RIGHT  # the pause menu now and then, not all the time
            post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        elif roll < 0.995:
            post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False,
                                    precise_x=0.0, precise_y=1.0))
        else:
            app.resize(rng.choice([(800, 600), (1280, 720), (1024, 640)]))
        app.step(rng.choice([0.0, 1 / 60, 0.1, 0.3]))
    assert app.scenes
