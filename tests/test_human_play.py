"""``coinche play --human SEAT``: one seat typed in from the terminal, the bots the others.

Driven three ways: in process with scripted read/write callables (a whole game, which
must be the game the library plays with the same choices), through a plain pipe on
standard input, and through a pseudo-terminal, as a person at a terminal would. Every
subprocess has a timeout: a prompt that never comes fails the test, never hangs it.
"""

from __future__ import annotations

import os
import random
import select
import subprocess
import sys
import time
from collections.abc import Sequence

import pytest

from coinche import RuleConfig, Seat
from coinche.bots.players import GreedyPlayer, play_game
from coinche.calls import PASS, Bid
from coinche.cards import CARDS, Card, Hand, Strain
from coinche.cli import build_parser, game_rng, main
from coinche.cli._human import _choices, hand_line, line_up, play_with_human
from coinche.dealing import dealing_positions
from coinche.game import Game
from coinche.step import Action
from coinche.view import PlayerView

GREEDY = ("--players", "greedy,greedy,greedy,greedy")
# Seed 1, South human, four greedy bots (the transcript is in the comments below). North
# and East pass; South holds 7C 9C JC KC 8D AD 9H JH. The lines South types:
SCRIPT = (
    "85 H",  # refused: bids go up from 80 in steps of 10
    "coinche",  # refused: nobody has bid, there is nothing to coinche
    "80 H",  # taken; West, North and East pass: 80 hearts by South
    "7C",  # trick 1, N: TS 7S; South holds no spade, North is winning: any card
    "AD",  # trick 2, W: TC 8C AC; South holds clubs: refused, South must follow clubs
    "9C",  # ... so a club
)
TIMEOUT = 60.0


class FirstChoice:
    """The human of the in-process test, as a Player: pass, or the first legal card."""

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        return PASS if PASS in legal else legal[0]


def test_a_whole_game_with_a_human_is_the_library_s_game() -> None:
    """The human passes every time and plays the first card it may (the order "You
    may:" lists them in): the game must be play_game's with that player at South."""
    lines: list[str] = []

    def read(prompt: str) -> str:
        assert prompt == "S> "
        choices = next(line for line in reversed(lines) if line.startswith("You may: "))
        # "pass" in the auction (always listed first), else the first legal card
        return choices.removeprefix("You may: ").split(", ")[0]

    rng = game_rng(3)
    game = Game.new(RuleConfig(), Seat.WEST, rng)
    bots = {seat: GreedyPlayer() for seat in Seat}
    finished = list(play_with_human(game, bots, Seat.SOUTH, rng, read, lines.append))
    final = finished[-1][1]
    assert final.is_over
    rng = game_rng(3)
    expected = play_game(
        Game.new(RuleConfig(), Seat.WEST, rng), {**bots, Seat.SOUTH: FirstChoice()}, rng
    )
    assert final == expected
    assert sum(line.startswith("Deal ") for line in lines) == final.deal_number + 1
    # every card of every deal was told: 32 "X: card" lines a deal played out
    told = [line for line in lines if len(line) == 5 and line[1:3] == ": "]
    assert len(told) == 32 * sum(deal.result is not None for deal, _ in finished)


def test_the_choices_line() -> None:
    # pass and coinche are words; the bids are a range of values, then the strains
    legal = (PASS, Bid(150, Strain.HEARTS), Bid(150, Strain.SPADES), Bid(160, Strain.HEARTS))
    assert _choices(legal) == "pass, or bid 150 to 160, in H S"
    assert _choices((Card.parse("7C"), Card.parse("JH"))) == "7C, JH"
    assert line_up(("a", "b", "c", "d"), None) == ("a", "b", "c", "d")


def test_human_seat_must_be_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--human", "X"]) == 2
    err = capsys.readouterr().err
    assert "--human: must be a seat, N, E, S or W (or its name), not 'X'" in err
    assert build_parser().parse_args(["play", "--human", "south"]).human is Seat.SOUTH
    assert build_parser().parse_args(["play"]).human is None


def command(seat: str = "S") -> list[str]:
    return [sys.executable, "-m", "coinche", "play", "--seed", "1", "--human", seat, *GREEDY]


