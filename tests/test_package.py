"""The package as a whole: its immutable values, what its distribution ships, its docs.

Copies of the library's immutable values are the values (coinche/__init__.py); the
license, the project URLs, the README's links, the docstrings' citations, the example's
instructions and the docs pages are what a newcomer meets first.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

from coinche import (
    Contract,
    Hand,
    RuleConfig,
    Seat,
    Strain,
    score_deal,
)
from coinche.auction import PASS, Auction, Bid
from coinche.game import Game
from coinche.testing.deals import CAPOT_TRICKS, FOUR_NINES, deal_in_play

# ------------------------------------------------------------------ immutable values
CONTRACT = Contract(Seat.NORTH, Strain.HEARTS, 80)


def test_copies_of_immutable_values_are_the_values() -> None:
    deal = deal_in_play()
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


# ------------------------------------------------------------------ the distribution and the docs
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


def test_readme_lists_every_page_of_the_docs() -> None:
    # every page of the docs' table of contents has its line in README's list (four
    # pages were left out: formats, review, testing, architecture)
    index = (ROOT / "docs" / "index.rst").read_text(encoding="utf-8")
    toctree = index.split(":caption: Contents\n\n")[1].split("\n\n")[0]
    pages = [line.strip() for line in toctree.splitlines() if line.strip()]
    assert "quickstart" in pages
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = readme.split("## Documentation")[1].split("\n## ")[0]
    missing = [
        page
        for page in pages
        if f"/docs/{page}.rst)" not in listed and page != "changelog"  # CHANGELOG.md itself
    ]
    assert missing == []
    assert "/CHANGELOG.md)" in listed
