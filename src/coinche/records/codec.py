"""The codec framework of :mod:`coinche.records`: fields, tags, reading and writing.

:func:`register` ties a type to a tag and two functions; :func:`to_data`,
:func:`from_data`, :func:`dumps`, :func:`loads` and :func:`loads_as` write and read any
registered value; :class:`Field` and :class:`Fields` read JSON values with checks, and
name the path of what is wrong. Import these from :mod:`coinche.records`.

>>> from coinche.records import Field
>>> Field([80, "x"], "calls").items()[1].text()
'x'
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterator
from typing import Any, Final, NoReturn, TypeAlias, TypeVar

import attrs
from typing_extensions import override

from coinche._checks import check_int_range, check_number, check_type, short_repr
from coinche.cards import Card, Hand, Strain
from coinche.errors import (
    CoincheError,
    CoincheTypeError,
    CoincheValueError,
    InvalidRecordError,
    NotationError,
)
from coinche.seats import Seat, Team

JsonValue: TypeAlias = dict[str, "JsonValue"] | list["JsonValue"] | str | int | float | bool | None
"""Any value the :mod:`json` module reads or writes."""
JsonObject: TypeAlias = dict[str, JsonValue]
"""A JSON object: what :func:`to_data` gives."""

T = TypeVar("T")


# ------------------------------------------------------------------ reading
def _child(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def describe(data: object) -> str:
    """Name a JSON value by its kind, for error messages."""
    if data is None:
        return "null"
    if data is True or data is False:
        return str(data).lower()
    if isinstance(data, str):
        shown = data if len(data) <= 40 else data[:37] + "..."
        return f"a string ({shown!r})"
    if isinstance(data, (int, float)):
        return f"a number ({short_repr(data)})"
    if isinstance(data, (list, tuple)):
        return "an array"
    if isinstance(data, dict):
        return "an object"
    return f"a {type(data).__name__}"


_TEAM_NAMES: Final = {
    "NS": Team.NORTH_SOUTH,
    "NORTH_SOUTH": Team.NORTH_SOUTH,
    "EW": Team.EAST_WEST,
    "EAST_WEST": Team.EAST_WEST,
}


def _parse_team(text: str) -> Team:
    team = _TEAM_NAMES.get(text.strip().upper().replace("-", "_"))
    if team is None:
        raise NotationError(f"cannot read {short_repr(text)} as a team (expected NS or EW)")
    return team


class Field:
    """One JSON value of a record being read, and the path that names it in errors.

    The reading methods check the JSON type and convert; on a bad value they raise
    :class:`~coinche.errors.InvalidRecordError` naming :attr:`path`.

    >>> from coinche.records import Field
    >>> Field(["AH", "7S"], "tricks[0].cards").items()[1].card()
    Card.parse('7S')
    >>> Field(80.0, "rules.min_bid").integer()
    Traceback (most recent call last):
    ...
    coinche.errors.InvalidRecordError: invalid record at rules.min_bid: expected an integer, ...
    """

    __slots__ = ("data", "path")

    data: object
    """The JSON value as read: a dict, list, str, int, float, bool or ``None``."""
    path: str
    """Where the value is in the record, such as ``tricks[3].cards[1]``; ``""`` at the top."""

    def __init__(self, data: object, path: str = "") -> None:
        self.data = data
        self.path = check_type(path, str, "path")

    @override
    def __repr__(self) -> str:
        return f"Field({self.data!r}, {self.path!r})"

    def fail(self, detail: str, cause: BaseException | None = None) -> NoReturn:
        """Raise :class:`~coinche.errors.InvalidRecordError` at this field's path."""
        raise InvalidRecordError(detail, self.path) from cause

    def _expected(self, what: str) -> NoReturn:
        self.fail(f"expected {what}, not {describe(self.data)}")

    def is_null(self) -> bool:
        """True for JSON ``null``."""
        return self.data is None

    def text(self) -> str:
        """A string."""
        if not isinstance(self.data, str):
            self._expected("a string")
        return self.data

    def integer(self) -> int:
        """A whole number (not a boolean, not ``80.0``)."""
        if type(self.data) is not int:
            self._expected("an integer")
        return self.data

    def number(self) -> float:
        """A finite number, whole or not (not a boolean), as a float; an int too large
        for a float is refused like NaN.

        >>> from coinche.records import Field
        >>> Field(10**400, "estimate").number()
        Traceback (most recent call last):
        ...
        coinche.errors.InvalidRecordError: invalid record at estimate: expected a finite ...
        """
        data = self.data
        if type(data) is not int and type(data) is not float:
            self._expected("a number")
        try:
            return check_number(data, self.path or "number")
        except CoincheValueError:
            self._expected("a finite number")

    def boolean(self) -> bool:
        """``true`` or ``false``."""
        if type(self.data) is not bool:
            self._expected("true or false")
        return self.data

    def items(self) -> list[Field]:
        """The elements of an array, each with its path (``cards[0]``, ``cards[1]``...)."""
        data = self.data
        if not isinstance(data, (list, tuple)):
            self._expected("an array")
        return [Field(item, f"{self.path}[{i}]") for i, item in enumerate(data)]

    def parse(self, parser: Callable[[str], T]) -> T:
        """A string read by *parser*; a library error it raises becomes the ``__cause__``.

        >>> from coinche import Strain
        >>> from coinche.records import Field
        >>> Field("NT", "contract.strain").parse(Strain.parse)
        <Strain.NO_TRUMP: 4>
        """
        text = self.text()
        try:
            return parser(text)
        except InvalidRecordError:
            raise
        except CoincheError as error:
            self.fail(str(error), error)

    def card(self) -> Card:
        """A card code, read by :meth:`Card.parse <coinche.Card.parse>`."""
        return self.parse(Card.parse)

    def hand(self) -> Hand:
        """Card codes separated by spaces, read by :meth:`Hand.parse <coinche.Hand.parse>`."""
        return self.parse(Hand.parse)

    def seat(self) -> Seat:
        """A seat letter or name, read by :meth:`Seat.parse <coinche.Seat.parse>`."""
        return self.parse(Seat.parse)

    def team(self) -> Team:
        """``"NS"`` or ``"EW"`` (or a team's name)."""
        return self.parse(_parse_team)

    def strain(self) -> Strain:
        """A strain code or name, read by :meth:`Strain.parse <coinche.Strain.parse>`."""
        return self.parse(Strain.parse)

    def enum(self, kind: type[_E]) -> _E:
        """The member of the string enum *kind* whose value this string is."""
        if not (isinstance(kind, type) and issubclass(kind, enum.Enum)):
            raise CoincheTypeError(f"kind must be an Enum class, not {short_repr(kind)}")
        text = self.text()
        found = next((member for member in kind if member.value == text), None)
        if found is None:
            choices = ", ".join(repr(member.value) for member in kind)
            self.fail(f"expected one of {choices}, not {short_repr(text)}")
        return found

    def record(self, cls: type[T]) -> T:
        """A nested record that must hold a *cls* (its tag is checked first).

        >>> from coinche import Seat
        >>> from coinche.records import Field
        >>> Field({"type": "seat", "seat": "E"}).record(Seat)
        <Seat.EAST: 1>
        >>> Field({"type": "seat", "seat": "E"}, "contract").record(Card)
        Traceback (most recent call last):
        ...
        coinche.errors.InvalidRecordError: invalid record at contract: expected a 'card' record...
        """
        codec = _codec_of_type(cls)
        fields = self._fields()
        tag = fields.tag
        if tag != codec.tag:
            self.fail(f"expected a {short_repr(codec.tag)} record, not a {short_repr(tag)} record")
        value = fields.decode(codec)
        if not isinstance(value, cls):  # a tag shared by several classes
            self.fail(f"expected a {cls.__name__}, not a {type(value).__name__}")
        return value

    def any_record(self) -> object:
        """A nested record of any registered type, chosen by its tag."""
        fields = self._fields()
        codec = _BY_TAG.get(fields.tag)
        if codec is None:
            known = ", ".join(sorted(_BY_TAG))
            Field(fields.tag, _child(self.path, "type")).fail(
                f"unknown record type {short_repr(fields.tag)}; known: {known}"
            )
        return fields.decode(codec)

    def _fields(self) -> Fields:
        data = self.data
        if not isinstance(data, dict):
            self._expected("an object with a 'type' tag")
        if "type" not in data:
            self.fail("the object has no 'type' tag")
        tag = Field(data["type"], _child(self.path, "type")).text()
        return Fields(data, self.path, tag)


