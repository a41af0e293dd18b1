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

from coinche._checks import check_choice, check_int_range, check_type
from coinche.arrays import _engine, _policies, _rollout
from coinche.arrays._checks import (
    INDEX_LIMIT,
    check_actions,
    check_bits,
    check_index,
    check_key,
    check_mask,
    check_observe,
    check_rng,
    check_row,
    check_rules,
    check_state,
)
from coinche.arrays._engine import COLUMNS, COMPACT_FIELDS, COMPACT_SIZE, MASK_COLUMNS, State
from coinche.arrays._rules import Array, Rules
from coinche.arrays._rules import rules_data as _rules_data
from coinche.arrays._tables import check_array_rules
from coinche.config import RuleConfig
from coinche.errors import CoincheValueError

__all__ = [
    "COLUMNS",
    "COMPACT_FIELDS",
    "COMPACT_SIZE",
    "MASK_COLUMNS",
    "Rules",
    "State",
    "batch_init",
    "batch_step",
    "call_step",
    "card_step",
    "deal_key",
    "deal_keys",
    "greedy_action",
    "init",
    "random_action",
    "random_deals",
    "rules_data",
    "step",
]

Keys = Array | np.ndarray[Any, np.dtype[np.uint32]]
"""Deal keys: uint32 arrays, NumPy's (:func:`deal_key`, :func:`deal_keys`) or JAX's."""
HostOrDevice = Array | np.ndarray[Any, Any]
"""A JAX array or a NumPy one."""
Actions = Array | np.ndarray[Any, np.dtype[np.integer[Any]]] | np.integer[Any] | int
"""Action integers: an int, a NumPy integer, a NumPy or JAX integer array."""


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


def deal_key(seed: int, index: int) -> np.ndarray[Any, np.dtype[np.uint32]]:
    """The key of deal *index* of *seed*, four uint32 words, for :func:`init`.

    >>> from coinche.arrays import deal_key
    >>> deal_key(2**32 + 5, 7).tolist()
    [5, 1, 7, 0]

    :raises CoincheTypeError: *seed* or *index* not an int (or a NumPy integer).
    :raises CoincheValueError: *seed* or *index* not from 0 to 2**64 - 1.
    """
    seed = check_index(seed, "seed")
    index = check_index(index, "index")
    word = 0xFFFFFFFF
    return np.array([seed & word, seed >> 32, index & word, index >> 32], dtype=np.uint32)


def deal_keys(seed: int, start: int, n: int) -> np.ndarray[Any, np.dtype[np.uint32]]:
    """The keys of deals *start* to *start + n - 1* of *seed* (``n x 4`` uint32).

    >>> from coinche.arrays import deal_keys
    >>> deal_keys(3, 2**32 - 1, 2)[:, 2:].tolist()
    [[4294967295, 0], [0, 1]]

    :raises CoincheTypeError: *seed*, *start* or *n* not an int (or a NumPy integer).
    :raises CoincheValueError: *seed* or an index not from 0 to 2**64 - 1, or *n* not
        from 1 to 2**32 (a batch of more keys than memory holds is refused first).
    """
    seed = check_index(seed, "seed")
    start = check_index(start, "start")
    n = check_int_range(n, "n", 1, 2**32, numpy=True)
    if start + n - 1 > INDEX_LIMIT:
        raise CoincheValueError(
            f"the last index, start + n - 1 = {start + n - 1}, is past 2**64 - 1"
        )
    index = np.arange(n, dtype=np.uint64) + np.uint64(start)
    out = np.empty((n, 4), dtype=np.uint32)
    out[:, 0] = seed & 0xFFFFFFFF
    out[:, 1] = seed >> 32
    out[:, 2] = (index & np.uint64(0xFFFFFFFF)).astype(np.uint32)
    out[:, 3] = (index >> np.uint64(32)).astype(np.uint32)
    return out


# The doors below check their arguments in Python (types, shapes, dtypes: what JAX knows
# when it traces), then call the compiled function. Under the caller's own jax.jit or
# jax.vmap the checks run once, when it traces, and the inner jit is inlined.
_init = _jax.jit(_engine.init)
_step = _jax.jit(_engine.step)
_call_step = _jax.jit(_engine.call_step, static_argnames=("observe",))
_card_step = _jax.jit(_engine.card_step, static_argnames=("observe",))
_batch_init = _jax.jit(_jax.vmap(_engine.init, in_axes=(0, None)))
_batch_step = _jax.jit(_jax.vmap(_engine.step, in_axes=(0, 0, None)))
_greedy_action = _jax.jit(_policies.greedy_action)
_random_action = _jax.jit(_policies.random_action)


