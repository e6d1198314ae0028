"""Certificates of Shen & Li (2010) (``refboost.certify.shen``) against the conic ground truth.

For each problem -- AdaBoost_l1 (5)/(15), the logistic loss (32)/(31), the generalised hinge with its
Tsallis dual (28) (and the LP (22) at p = 1), AdaBoost-QP (41) -- the optimum that
``refboost.truth`` (Clarabel) returns must be certified, a perturbed candidate must not, and the gap
must bound the true suboptimality computed from the ground-truth optimum. The certificates read the
weights only; they never call a booster.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import refboost as rb
from refboost import truth
from refboost.certify import shen as cs
from refboost.certify.results import registered
from refboost.instances import threshold_pool

#: Tolerance at which a Clarabel optimum must certify. Clarabel's optimal values are accurate to ~1e-9, its
#: weights to ~1e-5; a dual point built from the weights is first-order in that error, so the gap of the
#: ground-truth weights is ~1e-6 on these instances.
TRUTH_TOL = 1e-4


def random_U(N=30, K=12, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.choice([-1.0, 1.0], N)
    return y[:, None] * np.sign(rng.standard_normal((N, K)) + 0.3 * y[:, None])


def perturb(w, scale, seed=1):
    """Move w (on the simplex scaled to sum s) a fixed distance towards a random vertex (stays feasible)."""
    rng = np.random.default_rng(seed)
    s = w.sum()
    v = np.zeros_like(w)
    v[int(rng.integers(w.size))] = s
    return (1 - scale) * w + scale * v


def lse(z):
    return float(np.max(z) + np.log(np.sum(np.exp(z - np.max(z)))))


@pytest.fixture(autouse=True)
def _warnings_are_errors():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


# ---------------------------------------------------------------------------------------------
# AdaBoost_l1 (5) / (15)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("T", [1 / 2, 1 / 10, 1 / 40])
def test_adaboost_l1_truth_optimum_certified_perturbed_not(seed, T):
    U = random_U(seed=seed)
    sol = truth.adaboost_l1_primal_eq5(U, T)
    w = sol.x["w"] / sol.x["w"].sum() / T  # exactly on 1^T w = 1/T
    cert = cs.adaboost_l1(U, w, T=T, tol=TRUTH_TOL)
    assert cert.ok, cert.report()
    assert abs(cert.objective - T * sol.value) < 1e-7
    # the bound is (15) at a feasible dual point: never above -Opt(15) = T Opt(5), and close to it
    opt15 = truth.adaboost_l1_dual_eq15(U, T).value
    assert -opt15 - TRUTH_TOL <= cert.bound <= -opt15 + 1e-7
    bad = perturb(w, 0.2, seed)
    cb = cs.adaboost_l1(U, bad, T=T, tol=TRUTH_TOL)
    excess = T * (lse(-U @ bad) - sol.value)
    assert excess > TRUTH_TOL and not cb.ok and "gap" in cb.message
    assert cb.gap >= excess - 1e-8  # weak duality: the gap bounds the true (T-scaled) excess
    assert abs(cb.kkt["excess_bound_unscaled"] - cb.gap / T) < 1e-12


def test_adaboost_l1_gap_identity_and_oracle_equals_matrix():
    """gap = max edge - u^T varrho at u = softmax(-U w); an exact oracle gives the matrix's certificate."""
    X = np.random.default_rng(3).uniform(-1, 1, (40, 2))
    y = np.where(X[:, 0] > 0.1, 1.0, -1.0)
    y[:4] *= -1
    oracle = rb.StumpOracle(X, y)
    U = threshold_pool(X, y)
    T = 0.1
    w = np.random.default_rng(4).dirichlet(np.ones(5)) / T
    cols = np.arange(5) * 7 % U.shape[1]
    cm = cs.adaboost_l1(U, w, T=T, hypotheses=cols)
    keys = [oracle.all_keys()[i] for i in range(len(oracle.all_keys()))]
    # the matrix columns as oracle keys: find each column among the oracle's keys
    by_col = {tuple(oracle.column(k)): k for k in keys}
    okeys = [by_col[tuple(U[:, j])] for j in cols]
    co = cs.adaboost_l1(oracle, w, T=T, hypotheses=okeys)
    assert abs(cm.gap - co.gap) < 1e-12 and abs(cm.objective - co.objective) < 1e-12
    m = U[:, cols] @ w
    u = np.exp(-m - lse(-m))
    assert abs(cm.gap - ((U.T @ u).max() - T * u @ m)) < 1e-12


