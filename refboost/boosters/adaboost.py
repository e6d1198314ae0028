"""AdaBoost and its margin-targeting relatives (Rudin, Daubechies & Schapire 2003).

All four boosters of this module share one skeleton (Rudin et al. 2003, §4, "GenericBoost"):
at iteration t the oracle returns a hypothesis ``u = u^{j_t}`` for the current distribution
``d_t = softmax(-U lambda_t)``, its edge is ``r_t = d_t . u`` and the coefficient of the
hypothesis grows by

    alpha_t = artanh(r_t) - artanh(theta_t)                     (Rudin et al. 2003, eq. (3))

where ``theta_t`` is the *target edge* of the algorithm (the step moves
lambda along e_{j_t} until the edge of the hypothesis just used drops to theta_t):

==========================  =================================================================
algorithm                   target theta_t
==========================  =================================================================
:func:`adaboost`            0  (the exact line search of F(lambda) = sum_i exp(-(U lambda)_i))
:func:`arcgv`               max(floor, mu(lambda_t)), mu = min margin (Breiman 1999), mu_1 := 0
:func:`adaboost_star`       min_{s<=t} r_s - nu (Rätsch & Warmuth 2005, AdaBoost*_nu)
:func:`coordinate_ascent`   max(0, G(lambda_t)), G = smooth margin (eq. (3)); or the exact
                            line search of G (``method="exact"``)
==========================  =================================================================

Numerics. The weights are kept in the log domain: the booster stores the unnormalised margins ``f =
U lambda`` and sets ``log d = -f - logsumexp(-f)`` (max shifted out first, :func:`log_normalize`),
so runs of 10^5 iterations neither overflow nor underflow (the reduced iterated map ``d_i / (1 + u_i
r)`` is *not* used inside the boosters: it is unstable normal to the simplex). For a hypothesis with
entries in {-1, +1} the step is closed form, with ``artanh(r) = (log sum_{u_i=+1} d_i - log
sum_{u_i=-1} d_i) / 2`` evaluated by log-sum-exp (no cancellation in ``1 - r`` when r is close to
1). For confidence-rated hypotheses (entries in [-1, 1]) the closed form does not apply; the step
then solves ``edge of u under softmax(log d - alpha u) = theta`` by Brent's method (the left side is
strictly decreasing in alpha, so the root is unique).

Certificate. Each booster's statement is about the hard margin of the RETURNED weights,
``mu(w) = min_i (U w)_i`` against ``rho = max_w min_i (U w)_i`` (Rudin et al. 2003, §2): any
distribution d gives ``rho <= max_j d . u^j`` (von Neumann's minimax theorem), so with the d_t of
the smallest edge r_t (with a maximum-edge oracle its largest edge is ``min_t r_t``) and the final
d_{T+1} as dual points, ``gap = min_d max_j d . u^j - mu(w) >= rho - mu(w)``. The result's ``gap``
is that certified gap (:func:`refboost.certify.hard_margin`, ``extra["certificate"]``), and
``converged`` is True exactly when it is at most the booster's tolerance: ``eps``, or, without eps,
:data:`refboost.certify.dynamics.NO_EPS_TOL` (AdaBoost*_nu: ``nu``, its own guarantee
``mu >= rho - nu``). A run without eps does all ``max_iter`` iterations (what the dynamics
experiments need); AdaBoost's gap need not tend to 0 (on a cycle of constant edge r its margin is
Upsilon(r) < r). The history's ``gap`` is the booster's own ``min_{s<=t} r_s - mu(lambda_{t+1})``,
valid whenever every edge the oracle returned is >= rho (a maximum-edge oracle, or the
"non-optimal" weak learners of the paper, which promise ``r_t >= rho``).

Degenerate instances. When no step is ever taken (``r_1 <= theta_1``: no hypothesis beats the
target, e.g. every entry <= 0), the output is the first hypothesis alone (weights ``[1.]``), with
its own margins; it is certified only if its margin is within the tolerance of rho.
"""

from __future__ import annotations

import math
import time

import numpy as np
from scipy.optimize import brentq

from .._validation import check_choice, check_int, check_real
from ..result import BoostResult
from ._common import StepSum, finish, query, query_columns
from ._params import Bool, Choice, Int, Real, constraints

