"""Hard's bid judge: how it expects the opponents behind it to answer a bet it leads."""

import random

from test_ai_azi_parts import stacked

from ai.azi.betting import Bid, BidJudge
from ai.azi.deals import sample_deal
from ai.azi.view import read_view
from engine.azi import BET_BASE, FOLD


def opening_values(hand: str, level: int, loose: float) -> dict[int, float]:
    """Seat 0's value of each opening bid when the two players behind it raise back (strong
    hands always, any hand in a ``loose`` share of the guesses) and it folds a hand not worth
    matching them."""
    game = stacked([hand, "6H 7H 8H", "9S 10S JS"], "QD")
    view = read_view(game.observation(0))
    deals = [sample_deal(view, random.Random(k)) for k in range(200)]
    assert BET_BASE + level in game.legal_actions()
    bids = [Bid(FOLD, 0, 0, -1), Bid(BET_BASE + level, level, level, 0)]  # seat 0 would lead
    judge = BidJudge(view, deals, False, reraises=True, refolds=True, loose_raises=loose)
    return judge.expected(bids)


def test_a_weak_opening_is_worth_less_when_cheap_raises_back_come_on_any_hand():
    strict = opening_values("6S 7S 9H", 10, 0.0)[BET_BASE + 10]
    loose = opening_values("6S 7S 9H", 10, 0.5)[BET_BASE + 10]
    assert loose < strict - 2  # raised back by junk, the junk opener gives up his bet


def test_the_top_trumps_still_open_and_a_loose_raise_back_only_feeds_the_bank():
    strict = opening_values("AD KD JD", 10, 0.0)[BET_BASE + 10]
    loose = opening_values("AD KD JD", 10, 0.5)[BET_BASE + 10]
    assert loose > strict > 0


def test_nobody_is_expected_to_raise_back_on_anything_once_it_would_stake_much():
    # An opening bet of 400 asks the others for 40% of their chips: only strong hands answer it.
    assert opening_values("6S 7S 9H", 400, 0.5) == opening_values("6S 7S 9H", 400, 0.0)


def test_hard_weighs_raising_by_two_banks_normal_by_half_a_bank_at_most():
    from ai.azi.ai import HardAzi, NormalAzi
    from ai.azi.betting import candidates

    game = stacked(["AD KD JD", "6H 7H 8H", "9S 10S JS"], "QD")
    view = read_view(game.observation(0))
    bank = view.obs["bank"]

    def biggest(sizes: int) -> int:
        return max(b.level for b in candidates(view, game.legal_actions(), False, sizes))

    assert biggest(HardAzi.raise_sizes) >= 2 * bank > biggest(NormalAzi.raise_sizes)
