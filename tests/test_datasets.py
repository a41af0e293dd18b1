"""coinche.scale.datasets: what each row holds, shards, resuming, bad input, the command.

Full deals cost 16 solves each in pure Python (seconds to a minute a deal), too slow for
the suite: the real solver is exercised on endings of one to three tricks, and the full
deal and ``evaluated`` paths with a stand-in for ``solve_deal`` that encodes its
arguments in its answer, so that a row put in the wrong strain, leader or seat shows.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from coinche import Contract, Hand, RuleConfig, Seat, Strain, TeamPoints, Trick
from coinche.bots.evaluate import evaluate_contract
from coinche.bots.solver import Solution, solve_ending
from coinche.cards import Card, hand_from_mask
from coinche.cli import main
from coinche.errors import CoincheTypeError, CoincheValueError
from coinche.play import card_points, trick_winner
from coinche.records import to_data
from coinche.scale.arena import deal_rng
from coinche.scale.datasets import (
    DatasetError,
    DealRecord,
    Generated,
    Manifest,
    generate,
    read,
    read_manifest,
)
from coinche.scale.executors import LocalPool, MissingExtraError
from coinche.seats import Team


def files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def test_one_card_endings_match_a_hand_count(tmp_path: Path) -> None:
    """With one card each the play is forced: the trick goes to trick_winner's seat,
    with the four cards' points and the last trick's 10 (independent of the solver)."""
    rules = RuleConfig.common()
    generate("table", 6, rules, 3, out=tmp_path, tricks=1, shard_size=4)
    records = list(read(tmp_path))
    assert [r.index for r in records] == list(range(6))
    for record in records:
        assert record.dealer == Seat(record.index % 4)
        cards = [next(iter(hand)) for hand in record.hands]
        for strain in (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES):
            for leader in Seat:
                order = [cards[(int(leader) + k) % 4] for k in range(4)]
                winner = trick_winner(Trick(leader, order), strain)
                total = 10 + sum(card_points(card, strain) for card in cards)
                ns = total if winner.team is Team.NORTH_SOUTH else 0
                assert record.table[strain][leader] == TeamPoints(ns, total - ns)


def test_endings_are_the_solvers_and_the_deals_the_seeds(tmp_path: Path) -> None:
    rules = RuleConfig.ffb()
    run = generate("table", 3, rules, -7, out=tmp_path, tricks=3, shard_size=2)
    assert (run.written, run.kept, run.new_deals) == (2, 0, 3)
    for record in read(tmp_path):
        # the documented deal: North the first three cards of the shuffled indices...
        order = list(range(32))
        deal_rng(-7, record.index).shuffle(order)
        expected = [
            hand_from_mask(sum(1 << c for c in order[3 * s : 3 * s + 3])) for s in range(4)
        ]
        assert list(record.hands) == expected
        assert record.values == {}
        for strain, by_leader in record.table.items():
            for leader, points in by_leader.items():
                ns = solve_ending(list(record.hands), strain, rules, Trick(leader))
                assert points.north_south == ns


def fake_solve_deal(
    hands: list[Hand],
    strain: Strain,
    leader: Seat,
    rules: RuleConfig,
    side: Team = Team.NORTH_SOUTH,
) -> Solution:
    """A stand-in for the solver: North-South's points encode the hands, strain and
    leader, so each figure can only have come from its own cell."""
    ns = (hands[0].mask % 89 + 13 * int(strain) + 3 * int(leader)) % 163
    return Solution(TeamPoints(ns, 162 - ns), side, 0)


def test_full_deals_and_their_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("coinche.bots.solver.solve_deal", fake_solve_deal)
    rules = RuleConfig.common()
    generate("evaluated", 2, rules, 9, out=tmp_path, samples=3)
    for record in read(tmp_path):
        rng = deal_rng(9, record.index)
        order = list(range(32))
        rng.shuffle(order)
        assert [h.mask for h in record.hands] == [
            sum(1 << c for c in order[8 * s : 8 * s + 8]) for s in range(4)
        ]
        hands = list(record.hands)
        for strain in (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES):
            for leader in Seat:
                assert (
                    record.table[strain][leader]
                    == fake_solve_deal(hands, strain, leader, rules).card_points
                )
        # the values, in the documented order (strains, then seats) from the same rng
        for strain in (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES):
            for seat in Seat:
                value = evaluate_contract(
                    record.hands[seat], Contract(seat, strain, 80), rules, 3, rng,
                    leader=record.dealer.next,
                )  # fmt: skip
                assert record.values[strain][seat] == value.card_points


class Stop(Exception):
    pass


def stop_after(shards: int) -> Callable[[int], None]:
    calls: list[int] = []

    def progress(count: int) -> None:
        calls.append(count)
        if len(calls) > shards:  # the first call is the count already done
            raise Stop

    return progress


@pytest.mark.parametrize("file_format", ["jsonl", "parquet"])
def test_resume_after_a_stop_or_lost_shards_writes_each_shard_once(
    tmp_path: Path, file_format: Any
) -> None:
    def make(out: Path, **extra: Any) -> Generated:
        return generate(
            "table", 9, RuleConfig.common(), 5, out=out, tricks=2, shard_size=2,
            format=file_format, **extra,
        )  # fmt: skip

    whole = tmp_path / "whole"
    make(whole)
    reference = files(whole)
    assert len(reference) == 6  # the manifest and five shards

    part = tmp_path / "part"
    with pytest.raises(Stop):
        make(part, progress=stop_after(2))
    assert len(files(part)) == 3  # two shards written before the stop
    (part / f"part-00004.{file_format}.tmp").write_text("cut short")  # an interrupted write
    counts: list[int] = []
    run = make(part, progress=counts.append)
    assert (run.written, run.kept, run.new_deals) == (3, 2, 5)
    assert counts == [4, 2, 2, 1]  # four deals were already there
    assert files(part) == reference

    for name in (f"part-00001.{file_format}", f"part-00003.{file_format}"):
        (part / name).unlink()
    run = make(part, executor=LocalPool(2))
    assert (run.written, run.kept) == (2, 3)
    assert files(part) == reference
    if file_format == "parquet":  # the same records whatever the format
        generate("table", 9, RuleConfig.common(), 5, out=tmp_path / "json", tricks=2)
        assert list(read(part)) == list(read(tmp_path / "json"))


def test_a_corrupt_shard_stops_the_run_and_nothing_is_lost(tmp_path: Path) -> None:
    rules = RuleConfig.common()
    generate("table", 4, rules, 1, out=tmp_path, tricks=1, shard_size=1)
    (tmp_path / "part-00003.jsonl").unlink()
    shard = tmp_path / "part-00001.jsonl"
    shard.write_text(shard.read_text()[:30])  # cut in the middle of its row
    before = files(tmp_path)
    with pytest.raises(DatasetError, match=r"part-00001.jsonl: corrupt shard"):
        generate("table", 4, rules, 1, out=tmp_path, tricks=1, shard_size=1)
    assert files(tmp_path) == before  # the missing shard was not computed either
    with pytest.raises(DatasetError, match=r"part-00001\.jsonl: corrupt shard"):
        list(read(tmp_path))
    # a shard that reads but holds the wrong deals
    shard.write_text((tmp_path / "part-00000.jsonl").read_text())
    with pytest.raises(DatasetError, match="should hold deals 1 to 1"):
        generate("table", 4, rules, 1, out=tmp_path, tricks=1, shard_size=1)
    shard.write_text('{"index": 1}\n')
    with pytest.raises(DatasetError, match="not a dataset record"):
        list(read(tmp_path))
    shard.write_bytes(b"\xff\xfe")
    with pytest.raises(DatasetError, match="not UTF-8"):
        list(read(tmp_path))


def test_corrupt_parquet_shard(tmp_path: Path) -> None:
    generate("table", 2, RuleConfig(), 1, out=tmp_path, tricks=1, shard_size=1, format="parquet")
    (tmp_path / "part-00000.parquet").write_bytes(b"PAR1 not really")
    with pytest.raises(DatasetError, match=r"part-00000\.parquet: corrupt shard"):
        generate(
            "table", 2, RuleConfig(), 1, out=tmp_path, tricks=1, shard_size=1, format="parquet"
        )


def test_another_dataset_in_the_directory_is_refused(tmp_path: Path) -> None:
    generate("table", 2, RuleConfig.common(), 1, out=tmp_path, tricks=1)
    with pytest.raises(DatasetError, match=r"another dataset: seed 1 \(asked 2\)"):
        generate("table", 2, RuleConfig.common(), 2, out=tmp_path, tricks=1)
    with pytest.raises(DatasetError, match="rules"):
        generate("table", 2, RuleConfig.ffb(), 1, out=tmp_path, tricks=1)
    stray = tmp_path / "stray"
    stray.mkdir()
    (stray / "part-00000.jsonl").write_text("{}\n")
    with pytest.raises(DatasetError, match="a shard without a manifest"):
        generate("table", 2, RuleConfig.common(), 1, out=stray, tricks=1)


def test_unfinished_or_missing_datasets_and_manifests(tmp_path: Path) -> None:
    generate("table", 3, RuleConfig.common(), 1, out=tmp_path, tricks=1, shard_size=1)
    manifest = read_manifest(tmp_path)
    assert manifest == Manifest("table", 3, RuleConfig.common(), 1, 1, 0, 1, "jsonl")
    assert manifest.strains == (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES)
    (tmp_path / "part-00002.jsonl").unlink()
    records = read(tmp_path)
    assert next(records).index == 0
    with pytest.raises(DatasetError, match=r"part-00002\.jsonl: missing"):
        list(records)
    for text in ("[1", '{"coinche_dataset": 7}', '{"coinche_dataset": 1}'):
        (tmp_path / "manifest.json").write_text(text)
        with pytest.raises(DatasetError, match=r"manifest\.json"):
            read_manifest(tmp_path)
    (tmp_path / "manifest.json").write_bytes(b"\xff\xfe")  # not UTF-8: no text at all
    with pytest.raises(DatasetError, match=r"manifest\.json: cannot read the manifest: not UTF-8"):
        read_manifest(tmp_path)
    data = manifest.to_data()
    data["rules"] = to_data(Card.parse("AH"))  # a record, but not of rules
    with pytest.raises(DatasetError, match="rules"):
        Manifest.from_data(data)
    all_trump = RuleConfig(allow_no_trump=True, allow_all_trump=True)
    assert Manifest("table", 1, all_trump, 1, 1, 0, 1, "jsonl").strains[4:] == (
        Strain.NO_TRUMP,
        Strain.ALL_TRUMP,
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"kind": "tables"}, "kind must be one of 'table', 'evaluated', not 'tables'"),
        ({"n": 0}, "n must be an int from 1 to 1000000000000, not 0"),
        ({"tricks": 9}, "tricks must be an int from 1 to 8"),
        ({"format": "csv"}, "format must be one of 'jsonl', 'parquet', not 'csv'"),
        ({"rules": "common"}, "rules must be a RuleConfig"),
        ({"seed": 1.5}, "seed must be an int"),
        ({"kind": "evaluated", "tricks": 3}, "tricks must be 8"),
        ({"kind": "evaluated", "samples": 0}, "samples must be an int from 1 to"),
        ({"shard_size": 0}, "shard_size must be an int from 1 to"),
        ({"executor": 2}, "executor must be an Executor"),
    ],
)
def test_bad_arguments(tmp_path: Path, kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"kind": "table", "n": 2, "rules": RuleConfig(), "seed": 1}
    arguments.update(kwargs)
    with pytest.raises(CoincheTypeError, match=message):
        generate(out=tmp_path, **arguments)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_unwritable_directory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(DatasetError, match="cannot create the directory"):
        generate("table", 1, RuleConfig(), 1, out=blocker / "sub", tricks=1)


def test_write_and_read_failures_name_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr("pathlib.Path.write_text", full)
        with pytest.raises(DatasetError, match=r"manifest\.json: cannot write the manifest: No"):
            generate("table", 1, RuleConfig(), 1, out=tmp_path / "a", tricks=1)
    with monkeypatch.context() as patch:
        patch.setattr("os.replace", full)
        with pytest.raises(DatasetError, match=r"part-00000\.jsonl: cannot write the shard"):
            generate("table", 1, RuleConfig(), 1, out=tmp_path / "b", tricks=1)
    (tmp_path / "b" / "part-00000.jsonl").mkdir()  # a shard that is not a file
    with pytest.raises(DatasetError, match=r"part-00000\.jsonl: cannot read the shard"):
        list(read(tmp_path / "b"))


def test_parquet_needs_its_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    with pytest.raises(MissingExtraError, match=r"pip install coinche\[parquet\]"):
        generate("table", 1, RuleConfig(), 1, out=tmp_path, tricks=1, format="parquet")


def test_record_rows_round_trip() -> None:
    hands = tuple(Hand([Card.from_index(i)]) for i in range(4))
    table = {Strain.SPADES: dict.fromkeys(Seat, TeamPoints(0, 250))}
    values = {Strain.SPADES: {seat: 1.5 * int(seat) for seat in Seat}}
    record = DealRecord(7, Seat.WEST, hands, table, values)  # type: ignore[arg-type]
    row = json.loads(json.dumps(record.to_data()))
    assert row["ev_S"] == [0.0, 1.5, 3.0, 4.5]
    assert DealRecord.from_data(row) == record
    for broken in ({**row, "index": "7"}, {**row, "hands": ["AH"]}, {**row, "dealer": "X"}):
        with pytest.raises(DatasetError):
            DealRecord.from_data(broken)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_dataset_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_dir = str(tmp_path / "d")
    argv = ["dataset", "--deals", "5", "--out", out_dir, "--tricks", "1", "--shard-size", "2"]
    code, out, err = run(capsys, *argv, "--seed", "4")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"5 deals (table, common rules, seed 4) to {out_dir}, in process"
    assert lines[2].split()[:4] == ["3", "3", "0", "jsonl"]  # shards, written, kept
    assert [r.index for r in read(out_dir)] == [0, 1, 2, 3, 4]
    code, out, _ = run(capsys, *argv, "--seed", "4", "--jobs", "2")  # nothing left to do
    assert code == 0
    assert out.splitlines()[2].split()[:3] == ["3", "0", "3"]


def test_dataset_command_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    base = ["dataset", "--tricks", "1", "--shard-size", "1"]
    code, _, err = run(capsys, *base, "--deals", "0", "--out", str(tmp_path / "a"))
    assert (code, len(err.splitlines())) == (2, 1)
    assert "--deals: must be a whole number from 1 to 1000000000000, not '0'" in err
    code, out, err = run(capsys, *base, "--deals", "2", "--out", str(blocker / "x"))
    assert (code, out, len(err.splitlines())) == (2, "", 1)
    assert "cannot create the directory" in err
    good = tmp_path / "good"
    assert run(capsys, *base, "--deals", "2", "--out", str(good))[0] == 0
    (good / "part-00000.jsonl").write_text("not json\n")
    before = files(good)
    code, out, err = run(capsys, *base, "--deals", "2", "--out", str(good))
    assert (code, out, len(err.splitlines())) == (2, "", 1)
    assert err.startswith(f"coinche: error: {good / 'part-00000.jsonl'}: corrupt shard")
    assert files(good) == before


def test_deals_are_the_same_for_any_shard_size(tmp_path: Path) -> None:
    rules = RuleConfig.common()
    generate("table", 5, rules, 2, out=tmp_path / "a", tricks=1, shard_size=5)
    generate("table", 5, rules, 2, out=tmp_path / "b", tricks=1, shard_size=2)
    assert list(read(tmp_path / "a")) == list(read(tmp_path / "b"))


def test_dataset_command_interrupted_then_finished(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C after the second shard: exit 130 with a one-line hint; the same command
    then writes only the missing shard."""
    from coinche.cli._progress import Progress

    calls: list[int] = []

    def update(self: object, count: int) -> None:
        calls.append(count)  # first the deals already there, then each shard's
        if len(calls) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(Progress, "advance", update)
    argv = ["dataset", "--deals", "5", "--out", str(tmp_path), "--tricks", "1"]
    argv += ["--shard-size", "2"]
    code, _, err = run(capsys, *argv)
    assert (code, err) == (130, "coinche: interrupted: run the same command again to finish\n")
    assert sorted(p.name for p in tmp_path.glob("part-*")) == [
        "part-00000.jsonl",
        "part-00001.jsonl",
    ]
    monkeypatch.undo()
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert out.splitlines()[2].split()[:3] == ["3", "1", "2"]  # shards, written, kept
    assert [r.index for r in read(tmp_path)] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("out", ["", None, 3, b"dir"])
