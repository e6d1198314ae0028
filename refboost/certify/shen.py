"""Certificates for the problems of Shen & Li (2010), "On the dual formulation of boosting algorithms".

Each function takes the class (a matrix ``U`` with ``U[i, j] = y_i H_ij``, or an oracle) and a
candidate weight vector, recomputes the candidate's objective in the paper's primal, builds the
dual point the KKT conditions assign to the candidate's margins, evaluates the paper's dual there
(its ``r`` is the largest edge over the whole class), and returns the gap between the two. Weak
duality makes the gap an upper bound on the candidate's suboptimality, whatever produced it.

* :func:`adaboost_l1` -- AdaBoost_l1, eq. (5), against the dual (15) at ``u = softmax(-U w)`` (24).
* :func:`logitboost_l1` -- the l1-constrained logistic loss (32) against the dual (31) at
  ``u = sigmoid(-U w)`` (33).
* :func:`generalized_hinge` -- the generalised-hinge soft margin ``max rho - D sum xi^p`` against the
  Tsallis-regularised dual (28) (p > 1; (27) at p = 2) at ``u_i = D p xi_i^{p-1}``, and against the LP
  (22) for p = 1 (:func:`refboost.certify.soft_margin_lp` with ``nu = 1/D``).
* :func:`adaboost_qp` -- AdaBoost-QP (41) over a fixed pool against its Wolfe dual at the candidate.

Scale. The T-constrained problems (5) and (32) are certified *after multiplication by T*: the
objective is ``T lse(-U w)`` (``T sum_i log(1 + exp(-(U w)_i))``) and the bound is minus the value of
(15) ((31)), because ``Opt(15) = -T Opt(5)`` and ``Opt(31) = -T Opt(32)``. In these units the gap is
``max_h edge_h(u) - u^T varrho`` (``varrho = T U w``, the normalised margins (34)): the duality gap of
the pair (5)/(15) the column-generation boosters stop on. The excess of (5) ((32)) itself is at most
``gap / T`` (reported as ``kkt["excess_bound_unscaled"]``).
"""

from __future__ import annotations

import math

import numpy as np
from scipy.special import logsumexp

from .._bisect import bisect
from .._validation import check_array, check_choice, check_real, check_tol
from ..oracles import Oracle
from ._core import (
    Certificate,
    candidate_columns,
    candidate_distributions,
    simplex_violation,
    verdict,
)
from .lp import soft_margin_lp

BOUNDS = ("auto", "dual", "truth")


# ---------------------------------------------------------------------------------------------
# shared pieces
# ---------------------------------------------------------------------------------------------


def _class_max_edge(U, u: np.ndarray, cols: np.ndarray) -> float:
    """``max_h sum_i u_i h_i`` over the class for ``u >= 0`` of any scale.

    A matrix: its largest entry of ``U^T u``. An oracle: the edge of ``oracle.best(u / 1^T u)`` times
    ``1^T u`` (valid when the oracle is exact), never below the edges of the candidate's own columns
    (they belong to the class). ``u = 0`` has every edge 0.
    """
    s = float(u.sum())
    if not s > 0.0:
        return 0.0
    own = float((cols.T @ u).max()) if cols.shape[1] else -math.inf
    if isinstance(U, Oracle):
        d = u / s
        _, h = U.best(d)
        h = check_array(h, "oracle column", ndim=1, min_size=0)
        if h.shape[0] != u.shape[0] or np.max(np.abs(h)) > 1 + 1e-12:
            raise ValueError("oracle.best returned a column that is not in [-1, 1]^N")
        return max(s * float(h @ d), own)
    return max(float((np.asarray(U, dtype=float).T @ u).max()), own)


def _scaled_simplex_violation(w: np.ndarray, T: float) -> float:
    """Worst violation of ``w >= 0, 1^T w = 1/T``, measured on ``lambda = T w`` (the simplex)."""
    return simplex_violation(T * w)


def _truth_bound(U, what: str):
    if isinstance(U, Oracle):
        raise ValueError("bound='truth' needs U as a matrix (the conic solver works on its columns)")
    from .. import truth as _truth

    return getattr(_truth, what)


