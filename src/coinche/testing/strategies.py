"""Hypothesis strategies for coinche's values, for the property tests of your own code.

Install the optional extra ``testing`` (``pip install "coinche[testing]"``), which
brings `hypothesis <https://hypothesis.readthedocs.io>`_, then draw cards, hands, rule
sets, contracts, auctions and deals in any phase:

>>> from hypothesis import given, settings
>>> from coinche import Phase
>>> from coinche.testing.strategies import deals
>>> @settings(max_examples=20)
... @given(deals(phase=Phase.PLAY))
... def test_someone_is_to_move(deal):
...     assert deal.to_move is not None and deal.legal_actions()
>>> test_someone_is_to_move()

Everything is built with the public API only: rule sets are presets or combinations
that :class:`~coinche.RuleConfig` accepts, and auctions and deals are *reachable*:
dealt from a shuffled deck, then every call and card is one the rules allow
(:meth:`Deal.legal_actions <coinche.Deal.legal_actions>`, including pagat's
out-of-turn coinche, and with announcements and belote declared or not).

Installing coinche registers these strategies with hypothesis (an entry point in the
``hypothesis`` group), so that ``st.from_type(Card)``, ``st.builds`` and ``@given``
with type annotations work for :class:`~coinche.Card`, :class:`~coinche.Hand`,
:class:`~coinche.Suit`, :class:`~coinche.Rank`, :class:`~coinche.Strain`,
:class:`~coinche.Seat`, :class:`~coinche.Team`, :class:`~coinche.Trick`,
:class:`~coinche.RuleConfig`, :class:`~coinche.Contract`, :class:`~coinche.Auction`,
:class:`~coinche.Deal`, :class:`~coinche.PlayerView` and :class:`~coinche.DealResult`.
The core package never imports this module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeAlias

from coinche.announcements import Announcement, find_announcements
from coinche.auction import COINCHE, PASS, Auction, Coinche, Pass, Surcoinche
from coinche.cards import Card, Hand, Rank, Strain, Suit
from coinche.config import AuctionKind, CoincheTiming, RuleConfig
from coinche.contract import Contract
from coinche.deal import Deal, Phase, PlayerView
from coinche.play import Trick
from coinche.scoring import DealResult
from coinche.seats import Seat, Team
from coinche.testing import _values
from coinche.testing._hypothesis import InvalidArgument, reject, st
from coinche.testing._values import (
    _BOOLEANS,
    _DECKS,
    _below,
    _can_deal,
    _dealable_kinds,
    _one_of_these,
    _rules_strategy,
    cards,
    contracts,
    deals_of_hands,
    hands,
    rule_configs,
    seats,
    strains,
    tricks,
)

__all__ = [
    "RulesArgument",
    "auctions",
    "cards",
    "contracts",
    "deal_results",
    "deals",
    "deals_of_hands",
    "finished_deals",
    "hands",
    "player_views",
    "rule_configs",
    "seats",
    "strains",
    "tricks",
]

RulesArgument: TypeAlias = _values.RulesArgument
"""What the *rules* parameter of the strategies takes: one rule set, a strategy of rule
sets (such as :func:`rule_configs`), or ``None`` for any rule set."""


_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
# In the auction, a call is drawn by kind first: a pass half the time, so that auctions
# end and contracts stay low, then a bid (or take, name a suit), then a (sur)coinche.
_CALL_KINDS: Final = ("pass", "pass", "pass", "bid", "bid", "double")
_MAX_AUCTION_CALLS: Final = 24


# ---------------------------------------------------------------------- auctions and deals
CallLike: TypeAlias = Any  # a call of either auction (coinche.auction or coinche.auction.classic)


def _kind(call: object) -> str:
    if isinstance(call, Pass):
        return "pass"
    if isinstance(call, (Coinche, Surcoinche)):
        return "double"
    return "bid"


def _bid_strain(call: object) -> object:
    """What a call names: a bid's strain, a classic call's suit; None for the others."""
    return getattr(call, "strain", getattr(call, "suit", None))


def _draw_step(
    draw: st.DrawFn,
    options: list[tuple[Seat, CallLike]],
    make: Callable[[Seat, CallLike], Any],
    keep: Callable[[Any], bool],
) -> Any:
    """Make one of the calls of *options*, drawn by kind, whose result *keep* accepts.

    Returns ``None`` when none is acceptable.
    """
    groups: dict[str, list[tuple[Seat, CallLike]]] = {"pass": [], "bid": [], "double": []}
    for option in options:
        groups[_kind(option[1])].append(option)
    while True:
        kinds = [kind for kind in _CALL_KINDS if groups[kind]]
        if not kinds:
            return None
        group = groups[draw(_one_of_these(tuple(kinds)))]
        # a bid: its strain (or suit) first, so that every strain is as likely; then,
        # among the bids of that strain, the lowest ones are the likeliest
        strains = tuple(dict.fromkeys(_bid_strain(call) for _, call in group))
        strain = draw(_one_of_these(strains)) if len(strains) > 1 else strains[0]
        places = [i for i, (_, call) in enumerate(group) if _bid_strain(call) == strain]
        seat, call = group.pop(places[draw(_below(len(places)))])
        made = make(seat, call)
        if keep(made):
            return made


def _auction_options(auction: Any, rules: RuleConfig) -> list[tuple[Seat, CallLike]]:
    """The calls of the seat to move, then the out-of-turn coinches (pagat)."""
    seat = auction.to_move
    options: list[tuple[Seat, CallLike]] = [(seat, call) for call in auction.legal_calls(seat)]
    if rules.auction is AuctionKind.BIDDING and rules.coinche_timing is CoincheTiming.ANY_TIME:
        options += [
            (other, COINCHE)
            for other in _SEATS
            if other is not seat and auction.is_legal_call(other, COINCHE)
        ]
    return options


def _bidding(rules: RuleConfig) -> bool:
    return rules.auction is AuctionKind.BIDDING


@st.composite
def _auctions(draw: st.DrawFn, rules: st.SearchStrategy[RuleConfig]) -> Auction:
    drawn = draw(rules)
    auction = Auction.start(draw(seats()), drawn)
    for _ in range(draw(_below(_MAX_AUCTION_CALLS + 1))):
        if auction.is_over:
            break
        auction = _draw_step(draw, _auction_options(auction, drawn), auction.apply, lambda _: True)
    return auction


def auctions(rules: RulesArgument = None) -> st.SearchStrategy[Auction]:
    """A coinche auction reached by legal calls: just started, under way, or over.

    Only rule sets with the bidding auction (``auction='bidding'``) are drawn, and given
    *rules* must be one: the classic turned-card auction needs a turned card, and comes
    inside the deals of :func:`deals`. Calls are drawn among
    :meth:`~coinche.Auction.legal_calls`, with pagat's out-of-turn coinches; about half
    of them are passes, so that auctions end (thrown in or with a contract) and
    contracts stay low.

    >>> from hypothesis import find
    >>> from coinche import RuleConfig
    >>> from coinche.testing.strategies import auctions
    >>> auction = find(auctions(RuleConfig.common()), lambda a: a.contract is not None)
    >>> auction.is_over, len(auction.calls)
    (True, 4)

    :raises hypothesis.errors.InvalidArgument: *rules* with the turned-card auction.
    """
    return _auctions(_rules_strategy(rules, _bidding, (AuctionKind.BIDDING,)))


def _is_belote_card(card: Card, strain: Strain) -> bool:
    return card.suit == strain.trump_suit and card.rank in (Rank.KING, Rank.QUEEN)


def _draw_card(draw: st.DrawFn, deal: Deal) -> Deal:
    """*deal* after the seat to move plays a legal card, declaring or not."""
    seat = deal.to_move
    contract = deal.contract
    assert seat is not None
    assert contract is not None
    legal = [action for action in deal.legal_actions() if isinstance(action, Card)]
    card = legal[draw(_below(len(legal)))]
    rules = deal.rules
    declare: list[Announcement] | None = None
    if rules.announcements and not deal.tricks:
        held = find_announcements(deal.hands[seat], contract.strain, rules, seat)
        some = bool(held) and draw(_BOOLEANS)
        if some:  # declare only some of them, maybe none
            one: st.SearchStrategy[Announcement] = st.sampled_from(list(held))
            declare = draw(st.lists(one, unique=True, max_size=len(held)))
    belote = True
    if rules.belote_requires_declaration and _is_belote_card(card, contract.strain):
        belote = draw(_BOOLEANS)
    return deal.apply(card, declare=declare, belote=belote)


def _deal_options(deal: Deal) -> list[tuple[Seat, CallLike]]:
    return _auction_options(deal.auction, deal.rules)


def _draw_call(draw: st.DrawFn, deal: Deal, keep: Callable[[Deal], bool]) -> Deal | None:
    made = _draw_step(draw, _deal_options(deal), deal.apply_call, keep)
    assert made is None or isinstance(made, Deal)
    return made


def _walk(draw: st.DrawFn, deal: Deal, target: Phase) -> Deal:
    """Play *deal* on with drawn legal actions until it is in the phase *target*."""
    if target is Phase.AUCTION:
        for _ in range(draw(_below(_MAX_AUCTION_CALLS + 1))):
            made = _draw_call(draw, deal, lambda d: d.phase is Phase.AUCTION)
            if made is None:
                break
            deal = made
        return deal
    if target is Phase.THROWN_IN:
        while deal.phase is Phase.AUCTION:
            deal = deal.apply(PASS)
        if deal.phase is not Phase.THROWN_IN:  # pragma: no cover
            reject()
        return deal
    while deal.phase is Phase.AUCTION:  # to the play: a contract, never thrown in
        made = _draw_call(draw, deal, lambda d: d.phase is not Phase.THROWN_IN)
        if made is None:  # pragma: no cover - a bid is always possible before four passes
            reject()
        deal = made
    cards_to_play = 32 if target is Phase.SCORED else draw(_below(32))
    for _ in range(cards_to_play):
        if deal.phase is not Phase.PLAY:  # pragma: no cover
            break
        deal = _draw_card(draw, deal)
    if deal.phase is not target:  # pragma: no cover
        reject()
    return deal


@st.composite
def _deals(draw: st.DrawFn, rules: st.SearchStrategy[RuleConfig], phase: Phase | None) -> Deal:
    drawn = draw(rules)
    target = draw(_one_of_these(tuple(Phase))) if phase is None else phase
    deck = draw(_DECKS)
    return _walk(draw, Deal.from_deck(draw(seats()), drawn, deck), target)


def deals(rules: RulesArgument = None, phase: Phase | None = None) -> st.SearchStrategy[Deal]:
    """A :class:`~coinche.Deal` reached by legal actions, in *phase* (any when ``None``).

    The deck is any order of the 32 cards (what :meth:`Deal.new <coinche.Deal.new>`
    deals from after its shuffle and cut), the dealer any seat; then every call and card
    is drawn among the legal ones: pagat's out-of-turn coinches included, announcements
    declared in full or in part, belote declared or not when the rules ask for a
    declaration. For :attr:`Phase.AUCTION <coinche.Phase.AUCTION>` the deal stops
    before the auction ends; for :attr:`~coinche.Phase.PLAY` after 0 to 31 cards; for
    :attr:`~coinche.Phase.SCORED` after the 32nd; for
    :attr:`~coinche.Phase.THROWN_IN` after four passes (eight in the turned-card
    auction). With *phase* ``None`` each phase is as likely.

    Only rule sets that :class:`~coinche.Deal` can deal are drawn (given *rules* must
    be one).

    >>> from hypothesis import given, settings
    >>> from coinche import Phase, RuleConfig
    >>> from coinche.testing.strategies import deals
    >>> @settings(max_examples=10)
    ... @given(deals(RuleConfig.ffb(), Phase.PLAY))
    ... def test_the_seat_to_move_holds_its_legal_cards(deal):
    ...     assert set(deal.legal_actions()) <= set(deal.hand(deal.to_move))
    >>> test_the_seat_to_move_holds_its_legal_cards()

    :raises hypothesis.errors.InvalidArgument: *phase* is not a
        :class:`~coinche.Phase`, or *rules* cannot be dealt.
    """
    if phase is not None and not isinstance(phase, Phase):
        raise InvalidArgument(f"phase must be a Phase or None, not {phase!r}")
    return _deals(_rules_strategy(rules, _can_deal, _dealable_kinds()), phase)


def finished_deals(rules: RulesArgument = None) -> st.SearchStrategy[Deal]:
    """A deal played to the end and scored: :attr:`Deal.result <coinche.Deal.result>`
    is set. The same as ``deals(rules, Phase.SCORED)``.

    >>> from hypothesis import given, settings
    >>> from coinche.testing.strategies import finished_deals
    >>> @settings(max_examples=10)
    ... @given(finished_deals())
    ... def test_eight_tricks(deal):
    ...     assert len(deal.tricks) == 8 and deal.result is not None
    >>> test_eight_tricks()
    """
    return deals(rules, Phase.SCORED)


def _result(deal: Deal) -> DealResult:
    result = deal.result
    assert result is not None
    return result


def deal_results(rules: RulesArgument = None) -> st.SearchStrategy[DealResult]:
    """The :class:`~coinche.DealResult` of a deal of :func:`finished_deals`.

    >>> from hypothesis import given, settings
    >>> from coinche.testing.strategies import deal_results
    >>> @settings(max_examples=10)
    ... @given(deal_results())
    ... def test_eight_tricks_are_won(result):
    ...     assert sum(result.tricks_won.values()) == 8
    >>> test_eight_tricks_are_won()
    """
    return finished_deals(rules).map(_result)


@st.composite
def _views(draw: st.DrawFn, deals: st.SearchStrategy[Deal]) -> PlayerView:
    return draw(deals).view(draw(seats()))


def player_views(
    rules: RulesArgument = None, phase: Phase | None = None
) -> st.SearchStrategy[PlayerView]:
    """What one seat may know of a deal of :func:`deals` (:meth:`Deal.view
    <coinche.Deal.view>`), for testing players and user interfaces.

    >>> from hypothesis import given, settings
    >>> from coinche.testing.strategies import player_views
    >>> @settings(max_examples=10)
    ... @given(player_views())
    ... def test_a_view_holds_at_most_eight_cards(view):
    ...     assert len(view.hand) <= 8
    >>> test_a_view_holds_at_most_eight_cards()
    """
    return _views(deals(rules, phase))


# ---------------------------------------------------------------------- registration
def _hypothesis_setup_hook() -> None:
    """Register the strategies for ``st.from_type``; hypothesis calls it on import.

    Installing coinche declares it as an entry point of the ``hypothesis`` group, so
    there is nothing to call in a test suite; calling it again does no harm.

    >>> from hypothesis import find, strategies as st
    >>> from coinche import Card, Seat
    >>> find(st.from_type(Card), lambda card: card.suit.letter == "S")
    Card.parse('7S')
    """
    st.register_type_strategy(Card, cards())
    st.register_type_strategy(Hand, hands())
    st.register_type_strategy(Suit, st.sampled_from(tuple(Suit)))
    st.register_type_strategy(Rank, st.sampled_from(tuple(Rank)))
    st.register_type_strategy(Strain, strains())
    st.register_type_strategy(Seat, seats())
    st.register_type_strategy(Team, st.sampled_from(tuple(Team)))
    st.register_type_strategy(Trick, tricks())
    st.register_type_strategy(RuleConfig, rule_configs())
    st.register_type_strategy(Contract, contracts())
    st.register_type_strategy(Auction, auctions())
    st.register_type_strategy(Deal, deals())
    st.register_type_strategy(PlayerView, player_views())
    st.register_type_strategy(DealResult, deal_results())
