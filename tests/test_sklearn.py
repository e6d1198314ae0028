"""refboost.sklearn.BoostingClassifier: scikit-learn's estimator checks, label mapping, bad input,
``max_iter=None``, required booster parameters, ``nu_fraction`` across folds."""

from __future__ import annotations

import inspect

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.model_selection import GridSearchCV, KFold, cross_val_score, cross_validate
from sklearn.utils.estimator_checks import parametrize_with_checks

import refboost as rb
import refboost._registry
from refboost.sklearn import BoostingClassifier, StumpClassifier


@parametrize_with_checks(
    [
        BoostingClassifier(),
        BoostingClassifier("lpboost", "stump", max_iter=30, nu=2.0, eps=1e-2),
        BoostingClassifier("erlpboost", "stump", max_iter=30, nu_fraction=0.2, eps=0.05),
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
    expected = {"booster": "erlpboost", "weak_learner": "stump", "max_iter": 100, "nu_fraction": None,
                "nu": 3.0, "eps": 0.05}
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


@pytest.mark.parametrize("wl", sorted(rb._registry.WEAK_LEARNERS))
def test_weak_learner_names_are_the_registry_and_the_runner(rng, wl):
    """Every weak-learner name builds the oracle that the experiment runner builds for it."""
    from refboost import experiments

    X, y = _toy(rng, 30)
    clf = BoostingClassifier("adaboost", wl, max_iter=3).fit(X, y)
    y_pm = np.where(y == clf.classes_[1], 1.0, -1.0)
    runner = experiments.ORACLES[wl](X, y_pm)
    assert type(clf.oracle_) is type(runner)
    np.testing.assert_array_equal(clf.decision_function(X), runner.predict(clf.hypotheses_, clf.weights_, X))


def test_callable_booster_and_factory_as_in_the_runner(rng):
    import functools

    X, y = _toy(rng, 30)
    part = functools.partial(rb.lpboost, eps=1e-3)
    clf = BoostingClassifier(part, rb.StumpOracle, max_iter=20, nu=2.0).fit(X, y)
    ref = BoostingClassifier("lpboost", "stump", max_iter=20, nu=2.0, eps=1e-3).fit(X, y)
    assert clf.result_.algorithm == ref.result_.algorithm and clf.hypotheses_ == ref.hypotheses_
    np.testing.assert_array_equal(clf.weights_, ref.weights_)


@pytest.mark.parametrize(
    "booster, wl, exc",
    [("nosuchboost", "stump", ValueError), (3, "stump", TypeError), ("lpboost", "forest", ValueError),
     ("lpboost", 3, TypeError)],
)
def test_unknown_names_raise_the_registry_error(rng, booster, wl, exc):
    X, y = _toy(rng, 20)
    with pytest.raises(exc) as expected:
        rb._registry.resolve_booster(booster)
        rb._registry.resolve_weak_learner(wl)
    with pytest.raises(exc) as got:
        BoostingClassifier(booster, wl).fit(X, y)
    assert str(got.value) == str(expected.value)


# --------------------------------------------------------------------------------------
# What the docstring promises: max_iter=None, required booster parameters, nu_fraction
# --------------------------------------------------------------------------------------

#: Every booster's parameters without a default, with a valid value (the test below fails when a
#: booster gains one, so that the docstring's list is kept up to date).
REQUIRED = {
    "adaboost_star": {"nu": 0.1},
    "adaboost_qp": {"T": 2.0},
    "adaboost_cg": {"T": 2.0},
    "logitboost_cg": {"T": 2.0},
    "lpboost_hinge": {"D": 0.1},
}


def _required(name):
    sig = inspect.signature(getattr(rb, name))
    return {p.name for p in sig.parameters.values()
            if p.kind == p.KEYWORD_ONLY and p.default is inspect.Parameter.empty}


def test_required_list_is_complete():
    assert {b: set(v) for b, v in REQUIRED.items()} == {b: _required(b) for b in rb.BOOSTERS if _required(b)}


@pytest.mark.parametrize("booster", rb.BOOSTERS)
def test_max_iter_none_is_the_boosters_default(booster):
    """``max_iter=None`` (documented as allowed) is accepted by every booster and means its default."""
    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 2))
    y = np.where(X[:, 0] > 0, "b", "a")  # one stump separates: every booster stops at once
    wl = "raw" if booster == "adaboost_qp" else "stump"
    clf = BoostingClassifier(booster, wl, max_iter=None, **REQUIRED.get(booster, {})).fit(X, y)
    assert clf.score(X, y) == 1.0
    kwargs = clf._booster_kwargs(getattr(rb, booster), len(y))
    assert "max_iter" not in kwargs


def test_max_iter_none_runs_to_the_boosters_own_limit(rng):
    X, y = _toy(rng)
    default = inspect.signature(rb.adaboost).parameters["max_iter"].default
    assert BoostingClassifier("adaboost", max_iter=None).fit(X, y).n_iter_ == default
    assert BoostingClassifier("adaboost", max_iter=7).fit(X, y).n_iter_ == 7


