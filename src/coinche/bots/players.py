"""Built-in computer players, and helpers that let them play a deal or a whole game.

A player is anything with the :class:`Player` method ``choose(view, legal, rng)``: it
is given the :class:`~coinche.deal.PlayerView` of its seat (its own cards and what all
have seen or heard, nothing hidden), the legal actions of that seat and a random
generator, and returns one of the legal actions. Two simple players come with the
library:

- :class:`RandomPlayer` picks uniformly among the legal actions;
- :class:`GreedyPlayer` bids on its trump strength (:func:`trump_strength`) and plays
  its highest card when that card takes the lead in the trick, its cheapest card
  otherwise.

:func:`play_deal` and :func:`play_game` run a :class:`~coinche.deal.Deal` or a
:class:`~coinche.game.Game` to its end with four players; :func:`play_deals` does the
same for a game, handing back each finished deal on the way.

>>> import random
>>> from coinche import RuleConfig, Seat
>>> from coinche.game import Game
>>> from coinche.bots.players import GreedyPlayer, RandomPlayer, play_game
>>> players = {Seat.NORTH: GreedyPlayer(), Seat.SOUTH: GreedyPlayer(),
...            Seat.EAST: RandomPlayer(), Seat.WEST: RandomPlayer()}
>>> rng = random.Random(1)
>>> game = play_game(Game.new(RuleConfig.common(), Seat.WEST, rng), players, rng)
>>> game.is_over, game.winner is not None
(True, True)

Decisions (each is documented behaviour):

- **Information**: a player sees only its :class:`~coinche.deal.PlayerView` and the
  legal actions; the helpers never pass it the :class:`~coinche.deal.Deal`, so it
  cannot read another seat's cards.
- **Determinism**: players draw their randomness from the generator they are given
  and nothing else (:class:`GreedyPlayer` draws none): the same generator state and
  the same position always give the same action.
- **Checked actions**: the helpers apply each action with the checked
  :meth:`~coinche.game.Game.apply`, so a player that returns an action that is not
  legal raises the library's error instead of corrupting the game. Announcements and
  belote are declared as :meth:`~coinche.deal.Deal.apply` does by default (all of
  them).
- **Out-of-turn coinche** (pagat): the helpers ask only the seat to move, so a player
  coinches only in turn.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Final, Protocol, runtime_checkable

from coinche import _kernel as K
from coinche._checks import short_repr
from coinche.auction import PASS, Bid, Call, Coinche, Pass, Surcoinche
from coinche.auction.classic import ClassicCall, NameSuit, Take
from coinche.bots.pimc import _Pimc
from coinche.cards import CARDS, Card, Hand, Rank, Strain, Suit
from coinche.config import CAPOT_VALUE
from coinche.contract import Contract
from coinche.deal import Action, Deal, PlayerView
from coinche.errors import (
    CoincheTypeError,
)
from coinche.game import Game
from coinche.play import trick_master
from coinche.seats import Seat

if TYPE_CHECKING:
    from coinche.bots.inference import WorldModel

__all__ = [
    "GreedyPlayer",
    "PimcPlayer",
    "Player",
    "RandomPlayer",
    "play_deal",
    "play_deals",
    "play_game",
    "trump_strength",
]

_PER_TRUMP: Final = 10
_PER_SIDE_ACE: Final = 10
_BELOTE: Final = 20
_SURCOINCHE_MARGIN: Final = 30
_CLASSIC_TAKE: Final = 60
_SUIT_STRAINS: Final = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES)
_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


@runtime_checkable
class Player(Protocol):
    """Anything that chooses an action from what its seat may know.

    ``choose`` is given the :class:`~coinche.deal.PlayerView` of the seat to move, that
    seat's legal actions (never empty: calls in the auction, cards in the play) and a
    random generator, and must return one of *legal*.

    >>> from coinche.bots.players import GreedyPlayer, Player, RandomPlayer
    >>> isinstance(RandomPlayer(), Player), isinstance(GreedyPlayer(), Player)
    (True, True)
    """

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of *legal*, chosen from *view*, drawing any randomness from *rng*."""
        ...


