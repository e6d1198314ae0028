"""Corrective entropy-regularised boosting (Glocer 2009, chapter 4; Shalev-Shwartz & Singer 2008).

* :func:`corrective_erlpboost` -- Alg. 4.1 with the closed-form step, the KL projection onto the
  capped simplex (Alg. 4.2, :func:`project_simplex`), the closed-form psi and dual value and the
  practical stopping criterion with the max form of P (eq. (3.6)).
* :func:`corrective_binary_erlpboost` -- Alg. 4.3 with the corrected beta bisection (Alg. 4.4,
  :func:`beta_bisection`) or Brent's method.

Each iteration costs one oracle call and O(N log N) (the sort of the projection); no
totally corrective re-optimisation.

The start. Alg. 4.1 as printed starts from ``w^0 = 0``: the mass ``1 - sum_q w_q`` then sits on
the zero hypothesis, ``Theta^t`` is the dual value of the class *plus* the zero hypothesis, and
the stopping test ``min_q P^q(d^{q-1}) - Theta^{t-1} <= eps/2`` certifies that unnormalised
mixture, not the normalised weights that are returned (dividing by ``sum_q w_q`` scales
negative margins up; where every edge is negative the step is always 0 and nothing but the zero
hypothesis is ever chosen). The default ``start="first"`` takes the first hypothesis the oracle
returns with weight one, ``w^1 = e_1`` (the printed step with ``alpha = 1``); every iterate is
then in the simplex of the class and the stopping rule certifies the returned weights (see
:func:`corrective_erlpboost`). ``start="zero"`` keeps the printed start for the counterexample of
notebook 04; its ``converged`` is computed by the certificate, not by the stopping test.
"""

from __future__ import annotations

import time

import numpy as np

from .._validation import check_array, check_eta, check_nu, check_nu_binary
from ..bounds import eta_binary, eta_erlp
from ..margins import soft_margin
from ..projections import capped_slack, kl_divergence, smoothed_soft_margin
from ..result import BoostResult
from ._common import Columns, finish, query
from ._params import Choice, Int, Nu, Real, constraints
from .entropy import STEP_RULES, _sigmoid, binary_entropy_capped, binary_smoothed_soft_margin, corrective_step

#: Root finders for beta of (3.27): "newton", safeguarded Newton with Brent's method as fallback
#: (:func:`refboost.boosters.entropy.binary_smoothed_soft_margin`; default); "bisection", the corrected
#: Alg. 4.4 (:func:`beta_bisection`). "brentq", the old name of "newton", is accepted as an alias.
BETA_SOLVERS = ("newton", "bisection", "brentq")


def project_simplex(a, nu: float):
    """Glocer (2009) Alg. 4.2 "Project Simplex", corrected (the cap is 1/nu).

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
    """Glocer (2009) Alg. 4.4 (corrected): the root beta of ``s(beta) = 1`` where

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


#: Starts of Alg. 4.1/4.3: "first" = w^1 = e_1 on the first hypothesis (the default, certified);
#: "zero" = w^0 = 0 as printed (the zero hypothesis carries 1 - sum_q w_q; kept for the counterexample).
STARTS = ("first", "zero")


