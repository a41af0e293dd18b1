"""The ``coinche play`` command: a whole game between built-in players, printed, or with
one seat typed in from the terminal (``--human``).

The output must show every part of each deal (hands, auction, tricks with winners,
the score explained, the running totals) and end with the winner; it must agree with
the game the library plays from the same seed, and be the same for the same seed.
Bad input prints one line on stderr starting with ``coinche: error:`` and returns 2,
as for the other commands.
"""

from __future__ import annotations

import itertools
import os
import random
import re
import select
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest

from coinche import CARDS, RuleConfig, Seat
from coinche.bots.players import GreedyPlayer, PimcPlayer, Player, RandomPlayer, play_game
from coinche.calls import PASS, Bid
from coinche.cards import Card, Hand, Strain
from coinche.cli import build_parser, game_rng, main
from coinche.cli._human import _choices, hand_line, line_up, play_with_human
from coinche.dealing import dealing_positions
from coinche.game import Game
from coinche.records import loads
from coinche.step import Action
from coinche.view import PlayerView

BIDDING_PRESETS = ("common", "ffb", "pagat", "contract_only", "min82")
COMMON_300 = ("play", "--rules", "common", "--seed", "1", "--target", "300")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_prints_every_section(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *COMMON_300)
    assert (code, err) == (0, "")
    lines = out.split("\n")
    assert lines[0] == "Coinche, common rules, game to 300, seed 1"
    assert lines[1] == "Players: N greedy, E random, S greedy, W random; W deals first"
    assert "=== Deal 1, W deals ===" in lines
    for heading in ("Hands:", "Auction (W deals):", "Score:", "=== End of the game ==="):
        assert heading in lines
    assert any(line.startswith("Tricks (") for line in lines)
    assert len([line for line in lines if re.search(r"won by [NESW], \d+ points", line)]) >= 8
    assert "  Deal score: " in out  # the breakdown, indented under Score:
    assert "Totals after deal 1: NS " in out
    assert re.search(r"^Winner: (North-South|East-West) \(", out, re.MULTILINE)
    assert re.search(r"^Final totals: NS \d+, EW \d+$", out, re.MULTILINE)
    assert out.endswith("thrown in: 0\n") or "Thrown in:" in out


def test_play_agrees_with_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    # the command plays Game.new(rules, WEST, Random(seed)) with the same generator
    _, out, _ = run(capsys, *COMMON_300)
    rng = random.Random(1)
    rules = attrs.evolve(RuleConfig.common(), target=300)
    players: dict[Seat, Player] = {
        Seat.NORTH: GreedyPlayer(), Seat.EAST: RandomPlayer(),
        Seat.SOUTH: GreedyPlayer(), Seat.WEST: RandomPlayer(),
    }  # fmt: skip
    game = play_game(Game.new(rules, Seat.WEST, rng), players, rng)
    assert f"Final totals: {game.totals}\n" in out
    assert out.count("=== Deal ") == game.deal_number + 1
    assert out.count("\n  Deal score: ") == len(game.results)
    for result in game.results:
        assert f"  Deal score: {result.score}\n" in out
    totals = re.findall(r"^Totals after deal \d+: (.*)$", out, re.MULTILINE)
    assert totals[-1] == str(game.totals)


def test_play_is_the_same_for_the_same_seed(capsys: pytest.CaptureFixture[str]) -> None:
    _, first, _ = run(capsys, *COMMON_300)
    _, second, _ = run(capsys, *COMMON_300)
    assert first == second
    _, other, _ = run(capsys, "play", "--seed", "2", "--target", "300")
    assert other != first


@pytest.mark.parametrize("preset", BIDDING_PRESETS)
def test_play_every_bidding_preset(capsys: pytest.CaptureFixture[str], preset: str) -> None:
    code, out, err = run(capsys, "play", "--rules", preset, "--seed", "3", "--target", "400")
    assert (code, err) == (0, "")
    assert out.startswith(f"Coinche, {preset} rules, ")
    assert "\nWinner: " in out
    # contract_only is a best-of-three match: it says who won each game
    assert ("Games won: " in out) == (preset == "contract_only")


