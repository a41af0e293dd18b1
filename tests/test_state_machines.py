"""Issue 9: one action log, one state-machine surface, one rule for allowed contracts.

- ``Deal.steps`` is the log: replaying it with ``apply`` onto the deal as dealt gives
  the same deal, and records write and read exactly it;
- ``Deal``, ``Game`` and both auctions answer ``explain`` / ``is_legal`` / ``apply``
  alike: ``explain`` gives the reason ``apply``'s error carries;
- ``allowed_contract`` is the rule the auction, ``score_deal`` and the test strategies
  share.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinche import (
    CAPOT,
    CARDS,
    GENERALE,
    Announcement,
    AnnouncementKind,
    Auction,
    AuctionKind,
    Card,
    ClassicAuction,
    CoincheTypeError,
    Contract,
    Deal,
    Game,
    Hand,
    IllegalActionError,
    IllegalCallError,
    IllegalCardError,
    InvalidDealError,
    InvalidRecordError,
    Phase,
    RuleConfig,
    Seat,
    Step,
    Strain,
    Suit,
    allowed_contract,
    score_deal,
)
from coinche.auction import COINCHE, PASS, SURCOINCHE, Bid
from coinche.auction.classic import TAKE, NameSuit
from coinche.records import dumps, from_data, loads, to_data
from coinche.testing.strategies import contracts, deals, rule_configs

N, E, S, W = Seat
_ERRORS = (IllegalActionError, IllegalCallError, IllegalCardError)


def as_dealt(deal: Deal) -> Deal:
    """The deal *deal* started from, before any action (through the public API)."""
    if deal.turned is None:
        return Deal.from_hands(deal.dealer, deal.rules, deal.hands)
    return Deal.from_hands(
        deal.dealer, deal.rules, deal.first_hands, turned=deal.turned, stock=deal.stock
    )


def replayed(deal: Deal) -> Deal:
    again = as_dealt(deal)
    for step in deal.steps:
        again = again.apply(step)
    return again


# ------------------------------------------------------------------ the log
@settings(max_examples=60)
@given(deals())
def test_replaying_the_steps_gives_the_same_deal(deal: Deal) -> None:
    """Every action is in the log, with what went with it: applied again, the steps make
    the same deal (in any phase, any rules, classic deals and out-of-turn coinches)."""
    again = replayed(deal)
    assert again == deal
    assert again.steps == deal.steps
    assert again.announcements == deal.announcements
    assert again.belote_declared == deal.belote_declared
    assert again.result == deal.result
    assert deal.history == tuple((step.seat, step.action) for step in deal.steps)
    assert len(deal.steps) == len(deal.calls) + 4 * len(deal.tricks) + len(
        deal.trick.cards if deal.trick is not None else ()
    )


@settings(max_examples=60)
@given(deals())
def test_records_write_and_read_the_log(deal: Deal) -> None:
    """A deal record's actions are its steps, one for one, and reading them gives the
    deal and its log back."""
    record: Any = json.loads(dumps(deal))
    actions = record["actions"]
    assert [action["seat"] for action in actions] == [step.seat.letter for step in deal.steps]
    assert [action.get("card", action.get("call")) for action in actions] == [
        getattr(step.action, "code", str(step.action)) for step in deal.steps
    ]
    for action, step in zip(actions, deal.steps, strict=True):
        # belote is written only where it was not said; declare only where it was not all
        assert ("belote" in action) == (step.belote is False)
        if "declare" in action:
            assert step.declare is not None
            assert tuple(from_data(item) for item in action["declare"]) == step.declare
    back = loads(dumps(deal))
    assert isinstance(back, Deal)
    assert back == deal
    assert back.steps == deal.steps


@settings(max_examples=25)
@given(st.integers(0, 2**32), st.sampled_from(["common", "ffb", "pagat", "classic_belote"]))
def test_game_records_replay_the_logs_of_every_deal(seed: int, preset: str) -> None:
    rules = attrs.evolve(RuleConfig.preset(preset), target=300)
    rng = random.Random(seed)
    game = Game.new(rules, Seat(seed % 4), rng)
    for _ in range(rng.randrange(1, 120)):
        if game.is_over:
            break
        game = game.apply(rng.choice(game.legal_actions()))
    record: Any = to_data(game)
    assert len(record["actions"]) == sum(len(deal.steps) for deal in game.deals)
    back = loads(dumps(game))
    assert isinstance(back, Game)
    assert back == game
    assert [deal.steps for deal in back.deals] == [deal.steps for deal in game.deals]


# Hands where every seat holds a suit: with spades trumps (80 S by North), North's clubs
# from the seven to the ace make a run of eight, South's hearts too (RULES.md section 5).
SUITS = [Hand.parse(text) for text in (
    "7C 8C 9C TC JC QC KC AC", "7D 8D 9D TD JD QD KD AD",
    "7H 8H 9H TH JH QH KH AH", "7S 8S 9S TS JS QS KS AS",
)]  # fmt: skip


def suits_deal(rules: RuleConfig) -> Deal:
    deal = Deal.from_hands(W, rules, SUITS)
    for call in (Bid(80, Strain.SPADES), PASS, PASS, PASS):
        deal = deal.apply(call)
    return deal


def test_the_log_holds_what_was_declared() -> None:
    """RULES.md section 5: each seat declares with its card of the first trick; the step
    of that card holds what was declared (all it holds by default, or fewer), the steps
    of calls and of later cards hold nothing."""
    deal = suits_deal(RuleConfig.ffb())
    held = deal.declarable(N)
    assert held  # eight clubs in a row: North has something to declare
    deal = deal.apply(Card.parse("AC"))  # North: everything it holds
    deal = deal.apply(Card.parse("7D"), declare=())  # East: nothing
    assert [step.declare for step in deal.steps] == [None, None, None, None, held, ()]
    assert deal.announcements == held
    for _ in range(2):
        deal = deal.apply(deal.legal_actions()[0])
    deal = deal.apply(deal.legal_actions()[0])  # the second trick: nothing is declared
    assert deal.steps[-1].declare is None


def test_the_log_holds_whether_belote_was_said() -> None:
    """RULES.md section 5 (belote_requires_declaration): the holder of the king and
    queen of trumps declares belote, or not, with the first of them it plays; only that
    card's step says so."""
    rules = attrs.evolve(RuleConfig.common(), belote_requires_declaration=True)
    for said in (True, False):
        deal = suits_deal(rules)  # West holds every spade: the KS and QS
        while not deal.is_over:
            deal = deal.apply(deal.legal_actions()[0], belote=said)
        flagged = [step for step in deal.steps if step.belote is not None]
        assert len(flagged) == 1
        assert flagged[0].seat is W
        assert flagged[0].action in (Card.parse("KS"), Card.parse("QS"))
        assert flagged[0].belote is said
        assert deal.belote_declared is said
        assert replayed(deal) == deal


