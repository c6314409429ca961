"""Durak computer players (rules page, "AI levels"): legal, reproducible and honest.

- Every decision of every level is one of the legal actions, at tables of 2 to 6.
- The same seed gives the same decisions.
- The AI uses only its own hand, the public cards and the permitted history: re-dealing the
  cards hidden from it (opponents' unknown cards, the talon order) never changes its choice.
"""

import random

import pytest

from ai.base import make_player
from ai.durak.ai import EasyPlayer, NormalPlayer, make_durak_player
from ai.durak.search import HardPlayer
from engine.durak import TAKE, DurakGame
from engine.shuffle import SeededDealer


def _tiny_hard(seed: int) -> HardPlayer:
    """A Hard player bounded by work, not the clock, so its decisions are reproducible."""
    return HardPlayer(random.Random(seed), time_budget=None, max_worlds=3, solver_nodes=3000)


def _play(players, n: int, deal: int) -> list[int]:
    """Play one game; every decision must be legal. Returns the actions taken."""
    game = DurakGame.new(n, SeededDealer(deal), dealer_seat=deal % n)
    actions = []
    while not game.is_over():
        seat = game.to_move
        legal = game.legal_actions()
        action = players[seat].choose(game.observation(seat), legal)
        assert action in legal
        game.apply(action)
        actions.append(action)
    return actions


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_every_easy_and_normal_decision_is_legal_at_tables_of_two_to_six(level):
    for deal in range(40):
        n = 2 + deal % 5
        players = [make_durak_player(level, random.Random(deal * 7 + s)) for s in range(n)]
        _play(players, n, deal)


def test_every_hard_decision_is_legal_at_tables_of_two_to_six():
    for deal in range(10):
        n = 2 + deal % 5
        players = [_tiny_hard(deal * 7 + s) if s % 2 == 0 else NormalPlayer(random.Random(s))
                   for s in range(n)]
        _play(players, n, 100 + deal)


def test_the_same_seed_gives_the_same_decisions():
    first = _play([_tiny_hard(1), _tiny_hard(2), _tiny_hard(3)], 3, 42)
    second = _play([_tiny_hard(1), _tiny_hard(2), _tiny_hard(3)], 3, 42)
    assert first == second


def _redealt(game: DurakGame, seat: int, rng: random.Random) -> DurakGame:
    """The same position with every card hidden from ``seat`` dealt again at random."""
    obs = game.observation(seat)
    n = game.num_players
    known = [set(k) for k in obs["known"]]
    indicator_in_talon = obs["talon_size"] > 0 and not obs["trump_card_taken"]
    hidden = [c for s in range(n) if s != seat for c in game.hand(s) if c not in known[s]]
    talon = list(game.talon)
    if indicator_in_talon:
        talon.pop()
    hidden += talon
    rng.shuffle(hidden)
    hands = []
    for s in range(n):
        if s == seat:
            hands.append(game.hand(s))
            continue
        count = len(game.hand(s)) - len(known[s] & set(game.hand(s)))
        hands.append(sorted(known[s] & set(game.hand(s))) + hidden[:count])
        hidden = hidden[count:]
    new_talon = hidden + ([obs["trump_card"]] if indicator_in_talon else [])
    return DurakGame.from_parts(hands, new_talon, obs["trump_card"], obs["attacker"],
                                dealer=obs["dealer"], defender=obs["defender"], table=obs["table"],
                                taking=obs["taking"], passed=obs["passed"],
                                attack_limit=obs["attack_limit"], discard=obs["discard"],
                                finished=obs["finished"], known=obs["known"],
                                trump_card_taken=obs["trump_card_taken"], history=game.history)


