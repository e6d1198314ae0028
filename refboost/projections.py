"""KL projection onto the capped simplex and the entropy-smoothed soft margin (log domain).

The capped simplex is ``{d : sum d = 1, 0 <= d <= 1/nu}`` (Glocer 2009, Table 2.1). The
KL projection of a positive vector ``a`` onto it is ``d = min(1/nu, theta a)`` with theta
chosen so that ``sum d = 1`` (Glocer 2009, Alg. 4.2 "Project Simplex", with the cap
corrected to 1/nu). Everything here takes **log-weights** ``s = log a`` so that
``a = d^0 exp(-eta m)`` with eta up to 1e6 neither overflows nor underflows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.special import logsumexp

from ._jit.constants import EXP_FLOOR, PROJ_CAP_RTOL, PROJ_FIXED_POINT_ITERS, PROJ_RESCALE_SUM
from ._validation import check_array, check_eta, check_margins, check_nu


@dataclass
class CappedProjection:
    """Result of :func:`project_capped_simplex_log`.

    Attributes
    ----------
    d : ndarray
        The projection (in the original order).
    capped : ndarray of bool
        The capped set C = {n : d_n = 1/nu}, decided by the loop count.
    log_Z : float
        ``log Z`` with ``d_n = a_n / Z`` for n not in C, i.e.
        ``Z = sum_{n not in C} a_n / (1 - |C|/nu)`` ``inf``-free.
    """

    d: np.ndarray
    capped: np.ndarray
    log_Z: float


def project_capped_simplex_log(log_a, nu: float) -> CappedProjection:
    """KL projection of ``a = exp(log_a)`` onto ``{sum d = 1, 0 <= d <= 1/nu}``.

    Glocer (2009), Alg. 4.2 (corrected cap 1/nu), computed in the log domain: sort ``log_a``
    descending; for k = 0, 1, ... (k = number of capped coordinates) the candidate is
    ``theta_k a`` with ``log theta_k = log(1 - k/nu) - logsumexp(log_a sorted[k:])``; take the
    first k with ``theta_k a_(k) <= 1/nu``. O(N log N).

    Parameters
    ----------
    log_a : array_like, shape (N,)
        Log of the positive vector to project (finite).
    nu : float, 1 <= nu <= N
    """
    s = check_array(log_a, "log_a", ndim=1)
    nu = check_nu(nu, s.shape[0])
    return _project_log(s, nu)


def capped_slack(m: np.ndarray, capped, log_Z: float, nu: float, eta: float = 1.0) -> np.ndarray:
    """The slacks psi of the entropy-regularised dual (Glocer 2009, (3.10)) in closed form, at margins ``m``
    whose KL projection has the capped set ``capped`` and ``log_Z`` (:class:`CappedProjection`): from (3.11),
    ``psi_n = max(-m_n - (1/eta) ln(Z / (d0_n nu)), 0)`` on C (d0 uniform), 0 elsewhere."""
    N = m.shape[0]
    psi = np.zeros(N)
    psi[capped] = np.maximum(-m[capped] - (log_Z + np.log(N) - np.log(nu)) / eta, 0.0)
    return psi


def _exp(x: np.ndarray) -> np.ndarray:
    """``exp(x)`` with results below ``exp(EXP_FLOOR)`` set to exactly 0 (no subnormals)."""
    y = np.exp(np.maximum(x, EXP_FLOOR))
    y[x < EXP_FLOOR] = 0.0
    return y


def _lse(x: np.ndarray) -> float:
    """log-sum-exp of a non-empty finite vector (scipy's logsumexp has ~0.5 ms call overhead)."""
    mx = float(x.max())
    return mx + float(np.log(_exp(x - mx).sum()))


def _project_log(s: np.ndarray, nu: float, log_Z_hint: float | None = None) -> CappedProjection:
    """:func:`project_capped_simplex_log` without input checks (called in the inner loops).

    O(N) without sorting: the capped set is found by the fixed-point iteration
    ``theta_j = (1 - |C_j|/nu) / sum_{n not in C_j} a_n``, ``C_{j+1} = C_j + {n : theta_j a_n > 1/nu}``.
    Write ``Phi(theta) = sum_n min(1/nu, theta a_n)`` (increasing; ``Phi(theta*) = 1``). If every
    ``n in C`` has ``theta(C) a_n >= 1/nu`` then ``Phi(theta(C)) <= |C|/nu + theta(C) sum_{n not in C} a_n
    = 1``, so ``theta(C) <= theta*`` and ``C`` is inside the optimal capped set C*; capping the entries
    with ``theta_j a_n > 1/nu`` removes more than ``1/nu`` of mass each, so ``theta_{j+1} > theta_j``
    and that property is kept: the sets grow inside C*, and a set that repeats is C* (every free
    entry below the cap, every capped one above it). The start is ``C_0 = {}`` or, given
    ``log_Z_hint`` (the ``log_Z`` of a nearby projection, e.g. the previous line-search point),
    ``C_0 = {n : a_n / Z_hint > 1/nu}`` when it passes that test (else ``{}``). After
    ``PROJ_FIXED_POINT_ITERS`` passes the sort-based Alg. 4.2 (:func:`_project_log_sort`) finishes
    on the entries outside ``C_j`` (the free entries' projection with ``nu - |C_j|``, scaled by the
    free mass ``1 - |C_j|/nu``); with ``C_j`` empty, or if round-off leaves no free mass, on all.
    """
    N = s.shape[0]
    log_nu = float(np.log(nu))
    capped = None
    k = 0
    E = None  # E = exp(min(s - M, 0)): relative weights at the scale M of the free entries' maximum
    if log_Z_hint is not None and np.isfinite(log_Z_hint):
        hint = s > log_Z_hint - log_nu
        kh = int(np.count_nonzero(hint))
        if 0 < kh < nu and kh < N:
            free = ~hint
            sf = s[free]
            M = float(sf.max())
            ef = _exp(sf - M)
            sum_f = float(ef.sum())
            lf = M + math.log(sum_f)
            rest = 1.0 - kh / nu
            lt = math.log(rest) - lf
            if float(s[hint].min()) + lt >= -log_nu - PROJ_CAP_RTOL:  # theta(C0) a_n >= 1/nu on C0
                if M <= (-log_nu + PROJ_CAP_RTOL) - lt:
                    # no free entry above the cap at theta(C0): C0 = C* (the loop's first pass would
                    # repeat C0); d = 1/nu on C0 and the free weights scaled to the free mass 1 - |C0|/nu
                    d = np.full(N, 1.0 / nu)
                    df = ef * (rest / sum_f)
                    d[free] = np.minimum(df, 1.0 / nu, out=df)
                    return CappedProjection(d=d, capped=hint, log_Z=-lt)
                E = _exp(np.minimum(s - M, 0.0))
                capped, k, log_free = hint, kh, lf
            else:
                # theta(C_h) = exp(lt) is the root of the tangent of the concave Phi at theta_h = 1/Z_hint
                # (slope sum_{n not in C_h} a_n, a supergradient), which lies above Phi: theta(C_h) <= theta*,
                # so C_1 = {n : theta(C_h) a_n > 1/nu} is inside C* and starts the iteration
                c1 = s > (-log_nu + PROJ_CAP_RTOL) - lt
                k1 = int(np.count_nonzero(c1))
                if 0 < k1 < kh:  # c1 is inside hint (the free part's maximum is below the cap at theta(C_h))
                    free = ~c1
                    M = float(s[free].max())
                    E = _exp(np.minimum(s - M, 0.0))
                    capped, k, log_free = c1, k1, M + float(np.log(E[free].sum()))
    if capped is None:
        M = float(s.max())
        E = _exp(s - M)  # largest = 1
        log_free = M + float(np.log(E.sum()))  # log sum_{n not in C} a_n
    for _ in range(PROJ_FIXED_POINT_ITERS):
        rest = 1.0 - k / nu
        if rest <= 0.0:
            break
        log_theta = float(np.log(rest)) - log_free
        new = s > (-log_nu + PROJ_CAP_RTOL) - log_theta
        if capped is not None:
            new |= capped
        k_new = int(np.count_nonzero(new))
        if k_new == k:
            log_Z = -log_theta
            if M - log_Z <= -log_nu + PROJ_CAP_RTOL:  # M is a free entry's: theta e^M <= 1/nu, reuse E
                d = np.minimum(E * float(np.exp(M - log_Z)), 1.0 / nu)
            else:
                d = _exp(np.minimum(s - log_Z, -log_nu))
            cap = 1.0 / nu
            if k:
                d[capped] = cap
                free = ~capped
                d[free] *= rest / d[free].sum()
            else:
                d *= 1.0 / d.sum()
                capped = new
            return CappedProjection(d=d, capped=capped, log_Z=log_Z)
        capped, k = new, k_new
        if k >= N:
            break
        log_free, E, M = _log_free_sum(s, E, M, ~capped)
    if k == 0 or k >= N or k >= nu:
        return _project_log_sort(s, nu)
    # C_j is inside C*: the rest is the projection of the free entries onto the capped simplex
    # with nu - k (scaled by the free mass 1 - k/nu, cap (1/nu) / (1 - k/nu) = 1/(nu - k))
    free = ~capped
    rest = 1.0 - k / nu
    sub = _project_log_sort(s[free], nu - k)
    d = np.full(N, 1.0 / nu)
    d[free] = sub.d * rest
    capped = capped.copy()
    capped[free] = sub.capped
    return CappedProjection(d=d, capped=capped, log_Z=float(sub.log_Z - np.log(rest)))


def _log_free_sum(s, E, M, free):
    """``(log sum_{n in free} exp(s_n), E, M)`` from ``E = exp(s - M)`` on the free entries.

    If the free sum underflows at the scale M, ``E`` is recomputed at the free entries' own maximum
    ``M_f`` (entries above it, all capped, are clipped to 1: only free entries are ever summed, and
    the free set only shrinks) and returned with it, so later passes do not re-exponentiate.
    """
    fs = float(E[free].sum())
    if fs >= PROJ_RESCALE_SUM:  # entries flushed to 0 (< e^-700) are < e^-125 of this sum
        return M + float(np.log(fs)), E, M
    M_f = float(s[free].max())
    E = _exp(np.minimum(s - M_f, 0.0))
    return M_f + float(np.log(E[free].sum())), E, M_f


def _project_log_sort(s: np.ndarray, nu: float) -> CappedProjection:
    """Sort-based :func:`project_capped_simplex_log` without input checks (Alg. 4.2; fallback).

    At most ``K = min(N, ceil(nu))`` coordinates can be capped (``1 - k/nu > 0``), so only the
    K largest log-weights are sorted (``argpartition``, O(N + K log K)); the suffix log-sum-exps
    are accumulated over them on top of the log-sum-exp of the remaining N - K entries.
    """
    N = s.shape[0]
    K = min(N, int(np.ceil(nu)))
    d = np.empty(N)
    if K < N:
        top = np.argpartition(-s, K - 1)[:K]
        top = top[np.argsort(-s[top])]
        rest_mask = np.ones(N, dtype=bool)
        rest_mask[top] = False
        s_rest = s[rest_mask]
        M_rest = float(s_rest.max())
        E_rest = _exp(s_rest - M_rest)  # the only O(N) exp
        rest_lse = M_rest + float(np.log(E_rest.sum()))
    else:
        top = np.argsort(-s, kind="stable")
        rest_lse = -np.inf
    ss = s[top]
    # lse[k] = logsumexp of every log-weight except the k largest, k = 0..K-1
    lse = np.logaddexp.accumulate(np.concatenate(([rest_lse], ss[::-1])))[::-1][:K]
    rest = 1.0 - np.arange(K) / nu  # > 0 for k < K <= ceil(nu)
    # condition theta_k * a_(k) <= 1/nu  <=>  log(rest) + ss[k] - lse[k] <= -log(nu)
    ok = np.log(rest) + ss - lse <= -np.log(nu) + 1e-12
    k = int(np.argmax(ok)) if ok.any() else K - 1
    log_Z = float(lse[k] - np.log(rest[k]))
    cap = 1.0 / nu
    if K < N:  # min before exp: no overflow on the capped set
        d[rest_mask] = np.minimum(E_rest * np.exp(min(M_rest - log_Z, -np.log(nu))), cap)
    d[top] = _exp(np.minimum(ss - log_Z, -np.log(nu)))
    capped = np.zeros(N, dtype=bool)
    capped[top[:k]] = True
    d[capped] = cap
    # renormalise the uncapped part against round-off; the capped part is exact
    free = ~capped
    if k < N:
        d[free] *= (1.0 - k / nu) / d[free].sum()
    return CappedProjection(d=d, capped=capped, log_Z=log_Z)


def kl_divergence(d, d0) -> float:
    """Relative entropy ``Delta(d, d0) = sum_n d_n ln(d_n / d0_n)`` with 0 ln 0 = 0 (Table 2.1)."""
    d = check_array(d, "d", ndim=1)
    d0 = check_array(d0, "d0", ndim=1)
    if d.shape != d0.shape:
        raise ValueError(f"d and d0 must have the same shape, got {d.shape} and {d0.shape}")
    if np.any(d < 0) or np.any(d0 <= 0):
        raise ValueError("d must be >= 0 and d0 > 0 entrywise")
    pos = d > 0
    return float(np.sum(d[pos] * (np.log(d[pos]) - np.log(d0[pos]))))


def _kl_uniform(d: np.ndarray) -> float:
    """:func:`kl_divergence` ``(d, 1/N)`` without input checks (inner loops; d a distribution)."""
    pos = d > 0
    dp = d[pos]
    return float(np.sum(dp * (np.log(dp) - np.log(1.0 / d.shape[0]))))


def kl_unnormalized(d, d0) -> float:
    """Unnormalised relative entropy ``sum_n d_n ln(d_n/d0_n) - d_n + d0_n`` (Glocer 2009, Table 2.1)."""
    d = check_array(d, "d", ndim=1)
    d0 = check_array(d0, "d0", ndim=1)
    return kl_divergence(d, d0) - float(d.sum()) + float(d0.sum())


@dataclass
class SmoothedSoftMargin:
    """Value and minimiser of the entropy-smoothed soft margin (see :func:`smoothed_soft_margin`)."""

    value: float
    d: np.ndarray
    capped: np.ndarray
    log_Z: float


def smoothed_soft_margin(margins, nu: float, eta: float) -> SmoothedSoftMargin:
    """``F(m) = min_{d capped} d . m + (1/eta) Delta(d, d^0)`` with d^0 uniform.

    This is the psi-eliminated ERLPBoost dual (Glocer 2009, (3.10) maximised over psi, which
    can be done in closed form) and the smoothed soft margin of
    Mitsuboshi et al. The minimiser is the KL projection of ``d^0 exp(-eta m)`` onto the capped
    simplex, and the value has the closed form ::

        F = (|C|/nu - 1) ln(Z)/eta + (1/nu) sum_{n in C} m_n + |C|/(nu eta) ln(N/nu)

    where ``ln Z`` is computed in the log domain. Its gradient in m is d (so the gradient in w of
    ``F(U w)`` is the edge vector ``U^T d``).
    """
    m = check_margins(margins)
    N = m.shape[0]
    return _smoothed_soft_margin(m, check_nu(nu, N), check_eta(eta))


def _smoothed_soft_margin(m: np.ndarray, nu: float, eta: float, log_Z_hint: float | None = None) -> SmoothedSoftMargin:
    """:func:`smoothed_soft_margin` without input checks (inner loops; ``log_Z_hint``: see :func:`_project_log`)."""
    N = m.shape[0]
    log_N = float(np.log(N))
    proj = _project_log(-eta * m - log_N, nu, log_Z_hint)
    C = proj.capped
    nC = int(np.count_nonzero(C))
    value = (nC / nu - 1.0) * proj.log_Z / eta
    if nC:
        value += float(m[C].sum()) / nu + nC / (nu * eta) * (log_N - float(np.log(nu)))
    return SmoothedSoftMargin(value=float(value), d=proj.d, capped=C, log_Z=proj.log_Z)


def smoothed_soft_margin_direct(margins, nu: float, eta: float) -> float:
    """Same value as :func:`smoothed_soft_margin`, evaluated as ``d . m + Delta(d, d^0)/eta`` at its d."""
    r = smoothed_soft_margin(margins, nu, eta)
    m = np.asarray(margins, float)
    N = m.shape[0]
    return float(r.d @ m + kl_divergence(r.d, np.full(N, 1.0 / N)) / eta)


__all__ = [
    "CappedProjection",
    "SmoothedSoftMargin",
    "kl_divergence",
    "kl_unnormalized",
    "logsumexp",
    "project_capped_simplex_log",
    "smoothed_soft_margin",
    "smoothed_soft_margin_direct",
]
