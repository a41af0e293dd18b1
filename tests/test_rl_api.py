"""What RL clients expect of the environments: Gymnasium ids, PettingZoo's
names, the default opponents, stepping past the end, pagat's out-of-turn coinche."""

from __future__ import annotations

import importlib
import random
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")  # the rl extra (not in the compiled suite's venv)
pytest.importorskip("pettingzoo")

import gymnasium
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import coinche.rl
from coinche import COINCHE, PASS, Bid, Deal, Hand, RuleConfig, Seat, Strain
from coinche.actions import action_to_int, legal_action_mask
from coinche.bots.players import GreedyPlayer, RandomPlayer
from coinche.errors import CoincheTypeError, IllegalActionError
from coinche.rl import ENV_ID, CoincheAECEnv, CoincheGymEnv, aec, observation
from coinche.rl.batch import expand
from coinche.rl.observation import field_slice
from coinche.rl.vector import CoincheVectorEnv


# ---------------------------------------------------------------------- Gymnasium ids
def test_the_id_is_registered_with_its_kwargs() -> None:
    assert ENV_ID == "coinche/Coinche-v0"
    spec = gymnasium.spec(ENV_ID)
    assert spec.entry_point == "coinche.rl.gym:CoincheGymEnv"
    assert spec.vector_entry_point == "coinche.rl.vector:CoincheVectorEnv"
    assert spec.kwargs == {"rules": "common", "seat": Seat.SOUTH, "reward": "scaled"}


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"rules": "ffb", "seat": Seat.EAST, "reward": "win"}, {"players": RandomPlayer()}],
    ids=["preset kwargs", "ffb east win", "random players"],
)
def test_gym_make_and_check_env(kwargs: dict[str, Any]) -> None:
    env = gymnasium.make(ENV_ID, **kwargs)
    raw = env.unwrapped
    assert isinstance(raw, CoincheGymEnv)
    assert raw.seat is kwargs.get("seat", Seat.SOUTH)
    assert raw.reward_kind == kwargs.get("reward", "scaled")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_env's warnings are failures here
        check_env(raw)
    # and through gymnasium.make's own wrappers (the passive checker, order enforcing)
    obs, _ = env.reset(seed=1)
    done = False
    while not done:
        obs, _, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        done = terminated or truncated
    env.close()


def test_make_vec_gives_the_batched_env() -> None:
    envs = gymnasium.make_vec(ENV_ID, num_envs=8, rules="ffb", seed=2)
    assert isinstance(envs, CoincheVectorEnv)
    assert envs.num_envs == 8
    assert envs.seat is Seat.SOUTH
    assert envs.batch.reward.kind == "scaled"
    obs, _ = envs.reset(seed=2)
    assert obs in envs.observation_space
    rng = np.random.default_rng(2)
    for _ in range(30):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, rewards, terminated, truncated, _ = envs.step(actions)
        assert obs in envs.observation_space
        assert rewards.shape == terminated.shape == truncated.shape == (8,)
    selfplay = gymnasium.make_vec(ENV_ID, num_envs=2, seat=None)
    assert isinstance(selfplay, CoincheVectorEnv)
    assert selfplay.seat is None


def test_reimporting_coinche_rl_neither_warns_nor_raises() -> None:
    before = dict(gymnasium.registry)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        importlib.reload(coinche.rl)
        coinche.rl.register_envs()
    assert dict(gymnasium.registry).keys() == before.keys()