def test_out_must_name_a_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], out: Any
) -> None:
    """out="" once wrote the dataset into the current directory (Path("") is
    "."), out=None raised a bare TypeError; both are refused, nothing written."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(CoincheTypeError, match="out must be the path of a directory"):
        generate("table", 1, RuleConfig(), 1, out=out, tricks=1)
    with pytest.raises(CoincheTypeError, match="directory must be the path of a directory"):
        read_manifest(out)
    with pytest.raises(CoincheTypeError, match="directory must be the path of a directory"):
        next(read(out))
    assert list(tmp_path.iterdir()) == []
    if out == "":
        code, printed, err = run(capsys, "dataset", "--deals", "1", "--tricks", "1", "--out", "")
        assert (code, printed, len(err.splitlines())) == (2, "", 1)
        assert "out must be the path of a directory" in err
        assert list(tmp_path.iterdir()) == []


def rewrite_rows(shard: Path, change: Callable[[dict[str, Any]], None]) -> None:
    rows = [json.loads(line) for line in shard.read_text().splitlines()]
    for row in rows:
        change(row)
    shard.write_text("".join(json.dumps(row) + "\n" for row in rows))


def test_a_shard_of_other_deals_is_refused(tmp_path: Path) -> None:
    """Resuming (and read) once checked only a shard's row indices, so a shard
    copied from another seed's dataset, or one whose four hands were all AH, was kept
    and read back as this dataset's. Deal i is a function of (seed, i): its hands, its
    dealer and the strains of its table are checked; a mismatch names the file, and
    nothing is deleted."""
    rules = RuleConfig.common()
    mine, other = tmp_path / "mine", tmp_path / "other"
    generate("table", 4, rules, 1, out=mine, tricks=2, shard_size=2)
    generate("table", 4, rules, 2, out=other, tricks=2, shard_size=2)
    shard = mine / "part-00001.jsonl"
    original = shard.read_text()

    first = mine / "part-00000.jsonl"
    first_text = first.read_text()

    def refused(match: str) -> None:
        first.unlink()  # a shard still to compute
        before = files(mine)
        with pytest.raises(DatasetError, match=rf"part-00001\.jsonl: {match}"):
            generate("table", 4, rules, 1, out=mine, tricks=2, shard_size=2)
        assert files(mine) == before  # nothing deleted, nothing computed
        first.write_text(first_text)
        with pytest.raises(DatasetError, match=rf"part-00001\.jsonl: {match}"):
            list(read(mine))

    shard.write_text((other / "part-00001.jsonl").read_text())  # seed 2's deals 2 and 3
    refused("deal 2 is not the one seed 1 deals: its hands differ")

    def all_ace_of_hearts(row: dict[str, Any]) -> None:
        row["hands"] = ["AH", "AH", "AH", "AH"]

    shard.write_text(original)
    rewrite_rows(shard, all_ace_of_hearts)
    refused("deal 2 is not the one seed 1 deals: its hands differ")

    def other_dealer(row: dict[str, Any]) -> None:
        row["dealer"] = "N"  # deal 2's dealer is Seat(2 % 4), South

    shard.write_text(original)
    rewrite_rows(shard, other_dealer)
    refused("deal 2 is not the one seed 1 deals: its dealer differs")

    def no_spades(row: dict[str, Any]) -> None:
        del row["dd_S"]  # common rules: four suit strains, no NT, no AT

    shard.write_text(original)
    rewrite_rows(shard, no_spades)
    refused("deal 2 has a table for C, D, H, and the dataset's strains are C, D, H, S")

    def values_too(row: dict[str, Any]) -> None:
        row["ev_S"] = [1.0, 2.0, 3.0, 4.0]  # a "table" dataset holds no values

    shard.write_text(original)
    rewrite_rows(shard, values_too)
    refused("deal 2 has values for S")

    shard.write_text(original)
    first.unlink()
    assert generate("table", 4, rules, 1, out=mine, tricks=2, shard_size=2).kept == 1


BIG = "1" * 5000  # past Python's 4,300 digits for int(str)
DEEP = "[" * 100_000 + "]" * 100_000  # past the recursion limit of json's decoder


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"index":0', f'"index":{BIG}', "an integer of 5000 digits"),
        ('"dd_C":[[', f'"dd_C":[[{BIG},', "an integer of 5000 digits"),
        ('"dd_C":[[', '"dd_C":[[Infinity,', "Infinity is not a JSON number"),
        ('"dd_C":[[', '"dd_C":[[NaN,', "NaN is not a JSON number"),
        ('"dd_C":[[', '"dd_C":[[-Infinity,', "-Infinity is not a JSON number"),
        ('"dd_C":[[0,', '"dd_C":[[1e400,', "not a dataset record"),  # inf, from a float
        ('"dd_C":[[0,', '"dd_C":[[0.5,', "not a dataset record"),  # points are ints
        ('"dd_C":[[0,', '"dd_C":[["0",', "not a dataset record"),
        ('"index":0', f'"index":0,"deep":{DEEP}', "nested too deeply"),
    ],
    ids=["big index", "big cell", "inf", "nan", "-inf", "1e400", "0.5", "str", "deep"],
)
def test_json_edge_values_in_a_shard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, message: str
) -> None:
    """A 5,000-digit integer, deep nesting or Infinity in a shard once raised
    a bare ValueError / RecursionError / OverflowError (a traceback from the command)."""
    generate("table", 2, RuleConfig.common(), 1, out=tmp_path, tricks=1, shard_size=1)
    shard = tmp_path / "part-00000.jsonl"
    text = shard.read_text()
    assert old in text
    shard.write_text(text.replace(old, new, 1))
    with pytest.raises(DatasetError, match=rf"part-00000\.jsonl: corrupt shard: .*{message}"):
        list(read(tmp_path))
    argv = ["dataset", "--deals", "2", "--tricks", "1", "--shard-size", "1", "--seed", "1"]
    code, out, err = run(capsys, *argv, "--out", str(tmp_path))
    assert (code, out, len(err.splitlines())) == (2, "", 1)
    assert "part-00000.jsonl: corrupt shard" in err


def test_json_edge_values_in_an_evaluated_shard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A value (expected card points) that is not a finite number is refused."""
    monkeypatch.setattr("coinche.bots.solver.solve_deal", fake_solve_deal)
    generate("evaluated", 1, RuleConfig.common(), 9, out=tmp_path, samples=1)
    shard = tmp_path / "part-00000.jsonl"
    rows = [json.loads(line) for line in shard.read_text().splitlines()]
    for bad in (1e400, "1.5", True):
        rows[0]["ev_S"][0] = bad
        shard.write_text(json.dumps(rows[0]) + "\n")  # 1e400 is written Infinity
        with pytest.raises(DatasetError, match=r"part-00000\.jsonl: corrupt shard"):
            list(read(tmp_path))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"deals": 2', f'"deals": {BIG}', "an integer of 5000 digits"),
        ('"min_bid": 80', f'"min_bid": {BIG}', "an integer of 5000 digits"),
        ('"seed": 1', '"seed": Infinity', "Infinity is not a JSON number"),
        ('"deals": 2', '"deals": 1e400', "n must be an int from 1 to"),
        ('"seed": 1', f'"seed": {"7" * 200}', "seed must be an int of at most 100 digits"),
        ('"rules": {', f'"rules": {{"deep": {DEEP}, ', "nested too deeply"),
        ('"coinche_dataset": 1', '"coinche_dataset": 1.0', "not a coinche dataset manifest"),
        ('"coinche_dataset": 1', '"coinche_dataset": true', "not a coinche dataset manifest"),
    ],
    ids=["big", "big in rules", "inf", "1e400", "long seed", "deep", "1.0", "true"],
)
def test_json_edge_values_in_a_manifest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, message: str
) -> None:
    generate("table", 2, RuleConfig.common(), 1, out=tmp_path, tricks=1, shard_size=1)
    manifest = tmp_path / "manifest.json"
    text = manifest.read_text()
    assert old in text
    manifest.write_text(text.replace(old, new, 1))
    with pytest.raises(DatasetError, match=rf"manifest\.json: .*{message}"):
        read_manifest(tmp_path)
    argv = ["dataset", "--deals", "2", "--tricks", "1", "--shard-size", "1", "--seed", "1"]
    code, out, err = run(capsys, *argv, "--out", str(tmp_path))
    assert (code, out, len(err.splitlines())) == (2, "", 1)
    assert "manifest.json: " in err
    assert len(err) < 300  # the long number cut down


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n": 10**5000}, "n must be an int from 1 to 1000000000000, not <an int of 5001"),
        ({"seed": 10**5000}, "seed must be an int of at most 100 digits, not <an int of"),
        ({"seed": -(10**100)}, "seed must be an int of at most 100 digits"),
        ({"shard_size": 10**13}, "shard_size must be an int from 1 to 1000000000000"),
        ({"kind": "evaluated", "samples": 10**13}, "samples must be an int from 1 to"),
    ],
    ids=["n", "seed", "negative seed", "shard_size", "samples"],
)
def test_huge_arguments_are_refused(
    tmp_path: Path, kwargs: dict[str, object], message: str
) -> None:
    """Numbers the manifest could not hold (json.dumps refuses 5,000 digits): refused
    before anything is written, with the value cut down in the message."""
    arguments: dict[str, object] = {"kind": "table", "n": 2, "rules": RuleConfig(), "seed": 1}
    arguments.update(kwargs)
    with pytest.raises(CoincheTypeError, match=message):
        generate(out=tmp_path, **arguments)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------ rows and values checked
