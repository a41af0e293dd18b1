"""coinche.rl: observations, the PettingZoo and Gymnasium environments (single-deal and
vector), the OpenSpiel game, and what RL clients expect of them."""

from __future__ import annotations

import functools
import random
import warnings
from pathlib import Path
from typing import Any

import pytest

# coinche.rl needs the rl extra: the development venv has it; the compiled build's venv
# (where make compiled-test collects every suite, to run those marked compiled) has not
pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import importlib
from collections.abc import Callable

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AutoresetMode
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

import coinche.rl
from coinche import (
    CARDS,
    COINCHE,
    PASS,
    PRESETS,
    Action,
    Bid,
    Card,
    CoincheError,
    CoincheTypeError,
    Deal,
    Hand,
    IllegalActionError,
    IllegalCallError,
    IllegalCardError,
    Phase,
    RuleConfig,
    Seat,
    Strain,
)
from coinche.actions import NUM_ACTIONS, action_to_int, int_to_action, legal_action_mask
from coinche.bots.players import GreedyPlayer, Player, RandomPlayer
from coinche.rl import (
    ENV_ID,
    OBSERVATION_FIELDS,
    OBSERVATION_SIZE,
    CoincheAECEnv,
    CoincheGymEnv,
    aec,
    aec_env,
    field_slice,
    observation,
)
from coinche.rl._common import AGENTS, SEAT_OF, Rewards
from coinche.rl.batch import BatchEnv, deal_of, expand
from coinche.rl.vector import CoincheVectorEnv, Policy, greedy_policy, random_policy

ROOT = Path(__file__).resolve().parent.parent
PRESET_NAMES = list(PRESETS)


def _mask_of(deal: Deal) -> np.ndarray:
    return np.frombuffer(legal_action_mask(deal), dtype=np.int8)


# ---------------------------------------------------------------------- conformance
@pytest.mark.parametrize("name", PRESET_NAMES)
def test_pettingzoo_api_and_seed_tests(name: str) -> None:
    with warnings.catch_warnings():
        # api_test's generic advice: dict observations, agent names like "player_0"
        warnings.simplefilter("ignore", UserWarning)
        api_test(aec_env(name), num_cycles=200)
        seed_test(functools.partial(aec_env, name), num_cycles=200)


