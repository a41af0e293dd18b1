"""The RLCard environment ``coinche`` (coinche.rl.rlcard): RLCard's own
make, agents, tournament and step_back run on it unchanged."""

from __future__ import annotations

import numpy as np
import pytest

rlcard = pytest.importorskip("rlcard")

from rlcard.agents import RandomAgent  # noqa: E402
from rlcard.utils import tournament  # noqa: E402

import coinche.rl.rlcard  # noqa: E402, F401  (registers "coinche")
from coinche import PASS, Deal, RuleConfig, Seat  # noqa: E402
from coinche.actions import int_to_action, legal_action_ints  # noqa: E402
from coinche.errors import CoincheError  # noqa: E402
from coinche.rl.observation import observation  # noqa: E402


def test_rlcard_make_gives_the_game_under_the_rules_asked() -> None:
    env = rlcard.make("coinche", config={"seed": 3, "game_rules": "ffb", "game_dealer": "E"})
    assert env.game.rules == RuleConfig.ffb()
    state, player = env.reset()
    assert player == int(Seat.SOUTH)  # East deals, South speaks first
    deal = env.game.deal
    assert list(state["legal_actions"]) == list(legal_action_ints(deal))
    assert state["raw_legal_actions"] == [
        str(int_to_action(a, deal.rules)) for a in state["legal_actions"]
    ]
    assert (state["obs"] == np.asarray(observation(deal.view(Seat.SOUTH)))).all()
    env.reset()
    assert env.game.deal.dealer is Seat.SOUTH  # the next deal's dealer is the next seat


def test_the_same_seed_deals_the_same_cards() -> None:
    one = rlcard.make("coinche", config={"seed": 9})
    two = rlcard.make("coinche", config={"seed": 9})
    one.reset()
    two.reset()
    assert one.game.deal == two.game.deal


def test_a_tournament_of_random_agents_is_zero_sum_and_replays_through_deal() -> None:
    env = rlcard.make("coinche", config={"seed": 1, "game_reward": "score"})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(4)])
    for _ in range(5):
        trajectories, payoffs = env.run(is_training=False)
        assert len(trajectories) == 4  # one list of transitions per player
        deal = env.game.deal
        assert deal.is_over
        # the deal replays from its dealt cards through the checked Deal API
        again = Deal.from_hands(deal.dealer, deal.rules, deal.hands)
        for step in deal.steps:
            again = again.apply(step)
        assert again == deal
        score = deal.result.score if deal.result else None
        gap = 0.0 if score is None else float(score.north_south - score.east_west)
        assert list(payoffs) == [gap, -gap, gap, -gap]
    averages = tournament(env, 4)
    assert len(averages) == 4
    assert averages[0] == pytest.approx(-averages[1])


def test_step_back_takes_back_each_action() -> None:
    env = rlcard.make("coinche", config={"seed": 2, "allow_step_back": True})
    state, player = env.reset()
    seen = [(env.game.deal, player)]
    rng = np.random.RandomState(0)
    while not env.is_over():
        state, player = env.step(int(rng.choice(list(state["legal_actions"]))))
        seen.append((env.game.deal, player))
    for deal, player in reversed(seen[:-1]):
        state, back = env.step_back()
        assert env.game.deal == deal
        assert back == player
    assert env.step_back() is False


def test_raw_actions_and_illegal_ones() -> None:
    env = rlcard.make("coinche", config={"seed": 4})
    state, _ = env.reset()
    state, _ = env.step(state["raw_legal_actions"][0], raw_action=True)  # "pass"
    assert env.game.deal.calls[-1][1] == PASS
    with pytest.raises(CoincheError):
        env.step("AS", raw_action=True)  # a card in the auction
    perfect = env.get_perfect_information()
    assert len(perfect["hands"]) == 4
    assert perfect["to_move"] == env.get_player_id()
