"""Tests of the deal state machine: dealing, the auction, the play, announcements, views.

Seats play in the order N, E, S, W (RULES.md section 1); North-South and East-West are
partners. Card indices run 7C 8C 9C TC JC QC KC AC (0-7), then diamonds (8-15), hearts
(16-23) and spades (24-31): :data:`coinche.CARDS` is the deck in that order.

Every expected value is worked out by hand from RULES.md; the comment beside it says why.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typing_extensions import override

from coinche import (
    CARDS,
    Announcement,
    AnnouncementKind,
    Card,
    CoincheTypeError,
    FirstLead,
    Hand,
    IllegalCardError,
    InvalidDealError,
    RuleConfig,
    Seat,
    Strain,
    Suit,
    Team,
    TeamPoints,
    explain_card,
)
from coinche.auction import COINCHE, PASS, SURCOINCHE, Auction, Bid
from coinche.auction.classic import TAKE, NameSuit
from coinche.deal import Action, Deal, Phase, PlayerView
from coinche.dealing import deal_hands
from coinche.errors import IllegalActionError, IllegalCallError
from coinche.game import Game

# SUITS: the hands of suits_deal (this module's own SUIT_HANDS gives the suits other seats)
from coinche.testing.deals import SUIT_HANDS as SUITS
from coinche.testing.deals import deal_in_play, suits_deal
from coinche.testing.strategies import deals

# compiled: make compiled-test runs it again against the compiled build
pytestmark = pytest.mark.compiled

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
BIDDING_PRESETS = ("common", "ffb", "pagat", "contract_only", "min82")

# One suit per seat: North all hearts, East all clubs, South all spades, West all diamonds.
SUIT_HANDS = {
    N: Hand.parse("7H 8H 9H TH JH QH KH AH"),
    E: Hand.parse("7C 8C 9C TC JC QC KC AC"),
    S: Hand.parse("7S 8S 9S TS JS QS KS AS"),
    W: Hand.parse("7D 8D 9D TD JD QD KD AD"),
}

# Hands with announcements (worked out from RULES.md sections 5 and 9):
#   North 7C 8C 9C: a tierce in clubs (20), top card 9.
#   East JC JD JH JS: four jacks (200); 8S 9S is no run (its JS serves in the four).
#   South TC QC KC AC: the tierce QC KC AC (20), top card ace; TD QD TH QH nothing.
#   West TS QS KS AS: the tierce QS KS AS (20), top card ace.
ANNOUNCING_HANDS = {
    N: Hand.parse("7C 8C 9C 7D 8D 7H 8H 7S"),
    E: Hand.parse("JC JD JH JS 9D 9H 8S 9S"),
    S: Hand.parse("TC QC KC AC TD QD TH QH"),
    W: Hand.parse("KD AD KH AH TS QS KS AS"),
}
NORTH_TIERCE = Announcement(AnnouncementKind.TIERCE, Hand.parse("7C 8C 9C"), N)
FOUR_JACKS = Announcement(AnnouncementKind.FOUR_OF_A_KIND, Hand.parse("JC JD JH JS"), E)
SOUTH_TIERCE = Announcement(AnnouncementKind.TIERCE, Hand.parse("QC KC AC"), S)
WEST_TIERCE = Announcement(AnnouncementKind.TIERCE, Hand.parse("QS KS AS"), W)


def cards(text: str) -> tuple[Card, ...]:
    return Card.parse_many(text)


def bid_then_passes(deal: Deal, bid: Bid) -> Deal:
    """The seat to move bids *bid*, the other three pass: the bid is the contract."""
    deal = deal.apply(bid)
    for _ in range(3):
        deal = deal.apply(PASS)
    return deal


def play_out(
    deal: Deal,
    rng: random.Random,
    choose: Callable[[Deal, random.Random], Deal] | None = None,
) -> Deal:
    """Play random legal actions (through the checked apply) until the deal is over."""
    while not deal.is_over:
        if choose is not None:
            deal = choose(deal, rng)
        else:
            deal = deal.apply(rng.choice(deal.legal_actions()))
    return deal


def rules_named(name: str) -> RuleConfig:
    return RuleConfig.preset(name)


# ------------------------------------------------------------------ dealing
def test_deal_3_2_3_from_the_seat_after_the_dealer() -> None:
    """3-2-3 (RULES.md section 2): each round one packet per seat, North first after West.

    Deck positions: North 0-2, East 3-5, South 6-8, West 9-11; then two each, North
    12-13 ... West 18-19; then three each, North 20-22 ... West 29-31.
    """
    hands = deal_hands(CARDS, W, (3, 2, 3))
    assert str(hands[N]) == "7C 8C 9C JD QD JH QH KH"  # 0 1 2, 12 13, 20 21 22
    assert str(hands[E]) == "TC JC QC KD AD AH 7S 8S"  # 3 4 5, 14 15, 23 24 25
    assert str(hands[S]) == "KC AC 7D 7H 8H 9S TS JS"  # 6 7 8, 16 17, 26 27 28
    assert str(hands[W]) == "8D 9D TD 9H TH QS KS AS"  # 9 10 11, 18 19, 29 30 31


def test_deal_starts_after_the_dealer() -> None:
    """With North dealing, East receives the first packet (the cards North got above)."""
    hands = deal_hands(CARDS, N, (3, 2, 3))
    assert str(hands[E]) == "7C 8C 9C JD QD JH QH KH"
    assert str(hands[N]) == "8D 9D TD 9H TH QS KS AS"  # the dealer is served last


def test_deal_2_3_3_and_3_3_2() -> None:
    """The other patterns of 003. 2-3-3, South dealing, West first: West 0-1, 8-10,
    20-22; North 2-3, 11-13, 23-25. 3-3-2, West dealing: North 0-2, 12-14, 24-25."""
    hands = deal_hands(CARDS, S, (2, 3, 3))
    assert str(hands[W]) == "7C 8C 7D 8D 9D JH QH KH"
    assert str(hands[N]) == "9C TC TD JD QD AH 7S 8S"
    hands = deal_hands(CARDS, W, (3, 3, 2))
    assert str(hands[N]) == "7C 8C 9C JD QD KD 7S 8S"


def test_deal_from_deck_refuses_a_bad_deck() -> None:
    with pytest.raises(InvalidDealError, match="32 cards"):
        deal_hands(CARDS[:31], W, (3, 2, 3))
    with pytest.raises(InvalidDealError, match="does not hold the 32 cards"):
        deal_hands((*CARDS[:31], CARDS[0]), W, (3, 2, 3))


class RiggedRandom(random.Random):
    """Leaves the deck in index order and cuts it after *cut* cards."""

    def __init__(self, cut: int) -> None:
        super().__init__(0)
        self.cut = cut
        self.asked: list[tuple[int, int]] = []

    @override
    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        pass

    @override
    def randint(self, a: int, b: int) -> int:
        self.asked.append((a, b))
        return self.cut


def test_new_shuffles_cuts_and_deals_by_the_rules_pattern() -> None:
    """Unshuffled and cut after 5 cards, the deck reads QC KC AC 7D ... 9C TC JC.

    3-2-3 with West dealing: North gets deck positions 0-2 (cards 5 6 7: QC KC AC),
    12-13 (cards 17 18: 8H 9H) and 20-22 (cards 25 26 27: 8S 9S TS).
    """
    rng = RiggedRandom(5)
    deal = Deal.new(W, RuleConfig.common(), rng)
    assert rng.asked == [(1, 31)]  # the cut leaves 1 to 31 cards on top
    assert str(deal.hands[N]) == "QC KC AC 8H 9H 8S 9S TS"
    # 3-3-2 (ffb) from the same deck: North 0-2 (QC KC AC), 12-14 (8H 9H TH), 24-25
    # (cards 29 30: QS KS)
    deal = Deal.new(W, RuleConfig.ffb(), RiggedRandom(5))
    assert str(deal.hands[N]) == "QC KC AC 8H 9H TH QS KS"


@given(st.integers(0, 2**32 - 1), st.sampled_from(tuple(Seat)))
def test_new_deals_the_whole_deck(seed: int, dealer: Seat) -> None:
    deal = Deal.new(dealer, RuleConfig.common(), random.Random(seed))
    assert [len(hand) for hand in deal.hands] == [8, 8, 8, 8]
    union = Hand()
    for hand in deal.hands:
        assert union.isdisjoint(hand)
        union = union | hand
    assert union == Hand.full()
    assert deal == Deal.new(dealer, RuleConfig.common(), random.Random(seed))  # reproducible
    assert deal.phase is Phase.AUCTION
    assert deal.to_move is dealer.next


def test_new_checks_its_arguments() -> None:
    with pytest.raises(CoincheTypeError, match=r"rng must be a random\.Random, not int"):
        Deal.new(N, RuleConfig(), 42)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match=r"dealer must be a Seat, not int \(0\)"):
        Deal.new(0, RuleConfig(), random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="rules must be a RuleConfig"):
        Deal.new(N, "common", random.Random(1))  # type: ignore[arg-type]


def test_classic_belote_deals_five_cards_and_a_turned_card() -> None:
    """RULES.md section 8: "Deal 3 then 2 (five cards each), turn the next card up"
    (the full tests are in tests/test_classic.py). Eight-card hands without a
    turned card and a stock are not a classic deal."""
    deal = Deal.new(N, RuleConfig.classic_belote(), random.Random(1))
    assert [len(hand) for hand in deal.hands] == [5, 5, 5, 5]
    assert deal.turned is not None
    with pytest.raises(InvalidDealError, match="turned-card deal"):
        Deal.from_hands(N, RuleConfig.classic_belote(), SUIT_HANDS)


# ------------------------------------------------------------------ from_hands
def test_from_hands_takes_a_mapping_or_four_hands() -> None:
    by_seat = Deal.from_hands(W, RuleConfig(), SUIT_HANDS)
    listed = Deal.from_hands(W, RuleConfig(), [SUIT_HANDS[seat] for seat in Seat])
    assert by_seat == listed
    assert by_seat.hands[E] == SUIT_HANDS[E]
    assert by_seat.hand(S) == SUIT_HANDS[S]


BAD_KEY: dict[object, Hand] = {
    N: SUIT_HANDS[N],
    E: SUIT_HANDS[E],
    S: SUIT_HANDS[S],
    "W": SUIT_HANDS[W],
}


@pytest.mark.parametrize(
    ("hands", "error", "message"),
    [
        ({N: SUIT_HANDS[N], E: SUIT_HANDS[E], S: SUIT_HANDS[S]}, InvalidDealError,
         "hands has no hand for WEST"),
        ({**SUIT_HANDS, W: Hand.parse("7D 8D 9D TD JD QD KD")}, InvalidDealError,
         "WEST holds 7 cards"),
        ({**SUIT_HANDS, W: Hand.parse("7D 8D 9D TD JD QD KD 7H")}, InvalidDealError,
         "7H is dealt to both NORTH and WEST"),
        ({**SUIT_HANDS, W: "7D 8D 9D TD JD QD KD AD"}, CoincheTypeError,
         "the hand of WEST is a str, not a Hand"),
        (BAD_KEY, CoincheTypeError, "a key of hands must be a Seat"),
        ([SUIT_HANDS[N], SUIT_HANDS[E], SUIT_HANDS[S]], InvalidDealError,
         "a deal has 4 hands, not 3"),
        ("7H 8H", CoincheTypeError, "hands must map each Seat to a Hand"),
    ],
)  # fmt: skip
def test_from_hands_validation(hands: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        Deal.from_hands(W, RuleConfig(), hands)  # type: ignore[arg-type]


# ------------------------------------------------------------------ the auction
def test_auction_phase_drives_the_auction() -> None:
    deal = Deal.from_hands(W, RuleConfig.common(), SUIT_HANDS)
    assert deal.phase is Phase.AUCTION
    assert deal.to_move is N  # the seat after the dealer speaks first (RULES.md section 3)
    assert deal.trick is None
    assert deal.contract is None
    assert deal.legal_actions() == Auction.start(W, RuleConfig.common()).legal_calls(N)
    after = deal.apply(Bid(100, Strain.HEARTS))
    assert deal.calls == ()  # immutable: the old state is unchanged
    assert after.calls == ((N, Bid(100, Strain.HEARTS)),)
    assert after.to_move is E
    assert after.is_legal(COINCHE)
    assert not after.is_legal(Bid(90, Strain.CLUBS))  # not higher than 100
    with pytest.raises(IllegalCallError, match="90 is not higher than the highest bid"):
        after.apply(Bid(90, Strain.CLUBS))
    with pytest.raises(IllegalActionError, match="EAST may not do 7C now: the auction is on"):
        after.apply(Card.parse("7C"))
    assert not after.is_legal(Card.parse("7C"))


def test_coinche_and_surcoinche_set_the_multiplier() -> None:
    """100 H by N, coinched by E; the bidding team answers in the order of play after the
    coincher, South then North (RULES.md section 3): South passes, North surcoinches.
    The multiplier is 4 and the auction is over."""
    deal = Deal.from_hands(W, RuleConfig.common(), SUIT_HANDS)
    deal = deal.apply(Bid(100, Strain.HEARTS)).apply(COINCHE)
    assert deal.to_move is S
    assert deal.legal_actions() == (PASS, SURCOINCHE)
    deal = deal.apply(PASS)
    assert deal.to_move is N
    deal = deal.apply(SURCOINCHE)
    assert deal.phase is Phase.PLAY
    assert deal.contract is not None
    assert str(deal.contract) == "100 H by N, surcoinched"


def test_pagat_coinche_out_of_turn_through_apply_call() -> None:
    deal = Deal.from_hands(W, RuleConfig.pagat(), SUIT_HANDS)
    deal = deal.apply(Bid(100, Strain.HEARTS))  # North bids; East to move
    assert deal.to_move is E
    # West is not to move, yet may coinche at any time under pagat's rules; the bidding
    # team then answers from the seat after West: North
    coinched = deal.apply_call(W, COINCHE)
    assert coinched.calls[-1] == (W, COINCHE)
    assert coinched.to_move is N
    # the same out-of-turn coinche under the common rules (in turn only) is refused
    common = Deal.from_hands(W, RuleConfig.common(), SUIT_HANDS).apply(Bid(100, Strain.HEARTS))
    with pytest.raises(IllegalCallError, match="only in turn"):
        common.apply_call(W, COINCHE)


def test_four_passes_throw_the_deal_in() -> None:
    deal = Deal.from_hands(W, RuleConfig.common(), SUIT_HANDS)
    for _ in range(4):
        deal = deal.apply(PASS)
    assert deal.phase is Phase.THROWN_IN
    assert deal.is_over
    assert deal.result is None
    assert deal.to_move is None
    assert deal.contract is None
    assert deal.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="the deal is over"):
        deal.apply(PASS)
    with pytest.raises(IllegalActionError, match="the auction is over"):
        deal.apply_call(N, PASS)


# ------------------------------------------------------------------ the play
def test_play_phase_after_the_auction() -> None:
    deal = bid_then_passes(Deal.from_hands(W, RuleConfig.common(), SUIT_HANDS),
                           Bid(80, Strain.HEARTS))  # fmt: skip
    assert deal.phase is Phase.PLAY
    assert deal.contract is not None
    assert str(deal.contract) == "80 H by N"
    assert deal.trick is not None
    assert str(deal.trick) == "N: "  # North (after the dealer West) leads
    # North may lead any card; the legal actions are its cards in index order
    assert deal.legal_actions() == SUIT_HANDS[N].cards
    with pytest.raises(IllegalActionError, match="the auction is over"):
        deal.apply(PASS)


@pytest.mark.parametrize(
    ("first_lead", "leader"),
    [(FirstLead.AFTER_DEALER, N), (FirstLead.TAKER, S)],
)
def test_first_lead_follows_the_rules(first_lead: FirstLead, leader: Seat) -> None:
    """West deals, South takes: the seat after the dealer (North) or the taker leads."""
    rules = attrs.evolve(RuleConfig.common(), first_lead=first_lead)
    deal = Deal.from_hands(W, rules, SUIT_HANDS)
    deal = deal.apply(PASS).apply(PASS)  # North and East pass
    deal = bid_then_passes(deal, Bid(80, Strain.SPADES))  # South bids, W N E pass
    assert deal.contract is not None
    assert deal.contract.taker is S
    assert deal.to_move is leader
    assert deal.trick is not None
    assert deal.trick.leader is leader


def test_illegal_card_names_the_rule() -> None:
    """ANNOUNCING_HANDS, 80 S by North: North leads 7H; East holds 9H and must follow
    hearts (rule 1): its JC is refused with explain_card's reason."""
    deal = Deal.from_hands(W, RuleConfig.common(), ANNOUNCING_HANDS)
    deal = bid_then_passes(deal, Bid(80, Strain.SPADES))
    deal = deal.apply(Card.parse("7H"))
    jack = Card.parse("JC")
    with pytest.raises(IllegalCardError) as caught:
        deal.apply(jack)
    error = caught.value
    assert error.seat is E
    assert error.card == jack
    assert error.reason == "you must follow hearts (rule 1)"
    trick = deal.trick
    assert trick is not None
    assert error.reason == explain_card(
        jack, deal.hand(E), trick, Strain.SPADES, RuleConfig.common()
    )
    assert not deal.is_legal(jack)
    assert deal.is_legal(Card.parse("9H"))
    # a card East does not hold
    with pytest.raises(IllegalCardError, match="EAST may not play AS: AS is not in your hand"):
        deal.apply(Card.parse("AS"))
    with pytest.raises(CoincheTypeError, match="an action is a call or a Card"):
        deal.apply("9H")  # type: ignore[arg-type]