def _evaluated_row() -> dict[str, Any]:
    hands = tuple(Hand.parse(h) for h in ("AH", "7H", "8D", "9C"))
    # one strain, each seat leading: NS take the AH trick, 11 + the last trick's 10
    table = {Strain.SPADES: dict.fromkeys(Seat, TeamPoints(21, 0))}
    values = {Strain.SPADES: dict.fromkeys(Seat, 10.5)}
    return DealRecord(0, Seat.NORTH, hands, table, values).to_data()  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("key", "cell"),
    [
        ("ev_S", [10**400, 1, 1, 1]),  # no float holds it: math.isfinite overflowed once
        ("ev_S", [float("nan"), 1, 1, 1]),
        ("ev_S", [253, 1, 1, 1]),  # more card points than a deal has (162 + 90)
        ("ev_S", ["1", 1, 1, 1]),
        ("dd_S", [[10**400, 0]] * 4),
        ("dd_S", [[253, 0]] * 4),
        ("dd_S", [[21, 0]] * 3),  # a leader missing
        ("index", -1),
        ("index", 1.0),
        ("hands", ["AH", "7H", "8D"]),
    ],
)
def test_a_bad_row_is_a_dataset_error(key: str, cell: object) -> None:
    row = _evaluated_row()
    assert DealRecord.from_data(row).values[Strain.SPADES][Seat.EAST] == 10.5
    row[key] = cell
    with pytest.raises(DatasetError, match="not a dataset record"):
        DealRecord.from_data(row)


