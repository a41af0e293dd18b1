"""The ``coinche`` command: ask the rules from a shell.

Installed as the ``coinche`` script, and runnable as ``python -m coinche``.

``coinche legal``
    Which cards of a hand may be played to a trick, and why each other card may not::

        coinche legal --rules ffb --strain S --hand "7S 9S KD AD" --trick "N: AH JS"

    ``--rules`` is a preset name (default ``common``); ``--strain`` the contract's
    strain (``C D H S NT AT`` or a name); ``--hand`` the cards of the seat to move,
    as codes (``"7S 9S KD"``) or in the dotted deal notation (``"97..K.A"``: the
    holdings in the order spades.hearts.diamonds.clubs, as in PBN, see
    :mod:`coinche.notation`); ``--trick`` the trick so far, leader first
    (``"N: AH JS"``; leave it out, or give ``"N:"``, when the seat leads). No preset has
    no-trump or all-trump contracts: ``--allow-no-trump`` and ``--allow-all-trump``
    turn them on.

``coinche score RECORD.json``
    Read a finished ``deal`` record (the canonical record: rules, dealer, dealt hands
    and every action, replayed and checked move by move) or a ``deal_result`` record
    (see :mod:`coinche.records`: the contract, the eight tricks and the rules; the
    figures are optional and checked when present) or a ``game`` record (every deal
    scored), score the deal and print every
    figure explained. ``-`` reads the record from
    standard input; ``--full`` prints the whole deal (hands, tricks, then the score).

``coinche play [--seed N] [--record FILE]``
    Play one whole game between built-in players (:mod:`coinche.bots.players`) and print
    it: for each deal the hands, the auction, every trick with its winner and points,
    the score explained and the running totals (a deal where all four pass is said to
    be thrown in); at the end the winner, the final totals and, for a best-of-three
    match, the games won::

        coinche play --rules ffb --seed 7 --target 500 --players greedy,random,greedy,random

    ``--rules`` is a preset (default ``common``; ``classic_belote`` plays classic
    belote, with its turned card and its take-or-name auction); ``--seed`` any whole
    number, the same seed playing the same game (default: a random seed, printed);
    ``--record`` a file to write the game to, as a JSON ``game`` record that
    ``coinche score`` and ``coinche review`` read: it is written before the first deal
    (a path that cannot be written is refused before the game starts) and again after
    each deal, so that it always holds the game as far as it went, and when the
    human's input ends it holds the deal in progress too;
    ``--target`` the points that win a game (default: the preset's); ``--players`` the
    players of North, East, South and West, each ``greedy``, ``pimc`` or ``random``, or
    a player class of your own as ``module:Class`` (built with no arguments, the module
    looked for in the current directory first) (default: North-South greedy against
    East-West random). West deals first,
    so North speaks first. ``--human SEAT`` plays that seat from the terminal
    (:mod:`coinche.cli._human`): type a card (``JH``) or a call (``80 H``, ``pass``,
    ``coinche``); a refused one is explained; the end of the input stops the game with
    status 2.

``coinche render FILE --svg OUT``
    Draw a deal as an SVG picture (:func:`coinche.svg.deal`): the four hands round the
    table, the trick in progress, the contract, the auction, the score so far and the
    complete tricks::

        coinche render deal.json --svg deal.svg --trick 5 --legal

    ``FILE`` (``-`` for standard input) holds a ``deal`` or ``player_view`` record (see
    :mod:`coinche.records`), or a deal in the deal notation (:mod:`coinche.notation`),
    whose first seat is the dealer, under the rules of ``--rules`` (default
    ``common``). ``--svg`` names the file to write (``-`` for standard output).
    ``--trick N`` draws the position before trick ``N`` of a deal record (1 to 8, once
    the play has come that far); ``--view SEAT`` draws what that seat may see, the
    other hands face down; ``--legal`` marks the cards the seat to move may play;
    ``--four-colour`` draws clubs green and diamonds blue; ``--size`` is the height of
    a card in pixels (default 60).
``coinche solve DEAL``
    Solve a deal double dummy (:mod:`coinche.bots.solver`: every hand open, both teams
    playing perfectly) and print the value of each card at the first decision, one
    line of best play, and the double-dummy table: North-South's card points for each
    strain the rules allow with each seat leading::

        coinche solve "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987" --strain H

    ``DEAL`` is a deal record (a JSON file, or ``-`` for standard input: the
    contract, rules and position come from it, ``--played N`` going N cards into the
    play) or a deal in deal notation (:mod:`coinche.notation`), solved under
    ``--rules`` (default ``common``) for ``--strain`` with ``--leader`` leading
    (default: the notation's first seat) and North-South as the side. Without
    ``--strain`` a deal in notation prints the table only; ``--no-table`` leaves the
    table out (it is 16 to 24 full solves). On a terminal each step shows its progress
    on standard error (a tqdm bar with the ``progress`` extra, else a counter), unless
    ``--quiet``.
``coinche review FILE``
    Review a played deal (:mod:`coinche.bots.review`): a line per call (its expected
    score and the best call's) and per card (the team's card points at the end with the
    hands open, the best card's when it was better, the deal score, and the PIMC
    estimates of the card and its best alternative as the player saw it), the costly
    ones marked ``!``::

        coinche review deal.json --worlds 8 --seed 1 --svg review.svg

    ``FILE`` (``-`` for standard input) holds a ``deal`` record, or a ``game`` record
    (as ``coinche play --record`` writes it) whose deals are reviewed in turn, or only
    deal ``N`` with ``--deal N``; ``--open-only``
    computes the open-hands values alone (fast: no worlds drawn); ``--worlds`` and
    ``--seed`` set the worlds drawn for each estimate (the same seed, the same
    review); ``--svg`` also draws the play with each costly card outlined and its
    better card noted. Progress shows on a terminal unless ``--quiet``.

``coinche serve``
    Serve the web app (:mod:`coinche.web`, the ``web`` extra): a page to play against
    the bots and a JSON API; see :mod:`coinche.cli._serve` for its options.

On the pure-Python build, a command that searches for long (a default ``review``, a
``solve`` with its table, a ``match`` of searching players, a ``dataset`` of whole
deals) says so in a line on standard error before it starts, on a terminal and
without ``--quiet``, and names the compiled build and its own faster options.

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
import contextlib
import os
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Final, NoReturn

import attrs
from typing_extensions import override

from coinche import COMPILED, __version__
from coinche._checks import short_repr, short_text
from coinche.cards import Hand, Strain
from coinche.cli import _analysis, _human, _review, _scale, _serve
from coinche.cli._common import (
    _PLAYER_KINDS,
    _PROG,
    _TEAM_NAMES,
    IntOption,
    _InputError,
    _read_text,
    is_class_name,
    make_player,
    player_class,
    seed_option,
)
from coinche.config import MAX_TARGET, PRESETS, AuctionKind, RuleConfig
from coinche.deal import Deal, Phase
from coinche.errors import CoincheError
from coinche.game import Game
from coinche.notation import format_deal, parse_hand
from coinche.play import Trick, explain_card, legal_cards
from coinche.records import dumps, loads
from coinche.report import STRAIN_WORDS, render_auction, render_deal, render_hands
from coinche.scoring import DealResult, TeamPoints
from coinche.seats import Seat

__all__ = ["build_parser", "main"]

_MAX_ERROR_LINE: Final = 300  # an error line never echoes more of the input than this


class _UsageError(Exception):
    """A command line that argparse could not read; main prints it on one line."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors become one line on stderr, not usage text."""

    @override
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
    build = "compiled" if COMPILED else "pure Python"
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__} ({build})")
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
        help='the hand of the seat to move: card codes ("7S 9S KD") or dotted holdings in '
        'the PBN order spades.hearts.diamonds.clubs ("97..K." is 9S 7S KD)',
    )
    legal.add_argument(
        "--trick",
        default="N:",
        help='the trick so far, leader first: "N: AH JS" (default: an empty trick)',
    )
    legal.add_argument(
        "--allow-no-trump",
        action="store_true",
        help="turn no-trump contracts on (no preset has them): needed for --strain NT",
    )
    legal.add_argument(
        "--allow-all-trump",
        action="store_true",
        help="turn all-trump contracts on (no preset has them): needed for --strain AT",
    )
    legal.set_defaults(command=_run_legal)

    score = commands.add_parser(
        "score",
        help="score a deal from a JSON record and explain every figure",
        description="Read a finished deal record or a deal_result record (see "
        "coinche.records), check it, score the deal and print the breakdown.",
    )
    score.add_argument("record", metavar="RECORD", help="the JSON file, or - for stdin")
    score.add_argument(
        "--full", action="store_true", help="print the hands and tricks before the score"
    )
    score.set_defaults(command=_run_score)

    play = commands.add_parser(
        "play",
        help="play a whole game between built-in players and print every deal",
        description="Play one whole game (a match under contract_only) between the "
        "built-in players and print each deal: the hands, the auction, the tricks, the "
        "score and the running totals, then the winner. The same seed plays the same "
        "game.",
    )
    play.add_argument(
        "--rules",
        default="common",
        metavar="PRESET",
        help=f"the rule set, a preset: {', '.join(PRESETS)} (default: common)",
    )
    play.add_argument(
        "--seed",
        type=seed_option,
        metavar="N",
        help="the seed of the random draws (default: a random seed, printed in the heading)",
    )
    play.add_argument(
        "--target",
        type=IntOption(1, MAX_TARGET),
        metavar="T",
        help="the points that win a game (default: the preset's target)",
    )
    play.add_argument(
        "--players",
        type=_player_names,
        default=_DEFAULT_PLAYERS,
        metavar="N,E,S,W",
        help=f"the players of North, East, South and West, each one of "
        f"{', '.join(_PLAYER_KINDS)} or a player class of your own as module:Class "
        f"(default: {','.join(_DEFAULT_PLAYERS)})",
    )
    play.add_argument(
        "--record",
        metavar="FILE",
        help="also write the game as a JSON game record to FILE ('coinche score FILE' "
        "then scores every deal of it)",
    )
    play.set_defaults(command=_run_play)
    _human.add_argument(play)  # --human SEAT

    _analysis.add_commands(commands)  # render and solve
    _review.add_commands(commands)  # review
    _scale.add_commands(commands)  # match and dataset
    _serve.add_commands(commands)  # serve: the web app
    return parser


