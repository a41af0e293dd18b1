"""Announcements: finding them in a hand, checking them, comparing them.

RULES.md section 5 (runs in the order A K Q J 10 9 8 7; tierce 20, quarte 50, quinte
100; four jacks 200, four nines 150, four aces, tens, kings or queens 100, eights and
sevens nothing; the comparison) and section 9 (fours first, then the longest runs; a
run of six to eight is one announcement of 100).
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

import coinche
from coinche import (
    Announcement,
    AnnouncementKind,
    Card,
    Contract,
    Hand,
    InvalidDealError,
    RuleConfig,
    Seat,
    Strain,
    Suit,
    Team,
    Trick,
    compare_announcements,
    find_announcements,
    score_deal,
)
from coinche.errors import CoincheTypeError

# compiled: make compiled-test runs it again against the compiled build
pytestmark = pytest.mark.compiled

TIERCE = AnnouncementKind.TIERCE
QUARTE = AnnouncementKind.QUARTE
QUINTE = AnnouncementKind.QUINTE
FOUR = AnnouncementKind.FOUR_OF_A_KIND


def ann(kind: AnnouncementKind, cards: str, seat: Seat = Seat.NORTH) -> Announcement:
    """An announcement of *kind* made of *cards* (text) held by *seat*."""
    return Announcement(kind, Hand.parse(cards), seat)


def found(
    hand: str, strain: Strain, rules: RuleConfig, seat: Seat = Seat.NORTH
) -> set[Announcement]:
    """find_announcements on a hand written as text, as a set."""
    return set(find_announcements(Hand.parse(hand), strain, rules, seat))


# --------------------------------------------------------------- find_announcements


def test_four_of_a_kind_formed_before_runs() -> None:
    """RULES.md line 232: fours first; JH goes to the four jacks, so 9H-KH is no run."""
    # 9H TH JH QH KH would be a quinte, but JH serves in the four jacks (line 148),
    # leaving 9H TH and QH KH: two runs of two, nothing.
    result = found("JC JD JH JS 9H TH QH KH", Strain.SPADES, RuleConfig.ffb())
    assert result == {ann(FOUR, "JC JD JH JS")}


def test_four_queens_formed_before_runs() -> None:
    """RULES.md line 232: four queens first; JH KH AH without QH is no run."""
    result = found("QC QD QH QS JH KH AH 7C", Strain.SPADES, RuleConfig.ffb())
    assert result == {ann(FOUR, "QC QD QH QS")}


def test_four_tens_then_run_of_the_remaining_cards() -> None:
    """RULES.md lines 148 and 232: TS serves in the four tens; JS QS KS is a tierce."""
    # With TS, TS JS QS KS would be a quarte; the four tens are formed first.
    result = found("TC TD TH TS JS QS KS 7C", Strain.HEARTS, RuleConfig.ffb())
    assert result == {ann(FOUR, "TC TD TH TS"), ann(TIERCE, "JS QS KS")}


def test_four_jacks_and_quarte() -> None:
    """RULES.md lines 146-147 and 232: four jacks (200) and a quarte 7S-10S (50)."""
    result = found("JC JD JH JS 7S 8S 9S TS", Strain.HEARTS, RuleConfig.ffb())
    assert result == {ann(FOUR, "JC JD JH JS"), ann(QUARTE, "7S 8S 9S TS")}
    assert sorted(a.points for a in result) == [50, 200]


def test_run_of_eight_is_one_announcement_of_100() -> None:
    """RULES.md line 233: a run of six to eight cards is one announcement of 100."""
    result = find_announcements(
        Hand.parse("7H 8H 9H TH JH QH KH AH"), Strain.SPADES, RuleConfig.ffb()
    )
    assert len(result) == 1
    assert result[0].kind is QUINTE
    assert result[0].cards == Hand.parse("7H 8H 9H TH JH QH KH AH")
    assert result[0].points == 100


def test_run_of_six_is_one_announcement_of_100() -> None:
    """RULES.md line 233: a run of six cards is one announcement of 100."""
    result = find_announcements(
        Hand.parse("7S 8S 9S TS JS QS 7C 9D"), Strain.HEARTS, RuleConfig.ffb()
    )
    assert len(result) == 1
    assert result[0] == ann(QUINTE, "7S 8S 9S TS JS QS")
    assert result[0].points == 100


def test_runs_in_two_suits() -> None:
    """RULES.md lines 145-146: runs in every suit; a quinte (100) and a tierce (20)."""
    result = found("7C 8C 9C TC JC 7D 8D 9D", Strain.HEARTS, RuleConfig.ffb())
    assert result == {ann(QUINTE, "7C 8C 9C TC JC"), ann(TIERCE, "7D 8D 9D")}


def test_run_order_is_face_order_in_trumps() -> None:
    """RULES.md line 145: runs use A K Q J 10 9 8 7 in every strain, trumps included."""
    # 9H TH JH is a run by face order, though J and 9 are the top trumps in play.
    result = found("9H TH JH 7C 9C JC KD AS", Strain.HEARTS, RuleConfig.ffb())
    assert result == {ann(TIERCE, "9H TH JH")}


def test_runs_in_trumps_count_under_ffb() -> None:
    """RULES.md line 145: outside the classic game, runs count in the trump suit too."""
    result = found("7H 8H 9H 7C 8C 9C AS AD", Strain.HEARTS, RuleConfig.ffb())
    assert result == {ann(TIERCE, "7H 8H 9H"), ann(TIERCE, "7C 8C 9C")}


@pytest.mark.parametrize(
    ("strain", "kept"),
    [
        pytest.param(Strain.HEARTS, "7C 8C 9C", id="hearts-trumps"),
        pytest.param(Strain.CLUBS, "7H 8H 9H", id="clubs-trumps"),
    ],
)
def test_classic_no_runs_in_trumps(strain: Strain, kept: str) -> None:
    """RULES.md lines 158-159: classic (001), runs count only in plain suits."""
    result = found("7H 8H 9H 7C 8C 9C AS AD", strain, RuleConfig.classic_belote())
    assert result == {ann(TIERCE, kept)}


def test_classic_four_of_a_kind_with_a_trump_counts() -> None:
    """RULES.md lines 158-159: the classic restriction is on runs; four jacks still count."""
    result = found("JC JD JH JS 7H 8H 9H AS", Strain.HEARTS, RuleConfig.classic_belote())
    assert result == {ann(FOUR, "JC JD JH JS")}


@pytest.mark.parametrize("preset", ["common", "contract_only", "min82"])
def test_announcements_off_finds_nothing(preset: str) -> None:
    """RULES.md line 144 (off in 000) and lines 214-216 (contract_only, min82 inherit it)."""
    hand = Hand.parse("JC JD JH JS 7S 8S 9S TS")
    assert find_announcements(hand, Strain.HEARTS, RuleConfig.preset(preset)) == ()


def test_eights_and_sevens_are_nothing() -> None:
    """RULES.md lines 147-148: four eights and four sevens are worth nothing."""
    # 7 and 8 of each suit: four runs of two, no announcement at all.
    result = find_announcements(
        Hand.parse("7C 7D 7H 7S 8C 8D 8H 8S"), Strain.HEARTS, RuleConfig.ffb()
    )
    assert result == ()


def test_no_announcement_in_a_plain_hand() -> None:
    """RULES.md line 146: a run needs three cards in sequence of one suit."""
    result = find_announcements(
        Hand.parse("7C 9C JC KC 8D TD QD AD"), Strain.HEARTS, RuleConfig.ffb()
    )
    assert result == ()


def test_find_carries_the_seat() -> None:
    """RULES.md line 150: only the team holding the best scores, so each carries its seat."""
    result = find_announcements(
        Hand.parse("9C 9D 9H 9S QH KH AH 7C"), Strain.SPADES, RuleConfig.ffb(), Seat.WEST
    )
    assert {(a.kind, a.seat, a.team) for a in result} == {
        (FOUR, Seat.WEST, Team.EAST_WEST),
        (TIERCE, Seat.WEST, Team.EAST_WEST),
    }
    # four nines 150, tierce QH KH AH 20
    assert sorted(a.points for a in result) == [20, 150]


# ----------------------------------------------------------- Announcement itself


@pytest.mark.parametrize(
    ("kind", "cards", "points"),
    [
        pytest.param(TIERCE, "QH KH AH", 20, id="tierce"),
        pytest.param(QUARTE, "7D 8D 9D TD", 50, id="quarte"),
        pytest.param(QUINTE, "9S TS JS QS KS", 100, id="quinte"),
        pytest.param(QUINTE, "7C 8C 9C TC JC QC KC AC", 100, id="run-of-eight"),
        pytest.param(FOUR, "JC JD JH JS", 200, id="four-jacks"),
        pytest.param(FOUR, "9C 9D 9H 9S", 150, id="four-nines"),
        pytest.param(FOUR, "AC AD AH AS", 100, id="four-aces"),
        pytest.param(FOUR, "TC TD TH TS", 100, id="four-tens"),
        pytest.param(FOUR, "KC KD KH KS", 100, id="four-kings"),
        pytest.param(FOUR, "QC QD QH QS", 100, id="four-queens"),
    ],
)
def test_announcement_points(kind: AnnouncementKind, cards: str, points: int) -> None:
    """RULES.md lines 146-147: the value of each announcement."""
    assert ann(kind, cards).points == points


def test_announcement_team_and_suit() -> None:
    """RULES.md line 16: partners opposite; a run has a suit, a four of a kind none."""
    run = ann(TIERCE, "QH KH AH", Seat.WEST)
    assert run.team is Team.EAST_WEST
    assert run.suit is Suit.HEARTS
    four = ann(FOUR, "KC KD KH KS", Seat.SOUTH)
    assert four.team is Team.NORTH_SOUTH
    assert four.suit is None


@pytest.mark.parametrize(
    ("kind", "cards", "message"),
    [
        pytest.param(TIERCE, "QH KH AS", "QH KH AS is not a run of one suit", id="two-suits"),
        pytest.param(TIERCE, "7H 8H", "is not a run of one suit", id="two-cards"),
        pytest.param(TIERCE, "7H 9H TH", "ranks are not consecutive", id="gap"),
        pytest.param(QUARTE, "7H 8H 9H", "is a tierce, not a quarte", id="tierce-as-quarte"),
        pytest.param(TIERCE, "7H 8H 9H TH JH", "is a quinte, not a tierce", id="quinte-short"),
        pytest.param(QUINTE, "7H 8H 9H TH", "is a quarte, not a quinte", id="quarte-as-quinte"),
        pytest.param(FOUR, "KC KD KH QS", "is not four cards of one rank", id="mixed-ranks"),
        pytest.param(FOUR, "KC KD KH", "is not four cards of one rank", id="three-kings"),
        pytest.param(FOUR, "8C 8D 8H 8S", "score nothing", id="four-eights"),
        pytest.param(FOUR, "7C 7D 7H 7S", "score nothing", id="four-sevens"),
    ],
)
def test_announcement_validation(kind: AnnouncementKind, cards: str, message: str) -> None:
    """RULES.md lines 145-148: runs of one suit in sequence (3, 4, 5+), four of a rank,
    eights and sevens worth nothing."""
    with pytest.raises(InvalidDealError, match=message):
        Announcement(kind, Hand.parse(cards), Seat.NORTH)


# ------------------------------------------------------------ compare_announcements


def winner(
    announcements: list[Announcement], strain: Strain, rules: RuleConfig | None = None
) -> tuple[Team | None, set[Announcement]]:
    """compare_announcements with the scoring announcements as a set."""
    team, scoring = compare_announcements(announcements, strain, rules or RuleConfig.ffb())
    return team, set(scoring)


def test_compare_nothing() -> None:
    """RULES.md line 150: no announcement, nobody scores."""
    assert compare_announcements([], Strain.HEARTS, RuleConfig.ffb()) == (None, ())


def test_compare_one_team_only() -> None:
    """RULES.md line 150: the team holding the best announcement scores."""
    tierce = ann(TIERCE, "7C 8C 9C", Seat.EAST)
    assert winner([tierce], Strain.HEARTS) == (Team.EAST_WEST, {tierce})


def test_compare_higher_value_wins_with_all_its_announcements() -> None:
    """RULES.md lines 150-151: best = higher value; that team scores all its announcements,
    even one lower than the opponents' best."""
    quinte = ann(QUINTE, "7S 8S 9S TS JS", Seat.NORTH)
    tierce = ann(TIERCE, "7C 8C 9C", Seat.SOUTH)
    quarte = ann(QUARTE, "JD QD KD AD", Seat.EAST)
    assert winner([quarte, quinte, tierce], Strain.HEARTS) == (
        Team.NORTH_SOUTH,
        {quinte, tierce},
    )


