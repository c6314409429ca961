"""The shuffle's arithmetic for the compiled build: the ChaCha20 keystream (RFC 8439, section 2.3)
and the Fisher–Yates draw on ints, so a deal needs no cipher object and no per-card objects.

engine/shuffle.py deals with :func:`shuffled_order` when this module is compiled
(engine/compiled.py); the pure-Python build keeps the ``cryptography`` cipher there, which is
faster than this arithmetic run by the interpreter. Both give the same keystream and so the same
deck for the same seed: tests/test_chacha.py checks this module against ``cryptography`` (and
the RFC's test vector) on either build. The key is the deal's 32-byte seed, the 16-byte nonce
all zeros (block counter 0 first, as engine/shuffle.py's stream), the state's words are 32-bit,
held in native 64-bit ints (``i64``) by the compiled build and masked after each addition.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # a native int to mypyc; only an annotation (so a plain int) when run pure
    from mypy_extensions import i64

M32: Final = 0xFFFFFFFF
SEED_BYTES: Final = 32


def key_words(key: bytes) -> list[int]:
    """A 32-byte key as ChaCha20's eight little-endian 32-bit words."""
    return [key[i] | key[i + 1] << 8 | key[i + 2] << 16 | key[i + 3] << 24
            for i in range(0, SEED_BYTES, 4)]


def chacha20_block(key: list[int], counter: int) -> list[int]:
    """The 64 keystream bytes of block ``counter`` (nonce zero), as sixteen 32-bit words.

    Byte ``b`` of the block is ``words[b // 4] >> 8 * (b % 4) & 255`` (little-endian).
    """
    k0: i64 = key[0]
    k1: i64 = key[1]
    k2: i64 = key[2]
    k3: i64 = key[3]
    k4: i64 = key[4]
    k5: i64 = key[5]
    k6: i64 = key[6]
    k7: i64 = key[7]
    c: i64 = counter
    # the state: "expand 32-byte k", the key, the counter and the (zero) nonce
    x0: i64 = 0x61707865
    x1: i64 = 0x3320646E
    x2: i64 = 0x79622D32
    x3: i64 = 0x6B206574
    x4, x5, x6, x7, x8, x9, x10, x11 = k0, k1, k2, k3, k4, k5, k6, k7
    x12: i64 = c
    x13: i64 = 0
    x14: i64 = 0
    x15: i64 = 0
    for _ in range(10):  # 20 rounds: a column round and a diagonal round each time
        # quarter rounds (0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15)
        x0 = x0 + x4 & M32; x12 ^= x0; x12 = (x12 << 16 | x12 >> 16) & M32  # noqa: E702
        x8 = x8 + x12 & M32; x4 ^= x8; x4 = (x4 << 12 | x4 >> 20) & M32  # noqa: E702
        x0 = x0 + x4 & M32; x12 ^= x0; x12 = (x12 << 8 | x12 >> 24) & M32  # noqa: E702
        x8 = x8 + x12 & M32; x4 ^= x8; x4 = (x4 << 7 | x4 >> 25) & M32  # noqa: E702
        x1 = x1 + x5 & M32; x13 ^= x1; x13 = (x13 << 16 | x13 >> 16) & M32  # noqa: E702
        x9 = x9 + x13 & M32; x5 ^= x9; x5 = (x5 << 12 | x5 >> 20) & M32  # noqa: E702
        x1 = x1 + x5 & M32; x13 ^= x1; x13 = (x13 << 8 | x13 >> 24) & M32  # noqa: E702
        x9 = x9 + x13 & M32; x5 ^= x9; x5 = (x5 << 7 | x5 >> 25) & M32  # noqa: E702
        x2 = x2 + x6 & M32; x14 ^= x2; x14 = (x14 << 16 | x14 >> 16) & M32  # noqa: E702
        x10 = x10 + x14 & M32; x6 ^= x10; x6 = (x6 << 12 | x6 >> 20) & M32  # noqa: E702
        x2 = x2 + x6 & M32; x14 ^= x2; x14 = (x14 << 8 | x14 >> 24) & M32  # noqa: E702
        x10 = x10 + x14 & M32; x6 ^= x10; x6 = (x6 << 7 | x6 >> 25) & M32  # noqa: E702
        x3 = x3 + x7 & M32; x15 ^= x3; x15 = (x15 << 16 | x15 >> 16) & M32  # noqa: E702
        x11 = x11 + x15 & M32; x7 ^= x11; x7 = (x7 << 12 | x7 >> 20) & M32  # noqa: E702
        x3 = x3 + x7 & M32; x15 ^= x3; x15 = (x15 << 8 | x15 >> 24) & M32  # noqa: E702
        x11 = x11 + x15 & M32; x7 ^= x11; x7 = (x7 << 7 | x7 >> 25) & M32  # noqa: E702
        # quarter rounds (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14)
        x0 = x0 + x5 & M32; x15 ^= x0; x15 = (x15 << 16 | x15 >> 16) & M32  # noqa: E702
        x10 = x10 + x15 & M32; x5 ^= x10; x5 = (x5 << 12 | x5 >> 20) & M32  # noqa: E702
        x0 = x0 + x5 & M32; x15 ^= x0; x15 = (x15 << 8 | x15 >> 24) & M32  # noqa: E702
        x10 = x10 + x15 & M32; x5 ^= x10; x5 = (x5 << 7 | x5 >> 25) & M32  # noqa: E702
        x1 = x1 + x6 & M32; x12 ^= x1; x12 = (x12 << 16 | x12 >> 16) & M32  # noqa: E702
        x11 = x11 + x12 & M32; x6 ^= x11; x6 = (x6 << 12 | x6 >> 20) & M32  # noqa: E702
        x1 = x1 + x6 & M32; x12 ^= x1; x12 = (x12 << 8 | x12 >> 24) & M32  # noqa: E702
        x11 = x11 + x12 & M32; x6 ^= x11; x6 = (x6 << 7 | x6 >> 25) & M32  # noqa: E702
        x2 = x2 + x7 & M32; x13 ^= x2; x13 = (x13 << 16 | x13 >> 16) & M32  # noqa: E702
        x8 = x8 + x13 & M32; x7 ^= x8; x7 = (x7 << 12 | x7 >> 20) & M32  # noqa: E702
        x2 = x2 + x7 & M32; x13 ^= x2; x13 = (x13 << 8 | x13 >> 24) & M32  # noqa: E702
        x8 = x8 + x13 & M32; x7 ^= x8; x7 = (x7 << 7 | x7 >> 25) & M32  # noqa: E702
        x3 = x3 + x4 & M32; x14 ^= x3; x14 = (x14 << 16 | x14 >> 16) & M32  # noqa: E702
        x9 = x9 + x14 & M32; x4 ^= x9; x4 = (x4 << 12 | x4 >> 20) & M32  # noqa: E702
        x3 = x3 + x4 & M32; x14 ^= x3; x14 = (x14 << 8 | x14 >> 24) & M32  # noqa: E702
        x9 = x9 + x14 & M32; x4 ^= x9; x4 = (x4 << 7 | x4 >> 25) & M32  # noqa: E702
    # the working state added to the initial state, word by word
    return [x0 + 0x61707865 & M32, x1 + 0x3320646E & M32, x2 + 0x79622D32 & M32,
            x3 + 0x6B206574 & M32, x4 + k0 & M32, x5 + k1 & M32, x6 + k2 & M32, x7 + k3 & M32,
            x8 + k4 & M32, x9 + k5 & M32, x10 + k6 & M32, x11 + k7 & M32, x12 + c & M32,
            x13, x14, x15]