def _l1_candidate(U, weights, hypotheses, T, tol, bound):
    """The checked arguments of an l1-constrained certificate (:func:`adaboost_l1`, :func:`logitboost_l1`):
    ``(tol, T, candidate columns, violation of 1^T w = 1/T, margins U w)``."""
    check_choice(bound, "bound", BOUNDS)
    tol = check_tol(tol)
    T = check_real(T, "T", low=0.0, low_open=True)
    cols, w = candidate_columns(U, weights, hypotheses)
    feas = _scaled_simplex_violation(w, T)
    m = cols @ w if w.size else np.zeros(cols.shape[0])
    return tol, T, cols, feas, m


def _l1_verdict(U, T, u, m, r, *, objective, dual, bound, feas, tol, problem, eq, truth, what, dual_source):
    """The verdict of an l1-constrained certificate: the dual value at ``(r, u)`` as the bound, or with
    ``bound="truth"`` the optimum of the primal (``eq = (primal, dual)`` equation numbers) from
    :mod:`refboost.truth` (function ``truth``); KKT: ``r - u^T varrho`` and the gap over T."""
    b, src = dual, dual_source
    if bound == "truth":
        sol = _truth_bound(U, truth)(np.asarray(U, dtype=float), T)
        b, src = T * sol.value, f"optimum of ({eq[0]}) from refboost.truth (Clarabel)"
    kkt = {"w_on_max_edges": r - T * float(u @ m), "excess_bound_unscaled": (objective - b) / T}
    return verdict(problem=problem, equation=f"Shen & Li (2010), ({eq[0]}) times T / dual ({eq[1]})", sense="min",
                   objective=objective, bound=b, feasibility=feas, tol=tol, bound_source=src, kkt=kkt, what=what)


# ---------------------------------------------------------------------------------------------
# AdaBoost_l1 (5) / (15)
# ---------------------------------------------------------------------------------------------


def adaboost_l1(U, weights, *, T: float, hypotheses=None, tol: float = 1e-6, bound: str = "auto") -> Certificate:
    r"""Certify that ``weights`` minimise AdaBoost_l1 (5) over the class within ``tol`` (in units of T times (5)).

    Primal, Shen & Li (2010), eq. (5): ``min_w lse(-U w)  s.t. w >= 0, 1^T w = 1/T``. Dual (15):
    ``min_{r, u} r + T sum_i u_i log u_i  s.t. U^T u <= r 1, u in the simplex``, with
    ``Opt(15) = -T Opt(5)`` (Theorem 3.1). The dual point is the KKT one, (24):
    ``u = softmax(-U w)``, ``r = max_h edge_h(u)`` over the class; then for every feasible w'

    .. math:: T\,\mathrm{lse}(-Uw') \ \ge\ -\big(r + T\textstyle\sum_i u_i\log u_i\big),

    and the gap ``T lse(-U w) + r + T sum u log u = r - u^T varrho`` (``varrho = T U w``) bounds
    ``T (lse(-U w) - Opt(5))``.

    Parameters
    ----------
    U : array (N, K) or refboost.Oracle
        The class (an oracle's ``best`` must be exact for the bound to hold).
    weights : array
        Candidate w over all K columns, or over ``hypotheses``.
    T : float > 0
        The constraint ``1^T w = 1/T``.
    hypotheses : sequence, optional
        Column indices (matrix) or keys (oracle) of ``weights``.
    tol : float >= 0
        Required gap (T-scaled units, as the boosters' eps).
    bound : {"auto", "dual", "truth"}
        ``"auto"``/``"dual"``: the KKT dual point (exact at the optimum); ``"truth"``: the optimum of (5)
        from :func:`refboost.truth.adaboost_l1_primal_eq5` (a matrix only).

    Returns
    -------
    Certificate
        ``objective = T lse(-U w)`` (sense "min"), ``bound = -(value of (15) at (r, u))``,
        ``kkt``: ``w_on_max_edges`` = ``r - u^T varrho`` (>= 0, zero iff w sits on maximum-edge columns),
        ``excess_bound_unscaled`` = gap / T (bounds ``lse(-U w) - Opt(5)`` itself).
    """
    tol, T, cols, feas, m = _l1_candidate(U, weights, hypotheses, T, tol, bound)
    z = -m
    lse = logsumexp(z)
    objective = T * lse
    logu = z - lse  # log softmax(-U w), finite even where u underflows
    u = np.exp(logu)
    r = _class_max_edge(U, u, cols)
    neg_entropy = float(u @ logu)
    return _l1_verdict(
        U, T, u, m, r, objective=objective, dual=-(r + T * neg_entropy), bound=bound, feas=feas, tol=tol,
        problem="adaboost_l1", eq=("5", "15"), truth="adaboost_l1_primal_eq5", what="T * lse(-U w)",
        dual_source="dual (15) at u = softmax(-U w) (24), r = max edge over the class",
    )