class RandomPlayer:
    """A player that picks one of the legal actions uniformly at random.

    It ignores the view; ``rng.choice(legal)`` is its whole strategy.

    >>> import random
    >>> from coinche import RuleConfig, Seat
    >>> from coinche.deal import Deal
    >>> from coinche.bots.players import RandomPlayer
    >>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0))
    >>> legal = deal.legal_actions()
    >>> RandomPlayer().choose(deal.view(Seat.NORTH), legal, random.Random(3)) in legal
    True
    """

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """A uniformly random element of *legal*."""
        return rng.choice(legal)

    def __repr__(self) -> str:
        return "RandomPlayer()"


def trump_strength(hand: Hand, strain: Strain) -> int:
    """How many points *hand* is worth bidding with *strain* as trumps: a rough guess.

    For a suit strain it adds:

    - the card points of the trumps held (J 20, 9 14, A 11, 10 10, K 4, Q 3);
    - 10 for each trump held, whatever its rank (length is control);
    - 10 for each ace of another suit (a likely trick);
    - 20 for belote, the king and queen of trumps.

    The figure is compared with bid values: a hand worth 84 may bid 80. No trump and
    all trump are not estimated: their strength is 0, so the greedy player never bids
    them.

    >>> from coinche import Hand, Strain
    >>> from coinche.bots.players import trump_strength
    >>> hand = Hand.parse("JH 9H 8H 7H AS 7C 8D 9D")
    >>> trump_strength(hand, Strain.HEARTS)          # 20 + 14 + 4 * 10 + 10 for AS
    84
    >>> trump_strength(hand, Strain.SPADES)          # AS 11 + 10 for one trump
    21
    >>> trump_strength(Hand.parse("KD QD TD 7D AC"), Strain.DIAMONDS)  # 17 + 40 + 10 + 20
    87
    >>> trump_strength(hand, Strain.NO_TRUMP)
    0
    """
    suit = strain.trump_suit
    if suit is None:
        return 0
    trumps = hand.of_suit(suit)
    value = K.mask_points(trumps.mask, suit)
    value += _PER_TRUMP * len(trumps)
    for other in Suit:
        if other is not suit and CARDS[8 * other + Rank.ACE] in hand:
            value += _PER_SIDE_ACE
    if CARDS[8 * suit + Rank.KING] in trumps and CARDS[8 * suit + Rank.QUEEN] in trumps:
        value += _BELOTE
    return value


def _best_strain(hand: Hand) -> tuple[Strain, int]:
    """The suit strain *hand* is strongest in, and its strength (ties: clubs first)."""
    best = _SUIT_STRAINS[0]
    value = trump_strength(hand, best)
    for strain in _SUIT_STRAINS[1:]:
        other = trump_strength(hand, strain)
        if other > value:
            best, value = strain, other
    return best, value


def _highest_bid(calls: Sequence[tuple[Seat, Call | ClassicCall]]) -> tuple[Seat, Bid] | None:
    """The last bid of the auction, with its bidder (bids only ever go up)."""
    for seat, call in reversed(calls):
        if isinstance(call, Bid):
            return seat, call
    return None