@pytest.mark.parametrize(("name", "reward"), [("common", "score"), ("contract_only", "win")])
def test_pettingzoo_api_test_over_whole_games(name: str, reward: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(aec_env(name, episode="game", reward=reward), num_cycles=100)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_gymnasium_check_env(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # no spec: render modes untested
        check_env(CoincheGymEnv(name, seat=Seat.EAST, players=GreedyPlayer()))


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_openspiel_random_sim_test_with_serialization(name: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import coinche.rl.openspiel  # noqa: F401  (registers python_coinche)

    game = pyspiel.load_game("python_coinche", {"rules": name})
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)


# ---------------------------------------------------------------------- observation layout
def test_observation_layout_is_pinned() -> None:
    sizes = {name: size for name, size, _ in OBSERVATION_FIELDS}
    # 32 cards; four relative seats; 114 bids = (17 levels + capot + générale) x 6 strains
    assert sizes["hand"] == 32
    assert sizes["played"] == sizes["trick"] == sizes["shown"] == 128
    assert sizes["bids"] == 114 * 4
    assert sizes["contract_level"] == 19
    assert OBSERVATION_SIZE == 998 == sum(sizes.values())
    assert field_slice("hand") == slice(0, 32)
    assert field_slice("phase") == slice(994, 998)


def test_the_docs_list_every_observation_field() -> None:
    text = (ROOT / "docs" / "rl.rst").read_text(encoding="utf-8")
    position = 0
    for name, size, meaning in OBSERVATION_FIELDS:
        described = meaning[0].upper() + meaning[1:]
        row = f"``{name}``\n     - {position}\n     - {size}\n     - {described}"
        assert row in text, row
        position += size


def _scripted_deal() -> Deal:
    hands = [
        Hand.parse("JH 9H AH TH KS QS 8D 7D"),  # North
        Hand.parse("AC TC KC QC JC 9C 8C 7C"),  # East
        Hand.parse("KH QH 8H 7H AS TS 9S 8S"),  # South
        Hand.parse("AD TD KD QD JD 9D JS 7S"),  # West
    ]
    return Deal.from_hands(Seat.WEST, RuleConfig.common(), hands)


def test_observation_fields_of_a_scripted_deal() -> None:
    deal = _scripted_deal()
    deal = deal.apply(Bid(100, Strain.HEARTS))  # North
    deal = deal.apply(COINCHE)  # East
    # South answers pass; West, the coincher's partner, is skipped; North answers pass
    deal = deal.apply(PASS).apply(PASS)
    assert deal.phase is Phase.PLAY
    assert str(deal.contract) == "100 H by N, coinched"
    deal = deal.apply(Card.parse("JH"))  # North leads
    deal = deal.apply(Card.parse("7C"))  # East, void in hearts
    vector = observation(deal.view(Seat.SOUTH))

    def ones(name: str) -> list[int]:
        return [int(i) for i in np.flatnonzero(vector[field_slice(name)])]

    # relative to South: North is 2 (partner), East 3, West 1
    assert ones("hand") == sorted(
        Card.parse(c).index for c in ["KH", "QH", "8H", "7H", "AS", "TS", "9S", "8S"]
    )
    assert ones("played") == [2 * 32 + 20, 3 * 32 + 0]  # JH by North, 7C by East
    assert ones("trick") == ones("played")
    assert ones("trick_leader") == [2]
    # 100 H is bid slot 6 * 2 + 2 = 14, made by North (2)
    assert ones("bids") == [4 * 14 + 2]
    assert ones("coinche") == [3]
    assert ones("passed") == [0, 2]  # the latest calls of South and North
    assert ones("contract_strain") == [2]
    assert ones("contract_level") == [2]
    assert ones("contract_taker") == [2]
    assert ones("contract_multiplier") == [1]
    assert ones("seat") == [2]
    assert ones("dealer") == [1]  # West
    assert ones("to_move") == [0]  # South plays next
    assert ones("phase") == [1]
    assert ones("shown") == ones("turned") == ones("take") == ones("surcoinche") == []
    assert vector[field_slice("card_points")].tolist() == [0.0, 0.0]
    assert ((vector >= 0) & (vector <= 1)).all()


def test_observation_scores_at_the_end() -> None:
    deal = _scripted_deal()
    deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
    rng = random.Random(0)
    while not deal.is_over:
        deal = deal.apply(rng.choice(deal.legal_actions()))
    result = deal.result
    assert result is not None
    for seat in Seat:
        vector = observation(deal.view(seat))
        own, other = vector[field_slice("card_points")] * 162
        assert round(float(own)) == result.card_points[seat.team]
        assert round(float(other)) == result.card_points[seat.team.other]
        assert float(vector[field_slice("tricks_won")].sum()) == 1.0
        assert vector[field_slice("phase")].tolist() == [0.0, 0.0, 1.0, 0.0]


def test_game_totals_are_shown_when_given() -> None:
    from coinche import TeamPoints

    deal = _scripted_deal()
    vector = observation(deal.view(Seat.EAST), TeamPoints(500, 1500))
    # East is East-West: own 1500 / 1000 capped at 1, the others 500 / 1000
    assert vector[field_slice("game_totals")].tolist() == [1.0, 0.5]
    with pytest.raises(CoincheTypeError):
        observation(deal)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- the AEC env
def _play_env(env: CoincheAECEnv, rng: random.Random) -> dict[str, float]:
    """Play random legal actions to the end; check the masks at every step."""
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert env.deal.to_move is not None
        assert agent == env.possible_agents[env.deal.to_move]
        assert np.array_equal(obs["action_mask"], _mask_of(env.deal))
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return totals


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_aec_rewards_are_the_deal_score_difference(name: str) -> None:
    rng = random.Random(name)
    scored = 0
    for seed in range(30):
        env = CoincheAECEnv(name, reward="score")
        env.reset(seed=seed)
        totals = _play_env(env, rng)
        result = env.deal.result
        if result is None:
            assert set(totals.values()) == {0.0}
            continue
        scored += 1
        difference = result.score.north_south - result.score.east_west
        assert totals == {"north": difference, "east": -difference, "south": difference,
                          "west": -difference}  # fmt: skip
    assert scored > 0


def test_aec_whole_game_rewards_add_up_to_the_totals() -> None:
    env = CoincheAECEnv("common", episode="game", reward="score")
    env.reset(seed=5)
    totals = _play_env(env, random.Random(5))
    game = env.game
    assert game is not None
    assert game.is_over
    assert totals["north"] == game.totals.north_south - game.totals.east_west
    assert totals["east"] == -totals["north"]

    env = CoincheAECEnv("common", episode="game", reward="win")
    env.reset(seed=5)
    totals = _play_env(env, random.Random(5))
    game = env.game
    assert game is not None
    assert game.winner is not None
    sign = 1.0 if game.winner.value == 0 else -1.0
    assert totals == {"north": sign, "east": -sign, "south": sign, "west": -sign}


def test_aec_refuses_illegal_actions_and_bad_options() -> None:
    env = CoincheAECEnv("common")
    env.reset(seed=0)
    with pytest.raises(CoincheError):
        env.step(0)  # a card during the auction
    with pytest.raises(IllegalCallError):
        env.step(action_to_int(COINCHE))  # nothing to coinche yet
    with pytest.raises(CoincheTypeError):
        env.step(None)
    with pytest.raises(CoincheTypeError, match="render_mode"):
        CoincheAECEnv("common", render_mode="rgb_array")
    with pytest.raises(CoincheTypeError, match="episode"):
        CoincheAECEnv("common", episode="match")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="reward"):
        CoincheAECEnv("common", reward="points")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError):
        env.reset(options={"deal": "N:..."})
    with pytest.raises(CoincheTypeError, match="the env's rules"):
        env.reset(options={"deal": Deal.new(Seat.NORTH, RuleConfig.ffb(), random.Random(0))})
    with pytest.raises(CoincheTypeError):
        CoincheAECEnv(3)  # type: ignore[arg-type]


def test_aec_render_prints_the_deal_in_notation() -> None:
    env = CoincheAECEnv("common", render_mode="ansi")
    env.reset(options={"deal": _scripted_deal()})
    text = env.render()
    assert text is not None
    # from the dealer, West, in the order of play; spades.hearts.diamonds.clubs
    assert text.splitlines()[0] == "Deal: W:J7..AKQJT9. KQ.AJT9.87. ...AKQJT987 AT98.KQ87.."
    assert "Auction (W deals):" in text
    assert "To move: NORTH" in text
    for call in (Bid(80, Strain.HEARTS), PASS, PASS, PASS):
        env.step(action_to_int(call))
    while env.agents:
        obs, _, terminated, _, _ = env.last()
        env.step(None if terminated else int(np.flatnonzero(obs["action_mask"])[0]))
    final = env.render()
    assert final is not None
    assert "Deal score:" in final
    assert "Tricks (hearts are trumps):" in final
    assert CoincheAECEnv("common").render() is None


def test_aec_human_render_prints(capsys: pytest.CaptureFixture[str]) -> None:
    env = CoincheAECEnv("classic_belote", render_mode="human")
    env.reset(seed=2)
    env.step(action_to_int(PASS))
    assert "turned card" in capsys.readouterr().out


