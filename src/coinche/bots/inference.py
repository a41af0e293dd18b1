"""Worlds that agree with what was said: hidden hands drawn with a likelihood of the calls.

:mod:`coinche.bots.sampling` draws the hidden hands uniformly from every deal that
agrees with the cards a seat has seen; it draws no inference from the auction. Here a
*world model* (:class:`WorldModel`) says how likely the observed calls (and plays) are
in a world, and :func:`sample_worlds` draws worlds from the view in proportion to it:
a seat that bid 100 hearts rarely lacks the jack and nine of hearts.

- :class:`UniformModel`: every agreeing world alike (the sampler's own law).
- :class:`BidderModel`, the default model: each other seat is assumed to call as a
  bidder of the library would (:class:`~coinche.bots.players.GreedyPlayer` unless
  another is given). A world in which that bidder, holding that seat's hand, makes
  the call the seat made is likely (weight 1); a call of the same kind (a bid in the
  same strain at another value) gets *near*; any other call the small *floor*, so that
  a seat that does not bid like the model still leaves every world possible.
- :class:`StrengthModel`: no bidder's rule, but what each hand is worth: a seat bids
  about what its hand lets its team expect to make, passes when it cannot overcall,
  coinches with trumps of its own (the :class:`~coinche.bots.bidding.ValueBidder`'s
  model of the other seats, whoever they are).

>>> import random
>>> from coinche import RuleConfig, Seat, Strain
>>> from coinche.cards import hand_from_mask
>>> from coinche.auction import Bid
>>> from coinche.deal import Deal
>>> from coinche.bots.inference import BidderModel, sample_worlds
>>> deal = Deal.new(Seat.WEST, RuleConfig.ffb(), random.Random(5))
>>> deal = deal.apply(Bid(80, Strain.HEARTS))          # North opens 80 hearts
>>> view = deal.view(Seat.EAST)
>>> worlds = sample_worlds(view, 20, random.Random(1), BidderModel(floor=0.0))
>>> all(w[Seat.EAST] == view.hand.mask for w in worlds), len(worlds)
(True, 20)
>>> from coinche.bots.players import trump_strength   # greedy North bids 80 at 80 or more
>>> min(trump_strength(hand_from_mask(w[Seat.NORTH]), Strain.HEARTS) for w in worlds) >= 80
True

Decisions (documented behaviour):

- **Weights are likelihoods in [0, 1]**: :func:`sample_worlds` draws an agreeing
  world uniformly and keeps it with probability its weight (rejection), so with a
  model the worlds follow the uniform law times the weight, exactly, and a world of
  weight 0 is never returned. A weight outside [0, 1] (or not a number) raises
  :class:`~coinche.errors.CoincheTypeError` naming it.
- **Never hangs**: at most *draws* worlds are drawn (by default 40 per world asked
  for). If fewer than *n* were kept by then, the rest are the draws not kept with the
  highest weights (weight above 0; the later draw first on ties): the answer leans
  toward the uniform law, never toward an impossible world. Only when no draw had a
  weight above 0 does it raise :class:`~coinche.errors.InvalidDealError`.
- **No model** (``model=None``): the sampler's uniform draws, unchanged
  (:meth:`Sampler.sample <coinche.bots.sampling.Sampler.sample>`, same generator use).
- :func:`weigh_worlds` gives importance weights instead: *n* uniform worlds, each with
  its weight, for a caller that prefers weighted means to rejection.
- :class:`BidderModel` reads only the coinche auction: a classic (turned-card) view
  gets weight 1 for every world; a seat's hand at its calls is its hand now plus the
  cards it played. The viewer's own calls say nothing about the hidden hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Protocol, runtime_checkable

from typing_extensions import override

from coinche._checks import check_int_range, check_masks, check_number, check_type, short_repr
from coinche.auction import Bid, Coinche, Pass, Surcoinche
from coinche.auction.classic import AnyCall
from coinche.bots import _valuer
from coinche.bots.base import (
    GreedyPlayer,
    Player,
    _Ask,
    _ask,
    _check_player,
    _greedy_call,
    _not_an_instance,
)
from coinche.bots.sampling import MAX_DEALS, Sampler, _agreeing_sampler
from coinche.cards import Hand, hand_from_mask
from coinche.deal import Action, Phase, PlayerView
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.seats import Seat
from coinche.view import trusted_view

__all__ = [
    "BidderModel",
    "Hands",
    "StrengthModel",
    "UniformModel",
    "WorldModel",
    "dealt_hands",
    "sample_worlds",
    "weigh_worlds",
]


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


def _check_world(view: object, hands: object) -> tuple[int, ...]:
    """The arguments of a model's ``weight`` and of :func:`dealt_hands`: a view and four
    hand masks."""
    if type(view) is not PlayerView:
        check_type(view, PlayerView, "view")
    return check_masks(hands, "hands")


MAX_WORLDS: Final = MAX_DEALS
"""The most worlds one call draws (each is a sample of the hidden hands, as
:func:`~coinche.bots.sampling.sample_deals` draws them: the same bound)."""


def _check_model(model: object, name: str = "model") -> WorldModel | None:
    """*model* if it is a :class:`WorldModel` (an instance: the class of one has a
    ``weight`` function too) or None, else the library's error naming it."""
    if model is None or (isinstance(model, WorldModel) and not isinstance(model, type)):
        return model
    raise CoincheTypeError(f"{name} must be a WorldModel or None, not {_not_an_instance(model)}")


