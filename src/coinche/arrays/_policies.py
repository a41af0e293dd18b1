"""Policies in JAX, one deal at a time: a uniformly random legal action, and
:class:`~coinche.bots.players.GreedyPlayer`'s calls and cards.

Each reads only what the seat to move may know: its compact observation row
(:data:`~coinche.arrays.COMPACT_FIELDS`) and its legal actions.
"""

from __future__ import annotations

from typing import Final

import jax
import jax.numpy as jnp

from coinche import _kernel as K
from coinche.arrays import _tables as T
from coinche.arrays._engine import COLUMNS
from coinche.arrays._rules import (
    I32,
    U32,
    Array,
    Rules,
    Strain,
    card_order,
    card_points,
    strain_words,
    win_key,
)
from coinche.bots.players import (  # GreedyPlayer's own figures
    _BELOTE,
    _PER_SIDE_ACE,
    _PER_TRUMP,
    _SURCOINCHE_MARGIN,
)

_POINTS: Final = jnp.asarray(T.POINTS)
_CARDS: Final = jnp.arange(32, dtype=I32)
_BIDS: Final = jnp.arange(114, dtype=I32)
_BIG: Final = 1 << 30


def pack(mask: Array) -> Array:
    """154 booleans as five uint32 words, bit ``a % 32`` of word ``a // 32`` for action *a*."""
    padded = jnp.concatenate([mask, jnp.zeros(160 - mask.shape[0], jnp.bool_)]).reshape(5, 32)
    return jnp.sum(
        jnp.where(padded, U32(1) << jnp.arange(32, dtype=U32), U32(0)), axis=1, dtype=U32
    )


def _kth_bit(word: Array, k: Array) -> Array:
    """The index of the *k*-th (from 0) set bit of *word* (a binary search on popcounts)."""
    at = jnp.int32(0)
    for width in (16, 8, 4, 2, 1):
        low = (word >> at.astype(U32)) & U32((1 << width) - 1)
        count = jax.lax.population_count(low).astype(I32)
        above = k >= count
        k = jnp.where(above, k - count, k)
        at = jnp.where(above, at + width, at)
    found: Array = at
    return found


def random_action(bits: Array, mask: Array) -> Array:
    """A legal action drawn uniformly from *mask* (154 booleans, not all False) with
    the random uint32 *bits* (``jax.random.bits``): the k-th legal action, k drawn
    below their number from the top 16 bits."""
    words = pack(mask)
    counts = jax.lax.population_count(words).astype(I32)
    draw = jnp.asarray(bits, U32) >> 16
    k = ((draw * jnp.sum(counts).astype(U32)) >> 16).astype(I32)
    before = jnp.cumsum(counts) - counts  # five words: a short scan
    w = jnp.max(jnp.where((before <= k) & (counts > 0), jnp.arange(5), 0)).astype(I32)
    return w * 32 + _kth_bit(words[w], k - before[w])


def _field(row: Array, name: str, width: int = 1) -> Array:
    start = COLUMNS[name]
    return row[start] if width == 1 else row[start : start + width]


def _best(score: Array, allowed: Array) -> Array:
    return jnp.argmax(jnp.where(allowed, score, -_BIG)).astype(I32)


def _cheapest(score: Array, allowed: Array) -> Array:
    return jnp.argmin(jnp.where(allowed, score, _BIG)).astype(I32)


def greedy_action(row: Array, mask: Array, rules: Rules) -> Array:
    """The action :class:`~coinche.bots.players.GreedyPlayer` chooses for the seat to
    move, from its compact observation *row* and its legal actions *mask* (see the
    player's docs for the rule): equal to the player's at every decision."""
    hand_bits = jax.lax.bitcast_convert_type(_field(row, "hand"), U32)
    hand = ((hand_bits >> _CARDS.astype(U32)) & 1).astype(jnp.bool_)
    return jnp.where(
        _field(row, "phase") == 1, _greedy_card(row, mask), _greedy_call(row, hand, mask, rules)
    )