def _corrective(oracle, *, nu, eps, eta, max_iter, step_rule, binary, beta_solver, start):
    """Glocer (2009), Alg. 4.1 (Corrective ERLPBoost) / Alg. 4.3 (its binary-entropy variant)."""
    name = "corrective_binary_erlpboost" if binary else "corrective_erlpboost"
    N = oracle.n_examples
    if binary and not nu < N:
        raise ValueError(f"nu must be a finite real in [1, N = {N}) for the binary entropy, got {nu!r}")
    nu, eps = float(nu), float(eps)
    if eta is None:
        eta = eta_binary(eps, N, nu) if binary else eta_erlp(eps, N, nu)
    eta = float(eta)
    d0 = np.full(N, 1.0 / N)

    def Delta(dd):
        return binary_entropy_capped(np.minimum(dd, 1.0 / nu), nu) if binary else kl_divergence(dd, d0)

    d = d0.copy()
    cols = Columns(N)  # the chosen hypotheses' columns, keys de-duplicated
    w = np.zeros(0)
    m = np.zeros(N)  # margins U w^{t-1} of the current combination
    # Theta^0: with the printed start w^0 = 0 the thesis sets Theta^0 = -1; with w^1 = e_1 there is
    # no combination before the first query, so the first iteration never stops.
    Theta_prev = -np.inf if start == "first" else -1.0
    min_P = np.inf
    d_min_P = d0.copy()  # d^{q-1} attaining min_q P^q(d^{q-1})
    gamma_hat = np.inf
    d_gamma = d0.copy()  # d^{q-1} attaining the smallest edge gamma_hat
    history: list[dict] = []
    fired = False
    t0 = time.perf_counter()
    extra_last: dict = {}
    first = None
    for t in range(1, max_iter + 1):
        key, u = query(oracle, d)
        if first is None:
            first = (key, u)
        edge = float(u @ d)
        if edge < gamma_hat:
            gamma_hat, d_gamma = edge, d  # d is rebound each iteration, never changed in place
        top = max(float((cols.stacked().T @ d).max()) if cols else -1.0, edge)
        P_t_prev = top + Delta(d) / eta  # max form of (3.6)/(3.25): an upper bound on the optimum
        if P_t_prev < min_P:
            min_P, d_min_P = P_t_prev, d
        rec = {"t": t, "hypothesis": key, "edge": edge, "P_t_prev": P_t_prev, "min_P": min_P, "gamma_hat": gamma_hat}
        if np.isfinite(Theta_prev):
            delta = min_P - Theta_prev
            rec["delta"] = delta
            if delta <= eps / 2:
                rec["stop"] = True
                rec["time"] = time.perf_counter() - t0
                history.append(rec)
                fired = True
                break
        x = u - m
        alpha = 1.0 if (start == "first" and t == 1) else corrective_step(x, d, eta, step_rule)
        j, new = cols.add(key, u)
        if new:
            w = np.r_[w, 0.0]
        w = (1.0 - alpha) * w
        w[j] += alpha
        m = (1.0 - alpha) * m + alpha * u
        d, Theta, extra_last = _next_distribution(m, nu, eta, binary, beta_solver)
        Theta_prev = Theta
        rec.update({"alpha": alpha, "dual": Theta, "time": time.perf_counter() - t0})
        history.append(rec)
    return _output(oracle, cols, w, d, first, min_P, d_min_P, gamma_hat, d_gamma, Theta_prev, fired, history,
                   extra_last, name, {"nu": nu, "eps": eps, "eta": eta, "max_iter": max_iter, "step_rule": step_rule,
                                      "beta_solver": beta_solver, "start": start})


def _next_distribution(m, nu: float, eta: float, binary: bool, beta_solver: str):
    """Glocer (2009), Alg. 4.1 / 4.3: the next distribution ``d^t``, the minimiser of (3.6) / (3.25) at the
    margins ``m = U w^t``, with the dual value ``Theta^t`` and what the record keeps of the solve (psi,
    the capped set; beta for the binary entropy, by the safeguarded Newton root or by bisection)."""
    N = m.shape[0]
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
        return d / d.sum(), Theta, extra_last
    r = smoothed_soft_margin(m, nu, eta)
    d, Theta = r.d, r.value
    C = r.capped
    psi = capped_slack(m, C, r.log_Z, nu, eta)
    return d, Theta, {"psi": psi, "capped": C, "log_Z": r.log_Z}


