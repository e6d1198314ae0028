"""refboost.experiments: cells, records, splits, persistence, parallel == serial, bad input."""

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


def test_run_records_and_recomputed_errors(small):
    grid = {"nu": [1.0, 6.0], "eps": [1e-4]}
    recs = experiments.run(small, "lpboost", grid=grid, n_splits=2, rng=np.random.default_rng(1))
    assert len(recs) == 4
    for r in recs:
        assert r["dataset"] == "twonorm-small" and r["booster"] == "lpboost" and r["oracle"] == "stump"
        assert r["n_train"] + r["n_test"] == 60
        assert 0 <= r["train_error"] <= 1 and 0 <= r["test_error"] <= 1
        assert r["converged"] and r["gap"] <= 1e-4
        assert r["margin_q00"] <= r["margin_q05"] <= r["margin_q25"] <= r["margin_q50"]
    # recompute one cell by hand: same split (same rng draws), same booster
    rng = np.random.default_rng(1)
    tr, te = experiments.random_split(60, 0.3, rng)
    o = StumpOracle(small.X[tr], small.y[tr])
    res = lpboost(o, nu=6.0, eps=1e-4)
    f = o.predict(res.hypotheses, res.weights, small.X[te])
    cell = [r for r in recs if r["split"] == 0 and r["param_nu"] == 6.0][0]
    assert cell["test_error"] == experiments.error_rate(f, small.y[te])
    # the soft margin of the recorded weights is the LP optimum on the generated columns
    lp = truth.soft_margin_lp(o.columns(res.hypotheses), 6.0)
    assert abs(res.extra["P_LP"] - lp.value) <= 1e-8


def test_ida_realisations_and_summary(data_home):
    recs = experiments.run(
        "titanic", "lpboost", grid={"nu": [10.0]}, realisations=[1, 2], data_home=data_home, oracle="stump"
    )
    assert [r["split"] for r in recs] == [1, 2]
    assert all(r["n_train"] == 150 and r["n_test"] == 2051 for r in recs)
    summ = experiments.summarise(recs, by=["param_nu"])
    assert summ[0]["n"] == 2 and abs(summ[0]["mean"] - np.mean([r["test_error"] for r in recs])) < 1e-15


def test_parallel_equals_serial_and_roundtrip(small, tmp_path):
    kw = {"grid": {"nu": [1.0, 3.0]}, "n_splits": 2, "oracle": "tree-greedy"}
    a = experiments.run(small, "lpboost", rng=np.random.default_rng(5), n_jobs=1, **kw)
    b = experiments.run(small, "lpboost", rng=np.random.default_rng(5), n_jobs=2, **kw)
    drop = ("time_oracle", "time_boost")
    assert [{k: v for k, v in r.items() if k not in drop} for r in a] == [
        {k: v for k, v in r.items() if k not in drop} for r in b
    ]
    p = experiments.save_records(a, tmp_path / "recs.jsonl")
    assert experiments.load_records(p) == a


@pytest.mark.parametrize("oracle", ["raw", "kernel", "lda", "tree"])
def test_other_oracles_run(small, oracle):
    recs = experiments.run(
        small, "lpboost", grid={"nu": [2.0], "max_iter": [30]}, oracle=oracle, rng=np.random.default_rng(2)
    )
    assert recs[0]["oracle"] == oracle and recs[0]["n_iter"] <= 30


def test_param_grid():
    assert experiments.param_grid(None) == [{}]
    assert experiments.param_grid({"a": [1, 2], "b": [3]}) == [{"a": 1, "b": 3}, {"a": 2, "b": 3}]