def check_transcript(out: str) -> None:
    assert "Players: N greedy, E greedy, S human, W greedy; W deals first" in out
    assert "Your hand: 7C 9C JC KC 8D AD 9H JH" in out
    assert "You may: pass, or bid 80 to 160 or capot, in C D H S" in out
    assert "85 H is not allowed: 85 is not a bid value: bids go up from 80 in steps of 10" in out
    assert "coinche is not allowed: there is no bid to coinche" in out
    assert "Contract: 80 H by S" in out
    assert "Trick 2: W: TC 8C AC\nYou may: 9C, JC, KC" in out  # only the clubs
    assert "AD is not allowed: you must follow clubs (rule 1)" in out
    # W's ten and E's ace of clubs, 10 + 11, and two nines at 0: 21 points, to East
    assert "Trick 2: W: TC 8C AC 9C, won by E (21 points)" in out


def test_plain_stdin_then_end_of_input() -> None:
    done = subprocess.run(
        command(),
        input="\n".join(SCRIPT) + "\n",
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    check_transcript(done.stdout)
    assert "S> 80 H\n" in done.stdout  # the typed line is echoed off a terminal
    # the input ends at trick 3, in the middle of deal 1: status 2, one line on stderr
    assert done.returncode == 2
    assert done.stderr == "coinche: input ended: the game is stopped in deal 1\n"
    assert "Traceback" not in done.stdout


def test_through_a_pseudo_terminal() -> None:
    """A person at a terminal: each line is typed once its prompt is shown, and Ctrl-D
    (end of file, in the terminal's canonical mode) at the next prompt ends the game."""
    leader, follower = os.openpty()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        command(), stdin=follower, stdout=follower, stderr=follower, env=env, close_fds=True
    )
    os.close(follower)
    output = b""

    def until(text: bytes, times: int = 1) -> None:
        nonlocal output
        deadline = time.monotonic() + TIMEOUT
        while output.count(text) < times:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {text!r} after {TIMEOUT} s; got {output[-500:]!r}")
            ready, _, _ = select.select([leader], [], [], left)
            if ready:
                try:
                    chunk = os.read(leader, 4096)
                except OSError:  # the child has exited and closed the terminal
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"no {text!r} before the end; got {output[-500:]!r}")
                output += chunk

    try:
        for number, line in enumerate(SCRIPT, 1):
            until(b"S> ", number)  # the prompt, then the line typed
            os.write(leader, line.encode() + b"\n")
        until(b"S> ", len(SCRIPT) + 1)  # trick 3, East leads the ace of trumps
        os.write(leader, b"\x04")  # Ctrl-D
        until(b"input ended")
        assert process.wait(timeout=TIMEOUT) == 2
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(leader)
    out = output.decode().replace("\r\n", "\n")
    check_transcript(out)
    assert "coinche: input ended: the game is stopped in deal 1" in out


def test_classic_belote_blank_lines_help_and_unreadable_lines() -> None:
    """Under classic belote the turned card is shown; a blank line asks again, ``?``
    shows the hand and choices again, and a line that is no card or call says what to
    type. Then the human passes or plays the first card it may, to the end."""
    lines: list[str] = []
    typed = iter(["", "?", "blah"])

    def read(prompt: str) -> str:
        for line in typed:
            return line
        choices = next(line for line in reversed(lines) if line.startswith("You may: "))
        return choices.removeprefix("You may: ").split(", ")[0]

    rng = game_rng(5)
    rules = RuleConfig.preset("classic_belote")
    game = Game.new(rules, Seat.WEST, rng)
    bots = {seat: GreedyPlayer() for seat in Seat}
    finished = list(play_with_human(game, bots, Seat.NORTH, rng, read, lines.append))
    assert finished[-1][1].is_over
    first = lines.index("Deal 1, W deals; you are North")
    asked = lines[first:]
    assert asked[1].startswith("Your hand: ")
    assert len(asked[1].split()) == 2 + 5  # the first five cards of the classic deal
    assert asked[2] == "Auction so far: nothing yet"  # West dealt: North speaks first
    assert asked[3].startswith("Turned card: ")
    assert asked[4] == "You may: pass, take"  # North speaks first: pass or take
    assert asked[5:9] == asked[1:5]  # "?" showed them again
    assert asked[9].startswith("cannot read 'blah': type a card such as JH, or a call")


