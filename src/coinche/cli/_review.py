"""The ``review`` command of :mod:`coinche.cli` (documented there), in a module of its
own so that no module of the command line passes 700 lines."""

from __future__ import annotations

import argparse
from typing import Any

from coinche.bots.review import MAX_WORLDS
from coinche.cli._common import IntOption, _InputError, _read_text, _write_output, seed_option
from coinche.cli._progress import with_progress
from coinche.deal import Deal
from coinche.records import loads


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``review`` to the subcommands of :func:`coinche.cli.build_parser`."""
    review = commands.add_parser(
        "review",
        help="review a played deal: what each card and call cost",
        description="Read a deal record and print, for each call and card, its value "
        "and the best choice's: open hands (double dummy) and as the player saw it "
        "(PIMC over sampled worlds). Costly choices are marked with !.",
    )
    review.add_argument("file", metavar="FILE", help="a deal JSON record; - for stdin")
    review.add_argument(
        "--open-only",
        action="store_true",
        help="only the open-hands values (no worlds drawn: much faster)",
    )
    review.add_argument(
        "--worlds",
        type=IntOption(1, MAX_WORLDS),
        default=8,
        metavar="N",
        help="worlds drawn for each estimate (default: 8)",
    )
    review.add_argument(
        "--seed", type=seed_option, default=0, metavar="S", help="the worlds' seed (default: 0)"
    )
    review.add_argument(
        "--svg", metavar="OUT", help="also draw the play, the costly cards marked, to OUT"
    )
    review.add_argument(
        "--quiet",
        action="store_true",
        help="no progress on standard error (there is none off a terminal)",
    )
    review.set_defaults(command=_run_review)


def _run_review(args: argparse.Namespace) -> int:
    from coinche.bots.review import review
    from coinche.svg import marked_play

    value = loads(_read_text(args.file))
    name = "standard input" if args.file == "-" else args.file
    if not isinstance(value, Deal):
        raise _InputError(f"{name} holds a {type(value).__name__} record; review needs a deal")
    found = with_progress(
        args,
        "review",
        lambda **kw: review(
            value, worlds=args.worlds, seed=args.seed, open_only=args.open_only, **kw
        ),
    )
    print(found.breakdown())
    costly = found.costly()
    print(f"{len(costly)} costly card(s) of {len(found.cards)}")
    if args.svg is not None:
        notes = {row.number: f"{row.best} was better by {row.cost} points" for row in costly}
        _write_output(args.svg, marked_play(value, notes))
    return 0