# ---------------------------------------------------------------------------------------------
# LogitBoost (32) / (31)
# ---------------------------------------------------------------------------------------------


def logitboost_l1(U, weights, *, T: float, hypotheses=None, tol: float = 1e-6, bound: str = "auto") -> Certificate:
    r"""Certify that ``weights`` minimise the l1-constrained logistic loss (32) within ``tol`` (units of T times (32)).

    Primal (32): ``min_w sum_i log(1 + exp(-(U w)_i))  s.t. w >= 0, 1^T w = 1/T``. Dual (31):
    ``min_{r, u} r + T sum_i [u_i log u_i + (1 - u_i) log(1 - u_i)]  s.t. U^T u <= r 1`` (u in [0, 1],
    not normalised), ``Opt(31) = -T Opt(32)`` (Theorem 3.2). Dual point (33): ``u = sigmoid(-U w)``,
    ``r = max_h edge_h(u)`` over the class; the gap equals ``r - u^T varrho`` (``varrho = T U w``).

    Parameters and return value as in :func:`adaboost_l1` (``objective = T sum log(1 + e^{-U w})``,
    ``"truth"``: :func:`refboost.truth.logitboost_primal_eq32`).
    """
    tol, T, cols, feas, m = _l1_candidate(U, weights, hypotheses, T, tol, bound)
    loss = np.logaddexp(0.0, -m)  # log(1 + e^{-m})
    objective = T * float(loss.sum())
    logu = -np.logaddexp(0.0, m)  # log sigmoid(-m)
    log1mu = -loss  # log(1 - sigmoid(-m)) = log sigmoid(m)
    u = np.exp(logu)
    r = _class_max_edge(U, u, cols)
    binary_neg_entropy = float(u @ logu + (1.0 - u) @ log1mu)
    return _l1_verdict(
        U, T, u, m, r, objective=objective, dual=-(r + T * binary_neg_entropy), bound=bound, feas=feas, tol=tol,
        problem="logitboost_l1", eq=("32", "31"), truth="logitboost_primal_eq32", what="T * sum log(1 + exp(-U w))",
        dual_source="dual (31) at u = sigmoid(-U w) (33), r = max edge over the class",
    )


# ---------------------------------------------------------------------------------------------
# Generalised hinge: max rho - D sum xi^p  /  (28) (p > 1), (22) (p = 1)
# ---------------------------------------------------------------------------------------------


def hinge_margin_variable(m: np.ndarray, D: float, p: float) -> float:
    """The maximiser ``rho`` of ``g(rho) = rho - D sum_i (rho - m_i)_+^p`` (p > 1), by bisection.

    ``g'(rho) = 1 - D p sum_i (rho - m_i)_+^{p-1}`` decreases from 1 at ``rho = min m``; at
    ``rho = max m + t`` with ``t = (D p N)^{-1/(p-1)} <= 1`` (D >= 1/N) it is <= 0. Bisection to the
    float resolution (no bracketing error can occur; any rho gives a valid lower bound anyway).
    """
    N = m.shape[0]
    lo = float(m.min())
    t = math.exp(-math.log(D * p * N) / (p - 1.0))  # <= 1, underflows to 0 harmlessly
    hi = float(m.max()) + t

    def slope(rho):
        return 1.0 - D * p * float(np.sum(np.maximum(rho - m, 0.0) ** (p - 1.0)))

    if slope(hi) > 0.0:
        hi = float(m.max()) + 1.0  # slope <= 1 - D p N < 0 here
    lo, hi = bisect(lambda rho: slope(rho) > 0.0, lo, hi)
    # the better of the two ends (g is concave; both are within float resolution of the maximiser)
    g = lambda rho: rho - D * float(np.sum(np.maximum(rho - m, 0.0) ** p))
    return lo if g(lo) >= g(hi) else hi


