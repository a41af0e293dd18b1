"""Tests of the coinche auction: RULES.md section 3 under every preset, and section 9.

Notation: unless a test says otherwise West deals, so North speaks first and the order
of play is N, E, S, W, N, ... (RULES.md section 1 and 3). North-South are partners,
East-West are partners. ``after(rules, "100 H", "pass", ...)`` makes each call in turn
for the seat to move, starting with North.

Every expected value below is worked out by hand from RULES.md; the comment beside it
says why.
"""

from __future__ import annotations

import re
from typing import Any, Literal

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinche import (
    CAPOT,
    GENERALE,
    Card,
    ClassicAuction,
    CoincheTypeError,
    Contract,
    NotationError,
    RuleConfig,
    RuleConfigError,
    Seat,
    Strain,
    Suit,
)
from coinche.auction import (
    COINCHE,
    PASS,
    SURCOINCHE,
    Auction,
    Bid,
    Call,
    Coinche,
    Pass,
    Surcoinche,
    parse_call,
)
from coinche.auction.classic import TAKE, NameSuit
from coinche.errors import IllegalCallError

# compiled: make compiled-test runs it again against the compiled build
pytestmark = pytest.mark.compiled

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
COMMON = RuleConfig.common()
FFB = RuleConfig.ffb()
PAGAT = RuleConfig.pagat()
CONTRACT_ONLY = RuleConfig.contract_only()
MIN82 = RuleConfig.min82()
ALL_OPTIONS = attrs.evolve(COMMON, allow_no_trump=True, allow_all_trump=True, allow_generale=True)
"""Common rules with no trump, all trump and générale switched on."""


def _presets(*names: str) -> list[object]:
    return [pytest.param(RuleConfig.preset(name), id=name) for name in names]


COINCHE_PRESETS = _presets("common", "ffb", "pagat", "contract_only", "min82")
"""The five presets with the coinche auction."""
IN_TURN_PRESETS = _presets("common", "ffb", "contract_only", "min82")
"""Presets where a coinche is made only in turn (000, FFB)."""
SURCOINCHE_PRESETS = _presets("common", "ffb", "pagat", "contract_only")
"""Presets with surcoinche (all but min82, seed 004)."""


def bid(text: str) -> Bid:
    """The bid written *text*, such as ``"100 H"``."""
    call = parse_call(text)
    assert isinstance(call, Bid)
    return call


def after(rules: RuleConfig, *calls: str, dealer: Seat = W) -> Auction:
    """The auction after *calls*, each made in turn by the seat to move."""
    auction = Auction.start(dealer, rules)
    for text in calls:
        seat = auction.to_move
        assert seat is not None, f"the auction ended before {text!r}"
        auction = auction.apply(seat, parse_call(text))
    return auction


def bids_of(calls: tuple[Call, ...]) -> list[Bid]:
    return [call for call in calls if isinstance(call, Bid)]


def values_of(calls: tuple[Call, ...]) -> list[int | object]:
    """The distinct bid values among *calls*, in order."""
    values: list[int | object] = []
    for call in bids_of(calls):
        if call.value not in values:
            values.append(call.value)
    return values


# --------------------------------------------------------------------------- the calls
@pytest.mark.parametrize(
    ("call", "text"),
    [
        (PASS, "pass"),
        (Bid(100, Strain.HEARTS), "100 H"),
        (Bid(CAPOT, Strain.SPADES), "capot S"),
        (Bid(GENERALE, Strain.NO_TRUMP), "generale NT"),
        (Bid(82, Strain.ALL_TRUMP), "82 AT"),
        (COINCHE, "coinche"),
        (SURCOINCHE, "surcoinche"),
    ],
)
def test_call_text_round_trip(call: Call, text: str) -> None:
    """str() writes the forms the brief fixes, and parse_call reads them back."""
    assert str(call) == text
    assert parse_call(text) == call
    assert parse_call(text.upper()) == call  # case-insensitive
    assert parse_call(f"  {text.lower()}  ") == call


def test_parse_call_reads_strain_names_and_symbols() -> None:
    """The strain goes through Strain.parse: codes, names and suit symbols."""
    assert parse_call("90 hearts") == Bid(90, Strain.HEARTS)
    assert parse_call("90 ♠") == Bid(90, Strain.SPADES)
    assert parse_call("capot no trump") == Bid(CAPOT, Strain.NO_TRUMP)
    assert parse_call("Générale TA") == Bid(GENERALE, Strain.ALL_TRUMP)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("double", "cannot read 'double' as a call (expected pass, coinche"),
        ("100", "cannot read '100' as a call: a bid needs its strain after the value"),
        ("", "cannot read '' as a call"),
        ("100 Q", "cannot read '100 Q' as a call: unknown strain 'Q'"),
        ("cent H", "cannot read 'cent H' as a call: unknown bid value 'cent'"),
        ("-80 H", "unknown bid value '-80'"),
    ],
)
def test_parse_call_rejects_bad_text(text: str, match: str) -> None:
    """Unreadable text raises NotationError naming the text."""
    with pytest.raises(NotationError, match=re.escape(match)):
        parse_call(text)


