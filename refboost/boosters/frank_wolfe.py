"""Boosting as Frank-Wolfe (Mitsuboshi, Hatano & Takimoto, arXiv:2209.10831).

Notation of the paper: ``A[i, j] = y_i h_j(x_i)`` is the edge/margin
matrix (refboost's ``U``), ``w`` the hypothesis weights, ``z = A w`` the margins, ``P^m_nu`` the
capped simplex, ``Delta(d) = KL(d || uniform)``, and with ``f`` the indicator of ``P^m_nu``:

* soft margin ``rho(w) = -f*(-A w) = min_{d in P^m_nu} d.z`` (the sorted closed form);
* smoothed soft margin ``rho~(w) = -f~*(-A w) = min_d [d.z + Delta(d)/eta]`` (eq. (10)), whose
  minimiser ``d(w) = grad f~*(-A w)`` is the entropic distribution;
* best edge so far ``gamma^_t = min_{0<=tau<=t} (d_tau^T A)_{j_{tau+1}}``;
* optimality-gap estimate ``eps_t = gamma^_t - rho~(w_t)``, Alg. 1 line 7.

``rho~`` and ``d(w)`` come from :func:`refboost.projections.smoothed_soft_margin` (the log-domain
sorting algorithm) and ``rho`` from :func:`refboost.margins.soft_margin`; the
LPBoost secondary rule (Alg. 2) is :func:`refboost.boosters.lpboost.restricted_lp`.

Algorithm 1 (the generic scheme) keeps, each round, the better -- larger ``rho~`` -- of a
Frank-Wolfe step ``w^(1)`` (rule F: short step = Alg. 3, classic ``2/(t+2)``, exact line search,
or pairwise = Alg. 4) and a secondary step ``w^(2)`` (rule B: the restricted LP = Alg. 2, or none).
With B = LPBoost this is MLPBoost; with B = none and F = short step it is C-ERLPBoost
(Shalev-Shwartz & Singer 2010), the "FW" column of the paper's Table 2; F = pairwise and B = none
is the "PFW" column.

Decisions taken here where the paper leaves room: nu in [1, m) (nu = m makes eta = 0);
eta = max(3/4, 2 ln(m/nu)/eps) by default; the zero-denominator short step is lambda = 0; repeated
hypotheses are merged onto one weight; eps_t may be negative and is never clipped; the LP is pinned
to HiGHS dual simplex, warm-started across rounds; ties on line 13 keep ``w^(1)``.

Certificate. Every booster here returns ``converged=True`` exactly when
:func:`refboost.certify.soft_margin_lp` confirms (whether Alg. 1's stopping test, or the one chosen
by ``stopping``, fired or a limit came first),
from the returned weights and the dual points in ``extra["certificate_distributions"]`` (the
queried distribution attaining ``gamma^_T``; the restricted LP's distribution when there is one),
that the soft margin of the returned weights is within eps of the optimum of the class. With the
default eta this is Lemma 2 (``rho(w_T) >= gamma^_T - eps_T - ln(m/nu)/eta >= gamma^_T - eps``).

Rates. Theorem 3 (with a corrected induction): for the short-step and classic rules, whatever the
secondary rule, ``eps_t <= 8 eta/(t + 2)`` at every round, so the loop stops within
:func:`refboost.bounds.fw_iteration_bound` ``= ceil(32 ln(m/nu)/eps^2 - 2)`` rounds; the line search
is never worse than the short step. Corollary 1 (pairwise): ``eps_t <= 8 eta/(k(t) + 2)`` with
``k(t)`` the good (non-drop) steps so far. Both bounds are recorded per round
(``history[t-1]["rate_bound"]``); the tests assert them on every round.

Stopping by the certificate (``stopping="certificate"``): stop when Alg. 1's test OR the soft-margin
certificate ``gamma^_t - max(rho(w_t), rho(w^(2))) <= eps`` fires, with ``w^(2)`` the
secondary candidate over the same hypotheses ``J_t`` (for the LPBoost rule
``rho(w^(2)) = P^t_LP``, the restricted LP value). It is sound: for a maximum-edge oracle
every edge is ``>= P_LP`` (the optimum over the whole class, Lemma 4), so
``rho(w_out) >= gamma^_T - eps >= P_LP - eps`` -- the same guarantee as Lemma 2 -- and it
fires no later than Alg. 1's test, so the iteration bound still holds. The returned weights
are the certifying candidate (``w^(2)`` if its soft margin is the larger);
``extra["stop_reason"]`` says which test fired. LPBoost's own stopping rule is this
certificate on ``w^(2)`` (Glocer 2009, Alg. 2.1).

The secondary LP (``lp_method``): the HiGHS method of Alg. 2. ``"highs-ds-warm"`` (default) keeps one LP
across rounds and re-optimises it with the dual simplex from the last basis after adding the new
columns' rows (:class:`refboost.boosters.lpboost.IncrementalRestrictedLP`); ``"highs-ds"`` rebuilds and
solves the LP from scratch each round (scipy ``linprog``), same LP, same method. ``"highs-ds-ws"``: the
same LP on LPBoost's working-set master (``IncrementalRestrictedLP`` with ``working_set=True``: its size
grows with the columns and a working set, not with N; the same optimum to HiGHS's tolerance; a9a with
stumps, nu = 0.1 N, eps = 0.01: 1.3 against 13.2 s CPU, the same 189 rounds and hypotheses,
``benchmarks/bench_floor.py``).

Pricing at the LP's distribution (``price_lp=True``, a documented variant of Algorithm 1 that needs
``secondary="lpboost"``; notebook 05 §3.11): each round additionally queries the weak
learner at the restricted LP's distribution ``d^t_LP`` (LPBoost's query point), lowers
``gamma^_t`` by that edge and adds the hypothesis to the pool ``J``. Every queried
distribution lies in the capped simplex, so ``gamma^_t`` stays an upper bound on ``rho*``
(Lemma 4) and ``stopping="certificate"`` then contains LPBoost's own test
``min edge - P^t_LP <= eps``. Theorem 3 / Corollary 1 still hold: their proof uses only that
``gamma^_t`` is non-increasing and ``<=`` the Frank-Wolfe atom's edge at ``d_t``, and that
line 13 returns something at least as good as the FW step ``w^(1)``, which is still a
candidate; ``eps_t <= 8 eta/(t+2)`` (``rate_bound``) is asserted by the tests. Costs one
more oracle call per round. History records gain ``lp_hypothesis`` and ``lp_edge``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np
from scipy.optimize import brentq

from ..bounds import eta_fw, fw_iteration_bound, fw_rate_bound
from ..margins import _soft_margin, soft_margin
from ..projections import _smoothed_soft_margin, smoothed_soft_margin
from ..result import BoostResult
from ._common import Columns, finish, query
from ._params import Bool, Callback, Choice, Int, Nu, Real, constraints
from .entropy import erlp_dual_step
from .lpboost import LPBOOST_METHODS, IncrementalRestrictedLP, restricted_lp

#: Primary (Frank-Wolfe) rules of Algorithm 1.
RULES = ("short_step", "classic", "line_search", "pairwise")
#: Secondary rules of Algorithm 1 (``None`` = "FW only" / "PFW only").
SECONDARIES = ("lpboost", "erlpboost")
#: Stopping quantities: Alg. 1's eps_t, the FW gap G_t (the crate's C-ERLPBoost), or "certificate":
#: Alg. 1's test OR the soft-margin certificate gamma^_t - max(rho(w_t), rho(w^(2))) <= eps.
STOPPING = ("eps_t", "fw_gap", "certificate")
#: Tolerance of the line searches on lambda, relative to the search interval.
LINE_SEARCH_TOL = 1e-12
#: Hypothesis weights below this are set to zero (LP duals carry round-off).
WEIGHT_TOL = 1e-12
#: A step direction with ||A (e - w)||_inf below this is the zero direction (lambda = 0).
DIRECTION_TOL = 1e-15
#: Active atoms whose edges are this close to the smallest are tied as the pairwise rule's away atom (the
#: earliest chosen wins), at least ``4 eta LINE_SEARCH_TOL``: an interior line search stops where the slope
#: ``d . (u_j - u_a)`` -- the difference of the two atoms' edges -- is zero, so the next round's away choice
#: between those two is an exact tie up to the search's tolerance (the slope moves by at most
#: ``eta ||u_j - u_a||_inf^2 <= 4 eta`` per unit of lambda), and without a tolerance rounding decides it.
AWAY_TIE_TOL = 1e-12
#: Default cap on the rounds when ``max_iter`` is None: the smaller of this and Theorem 3's bound
#: (the bound grows like ln(m/nu)/eps^2: ~1e17 rounds at eps = 1e-8).
DEFAULT_MAX_ITER = 100_000


class _OptionalChoice(Choice):
    """One of a fixed set of strings, or None."""

    def describe(self) -> str:
        return f"one of {list(self.options)} or None"

    def check(self, name, v, N):
        if v is not None:
            super().check(name, v, N)

    def bad_values(self):
        return ["no-such-option", 1]


# --------------------------------------------------------------------------------------------
# step rules (Alg. 3, classic, line search, Alg. 4)
# --------------------------------------------------------------------------------------------
def _slope(lam: float, z: np.ndarray, delta: np.ndarray, nu: float, eta: float) -> float:
    """Derivative of ``lam -> rho~(z + lam delta)``: ``d(z + lam delta) . delta`` (rho~ is concave)."""
    return float(_smoothed_soft_margin(z + lam * delta, nu, eta).d @ delta)


def _line_search(z: np.ndarray, delta: np.ndarray, lam_max: float, nu: float, eta: float) -> tuple[float, bool]:
    """``argmax_{lam in [0, lam_max]} rho~(z + lam delta)``.

    The slope ``d(z + lam delta) . delta`` is continuous and non-increasing in ``lam`` (rho~ is
    concave), so the maximiser is 0 if the slope at 0 is <= 0, ``lam_max`` if the slope there is
    still >= 0, and otherwise the root of the slope, bracketed in ``(0, lam_max)`` and found by
    Brent's method (scipy ``brentq``, a safeguarded bisection) to ``LINE_SEARCH_TOL * lam_max``.
    Returns ``(lam, at_max)``; ``at_max`` marks a drop step of the pairwise rule.
    """
    if _slope(0.0, z, delta, nu, eta) <= 0.0:
        return 0.0, False
    if _slope(lam_max, z, delta, nu, eta) >= 0.0:
        return lam_max, True
    lam = brentq(
        _slope, 0.0, lam_max, args=(z, delta, nu, eta), xtol=LINE_SEARCH_TOL * lam_max, rtol=4 * np.finfo(float).eps
    )
    return float(lam), False


# --------------------------------------------------------------------------------------------
# Algorithm 1
# --------------------------------------------------------------------------------------------
def _clean(w: np.ndarray) -> np.ndarray:
    w = np.where(w > WEIGHT_TOL, w, 0.0)
    return w / w.sum()


@dataclass(frozen=True)
class _Setup:
    """Algorithm 1's constants, resolved once before the loop (the paper's inputs m, nu, eps, eta)."""

    m: int
    nu: float
    eps: float
    eta: float
    max_iter: int
    theorem_bound: int
    default_cap: bool
    time_limit: float | None
    c: float  # Lemma 3 + Lemma 1: rho <= rho~ <= rho + c, c = ln(m/nu)/eta


def _setup(oracle, nu, eps, eta, max_iter, time_limit, secondary, price_lp) -> _Setup:
    """The inputs of Mitsuboshi et al. (2022), Alg. 1, line 1: eta by default :func:`refboost.bounds.eta_fw`,
    the round cap by default Theorem 3's bound (at most ``DEFAULT_MAX_ITER``)."""
    m = oracle.n_examples
    if m < 2:
        raise ValueError(f"the oracle must have at least 2 examples (nu in [1, m)), got m = {m}")
    nu, eps = float(nu), float(eps)  # nu in [1, m): nu = m would make eta = 0
    eta = eta_fw(eps, m, nu) if eta is None else float(eta)
    theorem_bound = fw_iteration_bound(eta, eps)
    default_cap = max_iter is None
    max_iter = min(theorem_bound, DEFAULT_MAX_ITER) if default_cap else int(max_iter)
    if time_limit is not None:
        time_limit = float(time_limit)
    if price_lp and secondary != "lpboost":
        raise ValueError(f"price_lp=True needs secondary='lpboost' (it prices at the LP's d), got {secondary!r}")
    return _Setup(m, nu, eps, eta, max_iter, theorem_bound, default_cap, time_limit, math.log(m / nu) / eta)


