"""Shared input checks: the one vocabulary of bad-input messages (boosters, certify, truth, the kit).

Every check raises :class:`ValueError` (or :class:`TypeError` for a wrong type) with a message that
names the parameter and the allowed range, so bad input never turns into a silent number. One
mistake gets one message wherever it is made; the phrases are those of the boosters' parameter
declarations (:mod:`refboost.boosters._params`):

=============================  ===================================================================
mistake                        message
=============================  ===================================================================
a real out of range / NaN      ``eta must be a finite real in (0, inf), got 0.0``
nu out of range                ``nu must be a finite real in [1, N = 4] (N = number of examples), got 0.0``
an integer out of range        ``max_iter must be an integer in [1, inf), got 0``
a string option                ``method must be one of ['highs', 'highs-ds'], got 'x'``
NaN or inf in an array         ``U must contain only finite values (found NaN or inf)``
U out of [-1, 1]               ``U entries must lie in [-1, 1] (u = y h(x) with h in [-1, 1]); found |entry| = 2.0``
a vector of the wrong length   ``weights must have length U.shape[1] = 3, got 2`` (``d``: ``N = 4``)
d off the simplex              ``d must sum to 1, sums to 0.8`` / ``d must be non-negative, min entry -0.5``
=============================  ===================================================================
"""

from __future__ import annotations

import numbers

import numpy as np

#: Entries of ``U`` may exceed [-1, 1] by this much (round-off from scaling).
U_RANGE_TOL = 1e-12


def _is_real_scalar(x) -> bool:
    return isinstance(x, numbers.Real) and not isinstance(x, bool)


def describe_real(low=None, high=None, *, low_open: bool = False, high_open: bool = False) -> str:
    """``"a finite real in [low, high]"`` (open ends as given; ``None``: unbounded)."""
    lo = "-inf" if low is None else f"{low:g}"
    hi = "inf" if high is None else f"{high:g}"
    lb = "(" if low_open or low is None else "["
    rb = ")" if high_open or high is None else "]"
    return f"a finite real in {lb}{lo}, {hi}{rb}"


def describe_int(low: int | None = None, high: int | None = None) -> str:
    """``"an integer in [low, high]"`` (``None``: unbounded)."""
    lo = "-inf" if low is None else str(low)
    hi = "inf" if high is None else str(high)
    return f"an integer in {'(' if low is None else '['}{lo}, {hi}{')' if high is None else ']'}"


def describe_nu(N: int | None = None, *, binary: bool = False) -> str:
    """The capping parameter's range, ``[1, N = 4]`` (``binary``: ``[1, N = 4)``)."""
    n = "N" if N is None else f"N = {N}"
    return f"a finite real in [1, {n}{')' if binary else ']'} (N = number of examples)"


def describe_choice(choices) -> str:
    """``"one of ['a', 'b']"`` in the given order (a set: sorted)."""
    opts = sorted(choices) if isinstance(choices, (set, frozenset)) else list(choices)
    return f"one of {opts}"


def _shown(value, v) -> str:
    """How a bad number reads in a message: as given (a Python int or float), else as the float ``v``."""
    return repr(value) if type(value) in (int, float) else repr(v)


def _real_or_raise(value, name: str, what: str) -> float:
    """``value`` as a float if it is a finite real, else the one message ``{name} must be {what}``."""
    if not _is_real_scalar(value) and not (isinstance(value, np.ndarray) and value.ndim == 0
                                           and np.issubdtype(value.dtype, np.number)):
        raise TypeError(f"{name} must be {what}, got {type(value).__name__}")
    v = float(value)
    if not np.isfinite(v):
        raise ValueError(f"{name} must be {what}, got {_shown(value, v)}")
    return v


def check_real(value, name: str, *, low=None, high=None, low_open=False, high_open=False) -> float:
    """Return ``value`` as a float after checking it is a finite real in the given range."""
    what = describe_real(low, high, low_open=low_open, high_open=high_open)
    v = _real_or_raise(value, name, what)
    if (low is not None and (v < low or (low_open and v == low))) or (
            high is not None and (v > high or (high_open and v == high))):
        raise ValueError(f"{name} must be {what}, got {_shown(value, v)}")
    return v


