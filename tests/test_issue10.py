# mypy: disable-error-code="arg-type, list-item"
# (this module passes wrong types on purpose, to check that they are refused)
"""Issue 10: defects found by adversarial testing, and what a newcomer trips on.

Each test names the item of the issue it pins. Every one of them failed before its fix.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import coinche
from coinche import (
    Announcement,
    AnnouncementKind,
    Card,
    Contract,
    Hand,
    RuleConfig,
    Seat,
    Strain,
    Team,
    TeamPoints,
    Trick,
    errors,
    records,
    score_deal,
)
from coinche.auction import PASS, Auction, Bid
from coinche.deal import Deal, Phase, PlayerView
from coinche.errors import CoincheTypeError, IllegalActionError, InvalidDealError
from coinche.game import Game
from coinche.notation import render_auction, render_tricks
from coinche.testing.deals import CAPOT_TRICKS

# North leads the top card of each suit and takes every trick. West plays the four
# nines (9H 9S 9C 9D), an announcement of 150 under the FFB rules.
FOUR_NINES = Announcement(AnnouncementKind.FOUR_OF_A_KIND, Hand.parse("9C 9D 9H 9S"), Seat.WEST)


# ------------------------------------------------------------------ item 1
def test_item1_runs_count_in_no_trump_when_runs_in_trump_is_off() -> None:
    # runs_in_trump=False drops runs in the trump suit only; no trump has no trump
    # suit, so the tierce 7H 8H 9H (a quarte with TH) still counts.
    rules = attrs.evolve(RuleConfig.ffb(), runs_in_trump=False, allow_no_trump=True)
    found = coinche.find_announcements(
        Hand.parse("7H 8H 9H TH 7C 9D JS AS"), Strain.NO_TRUMP, rules
    )
    assert [a.kind for a in found] == [AnnouncementKind.QUARTE]
    # ... while in hearts the same run is in trumps and does not count
    assert coinche.find_announcements(Hand.parse("7H 8H 9H TH"), Strain.HEARTS, rules) == ()


# ------------------------------------------------------------------ item 2
def test_item2_result_keeps_a_copy_of_the_announcements() -> None:
    rules = RuleConfig.ffb()
    contract = Contract(Seat.NORTH, Strain.HEARTS, 80)
    declared = [FOUR_NINES]
    result = score_deal(contract, CAPOT_TRICKS, rules, announcements=declared)
    before, dumped = result.breakdown(), records.dumps(result)
    assert "four nines" in before
    declared.clear()
    assert result.breakdown() == before
    assert records.dumps(result) == dumped
    assert records.loads(dumped) == result
    # a generator is read once, by score_deal: the breakdown still sees the four nines
    once = score_deal(contract, CAPOT_TRICKS, rules, announcements=(a for a in [FOUR_NINES]))
    assert once.breakdown() == before


def test_item2_belote_declared_must_be_a_bool() -> None:
    contract = Contract(Seat.NORTH, Strain.HEARTS, 80)
    with pytest.raises(CoincheTypeError, match="belote_declared must be a bool"):
        score_deal(contract, CAPOT_TRICKS, belote_declared="no")


# ------------------------------------------------------------------ item 4
def _every_error() -> list[Exception]:
    card, seat = Card.parse("7S"), Seat.EAST
    return [
        errors.CoincheError("x"),
        errors.CoincheTypeError("x"),
        errors.NotationError("x"),
        errors.RuleConfigError("x"),
        errors.CardNotInHandError("x"),
        errors.InvalidDealError("x"),
        errors.IllegalCardError(card, seat, "you must follow hearts"),
        errors.IllegalCardError(card, None, "you must follow hearts"),
        errors.IllegalCallError(seat, Bid(90, Strain.HEARTS), "too low"),
        errors.InvalidRecordError("bad", "tricks[3]"),
        errors.IllegalActionError(card, seat, "the auction is on"),
        errors.IllegalActionError(PASS, None, "the deal is over"),
        errors.DrawingError("size must be a positive number of pixels, not 0"),
    ]


def test_item4_the_list_covers_every_exception_of_the_library() -> None:
    listed = {type(error) for error in _every_error()}
    exported = {getattr(errors, name) for name in errors.__all__}
    assert listed == exported


@pytest.mark.parametrize("error", _every_error(), ids=lambda e: type(e).__name__)
def test_item4_every_exception_survives_pickle_copy_and_deepcopy(error: Exception) -> None:
    for clone in (pickle.loads(pickle.dumps(error)), copy.copy(error), copy.deepcopy(error)):
        assert type(clone) is type(error)
        assert str(clone) == str(error)
        assert clone.args == error.args
        assert vars(clone) == vars(error)


# ------------------------------------------------------------------ item 5
def _deal_in_play() -> Deal:
    deal = Deal.new(Seat.NORTH, RuleConfig(), random.Random(1))
    deal = deal.apply(Bid(80, Strain.HEARTS))
    for _ in range(3):
        deal = deal.apply(PASS)
    assert deal.phase is Phase.PLAY
    return deal


def test_item5_apply_call_with_a_string_seat_after_the_auction() -> None:
    deal = _deal_in_play()
    with pytest.raises(CoincheTypeError, match="seat must be a Seat, not 'N'"):
        deal.apply_call("N", PASS)
    with pytest.raises(IllegalActionError, match="the auction is over"):
        deal.apply_call(Seat.NORTH, PASS)
    game = Game.new(RuleConfig(), Seat.NORTH, random.Random(1))
    game = attrs.evolve(game, deal=deal)
    with pytest.raises(CoincheTypeError, match="seat must be a Seat, not 'N'"):
        game.apply_call("N", PASS)


def test_item5_errors_never_fail_on_a_bad_seat() -> None:
    error = IllegalActionError(PASS, "N", "why")
    assert str(error) == "'N' may not do pass now: why"


# ------------------------------------------------------------------ item 6
RULES = RuleConfig()
CONTRACT = Contract(Seat.NORTH, Strain.HEARTS, 80)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Trick(Seat.NORTH, None), "a trick's cards must be an iterable"),
        (lambda: score_deal(CONTRACT, None), "tricks must be an iterable"),
        (
            lambda: score_deal(CONTRACT, CAPOT_TRICKS, announcements=5),
            "announcements must be an iterable",
        ),
        (
            lambda: coinche.compare_announcements(None, Strain.HEARTS, RULES),
            "announcements must be an iterable",
        ),
        (
            lambda: coinche.compare_announcements([FOUR_NINES], "H", RULES),
            "strain must be a Strain",
        ),
        (lambda: FOUR_NINES.strength(None), "strain must be a Strain"),
        (
            lambda: Auction.replay(Seat.NORTH, RULES, None),
            "calls must be a sequence of",
        ),
        (
            lambda: Auction.replay(Seat.NORTH, RULES, [(Seat.EAST,)]),
            "each call must be a",
        ),
        (lambda: render_tricks(None, Strain.HEARTS), "tricks must be an iterable"),
        (lambda: render_auction(None), "calls must be an iterable"),
        (lambda: coinche.round_score(None), "points must be an int"),
        (lambda: coinche.round_score(84.9), "points must be an int"),
        (
            lambda: Deal.new(Seat.NORTH, RULES, random.Random(0)).apply(PASS, declare=5),
            "declare must be an iterable",
        ),
        (lambda: records.loads_as('{"type": "team", "team": "EW"}', []), "cls must be a"),
    ],
)
def test_item6_bad_argument_types_raise_coinche_type_error(call: object, message: str) -> None:
    with pytest.raises(CoincheTypeError, match=message):
        call()  # type: ignore[operator]


# ------------------------------------------------------------------ item 7
def test_item7_team_points_checks_its_fields() -> None:
    with pytest.raises(CoincheTypeError, match="north_south"):
        TeamPoints("a", None)
    with pytest.raises(CoincheTypeError, match="east_west"):
        TeamPoints(0, True)
    with pytest.raises(InvalidDealError, match="north_south"):
        TeamPoints(10**12, 0)
    assert TeamPoints(-20, 160)[Team.NORTH_SOUTH] == -20


def test_item7_game_refuses_bad_totals() -> None:
    game = Game.new(RuleConfig(), Seat.NORTH, random.Random(1))
    with pytest.raises(CoincheTypeError):
        attrs.evolve(game, totals=TeamPoints("a", None))
    with pytest.raises(CoincheTypeError, match="totals"):
        attrs.evolve(game, totals=(0, 0))


def _view() -> PlayerView:
    return _deal_in_play().view(Seat.EAST)


def test_item7_player_view_checks_types() -> None:
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
            attrs.evolve(view, **{field: bad})


def test_item7_player_view_checks_consistency() -> None:
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


def test_item7_player_view_records_are_checked() -> None:
    view = _view()
    data = records.to_data(view)
    assert records.from_data(data) == view
    bad = dict(data, phase="scored")
    with pytest.raises(errors.InvalidRecordError):
        records.from_data(bad)
    bad = dict(data, hand=str(view.hand | Hand.parse("7C 8C 9C TC JC QC KC AC")))
    with pytest.raises(errors.InvalidRecordError):
        records.from_data(bad)


# ------------------------------------------------------------------ item 3
HUGE = 10**5000  # str() refuses an int of more than 4300 digits


def test_item3_huge_integers_are_refused_at_the_boundary() -> None:
    # each refusal is a library error whose message prints (no bare ValueError)
    cases: list[tuple[Callable[[], object], type[Exception]]] = [
        (lambda: Bid(HUGE, Strain.HEARTS), InvalidDealError),
        (lambda: Contract(Seat.NORTH, Strain.HEARTS, HUGE), InvalidDealError),
        (lambda: attrs.evolve(RuleConfig(), target=HUGE), errors.RuleConfigError),
        (lambda: attrs.evolve(RuleConfig(), min_bid=-HUGE), errors.RuleConfigError),
        (lambda: Card.from_index(HUGE), errors.NotationError),
        (lambda: TeamPoints(HUGE, 0), InvalidDealError),
        (lambda: coinche.round_score(HUGE), InvalidDealError),
    ]
    for make, error in cases:
        with pytest.raises(error) as caught:
            make()
        assert "<an int of 5001 digits>" in str(caught.value)
    game = Game.new(RuleConfig(), Seat.NORTH, random.Random(1))
    for field in ("seed", "deal_number", "thrown_in"):
        with pytest.raises(CoincheTypeError, match=field):
            attrs.evolve(game, **{field: HUGE})


def test_item3_every_numeric_rule_has_a_sane_range() -> None:
    # a game longer than 100,000 points or 100 games would never end in practice
    with pytest.raises(errors.RuleConfigError, match="target"):
        attrs.evolve(RuleConfig(), target=100_001)
    assert attrs.evolve(RuleConfig(), target=100_000).target == 100_000
    with pytest.raises(errors.RuleConfigError, match="games_to_win"):
        attrs.evolve(RuleConfig(), games_to_win=101)
    # a bid above the bound is refused when read, as text that is not a call
    with pytest.raises(errors.NotationError, match="unknown bid value"):
        coinche.parse_call("9" * 5000 + " H")


def test_item3_messages_never_hold_the_whole_bad_value() -> None:
    with pytest.raises(errors.NotationError) as caught:
        Hand.parse("X" * 100_000)
    assert len(str(caught.value)) < 200


# ------------------------------------------------------------------ item 9
def test_item9_cards_are_interned() -> None:
    from coinche import CARDS, Rank, Suit

    card = Card(Rank.JACK, Suit.HEARTS)
    assert card is Card.parse("JH") is CARDS[card.index]
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(card, protocol)) is card
    # a card given to a deal is the interned one
    deal = _deal_in_play()
    played = deal.apply(deal.legal_actions()[0])
    assert played.trick is not None
    assert played.trick.cards[0] is CARDS[played.trick.cards[0].index]


def test_item9_copies_of_immutable_values_are_the_values() -> None:
    deal = _deal_in_play()
    game = Game.new(RuleConfig(), Seat.NORTH, random.Random(1))
    result = score_deal(CONTRACT, CAPOT_TRICKS)
    for value in [
        Hand.parse("JH 7C"),
        CAPOT_TRICKS[0],
        CONTRACT,
        Bid(90, Strain.CLUBS),
        PASS,
        FOUR_NINES,
        RuleConfig.ffb(),
        result,
        result.score,
        Auction.start(Seat.NORTH),
        deal,
        deal.view(Seat.SOUTH),
        game,
    ]:
        assert copy.copy(value) is value, type(value)
        assert copy.deepcopy(value) is value, type(value)


# ------------------------------------------------------------------ item 10
@pytest.mark.parametrize(
    "make",
    [
        lambda: Card.parse("Aſ"),  # "ſ".upper() is "S"
        lambda: Card.parse("A\x1cS"),  # str.split() takes \x1c for a space
        lambda: Hand.parse("AS\x1cKS"),
        lambda: Seat.parse("ſouth"),
        lambda: Seat.parse("N\x1c"),
        lambda: Strain.parse("ſ"),
        lambda: coinche.parse_call("100 ſ"),
        lambda: Card.parse("Kſ"),
    ],
)
def test_item10_look_alike_characters_are_refused(make: object) -> None:
    with pytest.raises(errors.NotationError):
        make()  # type: ignore[operator]


def test_item10_the_documented_characters_still_read() -> None:
    # codes in any case, 10 for the ten, suit symbols, spaces, tabs and commas
    assert Hand.parse("jh,\t10h  9♥ A♠") == Hand.parse("JH TH 9H AS")
    assert Seat.parse(" south ") is Seat.SOUTH
    assert coinche.parse_call("100 ♥") == Bid(100, Strain.HEARTS)


# ------------------------------------------------------------------ item 11
def test_item11_seats_teams_and_presets_are_read_only() -> None:
    with pytest.raises(AttributeError, match="read-only"):
        Seat.NORTH.next = Seat.SOUTH
    with pytest.raises(AttributeError, match="read-only"):
        del Seat.EAST.partner
    with pytest.raises(AttributeError, match="read-only"):
        Team.NORTH_SOUTH.other = Team.NORTH_SOUTH
    with pytest.raises(AttributeError, match="read-only"):
        Team.EAST_WEST.seats = (Seat.NORTH, Seat.SOUTH)
    with pytest.raises(TypeError):
        coinche.PRESETS["common"] = RuleConfig.ffb  # type: ignore[index]
    assert Seat.NORTH.next is Seat.EAST
    assert Team.NORTH_SOUTH.other is Team.EAST_WEST
    assert next(iter(coinche.PRESETS)) == "common"


# ------------------------------------------------------------------ item 12
def test_item12_classic_scoring_needs_the_classic_auction_at_82() -> None:
    # seed 001: in ordinary belote the bidding team needs 82, in Coinche the number it
    # named, so classic scoring with numeric bids, or a classic auction at 100, are
    # contradictions
    with pytest.raises(errors.RuleConfigError, match="scoring='classic'"):
        attrs.evolve(RuleConfig(), scoring="classic")
    with pytest.raises(errors.RuleConfigError, match="min_bid"):
        attrs.evolve(RuleConfig.classic_belote(), min_bid=100, max_bid=100)
    assert RuleConfig.classic_belote().min_bid == 82


# ------------------------------------------------------------------ str() of enums
def test_enums_print_as_their_letter_or_code() -> None:
    from coinche import Rank, Suit

    assert str(Seat.NORTH) == "N"
    assert f"{Strain.HEARTS}" == "H"
    assert f"{Strain.NO_TRUMP:>3}" == " NT"
    assert str(Suit.SPADES) == "S"
    assert str(Rank.TEN) == "T"
    assert str(Team.EAST_WEST) == "EW"
    assert repr(Seat.NORTH) == "<Seat.NORTH: 0>"  # repr unchanged
    assert int(Strain.HEARTS) == 2


# ------------------------------------------------------------------ item 8: the command
def _command(
    *argv: str, stdin: bytes | None = None, shell_suffix: str = ""
) -> tuple[int, str, str]:
    import os
    import shlex
    import subprocess
    import sys

    line = " ".join(shlex.quote(a) for a in (sys.executable, "-m", "coinche", *argv))
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict")
    done = subprocess.run(
        ["sh", "-c", line + shell_suffix],
        input=stdin,
        capture_output=True,
        env=env,
        check=False,
    )
    return done.returncode, done.stdout.decode(), done.stderr.decode()


def test_item8_score_with_stdin_closed() -> None:
    code, out, err = _command("score", "-", shell_suffix=" <&-")
    assert (code, out) == (2, "")
    assert err == "coinche: error: cannot read standard input: it is closed\n"


def test_item8_score_of_binary_input() -> None:
    code, out, err = _command("score", "-", stdin=b"\xff\xfe{}")
    assert (code, out) == (2, "")
    assert err.startswith("coinche: error: cannot read standard input: not UTF-8 text")
    assert "Traceback" not in err


def test_item8_bad_input_is_cut_short_in_the_error_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from coinche.cli import main

    code = main(["legal", "--strain", "S", "--hand", "Z" * 100_000])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.startswith("coinche: error: cannot read 'ZZZ")
    assert len(err) < 400


def test_item8_target_is_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    from coinche.cli import main

    assert main(["play", "--seed", "1", "--target", "99999999999"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "--target: must be a whole number from 1 to 100000" in err


# ------------------------------------------------------------------ the command: newcomers
def test_play_without_seed_prints_the_seed_it_drew(capsys: pytest.CaptureFixture[str]) -> None:
    from coinche.cli import main

    assert main(["play", "--target", "200"]) == 0
    heading = capsys.readouterr().out.splitlines()[0]
    seed = int(heading.rsplit("seed ", 1)[1])
    # that seed plays the same game again
    assert main(["play", "--target", "200", "--seed", str(seed)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == heading


def test_seeds_minus_one_and_one_play_different_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from coinche.cli import main

    main(["play", "--target", "200", "--seed", "1"])
    one = capsys.readouterr().out
    main(["play", "--target", "200", "--seed", "-1"])
    minus_one = capsys.readouterr().out
    assert one.split("\n", 1)[1] != minus_one.split("\n", 1)[1]


def test_play_record_is_scored_by_score(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    from pathlib import Path

    from coinche.cli import main

    path = Path(str(tmp_path)) / "game.json"
    assert main(["play", "--seed", "3", "--target", "300", "--record", str(path)]) == 0
    played = capsys.readouterr().out
    game = records.loads(path.read_text(encoding="utf-8"))
    assert isinstance(game, Game)
    assert game.is_over
    assert f"Final totals: {game.totals}" in played
    assert main(["score", str(path)]) == 0
    scored = capsys.readouterr().out
    # every scored deal of the game is explained, and the totals agree with the play
    assert scored.count("Deal score: ") == len(game.results)
    assert scored.rstrip().endswith(f"Totals: {game.totals}")


def test_legal_refuses_a_nine_card_hand_and_strains_off_in_the_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from coinche.cli import main

    assert main(["legal", "--strain", "S", "--hand", "7S 8S 9S TS JS QS KS AS 7H"]) == 2
    assert "at most 8 cards, not 9" in capsys.readouterr().err
    assert main(["legal", "--strain", "NT", "--hand", "7S"]) == 2
    assert "no no-trump contracts (add --allow-no-trump)" in capsys.readouterr().err
    assert main(["legal", "--strain", "AT", "--hand", "7S"]) == 2
    assert "no all-trump contracts (add --allow-all-trump)" in capsys.readouterr().err
    assert main(["legal", "--allow-no-trump", "--strain", "NT", "--hand", "7S"]) == 0


# ------------------------------------------------------------------ newcomers: the package
ROOT = Path(__file__).resolve().parent.parent


def test_license_file_is_shipped_in_the_wheel_and_the_sdist() -> None:
    import tomllib

    license_text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert license_text.startswith("MIT License\n")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["license"] == "MIT"
    assert project["project"]["license-files"] == ["LICENSE"]  # the wheel's dist-info
    sdist = project["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    assert "LICENSE" in sdist
    urls = project["project"]["urls"]
    assert {"Homepage", "Source", "Documentation", "Changelog", "Issues"} <= set(urls)
    classifiers = project["project"]["classifiers"]
    for minor in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {minor}" in classifiers


def test_readme_links_are_absolute() -> None:
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)]+)\)", readme)
    assert targets
    assert [t for t in targets if not t.startswith("https://")] == []


def test_docstrings_cite_the_rules_page_not_rules_md() -> None:
    # RULES.md is the developers' specification, not shipped: users read the docs'
    # rules page ("The rules as implemented")
    for path in [*(ROOT / "src" / "coinche").rglob("*.py"), *(ROOT / "examples").glob("*.py")]:
        assert "RULES.md" not in path.read_text(encoding="utf-8"), path


def test_example_docstring_says_how_to_run_it() -> None:
    import shlex
    import subprocess
    import sys

    example = ROOT / "examples" / "score_a_deal.py"
    doc = example.read_text(encoding="utf-8").split('"""')[1]
    assert "Run it as ``make demo``" not in doc  # make demo plays a game with coinche play
    commands = [
        line.strip() for line in doc.splitlines() if line.strip().startswith(".venv/bin/python")
    ]
    assert len(commands) == 2
    for command in commands:
        argv = shlex.split(command)[1:]
        done = subprocess.run(
            [sys.executable, *argv], cwd=ROOT, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr
        assert "Deal score: " in done.stdout


# ------------------------------------------------------------------ newcomers: render_deal
def test_render_deal_of_a_deal_in_progress_is_a_table() -> None:
    from coinche.notation import render_deal, render_position

    deal = Deal.new(Seat.NORTH, RuleConfig(), random.Random(4))
    # in the auction: no contract yet, East (after the dealer North) speaks first
    text = render_deal(deal)
    assert text.startswith("Deal in progress (auction phase), N deals, common rules\n")
    assert "Contract: none yet" in text
    assert text.endswith("To move: E")
    deal = _deal_in_play()
    lead = deal.to_move
    assert lead is not None
    card = deal.legal_actions()[0]
    assert isinstance(card, Card)
    deal = deal.apply(card)
    text = render_deal(deal)
    assert f"Trick so far: {lead.letter}: {card}" in text
    assert "Contract: 80 H by E (East-West)" in text  # East speaks first after North
    assert f"To move: {lead.next.letter}" in text
    assert "So far: tricks NS 0, EW 0; card points NS 0, EW 0" in text
    # the leader's row shows the 7 cards it still holds: "S AT  H J9  D -  C 7" and so on
    row = next(line for line in text.splitlines() if line.startswith(f"  {lead.letter}  "))
    holdings = row.split()[2::2]
    assert sum(len(h) for h in holdings if h != "-") == 7
    assert str(deal) == render_position(deal) == text


def test_render_deal_of_a_finished_deal_shows_the_report() -> None:
    from coinche.notation import render_deal

    rng = random.Random(8)
    deal = _deal_in_play()
    while not deal.is_over:
        deal = deal.apply(rng.choice(deal.legal_actions()))
    assert deal.result is not None
    text = render_deal(deal)
    assert text.endswith(f"Deal score: {deal.result.score}")
    assert "Auction (N deals):" in text


def test_strategies_without_hypothesis_say_what_to_install() -> None:
    import subprocess
    import sys

    # hypothesis made unimportable, as in an install without the testing extra
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "try:\n"
        "    from coinche.testing import strategies\n"
        "except ModuleNotFoundError as error:\n"
        "    print(error.name, '|', error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    name, message = done.stdout.strip().split(" | ")
    assert name == "hypothesis"
    assert "pip install 'coinche[testing]'" in message


def test_dotted_hands_say_their_order() -> None:
    from coinche.notation import parse_hand

    # AT.J9.-.7 is spades, hearts, diamonds, clubs: the AS and TS, JH and 9H, 7C
    assert parse_hand("AT.J9.-.7") == Hand.parse("AS TS JH 9H 7C")
    with pytest.raises(errors.NotationError, match=r"spades\.hearts\.diamonds\.clubs"):
        parse_hand("AT.J9.7")
    assert "spades.hearts.diamonds.clubs" in (parse_hand.__doc__ or "")


def test_docs_have_a_command_page_and_a_player_how_to() -> None:
    index = (ROOT / "docs" / "index.rst").read_text(encoding="utf-8")
    for page, must in [
        ("cli", ["coinche legal", "coinche score", "coinche play", "--record", "--seed"]),
        ("players", ["choose(view, legal, rng)", "play_game", "Player"]),
    ]:
        assert f"   {page}\n" in index  # in the table of contents
        text = (ROOT / "docs" / f"{page}.rst").read_text(encoding="utf-8")
        for word in must:
            assert word in text, (page, word)


# ------------------------------------------------------------------ the checks themselves
def test_short_repr_never_raises_and_stays_short() -> None:
    from coinche._checks import short_repr, short_text

    class BrokenRepr:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

        def __str__(self) -> str:
            raise RuntimeError("no str")

    assert short_repr(BrokenRepr()) == "<a BrokenRepr>"
    assert short_repr([HUGE]) == "<a list>"  # repr of the list would refuse the int
    assert short_repr(list(range(100))).endswith("...]")
    assert short_text("abc") == "abc"
    assert short_text("x" * 100) == "x" * 57 + "... (100 characters)"
    # an error message built around a value whose str() and repr() raise
    assert str(IllegalActionError(BrokenRepr(), None, "why")) == (
        "<a BrokenRepr> is not allowed now: why"
    )


def test_reading_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    from coinche.cli import _InputError, _read_stdin

    monkeypatch.setattr(sys, "stdin", None)
    with pytest.raises(_InputError, match="it is closed"):
        _read_stdin()
    closed = io.StringIO("x")
    closed.close()
    monkeypatch.setattr(sys, "stdin", closed)
    with pytest.raises(_InputError, match="cannot read standard input: I/O operation"):
        _read_stdin()
    monkeypatch.setattr(sys, "stdin", io.StringIO("text é"))  # no buffer: read as text
    assert _read_stdin() == "text é"
    binary = io.TextIOWrapper(io.BytesIO(b"\xff{}"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", binary)
    with pytest.raises(_InputError, match="not UTF-8 text"):
        _read_stdin()
    binary = io.TextIOWrapper(io.BytesIO("{} é".encode()), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", binary)
    assert _read_stdin() == "{} é"


def test_bad_seeds_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from coinche.cli import main

    for seed in ("1e3", "9" * 30, "1.5", "ſ", "-"):
        assert main(["play", "--seed", seed]) == 2
        assert "--seed: must be a whole number" in capsys.readouterr().err


def test_item3_records_name_a_huge_number_without_printing_it() -> None:
    # JSON reads up to 4300 digits; the message shows the size, not the digits
    with pytest.raises(errors.InvalidRecordError) as caught:
        records.loads('{"type": "seat", "seat": ' + "9" * 4000 + "}")
    assert str(caught.value) == (
        "invalid record at seat: expected a string, not a number (<an int of 4001 digits>)"
    )