@pytest.mark.parametrize("booster", sorted(REQUIRED))
def test_missing_required_parameter_names_the_estimator_parameter(rng, booster):
    X, y = _toy(rng)
    (name,) = REQUIRED[booster]
    msg = rf"BoostingClassifier\(booster='{booster}'\) needs the booster parameter\(s\) {name} .*" \
          rf"BoostingClassifier\('{booster}', {name}=\.\.\.\).*set_params\({name}=\.\.\.\)"
    with pytest.raises(TypeError, match=msg):
        BoostingClassifier(booster).fit(X, y)
    with pytest.raises(TypeError, match=msg):
        GridSearchCV(BoostingClassifier(booster), {"max_iter": [5]}, cv=2, error_score="raise").fit(X, y)


def test_adaboost_qp_pool_message(rng):
    X, y = _toy(rng)
    with pytest.raises(ValueError, match="finite hypothesis pool.*'raw' or 'kernel'.*pool="):
        BoostingClassifier("adaboost_qp", T=2.0).fit(X, y)
    assert BoostingClassifier("adaboost_qp", "raw", T=2.0, max_iter=20).fit(X, y).score(X, y) >= 0.7


def test_nu_fraction_resolves_to_a_count(rng):
    X, y = _toy(rng, 60)
    clf = BoostingClassifier("lpboost", max_iter=50, nu_fraction=0.25).fit(X, y)
    assert clf.nu_ == 15.0
    ref = BoostingClassifier("lpboost", max_iter=50, nu=15.0).fit(X, y)
    assert clf.hypotheses_ == ref.hypotheses_ and np.array_equal(clf.weights_, ref.weights_)
    assert BoostingClassifier("lpboost", max_iter=50, nu_fraction=1e-3).fit(X, y).nu_ == 1.0  # max(1, .)
    assert BoostingClassifier("lpboost", max_iter=5).fit(X, y).nu_ == 1.0  # the booster's default
    assert BoostingClassifier("adaboost", max_iter=5).fit(X, y).nu_ is None
    # nu=None next to nu_fraction counts as "not given" (a grid may switch between the two)
    assert BoostingClassifier("lpboost", max_iter=50, nu_fraction=0.25, nu=None).fit(X, y).nu_ == 15.0
    assert "nu_fraction=0.25" in repr(clf)


def test_nu_fraction_bad_input(rng):
    X, y = _toy(rng, 40)
    with pytest.raises(ValueError, match="mutually exclusive"):
        BoostingClassifier("lpboost", nu_fraction=0.2, nu=3.0).fit(X, y)
    for bad in (0.0, -0.1, 1.5, np.nan):
        with pytest.raises(ValueError, match=r"nu_fraction must be a real in \(0, 1\]"):
            BoostingClassifier("lpboost", nu_fraction=bad).fit(X, y)
    for bad in ("half", True):
        with pytest.raises(TypeError, match="nu_fraction"):
            BoostingClassifier("lpboost", nu_fraction=bad).fit(X, y)
    with pytest.raises(ValueError, match="adaboost has no capping parameter nu"):
        BoostingClassifier("adaboost", nu_fraction=0.2).fit(X, y)
    with pytest.raises(ValueError, match="nu of adaboost_star is not a count"):
        BoostingClassifier("adaboost_star", nu_fraction=0.2).fit(X, y)
    with pytest.raises(ValueError, match="nu = 40 on N = 40 examples.*needs nu < N"):
        BoostingClassifier("binary_erlpboost", nu_fraction=1.0).fit(X, y)
    assert BoostingClassifier("binary_erlpboost", max_iter=20, nu_fraction=0.9).fit(X, y).nu_ == 36.0


def test_nu_fraction_works_across_folds_of_different_sizes(rng):
    """One estimator, folds of 42 and 43 training examples: a count nu = 43 is invalid on the
    smaller folds, nu_fraction = 1 gives nu = N on each; GridSearchCV refits with nu = f * 53."""
    X, y = _toy(rng, 53)
    cv = KFold(5)
    sizes = sorted({len(train) for train, _ in cv.split(X)})
    assert sizes == [42, 43]
    with pytest.raises(ValueError, match="nu must be"):
        cross_val_score(BoostingClassifier("lpboost", max_iter=30, nu=43.0), X, y, cv=cv, error_score="raise")
    for f in (1.0, 0.3):
        out = cross_validate(BoostingClassifier("lpboost", max_iter=30, nu_fraction=f), X, y, cv=cv,
                             error_score="raise", return_estimator=True, return_indices=True)
        assert np.all(np.isfinite(out["test_score"]))
        n_train = [len(i) for i in out["indices"]["train"]]
        assert sorted(set(n_train)) == sizes
        assert [est.nu_ for est in out["estimator"]] == [max(1.0, f * n) for n in n_train]
    gs = GridSearchCV(BoostingClassifier("erlpboost", max_iter=30, eps=0.05), {"nu_fraction": [0.1, 0.5, 1.0]},
                      cv=cv, error_score="raise").fit(X, y)
    assert gs.best_params_["nu_fraction"] in (0.1, 0.5, 1.0)
    assert gs.best_estimator_.nu_ == max(1.0, gs.best_params_["nu_fraction"] * 53)


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
