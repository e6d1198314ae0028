"""Sun, Todorovic & Li (2006) studies: the grid, the IDA selection, the tests of Table 2, the committed stores."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

import refboost as rb
from refboost import studies
from refboost.studies import _sun

ROOT = Path(__file__).resolve().parents[1]
PAPER_STORE = ROOT / "data" / "results" / "sun_table1" / "paper" / "cells.parquet"
FIG6_STORE = ROOT / "data" / "results" / "sun_fig6" / "paper" / "cells.parquet"


def _records(path: Path) -> list[dict]:
    import pyarrow.parquet as pq

    return pq.read_table(path).to_pylist()


@pytest.mark.parametrize("scale", ["ci", "paper"])
def test_grid_counts_and_betas(scale):
    cfg = _sun.SUN_SCALES[scale]
    keys = studies.get_study("sun_table1").cells(scale)
    n_grid = sum(len(v) for v in cfg["grid"].values())
    per_set = len(cfg["cv_reals"]) * cfg["folds"] * n_grid + len(cfg["reals"]) * (1 + n_grid)
    assert len(keys) == len(cfg["sets"]) * per_set
    for k in keys:
        assert k["weak_learner"] == "stump" and k["params"]["max_iter"] == cfg["T"]
        if k["booster"] == "adaboost":
            assert "/cv" not in k["split"]  # AdaBoost has no parameter: no CV cells
            continue
        n = _sun.IDA_TRAIN_SIZE[k["dataset"]]
        cs = [c for c in cfg["grid"][k["booster"]] if _sun.sun_beta(k["booster"], c, n) == k["params"]["beta"]]
        assert len(cs) == 1
    # the scale-free forms: KL beta = c, Norm2 c sqrt(N), Reg c N
    assert _sun.sun_beta("adaboost_kl", 0.2, 400) == 0.2
    assert _sun.sun_beta("adaboost_norm2", 0.2, 400) == 4.0
    assert _sun.sun_beta("adaboost_reg", 0.1, 170) == 17.0


@pytest.mark.parametrize("name", ["heart", "banana", "titanic", "waveform"])
def test_ida_training_sizes_match_the_bundled_realisations(name):
    assert rb.datasets.load(name, realisation=1).X.shape[0] == _sun.IDA_TRAIN_SIZE[name]


def test_seeded_sets_use_realisation_splits_with_the_ida_sizes():
    """flare_solar, splice, thyroid, twonorm: the same r<R> / r<R>/cv5.F cells as the IDA sets, N from IDA_MAT_SIZES."""
    cfg = _sun.SUN_SCALES["paper"]
    assert set(_sun.SUN_SEEDED_SETS) == set(rb.datasets.IDA_MAT_SIZES)
    assert _sun.SUN_PAPER_SETS == _sun.SUN_IDA_SETS + _sun.SUN_SEEDED_SETS and len(_sun.SUN_PAPER_SETS) == 12
    keys = studies.get_study("sun_table1").cells("paper")
    want = {f"r{r}" for r in cfg["reals"]} | {f"r{r}/cv5.{f}" for r in cfg["cv_reals"] for f in range(5)}
    per_set = {}
    for k in keys:
        per_set.setdefault(k["dataset"], []).append(k)
    for name in _sun.SUN_SEEDED_SETS:
        n_train, _, n_real = rb.datasets.IDA_MAT_SIZES[name]
        assert _sun.IDA_TRAIN_SIZE[name] == n_train and max(cfg["reals"]) <= n_real
        assert _sun.sun_partition(name) == "seeded"
        assert {k["split"] for k in per_set[name]} == want
        # the same cells as an IDA set (banana, N = 400 like twonorm) apart from the data set and N
        assert len(per_set[name]) == len(per_set["banana"])
        assert all(k["dataset"] == name for k in per_set[name])
    assert all(_sun.sun_partition(d) == "IDA" for d in _sun.SUN_IDA_SETS)
    # twonorm and banana share N = 400, so their cells agree field by field but for the data set
    strip = [{**k, "dataset": None} for k in per_set["twonorm"]]
    assert strip == [{**k, "dataset": None} for k in per_set["banana"]]


def test_test_statistics_against_scipy():
    rng = np.random.default_rng(0)
    a, b = rng.uniform(0.1, 0.3, 10), rng.uniform(0.1, 0.3, 10)
    assert abs(_sun.paired_t(a, b) - stats.ttest_rel(a, b).statistic) < 1e-12
    t_s = _sun.summary_t(a.mean(), a.std(ddof=1), b.mean(), b.std(ddof=1), 10)
    welch = stats.ttest_ind(a, b, equal_var=False).statistic  # equal n: the same statistic
    assert abs(t_s - welch) < 1e-12
    assert _sun.paired_t([0.2, 0.3], [0.1, 0.2]) == math.inf and _sun.paired_t([0.2, 0.3], [0.2, 0.3]) == 0.0
    assert [_sun.mark(t, 1.645) for t in (1.7, -1.7, 1.6, -1.6)] == ["+", "-", "0", "0"]
    assert _sun.lower_median([0.3, 0.1]) == 0.1 and _sun.lower_median([0.5, 0.1, 0.2, 0.2, 0.5]) == 0.2
    with pytest.raises(ValueError, match="values"):
        _sun.lower_median([])


def _fake_records(val_error, test_error):
    """ci-scale records with the given validation/test error functions of (dataset, split, booster, c)."""
    cfg = _sun.SUN_SCALES["ci"]
    out = []
    for k in studies.get_study("sun_table1").cells("ci"):
        b, ds = k["booster"], k["dataset"]
        c = None
        if b != "adaboost":
            n = _sun.IDA_TRAIN_SIZE[ds]
            c = next(c for c in cfg["grid"][b] if _sun.sun_beta(b, c, n) == k["params"]["beta"])
        rec = {**k, "params": json.dumps(k["params"], sort_keys=True)}
        if "/cv" in k["split"]:
            rec.update(val_error=val_error(ds, k["split"], b, c), test_error=None)
        else:
            rec.update(val_error=None, test_error=test_error(ds, k["split"], b, c))
        out.append(rec)
    return out


def test_selection_median_ties_and_missing_cells():
    cfg = _sun.SUN_SCALES["ci"]
    lo, hi = (cfg["grid"]["adaboost_kl"][0], cfg["grid"]["adaboost_kl"][1])

    def val(ds, split, b, c):
        # KL: realisation 1 prefers hi, realisation 2 lo -> lower median lo; Norm2: a tie -> the smaller c
        if b == "adaboost_kl":
            return 0.1 if (c == hi) == split.startswith("r1/") else 0.2
        return 0.15

    def test(ds, split, b, c):
        return {"r1": 0.1, "r2": 0.3}[split] + (0.0 if c is None else c / 100)

    recs = _fake_records(val, test)
    sel = _sun.sun_selection(recs, "ci")
    assert sel["heart", "adaboost_kl"]["choices"] == [hi, lo] and sel["heart", "adaboost_kl"]["c"] == lo
    n2 = cfg["grid"]["adaboost_norm2"]
    assert sel["heart", "adaboost_norm2"]["choices"] == [n2[0], n2[0]]
    assert sel["heart", "adaboost_kl"]["errors"] == [0.1 + lo / 100, 0.3 + lo / 100]
    rows = _sun._sun_analysis(recs, "ci")
    kl = next(r for r in rows if r["table"] == "1" and r["booster"] == "adaboost_kl")
    assert abs(kl["test_error"] - (0.2 + lo / 100)) < 1e-12 and kl["realisations"] == "2/2"
    assert abs(kl["test_error_std"] - np.std([0.1, 0.3], ddof=1)) < 1e-12
    vs_ab = next(r for r in rows if r["table"] == "2" and r["booster"] == "adaboost")
    # AdaBoost's errors are KL's minus lo/100 on both realisations: a constant difference, t = -inf
    assert vs_ab["test_t_paired"] == -math.inf and vs_ab["test_mark_paired"] == "-"
    assert vs_ab["paper_mark"] == "+"  # heart vs AB in the paper's Table 2
    # a missing fold removes that realisation's choice; a missing test cell shortens the realisations
    drop = [r for r in recs if not (r["booster"] == "adaboost_kl" and r["split"] == "r2/cv2.1" and
                                    json.loads(r["params"])["beta"] == lo)]
    sel2 = _sun.sun_selection(drop, "ci")
    assert sel2["heart", "adaboost_kl"]["choices"] == [hi] and sel2["heart", "adaboost_kl"]["c"] == hi
    drop = [r for r in recs if not (r["booster"] == "adaboost" and r["split"] == "r2")]
    rows2 = _sun._sun_analysis(drop, "ci")
    ab = next(r for r in rows2 if r["table"] == "1" and r["booster"] == "adaboost")
    assert ab["realisations"] == "1/2"
    assert next(r for r in rows2 if r["table"] == "2" and r["booster"] == "adaboost")["test_t_paired"] is None


def test_paper_numbers_are_the_papers_tables():
    pn = studies.paper_numbers()["sun_table1"]
    stored = json.loads((ROOT / "data" / "sun" / "paper_tables.json").read_text())
    assert pn["table1"] == stored["table1"] and pn["table2"] == stored["table2"]
    assert len(pn["table1"]) == 13 and set(_sun.SUN_PAPER_SETS) <= set(pn["table1"])


@pytest.mark.skipif(not PAPER_STORE.exists(), reason="no committed paper store")
def test_paper_store_analysis_matches_an_independent_recount():
    """The committed paper store: the analysis' rows against a recount from the Parquet file alone."""
    cfg = _sun.SUN_SCALES["paper"]
    recs = _records(PAPER_STORE)
    assert {r["version"] for r in recs} == {studies.get_study("sun_table1").cells("paper")[0]["version"]}
    rows = studies.analyse("sun_table1", "paper")
    present = sorted({r["dataset"] for r in recs})
    t1 = {(r["dataset"], r["booster"]): r for r in rows if r["table"] == "1"}
    for ds in present:
        n = _sun.IDA_TRAIN_SIZE[ds]
        for b, grid in cfg["grid"].items():
            row = t1[ds, b]
            # recount: mean validation error per (realisation, beta) over the 5 folds, argmin, median
            betas = sorted(_sun.sun_beta(b, c, n) for c in grid)
            choices = []
            for real in cfg["cv_reals"]:
                cv = {}
                for beta in betas:
                    v = [r["val_error"] for r in recs if r["dataset"] == ds and r["booster"] == b
                         and r["split"].startswith(f"r{real}/cv5.") and json.loads(r["params"])["beta"] == beta]
                    assert len(v) == cfg["folds"]
                    cv[beta] = np.mean(v)
                choices.append(min(betas, key=lambda x: (cv[x], x)))
            med = sorted(choices)[2]
            c_of = {_sun.sun_beta(b, c, n): c for c in grid}
            assert row["choices"] == ",".join(f"{c_of[x]:g}" for x in choices)
            assert row["c"] in grid and row["beta"] == med
            test = [r["test_error"] for r in recs if r["dataset"] == ds and r["booster"] == b
                    and "/" not in r["split"] and json.loads(r["params"])["beta"] == med]
            assert len(test) == len(cfg["reals"]) and row["realisations"] == "10/10"
            assert abs(row["test_error"] - np.mean(test)) < 1e-12
            assert abs(row["test_error_std"] - np.std(test, ddof=1)) < 1e-12
            assert row["test_error_best_c"] <= row["test_error"] + 1e-12
        ab = [r["test_error"] for r in recs if r["dataset"] == ds and r["booster"] == "adaboost"]
        assert len(ab) == 10 and abs(t1[ds, "adaboost"]["test_error"] - np.mean(ab)) < 1e-12
    crit = stats.t.ppf(0.95, 9)
    for r in rows:
        if r["table"] == "2" and r["dataset"] in present:
            assert r["test_mark_paired"] == _sun.mark(r["test_t_paired"], crit)
            assert r["test_mark_summary"] == _sun.mark(r["test_t_summary"], 1.645)
            assert (r["paper_mark"] is None) == (r["booster"] == "adaboost_norm2")


