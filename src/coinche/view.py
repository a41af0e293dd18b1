"""What one seat may know of a deal: :class:`PlayerView`, made by :meth:`Deal.view
<coinche.Deal.view>` and given to the players.

A view is the deal's play position seen from one seat (:attr:`PlayerView.position`:
the other seats' cards withheld) with the public log: the calls, the tricks, the
announcements declared. It answers the card points and tricks won so far and, once the
deal is over, its result, from that position; the readers of a view (the report, the
pictures, the observations of :mod:`coinche.rl`, the bots) ask it rather than count the
tricks again.

>>> import random
>>> from coinche import RuleConfig, Seat
>>> from coinche.deal import Deal
>>> view = Deal.new(Seat.WEST, RuleConfig(), random.Random(1)).view(Seat.NORTH)
>>> view.seat, len(view.hand), view.to_move
(<Seat.NORTH: 0>, 8, <Seat.NORTH: 0>)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs
from typing_extensions import override

from coinche import _kernel as K
from coinche._checks import check_bool, check_items, check_seat, check_type, short_repr
from coinche._trusted import Immutable, fill, trusted
from coinche.announcements import Announcement, find_announcements
from coinche.auction import Auction
from coinche.auction.classic import ClassicAuction
from coinche.calls import Call, CallBase, ClassicCall
from coinche.cards import Card, Hand, hand_from_mask
from coinche.config import AuctionKind, RuleConfig
from coinche.contract import Contract
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.play import Trick, explain_card, legal_cards
from coinche.position import Position, announcement_credit
from coinche.scoring import DealResult, TeamPoints, deal_inputs, result_of_figures
from coinche.seats import Seat
from coinche.step import Action, Node, Phase, Step, trusted_step, unrolled

__all__ = ["PlayerView"]

_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_IN_PLAY: Final = (Phase.PLAY, Phase.SCORED)


def start_position(
    hands: Sequence[int], rules: RuleConfig, contract: Contract, leader: Seat
) -> Position:
    """The play position of a deal whose auction gave *contract*, about to start its
    play: *hands* the four hand masks (by seat), *leader* the seat to lead. The one way
    from a contract to its position, for the deal and for the views (internal)."""
    taker, strain, kind, points, multiplier = contract.kernel_fields
    return Position.start(
        hands,
        rules,
        taker=taker,
        strain=strain,
        value=points,
        leader=int(leader),
        multiplier=multiplier,
        kind=kind,
    )


def withheld(
    pos: Position,
    seat: int,
    played: Sequence[int],
    declarer: int,
    announcements: Sequence[Announcement],
    rules: RuleConfig,
) -> Position:
    """*pos*, a deal's play position, as *seat* sees it (internal): the other seats'
    cards withheld (their masks 0), and what the position says of belote and the
    announcements as the table knows it. *played* are the cards each seat has played
    (masks, by seat); *declarer* the seat that declared belote, or -1.

    Belote's holder is known when the viewer holds (or held) both the king and queen of
    trumps, when one seat has played both, or when its holder declared it; else the
    position says none (``belote_holder`` -1). The announcements credited are those
    declared so far, compared (in the first trick the deal's own position also counts
    what the seats yet to play hold).
    """
    hands = [0, 0, 0, 0]
    hands[seat] = pos.hands[seat]
    pair = K.belote_mask(pos.strain)
    holder = -1
    if pair:
        if (pos.hands[seat] | played[seat]) & pair == pair:
            holder = seat
        elif declarer >= 0:
            holder = declarer
        else:
            for other in range(4):
                if played[other] & pair == pair:
                    holder = other
    team, pending = -1, 0
    if holder >= 0:
        if not rules.belote_requires_declaration:
            team = holder & 1
        elif played[holder] & pair:  # its first of the king and queen is played
            team = holder & 1 if declarer == holder else -1
        else:  # the viewer, still to play it: the credit it gets by declaring
            team, pending = holder & 1, 1
    credit = (
        announcement_credit([0, 0, 0, 0], [], list(announcements), pos.strain, rules)
        if rules.announcements
        else (0, 0)
    )
    return pos._replace(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        belote_holder=holder,
        belote_team=team,
        belote_open=pending,
        announcements=credit,
    )


def team_figures(pos: Position | None) -> tuple[TeamPoints, TeamPoints]:
    """The card points and the tricks won by each team in *pos* (internal: what
    :attr:`PlayerView.card_points` and :attr:`PlayerView.tricks_won` answer, and the
    deal's)."""
    if pos is None:
        return _NONE, _NONE
    won = pos.won
    return TeamPoints(pos.points[0], pos.points[1]), TeamPoints(won[0] + won[2], won[1] + won[3])


_NONE: Final = TeamPoints(0, 0)


def _unsaid(node: Node) -> Node:
    """A node of the log where belote was not said, as the other seats see it: as if it
    was not at stake (they do not know that the seat held the pair)."""
    return (node[0], node[1], node[2], node[3], None)


def _fail(message: str) -> InvalidDealError:
    return InvalidDealError(f"no deal shows this view: {message}")


def _auction_of(view: PlayerView) -> Auction | ClassicAuction:
    """The auction *view*'s calls make, each checked against the rules as it comes."""
    rules, dealer, turned = view.rules, view.dealer, view.turned
    auction: Auction | ClassicAuction
    if rules.auction is AuctionKind.TURNED_CARD:
        if turned is None:
            raise _fail("a view of the turned-card deal shows its turned card")
        auction = ClassicAuction.start(dealer, rules, turned)
    else:
        if turned is not None:
            raise _fail(f"only the turned-card deal turns a card up, not {rules.auction.value}")
        auction = Auction.start(dealer, rules)
    for number, item in enumerate(view.calls, 1):
        if type(item) is not tuple or len(item) != 2:
            raise CoincheTypeError(f"calls holds (Seat, call) pairs, not {short_repr(item)}")
        caller, call = check_seat(item[0], "a caller"), item[1]
        if not isinstance(call, CallBase):
            raise CoincheTypeError(f"calls holds (Seat, call) pairs, not {short_repr(item)}")
        made: Any = call
        reason = auction.explain_call(caller, made)
        if reason is not None:
            raise _fail(f"call {number}, {caller.letter} {call}, is not legal: {reason}")
        auction = auction.apply_unchecked(caller, made)
    return auction


def _checked_position(view: PlayerView) -> Position | None:
    """Check that some deal shows *view* as its seat sees it, and give the position of
    its play as the seat sees it (``None`` outside the play): its calls are an auction of
    its rules that gives its phase and contract; its tricks are led each by the seat the
    rules name; the seat to move is the one after them; the seat holds what it was dealt
    less what it played, and each card it played was legal then; its announcements and
    belote are what the rules let be declared. The tricks are played again on the
    position, from the viewer's own cards (the kernel's step and legal cards)."""
    auction = _auction_of(view)
    phase, seat = view.phase, view.seat
    contract = auction.contract
    due: tuple[Phase, ...]
    if not auction.is_over:
        due, made = (Phase.AUCTION,), "the auction is still on"
    elif contract is None:
        due, made = (Phase.THROWN_IN,), "all four passed: the deal is thrown in"
    else:
        due, made = _IN_PLAY, f"the calls give the contract {contract}"
    if phase not in due:
        raise _fail(f"{made}, and the deal cannot be in the {phase.value} phase")
    if view.contract != contract:
        shown = "none" if view.contract is None else str(view.contract)
        raise _fail(f"{made}, not the contract {shown}")
    if contract is None:
        if view.tricks or view.trick is not None:
            raise _fail(f"in the {phase.value} phase no card is played, but the view shows some")
        if view.announcements or view.belote_declared:
            raise _fail("nothing is declared before the play")
        if phase is Phase.AUCTION and view.to_move is not auction.to_move:
            due_seat = auction.to_move
            assert due_seat is not None
            raise _fail(f"{due_seat.name} calls next, not {short_repr(view.to_move)}")
        dealt = 5 if view.turned is not None else 8
        if len(view.hand) != dealt:
            raise _fail(f"{seat.name} holds {len(view.hand)} cards, not the {dealt} it was dealt")
        if view.turned is not None and view.turned in view.hand:
            raise _fail(f"the turned card {view.turned} lies on the table, not in a hand")
        return None
    return _replayed(view, contract)


def _replayed(view: PlayerView, contract: Contract) -> Position:
    """The position after *view*'s tricks, played again from its seat's own cards (see
    :func:`_checked_position`, which checked the auction)."""
    phase, seat, rules = view.phase, view.seat, view.rules
    me = int(seat)
    played = [0, 0, 0, 0]
    listed = (*view.tricks, *(() if view.trick is None else (view.trick,)))
    for trick in listed:
        for player, card in trick.plays():
            played[player] |= card.mask
    dealt = view.hand.mask | played[me]
    if K.count(dealt) != 8:
        raise _fail(
            f"{seat.name} holds {len(view.hand)} cards and has played "
            f"{K.count(played[me])}, not the 8 it was dealt"
        )
    turned = view.turned
    if turned is not None and bool(dealt & turned.mask) != (seat is contract.taker):
        raise _fail(f"the taker, {contract.taker.name}, took the turned card {turned}")
    complete = len(view.tricks)
    if phase is Phase.SCORED and (complete != 8 or view.trick is not None):
        raise _fail(f"a scored deal shows its 8 tricks and no trick in progress, not {complete}")
    if phase is Phase.PLAY and (complete >= 8 or view.trick is None):
        raise _fail("in the play a trick is being played")
    hands = [0, 0, 0, 0]
    hands[me] = dealt
    leader = rules.first_leader(view.dealer, contract.taker)
    pos = start_position(hands, rules, contract, leader)
    pair = K.belote_mask(int(contract.strain))
    first_of_pair = -1  # the seat that played the first of the king and queen of trumps
    for number, trick in enumerate(listed, 1):
        if int(trick.leader) != pos.leader:
            due = _SEATS[pos.leader].name
            why = f"{due} won trick {number - 1}" if number > 1 else f"{due} leads first"
            raise _fail(f"trick {number} ({trick}) is led by {trick.leader.name}, but {why}")
        size = len(trick.cards)
        if number <= complete and size != 4:
            raise _fail(f"trick {number} ({trick}) is not complete")
        if number > complete and size == 4:
            raise _fail(f"the trick being played ({trick}) has four cards: it is complete")
        for index, (player, card) in enumerate(trick.plays()):
            if player is seat and not pos.legal_mask() & card.mask:
                before = Trick(trick.leader, trick.cards[:index])
                reason = explain_card(
                    card, hand_from_mask(pos.hands[me]), before, contract.strain, rules
                )
                raise _fail(f"{seat.name}'s {card} in trick {number} was not legal: {reason}")
            if first_of_pair < 0 and card.mask & pair:
                first_of_pair = int(player)
            pos = pos.after(card.index, view.belote_declared)
    if phase is Phase.PLAY and view.to_move is not _SEATS[pos.to_move]:
        assert view.trick is not None
        due_seat = _SEATS[pos.to_move].name
        raise _fail(f"{due_seat} plays next in {view.trick}, not {short_repr(view.to_move)}")
    _check_declared(view, contract, listed, dealt, played, first_of_pair)
    declarer = first_of_pair if view.belote_declared else -1
    return withheld(pos, me, played, declarer, view.announcements, rules)


def _check_declared(
    view: PlayerView,
    contract: Contract,
    listed: tuple[Trick, ...],
    dealt: int,
    played: list[int],
    first_of_pair: int,
) -> None:
    """The announcements: the rules' own, each by a seat that played in the first trick,
    the viewer's from its hand, the others' of cards it never held nor saw another seat
    play; belote declared only where the rules ask for it, once the first of the king
    and queen of trumps is played."""
    rules, seat = view.rules, view.seat
    if view.announcements:
        if not rules.announcements:
            raise _fail("announcements are off in these rules, but the view shows some")
        first = {player for player, _ in listed[0].plays()} if listed else set()
        mine = find_announcements(hand_from_mask(dealt), contract.strain, rules, seat)
        for index, announcement in enumerate(view.announcements):
            by = announcement.seat
            if by not in first:
                raise _fail(f"{by.name} declares {announcement} before it played a card")
            if announcement in view.announcements[:index]:
                raise _fail(f"{announcement} is declared twice")
            cards = announcement.cards.mask
            if by is seat and announcement not in mine:
                raise _fail(f"{seat.name} declares {announcement}, which it was not dealt")
            others = (played[0] | played[1] | played[2] | played[3]) & ~played[by]
            if by is not seat and cards & (dealt | others):
                raise _fail(f"{by.name} declares {announcement}, cards it was not dealt")
    if view.belote_declared:
        if not rules.belote_requires_declaration:
            raise _fail("belote is declared only where the rules require it")
        if first_of_pair < 0:
            raise _fail(
                "belote is declared with the first of the king and queen of trumps played, "
                "and neither is"
            )
        pair = K.belote_mask(int(contract.strain))
        if first_of_pair == int(seat) and dealt & pair != pair:
            raise _fail(f"{seat.name} declared belote without the king and queen of trumps")


def _check_view(instance: PlayerView, attribute: attrs.Attribute[Any], value: object) -> None:
    check_seat(value, attribute.name)


@attrs.frozen(kw_only=True)
class PlayerView(Immutable):
    """What one seat may know of a deal: its own cards and what all have seen or heard.

    Never another seat's unplayed cards, except those shown in declared announcements
    and the turned card of the classic deal, which all have seen.
    Made by :meth:`Deal.view`.

    >>> import random
    >>> from coinche import RuleConfig, Seat
    >>> from coinche.deal import Deal
    >>> rng = random.Random(2)
    >>> deal = Deal.new(Seat.SOUTH, RuleConfig(), rng)
    >>> while deal.phase.value == "auction":
    ...     deal = deal.apply(rng.choice(deal.legal_actions()))
    >>> view = deal.view(Seat.EAST)
    >>> view.seat, len(view.hand), view.phase.value
    (<Seat.EAST: 1>, 8, 'play')
    """

    seat: Seat = attrs.field(validator=_check_view)
    """The seat whose view this is."""
    rules: RuleConfig
    """The house rules."""
    dealer: Seat = attrs.field(validator=_check_view)
    """The dealer."""
    phase: Phase
    """The phase of the deal."""
    to_move: Seat | None
    """The seat to call or play next; ``None`` once the deal is over."""
    hand: Hand
    """The cards this seat still holds."""
    calls: tuple[tuple[Seat, Call | ClassicCall], ...]
    """Every call of the auction so far, with its caller."""
    contract: Contract | None
    """The contract, once the auction has ended with one."""
    tricks: tuple[Trick, ...]
    """The complete tricks."""
    trick: Trick | None
    """The trick being played; ``None`` outside the play."""
    announcements: tuple[Announcement, ...]
    """The announcements declared (public: all seats hear and see them)."""
    belote_declared: bool
    """True once belote has been declared (with ``belote_requires_declaration``)."""
    turned: Card | None = None
    """The card turned up in the classic deal (public: every seat has seen it, and knows
    it went to the taker); ``None`` in a coinche deal."""
    # the deal's log, given by Deal.view (see steps); None for a view built by hand
    _log: Node | None = attrs.field(default=None, init=False, eq=False, repr=False)
    _legal: tuple[Action, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    # the play position as this seat sees it (see position), None outside the play
    _position: Position | None = attrs.field(default=None, init=False, eq=False, repr=False)

    @property
    def position(self) -> Position | None:
        """The deal's play position as this seat sees it (:class:`coinche.engine.Position`):
        the same as :attr:`Deal.position <coinche.Deal.position>` with the other seats'
        cards withheld (their masks are 0), belote known only as the table knows it (its
        holder once it has declared it or played both cards, or when it is this seat) and
        the announcements credited as declared so far; ``None`` before the play and when
        thrown in. What :attr:`card_points`, :attr:`tricks_won` and :attr:`result` are
        read from.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> deal, rng = Deal.new(Seat.NORTH, RuleConfig.ffb(), random.Random(6)), random.Random(7)
        >>> while deal.position is None or deal.position.size < 2:   # two cards of trick 1
        ...     deal = deal.apply(rng.choice(deal.legal_actions()))
        >>> seen = deal.view(Seat.SOUTH).position
        >>> seen.hands[Seat.SOUTH] == deal.position.hands[Seat.SOUTH], seen.hands[Seat.WEST]
        (True, 0)
        >>> seen.trick == deal.position.trick and seen.leader == deal.position.leader
        True
        """
        return self._position

    @property
    def card_points(self) -> TeamPoints:
        """The card points each team has won in the complete tricks (the 10 of the last
        trick included once it is played), read from :attr:`position`; 0 before the play.
        (:attr:`result` gives the points the score counts, 250 for a capot.)

        >>> from coinche import Card, Hand, RuleConfig, Seat, Strain
        >>> from coinche.auction import PASS, Bid
        >>> from coinche.deal import Deal
        >>> suits = ("7C 8C 9C TC JC QC KC AC", "7D 8D 9D TD JD QD KD AD",
        ...          "7H 8H 9H TH JH QH KH AH", "7S 8S 9S TS JS QS KS AS")
        >>> deal = Deal.from_hands(Seat.EAST, RuleConfig(), [Hand.parse(s) for s in suits])
        >>> for call in (PASS, PASS, Bid(80, Strain.HEARTS), PASS, PASS, PASS):
        ...     deal = deal.apply(call)                  # 80 hearts by North; South leads
        >>> for code in ("AH", "AS", "AC", "AD"):        # South's trump takes four aces
        ...     deal = deal.apply(Card.parse(code))
        >>> view = deal.view(Seat.WEST)                  # 11 points each
        >>> str(view.card_points), str(view.tricks_won)
        ('NS 44, EW 0', 'NS 1, EW 0')
        """
        return team_figures(self._position)[0]

    @property
    def tricks_won(self) -> TeamPoints:
        """How many tricks each team has won, read from :attr:`position`; 0 before the
        play (see :attr:`card_points`)."""
        return team_figures(self._position)[1]

    @property
    def result(self) -> DealResult | None:
        """The deal's result once it is scored (the same as :attr:`Deal.result
        <coinche.Deal.result>`, all of it public by then), from :attr:`position`'s score
        figures; ``None`` before.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> deal, rng = Deal.new(Seat.WEST, RuleConfig.ffb(), random.Random(2)), random.Random(3)
        >>> while not deal.is_over:
        ...     deal = deal.apply(rng.choice(deal.legal_actions()))
        >>> all(deal.view(seat).result == deal.result for seat in Seat)
        True
        """
        pos, contract = self._position, self.contract
        if pos is None or contract is None or not pos.is_over:
            return None
        inputs = deal_inputs(
            contract, self, self.rules, self.announcements, self.belote_declared, pos
        )
        return result_of_figures(contract, pos.score_figures(), pos.won, pos.belote_team, inputs)

    @property
    def steps(self) -> tuple[Step, ...]:
        """The deal's public log: every action so far as it was made (each call, each
        card with what was declared with it and whether belote was said), the same as
        :attr:`Deal.steps <coinche.Deal.steps>` but for one thing: a card with which
        another seat did *not* say belote (``belote=False``) shows as a card where belote
        was not at stake (``belote=None``), as the table sees it; whether that seat held
        the other card of the pair is hidden. For a view built by hand (or read from a
        record), the steps its calls, tricks and announcements say, with belote as
        declared by default.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> deal, rng = Deal.new(Seat.WEST, RuleConfig(), random.Random(1)), random.Random(2)
        >>> for _ in range(9):
        ...     deal = deal.apply(rng.choice(deal.legal_actions()))
        >>> deal.view(Seat.EAST).steps == deal.steps
        True
        """
        log = self._log
        if log is not None:
            me = self.seat
            return tuple(
                trusted_step(node if node[4] is not False or node[1] is me else _unsaid(node))
                for node in unrolled(log)
            )
        made = [Step(seat, call) for seat, call in self.calls]
        first = self.tricks[0] if self.tricks else self.trick
        for trick in self._all_tricks():
            for seat, card in trick.plays():
                declare = None
                if trick is first and self.rules.announcements:
                    declare = tuple(a for a in self.announcements if a.seat is seat)
                made.append(Step(seat, card, declare=declare))
        return tuple(made)

    def legal_actions(self) -> tuple[Action, ...]:
        """What this seat may do now: the calls the auction lets it make (pagat's coinche
        at any time included, out of turn), or its legal cards in the play when it is to
        move; else nothing. For the seat to move, the same as :meth:`Deal.legal_actions
        <coinche.Deal.legal_actions>`.

        >>> import random
        >>> from coinche import RuleConfig, Seat
        >>> from coinche.deal import Deal
        >>> deal = Deal.new(Seat.WEST, RuleConfig(), random.Random(1))
        >>> deal.view(Seat.NORTH).legal_actions() == deal.legal_actions()
        True
        >>> deal.view(Seat.EAST).legal_actions()       # North is to call
        ()
        """
        legal = self._legal
        if legal is None:
            legal = self._legal_now()
            fill(self, "_legal", legal)  # a cache field (eq=False)
        return legal

    def _legal_now(self) -> tuple[Action, ...]:
        seat, rules = self.seat, self.rules
        if self.phase is Phase.PLAY:
            if self.to_move is not seat:
                return ()
            contract, trick = self.contract, self.trick
            if contract is None or trick is None:
                raise InvalidDealError("a view of the play needs a contract and a trick")
            return legal_cards(self.hand, trick, contract.strain, rules).cards
        if self.phase is not Phase.AUCTION:
            return ()
        if rules.auction is AuctionKind.TURNED_CARD:
            if self.turned is None:
                raise InvalidDealError("a view of the turned-card auction needs its turned card")
            classic = ClassicAuction(self.dealer, rules, self.turned, self.calls)  # type: ignore[arg-type]
            return classic.legal_calls(seat)
        auction = Auction(self.dealer, rules, self.calls)  # type: ignore[arg-type]
        return auction.legal_calls(seat)

    @override
    def __str__(self) -> str:
        """What the seat sees, as a few lines of text (``print(view)``): its hand, the
        auction, the contract, the tricks and the trick so far, who is to move.

        >>> from coinche import Hand, RuleConfig, Seat, Strain
        >>> from coinche.auction import PASS, Bid
        >>> from coinche.deal import Deal
        >>> hands = [Hand.parse(f"7{s} 8{s} 9{s} T{s} J{s} Q{s} K{s} A{s}") for s in "CDHS"]
        >>> deal = Deal.from_hands(Seat.WEST, RuleConfig(), hands)
        >>> deal = deal.apply(Bid(90, Strain.SPADES)).apply(PASS).apply(PASS).apply(PASS)
        >>> print(deal.apply(deal.legal_actions()[0]).view(Seat.EAST))
        View of EAST (dealer W), play phase, EAST to move
        Hand: 7D 8D 9D TD JD QD KD AD
        Auction: N 90 S, E pass, S pass, W pass
        Contract: 90 S by N
        Trick: N: 7C
        """
        mover = "nobody" if self.to_move is None else self.to_move.name
        lines = [
            f"View of {self.seat.name} (dealer {self.dealer.letter}), "
            f"{self.phase.value} phase, {mover} to move",
            f"Hand: {self.hand}",
        ]
        if self.turned is not None:
            lines.append(f"Turned card: {self.turned}")
        calls = ", ".join(f"{seat.letter} {call}" for seat, call in self.calls)
        lines.append(f"Auction: {calls or 'no call yet'}")
        if self.contract is not None:
            lines.append(f"Contract: {self.contract}")
        if self.announcements:
            lines.append("Announcements: " + "; ".join(str(a) for a in self.announcements))
        for number, trick in enumerate(self.tricks, 1):
            lines.append(f"Trick {number}: {trick}")
        if self.trick is not None and self.trick.cards:
            lines.append(f"Trick: {self.trick}")
        return "\n".join(lines)

    def _repr_svg_(self) -> str:  # Jupyter draws what the seat sees (coinche.svg.deal)
        from coinche import svg  # noqa: PLC0415 - display hook (docs/architecture.rst)

        return svg.deal(self)

    def __attrs_post_init__(self) -> None:
        # The constructor is public (and player_view records load through it): check
        # the types, then that some deal shows this view (see _checked_position).
        check_type(self.rules, RuleConfig, "rules")
        check_type(self.phase, Phase, "phase")
        check_type(self.to_move, (Seat, type(None)), "to_move")
        check_type(self.hand, Hand, "hand")
        check_items(self.calls, tuple, "calls")
        check_type(self.contract, (Contract, type(None)), "contract")
        check_items(self.tricks, Trick, "tricks")
        check_type(self.trick, (Trick, type(None)), "trick")
        check_items(self.announcements, Announcement, "announcements")
        check_bool(self.belote_declared, "belote_declared")
        check_type(self.turned, (Card, type(None)), "turned")
        for name in ("calls", "tricks", "announcements"):
            if type(getattr(self, name)) is not tuple:
                raise CoincheTypeError(f"{name} must be a tuple")
        if len(self.hand) > 8:
            raise InvalidDealError(f"a player holds at most 8 cards, not {len(self.hand)}")
        if len(self.tricks) > 8:
            raise InvalidDealError(f"a deal has at most 8 tricks, not {len(self.tricks)}")
        played = 0
        for trick in (*self.tricks, *(() if self.trick is None else (self.trick,))):
            if played & trick.mask:
                raise InvalidDealError(f"{Hand.from_mask(played & trick.mask)} played twice")
            played |= trick.mask
        if played & self.hand.mask:
            raise InvalidDealError(
                f"{Hand.from_mask(played & self.hand.mask)} is both in the hand and played"
            )
        over = self.phase in (Phase.SCORED, Phase.THROWN_IN)
        if over != (self.to_move is None):
            raise InvalidDealError(
                f"in the {self.phase.value} phase, to_move must be "
                f"{'None' if over else 'a Seat'}, not {short_repr(self.to_move)}"
            )
        fill(self, "_position", _checked_position(self))

    def _all_tricks(self) -> tuple[Trick, ...]:
        return (*self.tricks, *(() if self.trick is None else (self.trick,)))


trusted_view: Callable[..., PlayerView] = trusted(
    PlayerView,
    "seat",
    "rules",
    "dealer",
    "phase",
    "to_move",
    "hand",
    "calls",
    "contract",
    "tricks",
    "trick",
    "announcements",
    "belote_declared",
    "turned",
    "_log",
    "_legal",
    "_position",
)
"""A view of fields the library derived itself from a deal (:meth:`Deal.view
<coinche.Deal.view>`, its log and its :func:`withheld` position), unchecked: see
coinche._trusted. Anything from outside goes through the public constructor."""
