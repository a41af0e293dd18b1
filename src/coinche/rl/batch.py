"""N deals advanced together on the JAX engine: the whole deal, auction and play, per step.

:class:`BatchEnv` holds *n* deals of :mod:`coinche.arrays` (the extra ``coinche[jax]``);
:meth:`BatchEnv.step` takes one action integer (:mod:`coinche.actions`) for the seat to
move in each and advances all of them in one compiled call. After each step it exposes,
as NumPy arrays, for every deal: :attr:`~BatchEnv.observations` (the compact int layout
:data:`COMPACT_FIELDS`, of the seat to move; :func:`expand` turns rows of it into the
998 floats of :func:`coinche.rl.observation`), :attr:`~BatchEnv.action_mask` (``n x
154`` booleans), :attr:`~BatchEnv.to_move`, :attr:`~BatchEnv.rewards` (by seat) and
:attr:`~BatchEnv.terminated`. A deal that ends (scored, or thrown in) is replaced in the
same step by the next deal of its slot (auto-reset): the observation and mask are the
new deal's, the rewards, :attr:`~BatchEnv.final_scores` and ``terminated`` the old one's.

Deals are seeded one by one: slot *j* plays deals ``j``, ``j + n``, ``j + 2n`` ... of
the seed, and :func:`deal_of` gives deal *i* of a seed as a :class:`~coinche.Deal`, the
same deal whatever the batch size (and without JAX).

>>> import numpy as np
>>> from coinche.rl.batch import BatchEnv, expand
>>> env = BatchEnv("common", n=8, seed=1)
>>> env.action_mask.shape, env.observations.shape, expand(env.observations).shape
((8, 154), (8, 46), (8, 998))
>>> rng = np.random.default_rng(0)
>>> done = 0
>>> for _ in range(300):
...     env.step(env.sample(rng))
...     done += int(env.terminated.sum())
>>> done > 0
True

Every preset but ``classic_belote`` is supported (:mod:`coinche.arrays` says why).
"""

from __future__ import annotations

from typing import Any, Final

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt
from jax import lax

from coinche._checks import check_int_range, short_repr
from coinche._shuffle import dealt_hands
from coinche.actions import NUM_ACTIONS
from coinche.arrays import (
    COLUMNS,
    COMPACT_FIELDS,
    COMPACT_SIZE,
    MASK_COLUMNS,
    Rules,
    State,
    batch_init,
    deal_keys,
    rules_data,
)
from coinche.arrays._checks import check_index as check_seed
from coinche.arrays._engine import PLAY, THROWN_IN, init, step_where
from coinche.arrays._rules import advance_key
from coinche.arrays._tables import check_array_rules
from coinche.cards import Hand
from coinche.config import RuleConfig
from coinche.deal import Deal
from coinche.errors import CoincheTypeError, CoincheValueError, IllegalActionError
from coinche.rl._common import DEFAULT_REWARD, RewardKind, Rewards, to_rules
from coinche.rl.observation import OBSERVATION_SIZE, field_slice
from coinche.seats import Seat

__all__ = ["COMPACT_FIELDS", "COMPACT_SIZE", "BatchEnv", "deal_of", "expand", "to_compact_int32"]

I64 = npt.NDArray[np.int64]

_MAX_DEALS: Final = 2**24  # 16,777,216 deals: each one's state takes about 1 KB
Array = jax.Array


def deal_of(rules: RuleConfig | str | None, seed: int, index: int) -> Deal:
    """Deal *index* of *seed* (ints from 0 to 2**64 - 1): the deal slot ``index % n`` of
    a :class:`BatchEnv` of that seed plays as its ``index // n``-th deal, about to start
    its auction, and :func:`coinche.arrays.deal_key` names to the JAX engine.

    >>> from coinche.rl.batch import deal_of
    >>> deal = deal_of("ffb", 7, 3)
    >>> deal == deal_of("ffb", 7, 3), [len(hand) for hand in deal.hands]
    (True, [8, 8, 8, 8])

    :raises CoincheTypeError: *seed* or *index* not an int from 0 to 2**64 - 1; *rules*
        not rules or a preset name.
    :raises RuleConfigError: rules the batch env does not play.
    """
    checked = check_array_rules(to_rules(rules))
    dealer, masks = dealt_hands(check_seed(seed, "seed"), check_seed(index, "index"))
    return Deal.from_hands(Seat(dealer), checked, [Hand.from_mask(mask) for mask in masks])


