"""A trained card player that runs on NumPy alone: :class:`PolicyPlayer`.

The player reads a :class:`~coinche.deal.PlayerView` as a vector of
:data:`FEATURE_SIZE` numbers (:func:`features`: its hand, the cards each seat has
played, the trick in progress, the contract, the suits each seat has shown void...),
and a small network (:class:`PolicyNetwork`, two hidden layers of ReLU units) gives,
for each of the 32 cards, an estimate of the card points its team will take from here
on if it plays that card. It plays the legal card with the highest estimate.

The network shipped with the package (``coinche/rl/data/policy-v1.npz``, loaded by
:func:`load_network`) was trained by ``examples/train_policy.py`` as a *learned
PIMC*: each training position's label is the double-dummy value of every legal card
(:func:`coinche.bots.solver.solve_cards` on the true deal, hands open), and the network
learns to predict it from what the seat may know only; first on deals played by
:class:`~coinche.bots.players.GreedyPlayer`, then on deals played by the network
itself. Its strength and training budget are in the docs (page "Reinforcement
learning", section "A trained card player"). Inference is a few NumPy products: no
torch, no search, a fraction of a millisecond a card.

The player bids as its *bidder* (a :class:`~coinche.bots.players.GreedyPlayer` by
default): the network plays the cards only.

>>> import random
>>> from coinche import RuleConfig, Seat
>>> from coinche.deal import Deal
>>> from coinche.bots.players import GreedyPlayer, play_deal
>>> from coinche.rl.policy import PolicyPlayer
>>> players = {Seat.NORTH: PolicyPlayer(), Seat.SOUTH: PolicyPlayer(),
...            Seat.EAST: GreedyPlayer(), Seat.WEST: GreedyPlayer()}
>>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(3))
>>> play_deal(deal, players, random.Random(0)).is_over
True
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from importlib import resources
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from coinche import _kernel as K
from coinche._checks import check_int_range, check_type, short_repr
from coinche.bots.base import _check_turn
from coinche.bots.players import GreedyPlayer, Player
from coinche.cards import Card
from coinche.deal import Action, PlayerView
from coinche.errors import CoincheError, CoincheTypeError, IllegalCardError, InvalidDealError
from coinche.play import explain_card, legal_cards
from coinche.rl._weights import CANON, SUIT_PLACES, layer, load_arrays, save_arrays

__all__ = [
    "FEATURE_FIELDS",
    "FEATURE_SIZE",
    "PolicyNetwork",
    "PolicyPlayer",
    "PolicyWeightsError",
    "canonical_card",
    "feature_slice",
    "features",
    "load_network",
]

Vector = npt.NDArray[np.float32]

FEATURE_FIELDS: Final[tuple[tuple[str, int], ...]] = (
    ("hand", 32),  # the cards the seat holds
    ("played", 128),  # the cards each seat has played, by seat from this one (0 = self)
    ("trick", 96),  # the cards of the trick in progress, by seat from this one (1 to 3)
    ("unseen", 32),  # the cards neither held nor played: in the other three hands
    ("master", 32),  # the cards held that no unseen card of their suit beats
    ("strain", 3),  # the contract's kind: a suit, no trump, all trump
    ("taker", 4),  # the taker, by seat from this one
    ("contract", 2),  # its value / 160 and (multiplier - 1) / 3
    ("trick_number", 8),  # tricks complete: 0 to 7
    ("trick_size", 4),  # cards in the trick in progress: 0 to 3
    ("winning", 4),  # the seat winning the trick in progress, by seat from this one
    ("points", 2),  # card points taken so far by this seat's team and the other / 162
    ("voids", 12),  # the suits each other seat has shown void in (1 to 3, by suit)
)
"""The blocks of :func:`features`, in order: each name with its length. Cards are
numbered in the *canonical* order of the contract: with a suit as trumps, that suit
comes first (cards 0 to 7) and the other suits follow in clubs, diamonds, hearts,
spades order; with no trump or all trump, the usual order (clubs 7 first). Seats are
counted from the seat of the view in the order of play (1 is its left-hand opponent, 2
its partner)."""

FEATURE_SIZE: Final = sum(size for _, size in FEATURE_FIELDS)
"""The length of :func:`features`' vector (359)."""