def test_parse_call_rejects_non_text() -> None:
    with pytest.raises(CoincheTypeError, match="a call is read from a str, not int"):
        parse_call(100)  # type: ignore[arg-type]


def test_bid_checks_types() -> None:
    """A Bid holds an int, CAPOT or GENERALE, and a Strain; anything else is a type error."""
    with pytest.raises(CoincheTypeError, match=re.escape("not '100'")):
        Bid("100", Strain.HEARTS)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="not True"):
        Bid(True, Strain.HEARTS)
    wrong = re.escape("a bid's strain must be a Strain, not str ('H')")
    with pytest.raises(CoincheTypeError, match=wrong):
        Bid(100, "H")  # type: ignore[arg-type]
    assert Bid(100, Strain.HEARTS).points == 100
    assert Bid(CAPOT, Strain.HEARTS).points == 250  # RULES.md section 6: capot is 250
    assert Bid(GENERALE, Strain.HEARTS).points == 500  # section 9: générale V = 500


def test_call_constants() -> None:
    """The constants equal fresh instances, and the calls are hashable values."""
    assert (Pass(), Coinche(), Surcoinche()) == (PASS, COINCHE, SURCOINCHE)
    assert len({PASS, COINCHE, SURCOINCHE, Bid(80, Strain.CLUBS), Bid(80, Strain.CLUBS)}) == 4


# ------------------------------------------------------------------- section 3: order
@pytest.mark.parametrize("dealer", list(Seat))
def test_seat_after_dealer_speaks_first(dealer: Seat) -> None:
    """RULES.md 3: "The seat after the dealer speaks first, then in the order of play"."""
    auction = Auction.start(dealer, COMMON)
    assert auction.to_move is dealer.next
    # Nobody else may call yet (no bid, so not even an any-time coinche).
    assert [seat for seat in Seat if auction.legal_calls(seat)] == [dealer.next]
    # Then each in the order of play.
    seen: list[Seat | None] = []
    for _ in range(3):
        assert auction.to_move is not None
        seen.append(auction.to_move)
        auction = auction.apply(auction.to_move, PASS)
    seen.append(auction.to_move)
    assert seen == list(dealer.next.cycle())


# ---------------------------------------------------------------- section 3: values
@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # 000: 80 to 160 in tens.
        pytest.param(COMMON, list(range(80, 161, 10)), id="common"),
        # FFB: no upper limit; the highest step below capot's 250 is 240.
        pytest.param(FFB, list(range(80, 241, 10)), id="ffb"),
        pytest.param(PAGAT, list(range(80, 241, 10)), id="pagat"),
        # Section 9: max bid 160 in contract_only.
        pytest.param(CONTRACT_ONLY, list(range(80, 161, 10)), id="contract_only"),
        # 004: 82, 92, ... 162.
        pytest.param(MIN82, list(range(82, 163, 10)), id="min82"),
    ],
)
def test_numeric_bid_values_per_preset(rules: RuleConfig, expected: list[int]) -> None:
    """RULES.md 3: "Bid values run from min_bid in steps of bid_step" up to max_bid."""
    legal = Auction.start(W, rules).legal_calls(N)
    # The numbers, then capot; no générale in any preset.
    assert values_of(legal) == [*expected, CAPOT]
    for value in expected:
        assert Auction.start(W, rules).is_legal_call(N, Bid(value, Strain.CLUBS))


def test_jump_bids_allowed() -> None:
    """RULES.md 3: "Jumps are allowed" (002 "ou plus vite"; 000 any higher bid)."""
    auction = after(COMMON, "80 H")
    assert auction.is_legal_call(E, bid("150 S"))  # 90 to 140 skipped
    assert auction.apply(E, bid("150 S")).highest_bid == (E, bid("150 S"))


@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_capot_stands_above_every_number(rules: RuleConfig) -> None:
    """RULES.md 3: "Above every number stands capot"."""
    top = rules.highest_numeric_bid  # 160, 240 or 162
    auction = after(rules, f"{top} D")
    # Over the highest number only capot bids remain (in the four suits).
    assert bids_of(auction.legal_calls(E)) == [Bid(CAPOT, strain) for strain in Strain][:4]
    auction = auction.apply(E, bid("capot C"))
    # Over capot nothing is higher: the next seat may only pass, or coinche where a capot
    # may be coinched (not in pagat).
    only = (PASS, COINCHE) if rules.capot_can_be_coinched else (PASS,)
    assert auction.legal_calls(S) == only
    assert not auction.is_legal_call(S, Bid(top, Strain.HEARTS))


def test_generale_only_when_allowed() -> None:
    """RULES.md 3: "an optional générale ... stands above capot (003 variant, off by
    default)"."""
    auction = after(COMMON, "capot H")
    assert not auction.is_legal_call(E, bid("generale S"))
    with_generale = after(attrs.evolve(COMMON, allow_generale=True), "capot H")
    assert bids_of(with_generale.legal_calls(E)) == [
        Bid(GENERALE, strain) for strain in list(Strain)[:4]
    ]
    done = with_generale.apply(E, bid("generale S"))
    assert done.legal_calls(S) == (PASS, COINCHE)  # nothing above générale


