"""Active-set Newton method with exact line search on the simplex / orthant (shared solver).

Used by the entropy chapter (Glocer 2009, ch. 3: ERLPBoost, Binary ERLPBoost, SoftBoost) and by
the Shen & Li (2010) chapter (restricted masters of AdaBoost-CG (6), LogitBoost-CG (32),
AdaBoost-QP (41) and the generalised-hinge LPBoost (28), :mod:`refboost.boosters.shen`): all are
``max f(A x)`` over the simplex with ``f`` a concave function of the margins and a curvature
vector. Shen & Li's logistic loss is separable (Hessian ``-diag c``, no rank-one term):
``centred=False``.

Every totally corrective dual of Glocer (2009) chapter 3, after eliminating psi (ERLPBoost,
SoftBoost) or beta (Binary ERLPBoost) in closed form / by a 1-d root, has the shape

    maximise  Phi(x) = f(A x) + lin . x     over x in the simplex S^t   (ERLPBoost, Binary)
                                            or x >= 0                    (SoftBoost, unnormalised w)

where ``f`` is a concave "smoothed minimum" of the margins ``m = A x`` with gradient
``grad_m f = d`` (the primal distribution) and Hessian ``-(diag(c) - c c^T / sum(c))`` for a
curvature vector ``c >= 0`` (c = eta d on the uncapped coordinates for the entropy, c = eta
d (1 - nu d) for the binary entropy). With t small (one variable per hypothesis), a Newton
step on the current face costs O(N t^2) and an exact line search along it costs a few
O(N log N) evaluations, and the method survives eta = 1e6, where the objective is a
smoothed piecewise-linear function: far from a kink the model Hessian vanishes, the step is
clipped by the ratio test and the exact line search walks from face to face like a simplex
method; near the optimum the steps are pure Newton steps (quadratic convergence).

Cost is counted in evaluations of ``f`` (one KL projection each). The point accepted by the line
search is the last one it evaluated in most steps and is reused as the next iterate (the final
certificate is recomputed at exactly ``A x``); the Newton face contains every zero coordinate
whose gradient exceeds ``x . G`` (all KKT violators, not only the best one), so columns re-enter
together; the line search brackets by Newton extrapolation of ``phi'`` instead of doubling.

Certificate: for the simplex, ``max_q G_q - x . G`` with ``G = A^T d + lin`` is the
Frank-Wolfe gap, which for ERLPBoost equals primal ``P^t(d)`` minus dual ``F(w)`` exactly
(Glocer 2009, (3.10)); for the orthant, ``max_q G_q^+`` (primal infeasibility of d) and ``|x . G|``
(primal minus dual for SoftBoost).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import brentq

from .._jit.constants import (
    DIRECTION_CAP,
    DIRECTION_ZERO,
    HESSIAN_DAMPING,
    MAX_DOUBLINGS,
    NEWTON_ACCEPT,
    ROOT_ITERS,
    ROOT_WOLFE,
    ROOT_XTOL,
    STALL_ITERS,
    VALUE_RTOL,
)

_BLAS_CONTROLLER: list = []


def single_thread_blas():
    """Context manager limiting BLAS to one thread (threadpoolctl), or a no-op if it is unavailable.

    The solver's products are small (a t x t face Hessian, N x t matrix-vector products); BLAS
    threads give nothing at these sizes and, on a busy machine, make each call wait for a
    descheduled thread (compare the two with ``benchmarks/bench_entropy.py`` part A).
    Costs ~20 us per entry, so it wraps a whole solve.
    """
    if not _BLAS_CONTROLLER:
        try:
            from threadpoolctl import ThreadpoolController

            _BLAS_CONTROLLER.append(ThreadpoolController())
        except Exception:  # noqa: BLE001 (threadpoolctl missing or failing: run unlimited)
            _BLAS_CONTROLLER.append(None)
    ctl = _BLAS_CONTROLLER[0]
    return nullcontext() if ctl is None else ctl.limit(limits=1, user_api="blas")


@dataclass
class NewtonResult:
    """Outcome of :func:`maximize` (x = dual weights, d = primal distribution at x)."""

    x: np.ndarray
    d: np.ndarray
    value: float
    grad: np.ndarray
    measure: float
    n_iter: int
    n_eval: int
    status: str
    aux: object = None
    trace: list = field(default_factory=list)


def _measure(x: np.ndarray, G: np.ndarray, domain: str) -> float:
    if domain == "simplex":
        return float(G.max() - x @ G)
    return float(max(max(G.max(), 0.0), abs(x @ G)))


def maximize(
    f: Callable[[np.ndarray], tuple],
    A: np.ndarray,
    x0: np.ndarray,
    *,
    lin: np.ndarray | None = None,
    domain: str = "simplex",
    tol: float = 1e-12,
    max_iter: int = 500,
    record: bool = False,
    centred: bool = True,
    fast: bool = False,
) -> NewtonResult:
    """Maximise ``f(A x) + lin . x`` over the simplex or the non-negative orthant.

    Parameters
    ----------
    f : callable
        ``f(m) -> (value, d, c, aux)``: value and gradient ``d`` of the concave function of the
        margins, ``c`` its curvature vector (Hessian ``-(diag c - c c^T/sum c)``), ``aux``
        anything the caller wants back (projection, beta).
    A : ndarray, shape (N, k)
    x0 : ndarray, shape (k,)
        Feasible start.
    lin : ndarray, shape (k,), optional
        Linear term (SoftBoost: ``-(gamma_hat - eps) 1``).
    domain : {"simplex", "orthant"}
    tol : float
        Stop when the optimality measure (see module docstring) is <= tol.
    centred : bool, default True
        Curvature model of ``f``: Hessian ``-(diag c - c c^T / sum c)`` (True: the entropies of
        chapter 3, the log-sum-exp, the Tsallis/hinge and the variance of Shen & Li (2010)) or
        ``-diag c`` (False: separable ``f`` such as the logistic loss of Shen & Li (2010), eq. (32)).
    fast : bool, default False
        Run the compiled port of this method when ``f`` carries one (attribute ``compiled_maximize``:
        the ERLPBoost and Binary ERLPBoost objectives of :mod:`refboost.boosters.entropy` with
        ``USE_JIT``, :func:`refboost._jit.entropy.maximize_erlp` / ``maximize_binary``) and the call is on the
        simplex, centred, without ``lin`` and ``record``: same steps, same rules, same certificate,
        iterates equal up to round-off (its face Hessian leaves out the rows whose curvature is below
        ``ROW_CURVATURE_RTOL`` of the largest: a relative change <= ``N * ROW_CURVATURE_RTOL``).
        Otherwise, and always with ``fast=False``, this numpy code runs (the reference).
    """
    kernel = getattr(f, "compiled_maximize", None)
    if kernel is not None and fast and domain == "simplex" and centred and lin is None and not record:
        # the same method compiled for this objective (refboost._jit.entropy.maximize_erlp: ERLPBoost)
        return kernel(A, x0, tol, max_iter)
    N, k = A.shape
    obj = _Objective(f, A, np.zeros(k) if lin is None else np.asarray(lin, float))
    x = np.array(x0, float)
    cache: dict = {}
    m, val, d, c, aux, G = obj.evaluate(x)
    fresh = True
    status = "max_iter"
    trace = []
    best = None
    best_val = None
    since_best = 0
    it = 0
    for it in range(1, max_iter + 1):  # noqa: B007 (it is reported)
        meas = _measure(x, G, domain)
        if record:
            trace.append({"value": val, "measure": meas})
        best, best_val, since_best = _track_best(best, best_val, since_best, (meas, x, m, val, d, c, aux, G))
        if meas <= tol:
            status = "converged"
            break
        if since_best >= STALL_ITERS:
            status = "stalled"
            break
        s, step = _search(obj, cache, m, x, G, c, val, domain, centred, since_best)
        if step is None:
            status = "unbounded"
            break
        alpha, hit = step
        if alpha <= 0:
            status = "stalled"
            break
        x = _next_point(x, s, alpha, hit, domain)
        point = cache.pop("points", {}).get(alpha)
        if point is not None:
            m, val, d, c, aux, G = obj.reuse(x, point)
            fresh = False
        else:
            m, val, d, c, aux, G = obj.evaluate(x)
            fresh = True
    meas = _measure(x, G, domain)
    if meas > best[0]:
        meas, x, m, val, d, c, aux, G = best
        fresh = False
    if not fresh:
        # the certificate is recomputed at exactly A x (reused points differ from it by round-off)
        m, val, d, c, aux, G = obj.evaluate(x)
        meas = _measure(x, G, domain)
    if meas <= tol:
        status = "converged"
    return NewtonResult(x=x, d=d, value=val, grad=G, measure=meas, n_iter=it, n_eval=obj.n_eval,
                        status=status, aux=aux, trace=trace)


def _track_best(best, best_val, since_best: int, point: tuple):
    """The iterate of the smallest optimality measure so far (``point = (measure, x, m, value, d, c, aux, G)``)
    and the iterations since the last progress (a smaller measure or a value larger by ``VALUE_RTOL``)."""
    meas, val = point[0], point[3]
    improved_value = best_val is None or val > best_val + VALUE_RTOL * (1 + abs(val))
    if best is None or meas < best[0]:
        best = point
        since_best = 0
    elif improved_value:
        since_best = 0
    else:
        since_best += 1
    if improved_value:
        best_val = val
    return best, best_val, since_best


class _Objective:
    """``Phi(x) = f(A x) + lin . x`` with its gradient ``G = A^T d + lin``, counting evaluations of ``f``."""

    def __init__(self, f, A, lin):
        self.f, self.A, self.lin = f, A, lin
        self.n_eval = 0

    def evaluate(self, xv):
        self.n_eval += 1
        m = self.A @ xv
        val, d, c, aux = self.f(m)
        G = self.A.T @ d + self.lin
        return m, float(val + self.lin @ xv), d, c, aux, G

    def reuse(self, xv, point):
        # the line search already evaluated f at m + alpha v = A x_new (up to round-off): no new evaluation
        m_a, val_a, d_a, c_a, aux_a = point
        return m_a, float(val_a + self.lin @ xv), d_a, c_a, aux_a, self.A.T @ d_a + self.lin


def _search(obj: _Objective, cache: dict, m, x, G, c, val, domain: str, centred: bool, since_best: int):
    """One iteration's direction and exact line search: the Newton direction on the current face (the
    fallback direction where it is no ascent direction or the method stalls), and once more along the
    fallback direction where the line search makes no progress. Returns ``(s, step)``, ``step`` as
    :func:`_line_search`'s (None: unbounded)."""
    s = _newton_direction(obj.A, x, G, c, domain, centred)
    slope = float(G @ s) if s is not None else -1.0
    if s is None or not np.isfinite(slope) or slope <= 0 or since_best >= STALL_ITERS // 2:
        s, slope = _fallback_direction(x, G, domain)
    for retry in (False, True):
        if retry:
            cache.pop("points", None)
            s, slope = _fallback_direction(x, G, domain)
        step = _line_search(obj.f, obj.A, obj.lin, m, x, s, slope, val, cache, domain, centred)
        obj.n_eval += cache.pop("n_eval", 0)
        if step is None or step[0] > 0:
            break
    return s, step


