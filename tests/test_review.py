"""Reviewing a played deal (coinche.bots.review).

Every expected value here is worked out from the rules or from an independent
computation: a brute-force minimax over the Deal API and score_deal for small endings,
the solver's own best line (zero cost by construction), and the hand-worked example of
docs/review.rst.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import coinche
from coinche import CARDS, Card, Deal, Hand, RuleConfig, Seat, Strain
from coinche.auction import PASS, Bid
from coinche.bots.review import CallReview, CardReview, Review, _call_row, _CallWorlds, review
from coinche.bots.solver import best_line
from coinche.cli import main
from coinche.dealing import dealing_positions
from coinche.errors import CoincheTypeError, InvalidDealError, InvalidRecordError
from coinche.game import Game
from coinche.notation import parse_deal
from coinche.records import dumps, loads, loads_as
from coinche.testing.deals import deal_in_play

pytestmark = pytest.mark.slow

# docs/review.rst: the worked example (common rules, West deals, North bids 90 hearts)
EXAMPLE_HANDS = "W:KQT7.AT.T.J A.Q.A9.AKQ9 .KJ7.QJ8.87 J98.98.K7.T"
EXAMPLE_PLAY = (
    "QH JH 8H AH 8D 7D TD AD QC 7C TC JC 9H TH KC 7H KD 7S 9D JD 8S TS AS KH "
    "QD 9S KS AC 8C JS QS 9C"
)


def example_deal() -> Deal:
    dealer, hands = parse_deal(EXAMPLE_HANDS)
    deal = Deal.from_hands(dealer, RuleConfig.common(), hands)
    for call in (Bid(90, Strain.HEARTS), PASS, PASS, PASS):
        deal = deal.apply(call)
    for code in EXAMPLE_PLAY.split():
        deal = deal.apply(Card.parse(code))
    return deal


@pytest.fixture(scope="module")
def example_review() -> Review:
    return review(example_deal(), open_only=True)


def test_the_worked_example_finds_the_discard_that_gives_up_the_contract(
    example_review: Review,
) -> None:
    """Trick 7: East leads QD, South 9S, West KS; North, void in diamonds and without
    trumps, holds 9C AC. Keeping AC, North wins trick 8 on East's 8C lead: AC 11 + JS 2
    + QS 3 + the last trick's 10 = 26, so North-South end with 70 + 26 = 96 >= 90,
    made: 90 + 96 = 186 against East-West's 66 (common scoring, no rounding), a margin
    of +120. Discarding AC gives East-West trick 7 with it (11 more for them) and
    North's 9C still beats East's 8C in trick 8 (0 + 2 + 3 + 10 = 15): 70 + 15 = 85 <
    90, failed: 0 against 160 + 90 = 250, a margin of -250. The card costs 96 - 85 =
    11 card points and 120 - (-250) = 370 points of deal score. Every other card
    follows the solver's best line (before) or is forced (after): no cost."""
    found = example_review
    assert [row.number for row in found.costly()] == [27]
    row = found.cards[27]
    assert (row.seat, row.card, row.best) == (Seat.NORTH, Card.parse("AC"), Card.parse("9C"))
    assert (row.points, row.best_points, row.cost) == (85, 96, 11)
    assert (row.score, row.best_score, row.score_cost) == (-250, 120, 370)
    assert all(r.cost == 0 and r.score_cost == 0 for r in found.cards if r.number != 27)
    assert found.worlds == 0
    assert all(r.estimate is None for r in found.cards)
    assert "!" in found.breakdown().splitlines()[-5]  # the row of card 28 is marked


def _minimax(deal: Deal, taker_team: int) -> Deal:
    """The finished deal reached when the taker's team maximises its card points and the
    defenders minimise them, every card tried through the checked Deal API and each
    end scored by score_deal (deal.result); ties to the first card in legal order."""
    if deal.is_over:
        return deal
    mover = deal.to_move
    assert mover is not None
    best: Deal | None = None
    best_points = 0
    for card in deal.legal_actions():
        end = _minimax(deal.apply(card), taker_team)
        assert end.result is not None
        points = end.result.card_points[end.result.contract.team]
        better = points > best_points if int(mover) & 1 == taker_team else points < best_points
        if best is None or better:
            best, best_points = end, points
    assert best is not None
    return best


