"""Ground truth LP (Glocer 2009, (2.1)-(2.3)): duality, complementary slackness, pivots."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import refboost as rb
from refboost import claims

TOL = 1e-8  # HiGHS primal/dual feasibility tolerance is 1e-7 by default; values agree far better


def random_U(rng, N, K, kind):
    if kind == "pm1":
        return rng.choice([-1.0, 1.0], size=(N, K))
    if kind == "ties":
        return np.round(rng.uniform(-1, 1, (N, K)), 1)
    U = rng.uniform(-1, 1, (N, K))
    if kind == "dup":
        U = np.hstack([U, U[:, : max(1, K // 2)]])
    return U


@claims.asserts("Glocer eq (2.2)-(2.3)", status="holds", on="Hypothesis-drawn U, N, K, nu")
@claims.asserts("Glocer KKT (2.2)-(2.3)", status="holds", on="the same instances")
@settings(max_examples=60)
@given(
    N=st.integers(2, 60),
    K=st.integers(1, 40),
    frac=st.floats(0, 0.7),
    kind=st.sampled_from(["pm1", "ties", "uniform", "dup"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_strong_duality_and_slackness(N, K, frac, kind, seed):
    rng = np.random.default_rng(seed)
    U = random_U(rng, N, K, kind)
    nu = 1 + frac * (N - 1)
    s = rb.truth.soft_margin_lp(U, nu)
    # strong duality: (2.3) and (2.2) solved independently have the same value
    assert abs(s.value - s.value_w) <= TOL
    # primal feasibility of both solutions
    assert abs(s.d.sum() - 1) <= TOL and s.d.min() >= -TOL and s.d.max() <= 1 / nu + TOL
    assert np.all(U.T @ s.d <= s.gamma + TOL)
    assert abs(s.w.sum() - 1) <= TOL and s.w.min() >= -TOL and s.psi.min() >= -TOL
    assert np.all(U @ s.w + s.psi >= s.rho - TOL)
    # the w of (2.2) has soft margin equal to the LP value (closed form of refboost.margins.soft_margin)
    assert abs(rb.soft_margin(U @ s.w, nu) - s.value) <= TOL
    # duals of (2.3) are an optimal (w, psi, rho) of (2.2) and vice versa
    dw, dpsi, drho = s.duals["w"], s.duals["psi"], s.duals["rho"]
    assert abs(dw.sum() - 1) <= 1e-7 and dw.min() >= -1e-9 and dpsi.min() >= -1e-9
    assert abs(drho - dpsi.sum() / nu - s.value) <= 1e-7
    assert np.all(U @ dw + dpsi >= drho - 1e-7)
    dd = s.duals["d"]
    assert abs(dd.sum() - 1) <= 1e-7 and dd.max() <= 1 / nu + 1e-7
    assert abs(np.max(U.T @ dd) - s.value) <= 1e-7
    # complementary slackness between d of (2.3) and its duals
    assert abs(dw @ (s.gamma - U.T @ s.d)) <= 1e-7
    assert abs(dpsi @ (1 / nu - s.d)) <= 1e-7


def test_hard_margin_is_min_margin(rng):
    U = rng.uniform(-1, 1, (20, 8))
    s = rb.truth.hard_margin_lp(U)
    assert abs(np.min(U @ s.w) - s.value) <= TOL
    assert abs(rb.soft_margin(U @ s.w, 1) - s.value) <= TOL


@claims.asserts("Glocer Lemma 2.4", status="holds", on="planted pivots, 10 seeds")
@pytest.mark.parametrize("seed", range(10))
def test_lemma_2_4_planted_pivot(seed):
    """Lemma 2.4: a pivot (i, j) gives value U_ij with d = e_i, w = e_j optimal."""
    rng = np.random.default_rng(seed)
    N, K = rng.integers(3, 30, 2)
    i, j = int(rng.integers(N)), int(rng.integers(K))
    c = float(rng.uniform(-0.9, 0.9))
    U = rb.instances.planted_pivot(int(N), int(K), i, j, c, rng)
    s = rb.truth.hard_margin_lp(U)
    assert abs(s.value - c) <= TOL
    e_i, e_j = np.eye(N)[i], np.eye(K)[j]
    assert abs(np.max(U.T @ e_i) - c) <= TOL  # d = e_i attains the value (upper bound)
    assert abs(np.min(U @ e_j) - c) <= TOL  # w = e_j attains the value (lower bound)


def test_nu_equal_N_forces_uniform(rng):
    U = rng.uniform(-1, 1, (7, 5))
    s = rb.truth.soft_margin_lp(U, 7)
    assert np.allclose(s.d, 1 / 7, atol=1e-12)
    assert abs(s.value - np.max(U.mean(axis=0))) <= TOL


def test_methods_agree_on_value(rng):
    U = rng.choice([-1.0, 1.0], size=(30, 20))
    vals = [rb.truth.soft_margin_lp(U, 3.0, method=m).value for m in rb.truth.LP_METHODS]
    assert np.ptp(vals) <= 1e-7
