"""The one result type every booster returns (cf. ``scipy.optimize.OptimizeResult``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np


@dataclass
class BoostResult:
    """Output of every refboost booster.

    Attributes
    ----------
    weights : ndarray, shape (T,)
        Weights ``w`` of the final combination; ``weights[k]`` belongs to ``hypotheses[k]``.
    hypotheses : list
        Keys of the hypotheses returned by the oracle, in the order received
        (column indices of U for a :class:`~refboost.MatrixOracle`).
    distribution : ndarray, shape (N,)
        Final distribution ``d`` on the examples.
    margins : ndarray, shape (N,)
        Margins ``U w`` of the final combination on the training examples.
    n_iter : int
        Number of iterations T as the source counts it (see each booster's docstring).
    history : list of dict
        One record per iteration (edge, objective values, gap, hypothesis, ...).
    gap : float
        Certificate: an upper bound on the suboptimality of the returned solution in the
        algorithm's own objective (e.g. ``min_q u^q.d^{q-1} - P_LP^T`` for LPBoost). Always finite.
    converged : bool
        True exactly when :func:`refboost.certify.result` confirms, from the returned weights alone,
        the statement the booster's docstring makes ("Certifies: ..."), at the booster's ``eps``.
        A stopping rule that fired without that confirmation gives False, and ``message`` says why.
    message : str
        Human-readable status.
    algorithm : str
        Name of the booster.
    params : dict
        The parameters the booster ran with (after defaults were filled in).
    extra : dict
        Algorithm-specific certificates (duals, slack, KKT residuals, ...); ``extra["certificate"]``
        is the :class:`refboost.certify.Certificate` behind ``converged``.
    """

    weights: np.ndarray
    hypotheses: list
    distribution: np.ndarray
    margins: np.ndarray
    n_iter: int
    history: list[dict[str, Any]]
    gap: float
    converged: bool
    message: str
    algorithm: str
    params: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def history_array(self, key: str) -> np.ndarray:
        """One column of the history as an array (``nan`` where a record lacks it)."""
        return np.array([rec.get(key, np.nan) for rec in self.history], dtype=float)

    def __repr__(self) -> str:  # short, readable
        return (
            f"BoostResult(algorithm={self.algorithm!r}, n_iter={self.n_iter}, "
            f"gap={self.gap:.3g}, converged={self.converged}, n_hypotheses={len(self.hypotheses)}, "
            f"message={self.message!r})"
        )
