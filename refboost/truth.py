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

from ._validation import check_array, check_choice, check_nu, check_U

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


#: HiGHS tolerances for ground truth (tighter than HiGHS's defaults of 1e-7).
FEAS_TOL = 1e-10


def _solve(c, A_ub, b_ub, A_eq, b_eq, bounds, method, what):
    options = {"primal_feasibility_tolerance": FEAS_TOL, "dual_feasibility_tolerance": FEAS_TOL}
    if method == "highs-ipm":
        options["ipm_optimality_tolerance"] = 1e-12
    res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=bounds, method=method, options=options)
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
# Shen & Li (2010), "On the dual formulation of boosting algorithms": conic ground truth.
#
# cvxpy + Clarabel, every problem written as the paper's equation reads (digest equation map).
# U[i, j] = y_i H_ij (the matrix V = diag(y) H). Nothing here is used by refboost.boosters.shen.
# =============================================================================================

#: Clarabel tolerances for the Shen & Li ground truth (tighter than the defaults).
CLARABEL_OPTS = {"tol_gap_abs": 1e-9, "tol_gap_rel": 1e-9, "tol_feas": 1e-9, "max_iter": 500}


@dataclass
class ConicSolution:
    """Optimum of a conic ground-truth problem.

    Attributes
    ----------
    value : float
        Optimal value, in the sense (min or max) the equation is written.
    x : dict
        Primal variables by their paper names (``w``, ``u``, ``r``, ``rho``, ``xi``, ...).
    duals : dict
        Multipliers of named constraints (e.g. ``lambda`` of the edge constraints of (15)).
    status : str
        cvxpy status.
    """

    value: float
    x: dict = field(default_factory=dict)
    duals: dict = field(default_factory=dict)
    status: str = ""


def _cvx_solve(prob, what: str):
    """Solve with Clarabel at CLARABEL_OPTS; on failure retry once at Clarabel's default tolerances."""
    import warnings

    import cvxpy as cp

    status = "not solved"
    for opts in (CLARABEL_OPTS, {}):
        try:
            with warnings.catch_warnings():  # "may be inaccurate" is reported through prob.status
                warnings.simplefilter("ignore", UserWarning)
                prob.solve(solver=cp.CLARABEL, **opts)
        except cp.error.SolverError as exc:
            status = f"solver error: {exc}"
            continue
        status = prob.status
        if prob.status in (cp.OPTIMAL, cp.OPTIMAL_INACCURATE) and np.isfinite(prob.value):
            return prob.status
    raise GroundTruthError(f"Clarabel did not solve {what}: {status}")


def _check_T_truth(T) -> float:
    from ._validation import check_real

    return check_real(T, "T", low=0.0, low_open=True)


def adaboost_l1_primal_eq5(U, T: float) -> ConicSolution:
    """Shen & Li (2010), eq. (5): ``min_w log sum_i exp(-y_i H_i w)  s.t. w >= 0, 1^T w = 1/T``."""
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    w = cp.Variable(U.shape[1], nonneg=True)
    prob = cp.Problem(cp.Minimize(cp.log_sum_exp(-U @ w)), [cp.sum(w) == 1.0 / T])
    st = _cvx_solve(prob, "AdaBoost_l1 primal (5)")
    return ConicSolution(float(prob.value), {"w": np.maximum(w.value, 0.0)}, {}, st)


def adaboost_l1_dual_eq10(U, T: float) -> ConicSolution:
    """Eq. (10): ``max_{r,u} r/T - sum u log u  s.t. U^T u <= -r 1, u >= 0, 1^T u = 1``.

    ``duals["w"]`` are the multipliers of the edge constraints (= the primal w of (5)).
    """
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    u = cp.Variable(U.shape[0])
    r = cp.Variable()
    edge = U.T @ u <= -r
    prob = cp.Problem(cp.Maximize(r / T + cp.sum(cp.entr(u))), [edge, cp.sum(u) == 1])
    st = _cvx_solve(prob, "AdaBoost dual (10)")
    return ConicSolution(float(prob.value), {"u": u.value, "r": float(r.value)}, {"w": edge.dual_value}, st)


