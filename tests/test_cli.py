"""The ``coinche`` command (coinche.cli): its output, and one clear line for bad input.

Expected outputs are worked out by hand from RULES.md section 4 (legal play) and the
documented scoring; every error must print exactly one line on stderr starting with
``coinche: error:``, print nothing on stdout, and return 2.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import logging
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import coinche
from coinche import (
    PASS,
    Bid,
    Card,
    Contract,
    Deal,
    Hand,
    Phase,
    RuleConfig,
    Seat,
    Strain,
    __version__,
    records,
    score_deal,
)
from coinche.cli import build_parser, main
from coinche.game import Game
from coinche.records import dumps, to_data
from coinche.report import render_deal
from coinche.scale import executors
from coinche.scale.executors import RayCluster, executor_for
from coinche.testing.deals import CAPOT_TRICKS

CAPOT_RESULT = score_deal(Contract(Seat.NORTH, Strain.HEARTS, 80), CAPOT_TRICKS)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------------ legal
def test_legal_must_undertrump_in_common(capsys: pytest.CaptureFixture[str]) -> None:
    # North led AH, East trumped with JS; South has no heart and only lower trumps:
    # rule 3c, South must still trump
    code, out, err = run(
        capsys, "legal", "--strain", "S", "--hand", "7S 9S KD", "--trick", "N: AH JS"
    )
    assert (code, err) == (0, "")
    assert out == (
        "SOUTH to play to N: AH JS, spades are trumps, common rules\n"
        "legal: 7S 9S\n"
        "not legal:\n"
        "  KD  you hold no hearts and cannot beat the JS: you must still play a trump "
        "(rule 3c)\n"
    )


def test_legal_may_discard_in_ffb(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "legal", "--rules", "ffb", "--strain", "spades", "--hand", "7S 9S KD",
        "--trick", "n: ah js",
    )  # fmt: skip
    assert code == 0
    assert out == "SOUTH to play to N: AH JS, spades are trumps, ffb rules\nlegal: KD 7S 9S\n"


def test_legal_trumps_led(capsys: pytest.CaptureFixture[str]) -> None:
    # East led the 7H in a hearts contract: South must go over it (rule 2)
    code, out, _ = run(capsys, "legal", "--strain", "H", "--hand", "8H AH KS", "--trick", "E: 7H")
    assert code == 0
    assert out.split("\n")[1:] == [
        "legal: 8H AH",
        "not legal:",
        "  KS  trumps were led: you must play a trump higher than the 7H (rule 2)",
        "",
    ]


def test_legal_no_trump_follow_suit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "legal",
        "--allow-no-trump",
        "--strain",
        "NT",
        "--hand",
        "9D AS",
        "--trick",
        "W: 8D",
    )
    assert code == 0
    assert out == (
        "NORTH to play to W: 8D, no trump, common rules\n"
        "legal: 9D\n"
        "not legal:\n"
        "  AS  you must follow diamonds (rule 1)\n"
    )


def test_legal_leading_with_a_dotted_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "legal", "--allow-all-trump", "--strain", "AT", "--hand", "AT.J9..7"
    )
    assert code == 0
    assert out == "NORTH to lead, all trump, common rules\nlegal: 7C 9H JH TS AS\n"
    code, out, _ = run(capsys, "legal", "--strain", "C", "--hand", "JH", "--trick", "E:")
    assert out == "EAST to lead, clubs are trumps, common rules\nlegal: JH\n"


# ------------------------------------------------------------------ score
def test_score_prints_the_breakdown(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "deal.json"
    record.write_text(dumps(CAPOT_RESULT, indent=2), encoding="utf-8")
    code, out, err = run(capsys, "score", str(record))
    assert (code, err) == (0, "")
    assert out == CAPOT_RESULT.breakdown() + "\n"
    assert out.endswith("Deal score: NS 330, EW 0\n")


def test_score_full_prints_the_deal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "deal.json"
    record.write_text(dumps(CAPOT_RESULT), encoding="utf-8")
    code, out, _ = run(capsys, "score", "--full", str(record))
    assert code == 0
    assert out == render_deal(CAPOT_RESULT) + "\n"


def test_score_reads_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(dumps(CAPOT_RESULT)))
    code, out, _ = run(capsys, "score", "-")
    assert code == 0
    assert out == CAPOT_RESULT.breakdown() + "\n"


def test_score_a_record_written_by_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # only the inputs, and the rules as a preset with a change: ffb without
    # announcements, where a capot is worth 252 card points and scores are rounded
    record = {
        "type": "deal_result",
        "contract": {
            "type": "contract",
            "taker": "N",
            "strain": "H",
            "value": 80,
            "multiplier": 1,
        },
        "rules": {"type": "rules", "preset": "ffb", "announcements": False},
        "tricks": [to_data(trick) for trick in CAPOT_TRICKS],
    }
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, _ = run(capsys, "score", str(path))
    assert code == 0
    assert "Capot: NS take all eight tricks, card points 252" in out
    # 80 + 252 = 332, rounded to 330
    assert out.endswith("Rounded to the nearest 10: NS 330, EW 0\nDeal score: NS 330, EW 0\n")


# ------------------------------------------------------------------ help and version
def test_help_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--help")
    assert (code, err) == (0, "")
    assert out.startswith("usage: coinche")
    assert "legal" in out
    assert "score" in out
    code, out, _ = run(capsys, "legal", "--help")
    assert code == 0
    assert "--trick" in out
    code, out, _ = run(capsys, "--version")
    # the version, then which build runs (the compiled one is a separate install)
    build = "compiled" if coinche.COMPILED else "pure Python"
    assert (code, out) == (0, f"coinche {__version__} ({build})\n")


def test_parser_stores_the_command() -> None:
    args = build_parser().parse_args(["legal", "--strain", "H", "--hand", "JH"])
    assert (args.rules, args.trick, args.command_name) == ("common", "N:", "legal")
    assert callable(args.command)


# ------------------------------------------------------------------ bad input
def _files(tmp_path: Path) -> dict[str, Path]:
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"type": "deal_result",', encoding="utf-8")
    bad_card = tmp_path / "bad_card.json"
    data: Any = to_data(CAPOT_RESULT)
    data["tricks"][3]["cards"][1] = "ZZ"
    bad_card.write_text(json.dumps(data), encoding="utf-8")
    contract = tmp_path / "contract.json"
    contract.write_text(dumps(Contract(Seat.NORTH, Strain.HEARTS, 80)), encoding="utf-8")
    latin1 = tmp_path / "latin1.json"
    latin1.write_bytes('{"type": "seat", "seat": "é"}'.encode("latin-1"))
    return {"bad_json": bad_json, "bad_card": bad_card, "contract": contract, "latin1": latin1}


LEGAL = ("legal", "--strain", "S")
BAD_COMMANDS: list[tuple[str, tuple[str, ...], str]] = [
    ("unknown preset", (*LEGAL, "--rules", "fbb", "--hand", "7S"), "unknown preset 'fbb'"),
    ("bad strain", ("legal", "--strain", "Q", "--hand", "7S"), "cannot read 'Q' as a strain"),
    ("bad card", (*LEGAL, "--hand", "7S ZZ"), "cannot read 'ZZ' as a card: unknown rank 'Z'"),
    ("card twice", (*LEGAL, "--hand", "7S 7S"), "card 7S appears twice in '7S 7S'"),
    ("bad dotted hand", (*LEGAL, "--hand", "AX..."), "cannot read 'AX...' as a hand"),
    ("empty hand", (*LEGAL, "--hand", ""), "the hand is empty"),
    ("trick without leader", (*LEGAL, "--hand", "7S", "--trick", "AH"), "write the leader first"),
    ("bad leader", (*LEGAL, "--hand", "7S", "--trick", "X: AH"), "cannot read 'X' as a seat"),
    ("card twice in trick", (*LEGAL, "--hand", "7S", "--trick", "N: AH AH"), "played twice"),
    (
        "card in hand and trick",
        (*LEGAL, "--hand", "AH 7S", "--trick", "N: AH"),
        "AH is both in the hand and in the trick",
    ),
    (
        "complete trick",
        (*LEGAL, "--hand", "7S", "--trick", "N: AH JS 7H 8H"),
        "the trick N: AH JS 7H 8H is complete",
    ),
    ("missing hand", LEGAL, "the following arguments are required: --hand"),
    ("no command", (), "the following arguments are required: COMMAND"),
    ("unknown command", ("plya",), "invalid choice: 'plya'"),
    ("unknown option", (*LEGAL, "--hand", "7S", "--colour"), "unrecognized arguments: --colour"),
    ("missing file", ("score", "{tmp}/nowhere.json"), "cannot read {tmp}/nowhere.json: no such"),
    ("directory", ("score", "{tmp}"), "cannot read {tmp}: "),
    ("malformed JSON", ("score", "{bad_json}"), "invalid record: not valid JSON: Expecting"),
    (
        "bad card in record",
        ("score", "{bad_card}"),
        "invalid record at tricks[3].cards[1]: cannot read 'ZZ' as a card",
    ),
    (
        "wrong record",
        ("score", "{contract}"),
        "holds a Contract record; score needs a deal, game or deal_result record",
    ),
    ("not UTF-8", ("score", "{latin1}"), "not UTF-8 text"),
    ("score without a file", ("score",), "the following arguments are required: RECORD"),
]


@pytest.mark.parametrize(
    ("argv", "words"),
    [pytest.param(argv, words, id=name) for name, argv, words in BAD_COMMANDS],
)
def test_bad_input_prints_one_line_and_returns_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: tuple[str, ...], words: str
) -> None:
    names = {"tmp": str(tmp_path), **{k: str(v) for k, v in _files(tmp_path).items()}}
    code, out, err = run(capsys, *(arg.format(**names) for arg in argv))
    assert code == 2
    assert out == ""
    assert err.startswith("coinche: error: ")
    assert err.endswith("\n")
    assert err.count("\n") == 1
    assert "Traceback" not in err
    assert words.format(**names) in err


def test_python_dash_m(tmp_path: Path) -> None:
    ok = subprocess.run(
        [sys.executable, "-m", "coinche", "legal", "--strain", "S", "--hand", "7S 9S KD",
         "--trick", "N: AH JS"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert ok.returncode == 0
    assert ok.stdout.split("\n")[1] == "legal: 7S 9S"
    bad = subprocess.run(
        [sys.executable, "-m", "coinche", "score", str(tmp_path / "missing.json")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.startswith("coinche: error: cannot read ")
    assert bad.stderr.count("\n") == 1


# ------------------------------------------------------------------ score a deal record
def _played_deal(seed: int, *, stop_after: int | None = None) -> Deal:
    """A deal of the ffb rules played with random legal actions (all of them, or some)."""
    rng = random.Random(seed)
    deal = Deal.new(Seat.NORTH, RuleConfig.ffb(), rng)
    count = 0
    while not deal.is_over and (stop_after is None or count < stop_after):
        deal = deal.apply(rng.choice(deal.legal_actions()))
        count += 1
    return deal


def _first_scored_deal() -> Deal:
    for seed in range(50):
        deal = _played_deal(seed)
        if deal.phase is Phase.SCORED:
            return deal
    raise AssertionError("no scored deal in 50 seeds")  # pragma: no cover


def test_score_a_finished_deal_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The canonical deal record is replayed, then scored: the output is its breakdown."""
    deal = _first_scored_deal()
    assert deal.result is not None
    record = tmp_path / "deal.json"
    record.write_text(dumps(deal), encoding="utf-8")
    code, out, err = run(capsys, "score", str(record))
    assert (code, err) == (0, "")
    assert out == deal.result.breakdown() + "\n"


