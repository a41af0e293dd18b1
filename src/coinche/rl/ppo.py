"""A whole-deal player trained by PPO that plays on NumPy alone: :class:`PpoPlayer`.

The player makes every decision of a deal, calls and cards, from one small network
(:class:`PpoNetwork`): its input is :func:`ppo_features` of the seat's observation
(:func:`coinche.rl.observation`, what the seat may know) and of the action
:class:`~coinche.bots.players.GreedyPlayer` would take (the *hint*); its output is a
logit per action of :mod:`coinche.actions`. The network is a *residual* on
GreedyPlayer: the hint's logit gets a learned bonus (:attr:`PpoNetwork.prior`), so that
an untrained network plays as GreedyPlayer does, and training learns where to do
otherwise. The player plays the legal action of highest logit.

The network shipped with the package (``coinche/rl/data/ppo-v1.npz``, loaded by
:func:`load_ppo_network`) was trained by ``examples/ppo_jax.py --minutes 30 --seed 0``
(30 CPU minutes, common rules, against GreedyPlayer); its figures, and what it learned
(an auction that exploits GreedyPlayer's), are in the docs (page "Reinforcement
learning", section "Whole deals learned by PPO").

The features and the network's forward pass are written once, on arrays of any
NumPy-like module (*xp*: :mod:`numpy` here, :mod:`jax.numpy` in the trainer,
``examples/ppo_jax.py``), so that the exported player computes what the trained policy
computed. Cards are numbered in the *canonical* order of the contract (the trump suit
first, as :func:`coinche.rl.policy.canonical_card`: the same table), which lets one
set of weights serve the four trump suits.

>>> import random
>>> from coinche import RuleConfig, Seat
>>> from coinche.deal import Deal
>>> from coinche.bots.players import GreedyPlayer, play_deal
>>> from coinche.rl.ppo import PpoNetwork, PpoPlayer
>>> net = PpoNetwork.initial(hidden=(16,), seed=0)    # untrained: GreedyPlayer's choices
>>> players = {Seat.NORTH: PpoPlayer(net), Seat.SOUTH: PpoPlayer(net),
...            Seat.EAST: GreedyPlayer(), Seat.WEST: GreedyPlayer()}
>>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(3))
>>> play_deal(deal, players, random.Random(0)).is_over
True
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Sequence
from importlib import resources
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from coinche._checks import SEED_LIMIT, check_int_range, check_number, check_sequence, short_repr
from coinche.actions import NUM_ACTIONS, action_to_int, check_rules
from coinche.bots.players import GreedyPlayer
from coinche.deal import Action, PlayerView
from coinche.errors import CoincheError, CoincheTypeError, CoincheValueError, IllegalActionError
from coinche.rl._weights import CANON, layer, load_arrays, save_arrays
from coinche.rl.observation import OBSERVATION_SIZE, field_slice, observation

__all__ = [
    "PPO_FEATURE_FIELDS",
    "PPO_FEATURE_SIZE",
    "PpoNetwork",
    "PpoPlayer",
    "PpoWeightsError",
    "canonical_orders",
    "load_ppo_network",
    "policy_logits",
    "ppo_features",
]

Floats = npt.NDArray[np.float32]

PPO_FEATURE_FIELDS: Final[tuple[tuple[str, int], ...]] = (
    ("hand", 32),  # the cards held, canonical order
    ("played", 4 * 32),  # the cards each relative seat has played (the trick's included)
    ("trick", 3 * 32),  # the card of relative seats 1 to 3 in the trick in progress
    ("shown", 4 * 32),  # the announcement cards each relative seat declared
    ("unseen", 32),  # neither held nor played: in the three other hands
    ("bid_levels", 6 * 4),  # by strain and relative seat: its highest bid's level / 19
    ("top_level", 19),  # the highest bid so far: its level (0-16, capot, générale)
    ("top_strain", 6),  # ... its strain
    ("top_bidder", 4),  # ... the relative seat that made it
    ("trick_leader", 4),  # the observation's fields of the same names
    ("coinche", 4),
    ("surcoinche", 4),
    ("passed", 4),
    ("contract_strain", 6),
    ("contract_level", 19),
    ("contract_taker", 4),
    ("contract_multiplier", 3),
    ("card_points", 2),
    ("tricks_won", 2),
    ("announcements", 2),
    ("dealer", 4),
    ("phase", 2),  # auction, play
    ("hint", NUM_ACTIONS),  # GreedyPlayer's action, one-hot (a card in canonical order)
)
"""The blocks of :func:`ppo_features`, in order: each name with its length. Seats are
relative to the observer (0 itself, 1 the next in the order of play, 2 its partner);
cards are in the canonical order of the contract (no contract yet: the usual order)."""

PPO_FEATURE_SIZE: Final = sum(size for _, size in PPO_FEATURE_FIELDS)
"""The length of a row of :func:`ppo_features` (683)."""


def canonical_orders() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Two ``7 x 32`` tables, one row per strain (0-5, then 6 for no contract yet):
    ``real[s, p]``, the card index at canonical place *p*, and ``place[s, c]``, the
    canonical place of card index *c* (each the other's inverse). With a suit as trumps
    that suit comes first, the others follow in clubs, diamonds, hearts, spades order.

    >>> from coinche.rl.ppo import canonical_orders
    >>> real, place = canonical_orders()
    >>> real[2, :8].tolist(), int(place[2, 0])   # hearts trumps: the hearts first
    ([16, 17, 18, 19, 20, 21, 22, 23], 8)
    >>> bool((real[4] == range(32)).all())        # no trump: the usual order
    True
    """
    place = np.array([*CANON, range(32)], dtype=np.int32)
    real = np.argsort(place, axis=1).astype(np.int32)
    return real, place