class _State:
    """What Algorithm 1 carries from round to round: the columns ``A_J`` chosen so far and ``w_t``
    over them, ``rho~(w_t)`` with its ``d`` (cached from line 13), ``gamma^_t`` with the queried
    distribution attaining it, the secondary candidate over ``J`` and the counters of the record."""

    def __init__(self, m, nu, secondary, lp_method):
        self.cols = Columns(m)
        self.w = np.ones(1)
        self.w_out = None  # the secondary candidate, when it is the one the certificate stops on
        self.sm = None  # smoothed margin of the current w (cached from line 13)
        # the secondary candidate over the columns J (solved once per new column set):
        # (|J|, w^(2), rho~(w^(2)) with its d, rho(w^(2)), the LP's distribution d_LP or None)
        self.lp_cache: tuple | None = None
        self.warm_lp = (IncrementalRestrictedLP(m, nu, working_set=lp_method == "highs-ds-ws")
                        if secondary == "lpboost" and lp_method in ("highs-ds-warm", "highs-ds-ws") else None)
        self.k_good = 0  # good (non-drop) primary steps so far (Corollary 1's k(t))
        self.n_secondary = 0
        self.history: list[dict] = []
        self.gamma_hat = None
        self.d_gamma = None


def _initial_step(oracle, st: _State) -> None:
    """Mitsuboshi et al. (2022), Alg. 1, lines 2-3: ``d_0`` uniform, ``h_{j_1} = WL(d_0)``, ``w_1 = e_{j_1}``."""
    m = st.cols.U.shape[0]
    d = np.full(m, 1.0 / m)
    key, u = query(oracle, d)
    edge = float(u @ d)
    st.gamma_hat = edge  # tau = 0 term of line 7
    st.d_gamma = d.copy()  # the queried distribution that attains gamma_hat (the certificate's dual point)
    st.cols.add(key, u)