_OFFSETS: Final = {
    name: sum(size for _, size in FEATURE_FIELDS[:i]) for i, (name, _) in enumerate(FEATURE_FIELDS)
}
_SIZES: Final = dict(FEATURE_FIELDS)


def feature_slice(name: str) -> slice:
    """The slice of :func:`features`' vector that holds the field *name* of
    :data:`FEATURE_FIELDS`.

    >>> from coinche.rl.policy import feature_slice
    >>> feature_slice("hand"), feature_slice("played")
    (slice(0, 32, None), slice(32, 160, None))

    :raises CoincheTypeError: *name* is not a field of :data:`FEATURE_FIELDS`.
    """
    start = _OFFSETS.get(name) if type(name) is str else None
    if start is None:
        fields = ", ".join(field for field, _ in FEATURE_FIELDS)
        raise CoincheTypeError(f"no feature field {short_repr(name)} (fields: {fields})")
    return slice(start, start + _SIZES[name])


_FORMAT: Final = "coinche-policy-1"
_DATA: Final = "policy-v1.npz"


_CANON: Final = CANON  # the canonical order of FEATURE_FIELDS
_SUITS: Final = SUIT_PLACES


def canonical_card(card: int, strain: int) -> int:
    """The canonical number of card index *card* under strain *strain* (0 to 5).

    >>> from coinche import Card
    >>> from coinche.rl.policy import canonical_card
    >>> canonical_card(Card.parse("JH").index, 2)   # hearts trumps: the hearts come first
    4
    >>> canonical_card(Card.parse("JC").index, 2)   # then clubs
    12
    >>> canonical_card(Card.parse("JH").index, 4)   # no trump: the usual order
    20

    :raises CoincheTypeError: *card* or *strain* not an int (or a NumPy integer).
    :raises CoincheValueError: *card* out of 0..31 or *strain* out of 0..5.
    """
    index = check_int_range(card, "card", 0, 31, numpy=True)
    return _CANON[check_int_range(strain, "strain", 0, 5, numpy=True)][index]