_E = TypeVar("_E", bound=enum.Enum)


class Fields:
    """The fields of one tagged object being read, given to a reading function.

    ``fields["name"]`` is the required field *name* as a :class:`Field` (missing: an
    :class:`~coinche.errors.InvalidRecordError`); :meth:`get` an optional one. Once the
    reading function returns, any field it did not look at is reported as unknown.

    >>> from coinche.records import Fields
    >>> fields = Fields({"type": "seat", "seat": "N"}, "dealer", "seat")
    >>> fields["seat"].seat(), fields.get("colour")
    (<Seat.NORTH: 0>, None)
    >>> fields["colour"]
    Traceback (most recent call last):
    ...
    coinche.errors.InvalidRecordError: invalid record at dealer.colour: missing field
    """

    __slots__ = ("_data", "_read", "path", "tag")

    path: str
    """Where the object is in the record (``""`` at the top)."""
    tag: str
    """The object's ``type`` tag."""

    def __init__(self, data: dict[Any, object], path: str, tag: str) -> None:
        self._data = check_type(data, dict, "data")
        self._read: set[object] = {"type"}
        self.path = check_type(path, str, "path")
        self.tag = check_type(tag, str, "tag")

    @override
    def __repr__(self) -> str:
        return f"Fields({self._data!r}, {self.path!r}, {self.tag!r})"

    def __getitem__(self, name: str) -> Field:
        found = self.get(name)
        if found is None:
            raise InvalidRecordError("missing field", _child(self.path, name))
        return found

    def get(self, name: str) -> Field | None:
        """The field *name*, or ``None`` when the object does not have it."""
        check_type(name, str, "name")
        self._read.add(name)
        if name not in self._data:
            return None
        return Field(self._data[name], _child(self.path, name))

    def __contains__(self, name: object) -> bool:
        return name in self._data

    def __iter__(self) -> Iterator[str]:
        return (str(key) for key in self._data if key != "type")

    def fail(self, detail: str, cause: BaseException | None = None) -> NoReturn:
        """Raise :class:`~coinche.errors.InvalidRecordError` at the object's path."""
        raise InvalidRecordError(detail, self.path) from cause

    def decode(self, codec: Codec) -> object:
        """Run *codec*'s reader on these fields, then refuse the fields it did not read."""
        return self.read(codec.decode)

    def read(self, reader: Callable[[Fields], T]) -> T:
        """Run *reader* on these fields, then refuse the fields it did not read.

        A library error *reader* raises becomes an
        :class:`~coinche.errors.InvalidRecordError` at the object's path.

        >>> from coinche.records import Fields
        >>> Fields({"type": "seat", "seat": "N"}, "", "seat").read(lambda f: f["seat"].seat())
        <Seat.NORTH: 0>
        """
        try:
            value = reader(self)
        except InvalidRecordError:
            raise
        except CoincheError as error:
            self.fail(str(error), error)
        for key in self._data:
            if key not in self._read:
                raise InvalidRecordError(
                    f"unknown field in a {short_repr(self.tag)} record",
                    _child(self.path, str(key)),
                )
        return value