def test_a_whole_deal_scored() -> None:
    """80 H by North holding every heart: North leads hearts, nobody can follow or trump,
    North takes all eight tricks. Common scoring: capot 250 card points, belote 20 (KH QH),
    made: 80 + 250 + 20 = 350 for North-South, 0 for East-West (RULES.md section 6)."""
    deal = bid_then_passes(Deal.from_hands(W, RuleConfig.common(), SUIT_HANDS),
                           Bid(80, Strain.HEARTS))  # fmt: skip
    while not deal.is_over:
        deal = deal.apply(deal.legal_actions()[0])
    assert deal.phase is Phase.SCORED
    assert len(deal.tricks) == 8
    assert deal.trick is None
    assert all(trick.leader is N for trick in deal.tricks)
    result = deal.result
    assert result is not None
    assert result is deal.result  # computed once
    assert result.capot is Team.NORTH_SOUTH
    assert result.card_points == TeamPoints(250, 0)
    assert result.belote is Team.NORTH_SOUTH
    assert result.score == TeamPoints(350, 0)
    with pytest.raises(IllegalActionError, match="the deal is over"):
        deal.apply(Card.parse("7H"))


def test_apply_unchecked_matches_apply_on_legal_play() -> None:
    rng = random.Random(11)
    checked = unchecked = Deal.new(S, RuleConfig.ffb(), random.Random(4))
    while not checked.is_over:
        action = rng.choice(checked.legal_actions())
        checked = checked.apply(action)
        unchecked = unchecked.apply_unchecked(action)
        assert checked == unchecked
    assert checked.result == unchecked.result


