"""One deal from the shuffle to the score: dealing, the auction, the play and the result.

A :class:`Deal` is an immutable state: :meth:`Deal.apply` returns a new one and leaves
the old one as it was, so keeping a state is all it takes to undo or to search. It moves
through the :class:`Phase` values ``AUCTION``, ``PLAY`` and then ``SCORED``, or
``THROWN_IN`` when all four pass (rules page, sections 2 to 5). In the auction the actions
are calls (:mod:`coinche.auction`), in the play cards; :data:`Action` is their union.

>>> import random
>>> from coinche import RuleConfig, Seat
>>> from coinche.deal import Deal, Phase
>>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(7))
>>> deal.phase, deal.to_move      # the seat after the dealer speaks first
(<Phase.AUCTION: 'auction'>, <Seat.NORTH: 0>)
>>> rng = random.Random(1)
>>> while not deal.is_over:
...     deal = deal.apply(rng.choice(deal.legal_actions()))
>>> deal.phase, deal.result is not None
(<Phase.SCORED: 'scored'>, True)
>>> sum(deal.result.card_points.values()) in (162, 250)
True

Decisions (each is documented behaviour):

- **Dealing** (the shuffle and cut, the packets, the classic stock) is
  :mod:`coinche.dealing`'s, whose decisions say how.
- **Announcements** (with :attr:`~coinche.RuleConfig.announcements` on) are declared
  by each seat with its card of the first trick. By default a seat declares everything
  :func:`~coinche.find_announcements` finds in its eight cards; ``declare=`` in
  :meth:`Deal.apply` declares fewer: any of those, each once. Declared announcements
  are public: every :class:`PlayerView` shows them, cards included.
- **Belote** is credited automatically unless
  :attr:`~coinche.RuleConfig.belote_requires_declaration` is on; then its holder
  declares it with the first of the king and queen of trumps it plays (``belote=True``,
  the default, in :meth:`Deal.apply`); a belote not declared with that card is lost.
- **Pagat's coinche at any time**: :meth:`Deal.legal_actions` lists the calls of the
  seat to move only; an out-of-turn coinche goes through :meth:`Deal.apply_call`, or
  :meth:`Deal.apply` given a :class:`Step` that names the seat.
- **The classic turned-card deal** (``auction='turned_card'``, the ``classic_belote``
  preset, rules page, section 8): five cards each, then a card turned up
  (:attr:`Deal.turned`, public: it is in every :class:`PlayerView`) over the stock
  (:attr:`Deal.stock`); the auction is a :class:`~coinche.auction.classic.ClassicAuction`; when
  it ends with a taker, the stock is dealt (:mod:`coinche.dealing` says how) and
  :attr:`Deal.hands` are then the eight-card hands (before that, the five-card hands; a
  thrown-in deal keeps them). The taker leads. :meth:`Deal.from_hands` takes the
  five-card hands with ``turned=`` and ``stock=`` (the 11 other cards in the order they
  are dealt).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final, Self, TypeAlias, cast

import attrs
from typing_extensions import override

from coinche import _kernel as K
from coinche._checks import check_bool, check_iterable, check_seat, check_type, short_repr
from coinche._trusted import Immutable, fill
from coinche.announcements import Announcement, find_announcements
from coinche.auction import Auction, Call
from coinche.auction.classic import AnyCall, ClassicAuction, ClassicCall
from coinche.calls import CallBase
from coinche.cards import _BYTE_CARDS, CARDS, Card, Hand, hand_from_mask
from coinche.config import AuctionKind, RuleConfig
from coinche.contract import Contract
from coinche.dealing import (
    TurnedCardDeal,
    check_deck,
    check_hands,
    check_turned_card_deal,
    deal_masks,
    shuffled_masks,
    turned_card_deal,
)
from coinche.errors import (
    CoincheTypeError,
    IllegalActionError,
    IllegalCallError,
    IllegalCardError,
    InvalidDealError,
)
from coinche.play import Trick, explain_card, trusted_trick
from coinche.position import Position, announcement_credit
from coinche.scoring import DealResult, TeamPoints, deal_inputs, result_of_figures
from coinche.seats import Seat
from coinche.step import Action, Node, Phase, Step, trusted_step, unrolled
from coinche.view import PlayerView, start_position, team_figures, trusted_view, withheld

__all__ = ["Action", "Deal", "Phase", "PlayerView", "Step"]


_Refusal: TypeAlias = IllegalActionError | IllegalCallError | IllegalCardError
_BELOTE_WORDS: Final = (
    "belote is declared (or not) only when the rules require it, by its holder, with "
    "the first of the king and queen of trumps it plays"
)
_AUCTION: Final = Phase.AUCTION
_PLAY: Final = Phase.PLAY
_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_SCORED: Final = Phase.SCORED
_THROWN_IN: Final = Phase.THROWN_IN
_NEXT: Final = (Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH)
_NO_TRICKS: Final = (0, 0, 0, 0)  # Position.won before the first trick is complete

# _CLUBS[byte]: the clubs whose rank bits are set in byte; and so on for each suit.
_CLUBS, _DIAMONDS, _HEARTS, _SPADES = _BYTE_CARDS

_new = object.__new__
# the tricks the deal builds hold cards known to be distinct and at most four
_trick = trusted_trick


# Auction.start for each rules object, one auction per dealer: an auction is an
# immutable value, so the empty one can be shared by every deal of those rules.
_EMPTY_AUCTIONS: dict[int, tuple[RuleConfig, tuple[Auction, ...]]] = {}


def _empty_auction(dealer: Seat, rules: RuleConfig) -> Auction:
    found = _EMPTY_AUCTIONS.get(id(rules))
    if found is None or found[0] is not rules:
        found = (rules, tuple(Auction.start(seat, rules) for seat in _SEATS))
        if len(_EMPTY_AUCTIONS) >= 64:
            _EMPTY_AUCTIONS.clear()
        _EMPTY_AUCTIONS[id(rules)] = found
    return found[1][dealer]


_TURNED_CARD: Final = AuctionKind.TURNED_CARD


@attrs.frozen(slots=False, init=False, repr=False)
class Deal(Immutable):
    """One deal: the dealt hands, the auction, the tricks, and at the end the score.

    Immutable; build one with :meth:`new` (shuffle and deal) or :meth:`from_hands`, then
    :meth:`apply` actions. In the auction :attr:`to_move` is the auction's seat to call
    and the actions are calls; in the play the actions are cards, checked with the rules
    of rules page, section 4. The first trick is led by the seat after the dealer, or by the
    taker when :attr:`~coinche.RuleConfig.first_lead` is ``taker``. Under the classic
    turned-card auction the auction is a :class:`~coinche.auction.classic.ClassicAuction` and
    the deal is completed when it ends (see the module's decisions). After the eighth
    trick the deal is :attr:`Phase.SCORED` and :attr:`result` holds
    :func:`~coinche.score_deal`'s answer; after four passes it is
    :attr:`Phase.THROWN_IN`, with no result.

    Every action has three methods, as in the auctions and :class:`~coinche.Game`:
    :meth:`explain` (the rule that refuses it, or ``None``), :meth:`is_legal` and
    :meth:`apply`. Every rule an action must follow is checked here (the auction's and
    the play's by asking them), and every action made is kept in the log,
    :attr:`steps`, which :meth:`apply` takes back.

    >>> from coinche import Card, Hand, RuleConfig, Seat, Strain
    >>> from coinche.auction import PASS, Bid
    >>> from coinche.deal import Deal
    >>> hands = {Seat.NORTH: Hand.parse("JH 9H AH TH KH QH 8H 7H"),
    ...          Seat.EAST: Hand.parse("7C 8C 9C TC JC QC KC AC"),
    ...          Seat.SOUTH: Hand.parse("7S 8S 9S TS JS QS KS AS"),
    ...          Seat.WEST: Hand.parse("7D 8D 9D TD JD QD KD AD")}
    >>> deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), hands)
    >>> deal = deal.apply(Bid(80, Strain.HEARTS))
    >>> for _ in range(3):
    ...     deal = deal.apply(PASS)
    >>> deal.phase, str(deal.contract), deal.to_move
    (<Phase.PLAY: 'play'>, '80 H by N', <Seat.NORTH: 0>)
    >>> while not deal.is_over:      # North leads a heart, the others discard
    ...     deal = deal.apply(deal.legal_actions()[0])
    >>> deal.result.capot, dict(deal.result.score)  # 80 + capot 250 + belote 20
    (<Team.NORTH_SOUTH: 0>, {<Team.NORTH_SOUTH: 0>: 350, <Team.EAST_WEST: 1>: 0})
    """

    rules: RuleConfig
    """The house rules."""
    dealer: Seat
    """The dealer; the seat after the dealer speaks first."""
    hands: tuple[Hand, Hand, Hand, Hand]
    """The four hands as dealt, indexed by seat; :meth:`hand` gives what is left. In the
    turned-card deal, the five-card hands until the auction ends with a taker, then the
    eight-card hands."""
    auction: Auction | ClassicAuction
    """The auction so far (complete once the play has started): a
    :class:`~coinche.auction.classic.ClassicAuction` under ``auction='turned_card'``."""
    phase: Phase
    """Auction, play, scored or thrown in."""
    announcements: tuple[Announcement, ...]
    """The announcements declared so far (in the first trick), in the order declared."""
    belote_declared: bool
    """True once belote has been declared (only with
    :attr:`~coinche.RuleConfig.belote_requires_declaration`; otherwise belote needs no
    declaration and this stays false)."""
    _classic: TurnedCardDeal | None  # the turned-card deal; None for a coinche deal
    # the play position (None before the play): the state of the play, on ints
    _position: Position | None
    # the log of the actions (see steps): with the fields above, all there is to a deal
    _log: Node | None
    # what the fields above imply, kept so as not to derive it again at every action
    is_over: bool = attrs.field(eq=False)
    """True once the deal is scored or thrown in (:attr:`phase` is ``SCORED`` or
    ``THROWN_IN``): a field, as every loop ``while not deal.is_over`` reads it at each
    action."""
    _to_move: Seat | None = attrs.field(eq=False)
    _contract: Contract | None = attrs.field(eq=False)
    _result: DealResult | None = attrs.field(eq=False)
    # caches, filled when first asked (the state never changes): the legal cards of the
    # seat to move in the play (-1 until asked), the complete tricks as values
    _legal_cards: int = attrs.field(eq=False)
    _tricks: tuple[Trick, ...] | None = attrs.field(eq=False)

    # ------------------------------------------------------------------ constructors
    def __init__(self, *args: object, **kwargs: object) -> None:
        raise CoincheTypeError(
            "build a Deal with Deal.new or Deal.from_hands (or Deal.from_deck) and change "
            "it with apply (attrs.evolve cannot build one: a deal is the sum of its actions)"
        )

    @classmethod
    def _from_state(cls, state: dict[str, Any]) -> Self:
        """The one private constructor: a deal holding *state*, a value for every field.

        The class is a frozen attrs class without slots, so its fields live in the
        instance's ``__dict__``; *state* becomes that dict (attrs' own ``__init__`` sets
        the same entries one by one with ``object.__setattr__``). Only the state
        machine's own methods call it, with states they derived from a checked one.
        """
        deal = _new(cls)
        fill(deal, "__dict__", state)  # see coinche._trusted: the one way in
        return deal

    @classmethod
    def new(cls, dealer: Seat, rules: RuleConfig, rng: random.Random) -> Self:
        """Shuffle, cut and deal a new deal; the auction is about to start.

        The deck is a copy of :data:`~coinche.CARDS` shuffled by *rng*, cut at a point
        *rng* draws (1 to 31), and dealt in the packets of ``rules.deal_pattern`` from
        the seat after *dealer*. The same *rng* state always gives the same deal.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> deal = Deal.new(Seat.SOUTH, RuleConfig.ffb(), random.Random(3))
        >>> deal == Deal.new(Seat.SOUTH, RuleConfig.ffb(), random.Random(3))
        True
        >>> [len(hand) for hand in deal.hands], deal.to_move
        ([8, 8, 8, 8], <Seat.WEST: 3>)

        Under the turned-card auction the same deck deals five cards each and turns the
        next card up (see the module's decisions).

        >>> deal = Deal.new(Seat.WEST, RuleConfig.classic_belote(), random.Random(3))
        >>> [len(hand) for hand in deal.hands], deal.turned, len(deal.stock)
        ([5, 5, 5, 5], Card.parse('QD'), 11)
        """
        check_seat(dealer, "dealer")
        check_type(rules, RuleConfig, "rules")
        if not isinstance(rng, random.Random):
            raise CoincheTypeError(f"rng must be a random.Random, not {type(rng).__name__}")
        deck = shuffled_masks(rng)
        if rules.auction is _TURNED_CARD:
            cards = [CARDS[mask.bit_length() - 1] for mask in deck]
            return cls._start(dealer, rules, (), turned_card_deal(cards, dealer, rules))
        return cls._start(dealer, rules, deal_masks(deck, dealer, rules.deal_pattern))

    @classmethod
    def from_deck(cls, dealer: Seat, rules: RuleConfig, deck: Sequence[Card]) -> Self:
        """A deal dealt from *deck*, 32 distinct cards, top first, with no shuffle or cut.

        The packets of ``rules.deal_pattern`` go round from the seat after *dealer*; in
        the turned-card deal, five cards each, the turned card, then the stock (see the
        module's decisions). :meth:`new` is a shuffle and a cut, then this.

        >>> from coinche import CARDS, RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> deal = Deal.from_deck(Seat.WEST, RuleConfig.classic_belote(), CARDS)
        >>> str(deal.hands[Seat.NORTH]), deal.turned, deal.to_move
        ('7C 8C 9C JD QD', Card.parse('JH'), <Seat.NORTH: 0>)
        >>> Deal.from_deck(Seat.WEST, RuleConfig(), CARDS[:31])
        Traceback (most recent call last):
        ...
        coinche.errors.InvalidDealError: a deck has 32 cards, not 31

        :raises InvalidDealError: not 32 cards, or a card twice.
        :raises CoincheTypeError: a deck that is not a sequence of cards.
        """
        check_seat(dealer, "dealer")
        check_type(rules, RuleConfig, "rules")
        cards = check_deck(deck)
        if rules.auction is _TURNED_CARD:
            return cls._start(dealer, rules, (), turned_card_deal(cards, dealer, rules))
        masks = [card.mask for card in cards]
        return cls._start(dealer, rules, deal_masks(masks, dealer, rules.deal_pattern))

    @classmethod
    def from_hands(
        cls,
        dealer: Seat,
        rules: RuleConfig,
        hands: Mapping[Seat, Hand] | Sequence[Hand],
        *,
        turned: Card | None = None,
        stock: Sequence[Card] | None = None,
    ) -> Self:
        """A deal of the given *hands* (each seat to its hand, or four hands by seat).

        The hands must be four disjoint hands of eight cards. Under the turned-card
        auction they are the five-card hands dealt before the auction, and *turned* (the
        turned card) and *stock* (the other 11 cards, in the order they are dealt after
        the auction) are required; elsewhere they must be left out.

        >>> from coinche import CARDS, Hand, RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> hands = [Hand(CARDS[8 * i : 8 * i + 8]) for i in range(4)]
        >>> Deal.from_hands(Seat.NORTH, RuleConfig(), hands).hand(Seat.EAST)
        Hand.parse('7D 8D 9D TD JD QD KD AD')
        >>> Deal.from_hands(Seat.NORTH, RuleConfig(), hands[:3] + [hands[0]])
        Traceback (most recent call last):
        ...
        coinche.errors.InvalidDealError: 7C is dealt to both NORTH and WEST

        :raises InvalidDealError: a seat without a hand, a hand of the wrong size, a
            card dealt twice, or *turned* and *stock* missing (turned-card deal) or given
            (any other).
        """
        check_seat(dealer, "dealer")
        check_type(rules, RuleConfig, "rules")
        if rules.auction is _TURNED_CARD:
            return cls._start(dealer, rules, (), check_turned_card_deal(hands, turned, stock))
        if turned is not None or stock is not None:
            raise InvalidDealError(
                "turned= and stock= belong to the turned-card deal (auction='turned_card'); "
                "these rules deal all eight cards before the auction"
            )
        return cls._start(dealer, rules, check_hands(hands))

    @classmethod
    def _start(
        cls,
        dealer: Seat,
        rules: RuleConfig,
        hands: tuple[Hand, Hand, Hand, Hand] | tuple[()],
        classic: TurnedCardDeal | None = None,
    ) -> Self:
        auction: Auction | ClassicAuction
        if classic is None:
            auction = _empty_auction(dealer, rules)
        else:
            auction = ClassicAuction.start(dealer, rules, classic.turned)
            hands = classic.first_hands
        return cls._from_state(
            {
                "rules": rules,
                "dealer": dealer,
                "hands": hands,
                "auction": auction,
                "phase": Phase.AUCTION,
                "is_over": False,
                "announcements": (),
                "belote_declared": False,
                "_classic": classic,
                "_position": None,
                "_log": None,
                "_to_move": auction.to_move,
                "_contract": None,
                "_result": None,
                "_legal_cards": -1,
                "_tricks": (),
            }
        )

    # ------------------------------------------------------------------ state
    @property
    def to_move(self) -> Seat | None:
        """The seat to call or play next; ``None`` once the deal is over.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> Deal.new(Seat.EAST, RuleConfig(), random.Random(0)).to_move
        <Seat.SOUTH: 2>
        """
        return self._to_move

    @property
    def contract(self) -> Contract | None:
        """The contract being played; ``None`` during the auction and when thrown in.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> Deal.new(Seat.EAST, RuleConfig(), random.Random(0)).contract is None
        True
        """
        return self._contract

    @property
    def position(self) -> Position | None:
        """The play position (:class:`coinche.engine.Position`): the cards each seat
        still holds, the trick in progress, the points and tricks won, belote and the
        announcements, on ints; ``None`` before the play and when thrown in. It is the
        state of the play itself: :attr:`tricks`, :attr:`trick`, :meth:`hand` and
        :attr:`result` are read from it and from the log.

        >>> import random
        >>> from coinche import RuleConfig, Seat, Strain
        >>> from coinche.auction import PASS, Bid
        >>> from coinche.deal import Deal
        >>> deal = Deal.new(Seat.WEST, RuleConfig(), random.Random(4))
        >>> deal.position is None
        True
        >>> deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
        >>> pos = deal.position
        >>> pos.to_move == deal.to_move, pos.hands[2] == deal.hand(Seat.SOUTH).mask
        (True, True)
        """
        return self._position

    def _card_indices(self) -> list[int]:
        """The indices of the cards played so far, in order (from the log)."""
        return [node[2].index for node in unrolled(self._log) if type(node[2]) is Card]

    @property
    def turned(self) -> Card | None:
        """The card turned up in the turned-card deal (public); ``None`` in a coinche deal.

        >>> from coinche import CARDS, RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> Deal.from_deck(Seat.WEST, RuleConfig.classic_belote(), CARDS).turned
        Card.parse('JH')
        """
        classic = self._classic
        return None if classic is None else classic.turned

    @property
    def first_hands(self) -> tuple[Hand, Hand, Hand, Hand]:
        """The hands dealt before the auction: five cards each in the turned-card deal,
        the same as :attr:`hands` in a coinche deal."""
        classic = self._classic
        return self.hands if classic is None else classic.first_hands

    @property
    def stock(self) -> tuple[Card, ...]:
        """The 11 cards under the turned card, in the order they are dealt after the
        auction (hidden from the players); empty in a coinche deal."""
        classic = self._classic
        return () if classic is None else classic.stock

    @property
    def calls(self) -> tuple[tuple[Seat, Call | ClassicCall], ...]:
        """The calls of the auction, each with its caller (the same as ``auction.calls``).

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.auction import PASS
        >>> from coinche.deal import Deal
        >>> Deal.new(Seat.EAST, RuleConfig(), random.Random(0)).apply(PASS).calls
        ((<Seat.SOUTH: 2>, Pass()),)
        """
        return self.auction.calls

    @property
    def steps(self) -> tuple[Step, ...]:
        """The deal's log: every action so far as it was made, in order, each a
        :class:`Step` with its seat, what was declared with it and whether belote was
        said. Applying these steps, one by one, to the deal as dealt gives this deal back
        (that is how a deal record is read).

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> start = Deal.new(Seat.WEST, RuleConfig.ffb(), random.Random(11))
        >>> deal, rng = start, random.Random(12)
        >>> while len(deal.tricks) < 2:                 # the auction, then two tricks
        ...     deal = deal.apply(rng.choice(deal.legal_actions()))
        >>> len(deal.steps) == len(deal.calls) + 8     # every call, then every card
        True
        >>> again = start
        >>> for step in deal.steps:
        ...     again = again.apply(step)
        >>> again == deal and again.steps == deal.steps
        True
        """
        return tuple(trusted_step(node) for node in unrolled(self._log))

    @property
    def history(self) -> tuple[tuple[Seat, Action], ...]:
        """Every action so far with the seat that made it: the seat and action of each
        of :attr:`steps` (calls, out-of-turn coinches included, then cards).

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> deal = Deal.new(Seat.EAST, RuleConfig(), random.Random(0))
        >>> deal = deal.apply(deal.legal_actions()[0])
        >>> deal.history
        ((<Seat.SOUTH: 2>, Pass()),)
        >>> deal.history == tuple((step.seat, step.action) for step in deal.steps)
        True
        """
        return tuple((node[1], node[2]) for node in unrolled(self._log))

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The complete tricks, in order (values built from the log when first asked).

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> deal, rng = Deal.new(Seat.WEST, RuleConfig(), random.Random(2)), random.Random(3)
        >>> while not deal.is_over:
        ...     deal = deal.apply(rng.choice(deal.legal_actions()))
        >>> len(deal.tricks) == (8 if deal.result else 0)
        True
        """
        tricks = self._tricks
        if tricks is None:
            nodes = [node for node in unrolled(self._log) if type(node[2]) is Card]
            built: list[Trick] = []
            for first in range(0, len(nodes) - 3, 4):
                group = nodes[first : first + 4]
                cards = tuple(cast(Card, node[2]) for node in group)
                mask = cards[0].mask | cards[1].mask | cards[2].mask | cards[3].mask
                built.append(_trick(group[0][1], cards, mask))
            tricks = tuple(built)
            fill(self, "_tricks", tricks)  # a cache field (eq=False), see above
        return tricks

    @property
    def trick(self) -> Trick | None:
        """The trick being played, empty when a new trick is to be led; ``None`` outside
        the play (before it starts and once the eighth trick is complete).

        >>> from coinche import Hand, RuleConfig, Seat, Strain
        >>> from coinche.auction import PASS, Bid
        >>> from coinche.deal import Deal
        >>> hands = [Hand.parse(text) for text in ("7C 8C 9C TC JC QC KC AC",
        ...     "7D 8D 9D TD JD QD KD AD", "7H 8H 9H TH JH QH KH AH", "7S 8S 9S TS JS QS KS AS")]
        >>> deal = Deal.from_hands(Seat.WEST, RuleConfig(), hands)
        >>> deal.trick is None
        True
        >>> deal = deal.apply(Bid(90, Strain.SPADES)).apply(PASS).apply(PASS).apply(PASS)
        >>> deal.trick
        Trick.parse('N:')
        >>> deal.apply(deal.legal_actions()[-1]).trick
        Trick.parse('N: AC')
        """
        pos = self._position
        if pos is None or pos.is_over:
            return None
        cards = (CARDS[pos.c0], CARDS[pos.c1], CARDS[pos.c2])[: pos.size]
        mask = 0
        for card in cards:
            mask |= card.mask
        return _trick(_SEATS[pos.leader], cards, mask)

    def hand(self, seat: Seat) -> Hand:
        """The cards *seat* still holds: its dealt hand without the cards it has played.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> deal = Deal.new(Seat.EAST, RuleConfig(), random.Random(0))
        >>> deal.hand(Seat.WEST) == deal.hands[Seat.WEST]
        True
        """
        check_seat(seat)
        pos = self._position
        if pos is None:
            return self.hands[seat]
        return hand_from_mask(pos.hands[seat])

    @property
    def result(self) -> DealResult | None:
        """The score once all eight tricks are played; ``None`` before and when thrown in.

        Computed by :func:`~coinche.score_deal` from the contract, the tricks, the
        declared announcements and whether belote was declared, when the last card
        falls.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> Deal.new(Seat.EAST, RuleConfig(), random.Random(0)).result is None
        True
        """
        return self._result

    @property
    def card_points(self) -> TeamPoints:
        """The card points each team has won in the complete tricks (the 10 of the last
        trick included once it is played), read from :attr:`position`; 0 before the play.
        The same as each seat's view says (:attr:`PlayerView.card_points`).

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> deal, rng = Deal.new(Seat.WEST, RuleConfig(), random.Random(2)), random.Random(3)
        >>> while len(deal.tricks) < 3:
        ...     deal = deal.apply(rng.choice(deal.legal_actions()))
        >>> sum(deal.card_points.values()) <= 162, sum(deal.tricks_won.values())
        (True, 3)
        """
        return team_figures(self._position)[0]

    @property
    def tricks_won(self) -> TeamPoints:
        """How many tricks each team has won, read from :attr:`position`; 0 before the
        play (see :attr:`card_points`)."""
        return team_figures(self._position)[1]

    def _announcement_credit(self, declare: tuple[Announcement, ...]) -> tuple[int, int]:
        """The announcement points that score when the seat to move declares *declare*
        with its card of the first trick (after the declarations so far, and with every
        seat still to play declaring all it holds)."""
        pos = self._position
        contract = self._contract
        assert pos is not None
        assert contract is not None
        to_play = [(pos.leader + i) & 3 for i in range(pos.size + 1, 4)]
        return announcement_credit(
            [hand.mask for hand in self.hands],
            to_play,
            [*self.announcements, *declare],
            int(contract.strain),
            self.rules,
        )

    # ------------------------------------------------------------------ the legal cards
    def _legal_mask(self) -> int:
        """The legal cards of the seat to move in the play, computed once a position."""
        mask = self._legal_cards
        if mask < 0:
            pos = self._position
            assert pos is not None
            mask = pos.legal_mask()
            fill(self, "_legal_cards", mask)  # a cache field (eq=False), see above
        return mask

    # ------------------------------------------------------------------ the rules
    def declarable(self, seat: Seat) -> tuple[Announcement, ...]:
        """What *seat* may declare with its card of the first trick: every announcement
        :func:`~coinche.find_announcements` finds in its dealt hand under the contract
        (what it declares when :meth:`apply` is given no *declare*). Empty before the
        play and when the rules have no announcements.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> Deal.new(Seat.EAST, RuleConfig.ffb(), random.Random(0)).declarable(Seat.NORTH)
        ()
        """
        check_seat(seat)
        contract = self._contract
        if contract is None or not self.rules.announcements:
            return ()
        return find_announcements(self.hands[seat], contract.strain, self.rules, seat)

    def _refusal(self, action: object, declare: object, belote: object) -> _Refusal | None:
        """The error :meth:`apply` raises for *action*, or ``None``: the rules of the
        deal, all checked here (the auction's and the play's by asking them)."""
        if type(action) is Step:
            if declare is not None or belote is not True:
                raise CoincheTypeError(
                    "a Step carries its own declare and belote: give them in the Step"
                )
            return self._step_refusal(action)
        if declare is not None:
            check_iterable(declare, "declare")
        check_bool(belote, "belote")
        phase = self.phase
        seat = self._to_move
        if phase is _PLAY:
            return self._card_refusal(seat, action, declare, False)
        if phase is _AUCTION:
            assert seat is not None
            if isinstance(action, Card):
                return IllegalActionError(
                    action, seat, "the auction is on: the seat to move makes a call"
                )
            if declare:
                first = cast(Sequence[Announcement], declare)[0]
                return IllegalActionError(
                    first, seat, "announcements are declared with a card of the first trick"
                )
            return self._call_refusal(seat, action)
        return IllegalActionError(action, None, f"the deal is over ({phase.value})")

    def _call_refusal(self, seat: Seat, call: object) -> _Refusal | None:
        """Why *seat* may not make *call* now (in turn or not), as an error; or ``None``."""
        if self.phase is not _AUCTION:
            return IllegalActionError(
                call, seat, f"the auction is over: the deal is in the {self.phase.value} phase"
            )
        if not isinstance(call, CallBase):
            raise CoincheTypeError(
                f"a call is a Pass, Bid, Coinche or Surcoinche (or, in the classic auction, "
                f"a Take or NameSuit), not {short_repr(call)}"
            )
        made: Any = call
        reason = self.auction.explain_call(seat, made)
        return None if reason is None else IllegalCallError(seat, made, reason)

    def _card_refusal(
        self, seat: Seat | None, card: object, declare: object, strict: bool
    ) -> _Refusal | None:
        """Why the seat to move, *seat*, may not play *card* (declaring *declare*) now.

        *strict*: *declare* comes from a :class:`Step`, and even ``()`` must be where
        declarations go."""
        pos = self._position
        contract = self._contract
        assert pos is not None
        assert contract is not None
        assert seat is not None
        if not isinstance(card, Card):
            if isinstance(card, CallBase):
                return IllegalActionError(
                    card, seat, "the auction is over: the seat to move plays a card"
                )
            raise CoincheTypeError(f"an action is a call or a Card, not {short_repr(card)}")
        if not self._legal_mask() & card.mask:
            trick = self.trick
            assert trick is not None
            reason = explain_card(
                card, hand_from_mask(pos.hands[seat]), trick, contract.strain, self.rules
            )
            assert reason is not None
            return IllegalCardError(card, seat, reason)
        if declare is None:
            return None
        raw: object = declare
        if isinstance(raw, (str, bytes)) or not isinstance(raw, Sequence):
            raise CoincheTypeError(
                f"declare must be a sequence of Announcement objects, not {short_repr(declare)}"
            )
        listed = tuple(raw)
        for announcement in listed:
            if not isinstance(announcement, Announcement):
                raise CoincheTypeError(
                    f"declare holds Announcement objects, not {type(announcement).__name__}"
                )
        if not listed and not strict:
            return None
        subject: object = listed[0] if listed else card
        if not self.rules.announcements:
            return IllegalActionError(subject, seat, "announcements are off in these rules")
        if pos.tricks_played:
            return IllegalActionError(
                subject, seat, "announcements are declared with a card of the first trick only"
            )
        held = self.declarable(seat)
        for index, announcement in enumerate(listed):
            if announcement not in held:
                can = "; ".join(str(a) for a in held) or "nothing"
                return IllegalActionError(
                    announcement,
                    seat,
                    f"{seat.name} can declare only announcements of its hand: {can}",
                )
            if announcement in listed[:index]:
                return IllegalActionError(announcement, seat, "it is declared twice")
        return None

    def _step_refusal(self, step: Step) -> _Refusal | None:
        """Why *step* may not be made now: its seat, then its parts where they apply."""
        seat, action = step.seat, step.action
        if not isinstance(action, Card):
            if step.declare is not None or step.belote is not None:
                return IllegalActionError(action, seat, "'declare' and 'belote' go with a card")
            return self._call_refusal(seat, action)
        to_move = self._to_move
        if self.phase is not _PLAY or to_move is None:
            return self._refusal(action, None, True)  # the auction is on, the deal is over
        if seat is not to_move:
            return IllegalActionError(action, seat, f"it is {to_move.name}'s turn")
        refusal = self._card_refusal(seat, action, step.declare, True)
        if refusal is None and step.belote is not None and not self._belote_at_stake(action):
            return IllegalActionError(action, seat, _BELOTE_WORDS)
        return refusal

    def _belote_at_stake(self, card: Card) -> bool:
        """Whether the seat to move, playing *card*, declares belote or not with it: the
        rules require the declaration, and it is the first of the king and queen of trumps
        that their holder plays."""
        pos = self._position
        assert pos is not None
        return (
            pos.belote_open == 1
            and bool(card.mask & K.belote_mask(pos.strain))
            and self._to_move == pos.belote_holder
        )

    # ------------------------------------------------------------------ views
    def view(self, seat: Seat) -> PlayerView:
        """What *seat* may know: its own cards and everything public, nothing hidden.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> deal = Deal.new(Seat.EAST, RuleConfig(), random.Random(0))
        >>> view = deal.view(Seat.NORTH)
        >>> view.hand == deal.hand(Seat.NORTH), view.calls, view.to_move
        (True, (), <Seat.SOUTH: 2>)
        """
        check_seat(seat)
        pos = self._position
        if pos is not None:
            hands = self.hands
            played = [hands[s].mask & ~pos.hands[s] for s in range(4)]
            declarer = pos.belote_holder if self.belote_declared else -1
            pos = withheld(pos, int(seat), played, declarer, self.announcements, self.rules)
        return trusted_view(
            seat,
            self.rules,
            self.dealer,
            self.phase,
            self._to_move,
            self.hand(seat),
            self.auction.calls,
            self._contract,
            self.tricks,
            self.trick,
            self.announcements,
            self.belote_declared,
            self.turned,
            self._log,
            None,
            pos,
        )

    # ------------------------------------------------------------------ actions
    def legal_actions(self) -> tuple[Action, ...]:
        """What the seat to move may do: its legal calls, or its legal cards.

        Calls come in :meth:`coinche.auction.BaseAuction.legal_calls` order, cards in
        index order. Empty once the deal is over. With pagat's coinche at any time, a
        coinche by a seat *not* to move is not listed here: see :meth:`apply_call`.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> deal = Deal.new(Seat.EAST, RuleConfig.common(), random.Random(0))
        >>> [str(call) for call in deal.legal_actions()[:3]]
        ['pass', '80 C', '80 D']
        """
        seat = self._to_move
        if seat is None:
            return ()
        pos = self._position
        if pos is None:
            return self.auction._legal_calls_of(seat)
        mask = self._legal_cards
        if mask < 0:
            mask = pos.legal_mask()
            fill(self, "_legal_cards", mask)  # the cache field (eq=False)
        return (
            _CLUBS[mask & 255]
            + _DIAMONDS[mask >> 8 & 255]
            + _HEARTS[mask >> 16 & 255]
            + _SPADES[mask >> 24 & 255]
        )

    def explain(
        self,
        action: Action | Step,
        *,
        declare: Sequence[Announcement] | None = None,
        belote: bool = True,
    ) -> str | None:
        """The rule that refuses *action* now, in plain words; ``None`` when :meth:`apply`
        would make it. The reason is the one :meth:`apply`'s error carries.

        >>> import random
        >>> from coinche import Card, RuleConfig, Seat, Strain
        >>> from coinche.auction import Bid
        >>> from coinche.deal import Deal
        >>> deal = Deal.new(Seat.EAST, RuleConfig.common(), random.Random(0))
        >>> print(deal.explain(Bid(85, Strain.CLUBS)))
        85 is not a bid value: bids go up from 80 in steps of 10
        >>> print(deal.explain(Card.parse("7C")))
        the auction is on: the seat to move makes a call
        >>> deal.explain(Bid(80, Strain.CLUBS)) is None
        True

        :raises CoincheTypeError: *action* is not an action, or *declare* not a sequence
            of announcements.
        """
        refusal = self._refusal(action, declare, belote)
        return None if refusal is None else refusal.reason

    def is_legal(
        self,
        action: Action | Step,
        *,
        declare: Sequence[Announcement] | None = None,
        belote: bool = True,
    ) -> bool:
        """True when :meth:`apply` would make *action* now, else false. An object that is
        no action (a string, say) is a CoincheTypeError, as in :meth:`explain` and
        :meth:`apply`: read text with :func:`coinche.parse_action` first.

        >>> import random
        >>> from coinche import Card, RuleConfig, Seat
        >>> from coinche.auction import PASS
        >>> from coinche.deal import Deal
        >>> deal = Deal.new(Seat.EAST, RuleConfig.common(), random.Random(0))
        >>> deal.is_legal(PASS), deal.is_legal(Card.parse("7C"))
        (True, False)
        >>> deal.is_legal("pass")
        Traceback (most recent call last):
        ...
        coinche.errors.CoincheTypeError: a call is a Pass, Bid, Coinche or Surcoinche ...

        :raises CoincheTypeError: *action* is not an action, or *declare* not a sequence
            of announcements.
        """
        return self._refusal(action, declare, belote) is None

    def apply(
        self,
        action: Action | Step,
        *,
        declare: Sequence[Announcement] | None = None,
        belote: bool = True,
    ) -> Self:
        """The deal after the seat to move makes *action*; this deal is unchanged.

        In the auction *action* is a call, made by :attr:`to_move`. In the play it is a
        card of :attr:`to_move`'s hand, which the rules must allow. With announcements
        on, a seat's card of the first trick also declares its announcements: all it
        holds when *declare* is ``None``, or exactly *declare*, which must be some of
        those (``()`` for none). With ``belote_requires_declaration``, the belote holder
        declares belote with the first of the king and queen of trumps it plays unless
        *belote* is false.

        *action* may also be a :class:`Step` of a log (:attr:`steps`), which says its
        seat and carries its own *declare* and *belote*: a call by any seat the auction
        lets call (as :meth:`apply_call`), a card by the seat to move.

        >>> import random
        >>> from coinche import Card, RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> deal = Deal.new(Seat.EAST, RuleConfig.common(), random.Random(0))
        >>> deal.apply(Card.parse("7C"))
        Traceback (most recent call last):
        ...
        coinche.errors.IllegalActionError: SOUTH may not do 7C now: the auction is on: ...

        :raises IllegalCallError: a call the auction does not allow.
        :raises IllegalCardError: a card the rules of play do not allow (the reason is
            :func:`~coinche.explain_card`'s).
        :raises IllegalActionError: a card in the auction, a call in the play, any
            action once the deal is over, announcements that cannot be declared, or a
            step by a seat not to move or giving *declare* or *belote* where they do not
            apply.
        """
        pos = self._position
        if declare is None and type(belote) is bool:
            if type(action) is Card:
                # a legal card (none once the deal is over), nothing declared: checked
                # here, with no refusal to build
                if pos is not None:
                    mask = self._legal_cards
                    if mask < 0:
                        mask = self._legal_mask()
                    if mask & action.mask:
                        return self._play(action, None, belote)
            elif pos is None and isinstance(action, CallBase):
                # a call of the seat to move that the auction allows (the deal's seat,
                # and a call: what explain_call would check first)
                seat = self._to_move
                if seat is not None:
                    auction = self.auction
                    if auction._reason_of(seat, action) is None:
                        return self._after_call(
                            auction.apply_unchecked(seat, action), seat, action
                        )
        refusal = self._refusal(action, declare, belote)
        if refusal is not None:
            raise refusal
        made: Action
        if isinstance(action, Step):
            seat, made = action.seat, action.action
            declare, said = action.declare, action.belote
            belote = True if said is None else said
        else:
            seat, made = self._to_move, action
        assert seat is not None
        if isinstance(made, Card):
            return self._play(made, None if declare is None else tuple(declare), belote)
        return self._after_call(self.auction.apply_unchecked(seat, made), seat, made)

    def apply_call(self, seat: Seat, call: AnyCall) -> Self:
        """The deal after *seat* makes *call* in the auction, in turn or not.

        Use it for pagat's coinche at any time (``coinche_timing='any_time'``), which a
        seat not to move may make; :meth:`apply` always calls for :attr:`to_move`.

        >>> import random
        >>> from coinche import RuleConfig, Seat, Strain
        >>> from coinche.auction import COINCHE, Bid
        >>> from coinche.deal import Deal
        >>> deal = Deal.new(Seat.WEST, RuleConfig.pagat(), random.Random(0))
        >>> deal = deal.apply(Bid(100, Strain.HEARTS))            # North bids
        >>> deal = deal.apply_call(Seat.WEST, COINCHE)            # West, out of turn
        >>> str(deal.calls[-1][1]), deal.to_move                  # North may surcoinche
        ('coinche', <Seat.NORTH: 0>)

        :raises IllegalCallError: a call the auction does not allow.
        :raises IllegalActionError: the auction is over.
        """
        check_seat(seat)  # first: the error below names the seat
        refusal = self._call_refusal(seat, call)
        if refusal is not None:
            raise refusal
        return self._after_call(self.auction.apply_unchecked(seat, call), seat, call)

    def apply_unchecked(
        self,
        action: Action,
        *,
        declare: Sequence[Announcement] | None = None,
        belote: bool = True,
    ) -> Self:
        """As :meth:`apply`, without checking the action: a fast path for trusted loops.

        For simulations and search whose actions come from :meth:`legal_actions`. Given
        an action :meth:`apply` would refuse, the result is unspecified (a state no
        legal play reaches, or an exception from deeper down); *declare* is taken as
        given, and ignored outside the first trick. Use :meth:`apply` for actions from
        outside the program.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> rng = random.Random(5)
        >>> deal = Deal.new(Seat.NORTH, RuleConfig.ffb(), rng)
        >>> while not deal.is_over:
        ...     deal = deal.apply_unchecked(rng.choice(deal.legal_actions()))
        >>> deal.is_over
        True
        """
        seat = self._to_move
        if seat is not None:
            if self._position is not None:
                if type(action) is Card:
                    return self._play(action, None if declare is None else tuple(declare), belote)
            elif isinstance(action, CallBase):
                return self._after_call(self.auction.apply_unchecked(seat, action), seat, action)
        return self.apply(action, declare=declare, belote=belote)  # raises the right error

    # ------------------------------------------------------------------ internals
    def _play(self, card: Card, declare: tuple[Announcement, ...] | None, belote: bool) -> Self:
        """The deal after the seat to move plays *card* (already checked, or trusted):
        the position's step, the declarations of the first trick, the log."""
        pos = self._position
        seat = self._to_move
        assert pos is not None
        assert seat is not None
        state = self.__dict__.copy()
        said: bool | None = None
        if pos.belote_open and seat == pos.belote_holder and card.mask & K.belote_mask(pos.strain):
            said = belote  # the first of the king and queen: belote declared, or not
            if belote:
                state["belote_declared"] = True
        after = pos.after(card.index, belote)
        if pos.won != _NO_TRICKS or not self.rules.announcements:
            declare = None  # nothing is declared outside the first trick
        else:
            held = self.declarable(seat)
            if declare is None:
                declare = held
            elif declare != held:  # fewer than the default: the credit changes
                after = after._replace(announcements=self._announcement_credit(declare))
            if declare:
                state["announcements"] = self.announcements + declare
        state["_position"] = after
        state["_log"] = (self._log, seat, card, declare, said)
        state["_legal_cards"] = -1
        if after.size:
            state["_to_move"] = _NEXT[seat]  # the complete tricks (cache) stay the same
        else:
            state["_tricks"] = None
            if after.won[0] + after.won[1] + after.won[2] + after.won[3] == 8:
                state["phase"] = _SCORED
                state["is_over"] = True
                state["_to_move"] = None
                deal = self._from_state(state)
                contract = self._contract
                assert contract is not None
                state["_result"] = result_of_figures(
                    contract,
                    after.score_figures(),
                    after.won,
                    after.belote_team,
                    deal_inputs(
                        contract,
                        deal,
                        self.rules,
                        state["announcements"],
                        state["belote_declared"],
                        after,
                    ),
                )
                return deal
            state["_to_move"] = _SEATS[after.leader]
        deal = _new(type(self))  # _from_state, written out: this is every card's step
        fill(deal, "__dict__", state)
        return deal

    def _after_call(self, auction: Auction | ClassicAuction, seat: Seat, call: AnyCall) -> Self:
        """The deal after *seat* made *call*: *auction* in place of its own, moving on to
        the play if it is over."""
        state = self.__dict__.copy()
        state["auction"] = auction
        state["_log"] = (self._log, seat, call, None, None)
        to_move = auction.to_move  # None once the auction is over
        if to_move is not None:
            state["_to_move"] = to_move
        else:
            contract = auction.contract
            if contract is None:
                state["phase"] = _THROWN_IN
                state["is_over"] = True
                state["_to_move"] = None
            else:
                rules = self.rules
                hands = self.hands
                classic = self._classic
                if classic is not None:  # deal the stock: the hands are complete
                    hands = classic.complete(self.dealer, contract.taker)
                    state["hands"] = hands
                leader = rules.first_leader(self.dealer, contract.taker)
                state["phase"] = _PLAY
                state["_to_move"] = leader
                state["_contract"] = contract
                state["_position"] = start_position(
                    [hand.mask for hand in hands], rules, contract, leader
                )
        deal = _new(type(self))  # _from_state, written out: every call's step
        fill(deal, "__dict__", state)
        return deal

    @override
    def __str__(self) -> str:
        """The deal as a table, as :func:`coinche.report.render_deal` writes it."""
        from coinche.report import render_deal  # noqa: PLC0415 - display hook

        return render_deal(self)

    @override
    def __repr__(self) -> str:
        contract = self.contract
        trick = self.trick
        return (
            f"<Deal dealer={self.dealer.letter} phase={self.phase.value} "
            f"contract={'-' if contract is None else str(contract)!r} "
            f"tricks={len(self.tricks)} trick={'-' if trick is None else str(trick)!r}"
            f" to_move={'-' if self._to_move is None else self._to_move.letter}>"
        )

    def _repr_svg_(self) -> str:  # Jupyter draws the deal (coinche.svg.deal)
        from coinche import svg  # noqa: PLC0415 - display hook (docs/architecture.rst)

        return svg.deal(self)
