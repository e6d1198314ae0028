r"""Certificates for the entropy-regularised problems of Glocer (2009), chapter 3.

* :func:`erlp_36` -- ERLPBoost's problem (3.6) and its dual, the smoothed soft margin of w:

  .. math:: \min_{d \in S^N, d \le 1/\nu} \max_q u^q\cdot d + \tfrac1\eta \Delta(d, d^0)
            \;=\; \max_{w \in S^Q} F(Uw),

  with ``F(m) = min_{d in S^N, d <= 1/nu} d.m + Delta(d, d^0)/eta``.

* :func:`binary_erlp_325` -- Binary ERLPBoost's problem (3.25) with the capped binary relative
  entropy ``Delta_{2,nu}`` and its dual (3.26).
* :func:`softboost_31` -- SoftBoost's problem (3.1): ``min Delta(d, d^0)`` subject to
  ``u^q.d <= bound``, d in the capped simplex, and its dual (Lemma 3.1, w >= 0 unnormalised).

Weak duality gives every bound. For (3.6): for any d in the capped simplex and w in the simplex,

    F(Uw) <= d.(Uw) + Delta(d, d^0)/eta <= max_q u^q.d + Delta(d, d^0)/eta = P(d),

so ``P(d) - F(Uw)`` bounds the suboptimality of both. ``F`` itself is bounded from below by its
Lagrangian dual in the multipliers psi >= 0 of the caps (Glocer 2009, eq. (3.10)),

    Theta(w, psi) = -(1/eta) ln sum_n d0_n exp(-eta((Uw)_n + psi_n)) - (1/nu) sum_n psi_n  <=  F(Uw),

and from above by its value at any feasible d. Both are evaluated here at the closed form (3.7) of
the minimiser (the KL projection of ``d0 exp(-eta Uw)`` onto the capped simplex), recomputed from
the weights alone; ``kkt["smoothing_gap"]`` is their difference (round-off when the projection is
exact). The binary case is the same with the single multiplier beta of ``sum d = 1`` (Lemma 3.18).
"""

from __future__ import annotations

import math

import numpy as np
from scipy.special import expit, logsumexp

from .._bisect import bisect
from .._validation import check_eta, check_nu, check_real, check_tol
from ..oracles import Oracle
from ._core import (
    Certificate,
    binary_relative_entropy_uniform,
    candidate_columns,
    candidate_distributions,
    capped_simplex_violation,
    max_edge,
    onto_capped_simplex,
    relative_entropy_uniform,
    verdict,
)
from .lp import soft_margin_lp

# ---------------------------------------------------------------------------------------------
# Arithmetic recomputed from the instance (no booster code)
# ---------------------------------------------------------------------------------------------


def _capped_kl_projection(s: np.ndarray, nu: float):
    """KL projection of ``a = exp(s)`` onto the capped simplex: ``d = min(1/nu, theta a)``.

    Returns ``(d, log_theta)``. theta is read off the sorted ``s``: with k entries capped,
    ``theta_k = (1 - k/nu) / sum_{j >= k} a_(j)``; the first k whose next entry is not above the
    cap is the one (Glocer 2009, Alg. 4.2 with cap 1/nu), all in the log domain.
    """
    N = s.shape[0]
    order = np.argsort(-s, kind="stable")
    ss = s[order]
    suffix = np.logaddexp.accumulate(ss[::-1])[::-1]  # log sum_{j >= k} a_(j)
    K = min(N, math.ceil(nu))  # at most ceil(nu) - 1 entries can be capped
    k = np.arange(K)
    room = 1.0 - k / nu
    ok = room > 0
    lt = np.full(K, np.inf)
    lt[ok] = np.log(room[ok]) - suffix[:K][ok]
    first = np.flatnonzero(ok & (ss[:K] + lt <= -math.log(nu) + 1e-15))
    if first.size:
        log_theta = float(lt[first[0]])
    else:  # nu = N (d = 1/N) or round-off at the last step: the caps hold everything
        log_theta = -math.log(nu) - float(ss[K - 1])
    d = np.minimum(1.0 / nu, np.exp(np.minimum(s + log_theta, 0.0)))
    return onto_capped_simplex(d, nu), log_theta


