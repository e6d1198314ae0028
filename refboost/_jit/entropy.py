"""Compiled (numba) kernels of the ERLPBoost w-domain solver (Glocer 2009, ch. 3).

At the sizes of a boosting run (N of a few hundred, t up to a few hundred hypotheses) the numpy
form of the solver spends its time in fixed per-call overhead: one objective evaluation (KL
projection onto the capped simplex, value, curvature, the line-search scalars) is ~35 numpy calls,
~100 us at N = 170, and a totally corrective step takes ~8 Newton iterations with ~27 evaluations.
This module is the same solver as plain loops compiled by numba (``@njit(cache=True)``: exact IEEE
arithmetic, no fastmath, one thread):

* :func:`project_log` -- the hinted O(N) KL projection onto the capped simplex of
  :func:`refboost.projections._project_log` (fixed point on the capped set, started from the hint's
  capped set), with the sort-based Alg. 4.2 (:func:`project_log_sort`, the statement of
  :func:`refboost.projections._project_log_sort`) as fallback;
* :func:`erlp_eval` -- the entropy-smoothed soft margin of
  :func:`refboost.projections.smoothed_soft_margin` (value, minimiser d, curvature c = eta d with
  the capped rows zeroed);
* :func:`binary_eval` -- the binary smoothed soft margin of
  :func:`refboost.boosters.entropy.binary_smoothed_soft_margin` (beta root by safeguarded Newton);
* :func:`maximize_erlp` / :func:`maximize_binary` -- the active-set Newton method with exact line search of
  :func:`refboost.boosters._newton.maximize` (``fast=True``, simplex, centred curvature, no linear
  term) for ``f = erlp_eval`` / ``binary_eval``: the same free face and removal rule (:func:`_newton._free_face`,
  :func:`_newton._face_step`), the same Levenberg-Marquardt damping and Cholesky / LU fallback, the
  same ratio test, bracketing, safeguarded Newton root (:func:`_newton._root`, with scipy's
  ``brentq`` written out as fallback), the same stall rule and the same certificate.

The numpy functions stay the readable statement and the reference: ``tests/test_entropy_jit.py``
checks kernel == reference (projection, value and d to round-off; the Newton method's optimum and
certificate) on random and extreme inputs; ``refboost.boosters.entropy.USE_JIT = False`` runs the
numpy path. The sums run in a different order than numpy's (pairwise) ones, so the iterates agree
to round-off; where round-off decides a comparison (a unit step accepted at a value tie, a face
change at large eta, duplicate columns) the iteration counts can differ by a few, the optimum and
its certificate do not.

The first call of a process loads the compiled code from numba's cache (``__pycache__``, ~0.5 s);
with a cold cache (fresh checkout, or after an edit of this file) the first call compiles
everything once (tens of seconds). The constants of :mod:`refboost._jit.constants` are frozen
into the compiled code: after changing one of them, touch this file (numba's cache is keyed on it).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ._numba import njit
from .common import back_substitute, lu_solve_inplace
from .common import expit as _expit
from .constants import (
    BETA_MASS_RTOL,
    BETA_NEWTON_ITERS,
    DIRECTION_CAP,
    DIRECTION_ZERO,
    EPS_MACH,
    EXP_FLOOR,
    HESSIAN_DAMPING,
    MAX_DOUBLINGS,
    NEWTON_ACCEPT,
    PROJ_CAP_RTOL,
    PROJ_RESCALE_SUM,
    ROOT_ITERS,
    ROOT_WOLFE,
    ROOT_XTOL,
    ROW_CURVATURE_RTOL,
    STALL_ITERS,
    VALUE_RTOL,
)

#: Fixed-point passes of :func:`project_log` before the sort-based fallback (a pass is O(N) and
#: compiled, cheaper than the sort; the numpy form stops after ``PROJ_FIXED_POINT_ITERS`` = 4).
JIT_FIXED_POINT_ITERS = 8
#: Bisection steps of the beta root's fallback (the reference uses Brent; both stop at the same xtol).
BISECT_ITERS = 200
#: Iterations of the Brent fallback of the line search (scipy's brentq default).
BRENT_ITERS = 100

#: Status codes of :func:`maximize_erlp` (names as in :class:`refboost.boosters._newton.NewtonResult`).
STATUS = ("converged", "stalled", "max_iter", "unbounded")


class Projection(NamedTuple):
    """KL projection onto the capped simplex: the distribution, its capped set, log Z."""

    d: np.ndarray
    capped: np.ndarray
    log_Z: float


class Evaluation(NamedTuple):
    """One objective evaluation: value, gradient d, curvature c, capped set (ERLP; empty for BINARY), hint.

    ``hint`` is log Z (ERLP) or beta (BINARY): the start of the next evaluation's projection / root.
    """

    value: float
    d: np.ndarray
    c: np.ndarray
    mask: np.ndarray
    hint: float


class LineSearchOutcome(NamedTuple):
    """:func:`line_search`: status (0 ok, 1 unbounded), step, index hit by the ratio test (-1: none),
    evaluations, and the last evaluated point (step ``last_a``: value, margins, d, c, mask, hint)."""

    status: int
    alpha: float
    hit: int
    n_eval: int
    last_a: float
    value: float
    m: np.ndarray
    d: np.ndarray
    c: np.ndarray
    mask: np.ndarray
    point_hint: float
    hint: float


class NewtonOutcome(NamedTuple):
    """:func:`maximize`: the optimum x, d there, value, edges G, measure, iterations, evaluations,
    status (an index into :data:`STATUS`), mask and hint of the final evaluation (as :class:`Evaluation`)."""

    x: np.ndarray
    d: np.ndarray
    value: float
    grad: np.ndarray
    measure: float
    n_iter: int
    n_eval: int
    status: int
    mask: np.ndarray
    hint: float


@njit(cache=True)
def _exp0(x):
    """``exp(x)``, flushed to 0 below ``EXP_FLOOR`` (as :func:`refboost.projections._exp`)."""
    if x < EXP_FLOOR:
        return 0.0
    return math.exp(x)


@njit(cache=True)
def _logaddexp(a, b):
    if a == -np.inf:
        return b
    if b == -np.inf:
        return a
    if a > b:
        return a + math.log1p(math.exp(b - a))
    return b + math.log1p(math.exp(a - b))


# ---------------------------------------------------------------------------------------------
# KL projection onto the capped simplex (log domain) and the smoothed soft margin
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _sift_down(s, heap, i, size):
    """Restore the min-heap property (on ``s[heap]``) below position i."""
    while True:
        c = 2 * i + 1
        if c >= size:
            return
        if c + 1 < size and s[heap[c + 1]] < s[heap[c]]:
            c += 1
        if s[heap[c]] < s[heap[i]]:
            heap[c], heap[i] = heap[i], heap[c]
            i = c
        else:
            return


@njit(cache=True)
def _top_k_desc(s, K):
    """Indices of the K largest entries of s, largest first (ties in any order): O(N log K).

    A min-heap of size K over one pass, then heapsort. (Written out: numba's ``argpartition`` costs
    ~10 s of compilation, more than the rest of this module's projection.)
    """
    N = s.shape[0]
    heap = np.arange(K)
    for i in range(K // 2 - 1, -1, -1):
        _sift_down(s, heap, i, K)
    for n in range(K, N):
        if s[n] > s[heap[0]]:
            heap[0] = n
            _sift_down(s, heap, 0, K)
    out = np.empty(K, np.int64)
    size = K
    for j in range(K - 1, -1, -1):  # the heap's minimum goes last
        out[j] = heap[0]
        size -= 1
        heap[0] = heap[size]
        _sift_down(s, heap, 0, size)
    return out


@njit(cache=True)
def project_log_sort(s, nu):
    """Alg. 4.2 (corrected cap 1/nu): sort, suffix log-sum-exps, first k with theta_k a_(k) <= 1/nu.

    Same math and same partial sort as :func:`refboost.projections._project_log_sort`: at most
    ``K = min(N, ceil(nu))`` entries can be capped, so only the K largest log-weights are selected
    and sorted (:func:`_top_k_desc`), on top of the log-sum-exp of the other N - K. Returns
    a :class:`Projection` ``(d, capped, log_Z)``.
    """
    N = s.shape[0]
    log_nu = math.log(nu)
    K = min(N, int(math.ceil(nu)))
    order = _top_k_desc(s, K)
    E = np.empty(N)  # E = exp(s - M_rest) on the entries outside the top K
    in_top = np.zeros(N, np.bool_)
    for j in range(K):
        in_top[order[j]] = True
    M_rest = -np.inf
    if K < N:
        for n in range(N):
            if not in_top[n] and s[n] > M_rest:
                M_rest = s[n]
        acc = 0.0
        for n in range(N):
            if not in_top[n]:
                E[n] = _exp0(s[n] - M_rest)
                acc += E[n]
        rest_lse = M_rest + math.log(acc)
    else:
        rest_lse = -np.inf
    lse = np.empty(K)  # lse[j] = log-sum-exp of every log-weight except the j largest
    acc = rest_lse
    for j in range(K - 1, -1, -1):
        acc = _logaddexp(acc, s[order[j]])
        lse[j] = acc
    k = K - 1
    for j in range(K):
        if math.log(1.0 - j / nu) + s[order[j]] - lse[j] <= -log_nu + 1e-12:
            k = j
            break
    log_Z = lse[k] - math.log(1.0 - k / nu)
    cap = 1.0 / nu
    capped = np.zeros(N, np.bool_)
    for j in range(k):
        capped[order[j]] = True
    d = np.empty(N)
    f_rest = math.exp(min(M_rest - log_Z, -log_nu)) if K < N else 0.0
    free_sum = 0.0
    for n in range(N):
        if capped[n]:
            d[n] = cap
        else:
            if in_top[n]:
                d[n] = _exp0(min(s[n] - log_Z, -log_nu))
            else:
                d[n] = min(E[n] * f_rest, cap)
            free_sum += d[n]
    if k < N:
        scale = (1.0 - k / nu) / free_sum
        for n in range(N):
            if not capped[n]:
                d[n] *= scale
    return Projection(d, capped, log_Z)


@njit(cache=True)
def _hint_start(s, nu, log_Z_hint, capped):
    """The start of :func:`project_log` from the hint: the capped set ``{n : s_n > log_Z_hint - ln nu}`` when
    every member is at or above the cap at that set's theta (returned as the projection when no free entry
    is above the cap either), else the tangent step's set, else the empty set. Fills ``capped``; returns
    ``(done, k, d, log_Z)`` (``done``: ``d`` and ``log_Z`` are the projection; else ``k = |capped|``)."""
    N = s.shape[0]
    log_nu = math.log(nu)
    thr = -log_nu + PROJ_CAP_RTOL
    cap = 1.0 / nu
    k = 0
    cut = log_Z_hint - log_nu
    kh = 0
    for n in range(N):
        if s[n] > cut:
            capped[n] = True
            kh += 1
    ok = False
    if 0 < kh and kh < nu and kh < N:
        M = -np.inf
        smin = np.inf
        for n in range(N):
            if capped[n]:
                smin = min(smin, s[n])
            elif s[n] > M:
                M = s[n]
        sum_f = 0.0
        for n in range(N):
            if not capped[n]:
                sum_f += _exp0(s[n] - M)
        rest = 1.0 - kh / nu
        lt = math.log(rest) - (M + math.log(sum_f))
        if smin + lt >= -log_nu - PROJ_CAP_RTOL:  # theta(C0) a_n >= 1/nu on C0: C0 inside C*
            if M <= thr - lt:  # no free entry above the cap either: C0 = C*
                d = np.empty(N)
                scale = rest / sum_f
                for n in range(N):
                    d[n] = cap if capped[n] else min(_exp0(s[n] - M) * scale, cap)
                return True, 0, d, -lt
            k = kh
            ok = True
        else:
            # tangent root of the concave Phi at 1/Z_hint: theta(C_h) <= theta*, so C_1 is inside C*
            c1 = thr - lt
            k1 = 0
            for n in range(N):
                if s[n] > c1:
                    k1 += 1
            if 0 < k1 and k1 < kh:
                for n in range(N):
                    capped[n] = s[n] > c1
                k = k1
                ok = True
    if not ok:
        capped[:] = False
        k = 0
    return False, k, np.empty(0), 0.0


@njit(cache=True)
def _project_free(s, nu, capped, k):
    """The end of :func:`project_log`: C_j is inside C*, so the rest is the projection of the free entries
    onto the capped simplex with nu - k, scaled by the free mass 1 - k/nu (as in
    refboost.projections._project_log)."""
    N = s.shape[0]
    cap = 1.0 / nu
    rest = 1.0 - k / nu
    free = np.empty(N - k, np.int64)
    j = 0
    for n in range(N):
        if not capped[n]:
            free[j] = n
            j += 1
    sub_d, sub_capped, sub_log_Z = project_log_sort(s[free], nu - k)
    d = np.full(N, cap)
    for j in range(N - k):
        if sub_capped[j]:
            capped[free[j]] = True  # d = cap exactly (sub_d * rest = 1/nu up to round-off)
        else:
            d[free[j]] = sub_d[j] * rest
    return Projection(d, capped, sub_log_Z - math.log(rest))


@njit(cache=True)
def _exp_at_free_max(s, capped, E):
    """``E = exp(min(s - M, 0))`` in place at the scale M of the free (not capped) entries' maximum; ``(M, the
    free entries' sum of E)``."""
    M = -np.inf
    for n in range(s.shape[0]):
        if not capped[n] and s[n] > M:
            M = s[n]
    fs = 0.0
    for n in range(s.shape[0]):
        E[n] = _exp0(min(s[n] - M, 0.0))
        if not capped[n]:
            fs += E[n]
    return M, fs


