"""The PettingZoo AEC environment: the four seats of a deal (or of a whole game) as agents.

>>> from coinche.rl import aec_env
>>> env = aec_env(rules="ffb")
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     if terminated or truncated:
...         action = None
...     else:
...         action = env.action_space(agent).sample(obs["action_mask"])
...     env.step(action)
>>> env.agents
[]
"""

from __future__ import annotations

import random
from typing import Any, Final, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from coinche._checks import check_bool, check_seed, short_repr
from coinche.actions import COINCHE_ACTION, NUM_ACTIONS, PASS_ACTION, int_to_action
from coinche.auction import COINCHE, PASS
from coinche.config import CoincheTiming, RuleConfig
from coinche.deal import Deal, Phase
from coinche.errors import CoincheTypeError, IllegalActionError
from coinche.game import Game
from coinche.rl._common import (
    AGENTS,
    DEFAULT_REWARD,
    SEAT_OF,
    RewardKind,
    Rewards,
    check_agent,
    check_choice,
    check_options,
    check_render_mode,
    fast_mask,
    observation_space,
    render_for,
    to_rules,
)
from coinche.rl._incremental import Tracker
from coinche.seats import Seat, Team

__all__ = ["CoincheAECEnv", "aec_env", "env", "raw_env"]

ObsDict = dict[str, npt.NDArray[Any]]
_SEATS: Final = tuple(Seat)


