"""Doctest collection of the modules whose optional dependencies are not in the dev
environment: :mod:`coinche.rl.sb3` needs Stable-Baselines3 and PyTorch (the dependency
group ``sb3``, kept out of ``dev`` for its size); without them its doctests are not
collected (tests/test_rl_sb3.py skips, saying why)."""

from __future__ import annotations

import importlib.util

collect_ignore: list[str] = []
if not all(importlib.util.find_spec(name) for name in ("stable_baselines3", "sb3_contrib")):
    collect_ignore.append("src/coinche/rl/sb3.py")