def smoothed_soft_margin_bounds(margins, nu: float, eta: float):
    """Lower and upper bounds on ``F(m) = min_{d capped} d.m + Delta(d, d^0)/eta`` and the minimiser.

    Lower: ``Theta(psi)`` of eq. (3.10) at the caps' multipliers ``psi`` of the closed form (3.7);
    upper: the objective at the closed-form d (moved exactly onto the capped simplex). Returns
    ``(lower, upper, d)``.
    """
    m = np.asarray(margins, dtype=float)
    N = m.shape[0]
    log_d0 = -math.log(N)
    s = log_d0 - eta * m
    d, log_theta = _capped_kl_projection(s, nu)
    psi = np.maximum((s + log_theta + math.log(nu)) / eta, 0.0)
    lower = -logsumexp(log_d0 - eta * (m + psi)) / eta - float(psi.sum()) / nu
    upper = float(d @ m) + relative_entropy_uniform(d) / eta
    return lower, upper, d


def binary_smoothed_soft_margin_bounds(margins, nu: float, eta: float):
    """Lower and upper bounds on ``F_B(m) = min_{d in S^N} d.m + Delta_{2,nu}(d, d^0)/eta`` (Lemma 3.18).

    Lower: ``Theta_B(beta) = -beta - (1/(eta nu)) sum_n ln(1 - p + p exp(-eta(m_n + beta)))``,
    ``p = nu/N`` (eq. (3.26) with the box minimum in closed form), a valid bound for every beta; beta
    is the root of ``sum_n d_n(beta) = 1`` found by bisection on ``[-max m, -min m]``. Upper: the
    objective at ``d(beta)`` of (3.27) moved exactly onto the simplex. Returns ``(lower, upper, d)``.
    """
    m = np.asarray(margins, dtype=float)
    N = m.shape[0]
    p = nu / N
    a = (math.log(p) - math.log1p(-p)) - eta * m  # d_n = sigma(a_n - b) / nu, b = eta beta

    def mass(b):
        return float(np.sum(expit(a - b))) / nu - 1.0

    lo, hi = bisect(lambda b: mass(b) > 0, -eta * float(m.max()), -eta * float(m.min()))
    b = 0.5 * (lo + hi)
    lower = -b / eta - float(np.sum(np.logaddexp(math.log1p(-p), math.log(p) - eta * m - b))) / (eta * nu)
    d = onto_capped_simplex(expit(a - b) / nu, nu)
    upper = float(d @ m) + binary_relative_entropy_uniform(d, nu) / eta
    return lower, upper, d


def _n_examples(U) -> int:
    if isinstance(U, Oracle):
        return int(U.n_examples)
    return int(np.shape(U)[0])


# ---------------------------------------------------------------------------------------------
# (3.6) and (3.25): ERLPBoost and Binary ERLPBoost
# ---------------------------------------------------------------------------------------------


def _erlp_like(U, weights, *, nu, eta, hypotheses, distribution, tol, binary):
    tol = check_tol(tol)
    eta = check_eta(eta)
    if weights is None:
        raise ValueError("weights must be given: the dual value F(Uw) is the certificate's lower bound")
    cols, w = candidate_columns(U, weights, hypotheses)
    N = cols.shape[0]
    nu = check_nu(nu, N, binary=binary)
    ds = candidate_distributions(distribution, N)
    w_feas = float(max(0.0, -float(w.min()) if w.size else 1.0, abs(float(w.sum()) - 1.0)))
    m = cols @ w if w.size else np.zeros(N)
    if binary:
        lower, upper, d_w = binary_smoothed_soft_margin_bounds(m, nu, eta)
        reg = (lambda d: binary_relative_entropy_uniform(d, nu))
        problem, eq = "binary_erlp", "Glocer (2009), eqs. (3.25)/(3.26)"
    else:
        lower, upper, d_w = smoothed_soft_margin_bounds(m, nu, eta)
        reg = relative_entropy_uniform
        problem, eq = "erlp", "Glocer (2009), eqs. (3.6)/(3.10)"
    best = (math.inf, d_w, "primal (3.6) value at d(w), the closed form (3.7)" if not binary
            else "primal (3.25) value at d(w, beta), the closed form (3.27)", 0.0)
    for d in [d_w] + ds:
        moved = capped_simplex_violation(d, nu)
        dd = onto_capped_simplex(d, nu)
        P = max_edge(U, dd) + reg(dd) / eta
        if P < best[0]:
            src = best[2] if d is d_w else "primal value at the candidate distribution"
            best = (P, dd, src, moved)
    P, dd, src, moved = best
    kkt = {
        "smoothing_gap": upper - lower,  # round-off of the recomputed closed form
        "d_vs_closed_form": float(np.max(np.abs(dd - d_w))),
        "w_on_max_edges": P - reg(dd) / eta - float(dd @ m),  # max_q u^q.d - w.U^T d >= 0
        "d_moved": moved,
    }
    return verdict(problem=problem, equation=eq, sense="max", objective=lower, bound=P, feasibility=w_feas,
                   tol=tol, bound_source=src, kkt=kkt,
                   what="regularised dual value of w" if not binary else "binary regularised dual value of w")


