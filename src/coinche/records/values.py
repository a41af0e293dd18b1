"""The formats of the library's values in :mod:`coinche.records`: cards, hands, seats,
teams, strains, tricks, contracts, rules, announcements, points, results, calls, phases.

Importing :mod:`coinche.records` registers them; the record types are listed there.

>>> from coinche import Strain
>>> from coinche.records import to_data
>>> to_data(Strain.NO_TRUMP)
{'type': 'strain', 'strain': 'NT'}
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable
from typing import Any, Final, Literal, cast

import attrs

from coinche.announcements import Announcement, AnnouncementKind
from coinche.auction import Bid, Coinche, Pass, Surcoinche
from coinche.auction.classic import AnyCall, NameSuit, Take, parse_any_call
from coinche.cards import Card, Hand, Strain
from coinche.config import RuleConfig
from coinche.contract import CAPOT, GENERALE, Contract, SpecialBid
from coinche.deal import Phase
from coinche.errors import InvalidDealError
from coinche.play import Trick
from coinche.records.codec import Field, Fields, JsonObject, JsonValue, describe, register, to_data
from coinche.scoring import DealResult, TeamPoints, score_deal
from coinche.seats import Seat, Team

__all__ = ["RULE_FIELDS"]


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
        value_field.fail(f'expected a number, "capot" or "generale", not {describe(data)}')
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