# ---------------------------------------------------------------------- hidden cards
def _hidden_from(deal: Deal, seat: Seat) -> list[Card]:
    view = deal.view(seat)
    known = view.hand.mask
    for done in view.tricks:
        known |= done.mask
    if view.trick is not None:
        known |= view.trick.mask
    for announcement in view.announcements:
        known |= announcement.cards.mask
    if view.turned is not None:
        known |= view.turned.mask
    return [card for card in CARDS if not card.mask & known]


def _permuted(deal: Deal, mapping: dict[Card, Card]) -> Deal:
    def move(hand: Hand) -> Hand:
        return Hand(mapping.get(card, card) for card in hand)

    if deal.turned is not None:
        return Deal.from_hands(
            deal.dealer,
            deal.rules,
            [move(hand) for hand in deal.first_hands],
            turned=deal.turned,
            stock=[mapping.get(card, card) for card in deal.stock],
        )
    return Deal.from_hands(deal.dealer, deal.rules, [move(hand) for hand in deal.hands])


def _replay(deal: Deal, actions: list[Action]) -> Deal | None:
    try:
        for action in actions:
            deal = deal.apply(action)
    except CoincheError:
        return None
    return deal


@settings(
    max_examples=150, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(
    name=st.sampled_from(PRESET_NAMES),
    seed=st.integers(0, 2**32 - 1),
    length=st.integers(0, 75),
    seat=st.sampled_from(list(Seat)),
)
def test_observations_never_reveal_a_hidden_card(
    name: str, seed: int, length: int, seat: Seat
) -> None:
    """Two deals that differ only in cards hidden from *seat* (the same calls and cards
    made public, the same announcements) give *seat* the same observation at every step."""
    rules = RuleConfig.preset(name)
    rng = random.Random(seed)
    first = Deal.new(rng.choice(list(Seat)), rules, rng)
    actions: list[Action] = []
    deal = first
    while len(actions) < length and not deal.is_over:
        legal = deal.legal_actions()
        action = PASS if PASS in legal and rng.random() < 0.4 else rng.choice(legal)
        actions.append(action)
        deal = deal.apply(action)
    hidden = _hidden_from(deal, seat)
    other = None
    for _ in range(10):  # shuffle the hidden cards within each suit
        mapping: dict[Card, Card] = {}
        for suit in range(4):
            cards = [card for card in hidden if card.suit == suit]
            moved = cards[:]
            rng.shuffle(moved)
            mapping.update(zip(cards, moved, strict=True))
        candidate = _permuted(first, mapping)
        if candidate.hands == first.hands and candidate.stock == first.stock:
            continue
        end = _replay(candidate, actions)
        if (
            end is not None
            and end.announcements == deal.announcements
            and end.belote_declared == deal.belote_declared
        ):
            other = candidate
            break
    assume(other is not None)
    assert other is not None
    event(f"compared up to the {deal.phase.value} phase")
    agent = CoincheAECEnv(rules).possible_agents[seat]
    env_a, env_b = CoincheAECEnv(rules), CoincheAECEnv(rules)
    env_a.reset(options={"deal": first})
    env_b.reset(options={"deal": other})
    steps: list[Action | None] = [*actions, None]
    for step in steps:
        obs_a, obs_b = env_a.observe(agent), env_b.observe(agent)
        assert np.array_equal(obs_a["observation"], obs_b["observation"])
        assert np.array_equal(obs_a["action_mask"], obs_b["action_mask"])
        if step is None:
            break
        env_a.step(action_to_int(step, rules))
        env_b.step(action_to_int(step, rules))


def test_the_hidden_card_check_can_fail() -> None:
    """A view that showed another seat's cards would be caught by the comparison above."""
    first = _scripted_deal()
    north, east = first.hands[0], first.hands[1]
    swap = {Card.parse("AC"): Card.parse("8D"), Card.parse("8D"): Card.parse("AC")}
    other = _permuted(first, swap)
    assert other.hands[0] != north
    assert other.hands[1] != east
    # South's observation is the same, North's (its own hand changed) is not
    same = observation(first.view(Seat.SOUTH)), observation(other.view(Seat.SOUTH))
    assert np.array_equal(*same)
    differ = observation(first.view(Seat.NORTH)), observation(other.view(Seat.NORTH))
    assert not np.array_equal(*differ)


# ---------------------------------------------------------------------- the Gymnasium env
def test_gym_env_plays_one_seat_against_library_players() -> None:
    players: dict[Seat, Player] = {
        Seat.NORTH: GreedyPlayer(),
        Seat.EAST: RandomPlayer(),
        Seat.WEST: RandomPlayer(),
    }
    env = CoincheGymEnv("common", seat=Seat.SOUTH, players=players, reward="score")
    rng = random.Random(1)
    scored = 0
    for seed in range(20):
        obs, _ = env.reset(seed=seed)
        done = False
        reward = 0.0
        while not done:
            assert env.deal.to_move is Seat.SOUTH
            assert np.array_equal(obs["action_mask"], _mask_of(env.deal))
            assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
            action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            obs, step_reward, terminated, truncated, info = env.step(np.int64(action))
            reward = float(step_reward)
            done = terminated or truncated
            assert "illegal_action" not in info
        result = env.deal.result
        if result is not None:
            scored += 1
            assert reward == result.score.north_south - result.score.east_west
        else:
            assert reward == 0.0
        assert not obs["action_mask"].any()
    assert scored > 0


def test_gym_env_ends_on_an_illegal_action() -> None:
    env = CoincheGymEnv("ffb", illegal_reward=-7.0)
    env.reset(seed=0)
    _, reward, terminated, truncated, info = env.step(0)  # a card in the auction
    assert (reward, terminated, truncated, info) == (-7.0, True, False, {"illegal_action": True})
    with pytest.raises(CoincheTypeError):
        CoincheGymEnv(seat="N")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="no player for EAST"):
        CoincheGymEnv(players={Seat.SOUTH: RandomPlayer(), Seat.WEST: RandomPlayer()})
    with pytest.raises(CoincheTypeError, match="render_mode"):
        CoincheGymEnv(render_mode="rgb_array")