def test_a_shard_row_with_a_huge_number_stops_read_with_a_dataset_error(
    tmp_path: Path,
) -> None:
    generate("table", 1, RuleConfig(), 1, out=tmp_path, tricks=1, shard_size=1)
    shard = tmp_path / "part-00000.jsonl"
    row = json.loads(shard.read_text())
    row["ev_S"] = [10**400, 1, 1, 1]  # JSON holds it; a float does not
    shard.write_text(json.dumps(row) + "\n")
    with pytest.raises(DatasetError, match=r"part-00000\.jsonl: corrupt shard: not a dataset"):
        list(read(tmp_path))


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"index": True}, CoincheTypeError, "DealRecord.index must be an int"),
        ({"dealer": 0}, CoincheTypeError, "DealRecord.dealer must be a Seat"),
        ({"hands": ()}, CoincheValueError, "DealRecord.hands must hold 4 items"),
        ({"table": {"S": {}}}, CoincheTypeError, "DealRecord.table key must be a Strain"),
        ({"values": {Strain.SPADES: {0: 1.0}}}, CoincheTypeError, "must map each Seat"),
    ],
)
def test_a_deal_record_checks_its_fields(
    change: dict[str, object], error: type[Exception], message: str
) -> None:
    record = DealRecord.from_data(_evaluated_row())
    with pytest.raises(error, match=message):
        attrs.evolve(record, **change)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": "tables"}, "Manifest.kind must be one of"),
        ({"format": "csv"}, "Manifest.format must be one of"),
        ({"deals": 0}, "Manifest.deals must be an int from 1"),
        ({"seed": 10**100}, "Manifest.seed must be an int of at most 100 digits"),
        ({"tricks": 9}, "Manifest.tricks must be an int from 1 to 8"),
        ({"samples": 3}, "samples must be 1 or more for the evaluated kind and 0 for the table"),
        ({"kind": "evaluated", "tricks": 3, "samples": 1}, "tricks must be 8"),
    ],
)
def test_a_manifest_checks_its_fields(change: dict[str, object], message: str) -> None:
    manifest = Manifest("table", 10, RuleConfig(), 1, 8, 0, 4, "jsonl")
    with pytest.raises(CoincheTypeError, match=message):
        attrs.evolve(manifest, **change)  # type: ignore[arg-type]