def _margin(end: Deal, team: int) -> int:
    assert end.result is not None
    score = end.result.score
    mine, theirs = (score.north_south, score.east_west)[:: 1 if team == 0 else -1]
    return mine - theirs


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_open_values_of_small_endings_equal_a_brute_force_minimax(seed: int) -> None:
    """The last eight cards of a random deal: each reviewed card's open-hands value and
    deal score equal a brute-force minimax over every line of play."""
    rng = random.Random(seed)
    deal = deal_in_play(RuleConfig.ffb(), rng)
    while not deal.is_over:
        deal = deal.apply(rng.choice(deal.legal_actions()))
    found = review(deal, open_only=True)
    contract = deal.contract
    assert contract is not None
    at = deal
    # rebuild the deal before each of the last eight cards and compare
    steps = deal.steps
    start = Deal.from_hands(deal.dealer, deal.rules, deal.hands)
    for step in steps[:-8]:
        start = start.apply(step)
    at = start
    for row in found.cards[-8:]:
        seat = at.to_move
        assert seat is not None
        assert row.seat is seat
        team = int(seat) & 1
        ends = {card: _minimax(at.apply(card), contract.team.value) for card in at.legal_actions()}
        values = {c: e.result.card_points[seat.team] for c, e in ends.items() if e.result}
        assert row.points == values[row.card]
        assert row.best_points == max(values.values())
        assert row.score == _margin(ends[row.card], team)
        assert row.best_score == max(_margin(e, team) for e in ends.values())
        at = at.apply(steps[len(steps) - 8 + row.number - found.cards[-8].number])


def test_a_deal_played_along_the_solver_best_line_costs_nothing() -> None:
    rng = random.Random(11)
    deal = Deal.new(Seat.WEST, RuleConfig.common(), rng)
    for call in (Bid(80, Strain.SPADES), PASS, PASS, PASS):
        deal = deal.apply(call)
    for card in best_line(deal):
        deal = deal.apply(card)
    found = review(deal, open_only=True)
    assert len(found.cards) == 32
    assert found.costly() == ()
    assert all(row.best == row.card for row in found.cards)


def test_a_call_estimate_follows_the_rules() -> None:
    """North holds all eight spades and leads: every world is a capot whatever the
    others hold. Common scoring: 80 spades scores 80 + 250 (capot) + 20 (belote) = 350
    against 0; capot spades (a contract of 250) scores 250 + 250 + 20 = 520: the best
    call, 170 better. A générale is not estimated."""
    _, hands = parse_deal("N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987")
    deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), hands)
    # the first call's row alone (a whole review would also draw worlds for the other
    # calls and every card): the function review calls for each call
    first = _call_row(0, deal, Seat.NORTH, Bid(80, Strain.SPADES), _CallWorlds(deal, 1, 3))
    assert (first.seat, first.estimate, first.best_estimate) == (Seat.NORTH, 350.0, 520.0)
    assert str(first.best) == "capot S"
    assert first.cost == 170.0


@pytest.mark.heavy
def test_the_same_seed_gives_the_same_review_and_records_round_trip() -> None:
    rng = random.Random(5)
    deal = Deal.new(Seat.WEST, RuleConfig.common(), rng)
    for call in (Bid(80, Strain.HEARTS), PASS, PASS, PASS):
        deal = deal.apply(call)
    while not deal.is_over:
        deal = deal.apply(rng.choice(deal.legal_actions()))
    first = review(deal, worlds=1, seed=9)
    again = review(loads_as(dumps(deal), Deal), worlds=1, seed=9)
    assert first == again
    assert loads(dumps(first)) == first
    estimated = [row for row in first.cards if row.estimate is not None]
    assert estimated
    assert all(row.alternative not in (None, row.card) for row in estimated)


def test_records_round_trip_an_open_review(example_review: Review) -> None:
    found = example_review
    assert loads_as(dumps(found), Review) == found
    row = CardReview(number=3, seat=Seat.EAST, card=CARDS[0], points=1, best=CARDS[1],
                     best_points=2, score=None, best_score=None, estimate=1.5,
                     alternative=CARDS[2], alternative_estimate=2.25)  # fmt: skip
    assert loads(dumps(row)) == row
    call = CallReview(number=0, seat=Seat.SOUTH, call=PASS, estimate=-1.0,
                      best=Bid(80, Strain.CLUBS), best_estimate=3.0)  # fmt: skip
    assert loads(dumps(call)) == call
    with pytest.raises(InvalidRecordError, match="expected a number"):
        loads(dumps(call).replace("-1.0", '"x"'))


def test_bad_arguments_are_refused() -> None:
    deal = example_deal()
    with pytest.raises(CoincheTypeError, match="deal must be a Deal"):
        review("deal")  # type: ignore[arg-type]
    for worlds in (0, -1, True, 1.5):
        with pytest.raises(CoincheTypeError, match="worlds must be an int"):
            review(deal, worlds=worlds)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="seed must be an int"):
        review(deal, seed="1")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="progress must be callable"):
        review(deal, progress=3)  # type: ignore[arg-type]
    thrown = Deal.from_hands(Seat.WEST, RuleConfig.common(), [Hand(CARDS[8 * i : 8 * i + 8])
                                                            for i in range(4)])  # fmt: skip
    for _ in range(4):
        thrown = thrown.apply(PASS)
    with pytest.raises(InvalidDealError, match="thrown in"):
        review(thrown)