def test_gym_env_starts_from_a_given_deal() -> None:
    env = CoincheGymEnv("common", seat=Seat.NORTH, players=GreedyPlayer())
    deal = _scripted_deal()  # West deals: North, the agent, speaks first
    obs, _ = env.reset(options={"deal": deal})
    assert env.deal is deal
    assert np.array_equal(obs["observation"], observation(deal.view(Seat.NORTH)))
    with pytest.raises(CoincheTypeError):
        env.reset(options={"deal": Deal.new(Seat.NORTH, RuleConfig.ffb(), random.Random(0))})


def test_gym_env_render() -> None:
    env = CoincheGymEnv("common", render_mode="ansi")
    assert env.render() is None
    env.reset(seed=4)
    text = env.render()
    assert text is not None
    assert text.startswith("Deal: ")


# ---------------------------------------------------------------------- OpenSpiel
def test_openspiel_state_matches_the_library() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import coinche.rl.openspiel as spiel

    game = pyspiel.load_game("python_coinche", {"rules": "ffb", "dealer": "S", "reward": "score"})
    assert game.max_game_length() == spiel.max_game_length(RuleConfig.ffb())
    state = game.new_initial_state()
    deck = list(range(31, -1, -1))
    for card in deck:
        assert state.is_chance_node()
        state.apply_action(card)
    expected = Deal.from_deck(Seat.SOUTH, RuleConfig.ffb(), [CARDS[i] for i in deck])
    rng = random.Random(3)
    while not state.is_terminal():
        player = state.current_player()
        assert expected.to_move is not None
        assert player == int(expected.to_move)
        assert state.legal_actions() == sorted(
            action_to_int(a, expected.rules) for a in expected.legal_actions()
        )
        tensor = np.asarray(state.observation_tensor(player), dtype=np.float32)
        assert np.array_equal(tensor, observation(expected.view(expected.to_move)))
        assert str(expected.view(expected.to_move).hand) in state.observation_string(player)
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        expected = expected.apply(int_to_action_for(action, expected))
    result = expected.result
    returns = state.returns()
    if result is None:
        assert returns == [0.0] * 4
    else:
        difference = result.score.north_south - result.score.east_west
        assert returns == [difference, -difference, difference, -difference]
    assert game.num_distinct_actions() == NUM_ACTIONS


def int_to_action_for(action: int, deal: Deal) -> Action:
    from coinche.actions import int_to_action

    return int_to_action(action, deal.rules)


def _spiel_state_after_the_deck(rules: str = "common") -> Any:
    """A python_coinche state after dealing the deck in index order, West dealing.

    Deal.from_deck deals the common 3-2-3 packets from North: North gets 7C 8C 9C,
    East TC JC QC, South KC AC 7D, West 8D 9D TD; then two each (North JD QD, East KD
    AD, South 7H 8H, West 9H TH); then three each (North JH QH KH, East AH 7S 8S,
    South 9S TS JS, West QS KS AS).
    """
    pyspiel = pytest.importorskip("pyspiel")
    import coinche.rl.openspiel  # noqa: F401  (registers python_coinche)

    game = pyspiel.load_game("python_coinche", {"rules": rules, "dealer": "W"})
    state = game.new_initial_state()
    for index in range(32):
        state.apply_action(index)
    return state


def test_openspiel_refuses_illegal_chance_outcomes() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import coinche.rl.openspiel  # noqa: F401

    state = pyspiel.load_game("python_coinche", {"rules": "common"}).new_initial_state()
    with pytest.raises(IllegalActionError, match="77"):
        state.apply_action(77)  # a deck has 32 cards, 0 to 31
    state.apply_action(3)
    with pytest.raises(IllegalActionError, match="already dealt"):
        state.apply_action(3)  # 3 (TC) is dealt: no card comes twice
    with pytest.raises(CoincheError, match="77"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, 77)  # not an IndexError
    # the refusals changed nothing: 31 cards to go, 3 not among them
    assert [index for index, _ in state.chance_outcomes()] == [i for i in range(32) if i != 3]


def test_openspiel_refuses_illegal_player_actions() -> None:
    state = _spiel_state_after_the_deck()
    assert state.current_player() == 0  # West deals: North speaks first
    with pytest.raises(IllegalActionError):
        state.apply_action(Card.parse("JH").index)  # a card in the auction
    for call in (Bid(80, Strain.HEARTS), PASS, PASS, PASS):
        state.apply_action(action_to_int(call))
    assert state.current_player() == 0  # the seat after the dealer, North, leads
    with pytest.raises(IllegalCardError):
        state.apply_action(Card.parse("TC").index)  # East holds TC, not North
    with pytest.raises(IllegalActionError):
        state.apply_action(action_to_int(PASS))  # a call in the play
    state.apply_action(Card.parse("JH").index)  # North leads hearts, trumps
    with pytest.raises(IllegalCardError, match="EAST"):
        state.apply_action(Card.parse("7S").index)  # East holds AH: it must follow
    state.apply_action(Card.parse("AH").index)
    assert state.deal.trick.cards == (Card.parse("JH"), Card.parse("AH"))


