"""The whole-deal PPO player (coinche.rl.ppo): its features, its network file, its
checks, its place in ``coinche match``, and that it plays on NumPy what the policy the
JAX trainer (examples/ppo_jax.py) runs computes, decision by decision."""

from __future__ import annotations

import random
import runpy
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("gymnasium")  # the rl extra (not in the compiled suite's venv)
pytest.importorskip("pettingzoo")

from coinche import Card, Deal, Hand, RuleConfig, Seat, Strain
from coinche.actions import NUM_ACTIONS, action_to_int, int_to_action
from coinche.auction import PASS, Bid
from coinche.bots.players import GreedyPlayer, play_deal
from coinche.cli import main
from coinche.errors import CoincheTypeError, CoincheValueError, IllegalActionError
from coinche.rl import observation
from coinche.rl.observation import OBSERVATION_SIZE
from coinche.rl.ppo import (
    PPO_FEATURE_FIELDS,
    PPO_FEATURE_SIZE,
    PpoNetwork,
    PpoPlayer,
    PpoWeightsError,
    load_ppo_network,
    policy_logits,
    ppo_features,
)

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "ppo_jax.py"
OFFSETS = {
    name: sum(size for _, size in PPO_FEATURE_FIELDS[:i])
    for i, (name, _) in enumerate(PPO_FEATURE_FIELDS)
}


def _hearts_deal() -> Deal:
    """West deals; North bids 80 in hearts and the three others pass: North leads."""
    hands = [
        Hand.parse(text)
        for text in (
            "JH 9H 8H 7H AS 7C 8D 9D",
            "AC TC KC QC JC 9C 8C 7S",
            "AD TD KD QD JD 8S 9S TS",
            "AH TH KH QH JS QS KS 7D",
        )
    ]
    deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), hands)
    return deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)


def _random_network(seed: int) -> PpoNetwork:
    """A network whose choices are not GreedyPlayer's: random heads of unit scale."""
    rng = np.random.default_rng(seed)
    net = PpoNetwork.initial(hidden=(24, 16), seed=seed, prior=0.5)
    pi = (rng.normal(0.0, 1.0, (16, NUM_ACTIONS)), rng.normal(0.0, 1.0, NUM_ACTIONS))
    return PpoNetwork(net.torso, pi, net.v, net.prior)


def test_feature_blocks_by_hand() -> None:
    deal = _hearts_deal()
    view = deal.view(Seat.NORTH)
    x = ppo_features(observation(view)[None, :], np.array([Card.parse("JH").index]))[0]
    assert x.shape == (PPO_FEATURE_SIZE,) == (683,)
    # hearts trumps: the hearts take canonical places 0-7 (7H 8H 9H TH JH QH KH AH), then
    # clubs 8-15, diamonds 16-23, spades 24-31; North holds 7H 8H 9H JH, 7C, 8D 9D, AS
    hand = np.flatnonzero(x[OFFSETS["hand"] : OFFSETS["hand"] + 32]).tolist()
    assert hand == [0, 1, 2, 4, 8, 17, 18, 31]
    # nothing played: the 24 cards North does not hold are unseen
    assert x[OFFSETS["unseen"] : OFFSETS["unseen"] + 32].sum() == 24
    # the hint JH sits at its canonical place 4 of the 154-wide one-hot
    hint = x[OFFSETS["hint"] :]
    assert np.flatnonzero(hint).tolist() == [4]
    # the highest bid, 80 hearts: level 0, strain 2, by North (relative seat 0)
    assert np.flatnonzero(x[OFFSETS["top_level"] : OFFSETS["top_level"] + 19]).tolist() == [0]
    assert np.flatnonzero(x[OFFSETS["top_strain"] : OFFSETS["top_strain"] + 6]).tolist() == [2]
    assert np.flatnonzero(x[OFFSETS["top_bidder"] : OFFSETS["top_bidder"] + 4]).tolist() == [0]
    # its level 0 as (0 + 1) / 19 at strain 2, seat 0 (strain-major, 4 seats a strain)
    levels = x[OFFSETS["bid_levels"] : OFFSETS["bid_levels"] + 24]
    assert np.flatnonzero(levels).tolist() == [2 * 4 + 0]
    assert levels[8] == pytest.approx(1 / 19)
    # West dealt: the dealer is North's relative seat 3; the play phase
    assert np.flatnonzero(x[OFFSETS["dealer"] : OFFSETS["dealer"] + 4]).tolist() == [3]
    assert x[OFFSETS["phase"] : OFFSETS["phase"] + 2].tolist() == [0.0, 1.0]


