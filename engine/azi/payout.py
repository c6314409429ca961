"""Azi payout: the bank to the winner, capped for an all-in winner, in whole chips (§3, §6)."""

from __future__ import annotations

from collections.abc import Sequence


def apportion(total: int, weights: Sequence[int], tie_order: Sequence[int]) -> list[int]:
    """Split ``total`` whole chips in proportion to ``weights`` by the largest-remainder rule.

    Everyone first gets the whole part of his exact share; the chips left over go one each to
    the largest fractional parts, ties going to whoever comes first in ``tie_order`` (a list
    of every index). The parts always add up to ``total``.
    """
    weight_sum = sum(weights)
    shares = [total * w // weight_sum for w in weights]
    remainders = [total * w % weight_sum for w in weights]
    left = total - sum(shares)
    if left:
        # sorted() is stable, so equal remainders keep tie_order.
        for i in sorted(tie_order, key=lambda i: -remainders[i])[:left]:
            shares[i] += 1
    return shares


def split_bank(bank: int, stakes: Sequence[int], winner: int, capped: bool,
               claimants: Sequence[int]) -> list[int]:
    """Chips each seat receives from the bank when ``winner`` wins the game.

    Normally the winner takes the whole bank. When ``capped`` (he is all-in and won by tricks)
    he receives only ``bank × his_stake / highest_stake`` and the rest goes back to the
    ``claimants`` (the other players still in the game) in proportion to their stakes.
    Stakes are everything each seat has in this bank (for an azi game, including its part of
    the carried bank). Whole chips by the largest-remainder rule, ties to the winner first and
    then clockwise from him.
    """
    n = len(stakes)
    paid = [0] * n
    highest = max(stakes)
    own = stakes[winner]
    others = sum(stakes[s] for s in claimants)
    if not capped or own >= highest or others == 0:
        paid[winner] = bank
        return paid
    # Exact shares over the common denominator highest × others:
    #   winner: bank·own/highest = bank·own·others / D
    #   claimant i: bank·(highest − own)/highest · stake_i/others
    #             = bank·(highest − own)·stake_i / D
    weights = [0] * n
    weights[winner] = own * others
    for s in claimants:
        weights[s] = (highest - own) * stakes[s]
    return apportion(bank, weights, [(winner + k) % n for k in range(n)])
