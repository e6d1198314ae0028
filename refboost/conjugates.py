"""Convex conjugates behind the duals of Shen & Li (2010), §3, in closed form and by numerical sup.

Definition 3.1 (eq. (9)): ``f*(u) = sup_x (u.x - f(x))``, convex in ``u`` whatever ``f`` is.
The closed forms here are the ones the Lagrange duals use:

* :func:`lse_conjugate`: Proposition 3.1, ``lse*(u) = sum_i u_i log u_i`` on the simplex, ``+inf``
  elsewhere (the AdaBoost dual (10));
* :func:`logit_conjugate`: the paper's ``logit(x) = log(1 + e^{-x})`` (§3.4), with
  ``logit*(u) = (-u) log(-u) + (1 + u) log(1 + u)`` on ``[-1, 0]`` (the LogitBoost dual (30));
* :func:`softplus_conjugate`: ``log(1 + e^x)``, whose conjugate ``u log u + (1 - u) log(1 - u)``
  lives on ``[0, 1]`` (the same function mirrored, ``softplus(x) = logit(-x)``);
* :func:`sum_exp_conjugate`: ``sum_i e^{x_i}``, conjugate ``sum_i (u_i log u_i - u_i)`` on ``u >= 0``
  (the exponential-loss dual (14)).

:func:`numerical_conjugate` computes the supremum with scipy (BFGS on the concave objective) and
:func:`grid_conjugate` by brute force on a grid, for checking the closed forms and for non-convex
``f``. :func:`smooth_max` is the temperature-``T`` log-sum-exp of §3.2, with
``max a <= smooth_max(a, T) <= max a + T log M`` (:func:`smooth_max_bounds`).
"""

from __future__ import annotations

import math

import numpy as np
from scipy.optimize import minimize
from scipy.special import logsumexp, softmax, xlogy

__all__ = [
    "grid_conjugate",
    "logit_conjugate",
    "lse_conjugate",
    "numerical_conjugate",
    "smooth_max",
    "smooth_max_bounds",
    "softplus_conjugate",
    "sum_exp_conjugate",
]

SIMPLEX_TOL = 1e-12  # tolerance of the membership tests of the closed forms


def lse_conjugate(u) -> float:
    """Proposition 3.1: ``sum_i u_i log u_i`` (``0 log 0 = 0``) if ``u`` is in the simplex, else ``+inf``."""
    u = np.asarray(u, dtype=float)
    if np.any(u < -SIMPLEX_TOL) or abs(u.sum() - 1.0) > SIMPLEX_TOL * max(1, u.size):
        return math.inf
    return float(np.sum(xlogy(np.maximum(u, 0.0), np.maximum(u, 0.0))))


def logit_conjugate(u: float) -> float:
    """Conjugate of the paper's ``logit(x) = log(1 + e^{-x})``: ``(-u) log(-u) + (1 + u) log(1 + u)`` on ``[-1, 0]``."""
    u = float(u)
    if not -1.0 - SIMPLEX_TOL <= u <= SIMPLEX_TOL:
        return math.inf
    u = min(max(u, -1.0), 0.0)
    return float(xlogy(-u, -u) + xlogy(1.0 + u, 1.0 + u))


def softplus_conjugate(u: float) -> float:
    """Conjugate of ``log(1 + e^x)``: ``u log u + (1 - u) log(1 - u)`` on ``[0, 1]``, else ``+inf``."""
    return logit_conjugate(-float(u))


def sum_exp_conjugate(u) -> float:
    """Conjugate of ``sum_i e^{x_i}``: ``sum_i (u_i log u_i - u_i)`` on ``u >= 0``, else ``+inf``."""
    u = np.asarray(u, dtype=float)
    if np.any(u < -SIMPLEX_TOL):
        return math.inf
    u = np.maximum(u, 0.0)
    return float(np.sum(xlogy(u, u) - u))


_GRADS = {
    "lse": lambda x: (logsumexp(x), softmax(x)),
    "logit": lambda x: (float(np.sum(np.logaddexp(0.0, -x))), -np.exp(-np.logaddexp(0.0, x))),
    "softplus": lambda x: (float(np.sum(np.logaddexp(0.0, x))), np.exp(-np.logaddexp(0.0, -x))),
    "sum_exp": lambda x: (float(np.sum(np.exp(x))), np.exp(x)),
}


def numerical_conjugate(f, u, *, x0=None, gtol: float = 1e-12) -> tuple[float, np.ndarray]:
    """``sup_x (u.x - f(x))`` by BFGS, for a smooth convex ``f``.

    ``f`` is one of ``"lse"``, ``"logit"``, ``"softplus"``, ``"sum_exp"`` (applied entrywise and
    summed, except ``lse``) or a callable returning ``(value, gradient)``. Returns the value and the
    maximiser found; an unbounded supremum shows as a large value with a large ``x`` (the caller
    tests the growth, see the closed forms' domains).
    """
    fg = _GRADS[f] if isinstance(f, str) else f
    u = np.atleast_1d(np.asarray(u, dtype=float))
    x0 = np.zeros_like(u) if x0 is None else np.asarray(x0, dtype=float)

    def neg(x):
        val, g = fg(x)
        return -(u @ x - val), -(u - g)

    res = minimize(neg, x0, jac=True, method="BFGS", options={"gtol": gtol, "maxiter": 10_000})
    return float(-res.fun), res.x


def grid_conjugate(f_values, xs, us) -> np.ndarray:
    """Brute-force ``max_{x in xs} (u x - f(x))`` for every ``u`` in ``us`` (1-D, any ``f``)."""
    xs, us, fv = (np.asarray(a, dtype=float) for a in (xs, us, f_values))
    return np.max(us[:, None] * xs[None, :] - fv[None, :], axis=1)


def smooth_max(a, T: float = 1.0) -> float:
    """``T log sum_i exp(a_i / T)``: the smooth maximum of §3.2 (``T = 1``: log-sum-exp)."""
    a = np.asarray(a, dtype=float)
    return float(T * logsumexp(a / T))


def smooth_max_bounds(a, T: float = 1.0) -> tuple[float, float]:
    """Shen & Li (2010), §3.2: ``(max a, max a + T log M)``, the bracket of :func:`smooth_max`."""
    a = np.asarray(a, dtype=float)
    return float(a.max()), float(a.max() + T * math.log(a.size))
