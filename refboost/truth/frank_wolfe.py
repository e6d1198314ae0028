"""Mitsuboshi, Hatano & Takimoto (2022), arXiv:2209.10831: the entropy-regularised soft margin.

The smoothed soft margin (10) (C-ERLPBoost's distribution update), its beta form (the conjugate
``f~*`` without a distribution), the regularised edge minimisation (9)/(11) and its dual (12)/(14)
(§2 and §4, eqs. (9)-(14)). Conic problems, cvxpy + Clarabel, written as the equations read.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validation import check_array, check_eta, check_nu, check_U
from ._solvers import ENTROPY_CONIC, _conic_solve, _simplex_clean


@dataclass
class SmoothedMarginCVX:
    """Solution of one of the entropy-regularised problems: the smoothed soft margin (10), its
    beta form, the regularised edge minimisation (9)/(11) and its dual (12).

    ``value`` is the optimum written as a *margin* (the larger the better); ``d``, ``w``, ``beta``
    are the solution components the problem has (``None`` otherwise).
    """

    value: float
    d: np.ndarray | None = None
    w: np.ndarray | None = None
    beta: np.ndarray | None = None
    gamma: float | None = None
    status: str = ""


def smoothed_soft_margin_cvx(margins, nu: float, eta: float) -> SmoothedMarginCVX:
    """Smoothed soft margin: ``rho~(z) = min_{d in P^m_nu} d.z + Delta(d)/eta`` with ``Delta(d) = sum d ln d + ln m``.

    Mitsuboshi et al. (2022), eq. (10) (C-ERLPBoost's distribution update); the
    minimiser is the entropic distribution ``d(w) = grad f~*(-A w)``.
    """
    import cvxpy as cp

    z = check_array(margins, "margins", ndim=1)
    m = z.shape[0]
    nu = check_nu(nu, m)
    eta = check_eta(eta)
    d = cp.Variable(m, nonneg=True)
    obj = d @ z + (-cp.sum(cp.entr(d)) + np.log(m)) / eta
    prob = cp.Problem(cp.Minimize(obj), [cp.sum(d) == 1, d <= 1.0 / nu])
    st = _conic_solve(prob, "smoothed soft margin (10)", **ENTROPY_CONIC)
    return SmoothedMarginCVX(value=float(prob.value), d=np.clip(d.value, 0, 1.0 / nu), status=st)


def smoothed_soft_margin_beta_form(margins, nu: float, eta: float) -> SmoothedMarginCVX:
    """Mitsuboshi et al. (2022), beta form of the smoothed conjugate of eq. (10):
    ``f~*(theta) = min_{beta>=0} (1/eta) ln((1/m) sum_i e^{eta(theta_i - beta_i)}) + (1/nu) sum beta``.

    Returns ``value = rho~(z) = -f~*(-z)`` -- the conjugate evaluated without any distribution
    (log-sum-exp form, exponential cone), an independent path to the sorting algorithm.
    (The form follows from the Lagrangian of the cap ``d <= 1/nu`` with multipliers ``beta``;
    it is not printed in the paper.)
    """
    import cvxpy as cp

    z = check_array(margins, "margins", ndim=1)
    m = z.shape[0]
    nu = check_nu(nu, m)
    eta = check_eta(eta)
    beta = cp.Variable(m, nonneg=True)
    obj = (cp.log_sum_exp(eta * (-z - beta)) - np.log(m)) / eta + cp.sum(beta) / nu
    prob = cp.Problem(cp.Minimize(obj))
    st = _conic_solve(prob, "beta form of f~*", **ENTROPY_CONIC)
    return SmoothedMarginCVX(value=-float(prob.value), beta=np.maximum(beta.value, 0), status=st)


def smoothed_edge_min_cvx(U, nu: float, eta: float) -> SmoothedMarginCVX:
    """Eq. (9)/(11) of Mitsuboshi et al. (2022) over the columns of U: ``min_{d in P^m_nu, gamma} gamma + Delta(d)/eta``
    s.t. ``U^T d <= gamma 1``.

    ``w`` are the multipliers of the edge constraints (Corollary 2: they solve (12)/(14)).
    """
    import cvxpy as cp

    U = check_U(U)
    m, n = U.shape
    nu = check_nu(nu, m)
    eta = check_eta(eta)
    d = cp.Variable(m, nonneg=True)
    gamma = cp.Variable()
    edge_con = U.T @ d <= gamma
    prob = cp.Problem(
        cp.Minimize(gamma + (-cp.sum(cp.entr(d)) + np.log(m)) / eta),
        [edge_con, cp.sum(d) == 1, d <= 1.0 / nu],
    )
    st = _conic_solve(prob, "regularised edge minimisation (9)/(11)", **ENTROPY_CONIC)
    return SmoothedMarginCVX(
        value=float(prob.value),
        d=np.clip(d.value, 0, 1.0 / nu),
        w=_simplex_clean(edge_con.dual_value),
        gamma=float(gamma.value),
        status=st,
    )


def smoothed_soft_margin_max_cvx(U, nu: float, eta: float) -> SmoothedMarginCVX:
    """Eq. (12) of Mitsuboshi et al. (2022):
    ``max_{w in P^n, beta >= 0} -(1/eta) ln((1/m) sum_i e^{-eta((U w)_i + beta_i)}) - (1/nu) sum beta``
    -- the dual of (9)/(11) (Corollary 2; :func:`smoothed_edge_min_cvx`)."""
    import cvxpy as cp

    U = check_U(U)
    m, n = U.shape
    nu = check_nu(nu, m)
    eta = check_eta(eta)
    w = cp.Variable(n, nonneg=True)
    beta = cp.Variable(m, nonneg=True)
    obj = -(cp.log_sum_exp(-eta * (U @ w + beta)) - np.log(m)) / eta - cp.sum(beta) / nu
    prob = cp.Problem(cp.Maximize(obj), [cp.sum(w) == 1])
    st = _conic_solve(prob, "regularised soft margin (12)", **ENTROPY_CONIC)
    return SmoothedMarginCVX(
        value=float(prob.value), w=_simplex_clean(w.value), beta=np.maximum(beta.value, 0), status=st
    )