def _next_point(x, s, alpha: float, hit, domain: str) -> np.ndarray:
    """``x + alpha s`` with the coordinate the ratio test hit set to 0, clipped to the domain."""
    x_new = x + alpha * s
    if hit is not None:
        x_new[hit] = 0.0
    x_new = np.maximum(x_new, 0.0)
    if domain == "simplex":
        x_new /= x_new.sum()
    return x_new


def _sum_zero_basis(k: int) -> np.ndarray:
    """Orthonormal basis (k x k-1) of {s : sum s = 0} from a Householder reflection."""
    v = np.full(k, 1.0 / np.sqrt(k))
    v[0] -= 1.0
    nv = v @ v
    H = np.eye(k) - (2.0 / nv) * np.outer(v, v) if nv > 0 else np.eye(k)
    return H[:, 1:]


def _free_face(x, G, domain):
    """The free face of a Newton step: the support plus every zero coordinate that violates KKT.

    Simplex: every zero coordinate whose gradient beats the support's average ``x . G`` (and the
    best one); the face Newton step drops again those it would drive negative. Orthant: the support
    plus the coordinates with ``G_q > 0``.
    """
    if domain == "simplex":
        S = x > 0
        S |= G > float(x @ G)
        S[int(np.argmax(G))] = True
        return S
    return (x > 0) | (G > 0)