@njit(cache=True)
def project_log(s, nu, log_Z_hint):
    """KL projection of ``exp(s)`` onto ``{sum d = 1, 0 <= d <= 1/nu}``: ``(d, capped, log_Z)``.

    The O(N) fixed point of :func:`refboost.projections._project_log` (see its docstring for the
    argument that the capped sets grow inside the optimal one): start from the hint's capped set
    ``{n : s_n > log_Z_hint - ln nu}`` when every member is at or above the cap at that set's theta
    (else from the tangent step's set, else from the empty set; ``log_Z_hint = nan``: no hint),
    iterate ``C <- C + {n : theta(C) a_n > 1/nu}`` until it repeats; after ``JIT_FIXED_POINT_ITERS``
    passes :func:`project_log_sort` finishes on the entries outside C (with nu - |C|, scaled by the
    free mass 1 - |C|/nu), or on all entries if C is empty or round-off leaves no free mass.
    """
    N = s.shape[0]
    log_nu = math.log(nu)
    thr = -log_nu + PROJ_CAP_RTOL  # n is capped at theta when s_n + log(theta) > thr
    cap = 1.0 / nu
    capped = np.zeros(N, np.bool_)
    k = 0
    if math.isfinite(log_Z_hint):
        done, k, d, log_Z = _hint_start(s, nu, log_Z_hint, capped)
        if done:
            return Projection(d, capped, log_Z)
    E = np.empty(N)
    M, fs = _exp_at_free_max(s, capped, E)
    log_free = M + math.log(fs)
    for _ in range(JIT_FIXED_POINT_ITERS):
        rest = 1.0 - k / nu
        if rest <= 0.0:
            break
        log_theta = math.log(rest) - log_free
        cut = thr - log_theta
        k_new = k
        for n in range(N):
            if not capped[n] and s[n] > cut:
                k_new += 1
        if k_new == k:
            log_Z = -log_theta
            d = np.empty(N)
            free_sum = 0.0
            f = math.exp(M - log_Z)
            for n in range(N):
                if capped[n]:
                    d[n] = cap
                else:
                    d[n] = min(E[n] * f, cap)
                    free_sum += d[n]
            scale = rest / free_sum
            for n in range(N):
                if not capped[n]:
                    d[n] *= scale
            return Projection(d, capped, log_Z)
        for n in range(N):
            if s[n] > cut:
                capped[n] = True
        k = k_new
        if k >= N:
            break
        fs = 0.0
        for n in range(N):
            if not capped[n]:
                fs += E[n]
        if fs < PROJ_RESCALE_SUM:  # the free sum underflows at the scale M: re-exponentiate at its own
            M, fs = _exp_at_free_max(s, capped, E)
        log_free = M + math.log(fs)
    if k == 0 or k >= N or k >= nu:
        return project_log_sort(s, nu)
    return _project_free(s, nu, capped, k)