def erlp_36(U, weights, *, nu: float = 1.0, eta: float, hypotheses=None, distribution=None,
            tol: float = 1e-6) -> Certificate:
    r"""Certify that ``weights`` solve the dual of ERLPBoost's problem (Glocer 2009, eq. (3.6)) within ``tol``.

    .. math:: \max_{w \in S^Q} F(Uw) = \min_{d \in S^N,\ d \le 1/\nu}\ \max_q u^q\cdot d + \tfrac1\eta\Delta(d, d^0).

    Parameters
    ----------
    U : array (N, K) or refboost.Oracle
        The class (with an oracle, ``max_q`` is the oracle's best edge).
    weights : array
        The candidate w (over the columns of U, or over ``hypotheses``); must lie in the simplex.
    nu : float in [1, N]
    eta : float > 0
    hypotheses : sequence, optional
        Column indices (matrix) or keys (oracle) of ``weights``.
    distribution : array (N,) or list of arrays, optional
        Extra primal candidates d; the smallest primal value among them and d(w) is the bound.
    tol : float >= 0

    Returns
    -------
    Certificate
        ``objective`` = a lower bound on ``F(Uw)`` (Theta of eq. (3.10) at the closed-form psi),
        ``bound`` = ``P(d)`` at the best primal point, ``gap`` = their difference (bounds the
        suboptimality of w and of d). ``kkt``: ``smoothing_gap`` (upper minus lower bound on
        ``F(Uw)``), ``d_vs_closed_form`` (max |d - d(w)|), ``w_on_max_edges``
        (``max_q u^q.d - w.U^T d``), ``d_moved``.
    """
    return _erlp_like(U, weights, nu=nu, eta=eta, hypotheses=hypotheses, distribution=distribution, tol=tol,
                      binary=False)


def binary_erlp_325(U, weights, *, nu: float = 1.0, eta: float, hypotheses=None, distribution=None,
                    tol: float = 1e-6) -> Certificate:
    r"""Certify that ``weights`` solve the dual (3.26) of Binary ERLPBoost's problem (3.25) within ``tol``.

    .. math:: \max_{w \in S^Q} F_B(Uw) = \min_{d \in S^N}\ \max_q u^q\cdot d + \tfrac1\eta\Delta_{2,\nu}(d, d^0)

    (Glocer 2009, Lemma 3.18; the caps ``d <= 1/nu`` are the domain of ``Delta_{2,nu}``; 1 <= nu < N).
    ``objective`` = ``Theta_B(w, beta)`` at the root beta of ``sum d = 1`` (a lower bound on ``F_B(Uw)``
    for any beta), ``bound`` = ``P_B(d)`` at the best of d(w, beta) (3.27) and the given
    distributions. Same parameters and ``kkt`` as :func:`erlp_36`.
    """
    return _erlp_like(U, weights, nu=nu, eta=eta, hypotheses=hypotheses, distribution=distribution, tol=tol,
                      binary=True)


# ---------------------------------------------------------------------------------------------
# (3.1): SoftBoost
# ---------------------------------------------------------------------------------------------