def adaboost_l1_dual_eq15(U, T: float) -> ConicSolution:
    """Eq. (15): ``min_{r,u} r + T sum u log u  s.t. U^T u <= r 1, u >= 0, 1^T u = 1``.

    ``duals["lambda"]``: multipliers of the edge constraints; ``w = lambda / T`` (digest §3.2).
    """
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    u = cp.Variable(U.shape[0])
    r = cp.Variable()
    edge = U.T @ u <= r
    prob = cp.Problem(cp.Minimize(r - T * cp.sum(cp.entr(u))), [edge, cp.sum(u) == 1])
    st = _cvx_solve(prob, "entropy-regularised LPBoost (15)")
    return ConicSolution(float(prob.value), {"u": u.value, "r": float(r.value)}, {"lambda": edge.dual_value}, st)


def gibbs_eq18(U, T: float) -> ConicSolution:
    """Eq. (18): ``min_u max_j u^T v_j + T sum u log u  s.t. u in simplex`` (minimum free energy)."""
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    u = cp.Variable(U.shape[0])
    prob = cp.Problem(cp.Minimize(cp.max(U.T @ u) - T * cp.sum(cp.entr(u))), [cp.sum(u) == 1])
    st = _cvx_solve(prob, "Gibbs free energy (18)")
    return ConicSolution(float(prob.value), {"u": u.value}, {}, st)


def exp_loss_primal_l1(U, T: float) -> ConicSolution:
    """Exp-loss (2) with the constraint of (3): ``min_w sum_i exp(-y_i H_i w)  s.t. w >= 0, 1^T w = 1/T``."""
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    w = cp.Variable(U.shape[1], nonneg=True)
    prob = cp.Problem(cp.Minimize(cp.sum(cp.exp(-U @ w))), [cp.sum(w) == 1.0 / T])
    st = _cvx_solve(prob, "exp-loss primal (2)+(3)")
    return ConicSolution(float(prob.value), {"w": np.maximum(w.value, 0.0)}, {}, st)


def exp_loss_dual_eq14(U, T: float) -> ConicSolution:
    """Eq. (14): ``max_{r,u} r/T - sum u log u + 1^T u  s.t. U^T u <= -r 1, u >= 0`` (u unnormalised)."""
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    u = cp.Variable(U.shape[0])
    r = cp.Variable()
    prob = cp.Problem(cp.Maximize(r / T + cp.sum(cp.entr(u)) + cp.sum(u)), [U.T @ u <= -r])
    st = _cvx_solve(prob, "exp-loss dual (14)")
    return ConicSolution(float(prob.value), {"u": u.value, "r": float(r.value)}, {}, st)


def logitboost_primal_eq32(U, T: float) -> ConicSolution:
    """Eq. (32): ``min_w sum_i log(1 + exp(-y_i H_i w))  s.t. w >= 0, 1^T w = 1/T``."""
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    w = cp.Variable(U.shape[1], nonneg=True)
    prob = cp.Problem(cp.Minimize(cp.sum(cp.logistic(-U @ w))), [cp.sum(w) == 1.0 / T])
    st = _cvx_solve(prob, "LogitBoost primal (32)")
    return ConicSolution(float(prob.value), {"w": np.maximum(w.value, 0.0)}, {}, st)


def logitboost_dual_eq30(U, T: float) -> ConicSolution:
    """Eq. (30): ``max_{r,u} r/T - sum[(-u)log(-u) + (1+u)log(1+u)]  s.t. U^T u >= r 1`` (u in [-1, 0])."""
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    u = cp.Variable(U.shape[0])
    r = cp.Variable()
    edge = U.T @ u >= r
    prob = cp.Problem(cp.Maximize(r / T + cp.sum(cp.entr(-u) + cp.entr(1 + u))), [edge])
    st = _cvx_solve(prob, "LogitBoost dual (30)")
    return ConicSolution(float(prob.value), {"u": u.value, "r": float(r.value)}, {"w": edge.dual_value}, st)


