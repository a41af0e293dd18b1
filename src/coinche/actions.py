"""Every action of a deal as a fixed integer, and legal-action masks, for learning agents.

One table serves every :class:`~coinche.RuleConfig`: it is the union of what all rule
sets allow, so a policy trained under one preset reads the same integers under
another, and an option a rule set turns off is simply never legal (its mask bit stays
0). :data:`NUM_ACTIONS` is 154:

==========  =====  ===========================================================
integers    count  action
==========  =====  ===========================================================
0 to 31     32     play the card of that :attr:`~coinche.Card.index`
                   (``8 * suit + rank``: 0 is 7C, 7 is AC, 8 is 7D ... 31 is AS)
32          1      :data:`~coinche.PASS`
33          1      :data:`~coinche.COINCHE`
34          1      :data:`~coinche.SURCOINCHE`
35          1      :data:`~coinche.TAKE` (classic belote, round one)
36 to 39    4      :class:`~coinche.NameSuit` clubs, diamonds, hearts, spades
                   (classic belote, round two)
40 to 141   102    a numeric bid: ``40 + 6 * level + strain``, where ``level``
                   is 0 for ``rules.min_bid``, 1 for one ``rules.bid_step``
                   more, and so on up to 16, and ``strain`` is the
                   :class:`~coinche.Strain` value (C D H S NT AT = 0 to 5)
142 to 147  6      capot in each strain: ``142 + strain``
148 to 153  6      générale in each strain: ``148 + strain``
==========  =====  ===========================================================

>>> from coinche import CARDS, PASS, Card, RuleConfig, Strain
>>> from coinche.actions import NUM_ACTIONS, action_to_int, int_to_action
>>> from coinche.auction import Bid
>>> NUM_ACTIONS, action_to_int(Card.parse("JH")), action_to_int(PASS)
(154, 20, 32)
>>> action_to_int(Bid(100, Strain.HEARTS))          # level 2 (80, 90, 100) in hearts
54
>>> int_to_action(54, RuleConfig.min82())            # the same level: 82, 92, 102
Bid(value=102, strain=<Strain.HEARTS: 2>)

Decisions (each is documented behaviour, and the table's meaning is pinned by a test;
it changes only with a new major version):

- **Bid levels, not bid values.** A numeric bid is stored by its rank on the rule
  set's ladder: level 0 is :attr:`~coinche.RuleConfig.min_bid` (80 in most presets,
  82 in ``min82``), and each level one :attr:`~coinche.RuleConfig.bid_step` higher.
  The lowest bid of every preset is the same integer, so policies transfer.
- **The ceiling, 17 levels (0 to 16).** FFB and pagat set no maximum bid
  (``max_bid=None``): numeric bids then go up to the last step below capot's 250,
  which from 80 in steps of 10 is 240, the 17th level. That is the most any preset
  allows (``common`` stops at 160, level 8), so the table reserves 17 levels. A rule
  set with more numeric bids (a smaller step, or a lower minimum) cannot be encoded:
  :func:`check_rules` raises :class:`~coinche.RuleConfigError` for it.
  :func:`int_to_action` gives every level's bid even above the rule set's own
  maximum (level 16 under ``common`` is ``Bid(240, ...)``); such a bid is never
  legal, so its mask bit is always 0.
- **Cards declare everything.** A card integer stands for :meth:`Deal.apply
  <coinche.Deal.apply>` with its defaults: a card of the first trick declares every
  announcement its seat holds (with announcements on), and the belote holder
  declares belote with the first of its king and queen of trumps (with
  ``belote_requires_declaration``). The table has no integers for declaring less;
  agents that want that choice must call :meth:`Deal.apply <coinche.Deal.apply>`
  themselves.
- **Only the seat to move acts.** :func:`legal_action_mask` of a :class:`~coinche.Deal`
  is the mask of :meth:`Deal.legal_actions <coinche.Deal.legal_actions>`, the actions
  of the seat to move. Of a :class:`~coinche.PlayerView`, it is the mask of what that
  view's seat may do now: the same for the seat to move, all zeros for the others,
  except pagat's coinche at any time (``coinche_timing='any_time'``), where a seat
  not to move may have bit 33 set (made with :meth:`Deal.apply_call
  <coinche.Deal.apply_call>`).
- **Masks are bytes**: :data:`NUM_ACTIONS` bytes, 1 for a legal action and 0
  otherwise. Bytes are immutable and compact, index to an ``int`` that is truthy
  exactly when legal, and turn into a NumPy array without a copy
  (``numpy.frombuffer(mask, dtype=numpy.int8)``).
"""