def test_adaboost_l1_infeasible_and_degenerate():
    U = random_U()
    T = 0.5
    w = np.full(U.shape[1], 1.0 / (U.shape[1] * T))
    c = cs.adaboost_l1(U, 1.1 * w, T=T)  # violates 1^T w = 1/T
    assert not c.ok and "infeasible" in c.message
    Z = np.zeros((5, 3))  # every margin 0: u uniform, every edge 0, gap 0
    cz = cs.adaboost_l1(Z, np.array([1 / T, 0, 0]), T=T)
    assert cz.ok and abs(cz.gap) <= 1e-15
    tiny = 1e-200 * random_U(6, 3)
    ct = cs.adaboost_l1(tiny, np.array([0, 1 / T, 0]), T=T, tol=1e-8)
    assert ct.ok and math.isfinite(ct.gap)
    cT = cs.adaboost_l1(random_U(), np.eye(12)[0] / 1e-4, T=1e-4)  # u spans e^{2/T}: logs stay finite
    assert math.isfinite(cT.gap) and math.isfinite(cT.bound)


# ---------------------------------------------------------------------------------------------
# LogitBoost (32) / (31)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("T", [1 / 2, 1 / 10, 1 / 40])
def test_logitboost_l1_truth_optimum_certified_perturbed_not(seed, T):
    U = random_U(seed=seed)
    sol = truth.logitboost_primal_eq32(U, T)
    w = sol.x["w"] / sol.x["w"].sum() / T
    cert = cs.logitboost_l1(U, w, T=T, tol=TRUTH_TOL)
    assert cert.ok, cert.report()
    assert abs(cert.objective - T * sol.value) < 1e-7
    opt31 = truth.logitboost_dual_eq31(U, T).value
    assert -opt31 - TRUTH_TOL <= cert.bound <= -opt31 + 1e-7
    bad = perturb(w, 0.2, seed)
    cb = cs.logitboost_l1(U, bad, T=T, tol=TRUTH_TOL)
    excess = T * (float(np.logaddexp(0, -U @ bad).sum()) - sol.value)
    assert excess > TRUTH_TOL and not cb.ok and cb.gap >= excess - 1e-8


def test_logitboost_l1_underflowing_u():
    """T = 1e-3 with margins 1: u = sigmoid(-1000) underflows to 0; the certificate stays finite."""
    U = np.ones((4, 2))
    c = cs.logitboost_l1(U, np.array([1e3, 0.0]), T=1e-3, tol=1e-8)
    assert c.ok and math.isfinite(c.gap) and c.gap >= 0


# ---------------------------------------------------------------------------------------------
# Generalised hinge: (28) for p > 1, the LP (22) for p = 1
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("p", [1.5, 2.0, 3.0])
@pytest.mark.parametrize("D", [0.05, 0.2])
def test_generalized_hinge_truth_optimum_certified_perturbed_not(p, D):
    U = random_U()
    sol = truth.generalized_hinge_primal(U, D, p)
    w = sol.x["w"] / sol.x["w"].sum()
    cert = cs.generalized_hinge(U, w, D=D, p=p, tol=TRUTH_TOL)
    assert cert.ok, cert.report()
    assert abs(cert.objective - sol.value) < 1e-6
    opt28 = truth.tsallis_dual_eq28(U, D, p).value
    assert opt28 - 1e-7 <= cert.bound <= opt28 + TRUTH_TOL
    assert cert.kkt["u_sum_residual"] < 1e-9
    bad = perturb(w, 0.3)
    cb = cs.generalized_hinge(U, bad, D=D, p=p, tol=TRUTH_TOL)
    assert not cb.ok and cb.objective < sol.value - TRUTH_TOL
    assert cb.gap >= sol.value - cb.objective - 1e-7


