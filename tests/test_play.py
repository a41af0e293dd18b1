"""Tests of the rules of play: RULES.md section 4 under every preset, and sections 1 and 9.

Notation: ``Trick.parse("N: AH 7S")`` means North led the ace of hearts and East played
the 7 of spades; the seat to move is the next one in the order of play N, E, S, W
(RULES.md section 1). North-South are partners, East-West are partners.

Unless a test says otherwise the contract is in spades, so spades are trumps.

Every expected value below is worked out by hand from RULES.md; the comment beside it
says why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinche import (
    CARDS,
    Card,
    CoincheError,
    CoincheTypeError,
    Hand,
    InvalidDealError,
    RuleConfig,
    Seat,
    Strain,
    Suit,
    Trick,
    card_points,
    explain_card,
    is_legal_card,
    legal_cards,
    trick_master,
    trick_points,
    trick_winner,
)

# compiled: make compiled-test runs it again against the compiled build
pytestmark = pytest.mark.compiled

H = Hand.parse
T = Trick.parse
C = Card.parse
SPADES = Strain.SPADES


def _presets(*names: str) -> list[object]:
    return [pytest.param(RuleConfig.preset(name), id=name) for name in names]


ALL_PRESETS = _presets("common", "ffb", "pagat", "contract_only", "min82", "classic_belote")
"""Every preset: for the lines of section 4 that all of them share."""
COINCHE_PRESETS = _presets("common", "ffb", "pagat", "contract_only", "min82")
"""The five coinche presets: section 4's rules 1 to 4 without the classic differences."""
UNDERTRUMP_PRESETS = _presets("common", "contract_only", "min82", "classic_belote")
"""Presets where rule 3c's "you must still play a trump" holds."""
DISCARD_PRESETS = _presets("ffb", "pagat")
"""Presets with the FFB option of rule 3c: discard instead of undertrumping."""
CLASSIC = RuleConfig.classic_belote()


# ---------------------------------------------------------------- the order of play
@pytest.mark.parametrize(
    ("text", "to_move"),
    [
        ("N: ", Seat.NORTH),
        ("N: AH", Seat.EAST),
        ("N: AH 7S", Seat.SOUTH),
        ("N: AH 7S KH", Seat.WEST),
        ("W: AH", Seat.NORTH),
        ("S: AH 7S", Seat.NORTH),
    ],
)
def test_trick_seat_to_move_follows_order_of_play(text: str, to_move: Seat) -> None:
    """RULES.md §1 "East plays after North, and so on"; §4 "one card from each seat in the
    order of play"."""
    # the seat to move is the leader moved on by the number of cards already played
    assert T(text).to_move is to_move


@pytest.mark.parametrize("rules", ALL_PRESETS)
def test_leader_may_play_any_card(rules: RuleConfig) -> None:
    """RULES.md §4 "Each trick: one card from each seat": the leader sets the led suit,
    so no rule of section 4 restricts the first card."""
    hand = H("JS 9S 7H AD KC")
    assert legal_cards(hand, T("E: "), SPADES, rules) == hand


# ---------------------------------------------------------------- rule 1
@pytest.mark.parametrize("rules", ALL_PRESETS)
def test_rule1_must_follow_led_suit(rules: RuleConfig) -> None:
    """RULES.md §4 rule 1: "Holding a card of the led suit, you must play one. (all)"."""
    # North led hearts; East holds two hearts, so only hearts; nobody has trumped, so
    # classic monter does not apply either
    assert legal_cards(H("7H KH 8S JS 7D"), T("N: AH"), SPADES, rules) == H("7H KH")


@pytest.mark.parametrize("rules", ALL_PRESETS)
def test_rule1_follow_rather_than_trump_when_trick_is_trumped(rules: RuleConfig) -> None:
    """RULES.md §4 rule 1 (all), and classic "Monter" only when you hold a higher card:
    holding the led suit you follow, even after an opponent has trumped."""
    # East trumped North's king; South holds QH 8H, neither beats the KH, so monter adds
    # nothing: any heart, and the jack of trumps may not be played
    assert legal_cards(H("QH 8H JS"), T("N: KH 7S"), SPADES, rules) == H("QH 8H")


@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_rule1_any_card_of_led_suit_after_opponent_trumped(rules: RuleConfig) -> None:
    """RULES.md §4 rule 1: "you must play one" - any card of the led suit; the coinche
    presets have no monter."""
    # East trumped; South may follow with the ace or the 8 of hearts
    assert legal_cards(H("AH 8H JS"), T("N: KH 7S"), SPADES, rules) == H("AH 8H")


# ---------------------------------------------------------------- classic: monter
def test_classic_monter_after_opponent_trumped() -> None:
    """RULES.md §4 classic "Monter: if an opponent has already won the trick by trumping,
    and you hold a card of the led suit higher than the highest card of that suit in the
    trick, you must play such a card"."""
    # East (an opponent of South) trumped the KH; South's AH beats the KH, its 8H does not
    assert legal_cards(H("AH 8H JS"), T("N: KH 7S"), SPADES, CLASSIC) == H("AH")


def test_classic_monter_beats_highest_card_of_led_suit_not_the_led_card() -> None:
    """RULES.md §4 classic "Monter": "higher than the highest card of that suit in the
    trick"."""
    # North led 8H, East (West's partner) played KH, South (opponent) trumped and wins.
    # West must go above the KH: the AH and the TH (plain order A 10 K); the 9H only
    # beats the led 8H, which is not enough
    trick = T("N: 8H KH 7S")
    assert legal_cards(H("AH TH 9H"), trick, SPADES, CLASSIC) == H("AH TH")


@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_no_monter_in_coinche_presets(rules: RuleConfig) -> None:
    """RULES.md §4 rule 1: the coinche presets only ask to follow suit (monter is a
    classic difference)."""
    trick = T("N: 8H KH 7S")
    assert legal_cards(H("AH TH 9H"), trick, SPADES, rules) == H("AH TH 9H")


def test_classic_monter_not_when_partner_won_by_trumping() -> None:
    """RULES.md §9: "Monter applies while the trick is won by an opponent's trump"."""
    # East (West's partner) trumped North's KH; South followed low. West need not go up
    assert legal_cards(H("AH 9H"), T("N: KH 7S 8H"), SPADES, CLASSIC) == H("AH 9H")