from __future__ import annotations

from typing import Final

from coinche._checks import short_repr
from coinche.auction import COINCHE, PASS, SURCOINCHE, Bid, Coinche, Pass, Surcoinche
from coinche.auction.classic import TAKE, NameSuit, Take
from coinche.cards import CARDS, Card, Strain, Suit
from coinche.config import RuleConfig
from coinche.contract import CAPOT, GENERALE
from coinche.deal import Action, Deal, PlayerView
from coinche.errors import CoincheError, CoincheTypeError, RuleConfigError

__all__ = [
    "BID_LEVELS",
    "CAPOT_BASE",
    "COINCHE_ACTION",
    "GENERALE_BASE",
    "NAME_SUIT_BASE",
    "NUMERIC_BID_BASE",
    "NUM_ACTIONS",
    "PASS_ACTION",
    "SURCOINCHE_ACTION",
    "TAKE_ACTION",
    "UnknownActionError",
    "action_name",
    "action_to_int",
    "check_rules",
    "int_to_action",
    "legal_action_ints",
    "legal_action_mask",
]

PASS_ACTION: Final = 32
"""The integer of :data:`~coinche.PASS`."""
COINCHE_ACTION: Final = 33
"""The integer of :data:`~coinche.COINCHE`."""
SURCOINCHE_ACTION: Final = 34
"""The integer of :data:`~coinche.SURCOINCHE`."""
TAKE_ACTION: Final = 35
"""The integer of :data:`~coinche.TAKE` (classic belote)."""
NAME_SUIT_BASE: Final = 36
"""``NameSuit(suit)`` is ``NAME_SUIT_BASE + suit`` (classic belote)."""
NUMERIC_BID_BASE: Final = 40
"""A numeric bid is ``NUMERIC_BID_BASE + 6 * level + strain``."""
BID_LEVELS: Final = 17
"""How many numeric bid levels the table holds (the ceiling; see the decisions)."""
CAPOT_BASE: Final = NUMERIC_BID_BASE + 6 * BID_LEVELS
"""A capot bid is ``CAPOT_BASE + strain`` (142 to 147)."""
GENERALE_BASE: Final = CAPOT_BASE + 6
"""A générale bid is ``GENERALE_BASE + strain`` (148 to 153)."""
NUM_ACTIONS: Final = GENERALE_BASE + 6
"""The number of integers in the table: 154."""

_SPECIAL: Final[dict[int, Pass | Coinche | Surcoinche]] = {
    PASS_ACTION: PASS,
    COINCHE_ACTION: COINCHE,
    SURCOINCHE_ACTION: SURCOINCHE,
}
_NAME_CALLS: Final = tuple(NameSuit(suit) for suit in Suit)
_STRAINS: Final = tuple(Strain)
_DEFAULT_RULES: Final = RuleConfig()
_ZERO_MASK: Final = bytes(NUM_ACTIONS)
_checked: list[RuleConfig | None] = [_DEFAULT_RULES]  # the rules check_rules last accepted


class UnknownActionError(CoincheError, ValueError):
    """An integer outside the action table, or an action the table cannot hold.

    >>> from coinche.actions import int_to_action
    >>> int_to_action(154)
    Traceback (most recent call last):
    ...
    coinche.actions.UnknownActionError: 154 is not an action integer (0 to 153)
    """


def check_rules(rules: RuleConfig) -> None:
    """Raise :class:`~coinche.RuleConfigError` when the table cannot encode *rules*.

    That is when *rules* allows more than :data:`BID_LEVELS` (17) numeric bids; every
    preset fits.

    >>> import attrs
    >>> from coinche import RuleConfig
    >>> from coinche.actions import check_rules
    >>> check_rules(RuleConfig.ffb())          # 80 to 240: 17 levels
    >>> check_rules(attrs.evolve(RuleConfig.ffb(), bid_step=5))
    Traceback (most recent call last):
    ...
    coinche.errors.RuleConfigError: the action table holds 17 numeric bid levels; ...
    """
    if rules is _checked[0]:
        return
    if not isinstance(rules, RuleConfig):
        raise CoincheTypeError(f"rules must be a RuleConfig, not {type(rules).__name__}")
    count = len(rules.numeric_bids())
    if count > BID_LEVELS:
        raise RuleConfigError(
            f"the action table holds {BID_LEVELS} numeric bid levels; these rules allow "
            f"{count} ({rules.min_bid} to {rules.highest_numeric_bid} in steps of "
            f"{rules.bid_step}): raise min_bid or bid_step, or set max_bid"
        )
    _checked[0] = rules  # rules are immutable: the same object needs no second check