def test_an_out_of_turn_coinche_is_in_the_log() -> None:
    """Pagat's coinche at any time (RULES.md section 3): the step names the coincher."""
    deal = Deal.from_hands(W, RuleConfig.pagat(), SUITS).apply(Bid(100, Strain.HEARTS))
    deal = deal.apply_call(W, COINCHE)  # West, out of turn (East was to move)
    assert deal.steps[-1] == Step(W, COINCHE)
    assert replayed(deal) == deal


# ------------------------------------------------------------------ steps as actions
def test_a_step_applies_where_it_fits_and_is_refused_elsewhere() -> None:
    deal = suits_deal(RuleConfig.ffb())
    north_lead = Step(N, Card.parse("AC"))
    assert deal.apply(north_lead) == deal.apply(Card.parse("AC"))
    cases: list[tuple[Step, str]] = [
        (Step(E, Card.parse("7D")), "it is NORTH's turn"),
        (Step(N, PASS, declare=()), "'declare' and 'belote' go with a card"),
        (Step(N, PASS, belote=False), "'declare' and 'belote' go with a card"),
        # the belote holder is West; North's ace of clubs decides nothing
        (Step(N, Card.parse("AC"), belote=True), "belote is declared (or not) only"),
    ]
    for step, words in cases:
        reason = deal.explain(step)
        assert reason is not None
        assert words in reason, (step, reason)
        assert not deal.is_legal(step)
        with pytest.raises(IllegalActionError) as caught:
            deal.apply(step)
        assert caught.value.reason == reason
    later = deal.apply(north_lead)
    for _ in range(3):
        later = later.apply(later.legal_actions()[0])
    assert later.to_move is W  # West trumped the first trick (7S on the clubs): it leads
    step = Step(W, later.legal_actions()[0], declare=())
    assert later.explain(step) == "announcements are declared with a card of the first trick only"
    common = suits_deal(RuleConfig.common())
    assert common.explain(Step(N, Card.parse("AC"), declare=())) == (
        "announcements are off in these rules"
    )
    with pytest.raises(CoincheTypeError, match="a Step carries its own declare and belote"):
        deal.apply(north_lead, declare=())


