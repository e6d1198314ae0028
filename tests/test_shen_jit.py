"""Compiled restricted master of AdaBoost-CG / LogitBoost-CG (``refboost._jit.shen``) vs the numpy reference.

Two paths: every kernel against the numpy code it replaces (``exp_master`` / ``logistic_master`` ``point`` and
``line``, ``_Master._direction``, ``_Master._ratio_test``, ``numpy.linalg.solve``), and whole column-generation
runs with ``shen.USE_JIT = True`` (``_JitMaster``) against ``USE_JIT = False`` (the numpy ``_Master``): the same
columns, the same Newton steps per master, objectives, gaps, weights and distribution equal to round-off
(``ITER_TOL``; the instances here are well conditioned, so the 1-ulp differences of the loop sums do not get
amplified through the inexact masters' stopping tests, as they do on mushrooms at 1/T = 82 — see
benchmarks/check_shen_iterates.py). Extreme inputs: T = 1/500 (no overflow), the re-shifted line evaluation whose
bound underflows every term, ties in the ratio test, the fallback to ``_newton.maximize``.
"""

from __future__ import annotations

import copy

import numpy as np
import pytest

pytest.importorskip("numba", reason="the compiled kernels need the [fast] extra (numba)")

import refboost as rb
from refboost._jit import shen as J
from refboost._jit.constants import SHEN_TUNING
from refboost.boosters import shen

KERNEL_TOL = 1e-12  # one evaluation: relative difference of values, gradients, directions
#: the kernels sum sequentially (error bound ~ N ulp), numpy pairwise / BLAS: N-sized sums get KERNEL_TOL per SUM_BLOCK
SUM_BLOCK = 1000
ITER_TOL = 1e-12  # whole runs: relative difference of the per-iteration objectives
#: whole runs: gaps, weights, distribution (first-order quantities: where the restricted curvature is nearly singular
#: on the face, the two paths' lambda differ by ~cond * ulp, ~1e-10 on one instance below, while the objective,
#: flat to first order there, still agrees to 1e-15)
FIRST_ORDER_TOL = 1e-8
MAKERS = {J.EXP: shen.exp_master, J.LOGISTIC: shen.logistic_master}


def rel(a, b) -> float:
    a, b = np.asarray(a, float), np.asarray(b, float)
    return float(np.max(np.abs(a - b) / (1.0 + np.abs(b)), initial=0.0))


def random_U(M, N, seed, corr=0.3):
    rng = np.random.default_rng(seed)
    y = rng.choice([-1.0, 1.0], M)
    H = np.sign(rng.standard_normal((M, N)) + corr * y[:, None])
    return y[:, None] * H


@pytest.mark.parametrize("kind", [J.EXP, J.LOGISTIC])
@pytest.mark.parametrize("T", [1 / 500, 0.05, 1.0, 10.0])
@pytest.mark.parametrize("N", [1, 7, 1000, 100_000])
def test_point_and_line_match_reference(kind, T, N):
    rng = np.random.default_rng(N)
    f, _ = MAKERS[kind](T)
    m = rng.uniform(-1, 1, N)
    val_r, u_r, aux = f.point(m)
    u, z = np.empty(N), np.empty(N)
    val, zmax = J.point(kind, T, m, u, z)
    assert np.isfinite(val) and np.all(np.isfinite(u))
    tol = KERNEL_TOL * max(1.0, N / SUM_BLOCK)
    assert rel(val, val_r) <= tol and rel(u, u_r) <= tol
    if kind == J.EXP:
        assert rel(z, aux[0]) <= KERNEL_TOL and zmax == aux[1]
    v = rng.uniform(-2, 2, N)
    phi = f.line(m, v, aux)
    ninv = -1.0 / T
    if kind == J.EXP:
        vt = v * ninv
        vtmax = float(vt.max())
        vt -= vtmax
        z0, z0max = z, zmax
    else:
        vt, vtmax, z0, z0max = v * ninv, 0.0, m * ninv, 0.0
    for a in (0.0, 1e-3, 0.37, 1.0, 3.0):
        ref = phi(a)
        got = J._phi(kind, T, z0, z0max, vt, vtmax, v, a, shen._LSE_TINY)
        assert np.all(np.isfinite(got))
        assert rel(got, ref) <= tol, (a, got, ref)