def _face_step(sS, x, idx, k, domain):
    """The step of length k from the face solution ``sS`` on coordinates ``idx``, or the face's KKT repair.

    Returns ``(s, None)`` when no zero coordinate of the face would be driven negative (``s`` is None if
    ``sS`` has a NaN / inf entry or vanishes), else ``(None, bad)`` with the mask of those coordinates,
    which the caller removes from the face before solving again.
    """
    smax = float(np.abs(sS).max())
    if not np.isfinite(smax) or smax == 0:  # a NaN or inf entry makes the maximum NaN or inf
        return None, None
    bad = (x[idx] <= 0) & (sS < -DIRECTION_ZERO)
    if bad.any():
        return None, bad
    if domain == "simplex" and smax > DIRECTION_CAP:
        # same ray, same ratio-test point; avoids overflow of (A s)^2 in the line search
        sS = sS * (DIRECTION_CAP / smax)
    s = np.zeros(k)
    s[idx] = sS
    return s, None


def _newton_direction(A, x, G, c, domain, centred=True):
    """Newton direction on the free face (support plus the zero variables with G_q > x . G).

    On the simplex the step lives in {sum s = 0}: it is computed in an orthonormal basis of that
    subspace, so that it stays exactly feasible however ill-conditioned the face Hessian is
    (Levenberg-Marquardt damping relative to the Hessian's scale). The unit step is the Newton step.
    """
    k = x.shape[0]
    S = _free_face(x, G, domain)
    csum = float(c.sum())
    for _ in range(k + 1):
        idx = np.flatnonzero(S)
        if idx.size == 0 or (domain == "simplex" and idx.size == 1):
            return None
        As = A[:, idx]
        b = As.T @ c
        M = (As.T * c) @ As
        if centred and csum > 0:
            M -= np.outer(b, b) / csum
        gS = G[idx]
        if domain == "simplex":
            Q = _sum_zero_basis(idx.size)
            Mq = Q.T @ M @ Q
            gq = Q.T @ gS
        else:
            Q, Mq, gq = None, M, gS
        Mq = 0.5 * (Mq + Mq.T)
        top = max(float(np.diag(Mq).max()), 0.0)  # >= largest eigenvalue / size; a scale
        mu = HESSIAN_DAMPING * top if top > 0 else 1.0
        z = None
        for _ in range(8):
            try:
                z = np.linalg.solve(Mq + mu * np.eye(Mq.shape[0]), gq)
                break
            except np.linalg.LinAlgError:
                mu *= 1e3
        if z is None:
            return None
        s, bad = _face_step(Q @ z if Q is not None else z, x, idx, k, domain)
        if bad is None:
            return s
        S[idx[bad]] = False
    return None


