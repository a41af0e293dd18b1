"""The records of the state machines in :mod:`coinche.records`: auctions, deals, games,
player views. A deal or a game is written as its log (:attr:`Deal.steps
<coinche.Deal.steps>`) and read by applying every step again with :meth:`Deal.apply
<coinche.Deal.apply>`; this module decodes, the deal checks. Importing
:mod:`coinche.records` registers these formats.

>>> import random
>>> from coinche import Deal, RuleConfig, Seat
>>> from coinche.records import to_data
>>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(4))
>>> deal = deal.apply(deal.legal_actions()[0])
>>> to_data(deal)["actions"]
[{'type': 'action', 'seat': 'N', 'call': 'pass'}]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

from coinche._checks import short_repr
from coinche.announcements import Announcement
from coinche.auction import Auction, BaseAuction
from coinche.auction.classic import AnyCall, ClassicAuction, parse_any_call
from coinche.cards import Card, Hand
from coinche.config import AuctionKind, RuleConfig
from coinche.contract import Contract
from coinche.deal import Deal, Phase, PlayerView, Step
from coinche.errors import CoincheError, InvalidDealError, InvalidRecordError, RuleConfigError
from coinche.game import Game
from coinche.notation import format_deal, parse_deal
from coinche.play import Trick
from coinche.records.codec import (
    Field,
    Fields,
    JsonObject,
    JsonValue,
    decode_tagged,
    from_data,
    register,
    to_data,
)
from coinche.seats import Seat

__all__: list[str] = []

_SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_ACTION: Final = "action"  # the tag of an action object
_A = TypeVar("_A", bound=BaseAuction[Any])
_S = TypeVar("_S", Deal, Game)


# ------------------------------------------------------------------ actions
# An action is written as an "action" object: the seat, then "call" (the call's text) or
# "card" (the card's code), then with a card, only when they are not the default,
# "declare" (the announcements declared with it) and "belote" (false: the holder does not
# declare belote with it). Actions are parts of the auction, deal, game and player_view
# records; they are not a record type of their own.
def _action_data(seat: Seat, action: Card | AnyCall) -> JsonObject:
    data: JsonObject = {"type": _ACTION, "seat": seat.letter}
    if isinstance(action, Card):
        data["card"] = action.code
    else:
        data["call"] = str(action)
    return data


def _step_data(step: Step, deal: Deal) -> JsonObject:
    """*step* of *deal*'s log as an action object."""
    data = _action_data(step.seat, step.action)
    declare = step.declare
    if declare is not None and declare != deal.declarable(step.seat):
        data["declare"] = [to_data(announcement) for announcement in declare]
    if step.belote is False:
        data["belote"] = False
    return data


def _decode_step(fields: Fields) -> Step:
    seat = fields["seat"].seat()
    call = fields.get("call")
    card = fields.get("card")
    action: Card | AnyCall
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
    return Step(seat, action, declare, None if belote is None else belote.boolean())


def _read_step(field: Field) -> Step:
    return decode_tagged(field, _ACTION, _decode_step)


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


def _replay(state: _S, field: Field) -> _S:
    """*state* after the steps of the array *field*, each made with ``apply``.

    The first step that cannot be made fails at its own path (``actions[7]``), with the
    library's error as the cause.
    """
    for item in field.items():
        state = _replay_one(state, item)
    return state


def _replay_one(state: _S, item: Field) -> _S:
    """*state* after the step of the action object *item*, made with ``apply``."""
    step = _read_step(item)
    try:
        return state.apply(step)
    except CoincheError as error:
        item.fail(f"cannot replay {short_repr(str(step))}: {error}", error)


# ------------------------------------------------------------------ deals and games
def _deal_actions(deal: Deal) -> list[JsonValue]:
    return [_step_data(step, deal) for step in deal.steps]


def _parse_first_hands(text: str) -> tuple[Seat, dict[Seat, Hand]]:
    return parse_deal(text, cards=5)


def _dealt_data(deal: Deal) -> JsonObject:
    """The cards *deal* was dealt: ``hands``, and in the turned-card deal ``turned`` and
    ``stock`` (the fields a deal record and each deal of a game record hold)."""
    turned = deal.turned
    if turned is None:
        return {"hands": format_deal(deal.dealer, dict(zip(_SEATS, deal.hands, strict=True)))}
    # the turned-card deal: five cards each, the turned card and the stock
    first = dict(zip(_SEATS, deal.first_hands, strict=True))
    return {
        "hands": format_deal(deal.dealer, first, cards=5),
        "turned": turned.code,
        "stock": [card.code for card in deal.stock],
    }


def _read_dealt(fields: Fields, dealer: Seat, rules: RuleConfig) -> Deal:
    """The fresh deal of the cards *fields* hold (see :func:`_dealt_data`)."""
    hands = fields["hands"]
    if rules.auction is not AuctionKind.TURNED_CARD:
        _, dealt = hands.parse(parse_deal)
        return Deal.from_hands(dealer, rules, dealt)
    _, first = hands.parse(_parse_first_hands)
    turned = fields["turned"].card()
    stock = [item.card() for item in fields["stock"].items()]
    try:
        return Deal.from_hands(dealer, rules, first, turned=turned, stock=stock)
    except InvalidDealError as error:  # a card dealt twice, a short stock
        fields.fail(str(error), error)


