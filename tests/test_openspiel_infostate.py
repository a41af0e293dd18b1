"""The OpenSpiel game's information states, resampling, undo and utility range, and
OpenSpiel's IS-MCTS on it."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402
from open_spiel.python.bots.uniform_random import UniformRandomBot  # noqa: E402

from coinche import RuleConfig  # noqa: E402
from coinche.errors import IllegalActionError, InvalidDealError  # noqa: E402
from coinche.rl.openspiel import (  # noqa: E402
    CoincheState,
    InfoStateLayout,
    ISMCTSBot,
    utility_bound,
)

PRESETS = ("common", "ffb", "pagat", "classic_belote", "min82")


def play_random(rules: str, seed: int, reward: str = "scaled") -> list[tuple[CoincheState, int]]:
    """Every state of one random game with the action taken from it."""
    game = pyspiel.load_game("python_coinche", {"rules": rules, "reward": reward})
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    line = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            action = int(rng.choice(outcomes, p=probs))
        else:
            action = int(rng.choice(state.legal_actions()))
        line.append((state.clone(), action))
        state.apply_action(action)
    line.append((state, -1))
    return line


def test_the_layout_puts_each_thing_where_its_docs_say() -> None:
    """West deals, North bids 80 hearts: the slots worked out by hand from the layout."""
    game = pyspiel.load_game("python_coinche", {"rules": "common"})
    layout = InfoStateLayout(RuleConfig.common())
    assert game.information_state_tensor_shape() == [layout.size]
    state = game.new_initial_state()
    for card in range(32):  # the deck in order: packets of 3, 2, 3 from North
        state.apply_action(card)
    bid = next(a for a in state.legal_actions() if state.action_to_string(0, a) == "80 H")
    state.apply_action(bid)
    tensor = np.asarray(state.information_state_tensor(0))
    assert tensor[0] == 1  # the player, North
    assert tensor[4 + 3] == 1  # the dealer, West
    # North was dealt deck cards 0-2, 12-13, 20-22: indices 0 1 2 12 13 20 21 22
    assert [i for i in range(32) if tensor[8 + i]] == [0, 1, 2, 12, 13, 20, 21, 22]
    slot = layout.calls_start
    # the first call: North (0), a bid (kind 1), value 80 (the first), hearts (strain 2)
    assert [i for i in range(layout.call_size) if tensor[slot + i]] == [
        0,
        4 + 1,
        10 + 0,
        10 + layout.values + 2,
    ]
    assert not tensor[slot + layout.call_size :].any()  # nothing else yet
    assert tensor.sum() == 1 + 1 + 8 + 4


@pytest.mark.parametrize("rules", PRESETS)
def test_resampled_states_have_the_same_information_state(rules: str) -> None:
    """A seat cannot tell a resampled state from the real one: the same information
    state (string and tensor) and observation, the same public history; and the hidden
    cards do change."""
    changed = 0
    line = play_random(rules, 3)
    for state, _ in line[32:-1:3]:
        player = state.current_player()
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0, 1))
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        assert other.observation_string(player) == state.observation_string(player)
        assert other.observation_tensor(player) == state.observation_tensor(player)
        assert other.history()[32:] == state.history()[32:]
        changed += str(other) != str(state)
        # its own line undoes too: back to a state the player cannot tell either
        number = state.move_number()
        other.undo_action(line[number - 1][0].current_player(), other.history()[-1])
        back = line[number - 1][0]
        assert other.information_state_string(player) == back.information_state_string(player)
    assert changed > 0


def test_resampling_refuses_a_player_that_is_no_seat() -> None:
    state = play_random("common", 1)[40][0]
    with pytest.raises(InvalidDealError, match="player_id is a seat"):
        state.resample_from_infostate(4, pyspiel.UniformProbabilitySampler(0, 1))
    with pytest.raises(InvalidDealError, match="not <an int of 5001 digits>"):
        state.resample_from_infostate(10**5000, pyspiel.UniformProbabilitySampler(0, 1))


@pytest.mark.parametrize("rules", PRESETS)
def test_states_with_one_string_have_one_tensor(rules: str) -> None:
    """observation_string once left out the earlier tricks: two states, one string,
    two tensors. Each string (observation, and information state) now fixes its tensor."""
    seen: dict[tuple[str, str], list[float]] = {}
    for seed in range(4):
        for state, _ in play_random(rules, seed)[32:]:
            for player in range(4):
                for kind in ("observation", "information_state"):
                    text = getattr(state, f"{kind}_string")(player)
                    tensor = getattr(state, f"{kind}_tensor")(player)
                    assert seen.setdefault((kind, text), tensor) == tensor


@pytest.mark.parametrize("rules", ["ffb", "classic_belote"])
def test_undo_action_takes_back_every_move(rules: str) -> None:
    line = play_random(rules, 5)
    state = line[-1][0]
    for before, action in reversed(line[:-1]):
        state.undo_action(before.current_player(), action)
        assert state.history() == before.history()
        assert state.move_number() == before.move_number()
        assert str(state) == str(before)
        if not state.is_chance_node():
            assert state.legal_actions() == before.legal_actions()
    with pytest.raises(IllegalActionError, match="no move was made"):
        state.undo_action(-1, 0)


def test_undo_action_refuses_a_move_that_was_not_the_last() -> None:
    line = play_random("common", 2)
    state, before = line[-1][0], line[-2][0]
    action = state.history()[-1]
    with pytest.raises(IllegalActionError, match="undoes the last move"):
        state.undo_action(before.current_player(), action + 1)
    state.undo_action(before.current_player(), action)
    assert state.history() == before.history()


@pytest.mark.parametrize("rules", PRESETS)
def test_every_return_is_within_the_declared_utility_range(rules: str) -> None:
    game = pyspiel.load_game("python_coinche", {"rules": rules, "reward": "score"})
    bound = utility_bound(RuleConfig.preset(rules))
    assert (game.min_utility(), game.max_utility()) == (-bound, bound)
    for seed in range(6):
        returns = play_random(rules, seed, "score")[-1][0].returns()
        assert all(-bound <= value <= bound for value in returns)


def test_a_capot_bound_worked_by_hand() -> None:
    """Common scoring: a made capot bid, surcoinched, is the largest gap: 160 card
    points + 250 x 4 + 550 announcement points + belote 20 = 1,730 (common multiplies
    only the contract)."""
    assert utility_bound(RuleConfig.common()) == 160 + 250 * 4 + 550 + 20


def test_rl_environment_builds_on_the_information_state_tensor() -> None:
    """OpenSpiel's rl_environment (what its NFSP, DQN and policy-gradient agents take)
    gives each player the information state tensor as ``info_state``."""
    game = pyspiel.load_game("python_coinche", {"rules": "ffb"})
    env = rl_environment.Environment(game)
    spec = env.observation_spec()
    assert spec["info_state"] == (InfoStateLayout(RuleConfig.ffb()).size,)
    step = env.reset()
    rng = np.random.RandomState(0)
    while not step.last():
        player = step.observations["current_player"]
        state = env.get_state
        assert step.observations["info_state"][player] == state.information_state_tensor(player)
        step = env.step([int(rng.choice(step.observations["legal_actions"][player]))])


def test_openspiel_ismcts_beats_uniform_random_through_evaluate_bots() -> None:
    """OpenSpiel's own IS-MCTS (with the restart_at that evaluate_bots needs) against
    uniform random play: random calls bid and coinche wildly, which IS-MCTS punishes."""
    game = pyspiel.load_game("python_coinche", {"rules": "ffb"})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    total = 0.0
    for deal in range(3):
        bots = [
            ISMCTSBot(game, evaluator, 2.0, 20, random_state=np.random.RandomState(deal * 4 + s))
            if s % 2 == 0
            else UniformRandomBot(s, np.random.RandomState(deal * 4 + s))
            for s in range(4)
        ]
        returns = evaluate_bots.evaluate_bots(
            game.new_initial_state(), bots, np.random.RandomState(deal)
        )
        total += returns[0]
    assert total > 0


def test_openspiel_cfr_runs_on_the_information_states() -> None:
    """OpenSpiel's outcome-sampling MCCFR (its CFR family; Deep CFR and NFSP need
    TensorFlow, JAX or PyTorch, which the rl extra does not install) runs on the game:
    each iteration walks one sampled line and fills a table keyed by the information
    state string. Its average policy at the first seat's first call is a distribution
    over exactly that state's legal calls (a policy may only give mass to legal actions,
    and the probabilities of one state sum to 1)."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = pyspiel.load_game("python_coinche", {"rules": "ffb"})
    np.random.seed(0)  # the solver samples with NumPy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(5):
        solver.iteration()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probabilities = solver.average_policy().action_probabilities(state)
    assert sorted(probabilities) == sorted(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)
