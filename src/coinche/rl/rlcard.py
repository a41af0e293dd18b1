"""Coinche as an RLCard environment, ``rlcard.make("coinche")`` (the extra
``coinche[rlcard]``).

Importing this module registers the environment with RLCard:

>>> import rlcard
>>> import coinche.rl.rlcard
>>> env = rlcard.make("coinche", config={"seed": 1, "game_rules": "ffb"})
>>> env.num_players, env.num_actions, env.state_shape[0]
(4, 154, [998])
>>> state, player = env.reset()
>>> player, sorted(state)
(0, ['action_record', 'legal_actions', 'obs', 'raw_legal_actions', 'raw_obs'])
>>> state["raw_legal_actions"][:3]
['pass', '80 C', '80 D']

- **Config**: RLCard's ``seed`` and ``allow_step_back``, and ``game_rules`` (a preset
  name, default ``"common"``), ``game_dealer`` (the first deal's dealer, N E S W,
  default ``"W"``; each new deal's dealer is the seat after the last one's) and
  ``game_reward`` (``"scaled"``, the default, ``"score"`` or ``"win"``: the payoffs).
- **Players** 0 to 3 are North, East, South, West; the actions are the integers of
  :mod:`coinche.actions` (154), ``legal_actions`` an ordered dict of the legal ones.
- **States**: ``obs`` is :func:`coinche.rl.observation` of the player's view (998
  floats); ``raw_obs`` a dict with the :class:`~coinche.PlayerView` (``view``) and its
  text (``text``); ``raw_legal_actions`` the legal actions as text, which agents with
  ``use_raw`` give back to :meth:`~rlcard.envs.Env.step`.
- **Payoffs**: each player's team deal score minus the other team's (a thrown-in deal
  gives 0), through ``game_reward`` as in the other environments: divided by
  :func:`~coinche.rl.openspiel.utility_bound` of the rules (``"scaled"``, in [-1, 1]),
  as it is (``"score"``), or its sign (``"win"``).
- ``step_back`` (with ``allow_step_back``) takes back the last action.
- ``get_perfect_information`` gives the four hands, the calls, the tricks and the seat
  to move.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from typing import Any, Final

import numpy as np
from rlcard.envs import Env
from rlcard.envs.registration import registry

from coinche.actions import NUM_ACTIONS, int_to_action, legal_action_ints
from coinche.deal import Action, Deal
from coinche.errors import CoincheTypeError
from coinche.rl._common import DEFAULT_REWARD, Rewards, team_returns, to_rules
from coinche.rl.observation import OBSERVATION_SIZE, observation
from coinche.seats import Seat
from coinche.step import parse_action

__all__ = ["CoincheEnv", "CoincheRLCardGame"]

_SEATS: Final = tuple(Seat)


class CoincheRLCardGame:
    """RLCard's game interface on a :class:`~coinche.Deal` (what :class:`CoincheEnv` runs)."""

    def __init__(
        self, rules: str = "common", dealer: str = "W", reward: str = DEFAULT_REWARD
    ) -> None:
        self.rules = to_rules(rules)
        self.reward = Rewards(reward, self.rules)
        self.dealer = Seat.parse(dealer).previous  # init_game moves it on first
        self.allow_step_back = False
        self.np_random: Any = np.random.RandomState()
        self.deal: Deal | None = None
        self._before: list[Deal] = []

    def init_game(self) -> tuple[dict[str, Any], int]:
        """A new deal, dealt from the game's ``np_random``; its first state and player."""
        self.dealer = self.dealer.next
        rng = random.Random(int(self.np_random.randint(0, 2**31 - 1)))
        self.deal = Deal.new(self.dealer, self.rules, rng)
        self._before = []
        player = self.get_player_id()
        return self.get_state(player), player

    def _current(self) -> Deal:
        if self.deal is None:
            raise CoincheTypeError("the game has no deal yet: call reset() (init_game) first")
        return self.deal

    def step(self, action: Action | str) -> tuple[dict[str, Any], int]:
        """Apply *action* (an action, or its text) for the seat to move."""
        deal = self._current()
        move = parse_action(action, deal) if isinstance(action, str) else action
        after = deal.apply(move)  # checked: an illegal action raises the library's error
        if self.allow_step_back:
            self._before.append(deal)
        self.deal = after
        player = self.get_player_id()
        return self.get_state(player), player

    def step_back(self) -> bool:
        """Take back the last action; False when there is none to take back."""
        if not self._before:
            return False
        self.deal = self._before.pop()
        return True

    def get_num_players(self) -> int:
        return 4

    def get_num_actions(self) -> int:
        return NUM_ACTIONS

    def get_player_id(self) -> int:
        """The seat to move (the last one to act once the deal is over)."""
        deal = self._current()
        if deal.to_move is not None:
            return int(deal.to_move)
        history = deal.history
        return int(history[-1][0]) if history else int(self.dealer.next)

    def is_over(self) -> bool:
        return self._current().is_over

    def get_state(self, player_id: int) -> dict[str, Any]:
        """*player_id*'s raw state: its view, the view as text, its legal actions."""
        deal = self._current()
        seat = _SEATS[player_id]
        view = deal.view(seat)
        legal = legal_action_ints(deal) if deal.to_move is seat else ()
        return {
            "view": view,
            "text": str(view),
            "legal_actions": [int_to_action(a, self.rules) for a in legal],
            "legal_ints": list(legal),
        }

    def get_payoffs(self) -> list[float]:
        """Each player's reward: its team's deal score minus the other team's, through
        ``game_reward`` (0 until it is over)."""
        return team_returns(self._current(), self.reward)