def test_bid_must_be_strictly_higher_strain_irrelevant() -> None:
    """RULES.md 3: "Each bid must be strictly higher in value ...; the strain does not matter"."""
    auction = after(COMMON, "100 H")
    assert not auction.is_legal_call(E, bid("100 S"))  # equal value, other strain
    assert not auction.is_legal_call(E, bid("90 S"))
    assert auction.is_legal_call(E, bid("110 H"))  # same strain, higher value
    assert auction.is_legal_call(E, bid("110 C"))
    # The same holds for capot against capot.
    assert not after(COMMON, "capot H").is_legal_call(E, bid("capot S"))


def test_partner_may_overcall() -> None:
    """Decision (module docstring): any strictly higher bid is legal, over a partner's too."""
    auction = after(COMMON, "100 H", "pass")
    assert auction.to_move is S
    assert auction.apply(S, bid("120 S")).highest_bid == (S, bid("120 S"))


def test_player_who_passed_may_bid_again() -> None:
    """RULES.md 3: "A player who passed may bid again on a later turn"."""
    auction = after(COMMON, "pass", "80 C", "pass", "pass")
    assert auction.to_move is N  # North passed first and speaks again
    assert auction.apply(N, bid("90 D")).highest_bid == (N, bid("90 D"))


# ------------------------------------------------------------------ section 3: ending
@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_bid_then_three_passes_ends_auction(rules: RuleConfig) -> None:
    """RULES.md 3: "The auction ends when a bid is followed by three passes; the last bid
    is the contract and its bidder is the taker"."""
    value = rules.min_bid + rules.bid_step  # 90, or 92 in min82
    auction = after(rules, "pass", f"{rules.min_bid} S", "pass", f"{value} H", "pass", "pass")
    assert not auction.is_over  # North and East passed after West's bid: not enough
    assert auction.to_move is S
    auction = auction.apply(S, PASS)  # South, who passed before, makes the third pass
    assert auction.is_over
    assert auction.to_move is None
    assert not auction.thrown_in
    # West made the last bid: West is the taker, hearts trumps, no coinche.
    assert auction.contract == Contract(W, Strain.HEARTS, value, 1)


@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_four_passes_throw_in(rules: RuleConfig) -> None:
    """RULES.md 3: "Four passes with no bid: thrown in" (section 2: the next dealer deals)."""
    auction = after(rules, "pass", "pass", "pass")
    assert not auction.is_over  # West has still to speak
    auction = auction.apply(W, PASS)
    assert auction.is_over
    assert auction.thrown_in
    assert auction.contract is None
    assert auction.highest_bid is None
    assert auction.to_move is None


def test_three_passes_then_bid_continues() -> None:
    """RULES.md 3: three passes with no bid do not end it; the fourth seat may still bid."""
    auction = after(COMMON, "pass", "pass", "pass", "80 C")
    assert not auction.is_over
    assert auction.to_move is N  # three more passes are needed, from N, E and S
    assert after(COMMON, "pass", "pass", "pass", "80 C", "pass", "pass", "pass").contract == (
        Contract(W, Strain.CLUBS, 80)
    )


# ----------------------------------------------------------------- section 1: strains
@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_strains_default_to_the_four_suits(rules: RuleConfig) -> None:
    """RULES.md 1: no trump and all trump are options, off unless switched on."""
    legal = Auction.start(W, rules).legal_calls(N)
    assert {call.strain for call in bids_of(legal)} == set(list(Strain)[:4])


def test_no_trump_and_all_trump_when_on() -> None:
    """RULES.md 1: with the options on, bids in no trump and all trump are legal."""
    legal = Auction.start(W, ALL_OPTIONS).legal_calls(N)
    # Strain order within each value: C D H S NT AT.
    assert [str(call) for call in legal[1:7]] == ["80 C", "80 D", "80 H", "80 S", "80 NT", "80 AT"]
    only_nt = attrs.evolve(COMMON, allow_no_trump=True)
    assert Auction.start(W, only_nt).is_legal_call(N, bid("80 NT"))
    assert not Auction.start(W, only_nt).is_legal_call(N, bid("80 AT"))


# ----------------------------------------------------------------- section 3: coinche
@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_coinche_only_by_an_opponent(rules: RuleConfig) -> None:
    """RULES.md 3: "Coinche: only by an opponent of the current highest bidder"."""
    auction = after(rules, f"{rules.min_bid} H")
    assert auction.is_legal_call(E, COINCHE)  # East is to move and opposes North
    after_pass = auction.apply(E, PASS)
    assert not after_pass.is_legal_call(S, COINCHE)  # South is North's partner
    assert COINCHE not in after_pass.legal_calls(S)
    assert not after_pass.is_legal_call(N, COINCHE)  # nor the bidder himself
    after_two = after_pass.apply(S, PASS)
    assert after_two.is_legal_call(W, COINCHE)  # West, the other opponent, in turn


@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_coinche_needs_a_bid(rules: RuleConfig) -> None:
    """RULES.md 3: a coinche doubles the current highest bid, so it needs one."""
    auction = after(rules, "pass")
    assert not auction.is_legal_call(E, COINCHE)
    assert COINCHE not in auction.legal_calls(E)


