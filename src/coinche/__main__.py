"""Run the ``coinche`` command as ``python -m coinche`` (see :mod:`coinche.cli`)."""

from coinche.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
