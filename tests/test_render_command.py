"""``coinche render``: a deal record, a view record or the deal notation in, SVG out.

The pictures are read back with the standard XML parser and their cards counted by
their titles (see tests/test_svg.py); every error prints one line on stderr starting
with ``coinche: error:``, nothing on stdout, and returns 2.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from coinche import Card, Deal, Hand, RuleConfig, Seat, Strain
from coinche.auction import PASS, Bid
from coinche.cli import main
from coinche.records import dumps

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