@pytest.mark.skipif(not PAPER_STORE.exists(), reason="no committed paper store")
def test_paper_store_analysis_includes_the_seeded_sets():
    """The four sets stored as full pattern sets: run on their seeded IDA-size partitions, in both tables."""
    cfg = _sun.SUN_SCALES["paper"]
    recs = _records(PAPER_STORE)
    rows = studies.analyse("sun_table1", "paper")
    for name in _sun.SUN_PAPER_SETS:
        t1 = [r for r in rows if r["table"] == "1" and r["dataset"] == name]
        t2 = [r for r in rows if r["table"] == "2" and r["dataset"] == name]
        assert [r["booster"] for r in t1] == list(_sun.SUN_BOOSTERS) and len(t2) == len(_sun.SUN_T2_OTHERS)
        assert {r["partition"] for r in t1 + t2} == {_sun.sun_partition(name)}
    for name in _sun.SUN_SEEDED_SETS:
        n_train, n_test, _ = rb.datasets.IDA_MAT_SIZES[name]
        mine = [r for r in recs if r["dataset"] == name]
        assert mine and all(r["split"].startswith("r") for r in mine)
        test = [r for r in mine if "/" not in r["split"]]
        cv = [r for r in mine if "/cv5." in r["split"]]
        assert len(test) + len(cv) == len(mine)
        # a realisation's cell trains on the IDA training size and tests on the IDA test size (not the whole set)
        assert {(r["n_train"], r["n_test"]) for r in test} == {(n_train, n_test)}
        assert all(r["n_train"] + r["n_val"] == n_train and r["n_test"] is None for r in cv)
        t1 = {r["booster"]: r for r in rows if r["table"] == "1" and r["dataset"] == name}
        n_done = len({r["split"] for r in test if r["booster"] == "adaboost"})
        assert t1["adaboost"]["realisations"] == f"{n_done}/{len(cfg['reals'])}"
        assert t1["adaboost_kl"]["test_error"] is not None