def test_line_reshift_when_the_bound_underflows():
    """T = 1/500: the bound max(-m/T) + a max(-v/T) is 500 above the true maximum, every term underflows."""
    T = 1 / 500
    f, _ = shen.exp_master(T)
    m, v = np.array([0.0, 1.0]), np.array([1.0, -1.0])
    val_r, _, aux = f.point(m)
    u, z = np.empty(2), np.empty(2)
    _, zmax = J.point(J.EXP, T, m, u, z)
    vt = v * (-1.0 / T)
    vtmax = float(vt.max())
    vt -= vtmax
    assert np.exp(z + vt).sum() <= shen._LSE_TINY  # the re-shift branch is taken at a = 1
    got = J._phi(J.EXP, T, z, zmax, vt, vtmax, v, 1.0, shen._LSE_TINY)
    assert np.all(np.isfinite(got)) and rel(got, f.line(m, v, aux)(1.0)) <= KERNEL_TOL


def test_solve_small_and_ratio_test():
    rng = np.random.default_rng(3)
    for k in (1, 2, 5, 30):
        B = rng.standard_normal((k + 3, k))
        A = B.T @ B + 1e-3 * np.eye(k)
        b = rng.standard_normal(k)
        x = b.copy()
        assert J._solve_small(A.copy(), x, k)
        assert rel(x, np.linalg.solve(A, b)) <= 1e-9
    assert not J._solve_small(np.zeros((2, 2)), np.ones(2), 2)
    master = shen._Master(*shen.exp_master(1.0), 3)
    for lam, s in (([0.5, 0.25, 0.25], [-1.0, 0.5, 0.5]),  # one negative
                   ([0.2, 0.4, 0.4], [-1.0, -2.0, 3.0]),  # tie: ratio 0.2 at both, the first index wins
                   ([0.5, 0.5, 0.0], [0.1, 0.2, 0.3])):  # none negative
        master.lam = np.array(lam)
        r = master._ratio_test(np.array(s))
        assert J._ratio_test(np.array(lam), np.array(s)) == ((np.inf, -1) if r[1] is None else r)


def _reference_master_midrun(kind, T, U, cols):
    """A numpy master with ``cols`` columns added and solved (to a loose tolerance), a valid bordered model."""
    f, centred = MAKERS[kind](T)
    m = shen._Master(f, centred, U.shape[0])
    for j in range(cols):
        m.add(U[:, j].copy())
        m.solve(0.5 * max(m.measure, 1e-9))
    return m


@pytest.mark.parametrize("kind", [J.EXP, J.LOGISTIC])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_direction_matches_reference(kind, seed):
    U = random_U(60, 25, seed)
    m = _reference_master_midrun(kind, 0.2, U, 14)
    if not m.valid or m.n_model != m.t:
        m._refresh_model()
    ref = copy.deepcopy(m)
    s_ref = ref._direction()
    cap = m.Lbuf.shape[0]
    s = np.zeros(cap)
    state = J.new_state()
    state["jmax"] = m.jmax
    par = SHEN_TUNING
    ok = J._direction(m.lam, m.gbuf, m.Lbuf, m.LTbuf, np.zeros((cap, cap + 1), order="F"), np.zeros((cap + 1, cap + 1)),
                      np.zeros(cap, np.int64), state[0], s, np.zeros(cap, np.int64), par, np.zeros((cap + 2, cap + 1)))
    assert ok == (s_ref is not None)
    if ok:
        assert rel(s[: m.t], s_ref) <= 1e-10 * max(1.0, float(np.abs(s_ref).max()))


def _run_both(alg, oracle, monkeypatch, **kw):
    out = {}
    for jit in (False, True):
        monkeypatch.setattr(shen, "USE_JIT", jit)
        out[jit] = getattr(rb, alg)(oracle, **kw)
    return out[False], out[True]


def _assert_same_iterates(a, b):
    assert a.hypotheses == b.hypotheses
    assert [h["master_iter"] for h in a.history] == [h["master_iter"] for h in b.history]
    for key, tol in (("objective", ITER_TOL), ("gap", FIRST_ORDER_TOL), ("master_gap", FIRST_ORDER_TOL)):
        x, y = a.history_array(key), b.history_array(key)
        fin = np.isfinite(x)
        assert np.array_equal(fin, np.isfinite(y)) and rel(y[fin], x[fin]) <= tol, key
    T = a.params["T"]
    assert rel(b.weights * T, a.weights * T) <= FIRST_ORDER_TOL
    assert rel(b.distribution, a.distribution) <= FIRST_ORDER_TOL
    assert b.converged == a.converged and rel(b.gap, a.gap) <= FIRST_ORDER_TOL