@njit(cache=True)
def erlp_eval(m, nu, eta, log_Z_hint):
    """Smoothed soft margin ``F(m)`` (Glocer 2009, (3.10), psi maximised out), its minimiser d, curvature c,
    capped set, log Z.

    ``F = (|C|/nu - 1) ln(Z)/eta + (1/nu) sum_{n in C} m_n + |C|/(nu eta) ln(N/nu)``, d the KL
    projection of ``d^0 exp(-eta m)``; ``c = eta d`` off the capped set C, 0 on it (Hessian of F in m:
    ``-(diag c - c c^T / sum c)``). As :func:`refboost.projections._smoothed_soft_margin` and
    :func:`refboost.boosters.entropy._erlp_f`.
    """
    N = m.shape[0]
    log_N = math.log(N)
    s = -eta * m - log_N
    d, capped, log_Z = project_log(s, nu, log_Z_hint)
    nC = 0
    sum_C = 0.0
    c = np.empty(N)
    for n in range(N):
        if capped[n]:
            nC += 1
            sum_C += m[n]
            c[n] = 0.0
        else:
            c[n] = eta * d[n]
    value = (nC / nu - 1.0) * log_Z / eta
    if nC:
        value += sum_C / nu + nC / (nu * eta) * (log_N - math.log(nu))
    return Evaluation(value, d, c, capped, log_Z)


