"""refboost.experiments: one cell (the studies' cell runner), its records, the seeded splits, bad input."""

from __future__ import annotations

import numpy as np
import pytest

from refboost import _registry as rb_registry
from refboost import datasets, experiments, lpboost, truth
from refboost.oracles import StumpOracle


@pytest.fixture
def small():
    X, y = datasets.twonorm(60, np.random.default_rng(0), dim=4)
    return datasets.Dataset(X=X, y=y, name="twonorm-small", source="test")


def _split(small, tr, te, va=None):
    out = {"split": 0, "X": small.X[tr], "y": small.y[tr], "X_test": small.X[te], "y_test": small.y[te]}
    if va is not None:
        out.update(X_val=small.X[va], y_val=small.y[va])
    return out


def test_run_cell_records_and_recomputed_errors(small):
    tr, te = experiments.random_split(60, 0.3, np.random.default_rng(1))
    split = _split(small, tr, te)
    recs = [experiments.run_cell(split, "lpboost", {"nu": nu, "eps": 1e-4}) for nu in (1.0, 6.0)]
    for r in recs:
        assert r["booster"] == "lpboost" and r["oracle"] == "stump" and r["split"] == 0
        assert r["n_train"] + r["n_test"] == 60
        assert 0 <= r["train_error"] <= 1 and 0 <= r["test_error"] <= 1
        assert r["converged"] and r["gap"] <= 1e-4
        assert r["margin_q00"] <= r["margin_q05"] <= r["margin_q25"] <= r["margin_q50"]
    # recompute the cell nu = 6 by hand: same split, same booster
    o = StumpOracle(small.X[tr], small.y[tr])
    res = lpboost(o, nu=6.0, eps=1e-4)
    f = o.predict(res.hypotheses, res.weights, small.X[te])
    assert recs[1]["param_nu"] == 6.0 and recs[1]["test_error"] == experiments.error_rate(f, small.y[te])
    # the soft margin of the recorded weights is the LP optimum on the generated columns
    lp = truth.soft_margin_lp(o.columns(res.hypotheses), 6.0)
    assert abs(res.extra["P_LP"] - lp.value) <= 1e-8


@pytest.mark.parametrize("oracle", ["raw", "kernel", "lda", "tree", "tree-greedy"])
def test_other_oracles_run(small, oracle):
    tr, te = experiments.random_split(60, 0.3, np.random.default_rng(2))
    rec = experiments.run_cell(_split(small, tr, te), "lpboost", {"nu": 2.0, "max_iter": 30}, oracle)
    assert rec["oracle"] == oracle and rec["n_iter"] <= 30


def test_run_cell_with_a_validation_part(small):
    tr, va, te = experiments.train_val_test_split(60, "60/20/20", np.random.default_rng(4))
    rec = experiments.run_cell(_split(small, tr, te, va), "adaboost", {"max_iter": 20})
    assert (rec["n_train"], rec["n_val"], rec["n_test"]) == (36, 12, 12)
    assert 0 <= rec["val_error"] <= 1 and 0 <= rec["test_error"] <= 1


def test_bad_input(small):
    split = {"split": 0, "X": small.X, "y": small.y}
    with pytest.raises(TypeError, match="Oracle"):
        experiments.run_cell(split, "lpboost", {}, lambda X, y: None)
    with pytest.raises(ValueError, match="trace=True or curve"):
        experiments.run_cell(split, "adaboost", {"max_iter": 3}, trace=True, curve="gap")
    with pytest.raises(ValueError, match="test_fraction"):
        experiments.random_split(60, 1.0, np.random.default_rng(0))


# --------------------------------------------------------------------------------------
# train/validation/test schemes, staged errors, plotting
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("scheme, sizes", [("70/15/15", (70, 15, 15)), ("60/20/20", (60, 20, 20))])
def test_train_val_test_split_schemes(scheme, sizes):
    tr, va, te = experiments.train_val_test_split(100, scheme, np.random.default_rng(3))
    assert (tr.size, va.size, te.size) == sizes
    assert np.array_equal(np.sort(np.r_[tr, va, te]), np.arange(100))  # a partition
    tr2, va2, te2 = experiments.train_val_test_split(100, scheme, np.random.default_rng(3))
    assert np.array_equal(tr, tr2) and np.array_equal(va, va2) and np.array_equal(te, te2)  # seeded
    tr3, _, _ = experiments.train_val_test_split(100, (0.5, 0.25, 0.25), np.random.default_rng(3))
    assert tr3.size == 50


