"""Certificates for the corrective problems of Glocer (2009), chapter 4, and the smoothed soft
margin of Mitsuboshi, Hatano & Takimoto (boosting as Frank-Wolfe).

Entropic smoothing. For margins ``z`` (N,), nu in [1, N] and eta > 0 the smoothed soft margin is

    F(z) = min_{d in S^N, d <= 1/nu} d.z + Delta(d, d^0)/eta,        Delta = KL(d || uniform),

(Glocer 2009, the inner problem of (3.6) at fixed w; Mitsuboshi et al., eq. (10),
``rho~(w) = -f~*(-A w)``). Its Lagrange dual over the caps (Glocer 2009, (3.10)) is

    F(z) = max_{psi >= 0} -(1/eta) ln sum_n d^0_n e^{-eta (z_n + psi_n)} - (1/nu) sum_n psi_n,

and at the optimum ``z_n + psi_n = max(z_n, tau)`` for one threshold tau (the capped examples
are lifted to tau). Every ``tau`` gives a valid lower bound ``Theta(z, tau)``; every ``d`` in the
capped simplex a valid upper bound ``d.z + Delta(d)/eta``. Both are written here from the
formulas (nothing of :mod:`refboost.projections` or of a booster is called).

Binary entropy (Glocer 2009, (3.25)-(3.27)): with ``Delta_{2,nu}(d, d^0) = sum d ln(d/d^0) +
(1/nu - d) ln((1/nu - d)/(1/nu - d^0))`` the caps are the domain and the dual is one-dimensional,

    F_B(z) = max_beta -beta - (1/(eta nu)) sum_n ln((1 - p) + p e^{-eta (z_n + beta)}),   p = nu/N.

Corrective problems (4.6)/(4.12): the same objectives with ``z = u`` and the extra equality
``(u - ubar).d = 0``; their duals (4.7)/(4.13) (Lemmas 4.1, 4.2) are ``F(w_t u + (1 - w_t) ubar)``
over a FREE real ``w_t``, since ``u.d = (w_t u + (1 - w_t) ubar).d`` on the feasible set.

``RESULT_CHECKS`` registers the result checks of the corrective boosters (Glocer 2009, Alg. 4.1,
4.3) and of the Frank-Wolfe boosters (MLPBoost, C-ERLPBoost): each certifies the soft margin of
the returned weights against LP (2.2)/(2.3) (:func:`refboost.certify.soft_margin_lp`).
"""

from __future__ import annotations

import math

import numpy as np
from scipy.special import logsumexp

from .._bisect import bisect
from .._validation import check_array, check_choice, check_eta, check_margins, check_nu, check_tol, check_vector
from ._core import (
    Certificate,
    binary_relative_entropy_uniform,
    candidate_columns,
    candidate_distributions,
    capped_simplex_violation,
    max_edge,
    onto_capped_simplex,
    relative_entropy_uniform,
    simplex_violation,
    verdict,
)
from .lp import soft_margin_lp

BOUNDS = ("auto", "dual")


# --------------------------------------------------------------------------------------------
# the pieces, from the formulas
# --------------------------------------------------------------------------------------------
def _check_nu_eta(nu, eta, N, *, binary=False):
    return check_nu(nu, N, binary=binary), check_eta(eta)


def _theta(z: np.ndarray, nu: float, eta: float, tau: float) -> float:
    """Dual value (3.10) at ``psi = max(0, tau - z)``: a lower bound on F(z) for every tau."""
    zz = np.maximum(z, tau)
    return -(logsumexp(-eta * zz) - math.log(z.shape[0])) / eta - float(np.sum(zz - z)) / nu


def smoothed_margin_dual(z: np.ndarray, nu: float, eta: float) -> tuple[float, np.ndarray]:
    """``max_tau Theta(z, tau)`` and the distribution ``d_n ∝ e^{-eta max(z_n, tau)}`` at the best tau.

    The optimal threshold lifts the k smallest margins (k < nu) to ``tau_k`` with
    ``(nu - k) e^{-eta tau_k} = sum_{i > k} e^{-eta z_(i)}``; every k is tried (each value is a
    valid lower bound, the largest is F(z) up to round-off).
    """
    N = z.shape[0]
    s = np.sort(z)
    kmax = min(N - 1, math.ceil(nu) - 1)
    taus = [-math.inf]
    a = -eta * s
    # reverse cumulative log-sum-exp: L[k] = ln sum_{i >= k} e^{-eta s_i}
    L = np.logaddexp.accumulate(a[::-1])[::-1]
    for k in range(1, kmax + 1):
        tau = -(L[k] - math.log(nu - k)) / eta
        taus.append(float(np.clip(tau, s[k - 1], s[k])))
    best_v, best_tau = -math.inf, -math.inf
    for tau in taus:
        v = _theta(z, nu, eta, tau) if math.isfinite(tau) else -(logsumexp(-eta * z) - math.log(N)) / eta
        if v > best_v:
            best_v, best_tau = v, tau
    zz = np.maximum(z, best_tau) if math.isfinite(best_tau) else z
    e = -eta * zz
    d = np.exp(e - logsumexp(e))
    return best_v, d


