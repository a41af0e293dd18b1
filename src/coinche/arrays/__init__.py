"""The whole deal of Coinche in JAX: dealing, auction, play and score, on CPU or GPU.

This package needs the optional extra ``coinche[jax]`` (``pip install jax`` gives the
CPU build; a CUDA build of jax runs it on a GPU); the core of :mod:`coinche` never
imports it. Its shape is pgx's: :func:`init` and :func:`step` take one deal and return
a :class:`State` with ``current_player``, ``legal_action_mask`` (the 154 actions of
:mod:`coinche.actions`), ``observation`` (:data:`COMPACT_FIELDS`), ``rewards`` (by
seat) and ``terminated``; :func:`jax.vmap` batches them and :func:`jax.jit` compiles
them. The rules are data (:func:`rules_data`), an argument of the same shape under
every rule set, so that one compilation serves every preset.

Deal *i* of seed *s* (:func:`deal_key`) is the deal
:func:`coinche.rl.batch.deal_of` gives as a :class:`~coinche.Deal`.

>>> import jax
>>> import numpy as np
>>> from coinche import RuleConfig
>>> from coinche import arrays
>>> rules = arrays.rules_data(RuleConfig.common())
>>> state = jax.jit(arrays.init)(arrays.deal_key(7, 0), rules)
>>> # North dealt, East opens: a pass, 80 to 160 in four suits (36 bids), 4 capots
>>> int(state.current_player), int(state.legal_action_mask.sum())
(1, 41)
>>> keys = np.stack([arrays.deal_key(7, i) for i in range(64)])
>>> scores = arrays.random_deals(keys, rules, jax.random.key(0))
>>> scores.shape
(64, 2)

Every preset but ``classic_belote`` is played (its turned-card auction deals three more
cards after it, and its play and announcement rules are not in the tables); rules
whose belote must be declared are refused too: an action integer cannot say whether it
declares belote. Each seat declares all of its announcements with its first card.
"""

from __future__ import annotations

try:
    import jax as _jax
except ImportError as error:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"coinche.arrays needs JAX ({error.name} is missing): pip install 'coinche[jax]'"
    ) from error

import functools
from typing import Any

import jax.numpy as jnp
import numpy as np

from coinche._checks import check_type, short_repr
from coinche._shuffle import LIMIT
from coinche.arrays import _rollout
from coinche.arrays._engine import (
    COLUMNS,
    COMPACT_FIELDS,
    COMPACT_SIZE,
    MASK_COLUMNS,
    State,
    call_step,
    card_step,
    compact,
    init,
    legal_cards,
    score,
    step,
)
from coinche.arrays._policies import greedy_action, random_action
from coinche.arrays._rules import Array, Rules, advance_key
from coinche.arrays._rules import rules_data as _rules_data
from coinche.arrays._tables import check_array_rules
from coinche.config import RuleConfig
from coinche.errors import CoincheTypeError

__all__ = [
    "COLUMNS",
    "COMPACT_FIELDS",
    "COMPACT_SIZE",
    "MASK_COLUMNS",
    "Rules",
    "State",
    "advance_key",
    "batch_init",
    "batch_step",
    "call_step",
    "card_step",
    "check_seed",
    "compact",
    "deal_key",
    "deal_keys",
    "greedy_action",
    "init",
    "legal_cards",
    "random_action",
    "random_deals",
    "rules_data",
    "score",
    "step",
]


def rules_data(rules: RuleConfig) -> Rules:
    """The rules *rules* as arrays (:class:`Rules`), built once per RuleConfig.

    >>> from coinche import RuleConfig
    >>> from coinche.arrays import rules_data
    >>> rules_data(RuleConfig.ffb()).mask_words.shape   # 154 legal actions in 5 words
    (4096, 5)

    :raises CoincheTypeError: *rules* is not a RuleConfig.
    :raises RuleConfigError: rules the engine does not play (classic belote's auction,
        belote that must be declared).
    """
    check_type(rules, RuleConfig, "rules")
    return _rules_data(check_array_rules(rules))


def check_seed(value: object, name: str) -> int:
    """*value* (an int or a NumPy integer) as an int if it is from 0 to 2**64 - 1, the
    seeds and deal indices of the array tier; else CoincheTypeError naming *name*.

    >>> from coinche.arrays import check_seed
    >>> check_seed(2**64 - 1, "seed") == 2**64 - 1
    True
    >>> check_seed(-1, "seed")
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: seed must be an int from 0 to 2**64 - 1, not -1
    """
    if type(value) is not int and not isinstance(value, np.integer):
        raise CoincheTypeError(
            f"{name} must be an int from 0 to 2**64 - 1, not {short_repr(value)}"
        )
    number = int(value)
    if not 0 <= number < LIMIT:
        raise CoincheTypeError(
            f"{name} must be an int from 0 to 2**64 - 1, not {short_repr(value)}"
        )
    return number