def _gap_estimate(oracle, st: _State, s: _Setup, t: int, rule: str, price_lp: bool):
    """Mitsuboshi et al. (2022), Alg. 1, lines 5-7: ``d_t = grad f~*(-A w_t)``, ``h_{j_{t+1}} = WL(d_t)``
    (the weak learner is the LMO), ``gamma^_t`` and ``eps_t = gamma^_t - rho~(w_t)``.

    Returns the round's history record, the new column ``(key, u)``, with ``price_lp`` the column
    queried at the restricted LP's distribution (else None), ``z = A w_t`` and ``d_t``."""
    U = st.cols.U
    z = U @ st.w
    if st.sm is None:
        st.sm = _smoothed_soft_margin(z, s.nu, s.eta)
    d = st.sm.d  # line 5: d_t = grad f~*(-A w_t)
    rho_tilde = st.sm.value
    key, u = query(oracle, d)  # line 6: the weak learner is the LMO
    edge = float(u @ d)
    if edge < st.gamma_hat:
        st.gamma_hat, st.d_gamma = edge, d.copy()
    lp_cache = st.lp_cache
    current = lp_cache is not None and lp_cache[0] == U.shape[1]
    priced = None
    if price_lp and current:  # extra query at the restricted LP's distribution (LPBoost's)
        key_lp, u_lp = query(oracle, lp_cache[4])
        edge_lp = float(u_lp @ lp_cache[4])
        if edge_lp < st.gamma_hat:
            st.gamma_hat, st.d_gamma = edge_lp, np.array(lp_cache[4], dtype=float)
        priced = (key_lp, u_lp)
    gamma_hat = st.gamma_hat
    eps_t = gamma_hat - rho_tilde  # line 7; may be negative (rho~ >= rho)
    fw_gap = edge - float(d @ z)  # G_t, the Frank-Wolfe gap
    rho = _soft_margin(z, s.nu)
    # soft margin of the secondary candidate over the same columns J_t (for the LPBoost rule it
    # is the restricted LP value P^t_LP, since that w is optimal for the restricted LP on A_{J_t})
    rho_sec = lp_cache[3] if current else -np.inf
    rec = {
        "t": t,
        "hypothesis": key,
        "edge": edge,
        "gamma_hat": gamma_hat,
        "soft_margin": rho,
        "smoothed_margin": rho_tilde,
        "eps_t": eps_t,
        "fw_gap": fw_gap,
        "gap": gamma_hat - rho,
        "certificate": gamma_hat - max(rho, rho_sec),
        "k_good": st.k_good,
        "rate_bound": float(fw_rate_bound(s.eta, t if rule != "pairwise" else st.k_good)),  # Thm 3 / Cor. 1
        "n_hypotheses": len(st.cols.keys),
    }
    if current:  # absent before the first secondary candidate over J_t
        rec["secondary_soft_margin"] = rho_sec
    if priced is not None:
        rec.update(lp_hypothesis=priced[0], lp_edge=edge_lp)
    return rec, (key, u), priced, z, d


