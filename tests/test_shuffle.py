"""The shuffler: ChaCha20 keystream, unbiased Fisher–Yates, commit–reveal (azi.md §8, durak fairness)."""

import os
import random

import pytest

from engine.cards import AZI_DECK, DURAK_DECK
from engine.shuffle import (ChaChaStream, FixedDealer, SecureDealer, SeededDealer, commitment_of,
                            dealer_from_json, shuffled, verify_deal)


def _reference_shuffle(deck, seed):
    """Fisher–Yates driven by the general rejection sampler, to check the fast path."""
    stream = ChaChaStream(seed)
    order = list(deck)
    for i in range(len(order) - 1, 0, -1):
        j = stream.randbelow(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def test_a_shuffle_is_a_permutation_of_the_deck():
    for _ in range(50):
        assert sorted(shuffled(DURAK_DECK, os.urandom(32))) == list(DURAK_DECK)


def test_same_seed_gives_the_same_deck():
    seed = bytes(range(32))
    assert shuffled(DURAK_DECK, seed) == shuffled(DURAK_DECK, seed)
    assert shuffled(DURAK_DECK, seed) != shuffled(DURAK_DECK, bytes(31) + b"\1")


def test_fast_path_matches_the_general_rejection_sampler():
    for _ in range(100):
        seed = os.urandom(32)
        assert shuffled(AZI_DECK, seed) == _reference_shuffle(AZI_DECK, seed)


def test_randbelow_is_in_range_and_covers_it():
    stream = ChaChaStream(bytes(32))
    seen = {stream.randbelow(1000) for _ in range(20000)}
    assert min(seen) == 0 and max(seen) == 999 and len(seen) == 1000


def test_the_global_random_module_does_not_affect_a_seeded_deal():
    random.seed(1)
    first = SeededDealer(42).deal(DURAK_DECK).order
    random.seed(2)
    random.random()
    assert SeededDealer(42).deal(DURAK_DECK).order == first


def test_commitment_is_given_before_the_deal_and_the_revealed_seed_verifies():
    dealer = SecureDealer()
    promised = dealer.next_commitment()
    deal = dealer.deal(DURAK_DECK)
    assert deal.commitment == promised
    assert verify_deal(deal.seed_hex, promised, DURAK_DECK, deal.order)
    assert dealer.next_commitment() != promised  # a fresh seed for the next deal


def test_verify_rejects_a_wrong_seed_or_a_changed_order():
    deal = SecureDealer().deal(AZI_DECK)
    other = os.urandom(32).hex()
    assert not verify_deal(other, deal.commitment, AZI_DECK, deal.order)
    swapped = list(deal.order)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert not verify_deal(deal.seed_hex, deal.commitment, AZI_DECK, swapped)
    assert not verify_deal("not hex", deal.commitment, AZI_DECK, deal.order)


def test_seeded_dealer_commitment_matches_its_deal_and_round_trips_json():
    dealer = SeededDealer(7)
    dealer.deal(DURAK_DECK)
    restored = dealer_from_json(dealer.to_json())
    assert restored.next_commitment() == dealer.next_commitment()
    assert restored.deal(DURAK_DECK) == dealer.deal(DURAK_DECK)
    assert commitment_of(bytes.fromhex(SeededDealer(7).deal(AZI_DECK).seed_hex)) == SeededDealer(7).next_commitment()


def test_fixed_dealer_refuses_a_deck_that_is_not_the_games():
    with pytest.raises(ValueError):
        FixedDealer(list(range(35))).deal(DURAK_DECK)


@pytest.mark.parametrize("deck", [DURAK_DECK, AZI_DECK], ids=["durak36", "azi27"])
def test_card_by_position_is_uniform_chi_square(deck):
    """20,000 shuffles: every card is equally likely at every position (chi-square, p ≈ 1e-4)."""
    n = len(deck)
    shuffles = 20_000
    counts = [[0] * n for _ in range(n)]
    dealer = SeededDealer(b"chi-square")
    for _ in range(shuffles):
        for pos, card in enumerate(dealer.deal(deck).order):
            counts[card][pos] += 1
    expected = shuffles / n
    chi2 = sum((c - expected) ** 2 / expected for row in counts for c in row)
    dof = (n - 1) * (n - 1)
    # Wilson–Hilferty: the chi-square quantile at z = 3.72 (p ≈ 1e-4) for these degrees of freedom.
    z = 3.72
    critical = dof * (1 - 2 / (9 * dof) + z * (2 / (9 * dof)) ** 0.5) ** 3
    assert chi2 < critical, f"chi2={chi2:.0f} over {dof} dof exceeds {critical:.0f}"
    # And not suspiciously perfect either (a broken generator that cycles would be too even).
    low = dof * (1 - 2 / (9 * dof) - z * (2 / (9 * dof)) ** 0.5) ** 3
    assert chi2 > low


def test_choose_seat_is_reproducible_when_seeded_and_covers_every_seat():
    a, b = SeededDealer(3), SeededDealer(3)
    picks = [a.choose_seat([0, 1, 2, 3]) for _ in range(60)]
    assert picks == [b.choose_seat([0, 1, 2, 3]) for _ in range(60)]
    assert set(picks) == {0, 1, 2, 3}
    assert {SecureDealer().choose_seat([4, 5]) for _ in range(60)} == {4, 5}
