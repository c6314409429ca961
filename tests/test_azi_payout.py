"""Azi §6 Payout (docs/rules/azi.md): whole chips, the all-in cap, the largest-remainder rule."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.azi.payout import apportion, split_bank


def test_the_winner_receives_the_whole_bank():
    assert split_bank(100, [30, 40, 30], winner=0, capped=False, claimants=[1, 2]) == [100, 0, 0]


def test_an_all_in_winner_with_the_highest_stake_still_takes_everything():
    assert split_bank(90, [30, 30, 30], winner=1, capped=True, claimants=[0, 2]) == [0, 90, 0]


def test_an_all_in_winner_gets_bank_times_stake_over_highest_and_the_rest_goes_back():
    # 150 × 20/80 = 37.5 to him; 112.5 back to seats 1 and 2 in proportion 80 : 50.
    assert split_bank(150, [20, 80, 50], winner=0, capped=True, claimants=[1, 2]) == [38, 69, 43]


def test_largest_remainder_gives_the_left_over_chips_to_the_biggest_fractions():
    assert apportion(10, [1, 1, 1], [0, 1, 2]) == [4, 3, 3]
    assert apportion(10, [1, 1, 1], [2, 0, 1]) == [3, 3, 4]  # ties follow the order given
    assert apportion(7, [5, 3, 2], [0, 1, 2]) == [4, 2, 1]  # 3.5, 2.1, 1.4


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.integers(0, 500), min_size=2, max_size=6), st.data())
def test_a_split_is_whole_chips_that_add_up_to_the_bank(bank, stakes, data):
    n = len(stakes)
    winner = data.draw(st.integers(0, n - 1))
    stakes[winner] = max(stakes[winner], 1)
    claimants = [s for s in range(n) if s != winner and data.draw(st.booleans())]
    paid = split_bank(bank, stakes, winner, data.draw(st.booleans()), claimants)
    assert sum(paid) == bank and all(p >= 0 for p in paid)
    assert all(paid[s] == 0 for s in range(n) if s != winner and s not in claimants)