@pytest.mark.parametrize("rules", IN_TURN_PRESETS)
def test_coinche_in_turn_only(rules: RuleConfig) -> None:
    """RULES.md 3: coinche timing "on your own turn (000, FFB 003)"."""
    auction = after(rules, f"{rules.min_bid} H")  # East to move
    assert not auction.is_legal_call(W, COINCHE)  # West opposes North but it is East's turn
    assert auction.legal_calls(W) == ()
    assert auction.legal_calls(E)[-1] == COINCHE


def test_coinche_any_time_pagat() -> None:
    """RULES.md 3: coinche timing "at any time before the auction ends (pagat, 003
    Varianten)": out of turn too."""
    auction = after(PAGAT, "100 H")  # North bid, East to move
    assert auction.legal_calls(W) == (COINCHE,)  # West may coinche out of turn
    assert auction.legal_calls(S) == ()  # South, North's partner, may not
    assert auction.legal_calls(N) == ()
    # West coinches while East is to move: the answer starts after West, with North.
    coinched = auction.apply(W, COINCHE)
    assert coinched.to_move is N
    assert coinched.legal_calls(N) == (PASS, SURCOINCHE)
    # Decision: after the coinche nobody calls out of turn, the coinche timing apart.
    assert [coinched.legal_calls(seat) for seat in (E, S, W)] == [(), (), ()]
    # North passes; East (West's partner) is skipped; South answers.
    assert coinched.apply(N, PASS).to_move is S
    assert coinched.apply(N, PASS).apply(S, PASS).contract == Contract(N, Strain.HEARTS, 100, 2)


@pytest.mark.parametrize(
    ("rules", "allowed"),
    [
        pytest.param(COMMON, True, id="common"),  # section 9: capot can be coinched in common
        pytest.param(FFB, True, id="ffb"),  # "die Gegner können nur passen oder coinchen"
        pytest.param(PAGAT, False, id="pagat"),  # pagat: a capot bid cannot be coinched
        pytest.param(CONTRACT_ONLY, True, id="contract_only"),  # inherits common (section 9)
        pytest.param(MIN82, True, id="min82"),
    ],
)
def test_capot_coinche_per_preset(rules: RuleConfig, allowed: bool) -> None:
    """RULES.md 3: "Option: a capot bid may be coinched (FFB ...) or not (pagat)"."""
    auction = after(rules, "capot S")
    assert auction.is_legal_call(E, COINCHE) is allowed
    assert auction.legal_calls(E) == ((PASS, COINCHE) if allowed else (PASS,))


def test_generale_coinche_follows_the_capot_option() -> None:
    """Decision (module docstring): capot_can_be_coinched governs a générale bid too."""
    yes = attrs.evolve(COMMON, allow_generale=True)
    no = attrs.evolve(PAGAT, allow_generale=True)
    assert after(yes, "generale S").is_legal_call(E, COINCHE)
    assert not after(no, "generale S").is_legal_call(E, COINCHE)
    assert after(no, "240 S").is_legal_call(E, COINCHE)  # numbers stay coinchable


@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_coinche_ends_the_bidding(rules: RuleConfig) -> None:
    """RULES.md 3: "A coinche ends the bidding: nobody may bid any more"."""
    auction = after(rules, f"{rules.min_bid} H", "coinche")
    assert bids_of(auction.legal_calls(S)) == []
    assert not auction.is_legal_call(S, bid("capot H"))


def test_coinche_off() -> None:
    """RULES.md 3: coinche is an option (allow_coinche); off, it is never legal."""
    rules = attrs.evolve(COMMON, allow_coinche=False, allow_surcoinche=False)
    auction = after(rules, "100 H")
    assert COINCHE not in auction.legal_calls(E)
    assert auction.explain_call(E, COINCHE) == "coinche is not allowed (allow_coinche is off)"


# -------------------------------------------------------------- section 3: surcoinche
@pytest.mark.parametrize("rules", SURCOINCHE_PRESETS)
def test_surcoinche_order_after_the_coincher(rules: RuleConfig) -> None:
    """RULES.md 3: "the two members of the bidding team, in the order of play starting
    after the coincher, may each surcoinche or pass"."""
    # East coinches North's bid: after East comes South (a bidder), West (the coincher's
    # partner, skipped), then North.
    auction = after(rules, f"{rules.min_bid} H", "coinche")
    assert auction.to_move is S
    assert auction.legal_calls(S) == (PASS, SURCOINCHE)
    assert auction.apply(S, PASS).to_move is N
    # West coinches (North bid, East and South passed): after West comes North, then
    # South.
    auction = after(rules, f"{rules.min_bid} H", "pass", "pass", "coinche")
    assert auction.to_move is N
    assert auction.apply(N, PASS).to_move is S


@pytest.mark.parametrize("rules", SURCOINCHE_PRESETS)
def test_surcoinche_ends_the_auction(rules: RuleConfig) -> None:
    """RULES.md 3: "a surcoinche ... ends the auction"; multiplier 4."""
    first = after(rules, "100 H", "coinche", "surcoinche")  # South surcoinches at once
    assert first.is_over
    assert first.contract == Contract(N, Strain.HEARTS, 100, 4)
    second = after(rules, "100 H", "coinche", "pass", "surcoinche")  # North, after South
    assert second.contract == Contract(N, Strain.HEARTS, 100, 4)