def test_progress_counts_every_decision() -> None:
    calls: list[tuple[int, int]] = []
    review(
        example_deal(), open_only=True, progress=lambda done, total: calls.append((done, total))
    )
    assert calls == [(done, 36) for done in range(37)]  # four calls and 32 cards


def test_the_command_prints_the_review_and_draws_it(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    record = tmp_path / "deal.json"
    record.write_text(dumps(example_deal()))
    picture = tmp_path / "review.svg"
    assert main(["review", str(record), "--open-only", "--svg", str(picture)]) == 0
    out = capsys.readouterr().out
    assert "1 costly card(s) of 32" in out
    assert "! 28 N AC   85  best 9C 96" in out
    svg = picture.read_text()
    assert svg.count('class="card marked"') == 1
    assert "9C was better by 11 points" in svg
    assert main(["review", str(tmp_path / "missing.json")]) == 2
    record.write_text(dumps(Seat.NORTH))
    assert main(["review", str(record)]) == 2
    assert "review needs a deal" in capsys.readouterr().err


def test_a_huge_seed_or_worlds_count_is_refused_with_the_library_error() -> None:
    deal = example_deal()
    with pytest.raises(CoincheTypeError, match="seed must be an int of at most 100 digits"):
        review(deal, seed=10**5000)
    with pytest.raises(CoincheTypeError, match="worlds must be an int from 1 to 10000"):
        review(deal, worlds=10**5000)


# ------------------------------------------------------------------ the rows check their fields
def _card_row(**change: object) -> CardReview:
    fields: dict[str, object] = {
        "number": 0, "seat": Seat.NORTH, "card": CARDS[0], "points": 60, "best": CARDS[1],
        "best_points": 81, "score": -240, "best_score": 250,
    }  # fmt: skip
    fields.update(change)
    return CardReview(**fields)  # type: ignore[arg-type]


def _call_row_of(**change: object) -> CallReview:
    fields: dict[str, object] = {
        "number": 0, "seat": Seat.EAST, "call": PASS, "estimate": 0.0, "best": PASS,
        "best_estimate": 0.0,
    }  # fmt: skip
    fields.update(change)
    return CallReview(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        # a card's place in the play is 0 to 31; a team's card points 0 to 162 + 90 (capot)
        (lambda: _card_row(number=32), "CardReview.number must be an int from 0 to 31"),
        (lambda: _card_row(number=1.0), "CardReview.number must be an int"),
        (lambda: _card_row(seat="N"), "CardReview.seat must be a Seat"),
        (lambda: _card_row(card="7C"), "CardReview.card must be a Card"),
        (lambda: _card_row(points=253), "CardReview.points must be an int from 0 to 252"),
        (lambda: _card_row(best_points=-1), "CardReview.best_points must be an int from 0"),
        (lambda: _card_row(score=10**400), "CardReview.score must be an int from"),
        (lambda: _card_row(best_score="250"), "CardReview.best_score must be an int"),
        (lambda: _card_row(estimate=float("nan")), "CardReview.estimate must be a number"),
        (lambda: _card_row(estimate=10**400), "CardReview.estimate must be a number"),
        (lambda: _card_row(alternative=0), "CardReview.alternative must be a Card"),
        (lambda: _card_row(alternative_estimate=float("inf")), "alternative_estimate must"),
        (lambda: _call_row_of(number=-1), "CallReview.number must be an int from 0"),
        (lambda: _call_row_of(seat=None), "CallReview.seat must be a Seat"),
        (lambda: _call_row_of(call="pass"), "CallReview.call must be a CallBase"),
        (lambda: _call_row_of(estimate=float("nan")), "CallReview.estimate must be a number"),
        (lambda: _call_row_of(best=80), "CallReview.best must be a CallBase"),
        (lambda: _call_row_of(best_estimate=True), "CallReview.best_estimate must be"),
        (lambda: Review((), (), 0, 10**100), "Review.seed must be an int of at most 100"),
        (lambda: Review((), (), -1, 0), "Review.worlds must be an int from 0 to 10000"),
        (lambda: Review([], (), 0, 0), "Review.calls must be a tuple"),  # type: ignore[arg-type]
        (lambda: Review((), (_card_row(), "x"), 0, 0), r"Review.cards\[1\] must be a CardR"),  # type: ignore[arg-type]
        (lambda: Review((), (_card_row(),) * 33, 0, 0), "at most 32 rows, not 33"),
    ],
)
def test_review_rows_refuse_bad_fields(make: object, message: str) -> None:
    """A row built by hand with a bad field is refused at once: a row with a str seat
    once made Review.breakdown() raise a bare AttributeError."""
    with pytest.raises(CoincheTypeError, match=message):
        make()  # type: ignore[operator]


