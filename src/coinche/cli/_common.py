"""What the commands of ``coinche`` share (internal): reading the input files, the
argument types, the players by name.

:mod:`coinche.cli` (the parser, ``main`` and the ``legal``, ``score`` and ``play``
commands) and the command modules ``_analysis`` and ``_scale`` import this module;
it imports none of them, so that no command module imports the main module.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Final

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
_TEAM_NAMES: Final = ("North-South", "East-West")


def _positive_int(text: str) -> int:
    value = int(text) if text.isascii() and text.isdigit() and len(text) <= 7 else 0
    if value < 1:
        raise argparse.ArgumentTypeError(
            f"must be a positive whole number, not {short_repr(text)}"
        )
    return value


MAX_SEED: Final = 2**63
"""The bound of ``--seed``, either way."""


def _seed(text: str) -> int:
    body = text[1:] if text[:1] == "-" else text
    value = int(text) if body.isascii() and body.isdigit() and len(body) <= 19 else None
    if value is None or not -MAX_SEED <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from {-MAX_SEED} to {MAX_SEED}, not {short_repr(text)}"
        )
    return value


def _natural_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be a whole number from 0, not {short_repr(text)}")
    return value


def _write_output(name: str, text: str) -> None:
    """Write *text* to the file *name*, or to standard output for ``-``."""
    if name == "-":
        sys.stdout.write(text)
        return
    try:
        Path(name).write_text(text, encoding="utf-8")
    except OSError as error:
        raise _InputError(f"cannot write {name}: {error.strerror or error}") from None
