"""The pictures (coinche.svg): every drawing is XML holding exactly the cards it should.

A card face is a ``<g class="card ...">`` whose ``<title>`` starts with the card's name
in words; a card back is a ``<g class="card-back">``. The names are spelt out here from
the ranks and suits, not taken from the module under test. Expected cards come from the
deal itself (its hands, tricks and turned card), and expected orders and marks from the
rules (RULES.md section 4 for trick winners and legal cards).

The golden files under tests/golden/ pin three small drawings byte for byte; see
tests/make_golden.py for how they are regenerated and reviewed.
"""

from __future__ import annotations

import math
import random
import runpy
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings

from coinche import (
    CARDS,
    PRESETS,
    Card,
    CardNotInHandError,
    CoincheTypeError,
    Contract,
    Deal,
    DealResult,
    Direction,
    DrawingError,
    Game,
    Hand,
    Phase,
    PlayerView,
    Rank,
    RuleConfig,
    Seat,
    Strain,
    Suit,
    Team,
    TeamPoints,
    Trick,
    score_deal,
    svg,
)
from coinche.auction import COINCHE, PASS, Bid
from coinche.bots.players import RandomPlayer, play_game
from coinche.testing.deals import CAPOT_TRICKS
from coinche.testing.strategies import deals, player_views

NS = "{http://www.w3.org/2000/svg}"
RANK_WORDS = {
    Rank.SEVEN: "seven",
    Rank.EIGHT: "eight",
    Rank.NINE: "nine",
    Rank.TEN: "ten",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
    Rank.ACE: "ace",
}
SUIT_WORDS = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts",
              Suit.SPADES: "spades"}  # fmt: skip
BY_NAME = {f"{RANK_WORDS[c.rank]} of {SUIT_WORDS[c.suit]}": c for c in CARDS}
GOLDEN = Path(__file__).resolve().parent / "golden"

SUIT_HANDS = [
    Hand.parse(text)
    for text in (
        "7C 8C 9C TC JC QC KC AC",
        "7D 8D 9D TD JD QD KD AD",
        "7H 8H 9H TH JH QH KH AH",
        "7S 8S 9S TS JS QS KS AS",
    )
]


# ------------------------------------------------------------------ reading a drawing
def parse(picture: str) -> ET.Element:
    assert isinstance(picture, svg.Svg)
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    assert root.find(f"{NS}title") is not None  # the picture as a whole has a title
    return root


def card_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if "card" in (g.get("class") or "").split()]


def title(group: ET.Element) -> str:
    # the title is the group's first child, where SVG 1.1 readers look for it
    assert group[0].tag == f"{NS}title"
    found = group.find(f"{NS}title")
    assert found is not None
    assert found.text is not None
    return found.text


def faces(root: ET.Element) -> list[Card]:
    """The cards drawn face up, in document order (repeats kept)."""
    return [BY_NAME[title(g).split(",")[0]] for g in card_groups(root)]


def marked(root: ET.Element, css: str) -> list[tuple[Card, str]]:
    """The cards whose class includes *css*, with the end of their titles."""
    found = []
    for g in card_groups(root):
        if css in (g.get("class") or "").split():
            name, _, mark = title(g).partition(", ")
            found.append((BY_NAME[name], mark))
    return found


def marked_cards(root: ET.Element, css: str) -> Hand:
    cards = [card for card, _ in marked(root, css)]
    assert len(set(cards)) == len(cards)
    return Hand(cards)


def backs(root: ET.Element) -> int:
    groups = [g for g in root.iter(f"{NS}g") if g.get("class") == "card-back"]
    assert all(title(g) == "a hidden card" for g in groups)
    return len(groups)


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{NS}text")]


def same_cards(drawn: list[Card], expected: list[Card]) -> bool:
    return Counter(drawn) == Counter(expected)


