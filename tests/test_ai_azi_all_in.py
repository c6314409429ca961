"""Azi computer players keep their chips on the first hand of a full table, blind or not.

A newcomer saw three Normal players go all-in with 1,000 chips on the first hand of a
six-player blind table. Blind bets cost half, which made unseen raises look cheap; a raising
war then ran every stack in. These tests play the first game of many six-player sessions for
each level and count the seats that went all-in, how many did it without looking, and the
chips those seats lost.
"""

import random
from dataclasses import dataclass

import pytest

from ai.azi.ai import make_azi_player
from engine.azi import AziOptions, AziSession
from engine.shuffle import SeededDealer

SESSIONS = 24
PLAYERS = 6
TINY_BUDGET = 0.001  # Hard does its minimum work: fast, and free of any clock effect


@dataclass
class AllInCount:
    """What the first games of a level's sessions showed."""

    seats: int = 0  # seats that played a first game
    all_in: int = 0  # of them, seats whose stack reached zero in that game's bidding
    blind_all_in: int = 0  # of them, seats that had not looked at their cards
    chips_lost: int = 0  # what the all-in seats lost in that game


def first_games(level: str, blind: bool) -> AllInCount:
    """Play the first game of ``SESSIONS`` six-seat sessions, every seat at ``level``."""
    count = AllInCount()
    for index in range(SESSIONS):
        session = AziSession.new(AziOptions(num_players=PLAYERS, blind_bets=blind),
                                 SeededDealer(f"all-in:{level}:{blind}:{index}"))
        players = [make_azi_player(level, random.Random(f"{index}:{seat}"), TINY_BUDGET)
                   for seat in range(PLAYERS)]
        start = list(session.observation(0)["stacks"])
        went_all_in: set[int] = set()
        while session.to_move is not None and session.game_number == 1:
            seat = session.to_move
            observation = session.observation(seat)
            session.apply(players[seat].choose(observation, session.legal_actions()))
            after = session.observation(seat)
            if (observation["phase"] == "bidding" and after["stacks"][seat] == 0
                    and seat not in went_all_in):
                went_all_in.add(seat)
                count.blind_all_in += not observation["looked"][seat]
        end = session.observation(0)["stacks"]
        count.seats += PLAYERS
        count.all_in += len(went_all_in)
        count.chips_lost += sum(max(0, start[s] - end[s]) for s in went_all_in)
    return count


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_nobody_bets_his_stack_blind(level):
    """Looking is free: a player who has not seen his cards never puts his last chip in."""
    assert first_games(level, blind=True).blind_all_in == 0


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("blind", [True, False], ids=["blind", "open"])
def test_a_first_hand_rarely_costs_a_whole_stack(level, blind):
    """At most one seat in twenty goes all-in on a first hand, and it loses little on average."""
    count = first_games(level, blind)
    assert count.all_in <= count.seats // 20, count
    assert count.chips_lost <= 1000 * max(1, count.all_in) // 2 + 1000, count
