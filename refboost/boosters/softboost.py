"""SoftBoost and TotalBoost (Glocer 2009, Alg. 3.1; Warmuth, Glocer & Rätsch 2007; Warmuth, Liao & Rätsch 2006).

Each iteration projects the uniform distribution, in relative entropy, onto the distributions whose
edges on the hypotheses so far are at most ``gamma_hat_t - eps`` (problem (3.1)); the projection is
solved through its dual (Lemma 3.1, corrected: ``w >= 0`` unnormalised) by the active-set Newton
method of :mod:`refboost.boosters._newton` with psi eliminated in closed form (as ERLPBoost's step,
:mod:`refboost.boosters.entropy`, with eta = 1). The run stops when (3.1) is infeasible or its
solution has a zero, decided by feasibility LPs (:func:`softboost_stop_test`). The output is the
LP (2.2) weights over the chosen hypotheses (what Thm 3.2 is about); ``converged=True`` exactly
when :func:`refboost.certify.soft_margin_lp` confirms from them that their soft margin is within
eps of the optimum over the class (see :mod:`refboost.boosters.entropy` for the certificate).
"""

from __future__ import annotations

import time

import numpy as np
from scipy.special import logsumexp

from .._validation import check_max_iter, check_nu, check_real, check_U
from ..margins import soft_margin
from ..projections import capped_slack, kl_divergence
from ..result import BoostResult
from . import _newton
from ._common import Columns, finish
from ._params import Choice, Int, Nu, Real, constraints
from .entropy import INNER_TOL, DualStep, _Answers, _certify_soft_margin, _erlp_f, _tol_floor
from .lpboost import LP_METHODS

#: SoftBoost stops when the largest possible minimum entry of a feasible d is below this
#: ("d^t has a zero", decided by an LP rather than from an inexact entropy solve).
ZERO_TOL = 1e-9


def _feasible_point(U_t, nu: float, bound: float, low: float):
    """A d with ``low <= d <= 1/nu``, ``sum d = 1``, ``U_t^T d <= bound`` (HiGHS), None if there is none,
    ``"undecided"`` if neither HiGHS method decides. t + 1 rows and box bounds: O(N t) memory and time."""
    from scipy.optimize import linprog

    N, t = U_t.shape
    if low * N > 1.0 + 1e-15 or low > 1.0 / nu:
        return None
    for method in ("highs-ds", "highs-ipm"):
        res = linprog(np.zeros(N), A_ub=U_t.T, b_ub=np.full(t, bound), A_eq=np.ones((1, N)), b_eq=[1.0],
                      bounds=(low, 1.0 / nu), method=method)
        if res.status == 2:
            return None
        if res.status == 0:
            return res.x
    return "undecided"


def softboost_stop_test(U_t, nu: float, bound: float, zero_tol: float = ZERO_TOL):
    """SoftBoost's stopping test (Glocer 2009, Alg. 3.1): (3.1) is infeasible or its solution has a zero.

    The relative-entropy projection (3.1) lies in the relative interior of the feasible set, so it
    has a zero iff no feasible d has every entry > 0. Decided by feasibility LPs with box bounds only
    (no N x N block): is there a feasible d with ``d >= zero_tol``? If not, is (3.1) feasible at all?
    Returns ``(stop, interior)`` with ``interior`` = ``-inf`` ((3.1) infeasible), ``0.0`` (feasible,
    no point with all entries >= zero_tol) or the smallest entry of a feasible point (a lower bound on
    ``s* = max {min_n d_n : d feasible for (3.1)}``). An LP neither HiGHS method decides counts as a stop
    (the result's certificate then decides convergence).
    """
    x = _feasible_point(U_t, nu, bound, max(zero_tol, 0.0))
    if isinstance(x, np.ndarray):
        return False, float(x.min())
    if isinstance(x, str):
        return True, 0.0
    x0 = _feasible_point(U_t, nu, bound, 0.0)
    return True, (-np.inf if x0 is None else 0.0)


class NotStrictlyFeasible(ArithmeticError):
    """SoftBoost's problem (3.1) has no strictly feasible point, so its dual (Lemma 3.1) is unbounded."""


