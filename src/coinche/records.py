"""JSON records of the library's values, to save, send and read back.

:func:`dumps` writes a value as JSON text and :func:`loads` reads it back:
``loads(dumps(x)) == x`` for every supported value. :func:`to_data` and
:func:`from_data` do the same with plain Python data (dicts, lists, strings, numbers,
booleans and ``None``), for callers that embed records in JSON of their own.
:func:`loads_as` also checks the type of what it read.

>>> from coinche import Contract, Seat, Strain
>>> from coinche.records import dumps, loads, loads_as
>>> text = dumps(Contract(Seat.NORTH, Strain.HEARTS, 100, multiplier=2))
>>> text
'{"type": "contract", "taker": "N", "strain": "H", "value": 100, "multiplier": 2}'
>>> loads_as(text, Contract)
Contract(taker=<Seat.NORTH: 0>, strain=<Strain.HEARTS: 2>, value=100, multiplier=2)

The format
----------

Every record is a JSON object with a ``"type"`` tag naming what it holds; objects
nested in a record carry their own tag. Inside a record, the small values are written
as strings: a card as its code (``"TH"``), a hand as its codes separated by spaces
(``"7C 9H JH AS"``), a seat as its letter (``"N"``), a team as ``"NS"`` or ``"EW"``,
a strain as its code (``"C" "D" "H" "S" "NT" "AT"``). Written on their own they are
tagged objects too.

================  ===================================================================
``type``          fields
================  ===================================================================
``card``          ``code``: ``"TH"``
``hand``          ``cards``: ``"7C 9H JH AS"``
``seat``          ``seat``: ``"N"``
``team``          ``team``: ``"NS"``
``strain``        ``strain``: ``"NT"``
``trick``         ``leader``: ``"N"``; ``cards``: a list of codes, ``["AH", "7S"]``
``contract``      ``taker``; ``strain``; ``value``: a number, ``"capot"`` or
                  ``"generale"``; ``multiplier``: 1, 2 or 4
``rules``         one field per :class:`~coinche.RuleConfig` option, each required:
                  enums as their string value (``"clockwise"``), ``deal_pattern`` as a
                  list of numbers, ``max_bid`` a number or ``null``. Or, written by
                  hand: ``preset``, a preset name, and any options to change in it
``announcement``  ``kind``: ``"tierce"`` ... ``"four_of_a_kind"``; ``cards``: a hand;
                  ``seat``
``team_points``   ``north_south``, ``east_west``: numbers
``call``          ``call``: a call of the auction as ``str()`` writes it and
                  :func:`~coinche.auction.parse_call` reads it: ``"pass"``,
                  ``"100 H"``, ``"capot S"``, ``"coinche"``, ``"surcoinche"``; or of
                  the classic auction (:mod:`coinche.classic`): ``"take"``,
                  ``"name H"``
``deal_result``   what :func:`~coinche.score_deal` was given: ``contract``, ``tricks``
                  (a list of ``trick`` records), ``rules``, ``announcements`` (``null``:
                  every seat declared all it held; or a list of ``announcement``
                  records), ``belote_declared``; then the figures of the result:
                  ``score``, ``made``, ``card_points``, ``belote``,
                  ``announcement_points``, ``capot``, ``tricks_won``
``phase``         ``phase``: ``"auction"``, ``"play"``, ``"scored"`` or ``"thrown_in"``
``auction``       ``rules``; ``dealer``; ``calls``: a list of ``action`` objects
                  (calls). A :class:`~coinche.classic.ClassicAuction` is a
                  ``classic_auction`` record: ``rules``; ``dealer``; ``turned``, the
                  turned card's code; ``calls``
``deal``          ``rules``; ``dealer``; ``hands``: the dealt hands in deal notation
                  (:func:`~coinche.format_deal`, from the dealer); ``actions``: a
                  list of ``action`` objects. Under the turned-card auction
                  (``classic_belote``), ``hands`` are the five-card hands dealt before
                  the auction, and two more fields follow them: ``turned``, the turned
                  card's code, and ``stock``, a list of the codes of the 11 other cards
                  in the order they are dealt after the auction
``game``          ``rules``; ``seed``: a number; ``first_dealer``; ``actions``: every
                  action of the match, deal after deal
``player_view``   one field per :class:`~coinche.PlayerView` attribute: ``seat``,
                  ``rules``, ``dealer``, ``phase``, ``to_move`` (or ``null``),
                  ``hand``, ``calls`` (``action`` objects), ``contract`` (or
                  ``null``), ``tricks``, ``trick`` (or ``null``), ``announcements``,
                  ``belote_declared``; and ``turned``, the turned card's code, only in
                  a classic deal (optional when reading)
================  ===================================================================

An ``action`` object (``{"type": "action", "seat": "N", "call": "80 H"}``, or
``"card": "JH"`` in place of ``"call"``) is one step of a deal: who acted and what.
With a card it may add ``declare``, the list of ``announcement`` records declared with
it when they are not all the seat holds, and ``belote``, ``false`` when the holder does
not declare belote with it (only under
:attr:`~coinche.RuleConfig.belote_requires_declaration`). Actions appear only inside
other records. Deals, games and auctions are canonical replays: their records hold no
derived state, and reading one makes every action again with the checked API
(:meth:`Deal.apply <coinche.Deal.apply>`, :meth:`Deal.apply_call
<coinche.Deal.apply_call>`), so the first action that cannot be made fails at its path
(``actions[7]``) with the library's error as the cause. A :class:`~coinche.Game` built
with its constructor is written only when its seed and actions give it back.

A ``deal_result`` is read back by scoring the deal again with
:func:`~coinche.score_deal`, so the result it gives is complete (its
:meth:`~coinche.DealResult.breakdown` works). Its figures are optional when reading:
a record written by hand may give only the inputs; figures that are given must agree
with the new score, so a record that was edited is caught. ``announcements``
(default ``null``) and ``belote_declared`` (default ``true``) are optional too.

>>> from coinche import Trick
>>> print(dumps(Trick.parse("N: AH 7S"), indent=2))
{
  "type": "trick",
  "leader": "N",
  "cards": [
    "AH",
    "7S"
  ]
}

Errors
------

Reading is strict: malformed JSON, a missing or unknown tag, a missing or unknown
field, a value of the wrong JSON type, a bad card code, or values that the rules refuse
all raise :class:`~coinche.errors.InvalidRecordError`, whose message names the path of
the bad field. When a library error lies behind it (a :class:`~coinche.NotationError`
for a bad card, a :class:`~coinche.RuleConfigError` for options that do not go
together, an :class:`~coinche.InvalidDealError` for tricks that are not a deal, an
:class:`~coinche.IllegalCardError`, :class:`~coinche.IllegalCallError` or
:class:`~coinche.IllegalActionError` for an action of a deal that cannot be made), that
error is its ``__cause__``.

>>> loads('{"type": "trick", "leader": "N", "cards": ["AH", "ZS"]}')
Traceback (most recent call last):
...
coinche.errors.InvalidRecordError: invalid record at cards[1]: cannot read 'ZS' as a card: ...
>>> loads('{"type": "contract", "taker": "N", "strain": "H", "value": "100"}')
Traceback (most recent call last):
...
coinche.errors.InvalidRecordError: invalid record at value: expected a number, "capot" or ...

Adding a type
-------------

:func:`register` teaches the module a new type: a tag, a function that writes a value's
fields, and one that reads them back from a :class:`Fields`. Each :class:`Field` knows
its path and reads one JSON value with the checks above.

>>> import attrs
>>> from coinche.records import Fields, register
>>> @attrs.frozen
... class Note:
...     seat: Seat
...     text: str
>>> def read_note(fields: Fields) -> Note:
...     return Note(fields["seat"].seat(), fields["text"].text())
>>> register(Note, "note", lambda note: {"seat": note.seat.letter, "text": note.text},
...          read_note)
>>> loads(dumps(Note(Seat.WEST, "belote")))
Note(seat=<Seat.WEST: 3>, text='belote')
>>> loads('{"type": "note", "seat": "W", "txt": "belote"}')
Traceback (most recent call last):
...
coinche.errors.InvalidRecordError: invalid record at text: missing field
"""