def test_generalized_hinge_margin_variable_is_the_maximiser():
    rng = np.random.default_rng(0)
    m = rng.uniform(-1, 1, 25)
    for D, p in ((0.05, 2.0), (1.0, 3.0), (0.1, 1.0001), (10.0, 50.0)):
        rho = cs.hinge_margin_variable(m, D, p)
        g = lambda r, D=D, p=p: r - D * np.sum(np.maximum(r - m, 0.0) ** p)
        grid = np.linspace(m.min(), m.max() + 1, 4001)
        assert g(rho) >= max(g(x) for x in grid) - 1e-9


def test_generalized_hinge_p_near_one_no_overflow():
    """p = 1.0001: c = (pD)^{1-q}/q is ~2^10000 at D = 0.5; the term c sum u^q is evaluated in logarithms."""
    U = random_U(10, 4)
    w = np.full(4, 0.25)
    c = cs.generalized_hinge(U, w, D=0.5, p=1.0001, tol=1e-3)
    assert math.isfinite(c.objective) and math.isfinite(c.bound) and c.gap >= -1e-12
    assert cs.tsallis_term(np.array([1.0, 0.0]), 0.01, 1.0001) == math.inf  # beyond the float range: inf, no error
    # the truth agrees near p = 1 with the LP at nu = 1/D (the (28) value tends to (22)'s)
    lp = truth.soft_margin_lp(U, nu=2.0)
    ok = cs.generalized_hinge(U, lp.w, D=0.5, p=1.0, distribution=lp.d, tol=1e-7, bound="dual")
    assert ok.ok and ok.problem == "soft_margin_lp"


@pytest.mark.parametrize("D", [0.05, 0.2, 1.0])
def test_generalized_hinge_p1_is_the_soft_margin_lp(D):
    U = random_U()
    lp = truth.soft_margin_lp(U, nu=min(1 / D, U.shape[0]))
    c = cs.generalized_hinge(U, lp.w, D=D, p=1.0, distribution=lp.d, tol=1e-7, bound="dual")
    assert c.ok, c.report()
    assert cs.generalized_hinge(U, lp.w, D=D, p=1.0, tol=1e-7).ok  # "auto": HiGHS's dual for a matrix
    assert abs(c.objective - truth.generalized_hinge_primal(U, D, 1.0).value) < 1e-6
    bad = perturb(lp.w, 0.3)
    assert not cs.generalized_hinge(U, bad, D=D, p=1.0, tol=1e-7).ok


# ---------------------------------------------------------------------------------------------
# AdaBoost-QP (41)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("T", [1 / 2, 1 / 10, 1 / 50])
def test_adaboost_qp_truth_optimum_certified_perturbed_not(T):
    U = random_U()
    sol = truth.adaboost_qp_eq41(U, T)
    w = sol.x["w"] / sol.x["w"].sum()
    cert = cs.adaboost_qp(U, w, T=T, tol=TRUTH_TOL)
    assert cert.ok, cert.report()
    assert abs(cert.objective - sol.value) < 1e-7
    b = U.mean(axis=0)
    A = U.T @ U / U.shape[0] - np.outer(b, b)
    assert abs(cert.objective - (0.5 * w @ A @ w - T * b @ w)) < 1e-12  # margin form = (41) as printed
    bad = perturb(w, 0.3)
    cb = cs.adaboost_qp(U, bad, T=T, tol=TRUTH_TOL)
    assert not cb.ok and cb.gap >= cb.objective - sol.value - 1e-8