def softboost_31(U, distribution=None, *, nu: float = 1.0, bound: float, weights=None, hypotheses=None,
                 tol: float = 1e-6) -> Certificate:
    r"""Certify a solution of SoftBoost's problem (Glocer 2009, eq. (3.1)) within ``tol``.

    .. math:: \min_{d \in S^N,\ d \le 1/\nu}\ \Delta(d, d^0)
              \quad\text{s.t.}\quad u^q\cdot d \le \text{bound}\ \ \forall q

    with the dual of Lemma 3.1 (w >= 0, unnormalised): ``Theta_S(w) = F_1(Uw) - bound * sum_q w_q``,
    ``F_1`` the smoothed soft margin at eta = 1, bounded from below as in :func:`erlp_36`.

    Parameters
    ----------
    U : array (N, K) or refboost.Oracle
        The edge constraints (with an oracle: every hypothesis of the class, through its best edge).
    distribution : array (N,), optional
        The candidate d (default: d(w), the closed form (3.2) at ``weights``).
    bound : float
        The right-hand side ``gamma_hat_t - eps``.
    weights : array, optional
        Multipliers w >= 0 of the edge constraints (over the columns of U or over ``hypotheses``):
        without them there is no lower bound and the gap is infinite.
    tol : float >= 0

    Returns
    -------
    Certificate
        ``objective`` = ``Delta(d, d^0)``, ``bound`` = ``Theta_S(w)``, ``feasibility`` = worst of the
        capped-simplex violation and ``max_q u^q.d - bound``; ``kkt``: ``d_vs_closed_form``,
        ``complementary_slackness`` = ``|sum_q w_q (bound - u^q.d)|``, ``smoothing_gap``.
    """
    tol = check_tol(tol)
    b = check_real(bound, "bound")
    N = _n_examples(U)
    nu = check_nu(nu, N)
    ds = candidate_distributions(distribution, N)
    if weights is None and not ds:
        raise ValueError("give a distribution, weights, or both")
    lower, d_w, w_neg, cs, smooth, src = -math.inf, None, 0.0, math.nan, math.nan, "no weights given"
    cols = None
    if weights is not None:
        cols, w = candidate_columns(U, weights, hypotheses)
        w_neg = float(max(0.0, -float(w.min()))) if w.size else 0.0
        wp = np.maximum(w, 0.0)
        m = cols @ wp if wp.size else np.zeros(N)
        low1, up1, d_w = smoothed_soft_margin_bounds(m, nu, 1.0)
        lower = low1 - b * float(wp.sum())
        smooth = up1 - low1
        src = "dual value Theta_S(w) of Lemma 3.1 at the given weights"
    d = ds[0] if ds else d_w
    moved = capped_simplex_violation(d, nu)
    dd = onto_capped_simplex(d, nu)
    edge_viol = max(0.0, max_edge(U, dd) - b)
    if cols is not None and cols.shape[1]:
        cs = abs(float(np.maximum(w, 0.0) @ (b - cols.T @ dd)))
    kkt = {"d_moved": moved, "d_vs_closed_form": float(np.max(np.abs(dd - d_w))) if d_w is not None else math.nan,
           "complementary_slackness": cs, "smoothing_gap": smooth, "w_negative": w_neg}
    return verdict(problem="softboost", equation="Glocer (2009), eq. (3.1) and Lemma 3.1", sense="min",
                   objective=relative_entropy_uniform(dd), bound=lower,
                   feasibility=max(moved, edge_viol, w_neg), tol=tol, bound_source=src, kkt=kkt,
                   what="relative entropy of d")


# ---------------------------------------------------------------------------------------------
# What the boosters certify about their returned weights
# ---------------------------------------------------------------------------------------------


def _check_soft_margin(res, U, tol, bound):
    """SoftBoost / TotalBoost / ERLPBoost / Binary ERLPBoost (Glocer 2009, Thms 3.2, 3.10/3.12, 3.21/3.23):
    the soft margin of the returned weights is within eps of the optimal soft margin over the class."""
    tol = res.params["eps"] if tol is None else tol
    ds = [res.distribution] + list(res.extra.get("certificate_distributions", []))
    return soft_margin_lp(U, res.weights, nu=res.params.get("nu", 1.0), hypotheses=res.hypotheses,
                          distribution=ds, tol=tol, bound=bound)


RESULT_CHECKS = {
    "softboost": _check_soft_margin,
    "totalboost": _check_soft_margin,
    "erlpboost": _check_soft_margin,
    "binary_erlpboost": _check_soft_margin,
}
