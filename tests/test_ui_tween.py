"""Tweens, timelines and the card sprite's animation behaviour."""

import pygame
import pytest

from sprites.card_sprite import CardSprite
from sprites.tween import EASINGS, Call, Timeline, Tween, Wait, ease_out_back, linear


class Box:
    def __init__(self):
        self.x = 0.0
        self.pos = (0.0, 0.0)


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_every_easing_starts_at_0_and_ends_at_1(name):
    ease = EASINGS[name]
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9) and ease(1.0) == pytest.approx(1.0)


def test_a_tween_moves_the_property_and_lands_exactly_on_the_end():
    box = Box()
    tween = Tween(box, "x", 10.0, 1.0, linear)
    tween.update(0.25)
    assert box.x == pytest.approx(2.5)
    tween.update(1.0)
    assert tween.done and box.x == 10.0


def test_a_tween_interpolates_tuples_and_reads_the_start_when_it_starts():
    box = Box()
    tween = Tween(box, "pos", (100.0, 50.0), 1.0, linear, delay=0.5)
    tween.update(0.4)
    box.pos = (20.0, 10.0)  # moved by someone else before the tween began
    tween.update(0.6)  # 0.1 of delay left, then 0.5 of the move
    assert box.pos == pytest.approx((60.0, 30.0))


def test_ease_out_back_overshoots_before_settling():
    assert max(ease_out_back(t / 100) for t in range(101)) > 1.0


def test_phases_run_one_after_another_and_the_timeline_goes_idle():
    box, log = Box(), []
    timeline = Timeline()
    timeline.then(Tween(box, "x", 1.0, 0.5, linear), Call(lambda: log.append("start")))
    timeline.wait(0.25)
    timeline.call(lambda: log.append("after"))
    timeline.update(0.5)
    assert box.x == 1.0 and log == ["start"] and not timeline.idle
    timeline.update(0.2)
    assert log == ["start"]
    timeline.update(0.1)
    assert log == ["start", "after"] and timeline.idle


def test_time_left_over_from_one_phase_carries_into_the_next():
    box = Box()
    timeline = Timeline()
    timeline.then(Wait(0.1))
    timeline.then(Tween(box, "x", 10.0, 1.0, linear))
    timeline.update(0.6)
    assert box.x == pytest.approx(5.0)


def test_add_joins_the_last_phase():
    a, b = Box(), Box()
    timeline = Timeline()
    timeline.then(Tween(a, "x", 1.0, 1.0, linear))
    timeline.add(Tween(b, "x", 1.0, 1.0, linear))
    timeline.update(0.5)
    assert a.x == pytest.approx(0.5) and b.x == pytest.approx(0.5)


def test_the_speed_factor_scales_time():
    box = Box()
    timeline = Timeline(speed=2.0)
    timeline.then(Tween(box, "x", 1.0, 1.0, linear))
    timeline.update(0.25)
    assert box.x == pytest.approx(0.5)


def test_finish_all_jumps_to_the_end_and_runs_every_callback():
    box, log = Box(), []
    timeline = Timeline()
    timeline.then(Tween(box, "x", 3.0, 5.0, on_done=lambda: log.append("moved")))
    timeline.call(lambda: log.append("called"))
    timeline.finish_all()
    assert box.x == 3.0 and log == ["moved", "called"] and timeline.idle


def test_a_card_flip_changes_side_half_way_and_can_reveal_the_card():
    sprite = CardSprite(-1, (50, 50), face_up=False)
    tween = sprite.flip_to(True, 1.0, card=12)
    tween.update(0.4)
    assert not sprite.shown_face_up() and sprite.card == 12
    tween.update(0.2)
    assert sprite.shown_face_up()
    tween.update(1.0)
    assert sprite.face_up and sprite.flip == 0.0


def test_a_turned_card_is_hit_where_it_lies():
    sprite = CardSprite(
        3, (100, 100), width=100, rotation=90
    )  # lying on its side: 140 wide, 100 tall
    assert sprite.contains((165, 100)) and not sprite.contains((100, 165))


def test_a_card_sprite_draws_rotated_flipped_and_highlighted():
    pygame.init()
    screen = pygame.display.set_mode((300, 300))
    from sprites.cards import CardRenderer

    renderer = CardRenderer()
    sprite = CardSprite(30, (150, 150), width=80, rotation=12)
    sprite.highlight = True
    assert sprite.draw(screen, renderer).width > 80
    sprite.flip = 0.3
    sprite.dim = True
    assert sprite.draw(screen, renderer).width < 80 * 1.2
    pygame.quit()