@pytest.mark.parametrize("name", ["common", "pagat", "classic_belote"])
def test_openspiel_accepts_exactly_the_legal_actions(name: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import coinche.rl.openspiel  # noqa: F401

    state = pyspiel.load_game("python_coinche", {"rules": name}).new_initial_state()
    rng = random.Random(7)
    while not state.is_terminal():
        legal = state.legal_actions()
        tried = range(40) if state.is_chance_node() else range(NUM_ACTIONS)
        for action in tried:
            trial = state.clone()
            try:
                trial.apply_action(action)
            except CoincheError:
                assert action not in legal
            else:
                assert action in legal
        state.apply_action(rng.choice(legal))


# ---------------------------------------------------------------------- action types
# an action is an integer: an int, a NumPy integer scalar or a 0-d integer array; a
# float, a string, a bool or a 1-element array is refused, never rounded or parsed
_NOT_ACTIONS = [32.7, 32.0, "32", True, np.bool_(True), np.array([32]), np.array(32.0)]
_ACTIONS = [32, np.int64(32), np.uint8(32), np.array(32)]


@pytest.mark.parametrize("action", _NOT_ACTIONS, ids=repr)
def test_gym_env_refuses_an_action_that_is_not_an_integer(action: object) -> None:
    env = CoincheGymEnv("common", seat=Seat.NORTH, players=GreedyPlayer())
    env.reset(options={"deal": _scripted_deal()})  # West deals: North speaks first
    with pytest.raises(CoincheTypeError, match="action"):
        env.step(action)
    assert env.deal.calls == ()  # nothing was played


@pytest.mark.parametrize("action", _ACTIONS, ids=repr)
def test_gym_env_takes_integer_actions(action: object) -> None:
    env = CoincheGymEnv("common", seat=Seat.NORTH, players=GreedyPlayer())
    env.reset(options={"deal": _scripted_deal()})
    _, _, _, _, info = env.step(action)
    assert "illegal_action" not in info
    assert env.deal.calls[0] == (Seat.NORTH, PASS)  # 32 is pass


def test_gym_env_step_after_the_end_raises() -> None:
    env = CoincheGymEnv("common", seat=Seat.NORTH, players=GreedyPlayer())
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(32)  # no deal yet
    env.reset(options={"deal": _scripted_deal()})
    _, _, terminated, _, _ = env.step(0)  # a card during the auction: the episode ends
    assert terminated
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(32)  # the caller must reset, and is not paid the penalty again
    env.reset(options={"deal": _scripted_deal()})
    done = False
    while not done:
        obs = env._observe()
        _, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(32)
    env.reset(seed=1)  # and a reset starts over
    assert env.deal.to_move is Seat.NORTH


@pytest.mark.parametrize("action", _NOT_ACTIONS, ids=repr)
def test_aec_env_refuses_an_action_that_is_not_an_integer(action: object) -> None:
    env = CoincheAECEnv("common")
    env.reset(options={"deal": _scripted_deal()})
    with pytest.raises(CoincheTypeError, match="action"):
        env.step(action)  # type: ignore[arg-type]
    assert env.deal.calls == ()


@pytest.mark.parametrize("action", _ACTIONS, ids=repr)
def test_aec_env_takes_integer_actions(action: object) -> None:
    env = CoincheAECEnv("common")
    env.reset(options={"deal": _scripted_deal()})
    env.step(action)  # type: ignore[arg-type]
    assert env.deal.calls[0] == (Seat.NORTH, PASS)


def test_aec_env_step_after_the_end_raises() -> None:
    env = CoincheAECEnv("common")
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(32)  # no deal yet
    env.reset(options={"deal": _scripted_deal()})
    for call in (PASS, PASS, PASS, PASS):  # all four pass: the deal is thrown in
        env.step(action_to_int(call))
    with pytest.raises(IllegalActionError, match="None"):
        env.step(32)  # a finished agent's only action is None
    while env.agents:
        env.step(None)
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(None)


# ======================================================================================
# What RL clients expect of the environments: Gymnasium ids, PettingZoo's
# names, the default opponents, stepping past the end, pagat's out-of-turn coinche.


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


# ======================================================================================
# The single-deal environments' observations, kept up to date action by action,
# against coinche.rl.observation built from the view, at every step of every preset.


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("episode", ["deal", "game"])
def test_aec_observations_equal_the_views(preset: str, episode: str) -> None:
    env = CoincheAECEnv(preset, episode=episode)  # type: ignore[arg-type]
    rng = np.random.default_rng(5)
    steps = 0
    for seed in range(6):
        env.reset(seed=seed)
        for agent in env.agent_iter(max_iter=300):
            game = env.game
            state = env.deal if game is None else game
            totals = None if game is None else game.totals
            for other in AGENTS:  # every seat, the one to move and the others
                got = env.observe(other)["observation"]
                expected = observation(state.view(SEAT_OF[other]), totals)
                assert np.array_equal(got, expected), (preset, steps, other)
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = env.observe(agent)["action_mask"]
            expected_mask = np.frombuffer(legal_action_mask(env.deal), dtype=np.int8)
            assert np.array_equal(mask, expected_mask), (preset, steps)
            env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
    assert steps > 100


@pytest.mark.parametrize("preset", ["common", "ffb", "classic_belote"])
def test_gym_observations_equal_the_views(preset: str) -> None:
    env = CoincheGymEnv(preset, seat=Seat.WEST)
    rng = np.random.default_rng(2)
    for seed in range(5):
        obs, _ = env.reset(seed=seed)
        done = False
        while True:
            expected = observation(env.deal.view(Seat.WEST))
            assert np.array_equal(obs["observation"], expected)
            if done:
                break
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated


# ======================================================================================
# The ``reward=`` option of every environment: ``"score"``, ``"scaled"`` and
# ``"win"``, one transform (coinche.rl._common.Rewards) behind all of them.
#
# The expected values come from the rules: under the common preset the largest gap
# between the two teams' deal scores is a made capot bid, surcoinched, with every
# announcement and belote: 160 card points + 250 x 4 + 550 announcement points + 20 =
# 1,730 (tests/test_openspiel_infostate.py::test_a_capot_bound_worked_by_hand works it
# out), so ``"scaled"`` is the score difference divided by 1,730; ``"win"`` is +1 for the
# team that scored more, -1 for the other, 0 for a deal thrown in.


COMMON_BOUND = 160 + 250 * 4 + 550 + 20  # 1,730: see the module


def _expected(kind: str, diff: float) -> float:
    """The reward of a score difference *diff* under the common preset, by the rules."""
    if kind == "score":
        return diff
    if kind == "scaled":
        return diff / COMMON_BOUND
    return 1.0 if diff > 0 else -1.0 if diff < 0 else 0.0


def test_the_transform_worked_by_hand() -> None:
    common = RuleConfig.common()
    # 410 - 0: an 80 contract made with 162 card points, say; 173 is a tenth of 1,730
    assert Rewards("score", common).of(410.0) == 410.0
    assert Rewards("scaled", common).of(173.0) == 0.1
    assert Rewards("scaled", common).of(-COMMON_BOUND) == -1.0
    assert [Rewards("win", common).of(d) for d in (410.0, -20.0, 0.0)] == [1.0, -1.0, 0.0]
    # the array form gives the same, in the array's dtype
    diffs = np.array([173.0, -COMMON_BOUND, 0.0], dtype=np.float32)
    scaled = Rewards("scaled", common).of_array(diffs)
    assert scaled.dtype == np.float32
    assert scaled.tolist() == [np.float32(0.1), -1.0, 0.0]
    assert Rewards("win", common).of_array(diffs).tolist() == [1.0, -1.0, 0.0]
    # the bound of each kind: the largest reward a deal can give
    assert [Rewards(k, common).bound for k in ("score", "scaled", "win")] == [1730.0, 1.0, 1.0]


_BAD = ["points", "", "SCORE", 3, None, 10**5000, ["score"], np.array(["score"])]


@pytest.mark.parametrize("bad", _BAD, ids=lambda value: type(value).__name__)
def test_every_env_refuses_a_bad_reward_naming_it(bad: object) -> None:
    def refused(make: Callable[[], object]) -> None:
        with pytest.raises(CoincheTypeError, match="reward must be one of 'score', 'scaled'"):
            make()

    refused(lambda: CoincheAECEnv("common", reward=bad))  # type: ignore[arg-type]
    refused(lambda: CoincheGymEnv("common", reward=bad))  # type: ignore[arg-type]
    refused(lambda: BatchEnv("common", n=2, reward=bad))  # type: ignore[arg-type]
    refused(lambda: CoincheVectorEnv("common", num_envs=2, reward=bad))  # type: ignore[arg-type]
    refused(lambda: Rewards(bad, RuleConfig.common()))
    with pytest.raises(CoincheTypeError, match="<an int of 5001 digits>"):
        Rewards(10**5000, RuleConfig.common())  # cut down, never printed whole


def _random_aec_deal(env: CoincheAECEnv, rng: random.Random) -> dict[str, float]:
    totals = dict.fromkeys(AGENTS, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return totals


@pytest.mark.parametrize("kind", ["score", "scaled", "win"])
def test_aec_rewards_of_each_kind(kind: str) -> None:
    rng = random.Random(kind)
    seen = set()
    for seed in range(25):  # "win" in a deal episode: the deal's sign (it used to raise)
        env = CoincheAECEnv("common", reward=kind)  # type: ignore[arg-type]
        env.reset(seed=seed)
        totals = _random_aec_deal(env, rng)
        result = env.deal.result
        diff = 0.0 if result is None else float(result.score.north_south - result.score.east_west)
        north = _expected(kind, diff)
        assert totals == {"north": north, "east": -north, "south": north, "west": -north}
        seen.add(np.sign(north))
    assert seen >= {-1.0, 1.0}  # both teams won a deal


def test_aec_scaled_rewards_over_a_game_add_up_to_the_totals_scaled() -> None:
    env = CoincheAECEnv("common", episode="game", reward="scaled")
    env.reset(seed=5)
    totals = _random_aec_deal(env, random.Random(5))
    game = env.game
    assert game is not None
    assert game.is_over
    # each deal pays its difference / 1,730 as it ends: the sum is the totals' gap / 1,730
    gap = (game.totals.north_south - game.totals.east_west) / COMMON_BOUND
    assert totals["north"] == pytest.approx(gap)
    assert totals["east"] == pytest.approx(-gap)


@pytest.mark.parametrize("kind", ["score", "scaled", "win"])
def test_gym_rewards_of_each_kind(kind: str) -> None:
    env = CoincheGymEnv("common", seat=Seat.EAST, reward=kind)  # type: ignore[arg-type]
    rng = random.Random(kind)
    for seed in range(12):
        obs, _ = env.reset(seed=seed)
        total, done = 0.0, env.deal.is_over
        while not done:
            action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            obs, reward, done, _, _ = env.step(action)
            total += float(reward)
        result = env.deal.result
        # East's team is East-West
        diff = 0.0 if result is None else float(result.score.east_west - result.score.north_south)
        assert total == _expected(kind, diff)


def test_gym_illegal_reward_defaults_to_the_worst_deal() -> None:
    # the lowest reward a deal can give: minus the bound, in each kind's units
    worst = {"score": -1730.0, "scaled": -1.0, "win": -1.0}
    for kind, value in worst.items():
        env = CoincheGymEnv("common", seat=Seat.NORTH, players=GreedyPlayer(), reward=kind)  # type: ignore[arg-type]
        assert env.illegal_reward == value
        deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0))  # North speaks
        env.reset(options={"deal": deal})
        _, reward, terminated, _, info = env.step(0)  # a card in the auction
        assert (reward, terminated, info) == (value, True, {"illegal_action": True})
    with pytest.raises(CoincheTypeError, match="illegal_reward"):
        CoincheGymEnv(illegal_reward="-1")  # type: ignore[arg-type]


