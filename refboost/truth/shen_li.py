"""Shen & Li (2010), "On the dual formulation of boosting algorithms": conic ground truth.

cvxpy + Clarabel, every problem written as the paper's equation reads, under its number:
the AdaBoost primal (5) and its duals (10), (15), the minimum free energy (18), the exp-loss
primal (2)+(3) and dual (14), LogitBoost (30)-(32), AdaBoost-QP (41), the generalised hinge
(§3.3) and its Tsallis-regularised dual (27)/(28). ``U[i, j] = y_i H_ij`` (the matrix
``V = diag(y) H``). Nothing here is used by :mod:`refboost.boosters.shen`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .._validation import check_real, check_U
from ._solvers import _conic_solve

#: Clarabel tolerance (gap and feasibility) for the Shen & Li ground truth (tighter than the defaults).
SHEN_CLARABEL_TOL = 1e-9

#: Clarabel at :data:`SHEN_CLARABEL_TOL`, then once more at its default tolerances.
SHEN_TOLS = (SHEN_CLARABEL_TOL, None)


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


def _check_T_truth(T) -> float:
    return check_real(T, "T", low=0.0, low_open=True)


def _l1_primal(U, T, loss, what: str) -> ConicSolution:
    """The form (5), (2)+(3) and (32) share: ``min_w loss(-U w)  s.t. w >= 0, 1^T w = 1/T``."""
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    w = cp.Variable(U.shape[1], nonneg=True)
    prob = cp.Problem(cp.Minimize(loss(-U @ w)), [cp.sum(w) == 1.0 / T])
    st = _conic_solve(prob, what, tols=SHEN_TOLS)
    return ConicSolution(float(prob.value), {"w": np.maximum(w.value, 0.0)}, {}, st)


def _edge_dual(
    U, what: str, *, objective, edge, simplex: bool, dual: str | None, nonneg: bool = False
) -> ConicSolution:
    """The (r, u) duals (10), (14), (15), (28), (30), (31): ``objective(r, u)`` (a cvxpy Minimize or
    Maximize) s.t. ``edge(U^T u, r)`` and, where ``simplex``, ``1^T u = 1``. ``duals[dual]`` holds the
    multipliers of the edge constraints."""
    import cvxpy as cp

    u = cp.Variable(U.shape[0], nonneg=nonneg)
    r = cp.Variable()
    edge_con = edge(U.T @ u, r)
    cons = [edge_con, cp.sum(u) == 1] if simplex else [edge_con]
    prob = cp.Problem(objective(r, u), cons)
    st = _conic_solve(prob, what, tols=SHEN_TOLS)
    duals = {} if dual is None else {dual: edge_con.dual_value}
    return ConicSolution(float(prob.value), {"u": u.value, "r": float(r.value)}, duals, st)


def adaboost_l1_primal_eq5(U, T: float) -> ConicSolution:
    """Shen & Li (2010), eq. (5): ``min_w log sum_i exp(-y_i H_i w)  s.t. w >= 0, 1^T w = 1/T``."""
    import cvxpy as cp

    return _l1_primal(U, T, cp.log_sum_exp, "AdaBoost_l1 primal (5)")


def adaboost_l1_dual_eq10(U, T: float) -> ConicSolution:
    """Shen & Li (2010), eq. (10): ``max_{r,u} r/T - sum u log u  s.t. U^T u <= -r 1, u >= 0, 1^T u = 1``.

    ``duals["w"]`` are the multipliers of the edge constraints (= the primal w of (5)).
    """
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    return _edge_dual(
        U,
        "AdaBoost dual (10)",
        objective=lambda r, u: cp.Maximize(r / T + cp.sum(cp.entr(u))),
        edge=lambda e, r: e <= -r,
        simplex=True, dual="w",
    )


def adaboost_l1_dual_eq15(U, T: float) -> ConicSolution:
    """Shen & Li (2010), eq. (15): ``min_{r,u} r + T sum u log u  s.t. U^T u <= r 1, u >= 0, 1^T u = 1``.

    ``duals["lambda"]``: multipliers of the edge constraints; ``w = lambda / T`` (stationarity in r gives
    ``1^T lambda = 1``, in u gives ``u_i ~ exp(-(U lambda)_i / T)``; compare Shen & Li (2010), eq. (24)).
    """
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    return _edge_dual(
        U,
        "entropy-regularised LPBoost (15)",
        objective=lambda r, u: cp.Minimize(r - T * cp.sum(cp.entr(u))),
        edge=lambda e, r: e <= r,
        simplex=True, dual="lambda",
    )


def gibbs_eq18(U, T: float) -> ConicSolution:
    """Shen & Li (2010), eq. (18): ``min_u max_j u^T v_j + T sum u log u  s.t. u in simplex``
    (minimum free energy)."""
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    u = cp.Variable(U.shape[0])
    prob = cp.Problem(cp.Minimize(cp.max(U.T @ u) - T * cp.sum(cp.entr(u))), [cp.sum(u) == 1])
    st = _conic_solve(prob, "Gibbs free energy (18)", tols=SHEN_TOLS)
    return ConicSolution(float(prob.value), {"u": u.value}, {}, st)


def exp_loss_primal_l1(U, T: float) -> ConicSolution:
    """Shen & Li (2010), exp-loss (2) with the constraint of (3):
    ``min_w sum_i exp(-y_i H_i w)  s.t. w >= 0, 1^T w = 1/T``."""
    import cvxpy as cp

    return _l1_primal(U, T, lambda z: cp.sum(cp.exp(z)), "exp-loss primal (2)+(3)")


def exp_loss_dual_eq14(U, T: float) -> ConicSolution:
    """Shen & Li (2010), eq. (14): ``max_{r,u} r/T - sum u log u + 1^T u  s.t. U^T u <= -r 1, u >= 0``
    (u unnormalised)."""
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    return _edge_dual(
        U,
        "exp-loss dual (14)",
        objective=lambda r, u: cp.Maximize(r / T + cp.sum(cp.entr(u)) + cp.sum(u)),
        edge=lambda e, r: e <= -r,
        simplex=False, dual=None,
    )


def logitboost_primal_eq32(U, T: float) -> ConicSolution:
    """Shen & Li (2010), eq. (32): ``min_w sum_i log(1 + exp(-y_i H_i w))  s.t. w >= 0, 1^T w = 1/T``."""
    import cvxpy as cp

    return _l1_primal(U, T, lambda z: cp.sum(cp.logistic(z)), "LogitBoost primal (32)")


def logitboost_dual_eq30(U, T: float) -> ConicSolution:
    """Shen & Li (2010), eq. (30): ``max_{r,u} r/T - sum[(-u)log(-u) + (1+u)log(1+u)]  s.t. U^T u >= r 1``
    (u in [-1, 0])."""
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    return _edge_dual(
        U,
        "LogitBoost dual (30)",
        objective=lambda r, u: cp.Maximize(r / T + cp.sum(cp.entr(-u) + cp.entr(1 + u))),
        edge=lambda e, r: e >= r,
        simplex=False, dual="w",
    )


def logitboost_dual_eq31(U, T: float) -> ConicSolution:
    """Shen & Li (2010), eq. (31): ``min_{r,u} r + T sum[u log u + (1-u) log(1-u)]  s.t. U^T u <= r 1``
    (u in [0, 1])."""
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    return _edge_dual(
        U,
        "LogitBoost dual (31)",
        objective=lambda r, u: cp.Minimize(r - T * cp.sum(cp.entr(u) + cp.entr(1 - u))),
        edge=lambda e, r: e <= r,
        simplex=False, dual="lambda",
    )


def adaboost_qp_eq41(U, T: float) -> ConicSolution:
    """Shen & Li (2010), eq. (41): ``min_w 1/2 w^T A w - T b^T w  s.t. w >= 0, 1^T w = 1``, with ``b`` the
    mean of the rows ``y_i H_i`` and ``A`` their population covariance (written as
    ``||V w - 1 b^T w||^2 / (2M)``)."""
    import cvxpy as cp

    U = check_U(U)
    T = _check_T_truth(T)
    M = U.shape[0]
    b = U.mean(axis=0)
    w = cp.Variable(U.shape[1], nonneg=True)
    centred = U @ w - np.ones(M) * (b @ w)
    prob = cp.Problem(cp.Minimize(cp.sum_squares(centred) / (2 * M) - T * (b @ w)), [cp.sum(w) == 1])
    st = _conic_solve(prob, "AdaBoost-QP (41)", tols=SHEN_TOLS)
    return ConicSolution(float(prob.value), {"w": np.maximum(w.value, 0.0)}, {}, st)


def generalized_hinge_primal(U, D: float, p: float) -> ConicSolution:
    """Generalised-hinge soft margin (Shen & Li 2010, §3.3): ``max rho - D sum xi^p  s.t. U w >= rho - xi,
    xi >= 0, w in simplex`` (p = 1 is the LP (21)).

    The paper states the loss as ``(max{0, 1 - y F})^p``, but its dual (28) is the dual of this
    form, with a margin variable rho and ``1^T w = 1`` (the LPBoost form); this is the form solved."""
    import cvxpy as cp

    U = check_U(U)
    M, N = U.shape
    D = check_real(D, "D", low=1.0 / M)
    p = check_real(p, "p", low=1.0)
    w = cp.Variable(N, nonneg=True)
    xi = cp.Variable(M, nonneg=True)
    rho = cp.Variable()
    pen = cp.sum(xi) if p == 1.0 else cp.sum(cp.power(xi, p))
    prob = cp.Problem(cp.Maximize(rho - D * pen), [U @ w >= rho - xi, cp.sum(w) == 1])
    st = _conic_solve(prob, "generalised-hinge primal", tols=SHEN_TOLS)
    x = {"w": np.maximum(w.value, 0.0), "xi": xi.value, "rho": float(rho.value)}
    return ConicSolution(float(prob.value), x, {}, st)


def tsallis_dual_eq28(U, D: float, p: float) -> ConicSolution:
    """Shen & Li (2010), eq. (28), p > 1:
    ``min r + D^{1-q}(p^{1-q} - p^{-q}) sum u^q  s.t. U^T u <= r, u in simplex``."""
    import cvxpy as cp

    U = check_U(U)
    M = U.shape[0]
    D = check_real(D, "D", low=1.0 / M)
    p = check_real(p, "p", low=1.0, low_open=True)
    q = p / (p - 1.0)
    c = D ** (1 - q) * (p ** (1 - q) - p ** (-q))
    return _edge_dual(
        U,
        "Tsallis-regularised LPBoost dual (28)",
        objective=lambda r, u: cp.Minimize(r + c * cp.sum(cp.power(u, q))),
        edge=lambda e, r: e <= r,
        simplex=True, dual="lambda", nonneg=True,
    )
