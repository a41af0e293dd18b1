"""coinche.view: a PlayerView checks its fields and their consistency, and in records too."""

from __future__ import annotations

import attrs
import pytest

from coinche import (
    Hand,
    Seat,
    Trick,
    errors,
    records,
)
from coinche.deal import Phase, PlayerView
from coinche.errors import CoincheTypeError, InvalidDealError
from coinche.testing.deals import deal_in_play


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
