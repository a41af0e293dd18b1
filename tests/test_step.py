"""coinche.step: Deal.steps, the one action log of a deal, and steps as actions.

- ``Deal.steps`` is the log: replaying it with ``apply`` onto the deal as dealt gives
  the same deal, and records write and read exactly it;
- a ``Step`` applies where it fits, and ``explain`` gives the reason ``apply``'s error
  carries where it does not.
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
    CARDS,
    Announcement,
    AnnouncementKind,
    Card,
    CoincheTypeError,
    Deal,
    Game,
    Hand,
    IllegalActionError,
    IllegalCardError,
    InvalidRecordError,
    RuleConfig,
    Seat,
    Step,
    Strain,
)
from coinche.auction import COINCHE, PASS, Bid
from coinche.records import dumps, from_data, loads, to_data
from coinche.testing.deals import SUIT_HANDS, suits_deal
from coinche.testing.strategies import deals

N, E, S, W = Seat


# ------------------------------------------------------------------ replaying the log
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
    deal = Deal.from_hands(W, RuleConfig.pagat(), SUIT_HANDS).apply(Bid(100, Strain.HEARTS))
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


# ------------------------------------------------------------------ the log in records
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
