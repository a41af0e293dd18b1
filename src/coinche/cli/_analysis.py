"""The ``render`` and ``solve`` commands of :mod:`coinche.cli` (documented there), in a
module of their own so that no module of the command line passes 700 lines."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from coinche.auction import PASS, Bid
from coinche.bots.solver import best_line, dd_table, solve, solve_cards
from coinche.cards import Card, Hand, Strain
from coinche.cli._common import (
    _TEAM_NAMES,
    IntOption,
    _InputError,
    _read_text,
    _write_output,
    slow_note,
)
from coinche.cli._progress import with_progress
from coinche.config import PRESETS, AuctionKind, FirstLead, RuleConfig
from coinche.deal import Deal, PlayerView
from coinche.notation import format_deal, parse_deal
from coinche.play import Trick, trick_winner
from coinche.records import from_data, loads, to_data
from coinche.report import STRAIN_WORDS
from coinche.seats import Seat
from coinche.svg import DEFAULT_SIZE, MAX_SIZE
from coinche.svg import deal as draw_deal

T = TypeVar("T")


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``render`` and ``solve`` to the subcommands of :func:`coinche.cli.build_parser`."""
    render = commands.add_parser(
        "render",
        help="draw a deal as an SVG picture",
        description="Read a deal record, a player_view record or a deal in the deal "
        "notation and write the classic deal diagram as SVG.",
    )
    render.add_argument(
        "file",
        metavar="FILE",
        help="a deal or player_view JSON record, or a deal in the deal notation; - for stdin",
    )
    render.add_argument(
        "--svg", required=True, metavar="OUT", help="the SVG file to write; - for stdout"
    )
    render.add_argument(
        "--trick",
        type=IntOption(1, 8),
        metavar="N",
        help="draw the position before trick N (1 to 8) of a deal record",
    )
    render.add_argument(
        "--view", metavar="SEAT", help="draw what SEAT may see, the other hands face down"
    )
    render.add_argument(
        "--legal", action="store_true", help="mark the cards the seat to move may play"
    )
    render.add_argument("--four-colour", action="store_true", help="green clubs and blue diamonds")
    render.add_argument(
        "--size",
        type=IntOption(1, MAX_SIZE),
        default=DEFAULT_SIZE,
        metavar="PX",
        help=f"the height of a card in pixels (default: {DEFAULT_SIZE})",
    )
    render.add_argument(
        "--rules",
        metavar="PRESET",
        help="the rules of a deal given in the deal notation (default: common); a record "
        "names its own",
    )
    render.set_defaults(command=_run_render)
    solve = commands.add_parser(
        "solve",
        help="solve a deal double dummy: the value of each card, best play, the DD table",
        description="Solve a deal with every hand open, both teams playing perfectly: "
        "print the value of each card of the seat to move, one line of best play, and "
        "North-South's card points for each strain with each seat leading.",
    )
    solve.add_argument(
        "deal",
        metavar="DEAL",
        help='a deal record (JSON file, or - for stdin) or a deal in deal notation ("N:...")',
    )
    solve.add_argument(
        "--rules",
        default="common",
        metavar="PRESET",
        help=f"for a deal in notation, the rule set: {', '.join(PRESETS)} (default: common)",
    )
    solve.add_argument("--strain", help="for a deal in notation: C, D, H, S, NT or AT")
    solve.add_argument(
        "--leader", help="for a deal in notation, the seat leading trick one (N, E, S, W)"
    )
    solve.add_argument(
        "--played",
        type=IntOption(0, 31),
        default=0,
        metavar="N",
        help="for a deal record, how many cards into the play to start (default: 0)",
    )
    solve.add_argument("--no-table", action="store_true", help="leave out the double-dummy table")
    solve.add_argument(
        "--quiet",
        action="store_true",
        help="no progress on standard error (there is none off a terminal)",
    )
    solve.set_defaults(command=_run_solve)


