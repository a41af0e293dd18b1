"""The base players: the :class:`Player` protocol, :class:`RandomPlayer`,
:class:`GreedyPlayer` with its rules, and the helpers that play a deal or a game.

Import them from :mod:`coinche.bots.players`, which re-exports every name here beside
:class:`~coinche.bots.players.PimcPlayer`. They stand apart so that the searching
players (:mod:`coinche.bots.pimc`, :mod:`coinche.bots.ismcts`) and the world models
(:mod:`coinche.bots.inference`) can import them without an import circle.

GreedyPlayer's rules are each written once, on ints: its card is the engine's greedy
card (``coinche._playout.greedy``, which :data:`coinche.engine.GREEDY` playouts play)
and its call in the coinche auction :func:`_greedy_call` on the hand's mask (which
:class:`~coinche.bots.inference.BidderModel` asks for every world it weighs).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Final, NamedTuple, Protocol, runtime_checkable

from typing_extensions import override

from coinche import _kernel as K
from coinche import _playout as P
from coinche._checks import check_type, short_repr
from coinche.auction import PASS, Bid, Coinche, Pass, Surcoinche
from coinche.auction.classic import NameSuit, Take
from coinche.calls import CallBase
from coinche.cards import CARDS, Card, Hand, Rank, Strain, Suit
from coinche.config import CAPOT_VALUE
from coinche.contract import Contract
from coinche.deal import Action, Deal, Phase, PlayerView
from coinche.errors import CoincheTypeError, CoincheValueError
from coinche.game import Game
from coinche.seats import Seat

__all__ = [
    "GreedyPlayer",
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


def _check_player(player: object, name: str) -> Player:
    """*player* if it is a :class:`Player` (an instance: a player's class has a
    ``choose`` function too), else the library's error naming it."""
    if isinstance(player, Player) and not isinstance(player, type):
        return player
    raise CoincheTypeError(f"{name} must be a Player, not {_not_an_instance(player)}")


def _check_turn(view: object, legal: object, rng: object) -> None:
    """The arguments of a player's ``choose``: *view* a :class:`~coinche.deal.PlayerView`,
    *legal* a non-empty list or tuple of actions (cards and calls), *rng* a
    :class:`random.Random`; else the library's error naming the bad one."""
    if not isinstance(view, PlayerView):
        raise CoincheTypeError(f"view must be a PlayerView, not {_not_an_instance(view)}")
    if type(legal) is not tuple and type(legal) is not list:
        raise CoincheTypeError(
            f"legal must be a list or tuple of actions, not {_not_an_instance(legal)}"
        )
    if not legal:
        raise CoincheValueError("legal must hold at least 1 action (the seat's legal ones)")
    for index, action in enumerate(legal):
        if not isinstance(action, _ACTIONS):
            raise CoincheTypeError(
                f"legal[{index}] must be a card or a call, not {short_repr(action)}"
            )
    if not isinstance(rng, random.Random):
        raise CoincheTypeError(f"rng must be a random.Random, not {_not_an_instance(rng)}")


_ACTIONS: Final = (Card, CallBase)


class _CardSearcher(Protocol):
    """A player that values its cards by a search (PIMC, ISMCTS) and leaves the calls to
    its bidder."""

    bidder: Player

    def card_values(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random | None
    ) -> list[tuple[Card, float]]: ...


class _Bidder(Protocol):
    """A bidder that leaves the cards to its *player* and the classic auction's calls to
    the greedy player's."""

    player: Player
    _greedy: GreedyPlayer


def _delegated_call(
    bidder: _Bidder, view: PlayerView, legal: Sequence[Action], rng: random.Random
) -> Action | None:
    """The first part of a bidder's ``choose``: its arguments checked, then the action
    it leaves to another (the player's card in the play, the greedy call in the classic
    auction once a card is turned), or ``None`` when the call is the bidder's own."""
    _check_turn(view, legal, rng)
    if view.phase is not Phase.AUCTION:
        return bidder.player.choose(view, legal, rng)
    if view.turned is not None:
        return bidder._greedy.choose(view, legal, rng)
    return None


