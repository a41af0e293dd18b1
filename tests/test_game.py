"""Tests of the game state machine: deals in turn, totals, the target, matches.

RULES.md section 7: "Deal scores add up; the first team to reach the target wins. If
both reach it in the same deal the higher total wins; if level, another deal is
played." Section 2: "the deal passes to the next seat in the order of play each deal";
"A deal in which all four pass without a bid is thrown in; the next dealer deals."

Most tests play one scripted deal whose score is known by hand (FAILING_HANDS below)
from totals set just under the target.
"""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

from coinche import (
    Card,
    CoincheTypeError,
    Hand,
    InvalidDealError,
    RuleConfig,
    Seat,
    Strain,
    Team,
    TeamPoints,
)
from coinche.auction import PASS, Bid
from coinche.deal import Deal, Phase
from coinche.errors import IllegalActionError
from coinche.game import Game
from coinche.records import dumps, loads

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
NS, EW = Team.NORTH_SOUTH, Team.EAST_WEST
BIDDING_PRESETS = ("common", "ffb", "pagat", "contract_only", "min82")

# North bids 160 in spades holding the king and queen of trumps (belote) and no other
# trump; East holds the four best trumps, J 9 A 10 (20 + 14 + 11 + 10 = 55 points), so
# every trick with one of them goes to East-West: North-South take at most 162 - 55 = 107
# card points, 127 with belote, below 160. The contract fails whatever is played.
# Common and contract_only scoring (RULES.md section 6), failed, not coinched:
# East-West 160 + 160 = 320; North-South only their belote, 20.
FAILING_HANDS = {
    N: Hand.parse("KS QS 7C 8C 9C 7D 8D 9D"),
    E: Hand.parse("JS 9S AS TS AH TH AD TD"),
    S: Hand.parse("7S 8S 7H 8H 9H TC JC QC"),
    W: Hand.parse("KC AC JD QD KD JH QH KH"),
}
FAILED_SCORE = TeamPoints(20, 320)


def game_before_the_failing_deal(
    rules: RuleConfig, totals: TeamPoints, game_winners: tuple[Team, ...] = ()
) -> Game:
    """A game at *totals* whose current deal is FAILING_HANDS, dealt by West."""
    game = Game.new(rules, W, random.Random(0))
    deal = Deal.from_hands(W, rules, FAILING_HANDS)
    return attrs.evolve(game, deal=deal, totals=totals, game_winners=game_winners)


def play_the_failing_deal(game: Game) -> Game:
    """North bids 160 S, the others pass; then random legal cards to the end of the deal."""
    number = game.deal_number
    game = game.apply(Bid(160, Strain.SPADES))
    for _ in range(3):
        game = game.apply(PASS)
    assert game.deal.phase is Phase.PLAY
    rng = random.Random(7)
    while game.deal_number == number and not game.is_over:
        game = game.apply(rng.choice(game.legal_actions()))
    assert game.results[-1].score == FAILED_SCORE
    return game


# ------------------------------------------------------------------ construction
def test_new_game() -> None:
    rules = RuleConfig.common()
    game = Game.new(rules, S, random.Random(9))
    assert game == Game.new(rules, S, random.Random(9))  # a pure value
    assert game.seed == random.Random(9).getrandbits(64)
    assert game.dealer is S
    assert game.to_move is W  # the seat after the dealer speaks first
    assert game.deal == Deal.new(S, rules, random.Random(f"{game.seed}:0"))
    assert game.totals == TeamPoints(0, 0)
    assert game.games_won == TeamPoints(0, 0)
    assert game.winner is None
    assert not game.is_over
    assert game.results == ()
    assert game.thrown_in == 0
    assert game.legal_actions() == game.deal.legal_actions()
    assert game.view(E) == game.deal.view(E)


def test_new_game_checks_its_arguments() -> None:
    with pytest.raises(CoincheTypeError, match="first_dealer must be a Seat"):
        Game.new(RuleConfig(), 0, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="rng must be a random"):
        Game.new(RuleConfig(), N, 1)  # type: ignore[arg-type]
    # classic belote (RULES.md section 8) is a game like the others
    assert Game.new(RuleConfig.classic_belote(), N, random.Random(1)).deal.turned is not None


