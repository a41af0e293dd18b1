"""The ``coinche play`` command: a whole game between built-in players, printed.

The output must show every part of each deal (hands, auction, tricks with winners,
the score explained, the running totals) and end with the winner; it must agree with
the game the library plays from the same seed, and be the same for the same seed.
Bad input prints one line on stderr starting with ``coinche: error:`` and returns 2,
as for the other commands.
"""

from __future__ import annotations

import itertools
import random
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from coinche import CARDS, RuleConfig, Seat
from coinche.bots.players import GreedyPlayer, PimcPlayer, Player, RandomPlayer, play_game
from coinche.cli import build_parser, main
from coinche.game import Game
from coinche.records import loads

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