def _fallback_call(legal: Sequence[Action]) -> Action:
    """The call a bidder makes when nothing is worth more: a pass, if it may pass."""
    return PASS if any(isinstance(a, Pass) for a in legal) else legal[0]


def _searched_card(
    player: _CardSearcher, view: PlayerView, legal: Sequence[Action], rng: random.Random
) -> Action:
    """The ``choose`` of a searching player: its arguments checked, the bidder's call in
    the auction, a single legal card without searching, else the best card of
    :meth:`card_values`."""
    _check_turn(view, legal, rng)
    cards = [action for action in legal if isinstance(action, Card)]
    if not cards or view.contract is None:
        return player.bidder.choose(view, legal, rng)
    if len(cards) == 1:
        return cards[0]
    return player.card_values(view, legal, rng)[0][0]


def _not_an_instance(value: object) -> str:
    """How a message names a *value* that should have been an instance: its type and
    value, or, for a class, the class and how to make one."""
    if isinstance(value, type):
        kind = short_repr(value.__name__)[1:-1]
        return f"the class {kind} (pass an instance, such as {kind}())"
    return f"{type(value).__name__} ({short_repr(value)})"


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
        """A uniformly random element of *legal*.

        :raises CoincheTypeError: as every player's ``choose``, an argument of the wrong
            type (*legal* a list or tuple of actions).
        :raises CoincheValueError: *legal* is empty.
        """
        _check_turn(view, legal, rng)
        return rng.choice(legal)

    @override
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
    if type(hand) is not Hand:
        check_type(hand, Hand, "hand")
    if type(strain) is not Strain:
        check_type(strain, Strain, "strain")
    suit = strain.trump_suit
    return 0 if suit is None else _strength(hand.mask, int(suit))


# ---------------------------------------------------------------------- GreedyPlayer
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
        """The greedy action of the seat of *view* among *legal* (see the class).

        :raises CoincheTypeError, CoincheValueError: as :meth:`RandomPlayer.choose`.
        """
        _check_turn(view, legal, rng)
        cards = [action for action in legal if isinstance(action, Card)]
        contract = view.contract
        if cards and contract is not None and view.trick is not None:
            return self._card(view, contract, cards)
        return self._call(view, legal)

    # ------------------------------------------------------------------ the auction
    def _call(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if view.turned is not None:
            fallback: Action = PASS if any(isinstance(a, Pass) for a in legal) else legal[0]
            return _classic_call(view, legal, view.turned, fallback)
        return _greedy_call(view.hand.mask, _ask(view, legal))

    # ------------------------------------------------------------------ the play
    def _card(self, view: PlayerView, contract: Contract, cards: Sequence[Card]) -> Card:
        trick = view.trick
        assert trick is not None
        played = [card.index for card in trick.cards] + [0, 0, 0]
        mask = 0
        for card in cards:
            mask |= card.mask
        return CARDS[
            P.greedy(mask, len(trick.cards), played[0], played[1], played[2], int(contract.strain))
        ]

    @override
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
    """:func:`trump_strength` on a mask, for a suit strain: the trumps' value, and 10
    for each ace of another suit."""
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
    """What decides :class:`GreedyPlayer`'s call with the calls of *then* and the legal
    calls *legal*, whatever the hand (a model asks it once for many hands)."""
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
    """:class:`GreedyPlayer`'s call in the coinche auction for the hand *mask*, at the
    point of the auction *ask* describes (its rule, on the hand's mask: the player and
    :class:`~coinche.bots.inference.BidderModel` both ask it)."""
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

    :raises CoincheTypeError: *players* does not give a player to every seat, or *deal*
        is no Deal or *rng* no random.Random.
    :raises IllegalCallError, IllegalCardError, IllegalActionError: a player chose an
        action that is not legal (a call, a card, or the wrong kind of action).
    """
    check_type(deal, Deal, "deal")
    _check_players(players)
    check_type(rng, random.Random, "rng")
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
    check_type(game, Game, "game")
    _check_players(players)
    check_type(rng, random.Random, "rng")
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
    for _, after in play_deals(game, players, rng):  # which checks the arguments first
        game = after
    return game