def _output(oracle, cols, w, d, first, min_P, d_min_P, gamma_hat, d_gamma, Theta_prev, fired, history, extra_last,
            name, params) -> BoostResult:
    """Glocer (2009), Alg. 4.1 / 4.3's output: the normalised weights (the first hypothesis alone when only the
    zero hypothesis of the printed start was chosen), certified by :func:`refboost.certify.soft_margin_lp`
    at the final d, the d^{q-1} attaining min_q P^q(d^{q-1}) and the one of the smallest edge."""
    from ..certify.lp import soft_margin_lp

    nu, eps, eta, start = params["nu"], params["eps"], params["eta"], params["start"]
    total = float(w.sum())
    if total > 0:
        w_out = w / total
    else:  # printed start, nothing but the zero hypothesis chosen: return the first hypothesis
        if not cols:
            cols.add(*first)
            w = np.zeros(1)
        w_out = np.zeros(len(cols))
        w_out[0] = 1.0
    keys = cols.keys
    margins = cols.stacked() @ w_out
    sm = soft_margin(margins, nu)
    cert_ds = [d_min_P, d_gamma]
    cert = soft_margin_lp(oracle, w_out, nu=nu, hypotheses=keys, distribution=[d, *cert_ds], tol=eps, bound="dual")
    delta = float(min_P - Theta_prev) if np.isfinite(Theta_prev) else float(min_P + 1.0)
    extra = {"eta": eta, "delta": delta, "dual": float(Theta_prev) if np.isfinite(Theta_prev) else -1.0,
             "min_P": min_P, "soft_margin": sm, "gamma_hat": gamma_hat, "weights_unnormalised": w,
             "zero_mass": 1.0 - total, "certificate": cert, "certificate_distributions": cert_ds,
             "stopping_rule_fired": fired}
    extra.update(extra_last)
    return finish(
        cert, "rule" if fired else "max_iter",
        details=f"delta = {delta:.3g} {'<=' if fired else '>'} eps/2 = {eps / 2:g} after {len(history)} iterations",
        cause="start='zero' certifies the mixture with the zero hypothesis, not the normalised weights"
        if start == "zero" else "",
        weights=w_out, hypotheses=list(keys), distribution=d, margins=margins, n_iter=len(history) - int(fired),
        history=history, algorithm=name, params=params, extra=extra,
    )


_CORRECTIVE_CONSTRAINTS = dict(
    eps=Real(0, None, low_open=True), eta=Real(0, None, low_open=True, none_ok=True), max_iter=Int(1),
    step_rule=Choice(STEP_RULES), start=Choice(STARTS),
)