def action_to_int(action: Action, rules: RuleConfig = _DEFAULT_RULES) -> int:
    """The integer of *action* in the table; *rules* place numeric bids on their ladder.

    >>> from coinche import COINCHE, CAPOT, GENERALE, TAKE, Card, RuleConfig, Strain
    >>> from coinche.actions import action_to_int
    >>> from coinche.auction import Bid
    >>> action_to_int(Card.parse("7C")), action_to_int(Card.parse("AS"))
    (0, 31)
    >>> action_to_int(COINCHE), action_to_int(TAKE)
    (33, 35)
    >>> action_to_int(Bid(80, Strain.CLUBS)), action_to_int(Bid(240, Strain.ALL_TRUMP))
    (40, 141)
    >>> action_to_int(Bid(CAPOT, Strain.NO_TRUMP)), action_to_int(Bid(GENERALE, Strain.SPADES))
    (146, 151)
    >>> action_to_int(Bid(82, Strain.CLUBS), RuleConfig.min82())
    40
    >>> action_to_int(Bid(85, Strain.CLUBS))
    Traceback (most recent call last):
    ...
    coinche.actions.UnknownActionError: 85 is not a bid value of these rules: ...

    :raises UnknownActionError: a bid value off the rule set's ladder, or above its 17th
        level.
    :raises CoincheTypeError: not an action.
    """
    if rules is not _checked[0]:
        check_rules(rules)  # its type too; the rules last checked pass at once
    kind = type(action)
    if kind is Card:
        assert isinstance(action, Card)
        return action.index
    if kind is Bid:
        assert isinstance(action, Bid)
        value = action.value
        strain = int(action.strain)
        if value is CAPOT:
            return CAPOT_BASE + strain
        if value is GENERALE:
            return GENERALE_BASE + strain
        assert isinstance(value, int)
        level, extra = divmod(value - rules.min_bid, rules.bid_step)
        if extra or not 0 <= level < BID_LEVELS:
            raise UnknownActionError(
                f"{value} is not a bid value of these rules: bids go up from "
                f"{rules.min_bid} in steps of {rules.bid_step}, and the table holds "
                f"{BID_LEVELS} levels"
            )
        return NUMERIC_BID_BASE + 6 * level + strain
    if kind is Pass:
        return PASS_ACTION
    if kind is Coinche:
        return COINCHE_ACTION
    if kind is Surcoinche:
        return SURCOINCHE_ACTION
    if kind is Take:
        return TAKE_ACTION
    if kind is NameSuit:
        assert isinstance(action, NameSuit)
        return NAME_SUIT_BASE + int(action.suit)
    raise CoincheTypeError(f"an action is a call or a Card, not {short_repr(action)}")


def int_to_action(index: int, rules: RuleConfig = _DEFAULT_RULES) -> Action:
    """The action of integer *index*; *rules* give a numeric bid level its value.

    >>> from coinche import RuleConfig
    >>> from coinche.actions import int_to_action
    >>> [str(int_to_action(i)) for i in (0, 20, 32, 33, 34, 35, 39)]
    ['7C', 'JH', 'pass', 'coinche', 'surcoinche', 'take', 'name S']
    >>> [str(int_to_action(i)) for i in (40, 45, 46, 141, 142, 153)]
    ['80 C', '80 AT', '90 C', '240 AT', 'capot C', 'generale AT']
    >>> str(int_to_action(46, RuleConfig.min82()))
    '92 C'

    *index* is an ``int``, a NumPy integer scalar or a 0-d NumPy integer array; a bool,
    a float, a string or an array of one element is refused, never rounded or read.

    >>> int_to_action(32.0)
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: an action integer is an int or a NumPy integer, not ...

    :raises UnknownActionError: *index* is not in ``range(NUM_ACTIONS)``.
    :raises CoincheTypeError: *index* is not an integer.
    """
    if type(index) is not int:
        index = _to_int(index)
    if rules is not _checked[0]:
        check_rules(rules)
    if 0 <= index < 32:
        return CARDS[index]
    if index < NUMERIC_BID_BASE:
        if index < TAKE_ACTION:
            if index >= PASS_ACTION:
                return _SPECIAL[index]
        elif index == TAKE_ACTION:
            return TAKE
        else:
            return _NAME_CALLS[index - NAME_SUIT_BASE]
    elif index < CAPOT_BASE:
        level, strain = divmod(index - NUMERIC_BID_BASE, 6)
        return Bid(rules.min_bid + level * rules.bid_step, _STRAINS[strain])
    elif index < GENERALE_BASE:
        return Bid(CAPOT, _STRAINS[index - CAPOT_BASE])
    elif index < NUM_ACTIONS:
        return Bid(GENERALE, _STRAINS[index - GENERALE_BASE])
    raise UnknownActionError(
        f"{short_repr(index)} is not an action integer (0 to {NUM_ACTIONS - 1})"
    )