def test_adaboost_qp_pool_of_keys():
    U = random_U()
    T = 0.1
    pool = [0, 3, 5]
    sol = truth.adaboost_qp_eq41(U[:, pool], T)
    w = sol.x["w"] / sol.x["w"].sum()
    assert cs.adaboost_qp(U, w, T=T, hypotheses=pool, pool=pool, tol=TRUTH_TOL).ok
    assert cs.adaboost_qp(rb.MatrixOracle(U), w, T=T, hypotheses=pool, pool=pool, tol=TRUTH_TOL).ok
    # over the whole matrix the same weights are (generally) not optimal
    full = truth.adaboost_qp_eq41(U, T).value
    if sol.value - full > 1e-4:
        assert not cs.adaboost_qp(U, w, T=T, hypotheses=pool, tol=TRUTH_TOL).ok


# ---------------------------------------------------------------------------------------------
# certify.result on the boosters' results
# ---------------------------------------------------------------------------------------------


def test_registered_and_result_checks_match_booster_certificates():
    assert {"adaboost_cg", "logitboost_cg", "adaboost_qp", "lpboost_hinge"} <= set(registered())
    U = random_U()
    o = rb.MatrixOracle(U, reflexive=True)
    runs = [rb.adaboost_cg(o, T=0.1, eps=1e-8), rb.logitboost_cg(o, T=0.1, eps=1e-8), rb.adaboost_qp(o, T=0.1),
            rb.lpboost_hinge(o, D=0.1, p=2.0, eps=1e-8), rb.lpboost_hinge(o, D=0.1, p=1.0, eps=1e-8)]
    for res in runs:
        assert res.converged, res.message
        c = rb.certify.result(res, o.U)
        assert c.ok, c.report()
        own = res.extra["certificate"]
        assert abs(own.gap - c.gap) <= 1e-9 and own.ok
        assert res.gap <= res.params["eps"]


def test_bound_truth_option():
    U = random_U(20, 6)
    T = 0.2
    sol = truth.adaboost_l1_primal_eq5(U, T)
    w = sol.x["w"] / sol.x["w"].sum() / T
    c = cs.adaboost_l1(U, w, T=T, tol=TRUTH_TOL, bound="truth")
    assert c.ok and "truth" in c.bound_source
    with pytest.raises(ValueError, match="matrix"):
        cs.adaboost_l1(rb.MatrixOracle(U), w, T=T, hypotheses=range(6), bound="truth")


def test_bad_input():
    U = random_U(10, 4)
    w = np.full(4, 0.25)
    for fn, kw in ((cs.adaboost_l1, {"T": 1.0}), (cs.logitboost_l1, {"T": 1.0}), (cs.adaboost_qp, {"T": 1.0}),
                   (cs.generalized_hinge, {"D": 0.5, "p": 2.0})):
        with pytest.raises(ValueError, match="bound"):
            fn(U, w, bound="nope", **kw)
        with pytest.raises(ValueError, match="tol"):
            fn(U, w, tol=-1.0, **kw)
        with pytest.raises(ValueError, match="weights"):
            fn(U, np.array([np.nan, 0, 0, 1.0]), **kw)
        with pytest.raises(ValueError, match="weights"):
            fn(U, np.ones(3) / 3, **kw)
    for T in (0.0, -1.0, math.nan, math.inf):
        with pytest.raises(ValueError, match="T"):
            cs.adaboost_l1(U, w, T=T)
    with pytest.raises(TypeError, match="T"):
        cs.logitboost_l1(U, w, T="1")
    with pytest.raises(ValueError, match="D"):
        cs.generalized_hinge(U, w, D=0.05, p=2.0)  # D < 1/N
    with pytest.raises(ValueError, match="p"):
        cs.generalized_hinge(U, w, D=0.5, p=0.5)
    with pytest.raises(ValueError, match="pool"):
        cs.adaboost_qp(U, w, T=1.0, pool=[])