def test_classic_monter_not_when_opponent_undertrumped_partner() -> None:
    """RULES.md §9: "Monter applies while the trick is won by an opponent's trump"."""
    # East (partner) trumped with the 9S, South (opponent) trumped lower with the 7S: an
    # opponent has trumped but the partner's trump wins the trick, so no monter
    assert legal_cards(H("AH 8H"), T("N: KH 9S 7S"), SPADES, CLASSIC) == H("AH 8H")


def test_classic_monter_cannot_beat_so_any_card_of_led_suit() -> None:
    """RULES.md §4 classic "Monter" applies only "if ... you hold a card ... higher";
    otherwise rule 1."""
    # South (opponent) trumped; the best heart is East's AH, which West cannot beat
    assert legal_cards(H("TH 9H 7D"), T("N: 8H AH 7S"), SPADES, CLASSIC) == H("TH 9H")


# ---------------------------------------------------------------- rule 2: trumps led
@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_rule2_trump_lead_must_beat_highest_trump(rules: RuleConfig) -> None:
    """RULES.md §4 rule 2: "Trumps led: you must play a trump higher than the highest trump
    in the trick if you hold one"."""
    # the highest trump is East's 9S (trump order J 9 A 10 ...): only the JS beats it; the
    # AS beats the led 7S but not the 9S
    assert legal_cards(H("AS JS 8S KD"), T("N: 7S 9S"), SPADES, rules) == H("JS")


@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_rule2_trump_lead_overtrump_even_over_partner(rules: RuleConfig) -> None:
    """RULES.md §4 rule 2: "... higher than the highest trump in the trick if you hold one,
    even over your partner"."""
    # North (South's partner) leads 9S and is master; South still must play the JS
    assert legal_cards(H("JS 8S KD"), T("N: 9S 7S"), SPADES, rules) == H("JS")


def test_classic_trump_lead_no_obligation_to_go_higher() -> None:
    """RULES.md §4 classic: "a trump lead carries no obligation to go higher" (001 "You
    choose which")."""
    # trumps led, East's 9S is highest: South must play a trump, any trump
    assert legal_cards(H("AS JS 8S KD"), T("N: 7S 9S"), SPADES, CLASSIC) == H("AS JS 8S")


def test_classic_trump_lead_partner_master_any_trump() -> None:
    """RULES.md §4 classic: "Overtrumping is required only when an opponent has already
    trumped; a trump lead carries no obligation to go higher"."""
    assert legal_cards(H("JS 8S KD"), T("N: 9S 7S"), SPADES, CLASSIC) == H("JS 8S")


@pytest.mark.parametrize("rules", ALL_PRESETS)
def test_rule2_trump_lead_cannot_beat_any_trump(rules: RuleConfig) -> None:
    """RULES.md §4 rule 2: "... if you hold one ...; otherwise any trump"."""
    # the JS is the top trump: East plays any trump but may not discard the KD
    assert legal_cards(H("9S 7S KD"), T("N: JS"), SPADES, rules) == H("9S 7S")


@pytest.mark.parametrize("rules", ALL_PRESETS)
def test_rule2_trump_lead_without_trumps_any_card(rules: RuleConfig) -> None:
    """RULES.md §4 rule 2 asks for a trump only from a hand that holds one; rule 1 needs a
    card of the led suit: without trumps, any card."""
    hand = H("KD AH 7C")
    assert legal_cards(hand, T("N: JS"), SPADES, rules) == hand


@pytest.mark.parametrize("rules", ALL_PRESETS)
def test_trump_lead_opponent_master_trump_still_required(rules: RuleConfig) -> None:
    """RULES.md §9: "FFB's discard instead of undertrumping applies only when a plain suit
    was led ...; on a trump lead a trump is still required"."""
    # East (opponent) played the JS on North's trump lead; South cannot beat it but holds
    # trumps: a trump, even under ffb and pagat
    assert legal_cards(H("9S 8S KD"), T("N: 7S JS"), SPADES, rules) == H("9S 8S")


# ---------------------------------------------------------------- rule 3a
@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_rule3a_partner_master_any_card(rules: RuleConfig) -> None:
    """RULES.md §4 rule 3a: "if your partner is master, you may play any card"."""
    # North (South's partner) wins with the AH, East discarded; South has no heart
    hand = H("8S JS KD 7C")
    assert legal_cards(hand, T("N: AH 7D"), SPADES, rules) == hand


def test_classic_no_exemption_when_partner_master() -> None:
    """RULES.md §4 classic: "No exemption when the partner is master: not holding the led
    suit you must trump if you can"."""
    assert legal_cards(H("8S JS KD 7C"), T("N: AH 7D"), SPADES, CLASSIC) == H("8S JS")


@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_rule3a_partner_master_with_a_trump_any_card(rules: RuleConfig) -> None:
    """RULES.md §4 rule 3a: "if your partner is master, you may play any card"."""
    # East (West's partner) trumped with the 8S and is master; West may discard the KD
    hand = H("9S 7S KD")
    assert legal_cards(hand, T("N: 7H 8S 8H"), SPADES, rules) == hand


def test_classic_only_partner_trumped_any_trump() -> None:
    """RULES.md §9: "if only the partner has trumped, any trump will do"; §4 classic "No
    exemption when the partner is master"."""
    # West must trump (no exemption) but need not beat East's 8S: the 7S is fine too
    assert legal_cards(H("9S 7S KD"), T("N: 7H 8S 8H"), SPADES, CLASSIC) == H("9S 7S")


@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_rule3a_partner_master_after_opponent_undertrumped(rules: RuleConfig) -> None:
    """RULES.md §4 rule 3a: "if your partner is master, you may play any card"."""
    # East (partner) trumped with the 9S, South (opponent) undertrumped with the 7S: the
    # partner is master, so West may discard
    hand = H("JS 8S KD")
    assert legal_cards(hand, T("N: 7H 9S 7S"), SPADES, rules) == hand


def test_classic_opponent_trumped_must_beat_partners_trump() -> None:
    """RULES.md §9: "the overtrump duty starts when an opponent has trumped the trick and
    means beating the highest trump in it, even a partner's"."""
    # South (opponent) has trumped; the highest trump is East's (partner) 9S: the JS
    assert legal_cards(H("JS 8S KD"), T("N: 7H 9S 7S"), SPADES, CLASSIC) == H("JS")


