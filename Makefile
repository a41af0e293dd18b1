# Entry points, documented in README.md:
#   make demo        plays a whole game under a preset and prints it (the main job)
#   make test        every check: pytest (tests + doctests, branch coverage >= 95%),
#                    mypy --strict, ruff, sphinx -W; what CI runs
#   make check-fast  the everyday run: pytest without the tests marked slow (the
#                    property, strategy, fuzz and perft suites) and without coverage,
#                    then mypy and ruff; make test still runs everything
# Each creates .venv on first use with only python3 available.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: demo test check-fast pytest pytest-fast typecheck lint docs bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --editable . --group dev
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m coinche play --rules common --seed 1

test: pytest typecheck lint docs

check-fast: pytest-fast typecheck lint

pytest-fast: $(STAMP)
	$(BIN)/python -m pytest -q -m "not slow"

pytest: $(STAMP)
	$(BIN)/python -m pytest --cov=coinche --cov-report=term-missing:skip-covered

typecheck: $(STAMP)
	$(BIN)/python -m mypy --strict

lint: $(STAMP)
	$(BIN)/python -m ruff check .
	$(BIN)/python -m ruff format --check .

docs: $(STAMP)
	$(BIN)/python -m sphinx -W --keep-going -q -b html docs docs/_build/html

bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py

clean:
	rm -rf $(VENV) docs/_build .pytest_cache .mypy_cache .ruff_cache .hypothesis
