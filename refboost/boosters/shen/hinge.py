"""Generalised-hinge soft-margin LPBoost (Shen & Li (2010), (21)/(22) for p = 1, the Tsallis-entropy dual (28)
for p > 1) and the entropy utilities of Definition 3.2."""

from __future__ import annotations

import math

import numpy as np
from scipy.optimize import brentq

from ..._validation import check_real
from ...certify import shen as _cert
from ...result import BoostResult
from .._common import query_columns
from .._params import Int, Real, constraints
from ..lpboost import lpboost
from ._common import _certified, _cg_reason
from .cg import _column_generation

# ---------------------------------------------------------------------------------------------
# Generalised-hinge soft-margin LPBoost: (21)/(22) for p = 1, (28) for p > 1
# ---------------------------------------------------------------------------------------------


def tsallis_coefficient(D: float, p: float) -> float:
    """``c = D^{1-q} (p^{1-q} - p^{-q}) = (pD)^{1-q} / q`` of dual (28), ``1/p + 1/q = 1`` (D > 0, p > 1).

    Evaluated in logarithms: for p near 1 (q large) and ``pD < 1`` the coefficient exceeds the float
    range and the result is ``inf`` (the product ``c sum u^q`` stays finite at the KKT point, where it
    equals ``D (p - 1) sum xi^p``; the boosters never form c).
    """
    D = check_real(D, "D", low=0.0, low_open=True)
    p = check_real(p, "p", low=1.0, low_open=True)
    q = p / (p - 1.0)
    log_c = (1.0 - q) * math.log(p * D) - math.log(q)
    return (p * D) ** (1.0 - q) / q if log_c < 700.0 else math.inf


def _hinge_rho(m: np.ndarray, D: float, p: float) -> float:
    """Optimal margin variable: root of ``D p sum_i (rho - m_i)_+^{p-1} = 1`` (p > 1, D >= 1/N).

    Bracket: the left side is 0 at ``min m`` and at least ``D p N t^{p-1} >= 1`` at ``max m + t`` with
    ``t = (D p N)^{-1/(p-1)} <= 1`` (formed in logarithms: no overflow for p near 1).
    """
    lo = float(m.min())
    phi = lambda rho: D * p * float(np.sum(np.maximum(rho - m, 0.0) ** (p - 1.0))) - 1.0
    hi = float(m.max()) + math.exp(-math.log(D * p * m.shape[0]) / (p - 1.0))
    if phi(hi) < 0.0:  # t underflowed (p near 1) or round-off: D p N - 1 >= p - 1 > 0 at max m + 1
        hi = float(m.max()) + 1.0
    if phi(hi) <= 0.0:  # round-off at the bracket end
        return hi
    if hi <= lo:  # every margin equal and t below the resolution
        return hi
    return brentq(phi, lo, hi, xtol=1e-15, rtol=4 * np.finfo(float).eps, maxiter=500)


def _hinge_u(m: np.ndarray, xi: np.ndarray, D: float, p: float) -> np.ndarray:
    """The dual point ``u_i = D p xi_i^{p-1}`` of (28); uniform on the smallest margins if every term is 0.

    For p near 1 the root rho can lie closer to the smallest margin than the float resolution
    (``xi = 0`` in floats); ``u`` is then the limit, equal weights on the tied smallest margins.
    """
    u = D * p * xi ** (p - 1.0)
    if not float(u.sum()) > 0.0:
        u = (m <= m.min()).astype(float)
        u /= u.sum()
    return u


#: Smallest ``rho - m_i`` used in the Hessian weight for 1 < p < 2 (the weight ~ (rho - m_i)^{p-2}).
HINGE_HESS_FLOOR = 1e-8