def _stopping_test(rec: dict, stopping: str, eps: float) -> str | None:
    """Mitsuboshi et al. (2022), Alg. 1, line 8 (``eps_t <= eps/2``), or the test chosen by ``stopping``:
    the FW gap, or line 8 OR the soft-margin certificate (every edge >= P_LP >= rho(any w)).
    Returns the name of the test that fired, or None."""
    eps_t = rec["eps_t"]
    if stopping == "certificate":
        return "eps_t" if eps_t <= eps / 2 else "certificate" if rec["certificate"] <= eps else None
    return stopping if (eps_t if stopping == "eps_t" else rec["fw_gap"]) <= eps / 2 else None


def _primary_step(rule: str, w, z, d, U, j: int, t: int, fw_gap: float, nu: float, eta: float):
    """Mitsuboshi et al. (2022), Alg. 1, line 11: ``w^(1)`` = one step of the primary rule F towards the
    new atom ``e_j`` -- Alg. 3 (the short step, eq. (7)), ``2/(t+2)``, exact line search, or pairwise
    FW (Alg. 4) from the away atom. Returns ``(w^(1), lambda, good)``; ``good`` (not a drop step) is
    None for the rules other than pairwise."""
    u_j = U[:, j]
    good = None
    if rule == "pairwise":  # Alg. 4
        active = np.flatnonzero(w > 0)
        e_act = U[:, active].T @ d  # away atom: smallest edge among active, ties to the earliest chosen
        tie = max(AWAY_TIE_TOL, 4.0 * eta * LINE_SEARCH_TOL)
        a = int(active[np.flatnonzero(e_act <= e_act.min() + tie)[0]])
        lam_max = float(w[a])
        delta = u_j - U[:, a]
        if a == j or np.max(np.abs(delta)) <= DIRECTION_TOL:
            lam, drop = 0.0, False
        else:
            lam, drop = _line_search(z, delta, lam_max, nu, eta)
        good = not drop
        w1 = w.copy()
        w1[j] += lam
        w1[a] -= lam
        if drop:
            w1[a] = 0.0
        return _clean(w1), lam, good
    delta = u_j - z  # A (e_{j_{t+1}} - w_t)
    dnorm = float(np.max(np.abs(delta)))
    if rule == "classic":
        lam = 2.0 / (t + 2)
    elif rule == "short_step":  # Alg. 3 / eq. (7), zero denominator -> 0
        lam = 0.0 if dnorm <= DIRECTION_TOL else min(1.0, max(0.0, fw_gap / (eta * dnorm**2)))
    else:
        lam = 0.0 if dnorm <= DIRECTION_TOL else _line_search(z, delta, 1.0, nu, eta)[0]
    w1 = (1.0 - lam) * w
    w1[j] += lam
    return _clean(w1), lam, good