def _binary_q(z: np.ndarray, nu: float, eta: float, beta: float) -> float:
    """Dual (3.26) at beta: a lower bound on F_B(z) for every real beta."""
    N = z.shape[0]
    p = nu / N
    terms = np.logaddexp(math.log1p(-p), math.log(p) - eta * (z + beta))
    return -float(terms.sum()) / (eta * nu) - beta


def _binary_d(z, nu, eta, beta):
    N = z.shape[0]
    p = nu / N
    x = math.log(p) - math.log1p(-p) - eta * (z + beta)
    return np.where(x >= 0, 1.0 / (1.0 + np.exp(-np.abs(x))), np.exp(-np.abs(x)) / (1.0 + np.exp(-np.abs(x)))) / nu


def binary_margin_dual(z: np.ndarray, nu: float, eta: float) -> tuple[float, np.ndarray]:
    """``max_beta q(beta)`` of (3.26) (the root of ``sum_n d_n(beta) = 1``, bisection) and its d."""
    N = z.shape[0]
    p = nu / N
    # sum_n d_n(beta) is decreasing from N/nu > 1 to 0; d_n = sigma(logit p - eta (z_n + beta)) / nu.
    # At beta = -min z + (logit p - logit(1/N))/eta ... bracket by the extreme margins:
    lg = math.log(p) - math.log1p(-p)
    q = 1.0 / N  # sum d = 1 with all d_n <= 1/nu needs one d_n >= 1/N and one <= 1/N
    lq = math.log(nu * q) - math.log1p(-nu * q) if nu * q < 1 else 50.0
    lo = (lg - lq) / eta - float(z.max())  # every d_n >= q here: sum >= 1
    hi = (lg - lq) / eta - float(z.min())  # every d_n <= q here: sum <= 1
    lo, hi = lo - 1e-12 * (1 + abs(lo)), hi + 1e-12 * (1 + abs(hi))
    lo, hi = bisect(lambda b: float(_binary_d(z, nu, eta, b).sum()) > 1.0, lo, hi)
    cands = [lo, hi, 0.5 * (lo + hi)]
    vals = [_binary_q(z, nu, eta, b) for b in cands]
    i = int(np.argmax(vals))
    return vals[i], _binary_d(z, nu, eta, cands[i])


def _fit_free_weight(d, y_shift, x, ok):
    """Least-squares ``y_shift_n ≈ c - eta w x_n`` over the entries ``ok`` -> the slope ``-eta w``."""
    if ok.sum() < 2:
        return 0.0
    A = np.column_stack([np.ones(int(ok.sum())), x[ok]])
    sol, *_ = np.linalg.lstsq(A, y_shift[ok], rcond=None)
    return float(sol[1])


# --------------------------------------------------------------------------------------------
# Glocer's inner problem / Mitsuboshi et al. eq. (10): one margin vector, a candidate d
# --------------------------------------------------------------------------------------------
def smoothed_margin(margins, distribution, *, nu: float = 1.0, eta: float, tol: float = 1e-6) -> Certificate:
    r"""Certify that ``distribution`` solves the smoothed soft margin at fixed margins ``z``.

    Problem: :math:`F(z) = \min_{d \in S^N, d \le 1/\nu} d\cdot z + \Delta(d, d^0)/\eta` (Glocer 2009,
    (3.6) at fixed w; Mitsuboshi et al., eq. (10)). Objective: the candidate's value;
    bound: the dual (3.10) at the best threshold tau (``psi = max(0, tau - z)``).
    ``kkt["d_vs_dual_point"]``: ``max_n |d_n - d(tau)_n|``.
    """
    tol = check_tol(tol)
    z = check_margins(margins)
    N = z.shape[0]
    d = check_vector(distribution, N, "distribution", "N")
    nu, eta = _check_nu_eta(nu, eta, N)
    feas = capped_simplex_violation(d, nu)
    dc = np.maximum(d, 0.0)
    obj = float(dc @ z) + relative_entropy_uniform(dc) / eta
    b, dstar = smoothed_margin_dual(z, nu, eta)
    return verdict(problem="smoothed_soft_margin", equation="Glocer (2009), (3.6)/(3.10) at fixed w; "
                   "Mitsuboshi et al., eq. (10)", sense="min", objective=obj, bound=b, feasibility=feas, tol=tol,
                   bound_source="dual (3.10) at psi = max(0, tau - z), best tau", kkt={"d_vs_dual_point":
                   float(np.max(np.abs(dc - dstar)))}, what="smoothed margin")


