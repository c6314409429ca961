"""Rules, Information [decided]: nothing a seat sees depends on cards hidden from it.

Two worlds that a seat cannot tell apart (the cards hidden from it dealt differently between
the other hands and the talon; sizes and every publicly known card in place) must show that
seat the same observation after every move both worlds allow — whose turn it is and who has
passed included. The seat's own draws may legitimately tell the worlds apart, so a comparison
stops once the seat has drawn different cards in the two, or the same cards in another order
(it sees them come off the talon one by one).
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.durak import DREW, DurakGame
from engine.shuffle import SeededDealer

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def position_parts(game: DurakGame) -> dict:
    """Every part of ``game``'s position, as DurakGame.from_parts takes them."""
    return {
        "hands": [game.hand(s) for s in range(game.num_players)],
        "talon": game.talon,
        "trump_card": game.trump_card,
        "attacker": game.attacker,
        "dealer": game.dealer,
        "defender": game.defender,
        "table": game.table_pairs(),
        "taking": game.taking,
        "passed": game.passed_seats(),
        "attack_limit": game.limit,
        "discard": game.observation(None)["discard"],
        "finished": list(game.finished),
        "known": game.observation(None)["known"],
        "trump_card_taken": game.trump_card_taken,
        "history": list(game.history),
    }


def redeal_hidden(parts: dict, seat: int, rng: random.Random) -> dict:
    """The same parts with the cards hidden from ``seat`` dealt again at random."""
    hands, talon, known = parts["hands"], parts["talon"], parts["known"]
    indicator_in_place = bool(talon) and not parts["trump_card_taken"]
    hidden_talon = talon[:-1] if indicator_in_place else list(talon)
    pool = [c for s, h in enumerate(hands) if s != seat for c in h if c not in known[s]]
    pool += hidden_talon
    rng.shuffle(pool)
    new_hands = []
    for s, hand in enumerate(hands):
        if s == seat:
            new_hands.append(list(hand))
            continue
        kept = [c for c in hand if c in known[s]]
        hidden = len(hand) - len(kept)
        new_hands.append(kept + pool[:hidden])
        del pool[:hidden]
    new_talon = pool + ([talon[-1]] if indicator_in_place else [])
    return {**parts, "hands": new_hands, "talon": new_talon}


def own_draws(game: DurakGame, seat: int) -> list[tuple[int, ...]]:
    """The cards ``seat`` drew from the talon, draw by draw, in the order they came."""
    return [e.cards for e in game.history if e.kind == DREW and e.seat == seat]


@settings(max_examples=60, deadline=None)
@given(seed=seeds, num_players=st.integers(min_value=2, max_value=6),
       stop=st.integers(min_value=0, max_value=90))
def test_information_worlds_a_seat_cannot_tell_apart_look_the_same_to_it_after_every_move(
        seed, num_players, stop):
    rng = random.Random(seed)
    game = DurakGame.new(num_players, SeededDealer(seed), rng.randrange(num_players))
    for _ in range(stop):
        if game.is_over():
            return
        game.apply(rng.choice(game.legal_actions()))
    seat = rng.randrange(num_players)
    parts = position_parts(game)
    one = DurakGame.from_parts(**parts)
    other = DurakGame.from_parts(**redeal_hidden(parts, seat, rng))
    assert other.observation(seat) == one.observation(seat)
    for _ in range(60):
        both = sorted(set(one.legal_actions()) & set(other.legal_actions()))
        if not both:
            return  # the game is over in both (a seat asked in both always may pass or take)
        action = rng.choice(both)
        one.apply(action)
        other.apply(action)
        if own_draws(one, seat) != own_draws(other, seat):
            return  # the seat drew different cards: from here it may tell the worlds apart
        assert other.observation(seat) == one.observation(seat)