def test_constructor_checks_the_state() -> None:
    game = Game.new(RuleConfig.common(), N, random.Random(1))
    other = Deal.new(N, RuleConfig.ffb(), random.Random(1))
    with pytest.raises(InvalidDealError, match="other rules"):
        attrs.evolve(game, deal=other)
    with pytest.raises(CoincheTypeError, match=r"seed must be an int from .*, not str \('1'\)"):
        attrs.evolve(game, seed="1")  # type: ignore[arg-type]
    with pytest.raises(InvalidDealError, match="must not be negative"):
        attrs.evolve(game, thrown_in=-1)
    with pytest.raises(
        CoincheTypeError, match=r"game_winners\[0\] must be a Team, not str \('NS'\)"
    ):
        attrs.evolve(game, game_winners=("NS",))  # type: ignore[arg-type]


# ------------------------------------------------------------------ deals in turn
def test_thrown_in_deals_are_redealt_by_the_next_dealer() -> None:
    """Four passes: thrown in, nothing scored, the next seat deals (RULES.md section 2)."""
    rules = RuleConfig.common()
    game = Game.new(rules, N, random.Random(1))
    dealers = []
    for number in range(6):
        assert game.deal_number == number
        assert game.deal == Deal.new(game.dealer, rules, random.Random(f"{game.seed}:{number}"))
        dealers.append(game.dealer)
        for _ in range(4):
            game = game.apply(PASS)
    assert dealers == [N, E, S, W, N, E]
    assert game.thrown_in == 6
    assert game.results == ()
    assert game.totals == TeamPoints(0, 0)
    assert game.deal.phase is Phase.AUCTION