def test_play_a_match_says_each_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--rules", "contract_only", "--seed", "1")
    assert code == 0
    assert out.startswith("Coinche, contract_only rules, first to win 2 games of 1000, seed 1")
    assert "Game 1 won by " in out
    assert "the totals start again from 0." in out
    assert re.search(r"^Games won: NS 2, EW [01]$|^Games won: NS [01], EW 2$", out, re.M)


def test_play_says_a_deal_is_thrown_in(capsys: pytest.CaptureFixture[str]) -> None:
    # with four greedy players, seed 5: in deal 2 nobody is worth 80 and all four pass
    code, out, _ = run(
        capsys,
        "play",
        "--seed",
        "5",
        "--target",
        "300",
        "--players",
        "greedy,greedy,greedy,greedy",
    )
    assert code == 0
    assert "Players: N greedy, E greedy, S greedy, W greedy; W deals first" in out
    deal_2 = out.split("=== Deal 2, N deals ===\n")[1].split("\n=== ")[0]
    assert "Auction (N deals):\n  E  pass\n  S  pass\n  W  pass\n  N  pass\n" in deal_2
    assert "Thrown in: all four passed, nothing is scored; E deals next." in deal_2
    assert "Tricks" not in deal_2
    assert re.search(r"^Deals: \d+, of which thrown in: [1-9]", out, re.MULTILINE)


def test_play_with_four_random_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--seed", "4", "--players", " Random,random,RANDOM,random")
    assert code == 0
    assert "Players: N random, E random, S random, W random; W deals first" in out


def test_play_defaults() -> None:
    args = build_parser().parse_args(["play", "--seed", "-3"])
    assert (args.rules, args.seed, args.target) == ("common", -3, None)
    assert args.players == ("greedy", "random", "greedy", "random")


BAD_PLAY: list[tuple[str, tuple[str, ...], str]] = [
    ("unknown preset", ("play", "--rules", "fbb", "--seed", "1"), "unknown preset 'fbb'"),
    ("zero target", ("play", "--seed", "1", "--target", "0"), "argument --target: must be a "),
    ("negative target", ("play", "--seed", "1", "--target", "-5"), "from 1 to 100000"),
    # a game to more than 100,000 points would take hours: refused
    ("huge target", ("play", "--seed", "1", "--target", "99999999999"), "from 1 to 100000"),
    ("target not a number", ("play", "--seed", "1", "--target", "ten"), "not 'ten'"),
    ("seed not a number", ("play", "--seed", "x"), "argument --seed: must be a whole number"),
    ("three players", ("play", "--seed", "1", "--players", "greedy,random,greedy"), "four"),
    (
        "unknown player",
        ("play", "--seed", "1", "--players", "greedy,smart,greedy,random"),
        "smart",
    ),
]


@pytest.mark.parametrize(
    ("argv", "words"), [pytest.param(argv, words, id=name) for name, argv, words in BAD_PLAY]
)
def test_bad_play_prints_one_line_and_returns_2(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], words: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("coinche: error: ")
    assert err.count("\n") == 1
    assert err.endswith("\n")
    assert words in err