# ------------------------------------------------------------------ what a deal holds
def public_cards(deal: Deal) -> list[Card]:
    """The played cards, and the turned card while it lies on the table."""
    cards = [card for done in deal.tricks for card in done.cards]
    if deal.trick is not None:
        cards += deal.trick.cards
    if deal.turned is not None and deal.contract is None:
        cards.append(deal.turned)
    return cards


def drawn(deal: Deal, seat: Seat) -> Hand:
    """The hand a deal diagram draws for *seat*: what it holds, or once all eight
    tricks are played, what it was dealt."""
    return deal.hands[seat] if deal.phase is Phase.SCORED else deal.hand(seat)


def check_deal_drawing(deal: Deal, viewer: Seat) -> None:
    # the whole deal: every hand face up, the legal cards of the seat to move marked
    root = parse(svg.deal(deal, legal=True))
    held = [card for seat in Seat for card in drawn(deal, seat)]
    assert same_cards(faces(root), held + public_cards(deal))
    assert backs(root) == 0
    legal = [a for a in deal.legal_actions() if isinstance(a, Card)]
    assert marked_cards(root, "legal") == Hand(legal)
    assert len(marked(root, "winner")) == len(deal.tricks) + (
        1 if deal.trick is not None and deal.trick.cards else 0
    )
    # one player's view: its own hand only, every other hand as backs, no other face
    view = deal.view(viewer)
    root = parse(svg.deal(view, legal=True))
    assert same_cards(faces(root), list(drawn(deal, viewer)) + public_cards(deal))
    assert backs(root) == sum(len(drawn(deal, seat)) for seat in Seat if seat is not viewer)
    hidden = {card for seat in Seat if seat is not viewer for card in deal.hand(seat)}
    assert hidden.isdisjoint(faces(root))
    # and no hidden card is named anywhere in the picture (names are only in titles)
    names = " ".join(title(g) for g in root.iter(f"{NS}g") if g.find(f"{NS}title") is not None)
    assert not any(name in names for name, card in BY_NAME.items() if card in hidden)
    if deal.to_move is viewer:
        assert marked_cards(root, "legal") == Hand(legal)
    else:
        assert marked(root, "legal") == []


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_step_of_random_deals_draws_exactly_its_cards(preset: str) -> None:
    rules = RuleConfig.preset(preset)
    player = RandomPlayer()
    for seed in range(2):
        rng = random.Random(f"{preset}:{seed}")
        deal = Deal.new(Seat(seed % 4), rules, rng)
        step = 0
        while True:
            check_deal_drawing(deal, Seat(step % 4))
            if deal.is_over:
                break
            seat = deal.to_move
            assert seat is not None
            deal = deal.apply(player.choose(deal.view(seat), deal.legal_actions(), rng))
            step += 1


@settings(max_examples=25)
@given(deals())
def test_drawn_deals_of_any_rules_hold_their_cards(deal: Deal) -> None:
    check_deal_drawing(deal, deal.dealer)


@settings(max_examples=25)
@given(player_views())
def test_a_view_shows_no_card_it_does_not_know(view: PlayerView) -> None:
    root = parse(svg.deal(view))
    played = [card for done in view.tricks for card in done.cards]
    if view.trick is not None:
        played += view.trick.cards
    turned = [view.turned] if view.turned is not None and view.contract is None else []
    own = list(view.hand)
    if view.phase is Phase.SCORED:  # all played: its hand as dealt, the cards it played
        own = [card for done in view.tricks for seat, card in done.plays() if seat is view.seat]
    assert same_cards(faces(root), own + played + turned)
    known = set(view.hand) | set(played) | set(turned)
    assert all(card in known for card in faces(root))


# ------------------------------------------------------------------ hands
def test_hand_order_without_strain_alternates_colours_in_face_order() -> None:
    root = parse(svg.hand(Hand.parse("7H JH AH TS 9D KC AC 8S")))
    # spades, hearts, clubs, diamonds; A K Q J 10 9 8 7 within a suit
    assert faces(root) == list(Card.parse_many("TS 8S AH JH 7H AC KC 9D"))