def keystream(key: bytes, size: int) -> bytes:
    """The first ``size`` bytes of the keystream (for the tests' comparison with cryptography)."""
    words = key_words(key)
    out = bytearray()
    block = 0
    while len(out) < size:
        for word in chacha20_block(words, block):
            out += word.to_bytes(4, "little")
        block += 1
    return bytes(out[:size])


def shuffled_order(deck: Sequence[int], key: bytes) -> list[int]:
    """``deck`` in the order the key's keystream gives it, top card first: Fisher–Yates from the
    last position down, one keystream byte per draw, a byte at or above the largest multiple of
    the number of choices rejected (no modulo bias). Decks of at most 256 cards."""
    if len(key) != SEED_BYTES:
        raise ValueError(f"a shuffle seed is {SEED_BYTES} bytes, not {len(key)}")
    order = list(deck)
    words = key_words(key)
    block: i64 = 0
    stream = chacha20_block(words, 0)
    at: i64 = 0  # the next keystream byte of the block, 0..63
    i: i64 = len(order) - 1
    while i > 0:
        n: i64 = i + 1
        limit: i64 = 256 - 256 % n
        while True:
            if at == 64:
                block += 1
                stream = chacha20_block(words, block)
                at = 0
            v: i64 = stream[at >> 2] >> ((at & 3) << 3) & 255
            at += 1
            if v < limit:
                break
        j: i64 = v % n
        order[i], order[j] = order[j], order[i]
        i -= 1
    return order
