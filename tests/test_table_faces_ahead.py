"""Card faces are made between frames, never on the frame that first shows them (warm.py):
moving and just-landed cards show a stand-in face meanwhile (motion.py); cards at rest clear of
the moving ones stay in the still layer and a talon rising a pixel is not slid (still.py,
hands.py)."""

from __future__ import annotations

import pygame

from scenes import tables
from scenes.table import scene as table_scene
from scenes.table import warm
from scenes.table.motion import Mover, TableCard
from scenes.table.still import split
from scenes.table_config import Seat, TableConfig
from sprites import cards as card_art
from tests.test_table_support import fast_tables


def _counting_faces(monkeypatch) -> dict[str, int]:
    """Count the faces rendered inside a frame and between frames."""
    made = {"in frame": 0, "between": 0}
    between = {"now": False}
    render = card_art.CardRenderer._render_face
    spare = table_scene.TableScene.between_frames

    def counted(self, card, width, style):
        made["between" if between["now"] else "in frame"] += 1
        return render(self, card, width, style)

    def flagged(self, spent):
        between["now"] = True
        try:
            spare(self, spent)
        finally:
            between["now"] = False

    monkeypatch.setattr(card_art.CardRenderer, "_render_face", counted)
    monkeypatch.setattr(table_scene.TableScene, "between_frames", flagged)
    return made


def test_no_frame_of_a_watched_six_seat_game_makes_a_card_face(ui, monkeypatch):
    fast_tables(monkeypatch)
    # the faces planned for the table are all made while it fades in, however slow the machine
    monkeypatch.setattr(warm, "FADE_GOAL", 60.0)
    seats = [Seat(f"P{i}", "ai", "easy") for i in range(6)]
    table = tables.open_table(ui.app, TableConfig("durak", seats, {"series": False},
                                                  watch=True))
    ui.step(1)  # the table's first frame builds it (and may make what it shows at once)
    made = _counting_faces(monkeypatch)
    for _ in range(1500):
        ui.step(1)
        if table.over and table.animations_idle:
            break
    assert made["between"] > 0, "no face was made ahead"
    # rows narrow as hands grow: their new widths were made between frames, shown by stand-ins
    assert made["in frame"] == 0
    assert table.resyncs == 0


def test_the_warmer_makes_the_faces_asked_for_first_and_nothing_on_a_full_frame(ui):
    ui.step(30)  # the menu has faded in
    renderer = ui.app.cards
    warmer = warm.FaceWarmer(ui.app)
    warmer.plan([1, 2, 3], [40])  # and the back
    renderer.want(7, 41)
    warmer.update(spent=warm.FRAME_GOAL)  # the frame took all its time: nothing more
    assert renderer.ready(7, 41) is None and warmer.pending() == 5
    warmer.update(spent=0.0)
    assert renderer.ready(7, 41) is not None  # the face a moving card asked for
    assert renderer.ready_shadow(41) is not None  # and the shadow of cards that wide
    while warmer.pending():
        warmer.update(spent=0.0)
    assert all(renderer.ready(card, 40) is not None for card in (1, 2, 3))


def test_a_face_asked_for_is_made_after_a_few_frames_even_if_no_frame_is_short(ui):
    ui.step(30)
    renderer = ui.app.cards
    warmer = warm.FaceWarmer(ui.app)
    renderer.want(9, 45)
    frames = 0
    while renderer.ready(9, 45) is None:
        warmer.update(spent=1.0)  # every frame far over its goal
        frames += 1
        assert frames <= warm.STARVED_FRAMES + 1, "a stand-in would stay for good"


def test_a_card_landing_before_its_face_is_made_shows_a_stand_in_until_it_is(ui):
    renderer = ui.app.cards
    renderer.face(5, 140)  # the only face of this card made so far is a wider one
    mover = Mover(renderer)
    card = TableCard(5, (0.0, 0.0), width=97)
    mover.go(card, (300.0, 300.0), 0.0, 97, 0.1)
    mover.update(0.2)
    assert not card.in_motion and card.stand_in == 140
    assert renderer.wanted == {(5, 97): None}  # asked for, not made on this frame
    assert renderer.ready(5, 97) is None
    renderer.face(5, 97)  # made between frames
    mover.update(1 / 60)
    assert card.stand_in == 0
    shown = card._image(renderer)
    assert pygame.image.tobytes(shown, "RGBA") == pygame.image.tobytes(renderer.face(5, 97),
                                                                        "RGBA")


def test_a_card_at_rest_stays_in_the_still_layer_unless_it_lies_over_a_moving_one(ui):
    low_moving = TableCard(1, (100.0, 100.0), width=80, z=1)
    low_moving.in_motion = True
    over_it = TableCard(2, (130.0, 110.0), width=80, z=2)  # at rest, lying on the moving card
    on_that = TableCard(3, (200.0, 110.0), width=80, z=3)  # lying on the one above, not on it
    far_away = TableCard(4, (900.0, 500.0), width=80, z=4)
    still, above = split([low_moving, over_it, on_that, far_away], lambda sprite: False)
    assert still == [far_away]
    assert above == [low_moving, over_it, on_that]


def test_the_talon_rising_a_step_under_a_dealt_card_is_not_slid(ui, monkeypatch):
    fast_tables(monkeypatch)
    seats = [Seat("You")] + [Seat(f"P{i}", "ai", "easy") for i in range(1, 6)]
    table = tables.open_table(ui.app, TableConfig("durak", seats, {"series": False}))
    dealt_seen = False
    for _ in range(600):
        ui.step(1)
        dealt = any(event.kind == "dealt" for event in table.game.history)
        if dealt and len(table.talon) < 30:
            dealt_seen = True
            break
    assert dealt_seen
    top = [card for card in table.talon if card is not table.trump_sprite][:10]
    assert not any(table.mover.moving(card) for card in top)