@pytest.mark.parametrize("alg", ["adaboost_cg", "logitboost_cg"])
@pytest.mark.parametrize("T", [1 / 40, 0.2, 2.0])
@pytest.mark.parametrize("seed", [0, 1])
def test_runs_match_reference_matrix(alg, T, seed, monkeypatch):
    oracle = rb.MatrixOracle(random_U(120, 80, seed), reflexive=True)
    a, b = _run_both(alg, oracle, monkeypatch, T=T, eps=1e-6, max_iter=100)
    assert isinstance(shen._JitMaster(*shen.exp_master(T), 3), shen._Master)
    _assert_same_iterates(a, b)
    assert np.all(np.isfinite(b.weights)) and np.isfinite(b.extra["primal_objective"])


#: T = 1/500: iterations over which the two paths still agree to ITER_TOL (then the inexact masters amplify the
#: 1-ulp differences of the sums ~10-100x per column: the path is chaotic at this T, for either implementation)
TINY_T_PREFIX = 10


@pytest.mark.parametrize("alg", ["adaboost_cg", "logitboost_cg"])
@pytest.mark.parametrize("seed", [0, 1])
def test_tiny_T_no_overflow_and_certified(alg, seed, monkeypatch):
    """T = 1/500 (u_max / u_min up to e^1000): finite iterates, the same first columns, and both final objectives
    within their certificates of the full optimum, so within the sum of the two of each other. The gap certifies
    T times the primal objective (``certify.result``'s objective), so on ``primal_objective`` it is gap / T."""
    T = 1 / 500
    oracle = rb.MatrixOracle(random_U(120, 80, seed), reflexive=True)
    a, b = _run_both(alg, oracle, monkeypatch, T=T, eps=1e-6, max_iter=100)
    assert b.converged and a.converged
    assert np.all(np.isfinite(b.weights)) and np.all(np.isfinite(b.distribution)) and b.distribution.min() >= 0
    k = TINY_T_PREFIX
    assert a.hypotheses[:k] == b.hypotheses[:k]
    assert rel(b.history_array("objective")[1:k], a.history_array("objective")[1:k]) <= ITER_TOL
    assert abs(a.extra["primal_objective"] - b.extra["primal_objective"]) <= (a.gap + b.gap) / T


@pytest.mark.parametrize("alg", ["adaboost_cg", "logitboost_cg"])
def test_runs_match_reference_stumps(alg, monkeypatch):
    """Stumps on a synthetic set: columns clipped to 0 and re-entering, refreshes, line searches."""
    rng = np.random.default_rng(7)
    X = rng.uniform(-1, 1, (300, 6))
    y = np.where(X[:, 0] + 0.5 * X[:, 1] ** 2 - 0.3 * X[:, 2] + 0.3 * rng.standard_normal(300) > 0, 1.0, -1.0)
    oracle = rb.StumpOracle(X, y)
    T = 1.0 / rb.adaboost(oracle, max_iter=200, store_d=False).extra["norm"]
    a, b = _run_both(alg, oracle, monkeypatch, T=T, eps=1e-6, max_iter=150)
    assert b.n_iter > 20 and b.extra["n_refresh"] == a.extra["n_refresh"] >= 1
    _assert_same_iterates(a, b)


def test_fallback_to_general_solver(monkeypatch):
    """FAST_MAX_ITER = 0: every master goes to _newton.maximize; the compiled master takes its result back."""
    monkeypatch.setattr(shen.master, "FAST_MAX_ITER", 0)
    oracle = rb.MatrixOracle(random_U(80, 40, 5), reflexive=True)
    a, b = _run_both("adaboost_cg", oracle, monkeypatch, T=0.1, eps=1e-6, max_iter=60)
    _assert_same_iterates(a, b)
    assert b.converged


def test_capacity_growth(monkeypatch):
    """More than 64 columns: the buffers (factor, Y cache, lambda) double and the runs still agree."""
    oracle = rb.MatrixOracle(random_U(200, 150, 11, corr=0.05), reflexive=True)
    a, b = _run_both("adaboost_cg", oracle, monkeypatch, T=1 / 60, eps=1e-7, max_iter=140)
    assert b.n_iter > 64
    _assert_same_iterates(a, b)
