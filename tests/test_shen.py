"""Shen & Li (2010): AdaBoost-CG, LogitBoost-CG, AdaBoost-QP, generalised-hinge LPBoost.

Two paths for every number: the specialised primal solvers of ``refboost.boosters.shen``
(active-set Newton on the simplex, u by softmax) against cvxpy + Clarabel solves of the primal
and of the entropy-maximisation duals in ``refboost.truth`` (equations as the paper reads).
Tolerances: objective gaps 1e-6, KKT / dual-variable residuals 1e-4 (Clarabel's accuracy on
the duals).
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.special import expit, log_softmax, logsumexp

import refboost as rb
from refboost import claims, truth
from refboost.boosters.shen import binary_entropy_sum, q_log, tsallis_coefficient, tsallis_entropy
from refboost.instances import threshold_pool

OBJ_TOL = 1e-6  # objective agreement between two solvers
KKT_TOL = 1e-4  # dual-variable / KKT residuals (Clarabel accuracy)
CG_EPS = 1e-9  # CG threshold when the full pool is the restricted problem


def random_U(M=40, N=25, seed=0, corr=0.3):
    rng = np.random.default_rng(seed)
    y = rng.choice([-1.0, 1.0], M)
    H = np.sign(rng.standard_normal((M, N)) + corr * y[:, None])
    return y[:, None] * H


def synthetic_xy(M=80, d=3, seed=1):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (M, d))
    y = np.where(X[:, 0] + 0.5 * X[:, 1] ** 2 - 0.3 + 0.3 * rng.standard_normal(M) > 0, 1.0, -1.0)
    return X, y


def synthetic_stumps(M=80, d=3, seed=1):
    """(StumpOracle for the algorithms, the materialised stump class for the ground truth)."""
    X, y = synthetic_xy(M, d, seed)
    return rb.StumpOracle(X, y), threshold_pool(X, y)


@pytest.fixture(scope="module")
def U():
    return random_U()


# ---------------------------------------------------------------------------------------------
# Theorem 3.1: AdaBoost_l1 (5) <-> (10) <-> (15)
# ---------------------------------------------------------------------------------------------


@claims.asserts("Shen-Li Thm 3.1", status="holds", on="random U, T grid")
@claims.asserts("Shen-Li eq (24)", status="holds", on="the same instances")
@pytest.mark.parametrize("T", [1 / 5, 1 / 10, 1 / 20])
def test_theorem_3_1_strong_duality_and_kkt(U, T):
    p5 = truth.adaboost_l1_primal_eq5(U, T)
    d10 = truth.adaboost_l1_dual_eq10(U, T)
    d15 = truth.adaboost_l1_dual_eq15(U, T)
    assert abs(p5.value - d10.value) < OBJ_TOL
    assert abs(p5.value + d15.value / T) < OBJ_TOL
    res = rb.adaboost_cg(rb.MatrixOracle(U), T=T, eps=CG_EPS)
    assert res.converged
    assert abs(res.extra["primal_objective"] - p5.value) < OBJ_TOL
    # (24): u = softmax(-U w), against the dual solution of (15)
    assert np.abs(res.distribution - np.exp(log_softmax(-U[:, res.hypotheses] @ res.weights))).max() < 1e-12
    assert np.abs(res.distribution - d15.x["u"]).max() < KKT_TOL
    # w = lambda / T: multipliers of (15) sum to 1 and give the same margins; (10)'s multipliers are w
    lam = d15.duals["lambda"]
    assert abs(lam.sum() - 1.0) < KKT_TOL
    assert np.abs(U @ (lam / T) - res.margins).max() < 1e2 * KKT_TOL
    assert np.abs(U @ d10.duals["w"] - res.margins).max() < 1e2 * KKT_TOL
    assert abs(res.weights.sum() - 1.0 / T) < 1e-12
    # complementary slackness: active columns have the maximal edge r
    edges = U.T @ res.distribution
    r = res.extra["r"]
    active = res.weights * T > 1e-8
    assert np.abs(edges[res.hypotheses][active] - r).max() < 1e-8
    assert edges.max() <= r + CG_EPS
    assert abs(r - d15.x["r"]) < KKT_TOL


@claims.asserts("Shen-Li r* identity", status="fails as printed, holds corrected", on="random U",
                counterexample="the fixture U at T = 1/10: the printed identity misses r* by more than 1e-2",
                correction="r* = -T sum u log u - T log sum exp(-rho/T) = sum u rho")
def test_corrected_r_star_identity_and_paper_form_fails(U):
    """Erratum: the printed r* identity; corrected, r* = -T sum u log u - T log sum exp(-rho/T) = sum u rho."""
    T = 1 / 10
    res = rb.adaboost_cg(rb.MatrixOracle(U), T=T, eps=CG_EPS)
    d15 = truth.adaboost_l1_dual_eq15(U, T)
    u, rho = res.distribution, res.extra["normalized_margins"]
    neg_ent = float(np.sum(u * np.log(u)))
    corrected = -T * neg_ent - T * logsumexp(-rho / T)
    paper = T * neg_ent - T * logsumexp(-rho / T)
    assert abs(corrected - d15.x["r"]) < OBJ_TOL
    assert abs(float(u @ rho) - d15.x["r"]) < OBJ_TOL
    assert abs(res.extra["r"] - float(u @ rho)) < 1e-9
    assert abs(paper - d15.x["r"]) > 1e-2  # the printed identity fails


@claims.asserts("Shen-Li eq (25)-(26)", status="holds", on="random U")
@claims.asserts("Shen-Li eq (18)", status="holds", on="random U")
@claims.asserts("Shen-Li §3.1 homotopy", status="holds", on="random U")
def test_eq25_eq26_lp_bounds_and_gibbs(U):
    T = 1 / 20
    M = U.shape[0]
    res = rb.adaboost_cg(rb.MatrixOracle(U), T=T, eps=CG_EPS)
    opt5 = res.extra["primal_objective"]
    u = res.distribution
    # (25): margins fixed by u and the optimal value; (26): equal variances
    assert np.abs(res.margins - (-np.log(u) - opt5)).max() < 1e-8
    assert abs(np.var(res.margins) - np.var(np.log(u))) < 1e-8
    # LP bounds: r_LP - T log M <= Opt(15) <= r_LP and r*(15) >= r_LP (HiGHS)
    lp = truth.hard_margin_lp(U)
    opt15 = -T * opt5
    assert lp.value - T * np.log(M) - 1e-9 <= opt15 <= lp.value + 1e-9
    assert res.extra["r"] >= lp.value - 1e-9
    # Gibbs free energy (18) = Opt(15)
    assert abs(truth.gibbs_eq18(U, T).value - opt15) < OBJ_TOL


@claims.asserts("Shen-Li eq (14)", status="fails as printed, holds corrected", on="random U",
                counterexample="asserted in ch. 6: on its random U, Opt(14) differs from the optimum of the cost "
                "of (3); this test checks the corrected pairing only",
                correction="(14) is the dual of the exponential loss (2) under the l1 constraint of (3)")
def test_exp_loss_dual_14(U):
    """(14) is the dual of the exp loss (2) with 1^T w = 1/T; u = exp(-U w) unnormalised."""
    T = 1 / 5
    p = truth.exp_loss_primal_l1(U, T)
    d = truth.exp_loss_dual_eq14(U, T)
    assert abs(p.value - d.value) < OBJ_TOL
    assert np.abs(d.x["u"] - np.exp(-U @ p.x["w"])).max() < 1e-3


# ---------------------------------------------------------------------------------------------
# Theorem 3.2: LogitBoost (32) <-> (30) <-> (31)
# ---------------------------------------------------------------------------------------------


@claims.asserts("Shen-Li Thm 3.2", status="holds", on="random U, T grid")
@pytest.mark.parametrize("T", [1 / 5, 1 / 20])
def test_theorem_3_2_logitboost(U, T):
    p32 = truth.logitboost_primal_eq32(U, T)
    d30 = truth.logitboost_dual_eq30(U, T)
    d31 = truth.logitboost_dual_eq31(U, T)
    assert abs(p32.value - d30.value) < OBJ_TOL
    assert abs(p32.value + d31.value / T) < OBJ_TOL
    res = rb.logitboost_cg(rb.MatrixOracle(U), T=T, eps=CG_EPS)
    assert abs(res.extra["primal_objective"] - p32.value) < OBJ_TOL
    u = res.extra["u"]
    assert np.abs(u - expit(-res.margins)).max() < 1e-12  # (33)
    assert np.abs(u - d31.x["u"]).max() < KKT_TOL
    assert np.all((u > 0) & (u < 1))
    assert abs(u.sum() - 1.0) > 0.5  # not a distribution
    assert np.all(u[res.margins > 0] < 0.5)
    lam = d31.duals["lambda"]
    assert abs(lam.sum() - 1.0) < KKT_TOL
    assert np.abs(U @ (lam / T) - res.margins).max() < 1e2 * KKT_TOL
    # dual (31) objective at the specialised u equals -T * Opt(32)
    dual31 = res.extra["r"] - T * binary_entropy_sum(u)
    assert abs(dual31 + T * res.extra["primal_objective"]) < 1e-8


# ---------------------------------------------------------------------------------------------
# Column generation guarantee on a stump pool
# ---------------------------------------------------------------------------------------------


@claims.asserts("Shen-Li §3.7 CG", status="holds", on="a stump pool, T grid")
@pytest.mark.parametrize("T", [1 / 5, 1 / 20, 1 / 50])
def test_cg_certificate_against_full_pool(T):
    stumps, U = synthetic_stumps()
    eps = 1e-5
    full = truth.adaboost_l1_primal_eq5(U, T).value
    res = rb.adaboost_cg(stumps, T=T, eps=eps)
    assert res.converged
    excess = res.extra["primal_objective"] - full
    assert -OBJ_TOL <= excess <= eps / T + OBJ_TOL
    # the certificate bounds the true excess: res.gap is T-scaled (units of eps), gap / T bounds the excess of (5)
    assert res.gap <= eps and abs(res.extra["gap_unscaled"] - res.gap / T) <= 1e-15 * max(1.0, res.gap / T)
    assert excess <= res.gap / T + OBJ_TOL
    obj = res.history_array("objective")
    assert np.all(np.diff(obj) <= 1e-9)  # restricted optimum non-increasing
    assert len(set(res.hypotheses)) == len(res.hypotheses)
    assert abs(res.weights.sum() - 1 / T) < 1e-12
    assert res.n_iter < U.shape[1]


def test_logitboost_cg_certificate_against_full_pool():
    stumps, U = synthetic_stumps(seed=3)
    T, eps = 1 / 20, 1e-5
    full = truth.logitboost_primal_eq32(U, T).value
    res = rb.logitboost_cg(stumps, T=T, eps=eps)
    assert res.converged
    assert -OBJ_TOL <= res.extra["primal_objective"] - full <= eps / T + OBJ_TOL


def test_tiny_T_does_not_overflow():
    """T = 1/500 (in the paper's grid): u spans e^{2/T}; the primal route stays finite."""
    stumps, U = synthetic_stumps()
    T = 1 / 500
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with np.errstate(over="raise", invalid="raise", divide="raise"):
            res = rb.adaboost_cg(stumps, T=T, eps=1e-6)
            resl = rb.logitboost_cg(stumps, T=T, eps=1e-6)
    for r in (res, resl):
        assert r.converged and np.isfinite(r.extra["primal_objective"])
        assert np.all(np.isfinite(r.distribution)) and abs(r.weights.sum() - 500) < 1e-9
    lp = truth.hard_margin_lp(U)
    opt15 = -T * res.extra["primal_objective"]
    assert lp.value - T * np.log(U.shape[0]) - 1e-6 <= opt15 <= lp.value + 1e-6 + res.gap  # gap in (15)'s units


@settings(max_examples=8)
@given(seed=st.integers(0, 10_000), T=st.sampled_from([1 / 2, 1 / 10, 1 / 30]))
def test_property_cg_matches_truth(seed, T):
    U = random_U(M=15, N=8, seed=seed)
    res = rb.adaboost_cg(rb.MatrixOracle(U, reflexive=True), T=T, eps=1e-8)
    full = truth.adaboost_l1_primal_eq5(np.hstack([U, -U]), T).value
    assert abs(res.extra["primal_objective"] - full) < OBJ_TOL


# ---------------------------------------------------------------------------------------------
# AdaBoost-QP (41), Theorem 3.3
# ---------------------------------------------------------------------------------------------


@claims.asserts("Shen-Li §3.6 AdaBoost-QP", status="holds", on="random U, T grid")
@pytest.mark.parametrize("T", [1 / 2, 1 / 10, 1 / 50])
def test_adaboost_qp_against_truth_and_objective_identity(U, T):
    oracle = rb.MatrixOracle(U, reflexive=True)
    res = rb.adaboost_qp(oracle, T=T)
    tr = truth.adaboost_qp_eq41(oracle.U, T)
    assert res.converged
    assert abs(res.extra["qp_objective"] - tr.value) < OBJ_TOL
    rho = res.margins
    assert abs(res.extra["qp_objective"] - (np.var(rho) / 2 - T * rho.mean())) < 1e-12
    assert abs(res.weights.sum() - 1.0) < 1e-12 and np.all(res.weights >= 0)
    assert len(res.hypotheses) == oracle.n_hypotheses  # no duplicate columns in this U


def test_adaboost_qp_pool_and_dedup(U):
    oracle = rb.MatrixOracle(np.hstack([U, U[:, :3]]))
    res = rb.adaboost_qp(oracle, T=0.1)
    assert len(res.hypotheses) == U.shape[1]
    res2 = rb.adaboost_qp(oracle, T=0.1, pool=[0, 1, 2, 25])
    assert res2.hypotheses == [0, 1, 2]


@claims.asserts("Shen-Li Thm 3.3", status="fails", on="the sigma/T grid",
                counterexample="exactly Gaussian margins (mean = sigma = 0.1, M = 1000) at sigma/T = 20: (38) off by "
                "more than a factor 2 on every draw",
                note="the Gaussian approximation fails for large sigma/T")
def test_theorem_3_3_mgf_validity_regime():
    """(38) is the Gaussian MGF: accurate for sigma/T <~ 1, unusable for sigma/T >> 1 (Theorem 3.3).

    Exactly Gaussian margins (mean = sigma = 0.1, M = 1000); the Monte Carlo estimate of
    E exp(-rho/T) has relative variance exp(sigma^2/T^2) - 1.
    """
    mean, sigma, M = 0.1, 0.1, 1000
    approx = lambda T: -mean / T + sigma**2 / (2 * T**2)
    emp = {}
    for seed in range(4):
        rho = np.random.default_rng(seed).normal(mean, sigma, M)
        for inv_T in (2, 10, 50, 200):
            emp.setdefault(inv_T, []).append(logsumexp(-rho * inv_T) - np.log(M))
    rel = {k: np.abs(np.array(v) - approx(1 / k)) / max(1.0, abs(approx(1 / k))) for k, v in emp.items()}
    assert rel[2].max() < 0.05 and rel[10].max() < 0.1  # sigma/T = 0.2, 1
    assert np.ptp(emp[50]) > 1.0  # sigma/T = 5: the sample value is unstable across draws
    assert rel[200].min() > 0.5  # sigma/T = 20: (38) overshoots by a factor > 2


# ---------------------------------------------------------------------------------------------
# Generalised-hinge LPBoost and Tsallis entropy
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("D", [0.05, 0.2])
def test_hinge_p1_reuses_lp(U, D):
    res = rb.lpboost_hinge(rb.MatrixOracle(U), D=D, p=1.0, eps=1e-9)
    lp = truth.soft_margin_lp(U, nu=1 / D)
    prim = truth.generalized_hinge_primal(U, D, 1.0)
    assert abs(rb.soft_margin(res.margins, 1 / D) - lp.value) < 1e-8
    assert abs(prim.value - lp.value) < OBJ_TOL


@claims.asserts("Shen-Li eq (27)-(28)", status="holds", on="random U, p and D grid")
@pytest.mark.parametrize("p", [1.5, 2.0, 3.0])
@pytest.mark.parametrize("D", [0.05, 1.0])
def test_hinge_tsallis_dual_28(U, p, D):
    prim = truth.generalized_hinge_primal(U, D, p)
    dual = truth.tsallis_dual_eq28(U, D, p)
    assert abs(prim.value - dual.value) < OBJ_TOL
    res = rb.lpboost_hinge(rb.MatrixOracle(U), D=D, p=p, eps=1e-9)
    assert res.converged and res.gap <= 1e-9
    assert abs(res.extra["primal_objective"] - prim.value) < OBJ_TOL
    assert abs(res.extra["dual_objective"] - dual.value) < OBJ_TOL
    u, xi = res.distribution, res.extra["xi"]
    assert np.abs(xi - (u / (p * D)) ** (1 / (p - 1))).max() < 1e-10  # KKT, specialised path
    assert np.abs(prim.x["xi"] - (dual.x["u"].clip(0) / (p * D)) ** (1 / (p - 1))).max() < 1e-3  # truth path
    q = p / (p - 1)
    c = D ** (1 - q) * (p ** (1 - q) - p ** (-q))
    assert abs(c - tsallis_coefficient(D, p)) < 1e-14
    # (28) objective = r + c (1 - (q-1) S_q(u))
    assert abs(dual.value - (dual.x["r"] + c * (1 - (q - 1) * tsallis_entropy(dual.x["u"].clip(0), q)))) < 1e-8


@claims.asserts("Shen-Li eq (27)-(28)", status="fails as printed, holds corrected", on="random u",
                counterexample="a random u on the 12-simplex: the printed -sum u log_q u is S_(2-q), not S_q",
                correction="S_q(u) = -sum u^q log_q u = sum u log_q(1/u)",
                note="the q-log form")
def test_tsallis_identities_and_paper_form_fails():
    rng = np.random.default_rng(2)
    u = rng.dirichlet(np.ones(12))
    shannon = -np.sum(u * np.log(u))
    assert abs(tsallis_entropy(u, 1 + 1e-7) - shannon) < 1e-5
    for q in (0.5, 1.5, 2.0, 3.0):
        s = tsallis_entropy(u, q)
        assert abs(s - (-np.sum(u**q * q_log(u, q)))) < 1e-12  # corrected
        assert abs(s - np.sum(u * q_log(1 / u, q))) < 1e-12  # corrected
        paper = -np.sum(u * q_log(u, q))
        assert abs(paper - tsallis_entropy(u, 2 - q)) < 1e-12  # the paper's form is S_{2-q}
        assert abs(paper - s) > 1e-3  # ... and differs from S_q


# ---------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fn", [rb.adaboost_cg, rb.logitboost_cg, rb.adaboost_qp])
def test_bad_T_eps_max_iter(U, fn):
    o = rb.MatrixOracle(U)
    for T in (0.0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="T"):
            fn(o, T=T)
    with pytest.raises(TypeError, match="T"):
        fn(o, T="0.1")
    for eps in (0.0, -1e-3):
        with pytest.raises(ValueError, match="eps"):
            fn(o, T=0.1, eps=eps)
    with pytest.raises(ValueError, match="max_iter"):
        fn(o, T=0.1, max_iter=0)
    with pytest.raises(TypeError, match="oracle"):
        fn(U, T=0.1)


def test_bad_hinge_and_pool_inputs(U):
    o = rb.MatrixOracle(U)
    with pytest.raises(ValueError, match="D"):
        rb.lpboost_hinge(o, D=1 / (2 * U.shape[0]), p=2.0)
    with pytest.raises(ValueError, match="p"):
        rb.lpboost_hinge(o, D=0.1, p=0.5)
    with pytest.raises(ValueError, match="eps"):
        rb.lpboost_hinge(o, D=0.1, p=2.0, eps=0)
    with pytest.raises(ValueError, match="pool"):
        rb.adaboost_qp(o, T=0.1, pool=[])
    with pytest.raises(ValueError, match="U"):
        rb.MatrixOracle(np.zeros((0, 3)))  # empty pool
    with pytest.raises(ValueError, match="y"):
        threshold_pool(np.zeros((4, 2)), np.array([0, 1, 1, -1]))
    with pytest.raises(ValueError, match="X"):
        threshold_pool(np.zeros((3, 2)), np.array([1, -1, 1, -1]))
    with pytest.raises(ValueError, match="q"):
        tsallis_entropy(np.ones(3) / 3, float("nan"))


def test_threshold_pool_is_the_stump_oracle_class():
    """The materialised pool = the StumpOracle's class (keys and columns) = all distinct labelings
    sign(x_k - theta) and their negations, enumerated independently here."""
    X, y = synthetic_xy(M=30, d=2, seed=4)
    X = np.round(X, 1)  # ties in the feature values
    U, keys = threshold_pool(X, y, return_keys=True)
    oracle = rb.StumpOracle(X, y)
    assert np.array_equal(oracle.columns(keys), U)
    brute = set()
    for k in range(X.shape[1]):
        for theta in np.r_[X[:, k].min() - 1.0, X[:, k]]:
            h = np.where(X[:, k] > theta, 1.0, -1.0)
            brute |= {tuple(y * h), tuple(-y * h)}
    assert {tuple(c) for c in U.T} == brute and U.shape[1] == len(brute)
    # with an exact oracle the best stump's edge is the maximum over the materialised class
    d = np.random.default_rng(0).dirichlet(np.ones(30))
    _, h = oracle.best(d)
    assert abs(h @ d - (U.T @ d).max()) < 1e-12


def test_adaboost_qp_on_stump_keys_matches_matrix_pool():
    """AdaBoost-QP over a pool of StumpOracle keys (Table II: AdaBoost's hypotheses) = over the same columns
    as a matrix, and = Clarabel on (41)."""
    X, y = synthetic_xy(M=60, d=3, seed=2)
    stumps = rb.StumpOracle(X, y)
    ab = rb.adaboost(stumps, max_iter=40, store_d=False)
    T = 1 / 20
    qp = rb.adaboost_qp(stumps, T=T, pool=ab.hypotheses)
    Upool = stumps.columns(qp.hypotheses)
    qp_m = rb.adaboost_qp(rb.MatrixOracle(Upool), T=T)
    assert qp.converged and abs(qp.extra["qp_objective"] - qp_m.extra["qp_objective"]) < 1e-12
    assert abs(qp.extra["qp_objective"] - truth.adaboost_qp_eq41(Upool, T).value) < OBJ_TOL
    assert np.allclose(qp.margins, Upool @ qp.weights) and abs(qp.weights.sum() - 1) < 1e-12


def test_inexact_masters_rule_and_certificate():
    """Inexact column generation (shen.INNER_GAP_FRACTION): each restricted master is solved to a
    fraction of the certificate just computed; the final certificate still bounds the excess, and the
    result agrees with column generation over exactly solved masters (shared _newton solver)."""
    from refboost.boosters import shen

    stumps, U = synthetic_stumps(seed=1)
    T, eps = 1 / 20, 1e-6
    res = rb.adaboost_cg(stumps, T=T, eps=eps)
    exact = shen._column_generation(
        stumps, T, eps, 1000, shen.exp_master, "adaboost_cg", "primal_objective", True, fast=False
    )
    assert res.converged and exact.converged
    gaps = res.history_array("gap")
    master_gaps = res.history_array("master_gap")
    # column t's master (recorded at t+1) met tau_t = INNER_GAP_FRACTION * gap_t (or MASTER_TOL); T-scaled units
    assert np.all(master_gaps[1:] <= np.maximum(shen.INNER_GAP_FRACTION * gaps[:-1], shen.MASTER_TOL) * (1 + 1e-9))
    assert master_gaps[-1] <= gaps[-1] + 1e-15 and gaps[-1] <= eps  # restricted gap <= full gap <= eps
    full = truth.adaboost_l1_primal_eq5(U, T).value
    for r in (res, exact):
        assert -OBJ_TOL <= r.extra["primal_objective"] - full <= r.gap / T + OBJ_TOL
    assert abs(res.extra["primal_objective"] - exact.extra["primal_objective"]) <= eps / T + OBJ_TOL


@pytest.mark.parametrize("make", ["exp_master", "logistic_master"])
@pytest.mark.parametrize("T", [1 / 500, 1 / 20, 1.0])
def test_line_evaluation_matches_full_objective(make, T):
    """f.line (the masters' line search: one exp, no u formed) agrees with the full f along a ray:
    value, phi' = u . v and -phi'' = v^T (diag c - c c^T / sum c) v (centred) or v^T diag(c) v."""
    from refboost.boosters import shen

    rng = np.random.default_rng(3)
    f, centred = getattr(shen, make)(T)
    m, v = rng.uniform(-1, 1, 50), rng.uniform(-1, 1, 50)
    aux = f(m)[3]
    for phi in (f.line(m, v), f.line(m, v, aux)):
        for a in (0.0, 0.3, 1.0, 2.5):
            val, u, c, _ = f(m + a * v)
            p0, p1, p2 = phi(a)
            cv = c @ v
            curv = c @ (v * v) - (cv * cv / c.sum() if centred else 0.0)
            assert abs(p0 - val) <= 1e-12 * max(1.0, abs(val))
            assert abs(p1 - u @ v) <= 1e-12 * max(1.0, np.abs(u) @ np.abs(v))
            assert abs(p2 - curv) <= 1e-9 * max(1.0, c @ (v * v))


@pytest.mark.parametrize("make", ["exp_master", "logistic_master"])
def test_master_bordered_factor_cached_solves_and_direction(make):
    """The CG master's chord model: after a refresh and several bordered columns, L L^T equals the model
    U^T diag(c_ref) U - b b^T / sum c_ref (centred only) + rho 1 1^T + damping rebuilt from scratch; the
    cached Y = L^{-1} [1, e_E] matches a direct solve; the direction solves the face KKT system
    [H_FF 1; 1^T 0] (s_F, mu) = (G_F, 0) with s_E = 0 and is an ascent direction."""
    from refboost.boosters import shen

    rng = np.random.default_rng(7)
    N, T = 60, 1 / 10
    f, centred = getattr(shen, make)(T)
    master = shen._Master(f, centred, N, capacity=4)  # small capacity: exercises _grow
    cols = np.sign(rng.standard_normal((N, 12)))
    for j in range(5):
        master.add(cols[:, j])
        master.solve(1e-12)
    assert master._refresh_model()
    master.lam[1] = 0.0  # a zero-weight column: E is non-empty
    master.lam /= master.lam.sum()
    master._set_point()
    master._direction()  # fills the cache for this E
    for j in range(5, 12):
        master.add(cols[:, j])
    t, U, c = master.t, master.U, master.c_ref
    assert master.n_model == t and master.valid
    b = U.T @ c
    H = U.T @ (c[:, None] * U) - (np.outer(b, b) / c.sum() if centred else 0.0) + master.rho
    L = master.Lbuf[:t, :t]
    scale = np.abs(H).max()
    assert np.abs(L @ L.T - H).max() <= 1e-10 * scale  # damping 1e-12 relative, floors inactive here
    assert np.allclose(master.LTbuf[:t, :t], L.T, rtol=0, atol=1e-14 * np.abs(L).max())
    s = master._direction()
    lam, G = master.lam, master.G
    F = lam > 0
    F[np.argmax(G)] = True
    E = np.flatnonzero(~F)
    C = np.zeros((t, 1 + E.size))
    C[:, 0] = 1.0
    C[E, np.arange(1, 1 + E.size)] = 1.0
    Lfull = master.Lbuf[:t, :t]
    assert np.allclose(master.Y[:t], np.linalg.solve(Lfull, C), atol=1e-10)
    Hm = Lfull @ Lfull.T
    idx = np.flatnonzero(F)
    k = idx.size
    K = np.zeros((k + 1, k + 1))
    K[:k, :k] = Hm[np.ix_(idx, idx)]
    K[:k, k] = K[k, :k] = 1.0
    ref = np.zeros(t)
    ref[idx] = np.linalg.solve(K, np.r_[G[idx], 0.0])[:k]
    assert np.allclose(s, ref, atol=1e-8 * np.abs(ref).max()) and abs(s.sum()) <= 1e-10 * np.abs(s).max()
    assert np.all(s[E] == 0) and G @ s > 0
    # the refresh rewrites the factor in place: outside the leading t x t block both buffers stay the identity
    master.add(cols[:, 0] * -1.0)
    assert master._refresh_model()
    t, cap = master.t, master.Lbuf.shape[0]
    for B in (master.Lbuf, master.LTbuf):
        assert np.array_equal(B[t:, t:], np.eye(cap - t)) and not B[t:, :t].any() and not B[:t, t:].any()
    L = master.Lbuf[:t, :t]
    assert np.array_equal(master.LTbuf[:t, :t], L.T) and np.array_equal(np.triu(L, 1), np.zeros((t, t)))


# ---------------------------------------------------------------------------------------------
# Trust: converged means certified from the returned weights; regressions
# ---------------------------------------------------------------------------------------------

from refboost.certify import shen as cert_shen  # noqa: E402
from refboost.instances import ADVERSARIAL_KINDS, adversarial  # noqa: E402


class NaNColumnOracle(rb.Oracle):
    """A user-written oracle whose columns turn NaN after ``good`` calls (a broken weak learner).

    It refuses to answer more than 50 calls: a booster that kept asking (the hang this guards against)
    fails with this RuntimeError instead of running forever.
    """

    def __init__(self, U, good=1):
        self.A, self.n_examples, self.good, self.calls = U, U.shape[0], good, 0

    def best(self, d):
        self.calls += 1
        if self.calls > 50:
            raise RuntimeError("the booster kept asking after a NaN column")
        j = int(np.argmax(self.A.T @ d))
        col = self.A[:, j].copy()
        if self.calls > self.good:
            col[0] = np.nan
        return j, col

    def column(self, key):
        col = self.A[:, key].copy()
        col[0] = np.nan
        return col


@pytest.mark.parametrize("good", [0, 1, 3])
@pytest.mark.parametrize("fn, kw", [(rb.adaboost_cg, {"T": 0.1}), (rb.logitboost_cg, {"T": 0.1}),
                                    (rb.lpboost_hinge, {"D": 0.2, "p": 2.0})])
def test_nan_column_oracle_is_a_clear_error(U, fn, kw, good):
    """A NaN column is a clear ValueError (every column goes through boosters._common.query), not a hang of
    adaboost_cg / logitboost_cg or a failure inside scipy's root finder in lpboost_hinge."""
    with pytest.raises(ValueError, match="finite"):
        fn(NaNColumnOracle(U, good), **kw)


def test_nan_pool_column_is_a_clear_error(U):
    with pytest.raises(ValueError, match="finite"):
        rb.adaboost_qp(NaNColumnOracle(U), T=0.1, pool=[0, 1])


@pytest.mark.parametrize("D", [1 / 40, 0.5, 1.0])
def test_hinge_p_near_one_no_overflow(U, D):
    """Regression: lpboost_hinge(p=1.0001) raised OverflowError in tsallis_coefficient ((pD)^{1-q}, q = 10001)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = rb.lpboost_hinge(rb.MatrixOracle(U), D=D, p=1.0001, eps=1e-6)
    assert np.all(np.isfinite(res.weights)) and np.all(np.isfinite(res.distribution)) and np.isfinite(res.gap)
    assert all(np.all(np.isfinite(v)) for v in res.extra.values() if isinstance(v, (float, np.ndarray)))
    if res.converged:
        assert rb.certify.result(res, U).ok
    else:  # near p = 1 the master is ill-conditioned: an honest non-converged result with a reason
        assert "stalled" in res.message or "not certified" in res.message or "max_iter" in res.message
    assert tsallis_coefficient(0.5, 1.0001) == np.inf  # beyond the float range: inf, not OverflowError
    # never above the optimum (the primal value of feasible weights), which is close to the LP's at nu = 1/D
    lp = truth.soft_margin_lp(U, nu=min(1 / D, U.shape[0])).value
    assert res.extra["primal_objective"] <= lp + 1e-3


def test_converged_is_stopping_rule_and_certificate(U):
    """converged = (stopping rule fired) and certify confirms it; extra["certificate"] is that certificate."""
    o = rb.MatrixOracle(U, reflexive=True)
    for res in (rb.adaboost_cg(o, T=0.1, eps=1e-7), rb.logitboost_cg(o, T=1 / 30, eps=1e-7),
                rb.adaboost_qp(o, T=0.1), rb.lpboost_hinge(o, D=0.05, p=2.0, eps=1e-7)):
        c = res.extra["certificate"]
        assert res.converged and c.ok and res.gap <= res.params["eps"]
        assert rb.certify.result(res, o.U, bound="dual").ok
    short = rb.adaboost_cg(o, T=1 / 30, eps=1e-9, max_iter=2)  # stopped by max_iter: not converged, gap honest
    assert not short.converged and "max_iter" in short.message
    assert not short.extra["certificate"].ok and short.extra["certificate"].gap > 1e-9


class FirstAnswersWrongOracle(rb.MatrixOracle):
    """Returns column 0 for the first ``wrong`` calls, then the true maximum-edge column."""

    def __init__(self, U, wrong=2):
        super().__init__(U)
        self.calls, self.wrong = 0, wrong

    def best(self, d):
        self.calls += 1
        if self.calls <= self.wrong:
            return 0, self.U[:, 0].copy()
        return super().best(d)


@pytest.mark.parametrize("fn", [rb.adaboost_cg, rb.logitboost_cg])
def test_rule_fires_but_not_certified_is_not_converged(U, fn):
    """The stopping rule fires on the oracle's (wrong) answer; the certificate asks again, sees a larger edge,
    and the result is converged=False with a message saying why."""
    res = fn(FirstAnswersWrongOracle(U), T=0.1, eps=1e-6)
    assert res.hypotheses == [0] and res.history[-1]["gap"] <= 1e-6  # the rule fired
    c = res.extra["certificate"]
    assert not c.ok and not res.converged and "not certified" in res.message
    independent = cert_shen.adaboost_l1 if fn is rb.adaboost_cg else cert_shen.logitboost_l1
    # the same certificate, up to rounding (the booster's copy of U may take another BLAS path on some CPUs)
    assert c.gap == pytest.approx(independent(U, res.weights, T=0.1, hypotheses=[0]).gap, rel=1e-12, abs=0)


@pytest.mark.parametrize("kind", ADVERSARIAL_KINDS)
def test_adversarial_kinds(kind):
    """Every adversarial family, reflexive or not, N = 2 .. 60: no exception or warning, finite outputs, at least
    one hypothesis, converged implies certified by refboost.certify.result on the class matrix."""
    rng = np.random.default_rng(11)
    runs = [("adaboost_cg", {"T": 0.5}), ("adaboost_cg", {"T": 1 / 500, "eps": 1e-8}),
            ("logitboost_cg", {"T": 2.0}), ("logitboost_cg", {"T": 1 / 500, "eps": 1e-8}),
            ("adaboost_qp", {"T": 0.1}), ("adaboost_qp", {"T": 10.0, "eps": 1e-8}),
            ("lpboost_hinge", {"p": 1.0001}), ("lpboost_hinge", {"p": 2.0}), ("lpboost_hinge", {"p": 3.0, "eps": 1e-8})]
    for N in (2, 5, 60):
        U = adversarial(kind, N, 6, rng)
        for reflexive in (False, True):
            o = rb.MatrixOracle(U, reflexive=reflexive)
            for name, kw in runs:
                if name == "lpboost_hinge":
                    kw = {**kw, "D": max(0.1, 1.0 / o.n_examples)}
                U0 = U.copy()
                with warnings.catch_warnings():
                    warnings.simplefilter("error")
                    res = getattr(rb, name)(o, **kw)
                assert np.array_equal(U, U0)
                where = f"{name}({kw}) on {kind}, N = {N}, reflexive = {reflexive}: {res.message}"
                assert res.weights.size == len(res.hypotheses) >= 1, where
                for a in (res.weights, res.distribution, res.margins):
                    assert np.all(np.isfinite(a)), where
                assert np.isfinite(res.gap) and np.all(res.weights >= 0), where
                if res.converged:
                    c = rb.certify.result(res, o.U)
                    assert c.ok and res.gap <= res.params["eps"], where + "\n" + c.report()


@pytest.mark.parametrize("fn", [rb.adaboost_cg, rb.logitboost_cg, rb.adaboost_qp, rb.lpboost_hinge])
def test_declared_constraints(U, fn):
    """Every declared parameter rejects its bad values with a message naming it; required T / D are named."""
    o = rb.MatrixOracle(U)
    spec = fn.__refboost_constraints__
    base = {"D": 0.5} if fn is rb.lpboost_hinge else {"T": 0.5}
    assert set(base) <= set(spec)
    for name, c in spec.items():
        for bad in c.bad_values():
            with pytest.raises((ValueError, TypeError), match=name):
                fn(o, **{**base, name: bad})
    with pytest.raises(TypeError, match="T" if "T" in base else "D"):
        fn(o)


def test_identical_rerun(U):
    o = rb.MatrixOracle(U, reflexive=True)
    for fn, kw in ((rb.adaboost_cg, {"T": 0.05}), (rb.logitboost_cg, {"T": 0.05}), (rb.adaboost_qp, {"T": 0.1}),
                   (rb.lpboost_hinge, {"D": 0.05, "p": 1.5})):
        a, b = fn(o, **kw), fn(o, **kw)
        assert a.hypotheses == b.hypotheses and np.array_equal(a.weights, b.weights) and a.gap == b.gap


@pytest.mark.parametrize("T", [1e-4, 1e-6])
def test_logitboost_underflowing_u(T):
    """Regression: at T = 1e-4 the u = sigmoid(-U w / T) of (33) underflows to 0 on every example; the returned
    distribution is normalised in logarithms, so it is not 0/0."""
    U = adversarial("random_pm1", 2, 8, np.random.default_rng(9))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = rb.logitboost_cg(rb.MatrixOracle(U, reflexive=True), T=T)
    assert np.all(np.isfinite(res.distribution)) and abs(res.distribution.sum() - 1) < 1e-12
    assert res.converged and rb.certify.result(res, np.hstack([U, -U])).ok