def tsallis_term(u: np.ndarray, D: float, p: float) -> float:
    """``c sum_i u_i^q`` of (28), ``c = D^{1-q}(p^{1-q} - p^{-q}) = (pD)^{1-q}/q``, in logarithms.

    Written as ``(pD/q) sum_i (u_i/(pD))^q``; ``inf`` (never an overflow) when it exceeds the float range.
    """
    q = p / (p - 1.0)
    pos = u[u > 0.0]
    if pos.size == 0:
        return 0.0
    lt = q * (np.log(pos) - math.log(p * D))
    mx = float(lt.max())
    log_total = math.log(p * D / q) + mx + math.log(float(np.exp(lt - mx).sum()))
    if log_total > 700.0:
        return math.inf
    return math.exp(log_total)


def _smallest_margins(m: np.ndarray, nu: float) -> np.ndarray:
    """The capped distribution on the smallest margins (1/nu on the floor(nu) smallest, the rest on the next):
    the dual point of (22) the candidate's margins select."""
    N = m.shape[0]
    order = np.argsort(m, kind="stable")
    d = np.zeros(N)
    k = min(N, max(1, math.ceil(nu - 1e-12)))
    d[order[: k - 1]] = 1.0 / nu
    d[order[k - 1]] = 1.0 - (k - 1) / nu
    return d


def generalized_hinge(U, weights, *, D: float, p: float, hypotheses=None, distribution=None, tol: float = 1e-6,
                      bound: str = "auto") -> Certificate:
    r"""Certify that ``weights`` maximise the generalised-hinge soft margin within ``tol``.

    Primal (Shen & Li (2010), §3.3; (21) at p = 1): ``max_{w, rho, xi} rho - D sum_i xi_i^p  s.t.
    U w >= rho 1 - xi, xi >= 0, w in the simplex``; at fixed w its value is
    ``max_rho rho - D sum_i (rho - (U w)_i)_+^p``. Dual for p > 1, (28) ((27) at p = 2):
    ``min_{r, u} r + c sum_i u_i^q  s.t. U^T u <= r 1, u in the simplex``, ``c = (pD)^{1-q}/q``,
    ``1/p + 1/q = 1``; dual point from the KKT relation ``u_i = D p xi_i^{p-1}`` (normalised), ``r`` =
    the largest edge over the class. For p = 1 the dual is the capped LP (22) and the value is the
    soft margin with ``nu = 1/D`` (clipped to [1, N]): :func:`refboost.certify.soft_margin_lp`.

    Parameters
    ----------
    U, weights, hypotheses, tol
        As in :func:`adaboost_l1` (weights on the simplex).
    D : float >= 1/N
    p : float >= 1
    distribution : array (N,) or list of arrays, optional
        p = 1 only: candidate dual points of (22) (e.g. the booster's distribution), tried with the
        capped distribution on the candidate's smallest margins. (The LP's dual is not determined by the
        weights; for p > 1 it is, and the KKT point is used.)
    bound : {"auto", "dual", "truth"}
        p > 1: ``"truth"`` uses :func:`refboost.truth.generalized_hinge_primal`; p = 1: as in
        :func:`refboost.certify.soft_margin_lp` (``"auto"`` falls back to HiGHS for a matrix).

    Returns
    -------
    Certificate
        ``objective`` = the primal value at w (sense "max"), ``bound`` = (28) at the dual point,
        ``kkt``: ``u_sum_residual`` = ``|sum_i D p xi_i^{p-1} - 1|`` (how exactly rho was found),
        ``w_on_max_edges`` = ``r - u^T U w``.
    """
    check_choice(bound, "bound", BOUNDS)
    tol = check_tol(tol)
    cols, w = candidate_columns(U, weights, hypotheses)
    N = cols.shape[0]
    D = check_real(D, "D", low=1.0 / N)
    p = check_real(p, "p", low=1.0)
    if p == 1.0:
        nu = min(max(1.0 / D, 1.0), float(N))
        m = cols @ w if w.size else np.zeros(N)
        ds = candidate_distributions(distribution, N)
        return soft_margin_lp(U, weights, nu=nu, hypotheses=hypotheses, distribution=ds + [_smallest_margins(m, nu)],
                              tol=tol, bound=bound)
    feas = simplex_violation(w)
    m = cols @ w if w.size else np.zeros(N)
    rho = hinge_margin_variable(m, D, p)
    xi = np.maximum(rho - m, 0.0)
    objective = rho - D * float(np.sum(xi**p))
    u_raw = D * p * xi ** (p - 1.0)
    s = float(u_raw.sum())
    if s > 0:
        u = u_raw / s
    else:  # rho within float resolution of the smallest margin (p near 1): the limit, uniform on the ties
        u = (m <= m.min()).astype(float)
        u /= u.sum()
    r = _class_max_edge(U, u, cols)
    b = r + tsallis_term(u, D, p)
    src = "dual (28) at u_i ∝ D p xi_i^{p-1}, r = max edge over the class"
    if bound == "truth":
        sol = _truth_bound(U, "generalized_hinge_primal")(np.asarray(U, dtype=float), D, p)
        b, src = sol.value, "optimum of the generalised-hinge primal from refboost.truth (Clarabel)"
    kkt = {"u_sum_residual": abs(s - 1.0), "w_on_max_edges": r - float(u @ m)}
    return verdict(problem="generalized_hinge", equation="Shen & Li (2010), generalised hinge / dual (28)",
                   sense="max", objective=objective, bound=b, feasibility=feas, tol=tol, bound_source=src,
                   kkt=kkt, what="rho - D sum xi^p")