def test_classic_opponent_trumped_cannot_beat_partner_any_trump() -> None:
    """RULES.md §4 classic "No exemption ... you must trump if you can", and rule 4 "Partner
    master with a trump ...: any trump"."""
    # West cannot beat the partner's 9S; the partner is master, so any trump, but a trump
    assert legal_cards(H("8S KD"), T("N: 7H 9S 7S"), SPADES, CLASSIC) == H("8S")


# ---------------------------------------------------------------- rule 4
@pytest.mark.parametrize("rules", ALL_PRESETS)
@pytest.mark.parametrize(
    ("trick", "hand"),
    [
        pytest.param("N: 7H JS 8H", "9S 7S", id="only-lower-trumps"),
        pytest.param("N: 7H 9S 8H", "JS 7S", id="higher-and-lower-trumps"),
    ],
)
def test_rule4_partner_master_with_trump_only_trumps(
    rules: RuleConfig, trick: str, hand: str
) -> None:
    """RULES.md §4 rule 4: "Partner master with a trump and you hold only trumps: any
    trump" (003 "darfst du einen niedrigeren legen")."""
    # East (West's partner) trumped and is master; only East has trumped, so even the
    # classic preset asks no more than a trump (§9 "any trump will do")
    assert legal_cards(H(hand), T(trick), SPADES, rules) == H(hand)


# ---------------------------------------------------------------- rule 3b
@pytest.mark.parametrize("rules", ALL_PRESETS)
def test_rule3b_must_trump_when_opponent_master(rules: RuleConfig) -> None:
    """RULES.md §4 rule 3b: "otherwise you must trump if you can"."""
    # North (East's opponent) leads the AH; East has no heart: any trump, no discard
    assert legal_cards(H("7S 8S KD"), T("N: AH"), SPADES, rules) == H("7S 8S")


@pytest.mark.parametrize("rules", ALL_PRESETS)
def test_rule3b_must_overtrump_opponent(rules: RuleConfig) -> None:
    """RULES.md §4 rule 3b: "if a trump is already in the trick you must play a higher trump
    if you hold one"."""
    # East (opponent) trumped with the 8S; South holds the JS, which beats it
    assert legal_cards(H("7S JS KD"), T("N: AH 8S"), SPADES, rules) == H("JS")


@pytest.mark.parametrize("rules", ALL_PRESETS)
def test_rule3b_must_beat_the_highest_trump(rules: RuleConfig) -> None:
    """RULES.md §4 rule 3b: "you must play a higher trump if you hold one" - higher than
    the master trump (South's 9S), not only the partner's 8S."""
    # East (partner) trumped 8S, South (opponent) overtrumped 9S and is master
    assert legal_cards(H("JS AS 7S KD"), T("N: 7H 8S 9S"), SPADES, rules) == H("JS")


# ---------------------------------------------------------------- rule 3c
@pytest.mark.parametrize("rules", UNDERTRUMP_PRESETS)
def test_rule3c_must_undertrump(rules: RuleConfig) -> None:
    """RULES.md §4 rule 3c: "holding only trumps lower than an opponent's trump already in
    the trick: you must still play a trump"."""
    # East (opponent) trumped with the JS; South has no heart and only the 7S under it
    assert legal_cards(H("7S KD AD"), T("N: AH JS"), SPADES, rules) == H("7S")


@pytest.mark.parametrize("rules", DISCARD_PRESETS)
def test_rule3c_ffb_may_discard_instead_of_undertrumping(rules: RuleConfig) -> None:
    """RULES.md §4 rule 3c: "or, FFB option (003 "Ausnahmen"), you may discard any card
    instead"."""
    hand = H("7S KD AD")
    assert legal_cards(hand, T("N: AH JS"), SPADES, rules) == hand


@pytest.mark.parametrize("rules", UNDERTRUMP_PRESETS)
def test_rule3c_must_undertrump_beating_only_partners_trump(rules: RuleConfig) -> None:
    """RULES.md §4 rule 3c: "holding only trumps lower than an opponent's trump ...: you must
    still play a trump"."""
    # East (partner) 8S, South (opponent) JS is master; West's 9S beats only the partner's
    # trump, so it counts as a lower trump: any trump, no discard
    assert legal_cards(H("9S 7S KD"), T("N: 7H 8S JS"), SPADES, rules) == H("9S 7S")


@pytest.mark.parametrize("rules", DISCARD_PRESETS)
def test_rule3c_ffb_discard_when_beating_only_partners_trump(rules: RuleConfig) -> None:
    """RULES.md §4 rule 3c FFB option; §9 "applies only when a plain suit was led and the
    trick's highest trump is an opponent's"."""
    hand = H("9S 7S KD")
    assert legal_cards(hand, T("N: 7H 8S JS"), SPADES, rules) == hand


# ---------------------------------------------------------------- rule 3d
@pytest.mark.parametrize("rules", ALL_PRESETS)
@pytest.mark.parametrize(
    ("trick", "hand"),
    [
        pytest.param("N: AH JS", "KD AD 7C", id="opponent-trumped"),
        pytest.param("N: AH", "KD 7C", id="opponent-master"),
        pytest.param("N: AH 7D", "KD 7C", id="partner-master"),
    ],
)
def test_rule3d_neither_led_suit_nor_trump_any_card(
    rules: RuleConfig, trick: str, hand: str
) -> None:
    """RULES.md §4 rule 3d: "holding neither the led suit nor a trump: any card"."""
    assert legal_cards(H(hand), T(trick), SPADES, rules) == H(hand)


# ---------------------------------------------------------------- no trump
@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_no_trump_follow_suit_without_going_higher(rules: RuleConfig) -> None:
    """RULES.md §4 "No trump: follow suit if you can, otherwise any card"."""
    # the 8H may be played under the KH; the JS is not special in no trump
    assert legal_cards(H("AH 8H JS"), T("N: KH"), Strain.NO_TRUMP, rules) == H("AH 8H")


@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_no_trump_cannot_follow_any_card(rules: RuleConfig) -> None:
    """RULES.md §4 "No trump: follow suit if you can, otherwise any card"."""
    # East discarded a spade; South has no heart: any card, whatever is partner or master
    hand = H("AD JS 9C")
    assert legal_cards(hand, T("N: KH 7S"), Strain.NO_TRUMP, rules) == hand