def test_step_checks_its_types() -> None:
    with pytest.raises(CoincheTypeError, match="a step's seat must be a Seat"):
        Step("N", PASS)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="a step's action is a call or a Card"):
        Step(N, "pass")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match=r"declare\[0\] must be an Announcement"):
        Step(N, CARDS[0], declare=["tierce"])
    with pytest.raises(CoincheTypeError, match="a step's belote is True, False or None"):
        Step(N, CARDS[0], belote=1)  # type: ignore[arg-type]
    # str() writes what the step says (Step.parse reads it back): declaring nothing too
    assert str(Step(E, Card.parse("TH"), declare=[])) == "E TH declare nothing"
    assert str(Step(E, Card.parse("TH"))) == "E TH"
    assert Step(E, Card.parse("TH"), declare=[]).declare == ()


def test_a_record_declaring_what_the_seat_does_not_hold_is_refused_by_the_deal() -> None:
    """The record only decodes: the refusal is Deal's rule (RULES.md section 5), with the
    deal's own error and words."""
    start = suits_deal(RuleConfig.ffb())
    east_run = Announcement(AnnouncementKind.TIERCE, Hand.parse("7D 8D 9D"), E)
    record: Any = to_data(start.apply(Card.parse("AC")))
    record["actions"][4]["declare"] = [to_data(east_run)]  # North declares East's cards
    with pytest.raises(InvalidRecordError) as caught:
        loads(json.dumps(record))
    error = caught.value
    assert error.path == "actions[4]"
    assert isinstance(error.__cause__, IllegalActionError)
    reason = start.explain(Step(N, Card.parse("AC"), declare=(east_run,)))
    assert reason is not None
    assert reason.startswith("NORTH can declare only")
    assert error.__cause__.reason == reason


def test_a_record_with_an_illegal_card_fails_with_the_deals_error() -> None:
    """RULES.md section 4: East must follow the club lead when it can (it holds none
    here, so any card goes); North may not lead a card it does not hold."""
    start = suits_deal(RuleConfig.common())
    record: Any = to_data(start.apply(Card.parse("AC")))
    record["actions"][4]["card"] = "7D"  # a diamond: East's, not North's
    with pytest.raises(InvalidRecordError) as caught:
        loads(json.dumps(record))
    assert isinstance(caught.value.__cause__, IllegalCardError)
    assert caught.value.__cause__.reason == start.explain(Card.parse("7D"))


# ------------------------------------------------------------------ the triad
def refused(apply: Any) -> str | None:
    """The reason of the library error *apply* raises, or None when it does not."""
    try:
        apply()
    except _ERRORS as error:
        return error.reason
    return None


@settings(max_examples=60)
@given(deals(), st.randoms(use_true_random=False))
def test_explain_is_the_reason_apply_gives(deal: Deal, rng: random.Random) -> None:
    """For any action, legal or not, ``explain`` says what ``apply``'s error says, and
    ``is_legal`` is whether there is nothing to say."""
    legal = deal.legal_actions()
    candidates: list[Any] = list(legal)
    candidates += rng.sample(CARDS, 3)
    candidates += [PASS, COINCHE, SURCOINCHE, TAKE, NameSuit(Suit.CLUBS)]
    candidates.append(Bid(rng.choice([70, 80, 85, 250, 500]), rng.choice(list(Strain))))
    for action in candidates:
        reason = deal.explain(action)
        assert reason == refused(lambda: deal.apply(action)), action  # noqa: B023
        assert deal.is_legal(action) is (reason is None)
        if action in legal:
            assert reason is None
    seat = deal.to_move
    if seat is not None and deal.phase is Phase.AUCTION:
        auction = deal.auction
        for call in candidates:
            if isinstance(call, Card):
                continue
            reason = auction.explain(seat, call)
            assert reason == refused(lambda: auction.apply(seat, call)), call  # noqa: B023
            assert auction.is_legal(seat, call) is (reason is None)
            assert reason == deal.explain(call)


def test_game_explains_as_its_deal_and_its_end() -> None:
    rules = attrs.evolve(RuleConfig.common(), target=100)
    game = Game.new(rules, W, random.Random(3))
    assert game.explain(Card.parse("7C")) == game.deal.explain(Card.parse("7C"))
    rng = random.Random(4)
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        assert game.explain(action) is None
        assert game.is_legal(action)
        game = game.apply(action)
    winner = game.winner
    assert winner is not None
    assert game.explain(PASS) == f"the game is over: {winner.short} won"
    assert not game.is_legal(PASS)