def hinge_master(D: float, p: float):
    """``f(m) = max_rho [rho - D sum_i (rho - m_i)_+^p]`` (the primal of (28) at ``m = U lambda``).

    Returns ``(f, centred)``. Envelope theorem: ``grad_m f = u`` with ``u_i = D p (rho - m_i)_+^{p-1}``
    (a distribution, the dual variable of (28)); implicit differentiation of the root condition
    ``sum u = 1`` gives ``Hess_m f = -(diag a - a a^T / 1^T a)`` with
    ``a_i = D p (p-1) (rho - m_i)_+^{p-2}`` (centred curvature ``c = a``); ``aux = rho``.
    """

    def f(m):
        rho = _hinge_rho(m, D, p)
        s = np.maximum(rho - m, 0.0)
        u = _hinge_u(m, s, D, p)
        act = s > 0
        a = np.zeros_like(s)
        a[act] = D * p * (p - 1.0) * np.maximum(s[act], HINGE_HESS_FLOOR) ** (p - 2.0)
        return rho - D * float(np.sum(s**p)), u, a, rho

    return f, True


@constraints(D=Real(0, None, low_open=True), p=Real(1, None), eps=Real(0, None, low_open=True), max_iter=Int(1))
def lpboost_hinge(oracle, *, D: float, p: float = 2.0, eps: float = 1e-6, max_iter: int = 1000) -> BoostResult:
    """Soft-margin LPBoost with the generalised hinge loss, Shen & Li (2010), §3.2-3.3.

    Certifies: the returned weights lie in the simplex and their value ``max_rho rho - D sum_i xi_i^p``
    (``xi = (rho 1 - U w)_+``) is within eps of the optimum over the whole class (p > 1: the dual (28) at
    ``u_i ∝ D p xi_i^{p-1}``; p = 1: the soft margin with ``nu = 1/D``, dual (22);
    :func:`refboost.certify.shen.generalized_hinge`).

    Primal: ``max_{w, rho, xi} rho - D sum_i xi_i^p  s.t. U w >= rho 1 - xi, xi >= 0,
    w in simplex``. Dual: for p = 1 the LP (22) ``min r s.t. U^T u <= r, u in simplex, u <= D``;
    for p > 1 the Tsallis-entropy-regularised LP (28) ``min r + c sum_i u_i^q`` with
    ``c = (pD)^{1-q}/q``, ``1/p + 1/q = 1``.

    * p = 1 reuses the foundation's :func:`refboost.lpboost` with ``nu = 1/D`` (clipped to
      [1, M]; D >= 1 is the hard margin) and the HiGHS restricted LP.
    * p > 1: column generation; the restricted primal is solved in ``lambda`` after eliminating
      ``rho`` by a 1-d root (``D p sum (rho - m)_+^{p-1} = 1``) and ``xi``; the KKT relations give
      ``u_i = D p xi_i^{p-1}`` (``xi_i = (u_i/(pD))^{1/(p-1)}``).

    Certificate (p > 1): ``gap = [max_h edge_h(u) + c sum u^q] - [rho - D sum xi^p]``, the duality
    gap between the full dual (28) at ``(u, r = max edge)`` and the primal at the returned w.

    Close to p = 1 (e.g. p = 1.0001) the problem is numerically the LP (21): ``u_i ∝ xi_i^{p-1}`` jumps
    between 0 and ``D p`` on margins that differ by round-off, so the restricted masters and the KKT dual
    point are ill-conditioned; the result is then usually ``converged=False`` with the reason in the
    message (run p = 1 for the LP itself).

    Parameters
    ----------
    oracle : refboost.Oracle
    D : float >= 1/M
        Soft-margin trade-off / cap (dual feasibility needs D >= 1/M).
    p : float >= 1
        Hinge exponent.
    eps : float > 0
        Stop when the certified gap is <= eps.
    max_iter : int >= 1
        Maximum number of columns.
    """
    M = oracle.n_examples
    D = float(D)
    if D < 1.0 / M:  # the range depends on the number of examples M
        raise ValueError(f"D must be a finite real in [1/M, inf) = [{1.0 / M:g}, inf) for M = {M} examples "
                         f"(Shen & Li (2010): the soft-margin trade-off needs D >= 1/M), got {D!r}")
    p, eps = float(p), float(eps)
    if p == 1.0:
        nu = min(max(1.0 / D, 1.0), float(M))
        res = lpboost(oracle, nu=nu, eps=eps, max_iter=max_iter)
        res.algorithm = "lpboost_hinge"
        res.params = {"D": D, "p": p, "eps": eps, "max_iter": max_iter, "nu": nu}
        ds = [res.distribution] + list(res.extra.get("certificate_distributions", []))
        cert = _cert.soft_margin_lp(oracle, res.weights, nu=nu, hypotheses=res.hypotheses, distribution=ds,
                                    tol=eps, bound="dual")
        return _certified(res, cert)  # the certificate lpboost's message speaks of

    q = p / (p - 1.0)
    make = lambda _T: hinge_master(D, p)
    # The CG driver with T = 1: at u_i = D p xi_i^{p-1} its gap max edge - u.m equals the duality gap of
    # the primal and (28) (c sum u^q = D (p - 1) sum xi^p there); the certificate below recomputes it.
    res = _column_generation(oracle, 1.0, eps, max_iter, make, "lpboost_hinge", "primal_objective", True, fast=False)
    reason = _cg_reason(res)
    U_S = query_columns(oracle, res.hypotheses)
    lam = res.extra["lambda"]
    m = U_S @ lam
    rho = _hinge_rho(m, D, p)
    xi = np.maximum(rho - m, 0.0)
    u = _hinge_u(m, xi, D, p)
    res.weights = lam
    res.margins = m
    res.distribution = u / u.sum()
    res.params = {"D": D, "p": p, "q": q, "eps": eps, "max_iter": max_iter}
    cert = _cert.generalized_hinge(oracle, lam, D=D, p=p, hypotheses=res.hypotheses, tol=eps, bound="dual")
    res.gap = float(max(cert.gap, 0.0)) if math.isfinite(cert.gap) else float(max(res.gap, 0.0))
    res.extra.pop("gap_unscaled", None)
    # r: the largest edge over the class under the returned distribution (the r of (28))
    r_full = cert.kkt["w_on_max_edges"] + float(res.distribution @ m)
    res.extra.update({"primal_objective": cert.objective, "rho": rho, "xi": xi, "r": r_full})
    if math.isfinite(cert.bound):
        res.extra["dual_objective"] = cert.bound
    return _certified(res, cert, reason)


