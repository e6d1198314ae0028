"""Corrective entropy-regularised boosting (Glocer 2009, chapter 4; Shalev-Shwartz & Singer 2008).

* :func:`corrective_erlpboost` -- Alg. 4.1 with the closed-form step (digest D6), the KL
  projection onto the capped simplex (Alg. 4.2, :func:`project_simplex`), the closed-form
  psi and dual value (digest §3.4) and the practical stopping criterion with the max form of P
  (D8).
* :func:`corrective_binary_erlpboost` -- Alg. 4.3 with the corrected beta bisection (Alg. 4.4,
  :func:`beta_bisection`) or Brent's method.

Each iteration costs one oracle call and O(N log N) (the sort of the projection); no
totally corrective re-optimisation. Start ``w^0 = 0`` (D7): the mass ``1 - sum_q w_q`` sits on
the zero hypothesis; the output is normalised.
"""

from __future__ import annotations

import time

import numpy as np

from .._validation import (
    check_array,
    check_choice,
    check_eps,
    check_eta,
    check_max_iter,
    check_nu,
    check_nu_binary,
)
from ..bounds import eta_binary, eta_erlp
from ..margins import soft_margin
from ..projections import kl_divergence, smoothed_soft_margin
from ..result import BoostResult
from ._common import check_oracle, check_oracle_column
from .entropy import _sigmoid, binary_entropy_capped, binary_smoothed_soft_margin

#: Step-size rules (digest D6). "sq": x.d/(eta ||x||_inf^2) (S&S, §4.1, Alg 4.3; default);
#: "nosq": Alg 4.1(b) as printed, x.d/(eta ||x||_inf); "4eta": the printed (4.4), x.d/(4 eta ||x||^2);
#: "cpp": the authors' C++, x.d/(eta (max_n x_n)^2).
STEP_RULES = ("sq", "nosq", "4eta", "cpp")
BETA_SOLVERS = ("brentq", "bisection")


def project_simplex(a, nu: float):
    """Glocer (2009) Alg. 4.2 "Project Simplex", corrected (digest §5.6, D10: the cap is 1/nu).

    KL projection of a positive vector ``a`` onto ``{sum d = 1, 0 <= d <= 1/nu}``, written as the
    algorithm reads (linear domain, sort descending, the capped set decided by the loop count).
    Returns ``(d, C)`` with C the boolean capped set. :func:`refboost.projections.project_capped_simplex_log`
    is the log-domain version used by the algorithms; the tests compare the two.
    """
    a = check_array(a, "a", ndim=1)
    if np.any(a <= 0):
        raise ValueError("a must be strictly positive")
    N = a.shape[0]
    nu = check_nu(nu, N)
    order = np.argsort(-a, kind="stable")
    s = a[order]
    Z = float(s.sum())
    k = 0
    theta = 1.0 / Z
    while k < N:
        theta = (1.0 - k / nu) / Z
        if theta * s[k] <= 1.0 / nu * (1 + 1e-12):
            break
        Z -= s[k]
        k += 1
    d = np.empty(N)
    C = np.zeros(N, dtype=bool)
    C[order[:k]] = True
    d[C] = 1.0 / nu
    d[~C] = np.minimum(theta * a[~C], 1.0 / nu)
    return d, C


def beta_bisection(margins, nu: float, eta: float, *, tol: float = 1e-13, max_bisect: int = 200):
    """Glocer (2009) Alg. 4.4 (corrected, digest §5.7): the root beta of ``s(beta) = 1`` where

    ``s(beta) = sum_n d0 e^{-eta(m_n+beta)} / (1 - nu d0 + nu d0 e^{-eta(m_n+beta)})`` (strictly
    decreasing, ``s(-inf) = N/nu > 1``, ``s(inf) = 0``). Corrections: the bracket-growing loops
    test ``s(beta_l) < 1`` and ``s(beta_u) > 1`` (inverted in the thesis), the midpoint is
    ``(beta_l + beta_u)/2`` and the stopping test is ``|s(beta) - 1| <= tol``.
    Returns ``(beta, n_steps)``. s is evaluated in the stable logistic form.
    """
    m = check_array(margins, "margins", ndim=1)
    N = m.shape[0]
    nu = check_nu_binary(nu, N)
    eta = check_eta(eta)
    p = nu / N
    z0 = np.log(p) - np.log1p(-p)

    def s(beta):
        return float(np.sum(_sigmoid(z0 - eta * (m + beta))) / nu)

    lo, hi = -1.0, 1.0
    while s(lo) < 1:
        lo *= 2
    while s(hi) > 1:
        hi *= 2
    beta = 0.5 * (lo + hi)
    k = 0
    for k in range(1, max_bisect + 1):  # noqa: B007
        beta = 0.5 * (lo + hi)
        sb = s(beta)
        if abs(sb - 1.0) <= tol or hi - lo <= 4 * np.finfo(float).eps * max(1.0, abs(beta)):
            break
        if sb < 1:
            hi = beta
        else:
            lo = beta
    return beta, k


