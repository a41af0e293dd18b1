"""The compiled build gives the same answers as the pure one, and cannot rot silently.

``make test`` runs the rules suites twice: in the development venv (pure Python, the
sources of ``src/``) and in a second venv where the package is installed compiled by
mypyc (``HATCH_BUILD_HOOK_ENABLE_MYPYC=1``), with ``COINCHE_EXPECT_COMPILED=1``. There
the first test fails unless the kernel, the engine and the solver (its search and its
public functions) really are extension modules;
in the pure venv it checks the opposite (a stray compiled file in ``src/`` would
otherwise make the "pure" run compiled). The checksum test plays the same random
deals in this process and in a pure-Python subprocess reading ``src/`` and compares.
"""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import coinche
import coinche._kernel
import coinche._play_kernel
import coinche.bots._search
import coinche.bots._tree
import coinche.bots.solver
import coinche.engine

# compiled: make compiled-test runs it again against the compiled build
pytestmark = pytest.mark.compiled

_SRC = Path(__file__).resolve().parent.parent / "src"
_EXPECT_COMPILED = os.environ.get("COINCHE_EXPECT_COMPILED") == "1"

# Plays 400 random deals of every strain through the engine and prints a checksum of
# every score and of the legal masks met on the way.
_CHECKSUM = """
import attrs, coinche
from coinche import RuleConfig, engine
rules = attrs.evolve(RuleConfig.ffb(), allow_no_trump=True, allow_all_trump=True)
total = 0
for n in range(400):
    state = engine.PlayState.from_hands(
        engine.random_hands(n), rules, taker=n & 3, strain=n % 6, value=80 + 10 * (n % 9),
        leader=(n >> 2) & 3, multiplier=1 << (n % 3))
    x = n
    while not state.is_over:
        mask = state.legal_mask()
        total = (total * 1000003 + mask) % (1 << 61)
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        state.play(engine.random_card(mask, x))
    ns, ew = state.score()
    total = (total * 1000003 + ns * 4096 + ew) % (1 << 61)
print(coinche.COMPILED, total)
"""


def _is_extension(module: object) -> bool:
    return str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))


def test_the_build_is_the_one_expected() -> None:
    assert _is_extension(coinche._kernel) is _EXPECT_COMPILED
    assert _is_extension(coinche._play_kernel) is _EXPECT_COMPILED
    assert _is_extension(coinche.engine) is _EXPECT_COMPILED
    assert _is_extension(coinche.bots._search) is _EXPECT_COMPILED
    assert _is_extension(coinche.bots.solver) is _EXPECT_COMPILED
    assert _is_extension(coinche.bots._tree) is _EXPECT_COMPILED
    assert coinche.COMPILED is _EXPECT_COMPILED


def test_compiled_and_pure_agree_on_a_checksum() -> None:
    here = subprocess.run(
        [sys.executable, "-c", _CHECKSUM], capture_output=True, text=True, check=True
    ).stdout.split()
    env = {**os.environ, "PYTHONPATH": str(_SRC)}
    pure = subprocess.run(
        [sys.executable, "-c", _CHECKSUM], capture_output=True, text=True, check=True, env=env
    ).stdout.split()
    assert pure[0] == "False"  # the subprocess ran the pure sources
    assert here[0] == str(_EXPECT_COMPILED)
    assert here[1] == pure[1]