# ---------------------------------------------------------------- all trump
@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_all_trump_go_higher_even_over_partner(rules: RuleConfig) -> None:
    """RULES.md §4 "All trump: follow suit and play higher than the best card of the led
    suit in the trick whenever you can (even over your partner)"."""
    # North (partner) leads the 9H; trump order J 9 A 10: only the JH is higher
    hand = H("JH AH 8H 7S")
    assert legal_cards(hand, T("N: 9H 7H"), Strain.ALL_TRUMP, rules) == H("JH")


@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_all_trump_beat_best_card_not_led_card(rules: RuleConfig) -> None:
    """RULES.md §4 all trump: "higher than the best card of the led suit in the trick"."""
    # the best heart is East's 9H; the AH and KH beat the led 7H but not the 9H
    hand = H("AH JH KH")
    assert legal_cards(hand, T("N: 7H 9H"), Strain.ALL_TRUMP, rules) == H("JH")


@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_all_trump_other_suits_do_not_count(rules: RuleConfig) -> None:
    """RULES.md §4 all trump: "the best card of the led suit"; §4 "Who wins": "All trump:
    highest of the led suit"."""
    # East's JS is not of the led suit; South must beat the 8H: the KH (K above 8)
    hand = H("7H KH")
    assert legal_cards(hand, T("N: 8H JS"), Strain.ALL_TRUMP, rules) == H("KH")


@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_all_trump_cannot_go_higher_follow_suit(rules: RuleConfig) -> None:
    """RULES.md §4 all trump: "play higher ... whenever you can"; rule 1 otherwise."""
    # nothing beats the JH: any heart, no discard
    assert legal_cards(H("9H 7H KS"), T("N: JH"), Strain.ALL_TRUMP, rules) == H("9H 7H")


@pytest.mark.parametrize("rules", COINCHE_PRESETS)
def test_all_trump_cannot_follow_any_card(rules: RuleConfig) -> None:
    """RULES.md §4 all trump: "not holding the led suit, any card"."""
    hand = H("JS 9S 7C")
    assert legal_cards(hand, T("N: JH"), Strain.ALL_TRUMP, rules) == hand


# ---------------------------------------------------------------- who wins a trick
@pytest.mark.parametrize(
    ("trick", "strain", "winner"),
    [
        # a trump beats any card of the led suit
        ("N: AH 7S KH TH", Strain.SPADES, Seat.EAST),
        # hearts are trumps: the AH is the highest trump played (A above 10 and K)
        ("N: AH 7S KH TH", Strain.HEARTS, Seat.NORTH),
        # no trump played (clubs trumps): highest heart, plain order: the AH
        ("N: 9H 7D AH JH", Strain.CLUBS, Seat.SOUTH),
        # diamonds trumps: East's 7D is the only trump and wins
        ("N: 9H 7D AH JH", Strain.DIAMONDS, Seat.EAST),
        # hearts trumps: the JH is the top trump
        ("N: 9H 7D AH JH", Strain.HEARTS, Seat.WEST),
        # several trumps: the highest trump (JS over 9S and 8S)
        ("N: 7H 8S JS 9S", Strain.SPADES, Seat.SOUTH),
        # the 9 of trumps beats the ace of trumps
        ("N: AS 9S 7H TS", Strain.SPADES, Seat.EAST),
        # nobody followed or trumped: the led 7 wins
        ("N: 7H AS AD 8S", Strain.CLUBS, Seat.NORTH),
        # diamonds trumps: South's AD is the only trump
        ("N: 7H AS AD AC", Strain.DIAMONDS, Seat.SOUTH),
        # hearts trumps: the led 7H is the only trump
        ("N: 7H AS AD AC", Strain.HEARTS, Seat.NORTH),
    ],
)
def test_trick_winner_suit_contract(trick: str, strain: Strain, winner: Seat) -> None:
    """RULES.md §4 "Who wins a trick": "Suit contract: the highest trump if any was played,
    otherwise the highest card of the led suit"."""
    assert trick_winner(T(trick), strain) is winner


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        # plain order A 10 K: West's 10 beats the led king; the AS is off-suit
        ("N: KH AS 7H TH", Seat.WEST),
        # the JH is only the 5th plain card: the AH wins
        ("N: 9H 7D AH JH", Seat.SOUTH),
        # nobody followed: the led 7 wins
        ("N: 7H AS AD AC", Seat.NORTH),
    ],
)
def test_trick_winner_no_trump(trick: str, winner: Seat) -> None:
    """RULES.md §4 "Who wins a trick": "No trump: highest of the led suit, plain order"."""
    assert trick_winner(T(trick), Strain.NO_TRUMP) is winner


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        # trump order J 9 A 10: East's 9H beats the led AH; the 7S is off-suit
        ("N: AH 9H 7S TH", Seat.EAST),
        # the JH is first in trump order
        ("N: 9H 7D AH JH", Seat.WEST),
        # 10 beats K in trump order, but the A beats both
        ("N: AH 7S KH TH", Seat.NORTH),
        # the JS of another suit does not beat the led 7H
        ("N: 7H JS 8D 9C", Seat.NORTH),
    ],
)
def test_trick_winner_all_trump(trick: str, winner: Seat) -> None:
    """RULES.md §4 "Who wins a trick": "All trump: highest of the led suit, trump order"."""
    assert trick_winner(T(trick), Strain.ALL_TRUMP) is winner


@pytest.mark.parametrize(
    ("trick", "strain", "master"),
    [
        # one card: the leader is master
        ("S: 7H", Strain.CLUBS, Seat.SOUTH),
        # plain order: the 9H beats the 7H
        ("S: 7H 9H", Strain.CLUBS, Seat.WEST),
        # East trumped North's ace
        ("N: AH 7S", Strain.SPADES, Seat.EAST),
        # in hearts the AH is a trump; the 7S is a discard
        ("N: AH 7S", Strain.HEARTS, Seat.NORTH),
        ("N: AH 7S", Strain.NO_TRUMP, Seat.NORTH),
        # South overtrumped East
        ("N: AH 7S 8S", Strain.SPADES, Seat.SOUTH),
        # South undertrumped: East stays master
        ("N: AH 8S 7S", Strain.SPADES, Seat.EAST),
        # all trump: the JH beats the 9H
        ("N: JH 9H", Strain.ALL_TRUMP, Seat.NORTH),
        ("W: 9H JH TH", Strain.ALL_TRUMP, Seat.NORTH),
    ],
)
def test_trick_master_incomplete_trick(trick: str, strain: Strain, master: Seat) -> None:
    """RULES.md §4: "*master* the seat currently winning the trick", by the "Who wins a
    trick" order applied to the cards played so far."""
    assert trick_master(T(trick), strain) is master