#: The stop reasons of GenericBoost besides those every booster shares (``_common.STOP_REASONS``).
_STOP_REASONS = {
    "perfect": "a hypothesis is above the target edge on every example: no finite step; "
    "the output is that hypothesis alone",
    "no_finite_step": "the line search along the last hypothesis has no finite step (it is >= the target "
    "edge on every example and equal to it on some: it abstains there), so the run stops before that step",
    "zero_step": "edge r_t <= target theta_t at the last iteration: zero step, the run stops "
    "(AdaBoost: r_t <= 0, i.e. the weak-learning assumption fails; arc-gv/AdaBoost*: fixed point)",
    "infinite_target": "arc-gv with floor=None reached mu_t = -1: the step artanh(r_t) - artanh(mu_t) is "
    "infinite, the run stops (use a floor in (-1, 1), default 0.0)",
}
#: A step with ``alpha <= ZERO_STEP_TOL`` makes no progress: the run stops (edge <= target).
ZERO_STEP_TOL = 1e-14
#: A zero step counts as convergence when the certificate ``gap`` is at most this.
FIXED_POINT_GAP_TOL = 1e-12
#: Tolerance (relative to alpha) of the Brent line searches.
LINE_SEARCH_XTOL = 1e-14
#: Line-search roots are bracketed by doubling up to this step (on the column scaled to max |u| = 1).
BRACKET_LIMIT = 1e300
#: Masses above this are summed directly from d; below it the log-sum-exp path is used.
SAFE_MASS = 1e-250
#: Entries of u that count as exactly +-1 for the closed-form step.
PM1_TOL = 0.0

__all__ = ["adaboost", "arcgv", "adaboost_star", "coordinate_ascent", "smooth_margin_from_f", "exact_ca_step",
           "BoostingStepError"]


class BoostingStepError(ValueError):
    """Kept for compatibility: no booster raises it any more (an unusable oracle column is a
    ValueError/TypeError of :func:`refboost.boosters._common.query`; arc-gv without a floor at
    mu_t = -1 stops with ``stop_reason = "infinite_target"``)."""


# ----------------------------------------------------------------------------------------
# small numerical helpers (all log domain)
# ----------------------------------------------------------------------------------------


def logsumexp(x: np.ndarray) -> float:
    """``log(sum(exp(x)))`` with the max shifted out (a lean scipy.special.logsumexp for 1-d arrays;
    scipy's general version costs ~20x more per call, which dominates 10^5-iteration runs)."""
    mx = float(np.max(x))
    if mx == -math.inf:
        return -math.inf
    return mx + math.log(float(np.sum(np.exp(x - mx))))


def log_normalize(x: np.ndarray) -> np.ndarray:
    """``x - logsumexp(x)`` with the max shifted out *before* the subtraction: where the entries are huge
    (AdaBoost's exponent after steps of 1e10) the max and the log of the sum would otherwise be added at the
    max's precision, and the normalised distribution would be off by that much (its sum by ~1e-7)."""
    y = x - float(np.max(x))
    return y - math.log(float(np.sum(np.exp(y))))


def smooth_margin_from_f(f: np.ndarray, s: float) -> float:
    """Smooth margin ``G = -ln F / ||lambda||_1`` from ``f = U lambda`` and ``s = ||lambda||_1``.

    Rudin et al. (2003), §4: ``F(lambda) = sum_i exp(-(U lambda)_i)``, ``G = -ln F / ||lambda||_1``,
    with ln F by log-sum-exp. ``nan`` at ``s = 0`` (G is undefined at lambda = 0).
    """
    if s <= 0:
        return math.nan
    return float(-logsumexp(-f) / s)


def _min_margin(f: np.ndarray, s: float) -> float:
    """``mu(lambda) = min_i (U lambda)_i / ||lambda||_1`` (``nan`` at lambda = 0)."""
    return float(f.min() / s) if s > 0 else math.nan


def _is_pm1(u: np.ndarray) -> bool:
    return bool(np.all(np.abs(np.abs(u) - 1.0) <= PM1_TOL))


def _artanh_edge_pm1(log_d: np.ndarray, u: np.ndarray, d: np.ndarray | None = None) -> float:
    """``artanh(d . u)`` for u in {-1, +1}^N as ``(log d_+ - log d_-) / 2``, d_+- = mass on u = +-1.

    No cancellation in ``1 - r`` (d_- is a sum of positive terms); the log-sum-exp path is used
    when a mass underflows in ``d = exp(log d)``. ``+inf`` when u = +1 everywhere (a perfect
    hypothesis), ``-inf`` when u = -1 everywhere.
    """
    pos = u > 0
    if d is not None:
        dp, dm = float(d[pos].sum()), float(d[~pos].sum())
        if dp > SAFE_MASS and dm > SAFE_MASS:
            return 0.5 * math.log(dp / dm)
    lp = logsumexp(log_d[pos]) if pos.any() else -math.inf
    lm = logsumexp(log_d[~pos]) if (~pos).any() else -math.inf
    return 0.5 * (lp - lm)