@pytest.mark.parametrize("rules", SURCOINCHE_PRESETS)
def test_two_passes_after_coinche_end_the_auction(rules: RuleConfig) -> None:
    """RULES.md 3: "or two passes, ends the auction"; multiplier 2."""
    auction = after(rules, "100 H", "coinche", "pass")
    assert not auction.is_over
    auction = auction.apply(N, PASS)
    assert auction.is_over
    assert auction.contract == Contract(N, Strain.HEARTS, 100, 2)


def test_coinche_ends_auction_without_surcoinche() -> None:
    """RULES.md 3: "004 has no surcoinche": the coinche ends the auction, multiplier 2."""
    auction = after(MIN82, "92 D", "coinche")
    assert auction.is_over
    assert auction.to_move is None
    assert auction.contract == Contract(N, Strain.DIAMONDS, 92, 2)
    assert after(MIN82, "92 D").legal_calls(E)[-1] == COINCHE  # never SURCOINCHE


@pytest.mark.parametrize(
    ("calls", "multiplier"),
    [
        (("120 S", "pass", "pass", "pass"), 1),
        (("120 S", "coinche", "pass", "pass"), 2),
        (("120 S", "coinche", "surcoinche"), 4),
    ],
)
def test_contract_multiplier(calls: tuple[str, ...], multiplier: Literal[1, 2, 4]) -> None:
    """RULES.md 3: "Multiplier: 1, coinched 2, surcoinched 4"."""
    assert after(COMMON, *calls).contract == Contract(N, Strain.SPADES, 120, multiplier)


def test_contract_only_when_over() -> None:
    """The contract is None while the auction runs; highest_bid tracks the last bid."""
    auction = after(COMMON, "80 C", "90 D")
    assert auction.contract is None
    assert auction.highest_bid == (E, bid("90 D"))
    coinched = auction.apply(S, COINCHE)  # South opposes East
    assert coinched.contract is None  # the bidders have still to answer
    assert coinched.highest_bid == (E, bid("90 D"))


# ------------------------------------------------------------------- legal_calls order
def test_legal_calls_order() -> None:
    """Pass, numbers ascending (each in Strain order), capot, générale, coinche."""
    auction = after(ALL_OPTIONS, "150 NT")  # East to move, may coinche
    texts = [str(call) for call in auction.legal_calls(E)]
    strains = ["C", "D", "H", "S", "NT", "AT"]
    assert texts == [
        "pass",
        *(f"160 {s}" for s in strains),
        *(f"capot {s}" for s in strains),
        *(f"generale {s}" for s in strains),
        "coinche",
    ]
    answering = after(ALL_OPTIONS, "150 NT", "coinche")
    assert answering.legal_calls(S) == (PASS, SURCOINCHE)


@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_legal_calls_empty_after_the_end(rules: RuleConfig) -> None:
    """Once over, nobody may call: legal_calls is empty for every seat."""
    for auction in (
        after(rules, "pass", "pass", "pass", "pass"),
        after(rules, f"{rules.min_bid} C", "pass", "pass", "pass"),
    ):
        assert [auction.legal_calls(seat) for seat in Seat] == [(), (), (), ()]


def test_turned_card_auction_not_here() -> None:
    """RULES.md 8's turned-card auction is coinche.auction.classic's: Auction.start refuses it."""
    with pytest.raises(
        RuleConfigError, match=r"turned-card auction .* is not part of this module"
    ):
        Auction.start(N, RuleConfig.classic_belote())