def init(key: Keys, rules: Rules) -> State:
    """The deal *key* names (uint32[4], :func:`deal_key`), about to start its auction;
    *rules* the arrays of :func:`rules_data`. One deal: :func:`jax.vmap` batches it
    (or :func:`batch_init`), :func:`jax.jit` compiles it.

    >>> from coinche import RuleConfig
    >>> from coinche.arrays import deal_key, init, rules_data
    >>> state = init(deal_key(7, 0), rules_data(RuleConfig.common()))
    >>> int(state.current_player), int(state.legal_action_mask.sum())  # East opens
    (1, 41)

    :raises CoincheTypeError: *key* not a uint32 array, *rules* not :class:`Rules` (a
        RuleConfig: call :func:`rules_data` first).
    :raises CoincheValueError: *key* not of shape (4,).
    """
    check_key(key, "key", batched=False)
    check_rules(rules)
    state: State = _init(key, rules)
    return state


def step(state: State, action: Actions, rules: Rules) -> State:
    """The seat to move in the deal *state* takes *action* (an action integer of
    :mod:`coinche.actions` that the state's ``legal_action_mask`` allows: that is not
    checked, an action it does not allow gives a deal no rule explains). A finished
    deal stays as it is (its rewards 0). One deal: :func:`jax.vmap` batches it (or
    :func:`batch_step`), :func:`jax.jit` compiles it.

    >>> from coinche import RuleConfig
    >>> from coinche.arrays import deal_key, init, rules_data, step
    >>> rules = rules_data(RuleConfig.common())
    >>> state = step(init(deal_key(7, 0), rules), 32, rules)   # East passes
    >>> int(state.current_player)                               # South to call
    2

    :raises CoincheTypeError: *state* not a :class:`State`, *action* not an integer
        (an int, or an integer array of shape ()), *rules* not :class:`Rules`.
    :raises CoincheValueError: a State of a batch, or an int (or a NumPy value) out of
        0..153.
    """
    check_state(state, "state", batched=False)
    action = check_actions(action, "action", None)
    check_rules(rules)
    moved: State = _step(state, action, rules)
    return moved


def call_step(state: State, action: Actions, rules: Rules, observe: bool = True) -> State:
    """:func:`step` for a deal in its auction, faster (a deal in its play or over stays
    as it is: the caller knows the phase, as a trainer that plays the auctions of a
    batch, then its tricks); *observe* False leaves ``observation`` as it was (for
    policies that read only the mask). Same checks as :func:`step`.

    >>> from coinche import RuleConfig
    >>> from coinche.arrays import call_step, deal_key, init, rules_data
    >>> rules = rules_data(RuleConfig.common())
    >>> state = call_step(init(deal_key(7, 0), rules), 32, rules)   # East passes
    >>> int(state.current_player)
    2

    :raises CoincheTypeError: as :func:`step`, or *observe* not a bool.
    :raises CoincheValueError: as :func:`step`.
    """
    check_state(state, "state", batched=False)
    action = check_actions(action, "action", None)
    check_rules(rules)
    moved: State = _call_step(state, action, rules, observe=check_observe(observe))
    return moved


def card_step(state: State, card: Actions, rules: Rules, observe: bool = True) -> State:
    """:func:`step` for a deal in its play, faster (a deal in its auction or over stays
    as it is); *card* a card's action integer (0-31), *observe* as :func:`call_step`.

    >>> from coinche import RuleConfig
    >>> from coinche.arrays import call_step, card_step, deal_key, init, rules_data
    >>> rules = rules_data(RuleConfig.common())
    >>> state = init(deal_key(7, 0), rules)
    >>> for call in (40, 32, 32, 32):          # East bids 80 clubs, the others pass
    ...     state = call_step(state, call, rules)
    >>> int(state.phase), int(state.current_player)   # the play: East leads
    (1, 1)
    >>> card = int(state.legal_action_mask.argmax())
    >>> int(card_step(state, card, rules).current_player)
    2

    :raises CoincheTypeError: as :func:`step`, or *observe* not a bool.
    :raises CoincheValueError: as :func:`step`, or an int card above 31.
    """
    check_state(state, "state", batched=False)
    if type(card) is int or isinstance(card, np.integer):
        check_int_range(card, "card", 0, 31, numpy=True)
    card = check_actions(card, "card", None)
    check_rules(rules)
    moved: State = _card_step(state, card, rules, observe=check_observe(observe))
    return moved