def test_each_auction_refuses_the_others_calls() -> None:
    """RULES.md sections 3 and 8: numeric bids belong to the coinche auction, take and
    named suits to the turned-card one; either refuses the other's as an illegal call."""
    bidding = Auction.start(W, RuleConfig.common())
    classic = ClassicAuction.start(W, RuleConfig.classic_belote(), Card.parse("JH"))
    assert bidding.explain(N, TAKE) == (
        "take is a call of the classic turned-card auction; these rules "
        "(auction='bidding') bid numbers"
    )
    assert classic.explain(N, Bid(80, Strain.HEARTS)) is not None
    with pytest.raises(IllegalCallError):
        bidding.apply_unchecked(N, NameSuit(Suit.CLUBS))
    with pytest.raises(IllegalCallError):
        Auction(W, RuleConfig.common(), [(N, TAKE)])  # type: ignore[list-item]
    with pytest.raises(IllegalCallError, match="the classic auction has no numeric bids"):
        ClassicAuction.replay(
            W,
            RuleConfig.classic_belote(),
            Card.parse("JH"),
            [(N, PASS), (E, Bid(80, Strain.HEARTS))],
        )


# ------------------------------------------------------------------ allowed_contract
@pytest.mark.parametrize(
    ("contract", "rules", "reason"),
    [
        # RULES.md section 3: common bids run 80 to 160 in tens, capot above them
        (Contract(N, Strain.HEARTS, 160), RuleConfig.common(), None),
        (Contract(N, Strain.HEARTS, CAPOT, 4), RuleConfig.common(), None),
        (Contract(N, Strain.HEARTS, 170), RuleConfig.common(),
         "170 is above the highest numeric bid, 160; capot stands above it"),
        # min82: 82, 92 ... 162
        (Contract(N, Strain.HEARTS, 92, 2), RuleConfig.min82(), None),
        (Contract(N, Strain.HEARTS, 90), RuleConfig.min82(),
         "90 is not a bid value: bids go up from 82 in steps of 10"),
        # pagat: a capot bid is not coinched; générale is off unless switched on
        (Contract(N, Strain.HEARTS, CAPOT, 2), RuleConfig.pagat(),
         "a capot bid may not be coinched (capot_can_be_coinched is off)"),
        (Contract(N, Strain.HEARTS, GENERALE), RuleConfig.pagat(),
         "generale bids are not allowed (allow_generale is off)"),
        (Contract(N, Strain.HEARTS, GENERALE, 2),
         attrs.evolve(RuleConfig.pagat(), allow_generale=True),
         "a generale bid may not be coinched (capot_can_be_coinched is off)"),
        # classic belote (section 8): the taker's 82 in a suit, no coinche, no capot
        (Contract(N, Strain.HEARTS, 82), RuleConfig.classic_belote(), None),
        (Contract(N, Strain.HEARTS, 82, 2), RuleConfig.classic_belote(),
         "coinche is not allowed (allow_coinche is off)"),
        (Contract(N, Strain.HEARTS, CAPOT), RuleConfig.classic_belote(),
         "there is no capot bid in the turned-card auction"),
    ],
)  # fmt: skip
def test_allowed_contract(contract: Contract, rules: RuleConfig, reason: str | None) -> None:
    assert allowed_contract(contract, rules) == reason


def test_allowed_contract_checks_its_types() -> None:
    with pytest.raises(CoincheTypeError, match="contract must be a Contract, not str"):
        allowed_contract("80 H", RuleConfig())  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="rules must be a RuleConfig, not str"):
        allowed_contract(Contract(N, Strain.HEARTS, 80), "common")  # type: ignore[arg-type]


_CANDIDATES = (*range(70, 260, 2), CAPOT, GENERALE)


@settings(max_examples=40)
@given(rule_configs())
def test_the_auctions_bids_are_the_allowed_contracts(rules: RuleConfig) -> None:
    """The first seat's bids are exactly the undoubled contracts allowed_contract allows,
    and a bid it refuses is refused by the auction with its words."""
    if rules.auction is not AuctionKind.BIDDING:
        return  # the classic auction has no bids (its contracts are tested above)
    auction = Auction.start(W, rules)
    bids = {call for call in auction.legal_calls(N) if isinstance(call, Bid)}
    for value in _CANDIDATES:
        for strain in Strain:
            reason = allowed_contract(Contract(N, strain, value), rules)
            assert (Bid(value, strain) in bids) is (reason is None)
            if reason is not None:
                assert auction.explain(N, Bid(value, strain)) == reason


