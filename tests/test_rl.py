"""coinche.rl: observations, the PettingZoo and Gymnasium environments, the OpenSpiel game."""

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

import numpy as np
from gymnasium.utils.env_checker import check_env
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

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
from coinche.actions import NUM_ACTIONS, action_to_int, legal_action_mask
from coinche.bots.players import GreedyPlayer, Player, RandomPlayer
from coinche.rl import (
    OBSERVATION_FIELDS,
    OBSERVATION_SIZE,
    CoincheAECEnv,
    CoincheGymEnv,
    aec_env,
    field_slice,
    observation,
)

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