def _drive_batch(env: BatchEnv, steps: int) -> list[np.ndarray]:
    """The rewards of each step of *env* under random legal actions (always the same)."""
    rng = np.random.default_rng(11)
    rewards = []
    for _ in range(steps):
        env.step(env.sample(rng))
        rewards.append(env.rewards.copy())
    return rewards


def test_batch_rewards_of_each_kind_are_the_score_transformed() -> None:
    # the same seed and the same random actions: the same deals, paid three ways
    # (8 deals a batch, as in the other rl suites: one compilation)
    score = _drive_batch(BatchEnv("common", n=8, seed=2, reward="score"), 300)
    scaled = _drive_batch(BatchEnv("common", n=8, seed=2, reward="scaled"), 300)
    win = _drive_batch(BatchEnv("common", n=8, seed=2, reward="win"), 300)
    paid = 0
    for raw, by_bound, by_sign in zip(score, scaled, win, strict=True):
        assert np.array_equal(by_bound, (raw / np.float32(COMMON_BOUND)).astype(np.float32))
        assert np.array_equal(by_sign, np.sign(raw))
        paid += int(np.count_nonzero(raw[:, 0]))
    assert paid > 10
    assert BatchEnv("common", n=8).reward.kind == "scaled"  # the default


@pytest.mark.parametrize("seat", [Seat.SOUTH, None])
def test_vector_rewards_of_each_kind(seat: Seat | None) -> None:
    runs = {}
    for kind in ("score", "scaled", "win"):
        envs = CoincheVectorEnv("common", num_envs=8, seed=4, seat=seat, reward=kind)
        obs, _ = envs.reset(seed=4)
        rng = np.random.default_rng(4)
        got = []
        for _ in range(80):
            actions = [rng.choice(np.flatnonzero(row)) for row in obs["action_mask"]]
            obs, rewards, _terminated, _, _ = envs.step(np.array(actions))
            got.append(rewards)
        runs[kind] = np.array(got)
    assert np.count_nonzero(runs["score"]) > 10
    assert np.array_equal(runs["scaled"], (runs["score"] / np.float32(COMMON_BOUND)))
    assert np.array_equal(runs["win"], np.sign(runs["score"]))