@pytest.mark.skipif(not FIG6_STORE.exists(), reason="no committed paper store")
def test_fig6_store_traces_end_at_the_records_errors():
    recs = _records(FIG6_STORE)
    assert sorted(r["booster"] for r in recs) == sorted(_sun.SUN_FIG6_C)
    for r in recs:
        tr = json.loads(r["trace"])
        assert tr["t"][-1] == r["n_iter"] == 500 and tr["t"] == sorted(set(tr["t"]))
        assert tr["test_error"][-1] == r["test_error"] and tr["train_error"][-1] == r["train_error"]
        assert len(json.loads(r["trace_time"])) == len(tr["t"])
    rows = studies.analyse("sun_fig6", "paper")
    assert all(r["test_error_best"] <= r["test_error"] for r in rows)


# ------------------------------------------------------------------------------------------
# sun_rbf: Tables 1-2 at the paper's protocol (RBF networks, 100 runs)
# ------------------------------------------------------------------------------------------

RBF_STORES = {s: ROOT / "data" / "results" / "sun_rbf" / s / "cells.parquet" for s in ("ci", "paper")}


def test_rbf_runs_are_ida_realisations_then_seeded_partitions():
    assert _sun.sun_rbf_runs("banana")[:11] == (*(f"r{r}" for r in range(1, 11)), "p11")
    assert len(_sun.sun_rbf_runs("banana")) == 100 and _sun.sun_rbf_runs("banana")[-1] == "p100"
    assert _sun.sun_rbf_runs("image") == (*(f"r{r}" for r in range(1, 11)), *(f"p{r}" for r in range(11, 21)))
    assert _sun.sun_rbf_runs("splice") == tuple(f"r{r}" for r in range(1, 21))  # seeded sets: r<R> throughout
    assert _sun.sun_rbf_runs("thyroid")[-1] == "r100"
    assert set(_sun.SUN_RBF_ORDER) == set(_sun.SUN_PAPER_SETS) and _sun.SUN_RBF_ORDER[0] == "banana"