@pytest.mark.parametrize(
    ("strain", "order"),
    [
        # trumps first, in trump order J 9 A 10 K Q 8 7; then the other colours alternate
        (Strain.HEARTS, "JH 9H AH TH 7H TS 8S AD 9D AC KC"),
        (Strain.DIAMONDS, "9D AD TS 8S AH TH JH 9H 7H AC KC"),
        (Strain.CLUBS, "AC KC AH TH JH 9H 7H TS 8S AD 9D"),
        (Strain.SPADES, "TS 8S AH TH JH 9H 7H AC KC AD 9D"),
        # no trump: plain order in every suit; all trump: trump order in every suit
        (Strain.NO_TRUMP, "TS 8S AH TH JH 9H 7H AC KC AD 9D"),
        (Strain.ALL_TRUMP, "TS 8S JH 9H AH TH 7H AC KC 9D AD"),
    ],
)
def test_hand_order_under_each_strain(strain: Strain, order: str) -> None:
    hand = Hand.parse("7H JH AH TH 9H TS 8S 9D AD KC AC")
    assert faces(parse(svg.hand(hand, strain=strain))) == list(Card.parse_many(order))


def test_hand_marks_legal_cards_and_raises_them() -> None:
    hand = Hand.parse("7S JS KD AD")
    root = parse(svg.hand(hand, legal=Hand.parse("JS 7S")))
    assert marked_cards(root, "legal") == Hand.parse("7S JS")
    assert {mark for _, mark in marked(root, "legal")} == {"may be played"}
    # a raised card sits higher (smaller y) than the others
    tops = {
        BY_NAME[title(g).split(",")[0]]: float(
            (g.get("transform") or "").split("(")[1].split(")")[0].split()[1]
        )
        for g in card_groups(root)
    }
    assert tops[Card.parse("7S")] < tops[Card.parse("KD")]
    assert parse(svg.hand(hand, legal=Hand())).get("height") == parse(svg.hand(hand)).get("height")


def test_empty_hand_is_an_empty_place() -> None:
    root = parse(svg.hand(Hand()))
    assert faces(root) == []
    assert backs(root) == 0
    assert root.find(f"{NS}rect") is not None


def test_size_is_the_height_of_a_card() -> None:
    # a card is 70 units high and the single-card picture has margins of 6 (82 units)
    assert parse(svg.card(Card.parse("JH"), size=70)).get("height") == "82"
    assert parse(svg.card(Card.parse("JH"), size=35)).get("height") == "41"
    assert parse(svg.card(Card.parse("JH"), size=35)).get("viewBox") == "0 0 62 82"
    default = parse(svg.card(Card.parse("JH")))
    assert math.isclose(
        float(default.get("height") or 0), 82 * svg.DEFAULT_SIZE / 70, abs_tol=0.01
    )


def fills(picture: str) -> set[str]:
    root = ET.fromstring(picture)
    return {t.get("fill") or "" for t in root.iter(f"{NS}text")}


def test_four_colours_change_only_clubs_and_diamonds() -> None:
    hand = Hand.parse("7C")
    assert fills(svg.hand(hand)) == fills(svg.hand(Hand.parse("7S")))  # clubs are black
    assert fills(svg.hand(hand, four_colour=True)) != fills(svg.hand(hand))
    assert fills(svg.hand(Hand.parse("7D"), four_colour=True)) != fills(svg.hand(Hand.parse("7D")))
    assert fills(svg.hand(Hand.parse("7H"), four_colour=True)) == fills(svg.hand(Hand.parse("7H")))
    assert fills(svg.hand(Hand.parse("7S"), four_colour=True)) == fills(svg.hand(Hand.parse("7S")))


