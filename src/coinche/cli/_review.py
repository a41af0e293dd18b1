"""The ``review`` command of :mod:`coinche.cli` (documented there): a deal record, or
every deal of a game record (``coinche play --record``), or one of them (``--deal N``)."""

from __future__ import annotations

import argparse
from typing import Any

from coinche.bots.review import MAX_WORLDS, review
from coinche.cli._common import (
    IntOption,
    _InputError,
    _read_text,
    _write_output,
    seed_option,
    slow_note,
)
from coinche.cli._progress import with_progress
from coinche.deal import Deal, Phase
from coinche.game import Game
from coinche.records import loads
from coinche.svg import marked_play


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``review`` to the subcommands of :func:`coinche.cli.build_parser`."""
    review = commands.add_parser(
        "review",
        help="review a played deal (or the deals of a game): what each card and call cost",
        description="Read a deal record, or a game record (as coinche play --record "
        "writes it), and print, for each call and card, its value and the best choice's: "
        "open hands (double dummy) and as the player saw it (PIMC over sampled worlds). "
        "Costly choices are marked with !.",
    )
    review.add_argument("file", metavar="FILE", help="a deal or game JSON record; - for stdin")
    review.add_argument(
        "--deal",
        type=IntOption(1, 10**6),
        metavar="N",
        help="of a game record, review deal N only (from 1; default: every deal)",
    )
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


def _deals_to_review(value: object, name: str, number: int | None) -> list[tuple[int, Deal]]:
    """The deals *value* (a record's value) holds for review, numbered from 1."""
    if isinstance(value, Deal):
        if number is not None:
            raise _InputError(f"--deal is for a game record; {name} holds one deal")
        return [(1, value)]
    if not isinstance(value, Game):
        raise _InputError(
            f"{name} holds a {type(value).__name__} record; review needs a deal or a game record"
        )
    deals = list(enumerate(value.deals, 1))
    if number is None:
        return deals
    if number > len(deals):
        raise _InputError(f"--deal {number}: {name} holds {len(deals)} deals")
    return [deals[number - 1]]


def _run_review(args: argparse.Namespace) -> int:
    value = loads(_read_text(args.file))
    name = "standard input" if args.file == "-" else args.file
    chosen = _deals_to_review(value, name, args.deal)
    if args.svg is not None and len(chosen) > 1:
        raise _InputError(f"--svg draws one deal, and {name} holds {len(chosen)}: add --deal N")
    if not args.open_only:
        slow_note(
            args.quiet,
            f"a review draws {args.worlds} worlds for every call and card: minutes a deal",
            "--open-only takes seconds, and fewer --worlds less time",
        )
    for number, deal in chosen:
        if isinstance(value, Game):
            print(f"=== Deal {number}, {deal.dealer.letter} deals ===")
        if deal.phase is Phase.THROWN_IN:
            print("Thrown in: all passed, nothing to review.")
            continue
        found = with_progress(
            args,
            "review",
            lambda deal=deal, **kw: review(
                deal, worlds=args.worlds, seed=args.seed, open_only=args.open_only, **kw
            ),
        )
        print(found.breakdown())
        costly = found.costly()
        print(f"{len(costly)} costly card(s) of {len(found.cards)}")
        if args.svg is not None:
            notes = {row.number: f"{row.best} was better by {row.cost} points" for row in costly}
            _write_output(args.svg, marked_play(deal, notes))
    return 0