def _positions(count: int, rng: random.Random):
    """Positions from games of 2–6 Normal players, at random moments with a real choice."""
    found = 0
    deal = 0
    while found < count:
        deal += 1
        n = 2 + deal % 5
        game = DurakGame.new(n, SeededDealer(500 + deal), dealer_seat=deal % n)
        players = [NormalPlayer(random.Random(s)) for s in range(n)]
        stop = rng.randrange(5, 90)
        for _ in range(stop):
            if game.is_over():
                break
            seat = game.to_move
            game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))
        if not game.is_over() and len(game.legal_actions()) > 1:
            found += 1
            yield game


def test_redealing_the_cards_hidden_from_a_player_never_changes_its_decision():
    rng = random.Random(99)
    for game in _positions(40, rng):
        seat = game.to_move
        obs = game.observation(seat)
        legal = game.legal_actions()
        for _ in range(2):
            other = _redealt(game, seat, rng)
            assert other.observation(seat) == obs  # the premise: nothing visible changed
            assert other.legal_actions() == legal
            for make in (lambda: EasyPlayer(random.Random(5)),
                         lambda: NormalPlayer(random.Random(5)), lambda: _tiny_hard(5)):
                assert make().choose(other.observation(seat), legal) == make().choose(obs, legal)


def test_make_player_builds_each_level_and_refuses_unknown_ones():
    rng = random.Random(0)
    assert isinstance(make_player("durak", "easy", rng), EasyPlayer)
    assert isinstance(make_player("durak", "normal", rng), NormalPlayer)
    hard = make_player("durak", "hard", rng, 0.2)
    assert isinstance(hard, HardPlayer) and hard.time_budget == 0.2
    with pytest.raises(ValueError):
        make_durak_player("expert", rng)


def test_easy_defends_with_the_lowest_card_that_beats():
    # Trump hearts; 7♠ led; the defender holds 9♠, K♠ and 6♥ (a trump): the 9♠ is lowest.
    from engine.durak.stacked import stacked

    game = stacked(["AD 8D", "9S KS 6H"], "AH", 0, talon="6C 7C", table=[["7S", -1]])
    obs = game.observation(1)
    assert EasyPlayer(random.Random(0)).choose(obs, game.legal_actions()) == 3  # 9♠


def test_normal_saves_a_high_trump_and_takes_a_single_cheap_card_early():
    # Trump hearts; the lead is 6♠; the defender's only beater is the A♥; the talon is long.
    from engine.durak.stacked import stacked

    talon = "6C 7C 8C 9C 10C JC QC KC AC 7S 9S 10S"
    game = stacked(["6D 8S", "AH 9D 10D JD QD KD"], "6H", 0, talon=talon, table=[["6S", -1]])
    assert NormalPlayer(random.Random(0)).choose(game.observation(1), game.legal_actions()) == TAKE


def test_hard_finds_the_forced_win_in_the_heads_up_endgame():
    # Trump spades, talon empty. Hard attacks holding A♠ and 6♥ against 7♥ 8♥. Leading the
    # low 6♥ only draws; leading A♠ forces a take, then 6♥ is beaten and Hard is out: a win.
    from engine.durak.stacked import stacked

    game = stacked(["AS 6H", "7H 8H"], "6S", 0)
    assert game.legal_actions() == [8, 9]
    assert NormalPlayer(random.Random(0)).choose(game.observation(0), game.legal_actions()) == 9
    assert _tiny_hard(0).choose(game.observation(0), game.legal_actions()) == 8


def test_leaving_6_normal_players_going_round_in_circles_end_in_a_draw_by_repetition():
    # Deal 22107 at six seats once sent six Normal players round in circles for ever (the cards
    # left cannot beat each other); the repetition rule now ends it with nobody the Durak.
    game = DurakGame.new(6, SeededDealer(22107))
    players = [NormalPlayer(random.Random(s)) for s in range(6)]
    for _ in range(2000):
        if game.is_over():
            break
        seat = game.to_move
        game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))
    result = game.result()
    assert result["repetition"] and result["draw"] and result["durak"] is None
    still_holding = [s for s in range(6) if s not in result["finishing_order"]]
    assert still_holding and {result["places"][s] for s in still_holding} == {
        len(result["finishing_order"]) + 1}