# --------------------------------------------------------------------------------------------
# (4.6) and (4.12): the corrective one-step problems
# --------------------------------------------------------------------------------------------
def _corrective(u, ubar, distribution, nu, eta, w_t, tol, binary):
    tol = check_tol(tol)
    u = check_array(u, "u", ndim=1)
    N = u.shape[0]
    ubar = check_vector(ubar, N, "ubar", "N")
    d = check_vector(distribution, N, "distribution", "N")
    nu, eta = _check_nu_eta(nu, eta, N, binary=binary)
    x = u - ubar
    cap = 1.0 / nu
    dc = np.clip(d, 0.0, cap)
    feas = max(capped_simplex_violation(d, nu), abs(float(x @ d)))
    if binary:
        obj = float(dc @ u) + binary_relative_entropy_uniform(dc, nu) / eta
    else:
        obj = float(dc @ u) + relative_entropy_uniform(dc) / eta
    # the free multiplier w_t from the candidate (KKT: the log-odds / log of d is affine in x)
    cands = [] if w_t is None else [float(w_t)]
    if binary:
        ok = (dc > 0) & (dc < cap)
        y = np.zeros(N)
        y[ok] = np.log(nu * dc[ok]) - np.log1p(-nu * dc[ok]) + eta * ubar[ok]
    else:
        ok = (dc > 0) & (dc < cap * (1 - 1e-9))
        y = np.zeros(N)
        y[ok] = np.log(dc[ok]) + eta * ubar[ok]
    slope = _fit_free_weight(dc, y, x, ok)
    cands.append(-slope / eta)
    best = (-math.inf, None, math.nan)
    for wt in cands:
        if not math.isfinite(wt):
            continue
        z = wt * u + (1.0 - wt) * ubar
        v, dstar = binary_margin_dual(z, nu, eta) if binary else smoothed_margin_dual(z, nu, eta)
        if v > best[0]:
            best = (v, dstar, wt)
    b, dstar, wt = best
    kkt = {"equality": abs(float(x @ d)), "w_t": wt,
           "d_vs_dual_point": float(np.max(np.abs(dc - dstar))) if dstar is not None else math.inf}
    eq = "Glocer (2009), (4.12)/(4.13), Lemma 4.2" if binary else "Glocer (2009), (4.6)/(4.7), Lemma 4.1"
    return verdict(problem="corrective_binary" if binary else "corrective", equation=eq, sense="min", objective=obj,
                   bound=b, feasibility=feas, tol=tol, bound_source="dual at the free w_t fitted to the candidate",
                   kkt=kkt)


def corrective_46(u, ubar, distribution, *, nu: float = 1.0, eta: float, w_t=None, tol: float = 1e-6) -> Certificate:
    r"""Certify a candidate d of Glocer (2009), eq. (4.6)

    .. math:: \min_d\ u\cdot d + \Delta(d, d^0)/\eta
              \quad\text{s.t.}\quad d\cdot 1 = 1,\ d \le 1/\nu,\ (u - \bar u)\cdot d = 0.

    Bound: the dual (4.7) (Lemma 4.1) ``F(w_t u + (1 - w_t) ubar)`` at the free ``w_t`` read off
    the candidate (``ln d_n + eta ubar_n`` is affine in ``u_n - ubar_n`` with slope ``-eta w_t``
    on the uncapped examples; least squares), or the given ``w_t`` if that is better; ``psi`` at
    the best threshold. ``feasibility`` includes ``|(u - ubar).d|``; ``kkt``: ``equality``,
    ``w_t``, ``d_vs_dual_point``. (4.6) is infeasible when ``u - ubar`` has one sign: then no
    candidate is feasible.
    """
    return _corrective(u, ubar, distribution, nu, eta, w_t, tol, binary=False)