_REAL, _PLACE = canonical_orders()


def _slice(o: Any, name: str) -> Any:
    return o[:, field_slice(name)]


def _one_hot(xp: Any, index: Any, size: int) -> Any:
    """Rows of *size* floats, 1 at *index* (none for an index out of range)."""
    return (xp.arange(size)[None, :] == index[:, None]).astype(xp.float32)


def _strain_row(xp: Any, o: Any) -> Any:
    """The contract's strain of each observation row, 6 before the play."""
    onehot = _slice(o, "contract_strain")
    index = xp.sum(onehot * xp.arange(6, dtype=xp.float32)[None, :], axis=1)
    return (index + 6.0 * (1.0 - xp.sum(onehot, axis=1))).astype(xp.int32)


def ppo_features(observations: Any, hints: Any, xp: Any = np) -> Any:
    """The features (``n x`` :data:`PPO_FEATURE_SIZE` float32, the blocks of
    :data:`PPO_FEATURE_FIELDS`) of *n* observation rows of :func:`coinche.rl.observation`
    (``n x 998``) and the *n* action integers GreedyPlayer takes there (*hints*), on the
    arrays of *xp* (:mod:`numpy`, or :mod:`jax.numpy` under :func:`jax.jit`).

    >>> import random
    >>> import numpy as np
    >>> from coinche import Deal, RuleConfig, Seat
    >>> from coinche.rl import observation
    >>> from coinche.rl.ppo import PPO_FEATURE_SIZE, ppo_features
    >>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0))
    >>> x = ppo_features(observation(deal.view(Seat.NORTH))[None, :], np.array([32]))
    >>> x.shape == (1, PPO_FEATURE_SIZE), int(x[0, :32].sum()), float(x[0, -154 + 32])
    (True, 8, 1.0)

    :raises CoincheTypeError: *xp* neither NumPy nor JAX's NumPy, *observations* not a
        numeric array, *hints* not an integer array.
    :raises CoincheValueError: *observations* not of shape ``(n, 998)``, *hints* not of
        shape ``(n,)``, or (NumPy arrays only: a traced array's values are not read)
        a hint out of 0..153.
    """
    _check_xp(xp)
    n = _check_rows(observations, "observations", OBSERVATION_SIZE)
    _check_hints(hints, n)
    o = xp.asarray(observations, dtype=xp.float32)
    n = o.shape[0]
    strain = _strain_row(xp, o)
    real = xp.asarray(_REAL)[strain]  # n x 32: the card at each canonical place
    place = xp.asarray(_PLACE)[strain]

    def cards(block: Any, seats: int) -> Any:
        rows = block.reshape(n, seats, 32)
        return xp.take_along_axis(rows, real[:, None, :], axis=2).reshape(n, seats * 32)

    hand = cards(_slice(o, "hand"), 1)
    played = cards(_slice(o, "played"), 4)
    trick = cards(_slice(o, "trick")[:, 32:], 3)
    shown = cards(_slice(o, "shown"), 4)
    seen = hand + xp.sum(played.reshape(n, 4, 32), axis=1)
    unseen = 1.0 - xp.minimum(seen, 1.0)
    bids = _slice(o, "bids").reshape(n, 19, 6, 4)  # level, strain, relative seat
    levels = xp.arange(1, 20, dtype=xp.float32)[None, :, None, None]
    bid_levels = xp.max(bids * levels, axis=1).reshape(n, 24) / 19.0
    made = xp.max(bids.reshape(n, 114, 4), axis=2)  # n x 114: anyone bid it
    top = xp.max(made * xp.arange(1, 115, dtype=xp.float32)[None, :], axis=1).astype(xp.int32)
    top = top - 1  # -1: no bid yet
    who = xp.take_along_axis(
        bids.reshape(n, 114, 4), xp.maximum(top, 0)[:, None, None], axis=1
    ).reshape(n, 4) * (top >= 0)[:, None].astype(xp.float32)
    level = xp.where(top >= 0, top // 6, -1)
    top_strain = xp.where(top >= 0, top % 6, -1)
    hint = xp.asarray(hints).astype(xp.int32)
    hint_card = xp.take_along_axis(place, xp.clip(hint, 0, 31)[:, None], axis=1)[:, 0]
    hint_place = xp.where(hint < 32, hint_card, hint)
    parts = [
        hand,
        played,
        trick,
        shown,
        unseen,
        bid_levels,
        _one_hot(xp, level, 19),
        _one_hot(xp, top_strain, 6),
        who,
        *(
            _slice(o, name)
            for name in (
                "trick_leader",
                "coinche",
                "surcoinche",
                "passed",
                "contract_strain",
                "contract_level",
                "contract_taker",
                "contract_multiplier",
                "card_points",
                "tricks_won",
                "announcements",
                "dealer",
            )
        ),
        _slice(o, "phase")[:, :2],
        _one_hot(xp, hint_place, NUM_ACTIONS),
    ]
    return xp.concatenate(parts, axis=1).astype(xp.float32)


def policy_logits(params: dict[str, Any], features: Any, observations: Any, xp: Any = np) -> Any:
    """The logits (``n x 154``, by action integer; cards as the cards themselves, not
    their canonical places) and the values (``n``) of the network *params* (a dict:
    ``torso``, a list of ``(weights, bias)`` pairs with ReLU after each; ``pi`` and
    ``v``, the ``(weights, bias)`` of the policy head, 154 outputs in the canonical
    order, and of the value head, 1 output; ``prior``, the bonus of the hint's logit)
    on :func:`ppo_features` rows *features* of the *observations*, on *xp*'s arrays.
    Illegal actions are not masked here.

    >>> import numpy as np
    >>> from coinche.rl.observation import OBSERVATION_SIZE
    >>> from coinche.rl.ppo import PPO_FEATURE_SIZE, PpoNetwork, policy_logits
    >>> net = PpoNetwork.initial(hidden=(4,), seed=0)
    >>> rows = np.zeros((2, OBSERVATION_SIZE), np.float32)
    >>> features = np.zeros((2, PPO_FEATURE_SIZE), np.float32)
    >>> logits, values = policy_logits(net.params, features, rows)
    >>> logits.shape, values.shape
    ((2, 154), (2,))

    :raises CoincheTypeError: *xp* neither NumPy nor JAX's NumPy, *params* not such a
        dict, *features* or *observations* not numeric arrays.
    :raises CoincheValueError: arrays of the wrong shapes.
    """
    _check_xp(xp)
    n = _check_rows(features, "features", PPO_FEATURE_SIZE)
    if _check_rows(observations, "observations", OBSERVATION_SIZE) != n:
        raise CoincheValueError(
            f"observations must have the {n} rows of features, not {_shape(observations)[0]}"
        )
    _check_params(params)
    h = features
    for weights, bias in params["torso"]:
        h = xp.maximum(h @ weights + bias, 0.0)
    canon = h @ params["pi"][0] + params["pi"][1]
    canon = canon + params["prior"] * features[:, -NUM_ACTIONS:]
    value = (h @ params["v"][0] + params["v"][1])[:, 0]
    strain = _strain_row(xp, xp.asarray(observations, dtype=xp.float32))
    place = xp.asarray(_PLACE)[strain]
    card_logits = xp.take_along_axis(canon[:, :32], place, axis=1)
    return xp.concatenate([card_logits, canon[:, 32:]], axis=1), value


def _check_xp(xp: object) -> None:
    if xp is not np and getattr(xp, "__name__", None) != "jax.numpy":
        raise CoincheTypeError(f"xp must be numpy or jax.numpy, not {short_repr(xp)}")


def _shape(value: object) -> tuple[int, ...]:
    return tuple(getattr(value, "shape", ()))


def _is_array(value: object) -> bool:
    """A NumPy array, or another library's (JAX's, a tracer under jit): a shape and a dtype."""
    return hasattr(value, "shape") and hasattr(value, "dtype")


def _check_rows(value: object, name: str, width: int) -> int:
    """*value* a numeric array of shape ``(n, width)``: n."""
    if not _is_array(value) or not np.issubdtype(np.dtype(value.dtype), np.number):  # type: ignore[attr-defined]
        raise CoincheTypeError(f"{name} must be a numeric array, not {short_repr(value)}")
    shape = _shape(value)
    if len(shape) != 2 or shape[1] != width:
        raise CoincheValueError(f"{name} must be an array of shape (n, {width}), not {shape}")
    return shape[0]


def _check_hints(hints: object, n: int) -> None:
    """*hints* an integer array of shape ``(n,)``; a NumPy array's values from 0 to 153."""
    kind = np.dtype(hints.dtype) if _is_array(hints) else None  # type: ignore[attr-defined]
    if kind is None or kind == np.bool_ or not np.issubdtype(kind, np.integer):
        raise CoincheTypeError(f"hints must be an integer array, not {short_repr(hints)}")
    if _shape(hints) != (n,):
        raise CoincheValueError(
            f"hints must be an array of shape ({n},), one per row, not {_shape(hints)}"
        )
    if (
        isinstance(hints, np.ndarray)
        and n
        and not (int(hints.min()) >= 0 and int(hints.max()) < NUM_ACTIONS)
    ):
        raise CoincheValueError(f"hints must be actions from 0 to 153, not {short_repr(hints)}")


def _check_params(params: object) -> None:
    """*params* the dict of :func:`policy_logits`: its keys, pairs and shapes."""
    if not isinstance(params, dict) or set(params) != {"torso", "pi", "v", "prior"}:
        raise CoincheTypeError(
            f"params must be a dict of torso, pi, v and prior, not {short_repr(params)}"
        )
    torso = params["torso"]
    if not isinstance(torso, (list, tuple)) or not torso:
        raise CoincheTypeError(f"params['torso'] must be a list of pairs, not {short_repr(torso)}")
    inputs = PPO_FEATURE_SIZE
    for name, pair, outputs in (
        *((f"params['torso'][{i}]", pair, None) for i, pair in enumerate(torso)),
        ("params['pi']", params["pi"], NUM_ACTIONS),
        ("params['v']", params["v"], 1),
    ):
        if not (isinstance(pair, (list, tuple)) and len(pair) == 2 and all(map(_is_array, pair))):
            raise CoincheTypeError(f"{name} must be a (weights, bias) pair of arrays")
        weights, bias = _shape(pair[0]), _shape(pair[1])
        width = outputs if outputs is not None else (weights[1:2] or (0,))[0]
        if width < 1 or weights != (inputs, width) or bias != (width,):
            raise CoincheValueError(
                f"{name} has shapes {weights} and {bias}; expected ({inputs}, {width or 'n'}) "
                f"and ({width or 'n'},)"
            )
        if outputs is None:
            inputs = width
    if not _is_array(params["prior"]) and type(params["prior"]) is not float:
        raise CoincheTypeError(
            f"params['prior'] must be a number, not {short_repr(params['prior'])}"
        )


class PpoWeightsError(CoincheError, ValueError):
    """Weights that :class:`PpoNetwork` cannot use: a file that is not a PPO policy file
    of this library, or arrays of the wrong shapes or not finite.

    >>> from coinche.rl.ppo import PpoWeightsError
    >>> isinstance(PpoWeightsError("bad"), ValueError)
    True
    """


_FORMAT: Final = "coinche-ppo-1"
_DATA: Final = "ppo-v1.npz"
_MAX_LAYERS: Final = 8  # hidden layers of PpoNetwork.initial: the shipped network has 2
_MAX_WIDTH: Final = 4096  # units a hidden layer: the shipped network has 256


class PpoNetwork:
    """The weights of a PPO policy (see :func:`policy_logits` for their roles), checked
    and kept as float32 NumPy arrays: *torso* a sequence of ``(weights, bias)`` pairs
    (the first taking :data:`PPO_FEATURE_SIZE` inputs), *pi* and *v* the heads'
    ``(weights, bias)`` (154 and 1 outputs), *prior* a number.

    >>> import numpy as np
    >>> from coinche.rl.ppo import PPO_FEATURE_SIZE, PpoNetwork
    >>> net = PpoNetwork([(np.zeros((PPO_FEATURE_SIZE, 4)), np.zeros(4))],
    ...                  (np.zeros((4, 154)), np.zeros(154)), (np.zeros((4, 1)), np.zeros(1)), 2.5)
    >>> net.prior, net.hidden
    (2.5, (4,))

    :raises PpoWeightsError: arrays of the wrong shapes, or not finite.
    :raises CoincheTypeError: not pairs of arrays, or *prior* not a number.
    """

    def __init__(
        self,
        torso: Sequence[tuple[npt.ArrayLike, npt.ArrayLike]],
        pi: tuple[npt.ArrayLike, npt.ArrayLike],
        v: tuple[npt.ArrayLike, npt.ArrayLike],
        prior: float,
    ) -> None:
        given: object = torso
        if not isinstance(given, (list, tuple)) or not given:
            raise CoincheTypeError(
                f"torso must be a non-empty sequence of (weights, bias), not {short_repr(torso)}"
            )
        layers: list[tuple[Floats, Floats]] = []
        inputs = PPO_FEATURE_SIZE
        for i, pair in enumerate(torso):
            weights, bias = layer(pair, f"torso layer {i}", inputs, None, PpoWeightsError)
            layers.append((weights, bias))
            inputs = weights.shape[1]
        self.torso: tuple[tuple[Floats, Floats], ...] = tuple(layers)
        self.pi: tuple[Floats, Floats] = layer(pi, "pi", inputs, NUM_ACTIONS, PpoWeightsError)
        self.v: tuple[Floats, Floats] = layer(v, "v", inputs, 1, PpoWeightsError)
        self.prior = check_number(prior, "prior", error=PpoWeightsError, numpy=True)

    @property
    def hidden(self) -> tuple[int, ...]:
        """The widths of the hidden layers."""
        return tuple(int(weights.shape[1]) for weights, _ in self.torso)

    @property
    def params(self) -> dict[str, Any]:
        """The weights as :func:`policy_logits` takes them."""
        return {
            "torso": list(self.torso),
            "pi": self.pi,
            "v": self.v,
            "prior": np.float32(self.prior),
        }

    @classmethod
    def from_params(cls, params: dict[str, Any]) -> PpoNetwork:
        """The network of a dict as :func:`policy_logits` takes it (its arrays NumPy or
        JAX: they are copied to NumPy).

        >>> from coinche.rl.ppo import PpoNetwork
        >>> net = PpoNetwork.initial(hidden=(4,), seed=0)
        >>> PpoNetwork.from_params(net.params).hidden
        (4,)

        :raises CoincheTypeError: not a dict of the four keys, pairs or a number.
        :raises PpoWeightsError: arrays of the wrong shapes, or not finite.
        """
        if not isinstance(params, dict) or set(params) != {"torso", "pi", "v", "prior"}:
            raise CoincheTypeError(
                f"params must be a dict of torso, pi, v and prior, not {short_repr(params)}"
            )
        torso = params["torso"]
        if not isinstance(torso, (list, tuple)):
            raise CoincheTypeError(
                f"params['torso'] must be a list of pairs, not {short_repr(torso)}"
            )
        prior = params["prior"]
        if _is_array(prior) and _shape(prior) == ():
            prior = np.asarray(prior)[()]  # a 0-d NumPy or JAX array: its NumPy scalar
        return cls(
            [_as_pair(pair) for pair in torso],
            _as_pair(params["pi"]),
            _as_pair(params["v"]),
            prior,
        )

    @classmethod
    def initial(
        cls, hidden: Sequence[int] = (256, 256), seed: int = 0, prior: float = 3.0
    ) -> PpoNetwork:
        """A network before training: He-initialised hidden layers of widths *hidden*
        (random from *seed*), a policy head near zero, and the hint's bonus *prior*,
        so that it plays GreedyPlayer's action most of the time when sampled and always
        when it takes the argmax.

        >>> from coinche.rl.ppo import PpoNetwork
        >>> PpoNetwork.initial(hidden=(8, 8), seed=1).hidden
        (8, 8)

        :raises CoincheTypeError: *hidden* not a sequence of ints, *seed* not an int,
            *prior* not a number.
        :raises CoincheValueError: *hidden* empty, longer than 8, or a width out of 1 to
            4096; *seed* negative or of more than 100 digits.
        :raises PpoWeightsError: *prior* not finite.
        """
        given: object = hidden
        if not isinstance(given, (list, tuple)) or not given:
            raise CoincheTypeError(
                f"hidden must be widths of at least 1 (a tuple), not {short_repr(hidden)}"
            )
        layers: tuple[object, ...] = check_sequence(hidden, "hidden", max_len=_MAX_LAYERS)
        widths = [
            check_int_range(width, f"hidden[{i}]", 1, _MAX_WIDTH, numpy=True)
            for i, width in enumerate(layers)
        ]
        seed = check_int_range(seed, "seed", 0, SEED_LIMIT - 1, numpy=True)
        prior = check_number(prior, "prior", error=PpoWeightsError, numpy=True)
        rng = np.random.default_rng(seed)
        sizes = [PPO_FEATURE_SIZE, *widths]
        torso = [
            (rng.normal(0.0, np.sqrt(2.0 / a), (a, b)), np.zeros(b))
            for a, b in itertools.pairwise(sizes)
        ]
        last = widths[-1]
        pi = (rng.normal(0.0, 0.01 / np.sqrt(last), (last, NUM_ACTIONS)), np.zeros(NUM_ACTIONS))
        v = (rng.normal(0.0, 1.0 / np.sqrt(last), (last, 1)), np.zeros(1))
        return cls(torso, pi, v, prior)

    def logits(self, observations: npt.ArrayLike, hints: npt.ArrayLike) -> Floats:
        """The 154 logits of each observation row (``n x 998``) with GreedyPlayer's
        action there (*hints*, ``n`` action integers): :func:`policy_logits`.

        >>> import numpy as np
        >>> from coinche.rl.observation import OBSERVATION_SIZE
        >>> from coinche.rl.ppo import PpoNetwork
        >>> net = PpoNetwork.initial(hidden=(4,), seed=0)
        >>> net.logits(np.zeros((1, OBSERVATION_SIZE)), np.array([32])).shape
        (1, 154)

        :raises CoincheTypeError: not arrays of numbers and of integers (a list is read
            as an array).
        :raises CoincheValueError: their shapes, or a hint out of 0..153.
        """
        o = _as_array(observations, "observations")
        logits, _ = policy_logits(self.params, ppo_features(o, _as_array(hints, "hints")), o)
        out: Floats = logits.astype(np.float32)
        return out

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the network to *path* (a ``.npz`` file that :meth:`load` reads).

        >>> import os, tempfile
        >>> from coinche.rl.ppo import PpoNetwork
        >>> path = os.path.join(tempfile.mkdtemp(), "net.npz")
        >>> PpoNetwork.initial(hidden=(4,), seed=0).save(path)
        >>> PpoNetwork.load(path).hidden
        (4,)

        :raises CoincheTypeError: *path* neither a str nor a path.
        :raises OSError: the file cannot be written.
        """
        arrays: dict[str, Any] = {"prior": np.float32(self.prior)}
        for i, (weights, bias) in enumerate(self.torso):
            arrays[f"w{i}"] = weights
            arrays[f"b{i}"] = bias
        arrays["pi_w"], arrays["pi_b"] = self.pi
        arrays["v_w"], arrays["v_b"] = self.v
        save_arrays(path, _FORMAT, arrays)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> PpoNetwork:
        """The network written by :meth:`save` to *path* (see :meth:`save`).

        :raises CoincheTypeError: *path* neither a str nor a path.
        :raises PpoWeightsError: no file can be read there, or not a PPO policy file of
            this library.
        """
        files = load_arrays(path, _FORMAT, PpoWeightsError)
        count = sum(1 for name in files if name[:1] == "w" and name[1:].isdigit())
        try:
            torso = [(files[f"w{i}"], files[f"b{i}"]) for i in range(count)]
            pi = (files["pi_w"], files["pi_b"])
            v = (files["v_w"], files["v_b"])
            prior = float(files["prior"])
        except (KeyError, TypeError, ValueError) as error:
            raise PpoWeightsError(f"{short_repr(str(path))} lacks the array {error}") from None
        return cls(torso, pi, v, prior)


def _as_array(value: object, name: str) -> Any:
    """*value* (an array, or a list of numbers) as a NumPy array; CoincheTypeError for
    what NumPy cannot read as one."""
    try:
        return np.asarray(value)
    except (TypeError, ValueError, OverflowError):
        raise CoincheTypeError(f"{name} must be an array, not {short_repr(value)}") from None


def _as_pair(pair: object) -> Any:
    """A list pair (a pytree's) as the tuple a layer is; anything else as it is."""
    return tuple(pair) if isinstance(pair, list) and len(pair) == 2 else pair


_SHIPPED: list[PpoNetwork] = []


def load_ppo_network() -> PpoNetwork:
    """The network shipped with the package (read once, then shared).

    :raises PpoWeightsError: no network is shipped with this version.
    """
    if not _SHIPPED:
        source = resources.files("coinche.rl").joinpath("data", _DATA)
        if not source.is_file():
            raise PpoWeightsError(
                f"no PPO network is shipped ({_DATA}): give one (PpoNetwork.load(path))"
            )
        with resources.as_file(source) as path:
            _SHIPPED.append(PpoNetwork.load(path))
    return _SHIPPED[0]


class PpoPlayer:
    """A player whose calls and cards a network trained by PPO chooses (see the module):
    the legal action of highest logit, GreedyPlayer's action being the hint. *network*
    is a :class:`PpoNetwork`, the path of a file :meth:`PpoNetwork.save` wrote, or None
    for the shipped one (:func:`load_ppo_network`). It draws nothing from *rng*.

    >>> import random
    >>> from coinche import Deal, RuleConfig, Seat
    >>> from coinche.rl.ppo import PpoNetwork, PpoPlayer
    >>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(1))
    >>> player = PpoPlayer(PpoNetwork.initial(hidden=(8,)))
    >>> view = deal.view(deal.to_move)
    >>> player.choose(view, view.legal_actions(), random.Random(0)) in view.legal_actions()
    True

    :raises CoincheTypeError: *network* neither a network nor a path.
    :raises PpoWeightsError: a path where no file can be read, or to a file that is not
        a PPO policy file.
    """

    def __init__(self, network: PpoNetwork | str | os.PathLike[str] | None = None) -> None:
        if network is None:
            network = load_ppo_network()
        elif isinstance(network, (str, os.PathLike)):
            network = PpoNetwork.load(network)
        elif not isinstance(network, PpoNetwork):
            raise CoincheTypeError(
                f"network must be a PpoNetwork, a path or None, not {short_repr(network)}"
            )
        self.network: PpoNetwork = network
        self._greedy = GreedyPlayer()

    def action_logits(self, view: PlayerView, legal: Sequence[Action]) -> dict[Action, float]:
        """The network's logit of each action of *legal* (the seat of *view* to move).

        :raises CoincheTypeError: *view* not a view, or *legal* not a sequence of actions.
        :raises IllegalActionError: *legal* empty, the seat not to move, or an action of
            *legal* the seat may not take now.
        :raises RuleConfigError: rules the action table cannot encode.
        """
        if not isinstance(view, PlayerView):
            raise CoincheTypeError(f"view must be a PlayerView, not {short_repr(view)}")
        given: object = legal
        if not isinstance(given, Sequence) or isinstance(given, (str, bytes)):
            raise CoincheTypeError(f"legal must be a sequence of actions, not {short_repr(legal)}")
        rules = view.rules
        check_rules(rules)
        allowed = view.legal_actions()
        if not legal or not allowed:
            raise IllegalActionError(None, view.seat, "it has no action to take now")
        indices = []
        for action in legal:
            if action not in allowed:
                raise IllegalActionError(action, view.seat, "it is not legal now")
            indices.append(action_to_int(action, rules))
        hint = action_to_int(self._greedy.choose(view, legal, random.Random(0)), rules)
        row = observation(view)[None, :]
        assert row.shape[1] == OBSERVATION_SIZE
        logits = self.network.logits(row, np.array([hint]))[0]
        return {action: float(logits[i]) for action, i in zip(legal, indices, strict=True)}

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The action of *legal* of highest logit (the first in action-integer order of
        equal ones); raises as :meth:`action_logits`, and CoincheTypeError for *rng*
        not a random.Random (it draws nothing from it)."""
        if not isinstance(rng, random.Random):
            raise CoincheTypeError(f"rng must be a random.Random, not {short_repr(rng)}")
        scored = self.action_logits(view, legal)
        rules = view.rules
        return max(scored, key=lambda a: (scored[a], -action_to_int(a, rules)))

    def __repr__(self) -> str:
        return f"PpoPlayer(hidden={self.network.hidden})"