@settings(max_examples=40)
@given(rule_configs(), st.data())
def test_score_deal_refuses_exactly_what_allowed_contract_refuses(
    rules: RuleConfig, data: st.DataObject
) -> None:
    contract = Contract(
        data.draw(st.sampled_from(list(Seat))),
        data.draw(st.sampled_from(list(Strain))),
        data.draw(st.sampled_from(_CANDIDATES)),
        data.draw(st.sampled_from([1, 2, 4])),
    )
    reason = allowed_contract(contract, rules)
    deal = finished(rules, contract)
    if deal is None:
        return
    if reason is None:
        assert score_deal(contract, deal, rules).contract == contract
    else:
        with pytest.raises(InvalidDealError) as caught:
            score_deal(contract, deal, rules)
        assert str(caught.value) == reason


def finished(rules: RuleConfig, contract: Contract) -> Any:
    """Eight tricks under *contract* that score_deal takes apart from the contract's own
    rules (the taker leads, each trick led by its winner), or None."""
    from coinche import trick_winner
    from coinche.play import Trick

    hands = [list(SUITS[seat]) for seat in Seat]
    tricks = []
    leader = contract.taker
    for _ in range(8):
        trick = Trick(leader)
        seat = leader
        for _ in range(4):
            trick = trick.play(hands[seat].pop())
            seat = seat.next
        tricks.append(trick)
        leader = trick_winner(trick, contract.strain)
    return tricks


@settings(max_examples=50)
@given(rule_configs(), st.data())
def test_the_strategies_draw_allowed_contracts(rules: RuleConfig, data: st.DataObject) -> None:
    """Every contract the strategy draws under a rule set is one that rule set allows."""
    contract = data.draw(contracts(rules))
    assert allowed_contract(contract, rules) is None


def test_deal_records_old_format_still_reads() -> None:
    """A record written before the log (the same format) reads as before: this one is
    from docs/formats.rst, with East keeping its tierce ("declare": [])."""
    text = json.dumps(
        {
            "type": "deal",
            "rules": {"type": "rules", "preset": "ffb"},
            "dealer": "W",
            "hands": "W:9.A7.KJ.J98 K87.K8.8.AT AQJT.Q.A9.7 .JT9.QT7.KQ",
            "actions": [
                {"type": "action", "seat": seat, "call": call}
                for seat, call in zip(
                    "NESWNESWN",
                    ("pass", "80 S", "90 H", "pass", "pass", "100 S", "pass", "pass", "pass"),
                    strict=True,
                )
            ]
            + [
                {"type": "action", "seat": "N", "card": "TC"},
                {"type": "action", "seat": "E", "card": "7C", "declare": []},
            ],
        }
    )
    deal = loads(text)
    assert isinstance(deal, Deal)
    # North declared everything it held (no "declare"), East nothing
    assert deal.steps[-2] == Step(N, Card.parse("TC"), declare=deal.declarable(N))
    assert deal.steps[-1] == Step(E, Card.parse("7C"), declare=())
    assert json.loads(dumps(deal)) == json.loads(text) | {"rules": to_data(deal.rules)}


def test_wrong_actions_are_refused_on_every_path() -> None:
    """apply_unchecked falls back on apply's refusal for what it cannot trust; apply_call
    and a card's declare check their types (the library's errors)."""
    auction = Deal.from_hands(W, RuleConfig.ffb(), SUITS)
    with pytest.raises(IllegalActionError, match="the auction is on"):
        auction.apply_unchecked(Card.parse("AC"))
    with pytest.raises(CoincheTypeError, match="a call is a Pass, Bid, Coinche or Surcoinche"):
        auction.apply_call(N, "pass")  # type: ignore[arg-type]
    play = suits_deal(RuleConfig.ffb())
    with pytest.raises(IllegalActionError, match="the auction is over"):
        play.apply_unchecked(PASS)
    with pytest.raises(CoincheTypeError, match="declare must be a sequence"):
        play.apply(Card.parse("AC"), declare={*play.declarable(N)})  # type: ignore[arg-type]


def test_the_classic_surcoinche_before_a_take() -> None:
    """RULES.md section 8 with the coinche option: nothing is taken yet, so there is
    nothing to coinche or surcoinche."""
    rules = attrs.evolve(RuleConfig.classic_belote(), allow_coinche=True, allow_surcoinche=True)
    auction = ClassicAuction.start(W, rules, Card.parse("JH"))
    assert auction.explain(N, COINCHE) == "nobody has taken yet: there is nothing to coinche"
    assert auction.explain(N, SURCOINCHE) == (
        "nobody has taken yet: there is nothing to surcoinche"
    )