def _secondary_step(st: _State, U, w1, secondary: str, nu: float, eta: float, lp_method: str) -> tuple:
    """Mitsuboshi et al. (2022), Alg. 1, line 12: ``w^(2)`` = the secondary rule B over the columns so
    far -- the restricted soft-margin LP (Alg. 2) or the ERLPBoost rule (eq. (14)) -- solved once per
    new column set and kept in ``st.lp_cache`` (``(|J|, w^(2), rho~(w^(2)), rho(w^(2)), d_LP or None)``)."""
    if st.lp_cache is None or st.lp_cache[0] != U.shape[1]:
        d_lp = None
        warm_lp = st.warm_lp
        if warm_lp is not None:  # Alg. 2 on the LP kept from the last round, warm-started
            for k in range(warm_lp.n_columns, U.shape[1]):
                warm_lp.add(U[:, k])
            _, d_lp, w_sec, _, _ = warm_lp.solve()
        elif secondary == "lpboost":  # Alg. 2: the restricted soft-margin LP, w = its duals
            _, d_lp, w_sec, _, _ = restricted_lp(U, nu, lp_method)
        else:  # eq. (14): max rho~ over CH(E_{t+1}), warm-started at w^(1)
            w_sec = erlp_dual_step(U, nu, eta, w0=w1).w
        w_sec = _clean(w_sec)
        z2 = U @ w_sec
        st.lp_cache = (U.shape[1], w_sec, _smoothed_soft_margin(z2, nu, eta), _soft_margin(z2, nu), d_lp)
    return st.lp_cache


def _next_iterate(st: _State, s: _Setup, rec: dict, new, priced, z, d, t: int, rule: str, secondary,
                  lp_method) -> None:
    """Mitsuboshi et al. (2022), Alg. 1, lines 10-13: add the new column(s) to ``J``, take the primary
    step ``w^(1)`` (line 11) and the secondary candidate ``w^(2)`` (line 12), and keep the one with the
    larger smoothed margin ``rho~`` (line 13; ties keep ``w^(1)``)."""
    j, _ = st.cols.add(*new)
    if priced is not None:
        st.cols.add(*priced)
    w = st.w
    if len(st.cols.keys) > len(w):
        w = np.r_[w, np.zeros(len(st.cols.keys) - len(w))]
    U = st.cols.U
    w1, lam, good = _primary_step(rule, w, z, d, U, j, t, rec["fw_gap"], s.nu, s.eta)  # line 11
    st.k_good += 1 if good is None else int(good)
    sm1 = _smoothed_soft_margin(U @ w1, s.nu, s.eta)
    rec.update(step=lam, good_step=good)
    won = False
    if secondary is not None:  # line 12
        lp_cache = _secondary_step(st, U, w1, secondary, s.nu, s.eta, lp_method)
        w2, sm2 = lp_cache[1], lp_cache[2]
        won = sm2.value > sm1.value  # line 13
        rec.update(secondary_value=sm2.value, primary_value=sm1.value)
    rec["secondary_won"] = won
    if won:
        st.n_secondary += 1
        st.w, st.sm = w2.copy(), sm2
    else:
        st.w, st.sm = w1, sm1


def _algorithm1(
    oracle,
    s: _Setup,
    *,
    rule: str,
    secondary: str | None,
    stopping: str,
    lp_method: str,
    algorithm: str,
    price_lp: bool = False,
    progress: bool = False,
    callback=None,
) -> BoostResult:
    """Mitsuboshi et al. (2022), Algorithm 1 with the constants ``s`` of :func:`_setup`; ``callback``
    (if any) is called with each round's history record once the round is done (``progress`` is
    only recorded in ``params``: the bar is the caller's, :func:`_run`)."""
    t_wall, t_cpu = time.perf_counter(), time.process_time()
    st = _State(s.m, s.nu, secondary, lp_method)
    _initial_step(oracle, st)  # lines 2-3
    converged = False
    stop_reason = "max_iter"
    for t in range(1, s.max_iter + 1):
        rec, new, priced, z, d = _gap_estimate(oracle, st, s, t, rule, price_lp)  # lines 5-7
        st.history.append(rec)
        stop_reason = _stopping_test(rec, stopping, s.eps)  # line 8
        if stop_reason is not None:
            converged = True
            if stop_reason == "certificate" and rec.get("secondary_soft_margin", -np.inf) > rec["soft_margin"]:
                st.w_out = st.lp_cache[1]  # return the certifying candidate
            rec["stop_reason"] = stop_reason
        else:
            _next_iterate(st, s, rec, new, priced, z, d, t, rule, secondary, lp_method)  # lines 10-13
        rec.update(time=time.perf_counter() - t_wall, cpu_time=time.process_time() - t_cpu)
        if callback is not None:
            callback(rec)
        if converged:
            break
        if s.time_limit is not None and rec["time"] > s.time_limit:
            stop_reason = "time_limit"
            break
    if stop_reason is None:
        stop_reason = "max_iter"
    return _output(oracle, st, s, converged, stop_reason, t_wall, t_cpu, algorithm,
                   dict(rule=rule, secondary=secondary, stopping=stopping, lp_method=lp_method, price_lp=price_lp,
                        progress=progress))