@pytest.mark.parametrize("size", [0, -5, math.nan, math.inf])
def test_bad_sizes_are_refused(size: float) -> None:
    with pytest.raises(DrawingError, match="size must be a positive number of pixels"):
        svg.hand(Hand(), size=size)


DRAWERS: list[Callable[[float], str]] = [
    lambda size: svg.card(Card.parse("7C"), size=size),
    lambda size: svg.hand(Hand.parse("7C 8C"), size=size),
    lambda size: svg.trick(Trick.parse("N: 7C"), size=size),
    lambda size: svg.deal(Deal.new(Seat.WEST, RuleConfig(), random.Random(1)), size=size),
]


@pytest.mark.parametrize("draw", DRAWERS, ids=["card", "hand", "trick", "deal"])
@pytest.mark.parametrize("size", [1e308, 10_000.5, pytest.param(10**400, id="10**400")], ids=str)
def test_sizes_past_the_most_are_refused(draw: Callable[[float], str], size: float) -> None:
    """size=1e308 once wrote width="inf", size=10**400 raised a bare
    OverflowError; a size is a positive number of pixels up to svg.MAX_SIZE."""
    assert svg.MAX_SIZE == 10_000
    with pytest.raises(DrawingError, match="size must be a positive number of pixels up to"):
        draw(size)
    root = parse(draw(svg.MAX_SIZE))  # the most is allowed, and gives finite numbers
    assert math.isfinite(float(root.get("width") or "nan"))


@pytest.mark.parametrize("size", [True, "60", None])
def test_sizes_of_the_wrong_type_are_refused(size: object) -> None:
    with pytest.raises(CoincheTypeError, match="size must be a number of pixels"):
        svg.card(Card.parse("7C"), size=size)  # type: ignore[arg-type]


def test_arguments_of_the_wrong_type_are_named() -> None:
    with pytest.raises(CoincheTypeError, match="hand must be a Hand, not str"):
        svg.hand("7C 8C")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="strain must be a Strain or None, not 'H'"):
        svg.hand(Hand(), strain="H")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="legal must be a Hand or None, not list"):
        svg.hand(Hand(), legal=[])  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="four_colour must be a bool, not int \\(1\\)"):
        svg.hand(Hand(), four_colour=1)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="card must be a Card, not str"):
        svg.card("JH")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="card must be a Card, not str"):
        svg.card_name("JH")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="trick must be a Trick, not str"):
        svg.trick("N: JH")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="direction must be a Direction"):
        svg.trick(Trick.parse("N:"), direction="clockwise")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="deal draws a Deal or a PlayerView, not Hand"):
        svg.deal(Hand())  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="result must be a DealResult, not str"):
        svg.result_table("x")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="game must be a Game, not str"):
        svg.score_sheet("x")  # type: ignore[arg-type]


def test_legal_cards_outside_the_hand_are_named() -> None:
    with pytest.raises(CardNotInHandError, match="legal names 8S JS, which are not in"):
        svg.hand(Hand.parse("7S"), legal=Hand.parse("7S 8S JS"))


def test_card_alone() -> None:
    root = parse(svg.card(Card.parse("TH"), four_colour=True))
    assert faces(root) == [Card.parse("TH")]
    assert "10" in texts(root)


# ------------------------------------------------------------------ tricks
def test_trick_marks_the_winner_of_a_complete_trick() -> None:
    # North led the ace of hearts and East trumped with the seven of spades (rule 3b)
    trick = Trick.parse("N: AH 7S KH TH")
    root = parse(svg.trick(trick, Strain.SPADES))
    assert same_cards(faces(root), list(trick.cards))
    assert marked(root, "winner") == [(Card.parse("7S"), "wins the trick")]
    # in hearts the ace is the highest heart
    root = parse(svg.trick(trick, Strain.HEARTS))
    assert marked(root, "winner") == [(Card.parse("AH"), "wins the trick")]


