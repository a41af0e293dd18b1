"""Differential test of legal play against an independent engine, colver.

`colver <https://pypi.org/project/colver/>`_ is a Rust Coinche engine with Python
bindings. Its legal play is the FFB reading of RULES.md section 4 (rule 3c: a player
who cannot overtrump an opponent may discard), so it is compared with
``legal_cards(..., RuleConfig.ffb())``. colver is a development-only dependency (the
``test`` dependency group); the test is skipped when it cannot be imported.

colver only knows suit contracts: its bid actions name the four suits only, and its
trump code is an index into the four suits (``Env.set_contract`` with a code above 3
makes the engine panic when the contract is read back). No-trump and all-trump play
is therefore not compared here.

Mapping between the two engines (checked by the tests below, not just assumed):

* cards: colver numbers a card ``8 * block + position``; the blocks are spades, hearts,
  diamonds, clubs (our suits 3, 2, 1, 0) and the positions are 7 8 9 J Q K 10 A;
* trumps: colver's trump code ``t`` names the suit of block ``t``, our strain ``3 - t``;
* seats: colver's seat ``i`` is our ``Seat(i)``: North, East, South, West, each playing
  after the previous one, partners two apart, and seat ``(dealer + 1) % 4`` leading.

Positions are reached by random play from random deals (a seeded ``random.Random``):
both engines replay the same cards in step. At every position the two sets of legal
cards must be equal, the seat to move must be the same (so the trick winners agree
too), and at the end of each deal the card points and tricks of each team must agree.

Result (colver 0.11.1): no difference in legal play, trick winners, tricks won or card
points on the positions below, so no class of position is excluded.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

import pytest

from coinche import (
    Contract,
    Hand,
    RuleConfig,
    Seat,
    Suit,
    Trick,
    legal_cards,
    score_deal,
    trick_winner,
)
from coinche.seats import Team
from coinche.testing.colver import TO_CARD, TO_COLVER, to_strain

# compiled: make compiled-test runs it again against the compiled build
pytestmark = pytest.mark.compiled

if TYPE_CHECKING:
    import colver
else:
    colver = pytest.importorskip(
        "colver", reason="colver (the test dependency group) is needed for the differential test"
    )

POSITIONS: Final = 20_000
"""How many positions are compared (a deal gives 32): enough that every rule of
legal play (follow, trump, overtrump, partner winning) shows thousands of times."""
SEED: Final = 20_240_404


def test_card_mapping_agrees_with_colver_card_names() -> None:
    assert len(set(TO_CARD)) == 32
    for i, card in enumerate(TO_CARD):
        # colver names a card by its rank label and suit symbol, as in '10♠'
        assert colver.Env.card_name(i) == card.rank.label + card.suit.symbol


def test_trump_mapping_agrees_with_colver_bid_names() -> None:
    for trump in range(4):
        # bid actions 1 to 4 are 80 in each trump code, named as in '80♥'
        symbol = to_strain(trump).trump_suit
        assert symbol is not None
        assert colver.Env.action_name(1 + trump, 0) == f"80{symbol.symbol}"
        env = colver.Env.deal(dealer=0, seed=trump)
        env.set_contract(trump, 80, 0, 0)
        env.set_phase_playing()
        assert env.get_contract()["trump"] == trump


def test_colver_bids_name_only_the_four_suits() -> None:
    """Why only suit contracts are compared: colver has no no-trump or all-trump bid."""
    symbols = {suit.symbol for suit in Suit}
    names = [colver.Env.action_name(action, 0) for action in range(1, 41)]
    assert all(name[-1] in symbols for name in names)
    assert not any("NT" in name or "SA" in name or "TA" in name for name in names)


def test_seat_mapping_agrees_with_colver() -> None:
    env = colver.Env.deal(dealer=2, seed=7)
    env.set_contract(0, 80, 0, 0)
    env.set_phase_playing()
    assert env.current_player() == Seat.SOUTH.next == Seat.WEST
    card = env.legal_actions()[0]
    env.step(card)
    assert env.current_player() == Seat.WEST.next == Seat.NORTH


class Tally:
    """What the comparison covered, so that a vacuous run cannot pass."""

    def __init__(self) -> None:
        self.positions = 0
        self.deals = 0
        self.restricted = 0  # fewer legal cards than cards in hand
        self.ffb_discard = 0  # ffb allows a discard that common (must undertrump) forbids
        self.ruffs = 0  # the mover holds no card of the led suit (not trumps) but a trump
        self.differences: list[str] = []


def _play_deal(rng: random.Random, tally: Tally) -> None:
    ffb = RuleConfig.ffb()
    common = RuleConfig.common()
    deck = list(range(32))
    rng.shuffle(deck)
    colver_hands = [sorted(deck[8 * i : 8 * i + 8]) for i in range(4)]
    dealer = rng.randrange(4)
    trump = rng.randrange(4)
    taker = Seat(rng.randrange(4))
    env = colver.Env.deal_with_hands(dealer, colver_hands)
    env.set_contract(trump, 80, taker.team, 0)
    env.set_phase_playing()
    strain = to_strain(trump)
    hands = [Hand(TO_CARD[i] for i in hand) for hand in colver_hands]
    trick = Trick(Seat((dealer + 1) % 4))
    tricks: list[Trick] = []
    while len(tricks) < 8:
        seat = trick.to_move
        assert env.current_player() == seat, f"seat to move differs after {tricks}, {trick}"
        hand = hands[seat]
        ours = legal_cards(hand, trick, strain, ffb)
        theirs = Hand(TO_CARD[i] for i in env.legal_actions())
        tally.positions += 1
        if ours != theirs:
            tally.differences.append(
                f"{strain.name} trick {trick} hand {hand}: ours {ours}, colver {theirs}"
            )
        tally.restricted += ours != hand
        if ours != legal_cards(hand, trick, strain, common):
            tally.ffb_discard += 1
        led, trumps = trick.led_suit, strain.trump_suit
        assert trumps is not None
        if led is not None and led != trumps and not hand.of_suit(led):
            tally.ruffs += bool(hand.of_suit(trumps))
        card = rng.choice((ours & theirs).cards or ours.cards)
        env.step(TO_COLVER[card])
        hands[seat] = hand.remove(card)
        trick = trick.play(card)
        if trick.is_complete:
            tricks.append(trick)
            trick = Trick(trick_winner(trick, strain))
    assert env.is_terminal()
    result = score_deal(Contract(taker, strain, 80), tricks, ffb, announcements=())
    ns, ew = Team.NORTH_SOUTH, Team.EAST_WEST
    # card points with the last-trick bonus; a capot counts 252 in both (capot_card_points)
    assert tuple(env.get_points()) == (result.card_points[ns], result.card_points[ew])
    assert tuple(env.get_tricks_won()) == (result.tricks_won[ns], result.tricks_won[ew])
    tally.deals += 1


def test_legal_cards_agree_with_colver_under_ffb_rules() -> None:
    rng = random.Random(SEED)
    tally = Tally()
    while tally.positions < POSITIONS:
        _play_deal(rng, tally)
    assert tally.differences == [], "\n".join(tally.differences[:20])
    # the comparison reached the interesting positions, not only free leads
    assert tally.restricted > POSITIONS // 4
    assert tally.ruffs > 500
    assert tally.ffb_discard > 20