# ---------------------------------------------------------------------- PettingZoo names
@pytest.mark.parametrize("make", [aec.env, aec.raw_env], ids=["env", "raw_env"])
def test_pettingzoo_module_level_env_and_raw_env(make: object) -> None:
    made = make("common")  # type: ignore[operator]
    assert isinstance(made.unwrapped, CoincheAECEnv)
    assert made.metadata["name"] == "coinche_v0"
    assert made.metadata["render_modes"] == ["human", "ansi"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # api_test's generic advice
        api_test(made, num_cycles=100)


def test_env_wraps_and_raw_env_does_not() -> None:
    assert type(aec.raw_env()) is CoincheAECEnv
    assert type(aec.env()) is not CoincheAECEnv  # PettingZoo's order-enforcing wrapper
    assert coinche.rl.aec_env is aec.env is aec.aec_env


# ---------------------------------------------------------------------- defaults
def test_gym_env_default_opponents_are_greedy() -> None:
    env = CoincheGymEnv("common", seat=Seat.WEST)
    assert sorted(env.players) == [Seat.NORTH, Seat.EAST, Seat.SOUTH]
    assert all(type(player) is GreedyPlayer for player in env.players.values())


def test_default_rewards_are_scaled() -> None:
    assert CoincheAECEnv().reward_kind == "scaled"
    assert CoincheGymEnv().reward_kind == "scaled"
    assert CoincheVectorEnv(num_envs=1).batch.reward.kind == "scaled"


# ---------------------------------------------------------------------- after the end
def test_vector_env_terminal_step_shows_the_next_deal() -> None:
    # same-step autoreset: where a deal ended, the observation and mask are the agent's
    # first turn in the next deal, never an empty mask: it holds its 8 cards, and at most
    # the 3 others have played (a coinche ends the auction before North speaks if East
    # bids, South coinches and West and East pass: North's first turn is then a card)
    envs = CoincheVectorEnv("common", num_envs=8, seed=5, seat=Seat.NORTH)
    obs, _ = envs.reset(seed=5)
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(150):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, _, terminated, _, _ = envs.step(actions)
        assert obs["action_mask"].any(axis=1).all()
        for i in np.flatnonzero(terminated):
            row = obs["observation"][i]
            assert row[field_slice("hand")].sum() == 8
            assert row[field_slice("played")].sum() <= 3
            assert not row[field_slice("tricks_won")].any()
            ended += 1
    assert ended > 5
    # the batch env under it: the same, the compact row of the next deal
    assert expand(envs.batch.observations).shape == (8, 998)


# ---------------------------------------------------------------------- pagat's coinche
def _pagat_deal() -> Deal:
    hands = [
        Hand.parse("JH 9H AH TH KS QS 8D 7D"),  # North
        Hand.parse("AC TC KC QC JC 9C 8C 7C"),  # East
        Hand.parse("KH QH 8H 7H AS TS 9S 8S"),  # South
        Hand.parse("AD TD KD QD JD 9D JS 7S"),  # West
    ]
    return Deal.from_hands(Seat.WEST, RuleConfig.pagat(), hands)  # North speaks first


def test_pagat_out_of_turn_coinche_is_not_offered_by_default() -> None:
    # pagat: a coinche "at any time before the auction ends". After North's 100 hearts,
    # East is to move; West, an opponent of the bidder, may coinche out of turn by the
    # rules (its view's mask has the coinche bit), but by default the AEC env selects
    # only the seat to move, so West's mask there is all zeros
    env = CoincheAECEnv("pagat")
    env.reset(options={"deal": _pagat_deal()})
    env.step(action_to_int(Bid(100, Strain.HEARTS)))
    coinche = action_to_int(COINCHE)
    west_view = env.deal.view(Seat.WEST)
    assert COINCHE in west_view.legal_actions()
    assert legal_action_mask(west_view)[coinche] == 1
    assert env.agent_selection == "east"
    assert not env.observe("west")["action_mask"].any()
    # the coinche in turn is reachable: East may coinche now, and does
    assert env.observe("east")["action_mask"][coinche] == 1
    env.step(coinche)
    assert env.deal.calls[-1] == (Seat.EAST, COINCHE)


def test_by_default_pagat_deals_only_ever_move_the_seat_to_move() -> None:
    env = CoincheAECEnv("pagat")
    rng = random.Random(2)
    for seed in range(5):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            assert env.deal.to_move is Seat[agent.upper()]
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


_PASS, _COINCHE = action_to_int(PASS), action_to_int(COINCHE)


def _only(mask: np.ndarray) -> list[int]:
    return np.flatnonzero(mask).tolist()


def test_out_of_turn_offers_the_coinche_to_the_opponents_not_to_move() -> None:
    env = CoincheAECEnv("pagat", out_of_turn=True)
    env.reset(options={"deal": _pagat_deal()})  # West deals: North speaks first
    # nothing to coinche yet: North, in turn
    assert env.agent_selection == "north"
    env.step(action_to_int(Bid(100, Strain.HEARTS)))
    # East is to move; of the others, in the order of play after East (South, West,
    # North), only West (an opponent of the bidder, North) may coinche: it is asked first
    assert env.agent_selection == "west"
    assert _only(env.observe("west")["action_mask"]) == [_PASS, _COINCHE]
    assert not env.observe("east")["action_mask"].any()  # not selected now
    env.step(_PASS)  # West lets it go: no call is made
    assert len(env.deal.calls) == 1
    assert env.agent_selection == "east"  # the seat to move, with its own calls
    assert _COINCHE in _only(env.observe("east")["action_mask"])
    env.step(_PASS)  # East passes in turn
    # South is to move; after South come West, then North (the bidder), then East: West
    # and East, both opponents of North, may coinche, and are asked in that order
    assert env.agent_selection == "west"
    env.step(_PASS)
    assert env.agent_selection == "east"
    env.step(_PASS)
    assert env.agent_selection == "south"
    env.step(_PASS)  # South passes in turn: West to move, East may still coinche
    assert env.agent_selection == "east"
    env.step(_COINCHE)  # East coinches out of turn, before West speaks
    assert env.deal.calls[-1] == (Seat.EAST, COINCHE)
    # the bidding team answers a coinche, in the order of play after the coincher: South
    assert env.agent_selection == "south"
    assert env.deal.to_move is Seat.SOUTH
    assert not env.observe("west")["action_mask"].any()  # nothing more to coinche


def test_out_of_turn_refuses_anything_but_pass_or_coinche_and_changes_nothing() -> None:
    env = CoincheAECEnv("pagat", out_of_turn=True)
    env.reset(options={"deal": _pagat_deal()})
    env.step(action_to_int(Bid(100, Strain.HEARTS)))
    assert env.agent_selection == "west"
    with pytest.raises(IllegalActionError, match=r"pass .* and coinche"):
        env.step(action_to_int(Bid(110, Strain.SPADES)))
    assert len(env.deal.calls) == 1
    assert env.agent_selection == "west"
    with pytest.raises(CoincheTypeError, match="out_of_turn must be a bool"):
        CoincheAECEnv("pagat", out_of_turn=1)  # type: ignore[arg-type]


def test_out_of_turn_changes_nothing_where_coinche_is_in_turn_only() -> None:
    # common: coinche on one's own turn only; the two envs play the same deals alike
    for seed in range(4):
        calls = []
        for flag in (False, True):
            env = CoincheAECEnv("common", out_of_turn=flag)
            env.reset(seed=seed)
            rng = random.Random(seed)
            for _agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                done = terminated or truncated
                env.step(None if done else rng.choice(_only(obs["action_mask"])))
            calls.append(env.deal.calls)
        assert calls[0] == calls[1]


def test_out_of_turn_random_pagat_deals_pass_the_api_test_and_coinche_out_of_turn() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(aec.env("pagat", out_of_turn=True), num_cycles=200)
        api_test(aec.env("pagat", out_of_turn=True, episode="game"), num_cycles=200)
    env = CoincheAECEnv("pagat", out_of_turn=True)
    rng = random.Random(1)
    out_of_turn = 0
    for seed in range(30):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            in_turn = env.deal.to_move
            action = rng.choice(_only(obs["action_mask"]))
            env.step(action)
            if action == _COINCHE and in_turn is not Seat[agent.upper()]:
                assert env.deal.calls[-1] == (Seat[agent.upper()], COINCHE)
                out_of_turn += 1
            # the observations kept up to date are still every seat's view
            for seat in Seat:
                vector = env.observe(seat.name.lower())["observation"]
                assert np.array_equal(vector, observation(env.deal.view(seat)))
    assert out_of_turn > 0


def test_bad_render_mode_and_episode_raise_the_library_error() -> None:
    with pytest.raises(CoincheTypeError, match="render_mode must be one of 'human', 'ansi'"):
        aec.env(render_mode="rgb_array")
    with pytest.raises(CoincheTypeError, match="episode must be one of 'deal', 'game'"):
        CoincheAECEnv(episode=["deal"])  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="seat must be a Seat"):
        CoincheGymEnv(seat=2)  # type: ignore[arg-type]


def test_a_bad_deal_option_is_named_cut_down() -> None:
    # repr() of an int of 5,001 digits raises Python's own ValueError: the message must
    # use the library's short form
    huge = 10**5000
    with pytest.raises(CoincheTypeError, match="<an int of 5001 digits>"):
        CoincheAECEnv("common").reset(options={"deal": huge})
    with pytest.raises(CoincheTypeError, match="<an int of 5001 digits>"):
        CoincheGymEnv("common").reset(options={"deal": huge})