def test_openspiel_reward_parameter_and_utility_range() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import coinche.rl.openspiel  # noqa: F401  (registers python_coinche)

    expected_range = {"score": 1730.0, "scaled": 1.0, "win": 1.0}
    returns = {}
    for kind, bound in expected_range.items():
        game = pyspiel.load_game("python_coinche", {"rules": "common", "reward": kind})
        assert (game.min_utility(), game.max_utility()) == (-bound, bound)
        state = game.new_initial_state()
        rng = random.Random(7)  # the same deal and the same line for every kind
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        returns[kind] = state.returns()
    diff = returns["score"][0]
    assert diff != 0.0  # this line is scored, not thrown in
    for kind in ("scaled", "win"):
        north = _expected(kind, diff)
        assert returns[kind] == [north, -north, north, -north]
        assert all(-1.0 <= value <= 1.0 for value in returns[kind])
    assert pyspiel.load_game("python_coinche").get_parameters()["reward"] == "scaled"
    with pytest.raises(CoincheTypeError, match="reward must be one of"):
        pyspiel.load_game("python_coinche", {"reward": "points"})


def test_rlcard_game_reward() -> None:
    rlcard = pytest.importorskip("rlcard")
    import coinche.rl.rlcard  # noqa: F401  (registers "coinche")

    payoffs = {}
    for kind in ("score", "scaled", "win"):
        env = rlcard.make("coinche", config={"seed": 3, "game_reward": kind})
        state, _ = env.reset()
        rng = random.Random(3)
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
        payoffs[kind] = env.get_payoffs().tolist()
    diff = payoffs["score"][0]
    assert diff != 0.0
    for kind in ("scaled", "win"):
        north = _expected(kind, diff)
        assert payoffs[kind] == [north, -north, north, -north]
    default = rlcard.make("coinche", config={"seed": 3})
    assert default.game.reward.kind == "scaled"
    with pytest.raises(CoincheTypeError, match="reward must be one of"):
        rlcard.make("coinche", config={"game_reward": "points"})


def test_illegal_reward_must_be_finite() -> None:
    from coinche.rl import CoincheGymEnv

    for bad in (float("nan"), float("inf"), -float("inf"), 10**400):
        with pytest.raises(CoincheTypeError, match="illegal_reward"):
            CoincheGymEnv(illegal_reward=bad)
    assert CoincheGymEnv(illegal_reward=-3).illegal_reward == -3.0


def test_aec_reset_seed_is_checked() -> None:
    from coinche.rl import CoincheAECEnv

    env = CoincheAECEnv()
    env.reset(seed=np.int64(3))  # type: ignore[arg-type]  # a NumPy int is an int
    first = env.observe(env.agent_selection)["observation"]
    env.reset(seed=3)
    assert np.array_equal(env.observe(env.agent_selection)["observation"], first)
    for bad in (1.5, "3", True, 10**200):
        with pytest.raises(CoincheTypeError, match="seed"):
            env.reset(seed=bad)  # type: ignore[arg-type]


# ======================================================================================
# coinche.rl.vector: the Gymnasium VectorEnv on the batch env.


def _random(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask])


