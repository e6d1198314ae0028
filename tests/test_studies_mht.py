"""Mitsuboshi, Hatano & Takimoto's studies: the analyses on synthetic records and on the committed stores.

Table 3's CV selection (least mean validation error over the folds, ties to the smaller nu), Table 2's
ratios (from the whole-training-part cells only, every nu present), and the figures' curves (the trace's
last point is the record's own run).
"""

from __future__ import annotations

import json
import shutil

import numpy as np
import pytest

from refboost import studies
from refboost.studies import _mht
from refboost.studies.store import STORE_PARQUET, repo_root


def _committed(study: str, scale: str, tmp_path) -> list[dict]:
    """The committed store's records, read from a copy (opening a store writes its SQLite file)."""
    root = repo_root()
    if root is None:
        pytest.skip("needs a clone (the committed stores)")
    src = root / "data" / "results" / study / scale / STORE_PARQUET
    if not src.exists():
        pytest.skip(f"no committed store for {study} at scale {scale}")
    dst = tmp_path / study / scale
    dst.mkdir(parents=True)
    shutil.copy(src, dst / STORE_PARQUET)
    with studies.Store(dst) as sto:
        return sto.records()


def _rec(dataset, split, booster, nu, **fields) -> dict:
    base = {"dataset": dataset, "split": split, "booster": booster, "params": json.dumps({"eps": 0.1, "nu_frac": nu}),
            "converged": True, "val_error": None, "test_error": None, "time_cpu": 0.0}
    return {**base, **fields}


def _ci_records(val: dict, test: dict, cpu: dict | None = None) -> list[dict]:
    """Records for the ci grid (heart, r1, 2 folds, nu in {0.2, 0.5}) with the given errors per (fold, nu)."""
    recs = []
    for b in _mht.MHT_BOOSTERS:
        for nu in (0.2, 0.5):
            for f in range(2):
                recs.append(_rec("heart", f"r1/cv2.{f}", b, nu, val_error=val[f, nu], time_cpu=100.0))
            recs.append(_rec("heart", "r1", b, nu, test_error=test[nu], time_cpu=(cpu or {}).get((b, nu), 1.0)))
    return recs


def test_cv_selection_picks_the_least_mean_cv_error_and_breaks_ties_to_the_smaller_nu():
    # nu = 0.5 has the smaller mean (0.15 < 0.2) although fold 0 prefers nu = 0.2
    rows = _mht._mht_analysis(_ci_records({(0, 0.2): 0.1, (1, 0.2): 0.3, (0, 0.5): 0.2, (1, 0.5): 0.1},
                                          {0.2: 0.11, 0.5: 0.22}), "ci")
    assert {r["nu_frac"] for r in rows} == {0.5} and {r["test_error"] for r in rows} == {0.22}
    assert all(r["cv_error"] == pytest.approx(0.15) and r["realisations"] == "1/1" for r in rows)
    tie = _mht._mht_analysis(_ci_records({(0, 0.2): 0.2, (1, 0.2): 0.1, (0, 0.5): 0.1, (1, 0.5): 0.2},
                                         {0.2: 0.11, 0.5: 0.22}), "ci")
    assert {r["nu_frac"] for r in tie} == {0.2} and {r["test_error"] for r in tie} == {0.11}


def test_cv_selection_treats_means_equal_up_to_rounding_as_tied():
    # 0.1 + 0.2 + 0.3 (mean over folds in one order) and 0.3 + 0.2 + 0.1 differ in the last bit; exact tie -> smaller nu
    a, b = [0.1, 0.2], [0.2, 0.1]
    assert np.mean([0.1, 0.2, 0.3]) != np.mean([0.3, 0.2, 0.1])
    rows = _mht._mht_analysis(_ci_records({(0, 0.2): a[0], (1, 0.2): a[1], (0, 0.5): b[0], (1, 0.5): b[1]},
                                          {0.2: 0.11, 0.5: 0.22}), "ci")
    assert {r["nu_frac"] for r in rows} == {0.2}
    recs = _ci_records({(0, 0.2): 0.1, (1, 0.2): 0.2, (0, 0.5): 0.1, (1, 0.5): 0.2}, {0.2: 0.11, 0.5: 0.22})
    for r in recs:  # nu = 0.5's mean one ulp below nu = 0.2's: still a tie
        if "0.5" in r["params"] and r["split"] == "r1/cv2.1":
            r["val_error"] = np.nextafter(0.2, 0.0)
    assert {r["nu_frac"] for r in _mht._mht_analysis(recs, "ci")} == {0.2}


