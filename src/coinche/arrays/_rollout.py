"""Whole deals played to their end in one compiled call: the rollout.

The step (:func:`coinche.arrays.step`) serves any policy one action at a time; a
rollout knows more when it compiles and is laid out for it: the auction walks the
auction machine alone (the observation is not built for a random call), then the play
is a loop over the eight tricks with the four plies of a trick written out, so that the
position in the trick is a Python int (:func:`coinche.arrays._rules.legal_from` and
:func:`~coinche.arrays._rules.trick_after` drop what it decides), the hands kept in
the order of the trick (the hand of position *n* is a field, not a select by seat),
and the score at the end. The rules are the step's functions: the legal cards, the
trick's summary, the contract, the belote, the announcements and the score.

The random draws are the deal's own (:func:`coinche._shuffle.draw`, the key's root
hashed with a word of the random key): a deal's rollout does not depend on the batch
it is in, and a test replays it on a :class:`~coinche.Deal` without JAX.

Speed: XLA fuses the elementwise work of a trick into a few loops over the batch, and
to do so it copies a value into every loop that reads it: the card of each ply, and
all the legal-card logic behind it, would be computed six times over (once for each
hand, the leader and the points). :func:`~coinche.arrays._rules.once` divides the
card by an int 1 that XLA cannot see (``Rules.one``, data): to XLA a division by a
variable is expensive, so it computes the card once, stores it, and every reader loads
it (whole deals about 1.6 times as fast on CPU, :doc:`/performance`).
"""

from __future__ import annotations

from collections.abc import Callable

import jax.numpy as jnp
from jax import lax

from coinche import _kernel as K
from coinche import _shuffle
from coinche.arrays._engine import AUCTION, State, call_step, init
from coinche.arrays._policies import greedy_action, greedy_card
from coinche.arrays._rules import (
    I32,
    U32,
    Array,
    Contract,
    Rules,
    Strain,
    Trick,
    announcements_of,
    belote_team,
    contract_at,
    deal_of_root,
    deal_root,
    legal_from,
    mix32,
    once,
    score_figures,
    strain_words,
    trick_after,
)

_SEATS = jnp.arange(4, dtype=I32)
_BITS = U32(1) << jnp.arange(32, dtype=U32)

Chooser = Callable[[int, Array, Array, Strain, Trick], Array]
"""(position in the trick, ply 0-31, legal cards, strain, trick) -> the card played."""


def draw(base: Array, j: Array | int) -> Array:
    """:func:`coinche._shuffle.draw` of a deal whose ``mix32(root ^ salt)`` is *base*."""
    return mix32(base + (jnp.asarray(j, U32) + U32(1)) * U32(_shuffle.GOLDEN))


def pick(word: Array, count: Array) -> Array:
    """:func:`coinche._shuffle.pick`: the index of the legal action *word* picks."""
    return (((word >> 16) * count.astype(U32)) >> 16).astype(I32)


def kth_card(cards: Array, k: Array) -> Array:
    """The *k*-th lowest card (k below 8) of the mask *cards*: the k lowest cleared,
    then the lowest left."""
    for i in range(7):
        cards = jnp.where(k > i, cards & (cards - U32(1)), cards)
    low = cards & (~cards + U32(1))
    return 31 - lax.clz(low).astype(I32)


def _random_auction(rules: Rules, base: Array) -> Array:
    """The auction machine's final state under uniformly random legal calls."""

    def calling(carry: tuple[Array, Array]) -> Array:
        return ~rules.over[carry[0]]

    def call(carry: tuple[Array, Array]) -> tuple[Array, Array]:
        s, i = carry
        k = pick(draw(base, i), rules.call_count[s])
        return rules.nxt[s, rules.legal[s, k]], i + 1

    final: Array = lax.while_loop(calling, call, (jnp.int32(0), jnp.int32(0)))[0]
    return final


