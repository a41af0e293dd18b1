"""The RL environments' doors check their arguments: a bad one raises the library's
error naming it (never Python's or NumPy's bare error, never a value taken for another),
and a refused call leaves the environment as it was."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")  # the rl extra (not in the compiled suite's venv)
pytest.importorskip("pettingzoo")

from coinche import Deal, RuleConfig, Seat, TeamPoints
from coinche.bots.players import GreedyPlayer, RandomPlayer
from coinche.errors import CoincheTypeError, CoincheValueError
from coinche.rl import CoincheAECEnv, CoincheGymEnv, aec, field_slice, observation
from coinche.rl.vector import CoincheVectorEnv, random_policy

_AGENT_WORDS = "agent must be one of 'north', 'east', 'south', 'west'"


# ------------------------------------------------------------------ the AEC env
@pytest.mark.parametrize("door", ["action_space", "observation_space", "observe"])
def test_aec_agent_doors_take_only_the_four_agent_names(door: str) -> None:
    env = CoincheAECEnv()
    env.reset(seed=1)
    call = getattr(env, door)
    call("north")  # works
    with pytest.raises(CoincheTypeError, match=f"{_AGENT_WORDS}, not NoneType"):
        call(None)
    with pytest.raises(CoincheTypeError, match=rf"{_AGENT_WORDS}, not list \(\['north'\]\)"):
        call(["north"])  # unhashable: no bare TypeError from the dict lookup
    with pytest.raises(CoincheValueError, match=f"{_AGENT_WORDS}, not 'North'"):
        call("North")  # the agent names are lower case


def test_aec_reset_options_must_be_a_dict_and_other_keys_are_ignored() -> None:
    env = CoincheAECEnv()
    with pytest.raises(CoincheTypeError, match="options must be a dict or None, not '3'"):
        env.reset(options="3")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match=r"options must be a dict or None, not \["):
        env.reset(options=[("deal", None)])  # type: ignore[arg-type]
    # PettingZoo's API test resets with a key no env reads: it is ignored, so this
    # reset deals seed 3's deal, as a reset without options does
    env.reset(seed=3, options={"options": 1})
    other = CoincheAECEnv()
    other.reset(seed=3)
    assert env.deal == other.deal


def test_a_refused_aec_reset_changes_nothing() -> None:
    # the same seed, then the next deal of the env's generator: a reset refused in
    # between (a new seed with a bad deal option) must not reseed the generator
    env, reference = CoincheAECEnv(), CoincheAECEnv()
    env.reset(seed=5)
    reference.reset(seed=5)
    with pytest.raises(CoincheTypeError, match=r"options\['deal'\] must be a Deal"):
        env.reset(seed=6, options={"deal": "N:..."})
    with pytest.raises(CoincheTypeError, match="options must be a dict"):
        env.reset(seed=6, options="deal")  # type: ignore[arg-type]
    with pytest.raises(CoincheValueError, match="seed must be an int of at most 100 digits"):
        env.reset(seed=10**100)
    assert env.deal == reference.deal
    env.reset()
    reference.reset()
    assert env.deal == reference.deal


def test_aec_reset_seed_takes_numpy_ints_as_the_int_they_are() -> None:
    env, reference = CoincheAECEnv(), CoincheAECEnv()
    env.reset(seed=np.int64(7))  # type: ignore[arg-type]
    reference.reset(seed=7)
    assert env.deal == reference.deal
    for bad in ("7", 7.0, True):
        with pytest.raises(CoincheTypeError, match="seed must be an int of at most 100 digits"):
            env.reset(seed=bad)  # type: ignore[arg-type]


def test_aec_env_passes_out_of_turn_on_and_checks_it() -> None:
    # aec.env dropped out_of_turn: the wrapped env never offered a coinche out of turn
    assert aec.env("pagat", out_of_turn=True).unwrapped.out_of_turn is True
    assert aec.env("pagat").unwrapped.out_of_turn is False
    with pytest.raises(CoincheTypeError, match=r"out_of_turn must be a bool, not NoneType"):
        aec.env(out_of_turn=None)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match=r"out_of_turn must be a bool, not str"):
        aec.env(out_of_turn="no")  # type: ignore[arg-type]


# ------------------------------------------------------------------ the Gym env
def test_gym_players_must_be_players() -> None:
    with pytest.raises(CoincheTypeError, match="players must be a Player, a mapping"):
        CoincheGymEnv(players="3")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="players must be a Player, a mapping"):
        CoincheGymEnv(players=GreedyPlayer)  # type: ignore[arg-type]  # the class
    others = {Seat.EAST: RandomPlayer(), Seat.SOUTH: RandomPlayer(), Seat.WEST: 3}
    with pytest.raises(CoincheTypeError, match=r"players\[WEST\] must be a Player, not int"):
        CoincheGymEnv(seat=Seat.NORTH, players=others)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="players' keys must be Seats, not 'E'"):
        CoincheGymEnv(players={"E": RandomPlayer()})  # type: ignore[dict-item]
    # a mapping of all four seats is taken: the agent's own entry is not used
    greedy = GreedyPlayer()
    env = CoincheGymEnv(seat=Seat.NORTH, players=dict.fromkeys(Seat, greedy))
    assert env.players == {Seat.EAST: greedy, Seat.SOUTH: greedy, Seat.WEST: greedy}


def test_gym_reset_seed_is_gymnasiums_and_never_read_from_another_type() -> None:
    env, reference = CoincheGymEnv(), CoincheGymEnv()
    env.reset(seed=np.int64(4))  # type: ignore[arg-type]
    reference.reset(seed=4)
    assert env.deal == reference.deal
    for bad in ("3", 1.5, True, [4]):
        with pytest.raises(CoincheTypeError, match="seed must be an int of at most 100 digits"):
            env.reset(seed=bad)  # type: ignore[arg-type]
    with pytest.raises(CoincheValueError, match="Gymnasium's seeds are not negative"):
        env.reset(seed=-1)
    with pytest.raises(CoincheValueError, match="at most 100 digits, not <an int of 401"):
        env.reset(seed=10**400)


def test_gym_reset_options_must_be_a_dict_and_a_refused_reset_changes_nothing() -> None:
    env, reference = CoincheGymEnv(), CoincheGymEnv()
    env.reset(seed=2)
    reference.reset(seed=2)
    with pytest.raises(CoincheTypeError, match="options must be a dict or None, not '3'"):
        env.reset(seed=9, options="3")  # type: ignore[arg-type]
    ffb_deal = Deal.new(Seat.NORTH, RuleConfig.ffb(), random.Random(0))
    with pytest.raises(CoincheTypeError, match="a Deal of the env's rules"):
        env.reset(seed=9, options={"deal": ffb_deal})
    assert env.deal == reference.deal
    obs, _ = env.reset(options={"other": 1})  # a key the env does not read: ignored
    expected, _ = reference.reset()
    assert env.deal == reference.deal
    assert np.array_equal(obs["observation"], expected["observation"])


# ------------------------------------------------------------------ the observation
def test_field_slice_names_the_fields() -> None:
    with pytest.raises(CoincheTypeError, match="name must be one of 'hand', 'played'"):
        field_slice(None)  # type: ignore[arg-type]
    with pytest.raises(CoincheValueError, match=r"name must be one of 'hand', .*, not 'hands'"):
        field_slice("hands")
    assert field_slice("phase") == slice(994, 998)  # the last 4 of the 998 values


def test_observation_totals_must_be_team_points() -> None:
    view = Deal.new(Seat.WEST, RuleConfig(), random.Random(0)).view(Seat.NORTH)
    for bad in ("3", (1000, 500), 3):
        with pytest.raises(CoincheTypeError, match="totals must be a TeamPoints"):
            observation(view, bad)  # type: ignore[arg-type]
    # common rules play to 1000: North-South's 500 shows as 0.5 for North
    shown = observation(view, TeamPoints(500, 250))[field_slice("game_totals")]
    assert shown.tolist() == [0.5, 0.25]


# ------------------------------------------------------------------ the vector env
@pytest.mark.parametrize(
    ("bad", "error", "shown"),
    [
        (0, CoincheValueError, "not 0"),
        (2**24 + 1, CoincheValueError, "not 16777217"),
        (10**400, CoincheValueError, "not <an int of 401 digits>"),
        (1.5, CoincheTypeError, r"not float \(1.5\)"),
        ("8", CoincheTypeError, r"not str \('8'\)"),
        (True, CoincheTypeError, r"not bool \(True\)"),
    ],
)
def test_vector_num_envs_is_checked_before_any_batch_is_built(
    bad: object, error: type[Exception], shown: str
) -> None:
    words = f"num_envs must be an int from 1 to 16777216, {shown}"
    with pytest.raises(error, match=words) as info:
        CoincheVectorEnv(num_envs=bad)  # type: ignore[arg-type]
    assert type(info.value) is error  # a refused number, or a value of another type


def test_vector_num_envs_takes_a_numpy_int_as_an_int() -> None:
    envs = CoincheVectorEnv(num_envs=np.int64(2), opponent=random_policy)  # type: ignore[arg-type]
    assert type(envs.num_envs) is int
    assert envs.num_envs == 2
    assert envs.action_space.shape == (2,)
    with pytest.raises(CoincheTypeError, match="options must be a dict or None, not '3'"):
        envs.reset(options="3")  # type: ignore[arg-type]
    with pytest.raises(CoincheValueError, match=r"options\['reset_mask'\] is refused"):
        envs.reset(options={"reset_mask": np.array([True, False])})


# ------------------------------------------------------------------ random_policy
def _policy_args(**change: Any) -> dict[str, Any]:
    mask = np.zeros((2, 154), dtype=bool)
    mask[0, [32, 40]] = mask[1, 5] = True
    args = {"compact": np.zeros((2, 38), np.int64), "mask": mask, "rng": np.random.default_rng(0)}
    return {**args, **change}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"mask": None}, "mask must be an n x 154 NumPy array of bools, not None"),
        ({"mask": np.zeros(154, bool)}, "mask must be an n x 154"),  # one row, not 1 x 154
        ({"mask": np.zeros((2, 153), bool)}, "mask must be an n x 154"),
        ({"mask": np.ones((2, 154), np.int8)}, "mask must be an n x 154 NumPy array of bools"),
        ({"mask": [[True] * 154] * 2}, "mask must be an n x 154 NumPy array"),
        ({"compact": None}, "compact must be a NumPy array of 2 rows"),
        ({"compact": np.zeros((3, 38), np.int64)}, "compact must be a NumPy array of 2 rows"),
        ({"rng": None}, "rng must be a numpy.random.Generator, not None"),
        ({"rng": random.Random(0)}, "rng must be a numpy.random.Generator"),
    ],
)
def test_random_policy_refuses_bad_arguments(change: dict[str, Any], words: str) -> None:
    with pytest.raises(CoincheTypeError, match=words):
        random_policy(**_policy_args(**change))


def test_random_policy_refuses_a_row_with_no_legal_action() -> None:
    # before, such a row silently got action 0 (the seven of clubs), legal or not
    mask = np.zeros((3, 154), dtype=bool)
    mask[0, 3] = mask[2, 7] = True
    args = _policy_args(mask=mask, compact=np.zeros((3, 38), np.int64))
    with pytest.raises(CoincheValueError, match=r"mask\[1\] allows no action"):
        random_policy(**args)
