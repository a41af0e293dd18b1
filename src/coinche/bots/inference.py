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
from typing import NamedTuple

from coinche import _kernel as K
from coinche._checks import check_type, short_repr
from coinche.auction import PASS, Bid, Coinche, Pass, Surcoinche
from coinche.auction.classic import AnyCall
from coinche.bots._weights import Hands, WorldModel
from coinche.bots._weights import checked_weight as _checked_weight
from coinche.bots.players import (  # GreedyPlayer and its figures, for _greedy_call
    _BELOTE,
    _PER_SIDE_ACE,
    _PER_TRUMP,
    _SURCOINCHE_MARGIN,
    GreedyPlayer,
)
from coinche.bots.sampling import Sampler, _agreeing_sampler
from coinche.cards import Hand, hand_from_mask
from coinche.config import CAPOT_VALUE
from coinche.deal import Action, Phase, PlayerView
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.seats import Seat
from coinche.view import trusted_view

__all__ = [
    "BidderModel",
    "UniformModel",
    "WorldModel",
    "dealt_hands",
    "sample_worlds",
    "weigh_worlds",
]


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
        """1.0, whatever the world."""
        return 1.0

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
        from coinche.bots.players import Player

        for value, name in ((floor, "floor"), (near, "near")):
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                raise CoincheTypeError(f"{name} must be a number, not {short_repr(value)}")
            if not 0.0 <= value <= 1.0:
                raise CoincheTypeError(f"{name} must be from 0 to 1, not {short_repr(value)}")
        self.bidder: Player = (
            GreedyPlayer()
            if bidder is None
            else check_type(
                bidder,
                Player,
                "bidder",
            )
        )
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
        """The product over the other seats' calls (see the class)."""
        self._prepare(view)
        out = 1.0
        fast = type(self.bidder) is GreedyPlayer  # its calls on masks, the same answers
        dealt: dict[int, Hand] = {}
        for seat, call, then, legal, ask in self._asks:
            mask = hands[seat] | self._played[seat]
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

    def __repr__(self) -> str:
        return f"BidderModel({self.bidder!r}, floor={self.floor}, near={self.near})"


def _suit_table(suit: int) -> tuple[int, ...]:
    """By the byte of a suit's cards: their points as trumps, 10 a card, 20 for belote."""
    out = []
    for byte in range(256):
        trumps = byte << (8 * suit)
        value = K.mask_points(trumps, suit) + _PER_TRUMP * byte.bit_count()
        if byte >> 6 & 1 and byte >> 5 & 1:  # king (rank 6) and queen (rank 5)
            value += _BELOTE
        out.append(value)
    return tuple(out)


_TABLES = tuple(_suit_table(suit) for suit in range(4))
_ACES = 0x80808080  # rank 7 of each suit


def _strength(mask: int, suit: int) -> int:
    """:func:`~coinche.bots.players.trump_strength` on a mask, for a suit strain: the
    trumps' value, and 10 for each ace of another suit."""
    other_aces = mask & _ACES & ~(0x80 << (8 * suit))
    return _TABLES[suit][mask >> (8 * suit) & 0xFF] + _PER_SIDE_ACE * other_aces.bit_count()


class _Ask(NamedTuple):
    """What decides GreedyPlayer's call at one point of the auction, whatever the hand."""

    fallback: Action
    surcoinche: Action | None  # legal, and its own bid's suit and points, or None
    own_suit: int
    own_points: int
    coinche: Action | None  # legal against an opponent's suit bid
    their_suit: int
    their_points: int
    partner_holds: bool  # the highest bid is its team's: it passes
    lowest: tuple[Bid | None, Bid | None, Bid | None, Bid | None]  # by suit


def _ask(then: PlayerView, legal: Sequence[Action]) -> _Ask:
    fallback: Action = PASS if any(isinstance(a, Pass) for a in legal) else legal[0]
    highest = next(((s, c) for s, c in reversed(then.calls) if isinstance(c, Bid)), None)
    surcoinche = next((a for a in legal if isinstance(a, Surcoinche)), None)
    own_suit, own_points, their_suit, their_points = -1, 0, -1, 0
    coinche: Action | None = None
    partner = False
    if highest is not None:
        suit = highest[1].strain.trump_suit
        if highest[0] is then.seat and suit is not None:
            own_suit, own_points = int(suit), highest[1].points
        partner = highest[0].team is then.seat.team
        if not partner and suit is not None:
            coinche = next((a for a in legal if isinstance(a, Coinche)), None)
            their_suit, their_points = int(suit), highest[1].points
    lowest: list[Bid | None] = [None, None, None, None]
    for action in legal:
        if isinstance(action, Bid) and action.strain.trump_suit is not None:
            at = int(action.strain.trump_suit)
            low = lowest[at]
            if low is None or action.points < low.points:
                lowest[at] = action
    return _Ask(
        fallback, surcoinche, own_suit, own_points, coinche, their_suit, their_points,
        partner, (lowest[0], lowest[1], lowest[2], lowest[3]),
    )  # fmt: skip


def _greedy_call(mask: int, ask: _Ask) -> Action:
    """:class:`~coinche.bots.players.GreedyPlayer`'s call in the coinche auction for the
    hand *mask* (``tests/test_inference.py`` checks it against the player)."""
    if ask.surcoinche is not None:
        suit = ask.own_suit
        if suit >= 0 and _strength(mask, suit) >= ask.own_points + _SURCOINCHE_MARGIN:
            return ask.surcoinche
        return ask.fallback
    if ask.partner_holds:
        return ask.fallback
    if ask.coinche is not None:
        suit = ask.their_suit
        if mask >> (8 * suit + 4) & 1 and (
            ask.their_points >= CAPOT_VALUE or mask >> (8 * suit + 2) & 1
        ):
            return ask.coinche
    best, value = 0, _strength(mask, 0)
    for suit in (1, 2, 3):
        other = _strength(mask, suit)
        if other > value:
            best, value = suit, other
    lowest = ask.lowest[best]
    if lowest is not None and value >= lowest.points:
        return lowest
    return ask.fallback


def _sampler(view: object) -> Sampler:
    if not isinstance(view, PlayerView):
        raise CoincheTypeError(f"expected a PlayerView, not {type(view).__name__}")
    return _agreeing_sampler(view)


def _check_args(n: object, rng: object, model: object) -> None:
    if type(n) is not int or n < 0:
        raise CoincheTypeError(f"n must be an int >= 0, not {short_repr(n)}")
    if not isinstance(rng, random.Random):
        raise CoincheTypeError(f"rng must be a random.Random, not {type(rng).__name__}")
    if model is not None and not isinstance(model, WorldModel):
        raise CoincheTypeError(f"model must be a WorldModel or None, not {short_repr(model)}")


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
    if draws is not None and (type(draws) is not int or draws < 1):
        raise CoincheTypeError(f"draws must be an int >= 1 or None, not {short_repr(draws)}")
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
    out = [int(h) for h in hands]
    tricks = list(view.tricks) + ([view.trick] if view.trick is not None else [])
    for trick in tricks:
        for seat, card in trick.plays():
            out[int(seat)] |= card.mask
    return (out[0], out[1], out[2], out[3])