def _read_drawable(text: str, name: str, rules_name: str | None) -> Deal | PlayerView:
    """The deal or view that FILE of ``coinche render`` holds."""
    if text.lstrip().startswith("{"):
        if rules_name is not None:
            raise _InputError(
                "--rules is for a deal in the deal notation; a record names its own rules"
            )
        value = loads(text)
        if not isinstance(value, (Deal, PlayerView)):
            raise _InputError(
                f"{name} holds a {type(value).__name__} record; render needs a deal or "
                "player_view record, or a deal in the deal notation"
            )
        return value
    rules = RuleConfig.preset(rules_name or "common")
    dealer, hands = parse_deal(text.strip())
    return Deal.from_hands(dealer, rules, hands)


def _before_trick(deal: Deal, number: int) -> Deal:
    """*deal* as it stood before trick *number* (1 to 8) was led: its record's actions
    cut after the auction and the tricks before that one, then replayed."""
    if deal.contract is None or len(deal.tricks) < number - 1:
        reached = (
            f"{len(deal.tricks)} tricks complete"
            if deal.contract is not None
            else f"no play, the deal is in the {deal.phase.value} phase"
        )
        raise _InputError(f"the deal never reached trick {number} ({reached})")
    data = to_data(deal)
    actions = data["actions"]
    assert isinstance(actions, list)
    data["actions"] = actions[: len(deal.calls) + 4 * (number - 1)]
    before = from_data(data)
    assert isinstance(before, Deal)
    return before


def _run_render(args: argparse.Namespace) -> int:
    drawn = _read_drawable(_read_text(args.file), args.file, args.rules)
    if args.trick is not None:
        if not isinstance(drawn, Deal):
            raise _InputError("--trick needs a deal record (or notation), not a player view")
        drawn = _before_trick(drawn, args.trick)
    if args.view is not None:
        if not isinstance(drawn, Deal):
            raise _InputError(f"{args.file} holds a player view already; leave out --view")
        drawn = drawn.view(Seat.parse(args.view))
    picture = draw_deal(drawn, legal=args.legal, size=args.size, four_colour=args.four_colour)
    _write_output(args.svg, picture)
    return 0


def _is_notation(text: str) -> bool:
    head, colon, _ = text.strip().partition(":")
    return bool(colon) and head.strip().upper() in ("N", "E", "S", "W")


def _play_start(deal: Deal) -> Deal:
    """The same deal replayed to the end of its auction (the start of the play)."""
    if deal.turned is None:
        start = Deal.from_hands(deal.dealer, deal.rules, deal.hands)
    else:
        start = Deal.from_hands(
            deal.dealer, deal.rules, deal.first_hands, turned=deal.turned, stock=deal.stock
        )
    for seat, call in deal.calls:
        start = start.apply_call(seat, call)
    return start


def _solve_input(args: argparse.Namespace) -> tuple[Deal | None, tuple[Hand, ...], RuleConfig]:
    """The deal to analyse (None for a table only) and the hands and rules of the table."""
    if _is_notation(args.deal):
        rules = RuleConfig.preset(args.rules)
        first, dealt = parse_deal(args.deal)
        hands = tuple(dealt[seat] for seat in Seat)
        if args.strain is None:
            return None, hands, rules
        strain = Strain.parse(args.strain)
        leader = Seat.parse(args.leader) if args.leader else first
        # reach the play through an auction: North takes, the seat before the leader deals
        play_rules = attrs.evolve(
            rules,
            auction=AuctionKind.BIDDING,
            first_lead=FirstLead.AFTER_DEALER,
            allow_no_trump=rules.allow_no_trump or strain is Strain.NO_TRUMP,
            allow_all_trump=rules.allow_all_trump or strain is Strain.ALL_TRUMP,
        )
        deal = Deal.from_hands(leader.previous, play_rules, hands)
        while deal.to_move is not Seat.NORTH:
            deal = deal.apply(PASS)
        deal = deal.apply(Bid(play_rules.numeric_bids()[0], strain))
        for _ in range(3):
            deal = deal.apply(PASS)
        return deal, hands, rules
    value = loads(_read_text(args.deal))
    if not isinstance(value, Deal):
        raise _InputError(
            f"{args.deal} holds a {type(value).__name__} record; "
            "solve needs a deal record (see coinche.records) or a deal in deal notation"
        )
    if value.contract is None:
        raise _InputError(f"{args.deal} holds a deal without a contract: nothing to solve")
    deal = _play_start(value)
    moves = [card for _, card in value.history[len(value.calls) :]]
    if args.played >= len(moves):
        raise _InputError(
            f"--played {args.played}: the record has {len(moves)} cards played; "
            "solve needs a card still to play"
        )
    for card in moves[: args.played]:
        assert isinstance(card, Card)
        deal = deal.apply(card, declare=None)
    return deal, deal.hands, deal.rules