def features(view: PlayerView) -> Vector:
    """What *view* knows as a vector of :data:`FEATURE_SIZE` float32 (the blocks of
    :data:`FEATURE_FIELDS`), for a view in the play phase.

    >>> import random
    >>> from coinche import RuleConfig, Seat, Strain
    >>> from coinche.auction import PASS, Bid
    >>> from coinche.deal import Deal
    >>> from coinche.rl.policy import FEATURE_SIZE, features
    >>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(1))
    >>> deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
    >>> x = features(deal.view(Seat.NORTH))
    >>> x.shape == (FEATURE_SIZE,), int(x[:32].sum()), int(x[288 + 32 : 288 + 32 + 3].argmax())
    (True, 8, 0)

    :raises CoincheTypeError: *view* is not a :class:`~coinche.deal.PlayerView`.
    :raises InvalidDealError: the view is not in the play phase.
    """
    check_type(view, PlayerView, "view")
    contract = view.contract
    if contract is None or view.trick is None:
        raise InvalidDealError("features are read from a view in the play phase only")
    strain = int(contract.strain)
    canon = _CANON[strain]
    suits = _SUITS[strain]
    me = int(view.seat)
    x = np.zeros(FEATURE_SIZE, dtype=np.float32)
    hand = view.hand.mask
    seen = hand
    for c in range(32):
        if hand >> c & 1:
            x[canon[c]] = 1.0
    voids = _OFFSETS["voids"]
    played = _OFFSETS["played"]
    for trick in (*view.tricks, view.trick):
        cards = [card.index for card in trick.cards]
        leader = int(trick.leader)
        for i, c in enumerate(cards):
            rel = (leader + i - me) & 3
            x[played + 32 * rel + canon[c]] = 1.0
            seen |= 1 << c
            if i and c >> 3 != cards[0] >> 3 and rel:
                x[voids + 4 * (rel - 1) + suits[cards[0] >> 3]] = 1.0
    current = view.trick
    size = len(current.cards)
    leader = int(current.leader)
    for i, card in enumerate(current.cards):
        rel = (leader + i - me) & 3
        x[_OFFSETS["trick"] + 32 * (rel - 1) + canon[card.index]] = 1.0
    order = K.ORDER[32 * strain : 32 * strain + 32]
    unseen = ~seen & K.ALL_CARDS
    for c in range(32):
        if unseen >> c & 1:
            x[_OFFSETS["unseen"] + canon[c]] = 1.0
    for c in range(32):
        if hand >> c & 1:
            suit_cards = unseen & K.SUIT_MASK[c >> 3]
            if not any(suit_cards >> u & 1 and order[u] > order[c] for u in range(32)):
                x[_OFFSETS["master"] + canon[c]] = 1.0
    x[_OFFSETS["strain"] + max(0, strain - 3)] = 1.0
    x[_OFFSETS["taker"] + ((int(contract.taker) - me) & 3)] = 1.0
    x[_OFFSETS["contract"]] = min(contract.points, 500) / 160.0
    x[_OFFSETS["contract"] + 1] = (contract.multiplier - 1) / 3.0
    x[_OFFSETS["trick_number"] + min(len(view.tricks), 7)] = 1.0
    x[_OFFSETS["trick_size"] + size] = 1.0
    if size:
        cs = [card.index for card in current.cards] + [0, 0, 0]
        best = K.master_pos(size, cs[0], cs[1], cs[2], 0, strain)
        x[_OFFSETS["winning"] + ((leader + best - me) & 3)] = 1.0
    own = view.seat.team  # the view's card points, own team first
    x[_OFFSETS["points"]] = view.card_points[own] / 162.0
    x[_OFFSETS["points"] + 1] = view.card_points[own.other] / 162.0
    return x


class PolicyWeightsError(CoincheError, ValueError):
    """Weights or inputs that :class:`PolicyNetwork` cannot use: a file that is not a
    policy file of this library, arrays of the wrong shapes or not finite, or feature
    vectors of the wrong length.

    >>> from coinche.rl.policy import PolicyWeightsError
    >>> isinstance(PolicyWeightsError("bad"), ValueError)
    True
    """


