"""Active-set Newton method for smooth convex minimisation over the probability simplex.

This is the specialised restricted-master solver of the Shen & Li (2010) chapter. The
restricted primals of AdaBoost-CG (5)/(6), LogitBoost-CG (32), AdaBoost-QP (41) and the
generalised-hinge LPBoost are all of the form

    min_{lambda}  F(lambda)   s.t.  lambda >= 0,  1^T lambda = 1

over a handful of columns, with F smooth and convex and an analytic gradient and Hessian.
The iteration keeps a working set W = support(lambda) + {argmin_j grad_j} and takes a
(damped) Newton step on the face {sum_W lambda = 1}; a pairwise Frank-Wolfe step is the
fall-back whenever the Newton direction is not a usable descent direction.

Certificate: the Frank-Wolfe gap ``grad . lambda - min_j grad_j`` is an upper bound on
``F(lambda) - min F`` (convexity), and it is the duality gap of every problem above
(for AdaBoost it is ``max_j edge_j - sum_j lambda_j edge_j``; Shen & Li (2010), §3.7).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

#: Relative ridge added to the face Hessian (the Hessian of lse is singular along 1, and
#: duplicated or complementary columns make it singular too).
HESSIAN_RIDGE = 1e-12
#: Predicted decreases below this (relative) cannot be seen in F; Newton steps are then judged
#: by the Frank-Wolfe gap instead of the Armijo test.
ROUNDOFF_DECREASE = 1e-12
#: Armijo sufficient-decrease constant.
ARMIJO_C = 1e-4
#: Smallest step tried in the backtracking line search.
MIN_STEP = 1e-14
#: Entries below this (after a step) are set to zero and the point is renormalised.
ZERO_TOL = 1e-15

FGH = Callable[[np.ndarray], tuple[float, np.ndarray, np.ndarray]]


@dataclass
class SimplexSolution:
    """Result of :func:`minimize_on_simplex`."""

    x: np.ndarray
    value: float
    grad: np.ndarray
    gap: float
    n_iter: int
    converged: bool


def _face_newton(g: np.ndarray, H: np.ndarray, W: np.ndarray) -> np.ndarray | None:
    """Newton direction on the face ``{sum_W d = 0, d_j = 0 off W}``; None if singular."""
    k = W.size
    HW = H[np.ix_(W, W)]
    ridge = HESSIAN_RIDGE * (1.0 + float(np.trace(HW)) / k)
    K = np.zeros((k + 1, k + 1))
    K[:k, :k] = HW + ridge * np.eye(k)
    K[:k, k] = 1.0
    K[k, :k] = 1.0
    rhs = np.r_[-g[W], 0.0]
    try:
        sol = np.linalg.solve(K, rhs)
    except np.linalg.LinAlgError:
        return None
    if not np.all(np.isfinite(sol)):
        return None
    d = np.zeros_like(g)
    d[W] = sol[:k]
    return d


def _working_set_newton(g, H, x, jstar) -> np.ndarray | None:
    """Newton direction on the face of W = support + {jstar}, dropping members at zero that it
    would push negative."""
    W = np.union1d(np.flatnonzero(x > 0), [jstar])
    while W.size:
        d = _face_newton(g, H, W)
        if d is None:
            return None
        bad = W[(x[W] <= 0) & (d[W] < 0)]
        if bad.size == 0:
            return d
        W = np.setdiff1d(W, bad)
    return None


def _armijo(f_eval, x, f, d, slope, alpha):
    """Backtracking line search from ``alpha``; returns (x_new, f_new) of the last trial."""
    while True:
        x_new = x + alpha * d
        x_new[x_new < ZERO_TOL] = 0.0  # also clears the blocking coordinate at alpha_max
        x_new /= x_new.sum()
        f_new = f_eval(x_new)
        if f_new <= f + ARMIJO_C * alpha * slope or alpha < MIN_STEP:
            return x_new, f_new
        alpha *= 0.5


def minimize_on_simplex(
    fgh: FGH,
    x0: np.ndarray,
    *,
    tol: float = 1e-12,
    max_iter: int = 500,
    f_only: Callable[[np.ndarray], float] | None = None,
) -> SimplexSolution:
    """Minimise a smooth convex ``F`` over the probability simplex (active-set Newton).

    Parameters
    ----------
    fgh : callable
        ``fgh(x) -> (F(x), grad F(x), Hessian F(x))``.
    x0 : ndarray
        Feasible starting point (non-negative, sums to 1).
    tol : float
        Stop when the Frank-Wolfe gap ``g.x - min g`` (a bound on ``F(x) - min F``) is <= tol.
    max_iter : int
        Newton iterations.
    f_only : callable, optional
        Cheaper ``F(x)`` for the line search (defaults to ``fgh(x)[0]``).

    Returns
    -------
    SimplexSolution
        ``x``, ``value``, ``grad``, ``gap`` (the certificate), ``n_iter``, ``converged``.
    """
    f_eval = f_only if f_only is not None else (lambda z: fgh(z)[0])
    x = np.maximum(np.asarray(x0, dtype=float), 0.0)
    x /= x.sum()
    f, g, H = fgh(x)
    gap = float(g @ x - g.min())
    it = 0
    while gap > tol and it < max_iter:
        it += 1
        jstar = int(np.argmin(g))
        x_new, f_new = None, np.inf
        d = _working_set_newton(g, H, x, jstar)
        if d is not None:
            slope = float(g @ d)
            if slope < 0:
                neg = d < 0
                alpha_max = float(np.min(-x[neg] / d[neg])) if np.any(neg) else np.inf
                alpha0 = min(1.0, alpha_max)
                x_new, f_new = _armijo(f_eval, x, f, d, slope, alpha0)
                if not f_new < f and abs(slope) * alpha0 < ROUNDOFF_DECREASE * (1.0 + abs(f)):
                    # decrease below round-off: accept the full step if it shrinks the gap
                    x_try = x + alpha0 * d
                    x_try[x_try < ZERO_TOL] = 0.0
                    x_try /= x_try.sum()
                    _, g_try, _ = fgh(x_try)
                    if float(g_try @ x_try - g_try.min()) < gap:
                        x_new, f_new = x_try, -np.inf
        if not f_new < f:
            # pairwise Frank-Wolfe: move mass from the worst support coordinate to jstar, first
            # step from the 1-d Newton model along d (exact for a quadratic)
            supp = np.flatnonzero(x > 0)
            k = int(supp[np.argmax(g[supp])])
            d = np.zeros_like(x)
            d[jstar] += 1.0
            d[k] -= 1.0
            slope = float(g @ d)
            if not slope < 0:
                break
            curv = float(d @ H @ d)
            alpha = min(float(x[k]), -slope / curv) if curv > 0 else float(x[k])
            x_new, f_new = _armijo(f_eval, x, f, d, slope, alpha)
            if not f_new < f:
                break  # no progress possible at machine precision
        x = x_new
        f, g, H = fgh(x)
        gap = float(g @ x - g.min())
    return SimplexSolution(x=x, value=float(f), grad=g, gap=max(gap, 0.0), n_iter=it, converged=gap <= tol)