def _checked_weight(model: WorldModel, view: PlayerView, hands: Hands) -> float:
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


class UniformModel:
    """Every agreeing world alike: weight 1 (what :func:`sample_worlds` does without a
    model).

    >>> import random
    >>> from coinche import RuleConfig, Seat
    >>> from coinche.deal import Deal
    >>> from coinche.bots.inference import UniformModel
    >>> view = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0)).view(Seat.NORTH)
    >>> UniformModel().weight(view, (0, 0, 0, 0))
    1.0
    """

    def weight(self, view: PlayerView, hands: Hands) -> float:
        """1.0, whatever the world.

        :raises CoincheTypeError: *view* is no PlayerView or *hands* not four masks.
        """
        _check_world(view, hands)
        return 1.0

    @override
    def __repr__(self) -> str:
        return "UniformModel()"


def _auction_view(
    view: PlayerView, seat: Seat, hand: Hand, calls: tuple[tuple[Seat, AnyCall], ...]
) -> PlayerView:
    """The view *seat* had when it made the call after *calls*, holding *hand* (blank, or
    a world's), built unchecked from *view*'s own checked calls: see coinche._trusted."""
    return trusted_view(
        seat, view.rules, view.dealer, Phase.AUCTION, seat, hand, calls, None, (), None, (),
        False, None, None, None, None,
    )  # fmt: skip