def test_deals_are_values() -> None:
    """Deals compare by value, hash, pickle, and are built only by new and from_hands."""
    rng = random.Random(8)
    deal = Deal.new(N, RuleConfig.ffb(), rng)
    states = [deal]
    while not deal.is_over:
        deal = deal.apply(rng.choice(deal.legal_actions()))
        states.append(deal)
    assert len(set(states)) == len(states)
    for state in states[::7]:
        copy = pickle.loads(pickle.dumps(state))
        assert copy == state
        assert hash(copy) == hash(state)
        assert copy.legal_actions() == state.legal_actions()
    assert pickle.loads(pickle.dumps(deal)).result == deal.result
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        deal.phase = Phase.PLAY  # type: ignore[misc]
    with pytest.raises(CoincheTypeError, match=r"Deal\.new or Deal\.from_hands"):
        Deal()
    # attrs.evolve would build a deal from fields without its actions: refused with the
    # library's error (it used to be a bare TypeError about keyword arguments)
    with pytest.raises(CoincheTypeError, match=r"attrs\.evolve cannot build one"):
        attrs.evolve(deal)
    with pytest.raises(CoincheTypeError, match=r"attrs\.evolve cannot build one"):
        attrs.evolve(deal, phase=Phase.PLAY)  # type: ignore[call-arg]
    assert "phase=scored" in repr(deal)


