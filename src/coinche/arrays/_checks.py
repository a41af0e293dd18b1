"""The argument checks of the array tier's public doors (internal).

They read only what a value is (its Python type, an array's shape and dtype), never
what a traced array holds, so that they run once, when :func:`jax.jit` traces a door,
and cost nothing in a compiled loop. The values of host data (a Python int, a NumPy
array) are checked too, where reading them costs nothing; the values of a JAX array
are not read (that would wait for the device at every call).

Every refusal is a library error naming the argument: the wrong type
:class:`~coinche.errors.CoincheTypeError`, the right type refused (a shape, a range)
:class:`~coinche.errors.CoincheValueError`.
"""

from __future__ import annotations

from typing import Any, Final

import jax
import jax.numpy as jnp
import numpy as np

from coinche._checks import check_int_range, short_repr
from coinche.actions import NUM_ACTIONS
from coinche.arrays._engine import COMPACT_SIZE, State
from coinche.arrays._rules import Rules
from coinche.arrays._tables import AUCTION_STATES
from coinche.config import RuleConfig
from coinche.errors import CoincheTypeError, CoincheValueError

INDEX_LIMIT: Final = 2**64 - 1
"""The largest seed and deal index of the array tier (a key holds two 32-bit words of each)."""


def check_index(value: object, name: str) -> int:
    """*value* (an int or a NumPy integer) as an int from 0 to 2**64 - 1, the seeds and
    deal indices of the array tier.

    >>> from coinche.arrays._checks import check_index
    >>> check_index(2**64 - 1, "seed") == 2**64 - 1
    True
    >>> check_index(-1, "seed")
    Traceback (most recent call last):
    ...
    coinche.errors.CoincheValueError: seed must be an int from 0 to 18446744073709551615, not -1
    """
    return check_int_range(value, name, 0, INDEX_LIMIT, numpy=True)


def _is_array(value: object) -> bool:
    """A NumPy array or a JAX array (a tracer under jit or vmap is one)."""
    return isinstance(value, (np.ndarray, jax.Array))


def _describe(value: object) -> str:
    if _is_array(value):
        array: Any = value
        return f"an array of shape {tuple(array.shape)} and dtype {array.dtype}"
    return f"{type(value).__name__} ({short_repr(value)})"


def _host(value: object) -> np.ndarray[Any, Any] | None:
    """The values of *value* where reading them is free (a NumPy array), else None."""
    return value if isinstance(value, np.ndarray) else None


_CHECKED: list[Rules] = []  # the Rules checked last: a loop passes the same one each call


def check_rules(rules: object, name: str = "rules") -> Rules:
    """*rules* if it is the :class:`Rules` arrays of :func:`coinche.arrays.rules_data`."""
    if _CHECKED and rules is _CHECKED[0]:
        return _CHECKED[0]
    if isinstance(rules, RuleConfig):
        raise CoincheTypeError(
            f"{name} must be the arrays of coinche.arrays.rules_data(rules), not a "
            "RuleConfig: call rules_data once and pass what it returns"
        )
    if not isinstance(rules, Rules):
        raise CoincheTypeError(
            f"{name} must be the Rules of coinche.arrays.rules_data, not {_describe(rules)}"
        )
    if not all(_is_array(field) for field in rules) or tuple(rules.mask_words.shape) != (
        AUCTION_STATES,
        5,
    ):
        raise CoincheValueError(
            f"{name} must be the Rules of coinche.arrays.rules_data: its fields are not "
            "the arrays rules_data builds"
        )
    if not any(isinstance(field, jax.core.Tracer) for field in rules):
        _CHECKED[:] = [rules]  # concrete arrays (a tracer lives only while JAX traces)
    return rules


def batch_size(value: object, name: str, row: tuple[int, ...], what: str) -> int | None:
    """The batch size of *value* if it is an array of shape ``(n, *row)``, None if it is
    an array of shape *row*; else CoincheTypeError (not an array) or CoincheValueError."""
    if not _is_array(value):
        raise CoincheTypeError(f"{name} must be {what}, not {_describe(value)}")
    shape = tuple(value.shape)  # type: ignore[attr-defined]
    if shape == row:
        return None
    if len(shape) == len(row) + 1 and shape[1:] == row and shape[0] >= 1:
        return int(shape[0])
    raise CoincheValueError(f"{name} must be {what}, not {_describe(value)}")


def check_key(key: object, name: str, batched: bool) -> int | None:
    """*key* a uint32 array of shape (4,) (or ``(n, 4)`` when *batched*): the batch
    size, None for one key."""
    if batched:
        what = "a uint32 array of shape (n, 4) (deal_keys)"
    else:
        what = "a uint32 array of shape (4,) (deal_key)"
    size = batch_size(key, name, (4,), what)
    if (size is None) == batched:
        raise CoincheValueError(f"{name} must be {what}, not {_describe(key)}")
    if key.dtype != np.uint32:  # type: ignore[attr-defined]
        raise CoincheTypeError(f"{name} must be {what}, not {_describe(key)}")
    return size