# ---------------------------------------------------------------- card points
_TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
_PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
_NO_TRUMP_POINTS = {"A": 19, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
_ALL_TRUMP_POINTS = {"J": 14, "9": 9, "A": 6, "T": 5, "K": 3, "Q": 1, "8": 0, "7": 0}


@pytest.mark.parametrize(("rank", "points"), _TRUMP_POINTS.items())
def test_card_points_trump_suit(rank: str, points: int) -> None:
    """RULES.md §1 table "trump suit: points": J 20, 9 14, A 11, 10 10, K 4, Q 3, 8 0, 7 0."""
    assert card_points(C(rank + "H"), Strain.HEARTS) == points
    assert card_points(C(rank + "C"), Strain.CLUBS) == points


@pytest.mark.parametrize(("rank", "points"), _PLAIN_POINTS.items())
def test_card_points_plain_suit(rank: str, points: int) -> None:
    """RULES.md §1 table "plain suit: points": A 11, 10 10, K 4, Q 3, J 2, 9 8 7 0."""
    assert card_points(C(rank + "H"), Strain.SPADES) == points
    assert card_points(C(rank + "C"), Strain.DIAMONDS) == points


@pytest.mark.parametrize(("rank", "points"), _NO_TRUMP_POINTS.items())
@pytest.mark.parametrize("suit", "CDHS")
def test_card_points_no_trump(suit: str, rank: str, points: int) -> None:
    """RULES.md §1 "No trump: ... points A 19, 10 10, K 4, Q 3, J 2, 9 8 7 0"."""
    assert card_points(C(rank + suit), Strain.NO_TRUMP) == points


@pytest.mark.parametrize(("rank", "points"), _ALL_TRUMP_POINTS.items())
@pytest.mark.parametrize("suit", "CDHS")
def test_card_points_all_trump(suit: str, rank: str, points: int) -> None:
    """RULES.md §1 "All trump: ... points J 14, 9 9, A 6, 10 5, K 3, Q 1, 8 7 0"."""
    assert card_points(C(rank + suit), Strain.ALL_TRUMP) == points


@pytest.mark.parametrize("strain", list(Strain))
def test_card_points_every_scale_sums_to_152(strain: Strain) -> None:
    """RULES.md §1 "Every scale sums to 152"."""
    # suit: 62 (trumps) + 3 * 30 (plain) = 152; no trump 4 * 38; all trump 4 * 38
    assert sum(card_points(card, strain) for card in CARDS) == 152


@pytest.mark.parametrize(
    ("trick", "strain", "points"),
    [
        # J 20 + 9 14 + A 11 + 10 10 of trumps
        ("N: JH 9H AH TH", Strain.HEARTS, 55),
        # the same cards plain: J 2 + 9 0 + A 11 + 10 10
        ("N: JH 9H AH TH", Strain.SPADES, 23),
        # no trump: 2 + 0 + 19 + 10
        ("N: JH 9H AH TH", Strain.NO_TRUMP, 31),
        # all trump: 14 + 9 + 6 + 5
        ("N: JH 9H AH TH", Strain.ALL_TRUMP, 34),
        # clubs trumps: JC 20 + 9D 0 + AH 11 + 7S 0
        ("N: JC 9D AH 7S", Strain.CLUBS, 31),
        # diamonds trumps: JC 2 + 9D 14 + AH 11 + 7S 0
        ("N: JC 9D AH 7S", Strain.DIAMONDS, 27),
        ("N: JC 9D AH 7S", Strain.NO_TRUMP, 21),
        ("N: JC 9D AH 7S", Strain.ALL_TRUMP, 29),
        # an incomplete trick counts what is in it
        ("E: JS", Strain.SPADES, 20),
        ("E: KS QS", Strain.NO_TRUMP, 7),
        ("E: ", Strain.SPADES, 0),
    ],
)
def test_trick_points(trick: str, strain: Strain, points: int) -> None:
    """RULES.md §1 card points tables, added over the cards of a trick (the last-trick 10
    is not a card point)."""
    assert trick_points(T(trick), strain) == points


# ---------------------------------------------------------------- is_legal_card
@pytest.mark.parametrize(
    ("card", "hand", "trick", "rules", "legal"),
    [
        # rule 1: a heart must be played
        ("KH", "KH 8S", "N: AH", RuleConfig.common(), True),
        ("8S", "KH 8S", "N: AH", RuleConfig.common(), False),
        # rule 3c: must undertrump (common) or may discard (ffb)
        ("KD", "7S KD", "N: AH JS", RuleConfig.common(), False),
        ("KD", "7S KD", "N: AH JS", RuleConfig.ffb(), True),
        # rule 3a: partner master, any card; classic: must trump
        ("KD", "7S KD", "N: AH 7D", RuleConfig.common(), True),
        ("KD", "7S KD", "N: AH 7D", CLASSIC, False),
        # a card not in the hand is never legal, even one in the trick
        ("AS", "7S KD", "N: AH", RuleConfig.common(), False),
        ("AH", "7S KD", "N: AH", RuleConfig.common(), False),
    ],
)
def test_is_legal_card(card: str, hand: str, trick: str, rules: RuleConfig, legal: bool) -> None:
    """RULES.md §4 rules 1, 3a, 3c and the classic "No exemption" line, one card at a time."""
    assert is_legal_card(C(card), H(hand), T(trick), SPADES, rules) is legal


@pytest.mark.parametrize("rules", ALL_PRESETS)
@pytest.mark.parametrize(
    ("hand", "trick"),
    [
        ("7S JS KD AD", "N: AH 8S"),
        ("7S KD AD", "N: AH JS"),
        ("9S 7S KD", "N: 7H 8S 8H"),
        ("AH 8H JS", "N: KH 7S"),
        ("JS 8S KD", "N: 9S 7S"),
    ],
)
def test_is_legal_card_agrees_with_legal_cards(rules: RuleConfig, hand: str, trick: str) -> None:
    """RULES.md §4: one rule set; asking card by card gives the same legal cards."""
    legal = legal_cards(H(hand), T(trick), SPADES, rules)
    for card in CARDS:
        expected = card in legal
        assert is_legal_card(card, H(hand), T(trick), SPADES, rules) is expected


# ---------------------------------------------------------------- explain_card
def test_explain_card_legal_is_none() -> None:
    """RULES.md §4 rule 3c: the 7S (undertrump) is legal, so there is nothing to explain."""
    assert explain_card(C("7S"), H("7S KD AD"), T("N: AH JS"), SPADES) is None


def test_explain_card_ffb_discard_is_none() -> None:
    """RULES.md §4 rule 3c, FFB option: the discard is legal under ffb."""
    rules = RuleConfig.ffb()
    assert explain_card(C("KD"), H("7S KD AD"), T("N: AH JS"), SPADES, rules) is None


def test_explain_card_undertrump_names_rule_and_card() -> None:
    """RULES.md §4 rule 3c: "you must still play a trump"; the explanation names the rule
    and the master trump."""
    reason = explain_card(C("KD"), H("7S KD AD"), T("N: AH JS"), SPADES)
    assert isinstance(reason, str)
    assert "3c" in reason
    assert "JS" in reason


def test_explain_card_must_follow() -> None:
    """RULES.md §4 rule 1: "Holding a card of the led suit, you must play one"."""
    reason = explain_card(C("8S"), H("7H 8S"), T("N: AH"), SPADES)
    assert isinstance(reason, str)
    assert "rule 1" in reason
    assert "hearts" in reason


def test_explain_card_classic_monter() -> None:
    """RULES.md §4 classic "Monter": the 8H is illegal because the AH beats the KH."""
    reason = explain_card(C("8H"), H("AH 8H JS"), T("N: KH 7S"), SPADES, CLASSIC)
    assert isinstance(reason, str)
    assert "monter" in reason


def test_explain_card_classic_no_exemption() -> None:
    """RULES.md §4 classic "No exemption when the partner is master"."""
    reason = explain_card(C("KD"), H("8S KD"), T("N: AH 7D"), SPADES, CLASSIC)
    assert isinstance(reason, str)
    assert "trump" in reason


@pytest.mark.parametrize("card", ["AS", "AH"])
def test_explain_card_not_in_hand(card: str) -> None:
    """A card the seat does not hold (AH is even in the trick) cannot be played."""
    reason = explain_card(C(card), H("7S KD"), T("N: AH"), SPADES)
    assert isinstance(reason, str)
    assert "not in your hand" in reason


# ---------------------------------------------------------------- property: invariants
@given(
    deck=st.permutations(CARDS),
    played=st.integers(min_value=0, max_value=3),
    held=st.integers(min_value=1, max_value=8),
    leader=st.sampled_from(list(Seat)),
    strain=st.sampled_from(list(Strain)),
    preset=st.sampled_from(["common", "ffb", "pagat", "contract_only", "min82", "classic_belote"]),
)
def test_legal_cards_invariants(
    deck: list[Card], played: int, held: int, leader: Seat, strain: Strain, preset: str
) -> None:
    """RULES.md §4 rule 1 "(all)": holding the led suit, only cards of it; no trump and
    all trump "not holding the led suit, any card"; there is always a legal card."""
    rules = RuleConfig.preset(preset)
    trick = Trick(leader, deck[:played])
    hand = Hand(deck[4 : 4 + held])
    legal = legal_cards(hand, trick, strain, rules)
    assert legal
    assert legal <= hand
    if trick.cards:
        led = trick.cards[0].suit
        if hand.of_suit(led):
            assert legal <= hand.of_suit(led)
        elif not strain.is_suit:
            assert legal == hand
    else:
        assert legal == hand
    for card in hand:
        is_legal = card in legal
        assert is_legal_card(card, hand, trick, strain, rules) is is_legal
        assert (explain_card(card, hand, trick, strain, rules) is None) is is_legal


# ---------------------------------------------------------------- errors
Check = Callable[[Hand, Trick], object]
_CHECKERS: list[object] = [
    pytest.param(lambda h, t: legal_cards(h, t, SPADES), id="legal_cards"),
    pytest.param(lambda h, t: is_legal_card(C("7S"), h, t, SPADES), id="is_legal_card"),
    pytest.param(lambda h, t: explain_card(C("7S"), h, t, SPADES), id="explain_card"),
]


@pytest.mark.parametrize("call", _CHECKERS)
def test_complete_trick_is_refused(call: Check) -> None:
    """RULES.md §4 "one card from each seat": after four cards nobody is to move."""
    with pytest.raises(InvalidDealError, match="complete"):
        call(H("7S KD"), T("N: AH 8S KH TH"))


@pytest.mark.parametrize("call", _CHECKERS)
def test_empty_hand_is_refused(call: Check) -> None:
    """RULES.md §4: the seat to move plays a card; an empty hand has none."""
    with pytest.raises(InvalidDealError, match="empty"):
        call(Hand(), T("N: AH"))


@pytest.mark.parametrize("call", _CHECKERS)
def test_card_both_in_hand_and_trick_is_refused(call: Check) -> None:
    """RULES.md §1: 32 distinct cards; a card cannot be both played and still held."""
    with pytest.raises(InvalidDealError, match="both in the hand and in the trick"):
        call(H("AH 7S KD"), T("N: AH"))


def test_trick_winner_incomplete_trick_is_refused() -> None:
    """RULES.md §4 "Who wins a trick": a trick is won once all four seats have played."""
    with pytest.raises(InvalidDealError, match="not complete"):
        trick_winner(T("N: AH 7S KH"), SPADES)


def test_trick_master_empty_trick_is_refused() -> None:
    """RULES.md §4: *master* is the seat winning the trick; an empty trick has none."""
    with pytest.raises(InvalidDealError, match="empty trick"):
        trick_master(T("N: "), SPADES)


def test_legal_cards_wrong_hand_type() -> None:
    """The library's documented CoincheTypeError for an argument of the wrong type."""
    with pytest.raises(CoincheTypeError, match="hand must be a Hand"):
        legal_cards(cast(Hand, "KH 8S"), T("N: AH"), SPADES)


def test_legal_cards_wrong_trick_type() -> None:
    """The library's documented CoincheTypeError for an argument of the wrong type."""
    with pytest.raises(CoincheTypeError, match="trick must be a Trick"):
        legal_cards(H("KH 8S"), cast(Trick, "N: AH"), SPADES)


@pytest.mark.parametrize("strain", [Suit.SPADES, 3, "S"])
def test_legal_cards_wrong_strain_type(strain: object) -> None:
    """The library's documented CoincheTypeError: a strain must be a Strain (a Suit or an
    int is refused)."""
    with pytest.raises(CoincheTypeError, match="strain must be a Strain"):
        legal_cards(H("KH 8S"), T("N: AH"), cast(Strain, strain))


def test_legal_cards_wrong_rules_type() -> None:
    """The library's documented CoincheTypeError ("an argument of the wrong type") for the
    rules argument."""
    with pytest.raises(CoincheTypeError, match="rules"):
        legal_cards(H("KH 8S"), T("N: AH"), SPADES, cast(RuleConfig, "ffb"))


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda: is_legal_card(cast(Card, "KH"), H("KH"), T("N: AH"), SPADES)),
        pytest.param(lambda: explain_card(cast(Card, "KH"), H("KH"), T("N: AH"), SPADES)),
        pytest.param(lambda: card_points(cast(Card, "KH"), SPADES)),
    ],
    ids=["is_legal_card", "explain_card", "card_points"],
)
def test_wrong_card_type(call: Callable[[], object]) -> None:
    """The library's documented CoincheTypeError: a card must be a Card, not text."""
    with pytest.raises(CoincheTypeError, match="card must be a Card"):
        call()


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda: trick_winner(cast(Trick, "N: AH 7S KH TH"), SPADES)),
        pytest.param(lambda: trick_master(cast(Trick, "N: AH"), SPADES)),
        pytest.param(lambda: trick_points(cast(Trick, "N: AH"), SPADES)),
    ],
    ids=["trick_winner", "trick_master", "trick_points"],
)
def test_wrong_trick_type(call: Callable[[], object]) -> None:
    """The library's documented CoincheTypeError: a trick must be a Trick, not text."""
    with pytest.raises(CoincheTypeError, match="trick must be a Trick"):
        call()


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda: trick_winner(T("N: AH 7S KH TH"), cast(Strain, Suit.SPADES))),
        pytest.param(lambda: trick_master(T("N: AH"), cast(Strain, 3))),
        pytest.param(lambda: trick_points(T("N: AH"), cast(Strain, "S"))),
        pytest.param(lambda: card_points(C("AH"), cast(Strain, Suit.HEARTS))),
    ],
    ids=["trick_winner", "trick_master", "trick_points", "card_points"],
)
def test_wrong_strain_type(call: Callable[[], object]) -> None:
    """The library's documented CoincheTypeError: a strain must be a Strain."""
    with pytest.raises(CoincheTypeError, match="strain must be a Strain"):
        call()