@njit(cache=True)
def _sigma_shift(a, b):
    out = np.empty(a.shape[0])
    for n in range(a.shape[0]):
        out[n] = _expit(a[n] - b)
    return out


@njit(cache=True)
def _beta_root(a, nu, lo, hi, b0):
    """:func:`refboost.boosters.entropy._beta_root`: root b of ``sum_n sigma(a_n - b) = nu`` on [lo, hi].

    Safeguarded Newton from ``b0`` (nan: from ``lse(a) - ln nu``) with bisection; ``(ok, b, sigma(a - b))``.
    """
    N = a.shape[0]
    if math.isfinite(b0):
        b = min(max(b0, lo), hi)
    else:
        mx = a.max()
        acc = 0.0
        for n in range(N):
            acc += math.exp(max(a[n] - mx, -700.0))
        b = min(max(mx + math.log(acc) - math.log(nu), lo), hi)
    tol = BETA_MASS_RTOL * nu * max(1.0, math.sqrt(N))
    for _ in range(BETA_NEWTON_ITERS):
        sg = _sigma_shift(a, b)
        g = sg.sum() - nu
        if abs(g) <= tol:
            return True, b, sg
        if g > 0:
            lo = b
        else:
            hi = b
        der = 0.0
        for n in range(N):
            der += sg[n] * (1.0 - sg[n])
        b_new = b + g / der if der > 0 else np.nan
        if b_new == b:  # the Newton step is below b's resolution: converged (|g| may stay above tol)
            return True, b, sg
        if not (lo < b_new < hi):
            b_new = 0.5 * (lo + hi)
        if b_new == b or hi - lo <= 4 * EPS_MACH * max(1.0, abs(b)):
            return True, b, sg
        b = b_new
    return False, b, np.empty(0)


@njit(cache=True)
def binary_eval(m, nu, eta, beta_hint):
    """Binary smoothed soft margin ``F_B(m)`` (Glocer 2009, Lemma 3.18, (3.26) over beta), d, curvature, beta.

    As :func:`refboost.boosters.entropy._binary_smoothed`: ``d_n = sigma(logit(nu/N) - eta (m_n + beta))/nu``
    with beta the root of ``sum d = 1`` (:func:`_beta_root`; bisection to the same tolerance as
    the reference's Brent fallback if Newton does not settle), value
    ``-(1/(eta nu)) sum_n ln(1 - p + p e^{-eta m_n - b}) - beta`` (p = nu/N, b = eta beta, log-add-exp
    form), curvature ``c = eta d (1 - nu d)`` (:func:`refboost.boosters.entropy._binary_f`). Returns
    an :class:`Evaluation` ``(value, d, c, empty mask, beta)``.
    """
    N = m.shape[0]
    p = nu / N
    z0 = math.log(p) - math.log1p(-p)
    a = z0 - eta * m
    lo = -eta * m.max()
    hi = -eta * m.min()
    if hi - lo <= 0:
        b = lo
        sg = _sigma_shift(a, b)
    else:
        ok, b, sg = _beta_root(a, nu, lo, hi, eta * beta_hint)
        if not ok:
            xtol = 1e-15 * max(1.0, abs(lo), abs(hi))
            for _ in range(BISECT_ITERS):
                mid = 0.5 * (lo + hi)
                if _sigma_shift(a, mid).sum() / nu - 1.0 > 0:
                    lo = mid
                else:
                    hi = mid
                if hi - lo <= xtol + 4 * EPS_MACH * abs(mid):
                    break
            b = 0.5 * (lo + hi)
            sg = _sigma_shift(a, b)
    d = sg / nu
    beta = b / eta
    l1p = math.log1p(-p)
    lp = math.log(p)
    tot = 0.0
    c = np.empty(N)
    for n in range(N):
        tot += _logaddexp(l1p, lp - eta * m[n] - b)
        c[n] = eta * d[n] * max(1.0 - nu * d[n], 0.0)
    value = -tot / (eta * nu) - beta
    return Evaluation(value, d, c, np.zeros(0, np.bool_), beta)