def check_state(state: object, name: str, batched: bool) -> int | None:
    """*state* a :class:`State` of one deal (or of a batch when *batched*, its size)."""
    if not isinstance(state, State):
        raise CoincheTypeError(
            f"{name} must be a State (of init, step or batch_init), not {_describe(state)}"
        )
    what = "a State of a batch (batch_init)" if batched else "a State of one deal (init)"
    mask = state.legal_action_mask
    shape = tuple(mask.shape) if _is_array(mask) else None
    size = None if shape is None or len(shape) != 2 else shape[0]
    if shape != ((size, NUM_ACTIONS) if batched else (NUM_ACTIONS,)) or size == 0:
        raise CoincheValueError(
            f"{name} must be {what}: its legal_action_mask is {_describe(mask)}"
        )
    return size


def check_actions(actions: object, name: str, size: int | None) -> Any:
    """*actions* an action integer from 0 to 153 (*size* None: an int, a NumPy integer
    or an integer array of shape ``()``), or an integer array of shape ``(size,)``; the
    values of an int or a NumPy array are checked, those of a JAX array are not.
    Returned as int32 (a NumPy int32 for an int), so that every integer type given
    reaches the compiled step as the same type (no compilation per type)."""
    if size is None and (type(actions) is int or isinstance(actions, np.integer)):
        return np.int32(check_int_range(actions, name, 0, NUM_ACTIONS - 1, numpy=True))
    shape = () if size is None else (size,)
    what = (
        "an action integer from 0 to 153"
        if size is None
        else f"an integer array of shape ({size},), actions from 0 to 153"
    )
    array: Any = actions
    if (
        not _is_array(actions)
        or array.dtype == np.bool_
        or not np.issubdtype(array.dtype, np.integer)
    ):
        raise CoincheTypeError(f"{name} must be {what}, not {_describe(actions)}")
    if tuple(array.shape) != shape:
        raise CoincheValueError(f"{name} must be {what}, not {_describe(actions)}")
    host = _host(actions)
    if (
        host is not None
        and host.size
        and not (int(host.min()) >= 0 and int(host.max()) < NUM_ACTIONS)
    ):
        raise CoincheValueError(f"{name} must hold actions from 0 to 153, not {short_repr(host)}")
    return array if array.dtype == np.int32 else jnp.asarray(array, jnp.int32)


def check_row(row: object, name: str) -> None:
    """*row* one compact observation row: an int32 array of shape (COMPACT_SIZE,)."""
    what = f"an int32 array of shape ({COMPACT_SIZE},) (State.observation of one deal)"
    if not _is_array(row) or row.dtype != np.int32:  # type: ignore[attr-defined]
        raise CoincheTypeError(f"{name} must be {what}, not {_describe(row)}")
    if tuple(row.shape) != (COMPACT_SIZE,):  # type: ignore[attr-defined]
        raise CoincheValueError(f"{name} must be {what}, not {_describe(row)}")


def check_mask(mask: object, name: str) -> None:
    """*mask* one deal's legal actions: a bool array of shape (154,), not all False
    where its values are free to read."""
    what = f"a bool array of shape ({NUM_ACTIONS},) (State.legal_action_mask of one deal)"
    if not _is_array(mask) or mask.dtype != np.bool_:  # type: ignore[attr-defined]
        raise CoincheTypeError(f"{name} must be {what}, not {_describe(mask)}")
    if tuple(mask.shape) != (NUM_ACTIONS,):  # type: ignore[attr-defined]
        raise CoincheValueError(f"{name} must be {what}, not {_describe(mask)}")
    host = _host(mask)
    if host is not None and not host.any():
        raise CoincheValueError(f"{name} allows no action: a deal over has none to draw")


def check_bits(bits: object, name: str) -> None:
    """*bits* random bits: an int from 0 to 2**32 - 1, or a uint32 array of shape ()."""
    if type(bits) is int or isinstance(bits, np.integer):
        check_int_range(bits, name, 0, 2**32 - 1, numpy=True)
        return
    what = "a uint32 array of shape () (jax.random.bits) or an int from 0 to 2**32 - 1"
    if not _is_array(bits) or bits.dtype != np.uint32:  # type: ignore[attr-defined]
        raise CoincheTypeError(f"{name} must be {what}, not {_describe(bits)}")
    if tuple(bits.shape) != ():  # type: ignore[attr-defined]
        raise CoincheValueError(f"{name} must be {what}, not {_describe(bits)}")


def check_rng(rng: object, name: str) -> None:
    """*rng* one JAX random key: a typed key of shape () (:func:`jax.random.key`) or a
    raw uint32 key of shape (2,) (:func:`jax.random.PRNGKey`)."""
    what = "a JAX random key (jax.random.key(seed))"
    if not _is_array(rng):
        raise CoincheTypeError(f"{name} must be {what}, not {_describe(rng)}")
    array: Any = rng
    typed = jnp.issubdtype(array.dtype, jax.dtypes.prng_key)
    if typed and tuple(array.shape) == ():
        return
    if not typed and array.dtype == np.uint32 and tuple(array.shape) == (2,):
        return
    raise CoincheValueError(f"{name} must be {what}, not {_describe(rng)}")


def check_observe(observe: object, name: str = "observe") -> bool:
    """*observe* a bool (a static argument under :func:`jax.jit`)."""
    if type(observe) is not bool:
        raise CoincheTypeError(
            f"{name} must be a bool (static under jax.jit), not {_describe(observe)}"
        )
    return observe