# -------------------------------------------------------------------- illegal calls
ILLEGAL = [
    # (rules, calls in turn, seat, call, message)
    pytest.param(
        COMMON, ["100 H"], E, "100 S",
        "EAST may not call 100 S: 100 is not higher than the highest bid, 100 H by N",
        id="bid-not-higher",
    ),
    pytest.param(
        COMMON, ["capot H"], E, "capot S",
        "EAST may not call capot S: capot is not higher than the highest bid, capot H by N",
        id="capot-not-higher",
    ),
    pytest.param(
        COMMON, [], N, "85 S",
        "NORTH may not call 85 S: 85 is not a bid value: bids go up from 80 in steps of 10",
        id="bid-off-step",
    ),
    pytest.param(
        MIN82, [], N, "90 S",
        "NORTH may not call 90 S: 90 is not a bid value: bids go up from 82 in steps of 10",
        id="bid-off-step-min82",
    ),
    pytest.param(
        COMMON, [], N, "70 S", "NORTH may not call 70 S: 70 is below the lowest bid, 80",
        id="bid-below-min",
    ),
    pytest.param(
        COMMON, [], N, "170 S",
        "NORTH may not call 170 S: 170 is above the highest numeric bid, 160; capot stands",
        id="bid-above-max",
    ),
    pytest.param(
        FFB, [], N, "250 S",  # no max bid: 240 is the highest number
        "NORTH may not call 250 S: 250 is above the highest numeric bid, 240",
        id="bid-above-max-ffb",
    ),
    pytest.param(
        COMMON, [], N, "80 NT",
        "NORTH may not call 80 NT: no-trump bids are not allowed (allow_no_trump is off)",
        id="no-trump-off",
    ),
    pytest.param(
        COMMON, [], N, "80 AT",
        "NORTH may not call 80 AT: all-trump bids are not allowed (allow_all_trump is off)",
        id="all-trump-off",
    ),
    pytest.param(
        COMMON, ["capot H"], E, "generale S",
        "EAST may not call generale S: generale bids are not allowed (allow_generale is off)",
        id="generale-off",
    ),
    pytest.param(
        COMMON, ["100 H", "pass"], S, "coinche",
        "SOUTH may not call coinche: the highest bid, 100 H, is your partner NORTH's; "
        "only an opponent may coinche",
        id="coinche-by-bidding-team",
    ),
    pytest.param(
        PAGAT, ["100 H"], N, "coinche",
        "NORTH may not call coinche: the highest bid, 100 H, is your own; only an opponent",
        id="coinche-own-bid",
    ),
    pytest.param(
        COMMON, [], N, "coinche", "NORTH may not call coinche: there is no bid to coinche",
        id="coinche-no-bid",
    ),
    pytest.param(
        COMMON, ["100 H"], W, "coinche",
        "WEST may not call coinche: it is EAST's turn, and a coinche is made only in turn "
        "(coinche_timing is 'in_turn')",
        id="coinche-out-of-turn-common",
    ),
    pytest.param(
        PAGAT, ["capot H"], E, "coinche",
        "EAST may not call coinche: a capot bid may not be coinched "
        "(capot_can_be_coinched is off)",
        id="coinche-capot-pagat",
    ),
    pytest.param(
        PAGAT, ["100 H", "coinche"], W, "coinche",
        "WEST may not call coinche: the bid is already coinched (by EAST)",
        id="coinche-twice",
    ),
    pytest.param(
        COMMON, ["100 H", "coinche"], S, "110 H",
        "SOUTH may not call 110 H: the bid has been coinched: nobody may bid any more",
        id="bid-after-coinche",
    ),
    pytest.param(
        COMMON, ["100 H", "coinche"], W, "surcoinche",
        "WEST may not call surcoinche: only the bidding team, NORTH and SOUTH, may surcoinche",
        id="surcoinche-by-defenders",
    ),
    pytest.param(
        COMMON, ["100 H", "coinche"], N, "surcoinche",
        "NORTH may not call surcoinche: it is SOUTH's turn",
        id="surcoinche-out-of-turn",
    ),
    pytest.param(
        COMMON, ["100 H"], E, "surcoinche",
        "EAST may not call surcoinche: there is no coinche to answer",
        id="surcoinche-without-coinche",
    ),
    pytest.param(
        MIN82, ["92 H"], E, "surcoinche",
        "EAST may not call surcoinche: surcoinche is not allowed (allow_surcoinche is off)",
        id="surcoinche-off",
    ),
    pytest.param(
        COMMON, ["100 H", "coinche"], W, "pass",
        "WEST may not call pass: it is SOUTH's turn",
        id="coincher-partner-skipped",
    ),
    pytest.param(
        COMMON, [], E, "pass", "EAST may not call pass: it is NORTH's turn",
        id="pass-out-of-turn",
    ),
    pytest.param(
        COMMON, [], S, "90 C", "SOUTH may not call 90 C: it is NORTH's turn",
        id="bid-out-of-turn",
    ),
    pytest.param(
        COMMON, ["80 C", "pass", "pass", "pass"], N, "90 C",
        "NORTH may not call 90 C: the auction is over",
        id="call-after-the-end",
    ),
    pytest.param(
        COMMON, ["pass"] * 4, N, "pass",
        "NORTH may not call pass: the auction is over: all four passed and the deal is thrown in",
        id="call-after-throw-in",
    ),
    pytest.param(
        MIN82, ["92 H", "coinche"], S, "pass",
        "SOUTH may not call pass: the auction is over",
        id="call-after-coinche-min82",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "calls", "seat", "call", "message"), ILLEGAL)
def test_illegal_call(
    rules: RuleConfig, calls: list[str], seat: Seat, call: str, message: str
) -> None:
    """Each illegal call raises IllegalCallError naming the seat, the call and the rule."""
    auction = after(rules, *calls)
    parsed = parse_call(call)
    assert not auction.is_legal_call(seat, parsed)
    assert parsed not in auction.legal_calls(seat)
    with pytest.raises(IllegalCallError, match=re.escape(message)) as caught:
        auction.apply(seat, parsed)
    error = caught.value
    assert isinstance(error, ValueError)  # callers may catch ValueError
    assert (error.seat, error.call) == (seat, parsed)
    assert str(error) == f"{seat.name} may not call {call}: {error.reason}"
    assert auction.explain_call(seat, parsed) == error.reason


# ------------------------------------------------------------------ the Auction value
def test_apply_returns_a_new_auction() -> None:
    """Auction is a frozen value: apply leaves the original as it was."""
    start = Auction.start(W, COMMON)
    moved = start.apply(N, bid("80 H"))
    assert start.calls == ()
    assert moved.calls == ((N, bid("80 H")),)
    assert moved == Auction(W, COMMON, [(N, bid("80 H"))])
    assert hash(moved) == hash(Auction(W, COMMON, [(N, bid("80 H"))]))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        moved.calls = ()  # type: ignore[misc]