@pytest.mark.parametrize("scale", ["ci", "paper"])
def test_rbf_grid_counts_and_weak_learners(scale):
    cfg = _sun.SUN_RBF_SCALES[scale]
    keys = studies.get_study("sun_rbf").cells(scale)
    n_grid = sum(len(v) for v in cfg["grid"].values())
    want = 0
    for d in cfg["sets"]:
        if d in _sun.SUN_RBF_PARAMS:
            chosen = _sun.SUN_RBF_BETA[scale].get(d, {})
            want += len(cfg["cv_reals"]) * cfg["folds"] * n_grid + len(cfg["runs"][d]) * (2 + len(chosen))
    assert len(keys) == want
    for k in keys:
        K, reg = _sun.SUN_RBF_PARAMS[k["dataset"]]
        assert k["weak_learner"] == f"rbf:K={K},reg={reg:g}"
        assert k["params"]["max_iter"] in (1, cfg["T"])
        if k["params"]["max_iter"] == 1:  # the single net
            assert k["booster"] == "adaboost" and "/cv" not in k["split"]
    # every name resolves to an RBFNetOracle with the set's parameters
    from refboost._registry import resolve_weak_learner

    X, y = rb.datasets.load("heart", realisation=1).X, rb.datasets.load("heart", realisation=1).y
    orc = resolve_weak_learner(_sun.rbf_weak_learner(*_sun.SUN_RBF_PARAMS["heart"]))[1](X, y)
    assert isinstance(orc, rb.RBFNetOracle) and (orc.n_centres, orc.reg) == _sun.SUN_RBF_PARAMS["heart"]


