"""A Gymnasium ``VectorEnv`` on :class:`coinche.rl.batch.BatchEnv`, for standard trainers.

>>> import numpy as np
>>> from coinche import Seat
>>> from coinche.rl.vector import CoincheVectorEnv
>>> envs = CoincheVectorEnv("common", num_envs=4, seed=0, seat=Seat.SOUTH)
>>> obs, info = envs.reset(seed=0)
>>> obs["observation"].shape, obs["action_mask"].shape
((4, 998), (4, 154))
>>> rng = np.random.default_rng(0)
>>> for _ in range(50):
...     actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
...     obs, rewards, terminated, truncated, info = envs.step(actions)
>>> rewards.shape, terminated.dtype.name
((4,), 'bool')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from coinche import _kernel as K
from coinche._checks import short_repr
from coinche.actions import NUM_ACTIONS
from coinche.bots.players import (  # GreedyPlayer's figures, read by greedy_policy
    _BELOTE,
    _PER_SIDE_ACE,
    _PER_TRUMP,
    _SURCOINCHE_MARGIN,
)
from coinche.config import RuleConfig
from coinche.errors import CoincheTypeError
from coinche.rl._common import DEFAULT_REWARD, RewardKind, to_rules
from coinche.rl.batch import COMPACT_FIELDS, COMPACT_SIZE, BatchEnv, expand
from coinche.rl.observation import OBSERVATION_SIZE
from coinche.seats import Seat

__all__ = ["CoincheVectorEnv", "Policy", "greedy_policy", "random_policy"]

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
    >>> actions = random_policy(np.zeros((2, 38), np.int64), mask, np.random.default_rng(0))
    >>> bool(actions[0] in (32, 40)), int(actions[1])
    (True, 5)
    """
    cumulative = np.cumsum(mask, axis=1, dtype=np.int16)
    pick = (rng.random(mask.shape[0]) * cumulative[:, -1]).astype(np.int16)
    chosen: npt.NDArray[np.int64] = np.argmax(cumulative > pick[:, None], axis=1).astype(np.int64)
    return chosen


_COL: Final = {}
_at = 0
for _name, _width, _ in COMPACT_FIELDS:
    _COL[_name] = _at
    _at += _width
del _at, _name, _width
_ORDER: Final = np.array(K.ORDER, dtype=np.int64).reshape(6, 32)
_POINTS: Final = np.array(K.POINTS, dtype=np.int64).reshape(6, 32)
_WIN_KEY: Final = np.array(K.WIN_KEY, dtype=np.int64).reshape(6, 4, 32)
_SUIT_OF: Final = np.arange(32) // 8
_BIT57: Final = np.left_shift(np.int64(1), np.arange(57, dtype=np.int64))
_BIT32: Final = np.left_shift(np.int64(1), np.arange(32, dtype=np.int64))


def _masked_best(score: I64, mask: npt.NDArray[np.bool_], lowest: bool = False) -> I64:
    """Per row, the column of the highest (or lowest) *score* where *mask* is True."""
    big = np.int64(1) << 62
    if lowest:
        chosen: I64 = np.argmin(np.where(mask, score, big), axis=1).astype(np.int64)
    else:
        chosen = np.argmax(np.where(mask, score, -big), axis=1).astype(np.int64)
    return chosen


def greedy_policy(rules: RuleConfig | str | None = None) -> Policy:
    """:class:`~coinche.bots.players.GreedyPlayer` as a :data:`Policy` of the compact
    observations: in every deal of a batch at once, the action GreedyPlayer chooses
    from the mover's view (tests/test_rl_vector.py replays deals to check it), under
    *rules* (those of the batch). The default opponents of :class:`CoincheVectorEnv`.

    >>> import numpy as np
    >>> from coinche.rl.batch import BatchEnv
    >>> from coinche.rl.vector import greedy_policy
    >>> env = BatchEnv("common", n=4, seed=0)
    >>> greedy = greedy_policy("common")
    >>> actions = greedy(env.observations, env.action_mask, np.random.default_rng(0))
    >>> bool(env.action_mask[np.arange(4), actions].all())
    True
    """
    checked = to_rules(rules)
    bids = np.arange(114)
    level = bids // 6
    values = np.where(
        bids < 102,
        checked.min_bid + level * checked.bid_step,
        np.where(bids < 108, K.CAPOT_VALUE, K.GENERALE_VALUE),
    ).astype(np.int64)

    def policy(
        compact: npt.NDArray[np.int64], mask: npt.NDArray[np.bool_], rng: np.random.Generator
    ) -> I64:
        return _greedy(compact, mask, values)

    return policy