def _tilted_edge(log_d: np.ndarray, u: np.ndarray, alpha: float) -> float:
    """Edge of u under ``softmax(log_d - alpha u)``: the edge after a step alpha along u."""
    w = log_d - alpha * u
    w = w - logsumexp(w)
    return float(np.exp(w) @ u)


def _bracket_decreasing(fun, a0: float) -> float | None:
    """Smallest ``b = a0 * 2^k <= BRACKET_LIMIT`` with ``fun(b) <= 0`` (fun decreasing, fun(0) > 0);
    None when even ``BRACKET_LIMIT`` does not bring fun to 0 in floating point."""
    b = max(a0, 1e-3) if math.isfinite(a0) else 1e-3
    while b <= BRACKET_LIMIT:
        if fun(b) <= 0:
            return b
        b *= 2.0
    return None


def _root(fun, b: float) -> float:
    """The root of the decreasing ``fun`` in ``[0, b]`` (fun(0) > 0 >= fun(b))."""
    if fun(b) == 0:
        return b
    return float(brentq(fun, 0.0, b, xtol=LINE_SEARCH_XTOL, rtol=4 * np.finfo(float).eps))


def _step_to_target(
    log_d: np.ndarray, u: np.ndarray, r: float, theta: float, pm1: bool, d: np.ndarray | None = None
) -> float:
    """Step alpha >= 0 after which the edge of u equals theta (``+inf`` if none is finite).

    Closed form ``artanh(r) - artanh(theta)`` for +-1 hypotheses (Rudin et al. 2003, eq. (3));
    otherwise Brent on the strictly decreasing tilted edge. The caller ensures ``r > theta``; the
    step is 0 when round-off makes the tilted edge at alpha = 0 not exceed theta (e.g. a rank-one
    U, where every edge is 0 after one step). The search runs on ``v = u / max|u|`` (the edge of u
    is ``max|u|`` times that of v, and alpha = beta / max|u|), so entries of any scale (1e-200)
    give the same bracketing as entries of size 1.
    """
    if pm1:
        return _artanh_edge_pm1(log_d, u, d) - math.atanh(theta)
    c = float(np.max(np.abs(u)))
    if c == 0.0:
        return 0.0 if theta >= 0 else math.inf  # the edge of a zero column is 0 for every alpha
    v, th = u / c, theta / c
    # tilted edge -> min_i v_i as beta -> inf (every d_i > 0): no finite root if min v >= th
    if v.min() >= th:
        return math.inf
    fun = lambda b: _tilted_edge(log_d, v, b) - th
    if fun(0.0) <= 0:
        return 0.0
    rv = min(max(r / c, 0.0), 1 - 1e-12)
    b = _bracket_decreasing(fun, math.atanh(rv) - math.atanh(min(max(th, -1 + 1e-12), rv)))
    if b is None:  # the edge stays above theta up to beta = BRACKET_LIMIT: no finite step in floating point
        return math.inf
    return _root(fun, b) / c


def _step_exact_G(f: np.ndarray, s: float, log_d: np.ndarray, u: np.ndarray, a_hi: float) -> float:
    """Exact line search ``argmax_{alpha >= 0} G(lambda + alpha e_j)`` (Rudin et al. 2003, §4).

    Root of ``phi(alpha) = edge_after(alpha) - G(lambda + alpha e_j)`` (= ||lambda_{t+1}||_1 dG/dalpha),
    which is positive at 0 and has a unique root; bracketed by the approximate step ``a_hi``
    (alpha_CA <= alpha_ACA), expanded by doubling if round-off needs it. Round-off guards: 0 if
    phi(0) <= 0 (no ascent along e_j), ``a_hi`` if no bracket is found.
    """

    def phi(a: float) -> float:
        return _tilted_edge(log_d, u, a) - smooth_margin_from_f(f + a * u, s + a)

    if phi(0.0) <= 0:
        return 0.0
    b = _bracket_decreasing(phi, a_hi)
    if b is None:
        return a_hi
    return _root(phi, b)


exact_ca_step = _step_exact_G
"""Public name of the exact coordinate-ascent line search (chapter 8 uses it on its own iterates)."""


# ----------------------------------------------------------------------------------------
# the shared skeleton
# ----------------------------------------------------------------------------------------


def certificate_class(oracle):
    """What the certificate of a result reads as the class: the matrix of a finite class (a
    :class:`~refboost.MatrixOracle` or :class:`~refboost.dynamics.PermissibleOracle`: exact largest
    edges, and a stateful weak learner is not asked again), else the oracle (its best edge is the bound)."""
    from ..dynamics import PermissibleOracle
    from ..oracles import MatrixOracle

    if isinstance(oracle, (MatrixOracle, PermissibleOracle)):
        return oracle.U
    return oracle