def test_score_full_shows_the_auction_of_a_deal_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """--full on a deal record shows the real dealt hands and the calls."""
    deal = _first_scored_deal()
    assert deal.result is not None
    record = tmp_path / "deal.json"
    record.write_text(dumps(deal), encoding="utf-8")
    code, out, _ = run(capsys, "score", "--full", str(record))
    hands = dict(zip(Seat, deal.hands, strict=True))
    expected = render_deal(deal.result, calls=deal.calls, dealer=deal.dealer, hands=hands)
    assert (code, out) == (0, expected + "\n")


def test_score_an_unfinished_deal_record_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A deal still in the auction or the play has nothing to score: one line, status 2."""
    deal = _played_deal(1, stop_after=3)
    assert not deal.is_over
    record = tmp_path / "deal.json"
    record.write_text(dumps(deal), encoding="utf-8")
    code, out, err = run(capsys, "score", str(record))
    assert (code, out) == (2, "")
    assert err.startswith("coinche: error: ")
    assert "not finished" in err
    assert err.count("\n") == 1


def test_score_a_thrown_in_deal_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Four passes: the record is valid and the program says nothing is scored."""
    deal = Deal.new(Seat.NORTH, RuleConfig.common(), random.Random(0))
    for _ in range(4):
        deal = deal.apply(PASS)
    assert deal.phase is Phase.THROWN_IN
    record = tmp_path / "deal.json"
    record.write_text(dumps(deal), encoding="utf-8")
    code, out, err = run(capsys, "score", str(record))
    assert (code, err) == (0, "")
    assert out == "Thrown in: all four passed, nothing is scored.\n"