def test_compare_team_best_decides() -> None:
    """RULES.md lines 150-155: each team's best is compared; NS's extra tierce is no help."""
    ns_quarte = ann(QUARTE, "7C 8C 9C TC", Seat.NORTH)
    ns_tierce = ann(TIERCE, "7S 8S 9S", Seat.SOUTH)
    ew_quarte = ann(QUARTE, "JD QD KD AD", Seat.WEST)
    # equal value and length; EW's top card (A) beats NS's (10)
    assert winner([ns_quarte, ns_tierce, ew_quarte], Strain.HEARTS) == (
        Team.EAST_WEST,
        {ew_quarte},
    )


def test_compare_four_of_a_kind_beats_run() -> None:
    """RULES.md line 152 (003 'Vier Gleiche zu 100 schlagen eine Fünferfolge')."""
    quinte = ann(QUINTE, "TH JH QH KH AH", Seat.NORTH)
    four = ann(FOUR, "QC QD QH QS", Seat.EAST)
    assert winner([quinte, four], Strain.HEARTS) == (Team.EAST_WEST, {four})


def test_compare_four_of_a_kind_beats_longer_run() -> None:
    """RULES.md line 152: at 100 a four of a kind beats a run, even a run of seven."""
    run = ann(QUINTE, "7S 8S 9S TS JS QS KS", Seat.SOUTH)
    four = ann(FOUR, "AC AD AH AS", Seat.WEST)
    assert winner([run, four], Strain.SPADES) == (Team.EAST_WEST, {four})


