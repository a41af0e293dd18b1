"""Information-set Monte-Carlo tree search (experimental): a card player that does not
fuse strategies across worlds the way PIMC does.

:class:`~coinche.bots.players.PimcPlayer` solves each imagined deal with the hands open
and averages: in every world it plays as if it knew that world, so it values a card by
lines it could not follow ("strategy fusion"). The single-observer ISMCTS of Cowling,
Powley and Whitehouse (2012) grows **one** tree over what the seat can tell apart: a
node is the sequence of cards played since the decision, the same node in every world.
Each iteration takes one world that agrees with the view (a pool drawn once per
decision by :class:`~coinche.bots.sampling.Sampler` and cycled), walks down the tree by
UCB among the cards legal *in that world* (each counted as available when it was, the
count standing for the parent's visits), adds one node, values it (the deal played out
by the engine's greedy policy, or solved double dummy once few cards are left) and
backs the value up: the deal-score difference for the team of the seat to play,
mapped from points as :mod:`coinche.bots.pimc` maps them.

It is **experimental**: at the think time of a default PimcPlayer (5,000 iterations,
about 42 ms of CPU a card compiled) it plays level with it, not better: +9.3 a deal,
95% interval -9.4 to +28.1, over 200 duplicate deals (``docs/bots.rst``).

>>> import random
>>> from coinche import Card, RuleConfig, Seat, Strain
>>> from coinche.auction import PASS, Bid
>>> from coinche.deal import Deal
>>> from coinche.bots.ismcts import IsmctsPlayer
>>> from coinche.notation import parse_deal
>>> _, hands = parse_deal("N:A.J987.98.7 7...AKQJT98 T98..AKQJT. KQJ.AKQT.7.")
>>> deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), hands)
>>> deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
>>> for code in "JH AC AD AH 9H 7S 8S QH".split():      # two tricks
...     deal = deal.apply(Card.parse(code))
>>> view, legal = deal.view(Seat.NORTH), deal.legal_actions()
>>> player = IsmctsPlayer(iterations=200, worlds=8)
>>> values = player.card_values(view, legal, random.Random(1))   # most visited first
>>> len(values), player.choose(view, legal, random.Random(1)) == values[0][0]
(6, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from typing_extensions import override

from coinche import _kernel as K
from coinche._checks import check_int_range, check_number, short_repr
from coinche.bots._tree import _Tree, _World
from coinche.bots.base import GreedyPlayer, Player, _check_player, _searched_card
from coinche.bots.pimc import (
    _cards_to_value,
    _played,
    _shared_credits,
    _world_position,
)
from coinche.bots.sampling import Sampler, replay
from coinche.cards import Card
from coinche.deal import Action, PlayerView
from coinche.errors import CoincheTypeError
from coinche.position import Position

__all__ = ["IsmctsPlayer"]


class IsmctsPlayer:
    """A card player by single-observer information-set MCTS (**experimental**: not
    stronger than :class:`~coinche.bots.players.PimcPlayer` at the same think time).

    - *iterations*: tree iterations for each card (5,000 by default: compiled, about
      the think time of a default PimcPlayer, some 45 ms of CPU a card).
    - *rng*: the generator of the worlds and of the tree's random choices; by default
      the one ``choose`` is given.
    - *worlds*: the pool of agreeing deals drawn for each card and cycled through
      (32 by default).
    - *dd_cards*: a new node is valued by the double-dummy solver when at most this
      many cards are left to play after it (8 by default; 0: never), else by the
      engine's greedy playout (:data:`coinche.engine.GREEDY`).
    - *exploration*: the UCB constant, rewards being score differences over 400
      (0.7 by default).
    - *bidder*: the player of the calls (a :class:`~coinche.bots.players.GreedyPlayer`).

    It plays the card whose node was visited most (ties: the card worth fewer points,
    then the lower index); with one legal card it plays it without searching. The
    same generator state gives the same card.

    >>> import random
    >>> from coinche import RuleConfig, Seat, Strain
    >>> from coinche.auction import PASS, Bid
    >>> from coinche.deal import Deal
    >>> from coinche.bots.ismcts import IsmctsPlayer
    >>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(4))
    >>> deal = deal.apply(Bid(80, Strain.SPADES)).apply(PASS).apply(PASS).apply(PASS)
    >>> player = IsmctsPlayer(iterations=100)
    >>> card = player.choose(deal.view(Seat.NORTH), deal.legal_actions(), random.Random(2))
    >>> card in deal.legal_actions()
    True
    """

    def __init__(
        self,
        iterations: int = 5000,
        rng: random.Random | None = None,
        *,
        worlds: int = 32,
        dd_cards: int = 8,
        exploration: float = 0.7,
        bidder: Player | None = None,
    ) -> None:
        self.iterations = check_int_range(iterations, "iterations", 1, 10_000_000)
        if rng is not None and not isinstance(rng, random.Random):
            raise CoincheTypeError(f"rng must be a random.Random or None, not {short_repr(rng)}")
        self.rng = rng
        self.worlds = check_int_range(worlds, "worlds", 1, 100_000)
        self.dd_cards = check_int_range(dd_cards, "dd_cards", 0, 32)
        self.exploration = check_number(exploration, "exploration", 0, 100)
        self.bidder: Player = GreedyPlayer() if bidder is None else _check_player(bidder, "bidder")

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The most visited card of the search, or the bidder's call.

        :raises CoincheTypeError, CoincheValueError: as every player's ``choose``
            (:meth:`RandomPlayer.choose <coinche.bots.players.RandomPlayer.choose>`).
        """
        return _searched_card(self, view, legal, rng)

    def card_values(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random | None
    ) -> list[tuple[Card, float]]:
        """The cards of *legal*, most visited first, each with its mean backed-up value
        (the seat's team's deal score minus the other's; ``nan`` if never tried).

        :raises InvalidDealError: no deal agrees with *view*, it is not in the play or
            not the seat's turn, or *legal* holds no card.
        :raises IllegalCardError: a card of *legal* the seat may not play now.
        :raises CoincheTypeError: no generator, or *legal* not a sequence of actions.
        """
        own = self.rng if self.rng is not None else rng
        contract, draw, cards = _cards_to_value(view, legal, own, "an ISMCTS player")
        sampler = Sampler.from_view(view)
        pool = _pool(view, sampler, draw, self.worlds)
        tree = _Tree(int(view.seat) & 1, self.exploration, self.dd_cards)
        for i in range(self.iterations):
            tree.iterate(pool[i % len(pool)], draw)
        visits, means = tree.root_figures()
        base = int(contract.strain) * 32
        ranked = sorted(
            cards, key=lambda c: (-visits.get(c.index, 0), K.POINTS[base + c.index], c.index)
        )
        return [(c, means.get(c.index, math.nan)) for c in ranked]

    @override
    def __repr__(self) -> str:
        return (
            f"IsmctsPlayer(iterations={self.iterations}, worlds={self.worlds}, "
            f"dd_cards={self.dd_cards}, exploration={self.exploration})"
        )


def _pool(view: PlayerView, sampler: Sampler, rng: random.Random, count: int) -> list[_World]:
    """*count* worlds drawn uniformly from those that agree with *view*, their
    positions made as PIMC makes them."""
    played = _played(view)
    template: Position | None = None
    out: list[_World] = []
    for _ in range(count):
        now = sampler.sample(rng)  # raises InvalidDealError when none agrees
        pos = None if template is None else _world_position(template, view, now, played)
        if pos is None:
            pos = replay(view, now).position
            assert pos is not None
            if _shared_credits(view):
                template = pos
        out.append(_World(pos))
    return out
