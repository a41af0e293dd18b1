"""The learned double-dummy estimates of :class:`~coinche.bots.bidding.ValueBidder`
and :class:`~coinche.bots.inference.StrengthModel` (internal).

Two models, trained by ``examples/train_bidder.py`` on deals solved double dummy
(:func:`coinche.bots.solver.solve_deal`: random deals, each suit as trumps with a
random seat leading), shipped as ``coinche/bots/data/valuer-v1.json`` and read once:

- the **world** model, a small network (two hidden layers of ReLU units) that reads the
  four hands of a world and gives, for a suit contract and the seat leading trick one,
  the card points the leader's team takes with best play (a capot counting 162), and
  the chances that either team takes every trick;
- the **hand** model, linear, that reads one hand and gives the card points its team
  may expect in a suit, the other three hands unknown.

Both read the cards in a *canonical* order: the trump suit first, then the other
suits in the order of their index, each by rank (the training shuffled the three
plain suits, which the rules do not tell apart). Everything is plain Python floats:
the core imports no NumPy.
"""

from __future__ import annotations

import json
import math
import operator
from importlib import resources
from typing import Final

from coinche.errors import CoincheError

_DATA: Final = "valuer-v1.json"


def _canon_table() -> tuple[tuple[int, ...], ...]:
    """For each trump suit, the canonical index of each card index."""
    out = []
    for trump in range(4):
        order = [trump] + [s for s in range(4) if s != trump]
        row = [0] * 32
        for block, suit in enumerate(order):
            for rank in range(8):
                row[8 * suit + rank] = 8 * block + rank
        out.append(tuple(row))
    return tuple(out)


CANON: Final = _canon_table()
"""``CANON[trump][card]``: the card's place in the canonical order under *trump*."""


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Valuer:
    """The two models (see the module), from the weights of :func:`load`."""

    def __init__(self, data: dict[str, object]) -> None:
        try:
            w1 = _matrix(data["w1"])  # 128 rows (card * 4 + seat from the leader)
            self.b1 = _vector(data["b1"])
            self.w2 = _matrix(data["w2"])  # one row a unit of the second layer
            self.b2 = _vector(data["b2"])
            self.w3 = _matrix(data["w3"])
            self.b3 = _vector(data["b3"])
            self.hand_cards = _matrix(data["hand_cards"])  # by seat from the leader: 32
            self.hand_length = _vector(data["hand_length"])  # by number of trumps
            self.hand_bias = float(data["hand_bias"])  # type: ignore[arg-type]
        except (KeyError, TypeError, ValueError) as error:
            raise CoincheError(f"the bidder's weights cannot be read: {error}") from None
        self.rows = w1
        if len(w1) != 128 or len(self.w3) != 3 or len(self.hand_cards) != 4:
            raise CoincheError("the bidder's weights have the wrong shape")

    def world(
        self, hands: tuple[int, int, int, int], trump: int, leader: int
    ) -> tuple[float, float, float]:
        """The leader's team's card points with best play in *hands* (a capot counts
        162), and the chances that the leader's team, and the other, take every trick:
        the world model's estimates for a contract in the suit *trump* (0-3)."""
        canon = CANON[trump]
        rows = self.rows
        picked = []
        for seat in range(4):
            rel = (seat - leader) & 3
            for card in _cards(hands[seat]):
                picked.append(rows[4 * canon[card] + rel])
        h1 = [s if s > 0.0 else 0.0 for s in map(sum, zip(self.b1, *picked, strict=True))]
        mul = operator.mul
        h2 = []
        for w, b in zip(self.w2, self.b2, strict=True):
            s = b + sum(map(mul, w, h1))
            h2.append(s if s > 0.0 else 0.0)
        out = [b + sum(map(mul, w, h2)) for w, b in zip(self.w3, self.b3, strict=True)]
        points = min(max(162.0 * out[0], 0.0), 162.0)
        return points, _sigmoid(out[1]), _sigmoid(out[2])

    def hand(self, mask: int, trump: int, rel: int) -> float:
        """The card points a hand *mask* may expect for its team in the suit *trump*,
        the hand's seat *rel* places after the leader of trick one."""
        canon = CANON[trump]
        weights = self.hand_cards[rel]
        total = self.hand_bias + self.hand_length[(mask >> (8 * trump) & 0xFF).bit_count()]
        for card in _cards(mask):
            total += weights[canon[card]]
        return total


def _sigmoid(x: float) -> float:
    if x >= 0.0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _vector(value: object) -> list[float]:
    if not isinstance(value, list):
        raise TypeError("a vector is a list of numbers")
    return [float(x) for x in value]


def _matrix(value: object) -> list[list[float]]:
    if not isinstance(value, list):
        raise TypeError("a matrix is a list of rows")
    return [_vector(row) for row in value]


_LOADED: list[Valuer] = []


def load() -> Valuer:
    """The shipped models, read once."""
    if not _LOADED:
        source = resources.files("coinche.bots").joinpath("data", _DATA)
        _LOADED.append(Valuer(json.loads(source.read_text(encoding="utf-8"))))
    return _LOADED[0]
