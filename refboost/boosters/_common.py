"""What every booster shares: the oracle argument, the one place where the columns an oracle
returns are checked, and the end of a run (:func:`finish`: certificate, message, result)."""

from __future__ import annotations

import numpy as np

from ..oracles import Oracle
from ..result import BoostResult


def check_oracle(oracle) -> Oracle:
    """Every booster's first argument must implement :class:`refboost.Oracle`."""
    if not isinstance(oracle, Oracle):
        raise TypeError(
            f"oracle must be a refboost.Oracle (e.g. refboost.MatrixOracle(U)), got {type(oracle).__name__}"
        )
    n = getattr(oracle, "n_examples", None)
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"oracle.n_examples must be an integer >= 1, got {n!r}")
    return oracle


def check_oracle_column(u, n_examples: int):
    """Validate a column returned by an oracle: shape (N,), real, finite, entries in [-1, 1].

    A weak learner that breaks the contract ``u_n = y_n h(x_n)`` with ``h`` in [-1, 1] would void
    every bound and certificate, so the boosters stop with a clear error instead.
    """
    if np.iscomplexobj(u):
        raise TypeError("oracle column must be real, got a complex array")
    try:
        arr = np.asarray(u, dtype=float)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"oracle column must be numeric: {exc}") from None
    if arr.size != n_examples or arr.ndim > 2 or (arr.ndim == 2 and 1 not in arr.shape):
        raise ValueError(
            f"oracle column must have one entry per example (shape ({n_examples},)), got shape {arr.shape}"
        )
    return _finite_in_range(arr.reshape(n_examples))


def _finite_in_range(arr: np.ndarray) -> np.ndarray:
    """Entries finite and in [-1, 1] (up to round-off, then clipped): the contract of every oracle column."""
    from .._validation import U_RANGE_TOL

    if not np.all(np.isfinite(arr)):
        raise ValueError("oracle column must contain only finite values (found NaN or inf): "
                         "u_n = y_n h(x_n) with h in [-1, 1]")
    amax = float(np.max(np.abs(arr))) if arr.size else 0.0
    if amax > 1.0 + U_RANGE_TOL:
        raise ValueError(f"oracle column entries must lie in [-1, 1] (u = y h(x) with h in [-1, 1]); "
                         f"found |entry| = {amax}")
    return np.clip(arr, -1.0, 1.0)


def query(oracle: Oracle, d: np.ndarray):
    """``oracle.best(d)`` with the returned column checked (every booster asks its oracle through here)."""
    key, u = oracle.best(d)
    return key, check_oracle_column(u, oracle.n_examples)


def query_columns(oracle: Oracle, keys) -> np.ndarray:
    """``oracle.columns(keys)`` with every column checked."""
    keys = list(keys)
    N = oracle.n_examples
    if not keys:
        return np.zeros((N, 0))
    A = oracle.columns(keys)
    if np.iscomplexobj(A):
        raise TypeError("oracle.columns must return a real array, got a complex one")
    A = np.asarray(A, dtype=float)
    if A.shape != (N, len(keys)):
        raise ValueError(f"oracle.columns must return shape ({N}, {len(keys)}), got {A.shape}")
    return _finite_in_range(A)  # every column at once


class StepSum:
    """The coefficients ``lambda`` of a stagewise booster: steps summed per distinct hypothesis.

    Hypotheses keep the order in which they were first used; a step on a hypothesis already in the
    combination adds to its coefficient (the convention of :func:`refboost.adaboost` and the Sun et al.
    boosters, whose weights are ``lambda / ||lambda||_1``).
    """

    def __init__(self):
        self.keys: list = []
        self.index: dict = {}
        self.lam: list[float] = []

    def add(self, key, alpha: float) -> bool:
        """Add ``alpha`` to the coefficient of ``key``; True when ``key`` is new."""
        i = self.index.get(key)
        if i is not None:
            self.lam[i] += alpha
            return False
        self.index[key] = len(self.keys)
        self.keys.append(key)
        self.lam.append(alpha)
        return True

    def array(self) -> np.ndarray:
        return np.asarray(self.lam, dtype=float)