def _greedy_auction(key: Array, rules: Rules) -> Array:
    """The auction machine's final state under GreedyPlayer's calls (they read the
    observation: the step's auction, observation built)."""

    def calling(state: State) -> Array:
        return state.phase == AUCTION

    def call(state: State) -> State:
        action = greedy_action(state.observation, state.legal_action_mask, rules)
        return call_step(state, action, rules)

    final: State = lax.while_loop(calling, call, init(key, rules))
    return final.astate


def _play(
    hands: Array, c: Contract, flags: Array, one: Array, choose: Chooser
) -> tuple[Array, Array]:
    """The tricks won by seat (int32[4]) and the card points by team (int32[2], the
    last trick's bonus in) of the play of *hands* under the contract *c*."""
    st = strain_words(c.strain)
    z = jnp.int32(0)
    by_position = tuple(
        jnp.sum(jnp.where(((c.leader + n) & 3) == _SEATS, hands, U32(0)), dtype=U32)
        for n in range(4)
    )

    def trick(
        t: Array, carry: tuple[tuple[Array, ...], Array, Array, Array]
    ) -> tuple[tuple[Array, ...], Array, Array, Array]:
        held, leader, won, points = carry
        held_now = list(held)
        summary = Trick(z, z, z, z, z, z, z)
        for n in range(4):
            legal = legal_from(held_now[n], n, st, summary, flags)
            card = once(choose(n, 4 * t + n, legal, st, summary), one)
            held_now[n] = held_now[n] & ~(U32(1) << card.astype(U32))
            summary = trick_after(summary, card, n, st)
        w = summary.master_pos
        winner = (leader + w) & 3
        gained = summary.points + jnp.where(t == 7, K.LAST_TRICK_BONUS, 0)
        # the winner leads: the hands by position in the next trick, rotated by w
        half = [jnp.where((w & 1) == 1, held_now[(i + 1) & 3], held_now[i]) for i in range(4)]
        rotated = tuple(jnp.where((w & 2) == 2, half[(i + 2) & 3], half[i]) for i in range(4))
        return (
            rotated,
            winner,
            won + (winner == _SEATS).astype(I32),
            points + jnp.where(jnp.arange(2) == (winner & 1), gained, 0),
        )

    start = (by_position, c.leader, jnp.zeros(4, I32), jnp.zeros(2, I32))
    _, _, won, points = lax.fori_loop(0, 8, trick, start)
    return won, points


def _random_choice(base: Array) -> Chooser:
    def choose(n: int, ply: Array, legal: Array, st: Strain, trick: Trick) -> Array:
        word = draw(base, ply + _shuffle.CARD_DRAWS)
        return kth_card(legal, pick(word, lax.population_count(legal)))

    return choose


def _greedy_choice(n: int, ply: Array, legal: Array, st: Strain, trick: Trick) -> Array:
    cards = (legal & _BITS) != 0
    return greedy_card(cards, st, trick.led, trick.master_key, jnp.asarray(n == 0))


def rollout(key: Array, rules: Rules, salt: Array, greedy: bool) -> Array:
    """The score (North-South, East-West; 0 for a deal thrown in) of the deal *key*
    names played to its end: uniformly random legal actions drawn from the deal's
    root and *salt* (a uint32), or with *greedy* every seat GreedyPlayer's."""
    root = deal_root(key)
    dealer, hands = deal_of_root(root)
    base = mix32(root ^ salt)
    s = _greedy_auction(key, rules) if greedy else _random_auction(rules, base)
    c = contract_at(s, dealer, rules)
    choose = _greedy_choice if greedy else _random_choice(base)
    won, points = _play(hands, c, rules.play_flags, rules.one, choose)
    _, _, credit = announcements_of(hands, c.strain)
    scores = score_figures(
        rules.score_options,
        c.taker,
        c.kind,
        c.value,
        c.multiplier,
        won,
        points,
        belote_team(hands, c.strain),
        jnp.where(rules.announcements, credit, 0),
    )
    return jnp.where(c.thrown, 0, scores)