#: Objective of the compiled Newton method: the entropy (ERLPBoost) or the capped binary entropy.
ERLP = 0
BINARY = 1


@njit(cache=True)
def _evaluate(kind, m, nu, eta, hint):
    if kind == ERLP:
        return erlp_eval(m, nu, eta, hint)
    return binary_eval(m, nu, eta, hint)


# ---------------------------------------------------------------------------------------------
# Active-set Newton method (refboost.boosters._newton.maximize, fast=True, simplex, centred)
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _matvec(A, x):
    """``A x`` (BLAS gemv; A C-contiguous)."""
    return np.dot(A, x)


@njit(cache=True)
def _rmatvec(A, d):
    """``A^T d`` (BLAS gemv)."""
    return np.dot(A.T, d)


@njit(cache=True)
def _evaluate_at(A, x, kind, nu, eta, hint):
    """f at ``m = A x`` (:func:`_evaluate`) with the gradient ``G = A^T d``: ``(m, value, d, c, capped, log_Z, G)``."""
    m = _matvec(A, x)
    val, d, c, capped, log_Z = _evaluate(kind, m, nu, eta, hint)
    return m, val, d, c, capped, log_Z, _rmatvec(A, d)


@njit(cache=True)
def _measure(x, G):
    """Frank-Wolfe gap ``max_q G_q - x . G`` (the step's duality gap)."""
    return G.max() - np.dot(x, G)


@njit(cache=True)
def _sum_zero_basis(k):
    """Orthonormal basis (k x k-1) of {s : sum s = 0} (:func:`_newton._sum_zero_basis`)."""
    v = np.full(k, 1.0 / math.sqrt(k))
    v[0] -= 1.0
    nv = np.dot(v, v)
    H = np.eye(k)
    if nv > 0:
        f = 2.0 / nv
        for i in range(k):
            for j in range(k):
                H[i, j] -= f * v[i] * v[j]
    return np.ascontiguousarray(H[:, 1:])


@njit(cache=True)
def _cholesky_solve(Mq, g):
    """Solve with the Cholesky factor of the upper triangle of Mq (LAPACK dposv); None if not PD."""
    n = Mq.shape[0]
    R = np.zeros((n, n))  # Mq = R^T R, R upper
    for j in range(n):
        acc = Mq[j, j]
        for p in range(j):
            acc -= R[p, j] * R[p, j]
        if not acc > 0.0:  # also NaN
            return False, g
        rjj = math.sqrt(acc)
        R[j, j] = rjj
        for i in range(j + 1, n):
            acc = Mq[j, i]
            for p in range(j):
                acc -= R[p, j] * R[p, i]
            R[j, i] = acc / rjj
    y = np.empty(n)
    for i in range(n):
        acc = g[i]
        for p in range(i):
            acc -= R[p, i] * y[p]
        y[i] = acc / R[i, i]
    back_substitute(R, y, n)
    return True, y


@njit(cache=True)
def _lu_solve(M, g):
    """Gaussian elimination with partial pivoting (LAPACK dgesv) on copies; False if a pivot is exactly 0."""
    b = g.copy()
    return lu_solve_inplace(M.copy(), b, b.size), b


@njit(cache=True)
def newton_direction(A, x, G, c):
    """:func:`refboost.boosters._newton._newton_direction` (simplex, centred) with less work; ``(ok, s)``.

    Same face, same removal rule, same damping. Free face = support + every zero coordinate with
    ``G_q > x . G`` + the best one; face Hessian ``A_S^T (diag c - c c^T/sum c) A_S`` from the rows with
    ``c_n > ROW_CURVATURE_RTOL max c``, formed once (principal submatrices for the smaller faces of the
    removal loop); Newton step in an orthonormal basis of ``{sum s = 0}`` with relative damping
    ``HESSIAN_DAMPING``; faces that would drive a zero coordinate negative lose those coordinates.
    Leaving out the rows changes the Hessian by a relative ``<= N ROW_CURVATURE_RTOL`` (ERLPBoost's
    capped rows have c = 0 exactly).
    """
    N, k = A.shape
    xG = np.dot(x, G)
    jbest = np.argmax(G)
    nS = 0
    idx0 = np.empty(k, np.int64)
    for q in range(k):
        if x[q] > 0 or G[q] > xG or q == jbest:
            idx0[nS] = q
            nS += 1
    idx0 = idx0[:nS]
    s = np.zeros(k)
    if nS <= 1:
        return False, s
    M0 = _face_hessian(A, c, idx0)
    pos = np.arange(nS)
    for _ in range(k + 1):
        ns = pos.shape[0]
        if ns <= 1:
            return False, s
        M = np.empty((ns, ns))
        gS = np.empty(ns)
        for i in range(ns):
            gS[i] = G[idx0[pos[i]]]
            for j in range(ns):
                M[i, j] = M0[pos[i], pos[j]]
        Q = _sum_zero_basis(ns)
        Mq = np.dot(Q.T, np.dot(M, Q))
        gq = np.dot(Q.T, gS)
        ok, z = _damped_solve(Mq, gq)
        if not ok:
            return False, s
        sS = np.dot(Q, z)
        smax = 0.0
        for i in range(ns):
            smax = max(smax, abs(sS[i]))  # NaN-blind: checked below
        finite = True
        for i in range(ns):
            if not math.isfinite(sS[i]):
                finite = False
        if not finite or smax == 0:
            return False, s
        nbad = 0
        for i in range(ns):
            if x[idx0[pos[i]]] <= 0 and sS[i] < -DIRECTION_ZERO:
                nbad += 1
        if nbad:
            keep = np.empty(ns - nbad, np.int64)
            j = 0
            for i in range(ns):
                if not (x[idx0[pos[i]]] <= 0 and sS[i] < -DIRECTION_ZERO):
                    keep[j] = pos[i]
                    j += 1
            pos = keep
            continue
        if smax > DIRECTION_CAP:
            sS = sS * (DIRECTION_CAP / smax)
        for i in range(ns):
            s[idx0[pos[i]]] = sS[i]
        return True, s
    return False, s


