"""The ``coinche`` command: ask the rules from a shell.

Installed as the ``coinche`` script, and runnable as ``python -m coinche``.

``coinche legal``
    Which cards of a hand may be played to a trick, and why each other card may not::

        coinche legal --rules ffb --strain S --hand "7S 9S KD AD" --trick "N: AH JS"

    ``--rules`` is a preset name (default ``common``); ``--strain`` the contract's
    strain (``C D H S NT AT`` or a name); ``--hand`` the cards of the seat to move,
    as codes (``"7S 9S KD"``) or in the dotted deal notation (``"97..K.A"``, see
    :mod:`coinche.notation`); ``--trick`` the trick so far, leader first
    (``"N: AH JS"``; leave it out, or give ``"N:"``, when the seat leads).

``coinche score RECORD.json``
    Read a ``deal_result`` record (see :mod:`coinche.records`: the contract, the
    eight tricks and the rules; the figures are optional and checked when present),
    score the deal and print every figure explained. ``-`` reads the record from
    standard input; ``--full`` prints the whole deal (hands, tricks, then the score).

Bad input, such as an unknown preset, a card that cannot be read, a malformed record
or a missing file, prints one line on standard error starting with
``coinche: error:`` and exits with status 2.

>>> from coinche.cli import main
>>> main(["legal", "--strain", "S", "--hand", "7S 9S KD", "--trick", "N: AH JS"])
SOUTH to play to N: AH JS, spades are trumps, common rules
legal: 7S 9S
not legal:
  KD  you hold no hearts and cannot beat the JS: you must still play a trump (rule 3c)
0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from coinche import __version__
from coinche.cards import Hand, Strain
from coinche.config import PRESETS, RuleConfig
from coinche.errors import CoincheError
from coinche.notation import parse_hand, render_deal
from coinche.play import Trick, explain_card, legal_cards
from coinche.records import loads
from coinche.scoring import DealResult

__all__ = ["build_parser", "main"]

_PROG = "coinche"
_STRAIN_WORDS = {
    Strain.CLUBS: "clubs are trumps",
    Strain.DIAMONDS: "diamonds are trumps",
    Strain.HEARTS: "hearts are trumps",
    Strain.SPADES: "spades are trumps",
    Strain.NO_TRUMP: "no trump",
    Strain.ALL_TRUMP: "all trump",
}


class _UsageError(Exception):
    """A command line that argparse could not read; main prints it on one line."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors become one line on stderr, not usage text."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{message} (see '{self.prog} --help')")


Command = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``coinche`` command, with its subcommands.

    Each subcommand stores the function that runs it as ``command`` in the namespace.

    >>> from coinche.cli import build_parser
    >>> build_parser().parse_args(["score", "deal.json"]).record
    'deal.json'
    """
    parser = _Parser(
        prog=_PROG,
        description="The rules of Coinche (belote coinchée): legal cards and scores.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(
        title="commands", dest="command_name", metavar="COMMAND", required=True
    )

    legal = commands.add_parser(
        "legal",
        help="which cards of a hand may be played to a trick, and why not the others",
        description="Print the cards of --hand the seat to move may play to --trick, then "
        "each other card with the rule that forbids it.",
    )
    legal.add_argument(
        "--rules",
        default="common",
        metavar="PRESET",
        help=f"the rule set, a preset: {', '.join(PRESETS)} (default: common)",
    )
    legal.add_argument(
        "--strain", required=True, help="the contract's strain: C, D, H, S, NT or AT"
    )
    legal.add_argument(
        "--hand",
        required=True,
        help='the hand of the seat to move: card codes ("7S 9S KD") or dotted ("97..K.")',
    )
    legal.add_argument(
        "--trick",
        default="N:",
        help='the trick so far, leader first: "N: AH JS" (default: an empty trick)',
    )
    legal.set_defaults(command=_run_legal)

    score = commands.add_parser(
        "score",
        help="score a deal from a JSON record and explain every figure",
        description="Read a deal_result JSON record (see coinche.records), score the "
        "deal again and print the breakdown.",
    )
    score.add_argument("record", metavar="RECORD", help="the JSON file, or - for stdin")
    score.add_argument(
        "--full", action="store_true", help="print the hands and tricks before the score"
    )
    score.set_defaults(command=_run_score)

    # The `play` command (a deal played at the terminal) belongs here once coinche.game
    # exists: add a subparser whose `command` default runs it, like the two above.
    return parser


def _read_hand(text: str) -> Hand:
    return parse_hand(text) if "." in text else Hand.parse(text)


def _run_legal(args: argparse.Namespace) -> int:
    rules = RuleConfig.preset(args.rules)
    strain = Strain.parse(args.strain)
    hand = _read_hand(args.hand)
    trick = Trick.parse(args.trick)
    legal = legal_cards(hand, trick, strain, rules)
    if trick.cards:
        head = f"{trick.to_move.name} to play to {str(trick).rstrip()}"
    else:
        head = f"{trick.leader.name} to lead"
    print(f"{head}, {_STRAIN_WORDS[strain]}, {args.rules} rules")
    print(f"legal: {legal}")
    illegal = hand - legal
    if illegal:
        print("not legal:")
        for card in illegal:
            print(f"  {card}  {explain_card(card, hand, trick, strain, rules)}")
    return 0


def _read_text(name: str) -> str:
    if name == "-":
        return sys.stdin.read()
    try:
        return Path(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _InputError(f"cannot read {name}: no such file") from None
    except UnicodeDecodeError as error:
        raise _InputError(f"cannot read {name}: not UTF-8 text ({error.reason})") from None
    except OSError as error:
        raise _InputError(f"cannot read {name}: {error.strerror or error}") from None


class _InputError(Exception):
    """A file that cannot be read."""


def _run_score(args: argparse.Namespace) -> int:
    value = loads(_read_text(args.record))
    if not isinstance(value, DealResult):
        raise _InputError(
            f"{args.record} holds a {type(value).__name__} record; "
            "score needs a deal_result record (see coinche.records)"
        )
    print(render_deal(value) if args.full else value.breakdown())
    return 0


def _fail(message: str) -> int:
    line = " ".join(str(message).split())
    print(f"{_PROG}: error: {line}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``coinche`` command with *argv* (default: the process arguments).

    Returns the exit status: 0 on success, 2 on bad input, after printing one line
    starting with ``coinche: error:`` on standard error.

    >>> from coinche.cli import main
    >>> main(["legal", "--rules", "fbb", "--strain", "S", "--hand", "7S"])
    2
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        command: Command = args.command
        return command(args)
    except SystemExit as stop:  # --help and --version
        return stop.code if isinstance(stop.code, int) else 0
    except _UsageError as error:
        return _fail(str(error))
    except (CoincheError, _InputError) as error:
        return _fail(str(error))