def test_apply_unchecked_still_refuses_the_wrong_kind_of_action() -> None:
    deal = Deal.from_hands(W, RuleConfig.common(), SUIT_HANDS)
    with pytest.raises(IllegalActionError, match="the auction is on"):
        deal.apply_unchecked(Card.parse("7H"))


# ------------------------------------------------------------------ announcements
def announcing_deal(rules: RuleConfig, strain: Strain = Strain.HEARTS) -> Deal:
    """ANNOUNCING_HANDS, West dealing, 80 in *strain* by North: North leads."""
    return bid_then_passes(Deal.from_hands(W, rules, ANNOUNCING_HANDS), Bid(80, strain))


def test_announcements_declared_in_the_first_trick() -> None:
    """Each seat declares all it holds with its first card (RULES.md section 5)."""
    deal = announcing_deal(RuleConfig.ffb())
    assert deal.announcements == ()
    deal = deal.apply(Card.parse("7S"))  # North
    assert deal.announcements == (NORTH_TIERCE,)
    for _ in range(3):
        deal = deal.apply(deal.legal_actions()[0])
    assert deal.announcements == (NORTH_TIERCE, FOUR_JACKS, SOUTH_TIERCE, WEST_TIERCE)
    assert len(deal.tricks) == 1
    # nothing more is declared after the first trick
    deal = deal.apply(deal.legal_actions()[0])
    assert len(deal.announcements) == 4
    deal = play_out(deal, random.Random(3))
    result = deal.result
    assert result is not None
    # East's four jacks (200) is the best announcement: East-West score all of theirs,
    # 200 + West's tierce 20 = 220 (unless North-South take every trick, which East's
    # jack of hearts, the top trump, prevents)
    assert result.announcement_points == TeamPoints(0, 220)