class BidderModel:
    """The default world model: the other seats call as *bidder* would.

    For each call of a seat other than the viewer, *bidder* is asked what it would have
    called there (the auction up to that call, the seat's hand in the world, the legal
    calls then). The world's weight is the product, over those calls, of 1 when it
    makes the same call, *near* when both calls are bids in the same strain (another
    value), and *floor* otherwise. *bidder* is a :class:`~coinche.bots.players.Player`,
    asked with a fixed generator (a bidder that draws randomness is read as one
    sample); by default a :class:`~coinche.bots.players.GreedyPlayer`. It is asked about
    the coinche auction only (a classic view weighs every world 1).

    >>> from coinche import Hand, RuleConfig, Seat, Strain
    >>> from coinche.auction import Bid
    >>> from coinche.deal import Deal
    >>> from coinche.bots.inference import BidderModel
    >>> hands = [Hand.parse(text) for text in ("JH 9H AH TH 7C 8C 9C 7D",
    ...     "AC TC KC QC JC 8D 9D TD", "AD KD QD JD 8H 7H TS JS", "AS KS QS 9S 8S 7S KH QH")]
    >>> deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), hands)
    >>> view = deal.apply(Bid(80, Strain.HEARTS)).view(Seat.EAST)  # North bid 80 hearts
    >>> world = tuple(h.mask for h in hands)
    >>> swapped = (hands[2].mask, hands[1].mask, hands[0].mask, hands[3].mask)
    >>> model = BidderModel(floor=0.01)
    >>> model.weight(view, world)      # greedy North, worth 20+14+11+10+40=95, bids 80 H
    1.0
    >>> model.weight(view, swapped)    # with South's cards it would pass: the floor
    0.01
    """

    def __init__(self, bidder: object = None, *, floor: float = 0.05, near: float = 0.5) -> None:
        for value, name in ((floor, "floor"), (near, "near")):
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                raise CoincheTypeError(f"{name} must be a number, not {short_repr(value)}")
            if not 0.0 <= value <= 1.0:
                raise CoincheTypeError(f"{name} must be from 0 to 1, not {short_repr(value)}")
        self.bidder: Player = GreedyPlayer() if bidder is None else _check_player(bidder, "bidder")
        self.floor = float(floor)
        self.near = float(near)
        self._key: object = None
        self._asks: list[tuple[int, object, PlayerView, tuple[Action, ...], _Ask]] = []
        self._played = (0, 0, 0, 0)
        self._played_key: object = None

    def _prepare(self, view: PlayerView) -> None:
        """The calls to explain, each with the view its caller had then (hand left
        blank) and its legal calls, once per auction; the cards each seat played, once
        per position of the play."""
        played_key = (view.tricks, view.trick)
        if played_key != self._played_key:
            self._played = dealt_hands(view, (0, 0, 0, 0))
            self._played_key = played_key
        key = (view.seat, view.dealer, view.rules, view.calls, view.turned)
        if key == self._key:
            return
        asks: list[tuple[int, object, PlayerView, tuple[Action, ...], _Ask]] = []
        if view.turned is None:
            blank = Hand.parse("")
            for index, (seat, call) in enumerate(view.calls):
                if seat is view.seat:
                    continue
                then = _auction_view(view, seat, blank, view.calls[:index])
                legal = then.legal_actions()
                asks.append((int(seat), call, then, legal, _ask(then, legal)))
        self._asks = asks
        self._key = key

    def weight(self, view: PlayerView, hands: Hands) -> float:
        """The product over the other seats' calls (see the class).

        :raises CoincheTypeError: *view* is no PlayerView or *hands* not four masks.
        """
        masks = _check_world(view, hands)
        self._prepare(view)
        out = 1.0
        fast = type(self.bidder) is GreedyPlayer  # its calls on masks, the same answers
        dealt: dict[int, Hand] = {}
        for seat, call, then, legal, ask in self._asks:
            mask = masks[seat] | self._played[seat]
            guess: object
            if fast:
                guess = _greedy_call(mask, ask)
            else:
                hand = dealt.get(seat)
                if hand is None:
                    hand = dealt[seat] = hand_from_mask(mask)
                guess = self.bidder.choose(
                    _auction_view(view, then.seat, hand, then.calls), legal, random.Random(0)
                )
            if guess == call:
                continue
            if isinstance(guess, Bid) and isinstance(call, Bid) and guess.strain is call.strain:
                out *= self.near
            else:
                out *= self.floor
            if out == 0.0:
                return 0.0
        return out

    @override
    def __repr__(self) -> str:
        return f"BidderModel({self.bidder!r}, floor={self.floor}, near={self.near})"