def batch_init(keys: Keys, rules: Rules) -> State:
    """:func:`init` of a batch of keys (``n x 4``, :func:`deal_keys`), compiled.

    >>> from coinche import RuleConfig
    >>> from coinche.arrays import batch_init, deal_keys, rules_data
    >>> states = batch_init(deal_keys(7, 0, 3), rules_data(RuleConfig.common()))
    >>> states.legal_action_mask.shape
    (3, 154)

    :raises CoincheTypeError: as :func:`init`.
    :raises CoincheValueError: *keys* not of shape (n, 4).
    """
    check_key(keys, "keys", batched=True)
    check_rules(rules)
    states: State = _batch_init(keys, rules)
    return states


def batch_step(states: State, actions: Array | np.ndarray[Any, Any], rules: Rules) -> State:
    """:func:`step` of a batch of deals (:func:`batch_init`), one action each (an
    integer array of shape ``(n,)``), compiled.

    >>> import numpy as np
    >>> from coinche import RuleConfig
    >>> from coinche.arrays import batch_init, batch_step, deal_keys, rules_data
    >>> rules = rules_data(RuleConfig.common())
    >>> states = batch_init(deal_keys(7, 0, 3), rules)
    >>> states = batch_step(states, np.full(3, 32), rules)    # a pass in each deal
    >>> states.legal_action_mask.shape
    (3, 154)

    :raises CoincheTypeError: *states* not a :class:`State`, *actions* not an integer
        array, *rules* not :class:`Rules`.
    :raises CoincheValueError: a State of one deal, *actions* not of shape ``(n,)``, or
        a NumPy array with actions out of 0..153.
    """
    size = check_state(states, "states", batched=True)
    actions = check_actions(actions, "actions", size)
    check_rules(rules)
    moved: State = _batch_step(states, actions, rules)
    return moved


def greedy_action(row: HostOrDevice, mask: HostOrDevice, rules: Rules) -> Array:
    """The action :class:`~coinche.bots.players.GreedyPlayer` chooses for the seat to
    move, from its compact observation *row* (``State.observation``) and its legal
    actions *mask* (``State.legal_action_mask``) of one deal (see the player's docs for
    the rule): equal to the player's at every decision. :func:`jax.vmap` batches it.

    >>> from coinche import RuleConfig
    >>> from coinche.arrays import deal_key, greedy_action, init, rules_data
    >>> rules = rules_data(RuleConfig.common())
    >>> state = init(deal_key(7, 0), rules)
    >>> action = greedy_action(state.observation, state.legal_action_mask, rules)
    >>> bool(state.legal_action_mask[action])
    True

    :raises CoincheTypeError: *row* not an int32 array, *mask* not a bool array, *rules*
        not :class:`Rules`.
    :raises CoincheValueError: *row* or *mask* not of one deal's shape.
    """
    check_row(row, "row")
    check_mask(mask, "mask")
    check_rules(rules)
    action: Array = _greedy_action(row, mask, rules)
    return action


def random_action(bits: Array | int, mask: HostOrDevice) -> Array:
    """A legal action drawn uniformly from *mask* (one deal's 154 booleans, not all
    False) with the random bits *bits* (a uint32, :func:`jax.random.bits`): the k-th
    legal action, k drawn below their number from the top 16 bits. :func:`jax.vmap`
    batches it.

    >>> from coinche import RuleConfig
    >>> from coinche.arrays import deal_key, init, random_action, rules_data
    >>> state = init(deal_key(7, 0), rules_data(RuleConfig.common()))
    >>> int(random_action(0, state.legal_action_mask))      # k = 0: the first, a pass
    32

    :raises CoincheTypeError: *bits* not a uint32 (an int, or a uint32 array of shape
        ()), *mask* not a bool array.
    :raises CoincheValueError: *bits* out of 0..2**32 - 1, *mask* not of shape (154,),
        or a NumPy mask that allows nothing.
    """
    check_bits(bits, "bits")
    check_mask(mask, "mask")
    action: Array = _random_action(bits, mask)
    return action


def random_deals(keys: Keys, rules: Rules, rng: Array, policy: str = "random") -> Array:
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

    :raises CoincheTypeError: *keys* not a uint32 array, *rules* not :class:`Rules`,
        *rng* not a JAX random key, *policy* not a str.
    :raises CoincheValueError: *keys* not of shape (n, 4), *policy* not ``"random"`` or
        ``"greedy"``.
    """
    check_key(keys, "keys", batched=True)
    check_rules(rules)
    check_rng(rng, "rng")
    check_choice(policy, "policy", ("random", "greedy"))
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
