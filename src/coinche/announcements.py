"""Announcements (runs and fours of a kind) and how they compare (rules page, section 5).

Runs use the order A K Q J 10 9 8 7 in every strain: a tierce (3 cards) is worth 20,
a quarte (4) 50, a quinte (5 or more) 100. Four jacks are worth 200, four nines 150,
four aces, tens, kings or queens 100; four eights or sevens nothing.

>>> from coinche import Hand, RuleConfig, Strain, find_announcements
>>> hand = Hand.parse("JC JD JH JS 7S 8S 9S TS")
>>> [str(a) for a in find_announcements(hand, Strain.HEARTS, RuleConfig.ffb())]
['four jacks (JC JD JH JS) by N', 'quarte (7S 8S 9S TS) by N']
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import Final

import attrs
from typing_extensions import override

from coinche import _kernel as K
from coinche._checks import check_items, check_seat, check_type
from coinche._trusted import Immutable, trusted
from coinche.cards import Hand, Rank, Strain, Suit, hand_from_mask
from coinche.config import RuleConfig
from coinche.errors import InvalidDealError
from coinche.seats import Seat, Team

__all__ = [
    "Announcement",
    "AnnouncementKind",
    "compare_announcements",
    "find_announcements",
]


class AnnouncementKind(enum.StrEnum):
    """The kinds of announcement."""

    TIERCE = "tierce"
    """A run of three cards of one suit: 20."""
    QUARTE = "quarte"
    """A run of four (also called cinquante): 50."""
    QUINTE = "quinte"
    """A run of five or more (also called cent): 100."""
    FOUR_OF_A_KIND = "four_of_a_kind"
    """Four cards of one rank (carré): jacks 200, nines 150, A 10 K Q 100."""


_KINDS: Final = (
    AnnouncementKind.TIERCE,
    AnnouncementKind.QUARTE,
    AnnouncementKind.QUINTE,
    AnnouncementKind.FOUR_OF_A_KIND,
)
_KIND_CODES: Final = {kind: code for code, kind in enumerate(_KINDS)}
_RANK_WORDS: Final = {Rank.JACK: "jacks", Rank.NINE: "nines", Rank.ACE: "aces",
                      Rank.TEN: "tens", Rank.KING: "kings", Rank.QUEEN: "queens"}  # fmt: skip


@attrs.frozen
class Announcement(Immutable):
    """One announcement: its *kind*, the *cards* that form it and the *seat* that holds it.

    Building one checks that the cards really form an announcement of that kind.

    >>> from coinche import Announcement, AnnouncementKind, Hand, Seat
    >>> a = Announcement(AnnouncementKind.TIERCE, Hand.parse("QH KH AH"), Seat.WEST)
    >>> a.points, a.team, str(a)
    (20, <Team.EAST_WEST: 1>, 'tierce (QH KH AH) by W')
    >>> Announcement(AnnouncementKind.TIERCE, Hand.parse("QH KH AS"), Seat.WEST)
    Traceback (most recent call last):
    ...
    coinche.errors.InvalidDealError: QH KH AS is not a run of one suit
    """

    kind: AnnouncementKind
    """Tierce, quarte, quinte or four of a kind."""
    cards: Hand
    """The cards that form it."""
    seat: Seat
    """The seat that holds (declares) it."""

    def __attrs_post_init__(self) -> None:
        check_type(self.kind, AnnouncementKind, "kind")
        check_type(self.cards, Hand, "cards")
        check_seat(self.seat)
        problem = K.announcement_problem(_KIND_CODES[self.kind], self.cards.mask)
        if problem == 1:
            raise InvalidDealError(f"{self.cards} is not four cards of one rank")
        if problem == 2:
            raise InvalidDealError(
                f"four {self.cards.cards[0].rank.label}s score nothing and are not an announcement"
            )
        if problem == 3:
            raise InvalidDealError(f"{self.cards} is not a run of one suit")
        if problem == 4:
            raise InvalidDealError(f"{self.cards} is not a run: the ranks are not consecutive")
        if problem == 5:
            actual = _KINDS[K.run_kind(len(self.cards))]
            raise InvalidDealError(f"{self.cards} is a {actual.value}, not a {self.kind.value}")

    @property
    def points(self) -> int:
        """What the announcement is worth."""
        return K.announcement_points(_KIND_CODES[self.kind], self.cards.mask)

    @property
    def team(self) -> Team:
        """The team of the seat that holds it."""
        return self.seat.team

    @property
    def suit(self) -> Suit | None:
        """The suit of a run; ``None`` for a four of a kind."""
        if self.kind is AnnouncementKind.FOUR_OF_A_KIND:
            return None
        return self.cards.cards[0].suit

    def strength(self, strain: Strain) -> int:
        """The key announcements compare by, higher is better (rules page, section 5).

        Value first; at equal value a four of a kind beats a run; then the longer run,
        the higher top card, and the run in trumps. Fours of a kind worth 100 compare
        A > 10 > K > Q (a decision).

        >>> from coinche import Announcement, AnnouncementKind, Hand, Seat, Strain
        >>> run = Announcement(AnnouncementKind.QUINTE, Hand.parse("7H 8H 9H TH JH"),
        ...                    Seat.NORTH)
        >>> four = Announcement(AnnouncementKind.FOUR_OF_A_KIND, Hand.parse("KC KD KH KS"),
        ...                     Seat.EAST)
        >>> four.strength(Strain.HEARTS) > run.strength(Strain.HEARTS)
        True
        """
        check_type(strain, Strain, "strain")
        return K.announcement_strength(_KIND_CODES[self.kind], self.cards.mask, strain)

    @override
    def __str__(self) -> str:
        if self.kind is AnnouncementKind.FOUR_OF_A_KIND:
            name = f"four {_RANK_WORDS[self.cards.cards[0].rank]}"
        else:
            name = self.kind.value
        return f"{name} ({self.cards}) by {self.seat.letter}"


def _trusted(kind: AnnouncementKind, mask: int, seat: Seat) -> Announcement:
    """The announcement of *kind* the kernel found in *mask* for *seat*, unchecked."""
    return _trusted_announcement(kind, hand_from_mask(mask), seat)


_trusted_announcement: Callable[[AnnouncementKind, Hand, Seat], Announcement] = trusted(
    Announcement, "kind", "cards", "seat"
)


def _check_rules(rules: RuleConfig) -> None:
    check_type(rules, RuleConfig, "rules")


def find_announcements(
    hand: Hand, strain: Strain, rules: RuleConfig, seat: Seat = Seat.NORTH
) -> tuple[Announcement, ...]:
    """Every announcement *hand* can declare, each card used once (rules page, section 9).

    Fours of a kind are formed first (jacks, nines, aces, tens, kings, queens), then the
    longest runs from the cards left; a run of six to eight cards is one announcement
    of 100. With :attr:`~coinche.RuleConfig.runs_in_trump` off (classic belote) no run
    in the trump suit counts. With announcements off in *rules*, the answer is empty.
    The announcements carry *seat* (North unless given).

    >>> from coinche import Hand, RuleConfig, Seat, Strain, find_announcements
    >>> hand = Hand.parse("7H 8H 9H TH JH QH KH 7C")
    >>> [str(a) for a in find_announcements(hand, Strain.SPADES, RuleConfig.ffb(), Seat.EAST)]
    ['quinte (7H 8H 9H TH JH QH KH) by E']
    >>> find_announcements(hand, Strain.SPADES, RuleConfig.common())
    ()
    """
    check_type(hand, Hand, "hand")
    check_type(strain, Strain, "strain")
    _check_rules(rules)
    check_seat(seat)
    if not rules.announcements:
        return ()
    return find_in_mask(hand.mask, strain, rules.runs_in_trump, seat)


def find_in_mask(
    mask: int, strain: Strain, runs_in_trump: bool, seat: Seat
) -> tuple[Announcement, ...]:
    """The work of :func:`find_announcements` on a hand mask, without argument checks."""
    return tuple(
        _trusted(_KINDS[packed >> K.ANNOUNCEMENT_SHIFT], packed & K.ALL_CARDS, seat)
        for packed in K.find_announcements(mask, strain, runs_in_trump)
    )


def compare_announcements(
    announcements: Iterable[Announcement], strain: Strain, rules: RuleConfig
) -> tuple[Team | None, tuple[Announcement, ...]]:
    """Which team's announcements score, and which announcements those are.

    Only the team holding the best announcement scores, and then all of its
    announcements; when the two best are equal nobody scores (000, 003). With
    :attr:`~coinche.RuleConfig.only_best_announcement` (classic belote) only that single
    best announcement is paid. Capot is not handled here: see :func:`coinche.score_deal`.

    >>> from coinche import (Announcement, AnnouncementKind, Hand, RuleConfig, Seat,
    ...                      Strain, compare_announcements)
    >>> ns = Announcement(AnnouncementKind.TIERCE, Hand.parse("9C TC JC"), Seat.NORTH)
    >>> ew = Announcement(AnnouncementKind.TIERCE, Hand.parse("9D TD JD"), Seat.EAST)
    >>> compare_announcements([ns, ew], Strain.HEARTS, RuleConfig.ffb())   # equal: nobody
    (None, ())
    >>> compare_announcements([ns, ew], Strain.DIAMONDS, RuleConfig.ffb())[0]  # in trumps
    <Team.EAST_WEST: 1>
    """
    check_type(strain, Strain, "strain")
    _check_rules(rules)
    listed = check_items(announcements, Announcement, "announcements")
    team, best = K.best_announcements(
        [int(a.seat) & 1 for a in listed], [a.strength(strain) for a in listed]
    )
    if team < 0:
        return None, ()
    winner = Team(team)
    if rules.only_best_announcement:
        return winner, (listed[best],)
    return winner, tuple(a for a in listed if a.team is winner)


def check_declared(
    announcements: Iterable[Announcement], hands: dict[Seat, int], strain: Strain,
    rules: RuleConfig,
) -> tuple[Announcement, ...]:  # fmt: skip
    """Validate announcements said to be declared against the seats' hands (masks)."""
    listed = check_items(announcements, Announcement, "announcements")
    used = dict.fromkeys(Seat, 0)
    for announcement in listed:
        seat = announcement.seat
        mask = announcement.cards.mask
        if mask & ~hands[seat]:
            missing = Hand.from_mask(mask & ~hands[seat])
            raise InvalidDealError(f"{announcement}: {seat.name} did not hold {missing}")
        if used[seat] & mask:
            raise InvalidDealError(
                f"{announcement}: {Hand.from_mask(used[seat] & mask)} already serves in "
                f"another announcement of {seat.name}"
            )
        used[seat] |= mask
        suit = announcement.suit
        if suit is not None and not K.runs_count(strain, rules.runs_in_trump, suit):
            raise InvalidDealError(f"{announcement}: runs in trumps do not count in these rules")
    return listed