def test_compare_four_jacks_beat_four_nines() -> None:
    """RULES.md lines 146-151: jacks 200 against nines 150, higher value wins."""
    jacks = ann(FOUR, "JC JD JH JS", Seat.EAST)
    nines = ann(FOUR, "9C 9D 9H 9S", Seat.NORTH)
    assert winner([nines, jacks], Strain.HEARTS) == (Team.EAST_WEST, {jacks})


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        pytest.param("AC AD AH AS", "TC TD TH TS", id="aces-over-tens"),
        pytest.param("TC TD TH TS", "KC KD KH KS", id="tens-over-kings"),
        pytest.param("KC KD KH KS", "QC QD QH QS", id="kings-over-queens"),
        pytest.param("AC AD AH AS", "QC QD QH QS", id="aces-over-queens"),
    ],
)
def test_compare_fours_of_100(better: str, worse: str) -> None:
    """RULES.md line 156 (decision): two fours of a kind worth 100 compare A > 10 > K > Q."""
    high = ann(FOUR, better, Seat.WEST)
    low = ann(FOUR, worse, Seat.NORTH)
    assert winner([low, high], Strain.HEARTS) == (Team.EAST_WEST, {high})
    high = ann(FOUR, better, Seat.SOUTH)
    low = ann(FOUR, worse, Seat.EAST)
    assert winner([high, low], Strain.HEARTS) == (Team.NORTH_SOUTH, {high})