def test_a_review_record_with_a_number_no_float_holds_is_refused() -> None:
    """A 400-digit estimate in a review record: loads once let a bare OverflowError out
    (the reader asked math.isfinite of the int); a row's int out of its range is the
    record's error too."""
    call = _call_row_of(estimate=-1.0)
    text = dumps(Review((call,), (_card_row(estimate=1.5),), 8, 0))
    with pytest.raises(InvalidRecordError, match=r"calls\[0\]\.estimate: expected a finite"):
        loads(text.replace("-1.0", "1" + "0" * 400))
    with pytest.raises(InvalidRecordError, match=r"CardReview\.number must be an int from 0 to"):
        loads(text.replace('"number": 0, "seat": "N"', '"number": 99, "seat": "N"'))
    assert loads(text) == Review((call,), (_card_row(estimate=1.5),), 8, 0)


# ------------------------------------------------------------------ the command on a game record
def _game_record(tmp_path: Path) -> Path:
    """A game record as coinche play --record writes it: deal 1 thrown in (all four
    pass), deal 2 North's 80 spades, each seat holding one whole suit (North the
    spades), every card the first legal one: North takes every trick."""
    rules = RuleConfig.common()
    game = Game.new(rules, Seat.WEST, deck=CARDS)
    for _ in range(4):
        game = game.apply(PASS)
    assert game.needs_deck
    suits = {Seat.NORTH: "S", Seat.EAST: "H", Seat.SOUTH: "D", Seat.WEST: "C"}
    deck: list[Card | None] = [None] * 32
    for seat, places in enumerate(dealing_positions(Seat.NORTH, rules.deal_pattern)):
        cards = Hand.parse(" ".join(rank + suits[Seat(seat)] for rank in "789TJQKA"))
        for place, card in zip(places, cards, strict=True):
            deck[place] = card
    game = game.next_deal([card for card in deck if card is not None])
    for call in (PASS, PASS, PASS, Bid(80, Strain.SPADES), PASS, PASS, PASS):
        game = game.apply(call)
    while not game.deal.is_over:
        game = game.apply(game.legal_actions()[0])
    path = tmp_path / "game.json"
    path.write_text(dumps(game))
    return path


def test_review_reads_a_game_record_every_deal_or_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The record coinche play --record writes was refused ("review needs a deal")."""
    path = _game_record(tmp_path)
    assert main(["review", str(path), "--open-only"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "=== Deal 1, W deals ===\nThrown in: all passed, nothing to review.\n"
        "=== Deal 2, N deals ===\n"
        "calls (not estimated: an open-hands review draws no worlds)\n"
    )
    # North's trumps take all eight tricks whatever anyone plays: no card costs anything
    assert out.endswith("0 costly card(s) of 32\n")
    assert main(["review", str(path), "--open-only", "--deal", "2"]) == 0
    assert capsys.readouterr().out.startswith("=== Deal 2, N deals ===\ncalls (not estimated")
    for argv, message in [
        (["--deal", "3"], "--deal 3: " + str(path) + " holds 2 deals"),
        (["--svg", str(tmp_path / "x.svg")], "--svg draws one deal, and"),
    ]:
        assert main(["review", str(path), "--open-only", *argv]) == 2
        assert message in capsys.readouterr().err
    deal = tmp_path / "deal.json"
    deal.write_text(dumps(example_deal()))
    assert main(["review", str(deal), "--open-only", "--deal", "1"]) == 2
    assert "--deal is for a game record" in capsys.readouterr().err


def test_a_slow_review_on_the_pure_build_says_what_is_faster(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a terminal a default review (worlds drawn for every decision: 3.3 CPU-minutes
    pure, 3.6 s compiled) names the compiled build and --open-only before it starts;
    --quiet and --open-only say nothing."""
    path = _game_record(tmp_path)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)

    assert main(["review", str(path), "--deal", "1"]) == 0  # deal 1: thrown in, quick
    err = capsys.readouterr().err
    if coinche.COMPILED:
        assert err == ""
    else:
        assert err.startswith("coinche: note: a review draws 8 worlds for every call and card")
        assert "the compiled build" in err
        assert "--open-only" in err
    for quiet in (["--quiet"], ["--open-only", "--quiet"]):
        assert main(["review", str(path), "--deal", "1", *quiet]) == 0
        assert capsys.readouterr().err == ""