# ------------------------------------------------------------------ Trick
WRONG_BYTES: Any = b"N: JH"


WRONG_STR: Any = "N: JH"


def test_trick_text_and_repr() -> None:
    """The trick notation: the leader, a colon, the cards separated by one space."""
    trick = Trick.parse("W: JH 9H 7H")
    assert str(trick) == "W: JH 9H 7H"
    assert repr(trick) == "Trick.parse('W: JH 9H 7H')"
    assert str(Trick(Seat.SOUTH)) == "S: "
    assert repr(Trick(Seat.SOUTH)) == "Trick.parse('S:')"
    assert eval(repr(Trick(Seat.SOUTH)), {"Trick": Trick}) == Trick(Seat.SOUTH)


def test_trick_plays_and_seat_of() -> None:
    trick = Trick.parse("E: 7C 8C AS")
    assert trick.plays() == (
        (Seat.EAST, Card.parse("7C")),
        (Seat.SOUTH, Card.parse("8C")),
        (Seat.WEST, Card.parse("AS")),
    )
    assert Trick(Seat.NORTH).plays() == ()
    assert [trick.seat_of(card) for card in trick.cards] == [Seat.EAST, Seat.SOUTH, Seat.WEST]
    with pytest.raises(InvalidDealError, match="9C is not in the trick E: 7C 8C AS"):
        trick.seat_of(Card.parse("9C"))