def softboost_dual_step(
    U_t, nu: float, bound: float, *, w0=None, tol: float = INNER_TOL, max_iter: int = 500
) -> DualStep:
    """Solve SoftBoost's problem (3.1) through its dual (Lemma 3.1, corrected: w >= 0 unnormalised).

    ``max_{w >= 0} Theta_S(w) = F_1(U_t w) - bound * sum_q w_q`` with ``bound = gamma_hat_t - eps``
    and ``F_1 = smoothed_soft_margin(., nu, eta=1)`` (psi eliminated in closed form). The primal
    solution is ``d(w)`` of (3.2). Reported ``gap = Delta(d, d^0) - Theta_S`` = ``-w . G``
    (complementary slackness) and ``extra["infeasibility"] = max_q (u^q.d - bound)^+``.
    Requires (3.1) to be strictly feasible (see :func:`softboost_stop_test`); raises
    :class:`NotStrictlyFeasible` where the dual ascent diverges because it is not.
    """
    U_t = check_U(U_t, "U_t")
    N, t = U_t.shape
    nu = check_nu(nu, N)
    bound = check_real(bound, "bound")
    tol = check_real(tol, "tol", low=0.0, low_open=True)
    max_iter = check_max_iter(max_iter)
    x0 = np.zeros(t) if w0 is None else np.maximum(np.asarray(w0, float), 0.0)
    # over/invalid: where (3.1) has no interior point the ascent runs to w = inf; detected just below
    with _newton.single_thread_blas(), np.errstate(over="ignore", invalid="ignore"):
        r = _newton.maximize(_erlp_f(nu, 1.0), U_t, x0, lin=np.full(t, -bound), domain="orthant",
                             tol=max(tol, _tol_floor(1.0)), max_iter=max_iter)
    d = r.d
    if not (np.all(np.isfinite(r.x)) and np.all(np.isfinite(d))):
        # the dual ascent ran off to w = inf: (3.1) has no strictly feasible point in floating point
        # (HiGHS' feasibility test accepts bounds within its tolerance of the infeasible side)
        raise NotStrictlyFeasible(f"(3.1) is not strictly feasible at bound = {bound!r}: the dual (Lemma 3.1) "
                                  "is unbounded")
    edges = U_t.T @ d
    primal = kl_divergence(d, np.full(N, 1.0 / N))
    proj = r.aux
    m = U_t @ r.x
    C = proj.capped
    psi = capped_slack(m, C, proj.log_Z, nu)
    beta = -1.0 + float(logsumexp(-(m + psi)) - np.log(N))  # (3.4): beta = -1 + ln sum d0 exp(-m - psi)
    return DualStep(
        w=r.x, d=d, dual=r.value, primal=primal, gap=float(primal - r.value), edges=edges, n_iter=r.n_iter,
        n_eval=r.n_eval, status=r.status,
        extra={"psi": psi, "beta": beta, "capped": C, "infeasibility": float(max((edges - bound).max(), 0.0)),
               "margins": m},
    )


_SOFTBOOST_CONSTRAINTS = dict(
    eps=Real(0, None, low_open=True), max_iter=Int(1), g=Real(-1.0, 1.0, none_ok=True), zero_tol=Real(0, None),
    inner_tol=Real(0, None, low_open=True), inner_max_iter=Int(1),
    method=Choice(LP_METHODS),
)