def _strengths(hand: Array) -> Array:
    """:func:`~coinche.bots.players.trump_strength` of the hand in each suit (int32[4])."""
    out = []
    aces = hand[7::8].astype(I32)
    for suit in range(4):
        trumps = hand[8 * suit : 8 * suit + 8].astype(I32)
        value = jnp.sum(trumps * _POINTS[suit * 32 + 8 * suit : suit * 32 + 8 * suit + 8])
        value += _PER_TRUMP * jnp.sum(trumps)
        value += _PER_SIDE_ACE * (jnp.sum(aces) - aces[suit])
        value += _BELOTE * (trumps[K.RANK_KING] & trumps[K.RANK_QUEEN])
        out.append(value)
    return jnp.stack(out).astype(I32)


def _greedy_call(row: Array, hand: Array, mask: Array, rules: Rules) -> Array:
    me = _field(row, "seat")
    words = jax.lax.bitcast_convert_type(_field(row, "bids", 16), U32).reshape(4, 4)
    made = ((words[:, _BIDS >> 5] >> (_BIDS & 31).astype(U32)) & 1) == 1  # seat x bid
    any_made = jnp.any(made, axis=0)
    has_bid = jnp.any(any_made)
    bid = jnp.max(jnp.where(any_made, _BIDS, 0))
    bidder = jnp.argmax(made[:, bid]).astype(I32)
    bid_strain = bid % 6
    points = rules.bid_value[bid]
    strength = _strengths(hand)
    bid_strength = jnp.where(bid_strain < 4, strength[jnp.minimum(bid_strain, 3)], 0)
    fallback = jnp.where(mask[32], 32, jnp.argmax(mask)).astype(I32)
    sur = mask[34]
    surcoinche = sur & has_bid & (bidder == me) & (bid_strength >= points + _SURCOINCHE_MARGIN)
    partner_bid = has_bid & ((bidder & 1) == (me & 1))
    suit = jnp.minimum(bid_strain, 3)
    jack = hand[8 * suit + K.RANK_JACK]
    nine = hand[8 * suit + K.RANK_NINE]
    beats = (bid_strain < 4) & jack & ((points >= K.CAPOT_VALUE) | nine)
    coinche = ~sur & ~partner_bid & has_bid & mask[33] & beats
    best = jnp.argmax(strength).astype(I32)  # ties: clubs first
    in_strain = mask[40:] & (best == _BIDS % 6)
    lowest = jnp.argmax(in_strain).astype(I32)
    can = jnp.any(in_strain) & (strength[best] >= rules.bid_value[lowest])
    bidding = ~sur & ~partner_bid & ~coinche & can
    return jnp.where(
        surcoinche, 34, jnp.where(coinche, 33, jnp.where(bidding, 40 + lowest, fallback))
    ).astype(I32)


def _greedy_card(row: Array, mask: Array) -> Array:
    st = strain_words(_field(row, "contract_strain"))
    trick = _field(row, "trick", 4)
    leader = jnp.maximum(_field(row, "trick_leader"), 0)
    led = jnp.maximum(trick[leader], 0) >> 3
    played = trick >= 0
    master = jnp.max(jnp.where(played, win_key(jnp.maximum(trick, 0), st, led), -1))
    return greedy_card(mask[:32], st, led, master, ~jnp.any(played))


def greedy_card(cards: Array, st: Strain, led: Array, master_key: Array, leading: Array) -> Array:
    """GreedyPlayer's card among the legal *cards* (32 booleans) under the strain *st*:
    on lead (*leading*) its strongest card (then the most points); else its strongest
    card if that beats *master_key* (the win key of the card winning the trick, in the
    led suit *led*), otherwise its cheapest."""
    order = card_order(_CARDS, st)
    points = card_points(_CARDS, st)
    lead = _best((order * 32 + points) * 32 + _CARDS, cards)
    keys = win_key(_CARDS, st, led)
    best = _best((keys * 32 + points) * 32 + _CARDS, cards)
    trump = _trump(st)
    low = _cheapest(((points * 2 + trump) * 8 + order) * 32 + _CARDS, cards)
    follow = jnp.where(keys[best] > master_key, best, low)
    return jnp.where(leading, lead, follow).astype(I32)


def _trump(st: Strain) -> Array:
    """For each card, 1 if it is a trump (every card in all trump)."""
    strain = st.strain
    return ((strain == K.ALL_TRUMP) | (strain == _CARDS >> 3)).astype(I32)
