"""Seats and teams.

Seats are named in the **order of play** (rules page, section 1): East plays after North,
South after East, West after South, North after West. Whether that order runs clockwise
or counter-clockwise round a real table is a display matter
(:attr:`coinche.RuleConfig.direction`); the rules only ever ask who plays next.

>>> from coinche import Seat, Team
>>> Seat.NORTH.next, Seat.NORTH.partner, Seat.NORTH.team
(<Seat.EAST: 1>, <Seat.SOUTH: 2>, <Team.NORTH_SOUTH: 0>)
>>> Team.EAST_WEST.seats
(<Seat.EAST: 1>, <Seat.WEST: 3>)
"""

from __future__ import annotations

import enum

from typing_extensions import override

from coinche._short import short_repr
from coinche._trusted import fill
from coinche.errors import CoincheTypeError, NotationError

__all__ = ["Seat", "Team"]

_setup = True  # while the members are being built and linked; then they are read-only


def _refuse_after_setup(member: enum.Enum, name: str, value: object) -> None:
    """Set an attribute of a seat or team member while the enum machinery builds it and
    the module links the members (see coinche._trusted.fill); afterwards refuse: every
    auction and deal reads them.

    The links are plain attributes, not properties reading a table: ``seat.next`` is
    read in every hot loop, and a property on an enum member is three times slower.
    """
    if not _setup:
        raise AttributeError(
            f"{type(member).__name__}.{member.name} is read-only: cannot set {name!r}"
        )
    fill(member, name, value)


def _refuse_delete(member: enum.Enum, name: str) -> None:
    raise AttributeError(
        f"{type(member).__name__}.{member.name} is read-only: cannot delete {name!r}"
    )


class Team(enum.IntEnum):
    """The two partnerships. ``Team.NORTH_SOUTH`` is 0, ``Team.EAST_WEST`` is 1.

    >>> from coinche import Team
    >>> Team.NORTH_SOUTH.other
    <Team.EAST_WEST: 1>
    """

    NORTH_SOUTH = 0
    EAST_WEST = 1

    other: Team
    """The opposing team."""
    seats: tuple[Seat, Seat]
    """The team's two seats, in the order of play."""

    @property
    def short(self) -> str:
        """``NS`` or ``EW``."""
        return ("NS", "EW")[self]

    @override
    def __str__(self) -> str:
        return ("NS", "EW")[self]

    @override
    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    @override
    def __setattr__(self, name: str, value: object) -> None:
        _refuse_after_setup(self, name, value)

    @override
    def __delattr__(self, name: str) -> None:
        _refuse_delete(self, name)


class Seat(enum.IntEnum):
    """The four seats, valued 0 to 3 in the order of play.

    >>> from coinche import Seat
    >>> list(Seat.WEST.cycle())
    [<Seat.WEST: 3>, <Seat.NORTH: 0>, <Seat.EAST: 1>, <Seat.SOUTH: 2>]
    >>> Seat.parse("e"), Seat.EAST.letter
    (<Seat.EAST: 1>, 'E')

    ``str()`` and f-strings give the letter (a team gives ``NS`` or ``EW``):

    >>> from coinche import Team
    >>> str(Seat.NORTH), f"{Seat.WEST} of {Team.EAST_WEST}"
    ('N', 'W of EW')
    """

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    # Plain attributes of each member, set once below: reading them is several times
    # faster than a property on an enum, and seats are read in every hot loop.
    next: Seat
    """The seat that plays after this one."""
    previous: Seat
    """The seat that plays before this one."""
    partner: Seat
    """The seat opposite: the partner."""
    team: Team
    """The team this seat plays for."""

    @property
    def letter(self) -> str:
        """``N``, ``E``, ``S`` or ``W``."""
        return "NESW"[self]

    @override
    def __str__(self) -> str:
        return "NESW"[self]

    @override
    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    @override
    def __setattr__(self, name: str, value: object) -> None:
        _refuse_after_setup(self, name, value)

    @override
    def __delattr__(self, name: str) -> None:
        _refuse_delete(self, name)

    def cycle(self) -> tuple[Seat, Seat, Seat, Seat]:
        """The four seats in the order of play, starting with this one."""
        v = int(self)
        return (_SEATS[v], _SEATS[(v + 1) & 3], _SEATS[(v + 2) & 3], _SEATS[(v + 3) & 3])

    def offset(self, steps: int) -> Seat:
        """The seat *steps* places later in the order of play (negative: earlier).

        >>> from coinche import Seat
        >>> Seat.NORTH.offset(3), Seat.NORTH.offset(-1)
        (<Seat.WEST: 3>, <Seat.WEST: 3>)
        """
        if type(steps) is not int:
            raise CoincheTypeError(f"steps must be an int, not {short_repr(steps)}")
        return _SEATS[(self + steps) & 3]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read a seat from its letter or name, in any case.

        >>> from coinche import Seat
        >>> Seat.parse("south")
        <Seat.SOUTH: 2>
        >>> Seat.parse("X")
        Traceback (most recent call last):
        ...
        coinche.errors.NotationError: cannot read 'X' as a seat (expected N, E, S, W or a name)
        """
        if not isinstance(text, str):
            raise CoincheTypeError(f"a seat is read from a str, not {type(text).__name__}")
        # ASCII only: "ſouth".upper() is "SOUTH", and str.strip() also strips control
        # characters such as "\x1c"
        key = text.strip(" \t\r\n").upper() if text.isascii() else ""
        for seat in _SEATS:
            if key in (seat.name, seat.letter):
                return seat
        raise NotationError(
            f"cannot read {short_repr(text)} as a seat (expected N, E, S, W or a name)"
        )


_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_TEAMS = (Team.NORTH_SOUTH, Team.EAST_WEST)
for _seat in _SEATS:
    _seat.next = _SEATS[(_seat + 1) & 3]
    _seat.previous = _SEATS[(_seat + 3) & 3]
    _seat.partner = _SEATS[(_seat + 2) & 3]
    _seat.team = _TEAMS[_seat & 1]
for _team in _TEAMS:
    _team.other = _TEAMS[1 - _team]
    _team.seats = (_SEATS[_team], _SEATS[_team + 2])
del _seat, _team
_setup = False
