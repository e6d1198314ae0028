"""Certificates for the soft-margin LP (Glocer 2009, LPs (2.2)/(2.3)) and the hard margin (nu = 1).

The primal (2.2) maximises the soft margin over w in the simplex of the class; the dual (2.3)
minimises the largest edge over d in the capped simplex. For any feasible pair,

    SM_nu(U w) = min_{d' capped} d'.(U w)  <=  d.(U w)  <=  max_q u^q . d,

so ``max_q u^q . d - SM_nu(U w)`` bounds the suboptimality of w (and of d). The two pieces of the
gap are the complementary-slackness residuals: ``d.(U w) - SM_nu(U w)`` (d is not on the
smallest margins) and ``max_q u^q.d - d.(U w)`` (w is not on maximum-edge columns).
"""

from __future__ import annotations

import math

import numpy as np

from .._validation import check_choice, check_nu, check_real, check_tol
from ..oracles import Oracle
from ._core import (
    Certificate,
    candidate_columns,
    candidate_distributions,
    capped_simplex_violation,
    max_edge,
    onto_capped_simplex,
    simplex_violation,
    sorted_soft_margin,
    verdict,
)

BOUNDS = ("auto", "dual", "truth")


def soft_margin_lp(
    U,
    weights,
    *,
    nu: float = 1.0,
    hypotheses=None,
    distribution=None,
    tol: float = 1e-6,
    bound: str = "auto",
) -> Certificate:
    r"""Certify that ``weights`` attain the optimal soft margin of the class within ``tol``.

    Problem: Glocer (2009), LP (2.2) (primal, over w) and LP (2.3) (dual, over d):

    .. math:: \max_{w \in S^Q} \mathrm{SM}_\nu(Uw) \;=\; \min_{d \in S^N,\ d \le 1/\nu}\ \max_q u^q\cdot d .

    Parameters
    ----------
    U : array (N, K) or refboost.Oracle
        The hypothesis class (a matrix, or an oracle whose ``best`` is exact: then the bound is the
        oracle's best edge, valid only if the oracle really returns a maximum-edge hypothesis).
    weights : array
        The candidate w: over all K columns of U, or over ``hypotheses``. Must lie in the simplex.
    nu : float in [1, N]
        Capping parameter (nu = 1: the hard margin).
    hypotheses : sequence, optional
        Column indices (matrix) or keys (oracle) that ``weights`` belong to.
    distribution : array (N,) or list of arrays, optional
        Candidate dual points. Each is moved onto the capped simplex (how far is reported as
        ``kkt["d_moved"]``) and the smallest of their largest edges is the bound.
    tol : float >= 0
        The gap the verdict requires.
    bound : {"auto", "dual", "truth"}
        ``"dual"``: only the given distributions; ``"truth"``: the dual solution of HiGHS on U (a
        matrix only); ``"auto"``: the distributions, then HiGHS if they do not certify and U is a matrix.

    Returns
    -------
    Certificate
        ``objective = SM_nu(U w)``; ``bound = max_q u^q . d`` at the best dual point;
        ``kkt``: ``"d_on_smallest_margins"`` = d.(Uw) - SM_nu(Uw) and ``"w_on_max_edges"`` =
        max_q u^q.d - d.(Uw) (both >= 0, summing to the gap), ``"d_moved"``.
    """
    check_choice(bound, "bound", BOUNDS)
    tol = check_tol(tol)
    cols, w = candidate_columns(U, weights, hypotheses)
    N = cols.shape[0]
    nu = check_nu(nu, N)
    feas = simplex_violation(w)
    m = cols @ w if w.size else np.zeros(N)
    objective = sorted_soft_margin(m, nu)

    cands = [("candidate distribution", d) for d in candidate_distributions(distribution, N)]

    best = (math.inf, None, None, 0.0)
    for src, d in cands:
        moved = capped_simplex_violation(d, nu)
        dd = onto_capped_simplex(d, nu)
        b = max_edge(U, dd)
        if b < best[0]:
            best = (b, dd, src, moved)

    def _done(b, dd, src, moved):
        dm = float(dd @ m) if dd is not None else math.nan
        kkt = {"d_on_smallest_margins": dm - objective, "w_on_max_edges": b - dm, "d_moved": moved}
        eq = "Glocer (2009), LPs (2.2)/(2.3)" + (" (hard margin, nu = 1)" if nu == 1 else "")
        return verdict(problem="soft_margin_lp" if nu != 1 else "hard_margin", equation=eq, sense="max",
                       objective=objective, bound=b, feasibility=feas, tol=tol, bound_source=src or "none",
                       kkt=kkt, what="soft margin" if nu != 1 else "hard margin")

    cert = _done(*best) if best[1] is not None else None
    use_truth = bound == "truth" or (bound == "auto" and (cert is None or not cert.ok))
    if use_truth and not isinstance(U, Oracle):
        from .. import truth as _truth

        sol = _truth.soft_margin_lp(np.asarray(U, dtype=float), nu=nu)
        dd = onto_capped_simplex(np.asarray(sol.d, dtype=float), nu)
        b = max_edge(U, dd)
        if b < best[0] or bound == "truth":
            return _done(b, dd, "dual solution of HiGHS (refboost.truth.soft_margin_lp)",
                         capped_simplex_violation(sol.d, nu))
    elif bound == "truth":
        raise ValueError("bound='truth' needs U as a matrix (HiGHS solves the LP over its columns)")
    if cert is None:
        return _done(math.inf, None, "no distribution given", 0.0)
    return cert


