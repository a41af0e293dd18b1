"""What a :class:`~coinche.Deal` says of itself: its state, the rules that refuse an
action, and the views of it (internal: :class:`DealReading` is the read side of
:class:`~coinche.Deal`, which adds the constructors and the actions).

>>> import random
>>> from coinche import RuleConfig, Seat
>>> from coinche.deal import Deal
>>> from coinche._deal_reading import DealReading
>>> isinstance(Deal.new(Seat.WEST, RuleConfig(), random.Random(7)), DealReading)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, TypeAlias, cast

from coinche import _kernel as K
from coinche._checks import check_bool, check_iterable, check_seat, short_repr
from coinche._trusted import Immutable, fill
from coinche.announcements import Announcement, find_announcements
from coinche.auction import Auction, Call
from coinche.auction.classic import ClassicAuction, ClassicCall
from coinche.calls import CallBase
from coinche.cards import _BYTE_CARDS, CARDS, Card, Hand, hand_from_mask
from coinche.config import RuleConfig
from coinche.contract import Contract
from coinche.dealing import TurnedCardDeal
from coinche.errors import (
    CoincheTypeError,
    IllegalActionError,
    IllegalCallError,
    IllegalCardError,
)
from coinche.play import Trick, explain_card, trusted_trick
from coinche.position import Position, announcement_credit
from coinche.scoring import DealResult
from coinche.seats import Seat
from coinche.step import Action, Node, Phase, Step, trusted_step, unrolled
from coinche.view import PlayerView

_Refusal: TypeAlias = IllegalActionError | IllegalCallError | IllegalCardError
_BELOTE_WORDS: Final = (
    "belote is declared (or not) only when the rules require it, by its holder, with "
    "the first of the king and queen of trumps it plays"
)
_AUCTION: Final = Phase.AUCTION
_PLAY: Final = Phase.PLAY
_OVER_PHASES: Final = (Phase.SCORED, Phase.THROWN_IN)
_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_trick = trusted_trick
# _CLUBS[byte]: the clubs whose rank bits are set in byte; and so on for each suit.
_CLUBS, _DIAMONDS, _HEARTS, _SPADES = _BYTE_CARDS


class DealReading(Immutable):
    """The read side of :class:`~coinche.Deal`: every property and question that does
    not change the deal (the fields are :class:`~coinche.Deal`'s)."""

    rules: RuleConfig
    dealer: Seat
    hands: tuple[Hand, Hand, Hand, Hand]
    auction: Auction | ClassicAuction
    phase: Phase
    announcements: tuple[Announcement, ...]
    belote_declared: bool
    _classic: TurnedCardDeal | None
    _position: Position | None
    _log: Node | None
    _to_move: Seat | None
    _contract: Contract | None
    _result: DealResult | None
    _legal_cards: int
    _tricks: tuple[Trick, ...] | None

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
    def is_over(self) -> bool:
        """True once the deal is scored or thrown in.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> Deal.new(Seat.EAST, RuleConfig(), random.Random(0)).is_over
        False
        """
        return self.phase in _OVER_PHASES

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
        return PlayerView(
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            phase=self.phase,
            to_move=self._to_move,
            hand=self.hand(seat),
            calls=self.auction.calls,
            contract=self.contract,
            tricks=self.tricks,
            trick=self.trick,
            announcements=self.announcements,
            belote_declared=self.belote_declared,
            turned=self.turned,
            log=self._log,
        )