def test_auction_features_keep_the_usual_card_order() -> None:
    deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), _hearts_deal().hands)
    x = ppo_features(observation(deal.view(Seat.NORTH))[None, :], np.array([40]))[0]
    # no contract yet: card places are the card indices (7C 0, 8D 9, 9D 10, 7H 16 ...)
    hand = np.flatnonzero(x[OFFSETS["hand"] : OFFSETS["hand"] + 32]).tolist()
    assert hand == [0, 9, 10, 16, 17, 18, 20, 31]
    assert np.flatnonzero(x[OFFSETS["hint"] :]).tolist() == [40]  # a call stays itself
    assert x[OFFSETS["top_level"] : OFFSETS["top_bidder"] + 4].sum() == 0  # no bid yet
    assert x[OFFSETS["phase"] : OFFSETS["phase"] + 2].tolist() == [1.0, 0.0]


def test_an_untrained_network_plays_as_greedy() -> None:
    # the policy head starts near zero and the hint's logit gets +3: the argmax is
    # GreedyPlayer's action at every decision
    net = PpoNetwork.initial(hidden=(16,), seed=4)
    player, greedy, unused = PpoPlayer(net), GreedyPlayer(), random.Random(0)
    rules = RuleConfig.common()
    decisions = 0
    for number in range(6):
        deal = Deal.new(Seat(number % 4), rules, random.Random(number))
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            view, legal = deal.view(seat), deal.legal_actions()
            expected = greedy.choose(view, legal, unused)
            assert player.choose(view, legal, unused) == expected
            deal = deal.apply(expected)
            decisions += 1
    assert decisions > 6 * 32


def test_the_player_takes_legal_actions_under_every_preset() -> None:
    player = PpoPlayer(_random_network(1))
    for preset in ("common", "ffb", "pagat", "contract_only", "min82", "classic_belote"):
        rules = RuleConfig.preset(preset)
        deal = Deal.new(Seat.NORTH, rules, random.Random(7))
        finished = play_deal(deal, dict.fromkeys(Seat, player), random.Random(0))
        assert finished.is_over, preset


def test_weights_round_trip(tmp_path: Path) -> None:
    net = _random_network(2)
    path = tmp_path / "net.npz"
    net.save(path)
    again = PpoNetwork.load(path)
    assert again.hidden == (24, 16)
    assert again.prior == pytest.approx(0.5)
    view = _hearts_deal().view(Seat.NORTH)
    row = observation(view)[None, :]
    assert np.array_equal(net.logits(row, [20]), again.logits(row, [20]))
    assert PpoPlayer(str(path)).network.hidden == (24, 16)
    same = PpoNetwork.from_params(net.params)
    assert np.array_equal(same.logits(row, [20]), net.logits(row, [20]))


def test_bad_weights_are_named(tmp_path: Path) -> None:
    good = PpoNetwork.initial(hidden=(4,))
    w, b = good.torso[0]
    with pytest.raises(PpoWeightsError, match=r"torso layer 0 has weights of shape \(5, 4\)"):
        PpoNetwork([(np.zeros((5, 4)), b)], good.pi, good.v, 1.0)
    with pytest.raises(PpoWeightsError, match="pi has weights"):
        PpoNetwork([(w, b)], (np.zeros((4, 3)), np.zeros(3)), good.v, 1.0)
    with pytest.raises(PpoWeightsError, match="not finite"):
        PpoNetwork([(w, np.full(4, np.nan))], good.pi, good.v, 1.0)
    with pytest.raises(PpoWeightsError, match="prior must be a finite number"):
        PpoNetwork([(w, b)], good.pi, good.v, float("inf"))
    with pytest.raises(CoincheTypeError, match="prior must be a finite number, not str"):
        PpoNetwork([(w, b)], good.pi, good.v, "1")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="torso must be a non-empty sequence"):
        PpoNetwork([], good.pi, good.v, 1.0)
    with pytest.raises(CoincheTypeError, match="v must be a"):
        PpoNetwork([(w, b)], good.pi, [1, 2], 1.0)  # type: ignore[arg-type]
    with pytest.raises(PpoWeightsError, match="is not numeric"):
        PpoNetwork([(w, ["x"] * 4)], good.pi, good.v, 1.0)
    with pytest.raises(CoincheTypeError, match="hidden must be widths"):
        PpoNetwork.initial(hidden=())
    not_npz = tmp_path / "bad.npz"
    not_npz.write_bytes(b"not a zip")
    with pytest.raises(PpoWeightsError, match="not a policy file"):
        PpoNetwork.load(not_npz)
    other = tmp_path / "other.npz"
    np.savez(other, format=np.array("something-else"))
    with pytest.raises(PpoWeightsError, match="coinche-ppo-1"):
        PpoNetwork.load(other)
    lacking = tmp_path / "lacking.npz"
    np.savez(lacking, format=np.array("coinche-ppo-1"), w0=w, b0=b)
    with pytest.raises(PpoWeightsError, match="lacks the array"):
        PpoNetwork.load(lacking)
    with pytest.raises(CoincheTypeError, match="params must be a dict"):
        PpoNetwork.from_params({"torso": []})