def test_declaring_fewer() -> None:
    """East declares nothing: the best announcements left are South's and West's tierces
    to the ace, equal in hearts (neither is in trumps), so nobody scores; in spades West's
    is in trumps and East-West score 20; in clubs South's is, and North-South score both
    their tierces, 40 (RULES.md section 5, comparison)."""
    expected = {Strain.HEARTS: TeamPoints(0, 0), Strain.SPADES: TeamPoints(0, 20),
                Strain.CLUBS: TeamPoints(40, 0)}  # fmt: skip
    for strain, points in expected.items():
        deal = announcing_deal(RuleConfig.ffb(), strain)
        deal = deal.apply(deal.legal_actions()[0])  # North
        deal = deal.apply(deal.legal_actions()[0], declare=())  # East: nothing
        assert deal.announcements == (NORTH_TIERCE,)
        deal = play_out(deal, random.Random(5))
        result = deal.result
        assert result is not None
        # no capot: East's jack is the top trump in all three strains, and this play
        # leaves North-South some tricks (a capot team would take the announcements)
        assert result.capot is None
        assert result.announcement_points == points, strain


def test_declaring_some() -> None:
    deal = announcing_deal(RuleConfig.ffb())
    deal = deal.apply(deal.legal_actions()[0], declare=[NORTH_TIERCE])
    deal = deal.apply(deal.legal_actions()[0], declare=(FOUR_JACKS,))
    assert deal.announcements == (NORTH_TIERCE, FOUR_JACKS)