# ---------------------------------------------------------------------------------------------
# AdaBoost-QP (41)
# ---------------------------------------------------------------------------------------------


def adaboost_qp(U, weights, *, T: float, hypotheses=None, pool=None, tol: float = 1e-6,
                bound: str = "auto") -> Certificate:
    r"""Certify that ``weights`` minimise AdaBoost-QP (41) over a pool within ``tol``.

    (41): ``min_w 1/2 w^T A w - T b^T w  s.t. w >= 0, 1^T w = 1`` with ``b = (1/N) U^T 1`` and
    ``A = (1/N) U^T U - b b^T``; in the margins ``m = U w`` the objective is ``var(m)/2 - T mean(m)``
    (population variance). Bound: the Wolfe dual of (41) at the candidate,
    ``f(w) - grad^T w + min_j grad_j`` with ``grad = A w - T b = U^T ((m - mean m) - T 1) / N`` over every
    column of the pool (convexity: ``f(w') >= f(w) + grad^T (w' - w)`` on the simplex).

    Parameters
    ----------
    U : array (N, K) or refboost.Oracle
    weights, hypotheses
        As in :func:`adaboost_l1` (weights on the simplex).
    T : float > 0
    pool : sequence, optional
        Column indices / keys of the pool. Default: every column of the matrix (``U.U`` of a
        :class:`~refboost.MatrixOracle`); required for any other oracle.
    bound : {"auto", "dual", "truth"}
        ``"truth"``: :func:`refboost.truth.adaboost_qp_eq41` on the pool's columns.

    Returns
    -------
    Certificate
        ``objective`` = (41) at w (sense "min"), ``kkt``: ``w_on_min_gradient`` = ``grad^T w - min grad``.
    """
    check_choice(bound, "bound", BOUNDS)
    tol = check_tol(tol)
    T = check_real(T, "T", low=0.0, low_open=True)
    cols, w = candidate_columns(U, weights, hypotheses)
    N = cols.shape[0]
    if pool is None:
        A = getattr(U, "U", U) if isinstance(U, Oracle) else U
        if isinstance(A, Oracle):
            raise ValueError("pool must be given (hypothesis keys) for an oracle without a matrix U")
        P = check_array(A, "U", ndim=2, min_size=0)
    elif isinstance(U, Oracle):
        keys = list(pool)
        P = check_array(U.columns(keys), "oracle columns", ndim=2, min_size=0) if keys else np.zeros((N, 0))
    else:
        idx = np.asarray(list(pool), dtype=np.int64)
        P = check_array(U, "U", ndim=2, min_size=0)[:, idx]
    if P.shape[1] == 0:
        raise ValueError("pool must contain at least one hypothesis")
    feas = simplex_violation(w)
    m = cols @ w if w.size else np.zeros(N)
    dev = m - m.mean()
    objective = 0.5 * float(dev @ dev) / N - T * float(m.mean())
    grad_w = cols.T @ (dev - T) / N if w.size else np.zeros(0)
    grad_pool = P.T @ (dev - T) / N
    fw = float(grad_w @ w) - float(grad_pool.min())
    b = objective - fw
    src = "Wolfe dual of (41) at the candidate (min gradient over the pool)"
    if bound == "truth":
        sol = _truth_bound(U, "adaboost_qp_eq41")(P, T)
        b, src = sol.value, "optimum of (41) from refboost.truth (Clarabel)"
    return verdict(problem="adaboost_qp", equation="Shen & Li (2010), (41)", sense="min", objective=objective,
                   bound=b, feasibility=feas, tol=tol, bound_source=src, kkt={"w_on_min_gradient": fw},
                   what="(41)")