def test_compare_longer_run_wins_before_top_card() -> None:
    """RULES.md lines 152-154 (decision): a run of six beats a run of five, both 100,
    though the run of five has the higher top card."""
    six = ann(QUINTE, "7S 8S 9S TS JS QS", Seat.NORTH)
    five = ann(QUINTE, "TH JH QH KH AH", Seat.EAST)
    assert winner([six, five], Strain.HEARTS) == (Team.NORTH_SOUTH, {six})


def test_compare_higher_top_card_wins() -> None:
    """RULES.md lines 154-155 (003 'gewinnt die höhere oberste Karte')."""
    low = ann(TIERCE, "9C TC JC", Seat.NORTH)
    high = ann(TIERCE, "QD KD AD", Seat.EAST)
    assert winner([low, high], Strain.SPADES) == (Team.EAST_WEST, {high})


def test_compare_top_card_before_trumps() -> None:
    """RULES.md lines 154-155: the top card is compared before the run in trumps."""
    in_trumps = ann(TIERCE, "7H 8H 9H", Seat.NORTH)
    plain = ann(TIERCE, "QC KC AC", Seat.EAST)
    assert winner([in_trumps, plain], Strain.HEARTS) == (Team.EAST_WEST, {plain})


@pytest.mark.parametrize(
    ("strain", "team"),
    [
        pytest.param(Strain.CLUBS, Team.NORTH_SOUTH, id="clubs"),
        pytest.param(Strain.DIAMONDS, Team.EAST_WEST, id="diamonds"),
    ],
)
def test_compare_equal_runs_broken_by_trumps(strain: Strain, team: Team) -> None:
    """RULES.md line 155: equal runs (value, length, top card): the run in trumps wins."""
    clubs = ann(TIERCE, "9C TC JC", Seat.NORTH)
    diamonds = ann(TIERCE, "9D TD JD", Seat.EAST)
    scoring_team, scoring = winner([clubs, diamonds], strain)
    assert scoring_team is team
    assert scoring == ({clubs} if team is Team.NORTH_SOUTH else {diamonds})