def test_declared_announcements_are_validated() -> None:
    deal = announcing_deal(RuleConfig.ffb())
    deal = deal.apply(deal.legal_actions()[0])  # North; East to move
    card = deal.legal_actions()[0]
    with pytest.raises(IllegalActionError, match=r"EAST can declare only .*four jacks"):
        deal.apply(card, declare=[NORTH_TIERCE])  # North's, not East's
    not_held = Announcement(AnnouncementKind.TIERCE, Hand.parse("8S 9S TS"), E)
    with pytest.raises(IllegalActionError, match="only announcements of its hand"):
        deal.apply(card, declare=[not_held])
    with pytest.raises(IllegalActionError, match="declared twice"):
        deal.apply(card, declare=[FOUR_JACKS, FOUR_JACKS])
    with pytest.raises(CoincheTypeError, match="declare holds Announcement objects"):
        deal.apply(card, declare=["four jacks"])  # type: ignore[list-item]
    # after the first trick: too late
    for _ in range(4):
        deal = deal.apply(deal.legal_actions()[0])
    seat = deal.to_move
    assert seat is not None
    late = find_one(seat)
    with pytest.raises(IllegalActionError, match="first trick only"):
        deal.apply(deal.legal_actions()[0], declare=[late])
    assert deal.apply(deal.legal_actions()[0], declare=()).announcements == deal.announcements


def find_one(seat: Seat) -> Announcement:
    return {N: NORTH_TIERCE, E: FOUR_JACKS, S: SOUTH_TIERCE, W: WEST_TIERCE}[seat]


def test_no_announcements_when_the_rules_have_none() -> None:
    deal = announcing_deal(RuleConfig.common())
    deal = deal.apply(deal.legal_actions()[0])
    assert deal.announcements == ()
    with pytest.raises(IllegalActionError, match="announcements are off"):
        deal.apply(deal.legal_actions()[0], declare=[FOUR_JACKS])
    auction = Deal.from_hands(W, RuleConfig.ffb(), ANNOUNCING_HANDS)
    with pytest.raises(IllegalActionError, match="with a card of the first trick"):
        auction.apply(PASS, declare=[NORTH_TIERCE])


# ------------------------------------------------------------------ belote
def play_hearts(deal: Deal, belote: bool) -> Deal:
    """Play the SUIT_HANDS deal to the end, passing *belote* with every card."""
    while not deal.is_over:
        deal = deal.apply(deal.legal_actions()[0], belote=belote)
    return deal


def test_belote_on_declaration() -> None:
    """With belote_requires_declaration, North (KH QH) scores belote only if declared:
    80 + capot 250 + belote 20 = 350 declared, 330 not (RULES.md sections 5 and 6)."""
    rules = attrs.evolve(RuleConfig.common(), belote_requires_declaration=True)
    start = bid_then_passes(Deal.from_hands(W, rules, SUIT_HANDS), Bid(80, Strain.HEARTS))
    declared = play_hearts(start, belote=True)
    assert declared.belote_declared
    assert declared.result is not None
    assert declared.result.belote is Team.NORTH_SOUTH
    assert declared.result.score == TeamPoints(350, 0)
    silent = play_hearts(start, belote=False)
    assert not silent.belote_declared
    assert silent.result is not None
    assert silent.result.belote is None
    assert silent.result.score == TeamPoints(330, 0)


