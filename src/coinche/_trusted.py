"""The one way the library builds its frozen values without checking them (internal).

The public constructors (``Hand(cards)``, ``Trick(leader, cards)``, ``Step(...)``...)
check every argument. On hot paths the library builds values from figures it derived
itself from input already checked (a mask the kernel computed, a node of a deal's log,
the points of a scored deal); checking those again costs more than the rest of the work.
Those values are built here, and only here:

- :func:`trusted` gives, once per class, a constructor taking the values of *every*
  attrs field of the class (``init=False`` ones included) positionally, in field order.
  The names the caller lists are checked against the class's fields when the
  constructor is made (at import), so a field added, removed or reordered fails there,
  never as a value built wrong. The constructor sets the fields as attrs' own
  ``__init__`` does for a frozen class (``object.__setattr__``), skipping the checks,
  the converters and ``__attrs_post_init__``.
- :class:`Immutable`, a base of every value class: a copy, shallow or deep, of an
  immutable value is the value itself (as for a tuple).
- :func:`fill` sets one field of an instance still being made: a field derived in the
  class's own ``__init__`` or ``__attrs_post_init__``, a cache filled once from the
  value's own data, or an attribute linking enum members at import.

A class without slots whose values are copied with a few fields changed (``Deal``: 15
fields) is faster built from a copy of another instance's ``__dict__``, swapped in with
``fill(instance, "__dict__", state)`` on ``object.__new__(cls)``, than field by field.

Use them only for values the library derived from checked input; anything a caller
passes goes through the public constructor. ``tests/test_trusted.py`` checks that each
trusted constructor builds the value the public one builds.

>>> import attrs
>>> from coinche._trusted import trusted
>>> @attrs.frozen
... class Pair:
...     left: int
...     right: int = attrs.field(init=False)
>>> make_pair = trusted(Pair, "left", "right")
>>> make_pair(1, 2)
Pair(left=1, right=2)
>>> trusted(Pair, "right", "left")
Traceback (most recent call last):
...
TypeError: trusted(Pair): fields are ('left', 'right'), not ('right', 'left')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self, TypeVar, cast

import attrs

__all__ = ["Immutable", "fill", "trusted"]

T = TypeVar("T")

fill: Callable[[object, str, object], None] = object.__setattr__
"""Set field *name* of *instance* (being made, or a cache filled once) to *value*."""


class Immutable:
    """A base of the library's immutable values: ``copy.copy`` and ``copy.deepcopy``
    give the value itself, as for a tuple (nothing in it can change).

    >>> import copy
    >>> from coinche import Hand
    >>> hand = Hand.parse("JH 9H")
    >>> copy.copy(hand) is hand and copy.deepcopy([hand])[0] is hand
    True
    """

    __slots__ = ()

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self


def trusted(cls: type[T], *names: str) -> Callable[..., T]:
    """A constructor of the frozen attrs class *cls* that skips its checks.

    *names* are the class's attrs fields, all of them, in order: the constructor takes
    their values positionally in that order. Raises TypeError (a programming error of
    the library, at import) when they are not.
    """
    fields = tuple(field.name for field in attrs.fields(cast(Any, cls)))
    if names != fields:
        raise TypeError(f"trusted({cls.__name__}): fields are {fields}, not {names}")
    # The constructor is written out, as attrs writes its own __init__: one call and
    # one set per field, as fast as a constructor written by hand.
    args = ", ".join(f"v{i}" for i in range(len(names)))
    sets = "".join(f"    _set(self, {name!r}, v{i})\n" for i, name in enumerate(names))
    source = f"def build({args}):\n    self = _new(cls)\n{sets}    return self\n"
    namespace: dict[str, Any] = {"_new": object.__new__, "_set": object.__setattr__, "cls": cls}
    exec(compile(source, f"<trusted {cls.__qualname__}>", "exec"), namespace)
    build: Callable[..., T] = namespace["build"]
    build.__qualname__ = build.__name__ = f"trusted_{cls.__name__}"
    build.__doc__ = f"A {cls.__name__} from its fields {names}, unchecked (coinche._trusted)."
    return build
