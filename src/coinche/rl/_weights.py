"""What the two NumPy players' networks share (internal): the canonical order of the
cards under a contract, a layer's ``(weights, bias)`` checked, and the ``.npz`` file of a
network written and read back (:class:`coinche.rl.policy.PolicyNetwork`,
:class:`coinche.rl.ppo.PpoNetwork`).

Each network names its own error (``PolicyWeightsError``, ``PpoWeightsError``), which
these helpers raise.
"""

from __future__ import annotations

import os
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from coinche._checks import short_repr
from coinche.errors import CoincheError, CoincheTypeError

Floats = npt.NDArray[np.float32]


def _canonical_suits(strain: int) -> tuple[int, int, int, int]:
    """The canonical place of each suit under *strain* (0-5): with a suit as trumps that
    suit first, the others in clubs, diamonds, hearts, spades order; else that order."""
    if strain >= 4:
        return (0, 1, 2, 3)
    order = [strain] + [suit for suit in range(4) if suit != strain]
    places = [0, 0, 0, 0]
    for place, suit in enumerate(order):
        places[suit] = place
    return (places[0], places[1], places[2], places[3])


CANON: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(8 * _canonical_suits(strain)[c >> 3] + (c & 7) for c in range(32)) for strain in range(6)
)
"""``CANON[strain][card]``: the canonical place (0-31) of card index *card* under
*strain* (0-5)."""
SUIT_PLACES: Final = tuple(_canonical_suits(strain) for strain in range(6))
"""``SUIT_PLACES[strain][suit]``: the canonical place (0-3) of *suit* under *strain*."""


def check_path(path: object, name: str = "path") -> str | os.PathLike[str]:
    """*path* if it is a str or a path (:class:`os.PathLike`), else CoincheTypeError.

    >>> from coinche.rl._weights import check_path
    >>> check_path(None)
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheTypeError: path must be a str or a path, not None
    """
    if not isinstance(path, (str, os.PathLike)):
        raise CoincheTypeError(f"{name} must be a str or a path, not {short_repr(path)}")
    return path


def layer(
    pair: object, name: str, inputs: int, outputs: int | None, error: type[CoincheError]
) -> tuple[Floats, Floats]:
    """A layer's ``(weights, bias)`` copied as float32: *weights* of shape ``(inputs,
    outputs)`` (*outputs* None: any width of at least 1), *bias* of ``(outputs,)``, every
    value finite; else CoincheTypeError (not a pair) or *error*.

    >>> import numpy as np
    >>> from coinche.errors import CoincheValueError
    >>> from coinche.rl._weights import layer
    >>> weights, bias = layer((np.ones((3, 2)), [0, 1]), "layer 0", 3, None, CoincheValueError)
    >>> weights.dtype, bias.tolist()
    (dtype('float32'), [0.0, 1.0])
    """
    if not isinstance(pair, tuple) or len(pair) != 2:
        raise CoincheTypeError(f"{name} must be a (weights, bias) pair, not {short_repr(pair)}")
    try:
        weights = np.array(pair[0], dtype=np.float32)
        bias = np.array(pair[1], dtype=np.float32)
    except (TypeError, ValueError, OverflowError) as problem:
        raise error(f"{name} is not numeric: {problem}") from None
    width = outputs if outputs is not None else (weights.shape[1:2] or (0,))[0]
    if width < 1 or weights.shape != (inputs, width) or bias.shape != (width,):
        wanted = width if width else "n"
        raise error(
            f"{name} has weights of shape {weights.shape} and bias of shape {bias.shape}; "
            f"expected ({inputs}, {wanted}) and ({wanted},)"
        )
    if not (np.isfinite(weights).all() and np.isfinite(bias).all()):
        raise error(f"{name} holds a value that is not finite")
    return weights, bias


def save_arrays(path: object, file_format: str, arrays: dict[str, Any]) -> None:
    """Write *arrays* and the format tag *file_format* to the ``.npz`` file *path*.

    :raises CoincheTypeError: *path* neither a str nor a path.
    :raises OSError: the file cannot be written.
    """
    checked = check_path(path)
    with open(checked, "wb") as out:
        np.savez_compressed(out, format=np.array(file_format), **arrays)


def load_arrays(path: object, file_format: str, error: type[CoincheError]) -> dict[str, Any]:
    """The arrays of the ``.npz`` file *path* that :func:`save_arrays` wrote with the tag
    *file_format* (the tag left out).

    :raises CoincheTypeError: *path* neither a str nor a path.
    :raises error: no file can be read there, or not a file of that format.
    """
    checked = check_path(path)
    shown = short_repr(os.fspath(checked))
    try:
        with np.load(checked, allow_pickle=False) as data:
            files = dict(data.items())
    except OSError as problem:
        raise error(f"cannot read {shown}: {problem.strerror or problem}") from None
    except (ValueError, EOFError) as problem:
        raise error(f"{shown} is not a policy file: {problem}") from None
    tag = files.pop("format", None)
    if tag is None or str(tag) != file_format:
        raise error(f"{shown} is not a {file_format} file")
    return files