def _initial_lambda(oracle, init: dict | None, N: int):
    """Rudin et al. (2003), GenericBoost (§4), the start: ``lambda_1 = init`` (default 0). Returns the per-hypothesis
    sums, the +-1 flags, ``f = U lambda_1``, ``||lambda_1||_1``, ``log d_1`` and ``mu``, ``G`` at ``lambda_1``
    (NaN at ``lambda_1 = 0``, where they are undefined)."""
    f = np.zeros(N)  # U lambda (unnormalised margins)
    s = 0.0  # ||lambda||_1
    comb = StepSum()  # lambda: steps summed per distinct hypothesis
    log_d = np.full(N, -math.log(N))
    mu_t = G_t = math.nan  # mu(lambda_t), G(lambda_t): undefined at lambda_1 = 0
    pm1_of: list[bool] = []  # per hypothesis: entries exactly +-1 (closed-form step)
    if init:  # lambda_1 = init (default 0)
        try:
            init_cols = query_columns(oracle, list(init))
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise ValueError(f"init must map hypothesis keys of the oracle to coefficients: {exc}") from None
        for k, (key, val) in enumerate(init.items()):
            u = init_cols[:, k]
            comb.add(key, val)
            pm1_of.append(_is_pm1(u))
            f = f + val * u
            s += val
    if s > 0:
        L = logsumexp(-f)
        log_d = log_normalize(-f)
        mu_t, G_t = _min_margin(f, s), -L / s
    return comb, pm1_of, f, s, log_d, mu_t, G_t


def _target_edge(rule: str, r: float, s: float, mu_t: float, G_t: float, gamma_hat: float, nu: float,
                 floor: float | None) -> float:
    """Rudin et al. (2003), GenericBoost (§4), each iteration: the target edge ``theta_t`` of each algorithm (the table
    of the module docstring)."""
    if rule == "adaboost":
        return 0.0
    if rule == "arcgv":
        mu0 = 0.0 if s == 0 else mu_t
        theta = mu0 if floor is None else max(floor, mu0)
        return theta
    if rule == "star":
        # gamma_hat <= 0: the weak-learning assumption fails; treat as a zero step
        return gamma_hat - nu if gamma_hat > 0 else r
    if rule == "ca":
        return 0.0 if s == 0 else max(0.0, G_t)
    raise AssertionError(rule)  # pragma: no cover - internal


def _step_length(rule: str, method: str, u, r: float, theta: float, pm1: bool, log_d, d, f, s: float,
                 G_t: float) -> tuple[float, str | None]:
    """Rudin et al. (2003), GenericBoost (§4), each iteration: the step
    ``alpha_t = artanh(r_t) - artanh(theta_t)`` (eq. (3)), or the exact line search of G (coordinate
    ascent, ``method="exact"``). Returns ``(alpha, stop)``; ``stop`` names the degenerate case that
    ends the run before the step ("infinite_target", "zero_step", "no_finite_step", "perfect"), else None."""
    if theta <= -1.0:  # arc-gv without a floor at mu_t = -1: artanh(theta) is -inf
        return 0.0, "infinite_target"
    if r <= theta:
        return 0.0, "zero_step"
    alpha = _step_to_target(log_d, u, r, theta, pm1, d)
    if rule == "ca" and method == "exact" and s > 0 and G_t > 0 and math.isfinite(alpha):
        alpha = _step_exact_G(f, s, log_d, u, alpha)
    no_step = not math.isfinite(alpha) or not np.all(np.isfinite(f + alpha * u))
    if no_step and not float(u.min()) > theta:
        # no finite step, but u is not above the target on every example: it equals theta on some (a
        # confidence-rated hypothesis that abstains, e.g. a {0, 1} raw feature seen only in one class), or
        # the line search found no bracket in floating point. The exponential loss decreases along u
        # without a minimiser; its normalised limit is u alone, which says nothing where u = theta.
        # The run stops before the step: the output is lambda_t (at t = 1, the hypothesis alone).
        return 0.0, "no_finite_step"
    if no_step:  # u > theta on every example: no finite step; the hypothesis alone is the output
        return math.inf, "perfect"
    if alpha <= ZERO_STEP_TOL:
        return float(max(alpha, 0.0)), "zero_step"
    return alpha, None


