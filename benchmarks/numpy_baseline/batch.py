"""N deals advanced together with NumPy: the whole deal, auction and play, per step.

:class:`BatchEnv` holds *n* deals; :meth:`BatchEnv.step` takes one action integer
(:mod:`coinche.actions`) for the seat to move in each and advances all of them at once.
After each step it exposes, for every deal: :attr:`~BatchEnv.observations` (the compact
int layout :data:`COMPACT_FIELDS`, of the seat to move; :func:`expand` turns rows of it
into the 998 floats of :func:`coinche.rl.observation`), :attr:`~BatchEnv.action_mask`
(``n x 154`` booleans), :attr:`~BatchEnv.to_move`, :attr:`~BatchEnv.rewards` (by seat)
and :attr:`~BatchEnv.terminated`. A deal that ends (scored, or thrown in) is replaced
in the same step by the next deal of its slot (auto-reset): the observation and mask are
the new deal's, the rewards, :attr:`~BatchEnv.final_scores` and ``terminated`` the old one's.

Deals are seeded one by one: slot *j* plays deals ``j``, ``j + n``, ``j + 2n`` ... of
the seed, and :func:`deal_of` gives deal *i* of a seed as a :class:`~coinche.Deal`, the
same deal whatever the batch size.

>>> import numpy as np
>>> from coinche.rl.batch import BatchEnv, expand
>>> env = BatchEnv("common", n=8, seed=1)
>>> env.action_mask.shape, env.observations.shape, expand(env.observations).shape
((8, 154), (8, 38), (8, 998))
>>> rng = np.random.default_rng(0)
>>> done = 0
>>> for _ in range(300):
...     env.step(env.sample(rng))
...     done += int(env.terminated.sum())
>>> done > 0
True

Every preset but ``classic_belote`` is supported: the turned-card auction deals three
more cards after it and its play rules (monter) read more of the trick than the tables
hold; it stays with the single-deal environments. Rules whose belote must be declared
(``belote_requires_declaration``) are refused too: an action integer cannot say whether
it declares belote.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from coinche import _kernel as K
from coinche._checks import short_repr
from coinche.actions import NUM_ACTIONS
from coinche.announcements import find_in_mask
from coinche.cards import CARDS, Hand, Strain
from coinche.config import AuctionKind, RuleConfig
from coinche.deal import Deal
from coinche.errors import CoincheTypeError, IllegalActionError, RuleConfigError
from coinche.position import announcement_credit
from coinche.rl._common import DEFAULT_REWARD, RewardKind, Rewards, to_rules
from coinche.rl.observation import OBSERVATION_SIZE, field_slice
from coinche.seats import Seat
from numpy_baseline._batch_score import score as vector_score
from numpy_baseline._batch_tables import MULTIPLIER_INDEX, auction_tables, dealt, play_tables

__all__ = ["COMPACT_FIELDS", "COMPACT_SIZE", "BatchEnv", "deal_of", "expand"]

I64 = npt.NDArray[np.int64]

COMPACT_FIELDS: Final[tuple[tuple[str, int, str], ...]] = (
    ("seat", 1, "the observer (the seat to move), absolute 0-3"),
    ("dealer", 1, "the dealer, absolute"),
    ("phase", 1, "0 auction, 1 play"),
    ("hand", 1, "the observer's cards, a 32-bit mask (bit = card index)"),
    ("played", 4, "by absolute seat, the cards it has played, the trick's included"),
    ("trick", 4, "by absolute seat, its card in the trick in progress, -1 if none"),
    ("trick_leader", 1, "the seat that led the trick in progress, -1 in the auction"),
    ("shown", 4, "by absolute seat, the cards of the announcements it declared"),
    ("bids", 8, "by seat s, 2 words: bit b of word 2s + b // 57 set if s bid 40 + b"),
    ("coinche", 1, "the seat that coinched, -1"),
    ("surcoinche", 1, "the seat that surcoinched, -1"),
    ("passed", 1, "bit s set if seat s's latest call is a pass"),
    ("contract_strain", 1, "0-5, -1 in the auction"),
    ("contract_level", 1, "0-16, capot 17, générale 18, -1 in the auction"),
    ("contract_taker", 1, "absolute, -1"),
    ("contract_multiplier", 1, "0, 1 coinched, 2 surcoinched, -1"),
    ("card_points", 2, "card points of complete tricks, North-South then East-West"),
    ("tricks_won", 2, "tricks won, North-South then East-West"),
    ("announcements", 2, "points of declared announcements, North-South then East-West"),
)
"""The compact observation, one int64 row per deal: each field's name, width, meaning.
Seats are absolute; :func:`expand` makes them relative to ``seat`` as
:data:`coinche.rl.OBSERVATION_FIELDS` has them."""

_COL: Final[dict[str, int]] = {}
_at = 0
for _name, _width, _ in COMPACT_FIELDS:
    _COL[_name] = _at
    _at += _width
COMPACT_SIZE: Final = _at
"""The number of columns of the compact observation."""
del _at, _name, _width

_MULT_INDEX: Final = np.array(
    [-1, MULTIPLIER_INDEX[1], MULTIPLIER_INDEX[2], -1, MULTIPLIER_INDEX[4]]
)
_FRESH: Final = np.zeros(COMPACT_SIZE, dtype=np.int64)
for _name in (
    "trick",
    "trick_leader",
    "coinche",
    "surcoinche",
    "contract_strain",
    "contract_level",
    "contract_taker",
    "contract_multiplier",
):
    _FRESH[_COL[_name] : _COL[_name] + (4 if _name == "trick" else 1)] = -1
del _name
_BIT32: Final = np.left_shift(np.int64(1), np.arange(32, dtype=np.int64))


def deal_of(rules: RuleConfig | str | None, seed: int, index: int) -> Deal:
    """Deal *index* of *seed*: the deal slot ``index % n`` of a :class:`BatchEnv` of that
    seed plays as its ``index // n``-th deal, about to start its auction.

    >>> from coinche.rl.batch import deal_of
    >>> deal = deal_of("ffb", 7, 3)
    >>> deal == deal_of("ffb", 7, 3), [len(hand) for hand in deal.hands]
    (True, [8, 8, 8, 8])
    """
    rules = _batch_rules(rules)
    dealer, hands = dealt(seed, np.array([index], dtype=np.int64))
    masks = hands[0].tolist()
    held = [Hand([card for card in CARDS if mask >> card.index & 1]) for mask in masks]
    return Deal.from_hands(Seat(int(dealer[0])), rules, held)


def _batch_rules(rules: RuleConfig | str | None) -> RuleConfig:
    rules = to_rules(rules)
    if rules.auction is AuctionKind.TURNED_CARD:
        raise RuleConfigError(
            "the batch env does not play the turned-card auction (classic belote): "
            "use CoincheAECEnv or CoincheGymEnv"
        )
    if rules.belote_requires_declaration:
        raise RuleConfigError(
            "the batch env needs belote_requires_declaration off: an action integer "
            "does not say whether it declares belote"
        )
    return rules


class BatchEnv:
    """*n* deals of *rules* (a :class:`~coinche.RuleConfig` or a preset name) advanced
    together; deals seeded by *seed* (see the module). Built ready: the first
    observations and masks are there before any :meth:`step`. *reward* is the
    environments' (``"scaled"``, ``"score"`` or ``"win"``; :doc:`/rl`, "Rewards").

    :raises RuleConfigError: classic belote, or belote that must be declared.
    :raises CoincheTypeError: *n* or *seed* not an int, *n* below 1; *reward* not one
        of the three.
    """

    def __init__(
        self,
        rules: RuleConfig | str | None = None,
        n: int = 1,
        seed: int = 0,
        *,
        reward: RewardKind = DEFAULT_REWARD,
    ) -> None:
        self.rules = _batch_rules(rules)
        self.reward = Rewards(reward, self.rules)
        """The reward of a deal from its score difference (:attr:`rewards`)."""
        if type(n) is not int or n < 1:
            raise CoincheTypeError(f"n must be an int of at least 1, not {short_repr(n)}")
        if type(seed) is not int:
            raise CoincheTypeError(f"seed must be an int, not {short_repr(seed)}")
        self.n = n
        self.seed = seed
        self._auction = auction_tables(self.rules)
        self._play = play_tables(self.rules.play_flags)
        self._options = self.rules.score_options
        self._ann = self.rules.announcements
        z = np.zeros
        self.deal_index: I64 = np.arange(n, dtype=np.int64)
        """The index (of the seed) of the deal each slot plays."""
        # the public fields of the compact observation are the state itself, updated in
        # place step by step; the arrays below are views of its columns
        pub = self._pub = z((n, COMPACT_SIZE), np.int64)
        c = _COL

        def col(name: str, width: int = 0) -> I64:
            return pub[:, c[name]] if not width else pub[:, c[name] : c[name] + width]

        self._dealer = col("dealer")
        self._phase = col("phase")
        self._played = col("played", 4)
        self._seat_cards = col("trick", 4)
        self._leader = col("trick_leader")
        self._shown = col("shown", 4)
        self._bids = col("bids", 8)
        self._coincher = col("coinche")
        self._surcoincher = col("surcoinche")
        self._passed = col("passed")
        self._strain = col("contract_strain")
        self._level = col("contract_level")
        self._taker = col("contract_taker")
        self._mult = col("contract_multiplier")
        self._points = col("card_points", 2)
        self._team_won = col("tricks_won", 2)
        self._declared = col("announcements", 2)
        self._hands: I64 = z((n, 4), np.int64)
        self._astate: I64 = z(n, np.int64)
        self._size: I64 = z(n, np.int64)
        # the trick in progress, kept card by card: the led suit, the master card, its
        # win key and position, the positions' parities (1 << p & 1) that trumped after
        # the lead, and the card points so far
        self._led: I64 = z(n, np.int64)
        self._master: I64 = z(n, np.int64)
        self._master_key: I64 = z(n, np.int64)
        self._master_pos: I64 = z(n, np.int64)
        self._trumped: I64 = z(n, np.int64)
        self._trick_points: I64 = z(n, np.int64)
        self._tricks_done: I64 = z(n, np.int64)
        self._won: I64 = z((n, 4), np.int64)
        self._ann_cards: I64 = z((n, 4), np.int64)
        self._ann_points: I64 = z((n, 4), np.int64)
        self._credit: I64 = z((n, 2), np.int64)
        self._belote: I64 = z(n, np.int64)
        # the play rows' auction state: an over state, whose mask is empty
        self._over_state = int(np.flatnonzero(self._auction.over)[0])
        self._rows = np.arange(n)
        self.rewards = np.zeros((n, 4), dtype=np.float32)
        """The reward of each seat this step, when the deal ended this step: its team's
        deal score minus the other's through :attr:`reward` (0 for a deal thrown in)."""
        self.terminated = np.zeros(n, dtype=np.bool_)
        """True for each slot whose deal ended this step (a new deal is now there)."""
        self.final_scores: I64 = np.zeros((n, 2), dtype=np.int64)
        """The deal scores (North-South, East-West) of the deals that ended this step."""
        self.thrown_in = np.zeros(n, dtype=np.bool_)
        """True for each slot whose deal was thrown in this step (all four passed)."""
        self._next_index = n
        self._new_deals(self._rows)
        self._refresh()

    # ------------------------------------------------------------------ dealing
    def _new_deals(self, rows: npt.NDArray[np.intp]) -> None:
        dealer, hands = dealt(self.seed, self.deal_index[rows])
        self._dealer[rows] = dealer
        self._hands[rows] = hands
        pub = self._pub
        pub[rows] = _FRESH
        pub[rows, _COL["dealer"]] = dealer
        for name in ("_astate", "_size", "_won", "_ann_cards", "_ann_points", "_tricks_done"):
            getattr(self, name)[rows] = 0

    # ------------------------------------------------------------------ observing
    @property
    def to_move(self) -> I64:
        """The seat to move in each deal, absolute (0 North ... 3 West)."""
        return self._to_move

    def _refresh(self) -> None:
        """The seat to move, the masks and the compact observations, from the state."""
        tables = self._auction
        play = self._phase == 1
        prow = np.flatnonzero(play)
        states = np.where(play, self._over_state, self._astate)
        to_move = (self._dealer + tables.to_move[states]) & 3
        legal = np.zeros(self.n, dtype=np.int64)
        if prow.size:
            size = self._size[prow]
            mover = (self._leader[prow] + size) & 3
            to_move[prow] = mover
            legal[prow] = self._legal(prow, self._hands[prow, mover], size)
        self._to_move = to_move
        mask = tables.mask[states]  # the calls; the cards' columns are all False there
        bits = np.unpackbits(legal.astype("<u4").view(np.uint8), bitorder="little")
        cards = bits.reshape(self.n, 32).view(np.bool_)
        mask[:, :32] = cards
        self._cards_mask = cards
        self._legal_cards = legal
        self._play_rows = play
        self.action_mask = mask
        obs = self._pub.copy()
        obs[:, _COL["seat"]] = to_move
        obs[:, _COL["hand"]] = self._hands[self._rows, to_move]
        self.observations = obs

    def _legal(self, rows: npt.NDArray[np.intp], hand: I64, size: I64) -> I64:
        """The legal cards of the movers of *rows* (in the play), from the kernel's tables."""
        legal = hand.copy()
        inside = np.flatnonzero(size > 0)
        if not inside.size:
            return legal
        r = rows[inside]
        n = size[inside]
        strain = self._strain[r]
        led = self._led[r]
        partner = ((n - self._master_pos[r]) & 1) == 0
        trumped = (self._trumped[r] >> ((n + 1) & 1)) & 1
        key = (((strain * 4 + led) * 32 + self._master[r]) * 2 + partner) * 2 + trumped
        h = hand[inside]
        follow = (h >> (8 * led)) & 0xFF
        suit_strain = strain < 4
        trump_byte = np.where(
            suit_strain & (strain != led), (h >> (8 * np.minimum(strain, 3))) & 0xFF, 0
        )
        fol = self._play.follow[key, follow] << (8 * led)
        void = self._play.void[key, trump_byte]
        voided = np.where(void == 256, h, void << (8 * np.minimum(strain, 3)))
        legal[inside] = np.where(follow != 0, fol, voided)
        return legal

    def sample(self, rng: np.random.Generator) -> I64:
        """A random legal action for each deal (uniform over its mask).

        >>> import numpy as np
        >>> from coinche.rl.batch import BatchEnv
        >>> env = BatchEnv(n=3)
        >>> actions = env.sample(np.random.default_rng(1))
        >>> bool(env.action_mask[np.arange(3), actions].all())
        True
        """
        draw = rng.random(self.n)
        # the cards: drop the k lowest legal cards (k drawn below their number), keep the
        # lowest left; a deal in its auction has no legal card
        cards = self._legal_cards
        k = (draw * np.bitwise_count(cards)).astype(np.int64)
        for i in range(8):  # at most eight cards in a hand
            cards = np.where(k > i, cards & (cards - 1), cards)
        out: I64 = np.bitwise_count((cards & -cards) - 1).astype(np.int64)
        calls = np.flatnonzero(~self._play_rows)
        if calls.size:  # the calls: the k-th of the auction state's legal list
            tables = self._auction
            states = self._astate[calls]
            k = (draw[calls] * tables.count[states]).astype(np.int64)
            out[calls] = tables.legal[states, k]
        return out

    def sample_first(self) -> I64:
        """The first legal action of each deal (the lowest integer its mask allows)."""
        first: I64 = np.argmax(self.action_mask, axis=1).astype(np.int64)
        return first

    # ------------------------------------------------------------------ stepping
    def step(self, actions: npt.ArrayLike, where: npt.ArrayLike | None = None) -> None:
        """Play ``actions[i]`` for the seat to move in deal *i*, for every *i* (or only
        where the booleans *where* are True: the other deals stay as they are, their
        actions unread).

        :raises CoincheTypeError: not *n* integers, or *where* not *n* booleans.
        :raises IllegalActionError: an action its deal's mask does not allow (the first
            such deal is named; no deal moves).
        """
        acts = np.asarray(actions)
        if acts.shape != (self.n,) or acts.dtype.kind not in "iu":
            raise CoincheTypeError(
                f"actions must be {self.n} integers (one per deal), not an array of "
                f"shape {acts.shape} and dtype {acts.dtype}"
            )
        acts = acts.astype(np.int64)
        moving = None
        if where is not None:
            moving = np.asarray(where)
            if moving.shape != (self.n,) or moving.dtype != np.bool_:
                raise CoincheTypeError(f"where must be {self.n} booleans, not {short_repr(where)}")
            acts = np.where(moving, acts, self.sample_first())
        inside = (acts >= 0) & (acts < NUM_ACTIONS)
        ok = inside.copy()
        ok[inside] = self.action_mask[self._rows[inside], acts[inside]]
        if not ok.all():
            bad = int(np.flatnonzero(~ok)[0])
            raise IllegalActionError(
                int(acts[bad]), Seat(int(self._to_move[bad])), f"not legal in deal {bad} now"
            )
        self.rewards[:] = 0.0
        self.terminated[:] = False
        self.thrown_in[:] = False
        play = self._phase == 1
        auction = ~play
        if moving is not None:
            play &= moving
            auction &= moving
        arows = np.flatnonzero(auction)
        prow = np.flatnonzero(play)
        ended: list[npt.NDArray[np.intp]] = []
        if arows.size:
            ended.append(self._calls(arows, acts[arows]))
        if prow.size:
            ended.append(self._cards(prow, acts[prow]))
        done = np.concatenate(ended)
        if done.size:
            self.terminated[done] = True
            self.deal_index[done] += self.n
            self._new_deals(done)
        self._refresh()

    def _calls(self, rows: npt.NDArray[np.intp], acts: I64) -> npt.NDArray[np.intp]:
        """The auction's step for *rows*; returns the rows whose deal was thrown in."""
        tables = self._auction
        seat = self._to_move[rows]
        kind = tables.action_kind[acts]
        bid = np.flatnonzero(kind == 2)
        if bid.size:
            b = acts[bid] - 40
            self._bids[rows[bid], 2 * seat[bid] + b // 57] |= np.left_shift(1, b % 57)
        passed = kind == 1
        bit = np.left_shift(1, seat)
        self._passed[rows] = np.where(passed, self._passed[rows] | bit, self._passed[rows] & ~bit)
        sel = kind == 3
        self._coincher[rows[sel]] = seat[sel]
        sel = kind == 4
        self._surcoincher[rows[sel]] = seat[sel]
        states = tables.nxt[self._astate[rows], acts]
        self._astate[rows] = states
        over = tables.over[states]
        thrown = rows[over & tables.thrown[states]]
        self.thrown_in[thrown] = True
        self.final_scores[thrown] = 0
        start = over & ~tables.thrown[states]
        if start.any():
            self._start_play(rows[start], states[start])
        return thrown

    def _start_play(self, rows: npt.NDArray[np.intp], states: I64) -> None:
        tables = self._auction
        dealer = self._dealer[rows]
        strain = tables.strain[states]
        self._phase[rows] = 1
        self._strain[rows] = strain
        self._level[rows] = tables.level[states]
        self._taker[rows] = (dealer + tables.taker[states]) & 3
        self._mult[rows] = _MULT_INDEX[tables.mult[states]]
        self._leader[rows] = (dealer + tables.leader[states]) & 3
        pair = self._play.belote[strain]
        hands = self._hands[rows]
        has = (hands & pair[:, None]) == pair[:, None]
        has &= pair[:, None] != 0
        holder = np.where(has.any(axis=1), np.argmax(has, axis=1), -1)
        self._belote[rows] = np.where(holder >= 0, holder & 1, -1)
        if self._ann:
            self._announce(rows, hands.tolist(), strain.tolist())

    def _announce(
        self, rows: npt.NDArray[np.intp], hands: list[list[int]], strains: list[int]
    ) -> None:
        """What each seat will declare with its first card, and the credit (the library's
        own announcement functions, per deal)."""
        rules = self.rules
        for row, hand, strain in zip(rows.tolist(), hands, strains, strict=True):
            for seat in range(4):
                found = find_in_mask(hand[seat], Strain(strain), rules.runs_in_trump, Seat(seat))
                cards = 0
                for announcement in found:
                    cards |= announcement.cards.mask
                self._ann_cards[row, seat] = cards
                self._ann_points[row, seat] = sum(a.points for a in found)
            self._credit[row] = announcement_credit(hand, [0, 1, 2, 3], [], strain, rules)

    def _cards(self, rows: npt.NDArray[np.intp], acts: I64) -> npt.NDArray[np.intp]:
        """The play's step for *rows*; returns the rows whose deal is over (scored)."""
        seat = self._to_move[rows]
        bit = np.left_shift(1, acts)
        self._hands[rows, seat] &= ~bit
        self._played[rows, seat] |= bit
        self._seat_cards[rows, seat] = acts
        if self._ann:
            first = np.flatnonzero(self._tricks_done[rows] == 0)
            if first.size:
                r, s = rows[first], seat[first]
                self._shown[r, s] |= self._ann_cards[r, s]
                np.add.at(self._declared, (r, s & 1), self._ann_points[r, s])
        size = self._size[rows]
        strain = self._strain[rows]
        lead = size == 0
        led = np.where(lead, acts >> 3, self._led[rows])
        key = self._play.win_key_flat[(strain * 4 + led) * 32 + acts]
        beats = lead | (key > self._master_key[rows])
        self._led[rows] = led
        self._master[rows] = np.where(beats, acts, self._master[rows])
        self._master_key[rows] = np.where(beats, key, self._master_key[rows])
        position = np.where(beats, size, self._master_pos[rows])
        self._master_pos[rows] = position
        trumped = np.where(lead, 0, self._trumped[rows])
        self._trumped[rows] = trumped | np.where(~lead & (key >= 16), 1 << (size & 1), 0)
        points = np.where(lead, 0, self._trick_points[rows])
        points += self._play.points_flat[strain * 32 + acts]
        self._trick_points[rows] = points
        full = size == 3
        self._size[rows] = np.where(full, 0, size + 1)
        done = np.flatnonzero(full)
        if not done.size:
            return done
        r = rows[done]
        winner = (self._leader[r] + position[done]) & 3
        self._won[r, winner] += 1
        team = winner & 1
        self._team_won[r, team] += 1
        self._seat_cards[r] = -1
        tricks = self._tricks_done[r] + 1
        self._tricks_done[r] = tricks
        last = tricks == 8
        self._points[r, team] += points[done] + np.where(last, K.LAST_TRICK_BONUS, 0)
        self._leader[r] = winner
        over: npt.NDArray[np.intp] = r[last]
        if over.size:
            self._score(over)
        return over

    def _score(self, rows: npt.NDArray[np.intp]) -> None:
        """The kernel's scoring of each finished deal (vectorised), and the rewards."""
        tables = self._auction
        states = self._astate[rows]
        credit = self._credit[rows] if self._ann else np.zeros((rows.size, 2), np.int64)
        scores = vector_score(
            self._options,
            self._taker[rows],
            tables.kind[states],
            tables.value[states],
            tables.mult[states],
            self._points[rows],
            self._won[rows],
            self._belote[rows],
            credit,
        )
        self.final_scores[rows] = scores
        diff = self.reward.of_array((scores[:, 0] - scores[:, 1]).astype(np.float32))
        self.rewards[rows] = np.stack([diff, -diff, diff, -diff], axis=1)


# ---------------------------------------------------------------------- expanding
_F: Final = {name: field_slice(name).start for name in (
    "hand", "played", "trick", "trick_leader", "shown", "bids", "coinche", "surcoinche",
    "passed", "contract_strain", "contract_level", "contract_taker", "contract_multiplier",
    "card_points", "tricks_won", "announcements", "seat", "dealer", "to_move", "phase",
)}  # fmt: skip


def _unpack32(masks: I64) -> npt.NDArray[np.uint8]:
    """The 32 bits of each mask, lowest first, as a trailing axis of 0s and 1s."""
    flat = np.ascontiguousarray(masks).astype("<u4").view(np.uint8)
    bits = np.unpackbits(flat, bitorder="little")
    return bits.reshape(*masks.shape, 32)


def expand(compact: npt.ArrayLike) -> npt.NDArray[np.float32]:
    """The observations of :func:`coinche.rl.observation` (``M x 998`` float32) from
    compact rows (``M x`` :data:`COMPACT_SIZE`, or one row).

    >>> from coinche.rl import field_slice
    >>> from coinche.rl.batch import BatchEnv, expand
    >>> full = expand(BatchEnv("ffb", n=2, seed=3).observations)
    >>> full.shape, full[:, field_slice("hand")].sum(axis=1).tolist()
    ((2, 998), [8.0, 8.0])
    """
    rows = np.asarray(compact, dtype=np.int64)
    single = rows.ndim == 1
    if single:
        rows = rows[None, :]
    if rows.ndim != 2 or rows.shape[1] != COMPACT_SIZE:
        raise CoincheTypeError(
            f"compact observations have {COMPACT_SIZE} columns, not {rows.shape}"
        )
    m = rows.shape[0]
    c = _COL
    out = np.zeros((m, OBSERVATION_SIZE), dtype=np.float32)
    ar = np.arange(m)
    me = rows[:, c["seat"]]
    seats = (me[:, None] + np.arange(4)[None, :]) & 3  # absolute seat of each relative one

    def cards(column: int, start: int) -> None:
        masks = np.take_along_axis(rows[:, column : column + 4], seats, axis=1)
        out[:, start : start + 128] = _unpack32(masks).reshape(m, 128)

    out[:, _F["hand"] : _F["hand"] + 32] = _unpack32(rows[:, c["hand"]])
    cards(c["played"], _F["played"])
    cards(c["shown"], _F["shown"])
    trick = np.take_along_axis(rows[:, c["trick"] : c["trick"] + 4], seats, axis=1)
    rr, ss = np.nonzero(trick >= 0)
    out[rr, _F["trick"] + 32 * ss + trick[rr, ss]] = 1.0
    play = rows[:, c["phase"]] == 1
    leader = rows[:, c["trick_leader"]]
    out[ar[play], _F["trick_leader"] + ((leader[play] - me[play]) & 3)] = 1.0
    bids = np.take_along_axis(
        rows[:, c["bids"] : c["bids"] + 8].reshape(m, 4, 2), seats[:, :, None], axis=1
    )  # m x relative seat x word
    words = np.unpackbits(
        np.ascontiguousarray(bids).astype("<u8").view(np.uint8), bitorder="little"
    )
    made = words.reshape(m, 4, 2, 64)[:, :, :, :57].reshape(m, 4, 114)  # by relative seat
    target = out[:, _F["bids"] : _F["bids"] + 456].reshape(m, 114, 4)  # a view
    target[...] = made.transpose(0, 2, 1)
    for name in ("coinche", "surcoinche", "contract_taker"):
        who = rows[:, c[name]]
        has = who >= 0
        out[ar[has], _F[name] + ((who[has] - me[has]) & 3)] = 1.0
    passed = np.take_along_axis((rows[:, c["passed"], None] >> np.arange(4)) & 1, seats, axis=1)
    out[:, _F["passed"] : _F["passed"] + 4] = passed
    for name in ("contract_strain", "contract_level", "contract_multiplier"):
        value = rows[:, c[name]]
        has = value >= 0
        out[ar[has], _F[name] + value[has]] = 1.0
    team = me & 1
    for name, scale in (("card_points", 162), ("tricks_won", 8), ("announcements", 500)):
        pair = rows[:, c[name] : c[name] + 2]
        own = pair[ar, team] / scale
        other = pair[ar, 1 - team] / scale
        if name == "announcements":
            own, other = np.minimum(own, 1.0), np.minimum(other, 1.0)
        out[:, _F[name]] = own
        out[:, _F[name] + 1] = other
    out[ar, _F["seat"] + me] = 1.0
    out[ar, _F["dealer"] + ((rows[:, c["dealer"]] - me) & 3)] = 1.0
    out[:, _F["to_move"]] = 1.0  # the observer is the seat to move
    out[ar, _F["phase"] + rows[:, c["phase"]]] = 1.0
    return out[0] if single else out
