"""The compiled wheel (``make wheels``): installed alone in a fresh virtual environment,
it must import compiled and play by the rules.

The wheel is the one ``make wheels`` left in ``dist/`` when it is newer than every
source file; otherwise the test builds it from a copy of the tree, as the Makefile
does (mypyc: about a minute on the development machine). The venv has no system site
packages: pip installs the wheel with its dependencies, attrs, typing-extensions,
mypy_extensions and librt (from its cache or the index). Skipped without a C compiler,
where no compiled build can exist.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD_TIMEOUT = 900  # seconds: mypyc at opt level 3 on a loaded 2-core machine

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("cc") is None and shutil.which("gcc") is None,
        reason="no C compiler: the compiled wheel cannot be built here",
    ),
]

SMOKE = r"""
import random, sys
import coinche
from coinche import Contract, Hand, RuleConfig, Seat, Strain, Trick
from coinche.deal import Deal
from coinche.bots.players import GreedyPlayer, play_deal

assert coinche.COMPILED is True, "the wheel is not the compiled build"
assert "site-packages" in coinche.__file__, coinche.__file__
kernel = sys.modules["coinche._kernel"]
assert kernel.__file__.endswith(".so"), kernel.__file__

# North led the ace of hearts, East trumped with the 7 of spades; South holds no heart:
# South must overtrump (rule 3b), and both the 8 and the jack beat the 7; not the 7D
legal = coinche.legal_cards(Hand.parse("8S JS 7D"), Trick.parse("N: AH 7S"), Strain.SPADES)
assert legal == Hand.parse("8S JS"), legal

# the README's deal: 100 hearts by North; 112 card points with the last trick, belote
# 20, plus the contract 100: NS 232; EW took 50 (common scoring)
tricks = [Trick.parse(t) for t in [
    "N: 9H TH JH 8H", "S: AH 7C KH 9C", "S: TS 8S AS 7S", "N: TD AD 9D 8D",
    "E: TC JC AC 7H", "N: QH JD KS 8C", "N: 9S QS QD JS", "E: KD KC QC 7D"]]
score = coinche.score_deal(Contract(Seat.NORTH, Strain.HEARTS, 100), tricks).score
assert str(score) == "NS 232, EW 50", score

# a whole deal played by the bots: once played out, the card points of the eight
# tricks (152, and 10 for the last) make 162; a capot counts 250 instead
for seed in range(20):
    deal = Deal.new(Seat.WEST, RuleConfig(), random.Random(seed))
    done = play_deal(deal, dict.fromkeys(Seat, GreedyPlayer()), random.Random(seed))
    if done.result is not None:
        break
else:
    raise AssertionError("twenty deals thrown in")
points = done.result.card_points
assert points.north_south + points.east_west in (162, 250), points
print("ok", coinche.__version__)
"""


def _newest_source() -> float:
    files = [ROOT / "pyproject.toml", *(ROOT / "src").rglob("*.py")]
    return max(path.stat().st_mtime for path in files)


def _compiled_wheel(tmp_path: Path) -> Path:
    """The compiled wheel that ``make test`` (build/compiled-wheel/) or ``make wheels``
    (dist/) built, when it is newer than every source, else one built now."""
    made = sorted(
        [
            *(ROOT / "build" / "compiled-wheel").glob("coinche-*-cp3*-*.whl"),
            *(ROOT / "dist").glob("coinche-*-cp3*-*.whl"),
        ],
        key=lambda path: path.stat().st_mtime,
    )
    if made and made[-1].stat().st_mtime > _newest_source():
        return made[-1]
    source = tmp_path / "src"  # a copy: mypyc writes its extension modules beside it
    source.mkdir()
    with tarfile.open(tmp_path / "tree.tar", "w") as tar:
        for name in ("pyproject.toml", "README.md", "LICENSE", "src"):
            tar.add(ROOT / name, arcname=name)
    with tarfile.open(tmp_path / "tree.tar") as tar:
        tar.extractall(source, filter="data")
    out = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", out, source],
        env={**os.environ, "HATCH_BUILD_HOOK_ENABLE_MYPYC": "1"},
        check=True,
        timeout=BUILD_TIMEOUT,
    )
    (wheel,) = out.glob("coinche-*-cp3*-*.whl")
    return wheel


def test_the_compiled_wheel_in_a_fresh_venv(tmp_path: Path) -> None:
    wheel = _compiled_wheel(tmp_path)
    assert "none-any" not in wheel.name  # the platform tag tells it from the pure wheel
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", venv], check=True, timeout=300)
    python = venv / "bin" / "python"
    config = (venv / "pyvenv.cfg").read_text(encoding="utf-8")
    assert "include-system-site-packages = false" in config
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel],
        check=True,
        timeout=600,
    )
    done = subprocess.run(
        [python, "-c", SMOKE],
        capture_output=True,
        text=True,
        cwd=tmp_path,  # not the repository: its src/ must not be importable
        env={key: value for key, value in os.environ.items() if key != "PYTHONPATH"},
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok ")
