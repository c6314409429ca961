"""The heads-up endgame solver (ai/durak/solver.py) against plain minimax over the engine.

Rules page, AI levels: Hard "plans the endgame once the talon is empty". With two players and
nothing hidden the solver must give every move its exact value, and that value must be what
a brute-force search over ``DurakGame.legal_actions``/``apply`` finds.
"""

import random

import pytest

from ai.durak.bits import mask_of
from ai.durak.solver import PASS, TAKE, EndgameSolver, HeadsUp, SearchAborted
from engine.durak import DurakGame


def _brute_value(game: DurakGame, me: int, memo: dict) -> int:
    """+1 when ``me`` is not the Durak, 0 for a draw, -1 when it is: plain minimax, memoised."""
    if game.is_over():
        durak = game.result()["durak"]
        return 0 if durak is None else (-1 if durak == me else 1)
    key = (tuple(tuple(game.hand(s)) for s in range(2)), tuple(map(tuple, game.table_pairs())),
           game.taking, game.attacker, game.to_move, len(game.talon))
    if key in memo:
        return memo[key]
    values = []
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        values.append(_brute_value(child, me, memo))
    value = max(values) if game.to_move == me else min(values)
    memo[key] = value
    return value


def _position(game: DurakGame) -> HeadsUp:
    """The solver's description of a heads-up engine position (from the mover's observation)."""
    obs = game.observation(game.to_move)
    a, d = obs["attacker"], obs["defender"]
    table = obs["table"]
    taking = obs["taking"]
    unbeaten = table[-1][0] if table and table[-1][1] < 0 and not taking else -1
    talon = (obs["trump_card"],) if obs["talon_size"] else ()
    table_mask = mask_of(c for pair in table for c in pair)
    return HeadsUp(obs["trump_suit"], mask_of(game.hand(a)), mask_of(game.hand(d)), table_mask,
                   len(table), unbeaten, taking, obs["attack_limit"], talon)


def _random_endgame(rng: random.Random, max_cards: int, max_total: int = 12) -> DurakGame:
    """Two hands of 1..max_cards, talon empty or only the indicator, then a few random moves."""
    cards = list(range(36))
    rng.shuffle(cards)
    na, nd = rng.randint(1, max_cards), rng.randint(1, max_cards)
    while na + nd > max_total:
        na, nd = rng.randint(1, max_cards), rng.randint(1, max_cards)
    hands = [cards[:na], cards[na:na + nd]]
    talon = [cards[na + nd]] if rng.random() < 0.3 else []
    trump_card = talon[0] if talon else cards[-1]
    rest = cards[na + nd + len(talon):]
    game = DurakGame.from_parts(hands, talon, trump_card, rng.randrange(2), discard=rest)
    for _ in range(rng.randrange(4)):
        if game.is_over() or len(game.legal_actions()) == 0:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_solver_move_values_agree_with_brute_force_on_random_small_endgames():
    rng = random.Random(20260)
    checked = 0
    while checked < 300:
        game = _random_endgame(rng, 4, 6)
        if game.is_over():
            continue
        me = game.to_move
        memo: dict = {}
        expected = {}
        for action in game.legal_actions():
            child = game.clone()
            child.apply(action)
            expected[action] = _brute_value(child, me, memo)
        pos = _position(game)
        solver = EndgameSolver(pos.trump, pos.talon)
        assert solver.move_values(pos) == expected, game.to_json()
        checked += 1


def test_solver_offers_exactly_the_engine_legal_actions():
    rng = random.Random(7)
    for _ in range(60):
        game = _random_endgame(rng, 5)
        if game.is_over():
            continue
        pos = _position(game)
        solver = EndgameSolver(pos.trump, pos.talon)
        assert sorted(solver.move_values(pos)) == game.legal_actions()


def test_an_attacker_with_cards_the_defender_cannot_beat_wins():
    # Trump spades (suit 0). Attacker holds the ace of spades only; the defender has two cards.
    solver = EndgameSolver(0)
    ace_of_trumps = 8
    pos = HeadsUp(0, mask_of([ace_of_trumps]), mask_of([9, 10]))
    assert solver.move_values(pos) == {ace_of_trumps: 1}


def test_beating_the_last_card_with_the_last_card_is_a_draw():
    # Trump spades. Attacker leads 6 hearts (9), the defender's only card 7 hearts (10) beats it.
    solver = EndgameSolver(0)
    pos = HeadsUp(0, 0, mask_of([10]), table=mask_of([9]), attacks=1, unbeaten=9, limit=1)
    assert solver.move_values(pos) == {10: 0, TAKE: -1}


def test_the_attacker_may_pass_or_throw_in_a_rank_on_the_table():
    # Table: 6♥ beaten by 7♥; the attacker holds 6♦ (a rank on the table) and A♣.
    solver = EndgameSolver(0)
    pos = HeadsUp(0, mask_of([18, 35]), mask_of([11, 12]), table=mask_of([9, 10]), attacks=1,
                  limit=3)
    assert set(solver.move_values(pos)) == {18, PASS}


def test_the_solver_stops_when_its_node_budget_runs_out():
    rng = random.Random(3)
    cards = list(range(36))
    rng.shuffle(cards)
    solver = EndgameSolver(0, node_limit=2000)
    with pytest.raises(SearchAborted):
        solver.battle_value(mask_of(cards[:12]), mask_of(cards[12:24]))
