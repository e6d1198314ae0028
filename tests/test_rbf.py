"""The RBF-network weak learner (refboost.rbf): fit, weights, determinism, boosting, bad input."""

import numpy as np
import pytest

import refboost as rb
from refboost.rbf import RBFNet, RBFNetOracle, fit_rbf_net, select_rbf_params, weighted_kmeans

TRUE = RBFNet(np.array([[-2.0, 0.0], [2.0, 0.5], [0.0, 2.5]]), np.array([0.8, 1.0, 0.6]), np.array([1.0, -1.5, 0.7]))


def _classes(n=60, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = np.where(X[:, 0] ** 2 + X[:, 1] ** 2 + 0.3 * rng.normal(size=n) > 1.2, 1.0, -1.0)
    return X, y


def test_fits_a_known_rbf_target():
    rng = np.random.default_rng(0)
    # inputs about the true centres (where k-means starts) and spread over the square
    X = np.concatenate([c + 0.9 * rng.normal(size=(60, 2)) for c in TRUE.centres] + [rng.uniform(-4, 4, (60, 2))])
    Xt = rng.uniform(-4, 4, size=(2000, 2))
    net = fit_rbf_net(X, TRUE(X), n_centres=3, reg=0.0, n_iter=100, seed=0)
    rmse = np.sqrt(np.mean((net(Xt) - TRUE(Xt)) ** 2))
    assert rmse < 1e-3 * np.std(TRUE(Xt))
    order = np.argsort(net.widths)
    np.testing.assert_allclose(net.widths[order], np.sort(TRUE.widths), atol=1e-3)
    np.testing.assert_allclose(net.weights[order], TRUE.weights[np.argsort(TRUE.widths)], atol=1e-3)
    # the refinement is what recovers it: the k-means start alone is far off
    net0 = fit_rbf_net(X, TRUE(X), n_centres=3, reg=0.0, n_iter=0, seed=0)
    assert np.sqrt(np.mean((net0(Xt) - TRUE(Xt)) ** 2)) > 100 * rmse


@pytest.mark.parametrize("reg", [0.0, 1e-3])
def test_weighted_fit_equals_fit_on_replicated_sample(reg):
    X, y = _classes(40)
    c = np.random.default_rng(3).integers(0, 4, size=40)  # integer weights, some zero
    Xr, yr = np.repeat(X, c, axis=0), np.repeat(y, c)
    perm = np.random.default_rng(4).permutation(yr.size)  # the order of the copies does not matter
    a = fit_rbf_net(X, y, c / c.sum(), n_centres=5, reg=reg, n_iter=10, seed=7)
    for Xb, yb in ((Xr, yr), (Xr[perm], yr[perm])):
        b = fit_rbf_net(Xb, yb, n_centres=5, reg=reg, n_iter=10, seed=7)
        for u, v in zip(a, b, strict=True):
            np.testing.assert_allclose(u, v, rtol=1e-8, atol=1e-10)
    # the oracle derives the same seed from both weighted samples, hence the same network
    o, orep = RBFNetOracle(X, y, n_centres=5, seed=2), RBFNetOracle(Xr, yr, n_centres=5, seed=2)
    assert o.seed_for(c / c.sum()) == orep.seed_for(np.full(yr.size, 1 / yr.size))
    for u, v in zip(o.fit(c / c.sum()), orep.fit(np.full(yr.size, 1 / yr.size)), strict=True):
        np.testing.assert_allclose(u, v, rtol=1e-8, atol=1e-10)


def test_weighted_kmeans_respects_masses():
    X = np.array([[0.0], [1.0], [10.0], [11.0]])
    C = weighted_kmeans(X, np.array([0.1, 0.3, 0.2, 0.4]), 2, np.random.default_rng(0))
    np.testing.assert_allclose(np.sort(C[:, 0]), [0.75, 32 / 3])


def test_deterministic_given_seed_and_d():
    X, y = _classes(50)
    d = np.random.default_rng(5).dirichlet(np.ones(50))
    o = RBFNetOracle(X, y, n_centres=4, seed=1)
    k1, u1 = o.best(d)
    k2, u2 = o.best(d)
    k3, _ = RBFNetOracle(X, y, n_centres=4, seed=1).best(d)
    assert k1 == k2 == k3 and np.array_equal(u1, u2)
    # a different seed gives a different k-means start; a different d a different seed
    a = fit_rbf_net(X, y, d, n_centres=4, n_iter=0, seed=1)
    b = fit_rbf_net(X, y, d, n_centres=4, n_iter=0, seed=2)
    assert not np.allclose(np.sort(a.centres, axis=0), np.sort(b.centres, axis=0))
    assert RBFNetOracle(X, y, n_centres=4, seed=2).best(d)[0] != k1
    assert o.seed_for(d) != o.seed_for(np.full(50, 1 / 50))


def test_oracle_contract():
    X, y = _classes(50)
    d = np.full(50, 1 / 50)
    for output in ("sign", "clip"):
        o = RBFNetOracle(X, y, n_centres=4, output=output)
        key, u = o.best(d)
        key_e, edge = o.best_edge(d)
        assert key == key_e and edge == pytest.approx(u @ d) and edge > 0
        np.testing.assert_array_equal(u, y * o.evaluate(key, X))
        assert np.all(np.abs(u) <= 1)
        if output == "sign":
            assert set(np.unique(np.abs(u))) == {1.0}
        assert o.predict([key], [2.0], X[:5]).shape == (5,)


def test_weak_learner_in_the_boosters_beats_stumps():
    ds = rb.datasets.load("ida:banana", realisation=1)
    X, y = ds.X[:150], ds.y[:150]
    T = 8
    stump = rb.StumpOracle(X, y)
    rbf = RBFNetOracle(X, y, n_centres=6, seed=0)

    def train_error(oracle, res):
        return np.mean(np.where(oracle.predict(res.hypotheses, res.weights, X) >= 0, 1.0, -1.0) != y)

    for boost, kw in ((rb.adaboost, {}), (rb.adaboost_kl, {"beta": 0.05}), (rb.adaboost_norm2, {"beta": 0.5})):
        r_rbf, r_stump = boost(rbf, max_iter=T, **kw), boost(stump, max_iter=T, **kw)
        assert r_rbf.n_iter == T
        assert train_error(rbf, r_rbf) < train_error(stump, r_stump)


@pytest.mark.parametrize(
    "kw, match",
    [
        ({"n_centres": 0}, r"n_centres must be an integer in \[1, inf\)"),
        ({"reg": -1e-3}, r"reg must be a finite real in \[0, inf\)"),
        ({"n_iter": -1}, r"n_iter must be an integer in \[0, inf\)"),
        ({"seed": -1}, r"seed must be an integer in \[0, inf\)"),
        ({"output": "tanh"}, r"output"),
    ],
)
def test_bad_input(kw, match):
    X, y = _classes(20)
    with pytest.raises(ValueError, match=match):
        RBFNetOracle(X, y, **kw)
    if "output" not in kw:
        with pytest.raises(ValueError, match=match):
            fit_rbf_net(X, y, **kw)


def test_select_rbf_params_protocol():
    sets = [_classes(60, seed=s) for s in (1, 2, 3)]
    sel = select_rbf_params(sets, [1, 4], [1e-6, 1.0], n_folds=3, n_iter=5)
    assert len(sel["choices"]) == 3 and all(c in {(1, 1e-6), (1, 1.0), (4, 1e-6), (4, 1.0)} for c in sel["choices"])
    assert sel["n_centres"] == sorted(c[0] for c in sel["choices"])[1]
    assert sel["reg"] == sorted(c[1] for c in sel["choices"])[1]
    # each choice has the least mean CV error of its set
    for c, err in zip(sel["choices"], sel["cv_error"], strict=True):
        assert err[c] == min(err.values())