@njit(cache=True)
def _face_hessian(A, c, idx0):
    """The face Hessian ``A_S^T (diag c - c c^T/sum c) A_S`` on the columns ``idx0``, from the rows with
    ``c_n > ROW_CURVATURE_RTOL max c`` (formed once; the removal loop takes principal submatrices)."""
    N = A.shape[0]
    nS = idx0.shape[0]
    csum = c.sum()
    cmax = c.max() if N else 0.0
    lim = ROW_CURVATURE_RTOL * cmax
    nr = 0
    for n in range(N):
        if c[n] > lim:
            nr += 1
    B = np.empty((nr, nS))
    b0 = np.zeros(nS)
    r = 0
    for n in range(N):
        cn = c[n]
        if cn > lim:
            sq = math.sqrt(cn)
            for j in range(nS):
                a = A[n, idx0[j]]
                B[r, j] = a * sq
                b0[j] += a * cn
            r += 1
    M0 = np.dot(B.T, B) if nr > 0 else np.zeros((nS, nS))
    if csum > 0:
        for i in range(nS):
            for j in range(nS):
                M0[i, j] -= b0[i] * b0[j] / csum
    return M0


@njit(cache=True)
def _damped_solve(Mq, gq):
    """Solve ``(Mq + mu I) z = gq`` with the relative damping ``mu = HESSIAN_DAMPING max diag Mq`` (Cholesky;
    where it fails, LU on the symmetrised matrix with mu grown 1e3-fold up to 8 times); ``(ok, z)``."""
    nq = Mq.shape[0]
    base = np.empty(nq)
    top = 0.0
    for i in range(nq):
        base[i] = Mq[i, i]
        top = max(top, base[i])
    mu = HESSIAN_DAMPING * top if top > 0 else 1.0
    for i in range(nq):
        Mq[i, i] += mu
    ok, z = _cholesky_solve(Mq, gq)
    if not ok:
        Ms = 0.5 * (Mq + Mq.T)
        for _t in range(8):
            for i in range(nq):
                Ms[i, i] = base[i] + mu
            ok, z = _lu_solve(Ms, gq)
            if ok:
                break
            mu *= 1e3
    return ok, z


@njit(cache=True)
def _fallback_direction(x, G):
    """Frank-Wolfe direction ``e_j - x``, j = argmax G; slope = the Frank-Wolfe gap."""
    j = np.argmax(G)
    s = -x.copy()
    s[j] += 1.0
    return s, np.dot(G, s)


@njit(cache=True)
def _dphi(a, m, v, kind, nu, eta, hint):
    """phi'(a), phi(a), -phi''(a) of ``phi(a) = F(m + a v)`` and the point (m_a, d, c, capped, log_Z)."""
    m_a = m + a * v
    val, d, c, capped, log_Z = _evaluate(kind, m_a, nu, eta, hint)
    cv = 0.0
    csum = 0.0
    cvv = 0.0
    g = 0.0
    for n in range(v.shape[0]):
        cn = c[n] * v[n]
        cv += cn
        cvv += cn * v[n]
        csum += c[n]
        g += v[n] * d[n]
    curv = cvv - (cv * cv / csum if csum > 0 else 0.0)
    return g, val, curv, m_a, d, c, capped, log_Z


@njit(cache=True)
def _brentq_dphi(lo, hi, xtol, rtol, m, v, kind, nu, eta, hint, n_eval):
    """scipy.optimize.brentq (scipy/optimize/Zeros/brentq.c) on phi'; returns (root, ok, point...)."""
    xpre, xcur = lo, hi
    fpre, pv, _, pm, pd, pc, pC, pZ = _dphi(xpre, m, v, kind, nu, eta, hint)
    hint = pZ
    n_eval += 1
    last_a = xpre
    fcur, pv, _, pm, pd, pc, pC, pZ = _dphi(xcur, m, v, kind, nu, eta, hint)
    hint = pZ
    n_eval += 1
    last_a = xcur
    if fpre == 0:
        return xpre, True, n_eval, last_a, pv, pm, pd, pc, pC, pZ, hint
    if fcur == 0:
        return xcur, True, n_eval, last_a, pv, pm, pd, pc, pC, pZ, hint
    if (fpre < 0) == (fcur < 0):
        return lo, False, n_eval, last_a, pv, pm, pd, pc, pC, pZ, hint
    xblk = 0.0
    fblk = 0.0
    spre = 0.0
    scur = 0.0
    for _ in range(BRENT_ITERS):
        if fpre != 0 and fcur != 0 and ((fpre < 0) != (fcur < 0)):
            xblk = xpre
            fblk = fpre
            spre = scur = xcur - xpre
        if abs(fblk) < abs(fcur):
            xpre = xcur
            xcur = xblk
            xblk = xpre
            fpre = fcur
            fcur = fblk
            fblk = fpre
        delta = (xtol + rtol * abs(xcur)) / 2
        sbis = (xblk - xcur) / 2
        if fcur == 0 or abs(sbis) < delta:
            return xcur, True, n_eval, last_a, pv, pm, pd, pc, pC, pZ, hint
        if abs(spre) > delta and abs(fcur) < abs(fpre):
            if xpre == xblk:
                stry = -fcur * (xcur - xpre) / (fcur - fpre)
            else:
                dpre = (fpre - fcur) / (xpre - xcur)
                dblk = (fblk - fcur) / (xblk - xcur)
                stry = -fcur * (fblk * dblk - fpre * dpre) / (dblk * dpre * (fblk - fpre))
            if 2 * abs(stry) < min(abs(spre), 3 * abs(sbis) - delta):
                spre = scur
                scur = stry
            else:
                spre = sbis
                scur = sbis
        else:
            spre = sbis
            scur = sbis
        xpre = xcur
        fpre = fcur
        if abs(scur) > delta:
            xcur += scur
        else:
            xcur += delta if sbis > 0 else -delta
        fcur, pv, _, pm, pd, pc, pC, pZ = _dphi(xcur, m, v, kind, nu, eta, hint)
        hint = pZ
        n_eval += 1
        last_a = xcur
    return xcur, True, n_eval, last_a, pv, pm, pd, pc, pC, pZ, hint