# ---------------------------------------------------------------------------------------------
# Entropy utilities (Definition 3.2 and the corrected q-log identity)
# ---------------------------------------------------------------------------------------------


def q_log(x, q: float) -> np.ndarray:
    """Tsallis q-logarithm ``log_q(x) = (x^{1-q} - 1)/(1 - q)`` (``log`` at q = 1)."""
    x = np.asarray(x, dtype=float)
    if q == 1.0:
        return np.log(x)
    return (x ** (1.0 - q) - 1.0) / (1.0 - q)


def tsallis_entropy(u, q: float) -> float:
    """Tsallis entropy (29) ``S_q(u) = (1 - sum u_i^q)/(q - 1)`` (Shannon entropy at q = 1).

    Corrected identity: ``S_q = -sum u_i^q log_q u_i = sum u_i log_q(1/u_i)``; the paper's
    ``-sum u_i log_q u_i`` (after Definition 3.2) equals ``S_{2-q}`` instead.
    """
    u = np.asarray(u, dtype=float)
    q = check_real(q, "q")
    if q <= 0 and np.any(u <= 0):
        raise ValueError(f"q must be > 0 when u has zero entries, got q = {q}")
    if q == 1.0:
        nz = u[u > 0]
        return float(-np.sum(nz * np.log(nz)))
    return float((1.0 - np.sum(u**q)) / (q - 1.0))


def binary_entropy_sum(u) -> float:
    """``-sum_i [u_i log u_i + (1-u_i) log(1-u_i)]``, the regulariser of dual (31) (Table I)."""
    u = np.asarray(u, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(u > 0, u * np.log(u), 0.0) + np.where(u < 1, (1 - u) * np.log1p(-u), 0.0)
    return float(-np.sum(t))
