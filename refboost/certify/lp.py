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

from ..oracles import Oracle
from ._core import (
    Certificate,
    candidate_columns,
    candidate_distributions,
    capped_simplex_violation,
    check_tol,
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
    if bound not in BOUNDS:
        raise ValueError(f"bound must be one of {list(BOUNDS)}, got {bound!r}")
    tol = check_tol(tol)
    cols, w = candidate_columns(U, weights, hypotheses)
    N = cols.shape[0]
    import numbers

    if isinstance(nu, bool) or not isinstance(nu, numbers.Real) or not (1.0 <= float(nu) <= N):
        raise ValueError(f"nu must be a real number in [1, N] = [1, {N}], got {nu!r}")
    nu = float(nu)
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
