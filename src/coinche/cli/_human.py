"""``coinche play --human SEAT``: play one seat from the terminal, the bots the others.

Before each of the human's turns the command shows the seat's hand, the auction so far
or the trick in progress, and what may be done; it reads one line: a card code
(``JH``), or a call (``80 H``, ``capot S``, ``pass``, ``coinche``, ``surcoinche``; in
classic belote ``take`` or ``name H``). A line that is not allowed is refused with the
rule that forbids it (:meth:`coinche.Game.explain`), and the seat is asked again;
``?`` shows the hand and the choices again. Every call and card of every seat is
printed as it is made, and every trick as it is won; each finished deal is then printed
in full, as ``coinche play`` prints it. When the input ends (end of file, Ctrl-D) the
game stops with a message on standard error and exit status 2.

>>> import io, sys
>>> from coinche.cli import main
>>> sys.stdin = io.StringIO("")             # nothing to read: the game stops at once
>>> main(["play", "--seed", "1", "--human", "N"])
Coinche, common rules, game to 1000, seed 1
Players: N human, E random, S greedy, W random; W deals first
<BLANKLINE>
Deal 1, W deals; you are North
Your hand: 8C QC TD JD 8S TS JS KS
Auction so far: nothing yet
You may: pass, or bid 80 to 160 or capot, in C D H S
N>
2
>>> sys.stdin = sys.__stdin__
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Final

from coinche._checks import short_repr
from coinche.announcements import Announcement
from coinche.bots.players import Player, play_deals
from coinche.calls import Bid, CallBase
from coinche.cards import Card, Hand, Rank, Strain
from coinche.deal import Deal
from coinche.errors import NotationError
from coinche.game import Game
from coinche.play import trick_points, trick_winner
from coinche.report import render_auction
from coinche.seats import Seat
from coinche.step import Action, Step, parse_action

__all__ = ["InputEnded", "add_argument", "hand_line", "line_up", "play_with_human"]

_HUMAN: Final = "human"
_BELOTE: Final = (Rank.KING, Rank.QUEEN)


def _seat(text: str) -> Seat:
    try:
        return Seat.parse(text)
    except NotationError:
        raise argparse.ArgumentTypeError(
            f"must be a seat, N, E, S or W (or its name), not {short_repr(text)}"
        ) from None


def add_argument(play: argparse.ArgumentParser) -> None:
    """Add ``--human SEAT`` to the ``play`` subcommand."""
    play.add_argument(
        "--human",
        type=_seat,
        metavar="SEAT",
        help="play SEAT (N, E, S or W) yourself from the terminal, the bots the other "
        "seats: type a card (JH) or a call (80 H, pass, coinche); the end of the input "
        "stops the game with status 2",
    )


def line_up(names: Sequence[str], human: Seat | None) -> tuple[str, ...]:
    """The players' names of the heading: *names*, with ``human`` at the human's seat.

    >>> from coinche import Seat
    >>> from coinche.cli._human import line_up
    >>> line_up(("greedy", "random", "greedy", "random"), Seat.SOUTH)
    ('greedy', 'random', 'human', 'random')
    """
    return tuple(_HUMAN if seat is human else name for seat, name in zip(Seat, names, strict=True))


def _choices(legal: Sequence[Action]) -> str:
    """What the seat may do, in a line: the words, then the bids as a range."""
    words = [str(action) for action in legal if not isinstance(action, Bid)]
    bids = [action for action in legal if isinstance(action, Bid)]
    if not bids:
        return ", ".join(words)
    values: list[str] = []
    for bid in bids:
        value = str(bid).rsplit(" ", 1)[0]  # 100, capot, generale
        if value not in values:
            values.append(value)
    strains: list[str] = []
    for bid in bids:
        if bid.strain.code not in strains:
            strains.append(bid.strain.code)
    numbers = [value for value in values if value.isdigit()]
    named = [value for value in values if not value.isdigit()]
    parts = (
        [f"{numbers[0]} to {numbers[-1]}" if len(numbers) > 1 else numbers[0]] if numbers else []
    )
    parts += named
    spoken = ", ".join(parts[:-1]) + (" or " if len(parts) > 1 else "") + parts[-1]
    return ", ".join([*words, f"or bid {spoken}, in {' '.join(strains)}"])


def hand_line(hand: Hand, strain: Strain | None) -> str:
    """*hand* as the human sees it: the trumps first once there are trumps (a suit
    contract), then the other suits, each in the usual order.

    >>> from coinche import Hand, Strain
    >>> from coinche.cli._human import hand_line
    >>> hand_line(Hand.parse("7C AD 8H JH 9S"), Strain.HEARTS)
    '8H JH 7C AD 9S'
    """
    trumps = None if strain is None else strain.trump_suit
    if trumps is None:
        return str(hand)
    return " ".join(str(card) for card in sorted(hand, key=lambda c: c.suit is not trumps))


def _declarations(deal: Deal, seat: Seat) -> list[str]:
    """What *seat* may still declare with its next card, and how to declare less."""
    lines: list[str] = []
    declarable = deal.declarable(seat)
    if declarable and not deal.tricks:  # the seat's card of the first trick is next
        held = ", ".join(f"{_declared(a)} ({a.points})" for a in declarable)
        lines.append(
            f"You may declare: {held}. A card declares all of it; to declare less, type "
            f"the card then 'declare' and what you declare, or 'declare nothing' (as in "
            f"'{_any_card(deal)} declare nothing')"
        )
    rules = deal.rules
    contract = deal.contract
    suit = None if contract is None else contract.strain.trump_suit
    if rules.belote_requires_declaration and suit is not None:
        pair = {
            card for card in deal.view(seat).hand if card.suit is suit and card.rank in _BELOTE
        }
        if len(pair) == 2:  # both still held: the first played decides
            lines.append(
                "Belote: the first of your king and queen of trumps says belote; add "
                "'no belote' after it to keep quiet"
            )
    return lines


def _any_card(deal: Deal) -> str:
    legal = [action for action in deal.legal_actions() if isinstance(action, Card)]
    return str(legal[0]) if legal else "JH"


def _show(game: Game, seat: Seat, write: Callable[[str], None]) -> None:
    deal = game.deal
    view = deal.view(seat)
    contract = view.contract
    write(f"Your hand: {hand_line(view.hand, None if contract is None else contract.strain)}")
    if view.trick is None:
        if view.calls:
            write(render_auction(view.calls, view.dealer, turned=view.turned))
        else:
            write("Auction so far: nothing yet")
        if view.turned is not None:
            write(f"Turned card: {view.turned}")
    else:
        assert view.contract is not None
        write(f"Contract: {view.contract}")
        trick = str(view.trick).rstrip()
        write(f"Trick {len(view.tricks) + 1}: {trick if view.trick.cards else 'you lead'}")
        for line in _declarations(deal, seat):
            write(line)
    write(f"You may: {_choices(deal.legal_actions())}")


def _read_action(text: str, seat: Seat) -> Step:
    """A card code or a call, as the human typed it, as *seat*'s step: a card may be
    followed by what it declares (``JH declare nothing``, ``JH declare tierce (QH KH
    AH)``) and by ``belote`` or ``no belote``, as :meth:`Step.parse
    <coinche.Step.parse>` reads them."""
    try:
        return Step.parse(f"{seat.letter} {text}")
    except NotationError as error:
        words_error = str(error).partition(" as a step: ")[2]
    words = text.split()
    lowered = [word.lower() for word in words]
    ends = [lowered.index(w) for w in ("declare", "belote", "no") if w in lowered]
    head = " ".join(words[: min(ends)]) if ends else text  # the action before its words
    try:
        parse_action(head)
    except NotationError as error:  # no action at all: the reader's reason, if it has one
        reason = str(error).partition(" as an action: ")[2]
        if reason.startswith("an action is"):
            reason = (
                "type a card such as JH, or a call such as 80 H, pass or coinche (? shows "
                "your hand and choices)"
            )
        raise NotationError(f"cannot read {short_repr(text)}: {reason}") from None
    # the action reads, the words after it do not (what it declares, belote)
    raise NotationError(f"cannot read {short_repr(text)}: {words_error}")


def _declared(announcement: Announcement) -> str:
    """An announcement in words, without its seat: ``tierce (QH KH AH)``."""
    return str(announcement).rsplit(" by ", 1)[0]


def _read_line(prompt: str) -> str:
    """A line of standard input; echoed when it is not a terminal (which echoes it).
    A closed or unreadable standard input is the end of the input: EOFError."""
    if sys.stdin is None:  # started with standard input closed (<&-)
        raise EOFError
    try:
        line = input(prompt)
    except (OSError, ValueError, UnicodeDecodeError):  # unreadable, closed, not UTF-8
        raise EOFError from None
    if not sys.stdin.isatty():
        print(line)
    return line


class InputEnded(Exception):
    """The human's input ended (end of file, Ctrl-D, a closed standard input) before the
    game did: *game* is the game as it stood, the deal in progress included."""

    def __init__(self, game: Game) -> None:
        super().__init__(f"input ended: the game is stopped in deal {game.deal_number + 1}")
        self.game = game


def _ask(game: Game, seat: Seat, read: Callable[[str], str], write: Callable[[str], None]) -> Step:
    """The human's action: read lines until one is allowed."""
    _show(game, seat, write)
    while True:
        try:
            text = read(f"{seat.letter}> ").strip()
        except EOFError:  # the end of the input: stop the game
            write("")
            raise InputEnded(game) from None
        if not text:
            continue
        if text == "?":
            _show(game, seat, write)
            continue
        try:
            step = _read_action(text, seat)
        except NotationError as error:
            write(str(error))
            continue
        reason = game.explain(step)
        if reason is None:
            return step
        write(f"{text} is not allowed: {reason}")


