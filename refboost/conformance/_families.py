"""The problem families of the conformance kit: how each is certified, generated and solved twice.

Every family has

* ``certify(U, params, weights, distribution, tol, bound)`` -- the argument mapping onto its
  :mod:`refboost.certify` function (or, for the dynamics, the trajectory comparison below);
* ``specs(rng)`` -- the instances: ``(name, U, params, tags, extra)`` with ``extra`` holding the
  real-data features, labels and stump descriptions where there are any;
* ``solve(U, params)`` -- the two independent solutions: the ground truth of :mod:`refboost.truth`
  (HiGHS or cvxpy + Clarabel) and a second solver (another formulation solved by another solver,
  or, for the dynamics, the same orbit in 60-digit decimal arithmetic). It returns the optimal value in the units of
  the certificate's objective, the optimal w and d, the other solution components, and both
  solvers' values.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .. import certify as C
from .._validation import (
    check_array,
    check_distribution,
    check_int,
    check_length,
    check_nu,
    check_real,
    check_tol,
    check_weights,
)
from ..instances import ADVERSARIAL_KINDS, adversarial, lpboost_worst_case

DEFAULT_TOL = 1e-6
DYNAMICS_TOL = 1e-8


class SolverDisagreement(RuntimeError):
    """The two solvers of an instance did not agree (the instance is not stored)."""


@dataclass(frozen=True)
class Family:
    name: str
    equation: str
    certify_function: str
    params_doc: str
    certify: Callable
    specs: Callable
    solve: Callable
    check_params: Callable


# ------------------------------------------------------------------------------------------
# shared checks
# ------------------------------------------------------------------------------------------


def _present(params, key, what):
    if key not in params:
        raise ValueError(f"params must contain {key!r}" + (f" ({what})" if what else ""))
    return params[key]


def _real(params, key, *, low=None, high=None, low_open=False, what=None):
    """``params[key]``, checked with the message every function gives (:mod:`refboost._validation`)."""
    return check_real(_present(params, key, what), key, low=low, high=high, low_open=low_open)


def _N(U):
    return int(np.shape(U)[0])


# ------------------------------------------------------------------------------------------
# instance matrices shared by the families
# ------------------------------------------------------------------------------------------

ADV_N, ADV_K = 12, 8


def adversarial_mats(rng, N=ADV_N, K=ADV_K):
    """One matrix per kind of :data:`refboost.instances.ADVERSARIAL_KINDS` (tags: adversarial, the kind)."""
    return [(f"adv_{k}", adversarial(k, N, K, rng), ("adversarial", k)) for k in ADVERSARIAL_KINDS]


def random_mats(rng, count=10):
    """Random +-1 and uniform matrices of several shapes (tag: random)."""
    shapes = [(8, 5), (10, 20), (15, 10), (20, 12), (25, 25), (30, 8), (12, 30), (18, 6), (40, 15), (6, 40)]
    out = []
    for i in range(count):
        N, K = shapes[i % len(shapes)]
        if i % 2 == 0:
            A, kind = rng.choice([-1.0, 1.0], size=(N, K)), "pm1"
        else:
            A, kind = rng.uniform(-1.0, 1.0, size=(N, K)), "uniform"
        out.append((f"random_{kind}_{i}_N{N}_K{K}", A, ("random", kind)))
    return out


#: real-data sources: (refboost.datasets name, realisation, rows kept)
REAL_SOURCES = (("heart", 1, 20), ("heart", 2, 20), ("banana", 1, 30), ("banana", 2, 30),
                ("breast-cancer", None, 20), ("australian", None, 20))
#: features kept (the first ones of each set) so that a stump matrix stays small
REAL_MAX_FEATURES = 6

_REAL_CACHE: dict = {}


def real_data_mats():
    """Stump matrices of subsampled bundled data sets (tag: real-data, the data set).

    Rows: a fixed random subset of the training part with both classes; columns: every decision
    stump of :class:`refboost.StumpOracle` (both polarities, constants included) with identical
    columns merged (:func:`refboost.instances.threshold_pool`). ``extra`` holds X, y and the stumps
    ``[feature, threshold, sign]`` (feature -1: the constant hypothesis ``sign``).
    """
    if "mats" in _REAL_CACHE:
        return _REAL_CACHE["mats"]
    from .. import datasets
    from ..instances import threshold_pool

    out = []
    for k, (name, real, rows) in enumerate(REAL_SOURCES):
        ds = datasets.load(name, realisation=real) if real is not None else datasets.load(name)
        rng = np.random.default_rng(1000 + k)
        X, y = np.asarray(ds.X, dtype=float), np.asarray(ds.y, dtype=float)
        for _ in range(100):
            idx = np.sort(rng.choice(X.shape[0], size=rows, replace=False))
            if len(np.unique(y[idx])) == 2:
                break
        Xs, ys = X[idx][:, :REAL_MAX_FEATURES], y[idx]
        U, keys = threshold_pool(Xs, ys, negations=True, return_keys=True)
        stumps = [[int(j), float(t) if math.isfinite(t) else ("-inf" if t < 0 else "inf"), int(s)] for j, t, s in keys]
        tag = ds.name.replace(":", "-")
        label = f"{name.replace('-', '_')}" + (f"_r{real}" if real is not None else "")
        extra = {"X": Xs, "y": ys, "stumps": stumps, "rows": idx.tolist(),
                 "source": {"dataset": ds.name, "realisation": real, "rows_kept": rows,
                            "features_kept": int(Xs.shape[1]),
                            "note": "rows: a subset of the training part (solution['rows'] indexes it); features: "
                                    "the first features_kept; columns: "
                                    "all distinct decision stumps, both polarities, constants included"}}
        out.append((f"real_{label}", U, ("real-data", tag), extra))
    _REAL_CACHE["mats"] = out
    return out


def base_mats(rng):
    """30 matrices: the 14 adversarial kinds, 10 random, 6 real-data. Items ``(name, U, tags, extra)``."""
    mats = [(n, U, t, {}) for n, U, t in adversarial_mats(rng)]
    mats += [(n, U, t, {}) for n, U, t in random_mats(rng)]
    mats += real_data_mats()
    return mats


def _cycle(values, i):
    return values[i % len(values)]


# ------------------------------------------------------------------------------------------
# value agreement
# ------------------------------------------------------------------------------------------


def _solver(name, value, status=""):
    return {"name": name, "value": float(value), "status": str(status)}


# ------------------------------------------------------------------------------------------
# LP families: soft margin, hard margin, LP_reg, generalised hinge at p = 1
# ------------------------------------------------------------------------------------------


def _lp_clarabel(U, nu):
    """Second solver for LP (2.2): the w-domain LP written in cvxpy and solved by Clarabel."""
    import cvxpy as cp

    N, K = U.shape
    w = cp.Variable(K, nonneg=True)
    rho = cp.Variable()
    psi = cp.Variable(N, nonneg=True)
    prob = cp.Problem(cp.Maximize(rho - cp.sum(psi) / nu), [U @ w + psi >= rho, cp.sum(w) == 1])
    status = "not solved"
    for tol in (1e-11, 1e-9):  # 1e-9 where 1e-11 fails (the scale instances, N up to 20,000)
        try:
            prob.solve(solver="CLARABEL", tol_gap_abs=tol, tol_gap_rel=tol, tol_feas=tol)
        except cp.error.SolverError as exc:
            status = f"solver error: {exc}"
            continue
        status = prob.status
        if status in ("optimal", "optimal_inaccurate"):
            return float(prob.value), status
    raise SolverDisagreement(f"Clarabel LP status {status}")


def _solve_lp(U, nu):
    from .. import truth

    s = truth.soft_margin_lp(U, nu)
    v2, st2 = _lp_clarabel(U, nu)
    sol = {"gamma": s.gamma, "rho": s.rho, "psi": s.psi, "value_w_domain_highs": s.value_w, "highs_method": s.method}
    solvers = [_solver(f"HiGHS ({s.method}) via refboost.truth.soft_margin_lp, d-domain LP (2.3)", s.value, "optimal"),
               _solver("Clarabel via cvxpy, w-domain LP (2.2)", v2, st2)]
    return s.value, s.w, s.d, sol, solvers


def _check_nu(params, U):
    return check_nu(_present(params, "nu", f"capping parameter in [1, N] = [1, {_N(U)}]"), _N(U))


def _soft_margin_specs(rng):
    out = []
    for i, (name, U, tags, extra) in enumerate(base_mats(rng)):
        N = U.shape[0]
        nus = [1.0, 2.5, N / 3.0, N - 0.5, float(N)]
        nu = max(1.0, min(float(N), _cycle(nus, i)))
        t = tags + (("nu_near_N",) if nu >= N - 1 and N > 2 else ())
        out.append((f"{name}_nu{nu:g}", U, {"nu": nu}, t, extra))
    # the Theorem 2.5 worst case and random instances of the older reference set
    for name, (U, nu) in legacy_lp_instances().items():
        out.append((f"reference_{name}", U, {"nu": nu}, ("reference", "worst_case" if "thm" in name else "random"), {}))
    return out


def legacy_lp_instances() -> dict:
    """The ten soft-margin LP instances of :mod:`refboost.conformance.reference` (fixed generator)."""
    rng = np.random.default_rng(20091201)
    out = {}
    for m in (5, 10, 20, 40):
        out[f"thm2_5_N{2 * m}"] = (lpboost_worst_case(m), 1.0)
    for k, (N, K, nu) in enumerate([(20, 10, 1.0), (50, 30, 5.0), (100, 60, 10.0), (200, 80, 40.0)]):
        out[f"random_pm1_{k}"] = (rng.choice([-1.0, 1.0], size=(N, K)), nu)
    for k, (N, K, nu) in enumerate([(30, 20, 3.5), (80, 40, 12.25)]):
        out[f"random_uniform_{k}"] = (rng.uniform(-1, 1, (N, K)), nu)
    return out


def _hard_margin_specs(rng):
    out = [(name, U, {}, tags, extra) for name, U, tags, extra in base_mats(rng)]
    for m in (3, 5, 8):
        out.append((f"one_mistake_{m}", np.ones((m, m)) - 2 * np.eye(m), {}, ("structured", "one_mistake"), {}))
    from ..instances import adaboost_not_max_margin_11x20, rudin_nonoptimal_4x5

    out.append(("rudin_4x5", rudin_nonoptimal_4x5(), {}, ("structured", "rudin"), {}))
    out.append(("rudin_11x20", adaboost_not_max_margin_11x20(), {}, ("structured", "rudin"), {}))
    return out


def _solve_hard(U, params):
    from .. import truth

    s = truth.soft_margin_lp(U, 1.0)
    c = truth.max_margin_rudin_cvx(U)
    sol = {"gamma": s.gamma, "rho": s.rho, "psi": s.psi, "highs_method": s.method}
    solvers = [_solver(f"HiGHS ({s.method}) via refboost.truth.soft_margin_lp (nu = 1)", s.value, "optimal"),
               _solver("Clarabel via refboost.truth.max_margin_rudin_cvx", c.value, getattr(c, "status", ""))]
    return s.value, s.w, s.d, sol, solvers


def _lp_reg_specs(rng):
    out = []
    for i, (name, U, tags, extra) in enumerate(base_mats(rng)):
        N = U.shape[0]
        Cs = [1.0, 1.0 / N, 0.5, 3.0 / N, 1.0 / (N - 0.5) if N > 1 else 1.0]
        Cv = min(1.0, max(1.0 / N, _cycle(Cs, i)))
        t = tags + (("nu_near_N",) if 1.0 / Cv >= N - 1 and N > 2 else ())
        out.append((f"{name}_C{Cv:.6g}", U, {"C": Cv}, t, extra))
    for j, N in enumerate((10, 16)):
        U = rng.uniform(-1, 1, (N, 12))
        for Cv in (1.0 / N, 0.2):
            out.append((f"random_uniform_extra{j}_N{N}_C{Cv:.6g}", U, {"C": Cv}, ("random", "uniform"), {}))
    return out


def _check_C(params, U):
    N = _N(U)
    return _real(params, "C", low=1.0 / N, high=1.0, what=f"the cap in [1/N, 1] = [{1.0 / N:g}, 1]")


# ------------------------------------------------------------------------------------------
# entropy families: ERLP (3.6), Binary (3.25), SoftBoost (3.1), smoothed soft margin
# ------------------------------------------------------------------------------------------

ETAS = (0.1, 1.0, 10.0, 100.0, 1e3, 1e6)


def _check_eta(params):
    return _real(params, "eta", low=0.0, low_open=True, what="eta > 0")


def _entropy_specs(rng, *, binary=False, etas=ETAS, offset=0):
    out = []
    for i, (name, U, tags, extra) in enumerate(base_mats(rng)):
        N = U.shape[0]
        nus = [1.0, 2.0, N / 4.0, N - 0.5]
        if not binary:
            nus.append(float(N))
        nu = max(1.0, min(_cycle(nus, i + offset), N - 0.5 if binary else float(N)))
        if binary and N < 2:
            continue
        eta = _cycle(etas, i + offset)
        t = tags + (("nu_near_N",) if nu >= N - 1 and N > 2 else ()) + (("eta_huge",) if eta >= 1e5 else ())
        out.append((f"{name}_nu{nu:g}_eta{eta:g}", U, {"nu": nu, "eta": eta}, t, extra))
    for eta in (1e4, 1e6, 3.0, 30.0):
        U = rng.choice([-1.0, 1.0], size=(14, 9))
        big = ("eta_huge",) if eta >= 1e5 else ()
        out.append((f"random_pm1_N14_K9_eta{eta:g}", U, {"nu": 3.0, "eta": eta}, ("random", "pm1") + big, {}))
    return out


def _solve_erlp(U, params):
    from .. import truth

    nu, eta = params["nu"], params["eta"]
    s = truth.erlp_primal_36(U, nu, eta)
    s2 = truth.smoothed_soft_margin_max_cvx(U, nu, eta)
    w = _clean_simplex(s.w)
    sol = {"gamma": s.gamma, "psi": s.psi, "beta": s.beta, "w_from_dual_form": s2.w}
    solvers = [_solver("Clarabel via refboost.truth.erlp_primal_36, d-domain (3.6)", s.value, s.status),
               _solver("Clarabel via refboost.truth.smoothed_soft_margin_max_cvx, w-domain dual (3.10)/(12)",
                       s2.value, s2.status)]
    return s.value, w, s.d, sol, solvers


def _solve_smoothed(U, params):
    from .. import truth

    nu, eta = params["nu"], params["eta"]
    s = truth.smoothed_soft_margin_max_cvx(U, nu, eta)
    s2 = truth.erlp_primal_36(U, nu, eta)
    sol = {"psi_scaled": s.beta, "gamma": s2.gamma}
    solvers = [_solver("Clarabel via refboost.truth.smoothed_soft_margin_max_cvx, w-domain (12)", s.value, s.status),
               _solver("Clarabel via refboost.truth.erlp_primal_36, d-domain (9)/(3.6)", s2.value, s2.status)]
    return s.value, _clean_simplex(s.w), s2.d, sol, solvers


def _binary_w_clarabel(U, nu, eta):
    """Second solver for (3.25): its dual (3.26) jointly in (w, beta), max_{w in simplex, beta} q(Uw, beta)."""
    import cvxpy as cp

    N, K = U.shape
    p = nu / N
    w = cp.Variable(K, nonneg=True)
    b = cp.Variable()  # eta * beta
    x = math.log(p) - eta * (U @ w) - b
    terms = cp.log_sum_exp(cp.vstack([np.full(N, math.log1p(-p)), x]), axis=0)
    prob = cp.Problem(cp.Maximize(-cp.sum(terms) / nu - b), [cp.sum(w) == 1])  # eta times (3.26)
    prob.solve(solver="CLARABEL", tol_gap_abs=1e-10, tol_gap_rel=1e-10, tol_feas=1e-10)
    if prob.status not in ("optimal", "optimal_inaccurate"):
        raise SolverDisagreement(f"Clarabel (3.26) status {prob.status}")
    return float(prob.value) / eta, prob.status, np.maximum(w.value, 0)


def _solve_binary(U, params):
    from .. import truth

    nu, eta = params["nu"], params["eta"]
    s = truth.binary_primal_325(U, nu, eta)
    v2, st2, w2 = _binary_w_clarabel(U, nu, eta)
    sol = {"gamma": s.gamma, "beta": s.beta, "w_from_dual_form": w2 / w2.sum()}
    solvers = [_solver("Clarabel via refboost.truth.binary_primal_325, d-domain (3.25)", s.value, s.status),
               _solver("Clarabel via cvxpy, dual (3.26) jointly in (w, beta)", v2, st2)]
    return s.value, _clean_simplex(s.w), s.d, sol, solvers


def _softboost_specs(rng):
    """bound = P_LP(nu) + delta (feasible); delta large enough to make the edge constraints inactive on some."""
    from .. import truth

    out = []
    deltas = (0.02, 0.1, 0.3, 1e-3, 0.05)
    for i, (name, U, tags, extra) in enumerate(base_mats(rng)):
        N = U.shape[0]
        nu = max(1.0, min(float(N), _cycle([1.0, 2.0, N / 3.0, N - 0.5, float(N)], i)))
        p_lp = truth.soft_margin_lp(U, nu).value
        scale = max(float(np.max(np.abs(U))), 1e-300)
        bound = p_lp + _cycle(deltas, i) * scale
        t = tags + (("nu_near_N",) if nu >= N - 1 and N > 2 else ())
        out.append((f"{name}_nu{nu:g}", U, {"nu": nu, "bound": float(bound)}, t, extra))
    for k in range(3):
        U = rng.uniform(-1, 1, (16, 10))
        out.append((f"random_uniform_{k}_inactive", U, {"nu": 2.0, "bound": float(np.max(U.T @ np.full(16, 1 / 16)))},
                    ("random", "uniform", "uniform_feasible"), {}))
    return out


def _softboost_w_clarabel(U, nu, bound):
    """Second solver for (3.1): the dual of Lemma 3.1, max_{w >= 0, psi >= 0} F_1 - bound sum w (Clarabel)."""
    import cvxpy as cp

    N, K = U.shape
    w = cp.Variable(K, nonneg=True)
    psi = cp.Variable(N, nonneg=True)
    obj = -(cp.log_sum_exp(-(U @ w + psi)) - math.log(N)) - cp.sum(psi) / nu - bound * cp.sum(w)
    prob = cp.Problem(cp.Maximize(obj))
    prob.solve(solver="CLARABEL", tol_gap_abs=1e-10, tol_gap_rel=1e-10, tol_feas=1e-10)
    if prob.status not in ("optimal", "optimal_inaccurate"):
        raise SolverDisagreement(f"Clarabel Lemma 3.1 dual status {prob.status}")
    return float(prob.value), prob.status, np.maximum(w.value, 0)


def _solve_softboost(U, params):
    from .. import truth

    nu, bound = params["nu"], params["bound"]
    s = truth.softboost_primal_31(U, nu, bound)
    if s.status.startswith("infeasible"):
        raise SolverDisagreement("(3.1) infeasible")
    v2, st2, w2 = _softboost_w_clarabel(U, nu, bound)
    w = np.maximum(np.asarray(s.w, dtype=float), 0.0)
    sol = {"psi": s.psi, "beta": s.beta, "w_from_dual_form": w2}
    solvers = [_solver("Clarabel via refboost.truth.softboost_primal_31, (3.1)", s.value, s.status),
               _solver("Clarabel via cvxpy, dual of Lemma 3.1 in (w, psi)", v2, st2)]
    return s.value, w, s.d, sol, solvers


def _check_bound_param(params):
    return _real(params, "bound", what="the edge bound gamma_hat - eps of (3.1)")


# ------------------------------------------------------------------------------------------
# corrective (4.6) / (4.12): U = [u, ubar]
# ------------------------------------------------------------------------------------------


def _corrective_specs(rng, *, binary=False):
    out = []
    for i, (name, U, tags, extra) in enumerate(base_mats(rng)):
        N, K = U.shape
        if binary and N < 2:
            continue
        j = int(rng.integers(K))
        w = rng.dirichlet(np.ones(K))
        u, ubar = U[:, j], U @ w
        nus = [1.0, 2.0, N / 4.0, N - 0.5] + ([] if binary else [float(N)])
        nu = max(1.0, min(_cycle(nus, i), N - 0.5 if binary else float(N)))
        ubar, shifted = _feasible_ubar(u, ubar, nu)
        eta = _cycle(ETAS, i)
        t = tags + (("nu_near_N",) if nu >= N - 1 and N > 2 else ()) + (("eta_huge",) if eta >= 1e5 else ())
        ex = dict(extra)
        if extra:
            ex["columns"] = {"u": f"stump column {j}", "ubar": "margins U @ w_prev of a random combination of stumps"}
            ex["w_prev"] = w.tolist()
        if shifted:
            ex["ubar_shift"] = shifted
        out.append((f"{name}_nu{nu:g}_eta{eta:g}", np.column_stack([u, ubar]), {"nu": nu, "eta": eta}, t, ex))
    for eta in (1e4, 1e6, 0.5, 5.0):
        u = rng.choice([-1.0, 1.0], size=12)
        ubar = rng.uniform(-0.5, 0.5, size=12)
        out.append((f"random_N12_eta{eta:g}", np.column_stack([u, ubar]), {"nu": 2.0, "eta": eta},
                    ("random",) + (("eta_huge",) if eta >= 1e5 else ()), {}))
    return out


def _feasible_ubar(u, ubar, nu):
    """Shift ubar by a constant so that {d capped, (u - ubar).d = 0} is non-empty (strictly, where possible):
    the constraint holds for some capped d iff min_d x.d <= 0 <= max_d x.d, x = u - ubar."""
    x = u - ubar
    lo = C._core.sorted_soft_margin(x, nu)
    hi = -C._core.sorted_soft_margin(-x, nu)
    if lo < 0 < hi or (lo == hi == 0):
        return ubar, 0.0
    if hi - lo <= 1e-12 * max(1.0, abs(hi)):  # x constant on the caps' reach: take ubar = u (x = 0)
        return u.copy(), "ubar replaced by u (x = 0)"
    c = 0.5 * (lo + hi)
    return ubar + c, float(c)


def _corrective_w_clarabel(u, ubar, nu, eta, binary):
    """Second solver: the dual (4.7) (resp. (4.13)) jointly in the free w_t and psi (resp. beta)."""
    import cvxpy as cp

    N = u.shape[0]
    wt = cp.Variable()
    z = ubar + wt * (u - ubar)
    if binary:  # eta times (4.13), with b = eta * beta
        p = nu / N
        b = cp.Variable()
        x = math.log(p) - eta * z - b
        terms = cp.log_sum_exp(cp.vstack([np.full(N, math.log1p(-p)), x]), axis=0)
        obj = -cp.sum(terms) / nu - b
    else:  # eta times (4.7), with s = eta * psi
        sv = cp.Variable(N, nonneg=True)
        obj = -(cp.log_sum_exp(-eta * z - sv) - math.log(N)) - cp.sum(sv) / nu
    prob = cp.Problem(cp.Maximize(obj))
    prob.solve(solver="CLARABEL", tol_gap_abs=1e-10, tol_gap_rel=1e-10, tol_feas=1e-10)
    if prob.status not in ("optimal", "optimal_inaccurate"):
        raise SolverDisagreement(f"Clarabel corrective dual status {prob.status}")
    return float(prob.value) / eta, prob.status, float(wt.value)


def _solve_corrective(U, params, binary=False):
    from .. import truth

    nu, eta = params["nu"], params["eta"]
    u, ubar = U[:, 0], U[:, 1]
    f = truth.corrective_binary_primal_412 if binary else truth.corrective_primal_46
    s = f(u, ubar, nu, eta)
    if s.status.startswith("infeasible"):
        raise SolverDisagreement("corrective problem infeasible")
    v2, st2, wt = _corrective_w_clarabel(u, ubar, nu, eta, binary)
    sol = {"w_t": wt, "alpha": s.alpha, "beta": s.beta, "w_t_from_primal_multiplier": 1.0 - s.alpha}
    if s.psi is not None:
        sol["psi"] = s.psi
    eq = "(4.12)" if binary else "(4.6)"
    solvers = [_solver(f"Clarabel via refboost.truth.{f.__name__}, {eq}", s.value, s.status),
               _solver(f"Clarabel via cvxpy, dual {'(4.13)' if binary else '(4.7)'} in (w_t, "
                       f"{'beta' if binary else 'psi'})", v2, st2)]
    return s.value, np.array([wt, 1.0 - wt]), s.d, sol, solvers


# ------------------------------------------------------------------------------------------
# Shen & Li: AdaBoost_l1, LogitBoost_l1, generalised hinge, AdaBoost-QP
# ------------------------------------------------------------------------------------------

TS = (0.05, 0.2, 1.0, 5.0, 0.5)


def _T_specs(rng, Ts=TS):
    out = []
    for i, (name, U, tags, extra) in enumerate(base_mats(rng)):
        T = _cycle(Ts, i)
        out.append((f"{name}_T{T:g}", U, {"T": T}, tags, extra))
    for T in (0.01, 20.0, 0.3, 3.0):
        U = rng.uniform(-1, 1, (15, 10))
        out.append((f"random_uniform_N15_K10_T{T:g}", U, {"T": T}, ("random", "uniform"), {}))
    return out


def _check_T(params):
    return _real(params, "T", low=0.0, low_open=True, what="T > 0")


def _tight(prob):
    """Clarabel at tolerance 1e-14 (the candidate the certificate is issued for; the values stored as the
    two solvers' come from the ground-truth calls)."""
    import warnings

    with warnings.catch_warnings():  # "optimal_inaccurate" at 1e-14 is expected; the certificate decides
        warnings.simplefilter("ignore", UserWarning)
        prob.solve(solver="CLARABEL", tol_gap_abs=1e-14, tol_gap_rel=1e-14, tol_feas=1e-14, tol_ktratio=1e-10,
                   max_iter=500)
    if prob.status not in ("optimal", "optimal_inaccurate"):
        raise SolverDisagreement(f"Clarabel status {prob.status}")


def _tight_l1_weights(U, T, kind):
    """The primal (5) or (32) re-solved at Clarabel tolerance 1e-14: weights accurate enough for the
    KKT dual point of the certificate (its gap is first order in the error of w)."""
    import cvxpy as cp

    w = cp.Variable(U.shape[1], nonneg=True)
    loss = cp.log_sum_exp(-U @ w) if kind == "exp" else cp.sum(cp.logistic(-U @ w))
    _tight(cp.Problem(cp.Minimize(loss), [cp.sum(w) == 1.0 / T]))
    v = np.maximum(w.value, 0.0)
    return v / v.sum() / T


def _solve_l1_pair(U, T, kind, primal, dual):
    """The l1-constrained pair of Shen & Li (2010) solved both ways (``primal`` and ``dual`` name the
    functions of :mod:`refboost.truth`, ``kind`` the loss of :func:`_tight_l1_weights`): the value ``T * primal``,
    the tight weights, the dual's solution, the ``sol`` dict and the two solver rows."""
    from .. import truth

    p = getattr(truth, primal)(U, T)
    d = getattr(truth, dual)(U, T)
    w = _tight_l1_weights(U, T, kind)
    eq_p, eq_d = primal.rsplit("_eq", 1)[1], dual.rsplit("_eq", 1)[1]
    sol = {"u": d.x["u"], "r": d.x["r"], f"opt_eq{eq_p}": p.value, f"opt_eq{eq_d}": d.value}
    solvers = [_solver(f"Clarabel via refboost.truth.{primal}, T * ({eq_p})", T * p.value, p.status),
               _solver(f"Clarabel via refboost.truth.{dual}, -({eq_d})", -d.value, d.status)]
    return T * p.value, w, d, sol, solvers


def _solve_adaboost_l1(U, params):
    value, w, d, sol, solvers = _solve_l1_pair(U, params["T"], "exp", "adaboost_l1_primal_eq5", "adaboost_l1_dual_eq15")
    return value, w, np.asarray(d.x["u"], dtype=float), sol, solvers


def _solve_logitboost_l1(U, params):
    value, w, _, sol, solvers = _solve_l1_pair(U, params["T"], "logistic", "logitboost_primal_eq32",
                                               "logitboost_dual_eq31")
    return value, w, None, sol, solvers


def _hinge_specs(rng):
    out = []
    ps = (1.0, 1.5, 2.0, 3.0, 1.2)
    for i, (name, U, tags, extra) in enumerate(base_mats(rng)):
        N = U.shape[0]
        p = _cycle(ps, i)
        D = max(1.0 / N, _cycle([1.0 / N, 0.5, 2.0 / N, 1.0, 5.0 / N, 0.1], i))
        out.append((f"{name}_p{p:g}_D{D:.6g}", U, {"D": D, "p": p}, tags, extra))
    for p in (1.0, 2.0, 4.0, 1.5, 2.5):
        U = rng.uniform(-1, 1, (14, 9))
        out.append((f"random_uniform_N14_K9_p{p:g}", U, {"D": 0.25, "p": p}, ("random", "uniform"), {}))
    return out


def _check_hinge(params, U):
    N = _N(U)
    _real(params, "D", low=1.0 / N, what=f"D >= 1/N = {1.0 / N:g}")
    _real(params, "p", low=1.0, what="p >= 1")


def _solve_hinge(U, params):
    from .. import truth

    D, p = params["D"], params["p"]
    if p == 1.0:
        N = U.shape[0]
        nu = min(max(1.0 / D, 1.0), float(N))
        s = truth.soft_margin_lp(U, nu)
        g = truth.generalized_hinge_primal(U, D, 1.0)
        sol = {"rho": s.rho, "xi": s.psi, "nu": nu}
        solvers = [_solver(f"HiGHS ({s.method}) via refboost.truth.soft_margin_lp at nu = 1/D (LP (21)/(22))",
                           s.value, "optimal"),
                   _solver("Clarabel via refboost.truth.generalized_hinge_primal (p = 1)", g.value, g.status)]
        return s.value, s.w, s.d, sol, solvers
    g = truth.generalized_hinge_primal(U, D, p)
    t = truth.tsallis_dual_eq28(U, D, p)
    w = _tight_hinge_weights(U, D, p)
    sol = {"rho": g.x["rho"], "xi": g.x["xi"], "u": t.x["u"], "r": t.x["r"]}
    solvers = [_solver("Clarabel via refboost.truth.generalized_hinge_primal", g.value, g.status),
               _solver("Clarabel via refboost.truth.tsallis_dual_eq28, (28)", t.value, t.status)]
    return g.value, w, None, sol, solvers


def _tight_hinge_weights(U, D, p):
    """The generalised-hinge primal re-solved at Clarabel tolerance 1e-14 (the certified candidate)."""
    import cvxpy as cp

    M, K = U.shape
    w = cp.Variable(K, nonneg=True)
    xi = cp.Variable(M, nonneg=True)
    rho = cp.Variable()
    _tight(cp.Problem(cp.Maximize(rho - D * cp.sum(cp.power(xi, p))), [U @ w >= rho - xi, cp.sum(w) == 1]))
    return _clean_simplex(w.value)


def _qp_second(U, T):
    """Second solver for (41): the same QP in the margins, solved by OSQP (polished) through cvxpy."""
    import cvxpy as cp

    N, K = U.shape
    w = cp.Variable(K, nonneg=True)
    m = U @ w
    obj = 0.5 * cp.sum_squares(m - cp.sum(m) / N) / N - T * cp.sum(m) / N
    prob = cp.Problem(cp.Minimize(obj), [cp.sum(w) == 1])
    prob.solve(solver="OSQP", eps_abs=1e-12, eps_rel=1e-12, max_iter=400000, polishing=True)
    if prob.status not in ("optimal", "optimal_inaccurate"):
        raise SolverDisagreement(f"OSQP (41) status {prob.status}")
    return float(prob.value), prob.status


def _solve_qp(U, params):
    from .. import truth

    T = params["T"]
    s = truth.adaboost_qp_eq41(U, T)
    v2, st2 = _qp_second(U, T)
    solvers = [_solver("Clarabel via refboost.truth.adaboost_qp_eq41, (41)", s.value, s.status),
               _solver("OSQP via cvxpy, (41) in the margins", v2, st2)]
    return s.value, _clean_simplex(s.x["w"]), None, {}, solvers


# ------------------------------------------------------------------------------------------
# Sun, Todorovic & Li: (20), (35)
# ------------------------------------------------------------------------------------------

BETAS = (1e-3, 0.01, 0.1, 1.0, 10.0, 0.3)


def _beta_specs(rng, betas=BETAS):
    out = []
    for i, (name, U, tags, extra) in enumerate(base_mats(rng)):
        b = _cycle(betas, i)
        out.append((f"{name}_beta{b:g}", U, {"beta": b}, tags, extra))
    for b in (100.0, 1e3):
        U = rng.uniform(-1, 1, (15, 10))
        out.append((f"random_uniform_N15_K10_beta{b:g}", U, {"beta": b}, ("random", "uniform"), {}))
    return out


def _check_beta(params):
    return _real(params, "beta", low=0.0, low_open=True, what="beta > 0")


def _solve_sun(U, params, kind):
    from .. import truth

    b = params["beta"]
    if kind == "kl":
        p, d = truth.sun_kl_primal(U, b), truth.sun_kl_dual(U, b)
    else:
        p, d = truth.sun_norm2_primal(U, b), truth.sun_norm2_dual(U, b)
    eq = "(20)" if kind == "kl" else "(35)"
    dd = np.maximum(np.asarray(p.d, dtype=float), 0.0)
    dd /= dd.sum()
    sol = {"gamma": p.gamma, "alpha_multipliers": p.alpha}
    if kind == "norm2":
        sol.update({"u": d.u, "rho": d.rho})
    solvers = [_solver(f"Clarabel via refboost.truth.sun_{kind}_primal, {eq}", p.value, p.status),
               _solver(f"Clarabel via refboost.truth.sun_{kind}_dual, {eq[:-1]}-D)", d.value, d.status)]
    return p.value, _clean_simplex(d.alpha), dd, sol, solvers


# ------------------------------------------------------------------------------------------
# dynamics: AdaBoost's reduced iterated map (Rudin, Daubechies & Schapire 2003)
# ------------------------------------------------------------------------------------------


def _dynamics_specs(rng):
    from .. import dynamics as dyn
    from ..instances import adaboost_not_max_margin_11x20, one_mistake, rudin_3x3, rudin_nonoptimal_4x5

    out = []
    M3 = rudin_3x3()
    a, b = (3.0 - math.sqrt(5.0)) / 4.0, (math.sqrt(5.0) - 1.0) / 4.0
    out.append(("rudin_3x3_uniform", M3, {"iterations": 40, "start": [1 / 3] * 3}, ("3x3", "ties"), {}))
    cyc, cycp = dyn.golden_cycles_3x3()
    out.append(("rudin_3x3_golden_cycle", M3, {"iterations": 30, "start": cyc[0].tolist()}, ("3x3", "cycle"), {}))
    out.append(("rudin_3x3_golden_cycle_prime", M3, {"iterations": 30, "start": cycp[0].tolist()},
                ("3x3", "cycle"), {}))
    for k in range(5):
        d0 = rng.dirichlet(np.ones(3))
        out.append((f"rudin_3x3_random_start_{k}", M3, {"iterations": 40, "start": d0.tolist()}, ("3x3", "random"), {}))
    for m in range(3, 13):
        q, r, pts = dyn.one_mistake_cycle(m)
        out.append((f"one_mistake_{m}x{m}_cycle", one_mistake(m), {"iterations": 3 * m, "start": pts[0].tolist()},
                    ("mxm", "cycle"), {}))
    for m in (4, 6, 9):
        out.append((f"one_mistake_{m}x{m}_uniform", one_mistake(m), {"iterations": 4 * m, "start": [1.0 / m] * m},
                    ("mxm", "ties"), {}))
    M45 = rudin_nonoptimal_4x5()
    top = a
    for k, eps in enumerate((top / 2.0, top / 4.0, 0.75 * top)):
        d0 = dyn.nonoptimal_cycle_start_4x5(eps)
        out.append((f"rudin_4x5_nonoptimal_cycle_{k}", M45, {"iterations": 30, "start": d0.tolist()},
                    ("4x5", "cycle", "non_optimal"), {}))
    out.append(("rudin_4x5_uniform", M45, {"iterations": 60, "start": [0.25] * 4}, ("4x5", "ties"), {}))
    M11 = adaboost_not_max_margin_11x20()
    out.append(("rudin_11x20_uniform", M11, {"iterations": 80, "start": [1 / 11] * 11},
                ("11x20", "counterexample"), {}))
    for k in range(3):
        d0 = rng.dirichlet(np.ones(11))
        out.append((f"rudin_11x20_random_start_{k}", M11, {"iterations": 60, "start": d0.tolist()},
                    ("11x20", "counterexample", "random"), {}))
    from .. import truth

    for m, n in [(5, 6), (7, 9), (8, 12), (6, 10), (9, 15)]:
        # the map needs 0 < r < 1 at every step: rho > 0 (every d has a positive edge) and no all-+1 column
        while True:
            M = rng.choice([-1.0, 1.0], size=(m, n))
            if not np.any(np.all(M > 0, axis=0)) and truth.soft_margin_lp(M, 1.0).value > 0.05:
                break
        out.append((f"random_pm1_{m}x{n}", M, {"iterations": 40, "start": [1.0 / m] * m}, ("random",), {}))
    _ = b
    return out


def _check_dynamics(params, U):
    if "iterations" not in params or "start" not in params:
        raise ValueError("params must contain 'iterations' (an int >= 1) and 'start' (a distribution of length N)")
    check_int(params["iterations"], "iterations", low=1)
    d0 = check_distribution(params["start"], _N(U), "start")
    if np.any(d0 <= 0):
        raise ValueError(f"start must be positive entrywise (AdaBoost's start), min entry {d0.min()}")
    tt = params.get("tie_tol", 1e-10)
    _real({"tie_tol": tt}, "tie_tol", low=0.0, what="tie tolerance >= 0")


def adaboost_trajectory(U, params):
    """AdaBoost's iterates by the reduced map (float, renormalised), the columns, the edges and the
    normalised combined weights lambda / ||lambda||_1."""
    from .. import dynamics as dyn

    tr = dyn.iterate_reduced_map(U, params["start"], int(params["iterations"]),
                                 tie_tol=float(params.get("tie_tol", 1e-10)))
    lam = np.zeros(U.shape[1])
    np.add.at(lam, tr.j, np.arctanh(tr.r))
    return tr, lam / lam.sum()


def _decimal_trajectory(U, params, js):
    """The same columns iterated in 60-digit decimal arithmetic from the float start (read exactly),
    renormalised every step; the float iterates are compared with it."""
    import decimal

    ctx = decimal.Context(prec=60)
    M = np.asarray(U).astype(int)
    d = [ctx.create_decimal(Fraction(float(x)).numerator) / ctx.create_decimal(Fraction(float(x)).denominator)
         for x in params["start"]]
    d = [ctx.divide(x, sum(d)) for x in d]
    ds = [d]
    m = len(d)
    one = decimal.Decimal(1)
    for j in js:
        r = sum((int(M[i, j]) * d[i] for i in range(m)), decimal.Decimal(0))
        d = [ctx.divide(d[i], one + int(M[i, j]) * r) for i in range(m)]
        s = sum(d)
        d = [ctx.divide(x, s) for x in d]
        ds.append(d)
    return np.array([[float(x) for x in row] for row in ds])


def _solve_dynamics(U, params):
    from .. import dynamics as dyn

    tr, w = adaboost_trajectory(U, params)
    ex = _decimal_trajectory(U, params, tr.j)
    dev = float(np.max(np.abs(ex - tr.d)))
    # the high-precision orbit must choose the same columns (edges within 1e-9 of the maximum)
    edges_ex = ex[:-1] @ np.asarray(U, dtype=float)
    ok_choice = all(edges_ex[t, j] >= edges_ex[t].max() - 1e-9 for t, j in enumerate(tr.j))
    if not ok_choice:
        raise SolverDisagreement("the high-precision orbit would choose other columns")
    p, pts = dyn.detect_cycle(tr.d, tol=1e-7, max_period=min(60, len(tr.d) // 2))
    sol = {"d": tr.d, "j": tr.j, "r": tr.r, "exact_max_deviation": dev}
    if p is not None:
        T = len(tr.j)
        sol["cycle"] = {"period": p, "points": pts, "columns": tr.j[T - p:],
                        "margin": dyn.cycle_margin(U, tr.j[T - p:], tr.r[T - p:])}
    margin = float(np.min(np.asarray(U, dtype=float) @ w))
    sol["final_margin"] = margin
    solvers = [_solver("refboost.dynamics.iterate_reduced_map (float64, renormalised), final margin", margin),
               _solver("60-digit decimal arithmetic (decimal) on the same columns, final margin",
                       float(np.min(np.asarray(U, dtype=float) @ w)))]
    solvers[1]["max_iterate_deviation"] = dev
    return margin, w, tr.d[-1], sol, solvers


def certify_dynamics(U, params, weights=None, distribution=None, tol=None):
    """Compare a candidate trajectory (array (T+1, N)), or a final distribution (N,), and optionally the
    normalised combined weights (K,), with AdaBoost's iterates recomputed from ``(U, params)``."""
    tol = DYNAMICS_TOL if tol is None else check_tol(tol)
    _check_dynamics(params, U)
    U = np.asarray(U, dtype=float)
    tr, w_ref = adaboost_trajectory(U, params)
    devs, feas, kkt = [], 0.0, {}
    if distribution is not None:
        d = check_array(distribution, "distribution", min_size=0)
        if d.ndim == 1:
            check_length(d, U.shape[0], "distribution", "N")
            ref = tr.d[-1]
        elif d.ndim == 2 and d.shape[1] == U.shape[0] and 1 <= d.shape[0] <= tr.d.shape[0]:
            ref = tr.d[: d.shape[0]]
        else:
            raise ValueError(f"distribution must have shape (N,) or (t, N) with t <= {tr.d.shape[0]}, N = {U.shape[0]}")
        dev = float(np.max(np.abs(d - ref)))
        devs.append(dev)
        kkt["d_max_deviation"] = dev
        rows = d.reshape(-1, U.shape[0])
        feas = max(feas, float(np.max(np.maximum(-rows, 0.0))), float(np.max(np.abs(rows.sum(axis=1) - 1.0))))
    if weights is not None:
        w = check_weights(weights, U.shape[1])
        dev = float(np.max(np.abs(w - w_ref)))
        devs.append(dev)
        kkt["weights_max_deviation"] = dev
        feas = max(feas, C._core.simplex_violation(w))
    if not devs:
        raise ValueError("give a distribution (trajectory or final d), weights, or both")
    gap = max(devs)
    ok = bool(gap <= tol and feas <= C.FEAS_TOL)
    msg = (f"candidate within {tol:.3g} of AdaBoost's iterates" if ok else
           (f"candidate infeasible: worst violation {feas:.3g}" if feas > C.FEAS_TOL
            else f"deviation {gap:.3g} > tolerance {tol:.3g}"))
    kkt["final_margin_reference"] = float(np.min(U @ w_ref))
    return C.Certificate(problem="dynamics", equation="Rudin, Daubechies & Schapire (2003), reduced iterated map",
                         sense="min", objective=gap, bound=0.0, gap=gap, feasibility=feas, tol=float(tol), ok=ok,
                         bound_source="AdaBoost's iterates recomputed by refboost.dynamics.iterate_reduced_map",
                         message=msg, kkt=kkt)


# ------------------------------------------------------------------------------------------
# Demiriz, Bennett & Shawe-Taylor (2002): LPBoost's LP with the trade-off C given
# ------------------------------------------------------------------------------------------


def _check_C_demiriz(params, U):
    return _real(params, "C", low=0.0, low_open=True, what="the trade-off C > 0")


def _demiriz_specs(rng):
    """The 30 base matrices at a cycle of C (tiny, of order 1, huge) and the hard cases: every
    margin violated at the optimum (a = 0; and C at the threshold, where a whole face is optimal), duplicate
    rows and columns (ties), tiny and huge C on separable and non-separable matrices, and C = 1/(nu gamma*)
    from the nu-form (the optimum is then 1/gamma*, stored as a third check)."""
    from .. import truth

    out = []
    for i, (name, U, tags, extra) in enumerate(base_mats(rng)):
        Cs = [1.0, 1e-6, 0.5, 3.0, 1e6, 0.25]
        Cv = _cycle(Cs, i)
        t = tags + (("C_tiny",) if Cv <= 1e-4 else ()) + (("C_huge",) if Cv >= 1e4 else ())
        out.append((f"{name}_C{Cv:.6g}", U, {"C": Cv}, t, extra))
    # every margin violated: C below and at 1/max_q sum_n U_nq (u = C 1 is dual feasible; a = 0 optimal)
    U = rng.choice([-1.0, 1.0], size=(16, 10))
    U[:, 0] = 1.0  # a column with a positive total edge
    top = float(U.sum(axis=0).max())
    for lab, Cv in (("below", 0.5 / top), ("at", 1.0 / top)):
        out.append((f"all_violated_{lab}_threshold_C{Cv:.6g}", U, {"C": Cv}, ("hard", "all_violated"), {}))
    # every column with a negative total edge: a = 0 at every C, all margins violated
    V = -np.abs(rng.uniform(0.1, 1.0, size=(12, 6)))
    V[::3] *= -0.5
    out.append(("all_violated_negative_edges_C10", V, {"C": 10.0}, ("hard", "all_violated"), {}))
    # duplicate rows and duplicate columns (ties, non-unique optima)
    B = rng.choice([-1.0, 1.0], size=(8, 6))
    D = np.vstack([B, B, B[:3]])
    out.append(("duplicate_rows_C0.3", D, {"C": 0.3}, ("hard", "ties", "duplicate_rows"), {}))
    Dc = np.hstack([B, B[:, :3], B[:, :2]])
    out.append(("duplicate_columns_C0.3", Dc, {"C": 0.3}, ("hard", "ties", "duplicate_columns"), {}))
    # tiny and huge C on a separable (one_mistake: rho > 0) and a non-separable matrix
    S = np.ones((6, 6)) - 2 * np.eye(6)
    NS = rng.uniform(-1.0, 1.0, size=(20, 8))
    for lab, M in (("separable", S), ("nonseparable", NS)):
        for Cv in (1e-9, 1e8):
            tag = "C_tiny" if Cv < 1 else "C_huge"
            out.append((f"{lab}_C{Cv:g}", M, {"C": Cv}, ("hard", tag, lab), {}))
    # C = 1/(nu gamma*) of the nu-form with gamma* > 0: the optimum is 1/gamma*
    for k, (n, K, nu) in enumerate([(20, 14, 2.0), (30, 20, 4.5)]):
        while True:
            M = rng.uniform(-0.5, 1.0, size=(n, K))
            g = truth.soft_margin_lp(M, nu).value
            if g > 0.05:
                break
        extra = {"nu_equivalent": {"nu": nu, "soft_margin_lp_value": g, "expected_value": 1.0 / g,
                                   "note": "C = 1/(nu gamma*): the optimum is 1/gamma* (Glocer (2009) (2.3) scaled)"}}
        out.append((f"nu_equivalent_{k}_nu{nu:g}", M, {"C": 1.0 / (nu * g)}, ("nu_equivalent",), extra))
    return out


def _solve_demiriz(U, params):
    from .. import truth

    Cv = float(params["C"])
    s = truth.demiriz_lp(U, Cv)
    v2, u2, st2 = truth.demiriz_dual_cvx(U, Cv)
    from ..certify.lp import _demiriz_dual_point

    u, _ = _demiriz_dual_point(U, np.asarray(s.u, dtype=float), Cv)  # HiGHS's u exactly onto the feasible set
    sol = {"xi": s.xi, "highs_method": s.method, "weights_normalised": (s.a / s.a.sum()) if s.a.sum() > 0 else None}
    solvers = [_solver(f"HiGHS ({s.method}) via refboost.truth.demiriz_lp, primal over (a, xi)", s.value, "optimal"),
               _solver("Clarabel via refboost.truth.demiriz_dual_cvx, dual over u", v2, st2)]
    return s.value, s.a, u, sol, solvers


# ------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------


def _clean_simplex(w):
    w = np.maximum(np.asarray(w, dtype=float), 0.0)
    s = w.sum()
    return w / s if s > 0 else np.full(w.shape[0], 1.0 / w.shape[0])


# ------------------------------------------------------------------------------------------
# the registry
# ------------------------------------------------------------------------------------------


def _c_soft(U, p, w, d, tol, bound):
    return C.soft_margin_lp(U, w, nu=p["nu"], distribution=d, tol=tol, bound=bound)


def _c_hard(U, p, w, d, tol, bound):
    return C.hard_margin(U, w, distribution=d, tol=tol, bound=bound)


def _c_lpreg(U, p, w, d, tol, bound):
    return C.lp_reg(U, w, C=p["C"], distribution=d, tol=tol, bound=bound)


def _c_erlp(U, p, w, d, tol, bound):
    return C.erlp_36(U, w, nu=p["nu"], eta=p["eta"], distribution=d, tol=tol)


def _c_binary(U, p, w, d, tol, bound):
    return C.binary_erlp_325(U, w, nu=p["nu"], eta=p["eta"], distribution=d, tol=tol)


def _c_softboost(U, p, w, d, tol, bound):
    return C.softboost_31(U, d, nu=p["nu"], bound=p["bound"], weights=w, tol=tol)


def _corr_args(U, w, d):
    U = np.asarray(U, dtype=float)
    if U.ndim != 2 or U.shape[1] != 2:
        raise ValueError(f"U must have two columns (u, ubar) for the corrective problems, got shape {U.shape}")
    if d is None:
        raise ValueError("distribution (the candidate d) is required for the corrective problems")
    wt = None if w is None else float(np.asarray(w, dtype=float).reshape(-1)[0])
    return U[:, 0], U[:, 1], wt


def _c_corr(U, p, w, d, tol, bound):
    u, ubar, wt = _corr_args(U, w, d)
    return C.corrective_46(u, ubar, d, nu=p["nu"], eta=p["eta"], w_t=wt, tol=tol)


def _c_corr_bin(U, p, w, d, tol, bound):
    u, ubar, wt = _corr_args(U, w, d)
    return C.corrective_binary_412(u, ubar, d, nu=p["nu"], eta=p["eta"], w_t=wt, tol=tol)


def _c_smoothed(U, p, w, d, tol, bound):
    return C.smoothed_soft_margin(U, w, nu=p["nu"], eta=p["eta"], distribution=d, tol=tol,
                                  bound="dual" if bound == "auto" else bound)


def _c_ada(U, p, w, d, tol, bound):
    return C.adaboost_l1(U, w, T=p["T"], tol=tol, bound=bound)


def _c_logit(U, p, w, d, tol, bound):
    return C.logitboost_l1(U, w, T=p["T"], tol=tol, bound=bound)


def _c_hinge(U, p, w, d, tol, bound):
    return C.generalized_hinge(U, w, D=p["D"], p=p["p"], distribution=d, tol=tol, bound=bound)


def _c_qp(U, p, w, d, tol, bound):
    return C.adaboost_qp(U, w, T=p["T"], tol=tol, bound=bound)


def _c_kl(U, p, w, d, tol, bound):
    return C.sun_kl(U, w, beta=p["beta"], distribution=d, tol=tol, bound=bound)


def _c_norm2(U, p, w, d, tol, bound):
    return C.sun_norm2(U, w, beta=p["beta"], distribution=d, tol=tol, bound=bound)


def _c_demiriz(U, p, w, d, tol, bound):
    return C.demiriz_lp(U, w, C=p["C"], distribution=d, tol=tol, bound=bound)


def _c_dyn(U, p, w, d, tol, bound):
    return certify_dynamics(U, p, weights=w, distribution=d, tol=tol)


def _chk(*fns):
    def check(params, U):
        for f in fns:
            f(params, U)
    return check


_nu = _check_nu
_eta = lambda p, U: _check_eta(p)  # noqa: E731
_T = lambda p, U: _check_T(p)  # noqa: E731
_beta = lambda p, U: _check_beta(p)  # noqa: E731
_bnd = lambda p, U: _check_bound_param(p)  # noqa: E731


def _nu_binary(params, U):
    N = _N(U)
    check_nu(_present(params, "nu", f"capping parameter in [1, N) = [1, {N})"), N, binary=True)


FAMILIES: dict[str, Family] = {
    f.name: f
    for f in [
        Family("soft_margin_lp", "Glocer (2009), LPs (2.2)/(2.3)", "soft_margin_lp", "nu in [1, N]",
               _c_soft, _soft_margin_specs, lambda U, p: _solve_lp(U, p["nu"]), _chk(_nu)),
        Family("hard_margin", "Rudin, Daubechies & Schapire (2004) rho; Glocer (2009) (2.2) at nu = 1",
               "hard_margin", "none", _c_hard, _hard_margin_specs, _solve_hard, _chk()),
        Family("erlp_36", "Glocer (2009), (3.6) and its dual (3.10)", "erlp_36", "nu in [1, N], eta > 0",
               _c_erlp, lambda rng: _entropy_specs(rng), _solve_erlp, _chk(_nu, _eta)),
        Family("binary_erlp_325", "Glocer (2009), (3.25)/(3.26)", "binary_erlp_325", "nu in [1, N), eta > 0",
               _c_binary, lambda rng: _entropy_specs(rng, binary=True, offset=1), _solve_binary,
               _chk(_nu_binary, _eta)),
        Family("softboost_31", "Glocer (2009), (3.1) and Lemma 3.1", "softboost_31",
               "nu in [1, N], bound (the right-hand side of the edge constraints)",
               _c_softboost, _softboost_specs, _solve_softboost, _chk(_nu, _bnd)),
        Family("corrective_46", "Glocer (2009), (4.6)/(4.7)", "corrective_46",
               "nu in [1, N], eta > 0; U = [u, ubar]; weights = (w_t, 1 - w_t)",
               _c_corr, lambda rng: _corrective_specs(rng), lambda U, p: _solve_corrective(U, p, False),
               _chk(_nu, _eta)),
        Family("corrective_binary_412", "Glocer (2009), (4.12)/(4.13)", "corrective_binary_412",
               "nu in [1, N), eta > 0; U = [u, ubar]; weights = (w_t, 1 - w_t)",
               _c_corr_bin, lambda rng: _corrective_specs(rng, binary=True),
               lambda U, p: _solve_corrective(U, p, True), _chk(_nu_binary, _eta)),
        Family("smoothed_soft_margin", "Mitsuboshi et al., (9)/(12); Glocer (2009) (3.6)/(3.10)",
               "smoothed_soft_margin", "nu in [1, N], eta > 0",
               _c_smoothed, lambda rng: _entropy_specs(rng, etas=(0.5, 5.0, 50.0, 1e4, 1e6, 2.0), offset=2),
               _solve_smoothed, _chk(_nu, _eta)),
        Family("adaboost_l1", "Shen & Li (2010), (5) times T / dual (15)", "adaboost_l1", "T > 0",
               _c_ada, lambda rng: _T_specs(rng), _solve_adaboost_l1, _chk(_T)),
        Family("logitboost_l1", "Shen & Li (2010), (32) times T / dual (31)", "logitboost_l1", "T > 0",
               _c_logit, lambda rng: _T_specs(rng, (0.1, 0.5, 2.0, 0.05, 1.0)), _solve_logitboost_l1, _chk(_T)),
        Family("generalized_hinge", "Shen & Li (2010), generalised hinge (21)/(22), (27)/(28)", "generalized_hinge",
               "D >= 1/N, p >= 1", _c_hinge, _hinge_specs, _solve_hinge, _check_hinge),
        Family("adaboost_qp", "Shen & Li (2010), (41)", "adaboost_qp", "T > 0",
               _c_qp, lambda rng: _T_specs(rng, (0.01, 0.1, 1.0, 10.0, 0.5)), _solve_qp, _chk(_T)),
        Family("sun_kl", "Sun, Todorovic & Li (2006), (20)/(20-D)", "sun_kl", "beta > 0",
               _c_kl, lambda rng: _beta_specs(rng), lambda U, p: _solve_sun(U, p, "kl"), _chk(_beta)),
        Family("sun_norm2", "Sun, Todorovic & Li (2006), (35)/(35-D)", "sun_norm2", "beta > 0",
               _c_norm2, lambda rng: _beta_specs(rng, (0.01, 0.1, 0.5, 1.0, 3.0, 0.05)),
               lambda U, p: _solve_sun(U, p, "norm2"), _chk(_beta)),
        Family("lp_reg", "Sun, Todorovic & Li (2006), LP_reg (12)/(14)", "lp_reg", "C in [1/N, 1]",
               _c_lpreg, _lp_reg_specs, lambda U, p: _solve_lp(U, min(float(U.shape[0]), 1.0 / p["C"])),
               lambda p, U: _check_C(p, U)),
        Family("demiriz_lp", "Demiriz, Bennett & Shawe-Taylor (2002), LPBoost's LP with C given and its dual",
               "demiriz_lp", "C > 0 (weights a unnormalised; distribution = the dual u, 0 <= u <= C)",
               _c_demiriz, _demiriz_specs, _solve_demiriz, _check_C_demiriz),
        Family("dynamics", "Rudin, Daubechies & Schapire (2003), AdaBoost's reduced iterated map", "(trajectory)",
               "iterations (int >= 1), start (distribution), tie_tol (default 1e-10)",
               _c_dyn, _dynamics_specs, _solve_dynamics, _check_dynamics),
    ]
}
