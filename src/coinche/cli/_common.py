"""What the commands of ``coinche`` share (internal): reading the input files, the
argument types, the players by name.

:mod:`coinche.cli` (the parser, ``main`` and the ``legal``, ``score`` and ``play``
commands) and the command modules ``_analysis`` and ``_scale`` import this module;
it imports none of them, so that no command module imports the main module.
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Final

from coinche import COMPILED
from coinche._checks import short_repr
from coinche.bots.players import GreedyPlayer, PimcPlayer, Player, RandomPlayer

_PROG = "coinche"


def _read_text(name: str) -> str:
    if name == "-":
        return _read_stdin()
    try:
        return Path(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _InputError(f"cannot read {name}: no such file") from None
    except UnicodeDecodeError as error:
        raise _InputError(f"cannot read {name}: not UTF-8 text ({error.reason})") from None
    except OSError as error:
        raise _InputError(f"cannot read {name}: {error.strerror or error}") from None


def _read_stdin() -> str:
    """Standard input as UTF-8 text, read as bytes so that no decoding error or closed
    stream escapes as a traceback."""
    stream = sys.stdin
    if stream is None:  # started with standard input closed (coinche score - <&-)
        raise _InputError("cannot read standard input: it is closed")
    try:
        buffer = getattr(stream, "buffer", None)
        data = buffer.read() if buffer is not None else stream.read()
    except UnicodeDecodeError as error:  # a text stream without a buffer
        raise _InputError(f"cannot read standard input: not UTF-8 text ({error.reason})") from None
    except (OSError, ValueError) as error:  # a closed or unreadable stream
        raise _InputError(f"cannot read standard input: {error}") from None
    if isinstance(data, str):
        return data
    try:
        return bytes(data).decode("utf-8")
    except UnicodeDecodeError as error:
        raise _InputError(f"cannot read standard input: not UTF-8 text ({error.reason})") from None


class _InputError(Exception):
    """A file that cannot be read."""


def _pimc() -> Player:
    """The demo's PIMC player: greedy bids, and double-dummy play over 10 sampled deals
    once at most 16 cards are left (before that, greedy play), so that a whole game
    still takes seconds in pure Python."""
    return PimcPlayer(worlds=10, max_cards=16)


_PLAYER_KINDS: Final[dict[str, Callable[[], Player]]] = {
    "greedy": GreedyPlayer,
    "pimc": _pimc,
    "random": RandomPlayer,
}


def is_class_name(text: str) -> bool:
    """Whether *text* is written ``module:Class`` (a dotted module name, a colon, a name),
    as :func:`player_class` reads it.

    >>> from coinche.cli._common import is_class_name
    >>> is_class_name("mybots:SmartPlayer"), is_class_name("pimc:worlds=20")
    (True, False)
    """
    module, colon, name = text.strip().partition(":")
    return (
        bool(colon)
        and all(part.isidentifier() for part in module.split("."))
        and name.isidentifier()
    )


def player_class(text: str) -> Callable[[], Player]:
    """The player class named ``module:Class`` (a user's own
    :class:`~coinche.bots.players.Player`), imported and checked: built with no
    arguments, it must give something with a ``choose`` method. The current directory
    is searched first, as ``python -m`` does. Every failure is an
    :class:`argparse.ArgumentTypeError` saying which.

    >>> from coinche.cli._common import player_class
    >>> player_class("coinche.bots.players:GreedyPlayer")().__class__.__name__
    'GreedyPlayer'
    >>> player_class("coinche.bots.players:play_deal")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: coinche.bots.players:play_deal() raised TypeError: ...
    """
    module_name, _, class_name = text.strip().partition(":")
    if not is_class_name(text):
        raise argparse.ArgumentTypeError(
            f"a player of your own is written module:Class, not {short_repr(text)}"
        )
    here = os.getcwd()
    if here not in sys.path:
        sys.path.insert(0, here)
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise argparse.ArgumentTypeError(f"cannot import {module_name}: {error}") from None
    except Exception as error:  # the user's module raised while it was imported
        raise argparse.ArgumentTypeError(
            f"importing {module_name} raised {type(error).__name__}: {error}"
        ) from None
    factory = getattr(module, class_name, None)
    if not callable(factory):
        raise argparse.ArgumentTypeError(f"{module_name} has no player class {class_name}")
    try:
        player = factory()
    except Exception as error:  # the user's constructor raised
        raise argparse.ArgumentTypeError(
            f"{text.strip()}() raised {type(error).__name__}: {error}"
        ) from None
    if not isinstance(player, Player):
        raise argparse.ArgumentTypeError(
            f"{text.strip()}() is not a Player: it has no choose(view, legal, rng) method"
        )
    return factory  # type: ignore[no-any-return]


def make_player(name: str) -> Player:
    """A new player of ``coinche play --players``: a built-in kind or ``module:Class``."""
    return _PLAYER_KINDS[name]() if name in _PLAYER_KINDS else player_class(name)()


_TEAM_NAMES: Final = ("North-South", "East-West")


class IntOption:
    """The one reader of the command line's whole numbers: an option's text, an ASCII
    whole number (a sign allowed) from *low* to *high*, as an int; anything else is
    refused with the range in the message (argparse's ``type=``, and the players'
    ``KEY=VALUE`` options of ``coinche match``).

    >>> from coinche.cli._common import IntOption
    >>> IntOption(1, 10**12)("10000000")
    10000000
    >>> IntOption(1, 100)("1.5")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number from 1 to 100, not '1.5'
    """

    def __init__(self, low: int, high: int) -> None:
        self.low = low
        self.high = high
        # the most digits a number in range has: longer text is out of range without
        # being read (int() refuses text of thousands of digits)
        self._digits = max(len(str(abs(low))), len(str(abs(high))))

    @property
    def wanted(self) -> str:
        """What the option takes, in words."""
        return f"a whole number from {self.low} to {self.high}"

    def __call__(self, text: str) -> int:
        body = text.strip()
        digits = body[1:] if body[:1] in "+-" else body
        short = len(digits) <= 1000 and len(digits.lstrip("0")) <= self._digits
        if short and digits.isascii() and digits.isdigit():
            value = int(body)
            if self.low <= value <= self.high:
                return value
        raise argparse.ArgumentTypeError(f"must be {self.wanted}, not {short_repr(text)}")


class NumberOption:
    """A reader of a number that may have a fraction (``exploration=0.7``): finite, from
    *low* to *high*; NaN, the infinities and other words are refused.

    >>> from coinche.cli._common import NumberOption
    >>> NumberOption(0, 100)("0.7")
    0.7
    >>> NumberOption(0, 100)("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a number from 0 to 100, not 'nan'
    """

    def __init__(self, low: float, high: float) -> None:
        self.low = low
        self.high = high

    def __call__(self, text: str) -> float:
        try:
            value = float(text) if len(text) <= 100 else math.nan
        except ValueError:
            value = math.nan
        if not self.low <= value <= self.high:  # NaN too
            raise argparse.ArgumentTypeError(
                f"must be a number from {self.low:g} to {self.high:g}, not {short_repr(text)}"
            )
        return value


class ChoiceOption:
    """A reader of one of a few words (``objective=score``), as given.

    >>> from coinche.cli._common import ChoiceOption
    >>> ChoiceOption("score", "points")("tricks")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be score or points, not 'tricks'
    """

    def __init__(self, *words: str) -> None:
        self.words = words

    def __call__(self, text: str) -> str:
        if text not in self.words:
            spoken = ", ".join(self.words[:-1]) + " or " + self.words[-1]
            raise argparse.ArgumentTypeError(f"must be {spoken}, not {short_repr(text)}")
        return text


MAX_SEED: Final = 2**63
"""The bound of ``--seed``, either way."""
MAX_COUNT: Final = 10**12
"""The most deals (or shards, samples...) a count option takes."""

seed_option: Final = IntOption(-MAX_SEED, MAX_SEED)
"""``--seed``: any whole number from -2**63 to 2**63."""
count_option: Final = IntOption(1, MAX_COUNT)
"""``--deals`` and the other counts: a whole number from 1."""


def slow_note(quiet: bool, work: str, faster: str) -> None:
    """On the pure-Python build, say on standard error that *work* is slow here and
    what is faster: the compiled build, and *faster* (the command's own quicker
    options). Only on a terminal and without ``--quiet``, as the progress display."""
    if COMPILED or quiet or not sys.stderr.isatty():
        return
    print(
        f"{_PROG}: note: {work} on this pure-Python build; the compiled build searches "
        "many times faster (HATCH_BUILD_HOOK_ENABLE_MYPYC=1 pip install coinche, with a C "
        f"compiler; 'coinche --version' says which build runs); {faster}",
        file=sys.stderr,
    )


def _write_output(name: str, text: str) -> None:
    """Write *text* to the file *name*, or to standard output for ``-``."""
    if name == "-":
        sys.stdout.write(text)
        return
    try:
        Path(name).write_text(text, encoding="utf-8")
    except OSError as error:
        raise _InputError(f"cannot write {name}: {error.strerror or error}") from None