def corrective_step(x, d, eta: float, rule: str = "sq") -> float:
    """Step size alpha of Alg. 4.1(b) / 4.3(b) under the rule of digest D6 (clipped to [0, 1])."""
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


def _corrective(oracle, *, nu, eps, eta, max_iter, step_rule, binary, beta_solver):
    name = "corrective_binary_erlpboost" if binary else "corrective_erlpboost"
    oracle = check_oracle(oracle)
    N = oracle.n_examples
    nu = check_nu_binary(nu, N) if binary else check_nu(nu, N)
    eps = check_eps(eps)
    if eta is None:
        eta = eta_binary(eps, N, nu) if binary else eta_erlp(eps, N, nu)
    eta = check_eta(eta)
    max_iter = check_max_iter(max_iter)
    step_rule = check_choice(step_rule, "step_rule", STEP_RULES)
    beta_solver = check_choice(beta_solver, "beta_solver", BETA_SOLVERS)
    d0 = np.full(N, 1.0 / N)

    def Delta(dd):
        return binary_entropy_capped(np.minimum(dd, 1.0 / nu), nu) if binary else kl_divergence(dd, d0)

    d = d0.copy()
    keys: list = []
    index: dict = {}
    cols: list[np.ndarray] = []
    w = np.zeros(0)
    m = np.zeros(N)  # margins of the current combination (zero hypothesis carries 1 - sum w)
    Theta_prev = -1.0  # Theta^0 := -1 (digest D9)
    min_P = np.inf
    gamma_hat = np.inf
    history: list[dict] = []
    converged = False
    t0 = time.perf_counter()
    delta = np.inf
    beta = 0.0
    extra_last: dict = {}
    for t in range(1, max_iter + 1):
        key, u = oracle.best(d)
        u = check_oracle_column(u, N)
        edge = float(u @ d)
        gamma_hat = min(gamma_hat, edge)
        top = max(float((np.column_stack(cols).T @ d).max()) if cols else -1.0, edge)
        P_t_prev = top + Delta(d) / eta  # max form (3.6)/(3.25) (digest D8)
        min_P = min(min_P, P_t_prev)
        delta = min_P - Theta_prev
        rec = {"t": t, "hypothesis": key, "edge": edge, "P_t_prev": P_t_prev, "min_P": min_P, "delta": delta,
               "gamma_hat": gamma_hat}
        if delta <= eps / 2:
            rec["stop"] = True
            rec["time"] = time.perf_counter() - t0
            history.append(rec)
            converged = True
            break
        x = u - m
        alpha = corrective_step(x, d, eta, step_rule)
        if key not in index:
            index[key] = len(keys)
            keys.append(key)
            cols.append(u)
            w = np.r_[w, 0.0]
        w = (1.0 - alpha) * w
        w[index[key]] += alpha
        m = (1.0 - alpha) * m + alpha * u
        if binary:
            r = binary_smoothed_soft_margin(m, nu, eta)
            if beta_solver == "bisection":
                beta, nb = beta_bisection(m, nu, eta)
                p = nu / N
                z0 = np.log(p) - np.log1p(-p)
                d = _sigmoid(z0 - eta * (m + beta)) / nu
                terms = np.logaddexp(np.log1p(-p), np.log(p) - eta * (m + beta))
                Theta = -float(terms.sum()) / (eta * nu) - beta
                extra_last = {"beta": beta, "bisection_steps": nb}
            else:
                d, Theta, beta = r.d, r.value, r.beta
                extra_last = {"beta": beta}
            d = d / d.sum()
        else:
            r = smoothed_soft_margin(m, nu, eta)
            d, Theta = r.d, r.value
            C = r.capped
            psi = np.zeros(N)
            psi[C] = np.maximum(-m[C] - (r.log_Z + np.log(N) - np.log(nu)) / eta, 0.0)
            extra_last = {"psi": psi, "capped": C, "log_Z": r.log_Z}
        Theta_prev = Theta
        rec.update({"alpha": alpha, "dual": Theta,
                    "time": time.perf_counter() - t0})
        history.append(rec)
    T = len(keys)
    total = float(w.sum())
    w_out = w / total if total > 0 else w
    margins = np.column_stack(cols) @ w_out if T else -np.ones(N)
    sm = soft_margin(margins, nu)
    msg = (f"converged: delta = {delta:.3g} <= eps/2 = {eps / 2:g} after {len(history)} iterations"
           if converged else f"max_iter = {max_iter} reached with delta = {delta:.3g}")
    extra = {"eta": eta, "delta": delta, "dual": Theta_prev, "min_P": min_P, "soft_margin": sm,
             "gamma_hat": gamma_hat, "weights_unnormalised": w, "zero_mass": 1.0 - total}
    extra.update(extra_last)
    return BoostResult(
        weights=w_out, hypotheses=list(keys), distribution=d, margins=margins, n_iter=len(history) - int(converged),
        history=history, gap=float(gamma_hat - sm), converged=converged, message=msg, algorithm=name,
        params={"nu": nu, "eps": eps, "eta": eta, "max_iter": max_iter, "step_rule": step_rule,
                "beta_solver": beta_solver},
        extra=extra,
    )