@pytest.mark.parametrize(
    "strain",
    [
        pytest.param(Strain.HEARTS, id="neither-in-trumps"),
        pytest.param(Strain.NO_TRUMP, id="no-trump"),
        pytest.param(Strain.ALL_TRUMP, id="all-trump-both-in-trumps"),
    ],
)
def test_compare_equal_runs_nobody_scores(strain: Strain) -> None:
    """RULES.md line 155: runs still equal after every tie-break: nobody scores."""
    clubs = ann(TIERCE, "9C TC JC", Seat.NORTH)
    diamonds = ann(TIERCE, "9D TD JD", Seat.EAST)
    assert compare_announcements([clubs, diamonds], strain, RuleConfig.ffb()) == (None, ())


def test_compare_equal_best_nobody_scores_lower_ones_either() -> None:
    """RULES.md lines 150 and 155: when the best are equal, nobody scores anything."""
    ns_best = ann(QUARTE, "7C 8C 9C TC", Seat.NORTH)
    ns_other = ann(TIERCE, "QS KS AS", Seat.SOUTH)
    ew_best = ann(QUARTE, "7D 8D 9D TD", Seat.EAST)
    result = compare_announcements([ns_best, ns_other, ew_best], Strain.HEARTS, RuleConfig.ffb())
    assert result == (None, ())


def test_compare_classic_only_the_best_is_paid() -> None:
    """RULES.md lines 158-159: classic (001), only the single highest declaration is paid."""
    quinte = ann(QUINTE, "7S 8S 9S TS JS", Seat.NORTH)
    tierce = ann(TIERCE, "7C 8C 9C", Seat.SOUTH)
    quarte = ann(QUARTE, "JD QD KD AD", Seat.EAST)
    result = compare_announcements(
        [tierce, quarte, quinte], Strain.HEARTS, RuleConfig.classic_belote()
    )
    assert result == (Team.NORTH_SOUTH, (quinte,))


# ------------------------------------------------------------------ runs in no trump
def test_runs_count_in_no_trump_when_runs_in_trump_is_off() -> None:
    # runs_in_trump=False drops runs in the trump suit only; no trump has no trump
    # suit, so the tierce 7H 8H 9H (a quarte with TH) still counts.
    rules = attrs.evolve(RuleConfig.ffb(), runs_in_trump=False, allow_no_trump=True)
    found = coinche.find_announcements(
        Hand.parse("7H 8H 9H TH 7C 9D JS AS"), Strain.NO_TRUMP, rules
    )
    assert [a.kind for a in found] == [AnnouncementKind.QUARTE]
    # ... while in hearts the same run is in trumps and does not count
    assert coinche.find_announcements(Hand.parse("7H 8H 9H TH"), Strain.HEARTS, rules) == ()


# ------------------------------------------------------------------ argument types
TIERCE = AnnouncementKind.TIERCE


@pytest.mark.parametrize(
    ("kind", "cards", "seat", "message"),
    [
        ("tierce", Hand.parse("7H 8H 9H"), Seat.NORTH, "kind must be an AnnouncementKind"),
        (TIERCE, "7H 8H 9H", Seat.NORTH, "cards must be a Hand, not str"),
        (TIERCE, Card.parse_many("7H 8H 9H"), Seat.NORTH, "cards must be a Hand, not tuple"),
        (TIERCE, Hand.parse("7H 8H 9H"), "N", "seat must be a Seat, not str ('N')"),
        (TIERCE, Hand.parse("7H 8H 9H"), 0, "seat must be a Seat, not int (0)"),
    ],
)
def test_announcement_refuses_wrong_types(kind: Any, cards: Any, seat: Any, message: str) -> None:
    with pytest.raises(CoincheTypeError, match=re.escape(message)):
        Announcement(kind, cards, seat)