def _output(oracle, st: _State, s: _Setup, converged: bool, stop_reason: str, t_wall, t_cpu, algorithm: str,
            options: dict) -> BoostResult:
    """Mitsuboshi et al. (2022), Alg. 1, line 9 (output ``w_t``), with the soft-margin certificate of the
    returned weights (:func:`refboost.certify.soft_margin_lp`, Lemma 2) and the run's record."""
    from ..certify.lp import soft_margin_lp

    nu, eps, eta = s.nu, s.eps, s.eta
    history = st.history
    last = history[-1]
    T = len(history)
    w, sm = st.w, st.sm
    if st.w_out is not None:
        w = st.w_out.copy()  # over the same columns J_T (the new column is added only after line 8)
        sm = smoothed_soft_margin(st.cols.U @ w, nu, eta)
    z = st.cols.U @ w
    d_out = sm.d if converged else smoothed_soft_margin(z, nu, eta).d
    # the dual points of the certificate: the distribution attaining gamma^_T, and d(w_T)
    lp_cache = st.lp_cache
    cert_ds = [st.d_gamma] + ([np.array(lp_cache[4], dtype=float)]
                              if lp_cache is not None and lp_cache[4] is not None else [])
    cert = soft_margin_lp(oracle, w, nu=nu, hypotheses=list(st.cols.keys), distribution=[d_out, *cert_ds], tol=eps,
                          bound="dual")
    fired = converged
    if fired:
        bound = eps if stop_reason == "certificate" else eps / 2
        details = f"t = {T}: {stop_reason} = {last[stop_reason]:.3g} <= {bound:g}"
    else:
        cap = (f"; the default cap DEFAULT_MAX_ITER = {DEFAULT_MAX_ITER}, Theorem 3's bound is {s.theorem_bound}"
               if stop_reason == "max_iter" and s.default_cap and s.max_iter < s.theorem_bound else "")
        details = f"t = {T}, eps_t = {last['eps_t']:.3g} > eps/2 = {eps / 2:g}{cap}"
    m = s.m
    return finish(
        cert,
        "rule" if fired else stop_reason,
        details=details,
        cause=(f"eta = {eta:.3g} < 2 ln(m/nu)/eps = {2 * math.log(m / nu) / eps:.3g}"
               if eta < 2 * math.log(m / nu) / eps else ""),
        weights=w,
        hypotheses=list(st.cols.keys),
        distribution=d_out,
        margins=z,
        n_iter=T,
        history=history,
        algorithm=algorithm,
        params={
            "nu": nu,
            "eps": eps,
            "eta": eta,
            "rule": options["rule"],
            "secondary": options["secondary"],
            "max_iter": s.max_iter,
            "stopping": options["stopping"],
            "lp_method": options["lp_method"],
            "time_limit": s.time_limit,
            "price_lp": options["price_lp"],
            "progress": options["progress"],
        },
        extra={
            "eps_t": last["eps_t"],
            "fw_gap": last["fw_gap"],
            "gamma_hat": last["gamma_hat"],
            "soft_margin": float(soft_margin(z, nu)),
            "stop_reason": stop_reason,
            "certificate": cert,
            "certificate_value": last["certificate"],
            "certificate_distributions": cert_ds,
            "stopping_rule_fired": fired,
            "smoothed_margin": last["smoothed_margin"],
            "smoothing_bias": s.c,
            "k_good": st.k_good,
            "n_secondary_wins": st.n_secondary,
            "iteration_bound": fw_iteration_bound(eta, eps),
            "time": last.get("time", time.perf_counter() - t_wall),
            "cpu_time": last.get("cpu_time", time.process_time() - t_cpu),
        },
    )


def _run(oracle, *, nu, eps, eta, max_iter, time_limit, progress, callback, algorithm, secondary, price_lp=False,
         **options) -> BoostResult:
    """Algorithm 1 with the caller's concerns outside the loop: ``progress=True`` is a tqdm bar fed by
    the per-round hook (rounds done out of ``max_iter``, ``eps_t`` against ``eps/2``); ``callback`` is
    the user's hook, called after it with each round's history record."""
    s = _setup(oracle, nu, eps, eta, max_iter, time_limit, secondary, price_lp)
    bar = None
    hook = callback
    if progress:
        from .._extras import require

        tqdm = require("tqdm.auto", f"{algorithm}(progress=True)").tqdm
        bar = tqdm(total=s.max_iter, desc=algorithm, unit="round", mininterval=0.5)

        def hook(rec):
            bar.update(1)
            if rec["t"] % 50 == 1:
                bar.set_postfix(eps_t=f"{rec['eps_t']:.3g}", target=f"{s.eps / 2:.3g}", refresh=False)
            if callback is not None:
                callback(rec)

    try:
        return _algorithm1(oracle, s, algorithm=algorithm, secondary=secondary, price_lp=price_lp,
                           progress=progress, callback=hook, **options)
    finally:
        if bar is not None:
            bar.close()