def test_trick_in_progress_marks_the_card_winning_so_far() -> None:
    root = parse(svg.trick(Trick.parse("S: 7H 9H"), Strain.CLUBS))
    assert marked(root, "winner") == [(Card.parse("9H"), "winning the trick so far")]
    # two places still empty, drawn dashed
    dashed = [r for r in root.iter(f"{NS}rect") if r.get("stroke-dasharray")]
    assert len(dashed) == 2


def test_trick_without_strain_marks_nothing() -> None:
    root = parse(svg.trick(Trick.parse("N: AH 7S KH TH")))
    assert marked(root, "winner") == []


def test_empty_trick_names_its_leader() -> None:
    root = parse(svg.trick(Trick.parse("W:")))
    assert faces(root) == []
    assert "West, led" in texts(root)
    assert len([r for r in root.iter(f"{NS}rect") if r.get("stroke-dasharray")]) == 4


def card_x(root: ET.Element, card: Card) -> float:
    for g in card_groups(root):
        if BY_NAME[title(g).split(",")[0]] == card:
            return float((g.get("transform") or "").split("(")[1].split()[0])
    raise AssertionError(card)


def test_east_is_on_the_right_unless_play_runs_counter_clockwise() -> None:
    trick = Trick.parse("E: 7C 8C 9C TC")  # East, South, West, North
    clockwise = parse(svg.trick(trick))
    assert card_x(clockwise, Card.parse("7C")) > card_x(clockwise, Card.parse("9C"))
    other = parse(svg.trick(trick, direction=Direction.COUNTERCLOCKWISE))
    assert card_x(other, Card.parse("7C")) < card_x(other, Card.parse("9C"))
    # North and South share the middle column either way
    assert card_x(other, Card.parse("8C")) == card_x(other, Card.parse("TC"))


# ------------------------------------------------------------------ deals
def suit_deal(rules: RuleConfig | None = None) -> Deal:
    """North holds the clubs, East the diamonds, South the hearts, West the spades;
    West deals, so North speaks first and leads."""
    return Deal.from_hands(Seat.WEST, rules or RuleConfig(), SUIT_HANDS)


def label_x(root: ET.Element, word: str) -> float:
    for t in root.iter(f"{NS}text"):
        if "".join(t.itertext()).startswith(word):
            return float(t.get("x") or 0)
    raise AssertionError(word)


def test_deal_puts_east_on_the_right_when_play_runs_clockwise() -> None:
    clockwise = parse(svg.deal(suit_deal()))
    assert label_x(clockwise, "East") > label_x(clockwise, "West")
    rules = RuleConfig.ffb()  # counter-clockwise
    assert rules.direction is Direction.COUNTERCLOCKWISE
    other = parse(svg.deal(suit_deal(rules)))
    assert label_x(other, "East") < label_x(other, "West")


def test_deal_in_the_auction_names_the_seat_to_call() -> None:
    deal = suit_deal()
    root = parse(svg.deal(deal, legal=True))
    assert marked(root, "legal") == []  # no cards are played in the auction
    assert "North to call" in texts(root)
    assert "Contract: none yet" in texts(root)
    assert "West (dealer)" in texts(root)


def test_deal_shows_the_contract_and_the_auction() -> None:
    deal = suit_deal().apply(Bid(100, Strain.HEARTS)).apply(COINCHE).apply(PASS).apply(PASS)
    root = parse(svg.deal(deal))
    words = texts(root)
    assert "Contract: 100 ♥ by N, coinched" in words
    assert "100 ♥" in words
    assert "coinche" in words
    assert words.count("pass") == 2
    # trumps first: South's hearts in trump order J 9 A 10 K Q 8 7
    south = [c for c in faces(root) if c.suit is Suit.HEARTS]
    assert south == list(Card.parse_many("JH 9H AH TH KH QH 8H 7H"))