def test_cv_selection_needs_every_fold_and_nu():
    recs = _ci_records({(0, 0.2): 0.1, (1, 0.2): 0.3, (0, 0.5): 0.2, (1, 0.5): 0.1}, {0.2: 0.11, 0.5: 0.22})
    recs = [r for r in recs if not (r["booster"] == "lpboost" and r["split"] == "r1/cv2.1" and "0.5" in r["params"])]
    rows = {r["booster"]: r for r in _mht._mht_analysis(recs, "ci")}
    assert rows["lpboost"]["test_error"] is None and rows["lpboost"]["realisations"] == "0/1"
    assert rows["mlpboost"]["test_error"] == 0.22


def test_table3_on_the_committed_store_matches_a_direct_recomputation(tmp_path):
    recs = _committed("mht_table3", "paper", tmp_path)
    cfg = _mht.MHT_SCALES["paper"]
    rows = _mht._mht_analysis(recs, "paper")
    assert any(r["test_error"] is not None for r in rows)
    for row in rows:
        if row["test_error"] is None:
            continue
        ds, b = row["dataset"], row["booster"]
        mine = [r for r in recs if r["dataset"] == ds and r["booster"] == b]
        cv = {}
        for p in cfg["nu_frac"]:
            vals = [r["val_error"] for r in mine if json.loads(r["params"])["nu_frac"] == p and "/cv" in r["split"]]
            assert len(vals) == cfg["folds"]
            cv[p] = np.mean(vals)
        best = min(cv.values())
        assert row["nu_frac"] == min(p for p in cv if cv[p] <= best + _mht.CV_TIE_TOL)  # ties: the smaller nu
        assert row["cv_error"] == pytest.approx(best)
        full = [r for r in mine if r["split"] == "r1" and json.loads(r["params"])["nu_frac"] == row["nu_frac"]]
        assert len(full) == 1 and row["test_error"] == full[0]["test_error"]
        assert row["paper"] == studies.paper_numbers()["mht_table3"]["values"].get(ds, {}).get(b)


def test_table2_ratios_use_the_whole_training_part_cells_only():
    cpu = {(b, nu): (2.0 if b == "lpboost" else 6.0 if b == "mlpboost" else 1.0) * (1 + nu) for b in _mht.MHT_BOOSTERS
           for nu in (0.2, 0.5)}
    recs = _ci_records({(0, 0.2): 0.1, (1, 0.2): 0.3, (0, 0.5): 0.2, (1, 0.5): 0.1}, {0.2: 0.1, 0.5: 0.2}, cpu)
    (row,) = _mht.mht_table2(recs, "ci")
    assert row["lpboost_cpu"] == pytest.approx(2.0 * 1.35)  # the CV cells (100 s each) are not used
    assert row["mlpboost/lpboost"] == pytest.approx(3.0) and row["erlpboost/lpboost"] == pytest.approx(0.5)
    assert row["paper mlpboost/lpboost"] == pytest.approx(44.11 / 10.03)
    assert row["paper cerlpboost/lpboost"] == f">{1e3 / 10.03:.3g}"  # a printed '>10^3' is a lower bound
    recs = [r for r in recs if not (r["booster"] == "erlpboost" and r["split"] == "r1" and "0.2" in r["params"])]
    (row,) = _mht.mht_table2(recs, "ci")
    assert row["erlpboost_cpu"] is None and row["erlpboost/lpboost"] is None and row["cells"] == "2/2 1/2 2/2 2/2"


def test_table2_marks_a_run_stopped_at_the_round_cap_as_a_lower_bound():
    cpu = {(b, nu): (2.0 if b == "lpboost" else 8.0) for b in _mht.MHT_BOOSTERS for nu in (0.2, 0.5)}
    recs = _ci_records({(0, 0.2): 0.1, (1, 0.2): 0.3, (0, 0.5): 0.2, (1, 0.5): 0.1}, {0.2: 0.1, 0.5: 0.2}, cpu)
    (row,) = _mht.mht_table2(recs, "ci")
    assert row["cerlpboost/lpboost"] == pytest.approx(4.0) and row["cerlpboost_capped"] == 0
    for r in recs:
        if r["booster"] == "cerlpboost" and r["split"] == "r1" and "0.5" in r["params"]:
            r["converged"] = False  # hit max_iter: its time is a lower bound of the time to converge
    (row,) = _mht.mht_table2(recs, "ci")
    assert row["cerlpboost_capped"] == 1 and row["cerlpboost/lpboost"] == ">4"
    assert row["cerlpboost_cpu"] == pytest.approx(8.0) and row["erlpboost/lpboost"] == pytest.approx(4.0)
    for r in recs:
        if r["booster"] == "lpboost" and r["split"] == "r1":
            r["converged"] = False
    (row,) = _mht.mht_table2(recs, "ci")
    assert row["erlpboost/lpboost"] == "capped"