def corrective_binary_412(u, ubar, distribution, *, nu: float = 1.0, eta: float, w_t=None,
                          tol: float = 1e-6) -> Certificate:
    r"""Certify a candidate d of Glocer (2009), eq. (4.12): as :func:`corrective_46` with the capped
    binary entropy ``Delta_{2,nu}`` (the caps are its domain; 1 <= nu < N). Bound: the dual (4.13)
    (Lemma 4.2) at the fitted ``w_t`` and the optimal beta of (3.26) (bisection on ``sum d = 1``)."""
    return _corrective(u, ubar, distribution, nu, eta, w_t, tol, binary=True)


# --------------------------------------------------------------------------------------------
# the smoothed soft margin over the class (Mitsuboshi et al., eqs. (9)-(12))
# --------------------------------------------------------------------------------------------
def smoothed_soft_margin(U, weights, *, nu: float = 1.0, eta: float, hypotheses=None, distribution=None,
                         tol: float = 1e-6, bound: str = "dual") -> Certificate:
    r"""Certify that ``weights`` maximise the smoothed soft margin over the class within ``tol``.

    Problem (Mitsuboshi et al., eq. (12), the dual of eq. (9); Glocer 2009, (3.6)/(3.10)):

    .. math:: \max_{w \in S^Q} F(Uw) \;=\; \min_{d \in S^N, d \le 1/\nu}\ \max_q u^q\cdot d + \Delta(d, d^0)/\eta .

    ``objective`` = F(Uw) (its dual value at the best threshold, a lower bound on F(Uw));
    ``bound`` = ``max_q u^q.d + Delta(d)/eta`` at the best of the given distributions and the
    entropic ``d(w)`` of the candidate (for an Oracle: its best edge). ``kkt``:
    ``"w_on_max_edges"`` = ``max_q u^q.d(w) - d(w).(Uw)`` (the Frank-Wolfe gap at w),
    ``"d_moved"`` (how far a given distribution was from the capped simplex).
    """
    check_choice(bound, "bound", BOUNDS)
    tol = check_tol(tol)
    cols, w = candidate_columns(U, weights, hypotheses)
    N = cols.shape[0]
    nu, eta = _check_nu_eta(nu, eta, N)
    feas = simplex_violation(w)
    z = cols @ w if w.size else np.zeros(N)
    obj, dw = smoothed_margin_dual(z, nu, eta)
    cands = [("entropic d(w) of the candidate", dw, 0.0)]
    cands += [("candidate distribution", onto_capped_simplex(dd, nu), capped_simplex_violation(dd, nu))
              for dd in candidate_distributions(distribution, N)]
    best = (math.inf, "none", 0.0)
    fw_gap = math.nan
    for src, dd, moved in cands:
        me = max_edge(U, dd)
        if src.startswith("entropic"):
            fw_gap = me - float(dd @ z)
        b = me + relative_entropy_uniform(dd) / eta
        if b < best[0]:
            best = (b, src, moved)
    return verdict(problem="smoothed_soft_margin_max", equation="Mitsuboshi et al., eqs. (9)/(12); "
                   "Glocer (2009), (3.6)/(3.10)", sense="max", objective=obj, bound=best[0], feasibility=feas,
                   tol=tol, bound_source=best[1], kkt={"w_on_max_edges": fw_gap, "d_moved": best[2]},
                   what="smoothed soft margin")


# --------------------------------------------------------------------------------------------
# result checks
# --------------------------------------------------------------------------------------------
def _check_soft_margin(res, U, tol, bound):
    """The soft margin of the returned weights is within eps of the optimum of LP (2.2) over the class."""
    tol = res.params["eps"] if tol is None else tol
    ds = [res.distribution] + list(res.extra.get("certificate_distributions", []))
    return soft_margin_lp(U, res.weights, nu=res.params["nu"], hypotheses=res.hypotheses, distribution=ds,
                          tol=tol, bound=bound)


RESULT_CHECKS = {
    "corrective_erlpboost": _check_soft_margin,
    "corrective_binary_erlpboost": _check_soft_margin,
    "cerlpboost": _check_soft_margin,
    "mlpboost": _check_soft_margin,
}

__all__ = ["corrective_46", "corrective_binary_412", "smoothed_margin", "smoothed_soft_margin", "RESULT_CHECKS"]