@pytest.mark.parametrize("stdin", [None, "closed"])
def test_closed_standard_input_ends_the_game(
    stdin: str | None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    stream = None
    if stdin == "closed":
        stream = io.StringIO("80 H\n")
        stream.close()  # reading it raises ValueError
    monkeypatch.setattr(sys, "stdin", stream)
    assert main(["play", "--seed", "1", "--human", "N"]) == 2
    out, err = capsys.readouterr()
    assert err == "coinche: input ended: the game is stopped in deal 1\n"
    assert "Traceback" not in out


# ------------------------------------------------------------------ announcements and sorted hands
def _suit_deal_game(rules: RuleConfig) -> Game:
    """A game whose first deal (West deals) gives North every club, East every diamond,
    South every heart and West every spade."""
    suits = {Seat.NORTH: "C", Seat.EAST: "D", Seat.SOUTH: "H", Seat.WEST: "S"}
    deck: list[Card] = list(CARDS)
    for seat, places in enumerate(dealing_positions(Seat.WEST, rules.deal_pattern)):
        cards = Hand.parse(" ".join(rank + suits[Seat(seat)] for rank in "789TJQKA"))
        for place, card in zip(places, cards, strict=True):
            deck[place] = card
    return Game.new(rules, Seat.WEST, deck=deck)


def test_the_human_sees_announcements_and_may_declare_nothing() -> None:
    """Under ffb each seat holds a whole suit: eight in a row, a quinte (100). Before
    North's card of the first trick the command says what North may declare and how to
    declare less; North types its card with "declare nothing". Every card of the first
    trick is told with what it declared: the bots declare all they hold."""
    lines: list[str] = []

    def read(prompt: str) -> str:
        shown = lines[max(i for i, line in enumerate(lines) if line.startswith("Your hand"))]
        choice = next(line for line in reversed(lines) if line.startswith("You may: "))
        first = choice.removeprefix("You may: ").split(", ")[0]
        asked = lines[lines.index(shown) :]
        if any(line.startswith("You may declare: ") for line in asked):
            return f"{first} declare nothing"
        return first

    game = _suit_deal_game(RuleConfig.ffb())
    bots = {seat: GreedyPlayer() for seat in Seat}
    deal, _ = next(play_with_human(game, bots, Seat.NORTH, random.Random(0), read, lines.append))
    offer = next(line for line in lines if line.startswith("You may declare: "))
    assert offer.startswith("You may declare: quinte (7C 8C 9C TC JC QC KC AC) (100).")
    assert "'declare nothing'" in offer
    north = next(
        step for step in deal.steps if step.seat is Seat.NORTH and step.declare is not None
    )
    assert north.declare == ()  # declared nothing, as typed
    told = [line for line in lines if line[1:3] == ": " and "declares quinte" in line]
    # the three bots each declared their quinte with their first card; North did not
    assert sorted(line[0] for line in told) == ["E", "S", "W"]


def test_the_human_hand_shows_the_trumps_first() -> None:
    hand = Hand.parse("7C 9C AD 8H JH TS")
    assert hand_line(hand, Strain.HEARTS) == "8H JH 7C 9C AD TS"
    assert hand_line(hand, Strain.SPADES) == "TS 7C 9C AD 8H JH"
    assert hand_line(hand, Strain.NO_TRUMP) == str(hand)  # no trumps, the usual order
    assert hand_line(hand, None) == str(hand)  # in the auction


def test_a_declaration_the_human_cannot_make_is_refused_with_the_reason() -> None:
    """At North's card of the first trick: a card North does not hold, and a declaration
    that is no announcement, are each refused with the reason; then North plays."""
    lines: list[str] = []
    typed = ["7C declare tierce (7D 8D 9D)", "7C declare foo"]

    def read(prompt: str) -> str:
        choice = next(line for line in reversed(lines) if line.startswith("You may: "))
        if typed and any(line.startswith("You may declare: ") for line in lines):
            lines.append(f"> {typed[0]}")
            return typed.pop(0)
        return choice.removeprefix("You may: ").split(", ")[0]

    game = _suit_deal_game(RuleConfig.ffb())
    bots = {seat: GreedyPlayer() for seat in Seat}
    next(play_with_human(game, bots, Seat.NORTH, random.Random(0), read, lines.append))
    at = lines.index("> 7C declare tierce (7D 8D 9D)")
    # diamonds are East's: North cannot declare them
    assert lines[at + 1].startswith("7C declare tierce (7D 8D 9D) is not allowed: ")
    assert lines[at + 3] == (
        "cannot read '7C declare foo': cannot read 'foo' as an announcement (expected its "
        "kind and its cards, such as 'tierce (QH KH AH)')"
    )