# ------------------------------------------------------------------ bad input
def _command(
    *argv: str, stdin: bytes | None = None, shell_suffix: str = ""
) -> tuple[int, str, str]:
    import os
    import shlex
    import subprocess
    import sys

    line = " ".join(shlex.quote(a) for a in (sys.executable, "-m", "coinche", *argv))
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict")
    done = subprocess.run(
        ["sh", "-c", line + shell_suffix],
        input=stdin,
        capture_output=True,
        env=env,
        check=False,
    )
    return done.returncode, done.stdout.decode(), done.stderr.decode()


def test_score_with_stdin_closed() -> None:
    code, out, err = _command("score", "-", shell_suffix=" <&-")
    assert (code, out) == (2, "")
    assert err == "coinche: error: cannot read standard input: it is closed\n"


def test_score_of_binary_input() -> None:
    code, out, err = _command("score", "-", stdin=b"\xff\xfe{}")
    assert (code, out) == (2, "")
    assert err.startswith("coinche: error: cannot read standard input: not UTF-8 text")
    assert "Traceback" not in err


def test_bad_input_is_cut_short_in_the_error_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from coinche.cli import main

    code = main(["legal", "--strain", "S", "--hand", "Z" * 100_000])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.startswith("coinche: error: cannot read 'ZZZ")
    assert len(err) < 400