def _encode_deal(deal: Deal) -> JsonObject:
    data: JsonObject = {"rules": to_data(deal.rules), "dealer": deal.dealer.letter}
    data.update(_dealt_data(deal))
    data["actions"] = _deal_actions(deal)
    return data


def _decode_deal(fields: Fields) -> Deal:
    rules_field = fields["rules"]
    dealer = fields["dealer"].seat()
    rules = rules_field.record(RuleConfig)
    return _replay(_read_dealt(fields, dealer, rules), fields["actions"])


register(Deal, "deal", _encode_deal, _decode_deal)


# A game record holds the cards of every deal dealt so far ("deals", each a "dealt"
# object: the fields of a deal record that say what was dealt) and every action, deal
# after deal; never the seed, which would tell the deals to come. Records written before
# held the seed instead of the deals ("seed", then no "deals"); they are still read.
_DEALT: Final = "dealt"  # the tag of the cards of one deal of a game


def _game_data(game: Game) -> JsonObject:
    deals = game.deals
    return {
        "rules": to_data(game.rules),
        "first_dealer": deals[0].dealer.letter,
        "deals": [{"type": _DEALT, **_dealt_data(deal)} for deal in deals],
        "actions": [action for deal in deals for action in _deal_actions(deal)],
    }


def _encode_game(game: Game) -> JsonObject:
    data = _game_data(game)
    # Written only when the replay of the deals and the actions gives the same game (a
    # game built with the constructor or changed with attrs.evolve may not be one).
    if len(game.deals) != game.deal_number + 1:
        raise InvalidDealError(
            "a game record replays the game from its first deal, but this game was built "
            f"with the constructor at deal number {game.deal_number}: its earlier deals "
            "are not known"
        )
    try:
        again = from_data({"type": "game", **data})
    except InvalidRecordError as error:
        raise InvalidDealError(
            "a game record replays the game from its deals, and this game is not what its "
            f"deals and actions give: {error}"
        ) from error
    if again != game:
        raise InvalidDealError(
            "a game record replays the game from its deals, and this game is not what its "
            "deals and actions give"
        )
    return data


def _decode_game(fields: Fields) -> Game:
    rules = fields["rules"].record(RuleConfig)
    seed = fields.get("seed")
    first_dealer = fields["first_dealer"].seat()
    if seed is not None:  # a record of the earlier format: the seed deals every deal
        return _replay(Game._start(rules, first_dealer, seed.integer()), fields["actions"])
    deals_field = fields["deals"]
    dealt = deals_field.items()
    if not dealt:
        deals_field.fail("a game has at least one deal")

    def deal_of(item: Field, dealer: Seat) -> Deal:
        return decode_tagged(item, _DEALT, lambda f: _read_dealt(f, dealer, rules))

    game = Game._dealt(rules, deal_of(dealt[0], first_dealer))
    taken = 1
    for item in [*fields["actions"].items(), None]:
        if game.needs_deck and taken < len(dealt):  # the deal before is over: the next
            game = game._next_with(deal_of(dealt[taken], game.deal.dealer.next))
            taken += 1
        if item is not None:
            game = _replay_one(game, item)
    if taken < len(dealt):
        dealt[taken].fail(
            f"the record holds {len(dealt)} deals, and its actions play only {taken} of them"
        )
    return game


register(Game, "game", _encode_game, _decode_game)


# ------------------------------------------------------------------ auctions and views
def _encode_auction(auction: Auction | ClassicAuction) -> JsonObject:
    data: JsonObject = {"rules": to_data(auction.rules), "dealer": auction.dealer.letter}
    if isinstance(auction, ClassicAuction):
        data["turned"] = auction.turned.code
    data["calls"] = [_action_data(seat, call) for seat, call in auction.calls]
    return data


def _read_auction(fields: Fields, start: Callable[[Seat, RuleConfig], _A]) -> _A:
    """The auction *start* opens with the record's rules and dealer, after its calls."""
    rules_field = fields["rules"]
    rules = rules_field.record(RuleConfig)
    dealer = fields["dealer"].seat()
    try:
        auction = start(dealer, rules)
    except RuleConfigError as error:  # the rules of the other kind of auction
        rules_field.fail(str(error), error)
    for item, seat, call in _read_calls(fields["calls"]):
        try:
            auction = auction.apply(seat, call)
        except CoincheError as error:
            item.fail(f"cannot replay {short_repr(f'{seat.letter} {call}')}: {error}", error)
    return auction


def _decode_auction(fields: Fields) -> Auction:
    return _read_auction(fields, Auction.start)


def _decode_classic_auction(fields: Fields) -> ClassicAuction:
    def start(dealer: Seat, rules: RuleConfig) -> ClassicAuction:
        return ClassicAuction.start(dealer, rules, fields["turned"].card())

    return _read_auction(fields, start)


register(Auction, "auction", _encode_auction, _decode_auction)
register(ClassicAuction, "classic_auction", _encode_auction, _decode_classic_auction)


def _encode_view(view: PlayerView) -> JsonObject:
    data: JsonObject = {
        "seat": view.seat.letter,
        "rules": to_data(view.rules),
        "dealer": view.dealer.letter,
        "phase": view.phase.value,
        "to_move": None if view.to_move is None else view.to_move.letter,
        "hand": str(view.hand),
        "calls": [_action_data(seat, call) for seat, call in view.calls],
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
