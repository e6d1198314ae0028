"""Small helpers shared by the boosters (argument checks on the oracle, timing)."""

from __future__ import annotations

from ..oracles import Oracle


def check_oracle(oracle) -> Oracle:
    """Every booster's first argument must implement :class:`refboost.Oracle`."""
    if not isinstance(oracle, Oracle):
        raise TypeError(
            f"oracle must be a refboost.Oracle (e.g. refboost.MatrixOracle(U)), got {type(oracle).__name__}"
        )
    return oracle


def check_oracle_column(u, n_examples: int):
    """Validate a column returned by ``oracle.best(d)``: shape (N,), finite, entries in [-1, 1].

    A weak learner that breaks the contract ``u_n = y_n h(x_n)`` with ``h`` in [-1, 1] would void
    every bound and certificate, so the boosters stop with a clear error instead.
    """
    import numpy as np

    from .._validation import check_U

    try:
        arr = np.asarray(u, dtype=float)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"oracle column must be numeric: {exc}") from None
    if arr.size != n_examples or arr.ndim > 2 or (arr.ndim == 2 and 1 not in arr.shape):
        raise ValueError(
            f"oracle column must have one entry per example (shape ({n_examples},)), got shape {arr.shape}"
        )
    return check_U(arr.reshape(n_examples, 1), "oracle column")[:, 0]
