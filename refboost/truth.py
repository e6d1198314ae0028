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
        The HiGHS method used (degenerate LPs have non-unique solutions, so a trajectory can depend
        on it; it is recorded for that reason).
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
# cvxpy + Clarabel, every problem written as the paper's equation reads, under its number.
# U[i, j] = y_i H_ij (the matrix V = diag(y) H). Nothing here is used by refboost.boosters.shen.
# =============================================================================================

#: Clarabel tolerance (gap and feasibility) for the Shen & Li ground truth (tighter than the defaults).
SHEN_CLARABEL_TOL = 1e-9


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


def _conic_solve(prob, what: str, *, tols=(1e-10,), accept=("optimal", "optimal_inaccurate"),
                 finite_value: bool = True) -> str:
    """The one conic solve of the ground truth: Clarabel at each tolerance of ``tols`` in turn
    (``None``: Clarabel's own defaults) until the status is in ``accept`` with a finite value.

    cvxpy's "solution may be inaccurate" warning is silenced: the status carries the same fact.
    ``finite_value=False`` accepts a status whose objective cvxpy reports as infinite (the entropy
    problems recompute their value from the clipped solution). Raises :class:`GroundTruthError`
    naming the problem when no attempt succeeds.
    """
    import warnings

    import cvxpy as cp

    status = "not solved"
    for tol in tols:
        opts = {} if tol is None else {"tol_gap_abs": tol, "tol_gap_rel": tol, "tol_feas": tol, "max_iter": 500}
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", UserWarning)
                prob.solve(solver=cp.CLARABEL, **opts)
        except cp.error.SolverError as exc:
            status = f"solver error: {exc}"
            continue
        status = prob.status
        if status in accept and (status.startswith("infeasible") or not finite_value or np.isfinite(prob.value)):
            return status
    raise GroundTruthError(f"Clarabel did not solve {what}: {status}")


def _cvx_solve(prob, what: str):
    """Shen & Li problems: Clarabel at 1e-9, then once more at its default tolerances."""
    return _conic_solve(prob, what, tols=(SHEN_CLARABEL_TOL, None))


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

    ``duals["lambda"]``: multipliers of the edge constraints; ``w = lambda / T`` (stationarity in r gives
    ``1^T lambda = 1``, in u gives ``u_i ~ exp(-(U lambda)_i / T)``; compare Shen & Li (2010), eq. (24)).
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
    """Generalised-hinge soft margin (Shen & Li 2010, §3.3): ``max rho - D sum xi^p  s.t. U w >= rho - xi,
    xi >= 0, w in simplex`` (p = 1 is the LP (21)).

    The paper states the loss as ``(max{0, 1 - y F})^p``, but its dual (28) is the dual of this
    form, with a margin variable rho and ``1^T w = 1`` (the LPBoost form); this is the form solved."""
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


# =============================================================================================
# Sun, Todorovic & Li (2006): the exact regularised problems behind AdaBoost_KL / AdaBoost_Norm2
# (Sun, Todorovic & Li 2006, §3.2-3.3, eqs. (20), (35)). cvxpy + Clarabel, written as the equations read; HiGHS for
# the cutting-plane LP (29)/(36). Nothing here is used by refboost.boosters.sun.
# =============================================================================================

#: Clarabel tolerance (gap and feasibility) used by the Sun et al. ground truth.
SUN_CLARABEL_TOL = 1e-10


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


def _sun_solve(prob, what):
    """Sun et al. problems: Clarabel at 1e-10."""
    return _conic_solve(prob, what, tols=(SUN_CLARABEL_TOL,))


def _check_beta(beta, positive=False) -> float:
    from ._validation import check_real

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
    st = _sun_solve(prob, "Sun (20)")
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
    st = _sun_solve(prob, "Sun (20-D)")
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
    st = _sun_solve(prob, "Shen & Li l1 dual")
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
    st = _sun_solve(prob, "Sun (35)")
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
    st = _sun_solve(prob, "Sun (35-D)")
    return RegularizedSolution(
        float(prob.value), alpha=np.asarray(a.value), u=np.asarray(u.value), rho=float(rho.value), status=st
    )