def _to_int(index: object) -> int:
    """*index* as an int when it is an integer other than an int (NumPy's), else raise."""
    value: object = None
    if not isinstance(index, bool):
        convert = getattr(index, "__index__", None)
        if convert is not None:
            try:
                value = convert()  # NumPy integer scalars and 0-d integer arrays
            except TypeError:  # an array of more dimensions, or of floats
                value = None
    if type(value) is not int:
        raise CoincheTypeError(
            f"an action integer is an int or a NumPy integer, not {type(index).__name__} "
            f"({short_repr(index)})"
        )
    return value


def action_name(index: int) -> str:
    """A name for integer *index* that holds under every rule set: numeric bids by level.

    >>> from coinche.actions import action_name
    >>> [action_name(i) for i in (20, 32, 36, 40, 54, 141, 146)]
    ['JH', 'pass', 'name C', 'bid level 0 C', 'bid level 2 H', 'bid level 16 AT', 'capot NT']
    """
    if type(index) is not int:
        index = _to_int(index)
    if NUMERIC_BID_BASE <= index < CAPOT_BASE:
        level, strain = divmod(index - NUMERIC_BID_BASE, 6)
        return f"bid level {level} {_STRAINS[strain].code}"
    return str(int_to_action(index))


def _rules_of(state: Deal | PlayerView) -> RuleConfig:
    if not isinstance(state, (Deal, PlayerView)):
        raise CoincheTypeError(f"expected a Deal or a PlayerView, not {type(state).__name__}")
    rules = state.rules
    check_rules(rules)
    return rules


def legal_action_ints(state: Deal | PlayerView) -> tuple[int, ...]:
    """The integers of the legal actions, ascending (see :func:`legal_action_mask`).

    >>> import random
    >>> from coinche import Deal, RuleConfig, Seat
    >>> from coinche.actions import legal_action_ints
    >>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0))
    >>> legal_action_ints(deal)[:8]     # pass, then 80 in C D H S, then 90 C...
    (32, 40, 41, 42, 43, 46, 47, 48)
    """
    rules = _rules_of(state)
    return tuple(sorted(action_to_int(action, rules) for action in state.legal_actions()))


def legal_action_mask(state: Deal | PlayerView) -> bytes:
    """The legal actions as :data:`NUM_ACTIONS` bytes: 1 at each legal integer, else 0.

    Of a :class:`~coinche.Deal`: the actions of the seat to move
    (:meth:`~coinche.Deal.legal_actions`). Of a :class:`~coinche.PlayerView`: the
    actions that view's seat may make now (see the module's decisions). All zeros once
    the deal is over.

    >>> import random
    >>> from coinche import Deal, RuleConfig, Seat
    >>> from coinche.actions import legal_action_mask
    >>> deal = Deal.new(Seat.WEST, RuleConfig.common(), random.Random(0))
    >>> mask = legal_action_mask(deal)
    >>> len(mask), mask[32], mask[0], sum(mask)   # pass, no card; 9 levels x 4 suits
    (154, 1, 0, 41)
    >>> legal_action_mask(deal.view(deal.to_move)) == mask
    True
    >>> sum(legal_action_mask(deal.view(deal.to_move.next)))
    0

    The 41: pass, 36 numeric bids (80 to 160 in the four suits) and 4 capots; no
    coinche (nobody has bid yet); no trump, all trump and générale are off in common.

    :raises RuleConfigError: rules with more than 17 numeric bid levels.
    """
    rules = _rules_of(state)
    legal = state.legal_actions()
    if not legal:
        return _ZERO_MASK
    mask = bytearray(NUM_ACTIONS)
    for action in legal:
        mask[action_to_int(action, rules)] = 1
    return bytes(mask)