def corrective_erlpboost(
    oracle,
    *,
    nu: float = 1.0,
    eps: float = 1e-2,
    eta: float | None = None,
    max_iter: int = 20000,
    step_rule: str = "sq",
) -> BoostResult:
    """Corrective ERLPBoost, Glocer (2009) Alg. 4.1 (Shalev-Shwartz & Singer 2008).

    Per iteration: ``x = u^t - sum_q w^{t-1}_q u^q``; step ``alpha = clip(x.d^{t-1}/(eta ||x||_inf^2), 0, 1)``
    (D6); ``w^t = ((1 - alpha) w^{t-1}, alpha)``; ``d^t`` = KL projection of ``d^0 exp(-eta U w^t)`` onto
    the capped simplex (Alg. 4.2), psi in closed form, ``Theta^t`` in closed form (digest §3.4).
    Stops (practical criterion) when ``min_{q<=t} P^q(d^{q-1}) - Theta^{t-1} <= eps/2``, P in the max
    form (D8). ``w^0 = 0`` (D7); output normalised. Weak duality needs max edges >= 0 (reflexive
    classes), see D7.

    Parameters
    ----------
    oracle : refboost.Oracle
    nu : float in [1, N]
    eps : float > 0
    eta : float > 0, default :func:`refboost.bounds.eta_erlp`
    max_iter : int
    step_rule : {"sq", "nosq", "4eta", "cpp"}
        Digest D6; "sq" is the S&S step.
    """
    return _corrective(oracle, nu=nu, eps=eps, eta=eta, max_iter=max_iter, step_rule=step_rule, binary=False,
                       beta_solver="brentq")


def corrective_binary_erlpboost(
    oracle,
    *,
    nu: float = 1.0,
    eps: float = 1e-2,
    eta: float | None = None,
    max_iter: int = 20000,
    step_rule: str = "sq",
    beta_solver: str = "brentq",
) -> BoostResult:
    """Corrective Binary ERLPBoost, Glocer (2009) Alg. 4.3 with beta from Alg. 4.4 (corrected).

    As :func:`corrective_erlpboost` with the capped binary entropy: ``d^t`` is (3.27) at
    ``(w^t, beta^t)``, beta the root of ``sum_n d_n = 1`` (``beta_solver="bisection"``: the
    corrected Alg. 4.4, :func:`beta_bisection`; ``"brentq"``: Brent's method), ``Theta_B`` of (3.26),
    canonical ``eta = max(2/eps (ln(N/nu)+1), 1/2)``. Requires 1 <= nu < N.
    """
    return _corrective(oracle, nu=nu, eps=eps, eta=eta, max_iter=max_iter, step_rule=step_rule, binary=True,
                       beta_solver=beta_solver)
