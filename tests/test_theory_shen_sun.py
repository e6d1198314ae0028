"""The conjugates of Shen & Li (2010), §3 (refboost.conjugates), and Arc-Gv with the clipped step (Algorithm 1)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.special import logsumexp

import refboost as rb
from refboost import claims
from refboost import conjugates as cj
from refboost.boosters.arcgv_clipped import arcgv_clipped


@claims.asserts("Shen-Li Prop 3.1", status="holds", on="random u on the simplex, M in {1, 2, 7, 30}")
@pytest.mark.parametrize("M", [1, 2, 7, 30])
def test_lse_conjugate_is_the_supremum(M):
    rng = np.random.default_rng(M)
    for u in rng.dirichlet(np.full(M, 0.7), 5):
        val, x = cj.numerical_conjugate("lse", u)
        assert abs(val - cj.lse_conjugate(u)) < 1e-9
        # the supremum is attained at x = log u + c 1
        assert np.ptp(x - np.log(u)) < 1e-5


def test_lse_conjugate_off_the_simplex_is_infinite():
    assert cj.lse_conjugate([0.5, 0.6]) == math.inf
    assert cj.lse_conjugate([-0.1, 1.1]) == math.inf
    assert cj.lse_conjugate([0.0, 1.0]) == 0.0  # 0 log 0 = 0
    # the growth the proof uses: x = t 1 when 1^T u != 1, x = -t e_k when u_k < 0
    u = np.array([0.5, 0.6])
    assert [u @ (t * np.ones(2)) - logsumexp(t * np.ones(2)) for t in (10, 100)][1] > 9.0
    u = np.array([-0.1, 1.1])
    assert u @ np.array([-100.0, 0]) - logsumexp([-100.0, 0]) > 9.9


@claims.asserts("Shen-Li logit conjugate", status="holds", on="a grid of (-1, 0), points outside, endpoints")
def test_logit_and_softplus_conjugates():
    for u in np.linspace(-0.99, -0.01, 50):
        assert abs(cj.numerical_conjugate("logit", u)[0] - cj.logit_conjugate(u)) < 1e-10
        assert abs(cj.numerical_conjugate("softplus", -u)[0] - cj.softplus_conjugate(-u)) < 1e-10
        assert cj.logit_conjugate(u) == cj.softplus_conjugate(-u)
    assert cj.logit_conjugate(-1.0) == cj.logit_conjugate(0.0) == 0.0
    assert cj.logit_conjugate(0.1) == cj.logit_conjugate(-1.1) == math.inf
    assert cj.softplus_conjugate(-0.1) == math.inf


def test_sum_exp_conjugate():
    rng = np.random.default_rng(14)
    for u in rng.uniform(0.01, 4, (10, 3)):
        assert abs(cj.numerical_conjugate("sum_exp", u)[0] - cj.sum_exp_conjugate(u)) < 1e-9
    assert cj.sum_exp_conjugate([0.0, 1.0]) == -1.0
    assert cj.sum_exp_conjugate([-0.1, 1.0]) == math.inf


def test_numerical_conjugate_accepts_a_callable():
    # f(x) = x^2 / 2 is its own conjugate
    val, x = cj.numerical_conjugate(lambda x: (0.5 * float(x @ x), x), np.array([1.5, -2.0]))
    assert abs(val - 0.5 * (1.5**2 + 2.0**2)) < 1e-12 and np.allclose(x, [1.5, -2.0])


@claims.asserts("Shen-Li Def 3.1", status="holds", on="two non-convex 1-D functions, grid conjugates")
@pytest.mark.parametrize("f", [lambda x: x**4 - 3 * x**2 + x, lambda x: np.sin(3 * x) + 0.2 * x**2])
def test_conjugate_of_a_nonconvex_function_is_convex(f):
    xs = np.linspace(-4, 4, 4001)
    us = np.linspace(-10, 10, 201)
    fs = cj.grid_conjugate(f(xs), xs, us)
    assert np.diff(fs, 2).min() > -1e-9
    fss = cj.grid_conjugate(fs, us, xs)
    assert np.all(fss <= f(xs) + 1e-9) and np.max(f(xs) - fss) > 0.1  # the convex envelope, strictly below f


@claims.asserts("Shen-Li smooth max", status="holds", on="random and adversarial vectors, three temperatures")
def test_smooth_max_bounds():
    rng = np.random.default_rng(3)
    vecs = [rng.standard_normal(rng.integers(1, 50)) * 10.0 ** rng.integers(-3, 4) for _ in range(300)]
    vecs += [np.full(9, -4.0), np.r_[500.0, np.zeros(9)], np.r_[1e300, 1e300], np.array([7.0])]
    for a in vecs:
        for T in (1.0, 0.05, 1 / 500):
            lo, hi = cj.smooth_max_bounds(a, T)
            sm = cj.smooth_max(a, T)
            tol = 1e-14 * max(1.0, abs(lo))
            assert lo - tol <= sm <= hi + tol
    assert abs(cj.smooth_max(np.full(9, -4.0)) - (-4.0 + math.log(9))) < 1e-14
    assert cj.smooth_max(np.r_[500.0, np.zeros(9)]) == 500.0


def _weak_U(seed, M=30, N=40):
    rng = np.random.default_rng(seed)
    y = rng.choice([-1.0, 1.0], M)
    return y[:, None] * np.sign(rng.standard_normal((M, N)) + 0.15 * y[:, None])


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_arcgv_clipped_is_algorithm_1(seed):
    U = _weak_U(seed)
    res = arcgv_clipped(rb.MatrixOracle(U), max_iter=60)
    f, s = np.zeros(U.shape[0]), 0.0
    for rec in res.history:
        target = 0.0 if s == 0 else f.min() / s
        with np.errstate(divide="ignore"):
            raw = float(np.arctanh(rec["edge"]) - np.arctanh(target))
        assert rec["target"] == pytest.approx(target, abs=1e-14)
        assert rec["raw_step"] == pytest.approx(raw, abs=1e-12) or rec["raw_step"] == raw == math.inf
        assert rec["alpha"] == min(max(rec["raw_step"], 0.0), 1.0)
        f, s = f + rec["alpha"] * U[:, rec["hypothesis"]], s + rec["alpha"]
    assert abs(res.weights.sum() - 1) < 1e-12
    assert np.abs(U[:, res.hypotheses] @ res.weights - res.margins).max() < 1e-12
    assert np.abs(res.margins - f / s).max() < 1e-12
    assert not res.converged and res.gap >= 0


def test_arcgv_clipped_equals_unfloored_arcgv_until_the_first_clip():
    """Up to its first clipped step, Algorithm 1 is refboost.arcgv with the unfloored target (floor=None)."""
    U = np.array([[1.0, 1.0, -1.0], [1.0, -1.0, 1.0], [1.0, 1.0, 1.0], [-1.0, 1.0, 1.0], [1.0, 1.0, 1.0]])
    res = arcgv_clipped(rb.MatrixOracle(U), max_iter=1)
    ref = rb.arcgv(rb.MatrixOracle(U), max_iter=1, floor=None)
    assert 0 < res.history[0]["raw_step"] < 1
    assert res.history[0]["alpha"] == pytest.approx(ref.history[0]["alpha"], abs=1e-14)
    assert res.hypotheses == ref.hypotheses


def test_arcgv_clipped_clips_and_rejects_non_pm1_columns():
    U = np.array([[1.0, 1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]])
    res = arcgv_clipped(rb.MatrixOracle(U), max_iter=5)
    # round 1: AdaBoost's step; round 2: the minimum margin of one hypothesis is -1, artanh(-1) = -inf, clipped to 1
    assert res.history[0]["alpha"] == pytest.approx(math.atanh(0.5))
    rec = res.history[1]
    assert rec["target"] == -1.0 and rec["raw_step"] == math.inf and rec["alpha"] == 1.0
    with pytest.raises(ValueError, match="hypotheses"):
        arcgv_clipped(rb.MatrixOracle(0.5 * U), max_iter=3)
    with pytest.raises(ValueError, match="max_iter"):
        arcgv_clipped(rb.MatrixOracle(U), max_iter=0)