def test_belote_is_declared_with_the_first_of_king_and_queen() -> None:
    """North plays 7H 8H 9H TH JH QH (declining belote with the queen), then KH: too
    late, the declaration belongs with the first of the two."""
    rules = attrs.evolve(RuleConfig.common(), belote_requires_declaration=True)
    deal = bid_then_passes(Deal.from_hands(W, rules, SUIT_HANDS), Bid(80, Strain.HEARTS))
    queen, king = Card.parse("QH"), Card.parse("KH")
    while not deal.is_over:
        card = deal.legal_actions()[0]
        assert isinstance(card, Card)
        deal = deal.apply(card, belote=card != queen)
        if card == king:
            assert not deal.belote_declared
    assert deal.result is not None
    assert deal.result.belote is None


def test_belote_automatic_by_default() -> None:
    """Without the option belote is credited whatever the argument (RULES.md section 5)."""
    start = bid_then_passes(Deal.from_hands(W, RuleConfig.common(), SUIT_HANDS),
                            Bid(80, Strain.HEARTS))  # fmt: skip
    deal = play_hearts(start, belote=False)
    assert not deal.belote_declared
    assert deal.result is not None
    assert deal.result.belote is Team.NORTH_SOUTH
    assert deal.result.score == TeamPoints(350, 0)


# ------------------------------------------------------------------ random deals
def random_policy(pass_often: bool) -> Callable[[Deal, random.Random], Deal]:
    """A random legal action each turn; in the auction, a pass half of the time."""

    def choose(deal: Deal, rng: random.Random) -> Deal:
        actions = deal.legal_actions()
        assert actions, deal
        if pass_often and actions[0] == PASS and rng.random() < 0.5:
            return deal.apply(PASS)
        action = rng.choice(actions)
        assert deal.is_legal(action)
        return deal.apply(action)

    return choose


@st.composite
def rules_for_random_deals(draw: st.DrawFn) -> RuleConfig:
    """A bidding preset, sometimes with no trump and all trump, or belote on declaration."""
    rules = RuleConfig.preset(draw(st.sampled_from(BIDDING_PRESETS)))
    if draw(st.booleans()):
        rules = attrs.evolve(rules, allow_no_trump=True, allow_all_trump=True)
    if draw(st.booleans()):
        rules = attrs.evolve(rules, belote_requires_declaration=True)
    return rules


@given(rules_for_random_deals(), st.sampled_from(tuple(Seat)), st.integers(0, 2**32 - 1),
       st.booleans())  # fmt: skip
def test_random_deals_end_scored_or_thrown_in(
    rules: RuleConfig, dealer: Seat, seed: int, pass_often: bool
) -> None:
    """Every random legal deal ends; a scored one has 8 tricks of the 32 cards and card
    points 162 in all, or the capot card points (250 or 252) for the capot team."""
    rng = random.Random(seed)
    deal = play_out(Deal.new(dealer, rules, rng), rng, random_policy(pass_often))
    assert deal.is_over
    assert deal.legal_actions() == ()
    if deal.phase is Phase.THROWN_IN:
        assert deal.result is None
        assert [call for _, call in deal.calls] == [PASS] * 4
        return
    assert deal.phase is Phase.SCORED
    result = deal.result
    assert result is not None
    assert len(deal.tricks) == 8
    played = Hand()
    for trick in deal.tricks:
        assert trick.is_complete
        played = played | Hand(trick.cards)
    assert played == Hand.full()
    total = result.card_points.north_south + result.card_points.east_west
    if result.capot is None:
        assert total == 162
    else:
        assert result.card_points[result.capot] == rules.capot_card_points
        assert total == rules.capot_card_points
    assert all(deal.hand(seat) == Hand() for seat in Seat)


# ------------------------------------------------------------------ views
def visible_cards(view: PlayerView) -> Hand:
    """Every card a view shows: its hand, the tricks, the announcements' cards."""
    shown = view.hand
    for trick in (*view.tricks, *(() if view.trick is None else (view.trick,))):
        shown = shown | Hand(trick.cards)
    for announcement in view.announcements:
        shown = shown | announcement.cards
    return shown