def sun_inner_min(margins, beta: float, penalty: str) -> RegularizedSolution:
    """Inner minimum of Sun et al. (17) at fixed margins m = Z alpha:
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
    st = _sun_solve(prob, f"Sun (17) inner min, {penalty}")
    return RegularizedSolution(float(prob.value), d=np.asarray(d.value), status=st)


def sun_line_search(log_d, zt) -> RegularizedSolution:
    """The per-round problem (33)/(42) of Sun et al.: ``min_{a >= 0} ln sum_n d_n exp(-a z~_n)``.
    ``value`` = the minimum, ``gamma`` holds the minimiser a (the problem must be bounded).
    """
    import cvxpy as cp

    log_d = check_array(log_d, "log_d", ndim=1)
    zt = check_array(zt, "zt", ndim=1)
    a = cp.Variable(nonneg=True)
    prob = cp.Problem(cp.Minimize(cp.log_sum_exp(log_d - a * zt)))
    st = _sun_solve(prob, "Sun (33) line search")
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
class EntropyConicSolution:
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
    """Glocer chapter 3-4 problems: Clarabel at 1e-10; an infeasible problem is an answer (SoftBoost's (3.1))."""
    return _conic_solve(prob, what, tols=(1e-10,), finite_value=False,
                        accept=("optimal", "optimal_inaccurate", "infeasible", "infeasible_inaccurate"))


def _relent(a, b):
    a = np.maximum(np.asarray(a, float), 0.0)
    pos = a > 0
    return float(np.sum(a[pos] * np.log(a[pos] / b[pos])))


def _clean_d(dv, nu=None):
    """Clip the conic solution to the (capped) simplex; the solver may return entries a few ulps
    outside, where ``rel_entr`` is +inf and cvxpy reports an infinite objective."""
    d = np.maximum(np.asarray(dv, float), 0.0)
    if nu is not None:
        d = np.minimum(d, 1.0 / nu)
    return d / d.sum()


def erlp_primal_36(U, nu: float, eta: float) -> EntropyConicSolution:
    """Glocer (2009) eq. (3.6) in epigraph form::

        min_{d, gamma} gamma + (1/eta) Delta(d, d^0)  s.t.  U^T d <= gamma 1,  1.d = 1,  d <= 1/nu

    (d >= 0 is the domain of the relative entropy). Solved as ``eta * objective``.
    """
    import cvxpy as cp

    U = check_U(U)
    N, _ = U.shape
    nu = check_nu(nu, N)
    eta = check_eta(eta)
    d0 = np.full(N, 1.0 / N)
    d = cp.Variable(N)
    gamma = cp.Variable()
    cons = [U.T @ d <= gamma, cp.sum(d) == 1, d <= 1.0 / nu]
    prob = cp.Problem(cp.Minimize(eta * gamma + cp.sum(cp.rel_entr(d, d0))), cons)
    st = _clarabel_solve(prob, "(3.6)")
    dv = _clean_d(d.value, nu)
    value = float((U.T @ dv).max()) + _relent(dv, d0) / eta  # objective of (3.6) at the solution
    return EntropyConicSolution(value=value, d=dv, gamma=float(gamma.value),
                         w=np.asarray(cons[0].dual_value) / eta, beta=float(cons[1].dual_value) / eta,
                         psi=np.asarray(cons[2].dual_value) / eta, status=st)


def softboost_primal_31(U, nu: float, bound: float) -> EntropyConicSolution:
    """Glocer (2009) eq. (3.1): ``min_d Delta(d, d^0)`` s.t. ``U^T d <= bound`` (bound = gamma_hat_t - eps),
    ``1.d = 1``, ``d <= 1/nu``. ``status`` is "infeasible" when no such d exists."""
    import cvxpy as cp

    U = check_U(U)
    N, _ = U.shape
    nu = check_nu(nu, N)
    d0 = np.full(N, 1.0 / N)
    d = cp.Variable(N)
    cons = [U.T @ d <= bound, cp.sum(d) == 1, d <= 1.0 / nu]
    prob = cp.Problem(cp.Minimize(cp.sum(cp.rel_entr(d, d0))), cons)
    st = _clarabel_solve(prob, "(3.1)")
    if st.startswith("infeasible"):
        return EntropyConicSolution(value=float("inf"), d=np.full(N, np.nan), status=st)
    dv = _clean_d(d.value, nu)
    return EntropyConicSolution(value=_relent(dv, d0), d=dv, w=np.asarray(cons[0].dual_value),
                         beta=float(cons[1].dual_value), psi=np.asarray(cons[2].dual_value), status=st)


def erlp_unnormalized_318(U, nu: float, eta: float) -> EntropyConicSolution:
    """Glocer (2009) eq. (3.18)/(3.21): ``min gamma + Delta_U(d, d^0)/eta`` s.t. ``U^T d <= gamma``,
    ``1.d = 1``, ``d <= 1/nu``, with ``Delta_U = sum d ln(d/d0) - d + d0``. Same d and value as (3.6);
    its multiplier of ``1.d = 1`` is ``beta_U = beta + 1/eta`` (Lemma 3.13)."""
    import cvxpy as cp

    U = check_U(U)
    N, _ = U.shape
    nu = check_nu(nu, N)
    eta = check_eta(eta)
    d0 = np.full(N, 1.0 / N)
    d = cp.Variable(N)
    gamma = cp.Variable()
    cons = [U.T @ d <= gamma, cp.sum(d) == 1, d <= 1.0 / nu]
    obj = eta * gamma + cp.sum(cp.rel_entr(d, d0)) - cp.sum(d) + 1.0
    prob = cp.Problem(cp.Minimize(obj), cons)
    st = _clarabel_solve(prob, "(3.18)")
    dv = _clean_d(d.value, nu)
    value = float((U.T @ dv).max()) + (_relent(dv, d0) - dv.sum() + 1.0) / eta
    return EntropyConicSolution(value=value, d=dv, gamma=float(gamma.value),
                         w=np.asarray(cons[0].dual_value) / eta, beta=float(cons[1].dual_value) / eta,
                         psi=np.asarray(cons[2].dual_value) / eta, status=st)


def binary_primal_325(U, nu: float, eta: float) -> EntropyConicSolution:
    """Glocer (2009) eq. (3.25): ``min gamma + Delta_{2,nu}(d, d^0)/eta`` s.t. ``U^T d <= gamma``, ``1.d = 1``,
    with ``Delta_{2,nu} = sum d ln(d/d0) + (1/nu - d) ln((1/nu - d)/(1/nu - d0))`` (the caps are its
    domain). Requires nu < N."""
    import cvxpy as cp

    from ._validation import check_nu_binary

    U = check_U(U)
    N, _ = U.shape
    nu = check_nu_binary(nu, N)
    eta = check_eta(eta)
    d0 = np.full(N, 1.0 / N)
    d = cp.Variable(N)
    gamma = cp.Variable()
    cons = [U.T @ d <= gamma, cp.sum(d) == 1]
    obj = eta * gamma + cp.sum(cp.rel_entr(d, d0)) + cp.sum(cp.rel_entr(1.0 / nu - d, 1.0 / nu - d0))
    prob = cp.Problem(cp.Minimize(obj), cons)
    st = _clarabel_solve(prob, "(3.25)")
    dv = _clean_d(d.value, nu)
    value = float((U.T @ dv).max()) + (_relent(dv, d0) + _relent(1.0 / nu - dv, 1.0 / nu - d0)) / eta
    return EntropyConicSolution(value=value, d=dv, gamma=float(gamma.value),
                         w=np.asarray(cons[0].dual_value) / eta, beta=float(cons[1].dual_value) / eta, status=st)


def corrective_primal_46(u, ubar, nu: float, eta: float) -> EntropyConicSolution:
    """Glocer (2009) eq. (4.6): ``min_d u.d + Delta(d, d^0)/eta`` s.t. ``1.d = 1``, ``d <= 1/nu``,
    ``(u - ubar).d = 0`` (ubar = margins of the previous combination). ``alpha`` is the multiplier of
    the equality; Lemma 4.1's ``w_t = 1 - alpha`` (with ``+ alpha (u - ubar).d`` in the Lagrangian)."""
    import cvxpy as cp

    u = check_array(u, "u", ndim=1)
    ubar = check_array(ubar, "ubar", ndim=1)
    N = u.shape[0]
    nu = check_nu(nu, N)
    eta = check_eta(eta)
    d0 = np.full(N, 1.0 / N)
    d = cp.Variable(N)
    cons = [cp.sum(d) == 1, d <= 1.0 / nu, (u - ubar) @ d == 0]
    prob = cp.Problem(cp.Minimize(eta * (u @ d) + cp.sum(cp.rel_entr(d, d0))), cons)
    st = _clarabel_solve(prob, "(4.6)")
    if st.startswith("infeasible"):
        return EntropyConicSolution(value=float("inf"), d=np.full(N, np.nan), status=st)
    dv = _clean_d(d.value, nu)
    return EntropyConicSolution(value=float(u @ dv) + _relent(dv, d0) / eta, d=dv, beta=float(cons[0].dual_value) / eta,
                         psi=np.asarray(cons[1].dual_value) / eta, alpha=float(cons[2].dual_value) / eta, status=st)


def corrective_binary_primal_412(u, ubar, nu: float, eta: float) -> EntropyConicSolution:
    """Glocer (2009) eq. (4.12): ``min_d u.d + Delta_{2,nu}(d, d^0)/eta`` s.t. ``1.d = 1``, ``(u - ubar).d = 0``."""
    import cvxpy as cp

    from ._validation import check_nu_binary

    u = check_array(u, "u", ndim=1)
    ubar = check_array(ubar, "ubar", ndim=1)
    N = u.shape[0]
    nu = check_nu_binary(nu, N)
    eta = check_eta(eta)
    d0 = np.full(N, 1.0 / N)
    d = cp.Variable(N)
    cons = [cp.sum(d) == 1, (u - ubar) @ d == 0]
    obj = eta * (u @ d) + cp.sum(cp.rel_entr(d, d0)) + cp.sum(cp.rel_entr(1.0 / nu - d, 1.0 / nu - d0))
    prob = cp.Problem(cp.Minimize(obj), cons)
    st = _clarabel_solve(prob, "(4.12)")
    if st.startswith("infeasible"):
        return EntropyConicSolution(value=float("inf"), d=np.full(N, np.nan), status=st)
    dv = _clean_d(d.value, nu)
    value = float(u @ dv) + (_relent(dv, d0) + _relent(1.0 / nu - dv, 1.0 / nu - d0)) / eta
    return EntropyConicSolution(value=value, d=dv, beta=float(cons[0].dual_value) / eta,
                         alpha=float(cons[1].dual_value) / eta, status=st)


# ============================================================================================
# Entropy-regularised soft margin (Mitsuboshi, Hatano & Takimoto 2022, arXiv:2209.10831, §2 and
# §4, eqs. (9)-(14)). Conic problems, cvxpy + Clarabel, written as the equations read.
# ============================================================================================
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
    st = _clarabel_solve(prob, "smoothed soft margin (10)")
    return SmoothedMarginCVX(value=float(prob.value), d=np.clip(d.value, 0, 1.0 / nu), status=st)


def smoothed_soft_margin_beta_form(margins, nu: float, eta: float) -> SmoothedMarginCVX:
    """Beta form of the smoothed conjugate:
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
    st = _clarabel_solve(prob, "beta form of f~*")
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
    st = _clarabel_solve(prob, "regularised edge minimisation (9)/(11)")
    w = np.maximum(np.asarray(edge_con.dual_value, float).ravel(), 0.0)
    return SmoothedMarginCVX(
        value=float(prob.value), d=np.clip(d.value, 0, 1.0 / nu), w=w / w.sum(), gamma=float(gamma.value), status=st
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
    st = _clarabel_solve(prob, "regularised soft margin (12)")
    wv = np.maximum(w.value, 0.0)
    return SmoothedMarginCVX(value=float(prob.value), w=wv / wv.sum(), beta=np.maximum(beta.value, 0), status=st)


# ============================================================================================
# Rudin, Daubechies & Schapire (2003): the maximum margin rho as two generic cvxpy programs
# (Clarabel), a second path next to the HiGHS LP (2.1) of :func:`hard_margin_lp`. Written as the
# paper's definition reads (Rudin, Daubechies & Schapire 2003, §1):
#
#     rho = max_{lambda in Delta_n} min_i (M lambda)_i = min_{d in Delta_m} max_j (d^T M)_j
#
# (von Neumann's minimax theorem; closed simplices). Nothing in refboost.boosters uses this.
# ============================================================================================


@dataclass
class HardMarginCVX:
    """Solution of one side of the minimax definition of rho (cvxpy + Clarabel).

    ``value`` is rho as this side computes it; ``lam`` / ``d`` the primal solution of this side
    and the multipliers of its inequality constraints (the other side's solution); ``status`` is
    cvxpy's status string.
    """

    value: float
    lam: np.ndarray
    d: np.ndarray
    status: str = ""


#: Clarabel tolerances for the hard-margin cross-check: first strict, then Clarabel's usual 1e-8
#: (on degenerate instances Clarabel reports "inaccurate" at 1e-10 for the same iterate).
RUDIN_CLARABEL_TOLS = (1e-10, 1e-8)


def _rudin_cvx_solve(prob, what: str) -> str:
    """Hard-margin cross-check: Clarabel at 1e-10, then 1e-8; only "optimal" is accepted."""
    return _conic_solve(prob, what, tols=RUDIN_CLARABEL_TOLS, accept=("optimal",))


def _simplex_clean(v) -> np.ndarray:
    v = np.maximum(np.asarray(v, float).ravel(), 0.0)
    return v / v.sum()


def max_margin_rudin_cvx(U) -> HardMarginCVX:
    """``rho = max_{lambda in Delta_n} min_i (U lambda)_i`` (Rudin et al. 2003, §1), epigraph form::

        max_{lambda, t}  t   s.t.  U lambda >= t 1,  lambda >= 0,  1^T lambda = 1.

    ``d`` = multipliers of ``U lambda >= t 1`` (a minimiser of the max edge, by LP duality).
    """
    import cvxpy as cp

    U = check_U(U)
    lam = cp.Variable(U.shape[1], nonneg=True)
    t = cp.Variable()
    margin_con = U @ lam >= t
    prob = cp.Problem(cp.Maximize(t), [margin_con, cp.sum(lam) == 1])
    st = _rudin_cvx_solve(prob, "max_lambda min_i (U lambda)_i")
    return HardMarginCVX(
        value=float(prob.value), lam=_simplex_clean(lam.value), d=_simplex_clean(margin_con.dual_value), status=st
    )


def min_max_edge_rudin_cvx(U) -> HardMarginCVX:
    """``rho = min_{d in Delta_m} max_j (d^T U)_j`` (Rudin et al. 2003, §1), epigraph form::

        min_{d, gamma}  gamma   s.t.  U^T d <= gamma 1,  d >= 0,  1^T d = 1.

    ``lam`` = multipliers of the edge constraints (a maximum-margin combination).
    """
    import cvxpy as cp

    U = check_U(U)
    d = cp.Variable(U.shape[0], nonneg=True)
    gamma = cp.Variable()
    edge_con = U.T @ d <= gamma
    prob = cp.Problem(cp.Minimize(gamma), [edge_con, cp.sum(d) == 1])
    st = _rudin_cvx_solve(prob, "min_d max_j (d^T U)_j")
    return HardMarginCVX(
        value=float(prob.value), lam=_simplex_clean(edge_con.dual_value), d=_simplex_clean(d.value), status=st
    )
