"""AdaBoost_KL, AdaBoost_Norm2 and AdaBoost_Reg (Sun, Todorovic & Li 2006; Rätsch et al. 2001).

Sun, Todorovic & Li, "Reducing the overfitting of AdaBoost by controlling its data distribution
skewness", IJPRAI 20(7), 2006. Notation: ``z_{.t} = y * h_t(x)`` is the column of the chosen
hypothesis, ``d^(t)`` the query distribution, ``d_0 = 1/N``.

All three algorithms are **ordinary AdaBoost on augmented columns**::

    z~_{.t} = z_{.t} + beta * phi(d^(t))
    alpha~_t = argmin_{a >= 0} sum_n d^(t)_n exp(-a z~_{nt})                (33) / (42)
    d^(t+1) propto d^(t) exp(-alpha~_t z~_{.t})                             (34) / (43)

with the "mistrust" map

* KL,    eq. (28):  ``phi(d) = ln(N d)``                    (penalty ``KL(d || d_0)``),
* Norm2, eq. (37):  ``phi(d) = (d - d_0) / ||d - d_0||_2``  (penalty ``||d - d_0||_2``), and
  ``phi(d_0) := 0`` (the paper's 0/0 at t = 1; 0 is a subgradient of the norm at d_0),
* Reg,   eq. (40):  ``phi(d) = d`` (uncentred; Rätsch et al.'s soft margin with p = 1).

The classifier is ``F(x) = sum_t alpha~_t h_t(x)``: the mistrust terms are training-only.

Two specialised solvers do the numerical work, both in the log domain:

* :func:`exp_line_search` -- the per-round 1-d convex problem (33): closed form when the column
  is {-1, +1}-valued (AdaBoost's (2)), otherwise ``brentq`` on the tilted mean
  ``g(a) = sum_n softmax(l - a z~)_n z~_n`` (decreasing in a), with its failure modes (a zero
  step, an unbounded step) reported as a status instead of inf/NaN.
* :func:`kl_regularized_margin` / :func:`norm2_regularized_margin` /
  :func:`quadratic_regularized_margin` -- the inner minimum of the penalised minimax (17),
  ``D(w) = min_{d in simplex} d.(U w) + beta P(d)``: Gibbs closed form (KL), a scalar root of
  ``||P_simplex(d_0 - s m) - d_0|| = beta s`` (Norm2), a projection (quadratic).

Certificate. Each run is scored against the *exact* regularised problem behind its column,
(20) for KL, (35) for Norm2 and, for AdaBoost_Reg, (44) with ``P(d) = ||d - d_0||^2 / 2``::

    Opt = min_{d in simplex} s(d),   s(d) = max_j z_j.d + beta P(d)            (18) / (21)
        = max_{w in simplex} D(w)                                          (17)

Every round gives an upper bound ``s(d^(t)) = gamma_t + beta P(d^(t))`` (gamma_t is the oracle's
maximum edge), and ``s(d) - D(w)`` bounds the suboptimality of the weights w. At the end,
:func:`refboost.certify.sun.regularized_margin_certificate` recomputes this gap for the returned
weights from the returned distribution, the best query distribution and the inner minimiser of
the weights (``extra["certificate"]``); ``BoostResult.gap`` is its gap and ``converged`` is its
verdict at tolerance ``eps``. The stage-wise iterates do **not** converge to Opt, so on most
instances the gap stays positive and ``converged`` is False: the gap is a certificate, not a
stopping rule that is expected to fire. For beta = 0 it is the hard-margin gap.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np
from scipy.optimize import brentq

from .._validation import check_array, check_margins, check_real
from ..result import BoostResult
from ._common import StepSum, finish, query, query_columns
from ._params import Choice, Int, Real, constraints

# AdaBoost's log-domain primitives are shared, so that beta = 0 reproduces refboost.adaboost
# bit for bit: the lean 1-d log-sum-exp and the closed-form step artanh(edge) of a +-1 column.
from .adaboost import _artanh_edge_pm1, log_normalize, logsumexp

#: Absolute tolerance of ``brentq`` on the step and on the Norm2 scale s.
LINE_SEARCH_XTOL = 1e-15
#: Relative tolerance of ``brentq``.
LINE_SEARCH_RTOL = 4 * np.finfo(float).eps
#: Largest step (of the column scaled to ``max |z~| = 1``) the bracket search tries before ``"no_bracket"``.
LINE_SEARCH_MAX_STEP = 1e12
#: The stop reasons of the Sun et al. boosters besides those every booster shares (``_common.STOP_REASONS``).
_STOP_REASONS = {
    "zero_step": "pseudo-edge <= 0, the line search returned alpha = 0",
    "unbounded_step": "min_n z~_n >= 0, the line search is unbounded (policy 'stop'; the round is not taken)",
    "no_bracket": f"the step is beyond the line search's range ({LINE_SEARCH_MAX_STEP:g} / max|z~|)",
    "first_step_forced": "no finite step for the first hypothesis; returned with weight 1",
}
#: A column counts as {-1, +1}-valued (closed-form step) if every |z~_n| is within this of 1.
BINARY_TOL = 0.0
#: Norm2: ``||d - d_0||_2`` below this (relative to ``||d_0||_2``) counts as ``d = d_0``; phi := 0.
NORM2_ZERO_TOL = 1e-12
#: Relative round-off level: below it a Norm2 penalty is indistinguishable from zero.
ROUNDOFF = np.finfo(float).eps
#: Statuses of :func:`exp_line_search`.
LINE_SEARCH_STATUSES = ("ok", "closed_form", "zero", "unbounded", "no_bracket")
#: Policies for an unbounded step (``min_n z~_n >= 0``).
UNBOUNDED_POLICIES = ("stop", "cap")


@dataclass
class LineSearch:
    """Result of :func:`exp_line_search`.

    Attributes
    ----------
    alpha : float
        The minimiser ``alpha~ >= 0``; ``nan`` when the status is ``"unbounded"`` or ``"no_bracket"``.
    status : str
        ``"closed_form"`` ({-1, +1} column, AdaBoost's (2)), ``"ok"`` (brentq), ``"zero"``
        (pseudo-edge <= 0, so alpha~ = 0), ``"unbounded"`` (``min z~ >= 0``: the objective decreases
        to its infimum as a -> inf), ``"no_bracket"`` (no sign change of g below
        :data:`LINE_SEARCH_MAX_STEP`).
    pseudo_edge : float
        ``g(0) = sum_n d_n z~_n``; alpha~ > 0 iff it is > 0.
    residual : float
        ``|g(alpha~)|`` = ``|sum_n d^(t+1)_n z~_n|``, the stationarity residual of the 1-d problem
        (``d^(t+1).z~_t = 0`` at the exact step). ``nan`` when there is no finite minimiser.
    log_C : float
        ``ln C_t = ln sum_n d_n exp(-alpha~ z~_n)`` (the normaliser; <= 0).
    """

    alpha: float
    status: str
    pseudo_edge: float
    residual: float
    log_C: float


def _tilted_mean(log_d: np.ndarray, zt: np.ndarray, a: float) -> float:
    """``g(a) = sum_n softmax(log_d - a zt)_n zt_n`` (log-sum-exp; ``-phi'(a)/phi(a)``)."""
    s = log_d - a * zt
    w = np.exp(s - logsumexp(s))
    return float(w @ zt)


def exp_line_search(log_d, zt, *, d=None) -> LineSearch:
    """Exact line search ``alpha~ = argmin_{a >= 0} sum_n d_n exp(-a z~_n)`` (Sun et al. (33)/(42)).

    ``phi(a) = sum_n d_n e^{-a z~_n}`` is convex with ``phi'(a) = -phi(a) g(a)``, where
    ``g(a) = sum_n softmax(ln d - a z~)_n z~_n`` is non-increasing (``g' = -Var``). Hence:

    1. ``g(0) = d.z~ <= 0``  -> ``alpha~ = 0`` (status ``"zero"``);
    2. ``min_n z~_n >= 0``   -> no finite minimiser (status ``"unbounded"``);
    3. a {-1, +1} column     -> AdaBoost's closed form ``alpha~ = 1/2 ln((1-eps)/eps)``, eq. (2),
       with ``ln eps`` and ``ln(1-eps)`` as log-sum-exps of the log-weights;
    4. otherwise the unique root of g, bracketed by doubling and found by ``brentq`` on the
       column scaled to ``max_n |z~_n| = 1`` (``phi(a; z~) = phi(a c; z~/c)``), so that the search
       does not depend on the size of the entries.

    Parameters
    ----------
    log_d : array_like, shape (N,)
        Log of the current distribution ``d^(t)`` (normalised: ``logsumexp(log_d) = 0``).
    zt : array_like, shape (N,)
        The augmented column ``z~_{.t}``.
    d : array_like, shape (N,), optional
        ``exp(log_d)`` if the caller has it. The closed form (case 3) then sums the masses of
        ``d`` exactly as :func:`refboost.adaboost` does (falling back to log-sum-exps when a mass
        underflows), which makes the boosters of this module with ``beta = 0`` reproduce
        AdaBoost's steps bit for bit.

    Returns
    -------
    LineSearch
    """
    log_d = check_array(log_d, "log_d", ndim=1)
    zt = check_array(zt, "zt", ndim=1)
    if log_d.shape != zt.shape:
        raise ValueError(f"log_d and zt must have the same length, got {log_d.shape[0]} and {zt.shape[0]}")
    log_d = log_normalize(log_d)
    # phi(a; z~) = phi(a c; z~ / c): the sign of g and the root are found on the column scaled to
    # max |z~| = 1 (one scaled column for every test, so the signs agree), so that the search does
    # not depend on the size of the entries (1e-200, or beta = 1e6)
    scale = float(np.abs(zt).max())
    if scale == 0.0:
        return LineSearch(0.0, "zero", 0.0, 0.0, 0.0)
    binary = bool(np.all(np.abs(np.abs(zt) - 1.0) <= BINARY_TOL))
    zs = zt if binary else zt / scale
    pe_s = _tilted_mean(log_d, zs, 0.0)
    pe = pe_s if binary else pe_s * scale
    if pe_s <= 0.0:
        return LineSearch(0.0, "zero", pe, abs(pe), 0.0)
    if zt.min() >= 0.0:
        return LineSearch(math.nan, "unbounded", pe, math.nan, math.nan)
    if binary:
        if d is not None:
            d = check_array(d, "d", ndim=1)
            if d.shape != zt.shape:
                raise ValueError(f"d must have the length of zt, {zt.shape[0]}, got {d.shape[0]}")
        a = _artanh_edge_pm1(log_d, zt, d)  # (log d_+ - log d_-) / 2, AdaBoost's (2)
        status = "closed_form"
    else:
        hi = 1.0
        while _tilted_mean(log_d, zs, hi) > 0.0:
            hi *= 2.0
            if hi > LINE_SEARCH_MAX_STEP:
                return LineSearch(math.nan, "no_bracket", pe, math.nan, math.nan)
        lo = 0.0 if hi == 1.0 else hi / 2.0
        a = brentq(lambda x: _tilted_mean(log_d, zs, x), lo, hi, xtol=LINE_SEARCH_XTOL, rtol=LINE_SEARCH_RTOL)
        a = a / scale
        if not math.isfinite(a):  # the step does not fit in a float
            return LineSearch(math.nan, "no_bracket", pe, math.nan, math.nan)
        status = "ok"
    res = abs(_tilted_mean(log_d, zt, a))
    log_C = float(logsumexp(log_d - a * zt))
    return LineSearch(float(a), status, pe, res, log_C)


# ---------------------------------------------------------------------------------------------
# Inner minima of the penalised minimax (17): min_{d in simplex} d.m + beta P(d)
# ---------------------------------------------------------------------------------------------


@dataclass
class RegularizedMargin:
    """Value and minimiser of ``min_{d in simplex} d.m + beta P(d)`` (see the two functions below)."""

    value: float
    d: np.ndarray


def kl_regularized_margin(margins, beta: float) -> RegularizedMargin:
    """``min_{d in simplex} d.m + beta KL(d || d_0)`` in closed form (Gibbs variational principle).

    The inner minimum of Sun et al. (17) with the KL penalty (19) (Gibbs variational principle)::

        value = -beta ln( (1/N) sum_n exp(-m_n / beta) ),   d*_n = softmax(-m / beta)_n,

    i.e. the objective of the exact dual (20-D) at ``m = Z alpha``. ``beta = 0`` gives the hard
    margin ``min_n m_n`` (d* uniform on the minimisers). Evaluated with log-sum-exp.

    Parameters
    ----------
    margins : array_like, shape (N,)
    beta : float >= 0
    """
    m = check_margins(margins)
    beta = check_real(beta, "beta", low=0.0)
    N = m.shape[0]
    if beta == 0.0:
        mn = m.min()
        d = (m == mn).astype(float)
        return RegularizedMargin(float(mn), d / d.sum())
    mn = float(m.min())
    with np.errstate(over="ignore"):
        s = -(m - mn) / beta  # <= 0, and 0 at the minimiser: no overflow in exp, -inf is harmless
    lse = logsumexp(s)
    return RegularizedMargin(float(mn - beta * (lse - math.log(N))), np.exp(s - lse))


def _project_ray_sorted(cs: np.ndarray, cm: np.ndarray, k: np.ndarray, s: float) -> np.ndarray:
    """:func:`_project_ray` in sorted coordinates: ``cs`` ascending, ``cm = cumsum(cs) / k``."""
    K = int(np.flatnonzero(1.0 / k - s * (cs - cm) > 0)[-1]) + 1
    d = np.zeros_like(cs)
    d[:K] = np.maximum(1.0 / K - s * (cs[:K] - cm[K - 1]), 0.0)
    return d / d.sum()


def _project_ray(c: np.ndarray, s: float) -> np.ndarray:
    """``P(d_0 - s c)``: Euclidean projection onto the simplex of a point on the ray from ``d_0``.

    With ``c`` sorted ascending, the support is the first K entries where K is the largest k with
    ``1/k - s (c_(k) - mean(c_(1..k))) > 0`` (the sort-based projection rule written for this
    ray; k = 1 always qualifies), and there ``d_n = 1/K - s (c_n - mean_K)``. No ``1/N - s c``
    cancellation occurs, so the formula is accurate for the huge s of tiny beta.
    """
    order = np.argsort(c, kind="stable")
    cs = c[order]
    k = np.arange(1, c.shape[0] + 1)
    d = np.empty_like(c)
    d[order] = _project_ray_sorted(cs, np.cumsum(cs) / k, k, s)
    return d


def norm2_regularized_margin(margins, beta: float) -> RegularizedMargin:
    """``min_{d in simplex} d.m + beta ||d - d_0||_2`` by a scalar root (the inner minimum of (17), penalty of (35)).

    With ``c = m - mean(m)``: if ``||c||_2 <= beta`` the minimiser is ``d_0`` and the value is
    ``mean(m)`` (the Norm2 collapse). Otherwise stationarity
    ``0 in m + beta (d - d_0)/||d - d_0|| + N_simplex(d)`` is, with ``s = ||d - d_0|| / beta``,
    ``d = P(d_0 - s m)`` (P = Euclidean projection onto the simplex), so ``s*`` is the root of::

        r(s) = ||P(d_0 - s c) - d_0||_2 / s  =  beta.

    ``r`` is non-increasing (projection of a ray from a point of the set), equals ``||c||`` for
    small s and is <= sqrt(2)/s, so the root is bracketed and found by ``brentq`` in ``ln s``
    (the root is of order 1/beta, which is huge for tiny beta).

    Parameters
    ----------
    margins : array_like, shape (N,)
    beta : float >= 0
    """
    m = check_margins(margins)
    beta = check_real(beta, "beta", low=0.0)
    N = m.shape[0]
    d0 = np.full(N, 1.0 / N)
    c = m - m.mean()
    nc = float(np.linalg.norm(c))
    if nc <= beta:
        return RegularizedMargin(float(m.mean()), d0)
    if beta * math.sqrt(2.0) <= ROUNDOFF * max(1.0, float(np.abs(m).max())):
        # the hard-margin face is optimal up to beta ||d - d_0|| <= beta sqrt(2), i.e. round-off
        d = kl_regularized_margin(m, 0.0).d
        return RegularizedMargin(float(d @ m + beta * np.linalg.norm(d - d0)), d)

    cs = np.sort(c)  # ||P(d_0 - s c) - d_0|| is permutation invariant: sort once, not per call
    k = np.arange(1, N + 1)
    cm = np.cumsum(cs) / k

    def r(log_s: float) -> float:
        s = math.exp(log_s)
        return float(np.linalg.norm(_project_ray_sorted(cs, cm, k, s) - d0)) / s - beta

    lo = math.log(0.5 / (N * np.abs(c).max()))  # d_0 - s c > 0 here, so r = ||c|| - beta > 0
    hi = max(lo, math.log(2.0 * math.sqrt(2.0) / beta))  # r <= sqrt(2)/s - beta = -beta/2 < 0
    r_lo, r_hi = r(lo), r(hi)
    if r_lo <= 0.0:  # ||c|| - beta is zero to round-off: the collapse d = d_0
        return RegularizedMargin(float(m.mean()), d0)
    if r_hi >= 0.0:  # round-off at the far end: the projection there is already the minimiser
        log_s = hi
    else:
        log_s = brentq(r, lo, hi, xtol=LINE_SEARCH_XTOL, rtol=LINE_SEARCH_RTOL)
    d = _project_ray(c, math.exp(log_s))
    return RegularizedMargin(float(d @ m + beta * np.linalg.norm(d - d0)), d)


def quadratic_regularized_margin(margins, beta: float) -> RegularizedMargin:
    """``min_{d in simplex} d.m + (beta/2) ||d - d_0||_2^2``: ``d* = P_simplex(d_0 - m / beta)``.

    The quadratic penalty of Sun et al.'s framework (44) whose supporting hyperplane at ``d^(t)``
    has the direction of AdaBoost_Reg's column ``z_t + beta d^(t)`` (40) (up to a constant shift,
    which changes the line search only). The projection of the ray is :func:`_project_ray` with
    ``s = 1/beta``; ``beta = 0`` gives the hard margin.

    Parameters
    ----------
    margins : array_like, shape (N,)
    beta : float >= 0
    """
    m = check_margins(margins)
    beta = check_real(beta, "beta", low=0.0)
    N = m.shape[0]
    if beta <= 1e-300:  # 1/beta overflows: the hard-margin face (beta ||d - d_0||^2 is below round-off)
        d = kl_regularized_margin(m, 0.0).d
    else:
        d = _project_ray(m - m.mean(), 1.0 / beta)
    return RegularizedMargin(float(d @ m + 0.5 * beta * np.sum((d - 1.0 / N) ** 2)), d)


# ---------------------------------------------------------------------------------------------
# The stage-wise loop (Sun et al. Figs. 2-3)
# ---------------------------------------------------------------------------------------------

_KINDS = ("kl", "norm2", "reg")
#: The penalty of the exact problem each booster is certified against (refboost.certify.sun).
CERTIFIED_PENALTY = {"kl": "kl", "norm2": "norm2", "reg": "quadratic"}


def _mistrust(kind: str, log_d: np.ndarray, t: int) -> tuple[np.ndarray, float, bool]:
    """``(phi(d), P(d), degenerate)`` for the current log-weights (the supporting hyperplane (24)-(25) of P at d)."""
    N = log_d.shape[0]
    logN = math.log(N)
    if kind == "kl":
        phi = log_d + logN  # ln(N d), finite in the log domain
        return phi, float(np.exp(log_d) @ phi), False
    if kind == "norm2":
        diff = np.expm1(log_d + logN) / N  # d - 1/N without cancellation
        nrm = float(np.linalg.norm(diff))
        if t == 1 or nrm <= NORM2_ZERO_TOL / math.sqrt(N):
            return np.zeros(N), nrm, t > 1  # phi(d_0) := 0, a subgradient at d_0
        return diff / nrm, nrm, False
    # reg: phi = d, eq. (40); P = ||d - d_0||^2 / 2, the quadratic penalty the result is certified against
    diff = np.expm1(log_d + logN) / N
    return np.exp(log_d), 0.5 * float(diff @ diff), False


def _dual_bound(kind: str, rho: np.ndarray, beta: float) -> float:
    """``D(w)``: the inner minimum of (17) at the normalised margins ``rho = U w``."""
    if kind == "kl":
        return kl_regularized_margin(rho, beta).value
    if kind == "norm2":
        return norm2_regularized_margin(rho, beta).value
    return quadratic_regularized_margin(rho, beta).value


def _entropy(log_d: np.ndarray) -> float:
    d = np.exp(log_d)
    return float(-(d @ log_d))


def _query_record(t: int, key, gamma: float, P: float, ls, d: np.ndarray, log_d: np.ndarray, logN: float,
                  degenerate: bool, t0: float) -> dict:
    """The round's history record at the query (Sun et al. (2006), Figs. 2-3, the query: the edge of the
    hypothesis, the mistrust P(d) and the line search's pseudo-edge)."""
    return {
        "t": t,
        "hypothesis": key,
        "edge": gamma,
        "error": 0.5 * (1.0 - gamma),
        "penalty": P,
        "pseudo_edge": ls.pseudo_edge,
        "entropy": _entropy(log_d),
        "kl_to_uniform": float(d @ (log_d + logN)),
        "max_Nd": float(np.exp(log_d.max() + logN)),
        "line_search_status": ls.status,
        "phi_degenerate": degenerate,
        "time": time.perf_counter() - t0,
    }


def _step_outcome(ls, rec: dict, flags: dict, on_unbounded: str, alpha_max: float) -> tuple[float, str]:
    """Sun et al. (2006), Figs. 2-3, the step alpha~_t of eqs. (34)/(43): the line search's step, or the
    case that stops the run ("zero_step", "no_bracket", "unbounded_step"; an unbounded step is capped at
    ``alpha_max`` with ``on_unbounded="cap"``). Returns ``(alpha, status)``, status "max_iter" to go on."""
    status = "max_iter"
    alpha = ls.alpha
    if ls.status in ("ok", "closed_form") and not (0.0 < alpha < math.inf):
        ls.status = "zero" if alpha <= 0.0 else "no_bracket"  # a step of 0 (rounding) or beyond a float
        rec["line_search_status"] = ls.status
    if ls.status == "zero":
        flags["zero_step"] += 1
        status = "zero_step"
    elif ls.status == "no_bracket":
        flags["no_bracket"] += 1
        status = "no_bracket"
    elif ls.status == "unbounded":
        flags["unbounded_step"] += 1
        if on_unbounded == "cap":
            alpha = alpha_max
            flags["capped_step"] += 1
            rec["line_search_status"] = "capped"
        else:
            status = "unbounded_step"
    return alpha, status


def _penalized_boost(oracle, kind, beta, eps, max_iter, on_unbounded, alpha_max, algorithm) -> BoostResult:
    """The stage-wise loop of Sun et al. (2006), Figs. 2-3 (AdaBoost_KL, AdaBoost_Norm2, AdaBoost_Reg)."""
    beta, eps, alpha_max, max_iter = float(beta), float(eps), float(alpha_max), int(max_iter)
    N = oracle.n_examples
    logN = math.log(N)

    log_d = np.full(N, -logN)
    F = np.zeros(N)  # sum_t alpha~_t z_t  (hard, unnormalised margins)
    S = np.zeros(N)  # sum_t alpha~_t z~_t (soft, unnormalised; (31)/(39) times sum alpha~)
    A = 0.0  # sum_t alpha~_t
    rounds: tuple[list, list, list] = ([], [], [])  # per round: the hypothesis, alpha~_t, the column z~_t
    history: list[dict] = []
    upper, lower, current = math.inf, -math.inf, -math.inf
    d_best = np.full(N, 1.0 / N)  # the query with the smallest s(d^(t)) (the bound of the certificate)
    log_G = logN  # G^(0) = N, G^(t) = G^(t-1) C_t
    flags = {"zero_step": 0, "unbounded_step": 0, "capped_step": 0, "beta_alpha_gt_1": 0, "no_bracket": 0,
             "first_step_forced": 0}
    status = "max_iter"
    t0 = time.perf_counter()
    for t in range(1, max_iter + 1):
        d = np.exp(log_d)
        d /= d.sum()  # as refboost.adaboost: the oracle sees the same d bit for bit at beta = 0
        key, z = query(oracle, d)
        gamma = float(d @ z)
        phi, P, degenerate = _mistrust(kind, log_d, t)
        zt = z + beta * phi
        ls = exp_line_search(log_d, zt, d=d)
        rec = _query_record(t, key, gamma, P, ls, d, log_d, logN, degenerate, t0)
        s_t = gamma + beta * P  # s(d^(t)), (21) at the query: an upper bound on Opt (max edge over all of H)
        if s_t < upper:
            upper, d_best = s_t, d
        alpha, status = _step_outcome(ls, rec, flags, on_unbounded, alpha_max)
        if status != "max_iter" and t == 1:
            # no finite step in round 1 (a perfect hypothesis, every edge <= 0, or a column below the
            # resolution of the line search): the first hypothesis is returned with weight 1, so that
            # the result is a combination of the class
            alpha = 1.0
            flags["first_step_forced"] += 1
        elif status != "max_iter":
            rec.update(alpha=0.0, beta_alpha=0.0, line_search_residual=abs(ls.pseudo_edge),
                       upper=upper, lower=current, gap=upper - current, log_G=log_G)
            history.append(rec)
            break
        # take the step (34)/(43) in the log domain
        for lst, x in zip(rounds, (key, alpha, zt), strict=True):
            lst.append(x)
        if beta * alpha > 1.0 and kind == "kl":
            flags["beta_alpha_gt_1"] += 1
        # d^(t+1) = softmax(-S^(t+1)), S = sum_s alpha~_s z~_s: recomputed from S (no drift of a
        # recursive renormalisation) exactly as refboost.adaboost recomputes d from f = U lambda
        log_C = float(logsumexp(log_d - alpha * zt))
        log_G += log_C
        F = F + alpha * z
        S = S + alpha * zt
        log_d = log_normalize(-S)
        A += alpha
        current = _dual_bound(kind, F / A, beta)  # D(w^(t)) at the normalised weights
        lower = max(lower, current)
        step_res = abs(float(np.exp(log_d) @ zt))  # |g(alpha~)| = |d^(t+1).z~_t|, 0 after an exact line search
        rec.update(
            alpha=alpha,
            beta_alpha=beta * alpha,
            line_search_residual=ls.residual if (np.isfinite(ls.residual) and alpha == ls.alpha) else step_res,
            log_C=log_C,
            log_G=log_G,
            step_residual=step_res,
            min_margin=float(F.min() / A),
            min_soft_margin=float(S.min() / A),
            upper=upper,
            lower=current,
            gap=upper - current,
        )
        history.append(rec)
        if status != "max_iter":  # round 1 without a finite step, kept with weight 1
            break
        if eps > 0.0 and upper - current <= eps:
            status = "converged"
            break
    return _output(oracle, kind, rounds, F, S, A, log_d, log_G, upper, lower, d_best, flags, status, history,
                   dict(beta=beta, eps=eps, max_iter=max_iter, on_unbounded=on_unbounded, alpha_max=alpha_max),
                   algorithm)


def _output(oracle, kind, rounds, F, S, A, log_d, log_G, upper, lower, d_best, flags, status, history, params,
            algorithm) -> BoostResult:
    """The output of Sun et al. (2006), Figs. 2-3 (the normalised combination of the rounds' steps), with the
    certificate of the regularised margin (:func:`refboost.certify.sun.regularized_margin_certificate`)."""
    from ..certify.sun import regularized_margin_certificate

    beta, eps = params["beta"], params["eps"]
    round_keys, round_alphas, round_cols = rounds
    # one weight per distinct hypothesis, first-use order, steps summed in round order and then
    # normalised: refboost.adaboost's convention (its lambda / ||lambda||_1)
    comb = StepSum()
    for k, a in zip(round_keys, round_alphas, strict=True):
        comb.add(k, a)
    keys, lam_arr = comb.keys, comb.array()
    w = lam_arr / lam_arr.sum()
    margins = query_columns(oracle, keys) @ w
    distribution = np.exp(log_d)
    cert = regularized_margin_certificate(oracle, w, beta=beta, penalty=CERTIFIED_PENALTY[kind], hypotheses=keys,
                                          distribution=[distribution, d_best], tol=eps, bound="dual")
    T = len(history)
    if flags["first_step_forced"]:
        reason = "first_step_forced"
        details = f"line search: {history[0]['line_search_status']}, edge {history[0]['edge']:.3g}"
    else:
        reason = "rule" if status == "converged" else status
        details = ("" if status == "max_iter" else f"t = {T}") + (
            f": s(d) - D(w) <= eps = {eps:g}" if status == "converged" else "")
    return finish(
        cert,
        reason,
        details=details,
        reasons=_STOP_REASONS,
        weights=w,
        hypotheses=keys,
        distribution=distribution,
        margins=margins,
        n_iter=len(round_alphas),
        history=history,
        algorithm=algorithm,
        params=params,
        extra={
            "status": status,
            "certificate": cert,
            "certificate_distributions": [d_best],
            "lambda": lam_arr,
            "alpha_tilde": np.asarray(round_alphas),
            "round_hypotheses": list(round_keys),
            "augmented_columns": np.column_stack(round_cols),
            "normalized_margins": F / A,
            "soft_margins": S / A,
            "log_distribution": log_d,
            "log_G": log_G,
            "upper_bound": upper,
            "lower_bound": lower,
            "flags": flags,
            "max_line_search_residual": float(max(r["line_search_residual"] for r in history)),
        },
    )


_PARAMS_DOC = """
    Parameters
    ----------
    oracle : refboost.Oracle
        Weak learner; ``oracle.best(d)`` must return a maximum-edge hypothesis (27).
    beta : float in [0, 1e12]
        Penalty weight. ``beta = 0`` is AdaBoost exactly (Sun, Todorovic & Li 2006, §3.2): the same hypotheses, steps,
        ``weights`` and ``margins`` as :func:`refboost.adaboost` with the same ``max_iter``, bit for
        bit for {-1, +1}-valued hypotheses (shared closed-form step).
    eps : float >= 0
        Certificate tolerance. If > 0 the run stops as soon as ``s(d) - D(w) <= eps`` for the
        current weights (the stopping rule; it rarely fires, because the stage-wise iterates do not
        solve the exact problem, except e.g. when the exact Norm2 problem has collapsed to
        ``d_0``). The default 0 runs all ``max_iter`` rounds, the paper's protocol (T = 200); then
        ``converged`` is True only if the returned weights are optimal to round-off
        (``gap <= 1e-9 max(1, |D(w)|)``, e.g. a perfect first hypothesis with beta = 0).
    max_iter : int >= 1
        Number of rounds T (paper: 200).
    on_unbounded : {"stop", "cap"}
        Policy when ``min_n z~_n >= 0`` (infinite step): ``"stop"`` discards the round and stops;
        ``"cap"`` takes ``alpha~_t = alpha_max`` and continues. In round 1 a round without a finite
        step (a perfect hypothesis, or every edge <= 0, or no bracket) is kept with weight 1, so the
        result is never empty. Every occurrence is counted in ``extra["flags"]``.
    alpha_max : float in (0, 1e6]
        Step used by ``on_unbounded="cap"``.

    Returns
    -------
    BoostResult
        ``weights`` = the steps ``alpha~`` summed per distinct hypothesis (first-use order) and
        normalised to sum 1, the convention of :func:`refboost.adaboost` (``extra["lambda"]`` holds
        the unnormalised sums, so ``y F(x) = U lambda``); ``margins = U w`` (normalised hard
        margins ``rho``); ``distribution = d^(T+1)``; ``gap`` = the gap of the certificate of the
        returned weights (``extra["certificate"]``, see "Certifies"); ``converged`` = that
        certificate holds with tolerance ``eps``. ``history`` = per-round edge, pseudo-edge, step,
        line-search status and residual (``|g(a)|`` at the step taken; at a round not taken,
        the pseudo-edge), entropy / KL(d||d_0) / max N d of the query, ``upper`` =
        ``min_t s(d^(t))``, ``lower`` = ``D(w^(t))``, ``gap`` = their difference.
        ``extra``: ``certificate``, ``certificate_distributions`` (the query ``d^(t)`` with the
        smallest ``s``), ``alpha_tilde``, ``round_hypotheses`` and ``augmented_columns`` (the
        N x T matrix Z~ of (28)/(37), per round), ``normalized_margins`` ``rho(x_n)``,
        ``soft_margins`` (31)/(39), ``log_G`` (``ln G^(T) = ln N + sum ln C_t``), ``upper_bound`` =
        ``min_t s(d^(t))``, ``lower_bound`` = ``max_t D(w^(t))``, ``flags`` (zero / unbounded /
        capped steps, ``beta alpha~ > 1`` for KL, a forced first step), ``status``.
"""

#: Largest penalty weight accepted. Far below it every exact problem is already at its limit
#: beta -> inf (d* = d_0 to machine precision for N <= 10^6); beyond ~1e300, beta P(d) overflows.
BETA_MAX = 1e12
#: Largest capped step accepted: a step of 1e6 on a column of size >= 1e-6 already saturates every
#: weight; far larger ones overflow the cumulated margins.
ALPHA_MAX_MAX = 1e6

_CONSTRAINTS = dict(
    beta=Real(0.0, BETA_MAX),
    eps=Real(0.0, None),
    max_iter=Int(1),
    on_unbounded=Choice(UNBOUNDED_POLICIES),
    alpha_max=Real(0.0, ALPHA_MAX_MAX, low_open=True),
)


@constraints(**_CONSTRAINTS)
def adaboost_kl(
    oracle,
    *,
    beta: float = 0.1,
    eps: float = 0.0,
    max_iter: int = 200,
    on_unbounded: str = "stop",
    alpha_max: float = 10.0,
) -> BoostResult:
    """AdaBoost_KL, Sun, Todorovic & Li (2006), Fig. 2, eqs. (28), (33), (34).

    Column ``z~_{.t} = z_{.t} + beta ln(N d^(t))``; exact line search (33); log-weight update
    (34), which is the tempered rule ``d^(t+1) propto (d^(t))^(1 - beta alpha~_t) exp(-alpha~_t z_{.t})``.
    Step 1 is an AdaBoost step (``ln(N d_0) = 0``). Steps with ``beta alpha~_t > 1`` invert the
    weight order; they are kept (paper's algorithm) and counted in
    ``extra["flags"]["beta_alpha_gt_1"]``.

    Certifies: the KL-regularised margin ``-beta ln((1/N) sum_n exp(-(U w)_n / beta))`` of the
    returned weights is within eps of the optimum of (20) / (20-D) over the class
    (:func:`refboost.certify.sun.sun_kl`; beta = 0: the hard margin).
    """
    return _penalized_boost(oracle, "kl", beta, eps, max_iter, on_unbounded, alpha_max, "adaboost_kl")


@constraints(**_CONSTRAINTS)
def adaboost_norm2(
    oracle,
    *,
    beta: float = 0.5,
    eps: float = 0.0,
    max_iter: int = 200,
    on_unbounded: str = "stop",
    alpha_max: float = 10.0,
) -> BoostResult:
    """AdaBoost_Norm2, Sun, Todorovic & Li (2006), Fig. 3, eqs. (37), (42), (43).

    Column ``z~_{.t} = z_{.t} + beta (d^(t) - d_0)/||d^(t) - d_0||_2`` with the convention
    ``phi(d_0) = 0`` at t = 1, so step 1 is an AdaBoost step. The penalty is the *non-squared*
    norm; its per-sample mistrust is O(beta / sqrt(N)), so useful beta are about sqrt(N) times
    larger than for KL, and the exact problem (35) collapses to ``d* = d_0`` for
    ``beta >= ||Z alpha - mean||``.

    Certifies: the Norm2-regularised margin ``min_d d.(U w) + beta ||d - d_0||_2`` of the returned
    weights is within eps of the optimum of (35) / (35-D) over the class
    (:func:`refboost.certify.sun.sun_norm2`; beta = 0: the hard margin).
    """
    return _penalized_boost(oracle, "norm2", beta, eps, max_iter, on_unbounded, alpha_max, "adaboost_norm2")


@constraints(**_CONSTRAINTS)
def adaboost_reg(
    oracle,
    *,
    beta: float = 0.1,
    eps: float = 0.0,
    max_iter: int = 200,
    on_unbounded: str = "stop",
    alpha_max: float = 10.0,
) -> BoostResult:
    """AdaBoost_Reg as compared by Sun et al. (2006), soft margin (40); Rätsch, Onoda & Müller (2001).

    Column ``z~_{.t} = z_{.t} + beta d^(t)`` (uncentred mistrust, eq. (40)); ``beta`` is Rätsch's
    regularisation constant C with power p = 1. With p = 1 Rätsch's cost
    ``sum_n exp{-|b| (rho_n + C mu_n)}`` with ``|b| mu_n = sum_r b_r w_r(z_n)`` is exactly the
    stage-wise exp-loss on these columns. No penalty of the framework (44) is consistent with (40)
    including its constant (the tangency ``z~_t.d^(t) = s(d^(t))`` fails for every P); its
    direction is, up to that constant, the supporting hyperplane of ``P(d) = ||d - d_0||^2 / 2``,
    so the result is scored against that exact problem.

    Certifies: the quadratically regularised margin ``min_d d.(U w) + (beta/2) ||d - d_0||_2^2`` of
    the returned weights is within eps of the optimum of (44) with that penalty over the class
    (:func:`refboost.certify.sun.sun_quadratic`; beta = 0: the hard margin).
    """
    return _penalized_boost(oracle, "reg", beta, eps, max_iter, on_unbounded, alpha_max, "adaboost_reg")


for _f in (adaboost_kl, adaboost_norm2, adaboost_reg):
    _f.__doc__ = (_f.__doc__ or "") + _PARAMS_DOC


__all__ = [
    "LineSearch",
    "RegularizedMargin",
    "adaboost_kl",
    "adaboost_norm2",
    "adaboost_reg",
    "exp_line_search",
    "kl_regularized_margin",
    "norm2_regularized_margin",
    "quadratic_regularized_margin",
]