def _greedy(compact: I64, mask: npt.NDArray[np.bool_], values: I64) -> I64:
    n = compact.shape[0]
    np.arange(n)
    seat = compact[:, _COL["seat"]]
    hand = (compact[:, _COL["hand"], None] & _BIT32) != 0  # n x 32
    chosen = np.zeros(n, dtype=np.int64)
    play = compact[:, _COL["phase"]] == 1
    # ---------------------------------------------------------------- the auction
    a = np.flatnonzero(~play)
    if a.size:
        h = hand[a]
        strength = np.zeros((a.size, 6), dtype=np.int64)  # no trump, all trump: 0
        for suit in range(4):
            trumps = h[:, 8 * suit : 8 * suit + 8]
            strength[:, suit] = (trumps * _POINTS[suit, 8 * suit : 8 * suit + 8]).sum(axis=1)
            strength[:, suit] += _PER_TRUMP * trumps.sum(axis=1)
            aces = [8 * other + 7 for other in range(4) if other != suit]
            strength[:, suit] += _PER_SIDE_ACE * h[:, aces].sum(axis=1)
            strength[:, suit] += _BELOTE * (h[:, 8 * suit + 6] & h[:, 8 * suit + 5])
        words = compact[a, _COL["bids"] : _COL["bids"] + 8]
        made = (words[:, :, None] & _BIT57) != 0  # n x 8 x 57: seat s, word 2s + b // 57
        by_seat = made.reshape(a.size, 4, 114)
        top = np.where(by_seat.any(axis=1), np.arange(114), -1).max(axis=1)  # highest bid
        has_bid = top >= 0
        bid = np.maximum(top, 0)
        bidder = np.argmax(by_seat[np.arange(a.size), :, bid], axis=1)
        bid_strain = bid % 6
        points = values[bid]
        me = seat[a]
        m = mask[a]
        fallback = np.where(m[:, 32], 32, np.argmax(m, axis=1))
        pick = fallback.copy()
        sur = m[:, 34]
        own = has_bid & (bidder == me)
        strong = strength[np.arange(a.size), bid_strain] >= points + _SURCOINCHE_MARGIN
        pick[sur & own & strong] = 34
        rest = ~sur
        partner_bid = has_bid & ((bidder & 1) == (me & 1))
        suit = np.minimum(bid_strain, 3)
        jack = h[np.arange(a.size), 8 * suit + 4]
        nine = h[np.arange(a.size), 8 * suit + 2]
        beats = (bid_strain < 4) & jack & ((points >= K.CAPOT_VALUE) | nine)
        coinche = rest & ~partner_bid & has_bid & m[:, 33] & beats
        pick[coinche] = 33
        bidding = rest & ~partner_bid & ~coinche
        best = np.argmax(strength[:, :4], axis=1)  # ties: clubs first
        value = strength[np.arange(a.size), best]
        in_strain = m[:, 40:154] & (np.arange(114) % 6 == best[:, None])
        lowest = np.argmax(in_strain, axis=1)
        can = in_strain.any(axis=1) & (value >= values[lowest])
        pick[bidding & can] = 40 + lowest[bidding & can]
        chosen[a] = pick
    # ---------------------------------------------------------------- the play
    p = np.flatnonzero(play)
    if p.size:
        strain = compact[p, _COL["contract_strain"]]
        trick = compact[p, _COL["trick"] : _COL["trick"] + 4]
        cards = mask[p, :32]
        order = _ORDER[strain]
        points = _POINTS[strain]
        column = np.arange(32)
        lead = (order * 32 + points) * 32 + column
        pick = _masked_best(lead, cards)
        played = trick >= 0
        following = played.any(axis=1)
        if following.any():
            f = np.flatnonzero(following)
            leader = compact[p[f], _COL["trick_leader"]]
            led = trick[f, leader] // 8
            keys = _WIN_KEY[strain[f], led]  # n x 32
            best = _masked_best((keys * 32 + points[f]) * 32 + column, cards[f])
            master = np.where(played[f], np.take_along_axis(keys, np.maximum(trick[f], 0), 1), -1)
            wins = keys[np.arange(f.size), best] > master.max(axis=1)
            s = strain[f]
            trump = (s[:, None] == 5) | (s[:, None] == _SUIT_OF)
            cheap = ((points[f] * 2 + trump) * 8 + order[f]) * 32 + column
            low = _masked_best(cheap, cards[f], lowest=True)
            pick[f] = np.where(wins, best, low)
        chosen[p] = pick
    return chosen


class CoincheVectorEnv(VectorEnv[dict[str, Any], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """*num_envs* deals of *rules* as one Gymnasium vector env (same-step autoreset).

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
        self.batch = BatchEnv(rules, n=num_envs, seed=seed, reward=reward)
        self.num_envs = num_envs
        self.seat = seat
        self.opponent: Policy = greedy_policy(self.batch.rules) if opponent is None else opponent
        self.compact = compact
        self._seed = seed
        self._rng = np.random.default_rng(seed)
        width = COMPACT_SIZE if compact else OBSERVATION_SIZE
        box: spaces.Box[Any]
        if compact:
            box = spaces.Box(-1, 2**32, (width,), dtype=np.int64)
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
            actions = np.asarray(chosen, dtype=np.int64)
            batch.step(actions, where=waiting)
            rewards += batch.rewards[:, team]
            ended |= batch.terminated

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start *num_envs* new deals (of *seed*, else of the next seed) and play the
        other seats up to the agent's first turn."""
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        self._seed = self._seed + 1 if seed is None else seed
        self._rng = np.random.default_rng(self._seed)
        batch = self.batch
        self.batch = BatchEnv(
            batch.rules, n=self.num_envs, seed=self._seed, reward=batch.reward.kind
        )
        self._others()
        return self._obs(), {}

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

        :raises IllegalActionError: an action its deal's mask does not allow.
        """
        batch = self.batch
        mover = batch.to_move.copy()
        batch.step(np.asarray(actions).astype(np.int64, copy=False))
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
