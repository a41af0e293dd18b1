"""Games whose cards come from outside, and game records that do not leak the future.

A game record used to hold the game's seed, from which anyone could deal every deal not
yet played; and a game dealt by a server (its own shuffle) could not be written at all.
Now a game record holds the cards of each deal dealt so far (the finished ones and the
one in progress) and never the seed; ``Game.new(..., deck=...)`` and ``Game.next_deal``
let the decks come from outside. Records of the earlier format (with a seed) still read:
``tests/fixtures/game_record_with_seed.json`` is such a record, written by the code of
that format (``coinche.dumps(game, indent=1)`` of the game below) before the change.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from coinche import (
    CARDS,
    PASS,
    Card,
    CoincheTypeError,
    Deal,
    Game,
    IllegalActionError,
    InvalidDealError,
    InvalidRecordError,
    Phase,
    RuleConfig,
    Seat,
    Team,
    dumps,
    loads,
)
from coinche.bots.players import RandomPlayer, play_game
from coinche.records import from_data, to_data

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
FIXTURE = Path(__file__).parent / "fixtures" / "game_record_with_seed.json"


def play_with_decks(rules: RuleConfig, seed: int, steps: int) -> tuple[Game, list[list[Card]]]:
    """A game of *rules* dealt from the decks a "server" shuffles, played at random for
    *steps* actions or to its end; and the decks."""
    rng = random.Random(seed)
    decks = [rng.sample(CARDS, 32)]
    game = Game.new(rules, W, deck=decks[0])
    for _ in range(steps):
        if game.is_over:
            break
        if game.needs_deck:
            decks.append(rng.sample(CARDS, 32))
            game = game.next_deal(decks[-1])
        else:
            game = game.apply(rng.choice(game.legal_actions()))
    return game, decks


def test_a_game_record_holds_the_cards_dealt_not_the_seed() -> None:
    rules = attrs.evolve(RuleConfig.common(), target=300)
    game = Game.new(rules, S, random.Random(8))
    for _ in range(4):  # thrown in: the second deal is dealt from the seed
        game = game.apply(PASS)
    text = dumps(game)
    record = json.loads(text)
    assert "seed" not in record
    assert str(game.seed) not in text
    assert len(record["deals"]) == 2  # the thrown-in deal and the one in progress
    back = loads(text)
    assert isinstance(back, Game)
    assert back == game
    assert back.deals == game.deals
    assert back.seed is None  # what is not in the record is not read back
    # so the read game cannot deal the third deal: it waits for its deck
    for _ in range(4):
        back = back.apply(PASS)
    assert back.needs_deck
    assert back.to_move is None
    assert back.deal.phase is Phase.THROWN_IN
    assert back.thrown_in == 2


def test_a_record_with_a_seed_still_reads() -> None:
    text = FIXTURE.read_text()
    old: Any = json.loads(text)
    assert "seed" in old
    assert "deals" not in old
    game = loads(text)
    assert isinstance(game, Game)
    seed = old["seed"]
    assert game.seed == seed
    # deal n of the seed is dealt with random.Random(f"{seed}:{n}") (Game's decisions);
    # the first four actions are passes (thrown in), so South deals, then West
    assert [deal.dealer for deal in game.deals] == [S, W]
    for number, deal in enumerate(game.deals):
        dealt = Deal.new(deal.dealer, game.rules, random.Random(f"{seed}:{number}"))
        assert deal.hands == dealt.hands
    assert game.thrown_in == 1
    assert game.deal_number == 1
    assert len(game.results) == 1
    assert game.is_over
    winner = game.winner
    assert winner is not None
    assert game.totals[winner] >= 300
    assert game.results[0].score == game.totals  # one scored deal: its score is the total
    assert sum(len(deal.history) for deal in game.deals) == len(old["actions"])
    # written again, in the new format: the cards, not the seed; and read back the same
    again: Any = to_data(game)
    assert "seed" not in again
    assert len(again["deals"]) == 2
    assert from_data(again) == game


def test_a_server_deals_its_own_decks() -> None:
    rules = attrs.evolve(RuleConfig.common(), target=500)
    game, decks = play_with_decks(rules, 3, 2000)
    assert game.is_over
    assert game.seed is None
    assert len(game.deals) == len(decks) == game.deal_number + 1
    dealer = W
    for deal, deck in zip(game.deals, decks, strict=True):
        # each deal is its deck dealt by the next seat in the order of play
        assert deal.dealer is dealer
        assert deal.hands == Deal.from_deck(dealer, rules, deck).hands
        dealer = dealer.next
    assert loads(dumps(game)) == game


@pytest.mark.parametrize("steps", [0, 20, 45, 90, 300])
def test_games_with_decks_round_trip_at_any_point(steps: int) -> None:
    for rules in (attrs.evolve(RuleConfig.ffb(), target=400), RuleConfig.classic_belote()):
        game, _ = play_with_decks(rules, steps, steps)
        back = loads(dumps(game))
        assert back == game
        assert back.deals == game.deals
        assert back.needs_deck == game.needs_deck


def test_a_waiting_game_refuses_actions() -> None:
    game = Game.new(RuleConfig.common(), N, deck=CARDS)
    assert not game.needs_deck
    for _ in range(4):
        game = game.apply(PASS)
    # thrown in: counted, and the same deal stays until a deck comes
    assert game.needs_deck
    assert game.thrown_in == 1
    assert game.deal_number == 0
    assert game.legal_actions() == ()
    assert not game.is_legal(PASS)
    reason = "the deal is over, and the game waits for the next deck (Game.next_deal)"
    assert game.explain(PASS) == reason
    with pytest.raises(IllegalActionError, match=r"pass is not allowed now: the deal is over"):
        game.apply(PASS)
    with pytest.raises(IllegalActionError, match=r"the game waits for the next deck"):
        game.apply_call(E, PASS)
    game = game.next_deal(list(reversed(CARDS)))
    assert game.dealer is E
    assert game.to_move is S
    assert game.deal_number == 1
    assert [d.phase for d in game.deals] == [
        Phase.THROWN_IN,
        Phase.AUCTION,
    ]


def test_next_deal_only_when_the_game_waits() -> None:
    seeded = Game.new(RuleConfig.common(), N, random.Random(1))
    with pytest.raises(IllegalActionError, match=r"deals its deals from its seed"):
        seeded.next_deal(CARDS)
    dealt = Game.new(RuleConfig.common(), N, deck=CARDS)
    with pytest.raises(IllegalActionError, match=r"a new deal is not allowed now: the current"):
        dealt.next_deal(CARDS)
    finished, _ = play_with_decks(attrs.evolve(RuleConfig.common(), target=300), 5, 2000)
    assert finished.is_over
    with pytest.raises(IllegalActionError, match=r"the game is over"):
        finished.next_deal(CARDS)
    for _ in range(4):
        dealt = dealt.apply(PASS)
    with pytest.raises(InvalidDealError, match=r"a deck has 32 cards, not 31"):
        dealt.next_deal(CARDS[:31])
    with pytest.raises(CoincheTypeError):
        dealt.next_deal("JH")  # type: ignore[arg-type]


def test_new_takes_an_rng_or_a_deck() -> None:
    rules = RuleConfig.common()
    for args, kwargs in (((rules, N), {}), ((rules, N, random.Random(1)), {"deck": CARDS})):
        with pytest.raises(CoincheTypeError, match=r"takes an rng .* or a deck"):
            Game.new(*args, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(InvalidDealError, match=r"a deck has 32 cards"):
        Game.new(rules, N, deck=CARDS[:5])


def test_the_seed_is_not_part_of_the_value() -> None:
    # two games that differ only in where their next deals come from are equal
    game = Game.new(RuleConfig.common(), N, random.Random(1))
    other = attrs.evolve(game, seed=game.seed + 1)  # type: ignore[operator]
    assert other == game
    assert hash(other) == hash(game)
    assert attrs.evolve(game, seed=None) == game


def test_bad_deals_in_a_game_record() -> None:
    rules = attrs.evolve(RuleConfig.common(), target=300)
    game = Game.new(rules, N, deck=CARDS)
    for _ in range(4):
        game = game.apply(PASS)
    game = game.next_deal(list(reversed(CARDS)))
    record: Any = to_data(game)
    # a deal too many
    extra = json.loads(json.dumps(record))
    extra["deals"].append(extra["deals"][0])
    with pytest.raises(InvalidRecordError, match=r"at deals\[2\]: the record holds 3 deals"):
        from_data(extra)
    # a deal missing: the actions of the second deal find the game waiting for it
    short = json.loads(json.dumps(record))
    short["deals"].pop()
    short["actions"].append({"type": "action", "seat": "S", "call": "pass"})
    with pytest.raises(InvalidRecordError, match=r"at actions\[4\]: .*waits for the next deck"):
        from_data(short)
    # no deal at all
    empty = json.loads(json.dumps(record))
    empty["deals"] = []
    with pytest.raises(InvalidRecordError, match=r"at deals: a game has at least one deal"):
        from_data(empty)
    # a dealt object with a bad tag or field
    bad = json.loads(json.dumps(record))
    bad["deals"][1]["type"] = "deal"
    with pytest.raises(InvalidRecordError, match=r"at deals\[1\]: expected a 'dealt' object"):
        from_data(bad)
    bad["deals"][1] = {"type": "dealt", "hands": "N:AKQJT987... .AKQJT987.. ..AKQJT987."}
    with pytest.raises(InvalidRecordError, match=r"at deals\[1\]\.hands"):
        from_data(bad)


def test_play_game_stops_when_a_dealt_game_waits() -> None:
    rng = random.Random(4)
    game = Game.new(RuleConfig.common(), W, deck=rng.sample(CARDS, 32))
    after = play_game(game, dict.fromkeys(Seat, RandomPlayer()), rng)
    assert after.needs_deck
    assert after.deal_number == 0
    assert after.deal.is_over
    assert not after.is_over


def test_the_winner_of_a_dealt_game_keeps_the_last_deal() -> None:
    game, _ = play_with_decks(attrs.evolve(RuleConfig.common(), target=300), 5, 2000)
    assert game.is_over
    assert not game.needs_deck
    assert game.deal.phase is Phase.SCORED
    assert isinstance(game.winner, Team)
