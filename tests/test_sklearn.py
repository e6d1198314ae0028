"""refboost.sklearn.BoostingClassifier: scikit-learn's estimator checks, label mapping, bad input."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.model_selection import GridSearchCV
from sklearn.utils.estimator_checks import parametrize_with_checks

import refboost as rb
from refboost.sklearn import BoostingClassifier, StumpClassifier


@parametrize_with_checks(
    [
        BoostingClassifier(),
        BoostingClassifier("lpboost", "stump", max_iter=30, nu=2.0, eps=1e-2),
        StumpClassifier(),
    ]
)
def test_sklearn_estimator_checks(estimator, check):
    check(estimator)


def _toy(rng, n=60):
    X = rng.normal(size=(n, 3))
    y = np.where(X[:, 0] + 0.3 * rng.normal(size=n) > 0, "yes", "no")
    return X, y


def test_labels_mapped_and_back(rng):
    X, y = _toy(rng)
    clf = BoostingClassifier(max_iter=20).fit(X, y)
    assert list(clf.classes_) == ["no", "yes"]
    assert set(clf.predict(X)) <= {"no", "yes"}
    # the oracle saw classes_[1] as +1
    assert np.array_equal(clf.oracle_.y, np.where(y == "yes", 1.0, -1.0))
    f = clf.decision_function(X)
    assert np.array_equal(clf.predict(X), np.where(f >= 0, "yes", "no"))
    assert clf.score(X, y) == np.mean(clf.predict(X) == y)


def test_same_as_direct_booster_call(rng):
    X, y = _toy(rng)
    ypm = np.where(y == "yes", 1.0, -1.0)
    clf = BoostingClassifier("lpboost", "stump", max_iter=100, nu=5.0, eps=1e-4).fit(X, y)
    res = rb.lpboost(rb.StumpOracle(X, ypm), nu=5.0, eps=1e-4, max_iter=100)
    assert clf.hypotheses_ == res.hypotheses
    assert np.allclose(clf.weights_, res.weights, atol=1e-12)
    assert clf.result_.gap <= 1e-4
    # store_d defaults to False for the boosters that have it, and can be switched on
    ada = BoostingClassifier(max_iter=5).fit(X, y)
    assert "d" not in ada.result_.history[0]
    ada = BoostingClassifier(max_iter=5, store_d=True).fit(X, y)
    assert "d" in ada.result_.history[0]


def test_booster_params_are_estimator_params(rng):
    X, y = _toy(rng)
    clf = BoostingClassifier("erlpboost", nu=3.0, eps=0.05)
    expected = {"booster": "erlpboost", "weak_learner": "stump", "max_iter": 100, "nu": 3.0, "eps": 0.05}
    assert clf.get_params() == expected
    c2 = clone(clf).set_params(nu=4.0, weak_learner="tree-greedy")
    assert c2.get_params()["nu"] == 4.0 and clf.get_params()["nu"] == 3.0
    assert "nu=3.0" in repr(clf)
    gs = GridSearchCV(BoostingClassifier("lpboost", max_iter=50), {"nu": [1.0, 5.0]}, cv=3).fit(X, y)
    assert gs.best_params_["nu"] in (1.0, 5.0)


@pytest.mark.parametrize("wl", ["tree", "raw", "kernel", "lda"])
def test_other_weak_learners(rng, wl):
    X, y = _toy(rng, 40)
    clf = BoostingClassifier("adaboost", wl, max_iter=10).fit(X, y)
    assert clf.score(X, y) >= 0.7


def test_bad_input(rng):
    X, y = _toy(rng)
    with pytest.raises(ValueError, match="booster"):
        BoostingClassifier("nosuchboost").fit(X, y)
    with pytest.raises(TypeError, match="booster"):
        BoostingClassifier(3).fit(X, y)
    with pytest.raises(ValueError, match="weak_learner"):
        BoostingClassifier(weak_learner="forest").fit(X, y)
    with pytest.raises(ValueError, match="booster_params.*nuu"):
        BoostingClassifier("lpboost", nuu=3.0).fit(X, y)
    with pytest.raises(ValueError, match="max_iter"):
        BoostingClassifier(max_iter=0).fit(X, y)
    with pytest.raises(ValueError, match="Only binary"):
        BoostingClassifier().fit(X, np.arange(len(y)) % 3)
    with pytest.raises(ValueError, match="1 class"):
        BoostingClassifier().fit(X, np.ones(len(y)))
    Xn = X.copy()
    Xn[0, 0] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        BoostingClassifier().fit(Xn, y)
    clf = BoostingClassifier(max_iter=3).fit(X, y)
    with pytest.raises(ValueError, match="features"):
        clf.predict(X[:, :2])


# --------------------------------------------------------------------------------------
# AdaBoost with exact stumps vs scikit-learn's AdaBoostClassifier (SAMME, the only algorithm
# of scikit-learn >= 1.6 for two classes: estimator weight log((1-err)/err) = 2 alpha_t)
# --------------------------------------------------------------------------------------

ADA_ROUNDS = 200
ALPHA_RTOL = 1e-10


def _heart(data_home):
    from refboost import datasets

    ds = datasets.load("heart", data_home=data_home, realisation=1)
    return ds.X, ds.y


def test_adaboost_matches_sklearn_samme_with_exact_stumps(data_home):
    """SAMME over the exact stump = refboost.adaboost: same 200 stumps, alphas, training errors."""
    from sklearn.ensemble import AdaBoostClassifier

    X, y = _heart(data_home)
    orc = rb.StumpOracle(X, y)
    res = rb.adaboost(orc, max_iter=ADA_ROUNDS, store_d=False)
    sk = AdaBoostClassifier(StumpClassifier(), n_estimators=ADA_ROUNDS).fit(X, y)
    assert res.n_iter == len(sk.estimators_) == ADA_ROUNDS
    assert [r["hypothesis"] for r in res.history] == [e.key_ for e in sk.estimators_]
    alpha = res.history_array("alpha")
    assert np.allclose(sk.estimator_weights_, 2 * alpha, rtol=ALPHA_RTOL, atol=0)
    err_sk = np.array([np.mean(p != y) for p in sk.staged_predict(X)])
    assert np.array_equal(rb.experiments.staged_errors(orc, res, X, y), err_sk)


def test_sklearn_gini_stumps_differ_by_criterion_not_ties(data_home):
    """With DecisionTreeClassifier(max_depth=1) the runs agree until round 4 on heart, then part:
    the tree maximises Gini gain, not the edge. Under scikit-learn's own weights, every one of its
    stumps has edge <= the exact maximum edge, strictly below it in some rounds (no tie)."""
    from sklearn.ensemble import AdaBoostClassifier
    from sklearn.tree import DecisionTreeClassifier

    X, y = _heart(data_home)
    orc = rb.StumpOracle(X, y)
    res = rb.adaboost(orc, max_iter=ADA_ROUNDS, store_d=False)
    sk = AdaBoostClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=ADA_ROUNDS, random_state=0).fit(X, y)
    U_sk = np.column_stack([y * e.predict(X) for e in sk.estimators_])
    U_ours = orc.columns([r["hypothesis"] for r in res.history])
    same = np.all(U_sk == U_ours, axis=0)
    first = int(np.argmin(same))
    assert first == 4 and same[:first].all()
    err_sk = np.array([np.mean(p != y) for p in sk.staged_predict(X)])
    err_ours = rb.experiments.staged_errors(orc, res, X, y)
    assert np.array_equal(err_sk[:first], err_ours[:first])
    # scikit-learn's distribution at round t: d_t ~ exp(sum_{s<t} w_s [h_s wrong])
    wrong = U_sk < 0
    logd = np.zeros(len(y))
    gaps = []
    for t in range(len(sk.estimators_)):
        d = np.exp(logd - logd.max())
        d /= d.sum()
        _, best = orc.best_edge(d)
        gaps.append(best - U_sk[:, t] @ d)
        logd += sk.estimator_weights_[t] * wrong[:, t]
    gaps = np.array(gaps)
    assert gaps.min() >= -1e-12 and gaps.max() > 0.05 and gaps[first] > 0.05
