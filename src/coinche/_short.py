"""Short, safe renderings of any value for a message (internal; :mod:`coinche._checks`
re-exports them).

A message never holds more than a short rendering of the bad value: a
100,000-character string, an integer of 5,000 digits (which :func:`str` refuses to
format) or an object whose ``repr`` raises are shown cut down, never whole. This module
imports nothing of the library, so that the errors (:mod:`coinche.errors`) and the
argument checks (:mod:`coinche._checks`) both build their messages with it.

>>> from coinche._short import short_repr, short_text
>>> short_repr("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
>>> short_repr(10**5000)
'<an int of 5001 digits>'
>>> short_repr([0] * 10_000)
'[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...]'
>>> short_text("7H 8H 9H 10H", limit=9)  # the first 9 - 3 characters, and the length
'7H 8H ... (12 characters)'
"""

from __future__ import annotations

__all__ = ["MAX_REPR", "short_repr", "short_text"]

MAX_REPR = 60
"""The most characters of a bad value that a message shows."""
MAX_ITEMS = 16
"""Of a longer list or tuple, only the first items are written out (the repr of
thousands of arrays takes seconds)."""


def _int_digits(value: int) -> int:
    """The number of decimal digits of *value*, without formatting it."""
    bits = abs(value).bit_length()
    # log10(2) ~ 0.30103: an estimate within one digit, enough for a message
    return max(1, int(bits * 0.30103) + 1)


def short_repr(value: object, limit: int = MAX_REPR) -> str:
    """A ``repr`` of *value* at most about *limit* characters long, which never raises."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"<an int of {_int_digits(value)} digits>"
    try:
        if isinstance(value, (list, tuple)) and len(value) > MAX_ITEMS:
            text = repr(value[:MAX_ITEMS])  # the first items only, then "..."
            text = f"{text[:-1]}, ...{text[-1]}"
        else:
            text = repr(value)
    except Exception:  # a broken __repr__ (or a huge int inside a container)
        return f"<a {type(value).__name__}>"
    if len(text) <= limit:
        return text
    size = f" ({len(value)} characters)" if isinstance(value, str) else ""
    closing = text[-1] if text[-1] in "'\")]}>" else ""
    return f"{text[: limit - 6]}...{closing}{size}"


def short_text(text: str, limit: int = MAX_REPR) -> str:
    """*text* cut to about *limit* characters, for echoing user input in a message."""
    if len(text) <= limit:
        return text
    return f"{text[: limit - 3]}... ({len(text)} characters)"