def test_bad_input(small, tmp_path):
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="booster"):
        experiments.run(small, "nosuchboost", rng=rng)
    with pytest.raises(TypeError, match="booster"):
        experiments.run(small, 3, rng=rng)
    with pytest.raises(ValueError, match="oracle"):
        experiments.run(small, "lpboost", oracle="forest", rng=rng)
    with pytest.raises(TypeError, match="grid"):
        experiments.run(small, "lpboost", grid=[1, 2], rng=rng)
    with pytest.raises(TypeError, match="grid"):
        experiments.run(small, "lpboost", grid={"nu": 3.0}, rng=rng)
    with pytest.raises(ValueError, match="grid"):
        experiments.run(small, "lpboost", grid={"nu": []}, rng=rng)
    with pytest.raises(TypeError, match="rng"):
        experiments.run(small, "lpboost")
    with pytest.raises(ValueError, match="n_jobs"):
        experiments.run(small, "lpboost", rng=rng, n_jobs=0)
    with pytest.raises(ValueError, match="test_fraction"):
        experiments.run(small, "lpboost", rng=rng, test_fraction=1.0)
    with pytest.raises(ValueError, match="realisations"):
        experiments.splits("australian", realisations=[1])
    with pytest.raises(TypeError, match="dataset"):
        experiments.splits(np.zeros((3, 2)))
    with pytest.raises(TypeError, match="records"):
        experiments.save_records("x", tmp_path / "r.jsonl")
    with pytest.raises(TypeError, match="Oracle"):
        experiments.run(small, "lpboost", oracle=lambda X, y: None, rng=rng)


def test_select_by_cv(small):
    sp = experiments.splits(small, n_splits=1, rng=np.random.default_rng(3))[0]
    grid = {"beta": [0.0, 0.5], "max_iter": [30]}
    best, table = experiments.select_by_cv(sp, "adaboost_kl", grid, n_folds=3, rng=np.random.default_rng(0))
    assert [{k: r[k] for k in ("beta", "max_iter")} for r in table] == experiments.param_grid(grid)
    errs = [r["cv_error"] for r in table]
    assert best == experiments.param_grid(grid)[int(np.argmin(errs))]
    assert all(len(r["fold_errors"]) == 3 and abs(np.mean(r["fold_errors"]) - r["cv_error"]) < 1e-15 for r in table)
    again, _ = experiments.select_by_cv(sp, "adaboost_kl", grid, n_folds=3, rng=np.random.default_rng(0))
    assert again == best  # seeded folds
    with pytest.raises(ValueError, match="n_folds"):
        experiments.select_by_cv(sp, "adaboost_kl", grid, n_folds=1, rng=np.random.default_rng(0))
    with pytest.raises(TypeError, match="rng"):
        experiments.select_by_cv(sp, "adaboost_kl", grid, rng=0)
    with pytest.raises(TypeError, match="split"):
        experiments.select_by_cv([1], "adaboost_kl", grid, rng=np.random.default_rng(0))


def test_cv_table_median_protocol(data_home):
    boosters = {
        "AB": ("adaboost", {"max_iter": [15], "store_d": [False]}),
        "KL": ("adaboost_kl", {"beta": [0.0, 0.3], "max_iter": [15]}),
    }
    row = experiments.cv_table(
        "titanic",
        boosters,
        realisations=[1, 2],
        cv_realisations=[1, 2],
        n_folds=2,
        rng=np.random.default_rng(0),
        data_home=data_home,
    )
    picks = [b["beta"] for b, _ in row["cv"]["KL"]]
    assert row["params"]["KL"]["beta"] == (float(np.median(picks)) if len(set(picks)) > 1 else picks[0])
    assert row["params"]["AB"] == {"max_iter": 15, "store_d": False}
    assert [r["split"] for r in row["records"] if r["label"] == "KL"] == [1, 2]
    assert row["errors"]["KL"].shape == (2,) and np.all((row["errors"]["AB"] >= 0) & (row["errors"]["AB"] <= 1))
    with pytest.raises(TypeError, match="boosters"):
        experiments.cv_table("titanic", {}, realisations=[1], cv_realisations=[1], rng=np.random.default_rng(0))
    with pytest.raises(ValueError, match="realisations"):
        experiments.cv_table("titanic", boosters, realisations=[], cv_realisations=[1], rng=np.random.default_rng(0))
# --------------------------------------------------------------------------------------
# train/validation/test schemes, k-fold CV, progress bar, staged errors, plotting
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


def test_run_with_scheme_records_val_error(small):
    recs = experiments.run(
        small, "adaboost", grid={"max_iter": [5, 20]}, scheme="60/20/20", n_splits=2, rng=np.random.default_rng(4)
    )
    assert len(recs) == 4
    for r in recs:
        assert (r["n_train"], r["n_val"], r["n_test"]) == (36, 12, 12)
        assert 0 <= r["val_error"] <= 1 and 0 <= r["test_error"] <= 1