@constraints(nu=Nu(binary=True), eps=Real(0, None, low_open=True), eta=Real(0, None, low_open=True, none_ok=True),
             rule=Choice(RULES), secondary=_OptionalChoice(SECONDARIES), max_iter=Int(1, none_ok=True),
             stopping=Choice(STOPPING), lp_method=Choice(LPBOOST_METHODS),
             time_limit=Real(0, None, low_open=True, none_ok=True), price_lp=Bool(), progress=Bool(),
             callback=Callback())
def mlpboost(
    oracle,
    *,
    nu: float = 1.0,
    eps: float = 0.01,
    eta: float | None = None,
    rule: str = "short_step",
    secondary: str | None = "lpboost",
    max_iter: int | None = None,
    stopping: str = "eps_t",
    lp_method: str = "highs-ds-warm",
    time_limit: float | None = None,
    price_lp: bool = False,
    progress: bool = False,
    callback=None,
) -> BoostResult:
    """Algorithm 1 of Mitsuboshi, Hatano & Takimoto ("MLPBoost" with the LPBoost secondary rule).

    Certifies: the soft margin ``rho(w_T) = SM_nu(A w_T)`` of the returned weights is within eps of
    the optimum of the class (Glocer 2009, LP (2.2)); ``converged=True`` exactly when
    :func:`refboost.certify.soft_margin_lp` confirms it from ``weights`` and
    ``extra["certificate_distributions"]`` (``extra["certificate"]``), assuming a maximum-edge oracle.

    Each round t: ``d_t = grad f~*(-A w_t)`` (the entropic distribution, line 5),
    ``h_{j_{t+1}} = WL(d_t)`` (line 6), ``eps_t = gamma^_t - rho~(w_t)`` (line 7); stop when
    ``eps_t <= eps/2`` (line 8); otherwise ``w^(1)`` = one Frank-Wolfe step of ``rule`` (line 11),
    ``w^(2)`` = the secondary rule on the hypotheses so far (line 12), and ``w_{t+1}`` the one with
    the larger smoothed margin ``rho~`` (line 13, ties keep ``w^(1)``).

    Rates: Theorem 3 and Corollary 1 (module docstring), recorded per round as ``rate_bound``.

    Parameters
    ----------
    oracle : refboost.Oracle
        Weak learner; with a maximum-edge oracle it is the LMO of Frank-Wolfe.
    nu : float, 1 <= nu < m
        Capping parameter (the paper writes nu > 0; the capped simplex needs nu in [1, m], and
        nu = m makes eta = 0).
    eps : float > 0
        Target accuracy of the soft margin.
    eta : float > 0, optional
        Smoothing parameter; default :func:`refboost.bounds.eta_fw` ``= max(3/4, 2 ln(m/nu)/eps)``. With a
        smaller eta the stop test no longer certifies ``eps`` (the ``gap`` stays valid).
    rule : {"short_step", "classic", "line_search", "pairwise"}
        Primary rule F: Alg. 3 (eq. (7)), ``lambda_t = 2/(t+2)``, exact line search (bisection on
        the slope), or pairwise FW (Alg. 4, line search on ``[0, lambda_max]``).
    secondary : {"lpboost", "erlpboost"} or None
        Secondary rule B: the restricted soft-margin LP (Alg. 2) over the hypotheses so far;
        the ERLPBoost rule (14), ``argmax rho~`` over their convex hull (solved by
        :func:`refboost.boosters.entropy.erlp_dual_step`), which turns Alg. 1 into ERLPBoost with
        Alg. 1's stopping rule (Theorem 2); or none ("FW only" / "PFW only" of Table 2).
    max_iter : int >= 1, optional
        Cap on the rounds; default ``min(fw_iteration_bound(eta, eps), DEFAULT_MAX_ITER)`` (Theorem 3's
        bound, capped at 100000 rounds: the bound is ~1e17 at eps = 1e-8). A run stopped by the cap
        returns ``converged=False`` and the message names both numbers.
    stopping : {"eps_t", "certificate", "fw_gap"}
        ``"eps_t"`` (default): Alg. 1's test ``eps_t <= eps/2`` (line 8), the rule Theorem 3's
        iteration bound is about. ``"certificate"``: Alg. 1's test OR the soft-margin certificate
        ``gamma^_t - max(rho(w_t), rho(w^(2))) <= eps`` (module docstring, *Stopping by the
        certificate*). ``"fw_gap"``: as in :func:`cerlpboost`.
    lp_method : {"highs-ds-warm", "highs-ds", "highs", "highs-ipm", "highs-ds-ws"}
        HiGHS method of the secondary LP (LP optima are not unique; module docstring, *The secondary
        LP*). ``"highs-ds-warm"`` (default) keeps one LP across rounds, warm-started.
    time_limit : float > 0, optional
        Wall-clock cap in seconds (checked after every round; the paper killed runs after 20000 s).
        A run stopped by it returns ``converged=False`` and says so (``extra["stop_reason"] ==
        "time_limit"``); results then depend on the machine's speed.
    price_lp : bool
        ``False`` (default): the paper's Algorithm 1. ``True`` (a documented variant, needs
        ``secondary="lpboost"``): each round also queries the weak learner at the restricted LP's
        distribution (module docstring, *Pricing at the LP's distribution*).
    progress : bool
        Show a tqdm progress bar (rounds done out of ``max_iter``, current ``eps_t`` against ``eps/2``),
        driven from outside the loop by the per-round hook.
    callback : callable, optional
        Called after every round (the stopping round included) with that round's ``history`` record.

    Returns
    -------
    BoostResult
        ``weights`` over the distinct ``hypotheses`` (repeats merged),
        ``distribution = d(w_T)``, ``margins = A w_T``, ``history`` with one record per round
        (``eps_t``, ``fw_gap``, ``gamma_hat``, ``soft_margin``, ``smoothed_margin``, ``rate_bound``,
        ``k_good``, ``step``, ``secondary_won``, ``secondary_soft_margin`` = ``rho(w^(2))`` of the
        candidate over ``J_t`` (absent before the first one), ``certificate``, ``time``, ``cpu_time``).
        ``gap`` is the certificate's gap ``max_q u^q.d - rho(w_T)`` at the best returned dual point
        (the one attaining ``gamma^_T`` is among them, so ``gap <= gamma^_T - rho(w_T)``); it bounds
        ``rho* - rho(w_T)`` for a maximum-edge oracle (every edge is >= gamma* = rho*, Lemma 4) and
        ``gamma^_T - rho(w_T) <= eps_T + ln(m/nu)/eta <= eps`` at termination (Lemma 2). ``extra``
        holds ``eps_t``, ``fw_gap``, ``smoothing_bias = ln(m/nu)/eta``, ``k_good``,
        ``n_secondary_wins`` (Fig. 4's count), ``iteration_bound``, ``stop_reason``
        (``"eps_t"``, ``"certificate"``, ``"fw_gap"``, ``"time_limit"`` or ``"max_iter"``),
        ``certificate`` (the :class:`refboost.certify.Certificate` of the returned weights),
        ``certificate_value`` (the round's ``gamma^_t - max(rho(w_t), rho(w^(2)))``),
        ``certificate_distributions``, ``stopping_rule_fired``, ``time``, ``cpu_time``.
    """
    return _run(oracle, nu=nu, eps=eps, eta=eta, rule=rule, secondary=secondary, max_iter=max_iter, stopping=stopping,
                lp_method=lp_method, time_limit=time_limit, algorithm="mlpboost", price_lp=price_lp, progress=progress,
                callback=callback)