def test_every_door_names_a_bad_argument(tmp_path: Path) -> None:
    # each bad argument gets the library's error naming it, never NumPy's or Python's
    with pytest.raises(CoincheTypeError, match="seed must be an int"):
        PpoNetwork.initial(hidden=(4,), seed=None)  # type: ignore[arg-type]
    with pytest.raises(CoincheValueError, match="seed must be an int from 0"):
        PpoNetwork.initial(hidden=(4,), seed=-1)  # NumPy's generators take no negative seed
    with pytest.raises(CoincheTypeError, match="hidden must be widths"):
        PpoNetwork.initial(hidden=None)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match=r"hidden\[0\] must be an int"):
        PpoNetwork.initial(hidden=(4.5,))  # type: ignore[arg-type]
    with pytest.raises(CoincheValueError, match=r"hidden\[1\] must be an int from 1 to 4096"):
        PpoNetwork.initial(hidden=(4, 0))
    with pytest.raises(CoincheValueError, match="hidden must hold at most 8 items"):
        PpoNetwork.initial(hidden=(4,) * 9)
    with pytest.raises(PpoWeightsError, match="prior must be a finite number"):
        PpoNetwork.initial(hidden=(4,), prior=10**400)  # no float holds it
    with pytest.raises(CoincheTypeError, match="path must be a str or a path"):
        PpoNetwork.load(None)  # type: ignore[arg-type]
    net = PpoNetwork.initial(hidden=(4,), seed=0)
    with pytest.raises(CoincheTypeError, match="path must be a str or a path"):
        net.save(3)  # type: ignore[arg-type]
    with pytest.raises(PpoWeightsError, match="cannot read"):
        PpoPlayer(str(tmp_path / "missing.npz"))
    with pytest.raises(PpoWeightsError, match="cannot read"):
        PpoPlayer(tmp_path)  # a directory
    with pytest.raises(CoincheTypeError, match=r"params\['torso'\] must be a list"):
        PpoNetwork.from_params({**net.params, "torso": None})
    rows = np.zeros((2, OBSERVATION_SIZE), np.float32)
    with pytest.raises(CoincheValueError, match=r"hints must be an array of shape \(2,\)"):
        net.logits(rows, [32])
    with pytest.raises(CoincheValueError, match="hints must be actions from 0 to 153"):
        net.logits(rows, [32, 154])
    with pytest.raises(CoincheTypeError, match="hints must be an integer array"):
        net.logits(rows, [32.0, 33.0])
    with pytest.raises(CoincheValueError, match=r"observations must be an array of shape"):
        net.logits(rows[:, :10], [32, 32])
    with pytest.raises(CoincheTypeError, match=r"xp must be numpy or jax\.numpy"):
        ppo_features(rows, np.array([32, 32]), xp=None)
    features = ppo_features(rows, np.array([32, 32]))
    with pytest.raises(CoincheValueError, match="observations must have the 2 rows"):
        policy_logits(net.params, features, rows[:1])
    with pytest.raises(CoincheValueError, match=r"params\['pi'\] has shapes"):
        policy_logits({**net.params, "pi": net.v}, features, rows)
    deal = _hearts_deal()
    view = deal.view(Seat.NORTH)
    with pytest.raises(CoincheTypeError, match=r"rng must be a random\.Random"):
        PpoPlayer(net).choose(view, deal.legal_actions(), None)  # type: ignore[arg-type]


def test_the_player_checks_its_input() -> None:
    player = PpoPlayer(PpoNetwork.initial(hidden=(4,)))
    deal = _hearts_deal()
    view, legal, rng = deal.view(Seat.NORTH), deal.legal_actions(), random.Random(0)
    with pytest.raises(CoincheTypeError, match="view must be a PlayerView"):
        player.choose(deal, legal, rng)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="legal must be a sequence"):
        player.choose(view, "JH", rng)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="it is not legal now"):
        player.choose(view, [Card.parse("JS")], rng)  # East's card, not North's
    with pytest.raises(IllegalActionError, match="no action to take now"):
        player.choose(deal.view(Seat.EAST), legal, rng)  # North is to lead
    with pytest.raises(IllegalActionError, match="no action to take now"):
        player.choose(view, [], rng)
    with pytest.raises(CoincheTypeError, match="network must be a PpoNetwork"):
        PpoPlayer(3)  # type: ignore[arg-type]
    assert repr(player) == "PpoPlayer(hidden=(4,))"
    logits = player.action_logits(view, legal)
    assert set(logits) == set(legal)


