"""Arc-Gv as Shen & Li (2010), §2 and Algorithm 1, specify it: the step clipped into [0, 1].

Round ``j``: the oracle's maximum-edge hypothesis ``h_j`` with edge ``r_j`` under ``u^(j)``; the target
``varrho_j = min_i y_i sum_{s<j} w_s h_s(x_i) / sum_{s<j} w_s`` (``varrho_1 = 0``, **not** floored
at 0); the step (8) ``w_j = artanh(r_j) - artanh(varrho_j)``, then "Arc-Gv clips w_j into [0, 1] by
setting w_j = 1 if w_j > 1 and w_j = 0 if w_j < 0" (after Breiman 1999). The weights are updated
as AdaBoost's, ``u^(j+1) ∝ u^(j) exp(-w_j y_i h_j(x_i))``.

This differs from :func:`refboost.arcgv` (Rudin et al.'s form: target ``max(0, mu_t)``, no clip of
the step). With the unfloored target, round 2 has ``varrho_2 = -1`` whenever ``h_1`` errs on some example, so its
step (8) is infinite and clipped to 1. Only +-1 hypotheses are accepted (the closed-form step). A
clipped step of 0 leaves the weights unchanged, so the next round would repeat it: the run stops there (``stop_reason =
"zero_step"``). No certificate is claimed: ``converged`` is False and ``gap`` is the hard-margin gap
``min_j r_j - mu`` (an upper bound on ``rho - mu`` for a maximum-edge oracle).
"""

from __future__ import annotations

import math

import numpy as np
from scipy.special import logsumexp

from ..result import BoostResult
from ._common import StepSum, query

__all__ = ["arcgv_clipped"]


def arcgv_clipped(oracle, *, max_iter: int = 1000, store_d: bool = True) -> BoostResult:
    """Arc-Gv with the step (8) clipped into [0, 1] (Shen & Li 2010, Algorithm 1).

    Returns a :class:`refboost.BoostResult`: normalised weights over the distinct hypotheses,
    margins ``U w``, one history record per round (``edge``, ``target`` = varrho_j, ``raw_step`` =
    the unclipped (8), ``alpha`` = the clipped step, ``norm``, ``min_margin``, ``d`` if ``store_d``).
    """
    max_iter = int(max_iter)
    if max_iter < 1:
        raise ValueError(f"max_iter must be >= 1, got {max_iter}")
    N = oracle.n_examples
    f, s = np.zeros(N), 0.0
    comb, history = StepSum(), []
    log_d = np.full(N, -math.log(N))
    gamma_hat, stop_reason = math.inf, "max_iter"
    for t in range(1, max_iter + 1):
        d = np.exp(log_d)
        d /= d.sum()
        key, u = query(oracle, d)
        if not np.all(np.abs(np.abs(u) - 1.0) <= 1e-12):
            raise ValueError("arcgv_clipped needs +-1 hypotheses (the closed-form step (8))")
        r = float(d @ u)
        gamma_hat = min(gamma_hat, r)
        target = 0.0 if s == 0 else float(f.min() / s)
        with np.errstate(divide="ignore"):
            raw = float(np.arctanh(min(r, 1.0)) - np.arctanh(max(target, -1.0)))
        step = min(max(raw, 0.0), 1.0)
        rec = {"t": t, "hypothesis": key, "edge": r, "target": target, "raw_step": raw, "alpha": step}
        if store_d:
            rec["d"] = d.copy()
        if step == 0.0:
            stop_reason = "zero_step"
            history.append(rec)
            break
        comb.add(key, step)
        f = f + step * u
        s += step
        log_d = -f - logsumexp(-f)
        rec.update(norm=s, min_margin=float(f.min() / s))
        history.append(rec)
    if s == 0.0:  # first step clipped to 0: the first hypothesis alone
        comb.add(history[0]["hypothesis"], 1.0)
        f, s = u.copy(), 1.0
    keys = list(comb.keys)
    lam = np.asarray(comb.lam, dtype=float)
    margins = f / s
    mu = float(margins.min())
    return BoostResult(
        weights=lam / lam.sum(),
        hypotheses=keys,
        distribution=np.exp(log_d),
        margins=margins,
        n_iter=len(history),
        history=history,
        gap=float(max(gamma_hat - mu, 0.0)),
        converged=False,
        message=f"arc-gv (steps clipped into [0, 1]): {stop_reason} after {len(history)} rounds; no certificate",
        algorithm="arcgv_clipped",
        params={"max_iter": max_iter, "store_d": store_d},
        extra={"stop_reason": stop_reason, "norm": s, "lambda": lam},
    )