def test_help_lists_play(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "play" in out
    code, out, _ = run(capsys, "play", "--help")
    assert code == 0
    for option in ("--rules", "--seed", "--target", "--players"):
        assert option in out


def test_python_dash_m_play() -> None:
    command = [sys.executable, "-m", "coinche", "play", *COMMON_300[1:]]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert "\nWinner: " in done.stdout
    # a reader that stops early (as `| head` does) gets no traceback: a long game, far
    # more output than a pipe holds, so the command is still writing when it is closed
    with subprocess.Popen(
        [sys.executable, "-m", "coinche", "play", "--seed", "1", "--target", "100000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None
        assert process.stdout.readline().startswith(b"Coinche, common rules")
        process.stdout.close()
        assert process.stderr is not None
        err = process.stderr.read()
        assert process.wait() == 1
    assert b"Traceback" not in err


def test_the_demo_line_up_plays_pimc_against_greedy(capsys: pytest.CaptureFixture[str]) -> None:
    """make demo's line-up: the command plays Game.new(rules, WEST, Random(seed)) with a
    PIMC player (8 worlds... see cli._pimc) for North-South, so its totals are those of
    the library's play_game with the same players and generator."""
    argv = ("play", "--rules", "common", "--seed", "1", "--target", "300")
    _, out, _ = run(capsys, *argv, "--players", "pimc,greedy,pimc,greedy")
    assert "Players: N pimc, E greedy, S pimc, W greedy" in out
    rng = random.Random(1)
    rules = attrs.evolve(RuleConfig.common(), target=300)
    players: dict[Seat, Player] = {
        Seat.NORTH: PimcPlayer(worlds=10, max_cards=16), Seat.EAST: GreedyPlayer(),
        Seat.SOUTH: PimcPlayer(worlds=10, max_cards=16), Seat.WEST: GreedyPlayer(),
    }  # fmt: skip
    game = play_game(Game.new(rules, Seat.WEST, rng), players, rng)
    assert f"Final totals: {game.totals}\n" in out


# ------------------------------------------------------------ the record, written as the game goes
def test_a_game_cut_off_by_the_end_of_input_leaves_every_finished_deal_in_its_record(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The human at South types "pass", then each card code in turn, over and over:
    every line not allowed is refused and asked again, so the human passes every call
    and plays its first card allowed. Once the record on disk holds two finished deals
    and the third has begun, the input ends. The record then holds the two deals as
    they were printed, and the third as far as it went; before this, the record was
    written only at the end of the game, and the end of the input lost it all."""
    from coinche.cli import _human

    path = tmp_path / "game.json"
    lines = itertools.cycle(["pass", *(card.code for card in CARDS)])
    asked_after_two = 0

    def read(prompt: str) -> str:
        nonlocal asked_after_two
        on_disk = loads(path.read_text(encoding="utf-8"))
        assert isinstance(on_disk, Game)
        if on_disk.deal_number >= 2:  # two deals (or more) finished, and written
            asked_after_two += 1
            if asked_after_two == 1:
                return "pass"  # a call, always allowed to South now
            raise EOFError  # South has called since: the input ends
        return next(lines)

    monkeypatch.setattr(_human, "_read_line", read)
    argv = ("play", "--seed", "3", "--human", "S", "--players", "greedy,greedy,greedy,greedy")
    code, out, err = run(capsys, *argv, "--record", str(path))
    game = loads(path.read_text(encoding="utf-8"))
    assert isinstance(game, Game)
    finished = game.deal_number  # the deals before the one in progress
    assert finished >= 2
    assert code == 2
    assert err == (
        f"coinche: input ended: the game is stopped in deal {finished + 1}; {path} holds "
        "the game so far\n"
    )
    in_progress = game.deals[finished]
    assert not in_progress.is_over
    assert len(in_progress.history) > 0  # South's call at least is kept
    for number, deal in enumerate(game.deals[:finished], 1):
        assert deal.is_over
        printed = out.split(f"=== Deal {number}, ")[1]
        if deal.result is not None:  # the record's score is the score printed
            assert f"Deal score: {deal.result.score}" in printed
    # the totals printed after the last finished deal are the record's totals
    assert f"Totals after deal {finished}: {game.totals}" in out


def test_an_unwritable_record_path_is_refused_before_the_game_starts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for bad in (tmp_path / "no" / "such" / "dir.json", tmp_path, "."):
        code, out, err = run(capsys, *COMMON_300, "--record", str(bad))
        assert (code, out) == (2, "")  # nothing played, nothing printed
        assert err.startswith("coinche: error:")
        assert "cannot write" in err or "needs the name of a file" in err
    assert list(tmp_path.iterdir()) == []  # no temporary file left behind


def test_a_whole_game_record_is_the_game_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    code, out, _ = run(capsys, *COMMON_300, "--record", str(path))
    assert code == 0
    assert out.endswith(f"Record written to {path}\n")
    game = loads(path.read_text(encoding="utf-8"))
    assert isinstance(game, Game)
    assert game.is_over
    assert f"Final totals: {game.totals}" in out
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


# ======================================================================================
# ``coinche play --human SEAT``: one seat typed in from the terminal, the bots the others.
#
# Driven three ways: in process with scripted read/write callables (a whole game, which
# must be the game the library plays with the same choices), through a plain pipe on
# standard input, and through a pseudo-terminal, as a person at a terminal would. Every
# subprocess has a timeout: a prompt that never comes fails the test, never hangs it.


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
