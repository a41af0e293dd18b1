"""Datasets of solved deals: random deals with their double-dummy table, in shards.

:func:`generate` deals *n* random deals from a seed and writes, for each one, its
double-dummy table (:func:`coinche.bots.solver.dd_table`: each team's card points with best
play, for every strain the rules allow and every seat leading trick one) and, for the
kind ``"evaluated"``, what each hand is worth as a contract before the auction
(:func:`coinche.bots.evaluate.evaluate_contract`). The deals go to a directory in shards of
JSON Lines or Parquet files (Parquet needs the ``parquet`` extra, ``pip install
coinche[parquet]``), beside a ``manifest.json``; :func:`read` gives them back as
:class:`DealRecord` objects.

>>> import tempfile
>>> from coinche import RuleConfig, Seat, Strain
>>> from coinche.scale.datasets import generate, read
>>> out = tempfile.mkdtemp()
>>> run = generate("table", 3, RuleConfig.common(), seed=1, out=out, tricks=2, shard_size=2)
>>> run.manifest.shards, run.written, run.kept
(2, 2, 0)
>>> first = next(read(out))
>>> first.index, len(first.hands[0]), sorted(first.table) == list(run.manifest.strains)
(0, 2, True)
>>> generate("table", 3, RuleConfig.common(), seed=1, out=out, tricks=2, shard_size=2).kept
2

Decisions (documented behaviour):

- **The deals**: deal ``i`` is shuffled by :func:`coinche.scale.arena.deal_rng` from the
  seed and ``i`` only (the ``"evaluated"`` kind then draws its samples from the same
  generator), so a dataset is the same on every executor and for every shard size.
  Its dealer is ``Seat(i % 4)``; the cards are dealt eight to a seat from a plain
  shuffle, whatever the rules' way of dealing. *tricks* below 8 deals endings instead:
  each seat holds *tricks* cards and the rest are out of play; an ending's table is
  :func:`coinche.bots.solver.solve_ending`'s (the points of the cards in play and the last
  trick's 10, no capot counted).
- **The table** is the one of :func:`~coinche.bots.solver.dd_table`: North-South maximise
  their card points; a capot is counted as the rules count it (250 or 252, the other
  team 0).
- **Values** (the ``"evaluated"`` kind, full deals only): for each strain and each
  seat, the mean card points of that seat's team over *samples* deals drawn from the
  seat's hand alone, the seat taking 80 in that strain and the seat after the dealer
  leading (the taker under ``first_lead='taker'``).
- **Shards**: shard ``k`` holds deals ``k * shard_size`` onwards, in order. It is
  written to a temporary file and renamed when complete, so a shard file is either
  whole or absent. Each task computes one shard; this process writes it, so a Ray
  cluster needs no shared file system.
- **Resuming**: :func:`generate` on a directory that holds the same dataset's manifest
  reads back every shard present, computes only the missing ones, and never writes a
  shard twice. A shard that cannot be read back (a corrupt file), or that holds other
  deals than the seed deals (other hands or dealers: a shard copied from another
  dataset; a table for other strains), stops the run with a :class:`DatasetError`
  naming it, before any work, and nothing is deleted; a manifest for another dataset
  (other rules, seed, size...) is an error too. :func:`read` checks each shard the
  same way.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Literal

import attrs

from coinche import _kernel as K
from coinche._checks import (
    check_callable,
    check_choice,
    check_int_range,
    check_number,
    check_seed,
    check_type,
    is_choice,
    is_instance,
    is_int,
    is_tuple_of,
    short_repr,
    short_text,
)
from coinche.bots.evaluate import evaluate_contract
from coinche.bots.solver import dd_table, solve_ending
from coinche.cards import Hand, Strain, hand_from_mask
from coinche.config import RuleConfig
from coinche.contract import Contract
from coinche.errors import CoincheError, CoincheTypeError, CoincheValueError
from coinche.play import Trick
from coinche.records import from_data as rules_from_data
from coinche.records import to_data as rules_to_data
from coinche.scale.arena import deal_rng
from coinche.scale.executors import Executor, InProcess, require
from coinche.scoring import TeamPoints
from coinche.seats import Seat

__all__ = [
    "KINDS",
    "DatasetError",
    "DealRecord",
    "Generated",
    "Manifest",
    "generate",
    "read",
    "read_manifest",
]

KINDS: Final = ("table", "evaluated")
"""The kinds of dataset :func:`generate` writes: the double-dummy table of each deal,
or the table and each hand's value as a contract."""