def _read_hand(text: str) -> Hand:
    return parse_hand(text) if "." in text else Hand.parse(text)


def _run_legal(args: argparse.Namespace) -> int:
    rules = RuleConfig.preset(args.rules)
    if args.allow_no_trump or args.allow_all_trump:
        rules = attrs.evolve(
            rules,
            allow_no_trump=rules.allow_no_trump or args.allow_no_trump,
            allow_all_trump=rules.allow_all_trump or args.allow_all_trump,
        )
    strain = Strain.parse(args.strain)
    if strain is Strain.NO_TRUMP and not rules.allow_no_trump:
        raise _InputError(
            f"the {args.rules} rules have no no-trump contracts (add --allow-no-trump)"
        )
    if strain is Strain.ALL_TRUMP and not rules.allow_all_trump:
        raise _InputError(
            f"the {args.rules} rules have no all-trump contracts (add --allow-all-trump)"
        )
    hand = _read_hand(args.hand)
    if len(hand) > 8:
        raise _InputError(f"a hand holds at most 8 cards, not {len(hand)} ({hand})")
    trick = Trick.parse(args.trick)
    legal = legal_cards(hand, trick, strain, rules)
    if trick.cards:
        head = f"{trick.to_move.name} to play to {str(trick).rstrip()}"
    else:
        head = f"{trick.leader.name} to lead"
    print(f"{head}, {STRAIN_WORDS[strain]}, {args.rules} rules")
    print(f"legal: {legal}")
    illegal = hand - legal
    if illegal:
        print("not legal:")
        for card in illegal:
            print(f"  {card}  {explain_card(card, hand, trick, strain, rules)}")
    return 0