def test_pagat_out_of_turn_coinche_starts_a_new_row() -> None:
    # North bids, West coinches out of turn: West's column (the last) is not passed,
    # so the coinche stays on North's row; then North surcoinches on a new row.
    deal = Deal.from_hands(Seat.WEST, RuleConfig.pagat(), SUIT_HANDS)
    deal = deal.apply(Bid(100, Strain.HEARTS)).apply_call(Seat.WEST, COINCHE)
    deal = deal.apply_call(Seat.NORTH, PASS)
    root = parse(svg.deal(deal))
    ys: dict[str, float] = {}
    for t in root.iter(f"{NS}text"):
        ys.setdefault("".join(t.itertext()), float(t.get("y") or 0))
    assert ys["coinche"] == ys["100 ♥"]
    assert sum(1 for w in texts(root) if w == "pass") == 1
    rows = sorted({float(t.get("y") or 0) for t in root.iter(f"{NS}text")
                   if "".join(t.itertext()) in ("100 ♥", "coinche", "pass")})  # fmt: skip
    assert len(rows) == 2


def test_deal_legal_marks_follow_the_rules() -> None:
    deal = suit_deal().apply(Bid(80, Strain.HEARTS)).apply(PASS).apply(PASS).apply(PASS)
    deal = deal.apply(Card.parse("AC"))  # North leads the ace of clubs; East has no club
    root = parse(svg.deal(deal, legal=True))
    # East holds no club and no heart: any diamond (rule 3: no trump to play)
    assert marked_cards(root, "legal") == SUIT_HANDS[1]
    assert marked(root, "winner") == [(Card.parse("AC"), "winning the trick so far")]
    assert "East to play" in texts(root)
    # legal=False marks nothing
    assert marked(parse(svg.deal(deal)), "legal") == []
    # with East's hand hidden, nothing can be marked
    assert marked(parse(svg.deal(deal, show=[Seat.NORTH], legal=True)), "legal") == []


def finished() -> Deal:
    deal = suit_deal().apply(Bid(80, Strain.HEARTS))
    for _ in range(3):
        deal = deal.apply(PASS)
    while not deal.is_over:
        deal = deal.apply(deal.legal_actions()[0])
    return deal


def test_finished_deal_shows_every_trick_and_the_score() -> None:
    deal = finished()
    root = parse(svg.deal(deal))
    assert same_cards(faces(root), list(CARDS) * 2)  # the hands as dealt, then the tricks
    # the winner of each trick leads the next one
    winners = [trick.leader for trick in deal.tricks[1:]]
    assert [f"{n}. won by {w.letter}" for n, w in enumerate(winners, 1)] == [
        t for t in texts(root) if "won by" in t
    ][:-1]
    result = deal.result
    assert result is not None
    made = "made" if result.made else "down"
    assert f"Contract {made}: {result.score}" in texts(root)
    assert "all eight tricks played" in texts(root)


def test_a_finished_deal_draws_the_hands_as_dealt() -> None:
    """A finished deal's picture once drew no hands (none is left); it draws
    them as dealt: North the clubs, East the diamonds, South the hearts, West the
    spades (suit_deal), hearts trumps first in South's hand."""
    root = parse(svg.deal(finished()))
    hands = faces(root)[:32]  # North, then West on the left, East on the right, South
    assert [Hand(hands[8 * k : 8 * k + 8]) for k in range(4)] == [
        SUIT_HANDS[0],
        SUIT_HANDS[3],
        SUIT_HANDS[1],
        SUIT_HANDS[2],
    ]
    assert "the hands as dealt" in texts(root)
    # a view: its own hand as dealt (the cards it played), eight backs for each other
    view = parse(svg.deal(finished().view(Seat.EAST)))
    assert Hand(faces(view)[:8]) == SUIT_HANDS[1]
    assert len(faces(view)) == 8 + 32
    assert backs(view) == 24
    # before the end, the hands are what is left (a thrown-in deal keeps all eight)
    assert "the hands as dealt" not in texts(parse(svg.deal(suit_deal())))