def test_replay_and_constructor_check_every_call() -> None:
    """Auction.replay and the constructor apply the calls in turn, checking each."""
    calls: list[tuple[Seat, Call]] = [(N, bid("80 H")), (E, COINCHE), (S, SURCOINCHE)]
    replayed = Auction.replay(W, COMMON, calls)
    assert replayed.contract == Contract(N, Strain.HEARTS, 80, 4)
    assert Auction(W, COMMON, calls) == replayed
    bad: list[tuple[Seat, Call]] = [(N, bid("80 H")), (S, COINCHE)]  # South is not to move
    with pytest.raises(IllegalCallError, match="SOUTH may not call coinche"):
        Auction.replay(W, COMMON, bad)
    with pytest.raises(IllegalCallError, match="SOUTH may not call coinche"):
        Auction(W, COMMON, bad)


def test_apply_unchecked_agrees_with_apply() -> None:
    """apply_unchecked is apply without the check: same result for a legal call."""
    auction = after(PAGAT, "100 H")
    calls: list[tuple[Seat, Call]] = [(W, COINCHE), (E, PASS), (E, bid("110 S"))]
    for seat, call in calls:
        assert auction.apply_unchecked(seat, call) == auction.apply(seat, call)
        assert auction.apply_unchecked(seat, call).to_move == auction.apply(seat, call).to_move


def test_type_errors() -> None:
    """Wrong types raise CoincheTypeError naming the value."""
    auction = Auction.start(W, COMMON)
    with pytest.raises(CoincheTypeError, match=re.escape("seat must be a Seat, not str ('N')")):
        auction.legal_calls("N")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="a call is a Pass, Bid, Coinche or Surcoinche"):
        auction.apply(N, "pass")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match=re.escape("dealer must be a Seat, not int (3)")):
        Auction.start(3, COMMON)  # type: ignore[arg-type]
    wrong = re.escape("rules must be a RuleConfig, not str ('common')")
    with pytest.raises(CoincheTypeError, match=wrong):
        Auction.start(W, "common")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="each call must be a"):
        Auction(W, COMMON, [PASS])  # type: ignore[list-item]


# ----------------------------------------------------------------------- property
_PROPERTY_RULES = [
    COMMON,
    FFB,
    PAGAT,
    CONTRACT_ONLY,
    MIN82,
    attrs.evolve(PAGAT, allow_no_trump=True, allow_all_trump=True, allow_generale=True),
    attrs.evolve(COMMON, allow_coinche=False, allow_surcoinche=False, allow_generale=True),
]


@given(data=st.data(), rules=st.sampled_from(_PROPERTY_RULES), dealer=st.sampled_from(Seat))
def test_random_legal_sequences_end(data: st.DataObject, rules: RuleConfig, dealer: Seat) -> None:
    """Random legal calls always end the auction within a bound, and stay accepted.

    Bound: every bid is strictly higher, so at most B bids, B the number of bid values
    (numbers, capot, générale). At most 3 passes before the first bid and 2 between two
    bids; after the last bid either 3 passes, or at most 2 passes, a coinche and two
    answers (5 calls). So at most 3 + B + 2 * (B - 1) + 5 = 3 * B + 6 calls.
    """
    values = len(rules.numeric_bids()) + 1 + rules.allow_generale
    bound = 3 * values + 6
    # Uniform choice favours the high bids and ends quickly; in a "cautious" example
    # every call is drawn from the first three legal calls (pass and the two lowest
    # bids, or the coinche), which reaches the long auctions near the bound.
    cautious = data.draw(st.booleans())
    auction = Auction.start(dealer, rules)
    while not auction.is_over:
        assert len(auction.calls) < bound
        seat = auction.to_move
        assert seat is not None
        legal = auction.legal_calls(seat)
        assert legal, "the seat to move always has a legal call"
        assert legal[0] == PASS  # passing is always legal for the seat to move
        others = [other for other in Seat if other is not seat and auction.legal_calls(other)]
        for other in others:  # out of turn: only an any-time coinche
            assert auction.legal_calls(other) == (COINCHE,)
            assert rules.coinche_timing.value == "any_time"
        call: Call
        if others and data.draw(st.integers(0, 3)) == 0:
            seat, call = data.draw(st.sampled_from(others)), COINCHE
        else:
            call = data.draw(st.sampled_from(legal[:3] if cautious else legal))
        assert auction.is_legal_call(seat, call)
        auction = auction.apply(seat, call)
    assert len(auction.calls) <= bound
    assert auction.to_move is None
    assert all(auction.legal_calls(seat) == () for seat in Seat)
    assert (auction.contract is None) is auction.thrown_in
    # Replaying the record gives the same auction.
    assert Auction.replay(dealer, rules, auction.calls).contract == auction.contract


