"""The AI's trick context follows rules page §2/§4; Hard's exact solver equals plain enumeration."""

import random

from ai.azi.solver import AZI_SHARE, TrickSolver
from ai.azi.tricks import follow_options, trick_context, winning_index
from engine.cards import parse_cards

SPADES = 0


def test_highest_trump_wins_the_trick():
    ctx = trick_context(SPADES, False)
    assert winning_index(parse_cards("AH 6S 7S"), ctx) == 2


def test_without_trumps_the_highest_card_of_the_led_suit_wins():
    ctx = trick_context(SPADES, False)
    assert winning_index(parse_cards("9H AD 10H"), ctx) == 2


def test_six_on_stage_beats_the_ace_of_trumps():
    ctx = trick_context(SPADES, True)
    assert winning_index(parse_cards("AS 6S"), ctx) == 1


def test_without_six_on_stage_the_six_of_trumps_is_the_lowest_trump():
    ctx = trick_context(SPADES, False)
    assert winning_index(parse_cards("AS 6S"), ctx) == 0


def _enumerate(hands, leader, wins, trick, ctx, root):
    """Max-n by plain enumeration of every legal card at every turn (no shortcuts)."""
    m = len(hands)
    pos = (leader + len(trick)) % m
    led = trick[0] // 9 if trick else -1
    best = None
    for card in follow_options(hands[pos], led, ctx[0]):
        rest = list(hands)
        rest[pos] = tuple(c for c in rest[pos] if c != card)
        played = trick + (card,)
        if len(played) < m:
            value = _enumerate(tuple(rest), leader, wins, played, ctx, root)
        else:
            taker = (leader + winning_index(played, ctx)) % m
            won = list(wins)
            won[taker] += 1
            if won[taker] == 2:
                value = tuple(1.0 if i == taker else 0.0 for i in range(m))
            elif not rest[0]:
                value = tuple(AZI_SHARE if w else 0.0 for w in won)
            else:
                value = _enumerate(tuple(rest), taker, tuple(won), (), ctx, root)
        if (best is None or value[pos] > best[pos]
                or (value[pos] == best[pos] and value[root] < best[root])):
            best = value
    return best


def _random_position(rng, players):
    deck = list(range(27))
    rng.shuffle(deck)
    turned = deck.pop()
    ctx = trick_context(turned // 9, turned % 9 == 8)
    hands = [sorted(deck[3 * i:3 * i + 3]) for i in range(players)]
    return ctx, hands


def test_solver_agrees_with_plain_enumeration_on_random_deals():
    rng = random.Random(7)
    for players in (2, 3, 3, 4, 5):
        for _ in range(25):
            ctx, hands = _random_position(rng, players)
            root, leader = rng.randrange(players), rng.randrange(players)
            solver = TrickSolver(ctx, root, players)
            hands_t = tuple(tuple(h) for h in hands)
            assert solver.value(hands_t, leader, (0,) * players) == \
                _enumerate(hands_t, leader, (0,) * players, (), ctx, root)


def test_solver_card_values_agree_with_enumeration_mid_trick():
    rng = random.Random(11)
    for _ in range(60):
        players = rng.choice((2, 3, 4))
        ctx, hands = _random_position(rng, players)
        leader = rng.randrange(players)
        # Play one random legal card for the first player(s) so the search starts mid-trick.
        trick: tuple[int, ...] = ()
        for k in range(rng.randrange(players)):
            pos = (leader + k) % players
            card = rng.choice(follow_options(hands[pos], trick[0] // 9 if trick else -1, ctx[0]))
            hands[pos].remove(card)
            trick += (card,)
        root = (leader + len(trick)) % players
        solver = TrickSolver(ctx, root, players)
        hands_t = tuple(tuple(h) for h in hands)
        values = solver.card_values(hands_t, leader, (0,) * players, trick)
        for card, value in values.items():
            rest = list(hands_t)
            rest[root] = tuple(c for c in rest[root] if c != card)
            played = trick + (card,)
            if len(played) < players:
                expected = _enumerate(tuple(rest), leader, (0,) * players, played, ctx, root)[root]
            else:
                taker = (leader + winning_index(played, ctx)) % players
                won = [0] * players
                won[taker] = 1
                expected = _enumerate(tuple(rest), taker, tuple(won), (), ctx, root)[root]
            assert value == expected