def test_cross_validate_and_best_params(small):
    grid = {"max_iter": [1, 30]}
    recs = experiments.cross_validate(small.X, small.y, "adaboost", grid=grid, k=4, rng=np.random.default_rng(6))
    assert len(recs) == 8 and {r["split"] for r in recs} == {0, 1, 2, 3}
    assert all(r["test_error"] is None and r["cv_folds"] == 4 for r in recs)
    # every example is held out exactly once per setting
    assert sum(r["n_val"] for r in recs if r["param_max_iter"] == 1) == small.n_examples
    # recompute one fold by hand: the folds are StratifiedKFold with a seed drawn from rng
    from sklearn.model_selection import StratifiedKFold

    seed = int(np.random.default_rng(6).integers(2**31 - 1))
    tr, va = next(iter(StratifiedKFold(4, shuffle=True, random_state=seed).split(small.X, small.y)))
    o = StumpOracle(small.X[tr], small.y[tr])
    res = rb_registry.resolve_booster("adaboost")[1](o, max_iter=30)
    cell = [r for r in recs if r["split"] == 0 and r["param_max_iter"] == 30][0]
    assert cell["val_error"] == experiments.error_rate(o.predict(res.hypotheses, res.weights, small.X[va]), small.y[va])
    best = experiments.best_params(recs)
    means = {m: np.mean([r["val_error"] for r in recs if r["param_max_iter"] == m]) for m in (1, 30)}
    assert best == {"max_iter": min(means, key=means.get)}


def test_progress_bar_off_when_not_a_tty(small, capsys):
    # progress=None: tqdm disables itself on a non-terminal (pytest captures stderr)
    experiments.run(small, "adaboost", grid={"max_iter": [3, 4]}, rng=np.random.default_rng(0))
    assert capsys.readouterr().err == ""
    # progress=True forces it
    experiments.run(small, "adaboost", grid={"max_iter": [3, 4]}, rng=np.random.default_rng(0), progress=True)
    assert "twonorm-small: adaboost" in capsys.readouterr().err


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


def test_bad_input_schemes_and_cv(small):
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="scheme"):
        experiments.train_val_test_split(100, "80/10/10", rng)
    with pytest.raises(ValueError, match="scheme"):
        experiments.train_val_test_split(100, (0.5, 0.3, 0.3), rng)
    with pytest.raises(TypeError, match="scheme"):
        experiments.train_val_test_split(100, 7, rng)
    with pytest.raises(ValueError, match="too small"):
        experiments.train_val_test_split(4, (0.1, 0.45, 0.45), rng)
    with pytest.raises(ValueError, match="scheme"):
        experiments.splits("heart", scheme="70/15/15")
    with pytest.raises(ValueError, match="k"):
        experiments.cross_validate(small.X, small.y, "adaboost", k=1, rng=rng)
    with pytest.raises(TypeError, match="rng"):
        experiments.cross_validate(small.X, small.y, "adaboost", rng=None)
    with pytest.raises(ValueError, match="y"):
        experiments.cross_validate(small.X, small.y[:-1], "adaboost", rng=rng)
    with pytest.raises(TypeError, match="progress"):
        experiments.run(small, "adaboost", rng=rng, progress="yes")
    with pytest.raises(ValueError, match="records"):
        experiments.best_params([])


# --------------------------------------------------------------------------------------
# One registry: the runner and the scikit-learn estimator resolve names the same way
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
def test_runner_and_estimator_give_the_same_error(small, booster, oracle, exc, match):
    from refboost.sklearn import BoostingClassifier

    rng = np.random.default_rng(0)
    with pytest.raises(exc, match=match) as from_runner:
        experiments.run(small, booster, oracle=oracle, rng=rng)
    with pytest.raises(exc, match=match) as from_estimator:
        BoostingClassifier(booster, oracle).fit(small.X, small.y)
    with pytest.raises(exc, match=match) as from_cell:
        experiments.run_cell({"X": small.X, "y": small.y, "split": 0}, booster, {}, oracle)
    assert str(from_runner.value) == str(from_estimator.value) == str(from_cell.value)


def test_runner_records_the_resolved_names(small):
    import functools

    rec = experiments.run(
        small, functools.partial(lpboost, eps=1e-3), oracle="tree-greedy", grid={"nu": [2.0]},
        rng=np.random.default_rng(1),
    )[0]
    assert rec["booster"] == "lpboost" and rec["oracle"] == "tree-greedy"