class StrengthModel:
    """A world model that reads each call by what the caller's hand is worth.

    The worth of a hand in a suit is the card points its team may expect with it as
    trumps, the other hands unknown (the linear *hand* model of
    :mod:`coinche.bots._valuer`, learned from deals solved double dummy). Each call of a
    seat other than the viewer weighs the world by a logistic likelihood, *spread*
    points wide (the floor *floor* keeps every world possible):

    - a bid of *V* in a suit: likely when the hand's worth plus *shift* reaches *V*;
      raising its partner's bid of *P* in the same suit, when it reaches
      ``V - P + 81`` (the partner's bid tells what the partner holds);
    - a pass while the opponents' bid stands or nobody has bid: likely when no suit's
      worth plus *shift* reaches the lowest bid it could make; after its partner's
      bid, or once a coinche was made, a pass says nothing;
    - a coinche of a bid *V* in a suit: likely when the coincher's worth in that suit
      reaches ``162 - V`` plus *coinche_shift*;
    - a surcoinche, a no-trump or all-trump bid, or the classic auction: nothing.

    >>> from coinche import Hand, RuleConfig, Seat, Strain
    >>> from coinche.auction import Bid
    >>> from coinche.deal import Deal
    >>> from coinche.bots.inference import StrengthModel
    >>> hands = [Hand.parse(text) for text in ("JH 9H AH TH 7C 8C 9C 7D",
    ...     "AC TC KC QC JC 8D 9D TD", "AD KD QD JD 8H 7H TS JS", "AS KS QS 9S 8S 7S KH QH")]
    >>> deal = Deal.from_hands(Seat.WEST, RuleConfig.ffb(), hands)
    >>> view = deal.apply(Bid(100, Strain.HEARTS)).view(Seat.EAST)   # North bids 100 H
    >>> world = tuple(h.mask for h in hands)
    >>> swapped = (hands[2].mask, hands[1].mask, hands[0].mask, hands[3].mask)
    >>> model = StrengthModel()
    >>> model.weight(view, world) > 0.5 > model.weight(view, swapped)  # J 9 A 10 of hearts
    True
    """

    def __init__(
        self,
        *,
        shift: float = -2.0,
        spread: float = 8.0,
        floor: float = 0.02,
        coinche_shift: float = 10.0,
    ) -> None:
        self.shift = check_number(shift, "shift", -162, 162)
        self.spread = check_number(spread, "spread", 0.1, 162)
        self.floor = check_number(floor, "floor", 0, 1)
        self.coinche_shift = check_number(coinche_shift, "coinche_shift", -162, 162)
        self._key: object = None
        self._reads: list[tuple[int, int, int, float]] = []
        self._played = (0, 0, 0, 0)
        self._played_key: object = None

    def _prepare(self, view: PlayerView) -> None:
        """What each other seat's call asks of its hand, once per auction: (seat, what,
        suit, figure) with *what* 0 a bid (worth in *suit* at least *figure*), 1 a pass
        (no suit's worth reaches *figure*), 2 a coinche (worth in *suit* at least
        *figure*)."""
        played_key = (view.tricks, view.trick)
        if played_key != self._played_key:
            self._played = dealt_hands(view, (0, 0, 0, 0))
            self._played_key = played_key
        key = (view.seat, view.dealer, view.rules, view.calls, view.turned)
        if key == self._key:
            return
        reads: list[tuple[int, int, int, float]] = []
        high: tuple[int, int, int] | None = None  # seat, suit (-1: not a suit), points
        coinched = False
        step = view.rules.bid_step
        for seat, call in view.calls if view.turned is None else ():
            me = int(seat)
            if isinstance(call, Bid):
                index = int(call.strain) if call.strain.is_suit else -1
                points = min(call.points, 165)  # a capot: every trick, beyond 162 points
                if me != int(view.seat) and index >= 0:
                    need = float(points)
                    if high is not None and high[0] & 1 == me & 1 and high[1] == index:
                        need = points - high[2] + 81.0
                    reads.append((me, 0, index, need - self.shift))
                high = (me, index, call.points)
            elif isinstance(call, Coinche):
                coinched = True
                if me != int(view.seat) and high is not None and high[1] >= 0:
                    figure = 162 - min(high[2], 162) + self.coinche_shift
                    reads.append((me, 2, high[1], figure))
            elif isinstance(call, Pass) and me != int(view.seat) and not coinched:
                if high is None:
                    reads.append((me, 1, -1, view.rules.min_bid - self.shift))
                elif high[0] & 1 != me & 1:
                    reads.append((me, 1, -1, high[2] + step - self.shift))
            elif isinstance(call, Surcoinche):
                coinched = True
        self._reads = reads
        self._key = key

    def weight(self, view: PlayerView, hands: Hands) -> float:
        """The product of the likelihoods of the other seats' calls (see the class).

        :raises CoincheTypeError: *view* is no PlayerView or *hands* not four masks.
        """
        masks = _check_world(view, hands)
        self._prepare(view)
        valuer = _valuer.load()
        leader = (int(view.dealer) + 1) & 3
        spread, floor = self.spread, self.floor
        out = 1.0
        for seat, what, suit, figure in self._reads:
            mask = masks[seat] | self._played[seat]
            rel = (seat - leader) & 3
            if what == 1:
                best = max(valuer.hand(mask, s, rel) for s in range(4))
                likely = 1.0 - _valuer._sigmoid((best - figure) / spread)
            else:
                likely = _valuer._sigmoid((valuer.hand(mask, suit, rel) - figure) / spread)
            out *= floor + (1.0 - floor) * likely
        return out

    @override
    def __repr__(self) -> str:
        return (
            f"StrengthModel(shift={self.shift}, spread={self.spread}, floor={self.floor}, "
            f"coinche_shift={self.coinche_shift})"
        )


def _sampler(view: object) -> Sampler:
    if not isinstance(view, PlayerView):
        raise CoincheTypeError(f"expected a PlayerView, not {type(view).__name__}")
    return _agreeing_sampler(view)