def test_view_of_a_finished_deal_scores_it_too() -> None:
    deal = finished()
    result = deal.result
    assert result is not None
    root = parse(svg.deal(deal.view(Seat.EAST)))
    made = "made" if result.made else "down"
    assert f"Contract {made}: {result.score}" in texts(root)
    assert "East (this view)" in texts(root)


def test_view_refuses_to_show_another_hand() -> None:
    view = suit_deal().view(Seat.NORTH)
    with pytest.raises(DrawingError, match="show names EAST, whose cards the view of NORTH"):
        svg.deal(view, show=[Seat.NORTH, Seat.EAST])
    root = parse(svg.deal(view, show=[]))  # its own hand may be hidden too
    assert faces(root) == []
    assert backs(root) == 32


def test_show_must_be_seats() -> None:
    with pytest.raises(CoincheTypeError, match="show must be seats"):
        svg.deal(suit_deal(), show="N")  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="show must be seats"):
        svg.deal(suit_deal(), show=3)  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="show holds Seat values, not 'N'"):
        svg.deal(suit_deal(), show=["N"])  # type: ignore[list-item]
    with pytest.raises(CoincheTypeError, match="legal must be a bool, not NoneType"):
        svg.deal(suit_deal(), legal=None)  # type: ignore[arg-type]


def test_classic_auction_shows_the_turned_card_in_the_middle() -> None:
    deal = Deal.from_deck(Seat.WEST, RuleConfig.classic_belote(), CARDS)
    assert deal.turned == Card.parse("JH")
    root = parse(svg.deal(deal))
    assert marked(root, "turned") == [(Card.parse("JH"), "turned up")]
    assert len(faces(root)) == 21  # five cards each, and the turned card
    assert any(t.startswith("Turned card: ") for t in texts(root))
    assert any(t.startswith("Classic belote") for t in texts(root))


def test_announcements_and_belote_are_listed() -> None:
    rules = attrs.evolve(RuleConfig.ffb(), belote_requires_declaration=True)
    hands = [
        Hand.parse("JC QC KC AC 7D 8D 9D TD"),  # North: a quarte in clubs and a tierce
        Hand.parse("7C 8C 9C TC JD QD KD AD"),
        Hand.parse("7H 8H 9H TH JH QH KH AH"),
        Hand.parse("7S 8S 9S TS JS QS KS AS"),
    ]
    deal = Deal.from_hands(Seat.WEST, rules, hands).apply(Bid(80, Strain.CLUBS))
    for _ in range(3):
        deal = deal.apply(PASS)
    deal = deal.apply(Card.parse("KC"))  # North declares with its first card; belote too
    words = texts(parse(svg.deal(deal)))
    assert "Announced" in words
    assert "belote" in words
    assert len(deal.announcements) == 2  # two quartes: J Q K A of clubs, 7 8 9 10 of diamonds
    assert all(str(announcement) in words for announcement in deal.announcements)


# ------------------------------------------------------------------ HTML
def capot_result() -> DealResult:
    return score_deal(Contract(Seat.NORTH, Strain.HEARTS, 80), CAPOT_TRICKS)


def rows(table: ET.Element) -> list[list[str]]:
    return [["".join(cell.itertext()) for cell in row] for row in table.iter("tr")]


def test_result_table_shows_each_team_and_the_breakdown() -> None:
    result = capot_result()
    root = ET.fromstring(f"<div>{svg.result_table(result)}</div>")
    first, second = root.findall("table")
    assert "".join(first.find("caption").itertext()) == "80 H by N: made; NS 330, EW 0"  # type: ignore[union-attr]
    # North took all eight tricks: capot, 250 card points; K and Q of hearts were held
    # by South and West, so nobody has belote
    assert rows(first) == [
        ["", "NS", "EW"],
        ["Tricks", "8", "0"],
        ["Card points", "250", "0"],
        ["Belote", "", ""],
        ["Announcements", "0", "0"],
        ["Capot", "capot", ""],
        ["Score", "330", "0"],
    ]
    lines = result.breakdown().split("\n")
    assert [": ".join(row) for row in rows(second)] == lines