class CoincheAECEnv(AECEnv[str, ObsDict, int]):  # type: ignore[misc]
    """A PettingZoo AEC environment: the agents ``north``, ``east``, ``south``, ``west``.

    The seat to move is :attr:`agent_selection` (the auction and the play do not go
    round in a fixed order). Each observation is a dict: ``observation``, the vector of
    :func:`~coinche.rl.observation` for that agent's seat, and ``action_mask``, the
    int8 mask of the action table (all zeros for an agent not to move). Actions are
    integers of :mod:`coinche.actions`; an illegal one raises the library's error
    (:class:`~coinche.IllegalCallError`, :class:`~coinche.IllegalCardError` or
    :class:`~coinche.IllegalActionError`).

    *episode* ``"deal"`` (the default) plays one deal, the dealer drawn at random; a
    deal where all four pass ends the episode with no reward. ``"game"`` plays a whole
    :class:`~coinche.Game` (a match, with ``games_to_win`` above 1), and the
    observations show the running totals.

    *reward* (see :doc:`/rl`, "Rewards"): when a deal is scored, each agent receives
    its team's deal score minus the other team's divided by the rules' largest such
    difference, :func:`~coinche.rl.openspiel.utility_bound` (``"scaled"``, the default:
    in [-1, 1]), or as it is (``"score"``); ``"win"`` pays +1 to the agents of the team
    that scored more and -1 to the others, at the end of each deal with
    ``episode="deal"``, only at the end of the game with ``episode="game"``. A deal
    thrown in pays 0.

    *render_mode* ``"human"`` prints the deal in the library's notation after every
    step; ``"ansi"`` returns that text from :meth:`render`.

    *out_of_turn* ``True`` makes pagat's coinche at any time reachable (rules with
    ``coinche_timing='any_time'``; it changes nothing under the others): after each call
    of the auction, each opponent of the highest bidder not to move and still allowed to
    coinche is selected in turn, in the order of play after the seat to move, before the
    seat to move; its mask holds pass (let the chance go: no call is made) and coinche
    (:meth:`Deal.apply_call <coinche.Deal.apply_call>`, out of turn). Off by default: it
    adds up to two decisions after every call.

    The options of :meth:`reset`: ``{"deal": deal}`` starts the episode from that
    :class:`~coinche.Deal` instead of a new one (``episode="deal"`` only).
    """

    metadata: Final[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "coinche_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: RuleConfig | str | None = None,
        render_mode: str | None = None,
        *,
        episode: Literal["deal", "game"] = "deal",
        reward: RewardKind = DEFAULT_REWARD,
        out_of_turn: bool = False,
    ) -> None:
        super().__init__()
        self.rules = to_rules(rules)
        self.out_of_turn = check_bool(out_of_turn, "out_of_turn")
        self._any_time = out_of_turn and self.rules.coinche_timing is CoincheTiming.ANY_TIME
        self._offer: Seat | None = None  # the seat offered an out-of-turn coinche now
        self._declined: set[Seat] = set()  # the seats that let it go since the last call
        self.render_mode = check_render_mode(render_mode)
        self.episode = check_choice(episode, "episode", ("deal", "game"))
        self._reward = Rewards(reward, self.rules)
        self.reward_kind: RewardKind = self._reward.kind
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self._obs_space = observation_space()
        self._act_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self._rng: random.Random | None = None
        self._game: Game | None = None
        self._deal: Deal | None = None
        self._mask: npt.NDArray[np.int8] | None = None  # the mover's, made when first asked
        self._tracker: Tracker | None = None  # the four observation vectors, kept up to date

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The dict space of ``observation`` and ``action_mask`` (the same for every
        agent).

        :raises CoincheTypeError: *agent* is not a str.
        :raises CoincheValueError: *agent* is not one of :attr:`possible_agents`.
        """
        check_agent(agent)
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(NUM_ACTIONS)``: the integers of :mod:`coinche.actions` (the same
        for every agent).

        >>> from coinche.rl import aec_env
        >>> int(aec_env().action_space("north").n)
        154
        >>> aec_env().action_space("nord")
        Traceback (most recent call last):
        ...
        coinche.errors.CoincheValueError: agent must be one of 'north', 'east', ..., not 'nord'

        :raises CoincheTypeError: *agent* is not a str.
        :raises CoincheValueError: *agent* is not one of :attr:`possible_agents`.
        """
        check_agent(agent)
        return self._act_space

    # ------------------------------------------------------------------ state
    @property
    def deal(self) -> Deal:
        """The deal being played (the last one once a game is over)."""
        assert self._deal is not None, "call reset() first"
        return self._deal

    @property
    def game(self) -> Game | None:
        """The game being played with ``episode="game"``; ``None`` otherwise."""
        return self._game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode: a new deal (or game), or the one in ``options["deal"]``.

        *seed* is an int or a NumPy integer (of at most 100 digits), or None; a float, a
        string or a bool raises CoincheTypeError, never read as a number. *options* is a
        dict (or None): its key ``"deal"`` is read, any other ignored.

        :raises CoincheTypeError: *seed* not an int, *options* not a dict, or
            ``options["deal"]`` not a :class:`~coinche.Deal` of the env's rules.
        :raises CoincheValueError: *seed* of more than 100 digits.
        """
        if seed is not None:
            seed = check_seed(seed, numpy=True)
        given = check_options(options).get("deal")
        if given is not None:  # checked before anything changes
            if not isinstance(given, Deal):
                raise CoincheTypeError(f"options['deal'] must be a Deal, not {short_repr(given)}")
            if self.episode != "deal" or given.rules != self.rules:
                raise CoincheTypeError("options['deal'] needs episode='deal' and the env's rules")
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        rng = self._rng
        if given is not None:
            self._game = None
            self._deal = given
        elif self.episode == "game":
            self._game = Game.new(self.rules, rng.choice(_SEATS), rng)
            self._deal = self._game.deal
        else:
            self._game = None
            self._deal = Deal.new(rng.choice(_SEATS), self.rules, rng)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._tracker = Tracker(self._deal, None if self._game is None else self._game.totals)
        self._declined = set()
        self._after_move()
        if self._deal.is_over:  # a finished deal given in the options
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]

    def _after_move(self) -> None:
        deal = self.deal
        self._mask = None
        self._offer = None
        to_move = deal.to_move
        if to_move is not None:
            self.agent_selection = AGENTS[to_move]
            if self._any_time and deal.phase is Phase.AUCTION:
                self._offer = self._next_offer(deal, to_move)
                if self._offer is not None:
                    self.agent_selection = AGENTS[self._offer]

    def _next_offer(self, deal: Deal, to_move: Seat) -> Seat | None:
        """The first seat after *to_move* that may coinche out of turn and has not let
        the chance go since the last call."""
        seat = to_move.next
        while seat is not to_move:
            if seat not in self._declined and COINCHE in deal.view(seat).legal_actions():
                return seat
            seat = seat.next
        return None

    def observe(self, agent: str) -> ObsDict:
        """The dict observation of *agent*: its vector and its action mask.

        :raises CoincheTypeError: *agent* is not a str.
        :raises CoincheValueError: *agent* is not one of :attr:`possible_agents`.
        """
        try:  # the hot path: one lookup, checked only when it fails
            seat = SEAT_OF[agent]
        except (KeyError, TypeError):
            seat = check_agent(agent)  # raises, naming the agents
        assert self._tracker is not None, "call reset() first"
        vector = self._tracker.vectors[seat].copy()
        if self._offer is not None:  # an out-of-turn coinche is offered: pass or coinche
            mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
            if seat is self._offer:
                mask[[PASS_ACTION, COINCHE_ACTION]] = 1
        elif seat is self.deal.to_move:
            if self._mask is None:
                self._mask = fast_mask(self.deal, self.rules)
            mask = self._mask.copy()
        else:
            mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play integer *action* for :attr:`agent_selection` (``None`` once it is done).

        *action* is an ``int``, a NumPy integer scalar or a 0-d integer array.

        :raises CoincheTypeError: *action* is not an integer (a float, a string, an
            array of one element).
        :raises IllegalActionError: an action other than ``None`` for an agent whose
            episode is over; any step once every agent is done, or before :meth:`reset`.
        """
        if not self.agents:
            started = self._deal is not None
            reason = "the episode is over" if started else "no episode has started"
            raise IllegalActionError(action, None, f"{reason}: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                reason = "its episode is over: its only action is None"
                raise IllegalActionError(action, SEAT_OF[agent], reason)
            self._was_dead_step(action)
            return
        if action is None:
            raise CoincheTypeError(f"{agent} is to move: its action is an integer, not None")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        move = int_to_action(action, self.rules)
        offer = self._offer
        if offer is not None:  # pagat's coinche out of turn: let it go, or coinche
            if move == PASS:
                self._declined.add(offer)
                self._after_move()
                self._accumulate_rewards()
                if self.render_mode == "human":
                    self.render()
                return
            if move != COINCHE:
                reason = "out of turn, its only actions are pass (let it go) and coinche"
                raise IllegalActionError(move, offer, reason)
        else:  # (an offered coinche was found legal when it was offered)
            mask = self._mask  # made when the agent observed; else ask the deal
            if not (mask[int(action)] if mask is not None else self.deal.is_legal(move)):
                self.deal.apply(move)  # raises the library's error, with its reason
                raise IllegalActionError(move, SEAT_OF[agent], "not legal now")  # pragma: no cover
        game = self._game
        tracker = self._tracker
        assert tracker is not None
        seat = int(SEAT_OF[agent])
        self._declined = set()
        if game is None:
            before = self.deal
            deal = (
                before.apply_call(offer, COINCHE)
                if offer is not None
                else before.apply_unchecked(move)
            )
            self._deal = deal
            tracker.update(before, seat, move, deal)
            if deal.is_over:
                result = deal.result
                if result is not None:
                    diff = result.score[Team.NORTH_SOUTH] - result.score[Team.EAST_WEST]
                    self._pay(self._reward.of(diff))
                self.terminations = dict.fromkeys(self.agents, True)
        else:
            after = (
                game.apply_call(offer, COINCHE)
                if offer is not None
                else game.apply_unchecked(move)
            )
            self._game = after
            self._deal = after.deal
            if after.deal.calls or after.is_over:  # the same deal, one action on
                tracker.update(game.deal, seat, move, after.deal)
                if after.totals != game.totals:
                    tracker.set_totals(after.totals, self.rules.target)
            else:  # a new deal of the game: new totals
                tracker.totals = after.totals
                tracker.rebuild(after.deal)
            if len(after.results) > len(game.results) and self.reward_kind != "win":
                score = after.results[-1].score
                self._pay(self._reward.of(score[Team.NORTH_SOUTH] - score[Team.EAST_WEST]))
            if after.is_over:
                if self.reward_kind == "win":
                    self._pay(1.0 if after.winner is Team.NORTH_SOUTH else -1.0)
                self.terminations = dict.fromkeys(self.agents, True)
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _pay(self, north_south: float) -> None:
        """Give *north_south* to North and South, its opposite to East and West."""
        for index, agent in enumerate(AGENTS):
            self.rewards[agent] = float(north_south if index % 2 == 0 else -north_south)

    def render(self) -> str | None:
        """The deal in the library's notation: printed (``"human"``) or returned (``"ansi"``)."""
        return render_for(self.render_mode, self._deal)

    def close(self) -> None:
        """Nothing to release."""


def raw_env(
    rules: RuleConfig | str | None = None,
    render_mode: str | None = None,
    *,
    episode: Literal["deal", "game"] = "deal",
    reward: RewardKind = DEFAULT_REWARD,
    out_of_turn: bool = False,
) -> CoincheAECEnv:
    """A :class:`CoincheAECEnv`, unwrapped: PettingZoo's name for it.

    >>> from coinche.rl.aec import raw_env
    >>> raw_env("ffb").metadata["name"]
    'coinche_v0'
    """
    return CoincheAECEnv(
        rules, render_mode, episode=episode, reward=reward, out_of_turn=out_of_turn
    )


def env(
    rules: RuleConfig | str | None = None,
    render_mode: str | None = None,
    *,
    episode: Literal["deal", "game"] = "deal",
    reward: RewardKind = DEFAULT_REWARD,
    out_of_turn: bool = False,
) -> AECEnv[str, ObsDict, int]:
    """A :class:`CoincheAECEnv` in PettingZoo's order-enforcing wrapper (PettingZoo's
    module-level ``env()``; :func:`aec_env` is the same function).

    *rules* is a :class:`~coinche.RuleConfig` or a preset name (default: the common
    preset); the other arguments are :class:`CoincheAECEnv`'s. No wrapper turns an
    illegal action into a penalty: it raises the library's error.

    >>> from coinche.rl import aec
    >>> wrapped = aec.env("common")
    >>> type(wrapped).__name__, type(wrapped.unwrapped).__name__
    ('OrderEnforcingWrapper', 'CoincheAECEnv')
    """
    return wrappers.OrderEnforcingWrapper(
        raw_env(rules, render_mode, episode=episode, reward=reward, out_of_turn=out_of_turn)
    )


aec_env = env
"""The name :mod:`coinche.rl` exports for :func:`env`."""
