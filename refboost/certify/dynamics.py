"""Certificates for AdaBoost and its relatives: the hard margin rho (Rudin, Daubechies & Schapire 2003).

AdaBoost, arc-gv, AdaBoost*_nu and (approximate) coordinate ascent on the smooth margin all aim
at the maximum margin

    rho = max_{w in S^K} min_n (U w)_n = min_{d in S^N} max_j (d^T U)_j        (von Neumann)

(Rudin et al. 2003, §1; Glocer 2009, LP (2.1)/(2.3) with nu = 1). For the returned weights w
the objective is the minimum margin mu(w) = min_n (U w)_n. Every distribution d gives the bound
rho <= max_j (d^T U)_j, so ``max_j (d^T U)_j - mu(w)`` bounds rho - mu(w): the dual points are
the distributions the booster visited, chiefly the d_t attaining min_t r_t (with a maximum-edge
oracle its largest edge is r_t itself, so the gap is the booster's own ``min_t r_t - mu``) and
the final d_{T+1}. The statements certified:

* :func:`hard_margin` (AdaBoost, arc-gv, coordinate ascent): ``mu(w) >= rho - tol`` with
  ``tol = eps``, or :data:`NO_EPS_TOL` when the booster ran without eps.
* :func:`adaboost_star_margin` (AdaBoost*_nu, Rätsch & Warmuth 2005): ``mu(w) >= rho - nu``
  (its guarantee after ceil(2 log_2(N) / nu^2) iterations), or ``rho - eps`` when eps is given.
* :func:`smooth_margin` (coordinate ascent, Rudin et al. 2003, §4): the smooth margin
  ``G(lambda) = -ln(sum_n exp(-(U lambda)_n)) / ||lambda||_1`` satisfies
  ``G(lambda) <= mu(lambda) <= rho``, so the same dual points bound ``rho - G(lambda)``.
"""

from __future__ import annotations

import math

import numpy as np

from .._validation import check_array, check_real, check_tol
from ._core import (
    Certificate,
    candidate_columns,
    candidate_distributions,
    max_edge,
    simplex_violation,
    verdict,
)
from .lp import hard_margin

#: Tolerance of the hard-margin statement when a booster ran without eps (``eps=None``).
NO_EPS_TOL = 1e-6

__all__ = ["NO_EPS_TOL", "adaboost_star_margin", "hard_margin", "result_tolerance", "smooth_margin"]


def result_tolerance(algorithm: str, eps, nu=None) -> float:
    """The tolerance a booster of this family certifies: ``eps``; without eps, ``nu`` for
    AdaBoost*_nu (its guarantee mu >= rho - nu) and :data:`NO_EPS_TOL` for the others."""
    if eps is not None:
        return float(eps)
    if algorithm == "adaboost_star":
        return float(nu)
    return NO_EPS_TOL


def adaboost_star_margin(U, weights, *, nu: float, hypotheses=None, distribution=None,
                         bound: str = "auto") -> Certificate:
    """Certify AdaBoost*_nu's guarantee ``min_n (U w)_n >= rho - nu`` (Rätsch & Warmuth 2005; Rudin et al.
    2003, §4): :func:`hard_margin` with tolerance nu (nu in (0, 1], AdaBoost*'s precision parameter)."""
    nu = check_real(nu, "nu", low=0.0, high=1.0, low_open=True)  # AdaBoost*'s precision
    return hard_margin(U, weights, hypotheses=hypotheses, distribution=distribution, tol=nu, bound=bound)


def _logsumexp(x: np.ndarray) -> float:
    mx = float(np.max(x))
    return mx + math.log(float(np.sum(np.exp(x - mx))))


def smooth_margin(U, lam, *, hypotheses=None, distribution=None, tol: float = 1e-6) -> Certificate:
    r"""Certify that the smooth margin ``G(lambda)`` is within ``tol`` of rho (Rudin et al. 2003, §4).

    .. math:: G(\lambda) = -\ln\Big(\sum_n e^{-(U\lambda)_n}\Big) / \|\lambda\|_1
              \;\le\; \min_n (U\lambda)_n / \|\lambda\|_1 \;\le\; \rho \;\le\; \max_j (d^T U)_j .

    Parameters
    ----------
    U : array (N, K) or refboost.Oracle
    lam : array, entries >= 0, not all 0
        The unnormalised coefficients lambda (over all columns of U, or over ``hypotheses``).
    hypotheses : sequence, optional
        Column indices (matrix) or keys (oracle) ``lam`` belongs to.
    distribution : array (N,) or list of arrays
        Dual points; each is clipped to >= 0 and normalised, the smallest largest edge is the bound.
    tol : float >= 0

    Returns
    -------
    Certificate
        ``objective = G(lambda)``, ``bound = min_d max_j (d^T U)_j``; ``kkt["margin_minus_G"]`` =
        mu(lambda) - G(lambda) (in [0, ln N / ||lambda||_1]); ``feasibility`` = how negative lambda is.
    """
    tol = check_tol(tol)
    lam_arr = check_array(lam, "lam", ndim=1, min_size=0)
    s = float(lam_arr.sum())
    if not s > 0:
        raise ValueError("lam must have a positive sum (G is undefined at lambda = 0)")
    cols, w = candidate_columns(U, lam_arr / s, hypotheses)
    N = cols.shape[0]
    f = s * (cols @ w)  # U lambda
    G = -_logsumexp(-f) / s
    mu = float(f.min()) / s
    feas = max(0.0, -float(lam_arr.min()) / s) if lam_arr.size else 1.0
    b, moved = math.inf, 0.0
    for d in candidate_distributions(distribution, N):
        dd = np.clip(d, 0.0, None)
        if dd.sum() <= 0:
            continue
        dd = dd / dd.sum()
        e = max_edge(U, dd)
        if e < b:
            b, moved = e, simplex_violation(d)
    return verdict(problem="smooth_margin", equation="Rudin, Daubechies & Schapire (2003), §4: G <= mu <= rho",
                   sense="max", objective=G, bound=b, feasibility=feas, tol=tol,
                   bound_source="largest edge of a candidate distribution" if math.isfinite(b) else "none",
                   kkt={"margin_minus_G": mu - G, "d_moved": moved}, what="smooth margin")


def _distributions(res) -> list:
    return [res.distribution] + list(res.extra.get("certificate_distributions", []))


def _check_hard_margin(res, U, tol, bound):
    """AdaBoost, arc-gv, coordinate ascent: the hard margin of the returned weights is within eps
    (NO_EPS_TOL without eps) of rho."""
    tol = result_tolerance(res.algorithm, res.params.get("eps")) if tol is None else tol
    return hard_margin(U, res.weights, hypotheses=res.hypotheses, distribution=_distributions(res), tol=tol,
                       bound=bound)


def _check_adaboost_star(res, U, tol, bound):
    """AdaBoost*_nu: the hard margin of the returned weights is >= rho - nu (>= rho - eps if eps was given)."""
    tol = result_tolerance(res.algorithm, res.params.get("eps"), res.params["nu"]) if tol is None else tol
    return hard_margin(U, res.weights, hypotheses=res.hypotheses, distribution=_distributions(res), tol=tol,
                       bound=bound)


RESULT_CHECKS = {
    "adaboost": _check_hard_margin,
    "arcgv": _check_hard_margin,
    "coordinate_ascent": _check_hard_margin,
    "adaboost_star": _check_adaboost_star,
}
