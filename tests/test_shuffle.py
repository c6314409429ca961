"""The shuffler: ChaCha20 keystream, unbiased Fisher–Yates, commit–reveal (azi.md §8, durak)."""

import os
import random

import pytest

from engine.cards import AZI_DECK, DURAK_DECK
from engine.dealers import dealer_from_json
from engine.shuffle import (
    ChaChaStream,
    FixedDealer,
    SecureDealer,
    SeededDealer,
    commitment_of,
    drawn_seat,
    shuffled,
    verify_deal,
)


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
    revealed = bytes.fromhex(SeededDealer(7).deal(AZI_DECK).seed_hex)
    assert commitment_of(revealed) == SeededDealer(7).next_commitment()


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


def _chi_square_critical(dof: int, z: float) -> float:
    """Wilson–Hilferty: the chi-square quantile at ``z`` standard deviations."""
    return dof * (1 - 2 / (9 * dof) + z * (2 / (9 * dof)) ** 0.5) ** 3


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_a_seat_draw_is_uniform_over_the_seats_chi_square(seats):
    """12,000 seeds: every seat is drawn equally often (chi-square, p ≈ 1e-4 each side)."""
    draws = 12_000
    counts = [0] * seats
    for i in range(draws):
        seed = commitment_of(b"seat-draw" + i.to_bytes(4, "big"))  # any 32 bytes will do
        counts[drawn_seat(bytes.fromhex(seed), range(seats))] += 1
    expected = draws / seats
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < _chi_square_critical(seats - 1, 3.72), counts


def test_a_seat_draw_comes_from_the_next_deals_seed_and_uses_none_up():
    dealer = SeededDealer(3)
    seat = dealer.draw_seat([0, 1, 2, 3])
    assert dealer.draw_seat([0, 1, 2, 3]) == seat  # asking twice draws the same seat
    deal = dealer.deal(DURAK_DECK)
    assert seat == drawn_seat(bytes.fromhex(deal.seed_hex), [0, 1, 2, 3])
    assert deal.order == SeededDealer(3).deal(DURAK_DECK).order  # the draw took no seed


def test_a_secure_dealers_draw_is_proved_by_the_seed_it_then_reveals():
    for _ in range(20):
        dealer = SecureDealer()
        seat = dealer.draw_seat([1, 3, 4])
        assert seat == drawn_seat(bytes.fromhex(dealer.deal(AZI_DECK).seed_hex), [1, 3, 4])


def test_a_seat_draw_is_independent_of_the_deck_it_shares_a_seed_with():
    """4,000 seeds: the seat drawn does not lean on the top card's suit (chi-square of a 4×3
    table, p ≈ 1e-4): the draw's stream is keyed apart from the shuffle's."""
    counts = [[0] * 3 for _ in range(4)]
    for i in range(4_000):
        seed = bytes.fromhex(commitment_of(b"independent" + i.to_bytes(4, "big")))
        counts[shuffled(DURAK_DECK, seed)[0] // 9][drawn_seat(seed, range(3))] += 1
    total = sum(map(sum, counts))
    rows = [sum(r) for r in counts]
    cols = [sum(r[c] for r in counts) for c in range(3)]
    chi2 = sum((counts[r][c] - rows[r] * cols[c] / total) ** 2 / (rows[r] * cols[c] / total)
               for r in range(4) for c in range(3))
    assert chi2 < _chi_square_critical(6, 3.72), counts


def test_a_fixed_dealer_serves_its_fixed_seat_draws_then_the_first_seat():
    dealer = FixedDealer(list(DURAK_DECK), seats=[2])
    assert dealer.draw_seat([0, 1, 2]) == 2
    assert dealer.draw_seat([0, 1, 2]) == 0
    with pytest.raises(ValueError, match="seat 5, which is not among"):
        FixedDealer(seats=[5]).draw_seat([0, 1])
    assert dealer_from_json(FixedDealer(seats=[1, 0]).to_json()).draw_seat([0, 1]) == 1