@attrs.frozen
class Codec:
    """How one type is written and read: its classes, its tag and two functions.
    Internal (see :func:`register`)."""

    classes: tuple[type[Any], ...]
    tag: str
    encode: Callable[[Any], JsonObject]
    decode: Callable[[Fields], Any]


_BY_TYPE: Final[dict[type[Any], Codec]] = {}
_BY_TAG: Final[dict[str, Codec]] = {}


def register(
    cls: type[Any] | tuple[type[Any], ...],
    tag: str,
    encode: Callable[[Any], JsonObject],
    decode: Callable[[Fields], object],
) -> None:
    """Teach :func:`dumps` and :func:`loads` to write and read *cls* under *tag*.

    *cls* is a class, or a tuple of classes that share one format (the four calls of
    the auction are all ``call`` records). *encode* gives a value's fields as a dict of
    JSON data (without the tag); *decode* builds the value back from a :class:`Fields`.
    A library error raised by *decode* (a :class:`~coinche.CoincheError`) becomes an
    :class:`~coinche.errors.InvalidRecordError` at the object's path. Registering the
    same classes again replaces their format.

    >>> from coinche import Seat
    >>> from coinche.records import record_type, register
    >>> record_type(Seat)
    'seat'
    >>> register(Seat, "trick", lambda seat: {}, lambda fields: Seat.NORTH)
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: the record type 'trick' is already used by Trick
    """
    classes = cls if isinstance(cls, tuple) else (cls,)
    if not classes or not all(isinstance(c, type) for c in classes):
        raise CoincheTypeError(
            f"register needs a class or a tuple of classes, not {short_repr(cls)}"
        )
    if not isinstance(tag, str) or not tag:
        raise CoincheTypeError(f"a record type is a non-empty str, not {short_repr(tag)}")
    other = _BY_TAG.get(tag)
    if other is not None and other.classes != classes:
        names = ", ".join(c.__name__ for c in other.classes)
        raise CoincheTypeError(f"the record type {short_repr(tag)} is already used by {names}")
    for c in classes:
        old = _BY_TYPE.get(c)
        if old is not None and old.classes != classes:
            raise CoincheTypeError(
                f"{c.__name__} already has the record type {short_repr(old.tag)}"
            )
    codec = Codec(classes, tag, encode, decode)
    for c in classes:
        old = _BY_TYPE.get(c)
        if old is not None:
            _BY_TAG.pop(old.tag, None)
        _BY_TYPE[c] = codec
    _BY_TAG[tag] = codec