def _generic_boost(
    oracle,
    *,
    rule: str,
    max_iter: int,
    eps: float | None,
    store_d: bool,
    algorithm: str,
    params: dict,
    nu: float = 0.0,
    floor: float | None = 0.0,
    method: str = "approximate",
    init: dict | None = None,
) -> BoostResult:
    """GenericBoost with the target rule ``rule`` (Rudin et al. 2003, §4); see the module docstring."""
    eps = None if eps is None else float(eps)
    N = oracle.n_examples
    comb, pm1_of, f, s, log_d, mu_t, G_t = _initial_lambda(oracle, init, N)  # lambda_1
    history: list[dict] = []
    gamma_hat = math.inf
    d_min_edge = None  # the d_t of the smallest edge r_t: the dual point of the certificate
    first = None  # (key, u) of the first hypothesis: the output if no step is ever taken
    stop_reason = "max_iter"
    t0 = time.perf_counter()
    for t in range(1, max_iter + 1):
        d = np.exp(log_d)  # d_t = softmax(-U lambda_t)
        d /= d.sum()
        key, u = query(oracle, d)  # j_t = WL(d_t), edge r_t
        if first is None:
            first = (key, u)
        pm1 = pm1_of[comb.index[key]] if key in comb.index else _is_pm1(u)
        r = float(d @ u)
        if r < gamma_hat:
            gamma_hat, d_min_edge = r, d
        theta = _target_edge(rule, r, s, mu_t, G_t, gamma_hat, nu, floor)  # theta_t
        rec = {"t": t, "hypothesis": key, "edge": r, "target": theta, "gamma_hat": gamma_hat}
        if store_d:
            rec["d"] = d.copy()
        alpha, stop = _step_length(rule, method, u, r, theta, pm1, log_d, d, f, s, G_t)  # alpha_t
        if stop is not None:
            stop_reason = stop
            if stop == "perfect":  # the hypothesis alone is the output
                comb = StepSum()
                comb.add(key, 1.0)
                f, s = u.copy(), 1.0
                log_d = -f - logsumexp(-f)
                # the line search's step is infinite; the record keeps the finite weight the hypothesis has in
                # the output (it stands alone) and flags the case, which experiments.staged_errors reads
                rec.update(alpha=1.0, infinite_step=True)
            else:
                rec.update(alpha=alpha)
            history.append(rec)
            break
        if comb.add(key, alpha):  # lambda_{t+1} = lambda_t + alpha_t e_{j_t}
            pm1_of.append(pm1)
        f = f + alpha * u
        s = s + alpha
        L = logsumexp(-f)  # ln F(lambda_{t+1})
        log_d = log_normalize(-f)
        mu_t, G_t = _min_margin(f, s), -L / s  # mu and G at lambda_{t+1}: the next iteration's
        gap = gamma_hat - mu_t
        rec.update(alpha=float(alpha), norm=s, min_margin=mu_t, smooth_margin=G_t, gap=gap,
                   time=time.perf_counter() - t0)
        history.append(rec)
        if eps is not None and gap <= eps:
            stop_reason = "gap"
            break
    return _output(oracle, comb, f, s, log_d, first, gamma_hat, d_min_edge, stop_reason, history, eps, nu,
                   algorithm, params)


def _output(oracle, comb, f, s, log_d, first, gamma_hat, d_min_edge, stop_reason, history, eps, nu, algorithm,
            params) -> BoostResult:
    """Rudin et al. (2003), GenericBoost (§4), the output: the normalised ``lambda`` (or the first hypothesis alone when
    no step was taken), certified by :func:`refboost.certify.hard_margin` at the d_t of the smallest edge and
    the final d."""
    from ..certify.dynamics import result_tolerance
    from ..certify.lp import hard_margin

    d_out = np.exp(log_normalize(log_d))
    keys = comb.keys
    if s > 0:
        lam_arr = comb.array()
        w = lam_arr / lam_arr.sum()
        margins = query_columns(oracle, keys) @ w
        smooth = smooth_margin_from_f(f, s)
    else:
        # no step was taken (r_1 <= theta_1): the output is the first hypothesis alone, w = e_{j_1};
        # lambda stays 0, where G is undefined: smooth_margin is G at lambda = w (||lambda||_1 = 1)
        keys = [first[0]]
        lam_arr = np.zeros(1)
        w = np.ones(1)
        margins = first[1].copy()
        smooth = smooth_margin_from_f(margins, 1.0)
    mu = float(margins.min())
    tol = result_tolerance(algorithm, eps, nu)
    cert_ds = [d_min_edge]
    cert = hard_margin(certificate_class(oracle), w, hypotheses=keys, distribution=[d_out, d_min_edge], tol=tol,
                       bound="dual")
    what = {"adaboost_star": f"hard margin >= rho - {tol:g}"}.get(algorithm, f"hard margin within {tol:g} of rho")
    if eps is None and algorithm != "adaboost_star":
        what += " (no eps given: default tolerance)"
    details = [f"gap min_t r_t - mu <= eps = {eps}"] if stop_reason == "gap" else []
    if s == 0:
        details.append("no step was taken, the output is the first hypothesis alone")
    return finish(
        cert,
        "rule" if stop_reason == "gap" else stop_reason,
        details="; ".join([*details, f"target: {what}"]),
        reasons=_STOP_REASONS,
        weights=w,
        hypotheses=list(keys),
        distribution=d_out,
        margins=margins,
        n_iter=len(history),
        history=history,
        algorithm=algorithm,
        params=params,
        extra={
            "lambda": lam_arr,
            "norm": s,
            "min_margin": mu,
            "smooth_margin": smooth,
            "gamma_hat": gamma_hat,
            "stop_reason": stop_reason,
            "log_distribution": log_d.copy(),
            "certificate_distributions": [x.copy() for x in cert_ds],
            "certificate": cert,
        },
    )