class GreedyPlayer:
    """A simple player: it bids on its trump strength and takes tricks when it can.

    **Auction**, in this order:

    1. *Surcoinche* (its team's bid was coinched): only when the bid is its own, in a
       suit, and :func:`trump_strength` in that suit is at least the bid plus 30.
       Otherwise it passes.
    2. *Coinche* (the highest bid is an opponent's, in a suit): only when it is clearly
       strong against it: it holds the jack and the nine of the opponents' trumps, the
       two best trumps; or the bid is capot and it holds the jack of their trumps, the
       master trump, which is sure to take a trick.
    3. *Bid*: never over its partner's bid. Otherwise it takes the suit where
       :func:`trump_strength` is highest (ties go to the first in clubs, diamonds,
       hearts, spades order) and bids the lowest legal bid in that suit when the
       strength reaches the bid's value; it passes when the strength falls short. It
       never bids no trump or all trump, nor capot (no hand is worth 250).

    **Classic auction** (a view with a turned card): its strength in a suit is
    :func:`trump_strength` of its five cards plus the turned card, which the taker
    gets. In round one it takes when that strength in the turned suit reaches 60; in
    round two it names the suit where the strength is highest (ties in clubs,
    diamonds, hearts, spades order) when it reaches 60. With the coinche option it
    coinches the taker when it holds the jack and the nine of the trumps, and
    surcoinches its own take when its strength reaches the contract value plus 30.

    **Play**: when its highest-ranked legal card would become master of the trick, it
    plays that card (even over its partner's master card: it is greedy, not clever);
    otherwise it plays its legal card worth the fewest points. The ranks follow the
    trick order of the contract: trumps above the led suit above the rest, each suit
    in its own order (J 9 A 10 K Q 8 7 for trumps, A 10 K Q J 9 8 7 otherwise). When
    it leads, every card would be master, so it leads the card highest in its own
    suit's order (ties: the most points, then the later suit in clubs, diamonds,
    hearts, spades order). When it cannot take the lead, ties of points go to a plain
    card before a trump, then to the lowest-ranked card.

    It reads only the view and draws nothing from *rng*.

    >>> import random
    >>> from coinche import Hand, RuleConfig, Seat, Strain
    >>> from coinche.auction import PASS, Bid
    >>> from coinche.deal import Deal
    >>> from coinche.bots.players import GreedyPlayer
    >>> hands = [Hand.parse(text) for text in ("JH 9H 8H 7H AS 7C 8D 9D",
    ...     "AC TC KC QC JC 9C 8C 7S", "AD TD KD QD JD 8S 9S TS", "AH TH KH QH JS QS KS 7D")]
    >>> deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), hands)
    >>> player, rng = GreedyPlayer(), random.Random(0)
    >>> str(player.choose(deal.view(Seat.NORTH), deal.legal_actions(), rng))  # worth 84
    '80 H'
    >>> deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
    >>> str(player.choose(deal.view(Seat.NORTH), deal.legal_actions(), rng))  # leads
    'JH'
    """

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The greedy action of the seat of *view* among *legal* (see the class)."""
        cards = [action for action in legal if isinstance(action, Card)]
        contract = view.contract
        if cards and contract is not None and view.trick is not None:
            return self._card(view, contract, cards)
        return self._call(view, legal)

    # ------------------------------------------------------------------ the auction
    def _call(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        fallback: Action = PASS if any(isinstance(a, Pass) for a in legal) else legal[0]
        if view.turned is not None:
            return _classic_call(view, legal, view.turned, fallback)
        highest = _highest_bid(view.calls)
        hand = view.hand
        if any(isinstance(action, Surcoinche) for action in legal):
            if highest is not None and highest[0] is view.seat:
                strain = highest[1].strain
                if trump_strength(hand, strain) >= highest[1].points + _SURCOINCHE_MARGIN:
                    return next(a for a in legal if isinstance(a, Surcoinche))
            return fallback
        if highest is not None:
            bidder, bid = highest
            if bidder.team is view.seat.team:
                return fallback  # never over the partner's (or its own) bid
            coinche = next((a for a in legal if isinstance(a, Coinche)), None)
            if coinche is not None and _clearly_beats(hand, bid):
                return coinche
        strain, value = _best_strain(hand)
        bids = [a for a in legal if isinstance(a, Bid) and a.strain is strain]
        if bids:
            lowest = min(bids, key=lambda bid: bid.points)
            if value >= lowest.points:
                return lowest
        return fallback

    # ------------------------------------------------------------------ the play
    def _card(self, view: PlayerView, contract: Contract, cards: Sequence[Card]) -> Card:
        strain = contract.strain
        trick = view.trick
        assert trick is not None
        base = strain * 32
        order = K.ORDER[base : base + 32]
        points = K.POINTS[base : base + 32]
        if not trick.cards:
            return max(cards, key=lambda c: (order[c.index], points[c.index], c.index))
        led = (strain * 4 + trick.cards[0].suit) * 32
        keys = K.WIN_KEY[led : led + 32]
        best = max(cards, key=lambda c: (keys[c.index], points[c.index], c.index))
        if trick_master(trick.play(best), strain) is view.seat:
            return best
        trump = strain.trump_suit
        all_trump = strain is Strain.ALL_TRUMP
        return min(
            cards,
            key=lambda c: (points[c.index], all_trump or c.suit is trump, order[c.index], c.index),
        )

    def __repr__(self) -> str:
        return "GreedyPlayer()"


def _classic_call(
    view: PlayerView, legal: Sequence[Action], turned: Card, fallback: Action
) -> Action:
    """The greedy call of the classic auction (see GreedyPlayer)."""
    hand = view.hand.add(turned) if turned not in view.hand else view.hand
    taker: tuple[Seat, Suit] | None = None
    for seat, call in view.calls:
        if isinstance(call, Take):
            taker = (seat, turned.suit)
        elif isinstance(call, NameSuit):
            taker = (seat, call.suit)
    for action in legal:
        if isinstance(action, Surcoinche) and taker is not None and taker[0] is view.seat:
            strength = trump_strength(hand, Strain.from_suit(taker[1]))
            if strength >= view.rules.min_bid + _SURCOINCHE_MARGIN:
                return action
        if isinstance(action, Coinche) and taker is not None:
            suit = taker[1]
            own = view.hand
            if CARDS[8 * suit + Rank.JACK] in own and CARDS[8 * suit + Rank.NINE] in own:
                return action
        if (
            isinstance(action, Take)
            and trump_strength(hand, Strain.from_suit(turned.suit)) >= _CLASSIC_TAKE
        ):
            return action
    named = [action for action in legal if isinstance(action, NameSuit)]
    if named:
        best = max(
            named,
            key=lambda call: (trump_strength(hand, Strain.from_suit(call.suit)), -call.suit),
        )
        if trump_strength(hand, Strain.from_suit(best.suit)) >= _CLASSIC_TAKE:
            return best
    return fallback


def _clearly_beats(hand: Hand, bid: Bid) -> bool:
    """True when *hand* is clearly strong against the opponents' *bid* (see GreedyPlayer)."""
    suit = bid.strain.trump_suit
    if suit is None:
        return False
    jack = CARDS[8 * suit + Rank.JACK] in hand
    if bid.points >= CAPOT_VALUE:  # capot (or générale): one trick taken beats it
        return jack
    return jack and CARDS[8 * suit + Rank.NINE] in hand