@pytest.mark.parametrize("preset", ["common", "ffb"])
def test_single_seat_agent_always_moves_and_gets_its_team_score(preset: str) -> None:
    envs = CoincheVectorEnv(
        preset, num_envs=8, seed=3, seat=Seat.EAST
    )  # as the others: one compilation
    obs, _ = envs.reset(seed=3)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(200):
        # the agent is East in every deal: the observation's absolute seat field says so
        assert (obs["observation"][:, field_slice("seat")].argmax(axis=1) == 1).all()
        assert obs["observation"].shape == (8, 998)
        assert obs in envs.observation_space
        actions = _random(obs["action_mask"], rng)
        obs, rewards, terminated, truncated, _ = envs.step(actions)
        assert not truncated.any()
        # a reward comes only with the end of a deal: East-West's score minus North-South's
        assert not rewards[~terminated].any()
        ended += int(terminated.sum())
    assert ended > 10


def test_self_play_rewards_of_every_seat() -> None:
    envs = CoincheVectorEnv("common", num_envs=8, seed=1, seat=None, compact=True)
    envs.reset(seed=1)
    rng = np.random.default_rng(1)
    seen = 0
    for _ in range(200):
        mover = envs.batch.to_move.copy()
        _, rewards, terminated, _, info = envs.step(_random(envs.action_masks(), rng))
        every = info["rewards"]
        # partners get the same reward, opponents its opposite; the mover's is its own
        assert (every[:, 0] == every[:, 2]).all()
        assert (every[:, 0] == -every[:, 1]).all()
        assert (rewards == every[np.arange(8), mover]).all()
        seen += int(terminated.sum())
    assert seen > 5


def test_bad_arguments() -> None:
    with pytest.raises(CoincheTypeError):
        CoincheVectorEnv(num_envs=2, seat=2)  # type: ignore[arg-type]
    envs = CoincheVectorEnv(num_envs=8, seat=Seat.NORTH)
    envs.reset(seed=0)
    with pytest.raises(IllegalActionError):
        envs.step(np.zeros(8, dtype=np.int64))  # a card in the auction


def _agrees_with_greedy_player(preset: str, policy: Policy, steps: int) -> int:
    """Drive a batch (the policy's actions, one in four random) and replay each deal on
    a Deal: the policy's action is GreedyPlayer's at every step; returns the count."""
    rules = RuleConfig.preset(preset)
    n, seed = 8, 5
    env = BatchEnv(preset, n=n, seed=seed)
    deals = [deal_of(rules, seed, i) for i in range(n)]
    player, rng, unused = GreedyPlayer(), np.random.default_rng(seed), random.Random(0)
    checked = 0
    for _ in range(steps):
        got = policy(env.observations, env.action_mask, rng)
        for i, deal in enumerate(deals):
            seat = deal.to_move
            assert seat is not None
            chosen = player.choose(deal.view(seat), deal.legal_actions(), unused)
            assert got[i] == action_to_int(chosen, rules), (preset, i, deal.calls)
            checked += 1
        actions = np.where(rng.random(n) < 0.75, got, env.sample(rng))
        env.step(actions)
        for i in range(n):
            after = deals[i].apply(int_to_action(int(actions[i]), rules))
            deals[i] = deal_of(rules, seed, int(env.deal_index[i])) if after.is_over else after
    return checked


@pytest.mark.parametrize("preset", ["common", "ffb", "pagat", "contract_only", "min82"])
def test_greedy_policy_is_the_greedy_player(preset: str) -> None:
    assert _agrees_with_greedy_player(preset, greedy_policy(preset), 240) == 8 * 240


def test_default_opponents_are_greedy_and_random_ones_can_be_asked_for() -> None:
    envs = CoincheVectorEnv("ffb", num_envs=8, seat=Seat.NORTH)
    assert _agrees_with_greedy_player("ffb", envs.opponent, 80) == 8 * 80  # 8 deals
    randomly = CoincheVectorEnv("ffb", num_envs=8, seed=1, seat=Seat.NORTH, opponent=random_policy)
    obs, _ = randomly.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(40):
        obs, _, _, _, _ = randomly.step(_random(obs["action_mask"], rng))
        assert (randomly.batch.to_move == int(Seat.NORTH)).all()


def test_vector_env_refuses_what_it_once_coerced() -> None:
    # floats, strings and None were once read as actions; a bad opponent, seed or
    # compact flag failed later with a bare error
    envs = CoincheVectorEnv(num_envs=8, seat=Seat.NORTH)
    obs, _ = envs.reset(seed=0)
    legal = np.argmax(obs["action_mask"], axis=1)
    for bad in (legal + 0.7, legal.astype(str), None, "32"):
        with pytest.raises(CoincheTypeError, match="actions"):
            envs.step(bad)  # type: ignore[arg-type]
    for seed in (-1, 2**64, 1.5, "3"):
        with pytest.raises(CoincheTypeError, match="seed"):
            CoincheVectorEnv(num_envs=1, seed=seed)  # type: ignore[arg-type]
        with pytest.raises(CoincheTypeError, match="seed"):
            envs.reset(seed=seed)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="opponent"):
        CoincheVectorEnv(num_envs=1, opponent=5)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="compact"):
        CoincheVectorEnv(num_envs=1, compact="no")  # type: ignore[arg-type]
    silent = CoincheVectorEnv(num_envs=8, seat=Seat.WEST, opponent=lambda *_: None)
    with pytest.raises(CoincheTypeError, match="opponent's actions"):
        silent.reset(seed=1)


def test_compact_observations_are_inside_their_space() -> None:
    # a bid word once packed 57 bits, above the space's bound of 2**32
    envs = CoincheVectorEnv("ffb", num_envs=8, seed=2, seat=None, compact=True)
    obs, _ = envs.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(60):
        assert obs in envs.observation_space
        obs, *_ = envs.step(_random(obs["action_mask"], rng))