@constraints(nu=Nu(), **_SOFTBOOST_CONSTRAINTS)
def softboost(
    oracle,
    *,
    nu: float = 1.0,
    eps: float = 1e-2,
    max_iter: int = 1000,
    g: float | None = None,
    zero_tol: float = ZERO_TOL,
    inner_tol: float = INNER_TOL,
    inner_max_iter: int = 500,
    method: str = "highs-ds",
) -> BoostResult:
    """SoftBoost, Glocer (2009) Alg. 3.1 (Warmuth, Glocer & Rätsch 2007); nu = 1 is TotalBoost.

    ``gamma_hat_t = min(gamma_hat_{t-1}, u^t . d^{t-1})`` with ``gamma_hat_0 = 1``; ``d^t`` is the
    relative-entropy projection of d^0 onto ``{u^q.d <= gamma_hat_t - eps, sum d = 1, d <= 1/nu}``
    (3.1) (footnote 3: with a known guarantee ``g``, ``g - eps`` replaces ``gamma_hat_t - eps``).
    Stops when (3.1) is infeasible or its solution has a zero, decided by feasibility LPs
    (:func:`softboost_stop_test`: no feasible d with ``d >= zero_tol``); T = t counts the last
    hypothesis. Memory and time per iteration are O(N t) (no N x N array).

    Guarantee (Thm 3.2): ``P^T_LP >= g - eps`` and ``T <= 1 + 2/eps^2 ln(N/nu)`` (the proof's "+1"
    form; :func:`refboost.bounds.softboost_bound`).

    Certifies: the soft margin ``SM_nu(U w)`` of the returned weights is within eps of the optimal
    soft margin over the class (LPs (2.2)/(2.3); bound = ``gamma_hat`` at the d^{t-1} attaining it,
    in ``extra["certificate_distributions"]``). ``converged`` is True exactly when
    :func:`refboost.certify.soft_margin_lp` confirms this from the returned weights
    (``extra["certificate"]``), also where ``max_iter`` came first; otherwise the message says why
    (e.g. the rule fired on "d has a zero"
    while (3.1) was still feasible, or a given ``g`` below ``gamma_hat``).

    Returns
    -------
    BoostResult
        ``weights`` = the LP (2.2) weights over ``h^1..h^T`` (what Thm 3.2's guarantee is about),
        ``gap = gamma_hat_T - soft_margin(U w, nu)`` (the certificate's gap), ``extra`` = the last
        feasible dual ``w_dual`` (unnormalised, Lemma 3.1), ``P_LP``, interior margins, the certificate.
    """
    N = oracle.n_examples
    nu, eps, max_iter, inner_max_iter = float(nu), float(eps), int(max_iter), int(inner_max_iter)
    zero_tol, inner_tol = float(zero_tol), float(inner_tol)
    g = None if g is None else float(g)
    d = np.full(N, 1.0 / N)
    cols = Columns(N)  # the chosen hypotheses' columns, keys de-duplicated
    w_dual = np.zeros(0)
    gamma_hat = 1.0
    history: list[dict] = []
    fired = False
    t0 = time.perf_counter()
    Delta_prev = 0.0
    answers = _Answers(oracle)
    d_gamma = d
    s_star = np.inf
    for t in range(1, max_iter + 1):
        key, u = answers.ask(d)
        edge = float(u @ d)
        if edge < gamma_hat or t == 1:
            d_gamma = d
        gamma_hat = min(gamma_hat, edge)
        if cols.add(key, u)[1]:
            w_dual = np.r_[w_dual, 0.0]
        U_t = cols.stacked()
        bound = (g if g is not None else gamma_hat) - eps
        stop, s_star = softboost_stop_test(U_t, nu, bound, zero_tol)
        rec = {"t": t, "hypothesis": key, "edge": edge, "gamma_hat": gamma_hat, "bound": bound,
               "interior": max(s_star, 0.0), "feasible": bool(np.isfinite(s_star))}
        if stop:
            rec["stop"] = True
            rec["time"] = time.perf_counter() - t0
            history.append(rec)
            fired = True
            break
        try:
            step = softboost_dual_step(U_t, nu, bound, w0=w_dual, tol=inner_tol, max_iter=inner_max_iter)
        except NotStrictlyFeasible:
            # the feasibility LP passed within HiGHS' tolerance, but (3.1) has no interior point: the rule
            # fires here ("d has a zero"); the certificate of the returned weights decides convergence
            s_star = 0.0
            rec.update({"stop": True, "interior": 0.0, "time": time.perf_counter() - t0})
            history.append(rec)
            fired = True
            break
        w_dual, d = step.w, step.d
        rec.update({"Delta": step.primal, "dual": step.dual, "inner_gap": step.gap,
                    "infeasibility": step.extra["infeasibility"], "inner_iter": step.n_iter,
                    "inner_status": step.status, "Delta_increase": step.primal - Delta_prev,
                    "time": time.perf_counter() - t0})
        Delta_prev = step.primal
        history.append(rec)
    return _softboost_output(answers, cols, d, d_gamma, w_dual, gamma_hat, s_star, fired, history,
                             {"nu": nu, "eps": eps, "max_iter": max_iter, "g": g, "zero_tol": zero_tol,
                              "method": method})


