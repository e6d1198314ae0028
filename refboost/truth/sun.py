"""Sun, Todorovic & Li (2006): the exact regularised problems behind AdaBoost_KL / AdaBoost_Norm2.

cvxpy + Clarabel for the conic problems of §3.2-3.3, written as the equations read: the KL
primal (20) and its dual (20-D), the Norm2 primal (35) and its dual (35-D), the inner minimum of
(17) and the per-round line search (33)/(42); Shen & Li's AdaBoost_l1 (5) in the form that meets
(20-D). HiGHS for the cutting-plane LP (29)/(36). Nothing here is used by
:mod:`refboost.boosters.sun`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validation import check_array, check_choice, check_real, check_U
from ._solvers import LP_METHODS, _conic_solve, _solve

#: Clarabel tolerance (gap and feasibility) used by the Sun et al. ground truth.
SUN_CLARABEL_TOL = 1e-10

#: Clarabel at :data:`SUN_CLARABEL_TOL` only.
SUN_TOLS = (SUN_CLARABEL_TOL,)


@dataclass
class RegularizedSolution:
    """Solution of one of the Sun et al. problems (fields not defined by a problem are ``None``).

    value : optimal value; d : distribution (d-domain problems); gamma : max edge bound;
    alpha : hypothesis weights in the simplex (primal of the duals, multipliers of the primals);
    u : the Norm2 dual direction of (35-D); rho : the margin variable of (35-D) / (30);
    status : the cvxpy / HiGHS status.
    """

    value: float
    d: np.ndarray | None = None
    gamma: float | None = None
    alpha: np.ndarray | None = None
    u: np.ndarray | None = None
    rho: float | None = None
    status: str = ""


def _check_beta(beta, positive=False) -> float:
    return check_real(beta, "beta", low=0.0, low_open=positive)


def sun_kl_primal(U, beta: float) -> RegularizedSolution:
    """Sun et al. (2006) eq. (20): ``min_{gamma, d in simplex} gamma + beta sum_n d_n ln(N d_n)``
    s.t. ``sum_n d_n z_nj <= gamma`` for all j. ``alpha`` = multipliers of the edge constraints.
    """
    import cvxpy as cp

    U = check_U(U)
    beta = _check_beta(beta, positive=True)
    N, _ = U.shape
    d = cp.Variable(N, nonneg=True)
    g = cp.Variable()
    cons = [U.T @ d <= g, cp.sum(d) == 1]
    prob = cp.Problem(cp.Minimize(g + beta * cp.sum(cp.rel_entr(d, np.full(N, 1.0 / N)))), cons)
    st = _conic_solve(prob, "Sun (20)", tols=SUN_TOLS)
    return RegularizedSolution(
        float(prob.value), d=np.asarray(d.value), gamma=float(g.value), alpha=np.asarray(cons[0].dual_value), status=st
    )


def sun_kl_dual(U, beta: float) -> RegularizedSolution:
    """Exact Lagrange dual (20-D) of Sun et al. (2006), eq. (20) (derived here; the paper states only (20)):
    ``max_{alpha in simplex} -beta ln( (1/N) sum_n exp(-(Z alpha)_n / beta) )``.
    """
    import cvxpy as cp

    U = check_U(U)
    beta = _check_beta(beta, positive=True)
    N, K = U.shape
    a = cp.Variable(K, nonneg=True)
    prob = cp.Problem(cp.Maximize(-beta * (cp.log_sum_exp(-(U @ a) / beta) - np.log(N))), [cp.sum(a) == 1])
    st = _conic_solve(prob, "Sun (20-D)", tols=SUN_TOLS)
    return RegularizedSolution(float(prob.value), alpha=np.asarray(a.value), status=st)


def shen_li_l1_dual(U, T: float) -> RegularizedSolution:
    """Shen & Li (2010) AdaBoost_l1, eq. (5), written so that it meets Sun et al.'s (20-D) (beta = T):
    ``min_w ln sum_n exp(-(Z w)_n)`` s.t. ``w >= 0, 1^T w = 1/T``. (``alpha`` holds w.)
    """
    import cvxpy as cp

    U = check_U(U)
    T = _check_beta(T, positive=True)
    K = U.shape[1]
    w = cp.Variable(K, nonneg=True)
    prob = cp.Problem(cp.Minimize(cp.log_sum_exp(-(U @ w))), [cp.sum(w) == 1.0 / T])
    st = _conic_solve(prob, "Shen & Li l1 dual", tols=SUN_TOLS)
    return RegularizedSolution(float(prob.value), alpha=np.asarray(w.value), status=st)


def sun_norm2_primal(U, beta: float) -> RegularizedSolution:
    """Sun et al. (2006) eq. (35): ``min_{gamma, d in simplex} gamma + beta ||d - d_0||_2``
    s.t. ``sum_n d_n z_nj <= gamma`` for all j (SOCP). ``alpha`` = edge-constraint multipliers.
    """
    import cvxpy as cp

    U = check_U(U)
    beta = _check_beta(beta)
    N, _ = U.shape
    d = cp.Variable(N, nonneg=True)
    g = cp.Variable()
    cons = [U.T @ d <= g, cp.sum(d) == 1]
    prob = cp.Problem(cp.Minimize(g + beta * cp.norm(d - np.full(N, 1.0 / N), 2)), cons)
    st = _conic_solve(prob, "Sun (35)", tols=SUN_TOLS)
    return RegularizedSolution(
        float(prob.value), d=np.asarray(d.value), gamma=float(g.value), alpha=np.asarray(cons[0].dual_value), status=st
    )


def sun_norm2_dual(U, beta: float) -> RegularizedSolution:
    """Exact SOCP dual (35-D) of Sun et al. (2006), eq. (35) (derived here; the paper states only (35)):
    ``max_{rho, alpha in simplex, u} rho - (beta/N) 1^T u`` s.t. ``(Z alpha)_n + beta u_n >= rho``,
    ``||u||_2 <= 1``.
    """
    import cvxpy as cp

    U = check_U(U)
    beta = _check_beta(beta)
    N, K = U.shape
    a = cp.Variable(K, nonneg=True)
    u = cp.Variable(N)
    rho = cp.Variable()
    cons = [U @ a + beta * u >= rho, cp.norm(u, 2) <= 1, cp.sum(a) == 1]
    prob = cp.Problem(cp.Maximize(rho - beta / N * cp.sum(u)), cons)
    st = _conic_solve(prob, "Sun (35-D)", tols=SUN_TOLS)
    return RegularizedSolution(
        float(prob.value), alpha=np.asarray(a.value), u=np.asarray(u.value), rho=float(rho.value), status=st
    )


def sun_inner_min(margins, beta: float, penalty: str) -> RegularizedSolution:
    """Sun et al. (2006), inner minimum of (17) at fixed margins m = Z alpha:
    ``min_{d in simplex} d.m + beta P(d)`` with ``P = KL(d || d_0)`` ("kl") or ``||d - d_0||_2`` ("norm2").
    """
    import cvxpy as cp

    m = check_array(margins, "margins", ndim=1)
    beta = _check_beta(beta, positive=(penalty == "kl"))
    penalty = check_choice(penalty, "penalty", ("kl", "norm2"))
    N = m.shape[0]
    d0 = np.full(N, 1.0 / N)
    d = cp.Variable(N, nonneg=True)
    P = cp.sum(cp.rel_entr(d, d0)) if penalty == "kl" else cp.norm(d - d0, 2)
    prob = cp.Problem(cp.Minimize(m @ d + beta * P), [cp.sum(d) == 1])
    st = _conic_solve(prob, f"Sun (17) inner min, {penalty}", tols=SUN_TOLS)
    return RegularizedSolution(float(prob.value), d=np.asarray(d.value), status=st)


def sun_line_search(log_d, zt) -> RegularizedSolution:
    """Sun et al. (2006), the per-round problem (33)/(42): ``min_{a >= 0} ln sum_n d_n exp(-a z~_n)``.
    ``value`` = the minimum, ``gamma`` holds the minimiser a (the problem must be bounded).
    """
    import cvxpy as cp

    log_d = check_array(log_d, "log_d", ndim=1)
    zt = check_array(zt, "zt", ndim=1)
    a = cp.Variable(nonneg=True)
    prob = cp.Problem(cp.Minimize(cp.log_sum_exp(log_d - a * zt)))
    st = _conic_solve(prob, "Sun (33) line search", tols=SUN_TOLS)
    return RegularizedSolution(float(prob.value), gamma=float(a.value), status=st)


def sun_cutting_plane_lp(Zt, *, method: str = "highs-ds") -> RegularizedSolution:
    """Sun et al. (2006) LP (29)/(36): ``min_{gamma, d in simplex} gamma`` s.t. ``z~_t.d <= gamma``
    for the T augmented columns ``Zt[:, t]`` (HiGHS). ``alpha`` = -(inequality marginals), the
    solution of the dual (30)/(38); ``rho`` = the equality marginal (= the value).
    """
    Zt = check_array(Zt, "Zt", ndim=2)
    method = check_choice(method, "method", LP_METHODS)
    N, T = Zt.shape
    c = np.r_[np.zeros(N), 1.0]
    A_ub = np.hstack([Zt.T, -np.ones((T, 1))])
    A_eq = np.r_[np.ones(N), 0.0][None, :]
    bounds = [(0.0, None)] * N + [(None, None)]
    r = _solve(c, A_ub, np.zeros(T), A_eq, [1.0], bounds, method, "Sun LP (29)")
    return RegularizedSolution(
        float(r.fun),
        d=r.x[:N],
        gamma=float(r.x[-1]),
        alpha=-r.ineqlin.marginals,
        rho=float(r.eqlin.marginals[0]),
        status=r.message,
    )
