"""coinche.view: a PlayerView checks that some deal shows it (and in records too), and
answers from its position, which holds nothing of the hidden hands."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinche import (
    CARDS,
    PASS,
    Announcement,
    AnnouncementKind,
    Bid,
    Card,
    Contract,
    Hand,
    RuleConfig,
    Seat,
    Strain,
    Trick,
    errors,
    records,
    score_deal,
)
from coinche import _kernel as K
from coinche.bots.sampling import replay
from coinche.deal import Deal, Phase, PlayerView
from coinche.errors import CoincheError, CoincheTypeError, InvalidDealError
from coinche.testing.deals import PRESET_NAMES, deal_in_play
from coinche.view import trusted_view


# ------------------------------------------------------------------ the view's checks
def _view() -> PlayerView:
    return deal_in_play().view(Seat.EAST)


def test_player_view_checks_types() -> None:
    view = _view()
    hash(view)
    for field, bad in [
        ("phase", "play"),
        ("hand", "7C 8C"),
        ("tricks", [1]),
        ("calls", None),
        ("belote_declared", 0),
        ("contract", "80 H"),
        ("to_move", 1),
    ]:
        with pytest.raises(CoincheTypeError, match=field):
            attrs.evolve(view, **{field: bad})  # type: ignore[arg-type]


def test_player_view_checks_consistency() -> None:
    view = _view()
    # an eleven-card hand: no player ever holds more than eight
    with pytest.raises(InvalidDealError, match="at most 8 cards"):
        attrs.evolve(view, hand=view.hand | Hand.parse("7C 8C 9C TC JC QC KC AC"))
    # a card both in the hand and in the trick being played
    card = view.hand.cards[0]
    with pytest.raises(InvalidDealError, match="both in the hand and played"):
        attrs.evolve(view, trick=Trick(Seat.NORTH, [card]))
    # a scored deal has no seat to move; a deal being played has one
    with pytest.raises(InvalidDealError, match="to_move"):
        attrs.evolve(view, phase=Phase.SCORED)
    with pytest.raises(InvalidDealError, match="to_move"):
        attrs.evolve(view, to_move=None)


def test_player_view_records_are_checked() -> None:
    view = _view()
    data = records.to_data(view)
    assert records.from_data(data) == view
    bad = dict(data, phase="scored")
    with pytest.raises(errors.InvalidRecordError):
        records.from_data(bad)
    bad = dict(data, hand=str(view.hand | Hand.parse("7C 8C 9C TC JC QC KC AC")))
    with pytest.raises(errors.InvalidRecordError):
        records.from_data(bad)


def test_a_view_prints_as_text_not_as_its_repr() -> None:
    """print(view) dumped a 1.5 KB repr of every field; it now prints a few lines of what
    the seat sees, with nothing of the other hands."""
    import random

    from coinche import RuleConfig, Seat
    from coinche.deal import Deal

    rng = random.Random(3)
    deal = Deal.new(Seat.SOUTH, RuleConfig.ffb(), rng)
    while len(deal.tricks) < 2 and not deal.is_over:
        deal = deal.apply(rng.choice(deal.legal_actions()))
    for seat in Seat:
        text = str(deal.view(seat))
        assert text.startswith(f"View of {seat.name} (dealer S)")
        assert f"Hand: {deal.hand(seat)}" in text
        assert "PlayerView(" not in text
        for other in Seat:  # no other seat's hand is shown
            if other is not seat and len(deal.hand(other)):
                assert str(deal.hand(other)) not in text


# ------------------------------------------------------------------ the view's position
# the presets, and two where belote is said (or not) by its holder
RULES = {
    **{name: RuleConfig.preset(name) for name in PRESET_NAMES},
    "ffb, belote said": attrs.evolve(RuleConfig.ffb(), belote_requires_declaration=True),
    "common, belote said": attrs.evolve(RuleConfig(), belote_requires_declaration=True),
}


def _random_deal(rules: str, seed: int, moves: int) -> Deal:
    """A deal under *rules* dealt from *seed*, *moves* random actions in (or over); each
    card says belote or not at random (where it is at stake)."""
    rng = random.Random(seed)
    deal = Deal.new(Seat(seed % 4), RULES[rules], rng)
    for _ in range(moves):
        if deal.is_over:
            break
        action = rng.choice(deal.legal_actions())
        if isinstance(action, Card):
            deal = deal.apply(action, belote=rng.random() < 0.5)
        else:
            deal = deal.apply(action)
    return deal


@given(rules=st.sampled_from(sorted(RULES)), seed=st.integers(0, 2**32), moves=st.integers(0, 45))
def test_a_view_built_from_its_fields_is_the_deals_view(rules: str, seed: int, moves: int) -> None:
    """The public constructor (what a record loads) plays the view's tricks again from
    its seat's cards, and gets the position Deal.view withholds from the deal's own, and
    so the same card points, tricks and result."""
    deal = _random_deal(rules, seed, moves)
    for seat in Seat:
        view = deal.view(seat)
        again = attrs.evolve(view)  # through the constructor, from the public fields only
        assert again == view
        assert again.position == view.position
        assert again.card_points == view.card_points == deal.card_points
        assert again.tricks_won == view.tricks_won == deal.tricks_won
        assert again.result == view.result == deal.result
        assert again.legal_actions() == view.legal_actions()
        if deal.position is None:
            assert view.position is None
            continue
        assert view.position is not None
        # the other seats' cards are withheld; what all have seen is the deal's
        assert view.position.hands == tuple(
            deal.position.hands[s] if s == seat else 0 for s in range(4)
        )
        for name in ("leader", "size", "c0", "c1", "c2", "points", "won", "taker", "value"):
            assert getattr(view.position, name) == getattr(deal.position, name)


def _redeal_hidden(deal: Deal, seat: Seat, rng: random.Random) -> Deal:
    """The same public history with the cards *seat* has not seen dealt anew.

    The other seats keep the cards they played, the cards of the announcements they
    declared, and (a belote declared) the king and queen of trumps; the rest of their
    cards are shuffled among them, each keeping its count. The log is replayed with the
    same declarations, unchecked (a past card may not have been legal in the new deal:
    no public fact depends on that), belote kept unsaid where the log does not say.
    """
    pos = deal.position
    fixed = [hand.mask for hand in deal.hands]
    if pos is not None:
        for other in Seat:
            if other is not seat:
                fixed[other] &= ~pos.hands[other]  # what it played
    for announcement in deal.announcements:
        fixed[announcement.seat] |= announcement.cards.mask
    if deal.belote_declared and pos is not None:
        fixed[pos.belote_holder] |= K.belote_mask(pos.strain)
    pool = [card for card in CARDS if not any(card.mask & mask for mask in fixed)]
    rng.shuffle(pool)
    hands = []
    for other in Seat:
        count = 8 - K.count(fixed[other])
        hands.append(Hand.from_mask(fixed[other]) | Hand(pool[:count]))
        pool = pool[count:]
    again = Deal.from_hands(deal.dealer, deal.rules, hands)
    for step in deal.steps:
        if isinstance(step.action, Card):
            said = False if step.belote is None else step.belote
            again = again.apply_unchecked(step.action, declare=step.declare, belote=said)
        else:
            again = again.apply_call(step.seat, step.action)
    return again


@given(
    rules=st.sampled_from(sorted(set(RULES) - {"classic_belote"})),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 40),
)
def test_a_hidden_card_changes_nothing_the_view_exposes(rules: str, seed: int, moves: int) -> None:
    deal = _random_deal(rules, seed, moves)
    rng = random.Random(seed + 1)
    for seat in Seat:
        other = _redeal_hidden(deal, seat, rng)
        mine, theirs = deal.view(seat), other.view(seat)
        assert theirs == mine
        assert theirs.position == mine.position
        assert (theirs.card_points, theirs.tricks_won) == (mine.card_points, mine.tricks_won)
        assert theirs.result == mine.result
        assert theirs.steps == mine.steps
        assert theirs.legal_actions() == mine.legal_actions()
        assert str(theirs) == str(mine)
        assert records.to_data(theirs) == records.to_data(mine)


# ------------------------------------------------------------------ views no deal shows
def _east_after_80_clubs() -> Deal:
    """West deals; North bids 80 clubs, the others pass; two cards are played."""
    deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(5))
    deal = deal.apply(Bid(80, Strain.CLUBS))
    for _ in range(3):
        deal = deal.apply(PASS)
    for _ in range(2):
        deal = deal.apply(deal.legal_actions()[0])
    return deal


def test_a_view_whose_calls_do_not_give_its_contract_is_refused() -> None:
    # the view record of East after "80 C by N", its calls changed to N 90 S and passes:
    # it loaded, and the sampler searched deals of another auction
    view = _east_after_80_clubs().view(Seat.EAST)
    data = records.to_data(view)
    calls = data["calls"]
    assert isinstance(calls, list)
    assert isinstance(calls[0], dict)
    data["calls"] = [dict(calls[0], call="90 S"), *calls[1:]]
    with pytest.raises(errors.InvalidRecordError, match="90 S by N, not the contract 80 C by N"):
        records.from_data(data)
    with pytest.raises(InvalidDealError, match="no deal shows this view"):
        attrs.evolve(view, calls=((Seat.NORTH, Bid(90, Strain.SPADES)), *view.calls[1:]))


def test_calls_that_break_the_auction_rules_are_refused() -> None:
    view = _east_after_80_clubs().view(Seat.EAST)
    # East bids 80 after North's 80: a bid must go higher (the auction's own words)
    calls = ((Seat.NORTH, Bid(80, Strain.CLUBS)), (Seat.EAST, Bid(80, Strain.SPADES)))
    with pytest.raises(InvalidDealError, match=r"call 2, E 80 S, is not legal: .*higher"):
        attrs.evolve(view, calls=calls)
    # North speaks first after West, the dealer: a call by South first is out of turn
    with pytest.raises(InvalidDealError, match="call 1, S pass, is not legal"):
        attrs.evolve(view, calls=((Seat.SOUTH, PASS),))


def test_an_auction_phase_beside_tricks_is_refused() -> None:
    deal = _east_after_80_clubs()
    view = deal.view(Seat.EAST)
    # the phase says auction, but the calls end it and two cards are on the table
    with pytest.raises(InvalidDealError, match="cannot be in the auction phase"):
        attrs.evolve(view, phase=Phase.AUCTION)
    # the calls cut short: the auction is still on, but the view shows the play
    with pytest.raises(InvalidDealError, match="the auction is still on"):
        attrs.evolve(view, calls=view.calls[:2])
    # a view of the auction (no contract yet) holding a trick
    start = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(5)).view(Seat.EAST)
    with pytest.raises(InvalidDealError, match="no card is played"):
        attrs.evolve(start, trick=Trick(Seat.NORTH))


def test_the_views_own_words_name_what_is_wrong() -> None:
    view = _east_after_80_clubs().view(Seat.EAST)
    # the contract is the auction's: the same calls with another contract
    with pytest.raises(InvalidDealError, match="not the contract 80 H by N"):
        attrs.evolve(view, contract=Contract(Seat.NORTH, Strain.HEARTS, 80))
    # announcements under rules that have none
    shown = Announcement(AnnouncementKind.TIERCE, Hand.parse("7H 8H 9H"), Seat.NORTH)
    with pytest.raises(InvalidDealError, match="announcements are off"):
        attrs.evolve(view, announcements=(shown,))
    # belote declared under rules that credit it without a word
    with pytest.raises(InvalidDealError, match="belote is declared only"):
        attrs.evolve(view, belote_declared=True)


def test_replay_gives_back_the_view_or_raises() -> None:
    """replay(view, hands) keeps its documented promise: the deal whose view is *view*,
    or an error, whatever the view (one built unchecked included)."""
    deal = _east_after_80_clubs()
    view = deal.view(Seat.EAST)
    hands = [deal.hand(seat) for seat in Seat]
    assert replay(view, hands).view(Seat.EAST) == view
    # the defect's view, made past the constructor's checks: the log replays as an
    # auction of 90 S, and replay says the view is not that deal's
    forged = trusted_view(
        view.seat, view.rules, view.dealer, view.phase, view.to_move, view.hand,
        ((Seat.NORTH, Bid(90, Strain.SPADES)), *view.calls[1:]), view.contract,
        view.tricks, view.trick, view.announcements, view.belote_declared, view.turned,
        None, None, view.position,
    )  # fmt: skip
    with pytest.raises(CoincheError):
        replay(forged, hands)


@given(rules=st.sampled_from(sorted(RULES)), seed=st.integers(0, 2**32))
def test_the_result_read_from_the_position_is_score_deals(rules: str, seed: int) -> None:
    """A finished deal's result and every view's are read from the final position (its
    figures, its terms, the seat that won the last trick): the same, word for word, as
    score_deal's count of the same tricks, declarations and belote."""
    deal = _random_deal(rules, seed, 100)
    if deal.result is None:  # thrown in
        assert all(deal.view(seat).result is None for seat in Seat)
        return
    assert deal.contract is not None
    counted = score_deal(
        deal.contract,
        deal.tricks,
        deal.rules,
        announcements=deal.announcements if deal.rules.announcements else None,
        belote_declared=deal.belote_declared,
    )
    for result in (deal.result, *(deal.view(seat).result for seat in Seat)):
        assert result == counted
        assert result is not None
        assert result.terms() == counted.terms()
        assert result.breakdown() == counted.breakdown()