@pytest.mark.parametrize("preset", BIDDING_PRESETS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games(preset: str, seed: int) -> None:
    """A whole game of random legal actions, checked deal by deal against section 7:
    the dealer moves on one seat each deal, a thrown-in deal changes no score, a scored
    deal adds its score to the totals, and a game is won exactly when a team has reached
    the target with more points than the other."""
    rules = RuleConfig.preset(preset)
    rng = random.Random(seed)
    first = Seat(seed % 4)
    game = Game.new(rules, first, rng)
    target = rules.target
    while not game.is_over:
        before = game
        actions = game.legal_actions()
        # pass often in the auction, for lower contracts, more deals and some thrown in
        action = PASS if actions[0] == PASS and rng.random() < 0.7 else rng.choice(actions)
        game = game.apply_unchecked(action)
        scored = len(game.results) > len(before.results)
        if not scored and game.thrown_in == before.thrown_in:  # the same deal goes on
            assert game.deal_number == before.deal_number
            assert game.totals == before.totals
            continue
        if game.is_over:  # the last deal stays in place
            assert game.deal_number == before.deal_number
        else:
            assert game.deal_number == before.deal_number + 1
            assert game.dealer is before.dealer.next
        assert game.dealer is first.offset(game.deal_number)
        if not scored:  # thrown in
            assert game.thrown_in == before.thrown_in + 1
            assert game.totals == before.totals
            continue
        score = game.results[-1].score
        added = TeamPoints(
            before.totals.north_south + score.north_south,
            before.totals.east_west + score.east_west,
        )
        ns, ew = added.north_south, added.east_west
        won = (ns >= target or ew >= target) and ns != ew
        if won:
            game_winner = NS if ns > ew else EW
            assert game.game_winners == (*before.game_winners, game_winner)
            assert game.totals == (added if game.is_over else TeamPoints(0, 0))
        else:
            assert game.game_winners == before.game_winners
            assert game.totals == added
    # the match is over: its winner won rules.games_to_win games
    winner = game.winner
    assert winner is not None
    assert game.game_winners.count(winner) == rules.games_to_win
    assert game.games_won[winner] == rules.games_to_win
    assert game.totals[winner] >= target
    assert game.totals[winner] > game.totals[winner.other]
    if rules.games_to_win == 1:  # one game: the totals are the sum of the deal scores
        assert game.totals == TeamPoints(
            sum(result.score.north_south for result in game.results),
            sum(result.score.east_west for result in game.results),
        )
    assert game.to_move is None
    assert game.legal_actions() == ()
    assert game.deal.is_over


# ------------------------------------------------------------------ the target
def test_totals_add_the_deal_score() -> None:
    """From 100 / 200, the failing deal adds 20 / 320: 120 / 520, nobody at 1000."""
    game = play_the_failing_deal(game_before_the_failing_deal(RuleConfig(), TeamPoints(100, 200)))
    assert game.totals == TeamPoints(120, 520)
    assert game.winner is None
    assert game.deal_number == 1
    assert game.dealer is N  # West dealt; North deals the next deal
    assert game.deal.phase is Phase.AUCTION
    assert game.results[-1].score == FAILED_SCORE


def test_winner_at_the_target() -> None:
    """From 700 / 690: North-South 720, East-West 1010 >= 1000: East-West win."""
    game = play_the_failing_deal(game_before_the_failing_deal(RuleConfig(), TeamPoints(700, 690)))
    assert game.totals == TeamPoints(720, 1010)
    assert game.winner is EW
    assert game.is_over
    assert game.to_move is None
    assert game.legal_actions() == ()
    assert game.deal.phase is Phase.SCORED  # the final deal stays in place
    assert game.deal_number == 0
    with pytest.raises(IllegalActionError, match="the game is over: EW won"):
        game.apply(PASS)
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply_call(N, PASS)


@pytest.mark.parametrize(
    ("totals", "after", "winner"),
    [
        # both reach 1000 in the same deal: the higher total wins (RULES.md section 7)
        (TeamPoints(990, 700), TeamPoints(1010, 1020), EW),
        # ... even when it is the team that scored less in that deal
        (TeamPoints(995, 685), TeamPoints(1015, 1005), NS),
    ],
)
def test_both_reach_the_target(totals: TeamPoints, after: TeamPoints, winner: Team) -> None:
    game = play_the_failing_deal(game_before_the_failing_deal(RuleConfig(), totals))
    assert game.totals == after
    assert game.winner is winner


def test_level_over_the_target_plays_another_deal() -> None:
    """From 990 / 690 both reach 1010: level, so nobody wins and North deals again."""
    game = play_the_failing_deal(game_before_the_failing_deal(RuleConfig(), TeamPoints(990, 690)))
    assert game.totals == TeamPoints(1010, 1010)
    assert game.winner is None
    assert game.game_winners == ()
    assert game.deal_number == 1
    assert game.dealer is N
    assert game.deal.phase is Phase.AUCTION
    # the next scored deal decides (unless it leaves the totals level again)
    rng = random.Random(3)
    while not game.is_over:
        game = game.apply_unchecked(rng.choice(game.legal_actions()))
    winner = game.winner
    assert winner is not None
    assert game.totals[winner] > game.totals[winner.other]


def test_a_lower_target() -> None:
    """With target 500: from 400 / 100 the totals become 420 / 420, level but under the
    target, so nobody wins; from 480 / 100, North-South reach exactly 500 and win."""
    rules = attrs.evolve(RuleConfig.common(), target=500)
    game = play_the_failing_deal(game_before_the_failing_deal(rules, TeamPoints(400, 100)))
    assert game.totals == TeamPoints(420, 420)
    assert game.winner is None
    game = play_the_failing_deal(game_before_the_failing_deal(rules, TeamPoints(480, 100)))
    assert game.totals == TeamPoints(500, 420)
    assert game.winner is NS


# ------------------------------------------------------------------ matches
def test_contract_only_best_of_three() -> None:
    """contract_only: best of three games of 1000 (RULES.md section 7, seed 002).

    Failed 160: defenders 160 + 160 = 320, the bidders keep their belote, 20 (section 6).
    East-West win the first game from 700 / 690: the totals go back to zero and play
    goes on; winning a second game wins the match.
    """
    rules = RuleConfig.contract_only()
    assert (rules.target, rules.games_to_win) == (1000, 2)
    game = play_the_failing_deal(game_before_the_failing_deal(rules, TeamPoints(700, 690)))
    assert game.game_winners == (EW,)
    assert game.games_won == TeamPoints(0, 1)
    assert game.winner is None
    assert not game.is_over
    assert game.totals == TeamPoints(0, 0)
    assert game.dealer is N  # the next deal, by the next seat
    assert game.deal.phase is Phase.AUCTION
    # the second game, won by East-West again: the match is over, 2 games to 0
    game = attrs.evolve(game, deal=Deal.from_hands(W, rules, FAILING_HANDS),
                        totals=TeamPoints(700, 690))  # fmt: skip
    game = play_the_failing_deal(game)
    assert game.game_winners == (EW, EW)
    assert game.games_won == TeamPoints(0, 2)
    assert game.winner is EW
    assert game.is_over
    assert game.totals == TeamPoints(720, 1010)  # the final game's totals stay


def test_contract_only_third_game() -> None:
    """One game each: the third game decides the match."""
    rules = RuleConfig.contract_only()
    game = game_before_the_failing_deal(rules, TeamPoints(100, 100), game_winners=(NS, EW))
    assert game.games_won == TeamPoints(1, 1)
    game = play_the_failing_deal(game)  # 120 / 420: not yet
    assert game.winner is None
    game = attrs.evolve(game, deal=Deal.from_hands(W, rules, FAILING_HANDS),
                        totals=TeamPoints(990, 690))  # fmt: skip
    game = play_the_failing_deal(game)  # 1010 / 1010: level, another deal
    assert game.winner is None
    assert game.game_winners == (NS, EW)
    game = attrs.evolve(game, deal=Deal.from_hands(W, rules, FAILING_HANDS),
                        totals=TeamPoints(800, 690))  # fmt: skip
    game = play_the_failing_deal(game)  # 820 / 1010: East-West win the third game
    assert game.game_winners == (NS, EW, EW)
    assert game.winner is EW
    assert game.games_won == TeamPoints(1, 2)


# ------------------------------------------------------------------ actions
def test_pagat_out_of_turn_coinche_through_the_game() -> None:
    from coinche.auction import COINCHE

    game = Game.new(RuleConfig.pagat(), W, random.Random(2))
    game = game.apply(Bid(100, Strain.HEARTS))  # North bids, East to move
    game = game.apply_call(W, COINCHE)  # West coinches out of turn
    assert game.deal.calls[-1] == (W, COINCHE)
    assert game.to_move is N


def test_checked_apply_refuses_illegal_actions() -> None:
    game = Game.new(RuleConfig.common(), W, random.Random(2))
    with pytest.raises(IllegalActionError, match="the auction is on"):
        game.apply(FAILING_HANDS[N].cards[0])
    before = game
    game.apply(PASS)
    assert game == before  # immutable


def test_games_are_values() -> None:
    """The same seed and the same actions give equal games; a game pickles."""
    rules = RuleConfig.min82()
    one = Game.new(rules, E, random.Random(4))
    two = Game.new(rules, E, random.Random(4))
    rng = random.Random(6)
    for _ in range(60):
        action = rng.choice(one.legal_actions())
        one, two = one.apply(action), two.apply(action)
        assert one == two
    assert pickle.loads(pickle.dumps(one)) == one
    assert hash(one) == hash(two)
    assert "deal_number=" in repr(one)


def test_evolve_keeps_the_history_and_checks_the_fields() -> None:
    """attrs.evolve on a Game keeps its past deals and seed origin (declared fields);
    it used to drop them, and the records of the evolved game then lost the history."""
    game = Game.new(RuleConfig.common(), Seat.NORTH, random.Random(4))
    for _ in range(4):  # four passes: the deal is thrown in, a new one is dealt
        game = game.apply(PASS)
    assert len(game.deals) == 2
    evolved = attrs.evolve(game, thrown_in=game.thrown_in)
    assert evolved == game
    assert evolved.deals == game.deals
    assert loads(dumps(evolved)) == game  # a game record replays from its seed
    with pytest.raises(CoincheTypeError, match="thrown_in must be an int"):
        attrs.evolve(game, thrown_in="1")  # type: ignore[arg-type]


# ------------------------------------------------------------------ the state
def test_game_refuses_bad_totals() -> None:
    game = Game.new(RuleConfig(), Seat.NORTH, random.Random(1))
    with pytest.raises(CoincheTypeError):
        attrs.evolve(game, totals=TeamPoints("a", None))  # type: ignore[arg-type]
    with pytest.raises(CoincheTypeError, match="totals"):
        attrs.evolve(game, totals=(0, 0))  # type: ignore[arg-type]


# ------------------------------------------------------------------ explain and is_legal
def test_game_explains_as_its_deal_and_its_end() -> None:
    rules = attrs.evolve(RuleConfig.common(), target=100)
    game = Game.new(rules, W, random.Random(3))
    assert game.explain(Card.parse("7C")) == game.deal.explain(Card.parse("7C"))
    rng = random.Random(4)
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        assert game.explain(action) is None
        assert game.is_legal(action)
        game = game.apply(action)
    winner = game.winner
    assert winner is not None
    assert game.explain(PASS) == f"the game is over: {winner.short} won"
    assert not game.is_legal(PASS)
