"""KL projection onto the capped simplex and the entropy-smoothed soft margin (log domain).

The capped simplex is ``{d : sum d = 1, 0 <= d <= 1/nu}`` (Glocer 2009, Table 2.1). The
KL projection of a positive vector ``a`` onto it is ``d = min(1/nu, theta a)`` with theta
chosen so that ``sum d = 1`` (Glocer 2009, Alg. 4.2 "Project Simplex", with the digest's
correction D10: the cap is 1/nu). Everything here takes **log-weights** ``s = log a`` so that
``a = d^0 exp(-eta m)`` with eta up to 1e6 neither overflows nor underflows.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import logsumexp

from ._validation import check_array, check_eta, check_margins, check_nu


@dataclass
class CappedProjection:
    """Result of :func:`project_capped_simplex_log`.

    Attributes
    ----------
    d : ndarray
        The projection (in the original order).
    capped : ndarray of bool
        The capped set C = {n : d_n = 1/nu}, decided by the loop count (digest §5.6).
    log_Z : float
        ``log Z`` with ``d_n = a_n / Z`` for n not in C, i.e.
        ``Z = sum_{n not in C} a_n / (1 - |C|/nu)`` (digest §3.4, step 3). ``inf``-free.
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


#: exp(x) for x below this is flushed to 0 (it is < 1e-304; computing subnormal results is ~10x slower).
EXP_FLOOR = -700.0


def _exp(x: np.ndarray) -> np.ndarray:
    """``exp(x)`` with results below ``exp(EXP_FLOOR)`` set to exactly 0 (no subnormals)."""
    y = np.exp(np.maximum(x, EXP_FLOOR))
    y[x < EXP_FLOOR] = 0.0
    return y


def _lse(x: np.ndarray) -> float:
    """log-sum-exp of a non-empty finite vector (scipy's logsumexp has ~0.5 ms call overhead)."""
    mx = float(x.max())
    return mx + float(np.log(_exp(x - mx).sum()))


def _project_log(s: np.ndarray, nu: float) -> CappedProjection:
    """:func:`project_capped_simplex_log` without input checks (called in the inner loops).

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
    lse = np.logaddexp.accumulate(np.r_[rest_lse, ss[::-1]])[::-1][:K]
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

    This is the psi-eliminated ERLPBoost dual (Glocer 2009, (3.10) maximised over psi; digest
    §2.3 "[derived] psi can be eliminated in closed form") and the smoothed soft margin of
    Mitsuboshi et al. The minimiser is the KL projection of ``d^0 exp(-eta m)`` onto the capped
    simplex, and the value has the closed form (digest §3.4, step 5)::

        F = (|C|/nu - 1) ln(Z)/eta + (1/nu) sum_{n in C} m_n + |C|/(nu eta) ln(N/nu)

    where ``ln Z`` is computed in the log domain. Its gradient in m is d (so the gradient in w of
    ``F(U w)`` is the edge vector ``U^T d``).
    """
    m = check_margins(margins)
    return _smoothed_soft_margin(m, check_nu(nu, m.shape[0]), check_eta(eta))


def _smoothed_soft_margin(m: np.ndarray, nu: float, eta: float) -> SmoothedSoftMargin:
    """:func:`smoothed_soft_margin` without input checks (the boosters' inner loops)."""
    N = m.shape[0]
    log_a = -eta * m - np.log(N)
    proj = _project_log(log_a, nu)
    C = proj.capped
    nC = int(C.sum())
    value = (nC / nu - 1.0) * proj.log_Z / eta + m[C].sum() / nu + nC / (nu * eta) * np.log(N / nu)
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