from __future__ import annotations

import enum
import json
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any, Final, Literal, NoReturn, TypeAlias, TypeVar, cast

import attrs

from coinche import _kernel as K
from coinche.announcements import Announcement, AnnouncementKind, find_announcements
from coinche.auction import Auction, Bid, Coinche, Pass, Surcoinche
from coinche.cards import Card, Hand, Strain
from coinche.classic import AnyCall, ClassicAuction, NameSuit, Take, parse_any_call
from coinche.config import AuctionKind, RuleConfig
from coinche.contract import CAPOT, GENERALE, Contract, SpecialBid
from coinche.deal import Action, Deal, Phase, PlayerView
from coinche.errors import (
    CoincheError,
    CoincheTypeError,
    IllegalActionError,
    InvalidDealError,
    InvalidRecordError,
    NotationError,
    RuleConfigError,
)
from coinche.game import Game
from coinche.notation import format_deal, parse_deal
from coinche.play import Trick
from coinche.scoring import DealResult, TeamPoints, score_deal
from coinche.seats import Seat, Team

__all__ = [
    "RULE_FIELDS",
    "Field",
    "Fields",
    "InvalidRecordError",
    "JsonObject",
    "JsonValue",
    "dumps",
    "from_data",
    "loads",
    "loads_as",
    "record_type",
    "register",
    "to_data",
]

