"""Cards that land together are drawn the quick way for a few frames and made smooth a few a
frame (scenes/table/motion.py), so a whole hand landing never costs one frame every rotozoom."""

from __future__ import annotations

import math

import pygame

from scenes.table.motion import SMOOTH_PER_FRAME, Mover, TableCard


def _landed_hand(count: int, rotation: float = 8.0) -> tuple[Mover, list[TableCard]]:
    mover = Mover()
    cards = [TableCard(i, (0.0, 0.0), width=100) for i in range(count)]
    for i, card in enumerate(cards):
        mover.go(card, (100.0 + 30 * i, 400.0), rotation + i, 100, 0.1)
    mover.update(0.2)  # every card lands in this frame
    return mover, cards


def test_a_turned_hand_landing_at_once_is_made_smooth_a_few_cards_a_frame():
    mover, cards = _landed_hand(8)
    assert all(card.rough and not card.in_motion for card in cards)
    made_smooth = []
    while any(card.rough for card in cards):
        before = sum(card.rough for card in cards)
        mover.update(1 / 60)
        made_smooth.append(before - sum(card.rough for card in cards))
    assert max(made_smooth) <= SMOOTH_PER_FRAME
    assert len(made_smooth) == math.ceil(8 / SMOOTH_PER_FRAME)


def test_a_card_lying_straight_is_smooth_as_soon_as_it_lands():
    _, cards = _landed_hand(3, rotation=0.0)
    assert not cards[0].rough  # no turn: its smooth picture is the face itself
    assert cards[1].rough  # turned by a degree


def test_a_dimmed_or_glowing_card_is_never_drawn_the_quick_way():
    _, cards = _landed_hand(2)
    cards[0].dim = True
    cards[1].highlight = True
    assert not cards[0]._quick() and not cards[1]._quick()


def test_landing_everything_at_once_leaves_no_card_rough():
    mover = Mover()
    cards = [TableCard(i, (0.0, 0.0), width=100) for i in range(5)]
    for card in cards:
        mover.go(card, (300.0, 300.0), 12.0, 100, 0.5)
    mover.finish_all()
    assert not any(card.rough or card.in_motion for card in cards)


def test_a_card_sent_off_again_is_moving_not_rough():
    mover, cards = _landed_hand(1)
    mover.go(cards[0], (500.0, 100.0), 30.0, 100, 0.3)
    assert cards[0].in_motion and not cards[0].rough


def test_a_landed_card_shows_its_own_face_not_a_stand_in_made_at_another_width(ui):
    # the still layer keeps a resting card's picture while its look stays the same: a stand-in
    # face (another width, scaled) would stay there after the exact face was made
    renderer = ui.app.cards
    renderer.card(5, 140)  # the only face of this card made so far is a wider one
    mover = Mover()
    card = TableCard(5, (0.0, 0.0), width=97)
    mover.go(card, (300.0, 300.0), 9.0, 97, 0.1)
    mover.update(0.2)
    assert card.rough
    shown = card._image(renderer)
    exact = pygame.transform.rotate(renderer.card(5, 97), 9)
    assert pygame.image.tobytes(shown, "RGBA") == pygame.image.tobytes(exact, "RGBA")
