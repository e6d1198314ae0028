"""Ground truth: generic solvers, written as the mathematics reads.

* LPs (Glocer 2009, eqs. (2.1)-(2.3)) are solved with HiGHS through
  :func:`scipy.optimize.linprog`.
* Conic problems (entropy-regularised objectives) are solved with cvxpy + Clarabel; those
  helpers live next to the chapters that need them and follow the same rule.

Nothing in an algorithm's loop imports this module, and this module knows nothing about
algorithms: it only solves the problems whose optima the algorithms must reach.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp
from scipy.optimize import linprog

from ._validation import check_array, check_choice, check_eta, check_nu, check_U

#: HiGHS variants accepted by :func:`soft_margin_lp`.
LP_METHODS = ("highs", "highs-ds", "highs-ipm")


class GroundTruthError(RuntimeError):
    """A ground-truth solver did not reach an optimal solution."""


@dataclass
class SoftMarginLP:
    """Solution of the soft-margin LP in both domains (Glocer 2009, (2.2) and (2.3)).

    Attributes
    ----------
    value : float
        P_LP from the d-domain LP (2.3).
    value_w : float
        Optimum of the w-domain LP (2.2), solved independently; equals ``value`` by LP duality.
    d, gamma : primal solution of (2.3).
    w, psi, rho : primal solution of (2.2).
    duals : dict
        Multipliers of each LP: ``w``, ``psi``, ``rho`` from (2.3); ``d`` from (2.2).
    method : str
        The HiGHS method used (degenerate LPs have non-unique solutions; digest D19).
    """

    value: float
    value_w: float
    d: np.ndarray
    gamma: float
    w: np.ndarray
    psi: np.ndarray
    rho: float
    duals: dict = field(default_factory=dict)
    method: str = "highs"

    @property
    def duality_gap(self) -> float:
        """|value of (2.3) - value of (2.2)|: zero up to solver tolerance."""
        return abs(self.value - self.value_w)


def _solve(c, A_ub, b_ub, A_eq, b_eq, bounds, method, what):
    res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=bounds, method=method)
    if res.status != 0:
        raise GroundTruthError(f"HiGHS failed on {what}: status {res.status}, {res.message}")
    return res


def soft_margin_lp(U, nu: float = 1.0, *, method: str = "highs-ds") -> SoftMarginLP:
    """Solve the soft-margin LP over all columns of U with HiGHS, in both domains.

    d-domain, Glocer (2009) eq. (2.3)::

        min_{d, gamma} gamma  s.t.  U^T d <= gamma 1,  1^T d = 1,  0 <= d <= 1/nu

    w-domain, eq. (2.2)::

        max_{w, psi, rho} rho - (1/nu) 1^T psi  s.t.  U w + psi >= rho 1,  w in S^K,  psi >= 0

    nu = 1 is the hard-margin LP (2.1).

    Parameters
    ----------
    U : array_like, shape (N, K), entries in [-1, 1]
    nu : float, 1 <= nu <= N
    method : {"highs", "highs-ds", "highs-ipm"}
    """
    U = check_U(U)
    N, K = U.shape
    nu = check_nu(nu, N)
    method = check_choice(method, "method", LP_METHODS)

    # (2.3): variables x = [d (N), gamma]
    c = np.r_[np.zeros(N), 1.0]
    A_ub = np.hstack([U.T, -np.ones((K, 1))])
    A_eq = np.r_[np.ones(N), 0.0][None, :]
    bounds = [(0.0, 1.0 / nu)] * N + [(None, None)]
    rd = _solve(c, A_ub, np.zeros(K), A_eq, [1.0], bounds, method, "the d-domain LP (2.3)")
    d = np.clip(rd.x[:N], 0.0, 1.0 / nu)
    duals = {
        "w": -rd.ineqlin.marginals,
        "rho": float(rd.eqlin.marginals[0]),
        "psi": -rd.upper.marginals[:N],
    }

    # (2.2): variables x = [w (K), psi (N), rho]; minimise -(rho - 1/nu sum psi)
    c2 = np.r_[np.zeros(K), np.full(N, 1.0 / nu), -1.0]
    A_ub2 = sp.hstack([sp.csr_matrix(-U), -sp.identity(N, format="csr"), sp.csr_matrix(np.ones((N, 1)))]).tocsr()
    A_eq2 = np.r_[np.ones(K), np.zeros(N), 0.0][None, :]
    bounds2 = [(0.0, None)] * (K + N) + [(None, None)]
    rw = _solve(c2, A_ub2, np.zeros(N), A_eq2, [1.0], bounds2, method, "the w-domain LP (2.2)")
    w = np.maximum(rw.x[:K], 0.0)
    psi = np.maximum(rw.x[K : K + N], 0.0)
    rho = float(rw.x[-1])
    duals["d"] = -rw.ineqlin.marginals

    return SoftMarginLP(
        value=float(rd.fun),
        value_w=float(-rw.fun),
        d=d,
        gamma=float(rd.x[-1]),
        w=w,
        psi=psi,
        rho=rho,
        duals=duals,
        method=method,
    )


def hard_margin_lp(U, *, method: str = "highs-ds") -> SoftMarginLP:
    """The hard-margin LP (2.1): :func:`soft_margin_lp` with nu = 1."""
    return soft_margin_lp(U, 1.0, method=method)


def optimal_face_extreme(U, nu: float, c, *, sense: str = "min", tol: float = 1e-9, method: str = "highs-ds") -> float:
    """Extreme value of ``c . w`` over the optimal face of the w-domain LP (2.2).

    Used to prove uniqueness of an LP solution: e.g. if the minimum of ``w_T`` over the
    optimal face is 1, the optimal w is ``e_T`` (Glocer 2009, §2.5). The face is
    ``{(w, psi, rho) feasible : rho - (1/nu) 1^T psi >= P_LP - tol}``.
    """
    U = check_U(U)
    N, K = U.shape
    nu = check_nu(nu, N)
    c = check_array(c, "c", ndim=1)
    if c.shape[0] != K:
        raise ValueError(f"c must have length U.shape[1] = {K}, got {c.shape[0]}")
    sense = check_choice(sense, "sense", ("min", "max"))
    P = soft_margin_lp(U, nu, method=method).value
    obj = np.r_[c if sense == "min" else -c, np.zeros(N + 1)]
    A_ub = sp.vstack(
        [
            sp.hstack([sp.csr_matrix(-U), -sp.identity(N), sp.csr_matrix(np.ones((N, 1)))]),
            sp.csr_matrix(np.r_[np.zeros(K), np.full(N, 1.0 / nu), -1.0][None, :]),
        ]
    ).tocsr()
    b_ub = np.r_[np.zeros(N), -(P - tol)]
    A_eq = np.r_[np.ones(K), np.zeros(N), 0.0][None, :]
    bounds = [(0.0, None)] * (K + N) + [(None, None)]
    r = _solve(obj, A_ub, b_ub, A_eq, [1.0], bounds, method, "the optimal-face LP")
    return float(r.fun if sense == "min" else -r.fun)


# =============================================================================================
# Conic ground truth for the entropy-regularised problems (Glocer 2009, chapters 3 and 4)
#
# cvxpy + Clarabel (exponential cone), written in the d-domain exactly as the equations read.
# The objective is multiplied by eta (or left as is for SoftBoost) so that the exponential cone
# is well conditioned; values and duals are divided back. For very large eta (>~1e4) the
# relative entropy term is tiny next to eta * gamma and the conic solver's accuracy degrades:
# compare the specialised solvers against these on moderate eta only.
# =============================================================================================


@dataclass
class ConicSolution:
    """Solution of a d-domain conic problem and its multipliers (already unscaled).

    ``value`` is the objective of the equation as printed; ``w`` the multipliers of the edge
    constraints, ``psi`` of the caps ``d <= 1/nu``, ``beta`` of ``sum d = 1`` (Lagrangian sign
    convention ``+ beta (1.d - 1)`` as in (3.12)), ``alpha`` of the corrective equality (4.6).
    ``status`` is cvxpy's status string.
    """

    value: float
    d: np.ndarray
    gamma: float = float("nan")
    w: np.ndarray | None = None
    psi: np.ndarray | None = None
    beta: float = float("nan")
    alpha: float = float("nan")
    status: str = ""


def _clarabel_solve(prob, what):
    import cvxpy as cp

    try:
        prob.solve(solver=cp.CLARABEL, tol_gap_abs=1e-10, tol_gap_rel=1e-10, tol_feas=1e-10, max_iter=500)
    except cp.error.SolverError as exc:  # pragma: no cover - reported as a ground-truth failure
        raise GroundTruthError(f"Clarabel failed on {what}: {exc}") from None
    if prob.status not in ("optimal", "optimal_inaccurate", "infeasible", "infeasible_inaccurate"):
        raise GroundTruthError(f"Clarabel failed on {what}: status {prob.status}")
    return prob.status


def erlp_primal_36(U, nu: float, eta: float) -> ConicSolution:
    """Glocer (2009) eq. (3.6) in epigraph form::

        min_{d, gamma} gamma + (1/eta) Delta(d, d^0)  s.t.  U^T d <= gamma 1,  1.d = 1,  d <= 1/nu

    (d >= 0 is the domain of the relative entropy). Solved as ``eta * objective``.
    """
    import cvxpy as cp

    U = check_U(U)
    N, _ = U.shape
    nu = check_nu(nu, N)
    d0 = np.full(N, 1.0 / N)
    d = cp.Variable(N)
    gamma = cp.Variable()
    cons = [U.T @ d <= gamma, cp.sum(d) == 1, d <= 1.0 / nu]
    prob = cp.Problem(cp.Minimize(eta * gamma + cp.sum(cp.rel_entr(d, d0))), cons)
    st = _clarabel_solve(prob, "(3.6)")
    return ConicSolution(value=prob.value / eta, d=np.asarray(d.value), gamma=float(gamma.value),
                         w=np.asarray(cons[0].dual_value) / eta, beta=float(cons[1].dual_value) / eta,
                         psi=np.asarray(cons[2].dual_value) / eta, status=st)


# ============================================================================================
# Entropy-regularised soft margin (Mitsuboshi, Hatano & Takimoto, arXiv:2209.10831; digest
# seed-002 §2.4). Conic problems, cvxpy + Clarabel, written as the equations read.
# ============================================================================================
@dataclass
class SmoothedMarginCVX:
    """Solution of one of the entropy-regularised problems (D2), (D9), (D10), (D11).

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
    """(D2): ``rho~(z) = min_{d in P^m_nu} d.z + Delta(d)/eta`` with ``Delta(d) = sum d ln d + ln m``.

    Mitsuboshi et al. eq. (10) (C-ERLPBoost's distribution update) / digest (D2)-(D3); the
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
    st = _clarabel_solve(prob, "(D2)")
    return SmoothedMarginCVX(value=float(prob.value), d=np.clip(d.value, 0, 1.0 / nu), status=st)


def smoothed_soft_margin_beta_form(margins, nu: float, eta: float) -> SmoothedMarginCVX:
    """(D11): ``f~*(theta) = min_{beta>=0} (1/eta) ln((1/m) sum_i e^{eta(theta_i - beta_i)}) + (1/nu) sum beta``.

    Returns ``value = rho~(z) = -f~*(-z)`` -- the conjugate evaluated without any distribution
    (log-sum-exp form, exponential cone), an independent path to the sorting algorithm.
    """
    import cvxpy as cp

    z = check_array(margins, "margins", ndim=1)
    m = z.shape[0]
    nu = check_nu(nu, m)
    eta = check_eta(eta)
    beta = cp.Variable(m, nonneg=True)
    obj = (cp.log_sum_exp(eta * (-z - beta)) - np.log(m)) / eta + cp.sum(beta) / nu
    prob = cp.Problem(cp.Minimize(obj))
    st = _clarabel_solve(prob, "(D11)")
    return SmoothedMarginCVX(value=-float(prob.value), beta=np.maximum(beta.value, 0), status=st)


def smoothed_edge_min_cvx(U, nu: float, eta: float) -> SmoothedMarginCVX:
    """(D9) = eq. (9)/(11) over the columns of U: ``min_{d in P^m_nu, gamma} gamma + Delta(d)/eta``
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
    st = _clarabel_solve(prob, "(D9)")
    w = np.maximum(np.asarray(edge_con.dual_value, float).ravel(), 0.0)
    return SmoothedMarginCVX(
        value=float(prob.value), d=np.clip(d.value, 0, 1.0 / nu), w=w / w.sum(), gamma=float(gamma.value), status=st
    )


def smoothed_soft_margin_max_cvx(U, nu: float, eta: float) -> SmoothedMarginCVX:
    """(D10) = eq. (12): ``max_{w in P^n, beta >= 0} -(1/eta) ln((1/m) sum_i e^{-eta((U w)_i + beta_i)})
    - (1/nu) sum beta`` -- the dual of (D9) (Corollary 2)."""
    import cvxpy as cp

    U = check_U(U)
    m, n = U.shape
    nu = check_nu(nu, m)
    eta = check_eta(eta)
    w = cp.Variable(n, nonneg=True)
    beta = cp.Variable(m, nonneg=True)
    obj = -(cp.log_sum_exp(-eta * (U @ w + beta)) - np.log(m)) / eta - cp.sum(beta) / nu
    prob = cp.Problem(cp.Maximize(obj), [cp.sum(w) == 1])
    st = _clarabel_solve(prob, "(D10)")
    wv = np.maximum(w.value, 0.0)
    return SmoothedMarginCVX(value=float(prob.value), w=wv / wv.sum(), beta=np.maximum(beta.value, 0), status=st)
