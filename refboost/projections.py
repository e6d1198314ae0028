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
    N = s.shape[0]
    nu = check_nu(nu, N)
    order = np.argsort(-s, kind="stable")
    ss = s[order]
    # suffix log-sum-exp: lse[k] = logsumexp(ss[k:])
    lse = np.logaddexp.accumulate(ss[::-1])[::-1]
    k_all = np.arange(N)
    rest = 1.0 - k_all / nu
    valid = rest > 0
    # condition theta_k * a_(k) <= 1/nu  <=>  log(rest) + ss[k] - lse[k] <= -log(nu)
    with np.errstate(divide="ignore"):
        lhs = np.where(valid, np.log(np.where(valid, rest, 1.0)) + ss - lse, np.inf)
    ok = lhs <= -np.log(nu) + 1e-12
    k = int(np.argmax(ok)) if ok.any() else int(np.sum(valid)) - 1
    log_Z = float(lse[k] - np.log(rest[k]))
    d_sorted = np.empty(N)
    d_sorted[:k] = 1.0 / nu
    d_sorted[k:] = np.minimum(np.exp(ss[k:] - log_Z), 1.0 / nu)
    d = np.empty(N)
    d[order] = d_sorted
    capped = np.zeros(N, dtype=bool)
    capped[order[:k]] = True
    # renormalise the uncapped part against round-off; the capped part is exact
    free = ~capped
    if free.any():
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
    N = m.shape[0]
    nu = check_nu(nu, N)
    eta = check_eta(eta)
    log_a = -eta * m - np.log(N)
    proj = project_capped_simplex_log(log_a, nu)
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
