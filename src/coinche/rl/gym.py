"""The Gymnasium environment: one seat learns, the library's players hold the other three.

>>> from coinche import Seat
>>> from coinche.bots.players import GreedyPlayer
>>> from coinche.rl import CoincheGymEnv
>>> env = CoincheGymEnv("common", seat=Seat.SOUTH, players=GreedyPlayer())
>>> obs, info = env.reset(seed=3)
>>> done = False
>>> while not done:
...     action = env.action_space.sample(obs["action_mask"])
...     obs, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> isinstance(reward, float)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any, Final, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from typing_extensions import override

from coinche._checks import check_seat, check_seed, check_type, short_repr
from coinche.actions import NUM_ACTIONS, int_to_action
from coinche.bots.base import Player, _check_player
from coinche.bots.players import GreedyPlayer
from coinche.config import RuleConfig
from coinche.deal import Action, Deal
from coinche.errors import CoincheTypeError, CoincheValueError, IllegalActionError
from coinche.rl._common import (
    DEFAULT_REWARD,
    RewardKind,
    Rewards,
    check_options,
    check_render_mode,
    mask_array,
    observation_space,
    render_for,
    to_rules,
)
from coinche.rl._incremental import Tracker
from coinche.seats import Seat

__all__ = ["ENV_ID", "CoincheGymEnv", "register_envs"]

ObsDict = dict[str, npt.NDArray[Any]]
_SEATS: Final = tuple(Seat)


class CoincheGymEnv(gymnasium.Env[ObsDict, np.int64]):
    """One deal per episode; the agent plays *seat*, *players* play the others.

    *players* is one :class:`~coinche.bots.players.Player` for the three other seats, or a
    mapping from each other seat to its player (default: :class:`GreedyPlayer
    <coinche.bots.players.GreedyPlayer>` everywhere: random opponents bid at random,
    and an agent learns to coinche them, which no real table rewards). They see only
    their own :class:`~coinche.PlayerView`, as :func:`coinche.bots.players.play_deal`
    gives it.

    Observations are dicts, as in the AEC environment: ``observation`` (the vector of
    :func:`~coinche.rl.observation`) and ``action_mask`` (int8, :mod:`coinche.actions`);
    :meth:`action_masks` gives the mask too (the name sb3-contrib's maskable PPO
    calls). The dealer is drawn at random for each deal. The reward, at the end of a
    scored deal, is the agent's team's deal score minus the other team's, through
    *reward* as in every environment (:doc:`/rl`, "Rewards"): divided by the rules'
    largest such difference (``"scaled"``, the default: in [-1, 1]), as it is
    (``"score"``), or its sign (``"win"``); a deal where all four pass gives 0.

    An illegal action ends the episode with *illegal_reward* (default: the lowest
    reward a deal can give, -1 for ``"scaled"`` and ``"win"``, minus
    :func:`~coinche.rl.openspiel.utility_bound` for ``"score"``) and
    ``info["illegal_action"] = True``, as PettingZoo's ``TerminateIllegalWrapper``
    does: a learner that ignores the mask is punished, not crashed. An action is an
    integer (an ``int``, a NumPy integer scalar or a 0-d integer array); anything else
    (a float, a string, an array of one element) raises
    :class:`~coinche.CoincheTypeError`. Once the episode has ended (the deal is over, or
    after an illegal action) the caller must :meth:`reset`: :meth:`step` raises
    :class:`~coinche.IllegalActionError` until then, as it does before the first reset.
    """

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        rules: RuleConfig | str | None = None,
        *,
        seat: Seat = Seat.NORTH,
        players: Player | Mapping[Seat, Player] | None = None,
        render_mode: str | None = None,
        reward: RewardKind = DEFAULT_REWARD,
        illegal_reward: float | None = None,
    ) -> None:
        self.rules = to_rules(rules)
        self.seat = check_seat(seat)
        self.render_mode = check_render_mode(render_mode)
        self._reward = Rewards(reward, self.rules)
        self.reward_kind: RewardKind = self._reward.kind
        if illegal_reward is None:
            illegal_reward = -self._reward.bound
        self.illegal_reward = _finite(check_type(illegal_reward, (int, float), "illegal_reward"))
        self.players: dict[Seat, Player] = _check_players(players, self.seat)
        self.observation_space = observation_space()  # type: ignore[assignment]
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._rng = random.Random()
        self._deal: Deal | None = None
        self._legal: tuple[Action, ...] = ()
        self._over = True  # no episode until reset()
        self._tracker: Tracker | None = None  # the observation vectors, kept up to date

    @property
    def deal(self) -> Deal:
        """The deal being played."""
        assert self._deal is not None, "call reset() first"
        return self._deal

    def _others(self, deal: Deal) -> Deal:
        """Let the other seats play until the agent is to move or the deal is over."""
        rng = self._rng
        while not deal.is_over and deal.to_move is not self.seat:
            seat = deal.to_move
            assert seat is not None
            action = self.players[seat].choose(deal.view(seat), deal.legal_actions(), rng)
            after = deal.apply(action)
            if self._tracker is not None:
                self._tracker.update(deal, int(seat), action, after)
            deal = after
        return deal

    def _observe(self) -> ObsDict:
        assert self._tracker is not None
        return {
            "observation": self._tracker.vectors[self.seat].copy(),
            "action_mask": mask_array(self._legal, self.rules),
        }

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the agent now, as booleans."""
        return mask_array(self._legal, self.rules).astype(bool)

    @override
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        """Deal a new deal (or take ``options["deal"]``, a :class:`~coinche.Deal` of the
        env's rules) and let the others play up to the agent's first turn.

        *seed* is None or an int from 0 (Gymnasium seeds are not negative) of at most 100
        digits, a NumPy integer too; a float, a string or a bool is refused, never read
        as a number. *options* is a dict (or None): its key ``"deal"`` is read, any
        other ignored.

        :raises CoincheTypeError: *seed* not an int, *options* not a dict, or
            ``options["deal"]`` not a :class:`~coinche.Deal` of the env's rules.
        :raises CoincheValueError: *seed* negative or of more than 100 digits.
        """
        if seed is not None:
            seed = check_seed(seed, numpy=True)
            if seed < 0:
                raise CoincheValueError(
                    f"seed must be an int from 0 (Gymnasium's seeds are not negative), not {seed}"
                )
        given = check_options(options).get("deal")
        if given is not None and (not isinstance(given, Deal) or given.rules != self.rules):
            raise CoincheTypeError(
                f"options['deal'] must be a Deal of the env's rules: {short_repr(given)}"
            )
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        rng = self._rng
        deal = given if given is not None else Deal.new(rng.choice(_SEATS), self.rules, rng)
        self._tracker = Tracker(deal)
        self._deal = self._others(deal)
        self._legal = self.deal.legal_actions()
        self._over = self._deal.is_over
        return self._observe(), {}

    @override
    def step(self, action: Any) -> tuple[ObsDict, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play integer *action* for the agent, then the others up to its next turn.

        :raises CoincheTypeError: *action* is not an integer.
        :raises IllegalActionError: the episode is over (or not started): call
            :meth:`reset`.
        """
        if self._over:
            started = self._deal is not None
            reason = "the episode is over" if started else "no episode has started"
            raise IllegalActionError(action, self.seat, f"{reason}: call reset() first")
        move = int_to_action(action, self.rules)
        if move not in self._legal:
            self._legal = ()
            self._over = True
            return self._observe(), self.illegal_reward, True, False, {"illegal_action": True}
        before = self.deal
        after = before.apply_unchecked(move)
        assert self._tracker is not None
        self._tracker.update(before, int(self.seat), move, after)
        deal = self._others(after)
        self._deal = deal
        self._over = deal.is_over
        self._legal = deal.legal_actions() if deal.to_move is self.seat else ()
        reward = 0.0
        result = deal.result
        if result is not None:
            team = self.seat.team
            reward = self._reward.of(result.score[team] - result.score[team.other])
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, deal.is_over, False, {}

    @override
    def render(self) -> str | None:
        """The deal in the library's notation: printed (``"human"``) or returned (``"ansi"``)."""
        return render_for(self.render_mode, self._deal)


ENV_ID: Final = "coinche/Coinche-v0"
"""The Gymnasium id of :class:`CoincheGymEnv` (``gymnasium.make``) and of
:class:`~coinche.rl.vector.CoincheVectorEnv` (``gymnasium.make_vec``), registered when
:mod:`coinche.rl` is imported."""


def register_envs() -> None:
    """Register :data:`ENV_ID` with Gymnasium, once (importing :mod:`coinche.rl` does).

    The id's keyword arguments are ``rules="common"``, ``seat=Seat.SOUTH`` and
    ``reward="scaled"``; ``gymnasium.make`` and ``gymnasium.make_vec`` take any other
    (``players=`` for the one, ``num_envs=``, ``opponent=`` for the other) and
    override these. A second call does nothing.

    >>> import gymnasium
    >>> import coinche.rl
    >>> env = gymnasium.make("coinche/Coinche-v0", rules="ffb")
    >>> from coinche import RuleConfig
    >>> env.unwrapped.rules == RuleConfig.ffb(), env.unwrapped.seat.name
    (True, 'SOUTH')
    >>> envs = gymnasium.make_vec("coinche/Coinche-v0", num_envs=8)
    >>> type(envs).__name__, envs.num_envs
    ('CoincheVectorEnv', 8)
    """
    if ENV_ID in gymnasium.registry:
        return
    gymnasium.register(
        id=ENV_ID,
        entry_point="coinche.rl.gym:CoincheGymEnv",
        vector_entry_point="coinche.rl.vector:CoincheVectorEnv",
        kwargs={"rules": "common", "seat": Seat.SOUTH, "reward": DEFAULT_REWARD},
    )


def _check_players(players: object, seat: Seat) -> dict[Seat, Player]:
    """The player of each seat but *seat*, from *players*: None (GreedyPlayer), one
    :class:`~coinche.bots.base.Player` or a mapping from seats to players (which may
    hold *seat* too: its player is not used); else CoincheTypeError."""
    others = [s for s in _SEATS if s is not seat]
    if players is None:
        players = GreedyPlayer()
    if not isinstance(players, Mapping):
        if isinstance(players, Player) and not isinstance(players, type):
            return dict.fromkeys(others, players)
        raise CoincheTypeError(
            "players must be a Player, a mapping from seats to players or None, "
            f"not {short_repr(players)}"
        )
    for key, player in players.items():
        if type(key) is not Seat:
            raise CoincheTypeError(f"players' keys must be Seats, not {short_repr(key)}")
        _check_player(player, f"players[{key.name}]")
    missing = [s.name for s in others if s not in players]
    if missing:
        raise CoincheTypeError(f"players has no player for {', '.join(missing)}")
    return {s: players[s] for s in others}


def _finite(value: float) -> float:
    """*value* as a finite float, else CoincheTypeError (NaN, infinities, and ints too
    large for a float are refused)."""
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise CoincheTypeError(f"illegal_reward must be a finite number, not {short_repr(value)}")
    return number
