"""The built-in players (coinche.bots.players) and the helpers that run deals and games.

Three kinds of checks:

* properties over random games of the five bidding presets: every action a player
  returns is one of the legal actions it was given, and it was given a PlayerView and
  nothing else;
* hidden cards: redealing the cards a seat cannot see changes neither its view nor the
  greedy player's choice;
* the greedy player's decisions in positions built by hand, each worked out in a
  comment from the rules in the GreedyPlayer docstring.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinche import (
    CAPOT,
    CoincheTypeError,
    Contract,
    Hand,
    IllegalCallError,
    RuleConfig,
    Seat,
    Strain,
    Team,
    Trick,
    legal_cards,
)
from coinche.auction import COINCHE, PASS, SURCOINCHE, Bid, Call
from coinche.bots.players import (
    GreedyPlayer,
    Player,
    RandomPlayer,
    play_deal,
    play_deals,
    play_game,
    trump_strength,
)
from coinche.cards import CARDS, Card
from coinche.deal import Action, Deal, Phase, PlayerView
from coinche.game import Game

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
BIDDING_PRESETS = ("common", "ffb", "pagat", "contract_only", "min82")
NO_ANNOUNCEMENTS = ("common", "contract_only", "min82")
KINDS: dict[str, Callable[[], Player]] = {"greedy": GreedyPlayer, "random": RandomPlayer}
GREEDY = GreedyPlayer()


class Spy:
    """Wraps a player: checks what it is given and that it answers with a legal action."""

    def __init__(self, seat: Seat, inner: Player) -> None:
        self.seat = seat
        self.inner = inner
        self.calls = 0

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        assert type(view) is PlayerView  # exactly a view: no Deal, no Game
        assert view.seat is self.seat
        assert view.to_move is self.seat
        assert legal
        assert isinstance(legal, tuple)
        action = self.inner.choose(view, legal, rng)
        assert action in legal
        self.calls += 1
        return action


def spies(kinds: Sequence[str]) -> dict[Seat, Spy]:
    return {seat: Spy(seat, KINDS[kind]()) for seat, kind in zip(Seat, kinds, strict=True)}


kinds_strategy = st.lists(st.sampled_from(sorted(KINDS)), min_size=4, max_size=4)


# ------------------------------------------------------------------ properties
@given(
    preset=st.sampled_from(BIDDING_PRESETS),
    seed=st.integers(0, 2**32),
    kinds=kinds_strategy,
    target=st.sampled_from([200, 400]),
)
def test_players_always_choose_a_legal_action_in_whole_games(
    preset: str, seed: int, kinds: list[str], target: int
) -> None:
    rules = attrs.evolve(RuleConfig.preset(preset), target=target)
    rng = random.Random(seed)
    players = spies(kinds)
    game = play_game(Game.new(rules, Seat(seed % 4), rng), players, rng)
    assert game.is_over
    assert game.winner in (Team.NORTH_SOUTH, Team.EAST_WEST)
    assert all(spy.calls > 0 for spy in players.values())


@given(preset=st.sampled_from(BIDDING_PRESETS), seed=st.integers(0, 2**32))
def test_greedy_players_finish_every_deal(preset: str, seed: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(Seat(seed % 4), RuleConfig.preset(preset), rng)
    done = play_deal(deal, spies(["greedy"] * 4), rng)
    assert done.phase in (Phase.SCORED, Phase.THROWN_IN)
    assert (done.result is not None) == (done.phase is Phase.SCORED)


def test_the_view_holds_no_other_hand() -> None:
    # The only cards in a view are the seat's own hand and the public ones (the turned
    # card of the classic deal is public: RULES.md section 8, "turn the next card up").
    # The private _log is the deal's log of actions made in front of everyone (calls,
    # cards played, what was declared with them); _legal caches the seat's own legal
    # actions, computed from its hand and the public trick; _position is the play
    # position with the other seats' masks withheld (tests/test_view.py checks them).
    names = {field.name for field in attrs.fields(PlayerView)}
    assert names == {
        "seat", "rules", "dealer", "phase", "to_move", "hand", "calls", "contract",
        "tricks", "trick", "announcements", "belote_declared", "turned", "_log", "_legal",
        "_position",
    }  # fmt: skip


def _redeal_hidden(deal: Deal, seat: Seat, rng: random.Random) -> Deal:
    """The same deal and history, with the cards *seat* cannot see dealt anew.

    The other seats keep the cards they have played; their unplayed cards are shuffled
    among them (each keeps its count). The history is replayed unchecked: a past card
    may no longer have been legal, but every public fact stays the same.
    """
    others = [other for other in Seat if other is not seat]
    hidden = [card for other in others for card in deal.hand(other)]
    rng.shuffle(hidden)
    hands = list(deal.hands)
    for other in others:
        count = len(deal.hand(other))
        unplayed, hidden = hidden[:count], hidden[count:]
        played = deal.hands[other] - deal.hand(other)
        hands[other] = played | Hand(unplayed)
    again = Deal.from_hands(deal.dealer, deal.rules, hands)
    for caller, call in deal.calls:
        again = again.apply_call(caller, call)
    current = deal.trick.cards if deal.trick is not None else ()
    for card in (*(card for trick in deal.tricks for card in trick.cards), *current):
        again = again.apply_unchecked(card)
    return again


@given(
    preset=st.sampled_from(NO_ANNOUNCEMENTS),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 40),
)
def test_hidden_cards_change_neither_the_view_nor_the_greedy_choice(
    preset: str, seed: int, moves: int
) -> None:
    rng = random.Random(seed)
    deal = Deal.new(Seat(seed % 4), RuleConfig.preset(preset), rng)
    players = {seat: RandomPlayer() for seat in Seat}
    for _ in range(moves):  # a random position, in the auction or the play
        if deal.is_over:
            return
        seat = deal.to_move
        assert seat is not None
        deal = deal.apply(players[seat].choose(deal.view(seat), deal.legal_actions(), rng))
    if deal.is_over:
        return
    seat = deal.to_move
    assert seat is not None
    other = _redeal_hidden(deal, seat, rng)
    assert other.view(seat) == deal.view(seat)
    assert other.legal_actions() == deal.legal_actions()
    choice = GREEDY.choose(deal.view(seat), deal.legal_actions(), random.Random(0))
    assert GREEDY.choose(other.view(seat), other.legal_actions(), random.Random(1)) == choice


# ------------------------------------------------------------------ play_game
def _final(seed: int, rules: RuleConfig | None = None) -> Game:
    rng = random.Random(seed)
    players: dict[Seat, Player] = {N: GREEDY, S: GREEDY, E: RandomPlayer(), W: RandomPlayer()}
    return play_game(Game.new(rules or RuleConfig.common(), W, rng), players, rng)


def test_play_game_ends_with_a_winner() -> None:
    game = _final(1)
    assert game.is_over
    winner = game.winner
    assert winner is not None
    assert game.totals[winner] >= game.rules.target
    assert game.totals[winner] > game.totals[winner.other]
    assert game.to_move is None


def test_play_game_is_deterministic_by_seed() -> None:
    assert _final(3) == _final(3)
    assert _final(3).results == _final(3).results
    scores = {tuple(result.score for result in _final(seed).results) for seed in range(5)}
    assert len(scores) > 1  # other seeds, other games


def test_play_game_plays_a_best_of_three_match() -> None:
    game = _final(2, RuleConfig.contract_only())
    winner = game.winner
    assert winner is not None
    assert game.games_won[winner] == 2
    assert game.game_winners.count(winner) == 2


def test_play_deals_yields_every_finished_deal() -> None:
    rng = random.Random(4)
    players = dict.fromkeys(Seat, GREEDY)  # all greedy: some deals are thrown in
    game = Game.new(attrs.evolve(RuleConfig.common(), target=500), N, rng)
    finished = list(play_deals(game, players, rng))
    final = finished[-1][1]
    assert final.is_over
    assert len(finished) == final.deal_number + 1
    assert [deal.dealer for deal, _ in finished] == [
        Seat((N + number) % 4) for number in range(len(finished))
    ]
    assert all(deal.is_over for deal, _ in finished)
    results = [deal.result for deal, _ in finished if deal.result is not None]
    assert tuple(results) == final.results
    thrown = [deal for deal, _ in finished if deal.phase is Phase.THROWN_IN]
    assert len(thrown) == final.thrown_in
    assert list(play_deals(final, players, rng)) == []


def test_play_game_checks_the_players() -> None:
    game = Game.new(RuleConfig.common(), W, random.Random(0))
    with pytest.raises(CoincheTypeError, match="no player for EAST, WEST"):
        play_game(game, {N: GREEDY, S: GREEDY}, random.Random(0))

    class Cheater:
        def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
            return Bid(85, Strain.HEARTS)  # not a bid value in common rules

    with pytest.raises(IllegalCallError, match="85 is not a bid value"):
        play_game(game, dict.fromkeys(Seat, Cheater()), random.Random(0))


def test_random_player_is_uniform_and_uses_the_rng() -> None:
    legal = (PASS, Bid(80, Strain.CLUBS), Bid(80, Strain.HEARTS))
    deal = Deal.new(W, RuleConfig.common(), random.Random(0))
    view = deal.view(N)
    rng = random.Random(7)
    picks = [RandomPlayer().choose(view, legal, rng) for _ in range(3000)]
    assert {picks.count(call) for call in legal} <= set(range(900, 1100))
    again = random.Random(7)
    assert [RandomPlayer().choose(view, legal, again) for _ in range(3000)] == picks


# ------------------------------------------------------------------ trump strength
def test_trump_strength_by_hand() -> None:
    hand = Hand.parse("JS 9S AS 7S 8S AH 7C 8D")
    # spades: J 20 + 9 14 + A 11 = 45, five trumps 50, side ace AH 10
    assert trump_strength(hand, Strain.SPADES) == 105
    # hearts: A 11, one trump 10, side ace AS 10
    assert trump_strength(hand, Strain.HEARTS) == 31
    # clubs: one trump 10, aces AS and AH 20
    assert trump_strength(hand, Strain.CLUBS) == 30
    # belote: K and Q of trumps, 4 + 3 + 20 + 2 trumps 20
    assert trump_strength(Hand.parse("KD QD"), Strain.DIAMONDS) == 47
    assert trump_strength(hand, Strain.ALL_TRUMP) == 0


# ------------------------------------------------------------------ greedy: auction
STRONG_SPADES = Hand.parse("JS 9S AS 7S 8S AH 7C 8D")  # worth 105 in spades (above)


def auction_view(
    seat: Seat, hand: Hand, calls: Sequence[tuple[Seat, Call]], rules: RuleConfig | None = None
) -> tuple[PlayerView, tuple[Action, ...]]:
    """The view and legal calls of *seat* holding *hand* after *calls*, West dealing."""
    rest = iter((Hand.full() - hand).cards)
    hands = [hand if s is seat else Hand(next(rest) for _ in range(8)) for s in Seat]
    deal = Deal.from_hands(W, rules or RuleConfig.common(), hands)
    for caller, call in calls:
        deal = deal.apply_call(caller, call)
    assert deal.to_move is seat
    return deal.view(seat), deal.legal_actions()


def greedy_call(
    seat: Seat, hand: Hand, calls: Sequence[tuple[Seat, Call]], rules: RuleConfig | None = None
) -> Action:
    view, legal = auction_view(seat, hand, calls, rules)
    return GREEDY.choose(view, legal, random.Random(0))


def test_greedy_bids_the_lowest_bid_in_its_strongest_suit() -> None:
    # spades 105 is its best suit (hearts 31, clubs 30, diamonds 30); first to speak,
    # the lowest spade bid is 80, and 105 reaches it
    assert greedy_call(N, STRONG_SPADES, []) == Bid(80, Strain.SPADES)


def test_greedy_overbids_an_opponent_while_its_strength_reaches_the_bid() -> None:
    # East bid 90 H: the lowest spade bid for South is 100 S, and 105 reaches it
    assert greedy_call(S, STRONG_SPADES, [(N, PASS), (E, Bid(90, Strain.HEARTS))]) == Bid(
        100, Strain.SPADES
    )
    # over 100 H the lowest spade bid is 110 S, above 105: it passes
    assert greedy_call(S, STRONG_SPADES, [(N, PASS), (E, Bid(100, Strain.HEARTS))]) == PASS


def test_greedy_passes_a_weak_hand() -> None:
    # two small cards in each suit: 20 in every suit, far below 80
    assert greedy_call(N, Hand.parse("7C 8C 7D 8D 7H 8H 7S 8S"), []) == PASS


def test_greedy_never_bids_over_its_partner() -> None:
    # North (South's partner) bid 80 C; South would be worth 100 S but leaves it
    assert greedy_call(S, STRONG_SPADES, [(N, Bid(80, Strain.CLUBS)), (E, PASS)]) == PASS


def test_greedy_never_bids_no_trump() -> None:
    rules = attrs.evolve(RuleConfig.common(), allow_no_trump=True, allow_all_trump=True)
    # four aces and four tens would make a no-trump player bid; greedy counts suits only:
    # in each suit A 11 + 10 10 + two trumps 20 + three side aces 30 = 71 < 80
    assert greedy_call(N, Hand.parse("AS TS AH TH AD TD AC TC"), [], rules) == PASS


def test_greedy_coinches_holding_the_jack_and_nine_of_the_opponents_trumps() -> None:
    hand = Hand.parse("JH 9H 7C 8C 7D 8D 7S 8S")
    # North bid 100 H; East holds the two best hearts: coinche
    assert greedy_call(E, hand, [(N, Bid(100, Strain.HEARTS))]) == COINCHE
    # without the nine it is not clearly strong: its own best suit is no
    # bid either (hearts 20 + two trumps 20 = 40), so it passes
    weaker = Hand.parse("JH 7H 7C 8C 7D 8D 7S 8S")
    assert greedy_call(E, weaker, [(N, Bid(100, Strain.HEARTS))]) == PASS


def test_greedy_coinches_a_capot_holding_the_master_trump() -> None:
    # the jack of trumps always takes a trick: a capot in hearts cannot be made
    hand = Hand.parse("JH 7C 8C 7D 8D 7S 8S 9S")
    assert greedy_call(E, hand, [(N, Bid(CAPOT, Strain.HEARTS))]) == COINCHE


def test_greedy_surcoinches_only_its_own_very_strong_bid() -> None:
    # North bids 80 S, East coinches, South passes, North answers.
    calls: list[tuple[Seat, Call]] = [(N, Bid(80, Strain.SPADES)), (E, COINCHE), (S, PASS)]
    # J 9 A 10 20+14+11+10 = 55, six trumps 60, belote? no; aces AH AD 20: 135 >= 110
    very_strong = Hand.parse("JS 9S AS TS 8S 7S AH AD")
    assert greedy_call(N, very_strong, calls) == SURCOINCHE
    # 105 < 80 + 30: it lets the coinche stand
    assert greedy_call(N, STRONG_SPADES, calls) == PASS
    # South, answering first, never surcoinches its partner's bid, however strong
    assert greedy_call(S, very_strong, calls[:2]) == PASS


# ------------------------------------------------------------------ greedy: play
HEARTS_80 = Contract(N, Strain.HEARTS, 80)


def greedy_card(hand: str, trick: str, contract: Contract = HEARTS_80) -> Card:
    """The greedy card of the seat to move in *trick* holding *hand* (common rules)."""
    rules = RuleConfig.common()
    played = Trick.parse(trick)
    held = Hand.parse(hand)
    seat = played.to_move
    # a view some deal shows: the first trick, led by the seat after the dealer, whose
    # auction gives the contract; the hand made up to eight cards with cards nobody
    # shows (the greedy card is chosen among the legal cards of *hand*, given below)
    dealer = played.leader.offset(-1)
    order = dealer.next.cycle()
    calls: tuple[tuple[Seat, Call], ...] = (
        *((caller, PASS) for caller in order[: order.index(contract.taker)]),
        (contract.taker, Bid(80, contract.strain)),
        *((caller, PASS) for caller in contract.taker.next.cycle()[:3]),
    )
    unseen = [c for c in CARDS if c not in held and c not in played.cards]
    view = PlayerView(
        seat=seat, rules=rules, dealer=dealer, phase=Phase.PLAY, to_move=seat,
        hand=held | Hand(unseen[: 8 - len(held)]), calls=calls, contract=contract, tricks=(),
        trick=played, announcements=(), belote_declared=False,
    )  # fmt: skip
    legal = legal_cards(held, played, contract.strain, rules).cards
    action = GREEDY.choose(view, legal, random.Random(0))
    assert isinstance(action, Card)
    return action


def test_greedy_takes_the_trick_with_its_highest_card() -> None:
    # East led KS, South 7S; West must follow spades: AS, its highest, beats the KS
    assert greedy_card("AS TS 8S 7H", "E: KS 7S") == Card.parse("AS")


def test_greedy_plays_its_cheapest_card_when_it_cannot_win() -> None:
    # South trumped with the JH, the master trump; West must follow spades and no spade
    # beats a trump: it plays the spade worth least, the 8S (0 points)
    assert greedy_card("AS TS 8S KD", "E: 7S JH") == Card.parse("8S")


def test_greedy_discards_its_lowest_card() -> None:
    # West holds no spade and no trump: anything goes, nothing wins; the 7C and 8C are
    # worth 0, and the 7C ranks lower
    assert greedy_card("KD TD 8C 7C AC", "E: 7S JH") == Card.parse("7C")


def test_greedy_ruffs_with_its_highest_trump() -> None:
    # South led AS; West has no spade and must trump (rule 3b); 8H ranks over 7H and
    # either takes the lead
    assert greedy_card("7H 8H KD", "S: AS") == Card.parse("8H")


def test_greedy_leads_the_highest_card_of_its_suit() -> None:
    # JH (top trump) and AS (top spade) both rank first in their suit; JH is worth 20
    # points, AS 11
    assert greedy_card("JH AS 7C KD", "N:") == Card.parse("JH")
    # without a trump: AS and AC tie on rank and points, spades come later
    assert greedy_card("AC AS 7D", "N:") == Card.parse("AS")