def _check_init(init) -> dict | None:
    if init is None:
        return None
    if not isinstance(init, dict):
        raise TypeError(f"init must be a dict {{hypothesis key: coefficient}}, got {type(init).__name__}")
    out = {}
    for k, v in init.items():
        v = check_real(v, f"init[{k!r}]", low=0.0)
        if v > 0:
            out[k] = v
    return out


_EPS = Real(0, None, low_open=True, none_ok=True)


class _InitDict:
    """The ``init`` constraint (duck-typed as those of :mod:`refboost.boosters._params`): None, or a dict
    ``{hypothesis key: coefficient}`` with finite real coefficients >= 0 (checked by :func:`_check_init`)."""

    def describe(self) -> str:
        return "None or a dict {hypothesis key: finite real coefficient >= 0}"

    def check(self, name, v, N):
        _check_init(v)

    def bad_values(self):
        return [[0.1], {0: -1.0}, {0: math.nan}, {0: "a"}]


_INIT = _InitDict()


# ----------------------------------------------------------------------------------------
# public boosters
# ----------------------------------------------------------------------------------------


@constraints(max_iter=Int(1), eps=_EPS, store_d=Bool(), init=_INIT)
def adaboost(
    oracle, *, max_iter: int = 1000, eps: float | None = None, store_d: bool = True, init: dict | None = None
) -> BoostResult:
    """AdaBoost, the "optimal case" of Rudin, Daubechies & Schapire (2003), §1.

    ``lambda_1 = 0``; for t = 1..T: ``d_t = softmax(-U lambda_t)`` (log domain), the oracle
    returns ``j_t`` (a :class:`~refboost.MatrixOracle` returns the maximum edge, lowest index on
    ties: the paper's optimal case; a :class:`~refboost.dynamics.PermissibleOracle` any column
    with edge >= rho: the non-optimal case), ``r_t = d_t . u^{j_t}`` and

        alpha_t = 1/2 ln((1 + r_t) / (1 - r_t))                   (step 3(d))

    i.e. the exact line search of ``F(lambda) = sum_i exp(-(U lambda)_i)`` along e_{j_t}. For
    confidence-rated columns (entries in [-1, 1]) the same line search is solved by Brent's method.

    Certifies: the hard margin ``min_i (U w)_i`` of the returned weights is within ``eps`` of rho
    (within :data:`refboost.certify.dynamics.NO_EPS_TOL` = 1e-6 when ``eps`` is None), by the
    certificate :func:`refboost.certify.hard_margin` with the visited distributions as dual points;
    ``converged`` is True exactly when that certificate confirms it.

    Parameters
    ----------
    oracle : refboost.Oracle
    max_iter : int >= 1
        Number of iterations T (the paper's t_max).
    eps : float > 0, optional
        Stop once ``min_t r_t - mu(lambda_{t+1}) <= eps``. Default None: run all ``max_iter``
        iterations (what the dynamics experiments need; AdaBoost's gap need not go to 0), and
        certify with the default tolerance 1e-6.
    store_d : bool, default True
        Keep ``d_t`` in every history record (key ``"d"``); switch off for large N x T.
    init : dict {hypothesis key: coefficient >= 0}, optional
        Start at ``lambda_1 = init`` instead of 0, i.e. at ``d_1 = softmax(-U lambda_1)``: how the
        initial conditions of the reduced map are realised by genuine AdaBoost. The
        same parameter exists for :func:`arcgv`, :func:`adaboost_star` and :func:`coordinate_ascent`.

    Returns
    -------
    BoostResult
        ``weights = lambda_{T+1} / ||lambda_{T+1}||_1`` on ``hypotheses`` (first-use order);
        ``margins`` = normalised margins ``y_i f(x_i)``; ``distribution = d_{T+1}``;
        ``history[t-1]`` holds ``edge`` r_t, ``target`` theta_t (= 0), ``alpha``, ``norm``
        ||lambda_{t+1}||_1, ``min_margin`` mu(lambda_{t+1}), ``smooth_margin`` G(lambda_{t+1}),
        ``gamma_hat`` = min_{s<=t} r_s, ``gap`` and (``store_d``) ``d`` = d_t; a perfect hypothesis
        is recorded with ``infinite_step = True`` and ``alpha = 1`` (its weight in the output, where
        it stands alone; the line search's step is infinite).
        ``gap``: the certified ``min_d max_j d . u^j - mu(w)`` >= rho - mu(w) (module docstring).
        ``extra``: unnormalised ``lambda``, ``norm``, ``min_margin``, ``smooth_margin`` (G at
        lambda; at lambda = w when no step was taken), ``gamma_hat``, ``stop_reason`` in
        {"max_iter", "gap", "perfect", "no_finite_step", "zero_step", "infinite_target"}, ``log_distribution``,
        ``certificate_distributions`` (the d_t of the smallest edge) and ``certificate``.

    Notes
    -----
    Stops early (documented behaviour, not an error) when ``r_t <= 0`` ("zero_step": no
    hypothesis beats random guessing, rho <= 0; at t = 1 the output is that hypothesis alone) or
    when the hypothesis is > 0 on every example ("perfect": infinite step; the output is that
    hypothesis alone), or when it is >= 0 on every example and 0 on some ("no_finite_step": a
    confidence-rated hypothesis that abstains on those examples, e.g. a {0, 1} raw feature present
    only in one class; the exponential loss decreases along it without a minimiser, and the limit of
    the normalised combination, that hypothesis alone, would abstain there, so the run stops before
    the step and returns lambda_t; at t = 1 the hypothesis alone). Every output is certified like any
    other (``converged`` may be False).
    """
    return _generic_boost(
        oracle,
        rule="adaboost",
        max_iter=max_iter,
        eps=eps,
        store_d=store_d,
        init=_check_init(init),
        algorithm="adaboost",
        params={"max_iter": max_iter, "eps": eps, "store_d": store_d},
    )


