"""Sparse input for the raw-feature and SVM (linear-kernel) hypotheses, and the synthetic sparse text-like
sets with the shapes of Glocer (2009), Table 5.1 (astro-ph, news20, real-sim)."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp

import refboost as rb
from refboost import datasets, oracles
from refboost._registry import resolve_weak_learner
from refboost.experiments import run_cell
from refboost.oracles import (
    KernelColumnOracle,
    LinearKernelOracle,
    MatrixOracle,
    RawFeatureOracle,
    SparseRawFeatureOracle,
)

EDGE_TOL = 1e-12  # sparse and dense sweeps sum the same products in another order


def _sparse_problem(n=120, p=400, density=0.03, seed=0):
    rng = np.random.default_rng(seed)
    X = sp.random(n, p, density=density, random_state=seed, format="csr")
    X.data = rng.standard_normal(X.data.size)
    X = sp.hstack([X, sp.csr_matrix((n, 3))]).tocsr()  # three all-zero columns
    y = np.where(rng.random(n) < 0.4, 1.0, -1.0)
    return X, y, rng


@pytest.mark.parametrize("reflexive", [True, False])
def test_sparse_raw_oracle_equals_dense_in_keys_edges_columns(reflexive):
    X, y, rng = _sparse_problem()
    dense, sparse = RawFeatureOracle(X.toarray(), y, reflexive), RawFeatureOracle(X, y, reflexive)
    assert isinstance(sparse, SparseRawFeatureOracle) and not isinstance(sparse, MatrixOracle)
    assert sparse.n_hypotheses == dense.n_hypotheses == (2 if reflexive else 1) * X.shape[1]
    for _ in range(20):
        d = rng.dirichlet(np.ones(X.shape[0]) * 0.3)
        np.testing.assert_allclose(sparse.edges(d), dense.edges(d), rtol=0, atol=EDGE_TOL)
        (k1, u1), (k2, u2) = dense.best(d), sparse.best(d)
        assert k1 == k2
        np.testing.assert_allclose(u2, u1, rtol=0, atol=1e-15)
        assert sparse.best_edge(d) == (k2, pytest.approx(float(u1 @ d), abs=EDGE_TOL))
    keys = [0, 5, X.shape[1] - 1] + ([X.shape[1] + 2] if reflexive else [])
    np.testing.assert_allclose(sparse.columns(keys), dense.columns(keys), rtol=0, atol=1e-15)


def test_sparse_raw_oracle_ties_take_the_lowest_index():
    # two identical columns and their negations: the first of the tied maxima is returned, as in MatrixOracle
    X = sp.csr_matrix(np.array([[1.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 1.0, 0.0]]))
    y = np.array([1.0, -1.0, 1.0])
    o = RawFeatureOracle(X, y)
    assert o.best(np.ones(3) / 3)[0] == RawFeatureOracle(X.toarray(), y).best(np.ones(3) / 3)[0] == 0


@pytest.mark.parametrize("booster", ["erlpboost", "binary_erlpboost", "corrective_erlpboost", "adaboost"])
def test_boosters_give_the_same_result_on_sparse_and_dense_raw_features(booster):
    X, y, _ = _sparse_problem(seed=1)
    dense, sparse = RawFeatureOracle(X.toarray(), y), RawFeatureOracle(X, y)
    kw = {"max_iter": 60} if booster == "adaboost" else {"eps": 0.05, "max_iter": 300}
    r1, r2 = getattr(rb, booster)(dense, **kw), getattr(rb, booster)(sparse, **kw)
    assert r1.hypotheses == r2.hypotheses and r1.n_iter == r2.n_iter
    np.testing.assert_allclose(r2.weights, r1.weights, rtol=0, atol=1e-9)
    f1 = dense.predict(r1.hypotheses, r1.weights, X.toarray())
    f2 = sparse.predict(r2.hypotheses, r2.weights, X)  # new data stays sparse too
    np.testing.assert_allclose(f2, f1, rtol=0, atol=1e-9)


def test_sparse_raw_oracle_never_densifies_the_data():
    # news20's dimension: a dense N x d float matrix would need N * 1.36e6 * 8 bytes (2.2 GB at N = 200)
    X, y = datasets.sparse_text_like("news20", np.random.default_rng(3), scale=0.01)
    o = RawFeatureOracle(X, y)
    assert sp.issparse(o.X) and sp.issparse(o.U_half) and o.U_half.nnz == X.nnz
    key, u = o.best(np.ones(X.shape[0]) / X.shape[0])
    assert u.shape == (X.shape[0],) and np.all(np.abs(u) <= 1.0)


def test_sparse_kernel_oracle_equals_dense():
    X, y, rng = _sparse_problem(n=80, p=200, seed=2)
    dense, sparse = KernelColumnOracle(X.toarray(), y), KernelColumnOracle(X, y)
    np.testing.assert_allclose(sparse.U, dense.U, rtol=0, atol=1e-14)
    d = rng.dirichlet(np.ones(80))
    assert dense.best(d)[0] == sparse.best(d)[0]
    keys = [0, 3, 100]
    w = [0.5, 0.3, 0.2]
    np.testing.assert_allclose(sparse.predict(keys, w, X), dense.predict(keys, w, X.toarray()), rtol=0, atol=1e-13)


@pytest.mark.parametrize("sparse_input,csr_products", [(True, True), (False, True), (False, False)])
@pytest.mark.parametrize("reflexive", [True, False])
def test_matrix_free_kernel_oracle_equals_the_kernel_matrix(sparse_input, csr_products, reflexive, monkeypatch):
    # the blocks of the scale computation are made small so that several blocks and a ragged last one run
    monkeypatch.setattr(oracles, "_KERNEL_BLOCK", 7)
    if not csr_products:  # a dense X (20 % non-zero here) multiplies as it is
        monkeypatch.setattr(oracles, "_SPARSE_SWEEP_DENSITY", 0.0)
    X, y, rng = _sparse_problem(n=60, p=30, density=0.2, seed=5)
    X = sp.vstack([X, sp.csr_matrix((1, X.shape[1]))]).tocsr()  # an all-zero example: h_m = 0, scale 1
    y = np.append(y, 1.0)
    Xin = X if sparse_input else X.toarray()
    dense, free = KernelColumnOracle(X.toarray(), y, reflexive), LinearKernelOracle(Xin, y, reflexive)
    assert not isinstance(free, MatrixOracle) and free.n_hypotheses == dense.n_hypotheses
    assert sp.issparse(free._Xp) == sp.issparse(free._XTp) == csr_products
    np.testing.assert_allclose(free.scale, dense.scale, rtol=1e-14, atol=0)  # block products: rounding only
    for _ in range(20):
        d = rng.dirichlet(np.ones(X.shape[0]) * 0.5)
        np.testing.assert_allclose(free.edges(d), dense.edges(d), rtol=0, atol=EDGE_TOL)
        assert free.best(d)[0] == dense.best(d)[0]
        assert free.best_edge(d) == (dense.best(d)[0], pytest.approx(float(dense.best(d)[1] @ d), abs=EDGE_TOL))
    keys = [0, 7, X.shape[0] - 1] + ([X.shape[0] + 2] if reflexive else [])
    np.testing.assert_allclose(free.columns(keys), dense.columns(keys), rtol=0, atol=1e-15)
    w = [0.4, 0.3, 0.2] + ([0.1] if reflexive else [])
    Xnew = X[:9] * 3.0  # clipped to [-1, 1] on new data, as the dense class
    np.testing.assert_allclose(free.predict(keys, w, Xnew if sparse_input else Xnew.toarray()),
                               dense.predict(keys, w, Xnew.toarray()), rtol=0, atol=1e-14)


@pytest.mark.parametrize("reflexive", [True, False])
def test_large_mostly_zero_matrix_oracle_sweeps_sparse_with_the_dense_edges_and_keys(reflexive, monkeypatch):
    # 2048 x 600 entries (above _SPARSE_EDGES_MIN_SIZE), 10 % non-zero: edges from a CSR copy of U^T
    rng = np.random.default_rng(8)
    U = np.where(rng.random((2048, 600)) < 0.1, rng.choice([-1.0, 1.0], (2048, 600)), 0.0)
    U[:, 5] = U[:, 9]  # a duplicated column: a tie, the lowest index wins on both paths
    sparse = MatrixOracle(U, reflexive=reflexive)
    monkeypatch.setattr(oracles, "_SPARSE_EDGES_MIN_SIZE", U.size + 1)
    dense = MatrixOracle(U, reflexive=reflexive)
    assert sp.issparse(sparse._Ut) and dense._Ut is None
    for _ in range(10):
        d = rng.dirichlet(np.ones(U.shape[0]) * 0.3)
        np.testing.assert_allclose(sparse.edges(d), dense.edges(d), rtol=0, atol=EDGE_TOL)
        assert sparse.best(d)[0] == dense.best(d)[0]
        np.testing.assert_array_equal(sparse.best(d)[1], dense.best(d)[1])
    kw = {"eps": 0.05, "nu": 20.0, "max_iter": 300}
    r1, r2 = rb.corrective_erlpboost(dense, **kw), rb.corrective_erlpboost(sparse, **kw)
    assert r1.hypotheses == r2.hypotheses and r1.n_iter == r2.n_iter
    np.testing.assert_allclose(r2.weights, r1.weights, rtol=0, atol=1e-9)
    assert rb.certify.result(r2, sparse).ok == r2.converged


def test_dense_or_small_matrix_oracles_keep_the_dense_sweep():
    rng = np.random.default_rng(9)
    assert MatrixOracle(rng.choice([-1.0, 1.0], (2048, 600)))._Ut is None  # full: no sparse copy
    assert MatrixOracle(np.where(rng.random((100, 50)) < 0.1, 1.0, 0.0))._Ut is None  # small


def test_kernel_oracle_goes_matrix_free_above_its_size_limit(monkeypatch):
    X, y, _ = _sparse_problem(n=40, p=12, density=0.4, seed=6)
    assert type(KernelColumnOracle(X, y)) is KernelColumnOracle
    monkeypatch.setattr(oracles, "KERNEL_DENSE_MAX_N", 39)
    o = KernelColumnOracle(X, y, reflexive=False)
    assert type(o) is LinearKernelOracle and not o.reflexive
    assert type(resolve_weak_learner("kernel")[1](X.toarray(), y)) is LinearKernelOracle
    with pytest.raises(ValueError, match="y must contain both classes"):
        KernelColumnOracle(X, np.ones(40))


@pytest.mark.parametrize("booster", ["erlpboost", "corrective_binary_erlpboost", "lpboost"])
def test_boosters_give_the_same_run_on_the_matrix_free_kernel_oracle(booster):
    X, y, _ = _sparse_problem(n=70, p=15, density=0.5, seed=7)
    dense, free = KernelColumnOracle(X.toarray(), y), LinearKernelOracle(X, y)
    kw = {"eps": 0.05, "nu": 7.0, "max_iter": 400}
    r1, r2 = getattr(rb, booster)(dense, **kw), getattr(rb, booster)(free, **kw)
    assert r1.hypotheses == r2.hypotheses and r1.n_iter == r2.n_iter
    np.testing.assert_allclose(r2.weights, r1.weights, rtol=0, atol=1e-9)
    assert r2.converged and rb.certify.result(r2, free).ok


def test_run_cell_on_a_sparse_split_with_the_raw_weak_learner():
    X, y = datasets.sparse_text_like("real-sim", np.random.default_rng(4), scale=0.005)
    n = X.shape[0]
    tr, va, te = np.arange(0, n // 2), np.arange(n // 2, 3 * n // 4), np.arange(3 * n // 4, n)
    split = {"split": "synthetic", "X": X[tr], "y": y[tr], "X_val": X[va], "y_val": y[va], "X_test": X[te],
             "y_test": y[te]}
    rec = run_cell(split, "erlpboost", {"eps": 0.1}, "raw")
    Xd = {k: (v.toarray() if sp.issparse(v) else v) for k, v in split.items()}
    rec_d = run_cell(Xd, "erlpboost", {"eps": 0.1}, "raw")
    for f in ("train_error", "val_error", "test_error", "n_iter", "n_hypotheses"):
        assert rec[f] == rec_d[f], f
    assert resolve_weak_learner("raw")[0] == "raw"


# ------------------------------------------------------------------------------------------
# the synthetic sparse text-like sets
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(datasets.SPARSE_TEXT_SHAPES))
def test_sparse_text_like_has_the_published_shape_and_density(name):
    spec = datasets.SPARSE_TEXT_SHAPES[name]
    X, y = datasets.sparse_text_like(name, np.random.default_rng(0), scale=0.01)
    assert sp.isspmatrix_csr(X) and X.shape == (round(0.01 * spec["rows"]), spec["features"])
    per_row = X.nnz / X.shape[0]
    assert abs(per_row - spec["nnz_per_row"]) <= 0.05 * spec["nnz_per_row"]  # density within 5 %
    assert set(np.unique(y)) == {-1.0, 1.0}
    assert abs(np.mean(y > 0) - spec["positive"]) <= 0.06  # class fraction, sampling error at ~200-950 rows
    np.testing.assert_allclose(np.sqrt(np.asarray(X.multiply(X).sum(axis=1)).ravel()), 1.0, rtol=1e-12)
    assert np.all(X.data > 0)


def test_sparse_text_like_is_deterministic_given_the_seed():
    a = datasets.sparse_text_like("astro-ph", np.random.default_rng(7), scale=0.005)
    b = datasets.sparse_text_like("astro-ph", np.random.default_rng(7), scale=0.005)
    c = datasets.sparse_text_like("astro-ph", np.random.default_rng(8), scale=0.005)
    assert (a[0] != b[0]).nnz == 0 and np.array_equal(a[1], b[1])
    assert (a[0] != c[0]).nnz > 0


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [({"name": "rcv1"}, "name must be one of"), ({"scale": 0.0}, "scale must be a finite real in"),
     ({"scale": 1.5}, "scale must be a finite real in"), ({"noise": 0.7}, "noise must be a finite real in")],
)
def test_sparse_text_like_bad_input(kwargs, match):
    args = {"name": "news20", "scale": 0.001} | kwargs
    name = args.pop("name")
    with pytest.raises(ValueError, match=match):
        datasets.sparse_text_like(name, np.random.default_rng(0), **args)


def _mostly_one_value_data(seed=10, n=300):
    rng = np.random.default_rng(seed)
    X = np.where(rng.random((n, 12)) < 0.8, 0.0, rng.integers(1, 4, (n, 12)).astype(float))  # mostly zeros
    X[:, 3] = 2.0  # constant
    X[:, 7] = X[:, 2]  # duplicate: ties, the lowest index wins
    X[:, 9] = np.where(rng.random(n) < 0.9, 5.0, -1.0)  # most frequent value is not the smallest
    y = np.where(rng.random(n) < 0.45, 1.0, -1.0)
    return X, y, rng


@pytest.mark.parametrize("reflexive", [True, False])
def test_stump_histograms_without_the_most_frequent_values_equal_the_full_ones(reflexive, monkeypatch):
    X, y, rng = _mostly_one_value_data()
    full = oracles.StumpOracle(X, y, reflexive)
    monkeypatch.setattr(oracles, "_STUMP_MODE_MIN_SIZE", 0)
    lean = oracles.StumpOracle(X, y, reflexive)
    assert full._mode_bins is None and lean._mode_bins is not None
    assert lean._onehot_T.nnz < full._onehot_T.nnz / 3 + X.shape[0]
    V = rng.standard_normal((5, X.shape[0])) * rng.dirichlet(np.ones(X.shape[0]))
    np.testing.assert_allclose(lean._histograms(V), full._histograms(V), rtol=0, atol=EDGE_TOL)
    for _ in range(20):
        d = rng.dirichlet(np.ones(X.shape[0]) * 0.5)
        assert lean.best(d)[0] == full.best(d)[0]
        assert lean.best_edge(d)[1] == pytest.approx(full.best_edge(d)[1], abs=EDGE_TOL)


def test_tree_oracle_on_stump_histograms_without_the_most_frequent_values(monkeypatch):
    X, y, rng = _mostly_one_value_data(seed=11, n=120)
    full = oracles.TreeOracle(X, y)
    monkeypatch.setattr(oracles, "_STUMP_MODE_MIN_SIZE", 0)
    lean = oracles.TreeOracle(X, y)
    assert lean._stumps._mode_bins is not None
    for screen in (False, True):
        full._screen = lean._screen = screen
        for _ in range(5):
            d = rng.dirichlet(np.ones(X.shape[0]))
            assert lean.best(d)[0] == full.best(d)[0]


def test_stump_oracle_keeps_every_value_when_the_data_are_not_mostly_one_value(monkeypatch):
    monkeypatch.setattr(oracles, "_STUMP_MODE_MIN_SIZE", 0)
    rng = np.random.default_rng(12)
    y = np.where(rng.random(50) < 0.5, 1.0, -1.0)
    assert oracles.StumpOracle(rng.standard_normal((50, 4)), y)._mode_bins is None


def test_matrix_free_kernel_columns_are_kept_up_to_a_bound(monkeypatch):
    monkeypatch.setattr(oracles, "_KERNEL_COLUMN_CACHE", 2)
    X, y, _ = _sparse_problem(n=30, p=10, density=0.4, seed=13)
    free, dense = LinearKernelOracle(X, y), KernelColumnOracle(X.toarray(), y)
    for key in (3, 33, 5, 3, 7, 35):  # 33 and 35: the negations of 3 and 5
        np.testing.assert_allclose(free.column(key), dense.column(key), rtol=0, atol=1e-15)
    assert sorted(free._kernel_columns) == [3, 5]