# ---------------------------------------------------------------------- running games
def _check_players(players: Mapping[Seat, Player]) -> None:
    if not isinstance(players, Mapping):
        raise CoincheTypeError(
            f"players must map each Seat to a Player, not {type(players).__name__}"
        )
    missing = [seat.name for seat in _SEATS if seat not in players]
    if missing:
        raise CoincheTypeError(f"players has no player for {', '.join(missing)}")
    for seat in _SEATS:
        if not callable(getattr(players[seat], "choose", None)):
            raise CoincheTypeError(
                f"the player of {seat.name} has no choose method: {short_repr(players[seat])}"
            )


def play_deal(deal: Deal, players: Mapping[Seat, Player], rng: random.Random) -> Deal:
    """Play *deal* to its end: each seat to move chooses from its view and legal actions.

    Returns the scored (or thrown-in) deal. Each action is applied with the checked
    :meth:`~coinche.deal.Deal.apply`.

    >>> import random
    >>> from coinche import RuleConfig, Seat
    >>> from coinche.deal import Deal
    >>> from coinche.bots.players import GreedyPlayer, play_deal
    >>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(4))
    >>> done = play_deal(deal, dict.fromkeys(Seat, GreedyPlayer()), random.Random(0))
    >>> done.is_over, done.phase.value in ("scored", "thrown_in")
    (True, True)

    :raises CoincheTypeError: *players* does not give a player to every seat.
    :raises IllegalCallError, IllegalCardError, IllegalActionError: a player chose an
        action that is not legal (a call, a card, or the wrong kind of action).
    """
    _check_players(players)
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        action = players[seat].choose(deal.view(seat), deal.legal_actions(), rng)
        deal = deal.apply(action)
    return deal