@constraints(max_iter=Int(1), eps=_EPS, floor=Real(-1, 1, low_open=True, high_open=True, none_ok=True),
             store_d=Bool(), init=_INIT)
def arcgv(
    oracle,
    *,
    max_iter: int = 1000,
    eps: float | None = None,
    floor: float | None = 0.0,
    store_d: bool = True,
    init: dict | None = None,
) -> BoostResult:
    """arc-gv (Breiman 1999) in the form of Rudin et al. (2003), §4.

    Target edge ``theta_t = max(floor, mu(lambda_t))`` with ``mu(lambda) = min_i (U lambda)_i /
    ||lambda||_1`` and ``mu_1 := 0``; step ``alpha_t = artanh(r_t) - artanh(theta_t)``.

    Certifies: the hard margin of the returned weights is within ``eps`` of rho (1e-6 without
    eps), as :func:`adaboost`.

    Parameters
    ----------
    oracle, max_iter, eps, store_d, init
        As in :func:`adaboost`.
    floor : float in [-1, 1) or None, default 0.0
        Lower clip of the target. ``0.0`` (default) makes "arc-gv steps <= ACA steps <= AdaBoost
        steps" hold at every state; ``None`` is the unclipped form (a negative mu_t
        then gives a step *larger* than AdaBoost's, and at mu_t = -1 an infinite one: the run then
        stops, ``stop_reason = "infinite_target"``); a positive value is MultiBoost's threshold.

    Returns
    -------
    BoostResult
        As :func:`adaboost`. ``zero_step`` stop: ``r_t <= mu_t``, which with a maximum-edge
        oracle means ``rho <= r_t <= mu_t <= rho``: the current combination is optimal.
    """
    floor = None if floor is None else float(floor)
    return _generic_boost(
        oracle,
        rule="arcgv",
        max_iter=max_iter,
        eps=eps,
        store_d=store_d,
        floor=floor,
        init=_check_init(init),
        algorithm="arcgv",
        params={"max_iter": max_iter, "eps": eps, "floor": floor, "store_d": store_d},
    )


def adaboost_star_iterations(N: int, nu: float, *, base: str = "2") -> int:
    """Iteration bound of AdaBoost*_nu: ``ceil(2 log(N) / nu^2)``.

    Rudin et al. (2003), §4, quote ``2 (log_2 m) / nu^2`` (``base="2"``, the larger and safe
    one); Rätsch & Warmuth (2005) state ``2 ln(N) / nu^2`` (``base="e"``).
    """
    N = check_int(N, "N", low=1)
    nu = check_real(nu, "nu", low=0.0, high=1.0, low_open=True)
    base = check_choice(base, "base", ("2", "e"))
    lg = math.log2(N) if base == "2" else math.log(N)
    return max(1, math.ceil(2.0 * lg / nu**2))


