"""The arena's yardstick (a textbook SO-ISMCTS) and its driver: legal, honest, reproducible.

- A determinization keeps every public fact of the seat's observation: its own hand, the hand
  sizes, the publicly known cards, the table, the discard pile and the trump indicator.
- Every decision of the yardstick is legal, and a search bounded by iterations is reproducible.
- The arena plays a pairing on one deal twice with the seats swapped and prints its figures.
- Azi matches played over several processes are the same matches; a paired run plays them as
  is and with a lever of Hard, which it pulls in its worker processes only.
"""

import random

from bench.arena import main, play_durak_pair
from bench.ismcts import TextbookISMCTS, determinize
from engine.durak import DurakGame
from engine.shuffle import SeededDealer


def _midgame(deal: int, moves: int) -> DurakGame:
    game = DurakGame.new(2, SeededDealer(deal))
    rng = random.Random(deal)
    for _ in range(moves):
        if game.to_move is None:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_determinization_keeps_every_public_fact_of_the_observation():
    for deal in range(30):
        game = _midgame(deal, deal * 3)
        if game.to_move is None:
            continue
        seat = game.to_move
        obs = game.observation(seat)
        world = determinize(obs, random.Random(deal))
        seen = world.observation(seat)
        for key in ("hand", "hand_sizes", "known", "table", "discard", "talon_size", "to_move",
                    "trump_card", "trump_card_taken", "attacker", "defender", "passed"):
            assert seen[key] == obs[key], key
        assert world.legal_actions() == game.legal_actions()


def test_the_yardsticks_decisions_are_legal_and_reproducible_with_fixed_iterations():
    def play(seed: int) -> list[int]:
        game = DurakGame.new(2, SeededDealer(7))
        players = [TextbookISMCTS(random.Random(seed + s), None, iterations=20) for s in (0, 1)]
        actions = []
        while game.to_move is not None:
            legal = game.legal_actions()
            action = players[game.to_move].choose(game.observation(game.to_move), legal)
            assert action in legal
            game.apply(action)
            actions.append(action)
        return actions

    assert play(3) == play(3)


def test_a_pair_of_arena_games_swaps_the_seats_on_one_deal():
    from ai.base import make_player

    seats_seen: list[tuple[str, int]] = []

    class Recording:
        def __init__(self, level, rng):
            self.level, self.inner = level, make_player("durak", level, rng)

        def choose(self, observation, legal):
            seats_seen.append((self.level, observation["seat"]))
            return self.inner.choose(observation, legal)

    for index in (0, 1):
        seats_seen.clear()
        record = play_durak_pair(("normal", "easy"), index, 5, 0.01,
                                 make=lambda level, rng, budget: Recording(level, rng))
        assert record["outcome"] in ("win", "loss", "draw")
        assert {seat for level, seat in seats_seen if level == "normal"} == {index}


def test_the_arena_prints_one_row_per_pairing(capsys):
    assert main(["--pairings", "durak-normal-easy", "--games", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "durak-normal-easy" in out and "95% interval" in out


def test_azi_matches_played_in_parallel_are_the_same_matches():
    from dataclasses import replace

    from bench.arena_azi import play_matches
    from tools.simulate import Config

    config = Config(game="azi", players=3, seats=("hard", "normal", "normal"), games=3, seed=4,
                    budget=0.001, azi_games=2)
    alone = play_matches(config, None, True, lambda done: None)
    together = play_matches(replace(config, jobs=2), None, True, lambda done: None)
    assert [(r["chips"], r["games"]) for r in alone] == [(r["chips"], r["games"]) for r in together]


def test_a_paired_azi_run_prints_the_levers_gain_over_the_same_matches(capsys):
    from ai.azi.ai import HardAzi

    settings = dict(vars(HardAzi))
    assert main(["--pairings", "azi-hard-normal", "--matches", "3", "--azi-games", "2",
                 "--budget", "0.001", "--lever", "reraise", "--paired", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "gain/game" in out and "reraise:" in out and "on the same 3 matches" in out
    assert dict(vars(HardAzi)) == settings  # levers are pulled in the worker processes only



def test_a_run_continued_from_a_later_game_adds_up_to_one_longer_run():
    from bench.arena import run_durak

    def counts(games, first=0):
        lines: list[str] = []
        row = run_durak(("normal", "easy"), games, 7, 0.01, lines.append, first=first)
        return (row["wins"], row["losses"], row["draws"]), lines

    whole, _ = counts(4)
    head, _ = counts(2)
    tail, lines = counts(2, first=2)
    assert [a + b for a, b in zip(head, tail, strict=True)] == list(whole)
    assert "(game 2)" in lines[0] and "(game 3)" in lines[1]
