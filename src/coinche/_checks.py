"""Argument checks shared by the whole library (internal).

Every public door (function, constructor, method, environment) checks its arguments
through these helpers, so that a bad argument raises the same library error with the
same wording everywhere:

- a value of the wrong type: :class:`~coinche.errors.CoincheTypeError`;
- a value of the right type that is refused (an int out of its range, NaN or an
  infinity, a word not among the choices, a sequence of the wrong length):
  :class:`~coinche.errors.CoincheValueError` (also a ``CoincheTypeError``, as such
  errors were before it existed), or the library error the caller names (*error*:
  ``InvalidDealError`` for a number of points the rules refuse, say).

A message names the argument and shows the bad value cut down: a 100,000-character
string, an integer of 5,000 digits (which :func:`str` refuses to format) or an object
whose ``repr`` raises are shown short, never whole. Nothing is coerced: ``True`` is not
an int, ``1.5`` is not rounded, ``"3"`` is not read as a number. NumPy's integers are
accepted where a caller says ``numpy=True`` (the RL doors), and always given back as a
plain :class:`int`: use the returned value.

=======================  ==============================================================
checker                  accepts
=======================  ==============================================================
:func:`check_type`       an instance of the given type(s) (``bool`` is not an ``int``)
:func:`check_bool`       ``True`` or ``False``
:func:`check_seat`       a :class:`~coinche.Seat` (not the int it equals)
:func:`check_int_range`  an int from *low* to *high*
:func:`check_seed`       an int of at most 100 digits (a generator's seed)
:func:`check_number`     a finite int or float within bounds, as a float
:func:`check_choice`     one of a few words
:func:`check_sequence`   an iterable (not a str), copied to a tuple, its length and
                         items checked
:func:`check_masks`      four card masks (ints of 32 bits), as a tuple
:func:`check_callable`   something callable
=======================  ==============================================================

The attrs validators :func:`is_int`, :func:`is_number`, :func:`is_choice`,
:func:`is_instance` and :func:`is_tuple_of` run the same checks on the fields of a
frozen value, naming the field as ``Class.field``.

>>> from coinche._checks import check_int_range, check_number, short_repr
>>> short_repr("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
>>> short_repr(10**5000)
'<an int of 5001 digits>'
>>> check_int_range(10**5000, "target", 1, 100_000)
Traceback (most recent call last):
...
coinche.errors.CoincheValueError: target must be an int from 1 to 100000, not <an int of ...
>>> check_number(10**400, "exploration", 0, 100)
Traceback (most recent call last):
...
coinche.errors.CoincheValueError: exploration must be a number from 0 to 100, not <an int ...
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeVar

from coinche._short import MAX_REPR, short_repr, short_text
from coinche.errors import CoincheError, CoincheTypeError, CoincheValueError
from coinche.seats import Seat

__all__ = [
    "MASK_LIMIT",
    "MAX_REPR",
    "SEED_LIMIT",
    "check_bool",
    "check_callable",
    "check_choice",
    "check_int_range",
    "check_items",
    "check_iterable",
    "check_masks",
    "check_number",
    "check_seat",
    "check_seed",
    "check_sequence",
    "check_type",
    "is_choice",
    "is_instance",
    "is_int",
    "is_number",
    "is_tuple_of",
    "short_repr",
    "short_text",
]

T = TypeVar("T")

MASK_LIMIT: Final = 0xFFFFFFFF
"""The largest card mask: all 32 cards."""


SEED_LIMIT: Final = 10**100
"""Seeds of matches, datasets and reviews are ints of at most 100 digits
(``-SEED_LIMIT < seed < SEED_LIMIT``): they are turned into text to seed a generator."""


def _shown(value: object) -> str:
    """``type (value)`` for a message about a value of the wrong type."""
    return f"{type(value).__name__} ({short_repr(value)})"


def check_type(value: object, types: type[T] | tuple[type[Any], ...], name: str) -> T:
    """Return *value* if it is an instance of *types*, else raise CoincheTypeError.

    ``bool`` never passes for ``int``: ``True`` is not a number of points.

    >>> from coinche._checks import check_type
    >>> check_type(True, int, "points")
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: points must be an int, not bool (True)
    """
    wanted = types if isinstance(types, tuple) else (types,)
    if isinstance(value, wanted) and not (
        isinstance(value, bool) and bool not in wanted and int in wanted
    ):
        return value
    names = " or ".join(_type_name(t) for t in wanted)
    raise CoincheTypeError(f"{name} must be {_article(names)}{names}, not {_shown(value)}")


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
    """Return *value* if it is ``True`` or ``False``, else raise CoincheTypeError (the
    string ``"no"`` and the int ``0`` are not booleans).

    >>> from coinche._checks import check_bool
    >>> check_bool("no", "compact")
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: compact must be a bool, not str ('no')
    """
    if type(value) is not bool:
        raise CoincheTypeError(f"{name} must be a bool, not {_shown(value)}")
    return value


def _as_int(value: object, numpy: bool) -> int | None:
    """*value* as a plain int: an int (never a bool), or with *numpy* a NumPy integer
    (a scalar or a 0-d array, not NumPy's bool); None for anything else."""
    if type(value) is int:
        return value
    if numpy and type(value).__module__ == "numpy":
        convert = getattr(value, "__index__", None)
        if convert is not None:
            try:
                found = convert()
            except TypeError:  # an array of more dimensions, or of floats
                return None
            return found if type(found) is int else None
    return None


def check_int_range(
    value: object,
    name: str,
    low: int,
    high: int,
    error: type[CoincheError] | None = None,
    *,
    numpy: bool = False,
) -> int:
    """Return *value* if it is an int (not a bool) from *low* to *high*.

    A value of another type raises CoincheTypeError; an int out of range raises
    *error* (:class:`~coinche.errors.CoincheValueError` when not given). The message
    gives the range, and the value cut down. With *numpy*, a NumPy integer is accepted
    too, and returned as an int.

    >>> from coinche._checks import check_int_range
    >>> check_int_range(1.5, "worlds", 1, 100)
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: worlds must be an int from 1 to 100, not float (1.5)
    """
    found = _as_int(value, numpy)
    if found is None:
        raise CoincheTypeError(f"{name} must be an int from {low} to {high}, not {_shown(value)}")
    if not low <= found <= high:
        raise (error or CoincheValueError)(
            f"{name} must be an int from {low} to {high}, not {short_repr(found)}"
        )
    return found


def check_seed(value: object, name: str = "seed", *, numpy: bool = False) -> int:
    """Return *value* if it is an int of at most 100 digits (``-SEED_LIMIT < value <
    SEED_LIMIT``): a seed that is turned into text to seed a generator. A negative seed
    is a seed like any other. With *numpy*, a NumPy integer is accepted and returned as
    an int.

    >>> from coinche._checks import check_seed
    >>> check_seed(-7)
    -7
    >>> check_seed("7")
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: seed must be an int of at most 100 digits, not str ('7')
    """
    found = _as_int(value, numpy)
    if found is None:
        raise CoincheTypeError(f"{name} must be an int of at most 100 digits, not {_shown(value)}")
    if not -SEED_LIMIT < found < SEED_LIMIT:
        raise CoincheValueError(
            f"{name} must be an int of at most 100 digits, not {short_repr(found)}"
        )
    return found


def _bounds(low: float | None, high: float | None) -> str:
    if low is None and high is None:
        return "a finite number"
    if high is None:
        return f"a number from {low:g}"
    if low is None:
        return f"a number up to {high:g}"
    return f"a number from {low:g} to {high:g}"


def check_number(
    value: object,
    name: str,
    low: float | None = None,
    high: float | None = None,
    error: type[CoincheError] | None = None,
    *,
    numpy: bool = False,
) -> float:
    """Return *value*, an int or a float (not a bool, not a str), as a float, if it is
    finite and from *low* to *high* (each bound left out when None).

    NaN and the infinities are refused, and so is an int too large for a float,
    without letting :class:`OverflowError` out: an int is compared with the bounds
    exactly before it is turned into a float. A value of another type raises
    CoincheTypeError; a refused number *error* (CoincheValueError when not given). With
    *numpy*, NumPy's numbers are accepted too (NumPy's float64 always is: it is a
    float).

    >>> from coinche._checks import check_number
    >>> check_number(3, "exploration", 0, 100)
    3.0
    >>> check_number(float("nan"), "illegal_reward")
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheValueError: illegal_reward must be a finite number, not nan
    """
    number: int | float
    if type(value) is int or isinstance(value, float):
        number = value
    elif (found := _as_int(value, numpy)) is not None:
        number = found
    elif numpy and type(value).__module__ == "numpy" and type(value).__name__.startswith("float"):
        number = float(value)  # type: ignore[arg-type]
    else:
        raise CoincheTypeError(f"{name} must be {_bounds(low, high)}, not {_shown(value)}")
    wanted = _bounds(low, high)
    refused = (error or CoincheValueError)(f"{name} must be {wanted}, not {short_repr(number)}")
    if isinstance(number, float) and not math.isfinite(number):
        raise refused
    if (low is not None and number < low) or (high is not None and number > high):
        raise refused  # an int and a float compare exactly, whatever their size
    try:
        return float(number)
    except OverflowError:  # an int beyond the floats, with no bound to refuse it first
        raise refused from None


def check_choice(value: object, name: str, choices: Sequence[str]) -> str:
    """Return *value* if it is one of the words *choices*, else raise CoincheTypeError (not
    a str) or CoincheValueError (another word).

    >>> from coinche._checks import check_choice
    >>> check_choice("point", "objective", ("score", "points"))
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheValueError: objective must be one of 'score', 'points', not 'point'
    """
    words = ", ".join(repr(choice) for choice in choices)
    if not isinstance(value, str):
        raise CoincheTypeError(f"{name} must be one of {words}, not {_shown(value)}")
    if value not in choices:
        raise CoincheValueError(f"{name} must be one of {words}, not {short_repr(value)}")
    return value


def check_iterable(value: object, name: str) -> None:
    """Raise CoincheTypeError unless *value* is an iterable of items (not a str)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise CoincheTypeError(f"{name} must be an iterable, not {_shown(value)}")


def check_sequence(
    value: object,
    name: str,
    item_type: type[T] | tuple[type[Any], ...] | None = None,
    *,
    min_len: int = 0,
    max_len: int | None = None,
) -> tuple[T, ...]:
    """*value*, an iterable (not a str), copied into a tuple, with from *min_len* to
    *max_len* items, each an instance of *item_type* when given.

    The copy is what the caller keeps: a list cleared or a generator used up later
    cannot change it. An iterable longer than *max_len* is read no further than one item
    past it (a generator that never ends is refused, not followed). A wrong item raises
    CoincheTypeError naming its place; a wrong length CoincheValueError.

    >>> from coinche import Seat
    >>> from coinche._checks import check_sequence
    >>> check_sequence([Seat.NORTH, 2], "seats", Seat)
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: seats[1] must be a Seat, not int (2)
    >>> check_sequence([], "deals", min_len=1)
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheValueError: deals must hold at least 1 item, not 0
    """
    check_iterable(value, name)
    assert isinstance(value, Iterable)
    if max_len is None:
        items = tuple(value)
    else:
        items = tuple(item for item, _ in zip(value, range(max_len + 1), strict=False))
        if len(items) > max_len:
            raise CoincheValueError(f"{name} must hold at most {max_len} items, not more")
    if len(items) < min_len:
        plural = "" if min_len == 1 else "s"
        raise CoincheValueError(
            f"{name} must hold at least {min_len} item{plural}, not {len(items)}"
        )
    if item_type is not None:
        for index, item in enumerate(items):
            check_type(item, item_type, f"{name}[{index}]")
    return items


def check_masks(value: object, name: str = "hands", count: int = 4) -> tuple[int, ...]:
    """*value*, *count* card masks (ints from 0 to 2**32 - 1, a bit for each card), as a
    tuple; else the library's error naming *name* (a tuple of plain ints passes at the
    cost of one look at each, for the search's hot paths).

    >>> from coinche._checks import check_masks
    >>> check_masks([1, 2, 4, 8])
    (1, 2, 4, 8)
    >>> check_masks((1, 2, 4))
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheValueError: hands must hold at least 4 items, not 3
    """
    if type(value) is tuple and len(value) == count:
        for mask in value:
            if type(mask) is not int or not 0 <= mask <= MASK_LIMIT:
                break
        else:
            return value
    items: tuple[object, ...] = check_sequence(value, name, min_len=count, max_len=count)
    return tuple(
        check_int_range(mask, f"{name}[{index}]", 0, MASK_LIMIT)
        for index, mask in enumerate(items)
    )


def check_items(value: object, item_type: type[T], name: str) -> tuple[T, ...]:
    """*value*, an iterable of *item_type* (not a str), copied into a tuple
    (:func:`check_sequence` with an item type and no bound on the length)."""
    return check_sequence(value, name, item_type)


def check_callable(value: object, name: str) -> Callable[..., Any]:
    """Return *value* if it is callable, else raise CoincheTypeError.

    >>> from coinche._checks import check_callable
    >>> check_callable(5, "progress")
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: progress must be callable, not int (5)
    """
    if not callable(value):
        raise CoincheTypeError(f"{name} must be callable, not {_shown(value)}")
    return value


# ---------------------------------------------------------------- attrs validators
Validator = Callable[[Any, Any, Any], None]
"""What attrs calls to check a field: ``validator(instance, attribute, value)``."""


def _field_name(instance: object, attribute: Any) -> str:
    return f"{type(instance).__name__}.{attribute.name}"


def is_int(low: int, high: int, *, optional: bool = False) -> Validator:
    """An attrs validator: the field is an int from *low* to *high* (or None when
    *optional*), as :func:`check_int_range` checks it.

    >>> import attrs
    >>> from coinche._checks import is_int
    >>> @attrs.frozen
    ... class Row:
    ...     number: int = attrs.field(validator=is_int(0, 31))
    >>> Row(32)
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheValueError: Row.number must be an int from 0 to 31, not 32
    """

    def validate(instance: object, attribute: Any, value: object) -> None:
        if not (optional and value is None):
            check_int_range(value, _field_name(instance, attribute), low, high)

    return validate


def is_number(
    low: float | None = None, high: float | None = None, *, optional: bool = False
) -> Validator:
    """An attrs validator: the field is a finite number from *low* to *high* (or None
    when *optional*), as :func:`check_number` checks it. The field keeps the value
    given (an int stays an int).

    >>> import attrs
    >>> from coinche._checks import is_number
    >>> @attrs.frozen
    ... class Row:
    ...     mean: float = attrs.field(validator=is_number())
    >>> Row(float("nan"))
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheValueError: Row.mean must be a finite number, not nan
    """

    def validate(instance: object, attribute: Any, value: object) -> None:
        if not (optional and value is None):
            check_number(value, _field_name(instance, attribute), low, high)

    return validate


def is_choice(choices: Sequence[str]) -> Validator:
    """An attrs validator: the field is one of the words *choices*, as
    :func:`check_choice` checks it.

    >>> import attrs
    >>> from coinche._checks import is_choice
    >>> @attrs.frozen
    ... class Row:
    ...     kind: str = attrs.field(validator=is_choice(("table", "evaluated")))
    >>> Row("tables")
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheValueError: Row.kind must be one of 'table', 'evaluated', not 'tables'
    """

    def validate(instance: object, attribute: Any, value: object) -> None:
        check_choice(value, _field_name(instance, attribute), choices)

    return validate


def is_instance(types: type[Any] | tuple[type[Any], ...], *, optional: bool = False) -> Validator:
    """An attrs validator: the field is an instance of *types* (or None when
    *optional*), as :func:`check_type` checks it.

    >>> import attrs
    >>> from coinche import Seat
    >>> from coinche._checks import is_instance
    >>> @attrs.frozen
    ... class Row:
    ...     seat: Seat = attrs.field(validator=is_instance(Seat))
    >>> Row("N")
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: Row.seat must be a Seat, not str ('N')
    """

    def validate(instance: object, attribute: Any, value: object) -> None:
        if not (optional and value is None):
            check_type(value, types, _field_name(instance, attribute))

    return validate


def is_tuple_of(
    item_type: type[Any] | tuple[type[Any], ...], *, length: int | None = None
) -> Validator:
    """An attrs validator: the field is a tuple (not a list: a frozen value holds no
    mutable sequence) of *item_type*, of *length* items when given.

    >>> import attrs
    >>> from coinche import Seat
    >>> from coinche._checks import is_tuple_of
    >>> @attrs.frozen
    ... class Row:
    ...     seats: tuple[Seat, ...] = attrs.field(validator=is_tuple_of(Seat))
    >>> Row((Seat.NORTH, "E"))
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: Row.seats[1] must be a Seat, not str ('E')
    """

    def validate(instance: object, attribute: Any, value: object) -> None:
        name = _field_name(instance, attribute)
        value = check_type(value, tuple, name)
        if length is not None and len(value) != length:
            raise CoincheValueError(f"{name} must hold {length} items, not {len(value)}")
        check_sequence(value, name, item_type)

    return validate
