"""The trained card player, :class:`coinche.rl.policy.PolicyPlayer`: its features, its
network's inference, the shipped weights, and the ``policy`` player of ``coinche match``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")  # coinche.rl needs the rl extra

from coinche import Hand, RuleConfig, Seat, Strain  # noqa: E402
from coinche.auction import PASS, Bid  # noqa: E402
from coinche.bots.players import GreedyPlayer, play_deal  # noqa: E402
from coinche.cards import Card  # noqa: E402
from coinche.cli import main  # noqa: E402
from coinche.cli._scale import _player_spec  # noqa: E402
from coinche.deal import Deal  # noqa: E402
from coinche.errors import CoincheTypeError, IllegalCardError, InvalidDealError  # noqa: E402
from coinche.rl.policy import (  # noqa: E402
    FEATURE_FIELDS,
    FEATURE_SIZE,
    PolicyNetwork,
    PolicyPlayer,
    PolicyWeightsError,
    canonical_card,
    feature_slice,
    features,
    load_network,
)
from coinche.scale.arena import duplicate_match  # noqa: E402

HANDS = ("JH 9H 8H 7H AS 7C 8D 9D", "AC TC KC QC JC 9C 8C 7S",
         "AD TD KD QD JD 8S 9S TS", "AH TH KH QH JS QS KS 7D")  # fmt: skip


def _hearts_by_north() -> Deal:
    deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), [Hand.parse(h) for h in HANDS])
    return deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)


def _after_two_tricks() -> Deal:
    deal = _hearts_by_north()
    for code in ("JH", "AC", "AD", "AH", "9H", "7S", "8S", "QH"):
        deal = deal.apply(Card.parse(code))
    return deal


def test_features_of_a_position_worked_by_hand() -> None:
    # Hearts trumps, North took both tricks: JH AC AD AH (20 + 11 + 11 + 11 = 53) and
    # 9H 7S 8S QH (the nine beats the queen of trumps: 14 + 0 + 0 + 3 = 17): 70 to NS.
    x = features(_after_two_tricks().view(Seat.NORTH))
    assert x.shape == (FEATURE_SIZE,)
    assert x.dtype == np.float32
    # canonical order with hearts trumps: hearts 0-7, clubs 8-15, diamonds 16-23, spades 24-31
    hand = {int(k) for k in np.flatnonzero(x[:32])}
    assert hand == {1, 0, 24 + 7, 8 + 0, 16 + 1, 16 + 2}  # 8H 7H AS 7C 8D 9D
    assert x[feature_slice("points").start] * 162 == pytest.approx(70)
    assert x[feature_slice("points").start + 1] == 0
    # East (1) and South (2) did not follow the hearts led: void in hearts (suit 0); West did
    voids = x[feature_slice("voids")].reshape(3, 4)
    assert voids.tolist() == [[1, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0]]
    # masters: AS only (spades 9 to K are out, all lower); TH KH beat 8H 7H, clubs and
    # diamonds have higher cards unseen
    master = np.flatnonzero(x[feature_slice("master")])
    assert master.tolist() == [31]
    # unseen: 32 - 6 held - 8 played = 18 cards
    assert x[feature_slice("unseen")].sum() == 18
    assert x[feature_slice("trick_number").start + 2] == 1  # two tricks complete
    assert x[feature_slice("trick_size").start] == 1  # none in the trick
    assert x[feature_slice("taker").start] == 1  # North took: seat 0 from North
    assert x[feature_slice("contract").start] == pytest.approx(80 / 160)
    assert x[feature_slice("winning")].sum() == 0  # nobody: North leads
    # South played AD in trick one: seat 2 from North, diamonds ace = canonical 16 + 7
    assert x[feature_slice("played").start + 32 * 2 + 23] == 1


def test_features_of_a_trick_in_progress() -> None:
    # North leads 8H; East, void in hearts and without trumps, throws 8C: North wins so far
    deal = _after_two_tricks().apply(Card.parse("8H")).apply(Card.parse("8C"))
    x = features(deal.view(Seat.SOUTH))
    trick = x[feature_slice("trick")].reshape(3, 32)
    # from South: North is seat 2, East seat 3
    assert np.flatnonzero(trick[1]).tolist() == [1]  # 8H: hearts first, rank 8
    assert np.flatnonzero(trick[2]).tolist() == [9]  # 8C: clubs second
    assert x[feature_slice("winning").start + 2] == 1
    assert x[feature_slice("trick_size").start + 2] == 1
    assert x[feature_slice("taker").start + 2] == 1  # North is South's partner


def test_canonical_order_puts_the_trumps_first() -> None:
    assert canonical_card(Card.parse("7S").index, 3) == 0  # spades trumps: 7S first
    assert canonical_card(Card.parse("AC").index, 3) == 15  # then clubs
    assert canonical_card(Card.parse("AH").index, 5) == Card.parse("AH").index  # all trump


def test_features_refuse_what_is_not_a_view_in_the_play() -> None:
    with pytest.raises(CoincheTypeError, match="view"):
        features("N: JH")  # type: ignore[arg-type]
    deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), [Hand.parse(h) for h in HANDS])
    with pytest.raises(InvalidDealError, match="play phase"):
        features(deal.view(Seat.NORTH))


def test_inference_equals_a_tiny_network_computed_by_hand() -> None:
    w1 = np.zeros((FEATURE_SIZE, 2))
    w1[0, 0], w1[5, 1] = 1.0, -1.0
    b1 = np.array([0.5, 1.0])
    w2 = np.zeros((2, 32))
    w2[0] = np.arange(32)
    w2[1] = 100.0
    net = PolicyNetwork([(w1, b1), (w2, np.ones(32))])
    x = np.zeros(FEATURE_SIZE)
    x[0], x[5] = 1.0, 2.0
    # hidden: relu(1 + 0.5) = 1.5 and relu(-2 + 1) = 0; out[k] = 1.5 k + 0 * 100 + 1
    assert net.values(x).tolist() == [1.5 * k + 1 for k in range(32)]
    batch = net.values(np.stack([x, np.zeros(FEATURE_SIZE)]))
    # the second row: hidden relu(0.5) = 0.5, relu(1) = 1; out[k] = 0.5 k + 100 + 1
    assert batch[1].tolist() == [0.5 * k + 101 for k in range(32)]


def test_the_player_plays_the_legal_card_its_network_values_highest() -> None:
    # a network that values each card held by its canonical number: with hearts trumps,
    # spades come last, so North's AS (canonical 31) is its best lead
    w1 = np.zeros((FEATURE_SIZE, 32))
    w1[:32, :32] = np.diag(np.arange(32) + 1.0)
    net = PolicyNetwork([(w1, np.zeros(32)), (np.eye(32), np.zeros(32))])
    deal = _hearts_by_north()
    player = PolicyPlayer(net)
    assert player.choose(deal.view(Seat.NORTH), deal.legal_actions(), random.Random(0)) == (
        Card.parse("AS")
    )
    values = player.card_values(deal.view(Seat.NORTH), deal.legal_actions())
    assert [str(card) for card, _ in values][:2] == ["AS", "9D"]  # 32 * 162, then 19 * 162
    assert values[0][1] == pytest.approx(32 * 162)


def test_the_player_bids_as_its_bidder() -> None:
    deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), [Hand.parse(h) for h in HANDS])
    view, legal = deal.view(Seat.NORTH), deal.legal_actions()
    rng = random.Random(0)
    assert PolicyPlayer().choose(view, legal, rng) == GreedyPlayer().choose(view, legal, rng)


@pytest.mark.parametrize("preset", ["common", "ffb", "pagat", "classic_belote"])
def test_the_shipped_player_plays_only_legal_cards(preset: str) -> None:
    # play_deal applies each card with the checked Deal.apply: an illegal card raises
    rules = RuleConfig.preset(preset)
    player = PolicyPlayer()
    rng = random.Random(preset)
    played = 0
    for number in range(30):
        deal = Deal.new(Seat(number % 4), rules, rng)
        done = play_deal(deal, dict.fromkeys(Seat, player), rng)
        assert done.is_over
        played += sum(len(trick.cards) for trick in done.tricks)
    assert played > 0


def test_card_values_refuse_bad_input() -> None:
    deal = _hearts_by_north()
    player = PolicyPlayer()
    with pytest.raises(InvalidDealError, match="not to play"):
        player.card_values(deal.view(Seat.EAST), deal.legal_actions())
    with pytest.raises(InvalidDealError, match="no card"):
        player.card_values(deal.view(Seat.NORTH), [PASS])
    deal = deal.apply(Card.parse("JH"))  # East holds no heart and no trump: 7S, say
    east = deal.view(Seat.EAST)
    assert player.card_values(east, [Card.parse("7S")])[0][0] == Card.parse("7S")
    with pytest.raises(IllegalCardError):
        player.card_values(deal.view(Seat.EAST), [Card.parse("JH")])
    with pytest.raises(CoincheTypeError, match="network"):
        PolicyPlayer("weights.npz")  # type: ignore[arg-type]


def test_the_shipped_weights_load_and_fit() -> None:
    net = load_network()
    assert net.layers[0][0].shape[0] == FEATURE_SIZE
    assert net.layers[-1][0].shape[1] == 32
    assert load_network() is net


def test_weights_round_trip_and_bad_files_are_refused(tmp_path: Path) -> None:
    net = load_network()
    path = tmp_path / "net.npz"
    net.save(path)
    again = PolicyNetwork.load(path)
    assert len(again.layers) == len(net.layers)
    for (w, b), (w2, b2) in zip(net.layers, again.layers, strict=True):
        assert np.array_equal(w, w2)
        assert np.array_equal(b, b2)
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    with pytest.raises(PolicyWeightsError, match="not a policy file"):
        PolicyNetwork.load(tmp_path / "junk.npz")
    np.savez(tmp_path / "other.npz", w0=np.zeros(3))
    with pytest.raises(PolicyWeightsError, match="coinche-policy-1"):
        PolicyNetwork.load(tmp_path / "other.npz")
    with pytest.raises(PolicyWeightsError, match=r"\(359, 32\)"):
        PolicyNetwork([(np.zeros((10, 32)), np.zeros(32))])
    with pytest.raises(PolicyWeightsError, match="not finite"):
        PolicyNetwork([(np.full((FEATURE_SIZE, 32), np.nan), np.zeros(32))])
    with pytest.raises(CoincheTypeError, match="layers"):
        PolicyNetwork([])
    with pytest.raises(PolicyWeightsError, match=r"359 features, not shape \(358,\)"):
        net.values(np.zeros(FEATURE_SIZE - 1))
    with pytest.raises(CoincheTypeError, match="numbers"):
        net.values("features")


def test_the_policy_player_of_coinche_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert isinstance(_player_spec("policy").build(), PolicyPlayer)
    argv = ["match", "--ns", "policy", "--ew", "greedy", "--deals", "3", "--seed", "5"]
    assert main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    match = duplicate_match(PolicyPlayer(), GreedyPlayer(), 3, RuleConfig.common(), 5)
    assert out[0].startswith("policy (first team) against greedy")
    assert out[2].split()[:2] == ["3", f"{match.mean:+.1f}"]


def test_the_shipped_player_beats_greedy_play_in_duplicate() -> None:
    # the shipped weights' promise: 1,000 duplicate deals against GreedyPlayer (the same calls at
    # both tables: only the card play differs), the 95% interval above 0
    match = duplicate_match(PolicyPlayer(), GreedyPlayer(), 1000, RuleConfig.common(), 1)
    low, _ = match.confidence_interval
    assert low > 0


def _training_script() -> object:
    import importlib.util

    path = Path(__file__).resolve().parent.parent / "examples" / "train_policy.py"
    spec = importlib.util.spec_from_file_location("train_policy", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_training_permutations_are_symmetries_of_the_rules() -> None:
    # train_policy.py permutes the non-trump suits of each batch: a column permutation of
    # the features and outputs must equal the features of the deal with those suits
    # swapped in every hand (the rules do not tell plain suits apart)
    import itertools

    from coinche.cards import CARDS

    perms = _training_script()._permutations()  # type: ignore[attr-defined]
    orders = list(itertools.permutations((1, 2, 3)))
    assert len(perms) == len(orders) == 6
    canon_of = {0: 1, 1: 2, 2: 0, 3: 3}  # hearts trumps: clubs 1, diamonds 2, hearts 0, spades 3
    real_of = {place: suit for suit, place in canon_of.items()}
    rng = random.Random(5)
    for trial in range(12):
        k = trial % 6
        place = (0, *orders[k])

        def moved(card: Card, place: tuple[int, ...] = place) -> Card:
            return CARDS[8 * real_of[place[canon_of[card.suit]]] + card.rank]

        dealt = Deal.new(Seat.WEST, RuleConfig.common(), rng)
        hands = [dealt.hand(seat) for seat in Seat]
        one = Deal.from_hands(Seat.WEST, RuleConfig.common(), hands)
        two = Deal.from_hands(
            Seat.WEST, RuleConfig.common(), [Hand([moved(c) for c in h]) for h in hands]
        )
        for call in (Bid(80, Strain.HEARTS), PASS, PASS, PASS):
            one, two = one.apply(call), two.apply(call)
        for _ in range(rng.randrange(24)):
            card = rng.choice([a for a in one.legal_actions() if isinstance(a, Card)])
            one, two = one.apply(card), two.apply(moved(card))
        seat = one.to_move
        assert seat is not None
        x1, x2 = features(one.view(seat)), features(two.view(seat))
        y1 = np.zeros(32)
        y2 = np.zeros(32)
        for action in one.legal_actions():
            assert isinstance(action, Card)
            y1[canonical_card(action.index, 2)] = 1 + action.index
            y2[canonical_card(moved(action).index, 2)] = 1 + action.index
        whole = np.concatenate([x1, y1])[perms[k]]
        assert np.array_equal(whole[:FEATURE_SIZE], x2)
        assert np.array_equal(whole[FEATURE_SIZE:], y2)


def test_the_policy_player_without_the_rl_extra_is_a_usage_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import argparse
    import sys

    monkeypatch.setitem(sys.modules, "coinche.rl.policy", None)  # import now fails
    with pytest.raises(argparse.ArgumentTypeError, match="policy needs the rl extra"):
        _player_spec("policy")
    assert main(["match", "--ns", "policy", "--ew", "greedy", "--deals", "2"]) == 2
    assert "policy needs the rl extra" in capsys.readouterr().err


def test_the_feature_slices_tile_the_vector_in_field_order() -> None:
    """Each field's slice starts where the one before stops and is as long as
    FEATURE_FIELDS says; the last stops at FEATURE_SIZE (359)."""
    stop = 0
    for name, size in FEATURE_FIELDS:
        assert feature_slice(name) == slice(stop, stop + size)
        stop += size
    assert stop == FEATURE_SIZE == 359
    with pytest.raises(CoincheTypeError, match="no feature field 'hands'"):
        feature_slice("hands")
