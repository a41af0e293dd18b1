"""coinche.bots.sampling: the inferences are sound and complete, the draws exactly uniform.

Expected figures come from brute force (every way to deal the hidden cards, each
checked by replaying the deal through the checked state machine) or from arithmetic,
never from the sampler itself.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator

import attrs
import pytest

from coinche import _kernel as K
from coinche.bots.sampling import Sampler, constraints, count_deals, replay, sample_deals
from coinche.cards import Card, Hand
from coinche.config import RuleConfig
from coinche.deal import Deal, Phase, PlayerView
from coinche.errors import CoincheError, CoincheTypeError, InvalidDealError
from coinche.seats import Seat
from coinche.testing.deals import deal_in_play

PRESETS = ["common", "ffb", "pagat", "contract_only", "min82", "classic_belote"]
# rules with the options no preset has: belote declared, no trump and all trump
EXTRA = [
    attrs.evolve(RuleConfig.common(), belote_requires_declaration=True),
    attrs.evolve(RuleConfig.ffb(), allow_no_trump=True, allow_all_trump=True),
]


def all_rules() -> list[RuleConfig]:
    return [RuleConfig.preset(name) for name in PRESETS] + EXTRA


def played_to(deal: Deal, cards: int, rng: random.Random) -> Deal:
    for _ in range(cards):
        deal = deal.apply(rng.choice(deal.legal_actions()))
    return deal


def agrees(view: PlayerView, hands: tuple[int, int, int, int]) -> bool:
    """The definition: replaying the view's actions from these hands, every action
    checked, shows the same view."""
    try:
        return replay(view, hands).view(view.seat) == view
    except CoincheError:
        return False


def brute_force(view: PlayerView) -> list[tuple[int, int, int, int]]:
    """Every deal of the hidden cards that agrees, by enumeration."""
    me = int(view.seat)
    seen = view.hand.mask
    for trick in (*view.tricks, *([view.trick] if view.trick else [])):
        seen |= trick.mask
    hidden = [c for c in range(32) if not seen >> c & 1]
    sizes = [8, 8, 8, 8]
    for trick in (*view.tricks, *([view.trick] if view.trick else [])):
        for pos in range(len(trick.cards)):
            sizes[(int(trick.leader) + pos) & 3] -= 1
    others = [s for s in range(4) if s != me]
    found = []

    def deal_out(cards: list[int], i: int, hands: list[int]) -> Iterator[list[int]]:
        if i == len(others):
            yield hands
            return
        seat = others[i]
        for chosen in itertools.combinations(cards, sizes[seat]):
            mask = sum(1 << c for c in chosen)
            rest = [c for c in cards if c not in chosen]
            yield from deal_out(rest, i + 1, [*hands[:seat], mask, *hands[seat + 1 :]])

    start = [0, 0, 0, 0]
    start[me] = view.hand.mask
    for hands in deal_out(hidden, 0, start):
        candidate = (hands[0], hands[1], hands[2], hands[3])
        if agrees(view, candidate):
            found.append(candidate)
    return found


def small_views() -> list[PlayerView]:
    """Views with two or three tricks left, from every rule set, mid-trick included."""
    views = []
    rng = random.Random(12)
    for rules in all_rules():
        for k in range(4):
            deal = played_to(deal_in_play(rules, rng), 20 + 2 * k, rng)
            views.append(deal.view(deal.to_move or Seat.NORTH))
    return views


SMALL = small_views()


# ---------------------------------------------------------------- the lemma
def test_legal_has_the_class_structure_the_inference_relies_on() -> None:
    """For every trick and card c of a hand h: c is legal in h exactly when it is legal
    in {c, x} for every other card x of h (the proof in sampling._exclusions), and the
    same with any known part K in place of {c}: tested on the kernel itself."""
    rng = random.Random(5)
    flag_sets = [RuleConfig.preset(p).play_flags for p in PRESETS] + [0, 31]
    refused = 0
    for _ in range(20000):
        strain = rng.randrange(6)
        flags = rng.choice(flag_sets)
        deck = rng.sample(range(32), 32)
        n = rng.randrange(1, 4)
        c0, c1, c2 = [*deck[:n], 0, 0, 0][:3]
        hand = deck[n : n + rng.randrange(1, 9)]
        card = hand[0]
        known = 1 << card | sum(1 << c for c in hand[1 : 1 + rng.randrange(3)])
        mask = sum(1 << c for c in hand)
        whole = bool(K.legal(mask, n, c0, c1, c2, strain, flags) & 1 << card)
        parts = bool(K.legal(known, n, c0, c1, c2, strain, flags) & 1 << card) and all(
            K.legal(known | 1 << x, n, c0, c1, c2, strain, flags) & 1 << card for x in hand
        )
        assert whole == parts, (strain, flags, deck[:n], hand)
        refused += not whole
    assert refused > 1000  # the illegal side was exercised too


# ---------------------------------------------------------------- exact counts
@pytest.mark.parametrize("index", range(len(SMALL)))
def test_count_deals_equals_brute_force(index: int) -> None:
    view = SMALL[index]
    found = brute_force(view)
    assert count_deals(view) == len(found)
    assert len(found) >= 1  # the true deal agrees
    known = constraints(view)
    for hands in found:  # the constraints hold on every agreeing deal (soundness)
        for seat in range(4):
            assert hands[seat] & known.must[seat].mask == known.must[seat].mask
            assert not hands[seat] & known.cannot[seat].mask
            assert hands[seat].bit_count() == known.sizes[seat]


def test_the_small_views_are_not_trivial() -> None:
    """Some views exclude deals (or the count test could not fail on the exclusions)."""
    excluded = 0
    for view in SMALL:
        sizes = constraints(view).sizes
        others = [sizes[s] for s in range(4) if s != int(view.seat)]
        everything = math.factorial(sum(others))
        for k in others:
            everything //= math.factorial(k)
        excluded += count_deals(view) < everything
    assert excluded >= len(SMALL) // 3


# ---------------------------------------------------------------- uniformity
def chi_square_critical_99(df: int) -> float:
    """The 99th percentile of the chi-square law with *df* degrees of freedom, by the
    Wilson-Hilferty cube approximation (within 0.5% for df >= 30): with z = 2.3263, the
    99th percentile of the standard normal law, df * (1 - 2/(9 df) + z sqrt(2/(9 df)))^3.
    Tabulated value for df = 100: 135.807; the formula gives 135.78."""
    z = 2.3263478740
    a = 2 / (9 * df)
    return df * (1 - a + z * math.sqrt(a)) ** 3


def test_chi_square_critical_value_matches_the_table() -> None:
    assert chi_square_critical_99(100) == pytest.approx(135.807, rel=0.002)
    assert chi_square_critical_99(50) == pytest.approx(76.154, rel=0.002)
    assert chi_square_critical_99(30) == pytest.approx(50.892, rel=0.003)


def uniformity_view() -> PlayerView:
    """A view whose agreeing deals number between 30 and 1000 and are not all the
    deals of the hidden cards (the constraints bite)."""
    rng = random.Random(99)
    while True:
        deal = played_to(deal_in_play(RuleConfig.common(), rng), 21, rng)
        view = deal.view(deal.to_move or Seat.NORTH)
        found = brute_force(view)
        sizes = constraints(view).sizes
        others = [sizes[s] for s in range(4) if s != int(view.seat)]
        everything = math.factorial(sum(others)) // math.prod(math.factorial(k) for k in others)
        if 30 <= len(found) <= 1000 and len(found) < everything:
            return view


def test_samples_are_uniform_by_chi_square() -> None:
    view = uniformity_view()
    found = brute_force(view)
    draws = 20000 if len(found) <= 400 else 50 * len(found)
    sampler = Sampler.from_view(view)
    rng = random.Random(2026)
    tally = Counter(sampler.sample(rng) for _ in range(draws))
    assert set(tally) <= set(found)  # every draw agrees
    expected = draws / len(found)
    assert expected >= 5  # the chi-square law applies
    statistic = sum((tally.get(deal, 0) - expected) ** 2 / expected for deal in found)
    assert statistic < chi_square_critical_99(len(found) - 1)


def test_the_chi_square_test_rejects_a_biased_sampler() -> None:
    """The same statistic on draws that favour half the deals (twice as likely) is
    far over the critical value: the test above can fail."""
    view = uniformity_view()
    found = brute_force(view)
    rng = random.Random(7)
    weights = [2 if i % 2 else 1 for i in range(len(found))]
    draws = 20000
    tally = Counter(rng.choices(range(len(found)), weights, k=draws))
    expected = draws / len(found)
    statistic = sum((tally.get(i, 0) - expected) ** 2 / expected for i in range(len(found)))
    assert statistic > chi_square_critical_99(len(found) - 1)


# ---------------------------------------------------------------- random views, every preset
@pytest.mark.parametrize("rules", all_rules(), ids=[*PRESETS, "declared_belote", "nt_at"])
def test_true_deal_agrees_and_samples_replay(rules: RuleConfig) -> None:
    rng = random.Random(hash(rules.preset_name) & 0xFFFF)
    for _ in range(12):
        deal = deal_in_play(rules, rng)
        deal = played_to(deal, rng.randrange(0, 31), rng)
        seat = Seat(rng.randrange(4))
        view = deal.view(seat)
        known = constraints(view)
        truth = tuple(deal.hand(s).mask for s in Seat)
        assert known.consistent
        for s in range(4):
            assert truth[s] & known.must[s].mask == known.must[s].mask
            assert not truth[s] & known.cannot[s].mask
            assert truth[s].bit_count() == known.sizes[s]
        assert count_deals(view) >= 1
        for hands in sample_deals(view, 5, rng):
            assert hands[seat] == view.hand
            # every past card legal for the hand that played it, the same view after
            assert replay(view, hands).view(seat) == view


def test_inferences_from_a_known_position() -> None:
    """Hearts trumps, North leads the ace of spades, East trumps with the 7 of hearts,
    South follows with the 8 of spades. West, to play, infers that East has no spade
    and that South may hold anything."""
    hands = [
        Hand.parse("AS KS QS 7C 8C 9C TC JC"),
        Hand.parse("7H 8H 7D 8D 9D TD JD QD"),
        Hand.parse("8S 9S TS JS KD AD QC KC"),
        Hand.parse("9H TH JH QH KH AH 7S AC"),
    ]
    deal = Deal.from_hands(Seat.WEST, RuleConfig.common(), hands)
    from coinche.auction import PASS, Bid
    from coinche.cards import Strain

    deal = deal.apply(Bid(80, Strain.HEARTS))
    for _ in range(3):
        deal = deal.apply(PASS)
    for code in ("AS", "7H", "8S"):
        deal = deal.apply(Card.parse(code))
    known = constraints(deal.view(Seat.WEST))
    spades = Hand.parse("KS QS 9S TS JS 7S").mask & ~deal.view(Seat.WEST).hand.mask
    assert known.cannot[Seat.EAST].mask & spades == spades  # East did not follow
    assert not known.cannot[Seat.SOUTH].mask & spades  # South followed: anything
    # West sees KS QS 9S TS JS still hidden; East's hand, 7 cards, holds none of them
    assert known.sizes == (7, 7, 7, 8)


def test_no_agreeing_deal_is_a_library_error() -> None:
    rng = random.Random(3)
    deal = played_to(deal_in_play(RuleConfig.common(), rng), 10, rng)
    view = deal.view(Seat.NORTH)
    # a card went missing: the view is refused where it is made, before any sampling
    with pytest.raises(InvalidDealError, match="no deal"):
        attrs.evolve(view, hand=Hand(list(view.hand)[1:]))


def test_argument_checks() -> None:
    rng = random.Random(0)
    view = Deal.new(Seat.NORTH, RuleConfig.common(), rng).view(Seat.EAST)
    with pytest.raises(CoincheTypeError):
        constraints("view")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError):
        sample_deals(view, -1, rng)
    classic = Deal.new(Seat.NORTH, RuleConfig.classic_belote(), rng).view(Seat.EAST)
    with pytest.raises(InvalidDealError, match="classic"):
        constraints(classic)


def test_auction_view_samples_whole_deals() -> None:
    rng = random.Random(8)
    view = Deal.new(Seat.NORTH, RuleConfig.common(), rng).view(Seat.EAST)
    hands = sample_deals(view, 3, rng)
    for four in hands:
        assert [len(h) for h in four] == [8, 8, 8, 8]
        assert four[Seat.EAST] == view.hand
        assert (four[0] | four[1] | four[2] | four[3]).mask == 0xFFFFFFFF


def test_contradictory_views_have_no_deal() -> None:
    """Views edited to contradict themselves (announcements of cards the viewer holds,
    or that it declared but does not hold) are refused where they are made (FFB rules:
    announcements on)."""
    from coinche.announcements import Announcement, AnnouncementKind
    from coinche.auction import PASS, Bid
    from coinche.cards import Strain

    hands = [
        Hand.parse("JH 9H AH TH KH QH 8H 7H"),
        Hand.parse("AC TC KC QC JC 9C 8C 7S"),
        Hand.parse("AD TD KD QD JD 8S 9S TS"),
        Hand.parse("AS KS QS JS 7C 7D 8D 9D"),
    ]
    deal = Deal.from_hands(Seat.WEST, RuleConfig.ffb(), hands)
    deal = deal.apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
    view = deal.apply(Card.parse("JH")).view(Seat.NORTH)
    assert count_deals(view) > 0
    # North's 7 8 9 of hearts shown as East's tierce: no such East hand
    # (East has not played yet either); the view is refused where it is made
    shown = Announcement(AnnouncementKind.TIERCE, Hand.parse("7H 8H 9H"), Seat.EAST)
    with pytest.raises(InvalidDealError, match="EAST"):
        attrs.evolve(view, announcements=(shown,))
    # North "declared" the 7 8 9 of clubs, which it does not hold
    shown = Announcement(AnnouncementKind.TIERCE, Hand.parse("7C 8C 9C"), Seat.NORTH)
    with pytest.raises(InvalidDealError, match="NORTH declares"):
        attrs.evolve(view, announcements=(shown,))


# ---------------------------------------------------------------------- impossible views
# Views that no deal can show, built with the public PlayerView constructor (as a view
# record loads them): the constructor refuses each with an InvalidDealError naming what
# is wrong, so that no sampler ever sees one.
_HANDS = [
    Hand.parse("JH 9H AH TH KS QS 8D 7D"),  # North
    Hand.parse("AC TC KC QC JC 9C 8C 7C"),  # East: clubs only
    Hand.parse("KH QH 8H 7H AS TS 9S 8S"),  # South
    Hand.parse("AD TD KD QD JD 9D JS 7S"),  # West: no hearts
]


def _hearts_by(taker: Seat, rules: RuleConfig | None = None) -> Deal:
    """West deals the hands above; *taker* bids 80 hearts, the others pass."""
    from coinche.auction import PASS, Bid
    from coinche.cards import Strain

    deal = Deal.from_hands(Seat.WEST, rules or RuleConfig.common(), _HANDS)
    bid = False
    while deal.phase is Phase.AUCTION:
        if deal.to_move is taker and not bid:
            deal, bid = deal.apply(Bid(80, Strain.HEARTS)), True
        else:
            deal = deal.apply(PASS)
    assert deal.contract is not None
    assert deal.contract.taker is taker
    return deal


def _play(deal: Deal, codes: str) -> Deal:
    for code in codes.split():
        deal = deal.apply(Card.parse(code))
    return deal


def _refused(make: Callable[[], PlayerView], *words: str) -> None:
    """The view *make* builds is refused, and the error names *words*."""
    with pytest.raises(InvalidDealError) as caught:
        make()
    for word in ("no deal", *words):
        assert word in str(caught.value)


def test_the_viewers_own_discard_while_holding_the_led_suit_is_refused() -> None:
    from coinche.play import Trick

    # North leads JH (hearts are trumps), East has no heart and plays 7C. South, the
    # viewer, still holds KH QH 8H 7H: it must follow hearts. A view where it played
    # AS instead is impossible whatever the hidden cards.
    deal = _play(_hearts_by(Seat.NORTH), "JH 7C")
    view = deal.view(Seat.SOUTH)
    assert count_deals(view) > 0  # the true view is fine
    _refused(
        lambda: attrs.evolve(
            view,
            trick=Trick(Seat.NORTH, Card.parse_many("JH 7C AS")),
            hand=Hand.parse("KH QH 8H 7H TS 9S 8S"),
            to_move=Seat.WEST,
        ),
        "SOUTH",
        "AS",
        "trump",
    )


def test_the_viewers_earlier_play_is_checked_against_its_hand_then() -> None:
    from coinche.play import Trick

    # The same discard, a trick earlier: South's hand at the time is its hand now plus
    # the cards it played since (7H, in trick 2), so it held a heart then.
    deal = _play(_hearts_by(Seat.NORTH), "JH 7C 7H AD")  # North's JH wins trick 1
    deal = _play(deal, "9H 8C")
    view = deal.view(Seat.SOUTH)
    first = Trick(Seat.NORTH, Card.parse_many("JH 7C 8S AD"))  # 8S for 7H
    _refused(
        lambda: attrs.evolve(
            view,
            tricks=(first,),
            trick=Trick(Seat.NORTH, Card.parse_many("9H 8C 7H")),
            hand=Hand.parse("KH QH 8H AS TS 9S"),
            to_move=Seat.WEST,
        ),
        "SOUTH",
        "8S",
        "trick 1",
    )


def test_a_trick_not_led_by_the_winner_of_the_one_before_is_refused() -> None:
    from coinche.play import Trick

    # Trick 1, N: JH 7C 7H AD: JH, the jack of trumps, wins; North leads trick 2
    deal = _play(_hearts_by(Seat.NORTH), "JH 7C 7H AD")
    view = deal.view(Seat.SOUTH)
    assert view.trick == Trick(Seat.NORTH)
    _refused(
        lambda: attrs.evolve(view, trick=Trick(Seat.EAST), to_move=Seat.EAST),
        "trick 2",
        "EAST",
        "NORTH",
    )


def test_the_first_leader_follows_the_rules() -> None:
    # East takes. After the dealer (West) North leads; under first_lead='taker' East
    # does. The same view is possible under one rule and refused under the other.
    after_dealer = _hearts_by(Seat.EAST)
    taker_leads = _hearts_by(Seat.EAST, attrs.evolve(RuleConfig.common(), first_lead="taker"))
    north_led = after_dealer.apply(Card.parse("JH")).view(Seat.SOUTH)
    east_led = taker_leads.apply(Card.parse("AC")).view(Seat.SOUTH)
    assert count_deals(north_led) > 0
    assert count_deals(east_led) > 0
    _refused(lambda: attrs.evolve(north_led, rules=taker_leads.rules), "EAST", "NORTH", "trick 1")
    _refused(lambda: attrs.evolve(east_led, rules=after_dealer.rules), "EAST", "NORTH", "trick 1")


def test_the_seat_to_move_follows_the_trick() -> None:
    # North led JH and East played 7C: South is to play, not West
    view = _play(_hearts_by(Seat.NORTH), "JH 7C").view(Seat.WEST)
    assert view.to_move is Seat.SOUTH
    _refused(lambda: attrs.evolve(view, to_move=Seat.WEST), "SOUTH", "WEST")


def test_an_incomplete_trick_among_the_complete_ones_is_refused() -> None:
    from coinche.play import Trick

    view = _play(_hearts_by(Seat.NORTH), "JH 7C 7H AD").view(Seat.WEST)
    _refused(
        lambda: attrs.evolve(
            view,
            tricks=(Trick(Seat.NORTH, Card.parse_many("JH 7C 7H")),),
            hand=view.hand | Hand.parse("AD"),
        ),
        "trick 1",
        "not complete",
    )


def test_a_missing_card_in_the_viewers_hand_is_named() -> None:
    # South played one card of its eight: it holds seven, not six
    view = _play(_hearts_by(Seat.NORTH), "JH 7C 7H").view(Seat.SOUTH)
    _refused(lambda: attrs.evolve(view, hand=Hand.parse("KH QH 8H AS TS 9S")), "SOUTH", "6")