def test_table2_on_the_committed_store(tmp_path):
    recs = _committed("mht_table3", "paper", tmp_path)
    rows = _mht.mht_table2(recs, "paper")
    assert any(r["lpboost_cpu"] is not None for r in rows)
    for row in rows:
        for b in _mht.MHT_BOOSTERS:
            key = (row["dataset"], "r1", b)
            cells = [r["time_cpu"] for r in recs if (r["dataset"], r["split"], r["booster"]) == key]
            if len(cells) == 5:
                assert row[f"{b}_cpu"] == pytest.approx(np.mean(cells), rel=1e-12)
            else:
                assert row[f"{b}_cpu"] is None


def test_figure_curves_end_at_their_records(tmp_path):
    recs = _committed("mht_figs", "paper", tmp_path)
    curves = _mht.mht_fig_curves(recs)
    assert len(curves) == len(recs) > 0
    for r in recs:
        c = curves[r["dataset"], r["booster"]]
        assert json.loads(r["params"]) == {"eps": 0.01, "nu_frac": 0.1, "trace": True}
        assert len(c["t"]) == len(c["time"]) == len(c["objective"]) == len(c["test_error"])
        # the last checkpoint is the full run: its history has n_iter records (ERLPBoost: one more, its stopping round)
        assert c["t"][-1] == r["n_iter"] + (r["booster"] == "erlpboost")
        assert np.all(np.diff(c["t"]) > 0) and np.all(np.diff(c["time"]) >= 0)
        assert c["test_error"][-1] == r["test_error"] and c["train_error"][-1] == r["train_error"]
        assert np.all((c["test_error"] >= 0) & (c["test_error"] <= 1)) and np.all(np.abs(c["objective"]) <= 1)
    rows = _mht._mht_fig_analysis(recs, "paper")
    assert len(rows) == len(_mht.MHT_FIG_SCALES["paper"]["sets"]) * len(_mht.MHT_BOOSTERS)
    for row in rows:
        if row["cells"] == "1/1":
            c = curves[row["dataset"], row["booster"]]
            assert row["best_test_error"] == c["test_error"].min() and row["time"] == c["time"][-1]


def test_figs_grid_traces_every_cell():
    for scale in ("ci", "paper"):
        keys = studies.get_study("mht_figs").cells(scale)
        cfg = _mht.MHT_FIG_SCALES[scale]
        assert len(keys) == len(cfg["sets"]) * len(cfg["boosters"])
        assert all(k["params"]["trace"] is True and k["split"] == "r1" for k in keys)
    assert {k["weak_learner"] for k in studies.get_study("mht_figs").cells("paper")} == {"tree-greedy"}


def test_table3_grid_declares_every_catalogue_set_whole_training_part_first():
    keys = studies.get_study("mht_table3").cells("paper")
    cfg = _mht.MHT_SCALES["paper"]
    per_set = len(cfg["nu_frac"]) * len(_mht.MHT_BOOSTERS) * (cfg["folds"] + 1)
    assert len(keys) == len(_mht.MHT_PAPER_SETS) * per_set
    assert set(_mht.MHT_SEEDED_PARTITION) <= set(_mht.MHT_PAPER_SETS)
    assert set(_mht.MHT_PAPER_SETS) <= set(studies.paper_numbers()["mht_table3"]["values"])
    for ds in _mht.MHT_PAPER_SETS:
        splits = [k["split"] for k in keys if k["dataset"] == ds]
        n_r1 = len(cfg["nu_frac"]) * len(_mht.MHT_BOOSTERS)
        assert splits[:n_r1] == ["r1"] * n_r1 and "r1" not in splits[n_r1:]  # Table 2's runs come first


@pytest.mark.parametrize("dataset", _mht.MHT_SEEDED_PARTITION)
def test_seeded_partition_sets_have_the_ida_sizes(dataset):
    from refboost.datasets import IDA_MAT_SIZES, DataNotFoundError

    try:
        split = studies.load_split(dataset, "r1")
    except DataNotFoundError:
        pytest.skip(f"{dataset} is not bundled (REFBOOST_DATA or refboost-data download)")
    n_train, n_test, _ = IDA_MAT_SIZES[dataset]
    assert split["X"].shape[0] == n_train and split["X_test"].shape[0] == n_test
    again = studies.load_split(dataset, "r1")
    np.testing.assert_array_equal(split["X"], again["X"])  # seeded: the same partition every time
