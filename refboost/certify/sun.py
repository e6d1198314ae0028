"""Certificates for the penalised minimax problems of Sun, Todorovic & Li (2006).

Sun et al. (17) adds a convex penalty ``beta P(d)`` on the distribution to the margin game; by the
minimax theorem it equals the regularised dual-domain problem (18)::

    Opt = max_{w in simplex} D(w),   D(w) = min_{d in simplex} d.(U w) + beta P(d)        (17)
        = min_{d in simplex} s(d),   s(d) = max_j u_j.d + beta P(d)                      (18)/(21)

For every w in the simplex and every d in the simplex, ``D(w) <= d.(U w) + beta P(d) <= s(d)``, so
``s(d) - D(w)`` bounds the suboptimality of w. The two pieces of this gap are the KKT residuals
``d.(U w) + beta P(d) - D(w)`` (d is not the inner minimiser of w) and ``max_j u_j.d - d.(U w)``
(w is not on maximum-edge columns). The penalties:

* KL, Sun et al. (19)-(20): ``P(d) = KL(d || d_0) = sum_n d_n ln(N d_n)``; the inner minimum is the
  soft-min margin of the exact dual (20-D), ``D(w) = -beta ln((1/N) sum_n exp(-(U w)_n / beta))``,
  attained at ``d = softmax(-U w / beta)`` (Gibbs variational principle).
* Norm2, Sun et al. (35): ``P(d) = ||d - d_0||_2``; D(w) is the objective of the SOCP dual (35-D)
  at w. It is evaluated from below through the dual variable ``u`` of (35-D): for every
  ``||u||_2 <= 1``, ``D(w) >= min_n ((U w)_n + beta u_n) - (beta/N) 1.u``, with equality at
  ``u = (d* - d_0)/||d* - d_0||``.
* Quadratic, ``P(d) = (1/2) ||d - d_0||_2^2``: the member of the framework (44) whose supporting
  hyperplane at ``d^(t)`` has the direction of AdaBoost_Reg's column ``z_t + beta d^(t)`` (40)
  (up to a constant shift). The inner minimiser is the Euclidean projection
  ``d = P_simplex(d_0 - U w / beta)``; D(w) is evaluated from below by the linearisation
  ``f(d) + min_n g_n - g.d`` (g the gradient at d), exact at the minimiser.

With ``beta = 0`` all three are the hard margin ``max_w min_n (U w)_n = min_d max_j u_j.d``
(Sun et al. (9)/(14)). ``lp_reg`` is LP_reg, (12)/(14) with the box ``d <= C``: the soft-margin LP
with ``nu = 1/C``.

Nothing here calls :mod:`refboost.boosters.sun`: every value is recomputed with numpy.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
from scipy.special import logsumexp, xlogy

from .._bisect import bisect
from .._validation import check_choice, check_margins, check_real, check_tol
from ..oracles import Oracle
from ._core import (
    Certificate,
    candidate_columns,
    candidate_distributions,
    max_edge,
    simplex_violation,
    verdict,
)
from .lp import BOUNDS, soft_margin_lp

PENALTIES = ("kl", "norm2", "quadratic")

_EQUATIONS = {
    "kl": "Sun, Todorovic & Li (2006), (20) / (20-D)",
    "norm2": "Sun, Todorovic & Li (2006), (35) / (35-D)",
    "quadratic": "Sun, Todorovic & Li (2006), (44) with P(d) = ||d - d_0||^2 / 2 (the column of (40))",
}


def penalty_value(d: np.ndarray, kind: str) -> float:
    """``P(d)`` of Sun et al.: KL (19), ``||d - d_0||_2`` (35) or ``||d - d_0||^2 / 2``."""
    N = d.shape[0]
    if kind == "kl":
        return float(np.sum(xlogy(d, N * d)))
    r = float(np.linalg.norm(d - 1.0 / N))
    return r if kind == "norm2" else 0.5 * r * r


# ------------------------------------------------------------------ inner minima of (17) at m = U w


def _simplex_projection(v: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """Euclidean projection of ``scale * v`` onto the simplex, ``d_n = max(scale v_n - tau, 0)``.

    The support is read off the sorted values (entry k of the descending order stays in it iff
    ``1/k + scale (v_(k) - mean(v_(1..k))) > 0``) and the entries are written as
    ``1/K + scale (v_n - mean_K v)``: differences are formed before the (possibly huge) scale.
    """
    N = v.shape[0]
    order = np.argsort(-v, kind="stable")
    vs = v[order]
    k = np.arange(1, N + 1)
    mean_k = np.cumsum(vs) / k
    pos = 1.0 / k + scale * (vs - mean_k) > 0
    K = int(np.flatnonzero(pos)[-1]) + 1
    d = np.zeros(N)
    d[order[:K]] = np.maximum(1.0 / K + scale * (vs[:K] - mean_k[K - 1]), 0.0)
    return d / d.sum()


def _inner_kl(m: np.ndarray, beta: float):
    """(value, value, d): the closed form of (20-D) and its Gibbs minimiser."""
    N = m.shape[0]
    mn = float(m.min())
    if beta == 0.0:
        d = (m == mn).astype(float)
        return mn, mn, d / d.sum()
    with np.errstate(over="ignore", under="ignore"):
        s = -(m - mn) / beta
    lse = float(logsumexp(s))
    with np.errstate(under="ignore"):
        d = np.exp(s - lse)
    v = mn - beta * (lse - math.log(N))
    return v, v, d / d.sum()


def _norm2_u_bound(m: np.ndarray, beta: float, u: np.ndarray) -> float:
    """Weak duality of (35-D) at fixed margins: a lower bound on the inner minimum for ``||u|| <= 1``."""
    nu = float(np.linalg.norm(u))
    if nu > 1.0:
        u = u / nu
    return float(np.min(m + beta * u) - beta * u.sum() / m.shape[0])


def _inner_norm2(m: np.ndarray, beta: float):
    """(lower, upper, d) for ``min_{d in simplex} d.m + beta ||d - d_0||``.

    The minimiser is ``d(s) = P_simplex(-s m)`` for the scale ``s`` with ``||d(s) - d_0|| = beta s``
    (stationarity), found by bisection in ln s; ``||c|| <= beta`` (c = m - mean m) gives ``d_0``.
    The lower value is the (35-D) bound at ``u = (d - d_0)/||d - d_0||`` (resp. ``u = -c/beta``).
    """
    N = m.shape[0]
    d0 = np.full(N, 1.0 / N)
    c = m - m.mean()
    nc = float(np.linalg.norm(c))
    if beta == 0.0:
        return _inner_kl(m, 0.0)
    if nc <= beta:
        lower = _norm2_u_bound(m, beta, -c / beta)
        return lower, float(m.mean()), d0

    def excess(log_s):  # ||d(s) - d_0|| / s - beta, non-increasing in s
        s = math.exp(log_s)
        d = _simplex_projection(-c, s)
        return float(np.linalg.norm(d - d0)) / s - beta, d

    if beta * math.sqrt(2.0) <= 1e-16 * max(1.0, float(np.abs(m).max())):
        d = _inner_kl(m, 0.0)[2]  # the hard-margin face: beta ||d - d_0|| is below round-off
        upper = float(d @ m + beta * np.linalg.norm(d - d0))
        return min(upper, _norm2_u_bound(m, beta, -c / nc)), upper, d
    cmax = float(np.abs(c).max())
    lo = math.log(0.5 / (N * cmax))  # d(s) stays interior: excess = ||c|| - beta > 0
    hi = max(lo, math.log(2.0 * math.sqrt(2.0) / beta))  # ||d - d_0|| <= sqrt(2): excess < 0
    f_hi, d_hi = excess(hi)
    at_hi = {"d": d_hi}  # d at the bracket's right end (excess <= 0 there)

    def above(s):
        f, d_s = excess(s)
        if not f > 0.0:
            at_hi["d"] = d_s
        return f > 0.0

    if f_hi < 0.0:
        bisect(above, lo, hi)
    d = at_hi["d"]
    upper = float(d @ m + beta * np.linalg.norm(d - d0))
    r = float(np.linalg.norm(d - d0))
    lower = _norm2_u_bound(m, beta, (d - d0) / r) if r > 0 else _norm2_u_bound(m, beta, -c / nc)
    return min(lower, upper), upper, d


def _inner_quadratic(m: np.ndarray, beta: float):
    """(lower, upper, d) for ``min_{d in simplex} d.m + (beta/2) ||d - d_0||^2``: d = P(d_0 - m/beta)."""
    N = m.shape[0]
    if beta == 0.0:
        return _inner_kl(m, 0.0)
    d0 = np.full(N, 1.0 / N)
    scale = 1.0 / beta if beta > 1e-300 else math.inf
    if not math.isfinite(scale):  # the projection is the hard-margin face
        d = _inner_kl(m, 0.0)[2]
    else:  # P(d_0 - m/beta) = P(-m/beta): shifts along 1 do not move the projection
        d = _simplex_projection(-m, scale)
    upper = float(d @ m + 0.5 * beta * np.sum((d - d0) ** 2))
    g = m + beta * (d - d0)
    lower = upper + float(g.min() - g @ d)  # convexity: f(d') >= f(d) + g.(d' - d) on the simplex
    return min(lower, upper), upper, d


_INNER = {"kl": _inner_kl, "norm2": _inner_norm2, "quadratic": _inner_quadratic}


def regularized_margin(margins, *, beta: float, penalty: str):
    """``D = min_{d in simplex} d.m + beta P(d)`` (the inner minimum of Sun et al. (17)) evaluated
    independently: returns ``(lower, upper, d)`` with ``lower <= D <= upper`` and d the (approximate)
    minimiser. KL is in closed form (lower = upper)."""
    m = check_margins(margins)
    check_choice(penalty, "penalty", PENALTIES)
    return _INNER[penalty](m, check_real(beta, "beta", low=0.0))


# ------------------------------------------------------------------------------- certificates


def _onto_simplex(d: np.ndarray) -> np.ndarray:
    x = np.clip(d, 0.0, None)
    s = float(x.sum())
    return x / s if s > 0 else np.full(d.shape[0], 1.0 / d.shape[0])


def _truth_distribution(U, beta: float, kind: str):
    from .. import truth as _truth

    A = np.asarray(U, dtype=float)
    if beta == 0.0:
        return np.asarray(_truth.soft_margin_lp(A, nu=1.0).d, dtype=float), "dual solution of HiGHS (hard margin)"
    if kind == "kl":
        return np.asarray(_truth.sun_kl_primal(A, beta).d, dtype=float), "Clarabel solution of (20) (refboost.truth)"
    if kind == "norm2":
        return np.asarray(_truth.sun_norm2_primal(A, beta).d, dtype=float), "Clarabel solution of (35) (refboost.truth)"
    return None, ""


def regularized_margin_certificate(
    U,
    weights,
    *,
    beta: float,
    penalty: str,
    hypotheses=None,
    distribution=None,
    tol: float = 1e-6,
    bound: str = "auto",
) -> Certificate:
    r"""Certify that ``weights`` attain the optimum of Sun et al.'s penalised problem (17) within ``tol``.

    .. math:: \max_{w \in S^Q} \min_{d \in S^N} d\cdot(Uw) + \beta P(d)
              \;=\; \min_{d \in S^N} \max_j u_j\cdot d + \beta P(d).

    Parameters
    ----------
    U : array (N, K) or refboost.Oracle
        The hypothesis class (an oracle's ``best`` must be exact: the bound uses its best edge).
    weights : array
        The candidate w (over all K columns, or over ``hypotheses``); must lie in the simplex.
    beta : float >= 0
        Penalty weight (beta = 0: the hard margin).
    penalty : {"kl", "norm2", "quadratic"}
        ``KL(d || d_0)`` (20), ``||d - d_0||_2`` (35), ``||d - d_0||^2 / 2`` (the AdaBoost_Reg column).
    hypotheses : sequence, optional
        Column indices (matrix) or keys (oracle) that ``weights`` belong to.
    distribution : array (N,) or list of arrays, optional
        Candidate dual points d (moved onto the simplex; how far is ``kkt["d_moved"]``). The inner
        minimiser of w (the d the KKT conditions pair with w) is always tried as well.
    tol : float >= 0
    bound : {"auto", "dual", "truth"}
        ``"dual"``: only the candidate d's; ``"truth"``: the d of ground truth (a matrix U; KL and Norm2);
        ``"auto"``: the candidates, then ground truth if they do not certify and U is a matrix.

    Returns
    -------
    Certificate
        ``objective`` = D(w) evaluated from below, ``bound`` = s(d) at the best d; ``kkt``:
        ``"d_off_inner_minimiser"`` = d.(Uw) + beta P(d) - D(w), ``"w_offmax_edges"`` =
        max_j u_j.d - d.(Uw), ``"inner_min_gap"`` (accuracy of D(w)), ``"d_moved"``.
    """
    check_choice(bound, "bound", BOUNDS)
    check_choice(penalty, "penalty", PENALTIES)
    beta = check_real(beta, "beta", low=0.0)
    tol = check_tol(tol)
    cols, w = candidate_columns(U, weights, hypotheses)
    N = cols.shape[0]
    feas = simplex_violation(w)
    m = cols @ w if w.size else np.zeros(N)
    lower, upper, d_inner = _INNER[penalty](m, beta)

    cands = [("inner minimiser of the weights", d_inner, 0.0)]
    cands += [("candidate distribution", _onto_simplex(d), simplex_violation(d))
              for d in candidate_distributions(distribution, N)]

    def _score(d):
        return max_edge(U, d) + beta * penalty_value(d, penalty)

    def _done(b, d, src, moved):
        return _sun_verdict(b, d, src, moved, m=m, beta=beta, penalty=penalty, lower=lower, upper=upper,
                            feas=feas, tol=tol)

    best = None
    if bound != "truth":
        for src, d, moved in cands:
            b = _score(d)
            if best is None or b < best[0]:
                best = (b, d, src, moved)
    cert = _done(*best) if best is not None else None
    use_truth = bound == "truth" or (bound == "auto" and not cert.ok)
    if use_truth:
        return _truth_bound(U, cert, bound, beta, penalty, _score, _done)
    return cert


def _sun_verdict(b, d, src, moved, *, m, beta, penalty, lower, upper, feas, tol) -> Certificate:
    """The certificate of the regularised margin at the dual point ``d`` with bound ``b = s(d)``."""
    dm = float(d @ m) if d is not None else math.nan
    kkt = {
        "d_off_inner_minimiser": (dm + beta * penalty_value(d, penalty) - lower) if d is not None else math.nan,
        "w_offmax_edges": (b - beta * penalty_value(d, penalty) - dm) if d is not None else math.nan,
        "inner_min_gap": upper - lower,
        "d_moved": moved,
    }
    name = {"kl": "sun_kl", "norm2": "sun_norm2", "quadratic": "sun_quadratic"}[penalty]
    eq = _EQUATIONS[penalty] + (" (beta = 0: hard margin (9)/(14))" if beta == 0 else "")
    return verdict(problem=name, equation=eq, sense="max", objective=lower, bound=b, feasibility=feas,
                   tol=tol, bound_source=src, kkt=kkt, what="regularised margin")


def _truth_bound(U, cert, bound, beta, penalty, score, done) -> Certificate:
    """The bound from ground truth's d (a matrix U; KL and Norm2), kept where it is smaller than the
    candidates' (``cert``); ``bound="truth"`` raises where there is none."""
    if isinstance(U, Oracle):
        if bound == "truth":
            raise ValueError("bound='truth' needs U as a matrix (ground truth solves over its columns)")
        return cert
    from ..truth import GroundTruthError

    try:
        d_t, src = _truth_distribution(U, beta, penalty)
    except GroundTruthError:  # the conic solver failed (e.g. beta = 1e6): keep the dual-point bound
        if bound == "truth":
            raise
        return cert
    if d_t is None:
        if bound == "truth":
            raise ValueError(f"no ground truth is available for the {penalty!r} penalty; use bound='dual'")
        return cert
    d_t = _onto_simplex(d_t)
    b = score(d_t)
    if cert is None or b < cert.bound:
        return done(b, d_t, src, 0.0)
    return cert


def sun_kl(U, weights, *, beta: float, hypotheses=None, distribution=None, tol: float = 1e-6,
           bound: str = "auto") -> Certificate:
    """Certify w against Sun et al. (2006) (20) / (20-D): the soft-min margin
    ``-beta ln((1/N) sum_n exp(-(U w)_n / beta))`` within ``tol`` of ``min_d max_j u_j.d + beta KL(d || d_0)``.
    See :func:`regularized_margin_certificate`."""
    return regularized_margin_certificate(U, weights, beta=beta, penalty="kl", hypotheses=hypotheses,
                                          distribution=distribution, tol=tol, bound=bound)


def sun_norm2(U, weights, *, beta: float, hypotheses=None, distribution=None, tol: float = 1e-6,
              bound: str = "auto") -> Certificate:
    """Certify w against Sun et al. (2006) (35) / (35-D): ``min_d d.(U w) + beta ||d - d_0||_2`` within
    ``tol`` of ``min_d max_j u_j.d + beta ||d - d_0||_2``. See :func:`regularized_margin_certificate`."""
    return regularized_margin_certificate(U, weights, beta=beta, penalty="norm2", hypotheses=hypotheses,
                                          distribution=distribution, tol=tol, bound=bound)


def sun_quadratic(U, weights, *, beta: float, hypotheses=None, distribution=None, tol: float = 1e-6,
                  bound: str = "dual") -> Certificate:
    """Certify w against (44) with ``P(d) = ||d - d_0||^2 / 2`` (the penalty whose supporting hyperplane has
    AdaBoost_Reg's direction (40)): ``min_d d.(U w) + (beta/2) ||d - d_0||^2`` within ``tol`` of
    ``min_d max_j u_j.d + (beta/2) ||d - d_0||^2``. See :func:`regularized_margin_certificate`."""
    return regularized_margin_certificate(U, weights, beta=beta, penalty="quadratic", hypotheses=hypotheses,
                                          distribution=distribution, tol=tol, bound=bound)


def lp_reg(U, weights, *, C: float, hypotheses=None, distribution=None, tol: float = 1e-6,
           bound: str = "auto") -> Certificate:
    """Certify w against LP_reg, Sun et al. (2006) (12) / (14) with ``c_n = C`` in ``[1/N, 1]``:
    ``max_w min_{d in simplex, d <= C} d.(U w)``, i.e. the soft-margin LP with ``nu = 1/C``
    (Glocer (2009), (2.2)/(2.3)); checked by :func:`refboost.certify.soft_margin_lp`."""
    N = U.n_examples if isinstance(U, Oracle) else np.shape(U)[0]
    C = check_real(C, "C", low=1.0 / N, high=1.0)  # [1/N, 1]
    cert = soft_margin_lp(U, weights, nu=min(float(N), 1.0 / C), hypotheses=hypotheses,
                          distribution=distribution, tol=tol, bound=bound)
    return dataclasses.replace(cert, problem="lp_reg",
                               equation="Sun, Todorovic & Li (2006), LP (12) / (14) (= Glocer (2009) (2.2)/(2.3), "
                                        "nu = 1/C)")


# --------------------------------------------------------------------- results of the boosters


def _check(kind):
    def check(res, U, tol, bound):
        tol = res.params["eps"] if tol is None else tol
        ds = [res.distribution] + list(res.extra.get("certificate_distributions", []))
        return regularized_margin_certificate(U, res.weights, beta=res.params["beta"], penalty=kind,
                                              hypotheses=res.hypotheses, distribution=ds, tol=tol, bound=bound)

    check.__doc__ = (f"The {kind} regularised margin of the returned weights is within eps of the optimum "
                     f"({_EQUATIONS[kind]}).")
    return check


RESULT_CHECKS = {
    "adaboost_kl": _check("kl"),
    "adaboost_norm2": _check("norm2"),
    "adaboost_reg": _check("quadratic"),
}

__all__ = [
    "PENALTIES",
    "lp_reg",
    "penalty_value",
    "regularized_margin",
    "regularized_margin_certificate",
    "sun_kl",
    "sun_norm2",
    "sun_quadratic",
]