def test_a_complete_trick_takes_no_fifth_card() -> None:
    trick = Trick.parse("N: 7C 8C 9C TC")
    with pytest.raises(InvalidDealError, match="the trick is complete: no card can be added"):
        trick.play(Card.parse("JC"))
    with pytest.raises(InvalidDealError, match="a trick holds at most 4 cards, not 5"):
        Trick(Seat.NORTH, Card.parse_many("7C 8C 9C TC JC"))


def test_playing_a_card_adds_it_to_the_trick_mask() -> None:
    trick = Trick.parse("N: JH").play(Card.parse("9H")).play(Card.parse("7S"))
    assert trick == Trick.parse("N: JH 9H 7S")
    assert trick.mask == Hand.parse("JH 9H 7S").mask
    with pytest.raises(InvalidDealError, match="card 9H is played twice in the trick"):
        trick.play(Card.parse("9H"))
    # the mask is what legal_cards checks the hand against
    with pytest.raises(InvalidDealError, match="JH is both in the hand and in the trick"):
        legal_cards(Hand.parse("JH KH"), trick, Strain.HEARTS)
    with pytest.raises(InvalidDealError, match="9H 7S is both in the hand and in the trick"):
        legal_cards(Hand.parse("7S 9H KH"), trick, Strain.HEARTS)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Trick.parse(WRONG_BYTES), "a trick is read from a str, not bytes"),
        (lambda: Trick.parse("N: JH").play(WRONG_STR), "expected a Card, not str"),
        (
            lambda: Trick.parse("N: 7C").play(Card.parse("7C")),
            "card 7C is played twice in the trick",
        ),
        (
            lambda: Trick.parse("N: 7C 8C 9C TC").play(Card.parse("JC")),
            "the trick is complete: no card can be added",
        ),
        (
            lambda: Trick.parse("JH 9H"),
            "cannot read 'JH 9H' as a trick: write the leader first, as in 'N: JH 9H'",
        ),
        (lambda: trick_master(Trick(Seat.EAST), Strain.CLUBS), "an empty trick has no master"),
        (lambda: trick_winner(WRONG_STR, Strain.CLUBS), "trick must be a Trick, not str"),
        (
            lambda: Trick(Seat.NORTH).seat_of(Card.parse("7C")),
            "7C is not in the trick N: ",
        ),
    ],
)
def test_trick_errors_say_what_is_wrong(call: Callable[[], object], message: str) -> None:
    with pytest.raises(CoincheError) as info:
        call()
    assert str(info.value) == message