@given(data=st.data(), rules=st.sampled_from(_PROPERTY_RULES))
def test_legal_calls_agree_with_is_legal_call(data: st.DataObject, rules: RuleConfig) -> None:
    """For every seat and every call, is_legal_call is True exactly for legal_calls."""
    universe: list[Call] = [PASS, COINCHE, SURCOINCHE]
    for value in [70, 85, *rules.numeric_bids(), 250, CAPOT, GENERALE]:
        universe.extend(Bid(value, strain) for strain in Strain)
    auction = Auction.start(W, rules)
    for _ in range(data.draw(st.integers(0, 8))):
        if auction.is_over:
            break
        seat = auction.to_move
        assert seat is not None
        auction = auction.apply(seat, data.draw(st.sampled_from(auction.legal_calls(seat))))
    for seat in Seat:
        legal = auction.legal_calls(seat)
        assert len(set(legal)) == len(legal)
        assert [call for call in universe if auction.is_legal_call(seat, call)] == sorted(
            legal, key=universe.index
        )


# ------------------------------------------------------------------ parse_call
def test_a_bid_value_of_1000_is_read_and_1001_refused() -> None:
    """Numbers past MAX_BID_VALUE (1000) are refused as a NotationError that says they
    are too high (not "unknown": they are numbers); leading zeros change nothing."""
    assert parse_call("1000 H") == Bid(1000, Strain.HEARTS)
    assert parse_call("01000 H") == Bid(1000, Strain.HEARTS)
    with pytest.raises(NotationError, match="bid value 1001 is too high: no bid is above 1000"):
        parse_call("1001 H")
    with pytest.raises(NotationError, match="bid value 010001 is too high"):
        parse_call("010001 H")


# ------------------------------------------------------------------ parse_call's messages
@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "double",
            "cannot read 'double' as a call (expected pass, coinche, surcoinche or a bid "
            "such as '100 H' or 'capot S')",
        ),
        (
            "",
            "cannot read '' as a call (expected pass, coinche, surcoinche or a bid "
            "such as '100 H' or 'capot S')",
        ),
        (
            "abc H",
            "cannot read 'abc H' as a call: unknown bid value 'abc' "
            "(expected a number, capot or generale)",
        ),
        (
            "100 Q",
            "cannot read '100 Q' as a call: unknown strain 'Q' "
            "(expected one of C D H S NT AT or a strain name)",
        ),
        (
            "capot no such",
            "cannot read 'capot no such' as a call: unknown strain 'no such' "
            "(expected one of C D H S NT AT or a strain name)",
        ),
    ],
)
def test_parse_call_messages(text: str, message: str) -> None:
    """A refused call text is quoted, with what was expected instead."""
    with pytest.raises(NotationError) as caught:
        parse_call(text)
    assert str(caught.value) == message


def test_parse_call_non_ascii_digits_are_not_a_value() -> None:
    """Arabic-Indic digits pass str.isdigit() but are not a bid value of the notation."""
    with pytest.raises(NotationError) as caught:
        parse_call("١٠٠ H")
    assert str(caught.value) == (
        "cannot read '١٠٠ H' as a call: unknown bid value '١٠٠' "
        "(expected a number, capot or generale)"
    )


def test_parse_call_of_a_huge_number() -> None:
    """Bid values stop at MAX_BID_VALUE, 1000; the message is cut short."""
    assert parse_call("1000 H") == Bid(1000, Strain.HEARTS)
    with pytest.raises(NotationError, match="is too high") as caught:
        parse_call("9" * 5000 + " H")
    assert len(str(caught.value)) < 300


def test_parse_call_wrong_type() -> None:
    """Only text is read."""
    with pytest.raises(CoincheTypeError) as caught:
        parse_call(100)  # type: ignore[arg-type]
    assert str(caught.value) == "a call is read from a str, not int"


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("PASS", PASS),
        ("  Coinche ", COINCHE),
        ("surCOINCHE", SURCOINCHE),
        ("capot  no trump", Bid(CAPOT, Strain.NO_TRUMP)),
        ("Générale S", Bid(GENERALE, Strain.SPADES)),
        ("generale at", Bid(GENERALE, Strain.ALL_TRUMP)),
        ("90 ♥", Bid(90, Strain.HEARTS)),
    ],
)
def test_parse_call_accepts(text: str, call: object) -> None:
    """Words in any case and spacing, capot and générale (with or without the accent)."""
    assert parse_call(text) == call


# ------------------------------------------------------------------ building an auction
def test_building_an_auction_checks_every_call() -> None:
    """Auction(...) refuses an illegal call as apply does, and says why (RULES.md 3)."""
    calls = [(Seat.EAST, Bid(100, Strain.HEARTS)), (Seat.SOUTH, Bid(90, Strain.SPADES))]
    with pytest.raises(IllegalCallError) as info:
        Auction(Seat.NORTH, RuleConfig(), calls)
    assert info.value.seat is Seat.SOUTH
    assert info.value.reason is not None
    assert "100 H" in info.value.reason
    with pytest.raises(IllegalCallError) as info:
        Auction(Seat.NORTH, RuleConfig(), [(Seat.EAST, COINCHE)])
    assert info.value.reason == "there is no bid to coinche"


@pytest.mark.parametrize("calls", [5, None, "pass"])
def test_auction_calls_must_be_a_sequence_of_pairs(calls: Any) -> None:
    with pytest.raises(CoincheTypeError) as info:
        Auction(Seat.NORTH, RuleConfig(), calls)
    assert str(info.value) == f"calls must be a sequence of (seat, call) pairs, not {calls!r}"


# ------------------------------------------------------------------ the two auctions
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
