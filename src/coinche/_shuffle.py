"""The counter-based shuffle of the array tier, and its random draws, in plain Python
(internal).

Deal *index* of *seed* (two ints from 0 to 2**64 - 1) is a function of those two
numbers alone, computed on 32-bit words so that the JAX engine
(:mod:`coinche.arrays`) computes the very same deal on any device, and so that
:func:`coinche.rl.batch.deal_of` gives it as a :class:`~coinche.Deal` without JAX.

Each card *c* (and a 33rd draw for the dealer) gets a 32-bit key: the words of the
seed and the index are folded through :func:`mix32` into a root, and key *c* is
``mix32(root + (c + 1) * 0x9E3779B9)``. The deck is the cards ordered by
``key & ~31 | c`` (every such value distinct), seat *k* gets deck cards ``8k`` to
``8k + 7``, and the dealer is the top two bits of the 33rd key. The deal does not
depend on the rules: packets (``deal_pattern``) and the direction of dealing only
change which seat receives which part of a uniformly shuffled deck, so the deal they
give is equally uniform.

The random actions of :func:`coinche.arrays.random_deals` come from the same hash:
:func:`draw` gives the *j*-th 32-bit word of a deal's rollout and :func:`pick` the
action it picks among the legal ones, so that a test replays a rollout without JAX.

>>> from coinche._shuffle import dealt_hands
>>> dealer, hands = dealt_hands(7, 3)
>>> dealer in range(4), [bin(h).count("1") for h in hands], hands[0] & hands[1]
(True, [8, 8, 8, 8], 0)
"""

from __future__ import annotations

from typing import Final

WORD: Final = 0xFFFFFFFF
LIMIT: Final = 1 << 64
"""Seeds and deal indices are ints from 0 to ``LIMIT - 1``."""

SALT: Final = 0x632BE59B
GOLDEN: Final = 0x9E3779B9
MUL1: Final = 0x7FEB352D
MUL2: Final = 0x846CA68B


def mix32(x: int) -> int:
    """A 32-bit integer hash (the "lowbias32" finaliser: xor-shift, multiply, twice)."""
    x ^= x >> 16
    x = x * MUL1 & WORD
    x ^= x >> 15
    x = x * MUL2 & WORD
    return x ^ x >> 16


def root(seed: int, index: int) -> int:
    """The 32-bit root of deal *index* of *seed* (both from 0 to 2**64 - 1)."""
    h = mix32(seed & WORD ^ SALT)
    h = mix32(h ^ seed >> 32)
    h = mix32(h ^ index & WORD)
    return mix32(h ^ index >> 32)


def card_keys(seed: int, index: int) -> list[int]:
    """The 33 keys of the deal: one per card, then the dealer's draw."""
    r = root(seed, index)
    return [mix32((r + (c + 1) * GOLDEN) & WORD) for c in range(33)]


def dealt_hands(seed: int, index: int) -> tuple[int, list[int]]:
    """The dealer (0-3) and the four hand masks (by seat) of deal *index* of *seed*."""
    keys = card_keys(seed, index)
    deck = sorted(range(32), key=lambda c: keys[c] & ~31 | c)
    hands = [0, 0, 0, 0]
    for position, card in enumerate(deck):
        hands[position >> 3] |= 1 << card
    return keys[32] >> 30, hands


CARD_DRAWS: Final = 1 << 20
"""The draws of a rollout: call *i* of the auction uses word *i*, card *p* of the play
(0-31) word ``CARD_DRAWS + p``."""


def draw(root: int, salt: int, j: int) -> int:
    """The *j*-th random word of the rollout of the deal of *root* under the 32-bit
    *salt* (the rollout's random key made a word)."""
    return mix32((mix32(root ^ salt) + (j + 1) * GOLDEN) & WORD)


def pick(word: int, count: int) -> int:
    """The index (0 to *count* - 1) of the legal action a random *word* picks: the
    top 16 bits scaled to *count*, the actions in increasing order."""
    return (word >> 16) * count >> 16