FORMATS: Final = ("jsonl", "parquet")
MANIFEST: Final = "manifest.json"
_VERSION: Final = 1
_EVALUATED_LEVEL: Final = 80
_MOST: Final = 10**12  # the most deals, samples or deals per shard


class DatasetError(CoincheError, ValueError):
    """A dataset directory that cannot be written, read or resumed: the message names
    the file and what is wrong with it.

    >>> from coinche.scale.datasets import DatasetError, read
    >>> try:
    ...     next(read("/no/such/dataset"))
    ... except DatasetError as error:
    ...     print(error)
    /no/such/dataset/manifest.json: cannot read the manifest: No such file or directory
    """


Format = Literal["jsonl", "parquet"]
Kind = Literal["table", "evaluated"]


@attrs.frozen
class Manifest:
    """What a dataset holds: written as ``manifest.json`` beside its shards."""

    kind: str = attrs.field(validator=is_choice(KINDS))
    """One of :data:`KINDS`."""
    deals: int = attrs.field(validator=is_int(1, _MOST))
    """How many deals."""
    rules: RuleConfig = attrs.field(validator=is_instance(RuleConfig))
    """The rules the deals are solved under."""
    seed: int = attrs.field()
    """The master seed."""
    tricks: int = attrs.field(validator=is_int(1, 8))
    """Cards each seat holds (8: whole deals; fewer: endings)."""
    samples: int = attrs.field(validator=is_int(0, _MOST))
    """Deals drawn for each value of the ``"evaluated"`` kind (0 for ``"table"``)."""
    shard_size: int = attrs.field(validator=is_int(1, _MOST))
    """Deals per shard (the last may hold fewer)."""
    format: str = attrs.field(validator=is_choice(FORMATS))
    """``"jsonl"`` or ``"parquet"``."""

    @seed.validator
    def _check_seed(self, attribute: attrs.Attribute[int], value: object) -> None:
        check_seed(value, "Manifest.seed")

    def __attrs_post_init__(self) -> None:
        if self.kind == "evaluated" and self.tricks != 8:
            raise CoincheValueError("the evaluated kind values whole hands: tricks must be 8")
        if (self.kind == "evaluated") != (self.samples > 0):
            raise CoincheValueError(
                f"samples must be 1 or more for the evaluated kind and 0 for the table "
                f"kind, not {self.samples} for {self.kind}"
            )

    def shard_range(self, number: int) -> range:
        """The indices of the deals shard *number* holds (the last shard may hold fewer).

        >>> from coinche import RuleConfig
        >>> manifest = Manifest("table", 250, RuleConfig(), 1, 8, 0, 100, "jsonl")
        >>> manifest.shard_range(0), manifest.shard_range(2)
        (range(0, 100), range(200, 250))
        """
        start = check_int_range(number, "number", 0, _MOST) * self.shard_size
        return range(start, min(self.deals, start + self.shard_size))

    @property
    def strains(self) -> tuple[Strain, ...]:
        """The strains of each table: the suits, then no trump and all trump when the
        rules allow them."""
        return self.rules.strains()

    @property
    def shards(self) -> int:
        """How many shards."""
        return -(-self.deals // self.shard_size)

    def shard_name(self, number: int) -> str:
        """The file name of shard *number* (from 0).

        >>> from coinche import RuleConfig
        >>> from coinche.scale.datasets import Manifest
        >>> Manifest("table", 10, RuleConfig(), 1, 8, 0, 4, "jsonl").shard_name(2)
        'part-00002.jsonl'
        """
        return f"part-{check_int_range(number, 'number', 0, _MOST):05d}.{self.format}"

    def to_data(self) -> dict[str, Any]:
        """The manifest as JSON data."""
        return {
            "coinche_dataset": _VERSION,
            "kind": self.kind,
            "deals": self.deals,
            "seed": self.seed,
            "tricks": self.tricks,
            "samples": self.samples,
            "shard_size": self.shard_size,
            "format": self.format,
            "rules": rules_to_data(self.rules),
        }

    @classmethod
    def from_data(cls, data: Any) -> Manifest:
        """Read :meth:`to_data`'s form back.

        :raises DatasetError: not a manifest this version writes.
        """
        version = data.get("coinche_dataset") if isinstance(data, dict) else None
        if type(version) is not int or version != _VERSION:
            raise DatasetError(f"not a coinche dataset manifest (version {_VERSION})")
        try:
            rules = rules_from_data(data["rules"])
            fields = [data[k] for k in ("kind", "deals", "seed", "tricks", "samples")]
            more = [data[k] for k in ("shard_size", "format")]
        except (KeyError, CoincheError) as error:
            raise DatasetError(f"a manifest with a bad or missing field: {error}") from None
        if not isinstance(rules, RuleConfig):
            raise DatasetError("a manifest whose rules are not a rules record")
        kind, deals, seed, tricks, samples = fields
        try:
            return _checked(kind, deals, rules, seed, tricks, samples, *more)
        except CoincheError as error:
            raise DatasetError(f"a manifest with a bad field: {error}") from None


def _checked(
    kind: object,
    deals: object,
    rules: object,
    seed: object,
    tricks: object,
    samples: object,
    shard_size: object,
    file_format: object,
) -> Manifest:
    """A Manifest from :func:`generate`'s arguments, checked one by one (named as
    :func:`generate` names them)."""
    check_choice(kind, "kind", KINDS)
    check_choice(file_format, "format", FORMATS)
    check_type(rules, RuleConfig, "rules")
    assert isinstance(rules, RuleConfig)
    n = check_int_range(deals, "n", 1, _MOST)
    cards = check_int_range(tricks, "tricks", 1, 8)
    evaluated = kind == "evaluated"
    draws = check_int_range(samples, "samples", 1 if evaluated else 0, _MOST)  # either kind
    draws = draws if evaluated else 0
    size = check_int_range(shard_size, "shard_size", 1, _MOST)
    return Manifest(str(kind), n, rules, check_seed(seed), cards, draws, size, str(file_format))


_MAX_CARD_POINTS: Final = 252  # a team's card points in a deal: 162, and 90 for capot


def _points(value: object, name: str) -> None:
    for team in check_type(value, TeamPoints, name).values():
        check_int_range(team, name, 0, _MAX_CARD_POINTS)


def _by_strain(cell: Callable[[object, str], object]) -> Callable[[Any, Any, object], None]:
    """The validator of a record's table or values: by strain, then by seat, a *cell*."""

    def validate(instance: object, attribute: Any, value: object) -> None:
        name = f"DealRecord.{attribute.name}"
        for strain, by_seat in check_type(value, dict, name).items():
            check_type(strain, Strain, f"{name} key")
            where = f"{name}[{strain.code}]"
            if sorted(check_type(by_seat, dict, where)) != list(Seat) or any(
                type(seat) is not Seat for seat in by_seat
            ):
                raise CoincheTypeError(f"{where} must map each Seat to a value")
            for item in by_seat.values():
                cell(item, f"{where} value")

    return validate


@attrs.frozen
class DealRecord:
    """One deal of a dataset, as :func:`read` returns it."""

    index: int = attrs.field(validator=is_int(0, _MOST))
    """The deal's number in the dataset (from 0)."""
    dealer: Seat = attrs.field(validator=is_instance(Seat))
    """The dealer, ``Seat(index % 4)``."""
    hands: tuple[Hand, Hand, Hand, Hand] = attrs.field(validator=is_tuple_of(Hand, length=4))
    """The hands of North, East, South and West."""
    table: dict[Strain, dict[Seat, TeamPoints]] = attrs.field(validator=_by_strain(_points))
    """For each strain and each seat leading, each team's card points with best play,
    as :func:`coinche.bots.solver.dd_table` gives them."""
    values: dict[Strain, dict[Seat, float]] = attrs.field(
        validator=_by_strain(lambda mean, name: check_number(mean, name, 0, _MAX_CARD_POINTS))
    )
    """For each strain and each seat, the expected card points of that seat's team if it
    takes 80 in that strain (the ``"evaluated"`` kind; empty for ``"table"``)."""

    def to_data(self) -> dict[str, Any]:
        """The record as a row of a shard (JSON data).

        >>> from coinche import Hand, Seat, Strain, TeamPoints
        >>> from coinche.scale.datasets import DealRecord
        >>> hands = tuple(Hand.parse(h) for h in ("AH", "7H", "8D", "9C"))
        >>> row = DealRecord(0, Seat.NORTH, hands, {Strain.SPADES: dict.fromkeys(Seat,
        ...     TeamPoints(21, 0))}, {}).to_data()
        >>> row["hands"], row["dd_S"]
        (['AH', '7H', '8D', '9C'], [[21, 0], [21, 0], [21, 0], [21, 0]])
        >>> DealRecord.from_data(row).hands == hands
        True
        """
        row: dict[str, Any] = {
            "index": self.index,
            "dealer": str(self.dealer),
            "hands": [str(hand) for hand in self.hands],
        }
        for strain, by_leader in self.table.items():
            row[f"dd_{strain.code}"] = [
                [by_leader[seat].north_south, by_leader[seat].east_west] for seat in Seat
            ]
        for strain, by_seat in self.values.items():
            row[f"ev_{strain.code}"] = [by_seat[seat] for seat in Seat]
        return row

    @classmethod
    def from_data(cls, row: Any) -> DealRecord:
        """Read a row of a shard back (:meth:`to_data`'s form).

        :raises DatasetError: a row that is not a dataset record.
        """
        if not isinstance(row, Mapping):
            raise DatasetError(
                f"not a dataset record (a row is an object, not {type(row).__name__})"
            )
        try:
            hands = tuple(Hand.parse(text) for text in row["hands"])
            table: dict[Strain, dict[Seat, TeamPoints]] = {}
            values: dict[Strain, dict[Seat, float]] = {}
            for key, cells in row.items():
                if key.startswith("dd_") and cells is not None:
                    pairs = [TeamPoints(ns, ew) for ns, ew in cells]
                    table[Strain.parse(key[3:])] = dict(zip(Seat, pairs, strict=True))
                elif key.startswith("ev_") and cells is not None:
                    floats = [check_number(v, key, 0, _MAX_CARD_POINTS) for v in cells]
                    values[Strain.parse(key[3:])] = dict(zip(Seat, floats, strict=True))
            dealer = Seat.parse(row["dealer"])
            return cls(row["index"], dealer, hands, table, values)  # type: ignore[arg-type]
        except (KeyError, TypeError, ValueError, AttributeError, CoincheError) as error:
            raise DatasetError(f"not a dataset record ({short_text(str(error))})") from None


@attrs.frozen
class Generated:
    """What :func:`generate` did."""

    manifest: Manifest = attrs.field(validator=is_instance(Manifest))
    """The dataset's manifest."""
    written: int = attrs.field(validator=is_int(0, _MOST))
    """Shards written by this run."""
    kept: int = attrs.field(validator=is_int(0, _MOST))
    """Shards that were already there, read back and kept."""
    new_deals: int = attrs.field(validator=is_int(0, _MOST))
    """Deals in the shards written by this run."""


@attrs.frozen
class _Shard:
    """One task: the deals of shard *number*."""

    manifest: Manifest
    number: int


def _table(hands: tuple[Hand, ...], manifest: Manifest) -> dict[Strain, dict[Seat, TeamPoints]]:
    rules = manifest.rules
    if manifest.tricks == 8:
        return dd_table(hands, rules)
    table: dict[Strain, dict[Seat, TeamPoints]] = {}
    cards = hands[0].mask | hands[1].mask | hands[2].mask | hands[3].mask
    for strain in manifest.strains:
        total = K.LAST_TRICK_BONUS + K.mask_points(cards, int(strain))
        table[strain] = {}
        for leader in Seat:
            ns = solve_ending(hands, strain, rules, Trick(leader))
            table[strain][leader] = TeamPoints(ns, total - ns)
    return table


def _dealt(manifest: Manifest, index: int) -> tuple[random.Random, tuple[Hand, ...]]:
    """Deal *index* of the dataset as the seed deals it: its generator (which the
    ``"evaluated"`` kind goes on drawing from) and its four hands."""
    rng = deal_rng(manifest.seed, index)
    order = list(range(32))
    rng.shuffle(order)
    size = manifest.tricks
    masks = [sum(1 << c for c in order[s * size : (s + 1) * size]) for s in range(4)]
    return rng, tuple(hand_from_mask(mask) for mask in masks)


def _record(manifest: Manifest, index: int) -> DealRecord:
    """Deal *index* of the dataset, solved (and valued)."""
    rng, hands = _dealt(manifest, index)
    dealer = Seat(index % 4)
    table = _table(hands, manifest)
    values: dict[Strain, dict[Seat, float]] = {}
    if manifest.kind == "evaluated":
        for strain in manifest.strains:
            values[strain] = {}
            for seat in Seat:
                contract = Contract(seat, strain, _EVALUATED_LEVEL)
                value = evaluate_contract(
                    hands[seat],
                    contract,
                    manifest.rules,
                    manifest.samples,
                    rng,
                    leader=dealer.next,
                )
                values[strain][seat] = value.card_points
    return DealRecord(index, dealer, hands, table, values)  # type: ignore[arg-type]


def _shard_rows(shard: _Shard) -> list[dict[str, Any]]:
    """The task of :func:`generate`: the rows of one shard."""
    manifest = shard.manifest
    return [_record(manifest, index).to_data() for index in manifest.shard_range(shard.number)]


def _write_shard(path: Path, rows: Sequence[dict[str, Any]], file_format: str) -> None:
    """Write *rows* to *path* through a temporary file renamed when complete."""
    temporary = path.with_name(path.name + ".tmp")
    try:
        if file_format == "parquet":
            pa = require("pyarrow", "parquet", "Parquet datasets")
            parquet = require("pyarrow.parquet", "parquet", "Parquet datasets")
            parquet.write_table(pa.Table.from_pylist(list(rows)), temporary)
        else:
            with temporary.open("w", encoding="utf-8") as stream:
                for row in rows:
                    stream.write(json.dumps(row, separators=(",", ":")) + "\n")
        os.replace(temporary, path)
    except OSError as error:
        raise DatasetError(f"{path}: cannot write the shard: {error.strerror}") from None


def _read_text(path: Path, unreadable: str, not_text: str) -> str:
    """The UTF-8 text of *path*, or a :class:`DatasetError` that says so in the words
    given: *unreadable* with the system's reason, *not_text* when it is not UTF-8."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise DatasetError(f"{path}: {unreadable}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise DatasetError(f"{path}: {not_text}: not UTF-8 text") from None


def _read_rows(path: Path, file_format: str) -> list[Any]:
    if file_format == "parquet":
        parquet = require("pyarrow.parquet", "parquet", "Parquet datasets")
        try:
            rows: list[Any] = parquet.read_table(path).to_pylist()
        except (OSError, ValueError) as error:  # pyarrow's errors derive from these
            raise DatasetError(f"{path}: corrupt shard: {error}") from None
        return rows
    text = _read_text(path, "cannot read the shard", "corrupt shard")
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        try:
            rows.append(_load_json(line))
        except DatasetError as error:
            raise DatasetError(f"{path}: corrupt shard: line {number}: {error}") from None
    return rows


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > 4300:  # Python's limit for int(str), said plainly
        raise ValueError(f"an integer of {digits} digits")
    return int(text)


def _load_json(text: str) -> Any:
    """*text* as JSON, or a DatasetError saying why not: bad syntax, ``NaN`` or
    ``Infinity`` (not JSON), an integer too long to read, nesting too deep."""
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_int=_parse_int)
    except json.JSONDecodeError as error:
        raise DatasetError(f"{error.msg} (line {error.lineno}, column {error.colno})") from None
    except RecursionError:
        raise DatasetError("JSON nested too deeply") from None
    except ValueError as error:  # from the hooks (or int() under a lower digit limit)
        raise DatasetError(str(error)) from None


def _read_shard(directory: Path, manifest: Manifest, number: int) -> list[DealRecord]:
    """Shard *number*, checked: its rows are the deals it should hold, in order."""
    path = directory / manifest.shard_name(number)
    expected = list(manifest.shard_range(number))
    records = []
    for row in _read_rows(path, manifest.format):
        try:
            records.append(DealRecord.from_data(row))
        except DatasetError as error:
            raise DatasetError(f"{path}: corrupt shard: {error}") from None
    if [record.index for record in records] != expected:
        raise DatasetError(
            f"{path}: corrupt shard: it should hold deals {expected[0]} to {expected[-1]}, "
            f"and holds {len(records)} rows"
        )
    for record in records:
        problem = _foreign(manifest, record)
        if problem:
            raise DatasetError(f"{path}: deal {record.index} {problem}")
    return records


def _foreign(manifest: Manifest, record: DealRecord) -> str:
    """Why *record* is not deal ``record.index`` of the dataset (its hands, dealer and
    strains are a function of the seed and the index), or ``""``."""
    index = record.index
    strains = ", ".join(strain.code for strain in manifest.strains)
    if record.hands != _dealt(manifest, index)[1]:
        return f"is not the one seed {manifest.seed} deals: its hands differ"
    if record.dealer is not Seat(index % 4):
        return f"is not the one seed {manifest.seed} deals: its dealer differs"
    if tuple(sorted(record.table)) != manifest.strains:
        held = ", ".join(strain.code for strain in sorted(record.table))
        return f"has a table for {held}, and the dataset's strains are {strains}"
    evaluated = manifest.kind == "evaluated"
    if tuple(sorted(record.values)) != (manifest.strains if evaluated else ()):
        held = ", ".join(strain.code for strain in sorted(record.values)) or "no strain"
        wanted = f"for {strains}" if evaluated else "none (a table dataset)"
        return f"has values for {held}, and the dataset's are {wanted}"
    return ""


def _directory(value: object, name: str) -> Path:
    """*value* as the path of a directory: a non-empty str or an ``os.PathLike`` of
    one (an empty path would mean the current directory)."""
    text = os.fspath(value) if isinstance(value, (str, os.PathLike)) else None
    if not isinstance(text, str) or not text:
        raise CoincheTypeError(
            f"{name} must be the path of a directory (a non-empty str or os.PathLike), "
            f"not {short_repr(value)}"
        )
    return Path(text)


def read_manifest(directory: str | os.PathLike[str]) -> Manifest:
    """The manifest of the dataset in *directory*.

    :raises DatasetError: no manifest there, or one that cannot be read.
    :raises CoincheTypeError: *directory* is not a path (or is empty).
    """
    path = _directory(directory, "directory") / MANIFEST
    text = _read_text(path, "cannot read the manifest", "cannot read the manifest")
    try:
        return Manifest.from_data(_load_json(text))
    except DatasetError as error:
        raise DatasetError(f"{path}: {error}") from None


def read(directory: str | os.PathLike[str]) -> Iterator[DealRecord]:
    """The deals of the dataset in *directory*, in order, shard by shard.

    :raises DatasetError: the manifest or a shard is missing or cannot be read (a
        dataset whose run has not finished: run :func:`generate` again to finish it).
    :raises CoincheTypeError: *directory* is not a path (or is empty).
    """
    folder = _directory(directory, "directory")
    manifest = read_manifest(folder)
    for number in range(manifest.shards):
        if not (folder / manifest.shard_name(number)).exists():
            raise DatasetError(
                f"{folder / manifest.shard_name(number)}: missing; the dataset is not "
                "finished (run generate again with the same arguments to finish it)"
            )
        yield from _read_shard(folder, manifest, number)


def _prepare(folder: Path, manifest: Manifest) -> list[int]:
    """Make the directory ready and return the shards still to compute; check the
    shards already there (a corrupt one raises before anything is computed)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DatasetError(f"{folder}: cannot create the directory: {error.strerror}") from None
    if (folder / MANIFEST).exists():
        found = read_manifest(folder)
        if found != manifest:
            differ = [
                f"{key} {short_repr(found.to_data()[key])} "
                f"(asked {short_repr(manifest.to_data()[key])})"
                for key in manifest.to_data()
                if found.to_data()[key] != manifest.to_data()[key]
            ]
            raise DatasetError(
                f"{folder} holds another dataset: {'; '.join(differ)}; "
                "use another directory or the same arguments"
            )
    else:
        stray = sorted(folder.glob("part-*"))
        if stray:
            raise DatasetError(f"{stray[0]}: a shard without a manifest; use an empty directory")
        path = folder / MANIFEST
        try:
            path.write_text(json.dumps(manifest.to_data(), indent=1) + "\n", encoding="utf-8")
        except OSError as error:
            raise DatasetError(f"{path}: cannot write the manifest: {error.strerror}") from None
    for leftover in folder.glob("part-*.tmp"):  # a write cut short: never a whole shard
        try:
            leftover.unlink()
        except OSError as error:
            raise DatasetError(f"{leftover}: cannot remove: {error.strerror}") from None
    missing = []
    for number in range(manifest.shards):
        if (folder / manifest.shard_name(number)).exists():
            _read_shard(folder, manifest, number)
        else:
            missing.append(number)
    return missing


def generate(
    kind: Kind,
    n: int,
    rules: RuleConfig,
    seed: int,
    executor: Executor | None = None,
    *,
    out: str | os.PathLike[str],
    format: Format = "jsonl",
    tricks: int = 8,
    samples: int = 10,
    shard_size: int = 100,
    progress: Callable[[int], None] | None = None,
) -> Generated:
    """Write a dataset of *n* solved random deals to the directory *out* (see the
    module's decisions), or finish one a previous run began there.

    *kind* is ``"table"`` (the double-dummy table of each deal) or ``"evaluated"`` (the
    table and each hand's value, from *samples* drawn deals each); *format*
    ``"jsonl"`` or ``"parquet"``; *tricks* the cards dealt to each seat (8, or fewer
    for endings); *shard_size* the deals per shard, each shard one task run by
    *executor* (:mod:`coinche.scale.executors`; by default in this process). *progress*, if
    given, is called first with the deals already written by a previous run, then with
    the deals of each shard as it is written.

    A full deal takes 16 solves (24 with no trump and all trump), plus 16 times
    *samples* for ``"evaluated"``: the compiled build (``coinche.COMPILED``) is the
    one for large datasets.

    :raises CoincheTypeError: an argument of the wrong type or out of range (*out*
        not a path, or empty).
    :raises DatasetError: *out* cannot be written, holds another dataset, or holds a
        shard that cannot be read back.
    :raises MissingExtraError: Parquet without pyarrow installed.
    """
    manifest = _checked(kind, n, rules, seed, tricks, samples, shard_size, format)
    if executor is None:
        executor = InProcess()
    else:
        check_type(executor, Executor, "executor")
    if progress is not None:
        check_callable(progress, "progress")
    folder = _directory(out, "out")
    if manifest.format == "parquet":
        require("pyarrow.parquet", "parquet", "Parquet datasets")
    missing = _prepare(folder, manifest)
    if progress is not None:
        progress(manifest.deals - sum(len(manifest.shard_range(k)) for k in missing))
    tasks = [_Shard(manifest, number) for number in missing]
    new_deals = 0
    for position, rows in executor.run(_shard_rows, tasks):
        number = missing[position]
        _write_shard(folder / manifest.shard_name(number), rows, manifest.format)
        new_deals += len(rows)
        if progress is not None:
            progress(len(rows))
    return Generated(manifest, len(missing), manifest.shards - len(missing), new_deals)