def _fallback_direction(x, G, domain):
    """Frank-Wolfe direction (simplex) or projected gradient (orthant); slope = the measure."""
    if domain == "simplex":
        j = int(np.argmax(G))
        s = -x.copy()
        s[j] += 1.0
    else:
        s = np.where((x > 0) | (G > 0), G, 0.0)
    return s, float(G @ s)


def _line_search(f, A, lin, m, x, s, slope, val0, cache, domain, centred=True):
    """Exact line search of the concave phi(alpha) = Phi(x + alpha s) on [0, alpha_max].

    Returns ``(alpha, hit)`` where ``hit`` is the index of a variable driven to zero (ratio
    test) or None; ``None`` when the ray looks unbounded (orthant only).
    """
    v = A @ s
    lin_s = float(lin @ s)
    n = [0]

    points: dict = {}

    def dphi(a):
        n[0] += 1
        m_a = m + a * v
        val, d, c, aux = f(m_a)
        points.clear()  # keep only the latest evaluation (memory O(N))
        points[a] = (m_a, val, d, c, aux)
        cv = c @ v
        csum = c.sum()
        curv = float(c @ (v * v) - (cv * cv / csum if centred and csum > 0 else 0.0))  # -phi''(a) >= 0
        return float(v @ d + lin_s), float(val + lin @ (x + a * s)), curv

    neg = s < 0
    if neg.any():
        ratios = x[neg] / (-s[neg])
        jj = int(np.argmin(ratios))
        amax = float(ratios[jj])
        hit_idx = int(np.flatnonzero(neg)[jj])
    else:
        amax, hit_idx = np.inf, None
    a1 = min(1.0, amax)
    g1, v1, curv1 = dphi(a1)
    result = None
    if g1 >= 0:
        if a1 == amax:
            result = (amax, hit_idx)
        elif g1 <= NEWTON_ACCEPT * slope:
            result = (a1, None)
        else:
            # bracket: Newton extrapolation of phi' from the last point, at least doubling
            lo, hi, glo, gh, ch = a1, a1, g1, g1, curv1
            for _ in range(MAX_DOUBLINGS):
                lo, glo = hi, gh
                ext = lo + glo / ch if ch > 0 else np.inf
                hi = min(max(2 * lo, ext), amax)
                gh, _, ch = dphi(hi)
                if gh < 0:
                    break
                if hi == amax:
                    result = (amax, hit_idx)
                    break
            else:
                cache["n_eval"] = n[0]
                return None
            if result is None:
                result = (_root(dphi, lo, hi, glo, gh, slope), None)
    else:
        if -g1 <= NEWTON_ACCEPT * slope and v1 >= val0:
            result = (a1, None)
        else:
            result = (_root(dphi, 0.0, a1, slope, g1, slope), None)
    cache["n_eval"] = n[0]
    cache["points"] = points
    return result