JsonValue: TypeAlias = dict[str, "JsonValue"] | list["JsonValue"] | str | int | float | bool | None
"""Any value the :mod:`json` module reads or writes."""
JsonObject: TypeAlias = dict[str, JsonValue]
"""A JSON object: what :func:`to_data` gives."""

T = TypeVar("T")


# ------------------------------------------------------------------ reading
def _child(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _describe(data: object) -> str:
    """Name a JSON value by its kind, for error messages."""
    if data is None:
        return "null"
    if data is True or data is False:
        return str(data).lower()
    if isinstance(data, str):
        shown = data if len(data) <= 40 else data[:37] + "..."
        return f"a string ({shown!r})"
    if isinstance(data, (int, float)):
        return f"a number ({data!r})"
    if isinstance(data, (list, tuple)):
        return "an array"
    if isinstance(data, dict):
        return "an object"
    return f"a {type(data).__name__}"


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
        self.path = path

    def __repr__(self) -> str:
        return f"Field({self.data!r}, {self.path!r})"

    def fail(self, detail: str, cause: BaseException | None = None) -> NoReturn:
        """Raise :class:`~coinche.errors.InvalidRecordError` at this field's path."""
        raise InvalidRecordError(detail, self.path) from cause

    def _expected(self, what: str) -> NoReturn:
        self.fail(f"expected {what}, not {_describe(self.data)}")

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
        text = self.text()
        found = next((member for member in kind if member.value == text), None)
        if found is None:
            choices = ", ".join(repr(member.value) for member in kind)
            self.fail(f"expected one of {choices}, not {text!r}")
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
            self.fail(f"expected a {codec.tag!r} record, not a {tag!r} record")
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
                f"unknown record type {fields.tag!r}; known: {known}"
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
        self._data = data
        self._read: set[object] = {"type"}
        self.path = path
        self.tag = tag

    def __repr__(self) -> str:
        return f"Fields({self._data!r}, {self.path!r}, {self.tag!r})"

    def __getitem__(self, name: str) -> Field:
        found = self.get(name)
        if found is None:
            raise InvalidRecordError("missing field", _child(self.path, name))
        return found

    def get(self, name: str) -> Field | None:
        """The field *name*, or ``None`` when the object does not have it."""
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

    def decode(self, codec: _Codec) -> object:
        """Run *codec*'s reader on these fields, then refuse the fields it did not read."""
        try:
            value = codec.decode(self)
        except InvalidRecordError:
            raise
        except CoincheError as error:
            self.fail(str(error), error)
        for key in self._data:
            if key not in self._read:
                raise InvalidRecordError(
                    f"unknown field in a {self.tag!r} record", _child(self.path, str(key))
                )
        return value


@attrs.frozen
class _Codec:
    classes: tuple[type[Any], ...]
    tag: str
    encode: Callable[[Any], JsonObject]
    decode: Callable[[Fields], Any]


_BY_TYPE: Final[dict[type[Any], _Codec]] = {}
_BY_TAG: Final[dict[str, _Codec]] = {}


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
        raise CoincheTypeError(f"register needs a class or a tuple of classes, not {cls!r}")
    if not isinstance(tag, str) or not tag:
        raise CoincheTypeError(f"a record type is a non-empty str, not {tag!r}")
    other = _BY_TAG.get(tag)
    if other is not None and other.classes != classes:
        names = ", ".join(c.__name__ for c in other.classes)
        raise CoincheTypeError(f"the record type {tag!r} is already used by {names}")
    for c in classes:
        old = _BY_TYPE.get(c)
        if old is not None and old.classes != classes:
            raise CoincheTypeError(f"{c.__name__} already has the record type {old.tag!r}")
    codec = _Codec(classes, tag, encode, decode)
    for c in classes:
        old = _BY_TYPE.get(c)
        if old is not None:
            _BY_TAG.pop(old.tag, None)
        _BY_TYPE[c] = codec
    _BY_TAG[tag] = codec


def _codec_of_type(cls: type[Any]) -> _Codec:
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
        :class:`~coinche.Game` built with its constructor that its seed and actions do
        not give back.
    """
    return json.dumps(to_data(value), indent=indent, ensure_ascii=False)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise InvalidRecordError(f"the key {key!r} appears twice in one object")
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


# ------------------------------------------------------------------ the core's formats
_TEAM_NAMES: Final = {
    "NS": Team.NORTH_SOUTH,
    "NORTH_SOUTH": Team.NORTH_SOUTH,
    "EW": Team.EAST_WEST,
    "EAST_WEST": Team.EAST_WEST,
}


def _parse_team(text: str) -> Team:
    team = _TEAM_NAMES.get(text.strip().upper().replace("-", "_"))
    if team is None:
        raise NotationError(f"cannot read {text!r} as a team (expected NS or EW)")
    return team


def _optional_team(field: Field) -> Team | None:
    return None if field.is_null() else field.team()


def _team_text(team: Team | None) -> str | None:
    return None if team is None else team.short


register(Card, "card", lambda card: {"code": card.code}, lambda f: f["code"].card())
register(Hand, "hand", lambda hand: {"cards": str(hand)}, lambda f: f["cards"].hand())
register(Seat, "seat", lambda seat: {"seat": seat.letter}, lambda f: f["seat"].seat())
register(Team, "team", lambda team: {"team": team.short}, lambda f: f["team"].team())
register(Strain, "strain", lambda strain: {"strain": strain.code}, lambda f: f["strain"].strain())


def _encode_trick(trick: Trick) -> JsonObject:
    return {"leader": trick.leader.letter, "cards": [card.code for card in trick.cards]}


def _decode_trick(fields: Fields) -> Trick:
    leader = fields["leader"].seat()
    cards = fields["cards"]
    items = cards.items()
    if len(items) > 4:
        cards.fail(f"a trick holds at most 4 cards, not {len(items)}")
    return Trick(leader, tuple(item.card() for item in items))


register(Trick, "trick", _encode_trick, _decode_trick)


def _encode_contract(contract: Contract) -> JsonObject:
    value = contract.value
    return {
        "taker": contract.taker.letter,
        "strain": contract.strain.code,
        "value": value.value if isinstance(value, SpecialBid) else value,
        "multiplier": contract.multiplier,
    }


def _decode_contract(fields: Fields) -> Contract:
    taker = fields["taker"].seat()
    strain = fields["strain"].strain()
    value_field = fields["value"]
    data = value_field.data
    value: int | SpecialBid
    if type(data) is int:
        if data <= 0:
            value_field.fail(f"a contract value must be positive, not {data}")
        value = data
    elif data == CAPOT.value:
        value = CAPOT
    elif data == GENERALE.value:
        value = GENERALE
    else:
        value_field.fail(f'expected a number, "capot" or "generale", not {_describe(data)}')
    multiplier_field = fields["multiplier"]
    multiplier = multiplier_field.integer()
    if multiplier not in (1, 2, 4):
        multiplier_field.fail(f"a contract multiplier is 1, 2 or 4, not {multiplier}")
    return Contract(taker, strain, value, cast(Literal[1, 2, 4], multiplier))


register(Contract, "contract", _encode_contract, _decode_contract)


# RuleConfig: one JSON field per option, read and written from the field's type.
def _rule_reader(kind: object) -> Callable[[Field], object]:
    if kind is bool:
        return Field.boolean
    if kind is int:
        return Field.integer
    if isinstance(kind, types.UnionType) and set(typing.get_args(kind)) == {int, type(None)}:
        return lambda field: None if field.is_null() else field.integer()
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        enum_kind: type[enum.Enum] = kind
        return lambda field: field.enum(enum_kind)
    if typing.get_origin(kind) is tuple and typing.get_args(kind) == (int, ...):
        return lambda field: tuple(item.integer() for item in field.items())
    return lambda field: field.data  # pragma: no cover - RuleConfig validates it


def _rule_writer(value: object) -> JsonValue:
    if isinstance(value, enum.Enum):
        return cast(JsonValue, value.value)
    if isinstance(value, tuple):
        return list(value)
    return cast(JsonValue, value)


_RULE_HINTS: Final = typing.get_type_hints(RuleConfig)
RULE_FIELDS: Final[dict[str, Callable[[Field], object]]] = {
    field.name: _rule_reader(_RULE_HINTS[field.name])
    for field in attrs.fields(RuleConfig)
    if field.init
}
"""The options of :class:`~coinche.RuleConfig` a ``rules`` record holds, and their readers.

>>> from coinche.records import RULE_FIELDS
>>> list(RULE_FIELDS)[:4]
['direction', 'allow_no_trump', 'allow_all_trump', 'deal_pattern']
"""


def _encode_rules(rules: RuleConfig) -> JsonObject:
    return {name: _rule_writer(getattr(rules, name)) for name in RULE_FIELDS}


def _decode_rules(fields: Fields) -> RuleConfig:
    preset = fields.get("preset")
    values: dict[str, Any] = {}
    for name, read in RULE_FIELDS.items():
        field = fields.get(name) if preset is not None else fields[name]
        if field is not None:
            values[name] = read(field)
    if preset is None:
        return RuleConfig(**values)
    base = preset.parse(RuleConfig.preset)
    return attrs.evolve(base, **values)


register(RuleConfig, "rules", _encode_rules, _decode_rules)


def _encode_announcement(announcement: Announcement) -> JsonObject:
    return {
        "kind": announcement.kind.value,
        "cards": str(announcement.cards),
        "seat": announcement.seat.letter,
    }


def _decode_announcement(fields: Fields) -> Announcement:
    kind = fields["kind"].enum(AnnouncementKind)
    cards = fields["cards"].hand()
    seat = fields["seat"].seat()
    return Announcement(kind, cards, seat)


register(Announcement, "announcement", _encode_announcement, _decode_announcement)


def _encode_team_points(points: TeamPoints) -> JsonObject:
    return {"north_south": points.north_south, "east_west": points.east_west}


def _decode_team_points(fields: Fields) -> TeamPoints:
    return TeamPoints(fields["north_south"].integer(), fields["east_west"].integer())


register(TeamPoints, "team_points", _encode_team_points, _decode_team_points)


def _encode_result(result: DealResult) -> JsonObject:
    inputs = result._inputs
    if inputs is None:
        raise InvalidDealError(
            "only a DealResult made by score_deal can be written as a record: "
            "the record holds the tricks it was scored from"
        )
    declared = inputs.declared
    return {
        "contract": to_data(inputs.contract),
        "tricks": [to_data(trick) for trick in inputs.tricks],
        "rules": to_data(inputs.rules),
        "announcements": None if declared is None else [to_data(a) for a in declared],
        "belote_declared": inputs.belote_declared,
        "score": to_data(result.score),
        "made": result.made,
        "card_points": to_data(result.card_points),
        "belote": _team_text(result.belote),
        "announcement_points": to_data(result.announcement_points),
        "capot": _team_text(result.capot),
        "tricks_won": to_data(result.tricks_won),
    }


def _shown(value: object) -> str:
    if isinstance(value, Team):
        return value.short
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


# The figures of a result a record may state, and how to read each.
_RESULT_FIGURES: Final[tuple[tuple[str, Callable[[Field], object]], ...]] = (
    ("score", lambda field: field.record(TeamPoints)),
    ("made", Field.boolean),
    ("card_points", lambda field: field.record(TeamPoints)),
    ("belote", _optional_team),
    ("announcement_points", lambda field: field.record(TeamPoints)),
    ("capot", _optional_team),
    ("tricks_won", lambda field: field.record(TeamPoints)),
)


def _decode_result(fields: Fields) -> DealResult:
    contract = fields["contract"].record(Contract)
    tricks_field = fields["tricks"]
    tricks = [item.record(Trick) for item in tricks_field.items()]
    if len(tricks) != 8:
        tricks_field.fail(f"a finished deal has 8 tricks, not {len(tricks)}")
    rules = fields["rules"].record(RuleConfig)
    declared_field = fields.get("announcements")
    declared: list[Announcement] | None = None
    if declared_field is not None and not declared_field.is_null():
        declared = [item.record(Announcement) for item in declared_field.items()]
    belote_field = fields.get("belote_declared")
    belote_declared = True if belote_field is None else belote_field.boolean()
    stated: list[tuple[str, Field, object]] = []
    for name, read in _RESULT_FIGURES:
        field = fields.get(name)
        if field is not None:
            stated.append((name, field, read(field)))
    result = score_deal(
        contract, tricks, rules, announcements=declared, belote_declared=belote_declared
    )
    for name, field, value in stated:
        actual = getattr(result, name)
        if value != actual:
            field.fail(f"the record says {_shown(value)}, but the tricks score {_shown(actual)}")
    return result


register(DealResult, "deal_result", _encode_result, _decode_result)


def _encode_call(call: AnyCall) -> JsonObject:
    return {"call": str(call)}


def _decode_call(fields: Fields) -> AnyCall:
    return fields["call"].parse(parse_any_call)


register((Pass, Bid, Coinche, Surcoinche, Take, NameSuit), "call", _encode_call, _decode_call)


register(Phase, "phase", lambda phase: {"phase": phase.value}, lambda f: f["phase"].enum(Phase))


# ------------------------------------------------------------------ actions, deals, games
# An action of a deal is written as an "action" object: the seat, then "call" (the call's
# text) or "card" (the card's code), then with a card, only when they are not the
# default, "declare" (the announcements declared with it) and "belote" (false: the
# holder does not declare belote with it). Actions are parts of the auction, deal, game
# and player_view records; they are not a record type of their own.
_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


@attrs.frozen
class _Step:
    """One action of a record as read: the seat, the action, what is declared with it."""

    seat: Seat
    action: Action
    declare: tuple[Announcement, ...] | None = None
    belote: bool | None = None

    def __str__(self) -> str:
        return f"{self.seat.letter} {self.action}"


def _encode_step(step: _Step) -> JsonObject:
    data: JsonObject = {"seat": step.seat.letter}
    if isinstance(step.action, Card):
        data["card"] = step.action.code
    else:
        data["call"] = str(step.action)
    if step.declare is not None:
        data["declare"] = [to_data(announcement) for announcement in step.declare]
    if step.belote is not None:
        data["belote"] = step.belote
    return data


def _decode_step(fields: Fields) -> _Step:
    seat = fields["seat"].seat()
    call = fields.get("call")
    card = fields.get("card")
    action: Action
    if call is not None and card is None:
        action = call.parse(parse_any_call)
    elif card is not None and call is None:
        action = card.card()
    else:
        fields.fail("an action has either a 'call' or a 'card', and not both")
    found = fields.get("declare")
    declare = None
    if found is not None:
        declare = tuple(item.record(Announcement) for item in found.items())
    belote = fields.get("belote")
    return _Step(seat, action, declare, None if belote is None else belote.boolean())


_ACTION: Final = _Codec((_Step,), "action", _encode_step, _decode_step)


def _step_data(step: _Step) -> JsonObject:
    return {"type": _ACTION.tag, **_encode_step(step)}


def _read_step(field: Field) -> _Step:
    fields = field._fields()
    if fields.tag != _ACTION.tag:
        field.fail(f"expected an {_ACTION.tag!r} object, not a {fields.tag!r} record")
    return cast(_Step, fields.decode(_ACTION))


def _read_calls(field: Field) -> list[tuple[Field, Seat, AnyCall]]:
    """A list of actions that must all be plain calls (an auction's, a view's)."""
    calls: list[tuple[Field, Seat, AnyCall]] = []
    for item in field.items():
        step = _read_step(item)
        action = step.action
        if isinstance(action, Card):
            item.fail(f"expected a call, not the card {action}")
        if step.declare is not None or step.belote is not None:
            item.fail("a call declares nothing: 'declare' and 'belote' go with a card")
        calls.append((item, step.seat, action))
    return calls


def _belote_pair(deal: Deal) -> tuple[Card, Card] | None:
    """The king and queen of trumps when their holder must declare belote, else None."""
    contract = deal.contract
    if contract is None or not deal.rules.belote_requires_declaration:
        return None
    pair = Hand.from_mask(K.belote_mask(contract.strain)).cards
    return (pair[0], pair[1]) if pair else None


def _deal_steps(deal: Deal) -> list[JsonObject]:
    """The actions of *deal*, as written in its record."""
    rules = deal.rules
    contract = deal.contract
    history = deal.history
    calls = len(deal.calls)
    not_declared: Card | None = None  # the card with which belote was not declared
    pair = _belote_pair(deal)
    if pair is not None and not deal.belote_declared:
        holders = [seat for seat in _SEATS if all(card in deal.hands[seat] for card in pair)]
        if holders:
            played = [card for _, card in history[calls:] if isinstance(card, Card)]
            not_declared = next((card for card in played if card in pair), None)
    steps: list[JsonObject] = []
    for index, (seat, action) in enumerate(history):
        declare: tuple[Announcement, ...] | None = None
        belote: bool | None = None
        if isinstance(action, Card):
            if index - calls < 4 and rules.announcements:
                assert contract is not None
                declared = tuple(a for a in deal.announcements if a.seat is seat)
                if declared != find_announcements(deal.hands[seat], contract.strain, rules, seat):
                    declare = declared
            if action == not_declared:
                belote = False
        steps.append(_step_data(_Step(seat, action, declare, belote)))
    return steps


_State = TypeVar("_State", Deal, Game)


def _apply_step(state: _State, deal: Deal, step: _Step) -> _State:
    """*state* after *step*; *deal* is *state*'s current deal. Raises the library's error."""
    seat, action = step.seat, step.action
    if not isinstance(action, Card):
        if step.declare is not None or step.belote is not None:
            raise IllegalActionError(action, seat, "'declare' and 'belote' go with a card")
        return state.apply_call(seat, action)
    if deal.phase is Phase.PLAY:
        to_move = deal.to_move
        assert to_move is not None
        if seat is not to_move:
            raise IllegalActionError(action, seat, f"it is {to_move.name}'s turn")
        if step.declare is not None:
            if not deal.rules.announcements:
                raise IllegalActionError(action, seat, "announcements are off in these rules")
            if deal.tricks:
                raise IllegalActionError(
                    action, seat, "announcements are declared with a card of the first trick"
                )
        if step.belote is not None:
            pair = _belote_pair(deal)
            held = deal.hand(seat)
            if pair is None or action not in pair or not all(card in held for card in pair):
                raise IllegalActionError(
                    action,
                    seat,
                    "belote is declared (or not) only when the rules require it, by its "
                    "holder, with the first of the king and queen of trumps it plays",
                )
    belote = True if step.belote is None else step.belote
    return state.apply(action, declare=step.declare, belote=belote)


def _replay(state: _State, field: Field, deal_of: Callable[[_State], Deal]) -> _State:
    """*state* after the actions of the array *field*, each checked as it is made.

    The first action that cannot be made fails at its own path (``actions[7]``), with
    the library's error as the cause.
    """
    for item in field.items():
        step = _read_step(item)
        try:
            state = _apply_step(state, deal_of(state), step)
        except InvalidRecordError:  # pragma: no cover - nothing below reads records
            raise
        except CoincheError as error:
            item.fail(f"cannot replay {str(step)!r}: {error}", error)
    return state


def _start_deal(dealer: Seat, rules: Field, fields: Fields) -> Deal:
    """A new deal of the record's dealer, rules and hands (in deal notation); under the
    turned-card auction, five-card hands, the turned card and the stock."""
    rule_config = rules.record(RuleConfig)
    hands = fields["hands"]
    if rule_config.auction is not AuctionKind.TURNED_CARD:
        _, dealt = hands.parse(parse_deal)
        return Deal.from_hands(dealer, rule_config, dealt)
    _, first = hands.parse(_parse_first_hands)
    turned = fields["turned"].card()
    stock = [item.card() for item in fields["stock"].items()]
    try:
        return Deal.from_hands(dealer, rule_config, first, turned=turned, stock=stock)
    except InvalidDealError as error:  # a card dealt twice, a short stock
        fields.fail(str(error), error)


def _parse_first_hands(text: str) -> tuple[Seat, dict[Seat, Hand]]:
    return parse_deal(text, cards=5)


def _encode_deal(deal: Deal) -> JsonObject:
    turned = deal.turned
    if turned is None:
        return {
            "rules": to_data(deal.rules),
            "dealer": deal.dealer.letter,
            "hands": format_deal(deal.dealer, dict(zip(_SEATS, deal.hands, strict=True))),
            "actions": cast(JsonValue, _deal_steps(deal)),
        }
    first = dict(zip(_SEATS, deal.first_hands, strict=True))
    return {
        "rules": to_data(deal.rules),
        "dealer": deal.dealer.letter,
        "hands": format_deal(deal.dealer, first, cards=5),
        "turned": turned.code,
        "stock": [card.code for card in deal.stock],
        "actions": cast(JsonValue, _deal_steps(deal)),
    }


def _decode_deal(fields: Fields) -> Deal:
    rules = fields["rules"]
    dealer = fields["dealer"].seat()
    deal = _start_deal(dealer, rules, fields)
    return _replay(deal, fields["actions"], lambda deal: deal)


register(Deal, "deal", _encode_deal, _decode_deal)


def _game_data(game: Game) -> JsonObject:
    deals = game.deals
    return {
        "rules": to_data(game.rules),
        "seed": game.seed,
        "first_dealer": deals[0].dealer.letter,
        "actions": [step for deal in deals for step in _deal_steps(deal)],
    }


def _encode_game(game: Game) -> JsonObject:
    data = _game_data(game)
    # Written only when the replay of the seed and the actions gives the same game (a
    # game built with the constructor or changed with attrs.evolve may not be one).
    if len(game.deals) != game.deal_number + 1:
        raise InvalidDealError(
            "a game record replays the game from its seed, but this game was built with "
            f"the constructor at deal number {game.deal_number}: its earlier deals are "
            "not known"
        )
    try:
        again = from_data({"type": "game", **data})
    except InvalidRecordError as error:
        raise InvalidDealError(
            "a game record replays the game from its seed, and this game is not what its "
            f"seed and actions give: {error}"
        ) from error
    if again != game:
        raise InvalidDealError(
            "a game record replays the game from its seed, and this game is not what its "
            "seed and actions give"
        )
    return data


def _decode_game(fields: Fields) -> Game:
    rules_field = fields["rules"]
    rules = rules_field.record(RuleConfig)
    seed = fields["seed"].integer()
    first_dealer = fields["first_dealer"].seat()
    game = Game._start(rules, first_dealer, seed)
    return _replay(game, fields["actions"], lambda game: game.deal)


register(Game, "game", _encode_game, _decode_game)


def _encode_auction(auction: Auction) -> JsonObject:
    return {
        "rules": to_data(auction.rules),
        "dealer": auction.dealer.letter,
        "calls": [_step_data(_Step(seat, call)) for seat, call in auction.calls],
    }


def _decode_auction(fields: Fields) -> Auction:
    rules_field = fields["rules"]
    rules = rules_field.record(RuleConfig)
    dealer = fields["dealer"].seat()
    try:
        auction = Auction.start(dealer, rules)
    except RuleConfigError as error:  # the turned-card auction
        rules_field.fail(str(error), error)
    for item, seat, call in _read_calls(fields["calls"]):
        if isinstance(call, (Take, NameSuit)):
            item.fail(
                f"{str(call)!r} is a call of the classic auction (a 'classic_auction' record)"
            )
        try:
            auction = auction.apply(seat, call)
        except CoincheError as error:
            item.fail(f"cannot replay {seat.letter + ' ' + str(call)!r}: {error}", error)
    return auction


register(Auction, "auction", _encode_auction, _decode_auction)


def _encode_classic_auction(auction: ClassicAuction) -> JsonObject:
    return {
        "rules": to_data(auction.rules),
        "dealer": auction.dealer.letter,
        "turned": auction.turned.code,
        "calls": [_step_data(_Step(seat, call)) for seat, call in auction.calls],
    }


def _decode_classic_auction(fields: Fields) -> ClassicAuction:
    rules_field = fields["rules"]
    rules = rules_field.record(RuleConfig)
    dealer = fields["dealer"].seat()
    turned = fields["turned"].card()
    try:
        auction = ClassicAuction.start(dealer, rules, turned)
    except RuleConfigError as error:  # numeric bidding
        rules_field.fail(str(error), error)
    for item, seat, call in _read_calls(fields["calls"]):
        try:
            auction = auction.apply(seat, call)
        except CoincheError as error:
            item.fail(f"cannot replay {seat.letter + ' ' + str(call)!r}: {error}", error)
    return auction


register(ClassicAuction, "classic_auction", _encode_classic_auction, _decode_classic_auction)


def _encode_view(view: PlayerView) -> JsonObject:
    data: JsonObject = {
        "seat": view.seat.letter,
        "rules": to_data(view.rules),
        "dealer": view.dealer.letter,
        "phase": view.phase.value,
        "to_move": None if view.to_move is None else view.to_move.letter,
        "hand": str(view.hand),
        "calls": [_step_data(_Step(seat, call)) for seat, call in view.calls],
        "contract": None if view.contract is None else to_data(view.contract),
        "tricks": [to_data(trick) for trick in view.tricks],
        "trick": None if view.trick is None else to_data(view.trick),
        "announcements": [to_data(announcement) for announcement in view.announcements],
        "belote_declared": view.belote_declared,
    }
    if view.turned is not None:
        data["turned"] = view.turned.code
    return data


def _decode_view(fields: Fields) -> PlayerView:
    to_move = fields["to_move"]
    contract = fields["contract"]
    trick = fields["trick"]
    turned = fields.get("turned")
    return PlayerView(
        seat=fields["seat"].seat(),
        rules=fields["rules"].record(RuleConfig),
        dealer=fields["dealer"].seat(),
        phase=fields["phase"].enum(Phase),
        to_move=None if to_move.is_null() else to_move.seat(),
        hand=fields["hand"].hand(),
        calls=tuple((seat, call) for _, seat, call in _read_calls(fields["calls"])),
        contract=None if contract.is_null() else contract.record(Contract),
        tricks=tuple(item.record(Trick) for item in fields["tricks"].items()),
        trick=None if trick.is_null() else trick.record(Trick),
        announcements=tuple(item.record(Announcement) for item in fields["announcements"].items()),
        belote_declared=fields["belote_declared"].boolean(),
        turned=None if turned is None else turned.card(),
    )


register(PlayerView, "player_view", _encode_view, _decode_view)
