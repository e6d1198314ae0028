"""The exact depth-2 tree search with the screening sweep (refboost._jit.tree) against the plain search and
brute force: the same key and the same edge (bit for bit) on small random data with ties, duplicate rows,
constant features and zero weights."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from refboost._jit.tree import root_split_totals
from refboost.oracles import StumpOracle, TreeOracle

#: Edges agree with brute force up to summation round-off.
EDGE_TOL = 1e-12


def _instance(rng):
    N = int(rng.integers(4, 30))
    p = int(rng.integers(1, 5))
    X = rng.integers(0, int(rng.integers(2, 7)), (N, p)).astype(float)
    if rng.random() < 0.3:
        X[:, int(rng.integers(p))] = 1.5  # a constant feature
    if rng.random() < 0.4:
        X = np.vstack([X, X[: N // 2]])  # duplicate rows
    y = np.where(rng.random(X.shape[0]) < 0.5, 1.0, -1.0)
    y[:2] = [1.0, -1.0]
    return X, y


def _distributions(rng, N):
    d = rng.dirichlet(np.full(N, 0.7))
    d[rng.random(N) < 0.3] = 0.0  # zero weights: many root splits tie
    if d.sum() == 0:
        d[0] = 1.0
    yield d / d.sum()
    yield np.full(N, 1.0 / N)  # uniform: ties between mirrored trees
    s = np.zeros(N)
    s[rng.choice(N, size=max(1, N // 3), replace=False)] = 1.0
    yield s / s.sum()  # a vertex-like (LPBoost) distribution


def _plain(X, y):
    o = TreeOracle(X, y)
    o._screen = False
    return o


def _screened(X, y):
    o = TreeOracle(X, y)
    o._screen = True
    return o


def _sweep_and_histogram_totals(o, v):
    """Every root split's B(left) + B(right): from the screening sweep, and from both children's histograms."""
    st = o._stumps
    approx = root_split_totals(o._codes2, v, st._is_split, st._seg_start.astype(np.int64), o._seg_end, o._order,
                               int(o._split_bins.size))
    left, right = o._children(v, np.arange(o._split_bins.size))
    return approx, np.array([a[0] + b[0] for a, b in zip(left, right, strict=True)])


@pytest.mark.parametrize("seed", range(6))
def test_screened_search_equals_plain_search_bit_for_bit(seed):
    rng = np.random.default_rng(seed)
    for _ in range(25):
        X, y = _instance(rng)
        fast, plain = _screened(X, y), _plain(X, y)
        for d in _distributions(rng, len(y)):
            assert fast.best_edge(d) == plain.best_edge(d)


@pytest.mark.parametrize("seed", range(3))
def test_screening_totals_match_the_histogram_totals(seed):
    rng = np.random.default_rng(100 + seed)
    for _ in range(20):
        X, y = _instance(rng)
        o = TreeOracle(X, y)
        if o._split_bins.size == 0:
            continue
        for d in _distributions(rng, len(y)):
            approx, exact = _sweep_and_histogram_totals(o, d * y)
            np.testing.assert_allclose(approx, exact, rtol=0, atol=1e-13)  # far inside SCREEN_TOL


@pytest.mark.parametrize("seed", range(4))
def test_screened_search_equals_brute_force_with_duplicates(seed):
    rng = np.random.default_rng(200 + seed)
    X = rng.integers(0, 3, (8, 3)).astype(float)
    X = np.vstack([X, X[:4]])  # duplicate rows
    X[:, 2] = 0.5  # a constant feature
    y = np.where(rng.random(12) < 0.5, 1.0, -1.0)
    y[:2] = [1.0, -1.0]
    tr = _screened(X, y)
    sk = StumpOracle(X, y).all_keys()
    roots = [k for k in sk if k[0] >= 0 and k[2] == 1]
    trees = [(j, th, kl, kr) for (j, th, _), kl, kr in itertools.product(roots, sk, sk)]
    UT = tr.columns(trees)
    for d in _distributions(rng, len(y)):
        key, u = tr.best(d)
        e = UT.T @ d
        assert abs(u @ d - e.max()) <= EDGE_TOL  # attains the maximum over the class
        assert tr.best_edge(d) == _plain(X, y).best_edge(d)


def test_screened_search_on_a_larger_continuous_instance():
    rng = np.random.default_rng(7)
    X = rng.normal(size=(120, 6))
    X[:40, 1] = np.round(X[:40, 1])  # some repeated values
    y = np.where(X[:, 0] * X[:, 2] + 0.3 * rng.normal(size=120) > 0, 1.0, -1.0)
    fast, plain = _screened(X, y), _plain(X, y)
    assert TreeOracle(X, y)._use_screen()  # 700 root splits over 6 features: the sweep is cheaper
    for d in _distributions(rng, 120):
        assert fast.best_edge(d) == plain.best_edge(d)


def test_screening_totals_with_features_of_very_different_bin_counts():
    # the sweep keeps one tree per feature, sized to that feature's bins: 1 (constant), 2, 3, and ~N (continuous)
    rng = np.random.default_rng(11)
    N = 90
    X = np.column_stack([rng.normal(size=N), rng.integers(0, 2, N), np.full(N, -2.0), rng.integers(0, 3, N),
                         np.round(rng.normal(size=N), 1)])
    X = np.vstack([X, X[:20]])  # duplicate rows
    y = np.where(X[:, 0] + 0.5 * X[:, 3] + 0.4 * rng.normal(size=X.shape[0]) > 0.5, 1.0, -1.0)
    o, plain = _screened(X, y), _plain(X, y)
    for d in _distributions(rng, len(y)):
        approx, exact = _sweep_and_histogram_totals(o, d * y)
        np.testing.assert_allclose(approx, exact, rtol=0, atol=1e-13)
        assert o.best_edge(d) == plain.best_edge(d)