@njit(cache=True)
def _ratio_test(x, s):
    """The largest step ``amax`` keeping ``x + a s >= 0`` and the first coordinate it drives to zero (-1: none)."""
    amax = np.inf
    hit_idx = -1
    for q in range(x.shape[0]):
        if s[q] < 0:
            r = x[q] / (-s[q])
            if r < amax:
                amax = r
                hit_idx = q
    return amax, hit_idx


@njit(cache=True)
def line_search(A, m, x, s, slope, val0, kind, nu, eta, hint):
    """:func:`refboost.boosters._newton._line_search` + :func:`_newton._root` for ``F``.

    Returns a :class:`LineSearchOutcome` (status, alpha, hit, n_eval, last_a, the last point): status 0 = found,
    1 = unbounded-looking ray; ``hit`` = index driven to zero by the ratio test or -1; the point of the
    last evaluation (at ``last_a``) is reused by the caller when ``alpha == last_a``.
    """
    v = _matvec(A, s)
    amax, hit_idx = _ratio_test(x, s)
    n_eval = 0
    a1 = min(1.0, amax)
    g1, v1, curv1, pm, pd, pc, pC, pZ = _dphi(a1, m, v, kind, nu, eta, hint)
    hint = pZ
    n_eval += 1
    last_a = a1
    pv = v1
    # (status, alpha, hit, need_root, lo, hi, g_lo, g_hi)
    alpha = 0.0
    hit = -1
    need_root = False
    lo = hi = glo = ghi = 0.0
    if g1 >= 0:
        if a1 == amax:
            alpha, hit = amax, hit_idx
        elif g1 <= NEWTON_ACCEPT * slope:
            alpha = a1
        else:
            lo, hi, glo, gh, ch = a1, a1, g1, g1, curv1
            done = False
            for _ in range(MAX_DOUBLINGS):
                lo, glo = hi, gh
                ext = lo + glo / ch if ch > 0 else np.inf
                hi = min(max(2 * lo, ext), amax)
                gh, pv, ch, pm, pd, pc, pC, pZ = _dphi(hi, m, v, kind, nu, eta, hint)
                hint = pZ
                n_eval += 1
                last_a = hi
                if gh < 0:
                    done = True
                    need_root = True
                    ghi = gh
                    break
                if hi == amax:
                    done = True
                    alpha, hit = amax, hit_idx
                    break
            if not done:
                return LineSearchOutcome(1, 0.0, -1, n_eval, last_a, pv, pm, pd, pc, pC, pZ, hint)
    else:
        if -g1 <= NEWTON_ACCEPT * slope and v1 >= val0:
            alpha = a1
        else:
            need_root = True
            lo, hi, glo, ghi = 0.0, a1, slope, g1
    if need_root:
        # _newton._root: safeguarded Newton on phi' with the exact phi'', secant / bisection safeguards
        width0 = hi - lo
        a = lo + (hi - lo) * glo / (glo - ghi)
        found = False
        for it in range(ROOT_ITERS):
            g, pv, curv, pm, pd, pc, pC, pZ = _dphi(a, m, v, kind, nu, eta, hint)
            hint = pZ
            n_eval += 1
            last_a = a
            if g == 0.0 or abs(g) <= ROOT_WOLFE * slope:
                found = True
                break
            if g > 0:
                lo, glo = a, g
            else:
                hi, ghi = a, g
            if hi - lo <= ROOT_XTOL * max(hi, 1e-300):
                found = True
                break
            if curv > 0 and abs(g) <= ROOT_XTOL * max(a, 1e-300) * curv:
                found = True
                break
            a_new = a + g / curv if curv > 0 else np.nan
            if not (lo < a_new < hi):
                a_new = lo + (hi - lo) * glo / (glo - ghi)
                if it % 3 == 2 and hi - lo > 0.5 * width0:
                    a_new = 0.5 * (lo + hi)
                width0 = hi - lo
            if not (lo < a_new < hi):
                a_new = 0.5 * (lo + hi)
            a = a_new
        if found:
            alpha = a
        else:
            xtol = 1e-15 * max(hi, 1e-300)
            root, _ok, n_eval, last_a, pv, pm, pd, pc, pC, pZ, hint = _brentq_dphi(
                lo, hi, xtol, 4 * EPS_MACH, m, v, kind, nu, eta, hint, n_eval)
            alpha = root
        hit = -1
    return LineSearchOutcome(0, alpha, hit, n_eval, last_a, pv, pm, pd, pc, pC, pZ, hint)