def test_staged_errors_matches_final_prediction(small):
    from refboost import adaboost

    o = StumpOracle(small.X, small.y)
    res = adaboost(o, max_iter=25, store_d=False)
    errs = experiments.staged_errors(o, res, small.X, small.y)
    assert errs.shape == (25,)
    assert errs[-1] == experiments.error_rate(o.predict(res.hypotheses, res.weights, small.X), small.y)
    with pytest.raises(ValueError, match="result"):
        experiments.staged_errors(o, lpboost(o, nu=2.0), small.X, small.y)


def test_plotting_helpers(small):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from refboost import adaboost, plotting

    o = StumpOracle(small.X, small.y)
    res = adaboost(o, max_iter=10, store_d=False)
    ax = plotting.error_vs_iteration({"train": experiments.staged_errors(o, res, small.X, small.y)})
    assert len(ax.lines) == 1 and ax.lines[0].get_xdata()[0] == 1
    ax = plotting.margin_distribution({"adaboost": res, "raw": res.margins})
    assert len(ax.lines) == 3  # two step curves + the axvline at 0
    y = ax.lines[0].get_ydata()
    assert y[-1] == 1.0 and np.all(np.diff(y) >= 0)
    assert np.allclose(plotting.normalised_margins(res), res.margins / np.abs(res.weights).sum())
    plt.close("all")
    with pytest.raises(ValueError, match="curves"):
        plotting.error_vs_iteration({})
    with pytest.raises(ValueError, match="margins"):
        plotting.margin_distribution(np.array([0.1, np.nan]))


def test_bad_input_schemes():
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="scheme"):
        experiments.train_val_test_split(100, "80/10/10", rng)
    with pytest.raises(ValueError, match="scheme"):
        experiments.train_val_test_split(100, (0.5, 0.3, 0.3), rng)
    with pytest.raises(TypeError, match="scheme"):
        experiments.train_val_test_split(100, 7, rng)
    with pytest.raises(ValueError, match="too small"):
        experiments.train_val_test_split(4, (0.1, 0.45, 0.45), rng)


# --------------------------------------------------------------------------------------
# One registry: the cell runner and the scikit-learn estimator resolve names the same way
# --------------------------------------------------------------------------------------


def test_registry_names_are_the_public_ones():
    import refboost as rb
    import refboost.sklearn as sk

    assert rb_registry.BOOSTERS is rb.BOOSTERS
    assert list(rb_registry.booster_functions()) == list(rb.BOOSTERS)
    assert all(f is getattr(rb, n) for n, f in rb_registry.booster_functions().items())
    assert experiments.ORACLES is rb_registry.WEAK_LEARNERS is sk.WEAK_LEARNERS
    for name in rb.BOOSTERS:
        assert rb_registry.resolve_booster(name) == (name, getattr(rb, name))
    for name, factory in rb_registry.WEAK_LEARNERS.items():
        assert rb_registry.resolve_weak_learner(name) == (name, factory)


def test_registry_accepts_callables_and_names_them():
    import functools

    assert rb_registry.resolve_booster(lpboost) == ("lpboost", lpboost)
    part = functools.partial(lpboost, nu=2.0)
    assert rb_registry.resolve_booster(part) == ("lpboost", part)
    assert rb_registry.resolve_weak_learner(StumpOracle) == ("StumpOracle", StumpOracle)
    assert rb_registry.resolve_weak_learner("tree-greedy")[1].keywords == {"search": "greedy"}


@pytest.mark.parametrize(
    "booster, oracle, exc, match",
    [
        ("nosuchboost", "stump", ValueError, r"booster must be one of \['lpboost', .*got 'nosuchboost'"),
        ("margins", "stump", ValueError, "booster must be one of"),  # a refboost function, not a booster
        (3, "stump", TypeError, "booster must be one of .* or a callable .*got int"),
        ("lpboost", "forest", ValueError, r"weak_learner \(the oracle\) must be one of \['kernel', .*got 'forest'"),
        ("lpboost", 3, TypeError, r"weak_learner \(the oracle\) must be one of .*got int"),
    ],
)
def test_cell_and_estimator_give_the_same_error(small, booster, oracle, exc, match):
    from refboost.sklearn import BoostingClassifier

    with pytest.raises(exc, match=match) as from_estimator:
        BoostingClassifier(booster, oracle).fit(small.X, small.y)
    with pytest.raises(exc, match=match) as from_cell:
        experiments.run_cell({"X": small.X, "y": small.y, "split": 0}, booster, {}, oracle)
    assert str(from_estimator.value) == str(from_cell.value)


def test_cell_records_the_resolved_names(small):
    import functools

    rec = experiments.run_cell({"X": small.X, "y": small.y, "split": 0}, functools.partial(lpboost, eps=1e-3),
                               {"nu": 2.0}, "tree-greedy")
    assert rec["booster"] == "lpboost" and rec["oracle"] == "tree-greedy" and rec["test_error"] is None