def hard_margin(
    U, weights, *, hypotheses=None, distribution=None, tol: float = 1e-6, bound: str = "auto"
) -> Certificate:
    """Certify the hard margin ``min_n (U w)_n`` against ``rho = max_w min_n (Uw)_n``: :func:`soft_margin_lp` at nu = 1
    (Rudin, Daubechies & Schapire (2004), the maximum margin rho; Glocer (2009), (2.2) with nu = 1)."""
    return soft_margin_lp(U, weights, nu=1.0, hypotheses=hypotheses, distribution=distribution, tol=tol, bound=bound)


def _check_lpboost(res, U, tol, bound):
    """LPBoost (Glocer 2009, Alg. 2.1): the soft margin of the returned weights is within eps of the optimum."""
    tol = res.params["eps"] if tol is None else tol
    ds = [res.distribution] + list(res.extra.get("certificate_distributions", []))
    return soft_margin_lp(U, res.weights, nu=res.params["nu"], hypotheses=res.hypotheses, distribution=ds,
                          tol=tol, bound=bound)


RESULT_CHECKS = {"lpboost": _check_lpboost}


def _demiriz_dual_point(U, u, C):
    """Move a candidate ``u`` onto the dual feasible set ``{0 <= u <= C, U^T u <= 1}`` (clip to [0, C],
    then scale down by the largest edge where it exceeds 1): ``(u', how far u was from feasible)``, the
    latter relative to the size of u, ``max(1, max |u|)`` (the edges of a u with entries near C = 1e8 carry
    round-off of order 1e-8 N)."""
    uc = np.clip(u, 0.0, C)
    e = max_edge(U, uc) if uc.any() else 0.0
    viol = max(0.0, -float(u.min()), float(u.max()) - C, e - 1.0) / max(1.0, float(np.max(np.abs(u))))
    if e > 1.0:
        uc = uc / e
    return uc, viol