def _codec_of_type(cls: type[Any]) -> Codec:
    if not isinstance(cls, type):
        raise CoincheTypeError(f"cls must be a class, not {short_repr(cls)}")
    codec = _BY_TYPE.get(cls)
    if codec is None:
        for base in getattr(cls, "__mro__", ())[1:]:
            codec = _BY_TYPE.get(base)
            if codec is not None:
                break
    if codec is None:
        name = getattr(cls, "__name__", repr(cls))
        known = ", ".join(sorted(c.__name__ for c in _BY_TYPE))
        raise CoincheTypeError(f"{name} has no record format; records hold {known}")
    return codec


def decode_tagged(field: Field, tag: str, reader: Callable[[Fields], T]) -> T:
    """The object *field* holds, which must carry *tag*, read by *reader*: for the parts
    of a record that are not records of their own (the actions of a deal)."""
    fields = field._fields()
    if fields.tag != tag:
        article = "an" if tag[:1] in "aeiou" else "a"
        field.fail(
            f"expected {article} {short_repr(tag)} object, not a {short_repr(fields.tag)} record"
        )
    return fields.read(reader)


def record_type(cls: type[Any]) -> str:
    """The ``type`` tag that records of *cls* carry.

    >>> from coinche import DealResult
    >>> from coinche.records import record_type
    >>> record_type(DealResult)
    'deal_result'
    """
    return _codec_of_type(cls).tag