def maximize_erlp(A, x0, nu, eta, tol, max_iter):
    """``max_{x in simplex} F(A x)`` with F = :func:`erlp_eval` (ERLPBoost, Glocer 2009, (3.10) over psi).

    Returns a :class:`NewtonOutcome` (mask = capped set, hint = log Z; see :func:`maximize`).
    (A plain Python entry point: a compiled wrapper would be compiled, and inlined, on its own.)
    """
    return maximize(A, x0, ERLP, nu, eta, tol, max_iter)


def maximize_binary(A, x0, nu, eta, tol, max_iter):
    """``max_{x in simplex} F_B(A x)`` with F_B = :func:`binary_eval` (Binary ERLPBoost, Lemma 3.18).

    Returns a :class:`NewtonOutcome` (mask empty, hint = beta; see :func:`maximize`).
    """
    return maximize(A, x0, BINARY, nu, eta, tol, max_iter)


@njit(cache=True)
def _next_point(x, s, alpha, hit):
    """:func:`refboost.boosters._newton._next_point` on the simplex: ``x + alpha s`` with the coordinate the ratio
    test hit set to 0, clipped at 0 and normalised."""
    x_new = x + alpha * s
    if hit >= 0:
        x_new[hit] = 0.0
    tot = 0.0
    for q in range(x_new.shape[0]):
        if not x_new[q] >= 0.0:  # np.maximum(x_new, 0): NaN propagates in numpy, kept here too
            x_new[q] = 0.0 if x_new[q] < 0.0 else x_new[q]
        tot += x_new[q]
    return x_new / tot


@njit(cache=True)
def maximize(A, x0, kind, nu, eta, tol, max_iter):
    """``max_{x in simplex} f(A x)``: :func:`refboost.boosters._newton.maximize` (fast, simplex, centred).

    ``f`` = :func:`erlp_eval` (``kind = ERLP``) or :func:`binary_eval` (``kind = BINARY``). Returns
    a :class:`NewtonOutcome` ``(x, d, value, grad, measure, n_iter, n_eval, status, mask, hint)`` with status
    an index into :data:`STATUS`, ``mask`` the capped set (ERLP; empty for BINARY) and ``hint`` log Z (ERLP)
    or beta (BINARY) of the final evaluation. The final point is re-evaluated at exactly ``A x`` whenever it
    came from a line-search point or from the best-measure iterate (the certificate is exact at x).
    """
    x = x0.copy()
    n_eval = 0
    hint = np.nan
    m, val, d, c, capped, log_Z, G = _evaluate_at(A, x, kind, nu, eta, hint)
    hint = log_Z
    n_eval += 1
    fresh = True
    status = 2
    has_best = False
    best_meas = np.inf
    best_val = -np.inf
    has_best_val = False
    b_x, b_m, b_val, b_d, b_c, b_C, b_Z, b_G = x, m, val, d, c, capped, log_Z, G
    since_best = 0
    it = 0
    for it in range(1, max_iter + 1):  # noqa: B007 (it is reported)
        meas = _measure(x, G)
        improved_value = (not has_best_val) or val > best_val + VALUE_RTOL * (1 + abs(val))
        if (not has_best) or meas < best_meas:
            has_best = True
            best_meas = meas
            b_x, b_m, b_val, b_d, b_c, b_C, b_Z, b_G = x, m, val, d, c, capped, log_Z, G
            since_best = 0
        elif improved_value:
            since_best = 0
        else:
            since_best += 1
        if improved_value:
            best_val = val
            has_best_val = True
        if meas <= tol:
            status = 0
            break
        if since_best >= STALL_ITERS:
            status = 1
            break
        ok, s = newton_direction(A, x, G, c)
        slope = np.dot(G, s) if ok else -1.0
        if (not ok) or (not math.isfinite(slope)) or slope <= 0 or since_best >= STALL_ITERS // 2:
            s, slope = _fallback_direction(x, G)
        # the exact line search along s; where it makes no progress, once more along the fallback direction
        for retry in range(2):
            if retry == 1:
                s, slope = _fallback_direction(x, G)
            st, alpha, hit, ne, last_a, pv, pm, pd, pc, pC, pZ, hint = line_search(A, m, x, s, slope, val, kind,
                                                                                    nu, eta, hint)
            n_eval += ne
            if st == 1 or alpha > 0:
                break
        if st == 1:
            status = 3
            break
        if alpha <= 0:
            status = 1
            break
        x = _next_point(x, s, alpha, hit)
        if alpha == last_a:
            # the line search evaluated F at m + alpha v = A x_new (up to round-off): no new evaluation
            m, val, d, c, capped, log_Z = pm, pv, pd, pc, pC, pZ
            G = _rmatvec(A, d)
            fresh = False
        else:
            m, val, d, c, capped, log_Z, G = _evaluate_at(A, x, kind, nu, eta, hint)
            hint = log_Z
            n_eval += 1
            fresh = True
    meas = _measure(x, G)
    if meas > best_meas:
        meas, x, m, val, d, c, capped, log_Z, G = best_meas, b_x, b_m, b_val, b_d, b_c, b_C, b_Z, b_G
        fresh = False
    if not fresh:
        m, val, d, c, capped, log_Z, G = _evaluate_at(A, x, kind, nu, eta, hint)
        hint = log_Z
        n_eval += 1
        meas = _measure(x, G)
    if meas <= tol:
        status = 0
    return NewtonOutcome(x, d, val, G, meas, it, n_eval, status, capped, log_Z)