def check_views(deal: Deal) -> None:
    declared = Hand()
    for announcement in deal.announcements:
        declared = declared | announcement.cards
    for seat in Seat:
        view = deal.view(seat)
        assert view.seat is seat
        assert view.hand == deal.hand(seat)
        assert view.calls == deal.calls
        assert view.tricks == deal.tricks
        assert view.trick == deal.trick
        assert view.contract == deal.contract
        assert view.to_move is deal.to_move
        hidden = Hand()
        for other in Seat:
            if other is not seat:
                hidden = hidden | deal.hand(other)
        # another seat's unplayed cards show only where it declared them
        assert visible_cards(view) & hidden <= declared
        assert all(
            not isinstance(getattr(view, field.name), Hand) or field.name == "hand"
            for field in attrs.fields(PlayerView)
        )


@given(st.sampled_from(BIDDING_PRESETS), st.integers(0, 2**32 - 1))
def test_views_never_show_hidden_cards(preset: str, seed: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rng.choice(tuple(Seat)), RuleConfig.preset(preset), rng)
    check_views(deal)
    while not deal.is_over:
        action: Action = rng.choice(deal.legal_actions())
        deal = deal.apply(action)
        check_views(deal)


def test_view_of_a_deal_in_play() -> None:
    deal = announcing_deal(RuleConfig.ffb())
    deal = deal.apply(Card.parse("7S"))  # North declares its tierce
    view = deal.view(E)
    assert view.hand == ANNOUNCING_HANDS[E]
    assert view.announcements == (NORTH_TIERCE,)
    assert view.phase is Phase.PLAY
    assert view.dealer is W
    assert view.trick is not None
    assert str(view.trick) == "N: 7S"
    calls: tuple[Action, ...] = tuple(call for _, call in view.calls)
    assert calls == (Bid(80, Strain.HEARTS), PASS, PASS, PASS)
    with pytest.raises(CoincheTypeError, match="seat must be a Seat"):
        deal.view("E")  # type: ignore[arg-type]


# ------------------------------------------------------------------ apply_call
def test_apply_call_with_a_string_seat_after_the_auction() -> None:
    deal = deal_in_play()
    with pytest.raises(CoincheTypeError, match=r"seat must be a Seat, not str \('N'\)"):
        deal.apply_call("N", PASS)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="the auction is over"):
        deal.apply_call(Seat.NORTH, PASS)
    game = Game.new(RuleConfig(), Seat.NORTH, random.Random(1))
    game = attrs.evolve(game, deal=deal)
    with pytest.raises(CoincheTypeError, match=r"seat must be a Seat, not str \('N'\)"):
        game.apply_call("N", PASS)  # type: ignore[arg-type]


# ------------------------------------------------------------------ explain, is_legal and apply
_ERRORS = (IllegalActionError, IllegalCallError, IllegalCardError)


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


def test_the_triad_agrees_on_objects_that_are_no_action() -> None:
    """explain and apply raised CoincheTypeError for the text "pass" while is_legal said
    False: a server could not tell a bad type from an illegal action. All three raise."""
    deal = Deal.new(Seat.EAST, RuleConfig.common(), random.Random(0))
    played = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
    for state in (deal, played):  # in the auction and in the play
        for bad in ("pass", "JH", 3, None):
            with pytest.raises(CoincheTypeError):
                state.is_legal(bad)  # type: ignore[arg-type]
            with pytest.raises(CoincheTypeError):
                state.explain(bad)  # type: ignore[arg-type]
            with pytest.raises(CoincheTypeError):
                state.apply(bad)  # type: ignore[arg-type]


def test_the_shuffle_is_randoms_own() -> None:
    """Deal.new's deck is random.Random.shuffle's, then a cut at randint(1, 31): the
    written-out draws give the same deck and leave the generator in the same state, so
    that a seed deals what it always dealt."""
    import random

    from coinche.dealing import _MASKS, shuffled_masks

    for seed in range(300):
        deck = list(_MASKS)
        expected = random.Random(seed)
        expected.shuffle(deck)
        cut = expected.randint(1, 31)
        drawn = random.Random(seed)
        assert shuffled_masks(drawn) == deck[cut:] + deck[:cut]
        assert drawn.getstate() == expected.getstate()

    class Counting(random.Random):  # a subclass draws through its own shuffle
        shuffles = 0

        @override
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            Counting.shuffles += 1
            super().shuffle(x)

    assert sorted(shuffled_masks(Counting(1))) == sorted(_MASKS)
    assert Counting.shuffles == 1