# ------------------------------------------------------------------ the public API
def to_data(value: object) -> JsonObject:
    """*value* as a tagged JSON object of plain Python data (what :func:`dumps` writes).

    >>> from coinche import Hand
    >>> from coinche.records import to_data
    >>> to_data(Hand.parse("AS JH 9H 7C"))
    {'type': 'hand', 'cards': '7C 9H JH AS'}
    >>> to_data("JH")
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: str has no record format; records hold ...

    :raises CoincheTypeError: *value* is of a type with no record format.
    """
    codec = _codec_of_type(type(value))
    return {"type": codec.tag, **codec.encode(value)}


def from_data(data: object) -> object:
    """The value a tagged JSON object of plain Python data holds (see :func:`to_data`).

    >>> from coinche.records import from_data
    >>> from_data({"type": "card", "code": "TH"})
    Card.parse('TH')

    :raises InvalidRecordError: *data* is not a valid record.
    """
    return Field(data).any_record()


def dumps(value: object, *, indent: int | None = None) -> str:
    """*value* as JSON text; *indent* as in :func:`json.dumps`.

    >>> from coinche import Card
    >>> from coinche.records import dumps
    >>> dumps(Card.parse("10h"))
    '{"type": "card", "code": "TH"}'

    :raises CoincheTypeError: *value* is of a type with no record format.
    :raises InvalidDealError: a :class:`~coinche.DealResult` not made by
        :func:`~coinche.score_deal` (it does not know its tricks), or a
        :class:`~coinche.Game` built with its constructor that its deals and actions do
        not give back.
    """
    if indent is not None:
        check_int_range(indent, "indent", 0, 100)
    return json.dumps(to_data(value), indent=indent, ensure_ascii=False)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise InvalidRecordError(f"the key {short_repr(key)} appears twice in one object")
        result[key] = value
    return result


def _no_constant(name: str) -> NoReturn:
    raise InvalidRecordError(f"not valid JSON: {name} is not a JSON number")


def _parse_json(text: str) -> object:
    if not isinstance(text, str):
        raise CoincheTypeError(f"a record is read from a str, not {type(text).__name__}")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except InvalidRecordError:
        raise
    except json.JSONDecodeError as error:
        raise InvalidRecordError(f"not valid JSON: {error}") from error
    except RecursionError as error:
        raise InvalidRecordError("not valid JSON: nested too deeply") from error
    except ValueError as error:  # e.g. an integer with too many digits
        raise InvalidRecordError(f"not valid JSON: {error}") from error


def loads(text: str) -> object:
    """The value a JSON record holds (see :func:`dumps`).

    >>> from coinche.records import loads
    >>> loads('{"type": "seat", "seat": "W"}')
    <Seat.WEST: 3>
    >>> loads('{"type": "seat", "seat": "W"')
    Traceback (most recent call last):
    ...
    coinche.errors.InvalidRecordError: invalid record: not valid JSON: Expecting ',' delimiter: ...

    :raises InvalidRecordError: *text* is not a valid record.
    :raises CoincheTypeError: *text* is not a str.
    """
    return Field(_parse_json(text)).any_record()


def loads_as(text: str, cls: type[T]) -> T:
    """The value a JSON record holds, which must be a *cls*.

    >>> from coinche import Seat, Team
    >>> from coinche.records import loads_as
    >>> loads_as('{"type": "team", "team": "EW"}', Team)
    <Team.EAST_WEST: 1>
    >>> loads_as('{"type": "team", "team": "EW"}', Seat)
    Traceback (most recent call last):
    ...
    coinche.errors.InvalidRecordError: invalid record: expected a 'seat' record, not a 'team'...

    :raises InvalidRecordError: *text* is not a valid record of a *cls*.
    :raises CoincheTypeError: *cls* has no record format.
    """
    _codec_of_type(cls)  # before reading, so that a bad cls is a CoincheTypeError
    return Field(_parse_json(text)).record(cls)