# ------------------------------------------- checks of legal_cards, is_legal_card and explain_card
ANY_POSITION = (Card.parse("KH"), Hand.parse("KH 7S"), Trick.parse("N: AH"), Strain.SPADES)


@pytest.mark.parametrize("check", [is_legal_card, explain_card])
def test_bad_rules_are_a_type_error_in_is_legal_card_and_explain_card(
    check: Callable[..., object],
) -> None:
    with pytest.raises(CoincheTypeError, match="rules must be a RuleConfig, not str"):
        check(*ANY_POSITION, "ffb")
    with pytest.raises(CoincheTypeError, match="rules must be a RuleConfig, not NoneType"):
        check(*ANY_POSITION, None)


@pytest.mark.parametrize("check", [legal_cards, is_legal_card, explain_card])
def test_position_errors_name_the_wrong_type(check: Callable[..., object]) -> None:
    card, hand, trick, strain = ANY_POSITION
    first = (card,) if check is not legal_cards else ()
    cases: list[tuple[tuple[object, ...], str]] = [
        ((*first, "KH 7S", trick, strain), "hand must be a Hand, not str"),
        ((*first, hand, "N: AH", strain), "trick must be a Trick, not str"),
        ((*first, hand, trick, strain, 1), "rules must be a RuleConfig, not int"),
        ((*first, Hand(), trick, strain), "the hand is empty: there is no card to play"),
        (
            (*first, hand, Trick.parse("N: AH KH"), strain),
            "KH is both in the hand and in the trick",
        ),
    ]
    if check is not legal_cards:
        cases.append((("KH", hand, trick, strain), "card must be a Card, not str"))
    for args, message in cases:
        with pytest.raises(CoincheError) as info:
            check(*args)
        assert str(info.value) == message


# ------------------------------------------------------------------ explain_card's sentences
@pytest.mark.parametrize(
    ("card", "hand", "trick", "strain", "rules", "reason"),
    [
        (
            "8H",
            "8H AH 7S",
            "N: TH",
            Strain.ALL_TRUMP,
            RuleConfig(allow_all_trump=True),
            "all trump: you must play a heart higher than the TH when you can",
        ),
        (
            "8D",
            "AD 8D JS",
            "N: KD 7S",
            Strain.SPADES,
            RuleConfig.classic_belote(),
            "an opponent has trumped: you must play a diamond higher than the best diamond "
            "in the trick when you can (monter)",
        ),
        (
            "KD",
            "7S KD",
            "N: JS",
            Strain.SPADES,
            RuleConfig(),
            "trumps were led: you must play a trump (rule 2)",
        ),
        (
            "7S",
            "7S 9S KD",
            "N: AS",
            Strain.SPADES,
            RuleConfig(),
            "trumps were led: you must play a trump higher than the AS (rule 2)",
        ),
        (
            "KD",
            "7S 9S KD",
            "N: AH JS",
            Strain.SPADES,
            RuleConfig(),
            "you hold no hearts and cannot beat the JS: you must still play a trump (rule 3c)",
        ),
        (
            "KD",
            "7S KD",
            "N: AH",
            Strain.SPADES,
            RuleConfig(),
            "you hold no hearts: you must trump (rule 3b)",
        ),
        (
            "7S",
            "7S AS KD",
            "N: AH TS",
            Strain.SPADES,
            RuleConfig(),
            "you hold no hearts: you must trump higher than the TS (rule 3b)",
        ),
        (
            "KD",
            "7H KD",
            "N: AH",
            Strain.SPADES,
            RuleConfig(),
            "you must follow hearts (rule 1)",
        ),
    ],
)
def test_explain_card_sentences(
    card: str, hand: str, trick: str, strain: Strain, rules: RuleConfig, reason: str
) -> None:
    """explain_card's sentence names the rule of RULES.md section 4 and the cards."""
    args = (Card.parse(card), Hand.parse(hand), Trick.parse(trick), strain, rules)
    assert explain_card(*args) == reason
    assert not is_legal_card(*args)


# ------------------------------------------------------------------ more rules of play
def test_classic_monter_looks_at_the_led_suit_only() -> None:
    """RULES.md 4, classic: beat the best card of the led suit, whatever trump is higher."""
    trick = Trick.parse("N: KD JS")  # East trumped North's king with the jack
    hand = Hand.parse("8D AD 7C")
    assert legal_cards(hand, trick, Strain.SPADES, RuleConfig.classic_belote()) == Hand.parse("AD")


def test_without_the_exemption_a_partner_trump_must_be_beaten() -> None:
    """RULES.md 4, rule 3b without 3a: a trump in the trick must be beaten, even a partner's."""
    rules = attrs.evolve(RuleConfig.common(), partner_master_exemption=False)
    trick = Trick.parse("W: AH 8S 7H")  # North, South's partner, trumped
    hand = Hand.parse("KD 7S JS")
    assert legal_cards(hand, trick, Strain.SPADES, rules) == Hand.parse("JS")
    # classic belote: the duty to overtrump starts with an opponent's trump
    classic = RuleConfig.classic_belote()
    assert legal_cards(hand, trick, Strain.SPADES, classic) == Hand.parse("7S JS")


def test_the_seven_of_trumps_is_a_trump_to_beat() -> None:
    trick = Trick.parse("N: AH 7S")
    reason = explain_card(Card.parse("KD"), Hand.parse("9S KD"), trick, Strain.SPADES)
    assert reason == "you hold no hearts: you must trump higher than the 7S (rule 3b)"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: Trick(Seat.NORTH, WRONG_STR),
            "a trick's cards are Card objects; use Trick.parse for text",
        ),
        (lambda: Trick(WRONG_STR), "a trick's leader must be a Seat, not 'N: JH'"),
        (lambda: Trick(Seat.NORTH, [WRONG_STR]), "a trick holds Card objects, not str ('N: JH')"),
        (
            lambda: Trick(Seat.NORTH, Card.parse_many("7C 7C")),
            "card 7C is played twice in the trick",
        ),
        (lambda: card_points(WRONG_STR, Strain.CLUBS), "card must be a Card, not str"),
    ],
)
def test_building_a_trick_says_what_is_wrong(call: Callable[[], object], message: str) -> None:
    with pytest.raises(CoincheError) as info:
        call()
    assert str(info.value) == message
