"""A Gymnasium ``VectorEnv`` on :class:`coinche.rl.batch.BatchEnv`, for standard trainers.

>>> import numpy as np
>>> from coinche import Seat
>>> from coinche.rl.vector import CoincheVectorEnv
>>> envs = CoincheVectorEnv("common", num_envs=8, seed=0, seat=Seat.SOUTH)
>>> obs, info = envs.reset(seed=0)
>>> obs["observation"].shape, obs["action_mask"].shape
((8, 998), (8, 154))
>>> rng = np.random.default_rng(0)
>>> for _ in range(50):
...     actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
...     obs, rewards, terminated, truncated, info = envs.step(actions)
>>> rewards.shape, terminated.dtype.name
((8,), 'bool')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from typing_extensions import override

from coinche._checks import check_bool, check_int_range, short_repr
from coinche.actions import NUM_ACTIONS
from coinche.arrays import rules_data
from coinche.arrays._checks import check_index as check_seed
from coinche.arrays._policies import greedy_action
from coinche.arrays._tables import check_array_rules
from coinche.config import RuleConfig
from coinche.errors import CoincheTypeError, CoincheValueError
from coinche.rl._common import DEFAULT_REWARD, RewardKind, check_options, to_rules
from coinche.rl.batch import COMPACT_SIZE, BatchEnv, expand, to_compact_int32
from coinche.rl.observation import OBSERVATION_SIZE
from coinche.seats import Seat

__all__ = ["CoincheVectorEnv", "Policy", "greedy_policy", "random_policy"]

_MAX_ENVS: Final = 2**24  # 16,777,216 deals: more would not fit (each observation is 4 KB)

I64 = npt.NDArray[np.int64]

Policy = Callable[[npt.NDArray[np.int64], npt.NDArray[np.bool_], np.random.Generator], Any]
"""A fixed policy for the other seats: (compact observations, masks, rng) -> actions."""


def random_policy(
    compact: npt.NDArray[np.int64], mask: npt.NDArray[np.bool_], rng: np.random.Generator
) -> npt.NDArray[np.int64]:
    """A uniformly random legal action for each row of *mask* (a :data:`Policy`).

    >>> import numpy as np
    >>> from coinche.rl.vector import random_policy
    >>> mask = np.zeros((2, 154), dtype=bool)
    >>> mask[0, [32, 40]] = mask[1, 5] = True
    >>> actions = random_policy(np.zeros((2, 46), np.int64), mask, np.random.default_rng(0))
    >>> bool(actions[0] in (32, 40)), int(actions[1])
    (True, 5)

    :raises CoincheTypeError: *mask* not a 2-D NumPy array of bools with 154 columns,
        *compact* not a NumPy array of as many rows, *rng* not a NumPy Generator.
    :raises CoincheValueError: a row of *mask* with no legal action.
    """
    _check_policy_arguments(compact, mask, rng)
    cumulative = np.cumsum(mask, axis=1, dtype=np.int16)
    if not cumulative[:, -1].all():
        empty = int(np.argmin(cumulative[:, -1]))
        raise CoincheValueError(f"mask[{empty}] allows no action: a policy needs one per row")
    pick = (rng.random(mask.shape[0]) * cumulative[:, -1]).astype(np.int16)
    chosen: npt.NDArray[np.int64] = np.argmax(cumulative > pick[:, None], axis=1).astype(np.int64)
    return chosen


def _check_policy_arguments(compact: object, mask: object, rng: object) -> None:
    """The arguments of a :data:`Policy`: *mask* an ``n x 154`` array of bools, *compact*
    an array of *n* rows, *rng* a NumPy Generator; else CoincheTypeError."""
    if not (
        isinstance(mask, np.ndarray)
        and mask.dtype == np.bool_
        and mask.ndim == 2
        and mask.shape[1] == NUM_ACTIONS
    ):
        raise CoincheTypeError(
            f"mask must be an n x {NUM_ACTIONS} NumPy array of bools, not {short_repr(mask)}"
        )
    if not isinstance(compact, np.ndarray) or compact.shape[:1] != mask.shape[:1]:
        raise CoincheTypeError(
            f"compact must be a NumPy array of {mask.shape[0]} rows (one per row of mask), "
            f"not {short_repr(compact)}"
        )
    if not isinstance(rng, np.random.Generator):
        raise CoincheTypeError(f"rng must be a numpy.random.Generator, not {short_repr(rng)}")


def greedy_policy(rules: RuleConfig | str | None = None) -> Policy:
    """:class:`~coinche.bots.players.GreedyPlayer` as a :data:`Policy` of the compact
    observations: in every deal of a batch at once, the action GreedyPlayer chooses
    from the mover's view (:func:`coinche.arrays.greedy_action`, compiled; the tests
    replay deals to check it at every decision), under *rules* (those of the batch).
    The default opponents of :class:`CoincheVectorEnv`.

    >>> import numpy as np
    >>> from coinche.rl.batch import BatchEnv
    >>> from coinche.rl.vector import greedy_policy
    >>> env = BatchEnv("common", n=8, seed=0)
    >>> greedy = greedy_policy("common")
    >>> actions = greedy(env.observations, env.action_mask, np.random.default_rng(0))
    >>> bool(env.action_mask[np.arange(8), actions].all())
    True
    """
    data = rules_data(check_array_rules(to_rules(rules)))

    def policy(
        compact: npt.NDArray[np.int64], mask: npt.NDArray[np.bool_], rng: np.random.Generator
    ) -> I64:
        rows = jnp.asarray(to_compact_int32(compact))
        chosen = _greedy_jit(rows, jnp.asarray(mask, dtype=jnp.bool_), data)
        return np.asarray(chosen).astype(np.int64)

    return policy


_greedy_jit: Final = jax.jit(jax.vmap(greedy_action, in_axes=(0, 0, None)))


def _check_actions(actions: object, n: int, who: str) -> I64:
    """*actions* as *n* int64s, or CoincheTypeError naming *who* gave them."""
    if actions is None or isinstance(actions, (str, bytes)):
        raise CoincheTypeError(f"{who} must be {n} integers, not {short_repr(actions)}")
    array = np.asarray(actions)
    if array.shape != (n,) or array.dtype.kind not in "iu":
        raise CoincheTypeError(
            f"{who} must be {n} integers (one per deal), not {short_repr(actions)}"
        )
    return array.astype(np.int64)


class CoincheVectorEnv(VectorEnv[dict[str, Any], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """*num_envs* deals of *rules* (from 1 to 2**24) as one Gymnasium vector env
    (same-step autoreset).

    With a *seat* (a :class:`~coinche.Seat`) the agent plays that seat in every deal and
    *opponent* (a :data:`Policy`; default :func:`greedy_policy`, the library's
    :class:`~coinche.bots.players.GreedyPlayer` on the batch, since random opponents bid
    at random and an agent learns to coinche them; :func:`random_policy` for uniformly
    random ones) plays the three others, in batches: each
    :meth:`step` returns at the agent's next turn, its reward its team's deal score
    minus the other's, through *reward* (``"scaled"``, the default, ``"score"`` or
    ``"win"``, as in every environment: :doc:`/rl`, "Rewards"), when the deal ended (0
    otherwise). With ``seat=None``
    (self-play) each step is one action of the seat to move in each deal, whichever it
    is: ``reward`` is the mover's team's, and ``info["rewards"]`` (``num_envs x 4``) and
    ``info["to_move"]`` give every seat's, for trainers that credit all four.

    Observations are dicts: ``observation`` (``num_envs x 998`` float32, the layout of
    :func:`coinche.rl.observation`; with ``compact=True`` the ``num_envs x 38`` ints of
    :data:`coinche.rl.batch.COMPACT_FIELDS`) and ``action_mask`` (int8);
    :meth:`action_masks` gives the masks as booleans. Deals end by termination only
    (never truncated); on the step a deal ends, the observation is already the next
    deal's (``metadata["autoreset_mode"]`` is same-step): where ``terminated`` is True,
    the reward is the ended deal's, but the observation and the mask (never all zeros)
    are those of the agent's first turn in the new deal, so an action can always be
    taken from them. The ended deal's last observation is not kept (``info`` has no
    ``final_obs``): a deal's value after its end is 0, and nothing is truncated, so a
    learner needs no bootstrap from it. :meth:`step` never refuses to go on: there is
    no end to step past.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        rules: RuleConfig | str | None = None,
        num_envs: int = 1,
        seed: int = 0,
        *,
        seat: Seat | None = Seat.SOUTH,
        opponent: Policy | None = None,
        compact: bool = False,
        reward: RewardKind = DEFAULT_REWARD,
    ) -> None:
        if seat is not None and type(seat) is not Seat:
            raise CoincheTypeError(f"seat must be a Seat or None, not {short_repr(seat)}")
        if opponent is not None and not callable(opponent):
            raise CoincheTypeError(
                f"opponent must be a Policy (a callable) or None, not {short_repr(opponent)}"
            )
        self.compact = check_bool(compact, "compact")
        num_envs = check_int_range(num_envs, "num_envs", 1, _MAX_ENVS, numpy=True)
        self.batch = BatchEnv(rules, n=num_envs, seed=seed, reward=reward)
        self.num_envs = num_envs
        self.seat = seat
        self.opponent: Policy = greedy_policy(self.batch.rules) if opponent is None else opponent
        self._seed = seed
        self._rng = np.random.default_rng(seed)
        width = COMPACT_SIZE if compact else OBSERVATION_SIZE
        box: spaces.Box[Any]
        if compact:
            box = spaces.Box(-1, 2**32 - 1, (width,), dtype=np.int64)
        else:
            box = spaces.Box(0.0, 1.0, (width,), dtype=np.float32)
        self.single_observation_space = spaces.Dict(
            {"observation": box, "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8)}
        )
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    box.low.min(), box.high.max(), (num_envs, width), dtype=box.dtype
                ),
                "action_mask": spaces.Box(0, 1, (num_envs, NUM_ACTIONS), np.int8),
            }
        )
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, NUM_ACTIONS))

    def _obs(self) -> dict[str, Any]:
        batch = self.batch
        vector = batch.observations if self.compact else expand(batch.observations)
        return {"observation": vector, "action_mask": batch.action_mask.astype(np.int8)}

    def _others(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Let the other seats move until the agent is to move in every deal."""
        batch = self.batch
        team = int(self.seat) & 1 if self.seat is not None else 0
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        ended = np.zeros(self.num_envs, dtype=np.bool_)
        if self.seat is None:
            return rewards, ended
        while True:
            waiting = batch.to_move != int(self.seat)
            if not waiting.any():
                return rewards, ended
            chosen = self.opponent(batch.observations, batch.action_mask, self._rng)
            actions = _check_actions(chosen, self.num_envs, "the opponent's actions")
            batch.step(actions, where=waiting)
            rewards += batch.rewards[:, team]
            ended |= batch.terminated

    @override
    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start *num_envs* new deals (of *seed*, else of the next seed) and play the
        other seats up to the agent's first turn.

        *options* is None or a dict, whose keys are ignored but one: every deal is
        reset, so Gymnasium's ``reset_mask`` (which asks to reset some deals only) is
        refused, not taken for all.

        :raises CoincheTypeError: *seed* not an int from 0 to 2**64 - 1, *options* not a
            dict.
        :raises CoincheValueError: *options* holds ``"reset_mask"``.
        """
        if "reset_mask" in check_options(options):
            raise CoincheValueError(
                "options['reset_mask'] is refused: CoincheVectorEnv resets every deal "
                "(its deals end and start again within step, same-step autoreset)"
            )
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        self._seed = (self._seed + 1) % 2**64 if seed is None else check_seed(seed, "seed")
        self._rng = np.random.default_rng(self._seed)
        batch = self.batch
        self.batch = BatchEnv(
            batch.rules, n=self.num_envs, seed=self._seed, reward=batch.reward.kind
        )
        self._others()
        return self._obs(), {}

    @override
    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        dict[str, Any],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Play *actions* (one per deal) for the agent, then the others to its next turn.

        :raises CoincheTypeError: *actions* not *num_envs* integers (floats, strings and
            None are refused, never read as numbers).
        :raises IllegalActionError: an action its deal's mask does not allow.
        """
        batch = self.batch
        mover = batch.to_move.copy()
        batch.step(_check_actions(actions, self.num_envs, "actions"))
        info: dict[str, Any] = {}
        if self.seat is None:
            rewards = batch.rewards[np.arange(self.num_envs), mover].copy()
            terminated = batch.terminated.copy()
            info = {"rewards": batch.rewards.copy(), "to_move": batch.to_move.copy()}
        else:
            rewards = batch.rewards[:, int(self.seat) & 1].copy()
            terminated = batch.terminated.copy()
            more, ended = self._others()
            rewards += more
            terminated |= ended
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return self._obs(), rewards, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of each deal's agent now, as booleans (``num_envs x 154``)."""
        return self.batch.action_mask.copy()