def test_the_shipped_network_plays_a_deal() -> None:
    net = load_ppo_network()
    assert net is load_ppo_network()  # read once
    assert net.torso[0][0].shape[0] == PPO_FEATURE_SIZE
    deal = Deal.new(Seat.EAST, RuleConfig.common(), random.Random(11))
    finished = play_deal(deal, dict.fromkeys(Seat, PpoPlayer()), random.Random(0))
    assert finished.is_over


def test_a_missing_shipped_network_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from coinche.rl import ppo

    monkeypatch.setattr(ppo, "_DATA", "no-such-file.npz")
    monkeypatch.setattr(ppo, "_SHIPPED", [])
    with pytest.raises(PpoWeightsError, match="no PPO network is shipped"):
        load_ppo_network()


def test_the_ppo_player_of_coinche_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "net.npz"
    _random_network(3).save(path)
    argv = ["match", "--ns", f"ppo:weights={path}", "--ew", "greedy", "--deals", "2"]
    assert main([*argv, "--seed", "5"]) == 0
    assert "deals" in capsys.readouterr().out
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"nope")
    assert main(["match", "--ns", f"ppo:weights={bad}", "--ew", "greedy"]) == 2
    assert "is not a policy file" in capsys.readouterr().err
    assert main(["match", "--ns", f"ppo:weights={tmp_path / 'none.npz'}", "--ew", "greedy"]) == 2
    assert "No such file" in capsys.readouterr().err


def test_the_player_equals_the_jax_policy() -> None:
    """The trainer's policy (JAX: the engine's compact rows expanded, greedy_action's
    hint, the argmax of the masked logits) and the exported player (NumPy, on the
    library's Deal) choose the same action at every decision of whole deals, their
    logits equal to float32 rounding."""
    pytest.importorskip("jax")
    import jax
    import jax.numpy as jnp

    from coinche import arrays
    from coinche.rl.batch import deal_of, expand_row
    from coinche.rl.ppo import policy_logits

    rules = RuleConfig.common()
    data = arrays.rules_data(rules)
    net = _random_network(5)
    params = jax.tree.map(jnp.asarray, net.params)

    @jax.jit
    def choose(states: arrays.State) -> tuple[jax.Array, jax.Array]:
        rows, mask = states.observation, states.legal_action_mask
        hint = jax.vmap(arrays.greedy_action, in_axes=(0, 0, None))(rows, mask, data)
        obs = jax.vmap(expand_row)(rows)
        logits, _ = policy_logits(params, ppo_features(obs, hint, jnp), obs, jnp)
        logits = jnp.where(mask, logits, -jnp.inf)
        return jnp.argmax(logits, axis=1), logits

    n, seed = 12, 3
    states = arrays.batch_init(jnp.asarray(arrays.deal_keys(seed, 0, n)), data)
    deals = [deal_of(rules, seed, i) for i in range(n)]
    player, unused = PpoPlayer(net), random.Random(0)
    decisions = 0
    while not all(deal.is_over for deal in deals):
        chosen, logits = (np.asarray(a) for a in choose(states))
        for i, deal in enumerate(deals):
            if deal.is_over:
                continue
            seat = deal.to_move
            assert seat is not None
            view, legal = deal.view(seat), deal.legal_actions()
            mine = player.action_logits(view, legal)
            for action, value in mine.items():
                assert value == pytest.approx(logits[i, action_to_int(action, rules)], abs=1e-4)
            assert action_to_int(player.choose(view, legal, unused), rules) == chosen[i]
            deals[i] = deal.apply(int_to_action(int(chosen[i]), rules))
            decisions += 1
        states = arrays.batch_step(states, jnp.asarray(chosen, jnp.int32), data)
    assert decisions > n * 32


@pytest.mark.slow
def test_the_example_trains_evaluates_and_writes_a_player(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("optax")
    out = tmp_path / "ppo.npz"
    argv = [str(EXAMPLE), "--iterations", "2", "--batch", "8", "--hidden", "8"]
    argv += ["--quick-deals", "8", "--eval-deals", "16", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit) as stop:
        runpy.run_path(str(EXAMPLE), run_name="__main__")
    assert stop.value.code == 0
    text = capsys.readouterr().out
    assert "final duplicate against GreedyPlayer" in text
    assert "over 16 deals" in text
    assert PpoPlayer(out).network.hidden == (8,)
    assert (tmp_path / "ppo.npz.json").is_file()
