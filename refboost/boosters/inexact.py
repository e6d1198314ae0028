"""ERLPBoost and Binary ERLPBoost with deliberately inexact inner solves (Glocer 2009, §3.2.2, §3.3.2).

The practical stopping criterion of Glocer (2009), Alg. 3.2(b), exists for inner solvers that stop at
a duality gap ``P^{t-1}(d~^{t-1}) - Theta^{t-1}(w~^{t-1}) <= eps/4`` rather than at the optimum. The
library's boosters solve each step to ~1e-12, which leaves Lemmas 3.4, 3.5, 3.11 (and their binary
versions 3.16, 3.17, 3.22) untested in the regime they are about. :func:`inexact_erlpboost` runs the
loop of Alg. 3.2 / 3.3 with inner solutions made inexact on purpose: the exact step ``w*`` is solved
(:func:`refboost.boosters.entropy.erlp_dual_step`), and the returned ``w~`` is the point on the segment
from the warm start ``(w~^{t-1}, 0)`` to ``w*`` whose duality gap is as close to the allowed
``inner_gap`` (default ``eps/4``) as bisection finds, never above it. ``d~ = d(w~)`` is the capped
projection, so it is primal feasible. Each iteration records both the inexact quantities the
algorithm sees and the exact ones the analysis uses, so every inequality of the lemmas can be
asserted per iteration.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..bounds import eta_binary, eta_erlp
from ..oracles import Oracle
from ..projections import smoothed_soft_margin
from .entropy import (
    binary_dual_step,
    binary_primal,
    binary_smoothed_soft_margin,
    erlp_dual_step,
    erlp_primal,
)

__all__ = ["InexactRun", "inexact_erlpboost", "dual_point"]


@dataclass
class InexactRun:
    """One run of :func:`inexact_erlpboost`.

    ``history[t-1]`` (t = 1..T+1) holds, for iteration t: ``edge`` = u^t . d~^{t-1};
    ``P_t_prev`` = P^t(d~^{t-1}); ``P_t_prev_exact`` = P^t(d^{t-1}); ``min_P`` = min_{q<=t} P^q(d~^{q-1});
    ``delta_tilde`` = min_P - Theta^{t-1}(w~^{t-1}) (what the algorithm stops on); ``delta_hat`` =
    min_P - P^{t-1}(d^{t-1}) (the quantity of the analysis). For t <= T also, after the step:
    ``P_exact`` = P^t(d^t), ``P_tilde`` = P^t(d~^t), ``Theta_tilde`` = Theta^t(w~^t) and ``inner_gap``
    = P_tilde - Theta_tilde. Iteration 0 is the dummy hypothesis -1: P^0 = Theta^0 = -1.
    """

    T: int
    eta: float
    eps: float
    nu: float
    binary: bool
    hypotheses: list
    weights: np.ndarray
    columns: np.ndarray
    converged: bool
    history: list = field(default_factory=list)

    def series(self, name: str) -> np.ndarray:
        """``[rec[name] for rec in history]`` (records lacking it give nan)."""
        return np.array([r.get(name, np.nan) for r in self.history], float)


def dual_point(U_t, w, nu: float, eta: float, *, binary: bool = False):
    """``(P^t(d(w)), Theta^t(w), d(w))``: the primal at the distribution of ``w`` and the dual value.

    ERLPBoost: Theta is (3.10) maximised over psi (the smoothed soft margin), d(w) its capped
    projection; Binary: (3.26) maximised over beta, d(w) the logistic form (3.27).
    """
    U_t = np.asarray(U_t, float)
    m = U_t @ np.asarray(w, float)
    if binary:
        r = binary_smoothed_soft_margin(m, nu, eta)
        return binary_primal(U_t, r.d, nu, eta), float(r.value), r.d
    r = smoothed_soft_margin(m, nu, eta)
    return erlp_primal(U_t, r.d, eta), float(r.value), r.d


def _make_inexact(U_t, w_start, w_star, nu, eta, binary, target, n_bisect=50):
    """The point of [w_start, w_star] farthest from w_star whose gap is <= target (bisection)."""
    P0, F0, d0 = dual_point(U_t, w_start, nu, eta, binary=binary)
    if P0 - F0 <= target:
        return w_start, P0, F0, d0
    lo, hi = 0.0, 1.0  # gap(lo) > target, gap(hi) ~ 0
    best = (w_star, *dual_point(U_t, w_star, nu, eta, binary=binary))
    for _ in range(n_bisect):
        s = 0.5 * (lo + hi)
        w = (1 - s) * w_start + s * w_star
        P, F, d = dual_point(U_t, w, nu, eta, binary=binary)
        if P - F <= target:
            hi, best = s, (w, P, F, d)
        else:
            lo = s
    return best


def inexact_erlpboost(oracle: Oracle, *, nu: float = 1.0, eps: float, eta: float | None = None,
                      binary: bool = False, inner_gap: float | None = None, start: str = "warm",
                      seed: int = 0, max_iter: int = 10_000) -> InexactRun:
    """Alg. 3.2 (``binary=False``) or Alg. 3.3 with the practical criterion and inexact inner solves.

    Parameters
    ----------
    oracle : Oracle
        The weak learner, asked at the inexact distribution ``d~^{t-1}``.
    nu, eps, eta : float
        Capping, accuracy and regularisation; ``eta=None`` takes the canonical value
        (:func:`refboost.bounds.eta_erlp` / :func:`refboost.bounds.eta_binary`).
    inner_gap : float, optional
        The inner duality gap the returned solutions are pushed to (default ``eps/4``, the largest the
        practical criterion allows).
    start : {"warm", "random"}
        The other end of the segment: the warm start ``(w~^{t-1}, 0)`` (an inner solver stopped early), or
        a random point of the simplex (``seed``), which moves the dual value as well as the primal one.
    """
    if start not in ("warm", "random"):
        raise ValueError(f"start must be 'warm' or 'random', got {start!r}")
    rng = np.random.default_rng(seed)
    N = oracle.n_examples
    nu, eps = float(nu), float(eps)
    eta = float(eta) if eta is not None else (eta_binary(eps, N, nu) if binary else eta_erlp(eps, N, nu))
    target = eps / 4 if inner_gap is None else float(inner_gap)
    step_fn = binary_dual_step if binary else erlp_dual_step
    primal = (lambda U, d: binary_primal(U, d, nu, eta)) if binary else (lambda U, d: erlp_primal(U, d, eta))

    d_tilde = np.full(N, 1.0 / N)
    d_exact = d_tilde
    keys: list = []
    cols: list = []
    w_tilde = np.zeros(0)
    Theta_prev = P_exact_prev = -1.0
    min_P = np.inf
    history: list[dict] = []
    converged = False
    for t in range(1, max_iter + 1):
        key, u = oracle.best(d_tilde)
        new = key not in keys
        U_t = np.column_stack(cols + [u]) if new else np.column_stack(cols)
        P_t_prev = primal(U_t, d_tilde)
        min_P = min(min_P, P_t_prev)
        rec = {"t": t, "hypothesis": key, "edge": float(u @ d_tilde), "P_t_prev": P_t_prev,
               "P_t_prev_exact": primal(U_t, d_exact), "min_P": min_P,
               "delta_tilde": min_P - Theta_prev, "delta_hat": min_P - P_exact_prev}
        history.append(rec)
        if rec["delta_tilde"] <= eps / 2:
            converged = True
            break
        if new:
            keys.append(key)
            cols.append(u)
            w_start = np.append(w_tilde, 0.0) if w_tilde.size else np.ones(1)
        else:
            w_start = w_tilde
        if start == "random":
            w_start = rng.dirichlet(np.ones(U_t.shape[1]))
        s = step_fn(U_t, nu, eta)
        w_tilde, P_tilde, Theta, d_tilde = _make_inexact(U_t, w_start, s.w, nu, eta, binary, target)
        d_exact = s.d
        rec.update({"P_exact": s.primal, "P_tilde": P_tilde, "Theta_tilde": Theta,
                    "inner_gap": P_tilde - Theta, "exact_gap": s.gap})
        Theta_prev, P_exact_prev = Theta, s.primal
    U_T = np.column_stack(cols) if cols else np.zeros((N, 0))
    return InexactRun(T=len(keys), eta=eta, eps=eps, nu=nu, binary=binary, hypotheses=keys,
                      weights=w_tilde, columns=U_T, converged=converged, history=history)
