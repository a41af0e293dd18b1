"""Seats and teams.

Seats are named in the **order of play** (RULES.md section 1): East plays after North,
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

__all__ = ["Seat", "Team"]


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


class Seat(enum.IntEnum):
    """The four seats, valued 0 to 3 in the order of play.

    >>> from coinche import Seat
    >>> list(Seat.WEST.cycle())
    [<Seat.WEST: 3>, <Seat.NORTH: 0>, <Seat.EAST: 1>, <Seat.SOUTH: 2>]
    >>> Seat.parse("e"), Seat.EAST.letter
    (<Seat.EAST: 1>, 'E')
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
            from coinche.errors import CoincheTypeError

            raise CoincheTypeError(f"steps must be an int, not {steps!r}")
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
        from coinche.errors import CoincheTypeError, NotationError

        if not isinstance(text, str):
            raise CoincheTypeError(f"a seat is read from a str, not {type(text).__name__}")
        key = text.strip().upper()
        for seat in _SEATS:
            if key in (seat.name, seat.letter):
                return seat
        raise NotationError(f"cannot read {text!r} as a seat (expected N, E, S, W or a name)")


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
