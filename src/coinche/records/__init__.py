"""JSON records of the library's values, to save, send and read back.

The package holds the codec framework (:mod:`coinche.records.codec`: fields, tags,
reading and writing), the formats of the values (:mod:`coinche.records.values`) and
the records of the state machines, replayed from their logs
(:mod:`coinche.records.replay`); everything is imported from here.

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
                  the classic auction (:mod:`coinche.auction.classic`): ``"take"``,
                  ``"name H"``
``deal_result``   what :func:`~coinche.score_deal` was given: ``contract``, ``tricks``
                  (a list of ``trick`` records), ``rules``, ``announcements`` (``null``:
                  every seat declared all it held; or a list of ``announcement``
                  records), ``belote_declared``; then the figures of the result:
                  ``score``, ``made``, ``card_points``, ``belote``,
                  ``announcement_points``, ``capot``, ``tricks_won``
``phase``         ``phase``: ``"auction"``, ``"play"``, ``"scored"`` or ``"thrown_in"``
``auction``       ``rules``; ``dealer``; ``calls``: a list of ``action`` objects
                  (calls). A :class:`~coinche.auction.classic.ClassicAuction` is a
                  ``classic_auction`` record: ``rules``; ``dealer``; ``turned``, the
                  turned card's code; ``calls``
``deal``          ``rules``; ``dealer``; ``hands``: the dealt hands in deal notation
                  (:func:`~coinche.format_deal`, from the dealer); ``actions``: a
                  list of ``action`` objects. Under the turned-card auction
                  (``classic_belote``), ``hands`` are the five-card hands dealt before
                  the auction, and two more fields follow them: ``turned``, the turned
                  card's code, and ``stock``, a list of the codes of the 11 other cards
                  in the order they are dealt after the auction
``game``          ``rules``; ``first_dealer``; ``deals``: the cards of each deal dealt
                  so far, a list of ``dealt`` objects (``hands``, and ``turned`` and
                  ``stock`` under the turned-card auction, as in a ``deal`` record);
                  ``actions``: every action of the match, deal after deal. Never the
                  seed (an earlier format held ``seed`` in place of ``deals``; it
                  still reads)
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
derived state. The actions of a deal or a game are its log, :attr:`Deal.steps
<coinche.Deal.steps>`, one :class:`~coinche.Step` each; reading the record applies
every step again with :meth:`Deal.apply <coinche.Deal.apply>`, which checks it (the
record is only decoded here: every rule is the deal's), so the first action that cannot
be made fails at its path (``actions[7]``) with the library's error as the cause. A
:class:`~coinche.Game` built with its constructor is written only when its deals and
actions give it back.

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

from coinche.errors import InvalidRecordError
from coinche.records import replay, values  # noqa: F401  (importing them registers their formats)
from coinche.records.codec import (
    Field,
    Fields,
    JsonObject,
    JsonValue,
    dumps,
    from_data,
    loads,
    loads_as,
    record_type,
    register,
    to_data,
)
from coinche.records.values import RULE_FIELDS

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