def _run_score(args: argparse.Namespace) -> int:
    value = loads(_read_text(args.record))
    if isinstance(value, Deal):
        return _score_deal_record(value, args.record, full=args.full)
    if isinstance(value, Game):  # as written by coinche play --record
        for number, deal in enumerate(value.deals, 1):
            print(f"=== Deal {number}, {deal.dealer.letter} deals ===")
            if deal.is_over:
                _score_deal_record(deal, args.record, full=args.full)
            else:
                print("Not finished: nothing to score yet.")
        print(f"Totals: {value.totals}")
        return 0
    if not isinstance(value, DealResult):
        raise _InputError(
            f"{args.record} holds a {type(value).__name__} record; "
            "score needs a deal, game or deal_result record (see coinche.records)"
        )
    print(render_deal(value) if args.full else value.breakdown())
    return 0


def _score_deal_record(deal: Deal, name: str, *, full: bool) -> int:
    """Score a deal record, which loads() has already replayed and checked move by move."""
    if deal.phase is Phase.THROWN_IN:
        print("Thrown in: all four passed, nothing is scored.")
        return 0
    result = deal.result
    if result is None:
        raise _InputError(
            f"{name} holds a deal that is not finished ({deal.phase.value} phase, "
            f"{len(deal.tricks)} of 8 tricks complete): there is nothing to score yet"
        )
    if full:
        hands = dict(zip(Seat, deal.hands, strict=True))
        print(
            render_deal(
                result, calls=deal.calls, dealer=deal.dealer, hands=hands, turned=deal.turned
            )
        )
    else:
        print(result.breakdown())
    return 0


