"""Closed-form soft margin (derived from Glocer 2009, §2.1) against the LP (2.2) at fixed w."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

import refboost as rb

TOL = 1e-9


def soft_margin_by_lp(m, nu):
    """min d.m over the capped simplex, by HiGHS (an independent path)."""
    N = m.shape[0]
    r = linprog(m, A_eq=np.ones((1, N)), b_eq=[1.0], bounds=[(0, 1 / nu)] * N, method="highs")
    return r.fun


@settings(max_examples=150)
@given(
    N=st.integers(1, 40),
    seed=st.integers(0, 2**32 - 1),
    frac=st.floats(0, 1),
    ties=st.booleans(),
)
def test_soft_margin_matches_lp(N, seed, frac, ties):
    rng = np.random.default_rng(seed)
    m = rng.uniform(-1, 1, N)
    if ties:
        m = np.round(m, 1)
    nu = 1 + frac * (N - 1)
    assert abs(rb.soft_margin(m, nu) - soft_margin_by_lp(m, nu)) <= TOL
    d = rb.soft_margin_distribution(m, nu)
    assert abs(d.sum() - 1) <= TOL and d.max() <= 1 / nu + TOL and d.min() >= 0
    assert abs(d @ m - rb.soft_margin(m, nu)) <= TOL
    rho, psi = rb.soft_margin_slack(m, nu)
    assert abs(rho - psi.sum() / nu - rb.soft_margin(m, nu)) <= TOL


def test_special_cases():
    m = np.array([0.3, -0.2, 0.5, 0.1])
    assert rb.soft_margin(m, 1) == pytest.approx(-0.2)  # hard margin
    assert rb.soft_margin(m, 4) == pytest.approx(m.mean())  # nu = N: uniform d
    assert rb.soft_margin(m, 2) == pytest.approx((-0.2 + 0.1) / 2)  # mean of the 2 smallest
    assert rb.soft_margin(m, 2.5) == pytest.approx((-0.2 + 0.1) / 2.5 + (1 - 2 / 2.5) * 0.3)


def test_edges_and_margins(rng):
    U = rng.uniform(-1, 1, (6, 4))
    d = rng.dirichlet(np.ones(6))
    w = rng.dirichlet(np.ones(4))
    assert np.allclose(rb.edges(U, d), U.T @ d)
    assert np.allclose(rb.margins(U, w), U @ w)
