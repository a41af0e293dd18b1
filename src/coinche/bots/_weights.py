"""What a world model is, apart from any model: the protocol
:class:`coinche.bots.inference.WorldModel` and the check of its weights, shared by
:mod:`coinche.bots.inference` and the PIMC search (:mod:`coinche.bots.pimc` cannot
import the inference module: that imports the players, which import the search)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

from coinche._checks import check_number, short_repr
from coinche.errors import CoincheTypeError

if TYPE_CHECKING:
    from coinche.deal import PlayerView

__all__ = ["Hands", "WorldModel", "checked_weight"]

Hands = tuple[int, int, int, int]
"""The four hands as they stand now, as masks, by seat (North first)."""


@runtime_checkable
class WorldModel(Protocol):
    """How likely a world makes what a view observed: ``weight(view, hands)``, a number
    from 0 to 1 (1: the calls and plays are as expected in that world; 0: impossible).

    *hands* are the four hands as they stand now, as masks by seat (the viewer's is its
    own); only worlds that agree with *view* are asked about.

    >>> from coinche.bots.inference import BidderModel, UniformModel, WorldModel
    >>> isinstance(UniformModel(), WorldModel), isinstance(BidderModel(), WorldModel)
    (True, True)
    """

    def weight(self, view: PlayerView, hands: Hands) -> float:
        """The likelihood, from 0 to 1, of what *view* observed in the world *hands*."""
        ...


def checked_weight(model: WorldModel, view: PlayerView, hands: Hands) -> float:
    """*model*'s weight of the world *hands*, checked to be a number from 0 to 1 (an int
    too large for a float, NaN or a bool refused like any other bad weight)."""
    weight = model.weight(view, hands)
    try:
        return check_number(weight, "weight", 0.0, 1.0)
    except CoincheTypeError as error:  # a CoincheValueError too: keep its class
        raise type(error)(
            f"a world model's weight is a number from 0 to 1, not {short_repr(weight)} "
            f"(from {short_repr(model)})"
        ) from None