def _check_args(n: object, rng: object, model: object) -> None:
    check_int_range(n, "n", 0, MAX_WORLDS)
    if not isinstance(rng, random.Random):
        raise CoincheTypeError(f"rng must be a random.Random, not {type(rng).__name__}")
    _check_model(model)


def sample_worlds(
    view: PlayerView,
    n: int,
    rng: random.Random,
    model: WorldModel | None = None,
    *,
    draws: int | None = None,
) -> list[Hands]:
    """*n* worlds that agree with *view*, drawn with probability proportional to
    *model*'s weight (uniformly without a model): the four hands as masks, by seat.

    Rejection: each world is drawn uniformly (:class:`~coinche.bots.sampling.Sampler`)
    and kept with probability its weight, at most *draws* draws in all (default
    ``40 * n``); then the fallback of the module's decisions.

    >>> import random
    >>> from coinche import RuleConfig, Seat
    >>> from coinche.deal import Deal
    >>> from coinche.bots.inference import sample_worlds
    >>> view = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0)).view(Seat.NORTH)
    >>> worlds = sample_worlds(view, 3, random.Random(2))
    >>> len(worlds), all(w[0] == view.hand.mask for w in worlds)
    (3, True)

    :raises CoincheTypeError: an argument of the wrong type, or a weight outside [0, 1].
    :raises InvalidDealError: no deal agrees with *view*, or no draw had a weight above 0.
    """
    _check_args(n, rng, model)
    if draws is not None:
        check_int_range(draws, "draws", 1, 40 * MAX_WORLDS)
    sampler = _sampler(view)
    if model is None:
        return [sampler.sample(rng) for _ in range(n)]
    limit = 40 * n if draws is None else draws
    kept: list[Hands] = []
    spare: list[tuple[float, int, Hands]] = []
    made = 0
    while len(kept) < n and made < limit:
        hands = sampler.sample(rng)
        made += 1
        weight = _checked_weight(model, view, hands)
        if weight >= 1.0 or rng.random() < weight:
            kept.append(hands)
        elif weight > 0.0:
            spare.append((weight, made, hands))
    if len(kept) < n:
        spare.sort(reverse=True)
        kept.extend(hands for _, _, hands in spare[: n - len(kept)])
        if not kept and n:
            raise InvalidDealError(
                f"{model!r} gave weight 0 to each of the {made} worlds drawn from "
                f"{view.seat.name}'s view"
            )
    return kept


def weigh_worlds(
    view: PlayerView, n: int, rng: random.Random, model: WorldModel | None = None
) -> list[tuple[Hands, float]]:
    """*n* worlds drawn uniformly from those agreeing with *view*, each with *model*'s
    weight (1.0 without a model): importance weights, for weighted means.

    >>> import random
    >>> from coinche import RuleConfig, Seat
    >>> from coinche.deal import Deal
    >>> from coinche.bots.inference import weigh_worlds
    >>> view = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0)).view(Seat.NORTH)
    >>> [weight for _, weight in weigh_worlds(view, 2, random.Random(2))]
    [1.0, 1.0]

    :raises CoincheTypeError, InvalidDealError: as :func:`sample_worlds`.
    """
    _check_args(n, rng, model)
    sampler = _sampler(view)
    out: list[tuple[Hands, float]] = []
    for _ in range(n):
        hands = sampler.sample(rng)
        out.append((hands, 1.0 if model is None else _checked_weight(model, view, hands)))
    return out


def dealt_hands(view: PlayerView, hands: Sequence[int]) -> Hands:
    """*hands* (as they stand now) with the cards each seat played in *view*: the hands
    as dealt.

    >>> import random
    >>> from coinche import RuleConfig, Seat
    >>> from coinche.deal import Deal
    >>> from coinche.bots.inference import dealt_hands
    >>> view = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0)).view(Seat.NORTH)
    >>> dealt_hands(view, (1, 2, 4, 8))      # nothing played yet: the same hands
    (1, 2, 4, 8)
    """
    out = list(_check_world(view, hands))
    tricks = list(view.tricks) + ([view.trick] if view.trick is not None else [])
    for trick in tricks:
        for seat, card in trick.plays():
            out[int(seat)] |= card.mask
    return (out[0], out[1], out[2], out[3])