class CoincheEnv(Env):  # type: ignore[misc]
    """The RLCard environment ``coinche``; see the module."""

    def __init__(self, config: dict[str, Any]) -> None:
        self.name = "coinche"
        self.default_game_config = {
            "game_rules": "common",
            "game_dealer": "W",
            "game_reward": DEFAULT_REWARD,
        }
        self.game = CoincheRLCardGame(
            str(config.get("game_rules", "common")),
            str(config.get("game_dealer", "W")),
            config.get("game_reward", DEFAULT_REWARD),
        )
        super().__init__(config)
        self.state_shape = [[OBSERVATION_SIZE] for _ in range(4)]
        self.action_shape = [None for _ in range(4)]

    def _extract_state(self, state: dict[str, Any]) -> dict[str, Any]:
        legal = state["legal_ints"]
        return {
            "obs": np.asarray(observation(state["view"]), dtype=np.float32),
            "legal_actions": OrderedDict((a, None) for a in legal),
            "raw_obs": {"view": state["view"], "text": state["text"]},
            "raw_legal_actions": [str(action) for action in state["legal_actions"]],
            "action_record": self.action_recorder,
        }

    def _decode_action(self, action_id: int) -> Action:
        return int_to_action(action_id, self.game.rules)

    def _get_legal_actions(self) -> list[int]:
        deal = self.game._current()
        return list(legal_action_ints(deal))

    def get_payoffs(self) -> np.ndarray[Any, Any]:
        return np.asarray(self.game.get_payoffs())

    def get_perfect_information(self) -> dict[str, Any]:
        deal = self.game._current()
        return {
            "hands": [str(deal.hand(seat)) for seat in _SEATS],
            "calls": [f"{seat.letter} {call}" for seat, call in deal.calls],
            "tricks": [str(trick).rstrip() for trick in deal.tricks],
            "to_move": None if deal.to_move is None else int(deal.to_move),
        }

    def get_action_feature(self, action: int) -> np.ndarray[Any, Any]:
        feature = np.zeros(NUM_ACTIONS, dtype=np.int8)
        feature[action] = 1
        return feature


if "coinche" not in registry.env_specs:
    registry.register(env_id="coinche", entry_point="coinche.rl.rlcard:CoincheEnv")
