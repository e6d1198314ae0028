"""Weak-learner oracles: exact stumps and depth-2 trees against brute force, raw/kernel/LDA checks."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from refboost import lpboost, truth
from refboost.oracles import (
    KernelColumnOracle,
    LDAOracle,
    LinearKernelOracle,
    MatrixOracle,
    RawFeatureOracle,
    StumpOracle,
    TreeOracle,
)

#: Edges agree with brute force up to summation round-off.
EDGE_TOL = 1e-12


def _data(seed, N=14, p=3, levels=4, constant=True):
    """Small data with many ties and duplicate values (integer levels) and a constant feature."""
    rng = np.random.default_rng(seed)
    X = rng.integers(0, levels, (N, p)).astype(float)
    if constant:
        X[:, -1] = 2.5
    y = np.where(rng.random(N) < 0.5, 1.0, -1.0)
    y[:2] = [1.0, -1.0]
    return X, y, rng


def _random_d(rng, N):
    d = rng.dirichlet(np.full(N, 0.7))
    d[rng.random(N) < 0.2] = 0.0  # zero weights make many ties
    if d.sum() == 0:
        d[0] = 1.0
    return d / d.sum()


def _first_max(keys, U, d):
    e = U.T @ d
    return keys[int(np.flatnonzero(e >= e.max() - EDGE_TOL)[0])], e.max()


# ------------------------------------------------------------------ stumps


@settings(max_examples=40)
@given(seed=st.integers(0, 10_000), reflexive=st.booleans(), levels=st.integers(1, 6))
def test_stump_oracle_equals_brute_force(seed, reflexive, levels):
    X, y, rng = _data(seed, levels=levels)
    o = StumpOracle(X, y, reflexive=reflexive)
    keys = o.all_keys()
    assert len(keys) == o.n_hypotheses()
    U = o.columns(keys)
    # brute force: every threshold between distinct values, evaluated directly
    brute = []
    for j in range(X.shape[1]):
        vals = np.unique(X[:, j])
        for a, b in zip(vals[:-1], vals[1:], strict=True):
            h = np.where(X[:, j] > (a + b) / 2, 1.0, -1.0)
            brute += [y * h] + ([-y * h] if reflexive else [])
    brute += [y.copy()] + ([-y] if reflexive else [])
    B = np.column_stack(brute)
    assert B.shape[1] == U.shape[1]
    for _ in range(5):
        d = _random_d(rng, len(y))
        key, u = o.best(d)
        kb, eb = _first_max(keys, U, d)
        assert key == kb  # same tie-breaking as the documented order
        assert abs(u @ d - eb) <= EDGE_TOL
        assert abs((B.T @ d).max() - eb) <= EDGE_TOL  # the class is exactly "all thresholds"
        np.testing.assert_array_equal(o.column(key), u)  # materialised U reproduces the edge
        assert abs(o.best_edge(d)[1] - u @ d) <= EDGE_TOL


def test_stump_sparse_input_and_constant_features():
    X, y, rng = _data(3, N=30, p=5)
    X[:, 1] = 0.0
    Xs = sp.csr_matrix(X)
    a, b = StumpOracle(X, y), StumpOracle(Xs, y)
    for _ in range(10):
        d = _random_d(rng, len(y))
        assert a.best(d)[0] == b.best(d)[0]
    assert all(k[0] not in (1, 4) for k in a.all_keys())  # constant features give no split


def test_stump_ties_lowest_feature_then_threshold():
    X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]])
    y = np.array([-1.0, -1.0, 1.0, 1.0])
    key, u = StumpOracle(X, y).best(np.full(4, 0.25))
    assert key == (0, 1.5, 1) and np.allclose(u, 1.0)


def test_stump_predict_matches_columns():
    X, y, rng = _data(5, N=20)
    o = StumpOracle(X, y)
    keys = o.all_keys()[:6]
    w = rng.random(6)
    np.testing.assert_allclose(y * o.predict(keys, w, X), o.columns(keys) @ w, atol=1e-14)


def test_lpboost_with_stumps_reaches_the_lp_optimum_over_all_stumps():
    X, y, _ = _data(11, N=40, p=3, levels=8)
    o = StumpOracle(X, y)
    nu = 4.0
    res = lpboost(o, nu=nu, eps=1e-8, max_iter=500)
    full = truth.soft_margin_lp(o.columns(o.all_keys()), nu)
    gen = truth.soft_margin_lp(o.columns(res.hypotheses), nu)
    assert res.converged
    assert abs(res.extra["P_LP"] - full.value) <= 1e-7  # exact oracle: global optimum
    assert abs(res.extra["P_LP"] - gen.value) <= 1e-9  # and certified on the generated columns


# ------------------------------------------------------------------ depth-2 trees


def _all_trees(o: StumpOracle):
    sk = o.all_keys()
    roots = [k for k in sk if k[0] >= 0 and k[2] == 1]
    return [(j, th, kl, kr) for (j, th, _) in roots for kl in sk for kr in sk]


@pytest.mark.parametrize("seed", range(4))
def test_exact_tree_equals_brute_force(seed):
    X, y, rng = _data(seed, N=10, p=3, levels=3)
    tr = TreeOracle(X, y, search="exact")
    trees = _all_trees(tr._stumps)
    UT = tr.columns(trees)
    stumps = StumpOracle(X, y)
    for _ in range(8):
        d = _random_d(rng, len(y))
        key, u = tr.best(d)
        e = UT.T @ d
        assert abs(u @ d - e.max()) <= EDGE_TOL  # >= every member's edge, and attained
        kg, eg = TreeOracle(X, y, search="greedy").best_edge(d)
        assert stumps.best_edge(d)[1] - EDGE_TOL <= eg <= e.max() + EDGE_TOL
        assert abs(tr.column(kg) @ d - eg) <= EDGE_TOL


def test_tree_predict_and_all_constant_features():
    X, y, rng = _data(2, N=16)
    tr = TreeOracle(X, y)
    d = _random_d(rng, 16)
    k, u = tr.best(d)
    np.testing.assert_allclose(y * tr.predict([k], [1.0], X), u)
    Xc = np.ones((6, 2))
    yc = np.array([1.0, -1, 1, 1, -1, 1])
    k, u = TreeOracle(Xc, yc).best(np.full(6, 1 / 6))
    np.testing.assert_allclose(u, yc)  # only the constant +1 is available and it is the best


# ------------------------------------------------------------------ raw features, kernel columns, LDA


@pytest.mark.parametrize("cls", [RawFeatureOracle, KernelColumnOracle])
def test_matrix_like_oracles_scaling_and_best(cls):
    rng = np.random.default_rng(8)
    X = rng.normal(size=(25, 4)) * [1.0, 10.0, 0.1, 0.0]
    y = np.where(rng.random(25) < 0.5, 1.0, -1.0)
    o = cls(X, y)
    assert isinstance(o, MatrixOracle)
    U = o.U
    assert np.max(np.abs(U)) <= 1.0
    A = np.abs(U[:, : U.shape[1] // 2])
    nonzero = A.max(axis=0) > 0
    np.testing.assert_allclose(A.max(axis=0)[nonzero], 1.0)  # max-abs scaling over the training set
    for _ in range(10):
        d = rng.dirichlet(np.ones(25))
        k, u = o.best(d)
        assert u @ d >= (U.T @ d).max() - EDGE_TOL
    keys = [0, 1, U.shape[1] - 1]
    w = np.array([0.2, 0.3, 0.5])
    np.testing.assert_allclose(y * o.predict(keys, w, X), o.columns(keys) @ w, atol=1e-14)
    if cls is RawFeatureOracle:
        np.testing.assert_allclose(o.evaluate(1, X), X[:, 1] / np.abs(X[:, 1]).max())
    else:
        m = 3
        K = X @ X.T
        np.testing.assert_allclose(o.evaluate(m, X), K[:, m] / np.abs(K[:, m]).max())


def test_lda_direction_matches_sklearn_and_edge_is_best_along_it():
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

    rng = np.random.default_rng(9)
    N = 200
    y = np.where(rng.random(N) < 0.4, 1.0, -1.0)
    X = rng.normal(size=(N, 3)) @ np.array([[2.0, 0.5, 0.0], [0.0, 1.0, 0.3], [0.0, 0.0, 0.5]])
    X += np.outer(y, [0.5, -0.3, 0.2])
    o = LDAOracle(X, y)
    w = o.direction(np.full(N, 1 / N))
    ref = LinearDiscriminantAnalysis(solver="lsqr").fit(X, y).coef_[0]
    cos = w @ ref / np.linalg.norm(ref)
    assert cos > 1 - 1e-6  # same direction (ridge 1e-4 is negligible here)
    for _ in range(5):
        d = rng.dirichlet(np.ones(N))
        key, u = o.best(d)
        z = X @ np.asarray(key[0])
        so = StumpOracle(z[:, None], y)
        best_along = (so.columns(so.all_keys()).T @ d).max()
        assert abs(u @ d - best_along) <= EDGE_TOL  # best over thresholds along its own direction
        np.testing.assert_allclose(y * o.predict([key], [1.0], X), u)


def test_lda_ridge_handles_singular_scatter():
    X = np.array([[0.0, 1.0], [1.0, 1.0], [2.0, 1.0], [3.0, 1.0]])  # second feature constant
    y = np.array([-1.0, -1.0, 1.0, 1.0])
    key, u = LDAOracle(X, y).best(np.full(4, 0.25))
    assert np.allclose(u, 1.0)


# ------------------------------------------------------------------ bad input

ORACLES = [StumpOracle, TreeOracle, RawFeatureOracle, KernelColumnOracle, LinearKernelOracle, LDAOracle]


@pytest.mark.parametrize("cls", ORACLES)
def test_bad_training_data(cls):
    X = np.arange(12.0).reshape(6, 2)
    y = np.array([1.0, -1, 1, -1, 1, -1])
    Xn = X.copy()
    Xn[2, 1] = np.nan
    with pytest.raises(ValueError, match="X"):
        cls(Xn, y)
    with pytest.raises(ValueError, match="y"):
        cls(X, np.array([1.0, 0, 1, 0, 1, 0]))
    with pytest.raises(ValueError, match="both classes"):
        cls(X, np.ones(6))
    with pytest.raises(ValueError, match="y"):
        cls(X, y[:5])
    with pytest.raises(ValueError, match="X"):
        cls(np.zeros(6), y)


@pytest.mark.parametrize("cls", ORACLES)
def test_bad_distribution_key_and_predict_input(cls):
    rng = np.random.default_rng(0)
    X = rng.normal(size=(8, 3))
    y = np.array([1.0, -1, 1, -1, 1, -1, 1, 1])
    o = cls(X, y)
    with pytest.raises(ValueError, match="d must sum to 1"):
        o.best(np.full(8, 0.2))
    with pytest.raises(ValueError, match="d must have length"):
        o.best(np.full(7, 1 / 7))
    with pytest.raises(ValueError, match="d must be non-negative"):
        o.best(np.r_[-0.5, np.full(7, 1.5 / 7)])
    key, _ = o.best(np.full(8, 1 / 8))
    with pytest.raises(ValueError, match="X must have 3 features"):
        o.predict([key], [1.0], np.zeros((2, 4)))
    with pytest.raises(ValueError, match="weights"):
        o.predict([key], [1.0, 2.0], X)
    with pytest.raises(ValueError, match="key"):
        o.column("nonsense")


def test_bad_options():
    X = np.arange(8.0).reshape(4, 2)
    y = np.array([1.0, -1, 1, -1])
    with pytest.raises(TypeError, match="reflexive"):
        StumpOracle(X, y, reflexive=1)
    with pytest.raises(ValueError, match="search"):
        TreeOracle(X, y, search="cart")
    with pytest.raises(ValueError, match="ridge"):
        LDAOracle(X, y, ridge=0.0)
    with pytest.raises(ValueError, match="tie_tol"):
        StumpOracle(X, y, tie_tol=-1.0)
    with pytest.raises(ValueError, match="not reflexive"):
        StumpOracle(X, y, reflexive=False).column((0, 1.0, -1))
