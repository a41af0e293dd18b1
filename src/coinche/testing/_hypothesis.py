"""The one import of hypothesis behind :mod:`coinche.testing.strategies` and
:mod:`coinche.testing.deals` (internal), and the size check their strategies share.

Without hypothesis (an install without the ``testing`` extra), importing either module
raises a :class:`ModuleNotFoundError` that names both and the extra to install.

>>> from coinche.testing._hypothesis import st
>>> st.booleans()
booleans()
"""

from __future__ import annotations

try:
    from hypothesis import reject
    from hypothesis import strategies as st
    from hypothesis.errors import InvalidArgument
except ModuleNotFoundError as missing:  # pragma: no cover - tested in a subprocess
    if missing.name != "hypothesis":
        raise
    raise ModuleNotFoundError(
        "coinche.testing.strategies and coinche.testing.deals need hypothesis, which the "
        "optional testing extra installs: pip install 'coinche[testing]'",
        name="hypothesis",
    ) from missing

__all__ = ["InvalidArgument", "check_sizes", "reject", "st"]


def check_sizes(min_size: int, max_size: int, most: int) -> None:
    """Raise InvalidArgument unless *min_size* and *max_size* are ints with
    ``0 <= min_size <= max_size <= most``.

    >>> from coinche.testing._hypothesis import check_sizes
    >>> check_sizes(2, 1, 4)
    Traceback (most recent call last):
    ...
    hypothesis.errors.InvalidArgument: min_size (2) is above max_size (1)
    """
    for name, value in (("min_size", min_size), ("max_size", max_size)):
        if type(value) is not int or not 0 <= value <= most:
            raise InvalidArgument(f"{name} must be an int from 0 to {most}, not {value!r}")
    if min_size > max_size:
        raise InvalidArgument(f"min_size ({min_size}) is above max_size ({max_size})")