class PolicyNetwork:
    """A multi-layer perceptron on NumPy: :data:`FEATURE_SIZE` inputs, ReLU hidden
    layers, 32 outputs (one estimate per canonical card).

    *layers* is a sequence of ``(weights, bias)`` pairs, ``weights`` of shape
    ``(inputs, outputs)``; the first takes :data:`FEATURE_SIZE` inputs and the last
    gives 32 outputs. The arrays are copied as float32.

    >>> import numpy as np
    >>> from coinche.rl.policy import FEATURE_SIZE, PolicyNetwork
    >>> w1, b1 = np.ones((FEATURE_SIZE, 2)), np.array([0.0, -1.0])
    >>> w2, b2 = np.ones((2, 32)), np.zeros(32)
    >>> net = PolicyNetwork([(w1, b1), (w2, b2)])
    >>> x = np.zeros(FEATURE_SIZE, dtype=np.float32)
    >>> x[0] = 0.5          # hidden: relu(0.5 + 0) = 0.5, relu(0.5 - 1) = 0
    >>> float(net.values(x)[0])
    0.5
    """

    def __init__(self, layers: Sequence[tuple[npt.ArrayLike, npt.ArrayLike]]) -> None:
        if not isinstance(layers, Sequence) or not layers:
            raise CoincheTypeError(
                f"layers must be a non-empty sequence of (weights, bias), not {short_repr(layers)}"
            )
        kept: list[tuple[Vector, Vector]] = []
        inputs = FEATURE_SIZE
        last = len(layers) - 1
        for i, pair in enumerate(layers):
            outputs = 32 if i == last else None
            weights, bias = layer(pair, f"layer {i}", inputs, outputs, PolicyWeightsError)
            kept.append((weights, bias))
            inputs = weights.shape[1]
        self.layers: tuple[tuple[Vector, Vector], ...] = tuple(kept)

    def values(self, x: npt.ArrayLike) -> Vector:
        """The 32 outputs for one feature vector (shape ``(FEATURE_SIZE,)``), or a
        ``(n, 32)`` array for ``n`` of them (shape ``(n, FEATURE_SIZE)``)."""
        try:
            h = np.asarray(x, dtype=np.float32)
        except (TypeError, ValueError, OverflowError):
            raise CoincheTypeError(f"values takes numbers, not {short_repr(x)}") from None
        if h.shape[-1:] != (FEATURE_SIZE,) or h.ndim > 2:
            raise PolicyWeightsError(
                f"values takes vectors of {FEATURE_SIZE} features, not shape {h.shape}"
            )
        last = len(self.layers) - 1
        for i, (weights, bias) in enumerate(self.layers):
            h = h @ weights + bias
            if i < last:
                h = np.maximum(h, 0.0)
        return h

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the network to *path* (a ``.npz`` file that :meth:`load` reads).

        >>> import os, tempfile
        >>> from coinche.rl.policy import PolicyNetwork, load_network
        >>> path = os.path.join(tempfile.mkdtemp(), "net.npz")
        >>> load_network().save(path)
        >>> len(PolicyNetwork.load(path).layers) == len(load_network().layers)
        True

        :raises CoincheTypeError: *path* neither a str nor a path.
        :raises OSError: the file cannot be written.
        """
        arrays: dict[str, Any] = {}
        for i, (weights, bias) in enumerate(self.layers):
            arrays[f"w{i}"] = weights
            arrays[f"b{i}"] = bias
        save_arrays(path, _FORMAT, arrays)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> PolicyNetwork:
        """The network written by :meth:`save` to *path* (see :meth:`save`).

        :raises CoincheTypeError: *path* neither a str nor a path.
        :raises PolicyWeightsError: no file can be read there, or not a policy file of
            this library.
        """
        files = load_arrays(path, _FORMAT, PolicyWeightsError)
        count = sum(1 for name in files if name.startswith("w"))
        try:
            layers = [(files[f"w{i}"], files[f"b{i}"]) for i in range(count)]
        except KeyError as error:
            raise PolicyWeightsError(f"{short_repr(str(path))} lacks the array {error}") from None
        return cls(layers)


_SHIPPED: list[PolicyNetwork] = []


def load_network() -> PolicyNetwork:
    """The network shipped with the package (read once, then shared).

    >>> from coinche.rl.policy import load_network
    >>> net = load_network()
    >>> net.layers[-1][0].shape[1], load_network() is net
    (32, True)
    """
    if not _SHIPPED:
        source = resources.files("coinche.rl").joinpath("data", _DATA)
        with resources.as_file(source) as path:
            _SHIPPED.append(PolicyNetwork.load(path))
    return _SHIPPED[0]


class PolicyPlayer:
    """A player whose cards a trained network chooses (see the module's docs).

    - *network*: the :class:`PolicyNetwork` (by default the shipped one,
      :func:`load_network`);
    - *bidder*: the player that makes the calls of the auction (a
      :class:`~coinche.bots.players.GreedyPlayer` by default).

    In the play it plays the legal card the network values highest (:meth:`card_values`);
    ties go to the card worth fewer points in the contract, then to the lower card
    index. With one legal card it plays it. It draws nothing from *rng* (its bidder may).

    >>> import random
    >>> from coinche import Hand, RuleConfig, Seat, Strain
    >>> from coinche.auction import PASS, Bid
    >>> from coinche.deal import Deal
    >>> from coinche.rl.policy import PolicyPlayer
    >>> hands = [Hand.parse(text) for text in ("JH 9H 8H 7H AS 7C 8D 9D",
    ...     "AC TC KC QC JC 9C 8C 7S", "AD TD KD QD JD 8S 9S TS", "AH TH KH QH JS QS KS 7D")]
    >>> deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), hands)
    >>> deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
    >>> player, legal = PolicyPlayer(), deal.legal_actions()
    >>> player.choose(deal.view(Seat.NORTH), legal, random.Random(0)) in legal
    True
    >>> values = player.card_values(deal.view(Seat.NORTH), legal)   # best first
    >>> len(values), values[0][1] >= values[-1][1]
    (8, True)
    >>> player.choose(deal.view(Seat.NORTH), legal, random.Random(0)) == values[0][0]
    True
    """

    def __init__(
        self, network: PolicyNetwork | None = None, *, bidder: Player | None = None
    ) -> None:
        if network is not None and not isinstance(network, PolicyNetwork):
            raise CoincheTypeError(f"network must be a PolicyNetwork, not {short_repr(network)}")
        if bidder is not None and not callable(getattr(bidder, "choose", None)):
            raise CoincheTypeError(f"bidder must be a Player, not {short_repr(bidder)}")
        self.network = load_network() if network is None else network
        self.bidder: Player = GreedyPlayer() if bidder is None else bidder

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The card the network values highest, or the bidder's call.

        :raises CoincheTypeError: *view* not a view, *legal* not a non-empty list or
            tuple of actions, *rng* not a random.Random.
        """
        _check_turn(view, legal, rng)
        cards = [action for action in legal if isinstance(action, Card)]
        if not cards or view.contract is None or view.trick is None:
            return self.bidder.choose(view, legal, rng)
        if len(cards) == 1:
            return cards[0]
        return self.card_values(view, legal)[0][0]

    def card_values(self, view: PlayerView, legal: Sequence[Action]) -> list[tuple[Card, float]]:
        """The cards of *legal*, each with the network's estimate of the card points the
        seat's team takes from here to the end after it, best first (ties as the class
        breaks them).

        :raises CoincheTypeError: *view* is not a view, or *legal* not a sequence.
        :raises InvalidDealError: the view is not in the play or not the seat's turn, or
            *legal* holds no card.
        :raises IllegalCardError: a card of *legal* the seat may not play now.
        """
        x = features(view)
        contract = view.contract
        trick = view.trick
        assert contract is not None
        assert trick is not None
        if view.to_move is not view.seat:
            raise InvalidDealError(f"{view.seat.name} is not to play: no card to value")
        if not isinstance(legal, Sequence):
            raise CoincheTypeError(f"legal must be a sequence of actions, not {short_repr(legal)}")
        cards = [action for action in legal if isinstance(action, Card)]
        if not cards:
            raise InvalidDealError(f"legal holds no card to value: {short_repr(legal)}")
        allowed = legal_cards(view.hand, trick, contract.strain, view.rules).mask
        for card in cards:
            if not allowed & card.mask:
                reason = explain_card(card, view.hand, trick, contract.strain, view.rules)
                raise IllegalCardError(card, view.seat, reason or "it is not legal now")
        strain = int(contract.strain)
        out = self.network.values(x) * 162.0
        canon = _CANON[strain]
        base = 32 * strain
        ranked = sorted(
            cards, key=lambda c: (-out[canon[c.index]], K.POINTS[base + c.index], c.index)
        )
        return [(card, float(out[canon[card.index]])) for card in ranked]

    def __repr__(self) -> str:
        return "PolicyPlayer()"