def _one_unit(
    call: Callable[[Deal], T], deal: Deal, progress: Callable[[int, int], None] | None = None
) -> T:
    """``call(deal)`` as one unit of work: progress (0, 1) before it, (1, 1) after."""
    if progress is not None:
        progress(0, 1)
    result = call(deal)
    if progress is not None:
        progress(1, 1)
    return result


def _cards_left(deal: Deal) -> int:
    """The cards still to play in *deal* (in its play)."""
    trick = deal.trick
    return 32 - 4 * len(deal.tricks) - (0 if trick is None else len(trick.cards))


def _run_solve(args: argparse.Namespace) -> int:
    deal, hands, rules = _solve_input(args)
    if not args.no_table or (deal is not None and _cards_left(deal) > 16):
        slow_note(
            args.quiet,
            "a double-dummy solve from early in a deal takes up to minutes, and the table "
            "16 to 24 such solves",
            "--no-table leaves the table out, and --played N starts later in the play",
        )
    if deal is not None:
        contract = deal.contract
        trick = deal.trick
        mover = deal.to_move
        assert contract is not None
        assert trick is not None
        assert mover is not None
        side = contract.team
        strain = contract.strain
        print(f"Deal: {format_deal(Seat.NORTH, dict(zip(Seat, deal.hands, strict=True)))}")
        where = (
            f"{mover.name} to play to {str(trick).rstrip()}"
            if trick.cards
            else (f"{mover.name} to lead trick {len(deal.tricks) + 1}")
        )
        print(f"Contract {contract}, {STRAIN_WORDS[strain]}; {where}")
        sys.stdout.flush()
        solution = with_progress(args, "value", lambda **kw: _one_unit(solve, deal, **kw))
        print(f"Value with best play: {solution.card_points} ({_TEAM_NAMES[side]} the side)")
        print(f"Each card of {mover.name}:")
        sys.stdout.flush()  # what is known so far, before a long search
        values = with_progress(args, "each card", lambda **kw: solve_cards(deal, **kw))
        for card, points in values.items():
            print(f"  {card}  {points}")
        print("Best play:")
        sys.stdout.flush()
        line = with_progress(args, "best play", lambda **kw: best_line(deal, **kw))
        tricks: list[str] = []
        current = trick
        for card in line:
            current = current.play(card)
            if current.is_complete:
                won = trick_winner(current, strain)
                tricks.append(f"  {str(current).rstrip()}  won by {won.letter}")
                current = Trick(won)
        print("\n".join(tricks))
    if not args.no_table:
        sys.stdout.flush()
        table = with_progress(args, "table", lambda **kw: dd_table(hands, rules, **kw))
        print("Double-dummy table: North-South's card points, by strain and leading seat")
        print("       " + "".join(f"{seat.letter:>5}" for seat in Seat))
        for strain, row in table.items():
            cells = "".join(f"{row[seat].north_south:>5}" for seat in Seat)
            print(f"  {strain.code:<5}{cells}")
    return 0
