"""LPBoost (Glocer 2009, Alg. 2.1) against the independent HiGHS ground truth."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import refboost as rb
from refboost import claims

TOL = 1e-8


def check_run(U, nu, eps, reflexive=False):
    o = rb.MatrixOracle(U, reflexive=reflexive)
    res = rb.lpboost(o, nu=nu, eps=eps)
    truth = rb.truth.soft_margin_lp(o.U, nu)
    P_T = res.extra["P_LP"]
    assert res.converged
    # within eps of the optimum over the whole class, and the certificate bounds the true gap
    assert truth.value - P_T <= eps + TOL
    assert truth.value - P_T <= res.gap + TOL
    # P^T never exceeds the optimum over the whole class
    assert P_T <= truth.value + TOL
    # the returned w is optimal for (2.2) on the chosen columns: its soft margin is P^T
    U_T = o.columns(res.hypotheses)
    assert np.allclose(res.margins, U_T @ res.weights)
    assert abs(rb.soft_margin(res.margins, nu) - P_T) <= 1e-7
    assert abs(res.weights.sum() - 1) <= TOL and res.weights.min() >= 0
    d = res.distribution
    assert abs(d.sum() - 1) <= TOL and d.max() <= 1 / nu + TOL
    # history: P^t non-decreasing, gamma_hat non-increasing
    P = res.history_array("P_LP")
    g = res.history_array("gamma_hat")
    assert np.all(np.diff(P) >= -1e-9) and np.all(np.diff(g) <= 1e-12)
    return res, truth


@claims.asserts("Glocer Alg 2.1", status="holds",
                on="random U (value/binary kinds, reflexive or not), eps and seed grid")
@settings(max_examples=60)
@given(
    N=st.integers(2, 80),
    K=st.integers(1, 60),
    frac=st.floats(0, 0.5),
    kind=st.sampled_from(["pm1", "ties", "uniform", "dup"]),
    reflexive=st.booleans(),
    eps=st.sampled_from([1e-1, 1e-2, 1e-3, 1e-6]),
    seed=st.integers(0, 2**32 - 1),
)
def test_lpboost_reaches_optimum(N, K, frac, kind, reflexive, eps, seed):
    rng = np.random.default_rng(seed)
    if kind == "pm1":
        U = rng.choice([-1.0, 1.0], size=(N, K))
    elif kind == "ties":
        U = np.round(rng.uniform(-1, 1, (N, K)), 1)
    else:
        U = rng.uniform(-1, 1, (N, K))
        if kind == "dup":
            U = np.hstack([U, U])
    nu = 1 + frac * (N - 1)
    check_run(U, nu, eps, reflexive)


@claims.asserts("Glocer Alg 2.1", status="holds", on="500 random instances")
def test_lpboost_500_random_instances():
    """Done-criterion of the foundation issue: 500 random instances, N <= 300, n <= 200, nu in [1, N/2]."""
    rng = np.random.default_rng(2009)
    worst = 0.0
    for k in range(500):
        # sizes spread log-uniformly so that large instances appear but the sweep stays fast
        N = int(np.exp(rng.uniform(np.log(4), np.log(300))))
        n = int(np.exp(rng.uniform(np.log(2), np.log(200))))
        U = rng.choice([-1.0, 1.0], size=(N, n)) if k % 2 else rng.uniform(-1, 1, (N, n))
        nu = float(rng.uniform(1, max(1.0, N / 2)))
        eps = 1e-3
        res, truth = check_run(U, nu, eps)
        worst = max(worst, truth.value - res.extra["P_LP"])
    assert worst <= 1e-3 + TOL


@claims.asserts("Glocer Thm 2.5", status="holds", on="the worst-case family, several m")
@pytest.mark.parametrize("m", [5, 10, 20, 40])
def test_theorem_2_5_worst_case(m):
    """Thm 2.5: on the Fig. 2.8 family (N = 2m) LPBoost needs exactly N/2 + 1 iterations."""
    U = rb.instances.lpboost_worst_case(m)
    delta = 0.005 / m
    res = rb.lpboost(rb.MatrixOracle(U), nu=1.0, eps=0.01)
    assert res.n_iter == m + 1 == U.shape[0] // 2 + 1
    assert res.hypotheses == list(range(m + 1))
    P = res.history_array("P_LP")
    # P^t = -1 + 2 t delta for t <= m: still 0.99 below the hard margin (>= delta/2) after N/2 iterations
    assert np.allclose(P[:m], -1 + 2 * delta * np.arange(1, m + 1), atol=1e-9)
    truth = rb.truth.hard_margin_lp(U)
    assert truth.value >= delta / 2 - TOL
    assert truth.value - P[m - 1] >= 0.99


@claims.asserts("Glocer Thm 2.5", status="holds", on="the capped (duplicated rows) version, m and nu grid")
@pytest.mark.parametrize("m, nu", [(4, 3), (8, 5)])
def test_theorem_2_5_soft_version(m, nu):
    """Duplicating rows nu times and capping at 1/nu still takes m + 1 iterations."""
    U = rb.instances.lpboost_worst_case(m, duplicate=nu)
    res = rb.lpboost(rb.MatrixOracle(U), nu=float(nu), eps=0.01)
    assert res.n_iter == m + 1


def test_lpboost_pivot_steps_unique_d():
    """During the worst case, d^t = e_{m+t} (the unique LP solution, independent of the solver)."""
    m = 6
    U = rb.instances.lpboost_worst_case(m)
    for method in ("highs-ds", "highs-ipm"):
        o = rb.MatrixOracle(U)
        for t in range(1, m + 1):
            res = rb.lpboost(o, nu=1.0, eps=1e-9, max_iter=t)
            assert np.allclose(res.distribution, np.eye(2 * m)[m + t - 1], atol=1e-7), (method, t)


@claims.asserts("Glocer §2.5", status="holds", on="the §2.5 construction")
def test_section_2_5_misclassifies_every_example(rng):
    """Glocer (2009), §2.5: appending a bad example and a bad hypothesis makes the LP's w = e_T misclassify all."""
    # separable base: columns = a random +-1 pool with a planted column of all +1 margins 0.5
    base = rng.choice([-1.0, 1.0], size=(9, 6))
    base[:, 0] = 0.5
    assert rb.truth.hard_margin_lp(base).value > 0
    delta = 1e-3
    U = rb.instances.misclassify_all(base, delta)
    s = rb.truth.hard_margin_lp(U)
    assert abs(s.value + 2 * delta) <= TOL
    T = U.shape[1] - 1
    w_T_min = rb.truth.optimal_face_extreme(U, 1.0, np.eye(U.shape[1])[T], sense="min")
    assert w_T_min >= 1 - 1e-6  # w = e_T is the unique optimum
    assert np.all(U @ s.w < 0)  # every example misclassified
    res = rb.lpboost(rb.MatrixOracle(U), nu=1.0, eps=1e-9)
    assert np.all(res.margins < 0)


def test_max_iter_reports_not_converged():
    U = rb.instances.lpboost_worst_case(10)
    res = rb.lpboost(rb.MatrixOracle(U), nu=1.0, eps=1e-3, max_iter=3)
    assert not res.converged and res.n_iter == 3 and "max_iter" in res.message
    assert res.gap > 1e-3


def test_oracle_ties_lowest_index():
    U = np.array([[1.0, 1.0, -1.0], [1.0, 1.0, 1.0]])
    o = rb.MatrixOracle(U)
    assert o.best(np.array([0.5, 0.5]))[0] == 0
    o2 = rb.MatrixOracle(-U, reflexive=True)
    key, u = o2.best(np.array([0.5, 0.5]))
    assert key == 3 and np.allclose(u, U[:, 0])