def _narrate(
    deal: Deal, after: Deal, seat: Seat, action: Action, write: Callable[[str], None]
) -> None:
    """Say what *seat* did (with what it declared), and the contract or the trick it
    completed."""
    step = after.steps[-1]
    said = [f"declares {_declared(a)}" for a in step.declare or ()]
    if step.belote:
        said.append("belote")
    write(f"{seat.letter}: {action}" + "".join(f", {words}" for words in said))
    if isinstance(action, CallBase) and after.contract is not None and deal.contract is None:
        write(f"Contract: {after.contract}")
    if len(after.tricks) > len(deal.tricks) and after.contract is not None:
        trick = after.tricks[-1]
        strain = after.contract.strain
        winner = trick_winner(trick, strain)
        write(
            f"Trick {len(after.tricks)}: {str(trick).rstrip()}, won by {winner.letter} "
            f"({trick_points(trick, strain)} points)"
        )


def play_with_human(
    game: Game,
    players: Mapping[Seat, Player],
    human: Seat | None,
    rng: random.Random,
    read: Callable[[str], str] | None = None,
    write: Callable[[str], None] = print,
) -> Iterator[tuple[Deal, Game]]:
    """:func:`coinche.bots.players.play_deals`, with *human* (unless ``None``) choosing from
    the lines *read* returns instead of its player, and every action told on *write*.

    :raises InputEnded: once *read* raises EOFError (the end of the input), with the
        game as it stood.
    """
    if human is None:
        yield from play_deals(game, players, rng)
        return
    if read is None:
        read = _read_line
    number = -1
    while not game.is_over:
        deal = game.deal
        if game.deal_number != number:
            number = game.deal_number
            write("")
            write(f"Deal {number + 1}, {deal.dealer.letter} deals; you are {human.name.title()}")
        seat = game.to_move
        assert seat is not None
        step: Step | Action
        if seat is human:
            step = _ask(game, seat, read, write)
            action = step.action
        else:
            action = step = players[seat].choose(game.view(seat), game.legal_actions(), rng)
        finished = deal.apply(step)
        after = game.apply(step)
        _narrate(deal, finished, seat, action, write)
        if finished.is_over:
            yield finished, after
        game = after
        if game.needs_deck:  # a game dealt from decks: the next deal needs one
            return