_DEFAULT_PLAYERS: Final = ("greedy", "random", "greedy", "random")
_FIRST_DEALER: Final = Seat.WEST  # so North speaks first and leads the first trick


def game_rng(seed: int) -> random.Random:
    """The generator of ``coinche play --seed``: a different game for every seed.

    ``random.Random(n)`` uses the absolute value of an int seed, so ``-1`` would play
    the game of ``1``; a negative seed is passed as its text instead.

    >>> from coinche.cli import game_rng
    >>> game_rng(-1).random() != game_rng(1).random()
    True
    """
    return random.Random(seed if seed >= 0 else str(seed))


def _player_names(text: str) -> tuple[str, ...]:
    words = [word.strip() for word in text.split(",")]
    names = tuple(word.lower() if word.lower() in _PLAYER_KINDS else word for word in words)
    unknown = [name for name in names if name not in _PLAYER_KINDS and not is_class_name(name)]
    if len(names) != 4 or unknown:
        raise argparse.ArgumentTypeError(
            f"expected four players for N,E,S,W, each one of {', '.join(_PLAYER_KINDS)} or "
            f"a class of your own as module:Class, as in greedy,random,greedy,random; not "
            f"{short_repr(text)}"
        )
    for name in names:
        if name not in _PLAYER_KINDS:
            player_class(name)  # imported and checked now: a usage error, not a traceback
    return names


def _game_heading(rules: RuleConfig, preset: str, seed: int) -> str:
    if rules.games_to_win > 1:
        length = f"first to win {rules.games_to_win} games of {rules.target}"
    else:
        length = f"game to {rules.target}"
    game = "Classic belote" if rules.auction is AuctionKind.TURNED_CARD else "Coinche"
    return f"{game}, {preset} rules, {length}, seed {seed}"


def _print_deal(number: int, deal: Deal) -> None:
    """Print one finished deal: hands, auction, tricks and score (or thrown in)."""
    print(f"\n=== Deal {number}, {deal.dealer.letter} deals ===")
    hands = dict(zip(Seat, deal.hands, strict=True))
    result = deal.result
    turned = deal.turned
    if result is not None:
        print(
            render_deal(result, calls=deal.calls, dealer=deal.dealer, hands=hands, turned=turned)
        )
        return
    if turned is None:
        print(f"Deal: {format_deal(deal.dealer, hands)}")
        passed = "all four passed"
    else:  # thrown in after two rounds: only the first five cards were dealt
        print(f"Deal (five cards each): {format_deal(deal.dealer, hands, cards=5)}")
        passed = "all four passed twice"
    print(render_hands(hands, deal.dealer))
    print(render_auction(deal.calls, deal.dealer, turned=turned))
    print(f"Thrown in: {passed}, nothing is scored; {deal.dealer.next.letter} deals next.")