def check_int(value, name: str, *, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` as an int after checking type and range."""
    what = describe_int(low, high)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be {what}, got {type(value).__name__}")
    v = int(value)
    if (low is not None and v < low) or (high is not None and v > high):
        raise ValueError(f"{name} must be {what}, got {v!r}")
    return v


def check_array(a, name: str, *, ndim: int | None = None, min_size: int = 1) -> np.ndarray:
    """Convert to a float array; check dimension, non-emptiness and finiteness (complex input is refused)."""
    if np.iscomplexobj(a):
        raise TypeError(f"{name} must be a real array, got complex values")
    try:
        arr = np.asarray(a, dtype=float)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"{name} must be a numeric array: {exc}") from None
    if ndim is not None and arr.ndim != ndim:
        raise ValueError(f"{name} must be a {ndim}-d array, got shape {arr.shape}")
    if arr.size < min_size:
        raise ValueError(f"{name} must not be empty, got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must contain only finite values (found NaN or inf)")
    return arr


def check_length(arr: np.ndarray, n: int, name: str, what: str) -> np.ndarray:
    """A 1-d array of length ``n``; ``what`` names the length (``"U.shape[1]"``, ``"N"``)."""
    if arr.shape[0] != n:
        raise ValueError(f"{name} must have length {what} = {n}, got {arr.shape[0]}")
    return arr


def check_vector(x, n: int, name: str, what: str, *, min_size: int = 1) -> np.ndarray:
    """A finite 1-d float vector of length ``n`` (:func:`check_array`, then :func:`check_length`)."""
    return check_length(check_array(x, name, ndim=1, min_size=min_size), n, name, what)


def check_weights(w, K: int, name: str = "weights") -> np.ndarray:
    """A finite weight vector with one entry per column of U: ``{name} must have length U.shape[1] = K``."""
    return check_vector(w, K, name, "U.shape[1]", min_size=0)


def check_U(U, name: str = "U", *, clip: bool = True) -> np.ndarray:
    """Check a hypothesis matrix U[n, q] = y_n h_q(x_n): 2-d, finite, entries in [-1, 1].

    ``clip``: entries within :data:`U_RANGE_TOL` outside [-1, 1] are clipped (False: returned as
    given, as certify reads a matrix without repairing it)."""
    arr = check_array(U, name, ndim=2)
    if arr.shape[0] < 1 or arr.shape[1] < 1:
        raise ValueError(f"{name} must have at least one row and one column, got shape {arr.shape}")
    amax = float(np.max(np.abs(arr)))
    if amax > 1.0 + U_RANGE_TOL:
        raise ValueError(f"{name} entries must lie in [-1, 1] (u = y h(x) with h in [-1, 1]); found |entry| = {amax}")
    return np.clip(arr, -1.0, 1.0) if clip else arr


def check_margins(m, name: str = "margins") -> np.ndarray:
    """Check a 1-d finite vector of margins."""
    return check_array(m, name, ndim=1)


def check_labels(y, name: str = "y") -> np.ndarray:
    """Check labels are a 1-d array with values in {-1, +1}; return them as floats."""
    arr = check_array(y, name, ndim=1)
    bad = ~np.isin(arr, (-1.0, 1.0))
    if np.any(bad):
        vals = np.unique(arr[bad])[:5]
        raise ValueError(f"{name} must contain only -1 and +1, found {vals.tolist()}")
    return arr


def check_nu(nu, N: int, name: str = "nu", *, binary: bool = False) -> float:
    """Capping parameter: 1 <= nu <= N (Glocer 2009, Table 2.1; nu = N forces d = uniform);
    ``binary``: 1 <= nu < N (:func:`check_nu_binary`)."""
    what = describe_nu(N, binary=binary)
    v = _real_or_raise(nu, name, what)
    if v < 1.0 or v > N or (binary and v >= N):
        raise ValueError(f"{name} must be {what}, got {_shown(nu, v)}")
    return v


def check_nu_binary(nu, N: int, name: str = "nu") -> float:
    """Binary ERLPBoost needs 1 <= nu < N (at nu = N the only feasible d = 1/N makes 1/nu - d = 0,
    where the gradient of the binary entropy, through ln(1/nu - d), is undefined)."""
    return check_nu(nu, N, name, binary=True)


def check_eps(eps, name: str = "eps") -> float:
    """Precision parameter: eps > 0 (finite)."""
    return check_real(eps, name, low=0.0, low_open=True)


def check_eta(eta, name: str = "eta") -> float:
    """Regularisation parameter: eta > 0 (finite)."""
    return check_real(eta, name, low=0.0, low_open=True)


def check_tol(tol, name: str = "tol") -> float:
    """A tolerance: a finite real >= 0."""
    return check_real(tol, name, low=0.0)


def check_max_iter(max_iter, name: str = "max_iter") -> int:
    """Iteration cap: an integer >= 1."""
    return check_int(max_iter, name, low=1)


def check_distribution(d, N: int, name: str = "d", atol: float = 1e-9) -> np.ndarray:
    """A probability vector of length N (non-negative, sums to 1 within atol)."""
    arr = check_vector(d, N, name, "N")
    if np.any(arr < -atol):
        raise ValueError(f"{name} must be non-negative, min entry {arr.min()}")
    if abs(arr.sum() - 1.0) > max(atol, 1e-9 * N):
        raise ValueError(f"{name} must sum to 1, sums to {arr.sum()}")
    return arr


def check_choice(value, name: str, choices) -> str:
    """A string option among ``choices``."""
    what = describe_choice(choices)
    if not isinstance(value, str):
        raise TypeError(f"{name} must be {what}, got {type(value).__name__}")
    if value not in choices:
        raise ValueError(f"{name} must be {what}, got {value!r}")
    return value


def check_rng(rng, name: str = "rng", *, when: str = "") -> np.random.Generator:
    """``rng`` must be a ``numpy.random.Generator`` (``when``: the case that needs one, for the message)."""
    if not isinstance(rng, np.random.Generator):
        raise TypeError(
            f"{name} must be a numpy.random.Generator{' ' + when if when else ''} (np.random.default_rng(seed)), "
            f"got {type(rng).__name__}"
        )
    return rng