def test_target_is_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    from coinche.cli import main

    assert main(["play", "--seed", "1", "--target", "99999999999"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "--target: must be a whole number from 1 to 100000" in err


def test_reading_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    from coinche.cli._common import _InputError, _read_stdin

    monkeypatch.setattr(sys, "stdin", None)
    with pytest.raises(_InputError, match="it is closed"):
        _read_stdin()
    closed = io.StringIO("x")
    closed.close()
    monkeypatch.setattr(sys, "stdin", closed)
    with pytest.raises(_InputError, match="cannot read standard input: I/O operation"):
        _read_stdin()
    monkeypatch.setattr(sys, "stdin", io.StringIO("text é"))  # no buffer: read as text
    assert _read_stdin() == "text é"
    binary = io.TextIOWrapper(io.BytesIO(b"\xff{}"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", binary)
    with pytest.raises(_InputError, match="not UTF-8 text"):
        _read_stdin()
    binary = io.TextIOWrapper(io.BytesIO("{} é".encode()), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", binary)
    assert _read_stdin() == "{} é"


def test_bad_seeds_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from coinche.cli import main

    for seed in ("1e3", "9" * 30, "1.5", "ſ", "-"):
        assert main(["play", "--seed", seed]) == 2
        assert "--seed: must be a whole number" in capsys.readouterr().err


# ------------------------------------------------------------ play, score and legal for a newcomer
def test_play_without_seed_prints_the_seed_it_drew(capsys: pytest.CaptureFixture[str]) -> None:
    from coinche.cli import main

    assert main(["play", "--target", "200"]) == 0
    heading = capsys.readouterr().out.splitlines()[0]
    seed = int(heading.rsplit("seed ", 1)[1])
    # that seed plays the same game again
    assert main(["play", "--target", "200", "--seed", str(seed)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == heading


def test_seeds_minus_one_and_one_play_different_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from coinche.cli import main

    main(["play", "--target", "200", "--seed", "1"])
    one = capsys.readouterr().out
    main(["play", "--target", "200", "--seed", "-1"])
    minus_one = capsys.readouterr().out
    assert one.split("\n", 1)[1] != minus_one.split("\n", 1)[1]


def test_play_record_is_scored_by_score(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    from pathlib import Path

    from coinche.cli import main

    path = Path(str(tmp_path)) / "game.json"
    assert main(["play", "--seed", "3", "--target", "300", "--record", str(path)]) == 0
    played = capsys.readouterr().out
    game = records.loads(path.read_text(encoding="utf-8"))
    assert isinstance(game, Game)
    assert game.is_over
    assert f"Final totals: {game.totals}" in played
    assert main(["score", str(path)]) == 0
    scored = capsys.readouterr().out
    # every scored deal of the game is explained, and the totals agree with the play
    assert scored.count("Deal score: ") == len(game.results)
    assert scored.rstrip().endswith(f"Totals: {game.totals}")


def test_legal_refuses_a_nine_card_hand_and_strains_off_in_the_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from coinche.cli import main

    assert main(["legal", "--strain", "S", "--hand", "7S 8S 9S TS JS QS KS AS 7H"]) == 2
    assert "at most 8 cards, not 9" in capsys.readouterr().err
    assert main(["legal", "--strain", "NT", "--hand", "7S"]) == 2
    assert "no no-trump contracts (add --allow-no-trump)" in capsys.readouterr().err
    assert main(["legal", "--strain", "AT", "--hand", "7S"]) == 2
    assert "no all-trump contracts (add --allow-all-trump)" in capsys.readouterr().err
    assert main(["legal", "--allow-no-trump", "--strain", "NT", "--hand", "7S"]) == 0


def late_record(tmp_path: Path) -> str:
    """A finished deal's record: North holds the eight spades (trumps), East the
    diamonds, South the hearts, West the clubs; each seat plays its lowest card, so
    North leads and wins every trick (the file for ``solve --played 24``)."""
    from coinche.notation import parse_deal

    _, hands = parse_deal("N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987")
    deal = Deal.from_hands(Seat.WEST, RuleConfig(), hands).apply(Bid(80, Strain.SPADES))
    for _ in range(3):
        deal = deal.apply(PASS)
    while not deal.is_over:
        deal = deal.apply(deal.legal_actions()[0])
    path = tmp_path / "deal.json"
    path.write_text(dumps(deal), encoding="utf-8")
    return str(path)


def test_solve_progress_off_and_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The solve command was once silent for minutes at trick one. It shows its
    progress on standard error, and only on a terminal: captured stderr is not one, so
    it stays empty; on a terminal without tqdm, a plain counter for each step, wiped at
    the end of each; stdout is the same either way; --quiet shows nothing."""
    argv = ("solve", late_record(tmp_path), "--played", "24", "--no-table")
    code, plain, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    assert "Each card of NORTH:\n  KS  NS 250, EW 0\n  AS  NS 250, EW 0\n" in plain
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    monkeypatch.setitem(sys.modules, "tqdm", None)  # the progress extra not installed
    code, out, err = run(capsys, *argv)
    assert (code, out) == (0, plain)
    wipe = "\r\033[K"
    # the value (one search); North's KS and AS; the search, then the 8 cards left
    assert err == (
        "\rvalue: 0/1\rvalue: 1/1" + wipe
        + "".join(f"\reach card: {done}/2" for done in range(3)) + wipe
        + "".join(f"\rbest play: {done}/9" for done in range(10)) + wipe
    )  # fmt: skip
    assert run(capsys, *argv, "--quiet")[1:] == (plain, "")
    if importlib.util.find_spec("tqdm") is not None:  # the bar of the progress extra
        monkeypatch.delitem(sys.modules, "tqdm")
        code, out, err = run(capsys, *argv)
        assert (code, out) == (0, plain)
        assert "each card" in err
        assert "best play" in err


# ------------------------------------------------------------ one reader of whole numbers
@pytest.mark.parametrize(
    "argv",
    [
        ["match", "--ns", "pimc:nodes=10000000", "--ew", "greedy", "--deals", "1"],
        ["match", "--ns", "ismcts:iterations=10000000", "--ew", "greedy", "--deals", "1"],
        ["match", "--ns", "greedy", "--ew", "greedy", "--deals", "10000000"],
    ],
    ids=["pimc nodes", "ismcts iterations", "match deals"],
)
def test_eight_digit_numbers_inside_the_stated_range_are_read(argv: list[str]) -> None:
    # the readers once stopped at seven digits, refusing 10,000,000 although each
    # message stated a range holding it (nodes to 10**12, iterations to 10**7)
    args = build_parser().parse_args(argv)
    spec_options = dict(args.ns.options)
    assert 10_000_000 in (args.deals, spec_options.get("nodes"), spec_options.get("iterations"))
    player = args.ns.build()
    # the player is built with the number read (0 nodes would be "no budget")
    assert 10_000_000 in (
        getattr(player, "nodes", None),
        getattr(player, "iterations", None),
        args.deals,
    )


@pytest.mark.parametrize(
    ("text", "low", "high", "value"),
    [
        ("0", 0, 31, 0),
        ("31", 0, 31, 31),
        ("-7", -10, 10, -7),
        ("+7", -10, 10, 7),
        ("0007", 1, 10, 7),  # leading zeros are the same number
        (str(2**63), -(2**63), 2**63, 2**63),  # the seed's bound itself
    ],
)
def test_the_integer_option_reads_every_number_in_its_range(
    text: str, low: int, high: int, value: int
) -> None:
    from coinche.cli._common import IntOption

    assert IntOption(low, high)(text) == value


@pytest.mark.parametrize(
    "text", ["", "-", "1.5", "1e3", "x", "٣", "ſ", "32", "-1", "9" * 5000, "1_0", "0x1f"]
)
def test_the_integer_option_refuses_what_is_not_a_number_in_range(text: str) -> None:
    import argparse

    from coinche.cli._common import IntOption

    # 0 to 31, the range of --played: each refusal states the range and echoes the text
    # cut short ("٣" is an Arabic-Indic digit: isdigit() says yes, ASCII says no)
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        IntOption(0, 31)(text)
    assert str(caught.value).startswith("must be a whole number from 0 to 31, not '")
    assert len(str(caught.value)) < 150


def test_slow_commands_on_the_pure_build_name_the_faster_ways(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A match with a searching player, on a terminal: one note on standard error
    before it starts (pure build only), naming the compiled build and --jobs; a match
    of greedy players, or --quiet, says nothing."""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    monkeypatch.setitem(sys.modules, "tqdm", None)  # the plain counter: easy to leave out
    argv = ["match", "--ew", "greedy", "--deals", "1", "--seed", "1"]
    assert main([*argv, "--ns", "pimc:worlds=1,max_cards=4"]) == 0
    notes = [line for line in capsys.readouterr().err.split("\n") if "note:" in line]
    if coinche.COMPILED:
        assert notes == []
    else:
        assert len(notes) == 1
        assert notes[0].startswith("coinche: note: pimc searches every decision: seconds a deal")
        assert "the compiled build" in notes[0]
        assert "--jobs N" in notes[0]
    assert main([*argv, "--ns", "greedy"]) == 0
    assert "note:" not in capsys.readouterr().err
    assert main([*argv, "--ns", "pimc:worlds=1,max_cards=4", "--quiet"]) == 0
    assert capsys.readouterr().err == ""


# ======================================================================================
# The ``coinche`` command's help and documentation agree with the command,
# and ``--quiet`` silences Ray's log lines.


ROOT = Path(__file__).resolve().parent.parent


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    (action,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_the_nine_subcommands() -> None:
    assert set(subcommands()) == {
        "legal", "score", "play", "render", "solve", "review", "match", "dataset", "serve",
    }  # fmt: skip


@pytest.mark.parametrize("name", sorted(subcommands()))
def test_help_has_no_doubled_percent(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    # argparse expands % only in the help of arguments (and %(prog)s): a description's
    # "95%%" was printed as it is
    assert main([name, "--help"]) == 0
    out = capsys.readouterr().out
    assert "%%" not in out
    if name == "match":
        assert "95% interval" in " ".join(out.split())


def test_the_docs_page_has_a_section_for_every_subcommand() -> None:
    page = (ROOT / "docs" / "cli.rst").read_text(encoding="utf-8")
    headings = set(re.findall(r"^``coinche (\w+)``", page, flags=re.MULTILINE))
    assert headings == set(subcommands())
    assert "three subcommands" not in page
    # every player the command knows is documented for --players
    assert "``greedy``, ``pimc`` or ``random``" in page


class FakeRay:
    """Just enough of the ray module to see what ray.init is given."""

    def __init__(self) -> None:
        self.options: dict[str, Any] | None = None

    def is_initialized(self) -> bool:
        return False

    def init(self, **options: Any) -> None:
        self.options = options
        raise ConnectionError("no Ray here")


@pytest.mark.parametrize("quiet", [True, False])
def test_quiet_ray_has_no_log_lines(
    quiet: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = FakeRay()
    monkeypatch.setattr(executors, "require", lambda *args: fake)
    argv = ["match", "--ns", "greedy", "--ew", "random", "--deals", "2", "--ray"]
    assert main([*argv, "--quiet"] if quiet else argv) == 2
    assert "cannot start or join a local Ray: no Ray here" in capsys.readouterr().err
    assert fake.options is not None
    if quiet:  # Ray's logger at error level (its start-up warnings too), and the
        # workers' output kept off this process
        assert fake.options["log_to_driver"] is False
        assert fake.options["logging_level"] == logging.ERROR
    else:
        assert "log_to_driver" not in fake.options
        assert "logging_level" not in fake.options


def test_quiet_reaches_the_ray_cluster() -> None:
    cluster = executor_for(2, True, quiet=True)
    assert isinstance(cluster, RayCluster)
    assert (cluster.quiet, cluster.num_cpus) == (True, 2)
    assert RayCluster().quiet is False
    with pytest.raises(TypeError, match="quiet must be a bool, not str"):
        RayCluster(quiet="yes")  # type: ignore[arg-type]


def test_a_real_quiet_ray_run_prints_no_log_line() -> None:
    """One real local Ray (about 15 s): without --quiet Ray logs "Started a local Ray
    instance" (and warnings) on standard error; with it, standard error stays empty."""
    pytest.importorskip("ray")
    import os
    import subprocess
    import sys

    env = {key: value for key, value in os.environ.items() if key != "RAY_ADDRESS"}
    argv = ["match", "--ns", "greedy", "--ew", "random", "--deals", "2", "--seed", "1"]
    done = subprocess.run(
        [sys.executable, "-m", "coinche", *argv, "--ray", "--quiet"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines()[0].endswith("on the local Ray")


# ======================================================================================
# ``coinche render``: a deal record, a view record or the deal notation in, SVG out.
#
# The pictures are read back with the standard XML parser and their cards counted by
# their titles (see tests/test_svg.py); every error prints one line on stderr starting
# with ``coinche: error:``, nothing on stdout, and returns 2.


NS = "{http://www.w3.org/2000/svg}"
SUIT_HANDS = [
    Hand.parse("7C 8C 9C TC JC QC KC AC"),
    Hand.parse("7D 8D 9D TD JD QD KD AD"),
    Hand.parse("7H 8H 9H TH JH QH KH AH"),
    Hand.parse("7S 8S 9S TS JS QS KS AS"),
]
NOTATION = "W:AKQJT987... ...AKQJT987 ..AKQJT987. .AKQJT987.."  # W spades, N clubs...


def played_deal() -> Deal:
    """80 hearts by North, every seat playing its first legal card to the end."""
    deal = Deal.from_hands(Seat.WEST, RuleConfig(), SUIT_HANDS).apply(Bid(80, Strain.HEARTS))
    for _ in range(3):
        deal = deal.apply(PASS)
    while not deal.is_over:
        action = deal.legal_actions()[0]
        assert isinstance(action, Card)
        deal = deal.apply(action)
    return deal


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "deal.json"
    path.write_text(dumps(played_deal()), encoding="utf-8")
    return path


def render(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["render", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def fails(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = render(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("coinche: error: ")
    assert err.count("\n") == 1
    return err


def picture(path: Path) -> ET.Element:
    return ET.fromstring(path.read_text(encoding="utf-8"))


def classes(root: ET.Element) -> list[str]:
    return [g.get("class") or "" for g in root.iter(f"{NS}g")]


def faces(root: ET.Element) -> int:
    return sum(1 for css in classes(root) if "card" in css.split())


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{NS}text")]


def test_render_a_finished_deal(capsys: pytest.CaptureFixture[str], record: Path) -> None:
    out_path = record.with_suffix(".svg")
    assert render(capsys, str(record), "--svg", str(out_path)) == (0, "", "")
    root = picture(out_path)
    assert faces(root) == 64  # every card in the hands as dealt, and in the eight tricks
    assert sum(1 for css in classes(root) if "winner" in css.split()) == 8


def test_render_before_trick_five(capsys: pytest.CaptureFixture[str], record: Path) -> None:
    out_path = record.with_suffix(".svg")
    assert render(capsys, str(record), "--svg", str(out_path), "--trick", "5")[0] == 0
    root = picture(out_path)
    # four tricks played (16 cards), four cards left in each hand
    assert faces(root) == 32
    assert sum(1 for text in texts(root) if " won by " in text) == 4
    leader = played_deal().tricks[4].leader  # the winner of trick 4 leads trick 5
    assert f"{leader.name.title()} to lead" in texts(root)


def test_render_before_the_first_trick(capsys: pytest.CaptureFixture[str], record: Path) -> None:
    out_path = record.with_suffix(".svg")
    assert render(capsys, str(record), "--svg", str(out_path), "--trick", "1")[0] == 0
    root = picture(out_path)
    assert faces(root) == 32
    assert not any(" won by " in text for text in texts(root))
    assert "North to lead" in texts(root)  # West dealt, North leads


def test_render_one_seats_view_with_legal_cards(
    capsys: pytest.CaptureFixture[str], record: Path
) -> None:
    out_path = record.with_suffix(".svg")
    argv = [str(record), "--svg", str(out_path), "--trick", "2", "--view", "S", "--legal"]
    assert render(capsys, *argv)[0] == 0
    root = picture(out_path)
    # South won trick 1 with a trump and leads: its seven hearts, all legal, and the
    # first trick's four cards; the other 21 cards are backs
    assert faces(root) == 7 + 4
    assert classes(root).count("card-back") == 21
    assert sum(1 for css in classes(root) if "legal" in css.split()) == 7


def test_render_a_view_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    view = Deal.from_hands(Seat.WEST, RuleConfig(), SUIT_HANDS).view(Seat.EAST)
    source = tmp_path / "view.json"
    source.write_text(dumps(view), encoding="utf-8")
    out_path = tmp_path / "view.svg"
    assert render(capsys, str(source), "--svg", str(out_path), "--four-colour")[0] == 0
    root = picture(out_path)
    assert faces(root) == 8
    assert classes(root).count("card-back") == 24
    assert "--trick needs a deal" in fails(capsys, str(source), "--svg", "-", "--trick", "1")
    assert "leave out --view" in fails(capsys, str(source), "--svg", "-", "--view", "N")


def test_render_the_deal_notation_from_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(NOTATION + "\n"))
    code, out, err = render(capsys, "-", "--svg", "-", "--size", "30")
    assert (code, err) == (0, "")
    root = ET.fromstring(out)
    assert faces(root) == 32
    assert "West (dealer)" in texts(root)  # the first seat of the notation deals
    monkeypatch.setattr("sys.stdin", io.StringIO(NOTATION))
    default = ET.fromstring(render(capsys, "-", "--svg", "-")[1])
    assert float(default.get("height") or 0) == pytest.approx(2 * float(root.get("height") or 0))


def test_render_notation_under_other_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "deal.txt"
    source.write_text(NOTATION, encoding="utf-8")
    assert render(capsys, str(source), "--svg", "-", "--rules", "ffb")[0] == 0
    err = fails(capsys, str(source), "--svg", "-", "--rules", "classic_belote")
    assert "turned-card deal" in err
    assert "unknown preset" in fails(capsys, str(source), "--svg", "-", "--rules", "nope")


def test_render_refuses_bad_input(
    capsys: pytest.CaptureFixture[str], record: Path, tmp_path: Path
) -> None:
    # a deal has eight tricks: the option's range says so, for 9 and 0 alike
    for trick in ("9", "0"):
        err = fails(capsys, str(record), "--svg", "-", "--trick", trick)
        assert f"--trick: must be a whole number from 1 to 8, not '{trick}'" in err
    assert "a record names its own rules" in fails(
        capsys, str(record), "--svg", "-", "--rules", "ffb"
    )
    hand = tmp_path / "hand.json"
    hand.write_text(dumps(Hand.parse("JH")), encoding="utf-8")
    assert "holds a Hand record" in fails(capsys, str(hand), "--svg", "-")
    assert "no such file" in fails(capsys, str(tmp_path / "missing.json"), "--svg", "-")
    err = fails(capsys, str(record), "--svg", str(tmp_path / "no" / "dir" / "x.svg"))
    assert "cannot write" in err
    assert "cannot read 'X' as a seat" in fails(capsys, str(record), "--svg", "-", "--view", "X")
    assert "the following arguments are required: --svg" in fails(capsys, str(record))


def test_render_a_deal_that_never_reached_the_trick(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    auction = Deal.from_hands(Seat.WEST, RuleConfig(), SUIT_HANDS)
    source = tmp_path / "auction.json"
    source.write_text(dumps(auction), encoding="utf-8")
    err = fails(capsys, str(source), "--svg", "-", "--trick", "1")
    assert "never reached trick 1 (no play, the deal is in the auction phase)" in err
    deal = auction.apply(Bid(80, Strain.HEARTS))
    for _ in range(3):
        deal = deal.apply(PASS)
    deal = deal.apply(Card.parse("7C"))
    source.write_text(dumps(deal), encoding="utf-8")
    assert render(capsys, str(source), "--svg", "-", "--trick", "1")[0] == 0
    err = fails(capsys, str(source), "--svg", "-", "--trick", "2")
    assert "never reached trick 2 (0 tricks complete)" in err


def test_the_shell_example_of_the_pictures_page_runs_as_copied(tmp_path: Path) -> None:
    """docs/pictures.rst's first shell line, run by a shell as a reader would paste it
    (it once held "..." in place of three hands, and failed)."""
    import os
    import subprocess
    import sys

    page = (Path(__file__).parent.parent / "docs" / "pictures.rst").read_text()
    line = next(text.strip() for text in page.splitlines() if text.strip().startswith("echo "))
    scripts = str(Path(sys.executable).parent)  # where the coinche script is installed
    env = {**os.environ, "PATH": scripts + os.pathsep + os.environ.get("PATH", "")}
    done = subprocess.run(
        line, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stderr) == (0, "")
    picture = (tmp_path / "deal.svg").read_text()
    assert picture.startswith("<svg")
    assert picture.count('class="card') >= 32  # the four hands, every card drawn