# ---------------------------------------------------------------------------------------------
# certify.result: what each booster of refboost.boosters.shen documents
# ---------------------------------------------------------------------------------------------


def _tol(res, tol):
    return res.params["eps"] if tol is None else tol


def _check_adaboost_cg(res, U, tol, bound):
    """AdaBoost-CG: ``T (lse(-U w) - Opt(5))`` over the class is at most eps (dual (15) at (24))."""
    return adaboost_l1(U, res.weights, T=res.params["T"], hypotheses=res.hypotheses, tol=_tol(res, tol),
                       bound=bound)


def _check_logitboost_cg(res, U, tol, bound):
    """LogitBoost-CG: ``T (loss(32)(w) - Opt(32))`` over the class is at most eps (dual (31) at (33))."""
    return logitboost_l1(U, res.weights, T=res.params["T"], hypotheses=res.hypotheses, tol=_tol(res, tol),
                         bound=bound)


def _check_adaboost_qp(res, U, tol, bound):
    """AdaBoost-QP: (41) at the returned weights is within eps of its optimum over the pool."""
    pool = res.params.get("pool")
    return adaboost_qp(U, res.weights, T=res.params["T"], hypotheses=res.hypotheses, pool=pool,
                       tol=_tol(res, tol), bound=bound)


def _check_lpboost_hinge(res, U, tol, bound):
    """Generalised-hinge LPBoost: the soft margin ``rho - D sum xi^p`` of the weights is within eps of the optimum."""
    D, p = res.params["D"], res.params["p"]
    if p == 1.0:
        N = res.distribution.shape[0]
        nu = res.params.get("nu", min(max(1.0 / D, 1.0), float(N)))
        ds = [res.distribution] + list(res.extra.get("certificate_distributions", []))
        return soft_margin_lp(U, res.weights, nu=nu, hypotheses=res.hypotheses, distribution=ds,
                              tol=_tol(res, tol), bound=bound)  # the soft margin nu = 1/D, as lpboost_hinge ran it
    return generalized_hinge(U, res.weights, D=D, p=p, hypotheses=res.hypotheses, tol=_tol(res, tol), bound=bound)


RESULT_CHECKS = {
    "adaboost_cg": _check_adaboost_cg,
    "logitboost_cg": _check_logitboost_cg,
    "adaboost_qp": _check_adaboost_qp,
    "lpboost_hinge": _check_lpboost_hinge,
}

__all__ = ["adaboost_l1", "adaboost_qp", "generalized_hinge", "hinge_margin_variable", "logitboost_l1",
           "tsallis_term"]
