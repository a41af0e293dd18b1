"""A bidder that bids what it can make: each call by the expected deal score.

:class:`ScoreBidder` chooses every call of the coinche auction by the mean *deal
score* (its team's minus the opponents', as the rules score it) over worlds that agree
with its hand and with the calls so far (:func:`coinche.bots.inference.sample_worlds`
with a :class:`~coinche.bots.inference.BidderModel`). Each world is played out once
per strain by the native engine's greedy playout (``coinche._playout``, the
:class:`~coinche.bots.players.GreedyPlayer` card rule on ints, a few microseconds a
deal compiled) and scored under every contract in view, with its multiplier.

>>> import random
>>> from coinche import Hand, RuleConfig, Seat
>>> from coinche.deal import Deal
>>> from coinche.bots.bidding import ScoreBidder
>>> hands = [Hand.parse(text) for text in ("JH 9H AH TH KH QH 8H 7H",
...     "AC TC KC QC JC 9C 8C 7S", "AD TD KD QD JD 8S 9S TS", "AS KS QS JS 7C 7D 8D 9D")]
>>> deal = Deal.from_hands(Seat.WEST, RuleConfig.ffb(), hands)
>>> bidder = ScoreBidder(samples=8)
>>> str(bidder.choose(deal.view(Seat.NORTH), deal.legal_actions(), random.Random(0)))
'capot H'

Decisions (documented behaviour):

- **Greedy playouts, not double-dummy**: a double-dummy solve costs about 25 ms a deal
  compiled, a greedy playout a few microseconds, so in the 200 ms a call allows the
  bidder sees hundreds of (world, strain) deals instead of a handful: the noise of few
  worlds costs more than the play's bias. Double-dummy play is also optimistic for
  the taker (the defence never misguesses, but neither does the declarer, and a bid
  is judged on the cards well placed), while the greedy playout is the play of the
  library's own players; the worlds' inference does the rest.
- **Options and their worth**, each a mean over the worlds, of the deal score of the
  bidder's team minus the other team's, as :mod:`coinche.scoring` scores the
  world's playout:

  - a bid: its contract at multiplier 1, except that in a world where it fails the
    opponents coinche it with probability *coinche_risk* (FFB doubles the whole score);
  - pass: the contract standing (none: 0, the deal is thrown in), at its multiplier,
    with the same risk of a coinche for the bidder's own team's contract not yet
    coinched;
  - coinche: the opponents' contract doubled; surcoinche: its own contract quadrupled.

  It takes the option worth the most, but every option other than pass must beat
  pass by *margin* points (the worlds are estimates). Ties of worth: the lower bid,
  then clubs, diamonds, hearts, spades order.
- The auction is assumed to end with the call (no later overcall is foreseen). A
  générale is never bid; capot is (a capot bid is made only by all eight tricks).
- Over its own team's bid it only raises, in that bid's strain: two partners who each
  prefer their own strain would otherwise outbid each other.
- The classic (turned-card) auction is left to
  :class:`~coinche.bots.players.GreedyPlayer`; the cards to *player* (GreedyPlayer by
  default).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from typing_extensions import override

from coinche import _kernel as K
from coinche import _playout as P
from coinche._checks import check_number, check_type, short_repr
from coinche._play_kernel import PlayCore
from coinche.auction import Bid, Coinche, Pass, Surcoinche
from coinche.bots import _valuer
from coinche.bots.base import (
    GreedyPlayer,
    Player,
    _check_player,
    _check_turn,
    _delegated_call,
    _fallback_call,
)
from coinche.bots.inference import (
    BidderModel,
    StrengthModel,
    WorldModel,
    _check_model,
    sample_worlds,
)
from coinche.config import FirstLead, RuleConfig
from coinche.contract import GENERALE, Contract
from coinche.deal import Action, PlayerView
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.position import _credit

__all__ = ["ScoreBidder", "ValueBidder"]

# one world played in one strain: card points by team, tricks by seat, belote's team,
# announcement points by team
_Outcome = tuple[int, int, tuple[int, int, int, int], int, int, int]


def _outcome(
    hands: tuple[int, int, int, int], strain: int, leader: int, rules: RuleConfig
) -> _Outcome:
    h0, h1, h2, h3 = hands
    core = PlayCore(h0, h1, h2, h3, strain, rules.play_flags, leader, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    P.play_out(core, P.GREEDY, 0, None, None)
    holder = K.belote_holder(h0, h1, h2, h3, strain)
    ann = _credit([h0, h1, h2, h3], [0, 1, 2, 3], [], strain, rules)
    won = (core.w0, core.w1, core.w2, core.w3)
    return core.p0, core.p1, won, holder & 1 if holder >= 0 else -1, ann[0], ann[1]


class _Worlds:
    """The worlds of one call, played out lazily by strain and first leader."""

    def __init__(
        self, worlds: list[tuple[int, int, int, int]], rules: RuleConfig, team: int, dealer: int
    ) -> None:
        self.worlds = worlds
        self.rules = rules
        self.team = team
        self._after_dealer = -1 if rules.first_lead is FirstLead.TAKER else (dealer + 1) & 3
        self._played: dict[tuple[int, int], list[_Outcome]] = {}
        self._options = rules.score_options

    def outcomes(self, strain: int, leader: int) -> list[_Outcome]:
        key = (strain, leader)
        found = self._played.get(key)
        if found is None:
            found = [_outcome(w, strain, leader, self.rules) for w in self.worlds]
            self._played[key] = found
        return found

    def worth(
        self, contract: tuple[int, int, int, int, int], multiplier: int, risk: float
    ) -> float:
        """The mean net score for the bidder's team of the contract (its
        :attr:`~coinche.Contract.kernel_fields`) at *multiplier*, a coinche in each world
        where it fails with probability *risk* (at multiplier 1 only)."""
        taker, strain, kind, points, _ = contract
        leader = taker if self._after_dealer < 0 else self._after_dealer
        options = self._options
        team = self.team
        total = 0.0
        found = self.outcomes(strain, leader)
        for p0, p1, won, belote, a0, a1 in found:
            f = K.score(options, taker, kind, points, multiplier, p0, p1, won, belote, a0, a1)
            net = float(f[team] - f[1 - team])
            if risk > 0.0 and multiplier == 1 and not f[K.F_MADE]:  # the same, coinched
                g = K.score(options, taker, kind, points, 2, p0, p1, won, belote, a0, a1)
                net = (1.0 - risk) * net + risk * float(g[team] - g[1 - team])
            total += net
        return total / len(found)


class ScoreBidder:
    """A bidder that chooses each call by the expected deal score (see the module).

    *samples* worlds a call (drawn with *model*, by default a
    :class:`~coinche.bots.inference.BidderModel` of GreedyPlayer's calls; at most
    *draws* draws, by default 16 a world, which bounds a call's time), *coinche_risk*
    the chance that the opponents coinche a contract in a world where it fails,
    *margin* what a call must gain over passing, *player* the card player. It draws
    from *rng* if given, else from the generator it is given at each call.

    >>> from coinche.bots.bidding import ScoreBidder
    >>> ScoreBidder(samples=16)
    ScoreBidder(samples=16, coinche_risk=0.5, margin=30)
    """

    def __init__(
        self,
        samples: int = 64,
        rng: random.Random | None = None,
        *,
        coinche_risk: float = 0.5,
        margin: int = 30,
        model: WorldModel | None = None,
        draws: int | None = None,
        player: object = None,
    ) -> None:
        if type(samples) is not int or samples < 1:
            raise CoincheTypeError(f"samples must be an int >= 1, not {short_repr(samples)}")
        if (
            not isinstance(coinche_risk, (int, float))
            or isinstance(coinche_risk, bool)
            or not 0.0 <= coinche_risk <= 1.0
        ):
            raise CoincheTypeError(
                f"coinche_risk must be a number from 0 to 1, not {short_repr(coinche_risk)}"
            )
        if type(margin) is not int:
            raise CoincheTypeError(f"margin must be an int, not {short_repr(margin)}")
        if draws is not None and (type(draws) is not int or draws < 1):
            raise CoincheTypeError(f"draws must be an int >= 1 or None, not {short_repr(draws)}")
        if rng is not None:
            check_type(rng, random.Random, "rng")
        checked = _check_model(model)
        self.samples = samples
        self.rng = rng
        self.coinche_risk = float(coinche_risk)
        self.margin = margin
        self.model: WorldModel = BidderModel() if checked is None else checked
        self.draws = 16 * samples if draws is None else draws
        self.player: Player = GreedyPlayer() if player is None else _check_player(player, "player")
        self._greedy = GreedyPlayer()

    def _draw(self, view: PlayerView, rng: random.Random) -> list[tuple[int, int, int, int]]:
        """The call's worlds, drawn with the model (uniformly when it allows none)."""
        draw = self.rng if self.rng is not None else rng
        try:
            return sample_worlds(view, self.samples, draw, self.model, draws=self.draws)
        except InvalidDealError:  # no world the model allows: the uniform ones
            return sample_worlds(view, self.samples, draw)

    def _worlds(self, view: PlayerView, rng: random.Random) -> _Worlds:
        worlds = self._draw(view, rng)
        return _Worlds(worlds, view.rules, int(view.seat) & 1, int(view.dealer))

    def worths(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random
    ) -> dict[Action, float]:
        """What each call of *legal* is worth to the bidder's team (see the module):
        the mean deal-score difference, before the *margin*; générale left out.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.auction import PASS
        >>> from coinche.deal import Deal
        >>> from coinche.bots.bidding import ScoreBidder
        >>> deal = Deal.new(Seat.WEST, RuleConfig.ffb(), random.Random(3))
        >>> worths = ScoreBidder(samples=4).worths(deal.view(Seat.NORTH),
        ...                                        deal.legal_actions(), random.Random(0))
        >>> worths[PASS]                  # no contract yet: passing is worth 0
        0.0
        """
        _check_turn(view, legal, rng)
        return self._worths(view, legal, rng)

    def _worths(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random
    ) -> dict[Action, float]:
        """:meth:`worths` of arguments already checked (``choose`` checks them once)."""
        worlds = self._worlds(view, rng)
        me = int(view.seat)
        risk = self.coinche_risk
        highest = next(((s, c) for s, c in reversed(view.calls) if isinstance(c, Bid)), None)
        multiplier = 1
        for _, call in view.calls:
            if isinstance(call, Coinche):
                multiplier = 2
            elif isinstance(call, Surcoinche):
                multiplier = 4
        out: dict[Action, float] = {}
        standing: tuple[int, int, int, int, int] | None = None
        if highest is not None and highest[1].value is not GENERALE:
            seat, bid = highest
            standing = Contract(seat, bid.strain, bid.value).kernel_fields
        for action in legal:
            if isinstance(action, Pass):
                if standing is None:
                    out[action] = 0.0
                else:
                    ours = standing[0] & 1 == me & 1
                    out[action] = worlds.worth(standing, multiplier, risk if ours else 0.0)
            elif isinstance(action, Bid):
                if action.value is GENERALE:
                    continue
                ours = standing is not None and standing[0] & 1 == me & 1
                if ours and standing is not None and int(action.strain) != standing[1]:
                    continue  # over its own team's bid: only a raise in its strain
                bid_fields = Contract(view.seat, action.strain, action.value).kernel_fields
                out[action] = worlds.worth(bid_fields, 1, risk)
            elif isinstance(action, (Coinche, Surcoinche)) and standing is not None:
                m = 2 if isinstance(action, Coinche) else 4
                out[action] = worlds.worth(standing, m, 0.0)
        return out

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The call worth the most (see the module), or *player*'s card.

        :raises CoincheTypeError, CoincheValueError: as every player's ``choose``
            (:meth:`RandomPlayer.choose <coinche.bots.players.RandomPlayer.choose>`).
        """
        delegated = _delegated_call(self, view, legal, rng)
        if delegated is not None:
            return delegated
        fallback = _fallback_call(legal)
        worths = self._worths(view, legal, rng)
        base = worths.get(fallback, 0.0)
        best: Action = fallback
        best_key = (base, 1, 0, 0)
        for action, worth in worths.items():
            if action == fallback:
                continue
            points = action.points if isinstance(action, Bid) else 0
            strain = int(action.strain) if isinstance(action, Bid) else 0
            margin = self._margin(action)
            key = (worth - margin, 0, -points, -strain)
            if worth - margin > base and key > best_key:
                best, best_key = action, key
        return best

    def _margin(self, action: Action) -> float:
        """What *action* must gain over passing."""
        return self.margin

    @override
    def __repr__(self) -> str:
        return (
            f"ScoreBidder(samples={self.samples}, coinche_risk={self.coinche_risk}, "
            f"margin={self.margin})"
        )


# the standard normal's quantiles at the middles of eight equal slices: a world's card
# points are valued at these eight points of their spread
_QUANTILES: Final = (-1.5341, -0.8871, -0.4888, -0.1573, 0.1573, 0.4888, 0.8871, 1.5341)
_TAKER_CAPOT: Final = 163  # the outcomes of a table: 0-162 the taker's team's card
_DEFENCE_CAPOT: Final = 164  # points, then a capot by either team
_TABLES: dict[tuple[object, ...], list[float]] = {}


def _table(
    options: tuple[int, ...],
    capot_points: int,
    taker: int,
    kind: int,
    value: int,
    multiplier: int,
    belote: int,
    risk: float,
) -> list[float]:
    """The taker's team's deal score minus the other team's, by outcome (see
    :data:`_TAKER_CAPOT`), as the scoring kernel scores it; with *risk* (at multiplier
    1), an outcome that fails the contract is coinched with that chance."""
    key = (options, capot_points, taker, kind, value, multiplier, belote, risk)
    found = _TABLES.get(key)
    if found is not None:
        return found
    team = taker & 1
    out = []
    for outcome in range(165):
        if outcome == _TAKER_CAPOT:
            mine, theirs, capot = capot_points, 0, team
        elif outcome == _DEFENCE_CAPOT:
            mine, theirs, capot = 0, capot_points, 1 - team
        else:
            mine, theirs, capot = outcome, K.ALL_POINTS - outcome, -1
        ns, ew = (mine, theirs) if team == 0 else (theirs, mine)
        f = K.score_points(options, taker, kind, value, multiplier, ns, ew, capot, 0, belote, 0, 0)
        worth = float(f[team] - f[1 - team])
        if risk > 0.0 and multiplier == 1 and not f[K.F_MADE]:
            g = K.score_points(options, taker, kind, value, 2, ns, ew, capot, 0, belote, 0, 0)
            worth = (1.0 - risk) * worth + risk * float(g[team] - g[1 - team])
        out.append(worth)
    if len(_TABLES) > 4096:
        _TABLES.clear()
    _TABLES[key] = out
    return out


class _ValuedWorlds:
    """The worlds of one call of a :class:`ValueBidder`, valued by the learned
    double-dummy estimate, per suit on demand."""

    def __init__(
        self,
        worlds: list[tuple[int, int, int, int]],
        rules: RuleConfig,
        team: int,
        dealer: int,
        bidder: ValueBidder,
    ) -> None:
        self.worlds = worlds
        self.rules = rules
        self.team = team
        self.leader = (dealer + 1) & 3
        self.bidder = bidder
        self._valued: dict[int, list[tuple[float, float, float, int]]] = {}

    def _suit(self, strain: int) -> list[tuple[float, float, float, int]]:
        """Each world's estimate in the suit *strain*, for the leader's team: the mean
        card points when no team takes every trick, the chances of a capot by it and by
        the other team, and the team holding belote (-1: none)."""
        found = self._valued.get(strain)
        if found is None:
            valuer = _valuer.load()
            found = []
            for world in self.worlds:
                mean, mine, theirs = valuer.world(world, strain, self.leader)
                rest = max(1.0 - mine - theirs, 1e-6)
                plain = min(max((mean - K.ALL_POINTS * mine) / rest, 0.0), float(K.ALL_POINTS))
                holder = K.belote_holder(world[0], world[1], world[2], world[3], strain)
                found.append((plain, mine, theirs, holder & 1 if holder >= 0 else -1))
            self._valued[strain] = found
        return found

    def worth(
        self, contract: tuple[int, int, int, int, int], multiplier: int, risk: float
    ) -> float:
        """The mean net score for the bidder's team of the contract (its
        :attr:`~coinche.Contract.kernel_fields`) at *multiplier*, a coinche in each
        outcome where it fails with probability *risk* (at multiplier 1 only)."""
        taker, strain, kind, points, _ = contract
        team = taker & 1
        bidder = self.bidder
        shift = bidder.declarer if team == self.team else bidder.opponents
        spread = bidder.spread
        same = team == self.leader & 1
        options, capot_points = self.rules.score_options, self.rules.capot_card_points
        tables: dict[int, list[float]] = {}
        total = 0.0
        for plain, mine, theirs, belote in self._suit(strain):
            table = tables.get(belote)
            if table is None:
                table = _table(
                    options, capot_points, taker, kind, points, multiplier, belote, risk
                )
                tables[belote] = table
            if same:
                won, lost = mine, theirs
            else:
                plain, won, lost = K.ALL_POINTS - plain, theirs, mine
            centre = plain + shift
            spread_sum = 0.0
            for z in _QUANTILES:
                outcome = int(centre + spread * z + 0.5)
                spread_sum += table[
                    0 if outcome < 0 else K.ALL_POINTS if outcome > K.ALL_POINTS else outcome
                ]
            value = (1.0 - won - lost) * spread_sum / len(_QUANTILES)
            total += value + won * table[_TAKER_CAPOT] + lost * table[_DEFENCE_CAPOT]
        mean = total / len(self.worlds)
        return mean if team == self.team else -mean


class ValueBidder(ScoreBidder):
    """A bidder that values each call by what double-dummy play would make of each
    contract in worlds drawn from the auction, corrected for real play.

    As :class:`ScoreBidder` it chooses the call worth the most in deal score over
    *samples* worlds that agree with its hand and with the calls so far, the auction
    assumed to end with the call; what differs is how a contract is valued in a world
    and how the worlds are drawn:

    - **Valued by learned double-dummy play**: a small network
      (:mod:`coinche.bots._valuer`, trained by ``examples/train_bidder.py`` on deals
      solved double dummy) estimates the card points each team takes with best play in
      the world, and the chances of a capot, in a tenth of a millisecond. Real play
      takes less than perfect play, and the side that sees its cards only guesses: the
      taker's card points are spread around the estimate by a normal law, *spread*
      points wide (1 to 162) (the network's error and the play's together), shifted by
      *declarer* when the bidder's team takes the contract and by *opponents* when
      the other team does (what the library's card player, and the other team's,
      lose to double-dummy play). Each contract is scored at eight points of that
      law, and at the two capots, as the rules score it.
    - **Worlds drawn by what the calls say**: by default a
      :class:`~coinche.bots.inference.StrengthModel` (every other seat, partner and
      opponents alike, bids what its hand is worth), not GreedyPlayer's rule.
    - **Margins**: a bid must gain *margin* over passing; a coinche *coinche_margin*,
      since doubling a wrong estimate is dear; a surcoinche *surcoinche_margin* (by
      default the same as *coinche_margin*): the opponents' coinche says they expect
      the contract to fail, which the estimate reads only through its worlds.
    - Only suit contracts: no-trump and all-trump bids are never made (the network
      knows suits only); neither is a générale.

    The classic (turned-card) auction is left to GreedyPlayer; the cards to *player*.

    >>> import random
    >>> from coinche import Hand, RuleConfig, Seat
    >>> from coinche.deal import Deal
    >>> from coinche.bots.bidding import ValueBidder
    >>> hands = [Hand.parse(text) for text in ("JH 9H AH TH KH AS AD AC",
    ...     "QC TC KC JC 9C 8C 7S 8S", "QD TD KD JD 8D 9S TS QS", "7H 8H QH KS JS 7C 7D 9D")]
    >>> deal = Deal.from_hands(Seat.WEST, RuleConfig.ffb(), hands)
    >>> call = ValueBidder(samples=16).choose(deal.view(Seat.NORTH), deal.legal_actions(),
    ...                                       random.Random(0))
    >>> call.strain, call.points >= 100             # five top trumps and three aces
    (<Strain.HEARTS: 2>, True)
    """

    def __init__(
        self,
        samples: int = 48,
        rng: random.Random | None = None,
        *,
        coinche_risk: float = 0.3,
        margin: int = 10,
        coinche_margin: int = 40,
        surcoinche_margin: int | None = None,
        spread: float = 22.0,
        declarer: float = -8.0,
        opponents: float = 0.0,
        model: WorldModel | None = None,
        draws: int | None = None,
        player: object = None,
    ) -> None:
        super().__init__(
            samples, rng, coinche_risk=coinche_risk, margin=margin,
            model=StrengthModel() if model is None else model, draws=draws, player=player,
        )  # fmt: skip
        if type(coinche_margin) is not int:
            raise CoincheTypeError(
                f"coinche_margin must be an int, not {short_repr(coinche_margin)}"
            )
        if surcoinche_margin is not None and type(surcoinche_margin) is not int:
            raise CoincheTypeError(
                f"surcoinche_margin must be an int or None, not {short_repr(surcoinche_margin)}"
            )
        spread = check_number(spread, "spread", 1, 162)
        declarer = check_number(declarer, "declarer", -162, 162)
        opponents = check_number(opponents, "opponents", -162, 162)
        self.coinche_margin = coinche_margin
        self.surcoinche_margin = coinche_margin if surcoinche_margin is None else surcoinche_margin
        self.spread = float(spread)
        self.declarer = float(declarer)
        self.opponents = float(opponents)

    @override
    def _worlds(self, view: PlayerView, rng: random.Random) -> _ValuedWorlds:  # type: ignore[override]
        worlds = self._draw(view, rng)
        return _ValuedWorlds(worlds, view.rules, int(view.seat) & 1, int(view.dealer), self)

    @override
    def worths(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random
    ) -> dict[Action, float]:
        """What each call of *legal* is worth to the bidder's team, as
        :meth:`ScoreBidder.worths <coinche.bots.bidding.ScoreBidder.worths>`; suit
        contracts only (no-trump and all-trump bids left out, and an opponents'
        contract in them valued at 0).

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.auction import PASS
        >>> from coinche.deal import Deal
        >>> from coinche.bots.bidding import ValueBidder
        >>> deal = Deal.new(Seat.WEST, RuleConfig.ffb(), random.Random(3))
        >>> worths = ValueBidder(samples=4).worths(deal.view(Seat.NORTH),
        ...                                        deal.legal_actions(), random.Random(0))
        >>> worths[PASS]                  # no contract yet: passing is worth 0
        0.0
        """
        return super().worths(view, legal, rng)

    @override
    def _worths(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random
    ) -> dict[Action, float]:
        suits = [a for a in legal if not isinstance(a, Bid) or a.strain.is_suit]
        highest = next((c for _, c in reversed(view.calls) if isinstance(c, Bid)), None)
        if highest is not None and not highest.strain.is_suit:
            return {a: 0.0 for a in suits if not isinstance(a, (Coinche, Surcoinche))}
        return super()._worths(view, suits, rng)

    @override
    def _margin(self, action: Action) -> float:
        if isinstance(action, Surcoinche):
            return self.surcoinche_margin
        return self.coinche_margin if isinstance(action, Coinche) else self.margin

    @override
    def __repr__(self) -> str:
        return (
            f"ValueBidder(samples={self.samples}, coinche_risk={self.coinche_risk}, "
            f"margin={self.margin}, coinche_margin={self.coinche_margin}, "
            f"surcoinche_margin={self.surcoinche_margin}, "
            f"spread={self.spread}, declarer={self.declarer}, opponents={self.opponents})"
        )