def _root(dphi, lo, hi, g_lo, g_hi, slope):
    """Root of the decreasing derivative phi' on [lo, hi] (phi'(lo) = g_lo > 0 > g_hi = phi'(hi)).

    Safeguarded Newton on phi' with the exact second derivative (the curvature vector gives
    phi'' = -(v^T (diag c - c c^T/sum c) v)); a Newton step that leaves the bracket is replaced
    by the secant (false-position) point, and by bisection if the bracket stops shrinking.
    Falls back to Brent's method after ``ROOT_ITERS`` steps. Stops early at a point where
    ``|phi'| <= ROOT_WOLFE * phi'(0)`` and phi increased (strong Wolfe curvature condition):
    the optimality certificate does not depend on an exact line search, and at large eta (a
    smoothed piecewise-linear phi) resolving the kink to 1e-14 costs tens of evaluations.
    """
    width0 = hi - lo
    a = lo + (hi - lo) * g_lo / (g_lo - g_hi)
    for k in range(ROOT_ITERS):
        g, _, curv = dphi(a)
        if g == 0.0 or abs(g) <= ROOT_WOLFE * slope:
            return a
        if g > 0:
            lo, g_lo = a, g
        else:
            hi, g_hi = a, g
        if hi - lo <= ROOT_XTOL * max(hi, 1e-300):
            return a
        if curv > 0 and abs(g) <= ROOT_XTOL * max(a, 1e-300) * curv:
            return a  # the next Newton correction is below the resolution of alpha
        a_new = a + g / curv if curv > 0 else np.nan
        if not (lo < a_new < hi):
            a_new = lo + (hi - lo) * g_lo / (g_lo - g_hi)
            if k % 3 == 2 and hi - lo > 0.5 * width0:
                a_new = 0.5 * (lo + hi)
            width0 = hi - lo
        if not (lo < a_new < hi):
            a_new = 0.5 * (lo + hi)
        a = a_new
    try:
        return float(brentq(lambda b: dphi(b)[0], lo, hi, xtol=1e-15 * max(hi, 1e-300), rtol=4 * np.finfo(float).eps))
    except ValueError:  # no sign change within round-off: the derivative is ~0 on the bracket
        return lo


