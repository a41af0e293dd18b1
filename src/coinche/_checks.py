"""Argument checks shared by the whole library (internal).

Every public function checks its arguments through these helpers, so that a bad value
raises :class:`~coinche.errors.CoincheTypeError` (or the library error the caller
names) with the same wording everywhere, and a message never holds more than a short,
safe rendering of the bad value: a 100,000-character string, an integer of 5,000
digits (which :func:`str` refuses to format) or an object whose ``repr`` raises are
shown cut down, never whole.

>>> from coinche._checks import check_int_range, short_repr
>>> short_repr("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
>>> short_repr(10**5000)
'<an int of 5001 digits>'
>>> check_int_range(10**5000, "target", 1, 100_000)
Traceback (most recent call last):
...
coinche.errors.CoincheTypeError: target must be an int from 1 to 100000, not <an int of ...
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, TypeVar

from coinche._short import MAX_REPR, short_repr, short_text
from coinche.errors import CoincheError, CoincheTypeError
from coinche.seats import Seat

__all__ = [
    "MAX_REPR",
    "check_bool",
    "check_int_range",
    "check_items",
    "check_iterable",
    "check_seat",
    "check_type",
    "short_repr",
    "short_text",
]

T = TypeVar("T")


SEED_LIMIT: Final = 10**100
"""Seeds of matches, datasets and reviews are ints of at most 100 digits
(``-SEED_LIMIT < seed < SEED_LIMIT``): they are turned into text to seed a generator."""


def check_type(value: object, types: type[T] | tuple[type[Any], ...], name: str) -> T:
    """Return *value* if it is an instance of *types*, else raise CoincheTypeError.

    ``bool`` never passes for ``int``: ``True`` is not a number of points.
    """
    wanted = types if isinstance(types, tuple) else (types,)
    if isinstance(value, wanted) and not (
        isinstance(value, bool) and bool not in wanted and int in wanted
    ):
        return value
    names = " or ".join(_type_name(t) for t in wanted)
    raise CoincheTypeError(
        f"{name} must be {_article(names)}{names}, not {type(value).__name__} "
        f"({short_repr(value)})"
    )


def _type_name(kind: type[Any]) -> str:
    """``None``, ``int``, ``Seat`` (the library's and the builtins' by name), else the
    type with its module: ``random.Random``."""
    if kind is type(None):
        return "None"
    module = kind.__module__
    if module == "builtins" or module.split(".")[0] == "coinche":
        return kind.__name__
    return f"{module}.{kind.__qualname__}"


def _article(names: str) -> str:
    return "" if names == "None" else ("an " if names[0] in "AEIOUaeiou" else "a ")


def check_seat(value: object, name: str = "seat") -> Seat:
    """Return *value* if it is a :class:`~coinche.Seat` (not the int it equals), else
    raise CoincheTypeError in :func:`check_type`'s words.

    >>> from coinche._checks import check_seat
    >>> check_seat(0, "dealer")
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: dealer must be a Seat, not int (0)
    """
    if type(value) is Seat:
        return value
    return check_type(value, Seat, name)  # raises: an IntEnum has no subclass


def check_bool(value: object, name: str) -> bool:
    """Return *value* if it is ``True`` or ``False``, else raise CoincheTypeError."""
    if type(value) is not bool:
        raise CoincheTypeError(
            f"{name} must be a bool, not {type(value).__name__} ({short_repr(value)})"
        )
    return value


def check_int_range(
    value: object,
    name: str,
    low: int,
    high: int,
    error: type[CoincheError] | None = None,
) -> int:
    """Return *value* if it is an int (not a bool) from *low* to *high*.

    A value of another type raises CoincheTypeError; an int out of range raises
    *error* (CoincheTypeError when not given, for an argument with no range of its
    own in the rules). The message gives the range, and the value cut down.
    """
    if type(value) is not int:
        raise CoincheTypeError(
            f"{name} must be an int from {low} to {high}, not {type(value).__name__} "
            f"({short_repr(value)})"
        )
    if not low <= value <= high:
        raise (error or CoincheTypeError)(
            f"{name} must be an int from {low} to {high}, not {short_repr(value)}"
        )
    return value


def check_iterable(value: object, name: str) -> None:
    """Raise CoincheTypeError unless *value* is an iterable of items (not a str)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise CoincheTypeError(
            f"{name} must be an iterable, not {type(value).__name__} ({short_repr(value)})"
        )


def check_items(value: object, item_type: type[T], name: str) -> tuple[T, ...]:
    """*value*, an iterable of *item_type* (not a str), copied into a tuple.

    The copy is what the caller keeps: a list cleared or a generator used up later
    cannot change it.
    """
    check_iterable(value, name)
    assert isinstance(value, Iterable)
    items = tuple(value)
    for index, item in enumerate(items):
        if not isinstance(item, item_type):
            raise CoincheTypeError(
                f"{name}[{index}] must be {_article(item_type.__name__)}{item_type.__name__}, "
                f"not {type(item).__name__} ({short_repr(item)})"
            )
    return items