#: Why a run stopped: the stop reasons every booster shares -> how its message says them
#: (formatted with the run's ``params``). A booster with reasons of its own passes them to :func:`finish`.
STOP_REASONS = {
    "rule": "the stopping rule fired",
    "max_iter": "max_iter = {max_iter} reached",
    "time_limit": "time_limit = {time_limit:g} s reached",
    "repeated": "the oracle returned a hypothesis already in the combination",
    "stalled": "the oracle returned a column already selected (master tolerance)",
}


def stop_message(cert, reason: str, *, details: str = "", cause: str = "", params=None, reasons=None) -> str:
    """``"<converged | not converged>: <why the run stopped> (<details>); <what the certificate says>"``.

    ``converged`` is the certificate's verdict on the returned weights (``cert.ok``), whether or not the
    stopping rule fired (``reason == "rule"``); ``cause``, the likely cause when the rule fired but the
    certificate does not confirm it.
    """
    text = {**STOP_REASONS, **(reasons or {})}[reason].format(**(params or {}))
    if details:
        text += f" ({details})"
    if cert.ok:
        verdict = (f"certified: {cert.message}" if reason == "rule"
                   else f"certified from the returned weights: {cert.message}")
    elif reason == "rule":
        verdict = f"the certificate does not confirm it (not certified from the returned weights): {cert.message}"
        if cause:
            verdict += f" (likely cause: {cause})"
    else:
        verdict = f"not certified: {cert.message}"
    return f"{'converged' if cert.ok else 'not converged'}: {text}; {verdict}"


def finish(cert, reason: str, *, details: str = "", cause: str = "", reasons=None, gap=None, extra=None,
           **result) -> BoostResult:
    """The end of every booster's run: the :class:`BoostResult` with ``converged = cert.ok`` (the
    certificate of the returned weights decides), ``gap = cert.gap`` unless the booster gives its own,
    ``extra["certificate"] = cert`` and the message of :func:`stop_message`. ``result``: the other
    fields of :class:`BoostResult` (weights, hypotheses, distribution, margins, n_iter, history,
    algorithm, params)."""
    extra = {} if extra is None else extra
    extra.setdefault("certificate", cert)
    message = stop_message(cert, reason, details=details, cause=cause, params=result.get("params"), reasons=reasons)
    return BoostResult(gap=float(cert.gap) if gap is None else gap, converged=bool(cert.ok), message=message,
                       extra=extra, **result)


class Columns:
    """The columns of the hypotheses a booster has chosen: one per distinct key, in first-use order.

    Storage grows by doubling (amortised O(N) a column); ``U`` is the (N, k) view into it. ``stacked()``
    is the same matrix as a C-contiguous array, ``np.column_stack`` of the columns (cached until the next
    new column): the boosters whose pinned iterates were computed on that layout use it, since a BLAS
    product on the strided view can differ from one on the contiguous array in the last bit.
    Keys that cannot be hashed are compared by equality instead (a user oracle's list keys).
    """

    def __init__(self, n_examples: int, capacity: int = 16):
        self.keys: list = []
        self.index: dict | None = {}  # key -> column; None once a key is unhashable (then keys.index)
        self._buf = np.empty((n_examples, capacity))
        self._stacked = None

    def __len__(self) -> int:
        return len(self.keys)

    def find(self, key) -> int | None:
        """The column of ``key``, None if it has none."""
        if self.index is not None:
            try:
                return self.index.get(key)
            except TypeError:
                self.index = None
        return next((i for i, k in enumerate(self.keys) if k == key), None)

    def __contains__(self, key) -> bool:
        return self.find(key) is not None

    def add(self, key, u: np.ndarray) -> tuple[int, bool]:
        """Add the column ``u`` of ``key`` unless ``key`` has one; returns ``(its column, whether new)``."""
        i = self.find(key)
        if i is not None:
            return i, False
        k = len(self.keys)
        if k == self._buf.shape[1]:
            self._buf = np.hstack([self._buf, np.empty_like(self._buf)])
        self._buf[:, k] = u
        self.keys.append(key)
        if self.index is not None:
            self.index[key] = k
        self._stacked = None
        return k, True

    @property
    def U(self) -> np.ndarray:
        """The (N, k) matrix of the columns (a view into the storage)."""
        return self._buf[:, : len(self.keys)]

    def stacked(self) -> np.ndarray:
        """The (N, k) matrix as a C-contiguous array (``np.column_stack`` of the columns)."""
        if self._stacked is None:
            self._stacked = self.U.copy(order="C")  # a fresh array, as np.column_stack makes
        return self._stacked
