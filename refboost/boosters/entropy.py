"""Entropy-regularised totally corrective boosting (Glocer 2009, chapter 3).

* :func:`erlpboost` -- ERLPBoost, Alg. 3.2 (Warmuth, Glocer & Vishwanathan, ALT 2008).
* :func:`binary_erlpboost` -- Binary ERLPBoost, Alg. 3.3 (capped binary relative entropy).
* SoftBoost (Alg. 3.1) and TotalBoost, its nu = 1 case, live in :mod:`refboost.boosters.softboost`;
  their dual step uses this module's psi-eliminated objective with eta = 1.

Each totally corrective step is solved in the **w-domain** with t variables (one per
hypothesis), after eliminating the N slack variables psi in closed form by the KL projection
onto the capped simplex (derived from (3.10)-(3.11)) or the binary-entropy normaliser beta by a
1-d root (Lemma 3.18). The resulting concave problems are maximised by the active-set Newton
method with exact line search of :mod:`refboost.boosters._newton` (log-domain arithmetic, works
for eta up to 1e6). For ERLPBoost and Binary ERLPBoost that method and its objectives run as
compiled numba kernels (:mod:`refboost._jit.entropy`, a line-by-line port; :data:`USE_JIT` = False
runs the numpy form, which stays the reference the kernels are tested against). No generic conic
solver runs inside a loop; :mod:`refboost.truth` has the d-domain ground truth the tests compare
against.

Conventions: P^0(d^0) = -1 (dummy hypothesis u^0 = -1); T = t - 1 for
ERLPBoost and Binary ERLPBoost, whose output is the regularised dual w^T of the last completed
iteration; SoftBoost counts the last hypothesis and outputs the LP (2.2) weights over the
chosen hypotheses (what Thm 3.2 is about).

What a run certifies: all four return ``converged=True`` exactly when
:func:`refboost.certify.soft_margin_lp` confirms, from the returned weights alone, that their soft
margin is within eps of the optimal soft margin over the class (Thms 3.2, 3.10/3.12, 3.21/3.23).
The bound is the smallest edge the oracle reported, ``gamma_hat = u^t.d^{t-1}``, at the d^{t-1}
attaining it (``extra["certificate_distributions"]``; the oracle's own answers are replayed, as
the theorems assume a maximum-edge oracle); the certificate is ``extra["certificate"]``. The
regularised problems themselves have certificates in :mod:`refboost.certify.entropy`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from scipy.optimize import brentq
from scipy.special import expit

from .._bisect import bisect
from .._extras import HAVE_NUMBA
from .._jit.constants import BETA_MASS_RTOL, BETA_NEWTON_ITERS
from .._validation import (
    check_choice,
    check_eta,
    check_max_iter,
    check_nu,
    check_nu_binary,
    check_real,
    check_U,
)
from ..bounds import eta_binary, eta_erlp
from ..margins import soft_margin
from ..oracles import Oracle
from ..projections import (
    SmoothedSoftMargin,
    _kl_uniform,
    _lse,
    _smoothed_soft_margin,
    capped_slack,
    kl_divergence,
)
from ..result import BoostResult
from . import _newton
from ._common import Columns, finish, query, query_columns
from ._params import Choice, Int, Nu, Real, constraints

EPS_MACH = float(np.finfo(float).eps)
#: Default inner tolerance on the duality gap of each totally corrective step.
INNER_TOL = 1e-12
#: The gap cannot be resolved below ~eta * machine epsilon (edges move by eta * dw); floor factor.
TOL_FLOOR_FACTOR = 64.0
STOPPING = ("practical", "simple")


def _tol_floor(eta: float) -> float:
    return TOL_FLOOR_FACTOR * EPS_MACH * max(1.0, eta)


# ---------------------------------------------------------------------------------------------
# Entropies and primal objectives
# ---------------------------------------------------------------------------------------------


def binary_entropy_capped(d, nu: float) -> float:
    """Capped binary relative entropy ``Delta_{2,nu}(d, d^0)`` with d^0 uniform (Glocer 2009, Table 2.1):

    ``sum_n d_n ln(d_n/d0_n) + sum_n (1/nu - d_n) ln((1/nu - d_n)/(1/nu - d0_n))``, 0 ln 0 = 0.
    Requires 1 <= nu < N and 0 <= d <= 1/nu.
    """
    d = np.asarray(d, float)
    N = d.shape[0]
    nu = check_nu_binary(nu, N)
    d0 = 1.0 / N
    e = 1.0 / nu - d
    if np.any(d < -1e-15) or np.any(e < -1e-15):
        raise ValueError("d must satisfy 0 <= d <= 1/nu")
    d = np.maximum(d, 0.0)
    e = np.maximum(e, 0.0)
    pos, pose = d > 0, e > 0
    first = np.sum(d[pos] * np.log(d[pos] / d0))
    second = np.sum(e[pose] * np.log(e[pose] / (1.0 / nu - d0)))
    return float(first + second)


def erlp_primal(U_t, d, eta: float) -> float:
    """``P^t(d) = max_q u^q . d + Delta(d, d^0)/eta`` (Glocer 2009, eq. (3.6)); t = 0 gives -1 + Delta/eta."""
    d = np.asarray(d, float)
    N = d.shape[0]
    U_t = np.asarray(U_t, float).reshape(N, -1)
    top = float((U_t.T @ d).max()) if U_t.shape[1] else -1.0
    return top + kl_divergence(d, np.full(N, 1.0 / N)) / eta


def binary_primal(U_t, d, nu: float, eta: float) -> float:
    """``P^t_B(d) = max_q u^q . d + Delta_{2,nu}(d, d^0)/eta`` (Glocer 2009, eq. (3.25))."""
    d = np.asarray(d, float)
    N = d.shape[0]
    U_t = np.asarray(U_t, float).reshape(N, -1)
    top = float((U_t.T @ d).max()) if U_t.shape[1] else -1.0
    return top + binary_entropy_capped(d, nu) / eta


# ---------------------------------------------------------------------------------------------
# Smoothed minima of the margins (the inner functions of the w-domain duals)
# ---------------------------------------------------------------------------------------------


#: Use the compiled kernels of :mod:`refboost._jit.entropy` (numba) for ERLPBoost's objective and
#: Newton method; False runs the numpy reference path (same steps up to round-off; tests compare both).
#: Default: whether numba (the ``[fast]`` extra) is installed (:data:`refboost._extras.HAVE_NUMBA`).
USE_JIT = HAVE_NUMBA


def _jit():
    from .._jit import entropy  # imported on first use: numba loads its cached kernels here

    return entropy


def _compiled_f(evaluate, maximize_kernel, nu: float, eta: float, make_aux):
    """``f`` of :func:`_erlp_f` / :func:`_binary_f` through the compiled kernels (:data:`USE_JIT`).

    ``evaluate(m, nu, eta, hint) -> (value, d, c, extra, hint')`` is :func:`refboost._jit.entropy.erlp_eval`
    (extra = capped set, hint = log Z) or :func:`~refboost._jit.entropy.binary_eval` (hint = beta), started
    from the previous evaluation's hint (NaN: none); ``f.compiled_maximize`` is the compiled
    :func:`_newton.maximize` (``maximize_kernel`` = ``maximize_erlp`` / ``maximize_binary``, used by
    ``maximize(fast=True)`` on the simplex); ``make_aux(value, d, extra, hint)`` builds the caller's aux.
    """
    J = _jit()
    nu, eta = float(nu), float(eta)
    hint = [np.nan]

    def f(m):
        value, d, c, extra, h = evaluate(np.ascontiguousarray(m, dtype=float), nu, eta, hint[0])
        hint[0] = h
        return value, d, c, make_aux(value, d, extra, h)

    def compiled_maximize(A, x0, tol, max_iter):
        r = maximize_kernel(np.ascontiguousarray(A, dtype=float), np.array(x0, dtype=float), nu, eta, float(tol),
                            int(max_iter))
        return _newton.NewtonResult(x=r.x, d=r.d, value=float(r.value), grad=r.grad, measure=float(r.measure),
                                    n_iter=int(r.n_iter), n_eval=int(r.n_eval), status=J.STATUS[r.status],
                                    aux=make_aux(r.value, r.d, r.mask, r.hint))

    f.compiled_maximize = compiled_maximize
    return f


def _erlp_f(nu: float, eta: float):
    """``f(m) -> (F(m), d, c, aux)`` for :func:`_newton.maximize`: the smoothed soft margin, its gradient d,
    curvature ``c = eta d`` off the capped set (0 on it), aux the :class:`SmoothedSoftMargin`.

    With :data:`USE_JIT`, ``f`` evaluates through :func:`refboost._jit.entropy.erlp_eval` and carries
    ``f.compiled_maximize`` (:func:`refboost._jit.entropy.maximize_erlp`, used by ``maximize(fast=True)``
    on the simplex); otherwise through :func:`refboost.projections._smoothed_soft_margin` (the reference).
    """
    if USE_JIT:
        J = _jit()
        return _compiled_f(J.erlp_eval, J.maximize_erlp, nu, eta, lambda value, d, capped, log_Z: SmoothedSoftMargin(
            value=value, d=d, capped=capped, log_Z=log_Z))

    hint = [None]  # log Z of the previous evaluation: the start of the next projection's capped set

    def f(m):
        r = _smoothed_soft_margin(m, nu, eta, hint[0])
        hint[0] = r.log_Z
        c = eta * r.d
        c[r.capped] = 0.0
        return r.value, r.d, c, r

    return f


@dataclass
class BinarySmoothed:
    """Value, minimiser and normaliser of :func:`binary_smoothed_soft_margin`."""

    value: float
    d: np.ndarray
    beta: float
    mass_error: float


def binary_smoothed_soft_margin(margins, nu: float, eta: float) -> BinarySmoothed:
    """``F_B(m) = max_beta Theta_B(w, beta) = min_{d in S^N} d . m + Delta_{2,nu}(d, d^0)/eta``.

    Glocer (2009), Lemma 3.18, eq. (3.26) maximised over the free multiplier beta of
    ``sum d = 1``; beta is the root of ``sum_n d_n(w, beta) = 1`` (strictly decreasing in beta)
    found by safeguarded Newton (Brent as fallback) on the certified bracket ``beta in [-max m, -min m]``. The
    distribution is the stable logistic form of (3.27) (rewritten with the logistic function)::

        d_n = (1/nu) sigma(logit(nu d0_n) - eta (m_n + beta)),   0 < d_n < 1/nu,

    and the value uses ``ln(1 - p + p e^x) = logaddexp(ln(1-p), ln p + x)`` with p = nu/N.
    Requires 1 <= nu < N.
    """
    m = np.asarray(margins, float)
    N = m.shape[0]
    return _binary_smoothed(m, check_nu_binary(nu, N), check_eta(eta))


def _binary_smoothed(m: np.ndarray, nu: float, eta: float, beta_hint: float | None = None) -> BinarySmoothed:
    """:func:`binary_smoothed_soft_margin` without input checks; ``beta_hint`` (beta of a nearby
    point) starts the root search (inside the certified bracket; the root is the same)."""
    N = m.shape[0]
    p = nu / N
    z0 = np.log(p) - np.log1p(-p)  # logit(nu d0)
    a = z0 - eta * m  # d_n = sigma(a_n - b)/nu with b = eta beta

    def mass(b):
        return float(np.sum(expit(a - b)) / nu - 1.0)

    lo, hi = -eta * float(m.max()), -eta * float(m.min())
    sg = None
    if hi - lo <= 0:
        b = lo
    else:
        root = _beta_root(a, nu, lo, hi, None if beta_hint is None else eta * beta_hint)
        if root is None:  # safeguarded Newton did not settle: Brent on the certified bracket
            try:
                b = brentq(mass, lo, hi, xtol=1e-15 * max(1.0, abs(lo), abs(hi)), rtol=4 * EPS_MACH)
            except ValueError:  # no sign change within round-off: bisection on the monotone mass
                lo, hi = bisect(lambda b: mass(b) > 0, lo, hi)
                b = 0.5 * (lo + hi)
        else:
            b, sg = root
    d = (expit(a - b) if sg is None else sg) / nu
    err = float(d.sum() - 1.0)
    beta = b / eta
    terms = np.logaddexp(np.log1p(-p), np.log(p) - eta * m - b)
    value = -float(terms.sum()) / (eta * nu) - beta
    return BinarySmoothed(value=value, d=d, beta=beta, mass_error=err)


def _beta_root(a, nu, lo, hi, b0=None):
    """Root b of ``sum_n sigma(a_n - b) = nu`` (decreasing in b) on the bracket [lo, hi].

    Safeguarded Newton (derivative ``-sum sigma(1 - sigma)``) started from ``b0`` if given (clipped
    to the bracket) or from the upper bound ``lse(a) - ln nu`` (``sigma(z) <= e^z``), with bisection
    when a step leaves the bracket; a few O(N) passes instead of Brent's ~40. It stops when the mass
    ``sum sigma - nu`` is within ``BETA_MASS_RTOL nu sqrt(N)`` or when the Newton step no longer changes
    ``b`` (for ``|b|`` of order 1e4 one ulp of ``b`` moves the mass by more than that tolerance). Returns
    ``(b, sigma(a - b))``, or None if it does not settle.
    """
    if b0 is not None and np.isfinite(b0):
        b = min(max(float(b0), lo), hi)
    else:
        mx = float(a.max())
        b = min(max(mx + float(np.log(np.exp(np.maximum(a - mx, -700.0)).sum())) - np.log(nu), lo), hi)
    for _ in range(BETA_NEWTON_ITERS):
        sg = expit(a - b)
        g = float(sg.sum()) - nu
        if abs(g) <= BETA_MASS_RTOL * nu * max(1.0, np.sqrt(a.shape[0])):
            return b, sg
        if g > 0:
            lo = b
        else:
            hi = b
        der = float(np.dot(sg, 1.0 - sg))
        b_new = b + g / der if der > 0 else np.nan
        if b_new == b:  # the Newton step is below b's resolution: converged (|g| may stay above the tolerance,
            return b, sg  # which is below the resolution of g = sum sigma - nu when |b| is large)
        if not (lo < b_new < hi):
            b_new = 0.5 * (lo + hi)
        if b_new == b or hi - lo <= 4 * EPS_MACH * max(1.0, abs(b)):
            return b, sg
        b = b_new
    return None


def _sigmoid(z):
    """Logistic ``1/(1 + e^-z)`` of an array by numpy's exp, not ``scipy.special.expit``: that differs from it in
    the last bit on about a third of the z < 0 (its own exp) and flushes the values below ~1e-308 (z < -708) to 0."""
    out = np.empty_like(z)
    pos = z >= 0
    out[pos] = 1.0 / (1.0 + np.exp(-z[pos]))
    ez = np.exp(z[~pos])
    out[~pos] = ez / (1.0 + ez)
    return out


def _binary_f(nu: float, eta: float):
    """``f(m) -> (F_B(m), d, c, aux)`` for :func:`_newton.maximize`: the binary smoothed soft margin, d,
    curvature ``c = eta d (1 - nu d)``, aux the :class:`BinarySmoothed` (compiled as in :func:`_erlp_f`).
    """
    if USE_JIT:
        J = _jit()
        return _compiled_f(J.binary_eval, J.maximize_binary, nu, eta, lambda value, d, _, beta: BinarySmoothed(
            value=value, d=d, beta=beta, mass_error=float(d.sum() - 1.0)))

    hint = [None]  # beta of the previous evaluation: the start of the next root search

    def f(m):
        r = _binary_smoothed(m, nu, eta, hint[0])
        hint[0] = r.beta
        c = eta * r.d * np.maximum(1.0 - nu * r.d, 0.0)
        return r.value, r.d, c, r

    return f


# ---------------------------------------------------------------------------------------------
# The totally corrective steps
# ---------------------------------------------------------------------------------------------


@dataclass
class DualStep:
    """Solution of one totally corrective step in the w-domain.

    Attributes
    ----------
    w : ndarray (t,)
        Dual weights (in the simplex for ERLPBoost/Binary, unnormalised for SoftBoost).
    d : ndarray (N,)
        The primal distribution d(w) (feasible by construction).
    dual : float
        Dual value (F(w) resp. Theta_B, Theta_S).
    primal : float
        Primal value at d (P^t(d), P^t_B(d), or Delta(d, d^0) for SoftBoost).
    gap : float
        primal - dual (>= 0 up to round-off): the step's own duality gap.
    edges : ndarray (t,)
        ``U_t^T d``.
    n_iter, n_eval : int
        Newton iterations and function evaluations.
    status : str
    extra : dict
        psi, capped set, log Z (ERLPBoost); beta (Binary); infeasibility (SoftBoost).
    """

    w: np.ndarray
    d: np.ndarray
    dual: float
    primal: float
    gap: float
    edges: np.ndarray
    n_iter: int
    n_eval: int
    status: str
    extra: dict


def _start_simplex(w0, t):
    if w0 is None:
        return np.full(t, 1.0 / t)
    w0 = np.maximum(np.asarray(w0, float), 0.0)
    if w0.shape != (t,) or not np.isfinite(w0).all() or w0.sum() <= 0:
        raise ValueError(f"w0 must be a non-negative vector of length {t} with positive sum")
    return w0 / w0.sum()


def _eta_step(U_t, nu, eta, w0, tol, max_iter, nu_check, make_f):
    """The shared part of :func:`erlp_dual_step` and :func:`binary_dual_step`: check the arguments and
    maximise the dual objective ``make_f(nu, eta)`` over the simplex (warm start ``w0``, else uniform with
    eta continuation). Returns ``(U_t, N, nu, eta, NewtonResult)``."""
    U_t = check_U(U_t, "U_t")
    N, t = U_t.shape
    nu = nu_check(nu, N)
    eta = check_eta(eta)
    tol = max(check_real(tol, "tol", low=0.0, low_open=True), _tol_floor(eta))
    max_iter = check_max_iter(max_iter)
    x0 = _start_simplex(w0, t)
    with _newton.single_thread_blas():
        r = _newton.maximize_eta(lambda e: make_f(nu, e), U_t, x0, eta, tol=tol, max_iter=max_iter,
                                 cold=w0 is None, fast=True)
    return U_t, N, nu, eta, r


def erlp_dual_step(U_t, nu: float, eta: float, *, w0=None, tol: float = INNER_TOL, max_iter: int = 500) -> DualStep:
    """Solve the ERLPBoost step (3.6) through its psi-eliminated dual.

    ``max_{w in S^t} F(w)``, ``F(w) = max_{psi >= 0} Theta^t(w, psi)`` (Glocer 2009, eq. (3.10)),
    which equals ``smoothed_soft_margin(U_t w, nu, eta)`` (psi maximised out in closed form); its gradient
    is the edge vector ``U_t^T d(w)``. Returns d(w) (eq. (3.11) with the optimal psi, i.e. the KL
    projection of ``d^0 exp(-eta U_t w)`` onto the capped simplex), the closed-form psi
    (from (3.11) on the capped set), ``beta`` of (3.16) and the gap ``P^t(d) - F(w) = max_q u^q.d - w.U^T d``.

    Parameters
    ----------
    U_t : array_like (N, t)
    nu : float in [1, N]
    eta : float > 0
    w0 : array_like (t,), optional
        Warm start (default uniform).
    tol : float
        Target duality gap; floored at ~64 eta machine-eps (the resolution of the edges).
    """
    U_t, N, nu, eta, r = _eta_step(U_t, nu, eta, w0, tol, max_iter, check_nu, _erlp_f)
    proj = r.aux
    m = U_t @ r.x
    C = proj.capped
    psi = capped_slack(m, C, proj.log_Z, nu, eta)
    # beta of (3.16) at (w, psi): -1/eta + (1/eta) ln sum_n d0_n exp(-eta (m_n + psi_n))
    beta = (-1.0 + _lse(-eta * (m + psi)) - float(np.log(N))) / eta
    edges = r.grad
    primal = float(edges.max()) + _kl_uniform(r.d) / eta
    gap = float(edges.max() - r.x @ edges)
    return DualStep(
        w=r.x, d=r.d, dual=r.value, primal=primal, gap=gap, edges=edges, n_iter=r.n_iter, n_eval=r.n_eval,
        status=r.status, extra={"psi": psi, "beta": beta, "capped": C, "log_Z": proj.log_Z, "margins": m},
    )


def binary_dual_step(U_t, nu: float, eta: float, *, w0=None, tol: float = INNER_TOL, max_iter: int = 500) -> DualStep:
    """Solve the Binary ERLPBoost step (3.25) through its dual (3.26) with beta eliminated.

    ``max_{w in S^t} F_B(w)``, ``F_B(w) = max_beta Theta^t_B(w, beta)`` (Glocer 2009, Lemma 3.18),
    evaluated by :func:`binary_smoothed_soft_margin`; gradient ``U_t^T d(w, beta(w))``. The gap
    ``P^t_B(d) - F_B(w) = max_q u^q.d - w.U^T d`` (d is renormalised to the simplex first, a
    correction of the order of the beta root's round-off, reported as ``mass_error``).
    Requires 1 <= nu < N.
    """
    U_t, N, nu, eta, r = _eta_step(U_t, nu, eta, w0, tol, max_iter, check_nu_binary, _binary_f)
    aux = r.aux
    d = r.d / r.d.sum()
    edges = U_t.T @ d
    primal = float(edges.max()) + binary_entropy_capped(np.minimum(d, 1.0 / nu), nu) / eta
    gap = float(edges.max() - r.x @ edges)
    return DualStep(
        w=r.x, d=d, dual=r.value, primal=primal, gap=gap, edges=edges, n_iter=r.n_iter, n_eval=r.n_eval,
        status=r.status, extra={"beta": aux.beta, "mass_error": aux.mass_error, "margins": U_t @ r.x},
    )


# ---------------------------------------------------------------------------------------------
# ERLPBoost and Binary ERLPBoost (Alg. 3.2, 3.3)
# ---------------------------------------------------------------------------------------------


#: Step-size rules of the corrective step (:func:`corrective_step`). "sq": x.d/(eta ||x||_inf^2) (Shalev-Shwartz &
#: Singer 2008, Alg. 4.3; default); "nosq": Glocer (2009) Alg 4.1(b) as printed, x.d/(eta ||x||_inf); "4eta": the
#: printed (4.4), x.d/(4 eta ||x||^2); "cpp": the authors' C++, x.d/(eta (max_n x_n)^2).
STEP_RULES = ("sq", "nosq", "4eta", "cpp")


def corrective_step(x, d, eta: float, rule: str = "sq") -> float:
    """Step size alpha of Glocer (2009) Alg. 4.1(b) / 4.3(b) towards ``x = u - U w`` under the chosen rule, clipped to
    [0, 1] (0 where the denominator is 0): the step of the corrective boosters and ERLPBoost's warm start."""
    xd = float(x @ d)
    if rule == "cpp":
        nx = float(x.max())
        den = eta * nx * nx
    else:
        nx = float(np.abs(x).max())
        den = {"sq": eta * nx * nx, "nosq": eta * nx, "4eta": 4 * eta * nx * nx}[rule]
    if den <= 0:
        return 0.0
    return float(np.clip(xd / den, 0.0, 1.0))


def _erlp_family(oracle, *, nu, eps, eta, max_iter, stopping, inner_tol, inner_max_iter, binary):
    """The loop of Alg. 3.2 / 3.3 (parameters already checked by :func:`refboost.boosters._params.constraints`)."""
    name = "binary_erlpboost" if binary else "erlpboost"
    N = oracle.n_examples
    nu, eps, max_iter, inner_max_iter = float(nu), float(eps), int(max_iter), int(inner_max_iter)
    inner_tol = float(inner_tol)
    eta_given = eta is not None
    eta = float(eta) if eta_given else (eta_binary(eps, N, nu) if binary else eta_erlp(eps, N, nu))
    if stopping == "practical" and inner_tol > eps / 4:
        raise ValueError(f"inner_tol must be <= eps/4 = {eps / 4:g} for the practical criterion (Lemma 3.4)")
    step_fn = binary_dual_step if binary else erlp_dual_step
    Delta = (lambda dd: binary_entropy_capped(np.minimum(dd, 1.0 / nu), nu)) if binary else (
        lambda dd: _kl_uniform(dd))

    d = np.full(N, 1.0 / N)
    cols = Columns(N)  # the chosen hypotheses' columns, keys de-duplicated
    w = np.zeros(0)
    P_prev = -1.0  # P^0(d^0) = -1 (the dummy hypothesis u^0 = -1)
    Theta_prev = -1.0
    edges_prev = np.zeros(0)  # U_{t-1}^T d^{t-1}
    min_P = np.inf
    gamma_hat = np.inf
    history: list[dict] = []
    fired = False
    step = None
    t0 = time.perf_counter()
    delta = np.inf
    answers = _Answers(oracle)
    d_gamma = d  # the d^{t-1} whose edge is gamma_hat (the dual point of the soft-margin certificate)
    first = None  # the first hypothesis: the combination when the rule fires before any step
    for t in range(1, max_iter + 1):
        key, u = answers.ask(d)
        if first is None:
            first = (key, u)
        edge = float(u @ d)
        if edge < gamma_hat:
            gamma_hat, d_gamma = edge, d
        reg = Delta(d) / eta
        top = max(float(edges_prev.max()) if edges_prev.size else -1.0, edge)
        P_t_prev = top + reg  # P^t(d^{t-1}), max form of (3.6)
        min_P = min(min_P, P_t_prev)
        delta_simple = min_P - P_prev
        delta_practical = min_P - Theta_prev
        delta = delta_simple if stopping == "simple" else delta_practical
        rec = {
            "t": t, "hypothesis": key, "edge": edge, "P_t_prev": P_t_prev, "min_P": min_P,
            "delta_simple": delta_simple, "delta_practical": delta_practical, "gamma_hat": gamma_hat,
        }
        if delta <= eps / 2:
            rec["stop"] = True
            rec["time"] = time.perf_counter() - t0
            history.append(rec)
            fired = True
            break
        if key in cols:
            rec["stop"] = True
            rec["time"] = time.perf_counter() - t0
            history.append(rec)
            break  # not expected with inner gap <= eps/4; the certificate decides
        w0 = _warm_start(t, cols, u, w, d, eta)
        cols.add(key, u)
        U_t = cols.stacked()
        step = step_fn(U_t, nu, eta, w0=w0, tol=inner_tol, max_iter=inner_max_iter)
        w, d = step.w, step.d
        P_prev, Theta_prev, edges_prev = step.primal, step.dual, step.edges
        rec.update({
            "P": step.primal, "dual": step.dual, "inner_gap": step.gap, "inner_iter": step.n_iter,
            "inner_eval": step.n_eval, "inner_status": step.status, "regulariser": step.primal - step.edges.max(),
            "time": time.perf_counter() - t0,
        })
        history.append(rec)
    return _erlp_output(answers, cols, w, d, first, step, history, fired, delta, min_P, P_prev, Theta_prev,
                        gamma_hat, d_gamma, eta_given, binary, name,
                        {"nu": nu, "eps": eps, "eta": eta, "max_iter": max_iter, "stopping": stopping,
                         "inner_tol": inner_tol})


def _warm_start(t: int, cols: Columns, u, w, d, eta: float) -> np.ndarray:
    """The inner solve's start at iteration t of Alg. 3.2 / 3.3: one corrective step from ``(w^{t-1}, 0)``
    towards the new hypothesis (``w = (1)`` at t = 1)."""
    if t == 1 or not cols:
        return np.ones(1)
    x = u - cols.stacked() @ w
    a = corrective_step(x, d, eta)
    return np.append((1 - a) * w, a)


def _erlp_output(answers, cols, w, d, first, step, history, fired, delta, min_P, P_prev, Theta_prev, gamma_hat,
                 d_gamma, eta_given, binary, name, params) -> BoostResult:
    """The output of Alg. 3.2 / 3.3: ``w^T`` over the chosen hypotheses (the first alone when the rule fired
    at t = 1), certified by the soft-margin certificate at the d of the smallest edge and ``d^T``."""
    nu, eps, eta, stopping = params["nu"], params["eps"], params["eta"], params["stopping"]
    N = d.shape[0]
    T = len(cols)
    if not T:  # the rule fired at t = 1 (every edge <= -1 + eps/2): the first hypothesis alone
        cols.add(*first)
        w = np.ones(1)
    keys = cols.keys
    margins = cols.stacked() @ w
    sm = soft_margin(margins, nu)
    gap = gamma_hat - sm  # >= P_LP - SM_nu(w^T) for a maximum-edge oracle
    cert = _certify_soft_margin(answers, w, keys, nu, eps, [d_gamma, d])
    repeated = not fired and bool(history) and bool(history[-1].get("stop"))
    reason = "rule" if fired else "repeated" if repeated else "max_iter"
    details = (f"delta = {delta:.3g} {'<=' if fired else '>'} eps/2 = {eps / 2:g} ({stopping} criterion), "
               f"T = {T}, t = {len(history)}")
    cause = ""
    if fired:
        cause = ("eta below the canonical value (Glocer 2009, eq. (3.8) / Thm 3.21)" if eta_given and eta < (
            eta_binary(eps, N, nu) if binary else eta_erlp(eps, N, nu)) * (1 - 1e-12) else
            f"the inner solves resolve gaps only down to ~{_tol_floor(eta):.1g} at eta = {eta:.3g}")
    elif repeated and not cert.ok:
        details += "; the inner solves are not exact enough"
    extra = {
        "eta": eta, "delta": delta, "min_P": min_P, "P": P_prev, "dual": Theta_prev,
        "soft_margin": sm, "gamma_hat": gamma_hat,
        "inner_gap": step.gap if step is not None else 0.0,
        "certificate": cert, "certificate_distributions": [d_gamma.copy()],
    }
    if step is not None:
        extra.update({k: v for k, v in step.extra.items() if k != "margins"})
    return finish(
        cert, reason, details=details, cause=cause,
        weights=w.copy(), hypotheses=list(keys), distribution=d.copy(), margins=margins, n_iter=T,
        history=history, gap=float(min(gap, cert.gap)), algorithm=name, params=params, extra=extra,
    )


class _Answers(Oracle):
    """The booster's oracle, with the answers it gave during the run remembered.

    ``best(d)`` at a distribution already asked about returns the same answer again (no new call:
    the certificate's bound is the edge the booster was given, as the algorithm's own guarantee
    assumes); any other d goes to the oracle through :func:`query`. ``column`` / ``columns``
    return the remembered columns.
    """

    def __init__(self, oracle):
        self.oracle = oracle
        self.n_examples = oracle.n_examples
        self._asked: list = []  # (d, key, u)
        self._cols: dict = {}

    def ask(self, d):
        key, u = query(self.oracle, d)
        self._asked.append((d, key, u))
        try:
            self._cols.setdefault(key, u)
        except TypeError:  # an unhashable key: looked up by equality in columns()
            pass
        return key, u

    def best(self, d):
        for dd, key, u in reversed(self._asked):
            if dd is d or (dd.shape == np.shape(d) and np.array_equal(dd, d)):
                return key, u
        return query(self.oracle, np.asarray(d, dtype=float))

    def column(self, key):
        try:
            if key in self._cols:
                return self._cols[key]
        except TypeError:
            pass
        return query_columns(self.oracle, [key])[:, 0]


def _certify_soft_margin(answers, w, keys, nu, eps, distributions):
    """``refboost.certify.soft_margin_lp`` on the returned weights with the booster's own dual points
    (``bound="dual"``: never ground truth inside a booster)."""
    from ..certify.lp import soft_margin_lp

    return soft_margin_lp(answers, w, nu=nu, hypotheses=list(keys), distribution=list(distributions), tol=eps,
                          bound="dual")


_ERLP_CONSTRAINTS = dict(
    eps=Real(0, None, low_open=True), eta=Real(0, None, low_open=True, none_ok=True), max_iter=Int(1),
    stopping=Choice(STOPPING), inner_tol=Real(0, None, low_open=True), inner_max_iter=Int(1),
)


@constraints(nu=Nu(), **_ERLP_CONSTRAINTS)
def erlpboost(
    oracle,
    *,
    nu: float = 1.0,
    eps: float = 1e-2,
    eta: float | None = None,
    max_iter: int = 1000,
    stopping: str = "practical",
    inner_tol: float = INNER_TOL,
    inner_max_iter: int = 500,
) -> BoostResult:
    """ERLPBoost, Glocer (2009) Alg. 3.2 (Warmuth, Glocer & Vishwanathan 2008).

    At iteration t the oracle returns ``u^t`` for ``d^{t-1}``; the algorithm checks

    * ``simple``: ``delta^t = min_{q<=t} P^q(d^{q-1}) - P^{t-1}(d^{t-1})`` (Lemma 3.3), or
    * ``practical``: ``tilde delta^t = min_{q<=t} P^q(d^{q-1}) - F^{t-1}(w^{t-1})`` (Lemma 3.5),

    with ``P^t(d) = max_{q<=t} u^q.d + Delta(d, d^0)/eta`` (3.6, max form) and
    ``P^0(d^0) = -1``; stops when it is ``<= eps/2`` with ``T = t - 1`` (h^t discarded). Otherwise
    it solves (3.6) over ``u^1..u^t`` through the psi-eliminated dual (:func:`erlp_dual_step`).

    Guarantees (eta >= canonical): ``g - P^T_LP <= eps`` (Lemma 3.3/3.5), and the
    returned weights satisfy ``soft_margin(U w^T, nu) >= g - eps``; iterations
    ``T <= max(32/eps^2 ln(N/nu), 8/eps)`` (Thm 3.10, simple) or ``max(64/eps^2 ln(N/nu), 16/eps)``
    (Thm 3.12, practical); see :mod:`refboost.bounds`.

    Certifies: the soft margin ``SM_nu(U w)`` of the returned weights is within eps of the optimal
    soft margin over the class (LPs (2.2)/(2.3), bound = the edge ``u^t.d^{t-1} = gamma_hat`` at the
    d^{t-1} attaining it, in ``extra["certificate_distributions"]``); ``converged`` is True exactly when
    :func:`refboost.certify.soft_margin_lp` confirms this from the returned weights
    (``extra["certificate"]``), also where ``max_iter`` came first; otherwise the message says why
    (e.g. eta below the canonical value, or an eps below what the inner solves resolve at this eta).

    Parameters
    ----------
    oracle : refboost.Oracle
    nu : float in [1, N]
    eps : float > 0
    eta : float > 0, optional
        Default ``max(2/eps ln(N/nu), 1/2)`` (:func:`refboost.bounds.eta_erlp`).
    max_iter : int >= 1
        Cap on oracle calls.
    stopping : {"practical", "simple"}
    inner_tol : float
        Duality gap of each totally corrective step (must be <= eps/4 for the practical criterion,
        Lemma 3.4); floored at ~64 eta machine-eps.
    inner_max_iter : int
        Newton iterations per step.

    Returns
    -------
    BoostResult
        ``weights`` = w^T (the regularised dual of the last completed step), ``hypotheses`` = the T
        kept keys, ``distribution`` = d^T, ``gap`` = ``min_q u^q.d^{q-1} - soft_margin(U w^T, nu)``
        (the certificate's gap; an upper bound on ``P_LP - SM_nu(w^T)`` under a maximum-edge oracle),
        ``history`` per iteration (edge, P^t(d^{t-1}), both deltas, P^t(d^t), dual, inner gap),
        ``extra`` = eta, psi, beta, capped set, log Z of the last step, the certificate.
    """
    return _erlp_family(oracle, nu=nu, eps=eps, eta=eta, max_iter=max_iter, stopping=stopping,
                        inner_tol=inner_tol, inner_max_iter=inner_max_iter, binary=False)


@constraints(nu=Nu(binary=True), **_ERLP_CONSTRAINTS)
def binary_erlpboost(
    oracle,
    *,
    nu: float = 1.0,
    eps: float = 1e-2,
    eta: float | None = None,
    max_iter: int = 1000,
    stopping: str = "practical",
    inner_tol: float = INNER_TOL,
    inner_max_iter: int = 500,
) -> BoostResult:
    """Binary ERLPBoost, Glocer (2009) Alg. 3.3: ERLPBoost with the capped binary entropy.

    Identical to :func:`erlpboost` with ``Delta -> Delta_{2,nu}``, ``P -> P_B`` (3.25), the dual
    (3.26) with d from the stable logistic form of (3.27) (:func:`binary_smoothed_soft_margin`),
    and the canonical ``eta = max(2/eps (ln(N/nu) + 1), 1/2)``. Requires
    ``1 <= nu < N`` (the binary entropy needs 1/nu > 1/N).
    Bounds: Thm 3.21 (simple) and the corrected Thm 3.23 (practical).

    Certifies: the soft margin of the returned weights is within eps of the optimal soft margin over
    the class (as :func:`erlpboost`; ``converged`` exactly when the certificate in ``extra["certificate"]``
    confirms it).
    """
    return _erlp_family(oracle, nu=nu, eps=eps, eta=eta, max_iter=max_iter, stopping=stopping,
                        inner_tol=inner_tol, inner_max_iter=inner_max_iter, binary=True)


# ---------------------------------------------------------------------------------------------
# KKT recovery by active set + least squares (Glocer 2009, Appendix A; §3.1.2, §3.2.4, §3.3.4)
# ---------------------------------------------------------------------------------------------

#: Active-set tolerances of the KKT recovery.
ACTIVE_EDGE_TOL = 1e-6
ACTIVE_CAP_RTOL = 1e-9


@dataclass
class KKTRecovery:
    """Multipliers recovered from a primal solution d and the residual of the linear KKT system."""

    w: np.ndarray
    psi: np.ndarray
    beta: float
    residual: float
    active_w: np.ndarray
    active_psi: np.ndarray


def kkt_recovery(U, d, nu: float, eta: float, *, kind: str = "erlp", bound: float | None = None) -> KKTRecovery:
    """Recover ``(w, psi, beta)`` from a primal solution ``d`` (Glocer 2009, Appendix A).

    With the active sets ``A_w = {q : u^q.d = gamma}`` (gamma = max edge, or ``bound`` for
    SoftBoost) and ``A_psi = {n : d_n = 1/nu}`` (tolerances :data:`ACTIVE_EDGE_TOL`, :data:`ACTIVE_CAP_RTOL`)
    the stationarity conditions are linear in the multipliers of the active constraints and are
    solved by least squares:

    * ``kind="erlp"`` (§3.2.4): ``sum_A w_q = 1``, ``sum_A w_q u^q + sum_A psi_n e_n + beta 1 = -(1 + ln(d/d0))/eta``;
    * ``kind="binary"`` (§3.3.4, psi = 0): ``sum_A w_q = 1``,
      ``sum_A w_q u^q + beta 1 = -(ln(d/d0) - ln((1/nu - d)/(1/nu - d0)))/eta``;
    * ``kind="softboost"`` (§3.1.2, eta = 1, w unnormalised):
      ``sum_A w_q u^q + sum_A psi_n e_n + beta 1 = -1 - ln(d/d0)``.

    ``residual`` is the max-abs residual of the system (consistent: ~0).
    """
    U = check_U(U)
    N, t = U.shape
    d = np.asarray(d, float)
    d0 = 1.0 / N
    kind = check_choice(kind, "kind", ("erlp", "binary", "softboost"))
    if d.shape != (N,) or not np.all(np.isfinite(d)) or np.any(d <= 0):
        raise ValueError(f"d must be a vector of length N = {N} with entries > 0 (the stationarity conditions "
                         "contain ln d); a zero entry has no finite multiplier")
    if kind == "binary" and np.any(d >= 1.0 / nu):
        raise ValueError("d must satisfy d < 1/nu for the binary entropy (ln(1/nu - d) in its gradient)")
    if kind == "softboost" and bound is None:
        raise ValueError("bound must be given for kind='softboost' (the right-hand side gamma_hat - eps of (3.1))")
    e = U.T @ d
    gamma = bound if kind == "softboost" else float(e.max())
    Aw = np.flatnonzero(np.abs(e - gamma) <= ACTIVE_EDGE_TOL)
    if kind == "binary":
        Ap = np.zeros(0, dtype=int)
        rhs = -(np.log(d / d0) - np.log((1.0 / nu - d) / (1.0 / nu - d0))) / eta
    else:
        Ap = np.flatnonzero(np.abs(d - 1.0 / nu) <= ACTIVE_CAP_RTOL / nu)
        rhs = -(1.0 + np.log(d / d0)) / (eta if kind == "erlp" else 1.0)
    E = np.zeros((N, Ap.size))  # the unit columns e_n of the capped n (never an N x N identity)
    E[Ap, np.arange(Ap.size)] = 1.0
    cols = [U[:, Aw], E, np.ones((N, 1))]
    M = np.hstack(cols)
    b = rhs
    if kind != "softboost":
        M = np.vstack([M, np.r_[np.ones(Aw.size), np.zeros(Ap.size), 0.0][None, :]])
        b = np.r_[rhs, 1.0]
    sol, *_ = np.linalg.lstsq(M, b, rcond=None)
    res = float(np.abs(M @ sol - b).max())
    w = np.zeros(t)
    w[Aw] = sol[: Aw.size]
    psi = np.zeros(N)
    psi[Ap] = sol[Aw.size: Aw.size + Ap.size]
    return KKTRecovery(w=w, psi=psi, beta=float(sol[-1]), residual=res, active_w=Aw, active_psi=Ap)