def _advance(
    states: State, actions: Array, moving: Array, rules: Rules, stride: Array
) -> tuple[State, Array, Array, Array, Array]:
    """One step of the deals *moving*, then the next deal in each slot whose deal ended.

    A few deals end at a step (one in 38 steps or so each): their next deals are dealt
    alone and written into their slots; when more than a quarter of the batch ended,
    every slot is dealt and the ended ones selected (the same states, more work)."""
    stepped = jax.vmap(step_where, in_axes=(0, 0, None, 0))(states, actions, rules, moving)
    ended = stepped.terminated
    n = ended.shape[0]
    most = max(1, n // 4)

    def fresh(key: Array) -> State:
        keys = jax.vmap(advance_key, in_axes=(0, None))(key, stride)
        dealt: State = jax.vmap(init, in_axes=(0, None))(keys, rules)
        return dealt

    def few(st: State) -> State:
        (slots,) = jnp.nonzero(ended, size=most, fill_value=n)  # n: no slot, dropped
        new = fresh(st.key[jnp.minimum(slots, n - 1)])
        after: State = jax.tree.map(lambda old, x: old.at[slots].set(x, mode="drop"), st, new)
        return after

    def many(st: State) -> State:
        def pick(new: Array, old: Array) -> Array:
            return jnp.where(ended.reshape((-1,) + (1,) * (new.ndim - 1)), new, old)

        after: State = jax.tree.map(pick, fresh(st.key), st)
        return after

    after = lax.cond(jnp.sum(ended) <= most, few, many, stepped)
    return after, stepped.rewards, ended, stepped.scores, stepped.phase == THROWN_IN


_advance_jit: Final = jax.jit(_advance)


def to_compact_int32(rows: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """Compact rows (:data:`COMPACT_FIELDS`, as :attr:`BatchEnv.observations` gives
    them: int64, masks from 0 to 2**32 - 1) as the JAX engine holds them (int32, card
    masks as bit patterns, a set bit 31 negative); one row or ``n x`` :data:`COMPACT_SIZE`.

    >>> from coinche.rl.batch import BatchEnv, to_compact_int32
    >>> env = BatchEnv(n=2)
    >>> rows = to_compact_int32(env.observations)
    >>> rows.dtype, rows.shape, bool((rows == env.state.observation).all())
    (dtype('int32'), (2, 46), True)

    :raises CoincheTypeError: not an array (or a list) of integers.
    :raises CoincheValueError: not of shape ``(46,)`` or ``(n, 46)``, or a value out of
        -2**31 to 2**32 - 1 (neither an int32 nor a 32-bit mask).
    """
    return _compact_rows(rows).astype(np.uint32).view(np.int32)


def _compact_rows(compact: object) -> npt.NDArray[np.int64]:
    """*compact* as int64 compact rows (one row or ``n x COMPACT_SIZE``), checked."""
    try:
        rows: Any = np.asarray(compact)
    except (TypeError, ValueError, OverflowError):
        raise CoincheTypeError(
            f"compact observations are integers, not {short_repr(compact)}"
        ) from None
    if rows.dtype.kind not in "iu":
        raise CoincheTypeError(f"compact observations are integers, not {rows.dtype}")
    if rows.ndim not in (1, 2) or rows.shape[-1] != COMPACT_SIZE:
        raise CoincheValueError(
            f"compact observations have {COMPACT_SIZE} columns, not {rows.shape}"
        )
    if rows.size and not (int(rows.min()) >= -(2**31) and int(rows.max()) < 2**32):
        raise CoincheValueError(
            "compact observations hold int32 values and 32-bit masks (from -2**31 to "
            f"2**32 - 1), not {short_repr(int(rows.min()))} to {short_repr(int(rows.max()))}"
        )
    checked: npt.NDArray[np.int64] = rows.astype(np.int64)
    return checked


def _public(rows: npt.NDArray[np.int32]) -> I64:
    out = rows.astype(np.int64)
    out[:, MASK_COLUMNS] &= 0xFFFFFFFF
    return out


class BatchEnv:
    """*n* deals of *rules* (a :class:`~coinche.RuleConfig` or a preset name) advanced
    together; deals seeded by *seed* (see the module). Built ready: the first
    observations and masks are there before any :meth:`step`. *reward* is the
    environments' (``"scaled"``, ``"score"`` or ``"win"``; :doc:`/rl`, "Rewards").

    :raises RuleConfigError: classic belote, or belote that must be declared.
    :raises CoincheTypeError: *n* or *seed* not an int; *reward* not one of the three.
    :raises CoincheValueError: *n* not from 1 to 2**24, *seed* not from 0
        to 2**64 - 1.
    """

    def __init__(
        self,
        rules: RuleConfig | str | None = None,
        n: int = 1,
        seed: int = 0,
        *,
        reward: RewardKind = DEFAULT_REWARD,
    ) -> None:
        self.rules = check_array_rules(to_rules(rules))
        self.reward = Rewards(reward, self.rules)
        """The reward of a deal from its score difference (:attr:`rewards`)."""
        n = check_int_range(n, "n", 1, _MAX_DEALS, numpy=True)
        self.seed = check_seed(seed, "seed")
        self.n = n
        self._rules = rules_data(self.rules)
        self._stride = jnp.asarray([n & 0xFFFFFFFF, n >> 32], dtype=jnp.uint32)
        self.state: State = batch_init(jnp.asarray(deal_keys(self.seed, 0, n)), self._rules)
        """The deals as the JAX engine holds them (:class:`coinche.arrays.State`)."""
        self.rewards = np.zeros((n, 4), dtype=np.float32)
        """The reward of each seat this step, when the deal ended this step: its team's
        deal score minus the other's through :attr:`reward` (0 for a deal thrown in)."""
        self.terminated = np.zeros(n, dtype=np.bool_)
        """True for each slot whose deal ended this step (a new deal is now there)."""
        self.final_scores: I64 = np.zeros((n, 2), dtype=np.int64)
        """The deal scores (North-South, East-West) of the deals that ended this step."""
        self.thrown_in = np.zeros(n, dtype=np.bool_)
        """True for each slot whose deal was thrown in this step (all four passed)."""
        self._read()

    def _read(self) -> None:
        state = self.state
        self._to_move: I64 = np.asarray(state.current_player).astype(np.int64)
        self.action_mask: npt.NDArray[np.bool_] = np.array(state.legal_action_mask)
        """The legal actions of the seat to move in each deal (``n x 154`` booleans)."""
        self.observations: I64 = _public(np.asarray(state.observation))
        """The compact observation (:data:`COMPACT_FIELDS`) of the seat to move in each deal."""

    @property
    def to_move(self) -> I64:
        """The seat to move in each deal, absolute (0 North ... 3 West)."""
        return self._to_move

    @property
    def deal_index(self) -> npt.NDArray[np.uint64]:
        """The index (of the seed) of the deal each slot plays."""
        key = np.asarray(self.state.key).astype(np.uint64)
        index: npt.NDArray[np.uint64] = key[:, 2] | key[:, 3] << np.uint64(32)
        return index

    @property
    def in_play(self) -> npt.NDArray[np.bool_]:
        """True for each deal in its play (False in its auction)."""
        playing: npt.NDArray[np.bool_] = np.asarray(self.state.phase) == PLAY
        return playing

    def sample(self, rng: np.random.Generator) -> I64:
        """A random legal action for each deal (uniform over its mask).

        >>> import numpy as np
        >>> from coinche.rl.batch import BatchEnv
        >>> env = BatchEnv(n=8)
        >>> actions = env.sample(np.random.default_rng(1))
        >>> bool(env.action_mask[np.arange(8), actions].all())
        True
        """
        if not isinstance(rng, np.random.Generator):
            raise CoincheTypeError(f"rng must be a numpy Generator, not {short_repr(rng)}")
        draw = rng.random(self.n)
        mask = self.action_mask
        # the k-th legal action, k = floor(draw x their number): on the card bits where
        # only cards are legal (the play), by a running count over the row elsewhere
        cards = np.packbits(mask[:, :32], axis=1, bitorder="little").view("<u4")[:, 0]
        k = (draw * np.bitwise_count(cards)).astype(np.int64)
        for i in range(int(k.max(initial=0))):
            cards = np.where(k > i, cards & (cards - np.uint32(1)), cards)
        chosen: I64 = np.bitwise_count((cards & (~cards + np.uint32(1))) - np.uint32(1))
        chosen = chosen.astype(np.int64)
        rows = np.flatnonzero(mask[:, 32:].any(axis=1))
        if rows.size:
            cumulative = np.cumsum(mask[rows], axis=1, dtype=np.int16)
            pick = (draw[rows] * cumulative[:, -1]).astype(np.int16)
            chosen[rows] = np.argmax(cumulative > pick[:, None], axis=1)
        return chosen

    def sample_first(self) -> I64:
        """The first legal action of each deal (the lowest integer its mask allows)."""
        first: I64 = np.argmax(self.action_mask, axis=1).astype(np.int64)
        return first

    def step(self, actions: npt.ArrayLike, where: npt.ArrayLike | None = None) -> None:
        """Play ``actions[i]`` for the seat to move in deal *i*, for every *i* (or only
        where the booleans *where* are True: the other deals stay as they are, their
        actions unread; all False moves nothing).

        :raises CoincheTypeError: not *n* integers, or *where* not *n* booleans.
        :raises IllegalActionError: an action its deal's mask does not allow (the first
            such deal is named; no deal moves).
        """
        acts = np.asarray(actions)
        if acts.shape != (self.n,) or acts.dtype.kind not in "iu":
            raise CoincheTypeError(
                f"actions must be {self.n} integers (one per deal), not an array of "
                f"shape {acts.shape} and dtype {acts.dtype}"
            )
        moving = np.ones(self.n, dtype=np.bool_)
        if where is not None:
            given = np.asarray(where)
            if given.shape != (self.n,) or given.dtype != np.bool_:
                raise CoincheTypeError(f"where must be {self.n} booleans, not {short_repr(where)}")
            moving = given
        acts = np.where(moving, acts, self.sample_first()).astype(np.int64)
        ok = (acts >= 0) & (acts < NUM_ACTIONS)
        ok[ok] = self.action_mask[np.flatnonzero(ok), acts[ok]]
        if not ok.all():
            bad = int(np.flatnonzero(~ok)[0])
            raise IllegalActionError(
                int(acts[bad]), Seat(int(self._to_move[bad])), f"not legal in deal {bad} now"
            )
        self.state, rewards, ended, scores, thrown = _advance_jit(
            self.state,
            jnp.asarray(acts, jnp.int32),
            jnp.asarray(moving),
            self._rules,
            self._stride,
        )
        diff = np.asarray(rewards)
        self.rewards = self.reward.of_array(diff) if self.reward.kind != "score" else diff.copy()
        self.terminated = np.array(ended)
        self.final_scores = np.asarray(scores).astype(np.int64)
        self.thrown_in = np.array(thrown)
        self._read()


# ---------------------------------------------------------------------- expanding
_F: Final = {name: field_slice(name).start for name in (
    "hand", "played", "trick", "trick_leader", "shown", "bids", "coinche", "surcoinche",
    "passed", "contract_strain", "contract_level", "contract_taker", "contract_multiplier",
    "card_points", "tricks_won", "announcements", "seat", "dealer", "to_move", "phase",
)}  # fmt: skip


# x / scale, capped at 1, as float32 from the float64 quotient (as coinche.rl.observation
# computes it: a float32 division can round the other way)
_RATIO_TOP: Final = 1024
_RATIOS: Final = {
    scale: jnp.asarray(np.minimum(np.arange(_RATIO_TOP + 1) / scale, 1.0).astype(np.float32))
    for scale in (8, 162, 500)
}


def _one_hot(index: Array | int, size: int, on: Array | bool = True) -> Array:
    return ((jnp.arange(size) == index) & on).astype(jnp.float32)


def _mask_bits(words: Array) -> Array:
    """The 32 bits of each int32 word, lowest first, as a trailing axis of floats."""
    bits = jax.lax.bitcast_convert_type(words, jnp.uint32)[..., None] >> jnp.arange(
        32, dtype=jnp.uint32
    )
    return (bits & 1).astype(jnp.float32)


def expand_row(row: Array) -> Array:
    """The observation of :func:`coinche.rl.observation` (998 float32) of one compact
    int32 row of the JAX engine (``State.observation``), in JAX (jit and vmap take it)."""
    c = COLUMNS
    me = row[c["seat"]]
    rel = (me + jnp.arange(4)) & 3  # the absolute seat of each relative one

    def by_seat(name: str) -> Array:
        return _mask_bits(row[c[name] : c[name] + 4][rel]).reshape(128)

    trick = row[c["trick"] : c["trick"] + 4][rel]
    trick_part = ((jnp.arange(32)[None, :] == trick[:, None]) & (trick[:, None] >= 0)).reshape(128)
    phase = row[c["phase"]]
    in_play = phase == PLAY
    words = row[c["bids"] : c["bids"] + 16].reshape(4, 4)[rel]  # relative seat x word
    bids = _mask_bits(words).reshape(4, 128)[:, :114].T.reshape(456)
    passed = ((row[c["passed"]] >> rel) & 1).astype(jnp.float32)
    team = me & 1

    def pair(name: str, scale: int) -> Array:
        values = row[c[name] : c[name] + 2]
        both = jnp.stack([values[team], values[1 - team]])
        return _RATIOS[scale][jnp.clip(both, 0, _RATIO_TOP)]

    def relative(name: str) -> Array:
        who = row[c[name]]
        return _one_hot((who - me) & 3, 4, who >= 0)

    def value(name: str, size: int) -> Array:
        return _one_hot(row[c[name]], size, row[c[name]] >= 0)

    parts = [
        _mask_bits(row[c["hand"]]),
        by_seat("played"),
        trick_part.astype(jnp.float32),
        _one_hot((row[c["trick_leader"]] - me) & 3, 4, in_play),
        by_seat("shown"),
        jnp.zeros(32),  # turned
        bids,
        relative("coinche"),
        relative("surcoinche"),
        jnp.zeros(4 + 16),  # take, name_suit
        passed,
        jnp.zeros(1),  # round_two
        value("contract_strain", 6),
        value("contract_level", 19),
        relative("contract_taker"),
        value("contract_multiplier", 3),
        pair("card_points", 162),
        pair("tricks_won", 8),
        pair("announcements", 500),
        jnp.zeros(1 + 2),  # belote, game_totals
        _one_hot(me, 4),
        _one_hot((row[c["dealer"]] - me) & 3, 4),
        _one_hot(0, 4),  # the observer is the seat to move
        _one_hot(phase, 4),
    ]
    return jnp.concatenate(parts).astype(jnp.float32)


_expand_jit: Final = jax.jit(jax.vmap(expand_row))


def expand(compact: npt.ArrayLike) -> npt.NDArray[np.float32]:
    """The observations of :func:`coinche.rl.observation` (``M x 998`` float32) from
    compact rows (``M x`` :data:`COMPACT_SIZE`, or one row).

    >>> from coinche.rl import field_slice
    >>> from coinche.rl.batch import BatchEnv, expand
    >>> full = expand(BatchEnv("ffb", n=8, seed=3).observations)
    >>> full.shape, full[:, field_slice("hand")].sum(axis=1).tolist()[:2]
    ((8, 998), [8.0, 8.0])

    :raises CoincheTypeError: not rows of :data:`COMPACT_SIZE` integers.
    :raises CoincheValueError: their shape, or values out of 32 bits.
    """
    rows = _compact_rows(compact)
    single = rows.ndim == 1
    if single:
        rows = rows[None, :]
    out = np.asarray(_expand_jit(jnp.asarray(to_compact_int32(rows))))
    assert out.shape[1] == OBSERVATION_SIZE
    return out[0] if single else out
