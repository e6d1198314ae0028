"""AdaBoost-QP (Shen & Li (2010), eq. (41)) over a fixed pool of hypotheses (totally corrective)."""

from __future__ import annotations

import time
from collections.abc import Sequence

import numpy as np
from scipy.special import log_softmax

from ...certify import shen as _cert
from ...result import BoostResult
from .. import _newton
from .._common import finish, query_columns
from .._params import Int, Real, constraints

# ---------------------------------------------------------------------------------------------
# AdaBoost-QP (41)
# ---------------------------------------------------------------------------------------------


def qp_terms(U: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``b = (1/M) U^T 1`` and ``A = (1/M) U^T U - b b^T`` of Shen & Li (2010), eq. (41)."""
    M = U.shape[0]
    b = U.mean(axis=0)
    A = (U.T @ U) / M - np.outer(b, b)
    return b, A


def qp_master(T: float, M: int):
    """``f(m) = T mean(m) - var(m) / 2`` (minus (41) at ``m = U w``); returns ``(f, centred)``.

    ``w^T A w = var(U w)`` (population variance) and ``b^T w = mean(U w)``, so (41) is a function of
    the margins: ``grad_m f = (T - (m - mean m)) / M``, ``Hess_m f = -(I/M - 1 1^T / M^2)``, i.e. the
    centred curvature ``c = 1/M`` (``sum c = 1``).
    """
    c = np.full(M, 1.0 / M)

    def f(m):
        dev = m - m.mean()
        return T * float(m.mean()) - 0.5 * float(dev @ dev) / M, (T - dev) / M, c, None

    return f, True


class _Pool:
    """Declared range of ``pool`` (``boosters._params`` protocol): None or a non-empty sequence of hypothesis keys."""

    def describe(self) -> str:
        return "None or a non-empty sequence of hypothesis keys"

    def check(self, name, v, N):
        if v is None:
            return
        if isinstance(v, (str, bytes)) or not hasattr(v, "__len__") or not hasattr(v, "__iter__"):
            raise TypeError(f"{name} must be {self.describe()}, got {type(v).__name__}")
        if len(v) == 0:
            raise ValueError(f"{name} must be {self.describe()}, got an empty pool")

    def bad_values(self):
        return [[], "abc", 5]


def _pool_matrix(oracle, pool):
    if pool is None:
        if not hasattr(oracle, "U"):
            raise ValueError("pool must be given (a list of hypothesis keys) for an oracle without a matrix U")
        keys = list(range(oracle.U.shape[1]))
    else:
        keys = list(pool)
        if len(keys) == 0:
            raise ValueError("pool must contain at least one hypothesis key, got an empty pool")
    U = query_columns(oracle, keys)
    # deduplicate identical columns: keep the first occurrence
    _, first = np.unique(U, axis=1, return_index=True)
    first = np.sort(first)
    return [keys[i] for i in first], U[:, first]


@constraints(T=Real(0, None, low_open=True), pool=_Pool(), eps=Real(0, None, low_open=True), max_iter=Int(1))
def adaboost_qp(
    oracle,
    *,
    T: float,
    pool: Sequence | None = None,
    eps: float = 1e-10,
    max_iter: int = 500,
) -> BoostResult:
    """AdaBoost-QP, Shen & Li (2010), eq. (41), over a fixed pool of hypotheses.

    ``min_w 1/2 w^T A w - T b^T w  s.t. w >= 0, 1^T w = 1`` with ``b = (1/M) sum_i y_i H_i^T`` and
    ``A`` the population covariance of the rows ``y_i H_i``. With ``1^T w = 1`` the objective is
    ``sigma^2 / 2 - T mean(varrho)`` (= -T^2 times (39), Theorem 3.3): maximise the mean normalised
    margin, penalise its (population) variance. Solved by active-set Newton on the simplex (exact
    Hessian ``A``); identical columns are merged first.

    Certifies: the returned weights lie in the simplex and (41) at them is within eps of its minimum over
    the pool (the Wolfe dual of (41) at the returned weights; :func:`refboost.certify.shen.adaboost_qp`).

    Parameters
    ----------
    oracle : refboost.Oracle
        Provides the columns; without ``pool``, a :class:`~refboost.MatrixOracle` uses all its columns and
        an oracle of a finite class with ``all_keys()`` (:class:`~refboost.StumpOracle`) the whole class
        (Shen & Li (2010), Table III: AdaBoost-QP over all decision stumps).
    T : float > 0
    pool : sequence of keys, optional
        Hypotheses to use (e.g. those selected by an AdaBoost run, Table II).
    eps : float > 0
        Tolerance on the Frank-Wolfe gap ``grad^T w - min grad`` (>= objective - optimum).
    max_iter : int >= 1
        Newton iterations.

    Returns
    -------
    BoostResult
        ``weights`` (sum 1, normalised margins), ``hypotheses`` = deduplicated pool keys,
        ``distribution`` = softmax(-margins / T) (the AdaBoost weights (24) these margins induce),
        ``gap`` = the Frank-Wolfe gap, ``extra``: ``certificate``, ``qp_objective``, ``mean_margin``,
        ``margin_variance``, ``b``, ``A``.
    """
    T, eps = float(T), float(eps)
    pool_keys = None if pool is None else list(pool)
    if pool_keys is None and not hasattr(oracle, "U") and hasattr(oracle, "all_keys"):
        pool_keys = list(oracle.all_keys())  # the whole finite class, certified as a given pool
    keys, U = _pool_matrix(oracle, pool_keys)
    b, A = qp_terms(U)

    t0 = time.perf_counter()
    x0 = np.zeros(len(keys))
    x0[int(np.argmax(b))] = 1.0
    f, centred = qp_master(T, U.shape[0])
    sol = _newton.maximize(f, U, x0, tol=eps, max_iter=max_iter, centred=centred)
    sol_value, sol_gap, sol_converged = -sol.value, sol.measure, sol.measure <= eps
    w = sol.x
    varrho = U @ w
    history = [{"t": sol.n_iter, "objective": sol_value, "gap": sol_gap, "time": time.perf_counter() - t0}]
    # the pool: every column of a matrix oracle (pool=None) or the given keys, duplicates included
    cert_class = oracle if pool_keys is not None or not hasattr(oracle, "U") else oracle.U
    cert = _cert.adaboost_qp(cert_class, w, T=T, hypotheses=keys, pool=pool_keys, tol=eps, bound="dual")
    return finish(
        cert,
        "rule" if sol_converged else "newton",
        details=f"Frank-Wolfe gap {sol_gap:.3g}",
        reasons={"newton": f"the Newton solver stopped ({sol.status})"},
        weights=w,
        hypotheses=keys,
        distribution=np.exp(log_softmax(-varrho / T)),
        margins=varrho,
        n_iter=sol.n_iter,
        history=history,
        gap=sol_gap,
        algorithm="adaboost_qp",
        params={"T": T, "eps": eps, "max_iter": max_iter, "pool_size": len(keys), "pool": pool_keys},
        extra={
            "qp_objective": sol_value,
            "mean_margin": float(varrho.mean()),
            "margin_variance": float(varrho.var()),
            "b": b,
            "A": A,
        },
    )
