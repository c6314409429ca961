"""engine/chacha.py, the compiled build's shuffle arithmetic, is ChaCha20 and the same Fisher–Yates
as engine/shuffle.py's cipher path: the same seed deals the same deck on either build."""

from __future__ import annotations

import random

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms

from engine import compiled
from engine.cards import AZI_DECK, DURAK_DECK
from engine.chacha import keystream, shuffled_order
from engine.shuffle import SeededDealer, shuffled


def cipher_keystream(key: bytes, size: int) -> bytes:
    """The reference: the ``cryptography`` package's ChaCha20, nonce zero."""
    return Cipher(algorithms.ChaCha20(key, bytes(16)), mode=None).encryptor().update(bytes(size))


def test_the_keystream_of_the_all_zero_key_is_rfc_8439s():
    # RFC 8439, appendix A.1, test vector 1: key 0, nonce 0, block counter 0
    assert keystream(bytes(32), 64).hex() == (
        "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
        "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586")


def test_the_keystream_is_cryptographys_chacha20():
    rng = random.Random(1)
    for _ in range(40):
        key = rng.randbytes(32)
        assert keystream(key, 64 * 5) == cipher_keystream(key, 64 * 5)


def test_the_same_seed_gives_the_same_deck_as_the_cipher_path(monkeypatch):
    dealer = SeededDealer(11)
    for index in range(60):
        seed = dealer._seed(index)
        fast = [shuffled_order(deck, seed) for deck in (DURAK_DECK, AZI_DECK, range(256))]
        monkeypatch.setattr(compiled, "BUILD", "pure")  # shuffled() through the cipher
        assert fast == [shuffled(deck, seed) for deck in (DURAK_DECK, AZI_DECK, range(256))]
        monkeypatch.undo()


def test_known_seeds_still_deal_the_decks_they_always_dealt():
    # dealt by engine/shuffle.py before the compiled shuffle existed (main at 0b907f5)
    assert shuffled(DURAK_DECK, SeededDealer(1)._seed(0)) == [
        1, 0, 25, 24, 33, 7, 21, 8, 15, 32, 31, 13, 17, 18, 10, 11, 35, 19, 20, 34, 27, 22, 12, 14,
        4, 30, 3, 26, 28, 23, 2, 9, 16, 29, 6, 5]
    assert shuffled(AZI_DECK, SeededDealer(1)._seed(5)) == [
        6, 26, 18, 23, 2, 5, 21, 10, 19, 25, 20, 12, 9, 11, 0, 14, 7, 22, 13, 8, 1, 15, 16, 3, 4,
        24, 17]


def test_a_wrong_sized_seed_is_refused():
    with pytest.raises(ValueError, match="32 bytes"):
        shuffled_order(DURAK_DECK, bytes(31))
