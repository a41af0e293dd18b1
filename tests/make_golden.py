"""Write the golden pictures of tests/golden/ again: ``python tests/make_golden.py``.

tests/test_svg.py checks that coinche.svg still draws these three small pictures byte
for byte. When a change to the drawings is meant, run this script, then review every
picture that changed *by eye* before committing it: open the .svg files in a browser
(or convert them, ``rsvg-convert tests/golden/deal.svg -o /tmp/deal.png``) and check
the cards, their order, the marks and the text against the comments below; ``git diff``
shows which files changed. The drawings use only fixed hands and fixed choices, so
they do not depend on any random generator.
"""

from __future__ import annotations

from pathlib import Path

from coinche import Card, Deal, Hand, RuleConfig, Seat, Strain, Trick, svg
from coinche.auction import PASS, Bid

GOLDEN = Path(__file__).resolve().parent / "golden"


def drawings() -> dict[str, str]:
    """Each golden file's name and the text it must hold."""
    # hand.svg: a hand with hearts as trumps, hearts first (J 9 A 10), then spades,
    # diamonds, clubs; the cards that may follow to a heart lead raised in green.
    hand = Hand.parse("JH 9H AH TH 7S KD QC 8C")
    hand_picture = svg.hand(hand, strain=Strain.HEARTS, legal=Hand.parse("JH 9H AH TH"))
    # trick.svg: North led the ace of hearts, East trumped with the seven of spades
    # (spades are trumps), South and West followed; East's seven wins, outlined in
    # orange; four colours (clubs green, diamonds blue).
    trick_picture = svg.trick(Trick.parse("N: AH 7S KH TD"), Strain.SPADES, four_colour=True)
    # deal.svg: South's view before the last trick of a deal of one suit per hand
    # (North clubs, East diamonds, South hearts, West spades), 80 hearts by North, each
    # seat playing its lowest legal card: one card left in each hand, three of them
    # face down, the seven complete tricks along the bottom with their winners.
    hands = [
        Hand.parse("7C 8C 9C TC JC QC KC AC"),
        Hand.parse("7D 8D 9D TD JD QD KD AD"),
        Hand.parse("7H 8H 9H TH JH QH KH AH"),
        Hand.parse("7S 8S 9S TS JS QS KS AS"),
    ]
    deal = Deal.from_hands(Seat.WEST, RuleConfig(), hands).apply(Bid(80, Strain.HEARTS))
    for _ in range(3):
        deal = deal.apply(PASS)
    while len(deal.tricks) < 7:
        action = deal.legal_actions()[0]
        assert isinstance(action, Card)
        deal = deal.apply(action)
    deal_picture = svg.deal(deal.view(Seat.SOUTH), legal=True, size=40)
    return {"hand.svg": hand_picture, "trick.svg": trick_picture, "deal.svg": deal_picture}


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, text in drawings().items():
        path = GOLDEN / name
        old = path.read_bytes() if path.exists() else None
        new = text.encode("utf-8")
        if old != new:
            path.write_bytes(new)
            print(f"wrote {path}: review it by eye before committing")
        else:
            print(f"unchanged {path}")


if __name__ == "__main__":
    main()