def play_deals(
    game: Game, players: Mapping[Seat, Player], rng: random.Random
) -> Iterator[tuple[Deal, Game]]:
    """Play *game* to its end, yielding each finished deal with the game right after it.

    The deal is the one just scored or thrown in (the game has already moved on to the
    next deal, except after the last one); the game holds the new totals. Nothing is
    yielded when *game* is already over. A game without a seed (its decks dealt
    elsewhere) stops at the end of its deal, waiting for the next deck
    (:attr:`Game.needs_deck <coinche.game.Game.needs_deck>`).

    >>> import random
    >>> from coinche import RuleConfig, Seat
    >>> from coinche.game import Game
    >>> from coinche.bots.players import RandomPlayer, play_deals
    >>> rng = random.Random(2)
    >>> game = Game.new(RuleConfig.common(), Seat.WEST, rng)
    >>> finished = list(play_deals(game, dict.fromkeys(Seat, RandomPlayer()), rng))
    >>> all(deal.is_over for deal, _ in finished), finished[-1][1].is_over
    (True, True)
    >>> len(finished) == finished[-1][1].deal_number + 1
    True

    :raises CoincheTypeError, IllegalCallError, IllegalCardError, IllegalActionError: as
        :func:`play_deal`.
    """
    _check_players(players)
    while not game.is_over and not game.needs_deck:
        seat = game.to_move
        assert seat is not None
        deal = game.deal
        action = players[seat].choose(game.view(seat), game.legal_actions(), rng)
        after = game.apply(action)
        if after.deal_number != game.deal_number or after.is_over or after.needs_deck:
            # the deal ended: replay its last action on it to keep the finished deal
            yield deal.apply(action), after
        game = after


def play_game(game: Game, players: Mapping[Seat, Player], rng: random.Random) -> Game:
    """Play *game* to its end with *players* (one for each seat); return the final game
    (for a game without a seed, the game at the end of its deal: see :func:`play_deals`).

    *rng* is handed to every ``choose``; the same generator state gives the same game.

    >>> import random
    >>> from coinche import RuleConfig, Seat
    >>> from coinche.game import Game
    >>> from coinche.bots.players import GreedyPlayer, RandomPlayer, play_game
    >>> players = dict.fromkeys(Seat, RandomPlayer())
    >>> def final(seed: int) -> Game:
    ...     rng = random.Random(seed)
    ...     return play_game(Game.new(RuleConfig.ffb(), Seat.NORTH, rng), players, rng)
    >>> final(5) == final(5)
    True

    :raises CoincheTypeError, IllegalCallError, IllegalCardError, IllegalActionError: as
        :func:`play_deal`.
    """
    _check_players(players)
    for _, after in play_deals(game, players, rng):
        game = after
    return game