def demiriz_lp(
    U,
    weights,
    *,
    C: float,
    hypotheses=None,
    distribution=None,
    tol: float = 1e-6,
    bound: str = "auto",
) -> Certificate:
    r"""Certify unnormalised weights ``a`` for LPBoost's LP with the trade-off C given (Demiriz, Bennett &
    Shawe-Taylor 2002):

    .. math:: \min_{a \ge 0}\ \sum_q a_q + C \sum_n \max(0, 1 - (Ua)_n)
              \;=\; \max_u \Big\{ \sum_n u_n : U^\top u \le 1,\ 0 \le u \le C \Big\}.

    Parameters
    ----------
    U : array (N, K) or refboost.Oracle
    weights : array
        The candidate a >= 0, unnormalised (its scale is part of the problem), over all K columns of U
        or over ``hypotheses``. The slacks are the optimal ones for a: ``xi = max(0, 1 - U a)``.
    C : float > 0
        The trade-off between the weights' l1 norm and the slacks.
    distribution : array (N,) or list of arrays, optional
        Candidate dual points u (not normalised: ``sum u`` is the dual value). Each is moved onto the dual
        feasible set (clipped to [0, C], divided by its largest edge where that exceeds 1; how far it was
        outside, relative to max(1, max |u|), is ``kkt["u_moved"]``) and the largest ``sum u`` is the bound.
    tol : float >= 0
    bound : {"auto", "dual", "truth"}
        ``"dual"``: the given points and the point ``u(a)`` built from a by complementary slackness (C on
        the examples with margin < 1, 0 elsewhere, then moved onto the feasible set); ``"truth"``: HiGHS's
        dual solution (a matrix only); ``"auto"``: the former, then HiGHS if they do not certify.

    Returns
    -------
    Certificate
        ``sense = "min"``, ``objective = sum a + C sum xi``, ``bound = sum u`` at the best dual point;
        ``kkt``: ``"a_on_max_edges"`` = sum_q a_q (1 - (U^T u)_q), ``"u_on_margin"`` =
        sum_n u_n ((Ua)_n + xi_n - 1), ``"u_at_C_on_slack"`` = sum_n (C - u_n) xi_n (all >= 0, summing to
        the gap), ``"u_moved"``.
    """
    check_choice(bound, "bound", BOUNDS)
    tol = check_tol(tol)
    C = check_real(C, "C", low=0.0, low_open=True)
    cols, a = candidate_columns(U, weights, hypotheses)
    N = cols.shape[0]
    feas = max(0.0, -float(a.min())) if a.size else 0.0
    ap = np.maximum(a, 0.0)
    m = cols @ ap if ap.size else np.zeros(N)
    xi = np.maximum(0.0, 1.0 - m)
    objective = float(ap.sum() + C * xi.sum())

    cands = [("candidate dual point u", u) for u in candidate_distributions(distribution, N)]
    cands.append(("dual point u(a) by complementary slackness (C where (Ua)_n < 1)", np.where(m < 1.0, C, 0.0)))

    def _eval(u, src):
        uu, moved = _demiriz_dual_point(U, u, C)
        return float(uu.sum()), uu, src, moved

    def _done(b, uu, src, moved):
        edges = cols.T @ uu if uu is not None else np.full(cols.shape[1], math.nan)
        kkt = {"a_on_max_edges": float(ap @ (1.0 - edges)) if uu is not None else math.nan,
               "u_on_margin": float(uu @ (m + xi - 1.0)) if uu is not None else math.nan,
               "u_at_C_on_slack": float((C - uu) @ xi) if uu is not None else math.nan, "u_moved": moved}
        return verdict(problem="demiriz_lp", equation="Demiriz, Bennett & Shawe-Taylor (2002), LPBoost's LP and its "
                       "dual", sense="min", objective=objective, bound=b, feasibility=feas, tol=tol,
                       bound_source=src, kkt=kkt, what="LPBoost objective")

    evals = [_eval(u, src) for src, u in cands] if bound != "truth" else []
    best = max(evals, key=lambda e: e[0]) if evals else (-math.inf, None, "none", 0.0)
    cert = _done(*best) if best[1] is not None else None
    use_truth = bound == "truth" or (bound == "auto" and (cert is None or not cert.ok))
    if use_truth and not isinstance(U, Oracle):
        from .. import truth as _truth

        sol = _truth.demiriz_lp(np.asarray(U, dtype=float), C)
        b, uu, src, moved = _eval(np.asarray(sol.u, dtype=float), "dual solution of HiGHS (refboost.truth.demiriz_lp)")
        if b > best[0] or bound == "truth":
            return _done(b, uu, src, moved)
    elif bound == "truth":
        raise ValueError("bound='truth' needs U as a matrix (HiGHS solves the LP over its columns)")
    return cert