def test_rbf_single_net_is_one_adaboost_round():
    """The RBF column: AdaBoost stopped after one round predicts with the sign of one net on uniform weights."""
    ds = rb.datasets.load("heart", realisation=1)
    orc = rb.RBFNetOracle(ds.X, ds.y, n_centres=5)
    res = rb.adaboost(orc, **_sun.SUN_RBF_SINGLE["params"])
    net = orc.fit(np.full(ds.y.size, 1 / ds.y.size))
    h = np.where(net(ds.X_test) >= 0, 1.0, -1.0)
    f = orc.predict(res.hypotheses, res.weights, ds.X_test)
    assert res.weights[0] > 0
    np.testing.assert_array_equal(np.sign(f) * res.hypotheses[0][3], h)


@pytest.mark.parametrize("name", ["titanic"])
def test_rbf_params_are_the_protocols_choice(name):
    """SUN_RBF_PARAMS is what the selection gives (where realisations 1-5 are on this machine)."""
    try:
        got = _sun.sun_rbf_params(name)
    except rb.datasets.DataNotFoundError:
        pytest.skip(f"{name}: realisations 1-5 not on this machine")
    assert (got["n_centres"], got["reg"]) == _sun.SUN_RBF_PARAMS[name]


def test_rbf_stored_beta_choices_match_the_cv_records():
    """Every beta stored in SUN_RBF_BETA is the lower median of the CV choices in the committed store."""
    for scale, path in RBF_STORES.items():
        if not path.exists():
            continue
        rows = [r for r in _sun.SUN_RBF.analysis(_records(path), scale) if r["table"] == "1"]
        for r in rows:
            if r["c"] is not None:
                assert r["c_matches_cv"], (scale, r["dataset"], r["label"], r["c"], r["c_cv"])


@pytest.mark.skipif(not RBF_STORES["ci"].exists(), reason="no committed ci store")
def test_rbf_ci_store_is_complete_and_costed():
    recs = _records(RBF_STORES["ci"])
    assert len(recs) == len(studies.get_study("sun_rbf").cells("ci"))
    rows = _sun.SUN_RBF.analysis(recs, "ci")
    assert all(r["complete"] for r in rows if r["table"] == "1")
    assert all(r["test_mark_paired"] in "+-0" for r in rows if r["table"] == "2")
    (cost,) = _sun.sun_rbf_cost(recs, "ci")
    assert cost["stored"] == cost["cells"] and cost["cpu_todo_s"] == 0.0
