"""coinche._trusted: the one way the library builds its values unchecked.

Each trusted constructor must build the value the public, checking constructor builds
from the same input: equal, of the same type, with every field the same.
"""

from __future__ import annotations

import copy
from typing import Any

import attrs
import pytest

from coinche import (
    CARDS,
    Announcement,
    AnnouncementKind,
    Card,
    Hand,
    Rank,
    RuleConfig,
    Seat,
    Strain,
    Suit,
    TeamPoints,
    Trick,
)
from coinche._trusted import Immutable, trusted
from coinche.announcements import _trusted as trusted_announcement
from coinche.auction import PASS, Auction, Bid, Call
from coinche.auction.classic import TAKE, ClassicAuction
from coinche.cards import _trusted_card, hand_from_mask
from coinche.play import trusted_trick
from coinche.scoring import _points
from coinche.step import Step, trusted_step


def _fields(value: Any) -> tuple[object, ...]:
    return tuple(getattr(value, field.name) for field in attrs.fields(type(value)))


def _same(built: object, public: object) -> None:
    assert type(built) is type(public)
    assert built == public
    assert _fields(built) == _fields(public)


def test_hand_from_mask_builds_the_public_hand() -> None:
    # 7C is bit 0 and JH bit 20 (8 * hearts(2) + jack(4)): the mask 1 | 1 << 20
    _same(hand_from_mask(1 | 1 << 20), Hand([Card.parse("7C"), Card.parse("JH")]))
    _same(hand_from_mask(0), Hand())


def test_trusted_card_builds_the_interned_card() -> None:
    # the jack of hearts: index 8 * 2 + 4 = 20, mask 1 << 20
    built = _trusted_card(Rank.JACK, Suit.HEARTS, 20, 1 << 20)
    _same(built, Card(Rank.JACK, Suit.HEARTS))
    assert all(card is Card(card.rank, card.suit) for card in CARDS)


def test_trusted_trick_builds_the_public_trick() -> None:
    cards = (Card.parse("AC"), Card.parse("7C"))  # AC is bit 7 (ace = 7), 7C bit 0
    _same(trusted_trick(Seat.WEST, cards, 1 << 7 | 1), Trick(Seat.WEST, cards))


def test_trusted_step_builds_the_public_step() -> None:
    card = Card.parse("JH")
    _same(trusted_step((None, Seat.NORTH, card, None, None)), Step(Seat.NORTH, card))
    _same(
        trusted_step((None, Seat.EAST, card, (), True)),
        Step(Seat.EAST, card, declare=(), belote=True),
    )


def test_trusted_announcement_builds_the_public_one() -> None:
    cards = Hand.parse("7C 8C 9C")  # bits 0, 1, 2: the mask 0b111
    _same(
        trusted_announcement(AnnouncementKind.TIERCE, 0b111, Seat.SOUTH),
        Announcement(AnnouncementKind.TIERCE, cards, Seat.SOUTH),
    )


def test_points_builds_the_public_team_points() -> None:
    _same(_points(90, 72), TeamPoints(90, 72))


def test_auction_calls_build_the_replayed_auction() -> None:
    # apply_unchecked builds with the trusted constructor; the public one replays calls
    rules = RuleConfig.common()
    auction = Auction.start(Seat.NORTH, rules)
    calls: list[tuple[Seat, Call]] = [(Seat.EAST, Bid(80, Strain.HEARTS)), (Seat.SOUTH, PASS)]
    for seat, call in calls:
        auction = auction.apply_unchecked(seat, call)
    _same(auction, Auction(Seat.NORTH, rules, tuple(calls)))
    classic = RuleConfig.classic_belote()
    turned = Card.parse("JH")
    taken = ClassicAuction.start(Seat.NORTH, classic, turned).apply_unchecked(Seat.EAST, TAKE)
    _same(taken, ClassicAuction(Seat.NORTH, classic, turned, ((Seat.EAST, TAKE),)))


def test_trusted_refuses_names_not_the_fields_in_order() -> None:
    with pytest.raises(TypeError, match=r"fields are \('leader', 'cards', 'mask'\)"):
        trusted(Trick, "leader", "cards")
    with pytest.raises(TypeError, match="fields are"):
        trusted(Trick, "cards", "leader", "mask")


def test_every_public_value_class_copies_to_itself() -> None:
    # every attrs class of the public API is an immutable value: its copies are itself,
    # said by the class (the Immutable base), not patched in by the package
    import coinche

    classes = [
        value
        for name in coinche.__all__
        if isinstance(value := getattr(coinche, name), type) and attrs.has(value)
    ]
    assert Hand in classes
    assert Step in classes
    for cls in classes:
        if cls in (coinche.Deal, coinche.PlayerView):  # deal.py and view.py: not yet
            continue
        assert issubclass(cls, Immutable), cls
    for value in [
        Step(Seat.NORTH, Card.parse("JH")),
        ClassicAuction.start(Seat.NORTH, RuleConfig.classic_belote(), Card.parse("JH")),
        TAKE,
        TeamPoints(1, 2),
    ]:
        assert copy.copy(value) is value
        assert copy.deepcopy(value) is value
