"""Shared input checks (one place, used by every public function).

Every check raises :class:`ValueError` (or :class:`TypeError` for a wrong type)
with a message that names the parameter and the allowed range, so bad input
never turns into a silent number.
"""

from __future__ import annotations

import numbers

import numpy as np

#: Entries of ``U`` may exceed [-1, 1] by this much (round-off from scaling).
U_RANGE_TOL = 1e-12


def _is_real_scalar(x) -> bool:
    return isinstance(x, numbers.Real) and not isinstance(x, bool)


def check_real(value, name: str, *, low=None, high=None, low_open=False, high_open=False) -> float:
    """Return ``value`` as a float after checking it is a finite real in the given range."""
    if not _is_real_scalar(value) and not (isinstance(value, np.ndarray) and value.ndim == 0):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__}")
    v = float(value)
    if not np.isfinite(v):
        raise ValueError(f"{name} must be finite, got {v}")
    lo_br = "(" if low_open or low is None else "["
    hi_br = ")" if high_open or high is None else "]"
    rng = f"{lo_br}{'-inf' if low is None else low}, {'inf' if high is None else high}{hi_br}"
    if low is not None and (v < low or (low_open and v == low)):
        raise ValueError(f"{name} must lie in {rng}, got {v}")
    if high is not None and (v > high or (high_open and v == high)):
        raise ValueError(f"{name} must lie in {rng}, got {v}")
    return v


def check_int(value, name: str, *, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` as an int after checking type and range."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    v = int(value)
    if low is not None and v < low:
        raise ValueError(f"{name} must be >= {low}, got {v}")
    if high is not None and v > high:
        raise ValueError(f"{name} must be <= {high}, got {v}")
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


def check_U(U, name: str = "U") -> np.ndarray:
    """Check a hypothesis matrix U[n, q] = y_n h_q(x_n): 2-d, finite, entries in [-1, 1]."""
    arr = check_array(U, name, ndim=2)
    if arr.shape[0] < 1 or arr.shape[1] < 1:
        raise ValueError(f"{name} must have at least one row and one column, got shape {arr.shape}")
    amax = float(np.max(np.abs(arr)))
    if amax > 1.0 + U_RANGE_TOL:
        raise ValueError(f"{name} entries must lie in [-1, 1] (u = y h(x) with h in [-1, 1]); found |entry| = {amax}")
    return np.clip(arr, -1.0, 1.0)


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


def check_nu(nu, N: int, name: str = "nu") -> float:
    """Capping parameter: 1 <= nu <= N (Glocer 2009, Table 2.1; nu = N forces d = uniform)."""
    return check_real(nu, name, low=1.0, high=float(N))


def check_nu_binary(nu, N: int, name: str = "nu") -> float:
    """Binary ERLPBoost needs 1 <= nu < N (at nu = N the only feasible d = 1/N makes 1/nu - d = 0,
    where the gradient of the binary entropy, through ln(1/nu - d), is undefined)."""
    return check_real(nu, name, low=1.0, high=float(N), high_open=True)


def check_eps(eps, name: str = "eps") -> float:
    """Precision parameter: eps > 0 (finite)."""
    return check_real(eps, name, low=0.0, low_open=True)


def check_eta(eta, name: str = "eta") -> float:
    """Regularisation parameter: eta > 0 (finite)."""
    return check_real(eta, name, low=0.0, low_open=True)


def check_max_iter(max_iter, name: str = "max_iter") -> int:
    """Iteration cap: an integer >= 1."""
    return check_int(max_iter, name, low=1)


def check_distribution(d, N: int, name: str = "d", atol: float = 1e-9) -> np.ndarray:
    """A probability vector of length N (non-negative, sums to 1 within atol)."""
    arr = check_array(d, name, ndim=1)
    if arr.shape[0] != N:
        raise ValueError(f"{name} must have length {N}, got {arr.shape[0]}")
    if np.any(arr < -atol):
        raise ValueError(f"{name} must be non-negative, min entry {arr.min()}")
    if abs(arr.sum() - 1.0) > max(atol, 1e-9 * N):
        raise ValueError(f"{name} must sum to 1, sums to {arr.sum()}")
    return arr


def check_choice(value, name: str, choices) -> str:
    """A string option among ``choices``."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string, one of {sorted(choices)}, got {type(value).__name__}")
    if value not in choices:
        raise ValueError(f"{name} must be one of {sorted(choices)}, got {value!r}")
    return value


def check_rng(rng, name: str = "rng", *, when: str = "") -> np.random.Generator:
    """``rng`` must be a ``numpy.random.Generator`` (``when``: the case that needs one, for the message)."""
    if not isinstance(rng, np.random.Generator):
        raise TypeError(
            f"{name} must be a numpy.random.Generator{' ' + when if when else ''} (np.random.default_rng(seed)), "
            f"got {type(rng).__name__}"
        )
    return rng