def test_result_table_without_its_inputs_has_no_breakdown() -> None:
    result = DealResult(
        Contract(Seat.EAST, Strain.SPADES, 90),
        TeamPoints(0, 250),
        True,
        TeamPoints(60, 102),
        Team.EAST_WEST,
        TeamPoints(0, 0),
        None,
        TeamPoints(3, 5),
    )
    root = ET.fromstring(f"<div>{svg.result_table(result)}</div>")
    (table,) = root.findall("table")
    assert ["Belote", "", "belote"] in rows(table)
    assert all(row[0] != "Capot" for row in rows(table))


def test_score_sheet_of_a_match_restarts_the_totals_after_each_game() -> None:
    rules = attrs.evolve(RuleConfig.contract_only(), target=300)
    players = {seat: RandomPlayer() for seat in Seat}
    rng = random.Random(3)
    game = play_game(Game.new(rules, Seat.WEST, rng), players, rng)
    assert game.is_over
    assert rules.games_to_win == 2
    root = ET.fromstring(svg.score_sheet(game))
    found = rows(root)
    deals_rows = [row for row in found[1:] if len(row) == 7]
    assert len(deals_rows) == len(game.results)
    games = [row[0] for row in found if len(row) == 1 and row[0].startswith("Game")]
    assert len(games) == len(game.game_winners)
    assert games[-1] == f"Game {len(games)} won by {game.game_winners[-1].short}"
    assert deals_rows[-1][5:] == [str(game.totals.north_south), str(game.totals.east_west)]
    caption = "".join(root.find("caption").itertext())  # type: ignore[union-attr]
    assert caption.endswith(f"{game.totals}, won by {game.winner.short}")  # type: ignore[union-attr]
    if game.thrown_in:
        assert [f"Thrown in: {game.thrown_in}"] in found


def test_score_sheet_counts_thrown_in_deals() -> None:
    deal = Deal.new(Seat.WEST, RuleConfig(), random.Random(0))
    game = Game(RuleConfig(), 0, deal, deal_number=2, thrown_in=2)
    root = ET.fromstring(svg.score_sheet(game))
    assert rows(root)[1:] == [["Thrown in: 2"]]
    assert "".join(root.find("caption").itertext()).endswith(": NS 0, EW 0")  # type: ignore[union-attr]


# ------------------------------------------------------------------ Jupyter hooks
def test_values_draw_themselves() -> None:
    hand = Hand.parse("JH 9H")
    assert hand._repr_svg_() == svg.hand(hand)
    trick = Trick.parse("N: JH")
    assert trick._repr_svg_() == svg.trick(trick)
    deal = suit_deal()
    assert deal._repr_svg_() == svg.deal(deal)
    view = deal.view(Seat.SOUTH)
    assert view._repr_svg_() == svg.deal(view)
    result = capot_result()
    assert result._repr_html_() == svg.result_table(result)
    game = Game.new(RuleConfig(), Seat.WEST, random.Random(0))
    assert game._repr_html_() == svg.score_sheet(game)
    assert svg.hand(hand)._repr_svg_() == svg.hand(hand)


# ------------------------------------------------------------------ golden files
def test_golden_files_match_byte_for_byte() -> None:
    # the script that writes them (not a module on the import path: run it for its function)
    script = runpy.run_path(str(Path(__file__).resolve().parent / "make_golden.py"))
    made = script["drawings"]()
    assert sorted(path.name for path in GOLDEN.glob("*.svg")) == sorted(made)
    for name, text in made.items():
        assert (GOLDEN / name).read_bytes() == text.encode("utf-8"), (
            f"tests/golden/{name} differs from the drawing; if the change is meant, run "
            "`python tests/make_golden.py`, look at the new picture and commit it"
        )