def _run_play(args: argparse.Namespace) -> int:
    rules = RuleConfig.preset(args.rules)
    if args.target is not None:
        rules = attrs.evolve(rules, target=args.target)
    given: int | None = args.seed
    seed = random.SystemRandom().randrange(2**32) if given is None else given
    rng = game_rng(seed)  # draws the game's seed, then the players' choices
    game = Game.new(rules, _FIRST_DEALER, rng)
    names: tuple[str, ...] = _human.line_up(args.players, args.human)
    bots = zip(Seat, args.players, strict=True)  # the human's seat's bot is not asked
    players = {seat: make_player(name) for seat, name in bots}
    record = None if args.record is None else _RecordFile(args.record)
    if record is not None:
        record.write(game)  # the path is tried before the game starts, not after it
    print(_game_heading(rules, args.rules, seed))
    print(
        "Players: "
        + ", ".join(f"{seat.letter} {name}" for seat, name in zip(Seat, names, strict=True))
        + f"; {_FIRST_DEALER.letter} deals first"
    )
    deals = _human.play_with_human(game, players, args.human, rng)  # or play_deals
    try:
        game = _print_deals(deals, game, rules, record)
    except _human.InputEnded as stop:  # the human's input ended: status 2
        held = ""
        if record is not None:
            record.write(stop.game)  # every finished deal, and the one in progress
            held = f"; {args.record} holds the game so far"
        print(f"{_PROG}: {stop}{held}", file=sys.stderr)
        return 2
    winner = game.winner
    assert winner is not None
    print("\n=== End of the game ===")
    seats = " and ".join(f"{seat.letter} {names[seat]}" for seat in winner.seats)
    print(f"Winner: {_TEAM_NAMES[winner]} ({seats})")
    print(f"Final totals: {game.totals}")
    if rules.games_to_win > 1:
        print(f"Games won: {game.games_won}")
    print(f"Deals: {game.deal_number + 1}, of which thrown in: {game.thrown_in}")
    if record is not None:
        print(f"Record written to {args.record}")
    return 0


def _print_deals(
    deals: Iterator[tuple[Deal, Game]], game: Game, rules: RuleConfig, record: _RecordFile | None
) -> Game:
    """Print each deal of *deals* as it ends, with the running totals (and the record
    written again after each); the game at the end."""
    totals = game.totals
    games_done = len(game.game_winners)
    for number, (deal, after) in enumerate(deals, 1):
        _print_deal(number, deal)
        if deal.result is not None:
            score = deal.result.score
            totals = TeamPoints(
                totals.north_south + score.north_south, totals.east_west + score.east_west
            )
        print(f"Totals after deal {number}: {totals}")
        if len(after.game_winners) > games_done:
            games_done = len(after.game_winners)
            if rules.games_to_win > 1:  # a match: say who won this game
                line = (
                    f"Game {games_done} won by {_TEAM_NAMES[after.game_winners[-1]]}; "
                    f"games won: {after.games_won}"
                )
                print(line + ("." if after.is_over else "; the totals start again from 0."))
        totals = after.totals
        game = after
        if record is not None:
            record.write(game)
        sys.stdout.flush()
    return game


class _RecordFile:
    """The file of ``coinche play --record``: the game written whole, again after each
    deal, through a temporary file renamed over it, so that the file always holds a
    whole record (never half of one) of the game as far as it went."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.path = Path(name)
        if not self.path.name:  # "", "." or "/": no file to write
            raise _InputError(f"--record needs the name of a file, not {short_repr(name)}")

    def write(self, game: Game) -> None:
        text = dumps(game, indent=1) + "\n"
        temporary = self.path.with_name(self.path.name + ".tmp")
        try:
            temporary.write_text(text, encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError as error:
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)
            raise _InputError(f"cannot write {self.name}: {error.strerror or error}") from None


def _fail(message: str) -> int:
    line = short_text(" ".join(str(message).split()), _MAX_ERROR_LINE)
    print(f"{_PROG}: error: {line}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``coinche`` command with *argv* (default: the process arguments).

    Returns the exit status: 0 on success, 2 on bad input, after printing one line
    starting with ``coinche: error:`` on standard error; 1, quietly, when standard
    output is closed before the output is written (``coinche play ... | head``).

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
    except BrokenPipeError:
        _silence_stdout()
        return 1


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the flush at exit cannot fail
    again on a closed pipe (the recipe of the signal module's documentation)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # not a real file (a test's captured output)
        pass
