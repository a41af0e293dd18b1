"""coinche.testing without hypothesis: its modules say which extra to install."""

from __future__ import annotations


# ------------------------------------------------------------------ without hypothesis
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
    assert message.startswith("coinche.testing.strategies and")
    assert "pip install 'coinche[testing]'" in message


def test_deals_without_hypothesis_say_what_to_install() -> None:
    import subprocess
    import sys

    # as above, for the deal builders: the message names the module and the extra
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "try:\n"
        "    from coinche.testing import deals\n"
        "except ModuleNotFoundError as error:\n"
        "    print(error.name, '|', error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    name, message = done.stdout.strip().split(" | ")
    assert name == "hypothesis"
    assert "coinche.testing.deals need hypothesis" in message
    assert "pip install 'coinche[testing]'" in message


def test_colver_numbering_needs_neither_hypothesis_nor_colver() -> None:
    import subprocess
    import sys

    # the mapping is plain data: it imports in an install without the test extras
    code = (
        "import sys; sys.modules['hypothesis'] = None; sys.modules['colver'] = None\n"
        "from coinche.testing.colver import TO_CARD, TO_COLVER\n"
        "print(len(TO_CARD), len(set(TO_CARD)), sorted(TO_COLVER.values()) == list(range(32)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    # 32 distinct cards, and the inverse numbers each of them 0 to 31 once
    assert done.stdout.split() == ["32", "32", "True"]