#: Direct Newton iterations before switching to continuation in eta.
DIRECT_ITERS = 10
#: Continuation: eta grows by this factor per stage, from ETA_START.
CONTINUATION_FACTOR = 10.0
ETA_START = 100.0
#: Gap target of the intermediate continuation stages.
STAGE_TOL = 1e-9


#: Cold start (no warm start given): first a loose solve at this smaller eta, where the objective is
#: smooth on the scale of the uniform start and Newton converges in a few steps.
COLD_ETA = 50.0
COLD_TOL = 1e-4
COLD_FACTOR = 1e300
COLD_LAST = 1.0


def maximize_eta(f_of_eta, A, x0, eta, *, tol, max_iter=500, domain="simplex", lin=None,
                 cold: bool = False, fast: bool = False) -> NewtonResult:
    """:func:`maximize` for a family ``f_of_eta(eta)`` with a fallback continuation in eta.

    For eta <= ``ETA_START * CONTINUATION_FACTOR``: one warm-started :func:`maximize` at eta. Above:
    first a direct warm-started attempt (``DIRECT_ITERS`` Newton iterations). For large eta the
    objective is a smoothed piecewise-linear function whose curvature sits in O(1/eta)-wide
    kinks, so Newton steps from far away are short; then the problem is solved along
    ``eta_k = ETA_START * 10^k`` up to eta (the central-path idea of interior-point methods),
    each stage warm-started from the previous one and solved to ``STAGE_TOL``.

    ``cold=True`` (no warm start given, x0 uniform): for eta > ``COLD_ETA`` the problem is first
    solved loosely (``COLD_TOL``) at eta = ``COLD_ETA`` and that solution starts the direct attempt.
    From the uniform start at large eta the face Newton steps are clipped by the ratio test after
    ~1e-7 of their length; at the smaller eta they are not, and the warm start at eta is then a few
    Newton steps from the optimum (``benchmarks/bench_entropy.py`` part B: 2-4x fewer evaluations).
    """
    n0_iter = n0_eval = 0
    if cold and eta > COLD_ETA:
        e0 = COLD_ETA
        while e0 < eta:
            r0 = maximize(f_of_eta(e0), A, x0, domain=domain, lin=lin, tol=max(tol, COLD_TOL), max_iter=max_iter,
                          fast=fast)
            x0 = r0.x
            n0_iter += r0.n_iter
            n0_eval += r0.n_eval
            e0 *= COLD_FACTOR
            if e0 * COLD_LAST >= eta:
                break
    if eta <= ETA_START * CONTINUATION_FACTOR:
        # no continuation at this eta: one call. (Cutting it at DIRECT_ITERS and restarting restarted
        # from the best-measure iterate, which can lie several steps back -- the Frank-Wolfe gap is
        # not monotone along the iterates -- and those steps were taken twice.)
        r = maximize(f_of_eta(eta), A, x0, domain=domain, lin=lin, tol=tol, max_iter=max_iter, fast=fast)
        r.n_iter += n0_iter
        r.n_eval += n0_eval
        return r
    r = maximize(f_of_eta(eta), A, x0, domain=domain, lin=lin, tol=tol, max_iter=min(DIRECT_ITERS, max_iter), fast=fast)
    r.n_iter += n0_iter
    r.n_eval += n0_eval
    if r.status == "converged":
        return r
    n_iter, n_eval = r.n_iter, r.n_eval
    x = r.x
    e = ETA_START
    while True:
        e = min(e * CONTINUATION_FACTOR, eta)
        last = e >= eta
        r = maximize(f_of_eta(e), A, x, domain=domain, lin=lin, tol=tol if last else max(tol, STAGE_TOL),
                     max_iter=max_iter, fast=fast)
        n_iter += r.n_iter
        n_eval += r.n_eval
        x = r.x
        if last:
            break
    r.n_iter, r.n_eval = n_iter, n_eval
    r.status = r.status + "+continuation"
    return r