def deal_key(seed: int, index: int) -> np.ndarray[Any, np.dtype[np.uint32]]:
    """The key of deal *index* of *seed*, four uint32 words, for :func:`init`.

    >>> from coinche.arrays import deal_key
    >>> deal_key(2**32 + 5, 7).tolist()
    [5, 1, 7, 0]

    :raises CoincheTypeError: *seed* or *index* not an int from 0 to 2**64 - 1.
    """
    seed = check_seed(seed, "seed")
    index = check_seed(index, "index")
    word = 0xFFFFFFFF
    return np.array([seed & word, seed >> 32, index & word, index >> 32], dtype=np.uint32)


def deal_keys(seed: int, start: int, n: int) -> np.ndarray[Any, np.dtype[np.uint32]]:
    """The keys of deals *start* to *start + n - 1* of *seed* (``n x 4`` uint32).

    >>> from coinche.arrays import deal_keys
    >>> deal_keys(3, 2**32 - 1, 2)[:, 2:].tolist()
    [[4294967295, 0], [0, 1]]

    :raises CoincheTypeError: *seed* or an index not an int from 0 to 2**64 - 1, or *n*
        below 1.
    """
    seed = check_seed(seed, "seed")
    start = check_seed(start, "start")
    if type(n) is not int or n < 1:
        raise CoincheTypeError(f"n must be an int of at least 1, not {short_repr(n)}")
    check_seed(start + n - 1, "the last index")
    index = np.arange(n, dtype=np.uint64) + np.uint64(start)
    out = np.empty((n, 4), dtype=np.uint32)
    out[:, 0] = seed & 0xFFFFFFFF
    out[:, 1] = seed >> 32
    out[:, 2] = (index & np.uint64(0xFFFFFFFF)).astype(np.uint32)
    out[:, 3] = (index >> np.uint64(32)).astype(np.uint32)
    return out


batch_init = _jax.jit(_jax.vmap(init, in_axes=(0, None)))
""":func:`init` of a batch of keys (``n x 4``), compiled: ``batch_init(keys, rules)``."""
batch_step = _jax.jit(_jax.vmap(step, in_axes=(0, 0, None)))
""":func:`step` of a batch of deals, compiled: ``batch_step(states, actions, rules)``."""


def random_deals(
    keys: Array | np.ndarray[Any, np.dtype[np.uint32]],
    rules: Rules,
    rng: Array,
    policy: str = "random",
) -> Array:
    """Deal the deals *keys* names and play each to its end with uniformly random legal
    actions (or, with ``policy="greedy"``, every seat :func:`greedy_action`), in one
    compiled call; returns the deal scores (``n x 2``, 0 for a deal thrown in).

    The random actions of a deal are drawn from its own key and the random key *rng*
    (:func:`coinche._shuffle.draw`), so that a deal plays the same in any batch. The
    rollout shares every rule with :func:`step` and is laid out for speed
    (:mod:`coinche.arrays._rollout`). It compiles once per batch size and policy.

    >>> import jax
    >>> from coinche import RuleConfig
    >>> from coinche.arrays import deal_keys, random_deals, rules_data
    >>> rules = rules_data(RuleConfig.common())
    >>> scores = random_deals(deal_keys(0, 0, 64), rules, jax.random.key(1), policy="greedy")
    >>> bool((scores >= 0).all())
    True

    :raises CoincheTypeError: *policy* not ``"random"`` or ``"greedy"``.
    """
    if policy not in ("random", "greedy"):
        raise CoincheTypeError(f"policy must be 'random' or 'greedy', not {short_repr(policy)}")
    scores: Array = _random_deals(keys, rules, rng, policy == "greedy")
    return scores


@functools.partial(_jax.jit, static_argnames=("greedy",))
def _random_deals(keys: Array, rules: Rules, rng: Array, greedy: bool) -> Array:
    salt = _jax.random.bits(rng, (), jnp.uint32)
    play = functools.partial(_rollout.rollout, greedy=greedy)
    scores: Array = _jax.vmap(play, in_axes=(0, None, None))(
        jnp.asarray(keys, jnp.uint32), rules, salt
    )
    return scores