def logitboost_dual_eq31(U, T: float) -> ConicSolution:
    """Eq. (31): ``min_{r,u} r + T sum[u log u + (1-u) log(1-u)]  s.t. U^T u <= r 1`` (u in [0, 1])."""
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    u = cp.Variable(U.shape[0])
    r = cp.Variable()
    edge = U.T @ u <= r
    prob = cp.Problem(cp.Minimize(r - T * cp.sum(cp.entr(u) + cp.entr(1 - u))), [edge])
    st = _cvx_solve(prob, "LogitBoost dual (31)")
    return ConicSolution(float(prob.value), {"u": u.value, "r": float(r.value)}, {"lambda": edge.dual_value}, st)


def adaboost_qp_eq41(U, T: float) -> ConicSolution:
    """Eq. (41): ``min_w 1/2 w^T A w - T b^T w  s.t. w >= 0, 1^T w = 1``, with ``b`` the mean of the rows
    ``y_i H_i`` and ``A`` their population covariance (written as ``||V w - 1 b^T w||^2 / (2M)``)."""
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    M = U.shape[0]
    b = U.mean(axis=0)
    w = cp.Variable(U.shape[1], nonneg=True)
    centred = U @ w - np.ones(M) * (b @ w)
    prob = cp.Problem(cp.Minimize(cp.sum_squares(centred) / (2 * M) - T * (b @ w)), [cp.sum(w) == 1])
    st = _cvx_solve(prob, "AdaBoost-QP (41)")
    return ConicSolution(float(prob.value), {"w": np.maximum(w.value, 0.0)}, {}, st)


def generalized_hinge_primal(U, D: float, p: float) -> ConicSolution:
    """Generalised-hinge soft margin (digest §7.26): ``max rho - D sum xi^p  s.t. U w >= rho - xi,
    xi >= 0, w in simplex`` (p = 1 is the LP (21))."""
    import cvxpy as cp

    from ._validation import check_real

    U = check_U(U)
    M, N = U.shape
    D = check_real(D, "D", low=1.0 / M)
    p = check_real(p, "p", low=1.0)
    w = cp.Variable(N, nonneg=True)
    xi = cp.Variable(M, nonneg=True)
    rho = cp.Variable()
    pen = cp.sum(xi) if p == 1.0 else cp.sum(cp.power(xi, p))
    prob = cp.Problem(cp.Maximize(rho - D * pen), [U @ w >= rho - xi, cp.sum(w) == 1])
    st = _cvx_solve(prob, "generalised-hinge primal")
    x = {"w": np.maximum(w.value, 0.0), "xi": xi.value, "rho": float(rho.value)}
    return ConicSolution(float(prob.value), x, {}, st)


def tsallis_dual_eq28(U, D: float, p: float) -> ConicSolution:
    """Eq. (28), p > 1: ``min r + D^{1-q}(p^{1-q} - p^{-q}) sum u^q  s.t. U^T u <= r, u in simplex``."""
    import cvxpy as cp

    from ._validation import check_real

    U = check_U(U)
    M = U.shape[0]
    D = check_real(D, "D", low=1.0 / M)
    p = check_real(p, "p", low=1.0, low_open=True)
    q = p / (p - 1.0)
    c = D ** (1 - q) * (p ** (1 - q) - p ** (-q))
    u = cp.Variable(M, nonneg=True)
    r = cp.Variable()
    edge = U.T @ u <= r
    prob = cp.Problem(cp.Minimize(r + c * cp.sum(cp.power(u, q))), [edge, cp.sum(u) == 1])
    st = _cvx_solve(prob, "Tsallis-regularised LPBoost dual (28)")
    return ConicSolution(float(prob.value), {"u": u.value, "r": float(r.value)}, {"lambda": edge.dual_value}, st)