@constraints(nu=Real(0, 1, low_open=True), max_iter=Int(1, none_ok=True), eps=_EPS, store_d=Bool(), init=_INIT)
def adaboost_star(
    oracle,
    *,
    nu: float,
    max_iter: int | None = None,
    eps: float | None = None,
    store_d: bool = True,
    init: dict | None = None,
) -> BoostResult:
    """AdaBoost*_nu (Rätsch & Warmuth 2005; Rudin et al. 2003, §4).

    Target edge ``theta_t = gamma_hat_t - nu`` with ``gamma_hat_t = min_{s<=t} r_s``; step
    ``alpha_t = artanh(r_t) - artanh(theta_t)`` (> 0 since theta_t < r_t).

    Guarantee (maximum-edge oracle): after ``T = ceil(2 log_2(N) / nu^2)`` iterations the margin is
    at least ``rho - nu`` (Rudin et al. 2003 quoting Rätsch-Warmuth; the log_2 form is the larger
    one). Asymptotic convergence to rho is *not* guaranteed for fixed nu.

    Certifies: the hard margin of the returned weights is ``>= rho - nu`` (gap <= nu,
    :func:`refboost.certify.dynamics.adaboost_star_margin`), or within ``eps`` of rho when eps is
    given; ``converged`` is True exactly when the certificate confirms it.

    Parameters
    ----------
    oracle : refboost.Oracle
    nu : float in (0, 1]
        Precision parameter of AdaBoost*_nu (not the capping parameter of the soft-margin
        boosters; the paper's symbol is kept).
    max_iter : int >= 1, optional
        Default: the guarantee's ``T`` (:func:`adaboost_star_iterations`).
    eps, store_d, init
        As in :func:`adaboost`.
    """
    nu = float(nu)
    if max_iter is None:
        max_iter = adaboost_star_iterations(oracle.n_examples, nu)
    return _generic_boost(
        oracle,
        rule="star",
        max_iter=max_iter,
        eps=eps,
        store_d=store_d,
        nu=nu,
        init=_check_init(init),
        algorithm="adaboost_star",
        params={"nu": nu, "max_iter": max_iter, "eps": eps, "store_d": store_d},
    )


COORDINATE_ASCENT_METHODS = ("approximate", "exact")


@constraints(max_iter=Int(1), method=Choice(COORDINATE_ASCENT_METHODS), eps=_EPS, store_d=Bool(), init=_INIT)
def coordinate_ascent(
    oracle,
    *,
    max_iter: int = 1000,
    method: str = "approximate",
    eps: float | None = None,
    store_d: bool = True,
    init: dict | None = None,
) -> BoostResult:
    """Coordinate ascent on the smooth margin G (Rudin, Daubechies & Schapire 2003, §4).

    ``G(lambda) = -ln(sum_i exp(-(U lambda)_i)) / ||lambda||_1``. The coordinate is AdaBoost's
    (the oracle's maximum edge: ``dG/dalpha`` at 0 is proportional to the edge plus a constant,
    §4). The step:

    * ``method="approximate"`` ("approximate coordinate ascent boosting", eq. (3)):
      ``alpha_t = artanh(r_t) - artanh(g_t)`` with ``g_t = max(0, G(lambda_t))`` and ``g_1 := 0``
      (G is undefined at lambda = 0).
    * ``method="exact"``: ``alpha_t = argmax_{alpha >= 0} G(lambda_t + alpha e_{j_t})`` by Brent on
      ``phi(alpha) = edge_after(alpha) - G(lambda_t + alpha e_j)`` in ``(0, alpha_ACA]``; while
      ``G(lambda_t) <= 0`` (including t = 1) the AdaBoost step is taken, since the line search can
      then have no finite maximiser (a decision the paper does not make).

    Certifies: the hard margin of the returned weights is within ``eps`` of rho (1e-6 without
    eps), as :func:`adaboost`. Since ``G(lambda) <= mu(lambda) <= rho``, the same dual points also
    bound ``rho - G`` (:func:`refboost.certify.dynamics.smooth_margin`).

    Parameters
    ----------
    oracle, max_iter, eps, store_d, init
        As in :func:`adaboost`.
    method : {"approximate", "exact"}

    Returns
    -------
    BoostResult
        As :func:`adaboost`; history ``target`` is g_t (for ``exact`` the step is the line search's).
    """
    return _generic_boost(
        oracle,
        rule="ca",
        max_iter=max_iter,
        eps=eps,
        store_d=store_d,
        method=method,
        init=_check_init(init),
        algorithm="coordinate_ascent",
        params={"max_iter": max_iter, "method": method, "eps": eps, "store_d": store_d},
    )