@constraints(nu=Nu(binary=True), eps=Real(0, None, low_open=True), eta=Real(0, None, low_open=True, none_ok=True),
             max_iter=Int(1, none_ok=True), stopping=Choice(STOPPING),
             time_limit=Real(0, None, low_open=True, none_ok=True), progress=Bool(), callback=Callback())
def cerlpboost(
    oracle,
    *,
    nu: float = 1.0,
    eps: float = 0.01,
    eta: float | None = None,
    max_iter: int | None = None,
    stopping: str = "eps_t",
    time_limit: float | None = None,
    progress: bool = False,
    callback=None,
) -> BoostResult:
    """C-ERLPBoost (Shalev-Shwartz & Singer 2010) = short-step Frank-Wolfe on ``f~*`` (Thm 2).

    Certifies: the soft margin ``SM_nu(A w_T)`` of the returned weights is within eps of the optimum
    of the class (Glocer 2009, LP (2.2)); ``converged=True`` exactly when
    :func:`refboost.certify.soft_margin_lp` confirms it from ``weights`` and
    ``extra["certificate_distributions"]`` (``extra["certificate"]``), assuming a maximum-edge oracle.

    ``w_1 = e_{j_1}`` with ``j_1 = WL(uniform)``; each round ``d_t = d(w_t)`` (eq. (10)),
    ``j_{t+1} = WL(d_t)``, ``w_{t+1} = w_t + lambda_t (e_{j_{t+1}} - w_t)`` with the short step (7)
    ``lambda_t = clip_[0,1] d_t^T A (e_{j_{t+1}} - w_t) / (eta ||A (e_{j_{t+1}} - w_t)||_inf^2)``.
    This is :func:`mlpboost` with ``rule="short_step", secondary=None`` .

    Parameters
    ----------
    oracle, nu, eps, eta, max_iter, time_limit, progress, callback
        As in :func:`mlpboost`.
    stopping : {"eps_t", "fw_gap"}
        ``"eps_t"``: Alg. 1's test ``gamma^_t - rho~(w_t) <= eps/2`` (the paper's "FW" column);
        ``"fw_gap"``: the FW gap ``G_t = d_t^T A (e_{j_{t+1}} - w_t) <= eps/2`` (the crate's
        C-ERLPBoost). Since ``eps_t <= G_t`` the first fires no later.

    Returns
    -------
    BoostResult
        As :func:`mlpboost`.
    """
    return _run(
        oracle,
        nu=nu,
        eps=eps,
        eta=eta,
        rule="short_step",
        secondary=None,
        max_iter=max_iter,
        stopping=stopping,
        lp_method="highs-ds",
        time_limit=time_limit,
        algorithm="cerlpboost",
        progress=progress,
        callback=callback,
    )


__all__ = [
    "RULES",
    "SECONDARIES",
    "cerlpboost",
    "mlpboost",
]