def _softboost_output(answers, cols, d, d_gamma, w_dual, gamma_hat, s_star, fired, history,
                      params) -> BoostResult:
    """The output of Glocer (2009), Alg. 3.1: the LP (2.2) weights over ``h^1..h^T`` (what Thm 3.2's
    guarantee is about), certified at the d of the smallest edge and the last ``d^t``."""
    nu, eps, g, zero_tol, method = params["nu"], params["eps"], params["g"], params["zero_tol"], params["method"]
    keys, U_T = cols.keys, cols.stacked()
    P_LP, w = _restricted_weights(U_T, nu, method)
    margins = U_T @ w
    sm = soft_margin(margins, nu)
    cert = _certify_soft_margin(answers, w, keys, nu, eps, [d_gamma, d])
    s_txt = "(3.1) infeasible" if not np.isfinite(s_star) else f"no feasible d with all entries >= {zero_tol:g}"
    cause = ("the given g is not the class optimum" if g is not None else
             "(3.1) was feasible but its solution has a zero" if np.isfinite(s_star) else
             "the restricted LP (2.2) is solved only to HiGHS' tolerance")
    return finish(
        cert, "rule" if fired else "max_iter", details=f"{s_txt}, T = {len(keys)}" if fired else "",
        cause=cause,
        weights=w, hypotheses=list(keys), distribution=d.copy(), margins=margins, n_iter=len(history),
        history=history, gap=float(min(gamma_hat - sm, cert.gap)),
        algorithm="softboost" if nu != 1 else "totalboost", params=params,
        extra={"P_LP": P_LP, "w_dual": w_dual, "soft_margin": sm, "gamma_hat": gamma_hat,
               "certificate": cert, "certificate_distributions": [d_gamma.copy()]},
    )


def _restricted_weights(U_T, nu, method):
    """The LP (2.2) weights over the chosen columns (:func:`refboost.boosters.lpboost.restricted_lp`), with
    the interior-point method as a second try; if neither returns usable multipliers, the best single
    column (a valid combination whose soft margin the certificate then judges)."""
    from .lpboost import LPBoostError, restricted_lp

    for m in dict.fromkeys((method, "highs-ipm")):
        try:
            P, _, w, _, _ = restricted_lp(U_T, nu, m)
        except LPBoostError:
            continue
        if np.all(np.isfinite(w)) and w.size == U_T.shape[1] and abs(w.sum() - 1.0) <= 1e-9:
            return float(P), w
    sms = [soft_margin(U_T[:, q], nu) for q in range(U_T.shape[1])]
    w = np.zeros(U_T.shape[1])
    w[int(np.argmax(sms))] = 1.0
    return float(max(sms)), w


@constraints(**_SOFTBOOST_CONSTRAINTS)
def totalboost(
    oracle,
    *,
    eps: float = 1e-2,
    max_iter: int = 1000,
    g: float | None = None,
    zero_tol: float = ZERO_TOL,
    inner_tol: float = INNER_TOL,
    inner_max_iter: int = 500,
    method: str = "highs-ds",
) -> BoostResult:
    """TotalBoost (Warmuth, Liao & Rätsch 2006): SoftBoost (Glocer 2009, Alg. 3.1) with nu = 1.

    Certifies: the hard margin ``min_n (U w)_n`` of the returned weights is within eps of the
    maximum margin over the class (LPs (2.2)/(2.3) at nu = 1; as :func:`softboost`).
    """
    return softboost(oracle, nu=1.0, eps=eps, max_iter=max_iter, g=g, zero_tol=zero_tol, inner_tol=inner_tol,
                     inner_max_iter=inner_max_iter, method=method)


__all__ = [
    "NotStrictlyFeasible",
    "softboost",
    "softboost_dual_step",
    "softboost_stop_test",
    "totalboost",
]