HAND = Hand.parse("7H 8H 9H TH 7C")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("7H 8H 9H", Strain.CLUBS, RuleConfig.ffb(), Seat.EAST), "hand must be a Hand"),
        ((HAND, "C", RuleConfig.ffb(), Seat.EAST), "strain must be a Strain, not str ('C')"),
        ((HAND, Strain.CLUBS, "ffb", Seat.EAST), "rules must be a RuleConfig, not str"),
        ((HAND, Strain.CLUBS, RuleConfig.ffb(), 1), "seat must be a Seat, not int (1)"),
    ],
)
def test_find_announcements_refuses_wrong_types(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(CoincheTypeError, match=re.escape(message)):
        find_announcements(*args)


def test_compare_announcements_refuses_other_objects() -> None:
    tierce = Announcement(TIERCE, Hand.parse("7H 8H 9H"), Seat.NORTH)
    wrong = r"announcements\[1\] must be an Announcement, not str"
    with pytest.raises(CoincheTypeError, match=wrong):
        compare_announcements([tierce, "tierce"], Strain.CLUBS, RuleConfig.ffb())  # type: ignore[list-item]
    with pytest.raises(CoincheTypeError, match="rules must be a RuleConfig"):
        compare_announcements([tierce], Strain.CLUBS, None)  # type: ignore[arg-type]


# ------------------------------------------------------------ declared announcements in score_deal
# North holds every heart and leads them in order; East follows with spades, South with
# clubs, West with diamonds. Hearts or all trump, North wins every trick.
ALL_HEARTS = tuple(Trick.parse(f"N: {rank}H {rank}S {rank}C {rank}D") for rank in "789TJQKA")


def _declared(*announcements: tuple[str, Seat]) -> list[Announcement]:
    return [Announcement(TIERCE, Hand.parse(cards), seat) for cards, seat in announcements]


def test_a_card_serves_in_one_declared_announcement_only() -> None:
    """RULES.md section 9: each card is used once (fours first, then the longest runs)."""
    declared = _declared(("7H 8H 9H", Seat.NORTH), ("9H TH JH", Seat.NORTH))
    with pytest.raises(InvalidDealError, match="9H already serves in another announcement"):
        score_deal(
            Contract(Seat.NORTH, Strain.HEARTS, 80),
            ALL_HEARTS,
            RuleConfig.ffb(),
            announcements=declared,
        )
    # the same two runs held by two seats are fine
    declared = _declared(("7S 8S 9S", Seat.EAST), ("7C 8C 9C", Seat.SOUTH))
    result = score_deal(
        Contract(Seat.NORTH, Strain.HEARTS, 80),
        ALL_HEARTS,
        RuleConfig.ffb(),
        announcements=declared,
    )
    assert result.capot is not None


def test_a_declared_run_in_trumps_is_refused_when_runs_in_trump_is_off() -> None:
    """RULES.md section 4/5, classic belote: runs count in plain suits only."""
    rules = attrs.evolve(RuleConfig.ffb(), runs_in_trump=False)
    hearts = Contract(Seat.NORTH, Strain.HEARTS, 80)
    with pytest.raises(InvalidDealError, match="runs in trumps do not count in these rules"):
        score_deal(hearts, ALL_HEARTS, rules, announcements=_declared(("7H 8H 9H", Seat.NORTH)))
    # a run in a plain suit is fine
    score_deal(hearts, ALL_HEARTS, rules, announcements=_declared(("7S 8S 9S", Seat.EAST)))
    # in all trump every suit is trumps
    all_trump = attrs.evolve(rules, allow_all_trump=True)
    contract = Contract(Seat.NORTH, Strain.ALL_TRUMP, 80)
    with pytest.raises(InvalidDealError, match="runs in trumps do not count in these rules"):
        score_deal(
            contract, ALL_HEARTS, all_trump, announcements=_declared(("7S 8S 9S", Seat.EAST))
        )