# ---------------------------------------------------------------------- PIMC
class PimcPlayer(_Pimc):
    """A player that imagines the hidden hands and solves each imagined deal.

    Perfect-Information Monte-Carlo, the method of the strongest bridge and skat
    programs: for each card to play it draws deals uniformly from those that agree
    with its view (:class:`~coinche.bots.sampling.Sampler`: every inference the rules of
    play allow), solves each one with the double-dummy solver (both sides playing
    perfectly with the cards open) and plays the card whose mean value over the worlds
    is highest, the value given by *objective*. **Ties** go to the card worth fewer
    points in the contract, then to the lower card index (clubs 7 first), so that equal
    cards give away nothing. With one legal card it plays it without searching.

    - *worlds*: at most this many deals solved for each decision (20 by default).
    - *rng*: the generator the worlds are drawn from; by default the one ``choose`` is
      given.
    - *bidder*: the player that makes the calls of the auction (a
      :class:`~coinche.bots.players.GreedyPlayer` by default;
      :class:`coinche.bots.evaluate.EvaluatingBidder` bids on the same kind of search).
    - *max_cards*: search only when at most this many cards are still to be played in
      the deal, the card to play included (32 by default: from the first card);
      earlier cards are chosen by *fallback* (a
      :class:`~coinche.bots.players.GreedyPlayer` by default).
    - *objective*: ``"score"`` (the default) or ``"points"``, see
      :mod:`coinche.bots.pimc`. A value is the mean over the worlds of the team's deal
      score minus the other team's, or of the team's card points.
    - *nodes*: a search budget for each decision, in solver positions (900,000 by
      default; ``None``: none). Worlds are solved one after the other, and no new world
      is started once the decision's searches have visited *nodes* positions: the
      first cards of a deal, whose worlds are dear (over a million positions a world
      for the lead of trick one), get few worlds, the later ones all *worlds*. At least
      *min_worlds* worlds (4 by default) are always solved. Positions are counted
      exactly, so the budget keeps the player deterministic, the same in the pure and
      the compiled builds (compiled, about 0.1 microsecond a position; pure Python,
      some fifty times more: there the lead of trick one takes tens of seconds).
    - *keep*: keep the worlds of a decision for the seat's next decision in the same
      deal, with their solver tables (True by default). The worlds being drawn
      uniformly, one that still agrees with the view is a uniform draw among those
      that do (the deals agreeing later are a subset of those agreeing before), so it
      is solved again first, its table making the search much cheaper; fresh draws
      make up the rest (with a *model*, the kept worlds were drawn under it, and the
      same holds of its law). With *keep* the
      choice of a card also depends on the player's earlier decisions in the deal, not
      only on the generator's state.

    - *model*: a :class:`~coinche.bots.inference.WorldModel` that weighs the worlds
      by how likely what was said and played is in them
      (:class:`~coinche.bots.inference.BidderModel`: the other seats call as
      GreedyPlayer would); each world is then drawn by rejection, as
      :func:`~coinche.bots.inference.sample_worlds` draws them (at most
      :data:`~coinche.bots.pimc.MODEL_TRIES` uniform draws a world). ``None`` (the
      default): uniform worlds.

    Double-dummy search assumes everyone sees everything, so PIMC never plays to
    learn or to hide information: its known weakness ("strategy fusion").

    >>> import random
    >>> from coinche import Card, Hand, RuleConfig, Seat, Strain
    >>> from coinche.auction import PASS, Bid
    >>> from coinche.deal import Deal
    >>> from coinche.bots.players import PimcPlayer
    >>> hands = [Hand.parse(text) for text in ("JH 9H 8H 7H AS 7C 8D 9D",
    ...     "AC TC KC QC JC 9C 8C 7S", "AD TD KD QD JD 8S 9S TS", "AH TH KH QH JS QS KS 7D")]
    >>> deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), hands)
    >>> deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
    >>> for code in ("JH AC AD AH 9H 7S 8S QH".split()):     # two tricks
    ...     deal = deal.apply(Card.parse(code))
    >>> view, legal = deal.view(Seat.NORTH), deal.legal_actions()
    >>> player = PimcPlayer(worlds=4, max_cards=20)
    >>> player.choose(view, legal, random.Random(1)) in legal   # 24 cards left: greedy play
    True
    >>> player = PimcPlayer(worlds=4, objective="points")       # mean card points
    >>> values = player.card_values(view, legal, random.Random(1))   # best first
    >>> len(values), values[0][1] >= values[-1][1]
    (6, True)
    >>> player.choose(view, legal, random.Random(1)) == values[0][0]
    True
    """

    def __init__(
        self,
        worlds: int = 20,
        rng: random.Random | None = None,
        *,
        bidder: Player | None = None,
        max_cards: int = 32,
        fallback: Player | None = None,
        objective: str = "score",
        nodes: int | None = 900_000,
        min_worlds: int = 4,
        keep: bool = True,
        model: WorldModel | None = None,
    ) -> None:
        super().__init__(
            worlds,
            rng,
            bidder=GreedyPlayer() if bidder is None else bidder,
            max_cards=max_cards,
            fallback=GreedyPlayer() if fallback is None else fallback,
            objective=objective,
            nodes=nodes,
            min_worlds=min_worlds,
            keep=keep,
            model=model,
        )