@constraints(nu=Nu(), **_CORRECTIVE_CONSTRAINTS)
def corrective_erlpboost(
    oracle,
    *,
    nu: float = 1.0,
    eps: float = 1e-2,
    eta: float | None = None,
    max_iter: int = 20000,
    step_rule: str = "sq",
    start: str = "first",
) -> BoostResult:
    """Corrective ERLPBoost, Glocer (2009) Alg. 4.1 (Shalev-Shwartz & Singer 2008).

    Certifies: the soft margin SM_nu(U w) of the returned weights is within eps of the optimum of
    LP (2.2) over the class; ``converged=True`` exactly when :func:`refboost.certify.soft_margin_lp`
    confirms it from ``weights`` and the distributions in ``extra["certificate_distributions"]``.

    Per iteration: ``x = u^t - sum_q w^{t-1}_q u^q``; step ``alpha = clip(x.d^{t-1}/(eta ||x||_inf^2), 0, 1)``;
    ``w^t = ((1 - alpha) w^{t-1}, alpha)``; ``d^t`` = KL projection of ``d^0 exp(-eta U w^t)`` onto
    the capped simplex (Alg. 4.2), psi in closed form, ``Theta^t = Theta(w^t, psi^t)`` of (3.10) in
    closed form. Stops (the practical criterion) when ``min_{q<=t} P^q(d^{q-1}) - Theta^{t-1} <= eps/2``
    with ``P^q(d) = max_{q'} u^{q'}.d + Delta(d, d^0)/eta``, the max form of (3.6).

    Why the stopping rule certifies the returned weights (``start="first"``, ``w^1 = e_1``): every
    ``w^t`` is in the simplex of the class, so by weak duality of (3.6)/(3.10)
    ``Theta^{t-1} <= max_w Theta(w) = min_d P(d) <= P^q(d^{q-1})`` for every q. The smoothed margin
    ``Theta^{t-1} = min_{d capped} [d.(U w^{t-1}) + Delta(d, d^0)/eta]`` is at most
    ``SM_nu(U w^{t-1}) + ln(N/nu)/eta`` (Delta <= ln(N/nu) on the capped simplex), and
    ``P^q(d^{q-1}) >= max_{q'} u^{q'}.d^{q-1} >= P_LP`` (the optimum of (2.3)). Hence at the stop
    ``SM_nu(U w^{t-1}) >= Theta^{t-1} - ln(N/nu)/eta >= min_q P^q(d^{q-1}) - eps/2 - ln(N/nu)/eta
    >= max_{q'} u^{q'}.d^* - eps`` with ``d^*`` the minimising ``d^{q-1}`` and the canonical
    ``eta = 2 ln(N/nu)/eps``: the LP certificate at ``d^*`` has gap <= eps. With the printed start
    ``w^0 = 0`` the first inequality fails (``Theta`` then includes the zero hypothesis) and the
    returned normalised weights can be far from optimal; ``converged`` is then whatever the
    certificate says.

    Parameters
    ----------
    oracle : refboost.Oracle
        A maximum-edge oracle (the bound ``max_q u^q.d`` is its answer).
    nu : float in [1, N]
    eps : float > 0
    eta : float > 0, default :func:`refboost.bounds.eta_erlp`
        With a smaller eta the stopping rule no longer implies the certificate (``converged`` stays honest).
    max_iter : int >= 1
    step_rule : {"sq", "nosq", "4eta", "cpp"}
        "sq" is the Shalev-Shwartz & Singer step; "nosq" Alg. 4.1(b) as printed; "4eta" the
        printed (4.4); "cpp" the authors' C++ code.
    start : {"first", "zero"}
        ``"first"`` (default): ``w^1 = e_1``, the first hypothesis with weight one (certified);
        ``"zero"``: the printed ``w^0 = 0`` (the counterexample of notebook 04).

    Returns
    -------
    BoostResult
        ``gap`` = the certificate's gap ``max_q u^q.d^* - SM_nu(U w)``; ``extra`` holds
        ``certificate``, ``certificate_distributions``, ``delta``, ``min_P``, ``dual``,
        ``gamma_hat``, ``stopping_rule_fired``, ``psi``, ``capped``, ``log_Z``.
    """
    return _corrective(oracle, nu=nu, eps=eps, eta=eta, max_iter=max_iter, step_rule=step_rule, binary=False,
                       beta_solver="newton", start=start)


@constraints(nu=Nu(binary=True), **_CORRECTIVE_CONSTRAINTS, beta_solver=Choice(BETA_SOLVERS))
def corrective_binary_erlpboost(
    oracle,
    *,
    nu: float = 1.0,
    eps: float = 1e-2,
    eta: float | None = None,
    max_iter: int = 20000,
    step_rule: str = "sq",
    beta_solver: str = "newton",
    start: str = "first",
) -> BoostResult:
    """Corrective Binary ERLPBoost, Glocer (2009) Alg. 4.3 with beta from Alg. 4.4 (corrected).

    Certifies: the soft margin SM_nu(U w) of the returned weights is within eps of the optimum of
    LP (2.2) over the class; ``converged=True`` exactly when :func:`refboost.certify.soft_margin_lp`
    confirms it from ``weights`` and the distributions in ``extra["certificate_distributions"]``.

    As :func:`corrective_erlpboost` with the capped binary entropy ``Delta_{2,nu}``: ``d^t`` is
    (3.27) at ``(w^t, beta^t)``, beta the root of ``sum_n d_n = 1`` (``beta_solver="bisection"``: the
    corrected Alg. 4.4, :func:`beta_bisection`; ``"newton"``: safeguarded Newton with Brent's method as fallback;
    ``"brentq"``, its old name, is accepted), ``Theta_B`` of (3.26),
    canonical ``eta = max(2/eps (ln(N/nu)+1), 1/2)``, P in the max form of (3.25). The argument of
    :func:`corrective_erlpboost` carries over with ``Delta_{2,nu} <= ln(N/nu) + 1`` on the capped
    simplex. Requires 1 <= nu < N.
    """
    return _corrective(oracle, nu=nu, eps=eps, eta=eta, max_iter=max_iter, step_rule=step_rule, binary=True,
                       beta_solver="newton" if beta_solver == "brentq" else beta_solver, start=start)
